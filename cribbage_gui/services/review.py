"""The review of a game: every real decision of both players rated by the advisor.

The game is replayed action by action; at each discard and at each card played where more
than one rank could be played, the advisor (``ai.advice``: the expert, the same evaluation
as the hint and the inspector) evaluates every option, both in expected points and as the
probability of winning the game, and the decision is compared with the advisor's best:

- ``points_lost``: expected points given up (a discard: hand + crib + pegging; a card: net
  pegging points to the end of the play). Negative when the choice scores more on average
  but wins less often (near the end of a game the best is best for winning).
- ``win_prob_lost``: the probability of winning given up (0 to 1; never negative).
- ``mark``: by ``win_prob_lost``: an *inaccuracy* from 2%, a *mistake* from 5%, a
  *blunder* from 10% (``MARKS``).

A game of a match scored in ACC points (``objective="acc"``: a game file whose context says
``"objective": "acc"``, as the window's matches do) is judged by the measure the computer
plays for there: the advisor is ``expert:acc``, every option's value is its expected ACC
points net (-3..3; a win is +2, a skunk +3), ``win_prob_lost`` is the expected ACC points
given up and the marks are at 0.08, 0.2 and 0.4 points (``ACC_MARKS``: the win marks times
4, the ACC points between a plain win and a plain loss). Accuracy is the same share, of the
ACC points at stake; the curve is seat 0's expected ACC points, ending at the game's.

Each player's **accuracy** is the share of the winning chances at stake in its decisions
that it kept: ``100 * (1 - sum of win_prob_lost / sum of at_stake)`` over its decisions,
where a decision's ``at_stake`` is its best option's chance of winning minus its worst
option's. Always choosing the best scores 100, always the worst 0; choosing at random scores
about 50, whatever the number of options; a decision where every option wins about as often
weighs little, one where the choice decides the game weighs much.

The chance of winning over the game (``curve``) is seat 0's, after each rated decision:
the chosen option's value for the player who chose (turned to seat 0's side), starting from
the first decision's best and ending at 1 or 0 when the game is over.

A game of a variant (five-card, three players, four in partnership: ``docs/variants.md``)
is judged by what the variant expert plays for, its side's expected points over the deal
(``ai.advice`` with objective ``"points"``): every option's value is its expected points
net, ``win_prob_lost`` is the expected points given up (as ``points_lost``), the marks are
at 1, 2 and 4 points (``POINTS_MARKS``), and accuracy is the share of the points at stake
kept. No chance of winning is worked out there, so the curve is empty. The summary has one
row a seat; scores are by side (a player, or a partnership).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.advice import Memo, as_good_as_best, discard_advice, known, play_advice, reads_seen
from engine import GameState, Observation, PlayCard, Toss
from engine.cards import Card, card_name
from engine.record import Replay
from engine.rules import RULES, match_points, skunk_of, variant_name

MARKS = (("blunder", 0.10), ("mistake", 0.05), ("inaccuracy", 0.02))
ACC_MARKS = tuple((name, 4 * threshold) for name, threshold in MARKS)  # in ACC points
# a variant's, in expected points (in the middle of a game to 121 a point of expected score
# is worth about 1-2% of the chance of winning, so these sit near the win marks)
POINTS_MARKS = (("blunder", 4.0), ("mistake", 2.0), ("inaccuracy", 1.0))
OBJECTIVES = ("win", "acc")  # what a two-player game may be judged by ("points": variants)
BEST_TOLERANCE = 1e-9  # a choice this close to the best is the best


def marks_for(objective: str = "win") -> tuple[tuple[str, float], ...]:
    return ACC_MARKS if objective == "acc" else POINTS_MARKS if objective == "points" \
        else MARKS


def mark_of(win_prob_lost: float, objective: str = "win") -> str | None:
    for name, threshold in marks_for(objective):
        if win_prob_lost >= threshold - 1e-12:
            return name
    return None


def objective_of(context: dict[str, Any]) -> str:
    """What a game file's game is judged by: ``"acc"`` for a game of a match scored in ACC
    points (its context says so), else the game's win."""
    return "acc" if context.get("objective") == "acc" else "win"


def final_value(winner: int, loser_score: int, seat: int, objective: str) -> float:
    """What the finished game was worth to ``seat``: 1 or 0 (the win), or its ACC points
    net (+-2, +-3 for a skunk or double skunk)."""
    sign = 1.0 if winner == seat else -1.0
    if objective == "acc":
        return sign * match_points(skunk_of(loser_score))
    return 1.0 if sign > 0 else 0.0


def accuracy_of(win_prob_lost: float, at_stake: float) -> float:
    """Accuracy, 0..100, of decisions that lost ``win_prob_lost`` of the ``at_stake`` they
    could have lost (both summed over the decisions); 100 when nothing was at stake."""
    if at_stake <= BEST_TOLERANCE:
        return 100.0
    return 100.0 * min(1.0, max(0.0, 1.0 - win_prob_lost / at_stake))


@dataclass(frozen=True)
class ReviewOption:
    cards: tuple[Card, ...]  # the two cards thrown, or the card played
    points: float  # the advisor's expected points (see the module's notes)
    win: float  # the chooser's probability of winning with it (objective "points": its
    # expected points, as ``points``)


@dataclass(frozen=True)
class ReviewedDecision:
    action: int  # its place among the game's actions (0 = the first)
    seat: int
    deal: int
    kind: str  # "discard" or "play"
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    points_lost: float
    win_prob_lost: float
    win_best: float  # the chooser's chance of winning with the best option
    win_chosen: float  # ... with the option chosen
    mode: str  # what the best is best by: the objective, or "points" for a card before 86
    scores: tuple[int, ...]  # before the decision, by side (by seat with two players)
    dealer: int
    options: tuple[ReviewOption, ...]  # the advisor's best first
    count: int = 0  # the count before a card is played (0 for a discard)
    objective: str = "win"  # or "acc": the win figures are then expected ACC points net;
    # "points" (a variant): they are expected points net

    @property
    def mark(self) -> str | None:
        return mark_of(self.win_prob_lost, self.objective)

    @property
    def is_best(self) -> bool:
        return as_good_as_best(self.points_lost if self.mode == "points"
                               else self.win_prob_lost, self.mode)

    @property
    def at_stake(self) -> float:
        """The best option's chance of winning minus the worst's."""
        wins = [o.win for o in self.options]
        return max(wins) - min(wins)

    @property
    def accuracy(self) -> float:
        return accuracy_of(self.win_prob_lost, self.at_stake)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "seat": self.seat, "deal": self.deal,
                "kind": self.kind, "chosen": [card_name(c) for c in self.chosen],
                "best": [card_name(c) for c in self.best],
                "points_lost": round(self.points_lost, 4),
                "win_prob_lost": round(self.win_prob_lost, 6),
                "win_best": round(self.win_best, 6), "win_chosen": round(self.win_chosen, 6),
                "at_stake": round(self.at_stake, 6), "mark": self.mark,
                "is_best": self.is_best, "mode": self.mode,
                "scores": list(self.scores), "dealer": self.dealer, "count": self.count,
                "objective": self.objective,
                "options": [{"cards": [card_name(c) for c in o.cards],
                             "points": round(o.points, 4), "win": round(o.win, 6)}
                            for o in self.options]}


@dataclass(frozen=True)
class SeatSummary:
    decisions: int
    best: int  # decisions that matched the best
    points_lost: float
    win_prob_lost: float
    at_stake: float  # summed over the decisions
    marks: dict[str, int] = field(default_factory=dict)

    @property
    def accuracy(self) -> float:
        return accuracy_of(self.win_prob_lost, self.at_stake)

    @property
    def best_rate(self) -> float:
        return self.best / self.decisions if self.decisions else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "best": self.best,
                "best_rate": round(self.best_rate, 4),
                "points_lost": round(self.points_lost, 3),
                "win_prob_lost": round(self.win_prob_lost, 4),
                "at_stake": round(self.at_stake, 4), "accuracy": round(self.accuracy, 1),
                "marks": dict(self.marks)}


def summarize(decisions: list[ReviewedDecision] | tuple[ReviewedDecision, ...],
              seat: int) -> SeatSummary:
    mine = [d for d in decisions if d.seat == seat]
    marks = {name: sum(d.mark == name for d in mine) for name, _ in MARKS}  # (ACC: the same)
    return SeatSummary(len(mine), sum(d.is_best for d in mine),
                       sum(d.points_lost for d in mine), sum(d.win_prob_lost for d in mine),
                       sum(d.at_stake for d in mine), marks)


@dataclass(frozen=True)
class GameReview:
    players: tuple[str, ...]  # by seat
    decisions: tuple[ReviewedDecision, ...]
    curve: tuple[tuple[int, float], ...]  # (action index, seat 0's chance of winning)
    scores: tuple[int, ...]  # at the end of the record, by side (by seat with two players)
    winner: int | None  # a side
    seconds: float  # how long the review took
    objective: str = "win"  # or "acc": judged by expected ACC points (the curve's too);
    # "points": a variant's game, judged by expected points (no curve)
    seats: tuple[int, ...] = (0, 1)  # whose decisions were rated (see rated_seats)
    variant: str = "six-card"

    @property
    def summary(self) -> tuple[SeatSummary, ...]:
        """One a seat."""
        return tuple(summarize(self.decisions, seat) for seat in range(len(self.players)))

    @property
    def withheld_seats(self) -> tuple[int, ...]:
        """The seats whose decisions are not shown (computers', in a game not over)."""
        return tuple(seat for seat in range(len(self.players)) if seat not in self.seats)

    @property
    def withheld(self) -> int | None:
        """The (first) seat whose decisions are not shown (:attr:`withheld_seats`)."""
        return next(iter(self.withheld_seats), None)

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "variant": self.variant,
                "rated_seats": list(self.seats),
                "decisions": [d.to_dict() for d in self.decisions],
                "summary": [s.to_dict() for s in self.summary],
                "curve": [[i, round(p, 6)] for i, p in self.curve],
                "scores": list(self.scores), "winner": self.winner,
                "objective": self.objective, "seconds": round(self.seconds, 3)}


Progress = Callable[[int, int], None]  # (actions looked at, all the actions)


class Cancelled(Exception):
    """The review was stopped before the end (``cancelled`` said so)."""


def rated_seats(game: GameState, players: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """Whose decisions a review may show. Every seat's, once the game is over or when no
    one person ("you") played it (computers, or people passing the screen); while a game
    against the computer goes on, only the person's: a computer's rated discard names the
    cards it kept, which the table has not shown. The same at a table of three or four.

    >>> from engine import GameState
    >>> rated_seats(GameState.new(1), ("expert", "you"))
    (1,)
    >>> rated_seats(GameState.new(1), ("expert", "random"))
    (0, 1)
    """
    if game.is_over or list(players).count("you") != 1:
        return tuple(range(game.rules.players))
    return (list(players).index("you"),)


def review_game(game: GameState, players: tuple[str, ...] = ("seat 0", "seat 1"),
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None,
                objective: str = "win", memo: Memo | None = None) -> GameReview:
    """Rate every real decision of ``game`` (finished or not) for ``objective`` (``"win"``,
    or ``"acc"`` for a game of a match scored in ACC points), of the seats
    :func:`rated_seats` allows. Slow work (tens of ms a decision): run it off the GUI
    thread. ``progress`` is told after each action; ``cancelled`` is asked before each
    decision and raises :class:`Cancelled` if true. ``memo`` has the advice already
    worked out (``ai.advice.Memo``), and keeps what this works out. A variant's game (three
    or four seats, or five cards) is judged by expected points, whatever ``objective``
    says: the only measure its advisor has (the module's notes)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}; one of {', '.join(OBJECTIVES)}")
    if len(players) != game.rules.players:
        raise ValueError(f"a game of {game.rules.players} players needs {game.rules.players} "
                         f"names, not {len(players)}")
    if game.rules != RULES:
        objective = "points"
    seats = rated_seats(game, players)
    start = time.perf_counter()
    steps = Replay(GameState, game.to_record())
    total = len(steps.actions)
    decisions: list[ReviewedDecision] = []
    for index, (state, seat, action) in enumerate(steps):
        if isinstance(action, (Toss, PlayCard)) and seat in seats:
            if cancelled is not None and cancelled():
                raise Cancelled()
            rated = _rate(state, seat, action, index, objective, memo)
            if rated is not None:
                decisions.append(rated)
        if progress is not None:
            progress(index + 1, total)
    final = steps.game
    curve = _curve(decisions, final, objective)
    return GameReview(tuple(players), tuple(decisions), curve, tuple(final.scores),
                      final.winner, time.perf_counter() - start, objective, seats,
                      variant_name(game.rules))


def _rate(state: GameState, seat: int, action: Any, index: int, objective: str = "win",
          memo: Memo | None = None) -> ReviewedDecision | None:
    obs = state.observation(seat)
    scores = tuple(state.scores)
    if objective == "points":
        return _rate_by_points(obs, state.dealer, scores, action, index, memo)
    if isinstance(action, Toss):
        advice = discard_advice(obs, objective, memo)
        mine = advice.option(action.cards)
        best = advice.best
        options = tuple(ReviewOption(tuple(o.toss), o.net, known(o.win))
                        for o in advice.options)
        return ReviewedDecision(index, seat, obs.deal, "discard", tuple(mine.toss),
                                tuple(best.toss), mine.points_lost, known(mine.win_lost),
                                known(best.win), known(mine.win), objective, scores,
                                state.dealer, options, objective=objective)
    if len({c >> 2 for c in obs.legal_cards}) < 2:
        return None  # one rank to play: no choice
    # the opponent's leads and answers read as the expert in this seat would by then
    play = play_advice(obs, objective, memo, reads_seen(state.events, seat))
    chosen = play.option(action.card)
    options = tuple(ReviewOption((o.card,), o.points, known(o.win)) for o in play.options)
    return ReviewedDecision(index, seat, obs.deal, "play", (action.card,), (play.best.card,),
                            chosen.points_lost, known(chosen.win_lost), known(play.best.win),
                            known(chosen.win), play.mode, scores, state.dealer, options,
                            obs.count, objective)


def _rate_by_points(obs: Observation, dealer: int, scores: tuple[int, ...], action: Any,
                    index: int, memo: Memo | None) -> ReviewedDecision | None:
    """A variant's decision, by the variant expert's expected points (its only measure):
    the "win" figures are the options' points."""
    if isinstance(action, Toss):
        advice = discard_advice(obs, "win", memo)
        mine, best = advice.option(action.cards), advice.best
        # each option's worth as the best's points less what it gives up (near the end
        # of the game the expert decides by chances, which the loss puts in points)
        options = tuple(ReviewOption(tuple(o.toss), best.net - o.points_lost,
                                     best.net - o.points_lost) for o in advice.options)
        return ReviewedDecision(index, obs.seat, obs.deal, "discard", tuple(mine.toss),
                                tuple(best.toss), mine.points_lost, mine.points_lost,
                                best.net, best.net - mine.points_lost, "points", scores,
                                dealer, options, objective="points")
    if len({c >> 2 for c in obs.legal_cards}) < 2:
        return None  # one rank to play: no choice
    play = play_advice(obs, "win", memo)
    chosen = play.option(action.card)
    options = tuple(ReviewOption((o.card,), o.points, o.points) for o in play.options)
    return ReviewedDecision(index, obs.seat, obs.deal, "play", (action.card,),
                            (play.best.card,), chosen.points_lost, chosen.points_lost,
                            play.best.points, chosen.points, "points", scores, dealer,
                            options, obs.count, "points")


def seat_value(value: float, seat: int, to_seat: int, objective: str = "win") -> float:
    """``seat``'s value of a position (a chance of winning, or expected ACC points net) as
    ``to_seat``'s: the same, or the other side of it (1 - p; -points)."""
    if seat == to_seat:
        return value
    return -value if objective == "acc" else 1.0 - value


def _curve(decisions: list[ReviewedDecision], final: GameState, objective: str = "win"
           ) -> tuple[tuple[int, float], ...]:
    def seat0(d: ReviewedDecision, p: float) -> float:
        return seat_value(p, d.seat, 0, objective)

    points: list[tuple[int, float]] = []
    if objective == "points":  # a variant's: no chance of winning is worked out
        return ()
    if decisions:
        points.append((decisions[0].action, seat0(decisions[0], decisions[0].win_best)))
        points.extend((d.action + 1, seat0(d, d.win_chosen)) for d in decisions)
    if final.winner is not None:
        loser = final.scores[1 - final.winner]
        points.append((len(final.actions), final_value(final.winner, loser, 0, objective)))
    return tuple(points)


# ---------------------------------------------------------------------------- text
def lost_text(lost: float, objective: str) -> str:
    """A decision's loss as the review's tables show it: "2.9%" of the chance of winning,
    or "0.12" ACC points (or, a variant's, points)."""
    return f"{lost:.2f}" if objective in ("acc", "points") else f"{100 * lost:.1f}%"


def side_names(review: GameReview, side: int) -> str:
    """The names of a side's seats: a player's, or a partnership's ("Ann & Cy")."""
    sides = len(review.scores)
    return " & ".join(review.players[seat] for seat in range(len(review.players))
                      if seat % sides == side)


def _heading(review: GameReview) -> str:
    names, sides = review.players, len(review.scores)
    if len(names) == sides:  # a player a side
        line = " v ".join(f"{name} (seat {seat})" for seat, name in enumerate(names))
    else:
        line = " v ".join(
            f"{side_names(review, side)} (seats "
            f"{', '.join(str(s) for s in range(len(names)) if s % sides == side)})"
            for side in range(sides))
    if review.variant != "six-card":
        line += f", {review.variant}"
    if review.winner is not None:
        others = "-".join(str(score) for side, score in enumerate(review.scores)
                          if side != review.winner)
        line += (f": {side_names(review, review.winner)} won "
                 f"{review.scores[review.winner]}-{others}")
    return line


def format_review(review: GameReview) -> str:
    """The review as text: each decision, then the summary by player."""
    names = review.players
    acc = review.objective == "acc"
    points = review.objective == "points"  # a variant's: the loss is in points only
    lines = [_heading(review)]
    if acc:
        lines.append("a game of a match: judged by expected ACC points (2 a win, 3 a skunk)")
    if points:
        lines.append("judged by expected points (the variant expert's measure; no chance "
                     "of winning is worked out in a variant)")
    lost = "ACC lost" if acc else "win lost"
    lost_column = "" if points else f" {lost:>9}"
    if review.withheld_seats:
        withheld = " and ".join(f"{names[seat]}'s" for seat in review.withheld_seats)
        lines.append(f"the game is not over: {withheld} decisions are not shown (they "
                     f"would show cards the table has not)")
    lines.append("")
    lines.append(f"{'deal':>4}  {'player':<12} {'kind':<7} {'chosen':<7} {'best':<7} "
                 f"{'points lost':>11}{lost_column}  mark")
    for d in review.decisions:
        chosen = " ".join(card_name(c) for c in d.chosen)
        best = "=" if d.is_best else " ".join(card_name(c) for c in d.best)
        loss = "" if points else f" {lost_text(d.win_prob_lost, review.objective):>9}"
        lines.append(f"{d.deal:>4}  {names[d.seat][:12]:<12} {d.kind:<7} {chosen:<7} "
                     f"{best:<7} {d.points_lost:>11.2f}{loss}  {d.mark or ''}")
    lines.append("")
    lines.append(f"{'player':<14} {'decisions':>9} {'best':>6} {'points lost':>11}"
                 f"{lost_column} {'accuracy':>8}  marks (inaccuracy/mistake/blunder)")
    lines.append(f"{'':<14} {'':>9} {'':>6} {'a decision, on average':>21}")
    for seat, s in enumerate(review.summary):
        if seat not in review.seats:
            continue
        marks = "/".join(str(s.marks.get(name, 0)) for name, _ in reversed(MARKS))
        n = max(1, s.decisions)  # the mean: a sum of chances of winning means nothing
        loss = "" if points else f" {lost_text(s.win_prob_lost / n, review.objective):>9}"
        lines.append(f"{names[seat][:14]:<14} {s.decisions:>9} {s.best_rate:>6.0%} "
                     f"{s.points_lost / n:>11.2f}{loss} {s.accuracy:>8.1f}  {marks}")
    lines.append(f"(reviewed in {review.seconds:.2f} s)")
    return "\n".join(lines)
