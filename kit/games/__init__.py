"""Everything the kit knows of each game, one package per game, found from the rules' registry.

`scorekeeper.rules.GAME_IDS` is the one list of games. Each game id `some-game` has its
package `kit.games.some_game` holding the same files in every game:

- `__init__.py`: the docstring and `TABLE_COMMANDS`, the game's `kit score` commands
  (command name -> function in table.py), listed so the CLI loads none of them until used;
- `layout.py`: `build(layouts: pathlib.Path) -> GameKit`, reading `layouts/<game>/` (the
  project's layouts or a designer's copy) against the schema; a mistake raises
  `kit.errors.LayoutError` naming the file, the entry and the field;
- `pieces.py`: the drawing of the game's pieces on a `Surface`, each inside the frame the
  imposition gives it;
- `table.py`: the table tools, `render`, the friendly commands and the words of the rules'
  decisions (the contract is in kit/table.py);
- `bots.py`: the simulated players (the contract is in kit/simulate/__init__.py).

A fifth game is `scorekeeper/rules/<game>.py`, `kit/games/<game>/`, `layouts/<game>/` and
its tests; nothing here changes.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from scorekeeper.rules import GAME_IDS


def package_name(game: str) -> str:
    """`hoc-censeo` -> `kit.games.hoc_censeo`."""
    return "kit.games." + game.replace("-", "_")


# game id -> the package holding its layout.py, pieces.py and table.py. Derived from the
# rules' registry; the tests add a kit-only fixture game here for the duration of a test.
KITS = {game: package_name(game) for game in GAME_IDS}


def kit_module(game: str) -> ModuleType:
    """The game's package (`TABLE_COMMANDS` and the docstring; nothing heavy)."""
    return importlib.import_module(KITS[game])


def layout_module(game: str) -> ModuleType:
    """The game's layout.py: `build(layouts) -> GameKit` (imports the drawing code)."""
    return importlib.import_module(KITS[game] + ".layout")


def table_module(game: str) -> ModuleType:
    """The game's table.py: `render`, `play` and the friendly commands."""
    return importlib.import_module(KITS[game] + ".table")
