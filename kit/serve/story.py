"""The story the table tells: each entry still in effect, in the log's words, and what it did,
in the rules' outcome events (kit score log's lines, in the page's language).

Told from the session log itself, replayed through the engine (`Session.in_effect`), never
from what a page remembers: a reload, a restart, a second screen and an undo typed in a
terminal all tell the same story. The wording is the public one, for everyone at the table;
once the game is over nothing is secret any more (as on every page then), and the story
tells the whole table's secrets too: each ballot, each objective met.
"""
from __future__ import annotations

from dataclasses import dataclass

from kit import i18n
from kit import table as faces
from scorekeeper import session as sessions


@dataclass(frozen=True)
class Told:
    """One entry of the story."""

    line: int                  # its line in the session file (as `kit score log` numbers it)
    action: str                # its action's name
    entry: str                 # the log's line for it
    events: tuple[str, ...]    # what it did


def tell(session: sessions.Session, lang: str) -> list[Told]:
    """The story of a whole session (not one read from a snapshot), oldest entry first."""
    game, reveal = session.game, bool(session.state.get("over"))
    told = []
    with i18n.speaking(lang):
        for entry, before, after in session.in_effect():
            described = faces.describe(game, entry.action, reveal, before)
            events = faces.told_events(game, before, after, entry.action, described, None, reveal)
            told.append(Told(entry.line, entry.action["action"], described, tuple(events)))
    return told


def said(session: sessions.Session, lang: str) -> list[str]:
    """What the session's latest entry did, in public wording: the answer a phone shows after
    its entry is accepted (the entry's own line when the rules tell nothing more of it). Its
    own amounts stay on the phone's secret part, which "Hide my secrets" hides; this answer
    holds none of them."""
    entry = session.entries[-1]
    if entry.action.get("action") == sessions.UNDO:
        return []   # the page names what it undoes before it is sent
    game, before, after = session.game, session.before, session.state
    with i18n.speaking(lang):
        described = faces.describe(game, entry.action, False, before)
        lines = faces.told_events(game, before, after, entry.action, described) or [described]
        if after.get("over") and not before.get("over"):
            lines.append(faces.game_over_line(after))
    return lines
