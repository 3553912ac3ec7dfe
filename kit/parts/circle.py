"""A circle cut into N equal portions, like a pie: blank to colour in, or filled as a diagram.

Hoc Censeo prints three of them on each tribe sheet (the secret target, the tribe's own
circle, Rome's circle of chaos), but nothing here knows the game: the caller says how
many portions, which are filled, which carry a symbol, a number or a mark.

Portion i (counting from 0) runs clockwise from the top: from -90 + i * 360/N degrees to
the next, angles clockwise on the page as the surface measures them.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.palette import GREYS, resolve, text_on
from kit.parts.symbols import draw_symbol

if TYPE_CHECKING:
    from kit.surface.base import Surface

TOP = -90.0  # degrees: the first portion starts at twelve o'clock


@dataclass(frozen=True)
class Portion:
    """How one portion looks. All optional: an empty Portion is a blank slice to colour."""

    fill: str | None = None       # colour of the slice, None leaves the paper white
    symbol: str | None = None     # vector symbol at the slice's centre (kit.palette.SYMBOLS)
    symbol_fill: str | None = None  # defaults to white outlined in ink: reads on any fill, even in grey
    label: str | None = None      # a short text (a number) at the slice's centre
    mark: str | None = None       # a symbol drawn just outside the rim, next to the slice


def angles(portions: int, index: int) -> tuple[float, float]:
    """(start, end) angles in degrees of portion `index` of `portions`."""
    step = 360.0 / portions
    return TOP + index * step, TOP + (index + 1) * step


def point(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """The point at `radius` from (cx, cy) in direction `degrees` (clockwise, 0 = right)."""
    a = math.radians(degrees)
    return cx + radius * math.cos(a), cy + radius * math.sin(a)


def centre_of(cx: float, cy: float, r: float, portions: int, index: int, depth: float = 0.6) -> tuple[float, float]:
    """Where the middle of a portion is: on its bisector at depth * r from the centre."""
    start, end = angles(portions, index)
    return point(cx, cy, r * depth, (start + end) / 2)


def draw_circle(surface: Surface, cx: float, cy: float, r: float, portions: int,
                looks: Sequence[Portion] | None = None, *, stroke: str = GREYS["ink"],
                width: float = 0.4, label_font: str = "sans-bold", label_size: float = 8.0,
                symbol_size: float | None = None, mark_size: float | None = None,
                mark_colour: str = GREYS["ink"]) -> None:
    """Draw a circle of `portions` equal slices centred on (cx, cy), radius r mm.

    looks[i] says how portion i looks (missing entries are blank). Lines are drawn last so
    fills never cover them; symbols sit inside their slice, scaled to the slice's width.
    """
    if portions < 1:
        raise ValueError(f"a circle needs at least one portion, not {portions}")
    looks = list(looks or [])
    looks += [Portion()] * (portions - len(looks))
    # The largest symbol that stays inside a slice: about the chord at 60 % of the radius.
    chord = 2 * r * 0.6 * math.sin(math.pi / portions) if portions > 1 else r
    sym = symbol_size if symbol_size is not None else min(r * 0.3, chord * 0.7)
    mark = mark_size if mark_size is not None else r * 0.18

    for i, look in enumerate(looks):
        start, end = angles(portions, i)
        if look.fill:
            surface.sector(cx, cy, r, start, end, fill=resolve(look.fill), stroke=None)
    for i, look in enumerate(looks):
        x, y = centre_of(cx, cy, r, portions, i)
        if look.symbol:
            colour = look.symbol_fill or ("#FFFFFF" if look.fill else GREYS["ink"])
            draw_symbol(surface, look.symbol, x, y, sym, fill=colour,
                        stroke=GREYS["ink"] if colour != GREYS["ink"] else None, width=0.35)
        if look.label:
            colour = text_on(look.fill) if look.fill else GREYS["dark"]
            ascent, descent = surface.ascent_descent(font=label_font, size=label_size)
            surface.text(x, y + (ascent - descent) / 2, look.label, font=label_font, size=label_size,
                         colour=colour, anchor="middle")
        if look.mark:
            start, end = angles(portions, i)
            mx, my = point(cx, cy, r + mark * 0.9, (start + end) / 2)
            draw_symbol(surface, look.mark, mx, my, mark, fill=mark_colour)

    # Spokes between the portions, then the rim, so every slice is closed even when blank.
    if portions > 1:
        for i in range(portions):
            start, _ = angles(portions, i)
            x, y = point(cx, cy, r, start)
            surface.line(cx, cy, x, y, stroke=stroke, width=width)
    surface.circle(cx, cy, r, stroke=stroke, width=width * 1.5)
