"""Rebuild the shipped card art (``assets/cards/*.svgz``) from Saul Spatz's public-domain
SVGCards deck.

    git clone https://github.com/saulspatz/SVGCards /tmp/SVGCards
    python assets/cards/build.py /tmp/SVGCards/Decks/Vertical2/svgs assets/cards

The source files are Inkscape drawings of about 8.7 MB; the court figures alone hold tens of
thousands of path numbers written to eight digits. This keeps what Qt's SVG renderer draws
and drops the rest: the metadata, the editor's attributes and ids, style properties that say
the default, and digits beyond a hundredth of a unit (a figure's own units are a seventh of a
card unit, so the error stays below a thousandth of a card's width). Each card is written
gzip-compressed (``.svgz``, which ``QSvgRenderer`` reads as it is), named by rank and suit as
``engine.cards`` spells them (``TH.svgz`` is the ten of hearts); the back is ``back.svgz``,
its ground colour replaced when drawn.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
SOURCE_RANKS = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"]
SOURCE_SUITS = ["club", "diamond", "heart", "spade"]
RANKS, SUITS = "A23456789TJQK", "CDHS"
DEFAULT_STYLE = {
    "fill-opacity": "1", "stroke-opacity": "1", "opacity": "1", "stroke-dasharray": "none",
    "stroke-miterlimit": "4", "font-style": "normal", "font-variant": "normal",
    "font-weight": "normal", "font-stretch": "normal", "text-indent": "0",
    "text-align": "start", "text-decoration": "none", "text-decoration-line": "none",
    "text-transform": "none", "writing-mode": "lr-tb", "direction": "ltr",
    "baseline-shift": "baseline", "color": "#000000", "display": "inline",
    "overflow": "visible", "visibility": "visible", "marker": "none",
    "enable-background": "accumulate", "letter-spacing": "0px", "word-spacing": "0px",
}
KEPT_ATTRIBUTES = {"d", "style", "transform", "x", "y", "dx", "dy", "width", "height", "rx",
                   "ry", "viewBox", "fill", "stroke", "stroke-width", "version",
                   "{http://www.w3.org/XML/1998/namespace}space"}
NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _short(match: re.Match[str], places: int) -> str:
    text = f"{float(match.group()):.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _round_numbers(text: str, places: int) -> str:
    return NUMBER.sub(lambda m: _short(m, places), text)


def _style(text: str) -> str:
    kept = []
    for part in text.split(";"):
        name, _, value = part.partition(":")
        name, value = name.strip(), value.strip()
        if not name or name.startswith("-inkscape") or DEFAULT_STYLE.get(name) == value:
            continue
        if name in ("stroke-width", "font-size", "line-height"):
            value = _round_numbers(value, 3)
        kept.append(f"{name}:{value}")
    return ";".join(kept)


def slim(source: bytes) -> bytes:
    """The SVG document ``source`` without what the renderer never uses, numbers shortened."""
    ET.register_namespace("", SVG)
    root = ET.fromstring(source)
    for parent in list(root.iter()):
        for child in list(parent):
            if not child.tag.startswith("{" + SVG + "}") or child.tag.endswith("}metadata"):
                parent.remove(child)
    for element in root.iter():
        for name in list(element.attrib):
            if name not in KEPT_ATTRIBUTES:
                del element.attrib[name]
        if "d" in element.attrib:
            element.attrib["d"] = _round_numbers(element.attrib["d"], 2)
        for name in ("x", "y", "dx", "dy", "width", "height", "rx", "ry"):
            if name in element.attrib:
                element.attrib[name] = _round_numbers(element.attrib[name], 3)
        if "style" in element.attrib:
            element.attrib["style"] = _style(element.attrib["style"])
        if element.tail is not None and not element.tail.strip():
            element.tail = None
        if element.text is not None and not element.text.strip():
            element.text = None
    return ET.tostring(root, encoding="utf-8", xml_declaration=False)


def build(source_dir: Path, out_dir: Path) -> int:
    """Write the 52 faces and the back from ``source_dir`` into ``out_dir``; their bytes."""
    out_dir.mkdir(parents=True, exist_ok=True)
    names = {f"{suit}{rank}.svg": f"{RANKS[r]}{SUITS[s]}.svgz"
             for s, suit in enumerate(SOURCE_SUITS) for r, rank in enumerate(SOURCE_RANKS)}
    names["blueBack.svg"] = "back.svgz"
    total = 0
    for source, target in names.items():
        data = gzip.compress(slim((source_dir / source).read_bytes()), 9, mtime=0)
        (out_dir / target).write_bytes(data)
        total += len(data)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="SVGCards' Decks/Vertical2/svgs folder")
    parser.add_argument("out", type=Path, help="where the .svgz files go (assets/cards)")
    args = parser.parse_args(argv)
    total = build(args.source, args.out)
    print(f"53 cards, {total / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
