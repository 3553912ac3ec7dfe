"""The PDF backend: the Surface interface drawn with reportlab.

Every page starts with one matrix that turns the interface's millimetres (origin
top-left, y down) into PDF points (origin bottom-left, y up); everything after it is
drawn in millimetres. Text is the one thing that must not be mirrored by that
matrix, so each run gets a text matrix that flips it back upright.

Angles need no conversion: in the y-down user space, reportlab's counter-clockwise
angles are the interface's clockwise-on-the-page angles.

Output is byte-identical for the same calls: reportlab's invariant mode fixes the
dates and the document id, and the fonts are subset in a deterministic order.
"""
from __future__ import annotations

import io
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from kit import fonts
from kit.surface import metrics
from kit.surface.base import DEFAULT_LINE, Point, Surface
from kit.surface.colour import rgb

POINTS_PER_MM = 72 / 25.4

# Streams are Flate-compressed binary; the extra ASCII85 layer reportlab adds by default
# only makes files a quarter larger and costs a third of the drawing time in pure Python.
rl_config.useA85 = 0

_registered: set[str] = set()


def _pdf_font(name: str) -> str:
    """The reportlab name of a logical font, registering its TTF once per process."""
    pdf_name = "Kit-" + name
    if name not in _registered:
        file = fonts.path(name)
        ttf = TTFont(pdf_name, str(file), shapable=False)
        # The instanced Noto and Cinzel files keep their family's PostScript name
        # (all four Noto files say NotoSans-Regular), and reportlab shares one face per
        # PostScript name: bold would silently print as regular. Name each face after
        # its file instead.
        ttf.face.name = file.stem.encode("ascii")
        pdfmetrics.registerFont(ttf)
        _registered.add(name)
    return pdf_name


def _box(box: tuple[float, float, float, float], page_height: float) -> tuple[float, float, float, float]:
    """An (x, y, w, h) mm box with y down -> [x0 y0 x1 y1] in points with y up."""
    x, y, w, h = box
    k = POINTS_PER_MM
    return (x * k, (page_height - y - h) * k, (x + w) * k, (page_height - y) * k)


class PdfSurface(Surface):
    """A PDF document of pages of any size. save(path) writes one PDF, returns [path]."""

    def __init__(self, greyscale: bool = False, title: str = ""):
        self.greyscale = greyscale
        self._canvas = rl_canvas.Canvas(
            io.BytesIO(), invariant=1, pageCompression=1,
            # A TrueType initial font keeps reportlab from adding an unembedded Helvetica.
            initialFontName=_pdf_font("sans"))
        c = self._canvas
        c.setTitle(title)
        c.setCreator("kit (paper-games-kit)")
        # Cards must come out at their real size and the backs must land on the fronts.
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        self._page_open = False
        self._page_count = 0
        self._page_height = 0.0
        self._forget_state()

    def _forget_state(self) -> None:
        """After a page break or a restored state, the colours and width are unknown again."""
        self._fill_now: tuple | None = None
        self._stroke_now: tuple | None = None
        self._width_now: float | None = None

    # --- pages -----------------------------------------------------------------------
    def begin_page(self, width: float, height: float, *, trim=None, bleed=None) -> None:
        if self._page_open:
            raise RuntimeError("begin_page() called before end_page() of the previous page")
        c = self._canvas
        k = POINTS_PER_MM
        c.setPageSize((width * k, height * k))
        # reportlab applies the boxes in force when the page ends; clear the last page's.
        c.setTrimBox(_box(trim, height) if trim else None)
        c.setBleedBox(_box(bleed, height) if bleed else None)
        # The one conversion from millimetres, y down, to points, y up.
        c.transform(k, 0, 0, -k, 0, height * k)
        self._forget_state()
        self._page_open = True
        self._page_height = height

    def end_page(self) -> None:
        if not self._page_open:
            raise RuntimeError("end_page() called without begin_page()")
        self._canvas.showPage()
        self._page_open = False
        self._page_count += 1

    def save(self, path) -> list:
        """Write the PDF to path; returns [path]. The surface cannot be drawn on afterwards."""
        if self._page_open:
            self.end_page()
        path = Path(path)
        path.write_bytes(self._canvas.getpdfdata())
        return [path]

    @property
    def page_count(self) -> int:
        return self._page_count

    # --- transforms --------------------------------------------------------------------
    @contextmanager
    def translated(self, dx: float, dy: float) -> Iterator[None]:
        c = self._canvas
        c.saveState()
        c.translate(dx, dy)
        try:
            yield
        finally:
            c.restoreState()
            self._forget_state()

    @contextmanager
    def rotated(self, degrees: float) -> Iterator[None]:
        c = self._canvas
        c.saveState()
        c.rotate(degrees)
        try:
            yield
        finally:
            c.restoreState()
            self._forget_state()

    @contextmanager
    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False) -> Iterator[None]:
        c = self._canvas
        c.saveState()
        p = c.beginPath()
        if circle:
            p.ellipse(x, y, w, h)
        elif radius > 0:
            p.roundRect(x, y, w, h, min(radius, w / 2, h / 2))
        else:
            p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        try:
            yield
        finally:
            c.restoreState()
            self._forget_state()

    # --- paint -----------------------------------------------------------------------------
    def _paint(self, fill: str | None, stroke: str | None, width: float,
               dash: Sequence[float] | None) -> tuple[int, int]:
        """Set the colours (the one place, so greyscale applies to all) and line style."""
        c = self._canvas
        if fill is not None:
            self._set_fill(fill)
        if stroke is not None:
            value = rgb(stroke, self.greyscale)
            # Parts draw runs of shapes in one colour: write each change once.
            if value != self._stroke_now:
                c.setStrokeColorRGB(*value)
                self._stroke_now = value
            if width != self._width_now:
                c.setLineWidth(width)
                self._width_now = width
            if dash:
                c.setDash(list(dash), 0)
        return (1 if stroke is not None else 0, 1 if fill is not None else 0)

    def _set_fill(self, colour: str) -> None:
        value = rgb(colour, self.greyscale)
        if value != self._fill_now:
            self._canvas.setFillColorRGB(*value)
            self._fill_now = value

    def _undash(self, stroke: str | None, dash: Sequence[float] | None) -> None:
        if stroke is not None and dash:
            self._canvas.setDash([], 0)

    # --- shapes ----------------------------------------------------------------------------
    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=DEFAULT_LINE, radius=0.0, dash=None) -> None:
        if fill is None and stroke is None:
            return
        s, f = self._paint(fill, stroke, width, dash)
        if radius > 0:
            self._canvas.roundRect(x, y, w, h, min(radius, abs(w) / 2, abs(h) / 2), stroke=s, fill=f)
        else:
            self._canvas.rect(x, y, w, h, stroke=s, fill=f)
        self._undash(stroke, dash)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=DEFAULT_LINE, dash=None) -> None:
        if stroke is None:
            return
        self._paint(None, stroke, width, dash)
        self._canvas.line(x1, y1, x2, y2)
        self._undash(stroke, dash)

    def polygon(self, points: Sequence[Point], *, fill=None, stroke=None, width=DEFAULT_LINE,
                closed=True, dash=None) -> None:
        if (fill is None and stroke is None) or len(points) < 2:
            return
        s, f = self._paint(fill, stroke, width, dash)
        p = self._canvas.beginPath()
        (x0, y0), rest = points[0], points[1:]
        p.moveTo(x0, y0)
        for x, y in rest:
            p.lineTo(x, y)
        if closed:
            p.close()
        self._canvas.drawPath(p, stroke=s, fill=f)
        self._undash(stroke, dash)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=DEFAULT_LINE, dash=None) -> None:
        if fill is None and stroke is None:
            return
        s, f = self._paint(fill, stroke, width, dash)
        self._canvas.circle(cx, cy, r, stroke=s, fill=f)
        self._undash(stroke, dash)

    def sector(self, cx, cy, r, start, end, *, inner=0.0, fill=None, stroke=None, width=DEFAULT_LINE) -> None:
        if fill is None and stroke is None:
            return
        s, f = self._paint(fill, stroke, width, None)
        p = self._canvas.beginPath()
        extent = end - start
        if inner > 0:
            p.arc(cx - r, cy - r, cx + r, cy + r, start, extent)
            p.arcTo(cx - inner, cy - inner, cx + inner, cy + inner, end, -extent)
        else:
            p.moveTo(cx, cy)
            p.arcTo(cx - r, cy - r, cx + r, cy + r, start, extent)
        p.close()
        self._canvas.drawPath(p, stroke=s, fill=f)

    # --- text --------------------------------------------------------------------------------
    def text(self, x, y, s, *, font="sans", size=9.0, colour="#000000", anchor="start") -> None:
        if not s:
            return
        s = metrics.printable(font, s)
        if anchor != "start":
            w = metrics.text_width(s, font, size)
            if anchor == "middle":
                x -= w / 2
            elif anchor == "end":
                x -= w
            else:
                raise ValueError(f"anchor must be start, middle or end, not {anchor!r}")
        c = self._canvas
        self._set_fill(colour)
        t = c.beginText()
        # Flip the glyphs back upright inside the y-down page matrix.
        t.setTextTransform(1, 0, 0, -1, x, y)
        t.setFont(_pdf_font(font), size * metrics.PT)
        t.textOut(s)
        c.drawText(t)

    def text_width(self, s: str, *, font: str = "sans", size: float = 9.0) -> float:
        return metrics.text_width(s, font, size)

    def ascent_descent(self, *, font: str = "sans", size: float = 9.0) -> tuple[float, float]:
        return metrics.ascent_descent(font, size)
