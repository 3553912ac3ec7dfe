"""Done when: `kit score serve` runs as a real process on a free port; its printed links play
a round of secret ballots through the seats and a resolve through the host, and no view
leaks a secret; the file holds exactly those lines; a restart keeps every link."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import httpx2 as httpx  # Starlette's test client uses httpx2; plain httpx is deprecated there
import pytest
from serve_helpers import HOC_PLAYERS, REPO, Server, new_hoc, numbers_in, page_text, wait_until_up

from scorekeeper import session as sessions

BALLOTS = {"Alice": {"pour": 37}, "Bob": {"contre": 23}, "Chloé": {"pour": 19}}
LEFT = {"Alice": 63, "Bob": 77, "Chloé": 81}


class Events(threading.Thread):
    """Reads /api/events in the background: the line of every event received."""

    def __init__(self, base: str):
        super().__init__(daemon=True)
        self.base, self.lines, self.stop = base, [], threading.Event()

    def run(self) -> None:
        try:
            with httpx.stream("GET", self.base + "/api/events", timeout=30) as stream:
                for text in stream.iter_lines():
                    if text.startswith("data:"):
                        self.lines.append(json.loads(text[5:])["line"])
                    if self.stop.is_set():
                        return
        except httpx.HTTPError:
            if not self.stop.is_set():   # the server going away at the end is expected
                raise

    def wait_for(self, line: int, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while line not in self.lines:
            assert time.monotonic() < deadline, (line, self.lines)
            time.sleep(0.02)


def seat_api(server: Server, name: str) -> str:
    return server.links[name].replace("/seat/", "/api/seat/")


def assert_nothing_leaks(server: Server, secret_numbers: dict[str, set[int]]) -> None:
    """The public view and every seat's view (JSON and page) show no other seat's numbers."""
    public = httpx.get(server.base + "/api/state").json()
    assert not public.get("ballots")
    readers = {None: [json.dumps(public), page_text(httpx.get(server.links["Table"]).text)]}
    for name in BALLOTS:
        mine = httpx.get(seat_api(server, name)).json()
        assert set(mine.get("ballots") or {}) <= {name}
        for other, record in mine["players"].items():
            assert ("senators" in record) == (other == name)
        readers[name] = [json.dumps(mine), page_text(httpx.get(server.links[name]).text)]
    for reader, texts in readers.items():
        for owner, numbers in secret_numbers.items():
            if owner != reader:
                for text in texts:
                    assert not numbers & numbers_in(text), (reader, owner, numbers & numbers_in(text))
        for text in texts:   # no token of anyone in any of these views
            assert not any(url.rsplit("/", 1)[-1] in text for url in server.links.values() if "/seat/" in url or "/host/" in url)


def test_kit_score_serve_plays_a_round_of_ballots_and_a_resolve(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    server = Server(path)
    events = Events(server.base)
    events.start()
    try:
        assert list(server.links) == ["Table", "Host", *(p["name"] for p in HOC_PLAYERS)]
        assert len({url for url in server.links.values()}) == 5
        events.wait_for(1)

        # answers: 404 for a made-up token, 403 for another's ballot, 422 for a refused one
        assert httpx.post(server.base + "/api/seat/made-up/act", json={"action": "ballot"}).status_code == 404
        other = httpx.post(seat_api(server, "Alice") + "/act", json={"action": "ballot", "player": "Bob", "pour": 1})
        assert other.status_code == 403
        too_many = httpx.post(seat_api(server, "Alice") + "/act", json={"action": "ballot", "pour": 101})
        assert too_many.status_code == 422
        assert too_many.json()["error"].endswith(".")
        early = httpx.post(server.links["Host"].replace("/host/", "/api/host/") + "/act",
                           json={"action": "resolve", "colour": "bleu"})
        assert early.status_code == 422
        assert "Alice" in early.json()["error"]
        assert path.read_text(encoding="utf-8").count("\n") == 1

        for line, (name, amounts) in enumerate(BALLOTS.items(), start=2):
            reply = httpx.post(seat_api(server, name) + "/act", json={"action": "ballot", **amounts})
            assert reply.status_code == 200
            assert reply.json() | {"ok": True, "line": line} == reply.json()
            events.wait_for(line)
            cast = {n: {a for a in BALLOTS[n].values()} for n in list(BALLOTS)[:line - 1]}
            assert_nothing_leaks(server, cast)
            assert httpx.get(server.base + "/api/state").json()["ballots_cast"] == list(BALLOTS)[:line - 1]

        reply = httpx.post(server.links["Host"].replace("/host/", "/api/host/") + "/act",
                           json={"action": "resolve", "colour": "bleu"})
        assert reply.status_code == 200
        assert reply.json() | {"ok": True, "line": 5} == reply.json()
        assert "FOR wins 56 to 23." in reply.json()["told"]
        events.wait_for(5)
        state = httpx.get(server.base + "/api/state").json()
        assert state["votes"][0] | {"pour": 56, "contre": 23} == state["votes"][0]
        assert state["ballots_cast"] == []
        assert state["magistrate"] == "Bob"
        assert_nothing_leaks(server, {name: {left} for name, left in LEFT.items()})
        for name, left in LEFT.items():
            assert httpx.get(seat_api(server, name)).json()["players"][name]["senators"] == left

        sessions.undo(path)   # a terminal's `kit score undo` meanwhile: the pages hear of it too
        events.wait_for(6)
        assert httpx.get(server.base + "/api/state").json()["ballots_cast"] == list(BALLOTS)
        sessions.append(path, {"action": "resolve", "colour": "bleu"})
        events.wait_for(7)
    finally:
        events.stop.set()
        assert server.stop() == 0

    written = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert written == [{"action": "ballot", **amounts, "player": name} for name, amounts in BALLOTS.items()] + [
        {"action": "resolve", "colour": "bleu"}, {"action": "undo"}, {"action": "resolve", "colour": "bleu"}]

    again = Server(path)   # a restart: the same links, the same state
    try:
        assert again.links == server.links or {k: v.rsplit("/", 1)[-1] for k, v in again.links.items()} == {
            k: v.rsplit("/", 1)[-1] for k, v in server.links.items()}
        assert httpx.get(seat_api(again, "Alice")).json()["players"]["Alice"]["senators"] == 63
    finally:
        assert again.stop() == 0


def test_serve_refuses_a_missing_file_in_one_sentence(tmp_path):
    result = subprocess.run([sys.executable, "-m", "kit", "score", "serve", str(tmp_path / "none.jsonl"), "--port", "0"],
                            cwd=REPO, capture_output=True, text=True, timeout=30,
                            env={**os.environ, "LANG": "en_US.UTF-8"})
    assert result.returncode == 2
    assert result.stderr.strip().startswith("Error: There is no session file")


@pytest.mark.parametrize("flag", ["--lan"])
def test_serve_with_lan_prints_the_address_phones_use(tmp_path, flag):
    path = new_hoc(tmp_path / "senate.jsonl")
    process = subprocess.Popen([sys.executable, "-m", "kit", "score", "serve", str(path), "--port", "0", "--no-qr", flag],
                               cwd=REPO, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "LANG": "en_US.UTF-8", "PYTHONUNBUFFERED": "1"})
    try:
        printed = []
        for line in process.stdout:
            printed.append(line.rstrip("\n"))
            if line.startswith("Serving until"):
                break
        table = printed[0]
        assert re.match(r"^Table: http://[\d.]+:\d+/$", table), printed
        port = table.rsplit(":", 1)[1].strip("/")
        assert any(f"http://127.0.0.1:{port}/" in line for line in printed[5:]), printed
        wait_until_up(f"http://127.0.0.1:{port}")   # listening on every interface, loopback included
    finally:
        process.send_signal(signal.SIGINT)
        stopped = process.wait(timeout=15)
        process.stdout.close()   # an unclosed pipe warns when collected, in whichever test runs then
        assert stopped == 0


def test_the_server_socket_sends_at_once():
    """TCP_NODELAY on the listening socket (accepted connections inherit it): without it each
    answer on a kept-alive connection waited ~40 ms for the client's delayed ACK."""
    import socket

    from kit.serve.run import bind

    sock = bind("127.0.0.1", 0)
    try:
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        sock.close()
