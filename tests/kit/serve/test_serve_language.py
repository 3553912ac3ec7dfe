"""Every word the server answers is in the reader's language: the pages, and each API
error one sentence of it, with no Python or JSON value (None, null, False) in a sentence."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from serve_helpers import HOC_PLAYERS, page_text
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

FOUR = [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")]
VALUES = re.compile(r"\b(None|null|True|False)\b|\{\{|\}\}")
# Each game a few entries in; the values named are where a raw value once showed.
GAMES = {
    "phd": (FOUR, [{"action": "challenge", "player": "Ana", "resource": "credit", "die": 5, "difficulty": 8,
                    "success": {"credit": 3}}]),
    "amphitheatre": (FOUR, [{"action": "handshake", "speaker": "Ana", "target": "Ben"}]),
    "promotion": (FOUR, [{"action": "gain", "player": "Cléo", "amount": 3}]),
    "hoc-censeo": (HOC_PLAYERS, [{"action": "vote", "pour": {"Alice": 37, "Chloé": 19}, "contre": {"Bob": 23},
                                  "colour": "bleu"}]),
}


def served(tmp_path: Path, game: str) -> Path:
    path = tmp_path / f"{game}.jsonl"
    players, entries = GAMES[game]
    sessions.create(path, game, players)
    for action in entries:
        sessions.append(path, action)
    return path


@pytest.mark.parametrize("game", GAMES)
def test_no_page_shows_a_python_value(tmp_path, game):
    path = served(tmp_path, game)
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        addresses = ["/", f"/host/{tokens['host']}", f"/join/{tokens['room']}",
                     *(f"/seat/{token}" for token in tokens["seats"].values())]
        for lang in ("fr", "en"):
            for address in addresses:
                text = page_text(client.get(f"{address}?lang={lang}").text)
                assert not VALUES.search(text), (address, lang, VALUES.search(text)[0])
                assert "shielded" not in text
                assert "poste" not in text   # a field's name, not the page's word for it


def errors(client: TestClient, lang: str) -> dict[str, str]:
    """Every kind of refusal the API gives, as one reader in `lang` gets it."""
    tokens = client.app.state.table.tokens
    seat, host = f"/api/seat/{tokens['seats']['Alice']}", f"/api/host/{tokens['host']}"
    heard = {"accept-language": lang}
    asks = {
        "not JSON": client.post(f"{seat}/act", content="{", headers={**heard, "content-type": "application/json"}),
        "too deep": client.post(f"{seat}/act", content='{"a":' * 100 + "1" + "}" * 100,
                                headers={**heard, "content-type": "application/json"}),
        "not an object": client.post(f"{seat}/act", json=[1], headers=heard),
        "a list as the action": client.post(f"{seat}/act", json={"action": ["undo"]}, headers=heard),
        "another's ballot": client.post(f"{seat}/act", json={"action": "ballot", "player": "Bob", "pour": 1}, headers=heard),
        "too many senators": client.post(f"{seat}/act", json={"action": "ballot", "pour": 500}, headers=heard),
        "no player": client.post(f"{host}/act", json={"action": "buy_senators", "gold": 1}, headers=heard),
        "answers not an object": client.post(f"{seat}/choose", json=[1], headers=heard),
        "wrong type": client.post(f"{seat}/act", content="x", headers={**heard, "content-type": "text/plain"}),
        "unknown seat": client.get("/api/seat/nobody", headers=heard),
        "nothing here": client.get("/api/nothing", headers=heard),
        "wrong method": client.put("/api/state", headers=heard),
    }
    said = {}
    for what, reply in asks.items():
        assert reply.status_code >= 400, (what, reply.text)
        said[what] = reply.json()["error"]
    return said


def test_every_api_error_is_one_sentence_in_the_readers_language(tmp_path):
    with TestClient(create_app(served(tmp_path, "hoc-censeo"))) as client:
        french, english = errors(client, "fr"), errors(client, "en")
    for what in french:
        assert french[what] != english[what], what   # said in French, not left in English
        for sentence in (french[what], english[what]):
            assert not VALUES.search(sentence), (what, sentence)
            assert "Expecting" not in sentence   # json's own English words
            assert sentence.endswith("."), (what, sentence)


def test_a_seat_told_to_wait_hears_the_action_in_its_words(tmp_path):
    path = served(tmp_path, "phd")
    with TestClient(create_app(path)) as client:
        ana = client.app.state.table.tokens["seats"]["Ana"]
        refused = client.post(f"/api/seat/{ana}/act?lang=fr", json={
            "action": "challenge", "resource": "credit", "die": 5, "difficulty": 8})
    assert refused.status_code == 403
    assert "(challenge)" not in refused.json()["error"]
