"""`kit build` end to end on the fixture game: the files, measured."""
from __future__ import annotations

import json

import pdfplumber
import pytest
from build_helpers import GAME, LAYOUTS, mm, points, run

# Imported by name so the test reads the same numbers the fixture draws with.
from kit_fixture_game.layout import MARKER
from pypdf import PdfReader

from kit.build import BuildOptions, default_layouts, load_kit, plan
from kit.paper import PAPERS
from kit.sheets import GUTTER

MARK_WIDTH_MM = 0.2


def card_rects(page, w=63.0, h=88.0, bleed=(GUTTER / 2, GUTTER / 2)):
    """The full-bleed backgrounds of the cards on a page, as (x, y) mm of their trim corner
    (each card draws its background half a gutter, or the print-shop bleed, past its cuts:
    bleed is (across, down))."""
    bx, by = bleed
    found = []
    for r in page.rects:
        if abs(mm(r["width"]) - (w + 2 * bx)) < 0.05 and abs(mm(r["height"]) - (h + 2 * by)) < 0.05:
            found.append((round(mm(r["x0"]) + bx, 2), round(mm(r["top"]) + by, 2)))
    return sorted(found, key=lambda p: (p[1], p[0]))


def cut_marks(page):
    return [(mm(l["x0"]), mm(l["top"]), mm(l["x1"]), mm(l["bottom"])) for l in page.lines
            if abs(mm(l["linewidth"]) - MARK_WIDTH_MM) < 0.01]


def planned(**options):
    """The fixture kit as the build imposes it."""
    return plan(load_kit(GAME, LAYOUTS), BuildOptions(**options), LAYOUTS)


def first_cards(**options):
    """(page number, Sheet, the cards' block) of the first page of cards. A card draws its
    background max(block.margin) past its trim on every side (clipped to the margins)."""
    p = planned(**options)
    n, sheet = next((n, s) for n, s in enumerate(p.sheets, start=p.lead + 1)
                    if any(pl.component.id == "cards" for pl in s.placements))
    return n, sheet, next(b for b in sheet.blocks if b.component.id == "cards")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_nine_cards_and_cut_marks(build_fixture, paper):
    out = build_fixture("--paper", paper)
    pw, ph = PAPERS[paper]
    number, sheet, block = first_cards(paper=paper)
    # Letter is 17.6 mm shorter: three rows of cards would leave no room for 3 mm cut marks.
    assert (block.count, block.rotated) == ((9, False) if paper == "a4" else (8, True))
    size = (88.0, 63.0) if block.rotated else (63.0, 88.0)
    with pdfplumber.open(out / f"{GAME}.pdf") as pdf:
        for page in pdf.pages:
            assert page.width == pytest.approx(points(pw), abs=0.1)
            assert page.height == pytest.approx(points(ph), abs=0.1)
        fronts = pdf.pages[number - 1]
        cards = [p for p in sheet.placements if p.component.id == "cards"]
        expected = sorted(((round(p.x, 2), round(p.y, 2)) for p in cards), key=lambda p: (p[1], p[0]))
        assert card_rects(fronts, *size, (max(block.margin),) * 2) == expected
        marks = cut_marks(fronts)
        drawn = sorted(tuple(round(v, 1) for v in m) for m in marks)
        planned_marks = sorted(tuple(round(v, 1) for v in m) for m in sheet.marks)
        assert len(drawn) == len(planned_marks)
        assert all(d == pytest.approx(p, abs=0.11) for d, p in zip(drawn, planned_marks))
        for x1, y1, x2, y2 in marks:  # never within 5 mm of the edge, never over a card
            assert min(x1, x2, y1, y2) >= 5 - 0.01
            assert max(x1, x2) <= pw - 5 + 0.01
            assert max(y1, y2) <= ph - 5 + 0.01
            for x, y in card_rects(fronts, *size, (max(block.margin),) * 2):
                w, h = size
                assert not (x < x1 < x + w and y < y1 < y + h)
                assert not (x < x2 < x + w and y < y2 < y + h)


@pytest.mark.parametrize("offset", ["0,0", "1.5,-2"])
def test_backs_are_mirrored_and_shifted_by_the_offset(build_fixture, offset):
    dx, dy = (float(v) for v in offset.split(","))
    out = build_fixture("--back-offset", offset)
    number, _, block = first_cards()
    with pdfplumber.open(out / f"{GAME}.pdf") as pdf:
        fronts, backs = card_rects(pdf.pages[number - 1], bleed=(max(block.margin),) * 2), pdf.pages[number]
        mx, my, mw, mh = MARKER
        markers = sorted(((round(mm(r["x0"]), 2), round(mm(r["top"]), 2)) for r in backs.rects
                          if abs(mm(r["width"]) - mw) < 0.02 and abs(mm(r["height"]) - mh) < 0.02),
                         key=lambda p: (p[1], p[0]))
        assert len(markers) == 9
        expected = sorted(((round(210 - x - 63 + mx + dx, 2), round(y + my + dy, 2)) for x, y in fronts),
                          key=lambda p: (p[1], p[0]))
        assert markers == expected
        assert not cut_marks(backs)


def test_bleed_sets_trim_and_bleed_boxes_and_fits_fewer_cards(build_fixture):
    out = build_fixture("--bleed", "3")
    reader = PdfReader(out / f"{GAME}.pdf")
    number, sheet, _ = first_cards(bleed=3.0)
    cards = [p for p in sheet.placements if p.component.id == "cards"]
    assert len(cards) < 9
    xs = [p.box[0] for p in sheet.placements] + [p.box[0] + p.box[2] for p in sheet.placements]
    ys = [p.box[1] for p in sheet.placements] + [p.box[1] + p.box[3] for p in sheet.placements]
    tx, ty, tw, th = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    page = reader.pages[number - 1]
    trim = [mm(float(v)) for v in page.trimbox]
    bleed = [mm(float(v)) for v in page.bleedbox]
    assert trim == pytest.approx([tx, 297 - ty - th, tx + tw, 297 - ty], abs=0.05)
    assert bleed == pytest.approx([tx - 3, 297 - ty - th - 3, tx + tw + 3, 297 - ty + 3], abs=0.05)
    with pdfplumber.open(out / f"{GAME}.pdf") as pdf:
        turned = cards[0].rotation != 0
        backgrounds = card_rects(pdf.pages[number - 1], 88, 63, (3, 3)) if turned else \
            card_rects(pdf.pages[number - 1], bleed=(3, 3))
        assert len(backgrounds) == len(cards)


def test_fonts_are_embedded(build_fixture):
    reader = PdfReader(build_fixture() / f"{GAME}.pdf")
    seen = 0
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
            seen += 1
    assert seen > 0


def test_viewer_preferences_ask_for_no_scaling_and_long_edge_duplex(build_fixture):
    reader = PdfReader(build_fixture() / f"{GAME}.pdf")
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_manifest(build_fixture):
    out = build_fixture()
    manifest = json.loads((out / f"{GAME}.json").read_text(encoding="utf-8"))
    # The contents sheet (pages 1-2), then one run per paper: the board on paper, then card stock.
    assert manifest == {
        "game": "fixture", "title": "Jeu d’essai", "paper": "a4", "pages": 10,
        "components": [
            {"id": "cards", "name": "Cartes événement", "kind": "card", "count": 12, "size_mm": [63.0, 88.0],
             "pages": [5, 8], "on_pages": [5, 6, 7, 8], "stock": "carte", "designs": 5},
            {"id": "minis", "name": "Mini-cartes", "kind": "card", "count": 9, "size_mm": [44.0, 67.0],
             "pages": [7, 10], "on_pages": [7, 8, 9, 10], "stock": "carte", "designs": 3},
            {"id": "tokens", "name": "Jetons", "kind": "token", "count": 10, "size_mm": [25.0, 25.0],
             "pages": [9, 9], "on_pages": [9], "stock": "carte"},
            {"id": "board", "name": "Plateau", "kind": "board", "count": 1, "size_mm": [190.0, 277.0],
             "pages": [3, 3], "on_pages": [3], "stock": "papier"},
        ],
        "runs": [{"stock": "papier", "name": "papier 120\u00a0g", "pages": [1, 4], "sheets": 2},
                 {"stock": "carte", "name": "carte 160\u00a0à 250\u00a0g", "pages": [5, 10], "sheets": 3}],
        "sheets": manifest["sheets"], "rulebook": None}
    assert [(s["front"], s["back"], s["two_sided"], s["stock"], s["counts"]) for s in manifest["sheets"]] == [
        (3, 4, False, "papier", {"board": 1}), (5, 6, True, "carte", {"cards": 9}),
        # The minis' backs differ by design, so they stand GUTTER apart, eight a sheet, not nine.
        (7, 8, True, "carte", {"cards": 3, "minis": 8}), (9, 10, True, "carte", {"minis": 1, "tokens": 10})]
    # Each piece says where it is, and where its back is: its front box mirrored.
    for sheet in manifest["sheets"]:
        for piece in sheet["pieces"]:
            x, y, w, h = piece["box"]
            if piece["component"] in ("tokens", "board"):
                assert piece["back_box"] is None
            else:
                assert piece["back_box"] == pytest.approx([210 - x - w, y, w, h], abs=0.02)
    assert len(PdfReader(out / f"{GAME}.pdf").pages) == manifest["pages"]


def test_contents_page_says_what_and_how(build_fixture):
    with pdfplumber.open(build_fixture() / f"{GAME}.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for expected in ("Jeu d’essai", "2 à 4 joueurs", "Contenu du kit", "Cartes événement", "63 × 88 mm",
                     "5–8", "100 %", "recto verso, retournement sur le bord long",
                     "pages 1 à 4 : papier 120 g, 2 feuilles", "pages 5 à 10 : carte 160 à 250 g, 3 feuilles",
                     "En tout : 5 feuilles A4", "imprimez les pages impaires", "imprimez les pages paires",
                     "Le verso de la page 4 ne porte que l’étiquette de sa feuille",
                     "feuille de calibrage", "(calibrage.pdf", "un cutter, une règle en métal",
                     "Découpez les jetons", "À prévoir en plus", "Un dé à six faces",
                     "Jeu d’essai · feuille 1/5 recto · papier 120 g"):
        assert expected in text.replace("\u00a0", " ").replace("\u202f", " "), expected


def test_no_backs_makes_everything_single_sided(build_fixture):
    out = build_fixture("--no-backs")
    manifest = json.loads((out / f"{GAME}.json").read_text(encoding="utf-8"))
    # Still one job: every sheet keeps its back page, blank but for its label.
    assert manifest["pages"] == 2 + 2 * 4
    assert not any(sheet["two_sided"] for sheet in manifest["sheets"])
    assert all(sheet["back"] == sheet["front"] + 1 for sheet in manifest["sheets"])
    with pdfplumber.open(out / f"{GAME}.pdf") as pdf:
        text = pdf.pages[0].extract_text()
        text = " ".join(text.replace("\u00a0", " ").split())
        assert "Ce kit a été produit sans versos" in text
        assert "pages paires ne portent que leur étiquette" in text
        assert "--" not in text


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_rebuilds_are_byte_identical(module_fixture_game, tmp_path, fmt):
    outputs = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        assert run("build", GAME, "--format", fmt, "--out", str(out)).exit_code == 0
        outputs.append({p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert outputs[0] == outputs[1]
    if fmt == "svg":
        names = sorted(outputs[0])
        # one file per page, named after the component with the most room on it
        # (the lead is the contents and the rules page; blank backs are left out)
        assert [n for n in names if n.endswith(".svg")] == [
            "fixture/board-1.svg", "fixture/cards-1.svg", "fixture/cards-2.svg", "fixture/contents-1.svg",
            "fixture/contents-2.svg", "fixture/minis-1.svg", "fixture/minis-2.svg", "fixture/minis-3.svg",
            "fixture/tokens-1.svg"]
        assert "fixture.json" in names
        assert not [n for n in names if "tmp" in n or n.startswith(".")]


def test_only_builds_the_named_components(module_fixture_game, tmp_path):
    result = run("build", GAME, "--only", "tokens", "--only", "board", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / f"{GAME}.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in manifest["components"]] == ["tokens", "board"]
    assert manifest["pages"] == 2 + 2 + 2   # the lead, the board's sheet, the tokens' sheet


def test_greyscale_prints_no_colour(build_fixture):
    with pdfplumber.open(build_fixture("--greyscale") / f"{GAME}.pdf") as pdf:
        for page in pdf.pages[:3]:
            for obj in page.rects + page.curves:
                colour = obj.get("non_stroking_color")
                if colour and len(colour) == 3:
                    assert max(colour) - min(colour) < 1e-3, colour


def test_summary_and_list_output(module_fixture_game, tmp_path):
    result = run("build", GAME, "--out", str(tmp_path))
    assert "fixture: 10 pages" in result.output
    assert "1 game, 10 pages (A4)" in result.output
    assert (tmp_path / "calibrage.pdf").is_file()
    assert len(PdfReader(tmp_path / "calibrage.pdf").pages) == 2
    listing = run("list", GAME)
    assert listing.exit_code == 0
    assert "cards" in listing.output
    assert "12 x 63x88 mm" in listing.output
    assert "Un dé à six faces" in listing.output


def test_default_layouts_is_the_source_tree_copy():
    root = default_layouts()
    assert root.name == "layouts"
    assert root.is_dir()


def test_a_long_contents_flows_onto_a_second_page_and_shifts_the_numbers(fixture_game, layouts_copy, tmp_path):
    game = layouts_copy / GAME / "game.yaml"
    extra = "".join(f"  - Objet numéro {n} à apporter, avec une description assez longue pour occuper une ligne.\n"
                    for n in range(1, 91))
    text = game.read_text(encoding="utf-8").replace("bring:\n", "bring:\n" + extra, 1)
    game.write_text(text, encoding="utf-8")
    assert run("build", GAME, "--out", str(tmp_path), layouts=layouts_copy).exit_code == 0
    manifest = json.loads((tmp_path / f"{GAME}.json").read_text(encoding="utf-8"))
    # Two contents pages, the rules page, a blank page: the material starts on sheet 3.
    assert manifest["pages"] == 4 + 8
    assert manifest["components"][0]["pages"] == [7, 10]
    with pdfplumber.open(tmp_path / f"{GAME}.pdf") as pdf:
        first, second = (" ".join(p.extract_text().split()) for p in pdf.pages[:2])
    assert "Contenu du kit" in first
    assert "7–10" in first
    assert "pages 1 à 6 : papier 120 g, 3 feuilles" in first
    assert "suite du sommaire" in second
    assert "Objet numéro 90" in second
