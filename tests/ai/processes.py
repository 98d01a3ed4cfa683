"""Finding the processes a test's run started, by a mark in their environment (Linux)."""

import os
from pathlib import Path

MARK = "CRIBBAGE_TEST_RUN"  # the variable a test sets to its mark; every child inherits it


def marked(mark: str) -> list[str]:
    """Command lines of the live processes whose environment holds ``mark`` (a run's
    processes and all they start, whatever their session: Ray's start in sessions of
    their own)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if mark.encode() not in Path(f"/proc/{pid}/environ").read_bytes():
                continue  # (a zombie's environment reads empty)
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        found.append(cmd)
    return found
