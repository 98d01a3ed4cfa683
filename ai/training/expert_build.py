"""Building the ``expert`` player's tables (offline, ``cribbage train expert``): the toss
model, the deal samples from mueller-v-mueller games, and the win-probability table. What
they are is described in ``ai.tables.expert``, which loads them at play time.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ai import _expert
from ai.match.jobs import LOCAL, Backend, finished, run_jobs
from ai.tables.expert import MAX_PEG_EVENTS, SAMPLE_FIELDS, ExpertTables, value_table
from ai.tables.index import N_FOUR, all_four_rank_hands
from engine.kernels import N_UNSEEN, kernel, rank_score5
from engine.roles import DEALER, PONE
from engine.rules import WINNING_SCORE


# ---------------------------------------------------------------------------- toss model
def toss_model() -> np.ndarray:
    """(2, 13, 13) probability that a sensible player in role (1 dealer, 0 pone) throws the
    ranks x <= y (upper triangle; each role sums to 1)."""
    from ai.tables.index import SPLITS, all_six_rank_hands, multiset_index
    from ai.tables.splits import split_tables

    hand_mean, crib_rank_mean = split_tables()
    hands = all_six_rank_hands()
    q = np.zeros((2, 13, 13))
    comb4 = np.array([1, 4, 6, 4, 1], dtype=np.float64)
    for ranks in hands:
        h = multiset_index(ranks)
        weight = np.prod(comb4[np.bincount(ranks, minlength=13)])
        for role, sign in ((DEALER, 1.0), (PONE, -1.0)):
            s = int(np.argmax(hand_mean[h] + sign * crib_rank_mean[h]))
            x, y = ranks[SPLITS[s, 0]], ranks[SPLITS[s, 1]]
            q[role, x, y] += weight
    return q / q.sum(axis=(1, 2), keepdims=True)


@kernel
def _crib_model(q, out):
    for role in range(2):
        opp = 1 - role
        for x in range(13):
            for y in range(x, 13):
                total = 0.0
                used = 0.0
                for a in range(13):
                    for b in range(a, 13):
                        p = q[opp, a, b]
                        if p == 0.0:
                            continue
                        left = np.full(13, 4.0)
                        left[x] -= 1
                        left[y] -= 1
                        left[a] -= 1
                        left[b] -= 1
                        ok = True
                        for r in range(13):
                            if left[r] < 0:
                                ok = False
                        if not ok:
                            continue
                        jacks = (x == 10) + (y == 10) + (a == 10) + (b == 10)
                        n = 0.0
                        e = 0.0
                        for r in range(13):
                            if left[r] > 0:
                                e += left[r] * rank_score5(x, y, a, b, r)
                                n += left[r]
                        # his nobs: a jack in the crib of the starter's suit (12 of 46)
                        total += p * (e / n + jacks * 12.0 / N_UNSEEN)
                        used += p
                # pairs the opponent cannot hold beside these cards are left out: rescale
                out[role, x, y] = total / used
                out[role, y, x] = total / used


def crib_model(q: np.ndarray) -> np.ndarray:
    """(2, 13, 13) expected crib when a player in ``role`` throws (x, y)."""
    out = np.zeros((2, 13, 13))
    _crib_model(q, out)
    return out


# ---------------------------------------------------------------------------- deal samples
def _game_events(players, seed: int, index: int):
    """Game ``index``'s events: played in the compiled loop and replayed by the referee
    when both players have a compiled decision (the same game, much faster), else refereed."""
    from ai.match import compiled
    from ai.match.driver import game_events

    if compiled.compiled(players):
        _, actions = compiled.traced_game(players, seed, index)
        return compiled.replayed_game(seed, index, actions).events
    return game_events(players, seed, index)


def _sample_games(args: tuple) -> dict[str, np.ndarray]:
    from ai import make_player
    from engine.events import Dealt, Scored

    seed, indices, names = args
    # per deal: heels, [(role, points) pegged], pone hand, dealer hand, crib, dealer
    rows: list[list[Any]] = []
    players = (make_player(names[0]), make_player(names[1]))
    for index in indices:
        current: list[Any] | None = None
        for event in _game_events(players, seed, index):
            if isinstance(event, Dealt):
                if current is not None:
                    rows.append(current)
                dealer = event.dealer
                current = [0, [], 0, 0, 0, dealer]
            elif isinstance(event, Scored) and current is not None:
                role = 1 if event.seat == current[5] else 0
                if event.source == "his_heels":
                    current[0] += event.points
                elif event.source == "pegging":
                    current[1].append((role, event.points))
                elif event.source == "hand":
                    current[2 if role == 0 else 3] += event.points
                elif event.source == "crib":
                    current[4] += event.points
        # the game's last deal ended the game part way: left out
    n = len(rows)
    out = {"heels": np.zeros(n, np.int64), "peg_role": np.zeros((n, MAX_PEG_EVENTS), np.int64),
           "peg_pts": np.zeros((n, MAX_PEG_EVENTS), np.int64), "n_peg": np.zeros(n, np.int64),
           "pone_hand": np.zeros(n, np.int64), "dealer_hand": np.zeros(n, np.int64),
           "crib": np.zeros(n, np.int64)}
    for i, (heels, pegs, pone, dealer_hand, crib, _) in enumerate(rows):
        out["heels"][i] = heels
        out["n_peg"][i] = len(pegs)
        for k, (role, pts) in enumerate(pegs[:MAX_PEG_EVENTS]):
            out["peg_role"][i, k], out["peg_pts"][i, k] = role, pts
        out["pone_hand"][i], out["dealer_hand"][i], out["crib"][i] = pone, dealer_hand, crib
    return out


def deal_samples(games: int, seed: int, workers: int = 1, progress=None,
                 backend: Backend = LOCAL, players: tuple[str, str] = ("mueller", "mueller")
                 ) -> dict[str, np.ndarray]:
    """Complete deals of ``games`` games between ``players`` (default mueller v mueller;
    game ``i`` from ``seed``)."""
    chunk = 25
    jobs = [(seed, list(range(i, min(games, i + chunk))), players)
            for i in range(0, games, chunk)]
    done = run_jobs(_sample_games, jobs, workers, size=lambda job: len(job[1]),
                    progress=progress, backend=backend)
    parts = [part for _, part in finished(done, len(jobs))]
    return {k: np.concatenate([p[k] for p in parts]) for k in SAMPLE_FIELDS}


def win_probabilities(samples: dict[str, np.ndarray], objective: str = "win"
                      ) -> np.ndarray:
    """``W`` (2, 121, 121) for ``objective`` (``ai.tables.expert.OBJECTIVES``): the
    probability of winning, or the ACC table ``A``."""
    V = value_table(np.zeros((2, WINNING_SCORE, WINNING_SCORE)), objective)
    _expert.win_table(*(samples[k] for k in SAMPLE_FIELDS), V)
    return V[:2].copy()



def build(games: int, seed: int, workers: int = 1, progress=None,
          backend: Backend = LOCAL, players: tuple[str, str] = ("mueller", "mueller")
          ) -> tuple[ExpertTables, dict]:
    samples = deal_samples(games, seed, workers, progress, backend, players)
    q = toss_model()
    tables = ExpertTables(win_probabilities(samples), q, crib_model(q), samples)
    meta: dict[str, Any] = {"games": games, "seed": seed,
                            "deals": int(samples["heels"].shape[0])}
    if players != ("mueller", "mueller"):
        meta["players"] = " v ".join(players)
    return tables, meta


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


# ---------------------------------------------------------------------------- pegging table
PEG_ROWS = 70  # rows of the pegging table per job (26 jobs)


def _pegging_rows(args: tuple[int, int]) -> np.ndarray:
    from ai.tables.expert_pegging import four_rank_hands

    first, last = args
    out = np.zeros((last - first, N_FOUR), dtype=np.int64)
    _expert.leader_values(four_rank_hands(), first, last, out)
    return out


LEAD_ROWS = 35  # rows of the lead table per job (52 jobs)


def _lead_rows(args: tuple[int, int]) -> np.ndarray:
    from ai.tables import lead_model
    from ai.tables.keep_model import keep_table

    first, last = args
    hands = np.ascontiguousarray(all_four_rank_hands(), dtype=np.int64)
    weight = np.ascontiguousarray(keep_table(lead_model.KEEP_BETA)[DEALER], dtype=np.float64)
    out = np.zeros((last - first, 4))
    _expert.lead_values(hands, first, last, weight, out)
    return out


def _reply_rows(args: tuple[int, int, np.ndarray]) -> np.ndarray:
    from ai.tables import lead_model
    from ai.tables.keep_model import keep_table

    first, last, L = args
    hands = np.ascontiguousarray(all_four_rank_hands(), dtype=np.int64)
    weight = np.ascontiguousarray(keep_table(lead_model.KEEP_BETA)[PONE], dtype=np.float64)
    chances = np.ascontiguousarray(lead_model._softmax_by_rank(L, lead_model.LEAD_BETA).T)
    out = np.zeros((last - first, 13, 4))
    _expert.reply_values(hands, first, last, weight, chances, out)
    return out


def lead_table(workers: int = 1, progress=None, backend: Backend = LOCAL,
               rows: tuple[int, int] = (0, N_FOUR)) -> tuple[np.ndarray, np.ndarray]:
    """The lead and reply values ``L`` and ``R`` (``ai.tables.lead_model``): all of them,
    or the rows ``first:last`` (the replies need every lead: ``L`` is built whole)."""
    first, last = rows
    jobs = [(i, min(N_FOUR, i + LEAD_ROWS)) for i in range(0, N_FOUR, LEAD_ROWS)]
    done = run_jobs(_lead_rows, jobs, workers, size=lambda job: job[1] - job[0],
                    progress=progress, backend=backend)
    L = np.concatenate([part for _, part in finished(done, len(jobs))])
    jobs_r = [(i, min(last, i + LEAD_ROWS), L) for i in range(first, last, LEAD_ROWS)]
    done = run_jobs(_reply_rows, jobs_r, workers, size=lambda job: job[1] - job[0],
                    progress=progress, backend=backend)
    R = np.concatenate([part for _, part in finished(done, len(jobs_r))])
    return L[first:last], R


def pegging_table(workers: int = 1, progress=None, backend: Backend = LOCAL,
                  rows: tuple[int, int] = (0, N_FOUR)) -> np.ndarray:
    """The pegging table ``V`` (``ai.tables.expert_pegging``), int8: all of it, or the
    rows ``first:last`` of it."""
    first, last = rows
    jobs = [(i, min(last, i + PEG_ROWS)) for i in range(first, last, PEG_ROWS)]
    done = run_jobs(_pegging_rows, jobs, workers, size=lambda job: job[1] - job[0],
                    progress=progress, backend=backend)
    parts = [part for _, part in finished(done, len(jobs))]
    return np.concatenate(parts).astype(np.int8)
