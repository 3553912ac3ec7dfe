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

import asyncio
import json
import os
import secrets
import urllib.parse
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kit.i18n import LANGUAGES, N_, choose_language, translator
from kit.serve import forms as form_specs
from kit.serve import pages
from kit.serve.story import said
from kit.serve.table import Forbidden, Table, own_entry, round_of, undo_refusal, view
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation, ScorekeeperError

MAX_BODY = 16 * 1024   # a vote of a few players is under 300 bytes
BODY_SECONDS = 10      # a phone sends an action's body at once
LANG_COOKIE = "kit-lang"
SEAT_COOKIE = "kit-seat"   # the seat's token, on the device that joined with the room code
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


class Answer(Exception):
    """An early answer: a status and one sentence, translated when sent.

    `error` is a message template and `params` its values, as for a refusal; or a refusal
    itself (`refusal`), rendered in the reader's language, its secret values shown only to
    the player they belong to (`reveal`)."""

    def __init__(self, status: int, error: str = "", *, refusal: ScorekeeperError | None = None,
                 reveal: bool = True, back: tuple[str, str] | None = None, **params: object):
        super().__init__(error)
        self.status, self.error, self.refusal, self.reveal, self.params = status, error, refusal, reveal, params
        self.back = back   # a page's way back: its address and its words (a message)

    def sentence(self, lang: str) -> str:
        words = translator(lang)
        if self.refusal is not None:
            return words.refusal(self.refusal, reveal=self.reveal)
        return words.gettext(self.error).format(**{k: words.refusal(v) if isinstance(v, ScorekeeperError) else v
                                                   for k, v in self.params.items()})


def create_app(path: str | os.PathLike, base_url: str | None = None, hosts: list[str] | None = None) -> Starlette:
    """The table server of the session at `path`. `base_url` is the address phones use in
    the join links (the LAN address under --lan); by default, the one each request came to.
    `hosts`: the names this server answers to (the Host header, port aside); any by default
    (the tests' client); `kit score serve` gives the addresses it prints and the loopback's,
    so a page of another site cannot reach it under a name of its own (DNS rebinding)."""
    table = Table(path)
    for lang in LANGUAGES:   # the catalogues are read from disk now, not on the event loop later
        translator(lang)

    def link_base(request: Request) -> str:
        return (base_url or str(request.base_url)).rstrip("/")

    def join_links(request: Request) -> list[tuple[str, str]]:
        base = link_base(request)
        return [(name, f"{base}/seat/{token}") for name, token in table.tokens["seats"].items()]

    async def page_for(request: Request, viewer: str | None = None, *, post: str | None = None,
                       host: bool = False, story: bool = False) -> pages.Page:
        """What a page shows; story=True: with the story so far (the table page)."""
        session = await run_in_threadpool(table.session, story)
        state = session.state
        lang = language(request)
        return pages.Page(
            lang=lang, game=session.game, state=view(session.game, state, viewer),
            line=session.next_line() - 1, path=request.url.path, post=post, seat=viewer, host=host,
            can_undo=viewer is not None and undo_refusal(session, viewer) is None,
            answers=table.answers.get(round_of(state), {}).get(viewer, {}) if viewer else {},
            story=await run_in_threadpool(table.story, session, lang) if story else None,
            screen=form_specs.seat_screen(session, viewer, list(request.query_params.multi_items())) if viewer else None,
            doors=table.doors, open=table.tokens["open"])

    def seat_token(request: Request) -> tuple[str, str]:
        """The seat a request acts for: its link's token, else (under /me) the cookie the
        device got when it joined with the room code."""
        token = request.path_params.get("token") or request.cookies.get(SEAT_COOKIE, "")
        name = table.seat_of(token)
        if name is None:
            if "token" not in request.path_params:
                raise Answer(404, N_("This device holds no seat; join with the room code shown on the table."))
            raise Answer(404, N_("There is no seat with this link; ask the host for yours."))
        return token, name

    def room(request: Request) -> str:
        code = request.path_params["code"].upper()
        if not secrets.compare_digest(code.encode(), table.tokens["room"].encode()):
            raise Answer(404, N_("This is not this table's room code; read it again on the table screen."),
                         back=("/join", N_("Type the room code")))
        return code

    def host_token(request: Request) -> str:
        token = request.path_params["token"]
        if not table.is_host(token):
            raise Answer(404, N_("This is not the host's link."))
        return token

    async def table_page(request: Request) -> Response:
        code = table.tokens["room"]
        return html(request, pages.table_page(await page_for(request, story=True), code,
                                              f"{link_base(request)}/join/{code}"))

    async def room_page(request: Request) -> Response:
        typed = "".join(request.query_params.get("code", "").split()).upper()
        if typed:
            return RedirectResponse(f"/join/{urllib.parse.quote(typed, safe='')}", status_code=303)
        return html(request, pages.room_page(await page_for(request)))

    async def join_page(request: Request) -> Response:
        code = room(request)
        mine = table.seat_of(request.cookies.get(SEAT_COOKIE, ""))
        return html(request, pages.join_page(await page_for(request), code, table.tokens["bound"], mine))

    async def join(request: Request) -> Response:
        """A phone taps a name: the seat is bound to it by a cookie holding the seat's token
        (HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it)."""
        code = room(request)
        back = (f"/join/{code}", N_("Back to the names"))
        name = (await read_form(request)).get("seat", "")
        if name not in table.tokens["seats"]:
            raise Answer(422, N_("Tap one of the names shown."), back=back)
        if not table.tokens["open"]:
            raise Answer(403, N_("Everyone is here: no new phone can join. The host can open the table again."),
                         back=back)
        token = await run_in_threadpool(table.join, name)
        if token is None:
            raise Answer(409, N_("{name}'s seat is taken by another phone; the host can free it."), name=name,
                         back=back)
        table.doors_moved()
        response = RedirectResponse("/me", status_code=303)
        response.set_cookie(SEAT_COOKIE, token, max_age=7 * 24 * 3600, httponly=True, samesite="strict", path="/")
        return response

    async def seat_page(request: Request) -> Response:
        if "token" not in request.path_params and table.seat_of(request.cookies.get(SEAT_COOKIE, "")) is None:
            return RedirectResponse("/join", status_code=303)   # no seat on this device (yet, or any more)
        token, name = seat_token(request)
        post = f"/api/seat/{token}/act" if "token" in request.path_params else "/api/me/act"
        return html(request, pages.seat_page(await page_for(request, name, post=post)))

    async def host_page(request: Request) -> Response:
        token = host_token(request)
        page = await page_for(request, post=f"/api/host/{token}/act", host=True)
        return html(request, pages.host_page(page, join_links(request), table.tokens["bound"], f"/host/{token}/free",
                                             f"/host/{token}/doors"))

    async def free(request: Request) -> Response:
        token = host_token(request)
        name = (await read_form(request)).get("seat", "")
        if name not in table.tokens["seats"]:
            raise Answer(422, N_("There is no seat named {name}."), name=name)
        await run_in_threadpool(table.free, name)
        table.doors_moved()
        return RedirectResponse(f"/host/{token}", status_code=303)

    async def doors(request: Request) -> Response:
        """The host closes the table to new phones (everyone is here), or opens it again."""
        token = host_token(request)
        asked = (await read_form(request)).get("open", "")
        if asked not in ("1", "0"):   # 1: open, 0: closed
            raise Answer(422, N_("Tap the button shown."), back=(f"/host/{token}", N_("Back to the host's page")))
        await run_in_threadpool(table.open_doors, asked == "1")
        table.doors_moved()
        return RedirectResponse(f"/host/{token}", status_code=303)

    async def api_state(request: Request) -> Response:
        session = await run_in_threadpool(table.session)
        return JSONResponse(view(session.game, session.state))

    async def api_seat(request: Request) -> Response:
        _, name = seat_token(request)
        session = await run_in_threadpool(table.session)
        return JSONResponse(view(session.game, session.state, name))

    async def seat_act(request: Request) -> Response:
        _, name = seat_token(request)
        return await act(request, name)

    async def seat_choose(request: Request) -> Response:
        _, name = seat_token(request)
        given = await read_json(request)
        try:
            await run_in_threadpool(table.answer, name, given)
        except RuleViolation as error:
            raise Answer(422, refusal=error) from None
        return JSONResponse({"ok": True})

    async def host_act(request: Request) -> Response:
        host_token(request)
        return await act(request, None)

    async def act(request: Request, seat: str | None) -> Response:
        action = await read_json(request)
        try:
            session = await run_in_threadpool(table.act, action, seat)
        except Forbidden as error:
            raise Answer(403, refusal=error) from None
        except sessions.SessionError as error:   # locked or unwritable: not the rules' refusal
            raise Answer(503, refusal=error) from None
        except RuleViolation as error:
            # A seat sees the values of its own entry; the host's screen and the magistrate's
            # resolve show the rule broken, never another player's secret value.
            current = await run_in_threadpool(table.session)
            own = seat is not None and own_entry(current.game, seat, action, current.state)
            raise Answer(422, refusal=error, reveal=own) from None
        line = session.entries[-1].line
        table.announce(line)
        # what the entry did, for the page that sent it (a challenge's verdict, not "Saved.")
        told = await run_in_threadpool(said, session, language(request))
        return JSONResponse({"ok": True, "line": line, "told": told})

    async def events(request: Request) -> Response:
        queue = table.listen()
        # Set by sse-starlette when the server stops: the stream then ends cleanly (a closed
        # response), and each page's EventSource reconnects to the restarted server.
        stopping = anyio.Event()

        async def stream():
            try:
                line = table.line   # the current line at once: a page reconnecting catches up
                while line is not None:
                    yield {"data": json.dumps({"line": line, "doors": table.doors}), "id": str(line), "retry": 1000}
                    line = await next_change(queue, stopping)
            finally:
                table.forget(queue)

        return EventSourceResponse(stream(), ping=15, shutdown_event=stopping, shutdown_grace_period=1)

    @asynccontextmanager
    async def lifespan(app: Starlette):
        watcher = asyncio.create_task(table.watch())
        try:
            yield
        finally:
            watcher.cancel()

    routes = [
        Route("/", table_page),
        Route("/join", room_page),
        Route("/join/{code}", join_page),
        Route("/join/{code}", join, methods=["POST"]),
        Route("/me", seat_page),
        Route("/seat/{token}", seat_page),
        Route("/host/{token}", host_page),
        Route("/host/{token}/free", free, methods=["POST"]),
        Route("/host/{token}/doors", doors, methods=["POST"]),
        Route("/api/state", api_state),
        Route("/api/me", api_seat),
        Route("/api/me/act", seat_act, methods=["POST"]),
        Route("/api/me/choose", seat_choose, methods=["POST"]),
        Route("/api/seat/{token}", api_seat),
        Route("/api/seat/{token}/act", seat_act, methods=["POST"]),
        Route("/api/seat/{token}/choose", seat_choose, methods=["POST"]),
        Route("/api/host/{token}/act", host_act, methods=["POST"]),
        Route("/api/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders)] + ([Middleware(KnownHost, hosts=hosts)] if hosts is not None else [])
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware,
                    exception_handlers={Answer: answer, ScorekeeperError: unreadable, 404: not_found,
                                        405: not_allowed})
    app.state.table = table
    return app


class SecurityHeaders:
    """Add SECURITY_HEADERS to every answer that does not set them (plain ASGI, so the
    event stream passes through unbuffered)."""

    def __init__(self, app):
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (name, value) for name, value in self.headers if name not in present]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class KnownHost:
    """Answer 400 to a request whose Host header is none of `hosts` (plain ASGI, as above)."""

    def __init__(self, app, hosts: list[str]):
        self.app, self.hosts = app, {h.lower() for h in hosts}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            request = Request(scope)
            named = request.headers.get("host", "")
            name = named[1:].split("]")[0] if named.startswith("[") else named.rsplit(":", 1)[0] if named.count(":") == 1 else named
            if name.lower() not in self.hosts:
                refusal = await answer(request, Answer(400, N_("This server answers to the address it printed, not to {name}."),
                                                       name=named or "?"))
                return await refusal(scope, receive, send)
        await self.app(scope, receive, send)


async def next_change(queue: asyncio.Queue, stopping: anyio.Event) -> int | None:
    """The next changed line from `queue`, or None once the server is stopping. Both waits
    are cancelled however this ends: a page closed mid-wait closes its stream here, and a
    wait left behind was reported at exit (« Task was destroyed but it is pending! »)."""
    change = asyncio.ensure_future(queue.get())
    stop = asyncio.ensure_future(stopping.wait())
    try:
        done, _ = await asyncio.wait({change, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        change.cancel()
        stop.cancel()
    return change.result() if change in done else None


def language(request: Request) -> str:
    """The switch's choice (this request's ?lang=, else the cookie it left), else the
    browser's Accept-Language, else the server's locale."""
    asked = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    return choose_language(asked, accept_language=request.headers.get("accept-language"))


def html(request: Request, text: str) -> Response:
    response = HTMLResponse(text)
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:   # the switch: remembered for this browser's next pages
        response.set_cookie(LANG_COOKIE, asked, max_age=365 * 24 * 3600, samesite="strict")
    return response


async def read_json(request: Request) -> object:
    """The request's JSON body, checked for its type and size before it is parsed."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Answer(415, N_("Send the action as JSON (Content-Type: application/json)."))
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Answer(413, N_("An action is at most {size} bytes."), size=MAX_BODY)
    body = bytearray()
    with anyio.move_on_after(BODY_SECONDS) as waited:   # a body sent in part, then nothing
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Answer(413, N_("An action is at most {size} bytes."), size=MAX_BODY)
    if waited.cancelled_caught:
        raise Answer(408, N_("The action took over {seconds} seconds to arrive; send it again."), seconds=BODY_SECONDS)
    try:   # the same bounds as `kit score act` (nesting, digits), in the same words
        return sessions.parse_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise Answer(400, N_("The body is not valid JSON.")) from None
    except sessions.BadJSON as error:
        if error.column is None:   # JSON beyond the bounds: the clause saying which, in the reader's words
            raise Answer(400, N_("The action cannot be read: {reason}."), reason=error.clause()) from None
        raise Answer(400, N_("The body is not valid JSON (see character {column})."), column=error.column) from None


async def read_form(request: Request) -> dict[str, str]:
    """A page's own form (a name tapped): URL-encoded, small; its fields' first values."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise Answer(415, N_("Send the form as the page does (application/x-www-form-urlencoded)."))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Answer(413, N_("An action is at most {size} bytes."), size=MAX_BODY)
    try:
        fields = urllib.parse.parse_qs(body.decode("utf-8"), max_num_fields=8, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Answer(400, N_("The form cannot be read.")) from None
    return {key: values[0] for key, values in fields.items()}


async def answer(request: Request, error: Exception) -> Response:
    assert isinstance(error, Answer), "the handler of Answer"
    lang = language(request)
    sentence = error.sentence(lang)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"ok": False, "error": sentence}, status_code=error.status)
    back = (error.back[0], translator(lang).gettext(error.back[1])) if error.back else None
    return HTMLResponse(pages.error_page(lang, error.status, sentence, back), status_code=error.status)


async def unreadable(request: Request, error: Exception) -> Response:
    """The session cannot be read right now (a torn line, a file being repaired): say so."""
    assert isinstance(error, ScorekeeperError), "the handler of the scorekeeper's errors"
    return await answer(request, Answer(503, refusal=error))


async def not_found(request: Request, error: Exception) -> Response:
    return await answer(request, Answer(404, N_("There is nothing at this address.")))


async def not_allowed(request: Request, error: Exception) -> Response:
    return await answer(request, Answer(405, N_("This address does not take that method.")))
