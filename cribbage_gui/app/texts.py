"""Every sentence the window says, composed in one place.

Cards are always written with suit symbols (``5♥``, ``10♣``); players by their titles
("Mueller", "Strategy weights"), never their registry names; a person is "You" and verbs
agree ("You win", "Mueller wins").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.cards import card_label
from engine.scoring import ScoreItem, count_aloud

SKUNK_WORDS = ("", " with a skunk", " with a double skunk")
YOU = "You"
ZERO_HAND = "nineteen (no points)"  # what players say for a hand worth nothing


def in_order(cards: Iterable[int]) -> list[int]:
    """Cards in the one order the window shows them everywhere (the hand on the table, the
    log, the hint, the inspector's tables): by rank, then by suit (♣ ♦ ♥ ♠).

    >>> from engine.cards import parse_cards
    >>> cards_text(in_order(parse_cards("9D 2S")))
    '2♠ 9♦'
    """
    return sorted(cards, key=lambda c: (c >> 2, c & 3))


def cards_text(cards: Iterable[int], sep: str = " ") -> str:
    """Cards as the window writes them, in :func:`in_order`: ``"5♥ J♣"``."""
    return sep.join(card_label(c) for c in in_order(cards))


def cards_and(cards: Iterable[int]) -> str:
    """``"5♥ and J♣"`` (in :func:`in_order`)."""
    return " and ".join(card_label(c) for c in in_order(cards))


@cache
def _titles() -> dict[str, str]:
    from ai import available_players

    return {p.name: p.title for p in available_players()}


def player_title(name: str) -> str:
    """A player's short title: "Mueller", "Strategy weights", "Expert (deep)", "Expert
    (match)" (playing for ACC match points); ``ext:`` engines by their program's name."""
    base, _, option = name.partition(":")
    if base == "ext":
        return external_title(option)
    title = _titles().get(base, name).split(" (")[0]
    words = option.split(":")
    notes = [note for word, note in (("deep", "deep"), ("acc", "match")) if word in words]
    return f"{title} ({', '.join(notes)})" if notes else title


def external_title(command: str) -> str:
    """An external engine's name: the one it gave itself when it has run in this process,
    else its program's name, never its whole command line (``ai.external.known_name``:
    the window never waits for an engine to start)."""
    from ai.external import known_name

    return known_name(command)


def possessive(name: str) -> str:
    """"Your", "Mueller's", "Jones'"."""
    if name == YOU:
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def says(name: str, verb: str) -> str:
    """``name`` with ``verb`` agreeing: "You deal", "Mueller deals", "You and North win"."""
    plural = name == YOU or " and " in name
    return f"{name} {verb}" if plural else f"{name} {verb}s"


# a variant's table: the seats from the person's left round, by compass point (the person
# sits South); three players sit West and East of the person, four have a partner North
COMPASS = {3: ("West", "East"), 4: ("West", "North", "East")}


def seat_names(players: int, my_seat: int, people: bool = False) -> tuple[str, ...]:
    """The names by seat of a variant's table seen from ``my_seat`` (``YOU``; ``people``:
    people at one screen, where "you" is whoever has it, ``my_seat`` is "South"): the
    others by compass point, from the person's left round."""
    names = ["South" if people else YOU] * players
    for i, point in enumerate(COMPASS[players]):
        names[(my_seat + 1 + i) % players] = point
    return tuple(names)


def side_names(names: tuple[str, ...], sides: int) -> tuple[str, ...]:
    """The name of each score kept: a player's, or a partnership's ("You and North"; the
    partners of a side are the seats ``side``, ``side + sides``, ...)."""
    if sides == len(names):
        return tuple(names)
    partners = [[names[seat] for seat in range(side, len(names), sides)]
                for side in range(sides)]
    return tuple(" and ".join(sorted(p, key=lambda n: n != YOU)) for p in partners)


def result_sentence(names: tuple[str, ...], winner: int, scores: tuple[int, ...],
                    skunk: int, dash: str = "–") -> str:
    """"You win 121–98 with a skunk", "Mueller wins 121–80", with three sides "West wins
    121–98–80" (no full stop); ``names`` by side."""
    others = sorted((s for side, s in enumerate(scores) if side != winner), reverse=True)
    return (f"{says(names[winner], 'win')} {dash.join(map(str, (scores[winner], *others)))}"
            f"{SKUNK_WORDS[skunk]}")


def match_sentence(names: tuple[str, str], wins: tuple[int, int], over: bool,
                   winner: int | None) -> str:
    """"Match: You 2 – 1 Mueller. You win the match!"."""
    text = f"Match: {names[0]} {wins[0]} – {wins[1]} {names[1]}."
    if over and winner is not None:
        text += f" {says(names[winner], 'win')} the match!"
    return text


def spoken_count(items: tuple[ScoreItem, ...] | list[ScoreItem]) -> str:
    """The count as a player says it; a hand with no points is "nineteen (no points)"."""
    return count_aloud(items) if items else ZERO_HAND


def announce(source: str, points: int, items: tuple[ScoreItem, ...],
             reason: str = "") -> str:
    """What a player says when scoring: "fifteen for 2", "pair royal for 6", "go for 1"; a
    manual peg below the points there were is "pegs 2" (the rest is missed)."""
    if source == "muggins":
        return f"muggins for {points}"
    if reason == "claimed":
        return f"pegs {points}"
    if source in ("hand", "crib"):
        return f"{source} for {points}: {spoken_count(items)}"
    return " and ".join(f"{i.label} for {i.points}" for i in items)


def crib_of(name: str) -> str:
    """"your crib", "Mueller's crib" (never "the crib is your")."""
    return "your crib" if name == YOU else f"{possessive(name)} crib"
