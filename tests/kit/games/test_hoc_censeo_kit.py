"""The Hoc Censeo kit as printed: built once per paper through `kit build`, read back from
the PDF (pdfplumber) and the manifest, and checked against the layout files and the rule
engine.

What the table relies on: one sheet per tribe with its name, objectives and senators left
above the fold (starting at the engine's senators), the vote table of one row per round, circles of
the engine's number of portions, every motion's words on a card, a glyph for every
character, nothing off the paper on A4 or Letter, and layout mistakes named precisely.
"""
from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from fontTools.ttLib import TTFont
from game_kits import flat, piece_text, placed
from refusals import problem_of
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.errors import LayoutError
from kit.fonts import FILES
from kit.fonts import path as font_path
from kit.games.hoc_censeo import layout as game
from kit.paper import PAGE_MARGIN, paper_size
from kit.sheets import LABEL_PT
from kit.typography import ordinal
from scorekeeper.rules import hoc_censeo as rules

PT_PER_MM = 72 / 25.4
LAYOUTS = default_layouts()
FOLDER = LAYOUTS / "hoc-censeo"
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def builds(kit_build, kit_pdf):
    """Both papers built once; per paper the manifest and, per page, what pdfplumber reads."""
    out = {}
    for paper in PAPERS:
        folder = kit_build("--paper", paper, games=["hoc-censeo"])
        manifest = json.loads((folder / "hoc-censeo.json").read_text(encoding="utf-8"))
        pdf = kit_pdf("hoc-censeo", "--paper", paper)
        pages = _read_pages(pdf)
        cards = _card_texts(pdf, manifest, paper)
        out[paper] = {"manifest": manifest, "pages": pages, "cards": cards}
    return out


def _read_pages(pdf) -> list[dict]:
    """Per page what pdfplumber reads."""
    return [{"text": p.extract_text() or "", "chars": list(p.chars), "rects": list(p.rects), "curves": list(p.curves),
             "lines": list(p.lines), "width": p.width, "height": p.height} for p in pdf.pages]


def _card_texts(pdf, manifest: dict, paper: str) -> list[str]:
    """The text of every motion card, read within its box (from the manifest) so neighbours never mix."""
    texts = []
    for sheet in placed(manifest, "motion-cards"):
        page = pdf.pages[sheet["front"] - 1]
        for piece in sheet["pieces"]:
            texts.append(piece_text(page, piece["box"], piece["turned"]))
    return texts


def pages_of(build: dict, cid: str) -> list[dict]:
    """The front pages holding the component's pieces (its backs, when it has any, left out)."""
    return [build["pages"][sheet["front"] - 1] for sheet in placed(build["manifest"], cid)]


def motions_yaml() -> list[dict]:
    return yaml_file(FOLDER / "motions.yaml")["motions"]


# --- the manifest ------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_manifest_counts(builds, paper):
    manifest = builds[paper]["manifest"]
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    assert counts["tribe-sheets"] == len(rules.TRIBES) == 3
    assert counts["blank-sheet"] == 1
    assert counts["motion-slips"] == rules.PLAYERS * rules.MOTIONS_PER_PLAYER >= 9
    assert counts["motion-cards"] == sum(m.get("copies", 1) for m in motions_yaml()) >= 18
    assert counts["magistrate-aid"] == 1
    assert counts["ballots"] == rules.PLAYERS * rules.ROUNDS
    # One sheet of paper per tribe, each printed two-sided (the screen behind its fold).
    sheets = placed(manifest, "tribe-sheets")
    assert len(sheets) == 3
    assert all(len(s["pieces"]) == 1 and s["back"] == s["front"] + 1 for s in sheets)


def test_kit_fields():
    kit = game.build(LAYOUTS)
    assert kit.id == "hoc-censeo"
    assert kit.title == "Hoc Censeo"
    assert kit.players == "3 personnes"
    assert kit.summary
    assert all(c.instructions for c in kit.components)
    bring = " ".join(kit.bring)
    for word in ("bleu", "mauve", "jaune", "vert", "gris", "chapeau"):
        assert word in bring
    # The contents page lists the cutting tools apart; the ballots are printed, not brought.
    assert "ciseaux" not in bring
    assert "bulletin" not in bring


# --- the tribe sheets ----------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_each_sheet_names_its_tribe_columns_and_start(builds, paper):
    pages = pages_of(builds[paper], "tribe-sheets")
    for page, tribe in zip(pages, rules.TRIBES):
        text = flat(page["text"])
        assert rules.TRIBE_NAMES[tribe] in text
        others = [rules.TRIBE_NAMES[t] for t in rules.TRIBES if t != tribe]
        assert not any(re.search(rf"\b{o}\b", text.split("Objectif secondaire")[0]) for o in others)
        # « Sénateurs restants » is in the band: test_the_senators_left_are_kept_in_the_band...
        for title in ("POUR", "CONTRE", "Manche", "Pièces d’or", "Sceaux de Pouvoir"):
            assert title in text
        assert re.search(rf"\b{rules.START_SENATORS}\b", text)


def test_sheet_objectives_follow_the_layout():
    layout = game.load(LAYOUTS)
    printed = game.rule_objectives(LAYOUTS)
    for objective in layout.objectives:
        expected = printed[objective.tribe]
        assert dict(objective.circle) == {c: n for c, n in expected["circle"].items() if n}
        assert str(expected["secondary"]["amount"]) in objective.secondary
        assert len(objective.portions()) == rules.CIRCLE_PORTIONS


def test_the_printed_objectives_are_the_engines_defaults_and_sessions_record_them():
    # One default (RULES.md §4.10): the sheets print objectives.yaml, the engine falls back to
    # DEFAULT_OBJECTIVES, and a session made without the kit's layouts must play what the
    # sheets print; a designer who retunes one must retune the other, or this fails
    raw = yaml_file(FOLDER / "objectives.yaml")["tribes"]
    loaded = rules.validate_objectives({t["tribe"]: {"circle": t["circle"], "secondary": t["secondary"]} for t in raw})
    assert loaded == rules.validate_objectives(rules.DEFAULT_OBJECTIVES)
    # the order of the colours is the order they are drawn clockwise: the same in both
    for tribe in raw:
        assert list(tribe["circle"]) == list(rules.DEFAULT_OBJECTIVES[tribe["tribe"]]["circle"])
    # the tuned table (README, "The default objectives"), not the one RULES.md read until 2026
    assert loaded["titienses"]["circle"] == {"bleu": 4, "mauve": 1, "jaune": 2, "vert": 1}
    assert loaded["ramnes"]["secondary"] == {"kind": "gold", "amount": 5}
    assert loaded["luceres"]["secondary"] == {"kind": "wins", "amount": 4}
    from kit.games.hoc_censeo.table import prepare_options

    # `kit score new` records them, so the session does not lean on the engine's fallback
    assert rules.validate_objectives(prepare_options({})["objectives"]) == loaded
    own = {**rules.DEFAULT_OBJECTIVES, "ramnes": {"circle": {"jaune": 8}, "secondary": {"kind": "gold", "amount": 3}}}
    assert prepare_options({"objectives": own})["objectives"] == own


def _row_groups(page: dict) -> list[tuple[float, float, int]]:
    """Rectangles grouped by size: (width, height, how many)."""
    sizes = Counter((round(r["width"], 1), round(r["height"], 1)) for r in page["rects"])
    return [(w, h, n) for (w, h), n in sizes.items()]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("cid", ["tribe-sheets", "blank-sheet"])
def test_vote_table_has_a_row_per_round(builds, paper, cid):
    for page in pages_of(builds[paper], cid):
        # The rows are the only run of identical wide rectangles: one per round (the start
        # is in the band, with the senators left).
        wide = [(w, h, n) for w, h, n in _row_groups(page) if w > 90 * PT_PER_MM]
        rows = max(wide, key=lambda g: g[2])
        assert rows[2] == rules.ROUNDS
        assert rows[1] >= 6.5 * PT_PER_MM  # tall enough to write a number in pencil
        text = page["text"]
        for n in range(1, rules.ROUNDS + 1):
            assert re.search(rf"(?m)^{n}\b|\b{n}\b", text)


def _spoke_centres(page: dict) -> list[int]:
    """How many line ends meet at each point where several meet: the circles' centres."""
    ends = Counter()
    for line in page["lines"]:
        for x, y in (line["pts"][0], line["pts"][-1]):
            ends[(round(x, 1), round(y, 1))] += 1
    return sorted(n for n in ends.values() if n >= 4)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("cid", ["tribe-sheets", "blank-sheet"])
def test_circles_have_the_engines_portions(builds, paper, cid):
    # Three circles per sheet: the secret target (blank on the blank sheet), the tribe's own, Rome.
    expected = sorted([rules.CIRCLE_PORTIONS, rules.CIRCLE_PORTIONS, rules.ROME_PORTIONS])
    for page in pages_of(builds[paper], cid):
        assert _spoke_centres(page) == expected
        text = flat(page["text"])
        assert text.count("Calamité") == len(rules.CALAMITY_AT)
        for k in range(1, rules.ROME_PORTIONS + 1):
            assert re.search(rf"\b{k}\b", text)


def _fold_y(page: dict, paper: str) -> float:
    """The fold line's height in pt: dashed (a cut mark is solid), broken only around its
    label, and running across the sheet: its pieces on one height span the width."""
    width = paper_size(paper)[0] - 2 * PAGE_MARGIN
    dashed = [ln for ln in page["lines"] if abs(ln["top"] - ln["bottom"]) < 0.1 and ln.get("dash")
              and ln["dash"][0]]
    heights = {round(ln["top"], 1) for ln in dashed}
    folds = [y for y in heights
             if max(ln["x1"] for ln in dashed if round(ln["top"], 1) == y)
             - min(ln["x0"] for ln in dashed if round(ln["top"], 1) == y) > 0.95 * width * PT_PER_MM]
    assert len(folds) == 1
    return folds[0]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("cid", ["tribe-sheets", "blank-sheet"])
def test_the_senators_left_are_kept_in_the_band_out_of_the_neighbours_sight(builds, paper, cid):
    """The rules keep each tribe's senators secret: their record stands up with the band,
    facing its owner (and screened on the back), never flat on the table."""
    for page in pages_of(builds[paper], cid):
        fold_y = _fold_y(page, paper)
        above = "".join(c["text"] for c in page["chars"] if c["bottom"] < fold_y)
        below = "".join(c["text"] for c in page["chars"] if c["top"] > fold_y)
        label = "Sénateursrestants"
        assert label in above.replace(" ", "")
        assert label not in below.replace(" ", "")
        assert str(rules.START_SENATORS) in above
        assert not re.search(rf"\b{rules.START_SENATORS}\b", below)
        # A box at the start and one per round, side by side in the band.
        boxes = Counter((round(r["width"], 1), round(r["height"], 1), round(r["top"], 1))
                        for r in page["rects"] + page["curves"]   # rounded boxes read as curves
                        if r["bottom"] < fold_y and 8 < r["width"] / PT_PER_MM < 25)
        assert max(boxes.values()) == rules.ROUNDS + 1


@pytest.mark.parametrize("paper", PAPERS)
def test_fold_zone_is_above_the_fold_and_upright(builds, paper):
    for page, tribe in zip(pages_of(builds[paper], "tribe-sheets"), rules.TRIBES):
        fold_y = _fold_y(page, paper)
        name = rules.TRIBE_NAMES[tribe]
        # The name is the largest text of the sheet.
        biggest = max(c["size"] for c in page["chars"])
        name_chars = [c for c in page["chars"] if c["size"] == biggest]
        assert "".join(c["text"] for c in name_chars) == name
        assert all("Cinzel" in c["fontname"] and c["upright"] and c["bottom"] < fold_y for c in name_chars)
        secondary = [c for c in page["chars"] if c["top"] < fold_y]
        assert "Objectif secondaire" in "".join(c["text"] for c in secondary)
        # Nothing of the vote table above the fold: its rows all lie below.
        rows = [r for r in page["rects"] if r["width"] > 90 * PT_PER_MM and r["height"] < 12 * PT_PER_MM]
        assert rows
        assert all(r["top"] > fold_y for r in rows)


# --- motions -----------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_every_motion_text_is_on_its_card(builds, paper):
    cards = builds[paper]["cards"]
    for motion in motions_yaml():
        title, text = flat(motion["title"]), flat(motion["text"])
        found = [c for c in cards if title.replace(" ", "") in c.replace(" ", "") and text in c]
        assert found, f"motion « {title} » is not on any card"


def test_motions_are_varied():
    motions = motions_yaml()
    assert len(motions) >= 18
    per_colour = Counter(m["colour"] for m in motions)
    assert set(per_colour) == set(rules.COLOURS)
    assert min(per_colour.values()) >= 4
    assert len({m["title"] for m in motions}) == len(motions)


@pytest.mark.parametrize("paper", PAPERS)
def test_slips_offer_the_four_colours(builds, paper):
    text = " ".join(flat(page["text"]) for page in pages_of(builds[paper], "motion-slips"))
    layout = game.load(LAYOUTS)
    for colour in layout.colours.values():
        assert text.count(colour.name) >= rules.PLAYERS * rules.MOTIONS_PER_PLAYER


# --- the ballots ----------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_a_ballot_per_tribe_and_round_naming_no_tribe_folded_on_its_middle(builds, paper, kit_pdf):
    manifest = builds[paper]["manifest"]
    sheets = placed(manifest, "ballots")
    pieces = [p for sheet in sheets for p in sheet["pieces"]]
    assert len(pieces) == rules.PLAYERS * rules.ROUNDS == 27
    # One sheet, printed on both sides: the round outside, each ballot behind itself.
    assert len(sheets) == 1
    assert all(p["back_box"] for p in pieces)
    assert Counter(p["label"] for p in pieces) == {f"Manche {n}": rules.PLAYERS for n in range(1, rules.ROUNDS + 1)}
    pdf = kit_pdf("hoc-censeo", "--paper", paper)
    front, back = pdf.pages[sheets[0]["front"] - 1], pdf.pages[sheets[0]["back"] - 1]
    k = PT_PER_MM
    for piece in pieces:
        inside = piece_text(front, piece["box"])
        outside = piece_text(back, piece["back_box"])
        n = piece["label"].split()[-1]
        assert "POUR" in inside
        assert "CONTRE" in inside
        assert f"Manche {n}" in inside.title() or f"MANCHE {n}" in inside.upper()
        assert f"{n}" in outside
        for tribe in rules.TRIBES:
            assert tribe.lower() not in (inside + outside).lower()
        # The fold runs down the middle, dashed, between the POUR and CONTRE boxes.
        x, y, w, h = piece["box"]
        middle = (x + w / 2) * k
        dashes = [line for line in front.lines if abs(line["x0"] - middle) < 0.2 and abs(line["x1"] - middle) < 0.2
                  and y * k - 0.5 <= line["top"] and line["bottom"] <= (y + h) * k + 0.5]
        assert dashes, piece["label"]


# --- the magistrate's aid -------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_aid_has_every_section_and_the_bonus_table(builds, paper):
    text = flat(pages_of(builds[paper], "magistrate-aid")[0]["text"])
    texts = yaml_file(FOLDER / "texts.yaml")
    for section in texts["aid"]["sections"]:
        assert flat(section["title"]) in text
    layout = game.load(LAYOUTS)
    for colour in layout.colours.values():
        # Two columns and wrapped cells interleave in the extracted text: look for the words.
        assert all(word in text for word in flat(colour.bonus).split()), colour.bonus
    # The numbers come from the engine: the CONTRE gold and the calamity portions.
    assert f"{rules.CONTRE_GOLD[0]} pièces" in text
    # The calamity's portions in words (« la quatrième, puis la huitième »), no bare « 4e ».
    assert all(ordinal(k) in text for k in rules.CALAMITY_AT)
    assert not any(f"{k}e " in text for k in rules.CALAMITY_AT)


# --- paper, glyphs, collisions ----------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_everything_printed_stays_on_the_paper(builds, paper):
    pw, ph = paper_size(paper)
    manifest = builds[paper]["manifest"]
    page_pieces = {n for c in manifest["components"] if c["size_mm"][0] > 150
                   for n in range(c["pages"][0], c["pages"][1] + 1)}
    for number, page in enumerate(builds[paper]["pages"], start=1):
        assert abs(page["width"] - pw * PT_PER_MM) < 0.5
        assert abs(page["height"] - ph * PT_PER_MM) < 0.5
        # Full-page pieces keep to the printable area; card grids keep their 5 mm margin.
        margin = (PAGE_MARGIN if number in page_pieces else 5.0) * PT_PER_MM - 0.5
        # The page label sits in the margin, 5 mm from the edge at least (tests/kit/test_print_job.py).
        label = [c for c in page["chars"] if abs(c["size"] - LABEL_PT) < 0.01
                 and min(c["top"], page["height"] - c["bottom"]) < PAGE_MARGIN * PT_PER_MM]
        assert label
        assert all(min(c["top"], page["height"] - c["bottom"]) >= 5.0 * PT_PER_MM - 0.5 for c in label)
        for c in (c for c in page["chars"] if c not in label):
            assert c["x0"] >= margin, (number, c["text"])
            assert c["x1"] <= page["width"] - margin, (number, c["text"])
            assert c["top"] >= margin, (number, c["text"])
            assert c["bottom"] <= page["height"] - margin, (number, c["text"])
        if number in page_pieces:
            for r in page["rects"]:
                assert r["x0"] >= margin
                assert r["x1"] <= page["width"] - margin
                assert r["top"] >= margin
                assert r["bottom"] <= page["height"] - margin


@pytest.mark.parametrize("paper", PAPERS)
def test_no_two_characters_overlap(builds, paper):
    for number, page in enumerate(builds[paper]["pages"], start=1):
        chars = sorted((c for c in page["chars"] if c["text"].strip()), key=lambda c: c["x0"])
        for i, a in enumerate(chars):
            for b in chars[i + 1:]:
                if b["x0"] >= a["x1"]:
                    break
                dx = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
                dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                if dx > 0 and dy > 0:
                    smaller = min((a["x1"] - a["x0"]) * (a["bottom"] - a["top"]),
                                  (b["x1"] - b["x0"]) * (b["bottom"] - b["top"]))
                    assert dx * dy < 0.3 * smaller, (number, a["text"], b["text"], a["top"], b["top"])


def _cmap(name: str) -> set[int]:
    return set(TTFont(str(font_path(name))).getBestCmap())


def test_every_character_in_the_pdf_has_a_glyph_in_its_embedded_font(builds):
    # tests/engine/test_glyphs.py checks what every game draws; this reads the PDF a printer
    # gets, on both papers, so a backend fallback that went wrong would show here.
    by_file = {Path(f).stem: _cmap(name) for name, f in FILES.items()}
    for paper in PAPERS:
        for number, page in enumerate(builds[paper]["pages"], start=1):
            for c in page["chars"]:
                stem = c["fontname"].split("+")[-1]
                assert stem in by_file, c["fontname"]
                assert all(ord(ch) in by_file[stem] for ch in c["text"]), (paper, number, c["text"], stem)


@pytest.fixture
def layouts_copy(tmp_path):
    shutil.copytree(FOLDER, tmp_path / "hoc-censeo")
    return tmp_path


def _edit(root: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = root / "hoc-censeo" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_bad_circle_is_refused_by_the_rule_engine_with_tribe_and_field(layouts_copy):
    _edit(layouts_copy, "objectives.yaml", "      bleu: 4\n", "      bleu: 3\n")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    error = caught.value
    assert error.file.endswith("objectives.yaml")
    assert error.entry == "tribes[1] « titienses »"
    assert error.field == "circle"
    assert problem_of(error) == f"The titienses circle adds up to 7 portions; it must be exactly {rules.CIRCLE_PORTIONS}."


def test_unknown_colour_in_a_circle_names_the_key(layouts_copy):
    _edit(layouts_copy, "objectives.yaml", "      vert: 1\n", "      rouge: 1\n")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    assert caught.value.entry == "tribes[1] « titienses »"
    assert caught.value.field == "circle.rouge"
    assert problem_of(caught.value) == "unknown key 'rouge'; accepted keys: bleu, mauve, jaune, vert"


def test_duplicate_tribe_is_refused(layouts_copy):
    _edit(layouts_copy, "objectives.yaml", "tribe: ramnes", "tribe: titienses")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    assert caught.value.entry == "tribes[2] « titienses »"
    assert caught.value.field == "tribe"
    assert caught.value.problem == "the tribe titienses appears twice; give each of titienses, ramnes, luceres once"


def test_bad_motion_colour_names_the_motion(layouts_copy):
    _edit(layouts_copy, "motions.yaml", "  - title: Douze licteurs\n    colour: bleu",
          "  - title: Douze licteurs\n    colour: rouge")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    error = caught.value
    assert error.file.endswith("motions.yaml")
    assert error.entry == "motions[3] « Douze licteurs »"
    assert error.field == "colour"


def test_too_few_motions_for_a_game(layouts_copy):
    path = layouts_copy / "hoc-censeo" / "motions.yaml"
    data = yaml_file(path)
    data["motions"] = data["motions"][: rules.ROUNDS - 1]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    assert caught.value.field == "motions"
    assert problem_of(caught.value) == f"expected at least {rules.ROUNDS} entries, got {rules.ROUNDS - 1}"


def test_unknown_placeholder_names_the_text(layouts_copy):
    _edit(layouts_copy, "texts.yaml", "{START_SENATORS} sénateurs pour", "{SENATEURS} sénateurs pour")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    error = caught.value
    assert error.file.endswith("texts.yaml")
    assert error.entry == "kit"
    assert error.field == "summary"
    assert error.problem.startswith("unknown placeholder {SENATEURS}; known ones: {PLAYERS}, {START_SENATORS}, ")


def test_two_colours_with_one_symbol_are_refused(layouts_copy):
    _edit(layouts_copy, "colours.yaml", "symbol: triangle", "symbol: square")
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    assert caught.value.entry == "colours.mauve"
    assert caught.value.field == "symbol"


def test_layout_error_reaches_the_cli_as_one_sentence(layouts_copy, tmp_path):
    _edit(layouts_copy, "objectives.yaml", "      kind: gold\n", "      kind: glory\n")
    result = CliRunner().invoke(cli, ["build", "hoc-censeo", "--layouts", str(layouts_copy),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert re.fullmatch(re.escape(f"Error: {layouts_copy / 'hoc-censeo' / 'objectives.yaml'}, entry tribes[2] « ramnes », "
                                  "field 'secondary.kind': expected one of seals, gold, wins; got 'glory'")
                        + r" \(line \d+\)\n", result.output), result.output


@pytest.mark.parametrize("paper", PAPERS)
def test_gold_and_seal_rows_have_a_box_per_possible_gain(builds, paper):
    # A tribe gains at most CONTRE_GOLD[0] gold, or POUR_SEALS + a seal bonus, per round.
    most_gold = max(rules.CONTRE_GOLD[0], *(g.get("gold", 0) for g in rules.COLOUR_BONUS.values()))
    most_seals = rules.POUR_SEALS + max(g.get("seals", 0) for g in rules.COLOUR_BONUS.values())
    for page in pages_of(builds[paper], "tribe-sheets") + pages_of(builds[paper], "blank-sheet"):
        table_bottom = max(r["bottom"] for r in page["rects"] if r["width"] > 90 * PT_PER_MM)
        boxes = [c for c in page["curves"] if abs(c["width"] - c["height"]) < 0.2 and c["top"] > table_bottom
                 and c["x0"] > (PAGE_MARGIN + 40) * PT_PER_MM]
        rows = Counter(round(c["top"]) for c in boxes)
        assert sorted(rows.values()) == sorted([rules.ROUNDS * most_gold, rules.ROUNDS * most_seals])


def test_unknown_placeholder_in_a_bonus_names_it(layouts_copy):
    _edit(layouts_copy, "texts.yaml", 'gold: "+{n} pièce d’or"', 'gold: "+{nombre} pièce d’or"')
    with pytest.raises(LayoutError) as caught:
        game.load(layouts_copy)
    assert caught.value.entry == "bonus"
    assert caught.value.field == "gold"


def test_motion_text_too_long_names_the_motion_entry(layouts_copy, tmp_path):
    # The refusal named the motion by its bare title, not as the layout's motions[3] entry.
    # Within the 60 characters the schema allows a title, but one word too long for a card.
    _edit(layouts_copy, "motions.yaml", "title: Douze licteurs", "title: Pontifexmaximusrexsacrorumflaminesmaioresetminores")
    result = CliRunner().invoke(cli, ["build", "hoc-censeo", "--layouts", str(layouts_copy), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert "component 'motion-cards', motions[3] « Pontifexmaximusrexsacrorumflaminesmaior… »:" in result.output
    assert not (tmp_path / "o" / "hoc-censeo.pdf").exists()


def test_kit_score_new_records_the_objectives_of_a_designers_copy_of_the_layouts(tmp_path):
    """A designer who changes a tribe's objectives in a copy of layouts/ plays them at the
    table with `kit score new --layouts COPY`, as `kit build --layouts COPY` prints them."""
    import json
    import shutil

    from score_cli import Kit

    copy = tmp_path / "layouts"
    shutil.copytree(FOLDER.parent, copy)
    objectives = copy / "hoc-censeo" / "objectives.yaml"
    text = objectives.read_text(encoding="utf-8")
    objectives.write_text(text.replace("kind: seals\n      amount: 5", "kind: seals\n      amount: 6", 1), encoding="utf-8")
    session = tmp_path / "s.jsonl"
    made = Kit()("score", "new", session, "hoc-censeo", "--player", "Ana:titienses", "--player", "Ben:ramnes",
                 "--player", "Cléo:luceres", "--layouts", copy)
    assert made.exit_code == 0, made.output
    header = json.loads(session.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["objectives"]["titienses"]["secondary"] == {"kind": "seals", "amount": 6}
    assert header["options"]["objectives"]["ramnes"] == rules.DEFAULT_OBJECTIVES["ramnes"]


def test_the_motion_slips_folds_cross_no_writing_line():
    """Folded in four with the writing inside (issue 47): the fold down the middle and the
    fold across both pass between the writing lines, never through one."""
    from kit.games.hoc_censeo.pieces import FOLD_CLEAR
    from kit.model import Frame
    from kit.surface.record import RecordingSurface

    slips = next(c for c in game.build(default_layouts()).components if c.id == "motion-slips")
    w, h = slips.size
    surface = RecordingSurface()
    slips.pieces[0].front(surface, Frame(w, h))
    lines = [c for c in surface.find("line") if c["y1"] == c["y2"] and abs(c["x2"] - c["x1"]) > 5.0]
    writing = [c for c in lines if dict(c.args).get("dash") is None]
    assert len(writing) >= 8
    for line in writing:
        left, right = sorted((line["x1"], line["x2"]))
        assert right <= w / 2 - FOLD_CLEAR + 0.01 or left >= w / 2 + FOLD_CLEAR - 0.01, line
        assert abs(line["y1"] - h / 2) >= FOLD_CLEAR - 0.01, line
