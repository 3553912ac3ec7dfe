"""Helpers the game tests share: build a game through `kit build`, find a component in
its manifest, compare printed words the way a reader does, and measure a render's ink.

The kit tests read text back from PDFs (pdfplumber), where line breaks, no-break spaces
and **bold** markers differ from the layout files; `flat` and `squeeze` make the two
comparable.
"""
from __future__ import annotations

import builtins
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from kit.cli import cli


def build_kit(out: Path, game: str, *options: str) -> dict:
    """Run `kit build GAME --out OUT OPTIONS...` in-process; returns the manifest. For a kit
    of a test's own layout copy: the real kits come built once per run from the kit_build,
    kit_text and kit_pdf fixtures (tests/helpers/kit_builds.py)."""
    result = CliRunner().invoke(cli, ["build", game, "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    return json.loads((out / f"{game}.json").read_text(encoding="utf-8"))


def page_texts(pdf: Path) -> list[str]:
    """Each page's text as pdfium reads it: every character the page draws, turned ones too,
    a box's lines in the order they are drawn. A hundred times faster than pdfplumber, whose
    layout analysis a test needs only to know where a word is."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def component(manifest: dict, cid: str) -> dict:
    return next(c for c in manifest["components"] if c["id"] == cid)


def flat(text: str) -> str:
    """Bold markers dropped and every run of whitespace (line breaks, U+00A0, U+202F) one space."""
    return " ".join(text.replace("**", "").split())


def squeeze(text: str) -> str:
    """Text without any whitespace: pdfplumber may drop the space where a bold run meets a
    regular one, or where a line wraps, so containment is checked on the letters alone."""
    return "".join(flat(text).split())


def placed(manifest: dict, cid: str) -> list[dict]:
    """Every sheet holding a piece of the component, as the manifest lists it: its front page,
    its back page (or None) and the component's pieces there, each {"box", "back_box", "label"}
    with trim boxes [x, y, w, h] in mm."""
    out = []
    for sheet in manifest["sheets"]:
        mine = [p for p in sheet["pieces"] if p["component"] == cid]
        if mine:
            out.append({"front": sheet["front"], "back": sheet["back"], "pieces": mine})
    return out


def piece_text(page, box: list[float], turned: bool = False) -> str:
    """The text of one piece, read within its trim box [x, y, w, h] (mm) so neighbours never mix.

    A piece the imposition turned a quarter turn reads top to bottom on the page, which
    pdfplumber's line finder splits letter by letter: its characters are taken in drawing
    order instead, a space put wherever one does not follow on from the last.
    """
    k = 72 / 25.4
    x, y, w, h = box
    crop = page.crop((x * k, y * k, (x + w) * k, (y + h) * k))
    if not turned:
        return flat(crop.extract_text() or "")
    out, last = [], None
    for ch in crop.chars:
        if last is not None:
            # down the page on a front, up the page on a back (turned the other way)
            gap = min(abs(ch["top"] - last["bottom"]), abs(last["top"] - ch["bottom"]))
            follows = gap < 0.3 * ch["size"] and abs(ch["x0"] - last["x0"]) < 0.3 * ch["size"]
            if not follows:
                out.append(" ")
        out.append(ch["text"])
        last = ch
    return flat("".join(out))


def ink_coverage(image) -> float:
    """Ink coverage of an RGB render (PIL), 0..1: per pixel the strongest of the three inks a
    printer lays (1 - the lowest of R, G, B: a saturated orange counts as solid), averaged."""
    from PIL import ImageChops

    r, g, b = image.convert("RGB").split()
    hist = ImageChops.darker(ImageChops.darker(r, g), b).histogram()
    return sum((255 - v) * n for v, n in enumerate(hist)) / 255 / sum(hist)


def separation(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> float:
    """The gap between two convex polygons (their points in order, or any points whose
    hull is the shape), along the axis that separates them best (separating axis test):
    > 0 apart, <= 0 overlapping. For shapes printed as paths: seats, tokens."""
    import math

    def hull(points):
        points = sorted(set(points))
        if len(points) < 3:
            return points

        def half(seq):
            out = []
            for pt in seq:
                while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (pt[1] - out[-2][1])
                                         - (out[-1][1] - out[-2][1]) * (pt[0] - out[-2][0])) <= 0:
                    out.pop()
                out.append(pt)
            return out
        return half(points)[:-1] + half(points[::-1])[:-1]

    a, b = hull(p), hull(q)
    best = -math.inf
    for shape in (a, b):
        for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1]):
            nx, ny = y2 - y1, x1 - x2
            length = math.hypot(nx, ny)
            if length < 1e-12:
                continue
            nx, ny = nx / length, ny / length
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return best


@contextmanager
def sums_of_floats_noted(noted: list[str]) -> Iterator[None]:
    """Within the block, note in `noted` (as "module:line") every call of the built-in sum()
    made by the kit's own code over values one of which is a float: its result depends on the
    Python version (3.12 made it compensated), where math.fsum's does not."""
    real = builtins.sum

    def noting(values: Iterable[Any], /, start: Any = 0) -> Any:
        caller = sys._getframe(1)
        if caller.f_globals.get("__name__", "").split(".")[0] == "kit":
            values = list(values)
            if any(isinstance(v, float) for v in [start, *values]):
                noted.append(f"{caller.f_globals['__name__']}:{caller.f_lineno}")
        return real(values, start)

    builtins.sum = noting
    try:
        yield
    finally:
        builtins.sum = real
