"""Session files: validation line by line, append-only writes, undo, locking, creation."""
from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

import pytest
from refusals import failed, refused, rule

from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]
HEADER = {"format": 1, "game": "hoc-censeo", "players": PLAYERS, "options": {}}
VOTE = {"action": "vote", "contre": {"Bob": 10}}


def write_lines(path: Path, *objects, tail: bytes = b"") -> Path:
    path.write_bytes(b"".join(sessions.encode(o) for o in objects) + tail)
    return path


@pytest.fixture
def path(tmp_path: Path) -> Path:
    sessions.create(tmp_path / "game.jsonl", "hoc-censeo", PLAYERS)
    return tmp_path / "game.jsonl"


# -- creating ---------------------------------------------------------------------------

def test_create_writes_only_the_header_and_leaves_no_temporary_file(path: Path):
    assert json.loads(path.read_text(encoding="utf-8")) == HEADER
    assert path.read_bytes().endswith(b"\n")
    assert [p.name for p in path.parent.iterdir()] == ["game.jsonl"]
    assert "Chloé" in path.read_text(encoding="utf-8")   # UTF-8, not \u escapes


def test_a_new_session_and_its_snapshot_are_the_owners_only(tmp_path: Path):
    umask = os.umask(0o022)
    try:
        sessions.create(tmp_path / "game.jsonl", "hoc-censeo", PLAYERS)
        sessions.append(tmp_path / "game.jsonl", VOTE)
    finally:
        os.umask(umask)
    assert (tmp_path / "game.jsonl").stat().st_mode & 0o777 == 0o600   # tribes and ballots inside
    assert sessions.snapshot_path(tmp_path / "game.jsonl").stat().st_mode & 0o777 == 0o600


def test_make_private_fixes_the_files_others_may_read_and_says_which(tmp_path: Path):
    path = tmp_path / "game.jsonl"
    sessions.create(path, "hoc-censeo", PLAYERS)
    sessions.seat_tokens(path)
    os.chmod(path, 0o644)
    os.chmod(sessions.tokens_path(path), 0o664)
    assert sessions.make_private(path) == [path, sessions.tokens_path(path)]
    assert all(f.stat().st_mode & 0o777 == 0o600 for f in (path, sessions.tokens_path(path)))
    assert sessions.make_private(path) == []


def test_create_never_overwrites(path: Path):
    before = path.read_bytes()
    with failed(sessions.SessionError, "{path} already exists; choose another name (a session is never overwritten).",
                path=path):
        sessions.create(path, "hoc-censeo", PLAYERS)
    assert path.read_bytes() == before


def test_a_refused_setup_creates_nothing(tmp_path: Path):
    with refused("The tribe {tribe} is taken by both {taken} and {name}; each of {TRIBES} plays exactly once.",
                 tribe="titienses", taken="Alice", name="C"):
        sessions.create(tmp_path / "x.jsonl", "hoc-censeo", [*PLAYERS[:2], {"name": "C", "role": "titienses"}])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("header", "reason"), [
    ({**HEADER, "format": 2}, rule("The session format is {value} but this kit reads format {FORMAT}.",
                                   value="2", FORMAT=1)),
    ({**HEADER, "game": "chess"}, rule("There is no game called {game}; the games are {GAME_IDS}.", game="'chess'")),
    ({**HEADER, "players": []}, rule("The header needs a non-empty list of players.")),
    ({**HEADER, "players": [*PLAYERS[:2], {"name": "Bob", "role": "luceres"}]},
     rule("The name {name} is used twice; each player needs their own name.", name="Bob")),
    ({**HEADER, "players": [*PLAYERS[:2], {"name": " ", "role": "luceres"}]},
     rule("Player {number} needs a non-empty name.", number=3)),
    ({**HEADER, "players": [*PLAYERS[:2], "Chloé"]},
     rule('Player {number} must be an object with a name, such as {{"name": "Alice"}}.', number=3)),
    ({**HEADER, "options": []}, rule("The header's options must be an object of NAME: VALUE pairs.")),
    ({"action": "vote"}, rule("The first line must be the session header, a JSON object with 'format', "
                              "'game', 'players' and 'options'.")),
])
def test_a_bad_header_is_reported_on_line_1(tmp_path: Path, header: dict, reason: rule):
    path = write_lines(tmp_path / "s.jsonl", header)
    with failed(sessions.SessionError, "{path}:{number}: {error}", path=path, number=1, error=reason) as caught:
        sessions.load(path)
    assert str(caught.value).startswith(f"{path}:1: ")


def test_names_are_case_sensitive(tmp_path: Path):
    path = write_lines(tmp_path / "s.jsonl", {**HEADER, "players": [*PLAYERS[:2], {"name": "bob", "role": "luceres"}]})
    assert sessions.load(path).state["players"]["bob"]["tribe"] == "luceres"


# -- loading ----------------------------------------------------------------------------

def test_every_line_is_validated_and_the_bad_one_is_named(tmp_path: Path):
    good = [HEADER, VOTE, {"action": "buy_senators", "player": "Bob", "gold": 1}]
    bad_line = "{path}:{number}: {error}"
    cases = {
        b"not json\n": ("{path}:{number}: this line is not valid JSON ({value}).",
                        {"value": "Expecting value at column 1"}),
        b"[1, 2]\n": (bad_line, {"error": rule('An action is a JSON object such as {{"action": "vote", ...}}, '
                                               "not {value}.", value="[1, 2]")}),
        b'{"player": "Bob"}\n': (bad_line, {"error": rule('An action needs an "action" field naming it, such as '
                                                           '{"action": "undo"}.')}),
        sessions.encode({"action": "buy_senators", "player": "Bob", "gold": 5}):
            (bad_line, {"error": rule("{name} has {gold} gold and cannot spend {gold2}.", name="Bob", gold=1,
                                      gold2=5)}),
        sessions.encode({"action": "fly"}):
            (bad_line, {"error": rule("{title} has no action {name}; its actions are: {actions}.", name="`fly`")}),
    }
    for bad, (template, named) in cases.items():
        path = write_lines(tmp_path / "s.jsonl", *good, tail=bad + sessions.encode(VOTE))
        with failed(sessions.SessionError, template, path=path, number=4, **named) as caught:
            sessions.load(path)
        assert str(caught.value).startswith(f"{path}:4: ")


def test_blank_lines_are_harmless(tmp_path: Path):
    path = write_lines(tmp_path / "s.jsonl", HEADER, tail=b"\n" + sessions.encode(VOTE) + b"  \n")
    session = sessions.load(path)
    assert session.state["round"] == 1
    assert session.entries[0].line == 3


def test_a_file_saved_with_a_byte_order_mark_reads_and_appends(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(sessions.UTF8_BOM + sessions.encode(HEADER) + sessions.encode(VOTE))
    assert sessions.load(path).state["round"] == 1
    assert sessions.append(path, VOTE).state["round"] == 2


def test_a_torn_last_line_is_reported_with_its_line_and_never_dropped(tmp_path: Path):
    whole = sessions.encode(HEADER) + sessions.encode(VOTE)
    path = tmp_path / "s.jsonl"
    path.write_bytes(whole + sessions.encode(VOTE)[:17])
    with failed(sessions.TornLine, "{path}:{line}: the last line is cut short (probably an interrupted write); "
                "remove that line to go on, every line before it is intact.", path=path, line=3) as torn:
        sessions.load(path)
    assert torn.value.line == 3
    assert torn.value.offset == len(whole)
    before = path.read_bytes()
    with pytest.raises(sessions.TornLine):
        sessions.append(path, VOTE)
    assert path.read_bytes() == before


def test_repair_cuts_only_the_torn_tail(tmp_path: Path):
    whole = sessions.encode(HEADER) + sessions.encode(VOTE)
    path = tmp_path / "s.jsonl"
    path.write_bytes(whole + b'{"action": "vo')
    line, removed = sessions.repair(path)
    assert (line, removed) == (3, b'{"action": "vo')
    assert path.read_bytes() == whole
    with failed(sessions.SessionError, "{path} has no cut-short last line; there is nothing to repair.", path=path):
        sessions.repair(path)


def test_repair_refuses_when_an_earlier_line_is_bad_too(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(sessions.encode(HEADER) + b"oops\n" + b'{"act')
    before = path.read_bytes()
    with failed(sessions.SessionError, "{path}:{number}: this line is not valid JSON ({value}).", path=path, number=2):
        sessions.repair(path)
    assert path.read_bytes() == before


def test_a_complete_last_line_without_newline_is_read_and_the_next_line_starts_fresh(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(sessions.encode(HEADER) + sessions.encode(VOTE).rstrip(b"\n"))
    assert sessions.load(path).state["round"] == 1
    sessions.append(path, VOTE)
    assert sessions.load(path).state["round"] == 2
    assert len(path.read_bytes().splitlines()) == 3


def test_an_empty_file_is_reported(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"")
    with failed(sessions.SessionError, "{path}:1: the file is empty; a session starts with its header line.",
                path=path):
        sessions.load(path)


def test_a_missing_file_is_one_sentence(tmp_path: Path):
    with failed(sessions.SessionError, "There is no session file {path}; create one with `kit score new`.",
                path=tmp_path / "nope.jsonl"):
        sessions.load(tmp_path / "nope.jsonl")


# -- appending and undo -----------------------------------------------------------------

def test_append_writes_exactly_one_more_line(path: Path):
    before = path.read_bytes()
    session = sessions.append(path, {"contre": {"Bob": 10}, "action": "vote"})
    assert path.read_bytes() == before + b'{"action": "vote", "contre": {"Bob": 10}}\n'
    assert session.state == sessions.load(path).state


def test_a_refused_action_leaves_the_file_byte_for_byte(path: Path):
    sessions.append(path, VOTE)
    before = path.read_bytes()
    for action, reason in (
            ({"action": "vote", "contre": {"Bob": 1000}}, "{player} has {left} senator left and cannot vote {total}."),
            ({"action": "fly"}, "{title} has no action {name}; its actions are: {actions}."),
            ({"no": "name"}, 'An action needs an "action" field naming it, such as {"action": "undo"}.'),
            (["list"], 'An action is a JSON object such as {{"action": "vote", ...}}, not {value}.')):
        with refused(reason):
            sessions.append(path, action)
        assert path.read_bytes() == before


def test_undo_is_appended_and_cancels_the_latest_action_in_effect(path: Path):
    s0 = sessions.load(path).state
    s1 = sessions.append(path, VOTE).state
    s2 = sessions.append(path, {"action": "buy_senators", "player": "Bob", "gold": 1}).state
    assert sessions.undo(path).state == s1
    assert sessions.undo(path).state == s0
    with failed(sessions.NothingToUndo, "There is nothing to undo: no action is in effect."):
        sessions.undo(path)
    session = sessions.load(path)
    assert [e.action["action"] for e in session.entries] == ["vote", "buy_senators", "undo", "undo"]
    assert [e.undone_by for e in session.entries] == [5, 4, None, None]
    assert s2 != s1


def test_a_hand_written_undo_with_nothing_to_undo_is_a_bad_line(tmp_path: Path):
    path = write_lines(tmp_path / "s.jsonl", HEADER, {"action": "undo"})
    with failed(sessions.SessionError, "{path}:{number}: {error}", path=path, number=2,
                error=rule("There is nothing to undo: no action is in effect.")):
        sessions.load(path)


def test_a_short_write_is_rolled_back(path: Path, monkeypatch: pytest.MonkeyPatch):
    sessions.append(path, VOTE)
    before = path.read_bytes()
    real_write = os.write

    def half_write(fd: int, data: bytes) -> int:   # a disk that fills up mid-line
        return real_write(fd, data[: len(data) // 2])

    monkeypatch.setattr(sessions.os, "write", half_write)
    with failed(sessions.SessionError, "{path} could not be written ({value}); the action was not saved.", path=path):
        sessions.append(path, VOTE)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sessions.load(path).state["round"] == 1


def test_a_locked_session_gets_a_clear_sentence_and_stays_unchanged(path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sessions, "LOCK_WAIT_SECONDS", 0.05)
    before = path.read_bytes()
    with open(path, "rb") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)
        with failed(sessions.SessionLocked, "{path} is being written by another scorekeeper command right now; "
                    "try again once it has finished.", path=path):
            sessions.append(path, VOTE)
        with pytest.raises(sessions.SessionLocked):
            sessions.load(path)   # a reader waits for a writer too: never reads half a line
    assert path.read_bytes() == before
    sessions.append(path, VOTE)   # the lock is gone with its holder


@pytest.mark.parametrize("content", [b"name,score\nAna,3\n", b"# Notes\n\nnot a session\n", b"\xff\xfe\x00\n"])
def test_another_kind_of_file_is_called_not_a_session_file(tmp_path: Path, content: bytes):
    path = tmp_path / "other.txt"
    path.write_bytes(content)
    with failed(sessions.SessionError, "{path}:{number}: this is not a session file; its first line should be the "
                "JSON header but is not JSON ({value}).", path=path, number=1):
        sessions.load(path)


def test_a_file_problem_is_not_a_rule_refusal(tmp_path):
    # Guided play re-asks after a refusal; a session that cannot be read or written must stop it.
    from kit.table import try_submit
    from scorekeeper.errors import ScorekeeperError

    assert issubclass(sessions.SessionError, ScorekeeperError)
    assert not issubclass(sessions.SessionError, RuleViolation)
    folder = tmp_path / "a-folder.jsonl"
    folder.mkdir()
    with failed(sessions.SessionError, "{path} is a folder, not a session file.", path=folder):
        try_submit(folder, {"action": "gain", "player": "Ana", "amount": 1})
