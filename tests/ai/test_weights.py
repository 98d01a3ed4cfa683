import hashlib
import json

import numpy as np
import pytest

from ai import make_player
from ai.match.jobs import Backend
from ai.players.weights import greedy_play
from ai.tables import weights as table
from ai.tables import weights_kernels
from ai.tables.files import TableFileError
from ai.tables.index import N_FOUR, SPLITS, hand_index
from ai.training import _weights as K
from ai.training import weights as model
from cribbage_gui.cli import main
from engine import GameState, PlayCard, analyze_discards, peg_points
from engine.cards import PIPS
from engine.errors import UsageError
from engine.roles import DEALER, PONE, role_of
from engine.state import GO, Phase, stacked_deck

PEG = table.load_pegging_stats()
MATRIX = table.Matrix(PEG)


def reference_raw(six, my_crib):
    """The 8 statistics per split, from the exact analysis and the pegging tables."""
    mean, median, given = PEG.tables()
    role = role_of(my_crib)
    options = {frozenset(o.toss): o for o in analyze_discards(six, my_crib)}
    raw = np.empty((8, 15))
    for s, (a, b) in enumerate(SPLITS):
        o = options[frozenset((six[a], six[b]))]
        h = hand_index(np.array(sorted(o.keep)))
        raw[:, s] = [o.hand_min, o.hand_mean, o.hand_median, o.hand_max, o.crib_mean,
                     mean[h, role], median[h, role], given[h, role]]
    return raw


@pytest.mark.parametrize("seed", range(12))
def test_strategy_matrix_against_the_exact_analysis(seed):
    rng = np.random.default_rng(seed)
    six = sorted(int(c) for c in rng.choice(52, 6, replace=False))
    my_crib = bool(seed % 2)
    S, raw, keeps, ordered = MATRIX(six, my_crib)
    assert ordered == six
    assert np.allclose(raw, reference_raw(six, my_crib))
    assert S.min() >= 0 and S.max() <= 1
    for i in range(8):
        lo, hi = raw[i].min(), raw[i].max()
        if hi > lo:
            best = np.argmin(raw[i]) if i in (4, 7) else np.argmax(raw[i])
            assert S[i, best] == 1.0


def reference_greedy(hand, current, count):
    legal = [c for c in hand if count + PIPS[c] <= 31]
    return max(legal, key=lambda c: (peg_points(current + [c]), PIPS[c], c >> 2))


@pytest.mark.parametrize("seed", range(40))
def test_greedy_pegger_against_a_reference(seed):
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.choice(52, 8, replace=False)]
    hand, current = cards[:4], []
    count = 0
    for c in cards[4:4 + seed % 4]:
        if count + PIPS[c] <= 31:
            current.append(c)
            count += PIPS[c]
    seq = np.zeros(len(current) + 1, dtype=np.int64)
    seq[:-1] = current
    k = weights_kernels.greedy_card(np.array(hand), 4, seq, len(current), count)
    assert hand[k] == reference_greedy(hand, current, count)


@pytest.mark.parametrize("seed", range(60))
def test_the_compiled_play_equals_the_referee_with_greedy_players(seed):
    rng = np.random.default_rng(seed)
    deck = [int(c) for c in rng.permutation(52)]
    game = GameState.new(1, first_dealer=0, decks=[stacked_deck(deck[0:6], deck[6:12],
                                                                 deck[12])])
    game.toss(1, deck[4:6])
    game.toss(0, deck[10:12])
    if game.phase is not Phase.PLAY:
        return  # his heels ended the game
    hands = np.array([deck[6:10], deck[0:4]])
    scores, gained = np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)
    K.play_phase(hands, 0, scores, gained)
    while game.phase is Phase.PLAY:
        seat = game.to_play
        obs = game.observation(seat)
        action = PlayCard(greedy_play(obs)[0]) if obs.legal_cards else GO
        game.apply(seat, action)
    pegged = [sum(e.points for e in game.events if getattr(e, "source", "") == "pegging"
                  and e.seat == s) for s in (0, 1)]
    assert pegged == list(gained)


def test_pegging_statistics():
    stats = model.build_pegging_stats(20, 5)
    assert (stats.gained.sum(axis=-1) == 20).all() and (stats.given.sum(axis=-1) == 20).all()
    again = model.build_pegging_stats(20, 5)
    assert np.array_equal(stats.gained, again.gained)
    assert not np.array_equal(stats.gained, model.build_pegging_stats(20, 6).gained)
    mean, median, given = PEG.tables()
    assert mean[:, DEALER].mean() > mean[:, PONE].mean()  # the dealer pegs more
    assert np.allclose(mean[:, DEALER].mean(), given[:, PONE].mean(), atol=0.05)


def _digest(stats) -> str:
    return hashlib.sha256(stats.gained.tobytes() + stats.given.tobytes()).hexdigest()


def test_the_sequential_stream_is_the_one_the_shipped_statistics_came_from():
    """Pinned before the plays of one hand moved into their own kernel (``play_hand``,
    shared with the per-hand stream): the same draws in the same order, so the same table
    (``--stream sequential --sims 4000 --seed 0`` rebuilds the shipped file exactly)."""
    stats = model.build_pegging_stats(20, 5, "sequential")
    assert _digest(stats) == "ebc29d0ef06665d60d8ff4dacd90ddb8bbca3d007fd98326a59a4112530dbd5d"
    assert "--stream sequential" in table.PEGGING_REBUILD


def test_per_hand_rows_do_not_depend_on_how_the_hands_are_split():
    whole = model.build_pegging_stats(30, 9)
    for first, last in ((0, 1), (17, 52), (1800, 1820)):
        gained, given = model.pegging_rows((30, 9, first, last))
        assert np.array_equal(gained, whole.gained[first:last])
        assert np.array_equal(given, whole.given[first:last])
    seeds = model.stream_seeds(9, 0, N_FOUR)
    assert len(np.unique(seeds)) == seeds.size  # a stream of its own per hand and role
    assert np.array_equal(model.stream_seeds(9, 17, 52), seeds[17:52])


def test_per_hand_statistics_are_the_same_on_two_workers():
    one = model.build_pegging_stats(10, 2, workers=1)
    done = []
    two = model.build_pegging_stats(10, 2, workers=2, progress=done.append)
    assert _digest(one) == _digest(two)
    assert sum(done) == N_FOUR and len(done) == -(-N_FOUR // model.PEGGING_HANDS)


def test_per_hand_statistics_agree_with_the_shipped_ones():
    """A different random stream, the same quantity: 300 plays a hand against the shipped
    4,000 sequential ones (the mean gained has a standard deviation of about 0.1 per
    hand at 300 plays)."""
    mean, _, given = model.build_pegging_stats(300, 11).tables()
    ref_mean, _, ref_given = PEG.tables()
    for ours, ref in ((mean, ref_mean), (given, ref_given)):
        assert abs(ours.mean() - ref.mean()) < 0.02
        assert np.abs(ours - ref).mean() < 0.12
        assert np.corrcoef(ours.ravel(), ref.ravel())[0, 1] > 0.95


def test_pegging_statistics_refuse_bad_requests():
    with pytest.raises(UsageError, match="one random stream .* one process"):
        model.build_pegging_stats(10, 0, "sequential", workers=2)
    with pytest.raises(UsageError, match="one process"):
        model.build_pegging_stats(10, 0, "sequential", backend=Backend("ray"))
    with pytest.raises(UsageError, match="--sims"):
        model.build_pegging_stats(0, 0)
    with pytest.raises(UsageError, match="--seed"):
        model.build_pegging_stats(10, -1)
    with pytest.raises(UsageError, match="unknown stream"):
        model.build_pegging_stats(10, 0, "shuffled")


def test_train_pegging_stats_writes_a_table_the_players_load(tmp_path, capsys):
    out = tmp_path / "peg.npz"
    assert main(["train", "pegging-stats", "--sims", "8", "--seed", "4", "--workers", "1",
                 "--out", str(out)]) == 0
    assert "8 plays per kept hand and role" in capsys.readouterr().out
    loaded = table.load_pegging_stats(out)
    assert _digest(loaded) == _digest(model.build_pegging_stats(8, 4))
    meta = json.loads(out.with_suffix(".json").read_text())
    assert (meta["sims"], meta["seed"], meta["stream"]) == (8, 4, "per-hand")
    mean, _, _ = loaded.tables()
    assert mean[:, DEALER].mean() > mean[:, PONE].mean()
    assert table.Matrix(loaded).pegging is loaded


def test_a_stopped_pegging_stats_build_writes_nothing(tmp_path, monkeypatch, capsys):
    """Ctrl-C part way: the chunks finished are not a table; nothing is written and the
    exit status is 130, as for a stopped match."""
    real = model.pegging_rows
    calls = []

    def interrupted(job):
        calls.append(job)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(model, "pegging_rows", interrupted)
    out = tmp_path / "peg.npz"
    with pytest.raises(SystemExit) as exc:
        main(["train", "pegging-stats", "--sims", "5", "--workers", "1", "--out", str(out)])
    assert exc.value.code == 130
    assert "stopped early: 2 of 52 chunks finished; nothing was written" in \
        capsys.readouterr().err
    assert not out.exists() and not out.with_suffix(".json").exists()


def _path(S_col, chosen=0):
    S = np.zeros((1, 8, 15))
    S[0, :, chosen] = S_col
    return S


def test_thesis_update_moves_the_responsible_weights():
    fp, _ = model.TrainConfig(rule="thesis", scale=0.5, decay=0.1).kernel_params()
    for spread, direction in ((40, 1), (-40, -1)):
        W = model.pure_weights("hand_max_avg", 0.3)
        before = W[1, 50, 60].copy()
        S = _path(np.array([0, 1.0, 0.4, 0, 0, 0, 0, 0]))
        K._update_thesis(W, np.array([[1, 50, 60]]), S, np.array([0]), 1, spread, fp)
        after = W[1, 50, 60]
        assert np.sign(after[1] - before[1]) == direction
        assert after.sum() == pytest.approx(1.0) and (after > 0).all()
        assert np.array_equal(W[0], model.pure_weights("hand_max_avg", 0.3)[0])  # untouched


def test_thesis_cap_limits_a_weight():
    fp, _ = model.TrainConfig(rule="thesis", scale=2.0, cap=0.5).kernel_params()
    W = model.pure_weights("hand_max_min", 0.45)
    S = _path(np.array([1.0, 0, 0, 0, 0, 0, 0, 0]))
    for _ in range(20):
        K._update_thesis(W, np.array([[0, 10, 10]]), S, np.array([0]), 1, 121, fp)
    assert W[0, 10, 10, 0] < 0.51 + 1e-9


def test_policy_gradient_update_follows_the_outcome():
    fp, _ = model.TrainConfig(rule="pg", lr=0.5, radius=1).kernel_params()
    S = np.zeros((1, 8, 15))
    S[0, 1, 3] = 1.0  # hand_max_avg alone favours option 3, which was chosen
    probs = np.full((1, 15), 1 / 15)
    for advantage, direction in ((0.5, 1), (-0.5, -1)):
        W = model.random_weights(0)
        before = W[0, 30, 30, 1]
        K._update_pg(W, np.array([[0, 30, 30]]), S, np.array([3]), probs, 1, advantage, fp, 1)
        assert np.sign(W[0, 30, 30, 1] - before) == direction
        assert np.sign(W[0, 31, 30, 1] - model.random_weights(0)[0, 31, 30, 1]) == direction
        assert np.allclose(W.sum(-1), 1.0)


def test_a_short_training_run_learns_to_avoid_the_bad_strategies():
    trainer = model.Trainer(model.TrainConfig(games=30_000, rule="pg", lr=0.2, radius=5,
                                              seed=3), pegging=PEG)
    start = trainer.weights.reshape(-1, 8).mean(axis=0)
    trainer.run()
    end = trainer.weights.reshape(-1, 8).mean(axis=0)
    good, bad = [1], [4, 6]  # hand_max_avg; crib_min_avg, pegging_max_med_gained
    assert (end[good] - start[good]).mean() > 0.002
    assert (end[bad] - start[bad]).mean() < -0.002


def test_resuming_a_run_continues_it_exactly(monkeypatch):
    # chunks (each seeded by its number; a run is saved between them) of 1,000 games, not
    # 10,000: the same boundaries crossed in a tenth of the games
    monkeypatch.setattr(model, "CHUNK", 1_000)
    config = model.TrainConfig(games=3_000, seed=4)
    whole = model.Trainer(config, pegging=PEG)
    whole.run()
    assert len(whole.curve) == 3
    half = model.Trainer(model.TrainConfig(**{**config.__dict__, "games": 2_000}),
                         pegging=PEG)
    half.run()
    rest = model.Trainer(config, weights=half.weights.copy(), done=2_000, pegging=PEG,
                         baseline=half.baseline.copy())
    rest.run()
    assert np.array_equal(whole.weights, rest.weights)
    assert not np.array_equal(whole.weights, half.weights)  # the last chunk did train


def test_commands_write_untrained_tables_and_bad_files_are_refused(tmp_path, capsys):
    out = tmp_path / "rand.npz"
    assert main(["train", "weights", "--games", "0", "--init", "random", "--seed", "9",
                 "--out", str(out)]) == 0
    w, meta = table.load(out)
    assert np.allclose(w, model.random_weights(9), atol=1e-6)
    assert meta["games_done"] == 0 and meta["config"]["init"] == "random"
    player = make_player(f"weights:{out}")
    assert np.allclose(player.weights, w)
    with pytest.raises(TableFileError, match="none.npz: no such file; give a table written "
                                             "by `cribbage train`"):
        table.load(tmp_path / "none.npz")
    np.savez(tmp_path / "neg.npz", weights=-np.ones(table.SHAPE, dtype=np.float32))
    (tmp_path / "neg.json").write_text('{"kind": "weights", "roles": "pone=0,dealer=1"}')
    with pytest.raises(TableFileError, match="non-negative"):
        table.load(tmp_path / "neg.npz")


def test_the_player_keeps_argmax_of_w_dot_s():
    player = make_player("weights")
    game = GameState.new(8, first_dealer=1, scores=(40, 55))
    obs = game.observation(0)
    decision = player.decide(obs)
    r = decision.reasoning
    S, w, p = np.array(r.S), np.array(r.w), np.array(r.p)
    assert S.shape == (8, 15) and w.sum() == pytest.approx(1.0)
    assert np.allclose(p, w @ S) and r.chosen == int(np.argmax(p))
    assert r.position == (0, 40, 55)  # pone, own score, opponent's score
    assert set(decision.action.cards) == set(r.tosses[r.chosen])


def test_ctrl_c_in_a_one_process_build_stops_with_one_line(tmp_path, monkeypatch, capsys):
    """The sequential stream is one compiled call: Ctrl-C lands when it returns, and the
    command stops with one line and status 130 (no traceback), writing nothing."""
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(model.K, "build_pegging_stats", interrupted)
    out = tmp_path / "peg.npz"
    with pytest.raises(SystemExit) as exc:
        main(["train", "pegging-stats", "--stream", "sequential", "--out", str(out)])
    assert exc.value.code == 130
    assert capsys.readouterr().err.strip().endswith(
        "cribbage train pegging-stats: stopped (Ctrl-C)")
    assert not out.exists()
