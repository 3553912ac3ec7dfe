"""The `kit` command: thin wrappers that parse, call and print.

Every user-facing error (a refused action, a layout mistake, a bad option) becomes one
sentence on stderr and exit status 2, here and nowhere else.
"""
from __future__ import annotations

import os
import sys

import click

from kit import __version__
from kit.errors import KitError
from scorekeeper.errors import RuleViolation


class KitGroup(click.Group):
    """A click group that turns the project's errors into one sentence and exit 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (KitError, RuleViolation) as error:
            click.echo(f"Error: {error}", err=True)
            ctx.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("\nInterrupted.", err=True)
            ctx.exit(130)
        except BrokenPipeError:  # `kit score log FILE | head` closed the pipe: not an error
            _silence_stdout()
            ctx.exit(0)
        except Exception as error:  # a bug: say so in one line, never a traceback to a player
            if os.environ.get("KIT_DEBUG"):
                raise
            click.echo(f"Unexpected error ({type(error).__name__}: {error}). "
                       "Set KIT_DEBUG=1 to see the details and please report it.", err=True)
            ctx.exit(1)


@click.group(cls=KitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kit")
def cli() -> None:
    """Print-and-play kits and a scorekeeper for PHD, Amphithéâtre, Promotion and Hoc Censeo."""


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that flush cannot fail.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main() -> None:
    try:
        cli(prog_name="kit")
    except BrokenPipeError:  # raised while flushing what a command printed
        _silence_stdout()


# Subcommands register themselves on import; keep these imports at the bottom so each
# module can import `cli` from here.
from kit import commands  # noqa: E402,F401
