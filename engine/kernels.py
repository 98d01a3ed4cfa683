"""The engine's compiled functions that the layers above may call from their own numba
code: scoring a five-card hand (by card or by rank), the pegging points of a card added to a
count's sequence, the steps of the play over its state array (``engine._play``: who moves,
what fits, play a card, say go, close the count), and small counting helpers. Everything
else in the engine's underscore modules is private to it (an import-linter contract in
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
from engine._play import (
    COUNT,
    HANDS,
    HELD,
    N_SEQ,
    PLAY_STATE,
    SEQ,
    any_fits,
    card_fits,
    close_count,
    held_card,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
)
from engine.cards import JACK

__all__ = ["COUNT", "HANDS", "HELD", "JACK", "MAX_HAND_SCORE", "N_SEQ", "PLAY_STATE", "SEQ",
           "any_fits", "card_fits", "card_pip", "choose2", "choose3", "close_count",
           "held_card", "peg_points_seq", "play_begin", "play_card", "play_mover",
           "play_over", "rank_pip", "rank_score5", "say_go", "score5"]
