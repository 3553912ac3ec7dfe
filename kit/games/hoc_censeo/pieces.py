"""Hoc Censeo's pieces: the tribe sheet, the motion cards and slips, the magistrate's aid.

kit.games.hoc_censeo.layout reads layouts/hoc-censeo/ into a `HocLayout` (texts already
filled with the rule engine's numbers); the drawing functions here only draw what it holds.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.errors import TextDoesNotFit
from kit.palette import GREYS, PALETTE, lighten, text_on
from kit.parts.circle import Portion, angles, draw_circle, point
from kit.parts.fold import draw_fold_line
from kit.parts.icons import draw_icon
from kit.parts.screen import draw_screen, mirrored, mirrored_disc
from kit.parts.symbols import draw_symbol
from kit.parts.text import fits, largest_fitting_size, text_box, text_height
from kit.parts.vote_table import Column, draw_vote_table

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface


# ------------------------------------------------------------------------------------------
# What every Hoc Censeo piece shares: the loaded layout, the coin and crown icons, the
# rows of boxes to tick, the colour legend.

# kit.games.hoc_censeo reads layouts/hoc-censeo/ into a `HocLayout` (texts already filled
# with the rule engine's numbers); the drawing modules kit.games.hoc_censeo.pieces, hoc_motion and
# hoc_aid only draw what it holds.

INK = GREYS["ink"]
ROMAN = "roman"
ROMAN_BOLD = "roman-bold"
# The game's accent: a Pompeian red that survives greyscale as a dark grey.
ACCENT = "#8E2A1B"

# The sizes each piece draws legibly at, (width, height) in mm from the smallest to the
# largest: below, the default texts no longer fit at a readable size; above, the piece no
# longer fits the paper. The layout's schema refuses any other size, naming the file, the
# entry and the field; tests/kit/test_sizes.py builds each piece at both ends and between.
# The sheets and the aid fill the page, whatever the paper.
SIZES = {
    "motion-slips": ((56.0, 80.0), (90.0, 130.0)),
    "ballots": ((56.0, 26.0), (90.0, 40.0)),
    "motion-cards": ((56.0, 80.0), (90.0, 130.0)),
}


@dataclass(frozen=True)
class ColourInfo:
    """One colour of the laws: the rule engine's key (bleu...) and how it prints."""

    key: str
    ink: str        # #RRGGBB
    symbol: str
    name: str       # « Bleu »
    domain: str     # « hégémonie politique »
    bonus: str      # « +1 Sceau », already written from the rule engine's COLOUR_BONUS


@dataclass(frozen=True)
class Objective:
    """A tribe's two secret objectives, as printed on its fold."""

    tribe: str                          # rule engine key: titienses...
    name: str                           # « Titienses »
    origin: str
    circle: tuple[tuple[str, int], ...]  # (colour key, portions), in drawing order
    secondary: str                      # the printed sentence

    def portions(self) -> list[str]:
        """The colour key of each portion, clockwise from the top."""
        return [colour for colour, n in self.circle for _ in range(n)]


@dataclass(frozen=True)
class Motion:
    title: str
    colour: str
    text: str
    copies: int = 1


@dataclass(frozen=True)
class HocLayout:
    colours: dict[str, ColourInfo]      # in the rule engine's COLOURS order
    chaos_ink: str
    calamity_symbol: str
    objectives: tuple[Objective, ...]   # in the rule engine's TRIBES order
    motions: tuple[Motion, ...]
    texts: dict[str, Any]                         # texts.yaml, placeholders filled, French spacing applied
    numbers: dict[str, Any] = field(default_factory=dict)  # the rule engine's numbers the pieces draw
    emblems: dict[str, str] = field(default_factory=dict)  # component id -> its kit.parts.icons picture (icons.yaml)
    colour_emblems: dict[str, str] = field(default_factory=dict)  # a law's colour key -> its picture (icons.yaml)

    def text(self, dotted: str) -> str:
        """A text by its dotted path in texts.yaml: layout.text('sheet.pour')."""
        node: Any = self.texts
        for key in dotted.split("."):
            node = node[key]
        found: str = node   # a leaf of texts.yaml
        return found


# --- icons ------------------------------------------------------------------------------------
def draw_coin(surface: Surface, cx: float, cy: float, size: float) -> None:
    """A gold coin: a disc with an inner ring, readable in greyscale by its ring."""
    gold = PALETTE["orange"]
    surface.circle(cx, cy, size / 2, fill=gold, stroke=INK, width=0.3)
    surface.circle(cx, cy, size * 0.32, fill=None, stroke=INK, width=0.25)


def draw_crown(surface: Surface, cx: float, cy: float, size: float) -> None:
    """The Seal of Power: a three-pointed crown on a band."""
    w, h = size, size * 0.8
    x0, y0 = cx - w / 2, cy - h / 2
    points = [(x0, y0 + h), (x0, y0 + h * 0.25), (x0 + w * 0.27, y0 + h * 0.55), (cx, y0),
              (x0 + w * 0.73, y0 + h * 0.55), (x0 + w, y0 + h * 0.25), (x0 + w, y0 + h)]
    surface.polygon(points, fill=PALETTE["sky"], stroke=INK, width=0.3)
    surface.line(x0, y0 + h * 0.8, x0 + w, y0 + h * 0.8, stroke=INK, width=0.25)


ICONS = {"gold": draw_coin, "seals": draw_crown}


def draw_tick_row(surface: Surface, x: float, y: float, w: float, h: float, *, icon: str, label: str,
                  boxes: int, label_w: float = 42.0) -> None:
    """An icon, a label and `boxes` square boxes to tick, filling the width w."""
    ICONS[icon](surface, x + h * 0.45, y + h / 2, h * 0.75)
    text_box(surface, x + h + 1.0, y, label_w - h - 1.0, h, label, font="sans-bold", size=9.5,
             min_size=7, valign="middle", colour=INK, leading=1.0)
    space = w - label_w
    side = min(h * 0.8, space / boxes * 0.82)
    step = space / boxes
    for i in range(boxes):
        bx = x + label_w + i * step + (step - side) / 2
        surface.rect(bx, y + (h - side) / 2, side, side, stroke=INK, width=0.3, radius=0.6)


def draw_swatch(surface: Surface, colour: ColourInfo, cx: float, cy: float, size: float) -> None:
    """A square of the colour with its symbol inside: the pair that identifies a law."""
    surface.rect(cx - size / 2, cy - size / 2, size, size, fill=colour.ink, stroke=INK, width=0.3, radius=0.8)
    # White outlined in ink: as legible on yellow as on blue, and in greyscale.
    draw_symbol(surface, colour.symbol, cx, cy, size * 0.62, fill="#FFFFFF", stroke=INK, width=0.3)


def draw_legend(surface: Surface, layout: HocLayout, x: float, y: float, w: float, h: float) -> None:
    """The colour legend: a box titled « Couleurs des lois », one block per colour (swatch,
    name, domain, bonus of the largest POUR voter), then the grey of chaos."""
    surface.rect(x, y, w, h, stroke=INK, width=0.35, radius=1.5)
    title_h = 7.0
    text_box(surface, x + 2, y + 1.2, w - 4, title_h - 1.2, layout.text("sheet.legend"), font=ROMAN_BOLD,
             size=10, min_size=7, align="centre", valign="middle", colour=ACCENT)
    # The largest POUR voter's seal comes with every colour: said once, above the bonuses.
    base_h = 8.0
    text_box(surface, x + 3, y + title_h, w - 6, base_h, layout.text("sheet.legend_base"), font="sans-bold",
             size=7.5, min_size=7, align="centre", valign="middle", colour=INK, leading=1.05)
    title_h += base_h
    entries = list(layout.colours.values())
    block = (h - title_h - 9.0) / len(entries)
    sw = min(9.0, block * 0.6)
    for i, colour in enumerate(entries):
        top = y + title_h + i * block
        draw_swatch(surface, colour, x + 3 + sw / 2, top + block / 2, sw)
        body = (f"**{colour.name}** · {colour.domain}\n"
                f"{layout.text('sheet.legend_bonus')} {colour.bonus}")
        text_box(surface, x + 5 + sw, top + 0.5, w - 7 - sw, block - 1.0, body, font="sans", size=8,
                 min_size=7, valign="middle", colour=INK, leading=1.1)
    # Chaos: Rome's grey, and the mark of the portions that bring a calamity.
    top = y + h - 9.0
    surface.line(x + 2, top, x + w - 2, top, stroke=GREYS["light"], width=0.25)
    s = 5.0
    surface.rect(x + 3 + sw / 2 - s / 2, top + 4.5 - s / 2, s, s, fill=layout.chaos_ink, stroke=INK, width=0.3)
    draw_symbol(surface, layout.calamity_symbol, x + 3 + sw / 2 + s + 0.5, top + 4.5, 3.4, fill=INK)
    text_box(surface, x + 5 + sw + 3.0, top + 0.5, w - 10 - sw, 8.0, layout.text("sheet.chaos_legend"),
             font="sans", size=7.5, min_size=7.0, valign="middle", colour=INK, leading=1.05)


# ------------------------------------------------------------------------------------------
# The Hoc Censeo tribe sheet: one page a player keeps in front of them all game.

# From top to bottom:
#   1. the fold zone: the tribe's name and its two secret objectives (or blanks to fill);
#   2. the fold line;
#   3. the tribe's circle of empty portions and, to its right, Rome's circle of chaos with
#      its calamity portions marked;
#   4. the vote table (one row per round, the starting senators printed) beside the legend;
#   5. the rows of gold coins and Seals of Power to tick.

# Orientation of the fold zone: the sheet lies flat, its top edge away from the player.
# Lifting the top band along the fold until it stands at a right angle turns its printed
# face towards the player, its top edge up; the text is therefore printed upright, like
# the rest of the page, and the other players only see its back: printed two-sided, that
# back carries a screen (draw_fold_screen) so the secrets do not show through thin paper.

# The sheet adapts to the frame the imposition gives it (A4 or Letter minus the margins):
# fixed parts first, the spare height goes to the vote table's rows and to the gaps.

PARCHMENT = "#F7F0E1"  # the fold zone's background: tells at a glance what stands up
FOLD_LABEL_H = 6.0
RECORD_H = 13.0        # the senators-left record at the foot of the band
LEGEND_W = 62.0
TICK_H = 9.0


def _heights(h: float, rows: int) -> dict[str, float]:
    """Vertical budget of the sheet for a frame of height h (mm)."""
    flap = 51.0 + RECORD_H + max(0.0, h - 259.0) * 0.25
    circles = 66.0
    header, start, row = 11.0, 0.0, 7.2   # no start row: the 100 at the start is in the band
    table_hint = 5.0  # the line under the vote table that explains the « ± » column
    ticks = 2 * TICK_H + 2.0 + 7.0
    gaps = 3
    fixed = flap + FOLD_LABEL_H + circles + header + start + rows * row + table_hint + ticks
    spare = max(0.0, h - fixed)
    # Bigger rows first (easier to write in), up to 9 mm; the rest spreads between blocks.
    extra_row = min(spare * 0.6 / rows, 9.0 - row)
    row += extra_row
    spare -= extra_row * rows
    return {"flap": flap, "circles": circles, "header": header, "start": start, "row": row,
            "ticks": ticks, "gap": spare / gaps}


def fold_zone(frame: Frame, layout: HocLayout) -> tuple[float, float, float, float]:
    """The band that stands up once folded, (x, y, w, h) in the sheet's frame: the top of
    the sheet down to the fold line, where the secrets are written."""
    return (0.0, 0.0, frame.width, _heights(frame.height, layout.numbers["ROUNDS"])["flap"])


def draw_tribe_sheet(surface: Surface, frame: Frame, layout: HocLayout, objective: Objective | None) -> None:
    """One tribe's sheet; objective None draws the blank sheet with room to write."""
    n = layout.numbers
    w, h = frame.width, frame.height
    hs = _heights(h, n["ROUNDS"])
    y = 0.0

    _draw_fold_zone(surface, layout, objective, *fold_zone(frame, layout))
    y += hs["flap"]
    _draw_fold_line(surface, layout, 0.0, y, w)
    y += FOLD_LABEL_H / 2 + hs["gap"]

    _draw_circles(surface, layout, 0.0, y, w, hs["circles"])
    y += hs["circles"] + hs["gap"]

    table_w = w - LEGEND_W - 5.0
    label_w = 17.0
    rest = table_w - label_w
    # Between two votes senators also come and go (the green bonus, gold spent on recruits,
    # a calamity): the « ± » column records them, so the senators left always add up.
    # Lying flat, the table holds only what the magistrate announces (the winning side, the
    # tribe's rank in it), to circle: a tribe's amounts stay on its ballots and its senators
    # left in the band (_draw_senators_record), which faces its owner alone. Written here,
    # the neighbours would read them, or work them out.
    columns = [Column(layout.text("sheet.round"), label_w), Column(layout.text("sheet.winning_side"), rest * 0.32),
               Column(layout.text("sheet.your_rank"), rest * 0.26),
               Column(f"± {layout.text('sheet.senator_changes')}", rest * 0.42)]
    table_h = draw_vote_table(
        surface, 0.0, y, columns, n["ROUNDS"], header_h=hs["header"], row_h=hs["row"],
        header_font=ROMAN_BOLD, header_size=9.5, value_size=12)
    _draw_choices(surface, layout, columns, y + hs["header"], hs["row"], n["ROUNDS"])
    draw_legend(surface, layout, table_w + 5.0, y, LEGEND_W, table_h)
    y += table_h + 0.8
    text_box(surface, 0.0, y, table_w, 4.2, layout.text("sheet.senator_changes_hint"), font="sans-italic",
             size=7.5, min_size=7, colour=GREYS["dark"], align="left", valign="top")
    y += 4.2 + hs["gap"]

    draw_tick_row(surface, 0.0, y, w, TICK_H, icon="gold", label=layout.text("sheet.gold"),
                  boxes=n["GOLD_BOXES"])
    y += TICK_H + 2.0
    draw_tick_row(surface, 0.0, y, w, TICK_H, icon="seals", label=layout.text("sheet.seals"),
                  boxes=n["SEAL_BOXES"])
    y += TICK_H + 0.5
    text_box(surface, 0.0, y, w, 6.5, layout.text("sheet.spend_hint"), font="sans-italic", size=8,
             min_size=7, colour=GREYS["dark"], align="centre", valign="middle")


def _draw_choices(surface: Surface, layout: HocLayout, columns: list[Column], top: float, row_h: float,
                  rows: int) -> None:
    """In every row, the answers to circle: POUR or CONTRE, and the ranks 1 to PLAYERS."""
    sides = (layout.text("sheet.pour"), layout.text("sheet.contre"))
    ranks = tuple(str(k) for k in range(1, layout.numbers["PLAYERS"] + 1))
    ascent, descent = surface.ascent_descent(font="sans-bold", size=8)
    x = columns[0].width
    for column, words in ((columns[1], sides), (columns[2], ranks)):
        step = column.width / len(words)
        for n in range(rows):
            baseline = top + n * row_h + row_h / 2 + (ascent - descent) / 2
            for k, word in enumerate(words):
                surface.text(x + step * (k + 0.5), baseline, word, font="sans-bold", size=8, colour=GREYS["mid"],
                             anchor="middle")
        x += column.width


# mm around each secret that the screen's emblems cover past it: a home printer's duplex
# drift, front to back, stays within it.
SCREEN_MARGIN = 2.5


def _secret_parts(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float, float, float],
                                                                    tuple[float, float, float]]:
    """Where a tribe's secrets lie in its fold zone (x, y, w, h): the text column that holds
    its name, origin and secondary objective (x, y, w, h), and its circle (cx, cy, r). The
    same for every tribe, whatever its words: _draw_fold_zone draws there, the screen covers it."""
    h -= RECORD_H
    r = min(21.0, (h - 17.0) / 2)
    cx, cy = x + w - 8.0 - r - 6.0, y + 10.0 + r
    lx = x + 6.0
    left_w = cx - r - 14.0 - lx  # clear of the circle and the « ou »
    return (lx, y + 8.0, left_w, h - 18.5), (cx, cy, r)


def draw_fold_screen(surface: Surface, frame: Frame, layout: HocLayout) -> None:
    """The back of a tribe sheet (or the blank one): ink only behind the fold zone, a
    pavement that keeps its secrets from showing through (kit.parts.screen). Standing up,
    the band shows its back to the other players, often with a lamp or a window behind its
    owner; on thin paper the objectives would read through it, mirrored, and the circle's
    coloured wedges show as dark and light patches. Black emblems lie behind the text column
    and the circle, SCREEN_MARGIN past them; the game's red meander fills the rest. The back
    is the sheet turned over on its long edge, so everything lands mirrored across the page."""
    zone = fold_zone(frame, layout)
    (tx, ty, tw, th), (cx, cy, r) = _secret_parts(*zone)
    m, width = SCREEN_MARGIN, frame.width
    draw_screen(surface, mirrored(zone, width), panels=(mirrored((tx - m, ty - m, tw + 2 * m, th + 2 * m), width),),
                discs=(mirrored_disc((cx, cy, r + m), width),), field=ACCENT)


def objectives_card_size(frame: Frame, layout: HocLayout) -> tuple[float, float]:
    """The fold zone of a sheet of this frame, alone: a digital table's secret card."""
    _, _, w, h = fold_zone(frame, layout)
    return (w, h)


def draw_objectives_card(surface: Surface, frame: Frame, layout: HocLayout, objective: Objective) -> None:
    """A tribe's secrets as a digital table deals them, face down into its player's hand:
    the band that stands up on paper, with no fold line under it."""
    _draw_fold_zone(surface, layout, objective, 0.0, 0.0, frame.width, frame.height)


def draw_objectives_back(surface: Surface, frame: Frame, layout: HocLayout) -> None:
    """The back every tribe's card shares: the game's name, nothing of whose it is."""
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=ACCENT, stroke=None)
    surface.rect(3.0, 3.0, w - 6.0, h - 6.0, fill=PARCHMENT, stroke=None, radius=2.0)
    draw_circle(surface, w / 2, h * 0.4, min(18.0, h * 0.22), layout.numbers["CIRCLE_PORTIONS"], stroke=ACCENT,
                width=0.5)
    text_box(surface, 6.0, h * 0.66, w - 12.0, 12.0, layout.text("card.back_title"), font=ROMAN_BOLD, size=18,
             min_size=9, align="centre", valign="middle", colour=ACCENT)


# --- 1. the fold zone ---------------------------------------------------------------------------
def _draw_fold_zone(surface: Surface, layout: HocLayout, objective: Objective | None,
                    x: float, y: float, w: float, h: float) -> None:
    surface.rect(x, y, w, h, fill=PARCHMENT, stroke=None)
    surface.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, stroke=ACCENT, width=0.5)
    (lx, _, left_w, _), (cx, cy, r) = _secret_parts(x, y, w, h)
    h -= RECORD_H
    _draw_senators_record(surface, layout, x + 6.0, y + h - 0.5, w - 12.0, RECORD_H - 4.5)
    portions = layout.numbers["CIRCLE_PORTIONS"]

    text_box(surface, lx, y + 3.5, 40.0, 4.5, layout.text("sheet.secret").upper(), font="sans-bold",
             size=7.5, min_size=7, colour=ACCENT)
    caption = layout.text("sheet.circle_goal") if objective else layout.text("sheet.blank_circle")
    text_box(surface, cx - r - 8.0, y + 3.0, 2 * r + 16.0, 6.0, caption, font="sans-bold", size=8.5,
             min_size=7, align="centre", valign="middle", colour=INK)

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
             min_size=7, align="centre", valign="middle", colour=ACCENT)
    text_box(surface, lx, y + h - 9.0, w - 12.0, 7.0, layout.text("sheet.win_hint"), font="sans-italic",
             size=8, min_size=7, valign="middle", colour=GREYS["dark"], leading=1.1)


def _draw_senators_record(surface: Surface, layout: HocLayout, x: float, y: float, w: float, h: float) -> None:
    """The senators left, one box at the start (printed) and one per round, in the band:
    standing up, it faces its owner only, and the screen on its back keeps it from showing
    through. Written after each vote, from the vote table's line below the fold."""
    n = layout.numbers
    label_w = 30.0
    text_box(surface, x, y, label_w - 2.0, h, layout.text("sheet.senators_left"), font=ROMAN_BOLD, size=10.5,
             min_size=8, valign="middle", colour=ACCENT, leading=1.05)
    boxes = n["ROUNDS"] + 1
    bw = (w - label_w) / boxes
    for k in range(boxes):
        bx = x + label_w + k * bw
        surface.rect(bx + 0.4, y, bw - 0.8, h, fill="#FFFFFF" if k else GREYS["pale"], stroke=INK, width=0.3,
                     radius=1.0)
        caption = layout.text("sheet.start") if k == 0 else f"{layout.text('sheet.round')} {k}"
        text_box(surface, bx + 1.2, y + 0.6, bw - 2.4, 3.4, caption, font="sans", size=7, min_size=7,
                 align="left", valign="top", colour=GREYS["dark"])
        if k == 0:
            ascent, descent = surface.ascent_descent(font="sans-bold", size=12)
            surface.text(bx + bw / 2, y + 3.6 + (h - 3.6) / 2 + (ascent - descent) / 2, str(n["START_SENATORS"]),
                         font="sans-bold", size=12, colour=INK, anchor="middle")


# --- 2. the fold line ---------------------------------------------------------------------------
def _draw_fold_line(surface: Surface, layout: HocLayout, x: float, y: float, w: float) -> None:
    label = layout.text("sheet.fold_hint")
    size = 8.0
    tw = surface.text_width(label, font="sans-bold", size=size)
    pad = 8.0
    lw = min(w - 10.0, tw + 2 * pad)
    lx = x + (w - lw) / 2
    draw_fold_line(surface, x, y, x + w, y, avoid=[(lx, y - FOLD_LABEL_H / 2, lw, FOLD_LABEL_H)], colour=INK)
    surface.rect(lx, y - FOLD_LABEL_H / 2, lw, FOLD_LABEL_H, fill="#FFFFFF", stroke=INK, width=0.3, radius=3.0)
    # Arrows pointing up: the band above this line is the part that rises.
    for ax in (lx + pad / 2, lx + lw - pad / 2):
        draw_symbol(surface, "triangle", ax, y, 3.0, fill=ACCENT)
    text_box(surface, lx + pad, y - FOLD_LABEL_H / 2, lw - 2 * pad, FOLD_LABEL_H, label, font="sans-bold",
             size=size, min_size=7, align="centre", valign="middle", colour=INK)


# --- 3. the two circles ---------------------------------------------------------------------------
def _draw_circles(surface: Surface, layout: HocLayout, x: float, y: float, w: float, h: float) -> None:
    n = layout.numbers
    hint_h = 8.0    # two lines of hint under each title
    title_h = 6.0 + hint_h + 4.0  # and room for the calamity marks of the top portions
    mark_room = 6.5  # below the circle: the calamity mark of the lower portion
    r = min((h - title_h - 1.0 - mark_room) / 2, w / 4 - 14.0)
    half = w / 2
    for i, (title, hint) in enumerate(((layout.text("sheet.own_circle"), layout.text("sheet.own_circle_hint")),
                                        (layout.text("sheet.rome_circle"), layout.text("sheet.rome_circle_hint")))):
        left = x + i * half
        text_box(surface, left + 2.0, y, half - 4.0, 6.0, title, font=ROMAN_BOLD, size=12, min_size=8,
                 align="centre", valign="middle", colour=ACCENT)
        text_box(surface, left + 6.0, y + 6.0, half - 12.0, hint_h, hint, font="sans-italic", size=8, min_size=7,
                 align="centre", valign="middle", colour=GREYS["dark"], leading=1.1)
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


# ------------------------------------------------------------------------------------------
# Hoc Censeo motions: the ready-written cards, their common back, and the blank slips.

# A card shows its colour three ways (the band's colour, the colour's symbol, its name and
# domain in words), so the magistrate reads it right on a greyscale print. The magistrate
# reads the law aloud while holding the card towards themselves: the colour only shows
# when POUR wins and the card is turned to the table.

# A slip is the same size, folded in four with the writing inside: its fold lines pass
# between the writing lines and between the colour boxes, never through a box.
FOLD_CLEAR = 1.8  # mm of paper left unlined either side of a slip's folds

BAND_H = 15.0


def draw_motion_card(surface: Surface, frame: Frame, layout: HocLayout, motion: Motion) -> None:
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
    emblem = layout.colour_emblems.get(motion.colour)
    room = w - s - tx
    if emblem:  # the colour's emblem at the band's end: its domain in a picture
        size = BAND_H - s - 1.0
        draw_icon(surface, emblem, w - s - size / 2, s + (BAND_H - s - 0.5) / 2, size, fill=on_band)
        room -= size + 1.0
    text_box(surface, tx, s, room, BAND_H - s - 0.5, f"**{colour.name}**\n{colour.domain}", font="sans",
             size=8.5, min_size=7, valign="middle", colour=on_band, leading=1.1)

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
             size=7, min_size=7, align="centre", valign="middle", colour=GREYS["dark"])
    for fx in (inner + 3.0, inner + inner_w - 3.0):
        draw_symbol(surface, colour.symbol, fx, fy, 2.8, fill=colour.ink, stroke=INK, width=0.15)


def draw_motion_back(surface: Surface, frame: Frame, layout: HocLayout) -> None:
    """The common back: the same for every colour, so nothing shows in the hat. A dark red
    border that runs into the bleed (a cut or a duplex drift a little off still shows red)
    around a parchment panel: recognisable across the table without a solid page of ink."""
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=ACCENT, stroke=None)
    s = frame.safe
    surface.rect(s, s, w - 2 * s, h - 2 * s, fill=PARCHMENT, stroke=None, radius=2.0)
    surface.rect(s + 1.5, s + 1.5, w - 2 * s - 3, h - 2 * s - 3, stroke=ACCENT, width=0.25, radius=1.5)
    # The game's emblem: a circle of portions, as on every sheet.
    draw_circle(surface, w / 2, h * 0.42, 13.0, layout.numbers["CIRCLE_PORTIONS"], stroke=ACCENT, width=0.5)
    emblem = layout.emblems.get("motion-cards")
    if emblem:  # the deck's picture inside the circle, on a parchment disc
        surface.circle(w / 2, h * 0.42, 8.5, fill=PARCHMENT, stroke=ACCENT, width=0.4)
        draw_icon(surface, emblem, w / 2, h * 0.42, 12.5, fill=ACCENT)
    text_box(surface, s + 3, h * 0.62, w - 2 * s - 6, 10.0, layout.text("card.back_title"), font=ROMAN_BOLD,
             size=14, min_size=9, align="centre", valign="middle", colour=ACCENT)
    text_box(surface, s + 3, h * 0.62 + 10.0, w - 2 * s - 6, 6.0, layout.text("card.back_subtitle"), font=ROMAN,
             size=9, min_size=7, align="centre", valign="middle", colour=GREYS["dark"])


def draw_motion_slip(surface: Surface, frame: Frame, layout: HocLayout) -> None:
    w, h = frame.width, frame.height
    s = frame.safe
    fold_x, fold_y = w / 2, h / 2
    surface.rect(s, s, w - 2 * s, h - 2 * s, stroke=GREYS["mid"], width=0.3, radius=2.0)

    x0, x1 = s + 2.5, w - s - 2.5
    line: dict[str, Any] = dict(stroke=GREYS["mid"], width=0.25)
    words: list[tuple[float, float, float, float]] = []   # the boxes of text the folds go round

    def occupied(x: float, y: float, text: str, font: str, size: float, h: float, centred: bool) -> None:
        tw = surface.text_width(text, font=font, size=size) + 1.0
        left = x + ((x1 - x0) - tw) / 2 if centred else x - 0.5
        words.append((left, y, tw, h))

    def label(y: float, text: str) -> None:
        occupied(x0, y, text, "sans-bold", 7.5, 4.5, False)
        text_box(surface, x0, y, x1 - x0, 4.5, text, font="sans-bold", size=7.5, min_size=7, valign="middle",
                 colour=INK)

    def writing_lines(first: float, last: float, step: float) -> float:
        """Lines from first to last, skipping the fold across so no line hides in it, and
        broken FOLD_CLEAR either side of the fold down the middle, so that fold never crosses
        a line someone writes on (issue 47); returns the last y."""
        y = first
        drawn = first
        while y <= last + 1e-6:
            if abs(y - fold_y) > FOLD_CLEAR:
                surface.line(x0, y, fold_x - FOLD_CLEAR, y, **line)
                surface.line(fold_x + FOLD_CLEAR, y, x1, y, **line)
                drawn = y
            y += step
        return drawn

    occupied(x0, s + 1.5, layout.text("slip.title"), ROMAN_BOLD, 11, 6.0, True)
    text_box(surface, s + 2, s + 1.5, w - 2 * s - 4, 6.0, layout.text("slip.title"), font=ROMAN_BOLD, size=11,
             min_size=8, align="centre", valign="middle", colour=ACCENT)
    occupied(x0, s + 7.3, layout.text("slip.fold"), "sans-italic", 7.0, 3.7, True)
    text_box(surface, s + 2, s + 7.3, w - 2 * s - 4, 3.7, layout.text("slip.fold"), font="sans-italic",
             size=7.0, min_size=7.0, align="centre", valign="middle", colour=GREYS["dark"])
    label(s + 11.0, layout.text("slip.law"))
    writing_lines(s + 21.5, s + 27.5, 6.0)
    label(s + 29.5, layout.text("slip.text"))
    writing_lines(s + 39.0, h - 31.0, 6.0)
    label(h - 29.0, layout.text("slip.colour"))
    # The two folds: dashed with the fold sign, unlike the cut marks, and broken around
    # every line of text they would cross.
    draw_fold_line(surface, fold_x, 0.0, fold_x, h, avoid=words, colour=GREYS["mid"])
    draw_fold_line(surface, 0.0, fold_y, w, fold_y, avoid=words, colour=GREYS["mid"])

    # Four colour boxes in a 2 x 2 grid, the vertical fold between the columns.
    colours = list(layout.colours.values())
    cell_h = 8.5
    for i, colour in enumerate(colours):
        col, row = i % 2, i // 2
        cx0 = (s + 1.5) if col == 0 else fold_x + 1.5
        cy = h - 22.0 + row * cell_h + cell_h / 2
        surface.rect(cx0 + 0.5, cy - 2.0, 4.0, 4.0, stroke=INK, width=0.35, radius=0.4)
        draw_swatch(surface, colour, cx0 + 8.2, cy, 5.0)
        text_box(surface, cx0 + 12.0, cy - 3.0, fold_x - s - 13.7, 6.0, colour.name, font="sans-bold", size=8,
                 min_size=7, valign="middle", colour=INK)


# ------------------------------------------------------------------------------------------
# The ballots: one per tribe and round, folded on their middle line. Inside, the round and
# a box for each side, POUR on one half and CONTRE on the other, so the fold lays each
# amount against the other half; outside, the round alone. Nothing names a tribe: the
# tribes are secret, and the three ballots of a round are the same.
BALLOT_LABEL = 7.5   # pt: the sides' names
BALLOT_ROUND = 8.0   # pt: « Manche 3 »


def _ballot_half(surface: Surface, x: float, w: float, h: float, title: str,
                 colour: str) -> list[tuple[float, float, float, float]]:
    """One inner half, x to x + w: its side's name over a box for the amount; returns the
    boxes of its words (the fold goes round them)."""
    pad = 2.4
    top = h * 0.30
    text_box(surface, x + pad, top, w - 2 * pad, 4.2, title, font="sans-bold", size=BALLOT_LABEL, min_size=7,
             colour=colour, valign="middle")
    box_top = top + 4.6
    surface.rect(x + pad, box_top, w - 2 * pad, h - box_top - 2.4, stroke=INK, width=0.35, radius=1.0)
    return [(x + pad, top, surface.text_width(title, font="sans-bold", size=BALLOT_LABEL) + 1.0, 4.2)]


def draw_ballot(surface: Surface, frame: Frame, layout: HocLayout, round_: int) -> None:
    """The inside of a ballot: the round and the hint to fold across the top, the POUR box
    on the left half, the CONTRE box on the right, the fold between them."""
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill="#FFFFFF", stroke=None)
    # The ballots touch: a faint frame inside each says where one ends, away from the cut.
    surface.rect(0.8, 0.8, w - 1.6, h - 1.6, stroke=GREYS["light"], width=0.3, radius=1.5)
    half = w / 2
    words: list[tuple[float, float, float, float]] = []
    for x, text, font, size, colour in ((0.0, f"{layout.text('sheet.round')} {round_}", ROMAN_BOLD, BALLOT_ROUND,
                                         ACCENT),
                                        (half, layout.text("ballot.fold"), "sans-italic", 7.0, GREYS["dark"])):
        text_box(surface, x + 2.4, 1.8, half - 4.8, 4.6, text, font=font, size=size, min_size=7, colour=colour,
                 valign="middle")
        words.append((x + 2.4, 1.8, half - 4.8, 4.6))
    words += _ballot_half(surface, 0.0, half, h, layout.text("sheet.pour"), INK)
    words += _ballot_half(surface, half, half, h, layout.text("sheet.contre"), INK)
    draw_fold_line(surface, half, 0.0, half, h, avoid=words, colour=GREYS["mid"], symbols=False)


def draw_ballot_back(surface: Surface, frame: Frame, layout: HocLayout, round_: int) -> None:
    """The outside of a folded ballot: on each half the round, so the presidency gathers a
    round's ballots without opening one, and the reminder that it stays folded."""
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PARCHMENT, stroke=None)
    half = w / 2
    for x in (0.0, half):
        surface.rect(x + 1.6, 1.6, half - 3.2, h - 3.2, stroke=ACCENT, width=0.3, radius=1.2)
        text_box(surface, x + 2.4, h * 0.22, half - 4.8, 8.0, f"{layout.text('sheet.round')} {round_}",
                 font=ROMAN_BOLD, size=10, min_size=8, align="centre", valign="middle", colour=ACCENT)
        text_box(surface, x + 2.4, h * 0.22 + 8.5, half - 4.8, 8.0, layout.text("ballot.outside"),
                 font="sans-italic", size=7, min_size=7, align="centre", valign="middle", colour=GREYS["dark"])


# ------------------------------------------------------------------------------------------
# The magistrate's aid: one page that walks the magistrate through a round.

# A title band, then the sections of texts.yaml (aid.sections) flowing down two columns,
# the bonus table placed right after the section marked bonus_table (POUR wins), and the
# secrecy reminder at the foot. The body size is the largest, from 11 pt down to 8.5 pt, at
# which everything fits the page (A4 or Letter): the same text on either paper. Nothing on
# it is under AID_MIN (8.5 pt), read from across the table (issue 47).

TITLE_H = 20.0
FOOT_H = 9.0
COL_GAP = 8.0
SECTION_TITLE_H = 7.0
SECTION_GAP = 4.0
TABLE_ROW_H = 12.5
LEADING = 1.22
PARA_GAP = 1.6    # mm between the paragraphs of a section
AID_MIN = 8.5
BODY_MAX, BODY_MIN = 11.0, AID_MIN  # pt, the body size of every section


def _paragraphs(surface: Surface, w: float, text: str, size: float) -> list[tuple[str, float]] | None:
    """A section body's paragraphs with the height each takes at this size; None when a
    word is wider than w."""
    out = []
    for paragraph in (p for p in text.split("\n") if p.strip()):
        height = _para_height(surface, w, paragraph, size)
        if height is None:
            return None
        out.append((paragraph, height))
    return out


def _para_height(surface: Surface, w: float, text: str, size: float) -> float | None:
    """Height of one paragraph at exactly this size; None when a word is wider than w."""
    try:
        return text_height(surface, w, text, font="sans", size=size, leading=LEADING)
    except TextDoesNotFit:
        return None


def _table_height(layout: HocLayout) -> float:
    return SECTION_TITLE_H + (len(layout.colours) + 1) * TABLE_ROW_H + 7.0 + SECTION_GAP


# A block of the aid's columns: (kind, its section, its height, its paragraphs with their heights).
_Block = tuple[str, dict[str, Any] | None, float, list[tuple[str, float]]]


def _plan(surface: Surface, layout: HocLayout, col_w: float, col_h: float,
          size: float) -> list[list[_Block]] | None:
    """Blocks assigned to two columns at this body size, or None when they do not fit.
    A block is (kind, section, height, its paragraphs with their heights)."""
    blocks = []
    for section in layout.texts["aid"]["sections"]:
        paragraphs = _paragraphs(surface, col_w, section["body"], size)
        if paragraphs is None:
            return None
        # The paragraphs one under the other, PARA_GAP apart.
        body = math.fsum(h for _, h in paragraphs) + PARA_GAP * (len(paragraphs) - 1)
        blocks.append(("section", section, SECTION_TITLE_H + body + SECTION_GAP, paragraphs))
        if section.get("bonus_table"):
            blocks.append(("table", None, _table_height(layout), []))
    # Two columns as even as possible: the split that makes the taller column shortest.
    best = None
    for k in range(1, len(blocks)):
        heights = (math.fsum(b[2] for b in blocks[:k]), math.fsum(b[2] for b in blocks[k:]))
        if max(heights) <= col_h + 1e-6 and (best is None or max(heights) < best[0]):
            best = (max(heights), k)
    if best is None:
        return None
    return [blocks[:best[1]], blocks[best[1]:]]


def draw_magistrate_aid(surface: Surface, frame: Frame, layout: HocLayout) -> None:
    w, h = frame.width, frame.height
    aid = layout.texts["aid"]
    # Title band.
    surface.rect(0, 0, w, TITLE_H, fill=ACCENT, stroke=None)
    text_box(surface, 6, 2.0, w - 12, 11.0, aid["title"], font=ROMAN_BOLD, size=22, min_size=14,
             align="centre", valign="middle", colour="#FFFFFF")
    text_box(surface, 6, 12.5, w - 12, 6.0, aid["subtitle"], font=ROMAN, size=10, min_size=8,
             align="centre", valign="middle", colour="#F3E3C3")

    top = TITLE_H + 6.0
    pad = 3.0  # the frame is the printable page; keep the text off its very edge
    col_w = (w - 2 * pad - COL_GAP) / 2
    col_h = h - top - FOOT_H - 2.0
    plans = {}

    def plan_fits(size: float) -> bool:
        plans[size] = _plan(surface, layout, col_w, col_h, size)
        return plans[size] is not None

    size = largest_fitting_size(plan_fits, BODY_MAX, BODY_MIN)
    if size is None:
        raise TextDoesNotFit(f"the magistrate's aid does not fit one page even at {BODY_MIN:g} pt; "
                             "shorten its sections")
    columns = plans[size]
    assert columns is not None, "the size chosen is one whose plan fits"

    for c, blocks in enumerate(columns):
        x = pad + c * (col_w + COL_GAP)
        y = top
        for kind, section, height, paragraphs in blocks:
            if kind == "section":
                assert section is not None, "a section's block holds it"
                _section(surface, section, paragraphs, x, y, col_w, size)
            else:
                _bonus_table(surface, layout, x, y, col_w)
            y += height
    surface.line(w / 2, top, w / 2, h - FOOT_H - 2.0, stroke=GREYS["light"], width=0.3)

    surface.line(0, h - FOOT_H, w, h - FOOT_H, stroke=ACCENT, width=0.4)
    text_box(surface, 0, h - FOOT_H + 1.0, w, FOOT_H - 1.0, aid["reminder"], font="sans-italic", size=9.5,
             min_size=AID_MIN, align="centre", valign="middle", colour=INK)


def _section(surface: Surface, section: dict[str, Any], paragraphs: list[tuple[str, float]], x: float, y: float, w: float,
             size: float) -> None:
    text_box(surface, x, y, w, SECTION_TITLE_H - 1.0, section["title"], font=ROMAN_BOLD, size=12, min_size=8,
             valign="middle", colour=ACCENT)
    surface.line(x, y + SECTION_TITLE_H - 0.8, x + w, y + SECTION_TITLE_H - 0.8, stroke=ACCENT, width=0.3)
    py = y + SECTION_TITLE_H + 0.5
    for paragraph, ph in paragraphs:
        text_box(surface, x, py, w, ph + 0.2, paragraph, font="sans", size=size, min_size=size, colour=INK,
                 leading=LEADING)
        py += ph + PARA_GAP


def _bonus_table(surface: Surface, layout: HocLayout, x: float, y: float, w: float) -> None:
    table = layout.texts["aid"]["bonus_table"]
    text_box(surface, x, y, w, SECTION_TITLE_H - 1.0, table["title"], font=ROMAN_BOLD, size=12, min_size=8,
             valign="middle", colour=ACCENT)
    top = y + SECTION_TITLE_H
    widths = (w * 0.24, w * 0.3, w * 0.46)
    lefts = (x, x + widths[0], x + widths[0] + widths[1])
    surface.rect(x, top, w, TABLE_ROW_H, fill=GREYS["pale"], stroke=INK, width=0.3)
    for left, width, head in zip(lefts, widths, (table["colour"], table["domain"], table["bonus"])):
        text_box(surface, left + 1.5, top, width - 3.0, TABLE_ROW_H, head, font="sans-bold", size=9.0,
                 min_size=AID_MIN, valign="middle", colour=INK)
    # Every bonus at one size and weight, the largest at which the longest (mauve's choice)
    # fits its cell: no cell drops to a smaller, lighter type than its neighbours.
    bonus_w = widths[2] - 3.0
    bonus_size = largest_fitting_size(
        lambda pt: all(fits(surface, bonus_w, TABLE_ROW_H - 0.6, c.bonus, font="sans-bold", size=pt, min_size=pt,
                            leading=1.05) for c in layout.colours.values()), 9.5, AID_MIN) or AID_MIN
    for i, colour in enumerate(layout.colours.values(), start=1):
        ry = top + i * TABLE_ROW_H
        surface.rect(x, ry, w, TABLE_ROW_H, stroke=INK, width=0.3)
        draw_swatch(surface, colour, x + 4.5, ry + TABLE_ROW_H / 2, 5.5)
        text_box(surface, x + 8.5, ry, widths[0] - 9.5, TABLE_ROW_H, f"**{colour.name}**", font="sans", size=9.0,
                 min_size=AID_MIN, valign="middle", colour=INK)
        text_box(surface, lefts[1] + 1.5, ry, widths[1] - 3.0, TABLE_ROW_H, colour.domain, font="sans", size=9.0,
                 min_size=AID_MIN, valign="middle", colour=INK, leading=1.05)
        text_box(surface, lefts[2] + 1.5, ry + 0.3, bonus_w, TABLE_ROW_H - 0.6, colour.bonus,
                 font="sans-bold", size=bonus_size, min_size=bonus_size, valign="middle", colour=INK, leading=1.05)
    for left in lefts[1:]:
        surface.line(left, top, left, top + (len(layout.colours) + 1) * TABLE_ROW_H, stroke=INK, width=0.3)
    base_y = top + (len(layout.colours) + 1) * TABLE_ROW_H + 0.5
    text_box(surface, x, base_y, w, 6.5, table["base"], font="sans-italic", size=9.0, min_size=AID_MIN,
             valign="middle", colour=INK)
