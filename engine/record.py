"""Game records: a game as JSON, and back by replaying it.

A record holds the setup (seed, first dealer, starting scores), every chance outcome (the
cuts for deal and each deal's deck order), every action, and the events they produced.
Loading rebuilds the game from the setup, replays the actions with the recorded chance
outcomes and checks that it produces exactly the recorded events, so a record that was
edited or damaged is refused with :class:`RecordError` instead of loading a different game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Protocol, TypeVar

from engine.actions import CHANCE, GO, ChanceCard, Claim, PlayCard, Toss
from engine.bounded import json_text
from engine.cards import card_name, card_names, parse_card, parse_cards
from engine.errors import CribbageError, RecordError
from engine.events import event_from_dict, event_to_dict
from engine.rules import RULES, VARIANT, VARIANTS, Rules, variant_name


class Game(Protocol):
    """What a record reads of a game and asks of its class: ``engine.state.GameState`` is
    one (this module knows it only by this shape, so the state imports the record and not
    the reverse)."""

    seed: int
    first_dealer: int | None
    start_scores: tuple[int, ...]
    manual_count: tuple[bool, ...]
    manual_pegging: tuple[bool, ...]
    muggins: bool
    cuts: list[tuple[int, ...]]
    decks: list[tuple[int, ...]]
    actions: list[tuple[int, Any]]
    events: list[Any]
    winner: int | None
    scores: list[int]

    @property
    def rules(self) -> Any: ...

    @property
    def skunk(self) -> int: ...

    @property
    def chance(self) -> str: ...

    def current_player(self) -> int: ...

    def apply(self, seat: int, action: Any) -> None: ...

    def set_chance(self, chance: str) -> None: ...

    def chance_stage(self) -> tuple[str, int]: ...

    @classmethod
    def new(cls, seed: int | None = None, *, first_dealer: int | None = None,
            scores: tuple[int, ...] | None = None, decks: list | tuple = (),
            cuts: list | tuple = (), manual_count: tuple[bool, ...] | None = None,
            muggins: bool = False,
            manual_pegging: tuple[bool, ...] | None = None, rules: Any = ...) -> Any: ...

    @staticmethod
    def seeded_chance(seed: int, decks: int, cuts: int, players: int = 2
                      ) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]: ...


G = TypeVar("G", bound=Game)

FORMAT = "cribbage-game"
VERSION = 1


def action_to_list(seat: int, action: Any) -> list[Any]:
    if isinstance(action, Toss):
        return [seat, "toss", [card_name(c) for c in action.cards]]
    if isinstance(action, PlayCard):
        return [seat, "play", card_name(action.card)]
    if isinstance(action, Claim):
        return [seat, "claim", action.points]
    return [seat, "go"]


def _action_from_list(item: Any) -> tuple[int, Any]:
    if not isinstance(item, list) or len(item) < 2:
        raise RecordError(f"malformed action {item!r}")
    seat, kind = item[0], item[1]
    if kind == "toss" and len(item) == 3:
        return seat, Toss(tuple(parse_cards(item[2])))
    if kind == "play" and len(item) == 3:
        return seat, PlayCard(parse_card(item[2]))
    if kind == "go" and len(item) == 2:
        return seat, GO
    if kind == "claim" and len(item) == 3 and isinstance(item[2], int):
        return seat, Claim(item[2])
    raise RecordError(f"malformed action {item!r}")


def to_record(game: Game) -> dict[str, Any]:
    explicit = {"chance": "explicit"} if game.chance == "explicit" else {}
    return explicit | _variant_of(game.rules) | {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "start_scores": list(game.start_scores),
        "manual_count": list(game.manual_count),
        "manual_pegging": list(game.manual_pegging),
        "muggins": game.muggins,
        "cuts": [card_names(c) for c in game.cuts],
        "decks": [card_names(d) for d in game.decks],
        "actions": [action_to_list(seat, a) for seat, a in game.actions],
        "events": [event_to_dict(e) for e in game.events],
        "result": result_of(game),
    }


def _variant_of(rules: Rules) -> dict[str, Any]:
    """The record's variant: nothing for the two-player six-card game (its records are as
    they always were), else its name, or its rules' fields for rules of no variant."""
    if rules == RULES:
        return {}
    name = variant_name(rules)
    return {"variant": name} if name != "custom" else {"rules": dict(rules._asdict())}


def _rules_in(data: dict[str, Any]) -> Rules:
    """The rules a record was played under (see :func:`_variant_of`); RecordError if its
    variant is unknown or its rules are not a game."""
    if "rules" in data:
        fields = data["rules"]
        if not isinstance(fields, dict) or set(fields) - set(Rules._fields) or any(
                type(v) is not int for v in fields.values()):
            raise RecordError(f"malformed rules {json_text(fields, 80)}")
        try:
            return Rules(**fields).check()
        except ValueError as exc:
            raise RecordError(f"the record's rules are not a game: {exc}") from exc
    name = data.get("variant", VARIANT)
    if not isinstance(name, str) or name not in VARIANTS:
        raise RecordError(f"unknown variant {json_text(name, 40)}: the variants are "
                          f"{', '.join(VARIANTS)}")
    return VARIANTS[name]


def result_of(game: Game) -> dict[str, Any] | None:
    """A record's ``result``: the winner, the final scores and the skunk (None while the
    game goes on)."""
    if game.winner is None:
        return None
    return {"winner": game.winner, "scores": list(game.scores), "skunk": game.skunk}


def from_record(cls: type[G], data: Any, seeded: bool = False) -> G:
    steps = Replay(cls, data)
    for _ in steps:
        pass
    game = steps.game
    if "events" in data:
        if not isinstance(data["events"], list):
            raise RecordError("the record's events must be a list")
        recorded = [event_from_dict(e) for e in data["events"]]
        if recorded != game.events:
            first = next((i for i, (a, b) in enumerate(zip(recorded, game.events, strict=False))
                          if a != b), min(len(recorded), len(game.events)))
            raise RecordError(f"the record's events differ from its replay at event {first + 1}")
    if "result" in data and data["result"] != result_of(game):
        raise RecordError(f"the record's result {data['result']!r} does not follow from its "
                          f"moves ({result_of(game)!r})")
    if seeded and (game.decks, game.cuts) != cls.seeded_chance(
            game.seed, len(game.decks), len(game.cuts), game.rules.players):
        raise RecordError("its deals do not follow from its seed (a prepared or altered "
                          "deck)")
    return game


class Replay:
    """Replay a record action by action: iterating yields ``(game, seat, action)`` with the
    game as it stood just before ``seat`` took ``action`` (the same object, advanced after
    each step, so look at it before taking the next). ``.game`` is the game. Raises
    RecordError as :func:`from_record` does, except that the recorded events are not
    compared (load with :func:`from_record` first to check them)."""

    def __init__(self, cls: type[Any], data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(
                "not a cribbage game record (missing \"format\": \"cribbage-game\")")
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # JSON's true equals 1 in Python
            raise RecordError(f"unsupported record version {json_text(version, 20)}")
        try:
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError(f"the seed must be an integer, not {seed!r}")
            rules = self.rules = _rules_in(data)
            self.decks = [parse_cards(d, count=52) for d in data["decks"]]
            self.cuts = [parse_cards(c, count=rules.players) for c in data["cuts"]]
            self.actions = [_action_from_list(a) for a in data["actions"]]
            self.data = data
            seats = (False,) * rules.players
            self.game = cls.new(seed, first_dealer=data["first_dealer"],
                                scores=tuple(data["start_scores"]), decks=self.decks,
                                cuts=self.cuts,
                                manual_count=tuple(data.get("manual_count", seats)),
                                muggins=bool(data.get("muggins", False)),
                                manual_pegging=tuple(data.get("manual_pegging", seats)),
                                rules=rules)
            # an explicit-chance game replays its recorded cards at each chance event
            self.game.set_chance(data.get("chance", "seeded"))
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed game record: {exc!r}") from exc

    def __iter__(self) -> Iterator[tuple[Any, int, Any]]:
        game = self.game
        try:
            for index, (seat, action) in enumerate(self.actions):
                while game.current_player() == CHANCE:
                    game.apply(CHANCE, ChanceCard(self._recorded_outcome(game)))
                yield game, seat, action
                try:
                    game.apply(seat, action)
                except CribbageError as exc:
                    raise RecordError(f"action {index + 1} does not replay: {exc}") from exc
            # after the last action, the chance the record saw happen: the starter cut (a
            # win on his heels ends a game on it) or a whole deal (its events say so)
            events = self.data.get("events")
            while isinstance(events, list) and game.current_player() == CHANCE \
                    and len(game.events) < len(events):
                game.apply(CHANCE, ChanceCard(self._recorded_outcome(game)))
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed game record: {exc!r}") from exc
        if len(game.decks) != len(self.decks) or len(game.cuts) != len(self.cuts):
            raise RecordError("the record's decks or cuts do not match its actions")

    def _recorded_outcome(self, game: Any) -> int:
        """The recorded card of ``game``'s pending chance event (an explicit-chance game)."""
        stage, drawn = game.chance_stage()
        if stage == "starter":
            rules = self.rules
            return int(self.decks[len(game.decks) - 1][
                rules.players * rules.cards_dealt + rules.crib_from_deck])
        done, recorded = (len(game.cuts), self.cuts) if stage == "cut" else \
            (len(game.decks), self.decks)
        if done >= len(recorded):
            raise RecordError("the record's decks or cuts do not match its actions")
        return int(recorded[done][drawn])


def from_json(cls: type[G], text: str) -> G:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise RecordError(f"a game record must be JSON: {exc}") from exc
    return from_record(cls, data)
