"""One size vocabulary: every game's layouts write a piece's size as a preset name, WxH or
[width, height], read by the schema kind "size"; a wrong size names file, entry and field."""
from __future__ import annotations

import inspect

import pytest
from game_sizes import LAYOUT_MODULES, SIZED_FILES, copy_layouts, declared_sizes, read_size, size_fields, write_size
from refusals import problem_of

from kit.build import BuildOptions, draw_document, plan, select
from kit.errors import LayoutError
from kit.paper import CARD_SIZES, parse_size
from kit.schema import Field, ListOf, Record, load_yaml
from kit.surface.record import RecordingSurface

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


A_SIZE = ("expected a size: a name (poker, standard, bridge, mini, tarot, square, a7, a6), WxH in mm (63x88) or "
          "[width, height]")
LEGIBLE = "(this piece draws legibly from 40 x 60 mm up to 90 x 130 mm)"


@pytest.mark.parametrize(("written", "expected"), [
    ("jumbo", f"{A_SIZE}; unknown size 'jumbo'"), ("63", f"{A_SIZE}; got 63"),
    ("[63, 88, 2]", f"{A_SIZE}; got a list of 3 items"),
    ("'0x88'", f"{A_SIZE}; a size is two lengths over 0 mm, got 0 x 88"),
    ("30x88", f"30 x 88 mm is out of bounds: the width must be at least 40 mm {LEGIBLE}"),
    ("63x140", f"63 x 140 mm is out of bounds: the height must be at most 130 mm {LEGIBLE}"),
    ("a6", f"105 x 148 mm is out of bounds: the width must be at most 90 mm {LEGIBLE}"),
])
def test_a_wrong_or_out_of_bounds_size_names_file_entry_and_field(tmp_path, written, expected):
    e = _error(tmp_path, written)
    assert (e.file, e.entry, e.field) == (str(tmp_path / "box.yaml"), "pieces[1] « Carte »", "size")
    assert e.problem == f"{expected} (line 2)"


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
    assert problem_of(e) == f"{A_SIZE}; unknown size '63 by 88'"


# --- every size within the bounds builds --------------------------------------------------------------
BOUNDED = declared_sizes()


def _bounds(size) -> tuple[tuple[float, float], tuple[float, float]]:
    low, high = size.field.min, size.field.max
    if size.round:
        return (low, low), (high, high)
    return tuple(low), tuple(high)


def _within(size) -> list[tuple[float, float]]:
    """The schema's smallest and largest size, two on the diagonal between, and two towards
    the other corners (a narrow tall piece, a wide short one)."""
    (w0, h0), (w1, h1) = _bounds(size)
    at = [(0, 0), (1, 1), (1 / 3, 1 / 3), (2 / 3, 2 / 3)]
    if not size.round:
        at += [(0.25, 0.75), (0.75, 0.25)]
    return [(round(w0 + a * (w1 - w0), 1), round(h0 + b * (h1 - h0), 1)) for a, b in at]


def _written(size, value: tuple[float, float]):
    return value[0] if size.round else f"{value[0]:g}x{value[1]:g}"


class Unrecorded(RecordingSurface):
    """The recording surface, remembering nothing: these tests ask only whether a piece draws,
    and rounding every number of every call for a log nobody reads took a third of their time."""

    def _record(self, name: str, **args) -> None:
        pass


def _draw(size, root, value) -> None:
    """Build the game from the copy and draw every component of that size on a surface that
    writes nothing, the contents page included (what `kit build` does, without a file)."""
    kit = LAYOUT_MODULES[size.game].build(root)
    drawn = tuple(c.id for c in kit.components if c.size == value)
    assert drawn, f"no component of {value} after writing {size}"
    draw_document(Unrecorded(), plan(select(kit, drawn), BuildOptions()))


def _refused_by_the_size(error: LayoutError, root, size) -> bool:
    named = f"{error.entry}.{error.field}" if error.entry else error.field
    return error.file == str(root / size.game / size.file) and named == size.name


def test_every_size_field_states_its_bounds():
    for size in BOUNDED:
        assert size.field.min is not None, f"{size} has no bounds"
        assert size.field.max is not None, f"{size} has no bounds"
        (w0, h0), (w1, h1) = _bounds(size)
        assert 0 < w0 < w1
        assert 0 < h0 < h1


@pytest.mark.parametrize("size", BOUNDED, ids=str)
def test_every_size_within_the_bounds_builds_or_is_refused_by_its_own_field(tmp_path, size):
    """Never an unexpected error nor a text said too long because its piece was resized:
    the piece is drawn, or the layout refuses the size (a board that leaves its seats no
    room, a token larger than its seat) naming the size field."""
    root = copy_layouts(tmp_path, size.game)
    for value in _within(size):
        write_size(root, size, _written(size, value))
        try:
            _draw(size, root, value)
        except LayoutError as error:
            assert _refused_by_the_size(error, root, size), (value, str(error))


@pytest.mark.parametrize("size", BOUNDED, ids=str)
def test_a_size_beyond_the_bounds_is_refused_with_file_entry_and_field(tmp_path, size):
    root = copy_layouts(tmp_path, size.game)
    (w0, h0), (w1, h1) = _bounds(size)
    legible = f"(this piece draws legibly from {w0:g} x {h0:g} mm up to {w1:g} x {h1:g} mm)"
    for value, side, rule, limit in (((w0 - 1, h0), "width", "at least", w0), ((w0, h0 - 1), "height", "at least", h0),
                                     ((w1 + 1, h1), "width", "at most", w1), ((w1, h1 + 1), "height", "at most", h1)):
        if size.round and value[0] != value[1]:
            continue
        write_size(root, size, _written(size, value))
        with pytest.raises(LayoutError) as caught:
            LAYOUT_MODULES[size.game].build(root)
        assert _refused_by_the_size(caught.value, root, size), (value, str(caught.value))
        shown = f"{value[0]:g} x {value[1]:g}"
        assert problem_of(caught.value) in (
            f"{shown} mm is out of bounds: the {side} must be {rule} {limit:g} mm {legible}",
            f"a piece of {shown} mm fits on no paper the kit prints on (the largest piece is 193 x 280 mm on a4, "
            "198.9 x 262.4 mm on letter)"), caught.value.problem


@pytest.mark.parametrize("diameter", [30.0, 45.0, 60.0, 120.0])
def test_the_speaker_tokens_lectern_stays_inside_its_ring_at_any_diameter(diameter):
    """The token once assumed 60 mm: at 30 its lectern left the ring and the build blamed
    the title. Every shape now stays inside the inner ring, whatever the diameter."""
    from kit.games.amphitheatre.pieces import SPEAKER_DESIGN, draw_speaker
    from kit.model import Frame
    surface = RecordingSurface()
    draw_speaker(surface, Frame(diameter, diameter), text="Orateur", subtitle="a la parole", game="Amphithéâtre")
    c = diameter / 2
    inside = c - 3.6 * diameter / SPEAKER_DESIGN
    corners = [p for call in surface.find("polygon") for p in call["points"]]
    square, *rects = surface.find("rect")   # the first is the square the disc is printed in, cut straight
    assert (square["x"], square["y"], square["w"], square["h"]) == (0, 0, diameter, diameter)
    corners += [(r["x"] + dx, r["y"] + dy) for r in rects for dx in (0, r["w"]) for dy in (0, r["h"])]
    assert len(corners) == 2 * 4 + 2 * 4
    assert all(((x - c) ** 2 + (y - c) ** 2) ** 0.5 < inside for x, y in corners)
