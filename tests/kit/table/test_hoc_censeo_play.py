"""Hoc Censeo's guided play before and at a secret ballot (issue 32, item 7): the seals and
gold step names its player and offers only what that player holds; a ballot typed at the
terminal is read back before it is saved, then leaves the screen."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from score_cli import spawn_play

from scorekeeper import session as sessions
from scorekeeper.rules import hoc_censeo as hc

PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]
CLEARED = "\x1b[H\x1b[2J\x1b[3J"


def alice_holds_seals(path: Path) -> Path:
    """Two blue motions won by Alice alone: she holds seals, Bob and Chloé nothing."""
    sessions.create(path, "hoc-censeo", copy.deepcopy(PLAYERS), {"objectives": copy.deepcopy(hc.DEFAULT_OBJECTIVES)})
    for _round in range(2):
        sessions.append(path, {"action": "vote", "pour": {"Alice": 5}, "contre": {}, "colour": "bleu"})
    state = sessions.load(path).state
    assert state["players"]["Alice"]["seals"] >= hc.SEALS_PER_PORTION
    assert all(state["players"][n]["seals"] == state["players"][n]["gold"] == 0 for n in ("Bob", "Chloé"))
    return path


def saved(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_the_seals_step_names_its_player_and_offers_only_their_own(tmp_path: Path):
    path = alice_holds_seals(tmp_path / "senate.jsonl")
    child = spawn_play(path)
    child.expect(r"Who is at the keyboard\?")
    child.sendline("Bob")
    # Bob holds nothing to spend: straight to his ballot, never offered Alice's seals
    assert child.expect([r"[Nn]ext \(", r"Bob, POUR"]) == 1
    child.sendline("0")
    child.expect(r"Bob, CONTRE")
    child.sendline("4")
    child.expect(r"Bob, send POUR 0, CONTRE 4\?")
    child.sendline("yes")
    child.expect(r"Who is at the keyboard\? \(Alice/Chloé\)")
    child.sendline("Alice")
    child.expect(r"Alice, next \(vote/seals\)")
    child.sendline("seals")
    child.expect(r"Alice, colour a portion in")
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    assert saved(path)[-1] == {"action": "ballot", "player": "Bob", "pour": 0, "contre": 4}


def test_a_ballot_is_read_back_and_typed_again_on_no_then_leaves_the_screen(tmp_path: Path):
    path = alice_holds_seals(tmp_path / "senate.jsonl")
    child = spawn_play(path)
    child.expect(r"Who is at the keyboard\?")
    child.sendline("Chloé")
    child.expect(r"Chloé, POUR")
    child.sendline("7")
    child.expect(r"Chloé, CONTRE")
    child.sendline("")
    child.expect(r"Chloé, send POUR 7, CONTRE 0\? \(yes/no\)")
    child.sendline("no")
    child.expect_exact(CLEARED)   # the refused read-back leaves the screen too
    child.expect(r"Chloé, POUR")
    assert [a for a in saved(path) if a["action"] == "ballot"] == []
    child.sendline("3")
    child.expect(r"Chloé, CONTRE")
    child.sendline("0")
    child.expect(r"Chloé, send POUR 3, CONTRE 0\?")
    child.sendline("")   # Enter alone sends
    child.expect_exact(CLEARED)
    child.expect(r"Who is at the keyboard\? \(Alice/Bob\)")
    # nothing said on the screen after it was cleared names the amounts
    assert "3" not in child.before.replace("Chloé casts a secret ballot", "")
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    assert saved(path)[-1] == {"action": "ballot", "player": "Chloé", "pour": 3, "contre": 0}
