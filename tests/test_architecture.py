"""The layers point one way: engine <- ai <- cribbage_gui, and only the GUI imports Qt. The
rules are import-linter contracts in pyproject.toml (every import, including those inside
functions)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_logo=True))"


def contracts() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    return text[text.index("[tool.importlinter]"):]


def lint(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LINT], capture_output=True, text=True,
                          cwd=cwd, env={"PYTHONPATH": str(cwd), "PATH": ""}, timeout=120)


def test_the_layer_contracts_are_kept():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_the_contracts_catch_an_upward_import_and_qt_below_the_gui(tmp_path):
    for package, source in (("engine", "from ai import registry\n"),
                            ("ai", "def f():\n    import PySide6.QtCore\n"),
                            ("cribbage_gui", "import ai\n")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(source)
    (tmp_path / "ai" / "registry.py").write_text("")
    (tmp_path / "PySide6").mkdir()
    (tmp_path / "PySide6" / "__init__.py").write_text("")
    (tmp_path / "PySide6" / "QtCore.py").write_text("")
    (tmp_path / "pyqtgraph.py").write_text("")
    (tmp_path / "pyproject.toml").write_text(contracts())
    done = lint(tmp_path)
    assert done.returncode == 1
    assert "0 kept, 2 broken" in done.stdout
    assert "engine is not allowed to import ai" in done.stdout
    assert "ai is not allowed to import PySide6" in done.stdout  # even inside a function


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
