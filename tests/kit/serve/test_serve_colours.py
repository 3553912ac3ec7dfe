"""Issue 46, item 4: every colour with a word or a sign. A seat's own card on the board was
told apart by its border alone, an answer accepted or refused by its green or red alone."""
from __future__ import annotations

import re
from pathlib import Path

from serve_helpers import new_hoc
from test_serve_turn_words import pages

from scorekeeper import session as sessions

CSS = Path(__file__).resolve().parents[3] / "kit" / "serve" / "static" / "serve.css"


def test_the_seats_own_card_says_it_is_theirs(tmp_path):
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben")])
    ana, ana_en, table = pages(path, "seat Ana?lang=fr", "seat Ana?lang=en", "table?lang=fr")
    # a seat's page lists every player in one table, its own column first and marked
    assert re.search(r'<thead><tr><th scope="col">.*?</th><th scope="col" class="me"><bdi>Ana</bdi> '
                     r'<small class="you">\(vous\)</small></th><th scope="col"><bdi>Ben</bdi>', ana)
    assert "(you)" in ana_en
    assert "(vous)" not in table   # the shared screen is nobody's
    hoc, = pages(new_hoc(tmp_path / "senate.jsonl"), "seat Alice?lang=fr")   # a game's own board too
    assert '<bdi>Alice</bdi> <small class="you">(vous)</small>' in hoc


def test_an_answers_colour_comes_with_a_sign():
    css = CSS.read_text(encoding="utf-8")
    for kind in ("ok", "refused"):
        assert re.search(rf"\.answer\.{kind}\b[^{{]*\{{[^}}]*color", css), kind   # coloured
        assert re.search(rf"\.answer\.{kind}:not\(:empty\)::before \{{ content: \"[^\"]+ \"; \}}", css), kind
