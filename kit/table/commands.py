"""What every game's friendly commands share on the command line: their --help examples, the
FILE and PLAYER arguments, and the option types that read a value as people type it: a whole
number (Number), one of a few words in either language (Word), an option named after one of
the game's words in either language's spelling (Spelled).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from kit.errors import KitError
from kit.i18n import _
from kit.table.parsing import label, match_word, whole_number


def examples(*commands: str) -> str:
    """A command's --help epilog: command lines shown as typed (\b keeps click from rewrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  kit score {command}" for command in commands)


# The arguments every game's friendly commands take, spelled once so they read the same.
FILE = click.argument("file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
PLAYER = click.argument("player", metavar="PLAYER")


if TYPE_CHECKING:
    _Number = click.ParamType[int]
    _Word = click.ParamType[str]
else:  # click's parameter types are generic from click 8.4 on; the project accepts 8.1
    _Number = _Word = click.ParamType


class Number(_Number):
    """A click option's whole number, read like a typed one (`whole_number`): a number out of
    range is one sentence, never Python's "Exceeds the limit" nor the digits echoed back."""

    name = "number"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return _("N")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return whole_number(str(value))
        except KitError as error:
            self.fail(str(error), param, ctx)


NUMBER = Number()


class Word(_Word):
    """A click option value among `choices`, typed in either language (case, accents ignored):
    `--colour Bleu`, `--colour blue`, `--tiebreak contre`; --help lists them in the reader's."""

    name = "word"

    def __init__(self, choices: tuple[str, ...] | list[str]):
        self.choices = tuple(choices)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(map(label, self.choices)) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        found = match_word(str(value), self.choices)
        if found is None:
            self.fail(_("{value} is not one of {choices}.").format(
                value=value, choices=", ".join(map(label, self.choices))), param, ctx)
        return found


class Spelled(click.Option):
    """An option named after one of the game's words, taken in either language's spelling
    (--pour or --for, --pression or --pressure); --help and its refusals name the reader's
    alone (`spelled`)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        every, self.opts = self.opts, [spelled(str(self.name))]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = every

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return f"'{spelled(str(self.name))}'"


def spelled(word: str) -> str:
    """The option named after the game's `word` as the reader's language spells it (--for)."""
    return "--" + label(word)
