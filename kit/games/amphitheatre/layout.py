"""Amphithéâtre (RULES.md §2): which pieces the kit prints, from which layout files.

Layout files, in layouts/amphitheatre/:
    game.yaml          contents-page texts, the designer's token table, sizes, counts,
                       and each component's name and French instructions
    players.yaml       the eight boards: faculty name, motto, colour, symbol
    affliction.yaml    one deck per opinion category (the engine's CATEGORIES), each
    anatomie.yaml      with its question, colour, symbol, back pattern and cards
    cause.yaml
    aid.yaml           the player aid, two faces, and the token table's labels

The numbers the boards and the aid print (seats per row, the token table, the capacity,
the player count) come from scorekeeper.rules.amphitheatre. The layout may carry the token
table as the designer wrote it; the build refuses it when it differs from the engine's,
so the printed boards can never disagree with the scorekeeper.
"""
from __future__ import annotations

import unicodedata
from functools import partial
from pathlib import Path
from typing import Any

from kit.errors import LayoutError
from kit.games.amphitheatre import pieces as art
from kit.i18n import P_, _, number
from kit.model import Component, GameKit, Piece
from kit.parts import icons
from kit.parts.symbols import PATTERNS
from kit.parts.text import Section
from kit.placeholders import fill, substitute
from kit.schema import MAX_COPIES, Field, ListOf, Record, check_distinct, entry_name, layout_dir, load_yaml
from scorekeeper.rules import amphitheatre as rules

GAME_ID = "amphitheatre"

COMPONENT_IDS = ("boards", *(f"{c}-cards" for c in rules.CATEGORIES), "spectator-tokens", "speaker-token", "aid")

# --- schemas ----------------------------------------------------------------------------------------
# Every printed text is French, typeset as it loads (kit.typography).
TEXT = Field("text", min=1)

CARD = Record({
    "name": Field("text", min=1, doc="the value argued about, printed large"),
    "flavour": Field("text", min=1, doc="one line in period tone"),
    "copies": Field(int, default=1, min=1, max=MAX_COPIES),
}, name_key="name")

DECK = Record({
    "deck": Field("text", min=1, doc="the category as printed: Affliction, Anatomie, Cause"),
    "question": Field("text", min=1, doc="the question the category answers, under the title band"),
    "colour": Field("colour"),
    "symbol": Field("symbol"),
    "pattern": Field(str, choices=tuple(p for p in PATTERNS if p != "none"), doc="the back's pattern"),
    "back": Field(Record({"motto": TEXT})),
    "cards": Field(ListOf(CARD, min_len=rules.MIN_CARDS_PER_CATEGORY)),
})

BOARD = Record({"name": TEXT, "motto": TEXT, "colour": Field("colour"), "symbol": Field("symbol")},
               name_key="name")
PLAYERS = Record({"boards": Field(ListOf(BOARD, min_len=rules.MAX_PLAYERS, max_len=rules.MAX_PLAYERS))})

SECTION = Record({"heading": TEXT, "body": TEXT}, name_key="heading")
AID = Record({
    "title": TEXT,
    "values": Field("text", min=1, doc="heading of the back's list of every value of each category"),
    "front": Field(ListOf(SECTION, min_len=1)),
    "back": Field(ListOf(SECTION, min_len=1)),
    "table": Field(Record({"heading": TEXT, "row": TEXT, "seats": TEXT, "gain": TEXT, "penalty": TEXT,
                           "note": TEXT})),
    "spectators": Field(Record({"note": TEXT}),
                        doc="the legend of the spectator tokens' silhouettes, on the back"),
})

TABLE_ROW = Record({"row": Field(int), "gain": Field(int, min=0), "penalty": Field(int, min=0)}, name_key="row")
NAMED = Record({"name": TEXT, "instructions": TEXT})
GAME = Record({
    "title": TEXT,
    "players": Field("text", min=1, doc="printed on the contents page; placeholders filled, plain spaces"),
    "summary": TEXT,
    "bring": Field(ListOf(TEXT), default=[]),
    "token_table": Field(ListOf(TABLE_ROW), required=False,
                         doc="optional; when present it must equal the rule engine's TOKEN_TABLE"),
    "board": Field(Record({
        "size": Field("size", min=art.SIZES["boards"][0], max=art.SIZES["boards"][1]), "seat": Field("mm", min=8),
        "doubt_zone": TEXT, "seats_word": TEXT, "fill_hint": TEXT, "row_hint": TEXT,
    })),
    "spectator_tokens": Field(Record({
        "count": Field(int, min=rules.MIN_SPECTATOR_TOKENS, max=MAX_COPIES),
        "size": Field("size", min=(art.SIZES["spectator-tokens"][0],) * 2,
                      max=(art.SIZES["spectator-tokens"][1],) * 2, doc="a square: 15x15"),
        "designs": Field(ListOf(Field(str, choices=art.SPECTATORS), min_len=1)),
    })),
    "speaker_token": Field(Record({"diameter": Field("mm", min=art.SIZES["speaker-token"][0],
                                                     max=art.SIZES["speaker-token"][1]),
                                   "text": TEXT, "subtitle": TEXT})),
    "cards": Field(Record({"size": Field("size", min=art.SIZES["cards"][0], max=art.SIZES["cards"][1]),
                           "footer": TEXT})),
    "aid": Field(Record({"copies": Field(int, min=1, max=MAX_COPIES), "size": Field("size", min=art.SIZES["aid"][0], max=art.SIZES["aid"][1])})),
    "components": Field(Record({cid: Field(NAMED) for cid in COMPONENT_IDS})),
})


# --- the engine's numbers -------------------------------------------------------------------------
def engine_values() -> dict[str, int]:
    """The rule engine's numbers a layout text may name as {placeholders}."""
    numbers = {"capacity": rules.CAPACITY, "rows": len(rules.ROW_SEATS),
               "min_players": rules.MIN_PLAYERS, "max_players": rules.MAX_PLAYERS}
    numbers.update({f"row{i}": n for i, n in enumerate(rules.ROW_SEATS, start=1)})
    numbers.update({f"{key}{row}": amounts[key] for row, amounts in rules.TOKEN_TABLE.items()
                    for key in ("gain", "penalty")})
    return numbers


# --- loading and cross-checks ---------------------------------------------------------------------
def check_token_table(rows: list[dict[str, Any]] | None, file: Path) -> None:
    """The designer's token table, when given, must be the engine's, row for row."""
    if rows is None:
        return
    expected = rules.TOKEN_TABLE
    given = [r["row"] for r in rows]
    if sorted(given) != sorted(expected) or len(set(given)) != len(given):
        raise LayoutError(file, None, "token_table",
                          _("lists rows {given}, but the rule engine (scorekeeper.rules.amphitheatre.TOKEN_TABLE) "
                            "has rows {rows}, each once").format(given=", ".join(map(str, given)),
                                                                 rows=", ".join(map(str, sorted(expected)))))
    for i, r in enumerate(rows, start=1):
        for key in ("gain", "penalty"):
            if r[key] != expected[r["row"]][key]:
                raise LayoutError(file, entry_name("token_table", i, r["row"]), key,
                                  _("says {value} but the rule engine (scorekeeper.rules.amphitheatre.TOKEN_TABLE) says "
                                    "{expected} for row {row}; the boards print the engine's").format(
                                      value=r[key], expected=expected[r["row"]][key], row=r["row"]))


def check_geometry(game: dict[str, Any], file: Path) -> art.Auditorium:
    """Seats must hold a token, stay apart and stay on the board: refuse a size that breaks it."""
    board, token = game["board"], game["spectator_tokens"]
    side, other = token["size"]
    if side != other:
        raise LayoutError(file, "spectator_tokens", "size", _("a spectator token is square, not {side} x {other} mm; "
                                                              "write {side}x{side}").format(side=f"{side:g}",
                                                                                            other=number(other)))
    if side > board["seat"] - 1.0:
        raise LayoutError(file, "spectator_tokens", "size",
                          _("a {side} mm token does not sit in a {seat} mm seat (board.seat); keep the token at least "
                            "1 mm smaller").format(side=number(side), seat=number(board["seat"])))
    width, height = board["size"]
    a = art.auditorium(width, height, rules.ROW_SEATS, board["seat"])
    if a.floor < board["seat"] or any(y > a.cy for s in a.seats for _x, y in art.seat_corners(a, s)):
        raise LayoutError(file, "board", "size", _("at {height} mm high the tiers leave no room for the doubt zone; "
                                                   "make the board taller or the seats smaller").format(
                                                       height=number(height)))
    for s in a.seats:
        xs, ys = zip(*art.seat_corners(a, s))
        if min(xs) < 4 or max(xs) > width - 4 or min(ys) < 4:
            raise LayoutError(file, "board", "size", _("seat {seat} runs off a {width} x {height} mm board; make the "
                                                       "board larger").format(seat=s.number, width=number(width),
                                                                              height=number(height)))
    if art.corner_width(a) < art.HINT_MIN_W:
        raise LayoutError(file, "board", "size", _("at {width} x {height} mm the doubt zone leaves {room} mm beside it "
                                                   "for the hints, under {least}; make the board wider or lower").format(
            width=number(width), height=number(height), room=f"{max(art.corner_width(a), 0):.0f}",
            least=number(art.HINT_MIN_W)))
    for row, _side, x, _radius in art.row_signs(a, board["seat"]):
        if x - art.SIGN_W / 2 < 4 or x + art.SIGN_W / 2 > width - 4:
            raise LayoutError(file, "board", "size", _("the sign beside row {row} runs off a {width} mm wide board; "
                                                       "make the board wider or the seats smaller").format(
                                                           row=row, width=number(width)))
    return a


def load(layouts_root: Path) -> dict[str, Any]:
    """Every layout file of the game, checked, its printed texts typeset and filled."""
    folder = layout_dir(layouts_root, GAME_ID)
    game_file = folder / "game.yaml"
    game = load_yaml(game_file, GAME)
    check_token_table(game["token_table"], game_file)
    check_geometry(game, game_file)

    players_file = folder / "players.yaml"
    players = load_yaml(players_file, PLAYERS)
    check_distinct(players["boards"], ("name", "colour", "symbol"), players_file, "boards", "name")

    decks = {}
    for category in rules.CATEGORIES:
        deck_file = folder / f"{category}.yaml"
        deck = load_yaml(deck_file, DECK)
        check_distinct(deck["cards"], ("name",), deck_file, "cards", "name")
        decks[category] = deck
    # The three backs must tell apart in greyscale: their patterns and symbols differ.
    looks = [dict(deck=d["deck"], pattern=d["pattern"], symbol=d["symbol"]) for d in decks.values()]
    for key in ("deck", "pattern", "symbol"):
        values = [look[key] for look in looks]
        for i, value in enumerate(values):
            if values.index(value) != i:
                category = rules.CATEGORIES[i]
                raise LayoutError(folder / f"{category}.yaml", None, key,
                                  _("{value} is also the {key} of {file}; each deck needs its own so the backs differ "
                                    "without colour").format(value=f"'{value}'", key=f"'{key}'",
                                                             file=f"{rules.CATEGORIES[values.index(value)]}.yaml"))

    aid_file = folder / "aid.yaml"
    aid = load_yaml(aid_file, AID)
    numbers = engine_values()
    for face in ("front", "back"):
        for i, section in enumerate(aid[face], start=1):
            entry = entry_name(face, i, section["heading"])
            section["heading"] = fill(section["heading"], numbers, aid_file, entry, "heading")
            section["body"] = fill(section["body"], numbers, aid_file, entry, "body")
    for group in ("table", "spectators"):
        for key, value in aid[group].items():
            aid[group][key] = fill(value, numbers, aid_file, group, key)
    aid["title"] = fill(aid["title"], numbers, aid_file, None, "title")
    aid["values"] = fill(aid["values"], numbers, aid_file, None, "values")
    game["players"] = substitute(game["players"], numbers, game_file, None, "players")
    return {"game": game, "players": players, "decks": decks, "aid": aid, "folder": folder}


# --- the kit ----------------------------------------------------------------------------------------
def _alphabetical(name: str) -> str:
    """A dictionary's order: accents and case ignored, a leading article too (French or English)."""
    plain = "".join(c for c in unicodedata.normalize("NFD", name.casefold()) if not unicodedata.combining(c))
    for article in ("le ", "la ", "les ", "l'", "l\u2019", "the "):
        if plain.startswith(article):
            return plain[len(article):]
    return plain


def _spectator_name(design: str) -> str:
    """A silhouette's name as the aid's legend prints it, in the printed language (the
    designs are ids in game.yaml and pieces.SPECTATORS)."""
    names = {"perruque": P_("Wig"), "tricorne": P_("Tricorn"), "bonnet": P_("Cap"), "coiffe": P_("Bonnet")}
    return names.get(design) or design[0].upper() + design[1:]


def _split(total: int, parts: int) -> list[int]:
    """total shared between parts as evenly as possible, the first ones taking the remainder."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


# The layout files whose schema holds a size (a card's, a board's, a token's diameter), by
# file name: what a designer may resize (tests/helpers/game_sizes.py tries each one).
SIZED_FILES = {"game.yaml": GAME}


def build(layouts_root: Path) -> GameKit:
    data = load(Path(layouts_root))
    game, aid = data["game"], data["aid"]
    title = game["title"]
    info = game["components"]

    def component(cid: str, **kwargs: Any) -> Component:  # the Component's other fields
        return Component(id=cid, name=info[cid]["name"], instructions=info[cid]["instructions"], **kwargs)

    components = []

    board = game["board"]
    labels = aid["table"]
    boards: list[Piece] = []
    # Each board carries the aid's rules on its back, so every player has them with no sheet
    # of their own; the whole aid (its values and its table too) lies at each end of the table.
    rules_face = partial(art.draw_aid_front, title=aid["title"], game=title,
                         sections=tuple(Section(s["heading"], s["body"]) for s in aid["front"]), page="")
    for i, p in enumerate(data["players"]["boards"], start=1):
        text = art.BoardText(
            name=p["name"], motto=p["motto"], colour=p["colour"], symbol=p["symbol"],
            doubt_zone=board["doubt_zone"], token=game["spectator_tokens"]["size"][0],
            row_label=labels["row"], gain_label=labels["gain"], penalty_label=labels["penalty"],
            seats_label=board["seats_word"], fill_hint=board["fill_hint"], row_hint=board["row_hint"],
            row_seats=tuple(rules.ROW_SEATS),
            token_table={row: dict(v) for row, v in rules.TOKEN_TABLE.items()}, seat=board["seat"])
        boards.append(Piece(entry_name("boards", i, p["name"]), front=partial(art.draw_board, b=text),
                            back=rules_face))
    components.append(component("boards", kind="board", size=board["size"], per_player=1,
                                pieces=tuple(boards)))

    cards = game["cards"]
    pictures = icons.load(layouts_root, GAME_ID)
    for category, deck in data["decks"].items():
        look = art.DeckLook(title=deck["deck"], question=deck["question"], colour=deck["colour"],
                            symbol=deck["symbol"], pattern=deck["pattern"], motto=deck["back"]["motto"],
                            footer=cards["footer"], game=title, emblem=pictures.decks.get(f"{category}-cards"))
        pieces = tuple(
            Piece(entry_name("cards", i, c["name"]), copies=c["copies"],
                  front=partial(art.draw_card_front, deck=look, name=c["name"], flavour=c["flavour"]))
            for i, c in enumerate(deck["cards"], start=1))
        components.append(component(f"{category}-cards", kind="card", size=cards["size"],
                                    pieces=pieces, back=partial(art.draw_card_back, deck=look)))

    tokens = game["spectator_tokens"]
    pieces = tuple(
        Piece(entry_name("spectator_tokens.designs", i, design), copies=n,
              front=partial(art.draw_spectator, design=design))
        for i, (design, n) in enumerate(zip(tokens["designs"], _split(tokens["count"], len(tokens["designs"]))),
                                        start=1))
    # Square tokens, cut straight in strips then squares. Single-sided: a spectator moves
    # from zone to zone but is never turned over, so its back stays blank.
    components.append(component("spectator-tokens", kind="token", size=tokens["size"], pieces=pieces))

    speaker = game["speaker_token"]
    face = partial(art.draw_speaker, text=speaker["text"], subtitle=speaker["subtitle"], game=title)
    # A disc printed inside a square: the token is cut with two straight cuts, no scissors.
    components.append(component("speaker-token", kind="token", size=(speaker["diameter"],) * 2,
                                pieces=(Piece(f"speaker_token « {speaker['text']} »", front=face),)))

    table = art.TokenTableText(
        heading=labels["heading"], row=labels["row"], seats=labels["seats"], gain=labels["gain"],
        penalty=labels["penalty"], note=labels["note"],
        rows=tuple((row, rules.ROW_SEATS[row - 1], v["gain"], v["penalty"]) for row, v in rules.TOKEN_TABLE.items()))
    # The back lists every value of each category, in alphabetical order: an accusation
    # needs the exact value, and nobody should have to name one they have never seen.
    values = art.ValuesText(aid["values"], tuple(
        art.ValueList(deck["deck"], deck["colour"], deck["symbol"],
                      tuple(sorted({c["name"] for c in deck["cards"]}, key=_alphabetical)))
        for deck in data["decks"].values()))
    # The four silhouettes say nothing of the rules: the legend says so, each drawn and named.
    legend = art.SpectatorLegend(aid["spectators"]["note"],
                                 tuple((design, _spectator_name(design)) for design in tokens["designs"]))
    front = tuple(Section(s["heading"], s["body"]) for s in aid["front"])
    back = tuple(Section(s["heading"], s["body"]) for s in aid["back"])
    components.append(component("aid", kind="aid", size=game["aid"]["size"], pieces=(Piece(
        f"aid « {aid['title']} »", copies=game["aid"]["copies"],
        front=partial(art.draw_aid_front, title=aid["title"], game=title, sections=front),
        back=partial(art.draw_aid_back, title=aid["title"], game=title, sections=back, table=table,
                     values=values, legend=legend)),)))

    return GameKit(id=GAME_ID, title=title, players=game["players"], components=tuple(components),
                   seats=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
                   bring=tuple(game["bring"]), summary=game["summary"],
                   accent=art.FADED)
