"""The examples of a command's --help: its own, then each game's (the CLI names no game)."""
from __future__ import annotations

from typing import Any

import click

from kit.i18n import _

# An example of a command line, as typed after `kit`, alone or with the msgid of what it does.
Example = str | tuple[str, str]


class GameExamples(click.Command):
    """A command whose --help examples (its own `examples`, then the games' own lines for it:
    the `examples` of their faces, kit/faces.py) are read when the help is shown, what each
    does in the reader's language: the CLI names no game. A group shows each game's first
    line for `new` and for each of the games' own commands."""

    def __init__(self, *args: Any, examples: tuple[Example, ...] = (), **kwargs: Any):  # click.Command's
        super().__init__(*args, **kwargs)
        self.examples = examples

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        own = self.epilog
        lines = [*self.examples, *game_examples(self, ctx.command_path.split()[1:])]
        # a line is a msgid where a game's words differ by language (Hoc Censeo's --for, blue)
        typed = [(f"kit {_(line)}", "") if isinstance(line, str) else (f"kit {_(line[0])}", _(line[1]))
                 for line in lines]
        width = max((len(line) for line, said in typed if said), default=0) + 2
        shown = "\n".join(f"  {line:<{width}}{said}".rstrip() for line, said in typed)
        if shown:
            head, _sep, rest = (own or "\b\n").partition(_("Examples:") + "\n")
            self.epilog = f"{head}{_('Examples:')}\n{shown}\n{rest}".rstrip("\n")
        try:
            super().format_epilog(ctx, formatter)
        finally:
            self.epilog = own


def game_examples(command: click.Command, path: list[str]) -> list[Example]:
    """The games' example lines for the command at `path` (its words after `kit`)."""
    from kit import faces
    from scorekeeper import rules

    depth = len(path)
    lines: list[Example] = []
    for game in rules.GAME_IDS:
        given = [line for line in faces.of(game).examples
                 if (line if isinstance(line, str) else line[0]).split()[:depth] == path]
        if isinstance(command, click.Group):   # the subcommands every game has are the group's to show
            common = {*command.commands, *getattr(command, "core_commands", {})} - {"new"}
            firsts: dict[str, Example] = {}
            for line in given:
                words = (line if isinstance(line, str) else line[0]).split()
                if len(words) > depth and words[depth] not in common:
                    firsts.setdefault(words[depth], line)
            given = list(firsts.values())
        lines += given
    return lines
