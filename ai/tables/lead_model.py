"""How a pone leads: the opening lead of a deal, read as a choice (issue 40), from
``assets/expert_leads.npz``, built by ``cribbage train expert-leads`` (about 30 s on 2
cores).

``L[a, t]``: the net pegging points (its points minus the dealer's) of a pone leading the
rank at position ``t`` of rank hand ``a`` (the 1,820 sorted rank hands of four, numbered by
``ai.tables.index``), the rest of the play searched with both hands known (the search the
expert pegs with, ``ai._expert.lead_values``), averaged over every rank hand the dealer
can hold beside it: each by its card combinations among the 48 other cards and by how
likely a sensible dealer keeps it (the keep model at ``KEEP_BETA`` per point). The largest
of a hand's four is its value in the pegging table (``ai.tables.expert_pegging``),
averaged the same way; equal ranks have equal values.

A pone leads the card its hand leads best, so once it has led, a hand whose best lead that
was is likelier than one that would have led another card:

    P(lead r | a) ∝ exp(beta x L[a, r])   over the distinct ranks of a

The expert weighs each hand its play samples for a pone by this (``lead=BETA`` in
``CRIBBAGE_EXPERT_PARTS``), beside the keep model. Fitted on `expert-2026-11`'s leads,
``beta`` = 4 per point explains them best (its best lead by ``L`` is the one it led in
two leads of three).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np

from ai.tables.files import TableFileError, asset_path, load_table, rebuild_hint, save_table
from ai.tables.index import N_FOUR, all_four_rank_hands

FILE = "expert_leads.npz"
REBUILD = "cribbage train expert-leads --out assets/expert_leads.npz"
KEEP_BETA = 4.0  # the keep model behind the dealer's hands a pone leads against
NET_BOUND = 40  # no play nets this many points either way (as the pegging table's)

_LOADED: dict[str, np.ndarray] = {}
_PROBABILITIES: dict[tuple[str, float], np.ndarray] = {}
_LOADING = threading.Lock()


def save(path: Path, L: np.ndarray, meta: dict) -> None:
    save_table(path, {"L": L.astype(np.float64)},
               {"kind": "expert-leads", "rebuild": REBUILD, "keep_beta": KEEP_BETA, **meta})


def load(path: Path | str | None = None) -> np.ndarray:
    """(1820, 4) the lead values; a damaged or wrong file is a :class:`TableFileError`."""
    path = Path(path) if path is not None else asset_path(FILE)
    key = os.path.realpath(path)  # (resolve() raises on a link to itself)
    with _LOADING:
        if key not in _LOADED:
            _LOADED[key] = _load(path)
    return _LOADED[key]


def _load(path: Path) -> np.ndarray:
    arrays, _ = load_table(path, {"L": (N_FOUR, 4)}, REBUILD)
    L = np.ascontiguousarray(arrays["L"], dtype=np.float64)
    hands = all_four_rank_hands()
    same = hands[:, 1:] == hands[:, :-1]
    if (arrays["L"].dtype.kind != "f" or np.abs(L).max() >= NET_BOUND
            or np.any(L[:, 1:][same] != L[:, :-1][same])):
        raise TableFileError(f"{path}: not a table of leads (values out of range, or equal "
                             f"ranks led to different values); {rebuild_hint(path, REBUILD)}")
    return L


def lead_probabilities(beta: float, path: Path | str | None = None) -> np.ndarray:
    """(4, 1820): ``P[t, a]`` the chance that a pone holding rank hand ``a`` leads the rank
    at its position ``t`` (positions of one rank each hold that rank's chance)."""
    key = (os.path.realpath(path if path is not None else asset_path(FILE)), float(beta))
    if key not in _PROBABILITIES:
        L = load(path)
        hands = all_four_rank_hands()
        first = np.ones(L.shape, dtype=bool)  # one choice per distinct rank
        first[:, 1:] = hands[:, 1:] != hands[:, :-1]
        e = np.exp(beta * (L - L.max(axis=1, keepdims=True)))
        total = np.where(first, e, 0.0).sum(axis=1, keepdims=True)
        _PROBABILITIES[key] = np.ascontiguousarray((e / total).T)
    return _PROBABILITIES[key]
