"""A card typed by its title as people remember it (kit.deck.typed_card): its title's
beginning, or a later word of it that only one card offered has."""
from __future__ import annotations

import pytest

from kit.deck import typed_card
from kit.errors import KitError

CARDS = {
    "la-patate-chaude": {"type": "cooperation", "title": "La patate chaude"},
    "pause-cafe-solidaire": {"type": "cooperation", "title": "Pause café solidaire",
                             "titles": {"fr": "Pause café solidaire", "en": "Coffee break solidarity"}},
    "epaule-solide": {"type": "cooperation", "title": "Épaule solide"},
    "donnees-solides": {"type": "argument", "title": "Données solides"},
}
OFFERED = ["la-patate-chaude", "pause-cafe-solidaire", "epaule-solide"]


@pytest.mark.parametrize(("typed", "card"), [
    ("patate", "la-patate-chaude"),          # a later word: « La » is not what people remember
    ("CHAUDE", "la-patate-chaude"),
    ("cafe", "pause-cafe-solidaire"),        # accents ignored
    ("break", "pause-cafe-solidaire"),       # a word of the other edition's title
    ("la pat", "la-patate-chaude"),          # the title's beginning, as before
])
def test_a_word_of_the_title_names_the_one_card_that_has_it(typed, card):
    assert typed_card(typed, CARDS, OFFERED) == card


def test_a_word_several_cards_share_names_none_and_a_short_word_names_nothing():
    assert typed_card("solid", CARDS, OFFERED) is None      # Pause café solidaire, Épaule solide
    assert typed_card("caf", CARDS, ["la-patate-chaude"]) is None        # three letters name no word


def test_a_word_of_a_card_not_offered_says_so():
    with pytest.raises(KitError, match="cannot be played here"):
        typed_card("donnees", CARDS, OFFERED)
