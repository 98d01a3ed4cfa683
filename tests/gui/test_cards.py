"""The shipped SVG deck: every face and back drawn from it, cached by size and pixel ratio,
and a card whose file is missing or damaged drawn in code instead, never a crash."""

import gzip
import shutil

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from cribbage_gui.app import theme
from cribbage_gui.table import cards

WIDTH = 70.0


def draw(paint, *args, ratio: float = 1.0) -> QImage:
    """An image of one card drawn by ``paint(painter, rect, *args)`` on the felt."""
    image = QImage(round(90 * ratio), round(110 * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#206030"))
    painter = QPainter(image)
    paint(painter, QRectF(10, 5, WIDTH, WIDTH * cards.CARD_RATIO), *args)
    painter.end()
    return image


@pytest.fixture
def art_dir(tmp_path, monkeypatch):
    """A copy of the deck the test may damage; the caches forgotten before and after."""
    copy = tmp_path / "cards"
    shutil.copytree(cards.ART_DIR, copy)
    monkeypatch.setattr(cards, "ART_DIR", copy)
    cards.clear_art_cache()
    yield copy
    cards.clear_art_cache()


def test_every_face_and_back_has_art(qapp):
    assert cards.art_name(38) == "TH.svgz" and cards.art_name(0) == "AC.svgz"
    for card in range(52):
        assert cards._renderer(cards.art_name(card)) is not None, card
    assert len(theme.CARD_BACKS) >= 2  # the settings offer every one of these
    for style in theme.CARD_BACKS:
        assert cards._renderer("back:" + style) is not None, style


@pytest.mark.parametrize("card", [0, 19, 40, 45, 51])  # A♣ 5♠ J♣ Q♦ K♠
def test_faces_are_the_decks_not_the_drawn_ones(qapp, card):
    assert draw(cards.paint_face, card) != draw(cards.paint_drawn_face, card)


def test_the_backs_differ_by_style(qapp):
    images = [draw(cards.paint_back, style) for style in theme.CARD_BACKS]
    assert all(a != b for i, a in enumerate(images) for b in images[i + 1:])
    # an unknown style (an old settings file) is the blue back, not a crash
    assert draw(cards.paint_back, "tartan") == draw(cards.paint_back, "blue")
    # two designs: the deck's pattern, and the lattice drawn in code
    lattices = [style for style in theme.CARD_BACKS if style.endswith(theme.LATTICE)]
    assert len(lattices) >= 2 and len(theme.CARD_BACKS) > len(lattices)
    for style in lattices:
        assert draw(cards.paint_back, style) == draw(cards.paint_drawn_back, style)
        plain = style.removesuffix(theme.LATTICE)
        assert draw(cards.paint_back, plain) != draw(cards.paint_drawn_back, plain)


def test_a_card_is_rendered_once_per_size_and_pixel_ratio(qapp, art_dir):
    first = draw(cards.paint_face, 44)
    assert list(cards._pixmaps) == [("QC.svgz", 70, 98)]
    assert draw(cards.paint_face, 44) == first  # from the cache, and the same
    assert len(cards._pixmaps) == 1
    draw(cards.paint_face, 44, ratio=2.0)  # a high-density screen: twice the pixels
    assert ("QC.svgz", 140, 196) in cards._pixmaps and len(cards._pixmaps) == 2


def test_the_cache_is_bounded(qapp, art_dir, monkeypatch):
    monkeypatch.setattr(cards, "PIXMAP_CACHE_SIZE", 5)
    for card in range(8):
        draw(cards.paint_face, card)
    assert len(cards._pixmaps) == 5
    assert ("AC.svgz", 70, 98) not in cards._pixmaps  # the oldest went first


def test_a_missing_file_is_drawn_in_code(qapp, art_dir):
    (art_dir / "JH.svgz").unlink()
    (art_dir / "back.svgz").unlink()
    assert draw(cards.paint_face, 42) == draw(cards.paint_drawn_face, 42)
    assert draw(cards.paint_back, "red") == draw(cards.paint_drawn_back, "red")
    # the rest of the deck is still the deck's
    assert draw(cards.paint_face, 46) != draw(cards.paint_drawn_face, 46)


@pytest.mark.parametrize("damage", [
    b"not gzip at all",  # not compressed
    gzip.compress(mtime=0,  # cut off
                  data=b"<svg xmlns='http://www.w3.org/2000/svg'><path d='M 0 0 L"),
    gzip.compress(mtime=0, data=b"\x00\x01binary junk"),  # not XML
    b"",  # empty
], ids=["not-gzip", "cut-off", "not-xml", "empty"])  # (gzip's header has the time in it:
# ids made from the bytes differ between the test processes, which xdist refuses)
def test_a_damaged_file_is_drawn_in_code(qapp, art_dir, damage):
    (art_dir / "KD.svgz").write_bytes(damage)
    (art_dir / "back.svgz").write_bytes(damage[: len(damage) // 2])
    assert draw(cards.paint_face, 49) == draw(cards.paint_drawn_face, 49)
    assert draw(cards.paint_back, "green") == draw(cards.paint_drawn_back, "green")


def test_a_truncated_gzip_is_drawn_in_code(qapp, art_dir):
    whole = (art_dir / "5H.svgz").read_bytes()
    (art_dir / "5H.svgz").write_bytes(whole[: len(whole) // 2])
    assert draw(cards.paint_face, 18) == draw(cards.paint_drawn_face, 18)


def test_a_new_size_while_resizing_is_drawn_from_the_nearest_then_rendered(qtbot, art_dir):
    """A window being resized asks for a new size at every step: a card already rendered
    at another size is drawn from that at once, and rendered exactly when the size settles
    (a court figure takes ~20 ms, too long for every step of a drag)."""
    def draw_deferred(width):
        def paint(painter, rect, card):
            rect.setSize(rect.size() * (width / WIDTH))
            cards.paint_face(painter, rect, card, defer=True)
        return paint

    draw(cards.paint_face, 51)  # the king of spades at 70 px: its first picture, at once
    assert ("KS.svgz", 70, 98) in cards._pixmaps
    with qtbot.waitSignal(cards.art_signals().rendered, timeout=5000):
        for width in (72, 74, 76):  # three steps of a drag
            draw(draw_deferred(width), 51)
            assert [key for key in cards._pixmaps if key[0] == "KS.svgz"] == [
                ("KS.svgz", 70, 98)]
    # only the size it settled at was rendered
    assert [key for key in cards._pixmaps if key[0] == "KS.svgz"] == [
        ("KS.svgz", 70, 98), ("KS.svgz", 76, 106)]
    before = len(cards._pixmaps)
    draw(draw_deferred(76), 51)  # now exact, and nothing more to render
    assert len(cards._pixmaps) == before and not cards.art_signals().wanted


def test_the_build_script_keeps_the_drawing_and_drops_the_rest(tmp_path):
    """assets/cards/build.py, which made the shipped files from the source deck: the
    metadata, editor attributes and default styles go, numbers are cut to hundredths, and
    the files are named by rank and suit."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_cards", cards.ART_DIR / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    source = (
        b'<svg xmlns="http://www.w3.org/2000/svg" '
        b'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        b'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="210" height="315" '
        b'viewBox="0 0 210 315"><metadata><rdf:RDF/></metadata>'
        b'<g id="layer1" inkscape:label="Layer 1" transform="translate(-2520.0012,324.89098)">'
        b'<path id="p1" inkscape:connector-curvature="0" '
        b'style="fill:#fe0000;fill-opacity:1;stroke:#000000;stroke-width:0.963269" '
        b'd="m 2574.50681234,-249.88679 c 0.19589009,-18.7528 0.55128733,-16.5369 1,2 z"/>'
        b'</g></svg>')
    slim = build.slim(source).decode()
    assert "metadata" not in slim and "inkscape" not in slim and 'id="' not in slim
    assert "fill-opacity" not in slim and "fill:#fe0000" in slim
    assert 'd="m 2574.51,-249.89 c 0.2,-18.75 0.55,-16.54 1,2 z"' in slim
    assert 'transform="translate(-2520.0012,324.89098)"' in slim  # placement kept exact
    folder = tmp_path / "source"
    folder.mkdir()
    names = [f"{suit}{rank}.svg" for suit in build.SOURCE_SUITS for rank in build.SOURCE_RANKS]
    for name in [*names, "blueBack.svg"]:
        (folder / name).write_bytes(source)
    build.build(folder, tmp_path / "out")
    written = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert written == sorted([cards.art_name(card) for card in range(52)] + ["back.svgz"])
    assert gzip.decompress((tmp_path / "out" / "TH.svgz").read_bytes()).decode() == slim


def test_the_jacks_corner_is_raised_clear_of_its_pip(qapp):
    """The corner J of every jack (both corners) is raised and smaller, where a font other
    than Arial hangs its hook under the suit's pip (the corner read as "I"); no other card
    is touched, and the jack is drawn so."""
    import re

    from PySide6.QtCore import QByteArray
    from PySide6.QtSvg import QSvgRenderer

    from engine.cards import RANKS, SUITS

    for rank in RANKS:
        for suit in SUITS:
            data = gzip.decompress((cards.ART_DIR / f"{rank}{suit}.svgz").read_bytes())
            fixed = cards.jack_index(data)
            if rank != "J":
                assert fixed == data
                continue
            corners = re.findall(rb"<text[^>]*>\s*<tspan[^>]*>J</tspan>", fixed)
            assert len(corners) == 2 and all(b"font-size:40px" in c for c in corners)
            before = [float(y) for y in re.findall(
                rb'<tspan[^>]*y="(-?[\d.]+)"[^>]*>J</tspan>', data)]
            after = [float(y) for y in re.findall(
                rb'<tspan[^>]*y="(-?[\d.]+)"[^>]*>J</tspan>', fixed)]
            assert [round(b - a, 3) for b, a in zip(before, after, strict=True)] == \
                [cards.JACK_RAISE] * 2
    cards.clear_art_cache()

    def rendered(renderer) -> QImage:
        image = QImage(120, 180, QImage.Format.Format_ARGB32)
        image.fill(QColor("#206030"))
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, 120, 180))
        painter.end()
        return image

    for card in (41, 36):  # a jack is drawn raised; a ten as shipped
        name = cards.art_name(card)
        raw = QSvgRenderer(QByteArray(gzip.decompress((cards.ART_DIR / name).read_bytes())))
        assert (rendered(cards._renderer(name)) == rendered(raw)) == (not name.startswith("J"))
