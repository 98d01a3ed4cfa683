"""Each number of the rules is defined once (engine.rules, engine.cards, engine._kernels) and
imported everywhere else: no module of the engine, the AI or the window writes 121, the
skunk lines or 31 as a number, or defines its own pip value or jack, the skunk or the
match points."""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_NUMBERS = {"121", "120", "91", "61", "31"}
HOMES = {"engine/rules.py"}


def numbers_in_code(path: Path) -> list[tuple[int, str]]:
    """Number literals outside comments and strings (docstrings included)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
    return [(t.start[0], t.string) for t in tokens if t.type == tokenize.NUMBER]


def sources():
    for folder in ("engine", "ai", "cribbage_gui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, str(path.relative_to(ROOT))


def test_no_rule_number_is_written_twice():
    found = [f"{name}:{line} {number}" for path, name in sources() if name not in HOMES
             for line, number in numbers_in_code(path) if number in rule_numbers(name)]
    assert not found, found


def rule_numbers(name: str) -> set[str]:
    """The numbers a module may not write: in the window, 120 is also a size in pixels or a
    shade (QColor.darker(120)), so only the others."""
    return RULE_NUMBERS - {"120"} if name.startswith("cribbage_gui/") else RULE_NUMBERS


def test_the_skunk_and_the_match_points_are_decided_once():
    """Only engine.rules compares a loser's score with the skunk lines, or chooses between
    the points of a win and of a skunk."""
    # "... if loser < SKUNK_LINE else ...", "np.where(loser < SKUNK_LINE, ...)", "SKUNK_POINTS
    # if ... else WIN_POINTS" (Mueller's "opp < SKUNK_LINE <= expected" is another rule: a
    # line about to be crossed)
    rule = re.compile(r"<\s*(DOUBLE_)?SKUNK_LINE\s*(else|,)|(SKUNK|WIN)_POINTS\s+if")
    found = [name for path, name in sources() if rule.search(path.read_text())]
    assert found == ["engine/rules.py"], found


def test_no_pip_value_or_jack_is_defined_twice():
    definitions = re.compile(r"^\s*(def (_value|pip\w*|\w*_pip)\(|JACK\s*=)", re.M)
    found = {name: definitions.findall(path.read_text()) for path, name in sources()}
    found = {name: hits for name, hits in found.items() if hits}
    assert set(found) == {"engine/_kernels.py", "engine/cards.py"}, found


def test_the_check_would_catch_a_copy(tmp_path):
    copy = tmp_path / "copy.py"
    copy.write_text('"""121 in a docstring is fine"""\nWIN = 121  # but not this\n')
    assert numbers_in_code(copy) == [(2, "121")]


PLAY_LOOPS = {"engine/state.py", "engine/_deal.py", "ai/_expert.py"}
DEAL_LOOPS = {"engine/_simulate.py", "ai/match/_loop.py", "ai/training/_weights.py",
              "ai/_rollout.py"}


def test_every_loop_over_the_play_takes_the_engines_steps():
    """The referee, the deal driver and the expert's search ask ``engine._play`` who
    moves; no other module writes its own step."""
    takes_steps = re.compile(r"from engine\.(kernels|_play) import[^)]*\bplay_mover\b", re.S)
    assert all(takes_steps.search((ROOT / name).read_text()) for name in PLAY_LOOPS)
    steps = re.compile(r"^\s*def (play_mover|card_fits|any_fits|say_go|close_count|play_over"
                       r"|_can_play|_all_used)\(", re.M)
    found = {name for path, name in sources() if steps.search(path.read_text())}
    assert found == {"engine/_play.py"}, found


def test_the_deal_is_written_once():
    """The simulator, the match loop, the training and the expert's rollouts play through
    the deal driver (``engine._deal``: ``game_next``), and none of them takes the play's
    steps or scores a show itself."""
    driver = re.compile(r"from engine\.(_?deal) import[^)]*\bgame_next\b", re.S)
    own_steps = re.compile(r"\b(play_mover|close_count|play_over|play_begin)\(")
    for name in DEAL_LOOPS:
        text = (ROOT / name).read_text()
        assert driver.search(text), name
        assert not own_steps.search(text), name
    # only the driver and the referee pass the show's order and the target by hand
    awarding = re.compile(r"^\s*def _award\(", re.M)
    found = {name for path, name in sources() if awarding.search(path.read_text())}
    assert found <= {"engine/_deal.py", "engine/state.py"}, found
