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
from cribbage_gui import plots, screenshots
from engine import bench as engine_bench
from engine import cli as engine_cli
from engine.errors import UsageError


def _register_watch(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "watch", help="watch two computer players in the game window",
        description="Open the window straight into a match between two computer players, "
                    "both hands face up, their reasoning live.",
        epilog="example: cribbage watch mueller heuristic --games 3")
    p.add_argument("player_a", metavar="A")
    p.add_argument("player_b", metavar="B")
    p.add_argument("--games", "-n", type=int, default=1)
    p.add_argument("--seed", "-s", type=int, default=0)
    p.add_argument("--delay-ms", type=int, default=None,
                   help="pause this long after every event (0: as fast as possible)")
    p.add_argument("--quit-when-done", action="store_true",
                   help="exit after the last game, printing one summary line")
    p.set_defaults(handler=_watch)


def _watch(args: argparse.Namespace) -> int:
    from ai import make_player
    from cribbage_gui.app import run_gui
    from cribbage_gui.watching import WatchSetup

    make_player(args.player_a), make_player(args.player_b)  # a clear error for bad names
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    setup = WatchSetup((args.player_a, args.player_b), args.games, args.seed)
    return run_gui(sys.argv[:1], watch=(setup, args.delay_ms, args.quit_when_done))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cribbage",
        description="Two-player cribbage against strong, transparent computer opponents. "
                    "With no command, opens the game window.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    engine_cli.register(subparsers)
    engine_bench.register(subparsers)
    ai_cli.register(subparsers, tournament_chart=plots.tournament_chart)
    training_cli.register(subparsers)
    gui_bench.register(subparsers)
    plots.register(subparsers)
    _register_watch(subparsers)
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
