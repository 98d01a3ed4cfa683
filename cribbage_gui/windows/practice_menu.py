"""The main window's Practice menu: the practice positions (one window, raised if open,
over the practice store opened on first use) and the counting trainer; the practice's
figures for Statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.paths import PRACTICE_NAME

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class PracticeMenu:
    """The window's part that opens practice."""

    store = None  # the practice store (services.practice.store), opened when first needed
    window = None  # the practice window, once opened

    def __init__(self, main: Window) -> None:
        self.w = main

    def open_store(self):
        """The practice positions in the data folder, opened on first use (a damaged file is
        set aside, an unusable folder gives a store for this session: said in the log)."""
        if self.store is None:
            from cribbage_gui.services.practice.store import open_store
            from engine.errors import CribbageError

            path = self.w.data_dir / PRACTICE_NAME
            try:
                self.store, problem = open_store(path)
            except CribbageError as exc:  # the built-in set cannot be read: without it
                self.store, problem = open_store(path, ())
                problem = f"The built-in practice positions cannot be read ({exc}). " + (
                    problem or "")
            if problem:
                self.w.tell(problem)
        return self.store

    def summary(self) -> dict | None:
        """The practice's figures for Statistics (None if it cannot give them)."""
        from cribbage_gui.services.practice.store import PracticeError

        try:
            return self.open_store().summary()
        except PracticeError as exc:
            self.w.tell(f"The practice figures cannot be shown: {exc}")
            return None

    def positions(self, scan: bool = True):
        """Practice → Practice positions…: the practice window (one, raised if open;
        ``scan``: opening it searches the games not searched yet)."""
        from cribbage_gui.windows.practice_window import PracticeWindow

        window = self.window
        if window is None or not window.isVisible():
            window = PracticeWindow(self.open_store(), self.w.history, self.w.window(),
                                    scan=scan)
            self.window = window
        window.show()
        window.raise_()
        return window

    def practise_now(self, positions: list, game_id: int | None = None,
                     name: str = "this game's mistakes"):
        """"Practise these now" (the game-over box, a review): ``positions`` (a game's
        marked decisions, in its order) kept in the practice as the search through the
        games keeps them (once: a position is known by its table; ``game_id``, the game
        in the history, counts as searched), then practised at once in the practice
        window. Returns the window (None if the practice cannot keep them)."""
        from cribbage_gui.services.practice.store import PracticeError

        store = self.open_store()
        try:
            if game_id is not None:
                store.mark_scanned(game_id, positions)
            else:
                store.add(positions, "games")
        except PracticeError as exc:
            self.w.tell(f"These positions cannot be practised: {exc}")
            return None
        window = self.positions(scan=False)
        window.practise(positions, name)
        return window

    def counting_trainer(self) -> None:
        self.w.dialogs.counting_trainer(self.w.data_dir / PRACTICE_NAME, self.w.tell)

    def close(self) -> None:
        """The window closes: the practice window's search through the games stops."""
        if self.window is not None:
            self.window.close()

    def close_store(self) -> None:
        if self.store is not None:
            self.store.close()
