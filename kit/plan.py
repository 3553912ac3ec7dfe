"""The question plan: what the rules wait for, as the questions a person answers.

For a viewer, each decision of `rules.view(game, state, viewer)` (its `pending` and
`anytime`) that viewer may answer becomes a `Form`: its title, who decides, and its `Input`s
in order, each the field asked, in the game's words, with its legal values only. The phone
pages (kit/serve) and guided play (kit/table/) render this plan and nothing else: neither
reads a decision's choices itself.

Each field's input follows from its choice:

- a list of values: one of them (the game's words for the values, the players' names as
  they are); or, where the field's declaration (scorekeeper/rules/fields.py) takes several,
  "several" of them or "order" (names picked in order); or, where the game's faces'
  `field_kinds` say so, "all" of them (the rules decided them, as Amphithéâtre's debate
  takes the sides as joined);
- `{"min": A, "max": B}`: a whole number within those bounds; for a die (the field declared
  a `Die`), one of its faces, as a choice among values;
- FROM_TABLE (null): what the field's declared kind offers (`Kind.choice`): a whole number
  within its bounds (a die), several numbers ("3, 2") for a list, one input per player or
  per resource for a mapping, yes or no for a flag; for a list that may name cards too,
  the cards the rules say it may lay now (`cards_to_lay`, each with the number it
  counts), and numbers besides;
- any other object: one input per key (a player's name, a resource), each from its own
  choice, the field's value being the object of the answered keys.

The words are the game's faces' (kit/faces.py: `action_labels`, `field_labels`,
`value_labels`). Who acts is the rules' (each action's declared actor, `actor_field`): a
seat's own name is never asked. A secret decision of another player keeps who and what but
not its choices (rules.view): the host's form still offers it, with free inputs for the
fields its faces name, for a player who has no phone.

A decision is asked one question at a time (`walk`): the first field (or a group's key, or
the next name of an order) its answers leave open (`next_step`), its choices narrowed by the
answers so far (the game's `narrow`: no colour once CONTRE wins, no card once a window is let
pass), a field the rules leave one value filled at once. A phone asks a question where every
field is a choice among values (`by_buttons`) as buttons, each tap carrying what it
completes (`Step.completes`, `fills`, `drops`); the terminal asks every question in turn.
"""
from __future__ import annotations

import enum
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, cast

from kit import faces
from kit.faces import View
from scorekeeper.errors import Message
from scorekeeper.rules.fields import Card, Die, Kind, Wholes
from scorekeeper.rules.flow import FROM_TABLE, Decision, GameState

# Input kinds (what a phone's page draws and static/serve.js reads back into the action's JSON):
#   one       one of `options` (a select)            several   some of `options` (checkboxes)
#   order     names typed in order, "Bob, Chloé"     number    a whole number within low..high
#   numbers   whole numbers typed "3, 2"             group     one input per key (`keys`)
#   all       every one of `options`, as the rules already decided them (checkboxes, ticked)
#   cards     some of `options`, cards of the deck each counting a number (`counts`), and
#             whole numbers typed "3, -2" besides (cards written by hand), in one list

@dataclass(frozen=True)
class Input:
    field: str
    label: str | Message        # a msgid, the rules' declared label, or a name shown as it is (`verbatim`)
    kind: str
    options: tuple[Any, ...] = ()      # values, as the action takes them (JSON)
    low: int | None = None
    high: int | None = None
    keys: tuple[tuple[str, Input], ...] = ()            # group: (key, Input) pairs
    verbatim: bool = False      # the label is a player's name, never translated
    counts: tuple[int, ...] = ()          # cards: the number each card of `options` counts, in order


@dataclass(frozen=True)
class Form:
    action: str
    title: str | Message        # a msgid, or a Message where the game's words for a value carry a count
    player: str | None          # who decides (None: whoever is at the table)
    actor: str | None           # the field naming who acts (None: no field does)
    inputs: tuple[Input, ...] = ()
    secret: bool = False
    anytime: bool = False
    danger: bool = False
    # for a value of a field among several, the fields the rules no longer ask once it is
    # chosen (Promotion's « let it pass » lays no card): a whole form sends it without them
    drops: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


def actor_field(game: str, action: str) -> str | None:
    """The field naming who performs `action`, as the rules declare it (default "player";
    None where no field names them: the auctioneer's award, the magistrate's resolve)."""
    from scorekeeper import rules

    return rules.of(game).actor(action) if isinstance(action, str) else None


def decisions(view: View) -> list[tuple[Decision, bool]]:
    """A view's decisions, each with whether it is allowed at any time."""
    return [(d, False) for d in view.get("pending", ())] + [(d, True) for d in view.get("anytime", ())]


def seat_forms(game: str, view: View, seat: str) -> list[Form]:
    """The forms `seat` may send now (`seat_decisions`)."""
    return [with_drops(game, view, d, form_of(game, d, view, seat, anytime=anytime))
            for d, anytime in seat_decisions(game, view, seat)]


def seat_decisions(game: str, state: View, seat: str, *, anytime: bool = True) -> list[tuple[Decision, bool]]:
    """The decisions of `state` (a whole state or `seat`'s view) that `seat`'s page answers,
    each as the rules let that seat enter it (rules.as_entered_by), with whether it is
    allowed at any time; without those (`anytime` False) the pending ones only."""
    from scorekeeper import rules

    asked = decisions(state) if anytime else [(d, False) for d in state.get("pending", ())]
    return [(mine, at_any_time) for d, at_any_time in asked
            if (mine := rules.as_entered_by(game, cast(GameState, state), cast(Decision, d), seat)) is not None]


def host_forms(game: str, view: View) -> list[Form]:
    """Every decision, for the host to enter on anyone's behalf."""
    return [with_drops(game, view, d, form_of(game, d, view, None, anytime=anytime)) for d, anytime in decisions(view)]


def with_drops(game: str, view: View, decision: Decision, form: Form) -> Form:
    """`form` with, for each value of a field among several, the fields the rules no longer
    ask once it is chosen (the game's `narrow`): what its whole form leaves out when sent."""
    if faces.of(game).narrow is None:   # the choices never narrow: no value leaves a field out
        return form
    drops = []
    for spec in form.inputs:
        if spec.kind != "one" or len(spec.options) < 2:
            continue
        for option in spec.options:
            kept = narrowed(game, cast(GameState, view), decision, {spec.field: option})
            gone = tuple(other.field for other in form.inputs if other.field != spec.field and other.field not in kept)
            if gone:
                drops.append((spec.field, value_text(option), gone))
    return replace(form, drops=tuple(drops)) if drops else form


def form_of(game: str, decision: Decision, view: View, viewer: str | None, *, anytime: bool = False) -> Form:
    words = faces.of(game)
    action, player = decision["action"], decision["player"]
    actor = actor_field(game, action)
    field_labels = words.field_labels
    choices = decision["choices"]
    if decision["secret"] and player != viewer and not choices:
        # another player's secret decision: its fields, not its bounds
        choices = {field: FROM_TABLE for (named, field) in field_labels if named == action}
    declared = declared_fields(game, action)
    named = {actor: player} if actor is not None and player is not None else {}
    inputs = tuple(input_of(words, action, field, choice, view, declared.get(field), named)
                   for field, choice in choices.items() if not (field == actor and player is not None)
                   and not (choice is FROM_TABLE and isinstance(declared.get(field), Card)
                            and declared[field].choice(view) is None))
    return Form(action, title_of(words, action, inputs), player, actor, inputs,
                secret=decision["secret"], anytime=anytime)


def title_of(words: faces.Faces, action: str, inputs: tuple[Input, ...]) -> str | Message:
    """What a decision is called: the game's words for its action, or, where the rules leave
    it one value in every field and the game has words for one of them, those words: a turn
    whose one step is its end reads « End the turn », not « Next step of the turn »."""
    settled = [spec.options[0] for spec in inputs if spec.kind == "one" and len(spec.options) == 1]
    named = [msgid for value in settled if (msgid := value_label(words, value)) is not None]
    if inputs and len(settled) == len(inputs) and len(named) == 1:
        return named[0]
    return words.action_labels.get(action, action)


def value_label(words: faces.Faces, value: object) -> faces.Label | None:
    """The game's words for a value of its decisions (its faces' `value_labels`), None where
    it has none (True is not 1)."""
    return next((said for known, said in words.value_labels.items() if known == value and type(known) is type(value)),
                None)


def declared_fields(game: str, action: str) -> dict[str, Kind]:
    """The rules' declaration of an action's fields (scorekeeper/rules/fields.py)."""
    from scorekeeper import rules

    act = rules.of(game).fields.actions.get(action)
    return dict(act.fields) if act is not None else {}


def input_of(words: faces.Faces, action: str, field: str, choice: object, view: View,
             declared: Kind | None = None, named: dict[str, str] | None = None) -> Input:
    """One field's input: from the rules' choice, or where they leave the value to the table
    (FROM_TABLE), from the field's declared kind: one number per player or per resource for
    a mapping, numbers typed "3, 2" for a list, yes or no for a flag. Its label: the game's
    `field_labels`, else the declaration's (naming the values `named`: who acts)."""
    label = faces.field_label(words, action, field, declared, named or {})
    many = words.field_kinds.get((action, field)) or (declared.many if declared else None)
    counted = _cards_laid(words, action, field, view) if choice is FROM_TABLE and isinstance(declared, Wholes) \
        and declared.cards else {}
    if counted:   # the cards the rules count there, picked as cards; numbers typed besides
        return Input(field, label, "cards", options=tuple(counted), counts=tuple(counted.values()))
    if choice is FROM_TABLE and declared is not None:
        choice = declared.choice(view)
    if isinstance(declared, Die) and isinstance(choice, dict) and set(choice) == {"min", "max"}:
        # the face read off the die, not a share of an amount (a stepper offered « Moitié 3 / Tout 6 »)
        return Input(field, label, "one", options=tuple(f for f in declared.faces() if choice["min"] <= f <= choice["max"]))
    if isinstance(choice, dict) and set(choice) == {"min", "max"}:
        return Input(field, label, "number", low=choice["min"], high=choice["max"])
    if isinstance(choice, dict):
        players = view.get("players", {})
        of = getattr(declared, "of", None)
        keys = tuple((key, Input(field, key, *_kind_of(sub, of.many if of else many), verbatim=key in players))
                     for key, sub in choice.items())
        return Input(field, label, "group", keys=keys)
    return Input(field, label, *_kind_of(choice, many))


def _cards_laid(words: faces.Faces, action: str, field: str, view: View) -> dict[str, int]:
    """The cards the rules say a list of numbers may name now, each with what it counts
    (their declaration's `cards_to_lay`); none where the game says nothing of it."""
    laid = words.rules.cards_to_lay if words.rules is not None else None
    return laid(view, action, field) if laid is not None else {}


def _kind_of(choice: object, declared: str | None) -> tuple[str, tuple[object, ...], int | None, int | None]:
    """(kind, options, low, high) of a plain choice."""
    if isinstance(choice, dict) and set(choice) == {"min", "max"}:
        return ("number", (), choice["min"], choice["max"])
    if isinstance(choice, list):
        return (declared if declared in ("several", "order", "all") else "one", tuple(choice), None, None)
    if choice is FROM_TABLE and declared == "numbers":
        return ("numbers", (), None, None)
    return ("number", (), None, None)


@dataclass(frozen=True)
class Step:
    """The field (and, in a group, the key) asked now, and what may be tapped."""

    spec: Input                 # the field's input (a group's: the group)
    key: str | None             # the group's key asked now, or None
    options: tuple[object, ...]              # the values offered
    done: dict[str, Any]                  # answers so far (the order's names picked so far included)
    left_to_player: bool        # a "their own answer" button is offered too
    completes: frozenset[str] = frozenset()   # the values (as value_text) whose tap ends the decision
    # the fields settled before this one that a value's tap leaves out (Promotion's « let it
    # pass » lays no card), by the value as value_text
    drops: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the fields the rules settle once a value's tap completes the decision, sent with it
    # (a 2-player Attaque's one target), by the value as value_text: (field, value) pairs
    fills: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()


def by_buttons(form: Form) -> bool:
    """Whether a decision is asked field by field as buttons: every field a choice among values."""
    return bool(form.inputs) and all(
        spec.kind in ("one", "order") or (spec.kind == "group" and all(sub.kind == "one" for _, sub in spec.keys))
        for spec in form.inputs)


def narrowed(game: str, state: GameState, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """The decision's choices once `answers` are given (the game's `narrow`, else as they are)."""
    narrow = faces.of(game).narrow
    return narrow(state, decision, answers) if narrow is not None else decision["choices"]


def value_text(value: object) -> str:
    """A choice's value as a page's address carries it (JSON for what is not a word)."""
    return value if isinstance(value, str) else json.dumps(value)


def next_step(form: Form, answers: dict[str, Any], seat_fields: frozenset[str]) -> Step | None:
    """The first field (or group key, or next name of an order) `answers` leave open; a field
    with one value is filled at once and the last name of an order goes last by itself.
    `answers` takes what is filled so."""
    for spec in form.inputs:
        if spec.kind == "one" and len(spec.options) == 1 and spec.field not in answers:
            answers[spec.field] = spec.options[0]
    for spec in form.inputs:
        mine = spec.field in seat_fields
        if spec.kind == "one":
            if spec.field in answers:
                continue
            return Step(spec, None, spec.options, answers, mine)
        if spec.kind == "order":
            picked = [n for n in answers.get(spec.field, []) if n in spec.options]
            left = [n for n in spec.options if n not in picked]
            if len(left) == 1:
                picked.append(left[0])
                left = []
            answers[spec.field] = picked
            if left:
                return Step(spec, None, tuple(left), answers, False)
            continue
        if spec.kind == "group":
            group = answers.setdefault(spec.field, {})
            for key, sub in spec.keys:
                if key not in group:
                    return Step(spec, key, sub.options, answers, mine)
            continue
        if spec.field not in answers:   # a number, numbers, cards, several values: asked whole
            return Step(spec, None, spec.options, answers, mine)
    return None


class Mark(enum.Enum):
    """What `walk`'s `given` says of a question besides a value."""

    UNANSWERED = "unanswered"   # no answer yet: the walk stops at this question
    LEFT = "left"               # left to the player's own answer (Hoc Censeo's bonus, on their phone)


UNANSWERED, LEFT = Mark.UNANSWERED, Mark.LEFT
# A question left to the player's own answer, as `Step.completes` holds it (and a page's address).
LEFT_ANSWER = ""


def walk(game: str, state: GameState, decision: Decision, view: View, seat: str | None,
         given: Callable[[Step], object]) -> tuple[Form, dict[str, Any], Step | None]:
    """The decision asked one question at a time: its form narrowed by the answers so far,
    those answers, and the question that stops the walk (None: nothing more to ask).

    `given(step)` answers each question: a value among `step.options` (or any value, for a
    question of numbers), LEFT where `step.left_to_player`, or UNANSWERED: the walk stops
    there and the step says what each of its values would do (`completes`, `fills`,
    `drops`). A value the rules no longer offer counts as unanswered."""
    seat_fields = frozenset(faces.of(game).seat_questions)
    answers: dict[str, Any] = {}
    form = form_of(game, decision, view, seat)
    step: Step | None = None
    for _tries in range(256):   # each turn takes one more answer; narrowing can never cycle this long
        choices = narrowed(game, state, decision, {k: v for k, v in answers.items() if v is not None})
        form = form_of(game, {**decision, "choices": choices}, view, seat)
        answers = {spec.field: answers[spec.field] for spec in form.inputs if spec.field in answers}
        step = next_step(form, answers, seat_fields)
        if step is None:
            return form, answers, None
        value = given(step)
        if value is LEFT and step.left_to_player:
            answers = _with(answers, step, None)
            continue
        if value is UNANSWERED or value is LEFT or not _offers(step, value):
            return form, answers, _weighed(game, state, decision, view, seat, answers, step, seat_fields)
        answers = _with(answers, step, value)
    return form, answers, step


def _offers(step: Step, value: object) -> bool:
    """Whether `value` is one the step offers, where it offers values to choose among."""
    chosen = step.spec.kind in ("one", "order") or step.key is not None and dict(step.spec.keys)[step.key].kind == "one"
    return value in step.options if chosen else True


def _weighed(game: str, state: GameState, decision: Decision, view: View, seat: str | None,
             answers: dict[str, Any], step: Step, seat_fields: frozenset[str]) -> Step:
    """`step` with what each of its values would do: complete the decision, fill what the
    rules then settle, leave out what they no longer ask."""
    completed = {value_text(option) if option is not None else LEFT_ANSWER: done
                 for option in (*step.options, *([None] if step.left_to_player else []))
                 if (done := _completed(game, state, decision, view, seat, _with(answers, step, option),
                                        seat_fields)) is not None}
    # what the rules settle once a tap completes it, beyond that tap (a 2-player Attaque's
    # one target), sent with it
    fills = tuple((text, tuple((name, done[name]) for name in done if name not in answers and name != step.spec.field))
                  for text, done in completed.items())
    return replace(step, completes=frozenset(completed), fills=tuple(f for f in fills if f[1]),
                   drops=_dropped(game, state, decision, answers, step))


def _dropped(game: str, state: GameState, decision: Decision, answers: dict[str, Any],
             step: Step) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For each value of `step`, the fields already settled that the rules no longer ask
    once it is given (sent without them)."""
    dropped = []
    for option in step.options:
        given = _with(answers, step, option)
        kept = narrowed(game, state, decision, {k: v for k, v in given.items() if v is not None})
        gone = tuple(name for name in answers if name != step.spec.field and name not in kept)
        if gone:
            dropped.append((value_text(option), gone))
    return tuple(dropped)


def _with(answers: dict[str, Any], step: Step, value: object) -> dict[str, Any]:
    """`answers` with `value` given at `step` (None: left to the player's own answer)."""
    field_name = step.spec.field
    if step.spec.kind == "order":
        return {**answers, field_name: [*answers[field_name], value]}
    if step.key is not None:
        return {**answers, field_name: {**answers.get(field_name, {}), step.key: value}}
    return {**answers, field_name: value}


def _completed(game: str, state: GameState, decision: Decision, view: View, seat: str | None, answers: dict[str, Any],
               seat_fields: frozenset[str]) -> dict[str, Any] | None:
    """The answers, with what the rules settle by themselves (a field of one value), when
    `answers` leave nothing more to ask; None when something is still asked."""
    choices = narrowed(game, state, decision, {k: v for k, v in answers.items() if v is not None})
    form = form_of(game, {**decision, "choices": choices}, view, seat)
    kept = {spec.field: answers[spec.field] for spec in form.inputs if spec.field in answers}
    done = {k: (list(v) if isinstance(v, list) else v) for k, v in kept.items()}
    return done if next_step(form, done, seat_fields) is None else None
