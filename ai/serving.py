"""``cribbage engine NAME``: one of our players answering the external-engine protocol
(``ai.external``) on stdin and stdout, every question checked before the player sees it.

The players decide with compiled kernels that index fixed arrays (six dealt cards, four in
hand, eight played) and trust what they are given. A question from outside is therefore
checked completely first (:func:`observation_from_message`), and one that does not describe
a position of a real deal is answered with an error line, ``{"error": "..."}``, which a
referee takes as a bad answer; the engine goes on with the next question. It is refused when

- its shape is wrong: ``hand``, ``current`` and ``played`` lists of card names, ``dealer``
  true or false, ``scores`` two whole numbers from 0 to 120, ``count`` from 0 to 30;
- a card is named twice anywhere in it, or a card is malformed;
- a discard does not hold exactly six cards;
- a play's hand and the cards it says this seat played are not four of the six cards of
  this deal's discard (the last ``discard`` question since ``new_game``), the opponent has
  played a card dealt to this seat or more than four cards, the starter is missing or was
  dealt or played, ``current`` is not the end of ``played``, or ``count`` is not the sum of
  ``current``'s pips.

A line that is not a question (an event, an unknown type) is read and ignored, as the
protocol says; one that is not a JSON object is ignored with a line on stderr.

Before its ``id`` line the engine makes one discard and one play with its player, so that
kernels compiled or loaded on first use (numba's cache may be cold) are ready: the ``id``
line says it is ready, and the referee's time for a move starts after it
(``ai.external``: the start has its own limit).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from typing import IO, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ai import schema
from ai.base import Player, PlayerFailure
from ai.engine_process import MAX_LINE
from engine import GO, Observation, Phase, PlayCard, Toss
from engine.bounded import BoundedInputError, clean, loads, quote
from engine.cards import Card, card_name, parse_card, pip_value
from engine.errors import CribbageError
from engine.rules import MAX_COUNT, WINNING_SCORE

DEALT = 6  # cards dealt to each player
KEPT = 4  # cards each keeps for the play


class ProtocolError(CribbageError):
    """A question that does not describe a position of a real deal; the message says why."""


# ---------------------------------------------------------------------------- the shapes
_CardName = Annotated[StrictStr, Field(max_length=8)]
_Score = Annotated[StrictInt, Field(ge=0, lt=WINNING_SCORE)]


class _Question(BaseModel):
    # extra fields are allowed: the protocol may grow, and an engine ignores what it does
    # not know
    model_config = ConfigDict(extra="ignore", frozen=True)

    dealer: StrictBool
    scores: tuple[_Score, _Score]


class _Discard(_Question):
    type: Literal["discard"]
    hand: Annotated[list[_CardName], Field(max_length=DEALT)]


class _Played(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    card: _CardName
    by: Literal["me", "opponent"]


class _Play(_Question):
    type: Literal["play"]
    hand: Annotated[list[_CardName], Field(max_length=KEPT)]
    count: Annotated[StrictInt, Field(ge=0, lt=MAX_COUNT)]
    current: Annotated[list[_CardName], Field(max_length=2 * KEPT)]
    played: Annotated[list[_Played], Field(max_length=2 * KEPT)]
    starter: _CardName


# ---------------------------------------------------------------------------- the checks
def _cards(names: list[str], what: str) -> list[Card]:
    try:
        return [parse_card(n) for n in names]
    except CribbageError as exc:
        raise ProtocolError(f"{what}: {exc}") from None


def _distinct(cards: list[Card], what: str) -> None:
    twice = [c for c, n in Counter(cards).items() if n > 1]
    if twice:
        raise ProtocolError(f"{card_name(twice[0])} is named twice in {what}")


def observation_from_message(message: Any, seat: int, dealt: tuple[Card, ...]
                             ) -> Observation:
    """The :class:`~engine.Observation` a ``discard`` or ``play`` question describes, for
    ``seat``, whose six cards this deal are ``dealt`` (empty before this deal's discard);
    :class:`ProtocolError` if the question is not a position of a real deal.

    >>> obs = observation_from_message({"type": "discard", "dealer": True, "scores": [0, 0],
    ...     "hand": ["5H", "5C", "JD", "QS", "4H", "9C"]}, 0, ())
    >>> len(obs.legal_actions)
    15
    >>> observation_from_message({"type": "discard", "dealer": True, "scores": [0, 0],
    ...     "hand": ["5H"] * 6}, 0, ())
    Traceback (most recent call last):
    ...
    ai.serving.ProtocolError: 5H is named twice in the hand
    """
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "discard":
        return _discard(schema.check(_Discard, message, ProtocolError), seat)
    if kind == "play":
        return _play(schema.check(_Play, message, ProtocolError), seat, dealt)
    raise ProtocolError("not a question: its type must be discard or play")


def _scores(q: _Question, seat: int) -> tuple[int, int]:
    own, opponent = q.scores
    return (own, opponent) if seat == 0 else (opponent, own)


def _discard(q: _Discard, seat: int) -> Observation:
    hand = tuple(_cards(q.hand, "the hand"))
    if len(hand) != DEALT:
        raise ProtocolError(f"a discard's hand must be {DEALT} cards, not {len(hand)}")
    _distinct(list(hand), "the hand")
    return Observation(
        seat=seat, phase=Phase.DISCARD, deal=0, dealer=seat if q.dealer else 1 - seat,
        scores=_scores(q, seat), dealt=hand, toss=None, hand=hand, opponent_tossed=False,
        starter=None, count=0, current=(), played=(), go_said=(False, False),
        opponent_cards_left=DEALT, to_play=None,
        legal_actions=tuple(Toss(p) for p in combinations(hand, 2)), winner=None)


def _play(q: _Play, seat: int, dealt: tuple[Card, ...]) -> Observation:
    hand = tuple(_cards(q.hand, "the hand"))
    played = tuple((seat if p.by == "me" else 1 - seat, c) for p, c in
                   zip(q.played, _cards([p.card for p in q.played], "played"), strict=True))
    starter = _cards([q.starter], "the starter")[0]
    current_cards = _cards(q.current, "current")
    _distinct([*hand, *(c for _, c in played), starter], "the hand, played and the starter")
    mine = [c for s, c in played if s == seat]
    theirs = [c for s, c in played if s != seat]
    kept = set(hand) | set(mine)
    if len(hand) + len(mine) != KEPT:
        raise ProtocolError(f"the hand and the cards played by me must be the {KEPT} cards "
                            f"kept, not {len(hand) + len(mine)}")
    if len(dealt) != DEALT or not kept <= set(dealt):
        raise ProtocolError(f"a play must come after this deal's discard: the hand and the "
                            f"cards played by me must be {KEPT} of its {DEALT} cards")
    if len(theirs) > KEPT:
        raise ProtocolError(f"the opponent played {len(theirs)} cards, more than the "
                            f"{KEPT} it kept")
    if set(theirs) & set(dealt):
        raise ProtocolError("the opponent played a card dealt to me")
    if starter in dealt:
        raise ProtocolError("the starter was dealt to me")
    current = played[len(played) - len(current_cards):] if current_cards else ()
    if [c for _, c in current] != current_cards:
        raise ProtocolError("'current' must be the last cards of 'played'")
    if q.count != sum(pip_value(c) for c in current_cards):
        raise ProtocolError(f"the count {q.count} is not the sum of the cards of 'current'")
    fits = tuple(PlayCard(c) for c in hand if q.count + pip_value(c) <= MAX_COUNT)
    return Observation(
        seat=seat, phase=Phase.PLAY, deal=0, dealer=seat if q.dealer else 1 - seat,
        scores=_scores(q, seat), dealt=dealt, toss=tuple(c for c in dealt if c not in kept),
        hand=hand, opponent_tossed=True, starter=starter, count=q.count, current=current,
        played=played, go_said=(False, False), opponent_cards_left=KEPT - len(theirs),
        to_play=seat, legal_actions=fits or (GO,), winner=None)


# ---------------------------------------------------------------------------- serving
def served_id(name: str) -> dict[str, str]:
    """The ``id`` line ``cribbage engine NAME`` says once it is ready."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ours = version("cribbage")
    except PackageNotFoundError:
        ours = "unknown"
    return {"type": "id", "name": f"{name} (cribbage engine)",
            "author": "the cribbage project", "version": ours}


_WARM_DISCARD = {"type": "discard", "hand": ["5H", "5C", "JD", "QS", "4H", "9C"],
                 "dealer": False, "scores": [0, 0]}
_WARM_PLAY = {"type": "play", "hand": ["5H", "5C", "JD", "QS"], "count": 10,
              "current": ["TC"], "played": [{"card": "TC", "by": "opponent"}],
              "starter": "KD", "dealer": True, "scores": [0, 0]}


def warm_up(player: Player) -> None:
    """One discard and one play (then a fresh game), so that what the player compiles or
    loads on first use is ready before the engine says so."""
    player.new_game(0)
    discard = observation_from_message(_WARM_DISCARD, 0, ())
    player.decide(discard)
    player.decide(observation_from_message(_WARM_PLAY, 0, discard.dealt))
    player.new_game(0)


def answer(player: Player, obs: Observation) -> dict[str, Any]:
    """The protocol's answer: the player's toss or card (``None`` for go)."""
    action = player.decide(obs).action
    if isinstance(action, Toss):
        return {"toss": [card_name(c) for c in action.cards]}
    return {"card": card_name(action.card) if isinstance(action, PlayCard) else None}


def serve(player: Player, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout,
          name: str | None = None, warm: bool = True) -> int:
    """Answer the protocol's questions with ``player`` until "quit" or the end of input,
    having first got ready (:func:`warm_up`, unless ``warm`` is false) and named itself
    (an ``id`` line: ``name``, by default the player's, and this program's version)."""
    if warm:
        warm_up(player)
    _write(stdout, served_id(name or player.name))
    dealt: tuple[Card, ...] = ()
    seat = 0
    for line in _bounded_lines(stdin):
        try:
            message = loads(line, max_bytes=MAX_LINE)
        except BoundedInputError as exc:
            _say(f"ignored a line that is not JSON ({clean(exc, 80)}): {quote(line, 60)}")
            continue
        if not isinstance(message, dict):
            _say(f"ignored a line that is not a JSON object: {quote(line, 60)}")
            continue
        kind = message.get("type")
        if kind == "quit":
            return 0
        if kind == "new_game":
            seat = 1 if message.get("seat") == 1 else 0
            dealt = ()
            player.new_game(seat)
            continue
        if kind not in ("discard", "play"):
            continue
        try:
            obs = observation_from_message(message, seat, dealt)
        except ProtocolError as exc:
            _say(f"cannot answer {quote(line.strip(), 120)}: {clean(exc, 200)}")
            _write(stdout, {"error": clean(exc, 200)})
            continue
        if kind == "discard":
            dealt = obs.dealt
        try:
            reply = answer(player, obs)
        except PlayerFailure as exc:  # a served ext: engine that failed
            reply = {"error": clean(exc, 200)}
        _write(stdout, reply)
    return 0


def _write(stdout: IO[str], message: dict) -> None:
    stdout.write(json.dumps(message) + "\n")
    stdout.flush()


def _say(text: str) -> None:
    print(f"cribbage engine: {text}", file=sys.stderr)


def _bounded_lines(stream: IO[str]):
    """The lines of ``stream``, each read only up to :data:`MAX_LINE` characters; a longer
    line is skipped to its end (and said on stderr)."""
    while line := stream.readline(MAX_LINE + 1):
        if len(line) <= MAX_LINE or line.endswith("\n"):
            yield line
            continue
        while (rest := stream.readline(MAX_LINE + 1)) and not rest.endswith("\n"):
            pass
        _say(f"skipped a line longer than {MAX_LINE:,} characters: {quote(line, 60)}")
