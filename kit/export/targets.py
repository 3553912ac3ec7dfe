"""What each export target wants: resolution, bleed, safe margin, products and limits.

A piece has a trim size in mm (its Frame). A target turns it into a `Spec`: the trim it
is drawn at, the bleed around it, the safe margin text must keep from the cut, the DPI
and the exact pixel size of the image.

- png: every piece at its own size, the user's --dpi (300) and --bleed (3 mm).
- tgc (The Game Crafter) and mpc (MakePlayingCards) sell fixed products sized in inches
  and specified in pixels at 300 dpi. A piece maps to the product whose trim is within
  MATCH of its own in both directions, and is drawn at the product's trim (the parts lay
  themselves out in any Frame, so a 63 x 88 mm card becomes a true 2.5 x 3.5 in card
  rather than a stretched picture). A piece no product fits is refused with the reason.
- tts (Tabletop Simulator): nothing is cut, so no bleed; cards go on face sheets of at
  most 10 x 7 cells and 4096 px a side, so their DPI is lowered until the sheet fits.

Shop facts, as their templates state them: TGC poker 825 x 1125 px = 2.5 x 3.5 in plus
1/8 in of bleed each side, important art 75 px from the image's edge (1/8 in inside the
trim); MPC poker 822 x 1122 px = 2.5 x 3.5 in plus 0.12 in (36 px) each side, the safe
area 36 px inside the trim; MPC decks hold at most 612 cards.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from kit.errors import KitError
from kit.i18n import N_, _, number
from kit.model import SAFE_MM, Component
from kit.paper import MM_PER_INCH, printable_area

SHOP_DPI = 300
MATCH = 0.06  # a piece may grow or shrink 6 % in each direction to meet a product's trim


@dataclass(frozen=True)
class Product:
    """A print shop's card product: trim in inches, the bleed and safe margin in inches."""

    name: str
    trim_in: tuple[float, float]
    bleed_in: float
    safe_in: float
    max_cards: int | None = None

    @property
    def trim(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_INCH, self.trim_in[1] * MM_PER_INCH)

    @property
    def pixels(self) -> tuple[int, int]:
        w, h = self.trim_in
        return (round((w + 2 * self.bleed_in) * SHOP_DPI), round((h + 2 * self.bleed_in) * SHOP_DPI))


def _tgc(name: str, w: float, h: float) -> Product:
    return Product(name, (w, h), bleed_in=0.125, safe_in=0.125)


def _mpc(name: str, w: float, h: float) -> Product:
    return Product(name, (w, h), bleed_in=0.12, safe_in=0.12, max_cards=612)


@dataclass(frozen=True)
class Target:
    id: str
    name: str
    dpi: float                    # the default resolution
    products: tuple[Product, ...] = ()   # empty: every piece at its own size
    fixed_dpi: bool = False       # the shop's pixel sizes are at SHOP_DPI; --dpi is refused
    fixed_bleed: float | None = None     # mm; None: the user's --bleed
    max_side: int | None = None   # pixels: the longest side a sheet or image may have


TARGETS: dict[str, Target] = {
    "png": Target("png", N_("PNG files"), dpi=300),
    "tgc": Target("tgc", "The Game Crafter", dpi=SHOP_DPI, fixed_dpi=True, products=(
        _tgc("poker", 2.5, 3.5), _tgc("bridge", 2.25, 3.5), _tgc("mini", 1.75, 2.5),
        _tgc("tarot", 2.75, 4.75), _tgc("square", 3.5, 3.5), _tgc("jumbo", 3.5, 5.5))),
    "mpc": Target("mpc", "MakePlayingCards", dpi=SHOP_DPI, fixed_dpi=True, products=(
        _mpc("poker", 2.5, 3.5), _mpc("bridge", 2.25, 3.5), _mpc("mini", 1.75, 2.5),
        _mpc("tarot", 2.75, 4.75))),
    "tts": Target("tts", "Tabletop Simulator", dpi=150, fixed_bleed=0.0, max_side=4096),
}


@dataclass(frozen=True)
class Spec:
    """How one component's pieces are drawn and rasterised for a target."""

    trim: tuple[float, float]     # mm, the Frame the pieces draw in
    bleed: float                  # mm on every side
    safe: float                   # mm inside the trim for text and symbols
    dpi: float
    product: str = ""             # the shop's product name, "" when the piece keeps its size

    @property
    def pixels(self) -> tuple[int, int]:
        """The image's size: trim plus bleed, at the DPI, rounded to whole pixels."""
        w, h = self.trim
        k = self.dpi / MM_PER_INCH
        return (round((w + 2 * self.bleed) * k), round((h + 2 * self.bleed) * k))

    @property
    def bleed_px(self) -> float:
        return self.bleed * self.dpi / MM_PER_INCH


class Refused(KitError):
    """A component the target has no product for; the message says why."""


def piece_size(component: Component, paper: str) -> tuple[float, float]:
    """The trim size in mm of a component's pieces; a "page" piece takes the paper's printable area."""
    if component.size == "page":
        _, _, w, h = printable_area(paper)
        return (w, h)
    return (float(component.size[0]), float(component.size[1]))


def _fits(size: tuple[float, float], trim: tuple[float, float]) -> bool:
    return all(abs(t - s) <= MATCH * s for s, t in zip(size, trim, strict=True))


def spec(target: Target, component: Component, *, paper: str = "a4", dpi: float | None = None,
         bleed: float = 3.0) -> Spec:
    """The Spec of a component for a target; raises Refused when no product fits it."""
    size = piece_size(component, paper)
    if not target.products:
        return Spec(size, target.fixed_bleed if target.fixed_bleed is not None else bleed, SAFE_MM,
                    dpi or target.dpi)
    landscape = size[0] > size[1]
    for product in target.products:
        trim = product.trim[::-1] if landscape else product.trim
        if _fits(size, trim):
            return Spec(trim, product.bleed_in * MM_PER_INCH, product.safe_in * MM_PER_INCH, SHOP_DPI,
                        product.name)
    nearest = min(target.products, key=lambda p: math.fsum(abs(a - b) for a, b in zip(sorted(size), sorted(p.trim), strict=True)))
    nw, nh = nearest.trim
    if component.round:
        kind = _("round {size} mm").format(size=number(size[0]))
    else:
        kind = _("{width} x {height} mm").format(width=number(size[0]), height=number(size[1]))
    raise Refused(_("{shop} prints no card within {match}% of {size} (nearest: {nearest}, {width} x {height} mm); "
                    "export it with --target png and order it as a custom part").format(
        shop=_(target.name), match=f"{MATCH * 100:.0f}", size=kind, nearest=nearest.name, width=number(nw, decimals=1),
        height=number(nh, decimals=1)))


def product(target: Target, name: str) -> Product | None:
    return next((p for p in target.products if p.name == name), None)
