"""The first start: a welcome that chooses an opponent, the data folder (moved once from the
doubled folder of earlier versions), and a clear message instead of Qt's abort when no
window can be opened."""

import os
import subprocess
import sys

import pytest

from ai import named_levels
from cribbage_gui.app.settings import Settings
from cribbage_gui.application import XCB_LIBRARIES, display_problem
from cribbage_gui.dialogs.dialogs import NewGameDialog, WelcomeDialog
from cribbage_gui.table import saving
from tests.gui.conftest import make_settings
from tests.gui.helpers import TIMEOUT


def test_the_first_start_welcomes_and_asks_for_an_opponent(qtbot, tmp_path):
    """Regression: the first start went straight into a game against Mueller."""
    from cribbage_gui.windows.main_window import MainWindow

    qs = make_settings(tmp_path, welcomed=False)
    window = MainWindow(data_dir=tmp_path, qsettings=qs)
    qtbot.addWidget(window)
    window.show()
    asked = []
    window.games.startup(ask=lambda s: True, welcome=lambda: asked.append(1) or "weights")
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert asked == [1] and window.playing.setup.opponent == "weights"
    assert Settings.load(qs).welcomed and Settings.load(qs).opponent == "weights"
    window.close()
    again = MainWindow(data_dir=tmp_path, qsettings=make_settings(tmp_path))
    qtbot.addWidget(again)
    again.show()
    again.games.startup(ask=lambda s: False, welcome=lambda: pytest.fail("welcomed twice"))
    qtbot.waitUntil(lambda: again.playing.obs is not None, timeout=TIMEOUT)
    assert again.playing.setup.opponent == "weights"
    again.close()


def test_the_welcome_offers_every_level_by_name_weakest_first(qtbot):
    dialog = WelcomeDialog("heuristic")
    qtbot.addWidget(dialog)
    levels = named_levels()
    assert list(dialog.buttons) == [lv.player.name for lv in levels]
    assert dialog.choice() == "heuristic"
    texts = [b.text() for b in dialog.buttons.values()]
    assert texts[0].startswith("Beginner") and texts[-1].startswith("Expert")
    assert all("Elo" in t for t in texts)
    dialog.buttons["expert"].click()
    assert dialog.choice() == "expert"


def test_the_welcome_says_each_level_in_one_plain_sentence_and_shows_it_all(qtbot):
    """Regression: the expert's line was the registry's technical description (expert:deep,
    expert:FILE, duplicate-game figures), cut off by the buttons; the intro was clipped."""
    from PySide6.QtWidgets import QLabel

    dialog = WelcomeDialog("mueller")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.isVisible)
    for level in named_levels():
        blurb = level.player.blurb
        assert blurb and len(blurb) < 110 and ":FILE" not in blurb, level.player.name
        assert level.player.description in dialog.buttons[level.player.name].toolTip()
    labels = dialog.findChildren(QLabel)
    assert {lv.player.blurb for lv in named_levels()} <= {lb.text() for lb in labels}
    for label in labels:  # each as tall as its wrapped lines, inside the dialog
        assert label.height() >= label.heightForWidth(label.width()) - 1, label.text()[:30]
        assert label.geometry().bottom() <= dialog.height()


def test_levels_follow_the_measured_strength():
    levels = named_levels()
    elos = [lv.elo for lv in levels]
    assert elos == sorted(elos)
    assert [lv.name for lv in levels] == ["Beginner", "Easy", "Medium", "Hard", "Very hard",
                                          "Expert"]
    assert levels[-1].player.name == "expert" and levels[0].player.name == "random"
    assert "Mueller (HALSCRIB, 1987)" in next(lv.detail for lv in levels
                                              if lv.player.name == "mueller")


def test_the_new_game_dialog_lists_levels(qtbot):
    dialog = NewGameDialog(Settings(opponent="mueller"))
    qtbot.addWidget(dialog)
    labels = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())]
    assert labels[0].startswith("Beginner — Random") and "Elo" in labels[0]
    assert dialog.opponent.currentData() == "mueller"


def test_the_doubled_data_folder_is_moved_into_the_single_one(tmp_path):
    new = tmp_path / "share" / "Cribbage"
    old = new / "Cribbage"  # what Qt gave for organisation Cribbage, application Cribbage
    old.mkdir(parents=True)
    (old / saving.SAVE_NAME).write_text('{"saved": 1}')
    (old / saving.HISTORY_NAME).write_bytes(b"old history")
    (new / saving.HISTORY_NAME).write_bytes(b"newer history")  # never overwritten
    message = saving.migrate(old, new)
    assert message and str(new) in message
    assert (new / saving.SAVE_NAME).read_text() == '{"saved": 1}'
    assert (new / saving.HISTORY_NAME).read_bytes() == b"newer history"
    kept = list(new.glob("history.from-old-folder*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"old history"
    assert not old.exists()
    assert saving.migrate(old, new) is None  # once only


def test_the_legacy_folder_is_the_doubled_one():
    legacy = saving.legacy_data_dir()
    assert legacy is not None and legacy.name == "Cribbage" and legacy.parent.name == "Cribbage"


def test_the_data_folder_is_the_conventional_single_one(monkeypatch):
    monkeypatch.delenv("CRIBBAGE_DATA_DIR", raising=False)
    import platformdirs

    folder = saving.data_dir()
    assert folder == __import__("pathlib").Path(platformdirs.user_data_dir("Cribbage",
                                                                          appauthor=False))
    assert folder.name == "Cribbage" and folder.parent.name != "Cribbage"


def test_no_display_is_explained_with_what_to_install():
    everything = {"DISPLAY": ":0"}
    assert display_problem(everything, "linux", loadable=lambda lib: True,
                           display_opens=lambda d: True) is None
    missing = display_problem(everything, "linux",
                              loadable=lambda lib: lib != "libxcb-cursor.so.0",
                              display_opens=lambda d: True)
    assert "libxcb-cursor.so.0 is missing" in missing
    assert "sudo apt install libxcb-cursor0" in missing
    assert "DISPLAY is not set" in display_problem({}, "linux")
    assert "cannot connect to the display ':7'" in display_problem(
        {"DISPLAY": ":7"}, "linux", loadable=lambda lib: True, display_opens=lambda d: False)
    # other platforms and explicit Qt platforms are Qt's to judge
    assert display_problem({}, "win32") is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert set(XCB_LIBRARIES.values()) >= {"libxcb-cursor0", "libxcb-icccm4"}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb is Linux's")
def test_the_game_exits_with_a_message_instead_of_aborting(tmp_path):
    """Without an X server at :97 (or without the xcb libraries, as on this machine), Qt
    would abort with a core dump; the command says what is wrong and exits with 1."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM",
                                                            "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":97", CRIBBAGE_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("cribbage: ")
    assert "missing" in done.stderr or "cannot connect to the display ':97'" in done.stderr


def test_the_welcome_starts_lower_with_the_keyboard_on_the_chosen_level(qtbot):
    """Regression (issue 38): the focus started on the unchecked Beginner, drawn nowhere,
    while Very hard was checked, so the arrows moved the focus without choosing and Enter
    started a first game against Very hard. The welcome now offers Medium, the focus is on
    it and drawn, the arrows choose as they move, and Enter plays what they chose."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    dialog = WelcomeDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    medium = dialog.buttons["weights"]
    assert medium.isChecked() and QApplication.focusWidget() is medium
    assert named_levels()[2].player.name == "weights"  # Medium: below Hard and Very hard
    focused = medium.grab().toImage()
    dialog.buttons["random"].setFocus()
    assert medium.grab().toImage() != focused  # the focus frame is drawn around it
    medium.setFocus()
    qtbot.keyClick(medium, Qt.Key.Key_Down)
    assert dialog.buttons["heuristic"].isChecked() and dialog.buttons["heuristic"].hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    assert dialog.buttons["evolved"].isChecked()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.choice() == "evolved"
