"""Game files and the review: every decision rated by the expert (cribbage_gui.services.gamefile,
cribbage_gui.services.review)."""

from __future__ import annotations

import json
import sqlite3
from functools import cache

import pytest

from ai import make_player
from ai.advice import discard_advice, hint, play_advice, reads_seen
from ai.match.driver import refereed_game
from cribbage_gui.services import gamefile
from cribbage_gui.services.gamefile import GameSaver
from cribbage_gui.services.history import History, latest_game_file
from cribbage_gui.services.review import (
    Cancelled,
    accuracy_of,
    final_value,
    format_review,
    mark_of,
    objective_of,
    review_game,
)
from engine import GameState, Phase, PlayCard, Toss, analyze_discards
from engine.cards import card_name, parse_card, parse_cards
from engine.errors import UsageError
from engine.record import Replay
from engine.state import stacked_deck
from tests.ai.helpers import play_game_after_toss


@cache
def expert_v_random(index: int):
    """Game ``index`` of expert v random, seed 4 (the issue's match), and its review."""
    _, game = refereed_game((make_player("expert"), make_player("random")), 4, index)
    return game, review_game(game, ("expert", "random"))


# ---------------------------------------------------------------------------- the review
@pytest.mark.parametrize("index", [0, 1])
def test_the_random_player_loses_far_more_than_the_expert(index):
    game, review = expert_v_random(index)
    expert, rand = review.summary
    assert expert.decisions >= 20 and rand.decisions >= 20
    assert expert.best_rate >= 0.7 and expert.best_rate > rand.best_rate + 0.25
    assert rand.points_lost > 8 * max(expert.points_lost, 1.0)
    assert rand.win_prob_lost > 4 * expert.win_prob_lost
    assert expert.accuracy > 85 and rand.accuracy < 65
    assert rand.marks["mistake"] + rand.marks["blunder"] > (
        expert.marks["mistake"] + expert.marks["blunder"])
    # the expert's discards are the advisor's own (the same fixed deal samples)
    assert all(d.is_best and d.win_prob_lost == 0.0
               for d in review.decisions if d.seat == 0 and d.kind == "discard")


def test_every_real_decision_is_rated_once_with_consistent_figures():
    game, review = expert_v_random(0)
    tosses = [i for i, (_, a) in enumerate(game.actions) if isinstance(a, Toss)]
    plays = [i for i, (_, a) in enumerate(game.actions) if isinstance(a, PlayCard)]
    rated = [d.action for d in review.decisions]
    assert rated == sorted(rated) and set(tosses) <= set(rated) <= set(tosses) | set(plays)
    for d in review.decisions:
        seat, action = game.actions[d.action]
        assert d.seat == seat
        assert set(d.chosen) == set(action.cards if d.kind == "discard" else (action.card,))
        assert d.best == d.options[0].cards
        assert 0.0 <= d.win_prob_lost <= d.at_stake + 1e-12
        assert d.win_best - d.win_chosen == pytest.approx(d.win_prob_lost) or (
            d.win_prob_lost == 0.0 and d.win_chosen >= d.win_best)
        assert d.mark == mark_of(d.win_prob_lost)
        if d.kind == "discard":
            assert len(d.options) == 15
        else:
            ranks = {o.cards[0] >> 2 for o in d.options}
            assert len(ranks) == len(d.options) >= 2
    # the curve: seat 0's chance after each decision, ending with the result
    assert len(review.curve) == len(review.decisions) + 2
    assert all(0.0 <= p <= 1.0 for _, p in review.curve)
    assert review.curve[-1] == (len(game.actions), 1.0 if game.winner == 0 else 0.0)


def test_a_review_agrees_with_the_hint_at_every_decision():
    """The hint asked as the window asks it (reading the opponent by the game's events so
    far) gives the review's best."""
    game, review = expert_v_random(1)
    states = {i: (state.observation(seat), reads_seen(state.events, seat))
              for i, (state, seat, _) in enumerate(_snapshots(game))
              if i in {d.action for d in review.decisions[:12]}}
    for d in review.decisions[:12]:
        obs, reads = states[d.action]
        advice = hint(obs, reads=reads).action
        cards = advice.cards if d.kind == "discard" else (advice.card,)
        if d.kind == "discard":
            assert set(cards) == set(d.best)
        else:
            assert cards[0] >> 2 == d.best[0] >> 2


def _snapshots(game):
    """(a copy of the game before each action, seat, action)."""
    out = []
    for state, seat, action in Replay(GameState, game.to_record()):
        out.append((GameState.from_record(state.to_record()), seat, action))
    return out


def test_marks_and_accuracy_follow_the_written_thresholds():
    assert mark_of(0.0) is None and mark_of(0.019) is None
    assert mark_of(0.02) == "inaccuracy" and mark_of(0.049) == "inaccuracy"
    assert mark_of(0.05) == "mistake" and mark_of(0.0999) == "mistake"
    assert mark_of(0.10) == "blunder" and mark_of(0.9) == "blunder"
    assert accuracy_of(0.0, 1.0) == 100.0 and accuracy_of(1.0, 1.0) == 0.0
    assert accuracy_of(0.25, 1.0) == pytest.approx(75.0)
    assert accuracy_of(0.0, 0.0) == 100.0  # nothing at stake: nothing lost


def test_acc_marks_are_the_win_marks_in_acc_points():
    """In a match the loss is in expected ACC points: 4 of them between a plain win (+2)
    and a plain loss (-2), so the marks are the win marks times 4."""
    assert mark_of(0.079, "acc") is None and mark_of(0.08, "acc") == "inaccuracy"
    assert mark_of(0.199, "acc") == "inaccuracy" and mark_of(0.2, "acc") == "mistake"
    assert mark_of(0.399, "acc") == "mistake" and mark_of(0.4, "acc") == "blunder"
    assert mark_of(0.08) == "mistake"  # the same number as a chance of winning
    assert final_value(0, 100, 0, "acc") == 2.0 and final_value(0, 90, 1, "acc") == -3.0
    assert final_value(1, 40, 1, "acc") == 3.0  # ACC: a double skunk is worth a skunk
    assert final_value(0, 90, 0, "win") == 1.0 and final_value(0, 90, 1, "win") == 0.0
    assert objective_of({"objective": "acc"}) == "acc"
    assert objective_of({}) == objective_of({"objective": "odd"}) == "win"
    with pytest.raises(ValueError, match="unknown objective"):
        review_game(expert_v_random(0)[0], objective="points")


@cache
def expert_v_random_in_acc(index: int):
    game, _ = expert_v_random(index)
    return game, review_game(game, ("expert", "random"), objective="acc")


def test_a_game_of_a_match_is_judged_by_expected_acc_points():
    game, review = expert_v_random_in_acc(0)
    by_win = expert_v_random(0)[1]
    assert review.objective == "acc" and review.to_dict()["objective"] == "acc"
    assert [d.action for d in review.decisions] == [d.action for d in by_win.decisions]
    snapshots = _snapshots(game)
    for d in review.decisions:
        assert d.objective == "acc" and d.mode in ("acc", "points")
        assert d.mark == mark_of(d.win_prob_lost, "acc")
        assert all(-3.0 - 1e-9 <= o.win <= 3.0 + 1e-9 for o in d.options)
        assert 0.0 <= d.win_prob_lost <= d.at_stake + 1e-12
    for d in [d for d in review.decisions if d.kind == "discard"][:4]:
        state, seat, _ = snapshots[d.action]
        advice = discard_advice(state.observation(seat), "acc")  # the advisor: expert:acc
        assert set(d.best) == set(advice.best.toss)
        assert [o.win for o in d.options] == [o.win for o in advice.options]
    # the curve: seat 0's expected ACC points, ending at what the game was worth
    loser = game.scores[1 - game.winner]
    worth = 3.0 if loser < 91 else 2.0
    assert review.curve[-1] == (len(game.actions), worth if game.winner == 0 else -worth)
    assert all(-3.0 - 1e-9 <= v <= 3.0 + 1e-9 for _, v in review.curve)
    expert, rand = review.summary
    assert expert.accuracy > rand.accuracy + 20
    assert rand.win_prob_lost > 3 * expert.win_prob_lost
    text = format_review(review)
    assert "judged by expected ACC points" in text and "ACC lost" in text
    # a decision's mean loss, not a sum over the game
    assert f"{rand.win_prob_lost / rand.decisions:.2f}" in text.splitlines()[-2]
    assert "a decision, on average" in text


def _discard_game(six, scores):
    """Seat 1 (the pone) holds ``six``; seat 0 deals; scores by seat."""
    rest = [c for c in range(52) if c not in six]
    deck = stacked_deck(six, rest[:6], rest[6])
    return GameState.new(1, first_dealer=0, scores=scores, decks=[deck]), rest


def test_a_pone_at_118_throwing_away_its_sure_three_is_a_blunder():
    # the pone counts first: a hand sure to hold 3 wins unless the dealer (at 116) pegs
    # out first; a hand that may hold nothing leaves it to the play and the next deal
    six = parse_cards("5H TD 2C 9S KH 7D")
    exact = {frozenset(o.toss): o for o in analyze_discards(six, False)}
    sure = [t for t, o in exact.items() if o.hand_min >= 3]
    risky = min((t for t, o in exact.items() if o.hand_min == 0),
                key=lambda t: exact[t].hand_mean)
    assert sure
    for toss, blunder in ((risky, True), (sure[0], False)):
        game, rest = _discard_game(six, (116, 118))
        game.toss(1, tuple(toss))
        review = review_game(game, ("dealer", "pone"))
        (d,) = review.decisions
        assert d.seat == 1 and d.kind == "discard" and d.mode == "win"
        assert exact[frozenset(d.best)].hand_min >= 3 and d.win_best > 0.75
        if blunder:
            assert d.mark == "blunder" and d.win_prob_lost > 0.25 and not d.is_best
        else:
            assert d.win_prob_lost < 0.01 and d.mark is None


def test_a_card_that_pegs_out_is_best_and_missing_it_is_a_blunder():
    # the dealer at 119 pegs out with the 5 on the pone's 10 (fifteen two); the pone at
    # 120 counts first, so any other card loses almost surely
    for card, best in (("9C", False), ("5H", True)):
        game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC", scores=(119, 120))
        game.play(1, parse_card("TC"))
        game.play(0, parse_card(card))
        review = review_game(game, ("dealer", "pone"))
        d = next(d for d in review.decisions if d.kind == "play" and d.seat == 0)
        assert d.best == (parse_card("5H"),) and d.mode == "win"
        assert d.options[0].win == pytest.approx(1.0)
        if best:
            assert d.is_best and d.win_prob_lost == 0.0 and game.winner == 0
        else:
            assert d.mark == "blunder" and d.win_prob_lost > 0.5


def test_play_advice_measures_both_ways_from_one_draw_and_ranks_like_the_hint():
    game = play_game_after_toss("5H 9C KD 2S", "7C 8D 4S TC")
    game.play(1, parse_card("TC"))
    obs = game.observation(0)
    advice = play_advice(obs)
    assert advice.mode == "points" and advice.best.card == hint(obs).action.card
    assert advice.best.points_lost == 0.0 and advice.best.win_lost == 0.0
    assert {o.card for o in advice.options} == set(parse_cards("5H 9C KD 2S"))
    points = [o.points for o in advice.options]
    assert points == sorted(points, reverse=True)
    assert all(0.0 <= o.win <= 1.0 for o in advice.options)
    assert play_advice(obs) == advice  # the same moment, the same figures


def test_the_review_reports_progress_and_can_be_stopped():
    game, _ = expert_v_random(0)
    seen = []
    review_game(game, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(game.actions), len(game.actions))
    assert [d for d, _ in seen] == list(range(1, len(game.actions) + 1))
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(Cancelled):
        review_game(game, cancelled=stop)


def test_an_unfinished_game_reviews_up_to_where_it_stands():
    game, _ = _discard_game(parse_cards("5H TD 2C 9S KH 7D"), (0, 0))
    review = review_game(game)
    assert review.decisions == () and review.winner is None and review.curve == ()
    game.toss(1, tuple(parse_cards("KH 9S")))
    review = review_game(game)
    assert len(review.decisions) == 1 and review.winner is None
    assert len(review.curve) == 2


# ---------------------------------------------------------------------------- game files
def test_a_saved_and_reopened_game_reviews_identically(tmp_path):
    game, review = expert_v_random(0)
    path = gamefile.write(tmp_path / "g.crib.json",
                          gamefile.make(game, ("expert", "random"), {"kind": "test"}))
    loaded = gamefile.read(path)
    assert loaded.players == ("expert", "random") and loaded.context == {"kind": "test"}
    assert loaded.game.actions == game.actions and loaded.game.events == game.events
    again = review_game(loaded.game, loaded.players)
    strip = lambda r: {k: v for k, v in r.to_dict().items() if k != "seconds"}  # noqa: E731
    assert strip(again) == strip(review)


def _saved(tmp_path):
    game, _ = expert_v_random(1)
    path = gamefile.write(tmp_path / "g.crib.json", gamefile.make(game, ("expert", "random")))
    return path, json.loads(path.read_text())


def test_a_tampered_or_damaged_file_is_refused_and_left_as_it_was(tmp_path):
    path, data = _saved(tmp_path)
    # a card changed in a move (the checksum no longer matches)
    moved = next(a for a in data["game"]["actions"] if a[1] == "play")
    moved[2] = "AS" if moved[2] != "AS" else "2S"
    cases = {"changed": json.dumps(data)}
    # the same without the checksum: the replay refuses it
    unsigned = json.loads(json.dumps(data))
    del unsigned["sha256"]
    cases["unsigned"] = json.dumps(unsigned)
    renamed = json.loads(path.read_text())
    renamed["players"] = ["random", "expert"]  # the names are covered by the checksum
    cases["renamed"] = json.dumps(renamed)
    cases["not json"] = path.read_text()[:-40]
    cases["not a game file"] = json.dumps({"format": "something else"})
    newer = json.loads(path.read_text())
    newer["version"] = 99
    cases["newer"] = json.dumps(newer)
    messages = {}
    for name, text in cases.items():
        bad = tmp_path / f"{name}.crib.json"
        bad.write_text(text)
        with pytest.raises(gamefile.GameFileError) as info:
            gamefile.read(bad)
        messages[name] = str(info.value)
        assert bad.read_text() == text  # nothing was changed
        assert "\n" not in messages[name] and bad.name in messages[name]
    assert "changed after it was saved" in messages["changed"]
    assert "changed after it was saved" in messages["renamed"]
    assert "does not replay" in messages["unsigned"]
    assert "must be JSON" in messages["not json"]
    assert "not a cribbage game file" in messages["not a game file"]
    assert "version 99" in messages["newer"]


def test_other_programs_may_leave_out_the_checksum_and_header_fields(tmp_path):
    path, data = _saved(tmp_path)
    del data["sha256"], data["date"], data["context"]
    path.write_text(json.dumps(data))
    loaded = gamefile.read(path)
    assert loaded.date is None and loaded.context == {} and loaded.game.winner is not None


def test_file_names_say_pair_seed_and_index_and_are_safe():
    assert gamefile.file_name(("expert", "random"), 4, 3) == \
        "expert-v-random-seed4-game0003.crib.json"
    name = gamefile.file_name(("weights:/tmp/my w.npz", "ext:python x.py"), 0, 12)
    assert "/" not in name and " " not in name and name.endswith("game0012.crib.json")


# ---------------------------------------------------------------------------- the engine
def test_replay_shows_each_moment_before_its_action():
    game, _ = expert_v_random(0)
    steps = Replay(GameState, game.to_record())
    count = 0
    for state, seat, action in steps:
        assert action in state.observation(seat).legal_actions
        count += 1
    assert count == len(game.actions) and steps.game.events == game.events


# ---------------------------------------------------------------------------- the history
def test_a_pone_throwing_away_its_sure_three_in_a_match_is_a_blunder_in_acc_points():
    six = parse_cards("5H TD 2C 9S KH 7D")
    exact = {frozenset(o.toss): o for o in analyze_discards(six, False)}
    risky = min((t for t, o in exact.items() if o.hand_min == 0),
                key=lambda t: exact[t].hand_mean)
    game, _ = _discard_game(six, (116, 118))
    game.toss(1, tuple(risky))
    (d,) = review_game(game, ("dealer", "pone"), objective="acc").decisions
    assert d.mode == "acc" and d.mark == "blunder" and not d.is_best
    assert d.win_best > 1.0 and d.win_prob_lost > 0.8  # about 4 ACC points a game's chance


def test_the_history_keeps_each_game_to_open_and_review(tmp_path):
    game, _ = expert_v_random(0)
    path = tmp_path / "history.sqlite3"
    history = History(path)
    with pytest.raises(UsageError):
        latest_game_file(path)  # no game with a record yet
    game_id = history.record_game(game.events, opponent="random", seed=4, game_index=0,
                                  human_seat=0, players=("you", "random"),
                                  record=game.to_record())
    listed = history.games()
    assert listed[0]["id"] == game_id and listed[0]["has_record"]
    assert listed[0]["accuracy"] is None
    history.set_accuracy(game_id, 91.5)
    assert history.accuracy_history() == [{"id": game_id, "opponent": "random",
                                           "accuracy": 91.5}]
    history.close()
    file = latest_game_file(path)
    assert file.players == ("you", "random") and file.game.actions == game.actions
    assert file.context["kind"] == "history"
    # a rating that finishes after the window closed its history is still kept
    history.set_accuracy(game_id, 87.0)
    reopened = History(path)
    assert reopened.accuracy_history()[0]["accuracy"] == 87.0
    reopened.close()


def test_a_game_of_a_match_in_the_history_is_reviewed_in_acc_points(tmp_path, monkeypatch,
                                                                   capsys):
    """The history knows a game's match; `cribbage review --last` judges it by ACC points
    (`--objective win` asks for the chance of winning instead)."""
    from cribbage_gui.cli import main

    game, _ = expert_v_random(0)
    history = History(tmp_path / "history.sqlite3")
    single = history.record_game(game.events, opponent="random", seed=4, game_index=0,
                                 human_seat=0, players=("you", "random"),
                                 record=game.to_record())
    in_match = history.record_game(game.events, opponent="random", seed=4, game_index=0,
                                   human_seat=0, players=("you", "random"), match_id="4",
                                   record=game.to_record())
    assert objective_of(history.game_file(single).context) == "win"
    context = history.game_file(in_match).context
    assert objective_of(context) == "acc" and context["match"] == "4"
    history.close()
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    assert main(["review", "--last", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["objective"] == "acc"
    assert main(["review", "--last", "--json", "--objective", "win"]) == 0
    assert json.loads(capsys.readouterr().out)["objective"] == "win"


def test_an_older_history_gains_the_new_columns_and_keeps_its_games(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, finished_at TEXT NOT NULL,
            opponent TEXT NOT NULL, seed INTEGER NOT NULL, game_index INTEGER NOT NULL,
            human_seat INTEGER NOT NULL, human_score INTEGER NOT NULL,
            opponent_score INTEGER NOT NULL, human_won INTEGER NOT NULL,
            skunk INTEGER NOT NULL, deals INTEGER NOT NULL, match_id TEXT);
        INSERT INTO games VALUES (1, '2026-01-01T10:00:00', 'mueller', 3, 0, 0, 121, 100,
            1, 0, 9, NULL);""")
    db.commit()
    db.close()
    history = History(path)
    (row,) = history.games()
    assert row["opponent"] == "mueller" and not row["has_record"]
    with pytest.raises(gamefile.GameFileError, match="before games were kept"):
        history.game_file(1)
    history.close()
    with pytest.raises(UsageError, match="no game that can be reviewed"):
        latest_game_file(path)


# ---------------------------------------------------------------------------- commands
@pytest.fixture
def cribbage(capsys, monkeypatch):
    """``cribbage ARGS`` through the command line's own entry (in this process: the
    commands' argument and error handling is the same; a separate process only added its
    start, 1-2 s a call): its status, stdout and stderr."""
    from types import SimpleNamespace

    from cribbage_gui.cli import main

    def run(*args, env_dir=None):
        if env_dir is not None:
            monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(env_dir))
        capsys.readouterr()
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse and the usage errors end so
            code = exc.code
        out = capsys.readouterr()
        return SimpleNamespace(returncode=code, stdout=out.out, stderr=out.err)

    return run


def test_the_issue_example_match_save_games_then_review_json(tmp_path, cribbage):
    out = tmp_path / "games"
    done = cribbage("match", "expert", "random", "--games", "2", "--seed", "4",
                     "--save-games", str(out))
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in out.iterdir())
    assert files == ["expert-v-random-seed4-game0000.crib.json",
                     "expert-v-random-seed4-game0001.crib.json"]
    # the compiled loop's game is the referee's, move for move
    saved = gamefile.read(out / files[0])
    assert saved.game.actions == expert_v_random(0)[0].actions
    assert saved.context == {"kind": "match", "seed": 4, "index": 0}
    done = cribbage("review", str(out / files[0]), "--json")
    assert done.returncode == 0, done.stderr
    review = json.loads(done.stdout)
    assert review["players"] == ["expert", "random"]
    keys = {"seat", "deal", "kind", "chosen", "best", "points_lost", "win_prob_lost", "mark"}
    assert all(keys <= set(d) for d in review["decisions"])
    assert {d["kind"] for d in review["decisions"]} == {"discard", "play"}
    expert, rand = review["summary"]
    for s in (expert, rand):
        assert {"decisions", "best_rate", "points_lost", "win_prob_lost", "accuracy"} <= set(s)
    assert rand["win_prob_lost"] > 4 * expert["win_prob_lost"]
    assert rand["points_lost"] > 8 * max(expert["points_lost"], 1.0)
    text = cribbage("review", str(out / files[0]))
    assert text.returncode == 0 and "accuracy" in text.stdout and "blunder" in text.stdout


def test_review_refuses_bad_arguments_in_one_line(tmp_path, cribbage):
    bad = tmp_path / "bad.crib.json"
    bad.write_text("{}")
    for args in (("review",), ("review", str(bad)), ("review", str(tmp_path / "none.json")),
                 ("review", str(bad), "--last")):
        done = cribbage(*args, env_dir=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") <= 1
    done = cribbage("review", "--last", env_dir=tmp_path / "empty")
    assert done.returncode == 2 and "no game history yet" in done.stderr


def test_a_tournament_saves_every_game(tmp_path):
    from ai.match.tournament import run_tournament

    out = tmp_path / "t"
    results = run_tournament(["random", "heuristic"], 2, seed=3, duplicate=True,
                             save_games=GameSaver(str(out), "tournament"))
    names = sorted(p.name for p in out.iterdir())
    assert names == ["heuristic-v-random-seed3-game0000.crib.json",
                     "random-v-heuristic-seed3-game0000.crib.json"]
    for name in names:
        file = gamefile.read(out / name)
        assert file.context["kind"] == "tournament" and file.game.winner is not None
    assert sum(p["games"] for p in results["players"]) == 2 * len(names)


def test_the_inspectors_discard_advice_is_the_reviews(tmp_path):
    game, review = expert_v_random(0)
    first = review.decisions[0]
    state = next(s for s, _, _ in _snapshots(game)[first.action:first.action + 1])
    obs = state.observation(first.seat)
    assert obs.phase is Phase.DISCARD
    advice = discard_advice(obs)
    assert [o.toss for o in advice.options] == [o.cards for o in first.options]
    assert card_name(first.best[0]) in {card_name(c) for c in advice.best.toss}
