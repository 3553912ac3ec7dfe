"""Colour parsing shared by the backends: the one place a colour becomes numbers.

Both backends call `rgb` for every fill and stroke, so greyscale printing is a single
rule applied everywhere: a colour becomes the grey of the same luminance. The weights
are Rec. 709's (the sRGB primaries), applied to the encoded values: what a designer
sees as "lighter" stays lighter, so the palette's greys stay as distinct as its
luminances are.
"""
from __future__ import annotations

from functools import cache

REC709 = (0.2126, 0.7152, 0.0722)


@cache
def rgb(colour: str, greyscale: bool = False) -> tuple[float, float, float]:
    """'#RRGGBB' (or '#RGB') -> (r, g, b) in 0..1, turned grey when greyscale is set.

    Components are rounded to 1/255 so that a grey comes out exactly r == g == b in
    every file format, whatever the float formatting of the backend.
    """
    text = colour.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if len(text) != 6:
        raise ValueError(f"colour {colour!r} is not of the form #RRGGBB")
    try:
        r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"colour {colour!r} is not of the form #RRGGBB") from None
    if greyscale:
        y = round(REC709[0] * r + REC709[1] * g + REC709[2] * b)
        r = g = b = y
    return (r / 255, g / 255, b / 255)


@cache
def hex_colour(colour: str, greyscale: bool = False) -> str:
    """The same colour as `rgb`, written back as '#rrggbb' (for SVG)."""
    r, g, b = (round(c * 255) for c in rgb(colour, greyscale))
    return f"#{r:02x}{g:02x}{b:02x}"
