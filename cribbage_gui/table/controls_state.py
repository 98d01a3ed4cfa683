"""What the game bar under the table offers at each moment of a game against the computer.

The game (:class:`cribbage_gui.table.game.Playing`) publishes a :class:`ControlsState` whenever
what the person can do changes; the bar (:class:`cribbage_gui.table.controls.GameBar`)
draws it and decides nothing. :func:`controls_state` is the rule: a pure function of the
moment (the phase of the person's pending decision, none while it is not their turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Phase


@dataclass(frozen=True)
class ControlsState:
    """The game bar's controls: which are shown, which can be used, what they say."""

    throw_shown: bool = False  # "Throw to crib": the discard
    throw_enabled: bool = False  # ... once two cards are chosen
    claim_shown: bool = False  # the count to claim and its button
    claim_pegging: bool = False  # pegging in the play ("Peg"), not the show's count ("Claim")
    hint_enabled: bool = False  # a discard or a card, which the hint can advise
    undo_shown: bool = False  # the game allows taking decisions back (casual games)
    undo_enabled: bool = False  # ... and there is one to take back
    match: str = ""  # the opponent, or the match's score ("" without a game)
    match_short: str = ""  # the same where the bar is too narrow for it ("": the same)


def controls_state(phase: Phase | None, chosen: int = 0, undo: bool = False,
                   can_undo: bool = False, match: str = "", to_throw: int = 2,
                   match_short: str = "") -> ControlsState:
    """The bar while the person decides in ``phase`` (None: not their turn, the computer's
    or the show's, or no game) with ``chosen`` cards chosen for the crib; ``undo``: the
    game allows taking back, ``can_undo``: there is a decision to take back; ``match``: the
    match's line; ``to_throw``: the cards a player throws to the crib in this game."""
    claiming = phase is Phase.COUNT or phase is Phase.PEG
    return ControlsState(
        throw_shown=phase is Phase.DISCARD,
        throw_enabled=phase is Phase.DISCARD and chosen == to_throw,
        claim_shown=claiming,
        claim_pegging=phase is Phase.PEG,
        hint_enabled=phase is Phase.DISCARD or phase is Phase.PLAY,
        undo_shown=undo,
        undo_enabled=can_undo,
        match=match, match_short=match_short)
