"""The application starts in a fresh process and becomes usable (no timing asserted)."""

import os

from cribbage_gui.commands.bench import _run


def test_the_app_starts_and_deals_in_a_fresh_process():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    figures = _run(env)
    assert 0 < figures["shown_s"] < figures["usable_s"] < figures["process_s"]
