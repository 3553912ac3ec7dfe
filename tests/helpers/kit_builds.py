"""The four real kits, built once per run of the suite and shared by every test that reads them.

How a test gets a built kit (tests/kit/conftest.py holds the fixtures):

- `kit_build(*options, games=...)`: the folder holding each asked game's PDF and manifest as
  `kit build GAME... --out FOLDER OPTIONS...` writes them (read-only: every test of the run
  shares it). `kit_build()` is the default A4 build; `kit_build("--greyscale",
  games=["phd"])` builds PHD alone in greyscale. A4 named or not is the same build.
- `kit_text(game, *options)`: every page's text, read with pdfium (pypdfium2): fast, for a
  test that looks for words. Its lines are pdfium's; compare with game_kits.flat.
- `kit_pdf(game, *options)`: the same PDF opened with pdfplumber, for a test that needs where
  each character or word is (crop, chars, extract_words). pdfplumber parses a page's drawing
  the first time it is asked for it, seconds per kit: ask it only for what pdfium cannot tell.
- A kit built from a layout copy a test changed is the test's own: game_kits.build_kit into
  its tmp_path.

The suite runs on every core (pytest-xdist, one process per worker, each with its own
session fixtures). The builds are kept in one folder for the whole run, beside the workers'
own temporary folders, one lock file per game and option set: the first worker to need a
kit builds it there, a worker that needs the same kit meanwhile waits for it, and a worker
that needs several builds first those no other worker is building. What pdfplumber parses of
each page (its objects: chars, lines, rects, curves) is kept there too, once per page and run:
parsed by the first worker that asks for that page, and only then (seconds per kit; a test
reading two pages of a kit parses those two).
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pdfplumber
from build_helpers import run
from game_kits import sums_of_floats_noted

from scorekeeper.rules import GAME_IDS


def canonical(options: Sequence[str]) -> tuple[str, ...]:
    """`kit build` options as one key: A4 is the default paper, so naming it builds nothing new."""
    key = list(options)
    for k in range(len(key) - 1):
        if key[k] == "--paper" and key[k + 1] == "a4":
            del key[k:k + 2]
            break
    return tuple(key)


def run_folder(basetemp: Path) -> Path:
    """The folder every worker of this run shares: under xdist each worker's basetemp is a
    folder (popen-gwN) of the run's own; alone, the run's basetemp is its own."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


@contextlib.contextmanager
def locked(path: Path, wait: bool) -> Iterator[bool]:
    """Hold an exclusive lock on the file at path for the block; yields False at once, holding
    nothing, when another process holds it and wait is False. The system lets go of a lock
    when its process ends, so a worker that crashed blocks nobody."""
    with path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write(path: Path, data: bytes) -> None:
    """The whole file or none: a worker reading it never sees half of it."""
    written = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    written.write_bytes(data)
    os.replace(written, path)


class KitBuilds:
    """kit_build(*options, games=...): see the module's docstring.

    While a kit draws, every sum() the kit's own code makes of floats is noted (module:line;
    geometry adds with math.fsum, tests/kit/test_float_sums.py); the notes are kept beside the
    build, and float_sums lists those of every build this process has asked for."""

    def __init__(self, root: Path):
        self._root = root
        self._notes = root / "float-sums"
        self._notes.mkdir(parents=True, exist_ok=True)
        self._taken: set[tuple[tuple[str, ...], str]] = set()
        self.float_sums: list[str] = []

    def folder(self, *options: str) -> Path:
        key = canonical(options)
        named = "-".join(option.strip("-") for option in key) or "default"
        digest = hashlib.sha1(json.dumps(key).encode()).hexdigest()[:8]
        return self._root / f"kits-{named[:40]}-{digest}"

    def __call__(self, *options: str, games: Sequence[str] = GAME_IDS) -> Path:
        key = canonical(options)
        out = self.folder(*key)
        out.mkdir(exist_ok=True)
        pending = [game for game in GAME_IDS if game in games and (key, game) not in self._taken]
        for wait in (False, True):      # first the kits nobody is drawing, then wait for the rest
            for game in list(pending):
                notes = self._notes / f"{out.name}-{game}.json"
                with locked(self._notes / f"{out.name}-{game}.lock", wait) as held:
                    if not held:
                        continue
                    if not notes.exists():
                        noted: list[str] = []
                        with sums_of_floats_noted(noted):
                            result = run("build", game, "--out", str(out), *key, layouts=None)
                        assert result.exit_code == 0, result.output
                        _write(notes, json.dumps(noted).encode())
                self.float_sums += json.loads(notes.read_text(encoding="utf-8"))
                self._taken.add((key, game))
                pending.remove(game)
        return out


def _parsed_once(parse: Callable[[], dict], kept: Path) -> dict:
    """A page's objects: parsed by the first worker to ask for them (`parse`, pdfplumber's
    own), kept at `kept` for the others."""
    with locked(kept.with_suffix(".lock"), wait=True):
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        objects = parse()
        _write(kept, pickle.dumps(objects, protocol=pickle.HIGHEST_PROTOCOL))
        return objects


class KitPdfs:
    """kit_pdf(game, *options): see the module's docstring. Close when done."""

    def __init__(self, builds: KitBuilds, root: Path):
        self._builds = builds
        self._root = root / "pdfplumber"
        self._root.mkdir(exist_ok=True)
        self._opened: dict[tuple[str, ...], pdfplumber.PDF] = {}

    def __call__(self, game: str, *options: str) -> pdfplumber.PDF:
        key = (game, *canonical(options))
        if key not in self._opened:
            folder = self._builds(*options, games=[game])
            parsed = self._root / f"{folder.name}-{game}"
            parsed.mkdir(exist_ok=True)
            pdf = pdfplumber.open(folder / f"{game}.pdf")
            for page in pdf.pages:
                # Page.objects asks page.parse_objects once, then keeps what it returned.
                page.parse_objects = functools.partial(_parsed_once, page.parse_objects,
                                                       parsed / f"{page.page_number}.pickle")
            self._opened[key] = pdf
        return self._opened[key]

    def close(self) -> None:
        for pdf in self._opened.values():
            pdf.close()
