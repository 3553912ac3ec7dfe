"""The Hoc Censeo tribe sheet: one page a player keeps in front of them all game.

From top to bottom:
  1. the fold zone: the tribe's name and its two secret objectives (or blanks to fill);
  2. the fold line;
  3. the tribe's circle of empty portions and, to its right, Rome's circle of chaos with
     its calamity portions marked;
  4. the vote table (one row per round, the starting senators printed) beside the legend;
  5. the rows of gold coins and Seals of Power to tick.

Orientation of the fold zone: the sheet lies flat, its top edge away from the player.
Lifting the top band along the fold until it stands at a right angle turns its printed
face towards the player, its top edge up; the text is therefore printed upright, like
the rest of the page, and the other players only see the blank back.

The sheet adapts to the frame the imposition gives it (A4 or Letter minus the margins):
fixed parts first, the spare height goes to the vote table's rows and to the gaps.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kit.palette import GREYS
from kit.parts.circle import Portion, angles, draw_circle, point
from kit.parts.hoc_common import (ACCENT, INK, ROMAN_BOLD, HocLayout, Objective, draw_legend,
                                  draw_tick_row)
from kit.parts.symbols import draw_symbol
from kit.parts.text import text_box
from kit.parts.vote_table import Column, draw_vote_table

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

PARCHMENT = "#F7F0E1"  # the fold zone's background: tells at a glance what stands up
FOLD_LABEL_H = 6.0
LEGEND_W = 62.0
TICK_H = 9.0


def _heights(h: float, rows: int) -> dict[str, float]:
    """Vertical budget of the sheet for a frame of height h (mm)."""
    flap = 58.0 + max(0.0, h - 259.0) * 0.25
    circles = 62.0
    header, start, row = 11.0, 8.0, 7.2
    ticks = 2 * TICK_H + 2.0 + 7.0
    gaps = 3
    fixed = flap + FOLD_LABEL_H + circles + header + start + rows * row + ticks
    spare = max(0.0, h - fixed)
    # Bigger rows first (easier to write in), up to 9 mm; the rest spreads between blocks.
    extra_row = min(spare * 0.6 / rows, 9.0 - row)
    row += extra_row
    spare -= extra_row * rows
    return {"flap": flap, "circles": circles, "header": header, "start": start, "row": row,
            "ticks": ticks, "gap": spare / gaps}


def draw_tribe_sheet(surface: "Surface", frame: "Frame", layout: HocLayout, objective: Objective | None) -> None:
    """One tribe's sheet; objective None draws the blank sheet with room to write."""
    n = layout.numbers
    w, h = frame.width, frame.height
    hs = _heights(h, n["ROUNDS"])
    y = 0.0

    _draw_fold_zone(surface, layout, objective, 0.0, y, w, hs["flap"])
    y += hs["flap"]
    _draw_fold_line(surface, layout, 0.0, y, w)
    y += FOLD_LABEL_H / 2 + hs["gap"]

    _draw_circles(surface, layout, 0.0, y, w, hs["circles"])
    y += hs["circles"] + hs["gap"]

    table_w = w - LEGEND_W - 5.0
    label_w = 17.0
    rest = table_w - label_w
    columns = [Column(layout.text("sheet.round"), label_w), Column(layout.text("sheet.pour"), rest * 0.3),
               Column(layout.text("sheet.contre"), rest * 0.3), Column(layout.text("sheet.senators_left"), rest * 0.4)]
    table_h = draw_vote_table(
        surface, 0.0, y, columns, n["ROUNDS"], start_label=layout.text("sheet.start"),
        start_values=[None, None, str(n["START_SENATORS"])], header_h=hs["header"], row_h=hs["row"],
        header_font=ROMAN_BOLD, header_size=9.5, value_size=12)
    draw_legend(surface, layout, table_w + 5.0, y, LEGEND_W, table_h)
    y += table_h + hs["gap"]

    draw_tick_row(surface, 0.0, y, w, TICK_H, icon="gold", label=layout.text("sheet.gold"),
                  boxes=n["GOLD_BOXES"])
    y += TICK_H + 2.0
    draw_tick_row(surface, 0.0, y, w, TICK_H, icon="seals", label=layout.text("sheet.seals"),
                  boxes=n["SEAL_BOXES"])
    y += TICK_H + 0.5
    text_box(surface, 0.0, y, w, 6.5, layout.text("sheet.spend_hint"), font="sans-italic", size=8,
             min_size=6, colour=GREYS["dark"], align="centre", valign="middle")


# --- 1. the fold zone ---------------------------------------------------------------------------
def _draw_fold_zone(surface: "Surface", layout: HocLayout, objective: Objective | None,
                    x: float, y: float, w: float, h: float) -> None:
    surface.rect(x, y, w, h, fill=PARCHMENT, stroke=None)
    surface.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, stroke=ACCENT, width=0.5)
    portions = layout.numbers["CIRCLE_PORTIONS"]
    r = min(21.0, (h - 17.0) / 2)
    cx, cy = x + w - 8.0 - r - 6.0, y + 10.0 + r
    left_w = cx - r - 14.0 - (x + 6.0)  # the text column, clear of the circle and the « ou »
    lx = x + 6.0

    text_box(surface, lx, y + 3.5, 40.0, 4.5, layout.text("sheet.secret").upper(), font="sans-bold",
             size=7.5, min_size=6, colour=ACCENT)
    caption = layout.text("sheet.circle_goal") if objective else layout.text("sheet.blank_circle")
    text_box(surface, cx - r - 8.0, y + 3.0, 2 * r + 16.0, 6.0, caption, font="sans-bold", size=8.5,
             min_size=6.5, align="centre", valign="middle", colour=INK)

    if objective is not None:
        looks = [Portion(fill=layout.colours[c].ink, symbol=layout.colours[c].symbol)
                 for c in objective.portions()]
        draw_circle(surface, cx, cy, r, portions, looks, width=0.45)
        text_box(surface, lx, y + 8.0, left_w, 11.0, objective.name, font=ROMAN_BOLD, size=26, min_size=14,
                 valign="middle", colour=ACCENT)
        text_box(surface, lx, y + 19.5, left_w, 5.0, objective.origin, font="sans-italic", size=9,
                 min_size=7, colour=GREYS["dark"])
        box_y = y + 27.0
        box_h = h - (box_y - y) - 10.5
        surface.rect(lx, box_y, left_w, box_h, fill="#FFFFFF", stroke=INK, width=0.3, radius=1.5)
        text_box(surface, lx + 3.0, box_y + 1.5, left_w - 6.0, box_h - 3.0,
                 f"**{layout.text('sheet.secondary_goal')}**\n{objective.secondary}", font="sans", size=10.5,
                 min_size=7, valign="middle", colour=INK, leading=1.2)
    else:
        draw_circle(surface, cx, cy, r, portions, width=0.45)
        text_box(surface, lx, y + 9.0, 22.0, 8.0, layout.text("sheet.blank_tribe"), font=ROMAN_BOLD,
                 size=13, min_size=9, valign="bottom", colour=ACCENT)
        surface.line(lx + 22.0, y + 16.5, lx + left_w, y + 16.5, stroke=INK, width=0.3)
        box_y = y + 22.0
        text_box(surface, lx, box_y, left_w, 6.0, layout.text("sheet.blank_secondary"), font="sans-bold",
                 size=10, min_size=7, valign="middle", colour=INK)
        for k in range(1, 4):
            ly = box_y + 6.0 + k * 6.5
            if ly > y + h - 10.0:
                break
            surface.line(lx, ly, lx + left_w, ly, stroke=GREYS["mid"], width=0.25)

    # « ou »: either objective wins; a small disc between the two columns says so.
    ox = cx - r - 8.0
    surface.circle(ox, cy, 4.2, fill="#FFFFFF", stroke=ACCENT, width=0.35)
    text_box(surface, ox - 4.0, cy - 3.0, 8.0, 6.0, layout.text("sheet.or_word"), font="sans-bold", size=8,
             min_size=6, align="centre", valign="middle", colour=ACCENT)
    text_box(surface, lx, y + h - 9.0, w - 12.0, 7.0, layout.text("sheet.win_hint"), font="sans-italic",
             size=8, min_size=6, valign="middle", colour=GREYS["dark"], leading=1.1)


# --- 2. the fold line ---------------------------------------------------------------------------
def _draw_fold_line(surface: "Surface", layout: HocLayout, x: float, y: float, w: float) -> None:
    surface.line(x, y, x + w, y, stroke=INK, width=0.4, dash=(3.0, 1.5, 0.6, 1.5))
    label = layout.text("sheet.fold_hint")
    size = 8.0
    tw = surface.text_width(label, font="sans-bold", size=size)
    pad = 8.0
    lw = min(w - 10.0, tw + 2 * pad)
    lx = x + (w - lw) / 2
    surface.rect(lx, y - FOLD_LABEL_H / 2, lw, FOLD_LABEL_H, fill="#FFFFFF", stroke=INK, width=0.3, radius=3.0)
    # Arrows pointing up: the band above this line is the part that rises.
    for ax in (lx + pad / 2, lx + lw - pad / 2):
        draw_symbol(surface, "triangle", ax, y, 3.0, fill=ACCENT)
    text_box(surface, lx + pad, y - FOLD_LABEL_H / 2, lw - 2 * pad, FOLD_LABEL_H, label, font="sans-bold",
             size=size, min_size=6, align="centre", valign="middle", colour=INK)


# --- 3. the two circles ---------------------------------------------------------------------------
def _draw_circles(surface: "Surface", layout: HocLayout, x: float, y: float, w: float, h: float) -> None:
    n = layout.numbers
    title_h = 14.5  # room above the circles for the calamity marks of the top portions
    mark_room = 6.5  # below the circle: the calamity mark of the lower portion
    r = min((h - title_h - 1.0 - mark_room) / 2, w / 4 - 14.0)
    half = w / 2
    for i, (title, hint) in enumerate(((layout.text("sheet.own_circle"), layout.text("sheet.own_circle_hint")),
                                        (layout.text("sheet.rome_circle"), layout.text("sheet.rome_circle_hint")))):
        left = x + i * half
        text_box(surface, left + 2.0, y, half - 4.0, 6.0, title, font=ROMAN_BOLD, size=12, min_size=8,
                 align="centre", valign="middle", colour=ACCENT)
        text_box(surface, left + 2.0, y + 6.0, half - 4.0, 4.5, hint, font="sans-italic", size=8, min_size=6,
                 align="centre", valign="middle", colour=GREYS["dark"])
    cy = y + title_h + 1.0 + r

    draw_circle(surface, x + half / 2, cy, r, n["CIRCLE_PORTIONS"], width=0.45)

    # Rome: numbered in the order chaos fills it, the calamity portions marked outside.
    rome_cx = x + half + half / 2
    calamities = set(n["CALAMITY_AT"])
    looks = [Portion(label=str(k), mark=layout.calamity_symbol if k in calamities else None)
             for k in range(1, n["ROME_PORTIONS"] + 1)]
    draw_circle(surface, rome_cx, cy, r, n["ROME_PORTIONS"], looks, width=0.45, label_font="sans",
                label_size=8.5, mark_size=4.0, mark_colour=ACCENT)
    label = layout.text("sheet.calamity")
    for k in sorted(calamities):
        start, end = angles(n["ROME_PORTIONS"], k - 1)
        middle = (start + end) / 2
        mx, my = point(rome_cx, cy, r + 4.0 * 0.9, middle)
        right = math.cos(math.radians(middle)) >= 0
        ascent, descent = surface.ascent_descent(font="sans-bold", size=7.5)
        surface.text(mx + (3.0 if right else -3.0), my + (ascent - descent) / 2, label, font="sans-bold",
                     size=7.5, colour=ACCENT, anchor="start" if right else "end")
