"""What a game kit is made of, independent of paper and backend.

A game module (kit.games.<game>) turns its layout data into a `GameKit`: components,
each a list of pieces (designs) with a number of copies, each piece a function that
draws one face inside a `Frame`. The imposition (kit.sheets) decides where the frames
go on the page; a piece never knows its page position.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from kit.surface.base import Surface

Kind = Literal["card", "board", "sheet", "token", "aid"]

SAFE_MM = 3.0  # text and vital art stay this far inside the trim


@dataclass(frozen=True)
class Frame:
    """The trim box of one piece, origin at its top-left corner, in mm.

    Backgrounds should cover (-bleed, -bleed) to (width + bleed, height + bleed) so the
    art runs under the cut; text stays inside the safe box.
    """

    width: float
    height: float
    bleed: float = 0.0
    safe: float = SAFE_MM


Draw = Callable[["Surface", Frame], None]


@dataclass(frozen=True)
class Piece:
    """One design: its front, how many copies, and its own back when it has one.

    label names the entry for error messages ("event-cards: « Le chien a mangé… »").
    """

    label: str
    front: Draw
    copies: int = 1
    back: Draw | None = None


@dataclass(frozen=True)
class Component:
    """A set of pieces printed and cut the same way.

    size is (width, height) in mm, or "page" for a piece filling the printable page
    (tribe sheets, boards that adapt to A4 or Letter). back is the shared back of every
    piece without its own; when neither exists the pages are single-sided.
    """

    id: str
    name: str
    kind: Kind
    size: tuple[float, float] | Literal["page"]
    pieces: tuple[Piece, ...]
    back: Draw | None = None
    round: bool = False          # tokens cut along a circle inscribed in the frame
    instructions: str = ""       # French: how to cut, fold, assemble this component
    per_player: int = 0          # copies each player gets (a board, an aid); 0: shared by the table
    # The back is a screen that keeps the front's secrets from showing through (kit.parts.screen),
    # not a design: it prints as drawn, never lightened by the ink saver.
    back_screens: bool = False
    # Neighbours in a block touch and share one cut, with no gutter between them: pieces
    # whose edge is white, so a cut a little off the line shows white on either side.
    shared_cuts: bool = False
    # The pieces' own backs differ (a ballot's round) only well inside their cut, on the same
    # ground: a miscut's sliver of one is a sliver of any other, so they may touch
    # (kit.sheets.same_back; tests/kit/test_shared_cuts.py renders the slivers to check).
    backs_alike_at_edges: bool = False
    # At a digital table (kit.export's Tabletop Simulator objects): `secret` pieces each
    # belong to one player and are dealt face down into a hand, named by the component
    # alone; `print_only` ones exist for paper (filled in by hand, photocopied, folded) and
    # are not exported; `digital` is what the table gets instead of the printed form (a
    # fold-over strip as a two-sided token, a secret band as a card).
    secret: bool = False
    print_only: bool = False
    digital: Component | None = None

    @property
    def count(self) -> int:
        return sum(p.copies for p in self.pieces)

    @property
    def designs(self) -> int:
        return len(self.pieces)

    @property
    def has_backs(self) -> bool:
        return self.back is not None or any(p.back is not None for p in self.pieces)


@dataclass(frozen=True)
class GameKit:
    """Everything printed for one game, in print order."""

    id: str                      # phd, amphitheatre, promotion, hoc-censeo
    title: str                   # as printed: « PHD », « Amphithéâtre »...
    players: str                 # as printed: « 2 à 6 personnes »
    components: tuple[Component, ...]
    bring: tuple[str, ...] = ()  # French: what else the table needs (dés, trombones...)
    summary: str = ""            # French: one or two sentences about the game for the contents page
    seats: tuple[int, int] = (0, 0)  # the fewest and most players, from the rules
    title_font: str = "sans-bold"
    accent: str = "#000000"      # the game's colour on its contents page
    extra: dict[str, object] = field(default_factory=dict)
