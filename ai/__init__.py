"""Computer players: read an engine ``Observation``, return a ``Decision`` with reasoning.

``make_player(name, seed)`` builds one by name; ``ai.match`` plays games and matches.
Never imports Qt.
"""

from ai.base import Decision, Player, Reasoning
from ai.registry import UnknownPlayerError, available_players, make_player

__all__ = ["Decision", "Player", "Reasoning", "UnknownPlayerError", "available_players",
           "make_player"]
