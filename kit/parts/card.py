"""A generic card back, for games whose decks do not need a back of their own.

The deck's colour with a pattern under the bleed, and a white medallion with a title and
the colour's symbol (colour is never the only cue), centred so a duplex shift of a few mm
does not spoil it:

    back = partial(card_back, title="Événements", colour="orange")

Every position is in mm inside the Frame; text stays in the safe box.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kit.palette import GREYS, SYMBOL_FOR, lighten, readable_on_white, resolve
from kit.parts.icons import draw_icon
from kit.parts.symbols import draw_pattern, draw_symbol
from kit.parts.text import text_box

BACK_TINT = 0.82  # how pale the inside of a card back is (0: the colour, 1: white)

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface


INK = GREYS["ink"]
MIN_SIZE = 6.0  # pt: the title and subtitle shrink to fit, never below this


def symbol_for(colour: str, symbol: str | None = None) -> str | None:
    """The symbol printed with a colour: `symbol` when given ("" for none on purpose), else
    the one kit.palette pairs with the colour."""
    if symbol is not None:
        return symbol or None  # "" means: no symbol on purpose
    for name, value in SYMBOL_FOR.items():
        if resolve(name) == resolve(colour):
            return value
    return None


def card_back(surface: Surface, frame: Frame, *, title: str, subtitle: str = "", colour: str = "orange",
              symbol: str | None = None, pattern: str = "stripes", title_font: str = "sans-bold",
              icon: str | None = None) -> None:
    """Draw a card back: a border of the colour running into the bleed (a cut or a duplex
    drift a little off still shows the colour), a pale tint of it inside with the deck's
    pattern in the colour, and a central medallion with the title, its symbol and an
    optional subtitle (the deck's name). No large solid area: a page of backs stays under
    40 % ink, yet the decks tell apart by colour, pattern and title.

    With an icon (a kit.parts.icons name, the deck's emblem), the medallion shows it large
    in the colour, the picture that tells the deck across the table, and the symbol moves
    to a white disc in each corner (the back reads the same either way up)."""
    colour = resolve(colour)
    w, h, b = frame.width, frame.height, frame.bleed
    symbol = symbol_for(colour, symbol)
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)
    s = frame.safe
    surface.rect(s, s, w - 2 * s, h - 2 * s, fill=lighten(colour, BACK_TINT), radius=2.0)
    with surface.clipped(s, s, w - 2 * s, h - 2 * s, radius=2.0):
        draw_pattern(surface, pattern, s, s, w - 2 * s, h - 2 * s, colour=lighten(colour, 0.35),
                     spacing=max(2.5, min(w, h) / 18), width=0.45)
    # The medallion stays well inside the safe box: a duplex shift moves the back by a few
    # mm, and a centred design hides it best.
    mw = w - 2 * frame.safe - 6.0
    mh = min(h * 0.42, mw * 1.1)
    mx, my = (w - mw) / 2, (h - mh) / 2
    surface.rect(mx, my, mw, mh, fill="#FFFFFF", stroke=INK, width=0.35, radius=mw / 8)
    inner_top = my + 2.0
    if icon:
        if symbol:
            r = min(w, h) * 0.06
            for cx in (s + r + 1.5, w - s - r - 1.5):
                for cy in (s + r + 1.5, h - s - r - 1.5):
                    surface.circle(cx, cy, r, fill="#FFFFFF", stroke=INK, width=0.25)
                    draw_symbol(surface, symbol, cx, cy, r * 1.25, fill=colour, stroke=INK, width=0.2)
        size = min(mw, mh) * 0.5
        draw_icon(surface, icon, w / 2, inner_top + size / 2, size, fill=readable_on_white(colour))
        inner_top += size + 1.0
    elif symbol:
        size = min(mw, mh) * 0.28
        draw_symbol(surface, symbol, w / 2, inner_top + size / 2 + 0.5, size, fill=colour, stroke=INK,
                    width=0.25)
        inner_top += size + 2.0
    text_h = my + mh - 2.0 - inner_top
    if subtitle:
        sub_h = min(text_h * 0.35, 6.0)
        text_box(surface, mx + 2.0, my + mh - 2.0 - sub_h, mw - 4.0, sub_h, subtitle, font="sans",
                 size=7.5, min_size=MIN_SIZE, colour=GREYS["dark"], align="centre", valign="middle")
        text_h -= sub_h
    text_box(surface, mx + 2.0, inner_top, mw - 4.0, text_h, title, font=title_font, size=14.0,
             min_size=MIN_SIZE, colour=INK, align="centre", valign="middle")
