"""The person's settings, kept between sessions in QSettings.

Anything missing or unrecognised in the stored settings falls back to its default, so a
damaged or older settings file never stops the game from starting.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtCore import QSettings

from cribbage_gui.app import theme

# animation pace: a factor on every pause and animation (0: no animation)
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
LESSON_STATES = ("", "taken", "skipped")  # the guided first game: never, taken, skipped
AUTO_ADVANCE = {"off (click Continue)": 0, "after 2 s": 2000, "after 4 s": 4000,
                "after 7 s": 7000}


def set_aside_odd_settings_file() -> tuple[str | None, bool]:
    """The settings file, when it is something other than a file (a named pipe, a device,
    a socket: QSettings waited on a named pipe forever, before the window existed), set
    aside under another name so the settings start afresh: a sentence saying so (else
    None), and whether QSettings may read its file (not when such a thing is still there).
    The file is QSettings' own on Linux and the other Unixes
    (``$XDG_CONFIG_HOME/ORGANISATION/APPLICATION.conf``); macOS keeps a property list and
    Windows the registry, which are not looked at here."""
    import sys
    from pathlib import Path

    from PySide6.QtCore import QCoreApplication, QStandardPaths

    from ai.paths import set_aside
    from engine.bounded import not_a_file

    if sys.platform in ("win32", "darwin"):
        return None, True
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    organisation = QCoreApplication.organizationName() or QCoreApplication.applicationName()
    path = Path(folder) / organisation / f"{QCoreApplication.applicationName()}.conf"
    kind = not_a_file(path)
    if not folder or kind is None or kind == "a folder":
        return None, True
    try:
        moved = set_aside(path, "not-a-file")
    except OSError as exc:
        return (f"The settings file {path} is {kind}, not a file, and cannot be set aside "
                f"({exc.strerror or exc}): this session's settings are not kept; remove it "
                f"so they can be."), False
    return (f"The settings file was {kind}, not a file; it was set aside as {moved.name} "
            f"and the settings start afresh."), True


@dataclass
class Settings:
    speed: str = "normal"
    auto_advance_ms: int = 0
    card_back: str = "blue"
    board_colour: str = "walnut"
    confirm_throw: bool = False
    manual_count: bool = False
    manual_pegging: bool = False
    muggins: bool = False
    sort_hand: bool = True
    theme: str = "system"
    zoom: float = 1.0
    text_size: int = 100  # percent: the whole window's lettering, and the cards with it
    sound: bool = True
    opponent: str = "mueller"
    player1: str = "Player 1"  # pass and play: the names last given to the two people
    player2: str = "Player 2"
    welcomed: bool = False  # the first start's welcome has been answered
    lesson: str = ""  # Help → Learn to play: "taken" or "skipped" once ("" never)

    @classmethod
    def load(cls, qs: QSettings) -> Settings:
        """Read the settings; anything missing or unrecognised falls back to the default."""
        from ai import available_players

        d = cls()
        allowed = {
            "speed": SPEEDS, "auto_advance_ms": set(AUTO_ADVANCE.values()),
            "card_back": theme.CARD_BACKS, "board_colour": theme.BOARD_WOODS,
            "theme": theme.THEMES, "zoom": theme.ZOOMS,
            "text_size": theme.TEXT_SIZES,
            "lesson": LESSON_STATES,
            "opponent": {p.name for p in available_players()} | {"expert:deep"},
        }
        values = {}
        for f in fields(cls):
            default = getattr(d, f.name)
            values[f.name] = _read(qs, f.name, default, allowed.get(f.name))
        return cls(**values)

    def save(self, qs: QSettings) -> None:
        for key, value in vars(self).items():
            qs.setValue(key, value)
        qs.sync()

    @property
    def pace(self) -> float:
        """The animation factor of ``speed``."""
        return SPEEDS[self.speed]


def _read(qs: QSettings, key: str, default, allowed):
    value = qs.value(key, default)
    kind = type(default)
    try:
        value = value in (True, "true", "1", 1) if kind is bool else kind(value)
    except (TypeError, ValueError):
        return default
    return value if allowed is None or value in allowed else default
