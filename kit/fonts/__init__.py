"""The embedded fonts, by the logical names the parts use.

Noto Sans covers every French character the kits print (é è ê à ç ù œ « » ’ … – and
both no-break spaces); Cinzel gives Hoc Censeo its Roman capitals. Both are SIL OFL,
instanced and subset from the PyPI packages fontpkg-noto-sans and fontpkg-cinzel by
tools/make_fonts.py, so a build never depends on the fonts of the machine.
"""
from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent

FILES: dict[str, str] = {
    "sans": "NotoSans-Regular.ttf",
    "sans-bold": "NotoSans-Bold.ttf",
    "sans-italic": "NotoSans-Italic.ttf",
    "sans-condensed": "NotoSans-CondensedSemiBold.ttf",
    "roman": "Cinzel-Regular.ttf",
    "roman-bold": "Cinzel-Bold.ttf",
}


def path(name: str) -> Path:
    """The TrueType file behind a logical font name."""
    try:
        return FOLDER / FILES[name]
    except KeyError:
        raise ValueError(f"unknown font {name!r}; known fonts: {', '.join(FILES)}") from None
