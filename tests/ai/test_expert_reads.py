"""Issue 40's reading of the opponent's hand: the keep model by role (what it kept, from what
it must have thrown; ``ai.tables.keep_model``) against a count over actual cards, and the
crib given my six (``ai._expert.crib_given_six``) against an exact count over every
opponent throw and starter."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from ai import _expert
from ai.tables import expert as expert_tables
from ai.tables.index import KEEPS, multiset_index
from ai.tables.keep_model import keep_table
from ai.tables.splits import split_tables
from engine.roles import DEALER, PONE
from engine.scoring import score_batch

RANKS = "A23456789TJQK"


def ranks_of(text: str) -> np.ndarray:
    return np.array(sorted(RANKS.index(c) for c in text), dtype=np.int64)


def slow_keep_chance(four: str, role: int, beta: float, peg: float = 0.0,
                     pegging: np.ndarray | None = None) -> float:
    """The chance that a player in ``role`` kept four given cards of these ranks, over every
    pair of the other 48 cards it may have been dealt beside them: a softmax over the six's
    distinct keeps by their value (plus ``peg`` times the keep's pegging, ``pegging``)."""
    hand_mean, crib_mean = split_tables()
    sign = 1.0 if role == DEALER else -1.0
    kept = ranks_of(four)
    cards = []
    used = [0] * 13
    for r in kept:  # concrete cards of the ranks
        cards.append(4 * r + used[r])
        used[r] += 1
    rest = [c for c in range(52) if c not in cards]
    total = 0.0
    for a, b in combinations(rest, 2):
        six = np.sort(np.array([*kept, a >> 2, b >> 2]))
        h = multiset_index(six)
        values: dict[tuple, float] = {}
        for s in range(15):
            keep = tuple(six[KEEPS[s]])
            extra = peg * pegging[role, multiset_index(np.array(keep))] if peg else 0.0
            values.setdefault(keep, hand_mean[h, s] + sign * crib_mean[h, s] + extra)
        logits = beta * np.array(list(values.values()))
        p = np.exp(logits - logits.max())
        p /= p.sum()
        # which cards of a rank it kept is a matter of suits, all alike: these four cards
        # are one of the sets of the kept ranks in the six
        m, h = np.bincount(six, minlength=13), np.bincount(kept, minlength=13)
        sets = np.prod([comb(int(m[r]), int(h[r])) for r in range(13)])
        total += p[list(values).index(tuple(kept))] / sets
    return total


@pytest.mark.parametrize(("role", "peg"), [(PONE, 0.0), (DEALER, 0.0), (DEALER, 0.5)])
def test_the_keep_model_matches_a_count_over_every_pair_thrown(role, peg):
    from ai.tables.keep_model import pegging_by_role

    table = keep_table(2.0, peg)
    hands = ["55JK", "A29K", "2349", "TJQK", "5555", "3456", "7788"]
    pegging = pegging_by_role() if peg else None
    slow = {h: slow_keep_chance(h, role, 2.0, peg, pegging) for h in hands}
    fast = {h: table[role, multiset_index(ranks_of(h))] for h in hands}
    # the table is scaled to a largest of 1: compare every hand's ratio to the first
    for h in hands[1:]:
        assert fast[h] / fast[hands[0]] == pytest.approx(slow[h] / slow[hands[0]], rel=1e-9), h


def test_a_keeps_pegging_is_the_pegging_tables_mean_over_the_hands_against_it():
    """``pegging_by_role``: each opponent rank hand that fits beside the kept ranks, by its
    card combinations, the pegging table read from the keeper's side."""
    from ai.tables import expert_pegging
    from ai.tables.keep_model import pegging_by_role

    table = expert_pegging.load()
    fast = pegging_by_role()
    for text in ("5555", "A23K", "789T"):
        kept = np.bincount(ranks_of(text), minlength=13)
        k = multiset_index(ranks_of(text))
        sums = {PONE: 0.0, DEALER: 0.0}
        total = 0
        for b, theirs in enumerate(table.hand_counts):
            ways = int(np.prod([comb(4 - int(kept[r]), int(theirs[r])) for r in range(13)]))
            total += ways
            if ways:
                sums[PONE] += ways * int(table.V[k, b])  # the pone leads: V[pone's, dealer's]
                sums[DEALER] -= ways * int(table.V[b, k])
        for role in (PONE, DEALER):
            assert fast[role, k] == pytest.approx(sums[role] / total, abs=1e-9), (text, role)
    assert fast[PONE].mean() < 0 < fast[DEALER].mean()  # the dealer pegs more, on average


def test_the_keep_model_reads_the_role():
    """A pone keeps four good cards for itself; a dealer with 2-3-5-6 throws the five to its
    own crib more often than a pone would keep it... the roles differ where the crib does."""
    table = keep_table(2.0)

    def w(role, text):
        return table[role, multiset_index(ranks_of(text))]

    assert w(PONE, "55JK") > 20 * w(PONE, "A29K")  # good hands are kept, rubbish is not
    assert w(DEALER, "55JK") > 20 * w(DEALER, "A29K")
    # a pone keeps 3-4-5-6 (it would give the dealer the five otherwise); a dealer throws
    # 5-6 to its own crib more often
    assert w(PONE, "3456") / w(PONE, "55JK") > w(DEALER, "3456") / w(DEALER, "55JK")
    assert table.shape == (2, 1820) and table.max() == 1.0 and table.min() > 0.0


def exact_crib(six: list[int], toss: tuple[int, int], role: int, q: np.ndarray) -> float:
    """The crib's exact expected count (every rule: flushes and nobs too) when ``role``
    holds the cards ``six`` and throws ``toss``: every pair of the other 46 cards the
    opponent may throw, weighted as the toss model weighs its ranks (over the cards of
    those ranks there are), and every starter of the 44 left."""
    opp = q[1 - role]
    rest = [c for c in range(52) if c not in six]
    total = weight = 0.0
    for a, b in combinations(rest, 2):
        ra, rb = sorted((a >> 2, b >> 2))
        w = opp[ra, rb] / (6.0 if ra == rb else 16.0)
        if w == 0.0:
            continue
        starters = np.array([c for c in rest if c not in (a, b)], dtype=np.int64)
        hands = np.tile(np.array([toss[0], toss[1], a, b], dtype=np.int64), (44, 1))
        total += w * score_batch(hands, starters, is_crib=True).mean()
        weight += w
    return total / weight


@pytest.mark.parametrize("six,toss,role", [
    ([16, 17, 36, 40, 44, 48], (16, 17), DEALER),  # 5-5 thrown to my crib, tens kept
    ([16, 17, 36, 40, 44, 48], (16, 17), PONE),
    ([0, 4, 8, 12, 20, 24], (0, 4), PONE),  # A-2 thrown, 3-4-6-7 kept
    ([18, 23, 29, 33, 41, 51], (29, 33), DEALER),  # 8-9 thrown, 5-6-J-K kept
])
def test_the_crib_given_my_six_is_the_exact_crib_within_the_suit_terms(six, toss, role):
    """The kernel counts fifteens, pairs and runs exactly over the cards left beside my six,
    and his nobs at the usual 12 in 46; the exact count's flushes and nobs by suit differ
    by a few hundredths. The crib by the two thrown alone (the model without my six)
    errs more where my four kept cards change what the crib can draw."""
    q = expert_tables.load().toss_q
    crib_model = expert_tables.load().crib_model
    exact = exact_crib(six, toss, role, q)
    ranks = np.array(sorted(c >> 2 for c in six), dtype=np.int64)
    x, y = sorted((toss[0] >> 2, toss[1] >> 2))
    given = _expert.crib_given_six(ranks, x, y, q[1 - role])
    assert given == pytest.approx(exact, abs=0.06)
    plain = crib_model[role, x, y]
    assert abs(given - exact) <= abs(plain - exact) + 0.02


def test_deal_samples_from_compiled_games_are_the_refereed_games_deals():
    """``cribbage train expert --players`` plays compiled games and replays them through the
    referee for their events: the same deals, scores in the same order, as refereeing."""
    from ai import make_player
    from ai.match.driver import game_events
    from ai.training.expert_build import _game_events
    from engine.events import Dealt, Scored

    for names in (("mueller", "mueller"), ("expert", "heuristic")):
        for index in (0, 1):
            fast = [e for e in _game_events(tuple(make_player(n) for n in names), 3, index)
                    if isinstance(e, Dealt | Scored)]
            slow = [e for e in game_events(tuple(make_player(n) for n in names), 3, index)
                    if isinstance(e, Dealt | Scored)]
            assert fast == slow and len(fast) > 20


def test_the_keep_model_is_cached_and_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    from ai.tables import keep_model

    monkeypatch.setattr(keep_model, "cache_path", lambda beta, peg: tmp_path / f"k{beta:g}.npz")
    monkeypatch.setattr(keep_model, "_CACHE", {})
    built = keep_model.keep_table(3.0)
    assert (tmp_path / "k3.npz").is_file()
    monkeypatch.setattr(keep_model, "_CACHE", {})
    assert np.array_equal(keep_model.keep_table(3.0), built)  # from the cache
    for damage in (b"not a table", b""):
        (tmp_path / "k3.npz").write_bytes(damage)
        monkeypatch.setattr(keep_model, "_CACHE", {})
        assert np.array_equal(keep_model.keep_table(3.0), built)
    np.savez(tmp_path / "k3.npz", keep=built * 2)  # the wrong range: rebuilt
    monkeypatch.setattr(keep_model, "_CACHE", {})
    assert np.array_equal(keep_model.keep_table(3.0), built)


def test_a_part_can_be_switched_for_measuring_and_the_kept_expert_never_moves(monkeypatch):
    from ai import make_player
    from ai.players.expert import END_GAME, KEEP_MODEL_BETA, PEG_SCALE, PLAY_TEMPERATURE
    from engine.errors import CribbageError

    plain = make_player("expert")
    assert plain.keep_model_beta == KEEP_MODEL_BETA and plain.end_game == END_GAME
    assert plain.kernel_tables().keep_post.shape == (2, 1820)
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS",
                       "keep=off crib=on end=90 peg=0.75 temp=2 fuse=2 goes=off resample=4")
    changed = make_player("expert")
    assert changed.kernel_tables().version[5:].tolist() == [2.0, 0.0, 4.0]
    assert plain.kernel_tables().version[5:].tolist() == [1.0, 1.0, 0.0]
    assert changed.keep_model_beta is None and changed.crib_given_six
    assert changed.end_game == 90.0 and changed.kernel_tables().version[4] == 90.0
    assert changed.kernel_tables().keep_post.shape == (1, 1)
    assert changed.peg_scale == 0.75 and changed.kernel_tables().version[1] == 0.75
    assert changed.kernel_tables().version[2] == 2.0 and changed.kernel_tables().version[5]
    assert changed.kernel_tables().toss_q.shape == (2, 13, 13)
    kept = make_player("expert-2026-11")  # the bar: every part as it was that day
    assert kept.keep_model_beta is None and not kept.crib_given_six
    assert kept.end_game == END_GAME and kept.kernel_tables().toss_q.shape == (1, 1, 1)
    assert kept.peg_scale == PEG_SCALE and kept.play_temperature == PLAY_TEMPERATURE
    assert not kept.fused and kept.kernel_tables().version[5:].tolist() == [0.0, 0.0, 0.0]
    # the keep model, then the chances of the leads and of the answers (1: not read)
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "lead=4")
    leads = make_player("expert").kernel_tables().keep_post
    assert leads.shape == (58, 1820) and np.array_equal(leads[:2], plain.kernel_tables(
        ).keep_post)
    assert np.all(leads[6:] == 1.0) and not np.all(leads[2:6] == 1.0)
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reply=2")
    replies = make_player("expert").kernel_tables().keep_post
    assert np.all(replies[2:6] == 1.0) and not np.all(replies[6:] == 1.0)
    assert kept.kernel_tables().keep_post.shape == (1, 1)
    for bad in ("keep=x", "keep=0", "end=inf", "crib=yes", "peg=-1", "fuse=1", "deep",
                "goes=maybe", "resample=x", "resample=1e9", "resample=-1", "lead=-1",
                "lead=x", "lead=100", "reply=-2", "reply=on", "reads=on", "reads=2"):
        monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", bad)
        with pytest.raises(CribbageError, match="CRIBBAGE_EXPERT_PARTS"):
            make_player("expert")


def test_reading_the_plays_multiplies_the_keep_models_weights():
    """With a play temperature the keep model's weight of each sampled hand is multiplied by
    how likely the opponent's plays so far were with it; at 0 it is the keep model's
    alone."""
    from ai import _decide
    from ai.tables.index import multiset_index as index

    rng = np.random.default_rng(40)
    keep_post = rng.random((2, 1820)) + 0.1
    played = np.array([4 * 4, 12 * 4 + 1], dtype=np.int64)  # I led a five, it played a king
    played_by = np.array([0, 1], dtype=np.int64)
    pool = np.array([c for c in range(52) if c not in (16, 49)], dtype=np.int64)
    cards = np.array([np.sort(rng.choice(pool, 3, replace=False)) for _ in range(64)])
    plain = np.zeros(64)
    _decide.keep_model_weights(0, False, played, played_by, 2, cards, keep_post, 0.0, plain)
    row = keep_post[DEALER]  # I am pone: the opponent deals
    expected = [row[index(np.sort(np.append(hand >> 2, 12)))] for hand in cards]
    assert np.allclose(plain, expected)
    read = np.zeros(64)
    _decide.keep_model_weights(0, False, played, played_by, 2, cards, keep_post, 1.5, read)
    likelihood = np.ones(64)
    _expert.play_likelihoods(played, played_by, 2, 0, cards >> 2, 3, 1.5, likelihood)
    assert np.allclose(read, plain * likelihood)
    # a ten would have made fifteen as well: the king was one of two such choices
    tens = [j for j, hand in enumerate(cards) if any(hand >> 2 == 9)]
    assert np.all(likelihood[tens] < likelihood.max())


def _passes_in_random_games(games: int):
    """Every play decision of random games (seeded): (the observation, the opponent's cards
    in hand, the most room it could not play into this deal as the referee saw it: its
    goes, and the counts that closed while it held cards; -1: none)."""
    import random

    from engine import GO, GameState, Phase
    from engine.cards import PIPS

    rng = random.Random(40)
    for g in range(games):
        game = GameState.new(g, first_dealer=g % 2)
        deal, went = -1, [-1, -1]  # each seat's most room said go to, this deal
        while not game.is_over:
            seat = game.current_player()
            obs = game.observation(seat)
            if obs.deal != deal:
                deal, went = obs.deal, [-1, -1]
            legal = game.legal_actions(seat)
            if obs.phase is Phase.PLAY and legal != (GO,) and game.hands[1 - seat]:
                yield obs, tuple(game.hands[1 - seat]), went[1 - seat]
            action = rng.choice(legal)
            after = obs.count + (PIPS[action.card] if action != GO and obs.phase is Phase.PLAY
                                 else 0)
            if action == GO:
                went[seat] = max(went[seat], 31 - obs.count)
            game.apply(seat, action)
            if game.phase is Phase.PLAY and game.observation(0).count == 0 and 0 < after < 31:
                for s in (0, 1):  # the count closed: no one holding cards could play
                    if game.hands[s]:
                        went[s] = max(went[s], 31 - after)


def test_the_counts_the_opponent_passed_are_read_from_the_play_as_the_referee_saw_them():
    """``their_room``, from the cards played alone, is the most room the opponent could not
    play into this deal as the referee saw it, and never rules out the cards it holds; the
    sampler then draws only cards that do not fit it."""
    from ai import _decide
    from engine.cards import PIPS

    seen = ruled_out = 0
    for obs, theirs, went in _passes_in_random_games(60):
        state, _ = _decide.play_state(obs)
        six, _, starter, played, played_by, n_played = _decide.deal_seen(obs)
        room = _decide.their_room(state, obs.seat, played, played_by, n_played)
        assert room == went, (obs.played, obs.count)
        assert all(PIPS[c] > room for c in theirs)
        if room >= 0:
            seen += 1
            version = np.array([1.0, 0.5, 0.0, 0.0, 0.0, 1.0, 1.0])
            cards, _ = _decide.opponent_sample(state, obs.seat, np.random.default_rng(1),
                                               six, starter, played, played_by, n_played,
                                               64, version)
            assert all(PIPS[c] > room for c in cards.ravel())
            version[6] = 0.0  # before: only a go in this count
            cards, _ = _decide.opponent_sample(state, obs.seat, np.random.default_rng(1),
                                               six, starter, played, played_by, n_played,
                                               64, version)
            ruled_out += any(PIPS[c] <= room for c in cards.ravel())
    assert seen > 50 and ruled_out > 10  # (it happens, and it said more than before)


def test_resampled_opponent_hands_follow_the_weights():
    """``resample=F``: F times the hands drawn and weighed, then as many as the play
    searches drawn again by weight, weights equal; a hand's share is then its weight's
    (here the mean rank total, against the weighted mean of a large draw), and without it
    the draw is what it was."""
    from ai import _decide
    from tests.ai.helpers import play_observation

    obs = play_observation("4C 4D KS 9H", current="5S", scores=(10, 20))
    player = make_expert()
    state, _ = _decide.play_state(obs)
    six, _, starter, played, played_by, n_played = _decide.deal_seen(obs)
    keep_post = player._keep_post()
    version = player._version()

    def draw(samples, factor, seed):
        version[7] = factor
        return _decide.weighed_sample(state, obs.seat, np.random.default_rng(seed), False,
                                      six, starter, played, played_by, n_played, samples,
                                      version, keep_post)

    big, weights = draw(40_000, 0, 1)
    truth = float(((big >> 2).sum(axis=1) * weights).sum() / weights.sum())
    cards, even = draw(4_000, 8, 2)
    assert cards.shape == (4_000, big.shape[1]) and np.all(even == 1.0)
    assert float((cards >> 2).sum(axis=1).mean()) == pytest.approx(truth, abs=0.15)
    plain = np.std(weights) / np.mean(weights)
    assert plain > 0.3  # (the weights are uneven: resampling has something to do)
    again, w = draw(4_000, 0, 2)
    assert again.shape == (4_000, big.shape[1]) and not np.all(w == 1.0)


def make_expert():
    from ai import make_player

    return make_player("expert", seed=1)
