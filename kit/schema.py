"""Layout files checked against a schema, with errors a designer can act on.

A game describes what its layout files hold with three building blocks:

    CARD = Record({
        "title": Field(str, doc="printed at the top"),
        "text": Field(str, default=""),
        "count": Field(int, default=1, min=0),
        "colour": Field("colour", default="orange"),
    }, name_key="title")
    DECK = Record({"cards": Field(ListOf(CARD, min_len=1))})
    data = load_yaml(folder / "cards.yaml", DECK)      # defaults filled in

Every mistake raises kit.errors.LayoutError naming the file, the entry and the field,
e.g. `layouts/phd/cards.yaml, entry cards[12] « Le chien », field 'count': expected a
whole number, got 'deux' (line 48)`. Entries count from 1, as a designer counts them.
An unknown key lists the accepted ones; a wrong type, choice or range says what was
expected. Card lists may also be CSV files (`load_table`), one row per design with a
`count` column.

Kinds of field: str, int, float, bool, and the names "text" (a printed French text,
returned typeset by kit.typography: no-break spaces, typographic apostrophe), "colour" (a palette name or
#RRGGBB, returned as #RRGGBB), "mm" (a length: 63, "63mm", "6.3cm", returned in mm),
"size" (a piece's width and height: a name of kit.paper.CARD_SIZES such as poker or tarot,
"63x88", "63 x 88 mm" or [63, 88], returned as (width, height) in mm; its min and max are
sizes too, each side checked on its own), "symbol" (a name from kit.palette.SYMBOLS), "font" (a name from kit.fonts.FILES), or a
nested Record or ListOf.
"""
from __future__ import annotations

import copy
import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from kit.errors import LayoutError
from kit.typography import typeset

_MISSING = object()

@dataclass(frozen=True)
class Field:
    """One key of a record. A field with a default is optional; without, required unless
    required=False (then it is None when absent)."""

    kind: Any
    required: bool = True
    default: Any = _MISSING
    choices: tuple | list | None = None
    min: float | tuple[float, float] | None = None   # a size's bounds are (width, height)
    max: float | tuple[float, float] | None = None
    doc: str = ""

    @property
    def optional(self) -> bool:
        return self.default is not _MISSING or not self.required

    def default_value(self) -> Any:
        return None if self.default is _MISSING else copy.deepcopy(self.default)


@dataclass(frozen=True)
class Record:
    """A mapping with known keys. name_key: the field whose value names an entry in errors."""

    fields: dict
    name_key: str | None = None
    doc: str = ""

    def field(self, key: str) -> Field:
        f = self.fields[key]
        return f if isinstance(f, Field) else Field(f)


@dataclass(frozen=True)
class ListOf:
    """A list of items (a Field kind, a Field or a Record), with optional length bounds."""

    item: Any
    min_len: int = 0
    max_len: int | None = None


@dataclass
class _Where:
    file: str
    entry: str | None = None
    line: int | None = None

    def error(self, field_name: str | None, problem: str) -> LayoutError:
        if self.line is not None:
            problem += f" (line {self.line})"
        return LayoutError(self.file, self.entry, field_name, problem)


# --- YAML with line numbers ---------------------------------------------------------------------
class _Map(dict):
    line: int | None = None


class _Seq(list):
    line: int | None = None


class _Loader(yaml.SafeLoader):
    """A safe loader that remembers where each mapping and list starts, for error messages."""


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> _Map:
    loader.flatten_mapping(node)
    result = _Map()
    result.line = node.start_mark.line + 1
    seen: dict[Any, int] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key '{key}' appears twice (lines {seen[key]} and {key_node.start_mark.line + 1})",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line + 1
        result[key] = loader.construct_object(value_node, deep=True)
    return result


def _construct_seq(loader: _Loader, node: yaml.SequenceNode) -> _Seq:
    result = _Seq(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    return result


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """_Loader on libyaml when PyYAML was built with it (some ten times faster): the same
    data and the same lines. A file it refuses is read again by _Loader, whose error
    messages (and marks) are the ones read_yaml words for the designer."""


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)


def _read_text(path: Path, encoding: str) -> str:
    """The file's text; a missing, unreadable or non-UTF-8 file is a LayoutError."""
    try:
        with path.open(encoding=encoding, newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        raise LayoutError(path, None, None, "the file does not exist") from None
    except UnicodeDecodeError:
        raise LayoutError(path, None, None, "the file is not UTF-8 text") from None
    except OSError as error:
        raise LayoutError(path, None, None, f"cannot read the file ({error.strerror})") from None


def read_yaml(path: Path | str) -> Any:
    """Parse a YAML file (safe subset); a syntax error becomes a LayoutError with its line."""
    path = Path(path)
    text = _read_text(path, "utf-8")
    try:
        try:
            return yaml.load(text, Loader=_FastLoader)
        except yaml.YAMLError:
            return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "syntax error"
        if "mapping values are not allowed" in problem:
            # The usual cause in French texts: « : » inside an unquoted sentence.
            problem += " (a text containing ': ' must be put in quotes)"
        raise LayoutError(path, None, None, f"not valid YAML{where}: {problem}") from None
    except yaml.YAMLError as error:
        raise LayoutError(path, None, None, f"not valid YAML: {error}") from None


# --- checking ---------------------------------------------------------------------------------
def _describe(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 40 else text[:37] + "…'"


def entry_name(base: str, index: int, label: Any = None) -> str:
    """An entry as every layout error names it: `cards[12] « Titre »`, counted from 1, the
    label on one line (no-break spaces as plain ones) and cut at 40 characters."""
    name = f"{base}[{index}]"
    if isinstance(label, (str, int, float)) and str(label).strip():
        label = " ".join(str(label).split())
        if len(label) > 40:
            label = label[:39] + "…"
        name += f" « {label} »"
    return name


def _entry_name(base: str, index: int, item: Any, record: Record | None) -> str:
    label = item.get(record.name_key) if record and record.name_key and isinstance(item, dict) else None
    return entry_name(base, index, label)


def _check_scalar(kind: Any, value: Any, where: _Where, name: str, from_text: bool) -> Any:
    """Convert and check one value of a simple kind; from_text: the value came from a CSV cell."""
    if kind is str or kind == "text":
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise where.error(name, f"expected text, got {_describe(value)}")
        text = str(value)
        text = text.replace("\\n", "\n") if from_text else text
        # Printed French is typeset once, here, for every game (placeholders filled later
        # are typeset again by kit.typography.fill; typesetting twice changes nothing).
        return typeset(text) if kind == "text" else text
    if kind is bool:
        if from_text and isinstance(value, str):
            lowered = value.strip().lower()
            if lowered in ("true", "yes", "oui", "1", "x"):
                return True
            if lowered in ("false", "no", "non", "0", ""):
                return False
        if isinstance(value, bool):
            return value
        raise where.error(name, f"expected true or false, got {_describe(value)}")
    if kind is int:
        if from_text and isinstance(value, str):
            try:
                return int(value.strip())
            except ValueError:
                pass
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise where.error(name, f"expected a whole number, got {_describe(value)}")
    if kind is float:
        if from_text and isinstance(value, str):
            try:
                return float(value.strip().replace(",", "."))
            except ValueError:
                pass
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise where.error(name, f"expected a number, got {_describe(value)}")
    if kind == "mm":
        from kit.paper import parse_mm
        try:
            return parse_mm(value)
        except (ValueError, TypeError) as error:
            raise where.error(name, f"expected a length in mm (63, '63mm', '6.3cm'): {error}") from None
    if kind == "size":
        from kit.paper import CARD_SIZES, parse_size
        try:
            return parse_size(value)
        except (ValueError, TypeError) as error:
            raise where.error(name, f"expected a size: a name ({', '.join(CARD_SIZES)}), WxH in mm (63x88) "
                                    f"or [width, height]; {error}") from None
    if kind == "colour":
        from kit.palette import PALETTE, resolve
        try:
            return resolve(value)
        except (ValueError, TypeError, AttributeError):
            raise where.error(name, f"expected a colour (#RRGGBB or one of {', '.join(PALETTE)}), "
                                    f"got {_describe(value)}") from None
    if kind == "symbol":
        from kit.palette import SYMBOLS
        if value not in SYMBOLS:
            raise where.error(name, f"expected a symbol, one of {', '.join(SYMBOLS)}; got {_describe(value)}")
        return value
    if kind == "font":
        from kit.fonts import FILES
        if value not in FILES:
            raise where.error(name, f"expected a font, one of {', '.join(FILES)}; got {_describe(value)}")
        return value
    raise TypeError(f"schema error: unsupported field kind {kind!r}")


def _check_field(spec: Field, value: Any, where: _Where, name: str, from_text: bool = False) -> Any:
    kind = spec.kind
    if isinstance(kind, Record):
        result = _check_record(kind, value, where, name)
    elif isinstance(kind, ListOf):
        result = _check_list(kind, value, where, name)
    else:
        result = _check_scalar(kind, value, where, name, from_text)
    if spec.choices is not None and result not in spec.choices:
        choices = ", ".join(str(c) for c in spec.choices)
        raise where.error(name, f"expected one of {choices}; got {_describe(result)}")
    if kind == "size":
        _check_size_bounds(spec, result, where, name)
    elif spec.min is not None or spec.max is not None:
        measured = len(result) if isinstance(result, (str, list)) else result
        unit = " characters" if isinstance(result, str) else (" items" if isinstance(result, list) else "")
        if spec.min is not None and measured < spec.min:
            raise where.error(name, f"must be at least {spec.min:g}{unit}, got {measured:g}")
        if spec.max is not None and measured > spec.max:
            raise where.error(name, f"must be at most {spec.max:g}{unit}, got {measured:g}")
    return result


def _check_size_bounds(spec: Field, size: tuple[float, float], where: _Where, name: str | None) -> None:
    """A size within the field's min and max (each a (width, height) in mm), side by side: the
    bounds say where the piece's drawing stops being legible or stops fitting the paper."""
    bounds = [f"from {spec.min[0]:g} x {spec.min[1]:g} mm" if spec.min else "",
              f"up to {spec.max[0]:g} x {spec.max[1]:g} mm" if spec.max else ""]
    for bound, word, sign in ((spec.min, "at least", -1), (spec.max, "at most", 1)):
        if bound is None:
            continue
        for side, value, limit in (("width", size[0], bound[0]), ("height", size[1], bound[1])):
            if sign * (value - limit) > 1e-9:
                raise where.error(name, f"{size[0]:g} x {size[1]:g} mm is out of bounds: the {side} must be "
                                        f"{word} {limit:g} mm (this piece draws legibly "
                                        f"{' '.join(b for b in bounds if b)})")


def _check_record(record: Record, value: Any, where: _Where, name: str | None,
                  from_text: bool = False) -> dict:
    if not isinstance(value, dict):
        raise where.error(name, f"expected a mapping of keys ({', '.join(record.fields)}), got {_describe(value)}")
    line = getattr(value, "line", None)
    # Fields inside a nested mapping are named by their path ("back.colour").
    prefix = f"{name}." if name else ""
    inner = _Where(where.file, where.entry, line if line is not None else where.line)
    unknown = [k for k in value if k not in record.fields]
    if unknown:
        accepted = ", ".join(record.fields)
        raise inner.error(f"{prefix}{unknown[0]}", f"unknown key '{unknown[0]}'; accepted keys: {accepted}")
    out: dict = {}
    for key in record.fields:
        spec = record.field(key)
        present = key in value and value[key] is not None and not (from_text and value[key] == "")
        if not present:
            if not spec.optional:
                raise inner.error(f"{prefix}{key}", "this field is required")
            default = spec.default_value()
            # Defaults go through the same conversion as written values ("orange" -> "#E69F00").
            out[key] = None if default is None else _check_field(spec, default, inner, f"{prefix}{key}")
            continue
        out[key] = _check_field(spec, value[key], inner, f"{prefix}{key}", from_text)
    return out


def _check_list(spec: ListOf, value: Any, where: _Where, name: str) -> list:
    if not isinstance(value, list):
        raise where.error(name, f"expected a list, got {_describe(value)}")
    count = len(value)
    if count < spec.min_len:
        raise where.error(name, f"expected at least {spec.min_len} entries, got {count}")
    if spec.max_len is not None and count > spec.max_len:
        raise where.error(name, f"expected at most {spec.max_len} entries, got {count}")
    item = spec.item if isinstance(spec.item, (Field, Record)) else Field(spec.item)
    record = item if isinstance(item, Record) else (item.kind if isinstance(item.kind, Record) else None)
    out = []
    base = f"{where.entry}.{name}" if where.entry else name
    for i, element in enumerate(value, start=1):
        entry = _entry_name(base, i, element, record)
        line = getattr(element, "line", None) or getattr(value, "line", None) or where.line
        inner = _Where(where.file, entry, line)
        if isinstance(item, Record):
            out.append(_check_record(item, element, inner, None))
        else:
            # A field (a record or a plain value) in a list: the entry names it, there is no field to name.
            out.append(_check_field(item, element, inner, None))
    return out


# --- public loaders ---------------------------------------------------------------------------
def check(data: Any, schema: Record, file: Path | str = "<data>") -> dict:
    """Check already-parsed data against a record schema; returns it with defaults filled."""
    return _check_record(schema, data, _Where(str(file)), None)


def load_yaml(path: Path | str, schema: Record) -> dict:
    """Read a YAML layout file and check it against schema; returns a dict with defaults filled."""
    data = read_yaml(path)
    if data is None:
        data = _Map()
    return _check_record(schema, data, _Where(str(path)), None)


def load_table(path: Path | str, record: Record) -> list[dict]:
    """Read a CSV card list, one row per design, checked against record.

    The first row names the columns (the record's keys). A `count` column says how many
    copies of the row to print; when the record does not define it, it is an optional
    whole number, default 1. Empty cells take the field's default. In text cells, the two
    characters \\n start a new paragraph (spreadsheets make real line breaks awkward).
    Entries are named by their line in the file: `line 14 « Titre »`.
    """
    path = Path(path)
    if "count" not in record.fields:
        record = Record({**record.fields, "count": Field(int, default=1, min=0, doc="copies to print")},
                        name_key=record.name_key, doc=record.doc)
    # utf-8-sig: spreadsheets often save a byte-order mark before the header row.
    sample = _read_text(path, "utf-8-sig")
    # Spreadsheets in French locales export with semicolons; accept both.
    first = sample.splitlines()[0] if sample.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(sample, newline=""), delimiter=delimiter)
    try:
        header = [cell.strip() for cell in next(reader)]
    except StopIteration:
        header = []
    if not any(header):
        raise LayoutError(path, None, None, "the file is empty; the first row must name the columns")
    for column in header:
        if column not in record.fields:
            raise LayoutError(path, "the header row", column,
                              f"unknown column '{column}'; accepted columns: {', '.join(record.fields)}")
    out = []
    end = reader.line_num
    for cells in reader:
        line, end = end + 1, reader.line_num  # a quoted cell may span lines: name the row's first
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            raise LayoutError(path, f"line {line}", None,
                              f"{len(cells)} cells for {len(header)} columns (an unquoted {delimiter!r} in a text?)")
        values = {column: cell.strip() for column, cell in zip(header, cells)}
        label = values.get(record.name_key, "") if record.name_key else ""
        entry = f"line {line}" + (f" « {' '.join(label.split())} »" if label else "")
        out.append(_check_record(record, values, _Where(str(path), entry), None, from_text=True))
    return out


def load_entries(path: Path | str, record: Record, key: str = "cards") -> list[dict]:
    """A card list from either a CSV table or a YAML file holding the list under `key`."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return load_table(path, record)
    return load_yaml(path, Record({key: Field(ListOf(record))}))[key]


def check_distinct(items: list[dict], keys: tuple[str, ...], file: Path | str, base: str, label_key: str,
                   *, normalise=None, why: str = "each must differ") -> None:
    """No two entries of a list share a value of any of keys (a name, a colour, a symbol...).

    normalise: how values are compared (e.g. case and spacing ignored); the error names the
    second entry, the field and the first entry holding the value, then why it matters."""
    for key in keys:
        seen: dict[Any, int] = {}
        for i, item in enumerate(items, start=1):
            value = item[key] if normalise is None else normalise(item[key])
            if value in seen:
                raise LayoutError(file, entry_name(base, i, item[label_key]), key,
                                  f"'{item[key]}' is already the {key} of {base}[{seen[value]}]; {why}")
            seen[value] = i


def layout_dir(root: Path | str, game_id: str) -> Path:
    """The folder of one game's layout files under a layouts root, which must exist."""
    folder = Path(root) / game_id
    if not folder.is_dir():
        raise LayoutError(folder, None, None, f"no layout folder for the game '{game_id}' under {root}")
    return folder


def find(folder: Path | str, stem: str) -> Path:
    """The layout file `stem` in folder, as .yaml, .yml or .csv (the first that exists)."""
    folder = Path(folder)
    for suffix in (".yaml", ".yml", ".csv"):
        candidate = folder / f"{stem}{suffix}"
        if candidate.is_file():
            return candidate
    raise LayoutError(folder / f"{stem}.yaml", None, None, "the file does not exist (nor a .yml or .csv of that name)")
