"""Shared pieces of the table server's tests: sessions, the secrets to look for, page text."""
from __future__ import annotations

import contextlib
import hashlib
import os
import re
import signal
import subprocess
import sys
import time
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx2 as httpx  # what Starlette's TestClient uses; plain httpx is not installed by the test extra

from kit.serve.app import DEVICE_COOKIE
from scorekeeper import session as sessions

REPO = Path(__file__).resolve().parents[2]
# A printed link: "Alice: http://127.0.0.1:PORT/seat/TOKEN".
LINK = re.compile(r"^(?P<label>[^:]+): (?P<url>http://127\.0\.0\.1:\d+/(?:(?:host|seat)/[A-Za-z0-9_-]{32,})?)$")
HOC_PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
               {"name": "Chloé", "role": "luceres"}]
# Round 1 in the open, then two of round 2's three ballots cast. The numbers are chosen to
# appear nowhere else on a page, so finding one where it must not be is a leak.
ROUND_ONE = {"action": "vote", "pour": {"Alice": 37, "Chloé": 19}, "contre": {"Bob": 23}, "colour": "bleu"}
PENDING = {"Alice": {"pour": 41, "contre": 0}, "Bob": {"pour": 0, "contre": 29}}
# What only each player may see once those are played.
SECRETS = {
    "Alice": {"numbers": {63, 41}, "texts": ("hold 5 seals", "Titienses")},
    "Bob": {"numbers": {77, 29}, "texts": ("hold 4 gold", "Ramnes")},
    "Chloé": {"numbers": {81}, "texts": ("winning side in 3 votes", "Luceres")},
}


def hold_seat(client: Any, name: str) -> str:
    """Make `client` (a TestClient) the phone holding `name`'s seat, as if it had joined: a
    device secret of its own for that seat, so one client can play several seats in turn.
    The device secret."""
    device = hashlib.sha256(f"a phone of {name}".encode()).hexdigest()
    client.app.state.table.hold(name, device, by_code=False)
    client.cookies.set(DEVICE_COOKIE, device)
    return device


def new_hoc(path: Path) -> Path:
    sessions.create(path, "hoc-censeo", [dict(p) for p in HOC_PLAYERS])
    return path


class _Text(HTMLParser):
    """The text a person reads on a page (no markup, no SVG drawing, no script)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._glue = False   # a name's <bdi> is inside the words around it: no space added

    def handle_starttag(self, tag, attrs):
        if tag == "bdi":
            self._glue = True
        if tag in ("svg", "script", "style"):
            self._skip += 1
        for name, value in attrs:   # what a page says in attributes is read too (aria-label)
            if name in ("aria-label", "title", "value", "alt") and value and not self._skip:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag == "bdi":
            self._glue = True
        if tag in ("svg", "script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            if self._glue and self.parts:
                self.parts[-1] += data
            else:
                self.parts.append(data)
            self._glue = False


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def numbers_in(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.])", text)}


class Server:
    """`python -m kit score serve FILE --port PORT` as a subprocess, and the links it printed
    (port 0: any free port; a restart passes the port it had, so open pages reconnect)."""

    def __init__(self, path: Path, port: int = 0):
        env = {**os.environ, "LANG": "en_US.UTF-8", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kit", "score", "serve", str(path), "--port", str(port), "--no-qr"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.printed: list[str] = []
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + 30
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.printed.append(line)
            match = LINK.match(line)
            if match:
                self.links[match["label"]] = match["url"]
            if line.startswith("Serving until Ctrl-C") or time.monotonic() > deadline:
                break
        assert "Table" in self.links, (self.printed, self.process.stderr.read() if self.process.poll() else "")
        self.base = self.links["Table"].rstrip("/")
        self.port = int(self.base.rsplit(":", 1)[1])
        wait_until_up(self.base)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=15)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            # Pipes left open warn when collected (ResourceWarning), in whichever test runs then.
            self.process.stdout.close()
            self.process.stderr.close()


@contextlib.contextmanager
def in_thread(app, patience: float, max_connections: int):
    """`app` served by the table server's own uvicorn settings (its guarded protocol, this
    patience and cap) in a thread on a free loopback port, for as long as the block runs:
    the port."""
    import threading

    import uvicorn

    from kit.serve.run import bind, server_config

    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(server_config(app, patience=patience, max_connections=max_connections))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        sock.close()


def wait_until_up(base: str) -> None:
    deadline = time.monotonic() + 15
    while True:
        try:
            httpx.get(base + "/api/state", timeout=2)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def picture(page, path) -> None:
    """Keep a screenshot as a test artefact for a person to look at. It proves nothing, so a
    screenshot that Chromium does not finish in time (seen once for a full host page in a
    whole-suite run) must not fail the test: the assertions around it do the checking."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.screenshot(path=str(path), full_page=True, timeout=30_000)


def served(path, *flags: str, stderr: int | None = subprocess.PIPE) -> tuple[subprocess.Popen, list[str]]:
    """`kit score serve FILE --port 0 --no-qr FLAGS` in English, and what it printed up to
    "Serving" (its stderr in a pipe unless told otherwise, for the tests that read the host's
    terminal)."""
    process = subprocess.Popen([sys.executable, "-m", "kit", "score", "serve", str(path), "--port", "0", "--no-qr",
                                *flags], cwd=REPO, stdout=subprocess.PIPE, stderr=stderr, text=True,
                               env={**os.environ, "LANG": "en_US.UTF-8", "PYTHONUNBUFFERED": "1"})
    printed = []
    for line in process.stdout:
        printed.append(line.rstrip("\n"))
        if line.startswith("Serving until"):
            break
    return process, printed


# -- every answer the server sends ------------------------------------------------------------
#
# The secrecy sweep (tests/test_secrecy.py) and the language sweep (test_serve_every_page.py)
# read what every route of the app answers a reader: ROUTES says how each route is reached,
# by its path and method as the app declares it (a Mount by its path and "*"), and
# test_serve_every_page.py fails when the app has a route ROUTES does not reach.

UNKNOWN = "Zoé"   # a name typed that no seat has: the refusal quotes it as typed


def crawl(fetch, limit: int = 8) -> dict[str, str]:
    """A seat's page and the pages its taps lead to partway through a decision (each link of
    its step buttons carries the answers so far in the address: forms.py's `answered`), by
    address: `fetch(query)` draws the page of one address's query. Deterministic sampling:
    from each page the first and the last link not seen yet (the first and the last choice
    of each field, so every prefix of the answers the decision asks is drawn along two
    paths, and « Start this decision again » leads back), at most `limit` pages: the full
    product of an order of eight names would be 40,320 pages."""
    seen: dict[str, str] = {}
    queue = [""]
    while queue and len(seen) < limit:
        query = queue.pop(0)
        if query in seen:
            continue
        html = seen[query] = fetch(query)
        links = [unescape(link)[1:] for link in re.findall(r'href="(\?[^"]*)"', html)]
        fresh = list(dict.fromkeys(link for link in links if link not in seen and link not in queue))
        queue += fresh[:1] + fresh[-1:] if len(fresh) > 1 else fresh
    return seen


class Visit:
    """One reader's reading of every route: `reader` None is the public and the host, else a
    seat's player (reading through their link and, once joined with the room code, as /me).
    `errors`: also every refusal a route gives (a wrong code, a body too big...), read at
    one state of a game (they depend on little of it); else the pages alone. (A plain
    class: tests/test_language.py and tests/test_secrecy.py load this file by its path, as
    no module, where a dataclass cannot be made.)"""

    def __init__(self, client: Any, reader: str | None, lang: str, errors: bool = True):
        self.client, self.reader, self.lang, self.errors = client, reader, lang, errors
        self.said: dict[str, str] = {}

    @property
    def tokens(self) -> dict:
        return self.client.app.state.table.tokens

    @property
    def heard(self) -> dict[str, str]:
        return {"accept-language": self.lang}   # the JSON answers speak the browser's language

    def keep(self, label: str, reply) -> None:
        """A reply as its reader gets it: its status, where it leads, its text."""
        self.text(label, f"{reply.status_code} {reply.headers.get('location', '')} {reply.text}")

    def text(self, label: str, text: str) -> None:
        """What a reader got, the tokens and room code of the moment (a freed seat gets new
        ones) and the links' QR codes left out, so twins compare."""
        tokens = self.tokens
        for token in [tokens["host"], *tokens["seats"].values(), tokens["room"]]:
            text = text.replace(token, "TOKEN")
        self.said[label] = re.sub(r'<figure class="join">.*?</figure>', "", text, flags=re.S)

    def get(self, label: str, url: str, **options) -> None:
        options = {"params": {"lang": self.lang}, "headers": self.heard, **options}
        self.keep(label, self.client.get(url, **options))

    def post(self, label: str, url: str, **options) -> None:
        options = {"params": {"lang": self.lang}, "headers": self.heard, "follow_redirects": False, **options}
        self.keep(label, self.client.post(url, **options))

    def bodies(self, label: str, url: str, form: bool = False) -> None:
        """The refusals of a body a route cannot take: not its type, too big, not readable."""
        self.post(f"{label}: not its type", url, content="x", headers={**self.heard, "content-type": "text/plain"})
        kind = "application/x-www-form-urlencoded" if form else "application/json"
        self.post(f"{label}: too big", url, content="x" * 20_000, headers={**self.heard, "content-type": kind})
        unreadable = "&".join(f"f{n}=1" for n in range(12)) if form else "{"
        self.post(f"{label}: unreadable", url, content=unreadable, headers={**self.heard, "content-type": kind})
        if not form:
            self.post(f"{label}: too deep", url, content='{"a":' * 100 + "1" + "}" * 100,
                      headers={**self.heard, "content-type": kind})
            self.post(f"{label}: not an action", url, json={"action": "nope"})


def _table(v: Visit) -> None:
    if v.reader is None:
        v.get("table", "/")
        if v.errors:
            v.keep("table: a method it does not take", v.client.put("/", params={"lang": v.lang}))
            path = v.client.app.state.table.path
            kept = path.read_bytes()
            with path.open("ab") as session:   # a line torn by a crash, until `kit score repair`
                session.write(b'{"action": "ga')
            try:
                v.get("table: a torn line", "/")
            finally:
                path.write_bytes(kept)


def _room(v: Visit) -> None:
    if v.reader is None:
        v.get("room", "/join")
        v.get("room: a code typed", "/join", params={"lang": v.lang, "code": "ab cd"}, follow_redirects=False)


def _names(v: Visit) -> None:
    if v.reader is None:
        v.get("names", f"/join/{v.tokens['room']}")
        if v.errors:
            v.get("names: a wrong code", "/join/WRONGCODE")


def _join(v: Visit) -> None:
    """A seat joins with the room code (then reads /me); the public is refused: a name not
    shown, a seat taken, the table closed."""
    room = f"/join/{v.tokens['room']}"
    if v.reader is not None:
        v.post("join", room, data={"seat": v.reader})
        v.get("join: the names again", room)
        if v.errors:
            device = v.client.cookies.get(DEVICE_COOKIE)
            v.client.cookies.clear()   # another phone
            v.post("join: a seat taken", room, data={"seat": v.reader})
            v.get("join: a seat taken, by its link", f"/seat/{v.tokens['seats'][v.reader]}")
            v.client.cookies.set(DEVICE_COOKIE, device)
    elif v.errors:
        v.post("join: a name not shown", room, data={"seat": UNKNOWN})
        v.post("join: a wrong code", "/join/WRONGCODE", data={"seat": UNKNOWN})
        v.post("join: from another site", room, data={"seat": next(iter(v.tokens["seats"]))},
               headers={**v.heard, "sec-fetch-site": "cross-site"})
        v.bodies("join", room, form=True)
        v.client.post(f"/host/{v.tokens['host']}/doors", data={"open": "0"})
        v.post("join: the table closed", room, data={"seat": next(iter(v.tokens["seats"]))})
        v.client.post(f"/host/{v.tokens['host']}/doors", data={"open": "1"})


def _seat_page(v: Visit, url: str, label: str) -> None:
    """A seat's page, and those partway through its decision (`crawl`)."""
    def fetch(query: str) -> str:
        reply = v.client.get(f"{url}?{query}{'&' if query else ''}lang={v.lang}")
        assert reply.status_code == 200, (url, query, reply.text)
        return reply.text
    for query, html in crawl(fetch).items():
        v.text(f"{label}?{query}", html)


def _me(v: Visit) -> None:
    if v.reader is not None:   # the seat's page as its link draws it, but for where it posts: no taps again
        v.get("me", "/me")
    else:
        v.get("me: no seat on this device", "/me", follow_redirects=False)


def _seat(v: Visit) -> None:
    if v.reader is not None:
        _seat_page(v, f"/seat/{v.tokens['seats'][v.reader]}", "seat")
    elif v.errors:
        v.get("seat: an unknown link", "/seat/nobody")


def _host(v: Visit) -> None:
    if v.reader is None:
        v.get("host", f"/host/{v.tokens['host']}")
        if v.errors:
            v.get("host: a wrong link", "/host/nobody")


def _free(v: Visit) -> None:
    """The host frees a seat: a reader's own, once read (the next reading joins afresh)."""
    host = f"/host/{v.tokens['host']}/free"
    if v.reader is not None:
        v.post("free", host, data={"seat": v.reader})
        v.get("free: the seat's page, on the device freed", "/me")
    elif v.errors:
        v.post("free: a seat unknown", host, data={"seat": UNKNOWN})
        v.post("free: a wrong link", "/host/nobody/free", data={"seat": UNKNOWN})
        v.bodies("free", host, form=True)


def _doors(v: Visit) -> None:
    if v.reader is None and v.errors:
        v.post("doors: a button not shown", f"/host/{v.tokens['host']}/doors", data={"open": "2"})


def _new_room(v: Visit) -> None:
    """The host gives the room a new code (the last visit: later ones read the new one)."""
    if v.reader is None:
        v.post("room: a new code", f"/host/{v.tokens['host']}/room", data={"room": "new"})
        if v.errors:
            v.post("room: a wrong link", "/host/nobody/room", data={"room": "new"})


def _state(v: Visit) -> None:
    if v.reader is None:
        v.get("api/state", "/api/state")


def _api_seat(v: Visit, base: str, label: str) -> None:
    v.get(label, base)
    if v.errors:
        others = [name for name in v.tokens["seats"] if name != v.reader]
        v.bodies(f"{label}/act", f"{base}/act")
        v.post(f"{label}/act: for another player", f"{base}/act", json={"action": "nope", "player": others[0]})
        v.post(f"{label}/choose: an unknown question", f"{base}/choose", json={"calamity": "nope"})
        v.post(f"{label}/choose: not an object", f"{base}/choose", json=[1])


def _api_me(v: Visit) -> None:
    if v.reader is not None:
        _api_seat(v, "/api/me", "api/me")
    elif v.errors:
        v.get("api/me: no seat on this device", "/api/me")


def _api_token(v: Visit) -> None:
    if v.reader is not None:
        _api_seat(v, f"/api/seat/{v.tokens['seats'][v.reader]}", "api/seat")
    elif v.errors:
        v.get("api/seat: an unknown link", "/api/seat/nobody")
        v.post("api/seat/act: an unknown link", "/api/seat/nobody/act", json={"action": "nope"})


def _api_host(v: Visit) -> None:
    if v.reader is None and v.errors:
        v.bodies("api/host/act", f"/api/host/{v.tokens['host']}/act")
        v.post("api/host/act: a wrong link", "/api/host/nobody/act", json={"action": "nope"})
        v.text("api/host/act: a body sent in part", late_body(v.client.app, f"/api/host/{v.tokens['host']}/act",
                                                             v.lang))


def late_body(app, path: str, lang: str) -> str:
    """What the app answers a body that stops halfway (the phone's network gone), straight
    through ASGI with the wait cut to 50 ms: the test client sends a body whole."""
    import asyncio
    from unittest import mock

    from kit.serve import web

    sent: list[dict] = []

    async def receive():
        if not sent:
            sent.append({})
            return {"type": "http.request", "body": b'{"action"', "more_body": True}
        await asyncio.sleep(0.5)   # the rest never comes: ten times the wait allowed
        return {"type": "http.disconnect"}

    answer: list[bytes] = []

    async def send(message):
        if message["type"] == "http.response.start":
            answer.append(str(message["status"]).encode() + b" ")
        elif message["type"] == "http.response.body":
            answer.append(message.get("body", b""))

    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"content-type", b"application/json"), (b"accept-language", lang.encode()),
                         (b"host", b"testserver")], "scheme": "http", "server": ("testserver", 80),
             "client": ("127.0.0.1", 1), "http_version": "1.1", "root_path": "", "app": app}
    with mock.patch.object(web, "BODY_SECONDS", 0.05):
        asyncio.run(app(scope, receive, send))
    return b"".join(answer).decode()


def _events(v: Visit) -> None:
    if v.reader is None:
        with v.client.stream("GET", "/api/events") as stream:
            line = next(line for line in stream.iter_lines() if line.startswith("data:"))
        v.said["api/events"] = line


def _files(v: Visit) -> None:
    if v.reader is None:
        v.text("favicon", str(v.client.get("/favicon.ico").status_code))
        v.get("game.css", "/static/game.css")


def _static(v: Visit) -> None:
    if v.reader is None:
        v.get("serve.css", "/static/serve.css")
        if v.errors:
            v.get("static: nothing there", "/static/nothing.css")
            v.get("nothing at this address", "/nothing/here")


ROUTES = {
    ("/", "GET"): _table, ("/join", "GET"): _room, ("/join/{code}", "GET"): _names, ("/join/{code}", "POST"): _join,
    ("/me", "GET"): _me, ("/seat/{token}", "GET"): _seat, ("/host/{token}", "GET"): _host,
    ("/host/{token}/free", "POST"): _free, ("/host/{token}/doors", "POST"): _doors,
    ("/host/{token}/room", "POST"): _new_room,
    ("/api/state", "GET"): _state, ("/api/me", "GET"): _api_me, ("/api/me/act", "POST"): _api_me,
    ("/api/me/choose", "POST"): _api_me, ("/api/seat/{token}", "GET"): _api_token,
    ("/api/seat/{token}/act", "POST"): _api_token, ("/api/seat/{token}/choose", "POST"): _api_token,
    ("/api/host/{token}/act", "POST"): _api_host, ("/api/events", "GET"): _events,
    ("/favicon.ico", "GET"): _files, ("/static/game.css", "GET"): _files, ("/static", "*"): _static,
}
# The order a reader goes through them: joining before /me, the seat freed last.
_ORDER = [_table, _room, _names, _host, _doors, _state, _api_host, _events, _files, _static, _seat, _api_token,
          _join, _me, _api_me, _free, _new_room]


def app_routes(app) -> set[tuple[str, str]]:
    """The app's routes by path and method (HEAD aside: Starlette adds it to each GET)."""
    from starlette.routing import Mount

    return {(route.path, "*") if isinstance(route, Mount) else (route.path, method)
            for route in app.routes for method in (getattr(route, "methods", None) or {"*"}) if method != "HEAD"}


def every_answer(client, reader: str | None, lang: str, errors: bool = True) -> dict[str, str]:
    """What every route answers `reader` in `lang` (labelled), reached as ROUTES says."""
    assert set(_ORDER) == set(ROUTES.values())
    visit = Visit(client, reader, lang, errors)
    for reach in _ORDER:
        reach(visit)
    return visit.said
