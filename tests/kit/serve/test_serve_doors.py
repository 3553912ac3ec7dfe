"""Doors closed (issue 24): malformed bodies get a 4xx and one sentence, never a 500; the
session's private files are the owner's only; the Host header names this server; slow and
half-sent requests are let go; too many connections are turned away."""
from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serve_helpers import ROUND_ONE, in_thread, new_hoc, served, wait_until_up
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

# JSON values of every kind, small: what a confused or hostile client may send.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=12), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)
NAMES = st.sampled_from(["vote", "ballot", "resolve", "undo", "buy_senators", "spend_seals", "calamity", "nonsense", ""])
FIELDS = st.sampled_from(["player", "pour", "contre", "colour", "tiebreak", "order", "bonus", "calamity", "gold", "x"])
VALUES = JSON | st.sampled_from(["Alice", "Bob", "Chloé", "bleu", "mauve", "jaune", "vert", 0, 1, 7, -1])
ACTIONS = st.one_of(
    st.fixed_dictionaries({"action": NAMES | JSON}, optional={}).flatmap(
        lambda head: st.dictionaries(FIELDS, VALUES, max_size=4).map(lambda rest: {**rest, **head})),
    JSON)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    path = new_hoc(tmp_path_factory.mktemp("fuzz") / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    with TestClient(create_app(path), raise_server_exceptions=False) as client:
        yield client


def assert_one_sentence(reply) -> None:
    assert 400 <= reply.status_code < 500 or reply.status_code == 200, (reply.status_code, reply.text[:300])
    answer = reply.json()
    if reply.status_code != 200:
        assert answer["ok"] is False
        assert isinstance(answer["error"], str)
        assert answer["error"].strip()
        assert "\n" not in answer["error"]
        assert "Traceback" not in answer["error"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=ACTIONS, who=st.sampled_from(["Alice", "Bob", "Chloé", None]), where=st.sampled_from(["act", "choose"]))
def test_every_body_posted_to_an_act_endpoint_gets_an_answer_never_a_500(fuzzed, body, who, where):
    tokens = fuzzed.app.state.table.tokens
    url = f"/api/host/{tokens['host']}/act" if who is None else f"/api/seat/{tokens['seats'][who]}/{where}"
    reply = fuzzed.post(url, content=json.dumps(body), headers={"content-type": "application/json"})
    assert_one_sentence(reply)


@pytest.mark.parametrize("body", [{"action": ["undo"]}, {"action": {"name": "undo"}}, {"action": None}, {"action": 3}])
def test_an_action_named_by_something_else_than_a_string_is_refused_in_one_sentence(fuzzed, body):
    tokens = fuzzed.app.state.table.tokens
    for url in (f"/api/seat/{tokens['seats']['Bob']}/act", f"/api/host/{tokens['host']}/act"):
        reply = fuzzed.post(url, json=body)
        assert reply.status_code == 422
        assert_one_sentence(reply)


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"{", b"[" * 5000, b'{"action": "vote", "pour": 1e999999}', b"NaN", b""])
def test_bodies_that_are_not_json_get_400(fuzzed, raw):
    tokens = fuzzed.app.state.table.tokens
    reply = fuzzed.post(f"/api/seat/{tokens['seats']['Bob']}/act", content=raw, headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert_one_sentence(reply)


# -- the Host header ------------------------------------------------------------------------

def test_a_request_under_another_name_than_the_servers_is_refused(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    app = create_app(path, hosts=["127.0.0.1", "localhost", "192.168.1.20"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/state").status_code == 200
        assert client.get("/api/state", headers={"host": "192.168.1.20:8000"}).status_code == 200
        assert client.get("/", headers={"host": "[::1]:8000"}).status_code == 400   # not served under ::1
        refused = client.get("/api/state", headers={"host": "attacker.example:8000", "accept-language": "fr"})
        assert refused.status_code == 400
        assert refused.json() == {"ok": False, "error": "Ce serveur répond à l’adresse qu’il a affichée, pas à attacker.example:8000."}
        token = app.state.table.tokens["host"]
        posted = client.post(f"/api/host/{token}/act", json={"action": "vote", "colour": "bleu"},
                             headers={"host": "attacker.example"})
        assert posted.status_code == 400
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1   # nothing was written


# -- slow clients: the guarded protocol -----------------------------------------------------

@pytest.fixture
def guarded(tmp_path):
    """A real server in a thread, with a 0.5 s patience and at most 20 connections."""
    app = create_app(new_hoc(tmp_path / "senate.jsonl"))
    with in_thread(app, patience=0.5, max_connections=20) as port:
        yield port, app.state.table.tokens["host"]


def closed_by_server(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closed `conn` within `seconds` (end of stream or a reset)."""
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass   # an answer (a 400, a 408) before the close
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_half_sent_requests_are_let_go_and_extra_connections_turned_away(guarded):
    port, _ = guarded
    half = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
    try:
        for conn in half:
            conn.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        # Each is closed: the 20 over the cap at once, the others at the deadline; none held.
        assert all(closed_by_server(conn, 10) for conn in half)
    finally:
        for conn in half:
            conn.close()
    with socket.create_connection(("127.0.0.1", port)) as conn:   # still answering
        conn.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        conn.settimeout(10)
        assert conn.recv(4096).startswith(b"HTTP/1.1 200")


def test_a_connection_that_sends_nothing_or_idles_after_an_answer_is_closed(guarded):
    port, _ = guarded
    with socket.create_connection(("127.0.0.1", port)) as silent, socket.create_connection(("127.0.0.1", port)) as kept:
        kept.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        kept.settimeout(10)
        assert kept.recv(65536).startswith(b"HTTP/1.1 200")
        kept.sendall(b"GET /api/st")   # the next request, half sent
        assert closed_by_server(silent, 10)
        assert closed_by_server(kept, 10)


def test_a_body_sent_in_part_is_answered_408(guarded, monkeypatch):
    from kit.serve import web

    monkeypatch.setattr(web, "BODY_SECONDS", 0.3)
    port, host = guarded
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(f"POST /api/host/{host}/act HTTP/1.1\r\n".encode() + b"Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\nAccept-Language: en\r\nConnection: close\r\n\r\n{\"action\"")
        conn.settimeout(10)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert b"took over 0.3 seconds" in answer


# -- what the terminal says at start ----------------------------------------------------------

def started(path: Path, *flags: str) -> tuple[list[str], subprocess.Popen]:
    process, printed = served(path, *flags, stderr=None)
    return printed, process


def test_serve_makes_the_private_files_private_and_says_so_and_lan_honours_host(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.seat_tokens(path)
    os.chmod(path, 0o644)
    os.chmod(sessions.tokens_path(path), 0o644)
    printed, process = started(path, "--lan", "--host", "127.0.0.1")
    try:
        assert printed[:2] == [f"{p} could be read by other users of this machine; it is now yours only (0600)."
                               for p in (path, sessions.tokens_path(path))]
        assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in (path, sessions.tokens_path(path)))
        assert printed[2].startswith("Table: http://127.0.0.1:"), printed   # --host, not every interface
        assert any("plain HTTP on the local network" in line for line in printed), printed
        wait_until_up(printed[2].removeprefix("Table: ").rstrip("/"))
    finally:
        process.send_signal(signal.SIGINT)
        stopped = process.wait(timeout=15)
        process.stdout.close()   # an unclosed pipe warns when collected, in whichever test runs then
        assert stopped == 0


def test_serve_on_this_machine_only_says_phones_cannot_reach_it(tmp_path):
    printed, process = started(new_hoc(tmp_path / "senate.jsonl"))
    try:
        assert not any("now yours only" in line for line in printed)   # created private
        warning = [line for line in printed if line.startswith("Phones cannot reach 127.0.0.1")]
        assert warning, printed
        assert "--lan" in warning[0], printed
        assert not any("plain HTTP" in line for line in printed)
        # up before Ctrl-C: "Serving until" is printed before the server takes the signal over,
        # and a run started as a background job inherits SIGINT ignored until then
        table = next(line for line in printed if line.startswith("Table: "))
        wait_until_up(table.removeprefix("Table: ").rstrip("/"))
    finally:
        process.send_signal(signal.SIGINT)
        stopped = process.wait(timeout=15)
        process.stdout.close()   # an unclosed pipe warns when collected, in whichever test runs then
        assert stopped == 0
