"""The strategy heatmap: a weights table's 121 x 121 graphs, live.

Choose a strategy (or the dominant strategy), dealer, pone or their difference; colours keep
fixed levels, axes are board points (own score down, the opponent's across, as in the
thesis); the tooltip gives the whole weight vector under the mouse. A marker shows the
current board position in a game against the ``weights`` player. A slider steps through a
run's checkpoints, and a training run can be started here: it runs ``cribbage train
weights`` in a separate process, the heatmap follows its checkpoints as they arrive, and
Cancel stops the process and keeps the last checkpoint.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QProcess, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ai import strategy_weights as model
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.panels.plots import STRATEGY_COLOURS, checkpoints_of, colour_map
from engine.roles import DEALER, PONE, role_of
from engine.rules import WINNING_SCORE

DOMINANT = "dominant strategy"
VIEWS = ("dealer", "pone", "difference")
# what a person reads for each strategy (the thesis's name, kept as the item's data and in
# its tooltip) and each view
STRATEGY_TEXT = {
    "hand_max_min": "Hand: best worst case", "hand_max_avg": "Hand: best average",
    "hand_max_med": "Hand: best median", "hand_max_poss": "Hand: best possible",
    "crib_min_avg": "Crib: least given", "pegging_max_avg_gained": "Pegging: most gained",
    "pegging_max_med_gained": "Pegging: most gained, median",
    "pegging_min_avg_given": "Pegging: least given", DOMINANT: "The strongest strategy"}
VIEW_TEXT = {"dealer": "As the dealer", "pone": "As the pone",
             "difference": "Dealer minus pone"}


MARGIN = 1.5  # scores of room around the 121 x 121 positions


class HeatmapDock(QDockWidget):
    def __init__(self, parent=None) -> None:
        super().__init__("Strategy weights", parent)
        self.setObjectName("heatmap")
        self.weights: np.ndarray | None = None
        self.label = ""
        self.checkpoints: list[tuple[int, Path]] = []
        self.position: tuple[int, int, int] | None = None  # (dealer flag, own, opponent)
        self.process: QProcess | None = None
        self.run_dir: Path | None = None
        self.run_games = 0
        self._poll = QTimer(self)
        self._poll.setInterval(400)
        self._poll.timeout.connect(self._poll_checkpoints)
        self._build()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        root = QWidget()
        layout = QVBoxLayout(root)
        top = QHBoxLayout()
        self.strategy = QComboBox()
        for key in (*model.STRATEGIES, DOMINANT):
            self.strategy.addItem(STRATEGY_TEXT[key], key)
            self.strategy.setItemData(self.strategy.count() - 1,
                                      f"{STRATEGY_TEXT[key]} ({key} in the thesis)"
                                      if key != DOMINANT else
                                      "Each position coloured by its largest weight",
                                      Qt.ItemDataRole.ToolTipRole)
        self.strategy.setCurrentIndex(self.strategy.findData("hand_max_avg"))
        self.strategy.setAccessibleName("Strategy drawn")
        self.view = QComboBox()
        for key in VIEWS:
            self.view.addItem(VIEW_TEXT[key], key)
        self.view.setCurrentIndex(self.view.findData("pone"))
        self.view.setAccessibleName("Weights drawn for")
        self.open_button = QPushButton("Open…")
        self.open_button.clicked.connect(self._open_dialog)
        for combo in (self.strategy, self.view):  # may shrink with the panel
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        # the strategy on a row of its own, as wide as the panel (its names whole at
        # 100% text); its least width a short name's, so that at 200% text the panel does
        # not make the window wider than a 1024-pixel screen (a longer name is then
        # shortened with "…", whole in its tooltip and the list)
        self.strategy.setMinimumContentsLength(12)
        layout.addWidget(self.strategy)
        top.addWidget(self.view, 1)
        top.addWidget(self.open_button)
        layout.addLayout(top)
        self.file_label = QLabel("")
        self.file_label.setWordWrap(True)
        layout.addWidget(self.file_label)
        self.plot_widget = pg.PlotWidget(axisItems=chart_axes())
        self.plot_widget.setAccessibleName("Strategy weights heatmap")
        self.plot_widget.setAccessibleDescription(
            "The weight of the strategy chosen at every score: your own score down, the "
            "opponent's across; point at a square for its figures")
        self.plot = self.plot_widget.getPlotItem()
        self.image = pg.ImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.plot.invertY(True)
        # the board's 121 x 121 positions fill the panel, however tall (a locked aspect
        # showed scores from -20 to 150 around a square in a tall panel)
        self.plot.setAspectLocked(False)
        self.plot.setMouseEnabled(x=False, y=False)
        # a point and a half of margin: the axes' end labels and the marker at 0-0 whole
        self.plot.setLimits(xMin=-MARGIN, xMax=WINNING_SCORE + MARGIN, yMin=-MARGIN,
                            yMax=WINNING_SCORE + MARGIN)
        self.plot.setLabel("left", "own score")
        self.plot.setLabel("bottom", "opponent's score")
        self.plot.setRange(xRange=(-MARGIN, WINNING_SCORE + MARGIN),
                           yRange=(-MARGIN, WINNING_SCORE + MARGIN),
                           padding=0)
        self.bar = pg.ColorBarItem(values=(0, 1), colorMap=colour_map("strength"),
                                   interactive=False)
        self.bar.setImageItem(self.image, insert_in=self.plot)
        self.marker = pg.ScatterPlotItem(size=14, symbol="o",
                                         pen=pg.mkPen(theme.current().accent_2, width=3),
                                         brush=None)
        self.plot.addItem(self.marker)
        self.plot_widget.scene().sigMouseMoved.connect(self._hover)
        theme.style_chart(self.plot_widget)
        layout.addWidget(self.plot_widget, 1)
        slider_row = QHBoxLayout()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName("Training checkpoint")
        self.slider.setToolTip("Step through the training run's checkpoints")
        self.slider.setEnabled(False)
        self.slider.valueChanged.connect(self._slide)
        self.slider_label = QLabel("no checkpoints")
        slider_row.addWidget(self.slider, 1)
        slider_row.addWidget(self.slider_label)
        layout.addLayout(slider_row)
        layout.addWidget(self._training_box())
        self.setWidget(root)
        self.strategy.currentIndexChanged.connect(lambda _i: self.redraw())
        self.view.currentIndexChanged.connect(lambda _i: self.redraw())

    def _training_box(self) -> QWidget:
        """The training form, folded under a "Train weights" button so that the heatmap
        keeps the room in a short panel; it opens itself while a run is going."""
        wrapper = QWidget()
        column = QVBoxLayout(wrapper)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        self.train_toggle = QToolButton()
        self.train_toggle.setText("Train weights")
        self.train_toggle.setCheckable(True)
        self.train_toggle.setAutoRaise(True)
        self.train_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.train_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.train_toggle.setToolTip("Train a weights table here, and watch the heatmap "
                                     "sharpen as each checkpoint lands")
        box = QGroupBox()
        box.setVisible(False)
        self.train_box = box

        def fold(open_: bool) -> None:
            box.setVisible(open_)
            self.train_toggle.setArrowType(Qt.ArrowType.DownArrow if open_
                                           else Qt.ArrowType.RightArrow)

        self.train_toggle.toggled.connect(fold)
        column.addWidget(self.train_toggle)
        column.addWidget(box)
        form = QFormLayout(box)
        self.games = QSpinBox()
        self.games.setRange(1000, 100_000_000)
        self.games.setSingleStep(10_000)
        self.games.setValue(200_000)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.rule = QComboBox()
        self.rule.addItems(["pg", "thesis"])
        self.every = QSpinBox()
        chunk = model.training_chunk()
        self.every.setRange(chunk, 10_000_000)  # training runs in chunks of this size
        self.every.setSingleStep(chunk)
        self.every.setValue(2 * chunk)
        form.addRow("Games", self.games)
        form.addRow("Seed", self.seed)
        form.addRow("Rule", self.rule)
        form.addRow("Checkpoint every", self.every)
        buttons = QHBoxLayout()
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.start_training)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_training)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        form.addRow(buttons)
        self.progress = QProgressBar()
        self.rate = QLabel("")
        form.addRow(self.progress)
        form.addRow(self.rate)
        return wrapper

    # ------------------------------------------------------------------ data
    def load_file(self, path: Path) -> None:
        """Show a weights file (and step through its run's checkpoints, if any)."""
        path = Path(path)
        weights, meta = model.load(path)
        games = meta.get("games_done")
        trained = f"{games:,}" if isinstance(games, int) else "?"
        self.set_weights(weights, f"{path.name}: {trained} games")
        found = checkpoints_of(path) if ".ckpt-" not in path.name else []
        self._set_checkpoints(found)

    def set_weights(self, weights: np.ndarray, label: str = "") -> None:
        self.weights = weights
        self.label = label
        self.file_label.setText(label)
        self.redraw()

    def _set_checkpoints(self, found: list[tuple[int, Path]]) -> None:
        self.checkpoints = found
        self.slider.blockSignals(True)
        self.slider.setEnabled(bool(found))
        self.slider.setRange(0, max(0, len(found) - 1))
        self.slider.setValue(max(0, len(found) - 1))
        self.slider.blockSignals(False)
        self.slider_label.setText(f"{found[-1][0]:,} games" if found else "no checkpoints")

    def _slide(self, index: int) -> None:
        if 0 <= index < len(self.checkpoints):
            games, path = self.checkpoints[index]
            self.set_weights(model.load(path)[0], f"{path.name}: after {games:,} games")
            self.slider_label.setText(f"{games:,} games")

    def _drawn_weights(self) -> np.ndarray:
        """The weights on show (the panel draws and hovers only once it has some)."""
        assert self.weights is not None, "no weights loaded yet"
        return self.weights

    def data(self) -> np.ndarray:
        """The 121 x 121 values drawn now."""
        w = self._drawn_weights()
        view = self.view.currentData()
        if self.strategy.currentData() == DOMINANT:
            role = PONE if view == "pone" else DEALER
            return np.argmax(w[role], axis=-1).astype(float)
        i = model.STRATEGIES.index(self.strategy.currentData())
        if view == "difference":
            return w[1, :, :, i] - w[0, :, :, i]
        return w[DEALER if view == "dealer" else PONE, :, :, i]

    def redraw(self) -> None:
        if self.weights is None:
            return
        dominant = self.strategy.currentData() == DOMINANT
        kind = "dominant" if dominant else (
            "difference" if self.view.currentData() == "difference" else "strength")
        levels = {"strength": (0.0, 1.0), "difference": (-1.0, 1.0),
                  "dominant": (0.0, len(STRATEGY_COLOURS) - 1.0)}[kind]
        self.image.setImage(self.data(), levels=levels)
        self.image.setColorMap(colour_map(kind))
        self.bar.setColorMap(colour_map(kind))
        self.bar.setLevels(levels)
        self.bar.setVisible(not dominant)
        self._draw_marker()

    def set_position(self, dealer: bool, own: int, opponent: int) -> None:
        """Mark where the weights player stands now."""
        self.position = (role_of(dealer), min(WINNING_SCORE - 1, own),
                         min(WINNING_SCORE - 1, opponent))
        self._draw_marker()

    def clear_position(self) -> None:
        self.position = None
        self._draw_marker()

    def _draw_marker(self) -> None:
        if self.position is None:
            self.marker.setData([], [])
        else:
            _, own, opp = self.position
            self.marker.setData([opp + 0.5], [own + 0.5])

    def tooltip_text(self, own: int, opponent: int) -> str:
        w = self._drawn_weights()
        view = self.view.currentData()
        roles = [DEALER, PONE] if view == "difference" else \
            [DEALER if view == "dealer" else PONE]
        head = {"dealer": "as the dealer", "pone": "as the pone",
                "difference": "as the dealer / as the pone"}[view]
        lines = [f"Own score {own}, opponent's {opponent}: the weights {head}"]
        for i, s in enumerate(model.STRATEGIES):
            figures = " / ".join(f"{w[role, own, opponent, i]:.2f}" for role in roles)
            lines.append(f"{STRATEGY_TEXT[s]}: {figures}")
        return "\n".join(lines)

    def _hover(self, pos) -> None:
        if self.weights is None or not self.plot.sceneBoundingRect().contains(pos):
            return
        point = self.plot.vb.mapSceneToView(pos)
        own, opp = int(point.y()), int(point.x())
        if 0 <= own < WINNING_SCORE and 0 <= opp < WINNING_SCORE:
            self.plot_widget.setToolTip(self.tooltip_text(own, opp))

    def _open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a weights file", "",
                                              "Weights (*.npz)")
        if path:
            try:
                self.load_file(Path(path))
            except ValueError as exc:
                self.file_label.setText(str(exc))

    # ------------------------------------------------------------------ live training
    @property
    def training(self) -> bool:
        return self.process is not None and \
            self.process.state() != QProcess.ProcessState.NotRunning

    def start_training(self, run_dir: Path | None = None) -> None:
        if self.training:
            return
        self.train_toggle.setChecked(True)  # the run's progress in view
        self.run_dir = Path(run_dir) if run_dir else Path(tempfile.mkdtemp(prefix="weights-"))
        self.run_games = self.games.value()
        args = ["-m", "cribbage_gui.cli", "train", "weights", "--games", str(self.run_games),
                "--seed", str(self.seed.value()), "--rule", self.rule.currentText(),
                "--checkpoint-every", str(self.every.value()),
                "--out", str(self.run_dir / "live.npz")]
        process = QProcess(self)
        process.finished.connect(self._finished)
        self.process = process
        process.start(sys.executable, args)
        self.progress.setRange(0, self.run_games)
        self.progress.setValue(0)
        self.rate.setText("starting…")
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._poll.start()

    def _poll_checkpoints(self) -> None:
        if self.run_dir is None:
            return
        found = checkpoints_of(self.run_dir)
        final = self.run_dir / "live.npz"
        if found and (not self.checkpoints or found[-1][0] != self.checkpoints[-1][0]):
            self._set_checkpoints(found)
            games, path = found[-1]
            try:
                weights, meta = model.load(path)
            except ValueError:
                return  # not complete yet
            self.set_weights(weights, f"training: {games:,} of {self.run_games:,} games")
            seconds = float(meta.get("training_seconds", 0.0)) or 1.0
            self.progress.setValue(min(games, self.run_games))
            self.rate.setText(f"{games / seconds:,.0f} games/s")
        if not self.training and final.exists():
            self._poll.stop()
            self.load_file(final)
            self.progress.setValue(self.run_games)

    def _finished(self, *_args) -> None:
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self._poll_checkpoints()
        if not (self.run_dir and (self.run_dir / "live.npz").exists()):
            self._poll.stop()
            self.rate.setText(self.rate.text() + " (stopped; the last checkpoint is kept)")

    def cancel_training(self) -> None:
        """Stop the training process; the checkpoints written so far stay."""
        process = self.process
        if process is None or not self.training:
            return
        process.terminate()
        if not process.waitForFinished(3000):
            process.kill()
            process.waitForFinished(3000)
