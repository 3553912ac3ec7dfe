"""Faces to pixels: each face drawn alone on a PDF page of exactly its image's size,
the pages rasterised by pypdfium2 and written as PNG by Pillow.

The page is the image: width and height are the pixel size times 25.4 / DPI mm, the
piece's bleed box centred on it (the two differ by less than a pixel of rounding). The
piece draws through the same surface interface and the same clip (its bleed box, or
its circle for a round token) as on a printed sheet, so the image is what the kit prints.

Same inputs, same bytes: the PDF is byte-identical (kit.surface.pdf), pdfium renders it
the same way every time, and Pillow writes no time stamp; the DPI goes in the pHYs chunk.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kit.errors import KitError, TextDoesNotFit
from kit.export.targets import Spec
from kit.i18n import _
from kit.model import Draw, Frame
from kit.paper import MM_PER_INCH
from kit.surface.base import Surface

if TYPE_CHECKING:
    import pypdfium2
    from PIL import Image


@dataclass(frozen=True)
class Job:
    """One image to make: what draws it, at which Spec, and how it is named in errors."""

    draw: Draw
    spec: Spec
    round: bool = False
    where: str = ""   # "component 'event-cards', cards[3] « Le chien »"


def page_size(spec: Spec) -> tuple[float, float]:
    """The page in mm whose rasterisation at spec.dpi is exactly spec.pixels."""
    w, h = spec.pixels
    return (w * MM_PER_INCH / spec.dpi, h * MM_PER_INCH / spec.dpi)


def draw_job(surface: Surface, job: Job) -> None:
    """Draw one face on its own page of `surface`: the PDF to rasterise, or a recording
    surface for the preflight, which then sees the very calls that make the image."""
    spec = job.spec
    pw, ph = page_size(spec)
    w, h = spec.trim
    b = spec.bleed
    surface.begin_page(pw, ph)
    # Centre the bleed box on the page; the rounding to whole pixels is split evenly.
    x0 = (pw - (w + 2 * b)) / 2 + b
    y0 = (ph - (h + 2 * b)) / 2 + b
    frame = Frame(w, h, bleed=b, safe=spec.safe)
    try:
        with surface.translated(x0, y0), surface.clipped(-b, -b, w + 2 * b, h + 2 * b, circle=job.round):
            job.draw(surface, frame)
    except TextDoesNotFit as error:
        raise KitError(_("{piece}: {problem}").format(piece=job.where, problem=error)) from error
    surface.end_page()


def pdf(jobs: Iterable[Job]) -> bytes:
    """One PDF holding a page per job."""
    from kit.surface.pdf import PdfSurface  # the PDF's bytes, kept in memory (`data`)

    surface = PdfSurface(greyscale=False, title="kit export")
    for job in jobs:
        draw_job(surface, job)
    return surface.data()


def rasterise(jobs: list[Job]) -> Iterator[Image.Image]:
    """The RGB image of each job, in order, one page at a time (a 300 dpi card is 2.7 MB)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf(jobs))
    try:
        for index, job in enumerate(jobs):
            page = document[index]
            try:
                yield _render(page, job)
            finally:
                page.close()
    finally:
        document.close()


def _render(page: pypdfium2.PdfPage, job: Job) -> Image.Image:
    want_w, want_h = job.spec.pixels
    # pdfium sizes the bitmap as ceil(page size x scale): aim a hair under the exact size so
    # the MediaBox's rounding can never add a column of pixels.
    scale = (want_w - 0.01) / page.get_width()
    if math.ceil(page.get_height() * scale) != want_h:
        scale = (want_h - 0.01) / page.get_height()
    image: Image.Image = page.render(scale=scale, rev_byteorder=True).to_pil().convert("RGB")
    if image.size != (want_w, want_h):
        raise KitError(_("{piece}: rendered {width} x {height} px instead of {wanted_width} x {wanted_height} px").format(
            piece=job.where, width=image.size[0], height=image.size[1], wanted_width=want_w, wanted_height=want_h))
    return image


def write_png(image: Image.Image, path: Path, dpi: float) -> None:
    """Write an RGB PNG with its DPI and nothing that changes between runs. Level 3: on these
    flat-coloured pieces as small as level 6 and a third faster (measured on the cards)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", dpi=(dpi, dpi), compress_level=3)
