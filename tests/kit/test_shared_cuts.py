"""No miscut marks a piece by its back: pieces whose backs differ never share a cut.

Two pieces that touch (no gutter between them) are parted by one cut. Cut half a millimetre
off that line and one keeps a sliver of the other's back along its edge: a card of one deck
then carries a strip of another deck's colour, and whoever sees its back knows it among its
own. Pieces GUTTER (3 mm) apart keep 1.5 mm of their own art past each cut, more than any
miscut; touching pieces may only be pieces whose backs look alike where a miscut would take
a sliver.

Measured on the built PDFs of every game, on A4 and Letter: from each manifest, every pair of
pieces whose trims are under 3 mm apart along a cut they share; on the page of backs
(rendered), the 0.5 mm strip of each beside that cut is compared with the same strip of the
other's back, which is what a neighbour with the same back would have left there. A blank
back (a piece printed on one side) is bare paper.
"""
from __future__ import annotations

import json

import pytest

from kit.paper import PAPERS
from scorekeeper.rules import GAME_IDS

pdfium = pytest.importorskip("pypdfium2")

PX_MM = 10           # render at 254 dpi: ten pixels a millimetre
SLIVER = (0.1, 0.5)  # mm from the cut: a miscut's sliver, the anti-aliased cut line left out
CORNER = 4.0         # mm left out at each end of a shared edge: rounded corners, marks
MOST = 6.0           # the largest mean difference (0..255, per channel) two slivers may show
GUTTER = 3.0


def _touching(pieces: list[dict]) -> list[tuple[dict, dict, str, float]]:
    """Pairs of pieces (a before b: left of it or above it on the front) whose trims are under
    GUTTER apart across a cut they share for more than 2 * CORNER, with the axis of the cut
    ("x": a vertical cut between them) and the gap in mm."""
    out = []
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            (ax, ay, aw, ah), (bx, by, bw, bh) = a["box"], b["box"]
            along_y = min(ay + ah, by + bh) - max(ay, by)   # how long a vertical cut they share
            along_x = min(ax + aw, bx + bw) - max(ax, bx)
            gap_x = max(bx - (ax + aw), ax - (bx + bw))
            gap_y = max(by - (ay + ah), ay - (by + bh))
            if along_y > 2 * CORNER and gap_x < GUTTER - 0.01:
                out.append((a, b, "x", gap_x) if ax < bx else (b, a, "x", gap_x))
            elif along_x > 2 * CORNER and gap_y < GUTTER - 0.01:
                out.append((a, b, "y", gap_y) if ay < by else (b, a, "y", gap_y))
    return out


def _back_box(piece: dict, width: float) -> list[float]:
    """Where the piece's back lies (or would: bare paper) on the page of backs."""
    x, y, w, h = piece["box"]
    return piece["back_box"] or [width - x - w, y, w, h]


def _strip(image, box: list[float], side: str, span: tuple[float, float]):
    """The SLIVER strip of the back `box` along its `side` edge, over `span` (mm on the page)."""
    x, y, w, h = box
    near, far = SLIVER
    if side == "left":
        rect = (x + near, span[0], x + far, span[1])
    elif side == "right":
        rect = (x + w - far, span[0], x + w - near, span[1])
    elif side == "top":
        rect = (span[0], y + near, span[1], y + far)
    else:
        rect = (span[0], y + h - far, span[1], y + h - near)
    return image.crop(tuple(round(v * PX_MM) for v in rect))


def _difference(one, other) -> float:
    """The largest difference of the two strips' mean colour, over R, G and B (0..255)."""
    from PIL import ImageStat

    return max(abs(p - q) for p, q in zip(ImageStat.Stat(one).mean, ImageStat.Stat(other).mean))


def _slivers(image, first: list[float], second: list[float], axis: str):
    """For two touching backs on the page of backs, each one's strip beside their shared cut
    paired with the other's strip on the same side of its own back: (what the miscut leaves
    on the neighbour, what the same back there would have left)."""
    (ax, ay, aw, ah), (bx, by, bw, bh) = first, second
    if axis == "x":
        left, right = (first, second) if ax < bx else (second, first)
        span = (max(ay, by) + CORNER, min(ay + ah, by + bh) - CORNER)
        return [(_strip(image, right, "left", span), _strip(image, left, "left", span)),
                (_strip(image, left, "right", span), _strip(image, right, "right", span))]
    top, bottom = (first, second) if ay < by else (second, first)
    span = (max(ax, bx) + CORNER, min(ax + aw, bx + bw) - CORNER)
    return [(_strip(image, bottom, "top", span), _strip(image, top, "top", span)),
            (_strip(image, top, "bottom", span), _strip(image, bottom, "bottom", span))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_sharing_a_cut_have_backs_alike_where_a_miscut_takes_a_sliver(kit_build, paper):
    folder = kit_build("--paper", paper)
    width = PAPERS[paper][0]
    shared = 0
    problems = []
    for game in GAME_IDS:
        manifest = json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))
        doc = pdfium.PdfDocument(folder / f"{game}.pdf")
        for sheet in manifest["sheets"]:
            pairs = _touching(sheet["pieces"])
            if not pairs or not sheet["two_sided"]:
                continue
            image = doc[sheet["back"] - 1].render(scale=PX_MM * 25.4 / 72).to_pil().convert("RGB")
            for a, b, axis, gap in pairs:
                shared += 1
                for sliver, own in _slivers(image, _back_box(a, width), _back_box(b, width), axis):
                    difference = _difference(sliver, own)
                    if difference > MOST:
                        problems.append((game, sheet["front"], a["label"], b["label"], f"{gap:.2f} mm",
                                         round(difference, 1)))
    assert shared > 20     # touching neighbours were measured: the cards of one deck do touch
    assert not problems, problems
