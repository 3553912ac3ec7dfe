"""Drawing surfaces: one interface (base.Surface), a PDF and an SVG backend, and a
recording surface for tests. `make_surface` picks a backend by output format."""
from __future__ import annotations

from kit.surface.base import DEFAULT_LINE, Point, Surface

FORMATS = ("pdf", "svg")


def make_surface(fmt: str, *, greyscale: bool, title: str = "") -> Surface:
    """A fresh surface for fmt "pdf" or "svg".

    PdfSurface.save(path) writes one file at path; SvgSurface.save(stem) writes
    <stem>-1.svg, <stem>-2.svg... (one per page). Both return the list of paths.
    """
    if fmt == "pdf":
        from kit.surface.pdf import PdfSurface
        return PdfSurface(greyscale=greyscale, title=title)
    if fmt == "svg":
        from kit.surface.svg import SvgSurface
        return SvgSurface(greyscale=greyscale, title=title)
    raise ValueError(f"unknown output format {fmt!r}; known formats: {', '.join(FORMATS)}")


__all__ = ["DEFAULT_LINE", "FORMATS", "Point", "Surface", "make_surface"]
