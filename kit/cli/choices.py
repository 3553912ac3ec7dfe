"""Click parameter types the commands share."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import click

from kit import i18n
from kit.i18n import _

if TYPE_CHECKING:
    _Choice = click.Choice[str]
else:  # click.Choice is generic from click 8.4 on; the project accepts 8.1
    _Choice = click.Choice


class Games(_Choice):
    """A game id among the rules' registry as it stands when the command runs (the tests add
    a fifth game to it after the command was defined), or among `ids()` when given (the
    print side's games, kit.games.kits()); `extra` words are accepted too ("all").

    A game is taken as people write it: `PHD`, `amphithéâtre`, `Hoc Censeo`, `hoc_censeo`
    are phd, amphitheatre, hoc-censeo (kit.i18n.match_id)."""

    def __init__(self, *extra: str, ids: Callable[[], Iterable[str]] | None = None):
        self.ids = ids
        super().__init__(())
        self.extra = extra

    @property
    def choices(self) -> Any:   # a tuple of ids; click types its attribute Sequence (8.4) or tuple (8.5)
        if self.ids is not None:
            return (*self.ids(), *self.extra)
        from scorekeeper import rules

        return (*rules.GAME_IDS, *self.extra)

    @choices.setter
    def choices(self, value: object) -> None:   # click.Choice sets it once; the registry is read instead
        pass

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return _("GAME")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        found = i18n.match_id(value, self.choices)
        if found is None:
            self.fail(_("unknown game {game}; the games are {games}").format(
                game=f"'{value}'", games=", ".join(self.choices)), param, ctx)
        return found
