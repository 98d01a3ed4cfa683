import numpy as np
import pytest

from ai import make_player
from ai.players.evolved import EvolvedPlayer, simple_peg
from ai.tables import evolved
from ai.tables.files import TableFileError
from ai.tables.index import SPLITS, hand_index, multiset_index
from ai.tables.splits import split_tables
from ai.training import _evolve, evolve
from engine import GameState, analyze_discards
from engine.cards import parse_card, parse_cards
from tests.ai.helpers import play_observation
from tests.engine.reference import reference_score


def test_two_lowest_and_the_card_order():
    assert evolved.two_lowest(np.array([0.5, 0.2, 0.9, 0.1, 0.3, 0.8])) == (1, 3)
    values = evolve.initial_values(0)
    six = parse_cards("KH QC QS TD 5H 4C")
    toss, row, ordered = evolved.choose(values, six, my_crib=True)
    assert ordered == sorted(six)  # rank order, ties by suit
    a, b = evolved.two_lowest(row)
    assert set(toss) == {ordered[a], ordered[b]}


def test_split_results_match_the_rule_book():
    rng = np.random.default_rng(0)
    out = np.empty(15)
    for _ in range(30):
        cards = rng.choice(52, 10, replace=False)
        six, starter, o0, o1 = sorted(cards[:6]), cards[6], cards[7], cards[8]
        _evolve._split_results(np.array(six), starter, o0, o1, -1, out)
        for s, (a, b) in enumerate(SPLITS):
            keep = [c for i, c in enumerate(six) if i not in (a, b)]
            expected = reference_score(keep, starter) - reference_score(
                [six[a], six[b], o0, o1], starter, is_crib=True)
            assert out[s] == expected


def test_suitless_tables_are_the_rank_part_of_the_exact_analysis():
    """hand_mean: the rank-only score over the starters; crib: adding the closed-form
    flush and nobs terms gives analyze_discards' exact crib mean."""
    hand_mean, crib_rank = split_tables()
    rng = np.random.default_rng(1)
    from ai.tables import weights_kernels as _weights

    peg = np.zeros((1820, 2))
    for _ in range(40):
        six = sorted(int(c) for c in rng.choice(52, 6, replace=False))
        h = hand_index(np.array(six))
        unseen = [c for c in range(52) if c not in six]
        raw = np.empty((8, 15))
        keeps = np.empty((15, 4), dtype=np.int64)
        _weights.raw_strategy_values(np.array(six), True, crib_rank, peg, peg, peg, raw, keeps)
        options = {frozenset(o.toss): o for o in analyze_discards(six, True)}
        for s, (a, b) in enumerate(SPLITS):
            keep = [c for i, c in enumerate(six) if i not in (a, b)]
            rank_only = np.mean([_rank_only(keep, u) for u in unseen])
            assert hand_mean[h, s] == pytest.approx(rank_only)
            assert raw[4, s] == pytest.approx(options[frozenset((six[a], six[b]))].crib_mean)


def _rank_only(keep, starter):
    """The rule-book count without its flush and nobs points."""
    total = reference_score(keep, starter)
    suits = {c % 4 for c in keep}
    if len(suits) == 1:
        total -= 5 if starter % 4 in suits else 4
    return total - sum(1 for c in keep if c // 4 == 10 and c % 4 == starter % 4)


def test_threshold_training_learns(tmp_path):
    config = evolve.EvolveConfig(iterations=2_000_000, seed=2)  # (3,000,000 cost 10 s more)
    values, curve = evolve.train(config)
    assert len(curve) == 2 and curve[-1] > curve[0] + 0.1  # (5.77 then 5.97)


def test_expected_training_learns_and_resumes_identically():
    config = evolve.EvolveConfig(iterations=2_000_000, variant="expected", bounded=True,
                                 seed=3)
    before = evolve.evaluate(evolve.initial_values(3), 150)
    whole, _ = evolve.train(config)
    half, _ = evolve.train(evolve.EvolveConfig(**{**config.__dict__, "iterations": 1_000_000}))
    resumed, _ = evolve.train(config, values=half, done=1_000_000)
    assert np.array_equal(whole, resumed)
    after = evolve.evaluate(whole, 150)
    assert after["mean_net"] > before["mean_net"] + 1.0
    assert after["optimal_rate"] > before["optimal_rate"] + 0.2


def test_coevolution_runs_and_updates():
    values = evolve.initial_values(4)
    start = values.copy()
    evolve.train(evolve.EvolveConfig(iterations=200_000, variant="coevolve", seed=4),
                 values=values)
    assert not np.array_equal(values, start)


def test_table_files(tmp_path):
    path = tmp_path / "t.npz"
    values = evolve.initial_values(5)
    evolve.save(path, values, evolve.EvolveConfig(iterations=0), 0, 0.0)
    loaded, meta = evolved.load(path)
    assert np.allclose(loaded, values, atol=1e-6) and meta["kind"] == "evolved"
    with pytest.raises(TableFileError, match="missing.npz: no such file; give a table"):
        evolved.load(tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a zip at all")
    with pytest.raises(TableFileError, match="bad.npz: damaged or not a table"):
        evolved.load(tmp_path / "bad.npz")
    np.savez(tmp_path / "shape.npz", values=np.zeros((3, 3)))
    with pytest.raises(TableFileError, match="shape"):
        evolved.load(tmp_path / "shape.npz")
    with pytest.raises(TableFileError):
        make_player(f"evolved:{tmp_path / 'missing.npz'}")


def test_the_player_discards_by_its_values_and_says_so():
    player = make_player("evolved")
    game = GameState.new(6, first_dealer=0)
    obs = game.observation(0)
    decision = player.decide(obs)
    record = decision.reasoning
    assert len(record.values) == 6 and record.my_crib
    low = sorted(range(6), key=lambda i: (record.values[i], i))[:2]
    assert set(decision.action.cards) == {record.cards[i] for i in low}
    assert "throws the two lowest" in record.summary()


@pytest.mark.parametrize("hand,current,card,rule", [
    ("5C 9D KS", "QH", "5C", "makes fifteen"),
    ("9D 4C 4D", "", "4C", "lead from a pair"),
    ("9D KS 2C", "AD", "9D", "first playable card"),
    ("KS 9D", "TC TD 2S", "9D", "first playable card"),  # K would make 32
])
def test_simple_pegger(hand, current, card, rule):
    obs = play_observation(hand, current)
    assert simple_peg(obs) == (parse_card(card), rule)


def test_the_shipped_table_discards_well():
    values, meta = evolved.load()
    assert meta["config"]["variant"] == "expected"
    e = evolve.evaluate(values, 200, seed=99)
    assert e["optimal_rate"] > 0.8 and e["mean_net"] > e["best_net"] - 0.3
    assert isinstance(EvolvedPlayer(), EvolvedPlayer)
    assert multiset_index(np.array([0, 0, 0, 0, 1, 1])) >= 0
