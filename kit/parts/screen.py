"""A screen: a Roman pavement printed behind a secret, so that it does not show through.

Held against a lamp, 80 to 120 g paper shows what is printed on its other face, mirrored.
Fine lines only break the strokes of what lies behind them: averaged over a few
millimetres, as the eye does at arm's length, a line pattern lets through its share of
light, and a broad patch of colour behind it (Hoc Censeo's wedges of a tribe's circle) shows
as a darker or lighter patch. Only ink as dense as black, whole, stops it. So the screen is
drawn as a pavement with two parts:

- emblems: solid black tablets and medallions (the caller's `panels` and `discs`) exactly
  where the secrets lie, with a margin for the printer's duplex drift: no light crosses
  them, so nothing of the secrets reaches the other side, at any scale;
- a field around them: a regular meander, a Greek key on a grid of PITCH, in the caller's
  colour, framed by a border. It hides nothing (nothing secret lies behind it) and is
  there to be looked at: a deliberate pattern, so the black emblems read as the pavement's
  centrepieces and not as a printing fault.

tests/kit/games/test_hoc_censeo_screen.py renders the sheets and measures it: light through
the front and the back, multiplied, leaves two tribes' sheets indistinguishable.

Nothing here knows the game: the caller says which box to cover, where the emblems go and
which colours to use (on the back of a page, mirrored: see `mirrored`). The same inputs
draw the same screen, byte for byte.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kit.surface.base import Surface

Box = tuple[float, float, float, float]   # x, y, w, h in mm, y down
Disc = tuple[float, float, float]         # cx, cy, r in mm
Point = tuple[float, float]

PITCH = 1.2        # mm: from one line of a key to the next
STROKE = 0.4       # mm: the field's lines, a third of a pitch: light, since nothing lies behind them
TILE = 4           # pitches a side: one key
SCREEN_INK = "#000000"  # the emblems and the border: black, the most opaque ink a printer has
FRAME = 0.6        # mm: the border's line
TRIM = 0.35        # mm: the coloured line around each emblem, and inside the border
TRIM_INSET = 0.6   # mm of bare paper on either side of the border's coloured line
PANEL_RADIUS = 2.0  # mm: the tablets' corners
SURROUND = 1.2     # mm of bare paper between an emblem and the field, closed by a line of trim
PAPER = "#FFFFFF"

# One Greek key on a TILE x TILE grid of pitches, from a corner spiralling in: its own top
# and right edges close it; the bottom edge too, but for the mouth of the spiral.
KEY = ((0, 4), (0, 0), (4, 0), (4, 4), (1, 4), (1, 1), (3, 1), (3, 3), (2, 3), (2, 2))


def mirrored(box: Box, width: float) -> Box:
    """Where a box of the front lands on the back of a sheet `width` mm wide, turned over
    on its long edge (as the imposition mirrors card backs): x' = width - x - w."""
    x, y, w, h = box
    return (width - x - w, y, w, h)


def mirrored_disc(disc: Disc, width: float) -> Disc:
    """Where a disc of the front lands on the back (see `mirrored`)."""
    cx, cy, r = disc
    return (width - cx, cy, r)


def _key(u: int, v: int, flip: bool) -> tuple[int, int]:
    """A point of the key's grid, mirrored left to right when flip."""
    return (TILE - u, v) if flip else (u, v)


@lru_cache(maxsize=8)
def meander(box: Box, *, pitch: float = PITCH) -> tuple[tuple[Point, ...], ...]:
    """The field covering box, as open paths (points in mm): one key per tile, rows of keys
    facing each other in pairs (every other key mirrored), each row turned the other way
    from the one above, as meanders run on Roman floors. Tiles are stretched a little so a
    whole number of them fills the box."""
    x0, y0, w, h = box
    cols, rows = max(1, round(w / (TILE * pitch))), max(1, round(h / (TILE * pitch)))
    sx, sy = w / (cols * TILE), h / (rows * TILE)
    paths: list[tuple[Point, ...]] = []
    for row in range(rows):
        for col in range(cols):
            flip = (col + row) % 2 == 1
            paths.append(tuple((x0 + (col * TILE + u) * sx, y0 + (row * TILE + v) * sy)
                               for u, v in (_key(u, v, flip) for u, v in KEY)))
    return tuple(paths)


def draw_screen(surface: Surface, box: Box, *, panels: tuple[Box, ...] = (), discs: tuple[Disc, ...] = (),
                field: str = SCREEN_INK, trim: str | None = None, pitch: float = PITCH) -> None:
    """The pavement over box, clipped to it: the meander field in `field`, its border, then
    the black emblems (`panels`, rounded tablets; `discs`, medallions), each in a band of
    paper closed by a line of `trim` (the field's colour by default)."""
    x, y, w, h = box
    trim = trim or field
    with surface.clipped(x, y, w, h):
        # The border: a black line along the box's edge (drawn on it, twice as wide, the
        # clip keeping the inner half), a line of trim, then the field, each apart.
        edge = ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))
        surface.polylines((edge,), stroke=SCREEN_INK, width=2 * FRAME)
        inset = FRAME + TRIM_INSET + TRIM / 2
        surface.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=trim, width=TRIM)
        inner = inset + TRIM / 2 + TRIM_INSET
        surface.polylines(meander((x + inner, y + inner, w - 2 * inner, h - 2 * inner), pitch=pitch), stroke=field,
                          width=STROKE)
        # Each emblem set in the field as a mosaic's centrepiece: a band of bare paper closed
        # by a line of the trim's colour, then the black, whole. A line drawn inside the black
        # would be a slit of lighter ink: with the back drifted, light through it would
        # cross the secrets' edge.
        out = SURROUND
        for px, py, pw, ph in panels:
            surface.rect(px - out, py - out, pw + 2 * out, ph + 2 * out, fill=PAPER, stroke=trim, width=TRIM,
                         radius=PANEL_RADIUS + out)
            surface.rect(px, py, pw, ph, fill=SCREEN_INK, stroke=None, radius=PANEL_RADIUS)
        for cx, cy, r in discs:
            surface.circle(cx, cy, r + out, fill=PAPER, stroke=trim, width=TRIM)
            surface.circle(cx, cy, r, fill=SCREEN_INK, stroke=None)
