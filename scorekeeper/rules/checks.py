"""Checks shared by the rule modules: the session header's players and options, the game
still on, a player's name, and the small helpers of their sentences. An action's fields are
checked by its declaration (scorekeeper/rules/fields.py) before the rules read it.

Each check either returns the clean value or raises RuleViolation with one sentence a
player understands: who, which value, which limit. Session lines come from JSON typed by
hand, so nothing here trusts a type: `True` is not a number, "3" is not a number.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypedDict, TypeGuard, TypeVar

from scorekeeper.errors import Message, RuleViolation, plural


class GameState(TypedDict):
    """What every game's state holds (each rule module's `State` has these and its own
    fields): code that serves any game reads a state through this."""

    game: str
    players: dict[str, Any]
    over: bool
    winners: list[str]


State = TypeVar("State", bound=GameState)


def shown(value: Any) -> str:
    """A value as the person typed it in a session line: JSON (true, null, [1, 2]), not
    Python's repr (True, None); text keeps its quotes ('x') to stand out in the sentence.

    >>> print(shown(True), shown(None), shown([1, 2]), shown("x"))
    true null [1, 2] 'x'
    """
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def check_players(players: Any, title: str, low: int, high: int) -> list[str]:
    """The player names of a session header, unique and non-empty, low..high of them."""
    if not isinstance(players, list):
        raise RuleViolation("{title} needs a list of players.", title=title)
    names: list[str] = []
    for entry in players:
        name = entry.get("name") if isinstance(entry, dict) else entry
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("Every {title} player needs a non-empty name, not {name}.", title=title, name=shown(name))
        if name in names:
            raise RuleViolation("Two players are called {name}; each name must be unique.", name=name)
        names.append(name)
    if not low <= len(names) <= high:
        raise RuleViolation("{title} is for {low} to {high} players, not {count}.", title=title, low=low, high=high, count=len(names))
    return names


def check_option_names(options: Any, title: str, known: Iterable[str]) -> dict[str, Any]:
    """The options as a dict, refusing any name the game does not know."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RuleViolation("{title} options must be KEY=VALUE pairs, not {options}.", title=title, options=shown(options))
    known = tuple(known)
    for key in options:
        if key not in known and not known:
            raise RuleViolation("{title} takes no option, so not {key}.", title=title, key=repr(key))
        if key not in known:
            raise RuleViolation("{title} has no option {key}; its options are: {accepted}.", title=title, key=repr(key), accepted=", ".join(known))
    return dict(options)


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def need_player(state: Mapping[str, Any], name: Any, where: Message | str | None = None,
                field: str | None = None) -> str:
    """A name that is one of the session's players; `where` says which field named it, in
    words, and `field` its key (RuleViolation.field)."""
    if not isinstance(name, str) or name not in state["players"]:
        named = Message("{name} ({where})", name=shown(name), where=where) if where else shown(name)
        raise RuleViolation("{named} is not a player here; the players are {players}.", named=named,
                            players=list(state['players']), field=field)
    return name


def need_game_on(state: GameState, title: str) -> None:
    """Every action is refused once the game is over."""
    if state["over"]:
        if not state["winners"]:
            raise RuleViolation("This {title} game is over; no more actions are accepted.", title=title)
        raise RuleViolation(plural("This {title} game is over ({who} won); no more actions are accepted.",
                                   "This {title} game is over ({who} won); no more actions are accepted.",
                                   len(state["winners"])), title=title, who=list(state["winners"]))


def signed(value: int) -> str:
    """A change as the table says it.

    >>> signed(3), signed(0), signed(-2)
    ('+3', '0', '-2')
    """
    return f"+{value}" if value > 0 else str(value)


def ranked(names: Iterable[str], key: Callable[[str], Any]) -> list[tuple[int, str]]:
    """(rank, name) best first; equal keys share a rank (1, 1, 3), header order within it.

    >>> ranked(["Ana", "Ben", "Cléo"], key=lambda name: {"Ana": 2, "Ben": 1, "Cléo": 1}[name])
    [(1, 'Ben'), (1, 'Cléo'), (3, 'Ana')]
    """
    order = sorted(names, key=key)          # sorted() is stable: ties keep header order
    result: list[tuple[int, str]] = []
    for position, name in enumerate(order, start=1):
        if result and key(name) == key(order[position - 2]):
            result.append((result[-1][0], name))
        else:
            result.append((position, name))
    return result


class Bookmark(TypedDict):
    """Whose turn it is and which step of it (a game whose `turn` says no more)."""

    player: str
    step: str


def recorded_turn(state: Mapping[str, Any]) -> Bookmark:
    """The turn the log records (a caller past the first `turn` line)."""
    turn: Bookmark | None = state["turn"]
    assert turn is not None, "no turn is recorded yet"
    return turn


def fresh(state: State) -> State:
    """A copy of `state` that an action may change freely, the old state staying intact.

    For the games whose players' records hold only numbers and words (PHD, Amphithéâtre,
    Promotion): each record and the winners are copied; everything else at the top is
    either never changed (the options) or replaced whole (PHD's last_test and scores), so
    the states share it. What copy.deepcopy gave, at a fraction of its cost.
    """
    new = state.copy()
    new["players"] = {name: record.copy() for name, record in state["players"].items()}
    new["winners"] = list(state["winners"])
    return new


def own(new: State, state: State, name: str) -> Any:
    """`name`'s record in `new` (a shallow copy of `state` that an action is changing), copied
    the first time the action changes it: the records an action leaves alone stay shared with
    the state before (copy on write, where `fresh` copies every record)."""
    if new["players"] is state["players"]:
        new["players"] = dict(state["players"])
    record = new["players"][name]
    if record is state["players"][name]:
        record = new["players"][name] = record.copy()
    return record
