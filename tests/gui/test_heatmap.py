"""The strategy heatmap panel: values, tooltip, marker, checkpoints and live training."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QProcess, Qt

from ai.tables import weights as table
from ai.training import weights as model
from cribbage_gui.panels.heatmap_panel import DOMINANT, STRATEGY_TEXT, HeatmapDock


def distinct_weights(seed: int = 1) -> np.ndarray:
    """Different weights at every cell and role (so a mixed-up axis shows)."""
    return model.random_weights(seed)


@pytest.fixture
def dock(qtbot):
    d = HeatmapDock()
    qtbot.addWidget(d)
    d.show()
    return d


def test_the_heatmap_shows_the_files_values_for_each_strategy_and_view(dock, tmp_path):
    w = distinct_weights()
    path = tmp_path / "w.npz"
    table.save(path, w, {"games_done": 1234})
    dock.load_file(path)
    stored = table.load(path)[0]  # float32 on disk
    assert "1,234 games" in dock.file_label.text()
    # the 121 x 121 positions fill the plot, whatever its shape (no scores past 0..121)
    (x0, x1), (y0, y1) = dock.plot.vb.viewRange()
    assert -2 < x0 < 0 and -2 < y0 < 0 and 121 < x1 < 123 and 121 < y1 < 123
    own, opp = 87, 12
    for i, strategy in enumerate(table.STRATEGIES):
        dock.strategy.setCurrentIndex(dock.strategy.findData(strategy))
        dock.view.setCurrentIndex(dock.view.findData("dealer"))
        assert dock.image.image[own, opp] == pytest.approx(stored[1, own, opp, i])
        dock.view.setCurrentIndex(dock.view.findData("pone"))
        assert dock.image.image[own, opp] == pytest.approx(stored[0, own, opp, i])
        assert tuple(dock.image.levels) == (0.0, 1.0)  # fixed, not auto-scaled
        dock.view.setCurrentIndex(dock.view.findData("difference"))
        assert dock.image.image[own, opp] == pytest.approx(
            stored[1, own, opp, i] - stored[0, own, opp, i])
        assert tuple(dock.image.levels) == (-1.0, 1.0)
    dock.strategy.setCurrentIndex(dock.strategy.findData(DOMINANT))
    dock.view.setCurrentIndex(dock.view.findData("dealer"))
    assert dock.image.image[own, opp] == np.argmax(stored[1, own, opp])
    assert dock.image.image.shape == (121, 121)


def test_the_tooltip_gives_the_weight_vector_of_the_cell_under_the_mouse(dock, qtbot):
    w = distinct_weights(4)
    dock.set_weights(w, "test")
    dock.view.setCurrentIndex(dock.view.findData("dealer"))
    own, opp = 100, 30
    text = dock.tooltip_text(own, opp)
    assert text.startswith(f"Own score {own}, opponent's {opp}: the weights as the dealer")
    for i, s in enumerate(table.STRATEGIES):
        assert f"{STRATEGY_TEXT[s]}: {w[1, own, opp, i]:.2f}" in text
    # a real mouse position over that cell gives the same text
    qtbot.waitUntil(lambda: dock.plot.vb.width() > 50)
    scene = dock.plot.vb.mapViewToScene(QPointF(opp + 0.5, own + 0.5))
    dock.plot_widget.scene().sigMouseMoved.emit(scene)
    assert dock.plot_widget.toolTip() == text
    dock.view.setCurrentIndex(dock.view.findData("difference"))
    both = dock.tooltip_text(own, opp)
    assert "as the dealer / as the pone" in both
    assert f"{STRATEGY_TEXT['crib_min_avg']}: {w[1, own, opp, 4]:.2f} / {w[0, own, opp, 4]:.2f}" \
        in both


def test_the_panel_speaks_words_not_the_thesis_s_names(dock):
    """Regression (issue 38): the choices showed, and screen readers read, "hand_max_avg"
    and "pone"; the slider and the chart were named only "slider" and "chart"."""
    texts = [dock.strategy.itemText(i) for i in range(dock.strategy.count())]
    assert dock.strategy.currentText() == "Hand: best average"
    assert not any("_" in t for t in texts) and len(set(texts)) == len(texts)
    assert dock.view.currentText() == "As the pone"
    names = [w.accessibleName() for w in (dock.strategy, dock.view, dock.slider,
                                          dock.plot_widget)]
    assert all(names) and not {"slider", "chart", "choice"} & {n.lower() for n in names}
    assert "hand_max_avg" in dock.strategy.itemData(1, Qt.ItemDataRole.ToolTipRole)


def test_the_marker_follows_the_board_position(dock):
    dock.set_weights(distinct_weights(), "test")
    dock.set_position(True, 45, 60)
    xs, ys = dock.marker.getData()
    assert (xs[0], ys[0]) == (60.5, 45.5)  # opponent across, own score down
    dock.set_position(False, 130, 2)  # past the end of the board: clamped to the grid
    xs, ys = dock.marker.getData()
    assert (xs[0], ys[0]) == (2.5, 120.5)
    dock.clear_position()
    assert len(dock.marker.getData()[0]) == 0


def test_the_slider_steps_through_a_runs_checkpoints(dock, tmp_path):
    for games, seed in ((1000, 1), (2000, 2), (3000, 3)):
        table.save(tmp_path / f"run.ckpt-{games}.npz", distinct_weights(seed),
                   {"games_done": games})
    table.save(tmp_path / "run.npz", distinct_weights(9), {"games_done": 3000})
    dock.load_file(tmp_path / "run.npz")
    assert dock.slider.isEnabled() and dock.slider.maximum() == 2
    dock.slider.setValue(0)
    assert "1,000" in dock.slider_label.text()
    assert np.allclose(dock.weights, table.load(tmp_path / "run.ckpt-1000.npz")[0])
    dock.slider.setValue(1)
    assert np.allclose(dock.weights, table.load(tmp_path / "run.ckpt-2000.npz")[0])


def test_a_corrupt_weights_file_is_refused_and_the_shown_table_kept(dock, tmp_path):
    w = distinct_weights()
    dock.set_weights(w, "good")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a table")
    with pytest.raises(ValueError):
        dock.load_file(bad)
    assert dock.weights is w and dock.file_label.text() == "good"


def _wait_for_checkpoint(qtbot, dock, timeout=120_000):
    qtbot.waitUntil(lambda: bool(dock.checkpoints) and dock.label.startswith("training:"),
                    timeout=timeout)


def test_live_training_updates_the_heatmap_and_cancel_leaves_nothing_running(dock, qtbot,
                                                                              tmp_path):
    dock.games.setValue(2_000_000)  # far more than the test waits for
    dock.every.setValue(model.CHUNK)
    dock.seed.setValue(3)
    dock.start_training(tmp_path)
    process = dock.process
    assert dock.training and not dock.start_button.isEnabled()
    _wait_for_checkpoint(qtbot, dock)
    first = dock.weights.copy()
    games = dock.checkpoints[-1][0]
    assert games % model.CHUNK == 0 and np.allclose(first, table.load(dock.checkpoints[-1][1])[0])
    assert dock.progress.value() == games and "games/s" in dock.rate.text()
    # the heatmap follows later checkpoints as they arrive
    qtbot.waitUntil(lambda: dock.checkpoints[-1][0] > games, timeout=60_000)
    qtbot.waitUntil(lambda: not np.array_equal(dock.weights, first), timeout=10_000)
    dock.cancel_training()
    assert not dock.training
    assert process.state() == QProcess.ProcessState.NotRunning
    assert process.exitStatus() == QProcess.ExitStatus.CrashExit or process.exitCode() != 0
    qtbot.waitUntil(lambda: dock.start_button.isEnabled())
    assert not dock.cancel_button.isEnabled()
    kept = sorted(tmp_path.glob("live.ckpt-*.npz"))
    assert kept and not (tmp_path / "live.npz").exists()
    assert "last checkpoint is kept" in dock.rate.text()
    for path in kept:  # every checkpoint left behind is whole
        table.load(path)


def test_a_short_training_run_ends_on_its_final_table(dock, qtbot, tmp_path):
    dock.games.setValue(2 * model.CHUNK)
    dock.every.setValue(model.CHUNK)
    dock.rule.setCurrentText("thesis")
    dock.start_training(tmp_path)
    qtbot.waitUntil(lambda: not dock.training and dock.label.startswith("live.npz"),
                    timeout=120_000)
    assert dock.process.exitCode() == 0
    final, meta = table.load(tmp_path / "live.npz")
    assert meta["games_done"] == 2 * model.CHUNK and meta["config"]["rule"] == "thesis"
    assert np.allclose(dock.weights, final)
    assert [g for g, _ in dock.checkpoints] == [model.CHUNK, 2 * model.CHUNK]
    assert dock.progress.value() == 2 * model.CHUNK


def test_the_training_form_is_folded_until_asked_for(qtbot):
    """At 1024x700 the form took most of the panel and left the heatmap tiny."""
    dock = HeatmapDock()
    qtbot.addWidget(dock)
    dock.resize(330, 460)
    dock.show()
    qtbot.waitExposed(dock)
    folded = dock.plot_widget.height()
    assert not dock.train_box.isVisible()
    qtbot.mouseClick(dock.train_toggle, Qt.MouseButton.LeftButton)
    assert dock.train_box.isVisible() and dock.start_button.isVisible()
    qtbot.wait(20)
    assert dock.plot_widget.height() < folded - 100  # the form takes its room when open
    qtbot.mouseClick(dock.train_toggle, Qt.MouseButton.LeftButton)
    assert not dock.train_box.isVisible()
