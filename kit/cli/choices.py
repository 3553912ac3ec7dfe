"""Click parameter types the commands share."""
from __future__ import annotations

import click


class Games(click.Choice):
    """A game id among the rules' registry as it stands when the command runs (the tests add
    a fifth game to it after the command was defined); `extra` words are accepted too ("all")."""

    def __init__(self, *extra: str):
        super().__init__(())
        self.extra = extra

    @property
    def choices(self) -> tuple[str, ...]:
        from scorekeeper import rules

        return (*rules.GAME_IDS, *self.extra)

    @choices.setter
    def choices(self, value) -> None:   # click.Choice sets it once; the registry is read instead
        pass
