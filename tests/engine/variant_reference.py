"""A slow, obvious reference of every variant's rules, written from the rule books and not
from the engine: a whole game from its decks and the players' choices, in plain Python.

The tests replay the compiled driver's traced games through it (the same decks, tosses and
plays) and compare every score. It counts the show by brute force (every subset for the
fifteens and the runs) and the play card by card, as a person would. Nothing here imports
the engine's scoring or play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

JACK = 10  # rank of the jack (ranks 0..12, ace 0); a card is 4 * rank + suit


def pip(card: int) -> int:
    return min(card // 4 + 1, 10)


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def show_points(hand: list[int], starter: int, is_crib: bool) -> int:
    """A hand (3 or 4 cards) or crib with the starter: every subset making 15 scores 2;
    every pair of the same rank 2; the longest runs, each subset of that length whose ranks
    are consecutive and different scoring its length; a flush of the whole hand (the crib:
    only with the starter too), one more with the starter; the jack of the starter's suit."""
    cards = hand + [starter]
    points = 0
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(pip(c) for c in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if rank(a) == rank(b):
            points += 2
    for size in range(len(cards), 2, -1):
        runs = [s for s in combinations(cards, size)
                if sorted(rank(c) for c in s) == list(range(min(rank(c) for c in s),
                                                           min(rank(c) for c in s) + size))]
        if runs:
            points += size * len(runs)
            break
    if len({suit(c) for c in hand}) == 1:
        if suit(starter) == suit(hand[0]):
            points += len(hand) + 1
        elif not is_crib:
            points += len(hand)
    points += sum(1 for c in hand if rank(c) == JACK and suit(c) == suit(starter))
    return points


def play_points(sequence: list[int]) -> int:
    """What the last card of a count pegs: 15 or 31 for 2; the cards of its rank at the end
    (2, 6, 12); the longest run at the end (its length: the last 3+ cards all different
    and consecutive in some order)."""
    total = sum(pip(c) for c in sequence)
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(sequence) and rank(sequence[-1 - same]) == rank(sequence[-1]):
        same += 1
    points += same * (same - 1)
    for size in range(len(sequence), 2, -1):
        ranks = sorted(rank(c) for c in sequence[-size:])
        if ranks == list(range(ranks[0], ranks[0] + size)):
            points += size
            break
    return points


class GameWon(Exception):
    pass


@dataclass
class ReferenceGame:
    """A game under ``rules`` (an ``engine.rules.Rules``-like record: only its fields are
    read), ``first_dealer`` dealing first. Seats sit in order to the left."""

    rules: object
    first_dealer: int
    scores: list[int] = field(default_factory=list)  # by side
    points: dict[tuple[str, int], int] = field(default_factory=dict)  # (source, seat)
    deals: int = 0
    winner: int = -1
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        r = self.rules
        self.sides = r.players // 2 if r.partners else r.players
        self.scores = [0] * self.sides
        self.dealer = self.first_dealer
        for source in ("pegging", "hand", "crib", "his_heels"):
            for seat in range(r.players):
                self.points[(source, seat)] = 0
        if r.start_points:  # three for last, to the first pone
            self.scores[self.side((self.first_dealer + 1) % r.players)] += r.start_points

    def side(self, seat: int) -> int:
        return seat % 2 if self.rules.partners else seat

    def peg(self, seat: int, points: int, source: str) -> None:
        side = self.side(seat)
        gained = min(points, self.rules.target - self.scores[side])
        self.scores[side] += gained
        self.points[(source, seat)] += gained
        if self.scores[side] >= self.rules.target:
            self.winner = side
            raise GameWon

    def play_deal(self, deck: list[int], actions: list[tuple[str, int, tuple[int, ...]]]
                  ) -> None:
        """One deal from ``deck``; ``actions`` is consumed from the front: ("toss", seat,
        cards), ("play", seat, (card,)), ("go", seat, ()), checked against the rules."""
        r = self.rules
        n = r.players
        self.deals += 1
        order = [(self.dealer + 1 + j) % n for j in range(n)]  # dealer's left round
        hands = {seat: [] for seat in order}
        it = iter(deck)
        for _ in range(r.cards_dealt):  # one card at a time, round the table
            for seat in order:
                hands[seat].append(next(it))
        crib = []
        deck_crib = [next(it) for _ in range(r.crib_from_deck)]
        starter = next(it)
        dealt = [c for seat in order for c in hands[seat]] + deck_crib + [starter]
        assert len(set(dealt)) == len(dealt)
        for seat in order:
            kind, who, cards = actions.pop(0)
            assert (kind, who) == ("toss", seat), (kind, who, seat)
            assert len(cards) == r.cards_to_crib and set(cards) <= set(hands[seat])
            crib += cards
            hands[seat] = [c for c in hands[seat] if c not in cards]
        crib += deck_crib
        assert len(crib) == 4
        if rank(starter) == JACK:
            self.peg(self.dealer, 2, "his_heels")
        held = {seat: list(hands[seat]) for seat in order}
        count, sequence, out, last = 0, [], set(), None
        turn = order[0]
        counts_closed = 0
        while True:
            in_count = [s for s in range(n) if s not in out and held[s]]
            if count == 31 or not in_count:  # the count closes
                if count < 31 and last is not None:
                    self.peg(last, 1, "pegging")  # the go, or the last card
                counts_closed += 1
                if (r.one_count and counts_closed) or not any(held.values()):
                    break
                count, sequence, out = 0, [], set()
                turn = (last + 1) % n
                continue
            if turn not in in_count:
                turn = (turn + 1) % n
                continue
            fits = [c for c in held[turn] if count + pip(c) <= 31]
            if not fits:
                if len(in_count) == 1:  # no one else can play either
                    out.add(turn)
                    continue
                kind, who, _ = actions.pop(0)
                assert (kind, who) == ("go", turn), (kind, who, turn)
                out.add(turn)
                turn = (turn + 1) % n
                continue
            kind, who, cards = actions.pop(0)
            assert (kind, who) == ("play", turn) and cards[0] in fits, (kind, who, cards)
            card = cards[0]
            held[turn].remove(card)
            sequence.append(card)
            count += pip(card)
            assert count <= 31
            last = turn
            points = play_points(sequence)
            if points:
                self.peg(turn, points, "pegging")
            turn = (turn + 1) % n
        for seat in order:  # the show: the dealer's left round to the dealer, the crib
            self.peg(seat, show_points(hands[seat], starter, False), "hand")
        self.peg(self.dealer, show_points(crib, starter, True), "crib")
        self.dealer = (self.dealer + 1) % n

    def play(self, decks, actions) -> ReferenceGame:
        """The whole game; stops the instant a side reaches the target."""
        actions = list(actions)
        try:
            for deck in decks:
                self.play_deal(list(deck), actions)
        except GameWon:
            return self
        raise AssertionError("the decks ran out before anyone won")
