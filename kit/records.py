"""The building blocks a game describes its layout files with (kit.schema checks files
against them; kit.overlay walks them to merge an edition's texts), and how a message about
a layout quotes a value: cut short, never repr'd whole.

    CARD = Record({"title": Field(str), "count": Field(int, default=1, min=0)}, name_key="title")
    DECK = Record({"cards": Field(ListOf(CARD, min_len=1))})
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from kit.i18n import _, ngettext, whole

MISSING = object()          # a field's default when it has none
QUOTE_LENGTH = 40           # characters of a value quoted in a message


@dataclass(frozen=True)
class Field:
    """One key of a record. A field with a default is optional; without, required unless
    required=False (then it is None when absent)."""

    kind: Any
    required: bool = True
    default: Any = MISSING
    choices: tuple[Any, ...] | list[Any] | None = None
    min: float | tuple[float, float] | None = None   # a size's bounds are (width, height)
    max: float | tuple[float, float] | None = None
    doc: str = ""

    @property
    def optional(self) -> bool:
        return self.default is not MISSING or not self.required

    def default_value(self) -> Any:
        return None if self.default is MISSING else copy.deepcopy(self.default)


@dataclass(frozen=True)
class Record:
    """A mapping with known keys. name_key: the field whose value names an entry in errors."""

    fields: dict[str, Any]   # key -> its Field, or a kind (a Field of that kind)
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



def cut(text: str, limit: int = QUOTE_LENGTH) -> str:
    """text as a one-line message quotes it: cut at `limit` characters, line breaks and other
    invisible characters written as escapes (\\n)."""
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def describe(value: Any) -> str:
    """A value as a message quotes it, in bounded time and length: a long text is cut, a
    list or a mapping is named with its size (never repr'd: it may be an alias bomb)."""
    if isinstance(value, str):
        return f"'{cut(value)}'"
    if isinstance(value, bool):
        return "true" if value else "false"    # as YAML writes them
    if value is None:
        return _("an empty value")
    if isinstance(value, float):
        return cut(f"{value:g}")
    if isinstance(value, int):
        return cut(str(value)) if value.bit_length() < 100 else _("a number of more than 30 digits")
    if isinstance(value, dict):
        return ngettext("a mapping of {n} key", "a mapping of {n} keys", len(value)).format(n=whole(len(value)))
    if isinstance(value, (list, tuple)):
        return ngettext("a list of {n} item", "a list of {n} items", len(value)).format(n=whole(len(value)))
    return _("a value of another kind")
