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
from typing import TYPE_CHECKING, Any

from engine.actions import GO, Claim, PlayCard, Toss
from engine.cards import card_name, card_names, parse_card, parse_cards
from engine.errors import CribbageError, RecordError
from engine.events import event_from_dict, event_to_dict

if TYPE_CHECKING:  # for annotations only: the state imports this module, not the reverse
    from engine.state import GameState

FORMAT = "cribbage-game"
VERSION = 1


def _action_to_list(seat: int, action: Any) -> list[Any]:
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
        return seat, Toss(tuple(parse_cards(item[2], count=2)))
    if kind == "play" and len(item) == 3:
        return seat, PlayCard(parse_card(item[2]))
    if kind == "go" and len(item) == 2:
        return seat, GO
    if kind == "claim" and len(item) == 3 and isinstance(item[2], int):
        return seat, Claim(item[2])
    raise RecordError(f"malformed action {item!r}")


def to_record(game: GameState) -> dict[str, Any]:
    return {
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
        "actions": [_action_to_list(seat, a) for seat, a in game.actions],
        "events": [event_to_dict(e) for e in game.events],
        "result": result_of(game),
    }


def result_of(game: GameState) -> dict[str, Any] | None:
    """A record's ``result``: the winner, the final scores and the skunk (None while the
    game goes on)."""
    if game.winner is None:
        return None
    return {"winner": game.winner, "scores": list(game.scores), "skunk": game.skunk}


def from_record(cls: type[GameState], data: Any, seeded: bool = False) -> GameState:
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
    if seeded and (game.decks, game.cuts) != cls.seeded_chance(game.seed, len(game.decks),
                                                                len(game.cuts)):
        raise RecordError("its deals do not follow from its seed (a prepared or altered "
                          "deck)")
    return game


class Replay:
    """Replay a record action by action: iterating yields ``(game, seat, action)`` with the
    game as it stood just before ``seat`` took ``action`` (the same object, advanced after
    each step, so look at it before taking the next). ``.game`` is the game. Raises
    RecordError as :func:`from_record` does, except that the recorded events are not
    compared (load with :func:`from_record` first to check them)."""

    def __init__(self, cls: type[GameState], data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(
                "not a cribbage game record (missing \"format\": \"cribbage-game\")")
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        try:
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError(f"the seed must be an integer, not {seed!r}")
            self.decks = [parse_cards(d, count=52) for d in data["decks"]]
            self.cuts = [parse_cards(c, count=2) for c in data["cuts"]]
            self.actions = [_action_from_list(a) for a in data["actions"]]
            self.game = cls.new(seed, first_dealer=data["first_dealer"],
                                scores=tuple(data["start_scores"]), decks=self.decks,
                                cuts=self.cuts,
                                manual_count=tuple(data.get("manual_count", (False, False))),
                                muggins=bool(data.get("muggins", False)),
                                manual_pegging=tuple(data.get("manual_pegging",
                                                              (False, False))))
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed game record: {exc!r}") from exc

    def __iter__(self) -> Iterator[tuple[GameState, int, Any]]:
        game = self.game
        try:
            for index, (seat, action) in enumerate(self.actions):
                yield game, seat, action
                try:
                    game.apply(seat, action)
                except CribbageError as exc:
                    raise RecordError(f"action {index + 1} does not replay: {exc}") from exc
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed game record: {exc!r}") from exc
        if len(game.decks) != len(self.decks) or len(game.cuts) != len(self.cuts):
            raise RecordError("the record's decks or cuts do not match its actions")


def from_json(cls: type[GameState], text: str) -> GameState:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise RecordError(f"a game record must be JSON: {exc}") from exc
    return from_record(cls, data)


def snapshot(game: GameState) -> dict[str, Any]:
    """Every field that defines the state, including the random generators' positions."""
    fields = {k: v for k, v in vars(game).items() if not k.startswith("_")}
    fields["events"] = [event_to_dict(e) for e in game.events]
    fields["actions"] = [_action_to_list(s, a) for s, a in game.actions]
    fields["phase"] = str(game.phase)
    fields["rng"] = [game._cut_rng.bit_generator.state, game._deal_rng.bit_generator.state]
    fields["starter_in_deck"] = game._starter_in_deck
    fields["play_steps"] = game._steps.tolist()  # the play's state in engine._play's steps
    pending = game._peg_pending
    fields["peg_pending"] = None if pending is None else [
        pending[0], [[i.kind, list(i.cards), i.points] for i in pending[1]], pending[2]]
    return json.loads(json.dumps(fields, default=list))
