"""Pinned decisions: every built-in player's decisions in seeded games, each with its whole
reasoning record (what the window shows), and the advice the window asks of the expert
(the hint, the discard inspector, the play's figures) at every moment of a game, give
exactly the records pinned (``repr``, so every figure to the last bit). The pinned games
(test_pinned_matches) pin the actions; this pins the explanations too, so moving a
player's decision into the compiled kernels (issue 27) cannot change what it says.
Regenerate only for a deliberate change of behaviour:
``PIN_REGENERATE=1 pytest -n 0 tests/ai/test_pinned_decisions.py``.
"""

import hashlib
from pathlib import Path

from ai import advice, make_player
from ai.base import Player
from ai.match import DecisionMade, game_events
from engine import Phase
from tests.ai import pins

PINNED = Path(__file__).with_name("pinned") / "decisions.json"
PLAYERS = ("random", "heuristic", "evolved", "weights", "mueller", "expert-2026",
           "expert-2026-11", "expert", "expert:acc", "expert:fit", "expert:roll", "expert:blind")
OPPONENT, SEED, GAMES = "mueller", 11, 2


def digest(rows: list[str]) -> str:
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16]


def decisions(name: str) -> dict:
    """Both seats' decisions (the player in seat 0, ``OPPONENT`` in seat 1) in ``GAMES``
    games: how many, and the digest of their reprs."""
    rows = []
    for index in range(GAMES):
        players = (make_player(name, seed=1), make_player(OPPONENT, seed=2))
        rows += [repr((e.seat, e.decision)) for e in game_events(players, SEED, index)
                 if isinstance(e, DecisionMade)]
    return {"decisions": len(rows), "sha256": digest(rows)}


class Recorder(Player):
    """The heuristic, keeping every observation it decided from."""

    name = "recorder"

    def __init__(self) -> None:
        super().__init__(0)
        self.inner = make_player("heuristic")
        self.seen: list = []

    def discard(self, obs):
        self.seen.append(obs)
        return self.inner.discard(obs)

    def play(self, obs):
        self.seen.append(obs)
        return self.inner.play(obs)


def advised(objective: str) -> dict:
    """The hint and the inspector's figures at every decision of one game."""
    recorder = Recorder()
    for _ in game_events((recorder, make_player("random", seed=3)), SEED, 0):
        pass
    rows = []
    for obs in recorder.seen:
        rows.append(repr(advice.hint(obs, objective)))
        if obs.phase is Phase.DISCARD:
            rows.append(repr(advice.discard_advice(obs, objective)))
        else:
            rows.append(repr(advice.play_advice(obs, objective)))
    return {"moments": len(recorder.seen), "sha256": digest(rows)}


def pinned() -> dict:
    got = {name: decisions(name) for name in PLAYERS}
    got.update({f"advice {objective}": advised(objective) for objective in ("win", "acc")})
    return got


def test_every_player_gives_the_pinned_decisions_and_reasons():
    got = pinned()
    want = pins.pinned(PINNED, got, "decisions")
    different = pins.changed(want, got)
    assert not different, different
