"""Hoc Censeo's four colours in the reader's words (issue 48): blue, mauve, yellow and green
at an English table (the English kit's, layouts/GLOSSARY.md), bleu, mauve, jaune and vert at
a French one, wherever the terminal says them (guided play's questions and what each vote
did, `show`, `log`, a refusal, `--help`), and typed in either language. The session keeps the
French values whatever the table's language (../shared/SCOREKEEPER.md)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from score_cli import Kit, lines

from kit import i18n
from kit.simulate import report, words

# The words only one language has (mauve is both languages' word).
OWN = {"en": ("blue", "yellow", "green"), "fr": ("bleu", "jaune", "vert")}
OTHER = {"en": "fr", "fr": "en"}
ENV = {"en": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"},
       "fr": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8"}}
# Guided play typed in the table's own words (what is typed is echoed, so in the table's
# language only): round 1 a mauve motion after help and a colour refused, its bonus; round 2
# a yellow one; then a vote typed whole with the other language's colour word.
SCRIPTS = {"en": ["for 20", "against 9", "", "help", "red", "mauve", "green", "f 5", "", "", "yellow", "quit"],
           "fr": ["pour 20", "contre 9", "", "aide", "rouge", "mauve", "vert", "p 5", "", "", "jaune", "quitter"]}
ELSEWHERE = {"en": "vert", "fr": "green"}
SAID = {"en": ["The motion's colour (blue/mauve/yellow/green)", "Answer one of blue, mauve, yellow, green.",
               "Mauve bonus (largest FOR voter's choice) (blue/yellow/green)", "The motion is yellow.", "colour green",
               "so the motion's colour is needed (blue, mauve, yellow, green).",
               "must choose the bonus (blue, yellow, green).", "--colour [blue|mauve|yellow|green]",
               "--bonus [blue|yellow|green]", "'--colour': rouge is not one of blue, mauve, yellow, green.",
               "blue  mauve  yellow  green", "--colour green"],
        "fr": ["La couleur de la motion (bleu/mauve/jaune/vert)", "Répondez par l’un de ces choix : bleu, mauve, jaune, vert.",
               "Bonus mauve (au choix du plus gros vote POUR) (bleu/jaune/vert)", "Couleur de la motion : jaune.", "couleur vert",
               "il faut la couleur de la motion (bleu, mauve, jaune, vert).",
               "doit choisir le bonus (bleu, jaune, vert).", "--colour [bleu|mauve|jaune|vert]",
               "--bonus [bleu|jaune|vert]", "'--colour' : rouge n’est pas l’un de ces choix : bleu, mauve, jaune, vert.",
               "bleu  mauve  jaune  vert", "--colour vert"]}


def colours_named(text: str, lang: str) -> set[str]:
    """The colour words only `lang` has that `text` says, each as a whole word."""
    return set(re.findall(r"(?<![\w-])(" + "|".join(OWN[lang]) + r")(?![\w-])", text, re.IGNORECASE))


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_at_the_terminal_says_the_colours_in_the_table_s_words(hoc: Path, lang: str):
    kit = Kit(env=ENV[lang])
    played = kit("score", "play", hoc, input="\n".join(SCRIPTS[lang]) + "\n")
    assert played.exit_code == 0, played.output
    voted = kit("score", "vote", hoc, "--pour", "Chloé=3", "--colour", ELSEWHERE[lang])   # the other language's word
    assert voted.exit_code == 0, voted.output
    refusals = [kit("score", "vote", hoc, "--pour", "Bob=2"), kit("score", "vote", hoc, "--pour", "Bob=2", "--colour", "mauve"),
                kit("score", "vote", hoc, "--pour", "Bob=2", "--colour", "rouge")]
    assert [r.exit_code for r in refusals] == [2, 2, 2]
    outputs = [played.output, voted.output, *(r.output for r in refusals), kit("score", "show", hoc).output,
               kit("score", "log", hoc, "--reveal").output, *(kit("score", command, "--help").output
                                                          for command in ("vote", "resolve", "spend-seals"))]
    said = plain("\n".join(outputs))
    for sentence in SAID[lang]:
        assert sentence in said, sentence
    assert colours_named(said, lang) == set(OWN[lang])
    assert not colours_named(said, OTHER[lang]), colours_named(said, OTHER[lang])
    # the session is the same file in both languages: the rules' French values
    assert [(a.get("colour"), a.get("bonus")) for a in lines(hoc)[1:] if a["action"] in ("resolve", "vote")] == [
        ("mauve", "vert"), ("jaune", None), ("vert", None)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_simulation_report_says_the_game_s_values_in_the_reader_s_words(lang: str):
    """What came of each motion, by its colour, and an option the bots never took (a side)."""
    never = {"kind": "never_taken", "what": "choice", "bot": "greedy", "label": "side of the ballot: contre",
             "decision": "side of the ballot", "option": "contre", "offered": 4}
    items = {"motions": {"vert": {"per_game": 1.0, "games": {}, "outcomes": {"pour": {"rate": 0.5}}}}}
    before = i18n.active().lang
    i18n.activate(lang)
    try:
        warned = plain(words.warning(never, "hoc-censeo"))
        per_item = plain("\n".join(report._figures_lines({"game": "hoc-censeo", "figures": {}, "items": items})))
    finally:
        i18n.activate(before)
    side, colour, won = {"en": ("AGAINST", "green", "FOR"), "fr": ("CONTRE", "vert", "POUR")}[lang]
    assert re.search(rf": {side} ?[”»]", warned), warned
    assert re.search(rf"^  {colour} +1[.,]00  {won} 50[.,]0 %$", per_item, re.MULTILINE), per_item
