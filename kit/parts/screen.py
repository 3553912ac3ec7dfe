"""A screen: a dense, irregular maze of short strokes printed behind a secret.

Held against a lamp, 80 g paper shows what is written on its other face, mirrored. A
flat grey would only dim that writing: letters stay letters, a little paler. A maze of
short strokes, as on the inside of a bank's envelope, breaks every pencil or printed
stroke behind it into pieces among strokes of the same width running every way, so the
eye finds no letter to follow; and it leaves over a third of the paper bare (about 63 %
of the box is inked, measured on a 100 dpi render).

The maze: the box is cut into square cells of about PITCH mm; each cell draws one stroke,
picked at random among its two diagonals, its top edge and its left edge. The corners
the strokes join are then nudged at random by up to JITTER of a cell, so no straight
line or regular grid shows through either. Strokes that meet at a corner are chained
into open paths: an A4 fold zone's 8,216 strokes are about 2,400 paths, drawn as one shape.
A seeded generator (random.Random(seed).random(), whose sequence Python keeps from one
version to the next) makes the same maze at every build, byte for byte.

Nothing here knows the game: the caller says which box to cover (on the back of a page,
mirrored: see `mirrored`).
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kit.surface.base import Surface

Box = tuple[float, float, float, float]   # x, y, w, h in mm, y down
Point = tuple[float, float]

PITCH = 1.2        # mm: the side of a cell, about the gap between two strokes of a small written letter
STROKE = 0.7       # mm: about a pencil line, or a printed letter's stem
JITTER = 0.28      # of a cell: how far a corner moves, each way
SCREEN_INK = "#000000"  # black alone: the most opaque ink, and the one a printer has most of
SEED = 1_789       # any fixed number: the maze every build draws
SHARPEST = 40.0    # degrees: the sharpest corner a path turns; sharper, it ends and another starts
_SHARPEST_COS = math.cos(math.radians(SHARPEST))


def mirrored(box: Box, width: float) -> Box:
    """Where a box of the front lands on the back of a sheet `width` mm wide, turned over
    on its long edge (as the imposition mirrors card backs): x' = width - x - w."""
    x, y, w, h = box
    return (width - x - w, y, w, h)


@lru_cache(maxsize=8)
def maze(box: Box, *, pitch: float = PITCH, jitter: float = JITTER, seed: int = SEED) -> tuple[tuple[Point, ...], ...]:
    """The maze covering box as open paths (points in mm): every cell's stroke once.
    Kept once worked out: every sheet of a kit has the same back."""
    x0, y0, w, h = box
    cols, rows = max(1, round(w / pitch)), max(1, round(h / pitch))
    sx, sy = w / cols, h / rows
    rnd = random.Random(seed).random
    across = cols + 1          # corner (i, j) is number j * across + i

    # Corners on the box's edge slide along it only, so the maze fills the box to its edge.
    # A hundredth of a millimetre is finer than any printer: rounded there, the ten
    # thousand coordinates are shorter to write and repeat more (each is formatted once).
    xs: list[float] = []
    ys: list[float] = []
    for j in range(rows + 1):
        for i in range(cols + 1):
            dx, dy = (rnd() * 2 - 1) * jitter, (rnd() * 2 - 1) * jitter
            xs.append(x0 + i * sx if i in (0, cols) else round((x0 + (i + dx) * sx) * 100) / 100)
            ys.append(y0 + j * sy if j in (0, rows) else round((y0 + (j + dy) * sy) * 100) / 100)

    # One stroke per cell (stroke k is cell k's): between two of its corners.
    ends: list[tuple[int, int]] = []
    for j in range(rows):
        for i in range(cols):
            corner = j * across + i
            pick = int(rnd() * 4)
            if pick == 0:
                ends.append((corner + across, corner + 1))          # /
            elif pick == 1:
                ends.append((corner, corner + across + 1))          # \
            elif pick == 2:
                ends.append((corner, corner + 1))                   # top edge
            else:
                ends.append((corner, corner + across))              # left edge
    strokes: list[list[tuple[int, int]]] = [[] for _ in xs]     # per corner: (other end, stroke)
    for k, (a, b) in enumerate(ends):
        strokes[a].append((b, k))
        strokes[b].append((a, k))
    length = [math.hypot(xs[b] - xs[a], ys[b] - ys[a]) for a, b in ends]

    # Chain the strokes into paths: start where a path must end (a corner with an odd
    # number of strokes), walk while an unused stroke leaves the corner, then mop up loops.
    # At each corner the walk takes the unused stroke that turns least from the one it
    # arrived by, and stops when every one left would make a corner sharper than
    # SHARPEST: a thick stroke's mitre would stick out of such a corner as a spike.
    used = bytearray(len(ends))
    paths: list[tuple[Point, ...]] = []

    def walk(at: int) -> None:
        path = [(xs[at], ys[at])]
        came = arrived = -1
        while True:
            best = -1
            if came < 0:
                for b, k in strokes[at]:
                    if not used[k]:
                        best, stroke = b, k
                        break
            else:
                bx, by = xs[at], ys[at]
                ux, uy = xs[came] - bx, ys[came] - by
                closing = _SHARPEST_COS   # the cosine of the corner's angle: 1 folds back, -1 runs on
                for b, k in strokes[at]:
                    if not used[k]:
                        cos = (ux * (xs[b] - bx) + uy * (ys[b] - by)) / (length[arrived] * length[k])
                        if cos < closing or (best < 0 and cos == closing):
                            best, stroke, closing = b, k, cos
            if best < 0:
                break
            used[stroke] = 1
            path.append((xs[best], ys[best]))
            came, arrived, at = at, stroke, best
        if len(path) > 1:
            paths.append(tuple(path))

    for start in range(len(xs)):
        if len(strokes[start]) % 2:
            walk(start)
    for start in range(len(xs)):
        while any(not used[k] for _, k in strokes[start]):
            walk(start)
    return tuple(paths)


def draw_screen(surface: "Surface", box: Box, *, colour: str = SCREEN_INK, stroke: float = STROKE,
                pitch: float = PITCH, seed: int = SEED) -> None:
    """The maze over box, clipped to it: nothing runs past its edges."""
    x, y, w, h = box
    with surface.clipped(x, y, w, h):
        surface.polylines(maze(box, pitch=pitch, seed=seed), stroke=colour, width=stroke)
