"""Cribbage rules, scoring and exact analysis. Knows nothing of AI players or Qt.

The public API, re-exported here:

- cards: ``parse_card``, ``parse_cards``, ``card_name``, ``rank``, ``suit``, ``pip_value``
- counting: ``score_hand``, ``score_breakdown``, ``count_aloud``, ``score_batch``,
  ``hand_score_histogram``
- the play: ``peg_points``, ``peg_breakdown``
- the game: ``GameState`` (``clone``, ``apply``, ``legal_actions``, ``current_player``,
  ``information_state_string``, ``returns``), ``Observation``, ``Phase``, ``Toss``,
  ``PlayCard``, ``GO``, ``Claim``, ``ChanceCard`` (chance's move, with ``CHANCE``)
- actions as numbers and text: ``action_id``, ``action_from_id``, ``action_text``,
  ``parse_action``, ``NUM_ACTIONS``, ``NUM_PLAYER_ACTIONS``
- analysis: ``analyze_discards``, ``DiscardOption``
"""

from engine.actions import (
    NUM_ACTIONS,
    NUM_PLAYER_ACTIONS,
    ChanceCard,
    action_from_id,
    action_id,
    action_text,
    parse_action,
)
from engine.analysis import DiscardOption, analyze_discards
from engine.cards import (
    Card,
    card_label,
    card_name,
    card_names,
    parse_card,
    parse_cards,
    pip_value,
    rank,
    suit,
)
from engine.errors import (
    CardError,
    CribbageError,
    DuplicateCardError,
    IllegalActionError,
    RecordError,
)
from engine.pegging import peg_breakdown, peg_points
from engine.scoring import (
    ScoreItem,
    count_aloud,
    hand_score_histogram,
    score_batch,
    score_breakdown,
    score_hand,
)
from engine.state import (
    CHANCE,
    GO,
    TERMINAL,
    Action,
    Claim,
    GameState,
    Go,
    Observation,
    Phase,
    PlayCard,
    Toss,
    why_illegal,
)

__all__ = [
    "CHANCE", "GO", "NUM_ACTIONS", "NUM_PLAYER_ACTIONS", "TERMINAL", "Action", "Card",
    "CardError", "ChanceCard", "Claim",
    "CribbageError", "DiscardOption", "DuplicateCardError", "GameState", "Go",
    "IllegalActionError", "Observation", "Phase", "PlayCard", "RecordError", "ScoreItem",
    "Toss", "action_from_id", "action_id", "action_text", "analyze_discards", "card_label",
    "card_name", "card_names", "count_aloud", "hand_score_histogram", "parse_action",
    "parse_card", "parse_cards", "peg_breakdown", "peg_points", "pip_value", "rank",
    "score_batch", "score_breakdown", "score_hand", "suit", "why_illegal",
]
