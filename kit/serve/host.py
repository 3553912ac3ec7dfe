"""The host's endpoints: entries for anyone, a seat freed, the table closed to new phones,
a new room code."""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from kit.i18n import N_
from kit.serve import web
from kit.serve.entries import enter
from kit.serve.table import Table


class Host:
    def __init__(self, table: Table):
        self.table = table

    def token(self, request: Request) -> str:
        token: str = request.path_params["token"]
        if not self.table.is_host(token):
            raise web.Answer(404, N_("This is not the host's link."))
        return token

    async def free(self, request: Request) -> Response:
        """The host frees a seat: the device holding it loses it at once, and the next device
        that asks for it (its new link, or the room code) takes it."""
        token = self.token(request)
        name = (await web.read_form(request)).get("seat", "")
        if name not in self.table.tokens["seats"]:
            raise web.Answer(422, N_("There is no seat named {name}."), name=name)
        await run_in_threadpool(self.table.free, name)
        self.table.doors_moved()
        return RedirectResponse(f"/host/{token}", status_code=303)

    async def doors(self, request: Request) -> Response:
        """The host closes the table to new phones (everyone is here), or opens it again."""
        token = self.token(request)
        asked = (await web.read_form(request)).get("open", "")
        if asked not in ("1", "0"):   # 1: open, 0: closed
            raise web.Answer(422, N_("Tap the button shown."), back=(f"/host/{token}", N_("Back to the host's page")))
        await run_in_threadpool(self.table.open_doors, asked == "1")
        self.table.doors_moved()
        return RedirectResponse(f"/host/{token}", status_code=303)

    async def room(self, request: Request) -> Response:
        """The host gives the room a new code: the old one, read by someone who should not
        join, opens nothing; the seats held stay held."""
        token = self.token(request)
        await web.read_form(request)
        await run_in_threadpool(self.table.new_room)
        self.table.doors_moved()
        return RedirectResponse(f"/host/{token}", status_code=303)

    async def act(self, request: Request) -> Response:
        self.token(request)
        return await enter(self.table, request, None)

    def routes(self) -> list[Route]:
        return [
            Route("/host/{token}/free", self.free, methods=["POST"]),
            Route("/host/{token}/doors", self.doors, methods=["POST"]),
            Route("/host/{token}/room", self.room, methods=["POST"]),
            Route("/api/host/{token}/act", self.act, methods=["POST"]),
        ]
