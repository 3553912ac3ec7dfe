"""The checks every exported image passes before the export is put in place.

Each failure is a `Problem` naming the file and the rule it breaks, so a designer knows
which card to fix and why a shop would refuse it:

- size: the image has exactly the pixels the target specifies (trim + bleed at the DPI);
- dpi: the PNG records the target's DPI;
- mode: RGB, no alpha (shops flatten transparency unpredictably);
- bleed: where the art reaches the trim line, it carries on to the image's edge (no white
  sliver when the cut drifts);
- safe area: every line of text and every symbol lies inside the safe box, measured on
  the very drawing calls that made the image (a recording surface), with the ink of
  each glyph from the font, not an estimate;
- count: a deck holds no more cards than the product allows.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from kit.export.raster import Job, draw_job
from kit.i18n import N_, _, number
from kit.paper import MM_PER_INCH
from kit.surface import metrics
from kit.surface.record import Call, RecordingSurface

if TYPE_CHECKING:
    from PIL import Image

DPI_TOLERANCE = 0.5       # pHYs stores pixels per metre: 300 dpi reads back as 299.9994
WHITE = 250               # a channel mean above this is paper white
INK = 245                 # a strip whose mean falls under this carries art
SYMBOL_MAX = 15.0         # mm: a filled shape no larger than this on both sides is a symbol
SHAPES = ("circle", "polygon", "rect")   # what a symbol is drawn with
PATTERN = 6               # a motif drawn this many times on one face is a pattern, not a symbol
_SLACK = 0.05             # mm: the recording rounds to 0.01 mm


@dataclass(frozen=True)
class Problem:
    file: str
    rule: str

    def __str__(self) -> str:
        return _("{file}: {problem}").format(file=self.file, problem=self.rule)


def check_file(path: Path, shown: str, pixels: tuple[int, int], dpi: float) -> list[Problem]:
    """Size, DPI and colour mode of a written PNG."""
    from PIL import Image

    problems = []
    with Image.open(path) as image:
        if image.format != "PNG":
            problems.append(Problem(shown, _("is {format}, not PNG").format(format=image.format)))
        if image.size != tuple(pixels):
            problems.append(Problem(shown, _("size: {width} x {height} px, the target wants {wanted_width} x "
                                             "{wanted_height} px").format(width=image.size[0], height=image.size[1],
                                                                          wanted_width=pixels[0],
                                                                          wanted_height=pixels[1])))
        stored = image.info.get("dpi")
        if not stored or any(abs(v - dpi) > DPI_TOLERANCE for v in stored):
            recorded = f"{stored[0]:.0f} dpi" if stored else _("no DPI")
            problems.append(Problem(shown, _("dpi: the file records {recorded}, the target wants {dpi}").format(
                recorded=recorded, dpi=f"{dpi:g}")))
        if image.mode != "RGB":
            problems.append(Problem(shown, _("mode: {mode}, the target wants RGB without alpha").format(mode=image.mode)))
    return problems


def check_bleed(image: Image.Image, shown: str, job: Job) -> list[Problem]:
    """Where a straight edge's art reaches the trim, it must reach the image's edge too."""
    b = job.spec.bleed * job.spec.dpi / MM_PER_INCH
    if job.round or b < 3:
        return []
    w, h = image.size
    inner = math.ceil(b) + 1          # two pixels just inside the trim line
    problems = []
    edges = {
        N_("bleed: the art stops at the trim on the left edge; extend the background {mm} mm past the cut"):
            ((0, 0, 2, h), (inner, 0, inner + 2, h)),
        N_("bleed: the art stops at the trim on the right edge; extend the background {mm} mm past the cut"):
            ((w - 2, 0, w, h), (w - inner - 2, 0, w - inner, h)),
        N_("bleed: the art stops at the trim on the top edge; extend the background {mm} mm past the cut"):
            ((0, 0, w, 2), (0, inner, w, inner + 2)),
        N_("bleed: the art stops at the trim on the bottom edge; extend the background {mm} mm past the cut"):
            ((0, h - 2, w, h), (0, h - inner - 2, w, h - inner)),
    }
    for message, (outer_box, trim_box) in edges.items():
        outer, trim = _mean(image.crop(outer_box)), _mean(image.crop(trim_box))
        if trim < INK and outer > WHITE:
            problems.append(Problem(shown, _(message).format(mm=number(job.spec.bleed))))
    return problems


def _mean(strip: Image.Image) -> float:
    from PIL import ImageStat

    return ImageStat.Stat(strip.convert("L")).mean[0]


@cache
def _ink(font: str, ch: str) -> tuple[int, int] | None:
    """(yMin, yMax) of a character's glyph in font units, None for a blank glyph."""
    m = metrics.get(font)
    glyph_name = m.cmap.get(ord(ch))
    if glyph_name is None or "glyf" not in m.font:
        return None
    glyph = m.font["glyf"][glyph_name]
    if not hasattr(glyph, "yMax") or getattr(glyph, "numberOfContours", 0) == 0:
        return None
    return glyph.yMin, glyph.yMax


@dataclass(frozen=True)
class Mark:
    """Something printed that must stay clear of the cut: a line of text or a symbol,
    as points on the page (mm), or a circle (centre and radius) for round symbols."""

    what: str
    points: tuple[tuple[float, float], ...]
    radius: float = 0.0     # > 0: points holds the centre of a circle of this radius

    def inside(self, x0: float, y0: float, w: float, h: float, inset: float, round_: bool) -> bool:
        """Whether the mark lies inside the trim box (x0, y0, w, h) shrunk by inset on every
        side, or inside its inscribed circle for a round piece."""
        r = self.radius
        if round_:
            limit = min(w, h) / 2 - inset + _SLACK
            cx, cy = x0 + w / 2, y0 + h / 2
            return all(math.hypot(x - cx, y - cy) + r <= limit for x, y in self.points)
        return all(x - r >= x0 + inset - _SLACK and y - r >= y0 + inset - _SLACK
                   and x + r <= x0 + w - inset + _SLACK and y + r <= y0 + h - inset + _SLACK
                   for x, y in self.points)

    def within(self, disc: Mark) -> bool:
        """Whether this mark lies inside a round mark (the symbol in a medallion)."""
        if not disc.radius:
            return False
        (cx, cy), = disc.points
        return all(math.hypot(x - cx, y - cy) + self.radius <= disc.radius + _SLACK for x, y in self.points)

    def margin(self, x0: float, y0: float, w: float, h: float, round_: bool) -> float:
        """The mark's distance from the cut, in mm (negative when it crosses it)."""
        r = self.radius
        if round_:
            cx, cy = x0 + w / 2, y0 + h / 2
            return min(w, h) / 2 - max(math.hypot(x - cx, y - cy) + r for x, y in self.points)
        return min(min(x - r - x0, y - r - y0, x0 + w - x - r, y0 + h - y - r) for x, y in self.points)


def text_mark(call: Call) -> Mark | None:
    """The ink of a text call on the page: its advance box across, its glyphs' outlines up
    and down, the four corners carried through the call's transforms."""
    s, font, size = call["s"], call["font"], call["size"]
    s = metrics.printable(font, s)
    inks = [i for i in (_ink(font, ch) for ch in s) if i is not None]
    if not inks:
        return None
    m = metrics.get(font)
    k = size * metrics.PT / m.units_per_em
    top, bottom = -max(i[1] for i in inks) * k, -min(i[0] for i in inks) * k   # y down
    left = metrics.run_start(call["x"], s, font, size, call["anchor"])
    right = left + metrics.text_width(s, font, size)
    y = call["y"]
    corners = [(left, y + top), (right, y + top), (left, y + bottom), (right, y + bottom)]
    return Mark(_("the text « {text} »").format(text=_excerpt(call["s"])), tuple(call.on_page(x, y) for x, y in corners))


def symbol_mark(call: Call) -> Mark | None:
    """A filled circle, polygon or rectangle no larger than a symbol, or None for anything else."""
    if not _has_fill(call):
        return None
    if call.name == "circle":
        r = call["r"]
        if 2 * r > SYMBOL_MAX:
            return None
        return Mark(_("a round symbol"), (call.on_page(call["cx"], call["cy"]),), radius=r)
    if call.name in ("polygon", "rect"):
        if call.name == "rect":
            x, y, w, h = call["x"], call["y"], call["w"], call["h"]
            corners = ((x, y), (x + w, y), (x, y + h), (x + w, y + h))
        else:
            corners = call["points"]
        points = tuple(call.on_page(x, y) for x, y in corners)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if max(xs) - min(xs) > SYMBOL_MAX or max(ys) - min(ys) > SYMBOL_MAX:
            return None
        return Mark(_("a symbol"), points)
    return None


def _shape_key(call: Call) -> tuple[object, ...]:
    """What makes two shapes the same motif wherever they are drawn."""
    if call.name == "circle":
        return ("circle", call["r"], call["fill"])
    if call.name == "rect":
        return ("rect", call["w"], call["h"], call["fill"])
    points = call["points"]
    x0, y0 = points[0]
    return ("polygon", tuple((round(x - x0, 1), round(y - y0, 1)) for x, y in points), call["fill"])


def check_safe_area(job: Job, shown: str) -> list[Problem]:
    """Text and symbols inside the safe box of the image (a circle for a round piece).

    Three kinds of shapes are art, not symbols to keep: a motif repeated PATTERN times or
    more (a back's dots, a border's stars run under the cut on purpose), a shape that does
    not lie wholly inside the trim, and a disc that holds a symbol or text (a medallion:
    what it holds is checked, its rim may meet the margin).
    """
    surface = RecordingSurface()
    draw_job(surface, job)
    spec = job.spec
    pw, ph = (p * MM_PER_INCH / spec.dpi for p in spec.pixels)
    w, h = spec.trim
    x0, y0 = (pw - w) / 2, (ph - h) / 2        # the trim's corner on the page
    shapes = [c for c in surface.calls if c.name in SHAPES]
    repeats = Counter(_shape_key(c) for c in shapes if _has_fill(c))
    marks: list[Mark] = []
    for call in surface.calls:
        if call.name == "text":
            mark = text_mark(call)
        elif call.name in SHAPES:
            mark = symbol_mark(call)
            if mark is None or repeats[_shape_key(call)] >= PATTERN or not mark.inside(x0, y0, w, h, 0.0, job.round):
                continue
        else:
            continue
        if mark is not None:
            marks.append(mark)
    worst: dict[str, float] = {}     # each mark once, at its closest to the cut
    for mark in marks:
        if mark.inside(x0, y0, w, h, spec.safe, job.round) or any(other.within(mark) for other in marks
                                                                   if other is not mark):
            continue
        margin = mark.margin(x0, y0, w, h, job.round)
        worst[mark.what] = min(margin, worst.get(mark.what, margin))
    return [Problem(shown, _("safe area: {what} comes within {safe} mm of the cut ({margin} mm from it)").format(
        what=what, safe=number(spec.safe), margin=number(margin, decimals=1)))
            for what, margin in worst.items()]


def _has_fill(call: Call) -> bool:
    return any(k == "fill" for k, _ in call.args)


def _excerpt(s: str) -> str:
    s = s.strip()
    return s if len(s) <= 40 else s[:37].rstrip() + "…"


def check_count(shown: str, count: int, limit: int | None, product: str) -> list[Problem]:
    if limit is not None and count > limit:
        return [Problem(shown, _("count: {count} cards, more than the {limit} a {product} deck may hold").format(
            count=count, limit=limit, product=product))]
    return []
