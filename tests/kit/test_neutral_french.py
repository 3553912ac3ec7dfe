"""Issue 25: the printed kits speak of players without a gender the game cannot know. Every
page of each French kit, read back from its PDF, passes the checker's list of gendered words
(tests/helpers/language.py), save the Amphithéâtre token's own name, « Orateur », a piece
printed as such, and a head count (« 2 à 8 joueurs »), which counts seats and names nobody."""
from __future__ import annotations

import re

import pytest
from language import FRENCH_GENDERED

from scorekeeper.rules import GAME_IDS

# A piece's printed name, capitalised as the rules and the token print it, and a head count.
SET_ASIDE = (r"\b(Orateur|ORATEUR)\b", r"\d joueurs\b")


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_printed_page_gives_a_player_a_gender(kit_text, game):
    problems = []
    for number, page in enumerate(kit_text(game), start=1):
        text = " ".join(page.split())
        for name in SET_ASIDE:
            text = re.sub(name, " ", text)
        problems += [f"page {number}: {found.group()!r} in …{text[max(0, found.start() - 50):found.end() + 50]}…"
                     for pattern in FRENCH_GENDERED for found in re.finditer(pattern, text, re.IGNORECASE)]
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_gendered_player():
    text = "Le magistrat tranche ; chacun pioche ; la personne qui préside, magistrat·e de la manche."
    found = [m.group() for p in FRENCH_GENDERED for m in re.finditer(p, text, re.IGNORECASE)]
    assert found == ["magistrat", "chacun"]


def test_the_words_seen_at_the_table_read_neutral_and_elide_before_a_name():
    """« La carte de Hélène », « Cléo ne peut pas s'accuser soi-même », « Qui Gaston
    interpelle ? », « docteur (gagné) »: seen at the table."""
    from kit.i18n import translator

    french = translator("fr")
    said = french.gettext("{accused}'s card matches the hypothesis: {accuser} loses the accusation.").format(
        accused="Hélène", accuser="Ana")
    assert said.startswith("La carte d’Hélène ")
    assert french.join_of(["Hugo"]) == "d’Hugo"
    assert "soi-même" not in french.gettext("{accuser} cannot accuse themselves.")
    asked = french.gettext("Whom does {name} challenge?").format(name="Gaston").replace("\u202f", " ")
    assert asked == "Quelle personne est interpellée par Gaston ?"
    assert "docteur" not in french.gettext("doctor (won)")
