"""Join with one code (issue 24): the table shows one room code; a phone taps a name and the
seat is held by that device (a secret of its own in a cookie, never the seat's link token);
a held seat is refused until the host frees it; no page but the host's shows a seat's own
link."""
from __future__ import annotations

from pathlib import Path

import pytest
from serve_helpers import SECRETS, new_hoc, numbers_in, page_text
from starlette.testclient import TestClient

from kit.serve.app import DEVICE_COOKIE, create_app
from scorekeeper import session as sessions


@pytest.fixture
def served(tmp_path: Path):
    path = new_hoc(tmp_path / "senate.jsonl")
    return path, create_app(path)


def phone(app) -> TestClient:
    return TestClient(app, follow_redirects=False)


def test_a_phone_joins_by_the_room_code_and_acts_through_its_cookie(served):
    path, app = served
    tokens = app.state.table.tokens
    with phone(app) as table, phone(app) as alice:
        public = table.get("/?lang=en").text
        assert tokens["room"] in public
        assert not any(t in public for t in [tokens["host"], *tokens["seats"].values()])
        choice = alice.get(f"/join/{tokens['room'].lower()}?lang=en")   # read off a screen: any case
        assert choice.status_code == 200
        assert all(f'value="{name}"' in choice.text for name in SECRETS)
        assert not any(t in choice.text for t in [tokens["host"], *tokens["seats"].values()])
        joined = alice.post(f"/join/{tokens['room']}", data={"seat": "Alice"})
        assert joined.status_code == 303
        assert joined.headers["location"] == "/me"
        cookie = joined.headers["set-cookie"]
        assert f"{DEVICE_COOKIE}=" in cookie
        assert not any(t in cookie for t in [tokens["host"], *tokens["seats"].values()])   # the device's own secret
        assert "HttpOnly" in cookie
        assert "SameSite=strict" in cookie.replace("Strict", "strict")
        mine = page_text(alice.get("/me?lang=en").text)
        assert 100 in numbers_in(mine)
        assert "Titienses" in mine
        assert not {"Ramnes", "Luceres"} & set(mine.split())
        assert not any(t in alice.get("/me").text for t in [tokens["host"], tokens["room"] + "x",
                                                              tokens["seats"]["Bob"], tokens["seats"]["Chloé"]])
        assert alice.get("/api/me").json()["players"]["Alice"]["senators"] == 100
        cast = alice.post("/api/me/act", json={"action": "ballot", "pour": 12})
        assert cast.status_code == 200, cast.text
    assert sessions.load(path).entries[-1].action == {"action": "ballot", "pour": 12, "player": "Alice"}


def test_a_taken_seat_is_refused_to_another_phone_until_the_host_frees_it(served):
    path, app = served
    tokens = app.state.table.tokens
    room, host = tokens["room"], tokens["host"]
    with phone(app) as first, phone(app) as second, phone(app) as hosting:
        assert first.post(f"/join/{room}", data={"seat": "Bob"}).status_code == 303
        refused = second.post(f"/join/{room}", data={"seat": "Bob"}, headers={"accept-language": "en"})
        assert refused.status_code == 409
        assert "Bob's seat is taken: ask the host to free it." in page_text(refused.text)
        assert DEVICE_COOKIE not in refused.headers.get("set-cookie", "")
        assert f'href="/join/{room}">Back to the names</a>' in refused.text   # and the way back
        assert 'value="Bob"' not in second.get(f"/join/{room}").text   # only the free seats are listed
        assert "Bob" in hosting.get(f"/host/{host}?lang=en").text
        freed = hosting.post(f"/host/{host}/free", data={"seat": "Bob"})
        assert freed.status_code == 303
        assert freed.headers["location"] == f"/host/{host}"
        told = first.get("/me?lang=en")   # this device holds Bob's seat no more, and is told so
        assert told.status_code == 403
        assert "The host has freed Bob's seat" in page_text(told.text)
        assert first.post("/api/me/act", json={"action": "ballot", "pour": 1}).status_code == 403
        # Freeing a seat changes the room code: whoever read the old one cannot take it.
        new_room = app.state.table.tokens["room"]
        assert new_room != room
        assert new_room in hosting.get("/").text
        assert room not in hosting.get("/").text
        assert second.post(f"/join/{room}", data={"seat": "Bob"}).status_code == 404
        assert second.post(f"/join/{new_room}", data={"seat": "Bob"}).status_code == 303
        assert second.get("/api/me").json()["players"]["Bob"]["senators"] == 100
    # A restart keeps who holds which seat.
    again = create_app(path).state.table.tokens
    assert list(again["held"]) == ["Bob"]
    assert again["room"] == new_room
    assert again["seats"]["Bob"] != tokens["seats"]["Bob"]


@pytest.mark.parametrize("how", ["code", "name", "form", "host"])
def test_wrong_codes_names_and_forms_are_refused_in_one_sentence(served, how):
    path, app = served
    tokens = app.state.table.tokens
    with phone(app) as client:
        if how == "code":
            reply = client.post("/join/AAAAAA", data={"seat": "Alice"})
            assert reply.status_code == 404
            assert client.get("/join/AAAAAA").status_code == 404
        elif how == "name":
            reply = client.post(f"/join/{tokens['room']}", data={"seat": "Zoé"})
            assert reply.status_code == 422
        elif how == "form":
            reply = client.post(f"/join/{tokens['room']}", json={"seat": "Alice"})
            assert reply.status_code == 415
        else:
            reply = client.post(f"/host/{tokens['seats']['Alice']}/free", data={"seat": "Alice"})
            assert reply.status_code == 404
    assert DEVICE_COOKIE not in reply.headers.get("set-cookie", "")
    assert sessions.seat_tokens(path)["held"] == {}


def test_the_typed_room_code_leads_to_the_names(served):
    _, app = served
    with phone(app) as client:
        assert 'name="code"' in client.get("/join").text
        typed = client.get("/join", params={"code": " " + app.state.table.tokens["room"].lower() + " "})
        assert typed.status_code == 303
        assert typed.headers["location"] == "/join/" + app.state.table.tokens["room"]
        sent = client.get("/me")    # no seat on this phone yet: to where it joins
        assert sent.status_code == 303
        assert sent.headers["location"] == "/join"
        assert client.get("/api/me").status_code == 404


def test_the_host_closes_the_table_to_new_phones_and_opens_it_again(served):
    path, app = served
    tokens = app.state.table.tokens
    room, host = tokens["room"], tokens["host"]
    with phone(app) as alice, phone(app) as stranger, phone(app) as hosting:
        assert alice.post(f"/join/{room}", data={"seat": "Alice"}).status_code == 303
        page = hosting.get(f"/host/{host}?lang=fr").text
        assert "Tout le monde est là" in page
        closed = hosting.post(f"/host/{host}/doors", data={"open": "0"})
        assert closed.status_code == 303
        assert not sessions.seat_tokens(path)["open"]
        table = page_text(stranger.get("/?lang=en").text)
        assert room not in table                    # no code left to read off the screen
        assert "Everyone is here" in table
        refused = stranger.post(f"/join/{room}", data={"seat": "Bob"}, headers={"accept-language": "en"})
        assert refused.status_code == 403
        assert "no new phone can join" in page_text(refused.text)
        assert 'name="seat"' not in stranger.get(f"/join/{room}").text
        assert alice.get("/me").status_code == 200   # a phone that joined before keeps its seat
        assert create_app(path).state.table.tokens["open"] is False   # a restart keeps it closed
        assert hosting.post(f"/host/{host}/doors", data={"open": "1"}).status_code == 303
        assert stranger.post(f"/join/{room}", data={"seat": "Bob"}).status_code == 303
        assert hosting.post(f"/host/{host}/doors", data={"open": "maybe"}).status_code == 422
        assert stranger.post(f"/host/{tokens['seats']['Bob']}/doors", data={"open": "0"}).status_code == 404
    assert sessions.seat_tokens(path)["open"] is True


def test_room_codes_are_letters_easy_to_read(tmp_path):
    codes = {sessions.seat_tokens(new_hoc(tmp_path / f"s{n}.jsonl"))["room"] for n in range(20)}
    assert len(codes) == 20
    assert all(len(code) == 6 and code.isalpha() and code.isupper() and not set(code) & set("ILO") for code in codes)
