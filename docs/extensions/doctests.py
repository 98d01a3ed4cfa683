"""A Griffe extension for the API reference pages (mkdocs.yml names it).

The docstrings hold doctest examples (``>>>`` lines and their output) as plain text, as
``python -m doctest`` and the tests read them. In Markdown those lines would be nested
quotes, and an output such as ``['5H', '5C']`` a reference link, so each run of them, up
to the next blank line, is put in a fenced ``pycon`` block before the docstring is
rendered. The docstrings themselves are unchanged.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with every run of doctest lines outside a code fence wrapped in a fence."""
    out: list[str] = []
    in_fence = in_example = False
    for line in text.split("\n"):
        stripped = line.strip()
        if in_example and not stripped:
            out.append("```")
            in_example = False
        if stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and not in_example and stripped.startswith(">>>"):
            out.append("```pycon")
            in_example = True
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class FenceDoctests(griffe.Extension):
    """Fences the doctest examples of every docstring Griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
