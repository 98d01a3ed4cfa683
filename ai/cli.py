"""Command-line front ends for the AI layer: ``cribbage match``, ``cribbage tournament``,
``cribbage bench-match`` and ``cribbage engine``. None of them imports Qt; the tournament's
chart is drawn by a function the top-level command passes in
(``cribbage_gui.plots.tournament_chart``), only when asked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm

from ai.match.jobs import add_backend_arguments, backend_from
from ai.match.runner import run_match
from ai.registry import available_players
from engine.errors import UsageError
from engine.events import SOURCES

Chart = Callable[[dict, Path], Path]


def register(subparsers: argparse._SubParsersAction,
             tournament_chart: Chart | None = None) -> None:
    """Add ``match``, ``engine``, ``tournament`` and ``bench-match``;
    ``tournament_chart(results, path)`` draws the PNG that ``tournament --out`` writes
    beside results.json."""
    names = ", ".join(p.name for p in available_players())
    p = subparsers.add_parser(
        "match", help="play a match between two computer players",
        description=f"Play GAMES games between players A and B (A in seat 0; first deal "
                    f"alternates) and print the results. Players: {names}.",
        epilog="example: cribbage match mueller heuristic --games 1000 --seed 1")
    p.add_argument("player_a", metavar="A")
    p.add_argument("player_b", metavar="B")
    p.add_argument("--games", "-n", type=int, default=100)
    p.add_argument("--seed", "-s", type=int, default=0)
    p.add_argument("--workers", "-w", type=int, default=1,
                   help=f"processes to use (this machine has {os.cpu_count()} cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--referee", action="store_true",
                   help="play every game through the Python referee and players "
                        "(slower; times each decision); games between built-in players run "
                        "compiled otherwise, the same games")
    p.add_argument("--save-games", metavar="DIR",
                   help="write every game to DIR as a game file (.crib.json), to review "
                        "or open later")
    p.add_argument("--best-of", type=int, default=1, metavar="N",
                   help="play GAMES matches of best of N games (odd) scored in ACC points "
                        "(2 a win, 3 a skunk; the loser of a game deals the next): matches "
                        "won, and ACC points a game with A's net and its 95%% interval")
    add_backend_arguments(p)
    p.set_defaults(handler=_match)

    e = subparsers.add_parser(
        "engine", help="serve one of our players over the external-engine protocol",
        description="Answer the JSON-lines protocol of ai.external on stdin and stdout with "
                    "one of our players, so other programs (or ext:) can play against it.",
        epilog="example: cribbage match mueller 'ext:cribbage engine heuristic'")
    e.add_argument("player", metavar="NAME")
    e.add_argument("--seed", "-s", type=int, default=None)
    e.set_defaults(handler=_engine)

    t = subparsers.add_parser(
        "tournament", help="a round robin between computer players, with Elo ratings",
        description="Every pair plays N games. --duplicate plays each sequence of deals "
                    "twice with the seats swapped, so the luck of the cards cancels. Prints "
                    "the win-rate matrix with 95% intervals, ACC points, Elo ratings with "
                    "intervals, per-deal points and skunk rates; stores the run in the "
                    "history database.",
        epilog="example: cribbage tournament random heuristic mueller expert --games 2000 "
               "--duplicate --workers 2 --out results/")
    t.add_argument("players", nargs="+", metavar="PLAYER")
    t.add_argument("--games", "-n", type=int, default=200, help="games per pair")
    t.add_argument("--seed", "-s", type=int, default=0)
    t.add_argument("--duplicate", action="store_true")
    t.add_argument("--workers", "-j", type=int, default=os.cpu_count() or 1)
    t.add_argument("--json", action="store_true", help="print the results as JSON")
    t.add_argument("--out", type=Path, help="write results.json (and results.png) here")
    t.add_argument("--ratings-out", type=Path, help="write the players' ratings (JSON)")
    t.add_argument("--no-store", action="store_true", help="do not add it to the database")
    t.add_argument("--referee", action="store_true",
                   help="play every game through the Python referee and players "
                        "(slower; times each decision); games between built-in players run "
                        "compiled otherwise, the same games")
    t.add_argument("--save-games", metavar="DIR",
                   help="write every game to DIR as a game file (.crib.json)")
    add_backend_arguments(t)
    t.set_defaults(handler=lambda args: _tournament(args, tournament_chart))

    r = subparsers.add_parser(
        "review", help="rate every decision of a game with the expert",
        description="Replay a game file (.crib.json) and rate each player's decisions "
                    "(discards and cards played) against the expert's: the best option, "
                    "the expected points and the chance of winning given up, marks "
                    "(inaccuracy from 2%% of the chance of winning, mistake from 5%%, "
                    "blunder from 10%%) and each player's accuracy. A game of a match "
                    "scored in ACC points (the window's matches) is judged by expected ACC "
                    "points instead, as the computer plays there.",
        epilog="example: cribbage review games/expert-v-random-seed4-game0000.crib.json "
               "--json")
    r.add_argument("file", nargs="?", metavar="FILE", help="a game file (.crib.json)")
    r.add_argument("--last", action="store_true",
                   help="review the latest game of the history (games played in the window)")
    r.add_argument("--objective", choices=("win", "acc"), default=None,
                   help="judge by the chance of winning the game (win) or by expected ACC "
                        "match points (acc); default: acc for a game of a match, else win")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.set_defaults(handler=_review)

    b = subparsers.add_parser(
        "bench-match", help="measure how fast compiled matches run (and check them)",
        description="Print the games per second of mueller v heuristic in one process "
                    "(compiled and refereed) and of the six-level duplicate tournament; "
                    "with --verify N, play N games of every pairing both ways (compiled "
                    "and through the referee) and check they are identical.",
        epilog="example: cribbage bench-match --verify 1000")
    b.add_argument("--games", "-n", type=int, default=1000,
                   help="games of the one-process match")
    b.add_argument("--tournament-games", type=int, default=100, help="games per pair")
    b.add_argument("--workers", "-j", type=int, default=2)
    b.add_argument("--verify", type=int, default=0, metavar="N",
                   help="also check N games of every pairing (compiled = refereed)")
    b.set_defaults(handler=_bench_match)


def _bench_match(args: argparse.Namespace) -> int:
    from ai.match.bench import bench_match

    if min(args.games, args.tournament_games, args.workers) < 1 or args.verify < 0:
        raise UsageError("--games, --tournament-games and --workers must be at least 1, "
                         "--verify at least 0")
    try:
        bench_match(args.games, max(1, args.games // 10), args.tournament_games,
                    args.workers, args.verify)
    except AssertionError as exc:
        print(f"cribbage bench-match: {exc}", file=sys.stderr)
        return 1
    return 0


def _engine(args: argparse.Namespace) -> int:
    from ai.external import serve
    from ai.registry import make_player

    return serve(make_player(args.player, seed=args.seed), name=args.player)


def _match(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.best_of != 1:
        return _best_of(args)
    with tqdm(total=args.games, unit="game", desc=f"{args.player_a} v {args.player_b}",
              disable=None, leave=False) as bar:
        summary = run_match(args.player_a, args.player_b, args.games, args.seed,
                            workers=args.workers, progress=bar.update,
                            referee=args.referee, save_games=args.save_games,
                            backend=backend_from(args))
    _stopped_early("match", summary["stopped_early"], summary["games"], args.games, "games")
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
    return STOPPED if summary["stopped_early"] else 0


STOPPED = 130  # the exit status of a run Ctrl-C stopped (128 + SIGINT), figures printed


def _stopped_early(command: str, stopped: bool, done: int, asked: int, what: str) -> None:
    """Say so when a run was stopped (Ctrl-C): the figures printed are those of the work
    finished."""
    if stopped:
        print(f"cribbage {command}: stopped early: {done:,} of {asked:,} {what} finished; "
              f"the figures are theirs", file=sys.stderr)


def _best_of(args: argparse.Namespace) -> int:
    from ai.match.matchplay import run_matches

    if args.save_games:
        raise UsageError("--save-games is for single games; leave it out with --best-of")
    if args.best_of < 1 or args.best_of % 2 == 0:
        raise UsageError(f"--best-of takes an odd number of games, not {args.best_of}")
    with tqdm(total=args.games, unit="match", desc=f"{args.player_a} v {args.player_b}",
              disable=None, leave=False) as bar:
        summary = run_matches(args.player_a, args.player_b, args.games, args.best_of,
                              args.seed, workers=args.workers, progress=bar.update,
                              referee=args.referee, backend=backend_from(args))
    _stopped_early("match", summary["stopped_early"], summary["matches"], args.games,
                   "matches")
    status = STOPPED if summary["stopped_early"] else 0
    if args.json:
        print(json.dumps(summary, indent=1))
        return status
    a, b = summary["player_a"], summary["player_b"]
    lo, hi = summary["match_ci95_a"]
    net_lo, net_hi = summary["acc_net_ci95_a"]
    print(f"{summary['matches']:,} matches of best of {args.best_of} "
          f"({summary['games_per_match']:.2f} games a match)")
    print(f"matches won: {a} {summary['match_wins_a']:,}, {b} {summary['match_wins_b']:,} "
          f"({summary['match_win_rate_a']:.1%} for {a}, 95% CI {lo:.1%} to {hi:.1%})")
    print(f"ACC points a game: {a} {summary['acc_points_per_game_a']:.3f}, {b} "
          f"{summary['acc_points_per_game_b']:.3f}; {a}'s net "
          f"{summary['acc_net_per_game_a']:+.3f} (95% CI {net_lo:+.3f} to {net_hi:+.3f})")
    print()
    print(format_summary(summary))
    return status


def format_summary(s: dict) -> str:
    a, b = s["player_a"], s["player_b"]
    lo, hi = s["ci95_a"]
    width = max(12, len(a), len(b)) + 2
    lines = [
        f"{a} v {b}: {s['games']:,} games, seed {s['seed']} "
        f"({s['elapsed_s']:.1f} s, {s['games_per_s']:.1f} games/s)",
        "",
        f"{'':<22}{a:>{width}}{b:>{width}}",
        f"{'wins':<22}{s['wins_a']:>{width},}{s['wins_b']:>{width},}",
        f"{'win rate':<22}{s['win_rate_a']:>{width}.1%}{1 - s['win_rate_a']:>{width}.1%}"
        f"   (95% CI for {a}: {lo:.1%} to {hi:.1%})",
        f"{'skunks':<22}{s['skunks_a']:>{width},}{s['skunks_b']:>{width},}",
        f"{'double skunks':<22}{s['double_skunks_a']:>{width},}"
        f"{s['double_skunks_b']:>{width},}",
        "points per complete deal:",
    ]
    pa, pb = s["points_per_deal_a"], s["points_per_deal_b"]
    for source in (*SOURCES, "total"):
        if source != "total" and not (pa[source] or pb[source]):
            continue  # e.g. muggins, which only a person counting by hand can give away
        lines.append(f"  {source.replace('_', ' '):<20}{pa[source]:>{width}.2f}"
                     f"{pb[source]:>{width}.2f}")
    for role in ("dealer", "pone"):
        ra = s["points_per_deal_by_role_a"][role]
        rb = s["points_per_deal_by_role_b"][role]
        lines.append(f"  as {role:<17}{ra['total']:>{width}.2f}{rb['total']:>{width}.2f}"
                     f"   (pegging {ra['pegging']:.2f} / {rb['pegging']:.2f})")
    def ms(value: float | None) -> str:
        return f"{value:>{width}.2f}" if value is not None else f"{'-':>{width}}"

    if s.get("compiled_games", 0) < s["games"]:
        lines += [
            f"{'decision ms (median)':<22}{ms(s['decision_ms_median_a'])}"
            f"{ms(s['decision_ms_median_b'])}",
            f"{'decision ms (p95)':<22}{ms(s['decision_ms_p95_a'])}{ms(s['decision_ms_p95_b'])}",
        ]
    else:
        lines.append("played compiled (no decision times; --referee times each decision)")
    lines += [
        "",
        f"first dealer won {s['first_dealer_win_rate']:.1%} of games; "
        f"{s['deals_per_game']:.2f} deals per game",
    ]
    if s.get("forfeit_reasons"):
        lines.append(f"forfeits: {a} {s['forfeits_a']}, {b} {s['forfeits_b']}")
        lines += [f"  {reason}" for reason in s["forfeit_reasons"]]
    return "\n".join(lines)


def _tournament(args: argparse.Namespace, chart: Chart | None) -> int:
    from ai.match.report import format_table, store, write_ratings
    from ai.match.tournament import run_tournament
    from ai.paths import HISTORY_NAME, data_dir

    pairs = len(args.players) * (len(args.players) - 1) // 2
    total = pairs * (2 * ((args.games + 1) // 2) if args.duplicate else args.games)
    with tqdm(total=total, unit="game", desc="tournament", disable=None) as bar:
        results = run_tournament(args.players, args.games, args.seed, args.duplicate,
                                 args.workers, progress=bar.update, referee=args.referee,
                                 save_games=args.save_games, backend=backend_from(args))
    _stopped_early("tournament", results["stopped_early"],
                   sum(p["games"] for p in results["pairs"]), total, "games")
    results["games_per_pair"] = args.games
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(format_table(results))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "results.json").write_text(json.dumps(results, indent=1))
        if chart is not None:
            try:
                chart(results, args.out / "results.png")
            except ImportError as exc:  # a machine without Qt: the figures are still there
                print(f"cribbage tournament: no results.png ({exc})", file=sys.stderr)
    if results["stopped_early"]:  # part of a run: neither ratings nor the history
        print("cribbage tournament: not added to the history, no ratings written",
              file=sys.stderr)
        return STOPPED
    if args.ratings_out:
        write_ratings(results, args.ratings_out)
    if not args.no_store:
        store(data_dir() / HISTORY_NAME, results)
    return 0


def _review(args: argparse.Namespace) -> int:
    from ai import gamefile
    from ai.review import format_review, objective_of, review_game

    if (args.file is None) == (not args.last):
        raise UsageError("give a game file, or --last for the latest game of the history")
    if args.last:
        from ai.history import latest_game_file
        from ai.paths import HISTORY_NAME, data_dir

        file = latest_game_file(data_dir() / HISTORY_NAME)
    else:
        try:
            file = gamefile.read(args.file)
        except gamefile.GameFileError as exc:
            raise UsageError(str(exc)) from exc
    with tqdm(total=len(file.game.actions), unit="action", desc="review", disable=None,
              leave=False) as bar:
        review = review_game(file.game, file.players,
                             progress=lambda done, total: bar.update(done - bar.n),
                             objective=args.objective or objective_of(file.context))
    if args.json:
        print(json.dumps(review.to_dict(), indent=1))
    else:
        print(format_review(review))
    return 0
