"""Issue 46: guided play's undo goes back past the steps play writes again at once without
asking anyone (a turn's start, Promotion's draw, a resolve the ballots leave nothing open
in): one `annuler` reaches the last entry a person answered. Which steps ask nothing is
found by running play's own step (kit.table.writes_unasked), in every game."""
from __future__ import annotations

import json
from pathlib import Path

import pexpect
from score_cli import REPO, spawn_play

from kit import table
from kit.games.promotion import layout as promotion_layout
from scorekeeper import session as sessions

DECK = promotion_layout.deck(REPO / "layouts")


def office(path: Path) -> Path:
    """Promotion with the kit's deck: Ana's turn begun and her card drawn."""
    sessions.create(path, "promotion", [{"name": "Ana"}, {"name": "Ben"}], {}, DECK)
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "turn", "player": "Ana", "step": "draw"}):
        sessions.append(path, action)
    return path


def in_effect(path: Path) -> list[dict]:
    return [dict(entry.action) for entry, _before, _after in sessions.load(path).in_effect()]


def test_an_accidental_end_of_turn_is_one_undo_away(tmp_path: Path):
    """Enter at Ana's « Play a card, or end the turn » ends her turn; play then writes Ben's start and
    Ben's draw unasked. One undo at Ben's question takes all three back (it took Ben's draw
    alone, which play wrote again at once: the table could never get back)."""
    path = office(tmp_path / "office.jsonl")
    before = in_effect(path)
    child = spawn_play(path)
    child.expect_exact("Ana: Play a card, or end the turn")
    child.sendline("")                                   # the accidental Enter
    child.expect_exact("Ben: Play a card, or end the turn")
    child.sendline("annuler")
    child.expect_exact("Undo line 4 (Ana ends the turn) and the 2 steps written after it without a question?")
    child.sendline("oui")
    child.expect_exact("Ana: Play a card, or end the turn")
    assert in_effect(path) == before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert [json.loads(line)["action"] for line in path.read_text(encoding="utf-8").splitlines()[-3:]] == ["undo"] * 3


def test_each_game_s_unasked_steps_are_taken_back_with_the_answer_before_them(tmp_path: Path):
    # Promotion: Ben's draw and start, and Ana's end of turn (the answer)
    path = office(tmp_path / "office.jsonl")
    for action in ({"action": "turn", "player": "Ana", "step": "end"},
                   {"action": "turn", "player": "Ben", "step": "start"},
                   {"action": "turn", "player": "Ben", "step": "draw"}):
        sessions.append(path, action)
    taken = table.entries_to_undo(sessions.load(path))
    assert [(e.action["player"], e.action["step"]) for e in taken] == [("Ben", "draw"), ("Ben", "start"), ("Ana", "end")]
    # Hoc Censeo: a resolve CONTRE wins with nothing to choose is written unasked; Chloé's ballot with it
    senate = tmp_path / "senate.jsonl"
    sessions.create(senate, "hoc-censeo", [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
                                           {"name": "Chloé", "role": "luceres"}], {})
    for name, contre in (("Alice", 5), ("Bob", 0), ("Chloé", 0)):
        sessions.append(senate, {"action": "ballot", "player": name, "pour": 0, "contre": contre})
    sessions.append(senate, {"action": "resolve"})
    assert [e.action["action"] for e in table.entries_to_undo(sessions.load(senate))] == ["resolve", "ballot"]
    # a ballot someone typed is taken back alone
    sessions.append(senate, {"action": "ballot", "player": "Alice", "pour": 1, "contre": 0})
    assert [e.line for e in table.entries_to_undo(sessions.load(senate))] == [6]
