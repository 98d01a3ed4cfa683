"""A hostile external engine cannot stop a match, fill its memory or its output, or leave
processes behind: every read is bounded (``ai.external``, ``ai.engine_process``), each
breach forfeits that game with a short reason, and closing an engine ends all it started."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from ai.base import PlayerFailure
from ai.engine_process import MAX_QUEUED, EngineProcess
from ai.external import ExternalPlayer, default_timeout, timeout_problems
from ai.match.runner import run_match
from ai.serving import serve

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc to find the engine's processes")

# python3 hostile.py MODE PIDFILE [children]: answers every question as MODE says; with
# "children" it first starts two `sleep 300` (one deaf to SIGTERM) and a daemon that leaves
# the process group with setsid (deaf to SIGTERM too), and notes their pids in PIDFILE
HOSTILE = '''\
import json, os, signal, subprocess, sys

mode, pidfile = sys.argv[1], sys.argv[2]


def note(pid):
    with open(pidfile, "a") as f:
        f.write(f"{pid}\\n")


def deaf():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stays ignored across exec


if "children" in sys.argv[3:]:
    for preexec in (None, deaf):
        note(subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, preexec_fn=preexec).pid)
    first = os.fork()
    if first == 0:
        os.setsid()
        if os.fork() == 0:
            note(os.getpid())
            deaf()
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execvp("sleep", ["sleep", "300"])
        os._exit(0)
    os.waitpid(first, 0)

VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
REPLIES = {
    "nested": "[" * 20_000 + "]" * 20_000,
    "digits": '{"toss": ' + "7" * 5_000 + "}",
    "longtoss": json.dumps({"toss": ["5H"] * 5_000}),
    "bigline": "x" * 10_000_000,
}


def flood():
    line = json.dumps({"type": "id", "name": "Chatty", "author": "x" * 200}) + "\\n"
    while True:
        sys.stdout.write(line)


if mode == "idflood":  # names itself, over and over, and never answers
    flood()
if mode == "named":
    print(json.dumps({"type": "id", "name": "Evil\\x1b[2J\\x1b]0;pwned\\x07 Bot\\u202e",
                      "author": "\\x1b[31m" + "A" * 10_000, "version": 10 ** 30}), flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] in ("discard", "play") and mode in REPLIES:
        sys.stdout.write(REPLIES[mode] + "\\n")
        sys.stdout.flush()
    elif message["type"] == "discard":
        print(json.dumps({"toss": message["hand"][:2]}), flush=True)
    elif message["type"] == "play":
        fits = [c for c in message["hand"]
                if message["count"] + (VALUES.get(c[0]) or int(c[0])) <= 31]
        print(json.dumps({"card": fits[0] if fits else None}), flush=True)
    elif message["type"] == "quit":
        break
'''


def hostile(tmp_path: Path, mode: str, *flags: str) -> tuple[str, Path]:
    """The ``ext:`` name of the hostile engine in ``mode``, and its pid file."""
    script = tmp_path / "hostile.py"
    script.write_text(HOSTILE)
    pids = tmp_path / f"pids-{mode}"
    return f"ext:{sys.executable} {script} {mode} {pids} {' '.join(flags)}".strip(), pids


def alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running `sleep` (zombies and reused pids are not)."""
    running = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if state != "Z" and command.startswith(b"sleep"):
            running.append(pid)
    return running


def rss_mb() -> float:
    line = next(x for x in Path("/proc/self/status").read_text().splitlines()
                if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setenv("CRIBBAGE_ENGINE_TIMEOUT", "2")
    monkeypatch.setattr("ai.engine_process.TERM_GRACE", 0.1)  # then SIGKILL the deaf ones


@pytest.mark.parametrize("mode,reason", [
    ("nested", "JSON nested deeper than 32 levels"),
    ("digits", "a number of 5,000 characters (the limit is 40)"),
    ("bigline", "a line longer than 65,536 bytes"),
    ("idflood", "8 lines and no answer among them"),
    ("longtoss", "an illegal toss"),
])
def test_a_hostile_reply_forfeits_each_game_with_a_short_reason(tmp_path, mode, reason):
    name, _ = hostile(tmp_path, mode)
    start = time.perf_counter()
    summary = run_match(name, "random", 3, seed=1)
    assert time.perf_counter() - start < 10  # an answer is never waited on past its limits
    assert summary["games"] == 3 and summary["forfeits_a"] == 3  # the match went on
    assert len(summary["forfeit_reasons"]) == 3
    for text in summary["forfeit_reasons"]:
        assert reason in text and len(text) < 300, text
    assert len(json.dumps(summary)) < 10_000  # no reply copied whole into the results


def test_nothing_an_engine_starts_outlives_the_match(tmp_path):
    """Children in its group, one deaf to SIGTERM, and a daemon that left the group with
    setsid: each run of the engine (naming it, then every game it forfeits) starts three,
    and none is running after the match."""
    name, pids = hostile(tmp_path, "nested", "children")
    summary = run_match(name, "random", 3, seed=1)
    assert summary["forfeits_a"] == 3
    started = [int(x) for x in pids.read_text().split()]
    assert len(started) == 3 * 4  # the naming run and three games
    assert alive(started) == []


def test_an_engine_that_plays_well_has_its_children_ended_when_it_quits(tmp_path):
    """It plays the games out and leaves at "quit"; what it started is ended after it."""
    name, pids = hostile(tmp_path, "play", "children")
    summary = run_match(name, "random", 2, seed=1)
    assert summary["forfeits_a"] == 0 and summary["games"] == 2
    started = [int(x) for x in pids.read_text().split()]
    assert len(started) >= 3 * 2  # the naming run and the match's (one a chunk of games)
    assert alive(started) == []


def test_a_flooding_engine_is_read_no_further_than_the_queue(tmp_path):
    """An engine writing 64 KB lines as fast as it can: at most MAX_QUEUED lines are held,
    then its writes wait; the memory stays flat."""
    script = tmp_path / "flood.py"
    script.write_text("import sys\nwhile True:\n    sys.stdout.write('x' * 60_000 + '\\n')\n")
    before = rss_mb()
    engine = EngineProcess([sys.executable, str(script)])
    try:
        time.sleep(0.5)
        assert engine.reader.lines.qsize() <= MAX_QUEUED
        assert rss_mb() - before < 30
    finally:
        engine.close(polite=False)
    assert engine.popen.returncode is not None


def test_an_engine_that_never_reads_forfeits_instead_of_blocking_the_referee():
    player = ExternalPlayer(command="sleep 30")
    player.new_game(0)
    start = time.perf_counter()
    with pytest.raises(PlayerFailure, match="stopped reading its input"):
        for _ in range(10_000):  # 10 MB, far more than a pipe holds
            player._send({"type": "event", "event": {"pad": "x" * 1000}})
    assert time.perf_counter() - start < 3
    assert player.process is None  # ended with the failure


def test_the_names_an_engine_gives_itself_are_cleaned(tmp_path):
    from ai.external import engine_name

    name, _ = hostile(tmp_path, "named")
    identity = engine_name(name.removeprefix("ext:"))
    assert identity.declared
    assert identity.name == "Evil[2J]0;pwned Bot"
    assert identity.author.startswith("[31mAAA") and len(identity.author) <= 60
    assert identity.version == "1" + "0" * 30
    assert all(ch.isprintable() for field in (identity.name, identity.author)
               for ch in field)
    summary = run_match(name, "random", 1, seed=1)
    assert summary["player_a"] == "Evil[2J]0;pwned Bot" and summary["forfeits_a"] == 0


@pytest.mark.parametrize("value,seconds", [("inf", 3600.0), ("nan", 5.0), ("-1", 5.0),
                                           ("0.25", 0.25), ("soon", 5.0)])
def test_the_timeout_from_the_environment_is_bounded(monkeypatch, value, seconds):
    monkeypatch.setenv("CRIBBAGE_ENGINE_TIMEOUT", value)
    assert default_timeout() == seconds


@pytest.mark.parametrize("value,says", [
    ("abc", "is not a number of seconds: 5 s is used"),
    ("nan", "is not a number of seconds: 5 s is used"),
    ("-1", "is not more than 0 seconds: 5 s is used"),
    ("0", "is not more than 0 seconds: 5 s is used"),
    ("1e9", "is more than 3600 s: 3600 s is used"),
    ("1e-300", "is less than 0.01 s: 0.01 s is used"),
    ("inf", "is more than 3600 s: 3600 s is used")])
def test_a_timeout_setting_that_is_not_a_time_is_said(monkeypatch, value, says):
    """Issue 36: it was ignored without a word. Said when an engine plays, not otherwise."""
    monkeypatch.setenv("CRIBBAGE_ENGINE_TIMEOUT", value)
    assert timeout_problems(["random", "ext:python3 bot.py"]) == \
        [f"CRIBBAGE_ENGINE_TIMEOUT='{value}' {says}"]
    assert timeout_problems(["random", "mueller"]) == []
    monkeypatch.setenv("CRIBBAGE_ENGINE_TIMEOUT", "2.5")
    monkeypatch.setenv("CRIBBAGE_ENGINE_START_TIMEOUT", value)
    assert timeout_problems(["ext:python3 bot.py"]) == \
        [f"CRIBBAGE_ENGINE_START_TIMEOUT='{value}' {says.replace('5 s', '120 s')}"]


def test_a_bad_timeout_setting_is_said_once_by_the_command(tmp_path, monkeypatch, capsys):
    """Once, before the run, however many workers and engines read it."""
    from cribbage_gui.cli import main
    from tests.ai.test_external import MINIMAL_BOT, bot

    monkeypatch.setenv("CRIBBAGE_ENGINE_TIMEOUT", "soon")
    assert main(["match", bot(tmp_path, "minimal", MINIMAL_BOT), "random", "--games", "4",
                 "--workers", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("CRIBBAGE_ENGINE_TIMEOUT") == 1, captured.err
    assert captured.err.startswith("cribbage match: CRIBBAGE_ENGINE_TIMEOUT='soon' is not a")
    assert "4 games" in captured.out


def test_serving_skips_lines_over_the_limits():
    import io

    from ai import make_player

    question = {"type": "discard", "hand": ["5H", "5C", "JD", "QS", "4H", "9C"],
                "dealer": True, "scores": [0, 0]}
    lines = ["x" * 200_000, "[" * 10_000 + "]" * 10_000, '{"seat": ' + "9" * 5000 + "}",
             json.dumps(question), json.dumps({"type": "quit"})]
    out = io.StringIO()
    assert serve(make_player("heuristic"), io.StringIO("\n".join(lines) + "\n"), out) == 0
    ident, *replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert ident["type"] == "id" and len(replies) == 1 and len(replies[0]["toss"]) == 2
