"""The screen behind a secret (kit/parts/screen.py), as geometry: a regular meander that
fills its box within a border, the same at every build, and black emblems where the caller
says the secrets are.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.parts.screen import KEY, PITCH, SCREEN_INK, STROKE, TILE, draw_screen, meander, mirrored, mirrored_disc
from kit.surface.record import RecordingSurface


def _segments(paths):
    return [(a, b) for path in paths for a, b in zip(path, path[1:])]


@settings(max_examples=40, deadline=None)
@given(x=st.floats(-50, 150), y=st.floats(-50, 150), w=st.floats(3, 120), h=st.floats(3, 80))
def test_the_meander_fills_its_box_with_one_key_per_tile(x, y, w, h):
    paths = meander((x, y, w, h))
    cols, rows = max(1, round(w / (TILE * PITCH))), max(1, round(h / (TILE * PITCH)))
    assert len(paths) == cols * rows
    assert len(_segments(paths)) == cols * rows * (len(KEY) - 1)
    points = [p for path in paths for p in path]
    assert all(x - 1e-9 <= px <= x + w + 1e-9 and y - 1e-9 <= py <= y + h + 1e-9 for px, py in points)
    for got, want in ((min(p[0] for p in points), x), (max(p[0] for p in points), x + w),
                      (min(p[1] for p in points), y), (max(p[1] for p in points), y + h)):
        assert abs(got - want) < 1e-6


def test_the_meander_is_regular_and_the_same_at_every_build():
    box = (10.0, 10.0, 190.0, 62.5)
    first = meander.__wrapped__(box)
    assert first == meander.__wrapped__(box)
    # Laid as on a floor, not by chance: every line straight across or down, and each key
    # the mirror image of its neighbours in its row and the one above it.
    assert all(ax == bx or ay == by for (ax, ay), (bx, by) in _segments(first))
    cols = round(190.0 / (TILE * PITCH))
    step = 190.0 / cols

    def shifted(path, dx, dy):
        return tuple((px + dx, py + dy) for px, py in path)

    assert [pytest.approx(p, abs=1e-9) for p in shifted(first[0], 2 * step, 0)] == list(first[2])
    assert [pytest.approx(p, abs=1e-9) for p in shifted(first[0], step, 0)] != list(first[1])


def test_the_screen_is_drawn_in_its_box_with_its_emblems_black_and_whole():
    s = RecordingSurface()
    s.begin_page(210, 297)
    draw_screen(s, (10.0, 20.0, 100.0, 50.0), panels=((50.0, 25.0, 55.0, 30.0),), discs=((30.0, 45.0, 15.0),),
                field="#8E2A1B")
    s.end_page()
    clips = s.find("clipped")
    assert [(c["x"], c["y"], c["w"], c["h"]) for c in clips] == [(10.0, 20.0, 100.0, 50.0)]
    assert all(c.depth == 1 for c in s.calls if c.name not in ("begin_page", "end_page", "clipped"))
    def arg(call, key):
        return dict(call.args).get(key)

    field = [c for c in s.find("polygon") if arg(c, "stroke") == "#8e2a1b"]
    assert field
    assert all(arg(c, "width") == STROKE and not arg(c, "closed") for c in field)
    # Each emblem is solid black, with no outline, and nothing is drawn over it afterwards:
    # no lighter line crosses the black, through which light would reach the secret behind.
    calls = [c for c in s.calls if c.name in ("rect", "circle", "polygon")]
    black = [i for i, c in enumerate(calls) if arg(c, "fill") == SCREEN_INK]
    assert [(calls[i].name, arg(calls[i], "stroke")) for i in black] == [("rect", None), ("circle", None)]
    panel, disc = (calls[i] for i in black)
    assert (panel["x"], panel["y"], panel["w"], panel["h"]) == (50.0, 25.0, 55.0, 30.0)
    assert (disc["cx"], disc["cy"], disc["r"]) == (30.0, 45.0, 15.0)
    # What comes between them is the disc's own surround, outside it.
    assert [c.name for c in calls[black[0] + 1:]] == ["circle", "circle"]
    assert calls[black[0] + 1]["r"] > disc["r"]


def test_a_box_turned_over_on_the_long_edge_lands_mirrored():
    assert mirrored((10.0, 20.0, 50.0, 30.0), 210.0) == (150.0, 20.0, 50.0, 30.0)
    assert mirrored(mirrored((3.0, 4.0, 5.0, 6.0), 100.0), 100.0) == (3.0, 4.0, 5.0, 6.0)
    assert mirrored_disc((30.0, 40.0, 5.0), 210.0) == (180.0, 40.0, 5.0)
