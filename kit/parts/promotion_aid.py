"""One face of the Promotion player aid: a header, headed sections, and optionally the
player-count table and the list of card types.

Both faces of an aid use one body size: the largest (from BODY_MAX down to BODY_MIN) at
which every section, the table and the type list of each face fit its safe box, so the
two faces look alike and nothing overflows. Too much text raises
kit.errors.TextDoesNotFit, as a text box would.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kit.errors import TextDoesNotFit
from kit.palette import GREYS, darken, lighten, resolve, text_on
from kit.parts.promotion_card import readable_on_white, text_height
from kit.parts.symbols import draw_symbol
from kit.parts.text import Section, largest_fitting_size, measured_once, text_box

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

INK = GREYS["ink"]
HEADER_H = 13.0      # mm, the title band under the top edge
BODY_MAX = 8.5       # pt
BODY_MIN = 6.5
LEADING = 1.2
SECTION_GAP = 2.4    # mm between sections
PARA_GAP = 0.8       # mm between the paragraphs of a section
HEADING_GAP = 0.9    # mm between a heading's rule and its body
SYMBOL_W = 4.2       # mm, the symbol column of the type list


@dataclass(frozen=True)
class AidType:
    name: str
    colour: str
    symbol: str
    summary: str


@dataclass(frozen=True)
class AidFace:
    """What one face shows. The table comes after `table_after` sections when it has rows;
    the type list comes last when it has types."""

    title: str
    subtitle: str = ""
    sections: tuple[Section, ...] = ()
    table_heading: str = ""
    table_labels: tuple[str, str, str] = ("", "", "")
    table_rows: tuple[tuple[str, int, int], ...] = ()
    table_after: int = 1
    types_heading: str = ""
    types: tuple[AidType, ...] = field(default_factory=tuple)
    accent: str = "blue"


def _heading_text_h(surface: "Surface", size: float) -> float:
    ascent, descent = surface.ascent_descent(font="sans-bold", size=size + 1.0)
    return ascent + descent


def _heading_h(surface: "Surface", size: float) -> float:
    return _heading_text_h(surface, size) + HEADING_GAP


def _row_h(size: float) -> float:
    return size * 0.3528 * 1.9


def _blocks(face: AidFace) -> list[tuple[str, object]]:
    """The face's blocks in print order: ("section", Section), ("table", None), ("types", None)."""
    blocks: list[tuple[str, object]] = [("section", s) for s in face.sections]
    if face.table_rows:
        blocks.insert(min(face.table_after, len(blocks)), ("table", None))
    if face.types:
        blocks.append(("types", None))
    return blocks


def _type_line(t: AidType) -> str:
    return f"**{t.name}** : {t.summary}".replace(" :", "\u00a0:")


def _paragraphs(surface: "Surface", body: str, w: float, size: float) -> list[tuple[str, float]]:
    """The body's paragraphs with the height each needs at this size."""
    return [(p, text_height(surface, w, p, font="sans", size=size, leading=LEADING))
            for p in body.split("\n") if p.strip()]


def _body_height(surface: "Surface", body: str, w: float, size: float) -> float:
    paragraphs = _paragraphs(surface, body, w, size)
    return sum(h for _, h in paragraphs) + PARA_GAP * (len(paragraphs) - 1)


def _block_height(surface: "Surface", face: AidFace, kind: str, block: object, w: float, size: float) -> float:
    if kind == "section":
        return _heading_h(surface, size) + _body_height(surface, block.body, w, size)
    if kind == "table":
        return _heading_h(surface, size) + _row_h(size) * (len(face.table_rows) + 1.4)
    return _heading_h(surface, size) + sum(
        max(text_height(surface, w - SYMBOL_W - 1.0, _type_line(t), font="sans", size=size, leading=LEADING),
            SYMBOL_W) + 1.0 for t in face.types)


@measured_once
def _fit(surface: "Surface", faces: tuple[AidFace, ...], w: float, h: float) -> float:
    """The largest body size at which every one of faces fits a w x h mm area (measured once
    per set of faces and area, however many copies are printed)."""
    size = largest_fitting_size(lambda size: all(_total_height(surface, face, w, size) <= h for face in faces),
                                BODY_MAX, BODY_MIN)
    if size is not None:
        return size
    face = max(faces, key=lambda f: _total_height(surface, f, w, BODY_MIN))
    first = face.sections[0].heading if face.sections else face.title
    raise TextDoesNotFit(f"the aid face that begins with « {first} » holds too much text for its "
                         f"{w:.1f} x {h:.1f} mm area even at {BODY_MIN:g} pt; shorten a section or enlarge the aid")


def _total_height(surface: "Surface", face: AidFace, w: float, size: float) -> float:
    blocks = _blocks(face)
    return sum(_block_height(surface, face, k, b, w, size) for k, b in blocks) + SECTION_GAP * (len(blocks) - 1)


def _heading(surface: "Surface", x: float, y: float, w: float, text: str, size: float, accent: str) -> float:
    """Draw a section heading with a rule under it; returns the y where the body starts."""
    hh = _heading_text_h(surface, size)
    text_box(surface, x, y, w, hh, text, font="sans-bold", size=size + 1.0, min_size=size + 1.0,
             colour=readable_on_white(accent), valign="bottom", leading=1.0)
    surface.line(x, y + hh + 0.35, x + w, y + hh + 0.35, stroke=lighten(accent, 0.35), width=0.3)
    return y + _heading_h(surface, size)


def _table(surface: "Surface", face: AidFace, x: float, y: float, w: float, size: float) -> None:
    row = _row_h(size)
    cols = (w * 0.28, w * 0.36, w * 0.36)
    head_h = row * 1.4
    tint = lighten(face.accent, 0.78)
    surface.rect(x, y, w, head_h, fill=tint)
    cx = x
    for label, cw in zip(face.table_labels, cols):
        text_box(surface, cx + 0.6, y, cw - 1.2, head_h, label, font="sans-bold", size=size, min_size=BODY_MIN - 0.5,
                 colour=INK, align="centre", valign="middle", leading=1.05)
        cx += cw
    for i, (players, hand, target) in enumerate(face.table_rows):
        ry = y + head_h + i * row
        if i % 2:
            surface.rect(x, ry, w, row, fill=GREYS["pale"])
        cx = x
        for text, cw, font in ((players, cols[0], "sans-bold"), (str(hand), cols[1], "sans"),
                               (str(target), cols[2], "sans-bold")):
            text_box(surface, cx, ry, cw, row, text, font=font, size=size + 0.5, min_size=BODY_MIN, colour=INK,
                     align="centre", valign="middle", leading=1.0)
            cx += cw
    bottom = y + head_h + len(face.table_rows) * row
    surface.rect(x, y, w, bottom - y, stroke=darken(face.accent, 0.1), width=0.35)
    surface.line(x + cols[0], y, x + cols[0], bottom, stroke=GREYS["light"], width=0.25)
    surface.line(x + cols[0] + cols[1], y, x + cols[0] + cols[1], bottom, stroke=GREYS["light"], width=0.25)


def aid_face(surface: "Surface", frame: "Frame", face: AidFace, partner: AidFace | None = None) -> None:
    """Draw one face of the aid in frame; partner is the other face, whose text must fit at
    the same size."""
    accent = resolve(face.accent)
    w, h, b, safe = frame.width, frame.height, frame.bleed, frame.safe
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill="#FFFFFF")
    # The header runs under the top and side bleed; its text stays in the safe box.
    surface.rect(-b, -b, w + 2 * b, HEADER_H + b, fill=accent)
    ink_on_accent = text_on(accent)
    text_box(surface, safe + 1.0, safe, (w - 2 * safe) * 0.6, HEADER_H - safe - 1.0, face.title, font="sans-bold",
             size=15.0, min_size=10.0, colour=ink_on_accent, valign="middle", leading=1.0)
    if face.subtitle:
        text_box(surface, w / 2, safe, w / 2 - safe - 1.0, HEADER_H - safe - 1.0, face.subtitle, font="sans-italic",
                 size=9.0, min_size=7.0, colour=ink_on_accent, align="right", valign="middle", leading=1.0)

    x, top = safe + 1.0, HEADER_H + 2.5
    cw, ch = w - 2 * safe - 2.0, h - safe - top
    size = _fit(surface, (face, partner) if partner else (face,), cw, ch)
    y = top
    for kind, block in _blocks(face):
        if kind == "section":
            y = _heading(surface, x, y, cw, block.heading, size, accent)
            for paragraph, ph in _paragraphs(surface, block.body, cw, size):
                text_box(surface, x, y, cw, ph + 0.01, paragraph, font="sans", size=size, min_size=size,
                         colour=INK, leading=LEADING)
                y += ph + PARA_GAP
            y -= PARA_GAP
        elif kind == "table":
            y = _heading(surface, x, y, cw, face.table_heading, size, accent)
            _table(surface, face, x, y, cw, size)
            y += _row_h(size) * (len(face.table_rows) + 1.4)
        else:
            y = _heading(surface, x, y, cw, face.types_heading, size, accent)
            for t in face.types:
                line = _type_line(t)
                th = text_height(surface, cw - SYMBOL_W - 1.0, line, font="sans", size=size, leading=LEADING)
                rh = max(th, SYMBOL_W)
                colour = resolve(t.colour)
                draw_symbol(surface, t.symbol, x + SYMBOL_W / 2, y + min(rh, SYMBOL_W * 1.4) / 2 + 0.1, SYMBOL_W * 0.9,
                            fill=colour, stroke=INK, width=0.25)
                text_box(surface, x + SYMBOL_W + 1.0, y, cw - SYMBOL_W - 1.0, rh + 0.01, line, font="sans", size=size,
                         min_size=size, colour=INK, valign="middle" if th < SYMBOL_W else "top", leading=LEADING)
                y += rh + 1.0
            y -= 1.0
        y += SECTION_GAP

