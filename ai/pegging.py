"""Figures for each card a player may play, from what that player can see.

The opponent's cards are modelled as a uniformly random subset of the cards this player has
not seen ("current probabilities", as Mueller puts it): the opponent's hand, its toss and the
undealt cards are all among them and indistinguishable. The opponent is assumed to reply
with its best-scoring card.

>>> from engine import GameState
>>> from engine.cards import parse_cards, parse_card
>>> from engine.state import stacked_deck
>>> deck = stacked_deck(parse_cards("5H 5C KH QH 9S 8S"), parse_cards("7C AS 2S 3D 7D TD"),
...                     parse_card("4H"))
>>> game = GameState.new(1, first_dealer=0, decks=[deck])
>>> game.toss(1, parse_cards("9S 8S")); game.toss(0, parse_cards("7D TD"))
>>> [f.card for f in card_figures(game.observation(1))] == parse_cards("5H 5C KH QH")
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai import _kernels
from engine import Observation
from engine.cards import Card


@dataclass(frozen=True)
class CardFigures:
    """``immediate``: points the card scores now. ``expected``: immediate minus the expected
    points of the opponent's best reply. ``max_net``: the best case, ignoring probabilities:
    immediate, minus the opponent's reply, plus this player's best next card. ``max_opp``:
    the most the opponent could score in reply."""

    card: Card
    immediate: int
    expected: float
    max_net: float
    max_opp: int


def unseen_by_rank(obs: Observation) -> np.ndarray:
    """(13,) how many cards of each rank ``obs.seat`` has not seen."""
    return np.bincount(np.array(obs.unseen, dtype=np.int64) >> 2, minlength=13)


def card_figures(obs: Observation) -> list[CardFigures]:
    """Figures for every legal card of ``obs`` (in hand order)."""
    hand = np.array(obs.hand, dtype=np.int64)
    legal_cards = set(obs.legal_cards)
    legal = np.array([c in legal_cards for c in obs.hand], dtype=np.bool_)
    seq = np.array([c for _, c in obs.current], dtype=np.int64)
    immediate, expected, max_net, max_opp = _kernels.peg_figures(
        seq, obs.count, hand, legal, unseen_by_rank(obs), obs.opponent_cards_left)
    return [CardFigures(int(hand[i]), int(immediate[i]), float(expected[i]),
                        float(max_net[i]), int(max_opp[i]))
            for i in range(len(hand)) if legal[i]]
