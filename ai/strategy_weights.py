"""The score-aware strategy weights (the thesis's eight strategies weighted by board
position) as the layers above ``ai`` use them: the window's heatmap and the weights plot
read a table, name its strategies, find the shipped one and train a new one in chunks.
The public face of ``ai.tables.weights`` and ``ai.training.weights`` (an import-linter
contract keeps the window out of ``ai.tables``, ``ai.players`` and ``ai.training``).
"""

from __future__ import annotations

from pathlib import Path

from ai.tables.files import asset_path
from ai.tables.weights import FILE, STRATEGIES, load

__all__ = ["STRATEGIES", "load", "shipped_file", "training_chunk"]


def shipped_file() -> Path:
    """The weights table the ``weights`` player uses unless given one (``CRIBBAGE_ASSETS``
    moves it)."""
    return asset_path(FILE)


def training_chunk() -> int:
    """Games a training run plays between two checkpoints at least (a run's ``--every``
    is a multiple of it). The training code is imported only now, not with the window."""
    from ai.training.weights import CHUNK

    return CHUNK
