"""Pinned games: the same seeds and clicks give the same game, history and board.

Recorded from the window before it was restructured into parts (game, watching, saving);
any change in what the window sends to the engine, or records, shows up here. Regenerate
only for a deliberate change of behaviour:
``PIN_REGENERATE=1 pytest tests/gui/test_pinned_games.py``.
"""

import json
import os
from pathlib import Path

import pytest

from engine.events import event_to_dict
from tests.gui.helpers import play_to_the_end

PINNED = Path(__file__).with_name("pinned")
GAMES = [("mueller", 31), ("heuristic", 4), ("random", 11)]


def history_rows(window):
    games = window.history.db.execute(
        "SELECT opponent, seed, game_index, human_seat, human_score, opponent_score, "
        "human_won, skunk, deals, match_id FROM games ORDER BY id").fetchall()
    deals = window.history.db.execute(
        "SELECT deal, human_dealer, complete, human_pegging, human_hand, human_crib, "
        "human_his_heels, human_muggins, opponent_pegging, opponent_hand, opponent_crib, "
        "opponent_his_heels, opponent_muggins, human_hand_score FROM deals "
        "ORDER BY game_id, deal").fetchall()
    return {"games": [list(r) for r in games], "deals": [list(r) for r in deals]}


@pytest.mark.parametrize(("opponent", "seed"), GAMES)
def test_a_seeded_game_through_the_widgets_is_pinned(qtbot, make_window, opponent, seed):
    window = make_window()
    window.games.start_match(opponent, seed=seed)
    over = play_to_the_end(qtbot, window)
    game = window.playing.controller.game
    got = {
        "events": [event_to_dict(e) for e in game.events],
        "board": list(window.board.scores),
        "winner": over.winner,
        "history": history_rows(window),
    }
    got = json.loads(json.dumps(got))
    path = PINNED / f"{opponent}-{seed}.json"
    if os.environ.get("PIN_REGENERATE"):
        path.write_text(json.dumps(got, indent=0))
    pinned = json.loads(path.read_text())
    assert got["events"] == pinned["events"]
    assert got["board"] == pinned["board"] and got["winner"] == pinned["winner"]
    assert got["history"] == pinned["history"]
