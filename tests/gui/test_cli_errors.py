"""Every command refuses bad arguments the same way: one line on stderr naming the command,
exit status 2, no traceback, nothing written."""

import pytest

from cribbage_gui.cli import main

WEIGHTS = "assets/weights.npz"

BAD = [
    (["match", "random", "heuristic", "--games", "0"],
     "argument --games/-n: must be from 1 to 100,000,000 games, not 0"),
    (["match", "random", "heuristic", "--workers", "0"], "argument --workers/-w: must be from 1"),
    (["match", "random", "nobody"], "no player called 'nobody'"),
    (["tournament", "random", "--games", "2"], "needs at least two players"),
    (["tournament", "random", "heuristic", "--games", "0"], "--games/-n: must be from 1"),
    (["tournament", "random", "random"], "each player may enter once"),
    (["tournament", "random", "nobody", "--games", "2"], "no player called 'nobody'"),
    (["train", "expert", "--games", "0", "--out", "x.npz"], "--games/-n: must be from 1"),
    (["watch", "random", "heuristic", "--games", "0"], "--games/-n: must be from 1"),
    (["watch", "random", "nobody"], "no player called 'nobody'"),
    (["weights-plot", WEIGHTS, "--out", "plots", "--strategy", "luck"],
     "unknown strategy 'luck'"),
    (["count", "5H", "5C", "5S", "JX", "--starter", "5D"], "JX"),
    (["match", "weights:missing.npz", "random"], "missing.npz: no such file"),
    # issue 36: a traceback from shlex; and paths root may write by their permissions,
    # where nothing can be made (found only at the end of the run)
    (["match", "ext:python3 'bot.py", "random"], "has no closing quotation"),
    (["tournament", "random", "heuristic", "--games", "2", "--out", "/proc/res"],
     "cannot write '/proc/res'"),
    (["tournament", "random", "heuristic", "--games", "2", "--ratings-out", "/proc/r.json"],
     "cannot write '/proc/r.json'"),
    (["match", "random", "heuristic", "--save-games", "/proc/games"],
     "cannot write '/proc/games'"),
]


@pytest.mark.parametrize("argv,says", BAD, ids=[" ".join(a[:3]) for a, _ in BAD])
def test_bad_arguments_are_one_line_and_exit_2(argv, says, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    if WEIGHTS in argv:
        from ai.tables.files import asset_path

        argv = [str(asset_path("weights.npz")) if a == WEIGHTS else a for a in argv]
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    command = " ".join(argv[:2] if argv[0] == "train" else argv[:1])  # (train KIND)
    assert err[0].startswith(f"cribbage {command}: error: ") and says in err[0]
    assert "Traceback" not in err[0]
    assert "rebuild" not in err[0]  # nothing here is the shipped tables' fault
    assert not any(p.name != "data" for p in tmp_path.iterdir())  # nothing written
