"""``cribbage bench-gui``: how long the application takes to start.

Each run is a fresh Python process that imports the application, opens the main window and
starts a game against ``mueller``; it reports the time until the window is shown and until
it is usable (the six cards dealt and waiting for the person's discard). Animation pacing is
set to instant so only start-up work is measured. Runs once with numba's cache warm, once
with an empty cache (cold), offscreen unless a display is set.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

_PROBE_START = time.perf_counter()


def probe() -> None:
    """Run inside the measured process: start the app, print the two figures as JSON."""
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from cribbage_gui.windows.main_window import MainWindow

    data = tempfile.mkdtemp(prefix="cribbage-bench-")
    settings = QSettings(os.path.join(data, "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("speed", "instant")
    window = MainWindow(data_dir=__import__("pathlib").Path(data), qsettings=settings)
    figures = {}

    def usable(_obs) -> None:
        figures["usable_s"] = time.perf_counter() - _PROBE_START
        window.close()
        app.quit()

    window.presenter.turn_ready.connect(usable)
    window.show()
    app.processEvents()
    figures["shown_s"] = time.perf_counter() - _PROBE_START
    window.games.start_match("mueller", seed=1)
    QTimer.singleShot(60_000, app.quit)
    app.exec()
    print(json.dumps(figures))


def _run(env: dict[str, str]) -> dict[str, float]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "cribbage_gui.commands.bench", "--probe"], env=env,
                         check=True, capture_output=True, text=True).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    figures["process_s"] = time.perf_counter() - start
    return figures


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("bench-gui", help="measure the application's start-up time",
                              description=__doc__)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    _run(env)  # make sure numba's normal cache is populated
    warm = _run(env)
    with tempfile.TemporaryDirectory() as cache:
        cold = _run({**env, "NUMBA_CACHE_DIR": cache})
    if args.json:
        print(json.dumps({"warm": warm, "cold": cold}, indent=1))
        return 0
    for name, f in (("warm cache", warm), ("cold cache", cold)):
        print(f"{name}: window shown {f['shown_s']:.2f} s, usable (cards dealt, waiting for "
              f"your discard) {f['usable_s']:.2f} s; whole process {f['process_s']:.2f} s")
    print("target: usable in under 3 s with the cache warm")
    return 0


if __name__ == "__main__" and "--probe" in sys.argv:
    probe()
