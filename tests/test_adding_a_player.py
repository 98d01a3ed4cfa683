"""docs/adding-a-player.md: its code, run exactly as the page shows it."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-player.md"


def run_page(monkeypatch) -> dict:
    """The page's Python blocks run in order, as one module (as a reader pasting them)."""
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(), flags=re.S)
    assert len(blocks) == 2
    module = types.ModuleType("adding_a_player")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # (dataclasses look there)
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), module.__dict__)  # noqa: S102 (our page)
    return module.__dict__


def test_the_pages_player_beats_random_as_the_page_says(capsys, monkeypatch):
    namespace = run_page(monkeypatch)
    wins = namespace["wins"]
    assert 30 <= wins <= 40  # "about nine in ten" of 40
    assert capsys.readouterr().out == f"the hunter won {wins} of 40 games against random\n"


def test_the_pages_player_gives_legal_decisions_with_their_reasons(monkeypatch):
    """Two hunters play a whole game through the referee: every decision legal (decide
    checks it) and every reasoning record says what it weighed."""
    from engine import GameState

    namespace = run_page(monkeypatch)
    hunters = [namespace["FifteenHunter"](seed=seat) for seat in (0, 1)]
    game = GameState.new(5)
    for seat, hunter in enumerate(hunters):
        hunter.new_game(seat)
    decisions = 0
    while not game.is_over:
        seat = game.current_player()
        decision = hunters[seat].decide(game.observation(seat))
        if type(decision.reasoning).__name__ != "ForcedGo":  # (the base class's, at a go)
            assert decision.reasoning.summary().endswith("choices")
        game.apply(seat, decision.action)
        decisions += 1
    assert decisions > 10 and game.winner in (0, 1)
