"""A round Promotion PI token: the value, and as many marks as the value round the rim.

The value is printed large in a white disc; the coloured rim carries `value` small
symbols (one circle for 1 PI, five stars for 5 PI), so a token reads by its number, by
its marks and by its colour, in greyscale too. Both faces are the same drawing, so a
token counts whichever way up it lands.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kit.palette import GREYS, resolve
from kit.parts.symbols import draw_symbol
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

INK = GREYS["ink"]
MAX_MARKS = 12  # beyond this many marks the rim gets crowded; bigger values print their number only


def token(surface: "Surface", frame: "Frame", *, value: int, label: str, colour: str, symbol: str) -> None:
    """Draw one face of a PI token inscribed in frame."""
    colour = resolve(colour)
    w, h, b = frame.width, frame.height, frame.bleed
    cx, cy, r = w / 2, h / 2, min(w, h) / 2
    surface.circle(cx, cy, r + b, fill=colour)
    inner = r * 0.68
    surface.circle(cx, cy, inner, fill="#FFFFFF", stroke=INK, width=0.3)

    marks = value if value <= MAX_MARKS else 0
    ring = (r + inner) / 2
    size = min((r - inner) * 0.72, 2 * math.pi * ring / max(marks, 1) * 0.7)
    for i in range(marks):
        angle = math.radians(-90 + 360 * i / marks)
        draw_symbol(surface, symbol, cx + ring * math.cos(angle), cy + ring * math.sin(angle), size,
                    fill="#FFFFFF", stroke=INK, width=0.2)

    # The value above the label, both inside the white disc.
    number_h = inner * 1.05
    text_box(surface, cx - inner * 0.8, cy - inner * 0.83, inner * 1.6, number_h, str(value), font="sans-bold",
             size=26.0, min_size=10.0, colour=INK, align="centre", valign="bottom", leading=1.0)
    text_box(surface, cx - inner * 0.7, cy + inner * 0.24, inner * 1.4, inner * 0.5, label, font="sans-bold",
             size=7.0, min_size=6.0, colour=INK, align="centre", valign="top", leading=1.0)

