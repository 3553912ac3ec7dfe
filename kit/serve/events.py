"""The live events: each page's stream of the session's changed lines (and of the seats' and
the room's changes), fed by the table's watcher of the session file."""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from kit.serve.table import Table


class Events:
    def __init__(self, table: Table):
        self.table = table

    async def stream(self, request: Request) -> Response:
        table = self.table
        queue = table.listen()
        # Set by sse-starlette when the server stops: the stream then ends cleanly (a closed
        # response), and each page's EventSource reconnects to the restarted server.
        stopping = anyio.Event()

        async def lines() -> AsyncIterator[dict[str, Any]]:
            try:
                line: int | None = table.line   # the current line at once: a page reconnecting catches up
                while line is not None:
                    yield {"data": json.dumps({"line": line, "doors": table.doors}), "id": str(line), "retry": 1000}
                    line = await next_change(queue, stopping)
            finally:
                table.forget(queue)

        return EventSourceResponse(lines(), ping=15, shutdown_event=stopping, shutdown_grace_period=1)

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The table watches its session file while the server runs."""
        watcher = asyncio.create_task(self.table.watch())
        try:
            yield
        finally:
            watcher.cancel()

    def routes(self) -> list[Route]:
        return [Route("/api/events", self.stream)]


async def next_change(queue: asyncio.Queue[int], stopping: anyio.Event) -> int | None:
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
