"""Attach the command families to the `kit` group: the print side and the score side."""
from __future__ import annotations

import importlib

from kit.cli import cli

# kit.build_cli adds `kit list` and `kit build`; kit.score.cli adds the `kit score` group.
for name in ("kit.build_cli", "kit.score.cli"):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
