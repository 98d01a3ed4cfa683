"""Helpers for scripting games in tests."""

from engine.cards import parse_card, parse_cards
from engine.events import Scored
from engine.state import GameState, PlayCard, Toss, stacked_deck

DEALER, PONE = 0, 1  # scripted games: seat 0 deals first


def scripted_game(pone: str, dealer: str, starter: str, scores=(0, 0)) -> GameState:
    """A game whose first deal gives ``pone`` (seat 1) and ``dealer`` (seat 0) these six
    cards and turns ``starter``."""
    deck = stacked_deck(parse_cards(pone, 6), parse_cards(dealer, 6), parse_card(starter))
    return GameState.new(1, first_dealer=DEALER, scores=scores, decks=[deck])


def toss_both(game: GameState, pone_toss: str, dealer_toss: str) -> None:
    game.toss(PONE, parse_cards(pone_toss, 2))
    game.toss(DEALER, parse_cards(dealer_toss, 2))


def run_moves(game: GameState, moves: str) -> None:
    """Apply moves like ``"P:KH D:QS D:go"`` (P = pone, D = dealer)."""
    for move in moves.split():
        who, what = move.split(":")
        seat = PONE if who == "P" else DEALER
        if what == "go":
            game.go(seat)
        else:
            game.play(seat, parse_card(what))


def scored(game: GameState, since: int = 0) -> list[tuple[int, int, str]]:
    """(seat, points, reason) of every Scored event from index ``since``."""
    return [(e.seat, e.points, e.reason) for e in game.events[since:] if isinstance(e, Scored)]


def play_randomly(game: GameState, rng, on_step=None) -> GameState:
    """Finish ``game`` with uniformly random legal actions, calling ``on_step(game)`` after
    each action."""
    while not game.is_over:
        seat = game.to_play if game.to_play is not None else \
            (0 if game.legal_actions(0) else 1)
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.integers(len(actions))])
        if on_step is not None:
            on_step(game)
    return game


def visible_cards(obs) -> set[int]:
    """Every card an observation mentions, its legal actions included."""
    cards = set(obs.dealt) | set(obs.hand) | set(obs.toss or ())
    cards |= {c for _, c in obs.played} | {c for _, c in obs.current}
    if obs.starter is not None:
        cards.add(obs.starter)
    for action in obs.legal_actions:
        if isinstance(action, Toss):
            cards |= set(action.cards)
        elif isinstance(action, PlayCard):
            cards.add(action.card)
    return cards
