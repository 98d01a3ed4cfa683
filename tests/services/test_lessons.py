"""The lesson's words (``cribbage_gui.services.lessons``), Qt-free: every combination of a
show named with its cards and points, checked against ``engine.scoring``."""

import pytest

from cribbage_gui.services.lessons import count_words
from engine.cards import card_label, parse_card, parse_cards
from engine.events import Scored
from engine.scoring import score_breakdown, score_hand


def counted(hand: str, starter: str, is_crib: bool = False) -> Scored:
    cards, cut = parse_cards(hand), parse_card(starter)
    items = tuple(score_breakdown(cards, cut, is_crib))
    return Scored(0, score_hand(cards, cut, is_crib), "crib" if is_crib else "hand", "",
                  items, 0)


@pytest.mark.parametrize(("hand", "starter"), [
    ("5C 5D 5H JS", "5S"),  # 29: eight fifteens, four fives, his nobs
    ("5C 5D 5H TC", "TS"),  # pair royal (6) among seven combinations
    ("4C 5C 6C 6D", "4D"),  # a double double run: four runs of three, two pairs
    ("7H 8H 9H TH", "JH"),  # five-card flush and a run of five
])
def test_a_show_names_every_combination_with_its_cards(hand, starter):
    e = counted(hand, starter)
    words = count_words(e)
    assert "more" not in words
    assert words.startswith(f"Here {e.points}:")
    assert sum(i.points for i in e.items) == e.points
    for item in e.items:  # each combination's cards named, under its name
        cards = " ".join(card_label(c) for c in item.cards)
        assert cards in words, (item, words)
        assert item.label.partition(" of ")[0] in words
    for label in {i.label for i in e.items}:  # alike ones counted together, with points
        alike = [i for i in e.items if i.label == label]
        total = sum(i.points for i in alike)
        assert (f"({total})" in words), (label, words)
        if len(alike) > 1:
            assert f"{len(alike)} " in words


def test_the_29_hand_in_words():
    words = count_words(counted("5C 5D 5H JS", "5S"))
    assert words.startswith("Here 29: 8 fifteens (16): ")
    assert "; double pair royal 5♣ 5♦ 5♥ 5♠ (12); " in words
    assert words.endswith("his nobs J♠ 5♠ (1).")  # the jack, of the starter's suit


def test_a_pair_royal_is_never_hidden():
    words = count_words(counted("5C 5D 5H TC", "TS"))
    assert "pair royal" in words and "(6)" in words


def test_nothing_scores():
    assert "0 points" in count_words(counted("2C 4D 6H 8S", "KC"))


def test_the_lessons_drills_cover_every_way_of_scoring_each_as_the_engine_counts():
    from cribbage_gui.services.lessons import DRILLS, lesson_drills
    from engine.pegging import peg_breakdown

    drills = lesson_drills()
    assert len(drills) == len(DRILLS)
    held = set()
    for drill in drills:
        if drill.kind == "play":
            assert drill.total == sum(i.points for i in peg_breakdown(drill.cards))
        else:
            assert drill.total == score_hand(drill.cards, drill.starter,
                                             is_crib=drill.kind == "crib")
        held |= set(drill.categories)
    ways = {"pegging-15", "pegging-pair", "pegging-run", "pegging-31", "fifteens", "pairs",
            "runs", "runs-with-pairs", "flush", "nobs", "flush-in-crib"}
    assert ways <= held, ways - held
