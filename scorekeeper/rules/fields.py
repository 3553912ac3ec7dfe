"""Each action's fields, declared once per game: their kinds, bounds and which are needed;
and the `Action` a session line is parsed into, once, at the edge.

A rule module lists its actions with `declare`, one `act` per action, each field a kind
below. A line is parsed once (`FIELDS.parse(state, line)`, or the game's `RULES.parse`,
which then spells its cards by their ids), and the rules take what it gives through their
entry for parsed actions, `take(state, action)`: `scorekeeper/session.py` parses each line
it reads or appends and hands it to `take`, while a rule module's `apply(state, line)` is
`take` after `parse`, for a line no one parsed yet (the bots', guided play's checks). So
every face (the CLI, the friendly commands, guided play, the phones, the bots, a session
replayed) goes through the parse, and no line is parsed twice. A field
of the wrong shape is refused before the rules read it, with a sentence naming the field
(in words: its `label`) and what it wants, and nothing is written; the rules then read
the Action's fields without checking their shape again. The phone forms
(kit/serve/forms.py) and the guided questions (kit/table/questions.py) ask each field by its kind: a
mapping one number per player or per key, a list one number per item.

    FIELDS = declare(TITLE, {
        "adjust": act(player=Name(N_("the player")),
                      pression=Whole(N_("{player}'s Pression change"), needed=False)),
        "challenge": act(player=Name(N_("the player")),
                         die=Whole(N_("{player}'s die"), low=1, high=6),
                         modifiers=Wholes(N_("The modifiers of {player}'s challenge"), needed=False),
                         success=PerKey(N_("The success of {player}'s challenge"), keys=("pression", "credit"),
                                        of=Whole(N_("The {key} change in the success of {player}'s challenge")),
                                        words={"pression": "Pression", "credit": "Crédit"}, needed=False)),
    })

    def take(state, action):        # parsed: its name, every field of its kind
        if action["action"] == "challenge": ...

    def apply(state, line):
        return take(state, FIELDS.parse(state, line))

The kinds (each a frozen dataclass; `label` is an English msgid, `needed=False` for an
optional field, `secret=True` where the value is a player's secret: its refusal on a shared
screen then says the rule, never the value):

- `Whole(label, low=None, high=None)`: a whole number (never a bool, never "3");
- `Die(label, low, high)`: a whole number read off a die, one of its faces low..high (never
  an amount to take a share of: a form offers the faces);
- `Wholes(label, low=None, high=None, non_empty=False)`: a list of whole numbers;
- `Flag(label)`: true or false;
- `Word(label, choices)`: one of `choices`: a tuple of strings, or a function of the state
  giving them (a card among the deck the session header holds);
- `Name(label)`: the name of one of the session's players;
- `Names(label, distinct=True, ordered=False)`: a list of players' names (`ordered`: the
  order matters: the magistrate's precedence);
- `PerPlayer(label, of)`: an object mapping some players' names to a value of kind `of`;
- `PerKey(label, keys, of, words=None)`: an object mapping some of `keys` (resources) to a
  value of kind `of`; `words` gives each key as people read it;
- `Card(label)`: a card of the session's deck by its id or its title as typed (the rules
  look it up in the deck); `Wholes(..., cards=True)`: a list whose items may be cards too.

Faces ask a field by its kind: `kind.choice(state)` is what a form or a question offers
where the rules' decision leaves the value to the table (a mapping one number per player or
per resource, a list of numbers typed "3, 2"), and `kind.many` says whether it takes several
values.

A field the rules need only in some cases is declared optional, and the rules say when with
`FIELDS.require(action, "resource", "difficulty")` (or refuse one with `refuse_extra`).

A label is a noun phrase opening the refusal's sentence ("{player}'s die must be between 1
and 6, not 7."), but for a name or a list of names, whose label is the role it names, said
after the name typed ("'Zoé' (the thief) is not a player here"; no label for the one who
acts: "'Zoé' is not..."); it may name the value of any field declared before it in the same action
(`{player}`, `{thief}`), which is checked already. An item's kind inside a list or a mapping
(`of`) has its own label, which may also use `{key}` (the player's name, the key's word).

An optional field may be given as null, meaning absent (files written by older faces do):
the Action leaves it out, and the line the session appends is written without it.
An unknown field, a missing needed field, an action name that is not one of the game's
words: refused, naming it. To add a field to an action, add it to the action's `act`; to add
an action, add an `act` (and its handling in the rules). Nothing else reads the field list.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar

from scorekeeper.errors import N_, Inline, Message, RuleViolation
from scorekeeper.rules.checks import is_int, shown
from scorekeeper.rules.frozen import Frozen

Choices = tuple[str, ...] | Callable[[Mapping[str, Any]], Iterable[str]]

# One session line as sent: a JSON object, its "action" name and its fields, any JSON values.
Line = dict[str, Any]


# One action as the rules take it: a session line parsed once (`Declaration.parse`). Its
# "action" key names one of the game's actions, every other key is a field its declaration
# holds, of its declared kind within its bounds (an optional field given as null left out),
# a card named by its title is its id where the game stores ids (`canonical`). A plain dict,
# read-only to the rules: typed a Mapping, so `mypy --strict` (CI) refuses a rule that would
# change it. What the log keeps is frozen besides (scorekeeper/session.py), at no cost to a
# simulated game, whose actions the rules take as the plain dicts their reads are fastest on.
Action = Mapping[str, Any]


class Kind(Frozen):
    """What one field holds: `fits` says whether a value is of this kind (cheap: every action
    of every face and every simulated game asks it), `refusal` the sentence saying why not.

    A kind is declared once and is itself, a `Frozen` value (equal only to itself): the
    frozen dataclasses the kinds were cost 4 ms of every command's start."""

    label: str = ""
    needed: bool = True
    secret: bool = False

    # How a face asks it: several values ("numbers": whole numbers typed "3, 2"; "several"
    # or "order": names, in any order or in order), or one (None).
    many: ClassVar[str | None] = None

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        raise NotImplementedError

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        raise NotImplementedError

    def choice(self, state: Mapping[str, Any]) -> Any:
        """What a face offers for this field where the rules' decision leaves it to the
        table (FROM_TABLE), in the decisions' shapes (scorekeeper/rules/flow.py): a list of
        values, a whole-number range, an object of one choice per key, or None (a number,
        or the numbers of `many`, read from the table)."""
        return None

    def refuse(self, template: str, public: str, what: Message, value: Any, **params: Any) -> RuleViolation:
        """The refusal of `value` (a whole number as it is, anything else as typed); a secret
        field's public wording leaves the value out."""
        return RuleViolation(template, public=public if self.secret else None, what=what,
                             value=value if is_int(value) else shown(value), **params)


class Whole(Kind):
    """A whole number, within `low` and `high` where given (never a bool, never "3")."""

    low: int | None = None
    high: int | None = None

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        # type() first: JSON's whole numbers are exact ints, and every field of every action comes here
        return (type(value) is int or is_int(value)) and (self.low is None or value >= self.low) \
            and (self.high is None or value <= self.high)

    def choice(self, state: Mapping[str, Any]) -> Any:
        return None if self.low is None else {"min": self.low, "max": self.high}

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        low, high = self.low, self.high
        if not is_int(value):
            return self.refuse(N_("{what} must be a whole number, not {value}."), N_("{what} must be a whole number."),
                               what, value)
        if low is not None and high is not None:
            return self.refuse(N_("{what} must be between {low} and {high}, not {value}."),
                               N_("{what} must be between {low} and {high}."), what, value, low=low, high=high)
        if low is not None and value < low:
            return self.refuse(N_("{what} must be at least {low}, not {value}."), N_("{what} must be at least {low}."),
                               what, value, low=low)
        return self.refuse(N_("{what} must be at most {high}, not {value}."), N_("{what} must be at most {high}."),
                           what, value, high=high)


class Die(Whole):
    """A die's face: checked as any bounded whole number, offered as the die's faces."""

    low: int = 1
    high: int = 6

    def faces(self) -> tuple[int, ...]:
        return tuple(range(self.low, self.high + 1))


class Wholes(Kind):
    """A list of whole numbers, each within `low` and `high`; with `cards`, an item may name a
    card instead (its id or its title: the rules read the deck)."""

    low: int | None = None
    high: int | None = None
    non_empty: bool = False
    cards: bool = False         # an item may also be a card named by its id or title (the rules read the deck)
    many: ClassVar[str | None] = "numbers"

    def item(self) -> Whole:
        return Whole(low=self.low, high=self.high, secret=self.secret)

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        if not isinstance(value, list) or self.non_empty and not value:
            return False
        low, high, cards = self.low, self.high, self.cards
        return all(is_int(n) and (low is None or n >= low) and (high is None or n <= high)
                   or cards and _is_card(n) for n in value)

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        if not isinstance(value, list):
            return self.refuse(N_("{what} must be a list of whole numbers, not {value}."),
                               N_("{what} must be a list of whole numbers."), what, value)
        if not value:
            return RuleViolation("{what} needs at least one value.", what=what)
        item = self.item()
        wrong = next(n for n in value if not item.fits(n, state) and not (self.cards and _is_card(n)))
        if self.cards and not is_int(wrong):
            return self.refuse(N_("{what} takes whole numbers or cards by their names, not {value}."),
                               N_("{what} takes whole numbers or cards by their names."), what, wrong)
        return item.refusal(wrong, state, what)


def _is_card(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= CARD_NAME_MAX


CARD_NAME_MAX = 80     # a card's id or title as typed: longer is no card


class Card(Kind):
    """A card of the session's deck, by its id or its title as typed: a short text here,
    which the rules look up in the deck the session header holds."""

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        return _is_card(value)

    def choice(self, state: Mapping[str, Any]) -> Any:
        return list(state.get("cards") or ()) or None     # no deck: no card can be named

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        return self.refuse(N_("{what} must name a card, by its id or its title, not {value}."),
                           N_("{what} must name a card, by its id or its title."), what, value)


class Flag(Kind):
    """True or false."""

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        return isinstance(value, bool)

    def choice(self, state: Mapping[str, Any]) -> Any:
        return [True, False]

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        return self.refuse(N_("{what} must be true or false, not {value}."), N_("{what} must be true or false."),
                           what, value)


class Word(Kind):
    """One of `choices`: a tuple of words, or a function of the state giving them."""

    choices: Choices = ()

    def options(self, state: Mapping[str, Any]) -> tuple[str, ...]:
        choices = self.choices
        return choices if isinstance(choices, tuple) else tuple(choices(state))

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        choices = self.choices      # most are a tuple: asked at once, with no call
        return isinstance(value, str) and value in (choices if isinstance(choices, tuple) else self.options(state))

    def choice(self, state: Mapping[str, Any]) -> Any:
        return list(self.options(state))

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        return self.refuse(N_("{what} must be one of {choices}, not {value}."), N_("{what} must be one of {choices}."),
                           what, value, choices=", ".join(map(shown, self.options(state))))


class Name(Kind):
    """The name of one of the session's players."""

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        return isinstance(value, str) and value in state["players"]

    def choice(self, state: Mapping[str, Any]) -> Any:
        return list(state["players"])

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        named = Message("{name} ({where})", name=shown(value), where=what) if what.message else shown(value)
        return RuleViolation("{named} is not a player here; the players are {players}.", named=named,
                             players=list(state["players"]))


class Names(Kind):
    """A list of players' names, each once unless not `distinct`; `ordered` where the order
    matters (the magistrate's precedence)."""

    distinct: bool = True
    ordered: bool = False

    @property
    def many(self) -> str:   # type: ignore[override]
        return "order" if self.ordered else "several"

    def choice(self, state: Mapping[str, Any]) -> Any:
        return list(state["players"])

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        players = state["players"]
        return isinstance(value, list) and all(isinstance(name, str) and name in players for name in value) and \
            (not self.distinct or len(set(value)) == len(value))

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        if not isinstance(value, list):
            return RuleViolation("A list of player names is needed for {what}, not {value}.", what=what,
                                 value=shown(value))
        one = Name()
        for index, name in enumerate(value):
            if not one.fits(name, state):
                return one.refusal(name, state, what)
            if name in value[:index]:
                break
        return RuleViolation("{name} is named twice ({what}); each player is listed once.", name=name, what=what)


class PerPlayer(Kind):
    """An object mapping some players' names to a value of kind `of`."""

    of: Kind = Whole()

    def __post_init__(self) -> None:
        _secret_items(self)

    def choice(self, state: Mapping[str, Any]) -> Any:
        return {name: self.of.choice(state) for name in state["players"]}

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        players, of = state["players"], self.of
        return isinstance(value, dict) and all(name in players and of.fits(item, state) for name, item in value.items())

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        players = list(state["players"])
        if not isinstance(value, dict):
            return RuleViolation("{what} must give a value for some of the players, such as {example}, not {value}.",
                                 what=what, example='{"' + players[0] + '": 1}', value=shown(value))
        for name, item in value.items():
            if name not in state["players"]:
                return RuleViolation("{what} names {name}, who is not a player here; the players are {players}.",
                                     what=what, name=shown(name), players=players)
            if not self.of.fits(item, state):
                return self.of.refusal(item, state, _item_label(self.of, what, name))
        raise AssertionError("a mapping that fits has no refusal")


class PerKey(Kind):
    """An object mapping some of `keys` (resources) to a value of kind `of`; `words` gives each
    key as people read it."""

    keys: tuple[str, ...] = ()
    of: Kind = Whole()
    words: Mapping[str, str] | None = None

    def __post_init__(self) -> None:
        _secret_items(self)

    def word(self, key: str) -> str:
        return (self.words or {}).get(key, key)

    def choice(self, state: Mapping[str, Any]) -> Any:
        return {key: self.of.choice(state) for key in self.keys}

    def fits(self, value: Any, state: Mapping[str, Any]) -> bool:
        keys, of = self.keys, self.of
        return isinstance(value, dict) and all(key in keys and of.fits(item, state) for key, item in value.items())

    def refusal(self, value: Any, state: Mapping[str, Any], what: Message) -> RuleViolation:
        if not isinstance(value, dict):
            return RuleViolation("{what} must give a value for some of {keys}, such as {example}, not {value}.",
                                 what=what, keys=", ".join(self.keys), example='{"' + self.keys[0] + '": 1}',
                                 value=shown(value))
        for key, item in value.items():
            if key not in self.keys:
                return RuleViolation("{what} names {key}, which is none of {keys}.", what=what, key=shown(key),
                                     keys=", ".join(self.keys))
            if not self.of.fits(item, state):
                return self.of.refusal(item, state, _item_label(self.of, what, self.word(key)))
        raise AssertionError("a mapping that fits has no refusal")


def _code(key: str) -> str:
    """A JSON key or action name as typed, in code quotes (`die`), long ones cut, escaped
    (`typed`): typed text must never forge a second line or reverse the sentence it is
    quoted in."""
    return "`" + typed(key if len(key) <= 40 else key[:39] + "…") + "`"


def typed(text: str) -> str:
    """Text a person typed, fit to quote in a sentence: its line breaks, controls and
    invisible format characters written as JSON escapes (\\n, \\u202e)."""
    # str.isprintable is false for every control and format character (Cc, Cf: \u202e too)
    return "".join(char if char.isprintable() else json.dumps(char)[1:-1] for char in text)


def _secret_items(mapping: PerPlayer | PerKey) -> None:
    """A secret mapping's items are secret too (a ballot's amount for each player)."""
    if mapping.secret and not mapping.of.secret:
        given = {name: value for name, value in vars(mapping.of).items() if name in mapping.of._fields}
        object.__setattr__(mapping, "of", type(mapping.of)(**{**given, "secret": True}))


def _item_label(of: Kind, what: Message, key: str) -> Message:
    """The label of one item of a mapping: its own (with `{key}`), else the mapping's."""
    if not of.label:
        return what
    params: dict[str, Any] = {**what.params, "key": key}
    return Message(of.label, **params)


class Act(Frozen):
    """One action's fields, in the order they are checked (and asked)."""

    fields: Mapping[str, Kind] = MappingProxyType({})

    @cached_property
    def needed(self) -> tuple[str, ...]:
        """The needed fields' names, worked out once (every simulated action is checked)."""
        return tuple(name for name, kind in self.fields.items() if kind.needed)

    @cached_property
    def checks(self) -> dict[str, tuple[Callable[[Any, Mapping[str, Any]], bool], bool]]:
        """Each field's `fits` and whether it is needed, worked out once: what `parse` asks of
        every field of every line, with no attribute looked up."""
        return {name: (kind.fits, kind.needed) for name, kind in self.fields.items()}


def act(**fields: Kind) -> Act:
    """An action's declaration: its fields by name, each a kind."""
    return Act(fields=fields)


def declare(title: str, actions: Mapping[str, Act]) -> Declaration:
    """A game's declaration: its title (named in refusals) and its actions, in the order the
    game lists them."""
    return Declaration(title, actions)


class Declaration:
    """A game's actions and their fields (`declare`)."""

    def field(self, action: str, name: str) -> Kind | None:
        """The kind of one field of one action (None: no such action or field)."""
        declared = self.actions.get(action)
        return None if declared is None else declared.fields.get(name)

    def __init__(self, title: str, actions: Mapping[str, Act]):
        self.title = title
        self.actions = dict(actions)
        self.names = tuple(self.actions)

    def __getitem__(self, action: str) -> Act:
        return self.actions[action]

    def __contains__(self, action: object) -> bool:
        return action in self.actions

    def parse(self, state: Mapping[str, Any], line: Any) -> Action:
        """`line` (a session line as sent, any JSON) as the Action the rules take, once
        it is an object naming one of the game's actions, with no unknown field, every needed
        field, and each field of its declared kind; RuleViolation naming the first field at
        fault otherwise. The line itself when it is in the rules' form already (most are: the
        caller hands it over, and changes it no more), else a new dict without its nulls."""
        if not isinstance(line, dict) or not isinstance(line.get("action"), str):
            raise RuleViolation("An action must be an object with an 'action' name, not {action}.",
                                action=shown(line))
        name: str = line["action"]
        declared = self.actions.get(name)
        if declared is None:
            # an action's name comes only from JSON typed by hand: named as typed, in code quotes
            raise RuleViolation("{title} has no action {name}; its actions are: {actions}.", title=self.title,
                                name=_code(name), actions=", ".join(map(_code, self.names)))
        # Each field the action gives, counting the needed ones: an action holds a few of its
        # declaration's fields (a PHD turn line 3 of 9). _refusal finds the first at fault in
        # the declaration's order.
        checks, nulls, needed = declared.checks, False, 0
        for key, value in line.items():
            check = checks.get(key)
            if check is None:
                if key != "action":
                    raise self._refusal(name, declared, state, line)
            elif value is None:
                nulls = True
            elif check[0](value, state):
                needed += check[1]      # one more needed field given (a JSON key comes once)
            else:
                raise self._refusal(name, declared, state, line)
        if needed < len(declared.needed):
            raise self._refusal(name, declared, state, line)
        if nulls:       # an optional field given as null is absent
            return {key: value for key, value in line.items() if value is not None}
        return line

    def require(self, action: Mapping[str, Any], *fields: str) -> None:
        """Refuse an action lacking one of `fields`, which the rules need in this case (a
        challenge named by no card needs its resource and difficulty)."""
        for key in fields:
            if action.get(key) is None:
                raise self._missing(action, key)

    def refuse_extra(self, action: Mapping[str, Any], *fields: str, because: Message) -> None:
        """Refuse an action holding one of `fields`, which mean nothing in this case;
        `because` is the rule that leaves them out ("The Challenge card gives its
        difficulty and its effects")."""
        for key in fields:
            if key in action:
                raise RuleViolation("{because}, so this entry must leave out {what}.", because=because,
                                    what=self.what(action, key), field=key)

    def what(self, action: Mapping[str, Any], key: str) -> Message:
        """Field `key` of `action` in the reader's words, said inside a sentence: its label,
        naming the values of the fields before it (the players' names)."""
        declared = self.actions[action["action"]].fields
        params = {}
        for name, value in action.items():
            if name == key:
                break
            if name in declared and isinstance(value, str):
                params[name] = value
        label = declared[key].label or N_("the player who acts")
        try:
            Message(label, **params).render()
        except (KeyError, IndexError):      # a value the label names is missing too
            label = N_("one of its answers")
        return Inline(label, **params)

    def _missing(self, action: Mapping[str, Any], key: str) -> RuleViolation:
        return RuleViolation("This entry lacks {what}, which the rules need here.", what=self.what(action, key),
                             field=key)

    def _refusal(self, name: str, declared: Act, state: Mapping[str, Any], action: dict[str, Any]) -> RuleViolation:
        """The sentence for the first field at fault (`check` found one), `field` naming it."""
        fields = declared.fields
        # A field no declaration knows comes only from JSON typed by hand (`kit score act`, a
        # file edited, a script): it is named as typed, in code quotes, and so are the others.
        for key in action:
            if key not in fields and key != "action" and not fields:
                return RuleViolation("A {title} {name} entry takes nothing but its name, so not {key}.",
                                     title=self.title, name=_code(name), key=_code(key), field=key)
            if key not in fields and key != "action":
                return RuleViolation("A {title} {name} entry takes no {key}; it takes {accepted}.",
                                     title=self.title, name=_code(name), key=_code(key),
                                     accepted=", ".join(map(_code, fields)), field=key)
        params: dict[str, Any] = {}
        for key, kind in fields.items():
            value = action.get(key)
            if value is None and kind.needed:
                return self._missing(action, key)
            if value is not None and not kind.fits(value, state):
                refused = kind.refusal(value, state, Message(kind.label, **params))
                refused.field = key
                return refused
            if isinstance(value, str):
                params[key] = value
        raise AssertionError("an action that fits its declaration has no refusal")
