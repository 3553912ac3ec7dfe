"""`kit export`: one folder per game and target, OUT/<game>/<target>/, holding the images,
manifest.csv (one row per image, or per card on a TTS sheet), README.txt (how to upload)
and, for tts, one saved-object JSON per component.

Every game is loaded and checked before anything is drawn. Each folder is written under
a temporary name, passes the preflight (kit.export.preflight), then replaces the old one
whole: a failed export leaves the previous one as it was. Preflight failures that a shop
or TTS would refuse (pixel size, DPI, colour mode, counts, sheet limits) stop the export;
those that spoil a print without being refused (text or a symbol in the safe margin, art
that stops at the trim) are listed in preflight.txt, and stop it too with --strict.
"""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING
from urllib.parse import quote

from kit.build import load_kits, prepare_out, replace_into_place, temporary_path
from kit.errors import KitError
from kit.export import preflight, tts
from kit.export.faces import Face, faces
from kit.export.preflight import Problem
from kit.export.raster import Job, rasterise, write_png
from kit.export.targets import TARGETS, Refused, Spec, Target, piece_size, product, spec
from kit.i18n import DEFAULT, _, edition_name, ngettext, number, os_reason, printing
from kit.model import SAFE_MM, Component, Frame, GameKit
from kit.paper import MAX_BLEED, PAPERS

if TYPE_CHECKING:
    from PIL import Image

    from kit.export.readme import ManifestRow
    from kit.surface.base import Surface

MANIFEST_FIELDS = ("file", "component", "card_id", "name", "copies", "side", "width_px", "height_px", "product")
MIN_DPI, MAX_DPI = 30, 1200   # 30: a quick look or TTS thumbnails; 1200: beyond any shop
THUMBNAIL = 256   # px: the picture TTS shows beside a saved object


@dataclass(frozen=True)
class ExportOptions:
    """Everything `kit export` can be told, with the CLI's defaults."""

    target: str = "png"
    dpi: float | None = None        # None: the target's own
    bleed: float = 3.0              # mm, png only; the shops and TTS set their own
    paper: str = "a4"               # the size of "page" pieces (sheets, full-page aids)
    only: tuple[str, ...] = ()
    base_url: str | None = None     # tts: where the images will be hosted; None: file URLs
    strict: bool = False            # safe-area and bleed warnings stop the export
    lang: str = DEFAULT             # the edition drawn (kit.i18n.printing), as `kit build`'s

    @property
    def spec_target(self) -> Target:
        return TARGETS[self.target]

    def check(self) -> None:
        if self.target not in TARGETS:
            raise KitError(_("unknown target {target}; choose one of {targets}").format(
                target=f"'{self.target}'", targets=", ".join(TARGETS)))
        target = TARGETS[self.target]
        if self.dpi is not None:
            if target.fixed_dpi:
                raise KitError(_("{shop} images are {dpi} dpi at fixed pixel sizes; drop --dpi").format(
                    shop=_(target.name), dpi=f"{target.dpi:g}"))
            if not MIN_DPI <= self.dpi <= MAX_DPI:
                raise KitError(_("--dpi must be between {least} and {most}, not {dpi}").format(
                    least=MIN_DPI, most=MAX_DPI, dpi=number(self.dpi)))
        if not 0 <= self.bleed <= MAX_BLEED:
            raise KitError(_("the bleed must be between 0 and {most} mm, not {mm}").format(
                most=number(MAX_BLEED), mm=number(self.bleed)))
        if self.paper not in PAPERS:
            raise KitError(_("unknown paper {paper}; choose one of {papers}").format(
                paper=f"'{self.paper}'", papers=", ".join(PAPERS)))
        if self.base_url is not None and not self.base_url.startswith(("http://", "https://", "file://")):
            raise KitError(_("--base-url must start with http://, https:// or file://, not {url}").format(
                url=f"'{self.base_url}'"))


@dataclass
class Exported:
    """What one game's export wrote."""

    game: str
    target: str
    folder: Path
    images: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)   # (component, reason)
    warnings: list[Problem] = field(default_factory=list)


def _blank(surface: Surface, frame: Frame) -> None:
    """The back of a card the kit prints single-sided: plain paper."""
    b = frame.bleed
    surface.rect(-b, -b, frame.width + 2 * b, frame.height + 2 * b, fill="#FFFFFF")


def _where(component: Component, face: Face) -> str:
    return _("component {component}, {piece}").format(component=f"'{component.id}'", piece=face.label)


class _Writer:
    """PNG encoding on worker threads while the next page renders. zlib (in Pillow) and pdfium
    both release the GIL, so the two overlap; each file's `then` runs on the calling thread,
    in submission order, once the file is on disk."""

    IN_FLIGHT = 4    # images waiting for their encoder: a bound on memory (a 300 dpi A4 sheet is 22 MB)

    def __init__(self, workers: int = min(2, os.cpu_count() or 1)):
        self._pool = ThreadPoolExecutor(max_workers=workers)
        self._pending: deque[tuple[Future[None], Callable[[], None]]] = deque()

    def submit(self, image: Image.Image, path: Path, dpi: float, then: Callable[[], None]) -> None:
        self._pending.append((self._pool.submit(write_png, image, path, dpi), then))
        while len(self._pending) > self.IN_FLIGHT:
            self._done()

    def _done(self) -> None:
        future, then = self._pending.popleft()
        future.result()
        then()

    def __enter__(self) -> _Writer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            if kind is None:
                while self._pending:
                    self._done()
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)


class _Folder:
    """One game's folder for one target while it is being written."""

    def __init__(self, game_kit: GameKit, options: ExportOptions, temp: Path, final: Path,
                 progress: Callable[[int], None] | None):
        self.kit, self.options, self.temp, self.final = game_kit, options, temp, final
        self.target = options.spec_target
        self.rows: list[ManifestRow] = []
        self.errors: list[Problem] = []
        self.result = Exported(game_kit.id, options.target, final)
        self._progress = progress or (lambda n: None)

    # --- shared ---------------------------------------------------------------------------
    def _spec(self, component: Component) -> Spec:
        return spec(self.target, component, paper=self.options.paper, dpi=self.options.dpi, bleed=self.options.bleed)

    def _write(self, image: Image.Image, rel: str, job: Job, *, safe_area: bool = True, bleed: bool = True) -> None:
        """Write one image, check it, count it."""
        if bleed:
            self.result.warnings += preflight.check_bleed(image, rel, job)
        if safe_area:
            self.result.warnings += preflight.check_safe_area(job, rel)
        self._png(image, rel, job.spec.pixels, job.spec.dpi, progress=True)

    def _png(self, image: Image.Image, rel: str, pixels: tuple[int, int], dpi: float, *,
             progress: bool = False) -> None:
        """Encode a PNG on the writer thread; check the file once it is written."""
        path = self.temp / rel

        def written() -> None:
            self.errors.extend(preflight.check_file(path, rel, pixels, dpi))
            self.result.images += 1
            if progress:
                self._progress(1)

        self.writer.submit(image, path, dpi, written)

    def _row(self, file: str, component: Component, card_id: str | int, name: str, copies: int, side: str,
             pixels: tuple[int, int], product_name: str = "") -> None:
        self.rows.append({"file": file, "component": component.id, "card_id": card_id, "name": name,
                          "copies": copies, "side": side, "width_px": pixels[0], "height_px": pixels[1],
                          "product": product_name})

    # --- png, tgc, mpc: one image per distinct face and back ----------------------------------
    def images(self, component: Component, the_spec: Spec) -> None:
        shown = faces(component)
        if self.target.products and not any(f.side == "back" for f in shown):
            # A shop prints both sides of every card: the kit's single-sided cards get plain backs.
            shown.append(Face(component, 0, "back", _blank, f"{component.id}: back", "back (blank)", component.count))
        jobs = [Job(f.draw, the_spec, component.round, _where(component, f)) for f in shown]
        for face, job, image in zip(shown, jobs, rasterise(jobs), strict=True):
            self._write(image, face.path, job)
            card_id = f"{component.id}-{face.number:03d}" if face.number else ""
            self._row(face.path, component, card_id, face.name, face.copies, face.side, the_spec.pixels,
                      the_spec.product)
        shop = product(self.target, the_spec.product)
        if shop is not None:
            self.errors += preflight.check_count(component.id, component.count, shop.max_cards,
                                                 f"{_(self.target.name)} {shop.name}")

    # --- tts ---------------------------------------------------------------------------------
    def url(self, rel: str) -> str:
        if self.options.base_url:
            return self.options.base_url.rstrip("/") + "/" + quote(rel)
        return (self.final / rel).resolve().as_uri()

    def deck(self, component: Component, key: int) -> int:
        """A card component as a TTS deck; returns the next free CustomDeck key."""
        designs = [f for f in faces(component) if f.side == "face"]
        own_backs = {f.number: f for f in faces(component) if f.side == "back" and f.number}
        trim = piece_size(component, self.options.paper)
        layouts = tts.layout_sheets(len(designs))
        dpi = tts.cell_dpi(trim, layouts, self.options.dpi or self.target.dpi)
        the_spec = Spec(trim, 0.0, SAFE_MM, dpi)
        cell = the_spec.pixels
        back_draw = component.back or _blank
        back_job = Job(back_draw, the_spec, component.round, _("component {component}, back").format(
            component=f"'{component.id}'"))
        jobs = [Job(f.draw, the_spec, component.round, _where(component, f)) for f in designs]
        back_faces = [own_backs.get(f.number) for f in designs]
        unique = any(back_faces)
        back_jobs = [Job(b.draw if b else back_draw, the_spec, component.round, back_job.where) for b in back_faces]
        rendered = list(rasterise([back_job] + jobs + (back_jobs if unique else [])))
        back, fronts, backs = rendered[0], rendered[1:1 + len(jobs)], rendered[1 + len(jobs):]
        self._progress(len(rendered))
        back_rel = f"{component.id}/back.png"
        self._sheet_file(back, back_rel, the_spec)
        self._row(back_rel, component, "", "back" if component.back else "back (blank)",
                  component.count, "back", cell)
        cards: list[tts.Card] = []
        for n, layout in enumerate(layouts, start=1):
            face_rel = f"{component.id}/sheet-{n}.png"
            chunk = fronts[layout.first:layout.first + layout.count]
            cells = chunk + [None] * (layout.hidden_cell - len(chunk)) + [back]
            self._sheet_file(tts.compose(cells, layout.cols, layout.rows, cell), face_rel, the_spec)
            back_url = self.url(back_rel)
            if unique:
                back_rel_n = f"{component.id}/back-sheet-{n}.png"
                chunk_b = backs[layout.first:layout.first + layout.count]
                cells_b = chunk_b + [None] * (layout.hidden_cell - len(chunk_b)) + [back]
                self._sheet_file(tts.compose(cells_b, layout.cols, layout.rows, cell), back_rel_n, the_spec)
                back_url = self.url(back_rel_n)
            sheet = tts.DeckSheet(key, self.url(face_rel), back_url, layout, unique)
            self._check_sheet(face_rel, layout, cell)
            for index, design in enumerate(designs[layout.first:layout.first + layout.count]):
                # A secret card shows only its component's name, face down in a hand or not.
                card = tts.Card(component.name if component.secret else design.name, key * 100 + index, sheet,
                                design.copies)
                cards.append(card)
                self._row(face_rel, component, card.card_id, design.name, design.copies, "face", cell)
            key += 1
        obj = tts.deck_object(self.kit.id, component.id, component.name, cards, trim, self.kit.title,
                              shuffled=component.secret)
        # The Saved Objects browser shows the host this picture: a secret deck shows its back.
        self._saved_object(component, obj, fronts[0] if fronts and not component.secret else back)
        return key

    def tiles(self, component: Component) -> None:
        """Boards, sheets, aids and tokens as TTS Custom_Tile objects."""
        trim = piece_size(component, self.options.paper)
        dpi = min(self.options.dpi or self.target.dpi, (tts.MAX_SIDE - 1) * 25.4 / max(trim))
        the_spec = Spec(trim, 0.0, SAFE_MM, dpi)
        shown = faces(component)
        jobs = [Job(f.draw, the_spec, component.round, _where(component, f)) for f in shown]
        by_key: dict[tuple[int, str], str] = {}
        first = None
        for face, job, image in zip(shown, jobs, rasterise(jobs), strict=True):
            self._write(image, face.path, job, safe_area=False, bleed=False)
            self._row(face.path, component, f"{component.id}-{face.number:03d}" if face.number else "", face.name,
                      face.copies, face.side, the_spec.pixels)
            by_key[(face.number, face.side)] = self.url(face.path)
            first = first or image
        shared_back = by_key.get((0, "back"))
        tiles = [tts.Tile(f.name, by_key[(f.number, "face")],
                          by_key.get((f.number, "back")) or shared_back or by_key[(f.number, "face")],
                          f.copies, f.number)
                 for f in shown if f.side == "face"]
        obj = tts.tile_objects(self.kit.id, component.id, component.name, tiles, trim, round_=component.round,
                               token=component.kind == "token", description=self.kit.title)
        self._saved_object(component, obj, first)

    def _sheet_file(self, image: Image.Image, rel: str, the_spec: Spec) -> None:
        self._png(image, rel, image.size, the_spec.dpi)

    def _check_sheet(self, rel: str, layout: tts.SheetLayout, cell: tuple[int, int]) -> None:
        w, h = layout.cols * cell[0], layout.rows * cell[1]
        if not (2 <= layout.cols <= tts.MAX_COLS and 2 <= layout.rows <= tts.MAX_ROWS):
            self.errors.append(Problem(rel, _("grid: {cols} x {rows} cells, TTS reads 2 x 2 to {most_cols} x "
                                              "{most_rows}").format(cols=layout.cols, rows=layout.rows,
                                                                    most_cols=tts.MAX_COLS, most_rows=tts.MAX_ROWS)))
        if max(w, h) > tts.MAX_SIDE:
            self.errors.append(Problem(rel, _("size: {width} x {height} px, TTS loads at most {most} px a side").format(
                width=w, height=h, most=tts.MAX_SIDE)))
        if layout.count > layout.hidden_cell:
            self.errors.append(Problem(rel, _("count: {count} cards leave no cell for the hidden face").format(
                count=layout.count)))

    def _saved_object(self, component: Component, obj: tts.TtsObject, picture: Image.Image | None) -> None:
        rel = f"{component.id}.json"
        text = json.dumps(tts.saved_object(obj, f"{self.kit.title} — {component.name}"),
                          ensure_ascii=False, indent=2) + "\n"
        (self.temp / rel).write_text(text, encoding="utf-8")
        if picture is not None:
            thumb = picture.copy()
            thumb.thumbnail((THUMBNAIL, THUMBNAIL))
            write_png(thumb, self.temp / f"{component.id}.png", 72)

    # --- the folder ----------------------------------------------------------------------------
    def write(self) -> Exported:
        with _Writer() as self.writer:
            self._components()
        return self._finish()

    def _components(self) -> None:
        key = 1
        for printed in self.kit.components:
            if printed.count == 0:
                continue
            if self.options.target == "tts":
                component = table_form(printed)
                if component is None:
                    continue
                if component.kind == "card" or component.secret:
                    key = self.deck(component, key)
                else:
                    self.tiles(component)
                continue
            component = printed
            try:
                the_spec = self._spec(component)
            except Refused as refused:
                self.result.refused.append((component.id, str(refused)))
                continue
            self.images(component, the_spec)

    def _finish(self) -> Exported:
        if self.options.strict:
            self.errors += self.result.warnings
        if self.errors:
            shown = "; ".join(str(p) for p in self.errors[:5])
            if len(self.errors) > 5:
                shown = ngettext("{problems} (and {n} more)", "{problems} (and {n} more)", len(self.errors) - 5).format(
                    problems=shown, n=len(self.errors) - 5)
            raise KitError(_("game {game}, {shop} preflight failed: {problems}").format(
                game=f"'{self.kit.id}'", shop=_(self.target.name), problems=shown))
        self._manifest()
        self._readme()
        if self.result.warnings:
            lines = [str(p) for p in self.result.warnings]
            (self.temp / "preflight.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return self.result

    def _manifest(self) -> None:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=MANIFEST_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows)
        (self.temp / "manifest.csv").write_text(buffer.getvalue(), encoding="utf-8")

    def _readme(self) -> None:
        from kit.export.readme import readme

        text = readme(self.kit, self.options, self.result, self.rows)
        (self.temp / "README.txt").write_text(text, encoding="utf-8")


def table_form(component: Component) -> Component | None:
    """What a digital table gets of a printed component: its digital form, or nothing of
    what exists for paper alone (kit.model.Component.print_only)."""
    if component.print_only:
        return None
    return component.digital or component


def plan_total(kits: list[GameKit], options: ExportOptions) -> int:
    """How many images the export will draw: the progress bar's length."""
    total = 0
    for game_kit in kits:
        for printed in game_kit.components:
            if printed.count == 0:
                continue
            if options.target == "tts":
                digital = table_form(printed)
                if digital is not None:
                    deck = digital.kind == "card" or digital.secret
                    total += len(faces(digital)) + (1 if deck and digital.back is None else 0)
                continue
            component = printed
            shown = faces(component)
            try:
                spec(options.spec_target, component, paper=options.paper, dpi=options.dpi, bleed=options.bleed)
            except Refused:
                continue
            total += len(shown) + (0 if any(f.side == "back" for f in shown) or not options.spec_target.products else 1)
    return total


def prepare(games: list[str] | tuple[str, ...], *, layouts: Path | str | None,
            options: ExportOptions) -> list[GameKit]:
    """The kits to export, loaded and checked (names, layouts, --only) before anything is drawn."""
    options.check()
    with printing(options.lang):
        return load_kits(games, layouts, options.only)


def export(games: list[str] | tuple[str, ...] = (), *, out: Path | str = Path("output") / "export",
           layouts: Path | str | None = None,
           options: ExportOptions = ExportOptions(), progress: Callable[[int], None] | None = None,
           kits: list[GameKit] | None = None) -> list[Exported]:
    """Export the named games (all by default) into OUT/<game>/<target>/ (OUT/<game>-en/<target>/
    in English: kit.build.edition_name); returns what was written. progress(n) is called as
    images are drawn."""
    with printing(options.lang):
        return _export(games, out, layouts, options, progress, kits)


def _export(games: list[str] | tuple[str, ...], out: Path | str, layouts: Path | str | None, options: ExportOptions,
            progress: Callable[[int], None] | None, kits: list[GameKit] | None) -> list[Exported]:
    if kits is None:
        kits = prepare(games, layouts=layouts, options=options)
    out = Path(out)
    results = []
    for game_kit in kits:
        game_out = out / edition_name(game_kit.id, options.lang)
        prepare_out(game_out)
        final = game_out / options.target
        # .<target>.<pid>.tmp: what a killed export leaves, the next build or export removes.
        temp = temporary_path(game_out, options.target)
        try:
            temp.mkdir()
            result = _Folder(game_kit, options, temp, final, progress).write()
            replace_into_place(temp, final)
        except OSError as error:
            raise KitError(_("cannot write the {target} export of {game} in {folder} ({reason})").format(
                target=options.target, game=game_kit.id, folder=game_out, reason=os_reason(error))) from None
        finally:
            if temp.exists():
                shutil.rmtree(temp, ignore_errors=True)
        results.append(result)
    return results

