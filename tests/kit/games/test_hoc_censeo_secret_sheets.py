"""Hoc Censeo's tribe sheets give nothing of their tribe away but inside the fold zone.

The three tribe sheets are imposed in the rule engine's tribe order, so a sheet number in a
margin (« feuille 3/12 ») would name the tribe of whoever holds it: during the deal, a
sheet's back and its margins are all the others see, and lying flat, the sheet below its
band is in view all game. So, read from the built PDFs on A4 and Letter: every page of the
three sheets carries the same label (their run, « une des feuilles 3 à 5/12 »), the backs
render to the same pixels, and the fronts differ only inside the band that stands up facing
their owner. The contents page still says where the sheets are.
"""
from __future__ import annotations

import json

import pytest
from game_kits import flat, placed

from kit.sheets import LABEL_COLOUR

pdfium = pytest.importorskip("pypdfium2")

MM = 72 / 25.4
DPI = 100
PARCHMENT = (0xF7 / 255, 0xF0 / 255, 0xE1 / 255)   # the fold zone's ground
PAPERS = ("a4", "letter")


def _label(page) -> str:
    """The page label as pdfplumber reads it: the text in the label's grey."""
    grey = tuple(int(LABEL_COLOUR[i:i + 2], 16) / 255 for i in (1, 3, 5))
    chars = [c for c in page.chars if c["non_stroking_color"]
             and all(abs(a - b) < 0.01 for a, b in zip(c["non_stroking_color"], grey))]
    return "".join(c["text"] for c in chars)


def _fold_zone(page) -> tuple[float, float, float, float]:
    """The parchment band of a front page, (x0, top, x1, bottom) in points."""
    grounds = [r for r in page.rects if r["fill"] and r["non_stroking_color"]
               and len(r["non_stroking_color"]) == 3
               and all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], PARCHMENT))]
    zone = max(grounds, key=lambda r: r["width"] * r["height"])
    return zone["x0"], zone["top"], zone["x1"], zone["bottom"]


@pytest.fixture(scope="module", params=PAPERS)
def build(request, kit_build, kit_pdf):
    folder = kit_build("--paper", request.param, games=["hoc-censeo"])
    manifest = json.loads((folder / "hoc-censeo.json").read_text(encoding="utf-8"))
    return request.param, manifest, folder / "hoc-censeo.pdf", kit_pdf("hoc-censeo", "--paper", request.param)


def test_the_tribe_sheets_share_one_label_on_both_sides(build):
    paper, manifest, _, pdf = build
    sheets = placed(manifest, "tribe-sheets")
    assert len(sheets) == 3
    first, last = (sheets[0]["front"] + 1) // 2, (sheets[-1]["front"] + 1) // 2
    assert last - first == 2
    total = manifest["pages"] // 2
    for sheet in sheets:
        for side, word in (("front", "recto"), ("back", "verso")):
            label = flat(_label(pdf.pages[sheet[side] - 1]))
            assert label == flat(f"Hoc Censeo · une des feuilles {first} à {last}/{total} {word} · papier 120 g"), (
                paper, sheet[side])
    # Their neighbours keep their own numbers.
    assert flat(_label(pdf.pages[sheets[-1]["back"]])) == flat(
        f"Hoc Censeo · feuille {last + 1}/{total} recto · papier 120 g")
    assert next(c for c in manifest["components"] if c["id"] == "tribe-sheets").get("secret") is True
    # The contents page still tells where they are.
    contents = flat(pdf.pages[0].extract_text())
    assert "Feuilles de tribu" in contents
    assert f"{sheets[0]['front']}–{sheets[-1]['back']}" in contents


def _render(doc, page: int):
    return doc[page - 1].render(scale=DPI / 72).to_pil().convert("RGB")


def test_the_tribe_sheets_differ_only_inside_their_fold_zone(build):
    """Rendered whole: the backs are the same pixels, and so are the fronts once the band
    (grown by a pixel for anti-aliasing) is painted over; inside it, they do differ."""
    from PIL import ImageChops, ImageDraw

    paper, manifest, path, pdf = build
    doc = pdfium.PdfDocument(path)
    sheets = placed(manifest, "tribe-sheets")
    backs = [_render(doc, s["back"]) for s in sheets]
    for other in backs[1:]:
        assert ImageChops.difference(backs[0], other).getbbox() is None, paper
    zones = {_fold_zone(pdf.pages[s["front"] - 1]) for s in sheets}
    assert len(zones) == 1, zones
    x0, top, x1, bottom = (v * DPI / 72 for v in zones.pop())
    band = (int(x0) - 1, int(top) - 1, int(x1) + 2, int(bottom) + 2)
    fronts = []
    inside = []
    for sheet in sheets:
        image = _render(doc, sheet["front"])
        inside.append(image.crop(band))
        ImageDraw.Draw(image).rectangle(band, fill="white")
        fronts.append(image)
    for image in fronts[1:]:
        assert ImageChops.difference(fronts[0], image).getbbox() is None, paper
    for image in inside[1:]:
        assert ImageChops.difference(inside[0], image).getbbox() is not None, paper   # the secrets are there
