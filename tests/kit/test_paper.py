"""Units and sizes: every length goes through kit.paper."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from kit.errors import KitError
from kit.paper import CARD_SIZES, PAPERS, card_size, paper_size, parse_mm, parse_offset, printable_area


@pytest.mark.parametrize("text, expected", [
    ("63", 63.0), ("63mm", 63.0), (" 63 mm ", 63.0), ("6.3cm", 63.0), ("6,3 cm", 63.0), ("1in", 25.4),
    ("72pt", 25.4), ("-1.5", -1.5), (".5mm", 0.5), (3, 3.0), (2.5, 2.5),
])
def test_parse_mm_accepts_numbers_and_units(text, expected):
    assert parse_mm(text) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["", "mm", "3 km", "1,2,3", "abc", True, None, [3]])
def test_parse_mm_refuses_what_is_not_a_length(bad):
    with pytest.raises(ValueError):
        parse_mm(bad)


@settings(max_examples=80, deadline=None)
@given(st.floats(min_value=-500, max_value=500, allow_nan=False).map(lambda v: round(v, 3)),
       st.sampled_from(["", "mm", " mm", "cm"]))
def test_parse_mm_round_trips_written_lengths(value, unit):
    factor = 10.0 if unit == "cm" else 1.0
    assert parse_mm(f"{value}{unit}") == pytest.approx(value * factor, abs=1e-6)


@pytest.mark.parametrize("text, expected", [("1.5,-0.5", (1.5, -0.5)), ("0,0", (0.0, 0.0)), ("2, 3", (2.0, 3.0)),
                                            ("1,5;2", (1.5, 2.0)), ("-1mm,2mm", (-1.0, 2.0))])
def test_parse_offset(text, expected):
    assert parse_offset(text) == expected


@pytest.mark.parametrize("bad", ["1", "1,2,3", "x,y", "", "1;2;3"])
def test_parse_offset_refuses_bad_pairs(bad):
    with pytest.raises(ValueError):
        parse_offset(bad)


def test_paper_and_card_sizes():
    assert PAPERS == {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
    assert CARD_SIZES == {"standard": (63.0, 88.0), "mini": (44.0, 67.0), "tarot": (70.0, 120.0)}
    assert paper_size("A4") == (210.0, 297.0)
    assert card_size("63x88") == (63.0, 88.0)
    assert card_size("tarot") == (70.0, 120.0)
    with pytest.raises(KitError, match="a4, letter"):
        paper_size("a3")


def test_printable_area_keeps_a_home_printer_margin():
    x, y, w, h = printable_area("letter")
    assert 8 <= x <= 10 and 8 <= y <= 10
    assert x + w == pytest.approx(215.9 - x) and y + h == pytest.approx(279.4 - y)
