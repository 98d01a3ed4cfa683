"""The thesis's strategy graphs as images: ``cribbage weights-plot FILE --out DIR``.

Each strategy's 121 x 121 weight for dealer and for pone (thesis Figs. 3-4: white absent,
black dominant; own score down, the opponent's across, origin top-left), the dealer-minus-
pone difference (Fig. 5: red where the dealer prefers the strategy, blue where the pone
does), the dominant strategy at each position, and, given checkpoints, one strategy over
training (Fig. 2). Drawn with pyqtgraph (offscreen when there is no display).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Any

import numpy as np

from engine.arguments import output_folder
from engine.errors import UsageError
from engine.roles import DEALER, PONE
from engine.rules import WINNING_SCORE

# the strategies' colours (cribbage_gui.app.theme.STRATEGY_COLOURS: this module stays free of Qt
# until a picture is drawn, so that the command line starts quickly)
STRATEGY_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860",
                    "#da8bc3", "#8c8c8c")


def _app():
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def save_png(widget, path: Path) -> Path:
    """``widget`` drawn into the PNG ``path``: see :func:`write_png`."""
    return write_png(widget.grab(), path)


def write_png(picture, path: Path) -> Path:
    """A QImage or QPixmap written to the PNG ``path`` whole or not at all (a temporary file
    renamed over it); a file that cannot be written raises ``OSError`` naming it (Qt's own
    ``save`` only returns False, and a run said it had written images it had not)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from ai.paths import write_atomic

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not picture.save(buffer, "PNG"):
        raise OSError(f"{path}: the picture could not be drawn")
    buffer.close()
    write_atomic(Path(path), bytes(data.data()), mode=0o644)
    return Path(path)


def colour_map(kind: str):
    import pyqtgraph as pg

    if kind == "strength":  # the thesis's white (absent) to black (dominant)
        return pg.ColorMap([0.0, 1.0], [(255, 255, 255), (0, 0, 0)])
    if kind == "difference":
        return pg.ColorMap([0.0, 0.5, 1.0], [(40, 90, 200), (255, 255, 255), (200, 40, 40)])
    colours = [pg.mkColor(c) for c in STRATEGY_COLOURS]
    return pg.ColorMap(np.linspace(0, 1, len(colours)), colours)


def heatmap_widget(data: np.ndarray, title: str, kind: str = "strength"):
    """A pyqtgraph widget showing ``data`` (121, 121) [own, opponent] with axes in board
    points, fixed colour levels and a colour bar."""
    import pyqtgraph as pg

    _app()
    levels = {"strength": (0.0, 1.0), "difference": (-1.0, 1.0),
              "dominant": (0.0, len(STRATEGY_COLOURS) - 1)}[kind]
    win = pg.GraphicsLayoutWidget()
    win.setBackground("#ffffff")  # an image file: always light
    plot = win.addPlot(title=title)
    image = pg.ImageItem(axisOrder="row-major")
    image.setImage(np.asarray(data, dtype=float), levels=levels)
    image.setColorMap(colour_map(kind))
    plot.addItem(image)
    plot.invertY(True)
    plot.setAspectLocked(True)
    plot.setLabel("left", "own score")
    plot.setLabel("bottom", "opponent's score")
    plot.setRange(xRange=(0, WINNING_SCORE), yRange=(0, WINNING_SCORE), padding=0)
    if kind != "dominant":
        bar = pg.ColorBarItem(values=levels, colorMap=colour_map(kind), interactive=False)
        bar.setImageItem(image, insert_in=plot)
    else:
        from ai.strategy_weights import STRATEGIES

        legend = plot.addLegend(offset=(-5, 5), labelTextColor="k", brush=(255, 255, 255, 220))
        for name, colour in zip(STRATEGIES, STRATEGY_COLOURS, strict=True):
            legend.addItem(pg.ScatterPlotItem(symbol="s", size=10, brush=colour, pen=None),
                           name)
    win.resize(620, 560)
    win.image = image  # keep references for callers and tests
    win.plot = plot
    return win


def save_heatmap(data: np.ndarray, title: str, path: Path, kind: str = "strength") -> Path:
    app = _app()
    win = heatmap_widget(data, title, kind)
    app.processEvents()
    try:
        return save_png(win, path)
    finally:
        win.close()


def plot_weights(weights: np.ndarray, out: Path, label: str = "") -> list[Path]:
    """Figures 3-5 and the dominant-strategy maps for one table (2, 121, 121, 8)."""
    from ai.strategy_weights import STRATEGIES

    out.mkdir(parents=True, exist_ok=True)
    written = []
    suffix = f" ({label})" if label else ""
    for role_index, role in ((DEALER, "dealer"), (PONE, "pone")):
        for i, name in enumerate(STRATEGIES):
            written.append(save_heatmap(weights[role_index, :, :, i],
                                        f"{name}, {role}{suffix}", out / f"{name}_{role}.png"))
        written.append(save_heatmap(np.argmax(weights[role_index], axis=-1).astype(float),
                                    f"dominant strategy, {role}{suffix}",
                                    out / f"dominant_{role}.png", kind="dominant"))
    for i, name in enumerate(STRATEGIES):
        written.append(save_heatmap(weights[1, :, :, i] - weights[0, :, :, i],
                                    f"{name}: dealer minus pone{suffix}",
                                    out / f"{name}_difference.png", kind="difference"))
    return written


def checkpoints_of(path: Path) -> list[tuple[int, Path]]:
    """(games, file) of ``FILE.ckpt-<games>.npz`` files in a folder (or next to a file)."""
    folder = path if path.is_dir() else path.parent
    found = []
    for f in folder.glob("*.ckpt-*.npz"):
        m = re.search(r"\.ckpt-(\d+)\.npz$", f.name)
        if m:
            found.append((int(m.group(1)), f))
    return sorted(found)


def plot_over_training(checkpoints: list[tuple[int, Path]], out: Path, strategy: str,
                       role: str) -> list[Path]:
    """One strategy's graph at every checkpoint (thesis Fig. 2)."""
    from ai import strategy_weights as model

    out.mkdir(parents=True, exist_ok=True)
    index = model.STRATEGIES.index(strategy)
    role_index = DEALER if role == "dealer" else PONE
    return [save_heatmap(model.load(path)[0][role_index, :, :, index],
                         f"{strategy}, {role}, after {games:,} games",
                         out / f"training_{strategy}_{role}_{games:09d}.png")
            for games, path in checkpoints]


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("weights-plot", help="draw a weights file's strategy graphs",
                              description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=Path, help="a weights file (.npz)")
    p.add_argument("--out", type=output_folder, required=True,
                   help="folder for the PNG images")
    p.add_argument("--checkpoints", type=Path,
                   help="folder of FILE.ckpt-<games>.npz checkpoints (Fig. 2)")
    p.add_argument("--strategy", default="hand_max_avg", help="for the training series")
    p.add_argument("--role", choices=("dealer", "pone"), default="pone")
    p.set_defaults(handler=_plot)


def _plot(args: argparse.Namespace) -> int:
    from ai import strategy_weights as model

    if args.strategy not in model.STRATEGIES:
        raise UsageError(f"unknown strategy {args.strategy!r}")
    weights, _ = model.load(args.file)
    checkpoints = []
    if args.checkpoints:  # read before any image is drawn
        if not args.checkpoints.exists():
            raise UsageError(f"--checkpoints {args.checkpoints}: no such folder or file")
        checkpoints = checkpoints_of(args.checkpoints)
    written = plot_weights(weights, args.out, args.file.stem)
    if checkpoints:
        written += plot_over_training(checkpoints, args.out, args.strategy, args.role)
    print(f"wrote {len(written)} images to {args.out}")
    return 0


def tournament_chart(results: dict[str, Any], path: Path) -> Path:
    """Elo ratings with their intervals, and the win-rate matrix, as one PNG."""
    import pyqtgraph as pg

    from cribbage_gui.app.theme import LIGHT

    app = _app()
    rated = all(p["elo"] is not None for p in results["players"])  # (a run stopped early)
    win = pg.GraphicsLayoutWidget()
    win.setBackground(LIGHT.chart_background)  # an image file: always light
    bars = None
    if rated:
        players = sorted(results["players"], key=lambda p: p["elo"])
        bars = win.addPlot(title="Elo rating (95% interval)")
        x = np.arange(len(players))
        elo = np.array([p["elo"] for p in players])
        lo = np.array([p["elo_ci95"][0] for p in players])
        hi = np.array([p["elo_ci95"][1] for p in players])
        base = float(min(lo)) - 50
        bars.addItem(pg.BarGraphItem(x=x, y0=base, height=elo - base, width=0.6,
                                     brush=LIGHT.accent))
        bars.addItem(pg.ErrorBarItem(x=x, y=elo, top=hi - elo, bottom=elo - lo, beam=0.25,
                                     pen=pg.mkPen("k", width=2)))
        bars.getAxis("bottom").setTicks([[(i, p["name"]) for i, p in enumerate(players)]])
        bars.getAxis("left").setWidth(50)
    names = [p["name"] for p in results["players"]]
    wins = np.array(results["win_matrix"], dtype=float)
    games = wins + wins.T
    rate = np.divide(wins, games, out=np.full_like(wins, 0.5), where=games > 0)
    matrix = win.addPlot(title="Win rate of the row against the column" + (
        "" if rated else " (stopped early: not rated)"))
    image = pg.ImageItem(axisOrder="row-major")
    image.setImage(rate, levels=(0.0, 1.0))
    image.setColorMap(pg.ColorMap([0.0, 0.5, 1.0], [(200, 40, 40), (255, 255, 255),
                                                    (40, 150, 60)]))
    matrix.addItem(image)
    matrix.invertY(True)
    for i in range(len(names)):
        for j in range(len(names)):
            if i != j:  # (a pair a run stopped early never played: no rate)
                shown = f"{rate[i, j]:.0%}" if games[i, j] else "no games"
                text = pg.TextItem(shown, color="k", anchor=(0.5, 0.5))
                text.setPos(j + 0.5, i + 0.5)
                matrix.addItem(text)
    ticks = [[(i + 0.5, n) for i, n in enumerate(names)]]
    matrix.getAxis("left").setTicks(ticks)
    matrix.getAxis("bottom").setTicks(ticks)
    matrix.getAxis("left").setWidth(max(60, 8 * max(len(n) for n in names)))
    for plot in (bars, matrix):
        if plot is None:
            continue
        for side in ("left", "bottom"):
            plot.getAxis(side).setTextPen("k")
    win.resize(1100, 480)
    app.processEvents()
    try:
        return save_png(win, path)
    finally:
        win.close()
