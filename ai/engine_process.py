"""An external engine's process: started in its own session, read a bounded line at a time,
and ended together with every process it started.

:class:`EngineProcess` is the plumbing under ``ai.external`` (which speaks the protocol):

- the engine runs in a new session and process group (``start_new_session``), with a
  marker in its environment (``CRIBBAGE_ENGINE_RUN``) that its descendants inherit;
- a thread reads its output a line at a time, never more than :data:`MAX_LINE` bytes of
  one line, and holds at most :data:`MAX_QUEUED` lines: beyond that it stops reading, so
  the engine's own writes block, and an engine cannot fill our memory;
- what we send it never blocks (POSIX): input it leaves unread until the pipe is full is
  an :class:`EngineIOError`;
- :meth:`EngineProcess.close` asks it to quit, then ends its whole process group
  (SIGTERM, then SIGKILL after :data:`TERM_GRACE` seconds) and, on Linux, every process
  still carrying its marker (those that left the group with ``setsid``); the engine itself
  is reaped last, so its process group's number is never reused by another group while it
  is being signalled.

Not covered: a descendant that leaves the group *and* clears or replaces its environment
(``env -i``), or runs as another user, survives the run; without ``/proc`` (macOS) only the
process group is ended.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path
from typing import IO

MAX_LINE = 64 * 1024  # bytes in one line from an engine; an answer is under 100
MAX_QUEUED = 16  # lines read ahead of the referee; then the engine's writes block
QUIT_GRACE = 1.0  # seconds an engine has to leave after "quit"
TERM_GRACE = 0.5  # seconds between SIGTERM and SIGKILL
MARKER = "CRIBBAGE_ENGINE_RUN"  # in the environment of the engine and all it starts
_QUIT = b'{"type": "quit"}\n'
_POSIX = hasattr(os, "killpg")


class EngineIOError(Exception):
    """The engine cannot be written to (it exited, or stopped reading its input)."""


class LineTooLong(Exception):
    """A line over :data:`MAX_LINE` bytes; ``prefix`` is its start."""

    def __init__(self, prefix: bytes) -> None:
        super().__init__(f"a line longer than {MAX_LINE:,} bytes")
        self.prefix = prefix


class EngineProcess:
    """One run of an engine's program (``argv``); OSError if it cannot start."""

    def __init__(self, argv: list[str]) -> None:
        self.token = f"{os.getpid()}-{uuid.uuid4().hex}"
        self.popen = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, bufsize=0, start_new_session=True,
            # an engine run by an engine we run carries both markers
            env={**os.environ, MARKER: f"{os.environ.get(MARKER, '')} {self.token}".strip()})
        assert self.popen.stdin is not None and self.popen.stdout is not None
        self.stdin = self.popen.stdin
        if _POSIX:
            os.set_blocking(self.stdin.fileno(), False)
        self.reader = _Reader(self.popen.stdout)
        self.closed = False
        self.reaped_elsewhere = False

    @property
    def pid(self) -> int:
        return self.popen.pid

    # ------------------------------------------------------------------ talking
    def send(self, data: bytes) -> None:
        """Write ``data`` now; EngineIOError if the engine has gone or left its input
        unread until the pipe is full (a write never waits on the engine)."""
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.stdin.fileno(), view)
            except BlockingIOError as exc:
                raise EngineIOError("the engine stopped reading its input (the pipe is "
                                    "full)") from exc
            except (OSError, ValueError) as exc:
                raise EngineIOError(f"the engine stopped reading ({exc})") from exc
            view = view[written:]

    def next_line(self, deadline: float) -> bytes | None:
        """The engine's next line (at most :data:`MAX_LINE` bytes), or None once it has
        closed its output; TimeoutError at ``deadline`` (``time.monotonic``), LineTooLong
        for a longer line."""
        return self.reader.next(deadline)

    def exit_status(self, wait: float = 0.0) -> int | None:
        """The engine's exit status (negative: the signal that ended it), or None while it
        runs, waiting up to ``wait`` seconds for it to end. The process is not reaped (see
        :meth:`close`)."""
        deadline = time.monotonic() + wait
        while True:
            status = self._status()
            if status is not None or time.monotonic() >= deadline:
                return status
            time.sleep(0.01)

    def _status(self) -> int | None:
        if not hasattr(os, "waitid"):
            return self.popen.poll()
        if self.popen.returncode is not None:
            return self.popen.returncode
        try:
            info = os.waitid(os.P_PID, self.popen.pid,
                             os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:  # reaped by someone else: its status is lost
            self.reaped_elsewhere = True
            return -1
        if info is None:
            return None
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    # ------------------------------------------------------------------ ending
    def close(self, polite: bool = True) -> None:
        """End the engine and all it started: "quit" and up to :data:`QUIT_GRACE` seconds
        to leave (when ``polite``), then SIGTERM to its process group and to its marked
        descendants, SIGKILL to any left after :data:`TERM_GRACE` seconds. Idempotent."""
        if self.closed:
            return
        self.closed = True
        if polite:
            with contextlib.suppress(OSError, ValueError):
                os.write(self.stdin.fileno(), _QUIT)
        with contextlib.suppress(OSError, ValueError):
            self.stdin.close()
        if polite:
            self.exit_status(wait=QUIT_GRACE)
        self._end_all()
        self.reader.stop.set()  # it ends at the end of the output the kills have closed
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=5.0)

    def _end_all(self) -> None:
        if not _POSIX:  # (Windows: the engine alone)
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                self.popen.terminate()
                self.popen.wait(TERM_GRACE)
            with contextlib.suppress(OSError):
                self.popen.kill()
            return
        # the group's number is the engine's pid, held while the engine is unreaped (or
        # while its group has members); an engine someone else reaped leaves only the
        # marker to go by
        self._status()
        group = None if self.reaped_elsewhere else self.popen.pid
        self._signal(group, signal.SIGTERM)
        deadline = time.monotonic() + TERM_GRACE
        while time.monotonic() < deadline:
            if self._status() is not None and not _remaining(group, self.token):
                break
            time.sleep(0.02)
        for _ in range(5):  # again while any is left (one that forked as it was killed)
            if not self._signal(group, signal.SIGKILL):
                break
            time.sleep(0.01)  # time to die

    def _signal(self, group: int | None, sig: int) -> list[int]:
        """Send ``sig`` to the group and to each marked process; those found alive."""
        if group is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, sig)
        found = _remaining(group, self.token)
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        return found


def _remaining(group: int | None, token: str) -> list[int]:
    """The live processes (not zombies) in process ``group`` or with ``token`` as their
    :data:`MARKER` (Linux's /proc; elsewhere none are found)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    marker = token.encode()  # unique: a pid and a random UUID
    found = []
    for entry in os.scandir(proc):
        if not entry.name.isdigit():
            continue
        try:
            # fields after the command's closing parenthesis: state, ppid, pgrp, ...
            fields = Path(entry.path, "stat").read_bytes().rsplit(b")", 1)[1].split()
            if fields[0] in (b"Z", b"X"):
                continue
            if (group is not None and int(fields[2]) == group) or \
                    marker in Path(entry.path, "environ").read_bytes():
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile, or another user's
    return found


class _Reader:
    """A thread reading an engine's output a bounded line at a time into a bounded
    queue; None in the queue marks the end of the output."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.lines: queue.Queue[bytes | LineTooLong | None] = queue.Queue(MAX_QUEUED)
        self.stop = threading.Event()
        threading.Thread(target=self._run, args=(stream,), daemon=True,
                         name="engine output").start()

    def _run(self, stream: IO[bytes]) -> None:
        try:
            while not self.stop.is_set():
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    self._put(LineTooLong(line[:200]))
                    break  # the rest is never read: the engine is ended
                self._put(line)
        except (OSError, ValueError):
            pass
        finally:
            self._put(None)
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _put(self, item: bytes | LineTooLong | None) -> None:
        while not self.stop.is_set():  # once stopped, nobody reads: drop it
            try:
                self.lines.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def next(self, deadline: float) -> bytes | None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        try:
            item = self.lines.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError from None
        if isinstance(item, LineTooLong):
            raise item
        if item is None:
            self.lines.put_nowait(None)  # asked again, it is still the end
        return item
