"""A screen: a dense, irregular maze of short strokes printed behind a secret.

Held against a lamp, 80 g paper shows what is written on its other face, mirrored. A
flat grey would only dim that writing: letters stay letters, a little paler. A maze of
short strokes, as on the inside of a bank's envelope, breaks every pencil or printed
stroke behind it into pieces among strokes of the same width running every way, so the
eye finds no letter to follow; and it leaves about half of the paper bare, half the ink
of a solid fill.

The maze: the box is cut into square cells of about PITCH mm; each cell draws one stroke,
picked at random among its two diagonals, its top edge and its left edge. The corners
the strokes join are then nudged at random by up to JITTER of a cell, so no straight
line or regular grid shows through either. Strokes that meet at a corner are chained
into long open paths, so the whole maze is a few hundred drawing calls, not thousands.
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

PITCH = 1.2        # mm: the side of a cell, about the height of a pencil letter's stroke gap
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
    rng = random.Random(seed)

    # Corners on the box's edge slide along it only, so the maze fills the box to its edge.
    corner: dict[tuple[int, int], Point] = {}
    for j in range(rows + 1):
        for i in range(cols + 1):
            dx, dy = (rng.random() * 2 - 1) * jitter, (rng.random() * 2 - 1) * jitter
            if i in (0, cols):
                dx = 0.0
            if j in (0, rows):
                dy = 0.0
            corner[i, j] = (x0 + (i + dx) * sx, y0 + (j + dy) * sy)

    # One stroke per cell: an edge between two corners.
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def join(a: tuple[int, int], b: tuple[int, int]) -> None:
        edges.setdefault(a, []).append(b)
        edges.setdefault(b, []).append(a)

    for j in range(rows):
        for i in range(cols):
            pick = int(rng.random() * 4)
            if pick == 0:
                join((i, j + 1), (i + 1, j))       # /
            elif pick == 1:
                join((i, j), (i + 1, j + 1))       # \
            elif pick == 2:
                join((i, j), (i + 1, j))           # top edge
            else:
                join((i, j), (i, j + 1))           # left edge

    # Chain the strokes into paths: start where a path must end (a corner with an odd
    # number of strokes), walk while an unused stroke leaves the corner, then mop up loops.
    used: set[frozenset] = set()
    paths: list[tuple[Point, ...]] = []

    def straightest(came: tuple[int, int] | None, at: tuple[int, int]) -> tuple[int, int] | None:
        """The unused stroke leaving `at` that turns least from the one arriving, or None
        when every one left would make a corner sharper than SHARPEST: a thick stroke's
        mitre would stick out of such a corner as a spike, so the path ends there."""
        free = [b for b in edges[at] if frozenset((at, b)) not in used]
        if came is None or not free:
            return free[0] if free else None
        (ax, ay), (bx, by) = corner[came], corner[at]
        ux, uy = ax - bx, ay - by

        def closing(b: tuple[int, int]) -> float:
            """The cosine of the corner's angle: 1 folds back, -1 runs straight on."""
            vx, vy = corner[b][0] - bx, corner[b][1] - by
            return (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
        best = min(free, key=closing)
        return best if closing(best) <= _SHARPEST_COS else None

    def walk(start: tuple[int, int]) -> None:
        came, at, path = None, start, [corner[start]]
        while (nxt := straightest(came, at)) is not None:
            used.add(frozenset((at, nxt)))
            path.append(corner[nxt])
            came, at = at, nxt
        if len(path) > 1:
            paths.append(tuple(path))

    order = sorted(edges, key=lambda c: (c[1], c[0]))
    for start in order:
        if len(edges[start]) % 2:
            walk(start)
    for start in order:
        while any(frozenset((start, b)) not in used for b in edges[start]):
            walk(start)
    return tuple(paths)


def draw_screen(surface: "Surface", box: Box, *, colour: str = SCREEN_INK, stroke: float = STROKE,
                pitch: float = PITCH, seed: int = SEED) -> None:
    """The maze over box, clipped to it: nothing runs past its edges."""
    x, y, w, h = box
    with surface.clipped(x, y, w, h):
        for path in maze(box, pitch=pitch, seed=seed):
            surface.polygon(path, stroke=colour, width=stroke, closed=False)
