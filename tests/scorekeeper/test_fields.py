"""Each game's actions are declared once (scorekeeper/rules/fields.py) and checked before the
rules read them: a field of the wrong shape is refused with a sentence naming it, never stored."""
from __future__ import annotations

import string

import pytest
from refusals import refused

from scorekeeper.rules import GAME_IDS, module
from scorekeeper.rules.fields import Kind, Name, Names, PerKey, PerPlayer

SEATS = {"hoc-censeo": [{"name": "Ana", "role": "titienses"}, {"name": "Ben", "role": "ramnes"},
                        {"name": "Cléo", "role": "luceres"}]}


def new(game: str) -> dict:
    return module(game).setup(SEATS.get(game, [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}]), {})


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_action_is_declared_and_every_label_names_only_fields_checked_before_it(game):
    declared = module(game).FIELDS
    for name, act in declared.actions.items():
        named: set[str] = set()
        for field, kind in act.fields.items():
            assert isinstance(kind, Kind), (name, field)
            assert placeholders(kind.label) <= named, (name, field, kind.label)
            if isinstance(kind, (PerPlayer, PerKey)):
                assert placeholders(kind.of.label) <= named | {"key"}, (name, field, kind.of.label)
            if isinstance(kind, (Name, Names)):
                assert kind.label[:1].islower() or not kind.label, "a name's label is a role said after it"
            elif kind.label:
                assert kind.label[:1].isupper() or kind.label[:1] == "{", "a label opens its sentence"
            if isinstance(kind, Name) and kind.needed:
                named.add(field)


def test_a_challenge_modifier_given_as_one_number_is_refused_not_stored():
    """The phone sent "modifiers": -1: accepted, then show, log and the pages failed on it."""
    with refused("{what} must be a list of whole numbers, not {value}.",
                 what="The modifiers of Ana's challenge", value=-1):
        module("phd").apply(new("phd"), {"action": "challenge", "player": "Ana", "resource": "credit", "die": 3,
                                         "difficulty": 5, "modifiers": -1})


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("name", [["gain"], {"x": 1}, 3, None, True])
def test_an_action_name_that_is_not_a_word_is_refused(game, name):
    with refused("An action must be an object with an 'action' name, not {action}."):
        module(game).apply(new(game), {"action": name, "amount": 3})


def test_the_refusal_names_the_field_at_fault():
    with refused("{what} must be between {low} and {high}, not {value}.") as refusal:
        module("phd").apply(new("phd"), {"action": "challenge", "player": "Ana", "resource": "credit", "die": 9,
                                         "difficulty": 5})
    assert refusal.value.field == "die"


def test_an_opposition_typed_as_printed_opposes_by_its_size():
    """An opposing Argument reads -3 on the card; typed so, it takes 3 away, as typed 3 does."""
    phd = module("phd")
    state = phd.apply(phd.apply(new("phd"), {"action": "adjust", "player": "Ana", "pression": 1, "credit": 1}),
                      {"action": "submit", "player": "Ana"})
    for opposition in ([-3], [3]):
        after = phd.apply(state, {"action": "controversy", "player": "Ana", "arguments": [3], "opposition": opposition})
        assert after["last_test"]["total"] == 0
        assert after["players"]["Ana"]["pending"] == 1


def test_a_secret_amount_is_left_out_of_the_public_sentence():
    with refused("{what} must be a whole number, not {value}.") as refusal:
        module("hoc-censeo").apply(new("hoc-censeo"), {"action": "ballot", "player": "Ana", "pour": "12"})
    assert "12" in refusal.value.render()
    assert "12" not in refusal.value.render(reveal=False)
