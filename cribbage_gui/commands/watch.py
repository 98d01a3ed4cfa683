"""The window's own commands that are not a picture or a benchmark: ``cribbage watch``.
Qt is imported only when the command runs, so the command line starts without it."""

from __future__ import annotations

import argparse
import sys

from engine.arguments import seed, whole
from engine.errors import UsageError

# games a watch shows one after another, each at the table's pace (minutes a game): more
# is a mistyped number (the window keeps each game's outcome and record)
MAX_WATCHED = 10_000
MAX_DELAY_MS = 60_000  # a minute after each event


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "watch", help="watch two computer players in the game window",
        description="Open the window straight into a match between two computer players, "
                    "both hands face up, their reasoning live.",
        epilog="example: cribbage watch mueller heuristic --games 3")
    p.add_argument("player_a", metavar="A")
    p.add_argument("player_b", metavar="B")
    p.add_argument("--games", "-n", type=whole(1, MAX_WATCHED, "games"), default=1)
    p.add_argument("--seed", "-s", type=seed, default=0)
    p.add_argument("--delay-ms", type=whole(0, MAX_DELAY_MS, "ms"), default=None,
                   help="pause this long after every event (0: as fast as possible)")
    p.add_argument("--quit-when-done", action="store_true",
                   help="exit after the last game, printing one summary line (an internal "
                   "error: one line on stderr and exit status 1, no dialog)")
    p.set_defaults(handler=_watch)


def _watch(args: argparse.Namespace) -> int:
    from ai import make_player
    from ai.registry import canonical_name
    from cribbage_gui.application import run_gui
    from cribbage_gui.services.match_commands import say_timeout_problems
    from cribbage_gui.table.watching import WatchSetup

    players = canonical_name(args.player_a), canonical_name(args.player_b)
    say_timeout_problems("watch", list(players))
    for name in players:
        make_player(name).close()  # a clear error for a bad name, before the window opens
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    setup = WatchSetup(players, args.games, args.seed)
    return run_gui(sys.argv[:1], watch=(setup, args.delay_ms, args.quit_when_done))
