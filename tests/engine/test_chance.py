"""Explicit chance (OpenSpiel's shape): a game that waits for each card chance gives.

The seeded game is the reference: dealing its cards one by one at each chance event must
give exactly the seeded game's events, and a record of an explicit-chance game replays.
"""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import CHANCE, TERMINAL, ChanceCard, GameState, IllegalActionError, Phase
from engine.events import CutForDeal


def finish(game: GameState, rng: np.random.Generator, outcomes=None) -> list[tuple]:
    """Play ``game`` to its end with random legal actions; chance from ``outcomes`` (an
    iterator of cards) or uniformly from ``chance_outcomes()``. Returns every step taken."""
    steps = []
    while (mover := game.current_player()) != TERMINAL:
        if mover == CHANCE:
            cards = game.chance_outcomes()
            assert abs(sum(p for _, p in cards) - 1.0) < 1e-12
            card = next(outcomes) if outcomes is not None else \
                cards[rng.integers(len(cards))][0]
            game.apply(CHANCE, ChanceCard(card))
            steps.append(("chance", card))
        else:
            legal = game.legal_actions(mover)
            assert legal and not game.legal_actions(1 - mover) or game.phase is Phase.DISCARD
            action = legal[rng.integers(len(legal))]
            game.apply(mover, action)
            steps.append((mover, action))
    return steps


def chance_cards_of(game: GameState) -> list[int]:
    """A seeded game's chance outcomes in the order an explicit game asks for them: each
    cut for deal (seat 0's card, seat 1's), each deal's twelve cards, then its starter."""
    cards = [c for pair in game.cuts for c in pair]
    for deck in game.decks:
        cards += list(deck[:13])
    return cards


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_dealing_a_seeded_games_cards_one_by_one_gives_the_same_game(seed):
    seeded = GameState.new(seed)
    finish(seeded, np.random.default_rng(seed))
    actions = iter(seeded.actions)
    explicit = GameState.new(seed, chance="explicit")
    cards = iter(chance_cards_of(seeded))
    while (mover := explicit.current_player()) != TERMINAL:
        if mover == CHANCE:
            explicit.apply(CHANCE, ChanceCard(next(cards)))
        else:
            seat, action = next(actions)
            assert seat == mover
            explicit.apply(seat, action)
    assert explicit.events == seeded.events
    assert explicit.scores == seeded.scores and explicit.winner == seeded.winner
    assert [d[:13] for d in explicit.decks] == [d[:13] for d in seeded.decks]
    assert explicit.cuts == seeded.cuts
    assert next(cards, None) is None and next(actions, None) is None


def test_the_chance_events_and_their_outcomes():
    game = GameState.new(3, chance="explicit")
    assert game.current_player() == CHANCE and game.chance_stage() == ("cut", 0)
    assert len(game.chance_outcomes()) == 52
    game.apply(CHANCE, ChanceCard(0))  # seat 0 cuts the ace of clubs
    assert [c for c, _ in game.chance_outcomes()] == list(range(1, 52))
    game.apply(CHANCE, ChanceCard(1))  # seat 1 another ace: cut again
    assert game.cuts == [(0, 1)] and game.events[-1] == CutForDeal((0, 1), None)
    assert game.chance_stage() == ("cut", 0) and len(game.chance_outcomes()) == 52
    game.apply(CHANCE, ChanceCard(51))  # a king for seat 0
    game.apply(CHANCE, ChanceCard(0))  # an ace for seat 1: seat 1 deals
    assert game.dealer == 1 and game.chance_stage() == ("deal", 0)
    for n in range(12):
        assert len(game.chance_outcomes()) == 52 - n
        game.apply(CHANCE, ChanceCard(4 * n))  # 12 cards, one of each rank from ace to queen
    assert game.phase is Phase.DISCARD and game.deal_number == 1
    assert game.dealt[0] == (0, 8, 16, 24, 32, 40)  # the pone (seat 0) gets the first card
    assert game.dealt[1] == (4, 12, 20, 28, 36, 44)
    game.toss(0, (0, 8))
    game.toss(1, (4, 12))
    assert game.current_player() == CHANCE and game.chance_stage() == ("starter", 0)
    assert len(game.chance_outcomes()) == 40 and 0 not in dict(game.chance_outcomes())
    game.apply(CHANCE, ChanceCard(41))  # a jack: his heels for the dealer
    assert game.starter == 41 and game.scores == [0, 2] and game.phase is Phase.PLAY
    assert game.decks[0][12] == 41 and sorted(game.decks[0]) == list(range(52))
    assert game.current_player() == game.pone == 0


def test_a_given_first_dealer_skips_the_cut():
    game = GameState.new(3, chance="explicit", first_dealer=1)
    assert game.chance_stage() == ("deal", 0) and game.dealer == 1 and game.cuts == []


def test_what_chance_cannot_give_is_refused_and_changes_nothing():
    game = GameState.new(3, chance="explicit", first_dealer=0)
    game.apply(CHANCE, ChanceCard(5))
    before = game.snapshot()
    for bad in (5, 52, -1, "5H", None, 2.5):
        with pytest.raises(IllegalActionError):
            game.apply(CHANCE, ChanceCard(bad))
    with pytest.raises(IllegalActionError):
        game.toss(0, (5, 6))
    assert all(game.legal_actions(seat) == () for seat in (0, 1))
    with pytest.raises(IllegalActionError, match="waiting on chance"):
        game.to_record()
    with pytest.raises(IllegalActionError):
        game.set_chance("seeded")
    assert game.snapshot() == before
    seeded = GameState.new(3)
    for call in (seeded.chance_outcomes, seeded.chance_stage,
                 lambda: seeded.apply(CHANCE, ChanceCard(0))):
        with pytest.raises(IllegalActionError, match="no chance event"):
            call()
    with pytest.raises(IllegalActionError):
        GameState.new(3, chance="dice")
    with pytest.raises(IllegalActionError, match="one by one"):
        GameState.new(3, chance="explicit", decks=[tuple(range(52))])


def test_a_finished_game_is_terminal_and_has_no_chance():
    game = GameState.new(11, chance="explicit")
    finish(game, np.random.default_rng(11))
    assert game.current_player() == TERMINAL and game.is_over
    assert sum(game.returns()) == 0 and max(game.returns()) == 1.0
    with pytest.raises(IllegalActionError, match="nobody"):
        game.chance_outcomes()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
@example(seed=4073, cut=False)  # won on his heels: the game ends on a chance event
def test_explicit_games_keep_the_cards_whole_and_their_records_replay(seed, cut):
    rng = np.random.default_rng(seed)
    game = GameState.new(seed, chance="explicit", first_dealer=None if cut else 0)
    steps = completed = 0
    while game.current_player() != TERMINAL:
        finish_one = game.current_player()
        if finish_one == CHANCE:
            cards = game.chance_outcomes()
            game.apply(CHANCE, ChanceCard(cards[rng.integers(len(cards))][0]))
            if game.phase is not Phase.CHANCE:  # a deal or a starter complete: a record
                completed += 1  # taken now replays to here, its last chance included
                if completed % 3 == 0:
                    assert GameState.from_record(game.to_record()) == game
        else:
            legal = game.legal_actions(finish_one)
            game.apply(finish_one, legal[rng.integers(len(legal))])
            record = game.to_record() if game.phase is not Phase.CHANCE else None
            if record is not None and steps % 17 == 0:  # mid-game records replay too
                again = GameState.from_record(record)
                assert again == game and again.chance == "explicit"
        if game.phase not in (Phase.CHANCE, Phase.GAME_OVER):
            held = [c for h in game.hands for c in h] + [c for _, c in game.played]
            held += list(game.crib) + ([game.starter] if game.starter is not None else [])
            assert len(held) == len(set(held)) <= 13
        steps += 1
    record = game.to_record()
    assert record["chance"] == "explicit"
    assert GameState.from_record(record) == game
    assert all(sorted(d) == list(range(52)) for d in game.decks)


def test_a_seeded_record_has_no_chance_field_and_an_explicit_one_cannot_be_forged():
    seeded = GameState.new(4)
    finish(seeded, np.random.default_rng(4))
    assert "chance" not in seeded.to_record()
    record = seeded.to_record() | {"chance": "dice"}
    from engine import RecordError
    with pytest.raises(RecordError):
        GameState.from_record(record)


def test_the_game_file_schema_takes_an_explicit_chance_record():
    from ai import schema

    game = GameState.new(9, chance="explicit")
    finish(game, np.random.default_rng(9))
    assert schema.GameRecord.model_validate(game.to_record()).chance == "explicit"
    with pytest.raises(ValueError):
        schema.GameRecord.model_validate(game.to_record() | {"chance": "dice"})


@settings(max_examples=200)
@given(seed=st.integers(0, 2**63 - 1), draws=st.integers(1, 12))
def test_the_compiled_shuffle_deals_the_decks_numpy_deals(seed, draws):
    """The compiled games' deck (``engine.kernels.shuffled_deck``) is numpy's
    ``permutation(52)`` from the same generator, deal after deal, and leaves the generator
    where numpy leaves it: the compiled and the refereed games deal the same cards."""
    from engine.kernels import shuffled_deck

    ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(draws):
        deck, expected = shuffled_deck(ours), numpys.permutation(52)
        assert deck.dtype == expected.dtype and deck.tolist() == expected.tolist()
    assert ours.bit_generator.state == numpys.bit_generator.state  # its 32-bit half too
    assert ours.integers(1 << 62) == numpys.integers(1 << 62)
