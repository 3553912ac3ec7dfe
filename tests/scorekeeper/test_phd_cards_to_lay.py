"""Issue 46: the cards a PHD test may lay are the rules' to say (`cards_to_lay`), so a phone
offers them as cards, each with the number it counts, and never one the rules refuse: a
Challenge takes the Arguments but those kept for the controversies, and the post-its of its
own resource; a controversy or a defence takes every Argument."""
from __future__ import annotations

import pytest
from test_phd_cards import CARDS, new, play, started, turn

from kit.deck import for_session
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import phd as rules


def test_a_challenge_offers_the_arguments_it_counts_and_the_post_its_of_its_resource():
    state = play(started(), turn("Ana", card="colloque"))        # a Challenge on Crédit
    offered = rules.cards_to_lay(state, "challenge", "modifiers")
    expected = {key: card["value"] for key, card in CARDS.items() if card["type"] == "argument"
                and not card.get("controversy")}
    expected |= {key: card["postit"]["value"] for key, card in CARDS.items()
                 if card["type"] in ("vie", "superviseur") and card["postit"]["resource"] == "credit"}
    assert offered == expected
    assert "jury" not in offered       # a card kept for the controversies
    assert "cafe" not in offered       # a post-it on Pression


def test_a_controversy_offers_every_argument_by_its_value():
    for field in ("arguments", "support", "opposition"):
        offered = rules.cards_to_lay(new(), "controversy", field)
        assert offered == {key: card["value"] for key, card in CARDS.items() if card["type"] == "argument"}


def test_nothing_is_offered_where_no_card_is_laid_or_without_a_deck():
    assert rules.cards_to_lay(new(), "turn", "card") == {}
    assert rules.cards_to_lay(new(), "challenge", "laid_by") == {}
    bare = rules.setup([{"name": "Ana"}, {"name": "Ben"}], {})
    assert rules.cards_to_lay(bare, "controversy", "arguments") == {}


@pytest.mark.parametrize("challenge", ["colloque-international", "reponse-aux-relecteurs"])
def test_every_card_the_printed_deck_offers_counts_what_it_says(challenge):
    """With the kit's own deck: each card offered for a Challenge, laid alone, moves the total
    by the number offered; each card of the deck not offered is refused there."""
    state = rules.setup([{"name": "Ana"}, {"name": "Ben"}], {}, deck=for_session("phd", None))
    state = rules.apply(rules.apply(state, turn("Ana", step="start")), turn("Ana", card=challenge))
    offered = rules.cards_to_lay(state, "challenge", "modifiers")
    assert offered
    base = rules.apply(state, {"action": "challenge", "player": "Ana", "die": 1})["last_test"]["total"]
    for key, card in state["cards"].items():
        laid = {"action": "challenge", "player": "Ana", "die": 1, "modifiers": [key]}
        if key in offered:
            assert rules.apply(state, laid)["last_test"]["total"] == base + offered[key], key
        elif card["type"] != "challenge" and card["type"] != "cooperation":
            with pytest.raises(RuleViolation):
                rules.apply(state, laid)
