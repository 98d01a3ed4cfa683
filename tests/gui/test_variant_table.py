"""A variant's game in the main window: five-card against the computer, three players, and
four in partnership, played to the end through the table's clicks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from cribbage_gui.app.texts import YOU
from engine import GameState, Phase
from engine.rules import VARIANTS
from tests.gui.helpers import TIMEOUT, click_card, my_hand, play_to_the_end, wait_for_input

GAMES = {  # variant: the computer players, from the person's left round
    "five-card": ("heuristic",),
    "three-player": ("heuristic", "random"),
    "four-player": ("random", "heuristic", "random"),
}


def start(window, variant: str, seed: int = 5):
    others = GAMES[variant]
    window.games.start_match(others[0], seed=seed, variant=variant, others=others)
    return window.playing.current_setup()


def throw(count):
    return lambda obs, hand: hand[:count]


@pytest.mark.parametrize("variant", tuple(GAMES))
def test_a_variant_plays_to_the_end_through_the_table(make_window, qtbot, variant):
    rules = VARIANTS[variant]
    window = make_window()
    setup = start(window, variant)
    model = window.presenter.model
    assert model.rules == rules and len(model.names) == rules.players
    assert window.board.tracks == rules.sides and window.board.target == rules.target
    over = play_to_the_end(qtbot, window, discard=throw(rules.cards_to_crib))
    assert over is not None
    game = window.playing.controller.game
    assert game.is_over and game.rules == rules
    # the table and the board end where the referee does, by side
    assert tuple(model.scores) == tuple(game.scores) == tuple(over.scores)
    assert window.board.scores == list(game.scores)
    assert max(game.scores) >= rules.target
    # the game replays from its record as the same variant
    again = GameState.from_record(game.to_record())
    assert again.rules == rules and again.scores == game.scores
    assert setup.variant == variant
    # kept in the history under its variant, and the person's decisions rated in points
    qtbot.waitUntil(lambda: window.dialogs.game_over_box is not None, timeout=TIMEOUT)
    assert window.history.totals(variant)["games"] == 1
    assert window.history.totals()["games"] == 0  # the six-card figures are apart
    qtbot.waitUntil(lambda: len(window.playing.ratings) > 3, timeout=TIMEOUT)
    box = window.dialogs.game_over_box
    assert box.review_button.isVisible()  # the review window takes every variant


def test_the_crib_takes_one_card_from_each_and_one_from_the_deck(make_window, qtbot):
    window = make_window()
    start(window, "three-player", seed=11)
    wait_for_input(qtbot, window)
    obs = window.playing.obs
    assert obs.phase is Phase.DISCARD and len(my_hand(window)) == 5
    model = window.presenter.model
    assert model.crib_backs == 1  # the deck's card, face down on the crib
    # the others' face-down cards: five, less the one thrown by those who threw first
    assert [model.hidden[seat] + len(model.tossed[seat]) for seat in model.others] == [5, 5]
    # one card to throw: Throw is ready once one is chosen, and a second click moves it
    first, second = my_hand(window)[:2]
    click_card(qtbot, window, first)
    assert window.game_bar.throw_button.isEnabled()
    click_card(qtbot, window, second)
    assert window.table.selected == {second}
    qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(my_hand(window)) == 4, timeout=TIMEOUT)
    assert second not in my_hand(window)


def test_four_players_sit_with_the_partner_across(make_window, qtbot):
    window = make_window()
    start(window, "four-player")
    model = window.presenter.model
    assert model.names == (YOU, "West", "North", "East")
    assert model.side_names == ("You and North", "West and East")
    assert window.board.names == ["You and North", "West and East"]
    assert window.playing.match_line() == ("Four players: your partner North (Heuristic pegger); "
                                           "against West (Random) and East (Random)")
    wait_for_input(qtbot, window)
    # each other hand has its own place along the top, left to right from the person's left
    table = window.table
    centres = []
    for seat in model.others:
        backs = [item for key, item in table.card_items.items()
                 if isinstance(key, tuple) and key[0] == "back" and key[1] == seat]
        assert len(backs) == model.hidden[seat] > 0
        centres.append(sum(item.target.x() for item in backs) / len(backs))
    assert centres == sorted(centres)


def test_the_registry_says_which_players_play_each_variant():
    """The New game dialog offers a variant's seats the players the registry names for it
    (without building each player): what each player says it plays."""
    from ai.registry import available_players, make_builtin_player

    for info in available_players():
        assert info.variants == make_builtin_player(info.name).variants, info.name


def test_the_new_game_dialog_offers_the_variants_and_their_seats(qtbot):
    from cribbage_gui.dialogs.dialogs import NewGameDialog, Settings
    from cribbage_gui.table.controller import TWO_PLAYERS

    dialog = NewGameDialog(Settings(opponent="weights"))
    qtbot.addWidget(dialog)
    dialog.show()

    def offered(combo):
        return [combo.itemData(i) for i in range(combo.count())]

    assert dialog.choice().variant == "six-card"  # the standard game, as before
    assert "weights" in offered(dialog.opponent) and TWO_PLAYERS in offered(dialog.opponent)
    assert not dialog.seat_combos[0].isVisible() and dialog.match.isVisible()
    # five-card: an opponent among the players that play it; a single game
    dialog.variant.setCurrentIndex(dialog.variant.findData("five-card"))
    assert offered(dialog.opponent) == ["random", "heuristic", "expert"]
    assert dialog.opponent.currentData() == "heuristic"  # Medium does not play it
    assert not dialog.match.isVisible()
    dialog.opponent.setCurrentIndex(dialog.opponent.findData("expert"))
    choice = dialog.choice()
    assert (choice.variant, choice.opponent, choice.length, choice.others) == \
        ("five-card", "expert", 1, ())
    # three players: a player for West and East, by compass point, and no single opponent
    dialog.variant.setCurrentIndex(dialog.variant.findData("three-player"))
    assert not dialog.opponent.isVisible()
    shown = [c for c in dialog.seat_combos if c.isVisible()]
    assert [c.accessibleName() for c in shown] == ["West (on your left)",
                                                    "East (on your right)"]
    shown[1].setCurrentIndex(shown[1].findData("random"))
    assert dialog.choice().others == ("expert", "random")
    # four players: the partner North between them
    dialog.variant.setCurrentIndex(dialog.variant.findData("four-player"))
    assert [c.accessibleName() for c in dialog.seat_combos] == [
        "West (on your left)", "North (your partner)", "East (on your right)"]
    dialog.seat_combos[1].setCurrentIndex(dialog.seat_combos[1].findData("heuristic"))
    choice = dialog.choice()
    assert choice.variant == "four-player" and len(choice.others) == 3
    assert choice.others[1] == "heuristic"
    # back to the standard game: pass and play and matches again
    dialog.variant.setCurrentIndex(0)
    assert TWO_PLAYERS in offered(dialog.opponent) and dialog.match.isVisible()


def test_a_new_game_chosen_in_the_dialog_is_a_variant_on_the_table(make_window, qtbot,
                                                                  monkeypatch):
    from cribbage_gui.dialogs.dialogs import NewGame

    window = make_window()
    usual = window.settings.opponent
    monkeypatch.setattr(window.dialogs, "new_game", lambda settings: NewGame(
        "expert", 3, 1, variant="three-player", others=("expert", "heuristic")))
    window.games.new_game_dialog()
    setup = window.playing.current_setup()
    assert setup.variant == "three-player" and setup.others == ("expert", "heuristic")
    assert setup.computer_seats() == {1: "expert", 2: "heuristic"}
    assert window.board.tracks == 3
    assert window.playing.match_line() == \
        "Three players: West (Expert), East (Heuristic pegger)"
    assert window.settings.opponent == usual  # a variant's players are not the usual one


def test_a_variant_game_is_saved_after_every_action_and_resumes_exactly(make_window, qtbot,
                                                                        tmp_path):
    from cribbage_gui.table import saving
    from tests.gui.helpers import take_turn

    window = make_window()
    start(window, "three-player", seed=21)
    for _ in range(6):
        take_turn(qtbot, window, discard=throw(1))
    wait_for_input(qtbot, window)
    while window.playing.obs is None:  # (the show waits for Continue)
        take_turn(qtbot, window, discard=throw(1))
        wait_for_input(qtbot, window)
    game = window.playing.controller.game
    saved = window.saves.read()
    assert saved.game == game and saved.setup.variant == "three-player"
    assert saved.rng_states == window.playing.controller.random_states()
    assert len(saved.rng_states) == 3
    data = saving.encode(saved)
    assert list(data["setup"]["others"]) == ["heuristic", "random"]
    scores = tuple(game.scores)
    window.close()
    # the next start offers it by its seats and scores, and goes on where it stood
    again = make_window()
    asked = []
    again.games.startup(ask=lambda summary: asked.append(summary) or True)
    assert asked and asked[0].startswith("Your game of three players: You ")
    setup = again.playing.current_setup()
    assert setup.variant == "three-player" and setup.others == ("heuristic", "random")
    assert tuple(again.presenter.model.scores) == scores
    assert again.board.tracks == 3 and again.board.scores == list(scores)
    wait_for_input(qtbot, again)
    assert again.playing.controller.game.actions[:len(game.actions)] == game.actions


@pytest.mark.parametrize("change", ["variant", "others", "states"])
def test_a_damaged_variant_save_is_refused_with_its_reason(make_window, qtbot, change):
    from cribbage_gui.table import saving
    from engine.errors import RecordError

    window = make_window()
    start(window, "three-player", seed=2)
    wait_for_input(qtbot, window)
    data = saving.encode(window.saves.read())
    window.close()
    if change == "variant":
        data["setup"]["variant"] = "nine-card"
        reason = "unknown variant"
    elif change == "others":
        data["setup"]["others"] = ["heuristic"]
        reason = "needs 2 computer players"
    else:
        data["rng_states"] = data["rng_states"][:2]
        reason = "3 random states"
    with pytest.raises(RecordError, match=reason):
        saving.decode(data)


def test_the_inspector_and_the_hint_work_in_a_variant(make_window, qtbot):
    window = make_window()
    start(window, "three-player", seed=11)
    wait_for_input(qtbot, window)
    panel = window.reasoning.discard
    qtbot.waitUntil(lambda: panel.advice is not None, timeout=TIMEOUT)
    assert len(panel.advice.options) == 5  # each card of five, thrown alone
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.announcement.text.startswith("Hint"),
                    timeout=TIMEOUT)
    assert len(window.table.selected) == 1  # the hint's one card, ready to throw
    best = panel.advice.best.toss
    assert window.table.selected == set(best)
    assert window.game_bar.throw_button.isEnabled()
