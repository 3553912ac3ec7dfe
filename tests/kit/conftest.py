"""Fixtures for the print-engine tests (helpers in tests/helpers/build_helpers.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from build_helpers import FIXTURE_PACKAGE, GAME, LAYOUTS, run

import kit.games


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
