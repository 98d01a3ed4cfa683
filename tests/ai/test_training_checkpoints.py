"""Training checkpoints cut short (issue 36, item 8): a run killed between the two writes of
a checkpoint (its .npz and its JSON sidecar) leaves nothing `--resume` could take for a
whole checkpoint; `--resume` goes on from the newest whole one, and the next run removes
what the kill left (temporary files, half pairs)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from ai.tables import evolved, weights
from ai.tables.files import IncompleteTableError, TableFileError
from ai.training import evolve
from ai.training import weights as weights_model

ROOT = Path(__file__).resolve().parents[2]

# small chunks, so that a run of a few iterations (games) writes several checkpoints
SMALL = {"evolved": (evolve, 2), "weights": (weights_model, 2)}
RUN = {"evolved": ["--iterations", "8", "--evaluate", "0"],
       "weights": ["--games", "8", "--init", "random"]}


def _train(kind: str, out: Path, *more: str) -> int:
    from cribbage_gui.cli import main

    return main(["train", kind, *RUN[kind], "--checkpoint-every", "2", "--out", str(out),
                 *more])


def _load(kind: str, path: Path) -> np.ndarray:
    return (evolved if kind == "evolved" else weights).load(path)[0]


def _leftovers(folder: Path) -> list[str]:
    """Temporary files, and checkpoints or sidecars without their other half (what was set
    aside, ``NAME.incomplete-STAMP.npz``, is not left over)."""
    names = {p.name for p in folder.iterdir() if ".incomplete-" not in p.name}
    left = [n for n in names if n.endswith(".tmp")]
    left += [n for n in names if n.endswith(".npz") and n[:-4] + ".json" not in names]
    left += [n for n in names if n.endswith(".json") and n[:-5] + ".npz" not in names]
    return sorted(left)


@pytest.fixture
def small_chunks(monkeypatch):
    for module, size in SMALL.values():
        monkeypatch.setattr(module, "CHUNK", size)


def test_a_table_is_written_sidecar_first_so_its_npz_is_never_there_alone(tmp_path,
                                                                            monkeypatch):
    """The second write fails (as a kill between the two would stop it): the .npz, the
    name every reader looks for, is not there; the lone sidecar reads as incomplete."""
    import ai.tables.files as files

    real, writes = files.write_atomic, []

    def write_once(path, data, mode=None):
        if writes:
            raise KeyboardInterrupt
        writes.append(Path(path).name)
        real(path, data, mode)

    monkeypatch.setattr(files, "write_atomic", write_once)
    values = np.random.default_rng(1).random(evolved.SHAPE)
    with pytest.raises(KeyboardInterrupt):
        evolved.save(tmp_path / "run.ckpt-4.npz", values, {"iterations_done": 4})
    assert writes == ["run.ckpt-4.json"] and not (tmp_path / "run.ckpt-4.npz").exists()
    with pytest.raises(IncompleteTableError, match="run.ckpt-4.npz: .*never written"):
        evolved.load(tmp_path / "run.ckpt-4.npz")
    with pytest.raises(TableFileError, match="no such file"):  # a mistyped name stays so
        evolved.load(tmp_path / "run.ckpt-5.npz")


def test_kill_between_the_two_writes_then_resume_from_the_newest_npz(tmp_path, small_chunks,
                                                                     capsys):
    """A real process ends (os._exit, as kill -9: no clean-up runs) just before the second
    file of checkpoint 4 is renamed into place; the user resumes from the newest checkpoint
    they see and gets the uninterrupted run's table, with nothing left over."""
    out = tmp_path / "run.npz"
    script = textwrap.dedent(f"""
        import os, sys
        from ai.training import evolve
        evolve.CHUNK = 2
        replace, renamed = os.replace, []
        def dying_replace(src, dst):
            if ".ckpt-4." in str(dst) and renamed:  # the second file of checkpoint 4
                os._exit(9)
            if ".ckpt-4." in str(dst):
                renamed.append(dst)
            replace(src, dst)
        os.replace = dying_replace
        from cribbage_gui.cli import main
        main(["train", "evolved", "--iterations", "8", "--evaluate", "0",
              "--checkpoint-every", "2", "--out", {str(out)!r}])
        """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    killed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, timeout=120)
    assert killed.returncode == 9, killed.stderr.decode()[-2000:]
    assert not out.exists()
    newest = max(tmp_path.glob("run.ckpt-*.npz"),
                 key=lambda p: int(p.name.split("-")[-1].split(".")[0]))
    assert newest.name == "run.ckpt-2.npz"
    assert _train("evolved", out, "--resume", str(newest)) == 0, capsys.readouterr().err
    # the same as a run never killed, resumed from its checkpoint 2 (a checkpoint holds
    # float32 values: from one, a run goes on as closely as that allows)
    whole = tmp_path / "whole" / "run.npz"
    assert _train("evolved", whole) == 0
    again = whole.with_name("again.npz")
    assert _train("evolved", again, "--resume", str(whole.with_name("run.ckpt-2.npz"))) == 0
    assert np.array_equal(_load("evolved", out), _load("evolved", again))
    assert _leftovers(tmp_path) == []
    for done in (2, 4, 6, 8):
        _load("evolved", tmp_path / f"run.ckpt-{done}.npz")


@pytest.mark.parametrize("kind", ["evolved", "weights"])
def test_resume_from_a_checkpoint_cut_short_goes_on_from_the_last_whole_one(
        tmp_path, small_chunks, capsys, kind):
    """What the earlier order (.npz first) left at a kill: checkpoint 6 without its sidecar
    and the sidecar's temporary file; and a lone sidecar of checkpoint 8 with its table's
    temporary file. `--resume run.ckpt-6.npz` goes on from checkpoint 4, saying so, ends
    with the uninterrupted run's table and removes the leftovers."""
    out = tmp_path / "run.npz"
    assert _train(kind, out) == 0
    expected = tmp_path / "from-4" / "run.npz"
    assert _train(kind, expected, "--resume", str(tmp_path / "run.ckpt-4.npz")) == 0
    out.unlink()
    out.with_suffix(".json").unlink()
    (tmp_path / "run.ckpt-6.json").rename(tmp_path / "run.ckpt-6.json.k2x9_q1a.tmp")
    (tmp_path / "run.ckpt-8.npz").rename(tmp_path / "run.ckpt-8.npz.a81hz0qe.tmp")
    capsys.readouterr()
    assert _train(kind, out, "--resume", str(tmp_path / "run.ckpt-6.npz")) == 0
    err = capsys.readouterr().err
    assert "run.ckpt-6.npz" in err and "resuming from run.ckpt-4.npz" in err, err
    assert np.array_equal(_load(kind, out), _load(kind, expected))
    assert _leftovers(tmp_path) == []
    # checkpoint 6's table, without its sidecar, is set aside, not deleted, and said so
    (aside,) = tmp_path.glob("run.ckpt-6.incomplete-*.npz")
    assert f"set aside as {aside.name}" in err


def test_no_whole_checkpoint_to_resume_from_is_one_clear_error(tmp_path, small_chunks,
                                                                capsys):
    out = tmp_path / "run.npz"
    assert _train("evolved", out) == 0
    for done in (2, 4):
        (tmp_path / f"run.ckpt-{done}.json").unlink()
    capsys.readouterr()
    resumed = tmp_path / "resumed.npz"
    with pytest.raises(SystemExit) as exited:
        _train("evolved", resumed, "--resume", str(tmp_path / "run.ckpt-4.npz"))
    assert exited.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "run.ckpt-4.npz" in err and "no whole checkpoint" in err and "\n" not in err, err
    assert not resumed.exists()


def test_what_a_run_removes_at_its_start_and_what_it_keeps(tmp_path):
    """Only the leftovers of the run writing OUT: its temporary files and its half
    checkpoints; never another run's files, OUT's own pair, or a checkpoint whose sidecar
    cannot be read (a damaged file is not a leftover)."""
    from ai.training.checkpoints import remove_leftovers

    values = np.random.default_rng(1).random(evolved.SHAPE)
    for name in ("run.npz", "run.ckpt-2.npz", "run.ckpt-4.npz", "run.ckpt-6.npz",
                 "run.ckpt-8.npz", "run-b.ckpt-2.npz"):
        evolved.save(tmp_path / name, values, {})
    (tmp_path / "run.ckpt-4.json").unlink()  # a table without its sidecar
    (tmp_path / "run.ckpt-6.json").write_text(  # another table's sidecar
        (tmp_path / "run.ckpt-6.json").read_text().replace('"sha256": "', '"sha256": "0'))
    (tmp_path / "run.ckpt-8.json").write_text("[" * 100)  # unreadable: kept
    (tmp_path / "run.ckpt-10.json").write_text("{}")  # a sidecar without its table
    kept_sidecar = tmp_path / "run-b.ckpt-4.json"  # another run's
    kept_sidecar.write_text("{}")
    for name in ("run.npz.0a_b9xyz.tmp", "run.json.k2x9_q1a.tmp", "run.ckpt-12.npz.a81hz0qe.tmp",
                 "run-b.ckpt-2.json.a81hz0qe.tmp", "run.other.tmp",
                 "run.npz.backup.tmp"):  # (the user's: not a name write_atomic makes)
        (tmp_path / name).write_bytes(b"x")
    told: list[str] = []
    table_4 = (tmp_path / "run.ckpt-4.npz").read_bytes()
    removed = sorted(p.name for p in remove_leftovers(tmp_path / "run.npz", told.append))
    assert removed == ["run.ckpt-10.json", "run.ckpt-12.npz.a81hz0qe.tmp",
                       "run.ckpt-4.npz", "run.ckpt-6.json", "run.ckpt-6.npz",
                       "run.json.k2x9_q1a.tmp", "run.npz.0a_b9xyz.tmp"]
    # the two tables are set aside (with checkpoint 6's sidecar), each said in a line
    (aside_4,) = tmp_path.glob("run.ckpt-4.incomplete-*.npz")
    (aside_6,) = tmp_path.glob("run.ckpt-6.incomplete-*.npz")
    assert aside_6.with_suffix(".json").is_file()
    assert aside_4.read_bytes() == table_4  # kept as it was
    assert len(told) == 2 and all(f"set aside as {a.name}" in " ".join(told)
                                  for a in (aside_4, aside_6))
    assert sorted(p.name for p in tmp_path.iterdir()
                  if p not in (aside_4, aside_6, aside_6.with_suffix(".json"))) == [
        "run-b.ckpt-2.json", "run-b.ckpt-2.json.a81hz0qe.tmp", "run-b.ckpt-2.npz",
        "run-b.ckpt-4.json", "run.ckpt-2.json", "run.ckpt-2.npz", "run.ckpt-8.json",
        "run.ckpt-8.npz", "run.json", "run.npz", "run.npz.backup.tmp", "run.other.tmp"]
