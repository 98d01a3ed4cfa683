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


def _path(mine, theirs, seq, count):
    """After my card (``seq`` ends with it; ranks as cards r*4), the play as the rules go
    (who is to play, a go when a player cannot play while the other still can play on,
    the count closing with its go or last card) to my next choice of two or more ranks:
    (what I saw on the way: the opponent's cards and goes; my points net so far; my ranks'
    values from there by brute force, or None when the play ended first)."""
    mine, theirs, seq = list(mine), list(theirs), list(seq)
    turn, last, net, seen = 1, 0, 0, []
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
                    values[c >> 2] = net + pts + reference_play(rest, theirs, s, n, 1, 0)
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


def slow_fused(mine, worlds, weights, seq, card):
    """The value of my playing rank ``card``: each world's path to my next choice
    (``_path``), the worlds I cannot tell apart on it pooled, my best rank for each pool."""
    count = sum(pip_value(r * 4) for r in seq)
    after = count + pip_value(card * 4)
    pools: dict[tuple, list] = {}
    for world, w in zip(worlds, weights, strict=True):
        seq_c, mine_c, theirs_c = _suited(seq, mine, world)  # distinct cards, this world
        played = next(c for c in mine_c if c >> 2 == card)
        rest = [c for c in mine_c if c != played]
        now = seq_c + [played]
        pts = peg_points(now)
        s, n = ([], 0) if after == 31 else (now, after)
        seen, result = _path(rest, theirs_c, s, n)
        pools.setdefault(seen, []).append((w, result))
    total = 0.0
    for entries in pools.values():
        if isinstance(entries[0][1], dict):
            ranks = entries[0][1].keys()
            total += max(sum(w * r[k] for w, r in entries) for k in ranks)
        else:
            total += sum(w * r for w, r in entries)
    return pts + total / sum(weights)


def fused(mine, worlds, weights, seq, candidates):
    worlds = np.array(worlds, dtype=np.int64)
    values = np.zeros(len(candidates))
    _expert.fused_play_values(np.array(sorted(mine), dtype=np.int64), worlds,
                              worlds.shape[1], np.array([r * 4 for r in seq], dtype=np.int64),
                              sum(pip_value(r * 4) for r in seq),
                              np.array(candidates, dtype=np.int64), np.zeros(7, dtype=np.int64),
                              np.zeros(len(worlds), dtype=np.int64), OPEN,
                              np.array(weights, dtype=np.float64), values)
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
]


@pytest.mark.parametrize("mine, worlds, seq", ENDINGS)
def test_the_fused_value_is_brute_force_over_the_worlds_i_cannot_tell_apart(mine, worlds,
                                                                             seq):
    weights = [1.0 + 0.5 * i for i in range(len(worlds))]
    candidates = _fits(mine, seq)
    values = fused(mine, worlds, weights, seq, candidates)
    for c, v in zip(candidates, values, strict=True):
        assert v == pytest.approx(slow_fused(mine, worlds, weights, seq, c), abs=1e-9), c


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
    one = fused(mine, worlds[:1], [1.0], seq, candidates)
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
        pooled = np.zeros(len(candidates))
        _expert.fused_play_values(*common, ctx.copy(), shows, W, weights, pooled)
        out = np.zeros((len(candidates), n))
        _expert.play_values(*common, ctx.copy(), shows, W, out)
        assert np.all(pooled <= out @ weights / weights.sum() + 1e-12)
        lower += np.any(pooled < out @ weights / weights.sum() - 1e-12)
        one = np.zeros(len(candidates))
        first = (*common[:1], arrays[0][:1], *common[2:])
        _expert.fused_play_values(*first, ctx.copy(), shows[:1], W, np.ones(1), one)
        out1 = np.zeros((len(candidates), 1))
        _expert.play_values(*first, ctx.copy(), shows[:1], W, out1)
        assert one == pytest.approx(out1[:, 0], abs=1e-12)
    assert lower  # (the 7-10-J ending)
