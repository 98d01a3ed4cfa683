"""``cribbage engine NAME`` never crashes on a question (issue 36): a compiled kernel sees only
positions that were checked. Duplicate cards, wrong counts, cards already seen, a play before
its deal's discard, scores out of range: each gets one error line on the protocol, and the
engine answers the next question.

First the cases found by hand (a segmentation fault, glibc's "corrupted double-linked list"),
through the real command; then hypothesis over questions made from real positions and
damaged one field at a time, through :func:`ai.serving.serve` in this process (a subprocess
costs seconds of imports). The suite draws a few dozen every time; to search further:
``FUZZ_EXAMPLES=2000 FUZZ_RANDOM=1 pytest -n 0 THIS_FILE``.
"""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import make_player
from ai.external import play_message
from ai.serving import ProtocolError, observation_from_message, serve
from engine import GameState, Phase
from engine.cards import card_name, parse_card, pip_value

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
DERANDOMIZE = not os.environ.get("FUZZ_RANDOM")
PLAYERS = ("heuristic", "expert", "mueller", "weights", "evolved", "random")
CARD_NAMES = [card_name(c) for c in range(52)]


def discard_message(obs) -> dict:
    return {"type": "discard", "hand": [card_name(c) for c in obs.dealt],
            "dealer": obs.is_dealer, "scores": [obs.my_score, obs.opponent_score]}


@cache
def positions() -> tuple[tuple[dict, dict], ...]:
    """(this deal's discard question, a play question) for every card played in two games
    of heuristic v random, as the referee asks them (``ai.external``)."""
    found = []
    for seed in (1, 2):
        players = (make_player("heuristic", seed=1), make_player("random", seed=2))
        game = GameState.new(seed)
        discards: dict[int, dict] = {}
        while not game.is_over:
            seat = game.current_player()
            obs = game.observation(seat)
            if obs.phase is Phase.DISCARD and obs.toss is None:
                discards[seat] = discard_message(obs)
            elif obs.phase is Phase.PLAY and obs.legal_cards:
                found.append((discards[seat], play_message(obs)))
            game.apply(seat, players[seat].decide(obs).action)
    return tuple(found)


def ask(player_name: str, questions: list) -> list[dict]:
    """The replies of a served player to ``questions`` (each a JSON value or a raw line),
    after a new game; the engine must end normally, with one reply a question."""
    lines = [json.dumps({"type": "new_game", "seat": 0, "game": 0})]
    lines += [q if isinstance(q, str) else json.dumps(q) for q in questions]
    lines.append(json.dumps({"type": "quit"}))
    out = io.StringIO()
    assert serve(player(player_name), io.StringIO("\n".join(lines) + "\n"), out,
                 warm=False) == 0
    ident, *replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert ident["type"] == "id"
    return replies


@cache
def player(name: str):
    return make_player(name, seed=0)


def legal(question: dict, reply: dict) -> bool:
    """Is ``reply`` a legal answer to ``question`` (which checked as a real position)?"""
    hand = [parse_card(c) for c in question["hand"]]
    if question["type"] == "discard":
        toss = [parse_card(c) for c in reply.get("toss", [])]
        return len(set(toss)) == 2 and set(toss) <= set(hand)
    fits = [card_name(c) for c in hand if question["count"] + pip_value(c) <= 31]
    return reply.get("card") in fits if fits else reply == {"card": None}


# ---------------------------------------------------------------------------- found by hand
HAND_FOUND = [
    # issue 36: a segmentation fault (status 139), glibc's abort (134), a segfault again
    {"type": "discard", "hand": ["5H"] * 6, "dealer": True, "scores": [0, 0]},
    {"type": "discard", "hand": ["5H"] * 7, "dealer": True, "scores": [0, 0]},
    {"type": "discard", "hand": [], "dealer": True, "scores": [0, 0]},
    {"type": "discard", "hand": ["AH", "2H", "3H", "4H", "5H"], "dealer": True,
     "scores": [0, 0]},
    {"type": "discard", "hand": ["AH", "2H", "3H", "4H", "5H", "6H"], "dealer": "yes",
     "scores": [0, 0]},
    {"type": "discard", "hand": ["AH", "2H", "3H", "4H", "5H", "6H"], "dealer": True,
     "scores": [0, 500]},
    {"type": "play", "hand": ["5H", "5H", "5H", "5H", "5H"], "count": 0, "current": [],
     "played": [], "starter": "KD", "dealer": True, "scores": [0, 0]},
    {"type": "play", "hand": [], "count": 0, "current": [], "played": [], "starter": "KD",
     "dealer": True, "scores": [0, 0]},
]
GOOD_DISCARD = {"type": "discard", "hand": ["5H", "5C", "JD", "QS", "4H", "9C"],
                "dealer": True, "scores": [3, 7]}
GOOD_PLAY = {"type": "play", "hand": ["5H", "5C", "JD", "QS"], "count": 10,
             "current": ["TC"], "played": [{"card": "TC", "by": "opponent"}],
             "starter": "KD", "dealer": True, "scores": [3, 7]}
AFTER_DISCARD = [  # each after GOOD_DISCARD
    {**GOOD_PLAY, "count": 31, "current": ["TC", "JC", "AC", "KC"],
     "played": [{"card": c, "by": "opponent"} for c in ("TC", "JC", "AC", "KC")]},
    {**GOOD_PLAY, "count": 12},  # not the sum of current
    {**GOOD_PLAY, "starter": "5H"},  # the starter is in the hand
    {**GOOD_PLAY, "starter": "4H"},  # the starter was dealt to me (tossed)
    {**GOOD_PLAY, "played": [{"card": "9C", "by": "opponent"}], "current": ["9C"],
     "count": 9},  # the opponent played my toss
    {**GOOD_PLAY, "hand": ["5H", "5C", "JD", "AS"]},  # a card never dealt to me
    {**GOOD_PLAY, "hand": ["5H", "5C", "JD"]},  # three cards kept
    {**GOOD_PLAY, "played": [{"card": c, "by": "opponent"} for c in
                             ("TC", "TD", "TS", "2C", "3C")], "current": ["TC"]},
    # the opponent played five (the hostile pass: the expert's search raised)
    {**GOOD_PLAY, "count": 0, "current": [],
     "played": [{"card": c, "by": "opponent"} for c in ("AC", "2C", "3C", "4C", "6C")]},
]


@pytest.mark.parametrize("name", ["heuristic", "expert"])
def test_the_command_answers_every_bad_question_with_one_error_line(name):
    """Through the real command: status 0, an error line for each bad question, a legal
    answer to each good one, nothing on stderr but one line for each bad question."""
    bad = HAND_FOUND + AFTER_DISCARD
    lines = [json.dumps(q) for q in HAND_FOUND] + [json.dumps(GOOD_DISCARD)] + \
        [json.dumps(q) for q in AFTER_DISCARD] + [json.dumps(GOOD_PLAY), '{"type": "quit"}']
    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", "engine", name],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    ident, *replies = [json.loads(x) for x in done.stdout.splitlines()]
    assert ident["type"] == "id"
    errors = replies[:len(HAND_FOUND)] + replies[len(HAND_FOUND) + 1:-1]
    assert len(errors) == len(bad) and all(set(r) == {"error"} for r in errors), replies
    assert legal(GOOD_DISCARD, replies[len(HAND_FOUND)])
    assert legal(GOOD_PLAY, replies[-1])
    assert len(done.stderr.splitlines()) == len(bad)
    assert "Traceback" not in done.stderr


def test_a_play_needs_this_deals_discard_and_a_new_game_forgets_it():
    replies = ask("heuristic", [GOOD_PLAY, GOOD_DISCARD, GOOD_PLAY])
    assert "discard" in replies[0]["error"] and legal(GOOD_PLAY, replies[2])
    lines = [GOOD_DISCARD, {"type": "new_game", "seat": 1, "game": 1}, GOOD_PLAY]
    assert "error" in ask("heuristic", lines)[1]


def test_the_served_player_knows_its_own_toss_in_the_play():
    """The cards it threw are dead to it, as in a game through the referee."""
    obs = observation_from_message(GOOD_PLAY, 0, observation_from_message(
        GOOD_DISCARD, 0, ()).dealt)
    assert sorted(card_name(c) for c in obs.toss) == ["4H", "9C"]
    assert obs.kept is not None and len(obs.kept) == 4 and obs.opponent_cards_left == 3


def test_every_real_position_is_answered_legally():
    for discard, play in positions()[::7]:
        replies = ask("heuristic", [discard, play])
        assert legal(discard, replies[0]) and legal(play, replies[1]), (play, replies)


# ---------------------------------------------------------------------------- hypothesis
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6),
                 st.lists(st.integers(0, 200), max_size=3), st.sampled_from(CARD_NAMES))
CARD = st.one_of(st.sampled_from(CARD_NAMES), st.sampled_from(["ZZ", "10h", "5♥", "", "1H"]))


@st.composite
def damaged(draw, question: dict) -> dict:
    """``question`` with one to three of its fields changed: a card for another (often
    one already named), a card more or less, a number out of range, a wrong type, a field
    gone."""
    q = copy.deepcopy(question)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(k for k in q if k != "type")))
        how = draw(st.sampled_from(["card", "add", "drop", "junk", "gone", "number", "who"]))
        value = q[key]
        if how == "gone":
            del q[key]
        elif how == "junk":
            q[key] = draw(JUNK)
        elif how == "number":
            q[key] = draw(st.integers(-3, 140)) if key != "scores" else \
                [draw(st.integers(-3, 140)), draw(st.integers(-3, 140))]
        elif isinstance(value, list) and value and how in ("card", "drop", "who"):
            i = draw(st.integers(0, len(value) - 1))
            if how == "drop":
                del value[i]
            elif isinstance(value[i], dict):
                value[i] = {**value[i], **({"by": draw(st.sampled_from(["me", "opponent",
                                                                          "them"]))}
                                           if how == "who" else {"card": draw(CARD)})}
            else:
                value[i] = draw(CARD)
        elif isinstance(value, list) and how == "add":
            value.append({"card": draw(CARD), "by": draw(st.sampled_from(["me", "opponent"]))}
                         if key == "played" else draw(CARD))
        elif key == "starter":
            q[key] = draw(CARD)
    return q


@st.composite
def conversations(draw) -> tuple[str, list]:
    """A player, then this deal's discard (perhaps damaged) and a play (perhaps damaged),
    or a question of any JSON at all."""
    name = draw(st.sampled_from(PLAYERS))
    discard, play = draw(st.sampled_from(positions()))
    kind = draw(st.sampled_from(["discard", "play", "both", "any"]))
    if kind == "any":
        anything = st.recursive(JUNK, lambda inner: st.lists(inner, max_size=4) |
                                st.dictionaries(st.text(max_size=5), inner, max_size=4),
                                max_leaves=12)
        message = draw(st.dictionaries(st.sampled_from(list(GOOD_PLAY)), anything,
                                       max_size=8))
        message["type"] = draw(st.sampled_from(["discard", "play"]))
        return name, [discard, message]
    if kind in ("discard", "both"):
        discard = draw(damaged(discard))
    if kind in ("play", "both"):
        play = draw(damaged(play))
    return name, [discard, play]


@st.composite
def odd_but_possible(draw) -> tuple[str, list]:
    """A player, a discard, and a play the checks let through however unlikely in a game:
    any four of the six kept, any of them played, any 0 to 4 of the other cards played by
    the opponent in any order, any end of it the current count (under 31). What the
    players' kernels may see from outside."""
    deck = draw(st.permutations(range(52)))
    dealt, rest = list(deck[:6]), list(deck[6:])
    kept = draw(st.permutations(dealt))[:4]
    mine = kept[:draw(st.integers(0, 4))]
    theirs = rest[:draw(st.integers(0, 4))]
    starter = rest[len(theirs)]
    order = draw(st.permutations([("me", c) for c in mine] + [("opponent", c)
                                                                for c in theirs]))
    current: list = []
    for by, card in reversed(order):  # the longest end under 31, or shorter
        if sum(pip_value(c) for _, c in current) + pip_value(card) > 30:
            break
        current.insert(0, (by, card))
    current = current[len(current) - draw(st.integers(0, len(current))):]
    dealer = draw(st.booleans())
    scores = [draw(st.integers(0, 120)), draw(st.integers(0, 120))]
    discard = {"type": "discard", "hand": [card_name(c) for c in dealt], "dealer": dealer,
               "scores": scores}
    play = {"type": "play", "hand": [card_name(c) for c in kept[len(mine):]],
            "count": sum(pip_value(c) for _, c in current),
            "current": [card_name(c) for _, c in current],
            "played": [{"card": card_name(c), "by": by} for by, c in order],
            "starter": card_name(starter), "dealer": dealer, "scores": scores}
    return draw(st.sampled_from(PLAYERS)), [discard, play]


@settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(odd_but_possible())
def test_every_position_the_checks_let_through_is_answered_legally(conversation):
    """What passes the checks never breaks a player (the expert's search raised on an
    opponent that had played five): a legal answer, never an error."""
    name, questions = conversation
    replies = ask(name, questions)
    assert all(legal(q, r) for q, r in zip(questions, replies, strict=True)), replies


@settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(conversations())
def test_no_question_reaches_a_player_unchecked(conversation):
    """Whatever the questions, every one gets exactly one reply: an error line, or a legal
    answer to a question that checks as a real position."""
    name, questions = conversation
    replies = ask(name, questions)
    assert len(replies) == len(questions)
    dealt: tuple = ()
    for question, reply in zip(questions, replies, strict=True):
        try:
            obs = observation_from_message(question, 0, dealt)
        except ProtocolError:
            assert set(reply) == {"error"} and reply["error"], reply
            continue
        if question["type"] == "discard":
            dealt = obs.dealt
        assert legal(question, reply), (question, reply)


def test_a_byte_that_is_not_utf8_or_a_closed_output_is_one_line():
    """Found by the hostile pass: under a strict UTF-8 locale (en_US.UTF-8; here forced by
    PYTHONIOENCODING) one byte 0xFF ended the engine with a UnicodeDecodeError; started
    with its output closed it gave an AttributeError traceback."""
    import os

    question = json.dumps(GOOD_DISCARD).encode()
    lines = question[:-1] + b', "x": "\xff"}\n' + question + b"\n"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", "engine", "heuristic"],
                          input=lines, capture_output=True, env=env, timeout=300)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr[-2000:]
    ident, *replies = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(replies) == 2 and all(legal(GOOD_DISCARD, r) for r in replies)
    closed = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", "engine", "random"],
                            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: os.close(1), timeout=300)
    assert closed.returncode == 1 and "Traceback" not in closed.stderr
    assert closed.stderr.strip() == \
        "cribbage engine: error: there is no standard output to answer on"
