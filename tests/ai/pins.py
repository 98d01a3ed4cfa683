"""Figures pinned in tests/ai/pinned/: compared with, or (PIN_REGENERATE=1) written anew."""

import json
import os
from pathlib import Path

import pytest


def pinned(path: Path, got: dict, what: str) -> dict:
    """The figures pinned at ``path``, having checked they name the same things as ``got``;
    with PIN_REGENERATE set, ``got`` is written there instead and the test is skipped."""
    if os.environ.get("PIN_REGENERATE"):
        path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        pytest.skip(f"pinned {what} regenerated")
    want = json.loads(path.read_text())
    assert set(got) == set(want)
    return want


def changed(want: dict, got: dict) -> dict:
    """What differs from the pins, pinned value first."""
    return {k: (want[k], got[k]) for k in want if got[k] != want[k]}
