"""Matches of the variants (``engine.rules.VARIANTS``): two to four players seated in the
order given, played through the ``GameState`` referee.

The two-player six-card game has its own match machinery (``ai.match.runner``: compiled
games, workers, duplicate deals); a variant's match plays every game through the referee
and the players' Python decisions, in one process. Seeds: game ``index`` of a match seeded
``seed`` deals the same cards (``game_seed``) and gives each seat the same generator
(``player_rng``) whatever else is played, as the two-player matches do; the first deal goes
round the table (seat ``index % players`` deals first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.base import Player, check_plays
from ai.match.driver import game_seed, player_rng
from ai.registry import make_player
from engine.events import Scored
from engine.rules import Rules, variant_name
from engine.state import GameState

GameSaver = Callable[[tuple[str, ...], int, int, GameState], None]


@dataclass
class VariantTally:
    """What a variant's match has shown so far, by seat and by side."""

    rules: Rules
    names: tuple[str, ...]
    games: int = 0
    deals: int = 0

    def __post_init__(self) -> None:
        self.side_wins = [0] * self.rules.sides
        self.skunks = [0] * self.rules.sides  # games a side won by a skunk or more
        self.points = [0] * self.rules.players  # by seat, every source

    def add(self, game: GameState) -> None:
        self.games += 1
        self.deals += game.deal_number
        assert game.winner is not None
        self.side_wins[game.winner] += 1
        self.skunks[game.winner] += game.skunk > 0
        for event in game.events:
            if isinstance(event, Scored):
                self.points[event.seat] += event.points

    def summary(self) -> dict:
        """JSON-ready: the variant, the games, each listed player's wins (partners share
        their side's), each side's, and points a deal by seat."""
        rules, games = self.rules, max(1, self.games)
        wins = [self.side_wins[rules.side_of(seat)] for seat in range(rules.players)]
        return {
            "variant": variant_name(rules),
            "players": list(self.names),
            "games": self.games,
            "wins": wins,
            "win_rates": [w / games for w in wins],
            "sides": [[seat for seat in range(rules.players) if rules.side_of(seat) == side]
                      for side in range(rules.sides)],
            "side_wins": list(self.side_wins),
            "skunks": list(self.skunks),
            "deals_per_game": self.deals / games,
            "points_per_deal": [p / max(1, self.deals) for p in self.points],
        }


def play_variant_game(players: Sequence[Player], rules: Rules, seed: int, index: int
                      ) -> GameState:
    """Game ``index`` of a match seeded ``seed``, every decision asked of its player."""
    n = rules.players
    game = GameState.new(game_seed(seed, index), first_dealer=index % n, rules=rules)
    for seat, player in enumerate(players):
        player.new_game(seat, player_rng(seed, index, seat))
    while not game.is_over:
        seat = game.current_player()
        decision = players[seat].decide(game.observation(seat))
        game.apply(seat, decision.action)
    return game


def run_variant_match(names: Sequence[str], rules: Rules, games: int, seed: int = 0,
                      progress: Callable[[int], object] | None = None,
                      save_games: GameSaver | None = None,
                      stopped: Callable[[], bool] | None = None) -> dict:
    """Play ``games`` games of ``rules`` between the players ``names`` (by seat; in the
    partnership game the first and third are partners) and return the summary
    (:meth:`VariantTally.summary`, plus ``"stopped_early"``: stopped by ``stopped()`` or
    Ctrl-C, the figures then those of the games finished). ValueError, in one line, for
    the wrong number of players or a player that does not play this variant."""
    if len(names) != rules.players:
        raise ValueError(f"{variant_name(rules)} is played by {rules.players} players, not "
                         f"{len(names)}")
    players = [make_player(name) for name in names]
    try:
        for player in players:
            check_plays(player, variant_name(rules))
        tally = VariantTally(rules, tuple(names))
        stopped_early = False
        try:
            for index in range(games):
                if stopped is not None and stopped():
                    stopped_early = True
                    break
                game = play_variant_game(players, rules, seed, index)
                tally.add(game)
                if save_games is not None:
                    save_games(tuple(names), seed, index, game)
                if progress is not None:
                    progress(1)
        except KeyboardInterrupt:  # Ctrl-C: the games finished are the figures (and saved)
            stopped_early = True
    finally:
        for player in players:
            player.close()
    return tally.summary() | {"stopped_early": stopped_early, "seed": seed}
