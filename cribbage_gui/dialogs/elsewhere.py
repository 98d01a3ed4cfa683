"""One game in progress, one window: what a window says when another has the saved game
(``cribbage_gui.table.saving.SaveStore.claim``), and the choices it offers."""

from __future__ import annotations

from engine import bounded

ELSEWHERE = "Your game in progress is open in another Cribbage window."
TAKE_OVER = "take over"  # an answer: take the game from another computer's window


def ask_elsewhere(dialogs, host: str | None) -> bool | str:
    """A new game here (True) or close (False), asked with ``dialogs`` (the window's); when
    the window holding the game is on another computer, ``host`` (a data folder shared or
    synchronised between computers), which this one cannot check, taking it over
    (:data:`TAKE_OVER`) as well."""
    text = (f"{ELSEWHERE}\n\nYou can play a new game in this window. It is not saved "
            f"between sessions while the other window has your game (finished games still "
            f"go into your history).")
    if host is None:
        return dialogs.choose("Game open in another window", text, "New game here",
                              "Close this window") == 0
    text = (f"Your game in progress is held by a Cribbage window on the computer "
            f"{bounded.clean(host, 60)!r}. If no window there has it open, you can take it "
            f"over here.\n\n{text.partition(chr(10) * 2)[2]}")
    answers: list[bool | str] = [True, TAKE_OVER, False]
    return answers[dialogs.choose("Game open in another window", text, "New game here",
                                  "Take the game over", "Close this window")]
