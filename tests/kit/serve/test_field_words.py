"""Every input of a phone's form is labelled in words of the catalogue, never by the field's
id as the rules spell it (found in review: « other » on PHD's Coopération form in French).

A field the game's faces' field_labels leave out is labelled by the rules' declaration of it
(scorekeeper/rules/fields.py: its `label`). The forms are those of whole games the bots play,
as test_value_words walks them.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_value_words import states_played

from kit import plan
from kit.serve import pages
from scorekeeper import rules
from scorekeeper.errors import Message

CATALOGUE = Path(__file__).parents[3] / "kit" / "locale" / "kit.pot"


def msgids() -> set[str]:
    with CATALOGUE.open("rb") as handle:
        return {message.id if isinstance(message.id, str) else message.id[0] for message in read_po(handle)}


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_every_input_of_every_form_is_labelled_in_the_catalogues_words(game, monkeypatch):
    known = msgids()
    raw = set()
    for state in states_played(game, monkeypatch):
        view = rules.view(game, state)
        for form in plan.host_forms(game, view):
            for spec in form.inputs:
                label = spec.label.message if isinstance(spec.label, Message) else spec.label
                if not spec.verbatim and (label not in known or label == spec.field):   # « card » is a msgid too
                    raw.add((form.action, spec.field, label))
    assert not raw, f"{game}'s forms label inputs by words no catalogue holds: {sorted(raw)}"


def test_a_field_the_games_words_leave_out_is_labelled_as_the_rules_declare_it():
    view = {"players": {"Ana": {}, "Ben": {}}, "over": False, "pending": [], "anytime": []}
    decision = {"action": "cooperate", "player": "Ana", "choices": {"card": ["x"], "other": ["Ben"]},
                "secret": False}
    form = plan.form_of("phd", decision, view, "Ana")
    (other,) = [spec for spec in form.inputs if spec.field == "other"]
    page = pages.Page(lang="fr", game="phd", state=view, line=1, path="/", post="/api/x/act", seat="Ana")
    assert pages.FormsView(page).label(other) == "L’autre personne"
