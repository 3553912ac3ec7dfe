"""Light backs for `kit build --ink-saver`: any back drawn through this surface comes out as
an outline and a pale tint, whatever the part draws.

Backs are mostly large areas of colour; a player only needs to tell the decks apart and
see which way up a card lies. So every filled area becomes a tint of its colour (TINT of
the way to white: a solid black area costs 1 - TINT of its ink), lines a lighter shade
(LINE_TINT), and text stays readable: light text, meant for a dark ground that is now
pale, is drawn in its colour darkened instead. The parts never know; the
imposition wraps the surface for the pages of backs only.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kit.surface.colour import REC709, rgb

if TYPE_CHECKING:
    from kit.surface.base import Surface

TINT = 0.88          # how far a fill moves towards white
LINE_TINT = 0.55     # how far a line does: the hatching of a back is mostly lines
LIGHT = 0.6          # text this light (luminance 0..1) was meant for a dark ground


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02X}" for c in (r, g, b))


@cache
def tint(colour: str) -> str:
    """The fill colour, TINT of the way to white."""
    return _hex(*(c + (1 - c) * TINT for c in rgb(colour)))


@cache
def line(colour: str) -> str:
    """A line's colour: LINE_TINT of the way to white, from the colour darkened when it was
    a light line meant for a dark ground."""
    return _hex(*(c + (1 - c) * LINE_TINT for c in rgb(ink(colour))))


@cache
def ink(colour: str) -> str:
    """A text colour that shows on a pale ground: a light one is darkened."""
    r, g, b = rgb(colour)
    if REC709[0] * r + REC709[1] * g + REC709[2] * b < LIGHT:
        return colour
    return _hex(r * 0.35, g * 0.35, b * 0.35)


class InkSaver:
    """A surface that passes everything on with fills tinted and light lines darkened."""

    def __init__(self, surface: Surface):
        self._surface = surface

    def __getattr__(self, name: str):
        value = getattr(self._surface, name)
        setattr(self, name, value)
        return value

    def rect(self, x, y, w, h, *, fill=None, stroke=None, **kw) -> None:
        self._surface.rect(x, y, w, h, fill=fill and tint(fill), stroke=stroke and line(stroke), **kw)

    def polygon(self, points, *, fill=None, stroke=None, **kw) -> None:
        self._surface.polygon(points, fill=fill and tint(fill), stroke=stroke and line(stroke), **kw)

    def polylines(self, paths, *, stroke="#000000", **kw) -> None:
        self._surface.polylines(paths, stroke=stroke and line(stroke), **kw)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, **kw) -> None:
        self._surface.circle(cx, cy, r, fill=fill and tint(fill), stroke=stroke and line(stroke), **kw)

    def sector(self, cx, cy, r, start, end, *, fill=None, stroke=None, **kw) -> None:
        self._surface.sector(cx, cy, r, start, end, fill=fill and tint(fill), stroke=stroke and line(stroke), **kw)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", **kw) -> None:
        self._surface.line(x1, y1, x2, y2, stroke=stroke and line(stroke), **kw)

    def text(self, x, y, s, *, colour="#000000", **kw) -> None:
        self._surface.text(x, y, s, colour=ink(colour), **kw)
