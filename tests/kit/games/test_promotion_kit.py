"""The Promotion kit as printed: built once through `kit build`, read back from the PDF
(pdfplumber) and the manifest, and checked against the layout files and the rule engine.

What a table relies on: 100 cards of 20 designs whose words are all on the paper, enough PI
tokens of 1 and 5 on both faces, one aid per seat whose player-count table is the engine's,
and layout mistakes reported with file, entry, field. (Glyphs: tests/engine/test_glyphs.py.)
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from game_kits import build_kit, component, flat, piece_text, placed, squeeze
from refusals import problem_of
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.errors import LayoutError
from kit.games.promotion import layout as game
from kit.typography import typeset
from scorekeeper.rules import promotion as rules

PT_PER_MM = 72 / 25.4
LAYOUTS = default_layouts()
FOLDER = LAYOUTS / "promotion"


def raw(name: str) -> dict:
    return yaml_file(FOLDER / name)


def _cells(page, pieces: list[dict], side: str) -> list[str]:
    """The text of each piece on this page (its front or its back box), read apart from its neighbours."""
    # Only the characters matter; dropping the shapes first (the backs' dot pattern has
    # thousands) keeps each crop fast.
    page = page.filter(lambda obj: obj.get("object_type") == "char")
    return [piece_text(page, p["box" if side == "front" else "back_box"], p["turned"]) for p in pieces]


@pytest.fixture(scope="module")
def built(kit_build, kit_pdf):
    """The manifest and, for each component on each sheet, the text of its pieces' fronts
    (side "front") and of their backs (side "back"), where the manifest says they landed."""
    manifest = json.loads((kit_build(games=["promotion"]) / "promotion.json").read_text(encoding="utf-8"))
    pages = []
    pdf = kit_pdf("promotion")
    for c in manifest["components"]:
        for n, sheet in enumerate(placed(manifest, c["id"])):
            pages.append({"owner": c["id"], "side": "front",
                          "cells": _cells(pdf.pages[sheet["front"] - 1], sheet["pieces"], "front")})
            backs = [p for p in sheet["pieces"] if p["back_box"]]
            # Every card back is the same drawing, and parsing its pattern is slow: the
            # first page of them stands for all.
            if backs and (c["id"] != "cards" or n == 0):
                pages.append({"owner": c["id"], "side": "back",
                              "cells": _cells(pdf.pages[sheet["back"] - 1], backs, "back")})
    return manifest, pages


def pages_of(pages: list, cid: str, side: str | None = None) -> list:
    return [p for p in pages if p["owner"] == cid and side in (None, p["side"])]


# --- the manifest and the kit ----------------------------------------------------------------------
def test_manifest_counts_match_the_rules(built):
    manifest, _ = built
    assert [c["id"] for c in manifest["components"]] == ["cards", "pi-tokens", "aid"]
    cards = component(manifest, "cards")
    assert (cards["count"], cards["designs"]) == (rules.DECK_SIZE, rules.DECK_DESIGNS) == (100, 20)
    assert cards["kind"] == "card"
    tokens = component(manifest, "pi-tokens")
    assert tokens["count"] >= rules.MIN_PI_TOKENS
    assert tokens["count"] == sum(v["copies"] for v in raw("tokens.yaml")["values"])
    assert component(manifest, "aid")["count"] == rules.MAX_PLAYERS


def test_layout_copies_add_up_and_every_type_of_the_rules_is_used():
    designs = raw("cards.yaml")["designs"]
    assert sum(d["copies"] for d in designs) == rules.DECK_SIZE
    assert len({d["title"] for d in designs}) == len(designs) == rules.DECK_DESIGNS
    assert {d["type"] for d in designs} == set(rules.CARD_TYPES)
    # The names the seed gives keep their roles.
    by_title = {d["title"]: d for d in designs}
    assert by_title["Directeur"]["type"] == by_title["Stagiaire"]["type"] == "Poste"
    assert by_title["Serveur en panne"]["type"] == "Trahison"
    assert "Accusation" in by_title["Serveur en panne"]["answers"]
    assert by_title["Accusation"]["type"] == "Attaque"
    for d in designs:
        assert len(d["notes"].split()) >= 8, f"{d['title']}: the copy count is not justified"
        assert bool(d.get("answers")) == (d["type"] == "Trahison"), d["title"]


def test_kit_texts_and_components():
    kit = game.build(LAYOUTS)
    assert kit.title == "Promotion" == rules.TITLE
    assert kit.players == "2 à 8 personnes" == f"{rules.MIN_PLAYERS} à {rules.MAX_PLAYERS} personnes"
    assert kit.summary
    assert kit.bring
    for c in kit.components:
        assert len(c.instructions.split()) >= 8, c.id
    cards, tokens, aid = kit.components
    assert cards.back is not None, "one shared back"
    assert all(p.back is None for p in cards.pieces), "one shared back"
    assert not tokens.has_backs, "a PI token is never turned over: blank back"
    # Square, sharing their cuts: strips, then squares, never scissors round a circle.
    assert not tokens.round
    assert tokens.shared_cuts
    assert tokens.size[0] == tokens.size[1]
    assert {p.label for p in tokens.pieces} == {f"pi-tokens: {v} PI" for v in (1, 5)}
    assert aid.back is not None


def test_kit_and_aid_texts_retype_no_number():
    # The cards' instructions said « Les 100 cartes » in words of their own: the deck size
    # belongs to the rule engine, so texts name it through {deck} like the aid does.
    texts = [v["instructions"] for v in raw("game.yaml").values() if isinstance(v, dict) and "instructions" in v]

    def strings(node):
        if isinstance(node, dict):
            return [s for v in node.values() for s in strings(v)]
        if isinstance(node, list):
            return [s for v in node for s in strings(v)]
        return [node] if isinstance(node, str) else []
    texts += strings(raw("aid.yaml"))
    retyped = [t for t in texts if re.search(r"\d", re.sub(r"\{[^}]*\}|\*\*\d\.", "", t))]
    assert retyped == []
    cards = next(c for c in game.build(LAYOUTS).components if c.id == "cards")
    assert re.search(rf"Les {rules.DECK_SIZE}\s+cartes", cards.instructions)


# --- what is printed -----------------------------------------------------------------------------------
def test_every_design_can_be_read_back_from_its_cards(built):
    manifest, pages = built
    printed = [cell for p in pages_of(pages, "cards", "front") for cell in p["cells"]]
    layout = game.load(LAYOUTS)
    for d in layout.designs:
        parts = (d.title, d.type.name.upper(), d.when, d.body, d.flavour)
        expected = [squeeze(part) for part in parts]
        holding = [cell for cell in printed if all(part in squeeze(cell) for part in expected)]
        assert len(holding) == d.copies, f"{d.title}: {len(holding)} readable cards for {d.copies} copies"
    # The raw layout words too, so a filling bug cannot hide a design: each effect's words appear.
    text = " ".join(printed)
    for d in raw("cards.yaml")["designs"]:
        words = re.findall(r"[^\s*]+", typeset(re.sub(r"\{\w+\}", " ", d["effect"])))
        assert all(w.strip(".,;:!?()") in text for w in words), d["title"]


def test_the_shared_back_is_on_every_back_page(built):
    _, pages = built
    backs = pages_of(pages, "cards", "back")
    assert backs
    tagline = flat(typeset(raw("cards.yaml")["back"]["tagline"]))
    for page in backs:
        filled = [c for c in page["cells"] if c]
        assert filled
        assert all(tagline in c for c in filled)


def test_pi_tokens_show_their_value_and_leave_their_backs_blank(built):
    # A PI token changes hands but is never turned over: its back costs no ink.
    manifest, pages = built
    values = {v["value"]: v["copies"] for v in raw("tokens.yaml")["values"]}
    assert {1, 5} <= set(values)
    cells = [c for p in pages_of(pages, "pi-tokens", "front") for c in p["cells"] if c]
    assert sorted(cells) == sorted(f"{v} PI" for v, n in values.items() for _ in range(n))
    assert not pages_of(pages, "pi-tokens", "back")
    assert all(p["back_box"] is None for sheet in placed(manifest, "pi-tokens") for p in sheet["pieces"])


def test_pi_tokens_touch_their_neighbours_so_one_cut_parts_two(built):
    """Square tokens with shared cut lines: within a block each token's right edge is its
    right neighbour's left edge and its bottom edge the top of the one below."""
    manifest, _ = built
    for sheet in placed(manifest, "pi-tokens"):
        boxes = {(round(p["box"][0], 2), round(p["box"][1], 2)): p["box"] for p in sheet["pieces"]
                 if p["component"] == "pi-tokens"}
        side = next(iter(boxes.values()))[2]
        assert all(b[2] == b[3] == side for b in boxes.values())
        alone = [xy for xy in boxes
                 if not any((round(xy[0] + dx, 2), round(xy[1] + dy, 2)) in boxes
                            for dx, dy in ((side, 0), (-side, 0), (0, side), (0, -side)))]
        assert not alone
        assert len(boxes) > 1


def test_aid_table_is_the_engines_player_table(built):
    _, pages = built
    fronts = [c for p in pages_of(pages, "aid", "front") for c in p["cells"] if c]
    assert len(fronts) == rules.MAX_PLAYERS
    labels = raw("aid.yaml")["table"]
    for aid in fronts:
        assert all(flat(labels[k]) in aid for k in ("players", "hand", "target"))
        table = {}
        for first, last, hand, target in re.findall(r"(?<![\d×])(\d)(?:–(\d))? (\d) (\d)(?!\d)", aid):
            for players in range(int(first), int(last or first) + 1):
                table[players] = (int(hand), int(target))
        assert table == rules.PLAYER_TABLE


def test_aid_faces_print_every_section_with_the_engines_numbers(built):
    _, pages = built
    layout = game.load(LAYOUTS)
    for face in ("front", "back"):
        cells = [c for p in pages_of(pages, "aid", face) for c in p["cells"] if c]
        assert len(cells) == rules.MAX_PLAYERS
        for section in layout.aid[face]:
            assert all(squeeze(section["heading"]) in squeeze(c) and squeeze(section["body"]) in squeeze(c)
                       for c in cells), section["heading"]
    back = " ".join(c for p in pages_of(pages, "aid", "back") for c in p["cells"])
    front = " ".join(c for p in pages_of(pages, "aid", "front") for c in p["cells"])
    # The turn on the front (its end keeps the hand limit), the rules met now and then on the back.
    assert squeeze(f"au plus {rules.END_OF_TURN_HAND_LIMIT} cartes en main") in squeeze(front)
    for number in (rules.MAX_REDIRECTIONS, rules.BURNOUT_DRAW, rules.MAX_RESHUFFLES):
        assert str(number) in back
    for name in rules.CARD_TYPES:
        assert name in front


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_aids_fill_a_sheet_on_either_paper(tmp_path, paper):
    # 96 x 130 mm aids, two across touching and two down: the eight aids take two sheets.
    manifest = build_kit(tmp_path, "promotion", "--paper", paper, "--only", "aid")
    counts = [len(sheet["pieces"]) for sheet in placed(manifest, "aid")]
    assert sum(counts) == rules.MAX_PLAYERS
    assert counts == [4, 4]


# --- layout errors ----------------------------------------------------------------------------------
@pytest.fixture
def layouts_copy(tmp_path):
    shutil.copytree(FOLDER, tmp_path / "promotion")
    return tmp_path


def edit(root: Path, name: str, change) -> None:
    path = root / "promotion" / name
    data = yaml_file(path)
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_copies_not_adding_up_name_file_entry_and_field(layouts_copy):
    edit(layouts_copy, "cards.yaml", lambda d: d["designs"][0].update(copies=d["designs"][0]["copies"] + 1))
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    e = error.value
    assert e.file.endswith("cards.yaml")
    assert e.entry == "designs"
    assert e.field == "copies"
    assert e.problem == f"the copies add up to {rules.DECK_SIZE + 1}; the deck needs exactly {rules.DECK_SIZE} cards"


def test_unknown_type_names_file_entry_and_field(layouts_copy):
    edit(layouts_copy, "cards.yaml", lambda d: d["designs"][4].update(type="Attack"))
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    e = error.value
    assert e.file.endswith("cards.yaml")
    assert e.entry == "designs[5] « Accusation »"
    assert e.field == "type"
    assert problem_of(e) == "expected one of Attaque, Trahison, Avantage, Annonce, Poste; got 'Attack'"


def test_unknown_key_lists_the_accepted_ones(layouts_copy):
    edit(layouts_copy, "cards.yaml", lambda d: d["designs"][1].update(cost=2))
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    e = error.value
    assert e.entry == "designs[2] « Stagiaire »"
    assert e.field == "cost"
    assert problem_of(e) == ("unknown key 'cost'; accepted keys: id, title, type, copies, when, answers, effect, flavour, "
                             "does, notes")


def test_missing_design_or_type_is_refused(layouts_copy):
    def drop_postes(d):
        d["designs"] = [x for x in d["designs"] if x["type"] != "Poste"]
        d["designs"][0]["copies"] += rules.DECK_SIZE - sum(x["copies"] for x in d["designs"])
    edit(layouts_copy, "cards.yaml", drop_postes)
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    assert (error.value.entry, error.value.field) == ("designs", None)  # too few designs, and no Poste at all
    assert error.value.problem == f"the deck has 16 designs; the rules want {rules.DECK_DESIGNS} different cards"


def test_trahison_without_answer_and_unknown_placeholder(layouts_copy):
    def strip_answer(d):
        d["designs"][8]["answers"] = ""
    edit(layouts_copy, "cards.yaml", strip_answer)
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    assert (error.value.entry, error.value.field) == ("designs[9] « Serveur en panne »", "answers")
    assert error.value.problem == "a Betrayal must say what it answers"   # the English edition's word (GLOSSARY.md)

    shutil.rmtree(layouts_copy / "promotion")
    shutil.copytree(FOLDER, layouts_copy / "promotion")
    edit(layouts_copy, "aid.yaml", lambda d: d["back"][0].update(body="Gardez {hand_limt} cartes."))
    with pytest.raises(LayoutError) as error:
        game.build(layouts_copy)
    e = error.value
    assert e.file.endswith("aid.yaml")
    assert e.field == "body"
    assert e.problem.startswith("unknown placeholder {hand_limt}; known ones: {draw}, ")
    assert "{hand_limit}" in e.problem.split("; known ones: ")[1].split(", ")


def test_too_few_tokens_is_refused_through_the_cli(layouts_copy, tmp_path):
    edit(layouts_copy, "tokens.yaml", lambda d: d["values"][0].update(copies=1))
    args = ["build", "promotion", "--layouts", str(layouts_copy), "--out", str(tmp_path / "o")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert re.fullmatch(re.escape(f"Error: {layouts_copy / 'promotion' / 'tokens.yaml'}, entry values, field 'copies': ")
                        + r"\d+" + re.escape(f" tokens in all; the game needs at least {rules.MIN_PI_TOKENS}\n"),
                        result.output), result.output


def test_text_too_long_for_a_card_names_the_design_entry(layouts_copy, tmp_path):
    # The refusal named the card as « cards: « Directeur » », not the layout's designs[1] entry.
    edit(layouts_copy, "cards.yaml",
         lambda d: d["designs"][1].update(flavour="Une réunion de plus pour préparer la suivante. " * 12))
    result = CliRunner().invoke(cli, ["build", "promotion", "--layouts", str(layouts_copy), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "component 'cards', designs[2] « Stagiaire »: the text" in result.output
    assert not (tmp_path / "o" / "promotion.pdf").exists()
