"""The ``cribbage`` command: one entry point for every subcommand.

Each layer registers its own subcommands (``engine``: count, analyze, bench; ``ai``: match,
tournament, engine, train; ``cribbage_gui``: watch, weights-plot, screenshots, bench-gui), so
no layer imports the ones above it; this module, at the top, only wires them together and
dispatches. Importing it loads no Qt: the GUI commands import Qt when they run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

from ai.training import cli as training_cli
from cribbage_gui.commands import bench as gui_bench
from cribbage_gui.commands import screenshots
from cribbage_gui.commands import watch as commands
from cribbage_gui.panels import plots
from cribbage_gui.services import match_commands as ai_cli
from cribbage_gui.services.practice import cli as practice_cli
from engine import bench as engine_bench
from engine import cli as engine_cli
from engine.arguments import CommandParser


def version() -> str:
    """The installed version ("0.1.0"), from the package's metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("cribbage")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="cribbage",
        description="Two-player cribbage against strong, transparent computer opponents. "
                    "With no command, opens the game window.")
    parser.add_argument("--version", action="version", version=f"cribbage {version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    engine_cli.register(subparsers)
    engine_bench.register(subparsers)
    ai_cli.register(subparsers, tournament_chart=plots.tournament_chart)
    training_cli.register(subparsers)
    practice_cli.register(subparsers)
    gui_bench.register(subparsers)
    plots.register(subparsers)
    commands.register(subparsers)
    screenshots.register(subparsers)
    return parser


TERMINATED = 143  # the exit status of a command SIGTERM stopped (128 + SIGTERM)
# SIGTERM (kill, timeout, a logout) and SIGHUP (the terminal closed) stop a run as Ctrl-C
# does; the exit status is 128 + the signal's number
STOPPING: dict[int, int] = {signal.SIGTERM: TERMINATED}
if hasattr(signal, "SIGHUP"):
    STOPPING[signal.SIGHUP] = 128 + signal.SIGHUP
# the commands whose end these leave alone: the engine's is its referee's to make, and
# the window's commands quit on them as the window does (cribbage_gui.application)
OWN_SIGTERM = frozenset({"engine", "watch", "screenshots"})


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from cribbage_gui.application import run_gui

        return run_gui()
    with _stop_signals_as_ctrl_c(args.command not in OWN_SIGTERM) as stopped_by:
        try:
            status = engine_cli.run(args.handler, args, parser)
        except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except KeyboardInterrupt:
            if not stopped_by:
                raise
            _say(f"cribbage {args.command}: stopped ({signal.Signals(stopped_by[0]).name})")
            return STOPPING[stopped_by[0]]
    if stopped_by and status == ai_cli.STOPPED:
        return STOPPING[stopped_by[0]]
    return status


def _say(line: str) -> None:
    """A line on stderr, if there is still somewhere to say it (a closed terminal: not)."""
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr)


@contextlib.contextmanager
def _stop_signals_as_ctrl_c(wanted: bool) -> Iterator[list[int]]:
    """SIGTERM (``kill``, a logout, ``timeout``) and SIGHUP (the terminal closed) stop a
    command as Ctrl-C does: a match or a tournament prints the figures of the games
    finished, the table builders write nothing, the workers are stopped; then the status is
    128 + the signal (:data:`STOPPING`). (They used to end the process on the spot: no
    figures, its workers left behind, and Python's warning of leaked semaphores.) The
    signal is made a Ctrl-C of this process, so it takes Ctrl-C's path exactly, noted and
    not raised where the workers or Ray start. A signal this process was started ignoring
    stays ignored (``nohup``'s SIGHUP). The list yielded gets the signal when it came."""
    stopped_by: list[int] = []
    if not wanted or threading.current_thread() is not threading.main_thread():
        yield stopped_by
        return
    taken = [signum for signum in STOPPING if signal.getsignal(signum) is signal.SIG_DFL]

    def as_ctrl_c(signum, frame) -> None:
        if stopped_by:  # (a second one while stopping: the first is being answered)
            return
        stopped_by.append(signum)
        if callable(signal.getsignal(signal.SIGINT)):
            signal.raise_signal(signal.SIGINT)  # (noted, where the workers start)
        else:  # Ctrl-C ignored (a job started with nohup or `&`): this still stops it
            raise KeyboardInterrupt

    for signum in taken:
        signal.signal(signum, as_ctrl_c)
    try:
        yield stopped_by
    finally:
        for signum in taken:
            signal.signal(signum, signal.SIG_DFL)


if __name__ == "__main__":
    sys.exit(main())
