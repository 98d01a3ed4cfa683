"""How a pone leads and a dealer answers: the first two cards of a deal, read as choices
(issue 40), from ``assets/expert_leads.npz``, built by ``cribbage train expert-leads``
(about 100 s on 2 cores: the leads, then the answers).

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

``R[b, r, t]``: the same for the dealer's answer: the net pegging points of a dealer
holding rank hand ``b`` that answers the pone's lead of rank ``r`` with the rank at its
position ``t`` (``ai._expert.reply_values``), averaged over the pone hands holding ``r``,
each by its combinations, the keep model of a pone, and the chance above (at
``LEAD_BETA``) that it leads ``r``. So ``P(reply u | b, r) ∝ exp(beta x R[b, r, u])``.

The expert weighs each hand its play samples by these (``lead=BETA`` and ``reply=BETA``
in ``CRIBBAGE_EXPERT_PARTS``), beside the keep model. Fitted on `expert-2026-11`'s own
choices, 4 per point explains its leads best and 2 to 4 its answers (its best by these
values is what it played in two choices of three).
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
KEEP_BETA = 4.0  # the keep model behind the hands each side imagines the other holds
LEAD_BETA = 4.0  # how sharply the pone a dealer answers is imagined to lead (per point)
NET_BOUND = 40  # no play nets this many points either way (as the pegging table's)

_LOADED: dict[str, tuple[np.ndarray, np.ndarray]] = {}
_CHANCES: dict[tuple[str, str, float], np.ndarray] = {}
_LOADING = threading.Lock()


def save(path: Path, L: np.ndarray, R: np.ndarray, meta: dict) -> None:
    save_table(path, {"L": L.astype(np.float64), "R": R.astype(np.float64)},
               {"kind": "expert-leads", "rebuild": REBUILD, "keep_beta": KEEP_BETA,
                "lead_beta": LEAD_BETA, **meta})


def load(path: Path | str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(the lead values (1820, 4), the reply values (1820, 13, 4)); a damaged or wrong
    file is a :class:`TableFileError`."""
    path = Path(path) if path is not None else asset_path(FILE)
    key = os.path.realpath(path)  # (resolve() raises on a link to itself)
    with _LOADING:
        if key not in _LOADED:
            _LOADED[key] = _load(path)
    return _LOADED[key]


def _load(path: Path) -> tuple[np.ndarray, np.ndarray]:
    arrays, _ = load_table(path, {"L": (N_FOUR, 4), "R": (N_FOUR, 13, 4)}, REBUILD)
    L, R = (np.ascontiguousarray(arrays[name], dtype=np.float64) for name in ("L", "R"))
    hands = all_four_rank_hands()
    same = hands[:, 1:] == hands[:, :-1]
    if (any(arrays[name].dtype.kind != "f" for name in ("L", "R"))
            or max(np.abs(L).max(), np.abs(R).max()) >= NET_BOUND
            or np.any(L[:, 1:][same] != L[:, :-1][same])
            or np.any(R[:, :, 1:].transpose(1, 0, 2)[:, same]
                      != R[:, :, :-1].transpose(1, 0, 2)[:, same])):
        raise TableFileError(f"{path}: not a table of leads (values out of range, or equal "
                             f"ranks played to different values); "
                             f"{rebuild_hint(path, REBUILD)}")
    return L, R


def _softmax_by_rank(values: np.ndarray, beta: float) -> np.ndarray:
    """``values[..., a, t]`` -> the chance of playing the rank at position ``t`` of hand
    ``a``, at ``beta`` per point, over the hand's distinct ranks (positions of one rank
    each hold that rank's chance)."""
    hands = all_four_rank_hands()
    first = np.ones((N_FOUR, 4), dtype=bool)  # one choice per distinct rank
    first[:, 1:] = hands[:, 1:] != hands[:, :-1]
    e = np.exp(beta * (values - values.max(axis=-1, keepdims=True)))
    return e / np.where(first, e, 0.0).sum(axis=-1, keepdims=True)


def _key(path: Path | str | None) -> str:
    return os.path.realpath(path if path is not None else asset_path(FILE))


def lead_probabilities(beta: float, path: Path | str | None = None) -> np.ndarray:
    """(4, 1820): ``P[t, a]`` the chance that a pone holding rank hand ``a`` leads the rank
    at its position ``t``."""
    key = (_key(path), "lead", float(beta))
    if key not in _CHANCES:
        _CHANCES[key] = np.ascontiguousarray(_softmax_by_rank(load(path)[0], beta).T)
    return _CHANCES[key]


def reply_probabilities(beta: float, path: Path | str | None = None) -> np.ndarray:
    """(52, 1820): ``Q[4 r + t, a]`` the chance that a dealer holding rank hand ``a``
    answers a lead of rank ``r`` with the rank at its position ``t``."""
    key = (_key(path), "reply", float(beta))
    if key not in _CHANCES:
        R = load(path)[1].transpose(1, 0, 2)  # (13, 1820, 4)
        chances = _softmax_by_rank(R, beta)
        _CHANCES[key] = np.ascontiguousarray(chances.transpose(0, 2, 1).reshape(52, N_FOUR))
    return _CHANCES[key]


def reading_rows(lead_beta: float, reply_beta: float) -> np.ndarray:
    """(56, 1820): the rows ``ai._decide.keep_model_weights`` reads after the keep model's
    two: the lead chances (4), then the reply chances (52); at 0 a choice is not read (its
    chances all 1)."""
    lead = lead_probabilities(lead_beta) if lead_beta > 0 else np.ones((4, N_FOUR))
    reply = reply_probabilities(reply_beta) if reply_beta > 0 else np.ones((52, N_FOUR))
    return np.concatenate([lead, reply])
