"""What comes next, who sees what, and what is said: the shapes every game's flow is told in.

The rules own the turn. Each rule module says, from a state alone:

- what the table waits for now (`pending(state)`), and what some player may do at any
  moment (`anytime(state)`), as *decisions*: who decides (a player, or None for whoever is
  at the table), the action of SCOREKEEPER.md, and the legal value of each field the
  decider fills (a list of values, a whole-number range, or FROM_TABLE where the value
  comes from the table: a die, a card's number). A decision is `secret` when its answer, or
  its choices, are that player's alone (a Hoc Censeo ballot and its senators left). What a
  player decides for themselves (a card from their own hand, their ballot) is a decision
  naming them, one per player who may take it; None is for what the table says as a whole
  (who begins, a debate's outcome, the deck running out) and for the corrections, the host's;
- what each accepted entry did (`outcome(before, after, action)`), as *events*, each with a
  public wording and, where it holds a secret, a private wording for the one player who
  may read it;
- every refusal as a sentence with a public wording that holds no secret.

The faces (guided play, the phone pages, the bots, the one-shot commands) walk these and
nothing else: none of them knows a game's phases.

>>> ballot = decision("ballot", "Bob", secret=True, pour=whole(0, 80), contre=whole(0, 80))
>>> ballot
{'player': 'Bob', 'action': 'ballot', 'choices': {'pour': {'min': 0, 'max': 80}, 'contre': {'min': 0, 'max': 80}}, 'secret': True}
>>> allows(ballot, {"action": "ballot", "player": "Bob", "pour": 20})
True
>>> allows(ballot, {"action": "ballot", "player": "Bob", "pour": 90})
False
>>> seen_by([ballot], "Alice")
[{'player': 'Bob', 'action': 'ballot', 'choices': {}, 'secret': True}]
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, TypeVar

from scorekeeper.errors import Message, Plural, RuleViolation
from scorekeeper.rules.checks import GameState as GameState  # the checks read it; the faces name it from here
from scorekeeper.rules.checks import is_int
from scorekeeper.rules.fields import Action as Action  # what the rules take: a line parsed once
from scorekeeper.rules.fields import Line as Line  # a session line as sent, any JSON


class Seat(TypedDict):
    """A player of the session header: a name and, in games with roles, a role."""

    name: str
    role: NotRequired[str]


class Range(TypedDict):
    """A whole-number choice, `max` None for no upper bound."""

    min: int
    max: int | None


class Decision(TypedDict):
    """One decision the table waits for (SCOREKEEPER.md's `pending`): who decides (None:
    whoever is at the table), the action, each field's choice (a list of values, a Range,
    or FROM_TABLE), and whether the answer is that player's secret."""

    player: str | None
    action: str
    choices: dict[str, Any]
    secret: bool


# A field whose value the table gives (a die rolled, a card's printed number): any value the
# action's own checks accept.
FROM_TABLE = None


S = TypeVar("S")
_REMEMBERED = 16      # states per memo: a face or a bot asks about the last few states only


def per_state(ask: Callable[[S], list[Decision]]) -> Callable[[S], list[Decision]]:
    """`ask(state)` (a game's `pending` or `anytime`) worked out once per state object.

    The table, its faces and the simulator ask what comes next of the same state several
    times (to choose, then to check the choice, then the engine's own check of the turn):
    the answer for each of the last few states asked is kept beside the state itself. States
    are values: nothing changes a state once `setup` or `apply` made it (apply copies what
    it changes), and nobody changes the lists of decisions returned.
    """
    memo: dict[int, tuple[S, list[Decision]]] = {}

    @functools.wraps(ask)
    def remembered(state: S) -> list[Decision]:
        known = memo.get(id(state))
        if known is not None and known[0] is state:    # held here, so its id is its own
            return known[1]
        answer = ask(state)
        if len(memo) >= _REMEMBERED:
            memo.clear()
        memo[id(state)] = (state, answer)
        return answer

    return remembered


def whole(low: int, high: int | None = None) -> Range:
    """A whole number from `low` to `high` (no upper bound when None)."""
    return {"min": low, "max": high}


def decision(action: str, player: str | None = None, *, secret: bool = False, **choices: Any) -> Decision:
    """One decision the table waits for (the JSON shape of SCOREKEEPER.md's `pending`)."""
    return {"player": player, "action": action, "choices": choices, "secret": secret}


def decider(decision: Decision) -> str:
    """The player who takes `decision`: one a player takes, not whoever is at the table."""
    player = decision["player"]
    if player is None:
        raise ValueError(f"{decision['action']} is taken by whoever is at the table, not by one player")
    return player


_ABSENT = object()      # a field an action does not give (null is given: no choice holds it), a key a choice lacks


def accepts(choice: Any, value: Any) -> bool:
    """Whether `value` is within one field's `choice` (a list, a range, or FROM_TABLE)."""
    # lists first: most choices are (every simulated action is checked through here)
    if isinstance(choice, list):
        if isinstance(value, list):     # several values (names in order, sides): each one listed
            return all(v in choice for v in value)
        return value in choice
    if isinstance(choice, dict) and len(choice) == 2:
        low, high = choice.get("min", _ABSENT), choice.get("max", _ABSENT)
        if low is not _ABSENT and high is not _ABSENT:     # a Range
            # type() first: JSON's whole numbers are exact ints (a bool is none)
            return (type(value) is int or is_int(value)) and value >= low and (high is None or value <= high)
    return True     # FROM_TABLE, or a choice of no known shape


def actor_of(action: Action, actor_fields: Iterable[str] = ("player",)) -> str | None:
    """The player an action names as the one who acts (the first actor field it has)."""
    for field in actor_fields:
        actor = action.get(field)
        if isinstance(actor, str):
            return actor
    return None


def turn_player(state: GameState) -> str | None:
    """Whose turn it is, where a game keeps its turn as `{"player": NAME, ...}` under
    "turn" (None before the first turn, and in a session typed without `turn` lines)."""
    turn = state.get("turn")
    player = turn.get("player") if isinstance(turn, dict) else None
    return player if isinstance(player, str) else None


def allows(decision: Decision, action: Action, actor_fields: Iterable[str] = ("player",)) -> bool:
    """Whether `action` answers `decision`: the same action, by its decider (when both name
    one: an action naming nobody, like the magistrate's resolve, is its decider's), every
    field it gives within its choices."""
    return action.get("action") == decision["action"] and _answers(decision, action, actor_fields)



def _answers(decision: Decision, action: Action, actor_fields: Iterable[str]) -> bool:
    """`allows`, once the action is known to be the decision's."""
    # plain loops, each field read once: every simulated action is checked through here,
    # against each decision of its name
    decider = decision["player"]
    if decider is not None:
        actor = actor_of(action, actor_fields)
        if actor is not None and actor != decider:
            return False
    for field, choice in decision["choices"].items():
        value = action.get(field, _ABSENT)
        if value is not _ABSENT and not accepts(choice, value):
            return False
    return True


def answering(decisions: Iterable[Decision], action: Action,
              actor_fields: Iterable[str] = ("player",)) -> Decision | None:
    """The first decision `action` answers, or None."""
    name = action.get("action")
    for d in decisions:
        # most decisions are another action: told apart before the call that weighs each field
        if d["action"] == name and _answers(d, action, actor_fields):
            return d
    return None


def seen_by(decisions: Iterable[Decision], viewer: str | None) -> list[Decision]:
    """The decisions as `viewer` may see them (None: the public): another player's secret
    decision keeps who and what, never its choices (a ballot's max is its player's senators
    left)."""
    return [d if not d["secret"] or d["player"] == viewer else {**d, "choices": {}} for d in decisions]


@dataclass(frozen=True)
class Event:
    """What one accepted entry did, told once for everyone (`public`) and, where it holds a
    secret, once more for the player `to` who may read it (`private`). An event that tells
    the entry itself, and what it did (a card played: scorekeeper.rules.deck.card_line), is
    `entry`: the faces say it as the entry's line, in one line."""

    public: Message
    private: Message | None = None
    to: str | None = None
    entry: bool = False

    def for_viewer(self, viewer: str | None, *, reveal: bool = False) -> Message:
        """The wording `viewer` may read (reveal=True: the whole table's secrets, a log
        printed with --reveal)."""
        if self.private is not None and (reveal or (viewer is not None and viewer == self.to)):
            return self.private
        return self.public


def said(template: str | Plural, **params: Any) -> Event:
    """An event with one public wording (nothing secret in it)."""
    return Event(Message(template, **params))


def refuse_unless_expected(action: Action, pending: list[Decision], anytime: list[Decision],
                           waiting: Callable[[list[Decision]], RuleViolation],
                           actor_fields: Iterable[str] = ("player",)) -> None:
    """Refuse an entry that answers no pending decision and nothing allowed at any time,
    with the game's sentence saying what it waits for (`waiting(pending)`)."""
    if answering(pending, action, actor_fields) is None and answering(anytime, action, actor_fields) is None:
        raise waiting(pending)
