"""Command-line arguments checked before any work starts: whole numbers and decimals within
limits, seeds, and the paths a command will write to, so a bad argument costs one line on
stderr (exit status 2) and nothing is half done or half written.

The checks are ``argparse`` types, so every layer's subcommands declare them with their
arguments (``p.add_argument("--games", type=whole(1, MAX_GAMES))``) and argparse reports a
bad value in the command's own words; :class:`CommandParser` makes each of its errors one
line. The path checks are also plain functions raising :class:`UsageError`
(:func:`check_output_file`, :func:`check_output_folder`) for paths that are not arguments.

>>> whole(1, 10)("7")
7
>>> whole(1, 10)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be from 1 to 10, not 0
>>> seed("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a seed is a whole number from 0 to 9,223,372,036,854,775,807, not -1
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn

from engine.bounded import clean, not_a_file, quote
from engine.errors import UsageError

# numpy's generators take any seed from 0 up; a seed is also stored in SQLite (a signed
# 64-bit INTEGER) and in game files (engine.bounded allows 19 digits): 0 .. 2**63 - 1
MAX_SEED = 2**63 - 1
MAX_DIGITS = 30  # a whole number with more digits than this is refused before it is parsed


def _whole_number(text: str) -> int:
    digits = text.strip().lstrip("+-").replace("_", "")
    if len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"not a whole number of at most {MAX_DIGITS} "
                                         f"digits: {quote(text, 40)}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {quote(text, 40)}") from None


def whole(low: int, high: int | None = None, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no upper limit if None).
    ``unit`` names what is counted in the message ("games")."""
    def parse(text: str) -> int:
        value = _whole_number(text)
        if value < low or (high is not None and value > high):
            what = f" {unit}" if unit else ""
            span = f"at least {low:,}{what}" if high is None else \
                f"from {low:,} to {high:,}{what}"
            raise argparse.ArgumentTypeError(f"must be {span}, not {value:,}")
        return value
    parse.__name__ = "whole number"
    return parse


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to :data:`MAX_SEED`."""
    value = _whole_number(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to "
                                         f"{MAX_SEED:,}, not {value:,}")
    return value


def decimal(low: float | None = None, high: float | None = None, *,
            above: bool = False, below: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number (never NaN or infinite) from ``low`` to ``high``
    (either may be None: no limit); ``above``/``below``: strictly above ``low``, strictly
    below ``high``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {quote(text, 40)}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, not {text.strip()}")
        too_low = low is not None and (value <= low if above else value < low)
        too_high = high is not None and (value >= high if below else value > high)
        if too_low or too_high:
            raise argparse.ArgumentTypeError(f"must be {_span(low, high, above, below)}, "
                                             f"not {value:g}")
        return value
    parse.__name__ = "number"
    return parse


def _span(low: float | None, high: float | None, above: bool, below: bool) -> str:
    parts = []
    if low is not None:
        parts.append(f"{'above' if above else 'at least'} {low:g}")
    if high is not None:
        parts.append(f"{'below' if below else 'at most'} {high:g}")
    return " and ".join(parts)


def max_workers() -> int:
    """The most worker processes a command starts: four a core of this machine (more
    only wait for a core, each holding its own copy of the players' tables)."""
    return 4 * (os.cpu_count() or 1)


def workers(text: str) -> int:
    """An argparse type: a number of worker processes, from 1 to :func:`max_workers`."""
    value = _whole_number(text)
    if not 1 <= value <= max_workers():
        raise argparse.ArgumentTypeError(f"must be from 1 to {max_workers()} (four a core "
                                         f"of this machine), not {value:,}")
    return value


# -------------------------------------------------------------------------------- paths
def _nearest_existing(path: Path) -> Path:
    """``path`` or the nearest of its parents that exists (a file, a folder, a link)."""
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def _look(path: Path) -> None:
    """An OSError other than "no such file" when ``path`` is looked up (a name too long, a
    folder on the way that may not be searched...): the write would fail the same way."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        os.lstat(path)


def _check_can_create_in(target: Path, folder: Path) -> None:
    """``target`` may be created in ``folder`` (made first, with any missing parents).
    Permissions are not enough to go by (root may write anywhere, but not in ``/proc``; a
    disk mounted read-only): the folders are made and a file made in the last, then all of
    it removed again, so a write that would fail at the end of a long run fails now."""
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        raise UsageError(f"cannot write {target}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write {target}: no permission to write in {existing}")
    missing = []
    parent = folder
    while parent != existing:
        missing.append(parent)
        parent = parent.parent
    made: list[Path] = []
    try:
        for path in reversed(missing):
            os.mkdir(path)
            made.append(path)
        fd, probe = tempfile.mkstemp(prefix=".cribbage-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"cannot write {quote(target)}: {_why(exc)}") from exc
    finally:
        for path in reversed(made):
            with contextlib.suppress(OSError):
                path.rmdir()


def check_output_file(path: str | Path) -> Path:
    """``path`` as a file a command may write (or replace, atomically): not a folder, not
    a device, in a folder that exists or can be made, which this user may write in.
    Nothing is created; a UsageError says what is wrong."""
    if str(path) == "":
        raise UsageError("no file name given")
    path = Path(path)
    try:
        _look(path)
        if str(path) in (".", "..") or path.is_dir():
            raise UsageError(f"cannot write {path}: it is a folder; give a file name")
        kind = not_a_file(path)  # (a link: what it leads to, which is what is written)
        if kind is not None:
            link = "a link to " if path.is_symlink() and "link" not in kind else ""
            raise UsageError(f"cannot write {path}: it is {link}{kind}, not a regular file")
        target = Path(os.path.realpath(path)) if path.is_symlink() else path
        _check_can_create_in(path, target.parent)
    except UsageError:
        raise
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the name)
        raise UsageError(f"cannot write {quote(path)}: {_why(exc)}") from exc
    return path


def check_output_folder(path: str | Path, files: Iterable[str] = ()) -> Path:
    """``path`` as a folder a command may write files into (``files``: the names it will
    write there, each checked with :func:`check_output_file`): a folder, or a path where
    one can be made, that this user may write in. Nothing is created."""
    if str(path) == "":
        raise UsageError("no folder given")
    path = Path(path)
    try:
        _look(path)
        if os.path.lexists(path) and not path.is_dir():
            kind = not_a_file(path) or "a file"
            if path.is_symlink() and not path.exists():
                kind = "a link to nothing"
            raise UsageError(f"cannot write into {path}: it is {kind}, not a folder")
        _check_can_create_in(path, path)
        for name in files:
            check_output_file(path / name)
    except UsageError:
        raise
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot write into {quote(path)}: {_why(exc)}") from exc
    return path


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _as_type(check: Callable[[str], Path], name: str) -> Callable[[str], Path]:
    def parse(text: str) -> Path:
        try:
            return check(text)
        except UsageError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = name
    return parse


output_file = _as_type(check_output_file, "file")
output_file.__doc__ = "An argparse type: :func:`check_output_file`."
output_folder = _as_type(check_output_folder, "folder")
output_folder.__doc__ = "An argparse type: :func:`check_output_folder`."


# ------------------------------------------------------------------------------ parser
class CommandParser(argparse.ArgumentParser):
    """An ArgumentParser whose every error is one line naming the command (``cribbage
    count: error: ...``), exit status 2, and whose unrecognized arguments are blamed on the
    subcommand that was given them, not on ``cribbage``. Its subcommands' parsers are of
    this class too (argparse makes them of their parent's class)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the innermost command's parser is the one left in the namespace (argparse copies
        # a subcommand's defaults over its parent's)
        self.set_defaults(command_parser=self)

    def error(self, message: str) -> NoReturn:
        # (cleaned: a bad argument may hold terminal escape codes or newlines)
        self.exit(2, f"{self.prog}: error: {clean(message, 500)} (see {self.prog} --help)\n")

    def parse_args(self, args=None, namespace=None):
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            parser = getattr(parsed, "command_parser", self)
            parser.error(f"unrecognized arguments: {' '.join(clean(a, 30) for a in extras)}")
        return parsed
