"""The information-state string of a seat: everything that seat knows of a game, nothing
hidden from it, as OpenSpiel's ``InformationStateString`` (with perfect recall: the whole
game as the seat saw it, not only the present).

Two states give one seat the same string exactly when that seat cannot tell them apart:
they differ only in the other seats' unplayed cards (a partner's as much as an
opponent's), their throws to the crib, the undealt cards (the crib's card from the deck
before the crib is shown, the starter before it is cut) or the random generators behind
the seed. A search keys its nodes by it; a learner can hash it.

The string is lines of text: a header (the seat, the scores by side, the dealer, the deal,
the phase, who acts, the cards the seat holds, the count), the rules of the table (manual
counting and pegging by seat, muggins, the starting scores, and the variant unless it is
the two-player six-card game), then every event of the game in the seat's view
(``engine.events.seat_view``: its own cards dealt, the other seats' throws without their
cards, every card played, go, count, score and show). Every variant has its string; the
two-player six-card game's is as it was before the variants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import CHANCE
from engine.cards import card_name
from engine.events import (
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    Event,
    GameOver,
    Played,
    SaidGo,
    Scored,
    Show,
    StarterCut,
    Tossed,
    seat_view,
)
from engine.rules import RULES, variant_name

# A game is an engine.state.GameState, known here by its shape: the state imports this
# module, and no two modules import each other (tests/test_architecture.py).
GameState = Any


def _names(cards: tuple[int, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


def _joined(numbers: tuple[int, ...] | list[int], between: str = "-") -> str:
    """Scores by side ("0-0", "12-40-7"), or flags by seat ("01")."""
    return between.join(str(int(n)) for n in numbers)


def _dealt(event: Dealt) -> str:
    hands = "; ".join(f"p{seat} {_names(hand) or '??'}" for seat, hand in enumerate(event.hands))
    return f"deal {event.deal} dealer p{event.dealer}: {hands}"


# each kind of event as a line (an event seen by a seat: the cards hidden from it are gone)
_TEXTS: dict[type, Callable[[Any], str]] = {
    Played: lambda e: f"p{e.seat} play {card_name(e.card)} ={e.count}",
    Scored: lambda e: f"p{e.seat} scores {e.points} {e.reason} ={e.total}",
    SaidGo: lambda e: f"p{e.seat} go at {e.count}",
    CountReset: lambda e: f"count {e.count} ends",
    Tossed: lambda e: f"p{e.seat} tosses {_names(e.cards) or '??'}",
    Dealt: _dealt,
    StarterCut: lambda e: f"starter {card_name(e.card)}",
    Show: lambda e: f"p{e.seat} shows {e.what} {_names(e.cards)}",
    Claimed: lambda e: f"p{e.seat} claims {e.claimed} for {e.what} of {e.actual}",
    CutForDeal: lambda e: f"cut {_names(e.cards)} dealer {e.dealer}",
    GameOver: lambda e: f"p{e.winner} wins {_joined(e.scores)} skunk {e.skunk}",
}


def event_text(event: Event) -> str:
    """One event as a line of text, as the seat it was shown to sees it (cards hidden from
    it are already gone: :func:`engine.events.seat_view`).

    >>> event_text(Played(1, 17, 15))
    'p1 play 5D =15'
    """
    text = _TEXTS.get(type(event))
    # an event type added later: shown whole (seat_view hid its secrets)
    return repr(event) if text is None else text(event)


def information_state_string(game: GameState, seat: int) -> str:
    """What ``seat`` knows of ``game`` (see the module docstring); the same for two states
    that seat cannot tell apart, different otherwise.

    >>> from engine.state import GameState
    >>> print(information_state_string(GameState.new(7, first_dealer=0), 1)[:60])
    p1 | scores 0-0 | dealer p0 | deal 1 | discard | to act p1 |
    """
    game._check_seat(seat)
    who = game.current_player()
    header = (f"p{seat} | scores {_joined(game.scores)} | dealer p{game.dealer} | "
              f"deal {game.deal_number} | {game.phase} | to act "
              f"{'p' + str(who) if who >= 0 else 'chance' if who == CHANCE else 'nobody'} | "
              f"holds {_names(tuple(game.hands[seat]))} | count {game.count}")
    if who == CHANCE:
        stage, drawn = game.chance_stage()
        header += f" | chance {stage} {drawn}"  # how many have come, not which
    table = (f"manual count {_joined(game.manual_count, '')} pegging "
             f"{_joined(game.manual_pegging, '')} muggins {int(game.muggins)} from "
             f"{_joined(game.start_scores)}")
    rules = game.rules
    if rules != RULES:  # (the two-player six-card game's string is as it always was)
        name = variant_name(rules)
        table += f" variant {name if name != 'custom' else _joined(tuple(rules), ',')}"
    return "\n".join([header, table, *(event_text(seat_view(e, seat)) for e in game.events)])
