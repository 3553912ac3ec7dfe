"""« La règle du jeu »: a kit's complete rules, pages of its paper run right after the contents sheet.

The text is the game's `layouts/<game>/rules-complete.yaml` (BOOK below): a title, the
picture of the table as it is set up, and the sections in print order (setup, the turn,
each card or action type, the end and the scoring, and at least one worked example, which
prints in a shaded box). The rule engine's numbers appear as {placeholders}, filled from
the game's `engine_values()` (kit.games.<game>.layout), as « La règle en bref » is
(kit.rules_page), or from its `text_values(layouts)` where the cards' own numbers join
them: the rules never type a number the engine or a card owns.

The picture is drawn from the kit's own pieces: each one the designer lays on the table
is drawn by its component's own drawing function on the page scaled down (the surface's
`scaled`), so it is the piece as it prints, every word of it. A worked example's pieces
are drawn large enough for their title to read (TITLE_READS, about 6 pt once scaled); the
setup picture shows a place at the table and what lies between the places, a few pieces
whose titles print at 5 pt or more, rather than every pile too small to read. A label beside
a piece names it. A section may show pieces too, under its heading (`figure`: the
cards a worked example plays), and end with the game's list of its cards, each as the
card prints it (`catalogue`, from the game's layout module).

Pages: the title and the picture open the first page, then the sections flow down two
columns, page after page; a heading never ends a column, a paragraph is never cut; the
last page's text is shared between its two columns (`_balanced`), not left in one beside an
empty half page. The
book takes an even number of pages (a whole number of two-sided sheets), its last back
blank when the text ends on a front. A game without the file (a new game, still in the
making) prints no book. `typeset` measures it all once (the build needs the
page count before it numbers the pieces' pages); `draw_page` draws one page of it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kit.games
from kit import faces
from kit.errors import KitError, LayoutError, TextDoesNotFit
from kit.i18n import _
from kit.model import Component, Frame, GameKit
from kit.palette import GREYS, lighten, resolve
from kit.paper import paper_size, printable_area
from kit.parts.text import text_box, text_height
from kit.placeholders import fill
from kit.schema import Field, ListOf, Record, entry_name, find, layout_dir, load_yaml

if TYPE_CHECKING:
    from kit.surface.base import Surface

FILE_STEM = "rules-complete"

THING = Record({
    "component": Field(str, doc="the id of one of the kit's components"),
    "piece": Field(int, default=1, min=1, doc="which of its designs, counted from 1"),
    "face": Field(str, default="front", choices=("front", "back")),
    "x": Field(float, min=0, max=300, doc="mm from the picture's left edge to the piece's"),
    "y": Field(float, min=0, max=300, doc="mm from the picture's top edge to the piece's"),
    "turn": Field(int, default=0, choices=(0, 90, 180, 270), doc="degrees, clockwise"),
    "pile": Field(int, default=1, min=1, max=20,
                  doc="copies drawn one upon the other (a deck, a hand), or side by side when step "
                      "is a piece's width or more (a row of tokens)"),
    "step": Field(ListOf(float, min_len=2, max_len=2), default=[0.5, -0.5],
                  doc="mm from one copy of a pile to the next, across and down"),
    "label": Field("text", default="", doc="what the piece is, printed beside it"),
    "label_side": Field(str, default="below", choices=("below", "above", "left", "right")),
}, name_key="component")
PICTURE = Record({
    "height": Field(float, min=30, max=200, doc="mm; the picture is as wide as the page's text"),
    "scale": Field(float, min=0.05, max=1.0, doc="the size of the pieces in the picture, 1 = real size"),
    "caption": Field("text", default=""),
    "pieces": Field(ListOf(THING, min_len=1)),
})
FIGURE = Record({
    "height": Field(float, min=10, max=200, doc="mm; the figure is as wide as the column's text"),
    "scale": Field(float, min=0.05, max=1.0, doc="the size of the pieces, 1 = real size"),
    "caption": Field("text", default=""),
    "pieces": Field(ListOf(THING, min_len=1)),
})
SECTION = Record({
    "heading": Field("text", min=1),
    "text": Field("text", min=1, doc="French, the project's own words; a line break starts a paragraph"),
    "example": Field(bool, default=False, doc="a worked example, set in a shaded box"),
    "figure": Field(FIGURE, required=False, doc="pieces shown under the heading: the cards an example plays"),
    "catalogue": Field(bool, default=False, doc="the game's list of its cards follows the text, one paragraph a "
                                                "design, as the cards print it (its layout module's catalogue())"),
}, name_key="heading")
BOOK = Record({
    "title": Field("text", min=1),
    "accent": Field("colour", default="black"),
    "table": Field(PICTURE, doc="the table as it is set up, drawn with the kit's pieces"),
    "sections": Field(ListOf(SECTION, min_len=1)),
})

BODY = 9.0          # pt
LEADING = 1.25
HEADING = 10.5      # pt
TITLE = 16.0        # pt
LABEL = 7.0         # pt: the smallest text the kit prints
TITLE_READS = 5.8   # pt: the biggest words of a worked example's piece (its title), once scaled
GUTTER = 7.0        # mm between the columns
PARAGRAPH_GAP = 1.5
SECTION_GAP = 4.0
EXAMPLE_PAD = 2.5   # mm inside the example's shaded box
DESCENT_ROOM = 1.0  # mm: a line's descenders (j, g, p) may reach below its measured height
INK = GREYS["ink"]


@dataclass(frozen=True)
class Thing:
    """One piece of the picture, as the designer laid it."""

    component: Component
    piece: int          # index into component.pieces
    face: str
    x: float
    y: float
    turn: int
    pile: int
    step: tuple[float, float]
    label: str
    label_side: str
    entry: str          # how the layout names it in errors


@dataclass(frozen=True)
class Picture:
    height: float
    scale: float
    caption: str
    things: tuple[Thing, ...]


@dataclass(frozen=True)
class Block:
    """A heading, a figure or a paragraph of a section, measured at the column's width."""

    text: str
    heading: bool
    example: bool
    height: float
    space_after: float
    first: bool = False   # the section's first block (its heading)
    last: bool = False    # the section's last paragraph
    figure: Picture | None = None


@dataclass(frozen=True)
class Placed:
    block: Block
    column: int
    y: float


@dataclass(frozen=True)
class Book:
    """A kit's rules, typeset for one paper: what each page holds."""

    game: str
    title: str
    accent: str
    picture: Picture
    box: tuple[float, float, float, float]
    paper: str
    pages: tuple[tuple[Placed, ...], ...]   # an even number of pages (the last may be empty)
    top: float                               # where the columns start on the first page
    picture_at: tuple[float, float]          # the picture's top-left corner on the first page

    @property
    def page_count(self) -> int:
        return len(self.pages)


def rules_path(game_id: str, layouts: Path | str) -> Path:
    return find(layout_dir(layouts, game_id), FILE_STEM)


def _components(game_kit: GameKit, game_id: str, layouts: Path | str, wanted: set[str]) -> dict[str, Component]:
    """The kit's components by id; the whole kit's when a build keeps only some (--only)."""
    found = {c.id: c for c in game_kit.components}
    if wanted - set(found):
        found = {c.id: c for c in kit.games.layout_module(game_id).build(Path(layouts)).components}
    return found


def placeholder_values(game_id: str, layouts: Path | str) -> dict[str, object]:
    """The game's {placeholders}: its faces' text_values(layouts) where the game gives its
    cards' numbers to every text (Promotion's {accusation_steal}), else its layout's
    engine_values()."""
    text_values = faces.of(game_id).text_values
    if text_values is not None:
        return dict(text_values(Path(layouts)))
    return dict(kit.games.layout_module(game_id).engine_values())


@dataclass(frozen=True)
class Section:
    heading: str
    text: str
    example: bool
    figure: Picture | None    # pieces shown after the heading (the cards of an example)
    entry: str                # how the layout names it in errors


def _picture(table: dict[str, Any], base: str, components: dict[str, Component], values: dict[str, object],
             path: Path) -> Picture:
    things = []
    for i, t in enumerate(table["pieces"], start=1):
        entry = entry_name(f"{base}.pieces", i, t["component"])
        component = components.get(t["component"])
        if component is None:
            raise LayoutError(path, entry, "component", _("unknown component {component}; the kit's are {components}")
                              .format(component=f"'{t['component']}'", components=", ".join(components)))
        if t["piece"] > len(component.pieces):
            raise LayoutError(path, entry, "piece", _("{component} has {designs} designs, not {piece}").format(
                component=f"'{component.id}'", designs=len(component.pieces), piece=t["piece"]))
        piece = component.pieces[t["piece"] - 1]
        if t["face"] == "back" and (piece.back or component.back) is None:
            raise LayoutError(path, entry, "face", _("{component} has no back to show").format(
                component=f"'{component.id}'"))
        things.append(Thing(component, t["piece"] - 1, t["face"], t["x"], t["y"], t["turn"], t["pile"],
                            (t["step"][0], t["step"][1]), fill(t["label"], values, path, entry, "label")
                            if t["label"] else "", t["label_side"], entry))
    return Picture(table["height"], table["scale"],
                   fill(table["caption"], values, path, base, "caption") if table["caption"] else "", tuple(things))


def load(game_kit: GameKit, layouts: Path | str) -> tuple[str, str, Picture, tuple[Section, ...]]:
    """The game's rules-complete.yaml, checked, with the engine's numbers filled: (title,
    accent, the picture of the table, the sections)."""
    game_id = game_kit.id
    path = rules_path(game_id, layouts)
    data = load_yaml(path, BOOK)
    values = placeholder_values(game_id, layouts)
    wanted = {t["component"] for t in data["table"]["pieces"]}
    wanted |= {t["component"] for s in data["sections"] if s["figure"] for t in s["figure"]["pieces"]}
    components = _components(game_kit, game_id, layouts, wanted)
    sections = []
    for i, section in enumerate(data["sections"], start=1):
        entry = entry_name("sections", i, section["heading"])
        figure = _picture(section["figure"], f"{entry}.figure", components, values, path) if section["figure"] else None
        text = fill(section["text"], values, path, entry, "text")
        if section["catalogue"]:
            catalogue = faces.of(game_id).catalogue
            if catalogue is None:
                raise LayoutError(path, entry, "catalogue", _("this game's kit has no list of its cards to print"))
            text = "\n".join([text, *catalogue(Path(layouts))])
        sections.append(Section(fill(section["heading"], values, path, entry, "heading"), text, section["example"],
                                figure, entry))
    if not any(s.example for s in sections):
        raise LayoutError(path, None, "sections", _("no section is a worked example; mark one with {example}").format(
            example="'example: true'"))
    picture = _picture(data["table"], "table", components, values, path)
    return (fill(data["title"], values, path, None, "title"), data["accent"], picture, tuple(sections))


# --- the picture ----------------------------------------------------------------------------------
def _size(component: Component, paper: str) -> tuple[float, float]:
    if component.size == "page":
        _, _, w, h = printable_area(paper)
        return w, h
    return float(component.size[0]), float(component.size[1])


def footprint(thing: Thing, scale: float, paper: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) in the picture, in mm, of the thing with its whole pile."""
    w, h = _size(thing.component, paper)
    if thing.turn in (90, 270):
        w, h = h, w
    w, h = w * scale, h * scale
    dx, dy = ((thing.pile - 1) * s for s in thing.step)
    return thing.x + min(dx, 0.0), thing.y + min(dy, 0.0), w + abs(dx), h + abs(dy)


def copies_drawn(thing: Thing, scale: float, paper: str) -> int:
    """How many copies of a pile are drawn whole: all of them when they lie apart (a row of
    tokens, a hand spread wide), as no word of one lies under another; else the top one, the
    others being its edges."""
    w, h = _size(thing.component, paper)
    if thing.turn in (90, 270):
        w, h = h, w
    apart = abs(thing.step[0]) >= w * scale - 0.01 or abs(thing.step[1]) >= h * scale - 0.01
    return thing.pile if apart else 1


def _draw_thing(surface: Surface, thing: Thing, scale: float, paper: str, ox: float, oy: float) -> None:
    w, h = _size(thing.component, paper)
    piece = thing.component.pieces[thing.piece]
    draw = piece.front if thing.face == "front" else (piece.back or thing.component.back)
    assert draw is not None, "load() refuses a back that does not exist"
    pw, ph = (h, w) if thing.turn in (90, 270) else (w, h)
    pw, ph = pw * scale, ph * scale
    origin = {0: (0.0, 0.0), 90: (pw, 0.0), 180: (pw, ph), 270: (0.0, ph)}[thing.turn]
    shape = thing.component.round
    apart = copies_drawn(thing, scale, paper) > 1
    for n in range(thing.pile):
        x = ox + thing.x + n * thing.step[0]
        y = oy + thing.y + n * thing.step[1]
        if shape:
            surface.circle(x + pw / 2 + 0.35, y + ph / 2 + 0.35, min(pw, ph) / 2, fill=GREYS["light"])
        else:
            surface.rect(x + 0.35, y + 0.35, pw, ph, fill=GREYS["light"], radius=0.6)
        with surface.clipped(x, y, pw, ph, circle=shape, radius=0.6):
            surface.rect(x, y, pw, ph, fill=GREYS["paper"])
            # a pile shows its top copy; the ones under it are edges: drawn whole, their words
            # would lie under the top one's in the PDF, read by a screen reader or a search
            if apart or n == thing.pile - 1:
                with surface.translated(x + origin[0], y + origin[1]), surface.rotated(thing.turn), \
                        surface.scaled(scale):
                    draw(surface, Frame(w, h))
        if shape:
            surface.circle(x + pw / 2, y + ph / 2, min(pw, ph) / 2, stroke=GREYS["mid"], width=0.15)
        else:
            surface.rect(x, y, pw, ph, stroke=GREYS["mid"], width=0.15, radius=0.6)


def _label_box(surface: Surface, thing: Thing, scale: float, paper: str) -> tuple[float, float, float, float]:
    x, y, w, h = footprint(thing, scale, paper)
    ascent, descent = surface.ascent_descent(font="sans", size=LABEL)
    lines = thing.label.split("\n")
    tw = max(surface.text_width(line.replace("**", ""), font="sans-bold", size=LABEL) for line in lines) + 0.5
    th = (ascent + descent) * len(lines) * 1.1
    if thing.label_side == "below":
        return x + w / 2 - tw / 2, y + h + 0.8, tw, th
    if thing.label_side == "above":
        return x + w / 2 - tw / 2, y - 0.8 - th, tw, th
    if thing.label_side == "left":
        return x - 1.2 - tw, y + h / 2 - th / 2, tw, th
    return x + w + 1.2, y + h / 2 - th / 2, tw, th


def _check_picture(surface: Surface, picture: Picture, width: float, paper: str, path: Path) -> None:
    """Every piece and its label inside the picture, on this paper."""
    for thing in picture.things:
        entry = thing.entry
        x, y, w, h = footprint(thing, picture.scale, paper)
        if x + w > width + 0.01 or y + h > picture.height + 0.01 or x < -0.01 or y < -0.01:
            raise LayoutError(path, entry, "x", _("the piece lies at {left}–{right} x {top}–{bottom} mm, outside the "
                                                  "{width} x {height} mm picture on {paper}").format(
                left=f"{x:.0f}", right=f"{x + w:.0f}", top=f"{y:.0f}", bottom=f"{y + h:.0f}", width=f"{width:.0f}",
                height=f"{picture.height:.0f}", paper=paper))
        if thing.label:
            lx, ly, lw, lh = _label_box(surface, thing, picture.scale, paper)
            if lx < -0.01 or ly < -0.01 or lx + lw > width + 0.01 or ly + lh > picture.height + 0.01:
                raise LayoutError(path, entry, "label", _("the label {label} leaves the {width} x {height} mm picture "
                                                          "on {paper}; move the piece or put the label on another side "
                                                          "({field})").format(
                    label=f"« {' '.join(thing.label.split())} »", width=f"{width:.0f}", height=f"{picture.height:.0f}",
                    paper=paper, field="'label_side'"))
    # A label is read only where nothing else lies: no other label, no piece.
    boxes = [(t, footprint(t, picture.scale, paper)) for t in picture.things]
    labels = [(t, _label_box(surface, t, picture.scale, paper)) for t in picture.things if t.label]
    for thing, box in labels:
        for other, other_box in labels + boxes:
            if other is not thing and _overlap(box, other_box):
                raise LayoutError(path, thing.entry, "label", _("the label {label} lies over {other} on {paper}; move "
                                                                "the piece or put the label on another side ({field})")
                                  .format(label=f"« {' '.join(thing.label.split())} »", other=other.entry,
                                          paper=paper, field="'label_side'"))


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] - 0.01 and b[0] < a[0] + a[2] - 0.01 and a[1] < b[1] + b[3] - 0.01 \
        and b[1] < a[1] + a[3] - 0.01


def _caption_height(surface: Surface, width: float, caption: str) -> float:
    return text_height(surface, width, caption, font="sans-italic", size=8.0, leading=LEADING) + 1.5 if caption else 0.0


def _title_height(surface: Surface, width: float, title: str) -> float:
    return text_height(surface, width, title, font="sans-bold", size=TITLE, leading=1.1) + 4.0


def draw_picture(surface: Surface, picture: Picture, x: float, y: float, width: float, paper: str,
                 accent: str | None) -> None:
    """The pieces with their labels and the caption, from (x, y), width mm wide; on a table
    tinted with accent (the setup picture), or on the page (accent None: a section's figure)."""
    if accent is not None:
        surface.rect(x, y, width, picture.height, fill=lighten(accent, 0.88), radius=3.0)
    for thing in picture.things:
        _draw_thing(surface, thing, picture.scale, paper, x, y)
    for thing in picture.things:
        if not thing.label:
            continue
        lx, ly, lw, lh = _label_box(surface, thing, picture.scale, paper)
        text_box(surface, x + lx - 0.5, y + ly, lw + 1.0, lh + 0.5, thing.label, font="sans-bold", size=LABEL,
                 min_size=LABEL, colour=INK, align="centre", leading=1.1)
    if picture.caption:
        text_box(surface, x, y + picture.height + 1.5, width, _caption_height(surface, width, picture.caption),
                 picture.caption, font="sans-italic", size=8.0, min_size=8.0, colour=GREYS["dark"], leading=LEADING)


# --- the flow ---------------------------------------------------------------------------------------
def inner_width(column: float, example: bool) -> float:
    return column - 2 * EXAMPLE_PAD if example else column


def _blocks(surface: Surface, sections: tuple[Section, ...], column: float) -> list[Block]:
    blocks = []
    for section in sections:
        example = section.example
        inner = inner_width(column, example)
        blocks.append(Block(section.heading, True, example,
                            text_height(surface, inner, section.heading, font="sans-bold", size=HEADING,
                                        leading=1.15) + 1.4, 1.2, first=True))
        if section.figure:
            figure = section.figure
            blocks.append(Block(figure.caption, False, example,
                                figure.height + _caption_height(surface, inner, figure.caption), PARAGRAPH_GAP,
                                figure=figure))
        paragraphs = [p.strip() for p in section.text.split("\n") if p.strip()]
        for n, paragraph in enumerate(paragraphs):
            last = n == len(paragraphs) - 1
            blocks.append(Block(paragraph, False, example,
                                text_height(surface, inner, paragraph, size=BODY, leading=LEADING),
                                SECTION_GAP if last else PARAGRAPH_GAP, last=last))
    return blocks


def _pad(block: Block) -> tuple[float, float]:
    """Room above and below a block for the shaded box of an example."""
    if not block.example:
        return 0.0, 0.0
    return (EXAMPLE_PAD if block.first else 0.0), (EXAMPLE_PAD if block.last else 0.0)


def _height(blocks: list[Block], i: int, j: int) -> float:
    """From the top of block i to the foot of block j, placed one after the other."""
    return _pad(blocks[i])[0] + math.fsum(b.height + _pad(b)[1] for b in blocks[i:j + 1]) + \
        math.fsum(b.space_after for b in blocks[i:j])


def _columns(blocks: list[Block], first_top: float, top: float, bottom: float, whole: float) -> list[list[Placed]]:
    """The blocks down two columns from first_top on the first page and top on the next,
    to bottom; a worked example no taller than whole stays in one column."""
    pages: list[list[Placed]] = [[]]
    column, cursor = 0, first_top
    i = 0
    while i < len(blocks):
        # A heading goes with the paragraph after it; a worked example stays whole when a
        # column can hold it.
        j = i + 1 if blocks[i].heading and i + 1 < len(blocks) else i
        if blocks[i].heading and blocks[i].example:
            end = next(k for k in range(i + 1, len(blocks)) if blocks[k].last)
            if _height(blocks, i, end) <= whole:
                j = end
        run = _height(blocks, i, j)
        start = first_top if len(pages) == 1 else top
        if cursor + run > bottom + 1e-6:
            if cursor <= start + 1e-6:
                raise KitError(_("a paragraph of the rules is taller than a column: {text}").format(
                    text=f"« {blocks[i].text[:60]}… »"))
            column += 1
            if column == 2:
                pages.append([])
                column = 0
            cursor = first_top if len(pages) == 1 else top
            continue
        for b in blocks[i:j + 1]:
            above, below = _pad(b)
            cursor += above
            pages[-1].append(Placed(b, column, cursor))
            cursor += b.height + below + b.space_after
        i = j + 1
    return pages


def _balanced(blocks: list[Block], top: float, bottom: float, whole: float) -> list[Placed] | None:
    """The last page's blocks shared between its two columns as evenly as they go: the
    lowest foot at which they still fit the page (a short right column would leave half
    the page empty); None when they do not fit."""
    def fits(foot: float) -> list[Placed] | None:
        try:
            pages = _columns(blocks, top, top, foot, whole)
        except KitError:
            return None
        return pages[0] if len(pages) == 1 else None

    best = fits(bottom)
    low, high = top, bottom
    while best is not None and high - low > 0.5:
        middle = (low + high) / 2
        found = fits(middle)
        if found is None:
            low = middle
        else:
            best, high = found, middle
    return best


def _flow(blocks: list[Block], first_top: float, box: tuple[float, float, float, float]) -> list[list[Placed]]:
    x, y, w, h = box
    bottom = y + h - DESCENT_ROOM
    pages = _columns(blocks, first_top, y, bottom, bottom - y)
    # The last page's text in two columns of about the same height.
    top = first_top if len(pages) == 1 else y
    start = len(blocks) - len(pages[-1])
    balanced = _balanced(blocks[start:], top, bottom, bottom - y)
    if balanced is not None:
        pages[-1] = balanced
    if len(pages) % 2:
        pages.append([])
    return pages


def typeset(game_kit: GameKit, layouts: Path | str, paper: str,
            box: tuple[float, float, float, float]) -> Book | None:
    """The kit's rules laid out on pages of this paper, inside box (x, y, w, h in mm); None
    for a game whose layouts have no rules-complete file yet (its kit has « La règle en
    bref » alone)."""
    from kit.surface.record import RecordingSurface  # measures only
    folder = layout_dir(layouts, game_kit.id)
    if not any((folder / f"{FILE_STEM}{suffix}").is_file() for suffix in (".yaml", ".yml")):
        return None
    surface = RecordingSurface()
    title, accent, picture, sections = load(game_kit, layouts)
    x, y, w, h = box
    path = rules_path(game_kit.id, layouts)
    _check_picture(surface, picture, w, paper, path)
    column = (w - GUTTER) / 2
    for section in sections:
        if section.figure:
            _check_picture(surface, section.figure, inner_width(column, section.example), paper, path)
    try:
        blocks = _blocks(surface, sections, column)
    except TextDoesNotFit as error:
        raise KitError(_("game {game}, the complete rules: {problem}").format(game=f"'{game_kit.id}'",
                                                                            problem=error)) from error
    picture_y = y + _title_height(surface, w, title)
    top = picture_y + picture.height + _caption_height(surface, w, picture.caption) + 4.0
    if top > y + h - 40.0:
        raise LayoutError(path, "table", "height", _("the picture leaves no room for the text on the first page "
                                                     "({paper})").format(paper=paper))
    pages = _flow(blocks, top, box)
    return Book(game_kit.id, title, resolve(accent), picture, box, paper, tuple(tuple(p) for p in pages), top,
                (x, picture_y))


def draw_page(surface: Surface, book: Book, index: int) -> None:
    """Page `index` (from 0) of the book, on the current page of surface."""
    x, y, w, h = book.box
    column = (w - GUTTER) / 2
    if index == 0:
        th = _title_height(surface, w, book.title)
        text_box(surface, x, y, w, th - 2.5, book.title, font="sans-bold", size=TITLE, min_size=TITLE, colour=INK,
                 leading=1.1)
        surface.line(x, y + th - 1.5, x + w, y + th - 1.5, stroke=book.accent, width=0.6)
        draw_picture(surface, book.picture, *book.picture_at, w, book.paper, book.accent)
    placed = book.pages[index]
    # The shaded box behind each run of example blocks in a column.
    runs: list[list[Placed]] = []
    for p in placed:
        if p.block.example and runs and runs[-1][-1].column == p.column and runs[-1][-1].block.example:
            runs[-1].append(p)
        elif p.block.example:
            runs.append([p])
    for run in runs:
        first, last = run[0], run[-1]
        top = first.y - _pad(first.block)[0]
        end = last.y + last.block.height + _pad(last.block)[1]
        cx = x + first.column * (column + GUTTER)
        surface.rect(cx, top, column, end - top, fill=lighten(book.accent, 0.9), radius=1.5)
        surface.rect(cx, top, 1.0, end - top, fill=book.accent)
    for p in placed:
        b = p.block
        cx = x + p.column * (column + GUTTER)
        inner = column
        if b.example:
            cx += EXAMPLE_PAD
            inner -= 2 * EXAMPLE_PAD
        if b.figure:
            draw_picture(surface, b.figure, cx, p.y, inner, book.paper, None)
        elif b.heading:
            text_box(surface, cx, p.y, inner, b.height, b.text, font="sans-bold", size=HEADING, min_size=HEADING,
                     colour=INK, leading=1.15)
            if not b.example:
                surface.line(cx, p.y + b.height - 0.6, cx + inner, p.y + b.height - 0.6, stroke=book.accent,
                             width=0.4)
        else:
            text_box(surface, cx, p.y, inner, b.height + 0.5, b.text, size=BODY, min_size=BODY, colour=INK,
                     leading=LEADING)


def page_box(paper: str, margin: float) -> tuple[float, float, float, float]:
    pw, ph = paper_size(paper)
    return (margin, margin, pw - 2 * margin, ph - 2 * margin)
