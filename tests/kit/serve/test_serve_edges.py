"""The table server's edges (issue 32): players' names a page can always show (at most 32
characters, no control or direction mark, refused at `kit score new`; isolated in <bdi>
wherever a page shows them), no 500 for a body holding half of a UTF-16 pair, nothing but
the links in the host's terminal, and `--host`/`--lan` printing only addresses they serve."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import httpx2 as httpx
import pytest
from serve_helpers import REPO, hold_seat, new_hoc, page_text, served, wait_until_up
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

RTL = "נועה"   # a name written right to left, as typed: no direction mark in it


def kit(*args: str, lang: str = "en_US.UTF-8") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kit", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "LANG": lang})


@pytest.mark.parametrize(("name", "said", "dit"), [
    ("Ben\u202eeviL", "holds an invisible control character (U+202E)", "caractère de contrôle invisible (U+202E)"),
    ("Ana\x07", "(U+0007)", "(U+0007)"),
    ("x" * 33, "33 characters long; a name has at most 32", "33 caractères ; un nom en a au plus 32"),
])
def test_kit_score_new_refuses_a_name_no_page_can_show(tmp_path, name, said, dit):
    path = tmp_path / "s.jsonl"
    for lang, words in (("en_US.UTF-8", said), ("fr_FR.UTF-8", dit)):
        made = kit("score", "new", str(path), "promotion", "--player", "Zoé", "--player", name, lang=lang)
        assert made.returncode == 2, made.stderr
        assert words in made.stderr.replace("\xa0", " ").replace("\u202f", " ")
        assert "Traceback" not in made.stderr
        assert name not in made.stderr   # the name is what cannot be shown
    assert not path.exists()
    assert kit("score", "new", str(path), "promotion", "--player", "Zoé", "--player", "x" * 32).returncode == 0


def test_a_session_written_before_the_limit_still_loads_and_its_pages_isolate_the_name(tmp_path):
    """What was accepted always replays: the names are checked by `new`, not when a file is read."""
    path = tmp_path / "s.jsonl"
    long = "Bérénice-Anne-Charlotte de La Tour d'Auvergne"
    path.write_text('{"format": 1, "game": "promotion", "players": [{"name": "Ana"}, {"name": "B\\u202eob"}, '
                    f'{{"name": "{long}"}}], "options": {{}}}}\n', encoding="utf-8")
    assert sorted(sessions.load(path).state["players"]) == sorted(["Ana", "B\u202eob", long])
    with TestClient(create_app(path), headers={"Accept-Language": "en"}) as client:
        table = client.get("/").text
    assert "<bdi>B\u202eob</bdi>" in table
    assert f"<bdi>{long}</bdi>".replace("'", "&#39;") in table   # as the templates escape it


def test_a_right_to_left_name_is_isolated_wherever_a_page_shows_it(tmp_path):
    path = tmp_path / "promo.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", RTL, "Dan")])
    sessions.append(path, {"action": "turn", "player": RTL, "step": "start"})
    with TestClient(create_app(path), headers={"Accept-Language": "en"}) as client:
        tokens = client.app.state.table.tokens
        table = client.get("/").text
        story = table.split('id="story"')[1]
        assert f"<bdi>{RTL}</bdi>&#39;s turn begins." in story
        assert f"{RTL}'s turn begins." in page_text(table)   # the words read as before
        for page in (client.get(f"/seat/{tokens['seats'][RTL]}").text, client.get(f"/host/{tokens['host']}").text,
                     client.get(f"/join/{tokens['room']}").text):
            assert f"<bdi>{RTL}</bdi>" in page
            assert RTL not in page.replace(f"<bdi>{RTL}</bdi>", "").split("<main>")[1].split("<")[0]
            assert f'value="{RTL}"' in page or RTL not in page.split('value="')[1:]   # attributes untouched
        title = client.get(f"/seat/{tokens['seats'][RTL]}").text.split("<title>")[1].split("</title>")[0]
        assert "<bdi>" not in title   # a title shows no markup


@pytest.mark.parametrize("body", [
    b'{"action": "turn", "player": "\\ud800", "step": "start"}',
    b'{"action": "turn", "player": "x\\udc00", "step": "start"}',
    b'{"\\ud800": 1}',
])
def test_half_a_utf16_pair_in_a_body_is_a_refusal_not_a_500(tmp_path, body):
    path = tmp_path / "promo.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben")])
    before = path.read_bytes()
    with TestClient(create_app(path), raise_server_exceptions=False, headers={"Accept-Language": "en"}) as client:
        tokens = client.app.state.table.tokens
        json_body = {"content": body, "headers": {"content-type": "application/json"}}
        for url in (f"/api/seat/{tokens['seats']['Ana']}/act", f"/api/host/{tokens['host']}/act",
                    f"/api/seat/{tokens['seats']['Ana']}/choose"):
            reply = client.post(url, **json_body)
            assert reply.status_code == 400, (url, reply.text)
            assert "UTF-16" in reply.json()["error"]
        hold_seat(client, "Ana")
        assert client.post("/api/me/act", **json_body).status_code == 400
        for form in (b"seat=%ED%A0%80", b"seat=\xed\xa0\x80"):
            reply = client.post(f"/join/{tokens['room']}", content=form,
                                headers={"content-type": "application/x-www-form-urlencoded"})
            assert reply.status_code < 500, reply.text
        for url in ("/join/%ED%A0%80", "/seat/%ED%A0%80", "/join?code=%ED%A0%80", "/?lang=%ED%A0%80"):
            assert client.get(url).status_code < 500, url
    assert path.read_bytes() == before


def stop(process: subprocess.Popen) -> tuple[int, str]:
    """Ctrl-C; its exit status and everything it wrote to stderr."""
    process.send_signal(signal.SIGINT)
    try:
        status = process.wait(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    errors = process.stderr.read()
    process.stdout.close()
    process.stderr.close()
    return status, errors


def test_host_and_lan_print_only_addresses_they_serve(tmp_path):
    process, printed = served(new_hoc(tmp_path / "senate.jsonl"), "--host", "127.0.0.2", "--lan")
    try:
        address = printed[0].split(": ", 1)[1].rstrip("/")
        assert address.startswith("http://127.0.0.2:")
        assert {found for line in printed for found in re.findall(r"http://[^/ ]+", line)} == {address}, printed
        wait_until_up(address)   # the one address printed, served
    finally:
        status, errors = stop(process)
    assert status == 0, errors


def test_closed_pages_and_a_stop_leave_nothing_in_the_hosts_terminal(tmp_path):
    process, printed = served(new_hoc(tmp_path / "senate.jsonl"))
    try:
        base = printed[0].split(": ", 1)[1].rstrip("/")
        wait_until_up(base)
        for _ in range(5):   # pages opened, then closed: each stream ends mid-wait
            with httpx.stream("GET", base + "/api/events", timeout=10) as events:
                next(events.iter_lines())
        with httpx.stream("GET", base + "/api/events", timeout=10) as still:   # one open at the stop
            next(still.iter_lines())
            assert httpx.get(base + "/me", follow_redirects=True).status_code == 200   # /me without a seat: /join
            status, errors = stop(process)
    finally:
        if process.poll() is None:
            status, errors = stop(process)
    assert status == 0
    assert errors == "", errors


def test_one_client_holding_600_streams_leaves_the_phones_their_room(tmp_path):
    """One client (127.0.0.1) opens 600 event streams and holds them; a phone, from an
    address of its own, is still answered: the client had its share (CLIENT_SHARE), not
    the server's 512 connections (kit.serve.run.CLIENT_SHARE)."""
    import socket

    process, printed = served(new_hoc(tmp_path / "senate.jsonl"))
    held = []
    try:
        base = printed[0].split(": ", 1)[1].rstrip("/")
        wait_until_up(base)
        host, port = base.removeprefix("http://").rsplit(":", 1)
        request = f"GET /api/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
        for _ in range(600):
            conn = socket.create_connection((host, int(port)), timeout=10, source_address=("127.0.0.1", 0))
            conn.sendall(request)
            held.append(conn)
        phone = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=20)
        with phone:
            assert phone.get(base + "/api/state").status_code == 200
    finally:
        for conn in held:
            conn.close()
        status, errors = stop(process)
    assert status == 0
    assert "Traceback" not in errors
