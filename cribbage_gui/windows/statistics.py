"""The Statistics window: results per opponent, points per deal and two charts (Summary);
every game played, to open for review (Games); the accuracy of the games reviewed, over time
and per opponent (Accuracy). Games two people played at one screen are listed with both
names and who won, and left out of the figures against the computer. The Summary's and the
Accuracy's figures are those of one variant, chosen above the tabs (the six-card game
first); the Games tab lists every game, a variant's with its name."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ai import level_of
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.tables import NumberItem, cell, fill, fit_height, make_table
from cribbage_gui.app.texts import player_title
from cribbage_gui.services.history import History
from cribbage_gui.services.practice.store import START_RATING
from engine.rules import VARIANTS, skunk_of

# the variants as the window names them, in the order of engine.rules.VARIANTS
VARIANT_TITLES = {"six-card": "Six-card (two players)", "five-card": "Five-card (two players)",
                  "three-player": "Three players", "four-player": "Four players (partners)"}
# the person's two rows of points a deal: the person's side dealing, and not
ROLE_TITLES = {"six-card": ("As dealer", "As pone"), "five-card": ("As dealer", "As pone"),
               "three-player": ("As dealer", "Not dealing"),
               "four-player": ("Your side dealing", "The other side dealing")}


def opponent_name(name: str) -> str:
    """"Mueller (Very hard)"."""
    level, title = level_of(name), player_title(name)
    return title + (f" ({level.name})" if level and level.name not in title else "")


def opponents_name(names: str) -> str:
    """A game's opponents as the history keeps them ("heuristic, random" at a table of
    three) in titles: "Heuristic (Medium), Random (Beginner)"."""
    return ", ".join(opponent_name(name) for name in names.split(", "))


# what good players average a deal (pegging, hand, crib), to set yours beside
TYPICAL_PER_DEAL = {"dealer": (3.5, 8.0, 4.7), "pone": (2.0, 8.1, 0.0)}
TYPICAL_SOURCE = ("Typical figures for good players: John Chambers, ACC tip #6 'Average "
                  "scoring' (from 'Cribbage: A New Concept'): the dealer 16.2 a deal, the "
                  "pone 10.1")


def result_text(game: dict) -> str:
    """"Won", "Lost", "Won, a skunk", "Lost, a double skunk" (by the loser's score); for a
    game between two people, who won ("Ann won, a skunk")."""
    loser = game["opponent_score"] if game["human_won"] else game["human_score"]
    variant = game.get("variant", "six-card")
    skunk = ("", ", a skunk", ", a double skunk")[skunk_of(loser, VARIANTS.get(variant))]
    if game.get("two_players") and variant != "six-card":  # people on more than one side
        side = "side won" if game["human_won"] else "side lost"
        return f"{game['players'][game['human_seat']]}'s {side}{skunk}"
    if game.get("two_players"):
        seat = game["human_seat"] if game["human_won"] else 1 - game["human_seat"]
        return f"{game['players'][seat]} won{skunk}"
    return ("Won" if game["human_won"] else "Lost") + skunk


def opponent_text(game: dict) -> str:
    """The Games tab's opponent: the computer's level, or "Ann v Bob (at this screen)"."""
    variant = game.get("variant", "six-card")
    if variant != "six-card":
        title = VARIANT_TITLES.get(variant, variant).lower()
        if game.get("two_players"):
            return f"{' v '.join(game['players'])} (at this screen, {title})"
        return f"{opponents_name(game['opponent'])} ({title})"
    if game.get("two_players"):
        first, second = game["players"]
        return f"{first} v {second} (at this screen)"
    return opponent_name(game["opponent"])


def score_text(game: dict) -> str:
    """Yours first against the computer; by seat (as the names read) between two people."""
    if game.get("two_players") and game.get("variant", "six-card") == "six-card":
        scores = [0, 0]
        seat = game["human_seat"]
        scores[seat], scores[1 - seat] = game["human_score"], game["opponent_score"]
        return f"{scores[0]}–{scores[1]}"
    return f"{game['human_score']}–{game['opponent_score']}"


class StatisticsWindow(QDialog):
    review_requested = Signal(int)  # a game's id in the history

    def __init__(self, history: History, parent=None, practice: dict | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.resize(880, 680)
        self.history = history
        self.variant = "six-card"
        outer = QVBoxLayout(self)
        self.tabs = QTabWidget()
        outer.addWidget(self.tabs, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        # the variant on the buttons' row: it takes none of the charts' height
        bottom = self._variant_row()
        bottom.addWidget(self.buttons)
        outer.addLayout(bottom)
        summary_tab = QWidget()
        self.tabs.addTab(summary_tab, "Summary")
        self.tabs.addTab(self._games_tab(), "Games")
        self.tabs.addTab(self._accuracy_tab(), "Accuracy")
        self.tabs.addTab(self._practice_tab(practice), "Practice")
        self.variant_box.currentIndexChanged.connect(lambda _i: self._variant_chosen())
        layout = QVBoxLayout(summary_tab)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.two_players = QLabel()
        layout.addWidget(self.two_players)

        self.opponents = make_table(["Opponent", "Games", "Wins", "Win rate",
                                     "Skunks given", "Skunks taken", "With undo"],
                                    {"With undo": "Games in which you took a decision back"})
        self.opponents.stretch_last = False
        layout.addWidget(self.opponents)

        self.per_deal_title = QLabel("<b>Your points per complete deal</b>")
        layout.addWidget(self.per_deal_title)
        self.per_deal = make_table(["", "Deals", "Pegging", "Hand", "Crib", "Total"],
                                   {"Crib": "Your crib's points (the pone has no crib)",
                                    "Total": "Pegging, hand and crib together"})
        self.per_deal.stretch_last = False
        self.per_deal.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.per_deal.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.per_deal)

        self._counting_section(layout)

        t = theme.current()
        charts = QHBoxLayout()
        self.win_plot = pg.PlotWidget(axisItems=chart_axes("bottom"))
        self.win_plot.setTitle("Win rate over time")
        self.win_plot.setLabel("bottom", "games played")
        self.win_plot.setLabel("left", "win rate")
        self.win_plot.setYRange(0, 1)
        self.win_plot.getAxis("left").setTicks([[(v / 4, f"{25 * v}%") for v in range(5)]])
        self.win_curve = self.win_plot.plot([], [], pen=pg.mkPen(t.accent, width=2),
                                            symbol="o", symbolSize=6, symbolBrush=t.accent,
                                            name="cumulative")
        self.win_plot.addLine(y=0.5, pen=pg.mkPen(t.neutral, style=Qt.PenStyle.DashLine))
        theme.style_chart(self.win_plot)
        charts.addWidget(self.win_plot, 1)

        self.hand_plot = pg.PlotWidget(axisItems=chart_axes("left", "bottom"))
        self.hand_plot.setTitle("Your hand scores")
        self.hand_plot.setLabel("bottom", "points")
        self.hand_plot.setLabel("left", "hands")
        self.hand_counts = np.zeros(30, dtype=int)
        self.hand_bars = pg.BarGraphItem(x=np.arange(30), height=self.hand_counts,
                                         width=0.8, brush=t.accent_2)
        self.hand_plot.addItem(self.hand_bars)
        theme.style_chart(self.hand_plot)
        charts.addWidget(self.hand_plot, 1)
        layout.addLayout(charts, 1)
        self.show_variant(self.variant)

    # ------------------------------------------------------------------ the variant
    def _variant_row(self) -> QHBoxLayout:
        """The variant whose figures the Summary and Accuracy show (Alt+V)."""
        row = QHBoxLayout()
        label = QLabel("&Variant:")
        self.variant_box = QComboBox()
        for name, title in VARIANT_TITLES.items():
            self.variant_box.addItem(title, name)
        self.variant_box.setAccessibleName("Variant")
        self.variant_box.setAccessibleDescription(
            "The variant whose results, points a deal and accuracy are shown")
        self.variant_box.setToolTip("The Summary's and the Accuracy's figures are this "
                                    "variant's; the Games tab lists every game")
        label.setBuddy(self.variant_box)
        row.addWidget(label)
        row.addWidget(self.variant_box)
        row.addStretch(1)
        return row

    def _variant_chosen(self) -> None:
        self.show_variant(self.variant_box.currentData())

    def show_variant(self, variant: str) -> None:
        """Fill the Summary and the Accuracy with ``variant``'s figures."""
        self.variant = variant
        index = self.variant_box.findData(variant)
        if index != self.variant_box.currentIndex():
            self.variant_box.setCurrentIndex(index)  # (emits: shown again, the same)
            return
        self._fill_summary(variant)
        if hasattr(self, "accuracy_plot"):
            self._fill_accuracy(variant)

    def _fill_summary(self, variant: str) -> None:
        history = self.history
        six = variant == "six-card"
        totals = history.totals(variant)
        two = history.two_player_games() if six else []
        rate = totals["wins"] / totals["games"] if totals["games"] else 0.0
        games = totals["games"]
        title = VARIANT_TITLES[variant].lower()
        self.summary.setText(
            f"{games} game{'s' if games != 1 else ''} played, "
            f"{totals['wins']} won ({rate:.0%})." if games
            else "No games against the computer yet." if two
            else "No games played yet." if six else f"No {title} games played yet.")
        self.two_players.setText(
            f"{len(two)} game{'s' if len(two) != 1 else ''} between two players at this "
            f"computer, not counted above or below (see Games)." if two else "")
        self.two_players.setVisible(bool(two))

        rows = [[opponents_name(r["opponent"]), r["games"], r["wins"],
                 NumberItem(r["win_rate"], f"{r['win_rate']:.0%}"), r["skunks_given"],
                 r["skunks_taken"], r["undo_games"] or 0]
                for r in history.by_opponent(variant)]
        fill(self.opponents, rows)
        fit_height(self.opponents)

        self.averages = history.per_deal_averages(variant)
        self.per_deal_title.setText(
            "<b>Your points per complete deal</b>" if variant != "four-player" else
            "<b>Your side's points per complete deal</b> (yours and your partner's)")

        def row(title: str, deals, role: str, figures: tuple[float, float, float],
                places: int) -> list:
            peg, hand, crib = figures
            crib = crib if role == "dealer" else 0.0  # the pone has no crib
            return [title, deals, *(NumberItem(x, f"{x:.{places}f}") for x in (peg, hand)),
                    NumberItem(crib, f"{crib:.{places}f}" if role == "dealer" else "—"),
                    NumberItem(peg + hand + crib, f"{peg + hand + crib:.{places}f}")]

        rows = []
        for title, role in zip(ROLE_TITLES[variant], ("dealer", "pone"), strict=True):
            a = self.averages[role]
            rows.append(row(title, a["deals"], role, (a["pegging"], a["hand"], a["crib"]), 2))
        if six:  # (good players' figures are the six-card game's)
            rows += [row(f"Typical {role}", "", role, figures, 1)
                     for role, figures in TYPICAL_PER_DEAL.items()]
        fill(self.per_deal, rows, tips=["", "", *[TYPICAL_SOURCE] * 2][:len(rows)])
        muted = QColor(theme.current().muted)
        for r in range(2, len(rows)):
            for c in range(self.per_deal.columnCount()):
                cell(self.per_deal, r, c).setForeground(muted)
        fit_height(self.per_deal)

        wins = np.array(history.win_history(variant), dtype=float)
        games_played = np.arange(1, len(wins) + 1)
        self.win_curve.setData(games_played, np.cumsum(wins) / np.maximum(games_played, 1))
        self.win_plot.setXRange(0.5, max(5, len(wins)) + 0.5, padding=0)

        counts = np.bincount(np.array(history.hand_scores(variant), dtype=int),
                             minlength=30)[:30]
        self.hand_counts = counts
        self.hand_bars.setOpts(height=counts)
        self.hand_plot.setYRange(0, max(4, int(counts.max()) + 1), padding=0)

    # ------------------------------------------------------------------ counting
    def _counting_section(self, layout: QVBoxLayout) -> None:
        """The counting trainer's figures (Practice → Counting trainer…), read from the
        practice database beside the history without changing it."""
        from ai.paths import PRACTICE_NAME
        from cribbage_gui.services.practice.counting import CATEGORY_WORDS
        from cribbage_gui.services.practice.counting_log import read_summary
        from engine.errors import CribbageError

        try:
            s = read_summary(self.history.path.with_name(PRACTICE_NAME))
        except CribbageError as exc:
            text = f"The counting trainer's answers cannot be read: {exc}"
        else:
            if s.attempts and s.accuracy is not None and s.mean_seconds is not None:
                missed = ", ".join(f"{CATEGORY_WORDS.get(c, c)} ({n})"
                                   for c, n in s.missed_most(3))
                text = (f"{s.attempts} drill{'s' if s.attempts != 1 else ''} counted, "
                        f"{s.accuracy:.0%} right, {s.mean_seconds:.1f} s on average."
                        + (f" Missed most: {missed}." if missed else ""))
            else:
                text = "No drills counted yet: Practice → Counting trainer…"
        layout.addWidget(QLabel("<b>Counting</b>"))
        self.counting = QLabel(text)
        self.counting.setWordWrap(True)
        self.counting.setAccessibleName("Counting trainer")
        layout.addWidget(self.counting)

    # ------------------------------------------------------------------ games
    def _games_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.games = self.history.games()
        self.games_table = make_table(["Date", "Opponent", "Result", "Score", "Accuracy"],
                                      {"Accuracy": "How much of what was at stake in your "
                                                   "decisions you kept, by the expert's "
                                                   "review (100: always its choice)"})
        rows = []
        for g in self.games:
            date = (g["finished_at"] or "").replace("T", " ")[:16]
            accuracy = g["accuracy"]
            rows.append([date, opponent_text(g), result_text(g), score_text(g),
                         NumberItem(accuracy, f"{accuracy:.0f}") if accuracy is not None
                         else NumberItem(-1.0, "—")])
        fill(self.games_table, rows)
        t = theme.current()
        for r, g in enumerate(self.games):  # a win green, a loss red, as on the game-over box
            if not g["two_players"]:  # (between two people, one's win is the other's loss)
                cell(self.games_table, r, 2).setForeground(QColor(t.good if g["human_won"]
                                                                  else t.bad))
        self.games_table.currentCellChanged.connect(lambda *_a: self._game_chosen())
        self.games_table.cellDoubleClicked.connect(lambda *_a: self.review_chosen())
        layout.addWidget(self.games_table, 1)
        row = QHBoxLayout()
        self.game_note = QLabel("Every game you finish is kept with its moves: double-click "
                                "one (or choose it and Review game) to see each decision "
                                "rated." if self.games else
                                "No games played yet.")
        self.game_note.setWordWrap(True)
        row.addWidget(self.game_note, 1)
        self.review_button = QPushButton("Review game")
        self.review_button.setEnabled(False)
        self.review_button.clicked.connect(self.review_chosen)
        row.addWidget(self.review_button)
        layout.addLayout(row)
        if self.games:
            self.games_table.selectRow(0)
            self._game_chosen()
        return tab

    def chosen_game(self) -> dict | None:
        row = self.games_table.currentRow()
        return self.games[row] if 0 <= row < len(self.games) else None

    def _game_chosen(self) -> None:
        game = self.chosen_game()
        self.review_button.setEnabled(bool(game and game["has_record"]))
        if game is not None and not game["has_record"]:
            self.game_note.setText("This game was played before games were kept with their "
                                   "moves, so it cannot be reviewed.")

    def review_chosen(self) -> None:
        game = self.chosen_game()
        if game is not None and game["has_record"]:
            self.review_requested.emit(game["id"])

    # ------------------------------------------------------------------ accuracy
    def _accuracy_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.accuracy_plot = pg.PlotWidget(axisItems=chart_axes("bottom"))
        self.accuracy_plot.setTitle("Your accuracy in each game, by opponent")
        self.accuracy_plot.setLabel("bottom", "rated games, in the order played")
        self.accuracy_plot.setLabel("left", "accuracy")
        self.accuracy_plot.setYRange(0, 100)
        self.accuracy_legend = self.accuracy_plot.addLegend(offset=(-8, 8))
        self.accuracy_series: dict = {}
        theme.style_chart(self.accuracy_plot)
        layout.addWidget(self.accuracy_plot, 1)
        self.accuracy_table = make_table(["Opponent", "Games reviewed", "Average",
                                          "Last five", "Best"])
        self.accuracy_table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        layout.addWidget(self.accuracy_table)
        self.accuracy_note = QLabel()
        self.accuracy_note.setWordWrap(True)
        layout.addWidget(self.accuracy_note)
        return tab

    def _fill_accuracy(self, variant: str) -> None:
        t = theme.current()
        reviewed = self.history.accuracy_history(variant)
        self.accuracy_rows = reviewed
        for item in self.accuracy_series.values():
            self.accuracy_plot.removeItem(item)
        self.accuracy_legend.clear()
        opponents = sorted({r["opponent"] for r in reviewed})
        colours = [t.accent, t.accent_2, t.good, t.pegs[0], t.pegs[1], t.neutral]
        self.accuracy_series = {}
        for k, opponent in enumerate(opponents):
            points = [(i + 1, r["accuracy"]) for i, r in enumerate(reviewed)
                      if r["opponent"] == opponent]
            xs = np.array([p[0] for p in points], dtype=float)
            ys = np.array([p[1] for p in points], dtype=float)
            colour = colours[k % len(colours)]
            self.accuracy_series[opponent] = self.accuracy_plot.plot(
                xs, ys, name=opponents_name(opponent), pen=pg.mkPen(colour, width=2),
                symbol=theme.SERIES_SYMBOLS[k % len(theme.SERIES_SYMBOLS)], symbolSize=8,
                symbolBrush=colour, symbolPen=None)
        self.accuracy_plot.setXRange(0.5, max(5, len(reviewed)) + 0.5, padding=0)
        rows = []
        for opponent in opponents:
            values = [r["accuracy"] for r in reviewed if r["opponent"] == opponent]
            rows.append([opponents_name(opponent), len(values),
                         NumberItem(float(np.mean(values)), f"{np.mean(values):.0f}"),
                         NumberItem(float(np.mean(values[-5:])), f"{np.mean(values[-5:]):.0f}"),
                         NumberItem(max(values), f"{max(values):.0f}")])
        fill(self.accuracy_table, rows)
        fit_height(self.accuracy_table)
        self.accuracy_note.setText(
            "Accuracy: the share of the winning chances at stake in your decisions "
            "that you kept, by the expert's review: 100 is always its choice, "
            "about 50 is a random player. Each game you finish is rated in the "
            "background." if reviewed else
            "No game reviewed yet: each game you finish from now on is rated in "
            "the background, and any game can be reviewed from the Games tab."
            if variant == "six-card" else
            f"No {VARIANT_TITLES[variant].lower()} game reviewed yet. In a variant the "
            f"review judges by expected points (the share of the points at stake you "
            f"kept): `cribbage review FILE` rates a saved game.")

    def _practice_tab(self, summary: dict | None) -> QWidget:
        """Practice positions: the rating, the answers, what is due, the positions held by
        origin, and the rating after each answer (``summary``: the store's)."""
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.practice_label = QLabel(practice_text(summary))
        self.practice_label.setWordWrap(True)
        layout.addWidget(self.practice_label)
        self.practice_plot = pg.PlotWidget(axisItems=chart_axes("bottom"))
        self.practice_plot.setTitle("Your practice rating after each answer")
        self.practice_plot.setLabel("bottom", "answers, in order (0: the start)")
        self.practice_plot.setLabel("left", "rating")
        # from the starting rating (answer 0), so even one answer draws a line
        ratings = [START_RATING, *summary["rating_history"]] if summary and \
            summary["rating_history"] else []
        xs = np.arange(0, len(ratings), dtype=float)
        t = theme.current()
        self.practice_curve = self.practice_plot.plot(
            xs, np.array(ratings, dtype=float), pen=pg.mkPen(t.accent, width=2),
            symbol="o", symbolSize=6, symbolBrush=t.accent, symbolPen=None)
        self.practice_plot.setXRange(-0.5, max(5, len(ratings) - 1) + 0.5, padding=0)
        if ratings:
            low, high = min(ratings), max(ratings)
            self.practice_plot.setYRange(min(low, START_RATING - 50) - 10,
                                         max(high, START_RATING + 50) + 10)
        else:
            self.practice_plot.setYRange(START_RATING - 100, START_RATING + 100)
        theme.style_chart(self.practice_plot)
        layout.addWidget(self.practice_plot, 1)
        return tab


def practice_text(summary: dict | None) -> str:
    """The practice in words: "Rating 1512 ± 180 · 14 answered, 9 right (64%) · 2 due now ·
    positions: 5 from your games, 60 built in"."""
    if summary is None:
        return "The practice positions cannot be read."
    held = summary["positions"]
    origins = ", ".join(f"{n} {what}" for n, what in (
        (held.get("games", 0), "from your games"), (held.get("import", 0), "imported"),
        (held.get("built-in", 0), "built in")) if n)
    answered = summary["answered"]
    if answered:
        done = (f"{answered} answer{'s' * (answered != 1)}, {summary['correct']} right "
                f"({summary['accuracy']:.0%})")
    else:
        done = "no positions answered yet (Practice → Practice positions…)"
    return (f"<b>Practice rating {summary['rating']:.0f} ± {summary['deviation']:.0f}</b> · "
            f"{done} · {summary['due']} due now<br>Positions held: {origins or 'none'}.")

