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
    assert "7 kept, 0 broken" in done.stdout


def test_the_contracts_catch_each_kind_of_bad_import(tmp_path):
    """A small tree with every module the contracts name, and one bad import for each."""
    modules = {
        "engine": "from ai import registry\n",  # upward
        "ai": "def f():\n    import PySide6.QtCore\n",  # Qt below the GUI, in a function
        "ai.players": "from ai.training import _weights\n",  # training code while playing
        "ai.tables": "from ai import registry\n",  # a table that knows the players above it
        # the ways the GUI may reach the training code (a command, a training run's size)
        "cribbage_gui.cli": "from ai.training import cli\n",
        "ai.strategy_weights": "def f():\n    from ai.training import weights\n",
        "cribbage_gui.panels.heatmap_panel": "from ai import strategy_weights\n",
        "cribbage_gui.table": "from ai.players import expert\n",  # past the public face
        "cribbage_gui": "import ai\nfrom engine import _kernels\n",  # the engine's insides
        "cribbage_gui.services": "import pyqtgraph\n",  # a service drawing
        "cribbage_gui.services.history": "from cribbage_gui import cli\n",  # the window's
    }
    names = ["engine._kernels", "engine._analysis_kernels", "engine._simulate", "engine._play",
             "ai.registry", "ai.env", "ai.serving", "ai.paths", "ai.base", "ai.schema",
             "ai.players.expert", "ai._rollout",
             "ai.training", "ai.training._weights", "ai.training.cli", "ai.training.weights",
             "ai.tables", "ai.match", "ai.advice", "ai.pegging", "ai.external",
             "ai._decide", "ai._expert", "ai._kernels", "cribbage_gui.table",
             "cribbage_gui.commands", "cribbage_gui.windows", "cribbage_gui.dialogs",
             "cribbage_gui.panels", "cribbage_gui.app",
             "PySide6", "PySide6.QtCore"]
    for name in [*modules, *names]:
        folder = tmp_path.joinpath(*name.split("."))
        folder.mkdir(parents=True, exist_ok=True)
        init = folder / "__init__.py"
        if not init.exists():
            init.write_text(modules.get(name, ""))
    (tmp_path / "pyqtgraph.py").write_text("")
    (tmp_path / "pyproject.toml").write_text(contracts())
    done = lint(tmp_path)
    assert done.returncode == 1, done.stdout
    assert "0 kept, 7 broken" in done.stdout
    assert "engine is not allowed to import ai" in done.stdout
    assert "ai is not allowed to import PySide6" in done.stdout
    assert "cribbage_gui.services is not allowed to import pyqtgraph" in done.stdout
    assert "cribbage_gui.services is not allowed to import cribbage_gui.cli" in done.stdout
    assert "cribbage_gui is not allowed to import engine._kernels" in done.stdout
    assert "cribbage_gui is not allowed to import ai.players" in done.stdout
    assert "ai.tables is not allowed to import ai.registry" in done.stdout
    assert "ai.players is not allowed to import ai.training" in done.stdout
    # the allowed ways in are not reported
    assert "cribbage_gui.cli ->" not in done.stdout
    assert "heatmap_panel" not in done.stdout


def test_the_services_import_nothing_of_the_windows():
    """What the layers contract cannot say for folders yet to come: no module of
    cribbage_gui.services imports a module of cribbage_gui outside it."""
    import grimp

    graph = grimp.build_graph("cribbage_gui")
    services = {m for m in graph.modules if m.startswith("cribbage_gui.services")}
    assert len(services) > 10
    reached = {(module, imported) for module in services
               for imported in graph.find_modules_directly_imported_by(module)
               if imported.startswith("cribbage_gui.")
               and not imported.startswith("cribbage_gui.services")}
    assert reached == set()


def import_cycles(packages=("engine", "ai", "cribbage_gui")) -> set[tuple[str, str]]:
    """Pairs of our modules that import each other, directly or through others (imports
    for type checking included: they tie the modules as much for a reader)."""
    import grimp

    graph = grimp.build_graph(*packages)
    return {tuple(sorted((module, imported))) for module in graph.modules
            for imported in graph.find_modules_directly_imported_by(module)
            if imported.split(".")[0] in packages and graph.chain_exists(imported, module)}


def test_no_two_modules_import_each_other():
    """engine.record knew engine.state's GameState (and read its private fields) while the
    state imported the record: now the record knows a game only by its shape."""
    assert import_cycles() == set()


def test_the_cycle_check_finds_a_cycle(tmp_path, monkeypatch):
    package = tmp_path / "loopy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from loopy import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from loopy import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles(("loopy",)) == {("loopy.a", "loopy.b")}


def test_the_main_window_only_assembles_its_parts():
    """MainWindow was split to 723 lines and grew back to 958 the same day: the features
    are parts of their own (cribbage_gui/windows/*), and this keeps it so."""
    import ast

    path = Path(__file__).resolve().parents[1] / "cribbage_gui" / "windows" / "main_window.py"
    tree = ast.parse(path.read_text())
    (window,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow"]
    assert len(path.read_text().splitlines()) <= 300
    methods = [n for n in window.body if isinstance(n, ast.FunctionDef)]
    assert len(methods) <= 20, [m.name for m in methods]
