"""Game files (``.crib.json``): one finished or unfinished game to open, review and share.

A game file is a JSON object: a small header and the engine's game record
(``engine.record``, which replays exactly and refuses a record whose events do not follow
from its actions)::

    {
      "format": "cribbage-game-file",
      "version": 1,
      "players": ["expert", "random"],        # by seat: seat 0 first
      "date": "2026-11-25T10:00:00",          # when the game was saved (ISO 8601), or null
      "context": {"kind": "match", "seed": 4, "index": 0},   # free-form, may be {}
      "sha256": "...",                        # optional: see below
      "game": { "format": "cribbage-game", ... }             # engine.record.to_record
    }

``sha256``, when present, is the SHA-256 (hex) of the canonical JSON of ``{"players": ...,
"game": ...}`` (keys sorted, no spaces: ``json.dumps(x, sort_keys=True,
separators=(",", ":"))``), so a file edited by hand is refused even where its edit happens to
be a legal game. Programs that write game files may leave it out.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai import schema
from ai.paths import write_json_atomic
from engine import GameState, bounded
from engine.errors import CribbageError, UsageError
from engine.rules import RULES, variant_name

FORMAT = "cribbage-game-file"
VERSION = 1
SUFFIX = ".crib.json"


class GameFileError(CribbageError):
    """A game file that cannot be read: not JSON, not a game file, altered, or a record that
    does not replay. The message says which."""


@dataclass(frozen=True)
class GameFile:
    players: tuple[str, ...]  # by seat
    game: GameState
    date: str | None = None
    context: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        record = self.game.to_record()
        return {"format": FORMAT, "version": VERSION, "players": list(self.players),
                "date": self.date, "context": self.context,
                "sha256": checksum(list(self.players), record), "game": record}

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @property
    def pair(self) -> tuple[str, str]:
        """The two players of a two-player six-card game (what practice and the analysis
        board take; the review takes every variant, by ``players``); GameFileError saying
        so for a game of another variant."""
        rules = self.game.rules
        if rules != RULES:
            raise GameFileError(f"this is a {variant_name(rules)} game: practice takes the "
                                f"two-player six-card game only, for now")
        return self.players[0], self.players[1]


def checksum(players: list[str], record: dict[str, Any]) -> str:
    canonical = json.dumps({"players": players, "game": record}, sort_keys=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def make(game: GameState, players: tuple[str, ...] | list[str],
         context: dict[str, Any] | None = None, date: str | None = None) -> GameFile:
    """A game file of ``game``, dated now unless ``date`` is given."""
    if date is None:
        date = _dt.datetime.now().isoformat(timespec="seconds")
    if len(players) != game.rules.players:
        raise ValueError(f"a game of {game.rules.players} players needs {game.rules.players} "
                         f"names, not {len(players)}")
    return GameFile(tuple(str(p) for p in players), game, date, dict(context or {}))


def parse(data: Any) -> GameFile:
    """A game file from its parsed JSON; GameFileError if it is not a sound one: not the
    shape of a game file (``ai.schema``), changed since it was saved (its checksum), or a
    game whose events, result or deals do not follow from its moves and its seed."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError(f"not a cribbage game file (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # JSON's true equals 1 in Python
        raise GameFileError(f"unsupported game file version {bounded.json_text(version, 20)} "
                            f"(this program reads version {VERSION})")
    header = schema.check(schema.GameFileModel, data, GameFileError)
    players, record = list(header.players), data["game"]
    expected = header.sha256
    if expected is not None and expected != checksum(players, record):
        raise GameFileError("the file was changed after it was saved (its sha256 does not "
                            "match its contents)")
    try:
        game = GameState.from_record(record, seeded=True)
    except CribbageError as exc:
        raise GameFileError(f"the game does not replay: {exc}") from exc
    if len(players) != game.rules.players:
        raise GameFileError(f"the file names {len(players)} players for a game of "
                            f"{game.rules.players}")
    context = header.context.model_dump(exclude_none=True)
    return GameFile(tuple(bounded.clean(p) for p in players), game, header.date, context)


def loads(text: str | bytes) -> GameFile:
    """A game file from its text (bounded: ``engine.bounded``)."""
    try:
        data = bounded.loads(text)
    except bounded.BoundedInputError as exc:
        raise GameFileError(f"a game file must be JSON within limits: {exc}") from exc
    return parse(data)


def read(path: str | Path) -> GameFile:
    """Read a game file; GameFileError (naming the file) if it cannot be used. At most
    ``engine.bounded.MAX_BYTES`` are read."""
    path = Path(path)
    try:
        text = bounded.read_text(path)
    except (OSError, bounded.BoundedInputError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise GameFileError(f"{bounded.clean(path, 200)}: cannot be read ({reason})") \
            from exc
    try:
        return loads(text)
    except GameFileError as exc:
        raise GameFileError(f"{bounded.clean(path.name, 200)}: {exc}") from exc


def write(path: str | Path, file: GameFile) -> Path:
    """Write atomically (an existing file is replaced only once the new one is complete)."""
    path = Path(path)
    write_json_atomic(path, file.to_dict())
    return path


def file_name(players: tuple[str, ...] | list[str], seed: int, index: int) -> str:
    """``expert-v-random-seed4-game0003.crib.json``: by players, seed and index (names made
    safe for any file system; three or four players: ``a-v-b-v-c-...``)."""
    safe = [re.sub(r"[^A-Za-z0-9_.-]+", "_", p).strip("_.") or "player" for p in players]
    return f"{'-v-'.join(safe)}-seed{seed}-game{index:04d}{SUFFIX}"


@dataclass(frozen=True)
class GameSaver:
    """A run's ``--save-games``: each game written to ``folder`` as a game file, named by
    :func:`file_name`, its context ``{"kind": kind, "seed": ..., "index": ...}``. What
    ``ai.match.runner.run_match`` and ``run_tournament`` take as ``save_games`` (it pickles:
    the workers write the games)."""

    folder: str
    kind: str = "match"

    def prepared(self) -> GameSaver:
        """The folder made, named by its absolute path (the workers may run elsewhere);
        a UsageError if it cannot be."""
        from engine.arguments import check_output_folder

        path = check_output_folder(self.folder)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot write games to {self.folder}: "
                             f"{exc.strerror or exc}") from exc
        return GameSaver(os.path.realpath(path), self.kind)

    def __call__(self, names: tuple[str, ...], seed: int, index: int,
                 game: GameState) -> None:
        file = make(game, names, {"kind": self.kind, "seed": seed, "index": index})
        write(Path(self.folder) / file_name(names, seed, index), file)
