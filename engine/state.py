"""A game of cribbage, as a state machine: the two-player six-card game to 121, or any
variant of ``engine.rules.VARIANTS`` (``rules``; the docstrings say the six-card game's
numbers, the rules record gives each variant's).

Chance (the cut for deal, each deal's shuffle, the starter) is resolved by the game's own
random generator, seeded, so a game replays exactly; tests can script decks instead. With
``chance="explicit"`` the game instead stops at each chance event, as OpenSpiel's games do:
``current_player()`` is :data:`CHANCE`, ``chance_outcomes()`` lists the cards that may come
with their probabilities, and ``apply(CHANCE, ChanceCard(card))`` deals one, as a
player's action is applied (a search over deals, or a test scripting an exact deal card
by card; ``legal_actions(CHANCE)`` lists them as actions). The
players' decisions are actions: each seat tosses two cards to the crib, then in the play
each seat in turn plays a card or, only when it holds cards but none fits under 31, says
go. Everything else (his heels, pegging, go and last card points, the show in the order
pone, dealer, crib, the next deal) happens by itself, and the game stops the instant a
player reaches 121.

The play's rules (who moves, what fits, go, the count closing at a go or a 31, the last
card) are the compiled steps of ``engine._play``, the same ones every compiled loop takes;
this class checks each action against them and adds what a person sees: each score's
breakdown, the events, manual counting and muggins.

>>> game = GameState.new(seed=7, first_dealer=0)
>>> game.phase, game.dealer, game.pone
(<Phase.DISCARD: 'discard'>, 0, 1)
>>> for seat in (0, 1):
...     game.toss(seat, game.observation(seat).dealt[:2])
>>> game.phase, game.to_play == game.pone
(<Phase.PLAY: 'play'>, True)
"""

from __future__ import annotations

import json
import secrets
import warnings
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any

import numpy as np

from engine import infostate as _infostate
from engine import record as _record
from engine import resample as _resample
from engine._play import (
    COUNT,
    any_fits,
    card_fits,
    close_count,
    new_play_state,
    play_begin,
    play_card_in_order,
    play_mover,
    play_over,
    say_go,
)
from engine.actions import (
    CHANCE,
    GO,
    MAX_CLAIM,
    TERMINAL,
    Action,
    ChanceCard,
    Claim,
    Go,
    PlayCard,
    Toss,
)
from engine.cards import JACK, PIPS, Card, card_name, check_card, check_distinct
from engine.errors import CardError, IllegalActionError
from engine.events import (
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    Event,
    GameOver,
    Played,
    SaidGo,
    Scored,
    Show,
    StarterCut,
    Tossed,
    event_to_dict,
)
from engine.pegging import peg_breakdown
from engine.rules import MAX_COUNT, RULES, Rules, match_points, skunk_of
from engine.scoring import ScoreItem, score_breakdown


class Phase(StrEnum):
    DISCARD = "discard"
    PLAY = "play"
    COUNT = "count"  # manual counting: the show waits for a seat to claim its count
    PEG = "peg"  # manual pegging: the play waits for a seat to claim its pegging points
    GAME_OVER = "game_over"
    CHANCE = "chance"  # explicit chance only: the game waits for a card from chance


SHOW_ORDER = (("pone", "hand"), ("dealer", "hand"), ("dealer", "crib"))
CHANCE_MODES = ("seeded", "explicit")




@dataclass(frozen=True)
class Observation:
    """What one seat may know. Never the opponent's unplayed cards, the crib or the deck."""

    seat: int
    phase: Phase
    deal: int
    dealer: int
    scores: tuple[int, ...]  # by side: a player, or a partnership
    dealt: tuple[Card, ...]  # this seat's cards dealt (six, or five: rules.cards_dealt)
    toss: tuple[Card, ...] | None  # this seat's crib cards (two, or one), once tossed
    hand: tuple[Card, ...]  # cards still held (the dealt before the toss, then the unplayed)
    opponent_tossed: bool  # every other seat has tossed
    starter: Card | None
    count: int
    current: tuple[tuple[int, Card], ...]  # (seat, card) since the last reset
    played: tuple[tuple[int, Card], ...]  # (seat, card) of the whole play, in order
    go_said: tuple[bool, ...]  # by seat, in the current count
    opponent_cards_left: int  # the other seats' cards still held, together
    to_play: int | None
    legal_actions: tuple[Action, ...]
    winner: int | None
    show: tuple[int, str, tuple[Card, ...]] | None = None  # (seat, "hand"/"crib", cards)
    rules: Rules = RULES  # the variant played (engine.rules.VARIANTS)

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def players(self) -> int:
        return len(self.go_said)

    @property
    def cards_left(self) -> tuple[int, ...]:
        """By seat, the cards each still holds: every seat holds as many as this one did
        (its dealt cards, or those it kept), less those it has played."""
        held = len(self.hand) + sum(1 for s, _ in self.played if s == self.seat)
        return tuple(held - sum(1 for s, _ in self.played if s == seat)
                     for seat in range(self.players))

    @property
    def side(self) -> int:
        """The score this seat pegs on: its own, or its partnership's (``scores`` is by
        side: one a player, or one a partnership of seats across)."""
        return self.seat % len(self.scores)

    @property
    def my_score(self) -> int:
        return self.scores[self.side]

    @property
    def opponent_score(self) -> int:
        """The (best) other side's score."""
        return max(s for side, s in enumerate(self.scores) if side != self.side)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: not dealt to it, not played, not the starter.
        The opponent's hand, the opponent's toss and the undealt cards are among them."""
        seen = set(self.dealt) | {c for _, c in self.played}
        if self.starter is not None:
            seen.add(self.starter)
        return tuple(c for c in range(52) if c not in seen)

    @property
    def legal_cards(self) -> tuple[Card, ...]:
        """The cards this seat may play now (empty outside its turn in the play)."""
        return tuple(a.card for a in self.legal_actions if isinstance(a, PlayCard))

    @property
    def kept(self) -> tuple[Card, ...] | None:
        """The cards this seat kept (four, or three in five-card), once it has tossed."""
        if self.toss is None:
            return None
        return tuple(c for c in self.dealt if c not in self.toss)


class GameState:
    """The referee of one game. Create it with :meth:`new`; see the module docstring."""

    # set by new() / the record loader, and each deal (declared here for the type checker)
    _cut_rng: np.random.Generator
    _deal_rng: np.random.Generator
    dealt: list[tuple[Card, ...]]
    hands: list[list[Card]]

    def __init__(self) -> None:  # use GameState.new(...) or GameState.from_json(...)
        self.seed: int = 0
        self._rules: Rules = RULES  # the variant (engine.rules.VARIANTS): see rules
        self.first_dealer: int | None = None
        self.start_scores: tuple[int, ...] = (0, 0)  # by side
        self.scores = [0, 0]  # by side: a player, or a partnership
        self._deck_crib: tuple[Card, ...] = ()
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.decks: list[tuple[Card, ...]] = []
        self.cuts: list[tuple[Card, ...]] = []
        self._scripted_decks: list[tuple[Card, ...]] = []
        self._scripted_cuts: list[tuple[Card, ...]] = []
        self.phase = Phase.DISCARD
        self.dealer = 0
        self.deal_number = 0
        self.winner: int | None = None
        self.manual_count: tuple[bool, ...] = (False, False)
        self.manual_pegging: tuple[bool, ...] = (False, False)
        self.muggins = False
        self.show_step: int | None = None  # in the COUNT phase: the show's step (a hand
        # from the dealer's left round, then the crib: SHOW_ORDER with two players)
        # in the PEG phase: what the waiting claim is for ("card" or "go"), its items, and
        # what the play does next (the count after the card, or whether all cards are out)
        self._peg_pending: tuple[str, tuple[ScoreItem, ...], int] | None = None
        self._steps: np.ndarray = new_play_state()  # the play's state (engine._play)
        self._chance = "seeded"  # or "explicit": see chance_outcomes()
        self._chance_stage: str | None = None  # explicit: "cut", "deal" or "starter"
        self._chance_drawn: list[Card] = []  # explicit: the cards of this stage so far
        # after clone(): the chance generators are shared with the twin until one draws
        self._rngs_shared = False

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, seed: int | None = None, *, first_dealer: int | None = None,
            scores: tuple[int, ...] | None = None, decks: list | tuple = (),
            cuts: list | tuple = (), manual_count: tuple[bool, ...] | None = None,
            muggins: bool = False,
            manual_pegging: tuple[bool, ...] | None = None,
            chance: str = "seeded", rules: Rules = RULES) -> GameState:
        """Start a game: cut for deal (unless ``first_dealer`` is given), then deal.

        ``seed`` fixes every chance outcome (None draws a fresh one, recorded in
        ``self.seed``). ``scores`` starts from a board position other than 0-0. ``decks``
        scripts the first deals (52 cards each, see :func:`stacked_deck`) and ``cuts`` the
        cut for deal; later outcomes come from the seed. ``manual_count`` marks the seats
        that count their own hand and crib in the show (a :class:`Claim`), and
        ``manual_pegging`` those that peg their own points in the play: after each card such
        a seat plays (whether it scored or not, so the pause gives nothing away) and after
        each go or last card it wins, the game waits in ``Phase.PEG`` for its claim. With
        ``muggins`` the opponent pegs the points they miss. ``chance="explicit"`` makes the
        game wait for each chance outcome (see :meth:`chance_outcomes`) instead of drawing
        it from the seed; it starts at the cut for deal (or the deal).

        ``rules`` is the variant (``engine.rules.VARIANTS``; the two-player six-card game by
        default): its players sit 0.. to the left; ``scores`` are by side (a player, or a
        partnership), ``manual_count`` and ``manual_pegging`` by seat.
        """
        game = cls()
        try:
            rules = Rules(*(int(v) for v in rules)).check()
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"bad rules: {exc}") from exc
        game._rules = rules
        players, sides = rules.players, rules.sides
        if scores is None:
            scores = (0,) * sides
        if manual_count is None:
            manual_count = (False,) * players
        if manual_pegging is None:
            manual_pegging = (False,) * players
        if chance not in CHANCE_MODES:
            raise IllegalActionError(f"chance is 'seeded' or 'explicit', not {chance!r}")
        if chance == "explicit" and (len(decks) or len(cuts)):
            raise IllegalActionError("an explicit-chance game takes its cards one by one "
                                     "(apply(CHANCE, ChanceCard(card))), not scripted decks "
                                     "or cuts")
        if len(manual_count) != players:
            raise IllegalActionError(f"manual_count needs a flag for each of the {players} "
                                     f"seats")
        if len(manual_pegging) != players:
            raise IllegalActionError(f"manual_pegging needs a flag for each of the {players} "
                                     f"seats")
        game.manual_count = tuple(bool(m) for m in manual_count)
        game.manual_pegging = tuple(bool(m) for m in manual_pegging)
        game.muggins = bool(muggins)
        if seed is not None and (not isinstance(seed, int | np.integer) or seed < 0):
            raise IllegalActionError(f"the seed must be a whole number >= 0, not {seed!r}")
        game.seed = secrets.randbits(63) if seed is None else int(seed)
        if first_dealer is not None and (first_dealer not in range(players)
                                         or isinstance(first_dealer, bool)):
            seats = ", ".join(str(s) for s in range(players))
            raise IllegalActionError(f"first_dealer must be {seats} or None, not "
                                     f"{first_dealer!r}")
        if len(scores) != sides or any(not 0 <= int(s) < rules.target for s in scores):
            raise IllegalActionError(f"starting scores must be {sides} numbers "
                                     f"0..{rules.target - 1}: {scores!r}")
        game.first_dealer = first_dealer
        game.start_scores = tuple(int(s) for s in scores)
        game.scores = list(game.start_scores)
        game._scripted_decks = [tuple(check_distinct(d, "a deck")) for d in decks]
        if any(len(d) != 52 for d in game._scripted_decks):
            raise IllegalActionError("a scripted deck must hold all 52 cards")
        game._scripted_cuts = [tuple(check_distinct(c, "a cut")) for c in cuts]
        if any(len(c) != players for c in game._scripted_cuts):
            raise IllegalActionError(f"a scripted cut is one card for each of the {players} "
                                     f"seats")
        game._cut_rng, game._deal_rng = _chance_generators(game.seed)
        if chance == "explicit":
            game._chance = chance
            game.dealer = first_dealer if first_dealer is not None else 0
            game._clear_table()
            game._await_chance("deal" if first_dealer is not None else "cut")
            return game
        game.dealer = first_dealer if first_dealer is not None else game._cut_for_deal()
        game._deal()
        return game

    @staticmethod
    def seeded_chance(seed: int, decks: int, cuts: int, players: int = 2
                      ) -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]]]:
        """The first ``decks`` deck orders and ``cuts`` cuts for deal that a game with this
        ``seed`` draws (whatever is played, the draws are the same): a record's chance
        outcomes follow from its seed when they are these.

        >>> game = GameState.new(5)
        >>> GameState.seeded_chance(5, 1, len(game.cuts)) == (game.decks, game.cuts)
        True
        """
        cut_rng, deal_rng = _chance_generators(seed)
        cut_draws = [_draw_cut(cut_rng, players) for _ in range(cuts)]
        return ([_draw_deck(deal_rng) for _ in range(decks)],
                [tuple(int(c) for c in cut) for cut in cut_draws])

    def clone(self) -> GameState:
        """An independent copy of the game, equal to it (``==``): applying actions to
        either never changes the other. For a search that tries moves on copies: a few
        microseconds, hundreds of times faster than ``copy.deepcopy`` (``cribbage bench``
        measures both).

        >>> game = GameState.new(7, first_dealer=0)
        >>> twin = game.clone()
        >>> twin == game
        True
        >>> twin.toss(1, twin.legal_actions(1)[0].cards)
        >>> twin == game, game.tosses
        (False, [None, None])
        """
        twin = GameState.__new__(GameState)
        fields = self.__dict__.copy()
        # every field is immutable (numbers, text, tuples, frozen events and actions)
        # except these containers, copied one level down (``hands`` two)
        for name, value in fields.items():
            if type(value) is list:
                fields[name] = value.copy()
        fields["hands"] = [hand.copy() for hand in self.hands]
        fields["_steps"] = self._steps.copy()
        # the generators are copied only when one of the two games draws (a new deal):
        # copying one costs more than the rest of the clone
        fields["_rngs_shared"] = self._rngs_shared = True
        twin.__dict__ = fields
        return twin

    def _own_rngs(self) -> tuple[np.random.Generator, np.random.Generator]:
        """The chance generators, copied first if a clone shares them (see clone)."""
        if self._rngs_shared:
            self._cut_rng = _copy_generator(self._cut_rng)
            self._deal_rng = _copy_generator(self._deal_rng)
            self._rngs_shared = False
        return self._cut_rng, self._deal_rng

    def _cut_for_deal(self) -> int:
        """Each seat cuts a card; the lowest rank deals; equal lowest ranks cut again."""
        while True:
            drawn = _draw_cut(self._own_rngs()[0], self.rules.players)
            index = len(self.cuts)
            cut = tuple(self._scripted_cuts[index]) if index < len(self._scripted_cuts) \
                else tuple(int(c) for c in drawn)
            self.cuts.append(cut)
            dealer = _cut_dealer(cut)
            self.events.append(CutForDeal(cut, dealer))
            if dealer is not None:
                return dealer

    def _deal(self) -> None:
        if self._chance == "explicit":
            self._await_chance("deal")
            return
        drawn = _draw_deck(self._own_rngs()[1])
        index = len(self.decks)
        self._lay_out(self._scripted_decks[index] if index < len(self._scripted_decks)
                      else drawn)

    def _lay_out(self, deck: tuple[Card, ...]) -> None:
        """Deal ``deck``: the cards one at a time from the dealer's left round to the dealer
        (six each in the two-player game: the pone's from deck[0], deck[12] the starter),
        then the crib's card from the deck if the variant gives one, then the starter."""
        rules = self.rules
        players = rules.players
        self.deal_number += 1
        self.decks.append(deck)
        top = players * rules.cards_dealt
        self.dealt = [()] * players
        for j in range(players):  # j-th seat from the dealer's left
            self.dealt[(self.dealer + 1 + j) % players] = deck[j:top:players]
        self.hands = [list(d) for d in self.dealt]
        self.tosses: list[tuple[Card, ...] | None] = [None] * players
        self._deck_crib = deck[top:top + rules.crib_from_deck]
        self.starter: Card | None = None
        self._starter_in_deck = deck[top + rules.crib_from_deck]
        self.played: list[tuple[int, Card]] = []
        self.current: list[tuple[int, Card]] = []
        self.count = 0
        self.go_said = [False] * players
        self.to_play: int | None = None
        self.last_player: int | None = None
        self._steps = new_play_state(players)
        self.phase = Phase.DISCARD
        self.events.append(Dealt(self.deal_number, self.dealer, tuple(self.dealt)))
        if self.deal_number == 1 and rules.start_points and not any(self.start_scores):
            self._award(self.pone, rules.start_points, "pegging", "three for last",
                        (ScoreItem("three for last", (), rules.start_points),))

    def _clear_table(self) -> None:
        """An explicit-chance game before its first deal: no cards anywhere yet."""
        players = self.rules.players
        self.dealt = [()] * players
        self.hands = [[] for _ in range(players)]
        self.tosses = [None] * players
        self._deck_crib = ()
        self.starter = None
        self._starter_in_deck = -1
        self.played = []
        self.current = []
        self.count = 0
        self.go_said = [False] * players
        self.to_play = None
        self.last_player = None

    # ----------------------------------------------------------------- explicit chance
    @property
    def chance(self) -> str:
        """"seeded" (chance drawn from the seed inside each action) or "explicit"."""
        return self._chance

    def chance_outcomes(self) -> tuple[tuple[Card, float], ...]:
        """At a chance event (``current_player() == CHANCE``), every card chance may give
        next with its probability, as OpenSpiel's ``ChanceOutcomes``: the cut for deal is
        one card for each seat (seat 0 first; equal ranks cut again), the deal's cards in
        the deck's order (twelve with two players: the first to the pone, then round to the
        left; then the crib's card from the deck with three), the starter one of those left
        (forty with two players).

        >>> game = GameState.new(1, chance="explicit", first_dealer=0)
        >>> len(game.chance_outcomes()), game.chance_outcomes()[0]
        (52, (0, 0.019230769230769232))
        """
        if self.phase is not Phase.CHANCE:
            raise IllegalActionError("no chance event is pending: the game waits on "
                                     f"{'nobody' if self.is_over else 'a player'}")
        if self._chance_stage == "starter":
            out = {c for d in self.dealt for c in d} | set(self._deck_crib)
        else:
            out = set(self._chance_drawn)
        cards = [c for c in range(52) if c not in out]
        p = 1.0 / len(cards)
        return tuple((c, p) for c in cards)

    def set_chance(self, chance: str) -> None:
        """Take chance from the seed ("seeded") or one card at a time ("explicit") from
        now on; not in the middle of a chance event."""
        if chance not in CHANCE_MODES:
            raise IllegalActionError(f"chance is 'seeded' or 'explicit', not {chance!r}")
        if self.phase is Phase.CHANCE:
            raise IllegalActionError("a chance event is pending: deal its cards first")
        self._chance = chance

    def chance_stage(self) -> tuple[str, int]:
        """The pending chance event ("cut", "deal" or "starter") and how many of its cards
        have come."""
        if self.phase is not Phase.CHANCE or self._chance_stage is None:
            raise IllegalActionError("no chance event is pending")
        return self._chance_stage, len(self._chance_drawn)

    def apply_chance(self, card: Card) -> None:
        """Deprecated: ``apply(CHANCE, ChanceCard(card))`` does the same, as every other
        action is applied."""
        warnings.warn("apply_chance(card) is apply(CHANCE, ChanceCard(card))",
                      DeprecationWarning, stacklevel=2)
        self._deal_chance_card(card)

    def _deal_chance_card(self, card: Card) -> None:
        """Deal ``card`` at the pending chance event (one of :meth:`chance_outcomes`); any
        other card raises IllegalActionError and changes nothing."""
        try:
            card = check_card(card)
        except CardError as exc:
            raise IllegalActionError(f"bad chance outcome: {exc}") from exc
        if card not in dict(self.chance_outcomes()):
            raise IllegalActionError(f"{card_name(card)} cannot come now: it is already out")
        stage, drawn = self._chance_stage, self._chance_drawn
        if stage == "starter":
            dealt = self.decks[-1][:self._dealt_from_deck]
            rest = tuple(c for c in range(52) if c not in dealt and c != card)
            self.decks[-1] = (*dealt, card, *rest)
            self._starter_in_deck = card
            self._chance_stage = None
            self._cut_starter()
            return
        drawn.append(card)
        if stage == "cut" and len(drawn) == self.rules.players:
            cut = tuple(drawn)
            self.cuts.append(cut)
            dealer = _cut_dealer(cut)
            self.events.append(CutForDeal(cut, dealer))
            if dealer is None:
                self._await_chance("cut")
            else:
                self.dealer = dealer
                self._await_chance("deal")
        elif stage == "deal" and len(drawn) == self._dealt_from_deck:
            # the undealt cards in card order; the next becomes the starter when it comes
            self._chance_stage = None
            self._lay_out((*drawn, *(c for c in range(52) if c not in drawn)))

    def _await_chance(self, stage: str) -> None:
        self.phase = Phase.CHANCE
        self.to_play = None
        self._chance_stage = stage
        self._chance_drawn = []

    # ----------------------------------------------------------------- queries
    @property
    def _dealt_from_deck(self) -> int:
        """The cards a deal takes from the deck before the starter."""
        return self.rules.players * self.rules.cards_dealt + self.rules.crib_from_deck

    @property
    def players(self) -> int:
        return self.rules.players

    def left_of(self, seat: int) -> int:
        """The seat on ``seat``'s left, who is dealt to, tosses, plays and shows after it."""
        return (seat + 1) % self.rules.players

    def side_of(self, seat: int) -> int:
        """The score ``seat`` pegs on (``scores`` is by side)."""
        return self.rules.side_of(seat)

    @property
    def pone(self) -> int:
        """The seat on the dealer's left: it tosses, leads and shows first."""
        return self.left_of(self.dealer)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The tossed cards by seat, then the card from the deck (three players)."""
        return tuple(c for t in self.tosses if t is not None for c in t) + self.deck_crib

    @property
    def rules(self) -> Rules:
        """The variant's rules (``engine.rules.Rules``), fixed when the game is made."""
        return self._rules

    @property
    def deck_crib(self) -> tuple[Card, ...]:
        """This deal's crib cards dealt from the deck (one with three players)."""
        return self._deck_crib

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def current_player(self) -> int:
        """The seat to act now, numbered as OpenSpiel numbers players: 0 to players - 1, or
        :data:`TERMINAL` (-4) once the game is over. In the discard every seat owes a throw:
        from the dealer's left round (the dealer waits for the others' cards) to the dealer.
        Chance (the cut for deal, each deal, the starter) is drawn from the seed inside
        :meth:`apply`, so a seeded game never waits on it; an explicit-chance game does, and
        is then at :data:`CHANCE` (-1).

        >>> game = GameState.new(7, first_dealer=0)
        >>> game.current_player() == game.pone == 1
        True
        """
        if self.is_over:
            return TERMINAL
        if self.phase is Phase.CHANCE:
            return CHANCE
        if self.phase is Phase.DISCARD:  # from the dealer's left round to the dealer
            seat = self.pone
            while self.tosses[seat] is not None:
                seat = self.left_of(seat)
            return seat
        assert self.to_play is not None  # someone is to act while the game goes on
        return self.to_play

    def returns(self, objective: str = "win") -> tuple[float, ...]:
        """Each seat's return, zero-sum: 0 each while the game goes on; at its end +1 to the
        winner and -1 to the loser (``objective="win"``), or the ACC match points of the
        game (``"acc"``: 2, or 3 for a skunk). With more sides the losers share the
        loss; partners share their side's return.

        >>> GameState.new(7).returns()
        (0.0, 0.0)
        """
        if objective not in ("win", "acc"):
            raise ValueError(f"unknown objective {objective!r}: win or acc")
        if self.winner is None:
            return (0.0,) * self.rules.players
        value = 1.0 if objective == "win" else float(match_points(self.skunk))
        loss = -value / (self.rules.sides - 1)
        return tuple(value if self.side_of(seat) == self.winner else loss
                     for seat in range(self.rules.players))

    def kept(self, seat: int) -> tuple[Card, ...]:
        toss = self.tosses[seat] or ()
        return tuple(c for c in self.dealt[seat] if c not in toss)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty when it is not that seat's move);
        ``legal_actions(CHANCE)`` the cards chance may give at a chance event, as actions
        (their probabilities: :meth:`chance_outcomes`)."""
        if seat == CHANCE and not isinstance(seat, bool):
            if self.phase is not Phase.CHANCE:
                return ()
            return tuple(ChanceCard(c) for c, _ in self.chance_outcomes())
        self._check_seat(seat)
        if self.phase is Phase.DISCARD:
            if self.tosses[seat] is not None:
                return ()
            return tuple(Toss(pair) for pair in combinations(self.dealt[seat],
                                                             self.rules.cards_to_crib))
        if self.phase is Phase.PLAY and self.to_play == seat:
            cards = tuple(PlayCard(c) for i, c in enumerate(self.hands[seat])
                          if card_fits(self._steps, seat, i))
            return cards or (GO,)
        if self.phase in (Phase.COUNT, Phase.PEG) and self.to_play == seat:
            return tuple(Claim(p) for p in range(MAX_CLAIM + 1))
        return ()

    def resample_from_infostate(self, seat: int, rng: np.random.Generator) -> GameState:
        """A copy of the game in which what ``seat`` cannot see (the other seats' unplayed
        cards and throws, a partner's too, the crib's card from the deck, the undealt
        cards, the deals to come) is drawn again with ``rng``, consistently with all it saw
        (OpenSpiel's ``ResampleFromInfostate``; see :mod:`engine.resample`): the
        determinization an information-set search plays, in every variant."""
        return _resample.resample_from_infostate(self, seat, rng)

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` knows of the game, nothing hidden from it, as one string
        (OpenSpiel's ``InformationStateString``; see :mod:`engine.infostate`): two states
        that seat cannot tell apart give the same string, any others different ones."""
        return _infostate.information_state_string(self, seat)

    def _showing(self) -> tuple[int, str, tuple[Card, ...]]:
        """(seat, "hand" or "crib", cards) of show step ``self.show_step``: the hands from
        the dealer's left round to the dealer, then the crib (SHOW_ORDER with two)."""
        assert self.show_step is not None  # only asked during the show
        if self.show_step == self.rules.players:
            return self.dealer, "crib", self.crib
        seat = (self.dealer + 1 + self.show_step) % self.rules.players
        return seat, "hand", self.kept(seat)

    def observation(self, seat: int) -> Observation:
        """The view of ``seat``: its own cards and everything public, nothing else."""
        self._check_seat(seat)
        toss = self.tosses[seat]
        return Observation(
            seat=seat, phase=self.phase, deal=self.deal_number, dealer=self.dealer,
            scores=tuple(self.scores), dealt=tuple(self.dealt[seat]),
            toss=toss, hand=tuple(self.hands[seat]),
            opponent_tossed=all(t is not None for s, t in enumerate(self.tosses)
                                if s != seat),
            starter=self.starter,
            count=self.count, current=tuple(self.current), played=tuple(self.played),
            go_said=tuple(self.go_said),
            opponent_cards_left=sum(len(h) for s, h in enumerate(self.hands) if s != seat),
            to_play=self.to_play,
            legal_actions=self.legal_actions(seat), winner=self.winner,
            show=self._showing() if self.phase is Phase.COUNT else None,
            rules=self._rules,
        )

    # ----------------------------------------------------------------- actions
    def apply(self, seat: int, action: Action) -> None:
        """Carry out ``action`` for ``seat``; an illegal one raises IllegalActionError and
        changes nothing. Chance's moves too, in an explicit-chance game:
        ``apply(CHANCE, ChanceCard(card))`` deals ``card`` at the pending chance event.

        >>> game = GameState.new(1, chance="explicit", first_dealer=0)
        >>> for _ in range(12):
        ...     game.apply(CHANCE, game.legal_actions(CHANCE)[0])
        >>> game.phase, game.dealt[1]
        (<Phase.DISCARD: 'discard'>, (0, 2, 4, 6, 8, 10))
        """
        chance = seat == CHANCE and not isinstance(seat, bool)
        if isinstance(action, ChanceCard):
            if not chance:
                raise IllegalActionError(f"only chance (seat {CHANCE}) gives a card, not "
                                         f"seat {seat!r}")
            self._deal_chance_card(action.card)
        elif chance:
            raise IllegalActionError(f"chance's actions are ChanceCard(card), not {action!r}")
        elif isinstance(action, Toss):
            self.toss(seat, action.cards)
        elif isinstance(action, PlayCard):
            self.play(seat, action.card)
        elif isinstance(action, Go):
            self.go(seat)
        elif isinstance(action, Claim):
            self.claim(seat, action.points)
        else:
            raise IllegalActionError(f"not an action: {action!r}")

    def toss(self, seat: int, cards: tuple[Card, ...] | list[Card]) -> None:
        """Put two of ``seat``'s six dealt cards into the crib (the variant's number of its
        cards: one of five with three or four players, two of five in five-card)."""
        self._check_seat(seat)
        self._check_phase(Phase.DISCARD, "toss cards to the crib")
        if self.tosses[seat] is not None:
            raise IllegalActionError(f"seat {seat} has already tossed to the crib")
        try:
            pair = tuple(check_distinct(cards, "the toss"))
        except CardError as exc:
            raise IllegalActionError(f"bad toss: {exc}") from exc
        wanted = self.rules.cards_to_crib
        if len(pair) != wanted:
            raise IllegalActionError(f"toss exactly {('one card', 'two cards')[wanted - 1]} "
                                     f"to the crib, not {len(pair)}")
        for c in pair:
            if c not in self.dealt[seat]:
                raise IllegalActionError(f"{card_name(c)} is not in seat {seat}'s hand")
        self.tosses[seat] = pair
        self.hands[seat] = [c for c in self.dealt[seat] if c not in pair]
        self.actions.append((seat, Toss(pair)))
        self.events.append(Tossed(seat, pair))
        if all(t is not None for t in self.tosses):
            if self._chance == "explicit":
                self._await_chance("starter")
            else:
                self._cut_starter()

    def play(self, seat: int, card: Card) -> None:
        """Play ``card`` from ``seat``'s hand onto the count."""
        self._check_seat(seat)
        self._check_turn(seat, "play a card")
        try:
            card = check_card(card)
        except CardError as exc:
            raise IllegalActionError(f"bad play: {exc}") from exc
        if card not in self.hands[seat]:
            raise IllegalActionError(f"{card_name(card)} is not in seat {seat}'s hand")
        index = self.hands[seat].index(card)
        if not card_fits(self._steps, seat, index):
            raise IllegalActionError(f"{card_name(card)} would make {self.count + PIPS[card]}"
                                     f"; the count may not pass {MAX_COUNT}")
        self.actions.append((seat, PlayCard(card)))
        points = int(play_card_in_order(self._steps, seat, index))
        del self.hands[seat][index]
        self.current.append((seat, card))
        self.played.append((seat, card))
        self.count = new_count = int(self._steps[COUNT])
        self.last_player = seat
        self.events.append(Played(seat, card, new_count))
        items = tuple(peg_breakdown([c for _, c in self.current]))
        if sum(i.points for i in items) != points:  # the breakdown explains the step's points
            raise RuntimeError(f"the play's points disagree: {items} against {points}")
        if self.manual_pegging[seat]:
            self._wait_for_peg(seat, "card", items, new_count)
            return
        if items:
            self._peg(seat, items)
            if self.winner is not None:
                return
        self._advance()

    def _peg(self, seat: int, items: tuple[ScoreItem, ...]) -> None:
        """Award pegging points: "fifteen and a pair", "go", "last card" ..."""
        reason = " and ".join(item.label for item in items)
        self._award(seat, sum(i.points for i in items), "pegging", reason, items)

    def _wait_for_peg(self, seat: int, kind: str, items: tuple[ScoreItem, ...],
                      then: int) -> None:
        self.phase = Phase.PEG
        self.to_play = seat
        self._peg_pending = (kind, items, then)

    def go(self, seat: int) -> None:
        """Say go: only when ``seat`` holds cards and none of them fits."""
        self._check_seat(seat)
        self._check_turn(seat, "say go")
        if any_fits(self._steps, seat):
            raise IllegalActionError(
                f"seat {seat} cannot say go at {self.count}: it has a card that fits")
        self.actions.append((seat, GO))
        say_go(self._steps, seat)
        self.go_said[seat] = True
        self.events.append(SaidGo(seat, self.count))
        self._advance()

    def claim(self, seat: int, points: int) -> None:
        """Manual counting: ``seat`` claims ``points`` for the hand or crib being shown, or
        (manual pegging) for the card it played or the go it won."""
        self._check_seat(seat)
        if self.phase is not Phase.PEG:
            self._check_phase(Phase.COUNT, "claim a count")
        if self.to_play != seat:
            raise IllegalActionError(f"seat {seat} cannot claim: seat {self.to_play} is "
                                     f"counting")
        if isinstance(points, bool) or not isinstance(points, int) \
                or not 0 <= points <= MAX_CLAIM:
            raise IllegalActionError(f"a count is a whole number from 0 to {MAX_CLAIM}, "
                                     f"not {points!r}")
        if self.phase is Phase.PEG:
            self._claim_pegging(seat, points)
            return
        self.actions.append((seat, Claim(points)))
        _, what, cards = self._showing()
        assert self.starter is not None and self.show_step is not None  # in the show
        items = tuple(score_breakdown(cards, self.starter, is_crib=what == "crib"))
        actual = sum(i.points for i in items)
        self.events.append(Claimed(seat, what, points, actual))
        self.to_play = None
        self._award(seat, min(points, actual), what, what, items)
        if self.winner is None and self.muggins and points < actual:
            self._award(self._mugger(seat), actual - points, "muggins", "muggins", items)
        if self.winner is None:
            self._show(self.show_step + 1)

    def _claim_pegging(self, seat: int, points: int) -> None:
        self.actions.append((seat, Claim(points)))
        assert self._peg_pending is not None  # Phase.PEG waits on it
        kind, items, then = self._peg_pending
        self._peg_pending = None
        actual = sum(i.points for i in items)
        self.events.append(Claimed(seat, "pegging", points, actual))
        self.phase = Phase.PLAY
        self.to_play = None
        if points >= actual:
            if items:
                self._peg(seat, items)  # exactly what the automatic play awards
        else:
            if points:
                self._award(seat, points, "pegging", "claimed", items)
            if self.winner is None and self.muggins:
                self._award(self._mugger(seat), actual - points, "muggins", "muggins", items)
        if self.winner is not None:
            return
        if kind == "card":
            self._advance()
        elif then:  # the last card of the play: the show
            self._show()
        else:
            self._reset_count()
            self._advance()

    # ----------------------------------------------------------------- the flow
    def _cut_starter(self) -> None:
        self.starter = self._starter_in_deck
        self.events.append(StarterCut(self.starter))
        if self.starter >> 2 == JACK:
            self._award(self.dealer, 2, "his_heels", "his heels",
                        (ScoreItem("his heels", (self.starter,), 2),))
            if self.winner is not None:
                return
        self.phase = Phase.PLAY
        rules = self.rules
        play_begin(self._steps, np.array(self.hands, dtype=np.int64), self.dealer,
                   rules.players, rules.kept, rules.one_count)
        self._advance()

    def _advance(self) -> None:
        """Give the move to the seat the play's steps name (to play a card, or to say go);
        when no one can act, the count closes: the go (or last card) is pegged, a 31 scores
        nothing more, and after the last card (in five-card, after the first count) comes
        the show."""
        while True:
            mover = int(play_mover(self._steps))
            if mover >= 0:
                self.to_play = mover
                return
            self.to_play = None
            last_card = not any(self.hands)
            scorer = int(close_count(self._steps))
            all_played = bool(play_over(self._steps))  # or five-card's one count is over
            if scorer >= 0:
                reason = "last card" if last_card else "go"
                items = (ScoreItem(reason, tuple(c for _, c in self.current), 1),)
                if self.manual_pegging[scorer]:
                    self._wait_for_peg(scorer, "go", items, int(all_played))
                    return
                self._peg(scorer, items)
                if self.winner is not None:
                    return
                if all_played:
                    self._show()
                    return
            self._reset_count()
            if all_played:  # the last card made 31
                self._show()
                return

    def _reset_count(self) -> None:
        self.events.append(CountReset(self.count))
        self.count = 0
        self.current = []
        self.go_said = [False] * self.rules.players

    def _show(self, start: int = 0) -> None:
        """Count the hands from the dealer's left round to the dealer, then the crib, from
        step ``start``; pause for a claim at a manually counting seat's hand or crib."""
        assert self.starter is not None  # the show follows the cut
        for step in range(start, self.rules.players + 1):
            self.show_step = step
            seat, what, cards = self._showing()
            self.events.append(Show(seat, what, cards, self.starter))
            if self.manual_count[seat]:
                self.phase = Phase.COUNT
                self.to_play = seat
                return
            items = tuple(score_breakdown(cards, self.starter, is_crib=what == "crib"))
            self._award(seat, sum(i.points for i in items), what, what, items)
            if self.winner is not None:
                return
        self.show_step = None
        self.dealer = self.left_of(self.dealer)
        self._deal()

    def _award(self, seat: int, points: int, source: str, reason: str,
               items: tuple[ScoreItem, ...]) -> None:
        side, target = self.side_of(seat), self.rules.target
        self.scores[side] = min(target, self.scores[side] + points)
        self.events.append(Scored(seat, points, source, reason, items, self.scores[side]))
        if self.scores[side] >= target:
            self.winner = side
            self.phase = Phase.GAME_OVER
            self.to_play = None
            runner_up = max(s for other, s in enumerate(self.scores) if other != side)
            skunk = skunk_of(runner_up, self.rules)
            self.events.append(GameOver(side, tuple(self.scores), skunk))

    def _mugger(self, seat: int) -> int:
        """Who pegs the points ``seat`` missed (muggins): the first seat on its left of
        another side."""
        other = self.left_of(seat)
        while self.side_of(other) == self.side_of(seat):
            other = self.left_of(other)
        return other

    # ----------------------------------------------------------------- checks
    def _check_seat(self, seat: object) -> None:
        players = self.rules.players
        if seat not in range(players) or isinstance(seat, bool):
            seats = "0 or 1" if players == 2 else f"0 to {players - 1}"
            raise IllegalActionError(f"seat must be {seats}, not {seat!r}")

    def _check_phase(self, phase: Phase, doing: str) -> None:
        if self.phase is not phase:
            raise IllegalActionError(f"cannot {doing} now: the game is in the {self.phase} "
                                     f"phase")

    def _check_turn(self, seat: int, doing: str) -> None:
        self._check_phase(Phase.PLAY, doing)
        if self.to_play != seat:
            raise IllegalActionError(f"seat {seat} cannot {doing}: it is seat "
                                     f"{self.to_play}'s turn")

    # ----------------------------------------------------------------- results & records
    @property
    def skunk(self) -> int:
        """0, 1 (skunk) or 2 (double skunk) once the game is over; 0 before."""
        return self.events[-1].skunk if isinstance(self.events[-1], GameOver) else 0

    def to_record(self) -> dict[str, Any]:
        """The full record: setup, every chance outcome, every action and event. An
        explicit-chance game is recorded between its chance events, not in one (its deck
        is whole only once the deal is)."""
        if self.phase is Phase.CHANCE:
            raise IllegalActionError("a game waiting on chance has no record yet: deal the "
                                     "pending cards (apply(CHANCE, ...)) first")
        return _record.to_record(self)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_record(), indent=indent)

    @classmethod
    def from_record(cls, data: dict[str, Any], seeded: bool = False) -> GameState:
        """Rebuild a game by replaying a record; raises RecordError if it does not replay
        to exactly the recorded events and result (with ``seeded``, also if its decks and
        cuts are not those its seed draws: a prepared or altered deal)."""
        return _record.from_record(cls, data, seeded)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return _record.from_json(cls, text)

    def snapshot(self) -> dict[str, Any]:
        """Every field of the state, JSON-ready, the random generators' positions included:
        two states are equal iff their snapshots are."""
        fields = {k: v for k, v in vars(self).items() if not k.startswith("_")}
        fields["events"] = [event_to_dict(e) for e in self.events]
        fields["actions"] = [_record.action_to_list(s, a) for s, a in self.actions]
        fields["phase"] = str(self.phase)
        fields["rng"] = [self._cut_rng.bit_generator.state, self._deal_rng.bit_generator.state]
        if self._chance == "explicit":  # its generators are never drawn from
            fields["rng"] = None
            fields["chance"] = [self._chance, self._chance_stage, list(self._chance_drawn)]
        fields["starter_in_deck"] = self._starter_in_deck
        if self._rules != RULES:  # (the two-player six-card game's snapshots are as before)
            fields["rules"] = list(self._rules)
            fields["deck_crib"] = list(self._deck_crib)
        fields["play_steps"] = self._steps.tolist()  # the play's state in engine._play's steps
        pending = self._peg_pending
        fields["peg_pending"] = None if pending is None else [
            pending[0], [[i.kind, list(i.cards), i.points] for i in pending[1]], pending[2]]
        return json.loads(json.dumps(fields, default=list))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<GameState deal {self.deal_number} {self.phase} scores {self.scores} "
                f"dealer {self.dealer}>")


def _chance_generators(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    """The generators of a game's cuts for deal and of its decks, from its seed."""
    cut_seq, deal_seq = np.random.SeedSequence(seed).spawn(2)
    return np.random.default_rng(cut_seq), np.random.default_rng(deal_seq)


def _copy_generator(rng: np.random.Generator) -> np.random.Generator:
    bits = type(rng.bit_generator)()
    bits.state = rng.bit_generator.state
    return np.random.Generator(bits)


def _draw_cut(rng: np.random.Generator, players: int = 2) -> np.ndarray:
    return rng.choice(52, size=players, replace=False)


def _cut_dealer(cut: tuple[Card, ...]) -> int | None:
    """Who deals after a cut for deal (one card a seat): the lowest rank; None when two or
    more share it (they cut again)."""
    ranks = [c >> 2 for c in cut]
    low = min(ranks)
    return ranks.index(low) if ranks.count(low) == 1 else None


def _draw_deck(rng: np.random.Generator) -> tuple[Card, ...]:
    return tuple(int(c) for c in rng.permutation(52))


def why_illegal(obs: Observation, action: Action) -> str | None:
    """Why ``action`` is not allowed for ``obs.seat`` now, in a player's words; None when it
    is legal. For front ends that refuse a click with a short message.

    >>> from engine.cards import parse_card
    >>> game = GameState.new(3, first_dealer=0)
    >>> why_illegal(game.observation(1), PlayCard(game.observation(1).hand[0]))
    'throw two cards to the crib first'
    """
    if action in obs.legal_actions:
        return None
    if obs.phase is Phase.GAME_OVER:
        return "the game is over"
    rules = obs.rules
    tossed = ("one card", "two cards")[rules.cards_to_crib - 1]
    if isinstance(action, Toss):
        if obs.phase is not Phase.DISCARD or obs.toss is not None:
            return "the crib is already made"
        return (f"choose {('one', 'two')[rules.cards_to_crib - 1]} of your "
                f"{('five', 'six')[rules.cards_dealt - 5]} cards for the crib")
    if isinstance(action, PlayCard | Go):
        if obs.phase is Phase.DISCARD:
            return f"throw {tossed} to the crib first"
        if obs.phase is Phase.PEG and obs.to_play == obs.seat:
            return "peg your points for that card first"
        if obs.phase is Phase.COUNT or obs.to_play != obs.seat:
            return "it is not your turn to play"
        if isinstance(action, Go):
            return "you have a card you can play"
        if action.card not in obs.hand:
            return "that card is not in your hand"
        return f"that would make {obs.count + PIPS[action.card]}"
    if isinstance(action, Claim):
        if obs.phase not in (Phase.COUNT, Phase.PEG) or obs.to_play != obs.seat:
            return "there is nothing for you to count now"
        return f"a count is a whole number from 0 to {MAX_CLAIM}"
    return "that is not a move in cribbage"


def stacked_deck(pone: list[Card], dealer: list[Card], starter: Card | None = None
                 ) -> tuple[Card, ...]:
    """A 52-card deck order that deals ``pone`` and ``dealer`` their six cards and turns
    ``starter`` (if given); the other cards follow in order. For scripted tests and demos."""
    pone, dealer = list(pone), list(dealer)
    fixed = check_distinct(pone + dealer + ([] if starter is None else [starter]), "the deal")
    if len(pone) != 6 or len(dealer) != 6:
        raise IllegalActionError("each player is dealt exactly six cards")
    rest = [c for c in range(52) if c not in fixed]
    top = [c for pair in zip(pone, dealer, strict=True) for c in pair]
    return tuple(top + ([starter] if starter is not None else []) + rest)
