"""The engine's compiled functions that the layers above may call from their own numba
code: scoring a five-card hand (by card or by rank), the pegging points of a card added to a
count's sequence, and small counting helpers. Everything else in ``engine._kernels`` and
``engine._analysis_kernels`` is private to the engine (an import-linter contract in
pyproject.toml keeps it so).

>>> from engine.cards import parse_cards
>>> score5(*parse_cards("5C 5H 5S JD"), parse_cards("5D")[0], False)
29
"""

from engine._analysis_kernels import _choose2 as choose2
from engine._analysis_kernels import _choose3 as choose3
from engine._kernels import (
    MAX_HAND_SCORE,
    card_pip,
    peg_points_seq,
    rank_pip,
    rank_score5,
    score5,
)
from engine.cards import JACK

__all__ = ["JACK", "MAX_HAND_SCORE", "card_pip", "choose2", "choose3", "peg_points_seq",
           "rank_pip", "rank_score5", "score5"]
