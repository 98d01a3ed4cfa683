"""cribbage weights-plot: the thesis's figures, checked pixel by pixel where it matters."""

import numpy as np
from PySide6.QtGui import QImage

from ai.tables import weights as table
from ai.training import weights as model
from cribbage_gui.cli import main
from cribbage_gui.panels.plots import checkpoints_of, heatmap_widget, plot_weights


def test_the_heatmap_shows_the_table_with_fixed_levels(qtbot):
    data = np.zeros((121, 121))
    data[60:, :] = 1.0  # own score 60 and more: strategy dominant
    win = heatmap_widget(data, "test")
    qtbot.addWidget(win)
    assert np.array_equal(win.image.image, data)
    assert tuple(win.image.levels) == (0.0, 1.0)
    assert win.plot.getViewBox().yInverted()  # own score grows downwards, as in the thesis


def test_plot_weights_writes_every_figure(tmp_path):
    w = model.pure_weights("hand_max_avg")
    written = plot_weights(w, tmp_path)
    assert len(written) == 8 * 2 + 2 + 8
    dealer = QImage(str(tmp_path / "hand_max_avg_dealer.png"))
    never = QImage(str(tmp_path / "crib_min_avg_dealer.png"))
    centre = (dealer.width() // 2 - 20, dealer.height() // 2)
    assert QImage.pixelColor(dealer, *centre).value() < 40  # black: always this strategy
    assert QImage.pixelColor(never, *centre).value() > 215  # white: never


def test_the_command_with_checkpoints(tmp_path, capsys):
    run = tmp_path / "run"
    run.mkdir()
    for games in (100, 200):
        table.save(run / f"w.ckpt-{games}.npz", model.random_weights(games), {})
    table.save(run / "w.npz", model.random_weights(1), {})
    assert [g for g, _ in checkpoints_of(run)] == [100, 200]
    out = tmp_path / "out"
    assert main(["weights-plot", str(run / "w.npz"), "--out", str(out), "--checkpoints",
                 str(run), "--strategy", "crib_min_avg", "--role", "dealer"]) == 0
    assert (out / "training_crib_min_avg_dealer_000000200.png").is_file()
    assert "wrote 28 images" in capsys.readouterr().out


def test_an_image_that_cannot_be_written_fails_the_command_in_one_line(tmp_path, capsys):
    """A folder where a picture should go (any file that cannot be written): the command
    says which, with exit status 1, instead of "wrote 26 images"; no half-written or
    temporary file is left beside the pictures that were written."""
    import pytest

    out = tmp_path / "out"
    (out / "dominant_pone.png").mkdir(parents=True)
    weights = tmp_path / "w.npz"
    table.save(weights, model.random_weights(3), {})
    with pytest.raises(SystemExit) as exited:
        main(["weights-plot", str(weights), "--out", str(out)])
    assert exited.value.code == 1
    captured = capsys.readouterr()
    assert "wrote" not in captured.out
    err = captured.err.strip()
    assert "dominant_pone.png" in err and "\n" not in err and "Traceback" not in err, err
    assert not [f for f in out.iterdir() if not f.name.endswith(".png")]
    for picture in out.glob("*.png"):
        assert picture.is_dir() or not QImage(str(picture)).isNull(), picture


def test_a_png_is_written_whole_or_not_at_all(tmp_path, qtbot):
    """The screenshots and the plots write through one writer: a temporary file renamed
    over the target, so a failed write leaves neither a half image nor the temporary."""
    import pytest

    from cribbage_gui.panels.plots import write_png

    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(0x336699)
    written = write_png(image, tmp_path / "a.png")
    again = QImage(str(written))
    assert (again.width(), again.height()) == (40, 30) and again.pixel(5, 5) == image.pixel(5, 5)
    (tmp_path / "folder.png").mkdir()  # a folder where the image should go
    with pytest.raises(OSError):
        write_png(image, tmp_path / "folder.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "folder.png"]
    with pytest.raises(OSError, match="could not be drawn"):
        write_png(QImage(), tmp_path / "empty.png")  # nothing to draw
    assert not (tmp_path / "empty.png").exists()
