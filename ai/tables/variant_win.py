"""The chance of winning at every score of a variant (five-card, three players, four in
partnership), built from compiled self-play (``ai.tables.variant_win_kernels``) and cached
in the user's cache folder (``ai.paths.cache_dir``), since it is rebuilt in seconds.

The table is held as ``T`` (a, b, c, k), by side *counted from the dealer's*:

- two sides: ``T[a, b, 0, 0]`` the chance the side dealing now, at ``a``, beats the other
  at ``b``;
- three players: ``T[a, b, c, k]`` the chance that side ``k`` wins (0 the dealer, 1 its
  left, 2 its right) with the dealer at ``a``, its left at ``b``, its right at ``c``.

Three players keep all three scores rather than a summary (my score, the leader's among
the others): the 121**3 positions solve in seconds, and the third player matters near the
end (who of the other two is close, and who counts first). The position relative to the
dealer is the table's own order.

>>> table = win_table("five-card", deals=2000)
>>> bool(0.0 <= table.chance([0, 0], dealer=0)[0] <= 1.0)
True
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.rules import VARIANTS, Rules, variant_name

DEALS = {"five-card": 20_000, "three-player": 1_500, "four-player": 6_000}  # self-play deals
# CRIBBAGE_SMALL_WIN_TABLES=1: tables from these few deals (built in about a second, not
# half a minute: the test suite sets it, its subprocesses too)
SMALL_DEALS = {"five-card": 400, "three-player": 40, "four-player": 200}
if os.environ.get("CRIBBAGE_SMALL_WIN_TABLES") == "1":
    DEALS = dict(SMALL_DEALS)
SEED = 1
VERSION = 1  # of the sampler and the solver: a cache from another version is rebuilt


@dataclass(frozen=True)
class VariantWinTable:
    """A variant's win table (the module's docstring), with how it was made."""

    variant: str
    rules: Rules
    T: np.ndarray  # float64 (target, target, target or 1, 3 or 1)
    deals: int
    seed: int
    mean_points: np.ndarray  # points a deal by side counted from the dealer's (sides,)
    seconds: float

    def chance(self, scores, dealer: int) -> np.ndarray:
        """Each side's chance of winning (by side: ``rules.side_of``) with ``scores`` by
        side and ``dealer`` (a seat) to deal now; a side at the target has won."""
        return chances(self.T, np.asarray(scores, dtype=np.int64), dealer, self.rules.players,
                       self.rules.sides, self.rules.target)


def chances(T: np.ndarray, scores: np.ndarray, dealer: int, players: int, sides: int,
            target: int) -> np.ndarray:
    """:meth:`VariantWinTable.chance` on the bare table (Python; the kernels have theirs)."""
    out = np.zeros(sides)
    won = [s for s in range(sides) if scores[s] >= target]
    if won:
        out[won[0]] = 1.0
        return out
    d = dealer % sides
    if sides == 2:
        p = T[scores[d], scores[1 - d], 0, 0]
        out[d], out[1 - d] = p, 1.0 - p
        return out
    order = [(d + k) % 3 for k in range(3)]
    p = T[scores[order[0]], scores[order[1]], scores[order[2]]]
    for k in range(3):
        out[order[k]] = p[k]
    return out


def build(variant: str, deals: int | None = None, seed: int = SEED) -> VariantWinTable:
    """Sample ``deals`` deals of self-play and solve the variant's table."""
    from ai.tables import variant_win_kernels as K

    rules = VARIANTS[variant]
    if rules.players == 2 and not rules.partners and variant == "six-card":
        raise ValueError("the six-card game has its own table (ai.tables.expert)")
    deals = deals or DEALS[variant]
    start = time.perf_counter()
    ev_side = np.zeros((deals, K.MAX_EVENTS), dtype=np.int64)
    ev_pts = np.zeros((deals, K.MAX_EVENTS), dtype=np.int64)
    n_ev = np.zeros(deals, dtype=np.int64)
    K.sample_deals(deals, seed, rules.players, rules.sides, rules.cards_dealt,
                   rules.cards_to_crib, rules.crib_from_deck, rules.one_count, ev_side,
                   ev_pts, n_ev)
    mean = np.zeros(rules.sides)
    for side in range(rules.sides):
        mean[side] = float(np.where(ev_side == side, ev_pts, 0).sum()) / deals
    t = rules.target
    if rules.sides == 2:
        T2 = np.zeros((t, t))
        K.solve_two(t, ev_side, ev_pts, n_ev, T2)
        T = T2.reshape(t, t, 1, 1)
    else:
        T = np.zeros((t, t, t, 3))
        K.solve_three(t, ev_side, ev_pts, n_ev, T)
    return VariantWinTable(variant, rules, T, deals, seed, mean, time.perf_counter() - start)


def cache_path(variant: str, deals: int, seed: int) -> Path:
    from ai.paths import cache_dir

    return cache_dir() / "tables" / f"variant-win-{variant}-{deals}-{seed}-v{VERSION}.npz"


def _save(path: Path, table: VariantWinTable) -> None:
    """The table as uint16 (1/65,535 steps: far finer than its sampling noise) without its
    last side (one less the others), so three players' is 8.5 MB, not 42."""
    import io

    from ai.paths import write_atomic

    stored = table.T[..., :-1] if table.T.shape[3] == 3 else table.T
    buffer = io.BytesIO()
    np.savez_compressed(buffer, T=np.round(stored * 65535).astype(np.uint16),
                        mean_points=table.mean_points, seconds=np.float64(table.seconds))
    write_atomic(path, buffer.getvalue())


def _load(path: Path, variant: str, deals: int, seed: int) -> VariantWinTable | None:
    rules = VARIANTS[variant]
    t = rules.target
    shape = (t, t, 1, 1) if rules.sides == 2 else (t, t, t, 2)
    try:
        with np.load(path, allow_pickle=False) as data:
            stored = data["T"]
            mean = data["mean_points"].astype(np.float64)
            seconds = float(data["seconds"])
    except Exception:  # missing, damaged or from elsewhere: it is rebuilt
        return None
    if stored.shape != shape or stored.dtype != np.uint16 or mean.shape != (rules.sides,):
        return None
    T = stored.astype(np.float64) / 65535
    if rules.sides == 3:
        T = np.concatenate([T, np.clip(1.0 - T.sum(axis=3, keepdims=True), 0.0, 1.0)],
                           axis=3)
    return VariantWinTable(variant, rules, T, deals, seed, mean, seconds)


_LOADED: dict[tuple[str, int, int], VariantWinTable] = {}


def at_hand(variant: str, deals: int | None = None, seed: int = SEED) -> bool:
    """Whether :func:`win_table` has the variant's table without building it (in memory,
    or a cache file to load): building one takes seconds (three players: half a minute)."""
    deals = deals or DEALS[variant]
    return (variant, deals, seed) in _LOADED or cache_path(variant, deals, seed).is_file()


def win_table(variant: str | Rules, deals: int | None = None, seed: int = SEED
              ) -> VariantWinTable:
    """The variant's table: from memory, else the cache folder, else built (seconds) and
    cached (a cache that cannot be written is not an error: the table is kept in memory)."""
    name = variant if isinstance(variant, str) else variant_name(variant)
    deals = deals or DEALS[name]
    key = (name, deals, seed)
    if key in _LOADED:
        return _LOADED[key]
    path = cache_path(name, deals, seed)
    table = _load(path, name, deals, seed) if path.is_file() else None
    if table is None:
        table = build(name, deals, seed)
        with contextlib.suppress(OSError):  # (then held in memory only)
            _save(path, table)
    _LOADED[key] = table
    return table
