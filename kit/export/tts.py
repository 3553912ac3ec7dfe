"""Tabletop Simulator: card sheets and the saved-object JSON that spawns them.

A deck's faces go on sheets of at most MAX_COLS x MAX_ROWS cells, at most MAX_SIDE
pixels a side. Each sheet keeps its last cell for the hidden face: with BackIsHidden,
TTS shows that cell for a card in another player's hand, so it holds the card's back
(or a blank card when the kit prints the cards single-sided). A card on sheet k at
cell i has CardID = (deck key) x 100 + i, the key being the sheet's entry in CustomDeck.

Tokens, boards, sheets and aids become Custom_Tile objects (round tokens as circles),
in a Bag when the game holds several. A component's secret pieces (kit.model.Component.
secret) go in a deck of face-down cards, named by their component alone, that shuffles
itself as it spawns, to deal into hands; what exists for paper alone is not exported, and a component with a digital form
is exported in that form (kit.export.run.table_form). Every object gets a GUID derived
from its name, so the same export gives the same JSON.
"""
from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

MAX_COLS, MAX_ROWS = 10, 7
MAX_SIDE = 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1      # 69 faces: the last cell is the hidden face
POKER_MM = (63.5, 88.9)                  # a TTS card of scale 1 is a poker card
# Tiles are scaled as if scale 1 were one TTS unit (about an inch) across: their sizes
# relative to each other are exact, and TTS's +/- keys rescale a tile at the table.
TILE_MM = 25.4
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}   # TTS's untinted card colour


@dataclass(frozen=True)
class SheetLayout:
    """One face sheet: its grid and which of the deck's faces it holds."""

    cols: int
    rows: int
    first: int      # index in the deck's faces of the sheet's first cell
    count: int      # faces on the sheet (the hidden face not counted)

    @property
    def hidden_cell(self) -> int:
        return self.cols * self.rows - 1


def layout_sheets(faces: int) -> list[SheetLayout]:
    """The sheets for a deck of `faces` distinct faces, shared evenly, each just large enough
    for its faces (plus its hidden cell), as square as 10 columns allow and with no empty
    row (but a lone card's: TTS reads grids from 2 x 2 up)."""
    sheets = []
    first = 0
    # The faces shared evenly between the sheets they need: no sheet holds a lone last card.
    per_sheet = math.ceil(faces / math.ceil(faces / PER_SHEET)) if faces else PER_SHEET
    while first < faces:
        count = min(per_sheet, faces - first)
        cells = count + 1
        cols = min(MAX_COLS, max(2, math.ceil(math.sqrt(cells * 1.4))))  # wider than tall, like the cards' row
        rows = max(2, math.ceil(cells / cols))   # TTS reads grids from 2 x 2 up
        while rows > MAX_ROWS:
            cols += 1
            rows = math.ceil(cells / cols)
        # As few columns as those rows need: a row left empty is a strip of blank image.
        cols = max(2, math.ceil(cells / rows))
        sheets.append(SheetLayout(cols, rows, first, count))
        first += count
    return sheets


def cell_dpi(trim: tuple[float, float], sheets: list[SheetLayout], dpi: float, max_side: int = MAX_SIDE) -> float:
    """The highest DPI not above `dpi` at which every sheet of the deck fits max_side pixels:
    one cell size for the whole deck, so its cards match."""
    w, h = trim
    cols = max(s.cols for s in sheets)
    rows = max(s.rows for s in sheets)
    return min(dpi, (max_side // cols) * 25.4 / w, (max_side // rows) * 25.4 / h)


# A Tabletop Simulator object as its saved JSON: keys and values are TTS's, of every kind.
TtsObject = dict[str, Any]


def compose(images: list[Image.Image | None], cols: int, rows: int, cell: tuple[int, int]) -> Image.Image:
    """A sheet image: images row by row in cells of `cell` pixels, white where none."""
    from PIL import Image

    sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
    for index, image in enumerate(images):
        if image is None:
            continue
        row, col = divmod(index, cols)
        sheet.paste(image, (col * cell[0], row * cell[1]))
    return sheet


def guid(*parts: object) -> str:
    """A stable 6-hex-digit GUID for an object, from what it is."""
    return hashlib.sha1("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def transform(scale_x: float = 1.0, scale_z: float = 1.0, *, x: float = 0.0,
              face_down: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale_x, 4), "scaleY": 1.0, "scaleZ": round(scale_z, 4)}


def card_scale(trim: tuple[float, float]) -> tuple[float, float]:
    return trim[0] / POKER_MM[0], trim[1] / POKER_MM[1]


def _base(name: str, nickname: str, ident: str, the_transform: dict[str, float], description: str = "") -> TtsObject:
    return {"GUID": ident, "Name": name, "Transform": the_transform, "Nickname": nickname,
            "Description": description, "ColorDiffuse": GREY, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True}


@dataclass(frozen=True)
class DeckSheet:
    key: int            # the sheet's entry in CustomDeck
    face_url: str
    back_url: str
    layout: SheetLayout
    unique_back: bool = False


@dataclass(frozen=True)
class Card:
    nickname: str
    card_id: int
    sheet: DeckSheet
    copies: int


def custom_deck(sheet: DeckSheet) -> TtsObject:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": sheet.layout.cols,
            "NumHeight": sheet.layout.rows, "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}


# A secret deck's cards come in the layout's order (Hoc Censeo's tribes in the rule engine's):
# dealt as spawned, each seat would get the same secret at every game, which everyone at the
# table could learn. So the deck shuffles itself the moment it is spawned.
SHUFFLE_ON_SPAWN = "function onLoad()\n  self.shuffle()\nend\n"


def deck_object(game: str, component: str, nickname: str, cards: list[Card], trim: tuple[float, float],
                description: str = "", *, shuffled: bool = False) -> TtsObject:
    """A Deck holding every copy of every card (a lone Card when the game holds one);
    shuffled: the deck shuffles itself as it spawns (SHUFFLE_ON_SPAWN)."""
    sx, sz = card_scale(trim)
    contained = []
    for card in cards:
        for copy in range(card.copies):
            entry = _base("Card", card.nickname, guid(game, component, card.card_id, copy),
                          transform(sx, sz, face_down=True))
            entry.update({"CardID": card.card_id, "SidewaysCard": False, "HideWhenFaceDown": True,
                          "CustomDeck": {str(card.sheet.key): custom_deck(card.sheet)}})
            contained.append(entry)
    if len(contained) == 1:
        return contained[0] | {"Nickname": cards[0].nickname, "Description": description}
    sheets = {c.sheet.key: c.sheet for c in cards}
    deck = _base("Deck", nickname, guid(game, component, "deck"), transform(sx, sz, face_down=True), description)
    deck.update({"SidewaysCard": False, "HideWhenFaceDown": True,
                 "DeckIDs": [c["CardID"] for c in contained],
                 "CustomDeck": {str(key): custom_deck(sheet) for key, sheet in sorted(sheets.items())},
                 "ContainedObjects": contained})
    if shuffled:
        deck["LuaScript"] = SHUFFLE_ON_SPAWN
    return deck


@dataclass(frozen=True)
class Tile:
    nickname: str
    face_url: str
    back_url: str       # the face again when the piece has no back
    copies: int
    number: int


def tile_objects(game: str, component: str, nickname: str, tiles: list[Tile], trim: tuple[float, float], *,
                 round_: bool, token: bool, description: str = "") -> TtsObject:
    """Custom_Tile objects for boards, sheets, aids and tokens: one tile, or a Bag of them."""
    scale = trim[0] / TILE_MM
    objects = []
    for tile in tiles:
        for copy in range(tile.copies):
            entry = _base("Custom_Tile", tile.nickname, guid(game, component, tile.number, copy), transform(scale, scale))
            entry["CustomImage"] = {
                "ImageURL": tile.face_url, "ImageSecondaryURL": tile.back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": 2 if round_ else 0, "Thickness": 0.1 if token else 0.05,
                               "Stackable": token, "Stretch": False}}
            objects.append(entry)
    if len(objects) == 1:
        return objects[0] | {"Description": description}
    bag = _base("Bag", nickname, guid(game, component, "bag"), transform(), description)
    bag["ContainedObjects"] = objects
    return bag


def saved_object(obj: TtsObject, name: str) -> TtsObject:
    """The file TTS reads from its Saved Objects folder: one object in ObjectStates."""
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [obj]}
