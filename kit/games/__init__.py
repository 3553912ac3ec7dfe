"""Everything the kit knows of each game, one package per game, found from the rules' registry.

`scorekeeper.rules.games()` is the one registry of games. Each game id `some-game` has its
package `kit.games.some_game` holding the same files in every game:

- `__init__.py`: the docstring and `TABLE_COMMANDS`, the game's `kit score` commands
  (command name -> function in table.py), listed so the CLI loads none of them until used;
- `layout.py`: `build(layouts: pathlib.Path) -> GameKit`, reading `layouts/<game>/` (the
  project's layouts or a designer's copy) against the schema; a mistake raises
  `kit.errors.LayoutError` naming the file, the entry and the field;
- `pieces.py`: the drawing of the game's pieces on a `Surface`, each inside the frame the
  imposition gives it;
- `table.py`: the table tools, `render`, the friendly commands and the words of the rules'
  decisions (the contract is in kit/table/__init__.py);
- `bots.py`: the simulated players (the contract is in kit/simulate/__init__.py);
- `faces.py`: `FACES`, the game's one faces declaration (kit/faces.py `Faces`, typed and
  frozen, its defaults in one place, checked against its rules' declaration when made):
  what the pages show of the game (its words, its board) beyond what its rules say, the
  words of its decisions and what its table.py does beyond the plain questions, what the
  simulator says of its bots, what its layout.py gives the session and the complete rules;
  and a `templates/` folder where its board is drawn its own way. Shared code reads it
  through `kit.faces.of(game)`, never an optional attribute off one of the game's modules.

A fifth game is `scorekeeper/rules/<game>.py`, `kit/games/<game>/`, `layouts/<game>/` and
its tests; nothing here changes. A game installed beside the kit, as its own distribution,
declares its kit package by an entry point of the group INSTALLED (`some-game = package`),
and its rule module by one of scorekeeper.rules.INSTALLED.
"""
from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from kit import i18n
from scorekeeper import rules

INSTALLED = "kit.games"

_registry: tuple[tuple[str, ...], dict[str, str]] = ((), {})


def package_name(game: str) -> str:
    """`hoc-censeo` -> `kit.games.hoc_censeo`."""
    return "kit.games." + game.replace("-", "_")


def kits() -> dict[str, str]:
    """game id -> the package holding its layout.py, pieces.py and table.py: each game of
    the rules' registry in kit/games/ unless an installed package declares it, then the
    installed kit-only games (print only, no rules: the print tests' fixture). Read again
    whenever sys.path changed, as the rules' registry is."""
    global _registry
    key = tuple(sys.path)
    if _registry[0] != key or not _registry[1]:
        from importlib.metadata import entry_points

        installed = {point.name: point.value for point in entry_points(group=INSTALLED)}
        own = {game: package_name(game) for game in rules.OWN_GAMES}
        _registry = (key, {**{game: installed.get(game, package_name(game)) for game in rules.GAME_IDS},
                           **{game: package for game, package in installed.items() if game not in own}, **own})
    return _registry[1]


def kit_package(game: str) -> str:
    """The game's kit package (a project game's answered without reading what is installed)."""
    return package_name(game) if game in rules.OWN_GAMES else kits()[game]


def kit_module(game: str) -> ModuleType:
    """The game's package (`TABLE_COMMANDS` and the docstring; nothing heavy), its own words'
    catalogues (its locale/ folder, kit.i18n) added as it is first met."""
    package = importlib.import_module(kit_package(game))
    if package.__name__ not in _catalogued:   # looked for once: faces.of asks at every form a page draws
        _catalogued.add(package.__name__)
        i18n.add_game_catalogues(Path(package.__file__ or "").parent / "locale")
    return package


_catalogued: set[str] = set()


def layout_module(game: str) -> ModuleType:
    """The game's layout.py: `build(layouts) -> GameKit` (imports the drawing code)."""
    return importlib.import_module(kit_module(game).__name__ + ".layout")


def table_module(game: str) -> ModuleType:
    """The game's table.py: `render`, `play` and the friendly commands."""
    return importlib.import_module(kit_module(game).__name__ + ".table")
