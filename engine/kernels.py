"""The engine's compiled functions that the layers above may call from their own numba
code: scoring a five-card hand (by card or by rank) and four cards before the starter, the
pegging points of a card added to a count's sequence, the exact statistics of the 15 splits
of six cards (``analyze_six``) and the rank part of the crib's (``crib_rank_total``), the
steps of the play over its state array (``engine._play``: who moves, what fits, play a card,
say go, close the count), and their constants. Everything else in the engine's underscore
modules is private to it (an import-linter contract in pyproject.toml keeps it so).

>>> from engine.cards import parse_cards
>>> score5(*parse_cards("5C 5H 5S JD"), parse_cards("5D")[0], False)
29
"""

from engine._analysis_kernels import (
    N_CRIBS,
    N_UNSEEN,
    RANK_SCORES,
    analyze_six,
    crib_rank_total,
)
from engine._kernels import (
    MAX_HAND_SCORE,
    card_pip,
    kernel,
    match_points,
    peg_points_at,
    peg_points_counted,
    peg_points_seq,
    rank_pip,
    rank_score5,
    score3,
    score4,
    score5,
    shuffled_deck,
    skunk_of,
)
from engine._play import (
    CANDIDATE,
    COUNT,
    GO,
    HANDS,
    HELD,
    LAST,
    N_SEQ,
    ONE_COUNT,
    PLAY_STATE,
    SEATS,
    SEQ,
    any_fits,
    card_fits,
    close_count,
    held_card,
    play_begin,
    play_card,
    play_card_in_order,
    play_mover,
    play_over,
    say_go,
)
from engine.cards import JACK

__all__ = ["CANDIDATE", "COUNT", "GO", "HANDS", "HELD", "JACK", "LAST",
           "MAX_HAND_SCORE", "N_CRIBS", "N_SEQ", "ONE_COUNT", "N_UNSEEN", "PLAY_STATE",
           "RANK_SCORES", "SEATS", "SEQ",
           "analyze_six", "any_fits", "card_fits", "card_pip", "close_count",
           "crib_rank_total", "held_card", "kernel", "peg_points_at",
           "peg_points_counted", "peg_points_seq", "play_begin", "play_card",
           "play_card_in_order", "play_mover", "play_over", "rank_pip", "rank_score5",
           "say_go", "score3", "score4", "score5", "shuffled_deck", "skunk_of", "match_points"]
