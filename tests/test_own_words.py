"""The printed texts are the project's own words: no string of any layout file shares a run
of 9 consecutive words with a seed text (the checker's rule, BRIEF.md).

The seeds live beside the clone, in ../shared/seeds; without that folder there is nothing
to compare with and the test says so. Words are compared as the checker compares them:
NFC, lower case, the typographic apostrophe as ', words = runs of letters, digits and '.
"""
from __future__ import annotations

import csv
import re
import unicodedata
from pathlib import Path

import pytest
from yaml_files import yaml_file

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 9


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", unicodedata.normalize("NFC", text).lower().replace("\u2019", "'"))


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in strings(value)]
    return []


def layout_strings() -> list[tuple[str, str]]:
    """(file relative to layouts/, string) for every string of every layout file."""
    out = []
    for path in sorted(LAYOUTS.rglob("*")):
        if path.suffix in (".yaml", ".yml"):
            found = strings(yaml_file(path))
        elif path.suffix == ".csv":
            with path.open(encoding="utf-8-sig", newline="") as handle:
                found = [cell for row in csv.reader(handle) for cell in row]
        else:
            continue
        out += [(str(path.relative_to(LAYOUTS)), s) for s in found]
    return out


def test_the_layouts_hold_texts_to_compare():
    found = layout_strings()
    assert {name.split("/")[0] for name, _ in found} >= {"phd", "amphitheatre", "promotion", "hoc-censeo"}
    assert sum(len(words(s)) for _, s in found) > 5000


def test_the_run_finder_sees_a_copied_sentence():
    seed = "Un deux trois quatre cinq six sept huit neuf dix"
    assert runs(seed) & runs("Au début\u00a0: UN deux trois quatre cinq six sept huit neuf.")
    assert not runs(seed) & runs("un deux trois quatre cinq six sept huit")


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"no seeds folder at {SEEDS} (it sits beside the clone)")
def test_no_layout_string_shares_nine_consecutive_words_with_a_seed():
    seeds = sorted(SEEDS.glob("*"))
    assert seeds, f"{SEEDS} is empty"
    seed_runs = {}
    for seed in seeds:
        for run in runs(seed.read_text(encoding="utf-8")):
            seed_runs.setdefault(run, seed.name)
    copied = [f"{name}: « {' '.join(run)} » ({seed_runs[run]})"
              for name, text in layout_strings() for run in sorted(runs(text)) if run in seed_runs]
    assert not copied, "\n".join(copied[:10])
