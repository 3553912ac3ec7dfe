"""The Amphithéâtre kit as printed: built once through `kit build`, then read back from the
PDF (pdfplumber) and the manifest, and checked against the layout files and the rule engine.

What a player relies on: every card's words are in the PDF, the boards' seats really are
three tiers of 4, 5 and 6 filled left to right from the bottom, a token fits each seat,
the numbers beside the rows are the engine's. (Glyphs and typography of every game:
tests/engine/test_glyphs.py.)
"""
from __future__ import annotations

import json
import math
import re

import pytest
from game_kits import component, flat, piece_text, placed, separation
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.games.amphitheatre import layout as game
from kit.model import Frame
from kit.surface.record import RecordingSurface
from kit.typography import typeset
from scorekeeper.rules import amphitheatre as rules

PT_PER_MM = 72 / 25.4
LAYOUTS = default_layouts()
FOLDER = LAYOUTS / "amphitheatre"


@pytest.fixture(scope="module")
def built(kit_build, kit_pdf):
    manifest = json.loads((kit_build(games=["amphitheatre"]) / "amphitheatre.json").read_text(encoding="utf-8"))
    # Read only the pages the tests look at (the token sheets hold hundreds of curves).
    wanted = {cid: range(c["pages"][0] - 1, c["pages"][1]) for c in manifest["components"]
              for cid in [c["id"]] if cid == "boards" or cid == "aid"}
    pages: list = [None] * manifest["pages"]
    pdf = kit_pdf("amphitheatre")
    for cid, numbers in wanted.items():
        for i in numbers:
            page = pdf.pages[i]
            entry = {"text": page.extract_text() or "", "height": page.height}
            if cid == "boards":
                entry.update(words=page.extract_words(), curves=page.curves)
            else:
                entry.update(words=page.extract_words())
            pages[i] = entry
    # Each card read within its own box (the manifest says where it landed), apart from
    # its neighbours, which may be cards of another deck; and the text of its backs.
    decks = {}
    for c in manifest["components"]:
        if c["id"].endswith("-cards"):
            sheets = placed(manifest, c["id"])
            decks[c["id"]] = {
                "cards": [piece_text(pdf.pages[s["front"] - 1], p["box"], p["turned"])
                          for s in sheets for p in s["pieces"]],
                "backs": [piece_text(pdf.pages[s["back"] - 1], p["back_box"], p["turned"])
                          for s in sheets[:1] for p in s["pieces"]]}
    return manifest, pages, decks


def pages_of(manifest: dict, pages: list, cid: str) -> list:
    first, last = component(manifest, cid)["pages"]
    return pages[first - 1:last]


def raw(name: str) -> dict:
    return yaml_file(FOLDER / name)


# --- the manifest -------------------------------------------------------------------------------------
def test_manifest_lists_every_component_with_its_count(built):
    manifest, _, _ = built
    ids = [c["id"] for c in manifest["components"]]
    assert ids == ["boards", "affliction-cards", "anatomie-cards", "cause-cards", "spectator-tokens",
                   "speaker-token", "aid"]
    assert component(manifest, "boards")["count"] == rules.MAX_PLAYERS
    assert component(manifest, "boards")["kind"] == "board"
    for category in rules.CATEGORIES:
        deck = component(manifest, f"{category}-cards")
        cards = raw(f"{category}.yaml")["cards"]
        assert deck["kind"] == "card"
        assert deck["designs"] == len(cards) >= rules.MIN_CARDS_PER_CATEGORY
        assert deck["count"] == sum(c.get("copies", 1) for c in cards)
    tokens = component(manifest, "spectator-tokens")
    assert tokens["count"] == raw("game.yaml")["spectator_tokens"]["count"] >= rules.MIN_SPECTATOR_TOKENS
    assert tokens["kind"] == "token"
    assert component(manifest, "speaker-token")["count"] == 1
    # Every board carries the aid's rules on its back; the whole aid lies at each end of the table.
    assert component(manifest, "aid")["count"] == raw("game.yaml")["aid"]["copies"] == 2
    boards = [p for sheet in manifest["sheets"] for p in sheet["pieces"] if p["component"] == "boards"]
    assert len(boards) == rules.MAX_PLAYERS
    assert all(p["back_box"] for p in boards)


def test_kit_titles_and_every_component_has_french_instructions():
    kit = game.build(LAYOUTS)
    assert kit.title == "Amphithéâtre" == rules.TITLE
    assert kit.players == f"{rules.MIN_PLAYERS} à {rules.MAX_PLAYERS} personnes"
    assert kit.summary
    assert kit.bring
    for c in kit.components:
        assert len(c.instructions.split()) >= 8, c.id
    speaker = next(c for c in kit.components if c.id == "speaker-token")
    assert not speaker.round   # a disc printed inside a square, cut with straight cuts
    assert speaker.size[0] >= 40
    tokens = next(c for c in kit.components if c.id == "spectator-tokens")
    # Spectators are square, cut straight along the grid; each has a back.
    # Never turned over in play: single-sided, blank backs, no ink behind them.
    assert not tokens.round
    assert not tokens.has_backs
    assert not speaker.has_backs


# --- the cards -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("category", rules.CATEGORIES)
def test_every_card_text_can_be_read_back_from_the_pdf(built, category):
    _, _, decks = built
    printed = decks[f"{category}-cards"]["cards"]
    deck = raw(f"{category}.yaml")
    title = deck["deck"].upper()
    fronts = [c for c in printed if flat(typeset(deck["question"])) in c]
    assert len(fronts) == sum(c.get("copies", 1) for c in deck["cards"])
    for card in deck["cards"]:
        name, flavour = flat(typeset(card["name"])), flat(typeset(card["flavour"]))
        assert any(name in c and flavour in c and title in c for c in fronts), card["name"]
    # The backs carry the deck's own title and motto, so the three piles differ without colour.
    backs = decks[f"{category}-cards"]["backs"]
    assert backs
    assert all(flat(typeset(deck["back"]["motto"])) in b for b in backs)


# --- the boards ------------------------------------------------------------------------------------------
def _segment_distance(px: float, py: float, a: tuple, b: tuple) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1e-12)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _board_seats(page: dict, top_half: bool) -> dict[int, tuple[float, float, float, list]]:
    """Seat number -> (x, y, side, outline) in mm, measured on the page: the centre of the
    seat outline drawn around the number, the side of the square it is (twice the distance
    from its centre to its nearest edge) and its outline's points."""
    middle = page["height"] / 2
    seats = {}
    for w in page["words"]:
        if not re.fullmatch(r"\d+", w["text"]) or (w["top"] < middle) != top_half:
            continue
        cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
        rings = [c for c in page["curves"]
                 if c["x0"] < cx < c["x1"] and c["top"] < cy < c["bottom"]
                 and abs(c["width"] - c["height"]) < 0.5 and 30 < c["width"] < 80]
        if not rings:
            continue  # a number on a sign, not in a seat
        outer = max(rings, key=lambda c: c["width"])
        number = int(w["text"])
        assert number not in seats, f"seat {number} printed twice"
        points = [(x / PT_PER_MM, y / PT_PER_MM) for x, y in outer["pts"]]
        x, y = (outer["x0"] + outer["x1"]) / 2 / PT_PER_MM, (outer["top"] + outer["bottom"]) / 2 / PT_PER_MM
        inner = min(_segment_distance(x, y, a, b) for a, b in zip(points, points[1:] + points[:1]))
        seats[number] = (x, y, 2 * inner - outer["linewidth"] / PT_PER_MM, points)
    return seats


@pytest.fixture(scope="module")
def seats(built):
    manifest, pages, _ = built
    return _board_seats(pages_of(manifest, pages, "boards")[0], top_half=True)


def test_seats_are_numbered_in_fill_order_in_rows_of_the_engine(seats):
    assert sorted(seats) == list(range(1, rules.CAPACITY + 1))
    rows, start = [], 1
    for n in rules.ROW_SEATS:
        rows.append([seats[k] for k in range(start, start + n)])
        start += n
    for row in rows:
        xs = [s[0] for s in row]
        assert xs == sorted(xs), "a row fills left to right"
        assert len(set(xs)) == len(xs), "a row fills left to right"
        # Curved like a theatre's tier: the ends sit lower on the page than the middle.
        middle_y = min(s[1] for s in row)
        assert row[0][1] > middle_y + 1
        assert row[-1][1] > middle_y + 1
    # Bottom row first: each row's highest seat is above every seat of the row before.
    for lower, upper in zip(rows, rows[1:]):
        assert min(s[1] for s in upper) < min(s[1] for s in lower) - 10
        assert sum(s[1] for s in upper) / len(upper) < sum(s[1] for s in lower) / len(lower)


def test_each_seat_holds_a_spectator_token_without_touching_its_neighbours(built, seats):
    """Square seats for square tokens, a token's side and a millimetre more, and no two
    seats touching (measured on their outlines, turned as they are printed)."""
    manifest, _, _ = built
    token = component(manifest, "spectator-tokens")["size_mm"][0]
    assert component(manifest, "spectator-tokens")["size_mm"][1] == token
    for number, (_x, _y, side, outline) in seats.items():
        assert side >= token + 1.0, f"seat {number} is {side:.1f} mm for a {token:g} mm token"
        # A square, not a disc: its outline reaches a corner well past its inscribed circle.
        assert max(math.hypot(px - _x, py - _y) for px, py in outline) > side / 2 * 1.25
    for a in seats:
        for b in seats:
            if a < b:
                assert separation(seats[a][3], seats[b][3]) > 1.0, f"seats {a} and {b} overlap"


def test_the_gain_and_penalty_beside_each_row_are_the_engines(built, seats):
    manifest, pages, _ = built
    page = pages_of(manifest, pages, "boards")[0]
    labels = raw("aid.yaml")["table"]
    words = [w for w in page["words"] if w["top"] < page["height"] / 2]
    found = {}
    for key, label in (("gain", labels["gain"]), ("penalty", labels["penalty"])):
        for i, w in enumerate(words[:-1]):
            after = words[i + 1]
            if w["text"] == label and re.fullmatch(r"\d+", after["text"]) and abs(after["top"] - w["top"]) < 1:
                # The sign belongs to the row whose last seat it stands level with.
                y = w["top"] / PT_PER_MM
                ends, start = [], 0
                for n in rules.ROW_SEATS:
                    start += n
                    ends.append(seats[start][1])
                row = min(range(len(ends)), key=lambda k: abs(ends[k] - y)) + 1
                found.setdefault(row, {})[key] = int(after["text"])
    assert found == {row: {"gain": v["gain"], "penalty": v["penalty"]} for row, v in rules.TOKEN_TABLE.items()}


def test_every_board_has_its_own_faculty_colour_and_symbol():
    kit = game.build(LAYOUTS)
    boards = next(c for c in kit.components if c.id == "boards")
    looks = set()
    for piece in boards.pieces:
        surface = RecordingSurface()
        w, h = boards.size
        surface.begin_page(w + 10, h + 10)
        piece.front(surface, Frame(w, h))
        surface.end_page()
        b = piece.front.keywords["b"]
        looks.add((b.colour, b.symbol))
        assert any(c["s"] == b.name for c in surface.find("text"))
    assert len(looks) == rules.MAX_PLAYERS
    assert len({c for c, _ in looks}) == len({s for _, s in looks}) == rules.MAX_PLAYERS


# --- the aid ------------------------------------------------------------------------------------------------
def test_the_aid_prints_the_engines_token_table(built):
    manifest, pages, _ = built
    heading = flat(typeset(raw("aid.yaml")["table"]["heading"]))
    back = next(p for p in pages_of(manifest, pages, "aid") if heading in flat(p["text"]))
    lines: dict[int, list[str]] = {}
    for w in back["words"]:
        if re.fullmatch(r"\d+", w["text"]) and w["top"] < back["height"] / 2:
            lines.setdefault(round(w["top"]), []).append(w["text"])
    rows = {tuple(int(v) for v in line) for line in lines.values() if len(line) == 4}
    assert rows == {(row, rules.ROW_SEATS[row - 1], v["gain"], v["penalty"]) for row, v in rules.TOKEN_TABLE.items()}


def test_the_aid_names_the_turn_options_debate_accusation_and_victory(built):
    manifest, pages, _ = built
    text = flat(" ".join(p["text"] for p in pages_of(manifest, pages, "aid")))
    for word in ("Hypothèse", "Révolution scientifique", "Consultation", "débat", "majorité", "Égalité",
                 "accusation", "discrédité", "victoire", f"{rules.CAPACITY} sièges"):
        assert word.lower() in text.lower(), word


# --- the reference of every value -------------------------------------------------------------------
def test_the_aid_back_lists_every_value_of_every_category():
    """An accusation needs the exact value: the aid lists all of them, one line each, so a
    player never has to name a value they have never seen."""
    from kit.build import default_layouts, load_kit
    from kit.model import Frame
    from kit.surface.record import RecordingSurface

    kit = load_kit("amphitheatre", default_layouts())
    aid = next(c for c in kit.components if c.id == "aid")
    surface = RecordingSurface()
    surface.begin_page(*aid.size)
    aid.pieces[0].back(surface, Frame(*aid.size))
    surface.end_page()
    lines = {call["s"] for call in surface.find("text")}
    for category in rules.CATEGORIES:
        deck = raw(f"{category}.yaml")
        assert flat(typeset(deck["deck"])).upper() in lines
        for card in deck["cards"]:
            assert flat(typeset(card["name"])) in lines, card["name"]
