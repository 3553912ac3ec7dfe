"""An entry a page sends, for a seat or for the host: appended through the table, answered
with its line and what it did, or with the refusal in words its sender may read."""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from kit.serve import web
from kit.serve.story import said
from kit.serve.table import Table, own_entry
from scorekeeper import session as sessions
from scorekeeper.errors import Forbidden, RuleViolation


async def enter(table: Table, request: Request, seat: str | None) -> Response:
    """The request's action entered for `seat` (None: by the host)."""
    action = await web.read_json(request)
    try:
        session = await run_in_threadpool(table.act, action, seat)
    except Forbidden as error:
        raise web.Answer(403, refusal=error) from None
    except sessions.SessionError as error:   # locked or unwritable: not the rules' refusal
        raise web.Answer(503, refusal=web.named_only(error)) from None
    except RuleViolation as error:
        # A seat sees the values of its own entry; the host's screen and the magistrate's
        # resolve show the rule broken, never another player's secret value.
        current = await run_in_threadpool(table.session)
        own = seat is not None and own_entry(current.game, seat, action, current.state)
        raise web.Answer(422, refusal=error, reveal=own) from None
    line = session.entries[-1].line
    table.announce(line)
    # what the entry did, for the page that sent it (a challenge's verdict, not "Saved.")
    told = await run_in_threadpool(said, session, web.language(request))
    return JSONResponse({"ok": True, "line": line, "told": told})
