"""The games' own words in the reader's language at the table (issue 48: an English table meets
no French word), beside Hoc Censeo's sides and colours (test_hoc_censeo_sides.py,
test_hoc_censeo_colours.py): PHD's Pressure, typed and read as --pressure and pressure in
English, --pression and pression in French (either taken in both); a Supervisor card written
by hand; Amphithéâtre's Anatomy deck. The sessions keep the rules' values."""
from __future__ import annotations

from pathlib import Path

import pytest
from score_cli import Kit, lines

from kit import i18n, table

ENV = {"en": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"},
       "fr": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8"}}
PRESSURE = {"en": ("--pressure", "pressure"), "fr": ("--pression", "pression")}
OTHER = {"en": "fr", "fr": "en"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_phd_s_pressure_is_the_reader_s_word_in_help_and_refusals(new_session, lang: str):
    kit = Kit(env=ENV[lang])
    option, word = PRESSURE[lang]
    other, _other_word = PRESSURE[OTHER[lang]]
    helped = kit("score", "adjust", "--help").output + kit("score", "challenge", "--help").output
    assert f"  {option} N " in helped
    assert f"{option} +3" in helped               # the examples too
    assert f"{word}=+3" in helped
    assert f"{word}|credit" in helped
    assert other not in helped
    path = new_session("phd", players=("Ana", "Ben"))
    refused = kit("score", "adjust", path, "Ana", other, "x").output    # the other spelling, named as the reader's
    assert f"'{option}'" in refused
    assert other not in refused
    for typed in ("--pressure", "--pression"):
        assert kit("score", "adjust", path, "Ana", typed, "+1").exit_code == 0
    assert [a["pression"] for a in lines(path)[1:]] == [1, 1]


@pytest.mark.parametrize(("lang", "supervisor", "deck"), [("en", "Supervisor", "Anatomy"), ("fr", "Superviseur", "Anatomie")])
def test_a_card_s_type_and_a_deck_are_named_in_the_reader_s_words(lang: str, supervisor: str, deck: str):
    before = i18n.active().lang
    i18n.activate(lang)
    try:
        card = table.describe("phd", {"action": "turn", "player": "Ana", "step": "superviseur"})
        drawn = table.describe("amphitheatre", {"action": "hypothesis", "speaker": "Ana", "target": "Ben",
                                                "category": "anatomie"})
        answers = table.label("anatomie"), table.label("pression")
    finally:
        i18n.activate(before)
    assert supervisor in card
    assert deck in drawn
    assert answers == {"en": ("anatomy", "pressure"), "fr": ("anatomie", "pression")}[lang]


def test_guided_play_says_its_own_words_in_english(hoc: Path):
    """Undo, back, help and quit: the French ones are taken too, but not said in English."""
    said = Kit()("score", "play", hoc, input="help\n3\n\n\nhelp\nquit\n").output
    assert "Any question also takes: undo (the last entry saved), back (start this step again), help, quit." in said
    assert not {"annuler", "retour", "aide", "quitter"} & set(said.replace("/", " ").split())
