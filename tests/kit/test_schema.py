"""Layout schema errors name the file, the entry and the field, and say what was expected."""
from __future__ import annotations

import pytest
from refusals import bad_layout

from kit.errors import LayoutError
from kit.schema import Field, ListOf, Record, check_distinct, entry_name, layout_dir, load_layout, load_table, load_yaml

CARD = Record({
    "title": Field(str),
    "text": Field(str, default=""),
    "count": Field(int, default=1, min=0, max=10),
    "colour": Field("colour", default="orange"),
    "symbol": Field("symbol", default="circle"),
    "kind": Field(str, default="event", choices=("event", "rule")),
    "width": Field("mm", default=63.0),
}, name_key="title")
DECK = Record({"name": Field(str), "cards": Field(ListOf(CARD, min_len=1))})


def write(tmp_path, text, name="cards.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path, schema=DECK):
    with pytest.raises(LayoutError) as caught:
        load_yaml(path, schema)
    return caught.value


def test_valid_file_gets_defaults_and_conversions(tmp_path):
    path = write(tmp_path, "name: Deck\ncards:\n  - title: A\n    colour: '#0072b2'\n    width: 4.4cm\n")
    data = load_yaml(path, DECK)
    assert data["cards"] == [{"title": "A", "text": "", "count": 1, "colour": "#0072B2", "symbol": "circle",
                              "kind": "event", "width": 44.0}]


def test_wrong_type_names_file_entry_field_and_expectation(tmp_path):
    path = write(tmp_path, "name: Deck\ncards:\n  - title: A\n  - title: Le chien\n    count: deux\n")
    e = error_of(path)
    assert (e.file, e.entry, e.field, e.problem) == (str(path), "cards[2] « Le chien »", "count",
                                                     "expected a whole number, got 'deux' (line 4)")
    assert str(e) == f"{path}, entry cards[2] « Le chien », field 'count': expected a whole number, got 'deux' (line 4)"


def test_unknown_key_lists_the_accepted_ones(tmp_path):
    path = write(tmp_path, "name: Deck\ncards:\n  - title: A\n    colour: green\n    titel: B\n")
    e = error_of(path)
    assert (e.entry, e.field) == ("cards[1] « A »", "titel")
    assert e.problem == "unknown key 'titel'; accepted keys: title, text, count, colour, symbol, kind, width (line 3)"


@pytest.mark.parametrize(("entry", "field", "expected"), [
    ("count: 11", "count", "must be at most 10, got 11"),
    ("count: -1", "count", "must be at least 0, got -1"),
    ("kind: joker", "kind", "expected one of event, rule; got 'joker'"),
    ("colour: pink", "colour", "expected a colour (#RRGGBB or one of black, orange, sky, green, yellow, blue, "
                               "vermillion, purple), got 'pink'"),
    ("symbol: moon", "symbol", "expected a symbol, one of circle, square, triangle, diamond, star, cross, hexagon, "
                               "heart, plus, pentagon, triangle-down, ring, drop, crescent, bolt, octagon, flag, "
                               "hourglass, arrow, minus; got 'moon'"),
    ("width: wide", "width", "expected a length in mm (63, '63mm', '6.3cm'), got 'wide'"),
    ("title: [1, 2]", "title", "expected text, got a list of 2 items"),
])
def test_range_choice_and_kind_errors(tmp_path, entry, field, expected):
    title = "" if entry.startswith("title") else "title: X\n    "
    path = write(tmp_path, f"name: Deck\ncards:\n  - {title}{entry}\n")
    e = error_of(path)
    assert e.field == field
    assert e.entry == ("cards[1]" if field == "title" else "cards[1] « X »")
    assert e.problem == f"{expected} (line 3)"


def test_missing_required_field_and_short_list(tmp_path):
    e = error_of(write(tmp_path, "cards:\n  - title: A\n"))
    assert (e.entry, e.field, e.problem) == (None, "name", "this field is required (line 1)")
    e = error_of(write(tmp_path, "name: D\ncards: []\n"))
    assert (e.entry, e.field, e.problem) == (None, "cards", "expected at least 1 entry, got 0 (line 1)")
    e = error_of(write(tmp_path, "name: D\ncards:\n  - text: sans titre\n"))
    assert (e.entry, e.field, e.problem) == ("cards[1]", "title", "this field is required (line 3)")


def test_yaml_syntax_errors_give_the_line(tmp_path):
    e = error_of(write(tmp_path, "name: Deck\ncards:\n  - title: Attention : piège\n"))
    assert (e.entry, e.field) == (None, None)
    assert e.problem == ("not valid YAML at line 3, column 22: a ':' where a value cannot start (a text containing "
                         "': ' must be put in quotes)")
    e = error_of(write(tmp_path, "name: A\nname: B\ncards: []\n"))
    assert (e.entry, e.field) == (None, None)
    assert e.problem == "the key 'name' appears twice (lines 1 and 2) (line 2, column 1)"


def test_missing_file_and_folder(tmp_path):
    e = error_of(tmp_path / "nope.yaml")
    assert (e.file, e.entry, e.field, e.problem) == (str(tmp_path / "nope.yaml"), None, None, "the file does not exist")
    with bad_layout(tmp_path / "phd", None, None, f"no layout folder for the game 'phd' under {tmp_path}"):
        layout_dir(tmp_path, "phd")


def test_csv_card_list_with_count_column(tmp_path):
    path = write(tmp_path, "title,text,count,colour\nA,Premier\\npuis second,2,blue\nB,,,\n", "cards.csv")
    rows = load_table(path, CARD)
    assert [(r["title"], r["count"], r["colour"]) for r in rows] == [("A", 2, "#0072B2"), ("B", 1, "#E69F00")]
    assert rows[0]["text"] == "Premier\npuis second"
    assert load_layout(path, DECK_ONLY)["cards"] == rows


DECK_ONLY = Record({"cards": Field(ListOf(CARD, min_len=2))})


def test_a_card_list_file_may_be_yaml_csv_or_a_yaml_naming_a_csv(tmp_path):
    write(tmp_path, "title,count\nA,2\nB,\n", "table.csv")
    as_yaml = load_layout(write(tmp_path, "cards:\n  - {title: A, count: 2}\n  - {title: B}\n"), DECK_ONLY)
    as_csv = load_layout(tmp_path / "table.csv", DECK_ONLY)
    named = load_layout(write(tmp_path, "cards: table.csv\n", "named.yaml"), DECK_ONLY)
    assert as_yaml == as_csv == named
    assert [c["count"] for c in named["cards"]] == [2, 1]
    write(tmp_path, "title\nA\n", "short.csv")
    with bad_layout(tmp_path / "short.csv", None, "cards", "expected at least 2 entries, got 1"):
        load_layout(tmp_path / "short.csv", DECK_ONLY)
    with bad_layout(tmp_path / "table.csv", None, None,
                    "this file holds more than a card list (name, cards): write it in YAML, with .yaml"):
        load_layout(tmp_path / "table.csv", DECK)


def test_csv_count_fills_a_copies_field_and_cells_hold_inline_yaml(tmp_path):
    record = Record({"title": Field(str), "copies": Field(int, default=1, min=1),
                     "note": Field(Record({"value": Field(int), "tags": Field(ListOf(str), default=[])}),
                                   required=False)}, name_key="title")
    path = write(tmp_path, 'title,count,note\nA,3,"{value: 2, tags: [x, y]}"\nB,,\n', "cards.csv")
    assert load_table(path, record) == [{"title": "A", "copies": 3, "note": {"value": 2, "tags": ["x", "y"]}},
                                        {"title": "B", "copies": 1, "note": None}]
    write(tmp_path, "title,count,copies\nA,1,2\n", "both.csv")
    with bad_layout(tmp_path / "both.csv", "the header row", "copies",
                    "the column 'copies' appears twice (count and copies are one column)"):
        load_table(tmp_path / "both.csv", record)
    write(tmp_path, 'title,note\nA,"{value: [1"\n', "bad.csv")
    with bad_layout(tmp_path / "bad.csv", "line 2 « A »", "note",
                    "expected a mapping {key: value, ...} or a list [a, b, ...] in YAML's inline form, "
                    "got '{value: [1' (a ',' or a closing bracket was expected)"):
        load_table(tmp_path / "bad.csv", record)


def test_csv_semicolons_and_count_added_when_the_record_lacks_it(tmp_path):
    record = Record({"title": Field(str)}, name_key="title")
    path = write(tmp_path, "title;count\nA;3\n", "cards.csv")
    assert load_table(path, record) == [{"title": "A", "count": 3}]


def test_csv_errors_name_the_line_and_the_column(tmp_path):
    path = write(tmp_path, "title,count\nA,1\nLe chat,trois\n", "cards.csv")
    with bad_layout(path, "line 3 « Le chat »", "count", "expected a whole number, got 'trois'"):
        load_table(path, CARD)
    path = write(tmp_path, "title,couleur\nA,bleu\n", "cards.csv")
    with bad_layout(path, "the header row", "couleur",
                    "unknown column 'couleur'; accepted columns: title, text, count, colour, symbol, kind, width"):
        load_table(path, CARD)


def test_entry_names_read_as_a_designer_counts_and_types():
    assert entry_name("cards", 12, "Le  chien\u202f!") == "cards[12] « Le chien ! »"
    assert entry_name("values", 2, 5) == "values[2] « 5 »"
    assert entry_name("cards", 1, "") == entry_name("cards", 1) == "cards[1]"
    assert entry_name("cards", 3, "x" * 50).endswith("x… »")


def test_check_distinct_names_the_second_entry_and_the_first():
    items = [{"name": "Padoue", "symbol": "star"}, {"name": "Leyde", "symbol": "circle"},
             {"name": "padoue ", "symbol": "star"}]
    with bad_layout("players.yaml", "boards[3] « padoue »", "symbol",
                    "'star' is already the 'symbol' of boards[1]; each board its own"):
        check_distinct(items, ("symbol",), "players.yaml", "boards", "name", why="each board its own")
    check_distinct(items, ("name",), "players.yaml", "boards", "name")  # different as written
    with bad_layout("players.yaml", "boards[3] « padoue »", "name",
                    "'padoue ' is already the 'name' of boards[1]; each must differ"):
        check_distinct(items, ("name",), "players.yaml", "boards", "name", normalise=lambda s: s.strip().lower())
