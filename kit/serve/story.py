"""The story the table tells: each entry, in the log's words, and what it did, in the rules'
outcome events (kit score log's lines, in the page's language); each undo, naming the entry
it took back (so a ballot taken back after the count is seen by all); each correction said
to be one.

Told from the session log itself, replayed through the engine, never from what a page
remembers: a reload, a restart, a second screen and an undo typed in a terminal all tell the
same story. The wording is the public one, for everyone at the table; once the game is over
nothing is secret any more (as on every page then), and the story tells the whole table's
secrets too: each ballot, each objective met.
"""
from __future__ import annotations

from dataclasses import dataclass

from kit import i18n
from kit import table as faces
from kit.plan import actor_field
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules import flow
from scorekeeper.rules.flow import Action, GameState


@dataclass(frozen=True)
class Told:
    """One entry of the story."""

    line: int                  # its line in the session file (as `kit score log` numbers it)
    action: str                # its action's name ("undo" for an undo)
    entry: str                 # the log's line for it (an undo's: the entry it took back)
    events: tuple[str, ...]    # what it did
    undone_by: int | None = None   # the line of the undo that took it back
    correction: bool = False       # one of the game's corrections (the host's)
    undoes: int | None = None      # an undo's: the line it took back
    after_count: bool = False      # an undo's: it took back a secret entry whose count was shown


def completes_count(game: str, before: GameState, after: GameState, action: Action, actor: str | None) -> bool:
    """Whether `action` (met `before`, left `after`) is a secret entry that completed its
    count: it answered a secret decision, and the rules wait for no more of that action (a
    round's last ballot: the magistrate then reads the totals)."""
    name = action.get("action")
    answered = flow.answering(rules.pending(game, before), action, (actor,) if actor else ())
    return (answered is not None and answered["secret"]
            and not any(d["action"] == name for d in rules.pending(game, after)))


def tell(session: sessions.Session, lang: str) -> list[Told]:
    """The story of a whole session (not one read from a snapshot), oldest entry first."""
    game, reveal = session.game, bool(session.state.get("over"))
    corrections = rules.corrections(game)
    entries = session.entries
    # Up to the first undo, or the first entry an undo took back, every entry is in effect
    # and the session holds its states; from there on the story replays, undone branches too.
    first = next((i for i, e in enumerate(entries) if e.undone_by is not None or e.action["action"] == sessions.UNDO),
                 len(entries))
    effect = session.in_effect()[:first]
    told = []
    with i18n.speaking(lang):

        def one(entry: sessions.Entry, before: GameState, after: GameState) -> Told:
            described, events = faces.told(game, before, after, entry.action,
                                           faces.describe(game, entry.action, reveal, before), None, reveal)
            return Told(entry.line, entry.action["action"], described, tuple(events), entry.undone_by,
                        entry.action["action"] in corrections)

        told = [one(entry, before, after) for entry, before, after in effect]
        stack = [(entry, before, after) for entry, before, after in effect]
        start = effect[-1][2] if effect else rules.setup(game, session.players, session.options, session.deck)
        for entry in entries[first:]:
            if entry.action["action"] == sessions.UNDO:
                cancelled, before, after = stack.pop()
                actor = actor_field(game, cancelled.action["action"])
                counted = completes_count(game, before, after, cancelled.action, actor)
                described = faces.describe(game, cancelled.action, reveal, before)
                told.append(Told(entry.line, sessions.UNDO, described, (), undoes=cancelled.line, after_count=counted))
                continue
            before = stack[-1][2] if stack else start
            after = session.rules.take(before, entry.action)
            stack.append((entry, before, after))
            told.append(one(entry, before, after))
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
        line, events = faces.told(game, before, after, entry.action, described)
        lines = [line, *events] if line != described else events or [described]   # a card: its own line
        if after.get("over") and not before.get("over"):
            lines.append(faces.game_over_line(after))
    return lines
