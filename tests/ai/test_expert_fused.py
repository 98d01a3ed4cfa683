"""My next card chosen without seeing the opponent's (``ai._expert.fused_play_values``):
against brute force over small endings (the rules as written, each world's opponent best
for itself, my next rank one for every world I cannot tell apart), and its invariants
against the open search (``play_values``)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _expert
from engine.cards import pip_value
from engine.pegging import peg_points
from tests.ai.test_blind_replies import _suited
from tests.ai.test_expert import reference_play

OPEN = np.zeros((3, 1, 1))  # W: unused when the value is net points


def _path(mine, theirs, seq, count, depth=1, net=0):
    """After my card (``seq`` ends with it; ranks as cards r*4), the play as the rules go
    (who is to play, a go when a player cannot play while the other still can play on,
    the count closing with its go or last card) to my next choice of two or more ranks:
    (what I saw on the way: the opponent's cards and goes; my points net when the play
    ended first, else, for each of my ranks, what follows it: with ``depth`` 1 ((), its
    value from there by brute force), deeper, its own ``_path`` to my choice after it)."""
    mine, theirs, seq = list(mine), list(theirs), list(seq)
    turn, last, seen = 1, 0, []
    go = [False, False]
    while True:
        hand = mine if turn == 0 else theirs
        other = theirs if turn == 0 else mine
        fits = sorted({c >> 2: c for c in sorted(hand, reverse=True)
                       if count + pip_value(c) <= 31}.values())  # one card a rank
        if hand and not go[turn] and fits:
            if turn == 0 and len(fits) > 1:  # my choice
                values = {}
                for c in fits:
                    rest = list(mine)
                    rest.remove(c)
                    now = seq + [c]
                    pts = peg_points(now)
                    after = count + pip_value(c)
                    s, n = ((), 0) if after == 31 else (tuple(now), after)
                    values[c >> 2] = ((), net + pts + reference_play(rest, theirs, s, n, 1, 0)) \
                        if depth == 1 else _path(rest, theirs, s, n, depth - 1, net + pts)
                return tuple(seen), values
            if turn == 1:  # its best, seeing my hand
                def worth(c, seq=seq, count=count):
                    rest = list(theirs)
                    rest.remove(c)
                    now = seq + [c]
                    after = count + pip_value(c)
                    s, n = ((), 0) if after == 31 else (tuple(now), after)
                    return -peg_points(now) + reference_play(mine, rest, s, n, 0, 1)
                c = min(fits, key=worth)  # (the lower rank of equals, as the search)
                seen.append(c >> 2)
            else:
                c = fits[0]
            hand.remove(c)
            seq.append(c)
            count += pip_value(c)
            net += peg_points(seq) * (1 if turn == 0 else -1)
            last = turn
            if count == 31:
                seq, count, go = [], 0, [False, False]
                turn = 1 - last
                if not mine and not theirs:
                    return tuple(seen), net
                continue
            turn = 1 - turn
            continue
        if hand and not go[turn] and other and not go[1 - turn]:  # it says go
            go[turn] = True
            if turn == 1:
                seen.append("go")
            turn = 1 - turn
            continue
        if (not hand or go[turn]) and other and not go[1 - turn] and any(
                count + pip_value(c) <= 31 for c in other):
            turn = 1 - turn
            continue
        if seq:  # the count closes: the go or the last card
            net += 1 if last == 0 else -1
        if not mine and not theirs:
            return tuple(seen), net
        seq, count, go = [], 0, [False, False]
        turn = 1 - last
        while not (mine if turn == 0 else theirs):
            turn = 1 - turn


def _pooled(entries):
    """The weighted value of ``entries`` (weight, what I saw, what follows): those I saw
    the same of pooled, each pool's worlds at their own value where the play ended, else
    at the rank best on the pool's weighted sum."""
    pools: dict[tuple, list] = {}
    for w, seen, result in entries:
        pools.setdefault(seen, []).append((w, result))
    total = 0.0
    for pool in pools.values():
        if isinstance(pool[0][1], dict):
            total += max(_pooled([(w, *r[k]) for w, r in pool]) for k in pool[0][1])
        else:
            total += sum(w * r for w, r in pool)
    return total


def slow_fused(mine, worlds, weights, seq, card, depth=1):
    """The value of my playing rank ``card``: each world's path to my next choice
    (``_path``), the worlds I cannot tell apart on it pooled, my best rank for each pool
    (and with ``depth`` 2, at my choice after that too)."""
    count = sum(pip_value(r * 4) for r in seq)
    after = count + pip_value(card * 4)
    entries = []
    for world, w in zip(worlds, weights, strict=True):
        seq_c, mine_c, theirs_c = _suited(seq, mine, world)  # distinct cards, this world
        played = next(c for c in mine_c if c >> 2 == card)
        rest = [c for c in mine_c if c != played]
        now = seq_c + [played]
        pts = peg_points(now)
        s, n = ([], 0) if after == 31 else (now, after)
        entries.append((w, *_path(rest, theirs_c, s, n, depth)))
    return pts + _pooled(entries) / sum(weights)


def fused(mine, worlds, weights, seq, candidates, depth=1):
    worlds = np.array(worlds, dtype=np.int64)
    values = np.zeros(len(candidates))
    _expert.fused_play_values(np.array(sorted(mine), dtype=np.int64), worlds,
                              worlds.shape[1], np.array([r * 4 for r in seq], dtype=np.int64),
                              sum(pip_value(r * 4) for r in seq),
                              np.array(candidates, dtype=np.int64), np.zeros(7, dtype=np.int64),
                              np.zeros(len(worlds), dtype=np.int64), OPEN,
                              np.array(weights, dtype=np.float64), values, depth)
    return values


def open_search(mine, worlds, weights, seq, candidates):
    worlds = np.array(worlds, dtype=np.int64)
    out = np.zeros((len(candidates), len(worlds)))
    _expert.play_values(np.array(sorted(mine), dtype=np.int64), worlds, worlds.shape[1],
                        np.array([r * 4 for r in seq], dtype=np.int64),
                        sum(pip_value(r * 4) for r in seq), np.array(candidates, dtype=np.int64),
                        np.zeros(7, dtype=np.int64), np.zeros(len(worlds), dtype=np.int64),
                        OPEN, out)
    return out @ np.array(weights) / sum(weights)


def _fits(mine, seq):
    count = sum(pip_value(r * 4) for r in seq)
    return sorted({r for r in mine if count + pip_value(r * 4) <= 31})


ENDINGS = [  # my ranks, the opponent's possible hands, the count so far
    ([4, 9, 12], [[3, 10], [4, 5], [9, 0], [12, 2]], []),
    ([0, 5, 12], [[4, 4], [5, 7], [11, 1]], [9]),
    ([2, 6, 7], [[1, 5, 8], [6, 6, 0], [3, 9, 12]], [12]),
    ([3, 3, 7, 10], [[6, 9, 1], [3, 4, 5], [10, 10, 2]], []),
    ([6, 9, 10], [[7, 10], [7, 9]], []),  # 7-10-J against 8-J or 8-10: a guess after the 8
    # four of mine, three choices of two or more: pooled to depth 2, every one of them
    ([1, 4, 6, 9], [[2, 5, 9, 10], [4, 6, 11, 12], [0, 3, 7, 8], [2, 5, 9, 11]], []),
    ([0, 4, 9, 11], [[4, 9, 9, 2], [10, 11, 3, 3], [5, 6, 7, 0], [5, 6, 7, 1]], []),
    # 4-5-9-J against A-7-8-Q or A-4-J-Q: my 5's value holds a guess two choices on
    ([3, 4, 8, 10], [[0, 6, 7, 11], [0, 3, 10, 11]], []),
]


@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("mine, worlds, seq", ENDINGS)
def test_the_fused_value_is_brute_force_over_the_worlds_i_cannot_tell_apart(mine, worlds,
                                                                             seq, depth):
    weights = [1.0 + 0.5 * i for i in range(len(worlds))]
    candidates = _fits(mine, seq)
    values = fused(mine, worlds, weights, seq, candidates, depth)
    for c, v in zip(candidates, values, strict=True):
        assert v == pytest.approx(slow_fused(mine, worlds, weights, seq, c, depth),
                                  abs=1e-9), c


def test_pooling_my_next_two_cards_lowers_some_values_further():
    """Depth 2 pools the choice after my next one as well: never above depth 1 (which lets
    that choice fit each world), and on these endings below it somewhere."""
    lower = 0
    for mine, worlds, seq in ENDINGS[-3:]:
        candidates = _fits(mine, seq)
        weights = [1.0] * len(worlds)
        one = fused(mine, worlds, weights, seq, candidates, 1)
        two = fused(mine, worlds, weights, seq, candidates, 2)
        assert np.all(two <= one + 1e-9)
        lower += np.any(two < one - 1e-9)
    assert lower


def test_pooling_my_next_card_can_only_lower_a_value_and_here_it_does():
    """The open search lets my next card fit each world; pooled, a guess is a guess. I
    lead the 7 of 7-10-J; the opponent holds 8-J or 8-10 and answers 8 (fifteen) either
    way; at 15, which of my ten and jack is the better depends on the card it still holds,
    which the open search knows and I cannot."""
    mine, worlds, seq = ENDINGS[-1]
    candidates = _fits(mine, seq)
    weights = [1.0] * len(worlds)
    pooled = fused(mine, worlds, weights, seq, candidates)
    seen_all = open_search(mine, worlds, weights, seq, candidates)
    assert np.all(pooled <= seen_all + 1e-9) and np.any(pooled < seen_all - 1e-9)


hands = st.lists(st.integers(0, 12), min_size=1, max_size=4)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=2, max_size=4),
       st.lists(hands, min_size=1, max_size=6), st.lists(st.integers(0, 12), max_size=2),
       st.randoms(use_true_random=False))
def test_pooled_values_are_at_most_the_open_ones_and_equal_with_one_world(mine, worlds, seq,
                                                                          random):
    size = len(worlds[0])
    worlds = [(w * 4)[:size] for w in worlds]  # one hand size
    counts = np.bincount(mine + seq + [r for w in worlds[:1] for r in w], minlength=13)
    if counts.max() > 4 or sum(pip_value(r * 4) for r in seq) > 31:
        return
    worlds = [w for w in worlds
              if np.bincount(mine + seq + w, minlength=13).max() <= 4]
    candidates = _fits(mine, seq)
    if not candidates:
        return
    weights = [random.uniform(0.1, 2.0) for _ in worlds]
    pooled = fused(mine, worlds, weights, seq, candidates)
    assert np.all(pooled <= open_search(mine, worlds, weights, seq, candidates) + 1e-9)
    assert np.all(fused(mine, worlds, weights, seq, candidates, 2) <= pooled + 1e-9)
    for depth in (1, 2):
        one = fused(mine, worlds[:1], [1.0], seq, candidates, depth)
        assert one == pytest.approx(open_search(mine, worlds[:1], [1.0], seq, candidates),
                                    abs=1e-9)


def test_the_pooled_expert_says_so_and_plays_its_best_value(monkeypatch):
    """With the pooled next card on (``fuse=on``) the reasoning says so and the card played
    is the one valued best; the kept expert's records are as they were."""
    from ai import make_player
    from tests.ai.helpers import play_observation

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "fuse=on")
    obs = play_observation("4C 4D KS 9H", scores=(10, 20))
    reasoning = make_player("expert", seed=3).decide(obs).reasoning
    assert reasoning.pooled and "my next card chosen without seeing the opponent's cards" in \
        reasoning.summary()
    assert reasoning.chosen == reasoning.candidates[0].card
    kept = make_player("expert-2026-11", seed=3).decide(obs).reasoning
    assert not kept.pooled and "without seeing the opponent's cards" not in kept.summary()
    assert "pooled" not in repr(kept)  # the pinned decisions' digest reads the repr


def test_the_decisions_panel_tells_a_pooled_play(qtbot, monkeypatch):
    """The computer's reasoning tab says when the next card was pooled (the record's own
    sentence, once), and not otherwise."""
    from ai import make_player
    from cribbage_gui.panels.decisions import ComputerTab
    from tests.ai.helpers import play_observation

    obs = play_observation("4C 4D KS 9H", scores=(10, 20))
    tab = ComputerTab()
    qtbot.addWidget(tab)
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "fuse=off")
    tab.add("a play", make_player("expert", seed=3).decide(obs).reasoning)
    assert "without seeing the opponent's cards" not in tab.text.text()
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "fuse=on")
    tab.add("a pooled play", make_player("expert", seed=3).decide(obs).reasoning)
    assert "my next card chosen without seeing the opponent's cards" in tab.text.text()


def test_pooling_holds_for_the_win_too():
    """Playing for the win (the show counted in order after the play, then W): pooled
    values are at most the open search's, equal with one world, on the same endings, and
    below it where a guess is left (W: more points, more chance)."""
    score = np.arange(121)
    W = np.ones((3, 121, 121))
    W[0] = W[1] = 1.0 / (1.0 + np.exp(-(score[:, None] - score[None, :]) / 8.0))
    lower = 0
    for mine, worlds, seq in ENDINGS:
        candidates = _fits(mine, seq)
        arrays = [np.array(worlds, dtype=np.int64)]
        n = len(worlds)
        ctx = np.array([1, 100, 100, 1, 8, 0, 4], dtype=np.int64)  # near the end
        shows = np.array([6 + 2 * j for j in range(n)], dtype=np.int64)
        weights = np.linspace(1.0, 2.0, n)
        common = (np.array(sorted(mine), dtype=np.int64), arrays[0], len(worlds[0]),
                  np.array([r * 4 for r in seq], dtype=np.int64),
                  sum(pip_value(r * 4) for r in seq), np.array(candidates, dtype=np.int64))
        out = np.zeros((len(candidates), n))
        _expert.play_values(*common, ctx.copy(), shows, W, out)
        above = out @ weights / weights.sum()
        for depth in (1, 2):
            pooled = np.zeros(len(candidates))
            _expert.fused_play_values(*common, ctx.copy(), shows, W, weights, pooled, depth)
            assert np.all(pooled <= above + 1e-12)
            lower += np.any(pooled < above - 1e-12)
            above = pooled  # depth 2 at most depth 1
            one = np.zeros(len(candidates))
            first = (*common[:1], arrays[0][:1], *common[2:])
            _expert.fused_play_values(*first, ctx.copy(), shows[:1], W, np.ones(1), one,
                                      depth)
            out1 = np.zeros((len(candidates), 1))
            _expert.play_values(*first, ctx.copy(), shows[:1], W, out1)
            assert one == pytest.approx(out1[:, 0], abs=1e-12)
    assert lower  # (the 7-10-J ending)
