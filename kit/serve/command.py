"""`kit score serve`: the click command, light to import (the server loads when it runs)."""
from __future__ import annotations

from pathlib import Path

import click


@click.command(epilog="\b\nExamples:\n  kit score serve senate.jsonl\n  kit score serve senate.jsonl --lan --port 8080")
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--host", default=None, metavar="ADDRESS", help="The address to listen on [default: 127.0.0.1; with --lan, every interface].")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), metavar="PORT",
              help="The port to listen on (0: any free port).")
@click.option("--lan", is_flag=True, help="Let phones on this network join (plain HTTP: play on a network you trust).")
@click.option("--qr/--no-qr", default=True, show_default=True, help="Print the room code's QR code.")
def serve(file: Path, host: str | None, port: int, lan: bool, qr: bool) -> None:
    """Serve FILE to the browsers at the table until Ctrl-C: a table page, a page per seat.

    Prints the table's link, the host's link (every form) and one private link per player,
    the same after a restart. Each phone opens its player's link; nobody else sees its secrets.
    """
    from kit import table
    from kit.errors import KitError
    from kit.i18n import _
    from kit.serve.run import serve as run

    table.open_session(file)   # a missing or damaged file is reported before anything listens
    try:
        run(file, host, port, lan, qr=qr)
    except KeyboardInterrupt:   # Ctrl-C is how a server stops: not an error
        pass
    except OSError as error:
        raise KitError(_("Cannot listen on {address} ({reason}).").format(
            address=f"{host or ('0.0.0.0' if lan else '127.0.0.1')}:{port}", reason=error.strerror or error)) from None
    click.echo(_("Stopped. Every accepted entry is in {file}.").format(file=file))
