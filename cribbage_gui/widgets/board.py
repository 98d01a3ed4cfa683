"""The cribbage board: two tracks of 120 holes and the game hole, with leapfrogging pegs.

Each track makes three passes of 40 holes (left to right, back, and again), in groups of
five; the two players' rows run side by side. The double-skunk line (between 60 and 61) and
the skunk line (between 90 and 91) are marked across both tracks. Each player has two pegs:
the front one at the score, the back one at the previous score; scoring moves the back peg
past the front one, with a short animation.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QSizePolicy, QWidget

HOLES = 120
PER_PASS = 40
GROUP = 5
BOARD_COLOURS = {  # name -> (light, dark)
    "walnut": ("#8a5a33", "#5b3a1f"),
    "maple": ("#d9b27c", "#a8814e"),
    "cherry": ("#9b4a35", "#62291b"),
    "ebony": ("#4a4540", "#262320"),
}
PEG_COLOURS = (QColor("#d23a3a"), QColor("#2f6fd6"))
LINES = {60: "double skunk", 90: "skunk"}


class BoardWidget(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.names = ["You", "Computer"]
        self.scores = [0, 0]
        self.backs = [0, 0]
        self.dealer: int | None = None
        self.colour = "walnut"
        self.animation_ms = 350
        self._flying: dict[int, tuple[QPointF, QPointF, float]] = {}  # player -> from, to, t
        self._animations: list[QVariantAnimation] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(150)

    def sizeHint(self) -> QSize:
        return QSize(1000, 170)

    # ------------------------------------------------------------------ state
    def set_names(self, names) -> None:
        self.names = list(names)
        self.update()

    def set_dealer(self, dealer: int | None) -> None:
        self.dealer = dealer
        self.update()

    def set_colour(self, colour: str) -> None:
        self.colour = colour if colour in BOARD_COLOURS else "walnut"
        self.update()

    def reset(self, scores=(0, 0), backs=(0, 0)) -> None:
        for anim in self._animations:
            anim.stop()
        self._animations.clear()
        self._flying.clear()
        self.scores, self.backs = list(scores), list(backs)
        self.update()

    def peg_to(self, player: int, score: int, back: int | None = None) -> None:
        """Move ``player`` to ``score``: the back peg jumps ahead of the front one."""
        old_back = self.backs[player]
        self.backs[player] = self.scores[player] if back is None else back
        self.scores[player] = score
        if self.animation_ms <= 0 or not self.isVisible():
            self.update()
            return
        start, end = self.hole(player, old_back, 0), self.hole(player, score, 1)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(self.animation_ms)
        anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._flying[player] = (start, end, 0.0)

        def step(t, player=player, start=start, end=end):
            self._flying[player] = (start, end, float(t))
            self.update()

        def done(player=player, anim=anim):
            self._flying.pop(player, None)
            if anim in self._animations:
                self._animations.remove(anim)
            self.update()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._animations.append(anim)
        anim.start()

    @property
    def animating(self) -> bool:
        return bool(self._flying)

    # ------------------------------------------------------------------ geometry
    def _frame(self) -> QRectF:
        return QRectF(self.rect()).adjusted(4, 4, -4, -4)

    def _track_area(self) -> QRectF:
        f = self._frame()
        left = f.left() + min(200, f.width() * 0.2)
        return QRectF(left, f.top() + 14, f.right() - left - 34, f.height() - 28)

    def _spacing(self) -> float:
        area = self._track_area()
        return area.width() / (PER_PASS + (PER_PASS // GROUP - 1) * 0.7 + 1.5)

    def _column_x(self, column: int) -> float:
        area = self._track_area()
        s = self._spacing()
        return area.left() + s * (1.5 + column + (column // GROUP) * 0.7)

    def _row_y(self, pass_index: int, player: int) -> float:
        area = self._track_area()
        band = area.height() / 3
        return area.top() + band * pass_index + band * (0.3 + 0.4 * player)

    def hole(self, player: int, score: int, peg: int = 0) -> QPointF:
        """Centre of the hole for ``score`` (0: the start holes, one per peg; 121: game)."""
        area = self._track_area()
        if score <= 0:
            return QPointF(area.left() + self._spacing() * (0.1 + 0.7 * peg),
                           self._row_y(0, player))
        if score >= HOLES + 1:
            return QPointF(area.right() + 16, area.center().y())
        index = score - 1
        pass_index, offset = divmod(index, PER_PASS)
        column = offset if pass_index != 1 else PER_PASS - 1 - offset
        return QPointF(self._column_x(column), self._row_y(pass_index, player))

    def _line_x(self, after: int) -> tuple[float, int]:
        """x between holes ``after`` and ``after + 1``, and the pass it lies in."""
        a = self.hole(0, after).x()
        b = self.hole(0, after + 1).x()
        return (a + b) / 2, (after) // PER_PASS

    # ------------------------------------------------------------------ painting
    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = self._frame()
        light, dark = BOARD_COLOURS[self.colour]
        wood = QLinearGradient(frame.topLeft(), frame.bottomLeft())
        wood.setColorAt(0, QColor(light))
        wood.setColorAt(1, QColor(dark))
        p.setPen(QPen(QColor(dark).darker(130), 2))
        p.setBrush(wood)
        p.drawRoundedRect(frame, 14, 14)
        self._paint_scores(p, frame)
        self._paint_lines(p)
        self._paint_holes(p)
        self._paint_pegs(p)
        p.end()

    def _paint_scores(self, p: QPainter, frame: QRectF) -> None:
        area = self._track_area()
        width = area.left() - frame.left() - 16
        for player in (0, 1):
            top = frame.top() + 12 + player * (frame.height() - 24) / 2
            box = QRectF(frame.left() + 10, top, width, (frame.height() - 24) / 2 - 4)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawRoundedRect(box, 8, 8)
            p.setBrush(PEG_COLOURS[player])
            p.drawEllipse(QPointF(box.left() + 12, box.top() + 16), 6, 6)
            name = QFont("DejaVu Sans")
            name.setPixelSize(13)
            name.setBold(True)
            p.setFont(name)
            p.setPen(QColor("#f6efe2"))
            p.drawText(QRectF(box.left() + 24, box.top() + 4, box.width() - 28, 22),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       self.names[player])
            score = QFont("DejaVu Sans")
            score.setPixelSize(int(min(30, box.height() * 0.5)))
            score.setBold(True)
            p.setFont(score)
            p.drawText(QRectF(box.left() + 8, box.top() + 22, box.width() * 0.6,
                              box.height() - 24),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       str(self.scores[player]))
            if self.dealer == player:
                badge = QRectF(box.right() - 52, box.bottom() - 26, 46, 20)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#f2c14e"))
                p.drawRoundedRect(badge, 6, 6)
                small = QFont("DejaVu Sans")
                small.setPixelSize(11)
                small.setBold(True)
                p.setFont(small)
                p.setPen(QColor("#3a2a10"))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, "CRIB")

    def _paint_lines(self, p: QPainter) -> None:
        area = self._track_area()
        band = area.height() / 3
        small = QFont("DejaVu Sans")
        small.setPixelSize(10)
        p.setFont(small)
        for after, label in LINES.items():
            x, pass_index = self._line_x(after)
            top = area.top() + band * pass_index
            p.setPen(QPen(QColor("#ffd98a"), 2, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, top + 10), QPointF(x, top + band - 4))
            p.setPen(QColor("#ffd98a"))
            p.drawText(QRectF(x - 60, area.top() + pass_index * band - 2, 120, 10),
                       Qt.AlignmentFlag.AlignCenter, f"{label} {after}")

    def _paint_holes(self, p: QPainter) -> None:
        r = max(2.0, self._spacing() * 0.2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(20, 12, 6, 200))
        for player in (0, 1):
            for score in range(0, HOLES + 1):
                pegs = (0, 1) if score == 0 else (0,)
                for peg in pegs:
                    p.drawEllipse(self.hole(player, score, peg), r, r)
        p.drawEllipse(self.hole(0, HOLES + 1), r * 1.6, r * 1.6)
        p.setPen(QColor("#f2e3c6"))
        small = QFont("DejaVu Sans")
        small.setPixelSize(9)
        p.setFont(small)
        for marker in (5, 10, 15, 20, 25, 30, 35, 40):
            for pass_index in range(3):
                score = pass_index * PER_PASS + marker
                if score in LINES:
                    continue  # the line's own label stands there
                pt = self.hole(0, score)
                p.drawText(QRectF(pt.x() - 12, self._track_area().top()
                                  + pass_index * self._track_area().height() / 3 - 2, 24, 10),
                           Qt.AlignmentFlag.AlignCenter, str(score))

    def _peg(self, p: QPainter, centre: QPointF, player: int, lifted: float = 0.0) -> None:
        r = max(3.0, self._spacing() * 0.32) * (1 + 0.35 * lifted)
        shadow = QPointF(centre.x() + 1.5 + 3 * lifted, centre.y() + 1.5 + 3 * lifted)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(shadow, r, r)
        g = QRadialGradient(centre.x() - r / 3, centre.y() - r / 3, r * 1.4)
        colour = PEG_COLOURS[player]
        g.setColorAt(0, colour.lighter(160))
        g.setColorAt(1, colour.darker(120))
        p.setBrush(g)
        p.drawEllipse(centre, r, r)

    def _paint_pegs(self, p: QPainter) -> None:
        for player in (0, 1):
            # the back peg rests at the previous score; the front one at the score, or in
            # flight towards it
            self._peg(p, self.hole(player, self.backs[player], 0), player)
            flying = self._flying.get(player)
            if flying is None:
                self._peg(p, self.hole(player, self.scores[player], 1), player)
            else:
                start, end, t = flying
                lift = 4 * t * (1 - t)
                pos = QPointF(start.x() + (end.x() - start.x()) * t,
                              start.y() + (end.y() - start.y()) * t - 18 * lift)
                self._peg(p, pos, player, lifted=lift)
