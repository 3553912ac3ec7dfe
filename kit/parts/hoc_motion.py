"""Hoc Censeo motions: the ready-written cards, their common back, and the blank slips.

A card shows its colour three ways (the band's colour, the colour's symbol, its name and
domain in words), so the magistrate reads it right on a greyscale print. The magistrate
reads the law aloud while holding the card towards themselves: the colour only shows
when POUR wins and the card is turned to the table.

A slip is the same size, folded in four with the writing inside: its fold lines pass
between the writing lines and between the colour boxes, never through a box.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kit.palette import GREYS, lighten, text_on
from kit.parts.circle import draw_circle
from kit.parts.hoc_common import ACCENT, INK, ROMAN, ROMAN_BOLD, HocLayout, Motion, draw_swatch
from kit.parts.symbols import draw_symbol
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

BAND_H = 15.0


def draw_motion_card(surface: "Surface", frame: "Frame", layout: HocLayout, motion: Motion) -> None:
    colour = layout.colours[motion.colour]
    w, h, b = frame.width, frame.height, frame.bleed
    s = frame.safe
    # Background and band run through the bleed; everything written stays in the safe box.
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=lighten(colour.ink, 0.78), stroke=None)
    surface.rect(-b, -b, w + 2 * b, BAND_H + b, fill=colour.ink, stroke=None)
    on_band = text_on(colour.ink)
    disc = 5.2
    surface.circle(s + 1.0 + disc, BAND_H / 2, disc, fill="#FFFFFF", stroke=INK, width=0.3)
    draw_symbol(surface, colour.symbol, s + 1.0 + disc, BAND_H / 2, disc * 1.25, fill=colour.ink,
                stroke=INK, width=0.25)
    tx = s + 2.0 + 2 * disc + 2.0
    text_box(surface, tx, s, w - s - tx, BAND_H - s - 0.5, f"**{colour.name}**\n{colour.domain}", font="sans",
             size=8.5, min_size=6.5, valign="middle", colour=on_band, leading=1.1)

    panel_x, panel_y = s, BAND_H + 2.0
    panel_w, panel_h = w - 2 * s, h - panel_y - s
    surface.rect(panel_x, panel_y, panel_w, panel_h, fill="#FFFFFF", stroke=colour.ink, width=0.6, radius=2.0)
    inner = panel_x + 2.0
    inner_w = panel_w - 4.0
    text_box(surface, inner, panel_y + 2.0, inner_w, 12.0, motion.title, font=ROMAN_BOLD, size=11.5,
             min_size=8, align="centre", valign="middle", colour=INK, leading=1.05)
    rule_y = panel_y + 16.0
    surface.line(inner + 6.0, rule_y, inner + inner_w / 2 - 3.5, rule_y, stroke=GREYS["mid"], width=0.3)
    surface.line(inner + inner_w / 2 + 3.5, rule_y, inner + inner_w - 6.0, rule_y, stroke=GREYS["mid"], width=0.3)
    draw_symbol(surface, colour.symbol, inner + inner_w / 2, rule_y, 3.6, fill=colour.ink, stroke=INK, width=0.2)
    foot = 6.0
    text_box(surface, inner, rule_y + 3.0, inner_w, panel_y + panel_h - foot - (rule_y + 3.0) - 1.0, motion.text,
             font="sans", size=10, min_size=7, align="left", valign="middle", colour=INK, leading=1.22)
    # Footer: the game's name between two symbols, so a stray card finds its box.
    fy = panel_y + panel_h - foot / 2 - 0.5
    text_box(surface, inner + 6.0, fy - 2.5, inner_w - 12.0, 5.0, layout.text("card.back_title"), font=ROMAN,
             size=7, min_size=6, align="centre", valign="middle", colour=GREYS["dark"])
    for fx in (inner + 3.0, inner + inner_w - 3.0):
        draw_symbol(surface, colour.symbol, fx, fy, 2.8, fill=colour.ink, stroke=INK, width=0.15)


def draw_motion_back(surface: "Surface", frame: "Frame", layout: HocLayout) -> None:
    """The common back: the same for every colour, so nothing shows in the hat."""
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=ACCENT, stroke=None)
    s = frame.safe
    surface.rect(s, s, w - 2 * s, h - 2 * s, stroke="#F3E3C3", width=0.6, radius=2.0)
    surface.rect(s + 1.5, s + 1.5, w - 2 * s - 3, h - 2 * s - 3, stroke="#F3E3C3", width=0.25, radius=1.5)
    # The game's emblem: a circle of portions, as on every sheet.
    draw_circle(surface, w / 2, h * 0.42, 13.0, layout.numbers["CIRCLE_PORTIONS"], stroke="#F3E3C3", width=0.5)
    text_box(surface, s + 3, h * 0.62, w - 2 * s - 6, 10.0, layout.text("card.back_title"), font=ROMAN_BOLD,
             size=14, min_size=9, align="centre", valign="middle", colour="#FFFFFF")
    text_box(surface, s + 3, h * 0.62 + 10.0, w - 2 * s - 6, 6.0, layout.text("card.back_subtitle"), font=ROMAN,
             size=9, min_size=7, align="centre", valign="middle", colour="#F3E3C3")


def draw_motion_slip(surface: "Surface", frame: "Frame", layout: HocLayout) -> None:
    w, h = frame.width, frame.height
    s = frame.safe
    fold_x, fold_y = w / 2, h / 2
    # Fold guides first, under the writing: light dash-dot, with ticks at the edges.
    guide = dict(stroke=GREYS["light"], width=0.25, dash=(2.0, 1.2, 0.5, 1.2))
    surface.line(fold_x, 0, fold_x, h, **guide)
    surface.line(0, fold_y, w, fold_y, **guide)
    for (ax, ay, bx, by) in ((fold_x, 0, fold_x, 2.5), (fold_x, h - 2.5, fold_x, h),
                             (0, fold_y, 2.5, fold_y), (w - 2.5, fold_y, w, fold_y)):
        surface.line(ax, ay, bx, by, stroke=INK, width=0.35)

    surface.rect(s, s, w - 2 * s, h - 2 * s, stroke=GREYS["mid"], width=0.3, radius=2.0)

    x0, x1 = s + 2.5, w - s - 2.5
    line = dict(stroke=GREYS["mid"], width=0.25)

    def clear_behind(x: float, y: float, text: str, font: str, size: float, h: float, centred: bool) -> None:
        """Paper-white behind a line of text so the fold guide under it never crosses letters."""
        tw = surface.text_width(text, font=font, size=size) + 2.0
        left = x + ((x1 - x0) - tw) / 2 if centred else x - 1.0
        surface.rect(left, y, tw, h, fill="#FFFFFF", stroke=None)

    def label(y: float, text: str) -> None:
        clear_behind(x0, y, text, "sans-bold", 7.5, 4.5, False)
        text_box(surface, x0, y, x1 - x0, 4.5, text, font="sans-bold", size=7.5, min_size=6, valign="middle",
                 colour=INK)

    def writing_lines(first: float, last: float, step: float) -> float:
        """Lines from first to last, skipping the fold so no line hides in it; returns the last y."""
        y = first
        drawn = first
        while y <= last + 1e-6:
            if abs(y - fold_y) > 1.8:
                surface.line(x0, y, x1, y, **line)
                drawn = y
            y += step
        return drawn

    clear_behind(x0, s + 1.5, layout.text("slip.title"), ROMAN_BOLD, 11, 6.0, True)
    text_box(surface, s + 2, s + 1.5, w - 2 * s - 4, 6.0, layout.text("slip.title"), font=ROMAN_BOLD, size=11,
             min_size=8, align="centre", valign="middle", colour=ACCENT)
    clear_behind(x0, s + 7.5, layout.text("slip.fold"), "sans-italic", 6.5, 3.2, True)
    text_box(surface, s + 2, s + 7.5, w - 2 * s - 4, 3.2, layout.text("slip.fold"), font="sans-italic",
             size=6.5, min_size=6.0, align="centre", valign="middle", colour=GREYS["dark"])
    label(s + 11.0, layout.text("slip.law"))
    writing_lines(s + 21.5, s + 27.5, 6.0)
    label(s + 29.5, layout.text("slip.text"))
    writing_lines(s + 39.0, h - 31.0, 6.0)

    # Four colour boxes in a 2 x 2 grid, the vertical fold between the columns.
    label(h - 29.0, layout.text("slip.colour"))
    colours = list(layout.colours.values())
    cell_h = 8.5
    for i, colour in enumerate(colours):
        col, row = i % 2, i // 2
        cx0 = (s + 1.5) if col == 0 else fold_x + 1.5
        cy = h - 22.0 + row * cell_h + cell_h / 2
        surface.rect(cx0 + 0.5, cy - 2.0, 4.0, 4.0, stroke=INK, width=0.35, radius=0.4)
        draw_swatch(surface, colour, cx0 + 8.2, cy, 5.0)
        text_box(surface, cx0 + 12.0, cy - 3.0, fold_x - s - 13.7, 6.0, colour.name, font="sans-bold", size=8,
                 min_size=6, valign="middle", colour=INK)
