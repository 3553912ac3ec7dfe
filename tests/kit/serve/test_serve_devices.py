"""Seats held by one device, whole-table entries with an owner, nothing changed from another
site (issue 44; SCOREKEEPER.md, "Seats, devices and the host").

Each attack the issue measured is played here as the stranger played it, and fails; honest
play goes on beside it: a new player joins a free seat by code and plays, the host frees and
moves seats, a reload and a restart keep a seat.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from serve_helpers import new_hoc, page_text
from starlette.testclient import TestClient
from test_value_words import states_played

from kit import plan
from kit.serve.app import DEVICE_COOKIE, create_app
from kit.serve.table import Forbidden, authorise
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

BROWSER = {"accept": "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate", "sec-fetch-site": "none",
           "accept-language": "en"}
OWN_PAGE = {"sec-fetch-site": "same-origin", "origin": "null", "accept-language": "en"}   # a page's own form, no referrer


@pytest.fixture
def senate(tmp_path: Path) -> Path:
    return new_hoc(tmp_path / "senate.jsonl")


def device(app) -> TestClient:
    """A browser of its own: its own cookies, redirects shown rather than followed."""
    return TestClient(app, follow_redirects=False)


def opens(phone: TestClient, link: str):
    return phone.get(link, headers=BROWSER)


def test_a_seat_opened_by_its_link_is_refused_to_a_stranger_by_code_by_name_and_by_link(senate):
    app = create_app(senate)
    tokens = app.state.table.tokens
    alice_link = f"/seat/{tokens['seats']['Alice']}"
    with device(app) as alice, device(app) as stranger:
        first = opens(alice, alice_link)
        assert first.status_code == 200
        cookie = first.headers["set-cookie"]
        assert cookie.startswith(f"{DEVICE_COOKIE}=")
        assert "HttpOnly" in cookie
        assert "samesite=strict" in cookie.lower()
        assert not any(token in cookie for token in [tokens["host"], *tokens["seats"].values()])
        assert alice.post("/api/me/act", json={"action": "ballot", "pour": 12}, headers=OWN_PAGE).status_code == 200
        before = senate.read_bytes()
        # the stranger read the room code on the shared screen: Alice is not among the names
        names = stranger.get(f"/join/{tokens['room']}", headers=BROWSER).text
        assert 'value="Alice"' not in names
        assert 'value="Bob"' in names
        by_code = stranger.post(f"/join/{tokens['room']}", data={"seat": "Alice"}, headers=OWN_PAGE)
        assert by_code.status_code == 409
        assert "Alice's seat is taken: ask the host to free it." in page_text(by_code.text)
        assert "set-cookie" not in by_code.headers
        by_link = opens(stranger, alice_link)
        assert by_link.status_code == 409
        assert "set-cookie" not in by_link.headers
        for reply in (by_code, by_link):   # the seat's secrets and its token stay with Alice
            assert not any(secret in reply.text for secret in [tokens["seats"]["Alice"], "Titienses", "12"])
        assert stranger.get("/api/me").status_code == 404
        assert stranger.post("/api/me/act", json={"action": "undo"}, headers=OWN_PAGE).status_code == 404
        assert stranger.post(f"/api/seat/{tokens['seats']['Alice']}/act", json={"action": "undo"},
                             headers=OWN_PAGE).status_code == 409
        assert stranger.get(f"/api/seat/{tokens['seats']['Alice']}").status_code == 409
        assert senate.read_bytes() == before   # her ballot stands
        # Alice's own phone: a reload keeps the seat, and so does a restarted server
        assert opens(alice, alice_link).status_code == 200
        assert "set-cookie" not in opens(alice, alice_link).headers   # the same device, nothing new to keep
    restarted = create_app(senate)
    with device(restarted) as alice_again:
        alice_again.cookies.set(DEVICE_COOKIE, first.cookies[DEVICE_COOKIE])
        assert opens(alice_again, alice_link).status_code == 200
        assert alice_again.get("/api/me").json()["players"]["Alice"]["tribe"] == "titienses"


def test_a_new_player_joins_a_free_seat_by_code_and_plays(senate):
    app = create_app(senate)
    room = app.state.table.tokens["room"]
    with device(app) as bob:
        joined = bob.post(f"/join/{room}", data={"seat": "Bob"}, headers=OWN_PAGE)
        assert joined.status_code == 303
        assert joined.headers["location"] == "/me"
        assert bob.get("/me", headers=BROWSER).status_code == 200
        assert bob.post("/api/me/act", json={"action": "ballot", "contre": 3}, headers=OWN_PAGE).status_code == 200
    assert sessions.load(senate).entries[-1].action == {"action": "ballot", "contre": 3, "player": "Bob"}


def test_the_host_sees_every_seat_frees_and_moves_one_and_changes_the_room_code(senate):
    app = create_app(senate)
    tokens = app.state.table.tokens
    host = f"/host/{tokens['host']}"
    old_link = f"/seat/{tokens['seats']['Chloé']}"
    with device(app) as chloe, device(app) as new_phone, device(app) as hosting:
        assert opens(chloe, old_link).status_code == 200
        page = page_text(hosting.get(host, headers=BROWSER).text)
        assert "Chloé (held by a device since" in page
        assert "Alice (free)" in page
        assert "Bob (free)" in page
        assert hosting.post(f"{host}/free", data={"seat": "Chloé"}, headers=OWN_PAGE).status_code == 303
        # the old device loses its rights at once, and its page says why
        told = chloe.get(old_link, headers=BROWSER)
        assert told.status_code == 403
        assert "The host has freed Chloé's seat" in page_text(told.text)
        assert chloe.get("/me", headers=BROWSER).status_code == 403
        assert chloe.post("/api/me/act", json={"action": "ballot", "pour": 1}, headers=OWN_PAGE).status_code == 403
        # moved: the next device that asks takes it, by its new link
        new_link = f"/seat/{app.state.table.tokens['seats']['Chloé']}"
        assert new_link != old_link
        assert opens(new_phone, new_link).status_code == 200
        assert new_phone.post("/api/me/act", json={"action": "ballot", "pour": 2}, headers=OWN_PAGE).status_code == 200
        assert opens(chloe, new_link).status_code == 409
        # a new room code: the old one opens nothing, the seats held stay held
        room = app.state.table.tokens["room"]
        assert hosting.post(f"{host}/room", data={"room": "new"}, headers=OWN_PAGE).status_code == 303
        assert app.state.table.tokens["room"] != room
        assert new_phone.get(f"/join/{room}", headers=BROWSER).status_code == 404
        assert list(app.state.table.tokens["held"]) == ["Chloé"]
        assert opens(new_phone, new_link).status_code == 200


CROSS_SITE = [
    {"sec-fetch-site": "cross-site", "origin": "http://evil.example"},
    {"sec-fetch-site": "same-site", "origin": "http://evil.testserver"},
    {"origin": "http://evil.example"},   # a browser without Sec-Fetch-Site
    {"sec-fetch-site": "cross-site", "origin": "null"},   # a sandboxed frame elsewhere
]


@pytest.mark.parametrize("headers", CROSS_SITE, ids=["cross-site", "same-site", "origin", "sandboxed"])
def test_nothing_changes_from_another_site(senate, headers):
    app = create_app(senate)
    tokens = app.state.table.tokens
    room, host = tokens["room"], f"/host/{tokens['host']}"
    with device(app) as chloe, device(app) as victim:
        assert opens(chloe, f"/seat/{tokens['seats']['Chloé']}").status_code == 200
        before, held = senate.read_bytes(), dict(app.state.table.tokens)
        posts = [
            (victim, f"/join/{room}", {"data": {"seat": "Alice"}}),
            (chloe, "/api/me/act", {"json": {"action": "ballot", "pour": 5}}),
            (chloe, f"/api/seat/{tokens['seats']['Chloé']}/act", {"json": {"action": "ballot", "pour": 5}}),
            (chloe, "/api/me/choose", {"json": {"calamity": "spare"}}),
            (victim, f"/api{host}/act", {"json": {"action": "ballot", "player": "Bob", "pour": 5}}),
            (victim, f"{host}/free", {"data": {"seat": "Chloé"}}),
            (victim, f"{host}/doors", {"data": {"open": "0"}}),
            (victim, f"{host}/room", {"data": {"room": "new"}}),
        ]
        for client, url, body in posts:
            reply = client.post(url, headers={**headers, "accept-language": "en"}, **body)
            assert reply.status_code == 403, (url, reply.text)
            assert "its own pages only" in page_text(reply.text), url
            assert "set-cookie" not in reply.headers
        assert senate.read_bytes() == before
        assert app.state.table.tokens == held


@pytest.mark.parametrize("headers", [OWN_PAGE, {"sec-fetch-site": "same-origin"}, {"origin": "null"},
                                     {"origin": "http://testserver"}, {}],
                         ids=["own-form", "own-script", "old-browser", "origin", "curl"])
def test_the_pages_own_forms_scripts_and_curl_keep_working(senate, headers):
    app = create_app(senate)
    room = app.state.table.tokens["room"]
    with device(app) as phone:
        assert phone.post(f"/join/{room}", data={"seat": "Bob"}, headers=headers).status_code == 303
        assert phone.post("/api/me/act", json={"action": "ballot", "pour": 1}, headers=headers).status_code == 200


def promotion_under_way(tmp_path: Path) -> Path:
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")])
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    return path


def test_only_the_current_player_or_the_host_ends_promotion_with_the_deck(tmp_path):
    path = promotion_under_way(tmp_path)
    app = create_app(path)
    tokens = app.state.table.tokens
    with device(app) as ben, device(app) as ana, device(app) as hosting:
        assert opens(ben, f"/seat/{tokens['seats']['Ben']}").status_code == 200
        assert 'data-action="deck_empty"' not in ben.get("/me", headers=BROWSER).text   # never offered
        for _ in range(3):   # the attack: neither the host nor the current player, three times
            reply = ben.post("/api/me/act", json={"action": "deck_empty"}, headers=OWN_PAGE)
            assert reply.status_code == 403, reply.text
            assert "Ana" in reply.json()["error"]   # whose it is to enter
        assert sessions.load(path).state["reshuffles"] == 0
        assert not sessions.load(path).state["over"]
        assert opens(ana, f"/seat/{tokens['seats']['Ana']}").status_code == 200
        offered = ana.get("/me", headers=BROWSER).text.split('data-action="deck_empty"')[1].split(">")[0]
        assert 'data-confirm="This is entered for the whole table' in offered   # asked before it is sent
        hosted = hosting.post(f"/api/host/{tokens['host']}/act", json={"action": "deck_empty"}, headers=OWN_PAGE)
        assert hosted.status_code == 200
    assert sessions.load(path).state["reshuffles"] == 1


def an_answer(game: str, decision: dict) -> dict:
    """One action a form of `decision` could send: its decider named, the first value of
    every field offered as a list, the least of every range; what the table gives left out."""
    action = {"action": decision["action"]}
    field = plan.actor_field(game, decision["action"])
    if decision["player"] is not None and field is not None:
        action[field] = decision["player"]
    for name, choice in decision["choices"].items():
        if isinstance(choice, list) and choice:
            action[name] = choice[0]
        elif isinstance(choice, dict) and set(choice) == {"min", "max"}:
            action[name] = choice["min"]
    return action


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_no_page_offers_an_entry_its_seat_may_not_make(game, monkeypatch):
    """Every decision of the bots' games, for every seat: each one its page offers is the
    seat's to enter (the rules may still refuse a value; never for want of authority)."""
    offered = 0
    for state in states_played(game, monkeypatch, games=2):
        if state["over"]:
            continue
        session = SimpleNamespace(game=game, state=state, rules=rules.module(game))
        for seat in state["players"]:
            seen = rules.view(game, state, seat)
            for decision, _anytime in plan.seat_decisions(game, seen, seat):
                offered += 1
                try:
                    authorise(session, seat, an_answer(game, decision))
                except Forbidden as error:
                    pytest.fail(f"{game}: {seat}'s page offers {decision} but the server refuses it: {error}")
                except RuleViolation:
                    pass
    assert offered > 100, f"{game}: only {offered} decisions offered to the seats"
