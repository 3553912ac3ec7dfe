"""One size vocabulary: every game's layouts write a piece's size as a preset name, WxH or
[width, height], read by the schema kind "size"; a wrong size names file, entry and field."""
from __future__ import annotations

import inspect

import pytest

from kit.errors import LayoutError
from kit.paper import CARD_SIZES, parse_size
from kit.schema import Field, ListOf, Record, load_yaml

from game_sizes import (LAYOUT_MODULES, SIZED_FILES, copy_layouts, declared_sizes, read_size, size_fields,
                        write_size)

SIZES = [s for s in declared_sizes() if not s.round]

PIECE = Record({"title": Field(str), "size": Field("size", min=(40, 60), max=(90, 130))}, name_key="title")
BOX = Record({"pieces": Field(ListOf(PIECE))})


def _error(tmp_path, size_text: str) -> LayoutError:
    path = tmp_path / "box.yaml"
    path.write_text(f"pieces:\n  - title: Carte\n    size: {size_text}\n", encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        load_yaml(path, BOX)
    return caught.value


@pytest.mark.parametrize("written", ["poker", "63x88", "63 x 88", "63x88mm", "[63, 88]", "'6.3 x 8.8 cm'"])
def test_the_size_kind_reads_each_spelling_to_the_same_mm(tmp_path, written):
    path = tmp_path / "box.yaml"
    path.write_text(f"pieces:\n  - title: Carte\n    size: {written}\n", encoding="utf-8")
    assert load_yaml(path, BOX)["pieces"][0]["size"] == (63.0, 88.0)


@pytest.mark.parametrize("written, expected", [
    ("jumbo", "expected a size: a name (poker, "), ("63", "expected a size"), ("[63, 88, 2]", "expected a size"),
    ("'0x88'", "over 0 mm"), ("30x88", "the width must be at least 40 mm"),
    ("63x140", "the height must be at most 130 mm"), ("a6", "from 40 x 60 mm up to 90 x 130 mm"),
])
def test_a_wrong_or_out_of_bounds_size_names_file_entry_and_field(tmp_path, written, expected):
    e = _error(tmp_path, written)
    assert (e.file, e.entry, e.field) == (str(tmp_path / "box.yaml"), "pieces[1] « Carte »", "size")
    assert expected in e.problem and "(line 2)" in e.problem


def test_every_game_declares_its_sizes_in_its_layouts():
    games = {s.game for s in SIZES}
    assert games == set(SIZED_FILES), "each game writes at least one size in its layouts"
    assert len(SIZES) >= 10


def test_every_size_field_is_in_a_sized_file():
    """A schema of a layout module holding a size must be listed in SIZED_FILES, or the
    size tests would not see it."""
    for game, module in LAYOUT_MODULES.items():
        listed = {id(record) for record in SIZED_FILES[game].values()}
        for name, record in inspect.getmembers(module, lambda v: isinstance(v, Record)):
            if size_fields(record) and id(record) not in listed:
                contained = any(id(record) in {id(f.kind) for _, f in _all_fields(top)}
                                for top in SIZED_FILES[game].values())
                assert contained, f"{game}: {name} declares a size but no test reads it"


def _all_fields(record: Record):
    for key in record.fields:
        spec = record.field(key)
        yield key, spec
        if isinstance(spec.kind, Record):
            yield from _all_fields(spec.kind)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_each_spelling_of_a_size_builds_the_same_kit(tmp_path, size):
    """The size as the layout writes it, then as WxH, as 'W x H mm', as [W, H] and, when
    it has one, by its preset name: the kit's pieces come out the same size."""
    module = LAYOUT_MODULES[size.game]
    root = copy_layouts(tmp_path, size.game)
    before = [(c.id, c.size) for c in module.build(root).components]
    width, height = parse_size(read_size(root, size))
    spellings = [f"{width:g}x{height:g}", f"{width:g} x {height:g} mm", [width, height]]
    spellings += [name for name, value in CARD_SIZES.items() if value == (width, height)]
    for spelling in spellings:
        write_size(root, size, spelling)
        assert [(c.id, c.size) for c in module.build(root).components] == before, spelling


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_a_misspelt_size_is_refused_with_file_entry_and_field(tmp_path, size):
    root = copy_layouts(tmp_path, size.game)
    write_size(root, size, "63 by 88")
    with pytest.raises(LayoutError) as caught:
        LAYOUT_MODULES[size.game].build(root)
    e = caught.value
    assert e.file == str(root / size.game / size.file)
    assert f"{e.entry}.{e.field}" == size.name if e.entry else e.field == size.name
    assert "expected a size" in e.problem and "63 by 88" in e.problem
