"""What the table shows, kept up to date from the match driver's events.

A projection of the events from one seat's point of view: the GUI renders this model and
never computes a rule or a score itself (counts, points and totals all arrive in events).
The opponent's cards stay face down unless ``reveal`` is set (AI-vs-AI watching) or they are
shown in the show. In pass and play (``pass_and_play``: two people at one screen) the model
knows both hands, and ``my_seat`` is whoever the screen has been handed to; while
``covered`` (the "pass to" screen is up) no hand is face up, and the log never names a card
that was not shown to both. ``log`` is the play-by-play: one :class:`LogEntry` per thing that
happened, with the cards involved, for the log panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.match.driver import DecisionMade, Forfeited, GameStarted
from cribbage_gui.app.texts import (
    YOU,
    announce,
    cards_text,
    crib_of,
    possessive,
    result_sentence,
    says,
    side_names,
    spoken_count,
)
from engine.cards import card_label
from engine.events import (
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    GameOver,
    Played,
    SaidGo,
    Scored,
    Show,
    StarterCut,
    Tossed,
)
from engine.rules import RULES, Rules
from engine.scoring import ScoreItem


@dataclass
class ShowStage:
    """A hand or the crib laid out in the show, and its count once scored."""

    seat: int
    what: str  # "hand" or "crib"
    cards: tuple[int, ...]
    starter: int
    items: tuple[ScoreItem, ...] = ()
    points: int | None = None
    claimed: int | None = None  # manual counting: what the player claimed

    @property
    def spoken(self) -> str:
        return spoken_count(self.items) if self.points is not None else ""


@dataclass(frozen=True)
class LogEntry:
    """One line of the play-by-play. ``kind``: game, cut, deal, toss, starter, play, go,
    score, reset, show, claim, end; ``seat`` is whose it is (None: nobody's)."""

    deal: int
    kind: str
    text: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    points: int = 0


@dataclass
class TableModel:
    my_seat: int
    names: tuple[str, ...] = ("You", "Computer")  # by seat
    reveal: bool = False  # show the opponent's cards (AI-vs-AI)
    pass_and_play: bool = False  # two people at one screen: ``my_seat`` is the viewer
    covered: bool = False  # pass and play: the screen is being handed over, no hand shown
    deal: int = 0
    dealer: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    back_pegs: list[int] = field(default_factory=lambda: [0, 0])  # the previous scores
    hands: list[list[int]] = field(default_factory=lambda: [[], []])  # held, dealt order
    hidden: list[int] = field(default_factory=lambda: [0, 0])  # face-down cards per seat
    tossed: list[tuple[int, ...]] = field(default_factory=lambda: [(), ()])
    starter: int | None = None
    current: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    count: int = 0
    played: list[list[int]] = field(default_factory=lambda: [[], []])  # this deal, by seat
    go_at: list[int | None] = field(default_factory=lambda: [None, None])  # count of a go
    show: ShowStage | None = None
    cuts: list[tuple[int, ...]] = field(default_factory=list)
    game_over: GameOver | None = None
    forfeit: str | None = None
    forfeit_reason: str | None = None  # why the loser forfeited (the engine's fault)
    log: list[LogEntry] = field(default_factory=list)
    rules: Rules = RULES  # the variant: its seats, its sides, its cards
    # pass and play with computer players too (three or four): the people's seats, whose
    # cards the model keeps; () is every seat (two people)
    people_seats: tuple[int, ...] = ()
    crib_backs: int = 0  # the crib's cards dealt from the deck this deal (face down)

    def __post_init__(self) -> None:
        n, sides = self.rules.players, self.rules.sides
        if n != 2:  # the lists by seat, and the scores by side (a partnership's one)
            self.scores, self.back_pegs = [0] * sides, [0] * sides
            self.hands = [[] for _ in range(n)]
            self.hidden, self.go_at = [0] * n, [None] * n
            self.tossed = [() for _ in range(n)]
            self.played = [[] for _ in range(n)]

    @property
    def opponent(self) -> int:
        return 1 - self.my_seat

    @property
    def seats(self) -> range:
        return range(self.rules.players)

    @property
    def others(self) -> list[int]:
        """The other seats from this seat's left round (the opponent, with two)."""
        n = self.rules.players
        return [(self.my_seat + i) % n for i in range(1, n)]

    @property
    def side_names(self) -> tuple[str, ...]:
        """The name of each score: a player's, or a partnership's."""
        return side_names(self.names, self.rules.sides)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    @property
    def go_said(self) -> list[bool]:
        return [at is not None for at in self.go_at]

    def visible(self, seat: int) -> bool:
        """Are ``seat``'s cards face up on this table?"""
        return not self.covered and (seat == self.my_seat or self.reveal)

    def known(self, seat: int) -> bool:
        """Does the model keep ``seat``'s cards (to show them when it may)?"""
        return (self.pass_and_play and (not self.people_seats or seat in self.people_seats)
                or seat == self.my_seat or self.reveal)

    def public(self, seat: int) -> bool:
        """May the log name ``seat``'s unplayed cards? (Not in pass and play: both people
        read the same log.)"""
        return not self.pass_and_play and (seat == self.my_seat or self.reveal)

    def hand_to(self, seat: int) -> None:
        """Pass and play: the screen is handed to ``seat``, whose cards it shows."""
        self.my_seat, self.covered = seat, False

    def apply(self, event) -> str:
        """Update from one driver event; return its kind (the event's ``type``)."""
        kind = getattr(event, "type", type(event).__name__)
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)
        return kind

    def _say(self, kind: str, text: str, seat: int | None = None,
             cards: tuple[int, ...] = (), points: int = 0) -> None:
        self.log.append(LogEntry(self.deal, kind, text, seat, tuple(cards), points))

    # ------------------------------------------------------------------ handlers
    def _on_GameStarted(self, e: GameStarted) -> None:
        if any(entry.kind == "game" for entry in self.log):
            return  # the same game resumed (a save, an undo): already announced
        self._say("game", f"Game {e.index + 1}: {' v '.join(self.side_names)}")

    def _on_CutForDeal(self, e: CutForDeal) -> None:
        self.cuts.append(e.cards)
        cuts = ", ".join(f"{self.names[seat]} {card_label(card)}"
                         for seat, card in enumerate(e.cards))
        if e.dealer is None:
            self._say("cut", f"Cut for deal: {cuts}. A tie: cut again.", cards=e.cards)
        else:
            self._say("cut", f"Cut for deal: {cuts}. {says(self.names[e.dealer], 'deal')} "
                             f"first.", e.dealer, e.cards)

    def _on_Dealt(self, e: Dealt) -> None:
        self.deal, self.dealer = e.deal, e.dealer
        # pass and play: both people may be watching the show that ended; the new hands
        # stay face down until the screen is handed to the first to discard
        self.covered = self.covered or self.pass_and_play
        for seat in self.seats:
            self.hands[seat] = list(e.hands[seat]) if self.known(seat) else []
            # face-down cards; in pass and play, how many the seat holds either way
            self.hidden[seat] = self.rules.cards_dealt \
                if self.pass_and_play or not self.known(seat) else 0
            self.tossed[seat] = ()
            self.played[seat] = []
        self.crib_backs = self.rules.crib_from_deck
        self.starter = None
        self.current, self.count = [], 0
        self.go_at = [None] * self.rules.players
        self.show = None
        self._say("deal", f"Deal {e.deal}: {says(self.names[e.dealer], 'deal')}.", e.dealer)

    def _on_Tossed(self, e: Tossed) -> None:
        self.tossed[e.seat] = e.cards
        assert self.dealer is not None, "the cards are tossed after the deal"
        # "Mueller throws two cards to their own crib", not "... to Mueller's crib"
        crib = "their own crib" if e.seat == self.dealer and self.names[e.seat] != YOU \
            else crib_of(self.names[self.dealer])
        tossed = self.rules.cards_to_crib
        if self.pass_and_play:
            self.hidden[e.seat] -= tossed
        if self.known(e.seat):
            self.hands[e.seat] = [c for c in self.hands[e.seat] if c not in e.cards]
        if self.public(e.seat):
            self._say("toss", f"{says(self.names[e.seat], 'throw')} {cards_text(e.cards)} to "
                              f"{crib}.", e.seat, e.cards)
        else:
            if not self.known(e.seat) and not self.pass_and_play:
                self.hidden[e.seat] -= tossed
            what = "two cards" if tossed == 2 else "a card" if tossed == 1 else f"{tossed} cards"
            self._say("toss", f"{says(self.names[e.seat], 'throw')} {what} to {crib}.",
                      e.seat)

    def _on_StarterCut(self, e: StarterCut) -> None:
        self.starter = e.card
        self._say("starter", f"The starter: {card_label(e.card)}.", cards=(e.card,))

    def _on_Played(self, e: Played) -> None:
        if self.known(e.seat):
            self.hands[e.seat].remove(e.card)
        if self.pass_and_play or not self.known(e.seat):
            self.hidden[e.seat] -= 1
        self.current.append((e.seat, e.card))
        self.played[e.seat].append(e.card)
        self.count = e.count
        self._say("play", f"{self.names[e.seat]}: {card_label(e.card)}, {e.count}.", e.seat,
                  (e.card,))

    def _on_SaidGo(self, e: SaidGo) -> None:
        self.go_at[e.seat] = e.count
        self._say("go", f"{self.names[e.seat]}: go at {e.count}.", e.seat)

    def _on_CountReset(self, e: CountReset) -> None:
        self.current, self.count = [], 0
        self.go_at = [None] * self.rules.players
        self._say("reset", f"The count of {e.count} ends; a new count starts at 0.")

    def _on_Show(self, e: Show) -> None:
        self.show = ShowStage(e.seat, e.what, e.cards, e.starter)
        if e.what == "hand" and (self.pass_and_play or not self.known(e.seat)):
            self.hidden[e.seat] = 0
        if e.what == "hand":  # laid out: five-card's cards the play left are in the show
            self.hands[e.seat] = []
        if e.what == "crib":
            self.crib_backs = 0
        self.current = []

    def _on_Claimed(self, e: Claimed) -> None:
        if self.show is not None and e.what in ("hand", "crib"):
            self.show.claimed = e.claimed
        self._say("claim", f"{says(self.names[e.seat], 'claim')} {e.claimed} for the "
                           f"{e.what}; it holds {e.actual}.", e.seat)

    def _on_Scored(self, e: Scored) -> None:
        side = self.side_of(e.seat)
        self.back_pegs[side] = self.scores[side]
        self.scores[side] = e.total
        cards = tuple(dict.fromkeys(c for item in e.items for c in item.cards))
        if e.source in ("hand", "crib") and self.show is not None:
            self.show.items, self.show.points = e.items, e.points
            held = sum(item.points for item in e.items)
            # counted by hand and under-claimed: what was pegged, then what it held
            count = f"{e.points}: {spoken_count(e.items)}" if e.points == held else \
                f"pegs {e.points} of the {held} it holds ({spoken_count(e.items)})"
            self._say("score", f"{possessive(self.names[e.seat])} {e.source} "
                               f"({cards_text(self.show.cards)} + "
                               f"{card_label(self.show.starter)}): {count}.", e.seat, cards,
                      e.points)
        else:
            shown = "" if e.reason in ("go", "last card") or not cards else \
                f" ({cards_text(cards)})"
            said = announce(e.source, e.points, e.items, e.reason)
            self._say("score", f"{self.names[e.seat]}: {said}{shown}, now {e.total}.", e.seat,
                      cards, e.points)

    def _on_GameOver(self, e: GameOver) -> None:
        self.game_over = e
        self._say("end", result_sentence(self.side_names, e.winner, e.scores, e.skunk) + ".",
                  e.winner if self.rules.sides == self.rules.players else None)

    def _on_Forfeited(self, e: Forfeited) -> None:
        self.forfeit = f"{self.names[e.seat]} forfeits ({e.reason})."
        self.forfeit_reason = e.reason
        self._say("end", self.forfeit, e.seat)
        self._on_GameOver(GameOver(1 - e.seat, e.scores, 0))

    def _on_DecisionMade(self, e: DecisionMade) -> None:
        pass
