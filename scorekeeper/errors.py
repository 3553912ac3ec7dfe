"""The errors the rule engine raises."""
from __future__ import annotations


class RuleViolation(ValueError):
    """An action or a setup the rules refuse.

    The message is one sentence a player understands, naming who, the value at fault
    and the limit: "Bob has 12 senators left and cannot vote 15." `field` names the part
    of the input at fault when a caller must point at it (the kit names it in a layout
    error); None when the whole input is.
    """

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field
