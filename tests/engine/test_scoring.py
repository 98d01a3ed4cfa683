import json
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import _kernels
from engine.cards import parse_card, parse_cards
from engine.errors import CardError, DuplicateCardError
from engine.scoring import (
    count_aloud,
    hand_score_histogram,
    score_batch,
    score_breakdown,
    score_four,
    score_hand,
)
from tests.engine.reference import is_run, reference_score

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / \
    "hand_score_distribution.json"

five_distinct_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


def expected_histogram(rules: str) -> np.ndarray:
    counts = json.loads(REFERENCE.read_text())[rules]["counts"]
    return np.array([counts[str(s)] for s in range(30)])


def test_reference_file_is_present():
    # The exhaustive checks below compare with this published table; fail loudly if absent.
    assert REFERENCE.is_file(), f"missing {REFERENCE}"


@pytest.mark.parametrize("hand,starter,crib,points", [
    ("5H 5C 5S JD", "5D", False, 29),     # the best hand
    ("5C 5H 5S 5D", "JD", False, 28),     # same cards, jack as starter: no nobs (thesis fn. 4)
    ("2C 4D 6H 8S", "TC", False, 0),      # "nineteen"
    ("3C 3D 4H 5S", "5C", False, 20),     # double double run + fifteens
    ("4H 5C 5S 6D", "KD", False, 16),     # double run of three + four fifteens
    ("7S 7H 8C 9D", "8D", False, 24),     # double double run 7 7 8 8 9: 16 + two pairs 4 + 15s
    ("2H 4H 6H 8H", "KC", False, 4),      # four-card hand flush
    ("2H 4H 6H 8H", "KH", False, 5),      # five-card flush
    ("2H 4H 6H 8H", "KC", True, 0),       # the crib needs all five
    ("2H 4H 6H 8H", "KH", True, 5),
    ("JH 2C 4D 6S", "8H", False, 1),      # his nobs (all even: no fifteen)
    ("JH 2C 4D 6S", "8S", False, 0),      # wrong suit for nobs
    ("AC 2D 3H 4S", "5C", False, 7),      # run of five + one fifteen
    ("6C 6D 6H 9S", "9C", False, 20),     # pair royal + pair + six fifteens (6 6 ... ) checked
])
def test_known_hands(hand, starter, crib, points):
    h, s = parse_cards(hand), parse_card(starter)
    assert reference_score(h, s, crib) == points
    assert score_hand(h, s, is_crib=crib) == points
    assert sum(i.points for i in score_breakdown(h, s, is_crib=crib)) == points


@given(five_distinct_cards, st.booleans())
def test_kernel_breakdown_and_reference_agree(cards, is_crib):
    hand, starter = cards[:4], cards[4]
    expected = reference_score(hand, starter, is_crib)
    assert score_hand(hand, starter, is_crib) == expected
    items = score_breakdown(hand, starter, is_crib)
    assert sum(i.points for i in items) == expected
    assert {i.kind for i in items} <= {"fifteen", "pair", "run", "flush", "nobs"}
    for item in items:
        assert set(item.cards) <= set(cards)


def test_batch_kernel_matches_reference_on_random_hands():
    rng = np.random.default_rng(42)
    rows = np.array([rng.choice(52, 5, replace=False) for _ in range(5000)])
    for is_crib in (False, True):
        got = score_batch(rows[:, :4], rows[:, 4], is_crib=is_crib)
        want = [reference_score(list(r[:4]), r[4], is_crib) for r in rows]
        assert got.tolist() == want


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["hand", "crib"])
def test_exhaustive_histogram_with_the_batch_kernel(rules):
    hands, starters = _kernels.all_hands_with_starters()
    assert len(hands) == 12_994_800
    scores = score_batch(hands, starters, is_crib=rules == "crib")
    assert np.bincount(scores, minlength=30).tolist() == expected_histogram(rules).tolist()


@pytest.mark.parametrize("rules", ["hand", "crib"])
def test_exhaustive_histogram_with_the_incremental_kernel(rules):
    got = hand_score_histogram(is_crib=rules == "crib")
    assert got.tolist() == expected_histogram(rules).tolist()
    assert got.sum() == 12_994_800


def test_breakdown_items_of_the_29_hand():
    items = score_breakdown(parse_cards("5H 5C 5S JD"), parse_card("5D"))
    kinds = [i.kind for i in items]
    assert kinds.count("fifteen") == 8
    pair = next(i for i in items if i.kind == "pair")
    assert (pair.points, pair.label, len(pair.cards)) == (12, "double pair royal", 4)
    nobs = items[-1]
    assert nobs.kind == "nobs" and parse_card("JD") in nobs.cards


def test_double_run_is_two_runs_and_a_pair():
    items = score_breakdown(parse_cards("4H 5C 5S 6D"), parse_card("KD"))
    runs = [i for i in items if i.kind == "run"]
    assert len(runs) == 2 and all(r.points == 3 for r in runs)
    assert [i.points for i in items if i.kind == "pair"] == [2]


@pytest.mark.parametrize("hand,starter,crib,said", [
    ("7H 8H 8C JS", "3S", False, "fifteen two, fifteen four, a pair is six, and nobs is seven"),
    ("5H 5C KS QD", "2C", False, "fifteen two, fifteen four, fifteen six, fifteen eight, "
                                 "and a pair is ten"),
    ("4H 5C 5S 6D", "KD", False, "fifteen two, fifteen four, fifteen six, fifteen eight, "
                                 "and a double run of three is sixteen"),
    ("2C 4D 6H 8S", "TC", False, "nineteen"),
    ("AC 2D 3H 4S", "5C", False, "fifteen two, and a run of five is seven"),
    ("3C 3D 4H 5S", "5C", False, "fifteen two, fifteen four, and a double double run is "
                                 "twenty"),
    ("9C 9D 9H 2S", "KC", False, "a pair royal is six"),
    ("2H 4H 6H 8H", "KC", False, "a four-card flush is four"),
    ("AC AD QH QS", "7C", False, "two pairs is four"),
])
def test_count_aloud(hand, starter, crib, said):
    items = score_breakdown(parse_cards(hand), parse_card(starter), is_crib=crib)
    assert count_aloud(items) == said


@given(five_distinct_cards)
def test_count_aloud_ends_with_the_total(cards):
    items = score_breakdown(cards[:4], cards[4])
    said = count_aloud(items)
    total = score_hand(cards[:4], cards[4])
    from engine.scoring import NUMBER_WORDS
    assert said.endswith(NUMBER_WORDS[total]) or (total == 0 and said == "nineteen")


def test_bad_input():
    with pytest.raises(CardError, match="a hand has 4 cards"):
        score_hand(parse_cards("5H 5C"), parse_card("5D"))
    with pytest.raises(CardError, match="a hand has 4 cards"):
        score_hand(parse_cards("5H 5C 5S 6H 7H"), parse_card("5D"))
    with pytest.raises(CardError, match="a crib has exactly 4 cards"):
        score_hand(parse_cards("5H 5C 5S"), parse_card("5D"), is_crib=True)
    with pytest.raises(DuplicateCardError):
        score_hand(parse_cards("5H 5C 5S JD"), parse_card("5H"))
    with pytest.raises(CardError):
        score_hand([1, 2, 3, 52], 4)
    with pytest.raises(DuplicateCardError, match="row 1"):
        score_batch(np.array([[0, 1, 2, 3], [48, 49, 50, 51]]), np.array([4, 51]))
    with pytest.raises(CardError, match="outside 0..51"):
        score_batch(np.array([[0, 1, 2, 3]]), np.array([52]))
    with pytest.raises(CardError, match=r"\(n, 4\)"):
        score_batch(np.array([[0, 1, 2]]), np.array([4]))


@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
def test_score_four_is_what_any_cut_keeps(hand):
    """Four cards alone: the rule-book count of the four (a 4-card flush, no nobs), and a
    lower bound on the hand's score with any starter."""
    four = score_four(hand)
    fifteens = sum(2 for n in (2, 3, 4) for combo in combinations(hand, n)
                   if sum(min(c // 4 + 1, 10) for c in combo) == 15)
    pairs = sum(2 for a, b in combinations(hand, 2) if a // 4 == b // 4)
    runs = next((n * k for n in (4, 3) if (k := sum(
        1 for combo in combinations(hand, n) if is_run(combo)))), 0)
    flush = 4 if len({c % 4 for c in hand}) == 1 else 0
    assert four == fifteens + pairs + runs + flush
    assert all(score_hand(hand, s) >= four for s in range(52) if s not in hand)


def test_the_compiled_four_card_count_equals_score_four():
    """``score4`` (the compiled players' count of the four they keep) on 20,000 random
    hands and on every hand with a four-card flush of one suit's 13 cards."""
    rng = np.random.default_rng(4)
    hands = [rng.choice(52, 4, replace=False).tolist() for _ in range(20_000)]
    hands += [[r * 4 for r in four] for four in combinations(range(13), 4)]
    for hand in hands:
        assert _kernels.score4(*hand) == score_four(hand), hand


def test_the_rank_score_table_is_rank_score5_in_any_order():
    """``kernels.RANK_SCORES`` (what the crib statistics and the players look up) holds
    ``rank_score5`` of every five ranks, whichever order they come in."""
    from engine.kernels import RANK_SCORES, rank_score5

    rng = np.random.default_rng(5)
    for ranks in rng.integers(0, 13, (3000, 5)):
        if np.bincount(ranks).max() > 4:
            continue
        expected = rank_score5(*ranks)
        assert RANK_SCORES[tuple(ranks)] == expected
        assert RANK_SCORES[tuple(rng.permutation(ranks))] == expected
