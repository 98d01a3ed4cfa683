"""The deal driver (``engine.deal``), driven from here with choices drawn in Python and
replayed through the ``GameState`` referee: the driver is where every compiled loop's deal
is written once, so it is checked on its own, not only through the loops' pins."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import deal as D
from engine.kernels import HELD, card_fits, held_card
from engine.rules import RULES, Rules
from engine.state import GO, GameState, PlayCard, Toss


def drive(seed: int, first_dealer: int, rules: Rules = RULES, in_order: int = 1):
    """A whole game through the driver, every choice at random from ``seed``: the game
    array, the decks dealt, the actions in order and the events seen."""
    rng = np.random.default_rng(seed)
    g = D.new_game()
    D.game_begin(g, D.compiled_rules(rules), first_dealer, in_order)
    decks, actions, events = [], [], []
    while True:
        event = int(D.game_next(g))
        events.append(event)
        seat = int(g[D.MOVER])
        if event == D.EV_DEAL:
            deck = rng.permutation(52).astype(np.int64)
            decks.append(tuple(int(c) for c in deck))
            D.game_deal(g, deck)
        elif event == D.EV_TOSS:
            a, b = rng.choice(6, size=2, replace=False)
            dealt = g[D.DEALT + D.MAX_DEALT * seat:D.DEALT + D.MAX_DEALT * (seat + 1)]
            actions.append((seat, Toss((int(dealt[a]), int(dealt[b])))))
            D.game_toss(g, int(a), int(b))
        elif event == D.EV_GO:
            actions.append((seat, GO))
        elif event == D.EV_PLAY:
            fits = [i for i in range(g[HELD + seat]) if card_fits(g, seat, i)]
            assert fits, "asked to play with no card that fits"
            i = int(rng.choice(fits))
            actions.append((seat, PlayCard(int(held_card(g, seat, i)))))
            D.game_play(g, i)
        elif event == D.EV_WON:
            return g, decks, actions, events


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 1), st.integers(0, 1))
def test_a_driven_game_is_the_referees_game(seed, first_dealer, in_order):
    """Dealt from the same decks with the same actions, the referee ends the game the same:
    the same winner, the same scores, the same number of deals; every action the driver
    asked for was legal there (the referee raises otherwise)."""
    g, decks, actions, events = drive(seed, first_dealer, in_order=in_order)
    game = GameState.new(0, first_dealer=first_dealer, decks=list(decks))
    for seat, action in actions:
        game.apply(seat, action)
    assert game.is_over
    assert game.winner == g[D.WINNER]
    assert tuple(game.scores) == (g[D.SCORES], g[D.SCORES + 1])
    assert g[D.DEALS] == len(decks)
    assert max(game.scores) == RULES.target
    assert events.count(D.EV_WON) == 1 and events[-1] == D.EV_WON


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_each_deal_deals_each_card_once_and_scores_its_points(seed):
    """Invariants over every deal: 13 different cards (two sixes and the starter), the
    crib the four tossed, the kept hands the rest, and the scores the sum of the deals'
    points by source."""
    rng = np.random.default_rng(seed)
    g = D.new_game()
    D.game_begin(g, D.compiled_rules(RULES), seed % 2, 1)
    totals = np.zeros(2, dtype=np.int64)
    while True:
        event = D.game_next(g)
        if event == D.EV_DEAL:
            D.game_deal(g, rng.permutation(52).astype(np.int64))
            cards = list(g[D.DEALT:D.DEALT + 12]) + [g[D.STARTER]]
            assert len(set(cards)) == 13
        elif event == D.EV_TOSS:
            D.game_toss(g, 0, 5)
        elif event == D.EV_PLAY:
            seat = g[D.MOVER]
            D.game_play(g, next(i for i in range(g[HELD + seat]) if card_fits(g, seat, i)))
        elif event in (D.EV_DEAL_DONE, D.EV_WON):
            kept = set(g[D.KEPT:D.KEPT + 8])
            crib = set(g[D.CRIB_CARDS:D.CRIB_CARDS + 4])
            assert kept | crib == set(g[D.DEALT:D.DEALT + 12]) and not kept & crib
            totals += g[D.POINTS:D.POINTS + 8].reshape(2, 4).sum(axis=1)
            assert list(totals) == [g[D.SCORES], g[D.SCORES + 1]]
            if event == D.EV_WON:
                return


def test_the_target_comes_from_the_rules_record():
    """The record is a parameter, not a constant: a game to 61 stops the instant someone
    reaches 61, and the compiled simulator takes the same record."""
    from engine.simulate import STAT_COLUMNS, simulate_random_games

    short = Rules(target=61, skunk_line=31, double_skunk_line=0)
    for seed in range(5):
        g, *_ = drive(seed, 0, short)
        assert max(g[D.SCORES], g[D.SCORES + 1]) == 61
    stats = simulate_random_games(200, 3, short)
    scores = stats[:, [STAT_COLUMNS.index("score0"), STAT_COLUMNS.index("score1")]]
    assert (scores.max(axis=1) == 61).all()
    assert (simulate_random_games(200, 3)[:, STAT_COLUMNS.index("deals")].mean()
            > stats[:, STAT_COLUMNS.index("deals")].mean())


def test_a_record_the_driver_cannot_play_is_refused_plainly():
    with pytest.raises(ValueError, match="the crib must have four cards, not 3"):
        D.compiled_rules(Rules(players=3, cards_dealt=5, cards_to_crib=1))
    with pytest.raises(ValueError, match="two to four players"):
        D.compiled_rules(Rules(players=5, cards_dealt=4, cards_to_crib=1))
    with pytest.raises(ValueError, match="partners sit across a table of four"):
        D.compiled_rules(Rules(players=2, partners=1))


def test_a_play_from_kept_hands_logs_its_points_in_order():
    """``game_play_from`` (the rollouts' way in): the peg log is every point pegged, in
    order, and adds up to each seat's pegging."""
    rng = np.random.default_rng(5)
    for _ in range(50):
        cards = rng.permutation(52)[:8].astype(np.int64)
        g = D.new_game()
        D.game_begin(g, D.compiled_rules(RULES), 1, 1)
        D.game_play_from(g, np.sort(cards[:4]), np.sort(cards[4:]), 1)
        event = D.game_next(g)
        assert event == D.EV_PLAY and g[D.MOVER] == 0  # the pone leads
        while event != D.EV_PLAY_OVER:
            if event == D.EV_PLAY:
                seat = g[D.MOVER]
                D.game_play(g, next(i for i in range(g[HELD + seat])
                                    if card_fits(g, seat, i)))
            event = D.game_next(g)
        n = g[D.N_PEGS]
        seats = g[D.PEG_SEAT:D.PEG_SEAT + n]
        points = g[D.PEG_POINTS:D.PEG_POINTS + n]
        for seat in (0, 1):
            assert points[seats == seat].sum() == g[D.PEGGED + seat] == g[D.SCORES + seat]
        assert g[D.N_PLAYED] == 8 and sorted(g[D.PLAYED:D.PLAYED + 8]) == sorted(cards)
