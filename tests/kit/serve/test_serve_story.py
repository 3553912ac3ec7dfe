"""The table page tells the story: whose turn, what each entry did, a vote's reveal, who
won and why, from the session log through the rules' events, in the page's language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from serve_helpers import PENDING, ROUND_ONE, new_hoc, page_text
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

FOUR = [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")]


def part(html: str, section: str) -> str:
    """The text a person reads in one section of the table page."""
    found = re.search(rf'<section id="{section}"[^>]*>(.*?)</section>', html, re.S)
    assert found, section
    return " ".join(page_text(found[1]).split())


def table(path: Path, lang: str = "en") -> str:
    """The table page as a new browser reads it, from a server started afresh."""
    with TestClient(create_app(path)) as client:
        return client.get(f"/?lang={lang}").text


def test_a_challenge_says_what_happened_and_the_story_survives_a_restart(tmp_path):
    path = tmp_path / "phd.jsonl"
    sessions.create(path, "phd", FOUR)
    sessions.append(path, {"action": "challenge", "player": "Ana", "resource": "credit", "die": 5,
                           "difficulty": 8, "success": {"credit": 3}, "failure": {"pression": 2}})
    sessions.append(path, {"action": "challenge", "player": "Ben", "resource": "pression", "die": 1,
                           "difficulty": 9, "success": {"credit": 3}, "failure": {"pression": 2}})
    told = part(table(path), "story")
    assert "Ana's challenge: total 9, needed 8: success." in told
    assert "Ana: Credit 4 -> 7." in told
    assert "Ben's challenge: total 5, needed 9: failure." in told
    assert told.index("Ben's challenge") < told.index("Ana's challenge")   # the latest first
    french = part(table(path, "fr"), "story")
    assert "Ana : Challenge, total 9, il fallait 8 : réussite." in french
    assert "Ben : Challenge, total 5, il fallait 9 : échec." in french


def test_the_hoc_censeo_table_reveals_a_resolved_vote_in_words(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    html = table(path)
    board = part(html, "board")
    assert "The last vote" in board
    assert "FOR wins 56 to 23." in board
    assert "The motion is" in board
    assert "Alice gains 1 seal" in board
    assert "37 : 23" not in board   # no bare totals table: the story says it in words
    for name, amounts in PENDING.items():
        sessions.append(path, {"action": "ballot", "player": name, **{k: v for k, v in amounts.items() if v}})
    html = table(path)
    assert "FOR wins 56 to 23." in part(html, "board")   # the reveal stays through the next ballots
    told = part(html, "story")
    assert "Bob's ballot is in." in told
    assert "41" not in told    # Alice's ballot amount is hers alone
    assert "29" not in told
    assert "Waiting for Chloé" in part(html, "now")


def test_the_story_tells_each_undo_and_each_correction_and_a_terminal_entry_joins_it(tmp_path):
    path = tmp_path / "promo.jsonl"
    sessions.create(path, "promotion", FOUR)
    with TestClient(create_app(path)) as client:
        host = client.app.state.table.tokens["host"]
        assert client.post(f"/api/host/{host}/act", json={"action": "gain", "player": "Cléo", "amount": 3}).status_code == 200
        told = part(client.get("/?lang=en").text, "story")
        assert "2. Correction: Cléo gains 3 IP." in told
        assert "Cléo gains 3 IP and has 4." in told
        sessions.append(path, {"action": "undo"})          # typed in a terminal
        told = part(client.get("/?lang=en").text, "story")
        assert "3. Line 2 taken back: Cléo gains 3 IP." in told     # the undo, told
        assert "(taken back at line 3)" in told                    # and the entry, struck
        assert "has 4" not in told                                  # what it did no longer stands
        sessions.append(path, {"action": "steal", "thief": "Dan", "victim": "Ana", "amount": 2})
        told = part(client.get("/?lang=en").text, "story")
        assert "Dan takes 1 IP from Ana: Dan has 2, Ana 0." in told
        assert told.index("4.") < told.index("3. Line 2") < told.index("2. Correction")   # the latest first
        french = part(client.get("/?lang=fr").text, "story")
        assert "Ligne 2 annulée" in french
        assert "Correction" in french


def test_the_end_says_who_won_and_why(tmp_path):
    path = tmp_path / "promo.jsonl"
    sessions.create(path, "promotion", FOUR)
    sessions.append(path, {"action": "gain", "player": "Ben", "amount": 30})
    html = table(path)
    end = part(html, "now")
    assert "Game over: Ben won." in end
    assert "Ben reaches" in end
    assert "wins at once" in end
    french = part(table(path, "fr"), "now")
    assert "Partie terminée : victoire de Ben." in french
    assert "Ben atteint 8 PI et gagne aussitôt." in french


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_answer_to_an_accepted_entry_says_what_it_did(tmp_path, lang):
    path = tmp_path / "phd.jsonl"
    sessions.create(path, "phd", FOUR)
    with TestClient(create_app(path)) as client:
        host = client.app.state.table.tokens["host"]
        reply = client.post(f"/api/host/{host}/act?lang={lang}", json={
            "action": "challenge", "player": "Ana", "resource": "credit", "die": 5, "difficulty": 8,
            "success": {"credit": 3}})
    told = [" ".join(line.split()) for line in reply.json()["told"]]
    assert told[0] == {"en": "Ana's challenge: total 9, needed 8: success.",
                       "fr": "Ana : Challenge, total 9, il fallait 8 : réussite."}[lang]
