"""The session as the table server sees it: tokens, cached reads, serialised writes, events.

Reads are served from the last session loaded, reloaded only when the file changed (its
inode, size or modification time), so eight phones refreshing after each vote cost one
replay, not eight. Writes go through `scorekeeper.session.append` (flock, validation, one
write, fsync) one at a time: the server's own requests queue on a thread lock rather than
race each other for the file lock, which then only waits for a terminal's command.

Who may do what: the host token may append any action; a seat token acts for its player
only (see `authorise`). Every accepted change, and every change another program makes to
the file (a `kit score undo` typed in a terminal), is announced to the event listeners.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

import anyio.to_thread

from kit import faces
from kit.plan import actor_field
from kit.serve.story import Told, completes_count, tell
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import Forbidden, Message, RuleViolation
from scorekeeper.rules.checks import shown
from scorekeeper.rules.flow import GameState, Line

# How often the file is checked for a change made by another program.
WATCH_SECONDS = 0.25


class Table:
    """One session file served to the table."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.tokens = sessions.seat_tokens(self.path)
        self._write_lock = threading.Lock()
        self._read_lock = threading.Lock()
        self._cached: tuple[tuple[int, int, int], sessions.Session] | None = None
        self._listeners: set[asyncio.Queue[int]] = set()
        self._story_lock = threading.Lock()
        self._stories: dict[str, tuple[sessions.Session, list[Told]]] = {}
        # Each player's own answers given ahead (the game's `seat_questions`: Hoc Censeo's for
        # the round's resolve), by round; kept on disk too, so a restart keeps what the pages
        # show as saved.
        self.answers: dict[int | None, dict[str, dict[str, Any]]] = {
            entry[0]: entry[1] for entry in sessions.saved_answers(self.path)
            if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict)}
        self.line = self.session().next_line() - 1
        # How many times the seats or the room changed since the server started (a seat
        # taken or freed, the table closed or opened): told with each event, so the pages
        # showing them (the host's, the table's room code) follow. Not the log's: no line.
        self.doors = 0

    # -- who is asking --------------------------------------------------------------------

    def seat_of(self, token: str) -> str | None:
        """The player whose seat `token` opens, or None (compared in constant time)."""
        found = None
        for name, seat_token in self.tokens["seats"].items():
            if secrets.compare_digest(token.encode(), seat_token.encode()):
                found = name
        return found

    def hold(self, name: str, device: str, *, by_code: bool) -> str | None:
        """Hold `name`'s seat for the device whose secret is `device`: None once it holds
        it, else why not (sessions.HOLD_TAKEN, HOLD_CLOSED)."""
        refused, self.tokens = sessions.hold_seat(self.path, name, digest(device), by_code=by_code)
        return refused

    def held_by(self, device: str) -> list[str]:
        """The seats the device whose secret is `device` holds, the latest taken last."""
        if not device:
            return []
        mine = digest(device)
        held = [(hold["since"], name) for name, hold in self.tokens["held"].items()
                if secrets.compare_digest(hold["device"].encode(), mine.encode())]
        return [name for _, name in sorted(held)]

    def holder(self, name: str) -> sessions.Hold | None:
        return self.tokens["held"].get(name)

    def released(self, device: str) -> str | None:
        """The seat the host took from the device whose secret is `device`, if it has not
        taken a seat again since (its page says so instead of a bare « no seat »)."""
        return self.tokens["released"].get(digest(device)) if device else None

    def free(self, name: str) -> None:
        """Free `name`'s seat (the host): a new link, the device that held it let go, a
        new room code (sessions.free_seat)."""
        self.tokens = sessions.free_seat(self.path, name)

    def new_room(self) -> None:
        """A new room code (the host): whoever read the old one cannot join with it."""
        self.tokens = sessions.new_room_code(self.path)

    def open_doors(self, open_: bool) -> None:
        """Let new phones join with the room code, or no more (the host: everyone is here)."""
        self.tokens = sessions.open_doors(self.path, open_)

    def doors_moved(self) -> None:
        """Tell every page that the seats or the room changed (on the event loop)."""
        self.doors += 1
        for queue in list(self._listeners):
            with contextlib.suppress(asyncio.QueueFull):   # a client that stopped reading catches up later
                queue.put_nowait(self.line)

    def is_host(self, token: str) -> bool:
        return secrets.compare_digest(token.encode(), self.tokens["host"].encode())

    # -- reading --------------------------------------------------------------------------

    def session(self, history: bool = False) -> sessions.Session:
        """The session as the file stands now (a cached replay while the file is unchanged);
        history=True: one with every entry (the one this server wrote last comes from the
        snapshot, which keeps only the latest states), for the story.

        A read never waits for a writer once it has a session to show: while a write holds
        the file (the server's own or a terminal's), it answers with the session last read,
        and the change is announced to the pages once the writer lets go (`watch`). It never
        takes the file's shared lock under the server's own write either: that writer's
        exclusive lock would then fail and retry 20 ms later (measured: the median answer to
        2 phones went from 23 ms to ~2 ms)."""
        with self._read_lock:
            cached = self._cached
        if cached is not None and history and cached[1].partial:
            cached = None   # no story to show from it: wait for a whole read
        if cached is not None and cached[0] == sessions.stamp(self.path):
            return cached[1]
        if cached is None:
            self._write_lock.acquire()
        elif not self._write_lock.acquire(blocking=False):
            return cached[1]
        try:
            stamp = sessions.stamp(self.path)
            try:
                loaded = sessions.load(self.path, wait=None if cached is None else 0)
            except sessions.SessionLocked:
                if cached is None:
                    raise
                return cached[1]
            with self._read_lock:
                self._cached = (stamp, loaded)
            return loaded
        finally:
            self._write_lock.release()

    def story(self, session: sessions.Session, lang: str) -> list[Told]:
        """The story of `session` (read with its history) in `lang` (kit/serve/story.py),
        told again only when the file changed: every table screen reads the same one."""
        with self._story_lock:
            kept = self._stories.get(lang)
            if kept is None or kept[0] is not session:
                kept = self._stories[lang] = (session, tell(session, lang))
            return kept[1]

    # -- writing --------------------------------------------------------------------------

    def act(self, action: object, seat: str | None = None) -> sessions.Session:
        """Append `action` as the host (seat None) or as `seat`; the new session.

        RuleViolation when the rules refuse it, Forbidden when the seat may not: either way
        the file is unchanged. The seat's rights are checked against the file as read under
        the lock, the same state the rules check it against.
        """
        action = sessions.normalise_action(action)

        def checked(session: sessions.Session) -> Line:
            allowed = action if seat is None else authorise(session, seat, action)
            fill = faces.of(session.game).with_seat_answers
            if fill is None:
                return allowed
            return fill(session.state, allowed, self.answers.get(round_of(session.state), {}))

        # The server's own writes queue here for no longer than the file lock would wait: eight
        # phones voting while a terminal holds the file are all told to try again within about
        # twice LOCK_WAIT_SECONDS, not one after another.
        if not self._write_lock.acquire(timeout=sessions.LOCK_WAIT_SECONDS):
            raise sessions.SessionLocked(
                "{path} is being written by another scorekeeper command right now; try again once it has finished.",
                path=self.path)
        try:
            session = sessions.append(self.path, checked)
            with self._read_lock:
                self._cached = (sessions.stamp(self.path), session)
        finally:
            self._write_lock.release()
        return session

    def answer(self, seat: str, given: object) -> None:
        """Keep `seat`'s own answers for this round; RuleViolation for a question not asked
        of them now or an answer that is not one of its choices."""
        session = self.session()
        state = session.state
        words = faces.of(session.game)
        if not isinstance(given, dict):
            asked = words.seat_questions
            example = {question: options[0] for question, (_label, options) in list(asked.items())[:1]}
            raise RuleViolation("Send the answers as a JSON object, such as {example}.", example=json.dumps(example))
        open_questions = words.open_seat_questions(state, seat) if words.open_seat_questions is not None else []
        for question, value in given.items():
            if question == "action":
                continue
            if question not in open_questions:
                raise RuleViolation("{seat} is not asked about {question} now.", seat=seat, question=shown(question))
            if value not in words.seat_questions[question][1]:
                raise RuleViolation("{seat}'s {question} must be one of {options}, not {value}.", seat=seat,
                                    question=question, options=", ".join(words.seat_questions[question][1]),
                                    value=repr(value))
        mine = self.answers.setdefault(round_of(state), {}).setdefault(seat, {})
        mine.update({q: v for q, v in given.items() if q != "action"})
        for stale in [r for r in self.answers if r != round_of(state)]:
            del self.answers[stale]
        sessions.save_answers(self.path, [[r, seats] for r, seats in self.answers.items()])

    # -- events ---------------------------------------------------------------------------

    def listen(self) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1024)
        self._listeners.add(queue)
        return queue

    def forget(self, queue: asyncio.Queue[int]) -> None:
        self._listeners.discard(queue)

    def announce(self, written: int) -> None:
        """Tell every listener of the lines written since the last time, up to `written`
        (the line this server just wrote)."""
        if written > self.line:   # else announced already, with a later line written meanwhile
            self._announce(written)

    def _changed_line(self) -> int | None:
        """The file's last line if another program changed the file since it was last read,
        else None (None too for a file being repaired by hand: its next change is announced).
        It reads the file: the event loop calls it in a worker thread."""
        try:
            if self._cached is not None and self._cached[0] == sessions.stamp(self.path):
                return None
            return self.session().next_line() - 1
        except (OSError, sessions.SessionError):
            return None

    def _announce(self, line: int) -> None:
        """Tell every listener of the lines from the last one announced to `line`."""
        if line == self.line:
            return
        # One event per line written since the last announce (several when requests or a
        # terminal wrote at once); a file cut shorter (a repair) announces its new last line.
        changes = range(self.line + 1, line + 1) if line > self.line else [line]
        self.line = line
        for queue in list(self._listeners):
            for changed in changes:
                try:
                    queue.put_nowait(changed)
                except asyncio.QueueFull:
                    break   # a client that stopped reading: it catches up from the latest line

    async def watch(self) -> None:
        """Announce the changes other programs make to the file, until cancelled."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            line = await anyio.to_thread.run_sync(self._changed_line)
            if line is not None:
                self._announce(line)


def digest(device: str) -> str:
    """What the tokens file keeps of a device's secret: its SHA-256, so the file never
    holds a cookie that would act for a seat."""
    return hashlib.sha256(device.encode()).hexdigest()


def round_of(state: GameState) -> int | None:
    """The round the players' answers given ahead are for (None in a game without rounds)."""
    current = state.get("round")
    return current if isinstance(current, int) else None


def view(game: str, state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The state as `viewer` (a player's name, or None for anyone) may see it: exactly the
    rules' view, what `kit score show --json --as NAME` (or `--public`) prints; once the game
    is over nothing is secret, as `kit score show` prints it."""
    return rules.whole_state(game, state) if state["over"] else rules.view(game, state, viewer)


def authorise(session: sessions.Session, seat: str, action: Line) -> Line:
    """`action` as `seat` may append it (its own name filled in where the action leaves out
    the field naming who acts); Forbidden when it is not the seat's to enter.

    The rules say who may enter what (`rules.may_enter`: the seat's own decisions, the
    table's as the rules let that seat enter them, never another player's, corrections the
    host's); the server only fills in the seat's name, and keeps the undo's rule, which reads
    the session's history (`undo_refusal`). The host enters anything."""
    if action["action"] == sessions.UNDO:
        refusal = undo_refusal(session, seat)
        if refusal is not None:
            raise refusal
        return action
    field = actor_field(session.game, action["action"])
    if field is not None and field not in action:   # "a missing player is the seat's" (SCOREKEEPER.md)
        action = {**action, field: seat}
    try:
        rules.may_enter(session.game, session.state, seat, action)
    except Forbidden as refusal:
        raise in_words(refusal, session.game) from None
    return action


def in_words(refusal: Forbidden, game: str) -> Forbidden:
    """The rules' refusal with the action it names (`action`: its name, as the JSON gives it)
    said in the game's words for it (its faces' `action_labels`), where it has them."""
    name = refusal.params.get("action")
    label = faces.of(game).action_labels.get(name) if isinstance(name, str) else None
    if label is None:
        return refusal
    return Forbidden(refusal.message, public=refusal.public, **{**refusal.params, "action": Message(label)})


def undo_refusal(session: sessions.Session, seat: str) -> Forbidden | None:
    """Why `seat` may not undo now, or None when it may: a seat takes back only its own
    entry (not a correction naming it: the host's), while it is the last line of the log (nothing followed it); and not a secret
    entry once the count it is part of is shown (every ballot of the round in: the
    magistrate reads the totals, and a ballot changed then would be chosen knowing them)."""
    latest = session.latest_in_effect()
    if (latest is None or actor(session.game, latest.action) != seat or latest.line != session.lines
            or latest.action["action"] in rules.corrections(session.game)):   # a correction: the host's entry
        return Forbidden("{seat} can only undo their own latest entry; ask the host to undo this one.", seat=seat)
    if counted(session):
        return Forbidden("{seat}'s entry is final: every entry of its count is in and the totals are shown; only "
                         "the host can undo it, and the table page says so.", seat=seat)
    return None


def counted(session: sessions.Session) -> bool:
    """Whether the session's last line is a secret entry that completed its count (a round's
    last ballot: `story.completes_count`)."""
    latest = session.entries[-1] if session.entries else None
    if latest is None or latest.undone_by is not None or latest.action["action"] == sessions.UNDO:
        return False
    return completes_count(session.game, session.before, session.state, latest.action,
                           actor_field(session.game, latest.action["action"]))


def actor(game: str, action: Line) -> str | None:
    """Who performs an action (its actor field), or None (also for a malformed action: a
    refusal of it is being worded, and must not fail in turn)."""
    name = action.get("action")
    if not isinstance(name, str):
        return None
    field = actor_field(game, name)
    named = action.get(field) if field is not None else None
    return named if isinstance(named, str) else None


def own_entry(game: str, seat: str, action: object, state: GameState | None = None) -> bool:
    """Whether `action`, sent by `seat`, is that seat's own entry (its actor, or none given
    where the seat's name is filled in): a refusal of it may name the seat's secret values."""
    if not isinstance(action, dict):
        return False
    named = actor(game, action)
    if named is not None or state is None:
        return named == seat
    seen = rules.view(game, state, seat)
    return any(d["action"] == action.get("action") and d["player"] == seat for d in seen["pending"] + seen["anytime"])
