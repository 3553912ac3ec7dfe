"""The forms a page shows, derived from what the rules wait for: no game's list of actions.

A page shows one form per decision of `rules.view(game, state, viewer)` (its `pending` and
`anytime`) that its reader may answer: on a seat's page the decisions whose player is that
seat, and those with no player ("whoever is at the table": any seat may answer them) but
the corrections, the host's; on the host's page every decision. Each field's input follows from its choice:

- a list of values: one of them (a select; the game's words for the values, the players'
  names as they are); or, where the field's declaration (scorekeeper/rules/fields.py) takes
  several, "several" of them (checkboxes) or "order" (names picked in order); or, where the
  game's FIELD_KINDS says so, "all" of them (ticked already: the rules decided them, as
  Amphithéâtre's debate takes the sides as joined);
- `{"min": A, "max": B}`: a whole number within those bounds; for a die (the field declared
  a `Die`), one of its faces, as a choice among values;
- FROM_TABLE (null): what the field's declared kind offers (`Kind.choice`): a whole number
  within its bounds (a die), several numbers ("3, 2") for a list, one input per player or
  per resource for a mapping, yes or no for a flag; for a list that may name cards too,
  the cards the rules say it may lay now (`cards_to_lay`, each with the number it
  counts), to tick, and numbers typed besides;
- any other object: one input per key (a player's name, a resource), each from its own
  choice, the field's value being the object of the answered keys.

The words are the game's own (kit/games/<game>/table.py): ACTION_LABELS (action -> msgid),
FIELD_LABELS ((action, field) -> msgid), VALUE_LABELS (a choice's value -> msgid, or a rules' Message for words
that carry a count, optional;
else the pages' words for the value, yes/no for true/false). Who acts is the rules' (each
action's declared actor, `actor_field`): a seat's own name is never asked, the server fills it in. A secret decision of another player keeps who and what
but not its choices (rules.view): the host's page still offers it, with free inputs for the
fields FIELD_LABELS names, for a player who has no phone.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from kit import faces
from kit.faces import View
from kit.i18n import N_
from scorekeeper.errors import Message
from scorekeeper.rules.fields import Card, Die, Kind, Wholes
from scorekeeper.rules.flow import FROM_TABLE, Decision, GameState, Line

if TYPE_CHECKING:
    from scorekeeper.session import Session

# Input kinds (what static/serve.js reads back into the action's JSON):
#   one       one of `options` (a select)            several   some of `options` (checkboxes)
#   order     names typed in order, "Bob, Chloé"     number    a whole number within low..high
#   numbers   whole numbers typed "3, 2"             group     one input per key (`keys`)
#   all       every one of `options`, as the rules already decided them (checkboxes, ticked)
#   cards     some of `options`, cards of the deck each counting a number (`counts`), and
#             whole numbers typed "3, -2" besides (cards written by hand), in one list
DECLARED_KINDS = ("several", "order", "numbers", "all")


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


UNDO = Form("undo", N_("Undo the latest entry"), None, "player", danger=True)


def table_words(game: str) -> faces.Faces:
    """The game's faces declaration (kit/games/<game>/faces.py), its words for the decisions."""
    return faces.of(game)


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
    words = table_words(game)
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
    named = [msgid for value in settled for known, msgid in words.value_labels.items()
             if known == value and type(known) is type(value)]
    if inputs and len(settled) == len(inputs) and len(named) == 1:
        return named[0]
    return words.action_labels.get(action, action)


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
    laid = words.rules.cards_to_lay if words.rules is not None else None
    if choice is FROM_TABLE and isinstance(declared, Wholes) and declared.cards and laid is not None:
        counted = laid(view, action, field)
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


def _kind_of(choice: object, declared: str | None) -> tuple[str, tuple[object, ...], int | None, int | None]:
    """(kind, options, low, high) of a plain choice."""
    if isinstance(choice, dict) and set(choice) == {"min", "max"}:
        return ("number", (), choice["min"], choice["max"])
    if isinstance(choice, list):
        return (declared if declared in ("several", "order", "all") else "one", tuple(choice), None, None)
    if choice is FROM_TABLE and declared == "numbers":
        return ("numbers", (), None, None)
    return ("number", (), None, None)


def waiting_for(view: View, viewer: str | None) -> tuple[list[Decision], list[str], bool]:
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



# -- a seat's screen: one decision at a time ------------------------------------------------
#
# A seat's page shows the one decision the game asks of it now (its first pending decision,
# or, when the rules offer it several at once, Amphithéâtre's moves, a choice among them
# first). A decision whose every field is a choice among values is asked one field at a
# time, as buttons (`Step`): each tap carries the answers so far in the page's address
# (ANSWER_PREFIX), and the rules narrow what is still needed (the game's `narrow`, Hoc
# Censeo's resolve: no colour once CONTRE wins); the tap that completes it sends it. Any
# other decision is one form. The game's words say what the decider reads first
# (`decision_facts`: the magistrate's totals) and which fields a player answers on their own
# page (its faces' seat_questions: the resolve may leave them to that player).

ANSWER_PREFIX = "f."   # ?f.colour=bleu&f.order=Bob&f.order=Alice&f.calamity.Alice=gold
CHOSEN = "do"          # ?do=1: the decision chosen among several offered at once (its place)
LEFT_TO_PLAYER = ""    # asked value: leave the field to the player's own answer


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


@dataclass
class SeatScreen:
    """What a seat's page shows besides the view: its decision now and the steps taken."""

    offered: list[Form] = field(default_factory=list)   # decisions offered at once (a choice first)
    # an offered decision that asks nothing more (its place -> the hidden fields it sends): its
    # choice sends it, where a second page offered one button of the same words
    ready: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    main: Form | None = None          # the decision asked now, its choices narrowed by `answers`
    answers: dict[str, Any] = field(default_factory=dict)          # that decision's answers so far
    asked: list[tuple[str, str]] = field(default_factory=list)   # the address's answers, to extend
    started: bool = False             # the reader tapped an answer already (they may start again)
    step: Step | None = None          # the field asked now, when asked by buttons
    facts: list[Message] = field(default_factory=list)            # Messages the decider reads first
    ending: frozenset[str] = frozenset()   # actions that, sent as they stand, end the game
    undo: list[Message] = field(default_factory=list)             # Messages: what the seat's undo takes back
    undo_secret: bool = False   # those words hold the seat's own secret (its ballot): hidden with the secrets


def by_buttons(form: Form) -> bool:
    """Whether a decision is asked field by field as buttons: every field a choice among values."""
    return bool(form.inputs) and all(
        spec.kind in ("one", "order") or (spec.kind == "group" and all(sub.kind == "one" for _, sub in spec.keys))
        for spec in form.inputs)


def narrowed(game: str, state: GameState, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """The decision's choices once `answers` are given (the game's `narrow`, else as they are)."""
    narrow = table_words(game).narrow
    return narrow(state, decision, answers) if narrow is not None else decision["choices"]


def value_text(value: object) -> str:
    """A choice's value as the page's address carries it (JSON for what is not a word)."""
    import json
    return value if isinstance(value, str) else json.dumps(value)


def _taken(options: tuple[object, ...], text: str | None) -> object:
    return next((o for o in options if value_text(o) == text), None) if text is not None else None


def next_step(form: Form, answers: dict[str, Any], seat_fields: frozenset[str]) -> Step | None:
    """The first field (or group key, or next name of an order) `answers` leave open; a field
    with one value is filled at once and the last name of an order goes last by itself."""
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
        group = answers.setdefault(spec.field, {})
        for key, sub in spec.keys:
            if key not in group:
                return Step(spec, key, sub.options, answers, mine)
    return None


def answered(game: str, state: GameState, decision: Decision, view: View, seat: str,
             asked: list[tuple[str, str]]) -> tuple[Form, dict[str, Any], Step | None]:
    """The decision's form narrowed by the answers the address gives, those answers (each
    checked against what the rules still offer; the rest ignored), and the step asked next."""
    given: dict[str, list[str]] = {}
    for name, typed in asked:
        given.setdefault(name, []).append(typed)
    seat_fields = frozenset(table_words(game).seat_questions)
    answers: dict[str, Any] = {}
    for _tries in range(64):   # each turn takes one more answer; narrowing can never cycle this long
        choices = narrowed(game, state, decision, {k: v for k, v in answers.items() if v is not None})
        form = form_of(game, {**decision, "choices": choices}, view, seat)
        answers = {spec.field: answers[spec.field] for spec in form.inputs if spec.field in answers}
        step = next_step(form, answers, seat_fields)
        if step is None:
            return form, answers, None
        text: str | None
        if step.spec.kind == "order":
            texts = given.get(ANSWER_PREFIX + step.spec.field, [])
            count = len(answers[step.spec.field])
            text = texts[count] if len(texts) > count else None
        else:
            texts = given.get(ANSWER_PREFIX + step.spec.field + ("" if step.key is None else "." + step.key), [])
            text = texts[0] if texts else None
        left = text == LEFT_TO_PLAYER and step.left_to_player
        value = _taken(step.options, text)
        if value is None and not left:
            completed = {value_text(option) if option is not None else LEFT_TO_PLAYER: done
                         for option in (*step.options, *([None] if step.left_to_player else []))
                         if (done := _completed(game, state, decision, view, seat, _with(answers, step, option),
                                                seat_fields)) is not None}
            # what the rules settle once a tap completes it, beyond that tap (a 2-player
            # Attaque's one target), sent with it
            fills = tuple((text, tuple((name, done[name]) for name in done
                                       if name not in answers and name != step.spec.field))
                          for text, done in completed.items())
            return form, answers, replace(step, completes=frozenset(completed), fills=tuple(f for f in fills if f[1]),
                                          drops=_dropped(game, state, decision, answers, step))
        answers = _with(answers, step, value)
    return form, answers, step


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


def asked_again(answers: dict[str, Any]) -> list[tuple[str, str]]:
    """The answers kept, as the address carries them (what a further tap extends)."""
    pairs = []
    for name, value in answers.items():
        if isinstance(value, list):
            pairs += [(ANSWER_PREFIX + name, value_text(v)) for v in value]
        elif isinstance(value, dict):
            pairs += [(f"{ANSWER_PREFIX}{name}.{key}", LEFT_TO_PLAYER if v is None else value_text(v))
                      for key, v in value.items()]
        else:
            pairs.append((ANSWER_PREFIX + name, LEFT_TO_PLAYER if value is None else value_text(value)))
    return pairs


def _with(answers: dict[str, Any], step: Step, value: object) -> dict[str, Any]:
    """`answers` with `value` given at `step` (None: left to the player's own answer)."""
    field_name = step.spec.field
    if step.spec.kind == "order":
        return {**answers, field_name: [*answers[field_name], value]}
    if step.key is not None:
        return {**answers, field_name: {**answers.get(field_name, {}), step.key: value}}
    return {**answers, field_name: value}


def _completed(game: str, state: GameState, decision: Decision, view: View, seat: str, answers: dict[str, Any],
               seat_fields: frozenset[str]) -> dict[str, Any] | None:
    """The answers, with what the rules settle by themselves (a field of one value), when
    `answers` leave nothing more to ask; None when something is still asked."""
    choices = narrowed(game, state, decision, {k: v for k, v in answers.items() if v is not None})
    form = form_of(game, {**decision, "choices": choices}, view, seat)
    kept = {spec.field: answers[spec.field] for spec in form.inputs if spec.field in answers}
    done = {k: (list(v) if isinstance(v, list) else v) for k, v in kept.items()}
    return done if next_step(form, done, seat_fields) is None else None


def seat_screen(session: Session, seat: str, asked: list[tuple[str, str]]) -> SeatScreen:
    """The screen of `seat` now (`session`: the whole session, read by the server only;
    `asked`: the page address's query pairs)."""
    from scorekeeper import rules

    game, state = session.game, session.state
    screen = SeatScreen()
    if state.get("over"):
        return screen
    view = rules.view(game, state, seat)
    mine = [d for d, _anytime in seat_decisions(game, view, seat, anytime=False)]
    screen.offered = [form_of(game, d, view, seat) for d in mine]
    if len(mine) > 1:
        screen.ready = {place: sent for place, decision in enumerate(mine)
                        if (sent := asks_nothing(game, state, decision, view, seat)) is not None}
    chosen = dict(asked).get(CHOSEN, "")
    picked = mine if len(mine) == 1 else [mine[int(chosen)]] if chosen.isdigit() and int(chosen) < len(mine) else []
    if picked:
        decision = picked[0]
        screen.main = form_of(game, decision, view, seat)
        if by_buttons(screen.main):
            screen.main, screen.answers, screen.step = answered(game, state, decision, view, seat, asked)
        else:
            screen.main = with_drops(game, view, decision, screen.main)
        screen.asked = ([(CHOSEN, chosen)] if len(mine) > 1 else []) + asked_again(screen.answers)
        screen.started = any(pair in asked for pair in screen.asked)   # tapped, not filled by the rules
        facts = table_words(game).decision_facts
        screen.facts = list(facts(state, decision)) if facts is not None else []
    screen.ending = ending_actions(session, seat, view)
    latest = session.latest_in_effect()
    if latest is not None and _actor(game, latest.action) == seat:
        screen.undo, screen.undo_secret = undo_words(session, seat)
    return screen


def host_screen(session: Session) -> SeatScreen:
    """What the host's page shows besides its forms: the words of what its undo takes back
    (the latest entry in effect, whoever's, as the table may read it)."""
    screen = SeatScreen()
    if session.latest_in_effect() is not None:
        screen.undo, screen.undo_secret = undo_words(session, None)
    return screen


def undo_words(session: Session, viewer: str | None) -> tuple[list[Message], bool]:
    """What the latest entry in effect did, worded for `viewer` (None: the table), as an undo
    names what it takes back; and whether those words hold the viewer's own secret."""
    from scorekeeper import rules
    from scorekeeper.errors import RuleViolation
    from scorekeeper.session import NeedHistory

    latest = session.latest_in_effect()
    try:
        before = session.check({"action": "undo"})
    except (NeedHistory, RuleViolation):   # a snapshot without that past: no words for it
        return [], False
    if latest is None or before is None:
        return [], False
    told = rules.outcome(session.game, before, session.state, latest.action)[:1]
    return ([event.for_viewer(viewer) for event in told],
            viewer is not None and any(event.private is not None and event.to == viewer for event in told))


def asks_nothing(game: str, state: GameState, decision: Decision, view: View, seat: str) -> list[dict[str, str]] | None:
    """The hidden fields a decision sends when the rules leave nothing to ask in it (no field,
    or one value in each), or None when something is asked."""
    form = form_of(game, decision, view, seat)
    if form.inputs and not by_buttons(form):
        return None
    form, answers, step = answered(game, state, decision, view, seat, []) if form.inputs else (form, {}, None)
    if step is not None:
        return None
    sent = []
    for name, value in answers.items():
        for item in (value if isinstance(value, list) else [value]):
            sent.append({"field": name, "kind": "item" if isinstance(value, list) else
                         "text" if isinstance(item, str) else "json", "value": value_text(item)})
    return sent


def _actor(game: str, action: Line) -> str | None:
    name = action.get("action")
    field_name = actor_field(game, name) if isinstance(name, str) else None
    named = action.get(field_name) if field_name is not None else None
    return named if isinstance(named, str) else None


def ending_actions(session: Session, seat: str, view: View) -> frozenset[str]:
    """The actions `seat` may send now that would end the game as they stand, with no field
    to fill (PHD's "the deck is empty"): the page asks before sending one."""
    from scorekeeper.errors import RuleViolation

    ending = set()
    for decision, _anytime in seat_decisions(session.game, view, seat):
        if any(c is not FROM_TABLE for c in decision["choices"].values()):
            continue
        action = {"action": decision["action"]}
        field = actor_field(session.game, decision["action"])
        if decision["player"] is not None and field is not None:
            action[field] = seat
        try:
            after = session.rules.apply(session.state, action)
        except RuleViolation:
            continue
        if after.get("over"):
            ending.add(decision["action"])
    return frozenset(ending)
