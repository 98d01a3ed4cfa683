"""Command-line front ends for the AI layer: ``cribbage match``, ``cribbage tournament``,
``cribbage bench-match`` and ``cribbage engine``. None of them imports Qt; the tournament's
chart is drawn by a function the top-level command passes in
(``cribbage_gui.panels.plots.tournament_chart``), only when asked.
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
from ai.match.matchplay import MAX_BEST_OF
from ai.match.runner import MAX_GAMES, run_match
from ai.match.tournament import MAX_PLAYERS
from ai.registry import canonical_name, known_names
from cribbage_gui.services.gamefile import GameSaver
from engine import arguments
from engine.arguments import output_file, output_folder, seed, whole, workers
from engine.errors import CribbageError, UsageError
from engine.events import SOURCES
from engine.rules import VARIANT, VARIANTS

Chart = Callable[[dict, Path], Path]


def register(subparsers: argparse._SubParsersAction,
             tournament_chart: Chart | None = None) -> None:
    """Add ``match``, ``engine``, ``tournament`` and ``bench-match``;
    ``tournament_chart(results, path)`` draws the PNG that ``tournament --out`` writes
    beside results.json."""
    names = known_names()
    games = whole(1, MAX_GAMES, "games")
    p = subparsers.add_parser(
        "match", help="play a match between two computer players (or three or four)",
        description=f"Play GAMES games between players A and B (A in seat 0; first deal "
                    f"alternates) and print the results. Players (in any case): {names}. "
                    f"With --variant, two to four players seated in the order given (in "
                    f"four-player the first and third are partners).",
        epilog="examples: cribbage match mueller heuristic --games 1000 --seed 1; "
               "cribbage match heuristic random random --variant three-player")
    p.add_argument("player_a", metavar="A")
    p.add_argument("player_b", metavar="B")
    p.add_argument("more", nargs="*", metavar="C D",
                   help="a third and fourth player (three-player, four-player)")
    p.add_argument("--variant", choices=tuple(VARIANTS), default=VARIANT,
                   help="the game: six-card (the default), five-card, three-player or "
                        "four-player (docs/variants.md)")
    p.add_argument("--games", "-n", type=games, default=100,
                   help=f"games to play (at most {MAX_GAMES:,}); with --best-of, matches")
    p.add_argument("--seed", "-s", type=seed, default=0)
    p.add_argument("--workers", "-w", type=workers, default=1,
                   help=f"processes to use (this machine has {os.cpu_count()} cores; at "
                        f"most {arguments.max_workers()})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--referee", action="store_true",
                   help="play every game through the Python referee and players "
                        "(slower; times each decision); games between built-in players run "
                        "compiled otherwise, the same games")
    p.add_argument("--save-games", metavar="DIR", type=output_folder,
                   help="write every game to DIR as a game file (.crib.json), to review "
                        "or open later")
    p.add_argument("--best-of", type=whole(1, MAX_BEST_OF, "games"), default=1, metavar="N",
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
    e.add_argument("--seed", "-s", type=seed, default=None)
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
    t.add_argument("players", nargs="+", metavar="PLAYER",
                   help=f"two to {MAX_PLAYERS} players (in any case): {names}")
    t.add_argument("--variant", choices=tuple(VARIANTS), default=VARIANT,
                   help="the game: six-card (the default, a round robin of pairs), "
                        "five-card, three-player or four-player: every table of the "
                        "variant's players, at every seating, on the same deals "
                        "(docs/variants.md)")
    t.add_argument("--games", "-n", type=games, default=200,
                   help="games per pair (with --variant, per table)")
    t.add_argument("--seed", "-s", type=seed, default=0)
    t.add_argument("--duplicate", action="store_true")
    t.add_argument("--workers", "-j", type=workers, default=os.cpu_count() or 1)
    t.add_argument("--json", action="store_true", help="print the results as JSON")
    t.add_argument("--out", type=_results_folder,
                   help="write results.json (and results.png) here")
    t.add_argument("--ratings-out", type=output_file,
                   help="write the players' ratings (JSON)")
    t.add_argument("--no-store", action="store_true", help="do not add it to the database")
    t.add_argument("--referee", action="store_true",
                   help="play every game through the Python referee and players "
                        "(slower; times each decision); games between built-in players run "
                        "compiled otherwise, the same games")
    t.add_argument("--save-games", metavar="DIR", type=output_folder,
                   help="write every game to DIR as a game file (.crib.json)")
    add_backend_arguments(t)
    t.set_defaults(handler=lambda args: _tournament(args, tournament_chart))

    r = subparsers.add_parser(
        "review", help="rate every decision of a game with the expert",
        description="Replay a game file (.crib.json) and rate each player's decisions "
                    "(discards and cards played) against the expert's: the best option, "
                    "the expected points and the chance of winning given up, marks "
                    "(inaccuracy from 2% of the chance of winning, mistake from 5%, "
                    "blunder from 10%) and each player's accuracy. A game of a match "
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
        description="Print the searches per second of the expert's play search, the games "
                    "per second of random v random and mueller v heuristic in one process "
                    "(compiled and refereed) and of the six-level duplicate tournament; "
                    "with --verify N, play N games of every pairing both ways (compiled "
                    "and through the referee) and check they are identical.",
        epilog="example: cribbage bench-match --verify 1000")
    b.add_argument("--games", "-n", type=games, default=1000,
                   help="games of the one-process match")
    b.add_argument("--tournament-games", type=games, default=100, help="games per pair")
    b.add_argument("--workers", "-j", type=workers, default=2)
    b.add_argument("--verify", type=whole(0, MAX_GAMES, "games"), default=0, metavar="N",
                   help="also check N games of every pairing (compiled = refereed)")
    b.set_defaults(handler=_bench_match)
    _register_bench_env(subparsers)


def _register_bench_env(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "bench-env", help="measure the reinforcement-learning environments (steps/s)",
        description="Random agents play GAMES games in the PettingZoo environment (both "
                    "seats) and in the Gymnasium one (one agent against random); prints "
                    "the steps a second of each (ai.env). Needs the env extra: "
                    "pip install -e '.[env]'.",
        epilog="example: cribbage bench-env --games 500")
    p.add_argument("--games", "-n", type=whole(1, 100_000), default=200)
    p.add_argument("--seed", "-s", type=seed, default=0)
    p.set_defaults(handler=_bench_env)


def _bench_env(args: argparse.Namespace) -> int:
    try:
        from ai.env import bench
    except ImportError as exc:
        raise UsageError(f"the environments need the env extra ({exc.name} is missing): "
                         f"pip install -e '.[env]'") from exc
    figures = bench(args.games, args.seed)
    print(f"{figures['games']:,} games of random agents: PettingZoo AEC "
          f"{figures['aec_steps_per_s']:,.0f} steps/s (both seats), Gymnasium against "
          f"random {figures['gym_steps_per_s']:,.0f} steps/s")
    return 0


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
    import io

    from ai.registry import make_player
    from ai.serving import serve

    name = canonical_name(args.player)
    if sys.stdout is None:  # (started with its output closed: `>&-`)
        raise EngineOutputError("there is no standard output to answer on")
    player = make_player(name, seed=args.seed)
    # the protocol is UTF-8 whatever the locale; a byte that is not is replaced, so the line
    # is refused as it reads, not the engine ended (a strict locale: UnicodeDecodeError)
    stdin = io.StringIO() if sys.stdin is None else sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(encoding="utf-8", errors="replace")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    return serve(player, stdin, sys.stdout, name=name)


class EngineOutputError(CribbageError):
    """``cribbage engine`` has nowhere to answer."""

    exit_status = 1


def say_timeout_problems(command: str, names: list[str]) -> None:
    """Say once, before the run, what is wrong with the engines' time settings when an
    ``ext:`` engine plays (the workers read the settings again, silently)."""
    from ai.external import timeout_problems

    for problem in timeout_problems(names):
        print(f"cribbage {command}: {problem}", file=sys.stderr)


def _match(args: argparse.Namespace) -> int:
    if args.variant != VARIANT or args.more:
        return _variant_match(args)
    args.player_a, args.player_b = canonical_name(args.player_a), canonical_name(args.player_b)
    say_timeout_problems("match", [args.player_a, args.player_b])
    if args.best_of != 1:
        return _best_of(args)
    with tqdm(total=args.games, unit="game", desc=f"{args.player_a} v {args.player_b}",
              disable=None, leave=False) as bar:
        summary = run_match(args.player_a, args.player_b, args.games, args.seed,
                            workers=args.workers, progress=bar.update,
                            referee=args.referee, save_games=_saver(args, "match"),
                            backend=backend_from(args))
    _stopped_early("match", summary["stopped_early"], summary["games"], args.games, "games")
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
    return STOPPED if summary["stopped_early"] else 0


def _variant_match(args: argparse.Namespace) -> int:
    """``cribbage match A B [C [D]] --variant NAME``: through the referee, one process."""
    from ai.match.variant import run_variant_match

    rules = VARIANTS[args.variant]
    names = [canonical_name(n) for n in (args.player_a, args.player_b, *args.more)]
    if len(names) != rules.players:
        raise UsageError(f"{args.variant} is played by {rules.players} players, not "
                         f"{len(names)}" + ("" if args.variant != VARIANT else
                                            " (--variant three-player or four-player)"))
    if args.best_of != 1:
        raise UsageError("--best-of plays the two-player six-card game only")
    say_timeout_problems("match", names)
    with tqdm(total=args.games, unit="game", desc=" v ".join(names), disable=None,
              leave=False) as bar:
        try:
            summary = run_variant_match(names, rules, args.games, args.seed,
                                        progress=bar.update,
                                        save_games=_saver(args, "match"))
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    _stopped_early("match", summary["stopped_early"], summary["games"], args.games, "games")
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_variant_summary(summary))
    return STOPPED if summary["stopped_early"] else 0


def format_variant_summary(s: dict) -> str:
    """The variant match's result in a few lines: each side's wins and players."""
    lines = [f"{s['variant']}: {s['games']:,} games, seed {s['seed']}, "
             f"{s['deals_per_game']:.2f} deals a game"]
    for side, seats in enumerate(s["sides"]):
        who = " and ".join(f"{s['players'][seat]} (seat {seat})" for seat in seats)
        wins = s["side_wins"][side]
        lines.append(f"  {who}: won {wins:,} ({wins / max(1, s['games']):.1%}), "
                     f"{s['skunks'][side]:,} by a skunk; points a deal "
                     + ", ".join(f"{s['points_per_deal'][seat]:.2f}" for seat in seats))
    return "\n".join(lines)


def _saver(args: argparse.Namespace, kind: str) -> GameSaver | None:
    """``--save-games DIR`` as the runs take it: each game written there as a game file."""
    return None if args.save_games is None else GameSaver(args.save_games, kind)


STOPPED = 130  # the exit status of a run Ctrl-C stopped (128 + SIGINT), figures printed


def _stopped_early(command: str, stopped: bool, done: int, asked: int, what: str,
                   more: str = "") -> None:
    """Say so, in one line, when a run was stopped (Ctrl-C, SIGTERM, SIGHUP): the figures
    printed are those of the work finished (and ``more``: what was not done with them)."""
    if stopped:
        print(f"cribbage {command}: stopped early: {done:,} of {asked:,} {what} finished; "
              f"the figures are theirs{more}", file=sys.stderr)


def _best_of(args: argparse.Namespace) -> int:
    from ai.match.matchplay import check_length, run_matches

    if args.save_games:
        raise UsageError("--save-games is for single games; leave it out with --best-of")
    check_length(args.best_of)
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


RESULTS = ("results.json", "results.png")  # what tournament --out writes


def _results_folder(text: str) -> Path:
    """tournament --out: a folder results.json and results.png can be written into."""
    try:
        return arguments.check_output_folder(text, RESULTS)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _tournament(args: argparse.Namespace, chart: Chart | None) -> int:
    from ai.match.report import format_table, write_ratings
    from ai.match.tournament import run_tournament
    from cribbage_gui.services.tournament_runs import check_history, store

    if args.variant != VARIANT:
        return _variant_tournament(args)
    args.players = [canonical_name(name) for name in args.players]
    if len(args.players) > MAX_PLAYERS:
        raise UsageError(f"a tournament takes at most {MAX_PLAYERS} players, not "
                         f"{len(args.players)}")
    say_timeout_problems("tournament", args.players)
    history = None if args.no_store else check_history()  # before the games, not after
    pairs = len(args.players) * (len(args.players) - 1) // 2
    total = pairs * (2 * ((args.games + 1) // 2) if args.duplicate else args.games)
    with tqdm(total=total, unit="game", desc="tournament", disable=None) as bar:
        results = run_tournament(args.players, args.games, args.seed, args.duplicate,
                                 args.workers, progress=bar.update, referee=args.referee,
                                 save_games=_saver(args, "tournament"),
                                 backend=backend_from(args))
    _stopped_early("tournament", results["stopped_early"],
                   sum(p["games"] for p in results["pairs"]), total, "games",
                   ", not rated, not added to the history" +
                   (", no ratings written" if args.ratings_out else ""))
    results["games_per_pair"] = args.games
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(format_table(results))
    if args.out:
        _write_results(results, args.out, chart)
    if results["stopped_early"]:  # part of a run: neither ratings nor the history
        return STOPPED
    if args.ratings_out:
        write_ratings(results, args.ratings_out)
    if history is not None:
        store(history, results)
    return 0


def _variant_tournament(args: argparse.Namespace) -> int:
    """``cribbage tournament P1 P2 ... --variant NAME``: every table at every seating, on
    the same deals (``ai.match.variant_tournament``). No ratings and no history: those
    are the two-player game's."""
    from ai.match.variant_tournament import format_standings, games_in, run_variant_tournament

    if args.ratings_out:
        raise UsageError("--ratings-out rates the two-player six-card game only")
    rules = VARIANTS[args.variant]
    names = [canonical_name(name) for name in args.players]
    say_timeout_problems("tournament", names)
    total = games_in(min(len(names), MAX_PLAYERS), rules, args.games)
    with tqdm(total=total, unit="game", desc="tournament", disable=None) as bar:
        results = run_variant_tournament(names, rules, args.games, args.seed,
                                         args.workers, progress=bar.update,
                                         save_games=_saver(args, "tournament"),
                                         backend=backend_from(args))
    _stopped_early("tournament", results["stopped_early"],
                   sum(p["games"] for p in results["tables"]), total, "games")
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(format_standings(results))
    if args.out:
        _write_results(results, args.out, None)
    return STOPPED if results["stopped_early"] else 0


def _write_results(results: dict, out: Path, chart: Chart | None) -> None:
    """results.json and results.png in ``out``, each written whole or not at all."""
    from ai.paths import write_atomic

    # readable by all, as the file written in place was (a temporary file is the user's)
    write_atomic(out / "results.json", json.dumps(results, indent=1).encode("utf-8"),
                 mode=0o644)
    if chart is None:
        return
    drawn = out / f".results-{os.getpid()}.png"  # (Qt picks the format by the suffix)
    try:
        chart(results, drawn)
        if not drawn.exists():  # (Qt says so only by returning False)
            raise OSError("the chart could not be saved")
        os.replace(drawn, out / "results.png")
    except (ImportError, OSError) as exc:  # no Qt here, say: the figures are still there
        print(f"cribbage tournament: no results.png ({exc})", file=sys.stderr)
    finally:
        drawn.unlink(missing_ok=True)


def _review(args: argparse.Namespace) -> int:
    from cribbage_gui.services import gamefile
    from cribbage_gui.services.review import format_review, objective_of, review_game

    if (args.file is None) == (not args.last):
        raise UsageError("give a game file, or --last for the latest game of the history")
    if args.last:
        from ai.paths import HISTORY_NAME, data_dir
        from cribbage_gui.services.history import latest_game_file

        file = latest_game_file(data_dir() / HISTORY_NAME)
    else:
        try:
            file = gamefile.read(args.file)
        except gamefile.GameFileError as exc:
            raise UsageError(str(exc)) from exc
    with tqdm(total=len(file.game.actions), unit="action", desc="review", disable=None,
              leave=False) as bar:
        # (every variant: a game of three or four seats has a name for each)
        review = review_game(file.game, file.players,
                             progress=lambda done, total: bar.update(done - bar.n),
                             objective=args.objective or objective_of(file.context))
    if args.json:
        print(json.dumps(review.to_dict(), indent=1))
    else:
        print(format_review(review))
    return 0
