"""One module per game: which parts, from which layout data, in what order.

Each `kit.games.<module>` provides `GAME_ID` and `build(layouts: pathlib.Path) -> GameKit`,
where `layouts` is the root folder holding `<game>/` (the project's `layouts/` or a
designer's copy). Loading validates the layout files and raises `kit.errors.LayoutError`
naming the file, the entry and the field.
"""
from __future__ import annotations

import importlib
from types import ModuleType

MODULES = {
    "phd": "kit.games.phd",
    "amphitheatre": "kit.games.amphitheatre",
    "promotion": "kit.games.promotion",
    "hoc-censeo": "kit.games.hoc_censeo",
}

GAME_IDS = tuple(MODULES)


def module(game: str) -> ModuleType:
    return importlib.import_module(MODULES[game])
