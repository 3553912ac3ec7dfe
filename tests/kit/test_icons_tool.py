"""tools/icons.py: SVG path data to the M, L, C, Z the surface draws, and the icons it kept.

The npm package is not in the repository, so the file it wrote is checked on its own: every
icon's path reads back as itself, and the conversions (relative moves, H and V, S and Q
curves, arcs) land where SVG says they do.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
icons_tool = pytest.importorskip("icons")


def ends(segments):
    """Each segment's end point (None for Z)."""
    return [values[-2:] if values else None for _, values in segments]


def test_relative_commands_lines_and_closing():
    segments = icons_tool.normalise("m10 10h5v5H10zm20 0l1 1 2 2")
    assert [c for c, _ in segments] == ["M", "L", "L", "L", "Z", "M", "L", "L"]
    assert ends(segments) == [(10, 10), (15, 10), (15, 15), (10, 15), None, (30, 10), (31, 11), (33, 13)]


def test_smooth_and_quadratic_curves_become_cubics():
    segments = icons_tool.normalise("M0 0C0 10 10 10 10 0S20 -10 20 0Q25 10 30 0T40 0")
    assert [c for c, _ in segments] == ["M", "C", "C", "C", "C"]
    # S reflects the previous control point; Q's cubic control points are 2/3 of the way
    assert segments[2][1][:2] == (10, -10)
    assert segments[3][1] == pytest.approx((20 + 2 / 3 * 5, 2 / 3 * 10, 30 - 2 / 3 * 5, 2 / 3 * 10, 30, 0))
    assert segments[4][1][-2:] == (40, 0)


def test_an_arc_is_cubics_along_its_circle():
    segments = icons_tool.normalise("M0 10A10 10 0 0 1 20 10")   # half a circle of radius 10 round (10, 10)
    curves = [values for command, values in segments if command == "C"]
    assert len(curves) == 2
    assert curves[-1][-2:] == (20, 10)
    sx, sy = 0.0, 10.0
    for x1, y1, x2, y2, x, y in curves:
        assert math.hypot(x - 10, y - 10) == pytest.approx(10)
        # the middle of each cubic stays on the circle, within a thousandth of the radius
        mx = (sx + 3 * x1 + 3 * x2 + x) / 8
        my = (sy + 3 * y1 + 3 * y2 + y) / 8
        assert math.hypot(mx - 10, my - 10) == pytest.approx(10, abs=0.01)
        assert my <= 10 + 1e-9            # sweep 1 from the left goes over the top (y down)
        sx, sy = x, y


def drawn_points(segments: list[tuple[str, tuple[float, ...]]]) -> list[tuple[float, float]]:
    """Points of the outline as drawn: each line's ends, and each cubic curve sampled 16 times."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, values in segments:
        if command == "C":
            x1, y1, x2, y2, x3, y3 = values
            for step in range(1, 17):
                t = step / 16
                a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
                points.append((a * x + b * x1 + c * x2 + d * x3, a * y + b * y1 + c * y2 + d * y3))
            x, y = x3, y3
        elif values:
            x, y = values[-2], values[-1]
            points.append((x, y))
    return points


def test_every_kept_icon_reads_back_as_itself_and_fits_its_square():
    data = json.loads((REPO / "kit" / "parts" / "icons.json").read_text(encoding="utf-8"))
    assert data["licence"]["name"] == "CC BY 3.0"
    for name, icon in data["icons"].items():
        segments = icons_tool.normalise(icon["path"])
        assert icons_tool.compact(segments) == icon["path"], name
        # the outline drawn, not its control points (a curve's may lie outside the square)
        numbers = [v for point in drawn_points(segments) for v in point]
        assert all(-1 <= v <= data["size"] + 1 for v in numbers), name
        assert icon["author"], name
