"""One print job per paper (issue 23): every kit prints right as one whole-file, two-sided job.

For every kit, on A4 and Letter, for the default build, `--bleed 3`, `--ink-saver` and
`--no-backs`, measured on the manifest and on the PDF:
- page 2k-1 is the front of sheet k and page 2k its back; every back piece's box is its
  front's mirrored about the page's vertical axis;
- no sheet holds pieces of two papers; the PDF is one run of pages per paper, each run
  starting on an odd page, and the runs cover the document;
- every page carries its label (game, sheet n/N, recto or verso, paper) at least EDGE from
  every edge, and no text is under 7 pt (pdfplumber words with their size).

Each kit is built once per paper and option set for the whole session.
"""
from __future__ import annotations

import json

import pdfplumber
import pytest
from build_helpers import mm

from kit.paper import EDGE, KIND_STOCK, PAPERS
from scorekeeper.rules import GAME_IDS

OPTIONS = {"default": (), "bleed": ("--bleed", "3"), "ink-saver": ("--ink-saver",), "no-backs": ("--no-backs",)}
CASES = [(paper, option) for paper in PAPERS for option in OPTIONS]
SMALLEST_PT = 7.0
# mm from the top or bottom edge: where the page labels are (EDGE, then a 7 pt line). A
# piece's text keeps 3 mm inside its cut, which comes no nearer the edge than TIGHT_BOTTOM.
MARGIN_BAND = 8.0


def _ids(case):
    return "-".join(case)


@pytest.fixture(scope="session")
def builds(kit_build):
    """(paper, option) -> {game: (manifest, pdf path)}, each built once (kit_build)."""
    cache: dict[tuple[str, str], dict] = {}

    def built(paper: str, option: str) -> dict:
        if (paper, option) not in cache:
            out = kit_build("--paper", paper, *OPTIONS[option])
            cache[(paper, option)] = {
                game: (json.loads((out / f"{game}.json").read_text(encoding="utf-8")), out / f"{game}.pdf")
                for game in GAME_IDS}
        return cache[(paper, option)]
    return built


@pytest.fixture(scope="session")
def texts(builds):
    """(paper, option, game) -> per page: (the characters within MARGIN_BAND of the top or
    bottom edge as (char, left, top, right, bottom) in mm, in reading order; the size in pt
    of the smallest character), read with pdfium (fast enough to read every page of every
    build; test_labels_read_the_same_with_pdfplumber checks it against pdfplumber)."""
    pdfium = pytest.importorskip("pypdfium2")
    raw = pytest.importorskip("pypdfium2.raw")
    cache: dict[tuple[str, str, str], list] = {}

    def bands(path) -> list[tuple[list[tuple], float]]:
        pdf = pdfium.PdfDocument(str(path))
        matrix = raw.FS_MATRIX()
        pages = []
        for number in range(len(pdf)):
            page = pdf[number]
            _, ph = page.get_size()
            textpage = page.get_textpage()
            band, smallest = [], 99.0
            for k in range(textpage.count_chars()):
                code = raw.FPDFText_GetUnicode(textpage.raw, k)
                if chr(code).isspace() or raw.FPDFText_IsGenerated(textpage.raw, k) == 1:
                    continue
                raw.FPDFText_GetMatrix(textpage.raw, k, matrix)
                size = raw.FPDFText_GetFontSize(textpage.raw, k) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                smallest = min(smallest, size)
                left, bottom, right, top = textpage.get_charbox(k)
                box = (mm(left), mm(ph - top), mm(right), mm(ph - bottom))
                if box[1] < MARGIN_BAND or box[3] > mm(ph) - MARGIN_BAND:
                    band.append((chr(code), *box, size))
            pages.append((band, smallest))
        pdf.close()
        return pages

    def read(paper: str, option: str, game: str) -> list[tuple[list[tuple], float]]:
        if (paper, option, game) not in cache:
            _, path = builds(paper, option)[game]
            cache[(paper, option, game)] = bands(path)
        return cache[(paper, option, game)]
    return read


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_odd_page_is_a_front_and_the_next_page_its_back(builds, case):
    for game, (manifest, path) in builds(*case).items():
        sheets = manifest["sheets"]
        lead = sheets[0]["front"] - 1
        assert lead >= 2, game
        assert lead % 2 == 0, game        # the contents sheet, the rules behind it
        assert [(s["front"], s["back"]) for s in sheets] == \
               [(lead + 2 * k + 1, lead + 2 * k + 2) for k in range(len(sheets))], game
        assert manifest["pages"] == sheets[-1]["back"], game
        with pdfplumber.open(path) as pdf:
            assert len(pdf.pages) == manifest["pages"], game


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_back_box_is_its_front_mirrored(builds, case):
    paper, option = case
    pw, _ = PAPERS[paper]
    for game, (manifest, _) in builds(*case).items():
        backed = 0
        for sheet in manifest["sheets"]:
            for piece in sheet["pieces"]:
                if piece["back_box"] is None:
                    continue
                backed += 1
                x, y, w, h = piece["box"]
                assert piece["back_box"] == pytest.approx([pw - x - w, y, w, h], abs=0.011), (game, sheet["front"])
            assert sheet["two_sided"] == any(p["back_box"] for p in sheet["pieces"]), (game, sheet["front"])
        assert (backed == 0) == (option == "no-backs"), game


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_no_sheet_mixes_papers_and_each_paper_is_one_run_from_an_odd_page(builds, case):
    for game, (manifest, _) in builds(*case).items():
        stock = {c["id"]: c["stock"] for c in manifest["components"]}
        kinds = {c["id"]: c["kind"] for c in manifest["components"]}
        assert all(stock[cid] == KIND_STOCK[kinds[cid]] for cid in stock), game
        for sheet in manifest["sheets"]:
            assert {stock[p["component"]] for p in sheet["pieces"]} == {sheet["stock"]}, (game, sheet["front"])
        runs = manifest["runs"]
        assert runs[0]["pages"][0] == 1, game
        assert runs[-1]["pages"][1] == manifest["pages"], game
        assert len({r["stock"] for r in runs}) == len(runs), game        # one run per paper
        for before, after in zip(runs, runs[1:]):
            assert after["pages"][0] == before["pages"][1] + 1, game
        for r in runs:
            first, last = r["pages"]
            assert first % 2 == 1, game
            assert last % 2 == 0, game
            assert r["sheets"] == (last - first + 1) // 2, game
            assert all(s["stock"] == r["stock"] for s in manifest["sheets"] if first <= s["front"] <= last), game


def _label(manifest: dict, page: int) -> str:
    """What page `page`'s label says, from the manifest alone: the sheets of a secret
    component (Hoc Censeo's tribe sheets) all name their run, not their own number."""
    paper = next(r["name"] for r in manifest["runs"] if r["pages"][0] <= page <= r["pages"][1])
    side = "recto" if page % 2 else "verso"
    sheet = f"feuille {(page + 1) // 2}"
    for c in manifest["components"]:
        first, last = ((n + 1) // 2 for n in c["pages"])
        if c.get("secret") and first <= (page + 1) // 2 <= last and last > first:
            sheet = f"une des feuilles {first} à {last}"
    return f"{manifest['title']} · {sheet}/{manifest['pages'] // 2} {side} · {paper}"


def _plain(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_page_has_its_label_and_no_text_is_under_7_pt(builds, texts, case):
    paper, option = case
    pw, ph = PAPERS[paper]
    for game, (manifest, _) in builds(*case).items():
        # The complete rules show the pieces as they print, scaled down: those small words
        # are the pieces' own (test_rulebook checks the rules' own words are 7 pt or more).
        first, last = manifest["rulebook"]["pages"] if manifest.get("rulebook") else (0, -1)
        for n, (band, smallest) in enumerate(texts(paper, option, game), start=1):
            # Nothing but the label comes this close to the top or bottom edge: pieces keep
            # their text 3 mm inside their cut, 8.5 mm from the edge at least.
            assert _plain("".join(c[0] for c in band)) == _plain(_label(manifest, n)), (game, n)
            assert all(c[5] >= SMALLEST_PT - 0.01 for c in band), (game, n)
            assert min(c[1] for c in band) >= EDGE - 0.01, (game, n)
            assert max(c[3] for c in band) <= pw - EDGE + 0.01, (game, n)
            assert min(c[2] for c in band) >= EDGE - 0.01, (game, n)
            assert max(c[4] for c in band) <= ph - EDGE + 0.01, (game, n)
            assert smallest >= SMALLEST_PT - 0.01 or first <= n <= last, (game, n, smallest)


@pytest.mark.parametrize("game", GAME_IDS)
def test_labels_read_the_same_with_pdfplumber(builds, texts, kit_pdf, game):
    """pdfplumber's words where pdfium found each label, on the default A4 build (its pages
    parsed once for the game tests too)."""
    manifest, _ = builds("a4", "default")[game]
    pw, ph = PAPERS["a4"]
    pdf = kit_pdf(game)
    for n, (band, _) in enumerate(texts("a4", "default", game), start=1):
        x0, top = min(c[1] for c in band), min(c[2] for c in band)
        x1, bottom = max(c[3] for c in band), max(c[4] for c in band)
        k = 72 / 25.4
        crop = pdf.pages[n - 1].crop(((x0 - 1) * k, (top - 1) * k, (x1 + 1) * k, (bottom + 1) * k))
        words = crop.extract_words(extra_attrs=["size"])
        assert " ".join(w["text"] for w in words).split() == _label(manifest, n).split(), (game, n)
        assert all(w["size"] >= SMALLEST_PT - 0.01 for w in words)
        assert min(mm(w["x0"]) for w in words) >= EDGE - 0.01
        assert max(mm(w["x1"]) for w in words) <= pw - EDGE + 0.01
        assert min(mm(w["top"]) for w in words) >= EDGE - 0.01
        assert max(mm(w["bottom"]) for w in words) <= ph - EDGE + 0.01


@pytest.mark.parametrize("paper", PAPERS)
def test_with_a_bleed_each_page_trim_box_frames_its_pieces_fronts_and_backs_mirrored(builds, paper):
    """The PDF side of the mirror: each page's TrimBox (set with a print-shop bleed) is the box
    around the manifest's pieces on that page, so a back page's is its front's, mirrored."""
    pypdf = pytest.importorskip("pypdf")
    pw, ph = PAPERS[paper]
    for game, (manifest, path) in builds(paper, "bleed").items():
        reader = pypdf.PdfReader(path)
        for sheet in manifest["sheets"]:
            sides = [("front", [p["box"] for p in sheet["pieces"]])]
            if sheet["two_sided"]:
                sides.append(("back", [p["back_box"] for p in sheet["pieces"] if p["back_box"]]))
            for side, boxes in sides:
                x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
                x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
                trim = [mm(float(v)) for v in reader.pages[sheet[side] - 1].trimbox]
                assert trim == pytest.approx([x0, ph - y1, x1, ph - y0], abs=0.02), (game, sheet[side])
            if sheet["two_sided"] and all(p["back_box"] for p in sheet["pieces"]):
                front, back = (reader.pages[sheet[s] - 1].trimbox for s in ("front", "back"))
                assert mm(float(back[0])) == pytest.approx(pw - mm(float(front[2])), abs=0.02), (game, sheet["front"])
