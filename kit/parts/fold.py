"""Fold lines, drawn one way in all four kits so a fold never looks like a cut.

Cut marks (kit.sheets) are short solid hairlines in the margins. A fold is the opposite:
a dashed line, with a small fold symbol (a curved arrow across the line, as origami
diagrams draw a valley fold) at each end. The line breaks around any box of text it
would cross, so it never runs through words.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kit.palette import GREYS

if TYPE_CHECKING:
    from kit.surface.base import Surface

FOLD_DASH = (1.8, 1.2)   # mm: dash and gap, never solid
FOLD_WIDTH = 0.3         # mm
SYMBOL_SIZE = 3.2        # mm across the fold symbol
CLEARANCE = 0.8          # mm kept between the line and a box of text it stops at

Box = tuple[float, float, float, float]   # x, y, w, h in mm


def _gaps(x1: float, y1: float, x2: float, y2: float, avoid: Sequence[Box]) -> list[tuple[float, float]]:
    """The stretches (as fractions 0..1 of the line) that cross a box to avoid."""
    out = []
    for bx, by, bw, bh in avoid:
        bx, by, bw, bh = bx - CLEARANCE, by - CLEARANCE, bw + 2 * CLEARANCE, bh + 2 * CLEARANCE
        if x1 == x2 and bx <= x1 <= bx + bw:          # vertical line
            lo, hi = sorted((y1, y2))
            a, b = max(by, lo), min(by + bh, hi)
            if a < b:
                out.append(((a - y1) / (y2 - y1), (b - y1) / (y2 - y1)))
        elif y1 == y2 and by <= y1 <= by + bh:        # horizontal line
            lo, hi = sorted((x1, x2))
            a, b = max(bx, lo), min(bx + bw, hi)
            if a < b:
                out.append(((a - x1) / (x2 - x1), (b - x1) / (x2 - x1)))
    return sorted((min(g), max(g)) for g in out)


def fold_segments(x1: float, y1: float, x2: float, y2: float,
                  avoid: Sequence[Box] = ()) -> list[tuple[float, float, float, float]]:
    """The pieces of the fold line from (x1, y1) to (x2, y2) left once the boxes of text in
    `avoid` are cut out of it (axis-aligned lines only are cut; others are kept whole)."""
    segments, start = [], 0.0
    for a, b in _gaps(x1, y1, x2, y2, avoid):
        if a > start:
            segments.append((start, a))
        start = max(start, b)
    if start < 1.0:
        segments.append((start, 1.0))
    return [(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
            for a, b in segments if b - a > 1e-6]


def draw_fold_symbol(surface: Surface, x: float, y: float, angle: float, *, colour: str = GREYS["dark"],
                     size: float = SYMBOL_SIZE) -> None:
    """A curved arrow centred on (x, y) that crosses a fold line running at `angle` degrees
    (0 = horizontal): the sign of a fold, unlike anything a cut mark looks like."""
    r = size / 2
    a = math.radians(angle)
    # The arc runs from one side of the line to the other, bulging along it.
    points = []
    for k in range(13):
        t = math.radians(200 + 140 * k / 12)
        u, v = r * 0.9 * math.cos(t), r * 0.9 * math.sin(t) + r * 0.35
        points.append((x + u * math.cos(a) - v * math.sin(a), y + u * math.sin(a) + v * math.cos(a)))
    surface.polygon(points, stroke=colour, width=0.3, closed=False)
    # The arrowhead at the arc's end, pointing across the line.
    (ex, ey), (px, py) = points[-1], points[-2]
    dx, dy = ex - px, ey - py
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    head = size * 0.28
    surface.polygon([(ex + dx * head * 0.6, ey + dy * head * 0.6),
                     (ex - dx * head * 0.5 - dy * head * 0.5, ey - dy * head * 0.5 + dx * head * 0.5),
                     (ex - dx * head * 0.5 + dy * head * 0.5, ey - dy * head * 0.5 - dx * head * 0.5)],
                    fill=colour)


def draw_fold_line(surface: Surface, x1: float, y1: float, x2: float, y2: float, *,
                   avoid: Sequence[Box] = (), colour: str = GREYS["dark"], symbols: bool = True,
                   inset: float = 3.0) -> None:
    """A dashed fold from (x1, y1) to (x2, y2), broken around the text boxes in `avoid`, with
    a fold symbol `inset` mm in from each end (none when symbols is False)."""
    for sx1, sy1, sx2, sy2 in fold_segments(x1, y1, x2, y2, avoid):
        surface.line(sx1, sy1, sx2, sy2, stroke=colour, width=FOLD_WIDTH, dash=FOLD_DASH)
    if symbols:
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
        for px, py in ((x1 + ux * inset, y1 + uy * inset), (x2 - ux * inset, y2 - uy * inset)):
            draw_fold_symbol(surface, px, py, angle, colour=colour)
