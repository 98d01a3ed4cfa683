"""A table of three or four, and five-card's, at the common sizes and 100 and 200% text:
each other player's hand in its own place, the crib clear of the count, the names on the
table and clear of the cards, and no word over a card (as the two-player table)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from cribbage_gui.table.cards import CARD_RATIO
from tests.gui.helpers import take_turn, wait_for_input
from tests.gui.test_layout import settle
from tests.gui.test_table_geometry import covered

SIZES = [(1024, 700), (1280, 800), (1366, 768), (1920, 1080)]
OTHERS = {"three-player": ("heuristic", "random"),
          "four-player": ("random", "heuristic", "random"), "five-card": ("heuristic",),
          "six-card": ("heuristic",)}


def rect(item) -> QRectF:
    size = item.w * item.scale()
    return QRectF(item.target.x(), item.target.y(), size, size * CARD_RATIO)


def places(table) -> dict[str, list[QRectF]]:
    """The cards on the table by place: each other seat's hand, the crib, the count."""
    out: dict[str, list[QRectF]] = {}
    model = table.model
    for key, item in table.card_items.items():
        if not item.isVisible():
            continue
        if isinstance(key, tuple) and key[0] == "back" and key[1] >= 0:
            out.setdefault(f"hand {key[1]}", []).append(rect(item))
        elif isinstance(key, tuple) and (key[0] == "crib" or key[:2] == ("back", -1)):
            out.setdefault("crib", []).append(rect(item))
        elif isinstance(key, tuple) and key[0] == "played" and item.scale() == 1.0:
            out.setdefault("count", []).append(rect(item))
        elif isinstance(key, int) and key in model.hands[model.my_seat]:
            out.setdefault("my hand", []).append(rect(item))
    return out


def problems(table, strict: bool) -> list[str]:
    """What is wrong on the table now. ``strict`` (at 100% text) checks the person's own
    row and the words too: at 200% on a laptop the two-player table itself has no room for
    them (its words shrink to 60% before one lies over a card, the person's hand meets
    the crib beside it, and the name under the hand meets the cards), so at 200% only
    what a table of three or four adds is checked: the other hands, the crib and the
    count apart."""
    found = list(covered(table)) if strict else []
    scene = table.sceneRect()
    by_place = places(table)
    names = list(by_place)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if not strict and "my hand" in (a, b):
                continue
            if any(r.intersects(s) for r in by_place[a] for s in by_place[b]):
                found.append(f"{a} overlaps {b}")
    for name, rects in by_place.items():
        if any(not scene.contains(r) for r in rects):
            found.append(f"{name} leaves the table")
    cards = [r for rects in by_place.values() for r in rects]
    for key, label in table.labels.items() if strict else ():
        if not (key.startswith("name") and label.isVisible() and label.text()):
            continue
        box = label.sceneBoundingRect()
        if not scene.contains(box):
            found.append(f"the name {label.text()!r} leaves the table")
        if any(box.intersects(r) for r in cards):
            found.append(f"the name {label.text()!r} is over a card")
    return found


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("variant", tuple(OTHERS))
def test_a_variant_table_keeps_each_place_apart_at_every_size(qtbot, make_window, monkeypatch,
                                                              variant, text_size):
    window = make_window(text_size=text_size)
    others = OTHERS[variant]
    window.games.start_match(others[0], seed=7, variant=variant, others=others)
    table = window.table
    found: list[str] = []
    checks = {"n": 0}
    refresh = table.refresh

    def checked(*args, **kwargs):
        refresh(*args, **kwargs)
        found.extend(f"{table.width()}x{table.height()}: {p}"
                     for p in problems(table, strict=text_size == 100))
        checks["n"] += 1

    monkeypatch.setattr(table, "refresh", checked)
    toss = window.playing.to_throw
    for size in SIZES:
        settle(qtbot, window, size)
        for _ in range(12):  # a discard and some cards of the play at each size
            if not take_turn(qtbot, window, discard=lambda obs, hand: hand[:toss]):
                window.games.start_match(others[0], seed=8, variant=variant, others=others)
        wait_for_input(qtbot, window)
    assert checks["n"] > 20
    assert not found, sorted(set(found))[:10]
