"""Fixtures for the print-engine tests (helpers in tests/helpers/build_helpers.py; the real kits,
built once per run, in tests/helpers/kit_builds.py)."""
from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from build_helpers import GAME, LAYOUTS, run
from game_kits import page_texts
from installed import install
from kit_builds import KitBuilds, KitPdfs, canonical, run_folder


@pytest.fixture
def fixture_game(monkeypatch):
    install(monkeypatch, GAME)
    return GAME


@pytest.fixture(scope="module")
def module_fixture_game():
    with pytest.MonkeyPatch.context() as patch:
        install(patch, GAME)
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


@pytest.fixture(scope="session")
def kit_build(tmp_path_factory: pytest.TempPathFactory) -> KitBuilds:
    """The real games, built once per run for each set of `kit build` options (tests/helpers/kit_builds.py)."""
    return KitBuilds(run_folder(tmp_path_factory.getbasetemp()))


@pytest.fixture(scope="session")
def kit_text(kit_build: KitBuilds) -> Callable[..., list[str]]:
    """kit_text(game, *options): each page's text in kit_build(*options), read with pdfium."""
    read: dict[tuple[str, ...], list[str]] = {}

    def text(game: str, *options: str) -> list[str]:
        key = (game, *canonical(options))
        if key not in read:
            read[key] = page_texts(kit_build(*options, games=[game]) / f"{game}.pdf")
        return read[key]
    return text


@pytest.fixture(scope="session")
def kit_pdf(kit_build: KitBuilds, tmp_path_factory: pytest.TempPathFactory) -> Iterator[KitPdfs]:
    """kit_pdf(game, *options): the game's PDF of kit_build(*options), opened with pdfplumber
    once per worker; each page's drawing is parsed once per run (tests/helpers/kit_builds.py)."""
    pdfs = KitPdfs(kit_build, run_folder(tmp_path_factory.getbasetemp()))
    yield pdfs
    pdfs.close()
