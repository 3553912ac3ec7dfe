"""Regenerate the static fonts in kit/fonts/ from the registry packages.

The kit embeds Noto Sans (text) and Cinzel (Roman titles). PyPI ships them as
variable fonts (fontpkg-noto-sans, fontpkg-cinzel); instancing a variable font
takes seconds per weight, so we instance and subset once, here, and commit the
small static files. Run: pip install fonttools fontpkg-noto-sans fontpkg-cinzel
&& python tools/make_fonts.py
"""
from __future__ import annotations

import importlib
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

OUT = Path(__file__).resolve().parent.parent / "kit" / "fonts"

# Latin-1, Latin Extended-A (œ, Œ), general punctuation (’ … – — and the narrow
# no-break space), arrows, math operators and a few geometric shapes for aids.
UNICODES = (
    list(range(0x20, 0x7F)) + list(range(0xA0, 0x180)) + list(range(0x2000, 0x2070))
    + [0x20AC] + list(range(0x2190, 0x21A0)) + list(range(0x2212, 0x2216))
    + [0x2264, 0x2265, 0x2260, 0x00D7, 0x2116, 0x2022, 0x25A0, 0x25B2, 0x25CF, 0x25C6, 0x2605, 0x2713]
)

STYLES = [
    ("fontpkg_noto_sans", "NotoSans[wdth,wght].ttf", {"wght": 400, "wdth": 100}, "NotoSans-Regular.ttf"),
    ("fontpkg_noto_sans", "NotoSans[wdth,wght].ttf", {"wght": 700, "wdth": 100}, "NotoSans-Bold.ttf"),
    ("fontpkg_noto_sans", "NotoSans-Italic[wdth,wght].ttf", {"wght": 400, "wdth": 100}, "NotoSans-Italic.ttf"),
    ("fontpkg_noto_sans", "NotoSans[wdth,wght].ttf", {"wght": 600, "wdth": 87.5}, "NotoSans-CondensedSemiBold.ttf"),
    ("fontpkg_cinzel", "Cinzel[wght].ttf", {"wght": 400}, "Cinzel-Regular.ttf"),
    ("fontpkg_cinzel", "Cinzel[wght].ttf", {"wght": 700}, "Cinzel-Bold.ttf"),
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for package, source, axes, target in STYLES:
        folder = Path(importlib.import_module(package).__file__).parent / "files"
        font = instancer.instantiateVariableFont(TTFont(folder / source), axes)
        options = subset.Options()
        options.layout_features = ["kern", "liga"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        sub = subset.Subsetter(options)
        sub.populate(unicodes=[u for u in UNICODES if u in font.getBestCmap()])
        sub.subset(font)
        # A fixed timestamp keeps the committed files, and so the PDFs, reproducible.
        font["head"].created = font["head"].modified = 0
        font.save(OUT / target)
        print(target, (OUT / target).stat().st_size, "bytes")
    for package in ("fontpkg_noto_sans", "fontpkg_cinzel"):
        lic = Path(importlib.import_module(package).__file__).parent / "LICENSE"
        (OUT / f"LICENSE-{package.removeprefix('fontpkg_')}.txt").write_bytes(lic.read_bytes())


if __name__ == "__main__":
    main()
