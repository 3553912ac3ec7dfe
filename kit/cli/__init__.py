"""The `kit` command: thin wrappers that parse, call and print.

Every user-facing error (a refused action, a layout mistake, a bad option) becomes one
sentence on stderr and exit status 2, here and nowhere else.

Subcommands load lazily (click's documented lazy-group pattern): `kit --version` or a
`kit score` command imports neither reportlab, YAML nor fontTools, and no module
of a subcommand imports this package back.
"""
from __future__ import annotations

import importlib
import os
import sys

import click

from kit import __version__, i18n
from kit.errors import KitError
from kit.i18n import _
from scorekeeper.errors import ScorekeeperError


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when asked for.

    `lazy_subcommands` maps a command name to "module.attribute", the click command to load.
    """

    def __init__(self, *args, lazy_subcommands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = lazy_subcommands or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands:
            module_name, attribute = self.lazy_subcommands[cmd_name].rsplit(".", 1)
            command = getattr(importlib.import_module(module_name), attribute)
            if not isinstance(command, click.Command):
                raise TypeError(f"{self.lazy_subcommands[cmd_name]} is not a click command")
            return command
        return super().get_command(ctx, cmd_name)


class KitGroup(LazyGroup):
    """The `kit` group: lazy, and turns the project's errors into one sentence and exit 2."""

    def make_context(self, info_name, args, parent=None, **extra):
        # The language is chosen before click parses anything, so that every message of the
        # command, its refusals included, speaks it: --lang wherever it is given, else the locale.
        i18n.activate(i18n.choose_language(_lang_option(args)))
        return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (KitError, ScorekeeperError) as error:
            click.echo(_("Error: {message}").format(message=i18n.refusal(error)), err=True)
            ctx.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("\n" + _("Interrupted."), err=True)
            ctx.exit(130)
        except BrokenPipeError:  # `kit score log FILE | head` closed the pipe: not an error
            _silence_stdout()
            ctx.exit(0)
        except Exception as error:  # a bug: say so in one line, never a traceback to a player
            if os.environ.get("KIT_DEBUG"):
                raise
            click.echo(_("Unexpected error ({error}). Set KIT_DEBUG=1 to see the details and please "
                         "report it.").format(error=f"{type(error).__name__}: {error}"), err=True)
            ctx.exit(1)


# One line per top-level command: name -> the module and the click command in it.
COMMANDS = {
    "list": "kit.cli.build.list_command",
    "build": "kit.cli.build.build_command",
    "score": "kit.cli.score.score",
    "simulate": "kit.cli.simulate.simulate",
    "export": "kit.cli.export.export",
    "calibrate": "kit.cli.calibrate.calibrate",
}


@click.group(cls=KitGroup, lazy_subcommands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kit")
def cli() -> None:
    """Print-and-play kits and a scorekeeper for PHD, Amphithéâtre, Promotion and Hoc Censeo."""


def _lang_option(args: list[str]) -> str | None:
    """The value of `--lang X` or `--lang=X` among the arguments (before a `--`), if any."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that flush cannot fail.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main() -> None:
    try:
        cli(prog_name="kit")
    except BrokenPipeError:  # raised while flushing what a command printed
        _silence_stdout()

