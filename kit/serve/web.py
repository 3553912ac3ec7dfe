"""What the table server's endpoints share (kit/serve/app.py builds the application from
them; screens.py, seats.py, host.py, entries.py and fairness.py serve its addresses): the
early `Answer` and its rendering, the reader's language, a page's answer, a request's
JSON body or form read within bounds, the cookies' names. Nothing here imports an endpoint
or the application, so each endpoint module imports this one and never the app.
"""
from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from kit.i18n import LANGUAGES, N_, choose_language, translator
from kit.serve import pages
from scorekeeper import session as sessions
from scorekeeper.errors import ScorekeeperError

MAX_BODY = 16 * 1024   # a vote of a few players is under 300 bytes
BODY_SECONDS = 10      # a phone sends an action's body at once
LANG_COOKIE = "kit-lang"
DEVICE_COOKIE = "kit-device"   # a device's own secret, by which it holds its seats (kit/serve/seats.py)


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


def named_only(error: ScorekeeperError) -> ScorekeeperError:
    """`error` naming its session file by its name alone: a phone at the table reads it, and
    the folders of the host's machine (a home folder's user name) are none of its business."""
    path = error.params.get("path")
    if not isinstance(path, (str, os.PathLike)):
        return error
    return ScorekeeperError(error.message, public=error.public, **{**error.params, "path": Path(path).name})
