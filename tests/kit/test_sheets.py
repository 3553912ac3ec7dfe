"""Imposition: grids, cut marks, mirrored backs, page pieces; drawn on a RecordingSurface."""
from __future__ import annotations

import pytest

from kit.errors import KitError, TextDoesNotFit
from kit.model import Component, Piece
from kit.paper import CARD_SIZES, MIN_MARGIN, PAPERS
from kit.sheets import PieceError, draw_sheet, impose, plan_grid
from kit.surface.record import RecordingSurface


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_standard_cards_nine_per_page_centred(paper):
    grid = plan_grid(paper, CARD_SIZES["standard"])
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)
    pw, ph = PAPERS[paper]
    x, y, w, h = grid.trim_box
    assert (w, h) == pytest.approx((189, 264))
    assert x == pytest.approx(pw - x - w) and y == pytest.approx(ph - y - h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", list(CARD_SIZES.values()) + [(25, 25), (120, 180)])
@pytest.mark.parametrize("bleed", [0, 3])
def test_every_grid_keeps_its_margin_and_bleed_only_shrinks_it(paper, size, bleed):
    grid = plan_grid(paper, size, bleed)
    pw, ph = PAPERS[paper]
    x, y, w, h = grid.bleed_box
    assert x >= MIN_MARGIN - 1e-6 and y >= MIN_MARGIN - 1e-6
    assert x + w <= pw - MIN_MARGIN + 1e-6 and y + h <= ph - MIN_MARGIN + 1e-6
    assert grid.per_page <= plan_grid(paper, size, 0).per_page


def test_bleed_grows_cells_and_fits_fewer_cards():
    plain, bled = plan_grid("a4", (63, 88), 0), plan_grid("a4", (63, 88), 3)
    assert bled.per_page < plain.per_page
    cw, ch = bled.cell
    assert sorted((cw, ch)) == pytest.approx([69, 94])


def test_too_large_a_piece_is_refused_by_name():
    with pytest.raises(KitError, match="component 'poster'.*does not fit on a4"):
        plan_grid("a4", (300, 400), 0, name="poster")


def test_cut_marks_sit_outside_the_grid_in_line_with_every_cut():
    grid = plan_grid("a4", (63, 88))
    gx, gy, gw, gh = grid.bleed_box
    xs, ys = grid.cut_lines()
    assert xs == pytest.approx([10.5, 73.5, 136.5, 199.5]) and ys == pytest.approx([16.5, 104.5, 192.5, 280.5])
    marks = grid.cut_marks()
    assert len(marks) == 2 * len(xs) + 2 * len(ys)
    for x1, y1, x2, y2 in marks:
        inside_x = gx < x1 < gx + gw and gx < x2 < gx + gw
        inside_y = gy < y1 < gy + gh and gy < y2 < gy + gh
        assert not (inside_x and inside_y), "a mark over the art"
        assert 0 < min(x1, x2) and max(x1, x2) < 210 and 0 < min(y1, y2) and max(y1, y2) < 297


def test_bleed_gives_two_cut_lines_per_gutter():
    grid = plan_grid("letter", (44, 67), 3)
    xs, _ = grid.cut_lines()
    assert len(xs) == 2 * grid.cols
    assert xs[1] - xs[0] == pytest.approx(44) and xs[2] - xs[1] == pytest.approx(6)


def test_partial_page_marks_only_its_filled_rows():
    grid = plan_grid("a4", (63, 88))
    xs, ys = grid.cut_lines(2)
    assert len(xs) == 3 and len(ys) == 2


def _piece(label, calls):
    def draw(surface, frame):
        calls.append((label, frame))
        surface.rect(0, 0, frame.width, frame.height, fill="#000000")
    return draw


def test_backs_follow_each_front_page_mirrored_and_offset():
    calls = []
    pieces = tuple(Piece(f"p{i}", _piece(f"front{i}", calls), back=_piece(f"back{i}", calls)) for i in range(11))
    component = Component("deck", "Deck", "card", (63, 88), pieces)
    sheets = impose(component, "a4", back_offset=(1.5, -2.0))
    assert [s.side for s in sheets] == ["front", "back", "front", "back"]
    grid = sheets[0].grid
    for front, back in zip(sheets[0].placements, sheets[1].placements):
        assert back.label == front.label
        # Mirrored within its row: same y, x reflected about the page's vertical axis.
        assert back.y == pytest.approx(front.y)
        assert back.x == pytest.approx(210 - front.x - 63)
    assert sheets[1].offset == (1.5, -2.0) and sheets[0].offset == (0.0, 0.0)
    assert len(sheets[2].placements) == 2
    s = RecordingSurface()
    draw_sheet(s, sheets[1])
    rects = [r for r in s.find("rect")]
    first = rects[0]
    assert first.on_page(0, 0) == pytest.approx((grid.cell_origin(2)[0] + 1.5, grid.cell_origin(2)[1] - 2.0))
    assert not s.find("line"), "backs carry no cut marks"


def test_single_sided_without_backs_or_when_disabled():
    pieces = (Piece("a", lambda s, f: None, copies=3),)
    assert [s.side for s in impose(Component("t", "T", "token", (25, 25), pieces), "a4")] == ["front"]
    with_back = Component("c", "C", "card", (63, 88), pieces, back=lambda s, f: None)
    assert [s.side for s in impose(with_back, "a4", backs=False)] == ["front"]


def test_rotated_pieces_draw_inside_their_cells():
    component = Component("big", "Big", "board", (120, 90), (Piece("b", lambda s, f: s.rect(0, 0, f.width, f.height)),),
                          back=lambda s, f: s.rect(0, 0, f.width, f.height))
    sheets = impose(component, "a4")
    grid = sheets[0].grid
    assert grid.rotated and grid.per_page == 4  # 2 x 2 turned, against 1 x 3 upright
    for sheet in sheets:
        s = RecordingSurface()
        draw_sheet(s, sheet)
        rect = s.find("rect")[0]
        corners = [rect.on_page(x, y) for x, y in ((0, 0), (120, 0), (0, 90), (120, 90))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        cx, cy = sheet.placements[0].x, sheet.placements[0].y
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((cx, cy, cx + 90, cy + 120))


def test_page_pieces_fill_the_printable_area():
    component = Component("sheet", "S", "sheet", "page", (Piece("s", lambda s, f: s.rect(0, 0, f.width, f.height)),))
    sheet = impose(component, "letter", bleed=3)[0]
    s = RecordingSurface()
    draw_sheet(s, sheet)
    rect = s.find("rect")[0]
    assert rect.on_page(0, 0) == pytest.approx((10, 10))
    assert rect["w"] == pytest.approx(195.9) and rect["h"] == pytest.approx(259.4)
    page = s.find("begin_page")[0]
    assert page["trim"] == pytest.approx((10, 10, 195.9, 259.4))
    assert page["bleed"] == pytest.approx((7, 7, 201.9, 265.4))


def test_text_that_does_not_fit_names_component_and_piece():
    def bad(surface, frame):
        raise TextDoesNotFit("too long")
    sheet = impose(Component("deck", "D", "card", (63, 88), (Piece("cards[3] « X »", bad),)), "a4")[0]
    with pytest.raises(PieceError, match="component 'deck', cards\\[3\\] « X »: too long"):
        draw_sheet(RecordingSurface(), sheet)


@pytest.mark.parametrize("round_", [False, True])
def test_a_line_of_text_that_leaves_its_piece_is_refused_not_clipped(round_):
    # A part printing a layout's word on one line (the speaker token's title) used to let a
    # longer word run past the cut, where the clip silently ate it.
    def wide(surface, frame):
        with surface.translated(frame.width / 2, frame.height / 2):
            surface.text(0, 0, "ORATEUR " * 6, size=15, anchor="middle")
    sheet = impose(Component("speaker", "S", "token", (60, 60), (Piece("speaker_token « Orateur »", wide),),
                             round=round_), "a4")[0]
    with pytest.raises(PieceError, match="component 'speaker', speaker_token « Orateur »: the line « ORATEUR"):
        draw_sheet(RecordingSurface(), sheet)


def test_text_inside_a_round_piece_but_outside_its_circle_is_refused():
    # 52 mm of text fits the 60 mm square but not the circle 20 mm below the centre.
    def low(surface, frame):
        surface.text(frame.width / 2, frame.height - 8, "x" * 10, size=30, anchor="middle")
    component = Component("t", "T", "token", (60, 60), (Piece("t", low),), round=True)
    with pytest.raises(PieceError):
        draw_sheet(RecordingSurface(), impose(component, "a4")[0])


def test_text_inside_its_piece_passes_and_rotated_labels_are_left_to_their_parts():
    def fine(surface, frame):
        surface.text(3, 10, "Orateur", size=9)
        with surface.rotated(90):
            surface.text(0, 0, "a long label measured by its track " * 3, size=7)
    draw_sheet(RecordingSurface(), impose(Component("t", "T", "token", (60, 60), (Piece("t", fine),)), "a4")[0])


def test_text_under_six_points_is_refused_whoever_draws_it():
    # Several parts let their text boxes shrink to 5 or 5.5 pt: a longer layout text printed
    # there, unreadable, instead of being refused.
    def tiny(surface, frame):
        surface.text(3, 10, "En attente du superviseur", size=5.5)
    sheet = impose(Component("markers", "M", "token", (30, 60), (Piece("characters[1] « Camille »", tiny),)), "a4")[0]
    with pytest.raises(PieceError, match="Camille »: the text « En attente du superviseur » would print at 5.5 pt"):
        draw_sheet(RecordingSurface(), sheet)
