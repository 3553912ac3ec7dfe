"""What every game's score commands share: opening sessions, appending, printing, asking.

A game's module kit/games/<game>/table.py builds an action dict from options a person can type
and hands it to `submit`, which goes through exactly the same path as `kit score act`
(scorekeeper.session.append: lock, validate, one write, fsync). Guided play
(`play_pending`) walks what the rules wait for with the `ask*` helpers, which re-ask until
an entry is accepted (a refusal naming a field asks only that field's question again: each
question says which field it gives, `field=`), and `guided` so Ctrl-C or a closed terminal stops cleanly with
everything accepted already saved. What an accepted entry did is the rules' outcome events.

The contract for kit/games/<game>/table.py (`render` and `describe` required):
- friendly commands as plain `@click.command(...)` functions, named in the game's
  TABLE_COMMANDS (kit/games/<game>/__init__.py); each builds an action and calls
  `submit(path, action)`;
- `render(state: GameState) -> str`: a readable table with standings for `show`, in the active
  language (kit.i18n), from a state whose secrets rules.public_view may have removed;
- `describe(action: dict, reveal: bool | str, before: GameState | None) -> str`: one line of the
  log in the active language, without a secret amount unless reveal (True: everyone's;
  a name: that player's own); `before` is the state the action met, when known.

The rest, optional, is declared once in the game's faces (kit/faces.py `Faces`, its
faces.py's FACES), typed and with its default there: `describe_turn`, `prepare_options`,
`prepare_players`, `deal`, `deck_empty_action`, the words of what its rules wait for
(`action_labels`, `field_labels`, `value_labels`, `defaults`: what Enter answers, `field_kinds`:
"several" | "all" | "order" | "numbers", where a choice alone cannot say that a field takes
several of its values, names in order, or numbers from the table) and `ask(decision, state,
anytime) -> dict | None` for
what plain questions cannot ask; this module reads them there, never off table.py.
"""
from __future__ import annotations

import contextlib
import functools
import io
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, cast, overload

import click

from kit import faces, games, i18n
from kit.errors import KitError
from kit.faces import View
from kit.i18n import N_, _, ngettext
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import Message, RuleViolation
from scorekeeper.rules import hands as in_hand
from scorekeeper.rules.flow import Decision, GameState, Line, Seat

if TYPE_CHECKING:
    from kit import plan

T = TypeVar("T")

def examples(*commands: str) -> str:
    """A command's --help epilog: command lines shown as typed (\b keeps click from rewrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  kit score {command}" for command in commands)


# The arguments every game's friendly commands take, spelled once so they read the same.
FILE = click.argument("file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
PLAYER = click.argument("player", metavar="PLAYER")


# -- sessions ------------------------------------------------------------------------------

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
    guide = _guide if _guide is not None and Path(path) == _guide.path else None
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


if TYPE_CHECKING:
    _Number = click.ParamType[int]
    _Word = click.ParamType[str]
else:  # click's parameter types are generic from click 8.4 on; the project accepts 8.1
    _Number = _Word = click.ParamType


class Number(_Number):
    """A click option's whole number, read like a typed one (`whole_number`): a number out of
    range is one sentence, never Python's "Exceeds the limit" nor the digits echoed back."""

    name = "number"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return _("N")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return whole_number(str(value))
        except KitError as error:
            self.fail(str(error), param, ctx)


NUMBER = Number()


class Word(_Word):
    """A click option value among `choices`, typed in either language (case, accents ignored):
    `--colour Bleu`, `--colour blue`, `--tiebreak contre`; --help lists them in the reader's."""

    name = "word"

    def __init__(self, choices: tuple[str, ...] | list[str]):
        self.choices = tuple(choices)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(map(label, self.choices)) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        found = match_word(str(value), self.choices)
        if found is None:
            self.fail(_("{value} is not one of {choices}.").format(
                value=value, choices=", ".join(map(label, self.choices))), param, ctx)
        return found


class Spelled(click.Option):
    """An option named after one of the game's words, taken in either language's spelling
    (--pour or --for, --pression or --pressure); --help and its refusals name the reader's
    alone (`spelled`)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        every, self.opts = self.opts, [spelled(str(self.name))]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = every

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return f"'{spelled(str(self.name))}'"


def spelled(word: str) -> str:
    """The option named after the game's `word` as the reader's language spells it (--for)."""
    return "--" + label(word)


def game_module(game: str) -> ModuleType:
    """kit/games/<game>/table.py: the game's friendly commands, `render` and `play`."""
    return games.table_module(game)


# -- parsing what people type -------------------------------------------------------------

def parse_value(text: str) -> object:
    """A typed option value: JSON when it parses (true, 3, [1, 2]), the plain text otherwise;
    JSON beyond the session's bounds (a number of 5,000 digits) is refused."""
    try:
        return sessions.parse_json(text)
    except sessions.BadJSON as error:
        if error.column is not None:
            return text   # not JSON at all: a plain word
        raise KitError(_("The value {value} cannot be used: {reason}.").format(
            value=text if len(text) <= 40 else text[:39] + "…", reason=i18n.refusal(error.clause()))) from None


def read_option_file(name: str) -> object:
    """An option value read from a YAML (or JSON) file: `--option objectives=@FILE`, read
    like a layout file, within the same bounds (size, nesting, aliases, numbers)."""
    from kit.errors import LayoutError
    from kit.schema import read_yaml

    try:
        return read_yaml(name)
    except LayoutError as error:
        raise KitError(_("The option file {problem}.").format(problem=error)) from None


def parse_json_action(text: str) -> Line:
    try:
        action = sessions.parse_json(text)
    except sessions.BadJSON as error:
        if error.column is None:   # JSON, but beyond what a score can hold
            raise KitError(_("The action cannot be read: {reason}.").format(reason=i18n.refusal(error.clause()))) from None
        raise KitError(_("The action is not valid JSON ({reason} at column {column}); write it like "
                         "'{{\"action\": \"undo\"}}'.").format(reason=error.reason, column=error.column)) from None
    if not isinstance(action, dict):
        raise KitError(_("The action must be a JSON object such as '{\"action\": \"undo\"}'."))
    return action


def _shorten(text: str, limit: int = 20) -> str:
    """What was typed, cut short when it is long (a 5,000-digit number is not repeated whole)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def split_pair(text: str, option: str, example: str, form: str = N_("NAME=VALUE")) -> tuple[str, str]:
    """NAME=VALUE -> (NAME, VALUE); KitError naming the option otherwise (`form`, a msgid, is
    said in the reader's language, like the metavars of --help)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise KitError(_("{option} expects {form}, such as {example}, not {text}.").format(
            option=option, form=_(form), example=example, text=repr(_shorten(text))))
    return name.strip(), value.strip()


def parse_pairs(values: tuple[str, ...] | list[str], option: str, *, example: str = "Alice=20",
                convert: Callable[[str], object] = parse_value) -> dict[str, Any]:
    """Repeated NAME=VALUE options (or comma-separated ones) as a dict; a name at most once."""
    result: dict[str, Any] = {}
    for value in values:
        for item in (part for part in value.split(",") if part.strip()):
            name, raw = split_pair(item, option, example)
            if name in result:
                raise KitError(_("{option} names {name} twice; give each name once.").format(option=option, name=name))
            try:
                result[name] = convert(raw)
            except KitError as error:   # say whose value it was: several may be on one line
                raise KitError(f"{option} {name}={_shorten(raw)}: {error}") from None
    return result


def parse_players(values: tuple[str, ...] | list[str]) -> list[Seat]:
    """--player NAME[:ROLE] options as the header's player list."""
    players = []
    for value in values:
        name, _, role = value.partition(":")
        player: Seat = {"name": name.strip()}
        if role.strip():
            player["role"] = role.strip()
        players.append(player)
    return players


def parse_names(text: str | None) -> list[str] | None:
    """A comma-separated list of names (--order A,B), or None."""
    if text is None:
        return None
    return [name.strip() for name in text.split(",") if name.strip()]


# -- showing -------------------------------------------------------------------------------

def text_table(headers: list[str], rows: list[list[object]]) -> str:
    """A plain text table with aligned columns (numbers right-aligned)."""
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [all(_is_number(row[i]) for row in rows) and rows for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        parts = [cell.rjust(w) if numeric[i] and n else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# -- guided play ---------------------------------------------------------------------------
#
# Guided play asks its questions from the session as it read it. Another command (an undo in
# a second terminal, a second `play`) may write meanwhile: before every prompt the file is
# checked, and every write is refused at the session level unless the file still has the
# line count the answers were built on (scorekeeper.session.StaleSession). Either way play
# reloads, says so, and starts the current step again from the file as it now stands.

class Restart(Exception):
    """Start the current step again from the session as it now stands (it changed, or the
    player said `back` or undid an entry)."""


class Quit(Exception):
    """The table said `quit`: stop, everything accepted being saved."""


# Words every prompt takes, in both languages (compared without case or accents).
UNDO_WORDS = ("annuler", "undo")
BACK_WORDS = ("retour", "back")
HELP_WORDS = ("aide", "help", "?")
QUIT_WORDS = ("quitter", "quit")


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


def play_memo() -> dict[str, Any]:
    """What guided play keeps from one question to the next for as long as it lasts (a
    question a table declined, not to ask again while nothing changed): empty for each new
    play, and a fresh one outside guided play, where nothing is remembered. While
    `writes_unasked` runs a step ahead, a copy: the step reads what play said (whether it
    would ask a question again), and leaves nothing said."""
    if _guide is None:
        return {}
    return dict(_guide.memo) if _looking_ahead else _guide.memo


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
        if text is None or (_guide is not None and _keyword(text, help)):
            continue
        try:
            answer = convert(text)
        except (RuleViolation, KitError) as error:
            _taken_elsewhere(prompt, text, hide)
            click.echo("  " + i18n.refusal(error, reveal=not hide), err=True)
            continue
        if _guide is not None:
            _guide.answered(prompt, field, answer)
        return answer


def _given_before(prompt: str, field: str | None) -> tuple[bool, object]:
    """(True, its answer) where a step asked again after a refusal gives this question its
    answer back (Guide.kept_answer), raising again what took the step elsewhere there;
    (False, None): ask it."""
    if _guide is None:
        return False, None
    given, value = _guide.kept_answer(prompt, field)
    if given and isinstance(value, AnsweredElsewhere):   # it took the step elsewhere, as it does again
        raise value
    return given, value


def _read(prompt: str, *, default: str | None, hide: bool) -> str | None:
    """One line typed at `prompt`, once the session is checked unchanged; None where Enter
    alone answered a question that needs an answer (said so)."""
    if _guide is not None:
        _guide.check()
    shows_default = bool(default) and not hide
    # a question mark ends the question already: "How many PI? ", not "How many PI?: "
    suffix = " " if prompt.rstrip().endswith("?") and not shows_default else _(": ")
    # Enter alone: click would ask again without a word when there is no default
    text: str = click.prompt(prompt, default="" if default is None else default, hide_input=hide,
                             prompt_suffix=suffix, show_default=shows_default)
    if default is None and not text.strip():
        needed = _("This question needs an answer (aide/help says what it takes).") if _guide is not None \
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
    if _guide is not None:
        _guide.answered(prompt, None, AnsweredElsewhere(elsewhere))
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
    guide = _guide
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
    _looking_ahead = True
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            next_entry(declared, decisions, state, rules.anytime(game, state))
    except (_WouldAsk, KitError, RuleViolation):
        return False
    finally:
        _looking_ahead = False
    return True


MAX_NUMBER = 999_999   # far above any amount of the four games; a longer number is a slip


def whole_number(text: str) -> int:
    """An integer a person typed (spaces around allowed); KitError otherwise, without
    repeating what was typed (it may be a secret vote)."""
    text = text.strip()
    digits = text.lstrip("+-")
    if not digits.isascii() or not digits.isdigit():
        raise KitError(_("That is not a whole number."))
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise KitError(_("That number is too large: the games never count beyond {max}.").format(max=MAX_NUMBER))
    return int(text)


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


# What people may answer yes and no with, in either language (the first word of each language
# is the one shown); compared without case or accents. Each game's own words are its faces'
# `answers` (kit/games/<game>/faces.py).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "yes": {"fr": ("oui", "o"), "en": ("yes", "y")},
    "no": {"fr": ("non", "n"), "en": ("no",)},
}
_answers: tuple[tuple[str, ...], dict[str, dict[str, tuple[str, ...]]]] = ((), {})


def answers() -> dict[str, dict[str, tuple[str, ...]]]:
    """Every word people may answer: yes and no, then each game's own (kit/faces.py), the
    words of a value two games share joined (the first game's shown)."""
    global _answers
    ids = tuple(rules.GAME_IDS)
    if _answers[0] != ids:
        from kit import faces

        merged = {value: dict(words) for value, words in ANSWERS.items()}
        for game in ids:
            for value, words in faces.of(game).answers.items():
                known = merged.setdefault(value, {})
                for lang, said in words.items():
                    known[lang] = tuple(dict.fromkeys((*known.get(lang, ()), *said)))
        _answers = (ids, merged)
    return _answers[1]


def label(choice: str, game: str | None = None) -> str:
    """How `choice` is shown in the active language (a player's name as it is). `game`: the
    game whose words to read, with yes and no (its faces alone are imported: `kit score show`
    renders one game and needs no other's faces), else every game's (`answers`)."""
    words = (ANSWERS.get(choice) or faces.of(game).answers.get(choice)) if game is not None \
        else answers().get(choice)
    return words[i18n.active().lang][0] if words else choice


def match_word(text: str, choices: list[str] | tuple[str, ...],
               also: Mapping[str, Iterable[str]] | None = None) -> str | None:
    """The choice `text` names in either language (case, accents ignored; a unique prefix is
    enough), or by the other words `also` gives it (the game's words for a value); None when
    it names none or several."""
    typed = i18n.folded(text)
    if not typed:
        return None
    aliases = {choice: {i18n.folded(choice)} | {i18n.folded(w) for words in answers().get(choice, {}).values()
                                                 for w in words} | {i18n.folded(w) for w in (also or {}).get(choice, ())}
               for choice in choices}
    exact = [c for c, names in aliases.items() if typed in names]
    if len(exact) == 1:
        return exact[0]
    prefixed = [c for c, names in aliases.items() if any(n.startswith(typed) for n in names)]
    return prefixed[0] if len(prefixed) == 1 else None


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


def match_name(text: str, names: list[str] | tuple[str, ...], *, what: str | None = None,
               players: Iterable[str] = (), reason: Callable[[str], object] | None = None) -> str:
    """A player's name as people type it: exact, or the one name equal to it without case or
    accents; otherwise a KitError suggesting the closest ("Did you mean Chloé?"). `players`
    is everyone at the table when `names` are only those who may answer now: a player left
    out is told so, never that they do not play, and `reason(name)`, when given, raises the
    rules' own refusal of that player here (no gold, oneself as the victim)."""
    text = text.strip()
    if text in names:
        return text
    folded = [n for n in names if i18n.folded(n) == i18n.folded(text)]
    if len(folded) == 1:
        return folded[0]
    outside = [n for n in players if n not in names and i18n.folded(n) == i18n.folded(text)]
    if len(outside) == 1:
        if reason is not None:
            reason(outside[0])
        raise KitError(_("{name} cannot be chosen for this now; the choice is among {choices}.")
                       .format(name=outside[0], choices=i18n.join(names)))
    import difflib  # a name typed wrong: its closest, asked only then

    close = difflib.get_close_matches(i18n.folded(text), [i18n.folded(n) for n in names], n=1, cutoff=0.6)
    players = i18n.join(list(players) or names)     # everyone at the table, not only who may answer now
    if close:
        suggestion = next(n for n in names if i18n.folded(n) == close[0])
        raise KitError(_("{name} is not a player here; did you mean {suggestion}? The players are {players}.")
                       .format(name=text, suggestion=suggestion, players=players))
    raise KitError(_("{name} is not a player here; the players are {players}.").format(name=text, players=players))


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
        return match_name(text, names, players=_guide.state["players"] if _guide is not None else (),
                          reason=reason)
    return ask(f"{prompt} ({'/'.join(names)})", convert,
               default="" if optional and default is None else default, help=help, field=field)







# -- guided play from what the rules wait for ------------------------------------------------
#
# `kit score play` walks the rules' `pending` decisions: it asks the decision's player (or
# whoever is at the table) the questions of its plan (kit.plan.walk: each field the rules
# leave open, in the game's own words: its faces' action_labels, field_labels,
# value_labels), appends the answer, and asks what the rules wait for next. Where the rules
# offer one player several decisions at once (a move among three), which one comes first, in
# the words of their titles, as a phone's seat screen offers them. What the rules allow at
# any time (`anytime`: an accusation while a hypothesis stands) is said when something of it
# opens, and every question of the step then takes the name of whoever does it too (nobody
# doing it costs no answer); where no question could take it (none is asked, or it is
# hidden, or names players itself), in one question of its own that Enter alone passes,
# unless it stays open for the next question (a turn's start, written unasked). No game has
# questions of its own: every game's terminal asks what its phones ask. Play knows no game's phases: it resumes wherever the file stands because the rules tell,
# from the file alone, what comes next.

def play_pending(path: str | Path) -> None:
    """Guided play of any game, from the guide's session until the game is over."""
    guide = _guide
    assert guide is not None, "play_pending runs within guided()"
    game = guide.session.game
    game_cli = game_module(game)
    click.echo(game_cli.render(rules.view(game, guide.state)))
    while True:
        try:
            guide.check()
            state = guide.state
            decisions = rules.pending(game, state)
            if state["over"] or not decisions:
                break
            guide.step_begins()
            answered, action = next_entry(faces.of(game), decisions, state, rules.anytime(game, state))
            refused = try_submit(path, action, reveal=not answered["secret"])
            if isinstance(refused, RuleViolation):
                guide.refused(refused)
            else:
                guide.forget()
        except Restart:
            guide.forget()
            continue
    state = guide.state
    click.echo(game_cli.render(state if state["over"] else rules.view(game, state)))


def next_entry(declared: faces.Faces, decisions: list[Decision], state: GameState,
               anytime: list[Decision]) -> tuple[Decision, Line]:
    """The decision guided play asks now, among the rules' `decisions`, and the action
    answering it: a secret one is asked of whoever is at the keyboard among those it awaits
    (`ask_in_secret`); otherwise the question plan is walked, for the first decision and the
    others the rules offer its player at once (a choice among them first), with what anyone
    may do at any time offered at the same moment (`with_anytime`)."""
    decision = decisions[0]
    if decision["secret"] and decision["player"] is not None:
        return ask_in_secret(decisions, state, anytime)
    optional = optional_answers(declared, decisions)
    if optional is not None:
        return with_table_words(state, anytime, lambda: ask_optional_answers(declared, decisions, *optional, state,
                                                                             anytime))
    # whoever is at the table answers a decision of the table's with those of the player
    # whose turn it is (a Coopération written by hand: whose resources change, or Enter
    # when the card has done all it does)
    at_table = (decision["player"], None if decision["player"] is not None else rules.current_player(state["game"], state))
    offered = [decision, *(d for d in decisions if d["player"] in at_table and d is not decision and not d["secret"])]
    return with_table_words(state, anytime, lambda: with_anytime(offered, state, anytime))


# Who answered last at the keyboard (play_memo), to be asked first again while the rules
# still await them: a player who spent seals before their ballot casts it next.
AT_KEYBOARD = "table.at-keyboard"


def ask_in_secret(decisions: list[Decision], state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """A secret decision awaited from one player or several (ballots cast one by one), and
    its action. Its player is asked while the others look away: the first the rules await,
    or whoever was at the keyboard last. Anyone else it awaits takes the keyboard by typing
    their name at the same hidden question, and the player at the keyboard may instead type
    the word of what they alone may do at any time (seals, gold), which is then asked:
    nobody answers a question of who is at the keyboard, and nobody sees what another may
    do. What was typed unseen is read back before it is sent, then leaves the screen."""
    first = decisions[0]
    awaited = {d["player"]: d for d in decisions
               if d["action"] == first["action"] and d["secret"] and d["player"] is not None}
    memo = play_memo()
    last = memo.get(AT_KEYBOARD)
    name: str = last if isinstance(last, str) and last in awaited else str(first["player"])
    game = state["game"]
    while True:
        decision, others = awaited[name], [n for n in awaited if n != name]
        own = {d["action"]: d for d in anytime if d["player"] == name}
        click.echo(_("{name}: {what} (the others look away).").format(name=name, what=title_of(decision, state)))
        if others:
            click.echo(_("Not {name} at the keyboard? Type your name: {names}.").format(
                name=name, names=i18n.join(others)))

        def elsewhere(text: str, others: list[str] = others, own: dict[str, Decision] = own) -> object:
            named = [n for n in others if i18n.folded(n) == i18n.folded(text)]
            if named:
                return named[0]
            word = match_word(text, list(own)) if own else None
            return own[word] if word is not None else None
        try:
            with also_answers(elsewhere, hidden=True), offering([label(a, game) for a in own]):
                action = ask_plan(decision, state, headed=True)
        except AnsweredElsewhere as taken:
            if isinstance(taken.value, str):       # another player is at the keyboard
                name = taken.value
                continue
            memo[AT_KEYBOARD] = name
            chosen = cast(Decision, taken.value)
            return chosen, ask_plan(chosen, state)
        memo.pop(AT_KEYBOARD, None)
        if read_back(decision, action, state):
            return decision, action


def read_back(decision: Decision, action: Line, state: GameState) -> bool:
    """Whether the numbers of a secret decision, typed unseen, are sent: on a shared screen
    its player reads them back and says yes (Enter) or no (asked again), and the screen is
    cleared whatever the answer, so the others never see them. Output that is not a
    terminal cannot be cleared: nothing is read back there."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], {**decision, "choices": {}}, rules.view(state["game"], state), None)
    typed = [f"{said(spec.label)} {action[spec.field]}" for spec in form.inputs
             if spec.kind == "number" and spec.field in action]
    if not typed or not shared_screen():
        return True
    try:
        return ask_yes_no(_("{name}, send {answers}?").format(name=decision["player"], answers=", ".join(typed)),
                          default=True)
    finally:   # whatever was answered (even quit or Ctrl-C), the read-back leaves the screen
        clear_screen()


def _table_wide(state: GameState, anytime: list[Decision]) -> list[Decision]:
    """What whoever is at the table may do at any time that asks nothing (the event deck
    run out, in a timed game): offered by its words where a question chooses among
    decisions (`ask_among`)."""
    return [d for d in anytime if d["player"] is None and _first_step(d, state) is None]


# What the anytime decisions offered last were (play_memo): not offered again while they stay so.
ANYTIME_OFFERED = "table.anytime-offered"


def with_anytime(offered: list[Decision], state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """The decision answered among `offered` (the rules' decisions of one player at once) and
    its action, or, where someone takes what is allowed at any time in their place, that
    decision and its action. What is allowed at any time is offered through the step's
    questions, each taking the name of whoever does it besides its own answers, a line
    announcing what opened (`with_offers`); where no question could take it, when it changed
    since it was last offered, in a question of its own that Enter alone passes."""
    # a secret one, or one offered at its player's own questions only, is asked in secret
    # (ask_in_secret)
    at_own = faces.of(state["game"]).at_own_questions
    anytime = [d for d in anytime if not d["secret"] and d["action"] not in at_own]
    offers = anytime_offers(anytime)
    memo = play_memo()
    if not offers:
        memo.pop(ANYTIME_OFFERED, None)
        return ask_offered(offered, state)
    key = _offered_key(anytime)
    new = memo.get(ANYTIME_OFFERED) != key
    if not _carries(offered, state, list(offers)):
        if new and not _open_after(offered, state, key):
            who = ask_player(_anytime_question(state, anytime), list(offers), optional=True)
            memo[ANYTIME_OFFERED] = key
            if who is not None:
                return ask_offered(offers[who], state)
        return ask_offered(offered, state)
    memo[ANYTIME_OFFERED] = key
    return with_offers(state, anytime, lambda: ask_offered(offered, state, _table_wide(state, anytime)))


def _offered_key(anytime: list[Decision]) -> tuple[tuple[str | None, str, str], ...]:
    """What is offered at any time, as guided play compares it from one step to the next."""
    return tuple((d["player"], d["action"], repr(d["choices"])) for d in anytime)


def _open_after(offered: list[Decision], state: GameState, key: tuple[tuple[str | None, str, str], ...]) -> bool:
    """Whether the one decision `offered` asks nothing and leaves open all that is offered
    now (`key`): then the next question offers it (a turn's start, written unasked, before
    Vivre), and no question of its own costs an answer here."""
    if len(offered) > 1 or _first_step(offered[0], state) is not None:
        return False
    game = state["game"]
    try:
        after = rules.of(game).apply(state, ask_plan(offered[0], state))
    except RuleViolation:
        return False
    at_own = faces.of(game).at_own_questions
    return set(key) <= set(_offered_key([d for d in rules.anytime(game, after)
                                         if not d["secret"] and d["action"] not in at_own]))


def _titled(state: GameState, decisions: list[Decision]) -> dict[str, list[str]]:
    """Each title of `decisions` (in the reader's language) and the players they are offered to."""
    titled: dict[str, list[str]] = {}
    for decision in decisions:
        titled.setdefault(title_of(decision, state), []).append(str(decision["player"]))
    return titled


def title_of(decision: Decision, state: GameState) -> str:
    """A decision's title in the reader's language, as a phone's screen heads it: the game's
    own for it now (its faces' `title`: « Who begins? »), else its plan's."""
    from kit import plan  # the question plan: imported where a question is asked
    words = faces.of(state["game"])
    # a title may read every step the rules offer (faces.by_turn_steps): a whole state lists none
    seen = cast(View, state) if "pending" in state else {**state, "pending": rules.pending(state["game"], state)}
    own = words.title(seen, decision["action"], decision["player"]) if words.title is not None else None
    return said(own if own is not None else
                plan.form_of(state["game"], decision, cast(View, state), decision["player"]).title)


def _anytime_question(state: GameState, anytime: list[Decision]) -> str:
    """The question offering what is allowed at any time where no other question takes it:
    the game's words for who does it (its label for the action's actor field), else its
    title's."""
    from kit import plan  # the question plan: imported where a question is asked
    actions = {d["action"] for d in anytime}
    if len(actions) == 1:
        action = actions.pop()
        asked = faces.of(state["game"]).field_labels.get((action, plan.actor_field(state["game"], action) or ""))
        if asked is not None:
            return _(asked)
    return _("{what} now? The name of whoever does it (empty: nobody)").format(what=_either(list(_titled(state, anytime))))


def _carries(offered: list[Decision], state: GameState, names: list[str]) -> bool:
    """Whether the first question `offered` asks may also take one of `names`: one is asked,
    on the shared screen, and it takes no player's name itself."""
    from kit import plan  # the question plan: imported where a question is asked
    if len(offered) > 1:       # the choice among them, in words
        return True
    decision = offered[0]
    _form, _answers, step = plan.walk(state["game"], state, decision, cast(View, state), decision["player"],
                                      lambda asked: plan.UNANSWERED if asks(asked) else list(asked.options))
    return step is not None and not decision["secret"] and not {str(o) for o in step.options} & set(names)


def asks(step: plan.Step) -> bool:
    """Whether the terminal asks `step` (not where the rules decided every value, "all")."""
    asked = dict(step.spec.keys)[step.key] if step.key is not None else step.spec
    return asked.kind != "all"


def ask_offered(offered: list[Decision], state: GameState, table_wide: list[Decision] | None = None
                ) -> tuple[Decision, Line]:
    """The decision answered among those the rules offer one player at once, and its action:
    which one first where there are several (`ask_which`, or `ask_among` with the
    `table_wide` decisions that ask nothing besides), then its plan."""
    if len(offered) == 1:
        return offered[0], ask_plan(offered[0], state)
    among = ask_among(offered, state, table_wide or [])
    if among is not None:
        return among
    or_nothing = ask_or_nothing(offered, state)
    if or_nothing is not None:
        return or_nothing
    chosen = ask_which(offered, state)
    return chosen, ask_plan(chosen, state, headed=True)


def ask_which(offered: list[Decision], state: GameState) -> Decision:
    """Which of the decisions offered at once comes first, asked in their titles' words (the
    game's action_labels, as a phone's seat screen offers them), each typed as its title or
    as the game's word for its action (`answers`)."""
    game = state["game"]
    words = faces.of(game)
    titles = [title_of(d, state) for d in offered]
    actions = [d["action"] for d in offered]
    keys = actions if len(set(actions)) == len(actions) else titles    # the same action twice: by title
    shown = {key: (label(key, game) if key in words.answers else title) for key, title in zip(keys, titles)}
    click.echo()
    _say_facts(words, offered, state)
    who = offered[0]["player"]
    question = _("{player}: {what}?").format(player=who, what=_either(titles)) if who else \
        _("{what}?").format(what=_either(titles))
    return offered[keys.index(ask_choice(question, keys, shown=shown, also={key: (title,) for key, title in
                                                                           zip(keys, titles)}))]


class _Nothing(NamedTuple):
    """A decision that asks nothing, named by its words at another's first question."""

    decision: Decision


def ask_or_nothing(offered: list[Decision], state: GameState) -> tuple[Decision, Line] | None:
    """Where two decisions are offered at once, one asking questions and the other none
    (PHD: a controversy, or « the card has done all it does »), the questions of the one
    that asks, its first also taking the other's words (`_decision_word`), which answer it:
    one answer where a choice between them first would cost two. Enter alone leaving out a
    field the rules need (the Arguments of a controversy, whose resources a Coopération
    changes) is the other decision too, as the rules would refuse the first, and so is the
    first answered with nothing at all (C'est la vie changing nothing). None where both
    ask, or more are offered (a choice that reads as one: `ask_which`), or the one that
    asks nothing has no words of its own."""
    from kit import plan  # the question plan: imported where a question is asked
    asking = [d for d in offered if _first_step(d, state) is not None]
    # asked unseen: no other decision's words at it; several others (a Superviseur's approve,
    # revoke, or done): which one is a question of its own, that reads as one
    if len(asking) != 1 or asking[0]["secret"] or len(offered) > 2:
        return None
    other = next(d for d in offered if d is not asking[0])
    word = _decision_word(other, state, offered)
    if word is None:
        return None
    key, words = word

    def nothing(text: str) -> object:
        return _Nothing(other) if match_word(text, [key], also={key: (words,)}) is not None else None

    needed = {name for name, spec in plan.declared_fields(state["game"], asking[0]["action"]).items()
              if spec is not None and spec.needed}

    @contextmanager
    def first_also(step: plan.Step) -> Iterator[None]:
        before = _also     # what the step's other questions take (a Coopération at its moment) still taken

        def either(text: str) -> object:
            found = nothing(text)
            return found if found is not None or before is None else before(text)
        # « or Enter: the card has done all it does »: the words follow the question's, lower case
        enter = step.key is None and step.spec.field in needed
        said = words[:1].lower() + words[1:]
        with also_answers(either, hidden=_also_hidden), \
                offering([*_offered_words, _("Enter: {words}").format(words=said) if enter else said]), \
                enter_elsewhere(lambda _text: _Nothing(other)) if enter else nullcontext():
            yield
    firsts = [first_also]

    def each_asked(step: plan.Step, ask_it: Callable[[], object]) -> object:
        if firsts:
            with firsts.pop()(step):
                value = ask_it()
        else:
            value = ask_it()
        if value in (None, [], {}) and step.key is None and step.spec.field in needed:
            raise AnsweredElsewhere(_Nothing(other))
        return value
    try:
        action = ask_plan(asking[0], state, each_asked=each_asked)
        if set(action) <= {"action", plan.actor_field(state["game"], action["action"])}:
            # every question left out (C'est la vie: no change at all): the card has done all it does
            return other, ask_plan(other, state, headed=True)
        return asking[0], action
    except AnsweredElsewhere as named:
        if not isinstance(named.value, _Nothing):
            raise
        chosen = named.value.decision
        return chosen, ask_plan(chosen, state, headed=True)


def _either(titles: list[str]) -> str:
    """« Hypothesis, scientific revolution or draw a card »: titles as alternatives."""
    if len(titles) == 1:
        return titles[0]
    rest = [title[:1].lower() + title[1:] for title in titles[1:]]
    return _("{names} or {last}").format(names=", ".join([titles[0], *rest[:-1]]), last=rest[-1])


def said(words: str | Message) -> str:
    """A msgid, or a Message, in the reader's language."""
    return _(words) if isinstance(words, str) else words.render(_, ngettext, i18n.join)


def _say_facts(words: faces.Faces, decisions: list[Decision], state: GameState) -> None:
    """What the decider reads before answering (the game's `decision_facts`: the sides so
    far), each once."""
    if words.decision_facts is None:
        return
    for fact in dict.fromkeys(said(f) for d in decisions for f in words.decision_facts(state, d)):
        click.echo("  " + fact)


def ask_plan(decision: Decision, state: GameState, *, headed: bool = False, current: str | None = None,
             first: object = None, each_asked: Callable[[plan.Step, Callable[[], object]], object] | None = None
             ) -> Line:
    """The action answering `decision`: its question plan walked one question at a time
    (kit.plan.walk, as a phone asks it), each answer narrowing what the next offers; a field
    the rules leave one value is not asked. Before the first question, whose decision it is,
    what the rules settled in it (whom an accusation names) and what its decider reads
    first, unless a question said it already (`headed`). Each question takes what
    `ask_plan_step` adds (Enter naming `current` where it names a player, for one). `first`:
    the answer of its first question, given already (a card typed where the decision was
    chosen: `ask_among`). `each_asked(step, ask)`: each question asked through it, which
    may take more than the question does (`ask_or_nothing`: the decisions offered beside it)."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    who = decision["player"]
    why = _refusal(decision, state)
    shared = words.budgets.get(decision["action"], ())
    typed: dict[str, object] = {}     # the numbers sharing one bound, typed in one answer
    ahead: dict[str, object] = {}
    given_first = [first] if first is not None else []
    counted: tuple[str, dict[str, int]] | None = None     # a group's counts typed on one line

    def given(step: plan.Step) -> object:
        if each_asked is None or not asks(step):
            return asked_step(step)
        return each_asked(step, lambda: asked_step(step))

    def asked_step(step: plan.Step) -> object:
        nonlocal headed, counted
        if given_first and asks(step):
            return given_first.pop()
        # a step asked again after a refusal was headed already: its refused question follows the rule's words
        if asks(step) and not headed and not (_guide is not None and _guide.kept):
            click.echo("\n" + _heading(decision, state))
            _say_facts(words, [decision], state)
        headed = headed or asks(step)
        if step.key is None and step.spec.field in shared:
            if step.spec.field not in typed:
                typed.update(ask_shared_bound(decision, state, form_asked, step.done))
            return typed[step.spec.field]
        if counted is not None and step.key is not None and step.spec.field == counted[0]:
            return counted[1].get(step.key)
        if step.key is not None and not decision["secret"] and counts_on_one_line(step):
            counted = (step.spec.field, ask_counts(step))
            return counted[1].get(step.key)
        return ask_plan_step(step, decision, state, words=words, refusal=why, ahead=ahead, current=current)
    # A secret decision is asked on the shared screen as the others may see it: its fields,
    # not its bounds nor its choices (which could tell a tribe); the rules check the answer
    # against the whole state, and refuse it in words that keep the secret.
    asked, view, seat = ((cast(Decision, {**decision, "choices": {}}), rules.view(game, state), None)
                         if decision["secret"] else (decision, cast(View, state), who))
    form_asked = plan.form_of(game, asked, view, seat)
    form, answers, _step = plan.walk(game, state, asked, view, seat, given)
    fields: Line = {}
    if who is not None and form.actor is not None:   # None: no field names who acts (the auctioneer's award)
        fields[form.actor] = who
    for name, value in answers.items():
        kept = {key: v for key, v in value.items() if v is not None} if isinstance(value, dict) else value
        if kept is not None and kept != {} and kept != []:   # left out: Enter alone
            fields[name] = kept
    declared = list(plan.declared_fields(game, decision["action"]))   # the fields in their declared order
    return {"action": decision["action"],
            **dict(sorted(fields.items(), key=lambda field: declared.index(field[0]) if field[0] in declared
                          else len(declared)))}


def ask_shared_bound(decision: Decision, state: GameState, form: plan.Form, done: Mapping[str, Any]) -> dict[str, int]:
    """The numbers of a decision that share one bound (its faces' `budgets`: a ballot's POUR
    and CONTRE), in one answer: bare numbers in their order (« 12 3 »), or a number after
    its field's word (« c 5 »); Enter alone gives each 0. The rules check them together as
    typed; typed unseen in a secret decision, where a refusal never repeats them."""
    game = state["game"]
    fields = faces.of(game).budgets[decision["action"]]
    labels = {spec.field: said(spec.label) for spec in form.inputs if spec.field in fields}
    first, last = fields[0], fields[-1]
    word = label(last, game) if label(last, game) != last else labels[last].lower()   # the last one's word, typed
    examples = ["12", "12 3", f"{word[:1]} 5"]
    meanings = [f"{labels[first]} 12", i18n.join([f"{labels[first]} 12", f"{labels[fields[1]]} 3"]),
                f"{labels[last]} 5"]
    typed = ["12", "12 3", f"{word[:1]} 5 (" + _("or {words}").format(words=f"{word} 5") + ")"]
    names = " ".join(labels.values())
    in_order = functools.reduce(lambda first, then: _("{first} then {then}").format(first=first, then=then),
                                labels.values())
    wrong = _("Type {fields} as whole numbers, such as {examples}.").format(fields=in_order, examples=_either(examples))

    def convert(text: str) -> dict[str, int]:
        amounts = read_numbers(text, fields, labels, wrong)
        refused_as_typed(decision, state, {**done, **amounts}, fields, unnamed=True)
        return amounts
    help_text = " ".join([
        _("Type {fields}: {examples}; Enter alone gives 0 to each.").format(
            fields=in_order, examples="; ".join(_("{typed} is {meaning}").format(typed=answer, meaning=meaning)
                                              for answer, meaning in zip(typed, meanings))),
        *([_("Nothing typed is shown, and a refusal never repeats it.")] if decision["secret"] else [])])
    prompt = _("{name}, {what}: {fields} ({examples}; Enter: 0 each)").format(
        name=decision["player"], what=title_of(decision, state), fields=names, examples=", ".join(examples))
    return ask(prompt, convert, hide=decision["secret"], default="", help=help_text)


def read_numbers(text: str, fields: tuple[str, ...], labels: Mapping[str, str], wrong: str) -> dict[str, int]:
    """Whole numbers for `fields` from one answer: bare numbers fill them in order; a field's
    word (its label, or its game's words, a unique beginning enough) names the number after
    it. Empty: 0 each. A KitError (`wrong`) never repeats what was typed (it may be secret)."""
    amounts: dict[str, int] = {}
    bare: list[int] = []
    named: str | None = None
    for word in text.replace(",", " ").split():
        if word.lstrip("+-").isascii() and word.lstrip("+-").isdigit():
            value = whole_number(word)
            if named is None:
                bare.append(value)
            else:
                amounts[named], named = value, None
            continue
        found = match_word(word, fields, also={field: (labels[field],) for field in fields})
        if found is None or named is not None or found in amounts:
            raise KitError(wrong)
        named = found
    free = [field for field in fields if field not in amounts]
    if named is not None or len(bare) > len(free):
        raise KitError(wrong)
    amounts.update(zip(free, bare))
    return {field: amounts.get(field, 0) for field in fields}


def _heading(decision: Decision, state: GameState) -> str:
    """« Cléo: Accusation — Accused: Ana »: who decides, the decision's title, and the players
    the rules name in it without asking; nothing for a decision of whoever is at the table
    that names nobody, whose question says it all (« Who holds the speaker token? »)."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], decision, cast(View, state), decision["player"])
    named = [_("{label}: {value}").format(label=said(spec.label), value=spec.options[0]) for spec in form.inputs
             if spec.kind == "one" and len(spec.options) == 1 and isinstance(spec.options[0], str)
             and spec.options[0] in state["players"] and asked_whatever(decision, state, form, spec.field)]
    if decision["player"] is None and not named:
        return ""
    what = title_of(decision, state)
    heading = _("{player}: {what}").format(player=decision["player"], what=what) if decision["player"] else what
    return " — ".join([heading, *named])


def _refusal(decision: Decision, state: GameState) -> Callable[[plan.Step, str], None]:
    """Why the rules refuse a player typed where they may not be chosen now (oneself as the
    challenged player, or the accused), or a value of a secret decision, whose question
    offers every value the others may see: `refused_as_typed` for that step's field."""
    def why(step: plan.Step, value: str) -> None:
        refused_as_typed(decision, state, {**step.done, step.spec.field: value}, {step.spec.field})
    return why


def refused_as_typed(decision: Decision, state: GameState, given: Mapping[str, object], fields: Iterable[str], *,
                     unnamed: bool = False) -> None:
    """Raise the rules' refusal, in their own words, of `decision` sent with the values
    `given` (`rules_refusal`), when it is about one of `fields` (unnamed=True: or about no
    field at all, as a sum over several is)."""
    refused = rules_refusal(decision, state, given)
    if refused is not None and (refused.field in set(fields) or (unnamed and refused.field is None)):
        raise refused


def ask_question(step: plan.Step, *, hide: bool = False, words: faces.Faces = faces.PLAIN,
                 refusal: Callable[[plan.Step, str], None] | None = None) -> object:
    """One question of the plan, in the terminal: its words as the phone's form says them;
    a name, a word (in the game's `words` for it, where it has some), a whole number within
    its bounds, names one after another for an order, several values or numbers on one
    line, cards by their titles or numbers; a group's key (a player, a resource) one at a
    time, Enter alone leaving it out. None: left out. `refusal(step, name)` raises the rules'
    reason a player typed may not be chosen there."""
    spec = step.spec
    prompt = said(spec.label)
    asked = spec
    if step.key is not None:     # a group's key: its own input
        asked = dict(spec.keys)[step.key]
        prompt = f"{prompt} – {step.key if asked.verbatim else label(step.key)}"
    optional, options = step.key is not None, step.options
    if asked.kind == "all":            # the rules decided them: nothing to ask
        return list(options) or None
    if asked.kind == "order":
        question = _("Who comes first?") if not step.done.get(spec.field) else _("Who comes next?")
        return ask_player(f"{prompt} – {question}", [str(o) for o in options], field=spec.field)
    if asked.kind == "several":
        return ask_several(prompt, list(options), field=spec.field) or None
    if asked.kind == "one":
        reason = (lambda name: refusal(step, name)) if refusal is not None else None
        return _ask_one(prompt, options, optional=optional, field=spec.field, words=words, reason=reason, hide=hide,
                        # a secret decision offers every value the others may see: the rules
                        # refuse one as typed, in words that keep the secret
                        check=reason if hide else None)
    typed = _typed_shortly(spec.field, asked, prompt, options, counted=optional and not hide)
    if typed is not _NOT_SHORT:
        return typed
    if asked.kind in ("numbers", "cards"):   # cards by their titles, as the session takes them, or numbers
        return ask(prompt, _numbers_or_cards if asked.kind == "cards" else _numbers, default="", field=spec.field) or None
    return ask_number(prompt, hide=hide, default=0 if optional or asked.low == 0 else None,
                      check=_within(asked.low, asked.high), field=spec.field)


_NOT_SHORT = object()


def _typed_shortly(field: str, asked: plan.Input, prompt: str, options: tuple[object, ...], *,
                   counted: bool) -> object:
    """A question the plan's shortcuts ask: cards of the deck laid by their titles (none
    laid: an empty list, which the game's `narrow` reads and the line never holds), a group's
    count where Enter alone leaves the key out, as none (`counted`); _NOT_SHORT otherwise."""
    if asked.kind == "cards" and all_cards(options):   # the cards offered by their titles, or numbers
        return ask(prompt, laid_cards([str(o) for o in options]), default="", field=field, help=_cards_help(options))
    if counted and asked.kind == "number" and asked.low == 0:
        return ask(prompt, _count_or_none(asked.low, asked.high), default="", field=field)
    return _NOT_SHORT


def _count_or_none(low: int | None, high: int | None) -> Callable[[str], int | None]:
    """A group's count typed as a whole number within its bounds, or Enter alone: None."""
    check = _within(low, high)

    def convert(text: str) -> int | None:
        if not text.strip():
            return None
        value = whole_number(text)
        check(value)
        return value
    return convert


def _ask_one(prompt: str, options: tuple[object, ...], *, optional: bool, field: str, words: faces.Faces = faces.PLAIN,
             reason: Callable[[str], object] | None = None, hide: bool = False,
             check: Callable[[str], object] | None = None) -> object:
    """One of `options`: a player by name (`reason(name)` raising why one typed may not be
    chosen), else a word (yes and no for true and false), shown in the game's words for it
    where it has some; hide=True: typed unseen (a secret decision's colour, whose refusal
    could tell a tribe)."""
    from kit import plan  # the question plan: imported where a question is asked
    if all_cards(options):     # by their printed titles, never their ids
        return ask_card(prompt, options, field=field)
    players = _guide.state["players"] if _guide is not None else {}
    if options and all(isinstance(c, str) and c in players for c in options):
        return ask_player(prompt, [str(o) for o in options], optional=optional, field=field, reason=reason)
    values = {("yes" if c is True else "no" if c is False else str(c)): c for c in options}
    shown = {key: said(named) for key, value in values.items() if (named := plan.value_label(words, value)) is not None}
    return values[ask_choice(prompt, list(values), field=field, shown=shown, hide=hide, check=check)]


def _within(low: int | None, high: int | None) -> Callable[[int], None]:
    """A number's check against its bounds, saying them."""
    def check(value: int) -> None:
        if (low is not None and value < low) or (high is not None and value > high):
            raise KitError(_("Give a whole number from {low} to {high}.").format(low=low, high=high)
                           if high is not None else _("Give a whole number of at least {low}.").format(low=low))
    return check


def _numbers(text: str) -> list[int]:
    return [whole_number(part) for part in text.replace(",", " ").split()]


def _numbers_or_cards(text: str) -> list[int | str]:
    """Numbers and cards typed on one line, separated by commas ("Données solides, 2"): a
    card as typed, which the session spells by its id or refuses naming it."""
    return [whole_number(part) if part.strip().lstrip("+-").isdigit() else part.strip()
            for part in text.split(",") if part.strip()]


def ask_several(prompt: str, choice: list[Any], *, field: str | None = None) -> list[Any]:
    """Several of `choice` typed on one line, separated by commas (names or words)."""
    players = _guide.state["players"] if _guide is not None else {}

    def convert(text: str) -> list[Any]:
        picked = []
        for part in (p for p in text.split(",") if p.strip()):
            if part.strip() in players or any(i18n.folded(part) == i18n.folded(n) for n in players):
                picked.append(match_name(part, [c for c in choice if c in players], players=players))
                continue
            found = match_word(part, [str(c) for c in choice])
            if found is None:
                raise KitError(_("Answer among {choices}, separated by commas.").format(
                    choices=", ".join(map(label, map(str, choice)))))
            picked.append(found)
        return picked
    return ask(f"{prompt} ({', '.join(map(label, map(str, choice)))})", convert, default="", field=field)


# -- guided play: what the plan's questions take besides their own answers -------------------
#
# Each is read off the plan and the game's faces, for any game: the values Enter answers (the
# faces' `defaults`), a card typed by its printed title (the state's deck), a card of a later
# field typed at the question before it (the field its value asks), the rules' own refusal of
# a card of the deck they do not offer, the table's entries allowed at any time typed as the
# game's words for them (its `answers`), and the optional answers of several players asked
# once for them all.

class _TableEntry(NamedTuple):
    """An entry of whoever is at the table (a correction) typed at another question."""

    decision: Decision


# What `aide` says besides a question's own help while the table's words are taken (`with_table_words`).
_also_help: str | None = None


def table_words(state: GameState, anytime: list[Decision]) -> dict[str, Decision]:
    """The decisions whoever is at the table may enter at any time (the table's corrections,
    the deck running out) that the game has words for (its faces' `answers`, by action)."""
    words = faces.of(state["game"]).answers
    return {d["action"]: d for d in anytime if d["player"] is None and d["action"] in words}


def with_table_words(state: GameState, anytime: list[Decision],
                     asking: Callable[[], tuple[Decision, Line]]) -> tuple[Decision, Line]:
    """`asking()`'s decision and action, or, where one of the table's words (`table_words`)
    is typed at a question that does not take it, that entry: its own plan asked then, Enter
    naming the player whose turn it is where it names a player."""
    global _also_help
    worded = table_words(state, anytime)
    if not worded:
        return asking()
    game = state["game"]

    def entry(text: str) -> object:
        found = match_word(text, list(worded))
        return _TableEntry(worded[found]) if found is not None else None
    shown = ", ".join(f"{label(action, game)} ({said(title_of(d, state))})" for action, d in worded.items())
    was = _also_help
    _also_help = _("Any question of the turn also takes: {words}.").format(words=shown)
    try:
        with also_answers(entry):
            return asking()
    except AnsweredElsewhere as named:
        if not isinstance(named.value, _TableEntry):
            raise
        decision = named.value.decision
        # its first question says what it is: no heading
        return decision, ask_plan(decision, state, headed=True, current=rules.current_player(game, state))
    finally:
        _also_help = was


def enter_means(words: faces.Faces, decision: Decision, step: plan.Step, current: str | None = None) -> object:
    """What Enter alone answers `step`: the first of its faces' `defaults` for the field that
    the step offers, else `current` (the player whose turn it is) where it is offered; None:
    the question needs an answer."""
    for value in words.defaults.get((decision["action"], step.spec.field), ()):
        if value == faces.FIRST and step.options:
            return step.options[0]
        if value in step.options:
            return value
    # the player whose turn it is, where no answer before names them (one takes from another)
    named = current is not None and any(current == v or isinstance(v, list) and current in v
                                        for v in step.done.values())
    return current if current is not None and current in step.options and not named else None


def asked_whatever(decision: Decision, state: GameState, form: plan.Form, field: str) -> bool:
    """Whether the rules ask `field` of `decision` whatever its other fields' values: a
    field only some values of another ask (the game's `narrow`) is named by none yet."""
    from kit import plan  # the question plan: imported where a question is asked
    return all(field in plan.narrowed(state["game"], state, decision, {spec.field: option})
               for spec in form.inputs if spec.kind == "one" and len(spec.options) > 1 and spec.field != field
               for option in spec.options)


def deck_of(state: GameState) -> dict[str, Any]:
    """The session's cards, by id (none for a game or a session played without a deck)."""
    cards = state.get("cards")
    return cards if isinstance(cards, dict) else {}


def _all_cards(options: Iterable[object], cards: Mapping[str, Any]) -> bool:
    listed = list(options)
    return bool(listed) and all(isinstance(o, str) and o in cards for o in listed)


def cards_ahead(decision: Decision, state: GameState, step: plan.Step) -> dict[object, tuple[str, list[str]]]:
    """For each value of `step`, the later field it asks whose values are cards of the deck,
    with those cards (the rules' narrowing: playing a card asks which): a card typed at
    `step` answers both."""
    from kit import plan  # the question plan: imported where a question is asked
    cards = deck_of(state)
    if not cards or step.key is not None:
        return {}
    ahead: dict[object, tuple[str, list[str]]] = {}
    for option in step.options:
        choices = plan.narrowed(state["game"], state, decision, {**step.done, step.spec.field: option})
        for name, choice in choices.items():
            if name != step.spec.field and name not in step.done and isinstance(choice, list) \
                    and _all_cards(choice, cards):
                ahead[option] = (name, list(choice))
                break
    return ahead


def rules_refusal(decision: Decision, state: GameState, answers: Mapping[str, Any]) -> RuleViolation | None:
    """The rules' own refusal of `answers` to `decision` (a card they do not offer now, a
    player who may not be chosen, a ballot beyond the senators left): the decision sent
    with them, its other fields given each value the rules offer (a number its least),
    refused whichever those are; None where some way of sending it is accepted."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    action: Line = {"action": decision["action"],
                    # a number within the rules' bounds: the least they take
                    **{f: c["min"] for f, c in decision["choices"].items()
                       if isinstance(c, dict) and set(c) == {"min", "max"} and isinstance(c["min"], int)},
                    **answers}
    actor = plan.actor_field(game, decision["action"])
    if actor is not None and decision["player"] is not None:
        action[actor] = decision["player"]
    tries = [action]
    for name, choice in plan.narrowed(game, state, decision, dict(answers)).items():
        # a field the rules leave no value for this answer: each they offer the decision, for its reason
        offered = choice or decision["choices"].get(name)
        if name not in action and isinstance(offered, list) and offered:
            tries = [{**tried, name: value} for tried in tries for value in offered][:32]
    first: RuleViolation | None = None
    for tried in tries:
        try:
            rules.of(game).apply(state, tried)
        except RuleViolation as refused:
            first = first or refused
            continue
        return None
    return first


def typed_deck_card(text: str, state: GameState, offered: list[str],
                    refused: Callable[[str], RuleViolation | None] | None = None) -> str | None:
    """The card among `offered` that `text` names by its printed title (a unique beginning is
    enough; case and accents ignored: kit.deck.typed_card, a KitError naming the closest
    title); a card of the deck not offered now is refused in the rules' words
    (`refused(card)`), else as not offered; None: it names no card, or a player (what
    another question of the step may take)."""
    from kit.deck import typed_card  # the deck's titles: read where a card is typed
    if any(i18n.folded(name) == i18n.folded(text) for name in state["players"]):
        return None     # a player's name, never the beginning of a title (« Ana », « Analyse… »)
    cards = deck_of(state)
    try:
        return typed_card(text, cards, offered)
    except KitError as not_offered:
        try:
            card = typed_card(text, cards, list(cards))
        except KitError:
            raise not_offered from None
        reason = refused(card) if refused is not None and card is not None and card not in offered else None
        if reason is not None:
            raise reason from None
        raise


def card_titles(state: GameState, keys: Iterable[object]) -> list[str]:
    cards = deck_of(state)
    return [str(cards[key]["title"]) if isinstance(key, str) and key in cards else str(key) for key in keys]


def ask_plan_step(step: plan.Step, decision: Decision, state: GameState, *, words: faces.Faces,
                  refusal: Callable[[plan.Step, str], None] | None, ahead: dict[str, object],
                  current: str | None = None) -> object:
    """One question of `decision`'s plan (`ask_question`), taking besides: Enter as its
    `enter_means`; a card by its printed title (listed by aide/help, not in the prompt: a
    dozen titles would not fit); at a question of values, the card of the field a value asks
    next (`cards_ahead`: kept in `ahead` for that field); a card the rules do not offer now
    refused in their words; a number the rules bound checked by them as the decision is sent
    (`Guide.refused` then asks that question alone again)."""
    spec = step.spec
    if step.key is None and spec.field in ahead:     # typed at the question before
        value = ahead.pop(spec.field)
        if value in step.options:
            return value
    if step.key is None and spec.kind == "number":
        return _ask_amount(step, decision, state)
    if step.key is not None or spec.kind != "one" or not asks(step):
        return ask_question(step, hide=decision["secret"], words=words, refusal=refusal)
    default = enter_means(words, decision, step, current)
    if _all_cards(step.options, deck_of(state)):
        return _ask_card(step, decision, state)
    later = cards_ahead(decision, state, step)
    if default is None and not later:
        return ask_question(step, hide=decision["secret"], words=words, refusal=refusal)
    if all(isinstance(o, str) and o in state["players"] for o in step.options):
        reason = (lambda name: refusal(step, name)) if refusal is not None else None
        return ask_player(said(step.spec.label), [str(o) for o in step.options], default=None if default is None
                          else str(default), field=step.spec.field, reason=reason)
    value, more = _ask_value_or_card(step, decision, state, words=words, default=default, later=later)
    ahead.update(more)
    return value


def _ask_amount(step: plan.Step, decision: Decision, state: GameState) -> int | None:
    """A whole number the plan asks: its bounds are the rules', which refuse it in their
    words as the decision is sent (only this question is then asked again); a change the
    rules do not need (C'est la vie's Crédit) taking Enter, or 0, as no change (None)."""
    from kit import plan  # the question plan: imported where a question is asked
    spec = step.spec
    declared = plan.declared_fields(state["game"], decision["action"]).get(spec.field)
    if spec.low is None and declared is not None and not declared.needed and not decision["secret"]:
        return ask_number(said(spec.label), default=0, field=spec.field) or None
    return ask_number(said(spec.label), hide=decision["secret"], default=0 if spec.low == 0 else None,
                      field=spec.field)


def _ask_card(step: plan.Step, decision: Decision, state: GameState) -> object:
    """A card of the deck among those `step` offers, by its printed title (`ask_card`); one
    the rules do not offer now refused in their words."""
    spec = step.spec
    return ask_card(said(spec.label), step.options, field=spec.field,
                    refused=lambda card: rules_refusal(decision, state, {**step.done, spec.field: card}))


def _ask_value_or_card(step: plan.Step, decision: Decision, state: GameState, *, words: faces.Faces,
                       default: object, later: dict[object, tuple[str, list[str]]]) -> tuple[object, dict[str, object]]:
    """One of the values `step` offers, in the game's words (Enter: `default`), or a card
    that a value asks next (`later`, cards_ahead), which answers both: the value and
    {that field: the card}."""
    from kit import plan  # the question plan: imported where a question is asked
    spec = step.spec
    values = {("yes" if c is True else "no" if c is False else str(c)): c for c in step.options}
    shown = {key: said(named) if (named := plan.value_label(words, value)) is not None else label(key, state["game"])
             for key, value in values.items()}
    apart = " / " if any("," in text for text in shown.values()) else ", "
    offered_cards = list(dict.fromkeys(card for _name, cards in later.values() for card in cards))

    def convert(text: str) -> tuple[object, dict[str, object]]:
        found = match_word(text, list(values), also={key: (said_,) for key, said_ in shown.items()})
        if found is not None:
            return values[found], {}
        if later:
            def why(card: str) -> RuleViolation | None:
                value, (name, _cards) = next(iter(later.items()))
                return rules_refusal(decision, state, {**step.done, spec.field: value, name: card})
            card = typed_deck_card(text, state, offered_cards, why)
            if card is not None:
                value, (name, _cards) = next((v, f) for v, f in later.items() if card in f[1])
                return value, {name: card}
        raise KitError(_("Answer one of {choices}.").format(choices=apart.join(
            [*shown.values(), *([_("a card by its title")] if later else [])])))
    question = f"{said(spec.label)} ({'/'.join(shown.values())})"
    if later:
        question = _("{question}, or a card by its title").format(question=question)
    help = _("Answers: {choices}.").format(choices=", ".join(card_titles(state, offered_cards))) if later else None
    return ask(question, convert, default=shown[str(default)] if default is not None and str(default) in shown
               else None, help=help, field=spec.field)


def optional_answers(words: faces.Faces, decisions: list[Decision]) -> tuple[list[Decision], str, object] | None:
    """Where the rules wait for the same decision of several players, each free to let it
    pass (a value of one of its fields that the faces' `defaults` give Enter: a card in play
    the other players may answer), and for another decision once they all have: those players'
    decisions, that field and that value. None elsewhere."""
    first = decisions[0]
    if first["player"] is None or first["secret"]:
        return None
    together = [d for d in decisions if d["action"] == first["action"] and d["player"] is not None
                and not d["secret"] and d["choices"] == first["choices"]]
    if len(together) == len(decisions) or len({d["player"] for d in together}) != len(together):
        return None
    for name, choice in first["choices"].items():
        if not isinstance(choice, list) or len(choice) < 2:
            continue
        for value in words.defaults.get((first["action"], name), ()):
            if value in choice:
                return together, name, value
    return None


def ask_optional_answers(declared: faces.Faces, decisions: list[Decision], together: list[Decision], field: str,
                         passed: object, state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """One question for every player free to answer (`optional_answers`): who does; Enter:
    nobody, and the rules' next decision besides theirs is asked (their letting it pass is
    not asked one by one). Whoever answers is then asked their decision without its value
    of letting it pass."""
    first = together[0]
    click.echo()
    cards = [card for _name, choice in first["choices"].items() if isinstance(choice, list)
             and _all_cards(choice, deck_of(state)) for card in choice]
    what = said(title_of(first, state))
    click.echo(_("{what}: {cards}").format(what=what, cards=" / ".join(card_titles(state, cards))) if cards else what)
    _say_facts(declared, [first], state)
    who = ask_player(_("Who answers? Enter: nobody"), [str(d["player"]) for d in together], optional=True,
                     field=plan_actor(state["game"], first["action"]))
    if who is None:
        return next_entry(declared, [d for d in decisions if d not in together], state, anytime)
    mine = next(d for d in together if d["player"] == who)
    answering = cast(Decision, {**mine, "choices": {**mine["choices"],
                                                   field: [v for v in mine["choices"][field] if v != passed]}})
    return answering, ask_plan(answering, state, headed=True)


def plan_actor(game: str, action: str) -> str | None:
    from kit import plan  # the question plan: imported where a question is asked
    return plan.actor_field(game, action)

# -- the plan's shortcuts, for any game -------------------------------------------------------
#
# What a person types is as short as the question plan lets it be, from the plan alone:
# a card of the session's deck is typed by its printed title (any edition, case or accents,
# a unique beginning), never its id, among the cards the step offers; where one player is
# offered several decisions at once and some ask a card first (an event card revealed, a
# Coopération among those one may play), the question choosing among them takes that card's
# title too, which answers both; and what anyone may do at any time is taken, by the name of
# whoever does it or by the title of the card it plays, at every question of the step.

CARDS_LISTED = 6   # a question lists the titles of at most this many cards; `aide` lists them all


def session_cards() -> dict[str, Any]:
    """The session's deck (its cards by id), where guided play's session records one."""
    return deck_of(_guide.state) if _guide is not None else {}


def all_cards(options: Iterable[object]) -> bool:
    """Whether `options` are cards of the session's deck (asked by their titles, never ids)."""
    return _all_cards(options, session_cards())


def _card_titles(keys: Iterable[object]) -> list[str]:
    return card_titles(_guide.state, keys) if _guide is not None else [str(key) for key in keys]


def _cards_help(keys: Iterable[object]) -> str:
    return _("The cards offered: {cards}.").format(cards=", ".join(_card_titles(keys)))


def typed_card(text: str, offered: list[str]) -> str | None:
    """The card among `offered` that `text` names by its title, in guided play's session
    (`typed_deck_card`)."""
    return typed_deck_card(text, _guide.state, offered) if _guide is not None else None


def ask_card(prompt: str, options: Iterable[object], *, field: str | None = None,
             refused: Callable[[str], RuleViolation | None] | None = None) -> str:
    """One of the cards `options`, typed by its printed title; the titles are listed when
    they are few, else by `aide`. `refused(card)`: the rules' refusal of a card of the deck
    not offered now."""
    offered = [str(o) for o in options]
    titles = _card_titles(offered)

    def convert(text: str) -> str:
        key = typed_deck_card(text, _guide.state, offered, refused) if _guide is not None else None
        if key is None:
            raise KitError(_("Answer one of {choices}.").format(choices=" / ".join(titles)))
        return key
    listed = f" ({' / '.join(titles)})" if len(titles) <= CARDS_LISTED else ""
    return ask(prompt + listed, convert, field=field, help=_cards_help(offered))


def laid_cards(offered: list[str]) -> Callable[[str], list[int | str]]:
    """What a question of cards and numbers takes (`cards`): the cards among `offered` by
    their titles and numbers (cards written by hand), as `read_laid` reads them. A card of
    the deck the question does not offer is taken as typed, for the rules to say why it may
    not be laid there (an Argument kept for the controversies), in their words, once the
    step is typed."""
    offered = [*offered, *(key for key in session_cards() if key not in offered)]

    def named(typed: str) -> str:
        key = typed_card(typed, offered)
        if key is None:
            raise KitError(_("No card is called {typed}; did you mean {title}?").format(
                typed=typed, title=_card_titles(offered[:1])[0]) if offered else
                _("This session plays no deck: give the cards' values as numbers."))
        return key
    return lambda text: read_laid(text, named)


def read_laid(text: str, named: Callable[[str], str]) -> list[int | str]:
    """Cards and numbers (cards written by hand) typed on one line, separated by commas or
    semicolons, each card as `named(typed)` reads it (its key; a KitError or RuleViolation
    where it names none): a title with a comma in it (« p = 0,051 ») is read whole, the
    longest run of pieces that names a card being that card."""
    pieces = [p.strip() for p in text.replace(";", ",").split(",")]
    out: list[int | str] = []
    start = 0
    while start < len(pieces):
        if not pieces[start]:
            start += 1
        elif pieces[start].lstrip("+-").isdigit():
            out.append(whole_number(pieces[start]))
            start += 1
        else:
            for end in range(len(pieces), start, -1):
                try:
                    out.append(named(",".join(pieces[start:end])))
                except (KitError, RuleViolation):
                    if end == start + 1:
                        raise
                    continue
                start = end
                break
    return out


class _Ungiven:
    """A decision picked by its words: its questions are asked as its plan asks them."""


UNGIVEN = _Ungiven()


def _first_step(decision: Decision, state: GameState) -> plan.Step | None:
    """The first question the plan asks of `decision` (None: it asks nothing)."""
    from kit import plan  # the question plan: imported where a question is asked
    _form, _answers, step = plan.walk(state["game"], state, decision, cast(View, state), decision["player"],
                                      lambda asked: plan.UNANSWERED if asks(asked) else list(asked.options))
    return step


def _first_cards(decision: Decision, state: GameState) -> list[str]:
    """The cards the first question of `decision` chooses among (none where it asks none)."""
    step = _first_step(decision, state)
    if step is None or step.key is not None or step.spec.kind != "one" or not all_cards(step.options):
        return []
    return [str(o) for o in step.options]


def _named_cards(decision: Decision, state: GameState) -> list[str]:
    """The cards `decision` may play: its first field choosing among cards of the deck,
    asked or settled by the rules (a Coopération one may play alone)."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], decision, cast(View, state), decision["player"])
    return next(([str(o) for o in spec.options] for spec in form.inputs if spec.kind == "one" and all_cards(spec.options)),
                [])


def _ask_card_played(decision: Decision, state: GameState, card: str) -> Line:
    """The action of `decision` playing `card`, typed already: given as its first answer
    where its first question asks for it, its other questions asked."""
    return ask_plan(decision, state, headed=True, first=card if card in _first_cards(decision, state) else None)


def _decision_word(decision: Decision, state: GameState, offered: list[Decision]) -> tuple[str, str] | None:
    """What `decision` is typed as among `offered` (its key) and shown as: the game's word
    for the value the rules settled in it (an event card's type), else its action where no
    other offered is the same, else its title where that is its own; None where nothing
    tells it from another."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    form = plan.form_of(game, decision, cast(View, state), decision["player"])
    settled = [spec.options[0] for spec in form.inputs if spec.kind == "one" and len(spec.options) == 1]
    named = [(value, said(words_)) for value in settled if isinstance(value, str)
             and (words_ := plan.value_label(words, value)) is not None]
    if len(named) == 1:
        return named[0]
    title = title_of(decision, state)
    if [d["action"] for d in offered].count(decision["action"]) == 1:
        return decision["action"], title
    if [title_of(d, state) for d in offered].count(title) == 1:
        return title, title
    return None


def _left_out(decision: Decision, state: GameState) -> Line | None:
    """The action of `decision` picked by its words where every question it still asks is
    one the rules do not need (an event card written by hand names no card of the deck):
    what the rules settled in it, nothing more; None where it needs an answer."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    declared = plan.declared_fields(game, decision["action"])
    form, answers, step = plan.walk(game, state, decision, cast(View, state), decision["player"],
                                    lambda asked: plan.UNANSWERED)
    open_fields = [spec.field for spec in form.inputs if spec.field not in answers]
    if step is None or any(declared.get(name) is None or declared[name].needed for name in open_fields):
        return None
    action: Line = {"action": decision["action"]}
    if decision["player"] is not None and form.actor is not None:
        action[form.actor] = decision["player"]
    return {**action, **answers}


def ask_among(offered: list[Decision], state: GameState, table_wide: list[Decision] | None = None
              ) -> tuple[Decision, Line] | None:
    """Where some of the decisions offered one player at once ask a card first, the one
    question choosing among them, which takes that card's title too (the decision and its
    first answer in one), or a decision's words (its type of card, its action); a decision
    picked by its words asks its own questions after, or none where the rules need none of
    them (a card written by hand). None where none asks a card first."""
    carded: dict[str, Decision] = {}
    for decision in offered:
        for key in _named_cards(decision, state):
            carded.setdefault(key, decision)
    if not carded:
        return None
    keyed: dict[str, Decision] = {}
    shown: dict[str, str] = {}
    every = [*offered, *(table_wide or [])]
    for decision in every:
        word = _decision_word(decision, state, every)
        if word is not None and word[0] not in keyed:
            keyed[word[0]], shown[word[0]] = decision, word[1]
    cards = list(carded)
    listed = [*shown.values(), *(_card_titles(cards) if len(cards) <= CARDS_LISTED else ())]
    who = offered[0]["player"]

    def convert(text: str) -> tuple[str, str]:
        typed = i18n.folded(text)
        found = match_word(text, list(keyed), also={key: (words,) for key, words in shown.items()})
        exact = found is not None and (typed == i18n.folded(found) or typed == i18n.folded(shown[found]) or
                                       typed in {i18n.folded(w) for ws in answers().get(found, {}).values() for w in ws})
        if not exact:
            card = typed_card(text, cards)
            if card is not None:
                return "card", card
        if found is not None:
            return "word", found
        refused_action(text, state, who)
        raise KitError(_("Answer one of {choices}.").format(choices=" / ".join(listed)))
    click.echo()
    words = faces.of(state["game"])
    _say_facts(words, offered, state)
    view = cast(GameState, rules.view(state["game"], state))    # the game's own titles read what the rules wait for
    titles = list(dict.fromkeys(title_of(d, view) for d in offered))
    question = _("{player}: {what}?").format(player=who, what=_either(titles)) if who else \
        _("{what}?").format(what=_either(titles))
    hint = "/".join(shown.values()) + ("/" + "/".join(_card_titles(cards)) if len(cards) <= CARDS_LISTED
                                       else _(", or the card's title"))
    kind, key = ask(f"{question} ({hint.lstrip('/')})", convert, help=_cards_help(cards))
    if kind == "card":
        return carded[key], _ask_card_played(carded[key], state, key)
    chosen = keyed[key]
    left_out = _left_out(chosen, state) if _first_cards(chosen, state) else None
    return chosen, left_out if left_out is not None else ask_plan(chosen, state, headed=True)


def refused_action(text: str, state: GameState, player: str | None) -> None:
    """Where `text` names an action of the game that the question does not offer `player`
    (a chapter submitted without the Pression it costs), the rules' own refusal of it
    (RuleViolation), not a list of what is offered; nothing where it names none, needs more
    than who does it, or the rules would take it."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    actions = list(rules.of(game).fields.actions)
    found = match_word(text, actions, also={a: (said(words.action_labels[a]),) for a in actions
                                            if a in words.action_labels})
    actor = plan.actor_field(game, found) if found is not None else None
    if found is None or player is None or actor is None or \
            set(rules.of(game).fields.actions[found].needed) - {actor}:   # asks more than who: no refusal of its own
        return
    rules.of(game).apply(state, {"action": found, actor: player})


# What anyone may do at any time, said last (play_memo): (player, what) pairs said while they
# stay open, not said again.
ANYTIME_SAID = "table.anytime-said"


def anytime_offers(anytime: list[Decision]) -> dict[str, list[Decision]]:
    """What each player may do at any time now (a decision of whoever is at the table is
    not offered by a name)."""
    offers: dict[str, list[Decision]] = {}
    for decision in anytime:
        if decision["player"] is not None:
            offers.setdefault(decision["player"], []).append(decision)
    return offers


def _open_now(state: GameState, offers: dict[str, list[Decision]]) -> dict[tuple[str, str], tuple[str, str | None]]:
    """Each (player, what) open now, by its words: the decision's title, and the title of
    a card its first question offers (a Coopération at its moment)."""
    open_now: dict[tuple[str, str], tuple[str, str | None]] = {}
    for name, decisions in offers.items():
        for decision in decisions:
            title = title_of(decision, state)
            cards = _named_cards(decision, state)
            if not cards:
                open_now[(name, title)] = (title, None)
            for key, card in zip(cards, _card_titles(cards)):
                open_now[(name, key)] = (title, card)
    return open_now


def say_offers(state: GameState, offers: dict[str, list[Decision]]) -> None:
    """The line naming what anyone may do now, with who may, when something opened since
    it was last said (what stays open is not said again; nothing said when only something
    closed)."""
    open_now = _open_now(state, offers)
    memo = play_memo()
    said_: set[tuple[str, str]] = memo.get(ANYTIME_SAID, set()) & set(open_now)
    memo[ANYTIME_SAID] = said_ | set(open_now)
    if not set(open_now) - said_:
        return
    shown: dict[str, dict[str | None, list[str]]] = {}
    for (name, _key), (title, card) in open_now.items():
        shown.setdefault(title, {}).setdefault(card, []).append(name)
    parts = []
    for title, cards in shown.items():
        if None in cards:
            parts.append(f"{title} ({'/'.join(cards[None])})")
        named = sorted((card, names) for card, names in cards.items() if card is not None)
        if named:
            parts.append(_("{label}: {value}").format(label=title, value=", ".join(
                f"{card} ({'/'.join(names)})" for card, names in named)))
    what = "; ".join(parts)
    click.echo("  " + _("Possible now: {what}; to do it, type your name at the question below.").format(what=what))


def _anytime_answer(state: GameState, offers: dict[str, list[Decision]]) -> Callable[[str], object]:
    """What any question of the step takes besides its own answers: the name of a player
    who may do something now, or the title of a card one of them may play now."""
    cards = {key: name for name, decisions in offers.items() for d in decisions for key in _named_cards(d, state)}

    def convert(text: str) -> tuple[str, str] | None:
        named = next((n for n in offers if i18n.folded(n) == i18n.folded(text)), None)
        if named is not None:
            return named, ""
        if not text.strip() or text.strip().lstrip("+-").isdigit() or not cards:
            return None
        try:
            key = typed_card(text, list(cards))
        except KitError:
            return None
        return ("", key) if key is not None else None
    return convert


def with_offers(state: GameState, anytime: list[Decision],
                asking: Callable[[], tuple[Decision, Line]]) -> tuple[Decision, Line]:
    """`asking()` (the step's questions), with what anyone may do at any time offered
    through them: a line naming what opened (`say_offers`), then every question of the step
    taking the name of whoever does it, or the title of a card they play; nobody doing it
    costs no answer. A name: what that player may do, asked (`ask_offered`); a card: who
    plays it where several may, then its decision's questions."""
    offers = anytime_offers(anytime)
    if not offers:
        play_memo().pop(ANYTIME_SAID, None)
        return asking()
    say_offers(state, offers)
    try:
        with also_answers(_anytime_answer(state, offers)):
            return asking()
    except AnsweredElsewhere as taken:
        name, card = cast(tuple[str, str], taken.value)
    if name:
        return ask_offered(offers[name], state)
    playing = [n for n, decisions in offers.items() if any(card in _named_cards(d, state) for d in decisions)]
    who = playing[0] if len(playing) == 1 else ask_player(
        _("Who plays {title}?").format(title=_card_titles([card])[0]), playing, field="player")
    chosen = next(d for d in offers[who] if card in _named_cards(d, state))
    return chosen, _ask_card_played(chosen, state, card)


def counts_on_one_line(step: plan.Step) -> bool:
    """Whether `step` is the first key of a group of several whole numbers, each optional
    (players' counts, the resources an effect changes), which one line asks whole
    (`ask_counts`): « Ben=1 », « pression=+3 credit=-1 », not a question per key."""
    return step.key == step.spec.keys[0][0] and len(step.spec.keys) > 1 and \
        all(sub.kind == "number" for _key, sub in step.spec.keys)


def ask_counts(step: plan.Step) -> dict[str, int]:
    """A group's numbers on one line, as KEY=N pairs: a player's name as people type it, a
    resource in the game's words or by its initial; Enter alone: none."""
    keys = [key for key, _sub in step.spec.keys]
    subs = dict(step.spec.keys)
    names = all(sub.verbatim for sub in subs.values())
    shown = {key: key if names else label(key) for key in keys}
    signed = any(sub.low is None or sub.low < 0 for sub in subs.values())
    # a name's pair alone says it (« Ben=1 »); a resource's, beside the other (« pression=+3, credit=-1 »)
    example = ", ".join(f"{shown[key]}={value}" for key, value in zip(keys[:1] if names else keys,
                                                                        ("+3", "-1") if signed else ("1", "2")))
    prompt = (_("{label} ({example}, one pair per name; empty: none)") if names else
              _("{label} ({example}; empty: none)")).format(label=said(step.spec.label), example=example)

    def key_of(text: str) -> str:
        if names:
            return match_name(text, keys)
        found = match_word(text, keys)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=", ".join(shown.values())))
        return found

    def convert(text: str) -> dict[str, int]:
        # the game's words hold no space: « p=+3 c=-1 » is two pairs (a player's name may hold one)
        pairs = parse_pairs(text.split() if not names else [text], said(step.spec.label), example=example,
                            convert=whole_number)
        counts: dict[str, int] = {}
        for typed, value in pairs.items():
            key = key_of(typed)
            _within(subs[key].low, subs[key].high)(value)
            counts[key] = value
        return counts
    return ask(prompt, convert, default="", field=step.spec.field)
