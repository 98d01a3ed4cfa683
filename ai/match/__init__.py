"""Playing games and matches between players: the event stream, results and summaries."""

from ai.match.driver import (
    DecisionMade,
    GameResult,
    GameStarted,
    game_events,
    play_game,
)
from ai.match.runner import run_match, summarize, wilson_interval

__all__ = ["DecisionMade", "GameResult", "GameStarted", "game_events", "play_game",
           "run_match", "summarize", "wilson_interval"]
