import numpy as np
import pytest

from engine.cards import (
    card_label,
    card_name,
    check_card,
    check_distinct,
    make_card,
    parse_card,
    parse_cards,
    pip_value,
    rank,
    suit,
)
from engine.errors import CardError, DuplicateCardError


def test_every_card_round_trips_through_its_name():
    names = [card_name(c) for c in range(52)]
    assert len(set(names)) == 52
    assert [parse_card(n) for n in names] == list(range(52))


def test_encoding_rank_suit_and_value():
    five_hearts = parse_card("5H")
    assert (rank(five_hearts), suit(five_hearts)) == (4, 2)
    assert five_hearts == make_card(4, 2)
    assert [pip_value(parse_card(t)) for t in ["AS", "2S", "9S", "TS", "JS", "QS", "KS"]] == \
        [1, 2, 9, 10, 10, 10, 10]


@pytest.mark.parametrize("text,name", [
    ("10H", "TH"), ("10h", "TH"), ("th", "TH"), ("as", "AS"), (" qd ", "QD"),
    ("J\u2666", "JD"), ("5\u2663", "5C"),
])
def test_accepted_spellings(text, name):
    assert card_name(parse_card(text)) == name


def test_parse_cards_spaces_commas_and_lists():
    assert parse_cards("5H 5C, 5S  JD") == [parse_card(t) for t in ("5H", "5C", "5S", "JD")]
    assert parse_cards(["5h", "10c"]) == [parse_card("5H"), parse_card("TC")]
    assert parse_cards("") == []


@pytest.mark.parametrize("bad", ["1H", "11H", "5X", "H5", "5", "", "5HH", "ZZ", "0S"])
def test_malformed_card_names_the_token(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_malformed_token_inside_a_list_is_named():
    with pytest.raises(CardError, match="'QX'"):
        parse_cards("5H QX 5S")


def test_duplicate_card_is_named():
    with pytest.raises(DuplicateCardError, match="'5h'"):
        parse_cards("5H 6C 5h")
    with pytest.raises(DuplicateCardError, match="5H"):
        check_distinct([18, 3, 18])


def test_wrong_count():
    with pytest.raises(CardError, match="expected 4 cards, got 3"):
        parse_cards("5H 5C 5S", count=4)


@pytest.mark.parametrize("bad", [-1, 52, 3.0, "5", None, True])
def test_check_card_rejects_non_cards(bad):
    with pytest.raises(CardError):
        check_card(bad)


def test_numpy_integers_are_cards():
    assert check_card(np.int8(51)) == 51
    assert card_label(parse_card("TH")) == "10\u2665"
