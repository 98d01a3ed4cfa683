"""The pone's opening lead and the dealer's answer read as choices (issue 40): the lead and
reply values against the rules by brute force and the pegging table, the shipped table
against its builder, the chances of each choice, and how the play's sampled hands are
weighed by them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import _decide, _expert
from ai.tables import expert_pegging, lead_model
from ai.tables.files import TableFileError
from ai.tables.index import N_FOUR, all_four_rank_hands, multiset_index
from ai.training import expert_build
from engine.cards import PIPS
from engine.pegging import peg_points
from engine.roles import DEALER, PONE
from tests.ai.test_expert import _rest_of_play
from tests.ai.test_expert_pegging import _cards

HANDS = np.ascontiguousarray(all_four_rank_hands(), dtype=np.int64)


@pytest.fixture(scope="module")
def leads():
    return lead_model.load()[0]


@pytest.fixture(scope="module")
def replies():
    return lead_model.load()[1]


def _leads_against(a: int, b: int) -> np.ndarray:
    """The kernel's value of each lead of hand a against hand b alone."""
    weight = np.zeros(N_FOUR)
    weight[b] = 1.0
    out = np.zeros((1, 4))
    _expert.lead_values(HANDS, a, a + 1, weight, out)
    return out[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, N_FOUR - 1), st.integers(0, N_FOUR - 1))
def test_each_lead_against_one_hand_is_the_play_by_the_rules(a, b):
    """Leading each card of hand a against hand b, the rest searched by the rules as
    written, both best for themselves; the best lead is the pegging table's value."""
    if not expert_pegging.feasible(HANDS[[a, b]])[0, 1]:
        return
    got = _leads_against(a, b)
    mine, theirs = _cards(HANDS[a], HANDS[b])
    theirs = tuple(sorted(theirs))
    for t, card in enumerate(mine):
        rest = list(mine)
        rest.remove(card)
        expected = _rest_of_play(tuple(sorted(rest)), theirs, (card,), PIPS[card], 1, 0)
        assert got[t] == expected
    assert got.max() == expert_pegging.load().V[a, b]


def _replies_against(a: int, b: int) -> np.ndarray:
    """The kernel's value of each answer of dealer hand b to each lead of pone hand a."""
    weight = np.zeros(N_FOUR)
    weight[a] = 1.0
    out = np.zeros((1, 13, 4))
    _expert.reply_values(HANDS, b, b + 1, weight, np.ones((4, N_FOUR)), out)
    return out[0]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, N_FOUR - 1), st.integers(0, N_FOUR - 1))
def test_each_answer_to_a_lead_is_the_play_by_the_rules(a, b):
    """The dealer's value of answering each lead of pone hand a with each card of hand b,
    the rest searched by the rules as written; each lead's best answer is the lead's value
    (the dealer's side of it)."""
    if not expert_pegging.feasible(HANDS[[a, b]])[0, 1]:
        return
    got = _replies_against(a, b)
    pone, dealer = _cards(HANDS[a], HANDS[b])
    for card in pone:
        rest = list(pone)
        rest.remove(card)
        for t, answer in enumerate(dealer):
            others = list(dealer)
            others.remove(answer)
            seq = (card, answer)
            count = PIPS[card] + PIPS[answer]
            expected = peg_points(list(seq)) - _rest_of_play(
                tuple(sorted(rest)), tuple(sorted(others)), seq, count, 0, 1)
            assert got[card >> 2, t] == expected
        assert -got[card >> 2].max() == _leads_against(a, b)[pone.index(card)]
    assert not got[[r for r in range(13) if r not in HANDS[a]]].any()  # never led


def test_the_shipped_table_is_what_the_builder_computes(leads, replies):
    rows = expert_build._lead_rows((900, 903))
    assert np.allclose(rows, leads[900:903], rtol=0, atol=1e-12)
    answers = expert_build._reply_rows((900, 902, leads))
    assert np.allclose(answers, replies[900:902], rtol=0, atol=1e-12)
    # the best lead of each hand is the pegging table's value averaged the same way
    table = expert_pegging.load()
    weight = np.zeros(N_FOUR)
    b = multiset_index(np.array([4, 9, 10, 12]))  # one dealer hand: five, ten, jack, king
    weight[b] = 1.0
    out = np.zeros((3, 4))
    _expert.lead_values(HANDS, 900, 903, weight, out)
    assert np.array_equal(out.max(axis=1), table.V[900:903, b].astype(float))


def test_a_hand_of_low_cards_leads_best_away_from_its_five(leads):
    """The classic: from A-4-5-K a four (the dealer cannot make fifteen) is better than the
    five (a ten answers it with fifteen two)."""
    a = multiset_index(np.array([0, 3, 4, 12]))
    four, five = leads[a, 1], leads[a, 2]
    assert four > five + 0.3


def test_a_dealer_answers_a_five_with_a_ten_card_for_fifteen_two(replies):
    b = multiset_index(np.array([2, 6, 9, 12]))  # three, seven, ten, king
    five = replies[b, 4]
    assert five[2] > five[0] + 1 and five[3] > five[1] + 1


def test_the_chances_of_the_answers(replies):
    Q = lead_model.reply_probabilities(2.0)
    assert Q.shape == (52, N_FOUR)
    first = np.ones((N_FOUR, 4), dtype=bool)
    first[:, 1:] = HANDS[:, 1:] != HANDS[:, :-1]
    for r in (0, 4, 9, 12):
        rows = Q[4 * r:4 * r + 4]
        assert np.allclose(np.where(first.T, rows, 0.0).sum(axis=0), 1.0)
        best = np.argmax(replies[:, r], axis=1)
        assert np.all(rows[best, np.arange(N_FOUR)] >= rows.max(axis=0) - 1e-12)
    reading = lead_model.reading_rows(0.0, 2.0)  # leads not read: their chances all 1
    assert reading.shape == (56, N_FOUR) and np.all(reading[:4] == 1.0)
    assert np.array_equal(reading[4:], Q)


def test_the_chances_of_the_leads(leads):
    P = lead_model.lead_probabilities(4.0)
    assert P.shape == (4, N_FOUR)
    first = np.ones((N_FOUR, 4), dtype=bool)
    first[:, 1:] = HANDS[:, 1:] != HANDS[:, :-1]
    assert np.allclose(np.where(first.T, P, 0.0).sum(axis=0), 1.0)
    same = ~first.T
    assert np.array_equal(P[1:][same[1:]], P[:-1][same[1:]])  # equal ranks, one chance
    best = np.argmax(leads, axis=1)
    assert np.all(P[best, np.arange(N_FOUR)] >= P.max(axis=0) - 1e-12)
    flat = lead_model.lead_probabilities(0.0)  # no reading: each rank alike
    assert np.allclose(flat * np.where(first.T, 1, 0).sum(axis=0), np.where(first.T, 1, 1))


def test_a_pones_lead_weighs_the_hands_the_dealer_samples():
    """I deal (seat 0), the pone led a four: each sampled hand's weight is the keep model's
    times the chance that the pone, holding that hand and the four, led the four. As the
    pone (the opponent deals) nothing is read."""
    rng = np.random.default_rng(41)
    P = lead_model.lead_probabilities(4.0)
    keep_post = np.ascontiguousarray(np.concatenate([rng.random((2, N_FOUR)) + 0.1,
                                                     lead_model.reading_rows(4.0, 0.0)]))
    played = np.array([3 * 4 + 2], dtype=np.int64)  # its four
    played_by = np.array([1], dtype=np.int64)
    pool = np.array([c for c in range(52) if c != played[0]], dtype=np.int64)
    cards = np.array([np.sort(rng.choice(pool, 3, replace=False)) for _ in range(64)])
    got = np.zeros(64)
    _decide.keep_model_weights(0, True, played, played_by, 1, cards, keep_post, 0.0, got)
    for j in range(64):
        four = np.sort(np.append(cards[j] >> 2, 3))
        a = multiset_index(four)
        t = int(np.flatnonzero(four == 3)[0])
        assert got[j] == pytest.approx(keep_post[PONE, a] * P[t, a], rel=1e-12)
    assert len({round(w / keep_post[PONE, multiset_index(np.sort(np.append(c >> 2, 3)))], 9)
                for w, c in zip(got, cards, strict=True)}) > 3  # the lead tells hands apart
    # I am the pone and led a king; its four is an answer, not a lead: with answers not
    # read, the keep model alone; read, times the chance it answers a king with its four
    played, played_by = np.array([48, 3 * 4 + 2], dtype=np.int64), np.array([0, 1])
    as_pone = np.zeros(64)
    _decide.keep_model_weights(0, False, played, played_by, 2, cards, keep_post, 0.0,
                               as_pone)
    fours = [multiset_index(np.sort(np.append(c >> 2, 3))) for c in cards]
    assert np.allclose(as_pone, keep_post[DEALER, fours])
    Q = lead_model.reply_probabilities(2.0)
    keep_post[6:] = Q
    answered = np.zeros(64)
    _decide.keep_model_weights(0, False, played, played_by, 2, cards, keep_post, 0.0,
                               answered)
    for j, c in enumerate(cards):
        four = np.sort(np.append(c >> 2, 3))
        t = int(np.flatnonzero(four == 3)[0])
        assert answered[j] == pytest.approx(keep_post[DEALER, fours[j]] * Q[4 * 12 + t,
                                                                            fours[j]])


def test_a_damaged_or_wrong_table_is_refused(tmp_path, leads, replies):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(TableFileError, match="bad.npz"):
        lead_model.load(bad)
    wrong = leads.copy()
    a = multiset_index(np.array([4, 4, 9, 12]))  # two fives led to different values
    wrong[a, 1] += 0.5
    lead_model.save(tmp_path / "wrong.npz", wrong, replies, {})
    with pytest.raises(TableFileError, match="not a table of leads"):
        lead_model.load(tmp_path / "wrong.npz")
    answers = replies.copy()
    answers[a, 9, 0] += 0.5  # two fives answering a ten differently
    lead_model.save(tmp_path / "answers.npz", leads, answers, {})
    with pytest.raises(TableFileError, match="not a table of leads"):
        lead_model.load(tmp_path / "answers.npz")
    huge = leads.copy()
    huge[0, 0] = 1e6
    lead_model.save(tmp_path / "huge.npz", huge, replies, {})
    with pytest.raises(TableFileError, match="not a table of leads"):
        lead_model.load(tmp_path / "huge.npz")
    with pytest.raises(TableFileError, match="no such file"):
        lead_model.load(tmp_path / "missing.npz")


def _first_plays(seed: int):
    """A deal played to the dealer's first choice, then to the pone's second: the two
    observations (dealer after the lead, pone after the answer)."""
    from engine import GameState, Phase

    game = GameState.new(seed=seed, first_dealer=0)
    rng = np.random.default_rng(seed)
    seen = []
    while len(seen) < 2:
        seat = game.current_player()
        obs = game.observation(seat)
        if obs.phase is Phase.PLAY and len(obs.legal_cards) > 1 and (
                (not seen and obs.is_dealer) or (seen and not obs.is_dealer)):
            seen.append(obs)
        actions = obs.legal_actions
        game.apply(seat, actions[int(rng.integers(len(actions)))])
    return seen


def test_the_play_says_which_of_the_opponents_choices_it_read(monkeypatch):
    from ai import make_player
    from ai.opponent import READ_BETAS

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "lead=4 reply=2")
    expert = make_player("expert", seed=1)
    dealer, pone = _first_plays(8)
    decision = expert.play(dealer)
    assert decision.reasoning.read == "its lead"
    assert "read from its lead" in decision.reasoning.summary()
    assert expert.play(pone).reasoning.read == "its answer to my lead"
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "")
    assert make_player("expert-2026-11", seed=1).play(dealer).reasoning.read == ""
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "lead=4")
    assert make_player("expert", seed=1).play(pone).reasoning.read == ""
    # how sharply: the fixed sharpness, or the mean of the game's posterior
    assert decision.reasoning.read_at == 4.0 and not decision.reasoning.read_fitted
    assert "its lead, at a sharpness of 4 a point" in decision.reasoning.summary()
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "")
    fitted = make_player("expert", seed=1)
    fitted.new_game(dealer.seat)
    record = fitted.play(dealer).reasoning
    assert record.read_fitted and record.read_at == pytest.approx(np.mean(READ_BETAS))
    assert "about 1.8 a point as its leads this game bear out" in record.summary()
    fitted.read_fit.lead_ll[:] = [-30.0, -30.0, -30.0, 0.0]  # its leads: surely at 4
    assert fitted.play(dealer).reasoning.read_at == pytest.approx(4.0)
    assert fitted.play(pone).reasoning.read_text().startswith("its answer to my lead, at "
                                                              "a sharpness of about 1.8")


# ------------------------------------------------------------- the sharpness, fitted in a game
def _cards_of(ranks) -> tuple[int, ...]:
    """Cards of the sorted ``ranks``, a rank's copies in different suits."""
    return tuple(r * 4 + sum(1 for q in ranks[:i] if q == r) for i, r in enumerate(ranks))


def _distinct_choice(rng, chances_by_position, ranks) -> int:
    """A position of ``ranks`` drawn by its rank's chance (one draw per distinct rank)."""
    firsts = [t for t in range(4) if t == 0 or ranks[t] != ranks[t - 1]]
    p = np.array([chances_by_position[t] for t in firsts])
    return firsts[int(rng.choice(len(firsts), p=p / p.sum()))]


@pytest.mark.parametrize("true_beta", [0.0, 1.0, 4.0])
def test_the_fit_finds_the_sharpness_an_opponent_leads_and_answers_at(true_beta):
    """A synthetic opponent leading and answering by the tables at a known sharpness: 300
    of each single the sharpness out of READ_BETAS."""
    from ai.opponent import READ_BETAS, ReadFit

    rng = np.random.default_rng(int(true_beta * 10) + 5)
    lead_p = lead_model.lead_probabilities(true_beta)
    reply_p = lead_model.reply_probabilities(true_beta)
    fit = ReadFit(me=0)
    for _ in range(300):
        hand = np.sort(rng.choice(52, 4, replace=False))
        ranks = [int(c) >> 2 for c in hand]
        a = multiset_index(np.array(ranks, dtype=np.int64))
        t = _distinct_choice(rng, lead_p[:, a], ranks)
        fit.add_lead(tuple(int(c) for c in hand), int(hand[t]))
        lead = int(rng.choice([c for c in range(52) if c not in hand]))
        u = _distinct_choice(rng, reply_p[4 * (lead >> 2):4 * (lead >> 2) + 4, a], ranks)
        fit.add_reply(tuple(int(c) for c in hand), lead, int(hand[u]))
    lead_w, reply_w = fit.weights()
    assert (fit.leads, fit.replies) == (300, 300)
    assert READ_BETAS[int(np.argmax(lead_w))] == true_beta
    assert READ_BETAS[int(np.argmax(reply_w))] == true_beta
    assert max(lead_w) > 0.9 and max(reply_w) > 0.9


def test_the_fits_chances_are_the_fixed_chances_mixed_by_its_posterior():
    from ai.opponent import READ_BETAS, ReadFit

    fit = ReadFit(me=1)
    assert fit.weights() == ((0.25,) * 4, (0.25,) * 4)  # nothing seen: every sharpness alike
    lead_p = [lead_model.lead_probabilities(b) for b in READ_BETAS]
    reply_p = [lead_model.reply_probabilities(b) for b in READ_BETAS]
    assert np.allclose(fit.rows(), np.concatenate([sum(lead_p) / 4, sum(reply_p) / 4]))
    fit.lead_ll[:] = [-50.0, -50.0, 0.0, -50.0]  # sure of 2 per point, and of 4 for answers
    fit.reply_ll[:] = [-50.0, -50.0, -50.0, 0.0]
    assert np.allclose(fit.rows(), lead_model.reading_rows(2.0, 4.0))
    # a lead is each hand's chance of it at each sharpness (0: any distinct rank alike)
    fit = ReadFit(me=1)
    fit.add_lead((20, 21, 0, 44), 21)  # 5 5 A Q: a five led
    a = multiset_index(np.array([0, 5, 5, 11], dtype=np.int64))
    assert fit.lead_ll[0] == pytest.approx(np.log(1 / 3))
    assert fit.lead_ll.tolist() == pytest.approx(
        [np.log(p[1, a]) for p in lead_p])
    with pytest.raises(ValueError, match="not one of"):
        fit.add_lead((20, 21, 0, 44), 8)


def test_the_fit_reads_a_games_events_as_its_seat_sees_them():
    """Fed one seat's view of a whole game, the fit holds every lead the opponent made as
    pone and every answer it made to this seat's lead, from the hands its shows revealed."""
    from ai import make_player
    from ai.match.driver import game_events
    from ai.opponent import ReadFit
    from engine.events import Dealt, Played, Show, seat_view

    events = list(game_events((make_player("heuristic"), make_player("mueller")), seed=4))
    fit = ReadFit(me=0)
    for event in events:
        fit.observe(seat_view(event, 0))
    expected = ReadFit(me=0)
    dealer, first_two = None, []
    for event in events:  # by hand: each deal's first two cards and seat 1's shown hand
        if isinstance(event, Dealt):
            dealer, first_two = event.dealer, []
        elif isinstance(event, Played) and len(first_two) < 2:
            first_two.append(event)
        elif isinstance(event, Show) and event.what == "hand" and event.seat == 1:
            lead, answer = first_two
            if dealer == 0:
                expected.add_lead(event.cards, lead.card)
            elif lead.seat == 0 and answer.seat == 1:
                expected.add_reply(event.cards, lead.card, answer.card)
    assert fit.leads == expected.leads > 0 and fit.replies == expected.replies > 0
    assert np.allclose(fit.lead_ll, expected.lead_ll)
    assert np.allclose(fit.reply_ll, expected.reply_ll)
    assert not np.allclose(fit.weights()[0], 0.25)
    # a variant's deal (three hands; five cards) is not read: the tables are of this game
    for hands in (((), tuple(range(6)), ()), ((), tuple(range(5)))):
        other = ReadFit(me=1)
        for event in (Dealt(1, 1, hands), Played(0, 8, 3), Played(1, 0, 4),
                      Show(0, "hand", (8, 12, 16, 20), 40)):
            other.observe(event)
        assert other.leads == other.replies == 0


def test_an_expert_reading_at_the_fitted_sharpness_learns_in_its_game(monkeypatch):
    from ai import make_player
    from ai.match import compiled
    from ai.match.driver import DecisionMade, game_events

    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fit")
    expert = make_player("expert", seed=1)
    expert.play_samples = 64  # (fewer sampled hands: a quicker game, the same reading)
    assert expert.reads_fitted and expert.read_fit is None
    assert make_player("expert-2026-11").reads_fitted is False  # the bar never reads
    # it learns from the game's events: the referee plays it, not the compiled loop
    assert not compiled.compiled((expert, make_player("random")))
    events = list(game_events((expert, make_player("mueller")), seed=2))
    fit = expert.read_fit
    assert fit is not None and fit.leads + fit.replies >= 4
    tables = expert.kernel_tables().keep_post
    assert tables.shape == (58, N_FOUR) and np.allclose(tables[2:], fit.rows())
    reads = {e.decision.reasoning.read for e in events
             if isinstance(e, DecisionMade) and e.seat == 0
             and getattr(e.decision.reasoning, "read", "")}
    assert reads == {"its lead", "its answer to my lead"}
    expert.new_game(0)  # a new game starts unread
    assert expert.read_fit.leads == expert.read_fit.replies == 0


def test_the_train_command_writes_a_table_the_expert_loads(tmp_path, capsys, monkeypatch,
                                                           leads, replies):
    """`cribbage train expert-leads --out` writes what the builder gives (the builder itself
    is checked against the shipped table above; the whole build is 100 s on 2 cores) as a
    table ``lead_model.load`` accepts, and says so."""
    from cribbage_gui.cli import main

    asked = []

    def built(workers, progress=None, backend=None):
        asked.append(workers)
        progress(2 * N_FOUR)
        return leads, replies

    monkeypatch.setattr(expert_build, "lead_table", built)
    out = tmp_path / "leads.npz"
    assert main(["train", "expert-leads", "--workers", "1", "--out", str(out)]) == 0
    assert asked == [1]
    assert "wrote" in capsys.readouterr().out
    L, R = lead_model.load(out)
    assert np.array_equal(L, leads) and np.array_equal(R, replies)


def test_a_damaged_table_stops_the_expert_before_its_game_not_in_it(tmp_path, monkeypatch):
    """The expert reads leads from the first deal on: a damaged table is refused when the
    player is made (one clear error naming the rebuild), never mid-game; the bar, which
    reads none, is made as ever."""
    import shutil

    from ai import make_player
    from ai.paths import ASSETS

    for name in ASSETS.iterdir():
        if name.is_file():
            shutil.copy(name, tmp_path / name.name)
    (tmp_path / lead_model.FILE).write_bytes(b"PK\x03\x04 not a table")
    monkeypatch.setenv("CRIBBAGE_ASSETS", str(tmp_path))
    with pytest.raises(TableFileError, match="cribbage train expert-leads"):
        make_player("expert")
    assert make_player("expert-2026-11").read_fit is None


def test_a_resumed_game_reads_as_the_game_it_resumes():
    """Saved mid-game (the expert's generator with it) and resumed into a fresh expert, the
    game ends as the uninterrupted one did, with the same fit: the expert sees the
    game's events again, so it has read every lead and answer the game showed."""
    import json

    from ai import make_player
    from ai.match.driver import game_events
    from engine.state import GameState

    def players():
        expert = make_player("expert", seed=1)
        expert.play_samples = 64  # (a quicker game; the reads are the same)
        return expert, make_player("mueller")

    whole = players()
    full = list(game_events(whole, seed=6, index=0))
    first = players()
    game = GameState.new(full[0].seed, first_dealer=0)
    stream = game_events(first, seed=6, index=0, game=game)
    for _ in range(len(full) // 2):
        next(stream)
    assert first[0].read_fit.leads + first[0].read_fit.replies > 0
    states = tuple(json.loads(json.dumps(p.random_state())) for p in first)
    again = players()
    rest = list(game_events(again, seed=6, index=0, game=GameState.from_json(game.to_json()),
                            rng_states=states))
    assert rest[-1] == full[-1]
    assert again[0].read_fit.weights() == whole[0].read_fit.weights()
    assert (again[0].read_fit.leads, again[0].read_fit.replies) == (
        whole[0].read_fit.leads, whole[0].read_fit.replies)


def test_the_advice_reads_the_opponent_as_the_expert_in_that_seat_of_that_game():
    """The hint, the play's figures and the review ask the expert as it would be at that
    moment of that game: reading the opponent's leads and answers by what the game has
    shown so far (``ai.advice.reads_seen``), so at every card it played, an expert seeded as
    the advisor is gives exactly the hint's decision; a discard reads nothing. Without the
    game's reads the advice is the expert's at a game's start, which differs."""
    from ai import advice, make_player
    from ai.match.driver import refereed_game
    from ai.opponent import ReadFit
    from ai.players.expert import ExpertPlayer
    from cribbage_gui.services.review import review_game
    from engine import Phase

    class Seated(ExpertPlayer):  # seeded by the moment, as the advisor is
        def decide(self, obs):
            self.rng = np.random.default_rng(advice.moment_seed(obs))
            reads = self.read_fit.reads()
            decision = super().decide(obs)
            asked.append((obs, decision, reads))
            return decision

    asked: list = []
    _, game = refereed_game((Seated(seed=1), make_player("mueller", seed=2)), 8, 0)
    plays = [(o, d, r) for o, d, r in asked if o.phase is Phase.PLAY and len(o.legal_cards) > 1]
    assert len(plays) > 20 and plays[-1][2] != ReadFit(0).reads()
    prior = 0
    for obs, decision, reads in plays:
        assert repr(advice.hint(obs, reads=reads)) == repr(decision)
        prior += repr(advice.hint(obs)) != repr(decision)
    assert prior > 0  # the reads change what the advice says
    # the review reads the same from the whole game's events before each decision
    review = review_game(game, ("expert", "mueller"))
    mine = [d for d in review.decisions if d.seat == 0 and d.kind == "play"]
    assert len(mine) >= 10 and all(d.is_best and d.win_prob_lost == 0.0 for d in mine)
    # a discard is the same whatever has been read
    obs, decision, reads = next(a for a in asked if a[0].phase is Phase.DISCARD
                                and a[0].deal > 3)
    sharp = ((0.0, -9.0, -9.0, 0.0), (-9.0, 0.0, -9.0, -9.0))
    assert repr(advice.hint(obs, reads=sharp)) == repr(advice.hint(obs)) == repr(decision)
