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

What a layout file may hold is bounded, so that a mistaken or hostile file is refused in
one sentence instead of hanging the build or filling the memory: at most MAX_FILE_BYTES,
no character YAML forbids (a NUL byte is named with its line), at most MAX_DEPTH levels of
nesting and MAX_VALUES values once aliases (`*name`) are expanded, numbers of at most
MAX_DIGITS digits, whole numbers within ±MAX_WHOLE and texts of at most MAX_TEXT
characters unless a field states its own bounds, every length within the largest paper,
and only characters every kit font can print. A value quoted in a message is cut short.
"""
from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from kit.errors import LayoutError, Size
from kit.i18n import N_, _, active, folded, ngettext, number, os_reason, printed_language, whole
from kit.records import Field as Field  # Field, ListOf, Record: the layouts' schema, taken from here
from kit.records import ListOf as ListOf
from kit.records import Record as Record
from kit.records import cut, describe
from kit.typography import typeset

# --- bounds -------------------------------------------------------------------------------------
# The largest layout shipped is some 20 KB: 256 KiB leaves room for any real deck and is
# still read, parsed (or refused) in a fraction of a second.
MAX_FILE_BYTES = 256 << 10
MAX_DEPTH = 32              # levels of nesting; the layouts use at most 6
MAX_VALUES = 20_000         # scalars, lists and mappings, aliases expanded (1,251 at most in use)
MAX_DIGITS = 30             # in a number as written
MAX_WHOLE = 1_000_000       # a whole number without bounds of its own
MAX_TEXT = 10_000           # characters in a text without bounds of its own
MAX_COPIES = 1_000          # pieces of one design, or of a whole list of designs
COPY_KEYS = ("count", "copies")  # the fields that say how many of a design to print; they state
                                 # MAX_COPIES as their maximum, and a list's total is bounded by it

@dataclass
class _Where:
    file: str
    entry: str | None = None
    line: int | None = None

    def error(self, field_name: str | None, problem: str) -> LayoutError:
        if self.line is not None:
            problem = _("{problem} (line {line})").format(problem=problem, line=self.line)
        return LayoutError(self.file, self.entry, field_name, problem)


# --- YAML with line numbers, bounded -----------------------------------------------------------
class _Map(dict[Any, Any]):
    line: int | None = None


class _Seq(list[Any]):
    line: int | None = None


class _Refused(yaml.MarkedYAMLError):
    """A file the loader will not build (too deep, too many values, a number too long),
    reported as it stands: never read again by the slower loader."""

    def __init__(self, problem: str, mark: Any) -> None:   # a mark of PyYAML or of libyaml
        super().__init__(None, None, problem, mark)


def _events(text: str) -> Iterator[yaml.Event]:
    """libyaml's events; its own nesting bound (1000 levels) is worded as the kit's."""
    try:
        yield from yaml.parse(text, Loader=_FastLoader)
    except yaml.YAMLError as error:
        if "maximum nesting depth" not in str(error):
            raise
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        raise _Refused(_too_deep(), mark) from None


def _check_events(text: str) -> None:
    """Refuse, from libyaml's event stream and before any node or value is built, a file
    nested deeper than MAX_DEPTH, holding more than MAX_VALUES values once aliases are
    expanded, or with an alias inside what it names (a value that contains itself).

    An anchor and its aliases share one value once built, so a few hundred lines can stand
    for billions of values (an "alias bomb"), which checking or quoting would expand. Each
    anchor's size is counted once, so the count costs one pass over the text, and it stops
    at the first value past the bound, so a huge file is refused without being built."""
    anchors: dict[str, tuple[int, int]] = {}   # anchor -> (values, levels) it stands for
    stack: list[list[Any]] = [[0, 0, None]]    # per open list or mapping: values, levels, anchor
    total = 0
    for event in _events(text):
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in anchors:
                if any(entry[2] == event.anchor for entry in stack):
                    raise _Refused(_("an alias (*name) stands for a list or mapping that contains it"),
                                   event.start_mark)
                continue   # an undefined alias: the composer names it
            values, levels = anchors[event.anchor]
        elif isinstance(event, yaml.ScalarEvent):
            values, levels = 1, 0
            if event.anchor:
                anchors[event.anchor] = (1, 0)
        elif isinstance(event, yaml.CollectionStartEvent):
            if len(stack) > MAX_DEPTH:
                raise _Refused(_too_deep(), event.start_mark)
            stack.append([1, 1, event.anchor])
            total += 1
            continue
        elif isinstance(event, yaml.CollectionEndEvent):
            values, levels, anchor = stack.pop()
            if anchor:
                anchors[anchor] = (values, levels)
            stack[-1][0] += values
            stack[-1][1] = max(stack[-1][1], levels + 1)
            continue
        else:
            continue
        total += values
        stack[-1][0] += values
        stack[-1][1] = max(stack[-1][1], levels + 1)
        if total > MAX_VALUES:
            raise _Refused(_("the file holds more than {most} values, counting each alias (*name) as "
                                         "all it stands for").format(most=whole(MAX_VALUES)), event.start_mark)
        if len(stack) - 1 + levels > MAX_DEPTH:
            raise _Refused(_too_deep(), event.start_mark)


def _too_deep() -> str:
    return _("values are nested more than {most} levels deep").format(most=MAX_DEPTH)


class _Loader(yaml.SafeLoader):
    """A safe loader that remembers where each mapping and list starts, for error messages."""


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> _Map:
    loader.flatten_mapping(node)
    result = _Map()
    result.line = node.start_mark.line + 1
    seen: dict[Any, int] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:   # [a, b]: c is YAML, but not a layout key
            raise _Refused(_("a key must be a word, not a list or a mapping"), key_node.start_mark) from None
        if key in seen:
            raise _Refused(_("the key {key} appears twice (lines {first} and {second})").format(
                key=describe(key), first=seen[key], second=key_node.start_mark.line + 1), key_node.start_mark)
        seen[key] = key_node.start_mark.line + 1
        result[key] = loader.construct_object(value_node, deep=True)
    return result


def _construct_seq(loader: _Loader, node: yaml.SequenceNode) -> _Seq:
    result = _Seq(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    return result


def _construct_number(loader: _Loader, node: yaml.ScalarNode) -> Any:
    # int() refuses more than 4300 digits with a ValueError that names no line; a layout
    # number never needs more than a handful.
    if len(node.value) > MAX_DIGITS:
        raise _Refused(_("a number of {length} characters is too long (at most {most})").format(
            length=whole(len(node.value)), most=MAX_DIGITS), node.start_mark)
    if node.tag.endswith(":int"):
        return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
    return yaml.constructor.SafeConstructor.construct_yaml_float(loader, node)


if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:   # libyaml's when PyYAML was built with it
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _FastLoader(_SafeLoader):
    """_Loader on libyaml when PyYAML was built with it (some ten times faster): the same
    data and the same lines. A file it refuses is read again by _Loader, whose error
    messages (and marks) are the ones read_yaml words for the designer."""


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_number)
    _loader.add_constructor("tag:yaml.org,2002:float", _construct_number)

# Characters YAML refuses anywhere in a stream (YAML 1.1 §5.1: the printable set), refused in
# CSV tables too; found before parsing so the message gives their line, which the parser's
# does not.
_UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _read_text(path: Path, encoding: str) -> str:
    """The file's text; a missing, unreadable, oversized or non-UTF-8 file is a LayoutError."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)   # never more, whatever the file's size
    except FileNotFoundError:
        raise LayoutError(path, None, None, _("the file does not exist")) from None
    except IsADirectoryError:
        raise LayoutError(path, None, None, _("this is a folder, not a layout file")) from None
    except OSError as error:
        raise LayoutError(path, None, None, _("cannot read the file ({reason})").format(reason=os_reason(error))) from None
    if len(data) > MAX_FILE_BYTES:
        raise LayoutError(path, None, None, _("the file is larger than {most} KiB, the most a layout file may hold")
                          .format(most=whole(MAX_FILE_BYTES // 1024)))
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise LayoutError(path, None, None, _("the file is not UTF-8 text (line {line})").format(line=line)) from None
    bad = _UNPRINTABLE.search(text)
    if bad:
        raise LayoutError(path, None, None, _("the character {character} is not allowed in a layout file ({where})")
                          .format(character=_char_name(bad.group()), where=_position(text, bad.start())))
    return text   # line breaks as written: a quoted CSV cell keeps its own


def _position(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return _("line {line}, column {column}").format(line=line, column=column)


def _char_name(ch: str) -> str:
    """'😀' (U+1F600 GRINNING FACE); U+0000 (a control character) for one that cannot be shown."""
    # Unicode's names are English: the other languages give the code point alone.
    code = f"U+{ord(ch):04X} {unicodedata.name(ch, '') if active().lang == 'en' else ''}".rstrip()
    return f"'{ch}' ({code})" if ch.isprintable() else _("{code} (a control character)").format(code=code)


def _mark(mark: Any) -> str:
    return _("line {line}, column {column}").format(line=mark.line + 1, column=mark.column + 1)


def _unclosed_quote(text: str, problem_mark: Any) -> str:
    """A hint when a syntax error follows a quoted text running over several lines: the
    parser only fails where the quote's accidental end leaves the file meaningless, which
    may be far below the quote that was never closed."""
    suspect = None
    try:
        for token in yaml.scan(text, Loader=_FastLoader):
            if token.start_mark.index >= problem_mark.index:
                break
            if (isinstance(token, yaml.ScalarToken) and token.style in ("'", '"')
                    and token.end_mark.line > token.start_mark.line):
                suspect = token
    except yaml.YAMLError:
        pass
    if suspect is None:
        return ""
    return _("; the quoted text that begins at {start} runs on to line {line}: is its closing quote missing?").format(
        start=_mark(suspect.start_mark), line=suspect.end_mark.line + 1)


# PyYAML's words for what it could not read (English whatever the locale), in the kit's:
# the usual ones are said in the chosen language, the rare others generically.
_YAML_PROBLEMS = (
    (re.compile(r"mapping values are not allowed"),
     N_("a ':' where a value cannot start (a text containing ': ' must be put in quotes)")),
    (re.compile(r"could not find expected ':'"), N_("a line without ':' where a 'key: value' was expected")),
    (re.compile(r"did not find expected key"), N_("a key was expected here (is the indentation right?)")),
    (re.compile(r"did not find expected '-' indicator"), N_("a list item ('- ') was expected here")),
    (re.compile(r"found unexpected end of stream"), N_("the file ends too early")),
    (re.compile(r"found character '\\t'|found a tab"), N_("a tab character; indent with spaces")),
    (re.compile(r"found character .* that cannot start any token"), N_("a character that cannot start a value")),
    (re.compile(r"found undefined alias"), N_("an alias (*name) without its anchor (&name)")),
    (re.compile(r"found duplicate anchor"), N_("an anchor (&name) defined twice")),
    (re.compile(r"expected <block end>, but found"), N_("a line indented differently from the ones before it")),
    (re.compile(r"expected ',' or '[\]}]'"), N_("a ',' or a closing bracket was expected")),
    (re.compile(r"found unknown escape character"), N_("an unknown escape (\\) in a quoted text")),
    (re.compile(r"found unhashable key"), N_("a key must be a word, not a list or a mapping")),
)
_YAML_CONTEXTS = (
    (re.compile(r"while scanning a quoted scalar"), N_("in the quoted text that begins at {place}")),
    (re.compile(r"while scanning a (simple key|plain scalar)"), N_("in the text that begins at {place}")),
    (re.compile(r"while scanning"), N_("in what begins at {place}")),
)


def _yaml_problem(text: str | None) -> str:
    """PyYAML's problem in the kit's words (English only keeps its own when none fits)."""
    for pattern, message in _YAML_PROBLEMS:
        if text and pattern.search(text):
            return _(message)
    return _one_line(text) if text and active().lang == "en" else _("a syntax error")


def _syntax_error(path: Path, text: str, error: yaml.YAMLError) -> LayoutError:
    if not isinstance(error, yaml.MarkedYAMLError):
        return LayoutError(path, None, None, _("not valid YAML: {problem}").format(problem=_yaml_problem(str(error))))
    mark = error.problem_mark or error.context_mark
    if isinstance(error, _Refused):
        return LayoutError(path, None, None, f"{_one_line(error.problem or '')} ({_mark(mark)})")
    problem = _yaml_problem(error.problem or error.context)
    began = error.context_mark
    if (error.context or "").startswith("while scanning") and began and error.problem_mark:
        # "found unexpected end of stream" (where the parser gave up) "while scanning a
        # quoted scalar" (where that scalar began): both places matter to the designer.
        context = next(message for pattern, message in _YAML_CONTEXTS if pattern.search(error.context or ""))
        problem += ", " + _(context).format(place=_mark(began))
    elif error.problem_mark:
        problem += _unclosed_quote(text, error.problem_mark)
    if mark:
        return LayoutError(path, None, None, _("not valid YAML at {place}: {problem}").format(place=_mark(mark),
                                                                                          problem=problem))
    return LayoutError(path, None, None, _("not valid YAML: {problem}").format(problem=problem))


def _one_line(text: str) -> str:
    return cut(" ".join(text.split()), 200)


def read_yaml(path: Path | str) -> Any:
    """Parse a YAML file (safe subset), bounded (see the module's docstring); a syntax error
    or a bound exceeded becomes a LayoutError with its line."""
    path = Path(path)
    text = _read_text(path, "utf-8")
    try:
        _check_events(text)
        return yaml.load(text, Loader=_FastLoader)
    except _Refused as error:
        raise _syntax_error(path, text, error) from None
    except yaml.YAMLError as fast_error:
        try:
            yaml.load(text, Loader=_Loader)
        except yaml.YAMLError as error:
            raise _syntax_error(path, text, error) from None
        except (RecursionError, MemoryError):
            pass   # the pure-Python composer recurses: libyaml's own message then
        raise _syntax_error(path, text, fast_error) from None


# --- checking ---------------------------------------------------------------------------------
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


def _text_of(value: Any, where: _Where, name: str, from_text: bool) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise where.error(name, _("expected text, got {value}").format(value=describe(value)))
    text = str(value)
    return text.replace("\\n", "\n") if from_text else text


def _check_plain_text(value: Any, where: _Where, name: str, from_text: bool) -> str:
    """`str`: text kept as written (an identifier, a file name)."""
    return _text_of(value, where, name, from_text)


def _check_printed_text(value: Any, where: _Where, name: str, from_text: bool) -> str:
    """`"text"`: printed text, typeset once, here, for every game, in the printed language's
    typography (placeholders filled later are typeset again by kit.placeholders.fill;
    typesetting twice changes nothing)."""
    return typeset(_text_of(value, where, name, from_text), printed_language())


def _check_bool(value: Any, where: _Where, name: str, from_text: bool) -> bool:
    if from_text and isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "oui", "vrai", "1", "x"):
            return True
        if lowered in ("false", "no", "non", "faux", "0", ""):
            return False
    if isinstance(value, bool):
        return value
    raise where.error(name, _("expected true or false, got {value}").format(value=describe(value)))


def _check_whole(value: Any, where: _Where, name: str, from_text: bool) -> int:
    if from_text and isinstance(value, str) and len(value.strip()) <= MAX_DIGITS:
        try:
            return int(value.strip())
        except ValueError:
            pass
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise where.error(name, _("expected a whole number, got {value}").format(value=describe(value)))


def _check_number(value: Any, where: _Where, name: str, from_text: bool) -> float:
    if from_text and isinstance(value, str):
        try:
            number = float(value.strip().replace(",", "."))
            if math.isfinite(number):
                return number
        except ValueError:
            pass
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise where.error(name, _("expected a number, got {value}").format(value=describe(value)))


def _check_mm(value: Any, where: _Where, name: str, from_text: bool) -> float:
    from kit.paper import parse_mm
    try:
        length = parse_mm(value)
    except (ValueError, TypeError):
        raise where.error(name, _("expected a length in mm (63, '63mm', '6.3cm'), got {value}").format(
            value=describe(value))) from None
    return _within_paper(length, where, name)


def _check_size(value: Any, where: _Where, name: str, from_text: bool) -> Size:
    from kit.paper import CARD_SIZES, parse_size
    pair = isinstance(value, (list, tuple)) and len(value) == 2
    if not (isinstance(value, str) or pair) or (pair and not all(isinstance(v, (str, int, float)) for v in value)):
        raise where.error(name, _("expected a size: a name ({names}), WxH in mm (63x88) or [width, height]; "
                                  "got {value}").format(names=", ".join(CARD_SIZES), value=describe(value)))
    try:
        size = parse_size(value)
    except (ValueError, TypeError) as error:
        raise where.error(name, _("expected a size: a name ({names}), WxH in mm (63x88) or [width, height]; "
                                  "{problem}").format(names=", ".join(CARD_SIZES), problem=cut(str(error), 80))) from None
    return Size(_fits_some_paper(size, where, name), (where.file, where.entry, name, where.line))


def _check_colour(value: Any, where: _Where, name: str, from_text: bool) -> str:
    from kit.palette import PALETTE, resolve
    try:
        return resolve(value)
    except (ValueError, TypeError, AttributeError):
        raise where.error(name, _("expected a colour (#RRGGBB or one of {names}), got {value}").format(
            names=", ".join(PALETTE), value=describe(value))) from None


def _check_symbol(value: Any, where: _Where, name: str, from_text: bool) -> Any:
    from kit.palette import SYMBOLS
    if value not in SYMBOLS:
        raise where.error(name, _("expected a symbol, one of {names}; got {value}").format(
            names=", ".join(SYMBOLS), value=describe(value)))
    return value


def _check_font(value: Any, where: _Where, name: str, from_text: bool) -> str:
    from kit.fonts import FILES
    if not isinstance(value, str) or value not in FILES:
        raise where.error(name, _("expected a font, one of {names}; got {value}").format(
            names=", ".join(FILES), value=describe(value)))
    return value


# The simple field kinds and the checker of each: it converts a value (from_text: the value
# came from a CSV cell) and raises the layout error naming the field when it cannot.
_SCALAR_CHECKERS: dict[object, Callable[[Any, _Where, str, bool], Any]] = {
    str: _check_plain_text,
    "text": _check_printed_text,
    bool: _check_bool,
    int: _check_whole,
    float: _check_number,
    "mm": _check_mm,
    "size": _check_size,
    "colour": _check_colour,
    "symbol": _check_symbol,
    "font": _check_font,
}


def _check_scalar(kind: Any, value: Any, where: _Where, name: str, from_text: bool) -> Any:
    """Convert and check one value of a simple kind; from_text: the value came from a CSV cell."""
    try:
        checker = _SCALAR_CHECKERS[kind]
    except (KeyError, TypeError):   # TypeError: an unhashable kind
        raise TypeError(f"schema error: unsupported field kind {kind!r}") from None
    return checker(value, where, name, from_text)


def _within_paper(length: float, where: _Where, name: str | None) -> float:
    """No length in a layout can exceed the largest paper the kit prints on."""
    from kit.paper import PAPERS
    longest = max(max(size) for size in PAPERS.values())
    if not -longest <= length <= longest:
        raise where.error(name, _("a length of {length} mm is longer than any paper the kit prints on ({papers}: at "
                                  "most {most} mm)").format(length=number(length), papers=", ".join(PAPERS),
                                                            most=number(longest)))
    return length


def _fits_some_paper(size: tuple[float, float], where: _Where, name: str | None) -> tuple[float, float]:
    """A piece must fit, upright or turned, inside the margins of at least one paper the kit
    prints on; the build names the paper when it does not fit the one chosen."""
    from kit.paper import MIN_MARGIN, PAPERS
    spaces = {paper: (w - 2 * MIN_MARGIN, h - 2 * MIN_MARGIN) for paper, (w, h) in PAPERS.items()}
    width, height = size
    if not any((width <= w and height <= h) or (height <= w and width <= h) for w, h in spaces.values()):
        largest = ", ".join(_("{width} x {height} mm on {paper}").format(width=number(w), height=number(h), paper=paper)
                            for paper, (w, h) in spaces.items())
        raise where.error(name, _("a piece of {width} x {height} mm fits on no paper the kit prints on (the largest "
                                  "piece is {largest})").format(width=number(width), height=number(height),
                                                                largest=largest))
    return size


def _parse_cell(text: str, where: _Where, name: str | None) -> Any:
    """A CSV cell for a field holding a mapping or a list, written in YAML's inline form:
    {text: "Comme l'a montré…", value: 3} or [{faces: [1, 3], outcome: approve}]."""
    try:
        _check_events(text)   # a cell is bounded like a file: depth, values, aliases
        value = yaml.load(text, Loader=_FastLoader)
    except _Refused as error:
        raise where.error(name, _one_line(error.problem or "")) from None
    except yaml.YAMLError as error:
        raise where.error(name, _("expected a mapping {{key: value, ...}} or a list [a, b, ...] in YAML's inline "
                                  "form, got {value} ({problem})").format(
            value=describe(text), problem=_yaml_problem(getattr(error, "problem", None)))) from None
    _forget_lines(value)   # lines inside a cell are not lines of the file: errors name the row
    return value


def _forget_lines(value: Any) -> None:
    if isinstance(value, (_Map, _Seq)):
        value.line = None
        for child in value.values() if isinstance(value, _Map) else value:
            _forget_lines(child)


def _check_field(spec: Field, value: Any, where: _Where, name: str, from_text: bool = False) -> Any:
    kind = spec.kind
    result: Any
    if from_text and isinstance(kind, (Record, ListOf)) and isinstance(value, str):
        value = _parse_cell(value, where, name)
    if isinstance(kind, Record):
        result = _check_record(kind, value, where, name)
    elif isinstance(kind, ListOf):
        result = _check_list(kind, value, where, name)
    else:
        result = _check_scalar(kind, value, where, name, from_text)
    if spec.choices is not None:
        result = _check_choice(spec.choices, result, where, name)
    if kind == "size":
        _check_size_bounds(spec, result, where, name)
        return result
    _check_bounds(spec, result, where, name)
    if isinstance(result, str) and (kind is str or kind == "text"):
        _check_glyphs(result, where, name)
    return result


def _check_choice(choices: tuple[Any, ...] | list[Any], result: Any, where: _Where, name: str) -> Any:
    """A field with choices takes one of them, written as people write it: `Bleu`, `VERT`,
    `Épée` name the choices bleu, vert, epee; anything else is refused with the list."""
    if result not in choices and isinstance(result, str):
        result = next((c for c in choices if isinstance(c, str) and folded(c) == folded(result)), result)
    if result not in choices:
        listed = ", ".join(str(c) for c in choices)
        raise where.error(name, _("expected one of {choices}; got {value}").format(choices=listed,
                                                                                  value=describe(result)))
    return result


def _check_bounds(spec: Field, result: Any, where: _Where, name: str) -> None:
    """Every value is bounded, by its field or else by the kit's limits: a text's length, a
    list's items, a number's value (a size's (width, height) bounds are checked apart)."""
    # a pair bounds a size only
    low = None if isinstance(spec.min, tuple) else spec.min
    high = None if isinstance(spec.max, tuple) else spec.max
    if high is None:
        high = MAX_TEXT if isinstance(result, str) else MAX_WHOLE if isinstance(result, (int, float)) else None
    if low is None and isinstance(result, (int, float)) and not isinstance(result, bool):
        low = -MAX_WHOLE
    if low is not None or high is not None:
        measured = len(result) if isinstance(result, (str, list)) else result
        if low is not None and measured < low:
            raise where.error(name, _bound(result, N_("must be at least {bound}, got {value}"), low, measured))
        if high is not None and measured > high:
            raise where.error(name, _bound(result, N_("must be at most {bound}, got {value}"), high, measured))


def _bound(value: Any, message: str, bound: float, measured: float) -> str:
    """"must be at most 80 characters, got 95": the bound counts characters, items or nothing."""
    if isinstance(value, str):
        bound_text = ngettext("{n} character", "{n} characters", int(bound)).format(n=_number(bound))
    elif isinstance(value, list):
        bound_text = ngettext("{n} item", "{n} items", int(bound)).format(n=_number(bound))
    else:
        bound_text = _number(bound)
    return _(message).format(bound=bound_text, value=_number(measured))


def _check_size_bounds(spec: Field, size: tuple[float, float], where: _Where, name: str | None) -> None:
    """A size within the field's min and max (each a (width, height) in mm), side by side: the
    bounds say where the piece's drawing stops being legible or stops fitting the paper."""
    def mm(pair: float | tuple[float, float] | None) -> dict[str, str]:
        assert isinstance(pair, tuple), "a size's bounds are (width, height) pairs"
        return {"width": number(pair[0]), "height": number(pair[1])}

    if not spec.min and not spec.max:
        return
    if spec.min and spec.max:
        legibly = _("from {low} up to {high}").format(low=_("{width} x {height} mm").format(**mm(spec.min)),
                                                       high=_("{width} x {height} mm").format(**mm(spec.max)))
    elif spec.min:
        legibly = _("from {width} x {height} mm").format(**mm(spec.min))
    else:
        legibly = _("up to {width} x {height} mm").format(**mm(spec.max))
    messages = {(-1, 0): N_("the width must be at least {limit} mm"), (-1, 1): N_("the height must be at least {limit} mm"),
                (1, 0): N_("the width must be at most {limit} mm"), (1, 1): N_("the height must be at most {limit} mm")}
    for bound, sign in ((spec.min, -1), (spec.max, 1)):
        if not isinstance(bound, tuple):   # a size's bounds are (width, height) pairs
            continue
        for side in (0, 1):
            if sign * (size[side] - bound[side]) > 1e-9:
                raise where.error(name, _("{size} is out of bounds: {rule} (this piece draws legibly {legibly})").format(
                    size=_("{width} x {height} mm").format(**mm(size)),
                    rule=_(messages[sign, side]).format(limit=number(bound[side])), legibly=legibly))


def _number(value: float) -> str:
    """1,000 for a whole number (however large it was written), 2.5 for the others."""
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) < 1e16):
        return whole(int(value))
    return number(value)


def _check_glyphs(text: str, where: _Where, name: str | None) -> None:
    """A printed text may only hold characters every kit font can print (after the fallbacks
    of kit.surface.metrics): anything else would come out as an empty box."""
    from kit.surface.metrics import unprintable
    missing = unprintable(text)
    if missing:
        character = _char_name(missing[0])
        if len(missing) > 1:
            character = ngettext("{character} (and {n} more)", "{character} (and {n} more)", len(missing) - 1).format(
                character=character, n=len(missing) - 1)
        raise where.error(name, _("the kit's fonts have no glyph for the character {character}; write it with other "
                                  "characters").format(character=character))


def _check_record(record: Record, value: Any, where: _Where, name: str | None,
                  from_text: bool = False) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise where.error(name, _("expected a mapping of keys ({keys}), got {value}").format(
            keys=", ".join(record.fields), value=describe(value)))
    line = getattr(value, "line", None)
    # Fields inside a nested mapping are named by their path ("back.colour").
    prefix = f"{name}." if name else ""
    inner = _Where(where.file, where.entry, line if line is not None else where.line)
    unknown = [k for k in value if k not in record.fields]
    if unknown:
        accepted = ", ".join(record.fields)
        key = cut(str(unknown[0]))
        raise inner.error(f"{prefix}{key}", _("unknown key {key}; accepted keys: {keys}").format(key=f"'{key}'",
                                                                                                 keys=accepted))
    out: dict[str, Any] = {}
    for key in record.fields:
        spec = record.field(key)
        present = key in value and value[key] is not None and not (from_text and value[key] == "")
        if not present:
            if not spec.optional:
                raise inner.error(f"{prefix}{key}", _("this field is required"))
            default = spec.default_value()
            # Defaults go through the same conversion as written values ("orange" -> "#E69F00").
            out[key] = None if default is None else _check_field(spec, default, inner, f"{prefix}{key}")
            continue
        out[key] = _check_field(spec, value[key], inner, f"{prefix}{key}", from_text)
    return out


def _check_list(spec: ListOf, value: Any, where: _Where, name: str) -> list[Any]:
    item = spec.item if isinstance(spec.item, (Field, Record)) else Field(spec.item)
    record = _item_record(spec)
    if isinstance(value, str) and value.strip().lower().endswith(".csv") and record is not None:
        value = _table_beside(value.strip(), record, where, name)
    if not isinstance(value, list):
        raise where.error(name, _("expected a list, got {value}").format(value=describe(value)))
    count = len(value)
    if count < spec.min_len:
        raise where.error(name, ngettext("expected at least {n} entry, got {count}",
                                         "expected at least {n} entries, got {count}", spec.min_len).format(
            n=spec.min_len, count=count))
    if spec.max_len is not None and count > spec.max_len:
        raise where.error(name, ngettext("expected at most {n} entry, got {count}",
                                         "expected at most {n} entries, got {count}", spec.max_len).format(
            n=spec.max_len, count=count))
    out = []
    base = f"{where.entry}.{name}" if where.entry else name
    if isinstance(value, _Checked):
        return list(value)
    for i, element in enumerate(value, start=1):
        entry = _entry_name(base, i, element, record)
        line = getattr(element, "line", None) or getattr(value, "line", None) or where.line
        inner = _Where(where.file, entry, line)
        if isinstance(item, Record):
            out.append(_check_record(item, element, inner, None))
        else:
            # A field (a record or a plain value) in a list: the entry names it, there is no field to name.
            out.append(_check_field(item, element, inner, ""))
    copies = next((key for key in COPY_KEYS if record is not None and key in record.fields), None)
    if copies:
        _check_copies(out, where, name, copies)
    return out


def _item_record(spec: ListOf) -> Record | None:
    """The record of each entry of a list (a card), or None for a list of plain values."""
    item = spec.item.kind if isinstance(spec.item, Field) else spec.item
    return item if isinstance(item, Record) else None


def _table_beside(file_name: str, record: Record, where: _Where, name: str) -> list[dict[str, Any]]:
    """The entries of a list that a layout file gives as the name of a CSV table in its own
    folder (`cards: affliction.csv`), already checked: the caller checks only the length."""
    if file_name != Path(file_name).name:
        raise where.error(name, _("a card list in CSV is a file beside {file}: write its name alone, not {value}")
                          .format(file=Path(where.file).name, value=describe(file_name)))
    return _Checked(load_table(Path(where.file).parent / file_name, record))


class _Checked(list[dict[str, Any]]):
    """Entries load_table has checked already; _check_list keeps them as they are."""


def _check_copies(entries: list[dict[str, Any]], where: _Where, name: str | None, key: str = "count") -> None:
    """A list of designs with a number of copies prints at most MAX_COPIES pieces in all."""
    total = sum(entry[key] for entry in entries if isinstance(entry.get(key), int))
    if total > MAX_COPIES:
        raise where.error(name, _("the entries ask for {total} copies in all; a list prints at most {most}").format(
            total=whole(total), most=whole(MAX_COPIES)))


# --- public loaders ---------------------------------------------------------------------------
def check(data: Any, schema: Record, file: Path | str = "<data>") -> dict[str, Any]:
    """Check already-parsed data against a record schema; returns it with defaults filled.
    Data read from a layout file (`file` given) takes its printed texts from the printed
    language's overlay, as `load_yaml` (kit.overlay)."""
    if str(file) != "<data>":
        from kit.overlay import translated
        data = translated(data, schema, Path(file), printed_language(), read_yaml)
    return _check_record(schema, data, _Where(str(file)), None)


def load_yaml(path: Path | str, schema: Record) -> dict[str, Any]:
    """Read a YAML layout file and check it against schema; returns a dict with defaults filled.
    Its printed texts are the printed language's (kit.overlay: layouts/<game>/<lang>/<file>)."""
    from kit.overlay import translated
    data = read_yaml(path)
    if data is None:
        data = _Map()
    data = translated(data, schema, Path(path), printed_language(), read_yaml)
    return _check_record(schema, data, _Where(str(path)), None)


def load_table(path: Path | str, record: Record) -> list[dict[str, Any]]:
    """Read a CSV card list, one row per design, checked against record.

    The first row names the columns (the record's keys). A `count` column says how many
    copies of the row to print: it fills the record's own copies field (`count` or
    `copies`, which may also name the column); when the record has none, it is an optional
    whole number, default 1. Empty cells take the field's default. In text cells, the two
    characters \\n start a new paragraph (spreadsheets make real line breaks awkward); a
    field holding a mapping or a list is written in YAML's inline form, {value: 3, resource:
    credit}. Entries are named by their line in the file: `line 14 « Titre »`.
    """
    path = Path(path)
    copies = next((key for key in COPY_KEYS if key in record.fields), None)
    if copies is None:
        copies = "count"
        record = Record({**record.fields, "count": Field(int, default=1, min=0, max=MAX_COPIES, doc="copies to print")},
                        name_key=record.name_key, doc=record.doc)
    # utf-8-sig: spreadsheets often save a byte-order mark before the header row.
    sample = _read_text(path, "utf-8-sig")
    # Spreadsheets in French locales export with semicolons; accept both.
    first = sample.splitlines()[0] if sample.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(sample, newline=""), delimiter=delimiter)
    rows = []   # (the line where the row starts: a quoted cell may span lines, its cells)
    try:
        header = [cell.strip() for cell in next(reader, [])]
        end = reader.line_num
        for cells in reader:
            rows.append((end + 1, cells))
            end = reader.line_num
    except csv.Error as error:
        raise LayoutError(path, _line(reader.line_num), None, _("not a CSV row ({problem})").format(
            problem=_csv_problem(error))) from None
    written = dict(zip((copies if column == "count" else column for column in header), header))
    header = [copies if column == "count" else column for column in header]
    _check_header(path, header, written, copies, record)
    out = _check_rows(path, rows, header, written, delimiter, record)
    try:
        _check_copies(out, _Where(str(path), _("the whole table")), copies)
    except LayoutError as error:
        raise _as_written(error, written) from None
    return out


def _check_header(path: Path, header: list[str], written: dict[str, str], copies: str, record: Record) -> None:
    """The header row names each column once (`count` and `copies` being one column), names
    at least one, and names only the record's keys."""
    for i, column in enumerate(header):
        if column in header[:i]:
            problem = _("the column {column} appears twice").format(column=f"'{cut(written[column])}'")
            if column == copies:
                problem = _("{problem} (count and copies are one column)").format(problem=problem)
            raise LayoutError(path, _("the header row"), cut(written[column]), problem)
    if not any(header):
        raise LayoutError(path, None, None, _("the file is empty; the first row must name the columns"))
    for column in header:
        if column not in record.fields:
            raise LayoutError(path, _("the header row"), cut(column), _("unknown column {column}; accepted columns: "
                                                                         "{columns}").format(
                column=f"'{cut(column)}'", columns=", ".join(record.fields)))

def _check_rows(path: Path, rows: list[tuple[int, list[str]]], header: list[str], written: dict[str, str],
                delimiter: str, record: Record) -> list[dict[str, Any]]:
    """Each row not left blank is one design, checked against the record: no more cells than
    columns (more is an unquoted delimiter in a text), named by its line and its title, its
    errors naming the columns as the file wrote them."""
    out = []
    for line, cells in rows:
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            raise LayoutError(path, _line(line), None, ngettext(
                "{cells} cells for {n} column (an unquoted {delimiter} in a text?)",
                "{cells} cells for {n} columns (an unquoted {delimiter} in a text?)", len(header)).format(
                cells=len(cells), n=len(header), delimiter=f"'{delimiter}'"))
        values = {column: cell.strip() for column, cell in zip(header, cells)}
        label = values.get(record.name_key, "") if record.name_key else ""
        entry = _line(line) + (f" « {cut(' '.join(label.split()))} »" if label else "")
        try:
            out.append(_check_record(record, values, _Where(str(path), entry), None, from_text=True))
        except LayoutError as error:
            raise _as_written(error, written) from None
    return out

def _line(line: int) -> str:
    """A CSV row as an entry: `line 14`."""
    return _("line {line}").format(line=line)


def _csv_problem(error: csv.Error) -> str:
    """The csv module's words (English only), in the other languages the kit's."""
    if active().lang == "en":
        return cut(str(error), 80)
    if "field larger than field limit" in str(error):
        return _("a cell is longer than {most} characters").format(most=whole(csv.field_size_limit()))
    return _("a quotation mark is not closed")


def _as_written(error: LayoutError, written: dict[str, str]) -> LayoutError:
    """The error naming the column as the CSV's header row wrote it (`count` for the
    record's `copies`)."""
    if error.field in written and written[error.field] != error.field:
        return LayoutError(error.file, error.entry, written[error.field], error.problem)
    return error


def load_layout(path: Path | str, schema: Record) -> dict[str, Any]:
    """A layout file checked against schema, as load_yaml; a file whose schema is one card
    list (`cards: [...]`) may also be a CSV table of that list (load_table), its rows
    checked as the YAML's entries would be. Inside a YAML file, a card list may instead
    name a CSV table beside it: `cards: affliction.csv`."""
    path = Path(path)
    if path.suffix.lower() != ".csv":
        return load_yaml(path, schema)
    lists = [key for key in schema.fields if isinstance(schema.field(key).kind, ListOf)]
    record = _item_record(schema.field(lists[0]).kind) if len(schema.fields) == 1 and lists else None
    if record is None:
        raise LayoutError(path, None, None, _("this file holds more than a card list ({keys}): write it in YAML, "
                                              "with .yaml").format(keys=", ".join(schema.fields)))
    return _check_record(schema, {lists[0]: _Checked(load_table(path, record))}, _Where(str(path)), None)


def check_distinct(items: list[dict[str, Any]], keys: tuple[str, ...], file: Path | str, base: str, label_key: str,
                   *, normalise: Callable[[Any], object] | None = None, why: str = N_("each must differ")) -> None:
    """No two entries of a list share a value of any of keys (a name, a colour, a symbol...).

    normalise: how values are compared (e.g. case and spacing ignored); the error names the
    second entry, the field and the first entry holding the value, then why it matters."""
    for key in keys:
        seen: dict[Any, int] = {}
        for i, item in enumerate(items, start=1):
            value = item[key] if normalise is None else normalise(item[key])
            if value in seen:
                raise LayoutError(file, entry_name(base, i, item[label_key]), key,
                                  _("{value} is already the {key} of {entry}; {why}").format(
                                      value=describe(item[key]), key=f"'{key}'", entry=f"{base}[{seen[value]}]",
                                      why=_(why)))
            seen[value] = i


def layout_dir(root: Path | str, game_id: str) -> Path:
    """The folder of one game's layout files under a layouts root, which must exist."""
    folder = Path(root) / game_id
    if not folder.is_dir():
        raise LayoutError(folder, None, None, f"no layout folder for the game '{game_id}' under {root}")
    return folder


def find(folder: Path | str, stem: str, *, table: bool = False) -> Path:
    """The layout file `stem` in folder, as .yaml or .yml, or also .csv for a card list
    (table=True; read it with load_layout). Two of them would leave the designer guessing
    which one prints: that is an error."""
    folder = Path(folder)
    suffixes = (".yaml", ".yml", ".csv") if table else (".yaml", ".yml")
    found = [folder / f"{stem}{suffix}" for suffix in suffixes if (folder / f"{stem}{suffix}").is_file()]
    if len(found) > 1:
        raise LayoutError(found[1], None, None, f"{' and '.join(f.name for f in found)} both exist; keep one "
                                                "(a CSV table a YAML file names takes another name)")
    if not found:
        also = " nor a .yml or .csv" if table else " nor a .yml"
        raise LayoutError(folder / f"{stem}.yaml", None, None, f"the file does not exist ({also.strip()} of that name)")
    return found[0]
