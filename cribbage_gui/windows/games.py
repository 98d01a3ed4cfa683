"""The main window's games against the computer (or between two people): what the window
does at start (resume the saved game, else the welcome at the very first start, else a
game against the last opponent), Game → New game…, a match started, and a game's end (the
result, the next game kept, the rating, the game-over box)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from cribbage_gui.app.texts import YOU
from cribbage_gui.dialogs.dialogs import FIRST_OPPONENT, LEARN
from cribbage_gui.panels.reasoning import review_headline
from cribbage_gui.services.sides import side_points, side_scores_by_deal
from cribbage_gui.table.game_over import GameSummary
from engine.rules import VARIANT

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class Games:
    """The window's part that starts games and ends them."""

    def __init__(self, window: Window) -> None:
        self.w = window
        window.playing.finished.connect(self.game_finished)

    def startup(self, ask=None, welcome=None, elsewhere=None) -> None:
        """Offer to resume a saved game; else, at the very first start, the welcome (choose
        an opponent); else a game against the last opponent. When another window has the
        game in progress, say so and offer a new game here instead (no: this window
        closes). ``ask(summary) -> bool``, ``welcome() -> opponent or None`` and
        ``elsewhere() -> bool or TAKE_OVER`` decide instead of dialogs (tests)."""
        w = self.w
        if not w.saved.claim(elsewhere) or w.saved.offer(ask):
            return
        if not w.settings.welcomed:
            QTimer.singleShot(0, lambda: self.welcome(welcome))
            return
        QTimer.singleShot(0, lambda: self.start_match(w.settings.opponent))

    def welcome(self, welcome=None) -> None:
        w = self.w
        if welcome is None:
            opponent = w.dialogs.welcome(FIRST_OPPONENT, lambda: w.show_help("How to play"))
        else:
            opponent = welcome()
        if w.closing:
            return
        w.settings.welcomed = True
        if opponent == LEARN:
            w.settings.save(w.qsettings)
            w.lesson.learn_to_play()
            return
        if opponent:
            w.settings.opponent = opponent
        w.settings.save(w.qsettings)
        self.start_match(w.settings.opponent)

    def new_game_dialog(self) -> None:
        w = self.w
        game = w.playing.controller.game
        if w.playing.active and game is not None and not game.is_over and \
                not w.dialogs.ask("New game",
                                  "Abandon the game in progress and start a new one?"):
            return
        choice = w.dialogs.new_game(w.settings)
        if choice is not None:
            opponent, seed, length = choice.opponent, choice.seed, choice.length
            if choice.people:  # two people: their names kept, the computer opponent too
                w.settings.player1, w.settings.player2 = choice.people
            elif choice.variant == VARIANT:  # (a variant's players are not the usual)
                w.settings.opponent = opponent
            w.settings.save(w.qsettings)
            self.start_match(opponent, seed, length, choice.people, choice.assist,
                             choice.variant, choice.others)

    def clear_table(self) -> None:
        """Whatever is on the table (a lesson, a watch) ends; the game bar is back."""
        self.w.lesson.end()
        self.w.watching.stop()
        self.w.game_bar.setVisible(True)

    def start_match(self, opponent: str, seed: int | None = None, length: int = 1,
                    people: tuple[str, ...] = (), assist: bool = False,
                    variant: str = VARIANT, others: tuple[str, ...] = ()) -> None:
        w = self.w
        if w.closing:
            return
        self.clear_table()
        w.playing.start_match(opponent, seed, length, people, assist, variant, others)
        setup = w.playing.current_setup()
        opponent = setup.opponent  # a match: the expert plays for ACC points
        w.follow.new_table((None, opponent) if setup.human_seat == 0 else (opponent, None))

    def game_summary(self, over) -> GameSummary:
        playing = self.w.playing
        game = playing.controller.game
        assert game is not None, "a game has ended: the controller holds it"
        events = game.events
        model = self.w.presenter.shown_model()
        last = next((e for e in reversed(model.log) if e.kind == "score"), None)
        rules = model.rules
        return GameSummary(model.side_names, over.winner, over.scores, over.skunk,
                           side_points(events, rules), side_scores_by_deal(events, rules),
                           review_headline(playing.ratings) if playing.ratings else "",
                           playing.match_text(), model.forfeit,
                           last.text if last is not None and last.seat is not None
                           and rules.side_of(last.seat) == over.winner else "", rules)

    def game_finished(self, over) -> None:
        w = self.w
        w.saved.keep_following(w.playing.next_save(over.winner))
        summary = self.game_summary(over)
        setup, s = w.playing.current_match()
        log = w.presenter.shown_model().log
        w.tell(" ".join(filter(None, (f"{log[-1].text}" if log else "", summary.match))))
        label = "Next game" if s.length > 1 and not s.over else "Play again"
        # whose marked decisions the box offers to practise: the person's, or each of two
        # people's, once the review (in the background) has rated them
        seats = setup.person_seats()
        names = w.presenter.shown_model().names  # by seat (the summary's are by side)
        found: dict[int, list] = {}
        game_id = w.playing.last_game_id

        def practise(index: int) -> None:
            seat = seats[index]
            name = "your mistakes in this game" if names[seat] == YOU else \
                f"{names[seat]}'s mistakes in this game"
            w.practice.practise_now(found.get(seat, []), game_id, name)

        # (the review takes every variant; the analysis board is two-player six-card)
        standard = setup.variant == VARIANT
        box = w.dialogs.game_over(summary, label, lambda: w.playing.next_game(over.winner),
                                  self.new_game_dialog, w.reviews.review_game,
                                  tuple(names[seat] for seat in seats), practise,
                                  None if setup.two_players or not standard
                                  else w.deal_analysis.open)

        def rated(positions: dict[int, list]) -> None:
            found.update(positions)
            box.offer_practice([len(positions.get(seat, [])) for seat in seats])
        w.reviews.rate_finished_game(seats, rated)

    def failed(self, details: str) -> None:
        if self.w.watch.failed_unattended(details):
            return
        self.w.tell("The game stopped because of an internal error; see the details.")
        self.w.dialogs.internal_error(details)
