"""The snapshot beside a session (scorekeeper/session.py): a cache of the state that every
command checks against the file's own bytes; the file stays the only truth."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

HOC = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"}, {"name": "Chloé", "role": "luceres"}]
PROMO = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}]


def _hoc_action(rng: random.Random) -> dict:
    kind = rng.choice(["vote", "vote", "ballot", "resolve", "buy", "undo", "undo"])
    names = [p["name"] for p in HOC]
    if kind == "vote":
        return {"action": "vote", "pour": {rng.choice(names): rng.randint(0, 9)},
                "contre": {rng.choice(names): rng.randint(0, 9)}, "colour": rng.choice(["bleu", "vert"]),
                "tiebreak": "contre", "order": names}
    if kind == "ballot":
        return {"action": "ballot", "player": rng.choice(names), "pour": rng.randint(0, 5)}
    if kind == "resolve":
        return {"action": "resolve", "colour": "jaune", "tiebreak": "pour", "order": names}
    if kind == "buy":
        return {"action": "buy_senators", "player": rng.choice(names), "gold": 1}
    return {"action": "undo"}


def _promo_action(rng: random.Random) -> dict:
    names = [p["name"] for p in PROMO]
    kind = rng.choice(["gain", "lose", "steal", "undo"])
    if kind == "steal":
        thief, victim = rng.sample(names, 2)
        return {"action": "steal", "thief": thief, "victim": victim, "amount": rng.randint(1, 3)}
    if kind == "undo":
        return {"action": "undo"}
    return {"action": kind, "player": rng.choice(names), "amount": rng.randint(1, 2)}


@pytest.mark.parametrize(("game", "players", "make"), [("hoc-censeo", HOC, _hoc_action), ("promotion", PROMO, _promo_action)])
@pytest.mark.parametrize("seed", range(6))
def test_every_append_through_the_snapshot_equals_a_full_replay(tmp_path: Path, game, players, make, seed):
    rng = random.Random(seed)
    path = tmp_path / "game.jsonl"
    sessions.create(path, game, players)
    for _ in range(60):
        try:
            session = sessions.append(path, make(rng))
        except RuleViolation:
            continue   # refused: nothing written (undo of nothing, a ballot twice, ...)
        full = sessions.load(path)
        assert session.state == full.state
        assert session.lines == full.lines
        assert sessions.load(path, history=False).state == full.state
        if session.latest_in_effect() is not None and full.latest_in_effect() is not None:
            assert session.latest_in_effect().line == full.latest_in_effect().line
    assert sessions.snapshot_path(path).exists()


def test_two_undos_in_a_row_reach_past_the_snapshot(tmp_path: Path):
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)
    for amount in (1, 2, 3):
        sessions.append(path, {"action": "gain", "player": "Ana", "amount": amount})
    sessions.append(path, {"action": "undo"})
    session = sessions.append(path, {"action": "undo"})    # the snapshot keeps one state back only
    assert session.state["players"]["Ana"]["pi"] == sessions.load(path).state["players"]["Ana"]["pi"] == 2


def test_a_hand_edit_makes_the_snapshot_stale_and_it_is_ignored(tmp_path: Path):
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)
    sessions.append(path, {"action": "gain", "player": "Ana", "amount": 2})
    sessions.append(path, {"action": "gain", "player": "Ben", "amount": 1})
    # someone edits line 2 by hand (same length, so only the digest can tell)
    path.write_bytes(path.read_bytes().replace(b'"amount": 2', b'"amount": 3'))
    assert sessions.load(path, history=False).state["players"]["Ana"]["pi"] == 4
    session = sessions.append(path, {"action": "lose", "player": "Ana", "amount": 1})
    assert session.state["players"]["Ana"]["pi"] == 3


def test_a_broken_or_foreign_snapshot_is_only_a_cache(tmp_path: Path):
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)
    sessions.append(path, {"action": "gain", "player": "Ana", "amount": 2})
    snapshot = sessions.snapshot_path(path)
    for junk in (b"not json", b"[]", json.dumps({"format": 1, "size": 10**9}).encode(), b""):
        snapshot.write_bytes(junk)
        assert sessions.load(path, history=False).state["players"]["Ana"]["pi"] == 3
        assert sessions.append(path, {"action": "gain", "player": "Ben", "amount": 1}).state == sessions.load(path).state


def test_a_snapshot_that_cannot_be_written_changes_nothing(tmp_path: Path, monkeypatch):
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "read-only folder")
    monkeypatch.setattr("tempfile.mkstemp", refuse)    # what session.py writes its snapshot with
    session = sessions.append(path, {"action": "gain", "player": "Ana", "amount": 2})
    assert session.state["players"]["Ana"]["pi"] == 3
    assert not sessions.snapshot_path(path).exists()


def test_lines_written_after_the_snapshot_are_replayed_on_top(tmp_path: Path):
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)
    sessions.append(path, {"action": "gain", "player": "Ana", "amount": 2})
    with open(path, "ab") as handle:   # another program appends without touching the snapshot
        handle.write(sessions.encode({"action": "gain", "player": "Ben", "amount": 4}))
        handle.write(b"\n")
        handle.write(sessions.encode({"action": "undo"}))
    assert sessions.load(path, history=False).state == sessions.load(path).state
    assert sessions.append(path, {"action": "undo"}).state["players"]["Ana"]["pi"] == 1


def test_a_snapshot_from_another_version_of_the_rules_is_ignored(tmp_path: Path):
    # An upgrade may give the state new fields: a state cached by the older engine, in its
    # older shape, must never be read as today's (the file is replayed instead).
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PROMO)
    sessions.append(path, {"action": "gain", "player": "Ana", "amount": 2})
    snapshot_file = sessions.snapshot_path(path)
    snapshot = json.loads(snapshot_file.read_text())
    assert snapshot["engine"] == sessions.engine_stamp()
    # the older engine's state: a field it did not have yet, and its own numbers
    older_state = {key: value for key, value in snapshot["state"].items() if key != "end"}
    older_state["players"] = {**older_state["players"], "Ana": {"pi": 9}}
    snapshot_file.write_text(json.dumps({**snapshot, "engine": "0" * 64, "state": older_state}))
    session = sessions.append(path, {"action": "gain", "player": "Ben", "amount": 1})
    assert session.state["end"] is None
    assert session.state["players"]["Ana"]["pi"] == 3
    assert session.state["players"]["Ben"]["pi"] == 2
