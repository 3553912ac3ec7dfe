"""Readable at arm's length (issue 47, item 5), measured on the built kits with pdfplumber.

- every page label keeps LABEL_MARK_CLEAR (3 mm) from every cut mark, on A4 and Letter;
- every character printed on a piece is 7 pt or more, counted per kind of piece (its
  component, front or back), and every character of an aid listed in AIDS 8.5 pt or more.

A cut mark is what kit.sheets draws: a black hairline (MARK_WIDTH) of MARK_LENGTH at most,
outside every piece's trim. A character's size is its font size on the page: pdfplumber's
`size` for upright text, its box's width for text turned a quarter (track labels), where
pdfplumber's `size` is the glyph's advance.
"""
from __future__ import annotations

import collections
import json

import pytest
from build_helpers import mm

from kit.sheets import LABEL_MARK_CLEAR, MARK_LENGTH, MARK_WIDTH
from scorekeeper.rules import GAME_IDS

PAPERS = ("a4", "letter")
SMALLEST_PT = 7.0
AID_BODY_PT = 8.5
# Every aid of every game, set at AID_BODY_PT or more (issue 47, item 5): a component named alone is
# an aid on both faces, « component back » its back alone. PHD's whole turn aid and each character
# card's back (the turn in brief), Amphithéâtre's two whole aids and each board's back (the aid's
# rules), Promotion's aids (one a player), Hoc Censeo's presidency aid.
AIDS = {"phd": ("turn-aid", "character-cards back"), "amphitheatre": ("aid", "boards back"),
        "promotion": ("aid",), "hoc-censeo": ("magistrate-aid",)}
EPS = 0.01


def _manifest(kit_build, game: str, paper: str) -> dict:
    out = kit_build("--paper", paper, games=[game])
    return json.loads((out / f"{game}.json").read_text(encoding="utf-8"))


def _sides(manifest: dict):
    """(page number, [(component, box mm)]) for every front and back of a sheet of pieces."""
    for sheet in manifest["sheets"]:
        yield sheet["front"], [(p["component"], p["box"]) for p in sheet["pieces"]]
        if sheet["two_sided"]:
            yield sheet["back"], [(p["component"], p["back_box"]) for p in sheet["pieces"] if p.get("back_box")]


def _within(x: float, y: float, boxes) -> str | None:
    for component, (bx, by, bw, bh) in boxes:
        if bx - EPS <= x <= bx + bw + EPS and by - EPS <= y <= by + bh + EPS:
            return component
    return None


def size(char: dict) -> float:
    """A character's font size in pt, upright or turned a quarter."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


def _marks(page, boxes) -> list[dict]:
    return [line for line in page.lines
            if mm(max(line["width"], line["height"])) <= MARK_LENGTH + EPS
            and abs(mm(line["linewidth"]) - MARK_WIDTH) < EPS
            and _within(mm((line["x0"] + line["x1"]) / 2), mm((line["top"] + line["bottom"]) / 2), boxes) is None]


def _distance(box: tuple[float, float, float, float], line: dict) -> float:
    """mm between a box (x0, top, x1, bottom in pt) and a line's own box."""
    x0, top, x1, bottom = box
    dx = max(0.0, line["x0"] - x1, x0 - line["x1"])
    dy = max(0.0, line["top"] - bottom, top - line["bottom"])
    return mm((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_page_label_keeps_3_mm_from_every_cut_mark(kit_build, kit_pdf, game, paper):
    pdf = kit_pdf(game, "--paper", paper)
    closest = {}
    for number, boxes in _sides(_manifest(kit_build, game, paper)):
        page = pdf.pages[number - 1]
        label = [c for c in page.chars if c["text"].strip()
                 and _within(mm((c["x0"] + c["x1"]) / 2), mm((c["top"] + c["bottom"]) / 2), boxes) is None]
        assert label, (game, paper, number)
        box = (min(c["x0"] for c in label), min(c["top"] for c in label),
               max(c["x1"] for c in label), max(c["bottom"] for c in label))
        marks = _marks(page, boxes)
        if marks:
            closest[number] = min(_distance(box, line) for line in marks)
    assert closest, (game, paper)
    near = {number: round(d, 2) for number, d in closest.items() if d < LABEL_MARK_CLEAR - EPS}
    assert not near, (game, paper, near)


def _sizes(kit_build, kit_pdf, game: str, paper: str) -> dict[str, collections.Counter]:
    """kind of piece (« component » or « component back ») -> Counter of character sizes."""
    pdf = kit_pdf(game, "--paper", paper)
    manifest = _manifest(kit_build, game, paper)
    backs = {s["back"] for s in manifest["sheets"] if s["two_sided"]}
    out: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for number, boxes in _sides(manifest):
        for char in pdf.pages[number - 1].chars:
            if not char["text"].strip():
                continue
            component = _within(mm((char["x0"] + char["x1"]) / 2), mm((char["top"] + char["bottom"]) / 2), boxes)
            if component:
                out[component + (" back" if number in backs else "")][round(size(char), 2)] += 1
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_no_piece_prints_under_7_pt(kit_build, kit_pdf, game, paper):
    sizes = _sizes(kit_build, kit_pdf, game, paper)
    assert sizes, (game, paper)
    small = {kind: min(counts) for kind, counts in sizes.items() if min(counts) < SMALLEST_PT - EPS}
    assert not small, (game, paper, small)


def _is_aid(game: str, kind: str) -> bool:
    return kind in AIDS[game] or kind.split()[0] in AIDS[game]


def test_every_game_names_its_aids():
    assert sorted(AIDS) == sorted(GAME_IDS)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(AIDS))
def test_the_aids_print_nothing_under_8_5_pt(kit_build, kit_pdf, game, paper):
    sizes = _sizes(kit_build, kit_pdf, game, paper)
    aids = {kind: counts for kind, counts in sizes.items() if _is_aid(game, kind)}
    assert {kind for kind in AIDS[game] if " " in kind} <= set(aids), (game, paper, sorted(sizes))
    assert aids, (game, paper, sorted(sizes))
    small = {kind: min(counts) for kind, counts in aids.items() if min(counts) < AID_BODY_PT - EPS}
    assert not small, (game, paper, small)
