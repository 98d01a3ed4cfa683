import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import PIPS, parse_cards
from engine.errors import CardError, DuplicateCardError
from engine.kernels import peg_points_at, peg_points_seq
from engine.pegging import peg_breakdown, peg_points
from tests.engine.reference import reference_peg


@pytest.mark.parametrize("cards,points,kinds", [
    ("3H 4C 2D", 3, ["run"]),
    ("3H 4C 2D 5S", 4, ["run"]),              # the 5 makes a run of four
    ("3H 4C 6D 2S", 2, ["fifteen"]),           # 3-4-6-2: fifteen, but no run ...
    ("3H 4C 6D 2S 5C", 5, ["run"]),            # ... until the 5 makes a run of five
    ("7H 7C", 2, ["pair"]),
    ("7H 7C 7D", 6, ["pair"]),                 # pair royal
    ("2H 2C 2D 2S", 12, ["pair"]),             # double pair royal
    ("2H 3C 3D 4S", 0, []),                    # 2-3-3-4: nothing for the 4
    ("7H 8C 7D", 0, []),                       # a card between breaks the pair
    ("KH 5C", 2, ["fifteen"]),
    ("5H 5C 5D", 8, ["fifteen", "pair"]),      # fifteen and a pair royal
    ("TS 3H 5D 6C 7H", 5, ["31", "run"]),      # 31 with a run of three
    ("KS QH JD AC", 2, ["31"]),                # 31 alone: K Q J then A is no run
    ("4C 6D 5H", 5, ["fifteen", "run"]),       # fifteen with a run
    ("3C 2D AH 4S 7H 6C 5D", 7, ["run"]),      # run of seven, count 28
    ("AS 9C 8D 7H", 3, ["run"]),               # the run is among the most recent cards
])
def test_peg_cases(cards, points, kinds):
    played = parse_cards(cards)
    assert peg_points(played) == points
    assert [i.kind for i in peg_breakdown(played)] == kinds
    assert reference_peg(played) == points
    assert peg_points_seq(np.array(played), len(played)) == points


def test_announcements():
    assert [str(i).split(" (")[0] for i in peg_breakdown(parse_cards("5H 5C 5D"))] == \
        ["fifteen for 2", "pair royal for 6"]
    assert str(peg_breakdown(parse_cards("TS 3H 5D 6C 7H"))[0]).startswith("31 for 2")


@st.composite
def legal_counts(draw):
    """A sequence of distinct cards whose total stays <= 31 (one count of the play)."""
    deck = draw(st.permutations(range(52)))
    seq, total = [], 0
    for card in deck[: draw(st.integers(1, 12))]:
        if total + PIPS[card] > 31:
            break
        seq.append(card)
        total += PIPS[card]
    return seq or [deck[0]]


@given(legal_counts())
def test_kernel_python_and_reference_agree(played):
    expected = reference_peg(played)
    assert peg_points(played) == expected
    assert peg_points_seq(np.array(played, dtype=np.int64), len(played)) == expected
    # read in place inside a larger array, as the play's state holds the count
    padded = np.array([51, 50] + played + [0, 1, 2], dtype=np.int64)
    total = sum(PIPS[c] for c in played)
    assert peg_points_at(padded, 2, len(played), total) == expected


def test_bad_input():
    with pytest.raises(CardError, match="over 31"):
        peg_points(parse_cards("KS QS JS 2S"))
    with pytest.raises(DuplicateCardError):
        peg_points([5, 5])
    assert peg_points([]) == 0
