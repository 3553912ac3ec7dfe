"""A generic card face and card back, for games that do not need a look of their own.

The front: the type colour runs under the bleed as a frame, a white panel holds a title
band (type colour + its symbol, so colour is never the only cue), a body text box that
fits its text, and a footer. The back: the type colour with a pattern, and a white
medallion with a title, centred so a duplex shift of a few mm does not spoil it.

    piece = Piece("cards[3] « Le chien »",
                  front=card_front_draw(title="Le chien", body="Piochez **deux** cartes.",
                                        colour="orange", footer="PHD · Événement"))

Every position is in mm inside the Frame; text stays in the safe box.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from kit.palette import GREYS, SYMBOL_FOR, lighten, readable_on_white, resolve, text_on
from kit.parts.symbols import draw_pattern, draw_symbol
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.model import Draw, Frame
    from kit.surface.base import Surface


@dataclass(frozen=True)
class CardStyle:
    """What a game may tune in the generic card without writing its own."""

    title_font: str = "sans-bold"
    body_font: str = "sans"
    footer_font: str = "sans-italic"
    title_size: float = 10.5
    body_size: float = 9.0
    footer_size: float = 6.5
    min_size: float = 6.0
    border: float = 2.2          # mm of type colour visible inside the trim
    radius: float = 2.0          # mm, corners of the white panel
    band_height: float = 9.0     # mm, the title band
    body_align: str = "left"
    body_valign: str = "top"
    ink: str = GREYS["ink"]


DEFAULT_STYLE = CardStyle()


def _symbol_for(colour: str, symbol: str | None) -> str | None:
    if symbol is not None:
        return symbol or None  # "" means: no symbol on purpose
    for name, value in SYMBOL_FOR.items():
        if resolve(name) == resolve(colour):
            return value
    return None


def card_front(surface: "Surface", frame: "Frame", *, title: str, body: str = "", colour: str = "orange",
               symbol: str | None = None, corner: str = "", footer: str = "", kind: str = "",
               style: CardStyle = DEFAULT_STYLE) -> None:
    """Draw a card face: colour frame, title band with symbol, body text, footer.

    corner: a short value printed in a disc at the right of the title band (a cost, a
    number of points); kind: a small label above the footer (« Événement »); symbol:
    a name from kit.palette.SYMBOLS, by default the one paired with the colour.
    """
    colour = resolve(colour)
    w, h, b = frame.width, frame.height, frame.bleed
    symbol = _symbol_for(colour, symbol)
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)
    inset = style.border
    panel_w, panel_h = w - 2 * inset, h - 2 * inset
    surface.rect(inset, inset, panel_w, panel_h, fill="#FFFFFF", radius=style.radius)

    # Title band, inside the safe box horizontally so the title never meets the cut.
    safe = frame.safe
    band_x, band_y = safe, safe + 0.6
    band_w, band_h = w - 2 * safe, style.band_height
    surface.rect(band_x, band_y, band_w, band_h, fill=colour, radius=min(style.radius, band_h / 3))
    left = band_x + 1.5
    if symbol:
        disc = band_h - 2.0
        cx, cy = band_x + 1.0 + disc / 2, band_y + band_h / 2
        surface.circle(cx, cy, disc / 2, fill="#FFFFFF")
        draw_symbol(surface, symbol, cx, cy, disc * 0.66, fill=colour, stroke=style.ink, width=0.2)
        left = band_x + 2.0 + disc
    right = band_x + band_w - 1.5
    if corner:
        disc = band_h - 1.6
        cx, cy = band_x + band_w - 0.8 - disc / 2, band_y + band_h / 2
        surface.circle(cx, cy, disc / 2, fill="#FFFFFF", stroke=style.ink, width=0.25)
        text_box(surface, cx - disc / 2 + 0.4, cy - disc / 2 + 0.6, disc - 0.8, disc - 1.2, corner,
                 font=style.title_font, size=style.title_size, min_size=style.min_size, colour=style.ink,
                 align="centre", valign="middle")
        right = cx - disc / 2 - 1.0
    text_box(surface, left, band_y + 0.8, right - left, band_h - 1.6, title, font=style.title_font,
             size=style.title_size, min_size=style.min_size, colour=text_on(colour), valign="middle")

    # Footer and kind label at the bottom of the safe box; the body takes what is left.
    bottom = h - safe
    if footer:
        fh = style.footer_size * 0.3528 * 1.35
        text_box(surface, safe + 1.0, bottom - fh, w - 2 * safe - 2.0, fh, footer, font=style.footer_font,
                 size=style.footer_size, min_size=min(style.min_size, style.footer_size), colour=GREYS["dark"],
                 align="centre", valign="bottom")
        bottom -= fh + 0.8
        surface.line(safe + 6.0, bottom, w - safe - 6.0, bottom, stroke=lighten(colour, 0.3), width=0.3)
        bottom -= 1.0
    if kind:
        kh = style.footer_size * 0.3528 * 1.35
        text_box(surface, safe + 1.0, bottom - kh, w - 2 * safe - 2.0, kh, kind.upper(), font="sans-condensed",
                 size=style.footer_size, min_size=min(style.min_size, style.footer_size), colour=readable_on_white(colour),
                 align="centre", valign="bottom")
        bottom -= kh + 1.0
    top = band_y + band_h + 2.5
    if body:
        text_box(surface, safe + 1.0, top, w - 2 * safe - 2.0, bottom - top, body, font=style.body_font,
                 size=style.body_size, min_size=style.min_size, colour=style.ink, align=style.body_align,
                 valign=style.body_valign)


def card_back(surface: "Surface", frame: "Frame", *, title: str, subtitle: str = "", colour: str = "orange",
              symbol: str | None = None, pattern: str = "stripes", title_font: str = "sans-bold",
              style: CardStyle = DEFAULT_STYLE) -> None:
    """Draw a card back: the colour with a pattern under the bleed, and a central medallion
    with the title, its symbol and an optional subtitle (the deck's name)."""
    colour = resolve(colour)
    w, h, b = frame.width, frame.height, frame.bleed
    symbol = _symbol_for(colour, symbol)
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)
    draw_pattern(surface, pattern, -b, -b, w + 2 * b, h + 2 * b, colour=lighten(colour, 0.45),
                 spacing=max(2.5, min(w, h) / 18), width=0.6)
    # The medallion stays well inside the safe box: a duplex shift moves the back by a few
    # mm, and a centred design hides it best.
    mw = w - 2 * frame.safe - 6.0
    mh = min(h * 0.42, mw * 1.1)
    mx, my = (w - mw) / 2, (h - mh) / 2
    surface.rect(mx, my, mw, mh, fill="#FFFFFF", stroke=style.ink, width=0.35, radius=mw / 8)
    inner_top = my + 2.0
    if symbol:
        size = min(mw, mh) * 0.28
        draw_symbol(surface, symbol, w / 2, inner_top + size / 2 + 0.5, size, fill=colour, stroke=style.ink,
                    width=0.25)
        inner_top += size + 2.0
    text_h = my + mh - 2.0 - inner_top
    if subtitle:
        sub_h = min(text_h * 0.35, 6.0)
        text_box(surface, mx + 2.0, my + mh - 2.0 - sub_h, mw - 4.0, sub_h, subtitle, font="sans",
                 size=7.5, min_size=style.min_size, colour=GREYS["dark"], align="centre", valign="middle")
        text_h -= sub_h
    text_box(surface, mx + 2.0, inner_top, mw - 4.0, text_h, title, font=title_font, size=14.0,
             min_size=style.min_size, colour=style.ink, align="centre", valign="middle")


def card_front_draw(**kwargs) -> "Draw":
    """card_front with its arguments bound: a Draw for Piece.front."""
    return partial(card_front, **kwargs)


def card_back_draw(**kwargs) -> "Draw":
    """card_back with its arguments bound: a Draw for Piece.back or Component.back."""
    return partial(card_back, **kwargs)
