"""Exceptions raised by the engine.

All of them are ``ValueError`` subclasses: each one means "the input you gave is not valid
cribbage", and callers that only care about that can catch ``ValueError``.
"""

from __future__ import annotations


class CribbageError(ValueError):
    """Base class of every error the engine raises on bad input."""

    exit_status = 2  # the command line's, as argparse's for a bad argument


class CardError(CribbageError):
    """Malformed card text, a card number outside 0..51, or a wrong number of cards."""


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""


class IllegalActionError(CribbageError):
    """An action that the rules do not allow in the current state (the state is unchanged)."""


class UsageError(CribbageError):
    """A request outside what a command accepts (``--games 0``, a tournament of one player);
    the command line reports it in one line with exit status 2, as argparse does."""


class RecordError(CribbageError):
    """A game record (JSON) that is malformed or does not replay to a legal game."""
