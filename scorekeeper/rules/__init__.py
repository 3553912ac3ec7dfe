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

Optional, used when present:

- `SECRET_FIELDS`: names of player fields `public_view` below hides, so `kit score show`
  prints the state at the table with the secrets of everyone but the viewer removed
  (viewer None: every secret hidden). Without it nothing is secret.
- `SECRET_BY_PLAYER`: names of top-level fields keyed by player name (Hoc Censeo's
  `ballots`) of which `public_view` keeps only the viewer's entry.
- `standings(state: dict) -> list[tuple[int, str]]`: (rank, name) best first, equal
  records sharing a rank; the game's `show` table orders its rows by it.

`undo` is not a rule action: `scorekeeper.session` handles it by going back to the state
before the cancelled action; rule modules never see it. States are plain JSON-compatible dicts: what `kit score show --json` prints.
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
        raise RuleViolation("There is no game called {game}; the games are {GAME_IDS}.", game=repr(game), GAME_IDS=', '.join(GAME_IDS)) from None


def public_view(game: str, state: dict, viewer: str | None = None) -> dict:
    """The state without the secrets `viewer` may not see (see the module docstring)."""
    rules = module(game)
    secret = getattr(rules, "SECRET_FIELDS", ())
    by_player = getattr(rules, "SECRET_BY_PLAYER", ())
    if not secret and not by_player:
        return state
    players = {name: ({k: v for k, v in fields.items() if k not in secret}
                      if name != viewer else fields)
               for name, fields in state["players"].items()}
    view = {**state, "players": players}
    for field in by_player:
        if field in state:
            view[field] = {name: value for name, value in state[field].items() if name == viewer}
    return view
