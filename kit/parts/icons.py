"""Pictures from game-icons.net, drawn through the surface like any shape.

The icons live in kit/parts/icons.json, written by tools/icons.py from the npm package
@iconify-json/game-icons: only those the layouts name (layouts/<game>/icons.yaml), each as
path data in a 512-unit square (absolute M, L, C and Z) with its author. They are CC BY
3.0: `credit` words the credits-page paragraph that names each icon a game prints and its
author. An icon is drawn with `surface.path`, so the PDF, the SVG pages, the PNG exports
and the golden logs all show the same shape.

    icons = load(layouts_root, "phd")      # what the designer chose, checked
    draw_icon(surface, icons.cards["nuit-blanche"], cx, cy, 18.0, fill="#333333")
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.errors import LayoutError
from kit.i18n import P_
from kit.palette import resolve

if TYPE_CHECKING:
    from kit.surface.base import Segment, Surface

DATA = Path(__file__).with_name("icons.json")
_NUMBER = re.compile(r"[MLCZ]|-?[\d.]+")
_ARITY = {"M": 2, "L": 2, "C": 6, "Z": 0}


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def names() -> tuple[str, ...]:
    """Every icon kit/parts/icons.json holds."""
    return tuple(_data()["icons"])


def author(name: str) -> str:
    """The author game-icons.net credits for the icon."""
    return str(_data()["icons"][name]["author"])


@cache
def _segments(name: str) -> tuple[tuple[str, tuple[float, ...]], ...]:
    """The icon's path as segments in its 512-unit square, parsed once per process."""
    icon = _data()["icons"].get(name)
    if icon is None:
        raise ValueError(f"unknown icon {name!r}; run tools/icons.py after naming it in layouts/<game>/icons.yaml")
    tokens = _NUMBER.findall(icon["path"])
    out = []
    i = 0
    while i < len(tokens):
        command = tokens[i]
        n = _ARITY[command]
        out.append((command, tuple(float(v) for v in tokens[i + 1:i + 1 + n])))
        i += 1 + n
    return tuple(out)


def icon_segments(name: str, cx: float, cy: float, size: float) -> list[Segment]:
    """The icon's path in mm, filling a size x size square centred on (cx, cy)."""
    k = size / _data()["size"]
    x0, y0 = cx - size / 2, cy - size / 2
    return [(command, tuple(x0 + v * k if i % 2 == 0 else y0 + v * k for i, v in enumerate(values)))
            for command, values in _segments(name)]


def draw_icon(surface: Surface, name: str, cx: float, cy: float, size: float, *, fill: str | None = "#000000",
              stroke: str | None = None, width: float = 0.2) -> None:
    """Draw icon `name` in a size x size mm square centred on (cx, cy). The set's icons
    keep a little padding inside their square, as game-icons.net draws them."""
    surface.path(icon_segments(name, cx, cy, size), fill=resolve(fill) if fill else None,
                 stroke=resolve(stroke) if stroke else None, width=width)


# --- a game's choice ----------------------------------------------------------------------
@dataclass(frozen=True)
class GameIcons:
    """The icons a game's designer chose in layouts/<game>/icons.yaml (all optional)."""

    decks: dict[str, str] = field(default_factory=dict)    # deck -> its emblem (backs)
    types: dict[str, str] = field(default_factory=dict)    # card type -> its emblem
    cards: dict[str, str] = field(default_factory=dict)    # card id -> its own picture

    def card(self, card_id: str, card_type: str | None = None) -> str | None:
        """A card's picture: its own, else its type's emblem, else None."""
        return self.cards.get(card_id) or (self.types.get(card_type) if card_type else None)

    def used(self) -> tuple[str, ...]:
        """Every icon named, each once, in a stable order."""
        return tuple(sorted({*self.decks.values(), *self.types.values(), *self.cards.values()}))


SECTIONS = ("decks", "types", "cards")


def load(layouts_root: Path | str, game_id: str) -> GameIcons:
    """layouts/<game>/icons.yaml checked: sections of names, each an icon of icons.json.
    A game without the file prints no pictures."""
    from kit.schema import layout_dir, read_yaml

    path = layout_dir(layouts_root, game_id) / "icons.yaml"
    if not path.exists():
        return GameIcons()
    data = read_yaml(path) or {}
    if not isinstance(data, dict):
        raise LayoutError(path, None, None, "expected sections decks, types and cards")
    known = set(names())
    sections: dict[str, dict[str, str]] = {}
    for section, entries in data.items():
        if section not in SECTIONS:
            raise LayoutError(path, None, str(section), f"unknown section; known sections: {', '.join(SECTIONS)}")
        if not isinstance(entries, dict):
            raise LayoutError(path, None, str(section), "expected entries of the form `name: icon`")
        for key, icon in entries.items():
            if not isinstance(icon, str) or icon not in known:
                raise LayoutError(path, f"{section}.{key}", None,
                                  f"{icon!r} is not an icon of kit/parts/icons.json; name an icon of "
                                  "game-icons.net and run tools/icons.py to copy it")
        sections[str(section)] = {str(k): str(v) for k, v in entries.items()}
    return GameIcons(**sections)


def credit(used: tuple[str, ...] | list[str]) -> str:
    """The credits-page paragraph for the icons a kit prints: each icon by its game-icons.net
    name, grouped by author, and the licence. "" when there are none."""
    if not used:
        return ""
    by_author: dict[str, list[str]] = {}
    for name in sorted(set(used)):
        by_author.setdefault(author(name), []).append(name)
    parts = [f"{person} ({', '.join(icons)})" for person, icons in sorted(by_author.items())]
    licence = _data()["licence"]
    return P_("Icons from game-icons.net, under the {licence} licence ({url}), by {authors}.").format(
        licence=licence["name"], url=licence["url"], authors=P_("; ").join(parts))
