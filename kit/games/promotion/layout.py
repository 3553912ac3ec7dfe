"""Promotion (RULES.md §3): the deck of 100 office cards, the PI tokens and the player aid.

Everything printed comes from layouts/promotion/ (texts, copy counts, colours, symbols);
every number of the rules comes from scorekeeper.rules.promotion. Loading checks what a
designer could get wrong and names the file, the entry and the field:

    cards.yaml   the five types (colour, symbol, when they are played) and the 20 designs;
                 the copies must add up to DECK_SIZE, the designs number DECK_DESIGNS, every
                 type is one of CARD_TYPES and each has at least one design, a Trahison says
                 what it answers (and only a Trahison does).
    aid.yaml     the player aid's sections; the player-count table is drawn from PLAYER_TABLE.
    tokens.yaml  the PI token values and counts; at least MIN_PI_TOKENS tokens.
    game.yaml    the contents-page texts and each component's name, size and instructions.

Every printed text is a "text" field, typeset by kit.schema as it loads (kit.typography).
Texts may hold placeholders: {draw}, {play}, {hand_limit}... are the engine's numbers; a
design's texts write the numbers of what it does (its `does`, in the rules' EFFECTS) as
{gain}, {steal}..., and every text of the kit reaches them as {ID_EFFECT}
({directeur_draw_per_turn}). A number typed by hand in a design's text is a layout error: the
number printed is the number the table applies (kit.deck).

Each design has an id (kit.deck.assign_ids); `deck` gives the deck `kit score new` records in
a session header and the bots play: each card's type, title, copies, `does` and text.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from kit.deck import assign_ids, checked, numbers_from_data
from kit.errors import LayoutError
from kit.games.promotion.pieces import SIZES, AidFace, AidType, CardFace, aid_face, promotion_front, token
from kit.i18n import N_, P_, _, ngettext, printed_language
from kit.model import Component, GameKit, Piece
from kit.parts import icons
from kit.parts.card import card_back
from kit.parts.symbols import PATTERNS
from kit.parts.text import Section
from kit.placeholders import fill
from kit.schema import MAX_COPIES, Field, ListOf, Record, check_distinct, entry_name, layout_dir, load_yaml
from kit.typography import NBSP, ordinal
from scorekeeper.rules import promotion as rules

GAME_ID = "promotion"

# --- schemas ------------------------------------------------------------------------------
TYPE = Record({
    "name": Field(str, choices=rules.CARD_TYPES, doc="one of the rule engine's CARD_TYPES"),
    "colour": Field("colour", doc="the type colour: frame, title band, when box"),
    "symbol": Field("symbol", doc="the vector symbol that doubles the colour"),
    "when": Field("text", min=1, doc="when a card of this type is played, printed on each card"),
    "summary": Field("text", min=1, doc="one line about the type, for the player aid"),
}, name_key="name")

# What a card does (rules.EFFECTS): the data the table applies, the bots play and the card's
# texts print through placeholders.
_EFFECT_KINDS = {"count": lambda: Field(int, min=1, required=False), "flag": lambda: Field(bool, required=False),
                 "cards": lambda: Field(ListOf(str, min_len=1), required=False)}
DOES = Record({name: _EFFECT_KINDS[kind]() for name, (_types, kind) in rules.EFFECTS.items()})

DESIGN = Record({
    "id": Field(str, default="", doc="what sessions, rules and bots name the card by; default: its title's slug"),
    "title": Field("text", min=1, doc="the card's name, printed in the title band"),
    "type": Field(str, choices=rules.CARD_TYPES, doc="one of the rule engine's CARD_TYPES"),
    "copies": Field(int, min=1, max=MAX_COPIES, doc="copies of this design in the deck"),
    "when": Field("text", default="", doc="overrides the type's `when` for this design"),
    "answers": Field("text", default="", doc="Trahisons only: what it answers"),
    "effect": Field("text", min=1, doc="what the card does in PI, cards or Postes"),
    "flavour": Field("text", default="", doc="a line of office satire"),
    "does": Field(DOES, default={}, doc="what the card does, in the rules' EFFECTS; its numbers fill its texts"),
    "notes": Field(str, min=10, doc="why this many copies (not printed)"),
}, name_key="title")

BACK = Record({
    "title": Field("text", min=1),
    "tagline": Field("text", default=""),
    "colour": Field("colour", default="sky"),
    "symbol": Field("symbol", default="ring"),
    "pattern": Field(str, default="dots", choices=PATTERNS),
})

CARDS = Record({
    "types": Field(ListOf(TYPE, min_len=1)),
    "back": Field(BACK),
    "designs": Field(ListOf(DESIGN, min_len=1)),
})

SECTION = Record({"heading": Field("text", min=1), "body": Field("text", min=1)}, name_key="heading")

AID = Record({
    "title": Field("text", min=1),
    "subtitle": Field("text", default=""),
    "table": Field(Record({
        "heading": Field("text", min=1),
        "players": Field("text", min=1),
        "hand": Field("text", min=1),
        "target": Field("text", min=1),
    })),
    "front": Field(ListOf(SECTION, min_len=1)),
    "back": Field(ListOf(SECTION, min_len=1)),
    "types_heading": Field("text", min=1),
})

TOKEN_VALUE = Record({
    "value": Field(int, min=1),
    "copies": Field(int, min=1, max=MAX_COPIES),
    "colour": Field("colour"),
    "symbol": Field("symbol"),
}, name_key="value")

TOKENS = Record({
    "size": Field("size", min=SIZES["pi-tokens"][0], max=SIZES["pi-tokens"][1], doc="a square: 22x22"),
    "label": Field("text", min=1, doc="printed under the value (PI)"),
    "values": Field(ListOf(TOKEN_VALUE, min_len=1)),
})


def _component(cid: str, size_default: str | None) -> Record:
    fields = {"name": Field("text", min=1), "instructions": Field("text", min=1)}
    if size_default is not None:
        smallest, largest = SIZES[cid]
        fields["size"] = Field("size", default=size_default, min=smallest, max=largest,
                               doc="poker, tarot..., WxH or [width, height] in mm")
    return Record(fields)


GAME = Record({
    "summary": Field("text", min=1),
    "bring": Field(ListOf("text"), default=[]),
    "accent": Field("colour", default="blue"),
    "cards": Field(_component("cards", "poker")),
    "pi-tokens": Field(_component("pi-tokens", None)),
    "aid": Field(_component("aid", "95x130")),
})


# --- placeholders ---------------------------------------------------------------------------
def player_table() -> str:
    """The engine's PLAYER_TABLE as a sentence in the printed language, table sizes with the
    same hand and target together: « **2 ou 3 personnes** : 5 cartes en main, 8 PI pour
    gagner ; **4** : … », "**2 or 3 players**: 5 cards in hand, 8 IP to win; **4**: …"."""
    groups: list[list[int]] = []
    for players in sorted(rules.PLAYER_TABLE):
        if groups and rules.PLAYER_TABLE[groups[-1][-1]] == rules.PLAYER_TABLE[players] and groups[-1][-1] == players - 1:
            groups[-1].append(players)
        else:
            groups.append([players])
    sentence = ""
    for n, group in enumerate(groups):
        hand, target = rules.PLAYER_TABLE[group[0]]
        if len(group) == 1:
            seats = f"{group[0]}"
        elif len(group) == 2:
            seats = P_("{first} or {last}").format(first=group[0], last=group[1])
        else:
            seats = P_("{first} to {last}").format(first=group[0], last=group[-1])
        if n == 0:
            sentence = P_("**{seats} players**: {hand} cards in hand, {target} IP to win").format(
                seats=seats, hand=hand, target=target)
        else:
            sentence = P_("{sentence}; **{seats}**: {hand} cards, {target} IP").format(
                sentence=sentence, seats=seats, hand=hand, target=target)
    return sentence


def type_label(name: str) -> str:
    """A card type's name as the cards, the aid and the rules print it, in the printed
    language: the rule engine names the types in French (CARD_TYPES, what the layouts, the
    sessions and the bots write), the English edition prints its own (layouts/GLOSSARY.md)."""
    return {"Attaque": P_("Attack"), "Trahison": P_("Betrayal"), "Avantage": P_("Perk"), "Annonce": P_("Memo"),
            "Poste": P_("Position")}[name]


def engine_values() -> dict[str, object]:
    """The rule engine's numbers, by the placeholder names the layout texts use."""
    closing = rules.MAX_RESHUFFLES + 1
    return {
        "draw": rules.DRAW_PER_TURN,
        "play": rules.PLAY_PER_TURN,
        "hand_limit": rules.END_OF_TURN_HAND_LIMIT,
        "redirections": rules.MAX_REDIRECTIONS,
        "burnout_draw": rules.BURNOUT_DRAW,
        "reshuffles": rules.MAX_RESHUFFLES,
        "closing": ordinal(closing, printed_language()),
        "start_pi": rules.START_PI,
        "deck": rules.DECK_SIZE,
        "designs": rules.DECK_DESIGNS,
        "min_players": rules.MIN_PLAYERS,
        "max_players": rules.MAX_PLAYERS,
        "player_table": player_table(),
    }


# --- loading --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardType:
    name: str
    colour: str
    symbol: str
    when: str
    summary: str


@dataclass(frozen=True)
class Design:
    id: str
    title: str
    type: CardType
    copies: int
    when: str       # filled and spaced
    body: str       # « Répond à : » (Trahisons) and the effect, filled and spaced
    flavour: str
    does: dict[str, Any]      # what it does (rules.EFFECTS): only the effects it has


@dataclass(frozen=True)
class Layout:
    types: dict[str, CardType]
    designs: tuple[Design, ...]
    back: dict[str, Any]
    aid: dict[str, Any]       # texts filled and spaced
    tokens: dict[str, Any]
    game: dict[str, Any]
    values: dict[str, Any]    # every placeholder's value


def _load(folder: Path, stem: str, schema: Record) -> tuple[Path, dict[str, Any]]:
    path = folder / f"{stem}.yaml"
    return path, load_yaml(path, schema)


def _check_cards(path: Path, cards: dict[str, Any]) -> None:
    """The deck's invariants the schema alone cannot state."""
    check_distinct(cards["types"], ("name",), path, "types", "name", why=N_("describe each type once"))
    names = [t["name"] for t in cards["types"]]
    for name in rules.CARD_TYPES:
        if name not in names:
            raise LayoutError(path, "types", "name", _("the type {name} has no entry; every type of the rules ({types}) "
                                                       "needs a colour and a symbol").format(
                                                           name=name, types=", ".join(rules.CARD_TYPES)))
    check_distinct(cards["types"], ("colour", "symbol"), path, "types", "name",
                   why=N_("each type needs its own, so colour and symbol each tell the types apart"))

    designs = cards["designs"]
    check_distinct(designs, ("title",), path, "designs", "title", why=N_("the no-duplicate rule needs distinct names"))
    for i, d in enumerate(designs, start=1):
        where = entry_name("designs", i, d["title"])
        if d["type"] == "Trahison" and not d["answers"].strip():
            raise LayoutError(path, where, "answers", _("a Trahison must say what it answers"))
        if d["type"] != "Trahison" and d["answers"].strip():
            raise LayoutError(path, where, "answers", _("only a Trahison answers something; this card is of the type "
                                                        "{type}").format(type=d["type"]))
    if len(designs) != rules.DECK_DESIGNS:
        raise LayoutError(path, "designs", None, ngettext(
            "the deck has {n} design; the rules want {wanted} different cards",
            "the deck has {n} designs; the rules want {wanted} different cards", len(designs)).format(
                n=len(designs), wanted=rules.DECK_DESIGNS))
    total = sum(d["copies"] for d in designs)
    if total != rules.DECK_SIZE:
        raise LayoutError(path, "designs", "copies", _("the copies add up to {total}; the deck needs exactly {size} "
                                                       "cards").format(total=total, size=rules.DECK_SIZE))
    used = {d["type"] for d in designs}
    for name in rules.CARD_TYPES:
        if name not in used:
            raise LayoutError(path, "designs", "type", _("no design has the type {name}; every type of the rules needs "
                                                         "at least one card").format(name=name))


def _does(design: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in design["does"].items() if value is not None}


def _numbers(does: dict[str, Any]) -> dict[str, Any]:
    """The placeholders of a card's own numbers (not its flags nor the cards it cancels)."""
    return {name: value for name, value in does.items() if type(value) is int}


def _values(cards: dict[str, Any], ids: list[str]) -> dict[str, Any]:
    """Every placeholder of the kit: the engine's numbers and each card's as {ID_EFFECT}."""
    values = engine_values()
    for key, d in zip(ids, cards["designs"]):
        for name, value in _numbers(_does(d)).items():
            values[f"{key.replace('-', '_')}_{name}"] = value
    return values


def text_values(layouts_root: Path) -> dict[str, Any]:
    """What a text of the kit outside the cards may name (the complete rules, kit.rulebook):
    the engine's numbers and each card's own as {ID_EFFECT}."""
    return load(Path(layouts_root)).values


def catalogue(layouts_root: Path) -> list[str]:
    """Every design as the complete rules list it (kit.rulebook), in the deck's order:
    « **Accusation** · Attaque ×8 : La cible vous donne **2 PI**… », its texts as printed."""
    out = []
    for design in load(Path(layouts_root)).designs:
        body = " ".join(part.strip() for part in design.body.split("\n") if part.strip())
        label = P_("{label}:").format(label=f"**{design.title}** · {type_label(design.type.name)} ×{design.copies}")
        out.append(f"{label} {body}")
    return out


def load(layouts_root: Path) -> Layout:
    """Read and check every Promotion layout file under layouts_root/promotion."""
    folder = layout_dir(Path(layouts_root), GAME_ID)
    cards_path, cards = _load(folder, "cards", CARDS)
    _check_cards(cards_path, cards)
    ids = assign_ids(cards["designs"], cards_path, "designs")
    values = _values(cards, ids)

    types = {t["name"]: CardType(t["name"], t["colour"], t["symbol"],
                                 fill(t["when"], values, cards_path, entry_name("types", i, t["name"]), "when"),
                                 fill(t["summary"], values, cards_path, entry_name("types", i, t["name"]), "summary"))
             for i, t in enumerate(cards["types"], start=1)}
    # what the cards do first: a text's placeholders come from it
    checked({"cards": {key: {"type": d["type"], "title": d["title"], "copies": d["copies"], **_does(d)}
                       for key, d in zip(ids, cards["designs"])}},
            GAME_ID, cards_path, "designs", {key: i for i, key in enumerate(ids, start=1)}, rule_data="does")
    designs = []
    for i, (key, d) in enumerate(zip(ids, cards["designs"]), start=1):
        where = entry_name("designs", i, d["title"])
        kind = types[d["type"]]
        does = _does(d)
        own = {**values, **_numbers(does)}
        for field in ("when", "answers", "effect"):
            numbers_from_data(d[field], _numbers(does), cards_path, where, field)
        when = fill(d["when"], own, cards_path, where, "when") if d["when"].strip() else kind.when
        body = fill(d["effect"], own, cards_path, where, "effect")
        if d["answers"].strip():
            label = P_("Answers:")
            body = f"**{label}** {fill(d['answers'], own, cards_path, where, 'answers')}\n\n{body}"
        designs.append(Design(key, d["title"], kind, d["copies"], when, body,
                              fill(d["flavour"], own, cards_path, where, "flavour"), does))

    aid_path, aid = _load(folder, "aid", AID)
    for face in ("front", "back"):
        for i, section in enumerate(aid[face], start=1):
            where = entry_name(face, i, section["heading"])
            section["heading"] = fill(section["heading"], values, aid_path, where, "heading")
            section["body"] = fill(section["body"], values, aid_path, where, "body")
    for key in ("title", "subtitle", "types_heading"):
        aid[key] = fill(aid[key], values, aid_path, None, key)
    aid["table"] = {k: fill(v, values, aid_path, "table", k) for k, v in aid["table"].items()}

    tokens_path, tokens = _load(folder, "tokens", TOKENS)
    width, height = tokens["size"]
    if abs(width - height) > 1e-9:
        raise LayoutError(tokens_path, None, "size", f"a PI token is square, not {width:g} x {height:g} mm; "
                                                     f"write {width:g}x{width:g}")
    count = sum(v["copies"] for v in tokens["values"])
    if count < rules.MIN_PI_TOKENS:
        raise LayoutError(tokens_path, "values", "copies", ngettext(
            "{n} token in all; the game needs at least {least}", "{n} tokens in all; the game needs at least {least}",
            count).format(n=count, least=rules.MIN_PI_TOKENS))
    check_distinct(tokens["values"], ("value",), tokens_path, "values", "value", why=N_("list each value once"))
    if not any(v["value"] == 1 for v in tokens["values"]):
        raise LayoutError(tokens_path, "values", "value", _("no token is worth 1 PI; the Treasury could not pay a "
                                                            "single point"))

    game_path, game = _load(folder, "game", GAME)
    game["summary"] = fill(game["summary"], values, game_path, None, "summary")
    for key in ("cards", "pi-tokens", "aid"):
        game[key]["instructions"] = fill(game[key]["instructions"], values, game_path, key, "instructions")
    game["bring"] = [fill(b, values, game_path, f"bring[{i}]", None) for i, b in enumerate(game["bring"], start=1)]
    return Layout(types, tuple(designs), cards["back"], aid, tokens, game, values)


def _deck(designs: tuple[Design, ...] | list[Design]) -> dict[str, Any]:
    return {"cards": {d.id: {"type": d.type.name, "title": d.title, "copies": d.copies, **d.does,
                             "text": d.body.replace("**", "")} for d in designs}}


def deck(layouts_root: Path) -> dict[str, Any]:
    """The deck a session header records and the bots play (kit.deck): each design by its id,
    with its type, title, copies, what it does and its printed text."""
    return _deck(load(layouts_root).designs)


# --- the player-count table -------------------------------------------------------------------
def player_rows() -> list[tuple[str, int, int]]:
    """PLAYER_TABLE with consecutive counts of the same hand and target merged: ("2–3", 5, 8)."""
    rows: list[tuple[int, int, int, int]] = []  # first, last, hand, target
    for players in sorted(rules.PLAYER_TABLE):
        hand, target = rules.PLAYER_TABLE[players]
        if rows and rows[-1][1] == players - 1 and rows[-1][2:] == (hand, target):
            rows[-1] = (rows[-1][0], players, hand, target)
        else:
            rows.append((players, players, hand, target))
    return [(str(a) if a == b else f"{a}–{b}", hand, target) for a, b, hand, target in rows]


# --- the kit ----------------------------------------------------------------------------------
# The layout files whose schema holds a size (a card's, a board's, a token's diameter), by
# file name: what a designer may resize (tests/helpers/game_sizes.py tries each one).
SIZED_FILES = {"game.yaml": GAME, "tokens.yaml": TOKENS}


def build(layouts_root: Path) -> GameKit:
    """The Promotion kit: cards, PI tokens and one aid per player."""
    data = load(layouts_root)
    game = data.game

    back = data.back
    pictures = icons.load(layouts_root, GAME_ID)
    card_pieces = tuple(
        Piece(label=entry_name("designs", i, d.title),
              front=partial(promotion_front, face=CardFace(title=d.title, type_name=type_label(d.type.name),
                                                           colour=d.type.colour, symbol=d.type.symbol, when=d.when,
                                                           body=d.body, flavour=d.flavour,
                                                           picture=pictures.card(d.id, d.type.name),
                                                           emblem=pictures.types.get(d.type.name))),
              copies=d.copies)
        for i, d in enumerate(data.designs, start=1))
    cards = Component(
        id="cards", name=game["cards"]["name"], kind="card", size=game["cards"]["size"], pieces=card_pieces,
        back=partial(card_back, title=back["title"], subtitle=back["tagline"], colour=back["colour"],
                     symbol=back["symbol"], pattern=back["pattern"], icon=pictures.decks.get("cards")),
        instructions=game["cards"]["instructions"])

    tok = data.tokens
    token_pieces = []
    for v in tok["values"]:
        draw = partial(token, value=v["value"], label=tok["label"], colour=v["colour"], symbol=v["symbol"])
        token_pieces.append(Piece(label=f"pi-tokens: {v['value']} {tok['label']}", front=draw,
                                  copies=v["copies"]))
    # Square, sharing their cuts: a sheet of tokens is cut in strips, then each strip in squares.
    tokens = Component(id="pi-tokens", name=game["pi-tokens"]["name"], kind="token",
                       size=tok["size"], pieces=tuple(token_pieces), shared_cuts=True,
                       instructions=game["pi-tokens"]["instructions"])

    aid = data.aid
    types = tuple(AidType(type_label(t.name), t.colour, t.symbol, t.summary) for t in
                  (data.types[name] for name in rules.CARD_TYPES))
    sections = {face: tuple(Section(s["heading"], s["body"]) for s in aid[face]) for face in ("front", "back")}
    table = aid["table"]
    front = AidFace(title=aid["title"], subtitle=aid["subtitle"], sections=sections["front"],
                    table_heading=table["heading"], table_labels=(table["players"], table["hand"], table["target"]),
                    table_rows=tuple(player_rows()), types_heading=aid["types_heading"], types=types,
                    accent=game["accent"])
    back_face = AidFace(title=aid["title"], subtitle=aid["subtitle"], sections=sections["back"],
                        accent=game["accent"])
    aids = Component(id="aid", name=game["aid"]["name"], kind="aid", size=game["aid"]["size"],
                     pieces=(Piece(label="aid", front=partial(aid_face, face=front, partner=back_face),
                                   copies=rules.MAX_PLAYERS),),
                     back=partial(aid_face, face=back_face, partner=front), instructions=game["aid"]["instructions"],
                     per_player=1)

    return GameKit(
        id=GAME_ID,
        title=rules.TITLE,
        # a catalogue field (kit list, the contents header): plain spaces
        players=P_("{min_players} to {max_players} players").format(
            min_players=rules.MIN_PLAYERS, max_players=rules.MAX_PLAYERS).replace(NBSP, " "),
        seats=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
        components=(cards, tokens, aids),
        bring=tuple(game["bring"]),
        summary=game["summary"],
        accent=game["accent"],
    )
