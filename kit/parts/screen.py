"""A screen: a mosaic of Greek keys, hand-laid, printed behind a secret.

Held against a lamp, 80 g paper shows what is written on its other face, mirrored. A
flat grey would only dim that writing: letters stay letters, a little paler. A field of
fine lines as close as a small letter's strokes, as on the inside of a bank's envelope,
breaks every pencil or printed stroke behind it into pieces among lines of the same width,
so the eye finds no letter to follow. The opponents look at it all game, so it is drawn as
a Roman floor rather than as noise: a frame, and within it one meander key (a square
spiral) per tile of TILE x TILE pitches, each key turned and mirrored at random.

A regular meander would let letters through its long straight corridors (measured: what
the secrets add to the picture varies 0.21 of the screen's own variation, against 0.18
for the maze of random strokes this replaced). So the tesserae are laid by hand, as in a
real mosaic: the corners of the grid of pitches are nudged at random by up to JITTER of a
pitch, shared by the keys that meet there, and the lines are a little bolder than the
maze's. Measured as the maze was (tests/kit/games/test_hoc_censeo_screen.py), it hides as
well: 0.173 to 0.185, the maze's very figures, with 68 % of the box inked (100 dpi render).
A corner the nudging makes sharper than SHARPEST ends its path, so no mitre spikes.

A seeded generator (random.Random(seed).random(), whose sequence Python keeps from one
version to the next) lays the same mosaic at every build, byte for byte. Nothing here
knows the game: the caller says which box to cover (on the back of a page, mirrored: see
`mirrored`).
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

PITCH = 1.2        # mm: the gap from one line of a key to the next, about the gap between two strokes of a small written letter
STROKE = 0.75      # mm: about a pencil line, or a printed letter's stem
TILE = 4           # pitches a side: one key, a tessera of the mosaic
JITTER = 0.3       # of a pitch: how far a corner of the grid moves, each way, as a hand lays tesserae
SCREEN_INK = "#000000"  # black alone: the most opaque ink, and the one a printer has most of
SEED = 1_789       # any fixed number: the mosaic every build draws
SHARPEST = 40.0    # degrees: the sharpest corner a path turns; sharper, it ends and another starts
_SHARPEST_COS = math.cos(math.radians(SHARPEST))

# One Greek key on a TILE x TILE grid of pitches, from a corner spiralling in: every line
# of the tile one pitch from the next, so the ink and the gaps between are as fine as a
# written letter's strokes. Its own top and right edges close it; the bottom edge too,
# but for the mouth of the spiral.
KEY = ((0, 4), (0, 0), (4, 0), (4, 4), (1, 4), (1, 1), (3, 1), (3, 3), (2, 3), (2, 2))


def mirrored(box: Box, width: float) -> Box:
    """Where a box of the front lands on the back of a sheet `width` mm wide, turned over
    on its long edge (as the imposition mirrors card backs): x' = width - x - w."""
    x, y, w, h = box
    return (width - x - w, y, w, h)


def _turned(u: int, v: int, turns: int, flip: bool) -> tuple[int, int]:
    """A point of the key's grid (whole pitches, the indices of the jittered grid), mirrored left to right, then turned a quarter clockwise
    `turns` times about the tile's centre."""
    if flip:
        u = TILE - u
    for _ in range(turns):
        u, v = TILE - v, u
    return u, v


@lru_cache(maxsize=8)
def mosaic(box: Box, *, pitch: float = PITCH, jitter: float = JITTER, seed: int = SEED) -> tuple[tuple[Point, ...], ...]:
    """The mosaic covering box, as open paths (points in mm): a frame along its edges, then
    one key per tile, each turned and mirrored at random, on a grid of pitches whose
    corners are nudged at random by up to `jitter` of a pitch (shared by the keys that meet
    there, so their lines stay joined). Tiles are stretched a little so a whole number of
    them fills the box. Kept once worked out: every sheet has the same back."""
    x0, y0, w, h = box
    cols, rows = max(1, round(w / (TILE * pitch))), max(1, round(h / (TILE * pitch)))
    across, down = cols * TILE, rows * TILE          # pitches
    sx, sy = w / across, h / down
    rnd = random.Random(seed).random
    # Corners on the box's edge slide along it only, so the mosaic fills the box to its
    # edge. A hundredth of a millimetre is finer than any printer: shorter to write.
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    for j in range(down + 1):
        xs.append([])
        ys.append([])
        for i in range(across + 1):
            dx, dy = (rnd() * 2 - 1) * jitter, (rnd() * 2 - 1) * jitter
            xs[j].append(x0 + i * sx if i in (0, across) else round((x0 + (i + dx) * sx) * 100) / 100)
            ys[j].append(y0 + j * sy if j in (0, down) else round((y0 + (j + dy) * sy) * 100) / 100)
    paths: list[tuple[Point, ...]] = [((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h), (x0, y0))]
    for row in range(rows):
        for col in range(cols):
            turns, flip = int(rnd() * 4), rnd() < 0.5
            points = []
            for u, v in KEY:
                tu, tv = _turned(u, v, turns, flip)
                i, j = col * TILE + tu, row * TILE + tv
                points.append((xs[j][i], ys[j][i]))
            paths += _unspiked(points)
    return tuple(paths)


def _unspiked(points: list[Point]) -> list[tuple[Point, ...]]:
    """points as one path, or several where a corner is sharper than SHARPEST: a thick
    stroke's mitre would stick out of such a corner as a spike. Nudged corners make one
    now and then."""
    out = [[points[0], points[1]]]
    for c in points[2:]:
        (ax, ay), (bx, by) = out[-1][-2], out[-1][-1]
        ux, uy, vx, vy = ax - bx, ay - by, c[0] - bx, c[1] - by
        cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
        if cos > _SHARPEST_COS:
            out.append([(bx, by), c])
        else:
            out[-1].append(c)
    return [tuple(path) for path in out]


def draw_screen(surface: Surface, box: Box, *, colour: str = SCREEN_INK, stroke: float = STROKE,
                pitch: float = PITCH, seed: int = SEED) -> None:
    """The mosaic over box, clipped to it: nothing runs past its edges."""
    x, y, w, h = box
    with surface.clipped(x, y, w, h):
        surface.polylines(mosaic(box, pitch=pitch, seed=seed), stroke=colour, width=stroke)
