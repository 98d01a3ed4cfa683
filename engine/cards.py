"""Cards: a card is an ``int`` from 0 to 51.

``card = rank * 4 + suit`` with ranks ``A23456789TJQK`` (0..12) and suits ``CDHS`` (0..3),
so sorting cards sorts them by rank, and ``card >> 2`` / ``card & 3`` give rank and suit.

>>> parse_card("5H")
18
>>> card_name(parse_card("10h"))
'TH'
>>> [card_name(c) for c in parse_cards("5H 5C 5S JD")]
['5H', '5C', '5S', 'JD']
>>> pip_value(parse_card("KS")), pip_value(parse_card("AS"))
(10, 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import numpy as np

from engine.errors import CardError, DuplicateCardError

Card = int

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠, in the order of SUITS
RANK_WORDS = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

JACK = RANKS.index("J")
FIVE = RANKS.index("5")
# Each card's pip value for counting (ace 1, court cards 10), by card number; a tuple, as
# pure-Python code indexes it one card at a time.
PIPS: tuple[int, ...] = tuple(min((card >> 2) + 1, 10) for card in range(52))

_TOKEN = re.compile(r"^(10|[2-9TJQKA])([CDHS\u2663\u2666\u2665\u2660])$", re.IGNORECASE)
_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0=ace .. 12=king) and ``suit`` (0..3 = C, D, H, S)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
    return rank * 4 + suit


def rank(card: Card) -> int:
    """Rank index 0..12 (ace low, king high)."""
    return check_card(card) >> 2


def suit(card: Card) -> int:
    """Suit index 0..3 in the order clubs, diamonds, hearts, spades."""
    return check_card(card) & 3


def pip_value(card: Card) -> int:
    """Counting value in the play and for fifteens: ace 1, two..ten face value, court cards 10."""
    return PIPS[check_card(card)]


def check_card(card: object) -> Card:
    """Return ``card`` if it is a valid card number, else raise :class:`CardError`."""
    if isinstance(card, bool) or not isinstance(card, int | np.integer) or not 0 <= card < 52:
        raise CardError(f"not a card number (0..51): {card!r}")
    return int(card)


def parse_card(text: str) -> Card:
    """Parse one card such as ``"5H"``, ``"10h"``, ``"TD"``, ``"as"`` or ``"Q♠"``."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text like '5H', got {text!r}")
    token = text.strip()
    m = _TOKEN.match(token)
    if m is None:
        raise CardError(
            f"malformed card {text!r}: expected a rank (A 2-10 T J Q K) then a suit (C D H S)"
        )
    rank_text, suit_text = m.group(1).upper(), m.group(2).upper()
    rank_index = 9 if rank_text == "10" else RANKS.index(rank_text)
    suit_text = _SYMBOL_TO_SUIT.get(suit_text, suit_text)
    return rank_index * 4 + SUITS.index(suit_text)


def parse_cards(text: str | Iterable[str], count: int | None = None) -> list[Card]:
    """Parse distinct cards from ``"5H 5C 5S JD"`` (spaces or commas) or a list of tokens.

    ``count`` (optional) is the exact number of cards required.
    """
    tokens = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    tokens = [t for t in tokens if t != ""]
    cards = [parse_card(t) for t in tokens]
    seen: dict[Card, str] = {}
    for token, card in zip(tokens, cards, strict=True):
        if card in seen:
            same = "" if token == seen[card] else f" (same card as {seen[card]!r})"
            raise DuplicateCardError(f"duplicated card {token!r}{same}")
        seen[card] = token
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}: {' '.join(tokens)!r}")
    return cards


def card_name(card: Card) -> str:
    """Two-character name: ``"5H"``, ``"TD"``, ``"AS"``."""
    card = check_card(card)
    return RANKS[card >> 2] + SUITS[card & 3]


def card_names(cards: Iterable[Card]) -> str:
    """Space-separated names, e.g. ``"5H 5C 5S JD"``."""
    return " ".join(card_name(c) for c in cards)


CardName = Callable[[int], str]  # a way of writing a card: card_name, card_label


def cards_with(cards: Iterable[Card], name: CardName) -> str:
    """Cards written with ``name`` and spaces: ``cards_with(cards, card_label)`` gives
    ``"5♥ J♣"``."""
    return " ".join(name(c) for c in cards)


def card_label(card: Card) -> str:
    """Name with a suit symbol for display, e.g. ``"10♥"``, ``"J♦"``."""
    card = check_card(card)
    rank_text = "10" if card >> 2 == 9 else RANKS[card >> 2]
    return rank_text + SUIT_SYMBOLS[card & 3]


def card_words(card: Card) -> str:
    """English name, e.g. ``"five of hearts"``."""
    card = check_card(card)
    return f"{RANK_WORDS[card >> 2]} of {SUIT_WORDS[card & 3]}"


def check_distinct(cards: Iterable[object], what: str = "cards") -> list[Card]:
    """Validate card numbers and that none repeats; return them as a list of ints."""
    result = [check_card(c) for c in cards]
    if len(set(result)) != len(result):
        dupes = sorted({c for c in result if result.count(c) > 1})
        raise DuplicateCardError(f"duplicated card in {what}: {card_names(dupes)}")
    return result
