"""Nested transforms put a point at the same place on the page in all three surfaces.

The recording surface computes where a point lands; the PDF is measured with
pdfplumber and the SVG by composing the transforms of the groups around the shape.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.surface.pdf import PdfSurface
from kit.surface.record import RecordingSurface
from kit.surface.svg import SvgSurface

PT = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"

offsets = st.floats(min_value=-40, max_value=40, allow_nan=False).map(lambda v: round(v, 2))
angles = st.floats(min_value=-180, max_value=180, allow_nan=False).map(lambda v: round(v, 1))


def draw(surface, dx1, dy1, angle, dx2, dy2) -> None:
    surface.begin_page(200, 200)
    with surface.translated(100 + dx1, 100 + dy1), surface.rotated(angle), surface.translated(dx2, dy2):
        surface.line(0, 0, 10, 0, width=0.2)
    surface.end_page()


def _matrix(transform: str) -> tuple[float, ...]:
    name, args = re.fullmatch(r"(\w+)\(([^)]*)\)", transform).groups()
    v = [float(a) for a in args.split()]
    if name == "translate":
        return (1, 0, 0, 1, v[0], v[1])
    if name == "scale":
        return (v[0], 0, 0, v[0], 0, 0)
    a = math.radians(v[0])
    return (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _svg_line_ends(path) -> list[tuple[float, float]]:
    root = ET.parse(path).getroot()
    chain, node = [], root
    while node.tag != SVG + "line":
        node = next(ch for ch in node if ch.tag in (SVG + "g", SVG + "line"))
        if node.tag == SVG + "g":
            chain.append(_matrix(node.get("transform")))
    ends = []
    for x, y in ((float(node.get("x1")), float(node.get("y1"))), (float(node.get("x2")), float(node.get("y2")))):
        for m in reversed(chain):
            x, y = _apply(m, x, y)
        ends.append((x, y))
    return ends


@settings(max_examples=30, deadline=None)
@given(offsets, offsets, angles, offsets, offsets)
def test_a_point_lands_in_the_same_place_everywhere(tmp_path_factory, dx1, dy1, angle, dx2, dy2):
    folder = tmp_path_factory.mktemp("t")
    rec = RecordingSurface()
    draw(rec, dx1, dy1, angle, dx2, dy2)
    line = rec.find("line")[0]
    expected = sorted([line.on_page(0, 0), line.on_page(10, 0)])

    pdf = PdfSurface()
    draw(pdf, dx1, dy1, angle, dx2, dy2)
    with pdfplumber.open(pdf.save(folder / "t.pdf")[0]) as doc:
        (drawn,) = doc.pages[0].lines
        pts = [(x / PT, top / PT) for x, top in drawn["pts"]]  # pdfplumber measures from the top
    for got, want in zip(sorted(pts), expected):
        assert math.dist(got, want) < 0.02

    svg = SvgSurface()
    draw(svg, dx1, dy1, angle, dx2, dy2)
    for got, want in zip(sorted(_svg_line_ends(svg.save(folder / "t")[0])), expected):
        assert math.dist(got, want) < 0.02


def draw_scaled(surface, dx, dy, angle, k) -> None:
    surface.begin_page(200, 200)
    with surface.translated(100 + dx, 100 + dy), surface.rotated(angle), surface.scaled(k):
        surface.line(0, 0, 10, 0, width=0.2)
        surface.text(0, 5, "Carte", size=20.0)
    surface.end_page()


@settings(max_examples=12, deadline=None)
@given(offsets, offsets, angles, st.sampled_from([0.2, 0.32, 0.5, 1.0, 1.5]))
def test_a_scaled_piece_lands_in_the_same_place_and_size_everywhere(tmp_path_factory, dx, dy, angle, k):
    """scaled(k) makes lengths, line widths and text k times larger in all three surfaces:
    the rules draw a real card on it at a fraction of its size."""
    folder = tmp_path_factory.mktemp("t")
    rec = RecordingSurface()
    draw_scaled(rec, dx, dy, angle, k)
    line = rec.find("line")[0]
    expected = sorted([line.on_page(0, 0), line.on_page(10, 0)])
    assert math.dist(*expected) == pytest.approx(10 * k, abs=0.01)

    pdf = PdfSurface()
    draw_scaled(pdf, dx, dy, angle, k)
    with pdfplumber.open(pdf.save(folder / "t.pdf")[0]) as doc:
        page = doc.pages[0]
        (drawn,) = page.lines
        pts = [(x / PT, top / PT) for x, top in drawn["pts"]]
        # The glyphs' transform, turned or not: k mm to the mm of the page (PT points)
        scales = [math.hypot(*c["matrix"][:2]) / PT for c in page.chars]
    for got, want in zip(sorted(pts), expected):
        assert math.dist(got, want) < 0.02
    assert scales
    assert all(scale == pytest.approx(k, abs=0.001) for scale in scales)
    assert rec.find("text")[0].matrix[0] ** 2 + rec.find("text")[0].matrix[1] ** 2 == pytest.approx(k * k)

    svg = SvgSurface()
    draw_scaled(svg, dx, dy, angle, k)
    for got, want in zip(sorted(_svg_line_ends(svg.save(folder / "t")[0])), expected):
        assert math.dist(got, want) < 0.02
