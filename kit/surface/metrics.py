"""Font loading and text metrics, shared by every backend.

A layout must come out the same in PDF, in SVG and in the recording used by the
tests, so widths and line heights come from one source: the TrueType file itself
(hmtx advances, hhea ascent/descent), read once per font with reportlab's TrueType
parser, the one that embeds the font in the PDF. fontTools, which reads glyph outlines
for SVG and the export preflight, is loaded only when an outline is asked for: importing
it and opening six fonts with it was some 10 ms of a 250 ms PDF build. Kerning is not applied
anywhere (reportlab does not kern TrueType text), which keeps the three surfaces in
agreement.

Glyphs are named by their id (`glyph00042`, `.notdef` for 0): the kit's fonts are
subsets without glyph names (post table format 3), and fontTools is given the same
names, so both readings agree.

Characters a font lacks are replaced, before measuring and before drawing, by
`printable`: Cinzel has no narrow no-break space (U+202F), so it gets the ordinary
no-break space, which still never breaks a line and has a glyph.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from kit import fonts

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

PT = 25.4 / 72  # mm per typographic point: the project's one definition (kit.paper's "pt" too)

# Replacements tried in order when a font has no glyph for a character.
FALLBACKS: dict[str, tuple[str, ...]] = {
    "\u202f": ("\u2009", "\u00a0", " "),  # narrow no-break space
    "\u2009": ("\u202f", " "),             # thin space
    "\u00a0": (" ",),
    "\u2019": ("'",),
    "\u2026": ("...",),
    "\u2013": ("-",),
}


class _Advances(dict[str, int]):
    """Character -> advance in font units, each looked up in the cmap on its first use
    (.notdef's for a character the font lacks); a character seen before costs no Python call."""

    def __init__(self, cmap: dict[int, str], advances: dict[str, int]):
        super().__init__()
        self._cmap, self._advances = cmap, advances

    def __missing__(self, ch: str) -> int:
        glyph = self._cmap.get(ord(ch), ".notdef")
        adv = self[ch] = self._advances.get(glyph, self._advances.get(".notdef", 0))
        return adv


def glyph_name(glyph_id: int) -> str:
    """The kit's name of a glyph, from its id (see the module docstring)."""
    return f"glyph{glyph_id:05d}" if glyph_id else ".notdef"


@dataclass
class FontMetrics:
    """What the backends need from one TrueType font, in font units."""

    name: str
    units_per_em: int
    ascent: int          # hhea ascender, positive
    descent: int         # hhea descender, made positive
    cmap: dict[int, str]  # code point -> glyph name
    advances: dict[str, int]  # glyph name -> advance width
    char_advances: _Advances = field(init=False, repr=False)
    characters: frozenset[str] = field(init=False, repr=False)  # what the font can print

    def __post_init__(self) -> None:
        self.char_advances = _Advances(self.cmap, self.advances)
        self.characters = frozenset(map(chr, self.cmap))

    def advance(self, ch: str) -> int:
        """Advance of one (printable) character in font units; .notdef's if missing."""
        return self.char_advances[ch]

    @property
    def font(self) -> TTFont:
        """The font opened with fontTools, for its glyph outlines (loaded on first use)."""
        return _outlines(self.name)


@cache
def get(name: str) -> FontMetrics:
    """The metrics of a logical font name (kit.fonts.FILES), loaded once per process."""
    # reportlab is imported here, not at the top, so that kit.paper takes PT without it.
    from reportlab.pdfbase.ttfonts import TTFontFile

    ttf = TTFontFile(str(fonts.path(name)), validate=0)
    # reportlab keeps the hmtx entries but not the hhea fields the layout needs.
    ttf.seek_table("hhea", 4)
    ascent, descent = ttf.read_short(), ttf.read_short()
    ttf.seek_table("hhea", 34)
    long_metrics = ttf.read_ushort()
    # Past numberOfHMetrics the table holds side bearings only; those glyphs take the last
    # advance (reportlab stores it scaled to 1000 units there, so take it from its raw entry).
    last = ttf.hmetrics[long_metrics - 1][0]
    advances = {glyph_name(gid): (aw if gid < long_metrics else last) for gid, (aw, _lsb) in enumerate(ttf.hmetrics)}
    return FontMetrics(
        name=name,
        units_per_em=ttf.unitsPerEm,
        ascent=ascent,
        descent=-descent,
        # A character mapped to glyph 0 is one the font lacks (reportlab keeps format 4's
        # closing U+FFFF -> 0). reportlab also maps U+00A0 to the space glyph: both are blank
        # and as wide in the kit's fonts, so nothing measured or drawn differs.
        cmap={code: glyph_name(gid) for code, gid in ttf.charToGlyph.items() if gid},
        advances=advances,
    )


@cache
def _outlines(name: str) -> TTFont:
    import logging

    from fontTools.ttLib import TTFont

    # fontTools warns that the subset fonts' creation date is "very low"; it is harmless.
    logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)
    tt = TTFont(str(fonts.path(name)), lazy=True)
    # Name the glyphs as get() does; fontTools would otherwise make names up from the cmap
    # and the Adobe Glyph List for fonts without names, most of its load time.
    tt.setGlyphOrder([glyph_name(gid) for gid in range(tt["maxp"].numGlyphs)])
    return tt


def printable(font: str, s: str) -> str:
    """s with each character the font lacks replaced by its first available fallback."""
    m = get(font)
    if m.characters.issuperset(s):
        return s
    out = []
    for ch in s:
        if ord(ch) not in m.cmap:
            for alt in FALLBACKS.get(ch, ()):
                if all(ord(a) in m.cmap for a in alt):
                    ch = alt
                    break
        out.append(ch)
    return "".join(out)


def missing(font: str, s: str) -> set[str]:
    """The characters of s that the font cannot print, even after fallbacks."""
    m = get(font)
    return {ch for ch in printable(font, s) if ord(ch) not in m.cmap}


@cache
def _everywhere(ch: str) -> bool:
    return all(not missing(font, ch) for font in fonts.FILES)


@cache
def _in_every_font() -> frozenset[str]:
    """The characters every kit font has (line breaks and tabs count: they are layout)."""
    return frozenset.intersection(*(get(font).characters for font in fonts.FILES)) | frozenset("\n\r\t")


def unprintable(s: str) -> list[str]:
    """The characters of s, each once and in order, that some kit font cannot print even
    after fallbacks (line breaks and tabs are layout, not glyphs). A layout text may be set
    in any of the kit's fonts, so each must have every character."""
    if _in_every_font().issuperset(s):   # nearly every text: no character to look at one by one
        return []
    return [ch for ch in dict.fromkeys(s) if ch not in "\n\r\t" and not _everywhere(ch)]


_UNITS: dict[tuple[str, str], tuple[int, int]] = {}  # (font, text) -> (advance in font units, units per em)


def advance_units(s: str, font: str = "sans") -> tuple[int, int]:
    """(advance of s in font units, the font's units per em): s's width at any size is
    units * size * PT / per_em, the formula text_width applies (kit.parts.text scales a
    paragraph's words with it at each size it tries).

    A kit measures the same few thousand strings tens of thousands of times, so each
    string's advance is summed once.
    """
    key = (font, s)
    found = _UNITS.get(key)
    if found is None:
        m = get(font)
        if len(_UNITS) > 200_000:  # a long-lived process measuring endless new strings
            _UNITS.clear()
        found = _UNITS[key] = (sum(map(m.char_advances.__getitem__, printable(font, s))), m.units_per_em)
    return found


def text_width(s: str, font: str = "sans", size: float = 9.0) -> float:
    """Advance width of s in mm at size points (no kerning, like the backends)."""
    units, per_em = _UNITS.get((font, s)) or advance_units(s, font)
    return units * size * PT / per_em


ANCHORS = ("start", "middle", "end")


def run_start(x: float, s: str, font: str, size: float, anchor: str) -> float:
    """Where a text run anchored at x begins: at x, centred on it, or ending on it."""
    if anchor not in ANCHORS:
        raise ValueError(f"anchor must be start, middle or end, not {anchor!r}")
    if anchor == "start":
        return x
    w = text_width(s, font, size)
    return x - w / 2 if anchor == "middle" else x - w


def ascent_descent(font: str = "sans", size: float = 9.0) -> tuple[float, float]:
    """(ascent, descent) in mm, both positive, from the font's hhea table."""
    m = get(font)
    k = size * PT / m.units_per_em
    return (m.ascent * k, m.descent * k)
