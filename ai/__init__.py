"""Computer players: read an engine ``Observation``, return a ``Decision`` with reasoning.

``make_player(name, seed)`` builds one by name; ``ai.match`` plays games and matches.
Never imports Qt.
"""

from ai.base import Decision, Player, Reasoning
from ai.registry import (
    Level,
    UnknownPlayerError,
    available_players,
    level_of,
    make_player,
    named_levels,
)

__all__ = ["Decision", "Level", "Player", "Reasoning", "UnknownPlayerError",
           "available_players", "level_of", "make_player", "named_levels"]
