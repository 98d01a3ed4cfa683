"""Playing games between two players, as a stream of events.

:func:`game_events` is the heart: it runs one game, asking each player for its decisions and
yielding, in order, a :class:`GameStarted`, then for every decision a :class:`DecisionMade`
followed by the engine events it caused (toss, starter, card played, score with its reason
and items, go, count reset, show, game over). The GUI consumes exactly this stream; a human
is just another ``Player`` whose decisions come from the GUI.

Seeds: game ``index`` of a match with seed ``seed`` always deals the same cards and gives
each player the same random generator, so any game of a match replays exactly on its own.
First deal alternates: seat 0 deals first in even-numbered games.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from ai.base import Decision, Player, PlayerFailure
from engine import GameState
from engine.events import SOURCES, Dealt, Event, GameOver, Scored, seat_view
from engine.state import GO, Phase


@dataclass(frozen=True)
class GameStarted:
    type = "game_started"
    index: int
    seed: int
    first_dealer: int
    players: tuple[str, ...]  # by seat


@dataclass(frozen=True)
class DecisionMade:
    """``seat`` decided; ``seconds`` is the time its player took (0 for a forced go)."""

    type = "decision"
    seat: int
    decision: Decision
    seconds: float
    forced: bool


@dataclass(frozen=True)
class Forfeited:
    """``seat`` could not decide (an external engine failed): the other seat wins."""

    type = "forfeit"
    seat: int
    reason: str
    scores: tuple[int, ...]  # by side


MatchEvent = GameStarted | DecisionMade | Forfeited | Event


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a match seeded ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0] >> 1)


def player_rng(seed: int, index: int, seat: int) -> np.random.Generator:
    return np.random.default_rng([seed, index, seat, 7])


def game_events(players: tuple[Player, ...], seed: int = 0, index: int = 0,
                first_dealer: int | None = None, game: GameState | None = None,
                rng_states: tuple[dict | None, dict | None] | None = None,
                report_from: int | None = None) -> Iterator[MatchEvent]:
    """Play game ``index`` of a match to the end, yielding every event.

    ``first_dealer`` defaults to ``index % 2``. Pass ``game`` to play a game you hold (the
    caller can save it between any two events: every decision is applied before it is
    reported), and with it ``rng_states`` (from :meth:`Player.random_state` at the time of
    saving) to resume a saved game exactly. The events already in ``game`` are not
    reported again unless ``report_from`` says from which one to report (0: all, for a new
    game the caller created); the players observe them all the same, as they did when they
    happened, so a resumed game goes on exactly as it would have.
    """
    if game is None:
        first_dealer = index % 2 if first_dealer is None else first_dealer
        game = GameState.new(game_seed(seed, index), first_dealer=first_dealer)
        reported = 0
    else:
        first_dealer = game.first_dealer if game.first_dealer is not None else game.dealer
        reported = len(game.events) if report_from is None else report_from
    for seat, player in enumerate(players):
        player.new_game(seat, player_rng(seed, index, seat))
        state = None if rng_states is None else rng_states[seat]
        if state is not None:
            player.restore_random_state(state)
        for event in game.events[:reported]:  # a resumed game: what it saw until then
            player.observe(seat_view(event, seat))
    yield GameStarted(index, game.seed, first_dealer, tuple(p.name for p in players))
    while True:
        for event in game.events[reported:]:
            for seat, player in enumerate(players):
                player.observe(seat_view(event, seat))  # its own cards only
            yield event
        reported = len(game.events)
        if game.is_over:
            return
        seat = game.current_player()
        obs = game.observation(seat)
        forced = obs.phase is Phase.PLAY and obs.legal_actions == (GO,)
        start = time.perf_counter()
        try:
            decision = players[seat].decide(obs)
        except PlayerFailure as exc:
            yield Forfeited(seat, str(exc), tuple(game.scores))
            return
        elapsed = 0.0 if forced else time.perf_counter() - start
        game.apply(seat, decision.action)
        yield DecisionMade(seat, decision, elapsed, forced)


@dataclass
class GameResult:
    """The outcome of one game and the figures a match summary needs."""

    index: int
    seed: int
    first_dealer: int
    winner: int
    scores: tuple[int, int]
    skunk: int
    deals: int
    deals_dealt: tuple[int, int]  # complete deals in which each seat was the dealer
    # points pegged by (seat, source) over the complete deals (the deal in which the game
    # ended is left out: its hands are usually never counted), and by (seat, role, source)
    points: dict[tuple[int, str], int] = field(default_factory=dict)
    role_points: dict[tuple[int, str, str], int] = field(default_factory=dict)
    decision_seconds: tuple[list[float], list[float]] = field(
        default_factory=lambda: ([], []))
    forfeit: str | None = None  # why the loser forfeited, if it did
    decisions: tuple[int, int] = (0, 0)  # each seat's decisions (forced goes left out)
    compiled: bool = False  # played in the compiled loop (ai.match.compiled): no times

    @property
    def complete_deals(self) -> int:
        return self.deals - 1


def play_game(players: tuple[Player, Player], seed: int = 0, index: int = 0,
              first_dealer: int | None = None) -> GameResult:
    """Play one game and collect its result."""
    return refereed_game(players, seed, index, first_dealer)[0]


def refereed_game(players: tuple[Player, Player], seed: int = 0, index: int = 0,
                  first_dealer: int | None = None) -> tuple[GameResult, GameState]:
    """Play one game; its result, and the finished game (``.actions``: every decision)."""
    first_dealer = index % 2 if first_dealer is None else first_dealer
    game = GameState.new(game_seed(seed, index), first_dealer=first_dealer)
    tally = _Tally()
    for event in game_events(players, seed, index, game=game, report_from=0):
        tally.add(event)
    return tally.result(), game


class _Tally:
    """Accumulates a game's events into a GameResult."""

    def __init__(self) -> None:
        self.totals = [0, 0]
        self.dealer = 0
        self.deals = 0
        self.dealt_by = [0, 0]  # complete deals in which each seat dealt
        self.this_deal: dict[tuple[int, str, str], int] = {}
        self.done: dict[tuple[int, str, str], int] = {}
        self.seconds: tuple[list[float], list[float]] = ([], [])
        self.decisions = [0, 0]
        self.start: GameStarted | None = None
        self.end: GameOver | None = None
        self.forfeit: str | None = None

    def add(self, event: MatchEvent) -> None:
        if isinstance(event, GameStarted):
            self.start = event
        elif isinstance(event, DecisionMade):
            if not event.forced:
                self.seconds[event.seat].append(event.seconds)
                self.decisions[event.seat] += 1
        elif isinstance(event, Dealt):
            if self.deals:  # the previous deal is complete
                self.dealt_by[self.dealer] += 1
            for key, value in self.this_deal.items():
                self.done[key] = self.done.get(key, 0) + value
            self.this_deal = {}
            self.dealer = event.dealer
            self.deals += 1
        elif isinstance(event, Scored):
            gained = event.total - self.totals[event.seat]
            self.totals[event.seat] = event.total
            role = "dealer" if event.seat == self.dealer else "pone"
            key = (event.seat, role, event.source)
            self.this_deal[key] = self.this_deal.get(key, 0) + gained
        elif isinstance(event, GameOver):
            self.end = event
        elif isinstance(event, Forfeited):
            self.end = GameOver(1 - event.seat, event.scores, 0)
            self.forfeit = f"{'AB'[event.seat]} forfeited: {event.reason}"

    def result(self) -> GameResult:
        assert self.start is not None and self.end is not None, "the game did not finish"
        points = {(seat, source): sum(v for (s, _, src), v in self.done.items()
                                      if s == seat and src == source)
                  for seat in (0, 1) for source in SOURCES}
        return GameResult(
            index=self.start.index, seed=self.start.seed, first_dealer=self.start.first_dealer,
            winner=self.end.winner, scores=(self.end.scores[0], self.end.scores[1]),
            skunk=self.end.skunk,
            deals=self.deals, deals_dealt=(self.dealt_by[0], self.dealt_by[1]),
            points=points, role_points={k: v for k, v in self.done.items() if v},
            decision_seconds=self.seconds,
            forfeit=self.forfeit, decisions=(self.decisions[0], self.decisions[1]))
