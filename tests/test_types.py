"""The engine and the AI layer type-check (mypy, configured in pyproject.toml)."""

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_ai_type_check(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache")])
    assert status == 0, out + err
