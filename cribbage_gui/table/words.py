"""The table and the board in words, as a screen reader says them: each pile of the table
("Your hand: five of hearts, …"), each card ("jack of clubs", "Face-down card"), the board
("You 87, Expert 92, Expert's crib") and its score plates. Computed from the table's model
and the board's state when asked, so nothing has to be kept in step with the game.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from cribbage_gui.app.texts import YOU, crib_of, possessive
from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.table_view import CardItem, TableView
from engine.cards import card_words

PILES = ("hand", "opponent", "crib", "starter", "play", "show")


def cards_words(cards) -> str:
    """``"five of hearts, jack of clubs"``."""
    return ", ".join(card_words(c) for c in cards)


# ---------------------------------------------------------------------- the table's words
class Pile(QObject):
    """One pile of the table, as a screen reader sees it (``kind`` in :data:`PILES`)."""

    def __init__(self, table: TableView, kind: str) -> None:
        super().__init__(table)
        self.table, self.kind = table, kind
        self.setObjectName(f"pile:{kind}")


def pile_of(table: TableView, key) -> str:
    """Which pile a card item kept under ``key`` belongs to."""
    m = table.model
    if isinstance(key, int):
        return "hand" if m is not None and key in m.hands[m.my_seat] else "opponent"
    return {"back": "opponent", "crib": "crib", "starter": "starter", "cut": "starter",
            "played": "play", "show": "show"}[key[0]]


def pile_items(table: TableView, kind: str) -> list[CardItem]:
    """The card items of a pile, left to right as drawn (the deck last in the starter's)."""
    items = [item for key, item in table.card_items.items() if pile_of(table, key) == kind]
    items.sort(key=lambda item: (item.pos().y() if kind == "play" else 0, item.pos().x()))
    if kind == "starter":
        items.append(table.deck)
    return items


def pile_name(table: TableView, kind: str) -> str:
    """``"Your hand: five of hearts, …"``, ``"Expert's hand: 4 cards face down"``, …"""
    m = table.model
    if m is None:
        return {"hand": "Your hand", "opponent": "Opponent's hand", "crib": "Crib",
                "starter": "Deck", "play": "The play", "show": "The show"}[kind]
    me, opp = m.my_seat, m.opponent
    if kind == "hand":
        if m.covered:  # pass and play: the screen is being handed over
            return f"{possessive(m.names[me])} hand: hidden until the screen is passed"
        cards = table.hand_order()
        chosen = [c for c in cards if c in table.selected]
        text = f"{possessive(m.names[me])} hand: " + (cards_words(cards) or "empty")
        return text + (f"; chosen for the crib: {cards_words(chosen)}" if chosen else "")
    if kind == "opponent":
        whose = possessive(m.names[opp])
        if m.visible(opp):
            return f"{whose} hand: " + (cards_words(m.hands[opp]) or "empty")
        hidden = m.hidden[opp]
        return f"{whose} hand: {hidden} card{'s' if hidden != 1 else ''} face down" \
            if hidden else f"{whose} hand: empty"
    if kind == "crib":
        count = sum(len(t) for t in m.tossed)
        owner = crib_of(m.names[m.dealer]) if m.dealer is not None else "the crib"
        owner = owner[0].upper() + owner[1:]
        return f"{owner}: {count} card{'s' if count != 1 else ''} face down" if count \
            else f"{owner}: empty"
    if kind == "starter":
        if m.deal == 0 and m.cuts:
            a, b = m.cuts[-1]
            return (f"Cut for deal: {m.names[0]} {card_words(a)}, "
                    f"{m.names[1]} {card_words(b)}")
        return f"Starter: {card_words(m.starter)}" if m.starter is not None \
            else "Deck: no starter cut yet"
    if kind == "play":
        if not m.current and not any(m.played):
            return "The play: no cards played"
        current = cards_words(c for _, c in m.current) or "none"
        text = f"The play: count {m.count}; this count's cards: {current}"
        for seat in (me, opp):
            earlier = [c for c in m.played[seat] if c not in {c for _, c in m.current}]
            if earlier:
                whose = possessive(m.names[seat])
                whose = whose.lower() if m.names[seat] == YOU else whose
                text += f"; {whose} earlier cards: {cards_words(earlier)}"
        for seat in (0, 1):
            if m.go_at[seat] is not None:
                text += f"; {m.names[seat]} said go at {m.go_at[seat]}"
        return text
    if m.show is None:
        return "The show: not yet"
    whose = possessive(m.names[m.show.seat])
    return (f"The show: {whose} {m.show.what}: {cards_words(m.show.cards)}, starter "
            f"{card_words(m.show.starter)}")


def card_name(table: TableView, item: CardItem) -> str:
    """A card's name as spoken: its words, or "face-down card" (or "deck")."""
    if item is table.deck:
        return "Deck"
    if not item.face_up or item.card is None:
        return "Face-down card"
    return card_words(item.card)


def table_description(table: TableView) -> str:
    """The whole table in a few sentences, what a reader says of the table itself."""
    piles = [pile_name(table, kind) for kind in PILES]
    words = [table.status.text, table.announcement.text, table.show_words.text]
    return ". ".join([w for w in words if w] + [p for p in piles if not p.endswith(
        ("empty", "not yet", "no cards played"))])


def board_summary(board: BoardWidget) -> str:
    """``"You 87, Expert 92, Expert's crib"``."""
    text = f"{board.names[0]} {board.scores[0]}, {board.names[1]} {board.scores[1]}"
    if board.dealer is not None:
        text += f", {crib_of(board.names[board.dealer])}"
    return text


class Plate(QObject):
    """One player's score plate on the board (``seat``)."""

    def __init__(self, board: BoardWidget, seat: int) -> None:
        super().__init__(board)
        self.board, self.seat = board, seat
        self.setObjectName(f"plate:{seat}")


def plate_name(board: BoardWidget, seat: int) -> str:
    """``"Expert: 92 points, deals (crib)"``."""
    text = f"{board.names[seat]}: {board.scores[seat]} points"
    if board.backs[seat] != board.scores[seat]:
        text += f" (back peg at {board.backs[seat]})"
    if board.dealer == seat:
        text += f", {crib_of(board.names[seat])}"
    return text



def piles_of(table: TableView) -> list[Pile]:
    piles = getattr(table, "a11y_piles", None)
    if piles is None:
        piles = [Pile(table, kind) for kind in PILES]
        table.a11y_piles = piles  # type: ignore[attr-defined]
    return piles
