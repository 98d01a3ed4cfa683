"""What the practice window says and draws about a position, apart from the window itself:
the table as it was (a :class:`~cribbage_gui.table.model.TableModel` made from the position's
observation), where the position came from, what to do, and the verdict's words and rows.
No Qt widgets here, and nothing slow: the judging is :mod:`cribbage_gui.services.practice.judge`'s,
run by the window off the GUI thread.

A variant's position (five-card, three players, four in partnership) is drawn at its own
table: its seats by compass point as the game names them ("West", "North", "East"), each
other hand face down, the crib's card from the deck, and the board's track a side; its
answer is judged in points, so its options have no column for the chance of winning."""

from __future__ import annotations

import datetime as _dt
import re

from ai.advice import value_text
from cribbage_gui.app.tables import MARK_SIGNS, NumberItem
from cribbage_gui.app.texts import (
    YOU,
    cards_text,
    crib_of,
    player_title,
    seat_names,
    side_names,
)
from cribbage_gui.services.practice.judge import Verdict
from cribbage_gui.services.practice.positions import Position
from cribbage_gui.table.model import TableModel
from engine.cards import card_label, parse_card
from engine.errors import CribbageError

# the opponent's two cards in the crib are never known: drawn face down under these keys
CRIB_BACKS = (-1, -2)
# a variant's: how it is named in a position's heading ("Your three-player game")
VARIANT_WORDS = {"five-card": "five-card", "three-player": "three-player",
                 "four-player": "four-player"}
# the practice's variant filter: what each is called
VARIANT_CHOICES = {"six-card": "Six-card (two players)", "five-card": "Five-card (two players)",
                   "three-player": "Three players", "four-player": "Four players (partners)"}
THEME_WORDS = {"dealer": "as dealer", "pone": "as pone", "fives": "fives",
               "balking": "balking", "the-count": "the count",
               "pegging-traps": "pegging traps", "counting-out": "counting out"}


_CARD_NAME = re.compile(r"\b(?:10|[2-9AJQKT])[CDHS]\b")


def card_symbols(text: str) -> str:
    """The judge's sentence with its cards as the window writes them ("9D 3S" → "9♦ 3♠")."""
    def label(match: re.Match) -> str:
        try:
            return card_label(parse_card(match.group(0)))
        except CribbageError:
            return match.group(0)
    return _CARD_NAME.sub(label, text)


def names_of(position: Position) -> tuple[str, ...]:
    """The players by seat as the table names them: "You" in the player's seat (a
    variant's others by compass point from the player's left, as the game names them)."""
    if position.table.players > 2:
        return seat_names(position.table.players, position.seat)
    names = [YOU, YOU]
    other = position.players[1 - position.seat]
    names[1 - position.seat] = player_title(other) if other and other != "you" else "Opponent"
    return names[0], names[1]


def table_model(position: Position) -> TableModel:
    """The table as the player saw it: their own cards, the opponent's face down, the crib,
    the starter, the cards played, the count and the scores."""
    obs = position.table
    if obs.players > 2:
        return _variant_table(position)
    me, opp = obs.seat, 1 - obs.seat
    m = TableModel(my_seat=me, names=names_of(position), rules=obs.rules)
    m.deal, m.dealer = obs.deal, obs.dealer
    m.scores, m.back_pegs = list(obs.scores), list(obs.scores)
    m.hands[me] = list(obs.dealt if position.kind == "discard" else obs.hand)
    m.hidden[opp] = obs.opponent_cards_left
    if obs.toss is not None:
        m.tossed[me] = tuple(obs.toss)
    if obs.opponent_tossed:
        m.tossed[opp] = CRIB_BACKS
    m.starter = obs.starter
    m.current = list(obs.current)
    m.count = obs.count
    for seat in (0, 1):
        m.played[seat] = [c for s, c in obs.played if s == seat]
    m.go_at = [obs.count if said else None for said in obs.go_said]
    return m


def _variant_table(position: Position) -> TableModel:
    """A table of three or four: each other hand face down with the cards it holds, the
    crib's cards face down by who tossed them (the seats from the dealer's left toss
    first), the crib's card from the deck, and the scores by side."""
    obs, rules = position.table, position.table.rules
    me, n = obs.seat, obs.players
    m = TableModel(my_seat=me, names=names_of(position), rules=rules)
    m.deal, m.dealer = obs.deal, obs.dealer
    m.scores, m.back_pegs = list(obs.scores), list(obs.scores)
    m.hands[me] = list(obs.dealt if position.kind == "discard" else obs.hand)
    order = [(obs.dealer + i) % n for i in range(1, n + 1)]  # the toss's order
    others = [seat for seat in order if seat != me]
    if position.kind == "discard":  # how many of the others have tossed: the first ones
        held = rules.cards_dealt * (n - 1)
        tossed_seats = others[:(held - obs.opponent_cards_left) // rules.cards_to_crib]
    else:
        tossed_seats = others
    left = obs.cards_left
    for k, seat in enumerate(others):
        tossed = seat in tossed_seats
        m.hidden[seat] = left[seat] if position.kind == "play" else \
            rules.cards_dealt - (rules.cards_to_crib if tossed else 0)
        if tossed:  # (keys of their own: never a card's)
            m.tossed[seat] = tuple(-10 - 2 * k - i for i in range(rules.cards_to_crib))
    if obs.toss is not None:
        m.tossed[me] = tuple(obs.toss)
    m.crib_backs = rules.crib_from_deck
    m.starter = obs.starter
    m.current = list(obs.current)
    m.count = obs.count
    for seat in range(n):
        m.played[seat] = [c for s, c in obs.played if s == seat]
    m.go_at = [obs.count if said else None for said in obs.go_said]
    return m


def _date(text: str) -> str:
    try:
        when = _dt.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return ""
    return f"{when.day} {when:%b}"


def choice_text(position: Position, cards) -> str:
    """"threw 5♠ Q♣" or "played 7♦ at 14"."""
    if position.kind == "discard":
        return f"threw {cards_text(cards)}"
    return f"played {cards_text(cards)} at {position.table.count}"


def source_text(position: Position, dates: dict[int, str]) -> str:
    """Where the position came from: "Your game of 26 Nov, deal 3: you threw 5♠ Q♣, ? a
    mistake" / "Built-in position: balking, as pone"; ``dates`` are the history's games'
    dates by id."""
    themes = ", ".join(THEME_WORDS.get(t, t) for t in position.themes)
    if position.source == "built-in":
        return "Built-in position" + (f": {themes}" if themes else "")
    variant = VARIANT_WORDS.get(position.variant)
    where = f"From {position.source.rsplit('/', 1)[-1]}" + (f" ({variant})" if variant
                                                             else "")
    if position.source.startswith("history:"):
        try:
            day = dates.get(int(position.source.split(":", 1)[1]), "")
        except ValueError:
            day = ""
        game = f"{variant} game" if variant else "game"
        where = f"Your {game} of {_date(day)}" if _date(day) else (
            f"One of your {variant} games" if variant else "One of your games")
    text = f"{where}, deal {position.deal}"
    if position.chosen:
        mark = position.mark
        text += f": you {choice_text(position, position.chosen)}"
        if mark:
            article = "an" if mark[0] in "aeiou" else "a"  # "an inaccuracy", "a mistake"
            text += f", {MARK_SIGNS.get(mark, '')} {article} {mark}"
    return text


def themes_text(position: Position) -> str:
    return " · ".join(THEME_WORDS.get(t, t) for t in position.themes)


def task_text(position: Position) -> str:
    """The line that says what to do."""
    obs = position.table
    names = names_of(position)
    if obs.players > 2:
        return _variant_task(position, names)
    scores = f"{obs.my_score}–{obs.opponent_score}"
    if position.kind == "discard" and obs.rules.cards_dealt == 5:  # five-card
        role = "the dealer" if obs.is_dealer else "the pone"
        crib = "your crib" if obs.is_dealer else crib_of(names[obs.dealer])
        return (f"Five-card, to 61. You are {role}, {scores}: throw two cards to {crib}. "
                f"Choose two (click, or keys 1–5 and ← → Space), then Answer (Enter).")
    if position.kind == "discard":
        role = "the dealer" if obs.is_dealer else "the pone"
        crib = "your crib" if obs.is_dealer else crib_of(names[obs.dealer])
        return (f"You are {role}, {scores}: throw two cards to {crib}. Choose two (click, "
                f"or keys 1–6 and ← → Space), then Answer (Enter).")
    return (f"You are {'the dealer' if obs.is_dealer else 'the pone'}, {scores}; the count "
            f"is {obs.count}. Play a card: choose it (click, or keys 1–6), then Answer "
            f"(Enter).")


def _variant_task(position: Position, names: tuple[str, ...]) -> str:
    """What to do at a table of three or four: who deals, the scores by side, the toss
    of one card or the card to play."""
    obs = position.table
    n = obs.players
    game = "Three players" if n == 3 else "Four players, partners across"
    scores = ", ".join(f"{name} {score}" for name, score in
                       zip(side_names(names, obs.rules.sides), obs.scores, strict=True))
    if obs.is_dealer:
        crib, deals = "your crib", "You deal"
    elif obs.rules.side_of(obs.dealer) == obs.side:
        crib = f"your side's crib ({names[obs.dealer]}'s)"
        deals = f"{names[obs.dealer]} deals"
    else:
        crib, deals = crib_of(names[obs.dealer]), f"{names[obs.dealer]} deals"
    if position.kind == "discard":
        return (f"{game}. {deals}; {scores}: throw one card to {crib}. Choose it (click, "
                f"or keys 1–5), then Answer (Enter).")
    return (f"{game}. {deals}; {scores}; the count is {obs.count}. Play a card: choose it "
            f"(click, or keys 1–4), then Answer (Enter).")


def verdict_text(verdict: Verdict) -> str:
    """"✓ Right: …" or "✗ Not the best: …" (a sign and words, never colour alone)."""
    if verdict.correct:
        return f"✓ Right: {cards_text(verdict.chosen)} is as good as the best."
    if verdict.mode == "points":
        lost = f"{verdict.points_lost:.2f} points given up"
    elif verdict.objective == "acc":
        lost = f"{verdict.win_lost:.2f} ACC points given up"
    else:
        lost = f"{verdict.win_lost:.1%} of your chances given up"
    return f"✗ Not the best: the best is {cards_text(verdict.best)} ({lost})."


def due_text(due: _dt.datetime, now: _dt.datetime) -> str:
    """"again in 1 minute", "again in 3 days"."""
    seconds = max(0.0, (due - now).total_seconds())
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size or unit == "minute":
            n = max(1, round(seconds / size))
            return f"in {n} {unit}{'s' if n != 1 else ''}"
    return "soon"


def rating_text(rating: float, change: float | None = None, deviation: float | None = None
                ) -> str:
    """"Rating 1512 (+12)" or "Rating 1500 ± 350"."""
    if change is not None:
        return f"Rating {rating:.0f} ({change:+.0f})"
    return f"Rating {rating:.0f}" + (f" ± {deviation:.0f}" if deviation is not None else "")


OPTION_HEADERS = {"discard": ["Throw", "Hand", "Crib", "Pegging", "Points", "Win", ""],
                  "play": ["Card", "Pegs now", "Points", "Win", ""]}
# a variant's options (judged in points): no chance of winning worked out
POINTS_HEADERS = {"discard": ["Throw", "Hand", "Crib", "Pegging", "Points", ""],
                  "play": ["Card", "Pegs now", "Points", ""]}


def headers_of(verdict: Verdict) -> list[str]:
    """The options' columns: a variant's (judged in points) have no "Win"."""
    return (POINTS_HEADERS if verdict.objective == "points" else OPTION_HEADERS)[verdict.kind]


def priority_of(verdict: Verdict) -> list[int]:
    """The options' columns that keep their width first, when the table is narrow."""
    if verdict.objective == "points":
        return [0, 5, 4, 1, 2, 3] if verdict.kind == "discard" else [0, 3, 2, 1]
    return [0, 6, 4, 5, 1, 2, 3] if verdict.kind == "discard" else [0, 4, 1, 2, 3]


OPTION_TIPS = {"Hand": "The kept hand's exact average over every possible starter (46 "
                       "with six cards dealt, 47 with five)",
               "Crib": "The crib's average: + your crib, − the dealer's",
               "Pegging": "Pegging gained minus given, on average",
               "Points": "Expected points in all (a card: net pegging to the end of the play)",
               "Win": "The chance of winning with it (a game of a match: ACC points)",
               "Pegs now": "The points this card pegs at once"}


def option_rows(verdict: Verdict) -> tuple[list[list], int | None]:
    """The options best first, the best and the answer marked in words; and the answer's
    row."""
    rows, answer = [], None
    for r, o in enumerate(verdict.options):
        notes = []
        if o.cards == verdict.best or r == 0:
            notes.append("★ best")
        if set(o.cards) == set(verdict.chosen):
            notes.append("◀ your answer")
            answer = r
        # (a variant's: judged in points, no chance of winning)
        win = [] if verdict.objective == "points" else \
            [NumberItem(o.win, value_text(o.win, verdict.objective))]
        label = cards_text(o.cards)
        if verdict.kind == "discard":
            rows.append([label, NumberItem(o.hand or 0.0, f"{o.hand or 0.0:.1f}"),
                         NumberItem(o.crib or 0.0, f"{o.crib or 0.0:+.1f}"),
                         NumberItem(o.pegging or 0.0, f"{o.pegging or 0.0:+.1f}"),
                         NumberItem(o.points, f"{o.points:+.2f}"), *win, "  ".join(notes)])
        else:
            rows.append([label, NumberItem(o.now or 0, str(o.now or 0)),
                         NumberItem(o.points, f"{o.points:+.2f}"), *win, "  ".join(notes)])
    return rows, answer
