"""Starting the application: ``cribbage`` with no command opens the window."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication


def run_gui(argv: list[str] | None = None, watch=None) -> int:
    """Open the window: resume or start a game, or, with ``watch`` (setup, delay in ms or
    None, quit when done), watch two computer players."""
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Cribbage")
    app.setOrganizationName("Cribbage")
    from cribbage_gui.main_window import MainWindow

    window = MainWindow()
    app.aboutToQuit.connect(window.controller.stop)  # never leave the worker running
    window.show()
    if watch is None:
        window.startup()
    else:
        setup, delay_ms, quit_when_done = watch
        window.start_watching(setup, delay_ms=delay_ms, quit_when_done=quit_when_done)
    return app.exec()
