"""The magistrate's aid: one page that walks the magistrate through a round.

A title band, then the sections of texts.yaml (aid.sections) flowing down two columns,
the bonus table placed right after the section marked bonus_table (POUR wins), and the
secrecy reminder at the foot. The body size is the largest, from 11 pt down to 6.5 pt, at
which everything fits the page (A4 or Letter): the same text on either paper.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kit.errors import TextDoesNotFit
from kit.palette import GREYS
from kit.parts.hoc_common import ACCENT, INK, ROMAN, ROMAN_BOLD, HocLayout, draw_swatch
from kit.parts.text import fits, largest_fitting_size, text_box, text_height

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

TITLE_H = 20.0
FOOT_H = 9.0
COL_GAP = 8.0
SECTION_TITLE_H = 7.0
SECTION_GAP = 4.0
TABLE_ROW_H = 9.0
LEADING = 1.22
PARA_GAP = 1.6    # mm between the paragraphs of a section
BODY_MAX, BODY_MIN = 11.0, 6.5  # pt, the body size of every section


def _paragraphs(surface: "Surface", w: float, text: str, size: float) -> list[tuple[str, float]] | None:
    """A section body's paragraphs with the height each takes at this size; None when a
    word is wider than w."""
    out = []
    for paragraph in (p for p in text.split("\n") if p.strip()):
        height = _para_height(surface, w, paragraph, size)
        if height is None:
            return None
        out.append((paragraph, height))
    return out


def _para_height(surface: "Surface", w: float, text: str, size: float) -> float | None:
    """Height of one paragraph at exactly this size; None when a word is wider than w."""
    try:
        return text_height(surface, w, text, font="sans", size=size, leading=LEADING)
    except TextDoesNotFit:
        return None


def _table_height(layout: HocLayout) -> float:
    return SECTION_TITLE_H + (len(layout.colours) + 1) * TABLE_ROW_H + 7.0 + SECTION_GAP


def _plan(surface: "Surface", layout: HocLayout, col_w: float, col_h: float, size: float):
    """Blocks assigned to two columns at this body size, or None when they do not fit.
    A block is (kind, section, height, its paragraphs with their heights)."""
    blocks = []
    for i, section in enumerate(layout.texts["aid"]["sections"], start=1):
        paragraphs = _paragraphs(surface, col_w, section["body"], size)
        if paragraphs is None:
            return None
        # The paragraphs one under the other, PARA_GAP apart.
        body = sum(h for _, h in paragraphs) + PARA_GAP * (len(paragraphs) - 1)
        blocks.append(("section", section, SECTION_TITLE_H + body + SECTION_GAP, paragraphs))
        if section.get("bonus_table"):
            blocks.append(("table", None, _table_height(layout), []))
    # Two columns as even as possible: the split that makes the taller column shortest.
    best = None
    for k in range(1, len(blocks)):
        heights = (sum(b[2] for b in blocks[:k]), sum(b[2] for b in blocks[k:]))
        if max(heights) <= col_h + 1e-6 and (best is None or max(heights) < best[0]):
            best = (max(heights), k)
    if best is None:
        return None
    return [blocks[:best[1]], blocks[best[1]:]]


def draw_magistrate_aid(surface: "Surface", frame: "Frame", layout: HocLayout) -> None:
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

    for c, blocks in enumerate(columns):
        x = pad + c * (col_w + COL_GAP)
        y = top
        for kind, section, height, paragraphs in blocks:
            if kind == "section":
                _section(surface, section, paragraphs, x, y, col_w, size)
            else:
                _bonus_table(surface, layout, x, y, col_w)
            y += height
    surface.line(w / 2, top, w / 2, h - FOOT_H - 2.0, stroke=GREYS["light"], width=0.3)

    surface.line(0, h - FOOT_H, w, h - FOOT_H, stroke=ACCENT, width=0.4)
    text_box(surface, 0, h - FOOT_H + 1.0, w, FOOT_H - 1.0, aid["reminder"], font="sans-italic", size=9,
             min_size=6.5, align="centre", valign="middle", colour=INK)


def _section(surface: "Surface", section: dict, paragraphs: list[tuple[str, float]], x: float, y: float, w: float,
             size: float) -> None:
    text_box(surface, x, y, w, SECTION_TITLE_H - 1.0, section["title"], font=ROMAN_BOLD, size=12, min_size=8,
             valign="middle", colour=ACCENT)
    surface.line(x, y + SECTION_TITLE_H - 0.8, x + w, y + SECTION_TITLE_H - 0.8, stroke=ACCENT, width=0.3)
    py = y + SECTION_TITLE_H + 0.5
    for paragraph, ph in paragraphs:
        text_box(surface, x, py, w, ph + 0.2, paragraph, font="sans", size=size, min_size=size, colour=INK,
                 leading=LEADING)
        py += ph + PARA_GAP


def _bonus_table(surface: "Surface", layout: HocLayout, x: float, y: float, w: float) -> None:
    table = layout.texts["aid"]["bonus_table"]
    text_box(surface, x, y, w, SECTION_TITLE_H - 1.0, table["title"], font=ROMAN_BOLD, size=12, min_size=8,
             valign="middle", colour=ACCENT)
    top = y + SECTION_TITLE_H
    widths = (w * 0.25, w * 0.33, w * 0.42)
    lefts = (x, x + widths[0], x + widths[0] + widths[1])
    surface.rect(x, top, w, TABLE_ROW_H, fill=GREYS["pale"], stroke=INK, width=0.3)
    for left, width, head in zip(lefts, widths, (table["colour"], table["domain"], table["bonus"])):
        text_box(surface, left + 1.5, top, width - 3.0, TABLE_ROW_H, head, font="sans-bold", size=8.5,
                 min_size=6.5, valign="middle", colour=INK)
    for i, colour in enumerate(layout.colours.values(), start=1):
        ry = top + i * TABLE_ROW_H
        surface.rect(x, ry, w, TABLE_ROW_H, stroke=INK, width=0.3)
        draw_swatch(surface, colour, x + 4.5, ry + TABLE_ROW_H / 2, 5.5)
        text_box(surface, x + 8.5, ry, widths[0] - 9.5, TABLE_ROW_H, f"**{colour.name}**", font="sans", size=8.5,
                 min_size=6.5, valign="middle", colour=INK)
        text_box(surface, lefts[1] + 1.5, ry, widths[1] - 3.0, TABLE_ROW_H, colour.domain, font="sans", size=8,
                 min_size=6, valign="middle", colour=INK, leading=1.05)
        # A short bonus stands out in bold; a list of choices reads better, and larger, in regular.
        font = "sans-bold" if fits(surface, widths[2] - 3.0, TABLE_ROW_H / 2, colour.bonus, font="sans-bold",
                                   size=8.5, min_size=8.5) else "sans"
        text_box(surface, lefts[2] + 1.5, ry + 0.3, widths[2] - 3.0, TABLE_ROW_H - 0.6, colour.bonus,
                 font=font, size=8.5, min_size=6, valign="middle", colour=INK, leading=1.05)
    for left in lefts[1:]:
        surface.line(left, top, left, top + (len(layout.colours) + 1) * TABLE_ROW_H, stroke=INK, width=0.3)
    base_y = top + (len(layout.colours) + 1) * TABLE_ROW_H + 0.5
    text_box(surface, x, base_y, w, 6.5, table["base"], font="sans-italic", size=8.5, min_size=6.5,
             valign="middle", colour=INK)
