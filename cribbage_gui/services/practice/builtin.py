"""The built-in practice set, for a player without games of their own; and the themes.

The set (``assets/practice_positions.jsonl``, rebuilt by :data:`REBUILD`) comes from the
expert's self-play: games from 0-0, and games started near 121 (each score 90..118). A
decision becomes a position only when its best answer is clearly the best:

- a **discard**: the exact analysis's best (``engine.analysis``: the hand's exact mean over
  the 46 starters plus or minus the crib's over all 45,540 cribs) beats the second by at
  least :data:`DISCARD_MARGIN` points, and the expert, which adds the pegging and the board,
  throws the same two cards;
- a **card before 86** (the expert plays for points there): the expert's best nets at least
  :data:`PLAY_MARGIN` points more to the end of the play than the second (its search: the
  opponent's cards sampled, 1,536 hands, the rest of the play searched exactly for each);
- a **card near 121** (either player on 86 or more: the expert plays for the game): the best
  wins at least :data:`END_MARGIN` more often than the second, and it is not the card that
  scores the most points: the score changes the answer ("counting-out").

Each position is tagged with its themes (:func:`themes_of`); ``tests/services/test_practice.py``
checks every stated answer against the analysis and the expert again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np

from ai.paths import ASSETS
from cribbage_gui.services.practice.positions import (
    THEMES,
    Position,
    from_observation,
    read_lines,
    write_lines,
)
from engine import Phase, PlayCard, Toss, analyze_discards
from engine.cards import card_name, parse_card, pip_value, rank
from engine.pegging import peg_points
from engine.rules import RULES

BUILTIN = ASSETS / "practice_positions.jsonl"
REBUILD = "cribbage practice --build-set assets/practice_positions.jsonl --games 400"
DISCARD_MARGIN = 1.0  # expected points, exact
PLAY_MARGIN = 1.0  # expected net pegging points to the end of the play
END_MARGIN = 0.05  # the chance of winning
END_GAME = 86  # from here on the expert plays a card for the game (ai._decide.END_GAME)
FIVE = 4  # the rank index of a five (ace = 0)
# how many of each the set holds
WANTED = {"dealer": 12, "pone": 12, "play": 20, "end": 16}
THEME_MINIMUM = 3  # and at least this many of each theme, if the games give them


@lru_cache(maxsize=1)
def builtin_positions(path: Path = BUILTIN) -> tuple[Position, ...]:
    """The built-in set (empty, not an error, if the file is missing: the practice then
    has only the player's own positions)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ()
    return tuple(read_lines(text, f"{path.name}, "))


# ---------------------------------------------------------------------------- themes
def themes_of(position: Position) -> tuple[str, ...]:
    """What a position teaches:

    - ``dealer`` / ``pone``: a discard, by the player's role;
    - ``fives``: a discard with a five among the six;
    - ``balking``: the pone's discard whose best toss balks the dealer's crib: no five,
      no pair, ranks more than two apart, not 5 or 15 between them; or where keeping the
      best hand alone would throw the dealer better crib cards than the best does;
    - ``the-count``: a card played at a count of 16 or more (31, the go);
    - ``pegging-traps``: a card where another card pegs more at once, or leaves a count of
      5 or 21, and is worse (the review's options say so);
    - ``counting-out``: a card near 121 (either on 86 or more) whose best for the game is
      not the card that scores the most points.

    In a variant the balking and the counting out are the six-card game's own, so not
    tagged.
    """
    obs = position.table
    tags: list[str] = []
    if position.kind == "discard":
        tags.append("dealer" if obs.is_dealer else "pone")
        if any(rank(c) == FIVE for c in obs.dealt):
            tags.append("fives")
        if not obs.is_dealer and position.best and obs.rules == RULES:  # (two players, six)
            exact = analyze_discards(list(obs.dealt), False)
            top = next(o for o in exact if set(o.toss) == set(position.best))
            greedy = max(exact, key=lambda o: (o.hand_mean, -o.crib_mean))
            a, b = sorted(rank(c) for c in top.toss)
            balks = FIVE not in (a, b) and b - a > 2 and \
                pip_value(top.toss[0]) + pip_value(top.toss[1]) not in (5, 15)
            if balks or (set(greedy.toss) != set(top.toss)
                         and greedy.crib_mean > top.crib_mean):
                tags.append("balking")
        return tuple(tags)
    if obs.count >= 16:
        tags.append("the-count")
    options = position.review.get("options") or []
    if position.best and options:
        best = position.best[0]
        current = [c for _, c in obs.current]
        others = [card for card in (parse_card(o["cards"][0]) for o in options if o["cards"])
                  if card >> 2 != best >> 2]  # each other card to play (its rank differs)
        best_points = peg_points(current + [best])
        if any(peg_points(current + [card]) > best_points
               or obs.count + pip_value(card) in (5, 21) for card in others):
            tags.append("pegging-traps")
        if max(obs.scores) >= END_GAME and position.review.get("mode") in ("win", "acc"):
            by_points = max(options, key=lambda o: o["points"])
            if parse_card(by_points["cards"][0]) >> 2 != best >> 2:
                tags.append("counting-out")
    return tuple(tags)


# ---------------------------------------------------------------------------- building
def build_set(games: int = 400, seed: int = 1,
              progress: Callable[[int, int], None] | None = None) -> list[Position]:
    """Play ``games`` games of the expert against itself (half from 0-0, half from near
    121) and keep the clear decisions (see the module's notes), :data:`WANTED` of each."""
    from ai.advice import discard_advice, play_advice
    from engine import GameState

    rng = np.random.default_rng(seed)
    found: dict[str, list[Position]] = {k: [] for k in WANTED}
    for g in range(games):
        end_game = g % 2 == 1
        scores = (int(rng.integers(90, 119)), int(rng.integers(90, 119))) if end_game \
            else (0, 0)
        game = GameState.new(int(rng.integers(0x8000_0000)), first_dealer=g % 2, scores=scores)
        while not game.is_over:
            seat = game.current_player()
            obs = game.observation(seat)
            if obs.phase is Phase.DISCARD and obs.toss is None:
                advice = discard_advice(obs)
                _keep_discard(obs, advice, found)
                game.apply(seat, Toss(advice.best.toss))
            elif obs.phase is Phase.PLAY and obs.legal_cards:
                if len({c >> 2 for c in obs.legal_cards}) > 1:
                    play = play_advice(obs)
                    _keep_play(obs, play, found)
                    game.apply(seat, PlayCard(play.best.card))
                else:
                    game.apply(seat, PlayCard(obs.legal_cards[0]))
            else:
                game.apply(seat, obs.legal_actions[0])  # a go (nobody counts by hand here)
        if progress is not None:
            progress(g + 1, games)
        if all(len(found[k]) >= n for k, n in WANTED.items()) and all(
                sum(t in p.themes for ps in found.values() for p in ps) >= THEME_MINIMUM
                for t in THEMES):
            break
    return [p for k, n in WANTED.items() for p in _spread(found[k], n)]


def _keep_discard(obs, advice, found) -> None:
    exact = analyze_discards(list(obs.dealt), obs.is_dealer)
    margin = exact[0].net - exact[1].net
    if margin < DISCARD_MARGIN or set(exact[0].toss) != set(advice.best.toss):
        return
    position = from_observation(obs, source="built-in", best=tuple(exact[0].toss),
                                review={"margin": round(margin, 4), "measure": "points",
                                        "mode": "win"})
    found["dealer" if obs.is_dealer else "pone"].append(
        position.with_themes(themes_of(position)))


def _keep_play(obs, play, found) -> None:
    options = [{"cards": [o.card], "points": o.points, "win": o.win} for o in play.options]
    ranked = play.options
    if play.mode == "points":
        margin = ranked[0].points - max(o.points for o in ranked[1:])
        if margin < PLAY_MARGIN:
            return
        key, measure = "play", "points"
    else:
        margin = ranked[0].win - max(o.win for o in ranked[1:])
        by_points = max(ranked, key=lambda o: o.points)
        if margin < END_MARGIN or by_points.card >> 2 == ranked[0].card >> 2:
            return
        key, measure = "end", "win"
    review = {"margin": round(margin, 4), "measure": measure, "mode": play.mode,
              "options": [{"cards": [card_name(o["cards"][0])], "points": round(o["points"], 4),
                           "win": round(o["win"], 6)} for o in options]}
    position = from_observation(obs, source="built-in", best=(ranked[0].card,), review=review)
    found[key].append(position.with_themes(themes_of(position)))


def _spread(found: list[Position], n: int) -> list[Position]:
    """``n`` of ``found``, the rarer themes first, then in the order found."""
    seen: dict[str, Position] = {}
    for p in found:
        seen.setdefault(p.id, p)
    unique = list(seen.values())
    counts: dict[str, int] = {}
    for p in unique:
        for t in p.themes:
            counts[t] = counts.get(t, 0) + 1
    chosen: list[Position] = []
    for theme in sorted(counts, key=lambda t: counts[t]):
        for p in unique:
            if theme in p.themes and p not in chosen and \
                    sum(theme in q.themes for q in chosen) < max(2, n // 4):
                chosen.append(p)
                break
    for p in unique:
        if len(chosen) >= n:
            break
        if p not in chosen:
            chosen.append(p)
    return chosen[:n]


def write_set(positions: list[Position], path: Path, games: int, seed: int = 1) -> None:
    """The set as JSON lines at ``path``, and beside it its sidecar (``.json``): how it was
    made, the margins, and the command that rebuilds it."""
    from ai.paths import write_atomic, write_json_atomic

    write_atomic(path, write_lines(positions).encode())
    write_json_atomic(path.with_suffix(".json"), {
        "kind": "practice-positions", "rebuild": REBUILD, "games": games, "seed": seed,
        "margins": {"discard_points": DISCARD_MARGIN, "play_points": PLAY_MARGIN,
                    "end_game_win": END_MARGIN},
        "positions": len(positions),
        "by_kind": {k: sum(p.kind == k for p in positions) for k in ("discard", "play")},
        "themes": {t: sum(t in p.themes for p in positions) for t in THEMES}})
