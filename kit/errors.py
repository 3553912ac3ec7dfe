"""User-facing errors of the kit: each message is one sentence, shown as is, exit status 2."""
from __future__ import annotations

from os import PathLike


class KitError(Exception):
    """A mistake the user can fix: a bad option, a layout error, an unwritable folder."""


def one_line(text: str, limit: int) -> str:
    """text on one line (line breaks written \\n) and at most `limit` characters: whatever a
    layout holds, the message that quotes it stays one readable line."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit - 1] + "…"


class LayoutError(KitError):
    """A layout file that does not fit its schema; names the file, the entry and the field.
    The entry, the field and the problem are kept to one line of bounded length."""

    def __init__(self, file: str | PathLike[str], entry: str | None, field: str | None, problem: str):
        entry = one_line(entry, 120) if entry else entry
        field = one_line(field, 120) if field else field
        problem = one_line(problem, 400)
        self.file, self.entry, self.field, self.problem = str(file), entry, field, problem
        super().__init__(located(self.file, entry, field, problem))


def located(file: str, entry: str | None, field: str | None, problem: str) -> str:
    """"cards.csv, entry line 2 « Loi du cens », field 'count': expected..." in the active
    language; the field in straight quotes, as the designer wrote it."""
    from kit.i18n import _
    field = f"'{field}'" if field else field
    if entry and field:
        return _("{file}, entry {entry}, field {field}: {problem}").format(file=file, entry=entry, field=field,
                                                                           problem=problem)
    if entry:
        return _("{file}, entry {entry}: {problem}").format(file=file, entry=entry, problem=problem)
    if field:
        return _("{file}, field {field}: {problem}").format(file=file, field=field, problem=problem)
    return _("{file}: {problem}").format(file=file, problem=problem)


class TextDoesNotFit(KitError):
    """Text that stays too large for its box even at the smallest allowed size."""


# Where a layout set a value: (file, entry, field, line).
Where = tuple[str, str | None, str | None, int | None]


class Size(tuple[float, float]):
    """A piece's (width, height) in mm as a layout set it, remembering where: the file, the
    entry, the field and the line. Whether it fits the paper is known only at build time,
    and that error must still name the place to change (`located`)."""

    where: Where | None

    def __new__(cls, values: tuple[float, float], where: Where | None = None) -> Size:
        size = super().__new__(cls, values)
        size.where = where   # (file, entry, field, line), or None
        return size

    def located(self, problem: str) -> KitError:
        """A LayoutError naming where this size was set; a plain KitError when unknown."""
        where = getattr(self, "where", None)
        if not where:
            return KitError(problem)
        file, entry, field, line = where
        if line:
            from kit.i18n import _
            problem = _("{problem} (line {line})").format(problem=problem, line=line)
        return LayoutError(file, entry, field, problem)
