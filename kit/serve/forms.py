"""The forms a page shows, derived from what the rules wait for: no game's list of actions.

A page shows one form per decision of `rules.view(game, state, viewer)` (its `pending` and
`anytime`) that its reader may answer: on a seat's page the decisions whose player is that
seat, and those with no player ("whoever is at the table": any seat may answer them); on
the host's page every decision. Each field's input follows from its choice:

- a list of values: one of them (a select; the game's words for the values, the players'
  names as they are); or, where the game's FIELD_KINDS says so, "several" of them
  (checkboxes), "all" of them (ticked already: the rules decided them, as Amphithéâtre's
  debate takes the sides as joined) or "order" (names typed in order, "Bob, Chloé");
- `{"min": A, "max": B}`: a whole number within those bounds;
- FROM_TABLE (null): a whole number read from the table (a die, a card), or, where
  FIELD_KINDS says "numbers", several of them ("3, 2");
- any other object: one input per key (a player's name, a resource), each from its own
  choice, the field's value being the object of the answered keys.

The words are the game's own (kit/games/<game>/table.py): ACTION_LABELS (action -> msgid),
FIELD_LABELS ((action, field) -> msgid), VALUE_LABELS (a choice's value -> msgid, optional;
else the pages' words for the value, yes/no for true/false), and
ACTOR_FIELDS (action -> the field naming who acts, default "player"; None when no field
does): a seat's own name is never asked, the server fills it in. A secret decision of another player keeps who and what
but not its choices (rules.view): the host's page still offers it, with free inputs for the
fields FIELD_LABELS names, for a player who has no phone.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from kit import games
from kit.i18n import N_
from scorekeeper.rules.flow import FROM_TABLE

# Input kinds (what static/serve.js reads back into the action's JSON):
#   one       one of `options` (a select)            several   some of `options` (checkboxes)
#   order     names typed in order, "Bob, Chloé"     number    a whole number within low..high
#   numbers   whole numbers typed "3, 2"             group     one input per key (`keys`)
#   all       every one of `options`, as the rules already decided them (checkboxes, ticked)
DECLARED_KINDS = ("several", "order", "numbers", "all")


@dataclass(frozen=True)
class Input:
    field: str
    label: str                  # a msgid, or a name shown as it is (`verbatim`)
    kind: str
    options: tuple = ()         # values, as the action takes them
    low: int | None = None
    high: int | None = None
    keys: tuple = ()            # group: (key, Input) pairs
    verbatim: bool = False      # the label is a player's name, never translated


@dataclass(frozen=True)
class Form:
    action: str
    title: str                  # a msgid
    player: str | None          # who decides (None: whoever is at the table)
    actor: str | None           # the field naming who acts (None: no field does)
    inputs: tuple[Input, ...] = ()
    secret: bool = False
    anytime: bool = False
    danger: bool = False


UNDO = Form("undo", N_("Undo the latest entry"), None, "player", danger=True)


def table_words(game: str) -> ModuleType:
    """The game's kit/games/<game>/table.py, where its words for the decisions are."""
    return games.table_module(game)


def actor_field(game: str, action: str) -> str | None:
    """The field naming who performs `action` (the game's ACTOR_FIELDS, default "player";
    None where no field names them: the auctioneer's award, the magistrate's resolve)."""
    return getattr(table_words(game), "ACTOR_FIELDS", {}).get(action, "player")


def decisions(view: dict) -> list[tuple[dict, bool]]:
    """A view's decisions, each with whether it is allowed at any time."""
    return [(d, False) for d in view.get("pending", ())] + [(d, True) for d in view.get("anytime", ())]


def seat_forms(game: str, view: dict, seat: str) -> list[Form]:
    """The forms `seat` may send now: its own decisions and those of whoever is at the table."""
    return [form_of(game, d, view, seat, anytime=anytime) for d, anytime in decisions(view)
            if d["player"] in (seat, None)]


def host_forms(game: str, view: dict) -> list[Form]:
    """Every decision, for the host to enter on anyone's behalf."""
    return [form_of(game, d, view, None, anytime=anytime) for d, anytime in decisions(view)]


def form_of(game: str, decision: dict, view: dict, viewer: str | None, *, anytime: bool = False) -> Form:
    words = table_words(game)
    action, player = decision["action"], decision["player"]
    actor = actor_field(game, action)
    field_labels = getattr(words, "FIELD_LABELS", {})
    choices = decision["choices"]
    if decision["secret"] and player != viewer and not choices:
        # another player's secret decision: its fields, not its bounds
        choices = {field: FROM_TABLE for (named, field) in field_labels if named == action}
    inputs = tuple(input_of(words, action, field, choice, view)
                   for field, choice in choices.items() if not (field == actor and player is not None))
    return Form(action, getattr(words, "ACTION_LABELS", {}).get(action, action), player, actor, inputs,
                secret=decision["secret"], anytime=anytime)


def input_of(words: ModuleType, action: str, field: str, choice: object, view: dict) -> Input:
    label = getattr(words, "FIELD_LABELS", {}).get((action, field), field)
    declared = getattr(words, "FIELD_KINDS", {}).get((action, field))
    if isinstance(choice, dict) and set(choice) == {"min", "max"}:
        return Input(field, label, "number", low=choice["min"], high=choice["max"])
    if isinstance(choice, dict):
        players = view.get("players", {})
        keys = tuple((key, Input(field, key, *_kind_of(sub, declared), verbatim=key in players))
                     for key, sub in choice.items())
        return Input(field, label, "group", keys=keys)
    kind, *rest = _kind_of(choice, declared)
    return Input(field, label, kind, *rest)


def _kind_of(choice: object, declared: str | None) -> tuple:
    """(kind, options, low, high) of a plain choice."""
    if isinstance(choice, dict) and set(choice) == {"min", "max"}:
        return ("number", (), choice["min"], choice["max"])
    if isinstance(choice, list):
        return (declared if declared in ("several", "order", "all") else "one", tuple(choice), None, None)
    if choice is FROM_TABLE and declared == "numbers":
        return ("numbers", (), None, None)
    return ("number", (), None, None)


def waiting_for(view: dict, viewer: str | None) -> tuple[list[dict], list[str], bool]:
    """What the page says of the turn: the pending decisions that are `viewer`'s, the other
    players the game waits for (in the order it takes them), and whether it waits for
    whoever is at the table."""
    mine, others, table = [], [], False
    for decision in view.get("pending", ()):
        player = decision["player"]
        if player is None:
            table = True
        elif player == viewer:
            mine.append(decision)
        elif player not in others:
            others.append(player)
    return mine, others, table

