"""The analysis board's positions: any six cards, or any moment of the play, set up by hand.

A :class:`Setup` is what the board's fields hold: the kind of decision, the scores, who
deals, your cards and (for the play) your toss, the starter and the cards played so far in
order with who played each. :func:`observation_of` checks it means a moment that can
happen and gives the observation the referee would have given (``engine.Observation``:
the count, the cards since the last reset and who has said go follow from the cards
played); :func:`setup_of` gives the fields of an observation back (a decision of the
review, a practice position, the table's last deal); :func:`deal_decisions` gives each of
your decisions of the table's last deal (the discard, then every card you played). A setup
that cannot happen raises :class:`BoardError` saying what is wrong, in the words a player uses.

Example::

    >>> from engine.cards import parse_cards
    >>> obs = observation_of(Setup("discard", six=tuple(parse_cards("5H 5C 5S JD 6D 7C"))))
    >>> obs.phase.name, len(obs.legal_actions), obs.is_dealer
    ('DISCARD', 15, False)
    >>> play = Setup("play", hand=tuple(parse_cards("5H 5C 5S")),
    ...              toss=tuple(parse_cards("6D 7C")), starter=parse_cards("2S")[0],
    ...              played=parse_played("you JD, opp 9C"))
    >>> obs = observation_of(play)
    >>> obs.count, obs.opponent_cards_left
    (19, 3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cribbage_gui.services.practice.positions import observation
from engine import Observation, Phase
from engine.cards import PIPS, Card, card_label, card_name, parse_card
from engine.errors import CribbageError
from engine.events import Dealt, GameOver, Played, Scored, StarterCut, Tossed
from engine.record import Replay
from engine.rules import MAX_COUNT, WINNING_SCORE

KINDS = ("discard", "play")
YOU_WORDS = ("you", "me", "y")
OPPONENT_WORDS = ("opp", "opponent", "them", "o")
GO_FROM = MAX_COUNT - 10 + 1  # a go needs every card held over 31 - count: from 22 on


class BoardError(CribbageError):
    """A position that cannot happen, or text that is not one; the message says why."""


@dataclass(frozen=True)
class Setup:
    """The board's fields. ``scores`` and the seats of ``played`` are by seat, ``seat``
    being yours (0 for a position set up by hand; a position from a game keeps its seat
    and ``deal``, so it is exactly the moment the review rated). ``six`` is the discard's
    six cards; in the play it may hold the six in the order they were dealt (else they
    are your hand, your cards played and your toss)."""

    kind: str
    scores: tuple[int, int] = (0, 0)
    dealer: int = 1  # the opponent deals: you are the pone
    six: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()  # the play: the cards you still hold
    toss: tuple[Card, ...] = ()
    starter: Card | None = None
    played: tuple[tuple[int, Card], ...] = ()
    seat: int = 0
    deal: int = 1
    objective: str = field(default="win", compare=False)

    @property
    def you_deal(self) -> bool:
        return self.dealer == self.seat


# ---------------------------------------------------------------------------- text
def parse_cards_text(text: str, what: str) -> tuple[Card, ...]:
    """Cards typed as "5H 5C 5S JD" (spaces or commas; 10H or TH; ♥ too)."""
    cards = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        try:
            cards.append(parse_card(token))
        except CribbageError:
            raise BoardError(f"{what}: {token[:12]!r} is not a card (a rank A 2-10 J Q K, "
                             f"then a suit C D H S: 5H, 10C, QS)") from None
    return tuple(cards)


def parse_played(text: str) -> tuple[tuple[int, Card], ...]:
    """The cards played, in order, each after who played it: "you 5H, opp TD, you 6C"
    (``you``/``me`` and ``opp``/``them``); seats as in a setup made by hand (you 0)."""
    played = []
    for entry in re.split(r"[,;]+", text.strip()):
        words = entry.split()
        if not words:
            continue
        if len(words) != 2 or words[0].lower() not in YOU_WORDS + OPPONENT_WORDS:
            raise BoardError(f"cards played: {entry.strip()[:24]!r} is not who played "
                             f"what: write each as 'you 5H' or 'opp TD', commas between")
        who = 0 if words[0].lower() in YOU_WORDS else 1
        played.append((who, parse_cards_text(words[1], "cards played")[0]))
    return tuple(played)


def played_text(played: tuple[tuple[int, Card], ...], seat: int = 0) -> str:
    """The cards played as the board's field shows them: "you 5H, opp TD"."""
    return ", ".join(f"{'you' if s == seat else 'opp'} {card_name(c)}" for s, c in played)


def cards_text(cards) -> str:
    return " ".join(card_name(c) for c in cards)


# ---------------------------------------------------------------------------- checks
def _check_scores(scores: tuple[int, int]) -> None:
    for who, score in zip(("your", "the opponent's"), scores, strict=True):
        if not 0 <= score < WINNING_SCORE:
            raise BoardError(f"{who.capitalize()} score is {score}: a score on the board "
                             f"is 0 to {WINNING_SCORE - 1} ({WINNING_SCORE} wins the game)")


def _check_distinct(named: list[tuple[str, Card]]) -> None:
    seen: dict[Card, str] = {}
    for where, card in named:
        if card in seen:
            places = where if seen[card] == where else f"{seen[card]} and {where}"
            raise BoardError(f"{card_label(card)} is given twice ({places}): the deck has "
                             f"each card once")
        seen[card] = where


def observation_of(setup: Setup) -> Observation:
    """The observation of ``setup`` as the referee gives it when it is your turn; a
    BoardError saying what is wrong if it cannot happen."""
    if setup.kind not in KINDS:
        raise BoardError(f"a position is a discard or a card to play, not {setup.kind!r}")
    seat = setup.seat
    scores_yours = (setup.scores[seat], setup.scores[1 - seat])
    _check_scores(scores_yours)
    if setup.kind == "discard":
        if len(setup.six) != 6:
            raise BoardError(f"A discard needs six cards: {len(setup.six)} "
                             f"{'is' if len(setup.six) == 1 else 'are'} given")
        _check_distinct([("your six", c) for c in setup.six])
        return observation("discard", seat, setup.dealer, setup.deal, setup.scores,
                           setup.six, setup.six, None, False, None, 0, (), (), (False, False),
                           6)
    return _play_observation(setup)


def _play_observation(setup: Setup) -> Observation:
    seat = setup.seat
    mine_played = [c for s, c in setup.played if s == seat]
    theirs = [c for s, c in setup.played if s != seat]
    if not setup.hand:
        raise BoardError("Your hand is empty: give the cards you still hold (1 to 4)")
    if len(setup.toss) != 2:
        raise BoardError(f"Your toss is two cards, the ones you threw to the crib: "
                         f"{len(setup.toss)} given")
    if setup.starter is None:
        raise BoardError("The play needs the starter (the card cut)")
    kept = len(setup.hand) + len(mine_played)
    if kept != 4:
        raise BoardError(f"You keep four cards: {len(setup.hand)} in your hand and "
                         f"{len(mine_played)} played by you make {kept}")
    if len(theirs) > 4:
        raise BoardError(f"The opponent keeps four cards: {len(theirs)} are played by them")
    _check_distinct([("your hand", c) for c in setup.hand]
                    + [("your toss", c) for c in setup.toss]
                    + [("the starter", setup.starter)]
                    + [("the cards played", c) for _, c in setup.played])
    six = tuple(setup.hand) + tuple(mine_played) + tuple(setup.toss)
    if len(setup.six) == 6 and set(setup.six) == set(six):
        six = setup.six  # the order they were dealt in, when known
    count, current, go_said = _follow_the_play(setup)
    obs = observation("play", seat, setup.dealer, setup.deal, setup.scores, six,
                      setup.hand, setup.toss, True, setup.starter, count, current,
                      setup.played, go_said, 4 - len(theirs))
    return obs


class _Play:
    """The play as far as the cards played show it (the opponent's unplayed cards unknown)."""

    def __init__(self, setup: Setup) -> None:
        self.seat = setup.seat
        self.count = 0
        self.current: list[tuple[int, Card]] = []
        self.go = [False, False]
        self.last = -1
        self.candidate = 1 - setup.dealer  # the pone leads
        # your four: what you hold now, and what you played (held until then)
        self.mine = list(setup.hand) + [c for s, c in setup.played if s == setup.seat]
        self.theirs_left = 4
        seen = set(setup.six) | set(setup.hand) | set(setup.toss) | {c for _, c in setup.played}
        if setup.starter is not None:
            seen.add(setup.starter)
        self.unseen = [c for c in range(52) if c not in seen]

    def held(self, seat: int) -> int:
        return len(self.mine) if seat == self.seat else self.theirs_left

    def my_fit(self) -> Card | None:
        return next((c for c in self.mine if self.count + PIPS[c] <= MAX_COUNT), None)

    def close(self) -> None:
        self.count, self.current, self.go = 0, [], [False, False]
        self.candidate = 1 - self.last

    def opponent_says_go(self, why: str) -> None:
        if self.count < GO_FROM:
            raise BoardError(f"{why} it is the opponent's turn, and at a count of "
                             f"{self.count} every card fits: a go comes only from a count "
                             f"of {GO_FROM}")
        over = sum(PIPS[c] > MAX_COUNT - self.count for c in self.unseen)
        if over < self.theirs_left:
            raise BoardError(f"{why} the opponent would say go at {self.count}, but too few "
                             f"cards are left that do not fit for the {self.theirs_left} "
                             f"they hold")
        self.go[1 - self.seat] = True

    def bring_to(self, mover: int, card: Card | None, why: str) -> None:
        """Move the play on to ``mover`` playing ``card`` (None: your decision now)."""
        for _ in range(6):  # two closes at most; bounded all the same
            if self.count == MAX_COUNT:
                self.close()
                continue
            fits = (self.my_fit() is not None) if card is None else \
                self.count + PIPS[card] <= MAX_COUNT
            if not fits and card is not None and self.count:
                why = (f"{why} it would make {self.count + PIPS[card]}, over {MAX_COUNT}, "
                       f"so the count must start again first; but")
            if card is not None and fits and self.go[mover]:
                raise BoardError(f"{why} {'you' if mover == self.seat else 'the opponent'} "
                                 f"said go at this count, so held nothing that fits")
            for seat in (self.candidate, 1 - self.candidate):
                if self.go[seat] or self.held(seat) == 0:
                    continue
                if seat == mover and fits:
                    return
                if seat == self.seat:
                    fit = self.my_fit()
                    if fit is not None:
                        follows = "to lead" if self.count == 0 else f"at {self.count}"
                        raise BoardError(f"{why} it is your turn {follows}, and your "
                                         f"{card_label(fit)} fits")
                    self.go[seat] = True
                else:
                    self.opponent_says_go(why)
            if self.count == 0:  # nobody can move at 0: nothing left to play
                raise BoardError(f"{why} no cards are left to play")
            self.close()
        raise BoardError(f"{why} the play cannot reach it")  # pragma: no cover

    def play(self, seat: int, card: Card) -> None:
        self.count += PIPS[card]
        self.current.append((seat, card))
        self.last, self.candidate = seat, 1 - seat
        if seat == self.seat:
            self.mine.remove(card)
        else:
            if self.theirs_left == 0:
                raise BoardError("The opponent keeps four cards: more are played by them")
            self.theirs_left -= 1
        if card in self.unseen:
            self.unseen.remove(card)


def _follow_the_play(setup: Setup) -> tuple[int, tuple, tuple[bool, bool]]:
    """The count, the cards since the last reset and the goes said in it, when it is your
    turn after ``setup.played``; BoardError if that order of play cannot happen."""
    play = _Play(setup)
    for number, (seat, card) in enumerate(setup.played, start=1):
        who = "you" if seat == setup.seat else "the opponent"
        play.bring_to(seat, card, f"Card {number} of the play ({card_label(card)} by {who}):")
        play.play(seat, card)
    play.bring_to(setup.seat, None, "Your card now:" if setup.played else "To lead:")
    if play.my_fit() is None:
        raise BoardError(f"None of your cards fits at a count of {play.count}: you would "
                         f"say go, there is no card to choose")
    return play.count, tuple(play.current), (play.go[0], play.go[1])


# ---------------------------------------------------------------------------- from games
def setup_of(obs: Observation, objective: str = "win") -> Setup:
    """The fields that give ``obs`` back (a discard, or a card to play)."""
    if obs.phase is Phase.DISCARD and obs.toss is None:
        return Setup("discard", (obs.scores[0], obs.scores[1]), obs.dealer, tuple(obs.dealt),
                     seat=obs.seat, deal=obs.deal, objective=objective)
    if obs.phase is Phase.PLAY and obs.toss is not None and obs.starter is not None:
        return Setup("play", (obs.scores[0], obs.scores[1]), obs.dealer, tuple(obs.dealt),
                     tuple(obs.hand), tuple(obs.toss), obs.starter, tuple(obs.played),
                     obs.seat, obs.deal, objective)
    raise BoardError("the board sets up a discard or a card to play")


ORDINALS = ("1st", "2nd", "3rd", "4th")


@dataclass(frozen=True)
class DealDecision:
    """One of your decisions of a deal, as the board sets it up: ``label`` names it ("Your
    discard", "Your 2nd card: 5♥ at count 10"), ``setup`` is the moment you chose."""

    label: str
    setup: Setup


def _last_deal_span(events) -> tuple[int, int, tuple[int, int]] | None:
    """Where the last deal of ``events`` that is over starts (its Dealt) and ends (after its
    crib's count or the game's end), with the scores at its start; None before one is."""
    scores = [0, 0]
    found = None
    start = None
    for index, event in enumerate(events):
        if isinstance(event, Dealt):
            if start is not None:
                found = (start[0], index, start[1])  # the deal before it is over
            start = (index, (scores[0], scores[1]))
        elif isinstance(event, Scored):
            scores[event.seat] = event.total
            if event.source == "crib" and start is not None:
                found, start = (start[0], index + 1, start[1]), None
        elif isinstance(event, GameOver) and start is not None:
            found, start = (start[0], index + 1, start[1]), None
    return found


def deal_over_now(events) -> bool:
    """The last deal of ``events`` is over (its crib counted, or the game won during it) and
    no other has been dealt since: what is on the table is a deal that has ended."""
    for event in reversed(events):
        if isinstance(event, GameOver) or (isinstance(event, Scored)
                                           and event.source == "crib"):
            return True
        if isinstance(event, Dealt):
            return False
    return False


def deal_decisions(events, seat: int) -> tuple[DealDecision, ...]:
    """Your decisions of the last deal of ``events`` that is over: your six cards (with the
    scores and the dealer at the deal's start), then each card you played, at the moment
    you chose it (your hand, your toss, the starter, the cards played before it and the
    scores then). Empty before a deal is over. Only what you saw: your own cards, and the
    opponent's as they were played."""
    span = _last_deal_span(events)
    if span is None:
        return ()
    first, end, at_start = span
    dealt = events[first]
    six = tuple(dealt.hands[seat])
    if len(six) != 6:  # (another seat's view: the cards are not yours to see)
        return ()
    base = dict(scores=at_start, dealer=dealt.dealer, six=six, seat=seat, deal=dealt.deal)
    found = [DealDecision("Your discard", Setup("discard", **base))]
    scores = list(at_start)
    toss: tuple[Card, ...] = ()
    starter: Card | None = None
    played: list[tuple[int, Card]] = []
    for event in events[first + 1:end]:
        if isinstance(event, Tossed) and event.seat == seat:
            toss = tuple(event.cards)
        elif isinstance(event, StarterCut):
            starter = event.card
        elif isinstance(event, Scored):
            scores[event.seat] = event.total
        elif isinstance(event, Played):
            if event.seat == seat and len(toss) == 2 and starter is not None:
                mine = {c for s, c in played if s == seat}
                hand = tuple(c for c in six if c not in toss and c not in mine)
                count = event.count - PIPS[event.card]
                ordinal = ORDINALS[len(mine)] if len(mine) < len(ORDINALS) else \
                    f"{len(mine) + 1}th"
                what = f"led {card_label(event.card)}" if count == 0 else \
                    f"{card_label(event.card)} at count {count}"
                setup = Setup("play", (scores[0], scores[1]), dealt.dealer, six, hand, toss,
                              starter, tuple(played), seat, dealt.deal)
                found.append(DealDecision(f"Your {ordinal} card: {what}", setup))
            played.append((event.seat, event.card))
    return tuple(found)


def last_deal_over(events, seat: int) -> Setup | None:
    """Your six cards of the last deal of ``events`` that is over (its crib counted, or the
    game won during it), with the scores and the dealer at its start; None before one is."""
    decisions = deal_decisions(events, seat)
    return decisions[0].setup if decisions else None


def observation_at(game, action: int) -> Observation:
    """What the seat choosing saw just before the game's ``action``-th action (0 the
    first): a decision of the review, to set up on the board."""
    for index, (state, seat, _action) in enumerate(Replay(type(game), game.to_record())):
        if index == action:
            return state.observation(seat)
    raise BoardError(f"the game has no action {action}")
