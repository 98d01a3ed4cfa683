"""Bad table files are refused with a message that says what is wrong and what to do: a
shipped table names the command that rebuilds it, a file of the user's own does not."""

import numpy as np
import pytest

from ai import make_player
from ai.tables import evolved
from ai.tables import expert as expert_tables
from ai.tables import weights as table
from ai.tables.files import TableFileError


def test_a_missing_shipped_table_names_its_rebuild_command(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_ASSETS", str(tmp_path))
    with pytest.raises(TableFileError, match="weights.npz: no such file; rebuild it with: "
                                             "cribbage train weights"):
        table.load()
    with pytest.raises(TableFileError, match="evolved.npz: no such file; rebuild it with: "
                                             "cribbage train evolved"):
        evolved.load()


def test_a_users_own_missing_file_is_not_told_to_rebuild_the_shipped_one(tmp_path):
    with pytest.raises(TableFileError) as caught:
        make_player(f"weights:{tmp_path / 'mine.npz'}")
    message = str(caught.value)
    assert "mine.npz: no such file" in message and "rebuild" not in message
    assert "assets/" not in message
    with pytest.raises(TableFileError, match="no such file; give a table") as caught:
        expert_tables.load(tmp_path / "mine-expert.npz")


def test_a_table_holding_python_objects_is_refused_in_plain_words(tmp_path):
    path = tmp_path / "objects.npz"
    np.savez(path, weights=np.array([{"evil": 1}] * 4, dtype=object).reshape(2, 2))
    with pytest.raises(TableFileError, match="objects.npz: holds Python objects, not plain "
                                             "arrays") as caught:
        table.load(path)
    assert "pickle" not in str(caught.value)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip at all")
    with pytest.raises(TableFileError, match=r"garbage.npz: damaged or not a table \(not an "
                                             r"\.npz file\)") as caught:
        table.load(garbage)
    assert "pickle" not in str(caught.value)


def test_wrong_shape_and_non_finite_values_are_told_apart(tmp_path):
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.full((2, 121, 121, 3), 1 / 3, dtype=np.float32))
    with pytest.raises(TableFileError, match=r"'weights' has shape \(2, 121, 121, 3\), "
                                             r"expected \(2, 121, 121, 8\)"):
        table.load(wrong)
    nan = tmp_path / "nan.npz"
    w = np.full(table.SHAPE, 1 / 8, dtype=np.float32)
    w[0, 5, 5, 2] = np.nan
    np.savez(nan, weights=w)
    with pytest.raises(TableFileError) as caught:
        table.load(nan)
    message = str(caught.value)
    assert "'weights' holds NaN or infinite values" in message and "has shape" not in message
