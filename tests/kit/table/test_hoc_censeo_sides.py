"""Hoc Censeo's two sides in the reader's words (issue 48): FOR and AGAINST at an English
table, POUR and CONTRE at a French one, wherever a person reads them (guided play's
questions and help, what each vote did, `show`, `log`, a refusal, `--help`, and a seat's
page on the phone), and typed as people say them. The session keeps "pour" and "contre"
whatever the table's language (../shared/SCOREKEEPER.md)."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from score_cli import Kit, lines
from serve_helpers import hold_seat, new_hoc, page_text
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

SIDES = {"en": ("FOR", "AGAINST"), "fr": ("POUR", "CONTRE")}
OTHER = {"en": "fr", "fr": "en"}
ENV = {"en": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"},
       "fr": {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8"}}
# Two rounds of guided play typed in the table's own words: a ballot for one side, one for
# the other, an empty one, the colour; then a tie the magistrate (Bob) breaks by a side's word.
SCRIPTS = {"en": ["aide", "for 20", "against 9", "", "blue", "f 5", "a 5", "", "against", "quit"],
           "fr": ["aide", "pour 20", "contre 9", "", "bleu", "p 5", "c 5", "", "contre", "quitter"]}
SAID = {"en": ["FOR wins 20 to 9.", "AGAINST wins on the magistrate's word, 5 to 5.",
               "Type FOR then AGAINST: 12 is FOR 12; 12 3 is FOR 12 and AGAINST 3; a 5 (or against 5) is AGAINST 5"],
        "fr": ["POUR l’emporte par 20\u00a0à 9.", "CONTRE l’emporte sur la parole de la présidence, 5\u00a0à 5.",
               "POUR puis CONTRE"]}


def sides_named(text: str, lang: str) -> set[str]:
    """The sides' capital words of `lang` that `text` says (a whole word each: never the
    lower-case `--pour` of an option or the "pour" of a French sentence)."""
    return set(re.findall(r"\b(" + "|".join(SIDES[lang]) + r")\b", text))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_round_at_the_terminal_says_the_sides_in_the_table_s_words(tmp_path: Path, lang: str):
    kit = Kit(env=ENV[lang])
    hoc = tmp_path / "senate.jsonl"
    assert kit("score", "new", hoc, "hoc-censeo", "--player", "Alice:titienses", "--player", "Bob:ramnes",
               "--player", "Chloé:luceres").exit_code == 0
    played = kit("score", "play", hoc, input="\n".join(SCRIPTS[lang]) + "\n")
    assert played.exit_code == 0, played.output
    # a whole vote typed with the options in the table's words, its tie broken by a side's word
    vote = ["--for", "Alice=4", "--against", "Bob=4", "--tiebreak", "against"] if lang == "en" else \
        ["--pour", "Alice=4", "--contre", "Bob=4", "--tiebreak", "contre"]
    voted = kit("score", "vote", hoc, *vote)
    assert voted.exit_code == 0, voted.output
    refused = kit("score", "act", hoc, '{"action": "ballot", "player": "Alice", "pour": -1}')
    assert refused.exit_code == 2
    outputs = [played.output, voted.output, refused.output, kit("score", "show", hoc).output,
               kit("score", "log", hoc, "--reveal").output, kit("score", "log", hoc, "--as", "Bob").output,
               kit("score", "vote", "--help").output, kit("score", "ballot", "--help").output]
    said = "\n".join(outputs)
    for sentence in SAID[lang]:
        assert sentence in said
    assert sides_named(said, lang) == set(SIDES[lang])
    assert not sides_named(said, OTHER[lang]), sides_named(said, OTHER[lang])
    # the session is the same file in both languages
    assert [(a.get("pour"), a.get("contre")) for a in lines(hoc)[1:] if a["action"] == "ballot"] == [
        (20, 0), (0, 9), (0, 0), (5, 0), (0, 5), (0, 0)]
    assert [a.get("tiebreak") for a in lines(hoc)[1:] if a["action"] in ("resolve", "vote")] == [None, "contre", "contre"]
    assert lines(hoc)[-1] == {"action": "vote", "pour": {"Alice": 4}, "contre": {"Bob": 4}, "tiebreak": "contre"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_round_on_the_phones_says_the_sides_in_the_reader_s_words(tmp_path: Path, lang: str):
    path = new_hoc(tmp_path / "senate.jsonl")
    pages = []
    with TestClient(create_app(path)) as client:
        def seat(name: str) -> str:
            hold_seat(client, name)
            reply = client.get("/me", params={"lang": lang})
            assert reply.status_code == 200, reply.text
            return reply.text
        pages.append(seat("Chloé"))        # a ballot to cast: its two steppers
        for name, amounts in (("Alice", {"pour": 10}), ("Bob", {"contre": 5}), ("Chloé", {"contre": 0})):
            sessions.append(path, {"action": "ballot", "player": name, **amounts})
        pages.append(seat("Bob"))          # his own ballot, and its undo named
        pages.append(seat("Alice"))        # the magistrate reads the totals
        sessions.append(path, {"action": "resolve", "colour": "bleu"})
        pages.append(seat("Alice"))
        pages.append(client.get("/", params={"lang": lang}).text)   # the table tells the vote
    text = "\n".join(unescape(page).replace("\xa0", " ").replace("\u202f", " ") for page in pages)
    assert sides_named(text, lang) == set(SIDES[lang])
    assert not sides_named(text, OTHER[lang]), sides_named(text, OTHER[lang])
    pour, contre = SIDES[lang]
    assert f'data-label="{pour}"' in pages[0]     # the words the phone reads the ballot back in
    assert f'data-label="{contre}"' in pages[0]
    expected = {"en": ["My ballot this round: 0 FOR, 5 AGAINST.", "Totals: FOR 10, AGAINST 5.", "FOR wins 10 to 5."],
                "fr": ["Mon bulletin de ce tour : 0 POUR, 5 CONTRE.", "Totaux : POUR 10, CONTRE 5.",
                       "POUR l’emporte par 10 à 5."]}
    read = " ".join(" ".join(page_text(page).split()) for page in pages).replace("\xa0", " ").replace("\u202f", " ")
    for sentence in expected[lang]:
        assert sentence in read, sentence
