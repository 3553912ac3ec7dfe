"""Text boxes that fit their text: wrap, honour paragraph breaks and **bold**, shrink.

The one rule: text never overflows silently. A box tries its preferred size, shrinks
in small steps down to `min_size`, and raises kit.errors.TextDoesNotFit when even
that is too large; the build names the game, component and piece in the message.

French typography (kit.typography) puts no-break spaces before : ; ! ? » and after «
(U+00A0 or the narrow U+202F); lines never break there, only at ordinary spaces. A font
without U+202F (Cinzel) gets U+00A0 from the surface itself (kit.surface.metrics.printable),
in its measures as in its drawing.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, NamedTuple, TypedDict, TypeVar, Unpack

from kit.errors import TextDoesNotFit

# PT, mm per typographic point, is the parts' and the pieces' too: exported from here.
from kit.surface.metrics import PT as PT
from kit.surface.metrics import advance_units, text_width

if TYPE_CHECKING:
    from kit.surface.base import Surface

ALIGNS = ("left", "centre", "right", "justify")
VALIGNS = ("top", "middle", "bottom")

# The font used for **bold** segments of a given body font.
BOLD_OF: dict[str, str] = {
    "sans": "sans-bold",
    "sans-bold": "sans-bold",
    "sans-italic": "sans-bold",
    "sans-condensed": "sans-condensed",
    "roman": "roman-bold",
    "roman-bold": "roman-bold",
}

SHRINK_STEP = 0.25  # pt; fine enough that a box never shrinks noticeably more than needed
_EPS = 1e-6         # mm; rounding slack when comparing widths and heights

T = TypeVar("T")


class _Run(NamedTuple):
    text: str
    bold: bool


@dataclass
class _Line:
    words: list[list[_Run]]
    widths: list[float]
    space: float
    last: bool  # last line of its paragraph: never justified


def _parse(paragraph: str) -> list[list[_Run]]:
    """Words of a paragraph, each a list of runs; '**' toggles bold and may cut a word."""
    words: list[list[_Run]] = []
    current: list[_Run] = []
    bold = False
    for i, part in enumerate(paragraph.split("**")):
        if i > 0:
            bold = not bold
        # Spaces and tabs are the only places a line may break; never U+00A0 or U+202F.
        for k, piece in enumerate(part.replace("\t", " ").split(" ")):
            if k > 0 and current:  # a breakable space came before this piece: the word ends
                words.append(current)
                current = []
            if piece:
                current.append(_Run(piece, bold))
    if current:
        words.append(current)
    return words


def _fonts(font: str) -> dict[bool, str]:
    """The font of a run, by its bold flag."""
    return {False: font, True: BOLD_OF.get(font, font)}


# A paragraph as wrapping sees it: its words, each with its runs and each run's advance in
# font units. Measured once per (text, font): a box tries several sizes, and the width of
# a word at a size is then its units scaled (kit.surface.metrics.text_width's formula, so
# the widths are the very numbers text_width gives).
_Word = tuple[list[_Run], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=4096)
def _measured(text: str, font: str) -> tuple[tuple[_Word, ...], ...]:
    """The paragraphs of text, measured in font (shared: read them, never change them)."""
    fonts = _fonts(font)
    return tuple(tuple((word, tuple(advance_units(run.text, fonts[run.bold]) for run in word)) for word in _parse(p))
                 for p in text.split("\n"))


def _wrap(text: str, font: str, size: float, width: float) -> list[_Line] | None:
    """Greedy line breaking; None when a single word is wider than the box."""
    space = text_width(" ", font, size)
    limit = width + _EPS
    lines: list[_Line] = []
    for words in _measured(text, font):
        if not words:  # an empty paragraph keeps its blank line
            lines.append(_Line([], [], space, True))
            continue
        current: list[list[_Run]] = []
        widths: list[float] = []
        used = 0.0
        for word, units in words:
            if len(units) == 1:  # most words: one run, no sum to make
                (u, per_em), = units
                w = u * size * PT / per_em
            else:
                w = math.fsum(u * size * PT / per_em for u, per_em in units)
            if w > limit:
                return None
            needed = w if not current else used + space + w
            if current and needed > limit:
                lines.append(_Line(current, widths, space, False))
                current, widths, used = [word], [w], w
            else:
                current.append(word)
                widths.append(w)
                used = needed
        lines.append(_Line(current, widths, space, True))
    return lines


_WRAPS: dict[tuple[float, str, str, float], list[_Line] | None] = {}


def _wrapped(w: float, text: str, font: str, size: float) -> list[_Line] | None:
    """_wrap of text at this size and width, once per (width, text, font, size): a box tries
    several sizes, the contents page measures its paragraphs before drawing them, and aids
    measure the same sections at each candidate size. Every surface measures with the same
    font metrics, so the lines hold for all of them (shared: read them, never change them)."""
    key = (w, text, font, size)
    if key in _WRAPS:
        return _WRAPS[key]
    if len(_WRAPS) > 50_000:
        _WRAPS.clear()
    lines = _WRAPS[key] = _wrap(text, font, size, w)
    return lines


_LAYOUTS: dict[tuple[float, float, str, str, float, float, float], tuple[float, list[_Line]] | None] = {}


def layout(surface: Surface, w: float, h: float, text: str, *, font: str = "sans", size: float = 9.0,
           min_size: float = 6.0, leading: float = 1.2) -> tuple[float, list[_Line]] | None:
    """The largest size <= size (by SHRINK_STEP, ending exactly at min_size) at which text fits
    a w x h mm box, with its lines; None when it fits at no size.

    Fitted once per (box, text, font, sizes): a deck repeats its labels on every card, and
    every surface measures with the same font metrics (kit.surface.metrics), so the answer
    holds for all of them. The lines returned are shared: read them, never change them.
    """
    key = (w, h, text, font, size, min_size, leading)
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    if len(_LAYOUTS) > 50_000:
        _LAYOUTS.clear()
    found = _LAYOUTS[key] = _fit(surface, w, h, text, font, size, min_size, leading)
    return found


def _fit(surface: Surface, w: float, h: float, text: str, font: str, size: float, min_size: float,
         leading: float) -> tuple[float, list[_Line]] | None:
    candidates = []
    s = size
    while s > min_size + _EPS:
        candidates.append(round(s, 4))
        s -= SHRINK_STEP
    candidates.append(min_size)
    for s in candidates:
        lines = _wrapped(w, text, font, s)
        if lines is None:
            continue
        if _height(surface, font, s, leading, len(lines)) <= h + _EPS:
            return s, lines
    return None


def _height(surface: Surface, font: str, size: float, leading: float, n: int) -> float:
    ascent, descent = surface.ascent_descent(font=font, size=size)
    return ascent + descent + (n - 1) * size * leading * PT


class FitOptions(TypedDict, total=False):
    """The options of text_box that decide whether its text fits."""
    font: str
    size: float
    min_size: float
    leading: float


def fits(surface: Surface, w: float, h: float, text: str, **kwargs: Unpack[FitOptions]) -> bool:
    """Whether text_box would succeed, without drawing."""
    return layout(surface, w, h, text, **kwargs) is not None


def text_box(surface: Surface, x: float, y: float, w: float, h: float, text: str, *, font: str = "sans",
             size: float = 9.0, min_size: float = 6.0, colour: str = "#000000", align: str = "left",
             valign: str = "top", leading: float = 1.2) -> float:
    """Draw text inside the box (x, y, w, h) in mm; returns the size in points actually used.

    Wraps at ordinary spaces, starts a new paragraph at each "\\n", prints **segments** in
    the bold of `font`, and shrinks down to min_size; raises TextDoesNotFit beyond that.
    """
    if align not in ALIGNS:
        raise ValueError(f"align must be one of {', '.join(ALIGNS)}, not {align!r}")
    if valign not in VALIGNS:
        raise ValueError(f"valign must be one of {', '.join(VALIGNS)}, not {valign!r}")
    if not text.strip():
        return size
    found = layout(surface, w, h, text, font=font, size=size, min_size=min_size, leading=leading)
    if found is None:
        excerpt = " ".join(text.split())
        if len(excerpt) > 60:
            excerpt = excerpt[:57].rstrip() + "…"
        raise TextDoesNotFit(f"the text « {excerpt} » does not fit its {w:.1f} x {h:.1f} mm box "
                             f"even at {min_size:g} pt; shorten it or enlarge the box")
    used, lines = found
    fonts = _fonts(font)
    ascent, _ = surface.ascent_descent(font=font, size=used)
    total = _height(surface, font, used, leading, len(lines))
    top = y + {"top": 0.0, "middle": (h - total) / 2, "bottom": h - total}[valign]
    step = used * leading * PT
    for i, line in enumerate(lines):
        baseline = top + ascent + i * step
        if not line.words:
            continue
        gap = line.space
        if align == "justify" and not line.last and len(line.words) > 1:
            gap = (w - math.fsum(line.widths)) / (len(line.words) - 1)
        width = math.fsum(line.widths) + gap * (len(line.words) - 1)
        start = x + {"left": 0.0, "justify": 0.0, "centre": (w - width) / 2, "right": w - width}[align]
        pieces = _line_pieces(line, start, gap, fonts, font, used, align)
        for px, f, t in pieces:
            surface.text(px, baseline, t, font=f, size=used, colour=colour)
    return used

def _line_pieces(line: _Line, start: float, gap: float, fonts: dict[bool, str], font: str, used: float,
                 align: str) -> list[tuple[float, str, str]]:
    """The strings a line is drawn in, each (x, font, text): consecutive words in the same
    font go out as one string (smaller files, text that copies and searches well);
    justified lines place each word to spread the gaps."""
    pieces: list[tuple[float, str, str]] = []  # (x, font, text)
    cursor = start
    for k, (word, word_w) in enumerate(zip(line.words, line.widths)):
        run_x = cursor
        for j, run in enumerate(word):
            f = fonts[run.bold]
            joined = j == 0 and k > 0 and align != "justify" and pieces and pieces[-1][1] == f
            if joined:
                px, pf, pt = pieces[-1]
                pieces[-1] = (px, pf, pt + " " + run.text)
            elif j == 0 and k > 0:
                # A word after a space starts a new string (another font, or justified):
                # it carries its space in front, drawn a space-width earlier, so copied
                # or searched text keeps its word breaks and the ink lands where it did.
                space = line.space if f == font else text_width(" ", f, used)
                pieces.append((run_x - space, f, " " + run.text))
            else:
                pieces.append((run_x, f, run.text))
            if len(word) > 1:  # a one-run word's width is its run's, measured already
                run_x += text_width(run.text, f, used)
        cursor += word_w + gap
    return pieces


def text_height(surface: Surface, w: float, text: str, *, font: str = "sans", size: float = 9.0,
                leading: float = 1.2) -> float:
    """The height in mm that text takes wrapped to width w at this size (no shrinking), for
    parts that flow text downwards (the contents page). Raises TextDoesNotFit when one
    word alone is wider than w."""
    if not text.strip():
        return 0.0
    lines = _wrapped(w, text, font, size)
    if lines is None:
        raise TextDoesNotFit(f"a word of « {' '.join(text.split())[:60]} » is wider than {w:.1f} mm at {size:g} pt")
    return _height(surface, font, size, leading, len(lines))


@dataclass(frozen=True)
class Section:
    """A heading and its body, as every game's player aid prints its rules."""

    heading: str
    body: str


def largest_fitting_size(fits: Callable[[float], bool], largest: float, smallest: float,
                         step: float = SHRINK_STEP) -> float | None:
    """The largest size from `largest` down to `smallest`, by `step`, for which fits(size)
    holds; None when none does (the caller decides: raise, or let text_box refuse)."""
    count = round((largest - smallest) / step)
    for i in range(count + 1):
        size = round(largest - i * step, 4)
        if fits(size):
            return size
    return None


def measured_once(function: Callable[..., T]) -> Callable[..., T]:
    """function(surface, *args) computed once per args, for any surface: a player aid printed
    sixteen times fits its text once. Sound because every surface measures with the same
    font metrics (kit.surface.metrics); args must be hashable (frozen faces, sizes in mm)."""
    cache: dict[tuple[Hashable, ...], T] = {}

    @wraps(function)
    def cached(surface: Surface, *args: Hashable) -> T:
        if args not in cache:
            cache[args] = function(surface, *args)
        return cache[args]
    return cached
