"""Issue 46's last item for Promotion: guided play asks its turns through the question plan
(kit/plan.py, kit/table/walk.py's generic walk), with what its own `ask` gave players: a card by
its printed title, listed by aide and never by id, the rules' own refusal of a card they do
not offer now, the table's corrections typed as words at the turn's questions, the
colleagues free to answer a card asked once for them all, and no more answers than before.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from score_cli import Kit
from test_promotion_three_ways import DATA, GAME, TITLES, new_session

from kit import faces
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules import promotion


def entries(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def office(path: Path, players: tuple[str, ...]) -> Path:
    sessions.create(path, "promotion", [{"name": n} for n in players], {"target": 5}, DATA["deck"])
    return path


# The scripted game of test_promotion_three_ways (23 entries), each answer a line typed. Its
# own `ask` took 21 (measured on 2e028d6 by counting the pty drive's answers): a play's end
# at the turn's limit was asked. The plan writes what the rules leave one way unasked.
ANSWERS = ["P1",                                   # who begins; P1 draws unasked (a hand counted)
           "stagiaire", "flatterie",                # a card typed at the turn's question, by title
           "P3",                                    # who answers the Flatterie: P3, with its one card
           "accusation", "P2",                      # an Attaque and its target
           "c'est pas moi", "P3",                   # P2 passes it on, towards P3
           "serveur en panne",                      # P3 cancels it; P1's third card: the turn ends
           "audit", "P1", "",                       # P2's Annonce: P1 answers, P3 lets it pass
           "plagiat", "P1", "",                     # P2's Attaque lands on P1 (Enter)
           "entretien annuel", "", "flatterie", ""]  # P3's cards, nobody answers: P3 wins


def test_the_scripted_game_takes_no_more_answers_than_its_own_ask_did(tmp_path: Path):
    path = new_session(tmp_path / "bureau.jsonl")
    result = Kit()("score", "play", path, input="\n".join(ANSWERS) + "\n")
    # one question more and the answers run out before the game ends (exit 130)
    assert result.exit_code == 0, result.output
    assert entries(path) == GAME
    assert len(ANSWERS) == 19 < 21


def test_a_card_is_typed_by_its_title_and_listed_by_help_never_by_its_id(tmp_path: Path):
    path = office(tmp_path / "office.jsonl", ("Ana", "Ben"))
    result = Kit()("score", "play", path, input="\n".join(["Ana", "help", "FLATT"]) + "\n")
    question = next(line for line in result.output.splitlines() if line.startswith("What happens?"))
    assert "Flatterie" not in question                     # a dozen titles do not fit a prompt
    listed = next(line for line in result.output.splitlines() if line.strip().startswith("Answers:"))
    assert TITLES["flatterie"] in listed
    assert TITLES["accusation"] in listed
    assert not [card for card in TITLES if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", result.output)]
    assert {"action": "turn", "player": "Ana", "step": "play", "card": "flatterie"} in entries(path)


def test_a_card_the_rules_do_not_offer_is_refused_in_their_words(tmp_path: Path):
    path = office(tmp_path / "office.jsonl", ("Ana", "Ben", "Cléo"))
    result = Kit()("score", "play", path, input="\n".join(["Ana", "Mérite volé", "audit", "", "audit"]) + "\n")
    said = result.output
    assert "Mérite volé is a card of type Betrayal: a Betrayal answers a colleague's card and is never played in " \
           "one's own turn." in said
    assert "Ana has already played Audit this turn: no two identical cards in one turn." in said


def test_the_colleagues_free_to_answer_a_card_are_asked_once_for_them_all(tmp_path: Path):
    path = office(tmp_path / "office.jsonl", ("Ana", "Ben", "Cléo", "Dan"))
    result = Kit()("score", "play", path, input="\n".join(["Ana", "flatterie", ""]) + "\n")
    assert result.output.count("Who answers? Enter: nobody (Ben/Cléo/Dan)") == 1
    assert "let it pass" not in result.output.split("Who answers?")[1]     # nobody is asked one by one
    # nobody answers: the card applies at once, no colleague's letting it pass written
    assert [(e["player"], e["step"]) for e in entries(path)] == [
        ("Ana", "start"), ("Ana", "draw"), ("Ana", "play"), ("Ana", "resolve")]


def test_whoever_answers_is_asked_nothing_more_where_the_rules_leave_one_card(tmp_path: Path):
    path = office(tmp_path / "office.jsonl", ("Ana", "Ben", "Cléo"))
    result = Kit()("score", "play", path, input="\n".join(["Ana", "flatterie", "cleo"]) + "\n")
    assert result.output.count("Who answers?") == 1
    assert entries(path)[-1] == {"action": "turn", "player": "Cléo", "step": "react", "card": "merite-vole"}


def test_the_tables_corrections_are_typed_as_words_at_any_question_of_the_turn(tmp_path: Path):
    path = office(tmp_path / "office.jsonl", ("Ana", "Ben", "Cléo"))
    script = ["Ana",
              "accusation", "Ben",
              "gain", "", "2",                          # at Ben's answer to the Attaque: Ana gains 2 PI
              "",                                       # the Attaque lands
              "flatterie",
              "lose", "ben", "1"]                       # at the colleagues' question: Ben loses 1 PI
    result = Kit()("score", "play", path, input="\n".join(script) + "\n")
    assert "Who gains IP? (Ana/Ben/Cléo) [Ana]" in result.output      # Enter: whose turn it is
    assert [e for e in entries(path) if e["action"] != "turn"] == [
        {"action": "gain", "player": "Ana", "amount": 2}, {"action": "lose", "player": "Ben", "amount": 1}]
    assert {"action": "turn", "player": "Ben", "step": "land"} in entries(path)
    help = Kit()("score", "play", path, input="help\n").output
    assert "Any question of the turn also takes: deck (The deck ran out), gain (Correction: IP gained)" in help


@pytest.mark.parametrize(("counted", "asked"), [(False, ["Ana", "Ben"]), (True, [])])
def test_the_deck_running_out_asks_the_hands_only_of_a_closing_tie_the_engine_does_not_count(counted, asked):
    state = promotion.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {},
                            DATA["deck"] if counted else None)
    deck_empty = next(d for d in rules.anytime("promotion", state) if d["action"] == "deck_empty")
    narrow = faces.of("promotion").narrow
    assert narrow is not None
    assert narrow(state, deck_empty, {}) == {}                            # no reshuffle left to close on
    closing = {**state, "reshuffles": promotion.MAX_RESHUFFLES,
               "turn": {"player": "Ana", "step": "start"} if counted else None,
               "players": {**state["players"], "Cléo": {**state["players"]["Cléo"], "pi": 0}}}
    assert list(narrow(closing, deck_empty, {}).get("hands", {})) == asked


def test_a_thief_is_not_offered_as_their_own_victim():
    state = promotion.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {})
    steal = next(d for d in rules.anytime("promotion", state) if d["action"] == "steal")
    assert promotion.step_choices(state, steal, {"thief": "Ben"})["victim"] == ["Ana", "Cléo"]
