import json
import statistics
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _analysis_kernels as kernels
from engine.analysis import N_CRIBS, analyze_discards
from engine.cards import RANKS, parse_cards
from engine.errors import CardError, DuplicateCardError
from tests.engine.reference import reference_score

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / \
    "schell_crib_table.json"

six_cards = st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True)


def unseen(six):
    return np.array([c for c in range(52) if c not in six], dtype=np.int64)


@settings(max_examples=25)
@given(six_cards, st.booleans())
def test_crib_histograms_match_brute_force(six, my_crib):
    for option in analyze_discards(six, my_crib):
        brute = kernels.crib_histogram_brute(option.toss[0], option.toss[1], unseen(six))
        assert list(option.crib_histogram) == brute.tolist()


@pytest.mark.parametrize("six,toss", [
    ("5H 5C 5S JD 6D 7C", "6D 7C"),   # his nobs possible from the unseen jacks
    ("2H 7H 9C KS JH 4H", "JH 4H"),   # a suited toss with a jack: flush and nobs together
])
def test_one_split_against_pure_python(six, toss):
    """All 45,540 cribs of one toss counted one by one with the rule-book scorer."""
    six, toss = parse_cards(six), tuple(parse_cards(toss))
    rest = unseen(six).tolist()
    hist = [0] * 30
    for opp in combinations(rest, 2):
        for starter in rest:
            if starter not in opp:
                hist[reference_score([*toss, *opp], starter, is_crib=True)] += 1
    option = next(o for o in analyze_discards(six, my_crib=True) if set(o.toss) == set(toss))
    assert list(option.crib_histogram) == hist
    assert sum(hist) == N_CRIBS == 45_540


@given(six_cards, st.booleans())
def test_hand_statistics_match_the_reference_scorer(six, my_crib):
    options = analyze_discards(six, my_crib)
    assert len(options) == 15
    assert {frozenset(o.toss) for o in options} == {frozenset(t) for t in combinations(six, 2)}
    for o in options:
        assert set(o.keep) | set(o.toss) == set(six)
        assert sorted(o.starters) == unseen(six).tolist()
        scores = [reference_score(list(o.keep), s) for s in o.starters]
        assert list(o.hand_scores) == scores
        assert (o.hand_min, o.hand_max) == (min(scores), max(scores))
        assert o.hand_mean == pytest.approx(statistics.mean(scores))
        assert o.hand_median == statistics.median(scores)
        assert list(o.hand_histogram) == [scores.count(s) for s in range(30)]
        crib = np.array(o.crib_histogram)
        assert crib.sum() == N_CRIBS
        assert o.crib_mean == pytest.approx(crib @ np.arange(30) / N_CRIBS)
        assert crib[o.crib_min] > 0 and crib[:o.crib_min].sum() == 0
        assert crib[o.crib_max] > 0 and crib[o.crib_max + 1:].sum() == 0
        assert o.net == pytest.approx(o.hand_mean + (o.crib_mean if my_crib else -o.crib_mean))
    nets = [o.net for o in options]
    assert nets == sorted(nets, reverse=True)


def test_reproduces_the_random_partner_crib_table():
    """The reference table: crib EV when the other three crib cards (two tossed by the
    opponent, one starter) come uniformly from the 50 cards other than the toss. Our
    kernel counts any pool of unseen cards, so give it those 50."""
    table = json.loads(REFERENCE.read_text())["tables"]["computed_random_partner"]["table"]
    checked = 0
    for key, values in table.items():
        a, b = RANKS.index(key[0]), RANKS.index(key[1])
        for kind in ("offsuit", "suited"):
            if kind not in values:
                continue
            toss = (a * 4, b * 4 + (0 if kind == "suited" else 1))
            pool = [c for c in range(52) if c not in toss]
            n = np.bincount(np.array(pool) >> 2, minlength=13)
            avail = np.zeros((13, 4), dtype=np.bool_)
            for c in pool:
                avail[c >> 2, c & 3] = True
            hist = np.zeros(30, dtype=np.int64)
            kernels.crib_histogram(toss[0], toss[1], n, avail, hist)
            assert hist.sum() == 1225 * 48
            assert hist @ np.arange(30) / hist.sum() == pytest.approx(values[kind], abs=6e-5)
            checked += 1
    assert checked == 13 + 78 * 2


@given(six_cards)
def test_the_crib_is_the_same_whoever_owns_it(six):
    dealer = {o.toss: o for o in analyze_discards(six, my_crib=True)}
    pone = {o.toss: o for o in analyze_discards(six, my_crib=False)}
    assert dealer.keys() == pone.keys()
    for toss, d in dealer.items():
        p = pone[toss]
        assert d.crib_histogram == p.crib_histogram and d.hand_scores == p.hand_scores
        assert d.net - p.net == pytest.approx(2 * d.crib_mean)


def test_the_29_hand_keep():
    best = analyze_discards(parse_cards("5H 5C 5S JD 6D 7C"), my_crib=True)[0]
    assert set(best.keep) == set(parse_cards("5H 5C 5S JD"))
    assert best.hand_max == 29 and best.hand_histogram[29] == 1  # only the 5D gives 29
    assert best.hand_min == 14


def test_bad_input():
    with pytest.raises(CardError, match="exactly six"):
        analyze_discards(parse_cards("5H 5C 5S JD 6D"), True)
    with pytest.raises(DuplicateCardError):
        analyze_discards([1, 2, 3, 4, 5, 5], True)
    with pytest.raises(CardError):
        analyze_discards([1, 2, 3, 4, 5, 60], True)
