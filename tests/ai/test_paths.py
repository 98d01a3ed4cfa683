"""Writing a file of the person's (``ai.paths.write_atomic``): whole or not at all, through
a link to the file it names, keeping the file's permissions."""

from __future__ import annotations

import os
import stat

from ai.paths import write_atomic


def test_a_link_is_written_through_and_a_files_permissions_kept(tmp_path):
    """Found by the hostile pass: ``practice --export sl/link.jsonl`` (a link to a file
    elsewhere) replaced the link with a new file of mode 0600, and the file it named kept
    its old contents."""
    real = tmp_path / "real" / "positions.jsonl"
    real.parent.mkdir()
    real.write_text("OLD")
    os.chmod(real, 0o644)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    write_atomic(link, b"NEW")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "NEW"
    assert stat.S_IMODE(real.stat().st_mode) == 0o644
    assert not list(real.parent.glob("*.tmp")) and not list(tmp_path.glob("*.tmp"))
    dangling = tmp_path / "later.jsonl"
    dangling.symlink_to(tmp_path / "real" / "made.jsonl")  # a link to a file not there yet
    write_atomic(dangling, b"MADE")
    assert dangling.is_symlink() and (tmp_path / "real" / "made.jsonl").read_text() == "MADE"
    fresh = tmp_path / "fresh.json"
    write_atomic(fresh, b"{}")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600  # a new file: the user's alone
