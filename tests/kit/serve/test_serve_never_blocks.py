"""The table server keeps answering the phones while a terminal holds the session file.

`kit score act` holds the file's lock while it checks and writes its line. Here a terminal (a
second process, inside the same `sessions.append` that `kit score` runs) holds it for as long
as the test needs, while eight phones read their pages and each tries to write a line.

The 100 ms bound is functional, not a benchmark. A handler that touched the file on the event
loop would hold every phone for the whole lock wait (LOCK_WAIT_SECONDS, set to 6 s here), so a
phone would wait seconds; a loop left free answers a read in a few milliseconds, and the
reads are paced (one phone's read after another's, not a flood) so that they never queue
behind each other. The bound sits sixty times below the blocked case and some ten times above
the free one on a loaded two-core machine: what it tells apart is "answered while the lock is
held" from "answered once it was let go", not fast from slow. It bounds each phone's median
read; its slowest read only has to stay far from the lock's wait, because one read may lose
a time slice to whatever else the machine runs. The stronger check needs no
clock: each phone gets its reads answered while its own write is still waiting for the lock.
"""
from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx  # what Starlette's TestClient uses; plain httpx is not installed by the test extra
import pytest
from serve_helpers import REPO
from starlette.applications import Starlette
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

PLAYERS = ["Ana", "Ben", "Cléo", "Dan", "Eva", "Fred", "Gil", "Hugo"]
BOUND_SECONDS = 0.1
LOCK_WAIT = 6.0
GAIN = {"action": "gain", "amount": 1}
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


class Phone:
    """One player's phone: reads its seat (the JSON and the page) until its write is answered."""

    def __init__(self, client: httpx.AsyncClient, token: str):
        self.client, self.token = client, token
        self.read_seconds: list[float] = []
        self.reads_while_writing = 0
        self.seen: dict = {}

    async def read(self) -> dict:
        """The seat's view, after its page; their times kept."""
        for path in (f"/seat/{self.token}", f"/api/seat/{self.token}"):
            start = time.monotonic()
            reply = await self.client.get(path)
            self.read_seconds.append(time.monotonic() - start)
            assert reply.status_code == 200, reply.text
        return reply.json()

    async def play(self, pace: float) -> httpx.Response:
        write = asyncio.ensure_future(self.client.post(f"/api/seat/{self.token}/act", json=GAIN))
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
        phones = [Phone(client, tokens["seats"][name]) for name in PLAYERS]
        for phone in phones:   # each page opened once already (the first one drawn costs ~50 ms)
            await phone.read()
            phone.read_seconds.clear()
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
        # Most reads within the bound; none near the lock's wait. A single read may lose time
        # slices to the machine's other work (seen at 0.17 s, 0.58 s and once 1.56 s with the
        # suite beside a dozen other runs), never the 6 s a loop waiting on the lock would cost.
        assert statistics.median(phone.read_seconds) < BOUND_SECONDS, phone.read_seconds
        assert max(phone.read_seconds) < LOCK_WAIT / 2, phone.read_seconds
        # The file cannot be read under the terminal's lock: a phone sees the state last read,
        # before the terminal's finished command, until the change is announced.
        assert phone.seen["players"]["Ana"]["pi"] == 1
    # The terminal let go: the same writes go through, so "busy" was the lock and only it.
    with TestClient(create_app(promotion)) as client:
        for name in PLAYERS:
            reply = client.post(f"/api/seat/{tokens['seats'][name]}/act", json=GAIN)
            assert reply.status_code == 200, reply.text
    players = sessions.load(promotion).state["players"]
    assert {name: players[name]["pi"] for name in PLAYERS} == {name: 3 if name == "Ana" else 2 for name in PLAYERS}
