"""Vector symbols that double every meaning colour, so colour is never the only cue.

Drawn as shapes on the surface (never as font glyphs, which vary between fonts and
may be missing). Each symbol fits a square of side `size` mm centred on (cx, cy).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from kit.palette import SYMBOLS, resolve

if TYPE_CHECKING:
    from kit.surface.base import Surface


def _regular(cx: float, cy: float, r: float, n: int, start: float = -90.0) -> list[tuple[float, float]]:
    """Vertices of a regular n-gon of circumradius r; start angle in degrees (y down, -90 is up)."""
    return [(cx + r * math.cos(math.radians(start + 360 * i / n)),
             cy + r * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * points):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _heart(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    # The classic parametric heart, sampled finely enough to look smooth at card sizes.
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    # Curve spans x -16..16, y -12..17 (y down after the flip); fit it into the square.
    scale = s / 34.0
    return [(cx + x * scale, cy + (y - 2.5) * scale) for x, y in pts]


def _bar_cross(cx: float, cy: float, s: float, thickness: float, rotate: float) -> list[tuple[float, float]]:
    """A plus (rotate=0) or saltire (rotate=45) as one 12-point polygon."""
    h, t = s / 2, thickness / 2
    base = [(-t, -h), (t, -h), (t, -t), (h, -t), (h, t), (t, t), (t, h), (-t, h), (-t, t), (-h, t), (-h, -t), (-t, -t)]
    c, sn = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
    return [(cx + x * c - y * sn, cy + x * sn + y * c) for x, y in base]


def _drop(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """A drop: a circle's lower two thirds rising to a point."""
    r = s * 0.3
    ccy = cy + s * 0.18
    arc = [(cx + r * math.cos(math.radians(a)), ccy + r * math.sin(math.radians(a))) for a in range(-30, 211, 10)]
    return arc + [(cx, cy - s * 0.48)]


def _crescent(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """A waxing moon: an outer arc and a smaller inner arc cut from it."""
    r = s * 0.46
    outer = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-120, 121, 8)]
    ri, ox = r * 0.8, -r * 0.62
    inner = [(cx + ox + ri * math.cos(math.radians(a)), cy + ri * math.sin(math.radians(a)))
             for a in range(72, -73, -8)]
    return outer + inner


def _bolt(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """A lightning bolt."""
    pts = [(0.1, -0.5), (-0.36, 0.08), (-0.04, 0.08), (-0.18, 0.5), (0.38, -0.12), (0.06, -0.12), (0.3, -0.5)]
    return [(cx + x * s, cy + y * s) for x, y in pts]


def _flag(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """A pennant on its pole, as one outline."""
    pts = [(-0.36, 0.48), (-0.36, -0.48), (0.4, -0.3), (-0.24, -0.1), (-0.24, 0.48)]
    return [(cx + x * s, cy + y * s) for x, y in pts]


def draw_symbol(surface: Surface, name: str, cx: float, cy: float, size: float, *,
                fill: str | None = "#000000", stroke: str | None = None, width: float = 0.3) -> None:
    """Draw symbol `name` centred on (cx, cy), inside a size x size mm square.

    fill/stroke accept palette names or '#RRGGBB'; a stroke keeps light fills (yellow)
    visible on white paper.
    """
    fill = resolve(fill) if fill else None
    stroke = resolve(stroke) if stroke else None
    r = size / 2
    kw: dict[str, Any] = dict(fill=fill, stroke=stroke, width=width)
    if name == "circle":
        surface.circle(cx, cy, r * 0.92, **kw)
    elif name == "ring":
        surface.circle(cx, cy, r * 0.8, fill=None, stroke=fill or stroke, width=max(width, size * 0.16))
    elif name == "square":
        side = size * 0.82
        surface.rect(cx - side / 2, cy - side / 2, side, side, **kw)
    elif name == "minus":
        surface.rect(cx - r * 0.9, cy - r * 0.22, r * 1.8, r * 0.44, **kw)
    else:
        outline = _outline(name, cx, cy, size)
        if outline is None:
            raise ValueError(f"unknown symbol {name!r}; known symbols: {', '.join(SYMBOLS)}")
        surface.polygon(outline, **kw)


def _outline(name: str, cx: float, cy: float, size: float) -> list[tuple[float, float]] | None:
    """The polygon of a symbol drawn as one outline, centred on (cx, cy) inside a size x size
    mm square (each placed so that it looks centred, not only measures so); None for a name
    that is no such symbol."""
    r = size / 2
    if name == "triangle":
        # Circumradius chosen so the triangle spans the full square height, centred visually.
        return _regular(cx, cy + r * 0.18, r * 1.1, 3)
    if name == "triangle-down":
        return _regular(cx, cy - r * 0.18, r * 1.1, 3, start=90.0)
    if name == "diamond":
        return [(cx, cy - r), (cx + r * 0.78, cy), (cx, cy + r), (cx - r * 0.78, cy)]
    if name == "star":
        return _star(cx, cy + r * 0.06, r)
    if name == "hexagon":
        return _regular(cx, cy, r * 0.98, 6, start=0.0)
    if name == "pentagon":
        return _regular(cx, cy + r * 0.05, r, 5)
    if name == "heart":
        return _heart(cx, cy, size)
    if name == "plus":
        return _bar_cross(cx, cy, size * 0.95, size * 0.3, 0.0)
    if name == "cross":
        return _bar_cross(cx, cy, size * 1.05, size * 0.26, 45.0)
    if name == "octagon":
        return _regular(cx, cy, r * 0.98, 8, start=22.5)
    if name == "drop":
        return _drop(cx, cy, size)
    if name == "crescent":
        return _crescent(cx, cy, size)
    if name == "bolt":
        return _bolt(cx, cy, size)
    if name == "hourglass":
        return [(cx - r * 0.8, cy - r * 0.9), (cx + r * 0.8, cy - r * 0.9), (cx, cy),
                (cx + r * 0.8, cy + r * 0.9), (cx - r * 0.8, cy + r * 0.9), (cx, cy)]
    if name == "arrow":
        return [(cx, cy - r), (cx + r * 0.85, cy - r * 0.05), (cx + r * 0.32, cy - r * 0.05),
                (cx + r * 0.32, cy + r), (cx - r * 0.32, cy + r), (cx - r * 0.32, cy - r * 0.05),
                (cx - r * 0.85, cy - r * 0.05)]
    if name == "flag":
        return _flag(cx, cy, size)
    return None

# Fill patterns: a second redundant cue for large coloured areas (card backs, zones of a
# board) that must stay distinct in greyscale.
PATTERNS: tuple[str, ...] = ("none", "stripes", "backslash", "crosshatch", "dots", "grid", "chevrons")


def draw_pattern(surface: Surface, name: str, x: float, y: float, w: float, h: float, *,
                 colour: str = "#000000", spacing: float = 3.0, width: float = 0.35) -> None:
    """Fill the box (x, y, w, h) with a line or dot pattern, clipped to the box."""
    if name not in PATTERNS:
        raise ValueError(f"unknown pattern {name!r}; known patterns: {', '.join(PATTERNS)}")
    if name == "none":
        return
    colour = resolve(colour)
    with surface.clipped(x, y, w, h):
        if name in ("stripes", "crosshatch"):
            # Lines rising to the right at 45 degrees, one every `spacing` mm measured along x.
            k = -h
            while k < w:
                surface.line(x + k, y + h, x + k + h, y, stroke=colour, width=width)
                k += spacing * math.sqrt(2)
        if name in ("backslash", "crosshatch"):
            k = -h
            while k < w:
                surface.line(x + k, y, x + k + h, y + h, stroke=colour, width=width)
                k += spacing * math.sqrt(2)
        if name == "grid":
            gx = x + (w % spacing) / 2
            while gx <= x + w:
                surface.line(gx, y, gx, y + h, stroke=colour, width=width)
                gx += spacing
            gy = y + (h % spacing) / 2
            while gy <= y + h:
                surface.line(x, gy, x + w, gy, stroke=colour, width=width)
                gy += spacing
        if name == "dots":
            row = 0
            cy = y + spacing / 2
            while cy < y + h + spacing:
                cx = x + (spacing / 2 if row % 2 else 0.0)
                while cx < x + w + spacing:
                    surface.circle(cx, cy, width * 1.6, fill=colour)
                    cx += spacing
                cy += spacing * 0.87
                row += 1
        if name == "chevrons":
            cy = y
            while cy < y + h + spacing:
                points = []
                cx, up = x - spacing, True
                while cx < x + w + spacing:
                    points.append((cx, cy if up else cy + spacing / 2))
                    cx += spacing / 2
                    up = not up
                surface.polygon(points, stroke=colour, width=width, closed=False)
                cy += spacing
