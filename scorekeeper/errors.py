"""The errors the rule engine raises, translatable without the engine knowing any language.

A refusal carries an English message template (the gettext message id) and its parameters
instead of a finished sentence, so the rule engine stays pure and the kit (the CLI, the
table server) renders it in the player's language at the boundary:

    raise RuleViolation("{player} has already cast a ballot this round.", player=name)
    raise RuleViolation(plural("{player} has {left} senator left.", "{player} has {left} senators left.", left),
                        player=name, left=left)

`str(error)` is the English sentence (what `kit score act` prints in English, what the
tests read). `error.render(gettext, ngettext, join)` is the same sentence in any language;
kit.i18n.Translator.refusal calls it with a catalogue. Babel extracts the templates (the
first argument of RuleViolation and of its subclasses, both arguments of `plural`).

A refusal that would otherwise repeat a secret (a player's remaining senators, the amount
they typed in a secret vote) gives a `public` template too, naming the rule broken and not
the value; screens the whole table sees print that one (Translator.refusal(reveal=False)).

`ScorekeeperError` is the common base of the scorekeeper's errors, so a caller can report
any of them in one place; `RuleViolation` is the rules refusing an entry,
`scorekeeper.session.SessionError` a session file that cannot be read, locked or written.
A caller that must tell a refusal (re-ask the player) from a file problem (stop) catches
them apart.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple


class Plural(NamedTuple):
    """A message whose words agree with the number `n` (made by `plural`)."""

    singular: str
    plural: str
    n: int


def plural(singular: str, plural_form: str, n: int) -> Plural:
    """Mark a refusal's two English forms; the catalogue gives each language its own forms."""
    return Plural(singular, plural_form, n)


def N_(message: str) -> str:
    """Mark a template for extraction where it is not a refusal's first argument (`public=`)."""
    return message


def join_english(names: Iterable[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cléo"."""
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _english_ngettext(singular: str, plural_form: str, n: int) -> str:
    return singular if n == 1 else plural_form


class Message:
    """A sentence kept as an English template (the gettext message id) and its parameters, so
    the engine never knows a language: `render` says it through a catalogue. `params` fill the
    template; a list or tuple value is a list of names, joined the way the language joins them
    ("Ana et Ben"); a Message value is rendered first. `public`, when given, is the same
    sentence without the secret values the main one holds (a refusal on a shared screen).

    >>> Message("{who} colours a {colour} portion.", who="Ana", colour="bleu").render()
    'Ana colours a bleu portion.'
    >>> Message(plural("{n} seal", "{n} seals", 2), n=2).render()
    '2 seals'
    """

    def __init__(self, message: str | Plural, *, public: str | Plural | None = None, **params: object):
        self.message, self.public, self.params = message, public, params

    def render(self, gettext: Callable[[str], str] = str,
               ngettext: Callable[[str, str, int], str] = _english_ngettext,
               join: Callable[[Iterable[str]], str] = join_english, *, reveal: bool = True) -> str:
        """The sentence through a catalogue's gettext/ngettext; reveal=False prefers the
        public template (no secret value in it) when there is one."""
        message = self.message if reveal or self.public is None else self.public
        if isinstance(message, Plural):
            template = ngettext(message.singular, message.plural, message.n)
        else:
            template = gettext(message)
        if not self.params:
            return template
        values = {key: self._value(value, gettext, ngettext, join, reveal) for key, value in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):   # a catalogue's slip must not hide the sentence
            english = message if isinstance(message, str) else (
                message.singular if message.n == 1 else message.plural)
            return english.format(**values)

    def to_json(self) -> dict[str, Any]:
        """The template and its values as data (for a page that renders it later)."""
        message = self.message
        data: dict[str, Any] = {"id": message if isinstance(message, str) else list(message)}
        if self.params:
            data["values"] = {k: (v.to_json() if isinstance(v, Message) else v) for k, v in self.params.items()}
        return data

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.render()!r})"

    @staticmethod
    def _value(value: object, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
               join: Callable[[Iterable[str]], str], reveal: bool) -> object:
        if isinstance(value, Message):   # "FILE:LINE: <the line's own refusal>"
            return value.render(gettext, ngettext, join, reveal=reveal)
        if isinstance(value, (list, tuple)):   # names, or Messages ("the tie-break and the bonus")
            return join([str(Message._value(item, gettext, ngettext, join, reveal)) for item in value])
        return value


class Inline(Message):
    """A noun phrase said inside a sentence, after its opening: its first letter lowered, but
    where it opens with a value ("{player}'s die": a name keeps its capital).

    >>> Inline("The difficulty of {player}'s challenge", player="Ana").render()
    "the difficulty of Ana's challenge"
    >>> Inline("{player}'s die", player="Ana").render()
    "Ana's die"
    """

    def render(self, gettext: Callable[[str], str] = str,
               ngettext: Callable[[str, str, int], str] = _english_ngettext,
               join: Callable[[Iterable[str]], str] = join_english, *, reveal: bool = True) -> str:
        text = super().render(gettext, ngettext, join, reveal=reveal)
        message = self.message
        template = gettext(message) if isinstance(message, str) else ngettext(message.singular, message.plural, message.n)
        return text if template.startswith("{") else text[:1].lower() + text[1:]


class Alone(Message):
    """A noun phrase standing alone (the label of a phone form's input): its first letter raised.

    >>> Alone("the other player").render()
    'The other player'
    """

    def render(self, gettext: Callable[[str], str] = str,
               ngettext: Callable[[str, str, int], str] = _english_ngettext,
               join: Callable[[Iterable[str]], str] = join_english, *, reveal: bool = True) -> str:
        text = super().render(gettext, ngettext, join, reveal=reveal)
        return text[:1].upper() + text[1:]


class Listed(Message):
    """Values listed between commas, each said in the reader's words where it is a Message: the
    choices a refusal offers, one of which is wanted (no language's « and » between them).

    >>> Listed([Message("blue"), Message("mauve")]).render()
    'blue, mauve'
    """

    def __init__(self, items: Iterable[object]):
        super().__init__("")     # no words of its own: nothing to translate
        self.items = tuple(items)

    def render(self, gettext: Callable[[str], str] = str,
               ngettext: Callable[[str, str, int], str] = _english_ngettext,
               join: Callable[[Iterable[str]], str] = join_english, *, reveal: bool = True) -> str:
        return ", ".join(str(self._value(item, gettext, ngettext, join, reveal)) for item in self.items)

    def to_json(self) -> dict[str, Any]:
        return {"list": [item.to_json() if isinstance(item, Message) else item for item in self.items]}


class ScorekeeperError(Message, Exception):
    """Something the scorekeeper cannot do as asked: one sentence, kept as a template and its
    parameters so the kit can say it in the player's language (`render`)."""

    def __init__(self, message: str | Plural, *, public: str | Plural | None = None, **params: object):
        Message.__init__(self, message, public=public, **params)
        Exception.__init__(self, self.render())

    __repr__ = Exception.__repr__


class RuleViolation(ScorekeeperError, ValueError):
    """An action or a setup the rules refuse.

    The message is one sentence a player understands, naming who, the value at fault and
    the limit: "Bob has 12 senators left and cannot vote 15." `field` names the part of the
    input at fault when a caller must point at it (the kit names it in a layout error);
    None when the whole input is.
    """

    def __init__(self, message: str | Plural, *, field: str | None = None,
                 public: str | Plural | None = None, **params: object):
        self.field = field
        super().__init__(message, public=public, **params)


class Forbidden(ScorekeeperError):
    """An entry that is not the asker's to make (`scorekeeper.rules.may_enter`): another
    player's decision, a correction (the host's), the whole table's when it is not their turn.
    Not a RuleViolation: "not yours" (answered 403) is told apart from "not allowed now" (422),
    and the entry may be the very one the rules would accept from its owner."""
