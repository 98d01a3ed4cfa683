"""Help: the rules of cribbage, scoring with examples, the board, muggins, the keyboard, and
About.

Every example is drawn with the game's own cards (``widgets.cards.paint_face``) and every
point and spoken count in it is worked out by the engine when the page is built, never
typed, so the help cannot disagree with the game. The text takes the window's palette, so it
reads in the dark theme too.
"""

from __future__ import annotations

import itertools
import platform
from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QUrl
from PySide6.QtGui import QImage, QPainter, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QTextBrowser,
    QVBoxLayout,
)

from cribbage_gui.table.cards import CARD_RATIO, paint_face
from engine.cards import card_label, card_name, parse_card, parse_cards
from engine.pegging import peg_breakdown
from engine.scoring import count_aloud, score_breakdown

KEYBOARD_NOTE = ("<p>The whole game can be played from the keyboard. At your turn your cards "
                 "have the keyboard: a white ring shows the card it is on.</p>")
SCREEN_READER_NOTE = ("<p>A screen reader finds every card, pile and button by name, reads the "
                      "board's scores and whose crib it is, and speaks each score, go and "
                      "turn as it is shown.</p>")
TOPICS = ("How to play", "Scoring", "The play", "The board", "Muggins and counting",
          "Keyboard shortcuts", "About")
CARD_WIDTH = 44  # pixels, in the text
SCHEME = "card"


class CardBrowser(QTextBrowser):
    """A text browser that draws ``card:5H`` images with the game's card painter."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setOpenExternalLinks(False)
        self.setOpenLinks(False)
        self._images: dict[str, QImage] = {}

    def loadResource(self, kind: int, name: QUrl | str) -> object:  # noqa: N802 (Qt)
        url = QUrl(name)  # Qt passes a QUrl; its signature also takes the URL as a string
        if url.scheme() == SCHEME:
            return self.card_image(url.path())
        return super().loadResource(kind, name)

    def card_image(self, name: str) -> QImage:
        image = self._images.get(name)
        if image is None:
            card = parse_card(name)
            ratio = max(1.0, self.devicePixelRatioF()) * 2  # crisp when scaled
            w, h = CARD_WIDTH * ratio, CARD_WIDTH * CARD_RATIO * ratio
            image = QImage(int(w) + 2, int(h) + 2, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            paint_face(painter, QRectF(1, 1, w, h), card)
            painter.end()
            image.setDevicePixelRatio(ratio)
            self._images[name] = image
        return image


def cards_html(cards) -> str:
    """A row of card pictures."""
    return "".join(f'<img src="{SCHEME}:{card_name(c)}" width="{CARD_WIDTH}" '
                   f'height="{round(CARD_WIDTH * CARD_RATIO)}"> ' for c in cards)


def show_example(hand: str, starter: str, is_crib: bool = False, note: str = "") -> str:
    """A hand and starter, the engine's count of it, and how it is said."""
    four, cut = parse_cards(hand), parse_card(starter)
    items = score_breakdown(four, cut, is_crib)
    total = sum(i.points for i in items)
    spoken = count_aloud(items) if items else "nineteen (no points)"
    where = "crib" if is_crib else "hand"
    return (f"<p>{cards_html(four)}&nbsp;&nbsp;+&nbsp;{cards_html([cut])}<br>"
            f"<b>{total}</b> for the {where}{':' if items else ': nothing scores.'}</p>"
            f"{breakdown_table(items)}<p><i>“{spoken}”</i>"
            f"{'<br>' + note if note else ''}</p>")


def breakdown_table(items) -> str:
    """The scoring items of a count, one row per kind (the eight fifteens of a 29 on one
    line, not eight clauses): how many, the cards of each, the points."""
    if not items:
        return ""
    cells = ""
    for label, same in itertools.groupby(items, key=lambda i: i.label):
        kind = list(same)
        count = f"{len(kind)} × " if len(kind) > 1 else ""
        cards = " · ".join(" ".join(card_label(c) for c in i.cards) for i in kind)
        cells += (f"<tr><td width='30%'>{count}{label}</td><td width='60%'>{cards}</td>"
                  f"<td width='10%' align='right'><b>{sum(i.points for i in kind)}</b></td>"
                  f"</tr>")
    # the same columns in every example, a little space between them
    return (f"<table width='96%' cellspacing='0' cellpadding='3' style='margin-left:12px'>"
            f"{cells}</table>")


def play_example(cards: str, note: str = "") -> str:
    """Cards of one count in the order played, and what the last one pegs (engine)."""
    played = parse_cards(cards)
    items = peg_breakdown(played)
    points = sum(i.points for i in items)
    said = " and ".join(f"{i.label} for {i.points}" for i in items) or "nothing"
    return (f"<p>{cards_html(played)}<br>The {card_label(played[-1])} pegs <b>{points}</b>: "
            f"{said}.{' ' + note if note else ''}</p>")


def page(topic: str, shortcuts=(), data_dir: Path | None = None,
         settings_path: str | None = None) -> str:
    """The HTML of one topic."""
    if topic == "How to play":
        return HOW_TO_PLAY
    if topic == "Scoring":
        return (
            "<h2>Scoring the show</h2><p>After the play, each hand is counted with the "
            "starter as a fifth card: the pone's hand first, then the dealer's, then the "
            "crib (the dealer's).</p><ul>"
            "<li><b>Fifteens</b>: every combination of cards adding up to 15 (an ace is 1, "
            "court cards 10): 2 each.</li>"
            "<li><b>Pairs</b>: 2 for each pair; three of a kind (a <i>pair royal</i>) is 6, "
            "four (a <i>double pair royal</i>) 12.</li>"
            "<li><b>Runs</b>: three or more ranks in sequence, 1 a card; each way of making "
            "the run counts (a <i>double run</i>).</li>"
            "<li><b>Flush</b>: four cards of one suit in the hand, 4 (5 with the starter); "
            "the crib counts a flush only with all five.</li>"
            "<li><b>His nobs</b>: the jack of the starter's suit in the hand or crib: 1."
            "</li></ul>"
            + show_example("5C 5H 5S JD", "5D", note="The best hand there is: 29.")
            + show_example("7H 8C 8D 9S", "4C", note="Two runs of three (7-8-9 twice) and "
                                                     "their pair: a double run.")
            + show_example("2H 6H 8H QH", "3C", note="A flush of four counts in the hand.")
            + show_example("2H 6H 8H QH", "3C", is_crib=True,
                           note="The same cards in the crib: the flush needs the starter "
                                "too.")
            + show_example("AC 3D 7H QS", "9C",
                           note="Nothing scores: players call it a <i>nineteen</i> hand, "
                                "because no hand can make 19.")
            + "<p>His heels: when the starter is a jack, the dealer pegs 2 at once.</p>")
    if topic == "The play":
        return (
            "<h2>The play</h2><p>The pone leads; the players play in turn, each calling the "
            "running count. The count may not pass 31. A player who cannot play says "
            "<i>go</i>, and the other plays on as far as he can.</p><ul>"
            "<li>15 pegs 2; 31 pegs 2.</li>"
            "<li>A card of the rank just played pegs 2 (a pair), 6 (pair royal), 12 "
            "(double pair royal).</li>"
            "<li>The last cards played making a run of three or more, in any order, peg 1 "
            "a card.</li>"
            "<li>The last card before the count starts again pegs 1 (the <i>go</i>), unless "
            "it made 31; the very last card of the play pegs 1.</li></ul>"
            + play_example("KH 5C", "Fifteen.")
            + play_example("7D 7S 7C", "Pair royal.")
            + play_example("3H 5C 4D", "A run need not be played in order.")
            + play_example("9S 8H 7C 6D", "A run of four; the count is 30 and goes on.")
            + play_example("KD QC 6H 5S", "Thirty-one: the count starts again at 0."))
    if topic == "The board":
        return BOARD
    if topic == "Muggins and counting":
        return MUGGINS
    if topic == "Keyboard shortcuts":
        rows = "".join(f"<tr><td><b>{keys}</b></td><td>&nbsp;&nbsp;{what}</td></tr>"
                       for keys, what in shortcuts)
        return (f"<h2>Keyboard shortcuts</h2>{KEYBOARD_NOTE}"
                f"<table cellpadding='3'>{rows}</table>{SCREEN_READER_NOTE}")
    if topic == "About":
        return about(data_dir, settings_path)
    raise ValueError(f"no help topic {topic!r}; topics: {', '.join(TOPICS)}")


HOW_TO_PLAY = """
<h2>How to play</h2>
<p>Cribbage is a game for two, to 121 points, pegged on the board as they are scored.</p>
<p><b>New to the game?</b> <i>Help → Learn to play</i> is a real game against the Beginner
with the table explaining each step as it comes; <i>Skip the lesson</i> ends it at any
time.</p>
<ol>
<li><b>The cut for deal.</b> Each player cuts a card; the lower deals first (aces are low;
a tie cuts again). The deal then alternates.</li>
<li><b>The deal and the crib.</b> Each player gets six cards and throws two face down into
the <i>crib</i>, which is the dealer's: it counts for the dealer at the end of the deal.
Throwing good cards helps you in your own crib and helps your opponent in his.</li>
<li><b>The starter.</b> The pone (the dealer's opponent) cuts and the dealer turns the top
card: the <i>starter</i>, a fifth card for every hand and the crib. A jack is <i>his
heels</i>: 2 to the dealer at once.</li>
<li><b>The play.</b> Starting with the pone, each plays a card in turn, keeping a running
count that may not pass 31; 15, 31, pairs and runs peg as they are made, and a player who
cannot play says <i>go</i> (see <i>The play</i>).</li>
<li><b>The show.</b> The hands are counted in order: the pone's, the dealer's, then the crib,
each with the starter (see <i>Scoring</i>).</li>
</ol>
<p><b>The end.</b> The game ends the instant a player reaches 121, even in the middle of the
play or the show: nothing more is counted. That is why the pone, who counts first, often
wins a close race. A loser who has not passed 90 is <i>skunked</i>; below 61, <i>double
skunked</i> (see <i>The board</i>).</p>
<p>In this game: click two cards and <i>Throw to crib</i> (or double-click the second);
click a card to play it (a card that would pass 31 is refused, and go is said for you);
<i>Continue</i> moves the show on. <i>Hint</i> shows what the strongest computer player
would do, and the <i>Reasoning</i> panel shows why. To get better, <i>Practice → Practice
positions</i> sets you the decisions you got wrong in your finished games again (and a
built-in set), each judged as the review judges it, with the options and why.</p>
"""

BOARD = """
<h2>The board</h2>
<p>Each player has a track of 120 holes, in three passes of 40 (out, back, out again), and
the game hole at the end: 121. The numbers above each pass count the holes in fives.</p>
<p>Each player has <b>two pegs</b>. To score, the back peg jumps ahead of the front one by
the points scored, so the gap between a player's pegs always shows his last score, and a
miscount can be checked.</p>
<p><b>Skunks.</b> A player who wins while the loser is still at 90 or below (behind the
<i>skunk line</i>, between 90 and 91) wins a skunk; at 60 or below (the <i>double skunk</i>
line), a double skunk. In a match under the American Cribbage Congress's rules a game is
worth 2 match points, and a skunk (or a double skunk) 3. In a match the expert plays for
match points rather than for each game alone: near the end it goes for a skunk, or to
save one, when that is worth more than the safest win. Your hint, the options in the
Reasoning panel and the review of your decisions then measure the same thing: expected
match points (the <i>ACC</i> column) instead of the chance of winning.</p>
"""

MUGGINS = """
<h2>Muggins and counting your own hands</h2>
<p>In <i>Settings</i> you can count your own hand and crib in the show, and peg your own
points in the play, as players do across a real board. When your hand or crib is shown, or
after each card you play, type the points you claim and press <i>Enter</i> (0 if none).</p>
<ul>
<li>Claiming less than is there pegs only your claim.</li>
<li>Claiming more is corrected to the true count.</li>
<li>With <b>muggins</b> on, the points you miss go to your opponent, who calls
“muggins!” and pegs them.</li>
</ul>
<p>The computer always counts correctly, and never calls muggins on you unless the setting
is on.</p>
"""


def about(data_dir: Path | None, settings_path: str | None) -> str:
    from importlib import metadata

    import numba
    import PySide6
    from PySide6.QtCore import qVersion

    try:
        version = metadata.version("cribbage")
    except metadata.PackageNotFoundError:
        version = "development"
    rows = [("Version", version), ("Licence", "MIT"),
            ("Your games and history", str(data_dir) if data_dir else "—"),
            ("Your settings", settings_path or "—"),
            ("Python", platform.python_version()),
            ("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
            ("numba", numba.__version__)]
    table = "".join(f"<tr><td><b>{k}</b></td><td>&nbsp;&nbsp;{v}</td></tr>" for k, v in rows)
    return (
        "<h2>Cribbage</h2><p>Two-player six-card cribbage to 121, against computer "
        "opponents that show why they play as they do.</p>"
        f"<table cellpadding='3'>{table}</table>"
        "<p>The computer players come from the papers they are named after: Kendall and "
        "Shaw's evolved discarder; the score-aware strategy weights of the thesis this "
        "project builds on; Mueller's HALSCRIB (1987); and our own expert, which plays to "
        "win the game (in a match, for match points).</p>")


class HelpWindow(QDialog):
    """The help: topics on the left, the page on the right; opens on ``show_topic``."""

    def __init__(self, parent=None, shortcuts=(), data_dir: Path | None = None,
                 settings_path: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Cribbage help")
        self.setModal(False)
        self.shortcuts, self.data_dir, self.settings_path = shortcuts, data_dir, settings_path
        outer = QVBoxLayout(self)
        layout = QHBoxLayout()
        outer.addLayout(layout, 1)
        self.topics = QListWidget()
        self.topics.addItems(list(TOPICS))
        # as wide as the longest topic ("Keyboard shortcuts" was cut at 200% text)
        longest = max(self.topics.fontMetrics().horizontalAdvance(t) for t in TOPICS)
        self.topics.setMaximumWidth(max(190, longest + 28))
        self.topics.setMinimumWidth(longest + 28)
        self.topics.currentTextChanged.connect(self._show)
        layout.addWidget(self.topics)
        self.browser = CardBrowser()
        layout.addWidget(self.browser, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.setMinimumSize(560, 420)
        self.resize(780, 600)
        self.topic = ""
        self.show_topic("How to play")

    def show_topic(self, topic: str) -> None:
        """Open the help on ``topic`` (one of ``TOPICS``)."""
        if topic not in TOPICS:
            raise ValueError(f"no help topic {topic!r}; topics: {', '.join(TOPICS)}")
        self.topics.setCurrentRow(TOPICS.index(topic))
        self._show(topic)

    def _show(self, topic: str) -> None:
        if not topic or topic == self.topic:
            return
        self.topic = topic
        self.browser.setHtml(page(topic, self.shortcuts, self.data_dir, self.settings_path))

    def images(self) -> list[str]:
        """The card pictures the page shows (their names)."""
        doc: QTextDocument = self.browser.document()
        names = []
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fmt.isImageFormat():
                    names.append(fmt.toImageFormat().name())
                it += 1
            block = block.next()
        return names
