"""Issue 32, guided play: a refused answer asks that question again, keeping the step's
earlier answers (the rules' refusal names the field it refuses, RuleViolation.field); a
refusal of the step as a whole asks the whole step again. Each game in a real terminal.
"""
from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest
from score_cli import spawn_play

from scorekeeper import session as sessions

KEPT = "The step's other answers stay; only that question is asked again."


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def _answer(child: pexpect.spawn, prompt: str, answer: str) -> str:
    """Answer the next prompt (which must be `prompt`); what the terminal showed before it."""
    child.expect_exact(prompt)
    shown = child.before
    child.sendline(answer)
    return shown


def _quit(child: pexpect.spawn, prompt: str) -> None:
    _answer(child, prompt, "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.fixture
def phd(tmp_path: Path, kit) -> Path:
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben"]).exit_code == 0
    return path


def test_phd_a_card_refused_among_those_laid_asks_the_cards_again_and_keeps_the_die(phd: Path):
    child = spawn_play(phd)
    _answer(child, "Whose turn is it?", "")
    _answer(child, "Live (the event card", "colloque international")
    _answer(child, "Die (", "4")
    _answer(child, "Modifiers laid (", "citer le jury")          # an Argument that counts only in a controversy
    _answer(child, "were laid by – Ben", "")     # refused once all is typed
    between = _answer(child, "Modifiers laid (", "nuit blanche")  # asked again at once: not the die
    assert "Citer le jury counts only in a controversy or a thesis defence, not in a challenge." in between
    assert KEPT in between
    assert "Die (" not in between
    _quit(child, "Research")                                 # who laid the cards: kept too
    assert _lines(phd)[-1] == {"action": "challenge", "player": "Ana", "die": 4, "modifiers": ["nuit-blanche"]}


def test_phd_who_laid_the_cards_refused_at_the_third_question_keeps_the_die_and_the_cards(phd: Path):
    child = spawn_play(phd)
    _answer(child, "Whose turn is it?", "")
    _answer(child, "Live (the event card", "colloque international")
    _answer(child, "Die (", "4")                                   # first question of the step
    _answer(child, "Modifiers laid (", "nuit blanche")                             # second
    _answer(child, "were laid by – Ben", "2")                      # third: one card was laid
    between = _answer(child, "were laid by – Ben", "1")
    assert "Only 1 card laid here can come from the other players, not 2." in between
    assert KEPT in between
    assert "Modifiers laid (" not in between
    assert "Die (" not in between
    _quit(child, "Research")
    assert _lines(phd)[-1] == {"action": "challenge", "player": "Ana", "die": 4, "modifiers": ["nuit-blanche"],
                               "laid_by": {"Ben": 1}}


def test_phd_a_challenge_written_by_hand_asks_only_its_difficulty_again(phd: Path):
    child = spawn_play(phd)
    _answer(child, "Whose turn is it?", "")
    _answer(child, "Live (the event card", "challenge")      # a card written by hand: its numbers asked
    _answer(child, "Resource tested", "credit")
    _answer(child, "Difficulty", "-1")                         # refused by the rules once all is typed
    _answer(child, "Effect of a success", "credit=+3")
    _answer(child, "Effect of a failure", "")
    _answer(child, "Modifiers", "2")
    _answer(child, "Of these cards, how many were laid by", "")
    _answer(child, "Die (1/2/3/4/5/6)", "5")
    between = _answer(child, "Difficulty", "9")
    assert "The difficulty of Ana's challenge must be at least 0, not -1." in between
    assert "Resource tested" not in between
    _quit(child, "Research")
    assert _lines(phd)[-1] == {"action": "challenge", "player": "Ana", "resource": "credit", "die": 5,
                               "difficulty": 9, "modifiers": [2], "success": {"credit": 3}}


def test_phd_a_refusal_of_the_step_as_a_whole_asks_the_whole_step_again(phd: Path):
    child = spawn_play(phd)
    _answer(child, "Whose turn is it?", "")
    _answer(child, "Live (the event card", "none")
    between = _answer(child, "Research", "submit")            # 4 Pression and 4 Crédit: too few
    between = _answer(child, "Research", "draw")
    assert "submitting a chapter needs at least 5 of each" in between
    assert KEPT not in between
    _quit(child, "Live (the event card")            # Ben's turn: drawing ended Ana's
    assert [a for a in _lines(phd) if a.get("player") == "Ana"][-1] == \
        {"action": "turn", "player": "Ana", "step": "draw-events"}


def test_promotion_a_hand_count_refused_asks_the_count_again_for_the_same_player(tmp_path: Path, kit):
    path = tmp_path / "promotion.jsonl"
    assert kit.new(path, "promotion", ["Ana", "Ben", "Cléo"]).exit_code == 0
    child = spawn_play(path)
    _answer(child, "Whose turn is it?", "Ana")
    _answer(child, "or a card by its title [End the turn]", "hand")    # first question of the step
    _answer(child, "Whose hand?", "Ben")                              # second
    _answer(child, "How many cards does this hand hold?", "-1")       # third, refused by the rules
    between = _answer(child, "How many cards does this hand hold?", "3")
    assert "Ben's cards in hand must be at least 0, not -1." in between
    assert KEPT in between
    assert "[End the turn]" not in between
    assert "Play a card, or end the turn" not in between      # the step's heading, said before, not again
    _quit(child, "or a card by its title [End the turn]")
    assert _lines(path)[-1] == {"action": "hand", "player": "Ben", "cards": 3}


def test_hoc_censeo_a_ballot_refused_is_asked_again_without_repeating_it(hoc: Path):
    # the whole ballot is one answer (issue 46): refused, that answer alone is asked again
    child = spawn_play(hoc)
    _answer(child, "Alice, secret ballot", "Bob")                    # Bob takes the keyboard
    _answer(child, "Bob, secret ballot", "20 90")                     # 110 senators, Bob has 100
    between = _answer(child, "Bob, secret ballot", "20 5")
    assert "Bob cannot vote more senators than they have left." in between
    assert "90" not in between
    assert "20" not in between
    _answer(child, "Bob, send FOR 20, AGAINST 5?", "")
    _quit(child, "Alice, secret ballot")
    assert _lines(hoc)[-1] == {"action": "ballot", "player": "Bob", "pour": 20, "contre": 5}


def test_amphitheatre_a_category_refused_keeps_the_move_and_the_challenged_player(tmp_path: Path):
    path = tmp_path / "amphi.jsonl"
    sessions.create(path, "amphitheatre", [{"name": n} for n in ("Ana", "Ben", "Cléo")], {})
    child = spawn_play(path)
    _answer(child, "Who holds the speaker token?", "Ana")
    _answer(child, "Ana: Hypothesis, scientific revolution or draw a card?", "hypothesis")   # first question
    _answer(child, "Challenged player (", "Cléo")                     # second
    _answer(child, "Category (", "physique")                          # third: no such category
    between = _answer(child, "Category (", "cause")
    assert "Answer one of Affliction, Anatomy, Cause." in between
    assert "Challenged player" not in between
    _quit(child, "Cléo: Agree (handshake)")
    assert _lines(path)[-1] == {"action": "hypothesis", "speaker": "Ana", "target": "Cléo", "category": "cause"}


def test_an_empty_answer_to_a_question_that_needs_one_says_so_and_asks_it_again(phd: Path):
    # click alone asked again without a word: the player could not tell the Enter was seen
    child = spawn_play(phd)
    _answer(child, "Whose turn is it?", "")
    _answer(child, "Live (the event card", "colloque international")
    _answer(child, "Die (", "")
    between = _answer(child, "Die (", "4")
    assert "This question needs an answer (help says what it takes)." in between
    _answer(child, "Modifiers laid (", "nuit blanche")
    _answer(child, "were laid by – Ben", "")
    _quit(child, "Research")
    assert _lines(phd)[-1] == {"action": "challenge", "player": "Ana", "die": 4, "modifiers": ["nuit-blanche"]}
