"""Amphithéâtre's layout files: a designer's mistake names the file, the entry and the field,
and the board geometry holds for any sensible board and seat size.

Each test copies layouts/amphitheatre into tmp_path, breaks one thing, and checks the
LayoutError (and, once, the CLI's exit status 2 with the same sentence).
"""
from __future__ import annotations

import math
import shutil

import pytest
import yaml
from click.testing import CliRunner
from game_kits import separation
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import problem_of
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.errors import LayoutError
from kit.games.amphitheatre import layout as game
from kit.games.amphitheatre.pieces import SIGN_H, SIGN_W, auditorium, in_tiers, row_signs, seat_corners
from kit.paper import parse_size
from scorekeeper.rules import amphitheatre as rules

SOURCE = default_layouts() / "amphitheatre"


@pytest.fixture
def layouts(tmp_path):
    shutil.copytree(SOURCE, tmp_path / "amphitheatre")
    return tmp_path


def edit(layouts, name: str, change) -> None:
    path = layouts / "amphitheatre" / name
    data = yaml_file(path)
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def error_of(layouts) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        game.build(layouts)
    return caught.value


def test_the_project_layouts_build():
    kit = game.build(default_layouts())
    assert kit.id == game.GAME_ID == rules.GAME_ID


def test_a_token_table_that_differs_from_the_engine_is_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["token_table"][1].update(gain=5))
    e = error_of(layouts)
    assert e.file.endswith("game.yaml")
    assert e.entry == "token_table[2] « 2 »"
    assert e.field == "gain"
    assert e.problem == (f"says 5 but the rule engine (scorekeeper.rules.amphitheatre.TOKEN_TABLE) says "
                         f"{rules.TOKEN_TABLE[2]['gain']} for row 2; the boards print the engine's")


def test_a_token_table_missing_a_row_is_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["token_table"].pop())
    e = error_of(layouts)
    assert e.file.endswith("game.yaml")
    assert e.field == "token_table"


def test_without_a_token_table_the_engines_is_printed(layouts):
    edit(layouts, "game.yaml", lambda d: d.pop("token_table"))
    kit = game.build(layouts)
    boards = next(c for c in kit.components if c.id == "boards")
    assert boards.pieces[0].front.keywords["b"].token_table == rules.TOKEN_TABLE


def test_a_deck_below_the_minimum_names_its_file_and_field(layouts):
    edit(layouts, "anatomie.yaml", lambda d: d.update(cards=d["cards"][:rules.MIN_CARDS_PER_CATEGORY - 1]))
    e = error_of(layouts)
    assert e.file.endswith("anatomie.yaml")
    assert e.field == "cards"
    assert problem_of(e) == (f"expected at least {rules.MIN_CARDS_PER_CATEGORY} entries, "
                             f"got {rules.MIN_CARDS_PER_CATEGORY - 1}")


def test_a_misspelt_card_key_names_the_card(layouts):
    def change(d):
        d["cards"][2]["flavor"] = d["cards"][2].pop("flavour")
    edit(layouts, "cause.yaml", change)
    e = error_of(layouts)
    assert e.file.endswith("cause.yaml")
    assert e.entry.startswith("cards[3] « ")
    assert e.field == "flavor"
    assert problem_of(e) == "unknown key 'flavor'; accepted keys: name, flavour, copies"


def test_two_cards_with_the_same_name_are_refused(layouts):
    edit(layouts, "affliction.yaml", lambda d: d["cards"][4].update(name=d["cards"][0]["name"]))
    e = error_of(layouts)
    assert e.entry.startswith("cards[5] « ")
    assert e.field == "name"


def test_two_boards_with_the_same_colour_or_symbol_are_refused(layouts):
    edit(layouts, "players.yaml", lambda d: d["boards"][3].update(symbol=d["boards"][0]["symbol"]))
    e = error_of(layouts)
    assert e.file.endswith("players.yaml")
    assert e.entry.startswith("boards[4] « ")
    assert e.field == "symbol"


def test_a_board_colour_outside_the_palette_is_refused(layouts):
    edit(layouts, "players.yaml", lambda d: d["boards"][1].update(colour="fuchsia"))
    e = error_of(layouts)
    assert e.entry.startswith("boards[2] « ")
    assert e.field == "colour"


def test_two_decks_with_the_same_back_pattern_are_refused(layouts):
    edit(layouts, "cause.yaml", lambda d: d.update(pattern="stripes"))
    e = error_of(layouts)
    assert e.file.endswith("cause.yaml")
    assert e.field == "pattern"


def test_too_few_spectator_tokens_are_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["spectator_tokens"].update(count=rules.MIN_SPECTATOR_TOKENS - 1))
    e = error_of(layouts)
    assert e.field == "spectator_tokens.count"


def test_a_token_too_large_for_its_seat_is_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["spectator_tokens"].update(size=[d["board"]["seat"]] * 2))
    e = error_of(layouts)
    assert e.entry == "spectator_tokens"
    assert e.field == "size"


def test_a_spectator_token_is_square(layouts):
    edit(layouts, "game.yaml", lambda d: d["spectator_tokens"].update(size="12x15"))
    e = error_of(layouts)
    assert e.entry == "spectator_tokens"
    assert e.field == "size"
    assert e.problem == "a spectator token is square, not 12 x 15 mm; write 12x12"


def test_a_board_too_small_for_its_tiers_is_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["board"].update(size="180x120", seat=24))
    e = error_of(layouts)
    assert e.entry == "board"
    assert e.field == "size"
    assert e.problem == ("at 120 mm high the tiers leave no room for the doubt zone; make the board taller or the "
                         "seats smaller")


def test_a_board_too_tall_for_its_corner_hints_is_refused(layouts):
    edit(layouts, "game.yaml", lambda d: d["board"].update(size="200x165"))
    e = error_of(layouts)
    assert e.entry == "board"
    assert e.field == "size"
    assert e.problem == ("at 200 x 165 mm the doubt zone leaves 9 mm beside it for the hints, under 18; make the "
                         "board wider or lower")


def test_an_unknown_placeholder_in_the_aid_names_the_section(layouts):
    edit(layouts, "aid.yaml", lambda d: d["back"][1].update(body="Qui remplit ses {sieges} sièges gagne."))
    e = error_of(layouts)
    assert e.file.endswith("aid.yaml")
    assert e.entry.startswith("back[2] « ")
    assert e.field == "body"
    assert e.problem == ("unknown placeholder {sieges}; known ones: {capacity}, {rows}, {min_players}, "
                         "{max_players}, {row1}, {row2}, {row3}, {gain1}, {penalty1}, {gain2}, {penalty2}, "
                         "{gain3}, {penalty3}")


def test_the_cli_reports_a_layout_error_in_one_sentence_with_exit_status_2(layouts, tmp_path):
    edit(layouts, "game.yaml", lambda d: d["token_table"][0].update(penalty=9))
    result = CliRunner().invoke(cli, ["build", "amphitheatre", "--layouts", str(layouts),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output == (f"Error: {layouts / 'amphitheatre' / 'game.yaml'}, entry token_table[1] « 1 », field "
                             "'penalty': says 9 but the rule engine (scorekeeper.rules.amphitheatre.TOKEN_TABLE) says "
                             f"{rules.TOKEN_TABLE[1]['penalty']} for row 1; the boards print the engine's\n")
    assert not (tmp_path / "out" / "amphitheatre.pdf").exists()


# --- geometry ---------------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(width=st.floats(150, 300), height=st.floats(100, 220), seat=st.floats(12, 24))
def test_every_board_size_the_build_accepts_has_ordered_non_overlapping_seats(width, height, seat):
    """The build either refuses a board size (naming board.size) or lays out seats that
    fill the tiers in order, stay on the board and never overlap."""
    sizes = {"board": {"size": (width, height), "seat": seat},
             "spectator_tokens": {"size": (seat - 2, seat - 2)}}
    try:
        a = game.check_geometry(sizes, "game.yaml")
    except LayoutError as e:
        assert e.entry == "board"
        assert e.field == "size"
        return
    assert [s.number for s in a.seats] == list(range(1, rules.CAPACITY + 1))
    assert [sum(1 for s in a.seats if s.row == r) for r in (1, 2, 3)] == list(rules.ROW_SEATS)
    for s in a.seats:
        # Every seat centre lies on its row's tier, and tiers grow outwards row by row.
        assert math.isclose(math.hypot(s.cx - a.cx, s.cy - a.cy), a.radii[s.row - 1], rel_tol=1e-9)
        # The square seat, turned as printed, stays on the board and above the floor's edge.
        xs, ys = zip(*seat_corners(a, s))
        assert max(ys) <= a.cy
        assert min(xs) >= 0
        assert max(xs) <= width
        assert min(ys) >= 0
    assert list(a.radii) == sorted(a.radii)
    for p in a.seats:
        for q in a.seats:
            if p.number < q.number:
                assert separation(seat_corners(a, p), seat_corners(a, q)) >= 1.0, (p.number, q.number)
        if p.number > 1 and a.seats[p.number - 2].row == p.row:
            assert p.cx > a.seats[p.number - 2].cx  # left to right along the tier


def test_the_row_signs_clear_every_tier_and_stay_on_the_board():
    board = yaml_file(SOURCE / "game.yaml")["board"]
    (width, height), seat = parse_size(board["size"]), board["seat"]
    a = auditorium(width, height, rules.ROW_SEATS, seat)
    signs = row_signs(a, seat)
    assert sorted((row, side) for row, side, _, _ in signs) == [(r, s) for r in (1, 2, 3) for s in (-1, 1)]
    for row, side, x, y in signs:
        for dx in (-SIGN_W / 2, 0, SIGN_W / 2):
            for dy in (-SIGN_H / 2, 0, SIGN_H / 2):
                assert not in_tiers(a, seat, x + dx, y + dy), (row, side)
        assert x - SIGN_W / 2 >= 4
        assert x + SIGN_W / 2 <= width - 4
        # The left sign is left of the whole row, the right sign right of it.
        row_x = [s.cx for s in a.seats if s.row == row]
        assert (x < min(row_x)) if side < 0 else (x > max(row_x))
