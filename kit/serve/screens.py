"""The pages' endpoints: the table's shared screen, the room code's pages, a seat's page and
the host's, each drawn (kit/serve/pages.py) from what its reader may see."""
from __future__ import annotations

import urllib.parse

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from kit.serve import forms as form_specs
from kit.serve import pages, web
from kit.serve.host import Host
from kit.serve.seats import Seats, device_of, remember
from kit.serve.table import Table, round_of, undo_refusal, view


class Screens:
    def __init__(self, table: Table, base_url: str | None, seats: Seats, host: Host):
        self.table, self.base_url, self.seats, self.host = table, base_url, seats, host

    def link_base(self, request: Request) -> str:
        return (self.base_url or str(request.base_url)).rstrip("/")

    def join_links(self, request: Request) -> list[tuple[str, str]]:
        base = self.link_base(request)
        return [(name, f"{base}/seat/{token}") for name, token in self.table.tokens["seats"].items()]

    async def page_for(self, request: Request, viewer: str | None = None, *, post: str | None = None,
                       host: bool = False, story: bool = False) -> pages.Page:
        """What a page shows; story=True: with the story so far (the table page)."""
        table = self.table
        session = await run_in_threadpool(table.session, story)
        state = session.state
        lang = web.language(request)
        return pages.Page(
            lang=lang, game=session.game, state=view(session.game, state, viewer),
            line=session.next_line() - 1, path=request.url.path, post=post, seat=viewer, host=host,
            can_undo=viewer is not None and undo_refusal(session, viewer) is None,
            answers=table.answers.get(round_of(state), {}).get(viewer, {}) if viewer else {},
            story=await run_in_threadpool(table.story, session, lang) if story else None,
            screen=(form_specs.seat_screen(session, viewer, list(request.query_params.multi_items())) if viewer
                    else form_specs.host_screen(session) if host else None),
            doors=table.doors, open=table.tokens["open"])

    async def table_page(self, request: Request) -> Response:
        code = self.table.tokens["room"]
        return web.html(request, pages.table_page(await self.page_for(request, story=True), code,
                                                  f"{self.link_base(request)}/join/{code}"))

    async def room_page(self, request: Request) -> Response:
        typed = "".join(request.query_params.get("code", "").split()).upper()
        if typed:
            return RedirectResponse(f"/join/{urllib.parse.quote(typed, safe='')}", status_code=303)
        return web.html(request, pages.room_page(await self.page_for(request)))

    async def join_page(self, request: Request) -> Response:
        code = self.seats.room(request)
        device, new = device_of(request)
        held = [] if new else self.table.held_by(device)
        return web.html(request, pages.join_page(await self.page_for(request), code, list(self.table.tokens["held"]),
                                                 held[-1] if held else None))

    async def seat_page(self, request: Request) -> Response:
        """A seat's page: opening its link takes the seat for this device (SCOREKEEPER.md,
        "Seats, devices and the host"); /me is the seat this device took last."""
        if "token" not in request.path_params:
            device, new = device_of(request)
            if new or not (self.table.held_by(device) or self.table.released(device)):
                return RedirectResponse("/join", status_code=303)   # no seat on this device (yet)
        seated = await self.seats.seat(request, take=True)
        post = f"/api/seat/{request.path_params['token']}/act" if "token" in request.path_params else "/api/me/act"
        return remember(web.html(request, pages.seat_page(await self.page_for(request, seated.name, post=post))), seated)

    async def host_page(self, request: Request) -> Response:
        token = self.host.token(request)
        page = await self.page_for(request, post=f"/api/host/{token}/act", host=True)
        return web.html(request, pages.host_page(page, self.join_links(request), self.table.tokens["held"],
                                                 f"/host/{token}"))

    async def state(self, request: Request) -> Response:
        session = await run_in_threadpool(self.table.session)
        return JSONResponse(view(session.game, session.state))

    def routes(self) -> list[Route]:
        return [
            Route("/", self.table_page),
            Route("/join", self.room_page),
            Route("/join/{code}", self.join_page),
            Route("/me", self.seat_page),
            Route("/seat/{token}", self.seat_page),
            Route("/host/{token}", self.host_page),
            Route("/api/state", self.state),
        ]
