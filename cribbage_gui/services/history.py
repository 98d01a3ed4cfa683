"""The game history: every finished game in a SQLite database, and the statistics.

One row per game (opponent, seed, final scores, winner, skunk, the players by seat, the
game's record to open and review, the person's accuracy once reviewed, whether two
people played it at one screen, and its variant: ``engine.rules.VARIANTS``, "six-card" for
every game kept before variants were) and one per deal
(points by source for both sides, the person's role, and whether the deal was completed). A
database that cannot be read is set aside (``ai.paths.set_aside``) and a fresh one started.
The window writes it; ``cribbage review --last`` reads it (no Qt here).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.paths import set_aside
from cribbage_gui.services import gamefile
from cribbage_gui.services.gamefile import GameFile, GameFileError
from cribbage_gui.services.salvage import salvage
from engine import GameState, bounded
from engine.bounded import not_a_file
from engine.errors import CribbageError, UsageError
from engine.events import SOURCES, Dealt, GameOver, Scored
from engine.rules import RULES, VARIANTS, Rules, skunk_of, variant_name

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    opponent TEXT NOT NULL,
    seed INTEGER NOT NULL,
    game_index INTEGER NOT NULL,
    human_seat INTEGER NOT NULL,
    human_score INTEGER NOT NULL,
    opponent_score INTEGER NOT NULL,
    human_won INTEGER NOT NULL,
    skunk INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    match_id TEXT,
    undo_used INTEGER NOT NULL DEFAULT 0,
    players TEXT,
    record TEXT,
    accuracy REAL,
    two_players INTEGER NOT NULL DEFAULT 0,
    variant TEXT NOT NULL DEFAULT 'six-card'
);
CREATE TABLE IF NOT EXISTS deals (
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal INTEGER NOT NULL,
    human_dealer INTEGER NOT NULL,
    complete INTEGER NOT NULL,
    human_pegging INTEGER, human_hand INTEGER, human_crib INTEGER,
    human_his_heels INTEGER, human_muggins INTEGER,
    opponent_pegging INTEGER, opponent_hand INTEGER, opponent_crib INTEGER,
    opponent_his_heels INTEGER, opponent_muggins INTEGER,
    human_hand_score INTEGER,
    PRIMARY KEY (game_id, deal)
);
"""


# the deals of games of a variant (the parameter) against the computer (the person's own
# figures)
_AGAINST_COMPUTER = ("game_id IN (SELECT id FROM games WHERE two_players = 0 "
                     "AND variant = ?)")
VARIANT = "six-card"  # the statistics' variant unless another is asked for


def _seats(variant: str) -> int:
    """The players at a table of ``variant`` (two for a name the program does not know)."""
    return VARIANTS[variant].players if variant in VARIANTS else 2


def _names(players: str | None, seats: int = 2) -> tuple[str, ...]:
    """The names by seat kept with a game of ``seats`` players (blanks if they are missing
    or damaged)."""
    try:
        names = bounded.loads(players) if players else None
    except (ValueError, TypeError):
        names = None
    if not (isinstance(names, list) and len(names) == seats
            and all(isinstance(n, str) for n in names)):
        return ("?",) * seats
    return tuple(bounded.clean(name, 40) for name in names)


@dataclass(frozen=True)
class DealRow:
    deal: int
    human_dealer: bool
    complete: bool
    points: dict[tuple[str, str], int]  # (side "human"/"opponent", source) -> points
    human_hand_score: int | None  # the person's hand count in the show, if reached


def deal_rows(events: Iterable, human_seat: int, rules: Rules = RULES) -> list[DealRow]:
    """Per-deal points by source for both sides, from a game's events. In a variant
    (``rules``) the person's side is the person's score (with a partner's points, in
    partnership) and the opponent's every other side's together; "dealer" is the person's
    side dealing; the hand score is the person's own hand."""
    rows: list[DealRow] = []
    totals = [0] * rules.sides  # (a Scored event's total is its side's)
    mine = rules.side_of(human_seat)
    current: dict[str, Any] | None = None

    def close(complete: bool) -> None:
        if current is not None:
            rows.append(DealRow(current["deal"], rules.side_of(current["dealer"]) == mine,
                                complete, current["points"], current["hand"]))

    for e in events:
        if isinstance(e, Dealt):
            close(True)
            current = {"deal": e.deal, "dealer": e.dealer, "hand": None,
                       "points": {(side, s): 0 for side in ("human", "opponent")
                                  for s in SOURCES}}
        elif isinstance(e, Scored) and current is not None:
            by = rules.side_of(e.seat)
            side = "human" if by == mine else "opponent"
            current["points"][(side, e.source)] += e.total - totals[by]
            totals[by] = e.total
            if e.source == "hand" and e.seat == human_seat:
                current["hand"] = sum(i.points for i in e.items)
        elif isinstance(e, GameOver):
            close(False)
            current = None
    return rows


# --------------------------------------------------------------------------- damage
class HistoryError(CribbageError):
    """The history cannot be used for a reason other than damage (a read-only folder, a
    full disk, another program holding it): the message says which. Nothing is set aside."""

    exit_status = 1


DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")


def damaged(exc: sqlite3.Error | UnicodeDecodeError) -> bool:
    """Does ``exc`` say the database file itself is damaged (not merely unwritable)? (A
    UnicodeDecodeError is SQLite's message quoting a damaged schema's bytes.)"""
    if isinstance(exc, UnicodeDecodeError):
        return True
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    return name.startswith(DAMAGE) or "malformed" in text or "not a database" in text \
        or text.startswith("integrity check")


def _not_text(exc: sqlite3.Error | UnicodeDecodeError) -> bool:
    """Is ``exc`` a value that is not UTF-8? In the history that is damage (the program
    writes only text that is, and recovery keeps every other row); the practice file,
    which is not recovered row by row, says it cannot be used instead."""
    return str(exc).startswith("Could not decode to UTF-8")


def leftovers(path: Path) -> list[Path]:
    """SQLite's files beside the database at ``path`` (its journal, write-ahead log and
    shared memory), those there (a link counts, whatever it leads to)."""
    return [file for suffix in ("-journal", "-wal", "-shm")
            if os.path.lexists(file := path.with_name(path.name + suffix))]


def clear_odd_leftovers(path: Path, on_problem: Callable[[str], None] | None) -> None:
    """Set aside what lies where SQLite looks for the database's journal, write-ahead log
    or shared memory and is not a file (a named pipe, which SQLite would open and wait on
    forever): it cannot be SQLite's own, so the database is opened without it.
    ``on_problem`` is told; HistoryError if one cannot be moved (a read-only folder)."""
    for leftover in leftovers(path):
        kind = not_a_file(leftover)
        if kind is None:
            continue
        try:
            moved = set_aside(leftover, "not-a-file")
        except OSError as exc:
            raise HistoryError(f"{leftover} is {kind}, not a file, and cannot be set aside "
                               f"({exc.strerror or exc})") from exc
        if on_problem is not None:
            on_problem(f"{leftover.name} was {kind}, not a file; it was set aside as "
                       f"{moved.name}.")


def set_aside_database(path: Path) -> Path:
    """Rename the database at ``path`` out of the way (``ai.paths.set_aside``) with its
    leftovers beside it under its new name, where SQLite looks for them when it opens it;
    a leftover that is not a file (a named pipe SQLite would wait on) is set aside under a
    name of its own. Returns the database's new name."""
    try:
        moved = set_aside(path)
    except OSError as exc:  # (a read-only folder: nothing moved)
        raise HistoryError(f"{path} cannot be set aside ({exc.strerror or exc})") from exc
    for leftover in leftovers(path):
        if not_a_file(leftover) is None:
            leftover.rename(moved.with_name(moved.name + leftover.name[len(path.name):]))
        else:
            set_aside(leftover, "not-a-file")
    return moved


def connect(path: Path) -> sqlite3.Connection:
    """Open the database at ``path`` and check every page of it (``integrity_check``: a
    damaged page that a first query would not touch is found now, not in the middle of the
    Statistics window); sqlite3.DatabaseError if it is damaged, HistoryError if it cannot
    be opened at all."""
    kind = not_a_file(path)
    if kind is not None:  # (SQLite would wait forever on a named pipe)
        raise sqlite3.DatabaseError(f"not a database: {path.name} is {kind}")
    for leftover in leftovers(path):  # (set aside first: clear_odd_leftovers)
        kind = not_a_file(leftover)
        if kind is not None:
            raise HistoryError(f"{leftover} is {kind}, not a file; it cannot be SQLite's and "
                               f"is in the way")
    try:
        db = sqlite3.connect(path)
    except sqlite3.Error as exc:
        raise HistoryError(f"the game history {path} cannot be opened ({exc})") from exc
    try:
        problems = [row[0] for row in db.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError(f"integrity check: {'; '.join(problems)[:200]}")
    except UnicodeDecodeError as exc:  # SQLite's message quoted a damaged schema's bytes
        db.close()
        raise sqlite3.DatabaseError("database disk image is malformed (its list of tables "
                                    "is not text)") from exc
    except BaseException:
        db.close()
        raise
    return db


def open_database(path: Path, on_problem: Callable[[str], None]) -> sqlite3.Connection:
    """A connection to the database at ``path`` (the history's, which the tournament's runs
    share), recovered first if it is damaged (``on_problem`` told); HistoryError if it
    cannot be opened at all."""
    clear_odd_leftovers(path, on_problem)
    try:
        return connect(path)
    except sqlite3.DatabaseError as exc:
        if not damaged(exc):
            raise HistoryError(f"the game history {path} cannot be opened ({exc})") from exc
    on_problem(recover(path))
    return connect(path)


def recover(path: Path) -> str:
    """Set the damaged database at ``path`` aside (renamed, never deleted), start a new one
    there and copy into it every row that can still be read (``cribbage_gui.services.salvage``: a
    damaged page
    costs only the rows on it); returns a sentence for the person saying how many games
    came back and how many could not be read."""
    moved = set_aside_database(path)
    kind = not_a_file(moved)
    if kind is not None:
        return (f"The game history was {kind}, not a file; it was set aside as {moved.name} "
                f"and a new history was started.")
    # (with the list of tables damaged, only the tables of SCHEMA are looked for: the
    # tournaments' runs, which share the file, stay in the one set aside)
    tables = salvage(moved, path, SCHEMA)
    kept = tables["games"].rowids if "games" in tables else set()
    # a game whose deals were read was there, read or not; the ids run from 1 and no game
    # is ever deleted, so the highest id known counts the games played
    played = max(kept, default=0)
    with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(path)) as db:
        (last_dealt,) = db.execute("SELECT MAX(game_id) FROM deals").fetchone()
        played = max(played, last_dealt or 0)
        with db:  # the deals of the games lost go with them
            db.execute("DELETE FROM deals WHERE game_id NOT IN (SELECT id FROM games)")
    return (f"The game history was damaged; it was set aside as {moved.name}, and "
            f"{_what_came_back(len(kept), played)}.")


def _what_came_back(kept: int, played: int) -> str:
    """The games recovered into the new history, of how many, in words."""
    games = f"game{'s' * (played != 1)}"
    if not played:
        return "nothing in it could be read: a new history was started"
    if not kept:
        return f"none of its {played:,} {games} could be read: a new history was started"
    if kept == played:
        return (f"all {played:,} {games} in it were recovered into a new history" if
                played > 1 else "its one game was recovered into a new history")
    return (f"{kept:,} of its {played:,} games were recovered into a new history; "
            f"{played - kept:,} could not be read")


def failing_as(error: type[Exception], what: Callable[[Any], str]):
    """A decorator of a database's methods: a failure of SQLite (a full disk, a locked or
    damaged file) becomes ``error`` saying that ``what(self)`` cannot be used, not a
    traceback (each change is one transaction: nothing is half written)."""

    def wrap(method):
        @functools.wraps(method)
        def guarded(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise error(f"{what(self)} cannot be used ({exc})") from exc
        return guarded
    return wrap


def _history(history: History) -> str:
    return f"the game history {history.path}"


def _guarded(method):
    """A History method that survives damage found while the program runs: the database is
    recovered (:func:`recover`), the person told (``History.on_problem``), and the method
    tried once more on the new one. Any other failure of SQLite is a HistoryError."""
    again = failing_as(HistoryError, _history)(method)

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            if not (damaged(exc) or _not_text(exc)):
                raise HistoryError(f"{_history(self)} cannot be used ({exc})") from exc
            self._recover()
        return again(self, *args, **kwargs)
    return guarded


class History:
    """The history database. A damaged one is recovered when opened or when the damage is
    found later (see :func:`recover`); ``on_problem(message)`` is told each time, and
    ``problems`` keeps the messages."""

    def __init__(self, path: Path, on_problem: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.closed = False
        self.on_problem = on_problem
        self.problems: list[str] = []
        try:
            clear_odd_leftovers(path, self._told)
            self.db = connect(path)
        except sqlite3.DatabaseError as exc:
            if not damaged(exc):
                raise HistoryError(f"the game history {path} cannot be opened ({exc})") \
                    from exc
            self.db = None  # type: ignore[assignment]
            self._recover()
        self._prepare()

    def _prepare(self) -> None:
        try:
            self.db.executescript(SCHEMA)
            self._upgrade()
        except sqlite3.Error as exc:
            raise HistoryError(f"the game history {self.path} cannot be used ({exc})") \
                from exc

    def _told(self, message: str) -> None:
        self.problems.append(message)
        if self.on_problem is not None:
            self.on_problem(message)

    def _recover(self) -> None:
        if self.db is not None:
            self.db.close()
        self._told(recover(self.path))
        self.db = connect(self.path)
        self._prepare()

    def _upgrade(self) -> None:
        """Add what a history from an earlier version lacks (its games are kept)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        added = {"undo_used": "INTEGER NOT NULL DEFAULT 0", "players": "TEXT",
                 "record": "TEXT", "accuracy": "REAL",
                 "two_players": "INTEGER NOT NULL DEFAULT 0",
                 # every game before the variants was the six-card game
                 "variant": "TEXT NOT NULL DEFAULT 'six-card'"}
        with self.db:
            for name, kind in added.items():
                if name not in columns:
                    self.db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")

    def close(self) -> None:
        self.db.close()
        self.closed = True

    @_guarded
    def record_game(self, events: list, *, opponent: str, seed: int, game_index: int,
                    human_seat: int, match_id: str | None = None,
                    undo_used: bool = False, players: tuple[str, str] | None = None,
                    record: dict | None = None, two_players: bool = False) -> int:
        """Store a finished game (``undo_used``: the person took a decision back;
        ``players``: the names by seat; ``record``: the engine's game record, kept so the
        game can be opened and reviewed; ``two_players``: two people played it at one
        screen, so it is neither a win nor a loss against the computer); returns its id."""
        return self._store(events, RULES, opponent=opponent, seed=seed,
                           game_index=game_index, human_seat=human_seat, match_id=match_id,
                           undo_used=undo_used, players=players, record=record,
                           two_players=two_players)

    def _store(self, events: list, rules: Rules, *, opponent: str, seed: int,
               game_index: int, human_seat: int, match_id: str | None, undo_used: bool,
               players: tuple[str, ...] | None, record: dict | None,
               two_players: bool) -> int:
        over = next(e for e in reversed(events) if isinstance(e, GameOver))
        rows = deal_rows(events, human_seat, rules)
        mine = rules.side_of(human_seat)
        theirs = max(score for side, score in enumerate(over.scores) if side != mine)
        won = over.winner == mine
        # a win's skunk is the runner-up's (the record's); a loss's, the person's own (at
        # a table of three, the person may be skunked when the runner-up is not)
        skunk = over.skunk if won else skunk_of(over.scores[mine], rules)
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (finished_at, opponent, seed, game_index, human_seat, "
                "human_score, opponent_score, human_won, skunk, deals, match_id, undo_used, "
                "players, record, two_players, variant) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (_dt.datetime.now().isoformat(timespec="seconds"), opponent, seed,
                 game_index, human_seat, over.scores[mine], theirs,
                 int(won), skunk, len(rows), match_id, int(undo_used),
                 None if players is None else json.dumps(list(players)),
                 None if record is None else json.dumps(record), int(two_players),
                 variant_name(rules)))
            game_id = cur.lastrowid
            assert game_id is not None  # an INSERT's row
            for r in rows:
                self.db.execute(
                    "INSERT INTO deals VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game_id, r.deal, int(r.human_dealer), int(r.complete),
                     *(r.points[("human", s)] for s in SOURCES),
                     *(r.points[("opponent", s)] for s in SOURCES), r.human_hand_score))
        return game_id

    @_guarded
    def record_variant_game(self, game: GameState, names: Sequence[str],
                            people: Sequence[int], opponents: str | Sequence[str],
                            match_id: str | None = None, *, seed: int | None = None,
                            game_index: int = 0, undo_used: bool = False) -> int:
        """Store a finished game of any variant (``game.rules``: five-card, three players,
        four in partnership, or the six-card game); returns its id. The window calls it when
        a variant's game ends.

        ``game``: the finished GameState (its events, scores and record are kept, so the
        game can be opened and reviewed); ``names``: the players by seat; ``people``: the
        person's seat(s) (pass and play: every person's); ``opponents``: the computer
        opponents' names (a list is kept joined: "heuristic, random"), the row's opponent;
        ``match_id``: the match it belongs to, or None for a single game. ``seed`` (the
        game's own by default) and ``game_index`` say which game of its match it was.

        The row holds the person's side's score and the best other side's, whether the
        person's side won, the runner-up's skunk, and each deal's points by source for the
        person's side (``deal_rows``). A game where people sit on more than one side is a
        game between people (``two_players``: neither a win nor a loss against the
        computer). The same game stored twice (same seed, index and record) is stored once:
        its id is returned.

        >>> from ai.match.variant import play_variant_game
        >>> from ai.registry import make_player
        >>> from engine.rules import VARIANTS
        >>> game = play_variant_game([make_player("random") for _ in range(3)],
        ...                          VARIANTS["three-player"], 1, 0)
        >>> history = History(Path(":memory:"))
        >>> history.record_variant_game(game, ("you", "random", "random"), (0,),
        ...                             ("random", "random"))
        1
        >>> history.totals("three-player")["games"], history.totals()["games"]
        (1, 0)
        """
        if not people or game.winner is None:
            raise ValueError("a finished game, with the person's seat")
        rules = game.rules
        if len(names) != rules.players:
            raise ValueError(f"a game of {rules.players} players needs {rules.players} "
                             f"names, not {len(names)}")
        opponent = opponents if isinstance(opponents, str) else ", ".join(opponents)
        seed = game.seed if seed is None else seed
        record = game.to_record()
        known = self.find_game(seed, game_index, record)
        if known is not None:
            return known
        between_people = len({rules.side_of(seat) for seat in people}) > 1
        return self._store(game.events, rules, opponent=opponent, seed=seed,
                           game_index=game_index, human_seat=people[0], match_id=match_id,
                           undo_used=undo_used, players=tuple(names), record=record,
                           two_players=between_people)

    @_guarded
    def find_game(self, seed: int, game_index: int, record: dict) -> int | None:
        """The id of this very game (same seed, index and record) if the history has it."""
        row = self.db.execute(
            "SELECT id FROM games WHERE seed = ? AND game_index = ? AND record = ?",
            (seed, game_index, json.dumps(record))).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------------ game files
    @_guarded
    def games(self) -> list[dict]:
        """Every game, latest first: id, date, opponent, seat, scores, whether it won,
        whether its record was kept (to open or review), and the accuracy once reviewed."""
        rows = self.db.execute(
            "SELECT id, finished_at, opponent, human_seat, human_score, opponent_score, "
            "human_won, record IS NOT NULL, accuracy, two_players, players, variant "
            "FROM games ORDER BY id DESC").fetchall()
        return [{"id": i, "finished_at": at, "opponent": o, "human_seat": seat,
                 "human_score": hs, "opponent_score": os_, "human_won": bool(w),
                 "has_record": bool(r), "accuracy": acc, "two_players": bool(two),
                 "players": _names(players, _seats(v)) if two else None, "variant": v}
                for i, at, o, seat, hs, os_, w, r, acc, two, players, v in rows]

    @_guarded
    def variants(self) -> list[str]:
        """The variants of the games kept, six-card first (always there), then in the
        order of ``engine.rules.VARIANTS``."""
        kept = {v for (v,) in self.db.execute("SELECT DISTINCT variant FROM games")}
        return [v for v in VARIANTS if v == VARIANT or v in kept]

    @_guarded
    def two_player_games(self) -> list[dict]:
        """The six-card games two people played at one screen, latest first: id, date, the
        names by seat, the scores by seat and the winner's seat."""
        rows = self.db.execute(
            "SELECT id, finished_at, players, human_seat, human_score, opponent_score, "
            "human_won FROM games WHERE two_players = 1 AND variant = ? ORDER BY id DESC",
            (VARIANT,)).fetchall()
        out = []
        for i, at, players, seat, hs, os_, won in rows:
            scores = [0, 0]
            scores[seat], scores[1 - seat] = hs, os_
            out.append({"id": i, "finished_at": at, "players": _names(players),
                        "scores": tuple(scores), "winner": seat if won else 1 - seat})
        return out

    @_guarded
    def game_file(self, game_id: int) -> GameFile:
        """The stored game as a game file; GameFileError if it has no record (a game from an
        earlier version) or its record does not replay."""
        row = self.db.execute(
            "SELECT finished_at, opponent, human_seat, players, record, seed, game_index, "
            "match_id FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameFileError(f"no game {game_id} in the history")
        at, opponent, seat, players, record, seed, index, match_id = row
        if record is None:
            raise GameFileError("this game was played before games were kept with their "
                                "moves, so it cannot be opened")
        try:
            names = bounded.loads(players) if players else (
                ["you", opponent] if seat == 0 else [opponent, "you"])
            data = bounded.loads(record)
        except (ValueError, TypeError) as exc:
            raise GameFileError(f"the stored record of game {game_id} is damaged") from exc
        context = {"kind": "history", "id": game_id, "seed": seed, "index": index}
        if match_id is not None:  # a game of a match, scored in ACC points
            context.update({"match": match_id, "objective": "acc"})
        return gamefile.parse({"format": gamefile.FORMAT, "version": gamefile.VERSION,
                               "players": names, "date": at, "game": data,
                               "context": context})

    @_guarded
    def latest_with_record(self) -> int | None:
        row = self.db.execute("SELECT MAX(id) FROM games WHERE record IS NOT NULL").fetchone()
        return row[0]

    @_guarded
    def set_accuracy(self, game_id: int, accuracy: float) -> None:
        """The person's accuracy in the game, from its review. A review that finishes after
        the history was closed (the window closed while rating) is still stored."""
        if self.closed:
            later = History(self.path)
            try:
                later.set_accuracy(game_id, accuracy)
            finally:
                later.close()
            return
        with self.db:
            self.db.execute("UPDATE games SET accuracy = ? WHERE id = ?", (accuracy, game_id))

    @_guarded
    def accuracy_history(self, variant: str = VARIANT) -> list[dict]:
        """The reviewed games of ``variant`` in order played: id, opponent, accuracy."""
        return [{"id": i, "opponent": o, "accuracy": a} for i, o, a in self.db.execute(
            "SELECT id, opponent, accuracy FROM games WHERE accuracy IS NOT NULL "
            "AND two_players = 0 AND variant = ? ORDER BY id", (variant,))]

    # ------------------------------------------------------------------ statistics
    @_guarded
    def by_opponent(self, variant: str = VARIANT) -> list[dict]:
        """Games, wins, win rate, skunks given and taken, per computer opponent (games
        between two people are not against one), in games of ``variant``."""
        rows = self.db.execute(
            "SELECT opponent, COUNT(*), SUM(human_won), "
            "SUM(human_won AND skunk >= 1), SUM(NOT human_won AND skunk >= 1), "
            "SUM(undo_used) FROM games WHERE two_players = 0 AND variant = ? "
            "GROUP BY opponent ORDER BY opponent", (variant,)).fetchall()
        return [{"opponent": o, "games": n, "wins": w, "win_rate": w / n if n else 0.0,
                 "skunks_given": given, "skunks_taken": taken, "undo_games": undo}
                for o, n, w, given, taken, undo in rows]

    @_guarded
    def per_deal_averages(self, variant: str = VARIANT) -> dict[str, dict[str, float]]:
        """The person's average points per complete deal by source, as dealer and pone, in
        games of ``variant`` (in partnership, the side's: see :func:`deal_rows`)."""
        out = {}
        for role, flag in (("dealer", 1), ("pone", 0)):
            row = self.db.execute(
                "SELECT COUNT(*), AVG(human_pegging), AVG(human_hand), AVG(human_crib) "
                f"FROM deals WHERE complete = 1 AND human_dealer = ? AND {_AGAINST_COMPUTER}",
                (flag, variant)).fetchone()
            n, peg, hand, crib = row
            out[role] = {"deals": n, "pegging": peg or 0.0, "hand": hand or 0.0,
                         "crib": crib or 0.0}
        return out

    @_guarded
    def win_history(self, variant: str = VARIANT) -> list[int]:
        """1 or 0 for each game of ``variant`` against the computer in the order played."""
        return [w for (w,) in self.db.execute(
            "SELECT human_won FROM games WHERE two_players = 0 AND variant = ? ORDER BY id",
            (variant,))]

    @_guarded
    def hand_scores(self, variant: str = VARIANT) -> list[int]:
        """The person's hand counts in the show, in games of ``variant``."""
        return [s for (s,) in self.db.execute(
            f"SELECT human_hand_score FROM deals WHERE human_hand_score IS NOT NULL "
            f"AND {_AGAINST_COMPUTER}", (variant,))]

    @_guarded
    def totals(self, variant: str = VARIANT) -> dict[str, int]:
        """Games of ``variant`` against the computer, and those won."""
        n, wins = self.db.execute(
            "SELECT COUNT(*), SUM(human_won) FROM games WHERE two_players = 0 "
            "AND variant = ?", (variant,)).fetchone()
        return {"games": n, "wins": wins or 0}


def open_history(path: Path) -> tuple[History, str | None]:
    """Open the database at ``path``; a damaged one is set aside and what can be read of
    it kept in a new one (:func:`recover`); one that cannot be opened at all (a read-only
    folder) gives way to a history in memory for this session. Returns the history and a
    message for the person when something happened."""
    told: list[str] = []
    try:
        history = History(path, on_problem=told.append)
    except HistoryError as exc:
        history = History(Path(":memory:"))
        told.append(f"The game history cannot be kept ({exc}): this session's games will "
                    f"not be in it.")
    history.on_problem = None
    return history, " ".join(told) or None


def _to_stderr(message: str) -> None:
    print(f"cribbage: {message}", file=sys.stderr)


def latest_game_file(path: Path, on_problem: Callable[[str], None] = _to_stderr
                     ) -> GameFile:
    """The latest game of the history at ``path`` that kept its record (``cribbage review
    --last``); UsageError if there is none. A damaged history is recovered first, and
    ``on_problem`` told (by default, a line on stderr)."""
    if not path.exists():
        raise UsageError(f"no game history yet ({path}): play a game in the window first")
    history = History(path, on_problem=on_problem)
    try:
        game_id = history.latest_with_record()
        if game_id is None:
            raise UsageError("the history holds no game that can be reviewed yet (games are "
                             "kept with their moves from this version on)")
        return history.game_file(game_id)
    finally:
        history.close()
