"""The Guide: the session guided play works from, the file's stamp when it was read, and the
answers of the step under way; `guided` sets the one Guide every ask and submit uses and
stops cleanly on quit, Ctrl-C or a closed terminal.

The Guide under way is `_guide`, assigned by `guided` alone; the other modules read it as
`guiding._guide`, never as a name of their own, which would keep the value it had when they
were imported (None).

Guided play asks its questions from the session as it read it. Another command (an undo in
a second terminal, a second `play`) may write meanwhile: before every prompt the file is
checked, and every write is refused at the session level unless the file still has the
line count the answers were built on (scorekeeper.session.StaleSession). Either way play
reloads, says so, and starts the current step again from the file as it now stands.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import click

from kit.i18n import _
from kit.table.log import open_session
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import GameState


class Restart(Exception):
    """Start the current step again from the session as it now stands (it changed, or the
    player said `back` or undid an entry)."""


class Quit(Exception):
    """The table said `quit`: stop, everything accepted being saved."""


class Answer(NamedTuple):
    """One answer of the step under way: the question asked, the action's field it gives
    (None: one that gives no field, or several), and the answer as `convert` made it."""

    prompt: str
    field: str | None
    value: object


class Guide:
    """The session guided play works from, the file's stamp when it was read, and the
    answers of the step under way.

    When the rules refuse a step's entry for one field (RuleViolation.field), only the
    questions giving that field are asked again: the step is asked once more from the
    same state, and every other question, met in the same order with the same words, takes
    its answer back from `kept` instead of asking. A refusal of the step as a whole (no
    field, or none of its questions gave it) asks the whole step again.
    """

    def __init__(self, path: str | Path, session: sessions.Session):
        self.path, self.session = Path(path), session
        self.stamp = sessions.stamp(self.path)
        self.answers: list[Answer] = []     # this step's, in the order asked
        self.kept: list[Answer] = []        # a refused step's answers, given back in order
        self.again: str | None = None       # the field refused: its questions are asked again
        self.memo: dict[str, Any] = {}      # what a game's `ask` keeps for the rest of the play (play_memo)

    def step_begins(self) -> None:
        self.answers = []

    def forget(self) -> None:
        """The step starts again from nothing (an undo, `back`, the file changed)."""
        self.answers, self.kept, self.again = [], [], None

    def refused(self, refusal: RuleViolation) -> None:
        """Keep this step's answers but those the refusal is about, when it names a field a
        question gave; otherwise the whole step is asked again."""
        field = refusal.field
        if field is None or not any(answer.field == field for answer in self.answers):
            self.forget()
            return
        self.kept, self.again, self.answers = self.answers, field, []
        click.echo("  " + _("The step's other answers stay; only that question is asked again."), err=True)

    def answered(self, prompt: str, field: str | None, value: object) -> None:
        self.answers.append(Answer(prompt, field, value))

    def kept_answer(self, prompt: str, field: str | None) -> tuple[bool, object]:
        """(True, the answer kept) for a question asked again after a refusal of another
        field; (False, None): ask it. A question other than the one answered at this point
        before (the step took another way) ends what is given back."""
        if not self.kept:
            return False, None
        if self.kept[0].prompt != prompt:
            self.kept, self.again = [], None
            return False, None
        kept = self.kept.pop(0)
        if field is not None and field == self.again:
            return False, None
        self.answered(kept.prompt, kept.field, kept.value)
        return True, kept.value

    @property
    def state(self) -> GameState:
        return self.session.state

    def accepted(self, session: sessions.Session) -> None:
        self.session, self.stamp = session, sessions.stamp(self.path)

    def check(self) -> None:
        """Restart when the file changed since it was read (another command wrote)."""
        if sessions.stamp(self.path) != self.stamp:
            self.reload()

    def reload(self) -> None:
        self.accepted(open_session(self.path))
        click.echo(_("The session file changed in another window; going on from where it stands now."), err=True)
        raise Restart


_guide: Guide | None = None


@contextmanager
def guided(path: str | Path, session: sessions.Session | None = None) -> Iterator[Guide]:
    """Guided play on `path`: the Guide every ask and submit uses, and a clean stop on quit,
    Ctrl-C or a closed terminal, with everything accepted already saved."""
    global _guide
    _guide = Guide(path, session or open_session(path))
    try:
        yield _guide
    except Quit:
        click.echo(_("Saved in {path}; `kit score play {path}` resumes here.").format(path=path))
    except (click.Abort, KeyboardInterrupt, EOFError):
        click.echo("\n" + _("Stopped. Everything accepted so far is saved in {path}; `kit score play {path}` "
                            "resumes from there.").format(path=path), err=True)
        raise click.exceptions.Exit(130) from None
    finally:
        _guide = None
