"""PHD (RULES.md §1): character cards with two clip tracks, two decks, chapter markers, aids.

Everything printed comes from layouts/phd/ (texts, copy counts, colours, symbols, sizes);
every number of the rules comes from scorekeeper.rules.phd. Loading checks what a designer
could get wrong, each error naming the file, the card and the field:

    kit.yaml         contents-page texts, resources and card types (colour + symbol +
                     word), labels, each component's name, size and instructions.
    characters.yaml  one card per possible player (MAX_PLAYERS at least).
    events.yaml      the Événements deck: a type's required numbers present, the fields
                     of other types absent (a post-it on a Challenge is an error), every
                     number within the engine's bounds, die rolls covering each face once.
    arguments.yaml   the Arguments deck: signed values within bounds, never 0.
                     Either deck may be a CSV table instead (events.csv, arguments.csv).
    aids.yaml        chapter marker faces and the turn-aid cards.

Every printed text is a "text" field, typeset by kit.schema as it loads (kit.typography:
no-break spaces before : ; ! ? and inside « », the typographic apostrophe). Texts may hold
placeholders ({hand_limit}, {chapters}...): the engine's numbers, listed in `engine_values`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from functools import partial
from pathlib import Path
from typing import Any, Literal

from kit.deck import assign_ids, numbers_from_data, read_checked
from kit.errors import LayoutError
from kit.games.phd import pieces as art
from kit.i18n import N_, P_, _, ngettext, number
from kit.model import Component, Draw, GameKit, Kind, Piece
from kit.parts import icons
from kit.parts.symbols import PATTERNS
from kit.parts.text import Section
from kit.parts.track import MIN_STEP_MM, Track
from kit.placeholders import fill as fill_values
from kit.placeholders import substitute
from kit.schema import (
    MAX_COPIES,
    Field,
    ListOf,
    Record,
    check_distinct,
    entry_name,
    find,
    layout_dir,
    load_layout,
    load_yaml,
)
from scorekeeper.rules import phd as rules

GAME_ID = rules.GAME_ID

# --- the bounds the engine implies -------------------------------------------------------
# A change can at most sweep the whole track; a modifier (post-it, argument, Coopération)
# never outweighs the die's whole range, or the die would stop mattering; a difficulty
# below the lowest possible total is always won and above the highest never.
SPAN = rules.RESOURCE_MAX - rules.RESOURCE_MIN
MODIFIER_MAX = rules.DIE_MAX
DIFFICULTY_MIN = rules.RESOURCE_MIN + rules.DIE_MIN + 1
DIFFICULTY_MAX = rules.RESOURCE_MAX + rules.DIE_MAX
EVENT_TYPES = rules.CARD_KINDS
OUTCOMES = rules.OUTCOMES

# --- schemas ------------------------------------------------------------------------------
MARK = Record({
    "name": Field("text", min=1, doc="the word printed with the colour"),
    "colour": Field("colour"),
    "symbol": Field("symbol", doc="the vector symbol that doubles the colour"),
})
RESOURCE = MARK


def _component(cid: str, **extra: Field) -> Record:
    smallest, largest = art.SIZES[cid]
    return Record({
        "name": Field("text", min=1),
        "size": Field("size", min=smallest, max=largest, doc="poker, tarot..., WxH or [width, height] in mm"),
        "instructions": Field("text", min=1, doc="French: how to cut, fold, assemble"),
        **extra,
    })


DECK = dict(back_title=Field("text", min=1), back_colour=Field("colour"), back_symbol=Field("symbol"),
            back_pattern=Field(str, choices=PATTERNS, doc="the fill pattern of the back (kit.parts.symbols)"))

KIT = Record({
    "title": Field("text", min=1),
    "players": Field("text", min=1, doc="printed on the contents page; placeholders filled, plain spaces"),
    "summary": Field("text", min=1),
    "bring": Field(ListOf("text", min_len=1)),
    "accent": Field("colour", default="blue"),
    "resources": Field(Record({"pression": Field(RESOURCE), "credit": Field(RESOURCE)})),
    "event_types": Field(Record({t: Field(MARK) for t in EVENT_TYPES})),
    "postit": Field(Record({"colour": Field("colour"), "edge": Field("colour")})),
    "chapter_outcomes": Field(Record({o: Field(Record({"name": Field("text", min=1), "symbol": Field("symbol")}))
                                      for o in OUTCOMES})),
    "chapter_heading": Field("text", min=1),
    "roll_heading": Field("text", min=1),
    "labels": Field(Record({k: Field("text", min=1) for k in (
        "success", "failure", "difficulty", "formula", "you", "other", "modifier", "off_turn",
        "when", "controversy_only", "bonus", "malus", "argument")})),
    "sign_colours": Field(Record({"bonus": Field("colour"), "malus": Field("colour")})),
    "components": Field(Record({
        "character-cards": Field(_component(
            "character-cards",
            track_margin=Field("mm", min=0, doc="from the short edges to the first and last cells' centres"),
            cell_width=Field("mm", min=6, max=20),
            label_width=Field("mm", min=3, max=10),
            start_label=Field("text", min=1),
            pression_end=Field("text", min=1),
            credit_end=Field("text", min=1),
            summary_title=Field("text", min=1),
            summary=Field("text", min=1))),
        "event-cards": Field(_component("event-cards", **DECK)),
        "argument-cards": Field(_component("argument-cards", **DECK)),
        "chapter-markers": Field(_component("chapter-markers")),
        "turn-aid": Field(_component("turn-aid", title=Field("text", min=1, doc="printed in the band of both sides"))),
    })),
})

CHARACTER = Record({
    "name": Field("text", min=1),
    "role": Field("text", min=1),
    "flavour": Field("text", min=1),
    "colour": Field("colour"),
    "symbol": Field("symbol"),
}, name_key="name")
CHARACTERS = Record({"characters": Field(ListOf(CHARACTER, min_len=rules.MAX_PLAYERS))})

DELTA = Field(int, default=0, min=-SPAN, max=SPAN)
CHANGES = Record({"pression": DELTA, "credit": DELTA})
# What a card does to the hands (scorekeeper.rules.phd HandChange): drawn, discarded, by whom.
HAND = Record({
    **{key: Field(int, default=0, min=0, max=rules.HAND_LIMIT, doc=doc) for key, doc in (
        ("draw_events", "Événement cards drawn"), ("draw_arguments", "Argument cards drawn"),
        ("discard", "cards discarded from the hand, the player's choice"))},
    "who": Field(str, default="you", choices=rules.HAND_WHO, doc="you (the card's player) or everyone"),
})
RESULT = Record({"pression": DELTA, "credit": DELTA, "hand": Field(HAND, required=False),
                 "text": Field("text", default="")})
POSTIT = Record({
    "text": Field("text", min=1, doc="the quip on the note"),
    "value": Field(int, min=-MODIFIER_MAX, max=MODIFIER_MAX),
    "resource": Field(str, choices=rules.RESOURCES),
})
ROLL = Record({
    "faces": Field(ListOf(Field(int, min=rules.DIE_MIN, max=rules.DIE_MAX), min_len=2, max_len=2),
                   doc="[first, last] die faces"),
    "outcome": Field(str, choices=OUTCOMES),
})
_OPTIONAL: dict[str, Any] = dict(required=False)
MOMENT = Record({
    "kind": Field(str, choices=rules.MOMENTS, doc="when a Coopération may be played (the rule engine's MOMENTS)"),
    "at": Field(int, min=rules.RESOURCE_MIN, max=rules.RESOURCE_MAX, required=False,
                doc="the threshold of pression-at-least and credit-at-most"),
})
CARD_ID = Field(str, required=False, doc="the card's id for the table (default: the slug of its title)")
EVENT = Record({
    "id": CARD_ID,
    "type": Field(str, choices=EVENT_TYPES),
    "title": Field("text", min=1),
    "text": Field("text", min=1),
    "count": Field(int, default=1, min=1, max=MAX_COPIES),
    "pression": Field(int, min=-SPAN, max=SPAN, **_OPTIONAL),
    "credit": Field(int, min=-SPAN, max=SPAN, **_OPTIONAL),
    "effect": Field("text", **_OPTIONAL),
    "postit": Field(POSTIT, **_OPTIONAL),
    "chapter": Field(str, choices=OUTCOMES, **_OPTIONAL),
    "roll": Field(ListOf(ROLL, min_len=2), **_OPTIONAL),
    "when": Field("text", **_OPTIONAL),
    "moment": Field(MOMENT, **_OPTIONAL),
    "you": Field(CHANGES, **_OPTIONAL),
    "other": Field(CHANGES, **_OPTIONAL),
    "modifier": Field(int, min=-MODIFIER_MAX, max=MODIFIER_MAX, **_OPTIONAL),
    "draw_arguments": Field(int, min=1, max=rules.HAND_LIMIT, **_OPTIONAL,
                            doc="Argument cards drawn by you and by the player the moment concerns"),
    "passes_challenge": Field(bool, **_OPTIONAL, doc="the Challenge at hand goes to the player you name"),
    "cancels_failure": Field(bool, **_OPTIONAL, doc="the failure of the Challenge just lost is undone"),
    "resource": Field(str, choices=rules.RESOURCES, **_OPTIONAL),
    "difficulty": Field(int, min=DIFFICULTY_MIN, max=DIFFICULTY_MAX, **_OPTIONAL),
    "success": Field(RESULT, **_OPTIONAL),
    "failure": Field(RESULT, **_OPTIONAL),
}, name_key="title")
EVENTS = Record({"cards": Field(ListOf(EVENT, min_len=1))})

# Which fields each type needs, and which it may have; anything else is an error. The rule
# data are the rules' (scorekeeper.rules.phd.RULE_DATA and NEEDED, which also check every value
# as the layout loads); the layout adds the texts each type prints, and what its face needs
# written out to print its effects (a C'est la vie's changes, even 0; a Challenge's results).
PRINTED = {"vie": ("effect",), "superviseur": ("effect",), "cooperation": ("when", "effect"), "challenge": ()}
PRINTED_NEEDS = {"vie": ("pression", "credit"), "superviseur": ("pression", "credit"), "cooperation": ("when", "effect"),
                 "challenge": ("success", "failure")}
REQUIRED = {kind: rules.NEEDED[kind] + PRINTED_NEEDS[kind] for kind in EVENT_TYPES}
ALLOWED = {kind: rules.RULE_DATA[kind] + PRINTED[kind] for kind in EVENT_TYPES}
COMMON = ("id", "type", "title", "text", "count")

ARGUMENT = Record({
    "id": CARD_ID,
    "title": Field("text", min=1),
    "text": Field("text", min=1),
    "value": Field(int, min=-MODIFIER_MAX, max=MODIFIER_MAX),
    "controversy": Field(bool, default=False),
    "count": Field(int, default=1, min=1, max=MAX_COPIES),
}, name_key="title")
ARGUMENTS = Record({"cards": Field(ListOf(ARGUMENT, min_len=1))})

FACE = Record({"title": Field("text", min=1), "text": Field("text", min=1), "colour": Field("colour"),
               "symbol": Field("symbol")})
SECTION = Record({"heading": Field("text", min=1), "text": Field("text", min=1)}, name_key="heading")
AIDS = Record({
    "markers": Field(Record({"submitted": Field(FACE), "approved": Field(FACE)})),
    "turn_aid": Field(ListOf(Record({"title": Field("text", min=1), "sections": Field(ListOf(SECTION, min_len=1))},
                                    name_key="title"), min_len=1)),
})


# --- placeholders -----------------------------------------------------------------------------
def engine_values() -> dict[str, object]:
    """The rule engine's numbers, by the placeholder names the layout texts use."""
    # The variants the aid lists beside the default: the default itself is not a variant.
    options = [str(n) for n in rules.CHAPTER_OPTIONS if n != rules.DEFAULT_CHAPTERS]
    return {
        "min_players": rules.MIN_PLAYERS,
        "max_players": rules.MAX_PLAYERS,
        "resource_min": rules.RESOURCE_MIN,
        "resource_max": rules.RESOURCE_MAX,
        "start": rules.RESOURCE_START,
        "cost_pression": rules.CHAPTER_COST["pression"],
        "cost_credit": rules.CHAPTER_COST["credit"],
        "chapters": rules.DEFAULT_CHAPTERS,
        "chapter_options": P_("{options} or {last}").format(options=", ".join(options[:-1]), last=options[-1]),
        "hand_limit": rules.HAND_LIMIT,
        "recherche_max": rules.RECHERCHE_MAX_PER_TURN,
        "markers": rules.MARKERS_PER_PLAYER,
        "start_events": rules.START_HAND["events"],
        "start_arguments": rules.START_HAND["arguments"],
        "draw_events": rules.RECHERCHE_DRAW["events"],
        "draw_arguments": rules.RECHERCHE_DRAW["arguments"],
        "points_approved": rules.TIMED_POINTS["approved"],
        "points_pending": rules.TIMED_POINTS["pending"],
        "controversy_net": rules.CONTROVERSY_NET_TO_WIN,
        "defence_net": rules.DEFENCE_NET_TO_WIN,
        "die_min": rules.DIE_MIN,
        "die_max": rules.DIE_MAX,
    }


def fill(text: str, file: Path, entry: str | None, field: str) -> str:
    """text with the engine's numbers in its {placeholders}, typeset (kit.placeholders.fill)."""
    return fill_values(text, engine_values(), file, entry, field)


# --- the rules a card must follow --------------------------------------------------------
def check_event(card: dict[str, Any], file: Path, entry: str) -> None:
    """A card of one type carries exactly what that type needs and prints something; its
    values are the rules' to check (scorekeeper.rules.phd.card_record, when `load` reads
    the deck)."""
    kind = card["type"]
    for key in REQUIRED[kind]:
        if card[key] is None:
            raise LayoutError(file, entry, key, _("a card of the type {kind} needs {key}").format(kind=f"'{kind}'",
                                                                                              key=f"'{key}'"))
    for key, value in card.items():
        if key not in COMMON and key not in ALLOWED[kind] and value is not None:
            what = {"postit": N_("a card of the type {kind} has no post-it modifier; its fields are {keys}"),
                    "difficulty": N_("a card of the type {kind} has no difficulty; its fields are {keys}")}.get(
                key, N_("a card of the type {kind} has no {key}; its fields are {keys}"))
            raise LayoutError(file, entry, key, _(what).format(kind=f"'{kind}'", key=f"'{key}'",
                                                             keys=", ".join(COMMON + ALLOWED[kind])))
    # a printed card that changes nothing (the rules check the rest: card_record)
    if card["postit"] is not None and card["postit"]["value"] == 0:
        raise LayoutError(file, entry, "postit.value", _("a post-it modifier of 0 changes nothing"))
    if kind == "challenge":
        for key in ("success", "failure"):
            result = card[key]
            if not (result["pression"] or result["credit"] or result["text"].strip()):
                raise LayoutError(file, entry, key, _("the {key} of a challenge must change something").format(
                    key=f"'{key}'"))
            if result["hand"] is not None and not _hand_data(result["hand"]):
                raise LayoutError(file, entry, f"{key}.hand", _("it moves no card in hand; give at least one of "
                                                                "{changes}, or leave hand out").format(
                    changes=", ".join(rules.HAND_CHANGES)))
    if kind == "vie" and not (card["pression"] or card["credit"] or card["effect"]):
        raise LayoutError(file, entry, "pression", _("a « C’est la vie » card must change something"))


def _deck_too_small(total: int, least: int) -> str:
    return ngettext("the deck holds {n} card; it needs at least {least}",
                    "the deck holds {n} cards; it needs at least {least}", total).format(n=total, least=least)


def _check_unique(cards: list[dict[str, Any]], keys: tuple[str, ...], file: Path, base: str, label_key: str = "title") -> None:
    """No two designs alike: the same title or text, case and spacing aside, is a copy-paste mistake."""
    check_distinct(cards, keys, file, base, label_key, normalise=lambda text: " ".join(text.lower().split()),
                   why=N_("use 'count' for copies"))


# --- loading ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    kit: dict[str, Any]
    characters: list[dict[str, Any]]
    events: list[dict[str, Any]]
    arguments: list[dict[str, Any]]
    aids: dict[str, Any]
    folder: Path
    event_ids: tuple[str, ...] = ()
    argument_ids: tuple[str, ...] = ()
    # every design of both decks as the rules read it (scorekeeper.rules.phd.card_record), by id:
    # what the faces print, the header records and the bots play
    cards: dict[str, rules.PhdCard] = dataclass_field(default_factory=dict)


def load(layouts_root: Path | str) -> Layout:
    folder = layout_dir(layouts_root, GAME_ID)
    kit_file = folder / "kit.yaml"
    kit = load_yaml(kit_file, KIT)

    characters = load_yaml(folder / "characters.yaml", CHARACTERS)["characters"]
    _check_unique(characters, ("name", "flavour"), folder / "characters.yaml", "characters", label_key="name")

    events_file = find(folder, "events", table=True)
    events = load_layout(events_file, EVENTS)["cards"]
    for i, card in enumerate(events, start=1):
        check_event(card, events_file, entry_name("cards", i, card["title"]))
    _check_unique(events, ("title", "text"), events_file, "cards")
    total = sum(c["count"] for c in events)
    if total < rules.MIN_EVENT_CARDS:
        raise LayoutError(events_file, None, "cards", _deck_too_small(total, rules.MIN_EVENT_CARDS))
    for kind in EVENT_TYPES:
        if not any(c["type"] == kind for c in events):
            raise LayoutError(events_file, None, "cards", _("no card of the type {kind}: the deck needs all four types")
                              .format(kind=f"'{kind}'"))

    arguments_file = find(folder, "arguments", table=True)
    arguments = load_layout(arguments_file, ARGUMENTS)["cards"]
    _check_unique(arguments, ("title", "text"), arguments_file, "cards")
    total = sum(c["count"] for c in arguments)
    if total < rules.MIN_ARGUMENT_CARDS:
        raise LayoutError(arguments_file, None, "cards", _deck_too_small(total, rules.MIN_ARGUMENT_CARDS))

    event_ids = assign_ids(events, events_file, "cards")
    argument_ids = assign_ids(arguments, arguments_file, "cards")
    for i, (key, card) in enumerate(zip(argument_ids, arguments), start=1):
        if key in event_ids:
            raise LayoutError(arguments_file, entry_name("cards", i, card["title"]), "id",
                              _("{value} is already the id of an event card ({file}); each card needs its own id "
                                "(declare `id` to tell them apart)").format(value=repr(key), file=events_file.name))
    aids = load_yaml(folder / "aids.yaml", AIDS)
    check_symbols(kit, characters, aids, folder)
    # the rule engine reads each card as a session will, once: what it refuses stops the build,
    # and its records are what the faces, the header and the bots take
    records: dict[str, rules.PhdCard] = {}
    for file, ids, cards in ((events_file, event_ids, events), (arguments_file, argument_ids, arguments)):
        deck = {"cards": {key: _rule_card(card, file, i) for i, (key, card) in enumerate(zip(ids, cards), start=1)}}
        records.update(read_checked(rules.deck_records, deck, file, "cards",
                                    {key: i for i, key in enumerate(ids, start=1)}))
    return Layout(kit, characters, events, arguments, aids, folder, tuple(event_ids), tuple(argument_ids), records)


def _rule_card(card: dict[str, Any], file: Path, index: int) -> dict[str, Any]:
    """A design as the session header records it: its type, title, copies, printed texts
    and rule data (scorekeeper.rules.phd, "the deck"), which the rules then read into
    their record of it (card_record)."""
    entry = entry_name("cards", index, card["title"])
    kind = card.get("type", rules.ARGUMENT)
    out: dict[str, Any] = {"type": kind, "title": fill(card["title"], file, entry, "title"), "copies": card["count"],
                           "text": fill(card["text"], file, entry, "text")}
    if kind == rules.ARGUMENT:
        return {**out, "value": card["value"], "controversy": card["controversy"]}
    data = card_data(card)

    def does(value: str, field: str) -> str:     # what the card does: its numbers are its data's
        return does_with(value, field, {})

    def does_with(value: str, field: str, more: dict[str, int]) -> str:
        numbers_from_data(value, {**data, **more}, file, entry, field)
        return fill_values(value, {**engine_values(), **data, **more}, file, entry, field)

    out.update({key: does(card[key], key) for key in ("effect", "when") if card.get(key)})
    note = card.get("postit")
    out.update(_rule_data(card, fill(note["text"], file, entry, "postit.text") if note else ""))
    for key in ("success", "failure"):
        if card.get(key):
            result = card[key]
            out[key] = {r: result[r] for r in rules.RESOURCES if result[r]}
            hand = _hand_data(result.get("hand"))
            if hand:
                out[key]["hand"] = {**hand, **({"who": result["hand"]["who"]} if result["hand"]["who"] != "you" else {})}
            _hand_printed(result["text"], hand, file, entry, key)
            if result["text"]:
                out[key]["text"] = does_with(result["text"], f"{key}.text", hand)
    return out


def _hand_data(hand: dict[str, Any] | None) -> dict[str, int]:
    """A `hand`'s counts as the header records them (the zeros left out), by placeholder name."""
    return {key: hand[key] for key in rules.HAND_CHANGES if hand.get(key)} if hand else {}


def _hand_printed(text: str, hand: dict[str, int], file: Path, entry: str, key: str) -> None:
    """The text printed with a result says each count of its `hand` by its placeholder, so the
    card says what the table applies (a designer who changes the data changes the card)."""
    for count in hand:
        if "{" + count + "}" not in text:
            raise LayoutError(file, entry, f"{key}.hand.{count}", _(
                "the card's {key} moves cards in hand; its text must say so with {placeholder}").format(
                key=f"'{key}'", placeholder="{" + count + "}"))


def _rule_data(card: dict[str, Any], postit_text: str) -> dict[str, Any]:
    """An event design's rule data but a Challenge's results, in the header's order."""
    out: dict[str, Any] = {key: card[key] for key in ("pression", "credit", "chapter", "modifier", "resource",
                                                      "difficulty", "draw_arguments") if card.get(key) is not None}
    out.update({key: True for key in ("passes_challenge", "cancels_failure") if card.get(key)})
    if card.get("postit"):
        note = card["postit"]
        out["postit"] = {"value": note["value"], "resource": note["resource"], "text": postit_text}
    if card.get("roll"):
        out["roll"] = [{"faces": list(line["faces"]), "outcome": line["outcome"]} for line in card["roll"]]
    if card.get("moment"):
        out["moment"] = {k: v for k, v in card["moment"].items() if v is not None}
    out.update({key: {r: v for r, v in card[key].items() if v} for key in ("you", "other")
                if card.get(key) and any(card[key].values())})
    return out


def deck(layouts_root: Path | str) -> dict[str, Any]:
    """The deck a session records (`kit score new`) and the bots play: every design of
    events.yaml and arguments.yaml by its id (SCOREKEEPER.md "Cards at the table"), as the
    rules' records of them write themselves."""
    return {"cards": {key: card.header() for key, card in load(layouts_root).cards.items()}}


def check_symbols(kit: dict[str, Any], characters: list[dict[str, Any]], aids: dict[str, Any], folder: Path) -> None:
    """One meaning per symbol across the kit: a player who sees a shape anywhere (a card's
    band, a footer, a marker, a character) must know what it stands for. The approved
    outcome and the approved marker face are the same meaning, so they share the star."""
    seen: dict[str, tuple[str, str]] = {}   # symbol -> (meaning, where)
    uses = [(kit["resources"][r]["symbol"], f"resource {r}", "kit.yaml", f"resources.{r}.symbol")
            for r in kit["resources"]]
    uses += [(t["symbol"], f"card type {k}", "kit.yaml", f"event_types.{k}.symbol") for k, t in kit["event_types"].items()]
    uses += [(o["symbol"], "chapter approved" if k == "approve" else f"outcome {k}", "kit.yaml",
              f"chapter_outcomes.{k}.symbol") for k, o in kit["chapter_outcomes"].items()]
    uses += [(kit["components"][c]["back_symbol"], f"deck {c}", "kit.yaml", f"components.{c}.back_symbol")
             for c in ("event-cards", "argument-cards")]
    uses += [(m["symbol"], "chapter approved" if k == "approved" else f"marker {k}", "aids.yaml",
              f"markers.{k}.symbol") for k, m in aids["markers"].items()]
    uses += [(c["symbol"], f"character {c['name']}", "characters.yaml", f"characters[{i}].symbol")
             for i, c in enumerate(characters, start=1)]
    for symbol, meaning, file, field in uses:
        if symbol in seen and seen[symbol][0] != meaning:
            raise LayoutError(folder / file, None, field,
                              _("{symbol} already stands for {meaning} ({where}); give each meaning its own symbol")
                              .format(symbol=f"'{symbol}'", meaning=seen[symbol][0], where=seen[symbol][1]))
        seen.setdefault(symbol, (meaning, f"{file}: {field}"))


# --- from layout to faces -------------------------------------------------------------------
def _mark(data: dict[str, Any]) -> art.Mark:
    return art.Mark(data["name"], data["colour"], data["symbol"])


def _changes(changes: rules.Changes | None, resources: dict[rules.Resource, art.Mark]) -> tuple[art.Change, ...]:
    found = changes.header() if changes is not None else {}
    return tuple(art.Change(found[r], resources[r]) for r in rules.RESOURCES if r in found)


# The texts that say what a card does (not its flavour): a number in them is a placeholder
# of the card's data (kit.deck.numbers_from_data).
EFFECT_TEXTS = ("effect", "when", "success.text", "failure.text")


def card_data(card: dict[str, Any]) -> dict[str, int]:
    """The numbers of an event card its texts may print, by placeholder name."""
    data = {key: card[key] for key in ("pression", "credit", "modifier", "difficulty", "draw_arguments")
            if card.get(key) is not None}
    if card.get("moment") and card["moment"].get("at") is not None:
        data["at"] = card["moment"]["at"]
    for key in ("success", "failure"):     # a result's text prints its own counts (its `hand`)
        data.update(_hand_data((card.get(key) or {}).get("hand")))
    return data


def event_face(card: rules.EventCard, layout: Layout) -> art.EventFace:
    """An event card's face, from the rules' record of it (its texts filled in and checked
    as the layout loaded) and the kit's words, colours and symbols."""
    kit = layout.kit
    labels = kit["labels"]
    resources = {r: _mark(kit["resources"][r]) for r in rules.RESOURCES}
    kind = card.type
    face: dict[str, Any] = dict(kind=_mark(kit["event_types"][kind]), title=card.title, text=card.text)
    effects: list[art.Effect] = []
    if card.postit is not None:         # C'est la vie and Superviseur
        note = card.postit
        face["postit"] = art.PostIt(note.text, note.value, resources[note.resource], kit["postit"]["colour"],
                                    kit["postit"]["edge"])
        changes = _changes(rules.Changes(card.pression or 0, card.credit or 0), resources)
        if changes or card.effect:
            effects.append(art.Effect(labels["you"], changes, card.effect))
    if kind == "superviseur":
        face.update(_outcomes(card, kit))
    if kind == "cooperation":
        face["off_turn"] = labels["off_turn"]
        face["when"] = P_("{label}:").format(label=labels["when"]) + " " + card.when
        effects.append(art.Effect("", (), card.effect))
        effects += [art.Effect(labels[who], _changes(changes, resources))
                    for who, changes in (("you", card.you), ("other", card.other)) if _changes(changes, resources)]
        if card.modifier is not None:
            effects.append(art.Effect(labels["modifier"], (art.Change(card.modifier),)))
    if kind == "challenge":
        assert card.resource is not None, "the rules' record of a Challenge has its resource"
        assert card.difficulty is not None, "and its difficulty"
        face["test"] = art.Test(resources[card.resource], card.difficulty, labels["difficulty"], labels["formula"])
        effects += [art.Effect(labels[key], _changes(result.changes, resources), result.text)
                    for key, result in (("success", card.success), ("failure", card.failure)) if result is not None]
    face["effects"] = tuple(effects)
    return art.EventFace(**face)


def _outcomes(card: rules.EventCard, kit: dict[str, Any]) -> dict[str, Any]:
    """A Superviseur's outcome for a submitted chapter: one, or a die roll's."""
    names = kit["chapter_outcomes"]
    rows = [("", card.chapter)] if card.chapter is not None else [
        (f"{line.first}" if line.first == line.last else f"{line.first}\u2013{line.last}", line.outcome)
        for line in card.roll]
    return dict(outcomes=tuple(art.Outcome(faces, names[o]["name"], names[o]["symbol"]) for faces, o in rows),
                chapter_heading=kit["chapter_heading"], roll_heading=kit["roll_heading"])


def argument_face(card: rules.ArgumentCard, layout: Layout) -> art.ArgumentFace:
    """An Argument card's face, from the rules' record of it."""
    kit = layout.kit
    labels = kit["labels"]
    sign = "bonus" if card.value > 0 else "malus"
    deck = kit["components"]["argument-cards"]
    return art.ArgumentFace(
        title=card.title, text=card.text, value=card.value, sign_word=labels[sign],
        sign_colour=kit["sign_colours"][sign], deck=art.Mark(labels["argument"], deck["back_colour"], deck["back_symbol"]),
        controversy=labels["controversy_only"] if card.controversy else "")


def _event(card: rules.PhdCard) -> rules.EventCard:
    assert isinstance(card, rules.EventCard), "events.yaml holds event cards (load checks their types)"
    return card


def _argument(card: rules.PhdCard) -> rules.ArgumentCard:
    assert isinstance(card, rules.ArgumentCard), "arguments.yaml holds Argument cards"
    return card


def tracks(layout: Layout) -> tuple[Track, Track]:
    """The Pression track on the left long edge, the Crédit track on the right one, both
    running rules.RESOURCE_MIN (bottom) .. RESOURCE_MAX (top)."""
    spec = layout.kit["components"]["character-cards"]
    width, height = spec["size"]
    margin = spec["track_margin"]
    out = []
    sides: tuple[tuple[str, Literal["left", "right"], str], ...] = (("pression", "left", "pression_end"),
                                                                   ("credit", "right", "credit_end"))
    for rid, edge, end in sides:
        res = layout.kit["resources"][rid]
        track = Track(first=rules.RESOURCE_MIN, last=rules.RESOURCE_MAX, y_low=height - margin, y_high=margin,
                      edge=edge, name=res["name"], colour=res["colour"], symbol=res["symbol"],
                      start=rules.RESOURCE_START, start_label=spec["start_label"],
                      end_label=spec[end], cell_width=spec["cell_width"], label_width=spec["label_width"])
        if track.step < MIN_STEP_MM:
            raise LayoutError(layout.folder / "kit.yaml", "components.character-cards", "size",
                              _("{values} values along {length} mm give steps of {step} mm; a paper clip needs {least} "
                                "mm (use a taller card or a smaller track_margin)").format(
                                  values=rules.RESOURCE_MAX - rules.RESOURCE_MIN + 1, length=number(height - 2 * margin),
                                  step=number(track.step, decimals=2), least=number(MIN_STEP_MM)))
        out.append(track)
    return out[0], out[1]


# The layout files whose schema holds a size (a card's, a board's, a token's diameter), by
# file name: what a designer may resize (tests/helpers/game_sizes.py tries each one).
SIZED_FILES = {"kit.yaml": KIT}


def build(layouts_root: Path | str) -> GameKit:
    layout = load(layouts_root)
    kit = layout.kit
    folder = layout.folder
    kit_file = folder / "kit.yaml"
    specs = kit["components"]

    def spec_text(cid: str, key: str) -> str:
        return fill(specs[cid][key], kit_file, f"components.{cid}", key)

    # Character cards.
    pression, credit = tracks(layout)
    char_file = folder / "characters.yaml"
    characters = []
    for i, c in enumerate(layout.characters, start=1):
        entry = entry_name("characters", i, c["name"])
        face = art.CharacterFace(
            name=fill(c["name"], char_file, entry, "name"), role=fill(c["role"], char_file, entry, "role"),
            flavour=fill(c["flavour"], char_file, entry, "flavour"), mark=art.Mark(c["name"], c["colour"], c["symbol"]),
            pression=pression, credit=credit, summary_title=spec_text("character-cards", "summary_title"),
            summary=spec_text("character-cards", "summary"))
        characters.append((entry, face))

    # The two decks.
    event_faces = [event_face(_event(layout.cards[key]), layout) for key in layout.event_ids]
    # One title size per card type: each face knows the titles of its type.
    peers = {kind: tuple(f.title for f in event_faces if f.kind.name == kind) for kind in {f.kind.name for f in event_faces}}
    pictures = icons.load(layouts_root, GAME_ID)
    events = [Piece(entry_name("cards", i, card["title"]),
                    partial(art.event_front, face=replace(
                        face, peers=peers[face.kind.name], picture=pictures.card(card_id, card["type"]),
                        kind=replace(face.kind, emblem=pictures.types.get(card["type"])))),
                    copies=card["count"])
              for i, (card, card_id, face) in enumerate(zip(layout.events, layout.event_ids, event_faces), start=1)]
    argument_faces = [argument_face(_argument(layout.cards[key]), layout) for key in layout.argument_ids]
    argument_titles = tuple(f.title for f in argument_faces)
    arguments = [Piece(entry_name("cards", i, card["title"]),
                       partial(art.argument_front, face=replace(
                           face, peers=argument_titles,
                           deck=replace(face.deck, emblem=pictures.decks.get("argument-cards")))),
                       copies=card["count"])
                 for i, (card, face) in enumerate(zip(layout.arguments, argument_faces), start=1)]

    def back(cid: str) -> Draw:
        deck = specs[cid]
        return partial(art.deck_back, title=deck["back_title"], subtitle=kit["title"],
                       mark=art.Mark(deck["back_title"], deck["back_colour"], deck["back_symbol"],
                                     pictures.decks.get(cid)),
                       pattern=deck["back_pattern"])

    # Chapter markers: MARKERS_PER_PLAYER per character, in the character's colour and symbol.
    aids_file = folder / "aids.yaml"
    faces = {}
    for key in ("submitted", "approved"):
        data = layout.aids["markers"][key]
        faces[key] = art.MarkerFace(fill(data["title"], aids_file, f"markers.{key}", "title"),
                                    fill(data["text"], aids_file, f"markers.{key}", "text"),
                                    data["colour"], data["symbol"])
    markers = [Piece(entry_name("characters", i, c["name"]),
                     partial(art.marker_front, submitted=faces["submitted"], approved=faces["approved"],
                             player=art.Mark(c["name"], c["colour"], c["symbol"])),
                     copies=rules.MARKERS_PER_PLAYER)
               for i, c in enumerate(layout.characters, start=1)]

    # At a digital table nothing is folded: each marker is a token, a face on either side.
    marker_tokens = [Piece(entry_name("characters", i, c["name"]),
                           partial(art.marker_face, face=faces["submitted"], player=art.Mark(c["name"], c["colour"],
                                                                                             c["symbol"])),
                           copies=rules.MARKERS_PER_PLAYER,
                           back=partial(art.marker_face, face=faces["approved"],
                                        player=art.Mark(c["name"], c["colour"], c["symbol"])))
                     for i, c in enumerate(layout.characters, start=1)]

    # Turn aids.
    aid_faces = []
    for i, aid in enumerate(layout.aids["turn_aid"], start=1):
        entry = entry_name("turn_aid", i, aid["title"])
        sections = tuple(Section(fill(s["heading"], aids_file, entry, f"sections[{j}].heading"),
                                 fill(s["text"], aids_file, entry, f"sections[{j}].text"))
                         for j, s in enumerate(aid["sections"], start=1))
        aid_faces.append((entry, art.AidFace(fill(aid["title"], aids_file, entry, "title"), sections,
                                             kit["accent"], "")))  # no symbol: each one has a meaning
    group = tuple(face for _, face in aid_faces)
    # The turn aid is one piece, every face of aids.yaml poured over its front and back (issue
    # 47: it was cut in thirds over three character cards' backs); each character card carries
    # its turn in brief on its own back.
    aid_title = spec_text("turn-aid", "title")
    turn_aid = [Piece("turn_aid", partial(art.turn_aid, title=aid_title, faces=group, side=0, colour=kit["accent"]),
                      back=partial(art.turn_aid, title=aid_title, faces=group, side=1, colour=kit["accent"]))]
    character_pieces = [Piece(entry, partial(art.character_front, face=face),
                              back=partial(art.character_back, face=face, colour=kit["accent"]))
                        for entry, face in characters]

    def component(cid: str, kind: Kind, pieces: list[Piece], **extra: Any) -> Component:
        return Component(id=cid, name=spec_text(cid, "name"), kind=kind, size=specs[cid]["size"], pieces=tuple(pieces),
                         instructions=spec_text(cid, "instructions"), **extra)

    components = (
        # Every character's back lies on the same ground to its edges: cut apart a little off
        # the line, a character keeps a sliver of a back like its own.
        component("character-cards", "card", character_pieces, per_player=1, backs_alike_at_edges=True),
        component("event-cards", "card", events, back=back("event-cards")),
        component("argument-cards", "card", arguments, back=back("argument-cards")),
        component("chapter-markers", "token", markers, digital=Component(
            id="chapter-markers", name=spec_text("chapter-markers", "name"), kind="token",
            size=(specs["chapter-markers"]["size"][0], specs["chapter-markers"]["size"][1] / 2),
            pieces=tuple(marker_tokens))),
        component("turn-aid", "card", turn_aid),
    )
    return GameKit(
        id=GAME_ID, title=fill(kit["title"], kit_file, None, "title"),
        players=substitute(kit["players"], engine_values(), kit_file, None, "players"), components=components,
        seats=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
        bring=tuple(fill(b, kit_file, f"bring[{i}]", "bring") for i, b in enumerate(kit["bring"], start=1)),
        summary=fill(kit["summary"], kit_file, None, "summary"), accent=kit["accent"])
