"""Every text on the board and the table at least 4.5:1 (WCAG AA) against what it is drawn
on, for every board wood in every window theme: worked out from the theme's colours (a
translucent fill over a gradient: at the gradient's worst point), and measured on the
painted board.

Regression: the maple board's hole numbers were 1.8:1 against the wood and its skunk
labels 2.2:1."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from cribbage_gui.app import theme
from tests.gui.test_theme import contrast

WINDOW_THEMES = [name for name in theme.THEMES if name != "system"]
WOODS = list(theme.BOARD_WOODS)
AA = 4.5


def over(top: str, *below: str) -> str:
    """The colour seen where ``top`` (maybe translucent) is painted over ``below`` (the
    next layers down, the last one opaque)."""
    under = QColor(below[0] if len(below) == 1 else over(*below))
    t = QColor(top)
    a = t.alphaF()
    mixed = QColor.fromRgbF(*(a * x + (1 - a) * y for x, y in (
        (t.redF(), under.redF()), (t.greenF(), under.greenF()), (t.blueF(), under.blueF()))))
    return mixed.name()


def gradient(ends: tuple[str, str], steps: int = 10) -> list[str]:
    """Points along a two-colour gradient, ends included (the worst may lie between)."""
    a, b = QColor(ends[0]), QColor(ends[1])
    out = []
    for i in range(steps + 1):
        f = i / steps
        out.append(QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * f,
                                   a.greenF() + (b.greenF() - a.greenF()) * f,
                                   a.blueF() + (b.blueF() - a.blueF()) * f).name())
    return out


def worst(text: str, backgrounds: list[str]) -> float:
    return min(contrast(text, b) for b in backgrounds)


def test_the_themes_are_the_light_dark_and_high_contrast_ones():
    assert set(WINDOW_THEMES) == {"light", "dark", "high-contrast"}
    assert theme.resolve("high-contrast") is theme.HIGH_CONTRAST


@pytest.mark.parametrize("wood", WOODS)
@pytest.mark.parametrize("name", WINDOW_THEMES)
def test_every_text_on_the_board_is_readable(name, wood):
    t = theme.resolve(name)
    ink = theme.board_colours(wood, t)
    wood_points = gradient(ink.wood)
    plate_points = [over(ink.plate, w) for w in wood_points]
    texts = {
        "hole numbers on the wood": (ink.text, wood_points),
        "skunk labels on the wood": (ink.line, wood_points),
        "names and scores on their plates": (ink.text, plate_points),
        "CRIB on its badge": (ink.badge_text, [over(ink.badge, p) for p in plate_points]),
    }
    for what, (colour, backgrounds) in texts.items():
        ratio = worst(colour, backgrounds)
        assert ratio >= AA, (name, wood, what, colour, round(ratio, 2))


@pytest.mark.parametrize("name", WINDOW_THEMES)
def test_every_text_on_the_table_is_readable(name):
    t = theme.resolve(name)
    felt = gradient(t.felt)
    texts = {
        "names and captions on the felt": (t.table_text, felt),
        "announcements and the count": (t.bubble_text, [over(t.bubble, f) for f in felt]),
        "the status line": (t.bubble_text, [over(t.status_bubble, f) for f in felt]),
        "a go chip": (t.go_chip_text, [over(t.go_chip, f) for f in felt]),
    }
    for what, (colour, backgrounds) in texts.items():
        ratio = worst(colour, backgrounds)
        assert ratio >= AA, (name, what, colour, round(ratio, 2))


def test_high_contrast_text_reaches_seven_to_one():
    """WCAG AAA on the panels, the table and the board (any wood) in the high contrast
    theme."""
    t = theme.HIGH_CONTRAST
    for colour in (t.text, t.muted, *t.peg_text, *t.marks, t.good, t.bad, t.link):
        assert contrast(colour, t.base) >= 7, colour
    assert contrast(t.highlight_text, t.highlight) >= 7
    assert contrast(t.chosen_row_text, t.chosen_row) >= 7
    assert contrast(t.chart_foreground, t.chart_background) >= 7
    for wood in WOODS:
        ink = theme.board_colours(wood, t)
        assert worst(ink.text, gradient(ink.wood)) >= 7
        assert worst(ink.line, gradient(ink.wood)) >= 7


def test_the_old_maple_ink_was_unreadable():
    """The figures the issue reports, so that the check above is known to catch them."""
    maple = gradient(theme.BOARD_WOODS["maple"])
    assert worst("#f6efe2", maple) < 2  # the hole numbers
    assert worst("#ffd98a", maple) < 2.5  # the skunk labels


def _measured(image, rect: QRectF) -> float:
    """The strongest contrast between a pixel in ``rect`` of ``image`` and the commonest
    colour there (the background): the core of the glyphs, antialiased edges aside."""
    pixels = [image.pixelColor(x, y).name()
              for x in range(int(rect.left()), int(rect.right()))
              for y in range(int(rect.top()), int(rect.bottom()))]
    background = max(set(pixels), key=pixels.count)
    return max(contrast(p, background) for p in pixels)


@pytest.mark.parametrize("name", WINDOW_THEMES)
def test_the_painted_board_numbers_and_labels_are_readable(qtbot, name):
    """The board paints with these colours: the ink measured on the painted board, every
    wood, a hole number and both skunk labels."""
    from cribbage_gui.table.board import LINES, BoardWidget

    previous = theme.current().name
    theme.apply(name)
    try:
        board = BoardWidget()
        qtbot.addWidget(board)
        board.resize(1000, 200)
        for wood in WOODS:
            board.set_colour(wood)
            image = board.grab().toImage()
            strip = board._number_strip()
            x = board.hole(0, 10).x()
            number = QRectF(x - 8, board._band(0).top() + 1, 16, strip - 2)
            assert _measured(image, number) >= AA, (name, wood, "10")
            for after in LINES:
                line_x, pass_index = board._line_x(after)
                label = QRectF(line_x - 20, board._band(pass_index).top() + 1, 40, strip - 2)
                assert _measured(image, label) >= AA, (name, wood, after)
    finally:
        theme.apply(previous)
