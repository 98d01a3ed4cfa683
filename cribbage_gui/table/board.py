"""The cribbage board: two tracks of 120 holes and the game hole, with leapfrogging pegs.

Each track makes three passes of 40 holes (left to right, back, and again), in groups of
five; the two players' rows run side by side, with the hole numbers above each pass. The
double-skunk line (between 60 and 61) and the skunk line (between 90 and 91) are marked
across both tracks. Each player has two pegs: the front one at the score, the back one at
the previous score. Scoring lifts the back peg and hops it hole by hole past the front one
to the new score (the animation speed setting sets the pace; 0 moves it at once).

The board scales with its size: the window gives it about a quarter of its height and the
whole width, so holes, pegs and numbers stay readable from 1024x700 up.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from cribbage_gui.app import theme
from engine.rules import DOUBLE_SKUNK_LINE, SKUNK_LINE, WINNING_SCORE, Rules

HOLES = WINNING_SCORE - 1  # the game hole is the 121st
PER_PASS = 40
GROUP = 5
# the lines are drawn after the last hole a skunked loser may reach
LINES = {DOUBLE_SKUNK_LINE - 1: "double skunk", SKUNK_LINE - 1: "skunk"}
HOP_MS = 70  # per hole at normal speed
MAX_MOVE_MS = 1400  # a long move (a 24 hand) hops faster
PEG_SHAPES = ("round", "diamond", "square")  # by track: the pegs differ in shape as well
# as colour


PLATE_NAME_PX = 24.0  # a plate's name at its largest (pixels)
PEG_DOT = 0.42  # the peg dot before a name: its radius, as a share of the name's size


class BoardWidget(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.names = ["You", "Computer"]
        self.scores = [0, 0]
        self.backs = [0, 0]
        # the variant's board: a track a side, its target's holes, its skunk lines
        self.tracks = 2
        self.target = WINNING_SCORE
        self.lines = dict(LINES)
        self.dealer: int | None = None
        self.colour = "walnut"
        self.pace = 1.0  # the animation speed factor (0: instant)
        self._flying: dict[int, tuple[list[QPointF], float]] = {}  # player -> path, t
        self._animations: dict[int, QVariantAnimation] = {}
        self._holes_size: tuple[int, int] | None = None  # the size self._holes is for
        self._holes: dict[tuple[int, int, int], tuple[float, float]] = {}  # centres
        self._crowded: tuple[tuple, frozenset[int]] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(130)
        self.setMaximumHeight(320)
        self.setMinimumWidth(420)
        theme.signals.changed.connect(self._restyle)  # a method: gone with the board

    def _restyle(self, *_theme) -> None:
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return QSize(1000, 180)

    # ------------------------------------------------------------------ state
    def set_names(self, names) -> None:
        self.names = (list(names) + [""] * self.tracks)[:max(self.tracks, len(names))]
        self.update()

    def set_rules(self, rules: Rules) -> None:
        """The board of a variant: a track for each side (three for three players), and a
        61-hole board for a game to 61 (two passes of 30), with the variant's skunk
        lines."""
        self.tracks, self.target = rules.sides, rules.target
        self.lines = {line - 1: name for line, name in
                      ((rules.double_skunk_line, "double skunk"), (rules.skunk_line, "skunk"))
                      if line > 0}
        self.names = (list(self.names) + [""] * self.tracks)[:self.tracks]  # (set_names
        # names them; a plate without a name is never painted: an error in a paint event
        # ends the program)
        self.scores = (self.scores + [0] * self.tracks)[:self.tracks]
        self.backs = (self.backs + [0] * self.tracks)[:self.tracks]
        self._holes_size = None
        self._crowded = None
        self.update()

    @property
    def holes(self) -> int:
        """The holes of a track before the game hole."""
        return self.target - 1

    @property
    def passes(self) -> int:
        return 3 if self.holes >= 120 else 2

    @property
    def per_pass(self) -> int:
        return self.holes // self.passes

    def set_dealer(self, dealer: int | None) -> None:
        self.dealer = dealer
        self.update()

    def set_colour(self, colour: str) -> None:
        self.colour = colour if colour in theme.BOARD_WOODS else "walnut"
        self.update()

    def reset(self, scores=(0, 0), backs=(0, 0)) -> None:
        """The pegs at ``scores`` (by track) and ``backs``, at once."""
        for anim in self._animations.values():
            anim.stop()
        self._animations.clear()
        self._flying.clear()
        self.scores, self.backs = list(scores), list(backs)
        self.update()

    def peg_to(self, player: int, score: int, back: int | None = None) -> None:
        """Move ``player`` to ``score``: the back peg hops ahead of the front one."""
        previous = self._animations.pop(player, None)
        if previous is not None:
            previous.stop()
            self._flying.pop(player, None)
        old_back, old_front = self.backs[player], self.scores[player]
        self.backs[player] = old_front if back is None else back
        self.scores[player] = score
        holes = max(1, score - old_front)
        duration = min(MAX_MOVE_MS, HOP_MS * (holes + 1)) * self.pace
        if duration <= 0 or not self.isVisible():
            self.update()
            return
        path = [self.hole(player, old_back, 0)]
        path += [self.hole(player, s, 1) for s in range(old_front + 1, score + 1)]
        if len(path) < 2:
            self.update()
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(path) - 1))
        anim.setDuration(int(duration))
        anim.setEasingCurve(QEasingCurve.Type.InOutSine)
        self._flying[player] = (path, 0.0)

        def step(t, player=player, path=path):
            self._flying[player] = (path, float(t))
            self.update()

        def done(player=player, anim=anim):
            self._flying.pop(player, None)
            if self._animations.get(player) is anim:
                del self._animations[player]
            self.update()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._animations[player] = anim
        anim.start()

    @property
    def animating(self) -> bool:
        return bool(self._flying)

    # ------------------------------------------------------------------ geometry
    def _frame(self) -> QRectF:
        return QRectF(self.rect()).adjusted(4, 4, -4, -4)

    def _plate_width(self) -> float:
        return min(280.0, max(130.0, self._frame().width() * 0.17))

    def number_font(self):
        """The hole numbers: at least 11 pt, larger on a larger board."""
        f = theme.font(0, bold=True)
        f.setPointSizeF(max(11.0, min(18.0, self._frame().height() / 16)))
        return f

    def _number_strip(self) -> float:
        return QFontMetricsF(self.number_font()).height() + 1

    def _track_area(self) -> QRectF:
        f = self._frame()
        left = f.left() + self._plate_width() + 12
        game_hole = max(26.0, f.width() * 0.03)
        return QRectF(left, f.top() + 6, f.right() - left - game_hole, f.height() - 12)

    def _spacing(self) -> float:
        area = self._track_area()
        per_pass = self.per_pass
        return area.width() / (per_pass + (per_pass // GROUP - 1) * 0.7 + 1.5)

    def _column_x(self, column: int) -> float:
        area = self._track_area()
        s = self._spacing()
        return area.left() + s * (1.5 + column + (column // GROUP) * 0.7)

    def _band(self, pass_index: int) -> QRectF:
        area = self._track_area()
        band = area.height() / self.passes
        return QRectF(area.left(), area.top() + band * pass_index, area.width(), band)

    def _row_y(self, pass_index: int, player: int) -> float:
        band = self._band(pass_index)
        strip = self._number_strip()
        rows = band.height() - strip
        return band.top() + strip + rows * (0.28 + 0.44 * player / (self.tracks - 1))

    def peg_radius(self) -> float:
        """Half a peg's width: limited by the hole spacing and the distance between rows."""
        rows = abs(self._row_y(0, 1) - self._row_y(0, 0))
        return max(3.0, min(self._spacing() * 0.34, rows * 0.42))

    def hole(self, player: int, score: int, peg: int = 0) -> QPointF:
        """Centre of the hole for ``score`` (0: the start holes, one per peg; 121: game).
        Worked out once per size (the geometry is a function of the board's size alone):
        a paint places some 250 holes, and the board repaints on every frame of a hop."""
        size = (self.width(), self.height())
        cached = self._holes.get((player, score, peg)) if self._holes_size == size else None
        if cached is None:
            if self._holes_size != size:
                self._holes_size, self._holes = size, {}
            point = self._hole(player, score, peg)
            cached = self._holes[(player, score, peg)] = (point.x(), point.y())
        return QPointF(*cached)

    def _hole(self, player: int, score: int, peg: int) -> QPointF:
        area = self._track_area()
        if score <= 0:
            return QPointF(area.left() + self._spacing() * (0.1 + 0.7 * peg),
                           self._row_y(0, player))
        if score >= self.holes + 1:
            return QPointF(area.right() + self._frame().width() * 0.012, area.center().y())
        index = score - 1
        per_pass = self.per_pass
        pass_index, offset = divmod(index, per_pass)
        column = offset if pass_index != 1 else per_pass - 1 - offset
        return QPointF(self._column_x(column), self._row_y(pass_index, player))

    def _line_x(self, after: int) -> tuple[float, int]:
        """x between holes ``after`` and ``after + 1``, and the pass it lies in."""
        a = self.hole(0, after).x()
        b = self.hole(0, after + 1).x()
        return (a + b) / 2, after // self.per_pass

    # ------------------------------------------------------------------ painting
    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = self._frame()
        ink = theme.board_colours(self.colour)
        wood = QLinearGradient(frame.topLeft(), frame.bottomLeft())
        wood.setColorAt(0, QColor(ink.wood[0]))
        wood.setColorAt(1, QColor(ink.wood[1]))
        p.setPen(QPen(QColor(ink.edge), 2 * theme.current().outline))
        p.setBrush(wood)
        p.drawRoundedRect(frame, 14, 14)
        self._paint_plates(p, frame)
        self._paint_lines(p)
        self._paint_holes(p)
        self._paint_pegs(p)
        p.end()

    @staticmethod
    def name_font(name: str, px: float, width: float):
        """A player's name in ``px`` bold, or smaller (down to 10 px) so that a long name
        ("Strategy weights") fits ``width`` whole rather than cut short; elided only past
        that."""
        size = px
        while size > 10.0:
            font = theme.font(size, bold=True)
            if QFontMetricsF(font).horizontalAdvance(name) <= width:
                return font
            size -= 0.5
        return theme.font(10.0, bold=True)

    def plate_layout(self, player: int) -> dict:
        """Where a score plate's parts go: ``box``, the peg ``dot`` (centre, radius), the
        ``name`` rect and font, the ``score`` text's rect and font, and the dealer's CRIB
        ``badge`` (None when not the dealer). The score is sized so that "121" never runs
        under the badge."""
        frame = self._frame()
        width = self._plate_width()
        height = (frame.height() - 12 - 4 * self.tracks) / self.tracks
        box = QRectF(frame.left() + 8, frame.top() + 6 + player * (height + 4), width, height)
        name_px = max(13.0, min(PLATE_NAME_PX, box.height() * 0.22))
        dot = name_px * PEG_DOT
        name_box = QRectF(box.left() + 14 + 2 * dot, box.top() + 4, box.width() - 20 - 2 * dot,
                          name_px * 1.3)
        badge = None
        right = box.right() - 6
        if self.dealer == player:
            small = theme.font(max(11.0, name_px * 0.75), bold=True)
            label = QFontMetricsF(small).horizontalAdvance("CRIB") + 14
            badge = QRectF(box.right() - label - 6, box.bottom() - name_px * 1.25 - 4,
                           label, name_px * 1.25)
            right = badge.left() - 4
        score_px = max(16.0, min(56.0, (box.height() - name_px * 1.3) * 0.72))
        widest = str(self.target)
        while score_px > 12.0 and QFontMetricsF(theme.font(score_px, bold=True)) \
                .horizontalAdvance(widest) > right - box.left() - 10:
            score_px -= 1.0
        score_font = theme.font(score_px, bold=True)
        score_box = QRectF(box.left() + 10, box.top() + name_px * 1.3,
                           QFontMetricsF(score_font).horizontalAdvance(str(self.scores[player])),
                           box.height() - name_px * 1.3 - 2)
        return {"box": box, "dot": (QPointF(box.left() + 8 + dot, box.top() + 6 + name_px * 0.6),
                                    dot),
                "name": name_box, "name_font": self.name_font(self.names[player], name_px,
                                                              name_box.width()),
                "score": score_box, "score_font": score_font, "badge": badge,
                "badge_font": theme.font(max(11.0, name_px * 0.75), bold=True)}

    def _paint_plates(self, p: QPainter, frame: QRectF) -> None:
        t = theme.current()
        ink = theme.board_colours(self.colour, t)
        for player in range(self.tracks):
            parts = self.plate_layout(player)
            box = parts["box"]
            p.setPen(QPen(QColor(ink.text), 1.5) if t.high_contrast else Qt.PenStyle.NoPen)
            p.setBrush(QColor(ink.plate))
            p.drawRoundedRect(box, 8, 8)
            centre, dot = parts["dot"]
            # the player's peg, in its colour and its shape (colour is never the only sign)
            self._peg_shape(p, centre, dot, player, QColor(t.peg(player)))
            p.setPen(QColor(ink.text))
            name_box = parts["name"]
            p.setFont(parts["name_font"])
            metrics = QFontMetricsF(p.font())
            p.drawText(name_box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       metrics.elidedText(self.names[player], Qt.TextElideMode.ElideRight,
                                          name_box.width()))
            p.setFont(parts["score_font"])
            p.drawText(parts["score"], Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       str(self.scores[player]))
            badge = parts["badge"]
            if badge is not None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(ink.badge))
                p.drawRoundedRect(badge, 6, 6)
                p.setFont(parts["badge_font"])
                p.setPen(QColor(ink.badge_text))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, "CRIB")

    def _line_font(self):
        small = theme.font(0)
        small.setPointSizeF(self.number_font().pointSizeF() * 0.85)
        return small

    def _crowded_numbers(self) -> frozenset[int]:
        """The hole numbers a skunk line's label stands in place of, at this size (worked
        out once per size: the board repaints on every frame of a peg's hop)."""
        key = (self.width(), self.height(), theme.zoom(), self.target)
        if self._crowded is None or self._crowded[0] != key:
            per_pass = self.per_pass
            scores = frozenset(p * per_pass + m for m in range(5, per_pass + 1, 5)
                               for p in range(self.passes)
                               if self._crowded_by_a_line(p * per_pass + m))
            self._crowded = (key, scores)
            return scores
        return self._crowded[1]

    def _crowded_by_a_line(self, score: int) -> bool:
        """Whether the hole number ``score`` would touch a skunk line's label (on a narrow
        board "double skunk" spans more than five holes): the label stands there instead."""
        label_metrics = QFontMetricsF(self._line_font())
        number_metrics = QFontMetricsF(self.number_font())
        x = self.hole(0, score).x()
        half_number = number_metrics.horizontalAdvance(str(score)) / 2
        for after, label in self.lines.items():
            line_x, pass_index = self._line_x(after)
            if pass_index != (score - 1) // self.per_pass:
                continue
            room = label_metrics.horizontalAdvance(label) / 2 + half_number + 4
            if abs(x - line_x) < room:
                return True
        return False

    def _paint_lines(self, p: QPainter) -> None:
        ink = theme.board_colours(self.colour)
        p.setFont(self._line_font())
        strip = self._number_strip()
        for after, label in self.lines.items():
            x, pass_index = self._line_x(after)
            band = self._band(pass_index)
            p.setPen(QPen(QColor(ink.line), 2, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, band.top() + strip), QPointF(x, band.bottom() - 2))
            p.setPen(QColor(ink.line))
            p.drawText(QRectF(x - 80, band.top(), 160, strip), Qt.AlignmentFlag.AlignCenter,
                       label)

    def _paint_holes(self, p: QPainter) -> None:
        ink = theme.board_colours(self.colour)
        r = max(1.8, self._spacing() * 0.17)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(ink.hole))
        for player in range(self.tracks):
            for score in range(0, self.holes + 1):
                pegs = (0, 1) if score == 0 else (0,)
                for peg in pegs:
                    p.drawEllipse(self.hole(player, score, peg), r, r)
        p.drawEllipse(self.hole(0, self.holes + 1), r * 1.8, r * 1.8)
        p.setPen(QColor(ink.text))
        p.setFont(self.number_font())
        strip = self._number_strip()
        per_pass = self.per_pass
        for marker in range(5, per_pass + 1, 5):
            for pass_index in range(self.passes):
                score = pass_index * per_pass + marker
                if score in self._crowded_numbers():
                    continue  # the line's own label stands there
                x = self.hole(0, score).x()
                p.drawText(QRectF(x - 20, self._band(pass_index).top(), 40, strip),
                           Qt.AlignmentFlag.AlignCenter, str(score))

    def _peg(self, p: QPainter, centre: QPointF, player: int, lifted: float = 0.0) -> None:
        r = self.peg_radius() * (1 + 0.3 * lifted)
        shadow = QPointF(centre.x() + 1.5 + 3 * lifted, centre.y() + 1.5 + 3 * lifted)
        self._peg_shape(p, shadow, r, player, None)
        colour = QColor(theme.current().peg(player))
        self._peg_shape(p, centre, r, player, colour)

    @staticmethod
    def _peg_shape(p: QPainter, centre: QPointF, r: float, player: int,
                   colour: QColor | None) -> None:
        """A peg of ``colour`` (None: its shadow) in the player's shape: round for the
        first seat, a diamond for the second, so that the two players' pegs differ in
        more than colour."""
        if colour is None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(theme.current().shadow))
        else:
            g = QRadialGradient(centre.x() - r / 3, centre.y() - r / 3, r * 1.4)
            g.setColorAt(0, colour.lighter(160))
            g.setColorAt(1, colour.darker(120))
            p.setBrush(g)
            edge = QColor("#ffffff") if theme.current().high_contrast else colour.darker(170)
            p.setPen(QPen(edge, theme.current().outline))
        if PEG_SHAPES[player] == "round":
            p.drawEllipse(centre, r, r)
        elif PEG_SHAPES[player] == "square":
            d = r * 0.9  # a square of about the same area
            p.drawRect(QRectF(centre.x() - d, centre.y() - d, 2 * d, 2 * d))
        else:
            d = r * 1.25  # a diamond of the same area reads as the same size
            p.drawPolygon(QPolygonF([QPointF(centre.x(), centre.y() - d),
                                     QPointF(centre.x() + d, centre.y()),
                                     QPointF(centre.x(), centre.y() + d),
                                     QPointF(centre.x() - d, centre.y())]))

    def peg_position(self, player: int) -> QPointF:
        """Where the moving (or front) peg is drawn now."""
        flying = self._flying.get(player)
        if flying is None:
            return self.hole(player, self.scores[player], 1)
        path, t = flying
        i = min(int(t), len(path) - 2)
        f = t - i
        a, b = path[i], path[i + 1]
        hop = 4 * f * (1 - f) * self.peg_radius() * (2.2 if i == 0 else 1.2)
        return QPointF(a.x() + (b.x() - a.x()) * f, a.y() + (b.y() - a.y()) * f - hop)

    def _paint_pegs(self, p: QPainter) -> None:
        for player in range(self.tracks):
            flying = self._flying.get(player)
            if flying is None:
                self._peg(p, self.hole(player, self.backs[player], 0), player)
                self._peg(p, self.hole(player, self.scores[player], 1), player)
                continue
            # in flight: the peg that stays is the old front one, at the back score now
            self._peg(p, self.hole(player, self.backs[player], 0), player)
            path, t = flying
            f = t - int(t)
            self._peg(p, self.peg_position(player), player, lifted=4 * f * (1 - f))
