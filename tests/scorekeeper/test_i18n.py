"""The scorekeeper's languages: the language choice, the catalogues, and refusals in French."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from score_cli import HOC_PLAYERS, Kit

from kit import i18n
from kit.typography import NBSP, NNBSP
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import hoc_censeo

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import catalogues  # noqa: E402


@pytest.mark.parametrize(("explicit", "environ", "expected"), [
    (None, {}, "fr"),                                               # nothing said: French
    (None, {"LANG": "C"}, "fr"), (None, {"LANG": "POSIX"}, "fr"), (None, {"LANG": "C.UTF-8"}, "fr"),
    (None, {"LANG": "en_US.UTF-8"}, "en"), (None, {"LANG": "fr_CA.UTF-8"}, "fr"),
    (None, {"LANG": "de_DE.UTF-8"}, "fr"),                          # a language we lack: French
    (None, {"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
    (None, {"LANG": "en_US.UTF-8", "LC_MESSAGES": "en_US", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
    (None, {"LC_ALL": "", "LANG": "en_US.UTF-8"}, "en"),            # set but empty: not said
    ("en", {"LANG": "fr_FR.UTF-8"}, "en"), ("FR", {"LANG": "en_US.UTF-8"}, "fr"),
    ("klingon", {"LANG": "en_US.UTF-8"}, "en"),                     # an unusable choice falls through
])
def test_choose_language(explicit, environ, expected) -> None:
    assert i18n.choose_language(explicit, environ) == expected


@pytest.mark.parametrize(("header", "expected"), [
    ("en-US,en;q=0.9,fr;q=0.8", "en"), ("de-DE,fr;q=0.5,en;q=0.4", "fr"), ("fr-CH, en;q=0.9", "fr"),
    ("en;q=0, fr;q=0.1", "fr"), ("de, it", "fr"), ("*", "fr"), ("en;q=abc", "en"),
])
def test_accept_language(header, expected) -> None:
    assert i18n.choose_language(None, {"LANG": "en_US.UTF-8"}, accept_language=header) == expected


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_committed_mo_match_the_po(lang: str) -> None:
    po = REPO / "kit" / "locale" / lang / "LC_MESSAGES" / "kit.po"
    assert po.with_suffix(".mo").read_bytes() == catalogues.compiled(po), \
        f"{po.with_suffix('.mo')} is stale: run python tools/catalogues.py"
    # click's words alone, which click reads through the global gettext (kit.i18n.CLICK_DOMAIN)
    assert po.with_name("click.mo").read_bytes() == catalogues.compiled(po, catalogues.CLICK_WORDS), \
        f"{po.with_name('click.mo')} is stale: run python tools/catalogues.py"


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_a_catalogue_read_as_it_is_asked_says_what_gettext_says(lang: str) -> None:
    """kit.i18n.Catalogue finds each message by bisection where gettext decodes them all:
    every message and plural of the kit's catalogue reads the same either way."""
    import gettext

    whole = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=[lang])
    asked = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=[lang], class_=i18n.Catalogue)
    assert isinstance(whole, gettext.GNUTranslations)
    for key in whole._catalog:
        if isinstance(key, tuple):
            for n in (0, 1, 2, 5, 1_000_000):
                assert asked.ngettext(key[0], "-", n) == whole.ngettext(key[0], "-", n), key
        else:
            assert asked.gettext(key) == whole.gettext(key), key
    assert asked.gettext("No such message.") == "No such message."
    assert asked.ngettext("No such thing.", "No such things.", 2) == "No such things."


def test_every_message_has_a_french_translation() -> None:
    """The code's messages extracted afresh: each has a French translation with the same
    placeholders, none fuzzy (a message added without translating it fails here)."""
    found = catalogues.problems()
    assert not found, "\n".join(found)


def test_french_refusal_agrees_with_the_number_and_keeps_french_spacing() -> None:
    state = hoc_censeo.setup([{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
                              {"name": "Chloé", "role": "luceres"}], {})
    french, english = i18n.translator("fr"), i18n.translator("en")
    with pytest.raises(RuleViolation) as refused:
        hoc_censeo.check_vote_entry(state, "Alice", 60, 50)
    assert english.refusal(refused.value) == "Alice has 100 senators left and cannot vote 110 (60 FOR and 50 AGAINST)."
    # the engine's own text is the message id, which keeps the French sides the code names
    assert str(refused.value) == "Alice has 100 senators left and cannot vote 110 (60 POUR and 50 CONTRE)."
    assert french.refusal(refused.value) == \
        "Il reste 100\u00a0sénateurs à Alice, qui ne peut pas en voter 110 (60\u00a0POUR et 50\u00a0CONTRE)."
    # The public sentence names the rule, not the values: nothing typed, nothing held.
    public = french.refusal(refused.value, reveal=False)
    assert not re.search(r"\d", public)
    assert "Alice" in public
    state["players"]["Alice"]["senators"] = 1
    with pytest.raises(RuleViolation) as refused:
        hoc_censeo.check_vote_entry(state, "Alice", 2, 0)
    assert french.refusal(refused.value) == "Il reste 1\u00a0sénateur à Alice, qui ne peut pas en voter 2."
    with pytest.raises(RuleViolation) as refused:
        hoc_censeo.apply(state, {"action": "resolve"})
    assert french.refusal(refused.value) == ("Le vote ne peut pas encore être dépouillé" + NBSP
                                             + ": Alice, Bob et Chloé n’ont pas déposé de bulletin.")
    assert NNBSP + ";" in french.gettext("{name} has already cast a ballot this round; undo it to cast another.")


def test_the_cli_speaks_the_locale_and_lang_overrides_it(tmp_path: Path) -> None:
    french, english = Kit(env={"LC_ALL": None, "LANG": "fr_FR.UTF-8"}), Kit()
    path = tmp_path / "senate.jsonl"
    english.new(path, "hoc-censeo", HOC_PLAYERS)
    action = '{"action": "vote", "pour": {"Alice": 500}}'   # a one-shot vote's amounts are typed in the open
    assert "Erreur" + NBSP + ": Il reste 100\u00a0sénateurs à Alice" in french("score", "act", path, action).output
    assert "Error: Alice has 100 senators left" in english("score", "act", path, action).output
    assert "Error: Alice has" in french("score", "--lang", "en", "act", path, action).output
    assert "Erreur" in english("score", "--lang", "fr", "act", path, action).output


def test_an_installed_kit_finds_its_catalogues(tmp_path: Path) -> None:
    """The .mo files are package data: `python -m kit` from elsewhere still speaks French."""
    result = subprocess.run([sys.executable, "-c", "from kit import i18n; "
                             "print(i18n.translator('fr').gettext('Error: {message}'))"],
                            capture_output=True, text=True, cwd=tmp_path, check=False,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert result.stdout.strip() == "Erreur" + NBSP + ": {message}", result.stderr


def test_help_speaks_the_language_and_one_process_may_speak_both():
    french, english = Kit(env={"LC_ALL": None, "LANG": "fr_FR.UTF-8"}), Kit()
    for _ in range(2):   # the English texts are kept aside: switching back and forth works
        fr = french("score", "vote", "--help").output
        assert "Utilisation" in fr
        assert "Exemples" in fr
        assert "La couleur de la motion" in fr
        assert "Afficher ce message et quitter." in fr
        assert "Show this message" not in fr
        en = english("score", "vote", "--help").output
        assert "Usage:" in en
        assert "Examples:" in en
        assert "The motion's colour" in en
        assert "Exemples" not in en
    assert "Tient le score" in french("score", "--help").output


def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel() -> None:
    # « la phase Vivre de Ana » is not French; the templates cannot know the name
    french = i18n.translator("fr")
    error = RuleViolation("The game waits for {name}'s Vivre event card.", name="Ana")
    assert french.refusal(error).endswith("phase Vivre d’Ana.")
    error = RuleViolation("The game waits for {name}'s Vivre event card.", name="Ben")
    assert french.refusal(error).endswith("phase Vivre de Ben.")
    assert french.gettext("{name}'s turn.").format(name="Élodie") == "Tour d’Élodie."
    assert french.join_of(["Bob", "Alice"]) == "de Bob et d’Alice"
    waits = "The game waits for the magistrate {magistrate} to resolve the vote."
    assert french.gettext(waits).format(magistrate="Alice").startswith("La partie attend qu’Alice,")
    assert french.gettext(waits).format(magistrate="Bob").startswith("La partie attend que Bob,")
