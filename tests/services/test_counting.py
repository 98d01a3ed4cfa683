"""The counting trainer's drills, judging, weighting and storage
(cribbage_gui.services.practice)."""

import sqlite3

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_gui.services.practice.counting import (
    CATEGORIES,
    item_category,
    judge,
    make_drill,
    miss_rates,
    random_drill,
    weighted_drill,
)
from cribbage_gui.services.practice.counting_log import CountingLog, read_summary
from engine.cards import parse_card, parse_cards
from engine.pegging import count_of, peg_points
from engine.scoring import score_breakdown, score_hand

five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@settings(max_examples=150, deadline=None)
@given(five_cards, st.sampled_from(["hand", "crib"]), st.integers(1, 12))
def test_a_hand_or_crib_is_judged_by_the_engines_count(cards, kind, off):
    drill = make_drill(kind, cards[:4], cards[4])
    assert drill.total == score_hand(cards[:4], cards[4], is_crib=kind == "crib")
    assert list(drill.items) == score_breakdown(cards[:4], cards[4], kind == "crib")
    assert set(drill.categories) <= set(CATEGORIES)
    right = judge(drill, drill.total, seconds=3.0)
    assert right.correct and right.muggins == 0 and right.over == 0 and right.missed == ()
    over = judge(drill, drill.total + off, seconds=3.0)
    assert not over.correct and over.over == off and over.muggins == 0
    assert "over-count" in over.missed
    if drill.total >= off:  # muggins: what is left uncounted goes to the opponent
        under = judge(drill, drill.total - off, seconds=3.0)
        assert not under.correct and under.muggins == off and under.over == 0
        assert under.missed and set(under.missed) <= set(drill.categories)


@st.composite
def plays(draw):
    cards = draw(st.permutations(range(52)))
    length = draw(st.integers(1, 8))
    played = []
    for card in cards:
        if len(played) == length:
            break
        if count_of([*played, card]) <= 31:
            played.append(card)
    return played


@settings(max_examples=150, deadline=None)
@given(plays())
def test_the_play_is_judged_by_the_engines_pegging(played):
    drill = make_drill("play", played)
    assert drill.total == peg_points(played)
    assert drill.running_counts[-1] == count_of(played)
    assert judge(drill, drill.total, 2.0).correct
    assert {item_category("play", i, drill.items) for i in drill.items} <= {
        "pegging-run", "pegging-pair", "pegging-15", "pegging-31"}


def test_a_four_card_flush_counts_in_the_hand_but_not_in_the_crib():
    four, starter = parse_cards("2H 5H 8H QH"), parse_card("KC")
    hand, crib = make_drill("hand", four, starter), make_drill("crib", four, starter)
    assert hand.total == crib.total + 4
    assert "flush" in hand.categories and "flush-in-crib" not in hand.categories
    assert "flush-in-crib" in crib.categories and "flush" not in crib.categories
    classic = judge(crib, crib.total + 4, seconds=5.0)  # the crib counted with its flush
    assert not classic.correct and classic.over == 4
    assert classic.missed == ("flush-in-crib", "over-count")
    five = make_drill("crib", four, parse_card("KH"))  # with the starter: five cards count
    assert "flush" in five.categories and five.total == crib.total + 5


def test_misses_are_blamed_on_the_fewest_items_that_explain_them():
    nobs = make_drill("hand", parse_cards("JH 5C 6D 6S"), parse_card("4H"))
    assert judge(nobs, nobs.total - 1, 4.0).missed == ("nobs",)
    double = make_drill("hand", parse_cards("3C 4D 5H 5S"), parse_card("KD"))
    assert "runs-with-pairs" in double.categories and "pairs" not in double.categories
    assert judge(double, double.total - 3, 4.0).missed == ("runs-with-pairs",)
    plain = make_drill("hand", parse_cards("3C 4D 5H 9S"), parse_card("9D"))
    assert {"runs", "pairs"} <= set(plain.categories)
    nothing = make_drill("hand", parse_cards("AC 3D 9H JS"), parse_card("QD"))
    assert nothing.total == 0 and nothing.categories == ("nothing",)
    assert judge(nothing, 2, 4.0).missed == ("nothing", "over-count")


def test_the_clock():
    drill = make_drill("hand", parse_cards("5C 5D 5H JS"), parse_card("5S"))
    late = judge(drill, 29, seconds=drill.limit + 0.5)
    assert not late.correct and late.too_slow and late.missed == ("too-slow",)
    none = judge(drill, None, seconds=drill.limit)
    assert not none.correct and none.muggins == 29 and none.missed == ("too-slow",)
    with pytest.raises(ValueError):
        judge(drill, -1, 1.0)


def test_bad_drills_are_refused():
    with pytest.raises(ValueError):
        make_drill("show", parse_cards("5C 5D 5H JS"), parse_card("5S"))
    with pytest.raises(ValueError):
        make_drill("play", parse_cards("KC KD KH KS"))  # a count of 40
    with pytest.raises(ValueError):
        make_drill("hand", parse_cards("5C 5D 5H JS"), parse_card("5C"))


def test_random_drills_are_reproducible_from_their_generator():
    def draw(seed):
        rng = np.random.default_rng(seed)
        return [random_drill(kind, rng) for kind in ("hand", "crib", "play") * 5]

    assert draw(7) == draw(7)
    assert draw(7) != draw(8)
    plays_ = [d for d in draw(9) if d.kind == "play"]
    assert all(2 <= len(d.cards) <= 6 and d.running_counts[-1] <= 31 for d in plays_)


def test_weighting_prefers_the_categories_missed_most():
    rates = miss_rates({"nobs": 10, "fifteens": 50, "pairs": 30},
                       {"nobs": 9, "fifteens": 2, "pairs": 1})
    assert rates["nobs"] > 0.8 > 0.1 > rates["fifteens"]
    rng = np.random.default_rng(2026)
    n = 150
    weighted = sum("nobs" in weighted_drill(("hand",), rng, rates).categories
                   for _ in range(n)) / n
    uniform = sum("nobs" in random_drill("hand", rng).categories for _ in range(n * 4)) / (n * 4)
    assert uniform < 0.15  # nobs: about one hand in twelve
    assert weighted > 3 * uniform


# --------------------------------------------------------------------------- storage
@pytest.mark.parametrize("folder", ["plain", "a#b?c%20"])
def test_attempts_are_kept_and_summed(tmp_path, folder):
    """(In a folder whose name holds '#', '?' or '%', the Statistics window's read-only
    summary opened another path as a URI and showed no attempts.)"""
    (tmp_path / folder).mkdir()
    path = tmp_path / folder / "practice.sqlite3"
    other = sqlite3.connect(path)  # another part of the practice keeps its own table here
    with other:
        other.execute("CREATE TABLE positions (id INTEGER PRIMARY KEY, what TEXT)")
        other.execute("INSERT INTO positions (what) VALUES ('kept')")
    other.close()
    log = CountingLog(path)
    nobs = make_drill("hand", parse_cards("JH 5C 6D 6S"), parse_card("4H"))
    crib = make_drill("crib", parse_cards("2H 6H 8H QH"), parse_card("KC"))
    log.record(judge(nobs, nobs.total - 1, 6.0))
    log.record(judge(crib, crib.total, 4.0))
    log.record(judge(crib, crib.total + 4, 8.0))
    summary = log.summary()
    log.close()
    assert summary.attempts == 3 and summary.correct == 1
    assert summary.accuracy == pytest.approx(1 / 3)
    assert summary.mean_seconds == pytest.approx(6.0)
    assert summary.seen["flush-in-crib"] == 2 and summary.missed["nobs"] == 1
    assert summary.missed_most(2) == [("nobs", 1), ("flush-in-crib", 1)]
    again = read_summary(path)
    assert again == summary
    assert CountingLog(path).summary(("crib",)).attempts == 2
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT what FROM positions").fetchall() == [("kept",)]


def test_no_file_no_attempts(tmp_path):
    assert read_summary(tmp_path / "none.sqlite3").attempts == 0
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_damaged_file_is_set_aside_and_a_fresh_one_started(tmp_path):
    path = tmp_path / "practice.sqlite3"
    path.write_bytes(b"this is not a database, " * 200)
    told = []
    log = CountingLog(path, told.append)
    assert len(told) == 1 and "set aside" in told[0]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("practice.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    drill = make_drill("play", parse_cards("5H TC"))
    log.record(judge(drill, 2, 1.0))
    assert log.summary().attempts == 1
    log.close()
