"""Imposition: where each piece goes on the paper, with cut marks and duplex backs.

This module decides "what fits where"; a piece decides "what one cell looks like".
They meet in one call, `piece.front(surface, Frame(...))`, made with the origin moved to
the piece's trim box. A sheet never knows what is drawn.

How a kit goes onto paper (a grid of grids, packed by `pack`):
- A *block* is a grid of pieces of one component: same size, same turn. Its rows and
  columns either stand GUTTER mm apart, each piece's art running half the gutter past
  every cut (the block's outer ones too), or, where one more row or column fits that way,
  touch: neighbours share one cut, their art running to that line, and the block's outer
  art runs BUTT_BLEED past its outer cuts. Never a gap under GUTTER: two cuts that close
  leave a sliver to throw away and a ruler that cannot find either line. Pieces touch only
  when their backs look alike at the edges (same_back): cut a little off a shared line, one
  keeps a sliver of the other's back, which would mark a card of one deck among its own. So
  where the back changes within a run of pieces, the block ends there (the next piece starts
  a block of its own, BLOCK_GAP away) or keeps GUTTER between all its pieces, whichever
  holds more.
- A page holds one or more blocks, of any components. Blocks are placed by guillotine
  splits of the free space (each placement cuts the free rectangle in two, right and
  below), with BLOCK_GAP between blocks: every block can be cut out of its page with
  straight cuts, then cut into its pieces along its own rows and columns. Components are
  packed largest pieces first, so small tokens fill what boards and cards leave; the
  pages are then put back in the kit's order (by the first component each page holds).
- Pieces that want different paper (kit.paper.KIND_STOCK) never share a sheet: a kit is
  one run of sheets per stock, in kit.paper.STOCKS order.
- With a print-shop bleed b, the gutter is 2b (GUTTER at least) and every edge bleeds b.
- Cut marks are short hairlines in line with every cut, outside the blocks, never over
  art, never within EDGE mm of the paper's edge (where home printers drop ink). Between
  two blocks each gets half of the gap.
- Every page of fronts is followed by its page of backs, so the whole file prints
  two-sided in one job: each back sits where its front lands once the sheet is flipped
  on its long edge (its x mirrored about the page's vertical axis), shifted by the
  printer offset. A piece without a back leaves its place blank; a sheet with no backs
  at all gets a blank back page, which only carries the page label.
- Every page carries a label (game, sheet n/N, recto or verso, paper) in a margin, placed
  where no mark and no art is (label_spot).
- A piece of size "page" fills the printable area (the paper minus PAGE_MARGIN) alone; with
  a print-shop bleed it shrinks so that its bleed still leaves MIN_MARGIN (the label's room).
- With a bleed, the PDF TrimBox and BleedBox of each page surround its pieces.

Why our own packer and not rectpack's guillotine algorithms: rectpack places rectangles
one by one, so a deck comes out as scattered cards whose cuts do not line up; cut marks
need through-cuts per block, and backs, gutters and marks are simplest on grids. The
packer here places whole grids (blocks) by the same guillotine splitting, deterministically.
"""
from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

from kit.errors import KitError, Size, TextDoesNotFit
from kit.i18n import _
from kit.model import Component, Frame, Piece
from kit.paper import EDGE, KIND_STOCK, MARK_GAP, MARK_MIN, MIN_MARGIN, PAGE_MARGIN, STOCKS, paper_size, printable_area
from kit.surface.inksaver import InkSaver
from kit.surface.metrics import ascent_descent, run_start, text_width

if TYPE_CHECKING:
    from kit.model import Draw
    from kit.surface.base import Surface

Box = tuple[float, float, float, float]  # x, y, w, h in mm, y down
Extents = tuple[float, float, float, float]  # how far art runs past the cut: left, top, right, bottom
MARK_COLOUR = "#000000"
MARK_WIDTH = 0.2   # mm: hairline marks a cutter can split
GUIDE_COLOUR = "#9A9A9A"
GUTTER = 3.0       # mm between the pieces of a block that do not touch
GUTTERS = (GUTTER, 0.0)  # the gutters a block may take: the first that fits as many pieces
BUTT_BLEED = 0.5   # mm of art past the outer cuts of a block whose pieces touch: three rows of
# 88 mm cards then still fit on Letter
BLOCK_GAP = 2 * (MARK_MIN + MARK_GAP)  # mm between two blocks: half for each one's cut marks
TIGHT_BOTTOM = EDGE + MARK_GAP  # mm: the closest pieces come to the bottom edge in a tight imposition
LABEL_PT = 7.0     # the page label: the smallest size the kit prints
# condensed, so that between the top marks of 63 mm cards butted in a row it keeps
# LABEL_MARK_CLEAR from each
LABEL_FONT = "sans-condensed"
LABEL_COLOUR = "#5A5A5A"
LABEL_CLEAR = 0.6  # mm kept beside the label, from any art
# mm kept between the label and any cut mark, every way: a ruler laid on a mark must not
# meet the label's text, nor a reader take a mark for a stroke of it (issue 47)
LABEL_MARK_CLEAR = 3.0
# and above or below it: its box is the font's whole line, which already has air above the
# capitals and below the baseline
LABEL_CLEAR_Y = 0.1
MARK_LENGTH = 4.0  # mm, at most; MARK_GAP from the art, and a mark under MARK_MIN is left out
_EPS = 1e-6
MIN_TEXT_PT = 6.0  # the smallest printed text, as text boxes shrink to it and no further
_TEXT_SLACK = 0.05  # mm: rounding of the font metrics, not a licence to overflow


def _outer(gutter: float, bleed: float) -> float:
    """How far a block's art runs past its outer cuts: half its gutter, BUTT_BLEED when its
    pieces touch, the print-shop bleed when there is one."""
    return max(gutter / 2 if gutter > _EPS else BUTT_BLEED, bleed)


def _fit(space: float, size: float, gutters: tuple[float, ...], bleed: float = 0.0) -> tuple[int, float]:
    """How many pieces of `size` fit in `space` in a row, with their art past the row's
    outer cuts, and the largest gutter that keeps that many (the first of gutters)."""
    def holds(n: int, gutter: float) -> bool:
        return n * size + (n - 1) * gutter + 2 * _outer(gutter, bleed) <= space + _EPS

    best = 0
    for gutter in gutters:
        n = max(0, int(math.floor((space - 2 * _outer(gutter, bleed) + gutter + _EPS) / (size + gutter))))
        while n and not holds(n, gutter):
            n -= 1
        best = max(best, n)
    for gutter in gutters:
        if best and holds(best, gutter):
            return best, gutter
    return best, gutters[-1]


@dataclass(frozen=True)
class Block:
    """A grid of `count` pieces of one component, filled row by row from the top-left.

    (x, y) is the top-left of the first piece's trim; piece is the trim size as the piece
    draws it (its Frame); rotated blocks turn each piece a quarter turn clockwise on the
    fronts, so it occupies h x w on the page. gutter is the (x, y) space between trims;
    bleed is the print-shop bleed (art past every edge), 0 for home printing.
    """

    component: Component
    x: float
    y: float
    piece: tuple[float, float]
    cols: int
    rows: int
    count: int
    rotated: bool = False
    gutter: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0
    fill_page: bool = False
    first: int = 0          # the component's copy number of the block's first piece (from 0)

    @property
    def placed(self) -> tuple[float, float]:
        """A piece's size on the page."""
        w, h = self.piece
        return (h, w) if self.rotated else (w, h)

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the block's trims, from the first piece's cut to the last's."""
        (pw, ph), (gx, gy) = self.placed, self.gutter
        return self.cols * pw + (self.cols - 1) * gx, self.rows * ph + (self.rows - 1) * gy

    @property
    def margin(self) -> tuple[float, float]:
        """How far art runs past the block's outer cuts (x, y): half the gutter, BUTT_BLEED
        when its pieces touch, or the print-shop bleed."""
        gx, gy = self.gutter
        if self.fill_page:
            return self.bleed, self.bleed
        return _outer(gx, self.bleed), _outer(gy, self.bleed)

    @property
    def box(self) -> Box:
        """The block on the page with the art past its outer cuts: what nothing else may overlap."""
        w, h = self.size
        mx, my = self.margin
        return (self.x - mx, self.y - my, w + 2 * mx, h + 2 * my)

    def cell_origin(self, index: int) -> tuple[float, float]:
        """Top-left of the trim of piece `index` on the page."""
        row, col = divmod(index, self.cols)
        (pw, ph), (gx, gy) = self.placed, self.gutter
        return self.x + col * (pw + gx), self.y + row * (ph + gy)

    def extents(self, index: int) -> Extents:
        """How far piece `index`'s art runs past its cut on each side of the page: half the
        gutter on every side, the block's outer ones too; none on a side it shares with a
        touching neighbour (BUTT_BLEED on the block's outer sides); the bleed with a
        print-shop bleed."""
        if self.bleed > 0:
            return (self.bleed,) * 4
        if self.component.round:
            return (0.0,) * 4  # scissors follow the printed circle: nothing to gain past it
        mx, my = self.margin
        row, col = divmod(index, self.cols)
        last_col = min(self.cols, self.count - row * self.cols) - 1
        gx, gy = self.gutter

        def side(gutter: float, outer: float, inner_side: bool) -> float:
            return 0.0 if gutter <= _EPS and inner_side else outer

        # A piece touching one below: the short last row leaves some without.
        below = (row + 1) * self.cols + col < self.count
        return (side(gx, mx, col > 0), side(gy, my, row > 0), side(gx, mx, col < last_col), side(gy, my, below))

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x of the vertical cuts and y of the horizontal cuts: both edges of every column and row."""
        (pw, ph), (gx, gy) = self.placed, self.gutter
        xs: list[float] = []
        ys: list[float] = []
        for col in range(self.cols):
            for x in (self.x + col * (pw + gx), self.x + col * (pw + gx) + pw):
                if not xs or abs(xs[-1] - x) > _EPS:
                    xs.append(x)
        for row in range(self.rows):
            for y in (self.y + row * (ph + gy), self.y + row * (ph + gy) + ph):
                if not ys or abs(ys[-1] - y) > _EPS:
                    ys.append(y)
        return xs, ys

    def bottom_at(self, x: float) -> float:
        """The lowest cut under the column(s) that line x touches (a short last row ends higher)."""
        (pw, ph), (gx, gy) = self.placed, self.gutter
        last_row = self.count - (self.rows - 1) * self.cols  # pieces in the last row
        last_right = self.x + last_row * (pw + gx) - gx
        rows = self.rows if x <= last_right + _EPS else self.rows - 1
        return self.y + rows * ph + (rows - 1) * gy


@dataclass(frozen=True)
class Placement:
    """One piece face on a page: its trim box's top-left, its turn, and what draws it.

    size is the piece's trim as it draws it (its Frame); extents say how far its art may
    run past the cut on each side of the page (left, top, right, bottom).
    """

    x: float
    y: float
    rotation: int           # 0, 90 (fronts turned clockwise) or -90 (their backs)
    draw: Draw | None
    label: str
    component: Component
    size: tuple[float, float] = (0.0, 0.0)
    extents: Extents = (0.0, 0.0, 0.0, 0.0)
    index: int = 0          # which copy of its component, from 0 in the kit's order

    @property
    def placed(self) -> tuple[float, float]:
        w, h = self.size
        return (h, w) if self.rotation else (w, h)

    @property
    def box(self) -> Box:
        """The trim box on the page."""
        w, h = self.placed
        return (self.x, self.y, w, h)


Mark = tuple[float, float, float, float]


@dataclass(frozen=True)
class Sheet:
    """One page, ready to draw: its pieces, its cut marks (fronts), its printer offset (backs)."""

    side: Literal["front", "back"]
    paper: tuple[float, float]
    placements: tuple[Placement, ...]
    blocks: tuple[Block, ...] = ()
    marks: tuple[Mark, ...] = ()
    offset: tuple[float, float] = (0.0, 0.0)  # the printer correction, backs only
    bleed: float = 0.0
    ink_saver: bool = False                    # drawn light (kit.surface.inksaver): backs, fronts' floods
    stock: str = ""                            # the paper (kit.paper.STOCKS), the same on both sides
    label: str = ""                            # the page label, set by `labelled` once sheets are numbered
    label_at: tuple[float, float] = (0.0, 0.0)  # its top-left

    @property
    def blank(self) -> bool:
        """A back with nothing to print but its label: the sheet is single-sided."""
        return not self.placements

    @property
    def components(self) -> tuple[Component, ...]:
        """The components with a piece on this page (front or back), in the order placed."""
        seen: dict[str, Component] = {}
        for place in self.placements:
            seen.setdefault(place.component.id, place.component)
        return tuple(seen.values())

    @property
    def component(self) -> Component:
        """The component with the most area on the page (the one that names its SVG file)."""
        area: dict[str, float] = {}
        for place in self.placements:
            w, h = place.size
            area[place.component.id] = area.get(place.component.id, 0.0) + w * h
        best = max(area, key=lambda cid: area[cid])
        return next(c for c in self.components if c.id == best)


def copies(component: Component) -> list[Piece]:
    """Every copy to print, in order: each design repeated `copies` times."""
    out: list[Piece] = []
    for piece in component.pieces:
        if piece.copies < 0:
            raise KitError(_("component '{component}', {piece}: copies must be 0 or more, not {copies}").format(
                component=component.id, piece=piece.label, copies=piece.copies))
        out.extend([piece] * piece.copies)
    return out


# --- packing --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Copy:
    """One copy to print: its component, its design, and which copy of the component it is (from 0)."""

    component: Component
    piece: Piece
    index: int


@dataclass
class _Page:
    free: list[Box]
    blocks: list[tuple[Block, list[Copy]]] = field(default_factory=list)
    needed: bool = False  # holds a piece every table needs (not only pieces for more players)


def _area(paper: str, bottom: float = MIN_MARGIN) -> Box:
    """Where blocks (with the art past their cuts) may go: MIN_MARGIN from the paper's edge,
    room for a mark; `bottom` from the bottom edge."""
    pw, ph = paper_size(paper)
    m = MIN_MARGIN
    return (m, m, pw - 2 * m, ph - m - bottom)


BackKey: TypeAlias = "Draw | str | None"  # what tells two backs apart (back_key)


def same_back(a: BackKey, b: BackKey) -> bool:
    """Whether two backs (back_key) look the same at their edges: the same drawing, the same
    function called with equal arguments (a deck's back is one partial; a piece's own back
    is a partial of its own), or backs of one component that differ only inside."""
    if a is b or (isinstance(a, str) and a == b):
        return True
    if isinstance(a, partial) and isinstance(b, partial):
        return a.func is b.func and a.args == b.args and a.keywords == b.keywords
    return False


def back_key(component: Component, piece: Piece) -> BackKey:
    """What prints on the back of a copy of piece, as far as a miscut's sliver can tell: its
    own back, else its component's; the component alone when its backs are alike at their
    edges (Component.backs_alike_at_edges)."""
    if component.backs_alike_at_edges and piece.back is not None:
        return component.id
    return piece.back or component.back


def _unmarked(count: int, cols: int, gutter: tuple[float, float], backs: Sequence[BackKey]) -> int:
    """How many of the first `count` copies a block may hold, filled row by row, before two
    that touch (no gutter between them) would have different backs. Cut a little off their
    shared line, one would carry a sliver of the other's back: a deck's card marked among
    its own. Copies GUTTER apart keep half the gutter of their own art past the cut."""
    gx, gy = gutter
    for j in range(1, min(count, len(backs))):
        left = gx <= _EPS and j % cols and not same_back(backs[j - 1], backs[j])
        above = gy <= _EPS and j >= cols and not same_back(backs[j - cols], backs[j])
        if left or above:
            return j
    return count


def _best_block(component: Component, size: tuple[float, float], bleed: float, room: Box,
                wanted: int, backs: Sequence[BackKey] = ()) -> Block | None:
    """The block of up to `wanted` pieces that fits `room` holding the most (then the
    smaller, then upright), placed at room's top-left; None when no piece fits. backs: the
    back of each copy it would hold, in order: copies with different backs never touch
    (_unmarked), so where backs change the block either ends or keeps GUTTER between its
    pieces, whichever holds more."""
    x, y, w, h = room
    best: tuple[tuple[int, float, int], Block] | None = None
    mixed = bool(backs) and any(not same_back(backs[0], b) for b in backs[1:wanted])
    choices = [(max(2 * bleed, GUTTER),) if bleed > 0 else (0.0,) if component.shared_cuts else GUTTERS]
    if mixed and choices[0] == GUTTERS:
        choices.append((GUTTER,))
    for rotated in (False, True):
        pw, ph = (size[1], size[0]) if rotated else size
        for gutters in choices:
            cols, gx = _fit(w, pw, gutters, bleed)
            rows, gy = _fit(h, ph, gutters, bleed)
            capacity = cols * rows
            if capacity == 0:
                continue
            count = _unmarked(min(wanted, capacity), cols, (gx, gy), backs)
            if count < cols:
                cols = count
            rows = -(-count // cols)
            mx, my = _outer(gx, bleed), _outer(gy, bleed)
            block = Block(component, x + mx, y + my, size, cols, rows, count, rotated, (gx, gy), bleed)
            rest = count % cols
            if rest and count > cols:
                # Whole rows, when the short row's pieces fit in the room left beside or below:
                # the gaps of a short last row would be lost to every other piece.
                whole = Block(component, x + mx, y + my, size, cols, rows - 1, count - rest, rotated,
                              (gx, gy), bleed)
                if any((fits := _best_block(component, size, bleed, r, rest, backs[count - rest:count])) is not None
                       and fits.count == rest for r in _split(room, whole.box[2:], BLOCK_GAP)):
                    block = whole
            bw, bh = block.size
            score = (block.count, -(bw * bh), -rotated)
            if best is None or score > best[0]:
                best = (score, block)
    return best[1] if best else None


def _split(room: Box, used: tuple[float, float], gap: float) -> list[Box]:
    """Guillotine: what is left of room right of and below a block of `used` at its top-left;
    the larger remainder keeps the full length of its side."""
    x, y, w, h = room
    uw, uh = used
    right_w, below_h = w - uw - gap, h - uh - gap
    # Either the cut under the block runs the full width, or the cut beside it the full height.
    wide = [(x + uw + gap, y, right_w, uh), (x, y + uh + gap, w, below_h)]
    tall = [(x + uw + gap, y, right_w, h), (x, y + uh + gap, uw, below_h)]

    def largest(boxes: list[Box]) -> float:
        return max((b[2] * b[3] for b in boxes if b[2] > 0 and b[3] > 0), default=0.0)
    chosen = wide if largest(wide) >= largest(tall) else tall
    return [b for b in chosen if b[2] > _EPS and b[3] > _EPS]


def pack(components: list[Component] | tuple[Component, ...], paper: str, *, bleed: float = 0.0,
         optional_from: dict[str, int] | None = None,
         bottom: float = MIN_MARGIN) -> list[list[tuple[Block, list[Copy]]]]:
    """The pages of a kit as lists of (block, the copies it holds), in the kit's order.

    Components whose pieces are cut alike (the same size, both cut straight or both round,
    touching or not), one after the other in the packing order, are packed as one stream:
    a block may run from the last cards of one deck into the first of the next, so that
    three decks of 16 cards take the sheets 48 cards need, not a row more for each deck.

    optional_from[component id] = n says that the component's copies from the n-th on are
    only for larger tables (a board per player beyond the fewest players): pieces every
    table needs go where they keep such pages free of them, when the room allows, so that
    a smaller table can leave those sheets out.
    """
    optional_from = optional_from or {}
    order = {c.id: i for i, c in enumerate(components)}
    pages: list[_Page] = []
    loose: list[Component] = []
    for component in components:
        if not copies(component):
            continue
        if component.size == "page":
            pages.extend(_whole_pages(component, paper, bleed))
        else:
            loose.append(component)
    area = _area(paper, bottom)
    for stream in _streams(loose, order, optional_from):
        component = stream[0]
        size = (float(component.size[0]), float(component.size[1]))
        left = [Copy(c, piece, i) for c in stream for i, piece in enumerate(copies(c))]
        placed = 0
        optional = optional_from.get(component.id, len(left))
        if _best_block(component, size, bleed, area, 1) is None:
            w, h = size
            # A size from a layout names its file and field (kit.errors.Size); the paper is the build's.
            set_at = component.size if isinstance(component.size, Size) else Size(size)
            raise set_at.located(f"component '{component.id}' of {w:g} x {h:g} mm (bleed {bleed:g} mm) does not "
                                 f"fit on {paper} paper; the largest piece is {area[2] - 2 * bleed:g} x "
                                 f"{area[3] - 2 * bleed:g} mm")
        while left:
            needed = placed < optional
            best = _best_room(pages, component, size, bleed, left, needed)
            if best is None:
                pages.append(_Page([area], needed=needed))
                continue
            page, room, block = best
            block = replace(block, first=placed)
            page.needed = page.needed or needed
            page.free.remove(room)
            page.free.extend(_split(room, block.box[2:], BLOCK_GAP))
            page.blocks.append((block, left[:block.count]))
            left = left[block.count:]
            placed += block.count
    # Back into the kit's order: a page goes where its first component (in the kit) does.
    numbered = sorted(enumerate(pages), key=lambda ip: (min(order[c.component.id] for _, held in ip[1].blocks
                                                            for c in held), ip[0]))
    return [page.blocks for _, page in numbered]

def _whole_pages(component: Component, paper: str, bleed: float) -> list[_Page]:
    """A component the size of a page takes a page of its own for each copy, inset so that
    its bleed stays within the printer's margins."""
    _, _, w, h = printable_area(paper)
    inset = max(0.0, MIN_MARGIN + bleed - PAGE_MARGIN)
    pages = []
    for i, piece in enumerate(copies(component)):
        block = Block(component, PAGE_MARGIN + inset, PAGE_MARGIN + inset, (w - 2 * inset, h - 2 * inset),
                      1, 1, 1, bleed=bleed, fill_page=True, first=i)
        pages.append(_Page([], [(block, [Copy(component, piece, i)])], needed=True))
    return pages


def _streams(loose: list[Component], order: dict[str, int], optional_from: dict[str, int]) -> list[list[Component]]:
    """The components packed together, largest pieces first: one after the other in that
    order, cut alike and none with copies for larger tables only, they are one stream."""
    streams: list[list[Component]] = []
    for component in sorted(loose, key=lambda c: (-float(c.size[0]) * float(c.size[1]), order[c.id])):
        last = streams[-1][-1] if streams else None
        if (last is not None and _cut_alike(last, component)
                and component.id not in optional_from and last.id not in optional_from):
            streams[-1].append(component)
        else:
            streams.append([component])
    return streams


def _best_room(pages: list[_Page], component: Component, size: tuple[float, float], bleed: float,
               left: list[Copy], needed: bool) -> tuple[_Page, Box, Block] | None:
    """Best fit: the smallest free room that takes every piece left, else the room that takes
    the most; None when no room takes any (a new page then). Rooms that would mix pieces
    every table needs with pieces for larger tables come last."""
    best = None
    backs = [back_key(c.component, c.piece) for c in left]
    for p, page in enumerate(pages):
        for room in page.free:
            fits = _best_block(component, size, bleed, room, len(left), backs)
            if fits is None:
                continue
            takes_all = fits.count == len(left)
            score = (needed == page.needed, takes_all, -room[2] * room[3] if takes_all else fits.count, -p)
            if best is None or score > best[0]:
                best = (score, page, room, fits)
    if best is None:
        return None
    _, page, room, fits = best
    return page, room, fits


def _cut_alike(a: Component, b: Component) -> bool:
    """Whether pieces of a and b may share a block: the same size, cut the same way."""
    return (a.size == b.size and a.round == b.round and a.shared_cuts == b.shared_cuts
            and KIND_STOCK[a.kind] == KIND_STOCK[b.kind])


def _mirror_extents(e: Extents) -> Extents:
    left, top, right, bottom = e
    return (right, top, left, bottom)


def impose_kit(components: list[Component] | tuple[Component, ...], paper: str, *, bleed: float = 0.0,
               backs: bool = True, back_offset: tuple[float, float] = (0.0, 0.0),
               ink_saver: bool = False, optional_from: dict[str, int] | None = None,
               tight: bool = False) -> list[Sheet]:
    """Every page of a kit, two per sheet of paper: each page of fronts followed by its page
    of backs (both drawn light with ink_saver; blank when nothing on the sheet has a back, or
    without backs). One run of sheets per stock, in STOCKS order. optional_from: see `pack`.

    tight: the pieces may come down to TIGHT_BOTTOM from the bottom edge, where no cut mark
    fits (each cut across keeps its mark at the top); the page label then has to find room
    at the top, between the marks, which the caller checks (kit.build.plan)."""
    sheets: list[Sheet] = []
    for stock in STOCKS:
        run = [c for c in components if KIND_STOCK[c.kind] == stock]
        for blocks in pack(run, paper, bleed=bleed, optional_from=optional_from,
                           bottom=TIGHT_BOTTOM if tight else MIN_MARGIN):
            sheets += _sheet(blocks, paper, stock, bleed=bleed, backs=backs, back_offset=back_offset,
                             ink_saver=ink_saver)
    return sheets


def _sheet(blocks: list[tuple[Block, list[Copy]]], paper: str, stock: str, *, bleed: float, backs: bool,
           back_offset: tuple[float, float], ink_saver: bool) -> tuple[Sheet, Sheet]:
    """The two pages of one sheet of paper: its fronts with their cut marks, and its backs."""
    pw, ph = paper_size(paper)
    fronts: list[Placement] = []
    rear: list[Placement] = []
    for block, held in blocks:
        turn = 90 if block.rotated else 0
        for i, (component, piece, index) in enumerate((c.component, c.piece, c.index) for c in held):
            x, y = block.cell_origin(i)
            extents = block.extents(i)
            fronts.append(Placement(x, y, turn, piece.front, piece.label, component, block.piece, extents, index))
            back_draw = piece.back or component.back
            if backs and back_draw is not None:
                w, _ = block.placed
                rear.append(Placement(pw - x - w, y, -turn, back_draw, piece.label, component, block.piece,
                                      _mirror_extents(extents), index))
    only = tuple(b for b, _ in blocks)
    front = Sheet("front", (pw, ph), tuple(fronts), only, tuple(cut_marks(only, (pw, ph))), bleed=bleed,
                  ink_saver=ink_saver, stock=stock)
    mirrored = tuple(_mirror_block(b, pw) for b in only) if rear else ()
    # A blank back takes no printer offset: its label keeps to the margin it was placed in.
    back = Sheet("back", (pw, ph), tuple(rear), mirrored, offset=back_offset if rear else (0.0, 0.0),
                 bleed=bleed, ink_saver=ink_saver, stock=stock)
    return front, back


def _mirror_block(block: Block, paper_width: float) -> Block:
    """The block as its backs lie on the back page (for the page boxes and the contents)."""
    w, _ = block.size
    return replace(block, x=paper_width - block.x - w)


def impose(component: Component, paper: str, *, bleed: float = 0.0, backs: bool = True,
           back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Sheet]:
    """The pages of one component alone."""
    return impose_kit([component], paper, bleed=bleed, backs=backs, back_offset=back_offset)


# --- cut marks ------------------------------------------------------------------------------
def cut_marks(blocks: tuple[Block, ...], paper: tuple[float, float]) -> list[Mark]:
    """Short lines (x1, y1, x2, y2) in line with every cut of every block, outside all art.

    A mark starts MARK_GAP past its block's art and runs outwards up to MARK_LENGTH, but
    stops EDGE short of the paper's edge and halfway to any other block in its way; a
    mark that would be shorter than MARK_MIN is left out.
    """
    pw, ph = paper
    boxes = [b.box for b in blocks]
    marks: list[Mark] = []

    def room(i: int, along: str, at: float, start: float, step: int) -> float:
        """How far a mark may run from `start` (step -1: towards 0, +1: away) on the line at `at`."""
        limit = (start - EDGE) if step < 0 else ((ph if along == "y" else pw) - EDGE - start)
        for j, (bx, by, bw, bh) in enumerate(boxes):
            if j == i:
                continue
            if along == "y":
                if not bx - _EPS <= at <= bx + bw + _EPS:
                    continue
                distance = (start - (by + bh)) if step < 0 else (by - start)
            else:
                if not by - _EPS <= at <= by + bh + _EPS:
                    continue
                distance = (start - (bx + bw)) if step < 0 else (bx - start)
            if distance >= -_EPS:
                limit = min(limit, distance / 2 - MARK_GAP / 2)
        return min(limit, MARK_LENGTH)

    for i, block in enumerate(blocks):
        if block.fill_page:
            continue
        bx, by, bw, bh = block.box
        xs, ys = block.cut_lines()
        for x in xs:
            top = by - MARK_GAP
            length = room(i, "y", x, top, -1)
            if length >= MARK_MIN - _EPS:
                marks.append((x, top - length, x, top))
            bottom = block.bottom_at(x) + block.margin[1] + MARK_GAP
            length = room(i, "y", x, bottom, +1)
            if length >= MARK_MIN - _EPS:
                marks.append((x, bottom, x, bottom + length))
        for y in ys:
            left = bx - MARK_GAP
            length = room(i, "x", y, left, -1)
            if length >= MARK_MIN - _EPS:
                marks.append((left - length, y, left, y))
            right = bx + bw + MARK_GAP
            length = room(i, "x", y, right, +1)
            if length >= MARK_MIN - _EPS:
                marks.append((right, y, right + length, y))
    return marks


class PieceError(KitError):
    """A piece that could not be drawn (its text does not fit), named by component and label."""

    def __init__(self, component: str, label: str, cause: Exception):
        self.component, self.label, self.cause = component, label, cause
        super().__init__(f"component '{component}', {label}: {cause}")


def _union(boxes: list[Box]) -> Box:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return (x0, y0, x1 - x0, y1 - y0)


def _boxes(sheet: Sheet) -> tuple[Box | None, Box | None]:
    """The page's TrimBox and BleedBox (with a print-shop bleed): around all its pieces."""
    if sheet.bleed <= 0 or not sheet.placements:
        return None, None
    dx, dy = sheet.offset
    b = sheet.bleed
    tx, ty, tw, th = _union([p.box for p in sheet.placements])
    return (tx + dx, ty + dy, tw, th), (tx + dx - b, ty + dy - b, tw + 2 * b, th + 2 * b)


def frame_extents(place: Placement) -> Extents:
    """The placement's extents in the piece's own frame (left, top, right, bottom), undoing its turn."""
    left, top, right, bottom = place.extents
    if place.rotation == 90:     # frame x runs down the page, frame y runs leftwards
        return (top, right, bottom, left)
    if place.rotation == -90:    # frame x runs up the page, frame y runs rightwards
        return (bottom, left, top, right)
    return place.extents


# What makes two placements draw the same thing (placement_key).
PlacementKey: TypeAlias = "tuple[Draw | None, tuple[float, float], float, bool]"


def placement_key(place: Placement) -> PlacementKey:
    """What makes two placements draw the same thing: the same drawing, size and bleed (the
    clip of each placement is applied around it)."""
    return (place.draw, place.size, max(place.extents), bool(place.component and place.component.round))


def draw_sheet(surface: Surface, sheet: Sheet, reuse: Collection[PlacementKey] = frozenset()) -> None:
    """Draw one page: each piece in its cell (clipped to its art), then the cut marks.

    A placement whose key (placement_key) is in `reuse` is drawn through surface.reused,
    so a backend may draw it once and repeat it (a PDF Form XObject, an SVG <use>).
    """
    pw, ph = sheet.paper
    trim, bleed_box = _boxes(sheet)
    surface.begin_page(pw, ph, trim=trim, bleed=bleed_box)
    dx, dy = sheet.offset
    for place in sheet.placements:
        if place.draw is None:
            continue
        w, h = place.size
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
                        _draw_piece(surface, place, reuse, sheet.side if sheet.ink_saver else None)
                else:
                    _draw_piece(surface, place, reuse, sheet.side if sheet.ink_saver else None)
        except TextDoesNotFit as error:
            raise PieceError(place.component.id if place.component else "?", place.label, error) from error
    if sheet.side == "front":
        for x1, y1, x2, y2 in sheet.marks:
            surface.line(x1, y1, x2, y2, stroke=MARK_COLOUR, width=MARK_WIDTH)
    if sheet.label:
        ascent, _ = surface.ascent_descent(font=LABEL_FONT, size=LABEL_PT)
        x, top = sheet.label_at
        surface.text(x, top + ascent, sheet.label, font=LABEL_FONT, size=LABEL_PT, colour=LABEL_COLOUR)
    surface.end_page()


def labelled(sheet: Sheet, text: str) -> Sheet:
    """The sheet with its label `text` placed (label_spot). When marks leave no room in
    either margin, the bottom ends of the vertical cuts' marks under the label go: each of
    those cuts keeps its mark at the top end, which the margin or the gap above always leaves."""
    width = text_width(text, LABEL_FONT, LABEL_PT)
    ascent, descent = ascent_descent(LABEL_FONT, LABEL_PT)
    height = ascent + descent
    try:
        return replace(sheet, label=text, label_at=label_spot(sheet.paper, width, height, obstacles(sheet)))
    except KitError:
        if not sheet.marks:
            raise
    pw, ph = sheet.paper
    band = ph - EDGE - height - LABEL_MARK_CLEAR
    left, right = pw / 2 - width / 2 - LABEL_MARK_CLEAR, pw / 2 + width / 2 + LABEL_MARK_CLEAR
    kept = tuple(m for m in sheet.marks
                 if not (m[0] == m[2] and max(m[1], m[3]) > band and left < m[0] < right))
    sheet = replace(sheet, marks=kept)
    return replace(sheet, label=text, label_at=label_spot(sheet.paper, width, height, obstacles(sheet)))


def art_box(place: Placement) -> Box:
    """A placement's art on its page: its trim box grown by its extents."""
    x, y, w, h = place.box
    left, top, right, bottom = place.extents
    return (x - left, y - top, w + left + right, h + top + bottom)


def obstacles(sheet: Sheet) -> list[Box]:
    """What the page label must keep clear of: every piece's art (where the printer offset
    puts it) and every cut mark, grown so that label_spot's own clearance leaves the label
    LABEL_MARK_CLEAR from the mark every way."""
    dx, dy = sheet.offset
    boxes = [(x + dx, y + dy, w, h) for x, y, w, h in (art_box(p) for p in sheet.placements)]
    grow, grow_y = LABEL_MARK_CLEAR - LABEL_CLEAR, LABEL_MARK_CLEAR - LABEL_CLEAR_Y
    boxes += [(min(x1, x2) - grow, min(y1, y2) - grow_y, abs(x2 - x1) + 2 * grow, abs(y2 - y1) + 2 * grow_y)
              for x1, y1, x2, y2 in sheet.marks]
    return boxes


def label_spot(paper: tuple[float, float], width: float, height: float, around: list[Box]) -> tuple[float, float]:
    """The top-left (x, y) of a width x height label in the page's margin: in the band EDGE
    from the bottom edge, else from the top one, as near the middle as the marks and the
    art in that band allow, LABEL_CLEAR beside each (LABEL_CLEAR_Y above and below)."""
    pw, ph = paper
    for top in (ph - EDGE - height, EDGE):
        low, high = top - LABEL_CLEAR_Y, top + height + LABEL_CLEAR_Y
        blocked = sorted((bx - LABEL_CLEAR, bx + bw + LABEL_CLEAR) for bx, by, bw, bh in around
                         if by < high and by + bh > low)
        free: list[tuple[float, float]] = []
        start = EDGE
        for a, b in blocked:
            if a > start:
                free.append((start, a))
            start = max(start, b)
        if pw - EDGE > start:
            free.append((start, pw - EDGE))
        centred = pw / 2 - width / 2
        spots = [min(max(centred, a), b - width) for a, b in free if b - a >= width - _EPS]
        if spots:
            return min(spots, key=lambda x: abs(x - centred)), top
    raise KitError(_("no room in the page's margins for its label ({width:.0f} mm)").format(width=width))


def draw_label(surface: Surface, paper: tuple[float, float], text: str, around: list[Box]) -> None:
    """The page label, LABEL_PT, in a margin clear of everything in `around`."""
    ascent, descent = surface.ascent_descent(font=LABEL_FONT, size=LABEL_PT)
    width = surface.text_width(text, font=LABEL_FONT, size=LABEL_PT)
    x, top = label_spot(paper, width, ascent + descent, around)
    surface.text(x, top + ascent, text, font=LABEL_FONT, size=LABEL_PT, colour=LABEL_COLOUR)


class _KeepsTextInside:
    """The surface as a piece sees it, refusing text under 6 pt and any line that leaves the piece.

    Text boxes shrink and refuse on their own, but a part may print a layout's word on one
    line (a token's title, a board's name): longer words there would be clipped by the cut
    without a word. So every line drawn without rotation is measured against the piece's
    trim (its circle for a round piece); a line that leaves it raises TextDoesNotFit, which
    the build reports with the component and the entry. Rotated lines (track labels) are
    left to their parts, which size them from the track itself.
    """

    def __init__(self, surface: Surface | InkSaver, frame: Frame, round_: bool):
        self._surface, self._frame, self._round = surface, frame, round_
        self._dx = self._dy = 0.0
        self._turns = 0

    def __getattr__(self, name: str) -> Any:  # whatever the wrapped surface holds
        # Found once, then kept on the instance: parts draw thousands of shapes through it.
        value = getattr(self._surface, name)
        setattr(self, name, value)
        return value

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
        ink = s.strip()
        if ink:
            if size < MIN_TEXT_PT - 1e-9:
                raise TextDoesNotFit(f"the text « {ink[:60]} » would print at {size:g} pt, under the "
                                     f"{MIN_TEXT_PT:g} pt a player can read; shorten it or enlarge its box")
            if not self._turns:
                self._check(x + self._dx, y + self._dy, s, ink, font, size, anchor)
        self._surface.text(x, y, s, font=font, size=size, colour=colour, anchor=anchor)

    def _check(self, x: float, y: float, s: str, ink: str, font: str, size: float, anchor: str) -> None:
        w, h = self._frame.width, self._frame.height
        ink_w = self._surface.text_width(ink, font=font, size=size)
        left = run_start(x, ink, font, size, anchor)
        right = left + ink_w
        if self._round:
            r = min(w, h) / 2
            inside = (math.hypot(left - w / 2, y - h / 2) <= r + _TEXT_SLACK
                      and math.hypot(right - w / 2, y - h / 2) <= r + _TEXT_SLACK)
        else:
            inside = (-_TEXT_SLACK <= left <= w + _TEXT_SLACK and -_TEXT_SLACK <= right <= w + _TEXT_SLACK
                      and 0 <= y <= h + _TEXT_SLACK)
        if not inside:
            excerpt = s if len(s) <= 60 else s[:57].rstrip() + "…"
            raise TextDoesNotFit(f"the line « {excerpt} » runs past the edge of the "
                                 f"{w:g} x {h:g} mm piece at {size:g} pt; shorten it")


def _draw_piece(surface: Surface, place: Placement, reuse: Collection[PlacementKey], light: str | None = None) -> None:
    """Draw one piece in its frame; light is the side ("front" or "back") it is drawn light
    for (kit.surface.inksaver), None for its full ink."""
    w, h = place.size
    left, top, right, bottom = frame_extents(place)
    bleed = max(left, top, right, bottom)
    round_ = bool(place.component and place.component.round)
    if round_:
        # A round piece keeps its art inside its circle (plus what it may bleed).
        e = min(left, top, right, bottom)
        clip: dict[str, Any] = dict(x=-e, y=-e, w=w + 2 * e, h=h + 2 * e, circle=True)
    else:
        clip = dict(x=-left, y=-top, w=w + left + right, h=h + top + bottom)

    # A screen behind a secret keeps all its ink: a lighter one would let the secret through.
    if light == "back" and place.component and place.component.back_screens:
        light = None

    draw = place.draw
    assert draw is not None, "draw_sheet leaves a blank back undrawn"

    def art() -> None:
        seen = InkSaver(surface, fronts=light == "front") if light else surface
        # the wrapper passes on every drawing call the piece makes, as a Surface would
        draw(cast("Surface", _KeepsTextInside(seen, Frame(w, h), round_)), Frame(w, h, bleed=bleed))

    with surface.clipped(**clip):
        key = placement_key(place)
        if key in reuse:
            # drawn light or not, the same drawing is not the same picture
            surface.reused((key, light), (-bleed, -bleed, w + 2 * bleed, h + 2 * bleed), art)
        else:
            art()
    if round_ and bleed <= 0:
        # A faint circle exactly on the cut line guides scissors; cutting removes it.
        r = min(w, h) / 2
        surface.circle(w / 2, h / 2, r, stroke=GUIDE_COLOUR, width=0.15)
