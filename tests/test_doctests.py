import doctest
import importlib
import pkgutil

import pytest

import ai
import engine

# the engine's modules and the AI layer's (whose examples went unrun until issue 36: one
# had gone wrong); the window's need a QApplication and are shown by their tests
MODULES = sorted(m.name for package, prefix in ((engine, "engine."), (ai, "ai."))
                 for m in pkgutil.walk_packages(package.__path__, prefix))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_main_modules_have_examples():
    attempted = {name: doctest.testmod(importlib.import_module(name)).attempted
                 for name in ("engine.cards", "engine.scoring", "engine.pegging",
                              "engine.state", "engine.analysis", "engine.simulate")}
    assert all(attempted.values()), attempted
