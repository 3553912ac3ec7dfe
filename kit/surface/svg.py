"""The SVG backend: the Surface interface drawn with svgwrite, one SVG file per page.

The interface's coordinates are already SVG's (millimetres, y down), so each page is
an <svg> whose viewBox is the page in mm and whose width/height say "mm": shapes are
written as given, transforms become nested <g> elements.

Text is turned into shapes, so a page looks the same in any viewer, with no font
installed: each glyph the page uses is written once in <defs> as a path in font units
(from the same TrueType file the PDF embeds, read with fontTools), and each character
is a <use> of it, placed by the font's hmtx advances. Every text run keeps its string
in an aria-label so the page stays searchable and readable by assistive tools.

Output is byte-identical for the same calls: ids are counters per page, numbers are
written with at most 3 decimals (6 significant digits for the glyph scale factor),
and there are no timestamps.
"""
from __future__ import annotations

import math
from functools import lru_cache
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen

from kit.surface import metrics
from kit.surface.base import DEFAULT_LINE, Point, Surface, number as num
from kit.surface.colour import hex_colour

_glyph_paths: dict[tuple[str, str], str] = {}


def _glyph_path(font: str, glyph: str) -> str:
    """The outline of one glyph as SVG path data in font units (y up), cached."""
    key = (font, glyph)
    d = _glyph_paths.get(key)
    if d is None:
        glyph_set = metrics.get(font).font.getGlyphSet()
        pen = SVGPathPen(glyph_set, ntos=lambda v: num(v))
        glyph_set[glyph].draw(pen)
        d = _glyph_paths[key] = pen.getCommands()
    return d


@lru_cache(maxsize=8192)
def _layout(font: str, shown: str) -> tuple[tuple[str, str, str], ...]:
    """(glyph id, glyph name, x in font units) of each inked character of a run.

    Cards repeat their titles and labels, so a run is laid out once per process.
    """
    m = metrics.get(font)
    placed = []
    pen_x = 0
    for ch in shown:
        glyph = m.cmap.get(ord(ch), ".notdef")
        if _glyph_path(font, glyph):  # spaces have no outline: advance only
            placed.append((f"{font}-{m.font.getGlyphID(glyph)}", glyph, str(pen_x) if pen_x else ""))
        pen_x += m.advance(ch)
    return tuple(placed)


class _Page:
    """One page being drawn: its drawing, the open group stack and its glyph uses."""

    def __init__(self, width: float, height: float, title: str):
        self.drawing = svgwrite.Drawing(size=(f"{num(width)}mm", f"{num(height)}mm"),
                                        viewBox=f"0 0 {num(width)} {num(height)}", debug=False)
        if title:
            self.drawing.set_desc(title=title)
        self.stack = [self.drawing]
        self.glyphs: dict[str, tuple[str, str]] = {}  # id -> (font, glyph name)
        self.clips = 0
        self.defined: set[str] = set()  # reused pieces already in this page's <defs>
        self.scope = None  # the reused piece being drawn: (its id, its group, its glyph ids)

    @property
    def top(self):
        return self.stack[-1]


class SvgSurface(Surface):
    """SVG pages. save(stem) writes <stem>-1.svg, <stem>-2.svg... and returns their paths.

    The argument of save is a stem, not a file name: a trailing ".svg" is dropped, so
    save(Path("out/cards")) and save(Path("out/cards.svg")) both write out/cards-1.svg...
    """

    def __init__(self, greyscale: bool = False, title: str = ""):
        self.greyscale = greyscale
        self.title = title
        self._pages: list[str] = []
        self._reused: dict = {}  # key -> (piece id, its group, its glyphs)
        self._uses: dict = {}    # (font, text) -> the <use> elements of its glyphs
        self._page: _Page | None = None

    # --- pages -----------------------------------------------------------------------
    def begin_page(self, width: float, height: float, *, trim=None, bleed=None) -> None:
        """trim/bleed are not written: an SVG page has no such boxes (the PDF does)."""
        if self._page is not None:
            raise RuntimeError("begin_page() called before end_page() of the previous page")
        self._page = _Page(width, height, self.title)

    def end_page(self) -> None:
        page = self._page
        if page is None:
            raise RuntimeError("end_page() called without begin_page()")
        d = page.drawing
        # Glyph outlines go in <defs> in a fixed order, whatever order they were used in.
        for gid in sorted(page.glyphs):
            font, glyph = page.glyphs[gid]
            d.defs.add(d.path(d=_glyph_path(font, glyph), id=gid))
        self._pages.append('<?xml version="1.0" encoding="utf-8" ?>\n' + d.tostring() + "\n")
        self._page = None

    def save(self, path) -> list:
        """Write one SVG per page at <stem>-<n>.svg (n from 1); returns the paths written."""
        if self._page is not None:
            self.end_page()
        stem = Path(path)
        if stem.suffix.lower() == ".svg":
            stem = stem.with_suffix("")
        written = []
        for n, text in enumerate(self._pages, start=1):
            target = stem.parent / f"{stem.name}-{n}.svg"
            target.write_text(text, encoding="utf-8")
            written.append(target)
        return written

    def _current(self) -> _Page:
        if self._page is None:
            raise RuntimeError("draw calls need a page: call begin_page() first")
        return self._page

    # --- transforms --------------------------------------------------------------------
    @contextmanager
    def _group(self, **attrs) -> Iterator[None]:
        page = self._current()
        g = page.drawing.g(**attrs)
        page.top.add(g)
        page.stack.append(g)
        try:
            yield
        finally:
            page.stack.pop()

    def translated(self, dx: float, dy: float):
        return self._group(transform=f"translate({num(dx)} {num(dy)})")

    def rotated(self, degrees: float):
        # SVG rotates clockwise on a y-down page, like the interface.
        return self._group(transform=f"rotate({num(degrees)})")

    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False):
        page = self._current()
        d = page.drawing
        page.clips += 1
        clip_id = f"clip{page.clips}"
        if page.scope is not None:
            # Inside a reused piece: its clips travel with it to every page that uses it.
            clip_id = f"{page.scope[0]}-clip{page.clips}"
        clip = d.clipPath(id=clip_id)
        if circle:
            clip.add(d.ellipse(center=(num(x + w / 2), num(y + h / 2)), r=(num(w / 2), num(h / 2))))
        else:
            shape = d.rect(insert=(num(x), num(y)), size=(num(w), num(h)))
            if radius > 0:
                r = num(min(radius, w / 2, h / 2))
                shape.update({"rx": r, "ry": r})
            clip.add(shape)
        (page.scope[1] if page.scope is not None else d.defs).add(clip)
        return self._group(**{"clip_path": f"url(#{clip_id})"})

    def reused(self, key, box, draw) -> None:
        """Drawn once into a group in <defs>, placed with <use> wherever it repeats (each page
        that needs it writes the definition too: each page is a file of its own)."""
        page = self._current()
        found = self._reused.get(key)
        if found is None:
            piece_id = f"piece{len(self._reused) + 1}"
            group = page.drawing.g(id=piece_id)
            glyphs_before = set(page.glyphs)
            page.stack.append(group)
            page.scope = (piece_id, group)
            try:
                draw()
            finally:
                page.stack.pop()
                page.scope = None
            used = {gid: page.glyphs[gid] for gid in page.glyphs if gid not in glyphs_before}
            found = self._reused[key] = (piece_id, group, used)
        piece_id, group, used = found
        if piece_id not in page.defined:
            # The same element in each page's tree: it is never changed once drawn.
            page.drawing.defs.add(group)
            page.defined.add(piece_id)
        page.glyphs.update(used)
        page.top.add(page.drawing.use(f"#{piece_id}"))

    # --- paint -----------------------------------------------------------------------------
    def _paint(self, fill: str | None, stroke: str | None, width: float,
               dash: Sequence[float] | None) -> dict:
        """The presentation attributes: the one place colours are written (greyscale too)."""
        attrs = {"fill": hex_colour(fill, self.greyscale) if fill is not None else "none"}
        if stroke is not None:
            attrs["stroke"] = hex_colour(stroke, self.greyscale)
            attrs["stroke_width"] = num(width)
            if dash:
                attrs["stroke_dasharray"] = " ".join(num(v) for v in dash)
        return attrs

    # --- shapes ----------------------------------------------------------------------------
    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=DEFAULT_LINE, radius=0.0, dash=None) -> None:
        if fill is None and stroke is None:
            return
        page = self._current()
        if w < 0:
            x, w = x + w, -w
        if h < 0:
            y, h = y + h, -h
        attrs = self._paint(fill, stroke, width, dash)
        if radius > 0:
            attrs["rx"] = attrs["ry"] = num(min(radius, w / 2, h / 2))
        page.top.add(page.drawing.rect(insert=(num(x), num(y)), size=(num(w), num(h)), **attrs))

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=DEFAULT_LINE, dash=None) -> None:
        if stroke is None:
            return
        page = self._current()
        attrs = self._paint(None, stroke, width, dash)
        del attrs["fill"]
        page.top.add(page.drawing.line(start=(num(x1), num(y1)), end=(num(x2), num(y2)), **attrs))

    def polygon(self, points: Sequence[Point], *, fill=None, stroke=None, width=DEFAULT_LINE,
                closed=True, dash=None) -> None:
        if (fill is None and stroke is None) or len(points) < 2:
            return
        page = self._current()
        pts = [(num(x), num(y)) for x, y in points]
        attrs = self._paint(fill, stroke, width, dash)
        make = page.drawing.polygon if closed else page.drawing.polyline
        page.top.add(make(points=pts, **attrs))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=DEFAULT_LINE, dash=None) -> None:
        if fill is None and stroke is None:
            return
        page = self._current()
        page.top.add(page.drawing.circle(center=(num(cx), num(cy)), r=num(r),
                                         **self._paint(fill, stroke, width, dash)))

    def sector(self, cx, cy, r, start, end, *, inner=0.0, fill=None, stroke=None, width=DEFAULT_LINE) -> None:
        if fill is None and stroke is None:
            return
        page = self._current()

        def at(radius: float, angle: float) -> str:
            a = math.radians(angle)
            return f"{num(cx + radius * math.cos(a))} {num(cy + radius * math.sin(a))}"

        def arc(radius: float, a0: float, a1: float) -> str:
            # Two half arcs: one SVG arc cannot go all the way round, and each half
            # stays under 180 degrees, so the large-arc flag is always 0.
            sweep = 1 if a1 >= a0 else 0
            mid = (a0 + a1) / 2
            rr = num(radius)
            return (f"A {rr} {rr} 0 0 {sweep} {at(radius, mid)} "
                    f"A {rr} {rr} 0 0 {sweep} {at(radius, a1)}")

        if inner > 0:
            d = f"M {at(r, start)} {arc(r, start, end)} L {at(inner, end)} {arc(inner, end, start)} Z"
        else:
            d = f"M {num(cx)} {num(cy)} L {at(r, start)} {arc(r, start, end)} Z"
        page.top.add(page.drawing.path(d=d, **self._paint(fill, stroke, width, None)))

    # --- text --------------------------------------------------------------------------------
    def text(self, x, y, s, *, font="sans", size=9.0, colour="#000000", anchor="start") -> None:
        if not s:
            return
        page = self._current()
        m = metrics.get(font)
        shown = metrics.printable(font, s)
        x = metrics.run_start(x, shown, font, size, anchor)
        k = size * metrics.PT / m.units_per_em
        d = page.drawing
        run = d.g(transform=f"translate({num(x)} {num(y)}) scale({k:.6g} {-k:.6g})",
                  fill=hex_colour(colour, self.greyscale), aria_label=s)
        placed = _layout(font, shown)
        for gid, glyph, _ in placed:
            page.glyphs[gid] = (font, glyph)
        # A run's <use> elements depend on its font and characters only: made once per
        # document and shared by every run that prints the same string (they are never
        # changed once made, so one element may sit in several groups).
        uses = self._uses.get((font, shown))
        if uses is None:
            uses = []
            for gid, _, pen_x in placed:
                use = d.use(f"#{gid}")
                if pen_x:
                    use["x"] = pen_x
                uses.append(use)
            self._uses[(font, shown)] = uses
        run.elements.extend(uses)
        page.top.add(run)
