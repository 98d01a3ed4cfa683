"""Fixtures for GUI tests: a main window with its own data folder and settings file, and a
quicker advisor."""

import threading

import pytest
from PySide6.QtCore import QSettings

# the advisor's sample counts in the window's tests: a third and a quarter of the 2026
# expert's defaults (96 and 384), which cost the window's tests 38 s of their 330 s of CPU
QUICK_PLAY_SAMPLES = 32
QUICK_DISCARD_SAMPLES = 96
_quick = threading.local()


@pytest.fixture(autouse=True)
def quick_advisor(monkeypatch):
    """The hint, the inspector and the review judge, in the window's tests, with 32 sampled
    hands in the play instead of 1,536 and 96 deal samples behind a discard instead of all
    24,754: the same code, and the same agreement between the three, at a fraction of the
    time (a game's review took 15-25 s). The window's tests check what the window does with
    the advice, not how good it is. The advisor's own strength and figures are tested
    at full strength in tests/ai; ``cribbage screenshots`` (a process of its own) uses it
    as shipped."""
    from ai import advice
    from ai.registry import make_player

    def quick(objective="win"):
        players = _quick.__dict__.setdefault("players", {})
        if objective not in players:
            if objective not in advice.ADVISORS:
                raise ValueError(f"unknown objective {objective!r}")
            player = make_player(advice.ADVISORS[objective], seed=0)
            player.play_samples = QUICK_PLAY_SAMPLES
            player.discard_samples = player.discard_samples[:QUICK_DISCARD_SAMPLES]
            player.discard_u = player.discard_u[:QUICK_DISCARD_SAMPLES]
            players[objective] = player
        return players[objective]

    monkeypatch.setattr(advice, "advisor", quick)


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
    from cribbage_gui.windows.main_window import MainWindow

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
