"""What `pip install .` installs: every package of the source tree, found by setup.py, and the
data files the kit reads (the layouts as kit.layouts, catalogues, fonts, the server's assets and
its pages' templates)."""
from __future__ import annotations

import runpy
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def found(monkeypatch) -> list[str]:
    """The packages setup.py hands to setuptools."""
    import setuptools  # imported here, not while every worker collects the suite (0.2 s each)

    given: dict = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: given.update(kwargs))
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "setup.py"))
    return given["packages"]


def config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_tree_is_found_and_the_layouts_are_kit_layouts(found):
    # A package missing from the install works from the source tree (the tests import it from
    # here) and breaks only for a player who ran `pip install .`.
    in_tree = {".".join(path.parent.relative_to(ROOT).parts)
               for top in ("kit", "scorekeeper") for path in (ROOT / top).rglob("__init__.py")}
    assert sorted(found) == sorted(in_tree | {"kit.layouts"})
    assert "packages" not in config()      # found, never listed by hand
    assert config()["package-dir"] == {"kit.layouts": "layouts"}


@pytest.mark.parametrize(("package", "folder", "files"), [
    ("kit.layouts", "layouts", ["phd/kit.yaml", "*/*.yaml"]),
    ("kit", "kit", ["locale/fr/LC_MESSAGES/kit.mo", "locale/en/LC_MESSAGES/kit.mo"]),
    ("kit.fonts", "kit/fonts", ["*.ttf", "*.txt"]),
    ("kit.serve", "kit/serve", ["static/*.css", "static/*.js", "static/*.ico", "templates/*.html"]),
    ("kit.games", "kit/games", ["*/templates/*.html", "*/static/*.css"]),   # a game's own templates and their styles
])
def test_the_files_the_kit_reads_are_package_data(package, folder, files):
    patterns = config()["package-data"][package]
    for wanted in files:
        paths = sorted((ROOT / folder).glob(wanted))
        assert paths, f"nothing in {folder} matches {wanted}"
        for path in paths:
            assert any(path.match(str(ROOT / folder / pattern)) for pattern in patterns), path


def test_every_layout_file_is_package_data():
    patterns = config()["package-data"]["kit.layouts"]
    for path in (ROOT / "layouts").rglob("*"):
        if path.is_file():
            assert any(path.match(str(ROOT / "layouts" / pattern)) for pattern in patterns), path
