"""Helpers for the print-engine tests: the fixture game, the CLI runner, mm units.

The fixture game (tests/fixtures/kit_fixture_game/, layouts in tests/fixtures/layouts) is
installed only for the duration of each test or module that asks for it (the fixtures in
tests/kit/conftest.py, tests/helpers/installed.py), so the real game list is never changed
for other tests.
"""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kit.cli import cli
from kit.surface.metrics import PT  # mm per point, the kit's own constant

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LAYOUTS = FIXTURES / "layouts"
GAME = "fixture"


def mm(points: float) -> float:
    """PDF points to millimetres."""
    return points * PT


def points(millimetres: float) -> float:
    """Millimetres to PDF points."""
    return millimetres / PT


def run(*args: str, layouts: Path | None = LAYOUTS):
    """Invoke `kit ARGS...` in-process; layouts defaults to the fixture layouts."""
    argv = list(args)
    if layouts is not None and args and args[0] in ("build", "list"):
        argv += ["--layouts", str(layouts)]
    return CliRunner().invoke(cli, argv, catch_exceptions=False)
