"""Each source's fair share of the server (SCOREKEEPER.md, "Seats, devices and the host": limits
per source address and per seat, with room kept for the held seats).

A request's source is the seat its device holds (the `kit-device` cookie naming a device
that holds a seat), else the host's link, else its address. Each source has its own event
streams and its own requests under way, whatever the others do: a client holding as many
streams and requests as it can from many addresses fills its own shares, not the server,
and a seated phone never waits for its address's anonymous traffic. A source over its share
is answered 503 with `Retry-After`, and its connection is closed (it comes back through
the connections' own limits, kit/serve/run.py). Plain ASGI, so the event stream passes
through unbuffered. (Connections are counted before any request is read, so by address
only: a phone that shares its address with a flooding client, behind one router, shares
that address's connections too; on a table's Wi-Fi each phone has an address of its own.)

The numbers count what one real device does: a browser opens at most six connections to a
server (so six requests under way at once); a page load is about five requests and its
stream; after each entry every page refreshes. No limit on how many requests a source makes
one after another: a client that waits for each answer takes its turn with the others.
"""
from __future__ import annotations

import asyncio
import secrets
from collections import deque
from dataclasses import dataclass, field

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from kit.i18n import N_
from kit.serve import web

# Requests of one source under way at once: a browser's six connections to one server.
RUNNING = 6
# Requests under way in all over which the server is busy: then an address (anonymous) has
# one under way at a time, a held seat and the host still their RUNNING. Eight phones
# refreshing after an entry have about 16 under way, the table's screen and the host's page
# a few more. So a client flooding from many addresses has one request of each under way,
# not six, and what each costs the others is one request's turn.
BUSY = 24
# And waiting their turn behind those: the table's machine loading its pages in a few tabs
# and browsers at once (4 pages of 6 requests). One more is refused for load.
WAITING = 24
# Event streams one address holds (anonymous pages: the table's screen, the host's page, a
# few tabs or browsers of the table's machine, a page reconnecting while its old stream
# closes), and one held seat (its phone's page, and that page reconnecting, in two tabs).
ADDRESS_STREAMS = 8
SEAT_STREAMS = 4
# What a refusal for load asks the client to wait, in seconds (an EventSource's own retry
# is one second; a person taps again after a few).
RETRY_SECONDS = 2
STREAM_PATH = "/api/events"


@dataclass
class Share:
    """One source's streams and requests at this moment."""

    streams: int = 0
    running: int = 0
    waiting: deque[asyncio.Future[None]] = field(default_factory=deque)   # the futures of requests waiting their turn

    def idle(self) -> bool:
        return not (self.streams or self.running or self.waiting)


class Fairness:
    """Keep each source (a held seat, the host, else an address) within its share."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.shares: dict[tuple[str, str], Share] = {}
        self.running = 0   # requests under way, of every source (streams aside)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        source = self.source(scope)
        share = self.shares.setdefault(source, Share())
        try:
            if scope["path"] == STREAM_PATH:
                if share.streams >= (ADDRESS_STREAMS if source[0] == "address" else SEAT_STREAMS):
                    return await refuse(scope, receive, send)
                share.streams += 1
                try:
                    return await self.app(scope, receive, send)
                finally:
                    share.streams -= 1
            if share.waiting or not self.may_run(source, share):
                if len(share.waiting) >= WAITING:
                    return await refuse(scope, receive, send)
                turn = asyncio.get_running_loop().create_future()
                share.waiting.append(turn)
                try:
                    await turn   # started by `ended` (below): counted already
                except BaseException:
                    if turn in share.waiting:
                        share.waiting.remove(turn)
                    elif not turn.cancelled():   # given its turn and cancelled at once: it ends here
                        self.ended(share)
                    raise
            else:
                self.start(share)
            try:
                await self.app(scope, receive, send)
            finally:
                self.ended(share)
        finally:
            if share.idle() and self.shares.get(source) is share:
                del self.shares[source]

    def may_run(self, source: tuple[str, str], share: Share) -> bool:
        """Whether one more request of `source` may start now (see BUSY)."""
        if source[0] == "address" and self.running >= BUSY:
            return share.running < 1
        return share.running < RUNNING

    def start(self, share: Share) -> None:
        share.running += 1
        self.running += 1

    def ended(self, share: Share) -> None:
        """A request ended: the next ones waiting start, the sources with the fewest under
        way first."""
        share.running -= 1
        self.running -= 1
        for source, other in sorted(((s, o) for s, o in self.shares.items() if o.waiting),
                                    key=lambda item: item[1].running):
            while other.waiting and self.may_run(source, other):
                turn = other.waiting.popleft()
                if not turn.done():
                    self.start(other)
                    turn.set_result(None)

    @staticmethod
    def source(scope: Scope) -> tuple[str, str]:
        """Whose share a request counts in: ("seat", name), ("host", ""), ("address", a)."""
        table = scope["app"].state.table
        request = Request(scope)
        device = request.cookies.get(web.DEVICE_COOKIE)
        if device:
            held = table.held_by(device)
            if held:
                return ("seat", held[-1])
        parts = scope["path"].split("/")   # /host/TOKEN..., /api/host/TOKEN/act
        token = parts[2] if parts[1:2] == ["host"] else parts[3] if parts[1:3] == ["api", "host"] and len(parts) > 3 else ""
        if token and secrets.compare_digest(token.encode(), table.tokens["host"].encode()):
            return ("host", "")
        client = scope.get("client")
        return ("address", client[0] if client else "")


async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
    """503 for load, with Retry-After, the connection closed."""
    request = Request(scope, receive)
    response = await web.answer(request, web.Answer(503, N_("Too many requests from this device at once: try again "
                                                            "in a few seconds.")))
    response.headers["Retry-After"] = str(RETRY_SECONDS)
    response.headers["Connection"] = "close"
    await response(scope, receive, send)
