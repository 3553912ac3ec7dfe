"""What the table reads besides a game's own `render`: a plain text table, a msgid or a
Message in the reader's language (`said`), titles as alternatives.
"""
from __future__ import annotations

from kit import i18n
from kit.i18n import _, ngettext
from scorekeeper.errors import Message


def text_table(headers: list[str], rows: list[list[object]]) -> str:
    """A plain text table with aligned columns (numbers right-aligned)."""
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [all(_is_number(row[i]) for row in rows) and rows for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        parts = [cell.rjust(w) if numeric[i] and n else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def as_alternatives(titles: list[str]) -> str:
    """« Hypothesis, scientific revolution or draw a card »: titles as alternatives."""
    if len(titles) == 1:
        return titles[0]
    rest = [title[:1].lower() + title[1:] for title in titles[1:]]
    return _("{names} or {last}").format(names=", ".join([titles[0], *rest[:-1]]), last=rest[-1])


def said(words: str | Message) -> str:
    """A msgid, or a Message, in the reader's language."""
    return _(words) if isinstance(words, str) else words.render(_, ngettext, i18n.join)
