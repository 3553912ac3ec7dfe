"""Refusals checked for what they mean, not for one word they contain.

A refusal is a Message: an English template naming the rule broken (the gettext msgid) and
the parameters naming who and what. `refused` checks both, so a test fails when the engine
refuses for another reason, even one whose sentence happens to hold the same name:

    with refused("{name} has no approved chapter to revoke.", name="Ana"):
        play(state, {"action": "revoke", "player": "Ana"})

`failed` does the same for the other ScorekeeperErrors (a session file that cannot be read),
and `rule` stands for a Message held as a parameter (the refusal of a session's bad line);
`bad_layout` checks a kit LayoutError by the file, entry and field it names and its problem:

    with failed(SessionError, "{path}:{number}: {error}", number=4,
                error=rule("{name} has {gold} gold and cannot spend {gold2}.", name="Bob")):
        sessions.load(path)
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

import pytest

from kit.errors import LayoutError
from scorekeeper.errors import Message, Plural, RuleViolation, ScorekeeperError

Error = TypeVar("Error", bound=ScorekeeperError)


class rule:   # lower case: it reads as a phrase, error=rule("...", name="Bob")
    """A Message expected as a parameter: its template and some of its parameters."""

    def __init__(self, template: str, /, **named: object) -> None:
        self.template, self.named = template, named

    def __repr__(self) -> str:
        return f"rule({self.template!r}, **{self.named!r})"


def _said(value: object) -> object:
    """A parameter as the sentence shows it: a nested Message rendered, names as a list."""
    if isinstance(value, Message):
        return value.render()
    if isinstance(value, tuple):
        return list(value)
    return value


def _check(message: Message, template: str, named: dict[str, object]) -> None:
    said = message.message.singular if isinstance(message.message, Plural) else message.message
    assert said == template, f"refused for another reason: {message.render()}"
    for key, value in named.items():
        assert key in message.params, f"the refusal names no {key}: {message.render()}"
        held = message.params[key]
        if isinstance(value, rule):
            assert isinstance(held, Message), f"{key} is not a sentence: {message.render()}"
            _check(held, value.template, value.named)
        else:
            assert _said(held) == value, f"{key}: {message.render()}"


@contextmanager
def failed(kind: type[Error], template: str, /, **named: object) -> Iterator[pytest.ExceptionInfo[Error]]:
    """Expect a `kind` error whose English template is `template` (a plural one: its singular
    form) and whose parameters include `named`, each compared as the sentence shows it (a
    `rule` compared by its own template and parameters)."""
    with pytest.raises(kind) as caught:
        yield caught
    _check(caught.value, template, named)


@contextmanager
def refused(template: str, /, **named: object) -> Iterator[pytest.ExceptionInfo[RuleViolation]]:
    """Expect a RuleViolation whose English template is `template` (see `failed`)."""
    with failed(RuleViolation, template, **named) as caught:
        yield caught


@contextmanager
def bad_layout(file: object, entry: str | None, field: str | None,
               problem: str) -> Iterator[pytest.ExceptionInfo[LayoutError]]:
    """Expect a LayoutError naming this file, entry and field (None: not named) and saying
    this problem, the whole clause after the place."""
    with pytest.raises(LayoutError) as caught:
        yield caught
    error = caught.value
    said = (error.file, error.entry, error.field, error.problem)
    assert said == (str(file), entry, field, problem), f"the layout error names {said}"


def problem_of(error: LayoutError) -> str:
    """A LayoutError's problem without the line it was found at, which moves with the layout."""
    return re.sub(r" \(line \d+(, column \d+)?\)$", "", error.problem)
