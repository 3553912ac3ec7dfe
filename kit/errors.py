"""User-facing errors of the kit: each message is one sentence, shown as is, exit status 2."""
from __future__ import annotations


class KitError(Exception):
    """A mistake the user can fix: a bad option, a layout error, an unwritable folder."""


class LayoutError(KitError):
    """A layout file that does not fit its schema; names the file, the entry and the field."""

    def __init__(self, file, entry: str | None, field: str | None, problem: str):
        self.file, self.entry, self.field, self.problem = str(file), entry, field, problem
        where = self.file
        if entry:
            where += f", entry {entry}"
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")


class TextDoesNotFit(KitError):
    """Text that stays too large for its box even at the smallest allowed size."""
