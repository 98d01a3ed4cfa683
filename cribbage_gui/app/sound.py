"""Sound effects: a card played, a peg moved, a go, a 31, a game won or lost.

The sounds are short tones synthesised with numpy (already a dependency), written once as
WAV files in the cache folder, and played by the lightest route the machine already has,
so sound costs no dependency:

- Qt Multimedia's ``QSoundEffect`` when it is installed (it ships in PySide6-Addons, about
  200 MB, which we do not require);
- otherwise the system's own player: ``winsound`` (standard library) on Windows,
  ``afplay`` on macOS, and ``pw-play``, ``paplay`` or ``aplay`` (PipeWire, PulseAudio,
  ALSA: one of them is on every Linux desktop) started as a separate process, never waited
  for, so the window does not pause;
- otherwise no sound, with the reason, which the settings dialog shows.

A route that fails (no such program, a player that exits with an error because there is no
audio device) turns sound off for the session and records why; nothing is raised into the
game.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import time
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from ai.paths import write_atomic
from engine.events import GameOver, Played, SaidGo, Scored
from engine.rules import MAX_COUNT

RATE = 22050  # samples a second: plenty for clicks and tones, small files
VERSION = 1  # bump when a sound changes, so cached files are written again
MIN_GAP_S = 0.06  # a click this soon after another sound is dropped, not queued
CLICKS = frozenset({"card", "peg", "go"})  # the others (31, won, lost) always sound
LINUX_PLAYERS = ("pw-play", "paplay", "aplay")


# --------------------------------------------------------------------------- the sounds
def _time(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _tone(freq: float, seconds: float, decay: float, harmonics=(1.0, 0.3, 0.1)) -> np.ndarray:
    t = _time(seconds)
    wave_ = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
    attack = np.minimum(1.0, t / 0.004)  # 4 ms rise: no click at the start
    return wave_ * attack * np.exp(-t / decay)


def _notes(freqs: Iterable[float], each: float, decay: float, overlap: float = 0.0):
    parts = [_tone(f, each + overlap, decay) for f in freqs]
    step = int(RATE * each)
    out = np.zeros(step * (len(parts) - 1) + len(parts[-1]))
    for i, part in enumerate(parts):
        out[i * step:i * step + len(part)] += part
    return out


def _card() -> np.ndarray:
    """A card laid on the table: a short burst of filtered noise."""
    t = _time(0.07)
    noise = np.random.default_rng(7).standard_normal(len(t))
    smooth = np.convolve(noise, np.ones(6) / 6, mode="same")  # take the hiss off
    return smooth * np.exp(-t / 0.012) * 0.9


def _peg() -> np.ndarray:
    """A wooden peg in its hole: a knock with a quick decay."""
    return _tone(1150, 0.09, 0.018, harmonics=(1.0, 0.5, 0.0, 0.2))


SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "card": _card,
    "peg": _peg,
    "go": lambda: _notes((660, 495), 0.09, 0.07),
    "thirty_one": lambda: _notes((523, 659, 784), 0.08, 0.08, overlap=0.05),
    "won": lambda: _notes((523, 659, 784, 1047), 0.12, 0.16, overlap=0.15),
    "lost": lambda: _notes((392, 330, 262), 0.16, 0.16, overlap=0.12),
}


def samples(name: str) -> np.ndarray:
    """The sound ``name`` as 16-bit mono samples at ``RATE``, peaking at about -3 dB."""
    if name not in SOUNDS:
        raise ValueError(f"no sound {name!r}; sounds: {', '.join(SOUNDS)}")
    x = SOUNDS[name]()
    x = x / max(1e-9, float(np.max(np.abs(x)))) * 0.7
    return (x * 32767).astype(np.int16)


def write_sounds(folder: Path) -> dict[str, Path]:
    """Write every sound as a WAV file in ``folder`` (once: an existing file of this
    version is kept) and return their paths by name."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name in SOUNDS:
        path = folder / f"{name}-v{VERSION}.wav"
        if not path.exists():
            buffer = io.BytesIO()
            with wave.open(buffer, "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(RATE)
                w.writeframes(samples(name).tobytes())
            write_atomic(path, buffer.getvalue(), mode=0o644)
        paths[name] = path
    return paths


# --------------------------------------------------------------------------- events to sounds
def sounds_for_event(event, my_seat: int | None) -> list[str]:
    """The sounds an event makes. ``my_seat`` is the person's seat (None when watching two
    computers: the end of a game then sounds as a win)."""
    if isinstance(event, Played):
        return ["thirty_one" if event.count == MAX_COUNT else "card"]
    if isinstance(event, SaidGo):
        return ["go"]
    if isinstance(event, Scored) and event.points > 0:
        return ["peg"]
    if isinstance(event, GameOver):
        return ["lost" if my_seat is not None and event.winner != my_seat else "won"]
    return []


# --------------------------------------------------------------------------- routes
class _QtRoute:
    name = "Qt Multimedia"

    def __init__(self, paths: dict[str, Path]) -> None:
        from PySide6.QtCore import QUrl
        from PySide6.QtMultimedia import QMediaDevices, QSoundEffect

        if not QMediaDevices.audioOutputs():
            raise OSError("no audio output device")
        self.effects = {}
        for name, path in paths.items():
            effect = QSoundEffect()
            effect.setSource(QUrl.fromLocalFile(str(path)))
            self.effects[name] = effect

    def play(self, path: Path, name: str) -> None:
        self.effects[name].play()

    def check(self) -> str | None:
        return None


class _WinsoundRoute:
    name = "winsound"

    def __init__(self, paths) -> None:
        import winsound  # noqa: PLC0415 (Windows only)

        self.winsound = winsound

    def play(self, path: Path, name: str) -> None:
        w = self.winsound
        w.PlaySound(str(path), w.SND_FILENAME | w.SND_ASYNC | w.SND_NODEFAULT)

    def check(self) -> str | None:
        return None


class _ProcessRoute:
    """A command-line player started for each sound and never waited for."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.name = Path(program).name
        self.running: list[subprocess.Popen] = []

    def play(self, path: Path, name: str) -> None:
        self.running.append(subprocess.Popen(  # noqa: S603 (a fixed program and our file)
            [self.program, str(path)], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def check(self) -> str | None:
        """Reap finished players; the reason to stop if one failed."""
        still = []
        for proc in self.running:
            code = proc.poll()
            if code is None:
                still.append(proc)
            elif code != 0:
                self.running = still
                return f"{self.name} failed (exit status {code}): no audio device?"
        self.running = still
        return None


def find_route(paths: dict[str, Path], platform: str | None = None,
               which: Callable[[str], str | None] | None = None):
    """The first route that works here, and None with the reason if none does."""
    platform = platform or sys.platform
    which = which or shutil.which
    try:
        return _QtRoute(paths), ""
    except (ImportError, OSError):
        pass
    if platform.startswith("win"):
        try:
            return _WinsoundRoute(paths), ""
        except ImportError:
            return None, "sound needs winsound, which this Python lacks"
    programs = ("afplay",) if platform == "darwin" else LINUX_PLAYERS
    for program in programs:
        found = which(program)
        if found:
            return _ProcessRoute(found), ""
    return None, (f"no sound player found ({', '.join(programs)}); install PipeWire, "
                  "PulseAudio or ALSA utilities (e.g. Debian's pulseaudio-utils)")


class Sound:
    """The game's sound effects. ``enabled`` is the setting; ``available`` says whether the
    machine can play them (``reason`` says why not)."""

    def __init__(self, cache_dir: Path, enabled: bool = True, route=None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled = enabled
        self.clock = clock
        self.reason = ""
        self._last = -1e9
        self.played: list[str] = []  # what was sent to the route, for tests and curiosity
        try:
            self.paths = write_sounds(Path(cache_dir))
        except OSError as err:
            self.paths, self.route, self.reason = {}, None, f"cannot write the sounds: {err}"
            return
        if route is None:
            route, self.reason = find_route(self.paths)
        self.route = route

    @property
    def available(self) -> bool:
        return self.route is not None

    def play(self, name: str) -> bool:
        """Play ``name`` now, unless sound is off or unavailable, or ``name`` is a click and
        another sound started under ``MIN_GAP_S`` ago. Returns whether it was played."""
        if name not in SOUNDS:
            raise ValueError(f"no sound {name!r}; sounds: {', '.join(SOUNDS)}")
        if not (self.enabled and self.route is not None):
            return False
        failure = self.route.check()
        now = self.clock()
        if failure is None and name in CLICKS and now - self._last < MIN_GAP_S:
            return False
        if failure is None:
            try:
                self.route.play(self.paths[name], name)
            except (OSError, RuntimeError) as err:
                failure = f"{self.route.name} could not play: {err}"
        if failure is not None:
            self.route, self.reason = None, failure
            return False
        self._last = now
        self.played.append(name)
        return True

    def event(self, event, my_seat: int | None) -> None:
        for name in sounds_for_event(event, my_seat):
            self.play(name)

    def note(self) -> str:
        """A line for the settings dialog: how sound is played, or why it cannot be."""
        if self.route is None:
            return f"No sound here: {self.reason}."
        return f"Played with {self.route.name}."
