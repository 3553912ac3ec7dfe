"""The four real kits as the imposition lays them out: sheets of paper, cut marks, backs.

Measured on the plan (kit.build.plan) and on the drawing calls (RecordingSurface), for
A4 and Letter, with and without a print-shop bleed; the ink of the backs on 100 dpi renders.
"""
from __future__ import annotations

import json

import pytest
from game_kits import ink_coverage

from kit.build import BuildOptions, default_layouts, load_kit, plan
from kit.contents import skippable
from kit.paper import EDGE, MARK_MIN, PAPERS
from kit.sheets import draw_sheet
from kit.surface.record import RecordingSurface
from scorekeeper.rules import GAME_IDS

# Sheets of paper per A4 kit, the contents sheet included (54 in all; 61 before issue 35, 53
# before issue 44 kept Amphithéâtre's decks from sharing cuts):
# tests/kit/test_publisher_sheets.py counts the sheets of pieces alone, on both papers.
A4_SHEETS = {"phd": 15, "amphitheatre": 13, "promotion": 15, "hoc-censeo": 11}
OPTIONS = [dict(paper="a4"), dict(paper="letter"), dict(paper="a4", bleed=3.0), dict(paper="letter", bleed=3.0)]


@pytest.fixture(scope="module")
def kits():
    return {game: load_kit(game, default_layouts()) for game in GAME_IDS}


def test_the_four_a4_kits_take_the_sheets_they_need(kits):
    # The complete rules' sheets (kit.rulebook) are the rules', not the pieces': tests/kit/test_rulebook.py.
    plans = {game: plan(k, BuildOptions()) for game, k in kits.items()}
    sheets = {game: (p.pages - (p.book.page_count if p.book else 0)) // 2 for game, p in plans.items()}
    assert sheets == A4_SHEETS


def _art(call):
    """The page box (x, y, w, h) of a piece's clip."""
    corners = [call.on_page(call["x"], call["y"]), call.on_page(call["x"] + call["w"], call["y"]),
               call.on_page(call["x"], call["y"] + call["h"]), call.on_page(call["x"] + call["w"], call["y"] + call["h"])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (round(min(xs), 1), round(min(ys), 1), round(max(xs) - min(xs), 1), round(max(ys) - min(ys), 1))


def _piece_clips(sheet) -> list[tuple]:
    """Each piece's clip as drawn: the first clip after each piece's move onto the page."""
    surface = RecordingSurface()
    draw_sheet(surface, sheet)
    out, waiting = [], False
    for call in surface.calls:
        if call.name == "translated" and call.depth == 0:
            waiting = True
        elif call.name == "clipped" and waiting:
            out.append(_art(call))
            waiting = False
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_every_back_lands_on_its_front_mirrored_and_no_mark_nears_the_edge(kits, options):
    pw, ph = PAPERS[options["paper"]]
    for game, game_kit in kits.items():
        sheets = plan(game_kit, BuildOptions(**options)).sheets
        for i, sheet in enumerate(sheets):
            for x1, y1, x2, y2 in sheet.marks:
                assert min(x1, x2) >= EDGE - 1e-6, (game, x1, x2)
                assert max(x1, x2) <= pw - EDGE + 1e-6, (game, x1, x2)
                assert min(y1, y2) >= EDGE - 1e-6, (game, y1, y2)
                assert max(y1, y2) <= ph - EDGE + 1e-6, (game, y1, y2)
            if sheet.side != "back":
                continue
            front = sheets[i - 1]
            with_backs = [p for p in front.placements if (p.component.back or any(
                piece.back for piece in p.component.pieces if piece.label == p.label))]
            mirrored = sorted((round(pw - p.x - p.placed[0], 2), round(p.y, 2), p.placed) for p in with_backs)
            assert sorted((round(p.x, 2), round(p.y, 2), p.placed) for p in sheet.placements) == mirrored, game


@pytest.mark.parametrize("game", GAME_IDS)
def test_drawn_backs_clip_to_their_fronts_art_mirrored(kits, game):
    sheets = plan(kits[game], BuildOptions(back_offset=(0.0, 0.0))).sheets
    for i, sheet in enumerate(sheets):
        if sheet.side != "back":
            continue
        front, back = sheets[i - 1], sheet
        drawn_fronts = dict(zip((id(p) for p in front.placements), _piece_clips(front)))
        behind = {(p.component.id, p.label) for p in back.placements}
        expected = sorted((round(210 - x - w, 1), y, w, h) for p, (x, y, w, h) in
                          ((p, drawn_fronts[id(p)]) for p in front.placements)
                          if (p.component.id, p.label) in behind)
        got = sorted(_piece_clips(back))
        assert len(got) == len(expected), (game, i)
        assert all(g == pytest.approx(e, abs=0.11) for g, e in zip(got, expected)), (game, i)


@pytest.mark.parametrize(("ink_saver", "most"), [(False, 0.40), (True, 0.15)])
def test_no_page_of_backs_is_heavy_with_ink(kit_build, ink_saver, most):
    pdfium = pytest.importorskip("pypdfium2")
    out = kit_build("--ink-saver") if ink_saver else kit_build()
    worst = {}
    for game in GAME_IDS:
        manifest = json.loads((out / f"{game}.json").read_text(encoding="utf-8"))
        pdf = pdfium.PdfDocument(out / f"{game}.pdf")
        backs = [s["back"] for s in manifest["sheets"] if s["back"]]
        worst[game] = max(ink_coverage(pdf[n - 1].render(scale=100 / 72).to_pil().convert("RGB")) for n in backs)
    assert all(value <= most for value in worst.values()), worst


def test_ink_saver_moves_no_piece_and_no_mark(kits):
    for game_kit in kits.values():
        plain, light = (plan(game_kit, BuildOptions(ink_saver=flag)).sheets for flag in (False, True))
        assert [(s.side, s.marks, [p.box for p in s.placements]) for s in plain] == \
               [(s.side, s.marks, [p.box for p in s.placements]) for s in light]
        # both sides drawn light: the backs wholly, the fronts' floods (kit.surface.inksaver)
        assert all(s.ink_saver for s in light)


def test_a_smaller_table_can_leave_out_the_sheets_of_the_pieces_it_does_not_need(kits):
    p = plan(kits["amphitheatre"], BuildOptions())
    skips = {(low, high): pages for low, high, pages in skippable(p.kit, p.sheets, p.lead)}
    assert set(skips) == {(3, 4), (5, 6)}
    by_page = {n: s for n, s in enumerate(p.sheets, start=p.lead + 1)}
    for (_, high), pages in skips.items():
        for n in pages:
            # Only boards (the rules on their backs) beyond one per player at the smaller table.
            assert all(pl.component.id == "boards" and pl.index >= high for pl in by_page[n].placements)
    # Three or four players leave out two sheets of boards, both pages of each.
    assert len(skips[(3, 4)]) == 2 * 2


@pytest.mark.parametrize("game", ["phd", "promotion"])
def test_on_letter_three_rows_of_cards_keep_every_cut_marked_from_the_top(kits, game):
    # Three rows of 88 mm leave Letter no room for a 3 mm mark below them: the pieces come
    # down near the bottom edge, each cut across keeps its mark at the top, and the label
    # finds its room there between the marks.
    p = plan(kits[game], BuildOptions(paper="letter"))
    fronts = [s for s in p.sheets if s.side == "front" and any(pl.component.id.endswith("cards") for pl in s.placements)]
    assert max(sum(pl.size == (63.0, 88.0) and not pl.rotation for pl in s.placements) for s in fronts) == 9
    _, ph = PAPERS["letter"]
    for sheet in fronts:
        for block in sheet.blocks:
            xs, ys = block.cut_lines()
            assert all(any(abs(m[0] - x) < 1e-6 and m[0] == m[2] for m in sheet.marks) for x in xs), game
            assert all(any(abs(m[1] - y) < 1e-6 and m[1] == m[3] for m in sheet.marks) for y in ys), game
        assert all(abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - 1e-6 for x1, y1, x2, y2 in sheet.marks), game
        assert sheet.label
        assert sheet.label_at[1] >= EDGE - 1e-6
        assert sheet.label_at[1] <= ph - EDGE
