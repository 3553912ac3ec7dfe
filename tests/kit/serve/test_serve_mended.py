"""The pages as players saw them, mended (issue 34, item 6): each finding a test."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from serve_helpers import new_hoc
from starlette.testclient import TestClient

from kit.deck import for_session
from kit.serve.app import create_app
from scorekeeper import session as sessions


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(new_hoc(tmp_path / "senate.jsonl"))) as client:
        yield client


def test_the_icon_every_browser_asks_for_is_served(client):
    # every page's first visit asked for /favicon.ico and logged a 404
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/x-icon"
    assert icon.content.startswith(b"\x00\x00\x01\x00")     # an ICO file's header
    assert icon.headers["cache-control"] == "no-store"       # the same headers as every answer


def promotion_turn(tmp_path: Path, *steps: str) -> Path:
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben")], deck=for_session("promotion", None))
    for step in steps:
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    return path


def test_a_step_the_rules_leave_one_way_says_what_it_does(tmp_path):
    # the turn's only step now is the draw: its button read « Étape suivante du tour »
    path = promotion_turn(tmp_path, "start")
    with TestClient(create_app(path)) as client:
        seat = sessions.seat_tokens(path)["seats"]["Ana"]
        decision = client.get(f"/seat/{seat}?lang=fr").text.split('<section class="decision"')[1].split("</section>")[0]
    assert '<button type="submit" class="big">Piocher</button>' in decision
    assert "Étape suivante du tour" not in decision


def test_a_die_is_asked_by_its_faces_not_by_shares_of_an_amount(tmp_path):
    # the stepper offered « Moitié 3 / Tout 6 » for the die of a Challenge
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": "Ana"}, {"name": "Ben"}])
    for step in ("start", "challenge"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    with TestClient(create_app(path)) as client:
        seat = sessions.seat_tokens(path)["seats"]["Ana"]
        decision = client.get(f"/seat/{seat}?lang=fr").text.split('<section class="decision"')[1].split("</section>")[0]
        die = decision.split('data-field="die"')[1].split("</select>")[0]
        assert re.findall(r'<option value="(\d)">', die) == ["1", "2", "3", "4", "5", "6"]
        assert "Moitié" not in decision
        sent = client.post(f"/api/seat/{seat}/act", json={"action": "challenge", "resource": "credit", "die": 6,
                                                           "difficulty": 8})
        assert sent.status_code == 200, sent.text


def test_a_choice_that_asks_nothing_more_is_sent_by_its_one_tap(tmp_path):
    # Ben, challenged by Ana's hypothesis, agrees or states another value: « Annoncer une autre
    # valeur (débat) » led to a page whose one button said the same words again
    path = tmp_path / "amphi.jsonl"
    sessions.create(path, "amphitheatre", [{"name": n} for n in ("Ana", "Ben", "Cléo")])
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "hypothesis", "speaker": "Ana", "target": "Ben", "category": "cause"}):
        sessions.append(path, action)
    with TestClient(create_app(path)) as client:
        seat = sessions.seat_tokens(path)["seats"]["Ben"]
        choices = client.get(f"/seat/{seat}?lang=fr").text.split('<ul class="choices">')[1].split("</ul>")[0]
        assert 'href="?do=' not in choices                 # no page between the choice and the entry
        counter = choices.split('data-action="counter"')[1].split("</form>")[0]
        assert re.search(r'<button type="submit" class="big">Annoncer une autre valeur \(débat\)</button>', counter)
        handshake = choices.split('data-action="handshake"')[1].split("</form>")[0]
        assert re.findall(r'data-field="(\w+)" data-kind="text" value="(\w+)"', handshake) == [
            ("speaker", "Ana")]                             # Ben's own name the server fills in
        sent = client.post(f"/api/seat/{seat}/act", json={"action": "counter"})   # what the tap sends
        assert sent.status_code == 200, sent.text
    assert sessions.load(path).entries[-1].action == {"action": "counter", "player": "Ben"}


def test_the_hosts_undo_names_what_it_takes_back_in_the_tables_words(client):
    # it read « Annuler la dernière entrée » and asked « Annuler votre dernière entrée ? »
    path = client.app.state.table.path
    sessions.append(path, {"action": "ballot", "player": "Alice", "pour": 7})
    host = client.get(f"/host/{sessions.seat_tokens(path)['host']}?lang=fr").text
    undo = unescape(host.split('data-form="undo"')[1].split("</details>")[0]).replace("\u202f", " ").replace("\xa0", " ")
    assert 'data-confirm="Annuler « Alice a déposé son bulletin » ?"' in undo
    assert '<p class="help"><bdi>Alice</bdi> a déposé son bulletin.</p>' in undo
    words = re.findall(r'data-confirm="([^"]*)"', undo) + [re.sub(r"<[^>]*>", "", undo.split('data-confirm')[1])]
    assert not any("7" in said for said in words)     # the ballot's amounts stay the voter's


@pytest.mark.parametrize(("lang", "title"), [("fr", "Annuler : Alice a déposé son bulletin"),
                                             ("en", "Undo: Alice's ballot is in")])
def test_the_hosts_undo_names_what_it_takes_back_while_folded(client, lang, title):
    # folded, it read « Annuler la dernière entrée »: the entry was named only once opened
    path = client.app.state.table.path
    sessions.append(path, {"action": "ballot", "player": "Alice", "pour": 7})
    host = client.get(f"/host/{sessions.seat_tokens(path)['host']}?lang={lang}").text
    undo = host.split('data-form="undo"')[1].split("</details>")[0]
    folded = re.sub(r"<[^>]*>", "", undo.split("<summary>")[1].split("</summary>")[0])
    assert unescape(folded).replace("\u202f", " ").replace("\xa0", " ") == title
    assert "7" not in folded
