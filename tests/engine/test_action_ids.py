"""Every action's integer id and text form (engine.actions): one id per action and back,
one canonical text per action and back, the ids the environments have always used, and
clear errors for what is no action."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GameState
from engine.actions import (
    GO,
    MAX_CLAIM,
    NUM_ACTIONS,
    NUM_PLAYER_ACTIONS,
    ChanceCard,
    Claim,
    PlayCard,
    Toss,
    action_from_id,
    action_id,
    action_text,
    parse_action,
)
from engine.cards import card_name, parse_card
from engine.errors import IllegalActionError

CARDS = st.integers(0, 51)
ACTIONS = st.one_of(
    st.builds(PlayCard, CARDS),
    st.just(GO),
    st.lists(CARDS, min_size=2, max_size=2, unique=True).map(lambda p: Toss(tuple(p))),
    st.builds(Claim, st.integers(0, MAX_CLAIM)),
    st.builds(ChanceCard, CARDS),
)


def test_every_id_is_one_action_and_back():
    actions = [action_from_id(n) for n in range(NUM_ACTIONS)]
    assert [action_id(a) for a in actions] == list(range(NUM_ACTIONS))
    assert len(set(actions)) == NUM_ACTIONS == 52 + 1 + 1326 + 30 + 52
    texts = [action_text(a) for a in actions]
    assert len(set(texts)) == NUM_ACTIONS
    assert [parse_action(t) for t in texts] == actions


def test_the_numbering_is_the_environments_then_the_claims():
    """Written out from its definition, independently of the module's tables: 0-51 a card,
    52 go, 53-1378 the pairs a < b in order, 1379-1408 the claims 0..29, 1409-1460 chance's
    cards."""
    expected = [PlayCard(c) for c in range(52)] + [GO]
    expected += [Toss((a, b)) for a in range(52) for b in range(a + 1, 52)]
    expected += [Claim(p) for p in range(30)]
    assert len(expected) == NUM_PLAYER_ACTIONS
    expected += [ChanceCard(c) for c in range(52)]
    assert [action_from_id(n) for n in range(NUM_ACTIONS)] == expected
    assert list(combinations(range(52), 2))[3] == (0, 4) and action_id(Toss((4, 0))) == 56


@given(ACTIONS)
def test_action_to_id_to_action(action):
    number = action_id(action)
    assert 0 <= number < NUM_ACTIONS
    assert action_from_id(number) == action
    assert action_from_id(np.int64(number)) == action  # numpy's integers too


@given(st.integers(0, NUM_ACTIONS - 1))
def test_id_to_action_to_id_and_text_to_action_to_text(number):
    action = action_from_id(number)
    assert action_id(action) == number
    text = action_text(action)
    assert parse_action(text) == action and action_text(parse_action(text)) == text


@given(ACTIONS, st.sampled_from([str.lower, str.upper, str.title]), st.text(" \t", max_size=3))
def test_text_is_read_in_any_case_spacing_and_toss_order(action, case, pad):
    words = action_text(action).split()
    if isinstance(action, Toss):
        words = [words[0], words[2], words[1]]
    assert parse_action(pad + case("  ".join(words)) + pad) == action


def test_the_text_forms():
    assert action_text(PlayCard(parse_card("5H"))) == "play 5H"
    assert action_text(GO) == "go"
    assert action_text(Toss((parse_card("5H"), parse_card("AC")))) == "toss AC 5H"
    assert action_text(Claim(12)) == "claim 12"
    assert parse_action("play 10h") == PlayCard(parse_card("TH"))
    assert parse_action("play 5♥") == PlayCard(parse_card("5H"))
    assert action_text(ChanceCard(parse_card("JS"))) == "chance JS"


@pytest.mark.parametrize("text", ["", "go on", "play", "play 5H 6H", "play 1H", "toss 5H",
                                  "toss 5H 5H", "toss AC 2C 3C", "claim", "claim -1",
                                  "claim 30", "claim 1.5", "claim ٣", "deal 5H", "pass", "chance",
                                  "chance 5H 6H"])
def test_text_that_is_no_action_is_refused(text):
    with pytest.raises(IllegalActionError, match="not an action"):
        parse_action(text)


@pytest.mark.parametrize("action", [Toss((1,)), Toss((1, 1)), Toss((1, 2, 3)), Toss((1, 52)),
                                    PlayCard(52), PlayCard(-1), Claim(30), Claim(-1),
                                    Claim(True), Claim(2.0), ChanceCard(52), "go", None])
def test_a_malformed_action_has_no_id(action):
    with pytest.raises(IllegalActionError):
        action_id(action)


def test_a_number_that_is_no_id():
    for number in (-1, NUM_ACTIONS):
        with pytest.raises(IllegalActionError, match="no action numbered"):
            action_from_id(number)
    for thing in (True, 3.0, "3", None):
        with pytest.raises(TypeError, match="an action id is an integer"):
            action_from_id(thing)
    with pytest.raises(TypeError):
        parse_action(3)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_every_legal_action_of_a_game_has_an_id_and_a_text(seed):
    game = GameState.new(seed, manual_count=(True, False), manual_pegging=(False, True),
                         chance="explicit" if seed % 2 else "seeded")
    rng = np.random.default_rng(seed)
    while not game.is_over:
        seat = game.current_player()
        legal = game.legal_actions(seat)
        ids = [action_id(a) for a in legal]
        assert len(set(ids)) == len(legal)
        assert [parse_action(action_text(a)) for a in legal] == list(legal)
        action = action_from_id(ids[rng.integers(len(ids))])
        game.apply(seat, action)
        if isinstance(action, PlayCard):
            assert action_text(action) == f"play {card_name(action.card)}"
