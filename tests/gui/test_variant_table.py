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
    # once the review has rated the game, the person's marked decisions to practise
    qtbot.waitUntil(lambda: box.offered is not None, timeout=TIMEOUT)
    assert len(box.offered) == 1
    assert not box.analyse_button.isVisible()  # the analysis board is six-card's


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
    assert offered(dialog.opponent) == ["random", "heuristic", "expert", TWO_PLAYERS]
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


@pytest.mark.parametrize("change", ["variant", "others", "states", "program", "two-player",
                                    "people"])
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
        reason = "needs 2 other players"
    elif change == "states":
        data["rng_states"] = data["rng_states"][:2]
        reason = "3 random states"
    elif change == "program":  # a saved game never starts a program, in any seat
        data["setup"]["others"] = ["ext:/bin/echo", "random"]
        reason = "names an outside program.*nothing was run"
    elif change == "two-player":  # a player of the six-card game only
        data["setup"]["others"] = ["mueller", "random"]
        reason = "mueller plays the two-player six-card game only"
    else:  # people named for two seats of three
        data["setup"]["people"] = ["Ann", "Bob"]
        data["setup"]["opponent"] = "human"
        reason = "names all 3 seats"
    with pytest.raises(RecordError, match=reason):
        saving.decode(data)


def test_the_inspector_and_the_hint_work_in_a_variant(make_window, qtbot):
    window = make_window()
    start(window, "three-player", seed=11)
    wait_for_input(qtbot, window)
    panel = window.reasoning.discard
    qtbot.waitUntil(lambda: panel.advice is not None, timeout=TIMEOUT)
    assert len(panel.advice.options) == 5  # each card of five, thrown alone
    panel.table.selectRow(1)  # its hand's spread: over the 47 starters five cards leave
    assert "over the 47 starters" in panel.caption.text()
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.announcement.text.startswith("Hint"),
                    timeout=TIMEOUT)
    assert len(window.table.selected) == 1  # the hint's one card, ready to throw
    best = panel.advice.best.toss
    assert window.table.selected == set(best)
    assert window.game_bar.throw_button.isEnabled()


def test_two_people_play_five_card_at_one_screen_each_hand_hidden(make_window, qtbot):
    """Pass and play in five-card: the two-player game's cover at every change of seat,
    and the same referee's checks that nobody sees the other's cards."""
    from cribbage_gui.dialogs.dialogs import NewGame
    from cribbage_gui.table.controller import TWO_PLAYERS
    from tests.gui.test_pass_and_play import NAMES, Referee

    window = make_window()
    window.dialogs.new_game = lambda settings: NewGame(TWO_PLAYERS, 5, 1, NAMES,
                                                       variant="five-card")
    window.games.new_game_dialog()
    setup = window.playing.current_setup()
    assert setup.variant == "five-card" and window.playing.two_players
    assert window.playing.match_line() == "Five-card: Ann v Bob at this screen"
    referee = Referee(qtbot, window)
    steps = 0
    while referee.step():
        steps += 1
        assert steps < 3000
    game = window.playing.controller.game
    assert game.is_over and game.rules == VARIANTS["five-card"]
    assert referee.covers > 4 and referee.turns[0] and referee.turns[1]
    qtbot.waitUntil(lambda: window.dialogs.game_over_box is not None, timeout=TIMEOUT)
    kept = window.history.games()
    assert kept == [] or all(g.get("two_players") for g in kept)  # not against the computer


def test_no_card_is_drawn_twice_when_five_card_play_leaves_cards_for_the_show(make_window,
                                                                              qtbot):
    """Five-card's play ends at the first go or 31: the cards left are laid out in the
    show, and leave the hand (before, the person's were drawn in the hand and the show)."""
    window = make_window()
    start(window, "five-card", seed=5)
    twice: list = []
    shows = []

    def check(event) -> None:
        faces = [item.card for item in window.table.card_items.values()
                 if item.isVisible() and item.face_up and item.card is not None]
        twice.extend(c for c in set(faces) if faces.count(c) > 1)
        if type(event).__name__ == "Show":
            shows.append(event)

    window.presenter.shown.connect(check)
    play_to_the_end(qtbot, window, discard=throw(2))
    assert shows and not twice


@pytest.mark.parametrize("variant, others, people", [
    ("four-player", ("random", "human", "heuristic"), (0, 2)),
    ("three-player", ("human", "random"), (0, 1)),
])
def test_people_share_a_variant_table_with_computer_players(make_window, qtbot, variant,
                                                             others, people):
    """Pass and play at a table of three or four: the cover whenever the person to decide
    changes, each person sees only their own cards, and no one ever sees a computer
    player's (nor, face up, another person's) until they are played or shown."""
    from tests.gui.test_pass_and_play import _face_up, _secret, _wait

    window = make_window()
    window.games.start_match(others[0], seed=9, variant=variant, others=others)
    setup = window.playing.current_setup()
    assert setup.person_seats() == people and window.playing.two_players
    names = window.presenter.model.names
    assert names[0] == "South" and "at this screen" in window.playing.match_line()
    assert not window.playing.assisted  # the hint and the inspector are off
    p = window.playing
    _wait(qtbot, window)  # the game as saved: its people and players come back as they were
    from cribbage_gui.table import saving
    assert saving.decode(saving.encode(window.saves.read())).setup == setup
    covers = steps = 0
    seen_seats = set()
    while True:
        _wait(qtbot, window)
        game = p.controller.game
        viewer = window.presenter.model.my_seat
        hidden = set().union(*(_secret(game, seat) for seat in range(game.rules.players)
                               if seat != viewer or p.cover.covering))
        if window.presenter.model.deal == 0:  # the cut for deal, face up, before the deal
            hidden -= set(window.presenter.model.cuts[-1] if window.presenter.model.cuts
                          else ())
        # (checked where the game waits for a person: elsewhere it may be a deal ahead)
        if p.obs is not None or p.cover.covering:
            assert not (_face_up(window) & hidden), "a hand not its viewer's is face up"
        if p.cover.covering:
            covers += 1
            assert p._handover.seat in people
            qtbot.mouseClick(p.cover.button, Qt.MouseButton.LeftButton)
        elif window.game_bar.continue_button.isVisible():
            qtbot.mouseClick(window.game_bar.continue_button, Qt.MouseButton.LeftButton)
        elif p.obs is not None:
            obs = p.obs
            assert obs.seat == viewer and obs.seat in people
            seen_seats.add(obs.seat)
            if obs.phase is Phase.DISCARD:
                click_card(qtbot, window, my_hand(window)[0])
                qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
            else:
                click_card(qtbot, window, obs.legal_cards[0])
        elif window.presenter.model.game_over is not None:
            break
        steps += 1
        assert steps < 4000
    assert covers > 5 and seen_seats == set(people)
    assert window.playing.controller.game.is_over


def test_a_computer_getting_ready_for_a_variant_says_so_until_it_is_ready(make_window, qtbot,
                                                                          monkeypatch,
                                                                          tmp_path):
    """The variant expert's first move needs the variant's win table (half a minute to
    build for three players, once): the window says so on the status line and to a screen
    reader while it is built, not in silence, and clears it when the expert is ready."""
    from ai import make_player
    from ai.tables import variant_win

    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))  # no table at hand
    monkeypatch.setattr(variant_win, "_LOADED", {})
    expert = make_player("expert")
    assert expert.getting_ready("six-card") is None  # its own tables ship with it
    assert "first time only" in expert.getting_ready("three-player")
    assert make_player("heuristic").getting_ready("three-player") is None
    window = make_window()
    said = []
    window.playing.controller.getting_ready.connect(said.append)
    window.games.start_match("expert", seed=5, variant="three-player",
                             others=("expert", "random"))
    qtbot.waitUntil(lambda: "" in said, timeout=TIMEOUT)
    # said once (both experts share the table), then ready: the status line is clear
    assert len(said) == 2 and "first time only" in said[0] and said[1] == ""
    assert said[0] in window.messages and window.statusBar().currentMessage() != said[0]
    assert variant_win.at_hand("three-player")
    assert expert.getting_ready("three-player") is None  # the next game: nothing to say
    wait_for_input(qtbot, window)  # and the game goes on to the person's first move


def test_a_game_stopped_while_a_computer_gets_ready_stops_at_once(make_window, qtbot,
                                                                    monkeypatch):
    """Getting ready runs beside the game's thread, so closing the window or starting
    another game meanwhile does not wait for it (it waited ten seconds, then Qt aborted
    the program for the thread still running); and a failure in it is reported as the
    game's internal error, not lost in a thread."""
    import threading
    import time

    from ai.players.expert import ExpertPlayer

    release = threading.Event()
    monkeypatch.setattr(ExpertPlayer, "getting_ready", lambda self, v: "Getting ready.")
    monkeypatch.setattr(ExpertPlayer, "get_ready", lambda self, v: release.wait(60))
    window = make_window()
    controller = window.playing.controller
    said = []
    controller.getting_ready.connect(said.append)
    window.games.start_match("expert", seed=5, variant="three-player",
                             others=("expert", "random"))
    qtbot.waitUntil(lambda: said == ["Getting ready."], timeout=TIMEOUT)
    start = time.monotonic()
    controller.stop()
    assert time.monotonic() - start < 2.0 and not controller.running
    release.set()

    def fails(self, variant):
        raise RuntimeError("no room for the table")

    monkeypatch.setattr(ExpertPlayer, "get_ready", fails)
    errors = []
    monkeypatch.setattr(window.dialogs, "internal_error", errors.append)
    window.games.start_match("expert", seed=5, variant="three-player",
                             others=("expert", "random"))
    qtbot.waitUntil(lambda: bool(errors), timeout=TIMEOUT)
    assert "no room for the table" in errors[0]
