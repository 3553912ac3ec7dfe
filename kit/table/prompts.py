"""One prompt in the terminal (`ask`, which asks until an answer is accepted) and the asks built
on it: a whole number, a choice in either language, yes or no, a player by name. In guided
play every prompt also takes annuler/undo, retour/back, aide/help and quitter/quit, checks
first that the session did not change, and takes what the step under way takes at any of
its questions besides their own answers.

What a step's questions also take is set here alone, for a block, by a context manager:
`_also` and `_also_hidden` (`also_answers`), `_offered_words` (`offering`),
`_enter_elsewhere` (`enter_elsewhere`), `_also_help` (`also_helping`); and `_looking_ahead`
while `writes_unasked` runs a step. Other modules read them as `prompts._also`, never as a
name of their own, which would keep the value it had when they were imported.

Undo takes back the entries play wrote without asking anything, which only running play's
own step tells (`writes_unasked`): that step asks through this module, so kit/table/play.py
gives it here (`play_step`) when it is imported, rather than this module importing play.
"""
from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal, TypeVar, overload

import click

from kit import faces, i18n
from kit.errors import KitError
from kit.i18n import _, ngettext
from kit.table import guiding
from kit.table.guiding import Quit, Restart
from kit.table.log import describe, open_session, states_before, undo_lines
from kit.table.parsing import label, match_name, match_word, whole_number
from kit.table.writing import undo
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import Decision, GameState, Line

T = TypeVar("T")


# Words every prompt takes, in both languages (compared without case or accents).
UNDO_WORDS = ("annuler", "undo")
BACK_WORDS = ("retour", "back")
HELP_WORDS = ("aide", "help", "?")
QUIT_WORDS = ("quitter", "quit")


def ask(prompt: str, convert: Callable[[str], T], *, hide: bool = False,
        default: str | None = None, help: str | None = None, field: str | None = None) -> T:
    """Ask until `convert` accepts the answer; its RuleViolation/KitError is shown, then ask again.

    default="" lets Enter alone answer "" (for "none" or "nobody") without showing an empty [].
    In guided play every prompt also takes annuler/undo, retour/back, aide/help and
    quitter/quit, and first checks that the session did not change meanwhile. A refusal of
    a hidden answer names the rule, never the value typed or held (reveal=False).
    `field`: the action's field the answer gives, so that when the rules refuse that field
    only this question is asked again (Guide.refused); the step's other answers are kept.
    """
    if _looking_ahead:
        raise _WouldAsk
    given, value = _given_before(prompt, field)
    if given:
        return value  # type: ignore[return-value]   # what `convert` made of it before
    # the words it also takes are shown, not part of the question: a step asked again after a
    # refusal finds its answer by the question alone (Guide.kept_answer)
    shown = f"{prompt} " + _("or {words}").format(words="/".join(_offered_words)) if _offered_words else prompt
    enter_elsewhere = _enter_elsewhere if default is None else None
    while True:
        text = _read(shown, default="" if enter_elsewhere is not None else default, hide=hide)
        if enter_elsewhere is not None and text is not None and not text.strip():
            _taken_elsewhere(prompt, "", hide, enter_elsewhere)
        if text is None or (guiding._guide is not None and _keyword(text, help)):
            continue
        try:
            answer = convert(text)
        except (RuleViolation, KitError) as error:
            _taken_elsewhere(prompt, text, hide)
            click.echo("  " + i18n.refusal(error, reveal=not hide), err=True)
            continue
        if guiding._guide is not None:
            guiding._guide.answered(prompt, field, answer)
        return answer


def _given_before(prompt: str, field: str | None) -> tuple[bool, object]:
    """(True, its answer) where a step asked again after a refusal gives this question its
    answer back (Guide.kept_answer), raising again what took the step elsewhere there;
    (False, None): ask it."""
    if guiding._guide is None:
        return False, None
    given, value = guiding._guide.kept_answer(prompt, field)
    if given and isinstance(value, AnsweredElsewhere):   # it took the step elsewhere, as it does again
        raise value
    return given, value


def _read(prompt: str, *, default: str | None, hide: bool) -> str | None:
    """One line typed at `prompt`, once the session is checked unchanged; None where Enter
    alone answered a question that needs an answer (said so)."""
    if guiding._guide is not None:
        guiding._guide.check()
    shows_default = bool(default) and not hide
    # a question mark ends the question already: "How many PI? ", not "How many PI?: "
    suffix = " " if prompt.rstrip().endswith("?") and not shows_default else _(": ")
    # Enter alone: click would ask again without a word when there is no default
    text: str = click.prompt(prompt, default="" if default is None else default, hide_input=hide,
                             prompt_suffix=suffix, show_default=shows_default)
    if default is None and not text.strip():
        needed = _("This question needs an answer (aide/help says what it takes).") if guiding._guide is not None \
            else _("This question needs an answer.")
        click.echo("  " + needed, err=True)
        return None
    return text


def _taken_elsewhere(prompt: str, text: str, hide: bool, also: Callable[[str], object] | None = None) -> None:
    """Raise AnsweredElsewhere where the step's `also_answers` (or `also`) takes what a
    question refused (a hidden answer only where it says so), kept like any answer: a
    refusal of what follows then asks only that again."""
    also = also or _also
    elsewhere = also(text) if also is not None and (_also_hidden or not hide) else None
    if elsewhere is None:
        return
    if guiding._guide is not None:
        guiding._guide.answered(prompt, None, AnsweredElsewhere(elsewhere))
    raise AnsweredElsewhere(elsewhere) from None


class AnsweredElsewhere(Exception):
    """An answer a question refused and the step's `also_answers` took: `value` is what it
    made of it (the step under way is left for that answer)."""

    def __init__(self, value: object):
        super().__init__(value)
        self.value = value


_also: Callable[[str], object] | None = None
_also_hidden = False     # whether hidden answers are offered to `_also` too (also_answers)


@contextmanager
def also_answers(convert: Callable[[str], object], *, hidden: bool = False) -> Iterator[None]:
    """Within the block, an answer a visible question refuses is offered to `convert`
    before the refusal is shown: when it makes something of it (not None), the question
    raises AnsweredElsewhere with that. A game's step says so what may be answered at any
    of its questions (PHD: a Coopération played at its moment, by its player's name or its
    title), never in place of an answer the question itself takes. hidden=True: a hidden
    answer too, where what `convert` takes tells nothing secret (another player's name at a
    secret ballot: they are at the keyboard)."""
    global _also, _also_hidden
    was, _also = _also, convert
    was_hidden, _also_hidden = _also_hidden, hidden
    try:
        yield
    finally:
        _also, _also_hidden = was, was_hidden


_offered_words: tuple[str, ...] = ()
_enter_elsewhere: Callable[[str], object] | None = None     # what Enter alone answers at a question that needs one


@contextmanager
def enter_elsewhere(convert: Callable[[str], object]) -> Iterator[None]:
    """Within the block, Enter alone at a question that needs an answer is what `convert("")`
    makes of it (AnsweredElsewhere): the step it leaves for (a Coopération's « the card has
    done all it does » at « Whose resources change? »)."""
    global _enter_elsewhere
    was, _enter_elsewhere = _enter_elsewhere, convert
    try:
        yield
    finally:
        _enter_elsewhere = was


@contextmanager
def offering(words: Iterable[str]) -> Iterator[None]:
    """Within the block, each question says the `words` it also takes (« or seals/gold »):
    what `also_answers` makes of them, where no help would otherwise tell."""
    global _offered_words
    was, _offered_words = _offered_words, tuple(words)
    try:
        yield
    finally:
        _offered_words = was


# What `aide` says besides a question's own help while the table's words are taken (`with_table_words`).
_also_help: str | None = None


@contextmanager
def also_helping(text: str) -> Iterator[None]:
    """Within the block, `aide` says `text` too, after a question's own help (the table's
    words any question of the turn takes: `with_table_words`)."""
    global _also_help
    was, _also_help = _also_help, text
    try:
        yield
    finally:
        _also_help = was


def _keyword(text: str, help: str | None) -> bool:
    """Handle a word every prompt takes; True when it was one (and the prompt must be asked again)."""
    word = i18n.folded(text)
    if word in QUIT_WORDS:
        raise Quit
    if word in BACK_WORDS:
        click.echo(_("Back to the start of this step."))
        raise Restart
    if word in UNDO_WORDS:
        undo_latest()
        return True
    if word in HELP_WORDS:
        if help:
            click.echo("  " + help)
        if _also_help:
            click.echo("  " + _also_help)
        click.echo("  " + _("Any question also takes: annuler/undo (the last entry saved), retour/back "
                            "(start this step again), aide/help, quitter/quit."))
        return True
    return False


def undo_latest() -> None:
    """Undo the latest entry in effect after confirming it (by its public description), say
    what stays recorded of this turn, then start the step again from the new state."""
    guide = guiding._guide
    assert guide is not None, "undo_latest is asked within guided play"
    guide.check()
    taken = entries_to_undo(guide.session)
    if not taken:
        click.echo("  " + _("There is nothing to undo."))
        return
    latest = taken[-1]      # the entry a person answered; those after it play wrote unasked
    met = states_before(guide.session).get(latest.line, guide.session.state)
    action = describe(guide.session.game, latest.action, before=met).rstrip(".")
    question = _("Undo line {line} ({action})?") if len(taken) == 1 else ngettext(
        "Undo line {line} ({action}) and the step written after it without a question?",
        "Undo line {line} ({action}) and the {n} steps written after it without a question?", len(taken) - 1)
    if not ask_yes_no(question.format(line=latest.line, action=action, n=len(taken) - 1)):
        return
    for count, _entry in enumerate(taken, 1):
        session, _cancelled = undo(guide.path)
        # each line taken back, and what stays of this turn once, after the last
        for text in undo_lines(session)[:None if count == len(taken) else 1]:
            click.echo(text)
    raise Restart


def entries_to_undo(session: sessions.Session) -> list[sessions.Entry]:
    """What guided play's undo takes back, latest first: the latest entry in effect, and
    while the state that leaves is one where play writes its next entry at once without
    asking anything (`writes_unasked`: a turn's start, Promotion's draw, a resolve that needs
    no answer...), the entry before it too, so that one undo reaches the last entry a person
    answered instead of taking back a step that play writes again at once."""
    if session.partial:
        session = open_session(session.path)
    taken: list[sessions.Entry] = []
    for entry, before, _after in reversed(session.in_effect()):
        taken.append(entry)
        if not writes_unasked(session.game, before):
            break
    return taken


class _WouldAsk(Exception):
    """A question `writes_unasked` met: guided play would ask someone something there."""


_looking_ahead = False     # while writes_unasked runs a step: `ask` refuses every question

# Play's own step (kit/table/play.py `next_entry`), which `writes_unasked` runs: play asks
# through this module, so it gives its step here when it is imported.
play_step: Callable[[faces.Faces, list[Decision], GameState, list[Decision]], tuple[Decision, Line]] | None = None


def writes_unasked(game: str, state: GameState) -> bool:
    """Whether guided play, meeting `state`, writes its next entry without asking anyone
    anything. The step is run as play runs it (the rules' decisions, their question plan),
    its words kept off the screen and its first question stopping it: which steps ask
    nothing is what play does, never a list kept beside it."""
    global _looking_ahead
    decisions = rules.pending(game, state)
    if state.get("over") or not decisions:
        return False
    declared = faces.of(game)
    assert play_step is not None, "kit.table.play gives its step when it is imported"
    _looking_ahead = True
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            play_step(declared, decisions, state, rules.anytime(game, state))
    except (_WouldAsk, KitError, RuleViolation):
        return False
    finally:
        _looking_ahead = False
    return True


def play_memo() -> dict[str, Any]:
    """What guided play keeps from one question to the next for as long as it lasts (a
    question a table declined, not to ask again while nothing changed): empty for each new
    play, and a fresh one outside guided play, where nothing is remembered. While
    `writes_unasked` runs a step ahead, a copy: the step reads what play said (whether it
    would ask a question again), and leaves nothing said."""
    if guiding._guide is None:
        return {}
    return dict(guiding._guide.memo) if _looking_ahead else guiding._guide.memo


def ask_number(prompt: str, *, hide: bool = False, default: int | None = 0,
               check: Callable[[int], object] | None = None, help: str | None = None,
               field: str | None = None) -> int:
    """A whole number, checked at once by `check` (which raises RuleViolation to refuse)."""
    def convert(text: str) -> int:
        try:
            value = default if not text.strip() and default is not None else whole_number(text)
        except KitError as error:   # the question and what to type, never what was typed (a secret vote)
            raise KitError(_("{problem} {question}: type a whole number, such as 3 or -2.").format(
                problem=error, question=prompt.strip().rstrip("?:").strip())) from None
        if check is not None:
            check(value)
        return value
    # Enter alone means the default (0 for a vote): "" for a hidden prompt, so nothing shows.
    shown = None if default is None else ("" if hide else str(default))
    return ask(prompt, convert, hide=hide, default=shown, help=help, field=field)


def ask_choice(prompt: str, choices: list[str] | tuple[str, ...], *, default: str | None = None,
               help: str | None = None, hide: bool = False, field: str | None = None,
               shown: Mapping[str, str] | None = None, also: Mapping[str, Iterable[str]] | None = None,
               check: Callable[[str], object] | None = None) -> str:
    """One of `choices`, typed in either language (a unique prefix is enough); hide=True
    reads it unseen (a question asked just before a secret answer, where a number typed by
    habit would show on the shared screen). `shown`: the words a choice is shown in where
    they are not its own (the game's words for a value), which it may be typed as too, as
    the words `also` gives it. `check(choice)` raises the rules' refusal of one typed."""
    words = {choice: (shown or {}).get(choice) or label(choice) for choice in choices}
    aliases = {choice: (said, *(also or {}).get(choice, ())) for choice, said in words.items()}
    apart = " / " if any("," in said for said in words.values()) else ", "    # words that hold commas

    def convert(text: str) -> str:
        found = match_word(text, choices, also=aliases)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=apart.join(words.values())))
        if check is not None:
            check(found)
        return found
    return ask(f"{prompt} ({'/'.join(words.values())})", convert,
               default=(words.get(default) or label(default)) if default else None, help=help, hide=hide,
               field=field)


def shared_screen() -> bool:
    """Whether what is printed goes to a terminal, which `clear_screen` can wipe (piped
    output keeps whatever is written to it)."""
    return sys.stdout.isatty()


def clear_screen() -> None:
    """Clear the terminal and its scrollback, after a secret was shown on the shared screen
    (a ballot read back to its player)."""
    if shared_screen():
        click.echo("\033[H\033[2J\033[3J", nl=False)


def ask_yes_no(prompt: str, default: bool = False, *, field: str | None = None) -> bool:
    return ask_choice(prompt, ["yes", "no"], default="yes" if default else "no", field=field) == "yes"


@overload
def ask_player(prompt: str, names: list[str], *, default: str | None = None, optional: Literal[False] = False,
               help: str | None = None, reason: Callable[[str], object] | None = None,
               field: str | None = None) -> str: ...


@overload
def ask_player(prompt: str, names: list[str], *, default: str | None = None, optional: bool,
               help: str | None = None, reason: Callable[[str], object] | None = None,
               field: str | None = None) -> str | None: ...


def ask_player(prompt: str, names: list[str], *, default: str | None = None, optional: bool = False,
               help: str | None = None, reason: Callable[[str], object] | None = None,
               field: str | None = None) -> str | None:
    """One of `names` (case and accents ignored); with optional=True Enter alone answers None."""
    def convert(text: str) -> str | None:
        if optional and not text.strip():
            return None
        return match_name(text, names, players=guiding._guide.state["players"] if guiding._guide is not None else (),
                          reason=reason)
    return ask(f"{prompt} ({'/'.join(names)})", convert,
               default="" if optional and default is None else default, help=help, field=field)
