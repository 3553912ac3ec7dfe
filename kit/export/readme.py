"""README.txt of an export folder: what is in it and how to upload it, per target, in the
language of the export (kit.i18n)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Protocol, TypedDict

from kit.export.targets import TARGETS
from kit.i18n import N_, _, ngettext, number
from kit.model import SAFE_MM, GameKit
from kit.paper import MM_PER_INCH

if TYPE_CHECKING:
    from kit.export.preflight import Problem


class ManifestRow(TypedDict):
    """One line of manifest.csv (kit.export.run.MANIFEST_FIELDS): an image file and what it holds."""
    file: str
    component: str
    card_id: str | int      # a design's "<component>-<n>", a TTS card's number, "" for a back
    name: str
    copies: int
    side: str
    width_px: int
    height_px: int
    product: str


# What the README says of an export (kit.export.run's ExportOptions and Exported), named
# here since that module imports this one.
class _Options(Protocol):
    @property
    def target(self) -> str: ...
    @property
    def dpi(self) -> float | None: ...
    @property
    def bleed(self) -> float: ...
    @property
    def base_url(self) -> str | None: ...


class _Result(Protocol):
    @property
    def refused(self) -> list[tuple[str, str]]: ...
    @property
    def warnings(self) -> list[Problem]: ...

_HOW = {
    "png": N_("""\
One PNG per distinct face and back of every card, token, board, sheet and aid, RGB,
{dpi} dpi (stored in each file), with {bleed} mm of bleed on every side: the cut runs
{bleed} mm inside each edge, and text keeps {safe} mm clear of the cut. A design printed
in several copies is one file; manifest.csv gives its copies. Files are named
<component>/<NNN>-<name>-face.png and -back.png; a back shared by a whole component
is <component>/back.png.
"""),
    "tgc": N_("""\
For The Game Crafter (thegamecrafter.com). Each component here is drawn at the size of
the product named in manifest.csv's "product" column (poker: 2.5 x 3.5 in, 825 x 1125 px
at 300 dpi, 1/8 in of bleed; keep-out 75 px from the image's edge). To order:
  1. Create a game, add a deck of that product for each component folder.
  2. Upload the component's *-face.png files; set each card's quantity to its "copies".
  3. Upload back.png as the deck's back (one back per deck). back.png is plain white for
     cards the home kit prints single-sided.
"""),
    "mpc": N_("""\
For MakePlayingCards (makeplayingcards.com). Each component here is drawn at the size of
the product named in manifest.csv's "product" column (poker: 2.5 x 3.5 in, 822 x 1122 px
at 300 dpi, 0.12 in of bleed; the safe area 36 px inside the cut). To order:
  1. Choose the card size, then "different images" for the fronts and "same image" for
     the backs; the deck holds the sum of the "copies" column of its component.
  2. Upload each *-face.png as many times as its copies (MPC counts cards one by one).
  3. Upload back.png as the common back (plain white for cards the home kit prints
     single-sided).
"""),
    "tts": N_("""\
For Tabletop Simulator. Each <component>.json is a saved object: copy the .json files and
the .png of the same name (their thumbnails) into TTS's Saved Objects folder
  Windows: Documents\\My Games\\Tabletop Simulator\\Saves\\Saved Objects
  macOS:   ~/Library/Tabletop Simulator/Saves/Saved Objects
  Linux:   ~/.local/share/Tabletop Simulator/Saves/Saved Objects
and spawn them from Objects > Saved Objects. Cards come as decks (face sheets of at most
10 x 7 cards and 4096 px a side, the last cell the face shown for a hidden card, one back
image); boards, sheets, aids and tokens as custom tiles, in a bag when there are several.
The images are {urls}.
"""),
}

def readme(game_kit: GameKit, options: _Options, result: _Result, rows: list[ManifestRow]) -> str:
    target = TARGETS[options.target]
    dpi = options.dpi or target.dpi
    if options.base_url:
        urls = _("read from {url}: upload this folder there, keeping its layout").format(url=options.base_url)
    else:
        urls = _("file URLs into this folder, which work on this computer only: to play online, host the images "
                 "(TTS's Cloud Manager, or any web server) and export again with --base-url URL")

    lines = [_("{title} — {shop} export").format(title=game_kit.title, shop=_(target.name)), "",
             _(_HOW[options.target]).format(dpi=f"{dpi:g}", bleed=number(options.bleed), safe=number(SAFE_MM),
                                            urls=urls)]
    per_component = Counter(row["component"] for row in rows)
    lines.append(_("Components:"))
    for component in game_kit.components:
        if component.id in per_component:
            sizes = {(row["width_px"], row["height_px"]) for row in rows if row["component"] == component.id}
            size = ", ".join(_("{width} x {height} px").format(width=w, height=h) for w, h in sorted(sizes))
            lines.append(f"  {component.id}: {component.count} x {component.name}, {size}")
    for refused, reason in result.refused:
        lines.append("  " + _("{component}: not exported: {reason}").format(component=refused, reason=reason))
    if result.warnings:
        lines += ["", ngettext("Preflight: {n} warning, listed in preflight.txt (text or symbols in the safe margin, art "
                               "stopping at the trim). The files are usable; check those pieces.",
                               "Preflight: {n} warnings, listed in preflight.txt (text or symbols in the safe margin, "
                               "art stopping at the trim). The files are usable; check those pieces.",
                               len(result.warnings)).format(n=len(result.warnings))]
    else:
        lines += ["", _("Preflight: every file passed (size, DPI, bleed, safe margin, counts).")]
    lines += ["", _("Made by `kit export --target {target}`; 1 in = {mm} mm.").format(target=options.target,
                                                                                     mm=number(MM_PER_INCH)), ""]
    return "\n".join(lines)
