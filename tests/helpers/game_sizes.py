"""Where each game's layouts declare the sizes of its pieces, found from the schemas.

A size is a field of kind "size" (a card, a board, an aid) or the "mm" field `diameter`
of a round token. Each game's layout module says which schema reads which of its layout
files holding a size (its `SIZED_FILES`); `declared_sizes`
walks those schemas, so a size field added to a game is tested without naming it here,
and `test_every_size_field_is_in_a_sized_file` fails when a schema with one is missing.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.games import layout_module
from kit.schema import Field, Record
from scorekeeper.rules import GAME_IDS

LAYOUTS = default_layouts()

# game -> its layout module, and its layout files holding a size -> the schema record each is
# read with (the module's SIZED_FILES: each game declares its own).
LAYOUT_MODULES = {game: layout_module(game) for game in GAME_IDS}
SIZED_FILES: dict[str, dict[str, Record]] = {game: module.SIZED_FILES for game, module in LAYOUT_MODULES.items()}


@dataclass(frozen=True)
class DeclaredSize:
    game: str
    file: str
    path: tuple[str, ...]     # keys from the file's top to the size field
    field: Field

    @property
    def round(self) -> bool:
        """A token's diameter: one length, the piece is that wide and that high."""
        return self.field.kind == "mm"

    @property
    def name(self) -> str:
        return ".".join(self.path)

    def __str__(self) -> str:
        return f"{self.game}/{self.file}:{self.name}"


def is_size(key: str, spec: Field) -> bool:
    return spec.kind == "size" or (spec.kind == "mm" and key == "diameter")


def size_fields(record: Record, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Field]]:
    """(path, field) of every size in a record, nested records included (lists are not
    searched: no size lives in a list)."""
    out = []
    for key in record.fields:
        spec = record.field(key)
        if isinstance(spec.kind, Record):
            out += size_fields(spec.kind, prefix + (key,))
        elif is_size(key, spec):
            out.append((prefix + (key,), spec))
    return out


def declared_sizes() -> list[DeclaredSize]:
    return [DeclaredSize(game, file, path, spec)
            for game, files in SIZED_FILES.items() for file, record in files.items()
            for path, spec in size_fields(record)]


def copy_layouts(tmp: Path, game: str) -> Path:
    """A copy of one game's layouts under tmp/layouts; returns the layouts root."""
    root = tmp / "layouts"
    shutil.copytree(LAYOUTS / game, root / game)
    return root


def read_size(root: Path, size: DeclaredSize):
    """The size as the layout file writes it."""
    node = yaml_file(root / size.game / size.file)
    for key in size.path:
        node = node[key]
    return node


def write_size(root: Path, size: DeclaredSize, value) -> None:
    """Set the size in the copy's layout file (rewritten as plain YAML, comments dropped)."""
    path = root / size.game / size.file
    data = yaml_file(path)
    node = data
    for key in size.path[:-1]:
        node = node[key]
    node[size.path[-1]] = value
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
