"""Load check of the table server: 8 phones on the event stream, 200 actions over loopback.

    python benchmarks/serve.py [--phones 8] [--actions 200]

Starts `python -m kit score serve` on a free port (a real process, as at the table) for an
8-player Promotion session. Each phone listens to /api/events and, all at once with the
others, posts its share of the actions from its own seat: gain 1, lose 1, gain 1... so
each player's PI only ever reads its start or one more. Then it checks, and exits 1 if any fails:
- none lost, none doubled: the file holds exactly the actions answered 200, each player's
  in the order sent, and every answered line number once;
- every phone's event stream had one event for every line written.
Prints the median and the 95th percentile of the answer times, with two floors measured in
the same run: one GET /api/state over the same loopback with nothing else going on (what
HTTP alone costs), and the same append done in-process by scorekeeper.session (lock, read,
one write, fsync) with no HTTP around it. The phones' threads share one Python process
with the listeners, so the figures include the clients' own contention. Last, what 200 idle
pages (each holding the event stream) cost the server in memory, and how fast the phones'
pages are answered while a terminal's `kit score` holds the session file's lock (the tests
check without a clock that they are answered then at all). Last, the flood: one client, from
13 addresses (127.0.0.1 to .13), holds 30 connections per address that send half a request,
as many event streams as it can (600 wanted, each opened again as soon as it ends or is
refused) and keeps 8 requests for the table page under way from each address, while the table's screen (127.0.0.100) reloads the table page and each
seated phone (127.0.0.101 and on, holding its seat by its cookie) its page and its seat's
JSON, each on a new connection: the share of the screen's requests answered (the bound:
28 of 30) and of the seated phones' (the bound: all). `--only-flood` measures the flood alone.
Not part of the tests.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scorekeeper import session as sessions  # noqa: E402
from scorekeeper.rules.promotion import START_PI  # noqa: E402

NAMES = ["Ana", "Ben", "Cléo", "Dan", "Eve", "Fred", "Gina", "Hugo"]


def client(address: str | None = None) -> httpx.Client:
    """An HTTP client that sends at once (TCP_NODELAY), as browsers do: without it Nagle's
    algorithm and the server's delayed ACK add ~40 ms to every keep-alive request. From
    `address` when given (a phone of its own on the Wi-Fi: each address has its share of the
    server, kit/serve/fairness.py)."""
    nodelay = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
    return httpx.Client(timeout=30, transport=httpx.HTTPTransport(socket_options=nodelay, local_address=address))


def start(path: Path) -> tuple[subprocess.Popen, dict[str, str]]:
    process = subprocess.Popen([sys.executable, "-m", "kit", "score", "serve", str(path), "--port", "0", "--no-qr"],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1", "LANG": "en_US.UTF-8", "LC_ALL": "",
                                    "LC_MESSAGES": ""})   # the lines read below are English
    links = {}
    for line in process.stdout:
        if line.startswith("Serving until"):
            break
        label, _, url = line.strip().partition(": ")
        links[label] = url
    base = links["Table"].rstrip("/")
    for _ in range(200):
        try:
            httpx.get(base + "/api/state", timeout=2)
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return process, links


class Phone(threading.Thread):
    """One player's phone: listens to the events, and posts its actions when told to go
    (PI gained and lost: corrections, sent with the host's link, which the phone opened)."""

    def __init__(self, name: str, link: str, count: int, go: threading.Event, host: str):
        super().__init__(daemon=True)
        self.name, self.count, self.go = name, count, go
        self.base, _, token = link.rpartition("/seat/")
        self.act_url = host.replace("/host/", "/api/host/") + "/act"
        self.sent: list[dict] = []
        self.lines: list[int] = []
        self.times: list[float] = []
        self.events: list[int] = []
        self.listening = threading.Event()
        self.failures: list[str] = []
        self.stop = threading.Event()
        threading.Thread(target=self.listen, daemon=True).start()

    def listen(self) -> None:
        try:
            with client() as http, http.stream("GET", self.base + "/api/events") as stream:
                for text in stream.iter_lines():
                    if text.startswith("data:"):
                        self.events.append(json.loads(text[5:])["line"])
                        self.listening.set()
                    if self.stop.is_set():
                        return
        except httpx.HTTPError:
            pass

    def run(self) -> None:
        self.go.wait()
        with client() as http:
            for number in range(self.count):
                action = {"action": "gain" if number % 2 == 0 else "lose", "player": self.name, "amount": 1}
                start = time.perf_counter()
                reply = http.post(self.act_url, json=action)
                self.times.append(time.perf_counter() - start)
                if reply.status_code != 200:
                    self.failures.append(f"{self.name}: {reply.status_code} {reply.text}")
                    continue
                self.sent.append(action)
                self.lines.append(reply.json()["line"])


def floor(folder: Path, runs: int) -> float:
    """The median in-process append of the same action: what the server adds HTTP to."""
    path = folder / "floor.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in NAMES], {"target": 10_000})
    times = []
    for number in range(runs):
        start = time.perf_counter()
        sessions.append(path, {"action": "gain" if number % 2 == 0 else "lose", "player": "Ana", "amount": 1})
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# A terminal's `kit score act`, stopped inside the session file's lock until told to go on.
TERMINAL = """
import sys
from scorekeeper import session as sessions

def hold(session):
    print("held", flush=True)
    sys.stdin.readline()
    raise SystemExit(0)

sessions.append(sys.argv[1], hold)
"""


def reads_while_held(path: Path, links: dict[str, str], names: list[str], seconds: float = 2.0) -> list[float]:
    """Each phone (from an address of its own) reads its page and its seat's JSON, over and
    over, while a terminal holds the file: the times of every read."""
    terminal = subprocess.Popen([sys.executable, "-c", TERMINAL, str(path)], cwd=ROOT, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    times: list[float] = []
    try:
        if terminal.stdout.readline() != "held\n":
            sys.exit("the terminal did not take the lock")
        until = time.monotonic() + seconds

        def phone(number: int, link: str) -> None:
            base, _, token = link.rpartition("/seat/")
            with client(f"127.0.2.{1 + number}") as http:
                while time.monotonic() < until:
                    for url in (f"{base}/seat/{token}", f"{base}/api/seat/{token}"):
                        began = time.perf_counter()
                        http.get(url).raise_for_status()
                        times.append(time.perf_counter() - began)

        readers = [threading.Thread(target=phone, args=(i, links[n])) for i, n in enumerate(names)]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
    finally:
        terminal.communicate("go on\n", timeout=30)
    return sorted(times)


def rss(pid: int) -> int:
    """The resident memory of process `pid`, in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def idle_cost(pid: int, base: str, count: int) -> tuple[int, int]:
    """What `count` idle pages cost the server: each holds the event stream open and reads
    nothing more, each from an address of its own (one client's share is CLIENT_SHARE). Its
    memory before and with them, once all have had their first event."""
    host, port = base.removeprefix("http://").rstrip("/").rsplit(":", 1)
    before = rss(pid)
    held = []
    try:
        for number in range(count):
            source = (f"127.1.{number // 250}.{1 + number % 250}", 0)
            conn = socket.create_connection((host, int(port)), timeout=10, source_address=source)
            conn.sendall(f"GET /api/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
            held.append(conn)
        for conn in held:
            answer = b""
            while b"data:" not in answer:
                chunk = conn.recv(4096)
                if not chunk:
                    raise RuntimeError(f"an idle page's stream was closed: {answer[:200]!r}")
                answer += chunk
        time.sleep(0.5)   # the server settled
        return before, rss(pid)
    finally:
        for conn in held:
            conn.close()


PHONE_PATIENCE = 20.0   # s: how long a phone's request may take and count as answered (a browser waits longer)


# The flooding client (tests/helpers/flooder.py, the one the flood test runs too), a process
# of its own (as another machine would be), from the 13 FLOOD_ADDRESSES: SILENT half-sent
# requests held per address, STREAMS event streams, LOOPS table-page loops per address, for
# the flood's seconds: more than the server's 512 connections. Then it prints what it got.
SILENT = 30
FLOODER = ROOT / "tests" / "helpers" / "flooder.py"
FLOOD_ADDRESSES = [f"127.0.0.{n}" for n in range(1, 14)]
PUBLIC = "127.0.0.100"   # the table's screen: a fresh address, none of the flood's
# How often the honest clients reload under the flood, in seconds, each request on a new
# connection: the screen five times a second, each phone its page and its JSON twice a second,
# far more than at a table (a page reloads after an entry), and within the connections each
# client may open (kit.serve.run.CLIENT_RATE).
SCREEN_RELOAD = 0.2
PHONE_RELOAD = 0.5


def seated_phones(base: str, links: dict[str, str], names: list[str]) -> list[httpx.Client]:
    """A client per phone, each from an address of its own (127.0.0.101 and on), holding its
    seat: it opened its link as a browser does (Accept: text/html), and keeps the cookie."""
    phones = []
    for number, name in enumerate(names):
        transport = httpx.HTTPTransport(local_address=f"127.0.0.{101 + number}")
        http = httpx.Client(timeout=PHONE_PATIENCE, transport=transport, headers={"Connection": "close"})
        http.get(links[name], headers={"Accept": "text/html"}).raise_for_status()
        if not http.cookies.get("kit-device"):
            sys.exit(f"{name}'s phone did not take its seat")
        phones.append(http)
    return phones


def flood(links: dict[str, str], names: list[str], streams: int, loops: int,
          seconds: float) -> dict[str, object]:
    """One client holds `streams` event streams and `loops` page requests per address, from
    13 addresses, for `seconds`; meanwhile the table's screen (its own address) loads the
    table page on a new connection, over and over, and each seated phone (an address of its
    own) its page and its seat's JSON. What each got: requests asked and answered 200 within
    PHONE_PATIENCE (with the answered ones' times), and what the flooder got."""
    base = links["Table"].rstrip("/")
    host, port = base.removeprefix("http://").rsplit(":", 1)
    phones = seated_phones(base, links, names)
    flooder = subprocess.Popen([sys.executable, str(FLOODER), host, port, "--addresses", str(len(FLOOD_ADDRESSES)),
                                "--streams", str(streams), "--pages", str(loops), "--silent", str(SILENT),
                                "--seconds", str(seconds + 4.0)], stdout=subprocess.PIPE, text=True)
    stop = threading.Event()
    counts = {"public": [0, 0], "seated": [0, 0]}
    times: dict[str, list[float]] = {"public": [], "seated": []}
    lock = threading.Lock()

    def ask(http: httpx.Client, kind: str, url: str, **options) -> None:
        began = time.perf_counter()
        try:
            ok = http.get(url, **options).status_code == 200
        except httpx.HTTPError:
            ok = False
        with lock:
            counts[kind][0] += 1
            counts[kind][1] += ok
            if ok:
                times[kind].append(time.perf_counter() - began)

    def screen() -> None:
        transport = httpx.HTTPTransport(local_address=PUBLIC)
        with httpx.Client(timeout=PHONE_PATIENCE, transport=transport, headers={"Connection": "close"}) as http:
            while not stop.wait(SCREEN_RELOAD):
                ask(http, "public", base + "/")

    def phone(http: httpx.Client) -> None:
        try:
            while not stop.wait(PHONE_RELOAD):
                ask(http, "seated", base + "/me", headers={"Accept": "text/html"})
                ask(http, "seated", base + "/api/me")
        finally:
            http.close()

    time.sleep(3.0)   # the flood is up before the honest requests begin
    readers = [threading.Thread(target=screen, daemon=True)] + [
        threading.Thread(target=phone, args=(http,), daemon=True) for http in phones]
    for thread in readers:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in readers:
        thread.join(timeout=PHONE_PATIENCE + 5)
    said = flooder.communicate(timeout=60)[0].splitlines()   # "flooding", then what it got
    flooded = json.loads(said[-1]) if said else {}
    return {"counts": counts, "times": {k: sorted(v) for k, v in times.items()}, "flooder": flooded}


def report_flood(args: argparse.Namespace, names: list[str], flooded: dict) -> list[str]:
    """Print what the flood left the honest clients; the bounds missed."""
    problems = []
    flooder = flooded["flooder"]
    print(f"the flood: one client from {len(FLOOD_ADDRESSES)} addresses holding {SILENT} silent connections and "
          f"{args.flood_loops} table-page requests per address and up to {args.flood} event streams, for "
          f"{args.flood_seconds:.0f} s: it had {flooder.get('held', 0)} silent connections, "
          f"{flooder.get('streams', 0)} streams and {flooder.get('pages', 0)} pages answered, "
          f"{flooder.get('refused', 0)} refused, {flooder.get('closed', 0)} connections closed or lost")
    for kind, label, bound in (("public", "the table page from another address (new connections)", 28 / 30),
                               ("seated", f"the {len(names)} seated phones' /me and /api/me (new connections)", 1.0)):
        asked, answered = flooded["counts"][kind]
        took = flooded["times"][kind]
        share = answered / asked if asked else 0.0
        print(f"  {label}: {answered} of {asked} answered ({share:.1%}; the bound: {bound:.1%})" + (
            f", in a median {statistics.median(took) * 1000:.0f} ms, the slowest {took[-1] * 1000:.0f} ms"
            if took else ""))
        if share < bound:
            problems.append(f"under the flood only {share:.1%} of {label} were answered")
    return problems


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=8, choices=range(2, 9), metavar="2..8")
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--idle", type=int, default=200, help="idle pages whose memory is measured")
    parser.add_argument("--flood", type=int, default=600, help="event streams one client holds, from 13 addresses")
    parser.add_argument("--flood-loops", type=int, default=8,
                        help="page requests the flooding client keeps under way from each address")
    parser.add_argument("--flood-seconds", type=float, default=5.0)
    parser.add_argument("--only-flood", action="store_true", help="measure the flood alone")
    return parser.parse_args(argv)


def main(args: argparse.Namespace) -> int:
    names = NAMES[:args.phones]
    shares = [args.actions // len(names) + (i < args.actions % len(names)) for i in range(len(names))]

    with tempfile.TemporaryDirectory(prefix="kit-serve-bench-") as name:
        folder = Path(name)
        path = folder / "office.jsonl"
        sessions.create(path, "promotion", [{"name": n} for n in names], {"target": 10_000})
        process, links = start(path)
        if args.only_flood:
            try:
                flooded = flood(links, names, args.flood, args.flood_loops, args.flood_seconds)
            finally:
                process.send_signal(signal.SIGINT)
                process.wait(timeout=20)
            return 1 if report_flood(args, names, flooded) else 0
        try:
            go = threading.Event()
            phones = [Phone(n, links[n], share, go, links["Host"]) for n, share in zip(names, shares)]
            for phone in phones:
                phone.start()
            for phone in phones:
                if not phone.listening.wait(10):
                    sys.exit(f"{phone.name}'s event stream did not open")
            read_floor = _read_floor(links)
            started = time.perf_counter()
            go.set()
            for phone in phones:
                phone.join()
            wall = time.perf_counter() - started
            last = sessions.load(path).next_line() - 1
            deadline = time.monotonic() + 10
            while any(last not in p.events for p in phones) and time.monotonic() < deadline:
                time.sleep(0.05)
            for phone in phones:
                phone.stop.set()
            held = reads_while_held(path, links, names)
            memory = idle_cost(process.pid, links["Table"], args.idle)
            flooded = flood(links, names, args.flood, args.flood_loops, args.flood_seconds)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)

        problems, written = _problems(path, phones, shares, last)

        times = sorted(t for p in phones for t in p.times)
        base = floor(folder, 50)
        median, p95 = statistics.median(times), times[int(0.95 * (len(times) - 1))]
        events = sum(len(p.events) for p in phones)
        print(f"{len(times)} actions from {len(phones)} phones at once over loopback in {wall:.2f} s "
              f"({len(times) / wall:.0f} actions/s); {len(written)} lines written, {events} events received")
        print(f"answer time: median {median * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms; floors measured "
              f"in this run: one GET /api/state alone {read_floor * 1000:.1f} ms (median {median / read_floor:.1f} x), "
              f"the in-process append {base * 1000:.1f} ms")
        print(f"{len(held)} page reads by {len(phones)} phones while a terminal held the file: median "
              f"{statistics.median(held) * 1000:.1f} ms, 95th percentile {held[int(0.95 * (len(held) - 1))] * 1000:.1f} ms, "
              f"slowest {held[-1] * 1000:.1f} ms (the issue's bound: 100 ms)")
        print(f"{args.idle} idle pages on the event stream: the server's memory {memory[0] / 2**20:.0f} MB "
              f"before, {memory[1] / 2**20:.0f} MB with them (+{(memory[1] - memory[0]) / 2**20:.1f} MB)")
        problems += report_flood(args, names, flooded)
        if problems:
            print("FAILED:\n  " + "\n  ".join(problems))
            return 1
        print("none lost, none doubled, every phone had an event for every line")
        return 0

def _read_floor(links: dict) -> float:
    """The HTTP floor: the median of 50 reads of the table's state, nothing else going on."""
    with client() as http:
        reads = []
        for _ in range(50):
            began = time.perf_counter()
            http.get(links["Table"].rstrip("/") + "/api/state")
            reads.append(time.perf_counter() - began)
    return statistics.median(reads)


def _problems(path: Path, phones: list[Phone], shares: list[int], last: int) -> tuple[list[str], list[dict]]:
    """What went wrong, and the lines written: an answer lost or doubled, a phone's actions
    not in the file in the order sent, a line without its event on a phone, a final PI count
    the actions do not explain."""
    problems = [f for p in phones for f in p.failures]
    written = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    answered = sorted(line for p in phones for line in p.lines)
    if answered != list(range(2, 2 + len(written))):
        problems.append(f"answered lines {answered[:5]}... do not match the {len(written)} lines written")
    for phone in phones:
        mine = [a for a in written if a.get("player") == phone.name]
        if mine != phone.sent:
            problems.append(f"{phone.name}: {len(phone.sent)} actions answered 200, {len(mine)} in the file "
                            "or not in the order sent")
        missed = sorted(set(range(2, last + 1)) - set(phone.events))
        if missed:
            problems.append(f"{phone.name} had no event for {len(missed)} of the {last - 1} lines "
                            f"(first: line {missed[0]})")
    final = sessions.load(path).state["players"]
    for phone, share in zip(phones, shares):
        expected = START_PI + share % 2
        if final[phone.name]["pi"] != expected:
            problems.append(f"{phone.name} ends with {final[phone.name]['pi']} PI, not {expected}")
    return problems, written


if __name__ == "__main__":
    sys.exit(main(parse()))
