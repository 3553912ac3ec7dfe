"""`serve()`: bind, print the links (and their QR codes), run uvicorn until Ctrl-C."""
from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
from pathlib import Path
from typing import Any, TextIO

import h11
import segno
import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from kit.i18n import _
from kit.serve.app import create_app
from kit.serve.web import MAX_BODY
from scorekeeper import session as sessions

# How long a connection may take to send a request's headers, and stay idle between two
# requests: a phone sends its headers in one packet; a client that trickles them, or opens
# connections and sends nothing, is let go after this.
PATIENCE_SECONDS = 10.0
# Connections held at once: the 6 to 8 phones of a table, their tabs and a few page loads
# each, with room to spare (200 idle connections cost ~10 MB). One more takes the place of
# one of the client holding the most (GuardedH11._victim), or is closed at once.
MAX_CONNECTIONS = 512
# Connections one client (one address) holds at once: a phone's browser holds at most 6 per
# server, the table's machine a few browsers and tabs; one more from that address is closed
# at once, so a client holding or churning hundreds of streams leaves the others their room.
CLIENT_SHARE = 48
# And how fast one client may open new ones: a burst of CLIENT_BURST (four pages loading at
# once, each with a browser's six connections and its stream), then CLIENT_RATE a second (a
# browser keeps its connections open between requests: a page reloaded opens few, if any).
# Each connection served costs the event loop a request's work; one closed at once costs next
# to nothing, so a client opening streams without end cannot take the loop's time from the
# phones either. At 64 then 32 a second, a client flooding from 13 addresses had 400 refusals
# a second written and the phones waited about a second for a page (benchmarks/serve.py);
# at 32 then 8, a tenth of that.
CLIENT_BURST = 32
CLIENT_RATE = 8.0
# The share of MAX_CONNECTIONS over which that rate applies: a table of 8 phones, each
# browser with its 6 connections, the table's screen and the host's page hold about 60.
CROWDED = 0.25
LOOPBACK = ("127.0.0.1", "localhost", "::1")

# An address on no network we use: "connecting" a UDP socket to it sends nothing, but makes
# the system choose the interface (and so the address) other machines reach us at.
_ROUTE_PROBE = ("10.254.254.254", 9)


def lan_address() -> str:
    """This machine's address on its local network, as phones should use it."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_ROUTE_PROBE)
        address: str = probe.getsockname()[0]   # (host, port) of an AF_INET socket
        return address
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket on (host, port); port 0 picks a free one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Answers go out in two writes (headers, then body): without TCP_NODELAY, which accepted
    # connections inherit from this socket, the second waits for the phone's delayed ACK and
    # every request on a kept-alive connection took ~44 ms instead of ~0.5 ms (measured).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


class Shares:
    """One server's connections by client address, and each client's budget of new ones."""

    def __init__(self) -> None:
        self.held: dict[str | None, set[GuardedH11]] = {}
        # Each client's budget of new connections: address -> (connections left, when counted).
        self.budgets: dict[str, tuple[float, float]] = {}

    def count(self, address: str | None) -> int:
        return len(self.held.get(address, ()))

    def add(self, connection: GuardedH11) -> None:
        self.held.setdefault(connection.address, set()).add(connection)

    def remove(self, connection: GuardedH11) -> None:
        mine = self.held.get(connection.address)
        if mine is not None:
            mine.discard(connection)
            if not mine:
                del self.held[connection.address]


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's headers, a cap on the
    connections held, and each client's share of them (CLIENT_SHARE). uvicorn arms its
    keep-alive timer only after a first answer, and cancels it on the first byte of the next
    request; its limit_concurrency answers 503 only once a request's headers are complete.
    So a client that opens a connection and sends half a request was held forever (300 such
    were all still open after 25 s), and one client churning 600 event streams filled the
    cap: the phones' requests were refused (benchmarks/serve.py: 0 of 16 answered).

    When the cap is full, a new connection from a client holding fewer than the client
    holding the most takes the place of one of the latter's (max-min fairness): a client
    holding as many connections as it can from 13 addresses filled the cap, and every other
    request was refused (0 of 30); now its own addresses make the room. uvicorn's own check
    of the cap is left out: it answered 503 to every request while the cap was full, as it is
    whenever a connection takes another's place."""

    _deadline: asyncio.TimerHandle | None = None
    address: str | None = None   # the client's, as its share is counted
    since = 0.0                  # when the connection was made (the oldest goes first)

    def __init__(self, config: uvicorn.Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.cap = self.limit_concurrency
        self.limit_concurrency = None   # the cap is kept at connection_made, below
        state = vars(server_state)   # uvicorn's state of the server: one count for all its connections
        shares = state.get("kit_shares")
        if shares is None:
            shares = state["kit_shares"] = Shares()
        self.shares: Shares = shares

    # uvicorn's own H11Protocol narrows asyncio's BaseTransport to Transport the same way.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        held = self.shares.count(address)
        if address is not None and held >= CLIENT_SHARE:
            transport.close()   # this client's share is taken: the others keep theirs
            return              # (not counted, so its connection_lost finds nothing to undo)
        victim = None
        if self.cap is not None and len(self.connections) >= self.cap:
            victim = self._victim(address, held)
            if victim is None:   # no client holds more than this one: it waits its turn
                transport.close()
                return
        if address is not None and self._crowded() and not self._within_rate(address):
            transport.close()
            return
        if victim is not None:
            victim._let_go()
        self.address, self.since = address, self.loop.time()
        self.shares.add(self)
        super().connection_made(transport)
        self._wait_for_request()

    def _victim(self, address: str | None, held: int) -> GuardedH11 | None:
        """The connection to close for one more from `address` (holding `held`): one of the
        client holding the most, if it holds at least two more than `address` (so two
        clients holding as many never take each other's in turn); its idle connection
        first, then its event stream, then one that has sent no request yet, and the
        request under way last; the oldest first."""
        most, theirs = max(((len(mine), mine) for other, mine in self.shares.held.items() if other != address),
                           key=lambda counted: counted[0], default=(0, set()))
        if most < held + 2:
            return None
        return min(theirs, key=lambda connection: (connection._rank(), connection.since))

    def _rank(self) -> int:
        cycle = self.cycle
        if cycle is None:
            return 2                       # no request yet (it would be let go at the deadline)
        if cycle.response_complete:
            return 0                       # idle between two requests
        if self.scope is not None and self.scope.get("path") == "/api/events":
            return 1                       # an event stream: its page reconnects
        return 3

    def _let_go(self) -> None:
        """Close this connection to make room for another client's (see _victim)."""
        self.connections.discard(self)
        self.shares.remove(self)
        if self.cycle is None or self.cycle.response_complete:
            with contextlib.suppress(h11.LocalProtocolError):
                self.conn.send(h11.ConnectionClosed())
        self.transport.close()

    def _crowded(self) -> bool:
        """Whether the server holds more connections than a table ever needs (CROWDED of its
        cap): only then is a client's rate of new connections limited, so a script asking
        one request per connection on a quiet server (curl in a loop, a test) is served as
        before, and a flood, which fills the cap, meets the limit at once."""
        return self.cap is not None and len(self.connections) >= self.cap * CROWDED

    def _within_rate(self, address: str) -> bool:
        """Whether one more connection from `address` is within its rate (CLIENT_BURST then
        CLIENT_RATE a second opened), counting it if so."""
        budgets = self.shares.budgets
        now = self.loop.time()
        left, counted = budgets.get(address, (float(CLIENT_BURST), now))
        left = min(float(CLIENT_BURST), left + (now - counted) * CLIENT_RATE)
        if left < 1:
            budgets[address] = (left, now)
            return False
        if len(budgets) >= 4096:   # addresses seen long ago: a full budget again anyway
            budgets.clear()
        budgets[address] = (left - 1, now)
        return True

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        if self.transport is not None:   # a connection over the cap was never counted
            self.shares.remove(self)
            super().connection_lost(exc)

    def _wait_for_request(self) -> None:
        """Give the next request's headers until the deadline: a new cycle by then (the
        headers complete) keeps the connection, whatever that request then takes."""
        if self._deadline is not None:
            self._deadline.cancel()
        waiting_since = self.cycle
        self._deadline = self.loop.call_later(self.timeout_keep_alive, self._give_up, waiting_since)

    def _give_up(self, waiting_since: object) -> None:
        if self.cycle is waiting_since and not self.transport.is_closing():
            if self.conn.our_state in (h11.IDLE, h11.DONE):
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()


def server_config(app: ASGIApp, patience: float = PATIENCE_SECONDS, max_connections: int = MAX_CONNECTIONS) -> uvicorn.Config:
    """How uvicorn runs the table server: the guarded protocol, its deadline and cap."""
    return uvicorn.Config(app, http=GuardedH11, log_level="warning", lifespan="on", timeout_graceful_shutdown=2,
                          access_log=False, limit_concurrency=max_connections,
                          # uvicorn annotates it int, and waits it out with asyncio's call_later: seconds, any float
                          timeout_keep_alive=patience,  # type: ignore[arg-type]
                          # a request line and headers over this are refused with 400
                          h11_max_incomplete_event_size=MAX_BODY)


def links(base: str, tokens: sessions.Tokens) -> list[tuple[str, str]]:
    """The contract's printed lines as (label, link): Table, Host, then each seat."""
    return [("Table", f"{base}/"), ("Host", f"{base}/host/{tokens['host']}")] + [
        (name, f"{base}/seat/{token}") for name, token in tokens["seats"].items()]


def serve(path: Path, host: str | None = None, port: int = 8000, lan: bool = False,
          out: TextIO = sys.stdout, qr: bool = True) -> None:
    """Serve the session at `path`: on `host` (127.0.0.1 by default; under `lan`, every
    interface unless a host is given), printing the links, until Ctrl-C."""
    for private in sessions.make_private(path):
        out.write(_("{path} could be read by other users of this machine; it is now yours only (0600).")
                  .format(path=private) + "\n")
    bind_host = host or ("0.0.0.0" if lan else "127.0.0.1")
    sock = bind(bind_host, port)
    port = sock.getsockname()[1]
    everywhere = bind_host in ("0.0.0.0", "::")
    shown = lan_address() if everywhere else bind_host   # the address phones use
    base = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}"
    app = create_app(path, base_url=base, hosts=sorted({shown, bind_host, *LOOPBACK} - {"0.0.0.0", "::"}))
    lines = links(base, app.state.table.tokens)
    for label, link in lines:
        out.write(f"{label}: {link}\n")
    if lan and everywhere:   # the loopback is served too only when every interface is
        out.write(_("Phones on this network open the links above; this machine can also use "
                    "{address}.").format(address=f"http://127.0.0.1:{port}/") + "\n")
    if lan:
        out.write(_("The traffic is plain HTTP on the local network: anyone on it can read it. "
                    "Play on a network you trust.") + "\n")
    if shown in LOOPBACK or shown.startswith("127."):
        out.write(_("Phones cannot reach {address}, which is this machine only: to play with phones, serve "
                    "with --lan and without --host (the phones on this machine's Wi-Fi).").format(address=shown) + "\n")
    join = f"{base}/join/{app.state.table.tokens['room']}"
    out.write(_("Join: {link} (room code {code}: the table page shows it with its QR code; each phone "
                "taps its name)").format(link=join, code=app.state.table.tokens["room"]) + "\n")
    if qr:   # the room's code only: a seat's own QR code on a screen others see would open that seat
        out.write("\n")
        segno.make(join, error="m").terminal(out=out, compact=True, border=2)
    out.write(_("Serving until Ctrl-C.") + "\n")
    out.flush()
    uvicorn.Server(server_config(app)).run(sockets=[sock])
