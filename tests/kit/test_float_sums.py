"""Sums of floats that place things on the page give the same result on every Python >= 3.11.

Python 3.12 changed the built-in sum() of floats to a compensated summation; 3.11 adds left
to right. The same layout then gave one Hoc Censeo coordinate 37.22452 under 3.11 and
37.22453 under 3.13. The layout code adds lengths with math.fsum, which rounds the exact sum
once, the same on every version (the last test checks that no sum() of floats is left in the
code that draws the four kits). The sums pinned here are ones where the two built-in
additions disagree (3.11's sum() gives the left-to-right value, 3.12's the exact one), so a
code path that went back to sum() fails under 3.11, the oldest version the kit supports.
"""
from __future__ import annotations

import functools
import math
import operator
from typing import Any

import pytest

from kit.parts.text import text_box
from kit.parts.vote_table import Column, draw_vote_table
from kit.surface.record import Call, RecordingSurface

# Column widths in mm, and their exact sum.
WIDTHS = [
    ([14.8, 30.3, 30.3, 39.9], 115.3),
    ([18.3, 29.0, 22.9, 31.1], 101.3),
    ([39.3, 26.7, 32.4, 15.3], 113.69999999999999),   # left to right: 113.7
]
# Lines whose words' widths (sans, 9 pt) add up differently left to right, far enough apart
# that a right-aligned line starts at another coordinate.
LINES = ["le une la", "le une roi", "le aux une"]


class ExactRecording(RecordingSurface):
    """A recording surface that keeps every number as drawn, not rounded for a golden log."""

    def _record(self, name: str, **args: Any) -> None:
        self.calls.append(Call(name, tuple((k, v) for k, v in args.items() if v is not None),
                               self._depth, self._page, self._matrix))


def left_to_right(values: list[float]) -> float:
    """What the built-in sum() gives under Python 3.11."""
    return functools.reduce(operator.add, values, 0.0)


@pytest.mark.parametrize(("widths", "exact"), WIDTHS)
def test_the_pinned_widths_tell_the_two_additions_apart(widths: list[float], exact: float) -> None:
    assert left_to_right(widths) != exact
    assert math.fsum(widths) == exact


@pytest.mark.parametrize(("widths", "exact"), WIDTHS)
def test_a_vote_table_is_exactly_as_wide_as_its_columns(widths: list[float], exact: float) -> None:
    surface = ExactRecording()
    draw_vote_table(surface, 0.0, 0.0, [Column(str(n), w) for n, w in enumerate(widths)], 2)
    assert surface.find("rect")[0]["w"] == exact   # the header, across the whole table
    separators = [call["x1"] for call in surface.find("line")]
    assert separators == [math.fsum(widths[:n]) for n in range(1, len(widths))]


@pytest.mark.parametrize("line", LINES)
def test_a_right_aligned_line_ends_where_the_exact_sum_says(line: str) -> None:
    surface = ExactRecording()
    text_box(surface, 10.0, 10.0, 100.0, 20.0, line, size=9.0, min_size=9.0, align="right")
    (drawn,) = surface.find("text")
    widths = [text_width_of(word) for word in line.split()]
    space = text_width_of(" ")
    exact = 10.0 + 100.0 - (math.fsum(widths) + space * (len(widths) - 1))
    naive = 10.0 + 100.0 - (left_to_right(widths) + space * (len(widths) - 1))
    assert exact != naive
    assert drawn["x"] == exact


def text_width_of(word: str) -> float:
    from kit.surface.metrics import text_width
    return text_width(word, "sans", 9.0)


def test_no_kit_code_adds_floats_with_sum_while_the_four_kits_draw(kit_build) -> None:
    # the four kits as `kit build` draws them, and with the ink saver (shared with the other
    # kit tests): the notes are those of every build the worker drew, so a build left out
    # here failed this test only when another test had drawn it in the same worker first
    kit_build()
    kit_build("--ink-saver")
    assert kit_build.float_sums == []
