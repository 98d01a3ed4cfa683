"""Sound effects: the files written, the events that sound, the routes chosen, failures that
turn sound off quietly, and the window playing them only when the setting is on."""

import wave

import numpy as np
import pytest
from PySide6.QtWidgets import QDialog

from cribbage_gui.app import sound as S
from cribbage_gui.app.sound import SOUNDS, Sound, find_route, sounds_for_event, write_sounds
from engine.events import CountReset, GameOver, Played, SaidGo, Scored, StarterCut


class FakeRoute:
    name = "fake"

    def __init__(self, fail_play=False, fail_check=None):
        self.sent, self.fail_play, self.fail_check = [], fail_play, fail_check

    def play(self, path, name):
        if self.fail_play:
            raise OSError("device busy")
        assert path.exists()
        self.sent.append(name)

    def check(self):
        return self.fail_check


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_every_sound_is_a_short_audible_wav_written_once(tmp_path):
    paths = write_sounds(tmp_path)
    assert set(paths) == set(SOUNDS)
    for name, path in paths.items():
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, S.RATE)
            frames = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
        seconds = len(frames) / S.RATE
        assert 0.03 < seconds < 1.0, name
        assert 8000 < np.abs(frames).max() < 32767, name  # loud enough, never clipped
    stamp = {name: path.stat().st_mtime_ns for name, path in paths.items()}
    write_sounds(tmp_path)
    assert {name: path.stat().st_mtime_ns for name, path in paths.items()} == stamp


def test_events_map_to_sounds():
    assert sounds_for_event(Played(0, 5, 15), 0) == ["card"]
    assert sounds_for_event(Played(1, 5, 31), 0) == ["thirty_one"]
    assert sounds_for_event(SaidGo(1, 27), 0) == ["go"]
    assert sounds_for_event(Scored(0, 2, "pegging", "fifteen", (), 12), 0) == ["peg"]
    assert sounds_for_event(Scored(0, 0, "hand", "hand", (), 12), 0) == []
    assert sounds_for_event(GameOver(0, (121, 99), 0), 0) == ["won"]
    assert sounds_for_event(GameOver(0, (121, 99), 0), 1) == ["lost"]
    assert sounds_for_event(GameOver(1, (99, 121), 0), None) == ["won"]  # watching
    assert sounds_for_event(CountReset(31), 0) == []
    assert sounds_for_event(StarterCut(3), 0) == []


def test_clicks_close_together_are_dropped_but_results_always_sound(tmp_path):
    clock, route = Clock(), FakeRoute()
    s = Sound(tmp_path, enabled=True, route=route, clock=clock)
    assert s.play("card") and not s.play("peg")  # the same instant: one click
    clock.now += S.MIN_GAP_S + 0.01
    assert s.play("peg")
    assert s.play("thirty_one") and s.play("won")  # never dropped
    assert route.sent == ["card", "peg", "thirty_one", "won"] == s.played
    with pytest.raises(ValueError, match="no sound 'applause'"):
        s.play("applause")


def test_sound_off_plays_nothing(tmp_path):
    route = FakeRoute()
    s = Sound(tmp_path, enabled=False, route=route)
    assert not s.play("card") and route.sent == []
    s.enabled = True
    assert s.play("card") and route.sent == ["card"]


@pytest.mark.parametrize("failing", ["play", "check"])
def test_a_failing_route_turns_sound_off_with_the_reason(tmp_path, failing):
    route = FakeRoute(fail_play=failing == "play",
                      fail_check="paplay failed (exit status 1)" if failing == "check" else None)
    s = Sound(tmp_path, enabled=True, route=route)
    assert not s.play("card")
    assert not s.available and s.route is None
    assert ("device busy" if failing == "play" else "exit status 1") in s.note()
    assert not s.play("won")  # and stays off, quietly


def test_routes_by_platform_and_none_with_a_reason(tmp_path, monkeypatch):
    paths = write_sounds(tmp_path)
    monkeypatch.setattr(S, "_QtRoute", _no_qt)
    programs = {"paplay": "/usr/bin/paplay", "aplay": "/usr/bin/aplay",
                "afplay": "/usr/bin/afplay"}
    route, why = find_route(paths, "linux", programs.get)
    assert route.name == "paplay" and why == ""  # pw-play missing: the next one
    route, _ = find_route(paths, "darwin", programs.get)
    assert route.name == "afplay"
    route, why = find_route(paths, "linux", lambda _p: None)
    assert route is None and "pw-play, paplay, aplay" in why
    monkeypatch.setattr(S.shutil, "which", lambda _p: None)
    monkeypatch.setattr(S.sys, "platform", "linux")
    nothing = Sound(tmp_path)
    assert not nothing.available and not nothing.play("card")
    assert nothing.note().startswith("No sound here: no sound player found")


def _no_qt(paths):
    raise ImportError("no QtMultimedia")


def test_a_process_route_reports_a_failed_player(tmp_path):
    fake = tmp_path / "player"
    fake.write_text("#!/bin/sh\nexit 3\n")
    fake.chmod(0o755)
    route = S._ProcessRoute(str(fake))
    s = Sound(tmp_path / "sounds", enabled=True, route=route)
    assert s.play("card")
    route.running[0].wait(timeout=5)
    assert not s.play("won")
    assert "exit status 3" in s.reason and not s.available


def test_the_window_sounds_a_game_only_with_the_setting_on(qtbot, make_window):
    from tests.gui.helpers import play_to_the_end

    window = make_window(sound=True)
    route = FakeRoute()
    ticks = iter(range(10**6))
    window.sound.route = route
    window.sound.clock = lambda: float(next(ticks))  # a second apart: every click heard
    window.games.start_match("random", seed=4)
    play_to_the_end(qtbot, window)
    assert route.sent.count("card") + route.sent.count("thirty_one") >= 8
    assert "peg" in route.sent and route.sent[-1] in ("won", "lost")
    over = window.presenter.model.game_over
    assert route.sent[-1] == ("won" if over.winner == window.presenter.model.my_seat
                              else "lost")
    window.sound.enabled = False  # the setting off: silence
    before = len(route.sent)
    window.sound.event(Played(0, 5, 15), 0)
    assert len(route.sent) == before


def test_the_settings_dialog_turns_sound_off_and_says_how_it_plays(qtbot, make_window,
                                                                  monkeypatch):
    window = make_window(sound=True)
    window.sound.route = FakeRoute()
    seen = {}

    def run(dialog):
        seen["note"] = dialog.sound_note.text()
        dialog.sound.setChecked(False)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr("cribbage_gui.dialogs.dialogs.SettingsDialog.exec", run)
    window.settings_dialog()
    assert "fake" in seen["note"]
    assert not window.settings.sound and not window.sound.enabled
    assert window.qsettings.value("sound") in (False, "false")
