"""`kit export`: pixel sizes, DPI, manifests, Tabletop Simulator decks, preflight, determinism.

Exports stay small to keep the run short: one component at 300 dpi where the pixel count
is the point, the TTS decks of every game at a low DPI where it is not.
"""
from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from kit.cli import cli
from kit.errors import KitError
from kit.export import tts
from kit.export.preflight import check_file, check_safe_area
from kit.export.raster import Job, rasterise, write_png
from kit.export.run import ExportOptions, export
from kit.export.targets import TARGETS, Spec, spec
from kit.model import Component, GameKit, Piece

GAMES = ("phd", "amphitheatre", "promotion", "hoc-censeo")


def kit_export(*args: str) -> str:
    result = CliRunner().invoke(cli, ["export", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def manifest(folder: Path) -> list[dict]:
    with open(folder / "manifest.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def promotion_cards(tmp_path_factory) -> Path:
    """Promotion's cards exported for each shop target at 300 dpi: the sizes the shops ask for."""
    out = tmp_path_factory.mktemp("shops")
    for target in ("png", "tgc", "mpc"):
        kit_export("promotion", "--only", "cards", "--target", target, "--out", str(out))
    return out / "promotion"


@pytest.mark.parametrize(("target", "size", "bleed_px"), [
    ("png", (815, 1110), 35.4),    # 63 x 88 mm + 3 mm each side at 300 dpi
    ("tgc", (825, 1125), 37.5),    # 2.5 x 3.5 in + 1/8 in each side
    ("mpc", (822, 1122), 36.0),    # 2.5 x 3.5 in + 0.12 in each side
])
def test_card_images_have_the_targets_pixels_and_dpi(promotion_cards, target, size, bleed_px):
    folder = promotion_cards / target
    rows = manifest(folder)
    faces = [r for r in rows if r["side"] == "face"]
    assert len(faces) == 20                                  # 20 designs, not 100 copies
    assert sum(int(r["copies"]) for r in faces) == 100
    for row in rows:
        assert (int(row["width_px"]), int(row["height_px"])) == size
        with Image.open(folder / row["file"]) as image:
            assert image.size == size
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert faces[0]["file"] == "cards/001-directeur-face.png"
    assert {r["file"] for r in rows if r["side"] == "back"} == {"cards/back.png"}
    assert (folder / "README.txt").read_text(encoding="utf-8").startswith("Promotion — ")
    the_spec = spec(TARGETS[target], next(c for c in _promotion().components if c.id == "cards"))
    assert the_spec.bleed_px == pytest.approx(bleed_px, abs=0.05)


def test_the_card_colour_runs_into_the_bleed(promotion_cards):
    """The type colour covers the image to its edge (the bleed), the white panel sits inside."""
    with Image.open(promotion_cards / "tgc" / "cards" / "005-accusation-face.png") as image:
        corner, centre = image.getpixel((3, 3)), image.getpixel((412, 560))
    assert corner != (255, 255, 255)
    assert sum(corner) < 600
    assert centre == (255, 255, 255) or sum(centre) > 600


def test_shops_refuse_what_they_do_not_print(tmp_path):
    out = kit_export("promotion", "--only", "pi-tokens", "--only", "cards", "--target", "tgc",
                     "--out", str(tmp_path))
    assert "pi-tokens: The Game Crafter prints no card within 6% of 22 x 22 mm" in out
    readme = (tmp_path / "promotion" / "tgc" / "README.txt").read_text(encoding="utf-8")
    assert "pi-tokens: not exported" in readme
    assert not (tmp_path / "promotion" / "tgc" / "pi-tokens").exists()


def test_single_sided_cards_get_a_blank_back_at_the_shops(tmp_path):
    kit_export("hoc-censeo", "--only", "motion-slips", "--target", "mpc", "--out", str(tmp_path))
    rows = manifest(tmp_path / "hoc-censeo" / "mpc")
    assert {r["product"] for r in rows} == {"poker"}       # 63 x 88 mm -> 2.5 x 3.5 in
    back = next(r for r in rows if r["side"] == "back")
    assert back["name"] == "back (blank)"
    assert int(back["copies"]) == 9
    with Image.open(tmp_path / "hoc-censeo" / "mpc" / back["file"]) as image:
        assert image.size == (822, 1122)
        assert ImageStat.Stat(image).extrema == [(255, 255)] * 3


@pytest.fixture(scope="module")
def tts_export(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    kit_export("--target", "tts", "--dpi", "40", "--out", str(out))
    return out


def _sheet_path(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def test_every_tts_json_loads_and_every_card_points_into_its_sheet(tts_export):
    decks = 0
    for game in GAMES:
        folder = tts_export / game / "tts"
        rows = manifest(folder)
        copies = Counter()
        for row in rows:
            if row["side"] == "face":
                copies[row["component"]] += int(row["copies"])
        for path in sorted(folder.glob("*.json")):
            saved = json.loads(path.read_text(encoding="utf-8"))
            (obj,) = saved["ObjectStates"]
            component = path.stem
            if obj["Name"] == "Deck":
                decks += 1
                cards = obj["ContainedObjects"]
                assert obj["DeckIDs"] == [c["CardID"] for c in cards]
                assert len(cards) == copies[component]             # deck counts match the manifest
                for card in cards:
                    key, index = divmod(card["CardID"], 100)
                    sheet = obj["CustomDeck"][str(key)]
                    assert card["CustomDeck"] == {str(key): sheet}
                    cols, rows_ = sheet["NumWidth"], sheet["NumHeight"]
                    assert 2 <= cols <= 10
                    assert 2 <= rows_ <= 7
                    assert sheet["BackIsHidden"] is True
                    assert index < cols * rows_ - 1                 # never the hidden cell
                    with Image.open(_sheet_path(sheet["FaceURL"])) as image:
                        assert max(image.size) <= 4096
                        assert image.size[0] % cols == 0
                        assert image.size[1] % rows_ == 0
                    assert _sheet_path(sheet["BackURL"]).is_file()
            else:
                assert obj["Name"] in ("Bag", "Custom_Tile", "Card")
                tiles = obj.get("ContainedObjects", [obj])
                assert len(tiles) == copies[component]
                for tile in tiles:
                    if tile["Name"] == "Custom_Tile":
                        image = tile["CustomImage"]
                        assert _sheet_path(image["ImageURL"]).is_file()
                        assert _sheet_path(image["ImageSecondaryURL"]).is_file()
    assert decks >= 8


def test_tts_keeps_every_tribes_secrets_in_a_face_down_hand(tts_export):
    from scorekeeper.rules import hoc_censeo
    folder = tts_export / "hoc-censeo" / "tts"
    # Only play pieces: what is filled in by hand, photocopied or folded stays on paper, and
    # the tribe sheets come as their secrets alone.
    assert sorted(p.stem for p in folder.glob("*.json")) == ["magistrate-aid", "motion-cards", "tribe-objectives"]
    for path in folder.glob("*.json"):
        text = path.read_text(encoding="utf-8").lower()
        for tribe in hoc_censeo.TRIBES:
            assert tribe not in text, (path.name, tribe)   # no nickname, description or address names one
    (deck,) = json.loads((folder / "tribe-objectives.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert deck["Name"] == "Deck"
    assert deck["Transform"]["rotZ"] == 180.0
    assert deck["HideWhenFaceDown"]
    cards = deck["ContainedObjects"]
    assert len(cards) == len(hoc_censeo.TRIBES)
    assert len({c["Nickname"] for c in cards}) == 1                # the same name on every card
    for card in cards:
        assert card["Transform"]["rotZ"] == 180.0
        assert card["HideWhenFaceDown"]
        sheet = card["CustomDeck"][str(card["CardID"] // 100)]
        assert sheet["BackIsHidden"]
        assert not sheet["UniqueBack"]   # one back for all: nothing tells them apart
    # The back is the game's, not the print's mosaic: ink on a parchment panel, no fine lines all over.
    with Image.open(_sheet_path(cards[0]["CustomDeck"][str(cards[0]["CardID"] // 100)]["BackURL"])) as back:
        grey = back.convert("L")
        assert ImageStat.Stat(grey.crop((grey.width // 4, grey.height // 4, grey.width * 3 // 4,
                                         grey.height * 3 // 4))).mean[0] > 150


def test_tts_every_secret_piece_is_dealt_face_down_from_a_shuffled_deck_that_shows_only_its_back(tts_export):
    """Every secret component of every game (kit.model.Component.secret, in its digital form):
    a face-down deck whose cards hide their faces once face down and, in another player's
    hand, show the back (BackIsHidden: the sheet's last cell); the deck shuffles itself as it
    spawns, since its cards come in the layout's order (Hoc Censeo's tribes in the engine's),
    and whoever deals it straight would give each seat the same tribe at every game; and
    the thumbnail the Saved Objects browser shows the host is the back, not the first face."""
    from kit.build import default_layouts, load_kit
    from kit.export.run import table_form

    secrets = []
    for game in GAMES:
        for printed in load_kit(game, default_layouts()).components:
            component = table_form(printed)
            if component is not None and component.secret:
                secrets.append((game, component))
    assert [(game, c.id) for game, c in secrets] == [("hoc-censeo", "tribe-objectives")]
    for game, component in secrets:
        folder = tts_export / game / "tts"
        (deck,) = json.loads((folder / f"{component.id}.json").read_text(encoding="utf-8"))["ObjectStates"]
        assert deck["Name"] == "Deck"
        assert deck["Transform"]["rotZ"] == 180.0
        assert deck["HideWhenFaceDown"]
        assert "self.shuffle()" in deck["LuaScript"]
        for card in deck["ContainedObjects"]:
            assert card["Transform"]["rotZ"] == 180.0
            assert card["HideWhenFaceDown"]
            assert card["Nickname"] == component.name
            sheet = card["CustomDeck"][str(card["CardID"] // 100)]
            assert sheet["BackIsHidden"]
            assert not sheet["UniqueBack"]
        with Image.open(folder / f"{component.id}.png") as picture:
            thumb = picture.convert("L")

            def unlike(picture, thumb=thumb) -> float:
                """How far the thumbnail is from a picture shrunk to its size (0..255)."""
                shrunk = picture.convert("L").resize(thumb.size)
                return ImageStat.Stat(ImageChops.difference(thumb, shrunk)).mean[0]

            with Image.open(folder / component.id / "back.png") as back:
                assert unlike(back) < 3
            card = deck["ContainedObjects"][0]
            sheet = card["CustomDeck"][str(card["CardID"] // 100)]
            cols, rows = sheet["NumWidth"], sheet["NumHeight"]
            with Image.open(_sheet_path(sheet["FaceURL"])) as faces:
                w, h = faces.size[0] // cols, faces.size[1] // rows
                for index in sorted({c["CardID"] % 100 for c in deck["ContainedObjects"]}):
                    row, col = divmod(index, cols)
                    assert unlike(faces.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))) > 20, index


def test_tts_chapter_markers_are_two_sided_tokens(tts_export):
    folder = tts_export / "phd" / "tts"
    (bag,) = json.loads((folder / "chapter-markers.json").read_text(encoding="utf-8"))["ObjectStates"]
    tiles = bag["ContainedObjects"]
    assert len(tiles) == 30
    for tile in tiles:
        image = tile["CustomImage"]
        assert image["ImageURL"] != image["ImageSecondaryURL"]      # « soumis » on one side, « approuvé » on the other
        with Image.open(_sheet_path(image["ImageURL"])) as face:
            assert abs(face.width - face.height) <= 1                # a square token, not an unfolded strip


def test_tts_deck_keys_are_unique_within_each_game(tts_export):
    for game in GAMES:
        seen: dict[str, str] = {}
        for path in (tts_export / game / "tts").glob("*.json"):
            (obj,) = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"]
            for card in obj.get("ContainedObjects", [obj]):
                for key, sheet in card.get("CustomDeck", {}).items():
                    assert seen.setdefault(key, sheet["FaceURL"]) == sheet["FaceURL"], (game, path.name, key)


def test_a_tts_sheet_shows_each_card_in_its_cell_and_the_back_in_the_last(tts_export, tmp_path):
    """Look at one rendered sheet: cell i is the face drawn alone, the last cell the back."""
    folder = tts_export / "promotion" / "tts"
    deck = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    sheet_spec = deck["CustomDeck"]["1"]
    cols, rows = sheet_spec["NumWidth"], sheet_spec["NumHeight"]
    with Image.open(_sheet_path(sheet_spec["FaceURL"])) as sheet, Image.open(folder / "cards" / "back.png") as back:
        cell = (sheet.size[0] // cols, sheet.size[1] // rows)
        assert back.size == cell

        def cell_image(index: int):
            row, col = divmod(index, cols)
            return sheet.crop((col * cell[0], row * cell[1], (col + 1) * cell[0], (row + 1) * cell[1]))

        assert ImageChops.difference(cell_image(cols * rows - 1), back.convert("RGB")).getbbox() is None
        cards = _promotion_component("cards")
        assert sheet.info["dpi"] == pytest.approx((40, 40), abs=0.01)     # 40 dpi keeps the sheet small
        alone = next(rasterise([Job(cards.pieces[6].front, Spec((63.0, 88.0), 0.0, 3.0, 40))]))
        assert alone.size == cell
        assert ImageChops.difference(cell_image(6), alone).getbbox() is None
        assert ImageChops.difference(cell_image(5), alone).getbbox() is not None


def test_tts_sheets_hold_at_most_69_cards_and_4096_pixels():
    layouts = tts.layout_sheets(150)
    assert [s.count for s in layouts] == [50, 50, 50]   # shared evenly: no sheet of a few last cards
    assert all(s.cols <= 10 and s.rows <= 7 and s.count <= s.hidden_cell for s in layouts)
    dpi = tts.cell_dpi((63.0, 88.0), layouts, 300)
    w, h = Spec((63.0, 88.0), 0.0, 3.0, dpi).pixels
    assert max(s.cols for s in layouts) * w <= 4096
    assert max(s.rows for s in layouts) * h <= 4096
    assert dpi < 300
    assert tts.layout_sheets(1)[0].cols * tts.layout_sheets(1)[0].rows >= 2


def test_tts_face_sheets_leave_no_empty_row():
    for faces in range(2, 400):
        for sheet in tts.layout_sheets(faces):
            assert sheet.cols * (sheet.rows - 1) < sheet.count + 1, (faces, sheet)
            assert 2 <= sheet.cols <= tts.MAX_COLS
            assert 2 <= sheet.rows <= tts.MAX_ROWS


def test_tts_urls_follow_base_url(tmp_path):
    kit_export("hoc-censeo", "--only", "motion-cards", "--target", "tts", "--dpi", "30",
               "--base-url", "https://example.org/kits/", "--out", str(tmp_path))
    deck = json.loads((tmp_path / "hoc-censeo" / "tts" / "motion-cards.json").read_text(encoding="utf-8"))
    sheet = deck["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["FaceURL"] == "https://example.org/kits/motion-cards/sheet-1.png"
    assert sheet["BackURL"] == "https://example.org/kits/motion-cards/back.png"


def test_same_inputs_give_the_same_bytes(tmp_path):
    for run in ("a", "b"):
        kit_export("amphitheatre", "--only", "speaker-token", "--only", "cause-cards", "--dpi", "60",
                   "--out", str(tmp_path / run))
        kit_export("amphitheatre", "--only", "cause-cards", "--target", "tts", "--dpi", "30",
                   "--base-url", "https://example.org/", "--out", str(tmp_path / run))
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert len(files) > 20
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


# --- preflight -------------------------------------------------------------------------------

def _edge_text(surface, frame):
    surface.rect(-frame.bleed, -frame.bleed, frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed,
                 fill="#336699")
    surface.text(1.0, 10.0, "Bord", size=9)


def _framed_text(surface, frame):
    surface.rect(0, 0, frame.width, frame.height, fill="#336699")    # stops at the trim: no bleed
    surface.text(frame.width / 2, frame.height / 2, "Centre", size=9, anchor="middle")


def _test_kit(*draws) -> GameKit:
    pieces = tuple(Piece(f"cards[{n}] « Carte {n} »", draw) for n, draw in enumerate(draws, start=1))
    return GameKit("essai", "Essai", "2 joueurs", (Component("cards", "Cartes", "card", (63.0, 88.0), pieces),))


def test_preflight_names_the_file_and_the_rule(tmp_path):
    results = export(out=tmp_path, kits=[_test_kit(_edge_text, _framed_text)],
                     options=ExportOptions(target="png", dpi=50))
    warnings = [str(w) for w in results[0].warnings]
    assert any(w.startswith("cards/001-carte-1-face.png: safe area: the text « Bord » comes within 3 mm")
               for w in warnings), warnings
    assert any(w.startswith("cards/002-carte-2-face.png: bleed: the art stops at the trim") for w in warnings)
    assert not any("002" in w and "safe area" in w for w in warnings)
    assert (tmp_path / "essai" / "png" / "preflight.txt").is_file()
    with pytest.raises(KitError) as caught:
        export(out=tmp_path / "strict", kits=[_test_kit(_edge_text)],
               options=ExportOptions(target="png", dpi=50, strict=True))
    assert str(caught.value) == ("game 'essai', PNG files preflight failed: cards/001-carte-1-face.png: safe area: "
                                 "the text « Bord » comes within 3 mm of the cut (1.0 mm from it)")
    assert not (tmp_path / "strict" / "essai" / "png").exists()


def test_preflight_measures_size_and_dpi(tmp_path):
    image = Image.new("RGB", (100, 140), "white")
    write_png(image, tmp_path / "x.png", 150)
    problems = [str(p) for p in check_file(tmp_path / "x.png", "cards/x.png", (100, 141), 300)]
    assert problems == ["cards/x.png: size: 100 x 140 px, the target wants 100 x 141 px",
                        "cards/x.png: dpi: the file records 150 dpi, the target wants 300"]


def test_safe_area_follows_the_recorded_drawing():
    inside = Job(_framed_text, Spec((63.0, 88.0), 3.0, 3.0, 100))
    edge = Job(_edge_text, Spec((63.0, 88.0), 3.0, 3.0, 100))
    assert check_safe_area(inside, "a.png") == []
    (problem,) = check_safe_area(edge, "b.png")
    assert str(problem) == "b.png: safe area: the text « Bord » comes within 3 mm of the cut (1.0 mm from it)"


def _medallion(surface, frame):
    surface.circle(7.0, 7.0, 5.0, fill="#FFFFFF")            # its rim 2 mm from the cut: art
    surface.rect(5.5, 5.5, 3.0, 3.0, fill="#0072B2")          # the symbol it holds, well inside


def _lone_disc(surface, frame):
    surface.circle(7.0, 7.0, 5.0, fill="#FFFFFF")


def _dots(surface, frame):
    for n in range(8):                                        # a pattern along the edge
        surface.circle(1.0 + 7.0 * n, 1.0, 0.5, fill="#000000")


def test_a_medallion_and_a_pattern_are_art_a_lone_disc_is_a_symbol():
    def problems(draw):
        return check_safe_area(Job(draw, Spec((63.0, 88.0), 3.0, 3.0, 100)), "c.png")

    assert problems(_medallion) == []
    assert problems(_dots) == []
    (problem,) = problems(_lone_disc)
    assert str(problem) == "c.png: safe area: a round symbol comes within 3 mm of the cut (2.0 mm from it)"


def test_bad_options_are_refused():
    runner = CliRunner()
    for args in (["--target", "tgc", "--dpi", "600"], ["--target", "tgc", "--bleed", "2"],
                 ["--target", "png", "--base-url", "https://example.org"], ["--target", "pdf"]):
        result = runner.invoke(cli, ["export", "promotion", *args])
        assert result.exit_code == 2, (args, result.output)


def _promotion() -> GameKit:
    from kit.build import default_layouts, load_kit

    return load_kit("promotion", default_layouts())


def _promotion_component(component: str) -> Component:
    return next(c for c in _promotion().components if c.id == component)


def _numbered(n: int):
    def draw(surface, frame):
        surface.rect(-frame.bleed, -frame.bleed, frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed,
                     fill="#E0E0E0")
        surface.text(frame.width / 2, frame.height / 2, str(n), size=20, anchor="middle")
    return draw


def test_a_deck_of_more_than_69_designs_spans_sheets_with_their_own_keys(tmp_path):
    pieces = tuple(Piece(f"cards[{n}] « Carte {n} »", _numbered(n), copies=1 + n % 2) for n in range(1, 76))
    game = GameKit("essai", "Essai", "2 joueurs", (Component("cards", "Cartes", "card", (63.0, 88.0), pieces,
                                                             back=_numbered(0)),))
    export(out=tmp_path, kits=[game], options=ExportOptions(target="tts", dpi=30))
    deck = json.loads((tmp_path / "essai" / "tts" / "cards.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    # 75 designs shared evenly, 38 and 37, each sheet with its hidden cell and no empty row.
    assert (first["NumWidth"], first["NumHeight"]) == (8, 5)
    assert second["NumWidth"] * second["NumHeight"] >= 37 + 1
    ids = sorted(set(deck["DeckIDs"]))
    assert ids == list(range(100, 138)) + list(range(200, 237))
    assert len(deck["DeckIDs"]) == sum(p.copies for p in pieces)
    names = {c["CardID"]: c["Nickname"] for c in deck["ContainedObjects"]}
    assert names[137] == "Carte 38"
    assert names[200] == "Carte 39"
