"""Shared pieces of the table server's tests: sessions, the secrets to look for, page text."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import httpx2 as httpx  # what Starlette's TestClient uses; plain httpx is not installed by the test extra
from untraced import untraced

from scorekeeper import session as sessions

REPO = Path(__file__).resolve().parents[3]
# A printed link: "Alice: http://127.0.0.1:PORT/seat/TOKEN".
LINK = re.compile(r"^(?P<label>[^:]+): (?P<url>http://127\.0\.0\.1:\d+/(?:(?:host|seat)/[A-Za-z0-9_-]{32,})?)$")
HOC_PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
               {"name": "Chloé", "role": "luceres"}]
# Round 1 in the open, then two of round 2's three ballots cast. The numbers are chosen to
# appear nowhere else on a page, so finding one where it must not be is a leak.
ROUND_ONE = {"action": "vote", "pour": {"Alice": 37, "Chloé": 19}, "contre": {"Bob": 23}, "colour": "bleu"}
PENDING = {"Alice": {"pour": 41, "contre": 0}, "Bob": {"pour": 0, "contre": 29}}
# What only each player may see once those are played.
SECRETS = {
    "Alice": {"numbers": {63, 41}, "texts": ("hold 5 seals", "Titienses")},
    "Bob": {"numbers": {77, 29}, "texts": ("hold 4 gold", "Ramnes")},
    "Chloé": {"numbers": {81}, "texts": ("winning side in 3 votes", "Luceres")},
}


def new_hoc(path: Path) -> Path:
    sessions.create(path, "hoc-censeo", [dict(p) for p in HOC_PLAYERS])
    return path


class _Text(HTMLParser):
    """The text a person reads on a page (no markup, no SVG drawing, no script)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._glue = False   # a name's <bdi> is inside the words around it: no space added

    def handle_starttag(self, tag, attrs):
        if tag == "bdi":
            self._glue = True
        if tag in ("svg", "script", "style"):
            self._skip += 1
        for name, value in attrs:   # what a page says in attributes is read too (aria-label)
            if name in ("aria-label", "title", "value", "alt") and value and not self._skip:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag == "bdi":
            self._glue = True
        if tag in ("svg", "script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            if self._glue and self.parts:
                self.parts[-1] += data
            else:
                self.parts.append(data)
            self._glue = False


def page_text(html: str) -> str:
    return untraced(_read, html)   # html.parser only, none of the project's code


def _read(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def numbers_in(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.])", text)}


class Server:
    """`python -m kit score serve FILE --port PORT` as a subprocess, and the links it printed
    (port 0: any free port; a restart passes the port it had, so open pages reconnect)."""

    def __init__(self, path: Path, port: int = 0):
        env = {**os.environ, "LANG": "en_US.UTF-8", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kit", "score", "serve", str(path), "--port", str(port), "--no-qr"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.printed: list[str] = []
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + 30
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.printed.append(line)
            match = LINK.match(line)
            if match:
                self.links[match["label"]] = match["url"]
            if line.startswith("Serving until Ctrl-C") or time.monotonic() > deadline:
                break
        assert "Table" in self.links, (self.printed, self.process.stderr.read() if self.process.poll() else "")
        self.base = self.links["Table"].rstrip("/")
        self.port = int(self.base.rsplit(":", 1)[1])
        wait_until_up(self.base)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=15)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            # Pipes left open warn when collected (ResourceWarning), in whichever test runs then.
            self.process.stdout.close()
            self.process.stderr.close()


def wait_until_up(base: str) -> None:
    deadline = time.monotonic() + 15
    while True:
        try:
            httpx.get(base + "/api/state", timeout=2)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def picture(page, path) -> None:
    """Keep a screenshot as a test artefact for a person to look at. It proves nothing, so a
    screenshot that Chromium does not finish in time (seen once for a full host page in a
    whole-suite run) must not fail the test: the assertions around it do the checking."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.screenshot(path=str(path), full_page=True, timeout=30_000)


def served(path, *flags: str, stderr: int | None = subprocess.PIPE) -> tuple[subprocess.Popen, list[str]]:
    """`kit score serve FILE --port 0 --no-qr FLAGS` in English, and what it printed up to
    "Serving" (its stderr in a pipe unless told otherwise, for the tests that read the host's
    terminal)."""
    process = subprocess.Popen([sys.executable, "-m", "kit", "score", "serve", str(path), "--port", "0", "--no-qr",
                                *flags], cwd=REPO, stdout=subprocess.PIPE, stderr=stderr, text=True,
                               env={**os.environ, "LANG": "en_US.UTF-8", "PYTHONUNBUFFERED": "1"})
    printed = []
    for line in process.stdout:
        printed.append(line.rstrip("\n"))
        if line.startswith("Serving until"):
            break
    return process, printed
