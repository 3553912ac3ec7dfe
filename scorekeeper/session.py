"""Session files: the JSON Lines log that is the truth of a game at the table.

Line 1 is the header (format, game, players, options); every later line is one action the
rule engine accepted, or `{"action": "undo"}`. The state is what replaying the log gives.
This is the only module that reads or writes session files (ARCHITECTURE.md).

Durability is the point of the design:
- an action is appended only after the engine accepted it, as ONE `os.write` of the whole
  line followed by fsync, so a crash leaves either the old file or the old file plus one
  complete line (at worst a torn tail, which loading reports and never drops silently);
- reading, validating and appending happen under an exclusive `flock`, so two terminals
  cannot both validate against the same state and interleave their lines;
- a new file is written to a temporary name and linked into place only once the setup was
  accepted, so a session file never exists half-made and an existing one is never replaced.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import json
import math
import os
import re
import time
import unicodedata
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, NotRequired, TypedDict, cast

from scorekeeper import rules as rule_modules
from scorekeeper.errors import N_, RuleViolation, ScorekeeperError
from scorekeeper.rules.flow import Action, GameState, Line, Seat


class Logged(dict[str, Any]):
    """An action as the log keeps it: parsed once (`Session.parse`), then frozen, so that no
    rule and no face can change what an entry says once it is accepted (the rules take it
    as the read-only Action it is, which `mypy --strict` checks; this holds at run time too,
    where only the session's lines pay for it: a copy of each line, and reads a dict
    subclass makes a little slower, never a simulated game's). It is written as the line
    it is (json.dumps)."""

    __slots__ = ()

    def _frozen(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(f"a logged action is frozen: {self.get('action')!r} cannot change")

    __setitem__ = __delitem__ = setdefault = pop = popitem = clear = update = __ior__ = _frozen

    def __reduce__(self) -> tuple[type[Logged], tuple[dict[str, Any]]]:
        # copied or pickled whole (a worker's record), never key by key
        return Logged, (dict(self),)


FORMAT = 1
UNDO = "undo"
UNDO_ACTION = Logged({"action": UNDO})    # the one undo line: the session's, never the rules'
UTF8_BOM = b"\xef\xbb\xbf"
# tempfile and secrets are imported where a file is written or a token drawn: `kit score show`
# and `log` start 3 ms sooner without them (issue 45: a command starts within 3x of Python's).
# A writer holds the lock for milliseconds; waiting this long before giving up lets two
# people typing at the same instant both succeed, and still answers at once when a session
# is really stuck.
LOCK_WAIT_SECONDS = 0.5
# Bounds on the JSON of a line or a typed action, so that a hostile or mistaken input is a
# sentence rather than a RecursionError or a 4,300-digit ValueError: a real action nests three
# levels and its numbers have a few digits.
MAX_JSON_DEPTH = 32
MAX_NUMBER_DIGITS = 15    # whole numbers stay exact in JSON readers that use doubles


class Header(TypedDict):
    """Line 1 of a session file."""

    format: int
    game: str
    players: list[Seat]
    options: dict[str, Any]
    # The edition the session was made in ("en"): its deck's titles and texts are that
    # edition's. Absent from older files, whose decks are French.
    lang: NotRequired[str]
    deck: NotRequired[dict[str, Any]]     # the cards the kit printed (scorekeeper.rules.deck)


class Hold(TypedDict):
    """Which device holds a seat: a digest of the device's own secret (never the secret,
    never the seat's link token), and since when (UTC, ISO 8601, to the second)."""

    device: str
    since: str


class Tokens(TypedDict):
    """The table server's links to a session (see `seat_tokens`)."""

    host: str
    seats: dict[str, str]
    room: str
    held: dict[str, Hold]       # seat name -> the device holding it (`hold_seat`)
    released: dict[str, str]    # device digest -> the seat the host took from it (`free_seat`)
    open: bool      # whether a new device may join with the room code (`open_doors`)


class SessionError(ScorekeeperError):
    """A session file that cannot be read, locked or written as asked.

    Not a RuleViolation: the rules did not refuse anything, so guided play stops instead of
    asking the player again. The CLI still reports it in one sentence, exit status 2.
    """


HEADER_CUT = N_("{path}:1: the header line is cut short, so the file holds no session to repair; create the "
                "session again with `kit score new`.")
# Named here so the catalogue holds it: a message given to super().__init__ is not extracted,
# and a French reader got it in English (the table server's 503 page, `kit score show`).
LINE_CUT = N_("{path}:{line}: the last line is cut short (probably an interrupted write); remove that line to go "
              "on, every line before it is intact.")


class TornLine(SessionError):
    """The file ends in a line cut short (an interrupted write); nothing after it is lost.

    `offset` is where that line starts in the file and `tail` its bytes, from there to the end.
    """

    def __init__(self, path: Path, line: int, offset: int, tail: bytes):
        self.path, self.line, self.offset, self.tail = Path(path), line, offset, tail
        if line == 1:   # nothing before it to keep: no repair can give a session back
            super().__init__(HEADER_CUT, path=path)
        else:
            super().__init__(LINE_CUT, path=path, line=line)

    @property
    def repairable(self) -> bool:
        return self.line > 1


class SessionLocked(SessionError):
    """Another command is writing the same session right now."""


class BadJSON(ValueError):
    """Text that is not JSON, or JSON beyond the bounds above. For a syntax error, `reason`
    and `column` are json's ("Expecting value", 3); for JSON beyond the bounds, column is
    None and the message is a clause ("it is nested more than 32 levels deep")."""

    def __init__(self, reason: str, column: int | None = None, **params: object):
        self.reason, self.column = reason, column
        self.params: dict[str, Any] = params
        super().__init__(reason.format(**params) if column is None else f"{reason} at column {column}")

    def clause(self) -> RuleViolation:
        """The bound's clause as a translatable refusal (its template marked with N_), to fill
        a sentence's {value} or {reason} in the player's language."""
        return RuleViolation(self.reason, **self.params)


class StaleSession(SessionError):
    """An action built on a state the file no longer has: another command or another guided
    play wrote since it was read. Nothing is written; the caller reads the file again."""


class NothingToUndo(RuleViolation):
    """An undo asked of a session with no action in effect."""


@dataclass
class Entry:
    """One action line of the log, with whether a later undo cancelled it."""

    line: int                    # 1-based line number in the file
    action: Logged               # as the rules took it: parsed once (scorekeeper.rules.fields), frozen
    undone_by: int | None = None  # line number of the undo that cancelled it


class NeedHistory(Exception):
    """A session read from a snapshot was asked for more of its past than the snapshot keeps
    (an undo beyond the latest action): the caller reads the whole file instead."""


class Session:
    """A loaded session: header, every entry, and the states after each action in effect.

    States are kept as a stack parallel to the actions in effect, so an undo is a pop and
    never a replay from the start. Successive states may share unchanged parts: treat them
    as read-only.
    """

    def __init__(self, path: Path, header: Header):
        self.path = Path(path)
        self.header = header
        self.rules = rule_modules.of(header["game"])
        self.entries: list[Entry] = []
        self._states: list[GameState] = [rule_modules.setup(header["game"], header["players"], header["options"],
                                                            header.get("deck"))]
        self._in_effect: list[int] = []   # indices into self.entries
        # The last line is complete but lacks its newline (a hand edit): the next append
        # must start with one so two actions never share a line.
        self.needs_newline = False
        # The state before the latest recorded line (for printing what that line changed).
        self.before: GameState = self._states[0]
        self.last_line = 1   # the line number of the file's last line read (1: the header alone)
        # Read from a snapshot (see `_from_snapshot`): `entries` holds only the latest entries
        # and `_states` only the latest states, so an undo reaching further back needs the
        # whole file (`NeedHistory`).
        self.partial = False

    @property
    def game(self) -> str:
        return self.header["game"]

    @property
    def players(self) -> list[Seat]:
        return self.header["players"]

    @property
    def options(self) -> dict[str, Any]:
        return self.header["options"]

    @property
    def deck(self) -> dict[str, Any] | None:
        """The cards the header records (None: an older file, or a game without cards)."""
        return self.header.get("deck")

    def parse(self, line: object) -> Logged:
        """`line` (a session line as read or sent, any JSON) parsed once, at this edge, into
        the frozen action that the rules take, the log keeps and the file stores: what it
        names in the rules' own spelling (a card named by its title is the card's id), each
        field of its declared kind (scorekeeper.rules.fields). RuleViolation otherwise."""
        action = normalise_action(line)
        if action["action"] != UNDO:
            return Logged(self.rules.parse(self.state, action))
        if len(action) > 1:   # a field here would be recorded and mean nothing
            raise RuleViolation('An undo takes no other field: write {{"action": "undo"}}, not {value}.',
                                value=json.dumps(action, ensure_ascii=False))
        return UNDO_ACTION

    @property
    def state(self) -> GameState:
        """The state after every action in effect."""
        return self._states[-1]

    def in_effect(self) -> list[tuple[Entry, GameState, GameState]]:
        """Each entry still in effect, oldest first, with the state it met and the state it
        left: the story the log tells (an undone entry and its undo are no part of it).
        NeedHistory for a session read from a snapshot, which keeps only its latest states."""
        if self.partial:
            raise NeedHistory
        return [(self.entries[index], self._states[k], self._states[k + 1])
                for k, index in enumerate(self._in_effect)]

    def latest_in_effect(self) -> Entry | None:
        """The entry an undo would cancel, or None."""
        return self.entries[self._in_effect[-1]] if self._in_effect else None

    def check(self, line: object) -> GameState:
        """The state `line` would lead to, without recording it; RuleViolation if refused."""
        return self._after(self.parse(line))

    def _after(self, action: Logged) -> GameState:
        """The state a parsed action leads to; RuleViolation if the rules refuse it."""
        if action["action"] == UNDO:
            if self.partial and (len(self._states) < 2 or not self._in_effect):
                raise NeedHistory
            if not self._in_effect:
                raise NothingToUndo("There is nothing to undo: no action is in effect.")
            return self._states[-2]
        return self.rules.take(self.state, action)

    def _record(self, action: Logged, line: int) -> None:
        """Apply and record one parsed action (`parse`)."""
        new_state = self._after(action)
        self.before = self.state
        self.last_line = line
        self.entries.append(Entry(line, action))
        if action["action"] == UNDO:
            cancelled = self._in_effect.pop()
            self.entries[cancelled].undone_by = line
            self._states.pop()
        else:
            self._in_effect.append(len(self.entries) - 1)
            self._states.append(new_state)

    @property
    def lines(self) -> int:
        """The line number of the file's last line (1: the header alone)."""
        return self.last_line

    def next_line(self) -> int:
        return self.lines + 1


# -- validation of what a file or a user gives --------------------------------------------

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_LONG_DIGITS = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1}}}")


def _number(text: str, kind: type[int] | type[float]) -> int | float:
    digits = sum(ch.isdigit() for ch in text)
    if digits > MAX_NUMBER_DIGITS:
        shown = text if len(text) <= 20 else text[:17] + "…"
        raise BadJSON(N_("the number {number} has {digits} digits, more than the {limit} a score can have"),
                      number=shown, digits=digits, limit=MAX_NUMBER_DIGITS)
    value = kind(text)
    if kind is float and not math.isfinite(value):
        raise BadJSON(N_("the number {number} is too large"), number=text[:20])
    return value


def _constant(name: str) -> object:
    raise BadJSON(N_("{name} is not a number a score can have"), name=name)


def parse_json(text: str) -> object:
    """json.loads within bounds: nesting at most MAX_JSON_DEPTH deep, numbers of at most
    MAX_NUMBER_DIGITS digits, no NaN or Infinity. BadJSON says what is wrong otherwise.

    Every session line goes through here, so the checks cost little on an ordinary line:
    nesting is measured only when the text has enough brackets to be too deep, and whole
    numbers are parsed by Python's own code unless the text holds a long run of digits."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH:
        depth = deepest = 0
        for bracket in _BRACKET.finditer(_STRING.sub('""', text)):   # brackets inside strings do not nest
            depth += 1 if bracket.group() in "[{" else -1
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                raise BadJSON(N_("it is nested more than {depth} levels deep"), depth=MAX_JSON_DEPTH)
    hooks: dict[str, Any] = {"parse_float": lambda t: _number(t, float), "parse_constant": _constant}
    if _LONG_DIGITS.search(text):
        hooks["parse_int"] = lambda t: _number(t, int)
    try:
        parsed = json.loads(text, **hooks)
    except json.JSONDecodeError as error:
        raise BadJSON(error.msg, error.colno) from None
    except RecursionError:   # not reached within the bound above; kept as a last guard
        raise BadJSON(N_("it is nested more than {depth} levels deep"), depth=MAX_JSON_DEPTH) from None
    if _SURROGATE.search(text):   # a \ud800 escape alone is no character: no file, page or terminal can hold it
        try:
            json.dumps(parsed, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise BadJSON(N_("it holds half of a UTF-16 pair (a \\uD800 to \\uDFFF escape alone), which is no character")) from None
    return parsed


def normalise_action(action: object) -> Line:
    """An action dict with its name first, or RuleViolation saying what is wrong with it."""
    if not isinstance(action, dict):
        raise RuleViolation('An action is a JSON object such as {{"action": "vote", ...}}, not {value}.', value=json.dumps(action, ensure_ascii=False))
    name = action.get("action")
    if not isinstance(name, str) or not name:
        raise RuleViolation("An action needs an \"action\" field naming it, such as "
                            "{\"action\": \"undo\"}.")
    return {"action": name, **{k: v for k, v in action.items() if k != "action"}}


def make_header(game: str, players: list[Seat], options: dict[str, Any] | None = None,
                deck: dict[str, Any] | None = None, lang: str | None = None) -> Header:
    """A validated header dict; RuleViolation naming the problem otherwise."""
    header: Header = {"format": FORMAT, "game": game, "players": players, "options": options or {}}
    if lang is not None:
        header["lang"] = lang
    if deck is not None:
        header["deck"] = deck
    validate_header(header)
    # Checked where a name is made, not where a file is read: a session written before the
    # limit keeps loading (every page isolates its names in <bdi> all the same).
    for number, player in enumerate(players, 1):
        check_name(player["name"], number)
    return header


MAX_NAME = 32   # a name fits a phone's heading and a line of the story
# Characters that change the direction of the text after them (the override and embedding
# marks, the isolates, the invisible marks): in a name, they turn every sentence holding it.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_name(name: str, number: int) -> None:
    """Refuse a player's name that no page, story or terminal can show as typed: longer than
    MAX_NAME characters, or holding a control character, a direction mark, or half of a
    UTF-16 pair (what a broken paste leaves). The name itself is not repeated: it is what
    cannot be shown."""
    if len(name) > MAX_NAME:
        raise RuleViolation("Player {number}'s name is {length} characters long; a name has at most {max}.",
                            number=number, length=len(name), max=MAX_NAME)
    for char in name:
        if char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            raise RuleViolation("Player {number}'s name holds an invisible control character ({code}); "
                                "type the name again without it.", number=number, code=f"U+{ord(char):04X}")


def validate_header(header: object) -> Header:
    """The header, its generic shape checked; the game's `setup` checks the rest."""
    if not isinstance(header, dict) or "format" not in header:
        raise RuleViolation("The first line must be the session header, a JSON object with "
                            "'format', 'game', 'players' and 'options'.")
    if header.get("format") != FORMAT:
        raise RuleViolation("The session format is {value} but this kit reads format {FORMAT}.", value=repr(header.get('format')), FORMAT=FORMAT)
    game = header.get("game")
    if not rule_modules.is_game(game):
        raise RuleViolation("There is no game called {game}; the games are {GAME_IDS}.", game=repr(game), GAME_IDS=', '.join(rule_modules.GAME_IDS))
    players = header.get("players")
    if not isinstance(players, list) or not players:
        raise RuleViolation("The header needs a non-empty list of players.")
    seen: set[str] = set()
    for number, player in enumerate(players, 1):
        if not isinstance(player, dict):
            raise RuleViolation('Player {number} must be an object with a name, such as {{"name": "Alice"}}.', number=number)
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("Player {number} needs a non-empty name.", number=number)
        if name in seen:
            raise RuleViolation("The name {name} is used twice; each player needs their own name.", name=name)
        seen.add(name)
        role = player.get("role")
        if role is not None and (not isinstance(role, str) or not role):
            raise RuleViolation("{name}'s role must be a non-empty word, not {role}.", name=name, role=repr(role))
        unknown = set(player) - {"name", "role"}
        if unknown:
            raise RuleViolation("Player {name} has unknown fields ({value}); a player has a name and, optionally, a role.", name=name, value=', '.join(sorted(unknown)))
    if not isinstance(header.get("options", {}), dict):
        raise RuleViolation("The header's options must be an object of NAME: VALUE pairs.")
    lang = header.get("lang", "fr")
    if not isinstance(lang, str) or not re.fullmatch(r"[a-z]{2,3}", lang):
        raise RuleViolation('The header\'s lang must be the code of a language, such as "en", not {value}.',
                            value=json.dumps(lang, ensure_ascii=False))
    header.setdefault("options", {})
    return cast(Header, header)   # every field checked above


def encode(obj: Header | Action) -> bytes:
    """One session line: compact, UTF-8 (names keep their accents), newline-terminated."""
    return (json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


# -- reading -----------------------------------------------------------------------------

def _parse(path: Path, data: bytes) -> Session:
    """Replay a whole file's bytes, reporting the first bad line as FILE:LINE: reason."""
    if not data.strip():
        raise SessionError("{path}:1: the file is empty; a session starts with its header line.", path=path)
    raw_lines = data.split(b"\n")
    # The final element is what follows the last newline: b"" for a complete file.
    tail = raw_lines.pop()
    torn_at = None
    if tail.strip():
        raw_lines.append(tail)
        torn_at = len(raw_lines)
    session: Session | None = None
    offset = 0
    for number, raw in enumerate(raw_lines, 1):
        start, offset = offset, offset + len(raw) + 1
        if number == 1 and raw.startswith(UTF8_BOM):
            raw = raw[len(UTF8_BOM):]   # some editors (Windows Notepad) save UTF-8 with this mark
        if not raw.strip():
            continue   # a blank line carries nothing (a hand edit); nothing is lost by skipping it
        try:
            obj = parse_json(raw.decode("utf-8"))
        except (UnicodeDecodeError, BadJSON) as error:
            # A torn first line is a header cut short only if it began like one; binary noise
            # without a newline is another kind of file, not something `repair` could mend.
            if number == torn_at and (session is not None or raw.lstrip().startswith(b"{")):
                raise TornLine(path, number, start, data[start:]) from None
            if session is None:   # the very first line: most likely some other file given by mistake
                raise SessionError("{path}:{number}: this is not a session file; its first line should be the JSON header but is not JSON ({value}).", path=path, number=number, value=_json_reason(error)) from None
            if isinstance(error, BadJSON) and error.column is None:
                raise SessionError("{path}:{number}: this line cannot be read ({value}).", path=path, number=number,
                                   value=error.clause()) from None
            raise SessionError("{path}:{number}: this line is not valid JSON ({value}).", path=path, number=number, value=_json_reason(error)) from None
        try:
            if session is None:
                session = Session(path, validate_header(obj))
            else:
                session._record(session.parse(obj), number)
        except RuleViolation as error:
            raise SessionError("{path}:{number}: {error}", path=path, number=number, error=error) from None
    if session is None:
        raise SessionError("{path}:1: the file is empty; a session starts with its header line.", path=path)
    session.needs_newline = torn_at is not None  # a complete last line lacking its newline
    return session


def _json_reason(error: Exception) -> str:
    return str(error) if isinstance(error, BadJSON) else "it is not UTF-8 text"


def load(path: str | os.PathLike[str], *, history: bool = True, wait: float | None = None) -> Session:
    """Read and validate a session file (under a shared lock, so never mid-append).

    history=False is for a caller that needs only the current state (`show`): the session
    may then come from the snapshot beside the file (see `_from_snapshot`), with only its
    latest entries. `wait`: how long to wait for a writer's lock before SessionLocked
    (LOCK_WAIT_SECONDS by default; 0 for a reader with an answer of its own to fall back on).
    """
    path = Path(path)
    with _locked(path, exclusive=False, wait=wait) as fd:
        data = _read_all(fd)
        return (None if history else _from_snapshot(path, data)) or _parse(path, data)


# -- the snapshot beside a session -------------------------------------------------------
#
# Replaying a 10,000-line session costs a third of a second, on every command. After each
# append the state is kept beside the file, in `.NAME.snapshot`, with the size and the CRC-32
# of the bytes it was computed from; the next command checks them against the file's own
# bytes (the file stays the only truth: a hand edit, a repair or another version of the
# file makes the snapshot stale and it is ignored), replays only the lines written after
# it, and appends. The snapshot keeps the state before the latest action too, so one undo
# needs no replay; an undo reaching further back reads the whole file. Writing the
# snapshot may fail (a read-only folder): it is a cache, and then everything is replayed.
# A cache, never a seal (whoever can edit the file can write its snapshot): a CRC-32 tells
# an edit from the bytes it was made of as surely as any digest would here, and zlib is
# imported in a third of a millisecond where hashlib's OpenSSL took 2 (of every command
# that reads a session: issue 45, `kit score show` starting within 3x of Python).

SNAPSHOT_FORMAT = 3


@functools.cache
def engine_stamp() -> str:
    """A digest of the rule engine's own source: a snapshot keeps a state in the shape the
    engine that wrote it gave, so one written by another version of the rules (an upgrade
    that adds a field to the state) is stale and ignored, never read as today's state."""
    digest, size = 0, 0
    folder = Path(rule_modules.__file__).parent
    for source in sorted(folder.rglob("*.py")):
        named = source.relative_to(folder).as_posix().encode() + b"\0" + source.read_bytes()
        digest, size = zlib.crc32(named, digest), size + len(named)
    return f"{size}:{digest:08x}"


def stamp(path: str | os.PathLike[str]) -> tuple[int, int, int]:
    """What changes whenever the file is written or replaced (inode, size, modification
    time): guided play and the table server compare it to know a session changed under them
    without reading it again."""
    status = os.stat(path)
    return status.st_ino, status.st_size, status.st_mtime_ns


def snapshot_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.snapshot")


def _save_snapshot(session: Session, data: bytes) -> None:
    """Keep the state of `session`, read from exactly `data` (the whole file), beside it."""
    import tempfile

    if session.needs_newline or not data.endswith(b"\n"):
        return
    latest = session.latest_in_effect()
    snapshot = {
        "format": SNAPSHOT_FORMAT, "engine": engine_stamp(), "size": len(data), "crc32": zlib.crc32(data),
        "last_line": session.last_line, "newlines": data.count(b"\n"),
        "state": session.state, "previous": session._states[-2] if len(session._states) > 1 else None,
        "latest": [latest.line, latest.action] if latest else None,
        "in_effect": len(session._in_effect), "partial": session.partial,
    }
    target = snapshot_path(session.path)
    try:
        fd, temp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(snapshot, handle, ensure_ascii=False, separators=(",", ":"))
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(temp)


def _from_snapshot(path: Path, data: bytes) -> Session | None:
    """The session of `data` from its snapshot and the lines after it; None when there is no
    snapshot or it does not match the file (then the caller replays the whole file)."""
    try:
        with open(snapshot_path(path), "rb") as handle:
            snapshot = json.loads(handle.read())
        size = snapshot["size"]
        if (snapshot.get("format") != SNAPSHOT_FORMAT or snapshot.get("engine") != engine_stamp()
                or not isinstance(size, int) or size > len(data)
                or zlib.crc32(data[:size]) != snapshot["crc32"]):
            return None
        first = data.split(b"\n", 1)[0].removeprefix(UTF8_BOM)
        header = json.loads(first.decode("utf-8"))
        session = Session(path, header)
        session.partial = True
        states = [snapshot["state"]] if snapshot["previous"] is None else [snapshot["previous"], snapshot["state"]]
        session._states = states
        session.before = states[0]
        session.last_line = snapshot["last_line"]
        if snapshot["latest"] is not None and len(states) == 2:
            line, action = snapshot["latest"]
            session.entries = [Entry(line, Logged(action))]     # accepted by this very engine (its stamp)
            session._in_effect = [0]
        tail = data[size:]
        if not tail:
            return session
        if not tail.endswith(b"\n"):
            return None   # a torn or unterminated last line: the full reading reports it
        for number, raw in enumerate(tail.split(b"\n")[:-1], snapshot["newlines"] + 1):
            if raw.strip():
                session._record(session.parse(parse_json(raw.decode("utf-8"))), number)
        return session
    except (OSError, ValueError, KeyError, TypeError, RuleViolation, NeedHistory):
        return None   # no snapshot, or one this reading cannot use: replay the file


def _read_all(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


@contextmanager
def _locked(path: Path, exclusive: bool, wait: float | None = None) -> Iterator[int]:
    """An open descriptor of `path` holding a flock; SessionLocked if another holds it for
    longer than `wait` seconds (LOCK_WAIT_SECONDS by default)."""
    try:
        fd = os.open(path, (os.O_RDWR | os.O_APPEND) if exclusive else os.O_RDONLY)
    except FileNotFoundError:
        raise SessionError("There is no session file {path}; create one with `kit score new`.", path=path) from None
    except IsADirectoryError:
        raise SessionError("{path} is a folder, not a session file.", path=path) from None
    except PermissionError:
        if exclusive:
            raise SessionError("{path} cannot be written: permission denied.", path=path) from None
        raise SessionError("{path} cannot be read: permission denied.", path=path) from None
    try:
        deadline = time.monotonic() + (LOCK_WAIT_SECONDS if wait is None else wait)
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EACCES) or time.monotonic() > deadline:
                    raise SessionLocked("{path} is being written by another scorekeeper command right now; try again once it has finished.", path=path) from None
                time.sleep(0.02)
        yield fd
    finally:
        os.close(fd)   # closing releases the lock


# -- writing -----------------------------------------------------------------------------

def create(path: str | os.PathLike[str], game: str, players: list[Seat], options: dict[str, Any] | None = None,
           deck: dict[str, Any] | None = None, lang: str | None = None) -> Session:
    """Create a new session file; refuses an existing file and a setup the rules refuse
    (the deck included: scorekeeper.rules.deck). `lang`: the edition the deck was read in,
    recorded in the header (left out: a French session, as older files are)."""
    path = Path(path)
    header = make_header(game, players, options, deck, lang)
    if path.exists():
        raise SessionError("{path} already exists; choose another name (a session is never overwritten).", path=path)
    session = Session(path, header)          # runs the game's setup: refusals stop here
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SessionError("The folder {folder} does not exist.", folder=folder)
    try:
        _write_new(path, folder, encode(header))
    except SessionError:
        raise
    except OSError as error:
        raise SessionError("{path} cannot be created ({value}).", path=path, value=error.strerror or error) from None
    return session


def _write_new(path: Path, folder: Path, data: bytes) -> None:
    """Write `data` to a temporary file, fsync it, then link it into place."""
    import tempfile

    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes the file private (0600), and a session stays so: it holds every
        # player's secrets (tribes, ballots), which other users of the machine must not read.
        if os.write(fd, data) != len(data):
            raise OSError(errno.ENOSPC, "short write")
        os.fsync(fd)
        os.close(fd)
        fd = -1
        try:
            os.link(temp, path)   # atomic and never replaces an existing file
        except FileExistsError:
            raise SessionError("{path} already exists; choose another name (a session is never overwritten).", path=path) from None
        except OSError:
            # A filesystem without hard links: fall back to rename after the check above.
            if path.exists():
                raise SessionError("{path} already exists; choose another name.", path=path) from None
            os.rename(temp, path)
        _fsync_folder(folder)
    finally:
        if fd >= 0:
            os.close(fd)
        if os.path.exists(temp):
            os.unlink(temp)


def append(path: str | os.PathLike[str], action: Line | Callable[[Session], Line], *,
           based_on: int | None = None) -> Session:
    """Validate `action` against the file as it stands and append it; the new session.

    `action` may be a function of the session as it stands (for an action that depends on
    the game), called once the file is read, so the file is read once. Nothing is written
    when the rules (or that function) refuse: the file stays byte-for-byte the same.

    `based_on` is the `lines` of the session the action was built from (guided play asks
    its questions from a state read earlier): when the file has any other number of lines
    now, StaleSession, and nothing is written, since the answers may no longer fit the game
    (a vote typed for round 3 must not be saved as round 4's).
    """
    path = Path(path)
    if not callable(action):
        action = normalise_action(action)
    with _locked(path, exclusive=True) as fd:
        data = _read_all(fd)
        session = _from_snapshot(path, data) or _parse(path, data)
        if based_on is not None and session.lines != based_on:
            raise StaleSession("{path} changed while this entry was being typed (it has {lines} lines, not "
                               "{expected}); nothing was saved.", path=path, lines=session.lines, expected=based_on)
        parsed = session.parse(action(session) if callable(action) else action)
        line = session.next_line()
        try:
            session._record(parsed, line)
        except NeedHistory:   # an undo reaching past what the snapshot keeps: read it all
            session = _parse(path, data)
            session._record(parsed, line)
        payload = encode(parsed)
        if session.needs_newline:
            payload = b"\n" + payload
        _write_once(fd, path, payload, len(data))
        session.needs_newline = False
        _save_snapshot(session, data + payload)
    return session


def undo(path: str | os.PathLike[str]) -> Session:
    """Append an undo: the latest action still in effect stops counting."""
    return append(path, {"action": UNDO})


def _write_once(fd: int, path: Path, payload: bytes, size_before: int) -> None:
    """One write of the whole line, then fsync; a short write is rolled back."""
    try:
        written = os.write(fd, payload)
        if written != len(payload):
            raise OSError(errno.ENOSPC, "short write")
        os.fsync(fd)
    except OSError as error:
        try:
            os.ftruncate(fd, size_before)
            os.fsync(fd)
        except OSError:
            pass
        raise SessionError("{path} could not be written ({value}); the action was not saved.", path=path, value=error.strerror or error) from None


# -- seat tokens (the table server's links) ----------------------------------------------

TOKENS_SUFFIX = ".tokens"
TOKEN_BYTES = 24   # 192 random bits, URL-safe: well over the 128 the contract asks
ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
ROOM_LENGTH = 6


def tokens_path(path: str | os.PathLike[str]) -> Path:
    """Where a session's seat tokens live: beside it, `FILE.tokens`."""
    path = Path(path)
    return path.with_name(path.name + TOKENS_SUFFIX)


def seat_tokens(path: str | os.PathLike[str]) -> Tokens:
    """The table server's tokens for a session: `{"host": T, "seats": {name: T, ...},
    "room": CODE, "held": {name: {"device": D, "since": WHEN}}, "released": {D: name},
    "open": bool}`.

    They live in a file of their own beside the session, readable by its owner only, so the
    log (what `show` and `log` read, what people copy around) never holds them and a
    restarted server finds the same links and the same seats held. Made at the first call,
    under the session's lock; a player without a token (none yet) gets one, nothing else is
    ever replaced but by `free_seat`. `room` is the one code the table shows for joining;
    `held` the seats a device took (by link or by code: `hold_seat`); `released` the devices
    the host took a seat from, so their page can say so; `open` whether a device may still
    join with the room code (`open_doors`).
    """
    return _tokens(path)


HOLD_TAKEN, HOLD_CLOSED = "taken", "closed"


def hold_seat(path: str | os.PathLike[str], name: str, device: str, *,
              by_code: bool) -> tuple[str | None, Tokens]:
    """Hold `name`'s seat for `device` (a digest of the device's secret): None when it now
    holds it (or held it already), HOLD_TAKEN when another device does (until the host
    frees it), HOLD_CLOSED when it came by the room code and the host closed the doors;
    and the tokens."""
    refused: list[str | None] = [None]

    def hold(tokens: Tokens) -> None:
        import secrets

        if name not in tokens["seats"]:
            return
        held = tokens["held"].get(name)
        if held is not None:
            if not secrets.compare_digest(held["device"].encode(), device.encode()):
                refused[0] = HOLD_TAKEN
            return
        if by_code and not tokens["open"]:
            refused[0] = HOLD_CLOSED
            return
        tokens["held"][name] = {"device": device, "since": _now()}
        if tokens["released"].get(device) == name:   # given back to the device it was taken from
            del tokens["released"][device]
    tokens = _tokens(path, hold)
    return refused[0], tokens


def free_seat(path: str | os.PathLike[str], name: str) -> Tokens:
    """Free `name`'s seat (the host's decision): the device that held it loses it at once
    (and is told so: `released`), its link gets a new token so the old one opens nothing,
    and the room gets a new code, so whoever read the old one (a guest gone, a passer-by)
    cannot take it. The next device that asks takes the seat. The tokens."""
    def free(tokens: Tokens) -> None:
        import secrets

        if name in tokens["seats"]:
            tokens["seats"][name] = secrets.token_urlsafe(TOKEN_BYTES)
            held = tokens["held"].pop(name, None)
            if held is not None:   # told to that device only: one line per seat, the latest
                tokens["released"] = {d: n for d, n in tokens["released"].items() if n != name}
                tokens["released"][held["device"]] = name
            tokens["room"] = _room_code()
    return _tokens(path, free)


def new_room_code(path: str | os.PathLike[str]) -> Tokens:
    """A new room code (the host's: the old one was read by someone who should not join).
    The seats held stay held. The tokens."""
    def renew(tokens: Tokens) -> None:
        tokens["room"] = _room_code()
    return _tokens(path, renew)


def open_doors(path: str | os.PathLike[str], open_: bool) -> Tokens:
    """Let new devices join with the room code (True), or no more (False: the host says
    everyone is here). The seats held stay held. The tokens."""
    def doors(tokens: Tokens) -> None:
        tokens["open"] = open_
    return _tokens(path, doors)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _room_code() -> str:
    import secrets

    # Read off a screen and typed on a phone: letters only, no I, L, O (not read as 1 or 0),
    # and no digit a page's number could be mistaken for; 23 ** 6, about 150 million.
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


def _player_names(path: Path) -> list[str]:
    """The players of the session at `path`, from its header: written once, when the file
    was made whole (`create`), so read without the session's lock, which a terminal's
    command may hold while a phone takes its seat."""
    try:
        with path.open("rb") as handle:
            header = handle.readline()
    except FileNotFoundError:
        raise SessionError("There is no session file {path}; create one with `kit score new`.", path=path) from None
    except OSError as error:
        raise SessionError("{path} cannot be read ({reason}).", path=path, reason=error.strerror or str(error)) from None
    return [p["name"] for p in _parse(path, header).players]


@contextmanager
def _tokens_locked(store: Path) -> Iterator[int]:
    """An open descriptor of the tokens file `store` (made empty, 0600, if missing) holding
    its own flock: the seats change under it, not under the session's lock. The file is
    replaced whole when written (`_write_private`), so a waiter that got the lock on the
    file just replaced opens the new one and locks again."""
    while True:
        try:
            fd = os.open(store, os.O_RDONLY | os.O_CREAT, PRIVATE_MODE)
        except OSError as error:
            raise SessionError("{path} cannot be read ({reason}); remove it to make new links.",
                               path=store, reason=error.strerror or str(error)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                current = os.stat(store)
            except FileNotFoundError:
                current = None
            if current is not None and (current.st_ino, current.st_dev) == (os.fstat(fd).st_ino, os.fstat(fd).st_dev):
                yield fd
                return
        finally:
            os.close(fd)   # closing releases the lock


def _holds(value: object) -> dict[str, Hold]:
    """The `held` of a tokens file, each entry checked (a hand-edited one is dropped)."""
    if not isinstance(value, dict):
        return {}
    return {name: {"device": hold["device"], "since": hold["since"]} for name, hold in value.items()
            if isinstance(hold, dict) and isinstance(hold.get("device"), str) and isinstance(hold.get("since"), str)}


def _tokens(path: str | os.PathLike[str], change: Callable[[Tokens], None] | None = None) -> Tokens:
    """The tokens file completed (and changed by `change`), written back when different.
    A file written before devices held seats (its `bound` list) holds none: each phone
    opens its link or joins again."""
    path = Path(path)
    names = _player_names(path)
    store = tokens_path(path)
    with _tokens_locked(store) as fd:
        tokens = _read_tokens(fd, store)
        complete = _completed_tokens(tokens, names)
        if change is not None:
            change(complete)
        if complete != tokens:
            _write_private(store, (json.dumps(complete, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return complete

def _read_tokens(fd: int, store: Path) -> dict[str, Any]:
    """The tokens file as written (empty: none yet), refused when it cannot be read or is not
    a tokens file: a host, seats, a room, the held and released seats, whether it is open."""
    try:
        text = _read_all(fd).decode("utf-8")
        tokens = json.loads(text) if text else {}
    except (OSError, ValueError) as error:
        raise SessionError("{path} cannot be read ({reason}); remove it to make new links.",
                           path=store, reason=getattr(error, "strerror", None) or str(error)) from None
    if not (isinstance(tokens, dict) and isinstance(tokens.get("host", ""), str)
            and isinstance(tokens.get("seats", {}), dict) and isinstance(tokens.get("room", ""), str)
            and isinstance(tokens.get("held", {}), dict) and isinstance(tokens.get("released", {}), dict)
            and isinstance(tokens.get("open", True), bool)):
        raise SessionError("{path} is not a tokens file; remove it to make new links.", path=store)
    return tokens


def _completed_tokens(tokens: dict[str, Any], names: list[str]) -> Tokens:
    """The tokens completed: a new token for the host and for each seat without one, a room
    code, and the held and released seats kept only for the session's players."""
    import secrets

    seats = tokens.get("seats", {})
    released = tokens.get("released", {})
    return {"host": tokens.get("host") or secrets.token_urlsafe(TOKEN_BYTES),
            "seats": {name: seats.get(name) or secrets.token_urlsafe(TOKEN_BYTES) for name in names},
            "room": tokens.get("room") or _room_code(),
            "held": {name: hold for name, hold in _holds(tokens.get("held")).items() if name in names},
            "released": {device: name for device, name in released.items()
                         if isinstance(name, str) and name in names},
            "open": tokens.get("open", True)}


# -- the players' answers given ahead (the table server's) ---------------------------------

ANSWERS_SUFFIX = ".answers"


def answers_path(path: str | os.PathLike[str]) -> Path:
    """Where the table server keeps the players' answers given ahead: `FILE.answers`."""
    path = Path(path)
    return path.with_name(path.name + ANSWERS_SUFFIX)


def saved_answers(path: str | os.PathLike[str]) -> list[Any]:
    """The answers the players gave ahead of an entry (the table server's, e.g. Hoc Censeo's
    bonus and calamity before the resolve), as `save_answers` left them; [] when none. They
    are not the log: an answer is a player's wish, the entry that uses it is the fact."""
    store = answers_path(path)
    try:
        saved = json.loads(store.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        raise SessionError("{path} cannot be read ({reason}); remove it (the players answer again).",
                           path=store, reason=getattr(error, "strerror", None) or str(error)) from None
    if not isinstance(saved, list):
        raise SessionError("{path} is not an answers file; remove it (the players answer again).", path=store)
    return saved


def save_answers(path: str | os.PathLike[str], answers: list[Any]) -> None:
    """Keep the players' answers beside the session, readable by its owner only (they are
    secret: a calamity's choice says what a player holds)."""
    _write_private(answers_path(path), (json.dumps(answers, ensure_ascii=False) + "\n").encode("utf-8"))


PRIVATE_MODE = 0o600


def private_files(path: str | os.PathLike[str]) -> list[Path]:
    """The files a session keeps its secrets in: itself, its snapshot, its seat tokens, the
    players' answers given ahead."""
    path = Path(path)
    return [path, snapshot_path(path), tokens_path(path), answers_path(path)]


def make_private(path: str | os.PathLike[str]) -> list[Path]:
    """Make each of the session's private files that others may read or write its owner's
    only (0600); the files changed, for the caller to say so (a file copied in, or made by
    an older version, keeps its mode)."""
    fixed = []
    for private in private_files(path):
        try:
            mode = private.stat().st_mode
        except FileNotFoundError:
            continue
        except OSError as error:
            raise SessionError("{path} cannot be read ({reason}).", path=private, reason=error.strerror or str(error)) from None
        if mode & 0o077:
            try:
                os.chmod(private, PRIVATE_MODE)
            except OSError as error:
                raise SessionError("{path} can be read by other users and cannot be made private ({reason}).",
                                   path=private, reason=error.strerror or str(error)) from None
            fixed.append(private)
    return fixed


def _write_private(path: Path, data: bytes) -> None:
    """Replace `path` with `data` atomically, readable by the owner only (0600)."""
    import tempfile

    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if os.write(fd, data) != len(data):
            raise OSError(errno.ENOSPC, "short write")
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temp, path)
        _fsync_folder(path.parent)
    except OSError as error:
        raise SessionError("{path} cannot be written ({reason}).", path=path, reason=error.strerror or str(error)) from None
    finally:
        if fd >= 0:
            os.close(fd)
        if os.path.exists(temp):
            os.unlink(temp)


def _fsync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def torn_tail(path: str | os.PathLike[str]) -> TornLine | None:
    """The torn last line of a file, if it has one (for a repair to show what it cuts); None
    for a sound file. Any other problem raises as `load` reports it."""
    try:
        load(path)
    except TornLine as torn:
        return torn
    return None


def repair(path: str | os.PathLike[str]) -> tuple[int, bytes]:
    """Cut a torn last line off; (its line number, the bytes removed). Nothing else changes.

    Refuses when the file has no torn tail or when the lines before it are not valid, so a
    repair never hides a different problem.
    """
    path = Path(path)
    with _locked(path, exclusive=True) as fd:
        data = _read_all(fd)
        try:
            _parse(path, data)
        except TornLine as torn:
            # Every line before the torn one was replayed already (only the last line can be
            # torn); a torn header leaves nothing to keep, and says so as `load` does.
            if not torn.repairable:
                raise SessionError(HEADER_CUT, path=path) from None
            os.ftruncate(fd, torn.offset)
            os.fsync(fd)
            return torn.line, torn.tail
        raise SessionError("{path} has no cut-short last line; there is nothing to repair.", path=path)
