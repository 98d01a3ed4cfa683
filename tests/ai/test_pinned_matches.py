"""Pinned matches: two seeded games between every pair of built-in players give exactly the
recorded games (every event, digested). Recorded at 58ba137, before the window and ai/ were
restructured, and unchanged since; restructuring the play (one kernel, compiled matches)
or the role convention must keep it so. Regenerate only for a deliberate change of
behaviour: ``PIN_REGENERATE=1 pytest tests/ai/test_pinned_matches.py``.
"""

import hashlib
import itertools
import json
from pathlib import Path

from ai import make_player
from ai.match import DecisionMade, GameStarted, game_events
from engine.events import event_to_dict
from tests.ai import pins

PINNED = Path(__file__).with_name("pinned") / "matches.json"
# the expert of 2026-11-25's games, as pinned that day under the name "expert"; never
# regenerated: expert-2026 must keep playing them
EXPERT_2026 = Path(__file__).with_name("pinned") / "expert_2026.json"
# the expert of 2026-11-29's games, as pinned that day under the name "expert"; never
# regenerated: expert-2026-11 must keep playing them (issue 40's bar)
EXPERT_2026_11 = Path(__file__).with_name("pinned") / "expert_2026_11.json"
PLAYERS = ("random", "evolved", "weights", "heuristic", "mueller", "expert-2026", "expert")
SEED, GAMES = 7, 2


def pinned_game(a: str, b: str, index: int) -> dict:
    players = (make_player(a, seed=1), make_player(b, seed=2))
    events = [event_to_dict(e) for e in game_events(players, SEED, index)
              if not isinstance(e, DecisionMade | GameStarted)]
    digest = hashlib.sha256(json.dumps(events, sort_keys=True).encode()).hexdigest()
    return {"events": len(events), "scores": events[-1]["scores"], "sha256": digest[:16]}


def pinned_games() -> dict:
    return {f"{a} v {b} #{index}": pinned_game(a, b, index)
            for a, b in itertools.combinations(PLAYERS, 2) for index in range(GAMES)}


def test_every_pair_plays_the_pinned_games():
    got = pinned_games()
    want = pins.pinned(PINNED, got, "matches")
    assert len(got) == 42
    different = pins.changed(want, got)
    assert not different, different


def test_expert_2026_plays_todays_experts_pinned_games():
    """The version kept as the bar for the next expert plays exactly the games the expert
    played when it was kept (pinned then under the name ``expert``), so neither a change
    to the new expert nor a regeneration of the pins can move it unnoticed."""
    frozen = json.loads(EXPERT_2026.read_text())
    assert len(frozen) == 10
    for key, want in frozen.items():
        pair, index = key.split(" #")
        a, b = pair.split(" v ")
        assert pinned_game(a, b, int(index)) == want, key


def test_expert_2026_11_plays_the_experts_games_of_that_day():
    """The expert kept as issue 40's bar plays exactly the games ``expert`` played on
    2026-11-29 (every pairing above, pinned then under the name ``expert``)."""
    frozen = json.loads(EXPERT_2026_11.read_text())
    assert len(frozen) == 12
    for key, want in frozen.items():
        pair, index = key.split(" #")
        a, b = pair.split(" v ")
        assert b == "expert-2026-11"
        assert pinned_game(a, b, int(index)) == want, key
