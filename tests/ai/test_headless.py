"""The headless commands never touch Qt: `cribbage match` and `cribbage tournament` run to the
end in a process where importing PySide6 or pyqtgraph fails."""

import json
import os
import sqlite3
import subprocess
import sys

BLOCK = """
import sys
class NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"):
            raise ImportError(f"{name} is blocked in this test")
sys.meta_path.insert(0, NoQt())
from cribbage_gui.cli import main
code = main(sys.argv[1:])
assert not any(m.split(".")[0] in ("PySide6", "pyqtgraph") for m in sys.modules)
sys.exit(code)
"""


def run(args, tmp_path):
    env = {**os.environ, "CRIBBAGE_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-c", BLOCK, *args], capture_output=True,
                          text=True, env=env, timeout=300, cwd=tmp_path)


def test_match_and_tournament_run_without_qt(tmp_path):
    done = run(["match", "random", "heuristic", "--games", "4", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 4
    ratings = tmp_path / "ratings.json"
    done = run(["tournament", "random", "heuristic", "--games", "2", "--workers", "1",
                "--out", str(tmp_path / "out"), "--ratings-out", str(ratings)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Elo" in done.stdout
    assert (tmp_path / "out" / "results.json").is_file()
    assert not (tmp_path / "out" / "results.png").exists()  # the chart needs Qt: said so
    assert "no results.png" in done.stderr
    assert set(json.loads(ratings.read_text())["ratings"]) == {"random", "heuristic"}
    db = sqlite3.connect(tmp_path / "data" / "history.sqlite3")
    assert db.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 1


def test_the_block_is_real(tmp_path):
    """The same process cannot open the window: the blocker does stop Qt."""
    done = run(["weights-plot", "x.npz", "--out", str(tmp_path)], tmp_path)
    assert done.returncode != 0
