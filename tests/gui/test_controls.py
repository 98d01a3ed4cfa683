"""The game bar draws the state the game publishes: the rule (controls_state, a pure function
of the moment) phase by phase and against the engine's legal actions, the bar drawing a
state, and the window's game publishing what its bar shows."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ai.players.human import HumanPlayer
from cribbage_gui.table.controls_state import ControlsState, controls_state
from engine import Claim, GameState, Phase, PlayCard, Toss
from engine.actions import GO
from engine.state import TERMINAL
from tests.gui.helpers import TIMEOUT, click_card, my_hand, wait_for_input

NOTHING = ControlsState()


# ---------------------------------------------------------------------- the rule, by phase
@pytest.mark.parametrize("phase", [None, Phase.GAME_OVER])
def test_not_the_persons_turn_offers_nothing(phase):
    """The computer's turn, the show running, the game over, or no game: no Throw, no
    claim, no Hint."""
    assert controls_state(phase) == NOTHING
    assert controls_state(phase, chosen=2) == NOTHING  # a choice left over counts for nothing


@pytest.mark.parametrize("chosen", [0, 1, 2])
def test_the_discard_throws_once_two_cards_are_chosen(chosen):
    state = controls_state(Phase.DISCARD, chosen)
    assert state == ControlsState(throw_shown=True, throw_enabled=chosen == 2,
                                  hint_enabled=True)


def test_the_play_offers_the_hint_and_no_throw_or_claim():
    """A card to play: a click on it plays it; the bar has only the hint (a go is never
    asked for: see test_a_forced_go_is_not_asked_of_the_person)."""
    assert controls_state(Phase.PLAY) == ControlsState(hint_enabled=True)
    assert controls_state(Phase.PLAY, chosen=2) == ControlsState(hint_enabled=True)


def test_counting_the_show_claims_a_count():
    assert controls_state(Phase.COUNT) == ControlsState(claim_shown=True, claim_pegging=False)


def test_pegging_in_the_play_claims_points():
    assert controls_state(Phase.PEG) == ControlsState(claim_shown=True, claim_pegging=True)


@pytest.mark.parametrize("phase", [None, Phase.DISCARD, Phase.PLAY, Phase.COUNT, Phase.PEG])
@pytest.mark.parametrize(("undo", "can_undo"), [(False, False), (True, False), (True, True)])
def test_undo_and_the_match_line_are_shown_whatever_the_moment(phase, undo, can_undo):
    state = controls_state(phase, 0, undo, can_undo, "Best of 3: you 1 – 0")
    assert (state.undo_shown, state.undo_enabled) == (undo, can_undo)
    assert state.match == "Best of 3: you 1 – 0"


def test_the_bar_offers_what_the_engine_allows_at_every_decision():
    """Whole games, the first seat counting and pegging by hand: at each of its decisions
    the bar shows Throw for a discard, the claim for a count or pegging, and the hint for a
    discard or a card, exactly when the engine's legal actions are of that kind."""
    rng = np.random.default_rng(3)
    seen = set()
    for seed in range(3):
        game = GameState.new(seed, manual_count=(True, False), manual_pegging=(True, False))
        while (seat := game.current_player()) != TERMINAL:
            obs = game.observation(seat)
            legal = obs.legal_actions
            if seat == 0 and legal != (GO,):
                state = controls_state(obs.phase, 2 if obs.phase is Phase.DISCARD else 0)
                tosses = any(isinstance(a, Toss) for a in legal)
                assert state.throw_shown == state.throw_enabled == tosses
                assert state.claim_shown == all(isinstance(a, Claim) for a in legal)
                assert state.claim_pegging == (state.claim_shown and obs.phase is Phase.PEG)
                assert state.hint_enabled == (tosses or all(isinstance(a, PlayCard)
                                                            for a in legal))
                seen.add(obs.phase)
            game.apply(seat, legal[rng.integers(len(legal))])
        assert controls_state(game.phase) == NOTHING
    assert seen == {Phase.DISCARD, Phase.PLAY, Phase.COUNT, Phase.PEG}


def test_a_forced_go_is_not_asked_of_the_person():
    """When no card fits, go is the only legal action and the person is not asked: there
    is no Go control, the bar stays as it is between turns."""
    for seed in range(20):
        game = GameState.new(seed)
        rng = np.random.default_rng(seed)
        while (seat := game.current_player()) != TERMINAL:
            obs = game.observation(seat)
            if obs.phase is Phase.PLAY and obs.legal_actions == (GO,):
                asked = []
                decision = HumanPlayer(on_turn=asked.append).decide(obs)
                assert decision.action == GO and asked == []
                return
            game.apply(seat, obs.legal_actions[rng.integers(len(obs.legal_actions))])
    raise AssertionError("no forced go in 20 games")


# ---------------------------------------------------------------------- the bar draws it
def test_the_bar_draws_the_state_it_is_given(qtbot):
    from cribbage_gui.table.controls import GameBar

    bar = GameBar()
    qtbot.addWidget(bar)
    bar.show()
    bar.activateWindow()
    qtbot.waitUntil(bar.isActiveWindow, timeout=3000)  # focus goes to the active window

    def drawn():
        return ControlsState(
            throw_shown=bar.throw_button.isVisible(), throw_enabled=bar.throw_button.isEnabled(),
            claim_shown=bar.claim_spin.isVisible() and bar.claim_button.isVisible(),
            claim_pegging=bar.claim_button.isVisible() and bar.claim_button.text() == "Peg",
            hint_enabled=bar.hint_button.isEnabled(), undo_shown=bar.undo_button.isVisible(),
            undo_enabled=bar.undo_button.isEnabled(), match=bar.match_label.text())

    states = [controls_state(None, 0, True, False, "Against Random"),
              controls_state(Phase.DISCARD, 1, True, False, "Against Random"),
              controls_state(Phase.DISCARD, 2, True, True, "Against Random"),
              controls_state(Phase.PLAY, 0, False, False, "Best of 3: you 0 – 0"),
              controls_state(Phase.COUNT),
              controls_state(None),
              controls_state(Phase.PEG)]
    for state in states:
        bar.show_state(state)
        assert bar.controls == state
        assert drawn() == state
        if state.claim_shown:
            assert bar.claim_spin.prefix() == ("Peg: " if state.claim_pegging
                                               else "My count: ")
    # a claim starts at 0, the number ready to type over; redrawn, it keeps what was typed
    bar.show_state(controls_state(None))
    bar.claim_spin.setValue(7)
    bar.continue_button.setFocus()  # elsewhere (the disabled Hint cannot take it)
    assert bar.continue_button.hasFocus()
    bar.show_state(controls_state(Phase.COUNT))
    assert bar.claim_spin.value() == 0 and bar.claim_spin.hasFocus()
    bar.claim_spin.setValue(9)
    bar.show_state(controls_state(Phase.COUNT))
    assert bar.claim_spin.value() == 9


def test_the_windows_bar_shows_what_the_game_publishes(qtbot, make_window):
    window = make_window()
    published = []
    window.playing.controls_changed.connect(published.append)
    window.games.start_match("random", seed=2)
    wait_for_input(qtbot, window)
    bar = window.game_bar
    assert window.playing.obs.phase is Phase.DISCARD
    assert published[-1] == bar.controls == window.playing.controls() == controls_state(
        Phase.DISCARD, 0, True, False, "Against Random")
    hand = my_hand(window)
    click_card(qtbot, window, hand[0])
    click_card(qtbot, window, hand[1])
    assert published[-1] == bar.controls == controls_state(
        Phase.DISCARD, 2, True, False, "Against Random")
    assert bar.throw_button.isEnabled()
    qtbot.mouseClick(bar.throw_button, Qt.MouseButton.LeftButton)
    assert published[-1].throw_shown is False  # the computer's turn, or the play's
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs.phase is Phase.PLAY, timeout=TIMEOUT)
    assert bar.controls == controls_state(Phase.PLAY, 0, True, True, "Against Random")
    assert bar.undo_button.isEnabled() and not bar.throw_button.isVisible()
    window.playing.stop()
    assert bar.controls == NOTHING and bar.match_label.text() == ""
