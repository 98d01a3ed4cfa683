"""The review window's parts for a variant's game (five-card, three players, four in
partnership: ``docs/variants.md``): the seats' names round the table, and the chart of the
game by side (a line a side, the variant's target and skunk lines), since no chance of
winning is worked out in a variant."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt

from cribbage_gui.app import theme
from cribbage_gui.app.texts import YOU, player_title, seat_names, side_names
from cribbage_gui.table.game import VARIANT_TITLES
from engine.events import Scored
from engine.rules import Rules, variant_name

SOUTH = "South"  # the bottom seat of a table no one person played
SIDE_PENS = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine)
SIDE_SYMBOLS = ("o", "t", "s")  # a mark's shape: the bottom seat's side first
SYMBOL_SIGNS = {"o": "●", "t": "▼", "s": "■"}
DASH_SIGNS = ("——", "– –", "···")  # the sides' lines in the title, by SIDE_PENS


def seat_titles(players: tuple[str, ...]) -> tuple[str, ...]:
    """The names by seat of a table of three or four, by compass point from the person's
    seat ("You", "West", "North", "East"); with no one person at it, from seat 0 at the
    bottom ("South", ...).

    >>> seat_titles(("random", "you", "expert"))
    ('East', 'You', 'West')
    >>> seat_titles(("expert", "random", "expert", "random"))
    ('South', 'West', 'North', 'East')
    """
    n = len(players)
    if list(players).count("you") == 1:
        return seat_names(n, players.index("you"))
    names = list(seat_names(n, 0))
    names[0] = SOUTH
    return tuple(names)


def who_plays(players: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's name with who plays it: "You", "West (Expert)"."""
    return tuple(name if name == YOU or player == "you" else f"{name} ({player_title(player)})"
                 for player, name in zip(players, names, strict=True))


def variant_title(rules: Rules) -> str:
    """"Five-card", "Three players", "Four players"."""
    name = variant_name(rules)
    return VARIANT_TITLES.get(name, name)


def sides_line(players: tuple[str, ...], names: tuple[str, ...], rules: Rules,
               first: int = 0) -> str:
    """The sides round the table from side ``first``, who plays each seat: "You v West
    (Expert) v East (Random)", "You and North (Expert) v West (Random) and East (Random)"
    (two players: their names, "You v Expert")."""
    if len(names) == 2:
        return " v ".join(names)
    sides = side_names(who_plays(players, names), rules.sides)
    return " v ".join(sides[(first + i) % len(sides)] for i in range(len(sides)))


def side_scores(events, rules: Rules) -> list[tuple[int, ...]]:
    """Each side's score after each event (one tuple an event)."""
    scores = [0] * rules.sides
    out = []
    for e in events:
        if isinstance(e, Scored):
            scores[rules.side_of(e.seat)] = e.total
        out.append(tuple(scores))
    return out


def score_axis(chart: pg.PlotWidget, rules: Rules) -> list[pg.InfiniteLine]:
    """The chart's scores, 0 to the target, with the target and the skunk lines dashed
    across it, numbered on the axis and named in the chart's tooltip (names drawn on a
    short chart at 200% text met the scores and each other)."""
    t = theme.current()
    chart.setYRange(0, rules.target, padding=0.04)
    lines = [(rules.target, f"{rules.target} the game")]
    if rules.skunk_line > 0:
        lines.append((rules.skunk_line, f"under {rules.skunk_line} a skunk"))
    if rules.double_skunk_line > 0:
        lines.append((rules.double_skunk_line, f"under {rules.double_skunk_line} a double "
                                               f"skunk"))
    chart.getAxis("left").setTicks([[(0, "0"), *((v, str(v)) for v, _ in lines)]])
    items = []
    for value, _name in lines:
        item = pg.InfiniteLine(pos=value, angle=0,
                               pen=pg.mkPen(t.neutral, style=Qt.PenStyle.DashLine))
        chart.addItem(item)
        items.append(item)
    chart.setToolTip("Each side's score over the game. The dashed lines: "
                     + "; ".join(name for _v, name in lines) + ".")
    return items


def side_lines(chart: pg.PlotWidget, names: tuple[str, ...], scores: list[tuple[int, ...]],
               ) -> list[pg.PlotDataItem]:
    """A line a side over the game (its colour the side's pegs', and a dash of its own so
    colour is not the only sign), named in the title (:func:`marks_title`: a legend took
    the room of the lines on a short chart)."""
    t = theme.current()
    xs = list(range(len(scores)))
    lines = []
    for side, name in enumerate(names):
        pen = pg.mkPen(t.peg(side), width=2, style=SIDE_PENS[side % len(SIDE_PENS)])
        line = chart.plot(xs, [s[side] for s in scores], pen=pen, name=name)
        lines.append(line)
    return lines


def symbol_of(side: int, bottom_side: int, sides: int) -> str:
    """A mark's shape by side: ● the bottom seat's side, then ▼ and ■ round the table."""
    return SIDE_SYMBOLS[(side - bottom_side) % sides]


def marks_title(names: tuple[str, ...], bottom_side: int, target: int) -> str:
    """The chart's title, each side's line (its dash in its colour) and its marks' shape
    by its name: "Score to 121: —— ● You, – – ▼ West, ··· ■ East · click to go there"."""
    sides = len(names)
    t = theme.current()
    order = [(bottom_side + i) % sides for i in range(sides)]
    keys = ", ".join(f"<span style='color:{t.peg(side)}'><b>{DASH_SIGNS[side % 3]}</b></span>"
                     f" {SYMBOL_SIGNS[symbol_of(side, bottom_side, sides)]} {names[side]}"
                     for side in order)
    return f"Score to {target}: {keys} · click to go there"
