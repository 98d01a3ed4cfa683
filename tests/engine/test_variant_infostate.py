"""The information-state string and the resampling in every variant (three and four seats,
five-card): a seat's string is blind to every card it cannot see (another seat's, a
partner's as an opponent's, the crib's card from the deck before the show) and changes
with what it can; a resampled game keeps the seat's view, deals every card once, replays
from its record and plays on to its end through the referee. The two-player six-card
strings and draws are pinned as they were before the variants."""

from __future__ import annotations

import hashlib
import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHANCE, GameState
from engine.cards import PIPS
from engine.events import Dealt, Show
from engine.rules import VARIANTS, Rules
from tests.engine.test_infostate import rebuild, same_pip_shuffle

NAMES = ("five-card", "three-player", "four-player")


@st.composite
def setups(draw, names=NAMES):
    name = draw(st.sampled_from(names))
    players = VARIANTS[name].players
    return {
        "seed": draw(st.integers(0, 2**32)),
        "rules": VARIANTS[name],
        "manual_count": draw(st.tuples(*[st.booleans()] * players)),
        "manual_pegging": draw(st.tuples(*[st.booleans()] * players)),
        "muggins": draw(st.booleans()),
    }


def play(setup: dict, steps: int, rng: np.random.Generator) -> tuple[GameState, int]:
    """A game after ``steps`` random actions (stopping before its end), and the index in
    its actions where the current deal's begin."""
    game, deal_start, deal = GameState.new(**setup), 0, 1
    for _ in range(steps):
        seat = game.current_player()
        legal = game.legal_actions(seat)
        after = game.clone()
        after.apply(seat, legal[rng.integers(len(legal))])
        if after.is_over:
            break
        game = after
        if game.deal_number != deal:
            deal, deal_start = game.deal_number, len(game.actions)
    return game, deal_start


def _drawn(rules: Rules) -> int:
    """The cards a deal takes before the starter: the hands and the crib's from the deck."""
    return rules.players * rules.cards_dealt + rules.crib_from_deck


def hidden_from(game: GameState, seat: int) -> set[int]:
    """The cards of the current deal ``seat`` has not seen, from the state itself: the
    other seats' (its partner's too) held and thrown, the crib's card from the deck, the
    starter before the cut, the undealt; less what the show has shown."""
    deck, drawn = game.decks[-1], _drawn(game.rules)
    hidden = set(deck[drawn + 1:]) | set(game.deck_crib)
    for other in range(game.players):
        if other != seat:
            hidden |= set(game.hands[other]) | set(game.tosses[other] or ())
    if game.starter is None:
        hidden.add(deck[drawn])
    last_deal = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    for event in game.events[last_deal:]:
        if isinstance(event, Show):
            hidden -= set(event.cards)
    return hidden


@settings(max_examples=60, deadline=None)
@given(setup=setups(), steps=st.integers(0, 150), seat=st.integers(0, 3),
       shuffle_seed=st.integers(0, 2**32))
def test_what_a_seat_cannot_see_does_not_change_its_string(setup, steps, seat,
                                                           shuffle_seed):
    game, deal_start = play(setup, steps, np.random.default_rng(setup["seed"]))
    seat %= game.players
    rng = np.random.default_rng(shuffle_seed)
    swap = same_pip_shuffle(hidden_from(game, seat), rng)
    twin = rebuild(game, deal_start, swap, rng)
    assert twin.information_state_string(seat) == game.information_state_string(seat)
    # not vacuous: a seat whose own hand changed sees it
    for other in range(game.players):
        if twin.hands[other] != game.hands[other]:
            assert twin.information_state_string(other) != \
                game.information_state_string(other)


@settings(max_examples=60, deadline=None)
@given(setup=setups(), steps=st.integers(0, 150), seat=st.integers(0, 3),
       pick=st.integers(0, 100))
def test_a_card_the_seat_holds_changed_changes_its_string(setup, steps, seat, pick):
    game, deal_start = play(setup, steps, np.random.default_rng(setup["seed"]))
    seat %= game.players
    hidden = hidden_from(game, seat)
    held = [c for c in game.hands[seat] if any(PIPS[h] == PIPS[c] for h in hidden)]
    if not held:
        return
    mine = held[pick % len(held)]
    alike = sorted(h for h in hidden if PIPS[h] == PIPS[mine])
    theirs = alike[pick % len(alike)]
    twin = rebuild(game, deal_start, {mine: theirs, theirs: mine}, np.random.default_rng(0))
    assert twin.information_state_string(seat) != game.information_state_string(seat)


def _to_the_end(game: GameState, rng: np.random.Generator) -> None:
    while not game.is_over:
        who = game.current_player()
        legal = game.legal_actions(who)
        game.apply(who, legal[rng.integers(len(legal))])


@settings(max_examples=60, deadline=None)
@given(setup=setups(), steps=st.integers(0, 150), seat=st.integers(0, 3),
       draw_seed=st.integers(0, 2**32))
def test_a_resampled_game_is_one_the_seat_cannot_tell_apart(setup, steps, seat, draw_seed):
    game, _ = play(setup, steps, np.random.default_rng(setup["seed"]))
    seat %= game.players
    frozen = game.snapshot()
    guess = game.resample_from_infostate(seat, np.random.default_rng(draw_seed))
    assert game.snapshot() == frozen  # the game itself untouched
    assert guess.information_state_string(seat) == game.information_state_string(seat)
    assert guess.observation(seat) == game.observation(seat)
    assert guess.dealt[seat] == game.dealt[seat] and guess.hands[seat] == game.hands[seat]
    assert sorted(guess.decks[-1]) == list(range(52))  # every card once
    dealt = [c for hand in guess.dealt for c in hand]
    assert len(set(dealt)) == len(dealt) and not set(dealt) & set(guess.deck_crib)
    hidden = hidden_from(game, seat)
    for other in range(game.players):  # what another seat holds now: its own, or hidden
        if other != seat:
            assert set(guess.hands[other]) - set(game.hands[other]) <= hidden
    assert hidden_from(guess, seat) == hidden  # the same cards, dealt again
    # consistent throughout: its record replays to exactly its events (every go said and
    # every count closed as it was), and it plays on through the referee to its end
    replayed = GameState.from_record(guess.to_record()).snapshot()
    assert {**replayed, "rng": None} == {**guess.snapshot(), "rng": None}
    _to_the_end(guess, np.random.default_rng(draw_seed))


def _first(game: GameState, phase: str) -> GameState:
    """Play ``game`` on (the first legal action each time) until its phase is ``phase``."""
    while game.phase != phase:
        who = game.current_player()
        game.apply(who, game.legal_actions(who)[0])
    return game


def test_the_crib_card_from_the_deck_is_hidden_from_everyone_until_the_show():
    rules = VARIANTS["three-player"]
    game = _first(GameState.new(4, first_dealer=0, rules=rules), "play")
    crib_card = game.deck_crib[0]
    others = [c for c in hidden_from(game, 0) if PIPS[c] == PIPS[crib_card]
              and c != crib_card and c in game.decks[-1][_drawn(rules) + 1:]]
    twin = rebuild(game, 0, {crib_card: others[0], others[0]: crib_card},
                   np.random.default_rng(0))
    assert twin.deck_crib != game.deck_crib
    for seat in range(3):  # the dealer's own crib too
        assert twin.information_state_string(seat) == game.information_state_string(seat)
    # the draws give the crib other cards from the deck
    drawn = {game.resample_from_infostate(1, np.random.default_rng(d)).deck_crib
             for d in range(20)}
    assert len(drawn) > 5
    assert all(c not in game.hands[1] for cards in drawn for c in cards)
    # once the crib is shown, everyone sees it
    game = _first(game, "discard")  # the show is over: the next deal
    twin = _first(twin, "discard")
    assert twin.information_state_string(0) != game.information_state_string(0)


def test_a_partners_hand_is_as_hidden_as_an_opponents():
    game = _first(GameState.new(9, first_dealer=3, rules=VARIANTS["four-player"]), "play")
    partner_hands = {tuple(sorted(game.resample_from_infostate(0, np.random.default_rng(d))
                                  .hands[2])) for d in range(20)}
    assert len(partner_hands) > 10
    assert "p2 ??" in game.information_state_string(0)  # its deal as seat 0 saw it
    assert "variant four-player" in game.information_state_string(0)


def test_a_five_card_play_that_ended_at_a_go_leaves_the_cards_unplayed_too_big():
    """Five-card: the play ends at its first go; the cards left are not played. While the
    show waits on a manual count, the hands not yet shown are redrawn too big for the
    count the play ended at."""
    rules = VARIANTS["five-card"]
    for seed in range(300):
        game = GameState.new(seed, first_dealer=0, rules=rules, manual_count=(True, True))
        _first(game, "count")
        if game.to_play == 1 and game.hands[0] and 0 < game.count < 31 - 1:
            break  # the pone counts first: the dealer's unplayed cards are hidden from it
    else:
        raise AssertionError("no play that ended at a go with cards left")
    least = 31 - game.count + 1
    hands = set()
    for draw in range(30):
        guess = game.resample_from_infostate(1, np.random.default_rng(draw))
        assert all(PIPS[c] >= least for c in guess.hands[0]), (game.count, guess.hands[0])
        hands.add(tuple(sorted(guess.hands[0])))
        replayed = GameState.from_record(guess.to_record())
        assert replayed.events == guess.events
    assert len(hands) > 1


def test_the_strings_name_every_side_and_seat():
    game = GameState.new(3, first_dealer=2, rules=VARIANTS["three-player"],
                         scores=(5, 0, 17), manual_count=(True, False, True))
    text = game.information_state_string(1)
    assert text.startswith("p1 | scores 5-0-17 | dealer p2 | deal 1 | discard | to act p0")
    assert "manual count 101 pegging 000 muggins 0 from 5-0-17 variant three-player" in text
    assert "p0 ?? ; " not in text and "p0 ??; p1 " in text


def _digests(games: int = 8) -> tuple[str, str]:
    h_info, h_res = hashlib.sha256(), hashlib.sha256()
    for seed in range(games):
        game = GameState.new(seed, manual_count=(bool(seed & 1), False),
                             manual_pegging=(False, bool(seed & 2)), muggins=bool(seed & 4))
        rng = np.random.default_rng(seed)
        for step in range(120):
            who = game.current_player()
            if game.is_over:
                break
            if who != CHANCE and step % 4 == 0:
                for seat in (0, 1):
                    h_info.update(game.information_state_string(seat).encode())
                    guess = game.resample_from_infostate(seat, np.random.default_rng(step))
                    h_res.update(json.dumps(guess.snapshot(), sort_keys=True).encode())
            legal = game.legal_actions(who)
            game.apply(who, legal[rng.integers(len(legal))])
    return h_info.hexdigest()[:16], h_res.hexdigest()[:16]


def test_the_two_player_six_card_strings_and_draws_are_as_they_were():
    """Pinned before the variants took them: the same strings, and the same generator
    draws the same game."""
    assert _digests() == ("f64a7bd8e06c4cc4", "9bcb4875383c9220")
