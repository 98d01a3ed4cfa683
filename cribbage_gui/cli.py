"""The ``cribbage`` command: one entry point for every subcommand.

Each layer registers its own subcommands (``engine``: count, analyze, bench; ``ai``: match,
tournament, engine, train; ``cribbage_gui``: watch, weights-plot, screenshots, bench-gui), so
no layer imports the ones above it; this module, at the top, only wires them together and
dispatches. Importing it loads no Qt: the GUI commands import Qt when they run.
"""

from __future__ import annotations

import argparse
import os
import sys

from ai import cli as ai_cli
from ai.practice import cli as practice_cli
from ai.training import cli as training_cli
from cribbage_gui import bench as gui_bench
from cribbage_gui import commands, plots, screenshots
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from cribbage_gui.app import run_gui

        return run_gui()
    try:
        return engine_cli.run(args.handler, args, parser)
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
