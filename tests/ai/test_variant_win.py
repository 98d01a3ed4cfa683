"""The variants' win tables: probabilities, monotone in a side's own score, consistent
under the table's rotations, and the compiled solver against a slow dynamic programme."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from ai import _variant
from ai.tables import variant_win as V
from ai.tables import variant_win_kernels as K

SMALL = {"five-card": 400, "three-player": 60, "four-player": 200}  # deals: fast to build


@functools.cache
def small(variant: str) -> V.VariantWinTable:
    return V.build(variant, SMALL[variant], seed=3)


@pytest.mark.parametrize("variant", list(SMALL))
def test_the_tables_values_are_probabilities_monotone_in_a_sides_score(variant):
    table = small(variant)
    T = table.T
    assert np.isfinite(T).all() and T.min() >= 0.0 and T.max() <= 1.0 + 1e-12
    if table.rules.sides == 2:
        P = T[:, :, 0, 0]  # the dealing side's chance at (its score, the other's)
        assert (np.diff(P, axis=0) >= -1e-12).all()  # more points for it: no worse
        assert (np.diff(P, axis=1) <= 1e-12).all()  # more for the other: no better
        assert 0.3 < P[0, 0] < 0.7
    else:
        assert np.allclose(T.sum(axis=3), 1.0)
        for k in range(3):  # side k: its own score up, no worse; another's up, no better
            assert (np.diff(T[..., k], axis=k) >= -1e-12).all()
            for other in {0, 1, 2} - {k}:
                assert (np.diff(T[..., k], axis=other) <= 1e-12).all()
        assert abs(T[0, 0, 0].sum() - 1.0) < 1e-9


def test_the_chance_reads_the_table_from_every_seat():
    """Two sides: the two chances add to one, and in four-player a seat and its partner
    deal alike; three players: the rotation by the dealer gives each seat its own."""
    five = small("five-card")
    for a, b in [(0, 0), (10, 40), (59, 3)]:
        c0 = five.chance([a, b], dealer=0)
        assert c0.sum() == pytest.approx(1.0)
        assert five.chance([b, a], dealer=1)[1] == pytest.approx(c0[0])
    assert list(five.chance([61, 30], dealer=1)) == [1.0, 0.0]
    four = small("four-player")
    assert list(four.chance([50, 70], dealer=0)) == list(four.chance([50, 70], dealer=2))
    three = small("three-player")
    for scores in [(0, 0, 0), (100, 20, 60), (5, 118, 90)]:
        a, b, c = scores
        p = three.chance([a, b, c], dealer=0)
        assert p.sum() == pytest.approx(1.0)
        assert three.chance([c, a, b], dealer=1) == pytest.approx([p[2], p[0], p[1]])


@pytest.mark.parametrize("variant", list(SMALL))
def test_the_kernel_reads_the_table_as_python_does(variant):
    table = small(variant)
    rules = table.rules
    rng = np.random.default_rng(0)
    for _ in range(40):
        scores = rng.integers(0, rules.target, rules.sides).astype(np.int64)
        dealer = int(rng.integers(rules.players))
        for me in range(rules.sides):
            assert _variant.position_chance(table.T, scores, dealer, rules.players,
                                            rules.sides, me) == pytest.approx(
                table.chance(scores, dealer)[me])


def slow_solve(target: int, sides: int, ev_side, ev_pts, n_ev) -> dict:
    """Every position's chances by plain recursion with a memo, straight from the rules:
    each deal's events in order, the game over the moment a side reaches the target, else
    the next position with the deal passed on (to the other side, or to the left)."""

    @functools.cache
    def chances(scores: tuple[int, ...]) -> tuple[float, ...]:  # scores from the dealer's
        acc = np.zeros(sides)
        for d in range(len(n_ev)):
            s = list(scores)
            for e in range(n_ev[d]):
                s[ev_side[d, e]] += ev_pts[d, e]
                if s[ev_side[d, e]] >= target:
                    acc[ev_side[d, e]] += 1
                    break
            else:
                nxt = chances(tuple(s[1:] + s[:1]))  # the next dealer first
                acc += np.array(nxt[-1:] + nxt[:-1])
        return tuple(acc / len(n_ev))

    return {(a, b, c): chances((a, b, c)[:sides]) for a in range(target)
            for b in range(target) for c in range(target if sides == 3 else 1)}


@pytest.mark.parametrize("variant, sides", [("five-card", 2), ("three-player", 3)])
def test_the_solver_is_a_slow_dynamic_programme(variant, sides):
    """Deals from the sampler solved by the kernel and by plain recursion, to a small
    target (so every kind of ending happens: a win by pegging, in the show, in the crib)."""
    from engine.rules import VARIANTS

    rules = VARIANTS[variant]
    n, target = 25, 21
    ev_side = np.zeros((n, K.MAX_EVENTS), dtype=np.int64)
    ev_pts = np.zeros((n, K.MAX_EVENTS), dtype=np.int64)
    n_ev = np.zeros(n, dtype=np.int64)
    K.sample_deals(n, 5, rules.players, rules.sides, rules.cards_dealt, rules.cards_to_crib,
                   rules.crib_from_deck, rules.one_count, ev_side, ev_pts, n_ev)
    assert (n_ev >= rules.players + 2).all()  # a go, every hand and the crib at least
    expected = slow_solve(target, sides, ev_side, ev_pts, n_ev)
    if sides == 2:
        T = np.zeros((target, target))
        K.solve_two(target, ev_side, ev_pts, n_ev, T)
        for (a, b, _), p in expected.items():
            assert T[a, b] == pytest.approx(p[0], abs=1e-12)
    else:
        T3 = np.zeros((target, target, target, 3))
        K.solve_three(target, ev_side, ev_pts, n_ev, T3)
        for (a, b, c), p in expected.items():
            assert T3[a, b, c] == pytest.approx(p, abs=1e-12)


def test_the_table_is_cached_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(V, "_LOADED", {})
    built = V.win_table("three-player", deals=30, seed=2)
    path = V.cache_path("three-player", 30, 2)
    assert path.is_file() and path.stat().st_size < 12_000_000
    monkeypatch.setattr(V, "_LOADED", {})
    monkeypatch.setattr(V, "build", lambda *a, **k: pytest.fail("rebuilt, not read"))
    read = V.win_table("three-player", deals=30, seed=2)
    assert np.abs(read.T - built.T).max() < 1e-4  # uint16 steps
    path.write_bytes(b"not a table")  # a damaged cache is rebuilt, not an error
    monkeypatch.setattr(V, "_LOADED", {})
    monkeypatch.undo()
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(V, "_LOADED", {})
    assert V.win_table("three-player", deals=30, seed=2).T.shape == (121, 121, 121, 3)
