"""The Starlette application: the contract's endpoints (SCOREKEEPER.md, "The table server").

Answers: 200 `{"ok": true, "line": N}` for an accepted action; 422 `{"ok": false,
"error": sentence}` for a refused one (the file unchanged); 403 when a seat acts for
someone else; 404 for an unknown token. A body must be JSON, at most MAX_BODY bytes
(415 and 413 otherwise, 400 when it does not parse). Nothing is cached by browsers, no
page refers to anything outside this server, and a token never appears in a public page.

The event loop never touches the session file: every read and write runs in a worker thread
(run_in_threadpool), where the file lock may wait for a terminal's `kit score` command
while the loop goes on answering the other phones.
"""
from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kit import faces
from kit.i18n import LANGUAGES, N_, translator
from kit.serve.events import Events
from kit.serve.fairness import Fairness
from kit.serve.host import Host
from kit.serve.screens import Screens
from kit.serve.seats import Seats
from kit.serve.table import Table
from kit.serve.web import DEVICE_COOKIE as DEVICE_COOKIE  # the cookie's name, as the tests name it
from kit.serve.web import MAX_BODY as MAX_BODY
from kit.serve.web import Answer, answer, named_only
from scorekeeper.errors import ScorekeeperError

SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                "script-src 'self'; connect-src 'self'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
}
STATIC = Path(__file__).resolve().parent / "static"


def create_app(path: str | os.PathLike[str], base_url: str | None = None, hosts: list[str] | None = None) -> Starlette:
    """The table server of the session at `path`. `base_url` is the address phones use in
    the join links (the LAN address under --lan); by default, the one each request came to.
    `hosts`: the names this server answers to (the Host header, port aside); any by default
    (the tests' client); `kit score serve` gives the addresses it prints and the loopback's,
    so a page of another site cannot reach it under a name of its own (DNS rebinding).

    Its endpoints, by concern: the pages (kit/serve/screens.py), the seats' (seats.py), the
    host's (host.py) and the live events (events.py); what they share is kit/serve/web.py."""
    table = Table(path)
    for lang in LANGUAGES:   # the catalogues are read from disk now, not on the event loop later
        translator(lang)
    seats, host, events = Seats(table), Host(table), Events(table)
    # the pages' routes first: /join/{code} is the names' page to a GET, a seat's joining to a POST
    routes = [*Screens(table, base_url, seats, host).routes(), *seats.routes(), *host.routes(), *events.routes(),
              Route("/favicon.ico", favicon), Route("/static/game.css", game_stylesheet),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    middleware = [Middleware(SecurityHeaders), Middleware(Fairness), Middleware(SameSite)] + (
        [Middleware(KnownHost, hosts=hosts)] if hosts is not None else [])
    app = Starlette(routes=routes, lifespan=events.lifespan, middleware=middleware,
                    exception_handlers={Answer: answer, ScorekeeperError: unreadable, 404: not_found,
                                        405: not_allowed})
    app.state.table = table
    return app


async def game_stylesheet(request: Request) -> Response:
    """The game's own stylesheet, where its templates have one (kit/faces.py)."""
    session = await run_in_threadpool(request.app.state.table.session, False)
    sheet = faces.stylesheet(session.game)
    if sheet is None:
        raise Answer(404, N_("There is nothing at this address."))
    return FileResponse(sheet, media_type="text/css")


async def favicon(request: Request) -> Response:
    """The icon every browser asks for at this address (a page without one logged a 404)."""
    return FileResponse(STATIC / "favicon.ico", media_type="image/x-icon")


class SecurityHeaders:
    """Add SECURITY_HEADERS to every answer that does not set them (plain ASGI, so the
    event stream passes through unbuffered)."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (name, value) for name, value in self.headers if name not in present]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class KnownHost:
    """Answer 400 to a request whose Host header is none of `hosts` (plain ASGI, as above)."""

    def __init__(self, app: ASGIApp, hosts: list[str]):
        self.app, self.hosts = app, {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            request = Request(scope)
            named = request.headers.get("host", "")
            name = named[1:].split("]")[0] if named.startswith("[") else named.rsplit(":", 1)[0] if named.count(":") == 1 else named
            if name.lower() not in self.hosts:
                refusal = await answer(request, Answer(400, N_("This server answers to the address it printed, not to {name}."),
                                                       name=named or "?"))
                return await refusal(scope, receive, send)
        await self.app(scope, receive, send)


class SameSite:
    """Answer 403 to a request that would change something (any method but GET and HEAD)
    sent by a page of another site: a form or a script elsewhere on the web, posting to the
    table's address through a player's browser (plain ASGI, as above).

    A browser says where a request comes from: `Sec-Fetch-Site` (every current browser),
    else `Origin`. The table's own pages are same-origin; they send no referrer, so an older
    browser's form says `Origin: null`, which is let through (a cross-site form with no
    referrer says the same, but such a browser sends Sec-Fetch-Site too where it matters).
    A client that sends neither (curl, a script) is served as before."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
    OWN = frozenset({"same-origin", "none"})   # "none": the person typed or bookmarked it

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in self.SAFE:
            request = Request(scope)
            if not self.own(request):
                refusal = await answer(request, Answer(403, N_("This table takes entries from its own pages only, "
                                                               "not from another site's.")))
                return await refusal(scope, receive, send)
        await self.app(scope, receive, send)

    def own(self, request: Request) -> bool:
        site = request.headers.get("sec-fetch-site")
        if site is not None:
            return site.lower() in self.OWN
        origin = request.headers.get("origin")
        if origin is None or origin == "null":
            return True
        parts = urllib.parse.urlsplit(origin)
        return parts.netloc.lower() == request.headers.get("host", "").lower() and parts.scheme in ("http", "https")


async def unreadable(request: Request, error: Exception) -> Response:
    """The session cannot be read right now (a torn line, a file being repaired): say so."""
    assert isinstance(error, ScorekeeperError), "the handler of the scorekeeper's errors"
    return await answer(request, Answer(503, refusal=named_only(error)))


async def not_found(request: Request, error: Exception) -> Response:
    return await answer(request, Answer(404, N_("There is nothing at this address.")))


async def not_allowed(request: Request, error: Exception) -> Response:
    return await answer(request, Answer(405, N_("This address does not take that method.")))
