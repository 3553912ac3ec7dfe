"""Folds (kit/parts/fold.py): dashed, unlike a cut mark, and never through a line of text.

The pieces that fold (Hoc Censeo's motion slips and tribe sheets, PHD's chapter markers)
are drawn on the recording surface; every dashed line is taken back to the page with its
call's matrix and checked against the box of every line of text drawn on the same piece.
"""
from __future__ import annotations

import pytest

from kit.build import default_layouts, load_kit
from kit.model import Frame
from kit.paper import printable_area
from kit.parts.fold import FOLD_DASH, fold_segments
from kit.surface.metrics import PT
from kit.surface.record import RecordingSurface

FOLDING = [("hoc-censeo", "motion-slips"), ("hoc-censeo", "tribe-sheets"), ("hoc-censeo", "blank-sheet"),
           ("phd", "chapter-markers")]


def _drawn(game: str, cid: str) -> RecordingSurface:
    kit = load_kit(game, default_layouts())
    component = next(c for c in kit.components if c.id == cid)
    if component.size == "page":
        _, _, w, h = printable_area("a4")
    else:
        w, h = component.size
    surface = RecordingSurface()
    surface.begin_page(w, h)
    component.pieces[0].front(surface, Frame(w, h))
    surface.end_page()
    return surface


def _arg(call, name: str):
    """A call's argument, None when it was not given (the log leaves those out)."""
    return dict(call.args).get(name)


def _text_box(surface: RecordingSurface, call) -> tuple[float, float, float, float]:
    """The page box (x0, y0, x1, y1) of a line of text, from its anchor, width and size."""
    width = surface.text_width(call["s"], font=call["font"], size=call["size"])
    x = call["x"] - {"start": 0.0, "middle": width / 2, "end": width}[_arg(call, "anchor") or "start"]
    top, bottom = call["y"] - call["size"] * PT * 0.75, call["y"] + call["size"] * PT * 0.25
    corners = [call.on_page(px, py) for px in (x, x + width) for py in (top, bottom)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _crosses(segment, box) -> bool:
    (x1, y1), (x2, y2) = segment
    bx0, by0, bx1, by1 = box
    for k in range(81):   # sample the segment: folds are straight lines
        t = k / 80
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if bx0 + 0.05 < x < bx1 - 0.05 and by0 + 0.05 < y < by1 - 0.05:
            return True
    return False


def _on_one_line(a, b) -> bool:
    """Whether two axis-aligned lines lie on one straight line (a tick in line with a fold)."""
    return ((a["x1"] == a["x2"] == b["x1"] == b["x2"]) or (a["y1"] == a["y2"] == b["y1"] == b["y2"])) \
        and a.matrix == b.matrix


@pytest.mark.parametrize(("game", "cid"), FOLDING)
def test_folds_are_dashed_and_never_cross_text(game, cid):
    surface = _drawn(game, cid)
    folds = [c for c in surface.find("line") if _arg(c, "dash") == FOLD_DASH]
    assert folds, f"{cid} draws no fold"
    texts = [_text_box(surface, c) for c in surface.find("text") if c["s"].strip()]
    for fold in folds:
        segment = (fold.on_page(fold["x1"], fold["y1"]), fold.on_page(fold["x2"], fold["y2"]))
        crossed = [box for box in texts if _crosses(segment, box)]
        assert not crossed, (cid, segment, crossed[:2])
    # No solid tick in line with a fold: short solid lines are what cut marks look like.
    ticks = [c for c in surface.find("line") if not _arg(c, "dash") and any(_on_one_line(c, f) for f in folds)]
    assert not ticks, ticks[:2]


def test_a_fold_breaks_around_text_and_keeps_the_rest():
    # A vertical fold from 0 to 100 mm through a word at 40..50 mm: two pieces remain.
    pieces = fold_segments(10.0, 0.0, 10.0, 100.0, avoid=[(5.0, 40.0, 20.0, 10.0)])
    assert len(pieces) == 2
    assert pieces[0][1] == 0.0
    assert pieces[0][3] < 40.0
    assert pieces[1][1] > 50.0
    assert pieces[1][3] == 100.0
    # A box beside the line leaves it whole.
    assert fold_segments(10.0, 0.0, 10.0, 100.0, avoid=[(30.0, 40.0, 5.0, 5.0)]) == [(10.0, 0.0, 10.0, 100.0)]
