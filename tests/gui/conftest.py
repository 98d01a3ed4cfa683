"""Fixtures for GUI tests: a main window with its own data folder and settings file."""

import pytest
from PySide6.QtCore import QSettings


def make_settings(path, **values):
    qs = QSettings(str(path / "settings.ini"), QSettings.Format.IniFormat)
    qs.setValue("speed", "instant")
    qs.setValue("welcomed", True)  # no welcome dialog (its own test asks for it)
    qs.setValue("sound", False)
    for key, value in values.items():
        qs.setValue(key, value)
    qs.sync()
    return qs


@pytest.fixture
def make_window(qtbot, tmp_path, monkeypatch):
    """Build MainWindows on a private data folder; each is closed (and its worker thread
    checked to have stopped) at the end of the test."""
    from cribbage_gui.main_window import MainWindow

    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    windows = []

    def make(**settings):
        window = MainWindow(data_dir=tmp_path, qsettings=make_settings(tmp_path, **settings))
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()
        assert not window.playing.controller.running, "a game thread was left running"
