"""A greyscale build names things by what a black-and-white print shows: a deck by the word
its back carries, a piece by its symbol; never « dos bleu » or « dos orange ». Read back
from the PDFs of every kit built with --greyscale."""
from __future__ import annotations

import re

import pytest
from game_kits import flat

from scorekeeper.rules import GAME_IDS

# A colour word naming what the reader should pick up: the kits' decks and pieces. Hoc
# Censeo's law colours are the game's own words (bleu is a kind of law, and every sheet
# prints its symbol beside it), so they are not colours of the paper.
BY_COLOUR = re.compile(r"\b(dos|cartes?|pioche|jetons?|paquet)\s+(à\s+dos\s+)?"
                       r"(bleue?s?|orange|verte?s?|rouges?|jaunes?|violette?s?|noire?s?|roses?)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_greyscale_kit_names_no_deck_by_its_colour(kit_text, game):
    text = flat(" ".join(kit_text(game, "--greyscale")))
    assert len(text) > 2000
    assert not BY_COLOUR.findall(text)


def test_the_pattern_finds_what_the_kits_used_to_print():
    assert BY_COLOUR.search("Mélangez les cartes à dos bleu en une seule pioche")
    assert BY_COLOUR.search("les Arguments (dos orange)")
    assert not BY_COLOUR.search("les cartes dont le dos porte « Arguments »")
