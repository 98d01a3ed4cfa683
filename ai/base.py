"""The contract between the game and a computer (or human) player.

A player answers two questions from an engine ``Observation`` only: which two cards to toss
(``discard``) and which card to play (``play``; ``GO`` only when no card is legal). Each
answer is a :class:`Decision`: the action plus a structured reasoning record saying what the
player considered and why it chose, which the GUI renders.

Players take their randomness from an injected seed or ``numpy.random.Generator``; the
match driver gives each player a fresh generator at the start of every game
(:meth:`Player.new_game`), derived from the match seed, so any game of a match replays
exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from engine import GO, Action, Observation, Phase
from engine.cards import CardName, card_name
from engine.errors import CribbageError, IllegalActionError

Seed = int | np.random.Generator | None


def make_rng(seed: Seed) -> np.random.Generator:
    """A generator from a seed, or the generator itself."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


@dataclass(frozen=True)
class Reasoning:
    """Base class of reasoning records. Subclasses add what their player computed."""

    def summary(self, name: CardName = card_name) -> str:
        """One plain sentence, for logs and the command line, with cards written by
        ``name`` (``engine.cards.card_label`` gives suit symbols); the GUI renders the
        fields."""
        return type(self).__name__


class PlayerFailure(CribbageError):
    """A player could not give a decision (an external engine crashed, timed out, or
    answered wrongly): it forfeits the game, and the match goes on."""


@dataclass(frozen=True)
class Decision:
    action: Action
    reasoning: Reasoning


@dataclass(frozen=True)
class ForcedGo(Reasoning):
    """No card fits: go is the only legal action."""

    count: int

    def summary(self, name: CardName = card_name) -> str:
        return f"no card fits under 31 at {self.count}: go"


class Player(ABC):
    """A player. Subclasses implement :meth:`discard` and :meth:`play`."""

    #: registry name, e.g. "heuristic"
    name: str = "player"
    #: the variants it plays (``engine.rules.VARIANTS``' names): the two-player six-card
    #: game unless it says more; a match of another variant refuses it (:func:`check_plays`)
    variants: tuple[str, ...] = ("six-card",)

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)
        self.seat: int | None = None

    def new_game(self, seat: int, rng: np.random.Generator | None = None) -> None:
        """Called before each game with this player's seat and, from a match driver, a
        fresh generator for the game."""
        self.seat = seat
        if rng is not None:
            self.rng = rng

    def random_state(self) -> dict:
        """The position of this player's generator (JSON-ready), to save with a game."""
        return dict(self.rng.bit_generator.state)

    def restore_random_state(self, state: dict) -> None:
        """Put the generator back where :meth:`random_state` found it."""
        try:
            self.rng.bit_generator.state = state
        except (TypeError, ValueError, KeyError) as exc:
            raise ValueError(f"not a saved random state for {self.name}: {exc}") from exc

    @abstractmethod
    def discard(self, obs: Observation) -> Decision:
        """Choose the two cards to toss to the crib (``Decision.action`` is a ``Toss``)."""

    @abstractmethod
    def play(self, obs: Observation) -> Decision:
        """Choose a card to play (``PlayCard``), or ``GO`` only when no card is legal."""

    def observe(self, event) -> None:  # noqa: B027 (optional hook)
        """Every event of the game as this seat may see it (``engine.events.seat_view``:
        its own cards only), as it happens. Most players ignore them."""

    def close(self) -> None:  # noqa: B027 (optional hook)
        """Release what the player holds (an external engine's process)."""

    def getting_ready(self, variant: str) -> str | None:
        """A sentence for the person when this player must first work something out before
        it can play ``variant`` and that takes long (then :meth:`get_ready` does it; a
        front end says the sentence meanwhile), else None."""
        return None

    def get_ready(self, variant: str) -> None:  # noqa: B027 (optional hook)
        """Work out what :meth:`getting_ready` said (before the game's first decision)."""

    def count(self, obs: Observation) -> Decision:
        """Claim the count of ``obs.show`` (only seats set to count by hand are asked)."""
        raise IllegalActionError(f"{self.name} does not count by hand")

    def peg(self, obs: Observation) -> Decision:
        """Claim the pegging points of the card just played, or of the go just won (only
        seats set to peg by hand are asked)."""
        raise IllegalActionError(f"{self.name} does not peg by hand")

    def decide(self, obs: Observation) -> Decision:
        """The decision this observation asks for, checked to be legal."""
        if obs.phase is Phase.DISCARD:
            decision = self.discard(obs)
        elif obs.phase is Phase.PLAY and obs.to_play == obs.seat:
            decision = self.play(obs) if obs.legal_cards else Decision(GO, ForcedGo(obs.count))
        elif obs.phase is Phase.COUNT and obs.to_play == obs.seat:
            decision = self.count(obs)
        elif obs.phase is Phase.PEG and obs.to_play == obs.seat:
            decision = self.peg(obs)
        else:
            raise IllegalActionError(f"seat {obs.seat} has no decision to make now")
        if decision.action not in obs.legal_actions:
            raise IllegalActionError(
                f"{self.name} chose an illegal action {decision.action!r}")
        return decision

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def check_plays(player: Player, variant: str) -> None:
    """ValueError, in one line, if ``player`` does not play ``variant``."""
    if variant not in player.variants:
        plays = "the two-player six-card game" if player.variants == ("six-card",) else \
            ", ".join(player.variants)
        raise ValueError(f"{player.name} plays {plays} only, not {variant}")

