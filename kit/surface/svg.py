"""The SVG backend: the Surface interface written as SVG markup, one file per page.

The interface's coordinates are already SVG's (millimetres, y down), so each page is
an <svg> whose viewBox is the page in mm and whose width/height say "mm": shapes are
written as given, transforms become nested <g> elements.

Text is turned into shapes, so a page looks the same in any viewer, with no font
installed: each glyph the page uses is written once in <defs> as a path in font units
(from the same TrueType file the PDF embeds, read with fontTools), and each character
is a <use> of it, placed by the font's hmtx advances. Every text run keeps its string
in an aria-label so the page stays searchable and readable by assistive tools.

The markup is written as text by this module, as the PDF backend writes its content
streams: the four kits are some 100,000 elements (77,000 of them a <use> per printed
character), and building them as svgwrite and ElementTree objects, then serialising
those, was two thirds of an SVG build. Each page is a list of
strings joined once at the end; a text run's markup is made once per string, size and
colour, and only its position is formatted again. The markup kept svgwrite's form
(attributes in alphabetical order, empty elements closed with " />", the same XML
declaration and namespaces), so files did not change when the library was dropped;
a reused piece's clip paths have since moved inside the piece, next to what they clip.

Output is byte-identical for the same calls: ids are counters per page, numbers are
written with at most 3 decimals (6 significant digits for the glyph scale factor),
and there are no timestamps.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from fontTools.pens.svgPathPen import SVGPathPen

from kit.surface import metrics
from kit.surface.base import DEFAULT_LINE, Point, Segment, Surface
from kit.surface.base import number as num
from kit.surface.colour import hex_colour

# What an attribute value must escape besides & < >: its quotes, and the white space an
# XML parser would otherwise normalise to plain spaces (xml.etree's choice of entities).
_ATTRIBUTE_ENTITIES = {'"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"}


def _attribute(text: str) -> str:
    """text made safe inside a double-quoted attribute value."""
    return escape(text, _ATTRIBUTE_ENTITIES)


_XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'
_NAMESPACES = ('xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
               'xmlns:xlink="http://www.w3.org/1999/xlink"')

_glyph_paths: dict[tuple[str, str], str] = {}


def _glyph_path(font: str, glyph: str) -> str:
    """The outline of one glyph as SVG path data in font units (y up), cached."""
    key = (font, glyph)
    d = _glyph_paths.get(key)
    if d is None:
        glyph_set = _glyph_set(font)
        pen = SVGPathPen(glyph_set, ntos=num)
        glyph_set[glyph].draw(pen)
        d = _glyph_paths[key] = pen.getCommands()
    return d


@cache
def _glyph_set(font: str) -> Any:  # fontTools has no type stubs: its glyph set
    return metrics.get(font).font.getGlyphSet()


# A character's (<use> tail or None, advance, glyph id, glyph definition).
_Character = tuple[str | None, int, str, str]


class _Characters(dict[str, _Character]):
    """Character -> (the end of its <use> element, or None for a blank; its advance in font
    units; its glyph id; the glyph's definition) in one font, each worked out on its first use."""

    def __init__(self, font: str):
        super().__init__()
        self.font = font

    def __missing__(self, ch: str) -> _Character:
        m = metrics.get(self.font)
        glyph = m.cmap.get(ord(ch), ".notdef")
        gid = f"{self.font}-{m.font.getGlyphID(glyph)}"
        outline = _glyph_path(self.font, glyph)
        # Spaces have no outline: they only advance the pen.
        use = f' xlink:href="#{gid}" />' if outline else None
        found = self[ch] = (use, m.advance(ch), gid, f'<path d="{outline}" id="{gid}" />')
        return found


_characters: dict[str, _Characters] = {}


@lru_cache(maxsize=8192)
def _glyph_uses(font: str, shown: str) -> tuple[str, dict[str, str]]:
    """A run's <use> elements, one per inked character placed by the advances (in font
    units), and the glyphs they need: {glyph id: its <path> for the page's <defs>}."""
    chars = _characters.get(font)
    if chars is None:
        chars = _characters[font] = _Characters(font)
    uses = []
    pen_x = 0
    for ch in shown:
        use, advance, _, _ = chars[ch]
        if use is not None:
            uses.append(f'<use x="{pen_x}"{use}' if pen_x else f"<use{use}")
        pen_x += advance
    glyphs = {gid: path for use, _, gid, path in map(chars.__getitem__, set(shown)) if use is not None}
    return "".join(uses), glyphs


# (text, font, size, colour, anchor, greyscale) -> (run_start offset, markup before the
# position, markup after it, glyphs): half the runs of a kit repeat one printed before.
_Run = tuple[float, str, str, dict[str, str]]
_runs: dict[tuple[str, str, float, str, str, bool], _Run] = {}
# A reused piece: its id, its markup, its glyphs, the keys of the pieces drawn inside it.
_Reused = tuple[str, str, dict[str, str], tuple[Hashable, ...]]


def _run(s: str, font: str, size: float, colour: str, anchor: str, greyscale: bool) -> _Run:
    """A text run's markup around its position, made and kept in _runs."""
    m = metrics.get(font)
    shown = metrics.printable(font, s)
    # run_start(x) is x plus this offset, to the last bit: x - w/2 == x + (0 - w/2).
    offset = metrics.run_start(0.0, shown, font, size, anchor)
    k = size * metrics.PT / m.units_per_em
    uses, glyphs = _glyph_uses(font, shown)
    head = (f'<g aria-label="{_attribute(s)}" fill="{hex_colour(colour, greyscale)}" '
            f'transform="translate(')
    scale = f') scale({k:.6g} {-k:.6g})"'
    tail = f'{scale}>{uses}</g>' if uses else f'{scale} />'
    if len(_runs) > 50_000:  # a long-lived process drawing endless new strings
        _runs.clear()
    found = _runs[(s, font, size, colour, anchor, greyscale)] = (offset, head, tail, glyphs)
    return found


class _Piece:
    """A reused piece being drawn: its markup (clip paths included, so they travel with it)."""

    def __init__(self, piece_id: str):
        self.id = piece_id
        self.out: list[str] = [f'<g id="{piece_id}">']
        self.glyphs: dict[str, str] = {}  # every glyph its text uses: id -> <path>
        self.inner: list[Hashable] = []  # keys of the pieces placed inside it: their definitions go with its own


class _Page:
    """One page being drawn: its markup, its <defs> and the glyphs it uses."""

    def __init__(self, width: float, height: float, title: str):
        w, h = num(width), num(height)
        self.head = (f'{_XML_DECLARATION}<svg baseProfile="full" height="{h}mm" version="1.1" '
                     f'viewBox="0 0 {w} {h}" width="{w}mm" {_NAMESPACES}>')
        if title:
            self.head += f"<title>{escape(title)}</title>"
        self.defs: list[str] = []
        self.body: list[str] = []
        self.glyphs: dict[str, str] = {}  # every glyph its text uses: id -> <path>
        self.clips = 0
        self.defined: set[str] = set()  # reused pieces already in this page's <defs>


class SvgSurface(Surface):
    """SVG pages. save(stem) writes <stem>-1.svg, <stem>-2.svg... and returns their paths.

    The argument of save is a stem, not a file name: a trailing ".svg" is dropped, so
    save(Path("out/cards")) and save(Path("out/cards.svg")) both write out/cards-1.svg...
    """

    def __init__(self, greyscale: bool = False, title: str = ""):
        self.greyscale = greyscale
        self.title = title
        self._pages: list[str] = []
        self._reused: dict[Hashable, _Reused] = {}  # key -> (piece id, its markup, its glyphs, the keys of the pieces inside it)
        self._pieces = 0  # ids handed out: a piece drawn inside another is numbered before it ends
        self._page: _Page | None = None
        self._piece: _Piece | None = None  # the reused piece being drawn
        # Where markup goes: the page's body or the piece's, and the glyphs that need defining:
        # the page's or the piece's (between pages, lists nothing reads: drawing then is refused).
        self._out: list[str] = []
        self._glyphs: dict[str, str] = {}

    # --- pages -----------------------------------------------------------------------
    def begin_page(self, width: float, height: float, *, trim: tuple[float, float, float, float] | None = None,
                   bleed: tuple[float, float, float, float] | None = None) -> None:
        """trim/bleed are not written: an SVG page has no such boxes (the PDF does)."""
        if self._page is not None:
            raise RuntimeError("begin_page() called before end_page() of the previous page")
        self._page = _Page(width, height, self.title)
        self._out, self._glyphs = self._page.body, self._page.glyphs

    def end_page(self) -> None:
        page = self._page
        if page is None:
            raise RuntimeError("end_page() called without begin_page()")
        defs = page.defs
        # Glyph outlines go in <defs> in a fixed order, whatever order they were used in.
        glyphs = page.glyphs
        defs.extend([glyphs[gid] for gid in sorted(glyphs)])
        defs_markup = f"<defs>{''.join(defs)}</defs>" if defs else "<defs />"
        self._pages.append(f"{page.head}{defs_markup}{''.join(page.body)}</svg>\n")
        self._page, self._out, self._glyphs = None, [], {}

    def save(self, path: str | Path) -> list[Path]:
        """Write one SVG per page at <stem>-<n>.svg (n from 1); returns the paths written."""
        if self._page is not None:
            self.end_page()
        stem = Path(path)
        if stem.suffix.lower() == ".svg":
            stem = stem.with_suffix("")
        written: list[Path] = []
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
    def _group(self, attributes: str) -> Iterator[None]:
        self._current()
        out = self._out
        out.append(f"<g {attributes}>")
        opened = len(out)
        try:
            yield
        finally:
            if len(out) == opened:  # nothing drawn in it
                out[-1] = f"<g {attributes} />"
            else:
                out.append("</g>")

    def translated(self, dx: float, dy: float) -> AbstractContextManager[None]:
        return self._group(f'transform="translate({num(dx)} {num(dy)})"')

    def rotated(self, degrees: float) -> AbstractContextManager[None]:
        # SVG rotates clockwise on a y-down page, like the interface.
        return self._group(f'transform="rotate({num(degrees)})"')

    def scaled(self, k: float) -> AbstractContextManager[None]:
        return self._group(f'transform="scale({num(k)})"')

    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False) -> AbstractContextManager[None]:
        page = self._current()
        page.clips += 1
        clip_id = f"clip{page.clips}"
        piece = self._piece
        if piece is not None:
            # Inside a reused piece: its clips travel with it to every page that uses it.
            clip_id = f"{piece.id}-clip{page.clips}"
        if circle:
            shape = (f'<ellipse cx="{num(x + w / 2)}" cy="{num(y + h / 2)}" '
                     f'rx="{num(w / 2)}" ry="{num(h / 2)}" />')
        else:
            corner = ""
            if radius > 0:
                r = num(min(radius, w / 2, h / 2))
                corner = f' rx="{r}" ry="{r}"'
            shape = f'<rect height="{num(h)}"{corner} width="{num(w)}" x="{num(x)}" y="{num(y)}" />'
        # A clip path draws nothing where it stands: a piece's goes in its own markup, just
        # before the group it clips.
        (page.defs if piece is None else piece.out).append(f'<clipPath id="{clip_id}">{shape}</clipPath>')
        return self._group(f'clip-path="url(#{clip_id})"')

    def reused(self, key: Hashable, box: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
        """Drawn once into a group in <defs>, placed with <use> wherever it repeats (each page
        that needs it writes the definition too: each page is a file of its own)."""
        page = self._current()
        found = self._reused.get(key)
        if found is None:
            self._pieces += 1
            piece = _Piece(f"piece{self._pieces}")
            outer = (self._out, self._piece, self._glyphs)
            self._out, self._piece, self._glyphs = piece.out, piece, piece.glyphs
            try:
                draw()
            finally:
                self._out, self._piece, self._glyphs = outer
            out = piece.out
            if len(out) == 1:
                markup = f'<g id="{piece.id}" />'
            else:
                out.append("</g>")
                markup = "".join(out)
            found = self._reused[key] = (piece.id, markup, piece.glyphs, tuple(piece.inner))
        piece_id, _, glyphs, _ = found
        self._define(page, found)
        if self._piece is not None:
            self._piece.inner.append(key)
        # Every glyph of the piece, on every page it is placed on (a page is a file of its own).
        self._glyphs.update(glyphs)
        self._out.append(f'<use xlink:href="#{piece_id}" />')

    def _define(self, page: _Page, found: _Reused) -> None:
        """A reused piece's definition in the page's <defs>, once, with those of the pieces
        drawn inside it (placed from the cache, they are not asked for again)."""
        piece_id, markup, _, inner = found
        if piece_id in page.defined:
            return
        for key in inner:
            self._define(page, self._reused[key])
        page.defs.append(markup)
        page.defined.add(piece_id)

    # --- paint -----------------------------------------------------------------------------
    # Attributes are written in alphabetical order (svgwrite's), so the fill and the stroke
    # of a shape sit apart, around its geometry.
    def _fill(self, fill: str | None) -> str:
        return hex_colour(fill, self.greyscale) if fill is not None else "none"

    def _stroke(self, stroke: str | None, width: float, dash: Sequence[float] | None) -> str:
        """The stroke attributes, with a leading space; "" for no stroke."""
        if stroke is None:
            return ""
        colour = hex_colour(stroke, self.greyscale)
        if dash:
            pattern = " ".join(num(v) for v in dash)
            return f' stroke="{colour}" stroke-dasharray="{pattern}" stroke-width="{num(width)}"'
        return f' stroke="{colour}" stroke-width="{num(width)}"'

    # --- shapes ----------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = DEFAULT_LINE, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        if fill is None and stroke is None:
            return
        self._current()
        if w < 0:
            x, w = x + w, -w
        if h < 0:
            y, h = y + h, -h
        corner = ""
        if radius > 0:
            r = num(min(radius, w / 2, h / 2))
            corner = f' rx="{r}" ry="{r}"'
        self._out.append(f'<rect fill="{self._fill(fill)}" height="{num(h)}"{corner}'
                         f'{self._stroke(stroke, width, dash)} width="{num(w)}" x="{num(x)}" y="{num(y)}" />')

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        if stroke is None:
            return
        self._current()
        self._out.append(f'<line{self._stroke(stroke, width, dash)} '
                         f'x1="{num(x1)}" x2="{num(x2)}" y1="{num(y1)}" y2="{num(y2)}" />')

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = DEFAULT_LINE, closed: bool = True,
                dash: Sequence[float] | None = None) -> None:
        if (fill is None and stroke is None) or len(points) < 2:
            return
        self._current()
        pts = " ".join([f"{num(x)},{num(y)}" for x, y in points])
        tag = "polygon" if closed else "polyline"
        self._out.append(f'<{tag} fill="{self._fill(fill)}" points="{pts}"{self._stroke(stroke, width, dash)} />')

    def polylines(self, paths: Sequence[Sequence[Point]], *, stroke: str = "#000000", width: float = DEFAULT_LINE,
                  dash: Sequence[float] | None = None) -> None:
        subpaths = [f"M{num(x0)} {num(y0)}" + "".join([f"L{num(x)} {num(y)}" for x, y in rest])
                    for (x0, y0), *rest in (points for points in paths if len(points) >= 2)]
        if stroke is None or not subpaths:
            return
        self._current()
        self._out.append(f'<path d="{"".join(subpaths)}" fill="none"{self._stroke(stroke, width, dash)} />')

    def path(self, segments: Sequence[Segment], *, fill: str | None = None, stroke: str | None = None,
             width: float = DEFAULT_LINE) -> None:
        d = "".join([command + " ".join([num(v) for v in values]) for command, values in segments])
        if (fill is None and stroke is None) or not d:
            return
        self._current()
        self._out.append(f'<path d="{d}" fill="{self._fill(fill)}"{self._stroke(stroke, width, None)} />')

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        if fill is None and stroke is None:
            return
        self._current()
        self._out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" fill="{self._fill(fill)}" r="{num(r)}"'
                         f'{self._stroke(stroke, width, dash)} />')

    def sector(self, cx: float, cy: float, r: float, start: float, end: float, *, inner: float = 0.0,
               fill: str | None = None, stroke: str | None = None, width: float = DEFAULT_LINE) -> None:
        if fill is None and stroke is None:
            return
        self._current()

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
        self._out.append(f'<path d="{d}" fill="{self._fill(fill)}"{self._stroke(stroke, width, None)} />')

    # --- text --------------------------------------------------------------------------------
    def text(self, x: float, y: float, s: str, *, font: str = "sans", size: float = 9.0,
             colour: str = "#000000", anchor: str = "start") -> None:
        if not s:
            return
        self._current()
        found = _runs.get((s, font, size, colour, anchor, self.greyscale))
        if found is None:
            found = _run(s, font, size, colour, anchor, self.greyscale)
        offset, head, tail, glyphs = found
        self._glyphs.update(glyphs)
        self._out.append(f"{head}{num(x + offset)} {num(y)}{tail}")
