"""The shapes of the files the program reads, as pydantic models: a game record, a game file
and (in ``cribbage_gui.table.saving``) a saved game.

A file is read in three steps, each refusing what the next could not take:

1. ``engine.bounded``: size, nesting and number length (so parsing cannot exhaust memory,
   the stack or the time);
2. these models: every field of the right type and within its range, no unknown field in a
   record (``"muggins": "false"`` is refused, not read as true; an unknown ``objective`` is
   refused, not read as "win"; ``"version": true`` is refused, not read as version 1, as
   pydantic's ``Literal[1]`` alone would: :func:`one_of`);
3. a replay (``engine.record``): the events, the result and, for game files and saves, the
   deals must follow from the moves and the seed.

:func:`check` runs step 2 and turns pydantic's report into one short sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)
from pydantic import ValidationError as _ValidationError
from pydantic_core import PydanticCustomError

from engine import bounded
from engine.errors import RecordError
from engine.rules import VARIANTS, WINNING_SCORE

MAX_SEED = 2**63 - 1
MAX_DEALS = 200  # a game to 121 lasts at most a few dozen deals
MAX_ACTIONS = 40 * MAX_DEALS
MAX_EVENTS = 100 * MAX_DEALS
MAX_NAME = 1000  # a player's registry name may hold a table file's path


def one_of(*allowed: int) -> Callable[[Any], Any]:
    """A validator (``BeforeValidator``) for a field of whole numbers from a file: one of
    ``allowed``, as JSON writes an integer. JSON's ``true`` is Python's ``True``, which
    equals 1 (as 1.0 does), so ``Literal[1]`` alone takes ``"version": true``, even in
    pydantic's strict mode."""
    *first, last = (str(a) for a in allowed)
    expected = f"{', '.join(first)} or {last}" if first else last

    def check(value: Any) -> Any:
        if type(value) is not int or value not in allowed:
            raise PydanticCustomError("one_of", "should be {expected}, not {given}",
                                      {"expected": expected, "given": bounded.json_text(value)})
        return value
    return check


Version = Annotated[Literal[1], BeforeValidator(one_of(1))]  # a file format's version
Seat = Annotated[Literal[0, 1, 2, 3], BeforeValidator(one_of(0, 1, 2, 3))]  # 2-4 players
Skunk = Annotated[Literal[0, 1, 2], BeforeValidator(one_of(0, 1, 2))]  # 1 skunk, 2 double
Card = Annotated[StrictStr, Field(min_length=2, max_length=3)]
# cards as engine.record writes them ("8C 9C"), or as a list (["8C", "9C"])
Cut = Annotated[StrictStr, Field(max_length=4 * 4)] | Annotated[
    list[Card], Field(min_length=2, max_length=4)]  # a card a seat
Deck = Annotated[StrictStr, Field(max_length=52 * 4)] | Annotated[
    list[Card], Field(min_length=52, max_length=52)]
Score = Annotated[StrictInt, Field(ge=0, le=WINNING_SCORE)]
StartScore = Annotated[StrictInt, Field(ge=0, lt=WINNING_SCORE)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME)]
NonNegative = Annotated[StrictInt, Field(ge=0, le=MAX_SEED)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


T = TypeVar("T")
Seats = Annotated[list[T], Field(min_length=2, max_length=4)]  # a seat's (or side's) each


class Result(_Model):
    winner: Seat  # a side: a player, or a partnership
    scores: Seats[Score]
    skunk: Skunk


class GameRecord(_Model):
    """``engine.record.to_record``: a game's setup, chance outcomes, actions and events."""

    format: Literal["cribbage-game"]
    version: Version
    seed: NonNegative
    first_dealer: Seat | None
    variant: Literal[tuple(VARIANTS)] = "six-card"  # type: ignore[valid-type]
    rules: dict[str, StrictInt] | None = None  # rules of no variant (engine.record)
    start_scores: Seats[StartScore]
    manual_count: Seats[StrictBool] = [False, False]
    manual_pegging: Seats[StrictBool] = [False, False]
    muggins: StrictBool = False
    cuts: Annotated[list[Cut], Field(max_length=MAX_DEALS)]
    decks: Annotated[list[Deck], Field(min_length=1, max_length=MAX_DEALS)]
    actions: Annotated[list[Annotated[list[Any], Field(min_length=2, max_length=3)]],
                       Field(max_length=MAX_ACTIONS)]
    events: Annotated[list[dict[str, Any]], Field(max_length=MAX_EVENTS)] = []
    result: Result | None = None
    chance: Literal["seeded", "explicit"] = "seeded"


class Context(BaseModel):
    """A game file's context: free-form, but the fields the program reads are typed."""

    model_config = ConfigDict(extra="allow", frozen=True)

    kind: Annotated[StrictStr, Field(max_length=40)] | None = None
    seed: NonNegative | None = None
    index: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = None
    id: StrictInt | None = None
    match: Annotated[StrictStr, Field(max_length=40)] | None = None
    objective: Literal["win", "acc"] | None = None


class GameFileModel(_Model):
    """``cribbage_gui.services.gamefile``: a header around a game record."""

    format: Literal["cribbage-game-file"]
    version: Version
    players: Seats[Name]  # by seat: two to four
    date: Annotated[StrictStr, Field(max_length=40)] | None = None
    context: Context = Context()
    sha256: Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{64}$")] | None = None
    game: GameRecord


M = TypeVar("M", bound=BaseModel)


def check(model: type[M], data: Any, error: type[Exception] = RecordError) -> M:
    """``data`` as ``model``; ``error`` with the first problem in one sentence if it does
    not fit (where, and what is wrong), never pydantic's full report."""
    try:
        return model.model_validate(data)
    except _ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        more = exc.error_count() - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise error(f"{where}: {first['msg'].lower()}{extra}") from None
