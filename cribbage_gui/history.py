"""The game history: every finished game in a SQLite database, and the statistics.

One row per game (opponent, seed, final scores, winner, skunk) and one per deal (points by
source for both sides, the person's role, and whether the deal was completed). A database
that cannot be read is set aside (``saving.set_aside``) and a fresh one started.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from engine.events import SOURCES, Dealt, GameOver, Scored

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
    undo_used INTEGER NOT NULL DEFAULT 0
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


@dataclass(frozen=True)
class DealRow:
    deal: int
    human_dealer: bool
    complete: bool
    points: dict[tuple[str, str], int]  # (side "human"/"opponent", source) -> points
    human_hand_score: int | None  # the person's hand count in the show, if reached


def deal_rows(events: Iterable, human_seat: int) -> list[DealRow]:
    """Per-deal points by source for both sides, from a game's events."""
    rows: list[DealRow] = []
    totals = [0, 0]
    current = None

    def close(complete: bool) -> None:
        if current is not None:
            rows.append(DealRow(current["deal"], current["dealer"] == human_seat, complete,
                                current["points"], current["hand"]))

    for e in events:
        if isinstance(e, Dealt):
            close(True)
            current = {"deal": e.deal, "dealer": e.dealer, "hand": None,
                       "points": {(side, s): 0 for side in ("human", "opponent")
                                  for s in SOURCES}}
        elif isinstance(e, Scored) and current is not None:
            side = "human" if e.seat == human_seat else "opponent"
            current["points"][(side, e.source)] += e.total - totals[e.seat]
            totals[e.seat] = e.total
            if e.source == "hand" and side == "human":
                current["hand"] = sum(i.points for i in e.items)
        elif isinstance(e, GameOver):
            close(False)
            current = None
    return rows


def points_by_source(events: Iterable) -> list[dict[str, int]]:
    """Each seat's points in a game by source (pegging, hand, crib, his heels, muggins),
    from its Scored events."""
    totals = [0, 0]
    points = [{source: 0 for source in SOURCES} for _ in (0, 1)]
    for e in events:
        if isinstance(e, Scored):
            points[e.seat][e.source] += e.total - totals[e.seat]
            totals[e.seat] = e.total
    return points


def scores_by_deal(events: Iterable) -> list[tuple[int, int, int]]:
    """(deal, seat 0's score, seat 1's score) at the end of each deal (and 0, 0, 0 first)."""
    out = [(0, 0, 0)]
    scores = [0, 0]
    deal = 0
    for e in events:
        if isinstance(e, Dealt):
            if deal:
                out.append((deal, scores[0], scores[1]))
            deal = e.deal
        elif isinstance(e, Scored):
            scores[e.seat] = e.total
    if deal:
        out.append((deal, scores[0], scores[1]))
    return out


class History:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)
        self.db.execute("SELECT COUNT(*) FROM games").fetchone()  # fails if not a database
        self._upgrade()

    def _upgrade(self) -> None:
        """Add what a history from an earlier version lacks (its games are kept)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        if "undo_used" not in columns:
            with self.db:
                self.db.execute("ALTER TABLE games ADD COLUMN undo_used INTEGER NOT NULL "
                                "DEFAULT 0")

    def close(self) -> None:
        self.db.close()

    def record_game(self, events: list, *, opponent: str, seed: int, game_index: int,
                    human_seat: int, match_id: str | None = None,
                    undo_used: bool = False) -> int:
        """Store a finished game (``undo_used``: the person took a decision back); returns
        its id."""
        over = next(e for e in reversed(events) if isinstance(e, GameOver))
        rows = deal_rows(events, human_seat)
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (finished_at, opponent, seed, game_index, human_seat, "
                "human_score, opponent_score, human_won, skunk, deals, match_id, undo_used) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (_dt.datetime.now().isoformat(timespec="seconds"), opponent, seed,
                 game_index, human_seat, over.scores[human_seat],
                 over.scores[1 - human_seat], int(over.winner == human_seat), over.skunk,
                 len(rows), match_id, int(undo_used)))
            game_id = cur.lastrowid
            for r in rows:
                self.db.execute(
                    "INSERT INTO deals VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game_id, r.deal, int(r.human_dealer), int(r.complete),
                     *(r.points[("human", s)] for s in SOURCES),
                     *(r.points[("opponent", s)] for s in SOURCES), r.human_hand_score))
        return game_id

    # ------------------------------------------------------------------ statistics
    def by_opponent(self) -> list[dict]:
        """Games, wins, win rate, skunks given and taken, per opponent."""
        rows = self.db.execute(
            "SELECT opponent, COUNT(*), SUM(human_won), "
            "SUM(human_won AND skunk >= 1), SUM(NOT human_won AND skunk >= 1), "
            "SUM(undo_used) FROM games GROUP BY opponent ORDER BY opponent").fetchall()
        return [{"opponent": o, "games": n, "wins": w, "win_rate": w / n if n else 0.0,
                 "skunks_given": given, "skunks_taken": taken, "undo_games": undo}
                for o, n, w, given, taken, undo in rows]

    def per_deal_averages(self) -> dict[str, dict[str, float]]:
        """The person's average points per complete deal by source, as dealer and pone."""
        out = {}
        for role, flag in (("dealer", 1), ("pone", 0)):
            row = self.db.execute(
                "SELECT COUNT(*), AVG(human_pegging), AVG(human_hand), AVG(human_crib) "
                "FROM deals WHERE complete = 1 AND human_dealer = ?", (flag,)).fetchone()
            n, peg, hand, crib = row
            out[role] = {"deals": n, "pegging": peg or 0.0, "hand": hand or 0.0,
                         "crib": crib or 0.0}
        return out

    def win_history(self) -> list[int]:
        """1 or 0 for each game in the order played."""
        return [w for (w,) in self.db.execute("SELECT human_won FROM games ORDER BY id")]

    def hand_scores(self) -> list[int]:
        return [s for (s,) in self.db.execute(
            "SELECT human_hand_score FROM deals WHERE human_hand_score IS NOT NULL")]

    def totals(self) -> dict[str, int]:
        n, wins = self.db.execute("SELECT COUNT(*), SUM(human_won) FROM games").fetchone()
        return {"games": n, "wins": wins or 0}


def open_history(path: Path) -> tuple[History, str | None]:
    """Open the database at ``path``; a corrupt one is set aside and a fresh one started.
    Returns the history and, if something was set aside, a message for the person."""
    from cribbage_gui.saving import set_aside

    try:
        return History(path), None
    except sqlite3.DatabaseError as exc:
        moved = set_aside(path)
        return History(path), (f"The game history could not be read ({exc}); it was set "
                               f"aside as {moved.name} and a new history was started.")
