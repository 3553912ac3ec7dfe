"""Promotion's pieces: the cards, the PI tokens and the player aid.

Every size is in mm inside the Frame; a piece never knows where it sits on the page.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit import palette
from kit.errors import TextDoesNotFit
from kit.i18n import P_
from kit.palette import GREYS, darken, lighten, luminance, resolve, text_on
from kit.parts.icons import draw_icon
from kit.parts.symbols import draw_symbol
from kit.parts.text import Section, largest_fitting_size, measured_once, text_box
from kit.parts.text import text_height as flowed_height

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface


# ------------------------------------------------------------------------------------------
# A Promotion card face: the office memo look, with the card type told three ways.

# A Promotion card must say, at a glance across the table, what kind of move it is: the type
# colour frames the card and fills the title band, the type's symbol sits in a white disc at
# the left of the band, and the type's name is printed under it. Greyscale prints and
# colour-blind players keep the symbol and the name.

# Top to bottom inside the safe box:
#     title band    colour, symbol, card title
#     type row      symbol + TYPE (no copy count: « ×8 » beside a type read as an effect)
#     when box      a tinted box, italic: when the card is played
#     body          the effect, fitted; Trahisons start with « Répond à : » ("Answers:")
#     flavour       a line of office satire, italic grey, under a thin rule

# Every size is in mm inside the Frame; a face never knows where it sits on the page.

INK = GREYS["ink"]

# The sizes each piece draws legibly at, (width, height) in mm from the smallest to the
# largest: below, the default texts no longer fit at a readable size; above, the piece no
# longer fits the paper. The layout's schema refuses any other size, naming the file, the
# entry and the field; tests/kit/test_sizes.py builds each piece at both ends and between.
SIZES = {
    "cards": ((56.0, 80.0), (90.0, 130.0)),
    "pi-tokens": ((20.0, 20.0), (40.0, 40.0)),
    "aid": ((95.0, 130.0), (201.9, 265.4)),   # the largest fits Letter only: A4 refuses it by name
}

BORDER = 2.2        # mm of type colour left visible inside the trim
BAND_H = 9.5        # mm, the title band
TITLE_SIZE = 10.5   # pt, shrinks down to TITLE_MIN for long titles
TITLE_MIN = 7.0
TYPE_SIZE = 7.0
WHEN_SIZE = 7.0
BODY_SIZE = 10.0
BODY_MIN = 7.0
FLAVOUR_SIZE = 7.0
FLAVOUR_MIN = 7.0
LEADING = 1.18
PICTURE_MIN = 10.0  # mm: the picture is printed above the effect when the text leaves this much...
PICTURE_MAX = 22.0  # ...and never larger than this
PICTURE_GAP = 2.0   # mm between the picture and the effect


@dataclass(frozen=True)
class CardFace:
    """Everything printed on one design's front, already worded and spaced."""

    title: str
    type_name: str       # « Attaque »
    colour: str          # the type colour, a palette name or #RRGGBB
    symbol: str          # the type symbol, a kit.palette.SYMBOLS name
    when: str            # when it is played
    body: str            # the effect; **bold** allowed
    flavour: str = ""
    picture: str | None = None   # a kit.parts.icons name: the card's own, else its type's
    emblem: str | None = None    # the type's icon, at the end of the type row


def readable_on_white(colour: str) -> str:
    """The colour itself when it reads as text on white, else a darker shade (yellow, sky)."""
    return palette.readable_on_white(colour, darker=0.5)


def tint(colour: str, target: float, least: float = 0.6) -> str:
    """The colour mixed with white until its luminance reaches target: the same lightness for
    every type, so a black Poste gets as pale a box as a yellow Annonce; and at least `least`
    of white in any case, so a colour already light (the yellow of the Annonces) is still a
    pale tint behind text, never its full strength."""
    amount = least
    while amount < 1.0 and luminance(lighten(colour, amount)) < target:
        amount += 0.02
    return lighten(colour, min(amount, 1.0))


def text_height(surface: Surface, w: float, text: str, *, font: str, size: float,
                leading: float = LEADING) -> float:
    """Height in mm that text needs in a box w mm wide at exactly this size (no shrinking)."""
    try:
        return flowed_height(surface, w, text, font=font, size=size, leading=leading)
    except TextDoesNotFit:  # a single word wider than the box: let text_box raise its clear error
        return 10_000.0


def promotion_front(surface: Surface, frame: Frame, face: CardFace) -> None:
    """Draw one Promotion card front in frame."""
    colour = resolve(face.colour)
    w, h, b, safe = frame.width, frame.height, frame.bleed, frame.safe
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)
    surface.rect(BORDER, BORDER, w - 2 * BORDER, h - 2 * BORDER, fill="#FFFFFF", radius=2.0)

    # Title band with the symbol in a white disc: the disc keeps the symbol visible on any
    # band colour, and a dark outline keeps a yellow star visible on white.
    band_x, band_y, band_w = safe, safe + 0.6, w - 2 * safe
    surface.rect(band_x, band_y, band_w, BAND_H, fill=colour, radius=BAND_H / 3)
    disc = BAND_H - 1.8
    cx, cy = band_x + 0.9 + disc / 2, band_y + BAND_H / 2
    surface.circle(cx, cy, disc / 2, fill="#FFFFFF")
    draw_symbol(surface, face.symbol, cx, cy, disc * 0.64, fill=colour, stroke=INK, width=0.25)
    left = band_x + 2.2 + disc
    text_box(surface, left, band_y + 0.7, band_x + band_w - 1.5 - left, BAND_H - 1.4, face.title,
             font="sans-bold", size=TITLE_SIZE, min_size=TITLE_MIN, colour=text_on(colour), valign="middle")

    # Type row: the name of the type, doubled by a small symbol.
    inner_x, inner_w = safe + 0.8, w - 2 * safe - 1.6
    row_y = band_y + BAND_H + 1.0
    row_h = 3.6
    draw_symbol(surface, face.symbol, inner_x + 1.4, row_y + row_h / 2, 2.6, fill=colour, stroke=INK, width=0.2)
    type_colour = readable_on_white(colour)
    text_box(surface, inner_x + 3.6, row_y, inner_w * 0.7, row_h, face.type_name.upper(), font="sans-condensed",
             size=TYPE_SIZE, min_size=TYPE_SIZE, colour=type_colour, valign="middle")
    if face.emblem:
        draw_icon(surface, face.emblem, inner_x + inner_w - row_h / 2, row_y + row_h / 2, row_h + 0.4,
                  fill=type_colour)

    # When box: tinted with the type colour, so the type shows a fourth time.
    when_y = row_y + row_h + 1.0
    pad = 1.2
    # Measured at the width it is drawn at, so the lines counted are the lines printed.
    when_h = min(text_height(surface, inner_w - 2 * pad - 0.4, face.when, font="sans-italic", size=WHEN_SIZE),
                 9.0) + 2 * pad - 0.4
    surface.rect(inner_x, when_y, inner_w, when_h, fill=tint(colour, 0.86), radius=1.2)
    surface.rect(inner_x, when_y, 0.9, when_h, fill=colour)
    text_box(surface, inner_x + pad + 0.4, when_y + pad - 0.2, inner_w - 2 * pad - 0.4, when_h - 2 * pad + 0.4,
             face.when, font="sans-italic", size=WHEN_SIZE, min_size=WHEN_SIZE, colour=INK, valign="middle",
             leading=LEADING)

    # Flavour at the bottom, sized to its text; the body takes the room in between.
    bottom = h - safe
    body_top = when_y + when_h + 2.2
    if face.flavour:
        fh = min(text_height(surface, inner_w - 2.0, face.flavour, font="sans-italic", size=FLAVOUR_SIZE), 10.0)
        fy = bottom - fh
        text_box(surface, inner_x + 1.0, fy, inner_w - 2.0, fh + 0.01, face.flavour, font="sans-italic",
                 size=FLAVOUR_SIZE, min_size=FLAVOUR_MIN, colour=GREYS["dark"], align="centre", valign="bottom",
                 leading=LEADING)
        rule_y = fy - 1.6
        surface.line(w / 2 - 9.0, rule_y, w / 2 + 9.0, rule_y, stroke=lighten(colour, 0.3), width=0.35)
        bottom = rule_y - 1.6
    # The card's picture above the effect, in the room the effect leaves, never behind its
    # words (a pale stamp there read as a printing fault); the two centred together.
    room = bottom - body_top - text_height(surface, inner_w, face.body, font="sans", size=BODY_SIZE)
    if face.picture and room >= PICTURE_MIN + PICTURE_GAP:
        picture = min(PICTURE_MAX, room - PICTURE_GAP - 2.0)
        top = body_top + (room - picture - PICTURE_GAP) / 2
        draw_icon(surface, face.picture, w / 2, top + picture / 2, picture, fill=lighten(type_colour, 0.2))
        body_top = top + picture + PICTURE_GAP
        valign = "top"
    else:
        valign = "middle"
    text_box(surface, inner_x, body_top, inner_w, bottom - body_top, face.body, font="sans", size=BODY_SIZE,
             min_size=BODY_MIN, colour=INK, align="centre", valign=valign, leading=LEADING)


# ------------------------------------------------------------------------------------------
# A square Promotion PI token: the value, and as many marks as the value round it.

# The value is printed large in a white disc on a square of the value's colour, whose
# rim carries `value` small symbols (one circle for 1 PI, five stars for 5 PI), so a token
# reads by its number, by its marks and by its colour, in greyscale too. Tokens are cut
# along shared lines (kit.model.Component.shared_cuts): a white edge TOKEN_EDGE wide runs
# round each square, so a cut a little off the line shows white on both tokens. Single-
# sided: a token never needs turning over.
TOKEN_EDGE = 1.2    # mm of white inside the cut

MAX_MARKS = 12  # beyond this many marks the rim gets crowded; bigger values print their number only


def token(surface: Surface, frame: Frame, *, value: int, label: str, colour: str, symbol: str) -> None:
    """Draw one PI token in frame."""
    colour = resolve(colour)
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill="#FFFFFF")
    surface.rect(TOKEN_EDGE, TOKEN_EDGE, w - 2 * TOKEN_EDGE, h - 2 * TOKEN_EDGE, fill=colour, stroke=INK,
                 width=0.3, radius=2.0)
    cx, cy, r = w / 2, h / 2, min(w, h) / 2 - TOKEN_EDGE
    inner = r * 0.72
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
    text_box(surface, cx - inner * 0.7, cy + inner * 0.24, inner * 1.4, inner * 0.56, label, font="sans-bold",
             size=7.0, min_size=7, colour=INK, align="centre", valign="top", leading=1.0)


# ------------------------------------------------------------------------------------------
# One face of the Promotion player aid: a header, headed sections, and optionally the
# player-count table and the list of card types.

# Both faces of an aid use one body size: the largest (from AID_BODY_MAX down to AID_BODY_MIN) at
# which every section, the table and the type list of each face fit its safe box, so the
# two faces look alike and nothing overflows. Too much text raises
# kit.errors.TextDoesNotFit, as a text box would.

HEADER_H = 13.0      # mm, the title band under the top edge
AID_BODY_MAX = 8.5       # pt
AID_BODY_MIN = 7.0
AID_LEADING = 1.2
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


def _heading_text_h(surface: Surface, size: float) -> float:
    ascent, descent = surface.ascent_descent(font="sans-bold", size=size + 1.0)
    return ascent + descent


def _heading_h(surface: Surface, size: float) -> float:
    return _heading_text_h(surface, size) + HEADING_GAP


def _row_h(size: float) -> float:
    return size * 0.3528 * 1.65


def _blocks(face: AidFace) -> list[tuple[str, Any]]:
    """The face's blocks in print order: ("section", Section), ("table", None), ("types", None)."""
    blocks: list[tuple[str, Any]] = [("section", s) for s in face.sections]
    if face.table_rows:
        blocks.insert(min(face.table_after, len(blocks)), ("table", None))
    if face.types:
        blocks.append(("types", None))
    return blocks


def _type_line(t: AidType) -> str:
    return P_("{label}:").format(label=f"**{t.name}**") + " " + t.summary


def _paragraphs(surface: Surface, body: str, w: float, size: float) -> list[tuple[str, float]]:
    """The body's paragraphs with the height each needs at this size."""
    return [(p, text_height(surface, w, p, font="sans", size=size, leading=AID_LEADING))
            for p in body.split("\n") if p.strip()]


def _body_height(surface: Surface, body: str, w: float, size: float) -> float:
    paragraphs = _paragraphs(surface, body, w, size)
    return math.fsum(h for _, h in paragraphs) + PARA_GAP * (len(paragraphs) - 1)


def _block_height(surface: Surface, face: AidFace, kind: str, block: Any, w: float, size: float) -> float:
    if kind == "section":
        return _heading_h(surface, size) + _body_height(surface, block.body, w, size)
    if kind == "table":
        return _heading_h(surface, size) + _row_h(size) * (len(face.table_rows) + 1.4)
    return _heading_h(surface, size) + math.fsum(
        max(text_height(surface, w - SYMBOL_W - 1.0, _type_line(t), font="sans", size=size, leading=AID_LEADING),
            SYMBOL_W) + 1.0 for t in face.types)


@measured_once
def _fit(surface: Surface, faces: tuple[AidFace, ...], w: float, h: float) -> float:
    """The largest body size at which every one of faces fits a w x h mm area (measured once
    per set of faces and area, however many copies are printed)."""
    size = largest_fitting_size(lambda size: all(_total_height(surface, face, w, size) <= h for face in faces),
                                AID_BODY_MAX, AID_BODY_MIN)
    if size is not None:
        return size
    face = max(faces, key=lambda f: _total_height(surface, f, w, AID_BODY_MIN))
    first = face.sections[0].heading if face.sections else face.title
    raise TextDoesNotFit(f"the aid face that begins with « {first} » holds too much text for its "
                         f"{w:.1f} x {h:.1f} mm area even at {AID_BODY_MIN:g} pt; shorten a section or enlarge the aid")


def _total_height(surface: Surface, face: AidFace, w: float, size: float) -> float:
    blocks = _blocks(face)
    return math.fsum(_block_height(surface, face, k, b, w, size) for k, b in blocks) + SECTION_GAP * (len(blocks) - 1)


def _heading(surface: Surface, x: float, y: float, w: float, text: str, size: float, accent: str) -> float:
    """Draw a section heading with a rule under it; returns the y where the body starts."""
    hh = _heading_text_h(surface, size)
    text_box(surface, x, y, w, hh, text, font="sans-bold", size=size + 1.0, min_size=size + 1.0,
             colour=readable_on_white(accent), valign="bottom", leading=1.0)
    surface.line(x, y + hh + 0.35, x + w, y + hh + 0.35, stroke=lighten(accent, 0.35), width=0.3)
    return y + _heading_h(surface, size)


def _table(surface: Surface, face: AidFace, x: float, y: float, w: float, size: float) -> None:
    row = _row_h(size)
    cols = (w * 0.28, w * 0.36, w * 0.36)
    head_h = row * 1.4
    tint = lighten(face.accent, 0.78)
    surface.rect(x, y, w, head_h, fill=tint)
    cx = x
    for label, cw in zip(face.table_labels, cols):
        text_box(surface, cx + 0.6, y, cw - 1.2, head_h, label, font="sans-bold", size=size, min_size=AID_BODY_MIN,
                 colour=INK, align="centre", valign="middle", leading=1.05)
        cx += cw
    for i, (players, hand, target) in enumerate(face.table_rows):
        ry = y + head_h + i * row
        if i % 2:
            surface.rect(x, ry, w, row, fill=GREYS["pale"])
        cx = x
        for text, cw, font in ((players, cols[0], "sans-bold"), (str(hand), cols[1], "sans"),
                               (str(target), cols[2], "sans-bold")):
            text_box(surface, cx, ry, cw, row, text, font=font, size=size + 0.5, min_size=AID_BODY_MIN, colour=INK,
                     align="centre", valign="middle", leading=1.0)
            cx += cw
    bottom = y + head_h + len(face.table_rows) * row
    surface.rect(x, y, w, bottom - y, stroke=darken(face.accent, 0.1), width=0.35)
    surface.line(x + cols[0], y, x + cols[0], bottom, stroke=GREYS["light"], width=0.25)
    surface.line(x + cols[0] + cols[1], y, x + cols[0] + cols[1], bottom, stroke=GREYS["light"], width=0.25)


def aid_face(surface: Surface, frame: Frame, face: AidFace, partner: AidFace | None = None) -> None:
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
                         colour=INK, leading=AID_LEADING)
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
                th = text_height(surface, cw - SYMBOL_W - 1.0, line, font="sans", size=size, leading=AID_LEADING)
                rh = max(th, SYMBOL_W)
                colour = resolve(t.colour)
                draw_symbol(surface, t.symbol, x + SYMBOL_W / 2, y + min(rh, SYMBOL_W * 1.4) / 2 + 0.1, SYMBOL_W * 0.9,
                            fill=colour, stroke=INK, width=0.25)
                text_box(surface, x + SYMBOL_W + 1.0, y, cw - SYMBOL_W - 1.0, rh + 0.01, line, font="sans", size=size,
                         min_size=size, colour=INK, valign="middle" if th < SYMBOL_W else "top", leading=AID_LEADING)
                y += rh + 1.0
            y -= 1.0
        y += SECTION_GAP
