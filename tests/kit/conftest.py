"""Fixtures for the print-engine tests (helpers in tests/helpers/build_helpers.py)."""
from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pdfplumber
import pytest
from build_helpers import FIXTURE_PACKAGE, GAME, LAYOUTS, run
from game_kits import sums_of_floats_noted

import kit.games
from scorekeeper.rules import GAME_IDS


@pytest.fixture
def fixture_game(monkeypatch):
    monkeypatch.setitem(kit.games.KITS, GAME, FIXTURE_PACKAGE)
    return GAME


@pytest.fixture(scope="module")
def module_fixture_game():
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(kit.games.KITS, GAME, FIXTURE_PACKAGE)
        yield GAME


@pytest.fixture
def layouts_copy(tmp_path) -> Path:
    """A designer's copy of the fixture layouts, free to break."""
    target = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, target)
    return target


@pytest.fixture(scope="module")
def build_fixture(module_fixture_game, tmp_path_factory):
    """Build the fixture once per set of options in this module; returns the output folder."""
    cache: dict[tuple[str, ...], Path] = {}

    def build(*options: str) -> Path:
        if options not in cache:
            out = tmp_path_factory.mktemp("out")
            result = run("build", GAME, "--out", str(out), *options)
            assert result.exit_code == 0, result.output
            cache[options] = out
        return cache[options]
    return build


def _canonical(options: Sequence[str]) -> tuple[str, ...]:
    """`kit build` options as one key: A4 is the default paper, so naming it builds nothing new."""
    key = list(options)
    for k in range(len(key) - 1):
        if key[k] == "--paper" and key[k + 1] == "a4":
            del key[k:k + 2]
            break
    return tuple(key)


class KitBuilds:
    """The real games built once per run of the suite for each set of `kit build` options:
    kit_build(*options, games=...) is the folder holding each game's PDF and manifest
    (read-only: every module of the run shares it). Drawing a kit is most of what the kit
    tests cost, so the game, print-job, imposition and picture tests share these builds.

    While they draw, every sum() the kit's own code makes of floats is noted in float_sums
    (module:line): geometry adds with math.fsum (tests/kit/test_float_sums.py)."""

    def __init__(self, folders: Callable[[], Path]):
        self._new_folder = folders
        self._folders: dict[tuple[str, ...], tuple[Path, set[str]]] = {}
        self.float_sums: list[str] = []

    def __call__(self, *options: str, games: Sequence[str] = GAME_IDS) -> Path:
        key = _canonical(options)
        if key not in self._folders:
            self._folders[key] = (self._new_folder(), set())
        out, built = self._folders[key]
        missing = [game for game in GAME_IDS if game in games and game not in built]
        if missing:
            with sums_of_floats_noted(self.float_sums):
                result = run("build", *missing, "--out", str(out), *key, layouts=None)
            assert result.exit_code == 0, result.output
            built.update(missing)
        return out


@pytest.fixture(scope="session")
def kit_build(tmp_path_factory: pytest.TempPathFactory) -> KitBuilds:
    return KitBuilds(lambda: tmp_path_factory.mktemp("kits"))


@pytest.fixture(scope="session")
def kit_pdf(kit_build: KitBuilds) -> Iterator[Callable[..., pdfplumber.PDF]]:
    """kit_pdf(game, *options): the game's PDF of kit_build(*options), opened once per run
    with pdfplumber; pdfplumber keeps each page it has parsed, so a page read by several
    modules is parsed once."""
    opened: dict[tuple[str, ...], pdfplumber.PDF] = {}

    def pdf(game: str, *options: str) -> pdfplumber.PDF:
        key = (game, *_canonical(options))
        if key not in opened:
            opened[key] = pdfplumber.open(kit_build(*options, games=[game]) / f"{game}.pdf")
        return opened[key]
    yield pdf
    for document in opened.values():
        document.close()
