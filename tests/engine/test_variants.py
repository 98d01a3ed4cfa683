"""The variants (``engine.rules.VARIANTS``) on the one deal driver: every compiled game is
replayed through a slow, obvious reference written from the rule books
(``variant_reference``), with hypothesis invariants and pinned games."""

from __future__ import annotations

import hashlib
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine._deal as D
from engine import _kernels
from engine._play import HELD, card_fits
from engine.pegging import peg_points
from engine.rules import RULES, VARIANTS, Rules, variant_name, variant_rules
from engine.scoring import score_breakdown, score_hand
from engine.simulate import (
    VARIANT_COLUMNS,
    simulate_variant_games,
    summarize_variant_games,
    trace_random_game,
)
from tests.engine.variant_reference import ReferenceGame, play_points, show_points

COL = {name: i for i, name in enumerate(VARIANT_COLUMNS)}
SOURCES = ("pegging", "hand", "crib", "his_heels")


def reference_replay(rules: Rules, traced) -> ReferenceGame:
    actions = []
    for seat, action in traced.actions:
        name = type(action).__name__
        if name == "Toss":
            actions.append(("toss", seat, tuple(action.cards)))
        elif name == "PlayCard":
            actions.append(("play", seat, (action.card,)))
        else:
            actions.append(("go", seat, ()))
    return ReferenceGame(rules, traced.first_dealer).play(traced.decks, actions)


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), first=st.integers(0, 3))
def test_a_compiled_game_is_the_reference_game(name, seed, first):
    """The compiled driver's random game, replayed through the reference: the same winner,
    scores, deals, and points of every seat from every source. The reference checks on
    the way that every card is dealt once, every toss and play is legal, each go is said
    only by a seat with no card that fits while another can still play, and the count
    never passes 31."""
    rules = VARIANTS[name]
    traced = trace_random_game(seed, first % rules.players, rules)
    ref = reference_replay(rules, traced)
    assert ref.winner == traced.winner
    assert tuple(ref.scores) == traced.scores
    assert ref.deals == len(traced.decks)
    assert ref.points == traced.points_by_source
    assert max(traced.scores) == rules.target  # the game ends at its own target


@pytest.mark.parametrize("name", list(VARIANTS))
def test_scores_are_the_points_pegged_and_partners_score_together(name):
    """Over 300 games: a side's score is its seats' points (and the first pone's start
    points); exactly one side reaches the target; in the partnership game each side's
    score is both partners' points."""
    rules = VARIANTS[name]
    rows = simulate_variant_games(300, 11, rules)
    for row in rows:
        first_pone = (row[COL["first_dealer"]] + 1) % rules.players
        for side in range(4):
            seats = [s for s in range(rules.players) if rules.side_of(s) == side]
            pegged = sum(row[COL[f"{source}{s}"]] for s in seats for source in SOURCES)
            start = rules.start_points if side < rules.sides and \
                rules.side_of(first_pone) == side else 0
            assert row[COL[f"score{side}"]] == pegged + start
        scores = row[COL["score0"]:COL["score0"] + rules.sides]
        assert (scores == rules.target).sum() == 1
        assert scores.argmax() == row[COL["winner"]]


def test_five_card_starts_the_pone_on_three_and_plays_one_count():
    """Five-card cribbage: the first pone pegs three for last; a deal plays at most one
    count (its pegging never passes 31's worth: 6 cards, and no second count)."""
    rules = VARIANTS["five-card"]
    g = D.new_game()
    D.game_begin(g, D.compiled_rules(rules), 0, 1)
    assert list(g[D.SCORES:D.SCORES + 2]) == [0, 3]
    rng = np.random.default_rng(4)
    closed = 0
    for _ in range(200):
        g = D.new_game()
        D.game_begin(g, D.compiled_rules(rules), 1, 1)
        assert D.game_next(g) == D.EV_DEAL
        D.game_deal(g, rng.permutation(52).astype(np.int64))
        while (event := D.game_next(g)) not in (D.EV_PLAY_OVER, D.EV_WON):
            if event == D.EV_TOSS:
                D.game_toss(g, 0, 1)
            elif event == D.EV_PLAY:
                seat = g[D.MOVER]
                D.game_play(g, next(i for i in range(g[HELD + seat])
                                    if card_fits(g, seat, i)))
        count = sum(min(c // 4 + 1, 10) for c in g[D.PLAYED:D.PLAYED + g[D.N_PLAYED]])
        assert count <= 31
        closed += g[D.N_PLAYED] < 6  # the go ended the play with cards left
    assert closed > 50


def test_three_players_crib_takes_a_card_from_the_deck_and_the_deal_goes_left():
    rules = VARIANTS["three-player"]
    g = D.new_game()
    D.game_begin(g, D.compiled_rules(rules), 2, 1)
    assert D.game_next(g) == D.EV_DEAL
    deck = np.arange(52, dtype=np.int64)
    D.game_deal(g, deck)
    # one card at a time from the dealer's left (seat 0), the 16th to the crib
    assert list(g[D.DEALT:D.DEALT + 5]) == [0, 3, 6, 9, 12]
    assert list(g[D.DEALT + 2 * D.MAX_DEALT:D.DEALT + 2 * D.MAX_DEALT + 5]) == [
        2, 5, 8, 11, 14]
    assert g[D.CRIB_CARDS + 3] == 15 and g[D.STARTER] == 16
    tossers = []
    while (event := D.game_next(g)) == D.EV_TOSS:
        tossers.append(int(g[D.MOVER]))
        D.game_toss(g, 4, -1)
    assert tossers == [0, 1, 2]
    assert sorted(g[D.CRIB_CARDS:D.CRIB_CARDS + 4]) == [12, 13, 14, 15]
    assert event == D.EV_PLAY and g[D.MOVER] == 0  # the dealer's left leads


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=5, unique=True))
def test_the_show_counts_as_the_reference_does(cards):
    """Three- and four-card hands (and four-card cribs) with a starter: the engine's count
    and its itemised breakdown agree with counting by brute force."""
    *hand, starter = cards
    assert score_hand(hand, starter) == show_points(hand, starter, False)
    assert sum(i.points for i in score_breakdown(hand, starter)) == \
        show_points(hand, starter, False)
    if len(hand) == 4:
        assert score_hand(hand, starter, True) == show_points(hand, starter, True)
    else:
        assert _kernels.score3(*hand, starter) == show_points(hand, starter, False)


def test_every_three_card_flush_and_nobs_is_counted():
    """The three-card hand's flush: 3, or 4 with the starter's suit (never in a hand of
    two suits); nobs with three cards. All 22,100 three-card hands with one starter each."""
    for hand in combinations(range(0, 52, 1), 3):
        starter = next(c for c in (44, 45, 3, 7) if c not in hand)
        assert score_hand(list(hand), starter) == show_points(list(hand), starter, False)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=13, unique=True))
def test_the_play_pegs_as_the_reference_does(sequence):
    """Counts of up to 13 cards (the most that fit under 31, four players' worth)."""
    total = 0
    for k in range(len(sequence)):
        total += min(sequence[k] // 4 + 1, 10)
        if total > 31:
            return
        assert peg_points(sequence[:k + 1]) == play_points(sequence[:k + 1])


def test_variants_are_named_and_checked():
    assert variant_name(RULES) == "six-card"
    assert variant_rules("four-player").partners == 1
    with pytest.raises(ValueError, match="the variants are six-card, five-card"):
        variant_rules("eight-card")
    for name, rules in VARIANTS.items():
        assert rules.check() is rules and variant_name(rules) == name


# The first 500 games of each variant (seed 2026), as a digest of every row: the compiled
# games, pinned once they agreed with the reference above.
PINNED = {
    "six-card": ("df872295da958a14", 12.564),
    "five-card": ("68169e21911d0043", 9.27),
    "three-player": ("5c7718f473599e34", 13.198),
    "four-player": ("d320f8cbe2f7876d", 7.388),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_pinned_games(name):
    rows = simulate_variant_games(500, 2026, VARIANTS[name])
    digest = hashlib.sha256(rows.tobytes()).hexdigest()[:16]
    summary = summarize_variant_games(rows, VARIANTS[name])
    assert (digest, round(summary["deals_per_game"], 3)) == PINNED[name], summary


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), first=st.integers(0, 3))
def test_the_referee_plays_the_compiled_game(name, seed, first):
    """``GameState`` under the variant's rules replays the compiled game move for move to
    the same scores and winner; its points by seat and source are the compiled ones; its
    record replays to the same game (the variant recorded), and is refused as another
    variant."""
    from engine.errors import RecordError
    from engine.events import Scored
    from engine.state import GameState

    rules = VARIANTS[name]
    traced = trace_random_game(seed, first % rules.players, rules)
    game = traced.replay()
    assert game.is_over and game.winner == traced.winner
    assert tuple(game.scores) == traced.scores
    points = dict.fromkeys(traced.points_by_source, 0)
    for event in game.events:
        if isinstance(event, Scored) and event.reason != "three for last":
            source = "his_heels" if event.source == "his_heels" else event.source
            points[(source, event.seat)] += event.points
    # the referee's last award is the points pegged; the compiled tally caps it at the target
    over = {k: points[k] - traced.points_by_source[k] for k in points}
    assert all(v >= 0 for v in over.values()) and sum(v > 0 for v in over.values()) <= 1
    again = GameState.from_json(game.to_json())
    assert again == game and again.rules == rules
    if name != "six-card":
        record = game.to_record()
        assert record["variant"] == name
        record["variant"] = "six-card" if name != "five-card" else "three-player"
        with pytest.raises(RecordError):
            GameState.from_record(record)


def test_the_referee_keeps_each_variants_rules():
    """What a person at the table sees: the seats and turns, the toss's size, three for
    last, the partners' one score, five-card's one count and its lurch."""
    from engine.errors import IllegalActionError
    from engine.events import GameOver, Scored
    from engine.state import GameState, Phase, Toss

    three = GameState.new(5, first_dealer=2, rules=VARIANTS["three-player"])
    assert [len(d) for d in three.dealt] == [5, 5, 5] and len(three.deck_crib) == 1
    assert three.current_player() == 0  # the dealer's left tosses first
    with pytest.raises(IllegalActionError, match="toss exactly one card"):
        three.toss(0, three.dealt[0][:2])
    with pytest.raises(IllegalActionError, match="seat must be 0 to 2"):
        three.toss(3, three.dealt[0][:1])
    for seat in (0, 1, 2):
        three.apply(seat, Toss(three.dealt[seat][:1]))
    assert three.phase is Phase.PLAY and three.to_play == 0
    assert len(three.crib) == 4 and three.deck_crib[0] in three.crib

    five = GameState.new(8, first_dealer=0, rules=VARIANTS["five-card"])
    first = next(e for e in five.events if isinstance(e, Scored))
    assert (first.seat, first.points, first.reason) == (1, 3, "three for last")
    assert five.scores == [0, 3]
    rng = np.random.default_rng(8)
    while five.deal_number == 1 and not five.is_over:
        seat = five.current_player()
        if five.phase is Phase.PLAY:
            assert five.count <= 31
        actions = five.legal_actions(seat)
        five.apply(seat, actions[rng.integers(len(actions))])
    # the play ended with its first count: no count was started again (the last count of
    # a play is never reset: the show follows it)
    assert not [e for e in five.events if type(e).__name__ == "CountReset"]

    four = GameState.new(2, rules=VARIANTS["four-player"])
    while not four.is_over:
        seat = four.current_player()
        actions = four.legal_actions(seat)
        four.apply(seat, actions[0])
        for event in four.events[-3:]:
            if isinstance(event, Scored):  # a seat's points move its partnership's score
                assert event.total == four.scores[event.seat % 2]
    over = four.events[-1]
    assert isinstance(over, GameOver) and len(over.scores) == 2
    assert four.returns() == tuple(1.0 if s % 2 == four.winner else -1.0 for s in range(4))
    assert four.information_state_string(0).startswith(  # (a variant's string: see
        f"p0 | scores {four.scores[0]}-{four.scores[1]} |")  # test_variant_infostate.py)


def test_five_card_skunk_is_a_lurch_under_31():
    from engine.rules import skunk_of

    rules = VARIANTS["five-card"]
    assert [skunk_of(s, rules) for s in (0, 30, 31, 60)] == [1, 1, 0, 0]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_explicit_chance_deals_every_variant(name):
    """Chance one card at a time (the cut a card a seat, the deal with the crib's card from
    the deck, the starter), played to the end, and the record replays it."""
    from engine.state import CHANCE, GameState

    rules = VARIANTS[name]
    game = GameState.new(1, chance="explicit", rules=rules)
    assert game.current_player() == CHANCE
    rng = np.random.default_rng(0)
    while not game.is_over:
        seat = game.current_player()
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.integers(len(actions))])
    assert len(game.cuts[0]) == rules.players and max(game.scores) == rules.target
    assert GameState.from_json(game.to_json()) == game


def test_a_seats_view_of_the_deal_keeps_only_its_own_hand_at_any_table():
    """What a player observes of a deal of three or four (``seat_view``): its own cards in
    its own place, every other hand empty; before, the view of a two-seat deal was made for
    any table, and seat 2 saw its cards as seat 1's."""
    from engine.events import Dealt, seat_view

    for players in (2, 3, 4):
        hands = tuple(tuple(range(5 * s, 5 * s + 5)) for s in range(players))
        dealt = Dealt(1, 0, hands)
        for seat in range(players):
            seen = seat_view(dealt, seat).hands
            assert len(seen) == players
            assert seen[seat] == hands[seat]
            assert all(h == () for s, h in enumerate(seen) if s != seat)
