"""Imposition: where each piece goes on the paper, with cut marks and duplex backs.

This module decides "what fits where"; a piece decides "what one cell looks like".
They meet in one call, `piece.front(surface, Frame(...))`, made with the origin moved to
the piece's trim box. A sheet never knows what is drawn.

The rules, for a component of pieces w x h mm on a portrait page:
- Pieces sit n-up in a grid centred on the paper, touching (one cut between two pieces);
  with a bleed b each cell grows to (w + 2b) x (h + 2b), so neighbours' art never meets
  and fewer pieces may fit. The grid keeps MIN_MARGIN of paper on every side. When
  turning the pieces a quarter turn fits more of them, they are turned.
- Cut marks are short lines in the margin, outside the grid, in line with every cut;
  never over the art.
- A component with backs gets, after each page of fronts, a page of backs in which each
  row is mirrored (column order reversed) so that printing double-sided, flipping on
  the long edge, puts each back behind its front; the back page is shifted by the
  printer offset. Without backs, pages are single-sided.
- A piece of size "page" fills the printable area (the paper minus PAGE_MARGIN).
- With a bleed, the PDF TrimBox and BleedBox of each page surround the grid.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from kit.errors import KitError, TextDoesNotFit
from kit.model import Component, Frame, Piece
from kit.paper import MARK_GAP, MARK_LENGTH, MIN_MARGIN, PAGE_MARGIN, paper_size, printable_area
from kit.surface.metrics import run_start

if TYPE_CHECKING:
    from kit.model import Draw
    from kit.surface.base import Surface

Box = tuple[float, float, float, float]  # x, y, w, h in mm, y down
MARK_COLOUR = "#000000"
MARK_WIDTH = 0.2   # mm: hairline marks a cutter can split
GUIDE_COLOUR = "#9A9A9A"
_EPS = 1e-6
MIN_TEXT_PT = 6.0  # the smallest printed text, as text boxes shrink to it and no further
_TEXT_SLACK = 0.05  # mm: rounding of the font metrics, not a licence to overflow


@dataclass(frozen=True)
class Grid:
    """How one size of piece tiles a page.

    piece is the trim size as the piece draws it (its Frame); when rotated, each piece
    is turned a quarter turn clockwise on the front, so it occupies h x w on the page.
    """

    paper: tuple[float, float]
    piece: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    rotated: bool = False
    fill_page: bool = False  # a "page" piece: one per page, at the page margin

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """A cell's size on the page: the piece as placed plus its bleed on every side."""
        w, h = self.piece
        if self.rotated:
            w, h = h, w
        return w + 2 * self.bleed, h + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """Top-left corner of the grid's outer (bleed) edge on the page."""
        if self.fill_page:
            return PAGE_MARGIN - self.bleed, PAGE_MARGIN - self.bleed
        cw, ch = self.cell
        return (self.paper[0] - self.cols * cw) / 2, (self.paper[1] - self.rows * ch) / 2

    @property
    def bleed_box(self) -> Box:
        x0, y0 = self.origin
        cw, ch = self.cell
        return (x0, y0, self.cols * cw, self.rows * ch)

    @property
    def trim_box(self) -> Box:
        x, y, w, h = self.bleed_box
        b = self.bleed
        return (x + b, y + b, w - 2 * b, h - 2 * b)

    def cell_origin(self, index: int) -> tuple[float, float]:
        """Top-left of the trim box of cell `index` (row by row, left to right) on the page."""
        row, col = divmod(index, self.cols)
        x0, y0 = self.origin
        cw, ch = self.cell
        return x0 + col * cw + self.bleed, y0 + row * ch + self.bleed

    def mirrored(self, index: int) -> int:
        """The cell that lies behind `index` once the sheet is flipped on its long edge."""
        row, col = divmod(index, self.cols)
        return row * self.cols + (self.cols - 1 - col)

    def used(self, count: int) -> tuple[int, int]:
        """(cols, rows) actually holding pieces when a page has `count` of them (filled row by row)."""
        count = max(0, min(count, self.per_page))
        rows = -(-count // self.cols)
        return (self.cols if rows > 1 else count), rows

    def cut_lines(self, count: int | None = None) -> tuple[list[float], list[float]]:
        """x positions of the vertical cuts and y positions of the horizontal cuts, for the
        cells holding the first `count` pieces (all cells by default)."""
        cols, rows = self.used(self.per_page if count is None else count)
        x0, y0 = self.origin
        cw, ch = self.cell
        b = self.bleed
        xs: list[float] = []
        ys: list[float] = []
        for col in range(cols):
            for x in (x0 + col * cw + b, x0 + (col + 1) * cw - b):
                if not xs or abs(xs[-1] - x) > _EPS:
                    xs.append(x)
        for row in range(rows):
            for y in (y0 + row * ch + b, y0 + (row + 1) * ch - b):
                if not ys or abs(ys[-1] - y) > _EPS:
                    ys.append(y)
        return xs, ys

    def cut_marks(self, count: int | None = None) -> list[tuple[float, float, float, float]]:
        """Short lines (x1, y1, x2, y2) in the margin, in line with every cut, outside the grid.

        A page holding fewer pieces than the grid has cells gets marks for its filled part
        only: the grid keeps its place (the backs depend on it), the marks end where the
        pieces end.
        """
        cols, rows = self.used(self.per_page if count is None else count)
        gx, gy = self.origin
        cw, ch = self.cell
        # The right-hand marks stay right of the full grid, where a straightedge meets them,
        # except on a page of one short row: there they follow the last piece.
        gw, gh = (self.cols if rows > 1 else cols) * cw, rows * ch
        pw, ph = self.paper
        xs, ys = self.cut_lines(count)
        # Marks run from just outside the grid towards the paper's edge, stopping 1 mm short.
        full_bottom = gy + self.rows * ch
        top = min(MARK_LENGTH, gy - MARK_GAP - 1.0)
        bottom = min(MARK_LENGTH, ph - full_bottom - MARK_GAP - 1.0)
        left = min(MARK_LENGTH, gx - MARK_GAP - 1.0)
        right = min(MARK_LENGTH, pw - (gx + gw) - MARK_GAP - 1.0)
        marks = []
        for x in xs:
            if top > 0:
                marks.append((x, gy - MARK_GAP - top, x, gy - MARK_GAP))
            if bottom > 0:
                marks.append((x, gy + gh + MARK_GAP, x, gy + gh + MARK_GAP + bottom))
        for y in ys:
            if left > 0:
                marks.append((gx - MARK_GAP - left, y, gx - MARK_GAP, y))
            if right > 0:
                marks.append((gx + gw + MARK_GAP, y, gx + gw + MARK_GAP + right, y))
        return marks


def _fit(space_w: float, space_h: float, cell_w: float, cell_h: float) -> tuple[int, int]:
    cols = int(math.floor((space_w + _EPS) / cell_w))
    rows = int(math.floor((space_h + _EPS) / cell_h))
    return max(cols, 0), max(rows, 0)


def plan_grid(paper: str, size: tuple[float, float] | str, bleed: float = 0.0, *, name: str = "") -> Grid:
    """The grid for pieces of `size` (mm, or "page") on `paper` with `bleed` mm.

    Raises KitError when not even one piece fits, naming the component (`name`).
    """
    pw, ph = paper_size(paper)
    if size == "page":
        _, _, w, h = printable_area(paper)
        return Grid((pw, ph), (w, h), bleed, 1, 1, rotated=False, fill_page=True)
    w, h = float(size[0]), float(size[1])
    space_w, space_h = pw - 2 * MIN_MARGIN, ph - 2 * MIN_MARGIN
    upright = _fit(space_w, space_h, w + 2 * bleed, h + 2 * bleed)
    turned = _fit(space_w, space_h, h + 2 * bleed, w + 2 * bleed)
    n_up, n_turned = upright[0] * upright[1], turned[0] * turned[1]
    if n_up == 0 and n_turned == 0:
        what = f"component '{name}'" if name else "a piece"
        raise KitError(f"{what} of {w:g} x {h:g} mm (bleed {bleed:g} mm) does not fit on {paper} paper; "
                       f"the largest piece is {space_w:g} x {space_h:g} mm")
    if n_turned > n_up:
        return Grid((pw, ph), (w, h), bleed, turned[0], turned[1], rotated=True)
    return Grid((pw, ph), (w, h), bleed, upright[0], upright[1], rotated=False)


@dataclass(frozen=True)
class Placement:
    """One piece face on a page: its trim box's top-left, its turn, and what draws it."""

    x: float
    y: float
    rotation: int           # 0, 90 (fronts turned clockwise) or -90 (their backs)
    draw: "Draw | None"
    label: str


@dataclass(frozen=True)
class Sheet:
    """One page of one component, ready to draw."""

    component: Component
    side: Literal["front", "back"]
    grid: Grid
    placements: tuple[Placement, ...]
    offset: tuple[float, float] = (0.0, 0.0)  # the printer correction, backs only
    index: int = 0                             # the n-th page of fronts (or of backs) of its component


def copies(component: Component) -> list[Piece]:
    """Every copy to print, in order: each design repeated `copies` times."""
    out: list[Piece] = []
    for piece in component.pieces:
        if piece.copies < 0:
            raise KitError(f"component '{component.id}', {piece.label}: copies must be 0 or more, not {piece.copies}")
        out.extend([piece] * piece.copies)
    return out


def impose(component: Component, paper: str, *, bleed: float = 0.0, backs: bool = True,
           back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Sheet]:
    """The pages of one component: fronts, each followed by its backs when it has them."""
    grid = plan_grid(paper, component.size, bleed, name=component.id)
    turn = 90 if grid.rotated else 0
    items = copies(component)
    with_backs = backs and component.has_backs
    sheets: list[Sheet] = []
    for page, start in enumerate(range(0, len(items), grid.per_page)):
        chunk = items[start:start + grid.per_page]
        fronts = tuple(Placement(*grid.cell_origin(i), turn, piece.front, piece.label) for i, piece in enumerate(chunk))
        sheets.append(Sheet(component, "front", grid, fronts, index=page))
        if with_backs:
            backs_ = tuple(Placement(*grid.cell_origin(grid.mirrored(i)), -turn, piece.back or component.back,
                                     piece.label) for i, piece in enumerate(chunk))
            sheets.append(Sheet(component, "back", grid, backs_, offset=back_offset, index=page))
    return sheets


class PieceError(KitError):
    """A piece that could not be drawn (its text does not fit), named by component and label."""

    def __init__(self, component: str, label: str, cause: Exception):
        self.component, self.label, self.cause = component, label, cause
        super().__init__(f"component '{component}', {label}: {cause}")


def _boxes(sheet: Sheet) -> tuple[Box | None, Box | None]:
    if sheet.grid.bleed <= 0:
        return None, None
    dx, dy = sheet.offset
    trim, bleed = sheet.grid.trim_box, sheet.grid.bleed_box
    return ((trim[0] + dx, trim[1] + dy, trim[2], trim[3]), (bleed[0] + dx, bleed[1] + dy, bleed[2], bleed[3]))


def draw_sheet(surface: "Surface", sheet: Sheet) -> None:
    """Draw one page: each piece in its cell (clipped to its bleed box), then the cut marks."""
    grid = sheet.grid
    pw, ph = grid.paper
    trim, bleed_box = _boxes(sheet)
    surface.begin_page(pw, ph, trim=trim, bleed=bleed_box)
    w, h = grid.piece
    b = grid.bleed
    frame = Frame(w, h, bleed=b)
    dx, dy = sheet.offset
    for place in sheet.placements:
        if place.draw is None:
            continue
        # Move to the corner where the frame's own origin lands once turned.
        if place.rotation == 90:
            ox, oy = place.x + h, place.y
        elif place.rotation == -90:
            ox, oy = place.x, place.y + w
        else:
            ox, oy = place.x, place.y
        try:
            with surface.translated(ox + dx, oy + dy):
                if place.rotation:
                    with surface.rotated(place.rotation):
                        _draw_piece(surface, place, frame, sheet.component)
                else:
                    _draw_piece(surface, place, frame, sheet.component)
        except TextDoesNotFit as error:
            raise PieceError(sheet.component.id, place.label, error) from error
    if sheet.side == "front":
        for x1, y1, x2, y2 in grid.cut_marks(len(sheet.placements)):
            surface.line(x1, y1, x2, y2, stroke=MARK_COLOUR, width=MARK_WIDTH)
    surface.end_page()


class _KeepsTextInside:
    """The surface as a piece sees it, refusing text under 6 pt and any line that leaves the piece.

    Text boxes shrink and refuse on their own, but a part may print a layout's word on one
    line (a token's title, a board's name): longer words there would be clipped by the cut
    without a word. So every line drawn without rotation is measured against the piece's
    trim (its circle for a round piece); a line that leaves it raises TextDoesNotFit, which
    the build reports with the component and the entry. Rotated lines (track labels) are
    left to their parts, which size them from the track itself.
    """

    def __init__(self, surface: "Surface", frame: Frame, round_: bool):
        self._surface, self._frame, self._round = surface, frame, round_
        self._dx = self._dy = 0.0
        self._turns = 0

    def __getattr__(self, name: str):
        return getattr(self._surface, name)

    @contextmanager
    def translated(self, dx: float, dy: float) -> Iterator[None]:
        with self._surface.translated(dx, dy):
            if self._turns:
                yield
                return
            self._dx, self._dy = self._dx + dx, self._dy + dy
            try:
                yield
            finally:
                self._dx, self._dy = self._dx - dx, self._dy - dy

    @contextmanager
    def rotated(self, degrees: float) -> Iterator[None]:
        with self._surface.rotated(degrees):
            self._turns += 1
            try:
                yield
            finally:
                self._turns -= 1

    def text(self, x: float, y: float, s: str, *, font: str = "sans", size: float = 9.0,
             colour: str = "#000000", anchor: str = "start") -> None:
        if s.strip() and size < MIN_TEXT_PT - 1e-9:
            raise TextDoesNotFit(f"the text « {s.strip()[:60]} » would print at {size:g} pt, under the "
                                 f"{MIN_TEXT_PT:g} pt a player can read; shorten it or enlarge its box")
        if not self._turns and s.strip():
            self._check(x + self._dx, y + self._dy, s, font, size, anchor)
        self._surface.text(x, y, s, font=font, size=size, colour=colour, anchor=anchor)

    def _check(self, x: float, y: float, s: str, font: str, size: float, anchor: str) -> None:
        w, h = self._frame.width, self._frame.height
        ink = self._surface.text_width(s.strip(), font=font, size=size)
        left = run_start(x, s.strip(), font, size, anchor)
        ends = ((left, y), (left + ink, y))
        if self._round:
            r = min(w, h) / 2
            inside = all(math.hypot(px - w / 2, py - h / 2) <= r + _TEXT_SLACK for px, py in ends)
        else:
            inside = all(-_TEXT_SLACK <= px <= w + _TEXT_SLACK and 0 <= py <= h + _TEXT_SLACK for px, py in ends)
        if not inside:
            excerpt = s if len(s) <= 60 else s[:57].rstrip() + "…"
            raise TextDoesNotFit(f"the line « {excerpt} » runs past the edge of the "
                                 f"{w:g} x {h:g} mm piece at {size:g} pt; shorten it")


def _draw_piece(surface: "Surface", place: Placement, frame: Frame, component: Component) -> None:
    b = frame.bleed
    shape = dict(circle=True) if component.round else {}
    # A round piece keeps its art inside its circle (plus the bleed); a rectangle in its box.
    with surface.clipped(-b, -b, frame.width + 2 * b, frame.height + 2 * b, **shape):
        place.draw(_KeepsTextInside(surface, frame, component.round), frame)
    if component.round and b <= 0:
        # A faint circle exactly on the cut line guides scissors; cutting removes it.
        r = min(frame.width, frame.height) / 2
        surface.circle(frame.width / 2, frame.height / 2, r, stroke=GUIDE_COLOUR, width=0.15)
