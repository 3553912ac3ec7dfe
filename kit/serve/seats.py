"""The seats' endpoints: a device takes a seat (its printed link, or the room code and a
name), then acts and answers as that seat (SCOREKEEPER.md, "Seats, devices and the host").

A seat is held by one device at a time. The device is known by a secret of its own, kept in
a cookie (HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it),
never by the seat's link token: whoever reads a room code or a name learns nothing that acts.
Another device asking for a held seat, by its link, by code or by name, is refused (409)
until the host frees it."""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from kit.i18n import N_
from kit.serve import web
from kit.serve.entries import enter
from kit.serve.table import Table, view
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

DEVICE_DAYS = 30          # a phone keeps its seat across an evening, a week's campaign, a restart
DEVICE_MIN_LENGTH = 32    # a device's own secret: one shorter was not made by this server


@dataclass(frozen=True)
class Seated:
    """Who a request acts for: the seat's player, and the device secret to give the browser
    (`new`: it had none; set on the answer with `remember`)."""

    name: str
    device: str
    new: bool = False


def device_of(request: Request) -> tuple[str, bool]:
    """The requesting browser's device secret, or a new one (and True) when it has none."""
    device = request.cookies.get(web.DEVICE_COOKIE, "")
    if len(device) >= DEVICE_MIN_LENGTH and device.isascii() and device.replace("-", "").replace("_", "").isalnum():
        return device, False
    return secrets.token_urlsafe(sessions.TOKEN_BYTES), True


def remember(response: Response, seated: Seated) -> Response:
    """Give the browser its device secret, where it had none."""
    if seated.new:
        response.set_cookie(web.DEVICE_COOKIE, seated.device, max_age=DEVICE_DAYS * 24 * 3600, httponly=True,
                            samesite="strict", path="/")
    return response


def browsing(request: Request) -> bool:
    """Whether a person's browser opens the page (a navigation, or a page asked for as
    HTML), not a script fetching it once: only a browser keeps the cookie that holds the
    seat, so a script reading a seat's page leaves the seat free for its phone."""
    return (request.headers.get("sec-fetch-mode") == "navigate"
            or "text/html" in request.headers.get("accept", ""))


def taken(name: str, back: tuple[str, str] | None = None) -> web.Answer:
    return web.Answer(409, N_("{name}'s seat is taken: ask the host to free it."), name=name, back=back)


def released(name: str) -> web.Answer:
    return web.Answer(403, N_("The host has freed {name}'s seat: this device no longer holds it. To play again, join "
                              "with the room code shown on the table."), name=name, back=("/join", N_("Type the room code")))


class Seats:
    def __init__(self, table: Table):
        self.table = table

    async def seat(self, request: Request, *, take: bool = False) -> Seated:
        """The seat a request acts for: its link's (the link's seat, held by this device or
        by none; `take`: this device takes it, as opening the page does), else under /me the
        one this device took last. A script holding a seat's link (no browser: `browsing`)
        acts for it while no device holds it, and takes nothing."""
        device, new = device_of(request)
        freed = None if new else self.table.released(device)
        if "token" not in request.path_params:
            held = [] if new else self.table.held_by(device)
            if held:
                return Seated(held[-1], device)
            if freed is not None:
                raise released(freed)
            raise web.Answer(404, N_("This device holds no seat; join with the room code shown on the table."),
                             back=("/join", N_("Type the room code")))
        name = self.table.seat_of(request.path_params["token"])
        if name is None:
            if freed is not None:   # the link this device held, renewed when the host freed the seat
                raise released(freed)
            raise web.Answer(404, N_("There is no seat with this link; ask the host for yours."))
        hold = self.table.holder(name)
        if hold is None and take and browsing(request):
            if await run_in_threadpool(lambda: self.table.hold(name, device, by_code=False)) is not None:
                raise taken(name, ("/join", N_("Type the room code")))   # another device took it meanwhile
            self.table.doors_moved()
            return Seated(name, device, new)
        if hold is not None and (new or name not in self.table.held_by(device)):
            raise taken(name, ("/join", N_("Type the room code")))
        return Seated(name, device)

    def room(self, request: Request) -> str:
        code: str = request.path_params["code"].upper()
        if not secrets.compare_digest(code.encode(), self.table.tokens["room"].encode()):
            raise web.Answer(404, N_("This is not this table's room code; read it again on the table screen."),
                             back=("/join", N_("Type the room code")))
        return code

    async def join(self, request: Request) -> Response:
        """A phone taps a name: that seat is this device's, unless another device holds it
        or the host closed the doors."""
        code = self.room(request)
        back = (f"/join/{code}", N_("Back to the names"))
        name = (await web.read_form(request)).get("seat", "")
        if name not in self.table.tokens["seats"]:
            raise web.Answer(422, N_("Tap one of the names shown."), back=back)
        device, new = device_of(request)
        refused = await run_in_threadpool(lambda: self.table.hold(name, device, by_code=True))
        if refused == sessions.HOLD_TAKEN:
            raise taken(name, back)
        if refused == sessions.HOLD_CLOSED:
            raise web.Answer(403, N_("Everyone is here: no new phone can join. The host can open the table again."),
                             back=back)
        self.table.doors_moved()
        return remember(RedirectResponse("/me", status_code=303), Seated(name, device, new))

    async def state(self, request: Request) -> Response:
        name = (await self.seat(request)).name
        session = await run_in_threadpool(self.table.session)
        return JSONResponse(view(session.game, session.state, name))

    async def act(self, request: Request) -> Response:
        return await enter(self.table, request, (await self.seat(request)).name)

    async def choose(self, request: Request) -> Response:
        name = (await self.seat(request)).name
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
