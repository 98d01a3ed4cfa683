"""The window's game part: a game or a match against the computer on the table.

It owns the :class:`~cribbage_gui.table.controller.GameController` (the game's worker thread), the
series of a match, the person's pending decision and what the clicks on the table and the
game bar mean. It asks ``ai.advice`` for the hint and for the rating of each of the person's
decisions (off the GUI thread), takes decisions back (undo, casual games only), and reports
the end of a game with :attr:`finished`. What the game bar offers at each moment it publishes
as a :class:`~cribbage_gui.table.controls_state.ControlsState` (:attr:`controls_changed`), which
the bar draws.

A game between two people at one computer (pass and play, ``GameSetup.people``) has a person
in each seat: whenever the seat to decide changes, a cover (:class:`PassCover`) hides both
hands until the next person presses Continue, and the table then shows that person's view.
The hint and the discard inspector are off unless both agreed (``GameSetup.assist``); their
decisions are not rated (the ratings would name the cards) and cannot be taken back.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from ai import advice
from ai.match.driver import DecisionMade, GameStarted, player_rng
from ai.match.series import Series
from ai.registry import acc_variant
from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.app.texts import (
    YOU,
    cards_and,
    crib_of,
    match_sentence,
    player_title,
    seat_names,
    side_names,
)
from cribbage_gui.services.history import HistoryError
from cribbage_gui.table.controller import TWO_PLAYERS, GameController, GameSetup, new_game
from cribbage_gui.table.controls_state import ControlsState, controls_state
from cribbage_gui.table.model import TableModel
from cribbage_gui.table.pass_cover import PassCover
from cribbage_gui.table.saving import SavedGame
from engine import Claim, Observation, Phase, PlayCard, Toss, why_illegal
from engine.cards import card_label
from engine.errors import CribbageError
from engine.events import CountReset, Dealt, Played, SaidGo
from engine.rules import VARIANT, variant_rules


def is_pegging_claim(phase) -> bool:
    """Manual pegging: the play waits for the person to peg the points of their card."""
    return phase is Phase.PEG


class Playing(QObject):
    """A game or match against the computer; see the module docstring."""

    message = Signal(str)  # for the status line
    getting_ready = Signal(str)  # a computer getting ready for its first move ("": ready)
    refused = Signal(str)  # an illegal click, explained
    finished = Signal(object)  # GameOver, after the history has the game
    rated = Signal(object)  # the ratings of the person's decisions so far, in order
    discard_turn = Signal(object)  # the person's observation at a discard
    rewound = Signal(object)  # undo: the driver events the table shows again
    failed = Signal(str)
    save_failed = Signal(str)  # the game in progress could not be saved (why)
    controls_changed = Signal(object)  # ControlsState: what the game bar offers now
    handing_over = Signal(str)  # pass and play: the cover is up, the screen goes to NAME

    def __init__(self, presenter, table, bar, history, settings, parent=None) -> None:
        super().__init__(parent)
        self.presenter, self.table, self.bar, self.history = presenter, table, bar, history
        self.settings = settings  # a callable giving the current Settings
        self.controller = GameController(self)
        self.obs: Observation | None = None  # the person's pending decision
        self.last_game_id: int | None = None  # the last finished game, in the history
        self.setup: GameSetup | None = None
        self.series: Series | None = None
        # confirm(text) -> bool, asked before a throw if the setting says
        self.confirm: Callable[[str], bool] | None = None
        self.undo_used = False
        self._shown: list = []  # every driver event shown on the table this game
        self._turn_mark = 0
        self._undo: list[tuple] = []  # (checkpoint, events shown, decision id) per decision
        self._ids = itertools.count()
        self._decisions: list[int] = []  # ids of the person's rated decisions, in order
        self._ratings: dict[int, object] = {}  # id -> Rating (they arrive out of order)
        # ``save(saved)`` writes the game in progress; called from the game's thread after
        # every action, so a crash, kill -9 or logout costs at most the action under way
        self.save: Callable[[SavedGame], None] | None = None
        self._save_problem: str | None = None
        self.controller.autosave = self._autosave
        self.cover = PassCover(table)
        self.cover.continued.connect(self._handed_over)
        self._handover: Observation | None = None  # the turn waiting behind the cover
        # the guided first game (Help → Learn to play) is on the table: its first deals
        # are prepared, so it is neither saved between sessions nor kept in the history
        self.lesson = False
        self.controller.game_event.connect(self._feed_event)
        self.controller.human_turn.connect(presenter.feed_turn)
        self.controller.failed.connect(self.failed)
        self.controller.getting_ready.connect(self.getting_ready)
        presenter.turn_ready.connect(self._on_turn)
        presenter.shown.connect(self._on_shown)
        presenter.game_over.connect(self._on_game_over)
        bar.throw_button.clicked.connect(lambda: self.throw())
        bar.claim_button.clicked.connect(lambda: self.claim())
        bar.hint_button.clicked.connect(lambda: self.hint())
        bar.undo_button.clicked.connect(lambda: self.undo())
        self.controls_changed.connect(bar.show_state)
        self._show_controls()

    @property
    def ratings(self) -> list:
        """The ratings of the person's decisions that have arrived, in the game's order."""
        return [self._ratings[i] for i in self._decisions if i in self._ratings]

    @property
    def active(self) -> bool:
        return self.setup is not None

    def current_setup(self) -> GameSetup:
        """The setup of the game on the table (only asked while one is)."""
        assert self.setup is not None, "no game is on the table"
        return self.setup

    def current_match(self) -> tuple[GameSetup, Series]:
        """The setup of the game on the table and its match (start_match and resume set
        both before a game is on)."""
        assert self.series is not None, "a game on the table belongs to a match"
        return self.current_setup(), self.series

    @property
    def two_players(self) -> bool:
        """Two people at this screen (pass and play) play the game on the table."""
        return self.setup is not None and self.setup.two_players

    @property
    def assisted(self) -> bool:
        """May the hint and the inspector be used? Against the computer always; between two
        people only if both agreed."""
        return self.setup is not None and (not self.setup.two_players or self.setup.assist)

    @property
    def names(self) -> tuple[str, ...]:
        setup = self.current_setup()
        if setup.two_players:
            return tuple(setup.people)
        if setup.rules.players > 2:  # by compass point round the table
            return seat_names(setup.rules.players, setup.human_seat)
        them = player_title(setup.opponent)
        return (YOU, them) if setup.human_seat == 0 else (them, YOU)

    def file_players(self) -> tuple[str, ...]:
        return file_players(self.current_setup())

    @property
    def objective(self) -> str:
        """What the hint, the inspector and the review judge by: the game ("win"), or in a
        match the ACC points the computer plays for ("acc")."""
        return "acc" if self.series is not None and self.series.length > 1 else "win"

    # ------------------------------------------------------------------ starting games
    def start_match(self, opponent: str, seed: int | None = None, length: int = 1,
                    people: tuple[str, ...] = (), assist: bool = False,
                    variant: str = VARIANT, others: tuple[str, ...] = ()) -> None:
        """A game, or a match of ``length`` games scored in ACC points, which the expert
        plays for (``expert:acc``) rather than for each game's win. With ``people`` (two
        names, by seat) a game between two people at this screen instead, ``assist`` if
        both agreed to the hint and the inspector. A ``variant`` other than six-card is a
        single game against the computer: ``opponent`` in two-player five-card, or in a
        game of three or four ``others`` (the computer players from the person's left
        round; in four-player the second is the person's partner)."""
        s = self.settings()
        if variant != VARIANT:  # a single game (pass and play: the seats' names)
            length = 1
            players = variant_rules(variant).players
            if players > 2 and TWO_PLAYERS in others:
                people = seat_names(players, 0, people=True)
            elif players > 2:
                opponent, people = others[0], ()
        self.series = Series(length)
        self.lesson = False
        two = len(people) >= 2
        if two:
            opponent = TWO_PLAYERS
        elif length > 1:
            opponent = acc_variant(opponent)
        self.start_game(GameSetup(
            opponent=opponent, seed=secrets.randbits(48) if seed is None else seed,
            index=0, manual_count=s.manual_count, muggins=s.muggins,
            manual_pegging=s.manual_pegging, undo=length == 1 and not two,
            people=tuple(people) if two else (), assist=assist and two, variant=variant,
            others=tuple(others) if variant_rules(variant).players > 2 else ()))

    def start_lesson(self, opponent: str, seed: int, decks: tuple, cuts: tuple) -> None:
        """The guided first game: a single game against ``opponent`` whose first deals and
        cut for deal are ``decks`` and ``cuts`` (the rest from ``seed``), counted by hand
        if the settings say, without muggins or undo; not saved, not kept in the
        history."""
        s = self.settings()
        self.series = Series(1)
        self.lesson = True  # before the game's thread starts: its first save is skipped
        self.start_game(GameSetup(opponent=opponent, seed=seed, index=0,
                                  manual_count=s.manual_count,
                                  manual_pegging=s.manual_pegging), decks=decks, cuts=cuts)

    def start_game(self, setup: GameSetup, game=None, rng_states=None,
                   shown: list | None = None, decks: tuple = (), cuts: tuple = ()) -> None:
        """Put a game on the table: a new one (its first deals scripted by ``decks`` and
        ``cuts`` if given), or ``game`` (a resumed save; after an undo, ``shown`` is what
        the table had shown up to then)."""
        self.controller.stop()
        self.setup = setup
        self.obs = None
        self._handover = None
        self.cover.lift()
        self._shown, self._undo, self._decisions, self._ratings = [], [], [], {}
        if game is None:
            self.undo_used = False
        self.presenter.begin(TableModel(
            setup.human_seat, self.names, pass_and_play=setup.two_players,
            covered=setup.two_players, rules=setup.rules,
            people_seats=setup.person_seats() if setup.rules.players > 2 else ()))
        self._show_controls()
        if game is not None:  # before the worker starts adding to game.events
            if shown is None:  # a resumed save: its heading first, as when it began
                first = next(e.dealer for e in game.events if isinstance(e, Dealt))
                shown = [GameStarted(setup.index, game.seed, first,
                                     ("",) * setup.rules.players),
                         *game.events]
            self.presenter.catch_up(shown)
        try:
            self.controller.start(setup, game, rng_states, decks, cuts)
        except CribbageError as exc:  # a shipped table damaged: the computer cannot play
            self.message.emit(f"The game cannot start: {exc}")
            return
        self._publish_controls()  # the match's line

    def resume(self, saved: SavedGame) -> None:
        self.lesson = False
        self.series = saved.series
        self.undo_used = saved.undo_used
        self.start_game(saved.setup, saved.game, saved.rng_states)

    def _autosave(self, game, rng_states: tuple) -> None:  # in the game's thread
        if self.save is None or self.setup is None or self.series is None or self.lesson:
            return
        try:
            self.save(SavedGame(self.setup, game, rng_states, self.series, self.undo_used))
        except OSError as exc:
            problem = f"{type(exc).__name__}: {exc.strerror or exc}"
            if problem != self._save_problem:  # say it once, not after every card
                self._save_problem = problem
                self.save_failed.emit(problem)
        else:
            self._save_problem = None

    def saved(self) -> SavedGame | None:
        """Stop the game and return it for saving (None when no game is in progress)."""
        game = self.controller.game
        if game is None or game.is_over or self.setup is None or self.lesson:
            self.controller.stop()
            return None
        self.controller.stop()
        setup, series = self.current_match()
        return SavedGame(setup, game, self.controller.random_states(), series,
                         self.undo_used)

    def stop(self) -> None:
        self.controller.stop()
        self.lesson = False
        self.setup = None
        self.obs = None
        self._handover = None
        self.cover.lift()
        self._show_controls()

    def match_line(self) -> str:
        """The game bar's line: the opponent, or the match's score ("" without a game)."""
        s, setup = self.series, self.setup
        if s is None or setup is None:
            return ""
        me, them = setup.human_seat, 1 - setup.human_seat
        if self.lesson:
            return f"Learning to play, against {player_title(setup.opponent)}"
        if setup.variant != VARIANT and not setup.two_players:
            return variant_line(setup, self.names)
        if setup.two_players and setup.rules.players > 2:
            return people_line(setup)
        if setup.two_players:
            first, second = setup.people[0], setup.people[1]
            if setup.variant != VARIANT:  # (a single game)
                return f"{VARIANT_TITLES[setup.variant]}: {first} v {second} at this screen"
            if s.length == 1:
                return f"{first} v {second} at this screen"
            return (f"Best of {s.length}: {first} {s.wins(0)} – {second} {s.wins(1)} "
                    f"(match points {s.points(0)} – {s.points(1)})")
        if s.length == 1:
            return f"Against {player_title(setup.opponent)}"
        return (f"Best of {s.length}: you {s.wins(me)} – {s.wins(them)} "
                f"(match points {s.points(me)} – {s.points(them)})")

    def match_short(self) -> str:
        """The game bar's line where the whole does not fit ("": the same): a variant's
        name, and in four-player the partner ("Four players, partner North")."""
        setup = self.setup
        if setup is None or setup.variant == VARIANT or self.lesson:
            return ""
        title = VARIANT_TITLES[setup.variant]
        if setup.two_players and setup.rules.players > 2:
            return f"{title} at this screen"
        if setup.two_players:
            return f"{title}: {setup.people[0]} v {setup.people[1]}"
        if setup.rules.players == 2:
            return f"{title} v {player_title(setup.opponent)}"
        if setup.rules.partners:
            partner = (setup.human_seat + setup.rules.sides) % setup.rules.players
            return f"{title}, partner {self.names[partner]}"
        return title

    # ------------------------------------------------------------------ the controls
    def controls(self) -> ControlsState:
        """What the game bar offers now: a function of the person's pending decision (none
        while it is not their turn), the cards chosen, undo and the match."""
        setup = self.setup
        state = controls_state(self.obs.phase if self.obs is not None else None,
                               len(self.table.selected), setup is not None and setup.undo,
                               self.can_undo, self.match_line(), self.to_throw,
                               self.match_short())
        return state if self.assisted else replace(state, hint_enabled=False)

    @property
    def to_throw(self) -> int:
        """How many cards a player throws to the crib in the game on the table."""
        return 2 if self.setup is None else self.setup.rules.cards_to_crib

    def _publish_controls(self) -> None:
        self.controls_changed.emit(self.controls())

    def _show_controls(self) -> None:
        """The table's cards clickable for a discard or a card, and the game bar, for the
        pending decision (``obs``, None while it is not the person's turn)."""
        phase = self.obs.phase if self.obs is not None else None
        self.table.set_interactive(phase in (Phase.DISCARD, Phase.PLAY))
        self._publish_controls()
        if self.obs is None:
            self.table.set_status("")

    # ------------------------------------------------------------------ the person's turn
    def _feed_event(self, event) -> None:
        # between two people a decision's record names the cards thrown, and what the
        # panels would show of it is the other person's secret: it goes no further
        if self.two_players and isinstance(event, DecisionMade):
            return
        self.presenter.feed_event(event)

    @property
    def shown_events(self) -> tuple:
        """The events of this game the table has shown (the analysis board reads the last
        deal from them)."""
        return tuple(self._shown)

    def _on_shown(self, event) -> None:
        if self.setup is not None:
            self._shown.append(event)

    def _on_turn(self, obs) -> None:
        if self.setup is None:
            return
        model = self.presenter.shown_model()
        if self.setup.two_players and (model.covered or model.my_seat != obs.seat):
            self._cover_for(obs)
            return
        self._take_turn(obs)

    def _cover_for(self, obs) -> None:
        """Pass and play: another person decides next; hide both hands until they have the
        screen."""
        model = self.presenter.shown_model()
        model.covered = True
        self._handover = obs
        self.obs = None
        self.table.selected = set()
        self.table.set_highlight(())
        if self.table.announcement.text.startswith("Hint:"):  # it names the last one's cards
            self.table.announce("")
        self._show_controls()
        self.table.refresh(animate=False)
        name = self.names[obs.seat]
        self.cover.cover(name)
        self.handing_over.emit(name)

    def _handed_over(self) -> None:
        obs, self._handover = self._handover, None
        if obs is None or self.setup is None:
            return
        self.presenter.shown_model().hand_to(obs.seat)
        self.table.refresh(animate=False)
        self._take_turn(obs)

    def _take_turn(self, obs) -> None:
        self.obs = obs
        self._turn_mark = len(self._shown)
        self.table.selected = set()
        self._show_controls()
        two = self.current_setup().two_players
        if obs.phase is Phase.DISCARD:
            crib = "your crib" if two and obs.dealer == obs.seat \
                else crib_of(self.names[obs.dealer])
            who = f"{self.names[obs.seat]}: choose" if two else "Choose"
            cards = "two cards" if self.to_throw == 2 else "a card"
            self.table.set_status(f"{who} {cards} for {crib}")
            if self.assisted:
                self.discard_turn.emit(obs)
        elif obs.phase is Phase.PLAY:
            count = f" (the count is {obs.count})" if obs.current else ""
            whose = f"{self.names[obs.seat]}, your" if two else "Your"
            self.table.set_status(f"{whose} turn: play a card{count}")
        elif obs.phase is Phase.COUNT:
            self.table.set_status(f"Count your {obs.show[1]}, then Claim")
        elif is_pegging_claim(obs.phase):
            last = next((e for e in reversed(self._shown) if isinstance(e, Played | SaidGo
                                                                      | CountReset)), None)
            if isinstance(last, Played) and last.seat == obs.seat:
                self.table.set_status(f"Peg your points for {card_label(last.card)} "
                                      f"(0 if none), then Peg")
            else:
                last_card = not obs.hand and not obs.opponent_cards_left
                self.table.set_status(f"Peg your point for the "
                                      f"{'last card' if last_card else 'go'}, then Peg")
        self.table.refresh()

    def _submit(self, action) -> None:
        obs = self.obs
        assert obs is not None, "a decision is handed in only while one is pending"
        if isinstance(action, Toss | PlayCard) and self.controller.checkpoints \
                and not self.two_players:  # between two people: not rated (see above)
            decision = next(self._ids)
            self._decisions.append(decision)
            self._undo.append((self.controller.checkpoints[-1], self._turn_mark, decision))
            objective, events = self.objective, self._events_so_far()
            run_job(self, decision, lambda: advice.rate(
                obs, action, objective, ADVICE_MEMO, advice.reads_seen(events, obs.seat)),
                self._rated)
        self.obs = None
        self.table.selected = set()
        self._show_controls()
        self.controller.submit(action)

    def _refuse(self, message: str) -> None:
        self.refused.emit(message[0].upper() + message[1:])

    def click_card(self, card: int) -> None:
        obs = self.obs
        if obs is None:
            return
        if obs.phase is Phase.DISCARD:
            chosen = set(self.table.selected)
            if card in chosen:
                chosen.discard(card)
            elif len(chosen) == self.to_throw == 1:
                chosen = {card}  # one to throw: the card clicked instead
            elif len(chosen) == self.to_throw:
                self._refuse("two cards only: click a chosen card to put it back")
                return
            else:
                chosen.add(card)
            self.table.set_selected(chosen)
            self._publish_controls()  # Throw once two are chosen
        elif obs.phase is Phase.PLAY:
            action = PlayCard(card)
            reason = why_illegal(obs, action)
            if reason:
                self._refuse(reason)
                return
            self._submit(action)

    def double_click_card(self, card: int) -> None:
        if self.obs is None or self.obs.phase is not Phase.DISCARD:
            return
        chosen = {card} if self.to_throw == 1 else set(self.table.selected) | {card}
        if len(chosen) == self.to_throw:
            self.table.selected = chosen
            self.throw()

    def throw(self) -> None:
        """Throw the chosen cards (asking first when the setting says so)."""
        obs = self.obs
        if obs is None or obs.phase is not Phase.DISCARD:
            return
        if len(self.table.selected) != self.to_throw:
            self._refuse("choose exactly two cards for the crib" if self.to_throw == 2
                         else "choose one card for the crib")
            return
        action = Toss(tuple(sorted(self.table.selected)))
        reason = why_illegal(obs, action)
        if reason:
            self._refuse(reason)
            return
        if self.settings().confirm_throw and self.confirm is not None \
                and not self.confirm(f"Throw {cards_and(action.cards)}?"):
            return
        self._submit(action)

    def claim(self) -> None:
        obs = self.obs
        if obs is None or not (obs.phase is Phase.COUNT or is_pegging_claim(obs.phase)):
            return
        action = Claim(self.bar.claim_spin.value())
        reason = why_illegal(obs, action)
        if reason:
            self._refuse(reason)
            return
        self._submit(action)

    # ------------------------------------------------------------------ advice
    def hint(self) -> None:
        if self.obs is None or self.obs.phase not in (Phase.DISCARD, Phase.PLAY) \
                or not self.assisted:
            return
        obs, objective, events = self.obs, self.objective, self._events_so_far()
        run_job(self, obs, lambda: advice.hint(obs, objective,
                                               advice.reads_seen(events, obs.seat)),
                self._show_hint)

    def _events_so_far(self) -> tuple:
        """The game's events up to the decision pending (the worker waits for it, so they
        stay put while copied): the advice reads the opponent by them, as the expert in the
        person's seat would (``ai.advice.reads_seen``)."""
        game = self.controller.game
        return tuple(game.events) if game is not None else ()

    def _show_hint(self, obs, decision) -> None:
        if obs is not self.obs or isinstance(decision, Exception):
            return  # the moment has passed
        action = decision.action
        if isinstance(action, Toss):
            self.table.set_selected(set(action.cards))
            self._publish_controls()  # the hint's two: Throw
            text = f"Hint: throw {cards_and(action.cards)}"
        elif isinstance(action, PlayCard):
            self.table.set_highlight({action.card})
            text = f"Hint: play {card_label(action.card)}"
        else:
            return
        self.table.announce(text)
        self.message.emit(f"{text} — {decision.reasoning.summary(card_label)}")

    def _rated(self, decision, rating) -> None:
        if decision not in self._decisions:
            return  # taken back, or an earlier game's
        if isinstance(rating, Exception):
            self.message.emit(f"A decision could not be rated: {rating}")
            return
        if rating is None:  # no real choice: nothing to rate
            self._decisions.remove(decision)
            return
        self._ratings[decision] = rating
        self.rated.emit(self.ratings)

    # ------------------------------------------------------------------ undo
    @property
    def can_undo(self) -> bool:
        game = self.controller.game
        return (self.setup is not None and self.setup.undo and bool(self._undo)
                and game is not None and not game.is_over)

    def undo(self) -> bool:
        """Take back the person's last discard or card (casual games); True if done."""
        if not self.can_undo:
            return False
        checkpoint, mark, decision = self._undo.pop()
        self.controller.stop()
        game = self.controller.rewound(checkpoint)
        shown = self._shown[:mark]
        # the decisions before the one taken back (ids grow; one with no real choice,
        # a lone card, was dropped from the list when its rating came back empty)
        kept = (self._undo, [d for d in self._decisions if d < decision], self._ratings)
        self.undo_used = True  # before the game restarts: its first save says so
        self.start_game(self.current_setup(), game, checkpoint.rng_states, shown)
        self._undo, self._decisions, self._ratings = kept
        self._shown = shown
        self.rewound.emit(shown)
        self.rated.emit(self.ratings)
        self.message.emit("Taken back. This game is marked as played with undo.")
        return True

    # ------------------------------------------------------------------ the end of a game
    def _on_game_over(self, over) -> None:
        if self.setup is None:
            return
        setup, series = self.current_match()
        game = self.controller.game
        assert game is not None, "the game that ended is the controller's"
        self.obs = None
        self._handover = None
        self.cover.lift()
        self._show_controls()
        if self.lesson:  # prepared deals: not a game to rate or count in the statistics
            self.last_game_id = None
            series.add(over.winner, over.skunk)
            self.finished.emit(over)
            return
        try:
            self.last_game_id = record_finished(
                self.history, SavedGame(setup, game, (), series, self.undo_used))
        except HistoryError as exc:
            self.last_game_id = None
            self.message.emit(f"The game was not added to your history: {exc}")
        series.add(over.winner, over.skunk)
        self._publish_controls()  # the match's new score
        self.finished.emit(over)

    def match_text(self) -> str:
        """The match score after a game of a match ("" for a single game)."""
        setup, s = self.current_match()
        me = setup.human_seat
        if s.length == 1:
            return ""
        names = (YOU, player_title(setup.opponent)) if not setup.two_players \
            else (setup.people[me], setup.people[1 - me])
        return match_sentence(names, (s.wins(me), s.wins(1 - me)), s.over,
                              None if s.winner is None else (0 if s.winner == me else 1))

    def next_game(self, winner: int) -> None:
        """The next game of the match (the loser deals first), or a new match."""
        setup, series = self.current_match()
        if series.length > 1 and not series.over:
            self.start_game(next_setup(setup, series, winner))
        else:
            self.start_match(setup.opponent, None, series.length, setup.people,
                             setup.assist, setup.variant, setup.others)

    def next_save(self, winner: int) -> SavedGame | None:
        """After a game of a match that goes on, the next game as a save, before it starts
        (so closing at the game-over box, or a crash there, keeps the match); None when
        the match or the single game is over."""
        if self.setup is None or self.series is None or self.series.length == 1 \
                or self.series.over:
            return None
        return fresh_save(next_setup(self.setup, self.series, winner), self.series)


def file_players(setup: GameSetup) -> tuple[str, ...]:
    """The players by seat as a game file names them: "you" and the computer players'
    registry names (between people, their names)."""
    if setup.two_players and setup.rules.players == 2:
        return (setup.people[0], setup.people[1])
    names = list(setup.people) if setup.two_players else ["you"] * setup.rules.players
    for seat, name in setup.computer_seats().items():
        names[seat] = name
    return tuple(names)


def people_line(setup: GameSetup) -> str:
    """The game bar's line of people at one screen with computer players: "Four players
    at this screen: South and North against West (Expert) and East (Random)"."""
    rules, names = setup.rules, setup.people
    computers = setup.computer_seats()
    who = [f"{names[seat]} ({player_title(computers[seat])})" if seat in computers
           else names[seat] for seat in range(rules.players)]
    title = f"{VARIANT_TITLES[setup.variant]} at this screen"
    if not rules.partners:
        return f"{title}: " + ", ".join(who)
    return f"{title}: " + " against ".join(
        " and ".join(who[seat] for seat in range(side, rules.players, rules.sides))
        for side in range(rules.sides))


VARIANT_TITLES = {"six-card": "Six-card", "five-card": "Five-card",
                  "three-player": "Three players", "four-player": "Four players"}


def variant_line(setup: GameSetup, names: tuple[str, ...]) -> str:
    """The game bar's line in a variant: "Five-card, against Expert"; "Three players: West
    (Expert), East (Heuristic)"; "Four players: your partner North (Expert); West
    (Random) and East (Random)"."""
    rules = setup.rules
    title = VARIANT_TITLES[setup.variant]
    if rules.players == 2:
        return f"{title}, against {player_title(setup.opponent)}"
    seats = setup.computer_seats()
    who = {seat: f"{names[seat]} ({player_title(name)})" for seat, name in seats.items()}
    if not rules.partners:
        return f"{title}: " + ", ".join(who.values())
    mine = rules.side_of(setup.human_seat)
    partner = [w for seat, w in who.items() if rules.side_of(seat) == mine]
    them = [w for seat, w in who.items() if rules.side_of(seat) != mine]
    return f"{title}: your partner {' and '.join(partner)}; against {' and '.join(them)}"


def next_setup(setup: GameSetup, series: Series, winner: int) -> GameSetup:
    """The next game of a match: the next index, and the loser of the last game deals."""
    return replace(setup, index=series.next_index, first_dealer=1 - winner)


def fresh_save(setup: GameSetup, series: Series) -> SavedGame:
    """A game not started yet, as a save: dealt from its seed, both players' random
    generators where a game of this setup starts them."""
    states = tuple(dict(player_rng(setup.seed, setup.index, seat).bit_generator.state)
                   for seat in (0, 1))
    return SavedGame(setup, new_game(setup), states, series, False)


def two_players_summary(saved: SavedGame) -> str:
    """The line that offers to resume a saved game between two people."""
    (first, second), scores = saved.setup.people, saved.game.scores
    line = f"The game between {first} and {second}: {first} {scores[0]}, " \
           f"{second} {scores[1]}"
    series = saved.series
    if series.length > 1:
        line += (f" (best of {series.length}, game {saved.setup.index + 1}: games "
                 f"{series.wins(0)} – {series.wins(1)})")
    return line


def side_titles(setup: GameSetup) -> tuple[str, ...]:
    """The names of the scores kept in a game against the computer, by side: "You" and
    the opponent's title, or a variant's seats by compass point ("You and North")."""
    rules = setup.rules
    if rules.players > 2:
        return side_names(seat_names(rules.players, setup.human_seat), rules.sides)
    them = player_title(setup.opponent)
    return (YOU, them) if setup.human_seat == 0 else (them, YOU)


def variant_summary(saved: SavedGame) -> str:
    """The line that offers to resume a variant's game: "Your three-player game: You 40,
    West 52, East 31"."""
    setup = saved.setup
    names = setup.people if setup.two_players else side_titles(setup)
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, saved.game.scores,
                                                                 strict=True))
    title = VARIANT_TITLES[setup.variant].lower()
    if setup.two_players:
        return f"Your {title} game between {setup.people[0]} and {setup.people[1]}: {scores}"
    if setup.rules.players == 2:
        return f"Your {title} game against {player_title(setup.opponent)}: {scores}"
    return f"Your game of {title}: {scores}"


def record_finished(history, saved: SavedGame) -> int:
    """Keep a finished game in the history (once: a game found there already, e.g. one
    recorded just before a crash, is not added again); returns its id."""
    setup, game = saved.setup, saved.game
    if setup.variant != VARIANT:  # (kept by side, the person's side's figures)
        computers = setup.computer_seats()
        return history.record_variant_game(
            game, file_players(setup), setup.person_seats(),
            tuple(computers[seat] for seat in sorted(computers)), None, seed=setup.seed,
            game_index=setup.index, undo_used=saved.undo_used)
    record = game.to_record()
    known = history.find_game(setup.seed, setup.index, record)
    if known is not None:
        return known
    return history.record_game(
        game.events, opponent=setup.opponent, seed=setup.seed, game_index=setup.index,
        human_seat=setup.human_seat,
        match_id=f"{setup.seed}" if saved.series.length > 1 else None,
        undo_used=saved.undo_used, players=file_players(setup), record=record,
        two_players=setup.two_players)
