"""The ``cribbage`` command: one entry point for every subcommand.

Each layer registers its own subcommands (``engine.cli``: count, analyze, bench), so the
engine never imports the layers above it; this module, at the top, wires them together.
"""

from __future__ import annotations

import argparse
import os
import sys

from ai import cli as ai_cli
from ai.training import cli as training_cli
from cribbage_gui import bench as gui_bench
from cribbage_gui import plots
from engine import bench as engine_bench
from engine import cli as engine_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cribbage",
        description="Two-player cribbage against strong, transparent computer opponents. "
                    "With no command, opens the game window.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    engine_cli.register(subparsers)
    engine_bench.register(subparsers)
    ai_cli.register(subparsers)
    training_cli.register(subparsers)
    gui_bench.register(subparsers)
    plots.register(subparsers)
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
