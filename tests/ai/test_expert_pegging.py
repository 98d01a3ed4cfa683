"""The new expert's pegging table (every play of every pair of rank hands) and how its
discard weighs it over the opponent's hands: against the rules by brute force and against a
slow count over the opponent's actual cards."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _expert, make_player
from ai.tables import expert_pegging
from ai.tables.files import TableFileError
from ai.tables.index import N_FOUR, hand_index
from ai.training import expert_build
from engine.roles import DEALER, PONE
from tests.ai.test_expert import reference_play


@pytest.fixture(scope="module")
def table():
    return expert_pegging.load()


@pytest.fixture(scope="module")
def hands():
    return expert_pegging.four_rank_hands()


def test_the_hands_are_numbered_as_the_index_numbers_them(hands):
    assert hands.shape == (N_FOUR, 4)
    assert [hand_index(h * 4) for h in hands] == list(range(N_FOUR))
    assert len({tuple(h) for h in hands}) == N_FOUR


def _cards(ranks_a, ranks_b):
    """Distinct cards of the given ranks (suits do not matter in the play)."""
    used = [0] * 13
    out = []
    for ranks in (ranks_a, ranks_b):
        cards = []
        for r in ranks:
            cards.append(int(r) * 4 + used[r])
            used[r] += 1
        out.append(cards)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, N_FOUR - 1), st.integers(0, N_FOUR - 1))
def test_every_play_equals_the_rules_by_brute_force(table, hands, a, b):
    """The shipped value of leading hand a against hand b is the whole play searched by the
    rules as written, both sides at their best."""
    if not expert_pegging.feasible(hands[[a, b]])[0, 1]:
        assert table.V[a, b] == expert_pegging.INFEASIBLE
        return
    mine, theirs = _cards(hands[a], hands[b])
    assert table.V[a, b] == reference_play(mine, theirs, (), 0, 0, 1)


def test_the_shipped_table_is_what_the_builder_computes(table):
    rows = expert_build._pegging_rows((900, 903))
    assert np.array_equal(rows, table.V[900:903].astype(np.int64))
    # four kings led into four fives: each king is answered with a fifteen (2), and each
    # count ends at 30 with the fives' go (1), then the last card (1): 6 to the fives
    kings, fives = hand_index(np.array([48, 49, 50, 51])), hand_index(np.array([16] * 4))
    assert table.V[kings, fives] == -6


def test_the_pone_nets_less_than_the_dealer_on_average(table, hands):
    """The dealer pegs more (it answers every lead and usually plays last)."""
    fits = table.V != expert_pegging.INFEASIBLE
    assert -2.0 < table.V[fits].mean() < -0.5
    # antisymmetry does not hold (leading is a disadvantage): a hand against itself loses
    same = np.array([table.V[i, i] for i in range(N_FOUR) if fits[i, i]])
    assert same.mean() < 0


def slow_option_pegging(dealt, keeps, dealer, table, hand_weight):
    """Every four cards the opponent can hold beside the six dealt, one by one."""
    rest = [c for c in range(52) if c not in dealt]
    combos = np.array(list(combinations(rest, 4)), dtype=np.int64)
    ranks = np.sort(combos >> 2, axis=1)
    from ai.tables.index import multiset_index

    index = np.array([multiset_index(r) for r in ranks])
    w = hand_weight[index]
    out = []
    for keep in keeps:
        k = hand_index(np.array(keep, dtype=np.int64))
        v = -table.V[index, k] if dealer else table.V[k, index]
        out.append(float((w * v).sum() / w.sum()))
    return out


@pytest.mark.parametrize("dealt, dealer", [
    ([0, 5, 17, 18, 40, 51], True), ([16, 17, 18, 36, 44, 48], False),
    ([1, 2, 3, 12, 25, 50], True)])
def test_each_option_is_weighed_over_every_hand_the_opponent_can_hold(table, dealt, dealer):
    expert = make_player("expert")
    keeps = [k for k in combinations(dealt, 4)]
    index = np.array([hand_index(np.array(k, dtype=np.int64)) for k in keeps])
    out = np.zeros(len(keeps))
    _expert.option_pegging(np.array(dealt, dtype=np.int64) >> 2, index, dealer, table.V,
                           table.hand_counts, expert.hand_weight, 1.0, out)
    expected = slow_option_pegging(dealt, keeps, dealer, table, expert.hand_weight)
    assert np.allclose(out, expected, rtol=0, atol=1e-9)
    scaled = np.zeros(len(keeps))
    _expert.option_pegging(np.array(dealt, dtype=np.int64) >> 2, index, dealer, table.V,
                           table.hand_counts, expert.hand_weight, 0.5, scaled)
    assert np.allclose(scaled, 0.5 * out)


def test_its_discard_reasoning_shows_the_tables_pegging():
    from engine import GameState, Phase

    expert = make_player("expert", seed=1)
    game = GameState.new(seed=3, first_dealer=0)
    assert game.phase is Phase.DISCARD
    obs = game.observation(0)
    decision = expert.discard(obs)
    options = decision.reasoning.options
    index = np.array([hand_index(np.array(sorted(o.keep), dtype=np.int64)) for o in options])
    out = np.zeros(len(options))
    # the opponent's hands weighed by the keep model of its role (issue 40)
    weight = expert.kernel_tables().keep_post[PONE if obs.is_dealer else DEALER]
    _expert.option_pegging(np.array(obs.dealt, dtype=np.int64) >> 2, index, obs.is_dealer,
                           expert.pegging.V, expert.pegging.hand_counts, weight,
                           expert.peg_scale, out)
    pegging = [float(v) for v in out]
    assert [o.pegging for o in options] == pegging
    assert len({round(p, 6) for p in pegging}) > 1  # the kept cards matter


def test_a_damaged_or_wrong_table_is_refused(tmp_path, table):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(TableFileError, match="bad.npz"):
        expert_pegging.load(bad)
    wrong = table.V.copy()
    fits = expert_pegging.feasible(expert_pegging.four_rank_hands())
    i, j = np.argwhere(~fits)[0]
    wrong[i, j] = 3
    expert_pegging.save(tmp_path / "wrong.npz", wrong, {})
    with pytest.raises(TableFileError, match="not a pegging table"):
        expert_pegging.load(tmp_path / "wrong.npz")
    with pytest.raises(TableFileError, match="no such file"):
        expert_pegging.load(tmp_path / "missing.npz")


# ---------------------------------------------------------------------------- reading plays
def _fresh(rank, seq):
    """A card of ``rank`` not already in ``seq`` (suits do not matter in the play)."""
    return next(rank * 4 + s for s in range(4) if rank * 4 + s not in seq)


def slow_likelihood(plays, me, remaining, temperature):
    """The model opponent's chance of the plays it made, had it held ``remaining`` (ranks)
    after them: the rules as written, count by count."""
    from engine.cards import pip_value
    from engine.pegging import peg_points

    p = 1.0
    seq: list[int] = []
    for t, (seat, card) in enumerate(plays):
        if sum(pip_value(c) for c in seq) == 31 or \
                sum(pip_value(c) for c in seq) + pip_value(card) > 31:
            seq = []
        if seat != me:
            held = {c >> 2 for s, c in plays[t:] if s != me} | set(remaining)
            count = sum(pip_value(c) for c in seq)
            fits = [r for r in held if count + pip_value(r * 4) <= 31]
            weight = {r: np.exp(peg_points(seq + [_fresh(r, seq)]) / temperature)
                      for r in fits}
            p *= weight[card >> 2] / sum(weight.values())
        seq.append(card)
    return p


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 7), st.sampled_from([0.5, 1.0, 3.0]))
def test_reading_the_opponents_plays_equals_the_rules(rnd, n_plays, temperature):
    """A random legal play of a deal, cut after ``n_plays`` cards: the likelihood of the
    opponent's plays for sampled remaining hands equals the slow count."""
    from engine import GameState, Phase
    from engine.actions import Toss

    game = GameState.new(seed=rnd.randrange(10**6), first_dealer=rnd.randrange(2))
    for seat in (0, 1):
        game.apply(seat, Toss(tuple(rnd.sample(list(game.observation(seat).hand), 2))))

    def mover():
        return next(s for s in (0, 1) if game.legal_actions(s))

    plays = 0
    while game.phase is Phase.PLAY and plays < n_plays:
        seat = mover()
        action = rnd.choice(list(game.legal_actions(seat)))  # a card, or the go
        game.apply(seat, action)
        plays += hasattr(action, "card")
    if game.phase is not Phase.PLAY or not game.observation(mover()).legal_cards:
        return
    me = mover()
    obs = game.observation(me)
    k = obs.opponent_cards_left
    pool = [c >> 2 for c in obs.unseen]
    samples = np.array([sorted(rnd.sample(pool, k)) for _ in range(6)], dtype=np.int64)
    samples = samples.reshape(6, k)
    played = np.array([c for _, c in obs.played], dtype=np.int64)
    by = np.array([s for s, _ in obs.played], dtype=np.int64)
    out = np.ones(6)
    _expert.play_likelihoods(played, by, played.shape[0], me, samples, k, temperature, out)
    for j in range(6):
        want = slow_likelihood(list(obs.played), me, list(samples[j]), temperature)
        assert out[j] == pytest.approx(want, rel=1e-12)


def test_a_passed_up_fifteen_makes_hands_with_a_five_unlikely():
    """The opponent answered a ten with a four (no points) instead of a fifteen: a hand
    that held a five then is far less likely than one that did not."""
    # I (seat 0) led a king; the opponent played a four
    played = np.array([48, 12], dtype=np.int64)
    by = np.array([0, 1], dtype=np.int64)
    samples = np.array([[4, 8, 9], [1, 8, 9]], dtype=np.int64)  # with a five, without
    out = np.ones(2)
    _expert.play_likelihoods(played, by, 2, 0, samples, 3, 1.0, out)
    assert out[1] == pytest.approx(1 / 4)  # four, two, nine, ten: none scores
    assert out[0] == pytest.approx(1 / (3 + np.exp(2)))  # the five: a fifteen
    assert out[0] < out[1] / 2


def test_the_train_command_rebuilds_rows_of_the_shipped_table_identically(tmp_path, capsys,
                                                                           table):
    """`cribbage train expert-pegging --check --rows` rebuilds rows with the command's own
    jobs (two worker processes) and compares them with the shipped table; one play changed
    in a copy is found. (The whole table, 3,274,375 plays, is `--check` without `--rows`:
    about 35 s on two cores, identical on 2026-11-26; the suite checks a slice.)"""
    from cribbage_gui.cli import main

    rows = ["--rows", "700:840"]  # two of the builder's jobs of 70 rows, one per worker
    assert main(["train", "expert-pegging", "--check", *rows, "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "rows 700:840 of the shipped table: identical to a rebuild" in out
    fits = int((table.V[700:840] != expert_pegging.INFEASIBLE).sum())
    assert f"{fits:,} plays" in out
    changed = table.V.copy()
    changed[777, 5] = changed[777, 5] + 1 if changed[777, 5] < 100 else 0
    copy = tmp_path / "changed.npz"
    expert_pegging.save(copy, changed, {})
    assert main(["train", "expert-pegging", "--check", str(copy), "--rows", "770:780",
                 "--workers", "1"]) == 1
    out = capsys.readouterr().out
    assert "1 play differs from a rebuild" in out and "hands 777 and 5" in out


def test_the_train_command_refuses_rows_without_check(tmp_path, capsys):
    from cribbage_gui.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["train", "expert-pegging", "--out", str(tmp_path / "x.npz"), "--rows", "0:10"])
    assert stop.value.code == 2 and "--rows goes with --check" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["train", "expert-pegging", "--check", "--rows", "10:5"])
    assert stop.value.code == 2 and "FIRST:LAST" in capsys.readouterr().err
