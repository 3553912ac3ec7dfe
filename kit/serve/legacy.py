"""TRANSITION: the phone forms of a game whose rules do not yet say what comes next.

Each game's forms were declared here by hand; a game whose rule module gains `pending` and
`anytime` has its forms derived from them (kit/serve/forms.py) and leaves this table. Once
all four have, this module goes.
"""
from __future__ import annotations

from dataclasses import dataclass

from kit.i18n import N_
from kit.serve import forms as derived
from scorekeeper import session as sessions
from scorekeeper.rules import hoc_censeo, phd
from scorekeeper.rules.checks import need_action

# The games' numbers a form's words may name ({seals}), from the rules.
NUMBERS = {"seals": hoc_censeo.SEALS_PER_PORTION, "per_gold": hoc_censeo.SENATORS_PER_GOLD}

# Field kinds (what the input is, what JSON it gives):
#   player      one player's name (a select)         players   a list of names (checkboxes)
#   names       names in order, typed "A, B"          int       a whole number (blank: absent)
#   ints        whole numbers typed "3, -1"           choice    one of `options` (blank: absent)
#   yesno       true or false                         amounts   name -> whole number, per player
#   choices     name -> one of `options`, per player  deltas    key -> signed number, per `options`


@dataclass(frozen=True)
class Field:
    name: str
    kind: str
    label: str
    options: tuple = ()
    required: bool = False
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class OldForm:
    action: str
    title: str
    fields: tuple[Field, ...] = ()
    actor: str | None = None        # the field naming who acts: a seat fills it with itself
    help: str = ""
    danger: bool = False
    button: str = ""                # the submit button's words when not the title


def _player(name: str = "player", label: str = N_("Player")) -> Field:
    return Field(name, "player", label, required=True)


_RESOLVE_FIELDS = (
    Field("colour", "choice", N_("Colour of the motion (when POUR wins)"), hoc_censeo.COLOURS),
    Field("tiebreak", "choice", N_("Tie-break (equal totals)"), hoc_censeo.SIDES),
    Field("order", "names", N_("Order of tied players (magistrate's precedence)")),
    Field("bonus", "choice", N_("Mauve bonus (largest POUR voter's choice)"), hoc_censeo.MAUVE_CHOICES),
    Field("calamity", "choices", N_("Calamity: what each player loses"), hoc_censeo.CALAMITY_CHOICES),
)
_DELTAS = phd.RESOURCES
_ARGUMENTS = (Field("arguments", "ints", N_("Arguments (card values, e.g. 3, 2)"), required=True),
              Field("support", "int", N_("Support"), low=0), Field("opposition", "int", N_("Opposition"), low=0))

FORMS: dict[str, tuple[OldForm, ...]] = {
    "hoc-censeo": (
        OldForm("ballot", N_("Secret ballot"), (
            _player(),
            Field("pour", "int", N_("Senators POUR"), low=0),
            Field("contre", "int", N_("Senators CONTRE"), low=0)),
            actor="player", help=N_("Nobody else sees these numbers."), button=N_("Cast my ballot")),
        OldForm("resolve", N_("Resolve the vote"), _RESOLVE_FIELDS,
             help=N_("Once every ballot is in. Leave a choice blank unless the vote needs it.")),
        OldForm("spend_seals", N_("Spend {seals} seals to colour a portion"), (
            _player(), Field("colour", "choice", N_("Colour"), hoc_censeo.COLOURS, required=True)),
            actor="player", button=N_("Spend {seals} seals")),
        OldForm("buy_senators", N_("Buy senators ({per_gold} per gold)"), (
            _player(), Field("gold", "int", N_("Gold to spend"), required=True, low=1)),
            actor="player", button=N_("Buy senators")),
        OldForm("vote", N_("Open vote (every amount at once)"), (
            Field("pour", "amounts", N_("Senators POUR")),
            Field("contre", "amounts", N_("Senators CONTRE")), *_RESOLVE_FIELDS)),
    ),
    "phd": (
        OldForm("adjust", N_("Adjust Pression and Credit"), (
            _player(), Field("pression", "int", N_("Pression (+/-)")), Field("credit", "int", N_("Credit (+/-)"))),
            actor="player"),
        OldForm("challenge", N_("Challenge"), (
            _player(), Field("resource", "choice", N_("Resource"), phd.RESOURCES, required=True),
            Field("die", "int", N_("Die"), required=True, low=1, high=6),
            Field("difficulty", "int", N_("Difficulty"), required=True),
            Field("modifiers", "ints", N_("Modifiers (e.g. 1, -2)")),
            Field("success", "deltas", N_("On success"), _DELTAS),
            Field("failure", "deltas", N_("On failure"), _DELTAS)),
            actor="player"),
        OldForm("submit", N_("Submit a chapter"), (_player(),), actor="player"),
        OldForm("approve", N_("Approve a chapter"), (_player(),), actor="player"),
        OldForm("controversy", N_("Controversy"), (_player(), *_ARGUMENTS), actor="player"),
        OldForm("revoke", N_("Revoke a chapter"), (_player(),), actor="player"),
        OldForm("defend", N_("Defend the thesis"), (
            _player(), Field("die", "int", N_("Die"), required=True, low=1, high=6), *_ARGUMENTS),
            actor="player"),
        OldForm("deck_empty", N_("The deck is empty (timed game)")),
    ),
    "amphitheatre": (
        OldForm("handshake", N_("Handshake"), (
            _player("speaker", N_("Speaker")), _player("target", N_("Target"))), actor="speaker"),
        OldForm("debate", N_("Debate"), (
            Field("side_a", "players", N_("Side A"), required=True),
            Field("side_b", "players", N_("Side B"), required=True),
            Field("discounted", "players", N_("Discounted")))),
        OldForm("accuse", N_("Accusation"), (
            _player("accuser", N_("Accuser")), _player("accused", N_("Accused")),
            Field("truthful", "yesno", N_("Is the accusation true?"), required=True)), actor="accuser"),
    ),
    "promotion": (
        OldForm("gain", N_("Gain PI"), (_player(), Field("amount", "int", N_("Amount"), required=True, low=1)),
             actor="player"),
        OldForm("lose", N_("Lose PI"), (_player(), Field("amount", "int", N_("Amount"), required=True, low=1)),
             actor="player"),
        OldForm("steal", N_("Steal PI"), (
            _player("thief", N_("Thief")), _player("victim", N_("Victim")),
            Field("amount", "int", N_("Amount"), required=True, low=1)), actor="thief"),
        OldForm("deck_empty", N_("The deck is empty"), (
            Field("hands", "amounts", N_("Cards in hand (only to break a tie)")),)),
    ),
}

def actions(game: str) -> set[str]:
    """Every action of the game: those with a form, and `turn`, guided play's bookmark."""
    return {form.action for form in FORMS.get(game, ())} | ({"turn"} if game != "hoc-censeo" else set())


def seat_actions(game: str) -> dict[str, str]:
    """The actions a seat sends for itself, each with the field naming who acts."""
    return {form.action: form.actor for form in FORMS.get(game, ()) if form.actor is not None}


# The fields naming who performs an action, in every game: a seat may fill them with its own name only.
ACTOR_FIELDS = ("player", "speaker", "thief", "accuser")
CHAIR_ACTIONS = {"resolve": "magistrate"}
CHAIR_REFUSALS = {"resolve": N_("Only the magistrate ({chair}) or the host can resolve the vote.")}


def actor(action: dict) -> str | None:
    for field in ACTOR_FIELDS:
        if field in action:
            return action[field]
    return None


def resolvable(state: dict) -> bool:
    return set(state.get("ballots_cast", ())) == set(state["seating"])


def usable(game: str, state: dict, form: OldForm, seat: str | None) -> bool:
    """Whether a form makes sense now (a Hoc Censeo round is either ballots or one vote)."""
    if game != hoc_censeo.GAME_ID:
        return True
    cast = state.get("ballots_cast", [])
    if form.action == "ballot":
        return seat not in cast if seat else not resolvable(state)
    if form.action == "resolve":
        return resolvable(state)
    if form.action == "vote":
        return not cast
    if seat and form.action == "spend_seals":
        return state["players"][seat]["seals"] >= hoc_censeo.SEALS_PER_PORTION
    if seat and form.action == "buy_senators":
        return state["players"][seat]["gold"] >= 1
    return True


def forms(game: str, state: dict, seat: str | None, skip: tuple = ()) -> list[derived.Form]:
    """The forms the page of `seat` (None: the host) shows, as the old table declared them."""
    shown = []
    for form in FORMS.get(game, ()):
        if seat is None:
            if usable(game, state, form, None):
                names = [n for n in state["players"] if form.action != "ballot" or n not in state.get("ballots_cast", [])]
                shown.append(_converted(form, None, names))
        elif form.actor is not None and usable(game, state, form, seat):
            shown.append(_converted(form, seat, [n for n in state["players"] if n != seat]))
        elif form.action == "resolve" and state.get("magistrate") == seat and resolvable(state):
            shown.append(_converted(form, None, list(state["players"]), skip=skip))
    return shown


def _converted(form: OldForm, seat: str | None, names: list[str], skip: tuple = ()) -> derived.Form:
    inputs = tuple(_input(field, names) for field in form.fields
                   if not (seat is not None and field.name == form.actor) and field.name not in skip)
    return derived.Form(form.action, form.title, seat if form.actor else None, form.actor or "player", inputs,
                        secret=form.action == "ballot" and seat is not None, help=form.help,
                        danger=form.danger, button=form.button, title_values=tuple(NUMBERS.items()))


def _input(field: Field, names: list[str]) -> derived.Input:
    kind = field.kind
    if kind == "int":
        return derived.Input(field.name, field.label, "number", low=field.low, high=field.high)
    if kind in ("player", "choice", "yesno"):
        options = {"player": tuple(names), "choice": field.options, "yesno": (True, False)}[kind]
        return derived.Input(field.name, field.label, "one", options)
    if kind == "players":
        return derived.Input(field.name, field.label, "several", tuple(names))
    if kind == "names":
        return derived.Input(field.name, field.label, "order", tuple(names))
    if kind == "ints":
        return derived.Input(field.name, field.label, "numbers")
    keys = names if kind in ("amounts", "choices") else list(field.options)
    sub = (lambda key: derived.Input(field.name, key, "one", field.options, verbatim=True)) if kind == "choices" \
        else (lambda key: derived.Input(field.name, key, "number", verbatim=kind != "deltas"))
    return derived.Input(field.name, field.label, "group", keys=tuple((key, sub(key)) for key in keys))


# The forms shown open (the round's main steps); the others open with a tap on their title.
OPEN_FORMS = {"ballot", "resolve", "choose"}


def opened(game: str, form: derived.Form) -> bool:
    return form.action in OPEN_FORMS or len(FORMS.get(game, ())) <= 3


def authorise(session: sessions.Session, seat: str, action: dict) -> dict:
    """`action` as `seat` may append it (its own name filled in where missing); Forbidden
    when it acts for someone else or is the host's to take."""
    from kit.serve.table import Forbidden

    name = action["action"]
    if name != sessions.UNDO:   # an unknown action is the rules' refusal, in their words
        need_action(action, session.rules.TITLE, actions(session.game))
    if name == sessions.UNDO:
        latest = session.latest_in_effect()
        if latest is not None and actor(latest.action) == seat:
            return action
        raise Forbidden("{seat} can only undo their own latest entry; ask the host to undo this one.", seat=seat)
    for field in ACTOR_FIELDS:
        if field in action:
            if action[field] != seat:
                raise Forbidden("This page is {seat}'s and cannot act for {other}.", seat=seat, other=str(action[field]))
            return action
    own = seat_actions(session.game).get(name)
    if own is not None:
        return {**action, own: seat}
    chair = CHAIR_ACTIONS.get(name)
    if chair is not None:
        if session.state.get(chair) == seat:
            return action
        raise Forbidden(CHAIR_REFUSALS[name], chair=str(session.state.get(chair)))
    raise Forbidden("Only the host can enter this ({action}); {seat}'s page acts for {seat} alone.",
                    action=name, seat=seat)


def own_entry(game: str, seat: str, action: dict) -> bool:
    named = actor(action)
    return named == seat or (named is None and action.get("action") in seat_actions(game))

