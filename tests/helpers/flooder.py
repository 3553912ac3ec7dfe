"""One client flooding the table server from many loopback addresses, as issue 44 measured the
attack: half-sent requests held open, event streams opened as fast as they close, and the
table page asked again as soon as it is answered. The flood test
(tests/kit/serve/test_serve_flood.py) and benchmarks/serve.py both run it as a script, so they
measure the same client:

    python tests/helpers/flooder.py HOST PORT [--addresses 13] [--silent 30] [--streams 600]
                                    [--pages 4] [--seconds S]

It holds SILENT half-sent requests from each of 127.0.0.1 to 127.0.0.ADDRESSES first, then
opens STREAMS event streams spread over those addresses and PAGES table-page loops from each.
Once every stream was answered, refused or closed at least once it prints « flooding »; it
stops when its standard input closes, or after SECONDS when given, printing what it got as
JSON (held, streams, pages, refused, closed). Loopback only: nothing leaves the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys

ERRORS = (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError)


class Flood:
    def __init__(self, host: str, port: int, addresses: int):
        self.host, self.port = host, port
        self.addresses = [f"127.0.0.{n}" for n in range(1, addresses + 1)]
        self.ask_stream = f"GET /api/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
        self.ask_page = f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
        self.got = {"held": 0, "streams": 0, "pages": 0, "refused": 0, "closed": 0}
        self.tried: set[int] = set()
        self.holding: set[int] = set()

    def address(self, number: int) -> str:
        return self.addresses[number % len(self.addresses)]

    async def connect(self, address: str):
        return await asyncio.wait_for(asyncio.open_connection(self.host, self.port, local_addr=(address, 0)), 5)

    async def stream(self, number: int) -> None:
        """An event stream, held until the server closes it, then another."""
        while True:
            writer = None
            try:
                reader, writer = await self.connect(self.address(number))
                writer.write(self.ask_stream)
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
                if head.startswith(b"HTTP/1.1 200"):
                    self.got["streams"] += 1
                    self.tried.add(number)
                    while await reader.read(4096):
                        pass
                else:
                    self.got["refused"] += 1
            except ERRORS:
                self.got["closed"] += 1
            finally:
                self.tried.add(number)
                if writer is not None:
                    writer.close()
            await asyncio.sleep(0.25)

    async def pages(self, address: str) -> None:
        """The table page, asked again on the same connection as soon as it is answered."""
        while True:
            writer = None
            try:
                reader, writer = await self.connect(address)
                while True:
                    writer.write(self.ask_page)
                    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
                    length = re.search(rb"(?i)content-length: *(\d+)", head)
                    await reader.readexactly(int(length.group(1)) if length else 0)
                    self.got["pages" if head.startswith(b"HTTP/1.1 200") else "refused"] += 1
            except ERRORS:
                self.got["closed"] += 1
            finally:
                if writer is not None:
                    writer.close()
            await asyncio.sleep(0.01)

    async def hold(self, number: int) -> None:
        """Half a request's headers, then nothing: held until the server lets it go."""
        while True:
            writer = None
            try:
                reader, writer = await self.connect(self.address(number))
                writer.write(f"GET / HTTP/1.1\r\nHost: {self.host}\r\n".encode())   # and nothing more
                self.holding.add(number)
                self.got["held"] += 1
                while await reader.read(4096):
                    pass
            except ERRORS:
                pass
            finally:
                self.holding.discard(number)
                self.got["closed"] += 1
                if writer is not None:
                    writer.close()
            await asyncio.sleep(0.25)


async def run(args: argparse.Namespace) -> None:
    flood = Flood(args.host, args.port, args.addresses)
    silent = args.addresses * args.silent
    tasks = [asyncio.create_task(flood.hold(n)) for n in range(silent)]
    for _ in range(100):   # its silent connections first (while the rest takes a few seconds)
        if len(flood.holding) >= silent:
            break
        await asyncio.sleep(0.05)
    tasks += [asyncio.create_task(flood.stream(n)) for n in range(args.streams)]
    tasks += [asyncio.create_task(flood.pages(a)) for a in flood.addresses for _ in range(args.pages)]
    while len(flood.tried) < args.streams:
        await asyncio.sleep(0.05)
    print("flooding", flush=True)
    if args.seconds is not None:
        await asyncio.sleep(args.seconds)
    else:
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    print(json.dumps(flood.got), flush=True)
    os._exit(0)   # at once: a task cancelled in asyncio.wait_for can miss it (Python 3.11) and loop on


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--addresses", type=int, default=13)
    parser.add_argument("--silent", type=int, default=30, help="half-sent requests held per address")
    parser.add_argument("--streams", type=int, default=600)
    parser.add_argument("--pages", type=int, default=4, help="table-page loops per address")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long (default: at end of input)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(run(parse()))
