"""An answer to a practice position, judged as the review judges a decision.

The same advisor (``ai.advice``: the expert, seeded by the moment, so the figures are the
review's own for a position taken from a game) evaluates every option; the answer is right
when it is as good as the best to the precision the review shows (``as_good_as_best``).
Discards are exact over the starters and the cribs (``engine.analysis``) with the expert's
pegging and its chance of winning; a card played is valued by the expert's search.

A variant's position (five-card, three players, four in partnership) is judged by the
variant expert's expected points, its only measure (``docs/variants.md``): the verdict's
mode and objective are ``"points"``, and its ``win_lost`` and each option's ``win`` are
points too, as the review's figures for a variant are.

Slow work (tens of milliseconds, a second for the first call while the kernels load): off
the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.advice import POINTS, Memo, as_good_as_best, discard_advice, known, play_advice
from cribbage_gui.services.practice.positions import Position, PositionError
from engine.cards import Card, card_name, pip_value
from engine.pegging import peg_points


@dataclass(frozen=True)
class JudgedOption:
    """One option as the answer's table shows it, best first."""

    cards: tuple[Card, ...]  # the two cards thrown, or the card played
    points: float  # the advisor's expected points (discard: hand + crib + pegging)
    win: float  # the chance of winning with it (objective "acc": expected ACC points;
    # "points", a variant's: its expected points, as ``points``)
    hand: float | None = None  # discards: the kept hand's exact mean over the starters
    crib: float | None = None  # discards: the crib, + yours, - the opponent's
    pegging: float | None = None  # discards: pegging gained minus given
    now: int | None = None  # plays: the points the card pegs at once


@dataclass(frozen=True)
class Verdict:
    position: str  # the position's id
    kind: str
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    correct: bool
    points_lost: float  # expected points given up (negative: more points, fewer wins)
    win_lost: float  # the chance of winning given up (objective "acc": ACC points;
    # "points", a variant's: the points given up, as ``points_lost``)
    mode: str  # what the best is best by: "win", "acc", or "points" (a card before 86)
    objective: str
    scores: tuple[int, int]  # (the player's, the opponent's)
    options: tuple[JudgedOption, ...]
    why: str  # one sentence


def judge(position: Position, answer: tuple[Card, ...] | list[Card],
          memo: Memo | None = None) -> Verdict:
    """The verdict on ``answer`` (two cards to throw, or one card to play) at
    ``position``; PositionError if the answer is not one of its options."""
    obs = position.table
    answer = tuple(answer)
    mine, theirs = obs.my_score, obs.opponent_score
    if position.objective == "points":
        return _judge_by_points(position, answer, memo)
    if position.kind == "discard":
        if len(answer) != 2 or len(set(answer)) != 2 or not set(answer) <= set(obs.dealt):
            raise PositionError("a discard is two different cards of the six")
        advice = discard_advice(obs, position.objective, memo)
        chosen, best = advice.option(answer), advice.best
        options = tuple(JudgedOption(o.toss, o.net, known(o.win), o.hand_mean, o.crib, o.pegging)
                        for o in advice.options)
        correct = as_good_as_best(chosen.win_lost, position.objective)
        why = discard_why(chosen, best, correct, obs.is_dealer, (mine, theirs),
                          position.objective)
        return Verdict(position.id, "discard", tuple(chosen.toss), tuple(best.toss), correct,
                       chosen.points_lost, known(chosen.win_lost), position.objective,
                       position.objective, (mine, theirs), options, why)
    if len(answer) != 1 or answer[0] not in obs.legal_cards:
        raise PositionError("a card to play is one card of the hand that fits the count")
    play = play_advice(obs, position.objective, memo, position.reads)
    card, top = play.option(answer[0]), play.best
    current = [c for _, c in obs.current]
    now = {o.card: peg_points(current + [o.card]) for o in play.options}
    options = tuple(JudgedOption((o.card,), o.points, known(o.win), now=now[o.card])
                    for o in play.options)
    lost = card.points_lost if play.mode == "points" else card.win_lost
    correct = as_good_as_best(lost, play.mode)
    why = play_why(card.card, top.card, correct, play.mode, card.points_lost, known(card.win_lost),
                   now, obs.count, (mine, theirs), position.objective)
    return Verdict(position.id, "play", (answer[0],), (top.card,), correct, card.points_lost,
                   known(card.win_lost), play.mode, position.objective, (mine, theirs),
                   options, why)


def _judge_by_points(position: Position, answer: tuple[Card, ...],
                     memo: Memo | None) -> Verdict:
    """A variant's position: by the variant expert's expected points (asked as the review
    asks, so a position from a game has the review's own figures)."""
    obs = position.table
    scores = (obs.my_score, obs.opponent_score)
    if position.kind == "discard":
        size = obs.rules.cards_to_crib
        if len(answer) != size or len(set(answer)) != size or not set(answer) <= set(obs.dealt):
            raise PositionError(f"a discard is {'one card' if size == 1 else 'two different cards'}"
                                f" of the {len(obs.dealt)}")
        advice = discard_advice(obs, "win", memo)
        chosen, best = advice.option(answer), advice.best
        options = tuple(JudgedOption(o.toss, o.net, o.net, o.hand_mean, o.crib, o.pegging)
                        for o in advice.options)
        correct = as_good_as_best(chosen.points_lost, POINTS)
        why = discard_why(chosen, best, correct, advice.my_crib, scores, POINTS)
        return Verdict(position.id, "discard", tuple(chosen.toss), tuple(best.toss), correct,
                       chosen.points_lost, chosen.points_lost, POINTS, POINTS, scores,
                       options, why)
    if len(answer) != 1 or answer[0] not in obs.legal_cards:
        raise PositionError("a card to play is one card of the hand that fits the count")
    play = play_advice(obs, "win", memo)
    card, top = play.option(answer[0]), play.best
    current = [c for _, c in obs.current]
    now = {o.card: peg_points(current + [o.card]) for o in play.options}
    options = tuple(JudgedOption((o.card,), o.points, o.points, now=now[o.card])
                    for o in play.options)
    correct = as_good_as_best(card.points_lost, POINTS)
    why = play_why(card.card, top.card, correct, POINTS, card.points_lost, card.points_lost,
                   now, obs.count, scores, POINTS, obs.players)
    return Verdict(position.id, "play", (answer[0],), (top.card,), correct, card.points_lost,
                   card.points_lost, POINTS, POINTS, scores, options, why)


# ---------------------------------------------------------------------------- why
def _names(cards) -> str:
    return " ".join(card_name(c) for c in cards)


def _win_text(lost: float, objective: str) -> str:
    return f"{lost:.2f} ACC points" if objective == "acc" else f"{100 * lost:.0f}% of your chances"


def discard_why(chosen, best, correct: bool, dealer: bool, scores: tuple[int, int],
                objective: str = "win") -> str:
    """One sentence: what makes the best discard best (the hand, the crib, the pegging or
    the position), against the one chosen."""
    keep = _names(best.keep)
    if correct:
        return (f"Right: keeping {keep} is the best, {best.hand_mean:.1f} points in the hand "
                f"on average, {best.crib:+.1f} from the crib and {best.pegging:+.1f} in the "
                f"play.")
    parts = {"hand": best.hand_mean - chosen.hand_mean, "crib": best.crib - chosen.crib,
             "pegging": best.pegging - chosen.pegging}
    reason, gain = max(parts.items(), key=lambda kv: kv[1])
    net = best.net - chosen.net
    if net < 0.05 and objective == POINTS:  # (a variant: points are all there is)
        return (f"Keeping {keep} scores {net:.2f} points more on average than keeping "
                f"{_names(chosen.keep)}: close, but the best.")
    if net < 0.05:  # no more points on average: the board decides
        return (f"At {scores[0]}-{scores[1]} the position decides: keeping {keep} wins more "
                f"often ({_win_text(chosen.win_lost, objective)} given up otherwise) though "
                f"it scores {abs(net):.1f} fewer points on average.")
    if reason == "hand":
        what = (f"averages {gain:.1f} more in the hand ({best.hand_mean:.1f} against "
                f"{chosen.hand_mean:.1f})")
    elif reason == "crib":
        what = (f"puts {gain:.1f} more points in your crib" if dealer else
                f"gives the dealer's crib {gain:.1f} fewer points (throwing "
                f"{_names(chosen.toss)} feeds it)")
    else:
        what = f"pegs {gain:.1f} more in the play, on balance"
    return (f"Keeping {keep} {what}: {net:.1f} points better in all than keeping "
            f"{_names(chosen.keep)}.")


def play_why(card: Card, best: Card, correct: bool, mode: str, points_lost: float,
             win_lost: float, now: dict[Card, int], count: int, scores: tuple[int, int],
             objective: str = "win", players: int = 2) -> str:
    """One sentence on a card played: the pegging to come, or near the end the position."""
    after = count + pip_value(best)
    if correct:
        if mode == "points":
            return (f"Right: {card_name(best)} (count {after}) is the best, for the points "
                    f"to the end of the play.")
        return f"Right: at {scores[0]}-{scores[1]} {card_name(best)} gives the best chances."
    mine_after = count + pip_value(card)
    if mode != "points":
        tail = (f" though it pegs {-points_lost:.1f} fewer points" if points_lost < -0.05
                else "")
        return (f"At {scores[0]}-{scores[1]} the score decides: {card_name(best)} keeps "
                f"{_win_text(win_lost, objective)} that {card_name(card)} gives up{tail}.")
    if now[card] > now[best]:
        return (f"{card_name(card)} pegs {now[card]} now but gives more back: "
                f"{card_name(best)} nets {points_lost:.1f} more by the end of the play.")
    if mine_after in (5, 21):
        return (f"{card_name(card)} leaves a count of {mine_after}, which a ten-card makes "
                f"{mine_after + 10} for {'your opponent' if players == 2 else 'the next player'}"
                f"; {card_name(best)} nets "
                f"{points_lost:.1f} more by the end of the play.")
    return (f"{card_name(best)} (count {after}) nets {points_lost:.1f} more points by the end "
            f"of the play than {card_name(card)} (count {mine_after}).")
