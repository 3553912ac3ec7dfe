"""The screen behind the Hoc Censeo fold zones, as printed: built through `kit build`, read
back from the PDF (pdfplumber for where things are, pypdfium2 renders for the ink).

A tribe sheet's top band stands up facing its owner, so the other players see its back,
often against a lamp. On thin paper the objectives would read through it, mirrored. Each
sheet with a fold zone (the three tribes' and the blank one) is therefore printed
two-sided, its back bearing nothing but a mosaic exactly behind the band: the band's box on
the front, turned over on the long edge (x' = paper width - x - w), shifted by the printer
correction like every back. Black emblems lie behind the secrets, a red meander around them.

Show-through is simulated on renders: light crosses the front's ink (mirrored, at half its
darkness, as paper lets it through) and the back's, so what a neighbour sees against a lamp
is their product (multiply). Two tribes' bands seen so must not differ, at the scale of a
letter's stroke (a 0.25 mm blur) as at the scale of the circle's wedges (3 mm), even with
the back drifted 1.5 mm off the front, as home printers do; bare, they differ plainly. The
random maze and the hand-laid mosaic of Greek keys this replaced left that difference at
57 % to 72 % of the bare one (RMS, measured this way): fine lines break strokes, but let the
wedges' colours through as patches.
"""
from __future__ import annotations

import json

import pdfplumber
import pytest
from game_kits import build_kit, flat, ink_coverage, placed

from kit.games.hoc_censeo.pieces import ACCENT
from kit.paper import paper_size
from kit.sheets import LABEL_PT

pdfium = pytest.importorskip("pypdfium2")

MM = 72 / 25.4
PARCHMENT = (0xF7 / 255, 0xF0 / 255, 0xE1 / 255)   # the fold zone's ground on the front
SHEETS = ("tribe-sheets", "blank-sheet")
BUILDS = {"a4": ("--paper", "a4"), "letter": ("--paper", "letter"), "bleed": ("--bleed", "3"),
          "offset": ("--back-offset", "1.5,-0.75"), "ink-saver": ("--ink-saver",), "no-backs": ("--no-backs",)}


@pytest.fixture(scope="module")
def builds(kit_build):
    out = {}
    for name, options in BUILDS.items():
        folder = kit_build(*options, games=["hoc-censeo"])
        out[name] = (json.loads((folder / "hoc-censeo.json").read_text(encoding="utf-8")), folder / "hoc-censeo.pdf")
    return out


@pytest.fixture(scope="module")
def docs(kit_pdf):
    """Each build's PDF as pdfplumber reads it, shared with the other Hoc Censeo tests."""
    return {name: kit_pdf("hoc-censeo", *options) for name, options in BUILDS.items()}


def _fold_zone(page) -> tuple[float, float, float, float]:
    """The band of the front page with the parchment ground, (x, y, w, h) in mm."""
    grounds = [r for r in page.rects if r["fill"] and r["non_stroking_color"]
               and len(r["non_stroking_color"]) == 3
               and all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], PARCHMENT))]
    zone = max(grounds, key=lambda r: r["width"] * r["height"])
    return (zone["x0"] / MM, zone["top"] / MM, zone["width"] / MM, zone["height"] / MM)


def _ink_box(page) -> tuple[float, float, float, float]:
    """The box around every shape of the back page, in mm."""
    strokes = page.curves + page.lines + page.rects
    x0, top = min(s["x0"] for s in strokes), min(s["top"] for s in strokes)
    x1, bottom = max(s["x1"] for s in strokes), max(s["bottom"] for s in strokes)
    return (x0 / MM, top / MM, (x1 - x0) / MM, (bottom - top) / MM)


def _screened_sheets(manifest: dict) -> list[dict]:
    return [sheet for cid in SHEETS for sheet in placed(manifest, cid)]


@pytest.mark.parametrize("build", ["a4", "letter", "bleed", "offset"])
def test_the_screen_lies_behind_the_fold_zone_mirrored(builds, docs, build):
    manifest, pdf_path = builds[build]
    width = paper_size(manifest["paper"])[0]
    dx, dy = (1.5, -0.75) if build == "offset" else (0.0, 0.0)
    sheets = _screened_sheets(manifest)
    assert len(sheets) == 4
    assert [c.get("back") for c in manifest["components"]] == ["screen", "screen", None, None, None, None]
    pdf = docs[build]
    for sheet in sheets:
        assert sheet["back"] == sheet["front"] + 1
        x, y, w, h = sheet["pieces"][0]["box"]
        assert sheet["pieces"][0]["back_box"] == pytest.approx([width - x - w, y, w, h], abs=0.02)
        zx, zy, zw, zh = _fold_zone(pdf.pages[sheet["front"] - 1])
        back = pdf.pages[sheet["back"] - 1]
        expected = (width - zx - zw + dx, zy + dy, zw, zh)
        assert _ink_box(back) == pytest.approx(expected, abs=0.05), (build, sheet["front"])
        # The mosaic is the page's only ink but for the page label (at LABEL_PT, in the
        # margin): black emblems on paper, lines of black and of the game's red.
        assert all(abs(c["size"] - LABEL_PT) < 0.01 for c in back.chars)
        assert not back.images
        shapes = back.rects + back.curves + back.lines
        assert {_colour(s["stroking_color"]) for s in shapes if s["stroke"]} == {"#000000", ACCENT.upper()}
        assert {_colour(s["non_stroking_color"]) for s in shapes if s["fill"]} == {"#000000", "#FFFFFF"}


def _colour(value) -> str:
    """A pdfplumber colour (grey or RGB, 0..1) as #RRGGBB."""
    if len(value) == 1:
        value = tuple(value) * 3
    return "#" + "".join(f"{round(v * 255):02X}" for v in value)


def _render(pdf, number: int, dpi: int = 100):
    return pdf[number - 1].render(scale=dpi / 72).to_pil().convert("RGB")


def _crop(image, box_mm, dpi: int = 100):
    x, y, w, h = (v * dpi / 25.4 for v in box_mm)
    return image.crop((round(x), round(y), round(x + w), round(y + h)))


@pytest.mark.parametrize("build", ["a4", "ink-saver"])
def test_the_screen_is_dense_behind_the_band_and_light_on_the_page(builds, docs, build):
    """Measured like every back (a 100 dpi render): the page stays under the 40 % the backs
    may reach, under the 15 % of the ink saver's backs too, while the band itself is
    mostly covered; the ink saver leaves the screen whole, since a paler mosaic would let
    the objectives through."""
    manifest, pdf_path = builds[build]
    pdf = pdfium.PdfDocument(pdf_path)
    plain = pdfium.PdfDocument(builds["a4"][1])
    for sheet in _screened_sheets(manifest):
        page = _render(pdf, sheet["back"])
        x, y, w, h = sheet["pieces"][0]["back_box"]
        zone = _ink_box(docs[build].pages[sheet["back"] - 1])
        page_ink, zone_ink = ink_coverage(page), ink_coverage(_crop(page, zone))
        assert page_ink < 0.15 < 0.40, page_ink
        assert 0.55 < zone_ink < 0.75, zone_ink
        # Outside the band, bare paper (a pixel's edge of anti-aliasing aside).
        below = (x, zone[1] + zone[3] + 0.5, w, h - zone[3] - 0.5)
        assert ink_coverage(_crop(page, below)) < 0.001
        assert page_ink == pytest.approx(ink_coverage(_render(plain, sheet["back"])), abs=1e-6)


def _seen(front, back, drift: tuple[float, float] = (0.0, 0.0), dpi: int = 150):
    """What a neighbour sees of a front (greyscale render) through its back against a lamp:
    the front mirrored at half its darkness, times the back, moved `drift` mm off it."""
    from PIL import ImageChops, ImageOps

    through = ImageOps.mirror(front).point(lambda v: 255 - (255 - v) // 2)
    dx, dy = (round(v * dpi / 25.4) for v in drift)
    return ImageChops.multiply(through, ImageChops.offset(back, dx, dy) if (dx, dy) != (0, 0) else back)


def _difference(one, other, zone, sigma: float, dpi: int = 150) -> tuple[float, int]:
    """How two pictures differ over zone once blurred by sigma mm (the scale the eye sees
    at): the RMS and the largest difference, 0..255."""
    from PIL import ImageChops, ImageFilter, ImageStat

    blur = ImageFilter.GaussianBlur(sigma * dpi / 25.4)
    a, b = (_crop(p, zone, dpi).filter(blur) for p in (one, other))
    rms = ImageStat.Stat(ImageChops.difference(a, b)).rms[0]
    return rms, ImageChops.difference(a, b).getextrema()[1]


@pytest.mark.parametrize("build", ["a4", "letter"])
def test_held_against_a_lamp_two_tribes_bands_cannot_be_told_apart(builds, docs, build):
    """Every pair of tribes, seen through their backs against a lamp: the same picture to
    within 1 level in 255 (the renderer's anti-aliasing), at every scale from a letter's
    stroke to a wedge of the circle, with the back where it belongs or drifted 1.5 mm any
    way; seen without the screen, the same pairs differ by more than 25 levels."""
    from PIL import Image

    manifest, pdf_path = builds[build]
    pdf = pdfium.PdfDocument(pdf_path)
    sheets = placed(manifest, "tribe-sheets")
    fronts = [_grey(_render(pdf, s["front"], 150)) for s in sheets]
    back = _grey(_render(pdf, sheets[0]["back"], 150))
    zone = _ink_box(docs[build].pages[sheets[0]["back"] - 1])
    bare = Image.new("L", back.size, 255)
    pairs = [(i, j) for i in range(len(fronts)) for j in range(i + 1, len(fronts))]
    assert len(pairs) == 3
    for sigma in (0.25, 1.0, 3.0):
        for i, j in pairs:
            rms, most = _difference(_seen(fronts[i], bare), _seen(fronts[j], bare), zone, sigma)
            assert most > 25, (sigma, i, j, most)                  # bare, the secrets show plainly
            assert rms > 2.5, (sigma, i, j, rms)
            for drift in ((0.0, 0.0), (1.5, 0.0), (-1.5, 0.0), (0.0, 1.5), (0.0, -1.5), (1.5, 1.5), (-1.5, -1.5)):
                seen = [_seen(fronts[k], back, drift) for k in (i, j)]
                rms, most = _difference(*seen, zone, sigma)
                assert most <= 1, (build, sigma, i, j, drift, most)
                assert rms < 0.05, (build, sigma, i, j, drift, rms)


def _grey(image):
    return image.convert("L")


def test_the_contents_page_says_why_the_sheets_are_two_sided_and_what_paper(builds, docs):
    for build in ("a4", "ink-saver", "no-backs"):
        manifest, pdf_path = builds[build]
        text = flat(docs[build].pages[0].extract_text())
        if build == "no-backs":
            # No back printed, no screen: only heavier paper keeps the band opaque.
            assert "mosaïque" not in text
            assert "papier 120 g" in text
            assert all("back" not in c for c in manifest["components"])
            continue
        pages = sorted(n for sheet in _screened_sheets(manifest) for n in (sheet["front"], sheet["back"]))
        assert pages == list(range(pages[0], pages[-1] + 1))
        assert (f"Feuilles de tribu et feuille vierge, les pages {pages[0]}–{pages[-1]} : leur verso ne porte "
                "qu’une mosaïque, juste derrière la bande qui se dresse, ses emblèmes noirs droit derrière les "
                "secrets") in text
        assert ("La mosaïque derrière les bandes pliées garde toute son encre" in text) == (build == "ink-saver")
        assert "--" not in text


def test_one_screened_sheet_alone_is_spoken_of_in_the_singular(tmp_path):
    manifest = build_kit(tmp_path, "hoc-censeo", "--only", "blank-sheet")
    first, last = next(c for c in manifest["components"] if c["id"] == "blank-sheet")["pages"]
    with pdfplumber.open(tmp_path / "hoc-censeo.pdf") as pdf:
        text = flat(pdf.pages[0].extract_text())
    assert f"Feuille vierge, les pages {first}–{last} : son verso ne porte qu’une mosaïque" in text


def test_kit_list_says_which_sheets_carry_a_screen():
    from click.testing import CliRunner

    from kit.cli import cli

    result = CliRunner().invoke(cli, ["list", "hoc-censeo"])
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines() if line.startswith("  ")}
    for cid in SHEETS:
        assert "a screen on the back hides a secret" in lines[cid]
    assert "with backs" in lines["motion-cards"]
    assert "screen" not in lines["motion-cards"]
