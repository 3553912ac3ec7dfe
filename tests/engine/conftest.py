"""Shared helpers for the print-engine tests: the fixture game, the CLI runner, mm units.

The fixture game (tests/fixtures/kit_fixture_game.py, layouts in tests/fixtures/layouts)
is added to kit.games.MODULES only for the duration of each test or module that asks
for it, so the real game list is never changed for other tests.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import kit.games
from kit.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LAYOUTS = FIXTURES / "layouts"
GAME = "fixture"
PT = 72 / 25.4  # points per mm

if str(FIXTURES) not in sys.path:
    sys.path.insert(0, str(FIXTURES))


def mm(points: float) -> float:
    return points / PT


@pytest.fixture
def fixture_game(monkeypatch):
    monkeypatch.setitem(kit.games.MODULES, GAME, "kit_fixture_game")
    return GAME


@pytest.fixture(scope="module")
def module_fixture_game():
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(kit.games.MODULES, GAME, "kit_fixture_game")
        yield GAME


def run(*args: str, layouts: Path | None = LAYOUTS):
    """Invoke `kit ARGS...` in-process; layouts defaults to the fixture layouts."""
    argv = list(args)
    if layouts is not None and args and args[0] in ("build", "list"):
        argv += ["--layouts", str(layouts)]
    return CliRunner().invoke(cli, argv, catch_exceptions=False)


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
