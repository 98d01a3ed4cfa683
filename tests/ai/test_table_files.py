"""Bad table files are refused with a message that says what is wrong and what to do: a
shipped table names the command that rebuilds it, a file of the user's own does not."""

import re

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


def test_a_table_without_its_sidecar_or_with_another_ones_is_refused(tmp_path):
    """kill -9 between the two writes of `cribbage train` left OUT.npz without OUT.json,
    which was read with the roles swapped: now it is refused, as is a table beside a sidecar
    written for another (a retraining cut short between the writes)."""
    values = np.random.default_rng(1).random(evolved.SHAPE).astype(np.float32)
    evolved.save(tmp_path / "a.npz", values, {"seed": 1})
    evolved.save(tmp_path / "b.npz", values[::-1].copy(), {"seed": 2})
    loaded, meta = evolved.load(tmp_path / "a.npz")
    assert np.allclose(loaded, values) and len(meta["sha256"]) == 64
    (tmp_path / "a.json").unlink()
    with pytest.raises(TableFileError, match="a.npz: its sidecar a.json .* is missing"):
        evolved.load(tmp_path / "a.npz")
    with pytest.raises(TableFileError, match="a.npz: its sidecar"):
        make_player(f"evolved:{tmp_path / 'a.npz'}")
    (tmp_path / "b.json").rename(tmp_path / "a.json")
    with pytest.raises(TableFileError, match="do not belong together"):
        evolved.load(tmp_path / "a.npz")
    (tmp_path / "a.json").write_text("[" * 10_000 + "]" * 10_000)
    with pytest.raises(TableFileError, match="unreadable sidecar"):
        evolved.load(tmp_path / "a.npz")


def test_every_shipped_table_has_its_sidecar_and_loads():
    from ai.tables import expert_pegging
    from ai.tables.files import ASSETS

    for npz in sorted(ASSETS.glob("*.npz")):
        assert npz.with_suffix(".json").is_file(), npz
    evolved.load(), table.load(), expert_tables.load(), expert_pegging.load()


def _declaring(path, name: str, shape: tuple, dtype: str = "<f8") -> None:
    """An .npz whose member ``name`` declares ``shape`` in its header and holds a few
    bytes of data: a 4 MB file of zeros can declare 4 GB, unpacked as they are read."""
    import io
    import zipfile

    from numpy.lib import format as npy

    member = io.BytesIO()
    npy.write_array_header_1_0(member, {"descr": dtype, "fortran_order": False,
                                        "shape": shape})
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}.npy", member.getvalue() + bytes(64))


@pytest.mark.parametrize("player, name, shape, dtype, says", [
    ("evolved", "values", (536_870_912,), "<f8", "has shape (536870912,)"),
    ("weights", "weights", (2, 121, 121, 8), "V100000", "holds |V100000, not plain numbers"),
    ("expert", "heels", (10**12,), "<i8", "not 1 to 1,000,000 samples"),
])
def test_a_table_declaring_a_huge_array_is_refused_before_unpacking_it(
        tmp_path, monkeypatch, player, name, shape, dtype, says):
    """Found by the hostile pass: a 4 MB evolved table declaring 4 GB took 20 s and 4 GB of
    memory to refuse. Each member's header is read first; no data is unpacked."""
    from numpy.lib import format as npy

    def never(*args, **kwargs):
        raise AssertionError("an array was unpacked before its header was checked")

    path = tmp_path / "bomb.npz"
    _declaring(path, name, shape, dtype)
    monkeypatch.setattr(npy, "read_array", never)
    with pytest.raises(TableFileError, match=rf"bomb\.npz: .*{re.escape(says)}"):
        make_player(f"{player}:{path}")
