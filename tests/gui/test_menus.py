"""The menu bar comes from one table (cribbage_gui.windows.menus.ITEMS): every command once,
with its menu, text, key and the part of the window it calls."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from cribbage_gui.windows.menus import ITEMS, MENUS, Menus


class Calls:
    """A stand-in for one of the window's parts: every call is written down."""

    def __init__(self, name: str, log: list) -> None:
        self.name, self.log = name, log

    def __getattr__(self, attr: str):
        return lambda *args: self.log.append((self.name, attr, args))


class FakeWindow(QMainWindow):
    """The window's parts replaced by Calls; the window's own commands recorded too."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list = []
        for part in ("games", "saved", "files", "reviews", "watch", "practice", "keyboard",
                     "docks", "lesson", "playing"):
            setattr(self, part, Calls(part, self.log))
        self.can_undo = False

    def zoom_by(self, step):
        self.log.append(("window", "zoom_by", (step,)))

    def set_zoom(self, factor):
        self.log.append(("window", "set_zoom", (factor,)))

    def show_help(self, topic):
        self.log.append(("window", "show_help", (topic,)))

    def show_statistics(self):
        self.log.append(("window", "show_statistics", ()))

    def settings_dialog(self):
        self.log.append(("window", "settings_dialog", ()))

    def close(self):
        self.log.append(("window", "close", ()))
        return True


def test_every_command_is_listed_once_with_its_own_key():
    ids = [item.id for item in ITEMS]
    assert len(ids) == len(set(ids))
    keys = [item.key for item in ITEMS if item.key is not None]
    assert len(keys) == len(set(keys))
    assert {item.menu for item in ITEMS} == set(MENUS)


def test_each_command_calls_the_part_it_names(qtbot):
    window = FakeWindow()
    qtbot.addWidget(window)
    menus = Menus(window, ())
    expected = {
        "new": ("games", "new_game_dialog", ()), "resume": ("saved", "resume_saved_game", ()),
        "open": ("files", "open_game_dialog", ()), "save-as": ("files", "save_game_dialog", ()),
        "review": ("reviews", "review_game", ()), "undo": ("playing", "undo", ()),
        "watch": ("watch", "watch_dialog", ()), "quick-run": ("watch", "quick_run_dialog", ()),
        "statistics": ("window", "show_statistics", ()),
        "settings": ("window", "settings_dialog", ()), "quit": ("window", "close", ()),
        "practice": ("practice", "positions", ()),
        "counting": ("practice", "counting_trainer", ()),
        "zoom-in": ("window", "zoom_by", (1,)), "zoom-out": ("window", "zoom_by", (-1,)),
        "zoom-normal": ("window", "set_zoom", (1.0,)),
        "cards": ("keyboard", "focus_cards", ()), "reset-panels": ("docks", "reset", ()),
        "learn": ("lesson", "learn_to_play", ()),
        "how-to-play": ("window", "show_help", ("How to play",)),
        "scoring": ("window", "show_help", ("Scoring",)),
        "keys": ("window", "show_help", ("Keyboard shortcuts",)),
        "about": ("window", "show_help", ("About",)),
    }
    # (the analysis board is opened by its own module, on a real window:
    # tests/gui/test_analysis_board.py)
    assert set(expected) | {"analysis-board"} == set(menus.actions)
    for name, call in expected.items():
        window.log.clear()
        menus.actions[name].trigger()
        assert window.log == [call], name


def test_the_menu_bar_shows_the_table_in_order(qtbot):
    window = FakeWindow()
    qtbot.addWidget(window)
    Menus(window, ())
    bar = [(menu.title(), [a.text() for a in menu.actions() if not a.isSeparator()])
           for menu in (a.menu() for a in window.menuBar().actions())]
    assert [title for title, _ in bar] == list(MENUS)
    assert bar[0][1][:3] == ["&New game…", "&Resume saved game", "&Open game…"]
    for title, texts in bar:
        assert texts == [item.text for item in ITEMS if item.menu == title]


def test_undo_is_enabled_exactly_when_the_game_allows_it(qtbot):
    window = FakeWindow()
    qtbot.addWidget(window)
    window.playing = type("P", (), {"can_undo": False})()
    menus = Menus(window, ())
    menus.refresh()
    assert not menus.actions["undo"].isEnabled()
    window.playing.can_undo = True
    menus.refresh()
    assert menus.actions["undo"].isEnabled()
    assert all(menus.actions[i.id].isEnabled() for i in ITEMS if i.enabled_when is None)
