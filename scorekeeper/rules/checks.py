"""Checks shared by the rule modules (PHD, Amphithéâtre and Promotion; Hoc Censeo for its
names, numbers, options, actions and fields).

Each check either returns the clean value or raises RuleViolation with one sentence a
player understands: who, which value, which limit. Session lines come from JSON typed by
hand, so nothing here trusts a type: `True` is not a number, "3" is not a number.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard, TypeVar

from scorekeeper.errors import Message, RuleViolation, plural

if TYPE_CHECKING:   # flow imports this module
    from scorekeeper.rules.flow import Action, GameState

State = TypeVar("State", bound="GameState")


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


def check_fields(action: Action, title: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Refuse an action line with a missing or an unknown field (a typo must not pass silently)."""
    name = action.get("action")
    required, optional = tuple(required), tuple(optional)
    for field in required:
        if field not in action:
            raise RuleViolation("The {title} action {name} needs the field {field_name}.", title=title, name=repr(name), field_name=repr(field))
    for field in action:
        if field != "action" and field not in required and field not in optional:
            if not required + optional:
                raise RuleViolation("The {title} action {name} takes no field, so not {field_name}.", title=title, name=repr(name), field_name=repr(field))
            raise RuleViolation("The {title} action {name} has no field {field_name}; its fields are: {accepted}.", title=title, name=repr(name), field_name=repr(field), accepted=", ".join(required + optional))


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def need_int(value: Any, what: Message, low: int | None = None, high: int | None = None) -> int:
    """A whole number within low..high (either bound optional); `what` names it in the sentence."""
    if not is_int(value):
        raise RuleViolation("{what} must be a whole number, not {value}.", what=what, value=shown(value))
    if low is not None and high is not None and not low <= value <= high:
        raise RuleViolation("{what} must be between {low} and {high}, not {value}.", what=what, low=low, high=high, value=value)
    if low is not None and value < low:
        raise RuleViolation("{what} must be at least {low}, not {value}.", what=what, low=low, value=value)
    if high is not None and value > high:
        raise RuleViolation("{what} must be at most {high}, not {value}.", what=what, high=high, value=value)
    return value


def need_ints(value: Any, what: Message, *, low: int | None = None, non_empty: bool = False) -> list[int]:
    """A list of whole numbers; a single number is accepted as a list of one."""
    if value is None:
        value = []
    if is_int(value):
        value = [value]
    if not isinstance(value, list):
        raise RuleViolation("{what} must be a list of whole numbers, not {value}.", what=what, value=shown(value))
    if non_empty and not value:
        raise RuleViolation("{what} needs at least one value.", what=what)
    return [need_int(item, what, low=low) for item in value]


def need_bool(value: Any, what: Message) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation("{what} must be true or false, not {value}.", what=what, value=shown(value))
    return value


def need_player(state: Mapping[str, Any], name: Any, where: Message | str | None = None) -> str:
    """A name that is one of the session's players; `where` says which field named it."""
    if not isinstance(name, str) or name not in state["players"]:
        named = Message("{name} ({where})", name=shown(name), where=where) if where else shown(name)
        raise RuleViolation("{named} is not a player here; the players are {players}.", named=named, players=list(state['players']))
    return name


def need_game_on(state: GameState, title: str) -> None:
    """Every action is refused once the game is over."""
    if state["over"]:
        if not state["winners"]:
            raise RuleViolation("This {title} game is over; no more actions are accepted.", title=title)
        raise RuleViolation(plural("This {title} game is over ({who} won); no more actions are accepted.",
                                   "This {title} game is over ({who} won); no more actions are accepted.",
                                   len(state["winners"])), title=title, who=list(state["winners"]))


def need_action(action: Any, title: str, actions: Collection[str]) -> str:
    if not isinstance(action, dict) or not isinstance(action.get("action"), str):
        raise RuleViolation("An action must be an object with an 'action' name, not {action}.", action=shown(action))
    name: str = action["action"]
    if name not in actions:
        raise RuleViolation("{title} has no action {name}; its actions are: {actions}.", title=title, name=repr(name), actions=', '.join(actions))
    return name


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


def apply_turn(state: State, action: Action, title: str, steps: Iterable[str],
               takes_turns: Callable[[State, str], bool] = lambda state, name: True) -> Bookmark:
    """A `turn` line: whose turn it is and which step of it, guided play's bookmark in the
    file so that it resumes exactly there (the state's new `turn`). It changes no score; undo
    takes it back like any line."""
    check_fields(action, title, ("player", "step"))
    name = need_player(state, action["player"])
    if not takes_turns(state, name):
        raise RuleViolation("{name} no longer takes turns in this game.", name=name)
    steps = tuple(steps)
    if action["step"] not in steps:
        raise RuleViolation("A turn's step is one of {steps}, not {step}.", steps=", ".join(steps),
                            step=shown(action["step"]))
    return {"player": name, "step": action["step"]}


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
