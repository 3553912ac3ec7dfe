"""untraced(function, *args): the test's own reading (a PDF's characters, a page's text, the
language checker) run without the coverage tracer of `pytest --cov`; `TestClient`: Starlette's,
its own side of each request run so.

On Python 3.11 a trace function slows every line the interpreter runs, whichever file it is
in and whatever coverage counts of it (some 3.5 times, in pdfium's wrappers, pdfplumber and
html.parser alike), while coverage counts only kit/ and scorekeeper/. A call that runs none
of their code can go untraced and the report does not change: wrap nothing else. The tracer
is set back on return, from the frame that took it away, so the tracer sees every call it saw
begin end (coverage's tracer is made to be set again with sys.settrace, and puts itself back
in place at the next call); only this thread's tracer is taken away.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import httpx2 as httpx  # what Starlette's TestClient uses
import starlette.testclient

T = TypeVar("T")


def untraced(function: Callable[..., T], *args, **kwargs) -> T:
    tracer = sys.gettrace()
    sys.settrace(None)
    try:
        return function(*args, **kwargs)
    finally:
        sys.settrace(tracer)


class TestClient(starlette.testclient.TestClient):
    """Starlette's TestClient, its own work (httpx: the request built and sent, the answer
    read, the cookies kept) done untraced. The app it drives runs in the client's portal
    thread, which keeps the tracer it started with: what the app runs of kit/ is counted as
    before, and a test's request no longer pays the trace function on the client's side
    too (a page fetched took a fifth less time under `pytest --cov`, the report the same)."""

    def send(self, *args: Any, **kwargs: Any) -> httpx.Response:
        return untraced(super().send, *args, **kwargs)
