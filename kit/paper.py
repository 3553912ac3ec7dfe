"""Units, paper and card sizes: the one place where lengths are parsed and named.

Every length in the kit is in millimetres. A designer may write 63, "63", "63mm",
"6.3cm", "2.5in" or "12pt" (a comma works as the decimal point); parse_mm turns each
into mm. Points (1/72 in) only appear at the surface and for font sizes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kit.errors import KitError
from kit.i18n import N_, P_, _
from kit.surface.metrics import PT  # mm per point

MM_PER_INCH = 25.4

# Paper sizes, portrait, in mm (ISO 216 and ANSI Letter, 8.5 x 11 in).
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

MAX_BLEED = 6.0  # mm; print shops ask for 2 to 5

# Named sizes, portrait, in mm: what a layout may write instead of WxH. The card sizes are
# the print shops' (poker is the usual "standard" card; bridge is 2.25 x 3.5 in, rounded as
# the shops round it); a6 and a7 are ISO 216 quarters and eighths of A4, for aids.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "standard": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 67.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "a7": (74.0, 105.0),
    "a6": (105.0, 148.0),
}
# A piece of size "page" fills the paper minus this margin on every side: home printers
# cannot print the outer 4-6 mm, so 10 mm keeps every line of a board or sheet on paper.
PAGE_MARGIN = 10.0

# Home printers drop whatever lies closer than about 4 mm to the paper's edge: no art and
# no cut mark is placed nearer than this. Around the pieces the imposition keeps
# MIN_MARGIN: that edge, then a cut mark of at least MARK_MIN (shorter ones are hard to
# line a ruler up with), MARK_GAP short of the art.
EDGE = 5.0
MARK_GAP = 0.5
MARK_MIN = 3.0
MIN_MARGIN = EDGE + MARK_MIN + MARK_GAP


@dataclass(frozen=True)
class Stock:
    """A paper a kit prints on. Pieces that want different stocks never share a sheet, and a
    kit's PDF holds one run of sheets per stock, in STOCKS order (kit.sheets.impose_kit)."""

    id: str
    name: str    # the English message id; `label` prints it

    @property
    def label(self) -> str:
        """The paper's name in the printed language, as page labels and the contents page print it."""
        return P_(self.name)


# Cards and tokens are handled and shuffled: card stock. Aids, boards and sheets take
# 120 g, the weight every one of them accepts (aids 80 to 120 g, boards 120 to 160 g,
# sheets with a fold 120 g or more so nothing shows through); the contents sheet too.
PAPER_STOCK = Stock("papier", N_("paper 120 gsm"))
CARD_STOCK = Stock("carte", N_("card 160-250 gsm"))
STOCKS: dict[str, Stock] = {s.id: s for s in (PAPER_STOCK, CARD_STOCK)}
KIND_STOCK: dict[str, str] = {"aid": "papier", "board": "papier", "sheet": "papier", "card": "carte",
                              "token": "carte"}

_UNITS = {"": 1.0, "mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": PT}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)


def parse_mm(value: object) -> float:
    """A length in mm from a number (already mm) or a string such as '63mm', '6,3 cm', '1in'.

    >>> parse_mm("63mm"), parse_mm(3), parse_mm("2,5cm"), parse_mm("72pt")
    (63.0, 3.0, 25.0, 25.4)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(_("not a length"))
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(value)
    if not match:
        raise ValueError(_("not a length: {value} (write a number of mm, such as 63 or '63mm')").format(
            value=f"'{value}'"))
    number = float(match.group(1).replace(",", "."))
    return round(number * _UNITS[(match.group(2) or "").lower()], 6)


def parse_offset(value: str) -> tuple[float, float]:
    """An 'X,Y' pair of lengths in mm (spaces allowed; ';' also separates), e.g. '1.5,-0.5'."""
    if not isinstance(value, str):
        raise ValueError(_("not an X,Y offset"))
    parts = re.split(r"\s*[;,]\s*(?=[-+.\d])", value.strip()) if ";" not in value else value.split(";")
    if len(parts) != 2:
        raise ValueError(_("expected two lengths X,Y in mm (such as 1.5,-0.5), got {value}").format(value=f"'{value}'"))
    return parse_mm(parts[0]), parse_mm(parts[1])


def paper_size(name: str) -> tuple[float, float]:
    """(width, height) in mm of a paper name, portrait."""
    try:
        return PAPERS[name.lower()]
    except (KeyError, AttributeError):
        raise KitError(_("unknown paper {paper}; choose one of {papers}").format(
            paper=f"'{name}'", papers=", ".join(PAPERS))) from None


_BY = re.compile(r"\s*[x×]\s*", re.IGNORECASE)
_UNIT = re.compile(r"(mm|cm|in|pt)\s*$", re.IGNORECASE)


def parse_size(value: object) -> tuple[float, float]:
    """(width, height) in mm of a piece, from what a layout writes: a name of CARD_SIZES,
    'WxH' (spaces and a unit allowed; a unit written once, at the end, applies to both) or
    a [width, height] pair of lengths. Both sides must be more than 0.

    >>> parse_size("tarot"), parse_size("63 x 88"), parse_size("6.3x8.8cm"), parse_size([30, "6cm"])
    ((70.0, 120.0), (63.0, 88.0), (63.0, 88.0), (30.0, 60.0))
    """
    if isinstance(value, str):
        name = value.strip().lower()
        if name in CARD_SIZES:
            return CARD_SIZES[name]
        parts = _BY.split(name)
        if len(parts) != 2 or not all(parts):
            raise ValueError(_("unknown size {value}").format(value=f"'{value}'"))
        unit = _UNIT.search(parts[1])
        if unit and not _UNIT.search(parts[0]):
            parts[0] += unit.group(1)
        width, height = parse_mm(parts[0]), parse_mm(parts[1])
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        width, height = parse_mm(value[0]), parse_mm(value[1])
    else:
        raise ValueError(_("not a size"))
    if width <= 0 or height <= 0:
        raise ValueError(_("a size is two lengths over 0 mm, got {width} x {height}").format(
            width=f"{width:g}", height=f"{height:g}"))
    return width, height


def printable_area(paper: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) in mm of the box a "page" piece fills on this paper."""
    width, height = paper_size(paper)
    return (PAGE_MARGIN, PAGE_MARGIN, width - 2 * PAGE_MARGIN, height - 2 * PAGE_MARGIN)
