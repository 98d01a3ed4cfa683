"""The expert player: its kernels against slow references, its tables, its decisions."""

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _expert, make_player
from ai.match import run_match
from ai.players.expert import ExpertDiscard, ExpertPlay
from ai.tables import expert as expert_tables
from ai.training import expert_build
from engine import GameState, Phase
from engine.cards import parse_card, parse_cards, pip_value
from engine.pegging import peg_points
from engine.state import stacked_deck
from tests.ai.helpers import play_game_after_toss


# ---------------------------------------------------------------------------- the search
def reference_play(mine, theirs, seq, count, turn, last):
    """Net pegging points for 'me' to the end of the play, both sides best for themselves,
    by the rules as written (cards as rank*4)."""
    return _rest_of_play(tuple(sorted(mine)), tuple(sorted(theirs)), tuple(seq), count, turn,
                         last)


@cache
def _rest_of_play(mine, theirs, seq, count, turn, last):
    go = _rest_of_play
    hand = mine if turn == 0 else theirs
    legal = [c for c in set(hand) if count + pip_value(c) <= 31]
    sign = 1 if turn == 0 else -1
    if legal:
        results = []
        for c in legal:
            rest = list(hand)
            rest.remove(c)
            new_seq = seq + (c,)
            pts = peg_points(list(new_seq))
            new_count = count + pip_value(c)
            m2, t2 = (tuple(rest), theirs) if turn == 0 else (mine, tuple(rest))
            if new_count == 31:
                v = go(m2, t2, (), 0, 1 - turn, turn)
            else:
                v = go(m2, t2, new_seq, new_count, 1 - turn, turn)
            results.append(sign * pts + v)
        return max(results) if turn == 0 else min(results)
    other = theirs if turn == 0 else mine
    if any(count + pip_value(c) <= 31 for c in other):
        return go(mine, theirs, seq, count, 1 - turn, last)
    if not seq:
        return 0
    point = 1 if last == 0 else -1  # go, or the last card
    if not mine and not theirs:
        return point
    return point + go(mine, theirs, (), 0, 1 - last, last)


ranks = st.integers(0, 12)


@settings(max_examples=150)
@given(st.lists(ranks, min_size=1, max_size=4), st.lists(ranks, min_size=0, max_size=4),
       st.lists(ranks, min_size=0, max_size=3))
def test_the_search_equals_the_rules_by_brute_force(mine, theirs, current):
    counts = np.bincount(mine + theirs + current, minlength=13)
    if counts.max() > 4:
        return
    count = sum(pip_value(r * 4) for r in current)
    if count > 31 or count == 31:
        return
    if not any(count + pip_value(r * 4) <= 31 for r in mine):
        return
    seq = np.array([r * 4 for r in current], dtype=np.int64)
    candidates = np.array(sorted({r for r in mine if count + pip_value(r * 4) <= 31}),
                          dtype=np.int64)
    out = np.zeros((len(candidates), 1))
    ctx = np.zeros(7, dtype=np.int64)
    W = expert_tables.value_table(np.zeros((2, 121, 121)), "win")  # not read for points
    _expert.play_values(np.array(mine, dtype=np.int64),
                        np.array([theirs], dtype=np.int64).reshape(1, len(theirs)),
                        len(theirs), seq, count, candidates, ctx, np.zeros(1, np.int64), W,
                        out)
    suits = [0] * 13

    def card(r):  # distinct cards of the given ranks (suits do not matter in the play)
        suits[r] += 1
        return r * 4 + suits[r] - 1

    cur_cards = tuple(card(r) for r in current)
    my_cards = [card(r) for r in mine]
    their_cards = [card(r) for r in theirs]
    for k, r in enumerate(candidates):
        played = next(c for c in my_cards if c >> 2 == r)
        rest = [c for c in my_cards if c != played]
        new_seq = cur_cards + (played,)
        pts = peg_points(list(new_seq))
        new_count = count + pip_value(played)
        if new_count == 31:
            expected = pts + reference_play(rest, their_cards, (), 0, 1, 0)
        else:
            expected = pts + reference_play(rest, their_cards, new_seq, new_count, 1, 0)
        assert out[k, 0] == expected, (mine, theirs, current, r)


def test_whole_plays_over_many_samples_equal_the_rules():
    """Seeded positions like the game's (up to four cards each, eight samples of the
    opponent's cards): every value of the pruned search with its table equals the
    brute-force one. (A wrong bound in the table shows in a few of these thousands.)"""
    rng = np.random.default_rng(12)
    checked = 0
    for _ in range(300):
        deck = rng.permutation(52)
        n_mine, k, n_seq = rng.integers(2, 5), rng.integers(2, 5), rng.integers(0, 3)
        mine = sorted(deck[:n_mine] >> 2)
        current = list(deck[n_mine:n_mine + n_seq] >> 2)
        count = sum(pip_value(r * 4) for r in current)
        candidates = sorted({int(r) for r in mine if count + pip_value(r * 4) <= 31})
        if count >= 31 or not candidates:
            continue
        rest = deck[n_mine + n_seq:]
        theirs = np.array([sorted(rng.choice(rest, k, replace=False) >> 2) for _ in range(8)])
        out = np.zeros((len(candidates), 8))
        _expert.play_values(np.array(mine, dtype=np.int64), theirs.astype(np.int64), k,
                            np.array([r * 4 for r in current], dtype=np.int64), count,
                            np.array(candidates, dtype=np.int64), np.zeros(7, np.int64),
                            np.zeros(8, np.int64), np.zeros((2, 121, 121)), out)
        cards = [int(c) for c in deck]  # distinct cards of each rank, as dealt
        cur = tuple(cards[n_mine:n_mine + n_seq])
        for j in range(8):
            their_cards = _cards_of(theirs[j], rest)
            for i, r in enumerate(candidates):
                played = next(c for c in cards[:n_mine] if c >> 2 == r)
                left = [c for c in cards[:n_mine] if c != played]
                new_seq = cur + (played,)
                pts = peg_points(list(new_seq))
                new_count = count + pip_value(played)
                seq, c2 = ((), 0) if new_count == 31 else (new_seq, new_count)
                assert out[i, j] == pts + reference_play(left, their_cards, seq, c2, 1, 0)
                checked += 1
    assert checked > 1500


def _distinct_cards(*rank_lists):
    """Cards of the given ranks, no card twice: (tuple, list, list, ...)."""
    suits = [0] * 13
    out = []
    for ranks in rank_lists:
        cards = []
        for r in ranks:
            cards.append(r * 4 + suits[r])
            suits[r] += 1
        out.append(cards)
    return (tuple(out[0]), *out[1:])


def _cards_of(ranks, pool):
    """Distinct cards of ``ranks`` from ``pool``."""
    left = [int(c) for c in pool]
    cards = []
    for r in ranks:
        c = next(c for c in left if c >> 2 == r)
        left.remove(c)
        cards.append(c)
    return cards


def reference_play_to_win(mine, theirs, seq, count, turn, last, me, opp, ctx, W):
    """The game's value for 'me' (the probability of winning, or the ACC objective's) from
    scores (me, opp) as the play goes on, both sides best for themselves, then the show in
    order and W, by the rules as written; a finished game is worth W[2, 0, the loser's
    score] to the winner, one minus it to the loser."""
    deal, my_show, their_show, crib = ctx[3], ctx[4], ctx[5], ctx[6]

    def won(loser):
        return W[2, 0, loser]

    def show(me, opp):
        if deal:  # the opponent counts first, then me, then my crib
            if opp + their_show >= 121:
                return 1.0 - won(me)
            if me + my_show >= 121:
                return won(opp + their_show)
            if me + my_show + crib >= 121:
                return won(opp + their_show)
            return W[0, me + my_show + crib, opp + their_show]
        if me + my_show >= 121:
            return won(opp)
        if opp + their_show >= 121:
            return 1.0 - won(me + my_show)
        if opp + their_show + crib >= 121:
            return 1.0 - won(me + my_show)
        return W[1, me + my_show, opp + their_show + crib]

    @cache
    def go(mine, theirs, seq, count, turn, last, me, opp):
        if me >= 121:
            return won(opp)
        if opp >= 121:
            return 1.0 - won(me)
        hand = mine if turn == 0 else theirs
        legal = [c for c in set(hand) if count + pip_value(c) <= 31]
        if legal:
            results = []
            for c in legal:
                rest = list(hand)
                rest.remove(c)
                new_seq = seq + (c,)
                pts = peg_points(list(new_seq))
                new_count = count + pip_value(c)
                m2, t2 = (tuple(rest), theirs) if turn == 0 else (mine, tuple(rest))
                me2, opp2 = (me + pts, opp) if turn == 0 else (me, opp + pts)
                if new_count == 31:
                    results.append(go(m2, t2, (), 0, 1 - turn, turn, me2, opp2))
                else:
                    results.append(go(m2, t2, new_seq, new_count, 1 - turn, turn, me2, opp2))
            return max(results) if turn == 0 else min(results)
        other = theirs if turn == 0 else mine
        if any(count + pip_value(c) <= 31 for c in other):
            return go(mine, theirs, seq, count, 1 - turn, last, me, opp)
        if not seq:
            return show(me, opp)
        me, opp = (me + 1, opp) if last == 0 else (me, opp + 1)  # go, or the last card
        if me >= 121:
            return won(opp)
        if opp >= 121:
            return 1.0 - won(me)
        if not mine and not theirs:
            return show(me, opp)
        return go(mine, theirs, (), 0, 1 - last, last, me, opp)

    return go(tuple(sorted(mine)), tuple(sorted(theirs)), tuple(seq), count, turn, last, me,
              opp)


@settings(max_examples=120, deadline=None)
@given(st.lists(ranks, min_size=1, max_size=4), st.lists(ranks, min_size=1, max_size=4),
       st.lists(ranks, min_size=0, max_size=2), st.integers(0, 1), st.integers(100, 120),
       st.integers(80, 120), st.integers(0, 1), st.integers(0, 2**32 - 1),
       st.sampled_from(expert_tables.OBJECTIVES))
def test_every_sample_and_mode_of_the_search_equals_the_rules(
        mine, other, current, mode, me, opp, deal, seed, objective):
    """Several samples of the opponent's cards (one repeated, which is searched once), for
    net points (with the transposition table) and for the game (near 121, then the show;
    the win, or ACC points with the opponent near the skunk line): each value equals the
    brute-force one exactly."""
    rng = np.random.default_rng(seed)
    theirs = [list(other), sorted(rng.permutation(other).tolist()), list(other)]
    counts = np.bincount(mine + other + current, minlength=13)
    count = sum(pip_value(r * 4) for r in current)
    if counts.max() > 4 or count >= 31 or not any(count + pip_value(r * 4) <= 31
                                                   for r in mine):
        return
    candidates = np.array(sorted({r for r in mine if count + pip_value(r * 4) <= 31}),
                          dtype=np.int64)
    ctx = np.array([mode, me, opp, deal, rng.integers(0, 12), 0, rng.integers(0, 8)],
                   dtype=np.int64)
    opp_show = np.array([3, 11, 3], dtype=np.int64)
    W = expert_tables.value_table(np.random.default_rng(1).random((2, 121, 121)), objective)
    out = np.zeros((len(candidates), 3))
    _expert.play_values(np.array(mine, dtype=np.int64),
                        np.array(theirs, dtype=np.int64).reshape(3, len(other)), len(other),
                        np.array([r * 4 for r in current], dtype=np.int64), count,
                        candidates, ctx, opp_show, W, out)
    for j in range(3):
        # distinct cards of the given ranks (suits do not matter in the play)
        cur, my_cards, their_cards = _distinct_cards(current, mine, theirs[j])
        for k, r in enumerate(candidates):
            played = next(c for c in my_cards if c >> 2 == r)
            rest = [c for c in my_cards if c != played]
            new_seq = cur + (played,)
            pts = peg_points(list(new_seq))
            new_count = count + pip_value(played)
            seq_after, count_after = ((), 0) if new_count == 31 else (new_seq, new_count)
            if mode == 0:
                expected = pts + reference_play(rest, their_cards, seq_after, count_after, 1,
                                                0)
            else:
                ctx[5] = opp_show[j]
                expected = reference_play_to_win(rest, their_cards, seq_after, count_after, 1, 0,
                                         me + pts, opp, ctx, W)
            assert out[k, j] == expected, (j, r)


# ---------------------------------------------------------------------------- the table
def reference_win(samples, a, b, d, memo, objective="win"):
    """W by plain recursion over the deal samples: the probability of winning, or for ACC
    points (the expected points net + 3) / 6."""
    skunk, win = expert_tables.to_value(3), expert_tables.to_value(2)
    key = (a, b, d)
    if key in memo:
        return memo[key]
    n = len(samples["heels"])
    total = 0.0
    for s in range(n):
        me, opp = a, b
        dealer_is_me = d == 1
        events = [(1, samples["heels"][s])]
        events += [(samples["peg_role"][s, i], samples["peg_pts"][s, i])
                   for i in range(samples["n_peg"][s])]
        events += [(0, samples["pone_hand"][s]), (1, samples["dealer_hand"][s]),
                   (1, samples["crib"][s])]
        result = None
        for role, pts in events:
            mine = (role == 1) == dealer_is_me
            if mine:
                me += pts
            else:
                opp += pts
            if me >= 121 or opp >= 121:
                value = 1.0 if objective == "win" else skunk if min(me, opp) < 91 else win
                result = value if me >= 121 else 1.0 - value
                break
        if result is None:
            result = reference_win(samples, me, opp, 1 - d, memo, objective)
        total += result
    memo[key] = total / n
    return memo[key]


def tiny_samples():
    rng = np.random.default_rng(3)
    n = 3
    s = {"heels": np.array([0, 2, 0]), "n_peg": np.array([3, 2, 4]),
         "peg_role": np.zeros((n, expert_tables.MAX_PEG_EVENTS), np.int64),
         "peg_pts": np.zeros((n, expert_tables.MAX_PEG_EVENTS), np.int64),
         "pone_hand": np.array([12, 20, 8]), "dealer_hand": np.array([16, 6, 24]),
         "crib": np.array([10, 2, 14])}
    for i in range(n):
        for k in range(s["n_peg"][i]):
            s["peg_role"][i, k] = rng.integers(0, 2)
            s["peg_pts"][i, k] = rng.integers(1, 6)
    return s


@pytest.mark.parametrize("objective", expert_tables.OBJECTIVES)
def test_the_win_table_equals_plain_recursion_over_the_samples(objective):
    samples = tiny_samples()
    W = expert_build.win_probabilities(samples, objective)
    memo = {}
    for a, b, d in [(0, 0, 1), (0, 0, 0), (60, 90, 1), (110, 117, 0), (120, 120, 1),
                    (85, 30, 0), (118, 89, 1), (100, 92, 0)]:
        assert W[d, a, b] == pytest.approx(reference_win(samples, a, b, d, memo, objective))


@pytest.fixture(scope="module")
def tables():
    return expert_tables.load()


def test_the_shipped_table_is_consistent(tables):
    W = tables.W
    assert ((W >= 0) & (W <= 1)).all()
    # the two players' views of one position add up to one
    a, b = np.meshgrid(np.arange(121), np.arange(121), indexing="ij")
    assert np.allclose(W[1, a, b] + W[0, b, a], 1.0, atol=1e-5)
    # more points never hurt (the same deal samples follow from either position)
    assert (np.diff(W, axis=1) >= -1e-6).all() and (np.diff(W, axis=2) <= 1e-6).all()
    # the first dealer's edge, as measured in real games (56% with mueller and heuristic)
    assert 0.53 < W[1, 0, 0] < 0.59
    # at 120-120 the first point wins, and the dealer, replying to the lead, pegs first
    # more often; but a pone needing one point counts its hand before the dealer
    assert 0.25 < W[0, 120, 120] < 0.5
    assert W[0, 120, 100] > 0.95


def test_the_toss_model_throws_like_a_sensible_player(tables):
    q = tables.toss_q
    assert np.allclose(q.sum(axis=(1, 2)), 1.0)
    five = 4
    fives = [q[role, five, :].sum() + q[role, :, five].sum() for role in (0, 1)]
    assert fives[1] > 5 * fives[0]  # a dealer gives itself fives; a pone almost never
    king = 12
    assert q[0, :, king].sum() > q[1, :, king].sum()  # the pone's balking kings


def test_the_crib_model_matches_the_cribs_of_real_games(tables):
    # a dealer throwing as the model says, with the pone also throwing as it says
    q, c = tables.toss_q, tables.crib_model
    modelled = float((q[1] * c[1]).sum())
    observed = float(tables.samples["crib"].mean())
    assert modelled == pytest.approx(observed, abs=0.5)
    five, king, nine = 4, 12, 8
    assert c[1, five, five] > c[1, king, nine] + 3


@pytest.mark.parametrize("objective,a,b", [("win", 100, 104), ("acc", 104, 84)])
def test_option_win_probabilities_equal_a_direct_count(tables, objective, a, b):
    samples = {k: v[:40] for k, v in tables.samples.items()}
    arrays = tuple(samples[k] for k in expert_tables.SAMPLE_FIELDS)
    hist = np.zeros((2, 30), dtype=np.int64)
    hist[0, 4], hist[0, 12] = 30, 16
    hist[1, 8] = 46
    chosen = np.arange(40)
    u = np.full(40, 0.5)
    out = np.zeros(2)
    d = 0  # I am the pone
    W = expert_tables.value_table(tables.W if objective == "win" else
                                  expert_tables.load_acc(), objective)
    _expert.option_win_probs(a, b, d, hist, np.zeros(2), np.zeros(2), chosen, u, *arrays,
                             W, out)
    for o in range(2):
        expected = 0.0
        for h in range(30):
            if hist[o, h] == 0:
                continue
            wins = 0.0
            for s in range(40):
                replaced = {k: v.copy() for k, v in samples.items()}
                replaced["pone_hand"][s] = h
                one = {k: v[s:s + 1] for k, v in replaced.items()}
                wins += deal_value(one, a, b, d, W)
            expected += hist[o, h] / 46 * wins / 40
        assert out[o] == pytest.approx(expected)


def deal_value(one, a, b, d, W):
    """One sample deal's value for 'me' (the pone when d = 0), then W; a finished game is
    worth W[2, 0, the loser's score] to the winner."""
    me, opp = a, b
    events = [(1, one["heels"][0])] + [(one["peg_role"][0, i], one["peg_pts"][0, i])
                                        for i in range(one["n_peg"][0])]
    events += [(0, one["pone_hand"][0]), (1, one["dealer_hand"][0]), (1, one["crib"][0])]
    for role, pts in events:
        if (role == 1) == (d == 1):
            me += pts
        else:
            opp += pts
        if me >= 121:
            return W[2, 0, opp]
        if opp >= 121:
            return 1.0 - W[2, 0, me]
    return W[1 - d, me, opp]


# ---------------------------------------------------------------------------- decisions
def test_early_in_the_game_it_keeps_the_best_expected_net():
    player = make_player("expert", seed=1)
    rng = np.random.default_rng(5)
    agree = 0
    deals = 40
    for _ in range(deals):
        six = [int(c) for c in rng.choice(52, 6, replace=False)]
        obs = _discard_observation(six, dealer=bool(rng.integers(2)), scores=(10, 14))
        decision = player.decide(obs)
        r = decision.reasoning
        assert isinstance(r, ExpertDiscard) and len(r.options) == 15
        best = max(o.net for o in r.options)
        chosen = r.options[r.chosen]
        assert best - chosen.net < 0.6  # far from the end, points are what win
        agree += best - chosen.net < 1e-9
        assert chosen.win == max(o.win for o in r.options) or \
            abs(chosen.win - max(o.win for o in r.options)) < 1e-9
    assert agree >= 0.75 * deals


def _discard_observation(six, dealer, scores):
    """Seat 0 deals; the observation of the seat holding ``six`` (mine, theirs scores)."""
    rest = [c for c in range(52) if c not in six]
    if dealer:
        deck, seat, by_seat = stacked_deck(rest[:6], six, rest[6]), 0, scores
    else:
        deck, seat, by_seat = stacked_deck(six, rest[:6], rest[6]), 1, scores[::-1]
    game = GameState.new(1, first_dealer=0, scores=tuple(by_seat), decks=[deck])
    obs = game.observation(seat)
    assert obs.phase is Phase.DISCARD and sorted(obs.dealt) == sorted(six)
    assert (obs.my_score, obs.opponent_score) == tuple(scores)
    return obs


def test_counting_first_at_the_end_it_keeps_the_points_it_needs():
    player = make_player("expert", seed=1)
    six = parse_cards("5H TD 2C 9S KH 7D")
    obs = _discard_observation(six, dealer=False, scores=(118, 0))
    r = player.decide(obs).reasoning
    chosen = r.options[r.chosen]
    # as pone at 118 a hand that always holds 3 points wins before the dealer counts
    from engine import analyze_discards

    exact = {tuple(sorted(o.keep)): o for o in analyze_discards(six, False)}
    assert exact[tuple(sorted(chosen.keep))].hand_min >= 3
    assert chosen.win > 0.99


def test_pegging_takes_the_fifteen_and_the_reasoning_shows_the_search():
    player = make_player("expert", seed=3)
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC")
    game.play(1, parse_card("TC"))
    decision = player.decide(game.observation(0))
    assert decision.action.card == parse_card("5H")
    r = decision.reasoning
    assert isinstance(r, ExpertPlay) and r.mode == "points" and r.samples > 10
    assert r.candidates[0].card == parse_card("5H")
    assert [c.value for c in r.candidates] == sorted((c.value for c in r.candidates),
                                                     reverse=True)
    assert 1 <= r.effective_samples <= r.samples


def test_when_only_one_rank_fits_it_says_so_not_that_one_card_does():
    """Regression (issue 38): with K♦ and K♠ both fitting the hint said "the only card that
    fits"."""
    player = make_player("expert", seed=2)
    game = play_game_after_toss("AH KD KS 2C", "TC 3H 4D 9S")
    for seat, card in ((1, "TC"), (0, "AH"), (1, "3H"), (0, "2C"), (1, "4D")):
        game.play(seat, parse_card(card))
    obs = game.observation(0)
    assert set(obs.legal_cards) == set(parse_cards("KD KS"))
    r = player.decide(obs).reasoning
    assert isinstance(r, ExpertPlay) and len(r.candidates) == 1
    text = r.summary()
    assert "only card" not in text and "same rank" in text
    assert all(name in text for name in ("KD", "KS")), text
    one = ExpertPlay("points", (r.candidates[0],), r.chosen, 0, 0.0, alike=(r.chosen,))
    assert one.summary().endswith("the only card that fits")


def test_after_the_opponents_go_it_samples_only_cards_that_do_not_fit():
    player = make_player("expert", seed=2)
    game = play_game_after_toss("5H AC 2S 3D", "TC QS 9H JD")
    for seat, card in ((1, "TC"), (0, "5H"), (1, "QS"), (0, "AC")):
        game.play(seat, parse_card(card))
    game.go(1)
    obs = game.observation(0)
    assert obs.go_said[1] and obs.count == 26 and len(obs.legal_cards) == 2
    ranks, weights, cards = player._sample_opponent(obs)
    assert ranks.shape == (player.play_samples, 2) and np.isclose(weights.sum(), 1.0)
    assert all(pip_value(c) > 5 for c in cards.ravel())
    seen = set(obs.dealt) | {c for _, c in obs.played} | {obs.starter}
    assert not set(cards.ravel()) & seen
    assert player.decide(obs).action.card in obs.legal_cards


def test_near_the_end_it_pegs_out_rather_than_score_more_later():
    player = make_player("expert", seed=2)
    # the pone at 120 needs one point and counts first; the dealer at 119 must peg out now
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC", scores=(119, 120))
    game.play(1, parse_card("TC"))
    decision = player.decide(game.observation(0))
    r = decision.reasoning
    assert r.mode == "win"
    assert decision.action.card == parse_card("5H")  # fifteen two: out
    assert r.candidates[0].value == pytest.approx(1.0)
    assert all(c.value < 0.99 for c in r.candidates[1:])


@pytest.mark.slow
def test_it_beats_random_almost_always():
    summary = run_match("expert", "random", 30, seed=4)  # it wins them all; random's
    assert summary["win_rate_a"] >= 0.9  # luck on 30 deals takes a game at most


def test_the_train_command_builds_tables_the_player_loads(tmp_path, capsys):
    """`cribbage train expert` (built by ai.training.expert_build, loaded by expert_tables)."""
    from ai import make_player
    from ai.match import play_game
    from cribbage_gui.cli import main

    out = tmp_path / "tiny.npz"
    assert main(["train", "expert", "--games", "4", "--workers", "1", "--out", str(out)]) == 0
    assert "deals from 4 games" in capsys.readouterr().out
    tables = expert_tables.load(out)
    assert tables.W.shape == (2, 121, 121) and tables.samples["heels"].shape[0] >= 8
    assert tables.W.min() >= 0.0 and tables.W.max() <= 1.0
    result = play_game((make_player(f"expert:{out}", seed=1), make_player("random", seed=2)),
                       seed=3)
    assert max(result.scores) == 121


def test_deep_searches_more_hands_and_deals_and_keeps_the_sure_choices():
    from ai.players.expert import EXPERT_PLAY_SAMPLES, ExpertPlayer

    deep_samples = EXPERT_PLAY_SAMPLES[1]
    deep = make_player("expert:deep", seed=3)
    assert isinstance(deep, ExpertPlayer) and deep.deep and deep.name == "expert"
    assert deep.play_samples == deep_samples > make_player("expert").play_samples
    assert deep.discard_samples.shape[0] == deep.tables.samples["heels"].shape[0]
    assert np.unique(deep.discard_samples).shape == deep.discard_samples.shape
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC")
    game.play(1, parse_card("TC"))
    decision = deep.decide(game.observation(0))
    # the fifteen (5H) and the two (2S) are the close best pair, then the others
    assert {c.card for c in decision.reasoning.candidates[:2]} == set(parse_cards("5H 2S"))
    assert decision.reasoning.samples == deep_samples
    late = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC", scores=(119, 120))
    late.play(1, parse_card("TC"))
    assert deep.decide(late.observation(0)).action.card == parse_card("5H")  # pegs out
    # with other tables: expert:deep:FILE
    from ai.tables.files import asset_path

    other = make_player(f"expert:deep:{asset_path('expert.npz')}")
    assert other.deep and other.play_samples == deep_samples


def test_deep_plays_the_same_games_compiled_and_refereed(monkeypatch):
    from ai.match import compiled

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")  # fitted: refereed only
    assert compiled.differences("expert:deep", "mueller", 3, [0, 1]) == []
    assert compiled.differences("heuristic", "expert:deep", 3, [0]) == []
