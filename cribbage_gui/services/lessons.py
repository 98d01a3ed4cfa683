"""Learn to play: the guided first game's prepared deals and every word the coach says.

The lesson is a real game, refereed by the engine, against the beginner level, whose first
:data:`DEALS` are prepared (:func:`lesson_decks`) so that the steps of a game come up as it
is played: the cut for deal, the deal, the crib, the starter and his heels (a jack turned
for the person, who deals first), the play with 15, 31, pairs, runs and go, the show in
order (pone, dealer, crib) with a double run, a flush and his nobs (the computer deals
itself six hearts with the jack, and a heart is turned), the board and the skunk line.
Later deals come from the seed.

:class:`Coach` turns the events the table shows (``engine.events``) and the person's turns
into :class:`Said` lines for the coach panel; it knows nothing of Qt. Each step's words are
data (:data:`STEPS`): what just happened, and what to do next. A step is said the first time
its event is shown; every show of the prepared deals is counted in words, and a flush, his
nobs or a double run is explained the first time a count holds one (:data:`SHOW_WORDS`).
A step the deals did not bring up (the person's choices decide some of the play) is
explained in words when the prepared deals end, with a summary of every way to score
(:data:`RECAP`), so nothing is left out.

The deals were chosen by playing them out (1,000 games each way, the beginner choosing at
random as it does): whatever the person chooses, the shows bring a double run, a flush and
his nobs every time, and his heels is turned every time. In the play, with the person
choosing at random too, a go came up 99% of the time, a pair 95%, a fifteen 93%, 31 88%
and a run 88%; with the person playing a card that scores whenever one does (as the coach
points out), a fifteen every time, a pair 98%, a go 97%, 31 96% and a run 85%. A step the
deals miss is explained in words when they end (:meth:`Coach.missed`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cribbage_gui.services.practice.counting import Drill, make_drill
from engine import Observation, Phase, PlayCard, peg_points
from engine.cards import Card, card_label, parse_card, parse_cards
from engine.events import (
    Claimed,
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
from engine.state import stacked_deck

LESSON_SEED = 2029  # the later deals, and the beginner's own random choices
LEARNER_SEAT = 0
DEALS = 3  # the prepared deals; the coach goes quiet after them

# (pone's six, dealer's six, starter) for each prepared deal; the person deals first
_DEALS = (
    ("KC KD QC QD TC TH", "5C 5D 5H 6C AS 4H", "JS"),  # the person deals: his heels
    # the computer deals six hearts with the jack, and a heart is turned: its hand is a
    # flush whatever it keeps, and his nobs is in its hand or its crib
    ("4C 5C 6C 4D 5D 6D", "JH 3H 4H 6H 7H 5H", "KH"),  # the person leads: pairs, runs
    ("7S 8S 9S 7D 8D 9D", "7C 8C 9C 6S 8H 9H", "2S"),  # the person deals again: runs, 31
)
# the cut for deal: the lower card deals (the person's first, the beginner's second)
_CUT = ("3C", "9D")


def lesson_cuts() -> tuple[tuple[Card, Card]]:
    """The cut for deal: the person's three beats the beginner's nine (lower deals)."""
    return ((parse_card(_CUT[0]), parse_card(_CUT[1])),)


def lesson_decks() -> tuple[tuple[Card, ...], ...]:
    """The prepared decks, by deal (52 cards each, see ``engine.state.stacked_deck``)."""
    return tuple(stacked_deck(parse_cards(pone), parse_cards(dealer), parse_card(starter))
                 for pone, dealer, starter in _DEALS)


# After the guided game: one short drill for each way of scoring, counted in the counting
# trainer (kind, cards, starter), easiest first; every one holds the way it drills.
DRILLS = (
    ("play", "7C 8D", None),            # fifteen in the play
    ("play", "9C 9D", None),            # a pair in the play
    ("play", "2C 4D 3H", None),         # a run in the play
    ("play", "KC QD 5S 6H", None),      # 31
    ("hand", "5C TD 2H 8S", "KS"),      # fifteens
    ("hand", "9C 9D 2H 4S", "KS"),      # a pair
    ("hand", "3C 4D 5H 9S", "KS"),      # a run
    ("hand", "3C 4D 5H 5S", "KS"),      # a double run
    ("hand", "2H 6H 8H QH", "KS"),      # a flush
    ("hand", "JS 2H 6D 8C", "KS"),      # his nobs
    ("crib", "2H 6H 8H QH", "KS"),      # no flush in the crib without the starter
)


def lesson_drills() -> tuple[Drill, ...]:
    """:data:`DRILLS` as the counting trainer's drills (judged by the engine's count)."""
    return tuple(make_drill(kind, parse_cards(cards),
                            None if starter is None else parse_card(starter))
                 for kind, cards, starter in DRILLS)


@dataclass(frozen=True)
class Step:
    """One step of the lesson: its ``title``, what happened (``text``) and what to do
    next (``next``). With ``wait`` the table waits after it for Continue, so it can be
    read before the game moves on (steps said at the person's own turn, and the show,
    which waits anyway, do not)."""

    title: str
    text: str
    next: str
    wait: bool = True


CONTINUE = "Press Continue"  # how every waiting step's next words begin

# Every step of the game the lesson teaches, in the order it usually comes. ``{...}`` are
# filled from the event (names, cards, points).
STEPS: dict[str, Step] = {
    "welcome": Step(
        "Learn to play",
        "Cribbage is a race to 121 points. You score by making combinations of cards, "
        "first while you play them, then by counting your hand. I'll explain each step "
        "as it comes.",
        "Watch: first you both cut the deck to see who deals.", wait=False),
    "cut": Step(
        "The cut for deal",
        "Cribbage is a race to 121 points, scored with combinations of cards. I'll explain "
        "each step as it comes; your opponent is {opponent}, the gentlest computer player. "
        "First you each cut the deck: you showed {mine}, the computer {theirs}. The lower "
        "card deals, so {dealer} first. The dealer gets the crib: an extra hand, made of "
        "the cards both players throw away.",
        f"{CONTINUE} to see the deal."),
    "deal": Step(
        "The deal",
        "You have six cards (at the bottom); the computer has six, face down. You will "
        "keep four and throw two into the crib, which is yours this deal, so what you "
        "throw still counts for you.",
        f"{CONTINUE}, then choose your two cards."),
    "crib": Step(
        "The crib",
        "Choose the two cards you need least. Cards that add up to 15 (a five and a ten, "
        "a seven and an eight), pairs and runs (4-5-6) are worth keeping together: fives "
        "are good, as every ten, jack, queen and king counts ten.",
        "Click two cards, then press Throw to crib.", wait=False),
    "starter": Step(
        "The starter",
        "The pone (the player who does not deal) cuts the deck and the dealer turns its "
        "top card: the starter, {card}. It counts as a fifth card for both hands and the "
        "crib when they are counted at the end.",
        f"{CONTINUE}: the play starts with the pone."),
    "his_heels": Step(
        "His heels",
        "The starter is a jack, so the dealer ({who}) pegs 2 points at once: 'two for his "
        "heels'. See the peg move on the board.",
        f"{CONTINUE}: the play comes next."),
    "play": Step(
        "The play",
        "Now you take turns laying a card face up. Say the total as you go: the count "
        "(picture cards count 10, an ace 1). You score for a count of 15 (2 points), "
        "for 31 (2), for a pair with the card just played (2), and for a run of three or "
        "more in any order (3 or more). The count may never go past 31.",
        "Click a card to play it.", wait=False),
    "fifteen": Step(
        "Fifteen",
        "{who} made the count 15 ({cards}, picture cards counting 10): 'fifteen for 2'.",
        f"{CONTINUE}: the count goes on from 15."),
    "31": Step(
        "Thirty-one",
        "{who} made the count exactly 31 ({cards}): 2 points. The count starts again from "
        "0, and the other player leads.",
        f"{CONTINUE}: the play goes on from 0."),
    "pair": Step(
        "A pair",
        "{who} played the same rank as the card before ({cards}): a pair, 2 points (three "
        "alike in a row make 6, four make 12).",
        f"{CONTINUE}: a card of that rank again would score more."),
    "run": Step(
        "A run",
        "The last cards played make a run ({cards}): {points} points, one for each card. "
        "The order they were played in does not matter.",
        f"{CONTINUE}: one card more at either end would make the run longer."),
    "go": Step(
        "Go",
        "{who} could not play without passing 31, so {verb} 'go'. The other player plays "
        "on as long as they can; the last one to play pegs 1 for the go (2 if they reach "
        "31), then the count starts again from 0. You never choose to say go: the game "
        "says it for you when none of your cards fits.",
        f"{CONTINUE}: the play goes on."),
    "last card": Step(
        "The last card",
        "{who} played the last card of the play: 1 point.",
        f"{CONTINUE}: the show comes next, each hand counted in turn."),
    "show_pone": Step(
        "The show: the pone's hand",
        "Now each hand is counted with the starter, the pone's first ({who}). Cards "
        "adding to 15 score 2, a pair 2, a run 1 a card, four of one suit 4, the jack of "
        "the starter's suit 1. Each combination lights up on the cards in turn.",
        f"{CONTINUE} when you have seen the lit cards.", wait=False),
    "show_dealer": Step(
        "The show: the dealer's hand",
        "Then the dealer's hand ({who}), counted the same way with the starter.",
        f"{CONTINUE} when you have seen the lit cards.", wait=False),
    "show_crib": Step(
        "The show: the crib",
        "Last, the crib, which the dealer ({who}) scores: the four thrown cards with the "
        "starter (in the crib a flush needs all five cards of one suit).",
        f"{CONTINUE} when you have seen the lit cards.", wait=False),
    "show": Step(
        "The show",
        "{whose}, counted with the starter {card}.",
        f"{CONTINUE} when you have seen the lit cards.", wait=False),
    "board": Step(
        "The board",
        "Each point moves a peg along the board. Each player has two pegs: the front one "
        "is your score, the back one shows where it was, so each score can be checked. "
        "The first to 121 wins, even in the middle of the play. The deal passes to the "
        "other player each time: now the computer deals.",
        f"{CONTINUE}, then choose two cards for the computer's crib."),
    "skunk": Step(
        "The skunk line",
        "The mark on the board at 90 is the skunk line: a player who loses with 90 or "
        "less (below 91) is skunked, and it counts as two games lost. You're the pone "
        "this time: the crib is the computer's, so throw it cards that score little.",
        "Click two cards for the computer's crib, then press Throw to crib.", wait=False),
    "own": Step(
        "You're on your own",
        "That was every step of a deal. From now on the cards are shuffled as usual; the "
        "hint (H) and the Reasoning panel are there if you want them. Scoring drills "
        "has you count each way to score, one short drill each; Close puts this panel "
        "away.",
        f"{CONTINUE} and play on to 121, or try the Scoring drills."),
    "end": Step(
        "The end of the game",
        "{result} The first to 121 wins; the loser's score decides the skunk (below 91).",
        "Game → New game to play again, against any level.", wait=False),
}

# The show's combinations a beginner has not met in the play, explained the first time a
# count holds one (after the count's words); by the key the coach keeps in ``said``.
SHOW_WORDS = {
    "flush": "A flush: four cards of the hand in one suit score 4, and 5 if the starter is "
             "of that suit too; a crib scores a flush only with all five.",
    "nobs": "His nobs: the jack of the starter's suit in the hand or the crib scores 1.",
    "double_run": "Runs that share cards each count: a run with one rank doubled is two "
                  "runs (a double run: 8 points with its pair), with two ranks doubled "
                  "four runs (a double double run: 16 with its two pairs).",
}

# What the person is asked to do at each kind of turn, when no step has just been said.
TURN_WORDS = {
    Phase.DISCARD: "Your turn: click two cards for the crib, then press Throw to crib.",
    Phase.PLAY: "Your turn: click a card to play it (the count is {count}).",
    Phase.COUNT: "Count your {what}: type its points and press Claim.",
    Phase.PEG: "Peg your points: type them and press Peg.",
}

# At a turn in a later deal, when the last step said belongs to an earlier one.
TURN_REMINDERS = {
    Phase.DISCARD: "Keep the four cards that score best together; the two you throw go "
                   "to the dealer's crib.",
    Phase.PLAY: "Take turns laying cards: 15 and 31 score 2, a pair 2, a run 1 a card; "
                "the count may not pass 31.",
    Phase.COUNT: "Count the hand with the starter: 15s, pairs, runs, flush and nobs.",
    Phase.PEG: "Peg what your card scored in the play.",
}

# The engine's reasons for refusing an action (``engine.why_illegal``) and the window's
# own, in a beginner's words: the first key found in the reason chooses the words.
REFUSALS = (
    ("that would make", "That card would take the count to {total}, past 31: nobody may "
                        "go over 31. Play a smaller card. If none of your cards fits, the "
                        "game says go for you."),
    ("two cards only", "The crib takes exactly two of your cards, and you have two chosen. "
                       "Click a chosen card (raised) to put it back, then choose another."),
    ("choose exactly two", "Choose two cards for the crib first: click two of your cards, "
                           "then Throw to crib."),
    ("throw two cards to the crib first", "First the crib: choose two cards to throw, "
                                          "then the play starts."),
    ("not your turn", "It is the computer's turn: wait for its card."),
    ("peg your points", "First peg the points of your last card (type them, then Peg)."),
    ("a count is a whole number", "Type the points as a number, from 0 up, then Claim."),
)

# A click on a card when nothing is asked of the person, by what the table is doing.
WAIT_WORDS = {
    "continue": "The game is waiting for you to read this: press Continue to go on.",
    "tossed": "Your two cards are in the crib already: wait for the computer's.",
    "computer": "Wait a moment: it is the computer's turn.",
    "over": "The game is over: Game → New game plays another.",
}

PLAY_KINDS = ("fifteen", "31", "pair", "run")

# The scores, in a few words, for any the prepared deals did not bring up.
MISSED_WORDS = {
    "fifteen": "a count of exactly 15 scores 2",
    "31": "a count of exactly 31 scores 2",
    "pair": "a card of the same rank as the one just played scores 2",
    "run": "three or more cards in a row of rank (4-5-6 in any order) score 1 each",
    "go": "when neither player can play without passing 31, the last to play pegs 1",
    "flush": "four cards of one suit in a hand score 4 (5 with the starter)",
    "nobs": "the jack of the starter's suit in a hand or the crib scores 1 (his nobs)",
    "double_run": "a run with a rank doubled counts twice, with the pair (8 points)",
}

# The closing note: every way of scoring met in the lesson, in one place.
RECAP = ("Every way to score, once more. In the play: 15 and 31 score 2, a pair 2 (three "
         "alike 6, four 12), a run 1 a card, the go or the last card 1. In the show, each "
         "hand and the crib with the starter: each 15 scores 2, each pair 2, each run 1 a "
         "card, a flush 4 or 5, his nobs 1. A jack turned as the starter: 2 for the "
         "dealer (his heels).")


@dataclass(frozen=True)
class Said:
    """What the coach panel shows: the step's ``title`` (its key in :data:`STEPS` is
    ``step``), what happened, and what to do next."""

    step: str
    title: str
    text: str
    next: str
    wait: bool = False  # the table waits for Continue after it (see Step)


def say(step: str, **fill) -> Said:
    """The words of ``step`` with its blanks filled from ``fill``."""
    s = STEPS[step]
    return Said(step, s.title.format(**fill), s.text.format(**fill), s.next.format(**fill),
                s.wait)


def explain_refusal(reason: str) -> str:
    """A refused action's reason (the engine's words, or the window's) in beginner words;
    the reason itself when none fits."""
    low = reason.lower()
    for key, words in REFUSALS:
        if key in low:
            total = low.rpartition("make ")[2].strip(" .")
            return words.format(total=total)
    return reason[0].upper() + reason[1:] if reason else reason


def scoring_cards(obs: Observation) -> list[Card]:
    """The cards the person could play now that score (the engine's pegging points), to
    point at while they learn the play."""
    current = [c for _, c in obs.current]
    return [a.card for a in obs.legal_actions
            if isinstance(a, PlayCard) and peg_points([*current, a.card]) > 0]


def claim_words(e: Claimed) -> str:
    """A count claimed by hand that was not the engine's, explained."""
    if e.what == "pegging":
        return (f"You pegged {e.claimed}, but that scored {e.actual}: you peg "
                f"{min(e.claimed, e.actual)}. Points you miss are lost (with muggins the "
                f"other player takes them).")
    if e.claimed < e.actual:
        return (f"You claimed {e.claimed}, but your {e.what} holds {e.actual}: you peg "
                f"{e.claimed}, and the {e.actual - e.claimed} you missed are lost (with "
                f"muggins the other player takes them). The lit cards show every "
                f"combination.")
    return (f"You claimed {e.claimed}, but your {e.what} holds only {e.actual}: you peg "
            f"{e.actual}. The lit cards show every combination.")


def _plural(label: str) -> str:
    """ "fifteen" -> "fifteens", "run of three" -> "runs of three"."""
    head, sep, tail = label.partition(" of ")
    return f"{head}s{sep}{tail}"


def show_kinds(e: Scored) -> list[str]:
    """The keys of :data:`SHOW_WORDS` a count holds: a flush, his nobs, a double run (two
    runs or more)."""
    kinds = [i.kind for i in e.items]
    return [k for k in SHOW_WORDS
            if (kinds.count("run") >= 2 if k == "double_run" else k in kinds)]


def count_words(e: Scored) -> str:
    """A hand's or the crib's count in words, every combination named with its cards,
    alike ones together: "Here 29: 8 fifteens (16): 5♣ J♠, …; double pair royal 5♣ 5♦ 5♥
    5♠ (12); his nobs J♠ (1)." """
    if not e.items:
        return "Here nothing scores: 0 points (players say 'nineteen')."
    groups: dict[str, list] = {}
    for item in e.items:
        groups.setdefault(item.label, []).append(item)
    named = []
    for label, items in groups.items():
        cards = [" ".join(card_label(c) for c in i.cards) for i in items]
        points = sum(i.points for i in items)
        named.append(f"{label} {cards[0]} ({points})" if len(items) == 1
                     else f"{len(items)} {_plural(label)} ({points}): {', '.join(cards)}")
    return f"Here {e.points}: {'; '.join(named)}."


class Coach:
    """The lesson's words, step by step, from the events the table shows (see the module
    docstring). ``names`` are the players by seat; the person is ``seat``."""

    def __init__(self, names: tuple[str, ...], seat: int = LEARNER_SEAT,
                 deals: int = DEALS) -> None:
        self.names, self.seat, self.deals = names, seat, deals
        self.said: list[str] = []  # the steps said so far, in order
        self.current = say("welcome")
        self.deal = 0
        self.quiet = False  # after the prepared deals, only the end of the game is said
        self.phase = "cut"  # what the table is doing: cut, deal, tossed, play, show, over
        self.dealer = seat  # the dealer of the deal on the table
        self._counting: str | None = None  # a show step said, its count still to come

    def _who(self, seat: int) -> str:
        return "you" if seat == self.seat else "the computer"

    def _Who(self, seat: int) -> str:  # noqa: N802 (a capital: the start of a sentence)
        w = self._who(seat)
        return w[0].upper() + w[1:]

    def _step(self, step: str, **fill) -> Said | None:
        if step in self.said:
            return None
        self.said.append(step)
        self.current = say(step, **fill)
        self._said_in = self.deal
        return self.current

    _said_in = 0  # the deal in which the current step was said

    def on_event(self, e) -> Said | None:
        """The step an event brings (None: nothing new to say)."""
        if isinstance(e, Dealt):
            self.deal, self.dealer = e.deal, e.dealer
            self.phase = "deal"
            if e.deal == 2:
                return self._step("board")
            if e.deal > self.deals and not self.quiet:
                self.quiet = True
                missed = self.missed()
                said = self._step("own")
                if said is not None:
                    said = self.current = replace(
                        said, text=" ".join(w for w in (said.text, RECAP, missed) if w))
                return said
            return self._step("deal")
        if isinstance(e, GameOver):
            self.phase = "over"
            winner = "You win" if e.winner == self.seat else "The computer wins"
            loser = e.scores[1 - e.winner]
            skunk = ", below 91: a skunk" if e.skunk else ", 91 or more: no skunk"
            return self._step("end", result=f"{winner}, {e.scores[e.winner]} to {loser}"
                                            f"{skunk}.")
        if self.quiet:
            return None
        if isinstance(e, CutForDeal):
            if e.dealer is None:
                return None
            mine, theirs = e.cards[self.seat], e.cards[1 - self.seat]
            return self._step("cut", mine=card_label(mine), theirs=card_label(theirs),
                              opponent=self.names[1 - self.seat],
                              dealer="you deal" if e.dealer == self.seat
                              else "the computer deals")
        if isinstance(e, Tossed) and e.seat == self.seat:
            self.phase = "tossed"
        if isinstance(e, StarterCut):
            self.phase = "play"
            return self._step("starter", card=card_label(e.card))
        if isinstance(e, Played) and e.seat == self.seat and "play" not in self.said:
            self.said.append("play")
        if isinstance(e, SaidGo):
            return self._step("go", who=self._Who(e.seat),
                              verb="you said" if e.seat == self.seat else "it said")
        if isinstance(e, Scored):
            return self._on_scored(e)
        if isinstance(e, Show):
            self.phase = "show"
            step = "show_pone" if e.seat != self.dealer else "show_dealer"
            if e.what == "crib":
                step = "show_crib"
            said = self._step(step, who=self._who(e.seat))
            if said is None:  # a later deal's show: said again, shorter
                whose = ("Your " if e.seat == self.seat else "The computer's ") + e.what
                said = self.current = say("show", whose=whose, card=card_label(e.starter))
                self._said_in = self.deal
            self._counting = said.step
            return said
        if isinstance(e, Claimed) and e.seat == self.seat and e.claimed != e.actual:
            self.current = replace(self.current, title="Your count",
                                   text=claim_words(e), wait=False)
            return self.current
        return None

    def _on_scored(self, e: Scored) -> Said | None:
        if e.source == "his_heels":
            return self._step("his_heels", who=self._who(e.seat))
        if e.source in ("hand", "crib"):
            return self._show_count(e)
        if e.source != "pegging":
            return None
        for item in e.items:
            if item.kind in PLAY_KINDS:
                return self._step(item.kind, who=self._Who(e.seat),
                                  cards=" ".join(card_label(c) for c in item.cards),
                                  points=item.points)
        if e.reason in ("go", "last card"):
            if e.reason == "last card":
                return self._step("last card", who=self._Who(e.seat))
            stuck = 1 - e.seat  # the one who could not play said go
            return self._step("go", who=self._Who(stuck),
                              verb="you said" if stuck == self.seat else "it said")
        return None

    def _show_count(self, e: Scored) -> Said | None:
        """The show step just said, with the count's combinations named, as they light up
        on the cards."""
        if self._counting is None or self.current.step != self._counting:
            return None
        self._counting = None
        words = [self.current.text, count_words(e)]
        for kind in show_kinds(e):  # a combination met for the first time, explained
            if kind not in self.said:
                self.said.append(kind)
                words.append(SHOW_WORDS[kind])
        self.current = replace(self.current, text=" ".join(words))
        return self.current

    def on_turn(self, obs: Observation) -> Said:
        """The words at the person's turn: the step it starts, else the current step with
        what to do now."""
        if not self.quiet:
            if obs.phase is Phase.DISCARD:
                said = self._step("skunk" if self.deal == 2 else "crib")
                if said is not None:
                    return said
            if obs.phase is Phase.PLAY:
                said = self._step("play")
                if said is not None:
                    return self._with_hint(said, obs)
        todo = TURN_WORDS.get(obs.phase, "")
        todo = todo.format(count=obs.count, what=obs.show[1] if obs.show else "hand")
        said = replace(self.current, next=todo, wait=False)
        if self._said_in != self.deal and not self.quiet:  # an earlier deal's step
            said = Said("turn", f"Deal {self.deal}", TURN_REMINDERS.get(obs.phase, ""), todo)
        if obs.phase is Phase.PLAY and not self.quiet:
            said = self._with_hint(said, obs)
        self.current = said
        return said

    def _with_hint(self, said: Said, obs: Observation) -> Said:
        scoring = scoring_cards(obs)
        if not scoring:
            return said
        cards = " or ".join(card_label(c) for c in scoring)
        return replace(said, next=f"{said.next} Tip: {cards} would score now.")

    def on_refused(self, reason: str) -> Said:
        """A refused action, explained; the step stays."""
        return replace(self.current, title="Not that", text=explain_refusal(reason),
                       wait=False)

    def on_idle_click(self, waiting: bool) -> Said:
        """A card clicked when nothing is asked of the person (``waiting``: the table
        waits for Continue)."""
        words = WAIT_WORDS["over" if self.phase == "over" else "continue" if waiting
                           else "tossed" if self.phase == "tossed" else "computer"]
        return replace(self.current, title="Not yet", text=words, wait=False)

    def missed(self) -> str:
        """The scores the prepared deals did not bring up, said in words."""
        left = [words for kind, words in MISSED_WORDS.items() if kind not in self.said]
        return f"Not seen in these deals: {'; '.join(left)}." if left else ""
