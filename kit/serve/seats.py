"""The seats' endpoints: a phone joins a seat with the room code, then acts and answers as
that seat (its link's token, or under /me the cookie its device got when it joined)."""
from __future__ import annotations

import secrets

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from kit.i18n import N_
from kit.serve import app as web
from kit.serve.entries import enter
from kit.serve.table import Table, view
from scorekeeper.errors import RuleViolation


class Seats:
    def __init__(self, table: Table):
        self.table = table

    def token(self, request: Request) -> tuple[str, str]:
        """The seat a request acts for: its link's token, else (under /me) the cookie the
        device got when it joined with the room code."""
        token = request.path_params.get("token") or request.cookies.get(web.SEAT_COOKIE, "")
        name = self.table.seat_of(token)
        if name is None:
            if "token" not in request.path_params:
                raise web.Answer(404, N_("This device holds no seat; join with the room code shown on the table."))
            raise web.Answer(404, N_("There is no seat with this link; ask the host for yours."))
        return token, name

    def room(self, request: Request) -> str:
        code = request.path_params["code"].upper()
        if not secrets.compare_digest(code.encode(), self.table.tokens["room"].encode()):
            raise web.Answer(404, N_("This is not this table's room code; read it again on the table screen."),
                             back=("/join", N_("Type the room code")))
        return code

    async def join(self, request: Request) -> Response:
        """A phone taps a name: the seat is bound to it by a cookie holding the seat's token
        (HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it)."""
        code = self.room(request)
        back = (f"/join/{code}", N_("Back to the names"))
        name = (await web.read_form(request)).get("seat", "")
        if name not in self.table.tokens["seats"]:
            raise web.Answer(422, N_("Tap one of the names shown."), back=back)
        if not self.table.tokens["open"]:
            raise web.Answer(403, N_("Everyone is here: no new phone can join. The host can open the table again."),
                             back=back)
        token = await run_in_threadpool(self.table.join, name)
        if token is None:
            raise web.Answer(409, N_("{name}'s seat is taken by another phone; the host can free it."), name=name,
                             back=back)
        self.table.doors_moved()
        response = RedirectResponse("/me", status_code=303)
        response.set_cookie(web.SEAT_COOKIE, token, max_age=7 * 24 * 3600, httponly=True, samesite="strict", path="/")
        return response

    async def state(self, request: Request) -> Response:
        _, name = self.token(request)
        session = await run_in_threadpool(self.table.session)
        return JSONResponse(view(session.game, session.state, name))

    async def act(self, request: Request) -> Response:
        _, name = self.token(request)
        return await enter(self.table, request, name)

    async def choose(self, request: Request) -> Response:
        _, name = self.token(request)
        given = await web.read_json(request)
        try:
            await run_in_threadpool(self.table.answer, name, given)
        except RuleViolation as error:
            raise web.Answer(422, refusal=error) from None
        return JSONResponse({"ok": True})

    def routes(self) -> list[Route]:
        return [
            Route("/join/{code}", self.join, methods=["POST"]),
            Route("/api/me", self.state),
            Route("/api/me/act", self.act, methods=["POST"]),
            Route("/api/me/choose", self.choose, methods=["POST"]),
            Route("/api/seat/{token}", self.state),
            Route("/api/seat/{token}/act", self.act, methods=["POST"]),
            Route("/api/seat/{token}/choose", self.choose, methods=["POST"]),
        ]
