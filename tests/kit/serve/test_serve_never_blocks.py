"""The table server keeps answering the phones while a terminal holds the session file.

`kit score act` holds the file's lock while it checks and writes its line. Here a terminal (a
second process, inside the same `sessions.append` that `kit score` runs) holds it for as long
as the test needs, while eight phones read their pages and each tries to write a line.

No clock here: timing never goes into a test (benchmarks/serve.py measures these reads while a
terminal holds the file: median 6 ms, slowest 135 ms on a loaded two-core machine). What tells
a free event loop from a blocked one needs none: each phone gets its reads answered while its
own write is still waiting for the lock. A handler that touched the file on the event loop
would hold every phone until the lock was let go, and no read would be answered meanwhile.
"""
from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import httpx2 as httpx  # what Starlette's TestClient uses; plain httpx is not installed by the test extra
import pytest
from serve_helpers import REPO
from starlette.applications import Starlette
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

PLAYERS = ["Ana", "Ben", "Cléo", "Dan", "Eva", "Fred", "Gil", "Hugo"]
LOCK_WAIT = 6.0   # long enough for several reads per phone on a busy machine
# A terminal's `kit score act` that wrote a line (so the server's copy is out of date and a
# read would have to reload the file), then another stopped inside the file lock until a line
# arrives on its stdin.
TERMINAL = """
import sys
from scorekeeper import session as sessions

def hold(session):
    print("held", flush=True)
    sys.stdin.readline()
    raise SystemExit(0)

sessions.append(sys.argv[1], {"action": "gain", "player": "Ana", "amount": 1})   # a command that finished
sessions.append(sys.argv[1], hold)   # and the next one, stopped inside the lock
"""


def gain(name: str) -> dict:
    return {"action": "gain", "player": name, "amount": 1}


class Phone:
    """One player's phone: reads its seat (the JSON and the page) until its write is answered
    (a PI gained: a correction, so sent with the host's link, opened on each phone)."""

    def __init__(self, client: httpx.AsyncClient, token: str, host: str, name: str):
        self.client, self.token, self.host, self.name = client, token, host, name
        self.reads_while_writing = 0
        self.seen: dict = {}

    async def read(self) -> dict:
        """The seat's view, after its page."""
        for path in (f"/seat/{self.token}", f"/api/seat/{self.token}"):
            reply = await self.client.get(path)
            assert reply.status_code == 200, reply.text
        return reply.json()

    async def play(self, pace: float) -> httpx.Response:
        write = asyncio.ensure_future(self.client.post(f"/api/host/{self.host}/act", json=gain(self.name)))
        await asyncio.sleep(pace)   # the phones' reads take turns
        while not write.done():
            self.seen = await self.read()
            self.reads_while_writing += not write.done()
            await asyncio.sleep(0.05)
        return await write


async def phones_while_held(app: Starlette, tokens: dict) -> tuple[list[Phone], list[httpx.Response]]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://table",
                                 headers={"Accept-Language": "en"}) as client:
        phones = [Phone(client, tokens["seats"][name], tokens["host"], name) for name in PLAYERS]
        for phone in phones:   # each page opened once already, as at the table
            await phone.read()
        writes = await asyncio.gather(*(phone.play(0.005 * i) for i, phone in enumerate(phones)))
    return phones, list(writes)


@pytest.fixture
def promotion(tmp_path: Path) -> Path:
    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", [{"name": name} for name in PLAYERS])
    return path


def test_eight_phones_are_answered_while_a_terminal_holds_the_file(promotion: Path, monkeypatch):
    monkeypatch.setattr(sessions, "LOCK_WAIT_SECONDS", LOCK_WAIT)
    tokens = sessions.seat_tokens(promotion)
    app = create_app(promotion)   # the server started before the terminal's commands
    terminal = subprocess.Popen([sys.executable, "-c", TERMINAL, str(promotion)], cwd=REPO, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert terminal.stdout.readline() == "held\n"
        before = promotion.read_bytes()
        phones, writes = asyncio.run(phones_while_held(app, tokens))
        assert promotion.read_bytes() == before
    finally:
        terminal.communicate("go on\n", timeout=30)
    for phone, write in zip(phones, writes):
        assert write.status_code == 503, write.text
        assert "try again" in write.json()["error"]
        assert "being written by another scorekeeper command" in write.json()["error"]
        assert phone.reads_while_writing >= 3, "the phone's reads waited for its write"
        # The file cannot be read under the terminal's lock: a phone sees the state last read,
        # before the terminal's finished command, until the change is announced.
        assert phone.seen["players"]["Ana"]["pi"] == 1
    # The terminal let go: the same writes go through, so "busy" was the lock and only it.
    with TestClient(create_app(promotion)) as client:
        for name in PLAYERS:
            reply = client.post(f"/api/host/{tokens['host']}/act", json=gain(name))
            assert reply.status_code == 200, reply.text
    players = sessions.load(promotion).state["players"]
    assert {name: players[name]["pi"] for name in PLAYERS} == {name: 3 if name == "Ana" else 2 for name in PLAYERS}
