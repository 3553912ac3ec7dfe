"""Nested transforms put a point at the same place on the page in all three surfaces.

The recording surface computes where a point lands; the PDF is measured with
pdfplumber and the SVG by composing the transforms of the groups around the shape.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pdfplumber
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
