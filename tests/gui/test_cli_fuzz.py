"""Every subcommand given bad arguments answers in one line on stderr naming the problem,
exit status 2 (a usage error) or 1 (a failed operation), never a traceback or a hang, and
writes nothing, not even part of a file.

First a table of the inputs found bad by hand (issue 26), then hypothesis over every
subcommand's arguments: each option drawn from values that are good (and cheap: a match of
two games) or bad. A command whose good run is long (a benchmark, a table build, the window)
always gets at least one bad value, which must be refused before its work starts, or the
case runs into its time limit. Each case runs in this process through
``cribbage_gui.cli.main`` (a subprocess costs a second of imports), under ``signal.alarm``.

The suite draws the same few command lines of each subcommand every time (CI's time is
short); to search further: ``FUZZ_EXAMPLES=200 FUZZ_RANDOM=1 pytest -n 0 THIS_FILE``.
"""

import contextlib
import faulthandler
import io
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_gui.cli import main
from engine.arguments import check_output_file, check_output_folder
from engine.errors import UsageError

LIMIT_S = 60  # a refusal takes milliseconds, a good case here a second; a hang would not end


class TookTooLong(BaseException):
    """The case ran past its time limit (raised by the alarm; not an Exception, so that no
    handler in the code under test swallows it)."""


def _alarm(signum, frame):
    raise TookTooLong


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """The compiled match loop's kernels, compiled once before any case is timed: from a
    clean checkout's cold numba cache they take half a minute on a loaded machine, and an
    alarm that ends a case in the middle of compiling leaves numba broken for every later
    case in the process."""
    from ai.match.runner import run_match

    run_match("mueller", "heuristic", 2, 0)
    run_match("random", "random", 2, 0)


def _fixtures(folder: Path) -> None:
    """What the cases' paths refer to: a regular file, a folder, a bad game file, and what
    is neither file nor folder (issue 36: a named pipe no one writes to was waited on
    forever): named pipes, one behind a link, a socket."""
    (folder / "afile").write_text("not a table, not a folder\n")
    (folder / "adir").mkdir()
    (folder / "bad.crib.json").write_text('{"format": "nothing"}')
    for name in ("afifo", "apipe.npz", "apipe.crib.json"):
        os.mkfifo(folder / name)
    (folder / "alink.npz").symlink_to(folder / "afifo")
    (folder / "aloop.npz").symlink_to(folder / "aloop.npz")  # (Path.resolve raises on it)
    with contextlib.closing(socket.socket(socket.AF_UNIX)) as sock:
        sock.bind(str(folder / "asocket"))


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def invoke(argv: list[str], folder: Path) -> tuple[int, str, str]:
    """``cribbage ARGV`` run in ``folder`` (with a data folder of its own inside it, under
    ``.data``), within LIMIT_S seconds: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd(), os.environ.get("CRIBBAGE_DATA_DIR")
    os.chdir(folder)
    os.environ["CRIBBAGE_DATA_DIR"] = str(folder / ".data")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT_S)
    # a hang in compiled code never returns to Python for the alarm: end the process then
    faulthandler.dump_traceback_later(4 * LIMIT_S, exit=True)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:
        code = exc.code
    except TookTooLong:
        pytest.fail(f"cribbage {' '.join(argv)}: still running after {LIMIT_S} s")
    finally:
        signal.alarm(0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)
        os.chdir(before[0])
        if before[1] is None:
            del os.environ["CRIBBAGE_DATA_DIR"]
        else:
            os.environ["CRIBBAGE_DATA_DIR"] = before[1]
    if isinstance(code, str):  # SystemExit("message"): Python prints it, status 1
        err.write(code + "\n")
        code = 1
    return 0 if code is None else code, out.getvalue(), err.getvalue()


def run_case(argv: list[str]) -> tuple[int, str, str]:
    """Run ``argv`` in a fresh folder and check the rules every case keeps: no traceback,
    an exit status of 0, 1, 2 or 130, and on failure one line on stderr naming the command
    and nothing written (no file in the folder or in the data folder)."""
    with tempfile.TemporaryDirectory(prefix="cribbage-fuzz-") as name:
        folder = Path(name)
        _fixtures(folder)
        before = _files(folder)
        code, out, err = invoke(argv, folder)
        shown = f"cribbage {' '.join(argv)!r} -> {code}\n{err[-2000:]}"
        assert "Traceback" not in err and "Traceback" not in out, shown
        assert code in (0, 1, 2, 130), shown
        if code != 0:
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("cribbage"), shown
            written = {f for f in _files(folder) - before if f != ".data"}
            assert not written, (shown, written)  # nothing written, not even a part
    return code, out, err


# ------------------------------------------------------------------ inputs found by hand
GIB = "9" * 5000  # a number Python refuses to parse (more than 4,300 digits)
TABLE = [
    # seeds below zero (a ValueError traceback from numpy before)
    (["match", "random", "random", "--seed", "-1"], 2, "a seed is a whole number"),
    (["tournament", "random", "heuristic", "--seed", "-1"], 2, "a seed"),
    (["engine", "random", "--seed", "-1"], 2, "a seed"),
    (["train", "evolved", "--seed", "-1", "--out", "t.npz"], 2, "a seed"),
    (["train", "weights", "--seed", "-1", "--out", "t.npz"], 2, "a seed"),
    (["train", "expert", "--seed", "-1", "--out", "t.npz"], 2, "a seed"),
    (["train", "pegging-stats", "--seed", "-1", "--out", "t.npz"], 2, "a seed"),
    (["screenshots", "--out", "shots", "--seed", "-1"], 2, "a seed"),
    (["match", "random", "random", "--seed", str(2**63)], 2, "a seed"),
    (["match", "random", "random", "--seed", GIB], 2, "at most 30 digits"),
    # absurd sizes (a hang, or gigabytes of jobs, before)
    (["match", "random", "random", "--games", "1000000000000"], 2, "from 1 to 100,000,000"),
    (["match", "random", "random", "--workers", "10000"], 2, "four a core"),
    (["match", "random", "random", "--best-of", "1000001"], 2, "from 1 to 99 games"),
    (["match", "random", "random", "--best-of", "99", "--games", "2000000"], 2,
     "at most 1,010,101"),
    (["tournament", "random", "heuristic", "--games", "1000000000000"], 2, "100,000,000"),
    (["tournament", *(f"weights:w{i}.npz" for i in range(40))], 2, "at most 32 players"),
    (["watch", "random", "random", "--games", "1", "--seed", "-1", "--quit-when-done"], 2,
     "a seed"),
    (["watch", "random", "random", "--games", "1000000000000"], 2, "10,000"),
    (["train", "evolved", "--iterations", "10000000000000", "--out", "t.npz"], 2,
     "100,000,000,000"),
    (["bench-match", "--verify", "-1"], 2, "--verify"),
    # --games 0 blamed --workers
    (["tournament", "random", "heuristic", "--games", "0"], 2, "--games/-n: must be from 1"),
    (["match", "random", "random", "--games", "0", "--workers", "0"], 2, "--games"),
    # output paths that cannot be written: checked before the run, not after it
    (["tournament", "random", "heuristic", "--out", "afile"], 2, "afile: it is a file"),
    (["tournament", "random", "heuristic", "--out", "afile/x"], 2, "afile is a file"),
    (["tournament", "random", "heuristic", "--out", "/dev/null"], 2, "not a folder"),
    (["tournament", "random", "heuristic", "--ratings-out", "adir"], 2, "it is a folder"),
    (["tournament", "random", "heuristic", "--ratings-out", "/dev/null"], 2,
     "not a regular file"),
    (["tournament", "random", "heuristic", "--save-games", "afile"], 2, "it is a file"),
    (["match", "random", "random", "--save-games", "afile/games"], 2, "afile is a file"),
    (["train", "evolved", "--out", "adir"], 2, "it is a folder"),
    (["train", "weights", "--out", "afile/w.npz"], 2, "afile is a file"),
    (["train", "expert-acc", "--out", "/dev/null"], 2, "not a regular file"),
    (["weights-plot", "afile", "--out", "afile"], 2, "it is a file"),
    (["screenshots", "--out", "afile/shots"], 2, "afile is a file"),
    # training parameters
    (["train", "weights", "--games", "-1", "--out", "w.npz"], 2, "from 0 to"),
    (["train", "weights", "--lr", "nan", "--out", "w.npz"], 2, "finite"),
    (["train", "weights", "--beta", "inf", "--out", "w.npz"], 2, "finite"),
    (["train", "weights", "--pool", "random:-1", "--out", "w.npz"], 2, "a seed"),
    (["train", "weights", "--init", "pure:luck", "--out", "w.npz"], 2, "unknown strategy"),
    (["train", "weights", "--init", "afile", "--games", "0", "--out", "w.npz"], 2, "afile"),
    (["train", "weights", "--spread", "-1", "--out", "w.npz"], 2, "from 0 to 120"),
    (["train", "evolved", "--iterations", "-5", "--out", "e.npz"], 2, "from 0 to"),
    (["train", "evolved", "--sd", "-1", "--out", "e.npz"], 2, "above 0"),
    (["train", "evolved", "--p", "1.5", "--out", "e.npz"], 2, "at most 1"),
    (["train", "evolved", "--resume", "adir", "--out", "e.npz"], 2, "adir"),
    # the engine's commands
    # (three cards are a five-card hand: counted, docs/variants.md; two are nothing)
    (["count", "5H", "5C", "--starter", "5D"], 2, "2 cards given"),
    (["count", "5H", "5C", "5S", "JD", "6D", "7D", "--starter", "5D"], 2, "6 cards given"),
    (["count", "5H", "5C", "5S", "JD"], 2, "--starter"),
    (["count", "5H", "5C", "5S", "JD", "-s", "5D", "--bogus"], 2,
     "cribbage count: error: unrecognized arguments: --bogus"),
    (["analyze", "5H", "5C"], 2, "2 cards given"),
    # names
    (["match", "random", "nobody"], 2, "or a level: Beginner (random)"),
    (["match", "random", "\x1b[2J" + "x" * 300], 2, "no player called"),
    (["tournament", "Random", "random"], 2, "each player may enter once"),
    (["nonsense"], 2, "invalid choice"),
    (["train"], 2, "required"),
    (["review"], 2, "give a game file"),
    (["review", "missing.crib.json"], 2, "missing.crib.json"),
    (["review", "adir"], 2, "adir"),
    (["review", "bad.crib.json"], 2, "bad.crib.json"),
    (["review", "--last"], 2, "no game history"),
    (["match", "random", "random", "--address", "auto"], 2, "--address is for --backend ray"),
    # issue 36: what is not a regular file (a named pipe was waited on forever)
    (["review", "apipe.crib.json"], 2, "apipe.crib.json is a named pipe, not a regular file"),
    (["review", "asocket"], 2, "asocket is a socket, not a regular file"),
    (["review", "/dev/zero"], 2, "zero is a device, not a regular file"),
    (["practice", "--import", "afifo"], 2, "afifo is a named pipe"),
    (["match", "weights:apipe.npz", "random"], 2, "apipe.npz is a named pipe"),
    (["match", "evolved:alink.npz", "random"], 2, "alink.npz is a named pipe"),
    (["train", "evolved", "--resume", "afifo", "--out", "e.npz"], 2, "afifo is a named pipe"),
    (["train", "weights", "--init", "apipe.npz", "--games", "0", "--out", "w.npz"], 2,
     "apipe.npz is a named pipe"),
    (["weights-plot", "apipe.npz", "--out", "plots"], 2, "apipe.npz is a named pipe"),
    (["tournament", "random", "heuristic", "--ratings-out", "afifo"], 2,
     "not a regular file"),
    # a link to itself: a RuntimeError traceback from Path.resolve
    (["train", "weights", "--init", "aloop.npz", "--games", "0", "--out", "w.npz"], 2,
     "aloop.npz is a link that leads to itself, not a regular file"),
    (["match", "expert:aloop.npz", "random"], 2, "is a link that leads to itself"),
    # a link to a pipe as an output passed the check, and was replaced by a file
    (["tournament", "random", "heuristic", "--ratings-out", "alink.npz"], 2,
     "alink.npz: it is a link to a named pipe, not a regular file"),
    (["train", "evolved", "--out", "aloop.npz"], 2, "it is a link that leads to itself"),
    (["tournament", "random", "heuristic", "--save-games", "afifo"], 2,
     "it is a named pipe, not a folder"),
]


@pytest.mark.parametrize("argv,status,says", TABLE,
                         ids=[" ".join(a)[:60] for a, _, _ in TABLE])
def test_each_bad_input_found_by_hand_is_one_line(argv, status, says):
    code, _, err = run_case(argv)
    assert code == status, err
    assert says in err, err


GOOD = [
    (["count", "2H", "4S", "6C", "8D", "--starter", "KC"], "no points"),
    (["match", "Mueller", "random", "--games", "2", "--json"], '"player_a": "mueller"'),
    (["match", "Beginner", "very-hard", "--games", "2"], "random v mueller"),
    (["--version"], "cribbage "),
]


@pytest.mark.parametrize("argv,says", GOOD, ids=[" ".join(a) for a, _ in GOOD])
def test_names_in_any_case_levels_and_the_version(argv, says):
    code, out, _ = run_case(argv)
    assert code == 0 and says in out


def test_every_help_shows_and_says_percent_once():
    from cribbage_gui.cli import build_parser

    commands = [[name] for name in build_parser()._subparsers._group_actions[0].choices]
    commands += [["train", kind] for kind in ("evolved", "weights", "pegging-stats",
                                              "expert", "expert-pegging", "expert-acc")]
    for command in commands:
        code, out, _ = run_case([*command, "--help"])
        assert code == 0 and "usage: cribbage" in out and "%%" not in out, command


def test_reviewing_an_endless_file_is_one_line():
    """``review /dev/zero`` read the whole device into memory (7.8 GB); in a process of its
    own, held to 2 GB, it must be refused in one line."""
    def small() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", "review", "/dev/zero"],
                          capture_output=True, text=True, timeout=120, preexec_fn=small)
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr, done.stderr[-500:]
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_folder_without_permission_is_refused_before_the_work(tmp_path):
    """As a user who may not write there (root may write anywhere: the check then runs in a
    child process that has given up root)."""
    locked = Path(tempfile.mkdtemp(prefix="cribbage-locked-"))
    try:
        locked.chmod(0o555)
        checks = [lambda: check_output_folder(locked / "out"),
                  lambda: check_output_file(locked / "w.npz"),
                  lambda: check_output_folder(locked, ["results.json"])]
        for check in checks:
            if os.geteuid() != 0:
                with pytest.raises(UsageError, match="no permission"):
                    check()
                continue
            child = os.fork()
            if child == 0:  # pragma: no cover - the child's outcome is its exit status
                status = 3
                try:
                    os.setgid(65534)
                    os.setuid(65534)  # nobody
                    check()
                    status = 1
                except UsageError as exc:
                    status = 0 if "no permission" in str(exc) else 2
                finally:
                    os._exit(status)
            _, status = os.waitpid(child, 0)
            assert os.waitstatus_to_exitcode(status) == 0
    finally:
        locked.chmod(0o755)
        locked.rmdir()


# ------------------------------------------------------------------------ hypothesis
def values(good: list[str], bad: list[str]) -> tuple[list[str], list[str]]:
    return good, bad


NUMBERS_BAD = ["x", "", "1.5", "1e3", "nan", "-", "0x10", GIB[:40]]
SEED = values(["0", "7", str(2**63 - 1)], ["-1", str(2**63), *NUMBERS_BAD])
GAMES = values(["1", "2"], ["0", "-1", "100000001", "1000000000000", *NUMBERS_BAD])
WORKERS = values(["1"], ["0", "-1", "10000", *NUMBERS_BAD])
PLAYERS = values(["random", "heuristic", "mueller", "Random", "MUELLER", "Beginner", "hard"],
                 ["nobody", "", "ext:", "ext:   ", "random:opt", "weights:missing.npz",
                  "evolved:afile", "evolved:adir", "expert:deep:deep", "\x1b[2Jx", "x" * 300,
                  "weights:/dev/null", "ext:python3 'bot.py", 'ext:"unclosed',
                  "weights:apipe.npz", "evolved:afifo", "weights:alink.npz",
                  "evolved:asocket"])
# (/proc/...: a path whose permissions say yes to root, and where nothing can be made)
OUT_FILE = values(["t.npz", "adir/t.npz", "new/t.npz"],
                  ["adir", "afile/x", "/dev/null", ".", "", "adir/", "/proc/t.npz"])
OUT_FOLDER = values(["out", "adir"], ["afile", "afile/x", "/dev/null", "/proc/out"])
IN_FILE = values([], ["afile", "adir", "missing.npz", "/dev/null", "", "afifo", "apipe.npz",
                      "apipe.crib.json", "alink.npz", "asocket", "/dev/zero", "aloop.npz"])
FLAG = values([""], [])  # a switch: given or not
DECIMAL = values(["0.5"], ["nan", "inf", "-inf", "-1", "1e308", "x", ""])
BOGUS = values([], ["--bogus", "extra"])  # unrecognized arguments
CARDS = ["5H", "5C", "5S", "JD", "6D", "7C", "AS", "TH", "10H", "ZZ", "5h", "", "5H,5C"]


def flag(name: str) -> dict:
    return {name: FLAG}


# per command: (the words before the options, its positional arguments' strategy, its
# options {name: (good values, bad values)}, whether a run of good values is cheap enough
# to do here)
POSITIONAL_NONE = st.just([])


def some(good: list[str], bad: list[str], count: int, at_most: int):
    """Positional arguments: mostly ``count`` of them, mostly good ones."""
    one = st.sampled_from(4 * good + bad)
    return st.one_of(st.lists(one, min_size=count, max_size=count),
                     st.lists(one, max_size=at_most))


def players(count: int, at_most: int):
    return some(*PLAYERS, count, at_most)


COMMANDS = {
    "count": (["count"], some(CARDS[:8], CARDS[8:], 4, 7),
              {"--starter": values(["KC", "5D"], ["ZZ", "", "5H"]), **flag("--crib")}, True),
    "analyze": (["analyze"], some(CARDS[:8], CARDS[8:], 6, 7),
                {**flag("--dealer"), **flag("--json")}, True),
    "match": (["match"], players(2, 3),
              {"--games": GAMES, "--seed": SEED, "--workers": WORKERS, **flag("--json"),
               **flag("--referee"), "--save-games": OUT_FOLDER,
               "--best-of": values(["1", "3"], ["0", "2", "-1", "101", "1000001", "x"]),
               "--backend": values(["local"], ["bogus", ""]),
               "--address": values([], ["auto", "host:1"])}, True),
    "tournament": (["tournament"], players(3, 3),
                   {"--games": GAMES, "--seed": SEED, **flag("--duplicate"),
                    "--workers": WORKERS, **flag("--json"), "--out": OUT_FOLDER,
                    "--ratings-out": values(["ratings.json"], OUT_FILE[1]),
                    **flag("--no-store"), "--save-games": OUT_FOLDER}, True),
    "engine": (["engine"], players(1, 2), {"--seed": SEED}, False),
    "review": (["review"], st.lists(st.sampled_from(IN_FILE[1] + ["bad.crib.json"]),
                                    max_size=2),
               {**flag("--last"), "--objective": values(["win", "acc"], ["bogus"]),
                **flag("--json")}, True),
    "bench": (["bench"], POSITIONAL_NONE,
              {**flag("--quick"), **flag("--json"), "--bogus": BOGUS}, False),
    "bench-match": (["bench-match"], POSITIONAL_NONE,
                    {"--games": GAMES, "--tournament-games": GAMES, "--workers": WORKERS,
                     "--verify": values(["0"], ["-1", *NUMBERS_BAD])}, False),
    "bench-gui": (["bench-gui"], POSITIONAL_NONE, {**flag("--json"), "--bogus": BOGUS},
                  False),
    "bench-cluster": (["bench-cluster"], POSITIONAL_NONE,
                      {"--tournament-games": GAMES,
                       "--pegging-sims": values(["0"], ["-1", "10000000", *NUMBERS_BAD]),
                       "--workers": WORKERS}, False),
    "train evolved": (["train", "evolved"], POSITIONAL_NONE,
                      {"--iterations": values(["0", "10"], ["-1", "10**12", *NUMBERS_BAD]),
                       "--variant": values(["threshold", "expected"], ["bogus"]),
                       "--p": values(["0.65", "1"], ["0", "1.5", *DECIMAL[1]]),
                       "--sd": values(["0.1"], ["0", "2", *DECIMAL[1]]),
                       **flag("--bounded"), "--seed": SEED, "--out": OUT_FILE,
                       "--checkpoint-every": values(["0", "5"], ["-1", *NUMBERS_BAD]),
                       "--resume": IN_FILE,
                       "--evaluate": values(["0", "1"], ["-1", "10000000", *NUMBERS_BAD])},
                      True),
    "train weights": (["train", "weights"], POSITIONAL_NONE,
                      {"--games": values(["0"], ["-1", "10000000000", *NUMBERS_BAD]),
                       "--rule": values(["pg", "thesis"], ["bogus"]),
                       "--init": values(["random", "pure:hand_max_avg"],
                                        ["pure:luck", "semi-pure:", *IN_FILE[1]]),
                       "--pool": values(["random:3", "semi-pure:crib_min_avg"],
                                        ["random:x", "random:-1", "random:", "pure:luck",
                                         "afile"]),
                       "--scale": DECIMAL, "--decay": DECIMAL, "--epsilon": DECIMAL,
                       "--k": DECIMAL, "--cap": values(["1"], ["0", *DECIMAL[1]]),
                       "--loss-factor": DECIMAL, "--blend": DECIMAL, "--beta": DECIMAL,
                       "--lr": DECIMAL,
                       "--radius": values(["3"], ["-1", "21", *NUMBERS_BAD]),
                       "--spread": values(["60"], ["-1", "121", *NUMBERS_BAD]),
                       "--seed": SEED, "--out": OUT_FILE,
                       "--checkpoint-every": values(["0"], ["-1", *NUMBERS_BAD]),
                       "--resume": IN_FILE}, True),
    "train pegging-stats": (["train", "pegging-stats"], POSITIONAL_NONE,
                            {"--sims": values(["1"], ["0", "-1", "10000000", *NUMBERS_BAD]),
                             "--seed": SEED,
                             "--stream": values(["per-hand"], ["bogus"]),
                             "--workers": WORKERS, "--out": OUT_FILE}, False),
    "train expert": (["train", "expert"], POSITIONAL_NONE,
                     {"--games": values(["1"], ["0", "1000000", *NUMBERS_BAD]),
                      "--seed": SEED, "--workers": WORKERS, "--out": OUT_FILE}, False),
    "train expert-pegging": (["train", "expert-pegging"], POSITIONAL_NONE,
                             {"--workers": WORKERS, "--out": OUT_FILE}, False),
    "train expert-acc": (["train", "expert-acc"], POSITIONAL_NONE,
                         {"--tables": IN_FILE, "--out": OUT_FILE}, False),
    "weights-plot": (["weights-plot"], st.lists(st.sampled_from(IN_FILE[1]), max_size=2),
                     {"--out": OUT_FOLDER, "--checkpoints": values([], ["missing", "afile"]),
                      "--strategy": values(["hand_max_avg"], ["luck", ""]),
                      "--role": values(["pone"], ["nobody"])}, False),
    "screenshots": (["screenshots"], POSITIONAL_NONE,
                    {"--out": OUT_FOLDER,
                     "--size": values(["1024x700"], ["1x1", "x", "99999x99999", ""]),
                     "--theme": values(["dark"], ["blue"]), "--seed": SEED,
                     "--only": values(["help"], ["nothing"])}, False),
    "watch": (["watch"], players(2, 3),
              {"--games": values(["1"], ["0", "-1", "1000000", *NUMBERS_BAD]),
               "--seed": SEED,
               "--delay-ms": values(["0"], ["-1", "100000000", *NUMBERS_BAD]),
               **flag("--quit-when-done")}, False),
}


# a cheap command's options that keep a good run short when they are not drawn (the
# defaults are a hundred games, a million training games, a process a core...)
SMALL = {"count": ["--starter", "KC"], "match": ["--games", "2"],
         "tournament": ["--games", "2", "--workers", "1"],
         "train evolved": ["--iterations", "10", "--evaluate", "0", "--out", "t.npz"],
         "train weights": ["--games", "0", "--out", "t.npz"]}


@st.composite
def command_line(draw, name: str) -> list[str]:
    """A command line of ``name`` with some of its options; for a command whose good run is
    long, at least one option is bad (and must be refused before the work starts)."""
    words, positional, options, cheap = COMMANDS[name]
    chosen = draw(st.lists(st.sampled_from(sorted(options)), unique=True,
                           max_size=min(4, len(options))))
    bad_ones = [o for o in options if options[o][1]]
    forced = None if cheap or not bad_ones else draw(st.sampled_from(sorted(bad_ones)))
    argv = [*words, *draw(positional)]
    for option in sorted({*chosen, *([forced] if forced else [])}):
        good, bad = options[option]
        if option == forced or not good:
            value = draw(st.sampled_from(bad))
        else:  # mostly good values, so that good runs are tried too
            bad_one = bad and draw(st.integers(0, 3)) == 3
            value = draw(st.sampled_from(bad if bad_one else good))
        if options[option] is FLAG or options[option] is BOGUS:
            argv.append(value or option)
        else:
            argv += [option, value]
    small = SMALL.get(name, [])
    for option, value in zip(small[::2], small[1::2], strict=True):
        if option not in argv:
            argv += [option, value]
    return argv


@pytest.mark.parametrize("name", sorted(COMMANDS))
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 12)),
          derandomize=not os.environ.get("FUZZ_RANDOM"), database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_command_line_gives_a_traceback_a_hang_or_a_partial_file(name, data):
    run_case(data.draw(command_line(name)))
