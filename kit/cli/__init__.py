"""The `kit` command: thin wrappers that parse, call and print.

Every user-facing error (a refused action, a layout mistake, a bad option) becomes one
sentence on stderr and exit status 2, here and nowhere else.

Every text is in the language `kit.i18n.choose_language` picks (--lang anywhere on the line,
else KIT_LANG, else the locale), help pages included: the English help texts are message ids
of the catalogues (tools/catalogues.py collects them from this command tree), and click's own
words go through the same catalogues.

Subcommands load lazily (click's documented lazy-group pattern): `kit --version` or a
`kit score` command imports neither reportlab, YAML nor fontTools, and no module
of a subcommand imports this package back.
"""
from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
import weakref
from typing import Any

import click

from kit import __version__, i18n
from kit.errors import KitError
from kit.i18n import N_, _
from scorekeeper.errors import ScorekeeperError

LANG_HELP = "Language of what is printed (default: the locale's, French when it names neither)."


class HelpFormatter(click.HelpFormatter):
    """Click's formatter with the headings of the active language ("Options :" in French)."""

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}" + _("{heading}:").format(heading=heading) + "\n")


class Context(click.Context):
    """A command's context whose help and usage speak the active language: its texts are
    translated when a page or a usage line is shown (--help, a usage error), never for a
    command that only runs (`kit score show` translates none of them)."""

    formatter_class = HelpFormatter

    def get_help(self) -> str:
        _in_language(self)
        return super().get_help()

    def get_usage(self) -> str:
        _in_language(self)
        return super().get_usage()


def _in_language(ctx: click.Context) -> None:
    """The texts of `ctx`'s command and of the commands above it in the active language; for
    a group, those of the subcommands its help lists too."""
    command = ctx.command
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            listed = command.get_command(ctx, name)
            if listed is not None:
                translate_help(listed)
    shown: click.Context | None = ctx
    while shown is not None:
        translate_help(shown.command)
        _help_option_in_language(shown.command, shown)
        shown = shown.parent


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when asked for, each speaking the active
    language: its help translated, and --lang accepted (kit.cli reads it before parsing).

    `lazy_subcommands` maps a command name to "module.attribute", the click command to load.
    """

    context_class = Context

    def __init__(self, *args: Any, lazy_subcommands: dict[str, str] | None = None, **kwargs: Any):  # click.Group's
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = lazy_subcommands or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands})

    def lazy_target(self, cmd_name: str) -> str | None:
        """The "module.attribute" of a lazy subcommand; None for a command of the group's own."""
        return self.lazy_subcommands.get(cmd_name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = self.lazy_target(cmd_name)
        command: click.Command | None
        if target is not None:
            module_name, attribute = target.rsplit(".", 1)
            command = getattr(importlib.import_module(module_name), attribute)
            if not isinstance(command, click.Command):
                raise TypeError(f"{target} is not a click command")
        else:
            command = super().get_command(ctx, cmd_name)
        if command is not None:
            if not any(param.name == "lang" for param in command.params):
                command.params.append(lang_option())
            command.context_class = Context     # its help in the active language, when shown
        return command



def lang_option() -> click.Option:
    """--lang: read by KitGroup before parsing; declared so that click accepts it."""
    return click.Option(["--lang"], type=click.Choice(i18n.LANGUAGES, case_sensitive=False), help=LANG_HELP,
                        expose_value=False)


# Click's words for --help, which the kit's catalogues carry too.
HELP_OPTION = N_("Show this message and exit.")

# The English texts of each command and parameter (help, short_help, epilog, metavars), kept
# aside the first time it is translated, so that one process may speak both languages.
_ENGLISH: weakref.WeakKeyDictionary[click.Command | click.Parameter, dict[str, str | None]] = \
    weakref.WeakKeyDictionary()


def help_texts(command: click.Command) -> list[str]:
    """The English help texts of a command and its parameters (help, short help, metavars),
    as the catalogues hold them (the part of a docstring after \\f is for developers and is
    never shown)."""
    _keep_originals(command)
    own = _ENGLISH[command]
    texts = [own["help"], own["short_help"], own["options_metavar"], own.get("subcommand_metavar")]
    for param in command.params:
        texts += [_ENGLISH[param]["help"], _ENGLISH[param]["metavar"]]
    return [text for text in texts if text]


def _keep_originals(command: click.Command) -> None:
    if command not in _ENGLISH:
        # As click shows it (inspect.cleandoc): a translator never sees the docstring's indent.
        _ENGLISH[command] = {"help": inspect.cleandoc(command.help).partition("\f")[0].strip() if command.help else None,
                             "short_help": command.short_help, "epilog": command.epilog,
                             "options_metavar": command.options_metavar}
        if isinstance(command, click.Group):
            _ENGLISH[command]["subcommand_metavar"] = command.subcommand_metavar
    for param in command.params:   # some (--lang) are added after the command's originals were kept
        if param not in _ENGLISH:
            _ENGLISH[param] = {"help": getattr(param, "help", None), "metavar": param.metavar}


def translate_help(command: click.Command) -> None:
    """Put the command's help, its options' help and metavars and its examples (their title,
    and each command line a catalogue gives in the reader's words) in the active language
    (from the English texts kept aside, so one process may speak both)."""
    _keep_originals(command)
    own = _ENGLISH[command]
    for name in ("help", "short_help", "options_metavar", "subcommand_metavar"):
        english = own.get(name)
        if english:
            setattr(command, name, _(english))
    for param in command.params:
        english_help, english_metavar = _ENGLISH[param]["help"], _ENGLISH[param]["metavar"]
        if english_help and isinstance(param, click.Option):
            param.help = _(english_help)
        if english_metavar:
            param.metavar = _(english_metavar)
    if own["epilog"]:
        command.epilog = _EXAMPLE.sub(lambda typed: typed[1] + _(typed[2]),
                                      own["epilog"].replace("Examples:", _("Examples:"), 1))


# An example of a command's --help (kit.table.examples): what follows `kit score` is a msgid
# where a game's words differ by language (Hoc Censeo's --for and blue in English).
_EXAMPLE = re.compile(r"^(\s*kit score )(\S.*)$", re.MULTILINE)


def _help_option_in_language(command: click.Command, ctx: click.Context) -> None:
    """--help's own line in the active language: click makes that option once per command
    and keeps it, so its help is set again each time the command is looked up."""
    option = command.get_help_option(ctx)
    if option is not None:
        option.help = _(HELP_OPTION)


class KitGroup(LazyGroup):
    """The `kit` group: lazy, and turns the project's errors into one sentence and exit 2."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        # The language is chosen before click parses anything, so that every message of the
        # command, its refusals included, speaks it: --lang wherever it is given, else the locale.
        i18n.activate(i18n.choose_language(split_lang(args)[0]))
        return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:  # whatever the command returns, as click.Group's
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
@click.option("--lang", type=click.Choice(i18n.LANGUAGES, case_sensitive=False), help=LANG_HELP, expose_value=False)
def cli() -> None:
    """Print-and-play kits and a table scorekeeper for paper games (`kit list` names them)."""


def split_lang(args: list[str]) -> tuple[str | None, list[str]]:
    """The value of the first `--lang X` or `--lang=X` among the arguments (before a `--`), if
    any, and the arguments without them: the language is chosen before click parses anything
    (the help pages are translated), and a command whose arguments are data sets it aside."""
    lang: str | None = None
    kept: list[str] = []
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            return lang, [*kept, arg, *rest]
        if arg == "--lang":
            value = next(rest, None)
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            kept.append(arg)
            continue
        if lang is None:
            lang = value
    return lang, kept


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that flush cannot fail.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main() -> None:
    try:
        cli(prog_name="kit")
    except BrokenPipeError:  # raised while flushing what a command printed
        _silence_stdout()

