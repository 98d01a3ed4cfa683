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
# ACC match points: a win, a win by a skunk (a double skunk counts as a skunk)
WIN_POINTS, SKUNK_POINTS = 2, 3
