"""The window's own commands that are not a picture or a benchmark: ``cribbage watch``.
Qt is imported only when the command runs, so the command line starts without it."""

from __future__ import annotations

import argparse
import sys

from engine.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
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
