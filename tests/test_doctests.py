import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_main_modules_have_examples():
    attempted = {name: doctest.testmod(importlib.import_module(name)).attempted
                 for name in ("engine.cards", "engine.scoring", "engine.pegging",
                              "engine.state", "engine.analysis", "engine.simulate")}
    assert all(attempted.values()), attempted
