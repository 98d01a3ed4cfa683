"""Pinned deal loops: the compiled games of matches (results of every game, digested), the
weights training and the expert's rollouts give exactly what they gave before the deal was
written once (issue 37, section 3). The compiled match path is pinned game by game, seed
for seed, for ordinary seeds and for the edges of the seed derivation (seed 0, a seed of
two 32-bit words, a seed past 64 bits); a match with a fixed first dealer (best-of
matches) too. Regenerate only for a deliberate change of behaviour:
``PIN_REGENERATE=1 pytest -n 0 tests/ai/test_pinned_deals.py``.
"""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from ai.match import compiled
from ai.match.driver import GameResult
from ai.registry import make_player
from tests.ai import pins

PINNED = Path(__file__).with_name("pinned") / "deals.json"

# (player a, player b, match seed, game indices, first dealer or None)
MATCHES = {
    "random v random seed 3, 400 games": ("random", "random", 3, range(400), None),
    "random v random seed 0, 100 games": ("random", "random", 0, range(100), None),
    "random v random seed 2**40 + 5, games 4294967290..": (
        "random", "random", 2**40 + 5, range(2**32 - 6, 2**32 + 6), None),
    "random v random seed 2**64 + 3, 20 games": ("random", "random", 2**64 + 3, range(20),
                                                 None),
    "random v random seed 2**32 - 1, first dealer 1": ("random", "random", 2**32 - 1,
                                                       range(50), 1),
    "mueller v heuristic seed 2, 40 games": ("mueller", "heuristic", 2, range(40), None),
    "heuristic v mueller seed 9, 20 games, first dealer 0": ("heuristic", "mueller", 9,
                                                             range(20), 0),
    "weights v evolved seed 5, 20 games": ("weights", "evolved", 5, range(20), None),
    "expert:roll v mueller seed 4, 2 games": ("expert:roll", "mueller", 4, range(2), None),
}


def result_row(r: GameResult) -> list:
    return [r.index, r.seed, r.first_dealer, r.winner, list(r.scores), r.skunk, r.deals,
            list(r.deals_dealt), sorted([list(k), v] for k, v in r.points.items()),
            sorted([list(k), v] for k, v in r.role_points.items()), list(r.decisions),
            r.compiled]


def match_digest(a: str, b: str, seed: int, indices: range, first: int | None) -> dict:
    # the expert's reads fitted during a game are the referee's; its rollouts run compiled
    # with them off, as pinned before they were on (2026-11-30)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")
        players = (make_player(a), make_player(b))
    results = compiled.play_games(players, seed, list(indices), first_dealer=first)
    rows = [result_row(r) for r in results]
    digest = hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]
    return {"games": len(rows), "wins_a": sum(r.winner == 0 for r in results),
            "deals": sum(r.deals for r in results), "sha256": digest}


def training_digest() -> dict:
    from ai.tables import weights as table
    from ai.training import weights as model

    trainer = model.Trainer(model.TrainConfig(games=2_000, seed=4),
                            pegging=table.load_pegging_stats())
    trainer.run()
    return {"sha256": hashlib.sha256(trainer.weights.tobytes()).hexdigest()[:16],
            "curve": len(trainer.curve)}


def training_variant_digest() -> dict:
    """The thesis's rule in self-play with the pegging histograms updated every deal (the
    other branches of the training loop), from the pegging statistics built here."""
    from ai.tables import weights as table
    from ai.training import weights as model

    pegging = table.load_pegging_stats()
    trainer = model.Trainer(model.TrainConfig(games=300, seed=6, rule="thesis",
                                              self_play=True, update_pegging=True,
                                              exploring_starts=False), pegging=pegging)
    trainer.run()
    return {"sha256": hashlib.sha256(trainer.weights.tobytes()
                                     + pegging.gained.tobytes()
                                     + pegging.given.tobytes()).hexdigest()[:16],
            "curve": len(trainer.curve)}


def pegging_digest() -> dict:
    """The greedy pegging statistics, both random streams."""
    from ai.training import weights as model

    got = {}
    for stream in ("sequential", "per-hand"):
        stats = model.build_pegging_stats(2, 8, stream)
        got[stream] = hashlib.sha256(stats.gained.tobytes()
                                     + stats.given.tobytes()).hexdigest()[:16]
    return {"sha256": got["sequential"] + got["per-hand"]}


@pytest.fixture(scope="module")
def got() -> dict:
    figures = {name: match_digest(*spec) for name, spec in MATCHES.items()}
    figures["weights training 2,000 games seed 4"] = training_digest()
    figures["weights training, thesis rule, self-play, pegging updated"] = \
        training_variant_digest()
    figures["pegging statistics, 2 plays a hand, seed 8"] = pegging_digest()
    return figures


def test_the_deal_loops_give_the_pinned_games(got):
    want = pins.pinned(PINNED, got, "deals")
    different = pins.changed(want, got)
    assert not different, different


def test_the_pins_are_not_all_alike(got):
    """Guard on the pins themselves: different seeds give different games."""
    digests = [v["sha256"] for v in got.values()]
    assert len(set(digests)) == len(digests)
    assert all(v.get("games", 1) > 0 for v in got.values())
    assert np.isfinite([v.get("deals", 0) for v in got.values()]).all()
