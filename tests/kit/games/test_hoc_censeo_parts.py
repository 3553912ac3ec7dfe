"""The Hoc Censeo parts drawn on a RecordingSurface: the circle of portions, the vote table,
and every piece of the kit drawn in frames of A4 and Letter size without leaving them.

The circle and the table are generic parts; their geometry is checked for any count, not
only the game's 8 portions and 9 rounds.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.build import default_layouts
from kit.games.hoc_censeo import layout as game
from kit.model import Frame
from kit.paper import PAGE_MARGIN, paper_size
from kit.parts.circle import Portion, angles, draw_circle
from kit.parts.vote_table import Column, draw_vote_table
from kit.surface.record import RecordingSurface
from scorekeeper.rules import hoc_censeo as rules

LAYOUTS = default_layouts()


@settings(max_examples=60, deadline=None)
@given(portions=st.integers(min_value=2, max_value=16), r=st.floats(min_value=5, max_value=40),
       filled=st.data())
def test_a_circle_has_one_spoke_per_portion_from_its_centre(portions, r, filled):
    looks = filled.draw(st.lists(st.sampled_from([Portion(), Portion(fill="#0072B2", symbol="square")]),
                                 max_size=portions))
    s = RecordingSurface()
    draw_circle(s, 50.0, 60.0, r, portions, looks)
    spokes = s.find("line")
    assert len(spokes) == portions
    ends = []
    for call in spokes:
        assert (call["x1"], call["y1"]) == (50.0, 60.0)
        ends.append(math.hypot(call["x2"] - 50.0, call["y2"] - 60.0))
    assert all(abs(e - r) < 0.02 for e in ends)
    # Spokes are evenly spread: consecutive angles differ by 360 / portions.
    bearings = sorted(math.degrees(math.atan2(c["y2"] - 60.0, c["x2"] - 50.0)) % 360 for c in spokes)
    gaps = [(b - a) for a, b in zip(bearings, bearings[1:])] + [360 - bearings[-1] + bearings[0]]
    assert all(abs(g - 360 / portions) < 0.2 for g in gaps)
    # One sector per filled portion, never more.
    assert len(s.find("sector")) == sum(1 for look in looks if look.fill)


def test_portions_start_at_the_top_and_turn_clockwise():
    assert angles(8, 0) == (-90.0, -45.0)
    assert angles(8, 7) == (225.0, 270.0)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(min_value=1, max_value=15), row_h=st.floats(min_value=6, max_value=12))
def test_the_vote_table_has_a_start_row_and_one_rectangle_per_row(rows, row_h):
    s = RecordingSurface()
    columns = [Column("Manche", 15), Column("POUR", 30), Column("CONTRE", 30), Column("Restants", 40)]
    height = draw_vote_table(s, 5.0, 7.0, columns, rows, start_label="Au départ",
                             start_values=[None, None, "100"], header_h=10.0, row_h=row_h)
    assert abs(height - (10.0 + (rows + 1) * row_h)) < 0.02
    below_header = [c for c in s.find("rect") if c["y"] >= 7.0 + 10.0 - 0.01]
    row_rects = [c for c in below_header if abs(c["h"] - round(row_h, 2)) < 0.02 and c["w"] == 115.0]
    assert len(row_rects) == rows + 1
    labels = [c["s"] for c in s.find("text")]
    assert [str(n) for n in range(1, rows + 1)] == [t for t in labels if t.isdigit() and t != "100"]
    assert "100" in labels


def _bounds(surface: RecordingSurface) -> tuple[float, float, float, float]:
    """Smallest and largest page x, y reached by the shapes and text anchors drawn."""
    xs, ys = [], []
    for call in surface.find("rect"):
        for x, y in ((call["x"], call["y"]), (call["x"] + call["w"], call["y"] + call["h"])):
            px, py = call.on_page(x, y)
            xs.append(px), ys.append(py)
    for call in surface.find("text") + surface.find("line"):
        key = ("x", "y") if call.name == "text" else ("x2", "y2")
        px, py = call.on_page(call[key[0]], call[key[1]])
        xs.append(px), ys.append(py)
    for call in surface.find("circle"):
        for dx, dy in ((-1, -1), (1, 1)):
            px, py = call.on_page(call["cx"] + dx * call["r"], call["cy"] + dy * call["r"])
            xs.append(px), ys.append(py)
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_piece_stays_in_its_frame(paper):
    pw, ph = paper_size(paper)
    frame = Frame(pw - 2 * PAGE_MARGIN, ph - 2 * PAGE_MARGIN)
    kit = game.build(LAYOUTS)
    for component in kit.components:
        if component.size != "page":
            continue
        for piece in component.pieces:
            s = RecordingSurface()
            s.begin_page(pw, ph)
            piece.front(s, frame)
            s.end_page()
            x0, y0, x1, y1 = _bounds(s)
            assert x0 >= -0.01, (component.id, piece.label)
            assert y0 >= -0.01, (component.id, piece.label)
            assert x1 <= frame.width + 0.01, (component.id, piece.label)
            assert y1 <= frame.height + 0.01, (component.id, piece.label)


def test_every_card_piece_keeps_its_text_in_the_safe_box():
    kit = game.build(LAYOUTS)
    w, h = 63.0, 88.0
    frame = Frame(w, h, bleed=3.0)
    for cid in ("motion-cards", "motion-slips"):
        component = next(c for c in kit.components if c.id == cid)
        assert component.size == (w, h)
        draws = [p.front for p in component.pieces] + ([component.back] if component.back else [])
        for draw in draws:
            s = RecordingSurface()
            s.begin_page(w + 6, h + 6)
            draw(s, frame)
            for call in s.find("text"):
                assert frame.safe - 0.01 <= call["x"] <= w - frame.safe + 0.01, (cid, call["s"])
                assert frame.safe <= call["y"] <= h - frame.safe + 0.01, (cid, call["s"])


def test_the_sheet_draws_the_engines_numbers():
    kit = game.build(LAYOUTS)
    sheets = next(c for c in kit.components if c.id == "tribe-sheets")
    s = RecordingSurface()
    s.begin_page(210, 297)
    sheets.pieces[0].front(s, Frame(190, 277))
    texts = [c["s"] for c in s.find("text")]
    assert str(rules.START_SENATORS) in texts
    # Round numbers label the table's rows; Rome's portions are numbered too; and every row
    # offers the ranks 1 to PLAYERS to circle: each number appears once per place that uses it.
    for n in range(1, max(rules.ROUNDS, rules.ROME_PORTIONS) + 1):
        expected = (n <= rules.ROUNDS) + (n <= rules.ROME_PORTIONS) + rules.ROUNDS * (n <= rules.PLAYERS)
        assert texts.count(str(n)) == expected, n
    # Each row offers the two sides to circle, never a place to write an amount.
    assert texts.count("POUR") >= rules.ROUNDS
    assert texts.count("CONTRE") >= rules.ROUNDS
    assert sum(1 for t in texts if t == game.load(LAYOUTS).text("sheet.calamity")) == len(rules.CALAMITY_AT)
