"""Layout schema errors name the file, the entry and the field, and say what was expected."""
from __future__ import annotations

import pytest

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
    assert (e.file, e.entry, e.field) == (str(path), "cards[2] « Le chien »", "count")
    message = str(e)
    assert str(path) in message
    assert "cards[2] « Le chien »" in message
    assert "'count'" in message
    assert "expected a whole number" in message
    assert "deux" in message
    assert "line 4" in message


def test_unknown_key_lists_the_accepted_ones(tmp_path):
    path = write(tmp_path, "name: Deck\ncards:\n  - title: A\n    colour: green\n    titel: B\n")
    e = error_of(path)
    assert e.field == "titel"
    assert e.entry == "cards[1] « A »"
    assert "unknown key 'titel'" in str(e)
    assert "accepted keys: title, text, count, colour, symbol, kind, width" in str(e)


@pytest.mark.parametrize(("entry", "field", "expected"), [
    ("count: 11", "count", "at most 10"),
    ("count: -1", "count", "at least 0"),
    ("kind: joker", "kind", "one of event, rule"),
    ("colour: pink", "colour", "expected a colour"),
    ("symbol: moon", "symbol", "expected a symbol"),
    ("width: wide", "width", "expected a length"),
    ("title: [1, 2]", "title", "expected text"),
])
def test_range_choice_and_kind_errors(tmp_path, entry, field, expected):
    title = "" if entry.startswith("title") else "title: X\n    "
    path = write(tmp_path, f"name: Deck\ncards:\n  - {title}{entry}\n")
    e = error_of(path)
    assert e.field == field
    assert e.entry.startswith("cards[1]")
    assert expected in str(e)


def test_missing_required_field_and_short_list(tmp_path):
    e = error_of(write(tmp_path, "cards:\n  - title: A\n"))
    assert e.field == "name"
    assert "required" in str(e)
    e = error_of(write(tmp_path, "name: D\ncards: []\n"))
    assert e.field == "cards"
    assert "at least 1" in str(e)
    e = error_of(write(tmp_path, "name: D\ncards:\n  - text: sans titre\n"))
    assert e.entry == "cards[1]"
    assert e.field == "title"


def test_yaml_syntax_errors_give_the_line(tmp_path):
    e = error_of(write(tmp_path, "name: Deck\ncards:\n  - title: Attention : piège\n"))
    assert "not valid YAML at line 3" in str(e)
    assert "quotes" in str(e)
    e = error_of(write(tmp_path, "name: A\nname: B\ncards: []\n"))
    assert "appears twice" in str(e)


def test_missing_file_and_folder(tmp_path):
    e = error_of(tmp_path / "nope.yaml")
    assert "does not exist" in str(e)
    assert "nope.yaml" in str(e)
    with pytest.raises(LayoutError, match="no layout folder"):
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
    with pytest.raises(LayoutError, match="expected at least 2 entries"):
        load_layout(tmp_path / "short.csv", DECK_ONLY)
    with pytest.raises(LayoutError, match="more than a card list"):
        load_layout(tmp_path / "table.csv", DECK)


def test_csv_count_fills_a_copies_field_and_cells_hold_inline_yaml(tmp_path):
    record = Record({"title": Field(str), "copies": Field(int, default=1, min=1),
                     "note": Field(Record({"value": Field(int), "tags": Field(ListOf(str), default=[])}),
                                   required=False)}, name_key="title")
    path = write(tmp_path, 'title,count,note\nA,3,"{value: 2, tags: [x, y]}"\nB,,\n', "cards.csv")
    assert load_table(path, record) == [{"title": "A", "copies": 3, "note": {"value": 2, "tags": ["x", "y"]}},
                                        {"title": "B", "copies": 1, "note": None}]
    write(tmp_path, "title,count,copies\nA,1,2\n", "both.csv")
    with pytest.raises(LayoutError, match="appears twice"):
        load_table(tmp_path / "both.csv", record)
    write(tmp_path, 'title,note\nA,"{value: [1"\n', "bad.csv")
    with pytest.raises(LayoutError) as caught:
        load_table(tmp_path / "bad.csv", record)
    assert (caught.value.entry, caught.value.field) == ("line 2 « A »", "note")
    assert "inline form" in caught.value.problem


def test_csv_semicolons_and_count_added_when_the_record_lacks_it(tmp_path):
    record = Record({"title": Field(str)}, name_key="title")
    path = write(tmp_path, "title;count\nA;3\n", "cards.csv")
    assert load_table(path, record) == [{"title": "A", "count": 3}]


def test_csv_errors_name_the_line_and_the_column(tmp_path):
    path = write(tmp_path, "title,count\nA,1\nLe chat,trois\n", "cards.csv")
    with pytest.raises(LayoutError) as caught:
        load_table(path, CARD)
    e = caught.value
    assert (e.entry, e.field) == ("line 3 « Le chat »", "count")
    assert "expected a whole number" in str(e)
    path = write(tmp_path, "title,couleur\nA,bleu\n", "cards.csv")
    with pytest.raises(LayoutError, match="unknown column 'couleur'; accepted columns: title, text, count"):
        load_table(path, CARD)


def test_entry_names_read_as_a_designer_counts_and_types():
    assert entry_name("cards", 12, "Le  chien\u202f!") == "cards[12] « Le chien ! »"
    assert entry_name("values", 2, 5) == "values[2] « 5 »"
    assert entry_name("cards", 1, "") == entry_name("cards", 1) == "cards[1]"
    assert entry_name("cards", 3, "x" * 50).endswith("x… »")


def test_check_distinct_names_the_second_entry_and_the_first():
    items = [{"name": "Padoue", "symbol": "star"}, {"name": "Leyde", "symbol": "circle"},
             {"name": "padoue ", "symbol": "star"}]
    with pytest.raises(LayoutError) as caught:
        check_distinct(items, ("symbol",), "players.yaml", "boards", "name", why="each board its own")
    error = caught.value
    assert (error.entry, error.field) == ("boards[3] « padoue »", "symbol")
    assert "boards[1]" in error.problem
    assert "each board its own" in error.problem
    check_distinct(items, ("name",), "players.yaml", "boards", "name")  # different as written
    with pytest.raises(LayoutError):
        check_distinct(items, ("name",), "players.yaml", "boards", "name", normalise=lambda s: s.strip().lower())
