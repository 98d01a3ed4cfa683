"""Practice positions: one decision as the table showed it, to be answered again.

A position holds the player's view at the moment of a discard or a card played (the
``engine.Observation``: the score, the dealer, the player's own cards, the starter, the
cards played and the count; never the opponent's hand or the crib) and what is known of
the answer: from a reviewed game, the review's own figures for the decision (``chosen``,
``best``, ``points_lost``, ``win_prob_lost``, ``mark``...); from the built-in set, the best
answer and its margin over the second.

Positions travel as JSON lines (``cribbage practice --export``/``--import``/``--from-games
--json``), one object a line::

    {"format": "cribbage-practice-position", "version": 1, "id": "3f0c...",
     "source": "games/a.crib.json", "players": ["you", "expert"], "seat": 0, "deal": 3,
     "kind": "discard", "objective": "win", "chosen": ["5H", "JD"], "best": ["6C", "9S"],
     "points_lost": 1.92, "win_prob_lost": 0.031, "mark": "inaccuracy", "themes": ["pone"],
     "table": {"seat": 0, "dealer": 1, "deal": 3, "scores": [40, 52], "dealt": [...6 cards],
               "hand": [...], "toss": null, "opponent_tossed": false, "starter": null,
               "count": 0, "current": [], "played": [], "go_said": [false, false],
               "opponent_cards_left": 6}}

``table.scores`` and ``table.current``/``played`` seats are by seat (``table.seat`` is the
player's). A card to play from a game may carry ``"reads"``: two lists of four numbers, what
the game had shown by then of the opponent's opening leads and answers to a lead (their
log-likelihoods at each sharpness the expert weighs, ``ai.opponent.ReadFit``), so the card
is judged as the review judged it, by the expert reading that opponent.

A variant's position (five-card, three players, four in partnership: ``docs/variants.md``)
has a ``"variant"`` field and its table is that variant's: five cards dealt, a toss of one
card (two in five-card), ``scores`` by side (a partnership's one), ``go_said`` by seat and
``opponent_cards_left`` the other seats' together. It is judged by expected points, so its
objective is ``"points"``. A two-player six-card position has no ``"variant"`` field, so its
line and its id are as they always were.

A line read back is checked field by field (:func:`from_line`) and must describe
a position that can happen (the cards distinct, the hand within the dealt cards, the count
the cards played since the last reset); the observation it gives is exactly the one the
player had (tested against the game it came from).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from ai.opponent import READ_BETAS, Reads
from ai.schema import Card as CardText
from ai.schema import Name, Seat, Version, _Model, check
from engine import GO, Observation, Phase, PlayCard, Toss, bounded
from engine.cards import Card, card_name, check_distinct, parse_card, pip_value
from engine.errors import CribbageError
from engine.pegging import count_of
from engine.rules import MAX_COUNT, RULES, VARIANTS, WINNING_SCORE, Rules, variant_name

FORMAT = "cribbage-practice-position"
VERSION = 1
KINDS = ("discard", "play")

# What a position teaches (:func:`cribbage_gui.services.practice.builtin.themes_of` says
# when each applies).
THEMES = ("dealer", "pone", "fives", "balking", "the-count", "pegging-traps",
          "counting-out")


class PositionError(CribbageError):
    """A position that cannot be read: not a position, or one that cannot happen. The
    message says which field, and why."""


@dataclass(frozen=True)
class Position:
    """One decision to practise (see the module's notes for the fields)."""

    table: Observation
    kind: str  # "discard" or "play"
    objective: str = "win"  # "win", or "acc" for a game of a match scored in ACC points;
    # "points" in a variant (judged by expected points)
    source: str = ""  # the game file, "history:<id>", or "built-in"
    players: tuple[str, ...] = ("", "")  # by seat, when known
    chosen: tuple[Card, ...] | None = None  # what was played at the table, if anything
    best: tuple[Card, ...] = ()  # the advisor's best when the position was made
    review: dict[str, Any] = field(default_factory=dict, compare=False)  # its other figures
    themes: tuple[str, ...] = ()
    reads: Reads | None = None  # a card to play from a game: what the game had shown of
    # the opponent's leads and answers by then (``ai.advice.reads_seen``); None: nothing

    @property
    def id(self) -> str:
        """Fixed by the table alone: the same moment from two sources is one position."""
        text = json.dumps(table_to_dict(self.table), sort_keys=True, separators=(",", ":"))
        # (a six-card position's as before: the variant's name only in a variant's)
        variant = "" if self.variant == "six-card" else f"{self.variant}:"
        return hashlib.sha256(f"{variant}{self.kind}:{self.objective}:{text}".encode()
                              ).hexdigest()[:16]

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def variant(self) -> str:
        """The variant's name: "six-card", "five-card", "three-player" or "four-player"."""
        return variant_name(self.table.rules)

    @property
    def size(self) -> int:
        """How many cards an answer is: the toss (two, or one with three or four players),
        or one card to play."""
        return self.table.rules.cards_to_crib if self.kind == "discard" else 1
    @property
    def seat(self) -> int:
        return self.table.seat

    @property
    def deal(self) -> int:
        return self.table.deal

    @property
    def mark(self) -> str | None:
        mark = self.review.get("mark")
        return mark if isinstance(mark, str) else None

    def to_line(self) -> dict[str, Any]:
        """The JSON object of this position (one line of an export)."""
        line: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "id": self.id,
            **({} if self.variant == "six-card" else {"variant": self.variant}),
            "source": self.source,
            "players": list(self.players) if all(self.players) else [],
            "seat": self.seat, "deal": self.deal,
            "kind": self.kind, "objective": self.objective,
            "chosen": None if self.chosen is None else [card_name(c) for c in self.chosen],
            "best": [card_name(c) for c in self.best]}
        line.update({k: v for k, v in self.review.items() if k not in line and k != "table"})
        line["themes"] = list(self.themes)
        if self.reads is not None:
            line["reads"] = [list(self.reads[0]), list(self.reads[1])]
        line["table"] = table_to_dict(self.table)
        return line

    def with_themes(self, themes: tuple[str, ...]) -> Position:
        return replace(self, themes=themes)


# ---------------------------------------------------------------------------- the table
def table_to_dict(obs: Observation) -> dict[str, Any]:
    """What the player saw, as JSON: their own cards and everything public."""
    return {"seat": obs.seat, "dealer": obs.dealer, "deal": obs.deal,
            "scores": list(obs.scores), "dealt": [card_name(c) for c in obs.dealt],
            "hand": [card_name(c) for c in obs.hand],
            "toss": None if obs.toss is None else [card_name(c) for c in obs.toss],
            "opponent_tossed": obs.opponent_tossed,
            "starter": None if obs.starter is None else card_name(obs.starter),
            "count": obs.count,
            "current": [[s, card_name(c)] for s, c in obs.current],
            "played": [[s, card_name(c)] for s, c in obs.played],
            "go_said": list(obs.go_said), "opponent_cards_left": obs.opponent_cards_left}


def observation(kind: str, seat: int, dealer: int, deal: int, scores: tuple[int, ...],
                dealt: tuple[Card, ...], hand: tuple[Card, ...], toss: tuple[Card, ...] | None,
                opponent_tossed: bool, starter: Card | None, count: int,
                current: tuple[tuple[int, Card], ...], played: tuple[tuple[int, Card], ...],
                go_said: tuple[bool, ...], opponent_cards_left: int,
                rules: Rules = RULES) -> Observation:
    """The observation of a discard or of a card to play, as the referee would give it
    (its legal actions in the referee's order)."""
    if kind == "discard":
        phase, to_play = Phase.DISCARD, None
        legal: tuple = tuple(Toss(pair) for pair in combinations(dealt, rules.cards_to_crib))
    else:
        phase, to_play = Phase.PLAY, seat
        legal = tuple(PlayCard(c) for c in hand if count + pip_value(c) <= MAX_COUNT) or (GO,)
    return Observation(seat=seat, phase=phase, deal=deal, dealer=dealer, scores=scores,
                       dealt=dealt, toss=toss, hand=hand, opponent_tossed=opponent_tossed,
                       starter=starter, count=count, current=current, played=played,
                       go_said=go_said, opponent_cards_left=opponent_cards_left,
                       to_play=to_play, legal_actions=legal, winner=None, show=None,
                       rules=rules)


def kind_of(obs: Observation) -> str:
    """"discard" or "play": the decision an observation asks for (else PositionError)."""
    if obs.phase is Phase.DISCARD and obs.toss is None and \
            len(obs.dealt) == obs.rules.cards_dealt:
        return "discard"
    if obs.phase is Phase.PLAY and obs.to_play == obs.seat and obs.legal_cards:
        return "play"
    raise PositionError("a practice position is a discard, or a card to play")


# ---------------------------------------------------------------------------- JSON lines
Score = Annotated[StrictInt, Field(ge=0, lt=WINNING_SCORE)]
Lost = Annotated[float, Field(allow_inf_nan=False)]  # (ints too: 0 is a fine loss)
# a log-likelihood of the opponent's leads (or answers) at one of READ_BETAS
ReadFigure = Annotated[float, Field(allow_inf_nan=False, le=0.0)]
ReadFigures = Annotated[list[ReadFigure], Field(min_length=len(READ_BETAS),
                                                max_length=len(READ_BETAS))]


class TableModel(_Model):
    """The table's fields, sized for any variant (:func:`from_line` checks them against
    the position's own)."""

    seat: Seat
    dealer: Seat
    deal: Annotated[StrictInt, Field(ge=1, le=200)]
    scores: Annotated[list[Score], Field(min_length=2, max_length=3)]
    dealt: Annotated[list[CardText], Field(min_length=5, max_length=6)]
    hand: Annotated[list[CardText], Field(max_length=6)]
    toss: Annotated[list[CardText], Field(min_length=1, max_length=2)] | None
    opponent_tossed: StrictBool
    starter: CardText | None
    count: Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
    current: Annotated[list[tuple[Seat, CardText]], Field(max_length=16)]
    played: Annotated[list[tuple[Seat, CardText]], Field(max_length=16)]
    go_said: Annotated[list[StrictBool], Field(min_length=2, max_length=4)]
    opponent_cards_left: Annotated[StrictInt, Field(ge=0, le=15)]


class LineModel(_Model):
    """A position's line; the review's other figures (``options``, ``win_best``...) and
    ``margin`` may ride along and are kept as they are."""

    model_config = _Model.model_config | {"extra": "allow"}
    format: Literal["cribbage-practice-position"]
    version: Version
    id: StrictStr | None = None
    variant: Literal["six-card", "five-card", "three-player", "four-player"] = "six-card"
    source: Annotated[StrictStr, Field(max_length=4096)] = ""
    players: Annotated[list[Name], Field(max_length=4)] = []
    seat: Seat
    deal: Annotated[StrictInt, Field(ge=1, le=200)]
    kind: Literal["discard", "play"]
    objective: Literal["win", "acc", "points"] = "win"
    chosen: Annotated[list[CardText], Field(min_length=1, max_length=2)] | None = None
    best: Annotated[list[CardText], Field(max_length=2)] = []  # [] not known
    points_lost: Lost | None = None
    win_prob_lost: Lost | None = None
    mark: Literal["inaccuracy", "mistake", "blunder"] | None = None
    themes: Annotated[list[Literal[THEMES]], Field(max_length=len(THEMES))] = []  # type: ignore[valid-type]
    reads: Annotated[list[ReadFigures], Field(min_length=2, max_length=2)] | None = None
    table: TableModel


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 8: "eight"}


def _cards(texts: list[str], what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(t) for t in texts)
    except CribbageError as exc:
        raise PositionError(f"{what}: {exc}") from exc


def from_line(data: Any) -> Position:
    """The position of one JSON object (a line of an export); PositionError saying what is
    wrong with it otherwise."""
    line = check(LineModel, data, PositionError)
    t = line.table
    rules = VARIANTS[line.variant]
    n, kept = rules.players, rules.kept
    if (line.seat, line.deal) != (t.seat, t.deal):
        raise PositionError("the seat and deal differ from the table's")
    if (line.variant == "six-card") != (line.objective != "points"):
        raise PositionError("a variant's position is judged by points (objective "
                            "\"points\"), the six-card game's by \"win\" or \"acc\"")
    if max(t.seat, t.dealer, *(s for s, _ in t.played)) >= n or len(t.go_said) != n \
            or len(t.scores) != rules.sides or any(s >= rules.target for s in t.scores):
        raise PositionError(f"the seats, the scores and the go said must be those of "
                            f"{line.variant}: {n} seats, {rules.sides} scores under "
                            f"{rules.target}")
    if len(t.dealt) != rules.cards_dealt or (t.toss is not None
                                             and len(t.toss) != rules.cards_to_crib):
        raise PositionError(f"{line.variant} has {_WORDS[rules.cards_dealt]} cards dealt "
                            f"and {_WORDS[rules.cards_to_crib]} tossed")
    if line.players and len(line.players) != n:
        raise PositionError(f"the players are {n}, one a seat")
    dealt = _cards(t.dealt, "table.dealt")
    hand = _cards(t.hand, "table.hand")
    toss = None if t.toss is None else _cards(t.toss, "table.toss")
    starter = None if t.starter is None else _cards([t.starter], "table.starter")[0]
    played = tuple((s, c) for (s, _), c in zip(t.played, _cards([c for _, c in t.played],
                                                              "table.played"), strict=True))
    current = tuple((s, c) for (s, _), c in zip(t.current, _cards([c for _, c in t.current],
                                                                "table.current"), strict=True))
    try:
        check_distinct(list(dealt) + [c for s, c in played if s != t.seat]
                       + ([] if starter is None else [starter]), "the cards seen")
    except CribbageError as exc:
        raise PositionError(str(exc)) from exc
    mine_played = [c for s, c in played if s == t.seat]
    if not set(hand) <= set(dealt) or any(c not in dealt for c in mine_played):
        raise PositionError(f"the hand and the cards played must be among the "
                            f"{_WORDS[rules.cards_dealt]} dealt")
    if current != played[len(played) - len(current):]:
        raise PositionError("the current count's cards must be the last cards played")
    if count_of([c for _, c in current]) != t.count:
        raise PositionError(f"the count is {count_of([c for _, c in current])} for the "
                            f"cards since the last reset, not {t.count}")
    if line.kind == "discard":
        if hand != dealt or toss is not None or played or starter is not None:
            raise PositionError(f"a discard holds its {_WORDS[rules.cards_dealt]} cards, nothing "
                                f"tossed or played")
    else:
        if toss is None or set(hand) & set(toss) or starter is None or len(hand) == 0:
            raise PositionError("a card to play needs the toss, the starter and a hand")
        if set(hand) | set(toss) | set(mine_played) != set(dealt) or \
                len(hand) + len(mine_played) != kept:
            raise PositionError(f"the hand, the toss and the cards played must be the "
                                f"{_WORDS[rules.cards_dealt]}")
        if t.opponent_cards_left + sum(s != t.seat for s, _ in played) != kept * (n - 1):
            others = "opponent's" if n == 2 else "other seats'"
            raise PositionError(f"the {others} cards left and played must make "
                                f"{_WORDS.get(kept * (n - 1), kept * (n - 1))}")
    obs = observation(line.kind, t.seat, t.dealer, t.deal, tuple(t.scores), dealt, hand,
                      toss, t.opponent_tossed, starter, t.count, current, played,
                      tuple(t.go_said), t.opponent_cards_left, rules)
    if line.kind == "play" and not obs.legal_cards:
        raise PositionError("no card of the hand can be played at this count")
    chosen = None if line.chosen is None else _cards(line.chosen, "chosen")
    best = _cards(line.best, "best")
    size = rules.cards_to_crib if line.kind == "discard" else 1
    for what, cards in (("chosen", chosen), ("best", best)):
        if cards and (len(cards) != size or not set(cards) <= set(hand)):
            raise PositionError(f"{what} must be {size} card{'s' * (size > 1)} of the hand")
    fixed = set(LineModel.model_fields) - {"points_lost", "win_prob_lost", "mark"}
    review = {k: v for k, v in data.items() if k not in fixed and v is not None}  # (in order)
    players = tuple(line.players) if line.players else ("",) * n
    reads = None if line.reads is None else (tuple(line.reads[0]), tuple(line.reads[1]))
    position = Position(obs, line.kind, line.objective, line.source, players, chosen, best,
                        review, tuple(line.themes), reads)
    if line.id is not None and line.id != position.id:
        raise PositionError("the id does not match the table (the line was altered)")
    return position


def from_observation(obs: Observation, **fields: Any) -> Position:
    """The position of a moment of a game (``obs`` the player's view of it)."""
    return Position(obs, kind_of(obs), **fields)


def read_lines(text: str, where: str = "") -> list[Position]:
    """Every position of a JSON-lines text (blank lines skipped); PositionError naming the
    first bad line (its number) otherwise, so nothing is half read."""
    positions = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:  # (bounded: no number of a thousand digits, no nesting a thousand deep)
            data = bounded.loads(raw)
        except ValueError as exc:
            raise PositionError(f"{where}line {number}: {exc}") from None
        try:
            positions.append(from_line(data))
        except PositionError as exc:
            raise PositionError(f"{where}line {number}: {exc}") from None
    return positions


def write_lines(positions: list[Position]) -> str:
    return "".join(json.dumps(p.to_line(), separators=(", ", ": ")) + "\n" for p in positions)
