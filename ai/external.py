"""External engines: any program can be a player, talking JSON lines on stdin and stdout.

``ext:COMMAND`` as a player name starts COMMAND (split like a shell with ``shlex``, never
run through one). One JSON object per line each way; cards as in ``engine.cards`` ("5H",
"TD"). From the referee:

- ``{"type": "new_game", "seat": 0, "game": 3}`` (the opponent's name is not sent)
- ``{"type": "discard", "hand": [six cards], "dealer": true, "scores": [own, opponent]}``
  answered by ``{"toss": ["5H", "5C"]}``
- ``{"type": "play", "hand": [cards left], "count": 17, "current": [cards since the last
  reset], "played": [{"card": "7C", "by": "me"}, {"card": "TD", "by": "opponent"}, ...],
  "starter": "JD", "dealer": false, "scores": [own, opponent]}`` answered by
  ``{"card": "7C"}``, or ``{"card": null}`` for go (only when no card fits)
- ``{"type": "event", "event": {...}}``: what happened, as in game records (the opponent's
  plays, goes, the starter, every score, the show), never a card the engine may not see
- ``{"type": "game_over", "winner": "me", "scores": [own, opponent], "skunk": 0}``
- ``{"type": "quit"}``

An engine may name itself, as chess engines do with UCI's ``id name``: a line
``{"type": "id", "name": "Hal", "author": "...", "version": "1.2"}`` (author and version
optional) as its first line, before its first answer; the referee reads it where it reads
that answer. Its name, author and version are cleaned before they are shown (control
characters stripped, at most 60 characters). An engine that needs time to get ready (to load
tables, say) says its id line once it is ready. An engine that says nothing is named by its
program's file name (:func:`program_name`): ``ext:python3 bots/hal.py --fast`` is "hal".
Match and tournament tables, their JSON, the history and the window use that name
(:func:`engine_name`).

Everything read from an engine is bounded, and an engine that breaks a limit forfeits the
game (``PlayerFailure``) with a short reason that quotes at most 60 characters of what it
sent; the match records it and goes on with a fresh engine:

- time: one answer, every line read for it included, within the timeout
  (``CRIBBAGE_ENGINE_TIMEOUT`` seconds, default 5, at most 3600); the start has its own
  limit (``CRIBBAGE_ENGINE_START_TIMEOUT``, default 120 s): from the engine's start to its
  first line, its id line (the time for a move starts after it) or else its first answer.
  A setting that is not a time is said once by the command, and the default used;
- lines: at most :data:`MAX_LINES` (8) lines for one answer (the answer and a few ``id``
  lines), each at most 64 KiB (``ai.engine_process.MAX_LINE``); at most 16 lines are read
  ahead of the referee, then the engine's writes wait;
- JSON: an object, nested at most 32 levels, numbers of at most 40 digits
  (``engine.bounded.loads``);
- input: what the referee sends is never waited on; an engine that leaves its input
  unread until the pipe is full (64 KiB on Linux) forfeits.

A reply that is not JSON, not the expected shape or not legal, or an engine that exits,
forfeits the game the same way.

Each engine runs in its own session and process group; closing it (after each match chunk,
or a forfeit) ends the group, and on Linux every process that carries the engine's marker
in its environment, even one that left the group (``ai.engine_process``): nothing an
engine starts outlives its match, unless it leaves the group *and* clears its environment.

``cribbage engine NAME`` serves any of our players over the same protocol
(``ai.serving``).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shlex
import time
from dataclasses import dataclass
from typing import Any, NoReturn

from ai.base import Decision, Player, PlayerFailure, Reasoning, Seed
from ai.engine_process import MAX_LINE, EngineIOError, EngineProcess, LineTooLong
from engine import GO, Observation, Phase, PlayCard, Toss
from engine.bounded import MAX_NAME, BoundedInputError, clean, loads, quote
from engine.cards import CardName, card_name, parse_card
from engine.errors import CribbageError
from engine.events import Dealt, GameOver, Tossed, event_to_dict

DEFAULT_TIMEOUT = 5.0  # seconds for one move
# seconds from an engine's start to its first line (its id line, or else its first answer):
# imports, tables, kernels compiled on a cold cache, on a slow or busy machine
DEFAULT_START_TIMEOUT = 120.0
MAX_TIMEOUT = 3600.0  # a time setting above it is taken as this
MIN_TIMEOUT = 0.01  # and one below it (1e-300 forfeited every game) as this
TIMEOUT_VARIABLE = "CRIBBAGE_ENGINE_TIMEOUT"
START_TIMEOUT_VARIABLE = "CRIBBAGE_ENGINE_START_TIMEOUT"
MAX_LINES = 8  # lines read for one answer: the answer and a few id lines
QUOTED = 60  # characters of a bad reply quoted in a forfeit's reason
INTERPRETERS = {"python", "python3", "node", "java", "ruby", "perl", "pypy", "pypy3"}
# what an identifying run asks: any six cards will do (the engine's toss is discarded)
_IDENTIFY_HAND = ["AS", "5H", "5C", "JD", "9S", "KH"]


@dataclass(frozen=True)
class EngineId:
    """What an engine says of itself (``{"type": "id", ...}``), or its program's name."""

    name: str
    author: str = ""
    version: str = ""
    declared: bool = False  # it named itself (not the program's file name)


def program_name(command: str) -> str:
    """The program an ``ext:`` command runs, by its file name without the suffix: the
    script an interpreter runs, else the command itself.

    >>> program_name("python3 -u bots/hal.py --level 3")
    'hal'
    >>> program_name("./cribbot")
    'cribbot'
    """
    from pathlib import PurePath

    try:
        words = [w for w in shlex.split(command) if not w.startswith("-")]
    except ValueError:  # (said when the engine is made: split_command)
        words = command.split()
    chosen = next((w for w in words if _interpreter(PurePath(w).name) is None),
                  words[0] if words else "engine")
    return PurePath(chosen).stem or "engine"


def _interpreter(name: str) -> str | None:
    """The interpreter a program name is ("python3.11" is python3), or None."""
    base = name.rstrip("0123456789.")
    return base if name in INTERPRETERS or base in INTERPRETERS else None


def parse_id(message: dict) -> EngineId:
    """An ``id`` line's identity, each field cleaned to show (``engine.bounded.clean``:
    control characters stripped, at most 60 characters); a ValueError naming what is wrong
    with it.

    >>> parse_id({"type": "id", "name": "Hal\\x1b[31m 9000", "version": 2}).name
    'Hal[31m 9000'
    """
    name = message.get("name")
    if not isinstance(name, str) or not clean(name):
        raise ValueError(f"an id line needs a name of 1 to {MAX_NAME} printable characters")
    if len(name) > MAX_NAME:
        raise ValueError(f"an id line's name must be at most {MAX_NAME} characters")
    fields = {}
    for key in ("author", "version"):
        value = message.get(key, "")
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            raise ValueError(f"an id line's {key} must be text")
        fields[key] = clean(value)
    return EngineId(clean(name), declared=True, **fields)


_KNOWN: dict[str, EngineId] = {}  # command -> identity, as engines in this process said


def known_name(command: str) -> str:
    """The name an engine gave itself in this process, else its program's name (never
    starts the engine: for a window, which must not wait)."""
    known = _KNOWN.get(command)
    return known.name if known is not None else program_name(command)


def engine_name(command: str, timeout: float | None = None) -> EngineId:
    """The engine's identity: started once (per process) and asked one question, so it
    says its ``id`` line if it has one; an engine that says nothing costs that one answer,
    and one that cannot start or answer is named by its program (its games will say what
    went wrong)."""
    known = _KNOWN.get(command)
    if known is not None:
        return known
    player = ExternalPlayer(None, command=command, timeout=timeout)
    try:
        player.new_game(0)
        if player.pending_failure is None:
            player._ask({"type": "discard", "hand": _IDENTIFY_HAND, "dealer": False,
                         "scores": [0, 0]})
    except PlayerFailure:
        pass
    finally:
        player.close()
    identity = player.identity or EngineId(program_name(command))
    _KNOWN[command] = identity
    return identity


def timeout_setting(variable: str = TIMEOUT_VARIABLE, default: float = DEFAULT_TIMEOUT
                    ) -> tuple[float, str | None]:
    """The seconds an environment ``variable`` sets (more than 0, at most
    :data:`MAX_TIMEOUT`), and None; or, when it holds something else, the seconds used
    instead (``default``, or the most for a larger number) and a sentence saying so.

    >>> timeout_setting("NO_SUCH_VARIABLE")
    (5.0, None)
    """
    text = os.environ.get(variable)
    if text is None or not text.strip():
        return default, None
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    shown = f"{variable}={quote(text, 20)}"
    if math.isnan(seconds):
        return default, f"{shown} is not a number of seconds: {default:g} s is used"
    if seconds <= 0:
        return default, f"{shown} is not more than 0 seconds: {default:g} s is used"
    if seconds < MIN_TIMEOUT:  # (no engine answers through a pipe in less)
        return MIN_TIMEOUT, f"{shown} is less than {MIN_TIMEOUT:g} s: {MIN_TIMEOUT:g} s is used"
    if seconds > MAX_TIMEOUT:
        return MAX_TIMEOUT, f"{shown} is more than {MAX_TIMEOUT:g} s: {MAX_TIMEOUT:g} s is used"
    return seconds, None


def default_timeout() -> float:
    """``CRIBBAGE_ENGINE_TIMEOUT`` (seconds for one move), else :data:`DEFAULT_TIMEOUT`."""
    return timeout_setting()[0]


def default_start_timeout() -> float:
    """``CRIBBAGE_ENGINE_START_TIMEOUT`` (seconds from an engine's start to its first line),
    else :data:`DEFAULT_START_TIMEOUT`."""
    return timeout_setting(START_TIMEOUT_VARIABLE, DEFAULT_START_TIMEOUT)[0]


def timeout_problems(names: list[str]) -> list[str]:
    """What is wrong with the engines' time settings, when ``names`` (players) name an
    ``ext:`` engine: a sentence for each setting that is not a time (and what is used
    instead), for a command to say once before its run."""
    if not any(n.strip().lower().startswith("ext:") for n in names):
        return []
    found = (timeout_setting(), timeout_setting(START_TIMEOUT_VARIABLE,
                                                DEFAULT_START_TIMEOUT))
    return [problem for _, problem in found if problem is not None]


def _bounded_timeout(seconds: float) -> float:
    """``seconds`` within (0, :data:`MAX_TIMEOUT`]: no time, or not a number, is the
    default; infinity is the most."""
    if math.isnan(seconds) or seconds <= 0:
        return DEFAULT_TIMEOUT
    return min(max(seconds, MIN_TIMEOUT), MAX_TIMEOUT)


def split_command(command: str) -> list[str]:
    """An ``ext:`` engine's command split as a shell splits words (never run through
    one); a CribbageError saying what is wrong with it (an unbalanced quote, nothing at
    all).

    >>> split_command("python3 'my bot.py' --fast")
    ['python3', 'my bot.py', '--fast']
    >>> split_command("python3 'bot.py")
    Traceback (most recent call last):
    ...
    engine.errors.CribbageError: ext: the engine's command "python3 'bot.py" has no closing...
    """
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise CribbageError(f"ext: the engine's command {quote(command, 80)} has "
                            f"{clean(exc, 80).lower()}") from None
    if not argv:
        raise CribbageError("ext: needs a command, e.g. ext:python3 mybot.py")
    return argv


@dataclass(frozen=True, eq=False)
class EngineReply(Reasoning):
    """An external engine's decision: we know only what it answered."""

    reply: dict

    def summary(self, name: CardName = card_name) -> str:
        return f"the engine answered {json.dumps(self.reply)}"


class ExternalPlayer(Player):
    name = "ext"

    def __init__(self, seed: Seed = None, command: str = "",
                 timeout: float | None = None) -> None:
        super().__init__(seed)
        self.argv = split_command(command)
        self.name = f"ext:{command}"
        self.command = command
        self.identity: EngineId | None = None  # what its id line said, once it has
        self.timeout = default_timeout() if timeout is None else _bounded_timeout(timeout)
        self.start_timeout = default_start_timeout()
        self.started = 0.0  # when the running engine started (time.monotonic)
        self.heard = False  # whether it has said a line since
        self.process: EngineProcess | None = None
        self.failed = False
        self.pending_failure: str | None = None
        self.game = -1

    # ------------------------------------------------------------------ the process
    def _start(self) -> None:
        self.close()
        try:
            self.process = EngineProcess(self.argv)
            self.started, self.heard = time.monotonic(), False
        except OSError as exc:
            raise PlayerFailure(f"the engine could not start: {clean(exc, 120)}") from exc
        self.failed = False

    def close(self, polite: bool = True) -> None:
        """Ask the engine to quit (when ``polite``), then end it and everything it started
        (``EngineProcess.close``)."""
        p, self.process = self.process, None
        if p is not None:
            p.close(polite)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # never raise from a finaliser
            self.close()

    def _send(self, message: dict) -> None:
        if self.process is None:
            self._fail("the engine is not running")
        status = self.process.exit_status()
        if status is not None:
            self._fail(f"the engine exited (status {status})")
        try:
            self.process.send(json.dumps(message).encode() + b"\n")
        except EngineIOError as exc:
            self._fail(str(exc))

    def _ask(self, message: dict) -> dict:
        """Its answer to ``message``; ``id`` lines before it are read and kept. The
        timeout covers the whole decision, every line read included, and at most
        :data:`MAX_LINES` lines are read for one answer. Until the engine's first line
        since it started (its id line, or else its answer) the start's own limit holds
        instead, if that is later: the time for a move starts once it is ready."""
        self._send(message)
        deadline = time.monotonic() + self.timeout
        for _ in range(MAX_LINES):
            if self.heard:
                reply = self._read_line(deadline, f"no answer within {self.timeout:g} s")
            else:
                reply = self._read_line(
                    max(deadline, self.started + self.start_timeout),
                    f"no id line or answer within {self.start_timeout:g} s of its start")
                self.heard = True
                deadline = time.monotonic() + self.timeout  # ready: the move's time
            if reply.get("type") != "id":
                return reply
            try:
                self.identity = parse_id(reply)
            except ValueError as exc:
                self._fail(f"a bad id line {_quoted(reply)}: {exc}")
            _KNOWN[self.command] = self.identity
        self._fail(f"{MAX_LINES} lines and no answer among them")

    def _read_line(self, deadline: float, too_late: str) -> dict:
        """The engine's next line as a JSON object by ``deadline`` (else it forfeits,
        with ``too_late`` as the reason when time ran out)."""
        assert self.process is not None  # _send has checked
        try:
            line = self.process.next_line(deadline)
        except TimeoutError:
            self._fail(too_late)
        except LineTooLong as exc:
            self._fail(f"{exc}, beginning "
                       f"{clean(exc.prefix.decode('utf-8', 'replace'), QUOTED)!r}")
        if line is None:
            code = self.process.exit_status(wait=1.0)  # None: it closed its output but
            self._fail(f"the engine exited (status {code})")  # lives on (it is ended)
        try:
            reply = loads(line, max_bytes=MAX_LINE)
        except BoundedInputError as exc:
            self._fail(f"not JSON within the limits ({clean(exc, 80)}): "
                       f"{quote(line.decode('utf-8', 'replace'), QUOTED)}")
        if not isinstance(reply, dict):
            self._fail(f"not a JSON object: {quote(line.decode('utf-8', 'replace'), QUOTED)}")
        return reply

    def _fail(self, reason: str) -> NoReturn:
        self.failed = True
        self.close(polite=False)  # a fresh engine starts with the next game
        raise PlayerFailure(reason)

    # ------------------------------------------------------------------ the game
    def new_game(self, seat: int, rng=None) -> None:
        super().new_game(seat, rng)
        self.game += 1
        self.pending_failure = None
        try:
            if self.process is None or self.failed or \
                    self.process.exit_status() is not None:
                self._start()
            self._send({"type": "new_game", "seat": seat, "game": self.game})
        except PlayerFailure as exc:  # forfeits at its first decision
            self.pending_failure = str(exc)

    def observe(self, event) -> None:
        if self.process is None or self.failed or self.seat is None:
            return
        try:
            if isinstance(event, GameOver):
                self._send({"type": "game_over", "winner": _who(event.winner, self.seat),
                            "scores": _own_first(event.scores, self.seat),
                            "skunk": event.skunk})
            elif isinstance(event, Dealt):  # the driver shows each seat only its own hand
                self._send({"type": "event", "event": {
                    "type": "dealt", "deal": event.deal,
                    "dealer": _who(event.dealer, self.seat),
                    "hand": [card_name(c) for c in event.hands[self.seat]]}})
            elif isinstance(event, Tossed):
                self._send({"type": "event", "event": {"type": "tossed",
                                                       "by": _who(event.seat, self.seat)}})
            else:
                data = event_to_dict(event)
                if "seat" in data:
                    data["by"] = _who(data.pop("seat"), self.seat)
                for key in ("winner", "dealer"):
                    if isinstance(data.get(key), int):
                        data[key] = _who(data[key], self.seat)
                self._send({"type": "event", "event": data})
        except PlayerFailure:
            pass  # reported at its next decision

    def discard(self, obs: Observation) -> Decision:
        reply = self._ask({"type": "discard", "hand": [card_name(c) for c in obs.dealt],
                           "dealer": obs.is_dealer,
                           "scores": [obs.my_score, obs.opponent_score]})
        try:
            cards = tuple(parse_card(c) for c in reply["toss"])
            action = Toss(cards)
        except (KeyError, TypeError, ValueError, CribbageError) as exc:
            self._fail(f"a bad toss {_quoted(reply)}: {clean(exc, 80)}")
        if action not in obs.legal_actions:
            self._fail(f"an illegal toss {_quoted(reply.get('toss'))}")
        return Decision(action, EngineReply({"toss": [card_name(c) for c in cards]}))

    def play(self, obs: Observation) -> Decision:
        reply = self._ask(play_message(obs))
        try:
            card = reply["card"]
            action = GO if card is None else PlayCard(parse_card(card))
        except (KeyError, TypeError, ValueError, CribbageError) as exc:
            self._fail(f"a bad play {_quoted(reply)}: {clean(exc, 80)}")
        if action not in obs.legal_actions:
            self._fail(f"an illegal play {_quoted(reply.get('card'))} at count {obs.count}")
        return Decision(action, EngineReply(
            {"card": card_name(action.card) if isinstance(action, PlayCard) else None}))

    def decide(self, obs: Observation) -> Decision:
        if self.pending_failure is not None:
            raise PlayerFailure(self.pending_failure)
        if obs.phase is Phase.PLAY and obs.legal_actions == (GO,):
            reply = self._ask(play_message(obs))  # the engine must say go itself
            if reply.get("card", "missing") is not None:
                self._fail(f"no card fits at {obs.count}, but it answered {_quoted(reply)}")
            return Decision(GO, EngineReply({"card": None}))
        return super().decide(obs)


def play_message(obs: Observation) -> dict[str, Any]:
    return {"type": "play", "hand": [card_name(c) for c in obs.hand], "count": obs.count,
            "current": [card_name(c) for _, c in obs.current],
            "played": [{"card": card_name(c), "by": _who(s, obs.seat)} for s, c in obs.played],
            "starter": card_name(obs.starter) if obs.starter is not None else None,
            "dealer": obs.is_dealer, "scores": [obs.my_score, obs.opponent_score]}


def _who(seat: int, me: int | None) -> str:
    return "me" if seat == me else "opponent"


def _own_first(scores, seat: int) -> list[int]:
    return [scores[seat], scores[1 - seat]]


def _quoted(value: Any) -> str:
    """A short quotation of (part of) an engine's reply for a forfeit's reason."""
    return quote(json.dumps(value), QUOTED)
