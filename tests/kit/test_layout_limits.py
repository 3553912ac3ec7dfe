"""Hostile or mistaken layout files: each kind is refused in one bounded sentence naming
the file (and the entry, the field and the line when there is one), never a hang, a
traceback or a memory blow-up; `kit build` then exits 2 and writes nothing."""
from __future__ import annotations

import re

import pytest
from build_helpers import GAME, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from refusals import bad_layout

from kit import schema
from kit.errors import LayoutError
from kit.schema import Field, ListOf, Record, load_table, load_yaml, read_yaml

CARD = Record({
    "title": Field("text"),
    "text": Field("text", default=""),
    "count": Field(int, default=1, min=0, max=schema.MAX_COPIES),
    "width": Field("mm", default=63.0),
    "ratio": Field(float, default=1.0),
    "size": Field("size", default="poker"),
}, name_key="title")
DECK = Record({"name": Field(str, default="Deck"), "cards": Field(ListOf(CARD, min_len=1))})


def refused(tmp_path, text: str, schema_=DECK, name: str = "cards.yaml") -> tuple[str | None, str | None, str]:
    """What the layout error says: the entry and the field it names and the problem, once it
    is known to name the file and to be one bounded line."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        load_table(path, CARD) if name.endswith(".csv") else load_yaml(path, schema_)
    error, message = caught.value, str(caught.value)
    assert error.file == str(path), message
    assert "\n" not in message, message
    assert len(message) < 400, message
    return error.entry, error.field, error.problem


def bomb(levels: int = 9, width: int = 9) -> str:
    """A 'billion laughs' list: each anchor repeats the previous one `width` times."""
    parts = ["&a0 [" + ", ".join(["lol"] * width) + "]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


# --- structure --------------------------------------------------------------------------------
def test_an_alias_bomb_in_a_text_field_is_refused_before_it_is_expanded(tmp_path):
    assert refused(tmp_path, f"cards:\n  - title: {bomb()}\n") == (
        None, None, f"the file holds more than {schema.MAX_VALUES:,} values, counting each alias (*name) as all it "
                    "stands for (line 2, column 227)")


def test_a_small_alias_is_fine_and_a_wrong_kind_is_named_by_its_size(tmp_path):
    assert refused(tmp_path, "cards:\n  - title: &t [a, b, c]\n  - title: *t\n") == (
        "cards[1]", "title", "expected text, got a list of 3 items (line 2)")


def test_an_alias_inside_itself_is_refused(tmp_path):
    assert refused(tmp_path, "cards: &c [*c]\n") == (
        None, None, "an alias (*name) stands for a list or mapping that contains it (line 1, column 12)")


@pytest.mark.parametrize(("nesting", "where"), [
    # Past libyaml's own limit, which PyYAML releases place differently (column 40 with 6.0.3,
    # 1008 with 6.0.4): the line is the kit's to give, the column is libyaml's.
    ("[" * 5000 + "]" * 5000, r"line 3, column \d+"),
    ("[" * 40 + "]" * 40, "line 3, column 40"),                             # past the kit's
    ("\n" + "".join("  " * i + "-\n" for i in range(1, 60)), "line 35, column 65"),    # block style
])
def test_deep_nesting_is_refused_with_its_line(tmp_path, nesting, where):
    entry, field, problem = refused(tmp_path, f"cards:\n  - title: A\n    text: {nesting}\n")
    assert (entry, field) == (None, None)
    assert re.fullmatch(re.escape(f"values are nested more than {schema.MAX_DEPTH} levels deep (") + where + r"\)",
                        problem), problem


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    text = "cards:\n  - title: A\n    text: " + "x" * (10 << 20) + "\n"
    assert refused(tmp_path, text) == (
        None, None, f"the file is larger than {schema.MAX_FILE_BYTES // 1024:,} KiB, the most a layout file may hold")


def test_a_number_too_long_to_convert_is_refused_with_its_line(tmp_path):
    assert refused(tmp_path, "cards:\n  - title: A\n    count: " + "9" * 5000 + "\n") == (
        None, None, "a number of 5,000 characters is too long (at most 30) (line 3, column 12)")


NO_PAPER = ("a piece of {} mm fits on no paper the kit prints on (the largest piece is 193 x 280 mm on a4, "
            "198.9 x 262.4 mm on letter)")


@pytest.mark.parametrize(("entry", "field", "problem"), [
    ("count: 1000000000", "count", f"must be at most {schema.MAX_COPIES:,}, got 1,000,000,000"),
    ("ratio: .inf", "ratio", "expected a number, got inf"),
    ("ratio: 1.0e+300", "ratio", f"must be at most {schema.MAX_WHOLE:,}, got 1e+300"),
    ("width: 7000", "width", "a length of 7000 mm is longer than any paper the kit prints on (a4, letter: at most "
                             "297 mm)"),
    ("size: 7000x12000", "size", NO_PAPER.format("7000 x 12000")),
    ("size: [63, 12000]", "size", NO_PAPER.format("63 x 12000")),
    ("size: 250x280", "size", NO_PAPER.format("250 x 280")),
    ("size: [[1, 2], [3, 4]]", "size", "expected a size: a name (poker, standard, bridge, mini, tarot, square, a7, "
                                       "a6), WxH in mm (63x88) or [width, height]; got a list of 2 items"),
])
def test_numbers_have_stated_bounds(tmp_path, entry, field, problem):
    assert refused(tmp_path, f"cards:\n  - title: A\n    {entry}\n") == ("cards[1] « A »", field, f"{problem} (line 2)")


def test_the_copies_of_a_whole_list_are_bounded(tmp_path):
    cards = "".join(f"  - title: C{i}\n    count: {schema.MAX_COPIES}\n" for i in range(3))
    assert refused(tmp_path, "cards:\n" + cards) == (
        None, "cards", f"the entries ask for {3 * schema.MAX_COPIES:,} copies in all; a list prints at most "
                       f"{schema.MAX_COPIES:,} (line 1)")


def test_a_text_without_stated_bounds_is_bounded(tmp_path):
    text = "x" * (schema.MAX_TEXT + 1)
    assert refused(tmp_path, f"cards:\n  - title: A\n    text: {text}\n") == (
        "cards[1] « A »", "text", f"must be at most {schema.MAX_TEXT:,} characters, got {schema.MAX_TEXT + 1:,} (line 2)")


# --- characters --------------------------------------------------------------------------------
NO_GLYPH = "the kit's fonts have no glyph for the character '{}' ({}); write it with other characters"


@pytest.mark.parametrize(("char", "name"), [("\U0001F600", "U+1F600 GRINNING FACE"),
                                            ("漢", "U+6F22 CJK UNIFIED IDEOGRAPH-6F22")])
def test_a_character_the_fonts_lack_is_named(tmp_path, char, name):
    assert refused(tmp_path, f"cards:\n  - title: A\n  - title: Chien {char}\n") == (
        f"cards[2] « Chien {char} »", "title", NO_GLYPH.format(char, name) + " (line 3)")


def test_a_character_the_fonts_lack_is_named_in_a_csv_table(tmp_path):
    assert refused(tmp_path, "title,text\nA,ok\nB,\U0001F600\n", name="minis.csv") == (
        "line 3 « B »", "text", NO_GLYPH.format("\U0001F600", "U+1F600 GRINNING FACE"))


@pytest.mark.parametrize(("char", "code"), [("\x00", "U+0000"), ("\x07", "U+0007"), ("\ufffe", "U+FFFE")])
def test_a_forbidden_character_is_named_with_its_line_and_column(tmp_path, char, code):
    assert refused(tmp_path, f"cards:\n  - title: A\n  - title: B{char}C\n") == (
        None, None, f"the character {code} (a control character) is not allowed in a layout file (line 3, column 13)")


@pytest.mark.parametrize(("table", "place"), [
    ("title,text\nA,ok\nB,a\x00b\n",
     (None, None, "the character U+0000 (a control character) is not allowed in a layout file (line 3, column 4)")),
    ("title,text\nA,\"" + "x" * 200_000 + "\"\n",
     ("line 2", None, "not a CSV row (field larger than field limit (131072))")),
    ("title,count\nA," + "9" * 5000 + "\n",
     ("line 2 « A »", "count", f"expected a whole number, got '{'9' * 39}…'")),
    ("title,count\nA,999\nB,999\n",
     ("the whole table", "count", "the entries ask for 1,998 copies in all; a list prints at most 1,000")),
])
def test_csv_tables_are_bounded_too(tmp_path, table, place):
    assert refused(tmp_path, table, name="minis.csv") == place


NESTED = Record({"title": Field("text"), "faces": Field(ListOf(Field(ListOf(Field(int)))), default=[])},
                name_key="title")


@pytest.mark.parametrize(("cell", "problem"), [
    ('"' + bomb().replace('"', '""') + '"',
     "the file holds more than 20,000 values, counting each alias (*name) as all it stands for"),
    ('"' + "[" * 5000 + "]" * 5000 + '"', "values are nested more than 32 levels deep"),
    ('"' + "[" * 40 + "]" * 40 + '"', "values are nested more than 32 levels deep"),
])
def test_inline_yaml_in_a_csv_cell_is_bounded_too(tmp_path, cell, problem):
    path = tmp_path / "nested.csv"
    path.write_text(f"title,faces\nA,{cell}\n", encoding="utf-8")
    with bad_layout(path, "line 2 « A »", "faces", problem) as caught:
        load_table(path, NESTED)
    assert len(str(caught.value)) < 400



def test_text_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"cards:\n  - title: A\n  - title: caf\xe9\n")
    with bad_layout(path, None, None, "the file is not UTF-8 text (line 3)"):
        read_yaml(path)


# --- syntax --------------------------------------------------------------------------------------
def test_a_quote_never_closed_names_where_it_began_and_where_the_parser_stopped(tmp_path):
    lines = ["cards:"] + [f"  - title: Carte {i}" for i in range(1, 40)]
    lines[10] = '  - title: "Carte sans fin'
    assert refused(tmp_path, "\n".join(lines) + "\n") == (
        None, None, "not valid YAML at line 41, column 1: the file ends too early, in the quoted text that begins at "
                    "line 11, column 12")


def test_a_quote_closed_far_below_is_suspected(tmp_path):
    lines = ["cards:"] + [f"  - title: Carte {i}" for i in range(1, 40)]
    lines[10] = '  - title: "Carte sans fin'
    lines[30] = '  - title: Carte "trente"'
    assert refused(tmp_path, "\n".join(lines) + "\n") == (
        None, None, "not valid YAML at line 31, column 19: a line indented differently from the ones before it; the "
                    "quoted text that begins at line 11, column 12 runs on to line 31: is its closing quote missing?")


def test_values_quoted_in_messages_are_cut_short(tmp_path):
    long_key = "k" * 1000
    assert refused(tmp_path, f"cards:\n  - title: A\n    {long_key}: 1\n") == (
        "cards[1] « A »", "k" * 39 + "…",
        f"unknown key '{'k' * 39}…'; accepted keys: title, text, count, width, ratio, size (line 2)")
    assert refused(tmp_path, "cards:\n  - title: A\n    width: " + "w" * 5000 + "\n") == (
        "cards[1] « A »", "width", f"expected a length in mm (63, '63mm', '6.3cm'), got '{'w' * 39}…' (line 2)")


# --- the command ------------------------------------------------------------------------------
@pytest.mark.parametrize("mistake", [
    lambda text: text.replace("title:", f"title: {bomb()} #", 1),
    lambda text: text.replace("count: 2", "count: 1000000000", 1),
    lambda text: text.replace("title:", "title: \U0001F600", 1),
    lambda text: text.replace("title:", "title: a\x00", 1),
    lambda text: text + "\n#" + "x" * (20 << 20),
], ids=["alias bomb", "count", "emoji", "NUL", "10 MB"])
def test_build_refuses_in_one_line_and_writes_nothing(fixture_game, layouts_copy, tmp_path, mistake):
    cards = layouts_copy / GAME / "cards.yaml"
    cards.write_text(mistake(cards.read_text(encoding="utf-8")), encoding="utf-8")
    result = run("build", GAME, "--out", str(tmp_path / "out"), layouts=layouts_copy)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.output.startswith(f"Error: {cards}")      # the very file the mistake is in
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


# --- fuzz ---------------------------------------------------------------------------------------
_YAML_BITS = st.sampled_from([
    "\n", "  ", "- ", ": ", "[", "]", "{", "}", ",", "&a ", "*a", "'", '"', "#", "|", ">", "!!str ",
    "!!python/object:os.system ", "<<: ", "? ", "---", "...", "title", "cards", "count", "text", "width",
    "1e999", "99999999999999999999999999999999999", "-1", ".nan", "\t", "\x00", "\ufeff", "é", "\U0001F600",
])
_FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
VALID = "cards:\n  - title: Relecture\n    text: 'Une page : deux fautes.'\n    count: 2\n    width: 6.3cm\n"


REFUSED = object()


def _read_or_refuse(path, text: str, read):
    """read(path) of text, or REFUSED when it refuses in one bounded sentence naming the file."""
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        return read(path)
    except LayoutError as error:
        message = str(error)
        assert message.startswith(str(path)), message
        assert "\n" not in message, message
        assert len(message) < 600, message
        return REFUSED


def _loads_or_refuses(path, text: str) -> None:
    data = _read_or_refuse(path, text, lambda p: load_yaml(p, DECK))
    if data is not REFUSED:
        assert isinstance(data, dict)
        assert data["cards"]


@_FUZZ
@given(st.lists(st.one_of(_YAML_BITS, st.text(max_size=8)), max_size=40))
def test_fuzz_random_yaml_loads_or_gives_one_bounded_sentence(tmp_path, pieces):
    _loads_or_refuses(tmp_path / "fuzz.yaml", "".join(pieces))


@_FUZZ
@given(st.integers(0, len(VALID)), st.integers(0, 10), st.lists(_YAML_BITS, max_size=6))
def test_fuzz_a_valid_file_spliced_loads_or_gives_one_bounded_sentence(tmp_path, at, cut, insert):
    _loads_or_refuses(tmp_path / "fuzz.yaml", VALID[:at] + "".join(insert) + VALID[at + cut:])


@_FUZZ
@given(st.lists(st.one_of(st.sampled_from(["title", "text", "count", "width", ",", ";", '"', "\n", "\r\n", "1000",
                                           "9" * 40, "\\n", "é", "\U0001F600", "\x00", "\ufeff"]),
                          st.text(max_size=6)), max_size=30))
def test_fuzz_random_csv_loads_or_gives_one_bounded_sentence(tmp_path, pieces):
    rows = _read_or_refuse(tmp_path / "fuzz.csv", "".join(pieces), lambda p: load_table(p, CARD))
    if rows is not REFUSED:
        assert isinstance(rows, list)


@pytest.mark.parametrize(("game", "file", "written", "field", "size", "paper", "problem"), [
    ("phd", "kit.yaml", "size: tarot", "components.character-cards.size", "7000x12000", "a4",
     NO_PAPER.format("7000 x 12000")),
    # Promotion's aid may be as large as Letter allows (kit.games.promotion.pieces.SIZES):
    # fits Letter only, known once the paper is.
    ("promotion", "game.yaml", "size: 96x130", "aid.size", "197x200", "a4",
     "component 'aid' of 197 x 200 mm (bleed 0 mm) does not fit on a4 paper; the largest piece is 193 x 280 mm"),
])
def test_a_piece_too_large_names_the_file_and_field_that_set_its_size(tmp_path, game, file, written, field, size,
                                                                      paper, problem):
    import shutil

    from kit.build import BuildOptions, default_layouts, load_kits, plan

    shutil.copytree(default_layouts() / game, tmp_path / game)
    layout = tmp_path / game / file
    text = layout.read_text(encoding="utf-8")
    assert written in text
    layout.write_text(text.replace(written, f"size: {size}", 1), encoding="utf-8")
    def plan_all() -> None:
        for game_kit in load_kits([game], tmp_path):
            plan(game_kit, BuildOptions(paper=paper))

    with pytest.raises(LayoutError) as caught:
        plan_all()
    error = caught.value
    assert (error.file, error.entry, error.field) == (str(layout), None, field)
    assert re.fullmatch(re.escape(problem) + r" \(line \d+\)", error.problem), error.problem
