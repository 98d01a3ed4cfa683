"""The ``cribbage`` command's entry point (``[project.scripts]``, and ``python -m
cribbage_gui``): :func:`cribbage_gui.cli.main`, with Ctrl-C caught around importing it too.

Loading the command's modules takes a second or more (NumPy, Numba, the players), before
``main`` can take Ctrl-C as its commands do; a Ctrl-C meanwhile stopped the command with a
KeyboardInterrupt traceback from whatever module was being imported (or an ImportError's:
NumPy makes one of it). Here it stops it as anywhere else: one line on standard error,
exit status 130 (128 + SIGINT). This module imports nothing of the program's before that
``try``.
"""

from __future__ import annotations

import os
import signal
import sys

STOPPED = 130  # the exit status of a command Ctrl-C stopped (128 + SIGINT)


def main() -> int:
    pressed: list[int] = []

    def ctrl_c(signum, frame):
        pressed.append(signum)
        raise KeyboardInterrupt

    # (left alone if Ctrl-C is ignored, as in a job started with nohup)
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.default_int_handler:
        signal.signal(signal.SIGINT, ctrl_c)
    try:
        from cribbage_gui.cli import main as run
    except BaseException:
        # a KeyboardInterrupt, or what an extension module made of it (NumPy turns one
        # raised while it imports into an ImportError)
        if not pressed:
            raise
        _stopped()
        # nothing has run yet but imports, so nothing to clean up; and exiting at once
        # spares the interpreter's exit, which (a KeyboardInterrupt seen while importing,
        # in some module) could still end the process by SIGINT instead of this status
        sys.stderr.flush()
        os._exit(STOPPED)
    finally:
        if previous is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous)
    try:
        return run()
    except KeyboardInterrupt:
        return _stopped()


def _stopped() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: no traceback
    print("cribbage: stopped (Ctrl-C)", file=sys.stderr)
    return STOPPED


if __name__ == "__main__":
    sys.exit(main())
