"""Positions from games: every marked decision (?!, ? and ??) of a reviewed game, and the
seats of a game a person played (those whose decisions practice takes).

The game is reviewed as ``cribbage review`` reviews it (``cribbage_gui.services.review``: the same
advisor, the
same objective); each decision the review marks becomes a position holding the review's own
figures for it and the table as it was at that moment (the player's view: nothing of the
opponent's hand or the crib).

A variant's game (five-card, three players, four in partnership) is reviewed as the
review's service reviews it, by the variant expert's expected points; its marked
decisions become positions of that variant, judged in points (``docs/variants.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from ai.advice import Memo, reads_seen
from ai.opponent import Reads
from ai.registry import available_players, canonical_name, is_external
from cribbage_gui.services import gamefile
from cribbage_gui.services.gamefile import GameFile
from cribbage_gui.services.practice.builtin import themes_of
from cribbage_gui.services.practice.positions import Position
from cribbage_gui.services.review import (
    GameReview,
    ReviewedDecision,
    objective_of,
    review_game,
)
from engine.record import Replay
from engine.rules import RULES


def positions_from_game(file: GameFile, source: str, player: str | None = None,
                        memo: Memo | None = None,
                        cancelled: Callable[[], bool] | None = None) -> list[Position]:
    """The marked decisions of ``file``'s game, of ``player`` (a name of its players) or of
    every player, as positions (in the game's order). Only a finished game's, or the
    person's of a game against the computer that is not over (what the review would show).
    Any variant: a variant's game is judged by expected points."""
    objective = objective_of(file.context)
    players = file.pair if file.game.rules == RULES else file.players
    review = review_game(file.game, players, objective=objective, memo=memo,
                         cancelled=cancelled)
    seats = tuple(seat for seat in range(len(players))
                  if player is None or file.players[seat] == player)
    return positions_from_review(file, review, source, seats)


def positions_from_review(file: GameFile, review: GameReview, source: str,
                          seats: tuple[int, ...] | None = None) -> list[Position]:
    """The marked decisions of ``seats`` in ``review`` (the review of ``file``'s game), as
    positions in the game's order (a replay of the game: quick, but not for the GUI
    thread in a long game); ``seats`` None: every seat's."""
    if seats is None:
        seats = tuple(range(len(file.players)))
    wanted = {d.action: d for d in review.decisions
              if d.mark is not None and d.seat in seats}
    if not wanted:
        return []
    positions = []
    for index, (state, seat, _action) in enumerate(Replay(type(file.game),
                                                          file.game.to_record())):
        decision = wanted.get(index)
        if decision is None:
            continue
        reads = reads_seen(state.events, seat) if decision.kind == "play" else None
        position = _position(state.observation(seat), decision, source, file.players, reads)
        positions.append(position.with_themes(themes_of(position)))
        if len(positions) == len(wanted):
            break
    return positions


def people_seats(players: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """The seats a person played: "you" against the computer, both between two people at
    one computer (a name no computer player has), none when computers played.

    >>> people_seats(("expert", "you")), people_seats(("Ann", "Bob"))
    ((1,), (0, 1))
    >>> people_seats(("Expert", "random")), people_seats(("you", "ext:./bot"))
    ((), (0,))
    """
    return tuple(seat for seat, name in enumerate(players)
                 if name == "you" or not (is_external(name) or _computer(name)))


def _computer(name: str) -> bool:
    base = canonical_name(name.strip()).partition(":")[0]
    return base in {p.name for p in available_players()}


def _position(obs, decision: ReviewedDecision, source: str, players,
              reads: Reads | None = None) -> Position:
    figures = decision.to_dict()
    for key in ("seat", "deal", "kind", "chosen", "best", "objective"):
        figures.pop(key)
    return Position(obs, decision.kind, decision.objective, source, tuple(players),
                    decision.chosen, decision.best, figures, reads=reads)


def game_files(folder: Path) -> list[Path]:
    """The game files of ``folder`` and its subfolders, in name order."""
    return sorted(p for p in folder.rglob(f"*{gamefile.SUFFIX}") if p.is_file())


def positions_from_folder(folder: Path, player: str | None = None,
                          on_problem: Callable[[str], None] | None = None,
                          memo: Memo | None = None) -> Iterator[Position]:
    """The positions of every game file under ``folder`` (a file that cannot be read is
    reported to ``on_problem`` and skipped)."""
    for path in game_files(folder):
        try:
            file = gamefile.read(path)
        except gamefile.GameFileError as exc:
            if on_problem is not None:
                on_problem(f"{path}: {exc}")
            continue
        yield from positions_from_game(file, str(path), player, memo)
