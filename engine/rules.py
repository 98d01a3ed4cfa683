"""The numbers of the game, defined here once and imported everywhere else (the referee,
the compiled loops, the players' searches):

>>> WINNING_SCORE, SKUNK_LINE, DOUBLE_SKUNK_LINE, MAX_COUNT
(121, 91, 61, 31)

A card's pip value (ace 1, court cards 10) is ``engine.cards.PIPS`` in Python and
``engine.kernels.card_pip`` / ``rank_pip`` in compiled code; the jack's rank is
``engine.cards.JACK``.
"""

WINNING_SCORE = 121  # the game ends the moment a player reaches it
SKUNK_LINE = 91  # a loser below this is skunked
DOUBLE_SKUNK_LINE = 61  # and below this, double skunked
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
