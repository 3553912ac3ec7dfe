"""surface.path, the primitive icons are drawn with: the same shape in PDF, SVG and the
recording, and what the ink saver makes of it."""
from __future__ import annotations

import io

import pytest

from kit.parts import icons
from kit.surface.inksaver import InkSaver, ink, tint
from kit.surface.pdf import PdfSurface
from kit.surface.record import RecordingSurface
from kit.surface.svg import SvgSurface

SQUARE_WITH_HOLE = [("M", (10.0, 10.0)), ("L", (30.0, 10.0)), ("L", (30.0, 30.0)), ("L", (10.0, 30.0)), ("Z", ()),
                    ("M", (15.0, 15.0)), ("L", (15.0, 25.0)), ("L", (25.0, 25.0)), ("L", (25.0, 15.0)), ("Z", ()),
                    ("M", (10.0, 40.0)), ("C", (10.0, 50.0, 30.0, 50.0, 30.0, 40.0)), ("Z", ())]


def test_svg_writes_the_segments_as_path_data():
    surface = SvgSurface()
    surface.begin_page(50, 60)
    surface.path(SQUARE_WITH_HOLE, fill="#FF0000")
    surface.end_page()
    markup = surface._pages[0]
    assert '<path d="M10 10L30 10L30 30L10 30ZM15 15L15 25L25 25L25 15ZM10 40C10 50 30 50 30 40Z" fill="#ff0000" />' \
        in markup


def test_pdf_fills_the_path_with_its_hole():
    pdfium = pytest.importorskip("pypdfium2")
    surface = PdfSurface()
    surface.begin_page(50, 60)
    surface.path(SQUARE_WITH_HOLE, fill="#000000")
    image = pdfium.PdfDocument(io.BytesIO(surface.data()))[0].render(scale=4 * 25.4 / 72).to_pil().convert("L")
    assert image.getpixel((4 * 12, 4 * 12)) < 50        # in the square
    assert image.getpixel((4 * 20, 4 * 20)) > 200       # in its hole: the inner subpath turns the other way
    assert image.getpixel((4 * 20, 4 * 44)) < 50        # under the curve


def test_the_recording_logs_a_path_by_its_size():
    surface = RecordingSurface()
    surface.begin_page(50, 60)
    surface.path(SQUARE_WITH_HOLE, fill="#000000")
    (call,) = surface.find("path")
    assert call["segments"] == 13
    assert call["box"] == (10.0, 10.0, 20.0, 40.0)  # its control points too
    moved = RecordingSurface()
    moved.begin_page(50, 60)
    moved.path([("M", (11.0, 10.0)), *SQUARE_WITH_HOLE[1:]], fill="#000000")
    assert moved.find("path")[0]["crc"] != call["crc"]


def test_an_icon_fills_its_square():
    surface = RecordingSurface()
    surface.begin_page(50, 60)
    icons.draw_icon(surface, "gavel", 25.0, 30.0, 20.0, fill="#112233")
    (call,) = surface.find("path")
    x, y, w, h = call["box"]
    assert x >= 15.0
    assert x + w <= 35.0
    assert y >= 20.0
    assert y + h <= 40.0
    assert max(w, h) > 15.0
    assert call["fill"] == "#112233"


def test_the_ink_saver_outlines_a_large_icon_on_a_front_and_keeps_a_small_one():
    surface = RecordingSurface()
    surface.begin_page(50, 60)
    light = InkSaver(surface, fronts=True)
    icons.draw_icon(light, "gavel", 25.0, 25.0, 20.0, fill="#112233")
    icons.draw_icon(light, "gavel", 5.0, 5.0, 4.0, fill="#112233")
    big, small = surface.find("path")
    assert "fill" not in dict(big.args)
    assert big["stroke"] == "#112233"
    assert small["fill"] == "#112233"


def test_the_ink_saver_turns_a_front_flood_into_a_tint_in_an_outline():
    surface = RecordingSurface()
    surface.begin_page(80, 80)
    light = InkSaver(surface, fronts=True)
    light.rect(0, 0, 63, 88, fill="#000000")       # Promotion's black Poste
    light.rect(0, 0, 5, 5, fill="#000000")         # a symbol's square
    flood, symbol = surface.find("rect")
    assert flood["fill"] == tint("#000000").lower()
    assert flood["stroke"] == "#000000"
    assert symbol["fill"] == "#000000"
    assert "stroke" not in dict(symbol.args)


def test_the_ink_saver_darkens_a_small_white_icon_whose_band_it_lightens():
    # Amphithéâtre's deck emblem, white on the deck's band: the band turns pale, so must it
    surface = RecordingSurface()
    surface.begin_page(80, 80)
    light = InkSaver(surface, fronts=True)
    light.rect(0, 0, 63, 15, fill="#B35806")
    icons.draw_icon(light, "gavel", 53.0, 7.5, 10.0, fill="#FFFFFF")
    (call,) = surface.find("path")
    assert call["fill"] == ink("#FFFFFF").lower()
