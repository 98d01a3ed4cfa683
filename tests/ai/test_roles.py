"""One role numbering (engine.roles: pone 0, dealer 1) for every role-indexed table; tables
saved before it (the dealer at 0) are converted on loading, an unknown numbering refused."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

from ai.tables import evolved
from ai.tables import weights as table
from ai.tables.files import TableFileError, asset_path
from engine.roles import DEALER, PONE, ROLES_FORMAT, role_of

ROOT = Path(__file__).resolve().parents[2]


def test_the_numbering():
    assert (PONE, DEALER) == (0, 1) and role_of(True) == DEALER and role_of(False) == PONE


@pytest.mark.parametrize("name", ["pegging_stats", "evolved", "weights"])
def test_the_shipped_tables_say_their_numbering(name):
    meta = json.loads(asset_path(f"{name}.json").read_text())
    assert meta["roles"] == ROLES_FORMAT


def old_pegging_file(tmp_path, roles=None):
    """Pegging statistics whose dealer histograms (at index 0, as before) are all in the
    bin of 7 points and the pone's in the bin of 2."""
    gained = np.zeros((1820, 2, 32), dtype=np.int64)
    gained[:, 0, 7], gained[:, 1, 2] = 10, 10
    path = tmp_path / "peg.npz"
    np.savez(path, gained=gained, given=gained.copy())
    meta = {"kind": "pegging_stats"} if roles is None else {"kind": "pegging_stats",
                                                            "roles": roles}
    path.with_suffix(".json").write_text(json.dumps(meta))
    return path


def test_old_pegging_statistics_are_converted_on_loading(tmp_path):
    stats = table.load_pegging_stats(old_pegging_file(tmp_path))
    mean, _, _ = stats.tables()
    assert mean[0, DEALER] == 7 and mean[0, PONE] == 2
    table.save_pegging_stats(tmp_path / "new.npz", stats, {})
    again = table.load_pegging_stats(tmp_path / "new.npz")  # saved in the new numbering
    assert np.array_equal(again.gained, stats.gained)


def test_old_evolved_values_are_converted_on_loading(tmp_path):
    values = np.zeros((evolved.N_SIX, 2, 6), dtype=np.float32)
    values[:, 0, :] = 1.0  # the dealer's, when the dealer was 0
    path = tmp_path / "old.npz"
    np.savez(path, values=values)
    path.with_suffix(".json").write_text(json.dumps({"kind": "evolved"}))
    loaded, _ = evolved.load(path)
    assert (loaded[:, DEALER] == 1.0).all() and (loaded[:, PONE] == 0.0).all()


def test_an_unknown_numbering_is_refused(tmp_path):
    with pytest.raises(TableFileError, match="roles are numbered 'dealer=0,pone=1', which "
                                             "this version does not read"):
        table.load_pegging_stats(old_pegging_file(tmp_path, roles="dealer=0,pone=1"))


def test_no_module_numbers_the_roles_by_hand():
    """A role is written DEALER / PONE / role_of(...), never "1 if dealer else 0"."""
    pattern = re.compile(r"\b[01] if [A-Za-z_.]*(dealer|my_crib)[A-Za-z_.]* else [01]\b")
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("engine", "ai", "cribbage_gui")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if pattern.search(line)]
    assert not found, found
