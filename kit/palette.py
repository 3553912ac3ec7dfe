"""The kit's colours: the Okabe–Ito palette, safe for the common colour-vision deficiencies.

Colour never carries meaning alone: each palette colour is paired with a vector symbol
(`SYMBOL_FOR`), drawn by kit.parts.symbols, so a card still reads in greyscale or for a
player who cannot tell orange from green. Greyscale printing itself is the surface's job.
"""
from __future__ import annotations

from functools import lru_cache

from kit.surface.colour import REC709, rgb

# Okabe & Ito (2008), "Color Universal Design". Hex values as published.
PALETTE: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
}

# Neutral greys for frames, rules and body text that must not compete with the meaning colours.
GREYS: dict[str, str] = {
    "ink": "#1A1A1A",
    "dark": "#4D4D4D",
    "mid": "#808080",
    "light": "#BFBFBF",
    "pale": "#E6E6E6",
    "paper": "#FFFFFF",
}

# Light tints of each palette colour ("orange-light"...): backgrounds that leave black
# text readable. Filled at the bottom of the module, once lighten() exists.
TINTS: dict[str, str] = {}

# The vector symbols kit.parts.symbols can draw.
SYMBOLS: tuple[str, ...] = (
    "circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "heart", "plus",
    "pentagon", "triangle-down", "ring", "drop", "crescent", "bolt", "octagon", "flag", "hourglass", "arrow", "minus",
)

# The default pairing of a meaning colour with its redundant symbol.
SYMBOL_FOR: dict[str, str] = {
    "black": "square",
    "orange": "circle",
    "sky": "triangle",
    "green": "diamond",
    "yellow": "star",
    "blue": "hexagon",
    "vermillion": "heart",
    "purple": "cross",
}


# Parts mix the same few colours thousands of times per kit: each mix is worked out once.
@lru_cache(maxsize=1024)
def _rgb(colour: str) -> tuple[int, int, int]:
    """(r, g, b) in 0..255 of a palette name or '#RRGGBB', parsed by kit.surface.colour."""
    r, g, b = (round(c * 255) for c in rgb(resolve(colour)))
    return r, g, b


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(max(0, min(255, round(c))) for c in (r, g, b)))


# The colours' French names (folded: no case, no accents), so a designer may write either.
_FRENCH = {"noir": "black", "ciel": "sky", "bleu-ciel": "sky", "vert": "green", "jaune": "yellow", "bleu": "blue",
           "vermillon": "vermillion", "violet": "purple", "pourpre": "purple", "encre": "ink", "sombre": "dark",
           "gris": "mid", "clair": "light", "pale": "pale", "papier": "paper", "blanc": "paper"}


def _as_written(colour: str) -> str | None:
    """A colour name as people write it (`Bleu`, `VERT`, `Orange-clair`, `Sky`) as the
    palette names it; None when it names none."""
    from kit.i18n import identifier
    name = identifier(colour)
    base, light = (name[:-6], True) if name.endswith(("-light", "-clair")) else (name, False)
    base = _FRENCH.get(base, base)
    name = f"{base}-light" if light else base
    return name if name != colour and (name in PALETTE or name in GREYS or name in TINTS) else None


def resolve(colour: str) -> str:
    """A palette or grey name, or a '#RRGGBB' string, as '#RRGGBB'."""
    if colour in PALETTE:
        return PALETTE[colour]
    if colour in GREYS:
        return GREYS[colour]
    if colour in TINTS:
        return TINTS[colour]
    if isinstance(colour, str) and colour.startswith("#") and len(colour) == 7:
        int(colour[1:], 16)  # raises ValueError when it is not hex
        return colour.upper()
    named = _as_written(colour) if isinstance(colour, str) else None
    if named is not None:
        return resolve(named)
    names = ", ".join(list(PALETTE) + list(GREYS) + list(TINTS))
    raise ValueError(f"unknown colour {colour!r}: use #RRGGBB or one of {names}")


@lru_cache(maxsize=1024)
def lighten(colour: str, amount: float = 0.5) -> str:
    """Mix the colour with white: amount 0 keeps it, 1 gives white."""
    r, g, b = _rgb(colour)
    return _hex(*(c + (255 - c) * amount for c in (r, g, b)))


@lru_cache(maxsize=1024)
def darken(colour: str, amount: float = 0.3) -> str:
    """Mix the colour with black: amount 0 keeps it, 1 gives black."""
    r, g, b = _rgb(colour)
    return _hex(*(c * (1 - amount) for c in (r, g, b)))


@lru_cache(maxsize=1024)
def luminance(colour: str) -> float:
    """Relative luminance 0..1 (Rec. 709 weights on sRGB values), to choose readable text."""
    r, g, b = _rgb(colour)
    return (REC709[0] * r + REC709[1] * g + REC709[2] * b) / 255


def readable_on_white(colour: str, *, below: float = 0.45, darker: float = 0.45) -> str:
    """The colour itself when it reads as text on white paper (luminance under `below`),
    else the colour darkened by `darker` (sky, yellow, orange)."""
    return colour if luminance(colour) < below else darken(colour, darker)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on a background of this colour."""
    return GREYS["ink"] if luminance(colour) > 0.45 else "#FFFFFF"


TINTS.update({f"{name}-light": lighten(hexa, 0.75) for name, hexa in PALETTE.items()})
