"""Every card list may be a CSV table (a spreadsheet's export) with a `count` column: the
same kit comes out, byte for byte, as from the YAML.

Each list is converted in a copy of layouts/: a file that holds only the list (PHD's events
and arguments, Hoc Censeo's motions) becomes <stem>.csv in its place; a list inside a file
with other keys (Amphithéâtre's decks, Promotion's designs) is moved to a table the YAML
names (`cards: affliction-cards.csv`). Fields holding a mapping or a list (a post-it, a die
roll, a card's params) go in one cell in YAML's inline form.
"""
from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
import yaml
from refusals import bad_layout
from yaml_files import yaml_file

from kit.build import build, default_layouts
from kit.errors import LayoutError
from kit.games import layout_module

LAYOUTS = default_layouts()

# (game, file, key of the list, how it becomes CSV)
CARD_LISTS = [
    ("phd", "events.yaml", "cards", "replaced"),
    ("phd", "arguments.yaml", "cards", "replaced"),
    ("phd", "events.yaml", "cards", "named"),
    ("amphitheatre", "affliction.yaml", "cards", "named"),
    ("amphitheatre", "anatomie.yaml", "cards", "named"),
    ("amphitheatre", "cause.yaml", "cards", "named"),
    ("promotion", "cards.yaml", "designs", "named"),
    ("hoc-censeo", "motions.yaml", "motions", "replaced"),
]


def cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10 ** 6).strip()
    return str(value)


def to_csv(entries: list[dict], delimiter: str = ",") -> str:
    """The list as a spreadsheet exports it: one column per key, the copies column named count."""
    columns = [c for c in dict.fromkeys(key for entry in entries for key in entry) if c not in ("copies", "count")]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(columns + ["count"])
    for entry in entries:
        writer.writerow([cell(entry.get(c)) for c in columns] + [entry.get("copies", entry.get("count", 1))])
    return out.getvalue()


def convert(root: Path, game: str, file: str, key: str, how: str, delimiter: str = ",") -> Path:
    """Turn one card list of the copy at root into CSV; returns the CSV file."""
    path = root / game / file
    data = yaml_file(path)
    table = to_csv(data[key], delimiter)
    if how == "replaced":
        assert list(data) == [key], f"{file} holds more than its list"
        path.unlink()
        target = path.with_suffix(".csv")
    else:
        target = path.with_name(f"{path.stem}-{key}.csv")
        data[key] = target.name
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    target.write_text(table, encoding="utf-8")
    return target


def built(layouts: Path, game: str, out: Path) -> tuple[bytes, dict]:
    build([game], out=out, layouts=layouts)
    return (out / f"{game}.pdf").read_bytes(), json.loads((out / f"{game}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def from_yaml(tmp_path_factory):
    cache: dict[str, tuple[bytes, dict]] = {}

    def get(game: str) -> tuple[bytes, dict]:
        if game not in cache:
            cache[game] = built(LAYOUTS, game, tmp_path_factory.mktemp(f"yaml-{game}"))
        return cache[game]
    return get


@pytest.mark.parametrize(("game", "file", "key", "how"), CARD_LISTS, ids=lambda v: str(v))
def test_a_card_list_in_csv_builds_the_same_pdf_and_manifest(tmp_path, from_yaml, game, file, key, how):
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / game, root / game)
    # French spreadsheets export with semicolons: the motions go that way.
    table = convert(root, game, file, key, how, delimiter=";" if game == "hoc-censeo" else ",")
    assert "count" in table.read_text(encoding="utf-8").splitlines()[0].split(";" if game == "hoc-censeo" else ",")
    pdf, manifest = built(root, game, tmp_path / "out")
    expected_pdf, expected_manifest = from_yaml(game)
    assert manifest == expected_manifest
    assert pdf == expected_pdf


def test_every_card_list_of_every_game_converts(tmp_path):
    """All the lists of a game in CSV at once, every game: the kits match the YAML's."""
    for game in ("phd", "amphitheatre", "promotion", "hoc-censeo"):
        root = tmp_path / game / "layouts"
        shutil.copytree(LAYOUTS / game, root / game)
        for g, file, key, how in CARD_LISTS:
            if g == game and not (g == "phd" and how == "named"):
                convert(root, game, file, key, how)
        module = layout_module(game)
        converted, original = module.build(root), module.build(LAYOUTS)
        assert [(c.id, c.size, c.count, c.designs) for c in converted.components] == \
               [(c.id, c.size, c.count, c.designs) for c in original.components]


def test_a_mistake_in_a_csv_card_list_names_the_table_the_row_and_the_field(tmp_path):
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / "promotion", root / "promotion")
    table = convert(root, "promotion", "cards.yaml", "designs", "named")
    lines = table.read_text(encoding="utf-8").splitlines()
    header = next(csv.reader([lines[0]]))
    row = next(csv.reader([lines[3]]))
    row[header.index("count")] = "trois"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(row)
    lines[3] = out.getvalue().rstrip("\n")
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # The column as the table's header row writes it (count), not the record's name for it (copies).
    with bad_layout(table, f"line 4 « {row[header.index('title')]} »", "count", "expected a whole number, got 'trois'"):
        layout_module("promotion").build(root)


def test_a_cell_holding_a_mapping_is_checked_like_the_yaml(tmp_path):
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / "phd", root / "phd")
    table = convert(root, "phd", "events.yaml", "cards", "replaced")
    text = table.read_text(encoding="utf-8")
    assert "resource: credit" in text
    table.write_text(text.replace("resource: credit", "resource: gold", 1), encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        layout_module("phd").build(root)
    e = caught.value
    assert e.file == str(table)
    assert e.entry.startswith("line ")
    assert e.field == "postit.resource"
    assert e.problem == "expected one of pression, credit; got 'gold'"  # lines inside a cell are not the file's


def test_a_yaml_and_a_csv_of_the_same_list_are_refused_together(tmp_path):
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / "hoc-censeo", root / "hoc-censeo")
    shutil.copy(root / "hoc-censeo" / "motions.yaml", tmp_path / "motions.yaml")
    convert(root, "hoc-censeo", "motions.yaml", "motions", "replaced")
    shutil.copy(tmp_path / "motions.yaml", root / "hoc-censeo" / "motions.yaml")
    with bad_layout(root / "hoc-censeo" / "motions.csv", None, None,
                    "motions.yaml and motions.csv both exist; keep one (a CSV table a YAML file names takes another "
                    "name)"):
        layout_module("hoc-censeo").build(root)


def test_a_table_is_named_by_its_file_name_beside_the_yaml(tmp_path):
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / "amphitheatre", root / "amphitheatre")
    path = root / "amphitheatre" / "cause.yaml"
    data = yaml_file(path)
    data["cards"] = "../phd/events.csv"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with bad_layout(path, None, "cards", "a card list in CSV is a file beside cause.yaml: write its name alone, "
                                         "not '../phd/events.csv' (line 1)"):
        layout_module("amphitheatre").build(root)
