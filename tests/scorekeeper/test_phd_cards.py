"""PHD played by card (SCOREKEEPER.md "Cards at the table"): the header's deck gives every
number, an entry names its card and the table gives only the die and what is laid."""
from __future__ import annotations

import copy

import pytest
from refusals import refused

from scorekeeper.rules import phd as rules

# A deck as the header records it: one design of each kind the tests play.
CARDS = {
    "disque-dur": {"type": "vie", "title": "Disque dur en panne", "copies": 1, "pression": 3, "credit": -1,
                   "postit": {"value": -4, "resource": "credit"}},
    "cite": {"type": "vie", "title": "Cité par un inconnu", "copies": 1, "pression": -1, "credit": 2,
             "postit": {"value": 3, "resource": "credit"}},
    "cafe": {"type": "vie", "title": "Machine à café en panne", "copies": 2, "pression": 2, "credit": 0,
             "postit": {"value": -1, "resource": "pression"}},
    "lundi": {"type": "superviseur", "title": "Humeur du lundi", "copies": 1, "pression": 0, "credit": 0,
              "postit": {"value": -1, "resource": "credit"},
              "roll": [{"faces": [1, 1], "outcome": "revoke"}, {"faces": [2, 3], "outcome": "controversy"},
                       {"faces": [4, 6], "outcome": "approve"}]},
    "train": {"type": "superviseur", "title": "Relecture dans le train", "copies": 1, "pression": -1,
              "credit": 0, "postit": {"value": 2, "resource": "credit"}, "chapter": "approve"},
    "colloque": {"type": "challenge", "title": "Colloque international", "copies": 1, "resource": "credit",
                 "difficulty": 9, "success": {"credit": 3}, "failure": {"pression": 2, "credit": -1}},
    "renvoi": {"type": "cooperation", "title": "Renvoi d'ascenseur", "copies": 1,
               "moment": {"kind": "other-challenge"}, "modifier": 3, "you": {"credit": 1}},
    "epaule": {"type": "cooperation", "title": "Épaule solide", "copies": 1,
               "moment": {"kind": "pression-at-least", "at": 15}, "you": {"pression": 3}, "other": {"pression": -4}},
    "donnees": {"type": "argument", "title": "Données solides", "copies": 2, "value": 2, "controversy": False},
    "jury": {"type": "argument", "title": "Citer le jury", "copies": 1, "value": 3, "controversy": True},
    "biais": {"type": "argument", "title": "Biais de sélection", "copies": 1, "value": -3, "controversy": False},
}
DECK = {"cards": CARDS}


def new(**options) -> rules.State:
    return rules.setup([{"name": "Ana"}, {"name": "Ben"}], options, deck=copy.deepcopy(DECK))


def play(state: rules.State, *actions: dict) -> rules.State:
    for action in actions:
        state = rules.apply(state, action)
    return state


def turn(name: str, **fields) -> dict:
    return {"action": "turn", "player": name, **fields}


def started(state=None, name="Ana") -> rules.State:
    return play(state or new(), turn(name, step="start"))


def test_a_c_est_la_vie_card_applies_its_changes_and_the_turn_goes_to_recherche():
    state = play(started(), turn("Ana", card="disque dur EN PANNE"))
    assert state["players"]["Ana"]["pression"] == 7
    assert state["players"]["Ana"]["credit"] == 3
    assert state["turn"]["stage"] == "recherche"
    assert rules.canonical(started(), turn("Ana", card="Disque dur en panne")) == \
        turn("Ana", card="disque-dur", step="vie")


def test_a_challenge_by_card_asks_only_the_die_and_what_is_laid():
    state = play(started(), turn("Ana", card="colloque"))
    (waits,) = rules.pending(state)
    assert waits["action"] == "challenge"
    # what is laid: the cards, and how many of them each other player laid from their hand
    assert set(waits["choices"]) == {"die", "modifiers", "laid_by"}
    assert waits["choices"]["laid_by"] == {"Ben": {"min": 0, "max": None}}
    # credit 4 + die 1 + Données solides 2 + Cité's post-it 3 = 10 >= 9: won, in Vivre
    won = play(state, {"action": "challenge", "player": "Ana", "die": 1, "modifiers": ["Données solides", "cite"]})
    assert won["last_test"] == {"kind": "challenge", "player": "Ana", "total": 10, "needed": 9, "success": True}
    assert won["players"]["Ana"]["credit"] == 7
    assert won["turn"]["recherches"] == 2      # a second Recherche after a Challenge won in Vivre
    lost = play(state, {"action": "challenge", "player": "Ana", "die": 1, "modifiers": [2]})
    assert lost["players"]["Ana"]["pression"] == 6
    assert lost["players"]["Ana"]["credit"] == 3
    assert lost["turn"]["recherches"] == 1


@pytest.mark.parametrize(("laid", "template", "named"), [
    (["jury"], "{title} counts only in a controversy or a thesis defence, not in a challenge.",
     {"title": "Citer le jury"}),
    (["Disque dur en panne", "cafe"], "The post-it of {title} counts in a challenge on {its}, not on {resource}.",
     {"title": "Machine à café en panne", "its": "Pression", "resource": "Crédit"}),
    (["Colloque"], "{title} is a card of type {type}; {what} takes a card of type {types}.",
     {"title": "Colloque international"}),
    (["Donées solide"], "{game} has no card called {card}; did you mean {title}?", {"title": "Données solides"}),
])
def test_a_card_laid_that_does_not_fit_the_challenge_is_refused_naming_it(laid, template, named):
    state = play(started(), turn("Ana", card="colloque"))
    with refused(template, **named):
        play(state, {"action": "challenge", "player": "Ana", "die": 1, "modifiers": laid})


def test_a_card_of_the_wrong_type_for_the_step_is_refused():
    with refused("{title} is a card of type {type}; {what} takes a card of type {types}.", title="Données solides"):
        play(started(), turn("Ana", card="donnees"))
    with refused("{title} is a {type} card; this step takes a {wanted} card.", title="Colloque international",
                 wanted="That's Life"):   # the card type in the reader's words (« C'est la vie » in French)
        play(started(), turn("Ana", step="vie", card="colloque"))


def test_a_superviseur_applies_its_outcome_and_rolls_its_die_only_with_a_chapter_waiting():
    ready = {**new(), "players": {**new()["players"], "Ana": {"pression": 9, "credit": 9, "pending": 1, "approved": 1,
                                                             "status": "playing"}}}
    approved = play(started(ready), turn("Ana", card="Relecture dans le train"))
    assert approved["players"]["Ana"]["approved"] == 2
    assert approved["players"]["Ana"]["pression"] == 8
    with refused("{title} rolls the die for the chapter: give the die.", title="Humeur du lundi"):
        play(started(ready), turn("Ana", card="lundi"))
    revoked = play(started(ready), turn("Ana", card="lundi", die=1))
    assert (revoked["players"]["Ana"]["pending"], revoked["players"]["Ana"]["approved"]) == (2, 0)
    opened = play(started(ready), turn("Ana", card="lundi", die=3))
    assert [d["action"] for d in rules.pending(opened)] == ["controversy", "turn"]
    # Arguments by card: own 2 + 2, opposition -3 counts by its size: net 1, approved
    won = play(opened, {"action": "controversy", "player": "Ana", "arguments": ["donnees", "donnees"],
                        "opposition": ["Biais de sélection"]})
    assert won["last_test"]["total"] == 1
    assert won["players"]["Ana"]["approved"] == 2
    with refused("{title} rolls no die now: the entry gives none.", title="Humeur du lundi"):
        play(started(), turn("Ana", card="lundi", die=3))       # no chapter waits: no roll


def test_a_cooperation_is_offered_at_its_moment_with_its_changes():
    state = play(started(), turn("Ana", card="colloque"))
    offered = [d for d in rules.anytime(state) if d["action"] == "cooperate"]
    # a card from Ben's own hand, at another's challenge: Ben's decision, not the table's
    # (whose phone could play it for anyone, Ana at her own challenge included)
    assert offered == [{"player": "Ben", "action": "cooperate", "secret": False,
                        "choices": {"card": ["renvoi"]}}]     # it names nobody: no other player offered
    with refused("{title} is played {when}; that is not now.", title="Renvoi d'ascenseur"):
        play(state, {"action": "cooperate", "player": "Ana", "card": "renvoi"})   # Ana's own challenge
    helped = play(state, {"action": "cooperate", "player": "Ben", "card": "Renvoi d’ascenseur"})
    assert helped["players"]["Ben"]["credit"] == 5
    # credit 4 + die 2 + the modifier 3 = 9: won
    assert play(helped, {"action": "challenge", "player": "Ana", "die": 2})["last_test"]["success"] is True
    assert play(state, {"action": "challenge", "player": "Ana", "die": 2})["last_test"]["success"] is False
    with refused("{title} is played {when}; that is not now.", title="Épaule solide"):
        play(state, {"action": "cooperate", "player": "Ben", "card": "epaule", "other": "Ana"})
    pressed = play(started(), {"action": "adjust", "player": "Ana", "pression": 12})
    eased = play(pressed, {"action": "cooperate", "player": "Ben", "card": "epaule", "other": "Ana"})
    assert eased["players"]["Ana"]["pression"] == 12
    assert eased["players"]["Ben"]["pression"] == 7
    with refused("{title} changes another player's resources: the entry names that player.", title="Épaule solide"):
        play(pressed, {"action": "cooperate", "player": "Ben", "card": "epaule"})


def test_a_session_without_a_deck_plays_numbers_and_refuses_a_card():
    state = play(rules.setup([{"name": "Ana"}, {"name": "Ben"}]), turn("Ana", step="start"))
    assert "cards" not in state
    with refused("This session's header holds no deck: give the card's numbers instead of naming it."):
        play(state, turn("Ana", step="vie", card="disque-dur"))


@pytest.mark.parametrize(("change", "field"), [
    (lambda c: c["colloque"].update(difficulty="9"), "difficulty"),
    (lambda c: c["colloque"].update(success={"gold": 2}), "success"),
    (lambda c: c["lundi"]["roll"].pop(), "roll"),
    (lambda c: c["train"].update(roll=c["lundi"]["roll"]), "chapter"),
    (lambda c: c["epaule"]["moment"].pop("at"), "moment"),
    (lambda c: c["renvoi"].update(moment={"kind": "lunch"}), "moment"),
    (lambda c: c["donnees"].update(value=0), "value"),
    (lambda c: c["cite"].update(difficulty=3), "difficulty"),
])
def test_a_deck_whose_rule_data_the_rules_refuse_names_the_card_and_the_field(change, field):
    cards = copy.deepcopy(CARDS)
    change(cards)
    with pytest.raises(rules.RuleViolation) as caught:
        rules.read_deck({"cards": cards})
    assert caught.value.field == field
