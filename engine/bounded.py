"""Reading what comes from outside with limits: JSON, files and strings.

A game file, a saved game, a table's sidecar or an external engine's reply may come from
anyone. Everything read from them is bounded *before* it is parsed, so no input can exhaust
the memory, the stack or the time of the program:

- :func:`read_text` reads at most ``max_bytes`` of a regular file, and refuses anything
  else (a named pipe no one writes to would be waited on forever, ``/dev/zero`` read
  without end) before reading a byte (:func:`open_regular`, :func:`check_regular`);
- :func:`loads` refuses JSON that is too long, nested too deeply (Python's parser would raise
  ``RecursionError``), or holds a number with too many digits or a ``NaN``;
- :func:`clean` strips control characters (terminal escape codes, bidirectional overrides)
  from a string and cuts it to a length fit for a widget or a terminal line;
- :func:`quote` gives a short, printable prefix of a bad input to name in a message.

Every refusal is a :class:`BoundedInputError`, a ``ValueError`` whose message says which
limit the input broke.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
engine.bounded.BoundedInputError: JSON nested deeper than 32 levels
>>> clean("Ann\\x1b[2J\\x07ie")
'Ann[2Jie'
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import Any, BinaryIO

from engine.errors import CribbageError

MAX_BYTES = 4_000_000  # a game record is about 50 KB; a saved game or game file 80 times that
MAX_DEPTH = 32  # a game record nests 6 levels deep
MAX_DIGITS = 40  # a 128-bit random state is 39 digits; a seed at most 19
MAX_NAME = 60  # a player's name, as shown


class BoundedInputError(CribbageError):
    """Input over one of the limits of this module (size, depth, number length), or not
    JSON at all; the message says which."""


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """How deeply the arrays and objects of the JSON ``text`` nest (strings skipped).

    >>> depth('[{"a": "[[["}, [1]]')
    2
    """
    deepest = level = 0
    for match in _BRACKETS.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _number(limit: int, kind: type):
    def parse(text: str):
        if len(text.lstrip("-")) > limit:
            raise BoundedInputError(f"a number of {len(text):,} characters (the limit is "
                                    f"{limit})")
        value = kind(text)
        if kind is float and not math.isfinite(value):
            raise BoundedInputError(f"{text} is out of range")
        return value
    return parse


def _constant(name: str):
    raise BoundedInputError(f"{name} is not a number JSON allows")


def loads(text: str | bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
          max_digits: int = MAX_DIGITS) -> Any:
    """Parse JSON within the limits; BoundedInputError (a ValueError) if it breaks one or
    is not JSON."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise BoundedInputError(f"{len(text):,} bytes of JSON (the limit is "
                                    f"{max_bytes:,})")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BoundedInputError(f"not UTF-8 text: {exc}") from exc
    if not isinstance(text, str):
        raise BoundedInputError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise BoundedInputError(f"{len(text):,} characters of JSON (the limit is "
                                f"{max_bytes:,})")
    if depth(text) > max_depth:
        raise BoundedInputError(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_int=_number(max_digits, int),
                          parse_float=_number(max_digits, float), parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise BoundedInputError(f"not valid JSON: {exc}") from exc
    except RecursionError as exc:  # the depth check should have caught it
        raise BoundedInputError("JSON nested too deeply") from exc


class NotAFileError(BoundedInputError):
    """A path that names something other than a regular file: a named pipe (FIFO), a
    device, a socket. Reading one could wait forever (a pipe no one writes to) or never end
    (``/dev/zero``), so it is refused before any byte is read."""


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file (after symbolic
    links); :class:`NotAFileError` if it is anything else, OSError as ``open`` raises it
    (no file, no permission, a folder). Opening never waits: a FIFO is opened without
    blocking, seen for what it is, and closed.

    >>> open_regular("/dev/null")
    Traceback (most recent call last):
    ...
    engine.bounded.NotAFileError: null is a device, not a regular file
    """
    path = Path(path)
    check_regular(path)  # (a socket cannot even be opened: say what it is)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):  # as open() says it
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        kind = _kind(mode)
        if kind is not None:
            raise NotAFileError(f"{path.name} is {kind}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def check_regular(path: str | Path) -> None:
    """:class:`NotAFileError` if ``path`` exists and is neither a regular file nor a folder
    (after symbolic links: a named pipe, a device, a socket), for files a library opens
    itself (SQLite, NumPy); nothing if it is a file, a folder (which ``open`` refuses) or
    missing."""
    kind = not_a_file(path)
    if kind is not None and kind != "a folder":
        raise NotAFileError(f"{Path(path).name} is {kind}, not a regular file")


def not_a_file(path: str | Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file (after symbolic links):
    "a folder", "a named pipe", "a device", "a socket", "a link that leads to itself";
    None for a regular file or nothing there.

    >>> not_a_file("/dev/null"), not_a_file("/no/such/file")
    ('a device', None)
    """
    try:
        return _kind(os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # (a link to itself: never a file)
            return "a link that leads to itself"
        raise


def _kind(mode: int) -> str | None:
    """What a file mode is, if not a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "something else"


def read_text(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """A text file's contents, read only up to ``max_bytes`` (a larger file is refused
    after that much); BoundedInputError if it is larger or not UTF-8,
    :class:`NotAFileError` if it is not a regular file (a pipe or a device: refused before
    reading); OSError as ``open`` raises it (a folder, no permission, no file)."""
    path = Path(path)
    with open_regular(path) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise BoundedInputError(f"{path.name} is larger than {max_bytes:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoundedInputError(f"{path.name} is not UTF-8 text") from exc


def read_json(path: str | Path, max_bytes: int = MAX_BYTES, **limits: int) -> Any:
    """:func:`read_text` then :func:`loads`."""
    return loads(read_text(path, max_bytes), max_bytes=max_bytes, **limits)


def _printable(ch: str) -> bool:
    # Cc: control characters (escape codes, bells, newlines); Cf: format characters
    # (bidirectional overrides that reorder a line); Cs/Co/Cn: not characters to show
    return unicodedata.category(ch)[0] != "C"


def clean(text: Any, max_length: int = MAX_NAME) -> str:
    """``text`` as a string fit to show: control and format characters removed, spaces
    collapsed, cut to ``max_length`` characters (ending in "…" when cut).

    >>> clean("  a\\tb\\n c ")
    'a b c'
    >>> clean("x" * 100, 10)
    'xxxxxxxxx…'
    """
    text = str(text)[:max_length * 4 + 64]  # never scan a huge string in full
    shown = "".join(ch if _printable(ch) else " " if ch in "\t\n\r" else "" for ch in text)
    shown = " ".join(shown.split())
    if len(shown) > max_length:
        shown = shown[:max_length - 1] + "…"
    return shown


def json_text(value: Any, max_length: int = 40) -> str:
    """A value read from JSON as the file wrote it, short and printable: ``true``, not
    Python's ``True`` (which equals 1); ``"1"``, not ``1``.

    >>> json_text(True), json_text("1"), json_text(1.0)
    ('true', '"1"', '1.0')
    """
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return clean(text, max_length)


def quote(text: Any, max_length: int = 80) -> str:
    """A short, printable quotation of a bad input for a message: its start, with how long
    it was when it was cut.

    >>> quote("x" * 1000, 10)
    "'xxxxxxxxx…' (1,000 characters)"
    """
    text = str(text)
    head = clean(text, max_length) if text.strip() else text[:max_length]
    if len(text) > max_length:
        return f"{head!r} ({len(text):,} characters)"
    return repr(head)
