"""Refusals checked for what they mean, not for one word they contain.

A refusal is a Message: an English template naming the rule broken (the gettext msgid) and
the parameters naming who and what. `refused` checks both, so a test fails when the engine
refuses for another reason, even one whose sentence happens to hold the same name:

    with refused("{name} has no approved chapter to revoke.", name="Ana"):
        play(state, {"action": "revoke", "player": "Ana"})
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.errors import Message, Plural, RuleViolation


def _said(value: object) -> object:
    """A parameter as the sentence shows it: a nested Message rendered, names as a list."""
    if isinstance(value, Message):
        return value.render()
    if isinstance(value, tuple):
        return list(value)
    return value


@contextmanager
def refused(rule: str, **named: object) -> Iterator[pytest.ExceptionInfo[RuleViolation]]:
    """Expect a RuleViolation whose English template is `rule` (a plural refusal: its singular
    form) and whose parameters include `named`, each compared as the sentence shows it."""
    with pytest.raises(RuleViolation) as caught:
        yield caught
    error = caught.value
    template = error.message.singular if isinstance(error.message, Plural) else error.message
    assert template == rule, f"refused for another reason: {error}"
    for key, value in named.items():
        assert key in error.params, f"the refusal names no {key}: {error}"
        assert _said(error.params[key]) == value, f"{key}: {error}"
