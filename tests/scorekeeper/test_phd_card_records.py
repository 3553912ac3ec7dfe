"""PHD's cards as typed records (scorekeeper.rules.phd.card_record): the one reading of a
card's rule data that the engine, the kit's faces, the header `kit score new` writes and the
bots share. A record writes itself back as the header holds it, so what it reads it keeps."""
from __future__ import annotations

import copy
import dataclasses

import pytest
from test_phd_cards import CARDS, DECK

from kit.build import default_layouts
from kit.games.phd import bots
from kit.games.phd import layout as kit_layout
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import phd as rules


def test_each_card_of_a_header_is_a_frozen_typed_record():
    records = rules.deck_records(copy.deepcopy(DECK))
    assert list(records) == list(CARDS)
    lundi, epaule, jury = records["lundi"], records["epaule"], records["jury"]
    assert isinstance(lundi, rules.EventCard)
    assert isinstance(jury, rules.ArgumentCard)
    assert lundi.postit == rules.PostIt(-1, "credit")
    assert lundi.roll == (rules.Roll(1, 1, "revoke"), rules.Roll(2, 3, "controversy"), rules.Roll(4, 6, "approve"))
    assert epaule.moment == rules.Moment("pression-at-least", 15)
    assert epaule.other == rules.Changes(pression=-4)
    assert epaule.numbers() == {"at": 15}
    assert records["colloque"].success == rules.Result(rules.Changes(credit=3))
    assert (jury.value, jury.controversy, jury.copies) == (3, True, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lundi.title = "Autre"   # type: ignore[misc]


def test_the_project_deck_reads_and_writes_itself_back_unchanged():
    """Round trip: the header the kit writes is its records' own writing, and reading it
    again gives the same records."""
    deck = kit_layout.deck(default_layouts())
    records = rules.deck_records(deck)
    assert {key: card.header() for key, card in records.items()} == deck["cards"]
    assert rules.deck_records({"cards": {key: card.header() for key, card in records.items()}}) == records
    assert kit_layout.load(default_layouts()).cards == records


def test_the_bots_deal_the_records_copies():
    dealt = bots.from_deck(copy.deepcopy(DECK))
    assert len(dealt["arguments"]) == sum(card["copies"] for card in CARDS.values() if card["type"] == "argument")
    assert {card["id"] for card in dealt["events"]} == {key for key, card in CARDS.items() if card["type"] != "argument"}


@pytest.mark.parametrize(("key", "change", "field"), [
    ("disque-dur", {"pression": 99}, "pression"),
    ("disque-dur", {"postit": {"value": 1}}, "postit"),
    ("train", {"roll": [{"faces": [1, 6], "outcome": "approve"}]}, "chapter"),
    ("lundi", {"roll": [{"faces": [1, 5], "outcome": "approve"}]}, "roll"),
    ("colloque", {"success": {"credit": 3, "text": 4}}, "success"),
    ("colloque", {"postit": {"value": 1, "resource": "credit"}}, "postit"),
    ("renvoi", {"modifier": 0}, "modifier"),
    ("renvoi", {"moment": {"kind": "whenever"}}, "moment"),
    ("epaule", {"moment": {"kind": "pression-at-least", "at": 99}}, "moment.at"),
    ("renvoi", {"passes_challenge": True}, "passes_challenge"),
    ("jury", {"value": 0}, "value"),
    ("jury", {"controversy": "yes"}, "controversy"),
    ("jury", {"effect": 3}, "effect"),
])
def test_a_card_the_rules_refuse_names_its_field(key, change, field):
    cards = copy.deepcopy(CARDS)
    cards[key].update(change)
    with pytest.raises(RuleViolation) as caught:
        rules.deck_records({"cards": cards})
    assert caught.value.field == field
    assert caught.value.params["id"] == key
