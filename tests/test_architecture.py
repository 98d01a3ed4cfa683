"""The layers point one way: engine <- ai <- cribbage_gui."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "engine": {"ai", "cribbage_gui", "PySide6", "pyqtgraph"},
    "ai": {"cribbage_gui", "PySide6", "pyqtgraph"},
}


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_upward_imports_in_source(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files or package == "ai"
    for path in files:
        bad = imported_top_levels(path) & FORBIDDEN[package]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_importing_all_of_engine_loads_no_ai_gui_or_qt():
    code = (
        "import importlib, pkgutil, sys, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in "
        "('ai', 'cribbage_gui', 'PySide6', 'pyqtgraph'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_the_architecture_check_would_catch_an_upward_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from ai import registry\nimport PySide6.QtCore\n")
    assert imported_top_levels(bad) & FORBIDDEN["engine"] == {"ai", "PySide6"}
