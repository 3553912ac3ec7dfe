"""A session as the table commands read it and tell it: `open_session` (a torn tail says how to
repair it), each entry's line of the log in the active language (`describe`, in the game's own
words), what it did (the rules' outcome events: `told`, `event_lines`, printed by `report`),
and what an undo took back and what stays recorded of the turn (`undo_lines`).
"""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

import click

from kit import faces, games, i18n
from kit.errors import KitError
from kit.i18n import _, ngettext
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules import hands as in_hand
from scorekeeper.rules.flow import GameState, Line


def open_session(path: str | Path, *, history: bool = True) -> sessions.Session:
    """The session in `path`, validated line by line; a torn tail says how to repair it.
    history=False: only the current state is needed (it may come from the snapshot)."""
    try:
        return sessions.load(path, history=history)
    except sessions.TornLine as torn:
        raise repair_hint(torn) from None


def repair_hint(torn: sessions.TornLine) -> KitError:
    if not torn.repairable:   # a torn header: `repair` would refuse, so do not suggest it
        return KitError(i18n.refusal(torn))
    return KitError(_("{problem} Or run `kit score repair {path}`, which cuts that line after asking.").format(
        problem=i18n.refusal(torn), path=torn.path))


def cancelled_by_last(session: sessions.Session) -> sessions.Entry:
    """The entry the session's last line (an undo) cancelled (read from the snapshot when it
    holds it, as after one undo: a long file is not read again to say it)."""
    line = session.entries[-1].line
    found = next((e for e in session.entries if e.undone_by == line), None)
    if found is None:   # only a session read from the snapshot may lack it
        found = next(e for e in open_session(session.path).entries if e.undone_by == line)
    return found


def this_turn(session: sessions.Session) -> list[sessions.Entry]:
    """The entries in effect since the current turn began (its `turn` line with step
    "start"): what stays recorded of this turn after an undo."""
    if session.partial:
        turn = session.state.get("turn")
        if not (isinstance(turn, dict) and turn.get("player")):
            return []   # no turn begun (a file typed entry by entry): nothing to read the file for
        session = open_session(session.path)
    in_effect = [session.entries[i] for i in session._in_effect]
    for index in range(len(in_effect) - 1, -1, -1):
        action = in_effect[index].action
        if action.get("action") == "turn" and action.get("step") == "start":
            return in_effect[index:]
    return []


def states_before(session: sessions.Session) -> dict[int, GameState]:
    """The state each entry in effect met, by its line: what its line is described against
    (the session's deck, so a card is named by its printed title, never by its id; the
    card the turn played, which a Challenge met names)."""
    if session.partial:
        session = open_session(session.path)
    return {entry.line: before for entry, before, _after in session.in_effect()}


def undo_lines(session: sessions.Session) -> list[str]:
    """What an undo removed and what of this turn stays recorded, in the active language,
    each entry described against the state it met."""
    cancelled = cancelled_by_last(session)
    # the entry taken back met the state the undo restored
    lines = [_("Undid line {line}: {action}").format(
        line=cancelled.line, action=describe(session.game, cancelled.action, before=session.state))]
    kept = this_turn(session)
    if kept:
        met = states_before(session)
        lines.append("  " + _("Still recorded for this turn: {entries}").format(
            entries="; ".join(f"{e.line}. {describe(session.game, e.action, before=met.get(e.line, session.state))}"
                              .rstrip(".") for e in kept)))
    return lines


def report(session: sessions.Session, before: GameState, action: Line) -> None:
    """Print the accepted action, the game's extra outcome lines and the end of the game."""
    for line in outcome_lines(session, before, action):
        click.echo(line)


def outcome_lines(session: sessions.Session, before: GameState, action: Line) -> list[str]:
    """The accepted entry and what it did, in public wording (the rules' outcome events)."""
    line = session.entries[-1].line if session.entries else 1
    if action.get("action") == sessions.UNDO:
        return [f"{line}. " + text for text in undo_lines(session)]
    entry, lines = event_lines(session.game, before, session.state, action,
                               describe(session.game, action, before=before))
    return [f"{line}. {entry}", *lines]


def event_lines(game: str, before: GameState, after: GameState, action: Line, described: str,
                viewer: str | None = None, reveal: bool = False) -> tuple[str, list[str]]:
    """The entry's line and what it did (`told`), each event on its own indented line, then
    the end of the game if it ended there."""
    entry, events = told(game, before, after, action, described, viewer, reveal)
    lines = ["  " + event for event in events]
    if after.get("over") and not before.get("over"):
        lines.append("  " + game_over_line(after))
    return entry, lines


def told(game: str, before: GameState, after: GameState, action: Line, described: str,
         viewer: str | None = None, reveal: bool = False) -> tuple[str, list[str]]:
    """An entry's line and the rules' events of it, worded for `viewer` (reveal: everyone's
    secrets) in the active language: the one place every face (the log, the table's story,
    the phones' answer, guided play) tells an entry. An event that tells the entry itself
    and what it did (a card and its effect: flow.Event.entry) is the entry's line in place of
    `described`, so a card is told in one line; an event that says exactly what the entry's
    own line said (a purchase) is not said twice."""
    words = i18n.active()
    entry, events, told_by_event = described, [], False
    for event in rules.outcome(game, before, after, action):
        text = event.for_viewer(viewer, reveal=reveal).render(words.gettext, words.ngettext, words.join)
        if event.entry and not told_by_event:
            entry, told_by_event = text, True
        elif text.rstrip(".") != described.rstrip("."):
            events.append(text)
    return entry, events


def game_over_line(state: GameState) -> str:
    winners = state.get("winners") or []
    if not winners:
        return _("Game over: nobody wins.")
    return ngettext("Game over: {names} wins.", "Game over: {names} win.", len(winners)).format(
        names=i18n.join(winners))


def describe(game: str, action: Line, reveal: bool | str = False, before: GameState | None = None) -> str:
    """One line of the log for `action` in the active language; reveal=True includes the
    secret amounts a shared screen must not show (kit score log --reveal), reveal=NAME that
    player's own; `before` is the state the action met, when known (a steal says what moved)."""
    name = action.get("action")
    if name == sessions.UNDO:
        return _("Undo the latest action in effect.")
    own_words = faces.of(game).describe_turn if name == "turn" else None
    if own_words is not None:   # the game's own words for its steps
        return own_words(action, before)
    if name == "turn":
        player, step = action.get("player"), action.get("step")
        if step == "start":
            return _("{player}'s turn begins.").format(player=player)
        return _("{player}'s turn ({step}).").format(player=player, step=step)
    described: str = game_module(game).describe(action, reveal, before)   # each game's table.py describe
    return described


def describe_fields(action: Line) -> str:
    """A line for an action no game describes in words (its name and fields, as typed)."""
    fields = ", ".join(f"{k} {v}" for k, v in action.items() if k != "action")
    return f"{action.get('action')}: {fields}." if fields else f"{action.get('action')}."


def describe_hand(action: Line) -> str:
    """The log line of a count of cards in hand put right (`hand`, in a game with cards)."""
    return _("{player} holds {cards} cards.").format(player=action.get("player"), cards=action.get("cards"))


def hands_line(state: GameState) -> str | None:
    """What `show` says of the cards in hand the engine counts (None until they hold)."""
    if not in_hand.counted(state):
        return None
    return _("Cards in hand: {hands}.").format(
        hands=", ".join(f"{name} {count}" for name, count in in_hand.holdings(state).items()))


def game_module(game: str) -> ModuleType:
    """kit/games/<game>/table.py: the game's friendly commands, `render` and `play`."""
    return games.table_module(game)
