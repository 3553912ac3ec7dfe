"""The calibration sheet: one duplex sheet that measures a printer's back offset and scale.

Held against a lamp, the sheet shows each tick of its front and, through the paper, each
tick of its back. Two scales (X across the page, Y down it) are rows of windows: in window
k the front tick sits at its place and the back tick is drawn k quarter-millimetres
aside, so the window whose two ticks make one straight line names the back offset, to
0.25 mm. The windows are WINDOW mm apart, far more than any offset the scales read, so a
back tick can never be mistaken for its neighbour's. Each window is labelled with the
value to give `kit build --back-offset X,Y` (the offset this sheet was printed with
included, so a corrected sheet reads 0,0). A 100 mm ruler and a 50 mm square check that
the printer prints at 100 %.

Signs: the back page is printed on the reverse and flipped on the long edge, so a back
tick drawn at x on its page is seen from the front at paper width - x; --back-offset moves
the back page's drawing by (X, Y) in its own coordinates, as kit.sheets does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kit.i18n import P_, edition_name, printed_language
from kit.paper import paper_size
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.surface.base import Surface

STEP = 0.25      # mm read by one window
WINDOWS = 12     # windows each side of zero: the scales read -3 to +3 mm around the offset printed
WINDOW = 7.0     # mm between windows: more than twice what a scale reads, so no false match
TICK = 6.0       # mm: each face's half of a window's line
RULER = 100.0
SQUARE = 50.0
INK = "#000000"
GREY = "#6E6E6E"
FILE = "calibrage.pdf"


def calibration_file(lang: str) -> str:
    """The calibration sheet's file name in an edition: calibrage.pdf, calibrage-en.pdf
    (kit.i18n.edition_name)."""
    stem, suffix = FILE.rsplit(".", 1)
    return f"{edition_name(stem, lang)}.{suffix}"


def label(value: float) -> str:
    """+1,25 / 0 / −0,5: signed, the French way (+1.25 in English)."""
    if abs(value) < 1e-9:
        return "0"
    text = f"{abs(value):g}".replace(".", ",") if printed_language() == "fr" else f"{abs(value):g}"
    return ("+" if value > 0 else "\u2212") + text


def x_windows(paper: str) -> tuple[float, list[float]]:
    """(y of the X scale's midline, x of each window's front tick), windows -WINDOWS..WINDOWS."""
    pw, _ = paper_size(paper)
    return 62.0, [pw / 2 + k * WINDOW for k in range(-WINDOWS, WINDOWS + 1)]


def y_windows(paper: str) -> tuple[float, list[float]]:
    """(x of the Y scale's midline, y of each window's front tick)."""
    _, ph = paper_size(paper)
    centre = 96.0 + (ph - 96.0 - 20.0) / 2
    return 34.0, [centre + k * WINDOW for k in range(-WINDOWS, WINDOWS + 1)]


def draw_calibration(surface: Surface, paper: str = "a4", offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """Both pages of the sheet: the front, then the back (shifted by `offset`, as a kit's backs)."""
    pw, ph = paper_size(paper)
    dx, dy = offset
    xmid, xs = x_windows(paper)
    ymid, ys = y_windows(paper)

    surface.begin_page(pw, ph)
    text_box(surface, 15, 12, pw - 30, 9, P_("Calibration sheet — two-sided, long edge, at 100%"),
             font="sans-bold", size=13, min_size=10)
    text_box(surface, 15, 22, pw - 30, 22,
             P_("Print this sheet as a kit: two-sided, flipped on the long edge, “actual size”. Hold it up to a "
                "lamp. On each scale, a single window shows a line of the front and a line of the back that make "
                "one straight line: its number is the backs’ shift, in millimetres, to a quarter of a millimetre. "
                "Note both numbers, across (X) then down (Y): the kit made again with that shift has its backs "
                "right behind the fronts."),
             size=8.5, min_size=7)
    text_box(surface, 15, 44, pw - 30, 6, P_("X (across)") if offset == (0.0, 0.0) else P_("X (across) — printed with a shift of {x}; {y}").format(
                 x=label(dx), y=label(dy)),
             font="sans-bold", size=8.5, min_size=7)
    for k, x in enumerate(xs, start=-WINDOWS):
        surface.line(x, xmid - TICK, x, xmid, stroke=INK, width=0.15)
        surface.text(x, xmid - TICK - 1.5, label(dx + k * STEP), size=6, anchor="middle",
                     colour=INK if k == 0 else GREY)
    surface.line(xs[0] - 3, xmid, xs[-1] + 3, xmid, stroke=GREY, width=0.1)

    surface.text(ymid - TICK, ys[0] - 8, P_("Y (down)"), font="sans-bold", size=8.5)
    for k, y in enumerate(ys, start=-WINDOWS):
        surface.line(ymid - TICK, y, ymid, y, stroke=INK, width=0.15)
        surface.text(ymid - TICK - 1.5, y + 0.8, label(dy + k * STEP), size=6, anchor="end",
                     colour=INK if k == 0 else GREY)
    surface.line(ymid, ys[0] - 3, ymid, ys[-1] + 3, stroke=GREY, width=0.1)

    # The ruler and the square, to check the scale.
    rx, ry = (pw - RULER) / 2 + 10, 100.0
    surface.line(rx, ry, rx + RULER, ry, stroke=INK, width=0.2)
    for mm in range(int(RULER) + 1):
        long_ = 4.0 if mm % 10 == 0 else (2.5 if mm % 5 == 0 else 1.5)
        surface.line(rx + mm, ry, rx + mm, ry - long_, stroke=INK, width=0.12)
        if mm % 10 == 0:
            surface.text(rx + mm, ry - 5.0, str(mm // 10), size=6, anchor="middle")
    surface.text(rx + RULER / 2, ry + 5, P_("100 mm ruler (marked in cm): measure it with a real ruler."),
                 size=7.5, anchor="middle")
    sx, sy = rx + (RULER - SQUARE) / 2, 120.0
    surface.rect(sx, sy, SQUARE, SQUARE, stroke=INK, width=0.2)
    text_box(surface, sx + 3, sy + 3, SQUARE - 6, SQUARE - 6,
             P_("50 mm square. If the ruler or the square does not measure its size, the print is not at 100%: "
                "choose “actual size”, never “fit to page”."),
             size=7.5, min_size=6, align="centre", valign="middle")
    surface.end_page()

    # The back: each window's other half, aside by k quarter-millimetres, the whole page
    # moved by the offset. Seen from the front, x on this page is at pw - x.
    surface.begin_page(pw, ph)
    with surface.translated(dx, dy):
        for k, x in enumerate(xs, start=-WINDOWS):
            seen = x - k * STEP                       # where it shows, from the front, once the offset is right
            surface.line(pw - seen, xmid, pw - seen, xmid + TICK, stroke=INK, width=0.15)
        for k, y in enumerate(ys, start=-WINDOWS):
            surface.line(pw - ymid, y + k * STEP, pw - ymid - TICK, y + k * STEP, stroke=INK, width=0.15)
        surface.text(pw / 2, ph - 14, P_("Back of the calibration sheet"), size=7, colour=GREY, anchor="middle")
    surface.end_page()
