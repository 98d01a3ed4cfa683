"""expert:roll's discard by playing deals out (``ai._rollout``): each kernel against the
rules written out slowly (the play both sides at their best by brute force, the show in
order with the engine's own scoring, the value table looked up by hand), and the whole
valuation against an exact enumeration of small scripted deals."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _rollout, make_player
from ai.tables import expert as expert_tables
from engine.analysis import SPLITS
from engine.cards import JACK, parse_cards, pip_value
from engine.pegging import peg_points
from engine.scoring import score_breakdown, score_hand
from tests.ai.test_expert import _discard_observation, reference_play

WIN = 121


@pytest.fixture(scope="module")
def tables():
    return expert_tables.load()


@pytest.fixture(scope="module")
def W(tables):
    return expert_tables.value_table(tables.W, "win")


def _work():
    """The play-out's work arrays."""
    from ai._expert import MAX_DEPTH, N_INTS, TT_SIZE
    from engine.deal import GAME_SIZE
    from engine.kernels import PLAY_STATE

    return (np.empty(GAME_SIZE, dtype=np.int64), np.empty(PLAY_STATE, dtype=np.int64),
            np.empty((MAX_DEPTH, PLAY_STATE), dtype=np.int64),
            np.empty((N_INTS, MAX_DEPTH), dtype=np.int64), np.empty((5, MAX_DEPTH)),
            np.empty(TT_SIZE), np.empty(TT_SIZE, dtype=np.int64), np.zeros(7, dtype=np.int64))


def slow_play_out(pone, dealer):
    """The play, the pone leading, each side at every choice playing the rank (the lowest
    of equals) whose rest of the play by brute force (``reference_play``) is best for it:
    the points (role, points) in the order pegged (role 0 the pone, 1 the dealer). Cards as
    rank * 4 suffice (suits do not matter in the play)."""
    hands = [sorted(pone), sorted(dealer)]
    seq, count, turn, last = [], 0, 0, -1
    pegged = []
    while hands[0] or hands[1]:
        fits = sorted({c for c in hands[turn] if count + pip_value(c) <= 31})
        if not fits:
            if any(count + pip_value(c) <= 31 for c in hands[1 - turn]):
                turn = 1 - turn  # a go: the other plays on
                continue
            pegged.append((last, 1))  # neither can play: the go to the last to play
            seq, count, turn = [], 0, 1 - last
            continue
        best, best_v = None, None
        for c in fits:
            rest = list(hands[turn])
            rest.remove(c)
            after = count + pip_value(c)
            new_seq, after = ((), 0) if after == 31 else (tuple(seq) + (c,), after)
            v = peg_points(seq + [c]) + reference_play(rest, hands[1 - turn], new_seq, after,
                                                       1, 0)
            if best_v is None or v > best_v:
                best, best_v = c, v
        hands[turn].remove(best)
        seq.append(best)
        count += pip_value(best)
        pts = peg_points(seq)
        if pts:
            pegged.append((turn, pts))
        last = turn
        turn = 1 - turn
        if count == 31:
            seq, count = [], 0
    if seq:
        pegged.append((last, 1))  # the last card
    return pegged


def _rank_hand(ranks):
    """Distinct cards of the given ranks."""
    used = [0] * 13
    out = []
    for r in ranks:
        out.append(r * 4 + used[r])
        used[r] += 1
    return out


four_ranks = st.lists(st.integers(0, 12), min_size=4, max_size=4)


@settings(max_examples=60, deadline=None)
@given(four_ranks, four_ranks)
def test_the_play_out_is_the_play_by_brute_force(a, b):
    """Both sides at their best, move by move: the same points in the same order as the
    rules searched by brute force at every choice."""
    if max(np.bincount(a + b, minlength=13)) > 4:
        return
    cards = _rank_hand(sorted(a) + sorted(b))
    pone, dealer = sorted(cards[:4]), sorted(cards[4:])
    state, child, saved, ints, floats, tt_val, tt_flag, ctx = _work()
    role, pts = np.zeros(16, dtype=np.int64), np.zeros(16, dtype=np.int64)
    W = np.zeros((3, 121, 121))
    n = _rollout.play_out(np.array(pone), np.array(dealer), role, pts, state, child, saved,
                          ints, floats, tt_val, tt_flag, ctx, W)
    got = list(zip(role[:n].tolist(), pts[:n].tolist(), strict=True))
    assert got == slow_play_out(pone, dealer)
    # and the net is the value of the whole play searched at once
    net = sum(p if r == 0 else -p for r, p in got)
    assert net == reference_play(pone, dealer, (), 0, 0, 1)


def slow_sensible_toss(six, dealer, crib_model):
    """The split with the best expected show by rank over the 46 starters the holder cannot
    see (fifteens, pairs and runs, from the engine's breakdown), plus or minus the toss
    model's crib; ties to the first split."""
    unseen = [c for c in range(52) if c not in six]
    best, best_v = None, None
    for keep, toss in SPLITS:
        kept = [six[i] for i in keep]
        e = sum(sum(item.points for item in score_breakdown(kept, s)
                    if item.kind not in ("flush", "nobs")) for s in unseen) / 46.0
        x, y = sorted(six[i] >> 2 for i in toss)
        crib = crib_model[dealer, x, y]
        v = e + (crib if dealer else -crib)
        if best_v is None or v > best_v:
            best, best_v = (keep, toss), v
    return [six[i] for i in best[0]], [six[i] for i in best[1]]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True), st.booleans())
def test_the_opponent_tosses_as_the_slow_count_says(tables, six, dealer):
    keep, toss = np.zeros(4, dtype=np.int64), np.zeros(2, dtype=np.int64)
    _rollout.sensible_toss(np.array(six, dtype=np.int64), int(dealer), tables.crib_model,
                           keep, toss)
    assert (keep.tolist(), toss.tolist()) == slow_sensible_toss(six, int(dealer),
                                                                tables.crib_model)


def test_the_opponent_sixes_are_the_unseen_cards_drawn_uniformly():
    six = np.array(sorted(parse_cards("5H 5C 5S JD 6D 7C")), dtype=np.int64)
    keys = np.random.default_rng(3).random((4000, 52))
    out = np.zeros((4000, 6), dtype=np.int64)
    _rollout.opponent_sixes(six, keys, out)
    assert all(len(set(row)) == 6 and not set(row) & set(six) for row in out.tolist())
    assert (np.diff(out, axis=1) > 0).all()  # sorted
    freq = np.bincount(out.ravel(), minlength=52)
    assert (freq[six] == 0).all()
    unseen = np.delete(freq, six)
    expected = 4000 * 6 / 46  # 521.7; a binomial's sd is about 21
    assert abs(unseen - expected).max() < 5 * np.sqrt(expected)
    again = np.zeros_like(out)
    _rollout.opponent_sixes(six, keys, again)
    assert (again == out).all()  # fixed keys, the same opponents


def slow_deal_value(d, me, opp, keep, toss, opp_keep, opp_toss, starter, W):
    """One complete deal for the player who deals when ``d`` = 1, by the rules written out:
    his heels, the play (both at their best), the show in order; W of the next deal, or the
    finished game's value the moment someone reaches 121."""
    dealer, pone = (me, opp) if d else (opp, me)
    mine_is = 1 if d else 0  # my role: 1 the dealer, 0 the pone

    def ended(winner_role, loser_score):
        won = W[2, 0, loser_score]
        return won if winner_role == mine_is else 1.0 - won

    scores = {0: pone, 1: dealer}
    if starter >> 2 == JACK:
        scores[1] += 2
        if scores[1] >= WIN:
            return ended(1, scores[0])
    pone_hand, dealer_hand = (opp_keep, keep) if d else (keep, opp_keep)
    for role, pts in slow_play_out(pone_hand, dealer_hand):
        scores[role] += pts
        if scores[role] >= WIN:
            return ended(role, scores[1 - role])
    for role, hand, is_crib in ((0, pone_hand, False), (1, dealer_hand, False),
                                (1, list(toss) + list(opp_toss), True)):
        scores[role] += score_hand(hand, starter, is_crib)
        if scores[role] >= WIN:
            return ended(role, scores[1 - role])
    if d:  # I dealt: next deal I am the pone
        return W[0, scores[1], scores[0]]
    return W[1, scores[0], scores[1]]


SCRIPTED = [  # my six, the opponent sixes it meets, I deal, my score, the opponent's
    ("5H 5C 5S JD 6D 7C", ["2C 3D 4H 9S KS QH", "AH AD 8C 8D TS JS"], 1, 60, 70),
    ("2C 3C 4C 9H TH KD", ["5H 5D 6S 7S 8C QC", "AS 2S 3S JH QD KH"], 0, 112, 115),
    ("AH 2H 3D 4D 5S 6S", ["7H 8H 9C TC JC QS", "5C 5D JH JD KC KS"], 1, 117, 100),
]


@pytest.mark.parametrize("six, opponents, d, me, opp", SCRIPTED)
def test_each_option_is_the_exact_enumeration_of_its_deals(W, tables, six, opponents, d, me,
                                                           opp):
    """Small scripted deals: given the opponent sixes, every option's value is the mean,
    over those sixes and every starter left, of the deal played out by the rules (near
    121 pegging out, his heels and the counting order decide); its pegging, crib and hand
    figures the means of what those deals scored."""
    six_c = sorted(parse_cards(six))
    opp_c = np.array([sorted(parse_cards(o)) for o in opponents], dtype=np.int64)
    keeps = np.array([[six_c[i] for i in k] for k, _ in SPLITS], dtype=np.int64)
    tosses = np.array([[six_c[i] for i in t] for _, t in SPLITS], dtype=np.int64)
    value, peg, crib, hand = (np.zeros(15) for _ in range(4))
    _rollout.rollout_values(np.array(six_c, dtype=np.int64), keeps, tosses, d, me, opp,
                            opp_c, tables.crib_model, W, value, peg, crib, hand)
    for o in range(15):
        total, cribs, hands, pegging = 0.0, 0, 0, 0
        for row in opp_c.tolist():
            opp_keep, opp_toss = slow_sensible_toss(row, 1 - d, tables.crib_model)
            pone, dealer = (opp_keep, keeps[o].tolist()) if d else (keeps[o].tolist(),
                                                                    opp_keep)
            played = slow_play_out(pone, dealer)
            pegging += sum(p if r == d else -p for r, p in played)
            starters = [c for c in range(52) if c not in six_c and c not in row]
            assert len(starters) == 40
            for s in starters:
                total += slow_deal_value(d, me, opp, keeps[o].tolist(), tosses[o].tolist(),
                                         opp_keep, opp_toss, s, W)
                cribs += score_hand(list(tosses[o]) + opp_toss, s, True)
                hands += score_hand(list(keeps[o]), s)
        n = len(opponents)
        assert value[o] == pytest.approx(total / (40 * n), abs=1e-12)
        assert crib[o] == pytest.approx(cribs / (40 * n), abs=1e-12)
        assert hand[o] == pytest.approx(hands / (40 * n), abs=1e-12)
        assert peg[o] == pytest.approx(pegging / n, abs=1e-12)


def test_expert_roll_keeps_the_option_its_deals_value_best(tables):
    """expert:roll's reasoning is the rollouts': every option's value is the kernel's over
    the opponent sixes of its fixed keys, the kept option has the best, and it counts the
    deals it played out."""
    player = make_player("expert:roll", seed=1)
    obs = _discard_observation(parse_cards("5H 5C 5S JD 6D 7C"), dealer=True,
                               scores=(100, 104))
    reasoning = player.discard(obs).reasoning
    six = np.array(sorted(obs.dealt), dtype=np.int64)
    opp = np.zeros((player.rollout_keys.shape[0], 6), dtype=np.int64)
    _rollout.opponent_sixes(six, player.rollout_keys, opp)
    keeps = np.array([o.keep for o in reasoning.options], dtype=np.int64)
    tosses = np.array([o.toss for o in reasoning.options], dtype=np.int64)
    value, peg, crib, hand = (np.zeros(15) for _ in range(4))
    _rollout.rollout_values(six, keeps, tosses, 1, 100, 104, opp, tables.crib_model,
                            player.values, value, peg, crib, hand)
    assert [o.win for o in reasoning.options] == value.tolist()
    assert [o.pegging for o in reasoning.options] == peg.tolist()
    assert reasoning.options[reasoning.chosen].win == value.max()
    assert reasoning.samples == opp.shape[0] * 40 == 128 * 40


def test_expert_roll_plays_the_same_games_compiled_and_refereed(monkeypatch):
    from ai.match import compiled

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")  # fitted: refereed only
    assert compiled.differences("expert:roll", "mueller", 4, [0, 1]) == []
