"""The analysis board: set up any six cards, or any moment of the play, and see the expert's
whole analysis of it, as lichess's analysis board does for chess.

*Discard*: six cards (picked from the 52, or typed "5H 5C 5S JD 6D 7C"), the scores and who
deals; the inspector's own discard table and histogram (``panels.reasoning.DiscardTab``):
every keep/toss option, its figures and the chance of winning, best first. *Play*: the cards
you still hold, your toss, the starter and the cards played so far in order with who played
each (the count, and who has said go, follow: ``services.board``); every card you may play
(``panels.play_options.PlayTab``). The analysis is worked out off the GUI thread; a position
that cannot happen is refused with the reason, and nothing changes.

Ways in: Game → Analysis board… (the table's last deal once it is over, else as it was),
*Analyse* beside the table's Continue once a deal is over and *Analyse the last deal* in
the game-over box (:func:`open_for_window`: the deal's discard, and each card you played
in the list of its decisions), "Analyse" on a decision of the review and on an answered
practice position (:func:`analyse_button`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ai import advice
from cribbage_gui.app import theme
from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.panels.play_options import PlayTab
from cribbage_gui.panels.reasoning import DiscardTab
from cribbage_gui.services.board import (
    BoardError,
    DealDecision,
    Setup,
    cards_text,
    deal_decisions,
    observation_of,
    parse_cards_text,
    parse_played,
    played_text,
)
from cribbage_gui.table import accessibility
from engine import Observation
from engine.cards import card_label, card_name, card_words, make_card

# where a picked card goes, by mode: (id, words)
TARGETS = {"discard": (("six", "your six cards"),),
           "play": (("hand", "your hand"), ("toss", "your toss"), ("starter", "the starter"),
                    ("you", "played by you"), ("opp", "played by the opponent"))}
SCORE_MOST = 999  # the spin boxes take what is typed; the board says what a score may be


class RankButton(QToolButton):
    """A card of the picker: as wide as its rank in bold (a picked card's) and a little
    room, not the style's wider least."""

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        hint = super().sizeHint()
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        width = metrics.horizontalAdvance(self.text()) + metrics.height() // 2 + 6
        return QSize(min(hint.width(), width), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return self.sizeHint()


class CardPicker(QWidget):
    """The 52 cards, a suit a row (its symbol first, then the ranks): a click (or Space on
    the one in focus) picks a card.
    One keyboard stop: the arrow keys move among the cards."""

    picked = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.buttons: dict[int, QToolButton] = {}
        for suit in range(4):
            # the suit once, at the row's start, and the ranks after it: "10♣" on each of
            # 13 buttons made the board wider than a 1024-pixel screen at 200% text
            symbol = QLabel(card_label(make_card(0, suit))[-1])
            symbol.setAccessibleName(card_words(make_card(0, suit)).split(" of ")[-1])
            symbol.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(symbol, suit, 0)
            for rank in range(13):
                card = make_card(rank, suit)
                button = RankButton()
                button.setText(card_label(card)[:-1])
                button.setCheckable(True)
                button.setAutoRaise(False)
                button.setAccessibleName(card_words(card).capitalize())
                button.setToolTip(f"{card_words(card).capitalize()} ({card_name(card)})")
                button.setSizePolicy(QSizePolicy.Policy.Expanding,
                                     QSizePolicy.Policy.Fixed)
                button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
                button.clicked.connect(lambda _c=False, c=card: self._click(c))
                button.installEventFilter(self)
                grid.addWidget(button, suit, rank + 1)
                self.buttons[card] = button
        self.focus_card = make_card(0, 0)
        self.buttons[self.focus_card].setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._restyle(theme.current())
        theme.signals.changed.connect(self._restyle)  # a method: gone with the picker

    def _restyle(self, t) -> None:
        """A card picked in the chosen row's colours and in bold, so colour is not its only
        sign (a screen reader hears it checked)."""
        self.setStyleSheet(f"QToolButton:checked {{ background: {t.chosen_row}; "
                           f"color: {t.chosen_row_text}; font-weight: bold; "
                           f"border: 2px solid {t.chosen_row_text}; }}")
        self.setAccessibleName("Card picker: the 52 cards, arrow keys to move, Space to pick")

    def _click(self, card: int) -> None:
        self.picked.emit(card)

    def show_picked(self, cards: set[int]) -> None:
        for card, button in self.buttons.items():
            button.setChecked(card in cards)

    def _move_focus(self, card: int) -> None:
        self.buttons[self.focus_card].setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.focus_card = card
        self.buttons[card].setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.buttons[card].setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, QToolButton):
            moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                     Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
            move = moves.get(event.key())  # type: ignore[attr-defined]
            if move is not None:
                card = self.focus_card
                suit, rank = (card & 3) + move[0], (card >> 2) + move[1]
                self._move_focus(make_card(rank % 13, suit % 4))
                return True
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QToolButton):
            card = next(c for c, b in self.buttons.items() if b is watched)
            if card != self.focus_card:
                self._move_focus(card)
        return super().eventFilter(watched, event)


class AnalysisBoard(QWidget):
    """The board: the position on the left, the expert's analysis of it on the right."""

    analysed = Signal(object)  # the DiscardAdvice or PlayAdvice shown
    refused = Signal(str)  # a position that cannot happen: the reason

    def __init__(self, parent=None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Analysis board")
        self.setup: Setup | None = None  # the position analysed (None: nothing yet)
        self.obs: Observation | None = None
        self.seat, self.deal, self.objective = 0, 1, "win"  # kept from a game's position
        self.six_order: tuple[int, ...] = ()
        self.last_deal: Setup | None = None  # the table's last deal, once shown here
        self.decisions: tuple[DealDecision, ...] = ()  # that deal's decisions, to choose
        self._build()
        self.set_mode("discard")
        self._resize_to_screen()
        accessibility.name_widgets(self)  # the net under the names given here (the combo
        # boxes' lists)

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setAccessibleName("The position")
        position = self._build_position()
        scroll.setWidget(position)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as wide as the picker's 13 cards need, with room for a vertical scroll bar
        scroll.setMinimumWidth(position.minimumSizeHint().width()
                               + scroll.verticalScrollBar().sizeHint().width() + 4)
        scroll.setMaximumWidth(max(scroll.minimumWidth(), 640))  # the rest to the analysis
        split.addWidget(scroll)
        split.addWidget(self._build_analysis())
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        self.split = split
        layout.addWidget(split, 1)
        close = QAction(self)
        close.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        close.triggered.connect(self.close)
        self.addAction(close)

    def _build_position(self) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 4, 0)
        modes = QHBoxLayout()
        self.mode_buttons = QButtonGroup(self)
        self.discard_mode = QRadioButton("&Discard")
        self.play_mode = QRadioButton("&Play")
        for button, mode, tip in ((self.discard_mode, "discard", "Six cards: which two to "
                                   "throw"),
                                  (self.play_mode, "play", "A moment of the play: which card "
                                   "next")):
            button.setToolTip(tip)
            button.setAccessibleName(f"{button.text().replace('&', '')}: {tip}")
            button.toggled.connect(lambda on, m=mode: self._mode_toggled(on, m))
            self.mode_buttons.addButton(button)
            modes.addWidget(button)
        modes.addStretch(1)
        column.addLayout(modes)
        # a deal of the table's: each of your decisions of it, to set up (shown with one)
        self.deal_row = QWidget()
        deal_row = QHBoxLayout(self.deal_row)
        deal_row.setContentsMargins(0, 0, 0, 0)
        deal_label = QLabel("D&ecision of the deal")
        self.deal_choice = QComboBox()
        self.deal_choice.setAccessibleName("Decision of the deal")
        self.deal_choice.setToolTip("Your decisions of the table's last deal: the discard, "
                                    "then each card you played, at the moment you chose it")
        self.deal_choice.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.deal_choice.setMinimumContentsLength(12)
        deal_label.setBuddy(self.deal_choice)
        self.deal_choice.activated.connect(self.choose_decision)
        deal_row.addWidget(deal_label)
        deal_row.addWidget(self.deal_choice, 1)
        self.deal_row.setVisible(False)
        column.addWidget(self.deal_row)
        cards = QGroupBox("Cards")
        cards_box = QVBoxLayout(cards)
        target_row = QHBoxLayout()
        target_label = QLabel("A card &picked goes to")
        self.target = QComboBox()
        self.target.setAccessibleName("A card picked goes to")
        target_label.setBuddy(self.target)
        target_row.addWidget(target_label)
        target_row.addWidget(self.target, 1)
        cards_box.addLayout(target_row)
        self.picker = CardPicker()
        self.picker.picked.connect(self.pick)
        cards_box.addWidget(self.picker)
        self.form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for key, label, tip, example in (
                ("six", "Your &six cards", "The six cards dealt to you", "5H 5C 5S JD 6D 7C"),
                ("hand", "Your &hand", "The cards you still hold (1 to 4)", "5H 5C"),
                ("toss", "Your &toss", "The two cards you threw to the crib", "6D 7C"),
                ("starter", "S&tarter", "The card cut", "2S"),
                ("played", "Cards pla&yed", "The cards played so far, in order, each after "
                 "who played it", "you JD, opp 9C, you 5S")):
            field = QLineEdit()
            field.setPlaceholderText(example)
            field.setToolTip(f"{tip}, e.g. {example}")
            field.setAccessibleName(label.replace("&", ""))
            field.setAccessibleDescription(tip)
            field.textEdited.connect(lambda _t: self._show_picked())
            field.returnPressed.connect(self.analyse)
            name = QLabel(label)
            name.setBuddy(field)
            self.form.addRow(name, field)
            self.fields[key] = field
        cards_box.addLayout(self.form)
        column.addWidget(cards)
        game = QGroupBox("Score and deal")
        game_form = QFormLayout(game)
        # "The opponent deals (you are the pone)" under its label where the row is narrow
        # (beside it, the board was 1,162 px wide at 200% text)
        game_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.scores = []
        for label in ("&Your score", "Opponent's sc&ore"):
            spin = QSpinBox()
            spin.setRange(0, SCORE_MOST)
            spin.setAccessibleName(label.replace("&", ""))
            spin.setToolTip("0 to 120 (121 wins)")
            name = QLabel(label)
            name.setBuddy(spin)
            game_form.addRow(name, spin)
            self.scores.append(spin)
        self.dealer = QComboBox()
        self.dealer.addItem("The opponent deals (you are the pone)", 1)
        self.dealer.addItem("You deal (your crib)", 0)
        self.dealer.setAccessibleName("Who deals")
        deals = QLabel("&Who deals")
        deals.setBuddy(self.dealer)
        game_form.addRow(deals, self.dealer)
        column.addWidget(game)
        buttons = QHBoxLayout()
        self.analyse_button = QPushButton("&Analyse")
        self.analyse_button.setToolTip("Work out every option of this position (Enter)")
        self.analyse_button.setDefault(True)
        self.analyse_button.clicked.connect(self.analyse)
        self.clear_button = QPushButton("&Clear")
        self.clear_button.setToolTip("Empty the cards (the scores stay)")
        self.clear_button.clicked.connect(self.clear_cards)
        self.analyse_button.setAccessibleName("Analyse this position")
        self.clear_button.setAccessibleName("Clear the cards")
        buttons.addWidget(self.analyse_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Message")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.message)
        column.addStretch(1)
        return box

    def _build_analysis(self) -> QWidget:
        right = QWidget()
        box = QVBoxLayout(right)
        box.setContentsMargins(4, 0, 0, 0)
        self.heading = QLabel("Set up a position and press Analyse.")
        self.heading.setWordWrap(True)
        box.addWidget(self.heading)
        self.pages = QStackedWidget()
        self.discard = DiscardTab()
        self.discard.clear("The options of the six cards appear here.")
        self.discard.ready.connect(self.analysed.emit)
        self.discard.table.setAccessibleName("The options of your six cards")
        self.discard.histogram.setAccessibleName("Histogram of the selected option's hand")
        self.play = PlayTab()
        self.play.clear("The cards you may play appear here.")
        self.pages.addWidget(self.discard)
        self.pages.addWidget(self.play)
        box.addWidget(self.pages, 1)
        right.setMinimumWidth(380)
        return right

    def _resize_to_screen(self) -> None:
        screen = self.screen()
        room = screen.availableGeometry() if screen is not None else None
        self.resize(*((1100, 760) if room is None else (
            min(1100, int(room.width() * 0.96)), min(760, int(room.height() * 0.94)))))

    # ------------------------------------------------------------------ the fields
    @property
    def mode(self) -> str:
        return "discard" if self.discard_mode.isChecked() else "play"

    def _mode_toggled(self, on: bool, mode: str) -> None:
        if on:
            self.set_mode(mode)

    def set_mode(self, mode: str) -> None:
        """Discard or play: the fields of that kind of position, and the picker's targets."""
        button = self.discard_mode if mode == "discard" else self.play_mode
        if not button.isChecked():
            button.setChecked(True)  # (calls back here)
            return
        for key, field in self.fields.items():
            self.form.setRowVisible(field, (key == "six") == (mode == "discard"))
        self.target.clear()
        for key, words in TARGETS[mode]:
            self.target.addItem(words, key)
        self.target.setEnabled(self.target.count() > 1)
        self._show_picked()

    def _cards_of(self, key: str) -> list[int]:
        try:
            return list(parse_cards_text(self.fields[key].text(), key))
        except BoardError:
            return []

    def _played(self) -> list[tuple[int, int]]:
        try:
            return list(parse_played(self.fields["played"].text()))
        except BoardError:
            return []

    def _show_picked(self) -> None:
        keys = ("six",) if self.mode == "discard" else ("hand", "toss", "starter")
        picked = {c for k in keys for c in self._cards_of(k)}
        if self.mode == "play":
            picked |= {c for _, c in self._played()}
        self.picker.show_picked(picked)

    def pick(self, card: int) -> None:
        """A card picked: into the field the picker fills, or out of it if it is there."""
        target = self.target.currentData() or "six"
        if target in ("you", "opp"):
            played = self._played()
            entry = (0 if target == "you" else 1, card)
            if entry in played:
                played.remove(entry)
            else:
                played.append(entry)
            self.fields["played"].setText(played_text(tuple(played)))
        else:
            cards = self._cards_of(target)
            most = {"six": 6, "hand": 4, "toss": 2, "starter": 1}[target]
            if card in cards:
                cards.remove(card)
            elif target == "starter":
                cards = [card]
            elif len(cards) >= most:
                self.say(f"{TARGETS[self.mode][0][1].capitalize() if target == 'six' else 'That'}"
                         f" holds {most} cards already: pick one of them to take it out first")
                self._show_picked()
                return
            else:
                cards.append(card)
            self.fields[target].setText(cards_text(cards))
        self.say("")
        self._show_picked()

    def clear_cards(self) -> None:
        for field in self.fields.values():
            field.clear()
        self.seat, self.deal, self.six_order = 0, 1, ()
        self.say("")
        self._show_picked()

    def say(self, text: str, error: bool = False) -> None:
        colour = theme.current().marks[2] if error else theme.current().muted
        self.message.setStyleSheet(f"color: {colour};")
        self.message.setText(text)

    def setup_from_fields(self) -> Setup:
        """The position the fields describe (BoardError: text that is not one)."""
        mine, theirs = self.scores[0].value(), self.scores[1].value()
        seat = self.seat
        scores = (mine, theirs) if seat == 0 else (theirs, mine)
        you_deal = self.dealer.currentData() == 0
        dealer = seat if you_deal else 1 - seat
        if self.mode == "discard":
            return Setup("discard", scores, dealer,
                         parse_cards_text(self.fields["six"].text(), "Your six cards"),
                         seat=seat, deal=self.deal, objective=self.objective)
        starter = parse_cards_text(self.fields["starter"].text(), "The starter")
        if len(starter) > 1:
            raise BoardError(f"The starter is one card: {len(starter)} are given")
        played = tuple((seat if who == 0 else 1 - seat, card)
                       for who, card in parse_played(self.fields["played"].text()))
        return Setup("play", scores, dealer, self.six_order,
                     parse_cards_text(self.fields["hand"].text(), "Your hand"),
                     parse_cards_text(self.fields["toss"].text(), "Your toss"),
                     starter[0] if starter else None, played, seat, self.deal,
                     self.objective)

    def set_up(self, setup: Setup | None, analyse: bool = True) -> None:
        """Fill the fields with ``setup`` (a game's position keeps its seat, deal and
        objective) and analyse it."""
        if setup is None:
            return
        self.seat, self.deal, self.objective = setup.seat, setup.deal, setup.objective
        self.six_order = setup.six
        seat = setup.seat
        self.scores[0].setValue(setup.scores[seat])
        self.scores[1].setValue(setup.scores[1 - seat])
        self.dealer.setCurrentIndex(self.dealer.findData(0 if setup.you_deal else 1))
        self.clear_fields_only()
        self.set_mode(setup.kind)
        if setup.kind == "discard":
            self.fields["six"].setText(cards_text(setup.six))
        else:
            self.fields["hand"].setText(cards_text(setup.hand))
            self.fields["toss"].setText(cards_text(setup.toss))
            self.fields["starter"].setText("" if setup.starter is None
                                           else card_name(setup.starter))
            self.fields["played"].setText(played_text(setup.played, seat))
        self._show_picked()
        if analyse:
            self.analyse()

    def show_deal(self, decisions: tuple[DealDecision, ...], index: int = 0) -> None:
        """A deal of the table's: its decisions to choose from (the discard, each card you
        played), the one at ``index`` set up and analysed."""
        self.decisions = decisions
        self.deal_choice.clear()
        for decision in decisions:
            self.deal_choice.addItem(decision.label)
        self.deal_row.setVisible(bool(decisions))
        if decisions:
            self.last_deal = decisions[0].setup
            self.deal_choice.setCurrentIndex(index)
            self.set_up(decisions[index].setup)

    def choose_decision(self, index: int) -> None:
        """The decision of the deal picked in the list: set up and analysed."""
        if 0 <= index < len(self.decisions):
            self.set_up(self.decisions[index].setup)

    def clear_fields_only(self) -> None:
        for field in self.fields.values():
            field.clear()

    # ------------------------------------------------------------------ the analysis
    def analyse(self) -> bool:
        """Analyse the position the fields describe; one that cannot happen is refused
        with the reason (what is shown stays as it was). True if it started."""
        try:
            setup = self.setup_from_fields()
            obs = observation_of(setup)
        except BoardError as exc:
            self.say(f"Not analysed: {exc}.".replace("..", "."), error=True)
            self.refused.emit(str(exc))
            return False
        self.setup, self.obs = setup, obs
        self.say("")
        self.heading.setText(describe(setup, obs))
        self.heading.setVisible(setup.kind == "play")  # (the discard table's title says it)
        if setup.kind == "discard":
            self.pages.setCurrentWidget(self.discard)
            self.discard.objective = setup.objective
            self.discard.show_for(obs)
        else:
            self.pages.setCurrentWidget(self.play)
            self.play.clear("Working out the cards you may play…")
            objective = setup.objective
            run_job(self, obs, lambda: advice.play_advice(obs, objective, ADVICE_MEMO),
                    self._play_arrived)
        return True

    def _play_arrived(self, obs, result) -> None:
        if obs is not self.obs:
            return  # an earlier position's answer
        if isinstance(result, Exception):
            self.play.clear(f"The options could not be worked out: {result}")
            return
        self.play.show_advice(result)
        self.analysed.emit(result)

    @property
    def shown(self):
        """The advice on show: DiscardAdvice, PlayAdvice, or None."""
        return self.discard.advice if self.pages.currentWidget() is self.discard \
            else self.play.advice


def describe(setup: Setup, obs: Observation) -> str:
    """The position in one line: "Your six, the opponent's crib, at 40–52." or "Your card:
    count 24 (J♦ 9♣ 5♠), the opponent has said go; 40–52, your crib."."""
    crib = "your crib" if obs.is_dealer else "the opponent's crib"
    score = f"{obs.my_score}–{obs.opponent_score}"
    if setup.kind == "discard":
        return f"<b>Discard</b>: your six cards, {crib}, at {score} (you first)."
    current = " ".join(card_label(c) for _, c in obs.current)
    count = f"count {obs.count}" + (f" ({current})" if current else ", you lead")
    go = ", the opponent has said go" if obs.go_said[1 - obs.seat] else ""
    return (f"<b>Play</b>: your card at {count}{go}; starter {card_label(obs.starter or 0)}, "
            f"{crib}, at {score} (you first); the opponent holds "
            f"{obs.opponent_cards_left}.")


# ---------------------------------------------------------------------------- ways in
def open_board(parent: QWidget, setup: Setup | None = None) -> AnalysisBoard:
    """``parent``'s analysis board (one a window, kept), shown and raised; at ``setup``
    if given."""
    board = next((b for b in parent.findChildren(AnalysisBoard)
                  if b.parent() is parent), None)
    if board is None:
        board = AnalysisBoard(parent)
    board.show()
    board.raise_()
    board.activateWindow()
    board.set_up(setup)
    return board


def table_deal(window) -> tuple[DealDecision, ...]:
    """Your decisions of the table's last deal that is over (none while the first goes on,
    in a game watched, or between two people, whose cards are each one's own)."""
    playing = window.playing
    if playing.setup is None or window.watching.active or playing.setup.two_players:
        return ()
    return deal_decisions(playing.shown_events, playing.setup.human_seat)


def open_for_window(window, again: bool = False) -> AnalysisBoard:
    """Game → Analysis board…: the board at your six cards of the table's last deal once it
    is over (the scores and the dealer at its start; its plays in the list of its
    decisions), else as it was; ``again``: that deal even if the board has shown it (the
    table's and the game-over box's *Analyse*)."""
    decisions = table_deal(window)
    board = open_board(window)
    if decisions and (again or decisions[0].setup != board.last_deal):  # that deal once:
        board.show_deal(decisions)  # then the board keeps what is set up on it
    return board


def analyse_button(owner: QWidget, setup: Callable[[], Setup | None],
                   available: Callable[[], bool], *changed) -> QPushButton:
    """An "Analyse" button for ``owner`` (a review, a practice window): it opens the
    analysis board at ``setup()``, and is enabled while ``available()`` (asked again
    whenever a signal of ``changed`` fires)."""
    button = QPushButton("Anal&yse")
    button.setToolTip("Open this position on the analysis board: every option, the "
                      "chance of winning, the histogram")
    button.setAccessibleName("Analyse this position on the analysis board")
    button.setAutoDefault(False)
    button.clicked.connect(lambda: open_board(owner, setup()))

    def refresh(*_args) -> None:
        button.setEnabled(bool(available()))
    for signal in changed:
        signal.connect(refresh)
    refresh()
    return button
