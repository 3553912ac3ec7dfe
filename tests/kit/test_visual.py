"""Visual regression: one low-resolution picture of each kind of page of the four kits.

For every game, the contents page, the rules page behind it, each page of the complete rules
(kit.rulebook), the first page of each
component (and the page of backs after it, when the sheet has backs) and the first blank
back (a single-sided sheet's, which carries only its label) are rendered with pypdfium2 at 40 dpi in
greyscale and compared with the PNG kept in tests/kit/visual/. The comparison is made on
blocks of BLOCK x BLOCK pixels (about 5 mm): the mean grey of each block may drift a
little (anti-aliasing, a different pdfium) but a piece that moves, grows, disappears or
changes colour shifts some block by far more than BLOCK_TOLERANCE. The golden drawing
logs (tests/kit/games/golden/) catch every changed number; these pictures show what a
change looks like, and catch what the logs cannot (imposition, backs, cut marks).

A change made on purpose is accepted by writing the pictures again, then looking at them:

    KIT_UPDATE_VISUAL=1 python -m pytest tests/kit/test_visual.py
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pdfium = pytest.importorskip("pypdfium2")
Image = pytest.importorskip("PIL.Image")

from scorekeeper.rules import GAME_IDS  # noqa: E402

VISUAL = Path(__file__).parent / "visual"
# Every page of the four A4 kits, in colour, for a person to look at after a test run (CI's
# included): output/pages/<game>/page-NN.png, or under KIT_PAGES when set. output/ is git-ignored.
PAGES = Path(os.environ.get("KIT_PAGES") or Path(__file__).resolve().parents[2] / "output" / "pages")
PAGES_DPI = 60
DPI = 40
BLOCK = 8                 # pixels: 5 mm at 40 dpi
BLOCK_TOLERANCE = 24.0    # grey levels (0..255) a block's mean may move
MEAN_TOLERANCE = 3.0      # grey levels the whole page's mean difference may reach


def kinds_of_page(manifest: dict) -> dict[str, int]:
    """name -> page number (from 1) of each kind of page of a built kit: the contents and the
    rules behind it, then for each component the first sheet that holds it, its front page
    and its page of backs, then the first blank back. A page already named (pieces of
    several components share sheets) is not named twice."""
    pages = {"contents": 1, "rules": 2}
    # The complete rules, every page: the real pieces they show and how full each page is.
    rulebook = manifest.get("rulebook")
    if rulebook:
        first, last = rulebook["pages"]
        pages.update({f"rulebook-{n - first + 1}": n for n in range(first, last + 1)})
    for component in manifest["components"]:
        sheet = next(s for s in manifest["sheets"] if component["id"] in s["counts"])
        for side in ("front", "back") if sheet["two_sided"] else ("front",):
            number = sheet[side]
            if number not in pages.values():
                pages[f"{component['id']}-{side}"] = number
    blank = next((s["back"] for s in manifest["sheets"] if not s["two_sided"]), None)
    if blank:
        pages["blank-back"] = blank
    return pages


def render(pdf, number: int) -> Image.Image:
    page = pdf[number - 1]
    return page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")


@pytest.fixture(scope="module")
def built(kit_build):
    folder = kit_build()
    return {game: (folder / f"{game}.pdf", json.loads((folder / f"{game}.json").read_text(encoding="utf-8")))
            for game in GAME_IDS}


def _difference(a: Image.Image, b: Image.Image) -> tuple[float, float, tuple[int, int]]:
    """(mean difference, largest block difference, where in pixels) between two pictures of
    one size; a block's grey is the mean of its BLOCK x BLOCK pixels."""
    from PIL import ImageChops, ImageStat

    mean = ImageStat.Stat(ImageChops.difference(a, b)).mean[0]
    blocks = ImageChops.difference(a.reduce(BLOCK), b.reduce(BLOCK))
    data = blocks.tobytes()          # one byte per block, mode L
    worst = max(data)
    index = data.index(worst)
    return mean, float(worst), ((index % blocks.width) * BLOCK, (index // blocks.width) * BLOCK)


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_kind_of_page_looks_as_it_did(built, game):
    path, manifest = built[game]
    pdf = pdfium.PdfDocument(str(path))
    folder = VISUAL / game
    update = bool(os.environ.get("KIT_UPDATE_VISUAL"))
    kinds = kinds_of_page(manifest)
    if update:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.png"):
            if old.stem not in kinds:
                old.unlink()
    changed = []
    for name, number in kinds.items():
        image = render(pdf, number)
        reference = folder / f"{name}.png"
        if update:
            # 16 grey levels: enough to see a page, a fraction of the bytes; more for a page
            # whose greys 16 cannot hold within the tolerance (a card back's tinted pattern,
            # the small pieces of the rules' pictures), up to every grey.
            for levels in (16, 32, 64, 256):
                kept = image.quantize(levels) if levels < 256 else image
                _, off, _ = _difference(kept.convert("L"), image)
                if off <= BLOCK_TOLERANCE / 2:
                    break
            kept.save(reference, optimize=True)
            continue
        assert reference.exists(), f"no picture {reference.relative_to(VISUAL.parent)}; write them with KIT_UPDATE_VISUAL=1"
        expected = Image.open(reference).convert("L")
        if expected.size != image.size:
            changed.append(f"{name} (page {number}): {image.size} px, was {expected.size}")
            continue
        mean, worst, (x, y) = _difference(expected, image)
        if mean > MEAN_TOLERANCE or worst > BLOCK_TOLERANCE:
            mm = 25.4 / DPI
            changed.append(f"{name} (page {number}): mean {mean:.1f}, block at {x * mm:.0f},{y * mm:.0f} mm "
                           f"off by {worst:.0f} grey levels")
    assert not changed, (f"{game}: pages that look different: " + "; ".join(changed)
                         + ". If the change is meant, write the pictures again: KIT_UPDATE_VISUAL=1")


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_page_is_left_as_a_picture_for_a_person_to_look_at(built, game):
    """Not a comparison: every page of the kit written as a PNG where the README says, so that a
    person can leaf through what a change did to every page (issue 47, item 7), at a fraction of
    a second per kit."""
    path, manifest = built[game]
    pdf = pdfium.PdfDocument(str(path))
    folder = PAGES / game
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("page-*.png"):
        old.unlink()
    for number in range(1, len(pdf) + 1):
        # the least compression: encoding, not drawing, is what costs here
        pdf[number - 1].render(scale=PAGES_DPI / 72).to_pil().save(folder / f"page-{number:02d}.png", compress_level=1)
    assert len(list(folder.glob("page-*.png"))) == manifest["pages"] == len(pdf)


def test_the_pictures_stay_small():
    """The set is a test fixture, not an archive: a few hundred kilobytes for the four kits."""
    total = sum(p.stat().st_size for p in VISUAL.rglob("*.png"))
    assert 0 < total < 1_200_000, total


def test_every_component_and_every_page_of_backs_has_its_picture(built):
    # The kinds come from the manifest: a component added to a kit gets its picture, and a
    # kit's backs are compared as well as its fronts.
    for game in GAME_IDS:
        _, manifest = built[game]
        kinds = kinds_of_page(manifest)
        first_sheets = {next(i for i, s in enumerate(manifest["sheets"]) if c["id"] in s["counts"])
                        for c in manifest["components"]}
        pages = {n for i in first_sheets for n in (manifest["sheets"][i]["front"], manifest["sheets"][i]["back"])
                 if n != manifest["sheets"][i]["back"] or manifest["sheets"][i]["two_sided"]}
        blank = {s["back"] for s in manifest["sheets"] if not s["two_sided"]}
        first, last = manifest["rulebook"]["pages"]
        rules = set(range(first, last + 1))
        assert set(kinds.values()) == pages | {1, 2} | rules | ({min(blank)} if blank else set())
