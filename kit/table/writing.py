"""Writing to a session the way `kit score act` does (scorekeeper.session.append: lock,
validate, one write, fsync): `submit`, `try_submit` (guided play's, which returns a refusal
rather than raising it) and `undo`. In guided play an entry is based on the Guide's session,
so that a file another command wrote meanwhile restarts the step instead of taking it.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from kit import i18n
from kit.table import guiding
from kit.table.log import cancelled_by_last, repair_hint, report
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import Line


def with_names_matched(action: Line, names: list[str]) -> Line:
    """`action` with every player's name as the session spells it when it was typed without
    its case or accents (`chloe` -> `Chloé`): any field's value, item of a list, or key of
    an object that names exactly one player so. What names nobody is left as typed, for the
    rules to refuse in their words."""
    def one(value: object) -> object:
        if not isinstance(value, str) or value in names:
            return value
        found = [n for n in names if i18n.folded(n) == i18n.folded(value)]
        return found[0] if len(found) == 1 else value
    fixed: Line = {}
    for field, value in action.items():
        if field == "action":
            fixed[field] = value
        elif isinstance(value, list):
            fixed[field] = [one(v) for v in value]
        elif isinstance(value, dict):
            fixed[field] = {one(k): v for k, v in value.items()}
        else:
            fixed[field] = one(value)
    return fixed


def submit(path: str | Path, action: Line | Callable[[sessions.Session], Line], *,
           quiet: bool = False, match_names: bool = True) -> sessions.Session:
    """Append an action the way `kit score act` does, then print what happened.

    `action` may be built from the session as it stands (see scorekeeper.session.append).
    Players' names are matched as people type them (match_names=False: exactly as given)."""
    if match_names:
        build = action

        def action(session: sessions.Session) -> Line:
            built = build(session) if callable(build) else build
            return with_names_matched(built, [p["name"] for p in session.players])
    guide = guiding._guide if guiding._guide is not None and Path(path) == guiding._guide.path else None
    try:
        session = sessions.append(path, action, based_on=guide.session.lines if guide else None)
    except sessions.StaleSession:   # raised only for an entry based on the guide's session
        if guide is None:
            raise
        guide.reload()   # says so and restarts the step
    except sessions.TornLine as torn:
        raise repair_hint(torn) from None
    if guide is not None:
        guide.accepted(session)
    if not quiet:
        report(session, session.before, session.entries[-1].action)
    return session


def undo(path: str | Path) -> tuple[sessions.Session, sessions.Entry]:
    """Undo the latest entry in effect, printing nothing; the new session and the entry
    cancelled. NothingToUndo when no action is in effect."""
    session = submit(path, {"action": sessions.UNDO}, quiet=True)
    return session, cancelled_by_last(session)


def try_submit(path: str | Path, action: Line, *, quiet: bool = False,
               refused_note: str = "", reveal: bool = True) -> sessions.Session | RuleViolation:
    """`submit`, where a refusal is part of the conversation: guided play shows the rule's
    sentence (followed by `refused_note`, when given) and goes on, so the refusal is
    returned, not raised (its `field` says which question to ask again).
    reveal=False shows the sentence that keeps secret values off the shared screen.

    A file that cannot be locked or written is not a refusal (a SessionError, not a
    RuleViolation): it still stops the command.
    """
    try:
        return submit(path, action, quiet=quiet)
    except RuleViolation as refused:
        click.echo("  " + i18n.refusal(refused, reveal=reveal) + (f" {refused_note}" if refused_note else ""),
                   err=True)
        return refused
