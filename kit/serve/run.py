"""`serve()`: bind, print the links (and their QR codes), run uvicorn until Ctrl-C."""
from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Callable, TextIO

import segno
import uvicorn

from kit.i18n import _
from kit.serve.app import create_app

# An address on no network we use: "connecting" a UDP socket to it sends nothing, but makes
# the system choose the interface (and so the address) other machines reach us at.
_ROUTE_PROBE = ("10.254.254.254", 9)


def lan_address() -> str:
    """This machine's address on its local network, as phones should use it."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_ROUTE_PROBE)
        return probe.getsockname()[0]
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


def links(base: str, tokens: dict) -> list[tuple[str, str]]:
    """The contract's printed lines as (label, link): Table, Host, then each seat."""
    return [("Table", f"{base}/"), ("Host", f"{base}/host/{tokens['host']}")] + [
        (name, f"{base}/seat/{token}") for name, token in tokens["seats"].items()]


def serve(path: Path, host: str = "127.0.0.1", port: int = 8000, lan: bool = False,
          out: TextIO = sys.stdout, qr: bool = True, on_bound: Callable[[], None] | None = None) -> None:
    bind_host = "0.0.0.0" if lan else host
    sock = bind(bind_host, port)
    port = sock.getsockname()[1]
    shown = lan_address() if lan else host
    base = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}"
    app = create_app(path, base_url=base)
    lines = links(base, app.state.table.tokens)
    for label, link in lines:
        out.write(f"{label}: {link}\n")
    if lan:
        out.write(_("Phones on this network open the links above; this machine can also use "
                    "{address}.").format(address=f"http://127.0.0.1:{port}/") + "\n")
    if qr:
        for label, link in lines[2:]:
            out.write(f"\n{label}:\n")
            segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    out.write(_("Serving until Ctrl-C.") + "\n")
    out.flush()
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2,
                            access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
