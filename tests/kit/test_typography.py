"""kit.typography: one French typography and one placeholder filler for all four games."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import bad_layout

from kit.placeholders import fill, substitute
from kit.schema import Field, Record, check
from kit.typography import NBSP, NNBSP, typeset


@pytest.mark.parametrize(("typed", "printed"), [
    ("l'âme", "l\u2019âme"),
    ("Vraiment ? non ; oui !", f"Vraiment{NNBSP}? non{NNBSP}; oui{NNBSP}!"),
    ("« non »", f"«{NNBSP}non{NNBSP}»"),
    ("Total : 100 %", f"Total{NBSP}: 100{NBSP}%"),
    ("**Répond à** : une Attaque", f"**Répond à**{NBSP}: une Attaque"),
    ("piochez 3 cartes, case n° 2", f"piochez 3{NBSP}cartes, case n°{NBSP}2"),
    ("format A4 paysage, 1.5 mm", "format A4 paysage, 1.5 mm"),   # not a count: no binding
    ("deux  ?", f"deux{NNBSP}?"),                                    # a run of spaces is one
    (f"faux{NBSP}?", f"faux{NNBSP}?"),                               # a wrong no-break space is corrected
    ("Sans ponctuation", "Sans ponctuation"),
])
def test_typeset(typed, printed):
    assert typeset(typed) == printed


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet=" '«»:;!?%n°0123456789abcé\u00a0\u202f", max_size=30))
def test_typeset_twice_changes_nothing_and_leaves_no_loose_mark(text):
    once = typeset(text)
    assert typeset(once) == once
    assert "'" not in once
    for mark in ";:!?%»":
        assert f" {mark}" not in once


def test_fill_replaces_placeholders_then_typesets():
    assert fill("Gardez {n} cartes : pas plus !", {"n": 5}, "f.yaml", "aid", "body") == \
        f"Gardez 5{NBSP}cartes{NBSP}: pas plus{NNBSP}!"
    # A catalogue field keeps its plain spaces.
    assert substitute("{a} à {b} joueurs", {"a": 2, "b": 8}, "f.yaml", None, "players") == "2 à 8 joueurs"


@pytest.mark.parametrize(("text", "problem"), [
    ("Gardez {main} cartes", "unknown placeholder {main}; known ones: {n}"),
    ("Gardez {n cartes", "a brace is not closed (expected '}' before end of string); write {{ and }} for literal braces"),
])
def test_fill_names_file_entry_and_field_of_a_bad_placeholder(text, problem):
    with bad_layout("aid.yaml", "back[1] « Fin »", "body", problem):
        fill(text, {"n": 5}, "aid.yaml", "back[1] « Fin »", "body")


def test_a_text_field_is_typeset_as_it_loads_and_a_str_field_is_not():
    schema = Record({"title": Field("text"), "note": Field(str)})
    assert check({"title": "C'est ça ?", "note": "C'est ça ?"}, schema) == \
        {"title": f"C\u2019est ça{NNBSP}?", "note": "C'est ça ?"}
