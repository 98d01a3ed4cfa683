"""Starting the application: ``cribbage`` with no command opens the window."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication


def run_gui(argv: list[str] | None = None) -> int:
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Cribbage")
    app.setOrganizationName("Cribbage")
    from cribbage_gui.main_window import MainWindow

    window = MainWindow()
    app.aboutToQuit.connect(window.controller.stop)  # never leave the worker running
    window.show()
    window.startup()
    return app.exec()
