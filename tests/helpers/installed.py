"""The fixture games as if installed beside the kit: each one's folder in tests/fixtures/installed/
holds its distribution's metadata (a dist-info folder whose entry points name its rule module and
its kit package, as a game's own `pip install` would write), so putting the folder on the path is
installing the game, and taking it off uninstalls it. Nothing of the kit's registries is patched:
scorekeeper.rules.games() and kit.games.kits() read what is installed."""
from __future__ import annotations

from pathlib import Path

import pytest

INSTALLED = Path(__file__).resolve().parent.parent / "fixtures" / "installed"


def install(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Install the fixture game `name` (a folder of tests/fixtures/installed/) for one test
    or, with a module's MonkeyPatch, for that module."""
    monkeypatch.syspath_prepend(str(INSTALLED / name))
