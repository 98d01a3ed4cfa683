"""The numbers of the game, defined here once and imported everywhere else (the referee,
the compiled loops, the players' searches):

>>> WINNING_SCORE, SKUNK_LINE, DOUBLE_SKUNK_LINE, MAX_COUNT
(121, 91, 61, 31)

A card's pip value (ace 1, court cards 10) is ``engine.cards.PIPS`` in Python and
``engine.kernels.card_pip`` / ``rank_pip`` in compiled code; the jack's rank is
``engine.cards.JACK``.
"""

from __future__ import annotations

from typing import NamedTuple


class Rules(NamedTuple):
    """What the rules of a variant are, in one record of ints (numba takes it as a tuple):
    the deal driver, the referee and the players read it. :data:`RULES` is the two-player
    six-card game; :data:`VARIANTS` names every variant played here (``docs/variants.md``
    gives their rules and sources).

    >>> RULES.cards_dealt * RULES.players + 1  # the cards a deal draws, the starter too
    13
    >>> VARIANTS["three-player"].crib_size
    4
    """

    players: int = 2
    cards_dealt: int = 6  # to each player
    cards_to_crib: int = 2  # from each player
    target: int = 121  # the game ends the moment a player reaches it
    skunk_line: int = 91  # a loser below this is skunked
    double_skunk_line: int = 61  # and below this, double skunked (0: no double skunk)
    crib_from_deck: int = 0  # cards dealt from the deck straight to the crib (three players)
    partners: int = 0  # 1: seats across are partners, one score a side (four players)
    start_points: int = 0  # pegged by the first deal's pone at the start ("three for last")
    one_count: int = 0  # 1: the play ends when the first count does; the rest is not played

    @property
    def kept(self) -> int:
        """The cards a player keeps to play and show."""
        return self.cards_dealt - self.cards_to_crib

    @property
    def crib_size(self) -> int:
        return self.players * self.cards_to_crib + self.crib_from_deck

    @property
    def sides(self) -> int:
        """The scores kept: one a player, or one a partnership."""
        return self.players // 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The score ``seat`` pegs on: its own, or its partnership's (seats across share)."""
        return seat % self.sides

    def check(self) -> Rules:
        """The record itself if it describes a game the engine plays, else ValueError with
        the reason: two to four players, a hand of one to four cards to keep, a crib of
        four, enough cards in the deck, partners only across a table of four."""
        if not 2 <= self.players <= 4:
            raise ValueError(f"a game has two to four players, not {self.players}")
        if not 1 <= self.cards_to_crib < self.cards_dealt or not 1 <= self.kept <= 4:
            raise ValueError(f"{self.cards_dealt} cards dealt and {self.cards_to_crib} to "
                             f"the crib leave no hand of one to four cards")
        if self.crib_size != 4 or self.crib_from_deck < 0:
            raise ValueError(f"the crib must have four cards, not {self.crib_size}")
        if self.partners not in (0, 1) or self.one_count not in (0, 1):
            raise ValueError("partners and one_count are 0 or 1")
        if self.partners and self.players != 4:
            raise ValueError("partners sit across a table of four")
        if not 0 <= self.start_points < self.target or not 0 <= self.double_skunk_line \
                <= self.skunk_line <= self.target:
            raise ValueError("the target, the skunk lines and the start points do not fit "
                             "together")
        return self


RULES = Rules()
VARIANTS: dict[str, Rules] = {
    "six-card": RULES,
    # Hoyle: five cards, two to the crib, 61 up, "three for last" to the first pone; the
    # play stops at the first go or 31 ("such cards as remain ... are not to be played");
    # a lurch (the loser short of 31) counts double: no double skunk
    "five-card": Rules(players=2, cards_dealt=5, cards_to_crib=2, target=61, skunk_line=31,
                       double_skunk_line=0, start_points=3, one_count=1),
    # five cards each, one each to the crib and one from the deck, 121 up
    "three-player": Rules(players=3, cards_dealt=5, cards_to_crib=1, crib_from_deck=1),
    # partners sit across (seats 0 and 2, 1 and 3), five cards each, one each to the crib
    "four-player": Rules(players=4, cards_dealt=5, cards_to_crib=1, partners=1),
}
VARIANT = "six-card"  # the default


def variant_rules(name: str) -> Rules:
    """The rules of the variant called ``name``; ValueError naming the variants if there
    is none.

    >>> variant_rules("five-card").target
    61
    """
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"no variant {name!r}; the variants are "
                         f"{', '.join(VARIANTS)}") from None


def variant_name(rules: Rules) -> str:
    """The name of the variant ``rules`` are (a record of no variant: ``"custom"``)."""
    return next((name for name, r in VARIANTS.items() if r == rules), "custom")


WINNING_SCORE = RULES.target
SKUNK_LINE = RULES.skunk_line
DOUBLE_SKUNK_LINE = RULES.double_skunk_line
MAX_COUNT = 31  # the count in the play never goes past it
MAX_HAND_SCORE = 29  # the best hand there is (5-5-5 and the jack of the starter's suit)
# ACC match points: a win, a win by a skunk (a double skunk counts as a skunk)
WIN_POINTS, SKUNK_POINTS = 2, 3


def skunk_of(loser_score: int, rules: Rules | None = None) -> int:
    """The skunk of a game the loser ended at ``loser_score``: 0 none, 1 a skunk (under 91),
    2 a double skunk (under 61); under ``rules``' own lines if given (five-card: a lurch
    under 31, no double). The one place the rule is written: the referee, the reports and
    (compiled, ``engine.kernels.skunk_of``) the compiled loop ask it.

    >>> skunk_of(91), skunk_of(90), skunk_of(60), skunk_of(30, VARIANTS["five-card"])
    (0, 1, 2, 1)
    """
    double, single = (DOUBLE_SKUNK_LINE, SKUNK_LINE) if rules is None else \
        (rules.double_skunk_line, rules.skunk_line)
    return 2 if loser_score < double else 1 if loser_score < single else 0


def match_points(skunk: int) -> int:
    """ACC match points for a win with ``skunk`` 0, 1 or 2: 2 a win, 3 a skunk (a double
    skunk counts as a skunk).

    >>> match_points(0), match_points(1), match_points(2)
    (2, 3, 3)
    """
    return SKUNK_POINTS if skunk else WIN_POINTS
