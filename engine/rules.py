"""The numbers of the game, defined here once and imported everywhere else (the referee,
the compiled loops, the players' searches):

>>> WINNING_SCORE, SKUNK_LINE, DOUBLE_SKUNK_LINE, MAX_COUNT
(121, 91, 61, 31)

A card's pip value (ace 1, court cards 10) is ``engine.cards.PIPS`` in Python and
``engine.kernels.card_pip`` / ``rank_pip`` in compiled code; the jack's rank is
``engine.cards.JACK``.
"""

from typing import NamedTuple


class Rules(NamedTuple):
    """What a deal loop needs of the rules, in one record of ints (numba takes it as a
    tuple): the record a rule variant extends. :data:`RULES` is the game played here.

    >>> RULES.cards_dealt * RULES.players + 1  # the cards a deal draws, the starter too
    13
    """

    players: int = 2
    cards_dealt: int = 6  # to each player
    cards_to_crib: int = 2  # from each player
    target: int = 121  # the game ends the moment a player reaches it
    skunk_line: int = 91  # a loser below this is skunked
    double_skunk_line: int = 61  # and below this, double skunked


RULES = Rules()
WINNING_SCORE = RULES.target
SKUNK_LINE = RULES.skunk_line
DOUBLE_SKUNK_LINE = RULES.double_skunk_line
MAX_COUNT = 31  # the count in the play never goes past it
MAX_HAND_SCORE = 29  # the best hand there is (5-5-5 and the jack of the starter's suit)
# ACC match points: a win, a win by a skunk (a double skunk counts as a skunk)
WIN_POINTS, SKUNK_POINTS = 2, 3


def skunk_of(loser_score: int) -> int:
    """The skunk of a game the loser ended at ``loser_score``: 0 none, 1 a skunk (under 91),
    2 a double skunk (under 61). The one place the rule is written: the referee, the
    reports and (compiled, ``engine.kernels.skunk_of``) the compiled loop ask it.

    >>> skunk_of(91), skunk_of(90), skunk_of(60)
    (0, 1, 2)
    """
    return 2 if loser_score < DOUBLE_SKUNK_LINE else 1 if loser_score < SKUNK_LINE else 0


def match_points(skunk: int) -> int:
    """ACC match points for a win with ``skunk`` 0, 1 or 2: 2 a win, 3 a skunk (a double
    skunk counts as a skunk).

    >>> match_points(0), match_points(1), match_points(2)
    (2, 3, 3)
    """
    return SKUNK_POINTS if skunk else WIN_POINTS
