"""A Promotion card face: the office memo look, with the card type told three ways.

A Promotion card must say, at a glance across the table, what kind of move it is: the type
colour frames the card and fills the title band, the type's symbol sits in a white disc at
the left of the band, and the type's name is printed under it. Greyscale prints and
colour-blind players keep the symbol and the name.

Top to bottom inside the safe box:
    title band    colour, symbol, card title
    type row      symbol + TYPE on the left, ×copies on the right (players may count)
    when box      a tinted box, italic: when the card is played
    body          the effect, fitted; Trahisons start with « Répond à : »
    flavour       a line of office satire, italic grey, under a thin rule

Every size is in mm inside the Frame; a face never knows where it sits on the page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.errors import TextDoesNotFit
from kit import palette
from kit.palette import GREYS, lighten, luminance, resolve, text_on
from kit.parts.symbols import draw_symbol
from kit.parts.text import text_box, text_height as flowed_height

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

INK = GREYS["ink"]

BORDER = 2.2        # mm of type colour left visible inside the trim
BAND_H = 9.5        # mm, the title band
TITLE_SIZE = 10.5   # pt, shrinks down to TITLE_MIN for long titles
TITLE_MIN = 7.0
TYPE_SIZE = 7.0
WHEN_SIZE = 7.0
BODY_SIZE = 10.0
BODY_MIN = 6.5
FLAVOUR_SIZE = 7.0
FLAVOUR_MIN = 6.0
LEADING = 1.18


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
    copies: int = 0      # printed as ×N when > 0


def readable_on_white(colour: str) -> str:
    """The colour itself when it reads as text on white, else a darker shade (yellow, sky)."""
    return palette.readable_on_white(colour, darker=0.5)


def tint(colour: str, target: float) -> str:
    """The colour mixed with white until its luminance reaches target: the same lightness for
    every type, so a black Poste gets as pale a box as a yellow Annonce."""
    amount = 0.0
    while amount < 1.0 and luminance(lighten(colour, amount)) < target:
        amount += 0.02
    return lighten(colour, min(amount, 1.0))


def text_height(surface: "Surface", w: float, text: str, *, font: str, size: float,
                leading: float = LEADING) -> float:
    """Height in mm that text needs in a box w mm wide at exactly this size (no shrinking)."""
    try:
        return flowed_height(surface, w, text, font=font, size=size, leading=leading)
    except TextDoesNotFit:  # a single word wider than the box: let text_box raise its clear error
        return 10_000.0


def promotion_front(surface: "Surface", frame: "Frame", face: CardFace) -> None:
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

    # Type row: the name of the type, doubled by a small symbol, and the copies in the deck.
    inner_x, inner_w = safe + 0.8, w - 2 * safe - 1.6
    row_y = band_y + BAND_H + 1.0
    row_h = 3.6
    draw_symbol(surface, face.symbol, inner_x + 1.4, row_y + row_h / 2, 2.6, fill=colour, stroke=INK, width=0.2)
    type_colour = readable_on_white(colour)
    text_box(surface, inner_x + 3.6, row_y, inner_w * 0.7, row_h, face.type_name.upper(), font="sans-condensed",
             size=TYPE_SIZE, min_size=6.0, colour=type_colour, valign="middle")
    if face.copies:
        text_box(surface, inner_x + inner_w * 0.6, row_y, inner_w * 0.4, row_h, f"×{face.copies}",
                 font="sans-condensed", size=TYPE_SIZE, min_size=6.0, colour=GREYS["dark"], align="right",
                 valign="middle")

    # When box: tinted with the type colour, so the type shows a fourth time.
    when_y = row_y + row_h + 1.0
    pad = 1.2
    when_h = min(text_height(surface, inner_w - 2 * pad, face.when, font="sans-italic", size=WHEN_SIZE),
                 9.0) + 2 * pad - 0.4
    surface.rect(inner_x, when_y, inner_w, when_h, fill=tint(colour, 0.86), radius=1.2)
    surface.rect(inner_x, when_y, 0.9, when_h, fill=colour)
    text_box(surface, inner_x + pad + 0.4, when_y + pad - 0.2, inner_w - 2 * pad - 0.4, when_h - 2 * pad + 0.4,
             face.when, font="sans-italic", size=WHEN_SIZE, min_size=6.0, colour=INK, valign="middle",
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
    # A pale watermark of the type symbol behind the effect: the type, once more, for the eye
    # that skims a hand of cards. Drawn as a thick outline, like a rubber stamp: a filled
    # pale square (the Poste) read as an empty picture box.
    mark = min(inner_w, bottom - body_top) * 0.72
    draw_symbol(surface, face.symbol, w / 2, (body_top + bottom) / 2, mark, fill=None,
                stroke=tint(colour, 0.88), width=2.2)
    text_box(surface, inner_x, body_top, inner_w, bottom - body_top, face.body, font="sans", size=BODY_SIZE,
             min_size=BODY_MIN, colour=INK, align="centre", valign="middle", leading=LEADING)

