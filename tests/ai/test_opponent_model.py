"""The opponent model (``ai.opponent``) and ``expert:fit``: its likelihoods against the rules
written out, and its fit on synthetic opponents whose habits are known."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _expert, make_player
from ai.base import Decision, Player, Reasoning
from ai.match import compiled
from ai.match.driver import game_events
from ai.opponent import (
    BETAS,
    DEFAULT_BETA,
    DEFAULT_TEMPERATURE,
    OpponentModel,
    keep_log_likelihood,
    kept_value,
    play_log_likelihood,
)
from ai.players.expert import ExpertPlay
from engine import PlayCard, Toss
from engine.cards import pip_value
from engine.events import seat_view
from engine.kernels import score5
from engine.pegging import peg_points

INF = float("inf")


# ---------------------------------------------------------------------------- likelihoods
def test_the_kept_value_is_the_expected_show_over_the_starters():
    """Over the 48 cards left, by the rules (suits chosen so no flush or nobs can count)."""
    ranks = [4, 4, 9, 10]  # 5 5 T J
    kept = [ranks[0] * 4 + 0, ranks[1] * 4 + 1, ranks[2] * 4 + 2, ranks[3] * 4 + 3]
    total = 0  # his nobs left out: the value is by rank
    for s in range(52):
        if s in kept:
            continue
        total += score5(*kept, s, False) - (1 if s & 3 == kept[3] & 3 else 0)
    assert kept_value(sorted(ranks)) == pytest.approx(total / 48)
    # and it is the value the expert's samples are weighed by
    out = np.zeros(1)
    _expert.keep_weights(np.array(sorted(ranks), dtype=np.int64), np.zeros((1, 0), np.int64),
                         1, 0.6, out)
    assert out[0] == pytest.approx(math.exp(0.6 * kept_value(sorted(ranks))))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=6, max_size=6), st.sampled_from(BETAS))
def test_the_keep_probabilities_add_up_to_one(six, beta):
    if max(np.bincount(six)) > 4:
        return
    kept_sets = {tuple(sorted(k)) for k in itertools.combinations(six, 4)}
    total = sum(math.exp(keep_log_likelihood(six, list(k), beta)) for k in kept_sets)
    assert total == pytest.approx(1.0)
    # one option (of the fifteen, equal ranks counted apart) is likelier the better it is
    options = [tuple(sorted(k)) for k in itertools.combinations(six, 4)]

    def per_option(k):
        return keep_log_likelihood(six, list(k), beta) - math.log(options.count(k))

    best, worst = max(kept_sets, key=kept_value), min(kept_sets, key=kept_value)
    if beta > 0 and kept_value(best) > kept_value(worst):
        assert per_option(best) > per_option(worst)


def reference_play_likelihood(played, by, seat, temperature):
    """The product over ``seat``'s plays of exp(points / T) / sum over the ranks it held
    that fit, the count followed by the rules (a card that does not fit starts a new one)."""
    held = [c for c, s in zip(played, by, strict=True) if s == seat]
    seq, count, p = [], 0, 1.0
    for c, s in zip(played, by, strict=True):
        if count + pip_value(c) > 31 or count == 31:
            seq, count = [], 0
        if s == seat:
            options = {}
            for h in held:
                if count + pip_value(h) <= 31:
                    options.setdefault(h >> 2, peg_points(seq + [h]))
            weight = {r: (1.0 if temperature == INF else math.exp(pts / temperature))
                      for r, pts in options.items()}
            p *= weight[c >> 2] / sum(weight.values())
            held.remove(c)
        seq.append(c)
        count += pip_value(c)
    return p


@pytest.mark.parametrize("seed", range(6))
def test_play_likelihoods_equal_the_rules_on_real_plays(seed):
    """Complete plays from real games (heuristic v random), each opponent seat and
    temperature: the model's likelihood equals the rules' product."""
    from engine.events import Dealt, Played

    plays, current = [], None
    for event in game_events((make_player("heuristic", seed), make_player("random", seed)),
                             seed=seed):
        if isinstance(event, Dealt):
            current = []
            plays.append(current)
        elif isinstance(event, Played):
            current.append((event.card, event.seat))
    complete = [p for p in plays if len(p) == 8]
    assert len(complete) >= 3
    for play in complete:
        cards, by = [c for c, _ in play], [s for _, s in play]
        for seat, t in itertools.product((0, 1), (0.5, 2.0, INF)):
            assert math.exp(play_log_likelihood(cards, by, seat, t)) == pytest.approx(
                reference_play_likelihood(cards, by, seat, t))


# ---------------------------------------------------------------------------- synthetic opponents
class Habits(Reasoning):
    pass


class SyntheticPlayer(Player):
    """An opponent with known habits: it keeps each option with probability proportional
    to exp(beta * kept value) and plays each rank that fits with probability
    proportional to exp(points / temperature)."""

    name = "synthetic"

    def __init__(self, seed, beta, temperature) -> None:
        super().__init__(seed)
        self.beta, self.temperature = beta, temperature

    def discard(self, obs):
        options = list(itertools.combinations(obs.dealt, 4))
        values = np.array([kept_value(sorted(c >> 2 for c in k)) for k in options])
        p = np.exp(self.beta * (values - values.max()))
        keep = options[self.rng.choice(len(options), p=p / p.sum())]
        return Decision(Toss(tuple(c for c in obs.dealt if c not in keep)), Habits())

    def play(self, obs):
        seq = [c for _, c in obs.current]
        legal = obs.legal_cards
        pts = np.array([peg_points(seq + [c]) for c in legal], dtype=float)
        p = np.ones(len(legal)) if self.temperature == INF else \
            np.exp((pts - pts.max()) / self.temperature)
        return Decision(PlayCard(legal[self.rng.choice(len(legal), p=p / p.sum())]),
                        Habits())


def fitted(beta, temperature, games=4, seed=0):
    """The model of seat 0 (heuristic) after ``games`` games against the synthetic
    opponent in seat 1."""
    model = OpponentModel(0)
    for g in range(games):
        players = (make_player("heuristic", seed + g), SyntheticPlayer(seed + g, beta,
                                                                       temperature))
        for event in game_events(players, seed=seed, index=g):
            if not hasattr(event, "type"):
                continue
            model.observe(seat_view(event, 0))
    return model


@pytest.mark.parametrize("beta,temperature,expect_beta,expect_t", [
    (0.0, INF, (0.0, 0.3), (INF,)),  # keeps and plays at random
    (2.5, 0.5, (1.5, 2.5), (0.5, 1.0)),  # keeps the best hand and pegs greedily
    (0.6, INF, (0.3, 0.6, 1.0), (INF, 4.0)),  # the default's habits
])
def test_the_model_recovers_the_habits_of_synthetic_opponents(beta, temperature,
                                                             expect_beta, expect_t):
    model = fitted(beta, temperature)
    assert model.keeps >= 20 and model.plays >= 20
    assert model.beta in expect_beta
    assert model.temperature in expect_t


def test_an_unknown_opponent_is_the_default():
    model = OpponentModel(1)
    assert (model.beta, model.temperature) == (DEFAULT_BETA, DEFAULT_TEMPERATURE)
    assert model.keeps == model.plays == 0


def test_a_keep_that_is_not_of_the_six_is_refused():
    with pytest.raises(ValueError, match="not four of"):
        keep_log_likelihood([0, 1, 2, 3, 4, 5], [6, 7, 8, 9], 1.0)


# ---------------------------------------------------------------------------- expert:fit
def test_expert_fit_learns_within_a_game_and_says_so():
    player = make_player("expert:fit", seed=1)
    assert player.fits_opponent and player.model is None
    events = list(game_events((player, SyntheticPlayer(2, 2.5, 0.5)), seed=3))
    assert max(events[-1].scores) == 121
    assert player.model is not None and player.model.keeps >= 3
    assert player.model.temperature < INF  # a greedy pegger
    # its reasoning names the model it weighed the samples by
    plays = [e.decision.reasoning for e in events
             if getattr(e, "seat", None) == 0 and hasattr(e, "decision")
             and isinstance(e.decision.reasoning, ExpertPlay) and e.decision.reasoning.samples]
    assert plays and all(r.model is not None for r in plays)
    assert any("pegging at temperature" in r.summary() for r in plays)
    # a new game starts from the default again
    player.new_game(0)
    assert (player.model.beta, player.model.temperature) == (DEFAULT_BETA,
                                                             DEFAULT_TEMPERATURE)


def test_expert_fit_is_played_by_the_referee_not_the_compiled_loop():
    assert not compiled.compiled((make_player("expert:fit"), make_player("random")))
    assert compiled.compiled((make_player("expert-2026-11"), make_player("random")))
