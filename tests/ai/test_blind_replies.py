"""expert:blind: the opponent's reply to my card chosen without seeing my hand
(``ai._expert.blind_play_values``), against brute force over everything the opponent cannot
see in small endings, and its invariants."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _expert, make_player
from engine.cards import pip_value
from engine.pegging import peg_points
from tests.ai.helpers import play_observation
from tests.ai.test_expert import reference_play


def _suited(*rank_lists):
    """Distinct cards for each list of ranks (suits handed out in order), or None when a
    rank would be needed five times."""
    used = [0] * 13
    out = []
    for ranks in rank_lists:
        cards = []
        for r in ranks:
            if used[r] == 4:
                return None
            cards.append(r * 4 + used[r])
            used[r] += 1
        out.append(cards)
    return out


def slow_blind_value(mine, theirs, seq, card, views):
    """My net points from playing ``card`` (one of ``mine``; all as ranks), the count so
    far ``seq`` (ranks): if the opponent is then to play with a choice of ranks, it plays
    the one (the lower of equals) best for it on average over ``views`` (the hands it
    imagines I hold after this card, ranks), each followed by the rest of the play by brute
    force; then the real rest of the play by brute force."""
    count = sum(pip_value(r * 4) for r in seq)
    rest = list(mine)
    rest.remove(card)
    seq_c, mine_c, theirs_c, card_c = _suited(seq, rest, theirs, [card])
    now = seq_c + card_c
    pts = peg_points(now)
    after = count + pip_value(card_c[0])

    def onward(count_after, cards):
        return ((), 0) if count_after == 31 else (tuple(cards), count_after)

    fits = sorted({r for r in theirs if after + pip_value(r * 4) <= 31})
    if after == 31 or not rest or len(fits) < 2:
        s, c = onward(after, now)
        return pts + reference_play(mine_c, theirs_c, s, c, 1, 0)
    best, best_v = None, None
    for r in fits:
        t = next(c for c in theirs_c if c >> 2 == r)
        left = [c for c in theirs_c if c != t]
        got = peg_points(now + [t])
        s, c = onward(after + pip_value(t), now + [t])
        total = 0.0
        for view in views:
            suited = _suited(seq, theirs, [card], view)
            # the imagined hand's own cards, distinct from everything on the table
            v_cards = suited[3]
            v_seq = suited[0] + suited[2] + [next(x for x in suited[1] if x >> 2 == r)]
            v_s, v_c = onward(after + pip_value(t), v_seq)
            v_left = [x for x in suited[1] if x != v_seq[-1]]
            total += got - reference_play(v_cards, v_left, v_s, v_c, 0, 1)
        value = total / len(views)
        if best_v is None or value > best_v:
            best, best_v = (t, left, got, s, c), value
    t, left, got, s, c = best
    return pts - got + reference_play(mine_c, left, s, c, 0, 1)


def _every_view(hidden, theirs, card, n):
    """Every hand of ``n`` cards the opponent holding ``theirs`` may imagine I hold after
    I play ``card`` (as ranks, one row per set of cards), from ``hidden`` (13,): the cards
    of each rank unseen before my card."""
    left = np.array(hidden) - np.bincount(theirs, minlength=13)
    left[card] -= 1
    cards = [r for r in range(13) for _ in range(left[r])]
    return [list(v) for v in combinations(cards, n)]


ENDINGS = [  # my ranks, the opponent's, the count so far: small endings with choices
    ([4, 9], [3, 10], []),
    ([0, 5, 12], [4, 4], [9]),
    ([2, 6], [1, 5, 8], [12, 11]),
    ([3, 3, 7], [6, 9], [5]),
]


@pytest.mark.parametrize("mine, theirs, seq", ENDINGS)
def test_the_blind_reply_is_brute_force_over_what_it_cannot_see(mine, theirs, seq):
    """Each card's value, with every hand the opponent may imagine (all the cards it cannot
    see) as its views, equals brute force: its reply best on average over those hands, the
    rest of the play searched exactly."""
    hidden = np.full(13, 4, dtype=np.int64)
    for r in seq:
        hidden[r] -= 1
    count = sum(pip_value(r * 4) for r in seq)
    for c in sorted({r for r in mine if count + pip_value(r * 4) <= 31}):
        views_list = _every_view(hidden, theirs, c, len(mine) - 1)
        views = np.array([[views_list]], dtype=np.int64)  # one world, one candidate
        out = np.zeros((1, 1))
        _expert.blind_play_values(np.array(sorted(mine), dtype=np.int64),
                                  np.array([theirs], dtype=np.int64), len(theirs),
                                  np.array([r * 4 for r in seq], dtype=np.int64), count,
                                  np.array([c], dtype=np.int64), views, out)
        assert out[0, 0] == pytest.approx(
            slow_blind_value(sorted(mine), theirs, seq, c, views_list), abs=1e-9)


def test_a_blind_reply_can_walk_into_a_pair():
    """I lead a 4 holding a 4 and a king against a 6 and a 4: seeing my hand it never pairs
    (my pair royal would follow); blind, pairing is its best bet (most hands it imagines
    hold no 4), so leading the 4 is worth more than the open search says."""
    mine = np.array([3, 3, 12], dtype=np.int64)
    theirs = np.array([[3, 10]], dtype=np.int64)
    hidden = np.full(13, 4, dtype=np.int64)
    views_list = _every_view(hidden, [3, 10], 3, 2)
    candidates = np.array([3], dtype=np.int64)
    blind = np.zeros((1, 1))
    _expert.blind_play_values(mine, theirs, 2, np.zeros(0, dtype=np.int64), 0, candidates,
                              np.array([[views_list]], dtype=np.int64), blind)
    open_ = np.zeros((1, 1))
    _expert.play_values(mine, theirs, 2, np.zeros(0, dtype=np.int64), 0, candidates,
                        np.zeros(7, dtype=np.int64), np.zeros(1, dtype=np.int64),
                        np.zeros((3, 1, 1)), open_)
    assert blind[0, 0] > open_[0, 0]
    assert blind[0, 0] == pytest.approx(slow_blind_value([3, 3, 12], [3, 10], [], 3,
                                                         views_list), abs=1e-9)


ranks = st.integers(0, 12)


@settings(max_examples=80, deadline=None)
@given(st.lists(ranks, min_size=2, max_size=4), st.lists(ranks, min_size=1, max_size=4),
       st.lists(ranks, min_size=0, max_size=2), st.integers(0, 2 ** 32 - 1))
def test_a_blind_opponent_never_does_better_than_one_that_sees(mine, theirs, seq, seed):
    """The open search lets the opponent reply knowing my hand, so it is its best reply
    against my actual cards: a reply chosen blind can only leave me as well off or
    better, whatever hands it imagines."""
    if _suited(mine, theirs, seq) is None:
        return
    count = sum(pip_value(r * 4) for r in seq)
    candidates = sorted({r for r in mine if count + pip_value(r * 4) <= 31})
    if count >= 31 or not candidates:
        return
    hidden = np.full(13, 4, dtype=np.int64) - np.bincount(seq, minlength=13)
    keys = np.random.default_rng(seed).random((6, 52))
    theirs_a = np.array([theirs], dtype=np.int64)
    cands = np.array(candidates, dtype=np.int64)
    views = np.zeros((1, len(candidates), 6, len(mine) - 1), dtype=np.int64)
    _expert.opponent_views(hidden, theirs_a, len(theirs), cands, len(mine) - 1, keys, views)
    args = (np.array(sorted(mine), dtype=np.int64), theirs_a, len(theirs),
            np.array([r * 4 for r in seq], dtype=np.int64), count, cands)
    blind = np.zeros((len(candidates), 1))
    _expert.blind_play_values(*args, views, blind)
    open_ = np.zeros((len(candidates), 1))
    _expert.play_values(*args, np.zeros(7, dtype=np.int64), np.zeros(1, dtype=np.int64),
                        np.zeros((3, 1, 1)), open_)
    assert (blind >= open_ - 1e-9).all()


def test_the_imagined_hands_are_drawn_from_what_the_opponent_cannot_see():
    """Views hold only cards the opponent cannot see (a rank's count at most what is left
    of it beside its own cards), each rank about as often as it is left, and the same for
    two worlds with the same ranks."""
    hidden = np.full(13, 4, dtype=np.int64)
    hidden[[0, 4]] -= 2  # two aces and two fives seen
    theirs = np.array([[4, 4, 9], [9, 4, 4], [1, 2, 3]], dtype=np.int64)
    candidates = np.array([9, 12], dtype=np.int64)  # my next card: a ten, or a king
    keys = np.random.default_rng(1).random((3000, 52))
    views = np.zeros((3, 2, 3000, 2), dtype=np.int64)
    _expert.opponent_views(hidden, theirs, 3, candidates, 2, keys, views)
    for k, card in enumerate(candidates):
        left = hidden - np.bincount(theirs[0], minlength=13)
        left[card] -= 1
        assert left[4] == 0  # both fives left are the opponent's own
        for s in range(3000):
            counts = np.bincount(views[0, k, s], minlength=13)
            assert (counts <= left).all()
        freq = np.bincount(views[0, k].ravel(), minlength=13) / (3000 * 2)
        assert np.allclose(freq, left / left.sum(), atol=0.02)
    assert (views[0] == views[1]).all()  # the same ranks, the same imagined hands


def test_expert_blind_plays_blind_until_the_end_game_and_says_so():
    """expert:blind's reasoning names the imagined hands while it plays for points; from
    86 on it searches for the win as the expert does."""
    player = make_player("expert:blind", seed=3)
    obs = play_observation("4C 4D KS 9H", scores=(10, 20))
    reasoning = player.decide(obs).reasoning
    assert reasoning.mode == "points" and reasoning.blind == 8
    assert "without seeing my hand (8 imagined)" in reasoning.summary()
    late = replace(play_observation("4C 4D KS 9H", scores=(100, 90)), toss=obs.dealt[4:])
    reasoning = player.decide(late).reasoning
    assert reasoning.mode == "win" and reasoning.blind == 0
    assert make_player("expert", seed=3).decide(obs).reasoning.blind == 0


def test_expert_blind_plays_the_same_games_compiled_and_refereed(monkeypatch):
    from ai.match import compiled

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")  # fitted: refereed only
    assert compiled.differences("expert:blind", "heuristic", 8, [0, 1]) == []
