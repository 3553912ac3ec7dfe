"""`kit score act` and the session reader under hostile input: huge numbers, deep JSON,
arguments that look like options, binary noise. Each is one sentence, exit 2, and the
session file stays byte for byte what it was."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import session as sessions


@pytest.fixture
def phd(new_session) -> Path:
    return new_session("phd", players=("Ana", "Ben"))


def refused_unchanged(kit, path: Path, *args: str) -> str:
    before = path.read_bytes()
    result = kit("score", "act", path, *args)
    assert result.exit_code == 2, result.output
    message = result.output.strip()
    assert len(message.splitlines()) == 1, message
    assert "Traceback" not in message, message
    assert "Unexpected" not in message, message
    assert path.read_bytes() == before
    return message


def adjust(pression: str) -> str:
    return '{"action": "adjust", "player": "Ana", "pression": ' + pression + "}"


UNREADABLE = "Error: The action cannot be read: {}."
TOO_LONG = "the number {} has {} digits, more than the 15 a score can have"


@pytest.mark.parametrize(("number", "reason"), [
    ("9" * 5000, TOO_LONG.format("9" * 17 + "…", 5000)),
    ("-" + "1" * 16, TOO_LONG.format("-" + "1" * 16, 16)),
    ("1e999", "the number 1e999 is too large"),
    ("1" + "0" * 400 + ".5", TOO_LONG.format("1" + "0" * 16 + "…", 402)),
    ("NaN", "NaN is not a number a score can have"),
    ("-Infinity", "-Infinity is not a number a score can have"),
])
def test_numbers_beyond_any_score_are_one_sentence(kit, phd, number, reason):
    message = refused_unchanged(kit, phd, adjust(number))
    assert message == UNREADABLE.format(reason)
    assert len(message) < 300


def test_a_number_within_bounds_reaches_the_rules(kit, phd):
    result = kit("score", "act", phd, adjust("9" * sessions.MAX_NUMBER_DIGITS))   # the rules decide
    assert result.exit_code in (0, 2)
    assert "digits" not in result.output
    assert "Unexpected" not in result.output


@pytest.mark.parametrize("depth", [sessions.MAX_JSON_DEPTH + 1, 60_000])
def test_deep_json_is_one_sentence(kit, phd, depth):
    message = refused_unchanged(kit, phd, "[" * depth + "]" * depth)
    assert message == UNREADABLE.format(f"it is nested more than {sessions.MAX_JSON_DEPTH} levels deep")


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert sessions.parse_json(json.dumps({"action": "note", "text": "[" * 100})) == {
        "action": "note", "text": "[" * 100}


NOT_AN_OBJECT = "Error: The action must be a JSON object such as '{\"action\": \"undo\"}'."
NOT_JSON = "Error: The action is not valid JSON (Expecting value at column 1); write it like '{\"action\": \"undo\"}'."


@pytest.mark.parametrize(("action", "said"), [("-1", NOT_AN_OBJECT), ("--", NOT_JSON), ("-", NOT_JSON),
                                              ("--pression", NOT_JSON), ("-{}", NOT_JSON), ("-x-h", NOT_JSON)])
def test_an_action_that_looks_like_an_option_is_data(kit, phd, action, said):
    assert refused_unchanged(kit, phd, action) == said


def test_the_double_dash_still_works_and_help_is_help(kit, phd):
    assert refused_unchanged(kit, phd, "--", "-1") == NOT_AN_OBJECT
    result = kit("score", "act", phd, "--help")
    assert result.exit_code == 0
    assert "ACTION" in result.output


def test_a_line_in_the_file_beyond_the_bounds_names_its_line(kit, phd):
    with phd.open("a", encoding="utf-8") as f:
        f.write(adjust("9" * 5000) + "\n")
    result = kit("score", "show", phd)
    assert result.exit_code == 2
    assert result.output == (f"Error: {phd}:2: this line cannot be read (the number {'9' * 17}… has 5000 digits, "
                             "more than the 15 a score can have).\n")


NOT_A_SESSION = ("Error: {path}:1: this is not a session file; its first line should be the JSON header but is not "
                 "JSON ({reason}).")


@pytest.mark.parametrize(("noise", "said"), [
    (bytes(range(256)).replace(b"\n", b""), NOT_A_SESSION.replace("{reason}", "it is not UTF-8 text")),
    (b"\x00\xff" * 50, NOT_A_SESSION.replace("{reason}", "it is not UTF-8 text")),
    (b"PK\x03\x04 zip", NOT_A_SESSION.replace("{reason}", "Expecting value at column 1")),
    (b'{"format": 1, "ga', "Error: {path}:1: the header line is cut short, so the file holds no session to repair; "
                          "create the session again with `kit score new`."),
])
def test_noise_without_a_newline_show_and_repair_agree(kit, tmp_path, noise, said):
    path = tmp_path / "noise.jsonl"
    path.write_bytes(noise)
    shown = kit("score", "show", path)
    repaired = kit("score", "repair", path, "--yes")
    assert shown.exit_code == repaired.exit_code == 2
    assert "kit score repair" not in shown.output      # no advice the repair then refuses
    assert shown.output == repaired.output
    assert shown.output == said.replace("{path}", str(path)) + "\n"
    assert path.read_bytes() == noise


def test_noise_after_the_header_is_a_torn_line_that_repair_cuts(kit, phd):
    whole = phd.read_bytes()
    phd.write_bytes(whole + bytes(range(256)).replace(b"\n", b""))
    shown = kit("score", "show", phd)
    assert shown.exit_code == 2
    assert shown.output == (f"Error: {phd}:2: the last line is cut short (probably an interrupted write); remove that "
                            f"line to go on, every line before it is intact. Or run `kit score repair {phd}`, which "
                            "cuts that line after asking.\n")
    assert kit("score", "repair", phd, "--yes").exit_code == 0
    assert phd.read_bytes() == whole


# --- fuzz ----------------------------------------------------------------------------------
_BITS = st.sampled_from([
    '{"action": "adjust", "player": "Ana", "pression": ', '{"action": "', "undo", '"}', "}", "{", "[", "]",
    ",", ":", '"', "-", "--", "-h", "9" * 20, "1e999", "NaN", "-0", "0.5", "\\u0000", "\\ud800", "é", "null",
    "true", '"Ana"', '"Ben"', '"credit"', '"pression"', " ", "\t",
])
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
_ACTIONS = st.one_of(
    st.lists(_BITS, max_size=12).map("".join),
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"action": st.sampled_from(["adjust", "undo", "submit", "deck-empty", ""])},
                          optional={"player": st.sampled_from(["Ana", "Ben", "Zoé", 3]),
                                    "pression": st.integers(-10**20, 10**20),
                                    "credit": st.integers(-5, 5)}).map(json.dumps),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_ACTIONS)
def test_fuzz_act_accepts_one_line_or_refuses_in_one_sentence_leaving_the_file(kit, phd, action):
    before = phd.read_bytes()
    try:
        result = kit("score", "act", phd, action)
        assert result.exit_code in (0, 2), result.output
        assert "Traceback" not in result.output
        assert "Unexpected" not in result.output
        after = phd.read_bytes()
        if result.exit_code == 2 or action in ("-h", "--help"):   # refused, or help asked
            assert len(result.output.strip().splitlines()) == 1 or "Usage:" in result.output, result.output
            assert after == before
        else:
            assert after.startswith(before)
            assert after[len(before):].count(b"\n") == 1
            sessions.load(phd)                        # what was accepted reads back
    finally:
        phd.write_bytes(before)


@pytest.mark.parametrize(("action", "said"), [
    ('{"action": "adjust", "player": "Ana", "pression": 1, "x\\nSaved: Ana wins": 1}', "`x\\nSaved: Ana wins`"),
    ('{"action": "dance\\u202eabc"}', "`dance\\u202eabc`"),
    ('{"action": "adjust", "player": "Ana", "pression": 1, "\\u0007": 1}', "`\\u0007`"),
])
def test_a_typed_key_is_quoted_escaped_never_as_a_second_line_or_reversed(kit, phd, action, said):
    """A key or an action name is quoted as typed but escaped: a line break would forge a
    second line under the refusal, a right-to-left override reverse the rest of it."""
    message = refused_unchanged(kit, phd, action)
    assert said in message
    assert "\u202e" not in message
    assert "\x07" not in message


@pytest.mark.parametrize("game", [["phd"], {"id": "phd"}, 7, None])
def test_a_header_whose_game_is_not_a_name_is_one_sentence_with_its_line(kit, tmp_path, game):
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps({"format": 1, "game": game, "players": [{"name": "Ana"}, {"name": "Ben"}],
                                "options": {}}) + "\n", encoding="utf-8")
    for command in ("show", "log"):
        result = kit("score", command, path)
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"Error: {path}:1: "), result.output
        assert len(result.output.strip().splitlines()) == 1
        assert "Unexpected" not in result.output
