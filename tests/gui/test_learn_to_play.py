"""Learn to play: the guided first game (Help → Learn to play, and the welcome's button), its
prepared deals bringing up every step of a game, the coach's words for each step and for a
wrong action, and Skip."""

import pytest
from PySide6.QtCore import Qt

from ai import named_levels
from cribbage_gui.app.settings import Settings
from cribbage_gui.dialogs.dialogs import LEARN, WelcomeDialog
from cribbage_gui.services import lessons
from cribbage_gui.services.lessons import CONTINUE, STEPS, Coach, explain_refusal
from engine import GameState, Phase, PlayCard, score_hand, why_illegal
from engine.cards import card_label, parse_cards
from engine.events import Scored, Show
from engine.state import stacked_deck
from tests.gui.conftest import make_settings
from tests.gui.helpers import TIMEOUT, click_card, my_hand, take_turn, wait_for_input

# every step of a game the issue names, by the lesson's key (the welcome and the game's end
# are the lesson's own beginning and end)
ISSUE_STEPS = ("cut", "deal", "crib", "starter", "his_heels", "play", "fifteen", "31",
               "pair", "run", "go", "show_pone", "show_dealer", "show_crib", "board", "skunk")


def help_action(window, text):
    bar = window.menuBar()
    menu = next(a.menu() for a in bar.actions() if a.text() == "&Help")
    return next(a for a in menu.actions() if a.text() == text)


def start_lesson(qtbot, window):
    help_action(window, "&Learn to play").trigger()
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    or window.game_bar.continue_button.isVisible(), timeout=TIMEOUT)


def to_my_turn(qtbot, window, phase):
    """Continue (and play simply) until the person's turn in ``phase``."""
    for _ in range(200):
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is phase:
            return obs
        take_turn(qtbot, window)
    raise AssertionError(f"no turn in {phase}")


def test_the_help_menu_starts_the_lesson_against_the_beginner(make_window, qtbot):
    window = make_window()
    start_lesson(qtbot, window)
    assert window.playing.lesson and window.coaching.coach is not None
    assert window.playing.current_setup().opponent == named_levels()[0].player.name
    assert window.coach_panel.isVisible()
    assert "cut" in window.coaching.coach.said and "The cut for deal" in window.coach_panel.words()
    assert Settings.load(window.qsettings).lesson == "taken"
    assert "Learning to play" in window.game_bar.match_label.text()
    # the game is the engine's, on the prepared deals: the person deals first
    game = window.playing.controller.game
    assert game.decks[0] == lessons.lesson_decks()[0] and game.dealer == 0


def test_the_welcome_offers_learn_to_play(qtbot, tmp_path):
    dialog = WelcomeDialog("mueller")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.learn, Qt.MouseButton.LeftButton)
    assert dialog.result() and dialog.choice() == LEARN

    from cribbage_gui.windows.main_window import MainWindow

    qs = make_settings(tmp_path, welcomed=False)
    window = MainWindow(data_dir=tmp_path, qsettings=qs)
    qtbot.addWidget(window)
    window.show()
    window.games.startup(ask=lambda s: True, welcome=lambda: LEARN)
    qtbot.waitUntil(lambda: window.playing.lesson, timeout=TIMEOUT)
    settings = Settings.load(qs)
    assert settings.welcomed and settings.lesson == "taken"
    assert settings.opponent == "mueller"  # the level chosen before is kept for later
    window.close()


def test_the_prepared_deals_bring_every_step_and_the_show_names_each_combination(
        make_window, qtbot):
    """The person plays simply (the first two cards thrown, the first card that fits
    played); the engine referees; every step of the issue comes up in the prepared
    deals, and then the coach leaves the person on their own."""
    window = make_window()
    start_lesson(qtbot, window)
    coach = window.coaching.coach
    shown_words = []
    window.presenter.shown.connect(lambda _e: shown_words.append(window.coach_panel.words()))
    turns = 0
    while not coach.quiet:
        assert take_turn(qtbot, window)
        turns += 1
        assert turns < 400
    assert set(ISSUE_STEPS) <= set(coach.said), set(ISSUE_STEPS) - set(coach.said)
    assert coach.said[-1] == "own" and coach.missed() == ""
    events = window.playing.controller.game.events
    heels = [e for e in events if isinstance(e, Scored) and e.source == "his_heels"]
    assert heels and heels[0].seat == 0  # the jack turned for the person, who dealt
    kinds = {i.kind for e in events if isinstance(e, Scored) and e.source == "pegging"
             for i in e.items} | {e.reason for e in events if isinstance(e, Scored)}
    assert {"fifteen", "31", "pair", "run", "go"} <= kinds
    # the show in order, pone's hand first, each count's combinations named with its cards
    shows = [(e.seat, e.what) for e in events if isinstance(e, Show)][:3]
    assert shows == [(1, "hand"), (0, "hand"), (0, "crib")]
    first_count = next(e for e in events if isinstance(e, Scored) and e.source == "hand")
    named = [w for w in shown_words if "The show: the pone's hand" in w]
    assert named and any(f"Here {first_count.points}:" in w for w in named)
    for item in first_count.items:  # every one, none left as "and 2 more"
        cards = " ".join(card_label(c) for c in item.cards)
        assert any(cards in w for w in named), item
    assert not any("more." in w for w in named)
    # on their own: the panel's button only puts it away (the lesson was taken, not skipped)
    assert window.coach_panel.skip.text() == "Close"
    qtbot.mouseClick(window.coach_panel.skip, Qt.MouseButton.LeftButton)
    assert not window.coach_panel.isVisible()
    assert Settings.load(window.qsettings).lesson == "taken"


def test_a_wrong_action_is_explained_and_changes_nothing(make_window, qtbot):
    window = make_window()
    start_lesson(qtbot, window)
    # a card clicked while the table waits for Continue: explained, nothing moves
    qtbot.mouseClick(window.game_bar.continue_button, Qt.MouseButton.LeftButton)  # the cut
    qtbot.waitUntil(lambda: window.coach_panel.said.step == "deal", timeout=TIMEOUT)
    assert window.game_bar.continue_button.isVisible()
    hand = my_hand(window)
    click_card(qtbot, window, hand[0])
    assert window.coach_panel.said.title == "Not yet"
    assert "press Continue" in window.coach_panel.said.text
    assert my_hand(window) == hand and window.playing.obs is None
    # a third card for the crib: refused, in words, the two chosen stay chosen
    obs = to_my_turn(qtbot, window, Phase.DISCARD)
    hand = my_hand(window)
    click_card(qtbot, window, hand[0])
    click_card(qtbot, window, hand[1])
    click_card(qtbot, window, hand[2])
    assert window.coach_panel.said.title == "Not that"
    assert "exactly two" in window.coach_panel.said.text
    assert window.table.selected == {hand[0], hand[1]} and window.playing.obs is obs


def test_a_wrong_count_by_hand_is_explained(make_window, qtbot):
    window = make_window(manual_count=True)
    start_lesson(qtbot, window)
    obs = to_my_turn(qtbot, window, Phase.COUNT)
    assert "type its points" in window.coach_panel.said.next
    window.game_bar.claim_spin.setValue(0)
    qtbot.mouseClick(window.game_bar.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.coach_panel.said.title == "Your count", timeout=TIMEOUT)
    _seat, what, cards = obs.show
    holds = score_hand(cards, obs.starter, is_crib=what == "crib")
    assert holds > 0
    assert f"You claimed 0, but your {what} holds {holds}: you peg 0" \
        in window.coach_panel.said.text


def test_a_card_past_31_is_explained_in_the_engines_terms():
    """The engine's own refusal (``why_illegal``) for a card that would pass 31 becomes the
    coach's sentence with the count it would make."""
    deck = stacked_deck(parse_cards("KC KD QC QD 2C 3C"), parse_cards("KH KS QH JD 9S 8S"))
    game = GameState.new(1, first_dealer=1, decks=[deck])
    game.apply(0, game.observation(0).legal_actions[-1])  # throws 2C 3C
    game.apply(1, next(a for a in game.observation(1).legal_actions
                       if set(a.cards) == set(parse_cards("9S 8S"))))
    for seat, card in ((0, "KC"), (1, "KH"), (0, "QC")):  # the count reaches 30
        game.apply(seat, PlayCard(parse_cards(card)[0]))
    obs = game.observation(1)
    reason = why_illegal(obs, PlayCard(parse_cards("KS")[0]))
    assert reason == "that would make 40"
    coach = Coach(("You", "Beginner"))
    said = coach.on_refused(reason)
    assert said.title == "Not that" and "40, past 31" in said.text
    assert explain_refusal("something new") == "Something new"  # never silent


def test_skip_ends_the_lesson_and_the_game_goes_on(make_window, qtbot):
    window = make_window()
    start_lesson(qtbot, window)
    to_my_turn(qtbot, window, Phase.DISCARD)
    qtbot.mouseClick(window.coach_panel.skip, Qt.MouseButton.LeftButton)
    assert window.coaching.coach is None and not window.coach_panel.isVisible()
    assert Settings.load(window.qsettings).lesson == "skipped"
    hand = my_hand(window)
    take_turn(qtbot, window)  # the game goes on: the throw is taken
    qtbot.waitUntil(lambda: len(my_hand(window)) == 4, timeout=TIMEOUT)
    assert set(my_hand(window)) == set(hand[2:])
    assert not window.coach_panel.isVisible()


def test_a_game_started_from_the_game_over_box_ends_the_lesson(make_window, qtbot):
    """Play again (the game-over box) starts the next game through the game part, not the
    window: the coach leaves with the lesson."""
    window = make_window()
    start_lesson(qtbot, window)
    window.playing.start_match("random")
    qtbot.waitUntil(lambda: window.coaching.coach is None, timeout=TIMEOUT)
    assert not window.coach_panel.isVisible() and not window.playing.lesson


def test_a_new_game_started_during_the_show_leaves_nothing_of_it(make_window, qtbot):
    """Regression (seen in the screenshots after the lesson): a game stopped while the show
    waited left its Continue button and its count's words on the next game's table."""
    window = make_window()
    start_lesson(qtbot, window)
    for _ in range(200):
        wait_for_input(qtbot, window)
        if window.table.show_words.text:
            break
        take_turn(qtbot, window)
    assert window.table.show_words.text and window.game_bar.continue_button.isVisible()
    window.games.start_match("random", seed=3)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert not window.game_bar.continue_button.isVisible()
    assert window.table.show_words.text == ""


def test_the_lesson_is_neither_saved_nor_put_over_a_saved_game(make_window, qtbot):
    window = make_window()
    window.games.start_match("heuristic", seed=5)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    start_lesson(qtbot, window)
    to_my_turn(qtbot, window, Phase.PLAY)
    saved = window.saves.read()
    assert saved.setup.opponent == "heuristic" and saved.setup.seed == 5
    assert window.playing.saved() is None  # closing the window keeps the lesson out


@pytest.mark.parametrize("key", sorted(STEPS))
def test_every_step_says_what_happened_and_what_to_do_next(key):
    step = STEPS[key]
    assert step.title and len(step.text) > 20 and step.next
    if step.wait:  # the table waits: the way on is Continue
        assert step.next.startswith(CONTINUE)


def test_the_lesson_texts_cover_every_step_the_issue_names():
    """Every step named in the issue has words, and each is said for its event: a data
    test over the lesson, tied to the engine's events."""
    assert set(ISSUE_STEPS) <= set(STEPS)
    coach = Coach(("You", "Beginner"))
    from engine.events import CutForDeal, Dealt, SaidGo, StarterCut
    from engine.scoring import ScoreItem

    c = parse_cards
    assert coach.on_event(CutForDeal((c("3C")[0], c("9D")[0]), 0)).step == "cut"
    assert coach.on_event(Dealt(1, 0, (tuple(c("5C 5D 5H 6C AS 4H")),
                                       tuple(c("KC KD QC QD TC TH"))))).step == "deal"
    assert coach.on_event(StarterCut(c("JS")[0])).step == "starter"
    heels = Scored(0, 2, "his_heels", "his heels", (), 2)
    assert coach.on_event(heels).step == "his_heels"
    for kind, cards in (("fifteen", "KC 5C"), ("31", "KC KD 5C 6C"), ("pair", "KC KD"),
                        ("run", "3C 4D 5H")):
        e = Scored(1, 2, "pegging", kind, (ScoreItem(kind, tuple(c(cards)), 2),), 4)
        said = coach.on_event(e)
        assert said.step == kind and said.wait
        assert kind == "run" or said.text.startswith("The computer")  # who scored
        assert " ".join(card_label(x) for x in c(cards)) in said.text  # its cards named
    assert coach.on_event(SaidGo(1, 28)).step == "go"
    assert coach.on_event(Show(1, "hand", tuple(c("KC KD QC QD")), c("JS")[0])).step \
        == "show_pone"
    assert coach.on_event(Show(0, "hand", tuple(c("5C 5D 5H 6C")), c("JS")[0])).step \
        == "show_dealer"
    assert coach.on_event(Show(0, "crib", tuple(c("AS 4H TC TH")), c("JS")[0])).step \
        == "show_crib"
    assert coach.on_event(Dealt(2, 1, ((), ()))).step == "board"
    assert "90" in STEPS["skunk"].text and "121" in STEPS["board"].text


def _lesson_steps(rng, beginner, scoring_first: bool) -> set:
    """The play's steps the prepared deals bring in one game: the beginner against a person
    choosing at random (or playing a scoring card whenever there is one)."""
    from engine.events import SaidGo

    game = GameState.new(rng.integers(1 << 32), decks=lessons.lesson_decks(),
                         cuts=lessons.lesson_cuts())
    while game.deal_number <= lessons.DEALS and not game.is_over:
        seat = game.to_play if game.phase is not Phase.DISCARD else \
            (0 if game.tosses[0] is None else 1)
        obs = game.observation(seat)
        if seat == lessons.LEARNER_SEAT:
            options = list(obs.legal_actions)
            scoring = lessons.scoring_cards(obs) if scoring_first else []
            action = PlayCard(scoring[rng.integers(len(scoring))]) if scoring \
                else options[rng.integers(len(options))]
        else:
            action = beginner.decide(obs).action
        game.apply(seat, action)
    steps = {i.kind for e in game.events if isinstance(e, Scored) for i in e.items}
    steps |= {e.source for e in game.events if isinstance(e, Scored)}
    if any(isinstance(e, SaidGo) for e in game.events):
        steps.add("go")
    return steps


@pytest.mark.parametrize(("scoring_first", "least"), [(False, 0.75), (True, 0.88)])
def test_the_prepared_deals_bring_the_steps_whatever_the_person_chooses(scoring_first,
                                                                          least):
    """Measured, as the lesson's docstring states: over 150 games against the beginner
    (its own random choices), with the person choosing at random or playing a scoring card
    when there is one, each step of the play comes up in most games, his heels in all."""
    import numpy as np

    from ai import make_player

    rng = np.random.default_rng(29)
    beginner = make_player("random", seed=29)
    games = [_lesson_steps(rng, beginner, scoring_first) for _ in range(150)]
    assert all("his_heels" in g for g in games)
    for step in ("fifteen", "31", "pair", "run", "go"):
        share = sum(step in g for g in games) / len(games)
        assert share >= least, (step, share)


def test_every_refusal_the_coach_explains_is_one_the_program_gives():
    """The coach's beginner words are keyed on the engine's and the window's own refusal
    messages: a reworded message would leave its words unused, so each key must still be
    found in the code that refuses."""
    import inspect

    from cribbage_gui.table.game import Playing

    refusing = (inspect.getsource(why_illegal) + inspect.getsource(Playing)).lower()
    for key, _words in lessons.REFUSALS:
        assert key in refusing, key
        assert explain_refusal(key) != key.capitalize()  # explained, not echoed


def test_the_guided_game_shows_and_explains_nobs_a_flush_a_double_run_a_go_and_31(
        make_window, qtbot):
    """Played through as a simple person plays (the first two cards thrown, the first card
    that fits): every show of the prepared deals is counted in words, not only the first
    deal's; a flush, his nobs and a double run come up in them and are explained when
    they first do, as a go and 31 are in the play; the closing note sums up every way to
    score."""
    from engine.events import Dealt

    window = make_window()
    start_lesson(qtbot, window)
    coach = window.coaching.coach
    seen = []  # (event, the coach's words once it is shown)
    window.presenter.shown.connect(lambda e: seen.append((e, window.coach_panel.words())))
    turns = 0
    while not coach.quiet:
        assert take_turn(qtbot, window)
        turns += 1
        assert turns < 400
    deal, counts = 0, []
    for e, words in seen:
        if isinstance(e, Dealt):
            deal = e.deal
        elif isinstance(e, Scored) and e.source in ("hand", "crib") and deal <= lessons.DEALS:
            counts.append((deal, e, words))
    assert len(counts) == 3 * lessons.DEALS  # pone's hand, dealer's hand, crib, each deal
    for deal, e, words in counts:  # each count said in words, with every combination
        assert (f"Here {e.points}:" if e.items else "Here nothing scores") in words, deal
        for item in e.items:
            assert " ".join(card_label(c) for c in item.cards) in words, (deal, item)
    for kind, explained in lessons.SHOW_WORDS.items():
        first = next((words for _d, e, words in counts if kind in lessons.show_kinds(e)), None)
        assert first is not None, f"no {kind} in the prepared deals' shows"
        assert explained in first, kind  # explained when it first comes
        assert kind in coach.said
    for step in ("go", "31"):  # the play's, explained as they come
        assert step in coach.said
        assert any(w.startswith(STEPS[step].title + ".") for _e, w in seen), step
    closing = window.coach_panel.words()
    assert coach.said[-1] == "own" and lessons.RECAP in closing
    assert "nobs" in closing and "flush" in closing and "Not seen" not in closing


def test_after_the_guided_deals_scoring_drills_open_the_trainer_on_the_lessons_drills(
        make_window, qtbot):
    window = make_window()
    start_lesson(qtbot, window)
    panel = window.coach_panel
    assert not panel.drills.isVisible()  # not during the guided deals
    coach = window.coaching.coach
    turns = 0
    while not coach.quiet:
        assert take_turn(qtbot, window)
        turns += 1
        assert turns < 400
    assert panel.drills.isVisible() and panel.drills.accessibleName() == "Scoring drills"
    assert "Scoring drills" in panel.said.next
    qtbot.mouseClick(panel.drills, Qt.MouseButton.LeftButton)
    trainer = window.dialogs.counting_window
    assert trainer is not None and trainer.isVisible()
    drills = lessons.lesson_drills()
    for expected in drills[:3]:  # each in turn, answered by keyboard
        assert trainer.drill == expected
        qtbot.waitUntil(trainer.answer.hasFocus, timeout=2000)  # typed at once
        qtbot.keyClicks(trainer.answer, str(expected.total))
        qtbot.keyClick(trainer.answer, Qt.Key.Key_Return)
        assert trainer.verdict is not None and trainer.verdict.correct
        qtbot.keyClick(trainer.next_button, Qt.Key.Key_Return)
    assert trainer.drill == drills[3]
    trainer.close()
