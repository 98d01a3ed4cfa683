"""The text and card size (100-200%): chosen in the settings dialog, followed at once by the
application's font (panels, the log, menus, dialogs) and the table's cards, and kept for
the next start."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from cribbage_gui.app import theme
from cribbage_gui.app.settings import Settings
from tests.gui.helpers import wait_for_input


@pytest.fixture
def normal_size():
    yield
    theme.set_text_size(100)


def choose_in_settings(qtbot, window, monkeypatch, combo: str, presses: int) -> None:
    """Open Game → Settings, press Down (Up, if negative) ``presses`` times on the
    ``combo`` and press OK."""

    def run(dialog):
        box = getattr(dialog, combo)
        box.setFocus()
        for _ in range(abs(presses)):
            qtbot.keyClick(box, Qt.Key.Key_Down if presses > 0 else Qt.Key.Key_Up)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr("cribbage_gui.dialogs.dialogs.SettingsDialog.exec", run)
    window.settings_dialog()


def sizes(window) -> tuple[float, float, float]:
    """The application's font, the log's font (in points) and a card's width."""
    return (QApplication.instance().font().pointSizeF(),
            window.log.view.font().pointSizeF(), window.table.card_width())


def test_the_text_size_grows_the_fonts_and_the_cards_and_is_kept(qtbot, make_window,
                                                                  monkeypatch, normal_size):
    window = make_window()
    window.games.start_match("random", seed=3)
    wait_for_input(qtbot, window)
    app_font, log_font, card = sizes(window)
    assert app_font > 0 and window.settings.text_size == 100
    choose_in_settings(qtbot, window, monkeypatch, "text_size", 2)  # 100 -> 150%
    assert window.settings.text_size == 150
    # (Qt passes the new font to the open widgets in posted events)
    qtbot.waitUntil(lambda: window.log.view.font().pointSizeF() > log_font)
    bigger = sizes(window)
    assert bigger[0] == pytest.approx(app_font * 1.5)
    assert bigger[1] == pytest.approx(log_font * 1.5)  # an open panel follows at once
    assert bigger[2] > card
    assert window.table.zoom == pytest.approx(window.settings.zoom * 1.5)
    assert Settings.load(window.qsettings).text_size == 150
    window.close()
    # the next start (the same settings file) comes back at 150%
    again = make_window()
    assert again.settings.text_size == 150
    assert QApplication.instance().font().pointSizeF() == pytest.approx(app_font * 1.5)
    again.games.start_match("random", seed=3)
    wait_for_input(qtbot, again)
    assert again.table.card_width() > card
    # and back to 100%: exactly the sizes of before
    choose_in_settings(qtbot, again, monkeypatch, "text_size", -2)
    assert again.settings.text_size == 100
    assert sizes(again)[0] == pytest.approx(app_font)
    assert again.table.card_width() == pytest.approx(card)


def test_the_settings_dialog_offers_100_to_200_percent():
    from cribbage_gui.dialogs.dialogs import SettingsDialog

    dialog = SettingsDialog(Settings(text_size=175))
    offered = [dialog.text_size.itemData(i) for i in range(dialog.text_size.count())]
    assert offered == [100, 125, 150, 175, 200]
    assert dialog.text_size.currentData() == 175
    assert dialog.settings().text_size == 175
    dialog.deleteLater()


def test_a_stored_size_out_of_range_falls_back_to_normal(tmp_path):
    from tests.gui.conftest import make_settings

    for stored in ("300", "abc", "-5", "99"):
        qs = make_settings(tmp_path, text_size=stored)
        assert Settings.load(qs).text_size == 100, stored
    qs = make_settings(tmp_path, text_size="200")
    assert Settings.load(qs).text_size == 200


def test_set_text_size_clamps_to_the_range(normal_size):
    assert theme.set_text_size(500) == 200
    assert theme.text_scale() == 2.0
    assert theme.set_text_size(10) == 100


SIZES = ((1024, 700), (1280, 800), (1366, 768), (1920, 1080))


def test_at_200_percent_the_table_s_words_grow_and_the_window_fits_a_laptop(qtbot,
                                                                           make_window,
                                                                           normal_size):
    """Regression (issue 38): at 200% the table's words barely grew (13 to 15 px at
    1366x768; nothing between 150 and 200%), the window's least width passed 1024 px, and
    the panel tabs read "Rea…", "Strategy w…", "Play b…". The words now grow with the
    setting as far as the window's height allows (in full on a tall table), the window fits
    a 1024x700 screen, and the tabs say their names whole."""
    from PySide6.QtWidgets import QTabBar

    from cribbage_gui.table.table_view import WORDS_ROOM

    window = make_window()
    window.games.start_match("random", seed=3)
    wait_for_input(qtbot, window)
    for size in SIZES:
        window.resize(*size)
        qtbot.wait(30)
        small = {p: window.table.text_px(13) for p in (100,)}
        theme.set_text_size(150)
        window.set_zoom(window.settings.zoom, save=False)
        qtbot.wait(30)
        mid = window.table.text_px(13)
        theme.set_text_size(200)
        window.set_zoom(window.settings.zoom, save=False)
        qtbot.wait(100)
        big = window.table.text_px(13)
        room = max(1.0, window.height() / WORDS_ROOM)
        # the words' factor: the setting, or what the table's height allows (13 to 15 px,
        # 1.15x, at 1366x768 before)
        assert big / small[100] >= (1.8 if room >= 2.0 else 1.2), (size, big, small)
        # 200% is more than 150% where the window allows more than 150%; where it does not,
        # about the same (the table a little shorter for the panels' larger text)
        assert big > mid if room >= 1.6 else big >= 0.85 * mid, (size, big, mid)
        assert window.minimumSizeHint().width() <= 1024, size
        window.resize(*size)
        qtbot.wait(50)
        assert window.width() == size[0], size
        bars = window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        assert bars, size
        for bar in bars:
            for i in range(bar.count()):
                text = bar.tabText(i).replace("&", "")
                assert bar.elideMode() == Qt.TextElideMode.ElideNone
                assert bar.tabRect(i).width() >= bar.fontMetrics().horizontalAdvance(text), \
                    (size, text)
        theme.set_text_size(100)
        window.set_zoom(window.settings.zoom, save=False)
    # on the tallest table the words take the setting in full
    assert room >= 2.0


def test_at_200_percent_the_watching_bar_moves_to_a_second_row_and_the_window_fits(
        qtbot, make_window, normal_size):
    """Regression (issue 38): at 200% text the watching bar's one row (the tally, Speed,
    Pause, Step, Save games…, Stop watching) was 830 px and held the window 1,244 px wide
    on a 1024-pixel screen. Now it takes a second row where it must, and one where it can."""
    window = make_window()
    theme.set_text_size(200)
    window.set_zoom(window.settings.zoom, save=False)
    bar = window.watch_bar
    window.game_bar.setVisible(False)
    bar.setVisible(True)
    bar.tally.set_texts("Mueller 0 – 0 Expert (game 1 of 3)", "0 – 0 · game 1 of 3")
    for size, rows in (((1024, 700), 2), ((1920, 1080), 1)):
        window.resize(*size)
        qtbot.waitUntil(lambda s=size: (window.width(), window.height()) == s, timeout=2000)
        qtbot.wait(50)
        assert window.minimumSizeHint().width() <= 1024, size
        assert len(bar.layout().rows(bar.width())) == rows, size
        for button in (bar.pause, bar.step, bar.save, bar.stop, bar.speed):
            at = button.mapTo(window, button.rect().topLeft())
            assert window.rect().contains(at) and at.x() + button.width() <= window.width()
            assert button.width() >= button.sizeHint().width(), (size, button)
        assert bar.height() >= bar.layout().heightForWidth(bar.width()), size


def test_screenshots_take_a_text_scale_of_100_to_200():
    import argparse

    from cribbage_gui.commands.screenshots import text_scale

    assert text_scale("200") == 200 and text_scale("130") == 130
    for bad in ("99", "201", "big"):
        with pytest.raises(argparse.ArgumentTypeError):
            text_scale(bad)
