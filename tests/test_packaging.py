"""What `pip install .` installs: every package of the source tree, its data files."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_of_the_tree_is_installed():
    # A package missing from pyproject.toml works from the source tree (the tests import it
    # from here) and breaks only for a player who ran `pip install .`: check the list.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    in_tree = {".".join(path.parent.relative_to(ROOT).parts)
               for top in ("kit", "scorekeeper") for path in (ROOT / top).rglob("__init__.py")}
    assert in_tree - listed == set()
    assert listed - in_tree == {"kit.layouts"}   # the layouts/ folder, mapped by package-dir
