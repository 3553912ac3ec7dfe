"""The contents page that opens every kit: what is inside, how to print it, what to cut.

Written in French for the players, from the GameKit fields and the imposition's page
numbers: the title, players and summary; a table of the components (count, size, pages,
sheets of paper); how to print (100 %, no scaling, duplex on the long edge for the
pages with backs, which pages are single-sided); each component's cutting and folding
instructions; and what else to bring. Blocks flow down the page and onto a second one
when a kit is large; a heading is never left alone at the bottom of a page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from kit import __version__
from kit.model import GameKit
from kit.paper import paper_size
from kit.palette import GREYS, resolve, text_on
from kit.parts.text import text_box, text_height

if TYPE_CHECKING:
    from kit.model import Component
    from kit.sheets import Sheet
    from kit.surface.base import Surface

MARGIN = 15.0        # mm around the contents page: far from any printer's dead zone
BODY = 9.0           # pt, the body size when everything fits on one page
BODY_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0)  # tried in turn so that a large kit still fits one page
SMALL = 7.5          # pt
LEADING = 1.25
INK = GREYS["ink"]

PAPER_NAMES = {"a4": "A4", "letter": "Letter (US)"}
CALIBRATION_FILE = "calibrage.pdf"  # what `kit calibrate` writes beside the kits


@dataclass(frozen=True)
class ComponentPages:
    """Where one component landed in the document (page numbers from 1, contents included).

    pages holds every page with one of its pieces, fronts and backs; other components may
    share them. sheets counts the sheets of paper holding one of its pieces.
    """

    component: "Component"
    pages: tuple[int, ...]
    sheets: int
    duplex: bool

    @property
    def first(self) -> int:
        return self.pages[0]

    @property
    def last(self) -> int:
        return self.pages[-1]


def paper_sheets(sheets: "list[Sheet]", contents_pages: int) -> "list[tuple[int, int | None, Sheet]]":
    """Each sheet of paper after the contents: (its front page number, its back page number
    or None when single-sided, the front Sheet)."""
    out = []
    page = contents_pages
    for sheet in sheets:
        page += 1
        if sheet.side == "front":
            out.append((page, None, sheet))
        else:
            front, _, first = out[-1]
            out[-1] = (front, page, first)
    return out


def component_pages(components: "list[Component]", sheets: "list[Sheet]", contents_pages: int) -> list[ComponentPages]:
    """Where each component is, from the imposed sheets, in the kit's order."""
    pages: dict[str, list[int]] = {c.id: [] for c in components}
    held: dict[str, int] = {c.id: 0 for c in components}
    duplex: dict[str, bool] = {c.id: False for c in components}
    for front, _, sheet in paper_sheets(sheets, contents_pages):
        here = {place.component.id for place in sheet.placements}
        for cid in here:
            pages[cid].append(front)
            held[cid] += 1
    for n, sheet in enumerate(sheets, start=contents_pages + 1):
        if sheet.side == "back":
            for cid in {place.component.id for place in sheet.placements}:
                pages[cid].append(n)
                duplex[cid] = True
    return [ComponentPages(c, tuple(sorted(pages[c.id])), held[c.id], duplex[c.id]) for c in components
            if pages[c.id]]


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
    """« la page 1 » or « les pages 1–3, 5 »."""
    return f"la page {numbers[0]}" if len(set(numbers)) == 1 else f"les pages {ranges(numbers)}"


def _mm(value: float) -> str:
    """A length the French way: 63, 2,5."""
    return f"{value:g}".replace(".", ",")


def size_label(component: "Component") -> str:
    if component.size == "page":
        return "pleine page"
    w, h = component.size
    if component.round:
        return f"rond, {_mm(min(w, h))}\u00a0mm"
    return f"{_mm(w)}\u00a0×\u00a0{_mm(h)}\u00a0mm"


def single_sided_pages(sheets: "list[Sheet]", contents_pages: int) -> list[int]:
    pages = list(range(1, contents_pages + 1))
    pages += [front for front, back, _ in paper_sheets(sheets, contents_pages) if back is None]
    return pages


def duplex_pages(sheets: "list[Sheet]", contents_pages: int) -> list[int]:
    pages: list[int] = []
    for front, back, _ in paper_sheets(sheets, contents_pages):
        if back is not None:
            pages += [front, back]
    return pages


# --- blocks that flow down the page -----------------------------------------------------------
@dataclass
class _Block:
    height: float
    draw: Callable[["Surface", float, float], None]   # (surface, x, y) at the block's top-left
    keep_with_next: bool = False
    space_after: float = 2.0


def _paragraph(surface: "Surface", width: float, text: str, *, size: float = BODY, font: str = "sans",
               colour: str = INK, indent: float = 0.0, bullet: str = "", space_after: float = 1.6) -> _Block:
    inner = width - indent
    height = text_height(surface, inner, text, font=font, size=size, leading=LEADING)

    def draw(s: "Surface", x: float, y: float) -> None:
        if bullet:
            ascent, _ = s.ascent_descent(font=font, size=size)
            s.text(x + indent - 3.2, y + ascent, bullet, font="sans-bold", size=size, colour=colour)
        # The box is the measured height plus slack: the text never needs to shrink.
        text_box(s, x + indent, y, inner, height + 1.0, text, font=font, size=size, min_size=size,
                 colour=colour, leading=LEADING)
    return _Block(height, draw, space_after=space_after)


def _heading(surface: "Surface", width: float, text: str, accent: str) -> _Block:
    size = 11.5
    ascent, descent = surface.ascent_descent(font="sans-bold", size=size)
    height = ascent + descent + 1.6

    def draw(s: "Surface", x: float, y: float) -> None:
        s.text(x, y + ascent, text, font="sans-bold", size=size, colour=INK)
        s.line(x, y + height - 0.4, x + width, y + height - 0.4, stroke=accent, width=0.5)
    return _Block(height, draw, keep_with_next=True, space_after=2.2)


def _table(surface: "Surface", width: float, entries: list[ComponentPages], sheets: "list[Sheet]", paper: str,
           accent: str, contents_pages: int = 1) -> list[_Block]:
    """The components table as one block per row, so a long table can continue on page 2."""
    headers = ("Élément", "Nombre", "Format", "Pages", "Feuilles")
    widths = (0.40, 0.13, 0.19, 0.15, 0.13)
    cols = [w * width for w in widths]
    pad = 1.4
    size = 8.5
    rows = [(f"**{e.component.name}**",
             str(e.component.count), size_label(e.component),
             ranges(list(e.pages)),
             str(e.sheets) + (" recto verso" if e.duplex else "")) for e in entries]

    def row_block(cells, header: bool, shade: bool) -> _Block:
        font = "sans-bold" if header else "sans"
        heights = [text_height(surface, c - 2 * pad, t, font=font, size=size, leading=1.15) for c, t in zip(cols, cells)]
        h = max(heights) + 2 * pad

        def draw(s: "Surface", x: float, y: float) -> None:
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
    total_pages = len(sheets)
    total_sheets = len(paper_sheets(sheets, contents_pages))
    this_page = "cette page" if contents_pages == 1 else f"les {contents_pages}\u00a0pages de ce sommaire"
    blocks[-1].space_after = 1.5
    blocks.append(_paragraph(surface, width,
                             f"En tout\u00a0: {total_pages}\u00a0pages de matériel sur {total_sheets}\u00a0feuilles "
                             f"{PAPER_NAMES.get(paper, paper)}, plus {this_page}.", size=SMALL,
                             colour=GREYS["dark"], space_after=3.0))
    return blocks


def _print_lines(entries: list[ComponentPages], sheets: "list[Sheet]", settings: PrintSettings,
                 contents_pages: int) -> list[str]:
    paper = PAPER_NAMES.get(settings.paper, settings.paper)
    lines = [f"Papier {paper}, orientation portrait. Dans la fenêtre d’impression, choisissez "
             f"**taille réelle** ou **100\u00a0%**\u00a0: jamais «\u00a0ajuster à la page\u00a0», sinon les cartes "
             f"changent de taille et les versos se décalent."]
    duplex = duplex_pages(sheets, contents_pages)
    single = single_sided_pages(sheets, contents_pages)
    if duplex:
        lines.append(f"**Recto verso, retournement sur le bord long**, pour {the_pages(duplex)}\u00a0: "
                     f"chaque page de versos suit sa page de rectos, colonnes inversées pour tomber juste "
                     f"derrière.")
        screen = _screen_line(entries)
        if screen:
            lines.append(screen)
        lines.append(f"**Recto seul** pour {the_pages(single)}.")
        lines.append(f"Avant tout, imprimez en recto verso la **feuille de calibrage** ({CALIBRATION_FILE})\u00a0: "
                     f"ses verniers donnent au quart de millimètre le décalage des versos (qui a produit ce kit "
                     f"peut le refaire avec), sa règle de 100\u00a0mm et son carré de 50\u00a0mm vérifient l’échelle.")
    else:
        lines.append(f"Tout s’imprime **en recto seul** ({the_pages(single)}).")
        if not settings.backs and any(e.component.has_backs for e in entries):
            lines.append("**Ce kit a été produit sans versos**\u00a0: les pièces qui ont d’habitude un dos sortent ici "
                         "sans dos imprimé, et ce que leurs consignes disent du recto verso ne s’applique pas.")
    if settings.back_offset != (0.0, 0.0) and duplex:
        dx, dy = settings.back_offset
        lines.append(f"Les versos de ce fichier sont décalés de {_mm(dx)}\u00a0mm en largeur et {_mm(dy)}\u00a0mm en "
                     f"hauteur pour corriger l’imprimante.")
    if settings.ink_saver and duplex:
        light = "Versos **économes en encre**\u00a0: un contour et une teinte pâle au lieu des aplats."
        if screened(entries):
            light += " La trame derrière les bandes pliées garde toute son encre\u00a0: plus pâle, elle laisserait deviner les secrets."
        lines.append(light)
    if settings.bleed > 0:
        lines.append(f"Fond perdu de {_mm(settings.bleed)}\u00a0mm\u00a0: coupez en suivant les traits de coupe "
                     f"dans la marge, pas le bord des aplats de couleur.")
    else:
        lines.append("Coupez sur les traits de coupe, d’abord entre les groupes de pièces. Chaque pièce déborde "
                     "de sa couleur dans l’espace qui la sépare des autres\u00a0: une coupe un peu à côté la garde.")
    return lines


# The paper each kind of piece wants, in the order the advice is printed.
PAPER = {
    "card": "cartes\u00a0: 160 à 250\u00a0g, ou papier ordinaire collé sur du carton fin",
    "token": "jetons\u00a0: 160\u00a0g ou plus, ou collés sur du carton",
    "board": "plateaux\u00a0: 120 à 160\u00a0g",
    "aid": "aides\u00a0: 80 à 120\u00a0g",
    "sheet": "feuilles\u00a0: 120\u00a0g ou plus, pour que rien ne se lise par transparence dans la partie pliée",
}
# Sheets whose fold is backed by a screen (printed two-sided): thin paper will do.
SCREENED_SHEET = ("feuilles\u00a0: du 80\u00a0g devrait suffire, grâce à la trame imprimée derrière la partie "
                  "pliée\u00a0; du 120\u00a0g cache mieux encore")


def screened(entries: list[ComponentPages]) -> list[ComponentPages]:
    """The components printed with a screen on their backs (their backs are in this build)."""
    return [e for e in entries if e.component.back_screens and e.duplex]


def _paper_line(entries: list[ComponentPages]) -> str:
    kinds = {e.component.kind for e in entries}
    advice = dict(PAPER)
    if any(e.component.kind == "sheet" for e in screened(entries)):
        advice["sheet"] = SCREENED_SHEET
    return "**Papier**\u00a0: " + "\u00a0; ".join(text for kind, text in advice.items() if kind in kinds) + "."


def _screen_line(entries: list[ComponentPages]) -> str:
    """Why the sheets with a secret fold go through the printer twice."""
    behind = screened(entries)
    if not behind:
        return ""
    names = _and(tuple(e.component.name for e in behind))
    pages = [n for e in behind for n in e.pages]
    their = "son" if sum(e.component.count for e in behind) == 1 else "leur"
    return (f"**{names[0].upper() + names[1:]}**, {the_pages(pages)}\u00a0: {their} verso ne porte qu’une trame de "
            f"traits serrés, juste derrière la bande qui se dresse\u00a0; sans elle, une lampe ou une fenêtre derrière "
            f"un joueur laisserait lire ses secrets à travers le papier.")


def skippable(kit: GameKit, sheets: "list[Sheet]", contents_pages: int) -> list[tuple[int, int, list[int]]]:
    """(fewest, most players, the page numbers a table of that size can leave out): the
    sheets holding only copies of per-player components beyond what the table needs."""
    low, high = kit.seats
    found: list[tuple[int, int, list[int]]] = []
    for players in range(low, high):
        pages = []
        for front, back, sheet in paper_sheets(sheets, contents_pages):
            if all(p.component.per_player and p.index >= players * p.component.per_player for p in sheet.placements):
                pages += [front] + ([back] if back else [])
        if found and found[-1][2] == pages:
            found[-1] = (found[-1][0], players, pages)
        elif pages:
            found.append((players, players, pages))
    return found


def _players_line(kit: GameKit, entries: list[ComponentPages], sheets: "list[Sheet]", contents_pages: int) -> str:
    each = [e.component for e in entries if e.component.per_player]
    if not each or not kit.seats[0]:
        return ""
    what = _and(tuple(f"{c.per_player}\u00a0× {c.name[0].lower() + c.name[1:]}" for c in each))
    line = f"**Selon le nombre de joueurs**\u00a0: {what} par joueur ({max(c.count for c in each)}\u00a0imprimés)."
    skips = skippable(kit, sheets, contents_pages)
    if skips:
        parts = [f"à {low}" + (f"–{high}" if high != low else "") + f"\u00a0joueurs les pages {ranges(pages)}"
                 for low, high, pages in skips]
        line += " Laissez de côté " + "\u00a0; ".join(parts) + "."
    else:
        line += " Toutes les feuilles servent à toute table\u00a0: découpez seulement ce qu’il faut."
    return line


def _and(names: tuple[str, ...]) -> str:
    names = tuple(n[0].lower() + n[1:] if n[:2] != n[:2].upper() else n for n in names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]


def _blocks(surface: "Surface", kit: GameKit, entries: list[ComponentPages], sheets: "list[Sheet]",
            settings: PrintSettings, contents_pages: int, width: float, body: float = BODY) -> list[_Block]:
    accent = resolve(kit.accent)
    blocks: list[_Block] = []
    blocks.append(_heading(surface, width, "Contenu du kit", accent))
    blocks += _table(surface, width, entries, sheets, settings.paper, accent, contents_pages)
    blocks.append(_paragraph(surface, width, _paper_line(entries), size=body, indent=4.0, bullet="•"))
    players = _players_line(kit, entries, sheets, contents_pages)
    if players:
        blocks.append(_paragraph(surface, width, players, size=body, indent=4.0, bullet="•"))
    blocks[-1].space_after = 3.0
    blocks.append(_heading(surface, width, "Impression", accent))
    for line in _print_lines(entries, sheets, settings, contents_pages):
        blocks.append(_paragraph(surface, width, line, size=body, indent=4.0, bullet="•"))
    blocks[-1].space_after = 3.0
    cutting = [e for e in entries if e.component.instructions.strip()]
    if cutting:
        blocks.append(_heading(surface, width, "Découpe et montage", accent))
        for e in cutting:
            blocks.append(_paragraph(surface, width, f"**{e.component.name}**\u00a0: {e.component.instructions.strip()}",
                                     size=body, indent=4.0, bullet="•"))
        blocks[-1].space_after = 3.0
    if kit.bring:
        blocks.append(_heading(surface, width, "À prévoir en plus", accent))
        for item in kit.bring:
            blocks.append(_paragraph(surface, width, item, size=body, indent=4.0, bullet="•"))
    return blocks


def _draw_header(surface: "Surface", kit: GameKit, x: float, y: float, width: float) -> float:
    """The title band; returns its height."""
    accent = resolve(kit.accent)
    band = 20.0
    surface.rect(x, y, width, band, fill=accent, radius=2.0)
    fg = text_on(accent)
    text_box(surface, x + 5.0, y + 2.0, width * 0.62, band - 4.0, kit.title, font=kit.title_font, size=24.0,
             min_size=12.0, colour=fg, valign="middle")
    text_box(surface, x + width * 0.62 + 5.0, y + 2.0, width * 0.38 - 10.0, band - 4.0,
             f"{kit.players}\nKit à imprimer et découper", font="sans", size=10.0, min_size=7.0, colour=fg,
             align="right", valign="middle")
    height = band + 4.0
    if kit.summary.strip():
        block = _paragraph(surface, width, kit.summary.strip(), font="sans-italic", size=9.5)
        block.draw(surface, x, y + height)
        height += block.height + 5.0
    return height


def contents_size(kit: GameKit, entries: list[ComponentPages], settings: PrintSettings,
                  contents_pages: int = 1, sheets: "list[Sheet] | None" = None) -> tuple[float, int]:
    """(body size in pt, pages) of the contents, measured on a recording surface.

    The body text takes the largest of BODY_SIZES that keeps everything on one page, and
    flows onto a second page only when even the smallest does not. contents_pages is the
    count the page numbers in `entries` assume; the build measures to learn the real
    count, then draws once for real at the size measured.
    """
    from kit.surface.record import RecordingSurface  # measuring only: nothing is written
    comfortable = None
    for size in BODY_SIZES:
        pages = _draw(RecordingSurface(), kit, entries, sheets or [], settings, contents_pages, size,
                      measuring=True)
        if pages == 1:
            return size, pages
        if comfortable is None:  # when two pages are needed anyway, keep the comfortable size
            comfortable = (size, pages)
    return comfortable


def draw_contents(surface: "Surface", kit: GameKit, entries: list[ComponentPages], settings: PrintSettings,
                  contents_pages: int = 1, body: float | None = None, sheets: "list[Sheet] | None" = None) -> int:
    """Draw the contents page(s) on surface at body pt (measured by contents_size when not
    given); returns how many pages it took."""
    if body is None:
        body, _ = contents_size(kit, entries, settings, contents_pages, sheets)
    return _draw(surface, kit, entries, sheets or [], settings, contents_pages, body)


def _draw(surface: "Surface", kit: GameKit, entries: list[ComponentPages], sheets: "list[Sheet]",
          settings: PrintSettings, contents_pages: int, body: float, *, measuring: bool = False) -> int:
    """Draw the contents and return its page count. measuring: only flow the blocks onto
    pages; each block's height is measured when it is made and its text always fits it
    (drawn at the size measured), so drawing them would tell nothing more."""
    pw, ph = paper_size(settings.paper)
    x, width = MARGIN, pw - 2 * MARGIN
    bottom = ph - MARGIN - 6.0  # room for the footer line
    pages = 1
    surface.begin_page(pw, ph)
    y = MARGIN + _draw_header(surface, kit, x, MARGIN, width)
    blocks = _blocks(surface, kit, entries, sheets, settings, contents_pages, width, body)

    def footer(n: int) -> None:
        surface.text(pw / 2, ph - MARGIN + 1.0, f"{kit.title} — page {n} — kit {__version__}", font="sans",
                     size=7.0, colour=GREYS["mid"], anchor="middle")

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
            surface.text(x, y + 4.0, f"{kit.title} — suite du sommaire", font="sans-bold", size=9.0,
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
