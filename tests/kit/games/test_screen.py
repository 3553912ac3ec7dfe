"""The screen behind a secret (kit/parts/screen.py), as geometry: a mosaic of meander keys
that fills its box, one key per tile, the same at every build, with no corner sharp enough
to spike.
"""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.parts.screen import KEY, PITCH, SHARPEST, STROKE, TILE, draw_screen, mirrored, mosaic
from kit.surface.record import RecordingSurface


def _corner_angles(paths):
    for path in paths:
        for (ax, ay), (bx, by), (cx, cy) in zip(path, path[1:], path[2:]):
            ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
            cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
            yield math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def _segments(paths):
    return [(a, b) for path in paths for a, b in zip(path, path[1:])]


@settings(max_examples=40, deadline=None)
@given(x=st.floats(-50, 150), y=st.floats(-50, 150), w=st.floats(3, 120), h=st.floats(3, 80),
       seed=st.integers(0, 10_000))
def test_the_mosaic_fills_its_box_with_one_key_per_tile(x, y, w, h, seed):
    paths = mosaic((x, y, w, h), seed=seed)
    cols, rows = max(1, round(w / (TILE * PITCH))), max(1, round(h / (TILE * PITCH)))
    # The frame's four sides, then every key's lines (a key cut at a sharp corner is
    # still all its lines).
    assert len(_segments(paths)) == 4 + cols * rows * (len(KEY) - 1)
    points = [p for path in paths for p in path]
    assert all(x - 1e-9 <= px <= x + w + 1e-9 and y - 1e-9 <= py <= y + h + 1e-9 for px, py in points)
    assert all(angle >= SHARPEST - 1e-6 for angle in _corner_angles(paths))


def test_the_mosaic_is_the_same_at_every_build_and_differs_with_its_seed():
    box = (10.0, 10.0, 190.0, 62.5)
    first = mosaic.__wrapped__(box)
    assert first == mosaic.__wrapped__(box)
    # It reaches all four edges: the screen covers its box, not a smaller one inside.
    points = [p for path in first for p in path]
    for got, want in ((min(p[0] for p in points), 10.0), (max(p[0] for p in points), 200.0),
                      (min(p[1] for p in points), 10.0), (max(p[1] for p in points), 72.5)):
        assert abs(got - want) < 1e-9
    assert mosaic.__wrapped__(box, seed=2) != first
    # Turned at random: as many lines run across as down, and hand-laid: hardly any line
    # of a key is exactly straight across or down.
    across = down = straight = 0
    for (ax, ay), (bx, by) in _segments(first[1:]):
        if abs(bx - ax) > abs(by - ay):
            across += 1
        else:
            down += 1
        straight += ax == bx or ay == by
    assert 0.45 < across / (across + down) < 0.55, (across, down)
    assert straight / (across + down) < 0.1


def test_the_screen_is_drawn_in_its_box_only():
    s = RecordingSurface()
    s.begin_page(210, 297)
    draw_screen(s, (10.0, 20.0, 50.0, 30.0))
    s.end_page()
    clips = s.find("clipped")
    assert [(c["x"], c["y"], c["w"], c["h"]) for c in clips] == [(10.0, 20.0, 50.0, 30.0)]
    strokes = s.find("polygon")
    assert strokes
    assert all(c["stroke"] == "#000000" and c["width"] == STROKE and not c["closed"] for c in strokes)
    assert all(c.depth == 1 for c in strokes)  # every stroke inside the clip


def test_a_box_turned_over_on_the_long_edge_lands_mirrored():
    assert mirrored((10.0, 20.0, 50.0, 30.0), 210.0) == (150.0, 20.0, 50.0, 30.0)
    assert mirrored(mirrored((3.0, 4.0, 5.0, 6.0), 100.0), 100.0) == (3.0, 4.0, 5.0, 6.0)
