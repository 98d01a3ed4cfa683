"""Starting the application: ``cribbage`` with no command opens the window.

Before Qt starts, :func:`display_problem` checks that a window can be opened at all: on
Linux, Qt's xcb platform needs a display and a few system libraries (from Qt 6.5,
``libxcb-cursor0`` among them), and without them Qt aborts the process with a core dump.
Instead, the command says what is missing and what to install, and exits with status 1.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import socket
import sys
import tempfile
from pathlib import Path

# libraries Qt's xcb platform plugin needs that PySide6's wheel does not bring, and the
# Debian/Ubuntu package of each (Fedora: xcb-util-cursor, xcb-util-wm, xcb-util-keysyms, ...)
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11-xcb.so.1": "libx11-xcb1",
}
OFFSCREEN = ("offscreen", "minimal", "vnc")


def _loadable(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def _display_opens(display: str) -> bool:
    """Can an X connection to ``display`` be made? (libxcb, as Qt would.)"""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return False
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        return connection is not None and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection is not None:
            xcb.xcb_disconnect(connection)


def display_problem(env=None, platform: str | None = None, loadable=_loadable,
                    display_opens=_display_opens) -> str | None:
    """Why the window cannot open here, with what to install; None when it can (or when
    this is not Linux, or Qt was asked for another platform, which Qt then reports)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0]
    if chosen in OFFSCREEN or chosen.startswith("wayland") or chosen == "eglfs":
        return None
    if not chosen and env.get("WAYLAND_DISPLAY"):
        return None  # Qt prefers Wayland there
    display = env.get("DISPLAY", "")
    if not display:
        return ("cribbage: no display to open the window on (DISPLAY is not set).\n"
                "Run it on a desktop, or over ssh -X; the command-line tools (cribbage "
                "match, analyze, ...) work without one.")
    missing = [(lib, package) for lib, package in XCB_LIBRARIES.items() if not loadable(lib)]
    if missing:
        libs = ", ".join(lib for lib, _ in missing)
        packages = " ".join(package for _, package in missing)
        return (f"cribbage: Qt cannot open a window: {libs} "
                f"{'is' if len(missing) == 1 else 'are'} missing.\n"
                f"On Debian or Ubuntu: sudo apt install {packages}\n"
                f"(On Fedora: sudo dnf install xcb-util-cursor xcb-util-wm xcb-util-keysyms "
                f"xcb-util-image xcb-util-renderutil libxkbcommon-x11.)")
    if not display_opens(display):
        return (f"cribbage: cannot connect to the display {display!r}: is the X server "
                f"running, and may this user open windows on it?")
    return None


def run_gui(argv: list[str] | None = None, watch=None) -> int:
    """Open the window: resume or start a game, or, with ``watch`` (setup, delay in ms or
    None, quit when done), watch two computer players."""
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Cribbage")
    app.setOrganizationName("Cribbage")
    from cribbage_gui.app import theme
    from cribbage_gui.table import saving
    from cribbage_gui.windows.main_window import MainWindow

    told: list[str] = []
    try:
        folder = saving.data_dir(notify=told.append)
    except saving.DataFolderError as exc:  # play all the same, and say what is not kept
        folder = Path(tempfile.mkdtemp(prefix="cribbage-session-"))
        told.append(f"{str(exc)[0].upper()}{str(exc)[1:]}. Until then, games are kept in "
                    f"{folder}, which is not kept after you quit.")
    moved = None if os.environ.get("CRIBBAGE_DATA_DIR") else \
        saving.migrate(saving.legacy_data_dir(), folder)
    theme.follow_system()
    window = MainWindow(data_dir=folder)
    app.aboutToQuit.connect(window.playing.controller.stop)  # never leave the worker running
    status = close_on_signals(app, window)
    window.show()
    for message in [*told, moved]:
        if message:
            window.tell(message)
    if watch is None:
        window.games.startup()
    else:
        setup, delay_ms, quit_when_done = watch
        window.watch.start_watching(setup, delay_ms=delay_ms, quit_when_done=quit_when_done)
    code = app.exec()
    if status[0] is not None:
        return status[0]
    return window.exit_status if window.exit_status is not None else code


# the exit status after each signal: a logout or `kill` (SIGTERM, SIGHUP) is a normal end;
# Ctrl-C in the terminal is 128 + SIGINT, as the shell reports an interrupted program
SIGNAL_STATUS = {signal.SIGTERM: 0, signal.SIGINT: 130}
if hasattr(signal, "SIGHUP"):
    SIGNAL_STATUS[signal.SIGHUP] = 0


def close_on_signals(app, window) -> list:
    """Close the window the normal way (the game saved, the history closed) when the
    process gets SIGTERM, SIGINT or SIGHUP, then quit with :data:`SIGNAL_STATUS`; returns
    a one-item list that holds the status once a signal came.

    Python runs a signal handler only between bytecodes, and Qt's event loop runs none: so
    the C handler writes the signal's number to a socket (``signal.set_wakeup_fd``) that Qt
    watches, and the window is closed from the event loop, never from inside whatever
    Python code (a timer of pyqtgraph's, say) the signal interrupted."""
    from PySide6.QtCore import QSocketNotifier
    from PySide6.QtWidgets import QApplication

    status: list = [None]
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    try:
        signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread: leave the signals alone
        return status
    for signum in SIGNAL_STATUS:
        signal.signal(signum, lambda *_: None)  # the wakeup byte does the work
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)

    def arrived() -> None:
        try:
            data = reader.recv(64)
        except BlockingIOError:
            return
        signums = [n for n in data if n in SIGNAL_STATUS]
        if not signums or status[0] is not None:
            return
        status[0] = SIGNAL_STATUS[signal.Signals(signums[0])]
        while (modal := QApplication.activeModalWidget()) is not None:
            modal.close()  # a dialog's own event loop ends; the window then closes
            if QApplication.activeModalWidget() is modal:
                break
        window.close()
        app.exit(status[0])

    notifier.activated.connect(arrived)
    app._signal_sockets = (reader, writer, notifier)  # kept alive with the application
    return status
