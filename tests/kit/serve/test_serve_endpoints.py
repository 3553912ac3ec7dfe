"""The table server's endpoints through Starlette's test client: answers, secrecy, refusals."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from serve_helpers import PENDING, ROUND_ONE, SECRETS, new_hoc, numbers_in, page_text
from starlette.testclient import TestClient

from kit.serve.app import MAX_BODY, create_app
from scorekeeper import rules
from scorekeeper import session as sessions


@pytest.fixture
def hoc_file(tmp_path: Path) -> Path:
    return new_hoc(tmp_path / "senate.jsonl")


@pytest.fixture
def mid_round(hoc_file: Path) -> Path:
    """A Hoc Censeo session in round 2 with Alice's and Bob's ballots cast, Chloé's not."""
    sessions.append(hoc_file, ROUND_ONE)
    for name, amounts in PENDING.items():
        sessions.append(hoc_file, {"action": "ballot", "player": name,
                                   **{k: v for k, v in amounts.items() if v}})
    return hoc_file


@pytest.fixture
def client(mid_round: Path):
    with TestClient(create_app(mid_round)) as client:
        yield client


def tokens(client: TestClient) -> dict:
    return client.app.state.table.tokens


def seat(client: TestClient, name: str) -> str:
    return tokens(client)["seats"][name]


def snapshot(path: Path) -> tuple[bytes, bytes]:
    return path.read_bytes(), sessions.tokens_path(path).read_bytes()


# -- the answers ------------------------------------------------------------------------------

def test_an_accepted_action_answers_200_with_its_line_and_is_on_disk(client, mid_round):
    reply = client.post(f"/api/seat/{seat(client, 'Chloé')}/act", json={"action": "ballot", "pour": 7})
    assert reply.status_code == 200
    # and what it did, in public words: her amounts stay in her page's secret part
    assert reply.json() == {"ok": True, "line": 5, "told": [
        "Chloé's ballot is in.", "The game waits for the magistrate Bob to resolve the vote."]}
    last = json.loads(mid_round.read_text(encoding="utf-8").splitlines()[-1])
    assert last == {"action": "ballot", "pour": 7, "player": "Chloé"}


@pytest.mark.parametrize(("who", "body", "status", "words"), [
    ("Alice", {"action": "ballot", "pour": 5}, 422, "already cast"),
    ("Chloé", {"action": "ballot", "pour": 90}, 422, "81 senators left"),
    ("Chloé", {"action": "ballot", "player": "Alice", "pour": 1}, 403, "cannot act for Alice"),
    ("Chloé", {"action": "spend_seals", "player": "Alice", "colour": "bleu"}, 403, "Alice"),
    ("Chloé", {"action": "resolve", "colour": "bleu"}, 422, "not cast a ballot"),
    ("Chloé", {"action": "undo"}, 403, "own latest"),
    ("Chloé", {"action": "buy_senators", "gold": 1}, 422, "no gold left"),
    ("Chloé", {"action": "ballot", "pour": "ten"}, 422, "whole number"),
    ("Chloé", {"action": "nonsense"}, 422, "nonsense"),
    ("Chloé", [1, 2], 422, "JSON object"),
    ("Chloé", {"pour": 3}, 422, "action"),
])
def test_refusals_answer_with_one_sentence_and_change_nothing(client, mid_round, who, body, status, words):
    before = snapshot(mid_round)
    reply = client.post(f"/api/seat/{seat(client, who)}/act", json=body)
    assert reply.status_code == status, reply.text
    answer = reply.json()
    assert answer["ok"] is False
    assert words in answer["error"]
    assert answer["error"].count(". ") == 0
    assert answer["error"].endswith(".")
    assert snapshot(mid_round) == before


def test_the_host_may_do_anything_a_seat_may_not(client, mid_round):
    host = tokens(client)["host"]
    assert client.post(f"/api/host/{host}/act", json={"action": "ballot", "player": "Chloé", "pour": 3}).json() == {
        "ok": True, "line": 5, "told": ["Chloé's ballot is in.", "The game waits for the magistrate Bob to resolve the vote."]}
    assert client.post(f"/api/host/{host}/act", json={"action": "undo"}).status_code == 200
    refused = client.post(f"/api/host/{host}/act", json={"action": "resolve", "colour": "bleu"})
    assert refused.status_code == 422
    assert "Chloé" in refused.json()["error"]


def test_a_seat_may_take_back_its_own_latest_ballot_only(client, mid_round):
    assert client.post(f"/api/seat/{seat(client, 'Alice')}/act", json={"action": "undo"}).status_code == 403
    reply = client.post(f"/api/seat/{seat(client, 'Bob')}/act", json={"action": "undo"})
    assert reply.status_code == 200
    assert "Bob" not in sessions.load(mid_round).state["ballots_cast"]


def test_the_magistrate_seat_resolves_once_every_ballot_is_in(client, mid_round):
    bob = seat(client, "Bob")   # the magistrate of round 2
    assert client.post(f"/api/seat/{bob}/act", json={"action": "resolve", "colour": "bleu"}).status_code == 422
    client.post(f"/api/seat/{seat(client, 'Chloé')}/act", json={"action": "ballot", "pour": 2})
    reply = client.post(f"/api/seat/{bob}/act", json={"action": "resolve", "colour": "jaune"})
    assert reply.status_code == 200, reply.text
    state = sessions.load(mid_round).state
    assert state["votes"][-1]["pour"] == 43
    assert state["votes"][-1]["contre"] == 29
    assert state["magistrate"] == "Chloé"
    # an open vote is nobody's decision on the phones: the host's to enter, though the rules would take it
    vote = client.post(f"/api/seat/{seat(client, 'Chloé')}/act",
                       json={"action": "vote", "pour": {"Chloé": 3}, "colour": "vert"})
    assert vote.status_code == 403
    assert "host" in vote.json()["error"]


@pytest.mark.parametrize("path", ["/seat/{t}", "/api/seat/{t}", "/host/{t}"])
def test_an_unknown_or_wrong_kind_of_token_answers_404(client, path):
    for token in ("nope", seat(client, "Alice") + "x", "", seat(client, "Alice") if "host" in path else tokens(client)["host"]):
        reply = client.get(path.format(t=token))
        assert reply.status_code == 404, (path, token)


def test_posting_with_an_unknown_token_answers_404_and_changes_nothing(client, mid_round):
    before = snapshot(mid_round)
    for path in (f"/api/seat/{tokens(client)['host']}/act", f"/api/host/{seat(client, 'Alice')}/act",
                 "/api/seat/x/act", "/api/host/x/act"):
        reply = client.post(path, json={"action": "ballot", "player": "Chloé", "pour": 1})
        assert reply.status_code == 404
        assert reply.json()["ok"] is False
    assert snapshot(mid_round) == before


def test_bodies_are_json_and_small(client, mid_round):
    before = snapshot(mid_round)
    url = f"/api/seat/{seat(client, 'Chloé')}/act"
    big = json.dumps({"action": "ballot", "pour": 1, "padding": "x" * MAX_BODY})
    assert client.post(url, content=big, headers={"content-type": "application/json"}).status_code == 413
    assert client.post(url, content=b"action=ballot&pour=1",
                       headers={"content-type": "application/x-www-form-urlencoded"}).status_code == 415
    assert client.post(url, content=b'{"action": "ballot", "pour": 1',
                       headers={"content-type": "application/json"}).status_code == 400
    assert client.post(url, content=b"\xff\xfe", headers={"content-type": "application/json"}).status_code == 400
    deep = b'{"action": "ballot", "pour": ' + b"[" * 40 + b"]" * 40 + b"}"
    assert client.post(url, content=deep, headers={"content-type": "application/json"}).status_code == 400
    huge = b'{"action": "ballot", "pour": 1' + b"0" * 400 + b"}"
    assert client.post(url, content=huge, headers={"content-type": "application/json"}).status_code == 400

    def chunks():   # no Content-Length: the limit holds while the body streams in
        yield b'{"action": "ballot", "pour": 1, "padding": "'
        for _ in range(MAX_BODY // 1000 + 1):
            yield b"x" * 1000
        yield b'"}'
    assert client.post(url, content=chunks(), headers={"content-type": "application/json"}).status_code == 413
    assert client.get(url).status_code == 405
    assert snapshot(mid_round) == before


def test_pages_are_not_cached_and_refer_to_nothing_outside(client):
    for path in ("/", f"/seat/{seat(client, 'Alice')}", f"/host/{tokens(client)['host']}"):
        reply = client.get(path)
        assert reply.status_code == 200
        assert reply.headers["cache-control"] == "no-store"
        assert reply.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'self'" in reply.headers["content-security-policy"]
        assert "http://" not in reply.text.replace("http://testserver", "")
        assert "https://" not in reply.text
        assert "//cdn" not in reply.text
    for asset in ("/static/serve.css", "/static/serve.js"):
        assert client.get(asset).status_code == 200


# -- secrecy: every endpoint, every token, every other seat's secrets -----------------------------

def readers(client: TestClient) -> list[tuple[str | None, dict[str, str]]]:
    """(who reads, {endpoint: its path}) for the public, each seat and the host."""
    host = tokens(client)["host"]
    result = [(None, {"table": "/", "state": "/api/state"})]
    for name in SECRETS:
        token = seat(client, name)
        result.append((name, {"seat page": f"/seat/{token}", "seat state": f"/api/seat/{token}"}))
    result.append(("host", {"host page": f"/host/{host}"}))
    return result


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_endpoint_shows_a_seat_anything_of_another_seats_secrets(client, lang):
    all_tokens = tokens(client)
    checked = 0
    for reader, endpoints in readers(client):
        for endpoint, path in endpoints.items():
            reply = client.get(path, params={"lang": lang})
            assert reply.status_code == 200, path
            raw = reply.text
            # tokens: a seat's page holds its own, the host's pages hold every seat's link
            others = [t for n, t in all_tokens["seats"].items() if n != reader and reader != "host"]
            if reader != "host":
                others.append(all_tokens["host"])
            for token in others:
                assert token not in raw, (reader, endpoint)
            if reader == "host":
                continue   # the host page shows no player's numbers, only the forms (checked below)
            text = raw if endpoint.endswith("state") else page_text(raw)
            seen = numbers_in(text)
            for owner, secret in SECRETS.items():
                if owner == reader:
                    continue
                assert not (secret["numbers"] & seen), (reader, endpoint, owner, secret["numbers"] & seen)
                if lang == "en" and not endpoint.endswith("state"):
                    for words in secret["texts"]:
                        assert words not in text, (reader, endpoint, owner)
                checked += 1
    assert checked == 2 * 3 + 3 * 2 * 2   # the public's 2 endpoints x 3 owners, each seat's 2 x 2 others


def test_no_refusal_tells_a_seat_or_the_host_screen_another_seats_secrets(client, mid_round):
    """Actions naming another player, sent from every seat and from the host (a screen the
    table sees): the answers carry no other player's secret number."""
    before = snapshot(mid_round)
    posts = [(name, f"/api/seat/{seat(client, name)}/act") for name in SECRETS]
    posts.append((None, f"/api/host/{tokens(client)['host']}/act"))
    for reader, url in posts:
        for other in SECRETS:
            if other == reader:
                continue
            for body in ({"action": "ballot", "player": other, "pour": 999},
                         {"action": "ballot", "player": other, "pour": 50, "contre": 50},
                         {"action": "buy_senators", "player": other, "gold": 9},
                         {"action": "spend_seals", "player": other, "colour": "rouge"},
                         {"action": "resolve", "colour": "bleu"},
                         {"action": "vote", "pour": {other: 999}}):
                reply = client.post(url, json=body)
                assert reply.status_code in (403, 422), (reader, body)
                leaked = numbers_in(reply.json()["error"]) & SECRETS[other]["numbers"]
                assert not leaked, (reader, body, reply.json()["error"])
    assert snapshot(mid_round) == before


def test_the_json_views_are_the_rules_view_of_their_reader(client, mid_round):
    state = sessions.load(mid_round).state
    assert client.get("/api/state").json() == rules.view("hoc-censeo", state, None)
    for name in SECRETS:
        mine = client.get(f"/api/seat/{seat(client, name)}").json()
        assert mine == rules.view("hoc-censeo", state, name)
        assert set(mine.get("ballots", {})) <= {name}
        for other, record in mine["players"].items():
            if other != name:
                assert not set(record) & set(rules.module("hoc-censeo").SECRET_FIELDS)
    public = client.get("/api/state").json()
    assert not public.get("ballots")
    assert public["ballots_cast"] == list(PENDING)


def test_a_seat_page_shows_its_own_secrets(client):
    text = page_text(client.get(f"/seat/{seat(client, 'Alice')}").text)
    assert {63, 41} <= numbers_in(text)
    assert "hold 5 seals" in text


def test_the_host_page_has_every_join_link_and_the_public_table_only_the_room_code(client):
    host = tokens(client)["host"]
    public = client.get("/").text
    hosting = client.get(f"/host/{host}").text
    for token in tokens(client)["seats"].values():
        assert token not in public
        assert f"/seat/{token}" in hosting
    assert hosting.count("<svg") >= len(SECRETS)
    assert host not in public
    assert tokens(client)["room"] in public
    assert public.count('class="segno"') == 1


# -- ballots and a resolve through the server leave the state of one vote ------------------------

@pytest.mark.parametrize(("ballots", "fields"), [
    ({"Alice": {"pour": 20}, "Bob": {"contre": 15}, "Chloé": {"pour": 5}}, {"colour": "bleu"}),
    ({"Alice": {"pour": 10}, "Bob": {"pour": 10}, "Chloé": {}}, {"colour": "mauve", "order": ["Bob", "Alice"],
                                                                 "bonus": "jaune"}),
    ({"Alice": {"contre": 8}, "Bob": {"pour": 8}, "Chloé": {"pour": 0}}, {"tiebreak": "contre"}),
    ({"Alice": {"pour": 3, "contre": 4}, "Bob": {"contre": 4}, "Chloé": {"pour": 9}},
     {"colour": "vert", "order": ["Bob", "Alice"]}),
])
def test_ballots_and_a_resolve_through_the_server_equal_one_vote(tmp_path, ballots, fields):
    served, voted = new_hoc(tmp_path / "served.jsonl"), new_hoc(tmp_path / "voted.jsonl")
    with TestClient(create_app(served)) as client:
        for name, amounts in ballots.items():
            reply = client.post(f"/api/seat/{seat(client, name)}/act", json={"action": "ballot", **amounts})
            assert reply.status_code == 200, reply.text
        reply = client.post(f"/api/seat/{seat(client, 'Alice')}/act", json={"action": "resolve", **fields})
        assert reply.status_code == 200, reply.text
    vote = {"action": "vote", "pour": {n: a["pour"] for n, a in ballots.items() if a.get("pour")},
            "contre": {n: a["contre"] for n, a in ballots.items() if a.get("contre")}, **fields}
    sessions.append(voted, vote)
    assert sessions.load(served).state == sessions.load(voted).state


def test_tokens_are_long_kept_beside_the_session_and_stable_over_restarts(mid_round):
    first = create_app(mid_round).state.table.tokens
    second = create_app(mid_round).state.table.tokens
    assert first == second
    every = [first["host"], *first["seats"].values()]
    assert len(set(every)) == 4
    assert all(len(t) >= 32 for t in every)
    assert (sessions.tokens_path(mid_round).stat().st_mode & 0o777) == 0o600
    assert not any(t in mid_round.read_text(encoding="utf-8") for t in every)


# -- each player's own answers for the resolve ------------------------------------------------

def test_the_largest_pour_voter_chooses_the_mauve_bonus_on_their_own_page(hoc_file):
    with TestClient(create_app(hoc_file)) as client:
        for name, amounts in (("Alice", {"pour": 10}), ("Bob", {"pour": 20}), ("Chloé", {"contre": 5})):
            client.post(f"/api/seat/{seat(client, name)}/act", json={"action": "ballot", **amounts})
        alice = client.get(f"/seat/{seat(client, 'Alice')}").text   # Alice is the magistrate
        resolve_form = alice.split('data-action="resolve"')[1].split("</form>")[0]
        assert 'data-field="colour"' in resolve_form   # the bonus too: left blank, the voter's own answer counts
        assert "largest FOR voter" not in client.get(f"/seat/{seat(client, 'Chloé')}").text   # she voted CONTRE
        assert "largest FOR voter" in client.get(f"/seat/{seat(client, 'Alice')}").text
        before = hoc_file.read_bytes()
        waiting = client.post(f"/api/seat/{seat(client, 'Alice')}/act", json={"action": "resolve", "colour": "mauve"})
        assert waiting.status_code == 422
        assert "Bob" in waiting.json()["error"]
        assert hoc_file.read_bytes() == before
        assert client.post(f"/api/seat/{seat(client, 'Chloé')}/choose", json={"bonus": "vert"}).status_code == 422
        assert client.post(f"/api/seat/{seat(client, 'Bob')}/choose", json={"bonus": "rouge"}).status_code == 422
        assert client.post("/api/seat/nope/choose", json={"bonus": "vert"}).status_code == 404
        assert client.post(f"/api/seat/{seat(client, 'Bob')}/choose",
                           json={"action": "choose", "bonus": "vert"}).json() == {"ok": True}
        assert 'value="vert" selected' in client.get(f"/seat/{seat(client, 'Bob')}").text
        done = client.post(f"/api/seat/{seat(client, 'Alice')}/act", json={"action": "resolve", "colour": "mauve"})
        assert done.status_code == 200
    assert json.loads(hoc_file.read_text(encoding="utf-8").splitlines()[-1]) == {
        "action": "resolve", "colour": "mauve", "bonus": "vert"}
    assert sessions.load(hoc_file).state["players"]["Bob"]["senators"] == 80 + 5   # vert: +5 senators


def test_each_player_struck_by_a_calamity_chooses_what_they_lose(hoc_file):
    for contre in ({"Bob": 10}, {"Alice": 10, "Chloé": 5}, {"Chloé": 10}):   # three CONTRE wins: chaos 3
        sessions.append(hoc_file, {"action": "vote", "contre": contre})
    with TestClient(create_app(hoc_file)) as client:
        for name in ("Alice", "Bob", "Chloé"):
            client.post(f"/api/seat/{seat(client, name)}/act", json={"action": "ballot", "contre": 1})
        assert "If the calamity strikes me" in client.get(f"/seat/{seat(client, 'Alice')}").text
        assert client.post(f"/api/seat/{seat(client, 'Alice')}/choose", json={"calamity": "senators"}).json()["ok"]
        assert client.post(f"/api/seat/{seat(client, 'Bob')}/choose", json={"calamity": "gold"}).json()["ok"]
        before = sessions.load(hoc_file).state["players"]
        reply = client.post(f"/api/seat/{seat(client, 'Alice')}/act",   # round 4: Alice's again
                            json={"action": "resolve", "order": ["Alice", "Bob", "Chloé"]})
        assert reply.status_code == 200, reply.text
    after = sessions.load(hoc_file).state
    assert after["chaos"] == 4
    assert after["votes"][-1]["calamity"]
    assert after["votes"][-1]["losses"] == {"Alice": "senators", "Bob": "gold", "Chloé": "gold"}
    assert after["players"]["Alice"]["gold"] == before["Alice"]["gold"] + 2   # the largest CONTRE voter's 2


def test_a_burnt_out_player_is_offered_only_what_they_may_still_do(tmp_path):
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")])
    sessions.append(path, {"action": "adjust", "player": "Ana", "pression": 20})   # Ana burns out
    with TestClient(create_app(path)) as client:
        ana = client.app.state.table.tokens["seats"]["Ana"]
        offered = client.get(f"/seat/{ana}?lang=en").text.split('id="actions"')[1].split('id="board"')[0]
        assert '<option value="Ana">' not in offered
        assert "Your turn" not in offered
        assert 'data-action="adjust"' not in offered   # a correction: the host's
        refused = client.post(f"/api/seat/{ana}/act?lang=en", json={"action": "adjust", "credit": 1})
        assert refused.status_code == 403
        assert "host" in refused.json()["error"]
    assert len(sessions.load(path).entries) == 1
