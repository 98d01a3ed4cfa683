"""``cribbage practice``: the practice set from the command line.

- ``--from-games DIR [--player NAME] [--json]``: the marked decisions of every game file
  under DIR (of NAME, or of every player), as positions; ``--json`` prints one object a line
  (the review's own fields for the decision, the table as it was, the themes): the lines
  ``--import`` reads;
- ``--import FILE``: add a JSON-lines set to this player's practice (all of it, or nothing
  when a line is bad: the error names the line);
- ``--export FILE``: the player's own positions (from games and imports; ``--all`` adds the
  built-in set) as JSON lines, saying how many could not be read (left out);
- ``--build-set FILE``: rebuild the built-in set (``cribbage_gui.services.practice.builtin``);
- no option: the player's practice in a few lines (rating, answers, positions due, and
  how many positions could not be read).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import bounded
from engine.arguments import output_file, whole
from engine.errors import UsageError

MAX_SET_BYTES = 50_000_000  # a position's line is about 1 KB: 50,000 of them


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "practice", help="practice positions: from your games, shared as JSON lines",
        description="Positions to practise: the marked decisions (inaccuracies, mistakes, "
                    "blunders) of reviewed games, and a built-in set from the expert's "
                    "self-play. With no option, your practice in a few lines.",
        epilog="example: cribbage practice --from-games games --player you --json > "
               "mine.jsonl; cribbage practice --import mine.jsonl")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--from-games", metavar="DIR", type=Path,
                      help="the marked decisions of every game file (.crib.json) under DIR")
    what.add_argument("--import", dest="import_file", metavar="FILE", type=Path,
                      help="add the positions of a JSON-lines file to your practice")
    what.add_argument("--export", metavar="FILE", type=output_file,
                      help="write your positions (from games and imports) as JSON lines")
    what.add_argument("--build-set", metavar="FILE", type=output_file,
                      help="rebuild the built-in set from the expert's self-play")
    p.add_argument("--player", metavar="NAME",
                   help="with --from-games: only this player's decisions (a name of the "
                        "game files' players, e.g. you)")
    p.add_argument("--json", action="store_true",
                   help="with --from-games: one JSON object a line")
    p.add_argument("--all", action="store_true", help="with --export: the built-in set too")
    p.add_argument("--games", type=whole(1, 10_000), default=400,
                   help="with --build-set: at most this many self-play games (default 400)")
    p.set_defaults(handler=_practice)


def _store():
    from ai.paths import PRACTICE_NAME, data_dir
    from cribbage_gui.services.practice.store import PracticeStore

    return PracticeStore(data_dir() / PRACTICE_NAME, _tell)


def _tell(message: str) -> None:
    print(f"cribbage practice: {message}", file=sys.stderr)


def _practice(args: argparse.Namespace) -> int:
    if args.player is not None and args.from_games is None:
        raise UsageError("--player goes with --from-games")
    if args.json and args.from_games is None:
        raise UsageError("--json goes with --from-games")
    if args.all and args.export is None:
        raise UsageError("--all goes with --export")
    if args.from_games is not None:
        return _from_games(args.from_games, args.player, args.json)
    if args.import_file is not None:
        return _import(args.import_file)
    if args.export is not None:
        return _export(args.export, args.all)
    if args.build_set is not None:
        return _build(args.build_set, args.games)
    return _status()


def _from_games(folder: Path, player: str | None, as_json: bool) -> int:
    from cribbage_gui.services.practice.games import game_files, positions_from_folder
    from engine.cards import card_name

    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder")
    if not game_files(folder):
        raise UsageError(f"{folder} holds no game files (.crib.json)")
    found = 0
    for position in positions_from_folder(folder, player, on_problem=_tell):
        found += 1
        if as_json:
            print(json.dumps(position.to_line()), flush=True)
            continue
        r = position.review
        chosen = " ".join(card_name(c) for c in position.chosen or ())
        best = " ".join(card_name(c) for c in position.best)
        # (a variant's is judged in points alone: no chance of winning)
        chances = "" if position.objective == "points" else \
            f", {100 * r.get('win_prob_lost', 0):.1f}%"
        variant = "" if position.variant == "six-card" else f"{position.variant}  "
        print(f"{Path(position.source).name}  {variant}deal {position.deal:>2}  "
              f"{position.players[position.seat]:<10.10} {position.kind:<7} {chosen:<6} "
              f"best {best:<6} {r.get('mark', ''):<10} lost {r.get('points_lost', 0):.2f} "
              f"points{chances}  {' '.join(position.themes)}", flush=True)
    if not as_json:
        who = f" of {player}" if player else ""
        print(f"{found} marked decision{'s' * (found != 1)}{who}")
    return 0


def _import(path: Path) -> int:
    from cribbage_gui.services.practice.positions import PositionError, read_lines

    try:
        text = bounded.read_text(path, MAX_SET_BYTES)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from exc
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from exc
    try:
        positions = read_lines(text, f"{path.name}, ")
    except PositionError as exc:
        raise UsageError(f"{exc}; nothing was imported") from exc
    if not positions:
        raise UsageError(f"{path.name} holds no positions")
    store = _store()
    try:
        added = store.add(positions, "import")
    finally:
        store.close()
    print(f"imported {added} new position{'s' * (added != 1)} "
          f"({len(positions) - added} already held)")
    return 0


def _export(path: Path, everything: bool) -> int:
    from ai.paths import write_atomic
    from cribbage_gui.services.practice.positions import write_lines

    origins = ("games", "import", "built-in") if everything else ("games", "import")
    store = _store()
    try:
        positions = store.positions(origins)
        unreadable = store.unreadable(origins)
    finally:
        store.close()
    write_atomic(path, write_lines(positions).encode("utf-8"))
    left_out = f"; {unreadable} could not be read and {'was' if unreadable == 1 else 'were'} " \
        f"left out" if unreadable else ""
    print(f"wrote {len(positions)} position{'s' * (len(positions) != 1)} to {path}{left_out}")
    return 0


def _build(path: Path, games: int) -> int:
    from tqdm import tqdm

    from cribbage_gui.services.practice.builtin import build_set, write_set

    with tqdm(total=games, unit="game", desc="self-play", disable=None, leave=False) as bar:
        positions = build_set(games, progress=lambda done, total: bar.update(done - bar.n))
    write_set(positions, path, games)
    print(f"wrote {len(positions)} positions to {path}")
    return 0


def _status() -> int:
    store = _store()
    try:
        s = store.summary()
        due = store.next_due()
        unreadable = store.unreadable()
    finally:
        store.close()
    held = s["positions"]
    print(f"rating {s['rating']:.0f} ± {s['deviation']:.0f}")
    print(f"positions: {held['games']} from your games, {held['import']} imported, "
          f"{held['built-in']} built in")
    if unreadable:
        n = unreadable
        they = "it is" if n == 1 else "they are"
        print(f"{n} of your positions could not be read: {they} left out of practice and "
              f"kept in the file as {they}")
    if s["answered"]:
        print(f"answered {s['answered']}, right {s['correct']} "
              f"({100 * s['accuracy']:.0f}%); due now {s['due']}")
    else:
        print("no answers yet: practise in the window (Practice → Practice positions)")
    if due is not None and not s["due"]:
        print(f"next due {due.astimezone():%Y-%m-%d %H:%M}")
    return 0
