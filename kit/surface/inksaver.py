"""Light pages for `kit build --ink-saver`: any piece drawn through this surface comes out
in less ink, whatever the part draws.

Backs are mostly large areas of colour; a player only needs to tell the decks apart and
see which way up a card lies. So on a back every filled area becomes a tint of its colour
(TINT of the way to white: a solid black area costs 1 - TINT of its ink), lines a lighter
shade (LINE_TINT), and text stays readable: light text, meant for a dark ground that is now
pale, is drawn in its colour darkened instead.

Fronts must still be read, so only their floods go (fronts=True): a filled area of FLOOD
mm² or more (a card's coloured frame, a title band, Promotion's black Poste) becomes the
same pale tint inside an outline of its colour, so the shape and its colour still show;
an icon that large is drawn as its outline. Smaller fills (symbols, badges, discs), lines
and text keep their ink, but light text and small light icons are darkened as on a back,
their ground being pale now. The parts never know; the imposition wraps the surface for every piece.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from kit.surface.colour import REC709, rgb

if TYPE_CHECKING:
    from kit.surface.base import Point, Segment, Surface

TINT = 0.88          # how far a fill moves towards white
LINE_TINT = 0.55     # how far a line does: the hatching of a back is mostly lines
LIGHT = 0.6          # text this light (luminance 0..1) was meant for a dark ground
FLOOD = 150.0        # mm²: on a front, a fill this large is a flood, drawn as a tint in an outline
OUTLINE = 0.35       # mm, the outline of a flood


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02X}" for c in (r, g, b))


@cache
def tint(colour: str) -> str:
    """The fill colour, TINT of the way to white."""
    return _hex(*(c + (1 - c) * TINT for c in rgb(colour)))


@cache
def line(colour: str) -> str:
    """A line's colour: LINE_TINT of the way to white, from the colour darkened when it was
    a light line meant for a dark ground."""
    return _hex(*(c + (1 - c) * LINE_TINT for c in rgb(ink(colour))))


@cache
def ink(colour: str) -> str:
    """A text colour that shows on a pale ground: a light one is darkened."""
    r, g, b = rgb(colour)
    if REC709[0] * r + REC709[1] * g + REC709[2] * b < LIGHT:
        return colour
    return _hex(r * 0.35, g * 0.35, b * 0.35)


class _Stroke(TypedDict, total=False):
    """The drawing options InkSaver passes on untouched (or, for width, adjusted)."""
    width: float
    dash: Sequence[float] | None


class _RectOptions(_Stroke, total=False):
    radius: float


class _PolygonOptions(_Stroke, total=False):
    closed: bool


class _PathOptions(TypedDict, total=False):
    width: float


class _SectorOptions(TypedDict, total=False):
    inner: float
    width: float


class _TextOptions(TypedDict, total=False):
    font: str
    size: float
    anchor: str


def _polygon_area(points: Sequence[Point]) -> float:
    """The area a polygon encloses (shoelace), for telling a flood from a symbol."""
    n = len(points)
    return abs(math.fsum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
                         for i in range(n))) / 2


def _box_area(segments: Sequence[Segment]) -> float:
    """The area of the box a path's points span: an icon's size, not its ink."""
    xs = [v for _, values in segments for v in values[0::2]]
    ys = [v for _, values in segments for v in values[1::2]]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) if xs else 0.0


class InkSaver:
    """A surface that passes everything on lighter: on a back (fronts=False) every fill
    tinted and every line lighter; on a front (fronts=True) only the floods tinted and
    outlined. Light text is darkened on both."""

    def __init__(self, surface: Surface, *, fronts: bool = False):
        self._surface = surface
        self._fronts = fronts

    def __getattr__(self, name: str) -> Any:  # whatever the wrapped surface holds
        value = getattr(self._surface, name)
        setattr(self, name, value)
        return value

    def _paint(self, fill: str | None, stroke: str | None, area: float) -> dict[str, str | float | None]:
        """The fill, stroke and width to draw a shape of this area with (width None: the
        part's own)."""
        if not self._fronts:
            return dict(fill=fill and tint(fill), stroke=stroke and line(stroke))
        if fill is None or area < FLOOD:
            return dict(fill=fill, stroke=stroke)
        return dict(fill=tint(fill), stroke=stroke or fill, width=None if stroke else OUTLINE)

    def _draw(self, shape: Callable[..., None], *args: object, fill: str | None = None, stroke: str | None = None,
              area: float = 0.0, **kw: object) -> None:
        paint = self._paint(fill, stroke, area)
        if paint.get("width", 0) is None:
            paint.pop("width")
        elif "width" in paint:
            kw["width"] = paint.pop("width")
        shape(*args, **paint, **kw)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             **kw: Unpack[_RectOptions]) -> None:
        self._draw(self._surface.rect, x, y, w, h, fill=fill, stroke=stroke, area=abs(w * h), **kw)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                **kw: Unpack[_PolygonOptions]) -> None:
        area = _polygon_area(points) if self._fronts and fill is not None and kw.get("closed", True) else 0.0
        self._draw(self._surface.polygon, points, fill=fill, stroke=stroke, area=area, **kw)

    def path(self, segments: Sequence[Segment], *, fill: str | None = None, stroke: str | None = None,
             **kw: Unpack[_PathOptions]) -> None:
        if self._fronts and fill is not None and _box_area(segments) >= FLOOD:
            # A large icon is drawn as its outline, in its colour.
            kw["width"] = min(kw.get("width", OUTLINE), OUTLINE) if stroke else OUTLINE
            self._surface.path(segments, fill=None, stroke=stroke or fill, **kw)
            return
        if not self._fronts:
            # An icon on a back stays a picture, in a line's shade: a tint of it would vanish.
            self._surface.path(segments, fill=fill and line(fill), stroke=stroke and line(stroke), **kw)
            return
        # A small icon keeps its ink; a light one, drawn for a dark ground now pale (a white
        # emblem on a title band), is darkened as light text is.
        self._surface.path(segments, fill=fill and ink(fill), stroke=stroke, **kw)

    def polylines(self, paths: Sequence[Sequence[Point]], *, stroke: str = "#000000", **kw: Unpack[_Stroke]) -> None:
        self._surface.polylines(paths, stroke=stroke if self._fronts else stroke and line(stroke), **kw)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               **kw: Unpack[_Stroke]) -> None:
        self._draw(self._surface.circle, cx, cy, r, fill=fill, stroke=stroke, area=math.pi * r * r, **kw)

    def sector(self, cx: float, cy: float, r: float, start: float, end: float, *, fill: str | None = None,
               stroke: str | None = None, **kw: Unpack[_SectorOptions]) -> None:
        inner = kw.get("inner", 0.0)
        area = math.pi * (r * r - inner * inner) * abs(end - start) / 360
        self._draw(self._surface.sector, cx, cy, r, start, end, fill=fill, stroke=stroke, area=area, **kw)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             **kw: Unpack[_Stroke]) -> None:
        self._surface.line(x1, y1, x2, y2, stroke=stroke if self._fronts else stroke and line(stroke), **kw)

    def text(self, x: float, y: float, s: str, *, colour: str = "#000000", **kw: Unpack[_TextOptions]) -> None:
        self._surface.text(x, y, s, colour=ink(colour), **kw)
