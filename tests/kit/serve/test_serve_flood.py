"""Honest phones are always served (issue 44, item 3; SCOREKEEPER.md, "Seats, devices and the
host": limits per source address and per seat, with room kept for the held seats).

One client holding as many event streams and requests as it can from 13 loopback addresses
filled the server's 512 connections: every other request, the seated players' included, was
refused (0 of 30). Now a new connection from a client holding few takes the place of one of
the client holding the most (kit/serve/run.py), and each source, a held seat or an address,
has its own streams and requests under way (kit/serve/fairness.py). Counts only, no clock:
every request below is answered or not, whenever it is."""
from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import httpx2 as httpx
import pytest
from serve_helpers import in_thread, new_hoc, served, wait_until_up

from kit.serve import fairness
from kit.serve.app import DEVICE_COOKIE
from kit.serve.fairness import Fairness
from kit.serve.run import MAX_CONNECTIONS
from kit.serve.table import Table

# -- each source's share, straight through ASGI ----------------------------------------------


class Held:
    """An app whose every request is under way until `go` is set (or an event stream,
    held open the same way)."""

    def __init__(self):
        self.started = 0
        self.go = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.started += 1
        await self.go.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def scope(table: Table, path: str, address: str = "127.0.0.9", device: str | None = None) -> dict:
    headers = [(b"host", b"127.0.0.1"), (b"accept-language", b"en")]
    if device is not None:
        headers.append((b"cookie", f"{DEVICE_COOKIE}={device}".encode()))
    return {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
            "headers": headers, "scheme": "http", "server": ("127.0.0.1", 80), "client": (address, 4000),
            "http_version": "1.1", "root_path": "", "app": SimpleNamespace(state=SimpleNamespace(table=table))}


async def ask(app, scope: dict) -> tuple[int, dict[bytes, bytes], bytes]:
    """The status, headers and body `app` answers to `scope`."""
    answer: dict = {"body": b""}

    async def receive():
        await asyncio.sleep(3600)   # no body, and the client never leaves

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"], answer["headers"] = message["status"], dict(message["headers"])
        else:
            answer["body"] += message.get("body", b"")

    await app(scope, receive, send)
    return answer["status"], answer["headers"], answer["body"]


@pytest.fixture
def table(tmp_path) -> Table:
    return Table(new_hoc(tmp_path / "senate.jsonl"))


def seated(table: Table, name: str) -> str:
    """A device secret holding `name`'s seat."""
    device = f"a-phone-of-{name}-".ljust(43, "x")
    assert table.hold(name, device, by_code=False) is None
    return device


async def under_way(held: Held, count: int) -> None:
    for _ in range(200):
        if held.started >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{held.started} of {count} requests started")


def test_an_address_has_its_streams_and_a_held_seat_its_own(table):
    device = seated(table, "Alice")

    async def run():
        held = Held()
        app = Fairness(held)
        streams = [asyncio.create_task(ask(app, scope(table, "/api/events"))) for _ in range(fairness.ADDRESS_STREAMS)]
        await under_way(held, fairness.ADDRESS_STREAMS)
        status, headers, body = await ask(app, scope(table, "/api/events"))   # one more from that address
        assert status == 503
        assert headers[b"retry-after"] == str(fairness.RETRY_SECONDS).encode()
        assert headers[b"connection"] == b"close"
        assert json.loads(body)["error"] == "Too many requests from this device at once: try again in a few seconds."
        # Alice's phone, from the same address, has its seat's streams
        mine = [asyncio.create_task(ask(app, scope(table, "/api/events", device=device)))
                for _ in range(fairness.SEAT_STREAMS)]
        await under_way(held, fairness.ADDRESS_STREAMS + fairness.SEAT_STREAMS)
        assert (await ask(app, scope(table, "/api/events", device=device)))[0] == 503   # and no more
        assert (await ask(app, scope(table, "/api/events", device="not-a-device".ljust(43, "x"))))[0] == 503
        held.go.set()
        assert [(await task)[0] for task in streams + mine] == [200] * (fairness.ADDRESS_STREAMS + fairness.SEAT_STREAMS)
        assert app.shares == {}   # nothing kept once every request is answered

    asyncio.run(run())


def test_requests_under_way_wait_their_turn_and_a_seat_or_another_address_does_not_wait_behind_them(table):
    device = seated(table, "Bob")

    async def run():
        held = Held()
        app = Fairness(held)
        flood = [asyncio.create_task(ask(app, scope(table, "/", address=f"127.0.0.{1 + n % 13}")))
                 for n in range(13 * fairness.WAITING)]
        await under_way(held, fairness.BUSY)
        await asyncio.sleep(0.05)
        assert held.started == fairness.BUSY   # the server is busy: the others wait their turn
        while True:   # until 127.0.0.1's queue is full: one more is refused
            more = asyncio.create_task(ask(app, scope(table, "/", address="127.0.0.1")))
            await asyncio.wait({more}, timeout=0.05)
            if more.done():
                assert more.result()[0] == 503
                break
            flood.append(more)
        assert len(flood) == 13 * fairness.WAITING + 2   # its one under way, and WAITING
        started = held.started
        # the table's screen, from another address, and Bob's phone, from a flooding one, start at once
        screen = asyncio.create_task(ask(app, scope(table, "/", address="127.0.0.200")))
        bob = [asyncio.create_task(ask(app, scope(table, "/api/me", address="127.0.0.1", device=device)))
               for _ in range(fairness.RUNNING)]
        await under_way(held, started + 1 + fairness.RUNNING)
        held.go.set()
        assert (await screen)[0] == 200
        assert [(await task)[0] for task in bob] == [200] * fairness.RUNNING
        assert [(await task)[0] for task in flood] == [200] * len(flood)   # each had its turn
        assert app.shares == {}
        assert app.running == 0

    asyncio.run(run())


def test_the_hosts_link_has_its_own_share(table):
    host = table.tokens["host"]

    async def run():
        held = Held()
        app = Fairness(held)
        flood = [asyncio.create_task(ask(app, scope(table, "/api/state"))) for _ in range(fairness.RUNNING
                                                                                          + fairness.WAITING)]
        await under_way(held, fairness.RUNNING)
        assert (await ask(app, scope(table, "/api/state")))[0] == 503
        assert (await ask(app, scope(table, "/host/wrong-link")))[0] == 503   # a wrong link is the address's
        page = asyncio.create_task(ask(app, scope(table, f"/host/{host}")))
        act = asyncio.create_task(ask(app, scope(table, f"/api/host/{host}/act")))
        await under_way(held, fairness.RUNNING + 2)
        held.go.set()
        assert [(await task)[0] for task in [page, act, *flood]] == [200] * (2 + len(flood))

    asyncio.run(run())


# -- a real server under the flood -----------------------------------------------------------

# The flooding client (tests/helpers/flooder.py, the one benchmarks/serve.py runs too), a
# process of its own (another machine, as far as the server can tell), from 13 addresses: 30
# silent half-requests per address, 600 event streams, 4 table-page loops per address: more
# than the server's 512 connections. It says "flooding" once every stream has been answered,
# refused or closed at least once, and stops when its input closes, printing what it got.
FLOODER = Path(__file__).resolve().parents[2] / "helpers" / "flooder.py"
PUBLIC = "127.0.0.200"   # the table's screen: an address of its own, none of the flood's
PATIENCE = 10.0          # s: how long an honest request may take (a browser waits longer)
# s: between two reloads of an honest page, each on a new connection: ten a second, far more
# than at a table, and within the connections a client may open (kit.serve.run.CLIENT_RATE).
RELOAD = 0.1


def established(port: int) -> int:
    """The connections to the server's `port` open at this moment (Linux's /proc/net/tcp)."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for row in rows if row.split()[1].endswith(f":{port:04X}") and row.split()[3] == "01")


def phone(address: str) -> httpx.Client:
    """A client from `address`, on a new connection for each request (the harder case: each
    must get a connection while the flood holds them)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=PATIENCE,
                        headers={"Connection": "close", "Accept-Language": "en"})


def answered(client: httpx.Client, url: str, **options) -> bool:
    try:
        return client.get(url, **options).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="counts the connections in Linux's /proc/net/tcp")
def test_one_client_flooding_from_13_addresses_leaves_the_table_page_and_every_seated_phone_answered(tmp_path):
    with (tmp_path / "server.err").open("w+") as errors:
        process, printed = served(new_hoc(tmp_path / "senate.jsonl"), stderr=errors)
        flooder = None
        phones: dict[str, httpx.Client] = {}
        try:
            links = dict(line.split(": ", 1) for line in printed if line.split(": ", 1)[0] in
                         ("Table", "Alice", "Bob", "Chloé"))
            base = links["Table"].rstrip("/")
            room = next(line for line in printed if line.startswith("Join: ")).split()[1]
            wait_until_up(base)
            # Alice and Bob opened their links, Chloé joined with the room code: each phone holds its seat
            for number, name in enumerate(("Alice", "Bob", "Chloé")):
                phones[name] = phone(f"127.0.0.{201 + number}")
                if name == "Chloé":
                    phones[name].post(room, data={"seat": name})
                else:
                    phones[name].get(links[name], headers={"Accept": "text/html"}).raise_for_status()
                assert phones[name].cookies.get(DEVICE_COOKIE), name
                assert phones[name].get(base + "/api/me").status_code == 200, name   # 404 without a seat

            host, port = base.removeprefix("http://").rsplit(":", 1)
            flooder = subprocess.Popen([sys.executable, str(FLOODER), host, port], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True)
            assert flooder.stdout.readline() == "flooding\n"
            most = 0   # the flood fills the server's connections before the phones ask
            for _ in range(300):
                most = max(most, established(int(port)))   # (a count of the moment: some close, others open)
                if most >= MAX_CONNECTIONS:
                    break
                time.sleep(0.05)
            assert most >= MAX_CONNECTIONS, f"the flood held at most {most} connections"

            seats: dict[str, list[bool]] = {name: [] for name in phones}

            def play(name: str) -> None:   # each seated phone reloads its page and its seat's JSON
                for _ in range(3):
                    time.sleep(RELOAD)
                    seats[name].append(answered(phones[name], base + "/me", headers={"Accept": "text/html"}))
                    seats[name].append(answered(phones[name], base + "/api/me"))

            players = [threading.Thread(target=play, args=(name,)) for name in phones]
            for player in players:
                player.start()
            with phone(PUBLIC) as screen:
                public = []
                for _ in range(30):
                    time.sleep(RELOAD)
                    public.append(answered(screen, base + "/"))
            for player in players:
                player.join()
        finally:
            if flooder is not None:
                try:
                    flooded, _ = flooder.communicate("", timeout=30)
                finally:
                    if flooder.poll() is None:
                        flooder.kill()
                        flooder.communicate()
            for client in phones.values():
                client.close()
            process.terminate()
            process.wait(timeout=20)
            process.stdout.close()
        errors.seek(0)
        logged = errors.read()
    got = json.loads(flooded.splitlines()[-1])   # what the flood had, for the messages below
    assert sum(public) >= 28, f"{sum(public)} of 30 public requests answered; the flooder got {got}"
    assert {name: all(asked) for name, asked in seats.items()} == dict.fromkeys(seats, True), (seats, got)
    assert "Traceback" not in logged


# -- connections: a new client takes the place of the one holding the most -------------------

@pytest.fixture
def capped(tmp_path):
    """A real server in a thread, at most 20 connections (and a patience longer than the test)."""
    with in_thread(_app(tmp_path), patience=30, max_connections=20) as port:
        yield port


def _app(tmp_path):
    from kit.serve.app import create_app

    return create_app(new_hoc(tmp_path / "senate.jsonl"))


def closed(conn: socket.socket) -> bool:
    """Whether the server closed `conn`, once it says so or answers (it answers nothing else)."""
    conn.settimeout(10)
    try:
        return conn.recv(4096) == b""
    except ConnectionResetError:
        return True


def let_go(conns: list[socket.socket]) -> int:
    """How many of `conns` the server has closed (it closes at once what it closes here: one
    still open a quarter of a second later is held)."""
    time.sleep(0.25)
    count = 0
    for conn in conns:
        conn.setblocking(False)
        try:
            count += conn.recv(4096) == b""
        except BlockingIOError:
            pass
        except ConnectionResetError:
            count += 1
    return count


def test_a_full_server_makes_room_for_a_new_client_from_the_one_holding_the_most(capped):
    port = capped
    mine = [socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.1", 0)) for _ in range(14)]
    theirs = [socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0)) for _ in range(6)]
    try:
        for conn in mine + theirs:   # each sends nothing: held until the patience runs out
            conn.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        # the cap is full: one more from the client holding the most is closed at once
        with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.1", 0)) as more:
            assert closed(more)
        # a new client is answered, in the place of one of the connections of the one holding the most
        with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.3", 0)) as new:
            new.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            new.settimeout(10)
            assert new.recv(4096).startswith(b"HTTP/1.1 200")
        assert let_go(mine) == 1   # one, and none of the other client's
        assert let_go(theirs) == 0
    finally:
        for conn in mine + theirs:
            conn.close()
