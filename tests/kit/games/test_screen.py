"""The screen behind a secret (kit/parts/screen.py), as geometry: a maze that fills its box
with one stroke per cell, the same at every build, with no corner sharp enough to spike.
"""
from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from kit.parts.screen import PITCH, SHARPEST, STROKE, draw_screen, maze, mirrored
from kit.surface.record import RecordingSurface


def _corner_angles(paths):
    for path in paths:
        for (ax, ay), (bx, by), (cx, cy) in zip(path, path[1:], path[2:]):
            ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
            cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
            yield math.degrees(math.acos(max(-1.0, min(1.0, cos))))


@settings(max_examples=40, deadline=None)
@given(x=st.floats(-50, 150), y=st.floats(-50, 150), w=st.floats(3, 120), h=st.floats(3, 80),
       seed=st.integers(0, 10_000))
def test_the_maze_fills_its_box_with_one_stroke_per_cell(x, y, w, h, seed):
    paths = maze((x, y, w, h), seed=seed)
    cols, rows = max(1, round(w / PITCH)), max(1, round(h / PITCH))
    strokes = [frozenset((a, b)) for path in paths for a, b in zip(path, path[1:])]
    # Every cell draws exactly one stroke, and no stroke twice.
    assert len(strokes) == cols * rows == len(set(strokes))
    points = [p for path in paths for p in path]
    assert all(x - 1e-9 <= px <= x + w + 1e-9 and y - 1e-9 <= py <= y + h + 1e-9 for px, py in points)
    assert all(angle >= SHARPEST - 1e-6 for angle in _corner_angles(paths))


def test_the_maze_is_the_same_at_every_build_and_differs_with_its_seed():
    box = (10.0, 10.0, 190.0, 62.5)
    first = maze.__wrapped__(box)
    assert first == maze.__wrapped__(box)
    # It reaches all four edges: the screen covers its box, not a smaller one inside (a row
    # of cells could miss its far edge only if all of them drew the one stroke that does
    # not touch it: never, over a fold zone's 50 to 160 cells).
    points = [p for path in first for p in path]
    for got, want in ((min(p[0] for p in points), 10.0), (max(p[0] for p in points), 200.0),
                      (min(p[1] for p in points), 10.0), (max(p[1] for p in points), 72.5)):
        assert abs(got - want) < 1e-9
    assert maze.__wrapped__(box, seed=2) != first
    # Irregular: strokes run every way, none of the four directions takes most of them.
    directions = {"/": 0, "\\": 0, "-": 0, "|": 0}
    for path in first:
        for (ax, ay), (bx, by) in zip(path, path[1:]):
            slope = math.degrees(math.atan2(by - ay, bx - ax)) % 180
            directions["-" if slope < 22.5 or slope >= 157.5 else "\\" if slope < 67.5 else
                       "|" if slope < 112.5 else "/"] += 1
    total = sum(directions.values())
    assert all(0.15 < n / total < 0.35 for n in directions.values()), directions


def test_the_screen_is_drawn_in_its_box_only():
    s = RecordingSurface()
    s.begin_page(210, 297)
    draw_screen(s, (10.0, 20.0, 50.0, 30.0))
    s.end_page()
    clips = s.find("clipped")
    assert [(c["x"], c["y"], c["w"], c["h"]) for c in clips] == [(10.0, 20.0, 50.0, 30.0)]
    strokes = s.find("polygon")
    assert strokes and all(c["stroke"] == "#000000" and c["width"] == STROKE and not c["closed"] for c in strokes)
    assert all(c.depth == 1 for c in strokes)  # every stroke inside the clip


def test_a_box_turned_over_on_the_long_edge_lands_mirrored():
    assert mirrored((10.0, 20.0, 50.0, 30.0), 210.0) == (150.0, 20.0, 50.0, 30.0)
    assert mirrored(mirrored((3.0, 4.0, 5.0, 6.0), 100.0), 100.0) == (3.0, 4.0, 5.0, 6.0)
