"""`kit build`: from a game's layout files to its PDF (or SVGs) and its JSON manifest.

For each game: load the kit (kit.games.<game>.layout.build(layouts)), keep the components
asked for, impose them (kit.sheets), draw the lead sheet (the contents page, the rules in
brief on its back) and every sheet on one surface, and write OUT/<game>.pdf (or
OUT/<game>/<component>-<n>.svg, one file per printed page, the lead as contents-<n>.svg)
with OUT/<game>.json beside it, and the calibration sheet OUT/calibrage.pdf that every
contents page asks for.

The PDF prints whole, two-sided, in one job per paper: page 2k-1 is the front of sheet k
and page 2k its back (blank but for its label when nothing is printed there), and the
sheets come in one run per paper (kit.paper.STOCKS), each starting on an odd page.

Files appear whole or not at all, and a game's document and manifest together: every
game asked for is drawn under temporary names in OUT (`.<name>.<pid>.tmp`) first, then all
are renamed into place at the end with SIGINT, SIGTERM and SIGHUP held back, so an error,
Ctrl-C or `kill` leaves the previous files as they were; a SIGTERM during drawing still
removes the temporaries. Only a SIGKILL or a power cut can leave some behind, and each
build starts by removing those of earlier runs (not those of a build still running).
Nothing depends on the clock or the machine, so the same inputs give the same bytes (the
credits' build date is the layouts' or SOURCE_DATE_EPOCH's, kit.rules_page.build_info).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn, cast

import kit
import kit.games
from kit import rulebook, rules_page
from kit.calibrate import calibration_file, draw_calibration
from kit.contents import (
    MARGIN,
    ComponentPages,
    PrintSettings,
    component_pages,
    contents_pages,
    draw_contents,
    lead_pages,
    paper_runs,
    paper_sheets,
    rulebook_range,
)
from kit.errors import KitError, TextDoesNotFit
from kit.i18n import DEFAULT, LANGUAGES, P_, _, edition_name, match_id, os_reason, printing
from kit.model import GameKit
from kit.paper import MAX_BLEED, PAPER_STOCK, STOCKS, paper_size
from kit.sheets import (
    Box,
    PieceError,
    PlacementKey,
    Sheet,
    draw_label,
    draw_sheet,
    impose_kit,
    labelled,
    placement_key,
)
from kit.surface import FORMATS, Surface, make_surface
from kit.surface.inksaver import InkSaver


@dataclass(frozen=True)
class BuildOptions:
    """Everything `kit build` can be told, with the CLI's defaults."""

    paper: str = "a4"
    fmt: str = "pdf"
    bleed: float = 0.0
    backs: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)
    greyscale: bool = False
    only: tuple[str, ...] = ()
    ink_saver: bool = False
    lang: str = DEFAULT   # the edition printed (kit.i18n.printing); the CLI's is the interface's

    def check(self) -> None:
        paper_size(self.paper)
        if self.lang not in LANGUAGES:
            raise KitError(_("unknown language {lang}; choose one of {languages}").format(
                lang=f"'{self.lang}'", languages=", ".join(LANGUAGES)))
        if self.fmt not in FORMATS:
            raise KitError(_("unknown format {format}; choose one of {formats}").format(
                format=f"'{self.fmt}'", formats=", ".join(FORMATS)))
        if not 0 <= self.bleed <= MAX_BLEED:
            raise KitError(_("the bleed must be between 0 and {most} mm, not {mm}").format(
                most=f"{MAX_BLEED:g}", mm=f"{self.bleed:g}"))

    @property
    def settings(self) -> PrintSettings:
        return PrintSettings(paper=self.paper, bleed=self.bleed, backs=self.backs,
                             back_offset=self.back_offset, greyscale=self.greyscale, ink_saver=self.ink_saver)


@dataclass
class Built:
    """What one game's build wrote."""

    game: str
    files: list[Path]
    pages: int


def default_layouts() -> Path:
    """Where layouts are read without --layouts.

    The layouts/ folder of the current directory first, when it holds a game's folder:
    after `pip install .` a designer edits the project's layouts/ and rebuilds from the
    project folder, and must get what they edited, not the copy installed with the
    package. Then the source tree's layouts/, then the installed copy.
    """
    here = Path.cwd() / "layouts"
    if any((here / game).is_dir() for game in kit.games.kits()):
        return here
    package = Path(kit.__file__).resolve().parent
    source = package.parent / "layouts"
    if source.is_dir() and (package.parent / "pyproject.toml").is_file():
        return source
    return package / "layouts"


def game_ids() -> list[str]:
    """The games kit.games.kits() names now: read at each call, so that a game whose package
    joined the path since (the tests' fixtures) is known."""
    return list(kit.games.kits())


def check_games(games: list[str] | tuple[str, ...]) -> list[str]:
    """The games to build (all when none are named), as ids; names are taken as people write
    them (`PHD`, `Amphithéâtre`, `Hoc Censeo`), unknown ones refused."""
    known = game_ids()
    ids = []
    for game in games:
        found = match_id(game, known)
        if found is None:
            raise KitError(_("unknown game {game}; the games are {games}").format(game=f"'{game}'",
                                                                                  games=", ".join(known)))
        ids.append(found)
    return list(dict.fromkeys(ids)) if games else known


def load_kit(game: str, layouts: Path) -> GameKit:
    """Run the game's module on the layouts folder."""
    try:
        module = kit.games.layout_module(game)
    except ModuleNotFoundError as missing:
        if missing.name in (kit.games.kit_package(game), kit.games.kit_package(game) + ".layout"):
            raise KitError(_("the game {game} has no kit module yet ({module})").format(
                game=f"'{game}'", module=missing.name)) from None
        raise
    built: GameKit = module.build(Path(layouts))  # every game's layout.py declares build(layouts) -> GameKit
    return built


def select(game_kit: GameKit, only: tuple[str, ...]) -> GameKit:
    """The kit reduced to the components named in `only` (all when empty)."""
    if not only:
        return game_kit
    keep = tuple(c for c in game_kit.components if c.id in only)
    return replace(game_kit, components=keep)


def check_only(kits: dict[str, GameKit], only: tuple[str, ...]) -> None:
    """Every --only id must name a component of one of the games being built."""
    for wanted in only:
        if not any(c.id == wanted for k in kits.values() for c in k.components):
            valid = "; ".join(f"{game}: {', '.join(c.id for c in k.components)}" for game, k in kits.items())
            raise KitError(_("unknown component {component}; the components are {components}").format(
                component=f"'{wanted}'", components=valid))


def load_kits(games: list[str] | tuple[str, ...], layouts: Path | str | None,
              only: tuple[str, ...] = ()) -> list[GameKit]:
    """The named games' kits (all games when none is named), each reduced to the --only
    components. Every game is loaded and checked (names, layouts, --only) before any is
    returned; a game none of whose components is named is left out."""
    chosen = check_games(games)
    layouts = Path(layouts) if layouts is not None else default_layouts()
    if not layouts.is_dir():
        raise KitError(_("the layouts folder {folder} does not exist").format(folder=layouts))
    kits = {game: load_kit(game, layouts) for game in chosen}
    check_only(kits, only)
    selected = [select(game_kit, only) for game_kit in kits.values()]
    return [k for k in selected if k.components or not only]


@dataclass
class Plan:
    """One game's document: its lead (contents page(s), the rules page, a blank page to
    make a whole sheet, then the complete rules), then every sheet, front and back, with
    page numbers."""

    kit: GameKit
    options: BuildOptions
    contents_pages: int
    sheets: list[Sheet]
    entries: list[ComponentPages]
    layouts: Path
    book: rulebook.Book | None

    @property
    def lead(self) -> int:
        return lead_pages(self.contents_pages, self.book.page_count if self.book else 0)

    @property
    def rulebook_pages(self) -> tuple[int, int] | None:
        return rulebook_range(self.contents_pages, self.book.page_count) if self.book else None

    @property
    def pages(self) -> int:
        return self.lead + len(self.sheets)

    def label(self, page: int) -> str:
        """The label printed in the margin of page `page` (from 1)."""
        stock = PAPER_STOCK.id if page <= self.lead else self.sheets[page - self.lead - 1].stock
        among = secret_runs(self.sheets, self.lead).get((page + 1) // 2)
        return page_label(self.kit.title, page, self.pages // 2, stock, among)


def secret_runs(sheets: list[Sheet], lead: int) -> dict[int, tuple[int, int]]:
    """Sheet number -> (first, last) for each run of two or more sheets in a row holding the
    same secret component (kit.model.Component.secret: Hoc Censeo's tribe sheets): such
    sheets share one label, the run's, or their numbers would tell whose each is (the
    pieces are imposed in a fixed order)."""
    owner = {}
    for n in range(0, len(sheets), 2):
        secret = sorted({p.component.id for p in sheets[n].placements if p.component.secret})
        if secret:
            owner[(lead + n) // 2 + 1] = secret[0]
    runs: dict[int, tuple[int, int]] = {}
    for number, cid in owner.items():
        if owner.get(number - 1) == cid:
            continue
        last = number
        while owner.get(last + 1) == cid:
            last += 1
        if last > number:
            runs.update({k: (number, last) for k in range(number, last + 1)})
    return runs


def page_label(title: str, page: int, sheets: int, stock: str, among: tuple[int, int] | None = None) -> str:
    """« PHD · feuille 3/15 recto · carte 160 à 250 g »: what a loose page is, in the printed
    language (« PHD · sheet 3/15 front · card 160-250 gsm »). `among`: the run of secret
    sheets it belongs to, named instead of its own number (secret_runs): « Hoc Censeo · une
    des feuilles 3 à 5/12 recto · papier 120 g »."""
    side = P_("front") if page % 2 else P_("back")
    paper = STOCKS[stock].label
    if among:
        return P_("{title} · one of sheets {first} to {last}/{sheets} {side} · {paper}").format(
            title=title, first=among[0], last=among[1], sheets=sheets, side=side, paper=paper)
    return P_("{title} · sheet {sheet}/{sheets} {side} · {paper}").format(
        title=title, sheet=(page + 1) // 2, sheets=sheets, side=side, paper=paper)


def _label_fits(sheet: Sheet, title: str) -> bool:
    """Whether the page finds room for its label, as long as the label can be: the widest sheet
    numbers and the longest paper name (and a run's numbers on a secret piece's sheet)."""
    longest = max(STOCKS, key=lambda stock: len(STOCKS[stock].label))
    among = (87, 88) if any(p.component.secret for p in sheet.placements) else None
    try:
        labelled(sheet, page_label(title, 2 * 88, 88, longest, among))
    except KitError:
        return False
    return True


def plan(game_kit: GameKit, options: BuildOptions, layouts: Path | str | None = None) -> Plan:
    """Impose the whole kit (pieces of several components and one paper may share a page)
    and number the pages, the lead first. layouts: where the rules page reads its game
    (default_layouts() when not given)."""
    # A designer may set every count of a component to 0: nothing to print, nothing to list.
    printed = [c for c in game_kit.components if c.count > 0]
    # A table of the fewest players needs the first seats[0] * per_player copies; the rest
    # go on sheets a smaller table can leave out, where the room allows.
    optional = {c.id: game_kit.seats[0] * c.per_player for c in printed if c.per_player and game_kit.seats[0]}
    def impose(tight: bool) -> list[Sheet]:
        return impose_kit(printed, options.paper, bleed=options.bleed, backs=options.backs,
                          back_offset=options.back_offset, ink_saver=options.ink_saver, optional_from=optional,
                          tight=tight)
    sheets = impose(False)
    # Pieces may come down near the bottom edge, with their cut marks at the top only, when
    # that saves sheets (three rows of cards on Letter) and every page label still finds room.
    tight = impose(True)
    if len(tight) < len(sheets) and all(_label_fits(sheet, game_kit.title) for sheet in tight):
        sheets = tight

    layouts = Path(layouts) if layouts is not None else default_layouts()
    book = rulebook.typeset(game_kit, layouts, options.paper, rulebook.page_box(options.paper, MARGIN))

    book_pages = book.page_count if book else 0

    def measure(entries: list[ComponentPages], count: int) -> int:
        try:
            return contents_pages(game_kit, entries, options.settings, lead_pages(count, book_pages), sheets,
                                  rulebook_range(count, book_pages) if book else None)
        except TextDoesNotFit as error:
            raise KitError(_("game {game}, contents page: {problem}").format(game=f"'{game_kit.id}'",
                                                                             problem=error)) from error

    count = 1
    for _attempt in range(3):  # the contents' length depends on the numbers it prints, barely
        entries = component_pages(printed, sheets, lead_pages(count, book_pages))
        measured = measure(entries, count)
        if measured == count:
            break
        count = measured
    p = Plan(game_kit, options, count, sheets, entries, layouts, book)
    p.sheets = [labelled(sheet, p.label(p.lead + n)) for n, sheet in enumerate(sheets, start=1)]
    return p


def manifest(p: Plan) -> dict[str, Any]:
    """The JSON summary of a built kit: pages numbered from 1, the contents page included.

    A component's `pages` is the first and last page it appears on and `on_pages` every
    page holding one of its pieces (front or back); other components may share them.
    `sheets` lists each sheet of paper after the lead: its front page, its back page (every
    sheet has one; `two_sided` says whether anything is printed there), its `stock` (the
    paper, kit.paper.STOCKS), how many pieces of each component it holds, and each piece
    with its trim box [x, y, w, h] in mm on the front page (turned: a quarter turn
    clockwise) and, when it has a back, on the back page. `runs` gives each paper's pages,
    the lead included. A component gives its `stock`; one whose back is a screen hiding
    its secrets says "back": "screen", and one whose pieces each belong to one player, unseen
    by the others, "secret": true (its sheets share a label: secret_runs). `rulebook` gives the complete rules' first and last
    page and their sheets (kit.rulebook: in the lead, after the contents sheet), null for a
    game without them.
    """
    components = [_manifest_component(p, entry) for entry in p.entries]
    sheets = [_manifest_sheet(front, back, sheet, rear) for front, back, sheet, rear in paper_sheets(p.sheets, p.lead)]
    runs = [{"stock": run.stock, "name": STOCKS[run.stock].label, "pages": [run.first, run.last], "sheets": run.sheets}
            for run in paper_runs(p.sheets, p.lead)]
    book = None
    if p.rulebook_pages:
        first, last = p.rulebook_pages
        book = {"pages": [first, last], "sheets": (last - first + 1) // 2}
    return {"game": p.kit.id, "title": p.kit.title, "paper": p.options.paper, "pages": p.pages,
            "components": components, "runs": runs, "sheets": sheets, "rulebook": book}

def _manifest_component(p: Plan, entry: ComponentPages) -> dict[str, Any]:
    """A component in the manifest: its size, its pages, its paper; a card's designs, a back
    that only hides secrets, pieces that each belong to one player."""
    c = entry.component
    if c.size == "page":
        size = list(next(pl.size for s in p.sheets for pl in s.placements if pl.component is c))
    else:
        size = [float(c.size[0]), float(c.size[1])]
    item: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind, "count": c.count,
            "size_mm": [round(v, 2) for v in size], "pages": [entry.first, entry.last],
            "on_pages": list(entry.pages), "stock": entry.stock}
    if c.kind == "card":
        item["designs"] = c.designs
    if c.back_screens and entry.duplex:
        item["back"] = "screen"   # its backs only hide its secrets (kit.parts.screen)
    if c.secret:
        item["secret"] = True     # its sheets share one label (secret_runs)
    return item


def _manifest_sheet(front: int, back: int, sheet: Sheet, rear: Sheet) -> dict[str, Any]:
    """A sheet of paper in the manifest: its pages, its paper, how many pieces of each
    component it holds, and each piece's trim box on the front and, behind it, on the back."""
    counts: dict[str, int] = {}
    behind: dict[tuple[str, str, tuple[float, float]], list[Box]] = {(pl.component.id, pl.label, pl.size): [] for pl in rear.placements}
    for pl in rear.placements:
        behind[(pl.component.id, pl.label, pl.size)].append(pl.box)
    pieces = []
    for place in sheet.placements:
        counts[place.component.id] = counts.get(place.component.id, 0) + 1
        key = (place.component.id, place.label, place.size)
        back_box = behind[key].pop(0) if behind.get(key) else None
        pieces.append({"component": place.component.id, "label": place.label,
                       "box": [round(v, 2) for v in place.box], "turned": place.rotation != 0,
                       "back_box": [round(v, 2) for v in back_box] if back_box else None})
    return {"front": front, "back": back, "two_sided": not rear.blank, "stock": sheet.stock,
            "counts": counts, "pieces": pieces}


def repeated(sheets: list[Sheet]) -> frozenset[PlacementKey]:
    """The placement keys drawn more than once: what a backend may draw once and repeat."""
    counts = Counter(placement_key(place) for sheet in sheets for place in sheet.placements if place.draw)
    return frozenset(key for key, n in counts.items() if n > 1)


def _draw(game: str, surface: Surface, sheets: list[Sheet], reuse: frozenset[PlacementKey] = frozenset()) -> None:
    for sheet in sheets:
        try:
            draw_sheet(surface, sheet, reuse)
        except PieceError as error:
            raise KitError(_("game {game}, component {component}, {piece}: {problem}").format(
                game=f"'{game}'", component=f"'{error.component}'", piece=error.label, problem=error.cause)) from error


def draw_lead(surface: Surface, p: Plan) -> None:
    """The lead pages: the contents, the rules in brief and the credits behind them, then a
    blank page when that would end mid-sheet, then the complete rules; each with its label.
    With the ink saver, their floods are drawn light, as the pieces' fronts are."""
    if p.options.ink_saver:
        # the wrapper passes on every drawing call, as a Surface would (as kit.sheets draws pieces)
        surface = cast("Surface", InkSaver(surface, fronts=True))
    draw_contents(surface, p.kit, p.entries, p.options.settings, p.lead, p.sheets, p.label, p.rulebook_pages)
    pw, ph = paper_size(p.options.paper)
    box = (MARGIN, MARGIN, pw - 2 * MARGIN, ph - 2 * MARGIN)
    first_rule = p.rulebook_pages[0] if p.rulebook_pages else p.lead + 1
    for page in range(p.contents_pages + 1, p.lead + 1):
        surface.begin_page(pw, ph)
        if page == p.contents_pages + 1:
            rules_page.draw(surface, box, p.kit.id, p.layouts, rules_page.build_info(p.kit.id, p.layouts))
        elif page >= first_rule and p.book:
            rulebook.draw_page(surface, p.book, page - first_rule)
        draw_label(surface, (pw, ph), p.label(page), [box])
        surface.end_page()


def draw_document(surface: Surface, p: Plan) -> None:
    """Draw a planned game on one surface: the lead pages, then every sheet in order."""
    draw_lead(surface, p)
    _draw(p.kit.id, surface, p.sheets, repeated(p.sheets))


def _title(game_kit: GameKit) -> str:
    return P_("{game} — print-and-play kit").format(game=game_kit.title)



# A temporary of this module: `.<name>.<pid>.tmp`, a file or a folder. The pid tells a
# leftover of a dead build from the work of one still running in the same folder.
_TEMPORARY = re.compile(r"^\..+\.(\d+)\.tmp$")


def temporary_path(out: Path, name: str) -> Path:
    """Where `name` is written before it replaces the real file: hidden, named by this
    process, so a later build knows a dead build's leftovers (clean_temporaries)."""
    return out / f".{name}.{os.getpid()}.tmp"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # EPERM: someone else's live process
        return True
    return True


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def clean_temporaries(out: Path) -> list[Path]:
    """Remove what killed builds left in `out` (never a running build's files); what was removed."""
    removed = []
    for entry in out.iterdir():
        match = _TEMPORARY.match(entry.name)
        if match and not _alive(int(match.group(1))):
            _remove(entry)
            removed.append(entry)
    return removed


def prepare_out(out: Path) -> None:
    """Create the output folder, clear dead builds' temporaries, and check it is writable
    before anything is drawn (build and export both start here)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        clean_temporaries(out)
        probe = temporary_path(out, "kit-probe")
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        probe.unlink()
    except OSError as error:
        raise KitError(_("cannot write to the output folder {folder} ({reason})").format(
            folder=out, reason=os_reason(error))) from None


@dataclass
class Staged:
    """One game drawn under temporary names: (temporary, final) pairs, the manifest last."""

    built: Built
    pairs: list[tuple[Path, Path]]


def stage_game(p: Plan, out: Path, temporaries: list[Path]) -> Staged:
    """Draw a planned game into temporaries in out (each listed in `temporaries` as soon as
    it exists, for the caller to remove on failure); nothing visible changes yet."""
    game = p.kit.id
    options = p.options
    stem = edition_name(game, options.lang)
    manifest_text = json.dumps(manifest(p), ensure_ascii=False, indent=2) + "\n"
    if options.fmt == "pdf":
        surface = make_surface("pdf", greyscale=options.greyscale, title=_title(p.kit))
        draw_document(surface, p)
        target = out / f"{stem}.pdf"
        temp = temporary_path(out, f"{stem}.pdf")
        temporaries.append(temp)
        surface.save(temp)
        pairs = [(temp, target)]
        files = [target]
    else:
        folder = temporary_path(out, f"{stem}.svg")
        temporaries.append(folder)
        folder.mkdir()
        surface = make_surface("svg", greyscale=options.greyscale, title=_title(p.kit))
        draw_lead(surface, p)
        surface.save(folder / "contents")
        # One file per printed page, named after the component with the most room on it.
        reuse = repeated(p.sheets)
        by_name: dict[str, list[Sheet]] = {}
        for sheet in (s for s in p.sheets if not s.blank):
            by_name.setdefault(sheet.component.id, []).append(sheet)
        for name, sheets in by_name.items():
            surface = make_surface("svg", greyscale=options.greyscale, title=_title(p.kit))
            _draw(game, surface, sheets, reuse)
            surface.save(folder / name)
        target = out / stem
        pairs = [(folder, target)]
        files = sorted((target / f.name for f in folder.iterdir()), key=lambda f: f.name)
    temp_json = temporary_path(out, f"{stem}.json")
    temporaries.append(temp_json)
    temp_json.write_text(manifest_text, encoding="utf-8")
    pairs.append((temp_json, out / f"{stem}.json"))
    return Staged(Built(game, files + [out / f"{stem}.json"], p.pages), pairs)


_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, kill and a closed terminal wait until the block is over (then act as usual).

    Each signal is noted by a handler of our own and raised again at the end. Blocking it
    in this thread would not do: another thread of the process (a library's worker) would
    take it, and Python runs every handler in the main thread anyway."""
    if threading.current_thread() is not threading.main_thread():
        yield   # handlers are set from the main thread; a build run from a worker thread gets no interrupt anyway
        return
    caught: list[int] = []
    previous = {sig: signal.signal(sig, lambda signum, frame: caught.append(signum)) for sig in _HELD}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for number in dict.fromkeys(caught):
            signal.raise_signal(number)


@contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """A SIGTERM while drawing raises SystemExit, so the `finally` that removes temporaries
    runs (Python's default would end the process on the spot)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> NoReturn:
        raise SystemExit(128 + signum)
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def write_games(plans: list[Plan], out: Path, progress: Callable[[str], None] | None = None) -> list[Built]:
    """Draw every planned game into temporaries, then put them all in place at once."""
    temporaries: list[Path] = []
    try:
        with _terminate_cleanly():
            staged = []
            for p in plans:
                staged.append(stage_game(p, out, temporaries))
                if progress:
                    progress(p.kit.id)
            with _signals_held():
                for game in staged:
                    for source, destination in game.pairs:
                        replace_into_place(source, destination)
        return [game.built for game in staged]
    except OSError as error:
        raise KitError(_("cannot write the files in {folder} ({reason})").format(
            folder=out, reason=os_reason(error))) from None
    finally:
        for temp in temporaries:
            _remove(temp)   # those renamed into place are gone already


def replace_into_place(source: Path, destination: Path) -> None:
    """Rename source onto destination; a folder replaces the previous folder whole."""
    if source.is_dir():
        old = None
        if destination.exists():
            old = temporary_path(destination.parent, f"{destination.name}.old")
            os.replace(destination, old)
        os.replace(source, destination)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(source, destination)


def build(games: list[str] | tuple[str, ...] = (), *, out: Path | str = "output", layouts: Path | str | None = None,
          options: BuildOptions = BuildOptions(),
          progress: Callable[[str], None] | None = None) -> list[Built]:
    """Build the named games (all by default) into out; returns what was written.
    progress(game) is called after each game is written.

    Every game is loaded and checked (layouts, --only, sizes) before the first file is
    written, so a mistake in one game leaves the output folder as it was. Everything is
    printed in options.lang (its layouts' overlays, kit.overlay), into files named for it
    (`edition_name`).
    """
    options.check()
    layouts = Path(layouts) if layouts is not None else default_layouts()
    with printing(options.lang):
        plans = [plan(selected, options, layouts) for selected in load_kits(games, layouts, options.only)]
        out = Path(out)
        prepare_out(out)
        built = write_games(plans, out, progress)
        write_calibration(out, options)
    return built


def write_calibration(out: Path, options: BuildOptions) -> Path:
    """OUT/calibrage.pdf (calibrage-en.pdf in English) for the build's paper and back offset,
    which the contents pages ask for (written whole or not at all, as the kits)."""
    surface = make_surface("pdf", greyscale=options.greyscale, title=P_("Calibration sheet"))
    draw_calibration(surface, options.paper, options.back_offset)
    file = calibration_file(options.lang)
    target = out / file
    temp = temporary_path(out, file)
    try:
        surface.save(temp)
        with _signals_held():
            os.replace(temp, target)
    except OSError as error:
        raise KitError(_("cannot write the files in {folder} ({reason})").format(
            folder=out, reason=os_reason(error))) from None
    finally:
        _remove(temp)
    return target
