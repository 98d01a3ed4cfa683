"""``expert:acc``: the expert playing for ACC match points (2 a win, 3 a skunk, net of the
opponent's): its table (``ai.tables.expert`` ``A``), the train command, the player and its
reasoning, and the compiled loop."""

import json

import numpy as np
import pytest

from ai import make_player
from ai.match import compiled
from ai.players.expert import ExpertDiscard, ExpertPlayer
from ai.registry import UnknownPlayerError, acc_variant
from ai.tables import expert as expert_tables
from ai.tables.files import TableFileError
from ai.training import expert_build
from engine.cards import parse_card
from engine.rules import SKUNK_LINE
from tests.ai.helpers import play_game_after_toss
from tests.ai.test_expert import _discard_observation, reference_win, tiny_samples

SKUNK, WIN = expert_tables.to_value(3), expert_tables.to_value(2)


@pytest.fixture(scope="module")
def tables():
    return expert_tables.load()


@pytest.fixture(scope="module")
def A():
    return expert_tables.load_acc()


# ---------------------------------------------------------------------------- the table
def test_finished_games_are_worth_their_acc_points():
    ends = expert_tables.finished_values("acc")
    assert ends[SKUNK_LINE - 1] == SKUNK == 1.0 and ends[SKUNK_LINE] == WIN == 5 / 6
    assert ends[0] == SKUNK  # a double skunk is a skunk in ACC scoring
    assert (expert_tables.finished_values("win") == 1.0).all()
    assert expert_tables.acc_points(WIN) == pytest.approx(2.0)
    assert expert_tables.acc_points(1 - SKUNK) == pytest.approx(-3.0)
    with pytest.raises(ValueError, match="unknown objective"):
        expert_tables.finished_values("points")


def test_the_shipped_acc_table_is_consistent_with_the_win_table(tables, A):
    W = tables.W
    assert ((A >= 0) & (A <= 1)).all()
    a, b = np.meshgrid(np.arange(121), np.arange(121), indexing="ij")
    assert np.allclose(A[1, a, b] + A[0, b, a], 1.0, atol=1e-5)  # zero-sum
    # with both players past the skunk line no skunk can happen: the points are then
    # 2 (win) - 2 (loss), so the ACC value is an exact function of the chance of winning
    past = slice(SKUNK_LINE, 121)
    assert np.allclose(expert_tables.acc_points(A[:, past, past]), 4 * W[:, past, past] - 2,
                       atol=1e-5)
    # below it, a skunk is worth more than a win and being skunked costs more than a loss:
    # the first dealer's edge in points is more than its edge in wins
    assert expert_tables.acc_points(A[1, 0, 0]) > 4 * W[1, 0, 0] - 2 > 0
    # the pone at 120 counts first and as good as surely wins: 3 points with the dealer
    # far below the skunk line, 2 at it; just below it, the dealer's pegging often saves it
    points = expert_tables.acc_points(A[0, 120])
    assert points[70] == pytest.approx(3, abs=0.02)
    assert points[SKUNK_LINE] == pytest.approx(2, abs=0.02)
    assert 2.1 < points[SKUNK_LINE - 1] < points[SKUNK_LINE - 5] < points[70]
    # far behind, the points to save are the skunk's: at 60 against 115 losing is almost
    # sure, and most losses from there are skunks
    assert expert_tables.acc_points(A[0, 60, 115]) < -2.5


def test_the_train_command_builds_the_acc_table_by_the_rules(tmp_path, capsys):
    from cribbage_gui.cli import main

    samples = tiny_samples()
    tiny = tmp_path / "tiny.npz"
    W = expert_build.win_probabilities(samples)
    expert_tables.save(tiny, expert_tables.ExpertTables(
        W, np.full((2, 13, 13), 1 / 91), np.zeros((2, 13, 13)), samples), {})
    out = tmp_path / "acc.npz"
    assert main(["train", "expert-acc", "--tables", str(tiny), "--out", str(out)]) == 0
    assert "expected ACC points by position from 3 deals" in capsys.readouterr().out
    A = expert_tables.load_acc(out)
    memo = {}
    for a, b, d in [(0, 0, 1), (85, 30, 0), (118, 89, 1), (100, 92, 0), (120, 60, 0)]:
        assert A[d, a, b] == pytest.approx(reference_win(samples, a, b, d, memo, "acc"),
                                           abs=1e-6)  # float32 storage
    assert json.loads(out.with_suffix(".json").read_text())["kind"] == "expert-acc"
    player = ExpertPlayer(seed=1, path=str(tiny), objective="acc", acc_path=str(out))
    assert np.array_equal(player.values[:2], A)


@pytest.mark.parametrize("damage", ["range", "zero-sum", "shape", "garbage"])
def test_a_damaged_acc_table_is_refused(tmp_path, A, damage):
    path = tmp_path / f"{damage}.npz"
    bad = A.copy()
    if damage == "range":
        bad[0, 5, 5] = 1.5
    elif damage == "zero-sum":
        bad[1, 40, 50] += 0.01
    if damage == "shape":
        expert_tables.save_acc(path, bad[:, :100], {})
    elif damage == "garbage":
        path.write_bytes(b"not a table")
    else:
        expert_tables.save_acc(path, bad, {})
    with pytest.raises(TableFileError, match=str(path.name)):
        expert_tables.load_acc(path)
    with pytest.raises(TableFileError):
        make_player(f"expert:acc:{path}")


# ---------------------------------------------------------------------------- the player
def test_the_names_of_the_acc_expert():
    p = make_player("expert:acc", seed=1)
    assert isinstance(p, ExpertPlayer) and p.objective == "acc" and not p.deep
    assert np.array_equal(p.values[2, 0], expert_tables.finished_values("acc"))
    for name in ("expert:acc:deep", "expert:deep:acc"):
        q = make_player(name)
        assert q.objective == "acc" and q.deep
    assert make_player("expert:deep").objective == "win"
    with pytest.raises(UnknownPlayerError, match="twice"):
        make_player("expert:acc:acc")
    with pytest.raises(TableFileError, match="nowhere.npz"):
        make_player("expert:acc:/nowhere.npz")  # a tables file after the words
    assert acc_variant("expert") == "expert:acc"
    assert acc_variant("expert:deep") == "expert:acc:deep"
    assert acc_variant("expert:acc") == "expert:acc"
    assert acc_variant("mueller") == "mueller" and acc_variant("expert-2026") == "expert-2026"


def test_past_the_skunk_line_it_discards_as_the_win_expert_and_short_of_it_not_always():
    """Both players at 91 or more: ACC points are an exact function of the chance of
    winning, so the two experts throw the same cards. With the opponent short of the line
    and this player near the end, a skunk is at stake and some throws differ."""
    win, acc = make_player("expert", seed=1), make_player("expert:acc", seed=1)
    rng = np.random.default_rng(0)
    differ = 0
    for _ in range(40):
        six = [int(c) for c in rng.choice(52, 6, replace=False)]
        dealer = bool(rng.integers(2))
        past = _discard_observation(six, dealer, (100, 95))
        assert win.decide(past).action == acc.decide(past).action
        short = _discard_observation(six, dealer, (104, 78))
        d_win, d_acc = win.decide(short), acc.decide(short)
        r = d_acc.reasoning
        assert isinstance(r, ExpertDiscard) and r.objective == "acc"
        assert r.options[r.chosen].win == pytest.approx(max(o.win for o in r.options),
                                                        abs=1e-9)
        assert "ACC points net" in r.summary()
        differ += d_win.action != d_acc.action
    assert differ >= 1


def test_near_the_end_its_play_reads_in_acc_points():
    # the dealer at 119 against a pone at 120, who counts first: only the fifteen (pegging
    # out now) surely wins, worth 2 points (the pone is past the skunk line)
    player = make_player("expert:acc", seed=2)
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC", scores=(119, 120))
    game.play(1, parse_card("TC"))
    decision = player.decide(game.observation(0))
    r = decision.reasoning
    assert r.mode == "acc" and decision.action.card == parse_card("5H")
    assert r.candidates[0].value == pytest.approx(2.0)
    assert all(-3 <= c.value < 1.96 for c in r.candidates[1:])  # wins under 99%
    assert "expected ACC points net" in r.summary()
    # against a pone at 80 the same win is a skunk: 3 points
    player = make_player("expert:acc", seed=2)
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC", scores=(119, 80))
    game.play(1, parse_card("TC"))
    r = player.decide(game.observation(0)).reasoning
    assert r.candidates[0].value == pytest.approx(3.0)


def test_its_discards_are_the_same_compiled_and_refereed_in_every_seat(monkeypatch):
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")  # fitted: refereed only
    assert compiled.differences("expert:acc", "expert", 7, [0, 1]) == []
    assert compiled.differences("mueller", "expert:acc", 8, [0, 1]) == []


def test_in_a_match_the_advice_judges_by_acc_points():
    """The hint, the inspector's figures and the review in a match ask expert:acc: where
    a skunk is at stake their best can differ from the game's, and the figures are ACC
    points net (the win figure stays a probability)."""
    from ai import advice
    from engine import Toss

    rng = np.random.default_rng(0)
    differ = 0
    for _ in range(40):
        six = [int(c) for c in rng.choice(52, 6, replace=False)]
        obs = _discard_observation(six, bool(rng.integers(2)), (104, 78))
        acc, win = advice.discard_advice(obs, "acc"), advice.discard_advice(obs)
        assert acc.objective == "acc" and win.objective == "win"
        assert set(acc.best.toss) == set(advice.hint(obs, "acc").action.cards)
        assert all(-3.0 <= o.win <= 3.0 for o in acc.options)
        assert all(0.0 <= o.win <= 1.0 for o in win.options)
        worst = acc.options[-1]
        assert worst.win_lost == pytest.approx(acc.best.win - worst.win)
        rating = advice.rate(obs, Toss(worst.toss), "acc")
        assert (rating.mode, rating.objective) == ("acc", "acc")
        assert rating.win_lost == pytest.approx(worst.win_lost)
        assert rating.is_best == (worst.win_lost <= 1e-9)
        differ += set(acc.best.toss) != set(win.best.toss)
    assert differ >= 1
    assert advice.value_text(0.4213, "acc") == "+0.42"
    assert advice.lost_text(0.123, "acc") == "0.12 pts"
    assert advice.value_text(0.541, "win") == "54.1%"
    with pytest.raises(ValueError, match="unknown objective"):
        advice.advisor("points")
