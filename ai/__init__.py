"""Computer players: read an engine ``Observation``, return a ``Decision`` with reasoning.

``make_player(name, seed)`` builds one by name; ``HumanPlayer`` is the seat a person takes;
``ai.match`` plays games and matches.
Never imports Qt.
"""

from ai.base import Decision, Player, Reasoning
from ai.players.human import GameCancelled, HumanPlayer
from ai.registry import (
    Level,
    UnknownPlayerError,
    available_players,
    level_of,
    make_player,
    named_levels,
)

__all__ = ["Decision", "GameCancelled", "HumanPlayer", "Level", "Player", "Reasoning",
           "UnknownPlayerError",
           "available_players", "level_of", "make_player", "named_levels"]
