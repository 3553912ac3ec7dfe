"""Guided play's plain questions, for a decision its game's faces give no words for: the
field is asked in the rules' declared words, as the phone's form labels it (the question
plan's input, kit.plan.input_of, labelled by kit.faces.field_label), never by its id; and an
empty answer where one is needed says so."""
from __future__ import annotations

from click.testing import CliRunner

from kit import plan, table
from kit.faces import Faces, field_label
from scorekeeper.rules.fields import Whole

SELL = Whole(label="The points {player} sells", low=1, high=9)


def _asked(typed: str, words: Faces | None = None) -> tuple[object, str]:
    with CliRunner().isolation(input=typed) as (out, err, _):
        question = plan.input_of(words or Faces(), "sell", "points", {"min": 1, "max": 9}, {"players": {}}, SELL,
                                 {"player": "Ana"})
        value = table.ask_question(plan.Step(question, None, question.options, {}, False))
        return value, out.getvalue().decode() + err.getvalue().decode()


def test_a_field_without_the_games_words_is_asked_in_the_rules_words():
    value, shown = _asked("3\n")
    assert value == 3
    assert "The points Ana sells" in shown
    assert "points:" not in shown.replace("The points Ana sells", "")


def test_the_games_words_come_first_as_on_the_phones():
    words = Faces(field_labels={("sell", "points"): "Points to sell"})
    value, shown = _asked("4\n", words)
    assert value == 4
    assert "Points to sell" in shown
    assert field_label(words, "sell", "points", SELL, {"player": "Ana"}) == "Points to sell"


def test_a_label_naming_a_value_not_known_yet_falls_back_to_the_field():
    assert field_label(Faces(), "sell", "points", SELL, {}) == "points"


def test_an_empty_answer_where_one_is_needed_says_so_and_asks_again():
    value, shown = _asked("\n5\n")
    assert value == 5
    assert "This question needs an answer." in shown
    assert shown.count("The points Ana sells") == 2
