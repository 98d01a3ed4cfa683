"""What happens in a game, as a list of small immutable events.

The game state appends one event per thing that happens (a cut, a deal, a toss, a card, a
go, a score, the end). The match driver and the GUI consume them; a game record stores
them as JSON so a saved game can be checked when it is loaded back.

Events are the referee's full record: a ``Dealt`` event holds both hands and a ``Tossed``
event the cards thrown. A player is shown :func:`seat_view` of each event instead: its own
cards only (the other hand empty, the opponent's toss without its cards), everything public
as it is (the cards played, the starter, each hand and the crib as they are shown).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from engine.cards import card_name, parse_card
from engine.errors import RecordError
from engine.scoring import ScoreItem

# Where points come from, for statistics.
SOURCES = ("pegging", "hand", "crib", "his_heels", "muggins")


@dataclass(frozen=True)
class CutForDeal:
    """One round of cutting for first deal; ``dealer`` is None when the ranks tie (recut)."""

    type: ClassVar[str] = "cut_for_deal"
    cards: tuple[int, ...]  # the card each seat cut
    dealer: int | None


@dataclass(frozen=True)
class Dealt:
    type: ClassVar[str] = "dealt"
    deal: int  # 1 for the first deal of the game
    dealer: int
    hands: tuple[tuple[int, ...], ...]  # the cards dealt to each seat (six with two)


@dataclass(frozen=True)
class Tossed:
    type: ClassVar[str] = "tossed"
    seat: int
    cards: tuple[int, ...]  # the two cards; () in the other seat's view (seat_view)


@dataclass(frozen=True)
class StarterCut:
    type: ClassVar[str] = "starter"
    card: int


@dataclass(frozen=True)
class Played:
    type: ClassVar[str] = "played"
    seat: int
    card: int
    count: int  # the count after this card


@dataclass(frozen=True)
class SaidGo:
    type: ClassVar[str] = "go"
    seat: int
    count: int


@dataclass(frozen=True)
class CountReset:
    type: ClassVar[str] = "count_reset"
    count: int  # the count that ended (31, or less after a go)


@dataclass(frozen=True)
class Scored:
    """Points pegged. ``reason`` is what a player announces ("fifteen", "go", "last card",
    "his heels", "hand", "crib"); ``items`` itemises it; ``total`` is the score after (never
    above 121)."""

    type: ClassVar[str] = "scored"
    seat: int
    points: int
    source: str  # one of SOURCES
    reason: str
    items: tuple[ScoreItem, ...]
    total: int


@dataclass(frozen=True)
class Show:
    """A hand or the crib laid out for counting (before its ``Scored`` event)."""

    type: ClassVar[str] = "show"
    seat: int
    what: str  # "hand" or "crib"
    cards: tuple[int, ...]
    starter: int


@dataclass(frozen=True)
class Claimed:
    """Manual counting: ``seat`` claimed ``claimed`` points for its hand or crib, which
    holds ``actual``."""

    type: ClassVar[str] = "claimed"
    seat: int
    what: str
    claimed: int
    actual: int


@dataclass(frozen=True)
class GameOver:
    type: ClassVar[str] = "game_over"
    winner: int
    scores: tuple[int, ...]  # by side
    skunk: int  # 0 none, 1 skunk (loser under 91), 2 double skunk (loser under 61); with
    # more sides, the runner-up's


Event = CutForDeal | Dealt | Tossed | StarterCut | Played | SaidGo | CountReset | Scored \
    | Show | Claimed | GameOver
EVENT_TYPES = {cls.type: cls for cls in
               (CutForDeal, Dealt, Tossed, StarterCut, Played, SaidGo, CountReset, Scored, Show,
                Claimed, GameOver)}
_CARD_FIELDS = {"cards", "card", "starter", "hands"}


def seat_view(event: Event, seat: int) -> Event:
    """``event`` as the player in ``seat`` may see it: a ``Dealt`` event keeps only that
    seat's cards (every other hand is ``()``), the opponent's ``Tossed`` event keeps who
    tossed but not the two cards (``()``). Every other event is public and comes back as it
    is. This is the same view the external-engine protocol sends.

    >>> from engine.cards import parse_cards
    >>> dealt = Dealt(1, 0, (parse_cards("AH 2H 3H 4H 5H 6H"), parse_cards("7C 8C 9C TC JC QC")))
    >>> seat_view(dealt, 1).hands == ((), parse_cards("7C 8C 9C TC JC QC"))
    True
    >>> seat_view(Tossed(0, parse_cards("AH 2H")), 1).cards
    ()
    """
    if isinstance(event, Dealt):
        return replace(event, hands=tuple(hand if i == seat else ()
                                          for i, hand in enumerate(event.hands)))
    if isinstance(event, Tossed) and event.seat != seat:
        return replace(event, cards=())
    return event


def _cards_out(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_cards_out(v) for v in value]
    return card_name(value)


def _cards_in(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_cards_in(v) for v in value)
    return parse_card(value)


def event_to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready dict with cards as names, e.g. ``{"type": "played", "card": "5H", ...}``."""
    out: dict[str, Any] = {"type": event.type}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name == "items":
            value = [{"kind": i.kind, "cards": [card_name(c) for c in i.cards],
                      "points": i.points} for i in value]
        elif f.name in _CARD_FIELDS:
            value = _cards_out(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict`; raises :class:`RecordError` on malformed input."""
    try:
        cls = EVENT_TYPES[data["type"]]
        kwargs = {}
        for f in fields(cls):
            value = data[f.name]
            if f.name == "items":
                value = tuple(ScoreItem(i["kind"], _cards_in(i["cards"]), int(i["points"]))
                              for i in value)
            elif f.name in _CARD_FIELDS:
                value = _cards_in(value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[f.name] = value
        return cls(**kwargs)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"malformed event {data!r}: {exc}") from exc
