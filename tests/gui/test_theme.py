"""Light and dark: the palette, the table, the board and every chart follow the theme."""

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from cribbage_gui.app import theme
from cribbage_gui.app.axes import IntegerAxis
from tests.gui.helpers import TIMEOUT, play_to_the_end, wait_for_input


def background(widget) -> str:
    return widget.backgroundBrush().color().name()


@pytest.fixture
def restore_light():
    yield
    theme.apply("light")


def test_the_dark_theme_reaches_the_palette_and_every_chart(qtbot, make_window,
                                                             restore_light):
    """Regression: charts stayed white under a dark system theme."""
    window = make_window(theme="dark")
    assert theme.current() is theme.DARK
    palette = QApplication.instance().palette()
    assert palette.color(QPalette.ColorRole.Window) == QColor(theme.DARK.window)
    assert QColor(theme.DARK.window).lightness() < 80
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    window.show_statistics()
    qtbot.addWidget(window.dialogs.stats_window)
    charts = [window.reasoning.discard.histogram, window.reasoning.computer.charts,
              window.heatmap.plot_widget, window.dialogs.stats_window.win_plot,
              window.dialogs.stats_window.hand_plot, window.dialogs.game_over_box.chart]
    for chart in charts:
        assert background(chart) == theme.DARK.chart_background
    axis = window.dialogs.stats_window.win_plot.getPlotItem().getAxis("left")
    assert axis.textPen().color() == QColor(theme.DARK.chart_foreground)
    # switching back to light restyles the open charts too
    window.settings.theme = "light"
    window.apply_settings()
    for chart in charts:
        assert background(chart) == theme.LIGHT.chart_background


def test_system_follows_the_desktop(qtbot, make_window, monkeypatch, restore_light):
    monkeypatch.setattr(theme, "system_is_dark", lambda: True)
    make_window(theme="system")
    assert theme.current() is theme.DARK
    monkeypatch.setattr(theme, "system_is_dark", lambda: False)
    theme.apply("system")
    assert theme.current() is theme.LIGHT


def test_an_unknown_theme_is_refused_clearly():
    with pytest.raises(ValueError, match="unknown theme 'purple'"):
        theme.resolve("purple")


def test_the_zoom_keys_change_the_card_size_and_it_is_kept(qtbot, make_window, tmp_path):
    window = make_window()
    window.games.start_match("random", seed=2)
    wait_for_input(qtbot, window)
    normal = window.table.card_width()
    window.zoom_by(+1)
    window.zoom_by(+1)
    assert window.table.card_width() > normal
    assert window.settings.zoom == pytest.approx(theme.ZOOMS[theme.ZOOMS.index(1.0) + 2])
    from cribbage_gui.app.settings import Settings

    assert Settings.load(window.qsettings).zoom == window.settings.zoom
    window.set_zoom(1.0)
    assert window.table.card_width() == pytest.approx(normal)


def test_integer_axes_never_show_half_steps():
    axis = IntegerAxis("left")
    for top in (1, 2, 3, 7, 40, 500):
        for spacing, _offset in axis.tickSpacing(0, top, 300):
            assert float(spacing).is_integer() and spacing >= 1


def test_the_discard_histogram_is_redrawn_in_the_dark_accent(qtbot, make_window,
                                                              restore_light):
    window = make_window()
    window.games.start_match("random", seed=2)
    wait_for_input(qtbot, window)
    qtbot.waitUntil(lambda: window.reasoning.discard.advice is not None, timeout=TIMEOUT)
    theme.apply("dark")
    brush = window.reasoning.discard.bars.opts["brush"]
    assert pg.mkBrush(brush).color() == QColor(theme.DARK.accent)


def _luminance(colour: str) -> float:
    from PySide6.QtGui import QColor

    c = QColor(colour)

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(
        c.blueF())


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("name", ["light", "dark", "high-contrast"])
def test_text_in_the_players_and_the_marks_colours_is_readable(name):
    """The play-by-play's lines (the players' colours), the review's marks (?! ? ??) and a
    game's result (won, lost) as text on the panels' background: at least 4.5:1 (WCAG AA
    for text) in both themes.
    Regression: dark red on near-black, and yellow "?! inaccuracy" on white (2.3:1)."""
    from cribbage_gui.app.theme import resolve

    t = resolve(name)
    for colour in (*t.peg_text, *t.marks, t.text, t.muted, t.good, t.bad):
        assert contrast(colour, t.base) >= 4.5, (name, colour)
    assert contrast("#d9a400", "#ffffff") < 3  # the old inaccuracy colour on white


@pytest.mark.parametrize("name", ["light", "dark", "high-contrast"])
def test_an_unchecked_box_and_an_empty_radio_ring_can_be_seen(qtbot, name, restore_light):
    """Regression: in the dark theme Fusion drew an unchecked box a shade darker than the
    window (a setting switched off was all but invisible). The box's outline must stand
    out from the window by at least 3:1 (WCAG's figure for the parts of controls)."""
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    from cribbage_gui.app.theme import apply

    t = apply(name)
    for widget in (QCheckBox("x"), QRadioButton("x")):
        qtbot.addWidget(widget)
        widget.resize(40, 24)
        image = widget.grab().toImage()
        outline = max(contrast(image.pixelColor(x, y).name(), t.window)
                      for x in range(0, 20) for y in range(image.height()))
        assert outline >= 3, (name, type(widget).__name__, outline)


@pytest.mark.parametrize("name", ["light", "dark", "high-contrast"])
def test_the_panels_close_and_float_buttons_can_be_seen(qtbot, name, restore_light):
    """Regression: in the dark theme a panel's float and close buttons were grey on grey."""
    from PySide6.QtWidgets import QApplication, QStyle

    from cribbage_gui.app.theme import ReadableFusion, apply

    t = apply(name)
    style = QApplication.instance().style()
    assert isinstance(style, ReadableFusion)
    for kind in (QStyle.StandardPixmap.SP_DockWidgetCloseButton,
                 QStyle.StandardPixmap.SP_TitleBarNormalButton):
        image = style.standardIcon(kind).pixmap(16, 16).toImage()
        drawn = [image.pixelColor(x, y) for x in range(image.width())
                 for y in range(image.height()) if image.pixelColor(x, y).alpha() > 200]
        assert drawn, (name, kind)
        assert max(contrast(c.name(), t.window) for c in drawn) >= 3, (name, kind)
