"""A table to write votes in by hand: a header, a pre-printed starting row if asked, numbered rows.

Hoc Censeo's sheet uses it for the rounds (the winning side, the tribe's rank in it, the
senators gained or lost between votes), but the part only knows columns and rows. Each row is one stroked rectangle, so a test
(or a reader) can count the rows, and cells are tall enough for a pencil: the caller
chooses row_h, at least 6 mm is comfortable.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.palette import GREYS
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.surface.base import Surface


@dataclass(frozen=True)
class Column:
    title: str
    width: float  # mm


def draw_vote_table(surface: Surface, x: float, y: float, columns: Sequence[Column], rows: int, *,
                    start_label: str | None = None, start_values: Sequence[str | None] = (),
                    header_h: float = 10.0,
                    row_h: float = 8.0, header_font: str = "sans-bold", header_size: float = 9.0,
                    label_font: str = "sans-bold", label_size: float = 9.0, value_font: str = "sans-bold",
                    value_size: float = 11.0, header_fill: str = GREYS["pale"],
                    stripe: str | None = "#F4F4F4", stroke: str = GREYS["ink"]) -> float:
    """Draw the table with its top-left corner at (x, y); returns its height in mm.

    columns[0] holds the row labels: start_label on the starting row, then 1..rows.
    start_values[i] is printed in column i + 1 of the starting row; None shades that
    cell, a cell nobody writes in. Without a start_label there is no starting row.
    """
    if start_label is not None and len(start_values) != len(columns) - 1:
        raise ValueError(f"{len(columns) - 1} start values expected, got {len(start_values)}")
    width = math.fsum(c.width for c in columns)
    lefts = [x + math.fsum(c.width for c in columns[:i]) for i in range(len(columns))]

    # Header: titles centred, wrapped when a column is narrow.
    surface.rect(x, y, width, header_h, fill=header_fill, stroke=stroke, width=0.35)
    for left, column in zip(lefts, columns):
        text_box(surface, left + 1.0, y + 0.8, column.width - 2.0, header_h - 1.6, column.title,
                 font=header_font, size=header_size, min_size=7, align="centre", valign="middle",
                 colour=GREYS["ink"], leading=1.05)

    ascent, descent = surface.ascent_descent(font=value_font, size=value_size)
    l_ascent, l_descent = surface.ascent_descent(font=label_font, size=label_size)

    # Starting row: what everyone has before the first vote.
    start = 1 if start_label is not None else 0
    top = y + header_h
    if start_label is not None:
        surface.rect(x, top, width, row_h, fill=GREYS["pale"], stroke=stroke, width=0.35)
        text_box(surface, lefts[0] + 0.8, top + 0.5, columns[0].width - 1.6, row_h - 1.0, start_label,
                 font=label_font, size=label_size * 0.85, min_size=7, align="centre", valign="middle",
                 colour=GREYS["ink"], leading=1.0)
        for i, value in enumerate(start_values, start=1):
            if value is None:
                # Hatching says "nothing to write here" without relying on the grey.
                with surface.clipped(lefts[i], top, columns[i].width, row_h):
                    step = 2.5
                    k = -row_h
                    while k < columns[i].width:
                        surface.line(lefts[i] + k, top + row_h, lefts[i] + k + row_h, top,
                                     stroke=GREYS["light"], width=0.25)
                        k += step
            else:
                surface.text(lefts[i] + columns[i].width / 2, top + row_h / 2 + (ascent - descent) / 2, value,
                             font=value_font, size=value_size, colour=GREYS["ink"], anchor="middle")

    # One rectangle per row to write in, light stripes every other row to guide the eye.
    for n in range(1, rows + 1):
        top = y + header_h + (n - 1 + start) * row_h
        fill = stripe if (stripe and n % 2 == 0) else None
        surface.rect(x, top, width, row_h, fill=fill, stroke=stroke, width=0.3)
        surface.text(lefts[0] + columns[0].width / 2, top + row_h / 2 + (l_ascent - l_descent) / 2, str(n),
                     font=label_font, size=label_size, colour=GREYS["ink"], anchor="middle")

    # Column separators over the whole height, drawn last to sit on top of the stripes.
    bottom = y + header_h + (rows + start) * row_h
    for left in lefts[1:]:
        surface.line(left, y, left, bottom, stroke=stroke, width=0.3)
    surface.rect(x, y, width, bottom - y, stroke=stroke, width=0.5)
    return bottom - y
