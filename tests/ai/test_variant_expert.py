"""The expert at the variants' tables: its figures checked against the engine, its rollouts
against the referee, and legal games in every variant."""

from __future__ import annotations

import numpy as np
import pytest

from ai import _variant
from ai.match.variant import play_variant_game
from ai.players.expert_variants import VariantExpertDiscard, VariantExpertPlay
from ai.registry import make_player
from engine.cards import PIPS
from engine.events import Scored
from engine.kernels import PLAY_STATE, play_begin
from engine.pegging import peg_points
from engine.rules import VARIANTS
from engine.scoring import score_hand
from engine.state import GameState, Phase


@pytest.fixture(autouse=True)
def small_win_tables(monkeypatch):
    """The expert's win tables from fewer deals (built in a second, not half a minute)."""
    from ai.tables import variant_win

    monkeypatch.setattr(variant_win, "DEALS", {"five-card": 400, "three-player": 40,
                                               "four-player": 200})


TABLES = {
    "five-card": ["expert", "heuristic"],
    "three-player": ["expert", "heuristic", "random"],
    "four-player": ["expert", "random", "expert", "random"],
}


def greedy_card(obs) -> int:
    """The rollout's policy, written plainly: the card that pegs most now, ties to the
    highest pip, then the highest card."""
    sequence = [c for _, c in obs.current]
    return max(obs.legal_cards, key=lambda c: (peg_points([*sequence, c]), PIPS[c], c))


@pytest.mark.parametrize("variant", list(TABLES))
def test_a_rollout_pegs_what_the_referee_pegs(variant):
    """The compiled rollout of a play from its start gives each side the pegging the
    referee gives when every seat plays the same greedy policy."""
    rules = VARIANTS[variant]
    sides = np.array([rules.side_of(s) for s in range(rules.players)], dtype=np.int64)
    for seed in range(15):
        game = GameState.new(seed, first_dealer=seed % rules.players, rules=rules)
        while game.phase is Phase.DISCARD:
            seat = game.current_player()
            game.apply(seat, game.legal_actions(seat)[seed % 3])
        if game.is_over or game.phase is not Phase.PLAY:
            continue
        start = len(game.events)
        hands = np.zeros((4, 4), dtype=np.int64)
        for seat in range(rules.players):
            hands[seat, :rules.kept] = game.hands[seat]
        state = np.zeros(PLAY_STATE, dtype=np.int64)
        play_begin(state, hands, game.dealer, rules.players, rules.kept, rules.one_count)
        deal = game.deal_number
        while game.phase is Phase.PLAY and game.deal_number == deal and not game.is_over:
            seat = game.current_player()
            obs = game.observation(seat)
            game.apply(seat, game.legal_actions(seat)[0] if not obs.legal_cards else
                       next(a for a in obs.legal_actions
                            if getattr(a, "card", None) == greedy_card(obs)))
        if game.is_over:
            continue
        pegged = np.zeros(4, dtype=np.int64)
        for event in game.events[start:]:
            if isinstance(event, Scored) and event.source == "pegging":
                pegged[rules.side_of(event.seat)] += event.points
            if isinstance(event, Scored) and event.source == "hand":
                break
        points = np.zeros(4, dtype=np.int64)
        _variant.rollout(state, sides, points)
        assert list(points) == list(pegged), (variant, seed)


@pytest.mark.parametrize("variant", list(TABLES))
def test_the_experts_figures_are_the_engines(variant):
    """Each toss's hand figure is the exact mean over the unseen starters; the chosen toss
    has the best value; the crib's sign says whose crib it is; a card's reasoning lists
    every legal card."""
    rules = VARIANTS[variant]
    expert = make_player("expert", 1)
    game = GameState.new(4, first_dealer=1, rules=rules)
    obs = game.observation(game.current_player())
    decision = expert.discard(obs)
    record = decision.reasoning
    assert isinstance(record, VariantExpertDiscard)
    assert len(record.options) == len(obs.legal_actions)
    unseen = [c for c in range(52) if c not in obs.dealt]
    for option in record.options[:3]:
        exact = np.mean([score_hand(list(option.keep), s) for s in unseen])
        assert option.hand == pytest.approx(exact)
        assert option.value == pytest.approx(option.hand + record.crib_sign * option.crib
                                             + option.pegging)
    assert record.chosen == max(range(len(record.options)),
                                key=lambda i: record.options[i].value)
    assert (record.crib_sign > 0) == (rules.side_of(1) == rules.side_of(obs.seat))
    players = [make_player(n, 2) for n in TABLES[variant]]
    game = play_variant_game(players, rules, 7, 0)  # every decision legal (decide checks)
    assert game.is_over


def test_the_experts_play_reasoning():
    rules = VARIANTS["three-player"]
    expert = make_player("expert", 3)
    game = GameState.new(11, first_dealer=2, rules=rules)
    rng = np.random.default_rng(0)
    seen = 0
    while not game.is_over and seen < 20:
        seat = game.current_player()
        obs = game.observation(seat)
        if seat == 0 and obs.phase is Phase.PLAY and len({c >> 2 for c in
                                                          obs.legal_cards}) > 1:
            decision = expert.play(obs)
            record = decision.reasoning
            assert isinstance(record, VariantExpertPlay)
            assert {c.card for c in record.candidates} == set(obs.legal_cards)
            assert decision.action.card == max(record.candidates, key=lambda c: c.value).card
            seen += 1
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.integers(len(actions))])
    assert seen >= 3


def minimax_by_referee(game: GameState, my_side: int, deal: int) -> float:
    """The rest of the play searched on the referee itself (clones, every legal action):
    this side's pegging less the other's, both playing their best. Slow and obvious."""
    if game.is_over or game.phase is not Phase.PLAY or game.deal_number != deal:
        return 0.0
    seat = game.current_player()
    values = []
    for action in game.legal_actions(seat):
        child = game.clone()
        before = len(child.events)
        child.apply(seat, action)
        gained = sum((1 if child.side_of(e.seat) == my_side else -1) * e.points
                     for e in child.events[before:]
                     if isinstance(e, Scored) and e.source == "pegging")
        values.append(gained + minimax_by_referee(child, my_side, deal))
    return max(values) if game.side_of(seat) == my_side else min(values)


@pytest.mark.parametrize("seed", range(6))
def test_the_search_is_minimax_over_the_referee(seed):
    """Five-card plays (two sides, all cards known) searched by the kernel and by the
    referee's own moves give the same net pegging."""
    rules = VARIANTS["five-card"]
    game = GameState.new(seed, first_dealer=seed % 2, rules=rules)
    for seat in (1 - seed % 2, seed % 2):
        game.apply(seat, game.legal_actions(seat)[seed])
    if game.is_over or game.phase is not Phase.PLAY:
        pytest.skip("the deal ended on the cut")
    hands = np.zeros((4, 4), dtype=np.int64)
    for s in range(2):
        hands[s, :3] = game.hands[s]
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    play_begin(state, hands, game.dealer, 2, 3, 1)
    sides = np.array([0, 1], dtype=np.int64)
    for my_side in (0, 1):
        expected = minimax_by_referee(game, my_side, game.deal_number)
        weights = np.array([1.0, -1.0, 0.0, 0.0]) if my_side == 0 else np.array(
            [-1.0, 1.0, 0.0, 0.0])
        assert _variant.search(state.copy(), sides, my_side, weights, 0.0) == expected


def test_a_point_of_the_leader_weighs_more_than_a_point_of_the_last():
    """Three players, the expert at 60 with one opponent at 100 and the other at 20: from
    the win table, a point of the leader costs it more than a point of the last, and near
    the end the reasoning gives each toss its chance of winning, the best one chosen."""
    from ai.players.expert_variants import _position

    rules = VARIANTS["three-player"]
    game = GameState.new(3, first_dealer=2, scores=(60, 100, 20), rules=rules)
    obs = game.observation(0)
    at = _position(obs)
    assert at.weights[0] == 1.0 and at.weights[1] < at.weights[2] <= 0.0
    assert at.end  # the leader is within reach of 121
    record = make_player("expert", 1).discard(obs).reasoning
    chances = [o.chance for o in record.options]
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert chances[record.chosen] == max(chances)
    assert record.weights == pytest.approx(tuple(at.weights[:3]))
    assert "to win" in record.summary()
    far = _position(GameState.new(3, first_dealer=2, rules=rules).observation(0))
    assert not far.end and far.weights[1] == pytest.approx(far.weights[2], abs=0.2)


@pytest.mark.parametrize("variant", list(TABLES))
def test_the_show_in_order_ends_the_game_or_reads_the_table(variant):
    """The end-game kernel against the rules written plainly: the hands counted from the
    dealer's left, then the crib, the first side to the target winning, else the table
    with the deal passed on."""
    from ai.tables.variant_win import win_table

    rules = VARIANTS[variant]
    table = win_table(rules)
    sides = np.array([rules.side_of(s) for s in range(rules.players)], dtype=np.int64)
    rng = np.random.default_rng(1)
    for trial in range(60):
        deck = rng.permutation(52)
        hands = np.zeros((4, 4), dtype=np.int64)
        for s in range(rules.players):
            hands[s, :rules.kept] = deck[4 * s:4 * s + rules.kept]
        crib = deck[20:24].astype(np.int64)
        starter = int(deck[30])
        dealer = trial % rules.players
        scores = rng.integers(rules.target - 30, rules.target, rules.sides).astype(np.int64)
        me = trial % rules.sides
        expected = None
        s = list(scores)
        for seat in [(dealer + r) % rules.players for r in range(1, rules.players + 1)]:
            s[rules.side_of(seat)] += score_hand(list(hands[seat, :rules.kept]), starter)
            if s[rules.side_of(seat)] >= rules.target:
                expected = float(rules.side_of(seat) == me)
                break
        if expected is None:
            s[rules.side_of(dealer)] += score_hand(list(crib), starter, is_crib=True)
            expected = (float(rules.side_of(dealer) == me) if s[rules.side_of(dealer)]
                        >= rules.target else
                        table.chance(s, (dealer + 1) % rules.players)[me])
        got = _variant.show_chance(hands, rules.kept, crib, starter, sides, rules.sides,
                                   scores.copy(), dealer, rules.players, me, table.T)
        assert got == pytest.approx(expected), (variant, trial)


@pytest.mark.parametrize("variant", list(TABLES))
def test_pegging_to_the_target_pegs_what_the_rollout_pegs(variant):
    """With the target out of reach the play to the target is the rollout's; with it in
    reach, the side returned is the first to get there."""
    rules = VARIANTS[variant]
    sides = np.array([rules.side_of(s) for s in range(rules.players)], dtype=np.int64)
    rng = np.random.default_rng(2)
    for trial in range(40):
        deck = rng.permutation(52)
        hands = np.zeros((4, 4), dtype=np.int64)
        for s in range(rules.players):
            hands[s, :rules.kept] = deck[4 * s:4 * s + rules.kept]
        state = np.zeros(PLAY_STATE, dtype=np.int64)
        play_begin(state, hands, trial % rules.players, rules.players, rules.kept,
                   rules.one_count)
        points = np.zeros(4, dtype=np.int64)
        _variant.rollout(state.copy(), sides, points)
        scores = np.zeros(rules.sides, dtype=np.int64)
        assert _variant.peg_to_target(state.copy(), sides, scores, 1000) == -1
        assert list(scores) == list(points[:rules.sides])
        if points.max() > 0:
            won = _variant.peg_to_target(state.copy(), sides,
                                         np.zeros(rules.sides, dtype=np.int64), 1)
            assert points[won] > 0


@pytest.mark.parametrize("variant", list(TABLES))
def test_near_the_end_the_expert_pegs_out_when_it_can(variant):
    """Two points from the target, with a card that pegs two or more: the expert plays
    one that does (the game is won), valued at a chance of one; every candidate's value is
    a chance."""
    rules = VARIANTS[variant]
    expert = make_player("expert", 5)
    checked = 0
    for seed in range(40):
        scores = tuple([rules.target - 2] + [rules.target - 25] * (rules.sides - 1))
        game = GameState.new(seed, first_dealer=seed % rules.players, scores=scores,
                             rules=rules)
        rng = np.random.default_rng(seed)
        while not game.is_over and game.phase in (Phase.DISCARD, Phase.PLAY):
            seat = game.current_player()
            obs = game.observation(seat)
            sequence = [c for _, c in obs.current]
            if (seat == 0 and obs.phase is Phase.PLAY and len({c >> 2 for c in
                                                               obs.legal_cards}) > 1 and
                    any(peg_points([*sequence, c]) >= 2 for c in obs.legal_cards)):
                decision = expert.play(obs)
                record = decision.reasoning
                assert isinstance(record, VariantExpertPlay) and record.end
                assert peg_points([*sequence, decision.action.card]) >= 2
                assert all(-0.01 <= c.value <= 1.01 for c in record.candidates)
                assert max(c.value for c in record.candidates) > 0.99
                checked += 1
                break
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.integers(len(actions))])
    assert checked >= 3
