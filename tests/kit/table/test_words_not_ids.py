"""Issue 46, item 4: no id where a person reads. Guided play's undo named the card taken back
by its id (« Cléo plays delegue-syndical »): its lines were described without the state the
entry met, so without the session's deck."""
from __future__ import annotations

import re

from kit import i18n, table
from kit.deck import for_session
from scorekeeper import session as sessions

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
