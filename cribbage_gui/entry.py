"""The ``cribbage`` command's entry point (``[project.scripts]``, and ``python -m
cribbage_gui``): :func:`cribbage_gui.cli.main`, with Ctrl-C caught around importing it too.

Loading the command's modules takes a second or more (NumPy, Numba, the players), before
``main`` can take Ctrl-C as its commands do; a Ctrl-C meanwhile stopped the command with a
KeyboardInterrupt traceback from whatever module was being imported (or an ImportError's:
NumPy makes one of it). Here it stops it as anywhere else: one line on standard error,
exit status 130 (128 + SIGINT); SIGTERM and SIGHUP meanwhile likewise (143, 129), which
used to end it silently. This module imports nothing of the program's before that
``try``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

STOPPED = 130  # the exit status of a command Ctrl-C stopped (128 + SIGINT)


# what stops the command while it loads, besides Ctrl-C: a logout or ``kill`` (SIGTERM) and
# a closed terminal (SIGHUP), each with its exit status (128 + the signal's number)
STOPPING: dict[int, int] = {signal.SIGINT: STOPPED, signal.SIGTERM: 128 + signal.SIGTERM}
if hasattr(signal, "SIGHUP"):
    STOPPING[signal.SIGHUP] = 128 + signal.SIGHUP


def main() -> int:
    came: list[int] = []

    def stop(signum, frame):
        came.append(signum)
        raise KeyboardInterrupt

    # (each left alone if it is not at its default: Ctrl-C ignored in a job started with
    # nohup or `&`, SIGHUP ignored under nohup)
    taken = {signum: signal.getsignal(signum) for signum in STOPPING
             if signal.getsignal(signum) is (signal.default_int_handler
                                             if signum == signal.SIGINT else signal.SIG_DFL)}
    for signum in taken:
        signal.signal(signum, stop)
    try:
        from cribbage_gui.cli import main as run
    except BaseException:
        # a KeyboardInterrupt, or what an extension module made of it (NumPy turns one
        # raised while it imports into an ImportError)
        if not came:
            raise
        _stopped(came[0])
        # nothing has run yet but imports, so nothing to clean up; and exiting at once
        # spares the interpreter's exit, which (a KeyboardInterrupt seen while importing,
        # in some module) could still end the process by SIGINT instead of this status
        sys.stderr.flush()
        os._exit(STOPPING[came[0]])
    finally:
        for signum, previous in taken.items():
            signal.signal(signum, previous)
    try:
        return run()
    except KeyboardInterrupt:
        return _stopped(signal.SIGINT)


def _stopped(signum: int) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: no traceback
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    with contextlib.suppress(OSError):  # (a closed terminal: nowhere to say it)
        print(f"cribbage: stopped ({name})", file=sys.stderr)
    return STOPPING[signum]


if __name__ == "__main__":
    sys.exit(main())
