"""The deck a session header records (scorekeeper.rules.deck): cards named by id or by their
title as people type it, the header's deck read and refused as FILE:1, and the files
without a deck as before."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from refusals import failed, refused, rule

from scorekeeper import session as sessions
from scorekeeper.rules import deck as decks
from scorekeeper.rules import promotion
from scorekeeper.session import SessionError

CARDS = {
    "flatterie": {"type": "Avantage", "title": "Flatterie", "copies": 12, "gain": 1},
    "merite-vole": {"type": "Trahison", "title": "Mérite volé", "copies": 4, "takes_gain": True},
    "c-est-pas-moi": {"type": "Trahison", "title": "C’est pas moi, c’est lui\u00a0!", "copies": 6, "redirect": True},
    "accusation": {"type": "Attaque", "title": "Accusation", "copies": 8, "steal": 2},
}
PLAYERS = [{"name": "Ana"}, {"name": "Ben"}]


def test_a_title_is_an_id_once_its_case_accents_and_punctuation_go():
    assert decks.slug("Mérite volé") == "merite-vole"
    assert decks.slug("C’est pas moi, c’est lui\u00a0!") == decks.slug("C'est pas moi, c'est lui !") == "c-est-pas-moi-c-est-lui"
    assert decks.slug("Cœur") == "coeur"


@pytest.mark.parametrize("typed", ["merite-vole", "Mérite volé", "MERITE VOLE", "mérite  volé", "merite vole"])
def test_a_card_is_named_by_its_id_or_its_title_as_typed(typed):
    assert decks.card_id(CARDS, typed, "Promotion") == "merite-vole"
    assert decks.card_id(CARDS, "c'est pas moi, c'est lui !", "Promotion") == "c-est-pas-moi"


def test_an_unknown_card_is_refused_with_the_closest_title():
    with refused("{game} has no card called {card}; did you mean {title}?", card="'Flaterie'", title="Flatterie"):
        decks.card_id(CARDS, "Flaterie", "Promotion")
    with refused("{game} has no card called {card}; name a card by its title.", card="3"):
        decks.card_id(CARDS, 3, "Promotion")


def test_an_entry_is_stored_with_the_ids_of_the_cards_it_names():
    action = {"action": "turn", "player": "Ana", "step": "play", "card": "FLATTERIE"}
    assert decks.canonical(CARDS, action, "Promotion") == {**action, "card": "flatterie"}
    assert decks.canonical(None, action, "Promotion") is action      # no deck: as typed


@pytest.mark.parametrize(("card", "template", "field"), [
    ({"type": "Chance", "title": "X", "copies": 1}, "The deck's card {id} has the type {value}; {game}'s types are {types}.",
     "type"),
    ({"type": "Avantage", "title": " ", "copies": 1}, "The deck's card {id} needs a title, not {value}.", "title"),
    ({"type": "Avantage", "title": "X", "copies": 0}, "The deck's card {id} must have at least 1 copy, not {value}.",
     "copies"),
    ({"type": "Avantage", "title": "X", "copies": 1, "glory": 2},
     "The card {id} has the effect {effect}, which Promotion does not know; its effects are {effects}.", "glory"),
    ({"type": "Avantage", "title": "X", "copies": 1, "steal": 2},
     "The card {id} is of type {type}; the effect {effect} is for {types}.", "steal"),
    ({"type": "Avantage", "title": "X", "copies": 1, "gain": "2"},
     "The card {id}'s {effect} must be a whole number of at least 1, not {value}.", "gain"),
    ({"type": "Annonce", "title": "X", "copies": 1, "loss": 2},
     "The card {id} needs both {first} and {second}, or neither.", "threshold"),
    ({"type": "Trahison", "title": "X", "copies": 1, "cancels": ["flatterie"]},
     "The card {id} cancels {value}, which is no Attaque of the deck.", "cancels"),
])
def test_a_deck_the_rules_cannot_play_is_refused_naming_the_card_and_field(card, template, field):
    with refused(template, id="x") as caught:
        promotion.read_deck({"cards": {**CARDS, "x": card}})
    assert caught.value.field == field


def test_two_cards_of_one_title_are_refused():
    with refused("Two cards of the deck are called {title}; each card needs its own title.", title="Flatterie"):
        promotion.read_deck({"cards": {**CARDS, "flatterie-2": CARDS["flatterie"]}})


def _header(path: Path, **fields) -> Path:
    header = {"format": 1, "game": "promotion", "players": PLAYERS, "options": {}, **fields}
    path.write_text(json.dumps(header, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def test_the_header_deck_is_what_the_engine_plays_and_a_bad_one_is_line_one(tmp_path):
    session = sessions.load(_header(tmp_path / "good.jsonl", deck={"cards": CARDS}))
    assert session.state["cards"] == CARDS
    bad = _header(tmp_path / "bad.jsonl", deck={"cards": {**CARDS, "flatterie": {**CARDS["flatterie"], "gain": 0}}})
    with failed(SessionError, "{path}:{number}: {error}", number=1,
                error=rule("The card {id}'s {effect} must be a whole number of at least 1, not {value}.", id="flatterie")):
        sessions.load(bad)
    with failed(SessionError, "{path}:{number}: {error}", number=1):
        sessions.load(_header(tmp_path / "shape.jsonl", deck=["flatterie"]))


def test_a_header_without_deck_plays_as_before_and_a_game_without_cards_takes_none(tmp_path):
    old = sessions.load(_header(tmp_path / "old.jsonl")).state
    assert old["by_hand"]
    assert old["cards"] == promotion.LEGACY_CARDS       # the cards by title, as those files name them
    amphi = tmp_path / "amphi.jsonl"
    amphi.write_text(json.dumps({"format": 1, "game": "amphitheatre", "options": {}, "deck": {"cards": CARDS},
                                 "players": [{"name": n} for n in ("Ana", "Ben", "Cléo")]}) + "\n", encoding="utf-8")
    with failed(SessionError, "{path}:{number}: {error}", number=1,
                error=rule("{title} is played without cards: its session header holds no deck.")):
        sessions.load(amphi)


def test_a_deck_is_read_once_however_many_games_play_it():
    deck = {"cards": CARDS}
    first = promotion.setup(PLAYERS, {}, deck=deck)
    assert promotion.setup(PLAYERS, {}, deck=deck)["cards"] is first["cards"] is CARDS
