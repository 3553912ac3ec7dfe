"""The forms of every action a page can send, declared once per game.

A `Form` names the action and its fields; pages.py draws it, static/serve.js turns it
back into the action's JSON (each input carries its field name and kind), and table.py
reads `actor` to know which forms a seat may send for itself. The labels are msgids,
translated when drawn.
"""
from __future__ import annotations

from dataclasses import dataclass

from kit.i18n import N_
from scorekeeper.rules import amphitheatre, hoc_censeo, phd

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
class Form:
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

FORMS: dict[str, tuple[Form, ...]] = {
    "hoc-censeo": (
        Form("ballot", N_("Secret ballot"), (
            _player(),
            Field("pour", "int", N_("Senators POUR"), low=0),
            Field("contre", "int", N_("Senators CONTRE"), low=0)),
            actor="player", help=N_("Nobody else sees these numbers."), button=N_("Cast my ballot")),
        Form("resolve", N_("Resolve the vote"), _RESOLVE_FIELDS,
             help=N_("Once every ballot is in. Leave a choice blank unless the vote needs it.")),
        Form("spend_seals", N_("Spend {seals} seals to colour a portion"), (
            _player(), Field("colour", "choice", N_("Colour"), hoc_censeo.COLOURS, required=True)),
            actor="player", button=N_("Spend {seals} seals")),
        Form("buy_senators", N_("Buy senators ({per_gold} per gold)"), (
            _player(), Field("gold", "int", N_("Gold to spend"), required=True, low=1)),
            actor="player", button=N_("Buy senators")),
        Form("vote", N_("Open vote (every amount at once)"), (
            Field("pour", "amounts", N_("Senators POUR")),
            Field("contre", "amounts", N_("Senators CONTRE")), *_RESOLVE_FIELDS)),
    ),
    "phd": (
        Form("adjust", N_("Adjust Pression and Credit"), (
            _player(), Field("pression", "int", N_("Pression (+/-)")), Field("credit", "int", N_("Credit (+/-)"))),
            actor="player"),
        Form("challenge", N_("Challenge"), (
            _player(), Field("resource", "choice", N_("Resource"), phd.RESOURCES, required=True),
            Field("die", "int", N_("Die"), required=True, low=1, high=6),
            Field("difficulty", "int", N_("Difficulty"), required=True),
            Field("modifiers", "ints", N_("Modifiers (e.g. 1, -2)")),
            Field("success", "deltas", N_("On success"), _DELTAS),
            Field("failure", "deltas", N_("On failure"), _DELTAS)),
            actor="player"),
        Form("submit", N_("Submit a chapter"), (_player(),), actor="player"),
        Form("approve", N_("Approve a chapter"), (_player(),), actor="player"),
        Form("controversy", N_("Controversy"), (_player(), *_ARGUMENTS), actor="player"),
        Form("revoke", N_("Revoke a chapter"), (_player(),), actor="player"),
        Form("defend", N_("Defend the thesis"), (
            _player(), Field("die", "int", N_("Die"), required=True, low=1, high=6), *_ARGUMENTS),
            actor="player"),
        Form("deck_empty", N_("The deck is empty (timed game)")),
    ),
    "amphitheatre": (
        Form("handshake", N_("Handshake"), (
            _player("speaker", N_("Speaker")), _player("target", N_("Target"))), actor="speaker"),
        Form("debate", N_("Debate"), (
            Field("side_a", "players", N_("Side A"), required=True),
            Field("side_b", "players", N_("Side B"), required=True),
            Field("discounted", "players", N_("Discounted")))),
        Form("accuse", N_("Accusation"), (
            _player("accuser", N_("Accuser")), _player("accused", N_("Accused")),
            Field("truthful", "yesno", N_("Does the accused's card match the hypothesis?"), required=True)), actor="accuser"),
        Form("hypothesis", N_("Hypothesis"), (
            _player("speaker", N_("Speaker")), _player("target", N_("Challenged player")),
            Field("category", "choice", N_("Category"), amphitheatre.CATEGORIES, required=True)), actor="speaker"),
        Form("counter", N_("State another value (debate)"), (_player(),), actor="player"),
        Form("join", N_("Take a side"), (
            _player(), Field("side", "choice", N_("Side"), amphitheatre.JOIN_SIDES, required=True)), actor="player"),
        Form("revolution", N_("Scientific revolution"), (
            _player(), Field("category", "choice", N_("Category"), amphitheatre.CATEGORIES, required=True)),
            actor="player"),
        Form("draw", N_("Draw a card"), (
            _player(), Field("category", "choice", N_("Category"), amphitheatre.CATEGORIES, required=True)),
            actor="player"),
    ),
    "promotion": (
        Form("gain", N_("Gain PI"), (_player(), Field("amount", "int", N_("Amount"), required=True, low=1)),
             actor="player"),
        Form("lose", N_("Lose PI"), (_player(), Field("amount", "int", N_("Amount"), required=True, low=1)),
             actor="player"),
        Form("steal", N_("Steal PI"), (
            _player("thief", N_("Thief")), _player("victim", N_("Victim")),
            Field("amount", "int", N_("Amount"), required=True, low=1)), actor="thief"),
        Form("deck_empty", N_("The deck is empty"), (
            Field("hands", "amounts", N_("Cards in hand (only to break a tie)")),)),
    ),
}

UNDO = Form("undo", N_("Undo the latest entry"), danger=True)


def forms(game: str) -> tuple[Form, ...]:
    return FORMS.get(game, ())


# Actions guided play records that nobody enters at the table: `turn`, its bookmark of whose
# turn it is. The host may send one (any action); no page offers a form for it.
WITHOUT_FORM = {"phd": {"turn"}, "amphitheatre": {"turn"}, "promotion": {"turn"}}


def actions(game: str) -> set[str]:
    """Every action of the game: those with a form, and those guided play records."""
    return {form.action for form in forms(game)} | WITHOUT_FORM.get(game, set())


def seat_actions(game: str) -> dict[str, str]:
    """The actions a seat sends for itself, each with the field naming who acts: the seat
    may leave it out ("a missing player is the seat's"), or give its own name."""
    return {form.action: form.actor for form in forms(game) if form.actor is not None}
