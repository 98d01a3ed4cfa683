"""A real window playing a game by itself, to be killed by tests/gui/test_kill_and_resume.py.

    python tests/gui/autoplay.py DATA_DIR SETTINGS_INI SEED [--stop MOMENT] [--deal N]

It starts the window on DATA_DIR (offscreen) and a game against ``random`` from SEED, and
plays the person's side through the window's own methods (the first two cards thrown, the
first legal card played, 0 claimed when counting by hand). After every save of the game it
prints ``SAVED <actions> <digest>`` (the digest of the save's JSON), flushed. With ``--stop``
it stops at the person's first turn from deal N that is ``discard`` (choosing the throw),
``play`` (mid-count, a card on the table) or ``show`` (counting a hand by hand), prints
``READY <digest> <log digest>`` and waits there to be killed. With ``--resume`` it resumes
the saved game instead and, at the person's first turn, prints ``RESUMED <digest> <log
digest>`` and quits. With ``--two`` the game is between two people at the screen (pass and
play): each "pass to" cover is continued as soon as it is up.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def log_digest(window) -> str:
    return digest([entry.text for entry in window.presenter.model.log])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("settings")
    parser.add_argument("seed", type=int)
    parser.add_argument("--stop", choices=("discard", "play", "show"))
    parser.add_argument("--deal", type=int, default=1)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--two", action="store_true")
    args = parser.parse_args()

    from pathlib import Path

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from cribbage_gui.table import saving
    from cribbage_gui.table.controller import TWO_PLAYERS
    from cribbage_gui.windows.main_window import MainWindow
    from engine import Claim, Phase

    app = QApplication([])
    window = MainWindow(data_dir=Path(args.data),
                        qsettings=QSettings(args.settings, QSettings.Format.IniFormat))
    write = window.saves.write

    def write_and_tell(saved) -> None:
        write(saved)
        print(f"SAVED {len(saved.game.actions)} {digest(saving.encode(saved))}", flush=True)

    window.saves.write = write_and_tell
    window.playing.save = write_and_tell
    playing = window.playing

    def current() -> str:  # the game as it stands at the person's turn, as a save
        saved = saving.SavedGame(playing.setup, playing.controller.game,
                                 playing.controller.random_states(), playing.series,
                                 playing.undo_used)
        return digest(saving.encode(saved))

    def moment(obs) -> bool:
        if args.stop is None or obs.deal < args.deal:
            return False
        return {"discard": obs.phase is Phase.DISCARD,
                "play": obs.phase is Phase.PLAY and bool(obs.current),
                "show": obs.phase is Phase.COUNT}[args.stop]

    def act() -> None:
        obs = playing.obs
        if obs is None:
            return
        if args.resume:
            print(f"RESUMED {current()} {log_digest(window)}", flush=True)
            app.quit()
            return
        if moment(obs):
            print(f"READY {current()} {log_digest(window)}", flush=True)
            return  # and wait to be killed
        if obs.phase is Phase.DISCARD:
            window.table.set_selected(set(obs.hand[:2]))
            playing.throw()
        elif obs.phase is Phase.PLAY:
            playing.click_card(obs.legal_cards[0])  # a go is said for the person
        else:
            playing._submit(Claim(0))

    window.presenter.turn_ready.connect(lambda _obs: QTimer.singleShot(0, act))
    # pass and play: the next person at the screen at once, then their turn
    playing.handing_over.connect(lambda _name: QTimer.singleShot(0, playing.cover.button.click))
    playing.cover.continued.connect(lambda: QTimer.singleShot(0, act))
    window.presenter.waiting_to_continue.connect(
        lambda waiting: waiting and QTimer.singleShot(0, window.presenter.proceed))
    window.show()
    if args.resume:
        window.games.startup(ask=lambda _summary: True)
    elif args.two:
        window.games.start_match(TWO_PLAYERS, seed=args.seed, people=("Ann", "Bob"))
    else:
        window.games.start_match("random", seed=args.seed)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
