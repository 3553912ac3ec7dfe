"""The editions: one deck, its French in layouts/<game>/, each other language in an overlay.

The French layout files are the deck: every number, id, colour, size and symbol is written
there once. Another edition adds, for each layout file that prints text, a file of the same
name in a folder named after the language (as domdiv does for its languages):

    layouts/phd/events.yaml        the deck, in French
    layouts/phd/en/events.yaml     its English: only the printed texts

The overlay has the French file's shape, keeping only the fields of kind "text" (what a
piece prints); a list of named entries (cards, characters, sections: a record with a
`name_key` or an `id`) becomes a mapping keyed by each entry's id, its declared `id` or the
slug of its French name (scorekeeper.rules.deck.slug, the id the table knows it by), so an
entry moved or inserted in the French file keeps its English. A list of plain texts (the
things to bring), or of records whose names repeat (a picture's pieces, named by their
component), is a list of the same length, in the same order (an entry without a text: `-
{}`). For example, for

    cards:                                  # layouts/phd/events.yaml
      - type: vie
        title: Disque dur en panne
        text: La veille du rendu, ...
        pression: 3
        postit: {text: "… sauf que mon chien l'a mangé", value: -4, resource: credit}

the English is

    cards:                                  # layouts/phd/en/events.yaml
      disque-dur-en-panne:
        title: Hard drive failure
        text: The night before the deadline, ...
        postit: {text: "…except my dog ate it"}

`translated` merges the overlay over the French data as read (before the schema checks it),
so the schema checks the English exactly as it checks the French, placeholders and bounds
included. An entry's id stays the French one whatever its title says, so a session, the
bots and the table name a card alike in both editions. What the overlay gets wrong is a
LayoutError naming the overlay file, the entry and the field, in the user's language: a
text the French prints and the overlay lacks, a number or a colour written in the overlay
(they are the deck's, written once), an entry or a key the French file does not have.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from kit.errors import LayoutError
from kit.i18n import DEFAULT, N_, _
from kit.records import Field, ListOf, Record, describe
from scorekeeper.rules.deck import slug

LANGUAGE_NAMES = {"en": N_("English"), "fr": N_("French")}
Where = tuple[str | int, ...]   # where a text lies in an overlay: its keys and list positions

# While `collecting`, a missing text is noted instead of refused: overlay file -> [(path in
# the overlay, the French text)], for tools/overlay.py to write the skeleton a translator fills.
_collected: ContextVar[dict[Path, list[tuple[Where, Any]]] | None] = ContextVar("collected", default=None)


EMPTY = object()   # an entry of a list kept in order, noted while `collecting` whether it prints a text or not


@contextmanager
def collecting() -> Iterator[dict[Path, list[tuple[Where, Any]]]]:
    """Load layouts with their missing texts noted (French kept) instead of refused."""
    found: dict[Path, list[tuple[Where, Any]]] = {}
    token = _collected.set(found)
    try:
        yield found
    finally:
        _collected.reset(token)


def overlay_path(path: Path, lang: str) -> Path:
    """layouts/<game>/<lang>/<file>: where the `lang` edition of a layout file lies."""
    return path.parent / lang / path.name


def translated(data: Any, schema: Any, path: Path, lang: str, read_yaml: Callable[[Path], Any]) -> Any:
    """The French `data` of the layout file `path` (as read, before its schema checks it) with
    every printed text of `schema` replaced by the `lang` overlay's, read with `read_yaml`
    (kit.schema's, bounded as every layout file is). French is the deck itself."""
    if lang == DEFAULT or not isinstance(data, dict):
        return data
    file = overlay_path(path, lang)
    over = read_yaml(file) if file.is_file() else None
    merger = _Merger(file, lang)
    merger.record(schema, data, over if over is not None else {}, None, "", ())
    return data


class _Merger:
    def __init__(self, file: Path, lang: str):
        self.file, self.lang = file, lang

    def error(self, entry: str | None, field: str, problem: str) -> LayoutError:
        return LayoutError(self.file, entry, field or None, problem)

    def missing(self, entry: str | None, field: str, french: Any) -> LayoutError:
        if not self.file.is_file():
            problem = _("no {language} text for this field: the file does not exist; write it with the French "
                        "file's printed texts (the French reads {value})")
        else:
            problem = _("no {language} text for this field (the French reads {value})")
        return self.error(entry, field, problem.format(language=_(LANGUAGE_NAMES.get(self.lang, self.lang)),
                                                       value=describe(french)))

    def record(self, record: Any, french: dict[str, Any], over: Any, entry: str | None, prefix: str, path: Where) -> None:
        """Replace, in place, every printed text of `french` (a mapping of `record`) by `over`'s."""
        if not isinstance(over, dict):
            raise self.error(entry, prefix.rstrip("."), _("expected a mapping of the printed texts, got {value}").format(
                value=_short(over)))
        used = set()
        for key, value in list(french.items()):
            if key not in record.fields or value is None:
                continue   # the schema names an unknown key when it checks the French
            field = record.field(key)
            name = f"{prefix}{key}"
            if _translatable(field.kind):
                used.add(key)
                french[key] = self.value(field.kind, value, over.get(key), entry, name, (*path, key))
        for key in over:
            if key not in used:
                if key in record.fields and key in french:
                    problem = _("only printed texts are translated; {key} is the deck's, written once in the French "
                                "file").format(key=f"'{key}'")
                else:
                    problem = _("the French file has no {key} here").format(key=f"'{key}'")
                raise self.error(entry, f"{prefix}{key}", problem)

    def value(self, kind: Any, french: Any, over: Any, entry: str | None, name: str, path: Where) -> Any:
        if kind == "text":
            if isinstance(french, str) and not french.strip():
                return french if over is None else over
            if over is None or (isinstance(over, str) and not over.strip()):
                collected = _collected.get()
                if collected is None:
                    raise self.missing(entry, name, french)
                collected.setdefault(self.file, []).append((path, french))
                return french
            if not isinstance(over, (str, int, float)) or isinstance(over, bool):
                raise self.error(entry, name, _("expected text, got {value}").format(value=_short(over)))
            return over
        if isinstance(kind, Record):
            self.record(kind, french, over if over is not None else {}, entry, f"{name}.", path)
            return french
        assert isinstance(kind, ListOf)
        if not isinstance(french, list):
            return french   # a CSV table named here, or a mistake the schema names
        return self.items(kind, french, over, entry, name, path)

    def items(self, kind: Any, french: list[Any], over: Any, entry: str | None, name: str, path: Where) -> list[Any]:
        """A list's texts: entries named by their ids where each has its own, else in order."""
        item = _item_kind(kind)
        key_of = _keyed(item)
        keys = [key_of(e) for e in french if isinstance(e, dict)] if key_of else []
        if key_of is None or not all(keys) or len(set(keys)) < len(keys):
            return self.in_order(item, french, over, entry, name, path)
        return self.by_id(item, key_of, french, over, entry, name, path)

    def in_order(self, item: Any, french: list[Any], over: Any, entry: str | None, name: str, path: Where) -> list[Any]:
        """Plain texts, or records without a name of their own (a picture's pieces, named by
        their component): the same list, in the same order."""
        collected = _collected.get()
        if over is None and collected is not None:   # the skeleton lists every entry, texts or not
            over = [None] * len(french)
            collected.setdefault(self.file, []).extend(((*path, i), EMPTY) for i in range(len(french)))
        over = [] if over is None else over
        if not isinstance(over, list) or len(over) != len(french):
            raise self.error(entry, name, _("expected a list of {n} items, as in the French file, got {value}")
                             .format(n=len(french), value=_short(over)))
        return [self.value(item, f, o, f"{entry}.{name}[{i}]" if entry else f"{name}[{i}]", "", (*path, i - 1))
                for i, (f, o) in enumerate(zip(french, over), start=1)]

    def by_id(self, item: Any, key_of: Callable[[dict[str, Any]], str], french: list[Any], over: Any,
              entry: str | None, name: str, path: Where) -> list[Any]:
        """Named entries (cards, characters, sections): a mapping from each one's id to its texts."""
        over = {} if over is None else over
        if not isinstance(over, dict):
            raise self.error(entry, name, _("expected a mapping from each entry's id to its texts, got {value}")
                             .format(value=_short(over)))
        base = f"{entry}.{name}" if entry else name
        ids = []
        for element in french:
            if not isinstance(element, dict):
                continue   # the schema names it
            key = key_of(element)
            ids.append(key)
            label = element.get(item.name_key) if item.name_key else None
            where = f"{base}: {key}" + (f" « {' '.join(str(label).split())[:40]} »" if label and str(label) != key
                                        else "")
            if "id" in item.fields and not element.get("id") and key:
                element["id"] = key   # the French id, whatever the English title's slug
            self.record(item, element, over.get(key) or {}, where, "", (*path, key))
        for key in over:
            if key not in ids:
                raise self.error(base, str(key), _("no entry of the French file has the id {key}; the ids are {ids}")
                                 .format(key=f"'{key}'", ids=", ".join(ids)))
        return french


def _translatable(kind: Any) -> bool:
    """Whether a field of this kind holds a printed text, itself or inside."""
    if kind == "text":
        return True
    if isinstance(kind, Record):
        return any(_translatable(kind.field(k).kind) for k in kind.fields)
    if isinstance(kind, ListOf):
        return _translatable(_item_kind(kind))
    if isinstance(kind, Field):
        return _translatable(kind.kind)
    return False


def _item_kind(kind: Any) -> Any:
    item = kind.item
    return item.kind if isinstance(item, Field) else item


def _keyed(item: Any) -> Callable[[dict[str, Any]], str] | None:
    """How an entry of a list of `item` is keyed in an overlay: by its declared `id` or the
    slug of its name, for a record with a name or an id; None for a list kept in order."""
    if not isinstance(item, Record) or not (item.name_key or "id" in item.fields):
        return None

    def key(element: dict[str, Any]) -> str:
        declared = element.get("id")
        if declared:
            return str(declared)
        return slug(str(element.get(item.name_key, ""))) if item.name_key else ""
    return key


def _short(value: Any) -> str:
    return describe(value)
