"""A resource track along one edge of a card, for a paper clip slid onto that edge.

The clip grips the card edge and its loop sits over one cell, so each value owns a
cell that touches the edge: cells run from the cut (and under the bleed) inwards,
alternately tinted so a glance tells which cell the clip is on. The number sits in
its cell, upright and inside the safe box. A narrow band on the inner side of the
cells carries the labels, printed along the edge (reading upwards): the resource's
name, the start value and the label of the last value (BURN-OUT, BINGO).

Values grow upwards, as a gauge does: the first value at the bottom. The caller
chooses the length; `steps` says where each value's cell centre lands, so a test can
check the spacing that a clip needs (MIN_STEP_MM) without drawing anything.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from kit.model import SAFE_MM
from kit.palette import GREYS, lighten, resolve, text_on
from kit.parts.symbols import draw_symbol
from kit.surface.metrics import PT

if TYPE_CHECKING:
    from kit.surface.base import Surface

# A small paper clip (25 mm long) is about 6 mm wide: its loop's middle, on a cell of 5 mm
# or more, lies on one value, whose number shows beside the loop; on narrower cells which
# value it marks is a matter of opinion. (A track of 21 values then fits the long edge of a
# tarot card, 120 mm, that sleeves and print shops sell: issue 47.)
MIN_STEP_MM = 5.0


@dataclass(frozen=True)
class Track:
    """One track: the values first..last (inclusive) between y_low (first) and y_high (last).

    edge: which long edge of the card it runs along. cell_width: mm from the cut inwards
    that the cells take; label_width: the band beside them for the labels.
    """

    first: int
    last: int
    y_low: float
    y_high: float
    edge: Literal["left", "right"]
    name: str                      # printed along the band: « Pression »
    colour: str                    # the resource colour (cells tinted with it, last cell full)
    symbol: str                    # printed beside the name, so colour is not the only cue
    start: int                     # the value every player starts on
    start_label: str               # « départ »
    end_label: str                 # « BURN-OUT » beside the last value
    cell_width: float = 9.5
    label_width: float = 4.5
    number_size: float = 8.0
    label_size: float = 7.0

    @property
    def step(self) -> float:
        return (self.y_low - self.y_high) / (self.last - self.first)

    def steps(self) -> list[tuple[int, float]]:
        """(value, y of its cell centre) from first to last."""
        return [(v, self.y_low - (v - self.first) * self.step) for v in range(self.first, self.last + 1)]


def check_track(track: Track) -> None:
    """Raise ValueError when a clip could not mark one value clearly."""
    if track.last <= track.first:
        raise ValueError(f"a track needs at least two values, got {track.first}..{track.last}")
    if track.step < MIN_STEP_MM - 1e-9:
        raise ValueError(f"track « {track.name} »: steps of {track.step:.2f} mm, a paper clip needs "
                         f"{MIN_STEP_MM:g} mm; lengthen the track or use a bigger card")
    if not track.first <= track.start <= track.last:
        raise ValueError(f"track « {track.name} »: start {track.start} is outside {track.first}..{track.last}")


def _along(surface: Surface, x: float, y: float, text: str, *, font: str, size: float, colour: str,
           anchor: str = "middle") -> None:
    """Text reading upwards along the edge, its baseline on the vertical line at x, centred on y
    (anchor middle), starting at y (start) or ending at y (end)."""
    with surface.translated(x, y), surface.rotated(-90):
        surface.text(0.0, 0.0, text, font=font, size=size, colour=colour, anchor=anchor)


def draw_track(surface: Surface, track: Track, *, card_width: float, bleed: float = 0.0,
               safe: float = SAFE_MM, ink: str = GREYS["ink"]) -> None:
    """Draw the cells, the numbers and the labels of a track on a card card_width mm wide;
    numbers stay between the safe margin and the inner side of their cells."""
    check_track(track)
    colour = resolve(track.colour)
    tint, pale = lighten(colour, 0.62), lighten(colour, 0.86)
    step = track.step
    left = track.edge == "left"
    # The cells run from under the bleed to cell_width inside the trim.
    if left:
        cell_x, cell_w = -bleed, track.cell_width + bleed
        number_x = (safe + track.cell_width) / 2 + 0.3
        band_x = track.cell_width
    else:
        cell_x, cell_w = card_width - track.cell_width, track.cell_width + bleed
        number_x = card_width - (safe + track.cell_width) / 2 - 0.3
        band_x = card_width - track.cell_width - track.label_width
    for value, y in track.steps():
        top = y - step / 2
        if value == track.last:
            fill = colour
        elif value == track.start:
            fill = tint
        else:
            fill = pale if (value - track.first) % 2 == 0 else "#FFFFFF"
        surface.rect(cell_x, top, cell_w, step, fill=fill)
        # A divider between cells, from the cut to the band: where the clip's edge lands.
        surface.line(cell_x, top, cell_x + cell_w, top, stroke=GREYS["mid"], width=0.2)
        number_colour = text_on(colour) if value == track.last else ink
        ascent = track.number_size * PT * 0.72  # digits are about 0.72 em tall in Noto Sans
        surface.text(number_x, y + ascent / 2, str(value), font="sans-bold", size=track.number_size,
                     colour=number_colour, anchor="middle")
    low_edge = track.y_low + step / 2
    high_edge = track.y_high - step / 2
    surface.line(cell_x, low_edge, cell_x + cell_w, low_edge, stroke=GREYS["mid"], width=0.2)
    # The inner edge of the cells: a firm line the labels hang on.
    inner = track.cell_width if left else card_width - track.cell_width
    surface.line(inner, high_edge, inner, low_edge, stroke=ink, width=0.35)

    # The start cell: a heavy outline, and its label beside it.
    start_y = track.y_low - (track.start - track.first) * step
    box_w = track.cell_width - safe + 0.2
    box_x = safe - 0.6 if left else card_width - track.cell_width + 0.4
    surface.rect(box_x, start_y - step / 2 + 0.4, box_w, step - 0.8, stroke=ink, width=0.45, radius=0.8)

    baseline = band_x + track.label_width - 1.0   # glyph tops point to the edge, inside the band
    label_font, size = "sans-bold", track.label_size
    # The start label, centred on its cell.
    _along(surface, baseline, start_y, track.start_label, font="sans-italic", size=size, colour=ink)
    # The last value's label ends level with the top of the last cell.
    _along(surface, baseline, high_edge + 0.4, track.end_label, font=label_font, size=size, colour=ink,
           anchor="end")
    # The resource's name and symbol in the middle of the free stretch between start and end.
    end_len = surface.text_width(track.end_label, font=label_font, size=size)
    start_len = surface.text_width(track.start_label, font="sans-italic", size=size)
    upper = high_edge + 0.4 + end_len + 2.0
    lower = start_y - start_len / 2 - 2.0
    name_size = size + 0.5
    name_len = surface.text_width(track.name.upper(), font=label_font, size=name_size)
    centre = (upper + lower) / 2
    _along(surface, baseline, centre + 2.2, track.name.upper(), font=label_font, size=name_size, colour=ink)
    symbol_y = centre + 2.2 + name_len / 2 + 2.4
    if symbol_y + 1.5 < lower:
        draw_symbol(surface, track.symbol, band_x + track.label_width / 2, symbol_y, 2.6, fill=colour,
                    stroke=ink, width=0.2)
