"""Imposition: blocks, gutters, cut marks, mirrored backs, shared pages; drawn on a RecordingSurface."""
from __future__ import annotations

import pytest

from kit.errors import KitError, TextDoesNotFit
from kit.model import Component, Piece
from kit.paper import CARD_SIZES, EDGE, MARK_MIN, PAPERS
from kit.sheets import (
    BUTT_BLEED,
    GUTTER,
    LABEL_PT,
    PieceError,
    cut_marks,
    draw_sheet,
    impose,
    impose_kit,
    labelled,
    obstacles,
    pack,
)
from kit.surface.metrics import ascent_descent, text_width
from kit.surface.record import RecordingSurface


def _art_box(place):
    """A placement's art on the page: its trim box grown by its extents."""
    x, y, w, h = place.box
    left, top, right, bottom = place.extents
    return (x - left, y - top, w + left + right, h + top + bottom)


def _overlaps(a, b, eps=1e-6):
    return a[0] < b[0] + b[2] - eps and b[0] < a[0] + a[2] - eps and a[1] < b[1] + b[3] - eps and b[1] < a[1] + a[3] - eps


def _deck(n, size=CARD_SIZES["standard"], back=True, **kw):
    pieces = tuple(Piece(f"p{i}", lambda s, f: s.rect(0, 0, f.width, f.height, fill="#000000")) for i in range(n))
    return Component(kw.pop("id", "deck"), "Deck", kw.pop("kind", "card"), size, pieces,
                     back=(lambda s, f: s.rect(0, 0, f.width, f.height, fill="#444444")) if back else None, **kw)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_standard_cards_with_the_widest_gutter_the_paper_allows(paper):
    front = impose(_deck(9), paper)[0]
    block = front.blocks[0]
    if paper == "a4":
        # Three columns of 63 mm and 3 mm gutters would need 198 mm of the 193 between the
        # margins (5 mm from the edge, a 3 mm mark, 0.5 mm): the columns touch and share
        # their cuts; the rows keep 3 mm.
        assert len(front.placements) == 9
        assert len(front.blocks) == 1
        assert not block.rotated
        assert block.gutter == (0.0, GUTTER)
    else:
        # Letter is 17.6 mm shorter: three rows of 88 mm leave no room for 3 mm marks, so
        # the cards turn, four rows of two.
        assert len(front.placements) == 8
        assert block.rotated
        assert block.gutter[0] == GUTTER
    xs = sorted({p.x for p in front.placements})
    assert xs[1] - xs[0] == pytest.approx(block.placed[0] + block.gutter[0])


def test_art_runs_half_the_gutter_past_every_cut_and_to_the_line_where_pieces_touch():
    front = impose(_deck(9), "a4")[0]
    gx, gy = front.blocks[0].gutter
    assert (gx, gy) == (0.0, GUTTER)
    xs = sorted({p.x for p in front.placements})
    for p in front.placements:
        col = xs.index(p.x)
        # Touching columns: no art past a shared cut, BUTT_BLEED past the block's outer ones.
        left = BUTT_BLEED if col == 0 else 0.0
        right = BUTT_BLEED if col == len(xs) - 1 else 0.0
        assert p.extents == pytest.approx((left, gy / 2, right, gy / 2))
    boxes = [_art_box(p) for p in front.placements]
    assert not any(_overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    # The block's box is its art: every mark starts past it.
    bx, by, bw, bh = front.blocks[0].box
    assert (bx, by, bx + bw, by + bh) == pytest.approx((min(b[0] for b in boxes), min(b[1] for b in boxes),
                                                        max(b[0] + b[2] for b in boxes),
                                                        max(b[1] + b[3] for b in boxes)))


def test_print_shop_bleed_runs_past_every_edge_and_fits_fewer_cards():
    bled = impose(_deck(9), "a4", bleed=3)[0]
    assert len(bled.placements) < 9
    assert all(p.extents == (3, 3, 3, 3) for p in bled.placements)
    w, _ = bled.blocks[0].placed
    xs = sorted({p.x for p in bled.placements})
    assert xs[1] - xs[0] == pytest.approx(w + 6)


def test_too_large_a_piece_is_refused_by_name():
    with pytest.raises(KitError) as caught:
        impose(_deck(1, (300, 400), id="poster"), "a4")
    assert str(caught.value) == ("component 'poster' of 300 x 400 mm (bleed 0 mm) does not fit on a4 paper; "
                                 "the largest piece is 193 x 280 mm")


def test_pieces_of_different_components_share_a_page():
    cards = _deck(7)
    tokens = _deck(20, (20, 20), back=False, id="tokens", kind="token", round=True)
    pages = pack([cards, tokens], "a4")
    assert len(pages) == 1
    assert {b.component.id for b, _ in pages[0]} == {"deck", "tokens"}


def test_pages_come_back_in_the_kit_order():
    tokens = _deck(3, (20, 20), back=False, id="tokens", kind="token")
    boards = _deck(4, (190, 128), back=False, id="boards", kind="board")
    pages = pack([tokens, boards], "a4")
    # the boards are packed first (largest), the tokens slip in beside them; the page that
    # holds the kit's first component comes first
    assert pages[0][0][0].component.id in ("boards", "tokens")
    first_ids = {b.component.id for b, _ in pages[0]}
    assert "tokens" in first_ids


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", list(CARD_SIZES.values()) + [(17, 17), (22, 22), (100, 134), (190, 128)])
@pytest.mark.parametrize("bleed", [0, 3])
def test_marks_keep_off_the_edge_and_off_the_art_and_every_cut_has_one(paper, size, bleed):
    pw, ph = PAPERS[paper]
    for sheet in impose(_deck(13, size), paper, bleed=bleed):
        if sheet.side != "front":
            assert not sheet.marks
            continue
        arts = [_art_box(p) for p in sheet.placements]
        for x1, y1, x2, y2 in sheet.marks:
            assert min(x1, x2) >= EDGE - 1e-6
            assert max(x1, x2) <= pw - EDGE + 1e-6
            assert min(y1, y2) >= EDGE - 1e-6
            assert max(y1, y2) <= ph - EDGE + 1e-6
            line = (min(x1, x2), min(y1, y2), abs(x2 - x1) or 1e-3, abs(y2 - y1) or 1e-3)
            assert not any(_overlaps(line, a) for a in arts), "a mark over the art"
        for block in sheet.blocks:
            xs, ys = block.cut_lines()
            assert all(any(abs(m[0] - x) < 1e-6 and m[0] == m[2] for m in sheet.marks) for x in xs)
            assert all(any(abs(m[1] - y) < 1e-6 and m[1] == m[3] for m in sheet.marks) for y in ys)


def test_marks_between_two_blocks_share_the_gap_and_are_3_mm_long_at_least():
    front = impose_kit([_deck(7), _deck(20, (20, 20), back=False, id="tokens")], "a4")[0]
    assert len(front.blocks) >= 2
    arts = [_art_box(p) for p in front.placements]
    assert front.marks == tuple(cut_marks(front.blocks, PAPERS["a4"]))
    for x1, y1, x2, y2 in front.marks:
        assert abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - 1e-6
        line = (min(x1, x2), min(y1, y2), abs(x2 - x1) or 1e-3, abs(y2 - y1) or 1e-3)
        assert not any(_overlaps(line, art) for art in arts)


def _piece(label, calls):
    def draw(surface, frame):
        calls.append((label, frame))
        surface.rect(0, 0, frame.width, frame.height, fill="#000000")
    return draw


def test_backs_follow_each_front_page_mirrored_and_offset():
    calls = []
    pieces = tuple(Piece(f"p{i}", _piece(f"front{i}", calls), back=_piece(f"back{i}", calls)) for i in range(11))
    # Each back its own drawing, all alike at their edges: the cards may touch, three across.
    component = Component("deck", "Deck", "card", (63, 88), pieces, backs_alike_at_edges=True)
    sheets = impose(component, "a4", back_offset=(1.5, -2.0))
    assert [s.side for s in sheets] == ["front", "back", "front", "back"]
    for front, back in zip(sheets[0].placements, sheets[1].placements):
        assert back.label == front.label
        # Mirrored: same y, x reflected about the page's vertical axis.
        assert back.y == pytest.approx(front.y)
        assert back.x == pytest.approx(210 - front.x - 63)
    assert sheets[1].offset == (1.5, -2.0)
    assert sheets[0].offset == (0.0, 0.0)
    assert len(sheets[2].placements) == 2
    s = RecordingSurface()
    draw_sheet(s, sheets[1])
    first = s.find("rect")[0]
    back0 = sheets[1].placements[0]
    assert first.on_page(0, 0) == pytest.approx((back0.x + 1.5, back0.y - 2.0))
    assert not s.find("line"), "backs carry no cut marks"


def _shared_cuts(sheet) -> list[tuple[str, str, float]]:
    """Pairs of pieces on a page closer than GUTTER across a cut they share: their components
    and the gap in mm."""
    out = []
    for i, a in enumerate(sheet.placements):
        for b in sheet.placements[i + 1:]:
            (ax, ay, aw, ah), (bx, by, bw, bh) = a.box, b.box
            gap_x, gap_y = max(bx - ax - aw, ax - bx - bw), max(by - ay - ah, ay - by - bh)
            if (gap_y < 0 and gap_x < GUTTER - 1e-6) or (gap_x < 0 and gap_y < GUTTER - 1e-6):
                out.append((a.component.id, b.component.id, max(gap_x, gap_y)))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_decks_with_different_backs_never_share_a_cut(paper):
    """Two decks of 13 cards run on as one stream (the same size, cut alike), but where the
    first ends the second starts GUTTER away or more: a miscut would leave a card of one
    deck a sliver of the other's back. Cards of one deck still touch where that fits more."""
    red = _deck(13, id="red")
    blue = Component("blue", "Blue", "card", CARD_SIZES["standard"], red.pieces,
                     back=lambda s, f: s.rect(0, 0, f.width, f.height, fill="#0000FF"))
    sheets = impose_kit([red, blue], paper)
    fronts = sheets[::2]
    pairs = [pair for front in fronts for pair in _shared_cuts(front)]
    assert pairs
    assert all(a == b for a, b, _ in pairs)
    assert any(a == "red" for a, _, _ in pairs)
    assert any(a == "blue" for a, _, _ in pairs)
    assert any(len(front.components) == 2 for front in fronts)        # and the decks share a sheet
    assert sum(len(front.placements) for front in fronts) == 26


def test_one_component_with_pieces_of_their_own_backs_never_touch_unless_alike_at_the_edges():
    def back(colour):
        return lambda s, f: s.rect(0, 0, f.width, f.height, fill=colour)
    pieces = tuple(Piece(f"p{i}", lambda s, f: None, back=back(f"#0000{i:02X}")) for i in range(9))
    own = Component("own", "Own", "card", CARD_SIZES["standard"], pieces)
    assert not _shared_cuts(impose(own, "a4")[0])
    alike = Component("own", "Own", "card", CARD_SIZES["standard"], pieces, backs_alike_at_edges=True)
    front = impose(alike, "a4")[0]
    assert len(front.placements) == 9
    assert _shared_cuts(front)


def test_single_sided_without_backs_or_when_disabled_yet_every_front_has_its_back_page():
    pieces = (Piece("a", lambda s, f: None, copies=3),)
    sheets = impose(Component("t", "T", "token", (25, 25), pieces), "a4")
    assert [(s.side, s.blank) for s in sheets] == [("front", False), ("back", True)]
    with_back = Component("c", "C", "card", (63, 88), pieces, back=lambda s, f: None)
    assert [(s.side, s.blank) for s in impose(with_back, "a4", backs=False)] == [("front", False), ("back", True)]
    assert [(s.side, s.blank) for s in impose(with_back, "a4")] == [("front", False), ("back", False)]


def test_pieces_of_different_papers_never_share_a_sheet_and_paper_comes_before_card():
    cards = _deck(3)
    tokens = _deck(5, (20, 20), back=False, id="tokens", kind="token")
    aids = _deck(2, (63, 88), back=False, id="aids", kind="aid")
    sheets = impose_kit([cards, tokens, aids], "a4")
    assert [(s.side, s.stock) for s in sheets] == [("front", "papier"), ("back", "papier"),
                                                   ("front", "carte"), ("back", "carte")]
    assert {p.component.id for p in sheets[0].placements} == {"aids"}
    assert {p.component.id for p in sheets[2].placements} == {"deck", "tokens"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_label_finds_room_in_a_margin_clear_of_marks_and_art(paper):
    pw, ph = PAPERS[paper]
    for size in [(15, 15), (20, 20), (30, 60), (63, 88), (70, 120), (190, 128)]:
        for sheet in impose(_deck(40, size), paper):
            before = sheet.marks
            sheet = labelled(sheet, "Amphithéâtre · feuille 12/14 recto · carte 160 à 250 g")
            x, top = sheet.label_at
            width = text_width(sheet.label, "sans", LABEL_PT)
            ascent, descent = ascent_descent("sans", LABEL_PT)
            box = (x, top, width, ascent + descent)
            assert x >= EDGE
            assert top >= EDGE
            assert x + width <= pw - EDGE
            assert top + box[3] <= ph - EDGE
            assert not any(_overlaps(box, art) for art in obstacles(sheet)), size
            # a cut keeps a mark at one end at least
            for block in sheet.blocks if sheet.side == "front" else ():
                xs, _ = block.cut_lines()
                assert all(any(abs(m[0] - cx) < 1e-6 and m[0] == m[2] for m in sheet.marks) for cx in xs)
            assert set(sheet.marks) <= set(before)


def test_a_shared_page_has_backs_only_behind_pieces_with_backs():
    cards = _deck(4)
    tokens = _deck(10, (20, 20), back=False, id="tokens", kind="token")
    sheets = impose_kit([cards, tokens], "a4")
    assert [s.side for s in sheets] == ["front", "back"]
    assert {p.component.id for p in sheets[1].placements} == {"deck"}
    assert len(sheets[1].placements) == 4


def test_rotated_pieces_draw_inside_their_cells():
    component = Component("big", "Big", "board", (120, 90), (Piece("b", lambda s, f: s.rect(0, 0, f.width, f.height)),),
                          back=lambda s, f: s.rect(0, 0, f.width, f.height))
    sheets = impose(component, "a4")
    for sheet in sheets:
        s = RecordingSurface()
        draw_sheet(s, sheet)
        rect = s.find("rect")[0]
        place = sheet.placements[0]
        corners = [rect.on_page(x, y) for x, y in ((0, 0), (120, 0), (0, 90), (120, 90))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        px, py, pw, ph = place.box
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((px, py, px + pw, py + ph))


def test_page_pieces_fill_the_printable_area():
    component = Component("sheet", "S", "sheet", "page", (Piece("s", lambda s, f: s.rect(0, 0, f.width, f.height)),))
    sheet = impose(component, "letter")[0]
    rect = _drawn(sheet).find("rect")[0]
    assert rect.on_page(0, 0) == pytest.approx((10, 10))
    assert rect["w"] == pytest.approx(195.9)
    assert rect["h"] == pytest.approx(259.4)
    # With a print-shop bleed of 3 mm the page shrinks so that its bleed keeps 8.5 mm from
    # the edge, the room of the page label.
    s = _drawn(impose(component, "letter", bleed=3)[0])
    rect = s.find("rect")[0]
    assert rect.on_page(0, 0) == pytest.approx((11.5, 11.5))
    assert rect["w"] == pytest.approx(192.9)
    assert rect["h"] == pytest.approx(256.4)
    page = s.find("begin_page")[0]
    assert page["trim"] == pytest.approx((11.5, 11.5, 192.9, 256.4))
    assert page["bleed"] == pytest.approx((8.5, 8.5, 198.9, 262.4))


def _drawn(sheet) -> RecordingSurface:
    s = RecordingSurface()
    draw_sheet(s, sheet)
    return s


def failed_piece(error: PieceError) -> tuple[str, str, str]:
    """What a refused piece names: its component, its label and why it was refused."""
    assert isinstance(error.cause, TextDoesNotFit)
    return error.component, error.label, str(error.cause)


def test_text_that_does_not_fit_names_component_and_piece():
    def bad(surface, frame):
        raise TextDoesNotFit("too long")
    sheet = impose(Component("deck", "D", "card", (63, 88), (Piece("cards[3] « X »", bad),)), "a4")[0]
    with pytest.raises(PieceError) as caught:
        draw_sheet(RecordingSurface(), sheet)
    assert failed_piece(caught.value) == ("deck", "cards[3] « X »", "too long")


@pytest.mark.parametrize("round_", [False, True])
def test_a_line_of_text_that_leaves_its_piece_is_refused_not_clipped(round_):
    # A part printing a layout's word on one line (the speaker token's title) used to let a
    # longer word run past the cut, where the clip silently ate it.
    def wide(surface, frame):
        with surface.translated(frame.width / 2, frame.height / 2):
            surface.text(0, 0, "ORATEUR " * 6, size=15, anchor="middle")
    sheet = impose(Component("speaker", "S", "token", (60, 60), (Piece("speaker_token « Orateur »", wide),),
                             round=round_), "a4")[0]
    with pytest.raises(PieceError) as caught:
        draw_sheet(RecordingSurface(), sheet)
    assert failed_piece(caught.value) == (
        "speaker", "speaker_token « Orateur »",
        f"the line « {'ORATEUR ' * 6} » runs past the edge of the 60 x 60 mm piece at 15 pt; shorten it")


def test_text_inside_a_round_piece_but_outside_its_circle_is_refused():
    # 52 mm of text fits the 60 mm square but not the circle 20 mm below the centre.
    def low(surface, frame):
        surface.text(frame.width / 2, frame.height - 8, "x" * 10, size=30, anchor="middle")
    component = Component("t", "T", "token", (60, 60), (Piece("t", low),), round=True)
    with pytest.raises(PieceError) as caught:
        draw_sheet(RecordingSurface(), impose(component, "a4")[0])
    assert failed_piece(caught.value) == (
        "t", "t", "the line « xxxxxxxxxx » runs past the edge of the 60 x 60 mm piece at 30 pt; shorten it")


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
    with pytest.raises(PieceError) as caught:
        draw_sheet(RecordingSurface(), sheet)
    assert failed_piece(caught.value) == (
        "markers", "characters[1] « Camille »", "the text « En attente du superviseur » would print at 5.5 pt, "
        "under the 6 pt a player can read; shorten it or enlarge its box")


def test_a_repeated_piece_is_drawn_through_reused_once_per_key():
    calls = []

    class Counting(RecordingSurface):
        def reused(self, key, box, draw):
            calls.append(key)
            super().reused(key, box, draw)
    deck = _deck(9)
    sheets = impose(deck, "a4")
    from kit.build import repeated
    reuse = repeated(sheets)
    surface = Counting()
    for sheet in sheets:
        draw_sheet(surface, sheet, reuse)
    assert len(calls) == 9
    assert len(set(calls)) < 9
