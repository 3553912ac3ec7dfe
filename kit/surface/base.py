"""The one drawing interface every part draws on.

Coordinates are millimetres, origin at the top-left corner of the current frame, y
pointing down (as a designer measures on paper). Angles are degrees, clockwise on
the page (y down), 0 pointing right. Colours are "#RRGGBB" strings or None (no paint).

Two backends implement it: `kit.surface.pdf` (reportlab) and `kit.surface.svg` (which
writes its markup itself). They are the only modules of the project that import reportlab
or write the kits' SVG.
A backend converts every colour to grey when built with greyscale=True, so parts
never need to know.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from kit.surface import metrics

Point = tuple[float, float]
# One step of a path, absolute and in mm: ("M", (x, y)), ("L", (x, y)),
# ("C", (x1, y1, x2, y2, x, y)) a cubic Bezier, ("Z", ()) closing the subpath.
Segment = tuple[str, tuple[float, ...]]
PATH_COMMANDS = {"M": 2, "L": 2, "C": 6, "Z": 0}

DEFAULT_LINE = 0.25  # mm: thin enough for cut lines, thick enough to survive a laser printer


class _Formatted(dict[float, str]):
    """Lengths in mm as the backends write them (PDF content stream, SVG attribute): at most
    3 decimals (a micron), trailing zeros dropped, never '-0'.

    Pages repeat the same coordinates (grids, frames, dots) hundreds of thousands of times
    over a few thousand values: each value is formatted once, on its first lookup, and
    `number` is this dict's own lookup, so a value already seen costs no Python call.

    >>> number(12.5), number(-0.0001), number(3.14159), number(2.0)
    ('12.5', '0', '3.142', '2')
    """

    def __missing__(self, v: float) -> str:
        text = f"{v:.3f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(self) > 200_000:  # a long-lived process drawing endless new values
            self.clear()
        self[v] = text
        return text


number = _Formatted().__getitem__


class Surface(ABC):
    """A stack of pages to draw on. Transforms nest through context managers."""

    greyscale: bool = False

    # --- pages (used by the imposition in kit.sheets, never by parts) ---------------
    @abstractmethod
    def begin_page(self, width: float, height: float, *, trim: tuple[float, float, float, float] | None = None,
                   bleed: tuple[float, float, float, float] | None = None) -> None:
        """Start a page of width x height mm. trim/bleed: (x, y, w, h) boxes in mm,
        written as the PDF TrimBox/BleedBox when given."""

    @abstractmethod
    def end_page(self) -> None:
        """Close the current page."""

    @abstractmethod
    def save(self, path: str | Path) -> list[Path]:
        """Write the document; returns the list of files written (one PDF, or one SVG per page)."""

    # --- transforms -------------------------------------------------------------------
    # Each transform is a context manager, however a backend makes it.
    @abstractmethod
    def translated(self, dx: float, dy: float) -> AbstractContextManager[None]:
        """Move the origin by (dx, dy) mm for the duration of the block."""

    @abstractmethod
    def rotated(self, degrees: float) -> AbstractContextManager[None]:
        """Rotate about the current origin, clockwise on the page."""

    @abstractmethod
    def scaled(self, k: float) -> AbstractContextManager[None]:
        """Make every length k times larger about the current origin (k < 1: smaller), text
        and line widths with them: a piece drawn by its own code at a fraction of its size."""

    @abstractmethod
    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False) -> AbstractContextManager[None]:
        """Clip drawing to a (rounded) rectangle, or to the ellipse inscribed in it when circle=True."""

    def reused(self, key: Hashable, box: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
        """Draw what draw() draws, here; the same key must always draw the same thing.

        box (x, y, w, h, mm, in the current frame) holds all of it. A backend may draw it
        once and repeat it for each later use of the key (a PDF Form XObject): a deck's
        shared back is then written once per file. By default it is simply drawn.
        """
        draw()

    # --- shapes ---------------------------------------------------------------------------
    @abstractmethod
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = DEFAULT_LINE, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None: ...

    @abstractmethod
    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None: ...

    @abstractmethod
    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = DEFAULT_LINE, closed: bool = True,
                dash: Sequence[float] | None = None) -> None:
        """A polyline (closed=False) or a polygon through the points."""

    def polylines(self, paths: Sequence[Sequence[Point]], *, stroke: str = "#000000", width: float = DEFAULT_LINE,
                  dash: Sequence[float] | None = None) -> None:
        """Many open polylines in one style, as one shape: a texture of thousands of strokes
        (a screen) is one path in PDF and one element in SVG. The same ink as drawing each
        with polygon(closed=False), which is what a backend without a faster way does."""
        for points in paths:
            self.polygon(points, stroke=stroke, width=width, closed=False, dash=dash)

    @abstractmethod
    def path(self, segments: Sequence[Segment], *, fill: str | None = None, stroke: str | None = None,
             width: float = DEFAULT_LINE) -> None:
        """A path of lines and cubic curves (M, L, C, Z: see Segment), one or more subpaths,
        filled by the non-zero winding rule (a subpath turning the other way is a hole): the
        shape of an icon (kit.parts.icons), as SVG path data draws it."""

    @abstractmethod
    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None: ...

    @abstractmethod
    def sector(self, cx: float, cy: float, r: float, start: float, end: float, *, inner: float = 0.0,
               fill: str | None = None, stroke: str | None = None, width: float = DEFAULT_LINE) -> None:
        """A pie slice (inner=0) or ring segment from angle start to end (degrees, clockwise)."""

    # --- text -----------------------------------------------------------------------------
    @abstractmethod
    def text(self, x: float, y: float, s: str, *, font: str = "sans", size: float = 9.0,
             colour: str = "#000000", anchor: str = "start") -> None:
        """One line of text; y is the baseline; anchor is start, middle or end.
        font is a logical name from kit.fonts.FILES; size is in points."""

    # Measures come from kit.surface.metrics, the same for every backend and the recording,
    # so a layout comes out the same in PDF, SVG and the tests.
    def text_width(self, s: str, *, font: str = "sans", size: float = 9.0) -> float:
        """Advance width of s in mm."""
        return metrics.text_width(s, font, size)

    def ascent_descent(self, *, font: str = "sans", size: float = 9.0) -> tuple[float, float]:
        """(ascent, descent) in mm, both positive, for laying out lines."""
        return metrics.ascent_descent(font, size)
