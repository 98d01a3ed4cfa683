"""What a player may do: the actions a :class:`engine.state.GameState` accepts.

They live apart from the state so that the game record (``engine.record``) can read and
write them without importing the state (which imports the record).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True)
class Toss:
    """Put two cards from the dealt six into the dealer's crib. The order of the two cards
    does not matter: they are kept sorted, so equal tosses compare equal."""

    cards: tuple[Card, ...]  # two cards

    def __post_init__(self) -> None:
        # not card numbers: leave them; GameState.toss refuses them with a clear error
        with contextlib.suppress(TypeError):
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True)
class PlayCard:
    card: Card


@dataclass(frozen=True)
class Go:
    """Say go: legal only when the player holds cards but none keeps the count <= 31."""


@dataclass(frozen=True)
class Claim:
    """Manual counting: the points a seat claims for the hand or crib being shown, or, with
    manual pegging, for the card it just played (or the go or last card it just won).

    Less than the count scores the claim (and, with muggins, the opponent pegs the points
    missed); more is corrected to the true count."""

    points: int


GO = Go()
Action = Toss | PlayCard | Go | Claim

# Who acts, numbered as OpenSpiel numbers players (GameState.current_player): a seat 0 or 1,
CHANCE = -1  # chance, at a card an explicit-chance game waits for (kChancePlayerId)
TERMINAL = -4  # nobody: the game is over (kTerminalPlayerId)
