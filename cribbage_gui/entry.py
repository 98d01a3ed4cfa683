"""The ``cribbage`` command's entry point (``[project.scripts]``, and ``python -m
cribbage_gui``): :func:`cribbage_gui.cli.main`, with Ctrl-C caught around importing it too.

Loading the command's modules takes a second or more (NumPy, Numba, the players), before
``main`` can take Ctrl-C as its commands do; a Ctrl-C meanwhile stopped the command with a
KeyboardInterrupt traceback from whatever module was being imported. Here it stops it as
anywhere else: one line on standard error, exit status 130 (128 + SIGINT). This module
imports nothing of the program's before that ``try``.
"""

from __future__ import annotations

import signal
import sys

STOPPED = 130  # the exit status of a command Ctrl-C stopped (128 + SIGINT)


def main() -> int:
    try:
        from cribbage_gui.cli import main as run

        return run()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: no traceback
        print("cribbage: stopped (Ctrl-C)", file=sys.stderr)
        return STOPPED


if __name__ == "__main__":
    sys.exit(main())
