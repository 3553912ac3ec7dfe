"""The PHD kit as printed: built once through `kit build`, read back from the PDF (pdfplumber)
and the manifest, and checked against the layout files and the rule engine.

What a table relies on: a character card per seat whose two tracks a paper clip can mark
(0..20 in order, at least 5 mm apart, start and ends labelled), every word of every card
on the paper, the blue and orange backs behind their fronts, and the counts the rules ask.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest
import yaml
from game_kits import build_kit, placed, squeeze
from game_kits import component as manifest_component
from game_kits import flat as plain
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.games.phd import layout as game
from kit.parts.track import MIN_STEP_MM
from kit.typography import typeset
from scorekeeper.rules import phd as rules

PT_PER_MM = 72 / 25.4
FOLDER = default_layouts() / "phd"


def flat(text: str) -> str:
    """A layout text as printed (typeset), flattened for comparison with the PDF."""
    return plain(typeset(text))


def printed(text: str, card: dict | None = None) -> str:
    """A layout text as the kit prints it (placeholders filled: the engine's numbers, and the
    card's own data where it is a card's), flattened."""
    values = {**game.engine_values(), **(game.card_data(card) if card else {})}
    return flat(text.format_map(values))


def raw(name: str) -> dict:
    return yaml_file(FOLDER / name)


def character_spec() -> dict:
    """The character cards' entry of kit.yaml as the build reads it (the size in mm)."""
    return game.load(FOLDER.parent).kit["components"]["character-cards"]


def copies(cards: list[dict]) -> int:
    return sum(card.get("count", 1) for card in cards)


class Cell:
    """What one piece of a page holds: its box in mm, its words, its characters.

    Characters are kept in drawing order: text turned along an edge or upside down reads
    correctly there, and a wrapped line leaves no space, hence the comparisons without
    whitespace (`holds`). Each word and character also gets its place in the piece's own
    frame (lx0, lx1, ltop, lbottom in mm) and whether it stands upright on the piece
    (lupright): the imposition may turn a piece a quarter turn clockwise to fit a page."""

    def __init__(self, chars: list[dict], words: list[dict], x: float, y: float, w: float, h: float,
                 turned: bool = False):
        self.x, self.y, self.w, self.h, self.turned = x, y, w, h, turned

        def inside(obj) -> bool:
            cx = (obj["x0"] + obj["x1"]) / 2 / PT_PER_MM
            cy = (obj["top"] + obj["bottom"]) / 2 / PT_PER_MM
            return x <= cx <= x + w and y <= cy <= y + h

        def local(obj: dict) -> dict:
            x0, x1, top, bottom = (obj[k] / PT_PER_MM for k in ("x0", "x1", "top", "bottom"))
            if turned:  # the piece's x runs down the page, its y leftwards from the box's right edge
                box = (top - y, bottom - y, x + w - x1, x + w - x0, not obj["upright"])
            else:
                box = (x0 - x, x1 - x, top - y, bottom - y, obj["upright"])
            return dict(obj, **dict(zip(("lx0", "lx1", "ltop", "lbottom", "lupright"), box)))

        self.words = [local(word) for word in words if inside(word)]
        mine = [local(ch) for ch in chars if inside(ch)]
        self.stream = "".join(ch["text"] for ch in mine)
        self.squeezed = squeeze(self.stream)
        self.along = "".join(ch["text"] for ch in mine if not ch["lupright"])
        self.turned = [ch for ch in mine if not ch["lupright"]]

    def holds(self, text: str) -> bool:
        return squeeze(text) in self.squeezed


def read(out: Path, pdf: pdfplumber.PDF) -> dict:
    """The manifest and, for every component, the cells of its pieces on each sheet: the fronts
    and, aligned with them, the backs (where the manifest says each piece landed)."""
    manifest = json.loads((out / "phd.json").read_text(encoding="utf-8"))
    cells: dict[str, list[tuple[list[Cell], list[Cell]]]] = {}
    seen: dict[int, tuple] = {}

    def objects(number: int) -> tuple:
        # One pass over a page's objects, shared out to the cells by their centres.
        if number not in seen:
            page = pdf.pages[number - 1]
            seen[number] = (page.chars, page.extract_words(x_tolerance=1.2))
        return seen[number]
    for entry in manifest["components"]:
        cells[entry["id"]] = []
        for sheet in placed(manifest, entry["id"]):
            fronts = [Cell(*objects(sheet["front"]), *piece["box"], piece["turned"]) for piece in sheet["pieces"]]
            backs = [Cell(*objects(sheet["back"]), *piece["back_box"], piece["turned"])
                     for piece in sheet["pieces"]
                     if piece["back_box"]] if sheet["back"] else []
            cells[entry["id"]].append((fronts, backs))
    return {"manifest": manifest, "cells": cells}


@pytest.fixture(scope="module")
def built(kit_build, kit_pdf):
    return read(kit_build(games=["phd"]), kit_pdf("phd"))


@pytest.fixture(scope="module")
def partial(tmp_path_factory):
    """The two decks alone, each one design short, so their last page is partly filled and a
    mirrored back lands in another column than its front."""
    root = tmp_path_factory.mktemp("layouts")
    shutil.copytree(FOLDER, root / "phd")
    for name in ("events.yaml", "arguments.yaml"):
        data = raw(name)
        data["cards"].pop()
        (root / "phd" / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = tmp_path_factory.mktemp("partial")
    build_kit(out, "phd", "--layouts", str(root), "--only", "event-cards", "--only", "argument-cards")
    with pdfplumber.open(out / "phd.pdf") as pdf:
        return read(out, pdf)


def component(built, cid: str) -> dict:
    return manifest_component(built["manifest"], cid)


def cells_of(built, cid: str, *, backs: bool | None = None) -> list[list[Cell]]:
    """The component's cells sheet by sheet: its fronts, its backs (aligned with the fronts:
    the i-th back is the i-th front's), or both in turn."""
    sheets = built["cells"][cid]
    if backs is None:
        return [cells for front, back in sheets for cells in (front, back) if cells]
    return [back if backs else front for front, back in sheets]


# --- the manifest -----------------------------------------------------------------------------
def test_manifest_lists_the_components_with_the_counts_the_rules_ask(built):
    entries = {c["id"]: c for c in built["manifest"]["components"]}
    assert list(entries) == ["character-cards", "event-cards", "argument-cards", "chapter-markers", "turn-aid"]
    assert entries["turn-aid"]["count"] == 1
    events, arguments = raw("events.yaml")["cards"], raw("arguments.yaml")["cards"]
    characters = raw("characters.yaml")["characters"]
    assert entries["character-cards"]["count"] == len(characters) == rules.MAX_PLAYERS
    assert entries["event-cards"]["count"] == copies(events) >= rules.MIN_EVENT_CARDS
    assert entries["event-cards"]["designs"] == len(events)
    assert entries["argument-cards"]["count"] == copies(arguments) >= rules.MIN_ARGUMENT_CARDS
    assert entries["argument-cards"]["designs"] == len(arguments)
    assert entries["chapter-markers"]["count"] == rules.MARKERS_PER_PLAYER * rules.MAX_PLAYERS
    assert tuple(entries["character-cards"]["size_mm"]) == character_spec()["size"]
    # The last sheet's back page ends the document, printed or blank.
    assert built["manifest"]["pages"] == built["manifest"]["sheets"][-1]["back"]
    assert built["manifest"]["pages"] - max(c["pages"][1] for c in entries.values()) in (0, 1)


def test_every_type_of_event_is_in_the_deck():
    kinds = {card["type"] for card in raw("events.yaml")["cards"]}
    assert kinds == set(game.EVENT_TYPES)


# --- the character cards and their tracks -----------------------------------------------------
def _track_numbers(cell: Cell, x_from: float, x_to: float) -> list[tuple[int, float]]:
    """(value, centre y in mm) of the upright numbers whose centre lies between x_from and x_to
    (mm from the cell's left edge), bottom first."""
    out = []
    for word in cell.words:
        if not word["text"].isdigit() or not word["lupright"]:
            continue
        cx = (word["lx0"] + word["lx1"]) / 2
        if x_from <= cx <= x_to:
            out.append((int(word["text"]), (word["ltop"] + word["lbottom"]) / 2))
    return sorted(out, key=lambda item: -item[1])


def test_both_tracks_run_from_min_to_max_in_order_with_steps_a_clip_can_mark(built):
    spec = character_spec()
    width = spec["size"][0]
    cells = [cell for page in cells_of(built, "character-cards", backs=False) for cell in page if cell.stream]
    assert len(cells) == rules.MAX_PLAYERS
    expected = list(range(rules.RESOURCE_MIN, rules.RESOURCE_MAX + 1))
    for cell in cells:
        for x_from, x_to in ((0, spec["cell_width"]), (width - spec["cell_width"], width)):
            track = _track_numbers(cell, x_from, x_to)
            assert [value for value, _ in track] == expected
            ys = [y for _, y in track]
            steps = [a - b for a, b in zip(ys, ys[1:])]
            assert min(steps) >= MIN_STEP_MM - 0.05
            # The first and last values sit near the short edges, as kit.yaml places them.
            assert ys[0] == pytest.approx(spec["size"][1] - spec["track_margin"], abs=0.6)
            assert ys[-1] == pytest.approx(spec["track_margin"], abs=0.6)


def test_tracks_are_labelled_start_burnout_bingo_and_by_resource(built):
    spec = character_spec()
    kit = raw("kit.yaml")
    for page in cells_of(built, "character-cards", backs=False):
        for cell in page:
            if not cell.stream:
                continue
            along = cell.along
            assert along.count(flat(spec["start_label"])) == 2
            assert flat(spec["pression_end"]) in along
            assert flat(spec["credit_end"]) in along
            for rid in rules.RESOURCES:
                assert kit["resources"][rid]["name"].upper() in along


def _label_span(cell: Cell, label: str, x_from: float, x_to: float) -> tuple[float, float]:
    """(top, bottom) in mm from the cell's top of a label printed along the edge in the band
    x_from..x_to (mm from the cell's left edge)."""
    band = [ch for ch in cell.turned if x_from <= (ch["lx0"] + ch["lx1"]) / 2 <= x_to]
    text = "".join(ch["text"] for ch in band)
    start = text.index(label)
    chars = band[start:start + len(label)]
    return (min(ch["ltop"] for ch in chars), max(ch["lbottom"] for ch in chars))


def test_start_and_end_labels_sit_beside_their_values(built):
    spec = character_spec()
    width, cw, lw = spec["size"][0], spec["cell_width"], spec["label_width"]
    cells = [cell for page in cells_of(built, "character-cards", backs=False) for cell in page if cell.stream]
    for cell in cells:
        for (x_from, x_to), (b_from, b_to), end in (((0, cw), (cw, cw + lw), spec["pression_end"]),
                                                     ((width - cw, width), (width - cw - lw, width - cw),
                                                      spec["credit_end"])):
            track = dict(_track_numbers(cell, x_from, x_to))
            step = track[rules.RESOURCE_MIN] - track[rules.RESOURCE_MIN + 1]
            top, bottom = _label_span(cell, flat(spec["start_label"]), b_from, b_to)
            assert (top + bottom) / 2 == pytest.approx(track[rules.RESOURCE_START], abs=step / 2)
            # The end label reaches up to the last value's cell, and no further.
            top, bottom = _label_span(cell, flat(end), b_from, b_to)
            assert track[rules.RESOURCE_MAX] - step / 2 - 0.5 <= top <= track[rules.RESOURCE_MAX] + step / 2


def test_character_cards_carry_name_role_flavour_and_their_turn_summary_behind(built):
    cells = [cell for page in cells_of(built, "character-cards", backs=False) for cell in page if cell.stream]
    backs = [cell for page in cells_of(built, "character-cards", backs=True) for cell in page if cell.stream]
    summary = printed(raw("kit.yaml")["components"]["character-cards"]["summary"])
    for character in raw("characters.yaml")["characters"]:
        strings = [printed(character[key]) for key in ("name", "role", "flavour")]
        assert sum(all(cell.holds(s) for s in strings) for cell in cells) == 1
        assert sum(cell.holds(printed(character["name"])) and cell.holds(summary) for cell in backs) == 1
    assert len(backs) == rules.MAX_PLAYERS


def _event_strings(card: dict, kit: dict) -> list[str]:
    labels = kit["labels"]
    out = [card["title"], card["text"], kit["event_types"][card["type"]]["name"].upper()]
    if "postit" in card:
        out.append(card["postit"]["text"])
    for key in ("when", "effect"):
        if key in card:
            out.append(card[key])
    if card["type"] == "challenge":
        out += [str(card["difficulty"]), kit["resources"][card["resource"]]["name"], labels["success"],
                labels["failure"]]
        out += [card[k]["text"] for k in ("success", "failure") if "text" in card[k]]
    if card["type"] == "superviseur":
        outcomes = [card["chapter"]] if "chapter" in card else [line["outcome"] for line in card["roll"]]
        out += [kit["chapter_outcomes"][o]["name"] for o in outcomes]
    return [printed(s, card) for s in out]


def _find(cells: list[Cell], strings: list[str]) -> int:
    """How many cells hold every one of the strings (whitespace aside, in drawing order)."""
    return sum(all(squeeze(s) in cell.squeezed for s in strings) for cell in cells)


def test_every_event_card_text_is_extractable_from_its_cell(built):
    kit = raw("kit.yaml")
    cells = [cell for page in cells_of(built, "event-cards", backs=False) for cell in page]
    for card in raw("events.yaml")["cards"]:
        assert _find(cells, _event_strings(card, kit)) == card.get("count", 1), card["title"]


def test_event_numbers_are_printed_with_their_resource_word(built):
    cells = [cell for page in cells_of(built, "event-cards", backs=False) for cell in page]
    kit = raw("kit.yaml")
    names = {r: kit["resources"][r]["name"] for r in rules.RESOURCES}
    for card in raw("events.yaml")["cards"]:
        expected = []
        if "postit" in card:
            expected.append(flat(typeset(_signed(card["postit"]["value"]))))
        for source in [card] + [card[k] for k in ("success", "failure", "you", "other") if k in card]:
            for rid in rules.RESOURCES:
                if source.get(rid):
                    expected.append(f"{_signed(source[rid])} {names[rid]}")
        assert _find(cells, [printed(card["title"])] + expected) >= 1, (card["title"], expected)


def test_numbers_sit_on_the_same_line_as_their_resource_word(built):
    # Comparisons without whitespace cannot tell « +3 Pression » from a « +3 » far from its
    # word: read the words of the row that holds each change.
    cells = [cell for page in cells_of(built, "event-cards", backs=False) for cell in page]
    names = {r: raw("kit.yaml")["resources"][r]["name"] for r in rules.RESOURCES}
    for card in (c for c in raw("events.yaml")["cards"] if c["type"] == "vie" and c["pression"] and c["credit"]):
        cell = next(cell for cell in cells if cell.holds(printed(card["title"])))
        # The Vous row, in the card's own frame (a card turned a quarter turn reads down the
        # page): the row of the number that also holds a resource's name.
        rows = [sorted((w for w in cell.words if abs(w["ltop"] * PT_PER_MM - number["ltop"] * PT_PER_MM) < 1.0),
                       key=lambda w: w["lx0"])
                for number in cell.words if number["text"] == _signed(card["pression"])]
        texts = max(([w["text"] for w in row] for row in rows), key=lambda t: sum(n in t for n in names.values()))
        pairs = list(zip(texts, texts[1:]))
        for rid in rules.RESOURCES:
            assert (_signed(card[rid]), names[rid]) in pairs, (card["title"], texts)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}"


def test_every_argument_card_shows_title_flavour_value_and_controversy_mark(built):
    kit = raw("kit.yaml")
    cells = [cell for page in cells_of(built, "argument-cards", backs=False) for cell in page]
    only = printed(kit["labels"]["controversy_only"])
    for card in raw("arguments.yaml")["cards"]:
        word = kit["labels"]["bonus" if card["value"] > 0 else "malus"].upper()
        strings = [printed(card["title"]), printed(card["text"]), _signed(card["value"]), word]
        assert _find(cells, strings) == card.get("count", 1), card["title"]
        marked = [cell for cell in cells if all(squeeze(s) in cell.squeezed for s in strings)]
        assert all((squeeze(only) in cell.squeezed) == bool(card.get("controversy")) for cell in marked)
    assert any(card.get("controversy") for card in raw("arguments.yaml")["cards"])


def test_chapter_markers_have_both_faces_in_each_characters_colours(built):
    markers = raw("aids.yaml")["markers"]
    cells = [cell for page in cells_of(built, "chapter-markers") for cell in page if cell.stream]
    assert len(cells) == rules.MARKERS_PER_PLAYER * rules.MAX_PLAYERS
    for cell in cells:
        stream = cell.stream.replace(" ", "")
        for face in ("submitted", "approved"):
            assert flat(markers[face]["title"]).replace(" ", "") in stream


def _turn_aid(built) -> str:
    """The whole turn aid's text, front then back: one piece (issue 47)."""
    sides = [cell for page in cells_of(built, "turn-aid") for cell in page if cell.stream]
    assert len(sides) == 2
    return "".join(cell.squeezed for cell in sides)


def test_the_turn_aid_holds_every_section_on_one_piece(built):
    text = _turn_aid(built)
    for aid in raw("aids.yaml")["turn_aid"]:
        for section in aid["sections"]:
            for key in ("heading", "text"):
                assert squeeze(printed(section[key])) in text, section[key][:40]


def test_engine_numbers_reach_the_aids(built):
    text = _turn_aid(built)
    assert squeeze(f"Gardez au plus {rules.HAND_LIMIT} cartes") in text
    assert squeeze(f"{rules.CHAPTER_COST['pression']} P et {rules.CHAPTER_COST['credit']} C") in text
    assert squeeze(f"{rules.TIMED_POINTS['approved']} par chapitre approuvé") in text


# --- the backs --------------------------------------------------------------------------------
@pytest.mark.parametrize("cid", ["event-cards", "argument-cards"])
def test_each_page_of_fronts_is_followed_by_a_page_of_its_backs(built, cid):
    deck = raw("kit.yaml")["components"][cid]
    fronts, backs = cells_of(built, cid, backs=False), cells_of(built, cid, backs=True)
    assert len(fronts) == len(backs) >= 1
    for front, back in zip(fronts, backs):
        assert len(front) == len(back)
        for f, b in zip(front, back):
            # The back holds the deck's name and the game's, and nothing else.
            assert sorted(b.squeezed) == sorted(squeeze(printed(deck["back_title"]) + "PHD"))
            assert f.stream
            assert not f.holds(printed(deck["back_title"]) + "PHD")


@pytest.mark.parametrize("cid", ["event-cards", "argument-cards"])
def test_backs_are_mirrored_for_a_long_edge_flip(partial, cid):
    # On a partly filled last page the backs must sit in the same rows, columns reversed,
    # so that flipping the sheet on its long edge puts each back behind its own front.
    sheets = placed(partial["manifest"], cid)
    last = sheets[-1]["pieces"]
    assert 0 < len(last) < 9
    moved = 0
    for sheet in sheets:
        for piece in sheet["pieces"]:
            x, y, w, h = piece["box"]
            assert piece["back_box"] == pytest.approx([210 - x - w, y, w, h], abs=0.02)
            moved += abs(piece["back_box"][0] - x) > 1
    assert moved, "a back in the same place as its front would land behind another card"
    # Where the backs land, measured on the page: the same height, and mirrored across the
    # sheet's vertical middle (A4 is 210 mm wide), so flipping on the long edge puts them behind.
    fronts, backs = cells_of(partial, cid, backs=False), cells_of(partial, cid, backs=True)
    for front, back in zip(fronts[-1], backs[-1]):
        assert front.stream
        assert back.stream
        assert back.y == pytest.approx(front.y)
        assert back.x + back.w / 2 == pytest.approx(210 - (front.x + front.w / 2))


def test_single_sided_components_have_no_back_pages(built):
    for cid in ("chapter-markers",):
        for sheet in placed(built["manifest"], cid):
            assert all(piece["back_box"] is None for piece in sheet["pieces"])

# --- standard sizes (issue 47) ------------------------------------------------------------------
@pytest.mark.parametrize("target", ["tgc", "mpc"])
def test_character_cards_are_tarot_cards_the_print_shops_sell(target):
    from kit.build import load_kit
    from kit.export.targets import TARGETS, spec
    from kit.paper import CARD_SIZES

    assert character_spec()["size"] == CARD_SIZES["tarot"]
    characters = next(c for c in load_kit("phd", default_layouts()).components if c.id == "character-cards")
    assert spec(TARGETS[target], characters).product == "tarot"
