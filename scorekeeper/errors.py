"""The errors the rule engine raises."""
from __future__ import annotations


class RuleViolation(ValueError):
    """An action or a setup the rules refuse.

    The message is one sentence a player understands, naming who, the value at fault
    and the limit: "Bob has 12 senators left and cannot vote 15."
    """
