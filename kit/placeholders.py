"""Layout texts naming the rule engine's numbers as {placeholders}: `fill` replaces them (an
unknown name is a LayoutError naming the file, the entry and the field) and then typesets
(kit.typography), since a filled-in number needs its no-break space too.

    >>> fill("{n} cartes !", {"n": 3}, "kit.yaml", None, "text") == "3\u00a0cartes\u202f!"
    True
"""
from __future__ import annotations

import string
from collections.abc import Mapping
from pathlib import Path

from kit.errors import LayoutError
from kit.typography import typeset


def placeholders(text: str, file: Path | str, entry: str | None, field: str | None) -> list[str]:
    """The {names} text uses; a lone brace is a LayoutError."""
    try:
        return [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError as error:
        raise LayoutError(file, entry, field, f"a brace is not closed ({error}); write {{{{ and }}}} "
                                              "for literal braces") from None


def substitute(text: str, values: Mapping[str, object], file: Path | str, entry: str | None,
               field: str | None) -> str:
    """text with its {placeholders} replaced by values, without typesetting (for catalogue
    fields such as the player count, which `kit list` prints as plain text)."""
    for name in placeholders(text, file, entry, field):
        if name not in values:
            raise LayoutError(file, entry, field, f"unknown placeholder {{{name}}}; known ones: "
                                                  + ", ".join(f"{{{k}}}" for k in values))
    try:
        return text.format_map(values)
    except (ValueError, IndexError, KeyError) as error:
        raise LayoutError(file, entry, field, f"braces that are not a placeholder ({error}); "
                                              "write {name} with a known name") from None


def fill(text: str, values: Mapping[str, object], file: Path | str, entry: str | None,
         field: str | None) -> str:
    """text with its {placeholders} replaced by values, then typeset (in the printed language)."""
    from kit.i18n import printed_language
    return typeset(substitute(text, values, file, entry, field), printed_language())
