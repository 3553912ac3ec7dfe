"""A surface that draws nothing and remembers every call, for golden tests.

Drawing is tested as a log of calls rather than as file bytes (the way Squib tests
its layouts): a test draws a part on a RecordingSurface and compares `log()` with the
text it expects, or looks calls up with `find`. Numbers are rounded to 0.01 (mm, or
points for font sizes) so that float noise never breaks a golden log.

Transforms are both recorded and applied: translated/rotated/clipped appear as calls,
the calls inside them are indented one level deeper, and each call carries the
matrix from its own coordinates to the page's, so `call.on_page(x, y)` says where a
point ends up on the paper.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.surface import metrics
from kit.surface.base import DEFAULT_LINE, Point, Segment, Surface
from kit.surface.colour import hex_colour

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG and PDF
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _round(value: Any) -> Any:
    """Numbers to 0.01 (never -0.0), sequences to tuples of rounded values."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        r = round(float(value), 2)
        return 0.0 if r == 0 else r
    if isinstance(value, (list, tuple)):
        return tuple(_round(v) for v in value)
    return value


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies n first, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2,
            a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


@dataclass(frozen=True)
class Call:
    """One drawing call: its name, its (rounded) arguments, nesting depth and page matrix."""

    name: str
    args: tuple[tuple[str, Any], ...]
    depth: int = 0
    page: int = 0          # 1-based page number; 0 before the first begin_page
    matrix: Matrix = IDENTITY

    def __getitem__(self, key: str) -> Any:
        for name, value in self.args:
            if name == key:
                return value
        raise KeyError(key)

    def on_page(self, x: float, y: float) -> tuple[float, float]:
        """Where the point (x, y) of this call's coordinates lies on the page, in mm."""
        a, b, c, d, e, f = self.matrix
        return (_round(a * x + c * y + e), _round(b * x + d * y + f))

    def __str__(self) -> str:
        parts = [self.name] + [f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in self.args]
        return "  " * self.depth + " ".join(parts)


class RecordingSurface(Surface):
    """Records every call in `calls`; save() writes nothing and returns []."""

    def __init__(self, greyscale: bool = False):
        self.greyscale = greyscale
        self.calls: list[Call] = []
        self._matrix: Matrix = IDENTITY
        self._depth = 0
        self._page = 0

    # --- reading the record ---------------------------------------------------------------
    def log(self) -> str:
        """The calls, one per line, indented by nesting: the text a golden test compares."""
        return "\n".join(str(c) for c in self.calls)

    def find(self, name: str) -> list[Call]:
        """The calls of one kind (e.g. "rect", "text"), in drawing order."""
        return [c for c in self.calls if c.name == name]

    def _record(self, name: str, **args: Any) -> None:
        self.calls.append(Call(name, tuple((k, _round(v)) for k, v in args.items() if v is not None),
                               self._depth, self._page, self._matrix))

    def _colour(self, colour: str | None) -> str | None:
        return None if colour is None else hex_colour(colour, self.greyscale)

    # --- pages -----------------------------------------------------------------------------
    def begin_page(self, width: float, height: float, *, trim: tuple[float, float, float, float] | None = None,
                   bleed: tuple[float, float, float, float] | None = None) -> None:
        self._page += 1
        self._matrix, self._depth = IDENTITY, 0
        self._record("begin_page", width=width, height=height, trim=trim, bleed=bleed)

    def end_page(self) -> None:
        self._record("end_page")

    def save(self, path: str | Path) -> list[Path]:
        return []

    # --- transforms --------------------------------------------------------------------------
    @contextmanager
    def _nested(self, matrix: Matrix) -> Iterator[None]:
        saved = (self._matrix, self._depth)
        self._matrix = _multiply(self._matrix, matrix)
        self._depth += 1
        try:
            yield
        finally:
            self._matrix, self._depth = saved

    def translated(self, dx: float, dy: float) -> AbstractContextManager[None]:
        self._record("translated", dx=dx, dy=dy)
        return self._nested((1.0, 0.0, 0.0, 1.0, dx, dy))

    def rotated(self, degrees: float) -> AbstractContextManager[None]:
        self._record("rotated", degrees=degrees)
        a = math.radians(degrees)
        return self._nested((math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0))

    def scaled(self, k: float) -> AbstractContextManager[None]:
        self._record("scaled", k=k)
        return self._nested((k, 0.0, 0.0, k, 0.0, 0.0))

    def clipped(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0,
                circle: bool = False) -> AbstractContextManager[None]:
        self._record("clipped", x=x, y=y, w=w, h=h, radius=radius or None, circle=circle or None)
        return self._nested(IDENTITY)

    # --- shapes ------------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = DEFAULT_LINE, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        self._record("rect", x=x, y=y, w=w, h=h, fill=self._colour(fill), stroke=self._colour(stroke),
                     width=width if stroke is not None else None, radius=radius or None, dash=dash)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        self._record("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=self._colour(stroke), width=width, dash=dash)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = DEFAULT_LINE, closed: bool = True,
                dash: Sequence[float] | None = None) -> None:
        self._record("polygon", points=points, fill=self._colour(fill), stroke=self._colour(stroke),
                     width=width if stroke is not None else None, closed=closed, dash=dash)

    def path(self, segments: Sequence[Segment], *, fill: str | None = None, stroke: str | None = None,
             width: float = DEFAULT_LINE) -> None:
        """Recorded as its size, not its points (an icon is hundreds of them): the number of
        segments, the box its points span (x, y, w, h) and a checksum of the rounded points,
        so a golden log still changes when the shape does."""
        points = [(values[i], values[i + 1]) for _, values in segments for i in range(0, len(values), 2)]
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box: tuple[float, float, float, float] | None = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        else:
            box = None
        shape = " ".join(command + " ".join(str(_round(v)) for v in values) for command, values in segments)
        self._record("path", segments=len(segments), box=box, crc=f"{zlib.crc32(shape.encode()):08x}",
                     fill=self._colour(fill), stroke=self._colour(stroke),
                     width=width if stroke is not None else None)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = DEFAULT_LINE, dash: Sequence[float] | None = None) -> None:
        self._record("circle", cx=cx, cy=cy, r=r, fill=self._colour(fill), stroke=self._colour(stroke),
                     width=width if stroke is not None else None, dash=dash)

    def sector(self, cx: float, cy: float, r: float, start: float, end: float, *, inner: float = 0.0,
               fill: str | None = None, stroke: str | None = None, width: float = DEFAULT_LINE) -> None:
        self._record("sector", cx=cx, cy=cy, r=r, start=start, end=end, inner=inner or None,
                     fill=self._colour(fill), stroke=self._colour(stroke),
                     width=width if stroke is not None else None)

    # --- text ----------------------------------------------------------------------------------
    def text(self, x: float, y: float, s: str, *, font: str = "sans", size: float = 9.0,
             colour: str = "#000000", anchor: str = "start") -> None:
        if anchor not in metrics.ANCHORS:
            raise ValueError(f"anchor must be start, middle or end, not {anchor!r}")
        metrics.get(font)  # an unknown font fails here as it would in a real backend
        self._record("text", x=x, y=y, s=s, font=font, size=size, colour=self._colour(colour), anchor=anchor)
