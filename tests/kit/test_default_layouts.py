"""Without --layouts, a build reads the layouts/ the user is looking at."""
from __future__ import annotations

import shutil

from kit.build import default_layouts


def test_the_layouts_folder_of_the_current_directory_comes_first(tmp_path, monkeypatch):
    # After `pip install .`, a designer edits ./layouts and rebuilds from the project folder:
    # the installed copy must not win over what they edited.
    shutil.copytree(default_layouts() / "promotion", tmp_path / "layouts" / "promotion")
    monkeypatch.chdir(tmp_path)
    assert default_layouts() == tmp_path / "layouts"


def test_a_folder_without_game_layouts_falls_back_to_the_projects(tmp_path, monkeypatch):
    (tmp_path / "layouts" / "notes").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    root = default_layouts()
    assert root != tmp_path / "layouts"
    assert (root / "promotion").is_dir()
