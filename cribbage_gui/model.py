"""What the table shows, kept up to date from the match driver's events.

A projection of the events from one seat's point of view: the GUI renders this model and
never computes a rule or a score itself (counts, points and totals all arrive in events).
The opponent's cards stay face down unless ``reveal`` is set (AI-vs-AI watching) or they are
shown in the show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.match.driver import DecisionMade, GameStarted
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
from engine.scoring import ScoreItem, count_aloud


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
        return count_aloud(self.items) if self.points is not None else ""


@dataclass
class TableModel:
    my_seat: int
    names: tuple[str, str] = ("You", "Computer")
    reveal: bool = False  # show the opponent's cards (AI-vs-AI)
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
    go_said: list[bool] = field(default_factory=lambda: [False, False])
    show: ShowStage | None = None
    cuts: list[tuple[int, int]] = field(default_factory=list)
    game_over: GameOver | None = None
    last_points: tuple[int, int, str, tuple[ScoreItem, ...]] | None = None  # seat, pts
    log: list[str] = field(default_factory=list)

    @property
    def opponent(self) -> int:
        return 1 - self.my_seat

    def visible(self, seat: int) -> bool:
        """Are ``seat``'s cards face up on this table?"""
        return seat == self.my_seat or self.reveal

    def apply(self, event) -> str:
        """Update from one driver event; return its kind (the event's ``type``)."""
        kind = getattr(event, "type", type(event).__name__)
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)
        return kind

    # ------------------------------------------------------------------ handlers
    def _on_GameStarted(self, e: GameStarted) -> None:
        self.log.append(f"Game {e.index + 1}: {self.names[0]} v {self.names[1]}")

    def _on_CutForDeal(self, e: CutForDeal) -> None:
        self.cuts.append(e.cards)
        if e.dealer is None:
            self.log.append("The cut is a tie: cut again.")
        else:
            self.log.append(f"{self.names[e.dealer]} cut the lower card: "
                            f"{says(self.names[e.dealer], 'deal')} first.")

    def _on_Dealt(self, e: Dealt) -> None:
        self.deal, self.dealer = e.deal, e.dealer
        for seat in (0, 1):
            self.hands[seat] = list(e.hands[seat]) if self.visible(seat) else []
            self.hidden[seat] = 0 if self.visible(seat) else 6
            self.tossed[seat] = ()
            self.played[seat] = []
        self.starter = None
        self.current, self.count = [], 0
        self.go_said = [False, False]
        self.show = None
        self.log.append(f"Deal {e.deal}: {says(self.names[e.dealer], 'deal')}.")

    def _on_Tossed(self, e: Tossed) -> None:
        self.tossed[e.seat] = e.cards
        if self.visible(e.seat):
            self.hands[e.seat] = [c for c in self.hands[e.seat] if c not in e.cards]
        else:
            self.hidden[e.seat] -= 2

    def _on_StarterCut(self, e: StarterCut) -> None:
        self.starter = e.card

    def _on_Played(self, e: Played) -> None:
        if self.visible(e.seat):
            self.hands[e.seat].remove(e.card)
        else:
            self.hidden[e.seat] -= 1
        self.current.append((e.seat, e.card))
        self.played[e.seat].append(e.card)
        self.count = e.count

    def _on_SaidGo(self, e: SaidGo) -> None:
        self.go_said[e.seat] = True
        self.log.append(f"{self.names[e.seat]}: go.")

    def _on_CountReset(self, e: CountReset) -> None:
        self.current, self.count = [], 0
        self.go_said = [False, False]

    def _on_Show(self, e: Show) -> None:
        self.show = ShowStage(e.seat, e.what, e.cards, e.starter)
        if e.what == "hand" and not self.visible(e.seat):
            self.hidden[e.seat] = 0
        self.current = []

    def _on_Claimed(self, e: Claimed) -> None:
        if self.show is not None:
            self.show.claimed = e.claimed

    def _on_Scored(self, e: Scored) -> None:
        self.back_pegs[e.seat] = self.scores[e.seat]
        self.scores[e.seat] = e.total
        self.last_points = (e.seat, e.points, e.reason, e.items)
        if e.source in ("hand", "crib") and self.show is not None:
            self.show.items, self.show.points = e.items, e.points
            self.log.append(f"{possessive(self.names[e.seat])} {e.source}: "
                            f"{count_aloud(e.items)}.")
        else:
            self.log.append(f"{self.names[e.seat]}: {announce(e)}.")

    def _on_GameOver(self, e: GameOver) -> None:
        self.game_over = e
        self.log.append(f"{says(self.names[e.winner], 'win')} {e.scores[e.winner]}-"
                        f"{e.scores[1 - e.winner]}" + SKUNK_WORDS[e.skunk] + ".")

    def _on_DecisionMade(self, e: DecisionMade) -> None:
        pass


SKUNK_WORDS = ("", " with a skunk", " with a double skunk")


def short_title(name: str) -> str:
    """A player's title without its parenthesis: "Mueller", "Strategy weights"."""
    from ai import available_players

    info = {p.name: p for p in available_players()}.get(name)
    return info.title.split(" (")[0] if info else name


def possessive(name: str) -> str:
    if name == "You":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def says(name: str, verb: str) -> str:
    """``name`` with ``verb`` agreeing: "You deal", "Mueller deals"."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def announce(e: Scored) -> str:
    """What a player says when pegging: "fifteen for 2", "pair royal for 6", ... ."""
    if e.source == "muggins":
        return f"muggins for {e.points}"
    if e.source in ("hand", "crib"):
        return f"{e.source} for {e.points}: {count_aloud(e.items)}"
    return " and ".join(f"{i.label} for {i.points}" for i in e.items)
