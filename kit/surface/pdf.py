"""The PDF backend: the Surface interface drawn with reportlab.

Every page starts with one matrix that turns the interface's millimetres (origin
top-left, y down) into PDF points (origin bottom-left, y up); everything after it is
drawn in millimetres. Text is the one thing that must not be mirrored by that
matrix, so each run gets a text matrix that flips it back upright.

reportlab owns the document: pages and their boxes, fonts (TrueType, subset and
embedded), text, metadata and viewer preferences. Shapes, colours and transforms are
written into the page's content stream by this module (see `_n` and the path
helpers), for speed. Angles need no conversion: in the y-down user space, the usual
counter-clockwise formulas turn clockwise on the page, as the interface wants.

Output is byte-identical for the same calls: reportlab's invariant mode fixes the
dates and the document id, fonts are subset in a deterministic order, and every
number is formatted here with a fixed precision.
"""
from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from kit import fonts
from kit.surface import metrics
from kit.surface.base import DEFAULT_LINE, Point, Segment, Surface
from kit.surface.base import number as _n
from kit.surface.colour import rgb

POINTS_PER_MM = 1 / metrics.PT

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


# Paths are written straight into the page's content stream: parts draw tens of
# thousands of dots and frames, and reportlab's pure-Python number formatting and arc
# splitting would be most of the build time. Millimetres get 3 decimals (a micron).
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic Bezier


def _unit(v: float) -> str:
    """A rotation coefficient: 6 decimals, so 200 mm away the error stays under a micron."""
    text = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _c(v: float) -> str:
    """A colour component in 0..1 (4 decimals tell the 256 levels apart)."""
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return text or "0"


@lru_cache(maxsize=4096)
def _rgb(value: tuple[float, float, float]) -> str:
    """An (r, g, b) colour as the operands of rg/RG; a kit uses a few dozen colours."""
    return f"{_c(value[0])} {_c(value[1])} {_c(value[2])}"


def _at(cx: float, cy: float, r: float, degrees: float) -> str:
    a = math.radians(degrees)
    return f"{_n(cx + r * math.cos(a))} {_n(cy + r * math.sin(a))}"


# Parts draw in their piece's own coordinates, so the same frames, dots and rings come
# back on every card of a deck: each path is written once per distinct shape.
@lru_cache(maxsize=8192)
def _arc(cx: float, cy: float, r: float, start: float, end: float) -> str:
    """Bezier curves ('c') along the circle from start to end degrees (at most 90 each);
    the current point must already be at start."""
    turns = max(1, math.ceil(abs(end - start) / 90 - 1e-9))
    step = math.radians(end - start) / turns
    t = 4 / 3 * math.tan(step / 4) * r
    a0 = math.radians(start)
    out = []
    for i in range(1, turns + 1):
        a1 = math.radians(start) + step * i
        c0, s0, c1, s1 = math.cos(a0), math.sin(a0), math.cos(a1), math.sin(a1)
        out.append(f"{_n(cx + r * c0 - t * s0)} {_n(cy + r * s0 + t * c0)} "
                   f"{_n(cx + r * c1 + t * s1)} {_n(cy + r * s1 - t * c1)} "
                   f"{_n(cx + r * c1)} {_n(cy + r * s1)} c")
        a0 = a1
    return " ".join(out)


@lru_cache(maxsize=8192)
def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    kx, ky = KAPPA * rx, KAPPA * ry
    x0, x1, x2, y0, y1, y2 = cx - rx, cx, cx + rx, cy - ry, cy, cy + ry
    return (f"{_n(x2)} {_n(y1)} m "
            f"{_n(x2)} {_n(y1 + ky)} {_n(x1 + kx)} {_n(y2)} {_n(x1)} {_n(y2)} c "
            f"{_n(x1 - kx)} {_n(y2)} {_n(x0)} {_n(y1 + ky)} {_n(x0)} {_n(y1)} c "
            f"{_n(x0)} {_n(y1 - ky)} {_n(x1 - kx)} {_n(y0)} {_n(x1)} {_n(y0)} c "
            f"{_n(x1 + kx)} {_n(y0)} {_n(x2)} {_n(y1 - ky)} {_n(x2)} {_n(y1)} c h")


@lru_cache(maxsize=8192)
def _rect(x: float, y: float, w: float, h: float, radius: float = 0.0) -> str:
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    r = min(radius, w / 2, h / 2)
    if r <= 0:
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
    k = KAPPA * r
    x1, y1 = x + w, y + h
    return (f"{_n(x + r)} {_n(y)} m {_n(x1 - r)} {_n(y)} l "
            f"{_n(x1 - r + k)} {_n(y)} {_n(x1)} {_n(y + r - k)} {_n(x1)} {_n(y + r)} c "
            f"{_n(x1)} {_n(y1 - r)} l "
            f"{_n(x1)} {_n(y1 - r + k)} {_n(x1 - r + k)} {_n(y1)} {_n(x1 - r)} {_n(y1)} c "
            f"{_n(x + r)} {_n(y1)} l "
            f"{_n(x + r - k)} {_n(y1)} {_n(x)} {_n(y1 - r + k)} {_n(x)} {_n(y1 - r)} c "
            f"{_n(x)} {_n(y + r)} l "
            f"{_n(x)} {_n(y + r - k)} {_n(x + r - k)} {_n(y)} {_n(x + r)} {_n(y)} c h")


class PdfSurface(Surface):
    """A PDF document of pages of any size. save(path) writes one PDF, returns [path]."""

    def __init__(self, greyscale: bool = False, title: str = ""):
        self.greyscale = greyscale
        self._canvas = rl_canvas.Canvas(
            io.BytesIO(), invariant=1, pageCompression=1,
            # A TrueType initial font keeps reportlab from adding an unembedded Helvetica.
            initialFontName=_pdf_font("sans"))  # type: ignore[arg-type]  # types-reportlab says float; it is a name
        c = self._canvas
        c.setTitle(title)
        c.setCreator("kit (paper-games-kit)")
        # Cards must come out at their real size and the backs must land on the fronts.
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        self._page_open = False
        self._forms: dict[Hashable, str] = {}  # reused drawing key -> Form XObject name
        self._form_count = 0  # names handed out: a form drawn inside another is named before it ends
        self._forget_state()

    def _need_page(self) -> None:
        if not self._page_open:
            raise RuntimeError("draw calls need a page: call begin_page() first")

    def _forget_state(self) -> None:
        """After a page break or a restored state, the colours and width are unknown again."""
        self._fill_now: tuple[float, float, float] | None = None
        self._stroke_now: tuple[float, float, float] | None = None
        self._width_now: float | None = None

    # --- pages -----------------------------------------------------------------------
    def begin_page(self, width: float, height: float, *, trim: tuple[float, float, float, float] | None = None,
                   bleed: tuple[float, float, float, float] | None = None) -> None:
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

    def end_page(self) -> None:
        if not self._page_open:
            raise RuntimeError("end_page() called without begin_page()")
        self._canvas.showPage()
        self._page_open = False

    def save(self, path: str | Path) -> list[Path]:
        """Write the PDF to path; returns [path]. The surface cannot be drawn on afterwards."""
        if self._page_open:
            self.end_page()
        path = Path(path)
        path.write_bytes(self.data())
        return [path]

    def data(self) -> bytes:
        """The PDF as bytes, for a caller that rasterises it (kit.export) rather than saving it."""
        if self._page_open:
            self.end_page()
        pdf: bytes = self._canvas.getpdfdata()  # type: ignore[no-untyped-call]  # types-reportlab leaves it unannotated
        return pdf

    # --- transforms --------------------------------------------------------------------
    @contextmanager
    def _state(self, ops: str) -> Iterator[None]:
        """A saved graphics state (q ... Q) that starts with ops."""
        self._need_page()
        c = self._canvas
        c.saveState()
        c.addLiteral(ops)
        try:
            yield
        finally:
            c.restoreState()
            self._forget_state()

    def translated(self, dx: float, dy: float) -> AbstractContextManager[None]:
        return self._state(f"1 0 0 1 {_n(dx)} {_n(dy)} cm")

    def rotated(self, degrees: float) -> AbstractContextManager[None]:
        # In the y-down user space a positive angle already turns clockwise on the page.
        a = math.radians(degrees)
        cos, sin = _unit(math.cos(a)), _unit(math.sin(a))
        return self._state(f"{cos} {sin} {_unit(-math.sin(a))} {cos} 0 0 cm")

    def scaled(self, k: float) -> AbstractContextManager[None]:
        return self._state(f"{_n(k)} 0 0 {_n(k)} 0 0 cm")

    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False) -> AbstractContextManager[None]:
        path = _ellipse(x + w / 2, y + h / 2, w / 2, h / 2) if circle else _rect(x, y, w, h, radius)
        return self._state(path + " W n")

    def reused(self, key: Hashable, box: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
        """A Form XObject drawn the first time the key is seen, placed by `Do` every time."""
        self._need_page()
        c = self._canvas
        name = self._forms.get(key)
        if name is None:
            self._form_count += 1
            name = f"Piece{self._form_count}"
            x, y, w, h = box
            saved = (self._fill_now, self._stroke_now, self._width_now)
            # types-reportlab wants ints; reportlab writes any number into the form's BBox
            c.beginForm(name, x, y, x + w, y + h)  # type: ignore[arg-type]
            self._forget_state()  # a form starts from the default graphics state
            draw()
            c.endForm()
            self._fill_now, self._stroke_now, self._width_now = saved
            self._forms[key] = name
        c.doForm(name)

    # --- paint -----------------------------------------------------------------------------
    def _paint(self, fill: str | None, stroke: str | None, width: float,
               dash: Sequence[float] | None) -> str:
        """Set the colours (the one place, so greyscale applies to all) and the line style;
        returns the painting operator for the path that follows."""
        if fill is not None:
            self._set_fill(fill)
        if stroke is None:
            return "f"
        c = self._canvas
        value = rgb(stroke, self.greyscale)
        # Parts draw runs of shapes in one colour: write each change once.
        if value != self._stroke_now:
            c.addLiteral(f"{_rgb(value)} RG")
            self._stroke_now = value
        if width != self._width_now:
            c.addLiteral(f"{_n(width)} w")
            self._width_now = width
        if dash:
            c.addLiteral(f"[{' '.join(_n(v) for v in dash)}] 0 d")
        return "B" if fill is not None else "S"

    def _set_fill(self, colour: str) -> None:
        value = rgb(colour, self.greyscale)
        if value != self._fill_now:
            self._canvas.addLiteral(f"{_rgb(value)} rg")
            self._fill_now = value

    def _draw(self, path: str, fill: str | None, stroke: str | None, width: float,
              dash: Sequence[float] | None = None) -> None:
        """Paint one path; the dash, if any, ends with it."""
        if fill is None and stroke is None:
            return
        self._need_page()
        op = self._paint(fill, stroke, width, dash)
        self._canvas.addLiteral(f"{path} {op}")
        if stroke is not None and dash:
            self._canvas.addLiteral("[] 0 d")

    # --- shapes ----------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = DEFAULT_LINE, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        self._draw(_rect(x, y, w, h, radius), fill, stroke, width, dash)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        self._draw(f"{_n(x1)} {_n(y1)} m {_n(x2)} {_n(y2)} l", None, stroke, width, dash)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = DEFAULT_LINE, closed: bool = True,
                dash: Sequence[float] | None = None) -> None:
        if len(points) < 2:
            return
        (x0, y0), rest = points[0], points[1:]
        path = f"{_n(x0)} {_n(y0)} m " + " ".join(f"{_n(x)} {_n(y)} l" for x, y in rest)
        self._draw(path + (" h" if closed else ""), fill, stroke, width, dash)

    def polylines(self, paths: Sequence[Sequence[Point]], *, stroke: str = "#000000", width: float = DEFAULT_LINE,
                  dash: Sequence[float] | None = None) -> None:
        subpaths = [f"{_n(x0)} {_n(y0)} m " + " ".join([f"{_n(x)} {_n(y)} l" for x, y in rest])
                    for (x0, y0), *rest in (points for points in paths if len(points) >= 2)]
        if subpaths:
            self._draw(" ".join(subpaths), None, stroke, width, dash)

    def path(self, segments: Sequence[Segment], *, fill: str | None = None, stroke: str | None = None,
             width: float = DEFAULT_LINE) -> None:
        ops = {"M": "m", "L": "l", "C": "c", "Z": "h"}
        d = " ".join([" ".join([*map(_n, values), ops[command]]) for command, values in segments])
        if d:
            self._draw(d, fill, stroke, width)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        self._draw(_ellipse(cx, cy, r, r), fill, stroke, width, dash)

    def sector(self, cx: float, cy: float, r: float, start: float, end: float, *, inner: float = 0.0,
               fill: str | None = None, stroke: str | None = None, width: float = DEFAULT_LINE) -> None:
        outer = _arc(cx, cy, r, start, end)
        if inner > 0:
            path = f"{_at(cx, cy, r, start)} m {outer} {_at(cx, cy, inner, end)} l {_arc(cx, cy, inner, end, start)} h"
        else:
            path = f"{_n(cx)} {_n(cy)} m {_at(cx, cy, r, start)} l {outer} h"
        self._draw(path, fill, stroke, width)

    # --- text --------------------------------------------------------------------------------
    def text(self, x: float, y: float, s: str, *, font: str = "sans", size: float = 9.0,
             colour: str = "#000000", anchor: str = "start") -> None:
        if not s:
            return
        self._need_page()
        s = metrics.printable(font, s)
        x = metrics.run_start(x, s, font, size, anchor)
        c = self._canvas
        self._set_fill(colour)
        t = c.beginText()
        # Flip the glyphs back upright inside the y-down page matrix.
        t.setTextTransform(1, 0, 0, -1, x, y)
        t.setFont(_pdf_font(font), size * metrics.PT)
        t.textOut(s)
        c.drawText(t)
