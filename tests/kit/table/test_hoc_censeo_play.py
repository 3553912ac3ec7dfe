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


def test_seals_are_offered_to_the_player_at_the_keyboard_only(tmp_path: Path):
    path = alice_holds_seals(tmp_path / "senate.jsonl")
    child = spawn_play(path)
    # Alice, first in the rules' order, holds seals: her ballot's answer may spend them
    child.expect(r"Not Alice at the keyboard\? Type your name: Bob and Chloé\.")
    child.expect(r"Alice, secret ballot: .* or seals")
    child.sendline("bob")   # Bob is at the keyboard: his name, in the same hidden answer
    # Bob holds nothing to spend: never offered Alice's seals
    index = child.expect([r"Bob, secret ballot: [^\r\n]* or seals", r"Bob, secret ballot: [^\r\n]*\)"])
    assert index == 1
    child.sendline("c 4")
    child.expect(r"Bob, send FOR 0, AGAINST 4\?")
    child.sendline("yes")
    child.expect(r"Alice, secret ballot: .* or seals")
    child.sendline("seals")
    child.expect(r"Alice: spend seals on a portion\r\nColour \(blue/mauve/yellow/green\)")
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    assert saved(path)[-1] == {"action": "ballot", "player": "Bob", "pour": 0, "contre": 4}


def test_a_ballot_is_read_back_and_typed_again_on_no_then_leaves_the_screen(tmp_path: Path):
    path = alice_holds_seals(tmp_path / "senate.jsonl")
    child = spawn_play(path)
    child.expect(r"Alice, secret ballot")
    child.sendline("Chloé")
    child.expect(r"Chloé, secret ballot")
    child.sendline("7")
    child.expect(r"Chloé, send FOR 7, AGAINST 0\? \(yes/no\)")
    child.sendline("no")
    child.expect_exact(CLEARED)   # the refused read-back leaves the screen too
    child.expect(r"Chloé, secret ballot")
    assert [a for a in saved(path) if a["action"] == "ballot"] == []
    child.sendline("3 0")
    child.expect(r"Chloé, send FOR 3, AGAINST 0\?")
    child.sendline("")   # Enter alone sends
    child.expect_exact(CLEARED)
    child.expect(r"Alice, secret ballot")
    # nothing said on the screen after it was cleared names the amounts
    assert "3" not in child.before.replace("Chloé casts a secret ballot", "").replace("12 3", "")
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    assert saved(path)[-1] == {"action": "ballot", "player": "Chloé", "pour": 3, "contre": 0}


def test_one_answer_reads_pour_then_contre_and_the_sides_by_their_words():
    """A ballot's POUR and CONTRE share one bound (Hoc Censeo's faces' `budgets`): guided
    play reads both from one answer, bare numbers in order or each after its side's word,
    in either language."""
    from kit.errors import KitError
    from kit.table import read_numbers

    wrong = "Type FOR then AGAINST as whole numbers, such as 12, 12 3 or a 5."

    def read_ballot(text: str) -> tuple[int, int]:
        amounts = read_numbers(text, ("pour", "contre"), {"pour": "FOR", "contre": "AGAINST"}, wrong)
        return amounts["pour"], amounts["contre"]
    assert read_ballot("") == (0, 0)
    assert read_ballot("12") == (12, 0)
    assert read_ballot(" 12 3 ") == (12, 3)
    assert read_ballot("c 5") == read_ballot("contre 5") == read_ballot("CONTRE 5") == read_ballot("against 5") == (0, 5)
    assert read_ballot("p 2 c 5") == read_ballot("c 5 p 2") == read_ballot("c 5 2") == read_ballot("2, 5") == (2, 5)
    assert read_ballot("for 2 against 5") == read_ballot("a 5 f 2") == read_ballot("FOR 2, AGAINST 5") == (2, 5)
    for typed in ("1 2 3", "c", "c 5 c 6", "p 1 2 3", "2O", "douze", "c p 4"):
        try:
            read_ballot(typed)
        except KitError as error:   # the same sentence whatever was typed: it never repeats it
            assert str(error) == wrong
        else:
            raise AssertionError(typed)


# What the table answers at each kind of question of a round, matched on the question's
# words (the older ones too, so the same walk measured the round before and after issue 46).
ROUND_ANSWERS = [
    (r"Who is at the keyboard\?", ""),          # the first name offered, the rules' order
    (r"\w+, next \(", "vote"),                  # the seals and gold menu (gone since)
    (r"\w+, POUR(?! CONTRE)", "5"),             # a ballot asked side by side (gone since)
    (r"\w+, CONTRE", ""),
    (r"\w+, secret ballot", "5"),               # the whole ballot in one answer
    (r"\w+, send (POUR|FOR)", ""),              # the read-back (POUR before issue 48)
    (r"The motion's colour", "bleu"),
]


AMOUNTS = {"Alice": 5, "Bob": 6, "Chloé": 7}


def answers_in_a_round(path: Path) -> dict[str, int]:
    """Play one round in a terminal, as a table does: the answers each player gives, a
    question naming nobody counted for the player named by the next one, the motion's
    colour for the magistrate."""
    magistrate = sessions.load(path).state["magistrate"]
    child = spawn_play(path)
    counts: dict[str, int] = {}
    unnamed = 0
    while True:
        index = child.expect([pattern for pattern, _answer in ROUND_ANSWERS] + [r"Next: round \d+ of \d+"])
        if index == len(ROUND_ANSWERS):
            break
        named = child.after.split(",")[0] if "," in child.after else None
        if index == len(ROUND_ANSWERS) - 1:
            named = magistrate
        if named is None:
            unnamed += 1
        else:
            counts[named] = counts.get(named, 0) + 1 + unnamed
            unnamed = 0
        answer = ROUND_ANSWERS[index][1]
        # unequal amounts: no order of equal voters to ask
        child.sendline(str(AMOUNTS[named]) if answer == "5" else answer)
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    return counts


def test_a_round_takes_at_most_three_answers_a_player(tmp_path: Path):
    """Issue 46: a Hoc Censeo round in at most 3 answers per player in the terminal (it took
    4, the magistrate 5, and one more for whoever could spend seals or gold)."""
    path = alice_holds_seals(tmp_path / "senate.jsonl")   # Alice may spend: the menu came on top
    counts = answers_in_a_round(path)
    assert set(counts) == {"Alice", "Bob", "Chloé"}, counts
    assert max(counts.values()) <= 3, counts
    assert [a["action"] for a in saved(path)[-4:]] == ["ballot", "ballot", "ballot", "resolve"]


def test_the_magistrate_reads_whom_a_calamity_strikes_before_resolving(tmp_path: Path):
    """The facts above the resolve (the terminal's and the magistrate's phone): the portion
    that brings the calamity, and who chooses what they lose; never a ballot's amount."""
    from kit import i18n
    from kit.games.hoc_censeo import table as hoc_table
    from scorekeeper import rules

    path = tmp_path / "senate.jsonl"
    sessions.create(path, "hoc-censeo", copy.deepcopy(PLAYERS), {"objectives": copy.deepcopy(hc.DEFAULT_OBJECTIVES)})
    for voter in ("Bob", "Chloé", "Alice"):
        sessions.append(path, {"action": "vote", "pour": {}, "contre": {voter: 1}})
    sessions.append(path, {"action": "buy_senators", "player": "Alice", "gold": 2})

    def facts(state: hc.State) -> list[str]:
        decision = rules.pending("hoc-censeo", state)[0]
        assert decision["action"] == "resolve"
        return [m.render(i18n._, i18n.ngettext, i18n.join) for m in hoc_table.decision_facts(state, decision)]
    for name in ("Alice", "Bob", "Chloé"):     # equal ballots: whoever ranks first gains gold, so each may choose
        state = sessions.append(path, {"action": "ballot", "player": name, "contre": 1}).state
    assert facts(state) == ["Totals: FOR 0, AGAINST 3.", "Equal ballots on AGAINST: Alice, Bob and Chloé; you order them.",
                            "Rome's portion number 4 turns grey: calamity!",
                            "Each player it strikes loses 1 gold coin or 5 senators, as each chooses."]
    for _ballot in range(3):
        sessions.append(path, {"action": "undo"})
    for name, amount in (("Alice", 1), ("Bob", 2), ("Chloé", 3)):   # unequal: Alice gains no gold
        state = sessions.append(path, {"action": "ballot", "player": name, "contre": amount}).state
    assert facts(state) == ["Totals: FOR 0, AGAINST 6.", "Rome's portion number 4 turns grey: calamity!",
                            "Alice has no gold and loses 5 senators.",
                            "The others lose 1 gold coin or 5 senators, as each chooses."]
