"""One rule module per game, all with the same shape.

Each module `scorekeeper.rules.<game>` provides:

- constants: GAME_ID, TITLE, MIN_PLAYERS/MAX_PLAYERS (or PLAYERS) and every number the
  kit prints (tracks, counts, tables). The kit imports them; nobody retypes them.
- `setup(players: list[dict], options: dict) -> dict`: the state of a new game, from the
  session header's players ([{"name": ..., "role": ...}]) and options; raises
  RuleViolation on a bad setup (player count, roles, options).
- `apply(state: dict, action: dict) -> dict`: the state after one action (the session
  line as a dict, with its "action" key). Never mutates `state`; raises RuleViolation
  with one sentence a player understands when the rules refuse the action.
- `describe(action: dict) -> str`: one readable line for `kit score log`.

States are plain JSON-compatible dicts: what `kit score show --json` prints.
"""
from __future__ import annotations

import importlib
from types import ModuleType

MODULES = {
    "phd": "scorekeeper.rules.phd",
    "amphitheatre": "scorekeeper.rules.amphitheatre",
    "promotion": "scorekeeper.rules.promotion",
    "hoc-censeo": "scorekeeper.rules.hoc_censeo",
}

GAME_IDS = tuple(MODULES)


def module(game: str) -> ModuleType:
    """The rule module of a game id."""
    from scorekeeper.errors import RuleViolation

    try:
        return importlib.import_module(MODULES[game])
    except KeyError:
        raise RuleViolation(f"There is no game called {game!r}; the games are {', '.join(GAME_IDS)}.") from None
