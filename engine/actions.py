"""What a player may do: the actions a :class:`engine.state.GameState` accepts, each with
an integer id and a text form that round-trip, as OpenSpiel numbers its actions and
python-chess writes its moves.

The ids (``NUM_ACTIONS`` of them, the same in every state; a learner's mask covers them):

- 0-51: play that card (``PlayCard``; a card is ``rank * 4 + suit``)
- 52: go (``GO``)
- 53-1378: toss a pair of cards to the crib (``Toss``): ``53 + toss_index(a, b)``, the
  pair's place among the 1,326 pairs ``a < b`` in order (AC AD, cards 0 and 1, is 0)
- 1379-1408: claim 0 to 29 points (``Claim``, manual counting and pegging)
- 1409-1460: chance gives that card (``ChanceCard``: a card of the cut for deal, of the
  deal, or the starter, in an explicit-chance game; ``GameState.apply(CHANCE, ...)``)

The first 1,379 are the numbering ``ai.env`` has used since its first version, so an agent
trained on it keeps its meaning. The text forms: ``"play 5H"``, ``"go"``, ``"toss 2C 5H"``
(the lower card first), ``"claim 12"``, ``"chance 5H"``.

>>> action_id(PlayCard(0)), action_id(GO), action_id(Claim(12))
(0, 52, 1391)
>>> action_text(action_from_id(56)), parse_action("toss 2c ac") == action_from_id(56)
('toss AC 2C', True)

They live apart from the state so that the game record (``engine.record``) can read and
write them without importing the state (which imports the record).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.cards import Card, card_name, check_card, parse_cards
from engine.errors import CardError, CribbageError, IllegalActionError
from engine.rules import MAX_HAND_SCORE


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


@dataclass(frozen=True)
class ChanceCard:
    """Chance's move in an explicit-chance game: the next card of the cut for deal, of the
    deal or the starter (``GameState.apply(CHANCE, ChanceCard(card))``; its legal ones are
    ``GameState.legal_actions(CHANCE)``)."""

    card: Card


GO = Go()
Action = Toss | PlayCard | Go | Claim | ChanceCard

# Who acts, numbered as OpenSpiel numbers players (GameState.current_player): a seat 0 or 1,
CHANCE = -1  # chance, at a card an explicit-chance game waits for (kChancePlayerId)
TERMINAL = -4  # nobody: the game is over (kTerminalPlayerId)

MAX_CLAIM = MAX_HAND_SCORE  # a claim is 0..29 points: no hand, crib or card scores more

N_CARDS = 52
GO_ID = N_CARDS  # 52
FIRST_TOSS_ID = GO_ID + 1  # 53
TOSS_PAIRS: tuple[tuple[Card, Card], ...] = tuple(combinations(range(N_CARDS), 2))  # 1,326
FIRST_CLAIM_ID = FIRST_TOSS_ID + len(TOSS_PAIRS)  # 1,379
FIRST_CHANCE_ID = FIRST_CLAIM_ID + MAX_CLAIM + 1  # 1,409
NUM_PLAYER_ACTIONS = FIRST_CHANCE_ID  # the seats' actions: 0..1408
NUM_ACTIONS = FIRST_CHANCE_ID + N_CARDS  # chance's too: 1,461
_TOSS_INDEX = {pair: i for i, pair in enumerate(TOSS_PAIRS)}


def toss_index(a: Card, b: Card) -> int:
    """The place of the pair of cards ``a`` and ``b`` (either order, distinct) among the
    1,326 pairs ``a < b`` in order.

    >>> toss_index(0, 1), toss_index(51, 50)
    (0, 1325)
    """
    pair = (check_card(a), check_card(b))
    if pair[0] == pair[1]:
        raise CardError(f"a toss is two different cards, not {card_name(a)} twice")
    return _TOSS_INDEX[(min(pair), max(pair))]


def action_id(action: Action) -> int:
    """The integer id of ``action`` (see the module docstring); IllegalActionError for a
    malformed action (a toss of other than two different cards, a claim out of 0..29).

    >>> action_id(Toss((1, 0))), action_id(Toss((4, 0)))
    (53, 56)
    """
    try:
        if isinstance(action, PlayCard):
            return check_card(action.card)
        if isinstance(action, Go):
            return GO_ID
        if isinstance(action, Toss):
            if len(action.cards) != 2:
                raise IllegalActionError(f"a toss is two cards, not {len(action.cards)}")
            return FIRST_TOSS_ID + toss_index(*action.cards)
        if isinstance(action, Claim):
            points = action.points
            if isinstance(points, bool) or not isinstance(points, int) \
                    or not 0 <= points <= MAX_CLAIM:
                raise IllegalActionError(f"a claim is a whole number from 0 to {MAX_CLAIM},"
                                         f" not {points!r}")
            return FIRST_CLAIM_ID + points
        if isinstance(action, ChanceCard):
            return FIRST_CHANCE_ID + check_card(action.card)
    except (CardError, TypeError) as exc:
        raise IllegalActionError(f"no id for {action!r}: {exc}") from exc
    raise IllegalActionError(f"not an action: {action!r}")


def action_from_id(number: Any) -> Action:
    """The action whose id is ``number`` (an int, numpy's too); TypeError for anything else
    (a bool included), IllegalActionError (a ValueError) for a number outside
    0..NUM_ACTIONS-1.

    >>> action_from_id(52) == GO, action_from_id(1379)
    (True, Claim(points=0))
    """
    if isinstance(number, bool) or not hasattr(number, "__index__"):
        raise TypeError(f"an action id is an integer, not {type(number).__name__}")
    number = number.__index__()
    if not 0 <= number < NUM_ACTIONS:
        raise IllegalActionError(f"no action numbered {number} (0 to {NUM_ACTIONS - 1})")
    if number < GO_ID:
        return PlayCard(number)
    if number == GO_ID:
        return GO
    if number < FIRST_CLAIM_ID:
        return Toss(TOSS_PAIRS[number - FIRST_TOSS_ID])
    if number < FIRST_CHANCE_ID:
        return Claim(number - FIRST_CLAIM_ID)
    return ChanceCard(number - FIRST_CHANCE_ID)


def action_text(action: Action) -> str:
    """The text form of ``action``: ``"play 5H"``, ``"go"``, ``"toss AC 5H"`` (the lower
    card first), ``"claim 12"``, ``"chance 5H"``; :func:`parse_action` reads it back.

    >>> action_text(PlayCard(17)), action_text(Claim(0))
    ('play 5D', 'claim 0')
    """
    number = action_id(action)  # checks it
    if isinstance(action, PlayCard):
        return f"play {card_name(number)}"
    if isinstance(action, Toss):
        return "toss " + " ".join(card_name(c) for c in TOSS_PAIRS[number - FIRST_TOSS_ID])
    if isinstance(action, Claim):
        return f"claim {number - FIRST_CLAIM_ID}"
    if isinstance(action, ChanceCard):
        return f"chance {card_name(action.card)}"
    return "go"


def parse_action(text: str) -> Action:
    """The action written as :func:`action_text` writes it; case and spacing are free, a
    toss's cards in either order and cards as :func:`engine.cards.parse_card` reads them.
    IllegalActionError (a ValueError) for anything else.

    >>> parse_action("  Play 10h ") == PlayCard(parse_cards("TH")[0])
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"an action's text is a string, not {type(text).__name__}")
    words = text.split()
    verb = words[0].lower() if words else ""
    try:
        if verb == "go" and len(words) == 1:
            return GO
        if verb == "play" and len(words) == 2:
            return PlayCard(parse_cards(words[1:], count=1)[0])
        if verb == "chance" and len(words) == 2:
            return ChanceCard(parse_cards(words[1:], count=1)[0])
        if verb == "toss" and len(words) == 3:
            action: Action = Toss(tuple(parse_cards(words[1:], count=2)))
            action_id(action)  # two different cards
            return action
        if verb == "claim" and len(words) == 2 and words[1].isascii() \
                and words[1].isdigit() and len(words[1]) <= 2:
            action = Claim(int(words[1]))
            action_id(action)  # 0..29
            return action
    except CribbageError as exc:  # a bad card, two equal cards, a claim over 29
        raise IllegalActionError(f"not an action: {text[:40]!r} ({exc})") from exc
    raise IllegalActionError(f"not an action: {text[:40]!r}: 'play 5H', 'go', 'toss AC 5H', "
                             f"'claim 12' or 'chance 5H'")
