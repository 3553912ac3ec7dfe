"""The contents page that opens every kit: what is inside, how to print it, what to cut.

Written for the players in the printed language (kit.i18n.P_), from the GameKit fields and the imposition's page
numbers: the title, players and summary; a table of the components (count, size, paper,
pages); how to print (the whole file two-sided in one job, one run of pages per paper,
and how to do it on a printer without duplex); each component's cutting and folding
instructions; and what else to bring. Blocks flow down the page and onto a second one
when a kit is large; a heading is never left alone at the bottom of a page.

The contents open the document's lead: its pages, then the rules-in-brief page on the
back of the first sheet, then blank pages up to a whole sheet (lead_pages). Every page
carries its label (kit.sheets.draw_label).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.calibrate import calibration_file
from kit.i18n import N_, P_, printed, printed_language
from kit.model import GameKit
from kit.palette import GREYS, resolve, text_on
from kit.paper import PAPER_STOCK, STOCKS, paper_size
from kit.parts.text import text_box, text_height

if TYPE_CHECKING:
    from kit.model import Component
    from kit.sheets import Sheet
    from kit.surface.base import Surface

MARGIN = 12.0        # mm around the contents page: clear of any printer's dead zone and of the page label
BODY = 8.0           # pt, the body size of every kit's contents (a long one shrinks, then flows onto a second page)
LEADING = 1.25
INK = GREYS["ink"]

PAPER_NAMES = {"a4": N_("A4"), "letter": N_("Letter (US)")}


def _paper_name(paper: str) -> str:
    return P_(PAPER_NAMES[paper]) if paper in PAPER_NAMES else paper


def lead_pages(contents_pages: int, rulebook_pages: int = 0) -> int:
    """Pages before the first sheet of pieces: the contents, the rules page behind them, a
    blank page when that leaves a sheet half printed (every sheet is two pages), then the
    complete rules (kit.rulebook, an even number of pages)."""
    return 2 * (-(-(contents_pages + 1) // 2)) + rulebook_pages


def rulebook_range(contents_pages: int, rulebook_pages: int) -> tuple[int, int]:
    """The first and last page of the complete rules."""
    first = lead_pages(contents_pages) + 1
    return first, first + rulebook_pages - 1


@dataclass(frozen=True)
class ComponentPages:
    """Where one component landed in the document (page numbers from 1, contents included).

    pages holds every page with one of its pieces, fronts and backs; other components may
    share them. sheets counts the sheets of paper holding one of its pieces.
    """

    component: Component
    pages: tuple[int, ...]
    sheets: int
    duplex: bool
    stock: str

    @property
    def first(self) -> int:
        return self.pages[0]

    @property
    def last(self) -> int:
        return self.pages[-1]


def paper_sheets(sheets: list[Sheet], lead: int) -> list[tuple[int, int, Sheet, Sheet]]:
    """Each sheet of paper after the lead pages: (its front page number, its back page
    number, the front Sheet, the back Sheet). The imposition gives every front its back."""
    assert all(s.side == ("front", "back")[i % 2] for i, s in enumerate(sheets)), "fronts and backs alternate"
    return [(lead + i + 1, lead + i + 2, sheets[i], sheets[i + 1]) for i in range(0, len(sheets), 2)]


def component_pages(components: list[Component], sheets: list[Sheet], lead: int) -> list[ComponentPages]:
    """Where each component is, from the imposed sheets, in the kit's order."""
    pages: dict[str, list[int]] = {c.id: [] for c in components}
    held: dict[str, int] = {c.id: 0 for c in components}
    duplex: dict[str, bool] = {c.id: False for c in components}
    stock: dict[str, str] = {}
    for front, back, sheet, rear in paper_sheets(sheets, lead):
        for cid in {place.component.id for place in sheet.placements}:
            pages[cid].append(front)
            held[cid] += 1
            stock[cid] = sheet.stock
        for cid in {place.component.id for place in rear.placements}:
            pages[cid].append(back)
            duplex[cid] = True
    return [ComponentPages(c, tuple(sorted(pages[c.id])), held[c.id], duplex[c.id], stock[c.id])
            for c in components if pages[c.id]]


@dataclass(frozen=True)
class PaperRun:
    """The pages printed on one paper: first and last page, and how many sheets."""

    stock: str
    first: int
    last: int

    @property
    def sheets(self) -> int:
        return (self.last - self.first + 1) // 2


def paper_runs(sheets: list[Sheet], lead: int) -> list[PaperRun]:
    """The document's runs of one paper each, in page order; the lead pages open the paper run."""
    runs = [PaperRun(PAPER_STOCK.id, 1, lead)]
    for front, back, sheet, _ in paper_sheets(sheets, lead):
        if runs[-1].stock == sheet.stock:
            runs[-1] = PaperRun(sheet.stock, runs[-1].first, back)
        else:
            runs.append(PaperRun(sheet.stock, front, back))
    return runs


@dataclass(frozen=True)
class PrintSettings:
    paper: str = "a4"
    bleed: float = 0.0
    backs: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)
    greyscale: bool = False
    ink_saver: bool = False


def ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 -> « 1–3, 5, 7–8 »."""
    numbers = sorted(set(numbers))
    parts = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}–{numbers[j]}")
        i = j + 1
    return ", ".join(parts)


def the_pages(numbers: list[int]) -> str:
    """« la page 1 » or « les pages 1–3, 5 » (« page 1 », « pages 1–3, 5 »)."""
    if len(set(numbers)) == 1:
        return P_("page {page}").format(page=numbers[0])
    return P_("pages {pages}").format(pages=ranges(numbers))


def _mm(value: float) -> str:
    """A length the printed language's way: 63, 2,5 in French, 2.5 in English."""
    return f"{value:g}".replace(".", ",") if printed_language() == "fr" else f"{value:g}"


def size_label(component: Component) -> str:
    if component.size == "page":
        return P_("full page")
    w, h = component.size
    if component.round:
        return P_("round, {mm}\u00a0mm").format(mm=_mm(min(w, h)))
    return f"{_mm(w)}\u00a0×\u00a0{_mm(h)}\u00a0mm"


def blank_backs(sheets: list[Sheet], lead: int) -> list[int]:
    """The back pages with nothing on them but their label."""
    return [back for _, back, _, rear in paper_sheets(sheets, lead) if rear.blank]


# --- blocks that flow down the page -----------------------------------------------------------
@dataclass
class _Block:
    height: float
    draw: Callable[[Surface, float, float], None]   # (surface, x, y) at the block's top-left
    keep_with_next: bool = False
    space_after: float = 2.0


def _paragraph(surface: Surface, width: float, text: str, *, size: float = BODY, font: str = "sans",
               colour: str = INK, indent: float = 0.0, bullet: str = "", space_after: float = 1.6) -> _Block:
    inner = width - indent
    height = text_height(surface, inner, text, font=font, size=size, leading=LEADING)

    def draw(s: Surface, x: float, y: float) -> None:
        if bullet:
            ascent, _ = s.ascent_descent(font=font, size=size)
            s.text(x + indent - 3.2, y + ascent, bullet, font="sans-bold", size=size, colour=colour)
        # The box is the measured height plus slack: the text never needs to shrink.
        text_box(s, x + indent, y, inner, height + 1.0, text, font=font, size=size, min_size=size,
                 colour=colour, leading=LEADING)
    return _Block(height, draw, space_after=space_after)


def _heading(surface: Surface, width: float, text: str, accent: str) -> _Block:
    size = 10.5
    ascent, descent = surface.ascent_descent(font="sans-bold", size=size)
    height = ascent + descent + 1.2

    def draw(s: Surface, x: float, y: float) -> None:
        s.text(x, y + ascent, text, font="sans-bold", size=size, colour=INK)
        s.line(x, y + height - 0.4, x + width, y + height - 0.4, stroke=accent, width=0.5)
    return _Block(height, draw, keep_with_next=True, space_after=1.8)


def _table(surface: Surface, width: float, entries: list[ComponentPages], sheets: list[Sheet], paper: str,
           accent: str, lead: int, rulebook: tuple[int, int] | None = None, size: float = BODY) -> list[_Block]:
    """The components table as one block per row, so a long table can continue on page 2.
    Sheets are counted by paper (a sheet shared by components counts once), after it."""
    headers = (P_("Piece"), P_("Count"), P_("Size"), P_("Paper"), P_("Pages"))
    widths = (0.38, 0.11, 0.19, 0.12, 0.20)
    cols = [w * width for w in widths]
    pad = 1.0
    rows = [(f"**{e.component.name}**",
             str(e.component.count), size_label(e.component), P_(STOCK_WORDS[e.stock]),
             ranges(list(e.pages))) for e in entries]

    def row_block(cells: tuple[str, ...], header: bool, shade: bool) -> _Block:
        font = "sans-bold" if header else "sans"
        heights = [text_height(surface, c - 2 * pad, t, font=font, size=size, leading=1.15) for c, t in zip(cols, cells)]
        h = max(heights) + 2 * pad

        def draw(s: Surface, x: float, y: float) -> None:
            if header:
                s.rect(x, y, width, h, fill=accent)
            elif shade:
                s.rect(x, y, width, h, fill=GREYS["pale"])
            cx = x
            colour = text_on(accent) if header else INK
            for i, (c, t) in enumerate(zip(cols, cells)):
                align = "left" if i in (0, 2) else "centre"
                text_box(s, cx + pad, y + pad, c - 2 * pad, h - 2 * pad + 0.6, t, font=font, size=size,
                         min_size=size, colour=colour, align=align, valign="middle", leading=1.15)
                cx += c
            s.line(x, y + h, x + width, y + h, stroke=GREYS["light"], width=0.2)
        return _Block(h, draw, keep_with_next=header, space_after=0.0)

    blocks = [row_block(headers, True, False)]
    blocks += [row_block(cells, False, i % 2 == 1) for i, cells in enumerate(rows)]
    total = sum(run.sheets for run in paper_runs(sheets, lead))
    blocks[-1].space_after = 1.5
    if rulebook:
        line = P_("In all: {sheets} of {paper}, {pages} pages front and back, this sheet and **the rules** (pages "
                  "{first} to {last}) included; each paper is counted apart below.")
    else:
        line = P_("In all: {sheets} of {paper}, {pages} pages front and back, this sheet included; each paper is "
                  "counted apart below.")
    blocks.append(_paragraph(surface, width,
                             line.format(sheets=_sheets(total), paper=_paper_name(paper), pages=2 * total,
                                         first=rulebook[0] if rulebook else 0, last=rulebook[1] if rulebook else 0),
                             size=size, colour=GREYS["dark"], space_after=3.0))
    return blocks


def _sheets(n: int) -> str:
    return printed().ngettext("{n} sheet", "{n} sheets", n).format(n=n)


# The paper's short name in the table, and what else will do for each paper.
STOCK_WORDS = {"carte": N_("card stock"), "papier": N_("paper")}
PAPER_ADVICE = {
    "carte": N_("or plain paper glued onto thin cardboard"),
    "papier": N_("80 gsm will do for the aids"),
}


def _print_lines(kit: GameKit, entries: list[ComponentPages], sheets: list[Sheet], settings: PrintSettings,
                 lead: int) -> list[str]:
    lines = [P_("**The whole file prints in one go, two-sided, flipped on the long edge**, {paper}, **actual size** "
                "or **100%** (never “fit to page”, which changes the cards’ size and shifts the backs). Each sheet is "
                "an odd page (its front) and the even page after it (its back); each page’s margin names its game, "
                "its sheet, its side and its paper.").format(paper=_paper_name(settings.paper))]
    runs = paper_runs(sheets, lead)
    parts = [P_("**pages {first} to {last}: {paper}**, {sheets} ({advice})").format(
        first=run.first, last=run.last, paper=STOCKS[run.stock].label, sheets=_sheets(run.sheets),
        advice=P_(PAPER_ADVICE[run.stock])) for run in runs]
    if len(runs) > 1:
        lines.append(P_("**One paper per run of pages**, each run printed as a whole: {runs}.").format(
            runs=P_("; ").join(parts)))
    else:
        lines.append(P_("**A single paper**: {run}.").format(run=parts[0]))
    blank = blank_backs(sheets, lead)
    manual = P_("**Without automatic two-sided printing**: print the run’s odd pages, turn the printed stack over "
                "without changing its order, printed side down, the top of the pages on the same side, put it back in "
                "the tray and print the even pages (some printers want the reverse order: try with two sheets).")
    if not settings.backs:
        manual += " " + P_("**This kit was made without backs**: the pieces that usually have a back come out here "
                           "with none printed, and what their instructions say of two-sided printing does not apply; "
                           "but for the back of the contents and the rules, the even pages carry only their label.")
    elif blank:
        # One blank back is spoken of in the singular: « Le verso de la page 4 ne porte... ».
        manual += " " + printed().ngettext("The back of page {pages} carries only its sheet’s label.",
                                           "The backs of pages {pages} carry only their sheet’s label.",
                                           len(set(blank))).format(pages=ranges(blank))
    lines.append(manual)
    screen = _screen_line(entries)
    if screen:
        lines.append(screen)
    if settings.backs and any(not rear.blank for _, _, _, rear in paper_sheets(sheets, lead)):
        lines.append(P_("First, print the **calibration sheet** the same way ({file}, beside this file): it measures "
                        "to a quarter of a millimetre how far your printer shifts the backs, two numbers with which "
                        "the kit is made again with the shift corrected (see the generator’s manual), and checks the "
                        "scale (a 100 mm ruler, a 50 mm square).").format(file=calibration_file(printed_language())))
    if settings.back_offset != (0.0, 0.0) and settings.backs:
        dx, dy = settings.back_offset
        lines.append(P_("The backs of this file are shifted by {dx} mm across and {dy} mm down to correct the "
                        "printer.").format(dx=_mm(dx), dy=_mm(dy)))
    if settings.ink_saver:
        light = P_("**Ink-saving** print: the backs, and the large areas of colour on the fronts, in a pale tint "
                   "inside an outline; the large pictures as a mere outline.")
        if screened(entries) and settings.backs:
            light += " " + P_("The pattern behind the folded bands keeps all its ink: paler, it would let the "
                              "secrets show.")
        lines.append(light)
    if settings.bleed > 0:
        lines.append(P_("Bleed of {mm} mm: cut along the cut marks in the margin, not the edge of the colour.")
                     .format(mm=_mm(settings.bleed)))
    else:
        lines.append(P_("Cut on the cut marks, first between the groups of pieces. Each piece’s colour runs past "
                        "its marks: a cut slightly off keeps it."))
    return lines


def screened(entries: list[ComponentPages]) -> list[ComponentPages]:
    """The components printed with a screen on their backs (their backs are in this build)."""
    return [e for e in entries if e.component.back_screens and e.duplex]


def _screen_line(entries: list[ComponentPages]) -> str:
    """Why the sheets with a secret fold go through the printer twice."""
    behind = screened(entries)
    if not behind:
        return ""
    names = _and(tuple(e.component.name for e in behind))
    pages = [n for e in behind for n in e.pages]
    return printed().ngettext(
        "**{names}**, {pages}: its back carries only a pattern, right behind the band that stands up, its black "
        "emblems straight behind the secrets; without it, a lamp or a window behind a player would let their secrets "
        "be read through the paper.",
        "**{names}**, {pages}: their back carries only a pattern, right behind the band that stands up, its black "
        "emblems straight behind the secrets; without it, a lamp or a window behind a player would let their secrets "
        "be read through the paper.", sum(e.component.count for e in behind)).format(
        names=names[0].upper() + names[1:], pages=the_pages(pages))


def skippable(kit: GameKit, sheets: list[Sheet], lead: int) -> list[tuple[int, int, list[int]]]:
    """(fewest, most players, the page numbers a table of that size can leave out): the
    sheets holding only copies of per-player components beyond what the table needs."""
    low, high = kit.seats
    found: list[tuple[int, int, list[int]]] = []
    for players in range(low, high):
        pages = []
        for front, back, sheet, _ in paper_sheets(sheets, lead):
            if all(p.component.per_player and p.index >= players * p.component.per_player for p in sheet.placements):
                pages += [front, back]
        if found and found[-1][2] == pages:
            found[-1] = (found[-1][0], players, pages)
        elif pages:
            found.append((players, players, pages))
    return found


def _players_line(kit: GameKit, entries: list[ComponentPages], sheets: list[Sheet], lead: int) -> str:
    each = [e.component for e in entries if e.component.per_player]
    if not each or not kit.seats[0]:
        return ""
    # « cartes Personnage, 1 par personne (6 dans le kit) »: a count, with no noun to agree with.
    what = P_("; ").join(P_("{piece}, {n} per player ({count} in the kit)").format(
        piece=c.name[0].lower() + c.name[1:] if c.name[:2] != c.name[:2].upper() else c.name, n=c.per_player,
        count=c.count) for c in each)
    line = P_("**By the number of players**: {what}.").format(what=what)
    skips = skippable(kit, sheets, lead)
    if skips:
        parts = [P_("with {players} players, pages {pages}").format(
            players=f"{low}" + (f"–{high}" if high != low else ""), pages=ranges(pages)) for low, high, pages in skips]
        line += " " + P_("Leave out {parts}.").format(parts=P_("; ").join(parts))
    else:
        line += " " + P_("Every sheet serves every table: cut out only what you need.")
    return line


def _and(names: tuple[str, ...]) -> str:
    names = tuple(n[0].lower() + n[1:] if n[:2] != n[:2].upper() else n for n in names)
    return printed().join(names)


# What every kit's cutting takes, whatever its pieces.
TOOLS = N_("For cutting: a craft knife, a metal ruler and a cutting surface (a mat, or thick cardboard); an empty "
           "pen to score the folds along the ruler")
ROUND_TOOLS = N_("; scissors for the round pieces")


def _blocks(surface: Surface, kit: GameKit, entries: list[ComponentPages], sheets: list[Sheet],
            settings: PrintSettings, lead: int, width: float, rulebook: tuple[int, int] | None,
            body: float = BODY) -> list[_Block]:
    accent = resolve(kit.accent)
    blocks: list[_Block] = []
    blocks.append(_heading(surface, width, P_("What the kit holds"), accent))
    blocks += _table(surface, width, entries, sheets, settings.paper, accent, lead, rulebook, body)
    players = _players_line(kit, entries, sheets, lead)
    if players:
        blocks.append(_paragraph(surface, width, players, size=body, indent=4.0, bullet="•"))
    blocks[-1].space_after = 3.0
    blocks.append(_heading(surface, width, P_("Printing"), accent))
    for line in _print_lines(kit, entries, sheets, settings, lead):
        blocks.append(_paragraph(surface, width, line, size=body, indent=4.0, bullet="•"))
    blocks[-1].space_after = 3.0
    cutting = [e for e in entries if e.component.instructions.strip()]
    if cutting:
        blocks.append(_heading(surface, width, P_("Cutting and assembly"), accent))
        for e in cutting:
            blocks.append(_paragraph(surface, width, P_("**{piece}**: {instructions}").format(
                piece=e.component.name, instructions=e.component.instructions.strip()), size=body, indent=4.0,
                bullet="•"))
        blocks[-1].space_after = 3.0
    blocks.append(_heading(surface, width, P_("Also needed"), accent))
    tools = P_(TOOLS) + (P_(ROUND_TOOLS) if any(e.component.round for e in entries) else "") + "."
    blocks.append(_paragraph(surface, width, tools, size=body, indent=4.0, bullet="•"))
    if kit.bring:
        play = P_("To play: {things}.").format(things=P_("; ").join(item.rstrip(".") for item in kit.bring))
        blocks.append(_paragraph(surface, width, play, size=body, indent=4.0, bullet="•"))
    return blocks


def _draw_header(surface: Surface, kit: GameKit, x: float, y: float, width: float) -> float:
    """The title band; returns its height."""
    accent = resolve(kit.accent)
    band = 17.0
    surface.rect(x, y, width, band, fill=accent, radius=2.0)
    fg = text_on(accent)
    text_box(surface, x + 5.0, y + 2.0, width * 0.62, band - 4.0, kit.title, font=kit.title_font, size=24.0,
             min_size=12.0, colour=fg, valign="middle")
    text_box(surface, x + width * 0.62 + 5.0, y + 2.0, width * 0.38 - 10.0, band - 4.0,
             f"{kit.players}\n" + P_("Print-and-play kit"), font="sans", size=10.0, min_size=7.0, colour=fg,
             align="right", valign="middle")
    height = band + 4.0
    if kit.summary.strip():
        block = _paragraph(surface, width, kit.summary.strip(), font="sans-italic", size=9.0)
        block.draw(surface, x, y + height)
        height += block.height + 3.5
    return height


# A contents page a little longer than its paper takes a smaller body, down to BODY_MIN,
# rather than a second page and a sheet of its own (Letter is 17.6 mm shorter than A4).
BODY_MIN = 7.0
_BODY_STEPS = (BODY, 7.75, 7.5, 7.25, BODY_MIN)


def _measure(kit: GameKit, entries: list[ComponentPages], settings: PrintSettings, lead: int,
             sheets: list[Sheet], rulebook: tuple[int, int] | None) -> tuple[float, int]:
    """(body size, pages): the largest size of _BODY_STEPS at which the contents take one
    page, else BODY and the pages it takes there; measured on a recording surface."""
    from kit.surface.record import RecordingSurface  # measuring only: nothing is written
    for body in _BODY_STEPS:
        if _draw(RecordingSurface(), kit, entries, sheets, settings, lead, None, rulebook, measuring=True,
                 body=body) == 1:
            return body, 1
    return BODY, _draw(RecordingSurface(), kit, entries, sheets, settings, lead, None, rulebook, measuring=True)


def contents_pages(kit: GameKit, entries: list[ComponentPages], settings: PrintSettings, lead: int,
                   sheets: list[Sheet], rulebook: tuple[int, int] | None = None) -> int:
    """How many pages the contents take; lead is the page count the numbers in `entries`
    assume (the build measures until they agree)."""
    return _measure(kit, entries, settings, lead, sheets, rulebook)[1]


def draw_contents(surface: Surface, kit: GameKit, entries: list[ComponentPages], settings: PrintSettings,
                  lead: int, sheets: list[Sheet], label: Callable[[int], str] | None = None,
                  rulebook: tuple[int, int] | None = None) -> int:
    """Draw the contents page(s) on surface, each labelled label(page number); returns how
    many pages it took."""
    body, _ = _measure(kit, entries, settings, lead, sheets, rulebook)
    return _draw(surface, kit, entries, sheets, settings, lead, label, rulebook, body=body)


def _draw(surface: Surface, kit: GameKit, entries: list[ComponentPages], sheets: list[Sheet],
          settings: PrintSettings, lead: int, label: Callable[[int], str] | None,
          rulebook: tuple[int, int] | None = None, *, measuring: bool = False, body: float = BODY) -> int:
    """Draw the contents and return its page count. measuring: only flow the blocks onto
    pages; each block's height is measured when it is made and its text always fits it
    (drawn at the size measured), so drawing them would tell nothing more."""
    from kit.sheets import draw_label
    pw, ph = paper_size(settings.paper)
    x, width = MARGIN, pw - 2 * MARGIN
    bottom = ph - MARGIN
    pages = 1
    surface.begin_page(pw, ph)
    y = MARGIN + _draw_header(surface, kit, x, MARGIN, width)
    blocks = _blocks(surface, kit, entries, sheets, settings, lead, width, rulebook, body)

    def footer(n: int) -> None:
        # The label names the game, the sheet and the side; the rules page gives the kit's version.
        if label and not measuring:
            draw_label(surface, (pw, ph), label(n), [(MARGIN, MARGIN, width, ph - 2 * MARGIN)])

    i = 0
    while i < len(blocks):
        # A heading travels with what follows it: measure the run that must stay together.
        j, run = i, blocks[i].height
        while blocks[j].keep_with_next and j + 1 < len(blocks):
            run += blocks[j].space_after + blocks[j + 1].height
            j += 1
        if y + run > bottom and y > MARGIN + 20.0:
            footer(pages)
            surface.end_page()
            pages += 1
            surface.begin_page(pw, ph)
            y = MARGIN
            surface.text(x, y + 4.0, P_("{game} — contents, continued").format(game=kit.title), font="sans-bold", size=9.0,
                         colour=GREYS["dark"])
            y += 9.0
        for k in range(i, j + 1):
            if not measuring:
                blocks[k].draw(surface, x, y)
            y += blocks[k].height + blocks[k].space_after
        i = j + 1
    footer(pages)
    surface.end_page()
    return pages
