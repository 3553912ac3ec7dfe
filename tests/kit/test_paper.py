"""Units and sizes: every length goes through kit.paper."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.errors import KitError
from kit.paper import CARD_SIZES, PAPERS, paper_size, parse_mm, parse_offset, parse_size, printable_area


@pytest.mark.parametrize(("text", "expected"), [
    ("63", 63.0), ("63mm", 63.0), (" 63 mm ", 63.0), ("6.3cm", 63.0), ("6,3 cm", 63.0), ("1in", 25.4),
    ("72pt", 25.4), ("-1.5", -1.5), (".5mm", 0.5), (3, 3.0), (2.5, 2.5),
])
def test_parse_mm_accepts_numbers_and_units(text, expected):
    assert parse_mm(text) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["", "mm", "3 km", "1,2,3", "abc", True, None, [3]])
def test_parse_mm_refuses_what_is_not_a_length(bad):
    with pytest.raises(ValueError):  # noqa: PT011 (the parsers' one refusal; its words: test_language)
        parse_mm(bad)


@settings(max_examples=80, deadline=None)
@given(st.floats(min_value=-500, max_value=500, allow_nan=False).map(lambda v: round(v, 3)),
       st.sampled_from(["", "mm", " mm", "cm"]))
def test_parse_mm_round_trips_written_lengths(value, unit):
    factor = 10.0 if unit == "cm" else 1.0
    assert parse_mm(f"{value}{unit}") == pytest.approx(value * factor, abs=1e-6)


@pytest.mark.parametrize(("text", "expected"), [("1.5,-0.5", (1.5, -0.5)), ("0,0", (0.0, 0.0)), ("2, 3", (2.0, 3.0)),
                                            ("1,5;2", (1.5, 2.0)), ("-1mm,2mm", (-1.0, 2.0))])
def test_parse_offset(text, expected):
    assert parse_offset(text) == expected


@pytest.mark.parametrize("bad", ["1", "1,2,3", "x,y", "", "1;2;3"])
def test_parse_offset_refuses_bad_pairs(bad):
    with pytest.raises(ValueError):  # noqa: PT011 (the parsers' one refusal; its words: test_language)
        parse_offset(bad)


def test_paper_and_card_sizes():
    assert PAPERS == {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
    assert CARD_SIZES["poker"] == CARD_SIZES["standard"] == (63.0, 88.0)
    assert CARD_SIZES["tarot"] == (70.0, 120.0)
    assert CARD_SIZES["bridge"] == (57.0, 89.0)
    assert CARD_SIZES["a6"] == (105.0, 148.0)
    assert CARD_SIZES["square"] == (70.0, 70.0)
    assert all(0 < w <= h for w, h in CARD_SIZES.values()), "presets are portrait"
    assert paper_size("A4") == (210.0, 297.0)
    with pytest.raises(KitError) as caught:
        paper_size("a3")
    assert str(caught.value) == "unknown paper 'a3'; choose one of a4, letter"


@pytest.mark.parametrize(("written", "expected"), [
    ("poker", (63.0, 88.0)), (" Tarot ", (70.0, 120.0)), ("mini", (44.0, 67.0)), ("bridge", (57.0, 89.0)),
    ("63x88", (63.0, 88.0)), ("63 x 88", (63.0, 88.0)), ("63x88mm", (63.0, 88.0)), ("63 X 88 mm", (63.0, 88.0)),
    ("63mm x 88mm", (63.0, 88.0)), ("6.3x8.8cm", (63.0, 88.0)), ("63×88", (63.0, 88.0)), ("2.5x3.5in", (63.5, 88.9)),
    ("6,3 x 8,8 cm", (63.0, 88.0)), ([63, 88], (63.0, 88.0)), ((70, "12cm"), (70.0, 120.0)), (["63mm", 88.5], (63.0, 88.5)),
])
def test_parse_size_reads_every_spelling_of_a_size(written, expected):
    assert parse_size(written) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["jumbo", "63", "63x", "x88", "63x88x2", "63 by 88", "0x88", "63x-88", [63],
                                 [63, 88, 1], [0, 88], 63, None, True, {"w": 63}])
def test_parse_size_refuses_what_is_not_a_size(bad):
    with pytest.raises(ValueError):  # noqa: PT011 (the parsers' one refusal; its words: test_language)
        parse_size(bad)


def test_printable_area_keeps_a_home_printer_margin():
    x, y, w, h = printable_area("letter")
    assert 8 <= x <= 10
    assert 8 <= y <= 10
    assert x + w == pytest.approx(215.9 - x)
    assert y + h == pytest.approx(279.4 - y)
