"""What every Hoc Censeo piece shares: the loaded layout, the coin and crown icons, the
rows of boxes to tick, the colour legend.

kit.games.hoc_censeo reads layouts/hoc-censeo/ into a `HocLayout` (texts already filled
with the rule engine's numbers); the drawing modules kit.parts.hoc_sheet, hoc_motion and
hoc_aid only draw what it holds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kit.palette import GREYS, PALETTE
from kit.parts.symbols import draw_symbol
from kit.parts.text import text_box

if TYPE_CHECKING:
    from kit.surface.base import Surface

INK = GREYS["ink"]
ROMAN = "roman"
ROMAN_BOLD = "roman-bold"
# The game's accent: a Pompeian red that survives greyscale as a dark grey.
ACCENT = "#8E2A1B"


@dataclass(frozen=True)
class ColourInfo:
    """One colour of the laws: the rule engine's key (bleu...) and how it prints."""

    key: str
    ink: str        # #RRGGBB
    symbol: str
    name: str       # « Bleu »
    domain: str     # « hégémonie politique »
    bonus: str      # « +1 Sceau », already written from the rule engine's COLOUR_BONUS


@dataclass(frozen=True)
class Objective:
    """A tribe's two secret objectives, as printed on its fold."""

    tribe: str                          # rule engine key: titienses...
    name: str                           # « Titienses »
    origin: str
    circle: tuple[tuple[str, int], ...]  # (colour key, portions), in drawing order
    secondary: str                      # the printed sentence

    def portions(self) -> list[str]:
        """The colour key of each portion, clockwise from the top."""
        return [colour for colour, n in self.circle for _ in range(n)]


@dataclass(frozen=True)
class Motion:
    title: str
    colour: str
    text: str
    copies: int = 1


@dataclass(frozen=True)
class HocLayout:
    colours: dict[str, ColourInfo]      # in the rule engine's COLOURS order
    chaos_ink: str
    calamity_symbol: str
    objectives: tuple[Objective, ...]   # in the rule engine's TRIBES order
    motions: tuple[Motion, ...]
    texts: dict                         # texts.yaml, placeholders filled, French spacing applied
    numbers: dict = field(default_factory=dict)  # the rule engine's numbers the pieces draw

    def text(self, dotted: str) -> str:
        """A text by its dotted path in texts.yaml: layout.text('sheet.pour')."""
        node = self.texts
        for key in dotted.split("."):
            node = node[key]
        return node


# --- icons ------------------------------------------------------------------------------------
def draw_coin(surface: "Surface", cx: float, cy: float, size: float) -> None:
    """A gold coin: a disc with an inner ring, readable in greyscale by its ring."""
    gold = PALETTE["orange"]
    surface.circle(cx, cy, size / 2, fill=gold, stroke=INK, width=0.3)
    surface.circle(cx, cy, size * 0.32, fill=None, stroke=INK, width=0.25)


def draw_crown(surface: "Surface", cx: float, cy: float, size: float) -> None:
    """The Seal of Power: a three-pointed crown on a band."""
    w, h = size, size * 0.8
    x0, y0 = cx - w / 2, cy - h / 2
    points = [(x0, y0 + h), (x0, y0 + h * 0.25), (x0 + w * 0.27, y0 + h * 0.55), (cx, y0),
              (x0 + w * 0.73, y0 + h * 0.55), (x0 + w, y0 + h * 0.25), (x0 + w, y0 + h)]
    surface.polygon(points, fill=PALETTE["sky"], stroke=INK, width=0.3)
    surface.line(x0, y0 + h * 0.8, x0 + w, y0 + h * 0.8, stroke=INK, width=0.25)


ICONS = {"gold": draw_coin, "seals": draw_crown}


def draw_tick_row(surface: "Surface", x: float, y: float, w: float, h: float, *, icon: str, label: str,
                  boxes: int, label_w: float = 42.0) -> None:
    """An icon, a label and `boxes` square boxes to tick, filling the width w."""
    ICONS[icon](surface, x + h * 0.45, y + h / 2, h * 0.75)
    text_box(surface, x + h + 1.0, y, label_w - h - 1.0, h, label, font="sans-bold", size=9.5,
             min_size=6.5, valign="middle", colour=INK, leading=1.0)
    space = w - label_w
    side = min(h * 0.8, space / boxes * 0.82)
    step = space / boxes
    for i in range(boxes):
        bx = x + label_w + i * step + (step - side) / 2
        surface.rect(bx, y + (h - side) / 2, side, side, stroke=INK, width=0.3, radius=0.6)


def draw_swatch(surface: "Surface", colour: ColourInfo, cx: float, cy: float, size: float) -> None:
    """A square of the colour with its symbol inside: the pair that identifies a law."""
    surface.rect(cx - size / 2, cy - size / 2, size, size, fill=colour.ink, stroke=INK, width=0.3, radius=0.8)
    # White outlined in ink: as legible on yellow as on blue, and in greyscale.
    draw_symbol(surface, colour.symbol, cx, cy, size * 0.62, fill="#FFFFFF", stroke=INK, width=0.3)


def draw_legend(surface: "Surface", layout: HocLayout, x: float, y: float, w: float, h: float) -> None:
    """The colour legend: a box titled « Couleurs des lois », one block per colour (swatch,
    name, domain, bonus of the largest POUR voter), then the grey of chaos."""
    surface.rect(x, y, w, h, stroke=INK, width=0.35, radius=1.5)
    title_h = 7.0
    text_box(surface, x + 2, y + 1.2, w - 4, title_h - 1.2, layout.text("sheet.legend"), font=ROMAN_BOLD,
             size=10, min_size=7, align="centre", valign="middle", colour=ACCENT)
    entries = list(layout.colours.values())
    block = (h - title_h - 9.0) / len(entries)
    sw = min(9.0, block * 0.6)
    for i, colour in enumerate(entries):
        top = y + title_h + i * block
        draw_swatch(surface, colour, x + 3 + sw / 2, top + block / 2, sw)
        body = (f"**{colour.name}** · {colour.domain}\n"
                f"{layout.text('sheet.legend_bonus')} {colour.bonus}")
        text_box(surface, x + 5 + sw, top + 0.5, w - 7 - sw, block - 1.0, body, font="sans", size=8,
                 min_size=6, valign="middle", colour=INK, leading=1.1)
    # Chaos: Rome's grey, and the mark of the portions that bring a calamity.
    top = y + h - 9.0
    surface.line(x + 2, top, x + w - 2, top, stroke=GREYS["light"], width=0.25)
    s = 5.0
    surface.rect(x + 3 + sw / 2 - s / 2, top + 4.5 - s / 2, s, s, fill=layout.chaos_ink, stroke=INK, width=0.3)
    draw_symbol(surface, layout.calamity_symbol, x + 3 + sw / 2 + s + 0.5, top + 4.5, 3.4, fill=INK)
    text_box(surface, x + 5 + sw + 3.0, top + 0.5, w - 10 - sw, 8.0, layout.text("sheet.chaos_legend"),
             font="sans", size=7.5, min_size=6.0, valign="middle", colour=INK, leading=1.05)

