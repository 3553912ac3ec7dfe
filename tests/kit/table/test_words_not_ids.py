"""Issue 46, item 4: no id where a person reads. Guided play's undo named the card taken back
by its id (« Cléo plays delegue-syndical »): its lines were described without the state the
entry met, so without the session's deck."""
from __future__ import annotations

import re

import pytest

from kit import i18n, table
from kit.deck import for_session
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

PLAYERS = [{"name": n} for n in ("Ana", "Ben", "Cléo")]


def test_the_undo_names_each_card_by_its_printed_title(tmp_path):
    path = tmp_path / "office.jsonl"
    deck = for_session("promotion", None)
    assert deck is not None
    sessions.create(path, "promotion", PLAYERS, deck=deck)
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Cléo", "step": step})
    for card in ("chef-de-projet", "delegue-syndical"):
        sessions.append(path, {"action": "turn", "player": "Cléo", "step": "play", "card": card})
    with i18n.speaking("fr"):
        session, _ = table.undo(path)
        lines = " ".join(table.undo_lines(session))
    assert "Délégué syndical" in lines
    assert "Chef de projet" in lines
    ids = [card for card in deck["cards"] if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", lines)]
    assert not ids, lines
    assert "None" not in lines


def test_a_draw_naming_a_card_is_refused_in_words_not_by_the_steps_id(tmp_path):
    """« … cette étape prend une carte 'draw-events' »: a card named on a Recherche's draw
    was refused with the step's id."""
    path = tmp_path / "these.jsonl"
    deck = for_session("phd", None)
    assert deck is not None
    sessions.create(path, "phd", PLAYERS, deck=deck)
    for step in ("start", "none"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    card = next(iter(deck["cards"]))
    for step in ("draw-events", "draw-argument"):
        with pytest.raises(RuleViolation) as refused:
            sessions.append(path, {"action": "turn", "player": "Ana", "step": step, "card": card})
        said = i18n.translator("fr").refusal(refused.value).replace("\u202f", " ").replace("\xa0", " ")
        assert said == f"Cette étape ne joue aucune carte Événement : retirez {deck['cards'][card]['title']}."
        assert step not in said
