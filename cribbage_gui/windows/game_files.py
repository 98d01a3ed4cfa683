"""The main window's game files: Game → Open game… (a ``.crib.json`` opened for review, a
damaged or altered one refused with a message), Game → Save game as…, and the watch bar's
Save games… (every watched game shown to its end, to a folder)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cribbage_gui.services import gamefile
from engine import GameState

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class GameFiles:
    """The window's part that opens and saves game files."""

    def __init__(self, window: Window) -> None:
        self.w = window

    def open_game_dialog(self) -> None:
        """Game → Open game…: a game file, opened for review."""
        path = self.w.dialogs.game_to_open()
        if path is not None:
            self.open_game_file(path)

    def open_game_file(self, path: Path):
        """Open a game file for review; a damaged or altered file is refused with a message
        and nothing else changes. Returns the review window, or None."""
        try:
            file = gamefile.read(path)  # (any variant: the review window takes each)
        except gamefile.GameFileError as exc:
            self.w.tell(f"The game could not be opened: {exc}")
            self.w.dialogs.warn("Open game", f"This game could not be opened.\n\n{exc}")
            return None
        return self.w.reviews.open_review(file, title=f"Review: {path.name}")

    def current_game_file(self) -> tuple[gamefile.GameFile | None, str]:
        """The game on the table as a game file, or None and why not. A game against the
        computer can be saved when it is over or it is your turn (then the table shows
        everything that happened); a watched game once the table has shown its end."""
        playing, watching = self.w.playing, self.w.watching
        if watching.active:
            files = watching.files()
            if not files:
                return None, "The watched game is not over yet: it can be saved at its end."
            return files[-1], ""
        game = playing.controller.game
        setup = playing.setup
        if game is None or setup is None:
            files = watching.files()
            if files:
                return files[-1], ""
            return None, "There is no game on the table."
        if not game.is_over and setup.two_players:
            return None, ("A game between two players can be saved as a file once it is "
                          "over: until then the file would show both hands.")
        if not game.is_over and playing.obs is None:
            return None, "Wait for your turn: the computer is playing."
        copy = GameState.from_record(game.to_record())  # the worker may go on with the game
        context = {"kind": "game", "seed": setup.seed, "index": setup.index}
        if playing.objective == "acc":  # a game of a match: reviewed in ACC points
            context["objective"] = "acc"
        return gamefile.make(copy, playing.file_players(), context), ""

    def save_game_dialog(self) -> None:
        """Game → Save game as…"""
        file, why = self.current_game_file()
        if file is None:
            self.w.tell(why)
            return
        seed, index = file.context.get("seed", 0), file.context.get("index", 0)
        path = self.w.dialogs.file_to_save(gamefile.file_name(file.players, seed, index))
        if path is not None:
            self.save_game_file(path, file)

    def save_game_file(self, path: Path, file: gamefile.GameFile | None = None) -> bool:
        """Write the game on the table (or ``file``) as a game file; False with a message
        when there is none or it cannot be written."""
        if file is None:
            file, why = self.current_game_file()
            if file is None:
                self.w.tell(why)
                return False
        if not path.name.endswith(gamefile.SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + gamefile.SUFFIX)
        try:
            gamefile.write(path, file)
        except OSError as exc:
            self.w.tell(f"The game could not be saved: {exc}")
            return False
        self.w.tell(f"Saved the game as {path}.")
        return True

    def save_watched_dialog(self) -> None:
        """The watch bar's Save games…: every watched game shown to its end, to a folder."""
        if not self.w.watching.files():
            self.w.tell("No watched game is over yet.")
            return
        folder = self.w.dialogs.folder_to_save_in()
        if folder is not None:
            self.save_watched_games(folder)

    def save_watched_games(self, folder: Path) -> list[Path]:
        """Write the watched games shown to their end into ``folder`` (named by pair, seed
        and index); returns the files written."""
        written = []
        try:
            for file in self.w.watching.files():
                name = gamefile.file_name(file.players, file.context.get("seed", 0),
                                          file.context.get("index", 0))
                written.append(gamefile.write(folder / name, file))
        except OSError as exc:
            self.w.tell(f"The games could not be saved: {exc}")
            return written
        self.w.tell(f"Saved {len(written)} game{'s' if len(written) != 1 else ''} in "
                    f"{folder}.")
        return written
