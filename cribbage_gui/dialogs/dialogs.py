"""The dialogs: the first start's welcome, a new game, settings, and watching the computer.

Opponents are offered as named levels (Beginner ... Expert, ordered by measured strength),
with the historical player and its Elo as the detail.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ai import available_players, named_levels
from cribbage_gui.app import theme
from cribbage_gui.app.settings import AUTO_ADVANCE, SPEEDS, Settings
from cribbage_gui.app.texts import player_title
from cribbage_gui.table.controller import TWO_PLAYERS
from cribbage_gui.table.saving import MAX_PERSON, person_name
from cribbage_gui.table.watching import WatchSetup
from engine.rules import VARIANT, variant_rules

MATCH_LENGTHS = {"a single game": 1, "best of 3": 3, "best of 5": 5, "best of 7": 7}
ZOOM_NAMES = {0.8: "smaller", 0.9: "small", 1.0: "normal", 1.15: "large", 1.3: "larger",
              1.45: "very large", 1.6: "largest"}


def level_label(level) -> str:
    """"Hard — Heuristic pegger (Elo 1635)"; "Expert (Elo 1677)" where the level is the
    player's own name."""
    elo = "" if level.elo is None else f" (Elo {level.elo:.0f})"
    title = level.player.title.split(' (')[0]
    return f"{level.name}{elo}" if title == level.name else f"{level.name} — {title}{elo}"


DEEP = "expert:deep"  # the expert thinking longer
LEARN = "learn to play"  # the welcome's answer for the guided first game (not a player)
FIRST_OPPONENT = "weights"  # the level the welcome offers first: Medium, not the hardest


def level_combo(selected: str, variant: str = VARIANT) -> QComboBox:
    """Every registered player as its named level, weakest first, and last the expert
    thinking longer (``expert:deep``); for a ``variant``, the levels that play it."""
    combo = QComboBox()
    fill_levels(combo, selected, variant)
    return combo


def fill_levels(combo: QComboBox, selected: str, variant: str = VARIANT,
                extra: tuple[str, str, str] | None = None, fallback: str | None = None
                ) -> None:
    """``combo`` holding the levels that play ``variant`` (:func:`level_combo`'s), then
    ``extra`` (text, data, tooltip) if given, with ``selected`` chosen (else ``fallback``,
    else the first)."""
    combo.clear()
    for level in named_levels():
        if variant not in level.player.variants:
            continue
        combo.addItem(level_label(level), level.player.name)
        combo.setItemData(combo.count() - 1, f"{level.detail}. {level.player.description}",
                          Qt.ItemDataRole.ToolTipRole)
        if level.player.name == DEEP.partition(":")[0] and variant == VARIANT:
            combo.addItem(f"{player_title(DEEP)} — thinking longer", DEEP)
            combo.setItemData(combo.count() - 1,
                              "The expert searching four times as many of your possible "
                              "hands in the play (6,144), for analysis and the hardest "
                              "games. Against the expert it won 50.7% of 4,000 duplicate "
                              "games (95% interval 49.1-52.2%): at most a small edge. About "
                              "10 ms a move, at most a fifth of a second",
                              Qt.ItemDataRole.ToolTipRole)
    if extra is not None:
        text, data, tip = extra
        combo.addItem(text, data)
        combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
    found = combo.findData(selected)
    if found < 0 and fallback is not None:
        found = combo.findData(fallback)
    combo.setCurrentIndex(max(0, found))


class WelcomeDialog(QDialog):
    """The first start: what the game is, and the choice of an opponent by level."""

    help_requested = Signal()

    def __init__(self, selected: str = FIRST_OPPONENT, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Welcome to Cribbage")
        self.setMinimumWidth(520)  # wrapped text needs a width to wrap to
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<h2>Welcome to Cribbage</h2>"
            "<p>Two-player, six-card cribbage to 121, against computer opponents that "
            "explain every decision (the <i>Reasoning</i> panel) and can give you a "
            "<i>Hint</i>.</p><p><b>Choose your opponent</b> (you can change it any time with "
            "<i>Game → New game</i>):</p>")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for level in named_levels():
            button = QRadioButton(level_label(level))
            button.setToolTip(f"{level.detail}. {level.player.description}")
            self.group.addButton(button)
            self.buttons[level.player.name] = button
            layout.addWidget(button)
            detail = QLabel(level.player.blurb or level.player.description)
            detail.setWordWrap(True)
            detail.setIndent(24)
            detail.setStyleSheet(f"color: {theme.current().muted};")
            layout.addWidget(detail)
        checked = self.buttons.get(selected, next(iter(self.buttons.values())))
        checked.setChecked(True)
        # the keyboard starts on the chosen level: the arrows then choose as they move (the
        # theme draws the focus on it from the start, app.theme.ReadableFusion)
        checked.setFocus()
        rules = QPushButton("How to play…")
        rules.clicked.connect(self.help_requested)
        new = QLabel("<p><b>New to cribbage?</b> <i>Learn to play</i> is a real game against "
                     "the Beginner, with the table explaining each step as it comes.</p>")
        new.setWordWrap(True)
        layout.addWidget(new)
        self.learning = False
        buttons = QDialogButtonBox()
        self.play = buttons.addButton("Play", QDialogButtonBox.ButtonRole.AcceptRole)
        self.play.setDefault(True)
        self.learn = buttons.addButton("&Learn to play", QDialogButtonBox.ButtonRole.ActionRole)
        self.learn.clicked.connect(self._learn)
        buttons.addButton(rules, QDialogButtonBox.ButtonRole.HelpRole)
        buttons.accepted.connect(self.accept)
        layout.addStretch(1)  # any spare height below the list, not between its lines
        layout.addWidget(buttons)
        self.resize(self.minimumWidth(), layout.heightForWidth(self.minimumWidth()))

    def _learn(self) -> None:
        self.learning = True
        self.accept()

    def choice(self) -> str:
        """The chosen opponent's registry name, or :data:`LEARN` for the guided first game
        (Learn to play)."""
        if self.learning:
            return LEARN
        return next(name for name, b in self.buttons.items() if b.isChecked())


class NewGame(NamedTuple):
    """A new game as chosen: the opponent's registry name (TWO_PLAYERS: two people at this
    computer), the seed (None: any), the match's length, and for two people their names by
    seat and whether both allowed the hint and the inspector; the variant, and in a game
    of three or four the computer players from the person's left round (``others``)."""

    opponent: str
    seed: int | None
    length: int
    people: tuple[str, ...] = ()
    assist: bool = False
    variant: str = VARIANT
    others: tuple[str, ...] = ()


# the variants as the New game dialog offers them
VARIANT_CHOICES = {
    "six-card": "Two players, six cards (the standard game)",
    "five-card": "Two players, five cards (the old game, to 61)",
    "three-player": "Three players",
    "four-player": "Four players, two partnerships",
}
# a variant's computer seats in the dialog, from the person's left round
VARIANT_SEATS = {3: ("West (on your left)", "East (on your right)"),
                 4: ("West (on your left)", "North (your partner)", "East (on your right)")}


class NewGameDialog(QDialog):
    """Choose the opponent (as a named level, or two people at this computer), an optional
    seed and match play."""

    def __init__(self, settings: Settings, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        form = QFormLayout()
        self.variant = QComboBox()
        for name, label in VARIANT_CHOICES.items():
            self.variant.addItem(label, name)
        self.variant.setToolTip("Five-card, three players and four in partnership play on "
                                "the same rules (docs/variants.md): a single game against "
                                "the computer")
        form.addRow("Game", self.variant)
        self.opponent = level_combo(settings.opponent)
        self.opponent.addItem("Two players at this computer (pass and play)", TWO_PLAYERS)
        self.opponent.setItemData(
            self.opponent.count() - 1, "Two people share this screen and take turns; "
            "between turns the table hides both hands until the next player presses "
            "Continue", Qt.ItemDataRole.ToolTipRole)
        form.addRow("Opponent", self.opponent)
        self.opponent_label = form.labelForField(self.opponent)
        # a variant of three or four: a computer player in each other seat
        self.seat_combos: list[QComboBox] = []
        self.seat_rows: list[tuple[QComboBox, QWidget | None]] = []
        for name in VARIANT_SEATS[4]:
            combo = QComboBox()
            form.addRow(name, combo)
            self.seat_combos.append(combo)
            self.seat_rows.append((combo, form.labelForField(combo)))
        self.names: list[QLineEdit] = []
        self.agrees: list[QCheckBox] = []
        self.people_rows: list[QWidget] = []  # shown only for two people
        for seat, default in enumerate((settings.player1, settings.player2)):
            edit = QLineEdit(person_name(default, f"Player {seat + 1}"))
            edit.setMaxLength(MAX_PERSON)
            edit.setPlaceholderText(f"Player {seat + 1}")
            edit.setMinimumWidth(220)
            form.addRow(f"Player {seat + 1}", edit)
            self.people_rows.append(edit)
            edit.textChanged.connect(self._people_changed)
            self.names.append(edit)
        assist = QWidget()
        column = QVBoxLayout(assist)
        column.setContentsMargins(0, 0, 0, 0)
        for _seat in (0, 1):
            agree = QCheckBox("")
            agree.setToolTip("Both players must allow them; otherwise they are off for "
                             "the game")
            column.addWidget(agree)
            self.agrees.append(agree)
        self.assist_note = QLabel("")
        self.assist_note.setWordWrap(True)
        column.addWidget(self.assist_note)
        form.addRow("Hint, inspector", assist)
        self.people_rows.append(assist)
        self.people_labels = [form.labelForField(row) for row in self.people_rows]
        for agree in self.agrees:
            agree.toggled.connect(self._people_changed)
        self.opponent.currentIndexChanged.connect(self._people_changed)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed deals the same cards: replay a game, or compare")
        form.addRow("Seed (optional)", self.seed)
        self.match = QComboBox()
        for label, length in MATCH_LENGTHS.items():
            self.match.addItem(label, length)
        self.match.setToolTip("A match is scored in ACC match points: 2 a win, 3 a skunk. "
                              "In a match the expert plays for match points: it goes for "
                              "skunks and fights off being skunked. Undo is for single "
                              "games only.")
        form.addRow("Play", self.match)
        self.match_label = form.labelForField(self.match)
        self.buttons = form_with_ok_cancel(self, form, self._accept)
        self.variant.currentIndexChanged.connect(self._variant_changed)
        self._variant_changed()

    @property
    def two_players(self) -> bool:
        return variant_rules(self.chosen_variant).players == 2 \
            and self.opponent.currentData() == TWO_PLAYERS

    @property
    def chosen_variant(self) -> str:
        return self.variant.currentData()

    def _variant_changed(self, *_args) -> None:
        """The rows a variant needs: an opponent among the levels that play it (with two
        players), or a player for each other seat (three or four, by compass point), a
        person at this computer among them; a variant is a single game (no match)."""
        variant = self.chosen_variant
        players = variant_rules(variant).players
        keep = self.opponent.currentData()
        self.opponent.blockSignals(True)
        # (else Hard, which plays every variant)
        fill_levels(self.opponent, keep, variant, (
            "Two players at this computer (pass and play)", TWO_PLAYERS,
            "Two people share this screen and take turns; between turns the table hides "
            "both hands until the next player presses Continue") if players == 2 else None,
            fallback="heuristic")
        self.opponent.blockSignals(False)
        for widget in (self.opponent, self.opponent_label):
            if widget is not None:
                widget.setVisible(players == 2)
        names = VARIANT_SEATS.get(players, ())
        for i, (combo, label) in enumerate(self.seat_rows):
            shown = i < len(names)
            if shown and (combo.count() == 0 or combo.property("variant") != variant):
                chosen = combo.currentData() or self.opponent.currentData()
                fill_levels(combo, chosen, variant, (
                    "A person at this computer (pass and play)", TWO_PLAYERS,
                    "People share this screen and take turns: the table hides every hand "
                    "until the next one presses Continue; the hint and the inspector are "
                    "off"), fallback="heuristic")
                combo.setProperty("variant", variant)
            combo.setVisible(shown)
            if label is not None:
                label.setVisible(shown)
                if shown and isinstance(label, QLabel):
                    label.setText(names[i])
            combo.setAccessibleName(names[i] if shown else "")
        for widget in (self.match, self.match_label):
            if widget is not None:
                widget.setVisible(variant == VARIANT)
        self._people_changed()

    def people(self) -> tuple[str, str]:
        """The two names by seat (a blank one is "Player N"; two the same are told apart)."""
        first, second = (person_name(e.text(), f"Player {i + 1}")
                         for i, e in enumerate(self.names))
        if first.casefold() == second.casefold():
            first, second = f"{first} (1)"[:MAX_PERSON], f"{second} (2)"[:MAX_PERSON]
        return first, second

    def _people_changed(self, *_args) -> None:
        two = self.two_players
        for row, label in zip(self.people_rows, self.people_labels, strict=True):
            row.setVisible(two)
            if label is not None:
                label.setVisible(two)
        for seat, (edit, agree) in enumerate(zip(self.names, self.agrees, strict=True)):
            agree.setText(f"{person_name(edit.text(), f'Player {seat + 1}')} allows them")
        both = all(a.isChecked() for a in self.agrees)
        self.assist_note.setText(
            "On: both players allowed them." if both
            else "Off unless both players allow them.")
        self.adjustSize()

    def _accept(self) -> None:
        text = self.seed.text().strip()
        if text and (not text.isdigit() or len(text) > 18):
            self.seed.setStyleSheet(f"border: 1px solid {theme.current().bad}")
            self.seed.setToolTip("a seed is a whole number (or leave it empty)")
            return
        self.accept()

    def choice(self) -> NewGame:
        """The opponent (or two people), the seed (None for random), the match's length."""
        text = self.seed.text().strip()
        seed = int(text) if text else None
        variant = self.chosen_variant
        if self.two_players:
            return NewGame(TWO_PLAYERS, seed,
                           self.match.currentData() if variant == VARIANT else 1,
                           self.people(), all(a.isChecked() for a in self.agrees),
                           variant=variant)
        if variant == VARIANT:
            return NewGame(self.opponent.currentData(), seed, self.match.currentData())
        players = variant_rules(variant).players
        others = tuple(c.currentData() for c in self.seat_combos[:players - 1]) \
            if players > 2 else ()
        opponent = others[0] if others else self.opponent.currentData()
        return NewGame(opponent, seed, 1, variant=variant, others=others)


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, sound_note: str = "", parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._settings = settings
        form = QFormLayout()
        self.theme = QComboBox()
        for name, label in (("system", "as the system"), ("light", "light"),
                            ("dark", "dark"), ("high-contrast", "high contrast")):
            self.theme.addItem(label, name)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        form.addRow("Colours", self.theme)
        self.zoom = QComboBox()
        for factor in theme.ZOOMS:
            self.zoom.addItem(ZOOM_NAMES[factor], factor)
        self.zoom.setCurrentIndex(max(0, self.zoom.findData(settings.zoom)))
        form.addRow("Card size", self.zoom)
        self.text_size = QComboBox()
        for percent in theme.TEXT_SIZES:
            self.text_size.addItem(f"{percent}%", percent)
        self.text_size.setCurrentIndex(max(0, self.text_size.findData(settings.text_size)))
        self.text_size.setToolTip("The size of all the window's text, and of the cards with "
                                  "it (the card size above multiplies it). On the table the "
                                  "cards grow until the table is full, and its words as far "
                                  "as the window's height allows: 150% in a window 700 "
                                  "pixels tall, the whole 200% from 932")
        form.addRow("Text and cards", self.text_size)
        self.speed = QComboBox()
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText(settings.speed)
        form.addRow("Animation speed", self.speed)
        self.auto = QComboBox()
        for label, ms in AUTO_ADVANCE.items():
            self.auto.addItem(label, ms)
        self.auto.setCurrentIndex(max(0, self.auto.findData(settings.auto_advance_ms)))
        form.addRow("The show advances", self.auto)
        self.back = text_choice(form, "Card back", theme.CARD_BACKS, settings.card_back)
        self.board = text_choice(form, "Board", theme.BOARD_WOODS, settings.board_colour)
        self.sort = check_box(form, "Sort my hand by rank", settings.sort_hand)
        self.sound = QCheckBox("Sound effects")
        self.sound.setChecked(settings.sound)
        sound_row = QWidget()
        column = QVBoxLayout(sound_row)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.sound)
        if sound_note:  # how sound plays here, or why it cannot
            self.sound.setToolTip(sound_note)
            self.sound_note = QLabel(f"<small>{sound_note}</small>")
            self.sound_note.setWordWrap(True)
            self.sound_note.setContentsMargins(22, 0, 0, 0)  # under the box's text
            column.addWidget(self.sound_note)
        form.addRow("", sound_row)
        self.confirm = check_box(form, "Ask before throwing to the crib",
                                 settings.confirm_throw)
        self.manual = check_box(form, "Count my own hand and crib (from the next game)",
                                settings.manual_count)
        self.pegging = check_box(form, "Peg my own points in the play (from the next game)",
                                 settings.manual_pegging)
        self.muggins = check_box(form, "Muggins: points I miss go to the opponent",
                                 settings.muggins)
        form_with_ok_cancel(self, form, self.accept)

    def settings(self) -> Settings:
        return replace(
            self._settings, speed=self.speed.currentText(),
            auto_advance_ms=self.auto.currentData(), card_back=self.back.currentText(),
            board_colour=self.board.currentText(), confirm_throw=self.confirm.isChecked(),
            manual_count=self.manual.isChecked(), manual_pegging=self.pegging.isChecked(),
            muggins=self.muggins.isChecked(), sort_hand=self.sort.isChecked(),
            sound=self.sound.isChecked(), theme=self.theme.currentData(),
            zoom=self.zoom.currentData(), text_size=self.text_size.currentData())


def check_box(form: QFormLayout, text: str, checked: bool) -> QCheckBox:
    """A box to tick, as a row of ``form``."""
    box = QCheckBox(text)
    box.setChecked(checked)
    form.addRow("", box)
    return box


def text_choice(form: QFormLayout, label: str, choices, current: str) -> QComboBox:
    """A row of ``form``: ``label`` and a list of ``choices`` with ``current`` chosen."""
    combo = QComboBox()
    combo.addItems(list(choices))
    combo.setCurrentText(current)
    form.addRow(label, combo)
    return combo


def form_with_ok_cancel(dialog: QDialog, form: QFormLayout,
                        accept: Callable[[], object]) -> QDialogButtonBox:
    """Lay ``form`` out in ``dialog`` above OK and Cancel (OK calls ``accept``, Cancel
    rejects); returns the buttons."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(accept)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    layout.addWidget(buttons)
    return buttons


def player_combo(selected: str) -> QComboBox:
    """Every registered player by its title (watching compares players, not levels)."""
    combo = QComboBox()
    for info in available_players():
        combo.addItem(info.title, info.name)
        combo.setItemData(combo.count() - 1, info.description, Qt.ItemDataRole.ToolTipRole)
    combo.setCurrentIndex(max(0, combo.findData(selected)))
    return combo


class WatchDialog(QDialog):
    """Choose two players, how many games and a seed."""

    def __init__(self, parent=None, quick: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Run games quickly" if quick else "Watch the computer play")
        form = QFormLayout()
        self.a = player_combo("mueller")
        self.b = player_combo("heuristic")
        form.addRow("Player A", self.a)
        form.addRow("Player B", self.b)
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(1000 if quick else 3)
        form.addRow("Games", self.games)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        form.addRow("Seed", self.seed)
        form_with_ok_cancel(self, form, self.accept)

    def setup(self) -> WatchSetup:
        return WatchSetup((self.a.currentData(), self.b.currentData()), self.games.value(),
                          self.seed.value())
