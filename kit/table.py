"""What every game's score commands share: opening sessions, appending, printing, asking.

A game's module kit/games/<game>/table.py builds an action dict from options a person can type
and hands it to `submit`, which goes through exactly the same path as `kit score act`
(scorekeeper.session.append: lock, validate, one write, fsync). Guided play (`play`) uses
the `ask*` helpers, which re-ask until an entry is accepted, and `guided` so Ctrl-C or a
closed terminal stops cleanly with everything accepted already saved.

The contract for kit/games/<game>/table.py (`render` and `play` required, the rest optional):
- friendly commands as plain `@click.command(...)` functions, named in the game's
  TABLE_COMMANDS (kit/games/<game>/__init__.py); each builds an action and calls
  `submit(path, action)`;
- `play(path: Path, session) -> None`: the guided loop, resuming from `session`, the file
  as it stands (each accepted entry's new session is carried on, never read again);
- `render(state: dict, lang: str) -> str`: a readable table with standings for `show`;
- `outcome(before: dict, after: dict, action: dict, lang: str) -> list[str]`: extra lines
  printed after an accepted action (the rewards of a vote...);
- `prepare_options(options: dict) -> dict`: turn what `kit score new --option` read (e.g. a
  layout file given as @FILE) into the options the rule module's setup expects;
- `deck_empty_action(hands: dict) -> dict`: for a game whose deck runs out, the action
  `kit score deck-empty` appends, from its --hand NAME=N counts.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Callable, Iterator, TypeVar

import click

from kit import games, i18n
from kit.errors import KitError
from kit.i18n import _
from scorekeeper import rules, session as sessions
from scorekeeper.rules.checks import join_names  # the CLI lists names as the rules' sentences do
from scorekeeper.errors import RuleViolation

T = TypeVar("T")

def examples(*commands: str) -> str:
    """A command's --help epilog: command lines shown as typed (\b keeps click from rewrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  kit score {command}" for command in commands)


# The arguments every game's friendly commands take, spelled once so they read the same.
FILE = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
PLAYER = click.argument("player")


# -- sessions ------------------------------------------------------------------------------

def open_session(path: str | Path) -> sessions.Session:
    """The session in `path`, validated line by line; a torn tail says how to repair it."""
    try:
        return sessions.load(path)
    except sessions.TornLine as torn:
        raise repair_hint(torn) from None


def repair_hint(torn: sessions.TornLine) -> KitError:
    if not torn.repairable:   # a torn header: `repair` would refuse, so do not suggest it
        return KitError(i18n.refusal(torn))
    return KitError(_("{problem} Or run `kit score repair {path}`, which cuts that line after asking.").format(
        problem=i18n.refusal(torn), path=torn.path))


def submit(path: str | Path, action: dict | Callable[[sessions.Session], dict], *,
           quiet: bool = False) -> sessions.Session:
    """Append an action the way `kit score act` does, then print what happened.

    `action` may be built from the session as it stands (see scorekeeper.session.append)."""
    try:
        session = sessions.append(path, action)
    except sessions.TornLine as torn:
        raise repair_hint(torn) from None
    if not quiet:
        report(session, session.before, session.entries[-1].action)
    return session


def undo(path: str | Path) -> tuple[sessions.Session, sessions.Entry]:
    """Append an undo, printing nothing; the new session and the entry it cancelled (the
    one whose undone_by is the new last line). NothingToUndo when no action is in effect."""
    session = submit(path, {"action": sessions.UNDO}, quiet=True)
    return session, next(e for e in session.entries if e.undone_by == session.entries[-1].line)


def try_submit(path: str | Path, action: dict, *, quiet: bool = False,
               refused_note: str = "") -> sessions.Session | None:
    """`submit`, where a refusal is part of the conversation: guided play shows the rule's
    sentence (followed by `refused_note`, when given) and goes on, so None, not an error.

    A file that cannot be locked or written is not a refusal (a SessionError, not a
    RuleViolation): it still stops the command.
    """
    try:
        return submit(path, action, quiet=quiet)
    except RuleViolation as refused:
        click.echo(f"  {refused}" + (f" {refused_note}" if refused_note else ""), err=True)
        return None


def report(session: sessions.Session, before: dict, action: dict) -> None:
    """Print the accepted action, the game's extra outcome lines and the end of the game."""
    for line in outcome_lines(session, before, action):
        click.echo(line)


def outcome_lines(session: sessions.Session, before: dict, action: dict, lang: str = "en") -> list[str]:
    line = session.entries[-1].line if session.entries else 1
    lines = [f"{line}. {describe(session.game, action, lang)}"]
    game_cli = game_module(session.game)
    after = session.state
    if hasattr(game_cli, "outcome"):
        lines.extend(game_cli.outcome(before, after, action, lang))
    if after.get("over") and not before.get("over"):
        lines.append(game_over_line(after))
    return lines


def game_over_line(state: dict) -> str:
    winners = state.get("winners") or []
    if not winners:
        return "Game over: nobody wins."
    if len(winners) == 1:
        return f"Game over: {winners[0]} wins."
    return f"Game over: {join_names(winners)} win."


def describe(game: str, action: dict, lang: str = "en") -> str:
    if action.get("action") == sessions.UNDO:
        return "Annulation de la dernière action en vigueur." if lang == "fr" else "Undo the latest action in effect."
    return rules.describe(game, action, lang)


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
            value=text if len(text) <= 40 else text[:39] + "…", reason=error)) from None


def read_option_file(name: str) -> object:
    """An option value read from a YAML (or JSON) file: `--option objectives=@FILE`, read
    like a layout file, within the same bounds (size, nesting, aliases, numbers)."""
    from kit.errors import LayoutError
    from kit.schema import read_yaml

    try:
        return read_yaml(name)
    except LayoutError as error:
        raise KitError(_("The option file {problem}.").format(problem=error)) from None


def parse_json_action(text: str) -> dict:
    try:
        action = sessions.parse_json(text)
    except sessions.BadJSON as error:
        if error.column is None:   # JSON, but beyond what a score can hold
            raise KitError(_("The action cannot be read: {reason}.").format(reason=error)) from None
        raise KitError(_("The action is not valid JSON ({reason} at column {column}); write it like "
                         "'{{\"action\": \"undo\"}}'.").format(reason=error.reason, column=error.column)) from None
    if not isinstance(action, dict):
        raise KitError("The action must be a JSON object such as '{\"action\": \"undo\"}'.")
    return action


def split_pair(text: str, option: str, example: str, form: str = "NAME=VALUE") -> tuple[str, str]:
    """NAME=VALUE -> (NAME, VALUE); KitError naming the option otherwise."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise KitError(f"{option} expects {form}, such as {example}, not {text!r}.")
    return name.strip(), value.strip()


def parse_pairs(values: tuple[str, ...] | list[str], option: str, *, example: str = "Alice=20",
                convert: Callable[[str], object] = parse_value) -> dict:
    """Repeated NAME=VALUE options (or comma-separated ones) as a dict; a name at most once."""
    result: dict = {}
    for value in values:
        for item in (part for part in value.split(",") if part.strip()):
            name, raw = split_pair(item, option, example)
            if name in result:
                raise KitError(f"{option} names {name} twice; give each name once.")
            try:
                result[name] = convert(raw)
            except KitError as error:   # say whose value it was: several may be on one line
                raise KitError(f"{option} {name}={raw}: {error}") from None
    return result


def whole_number(text: str) -> int:
    """An integer a person typed (leading/trailing spaces allowed); KitError otherwise."""
    try:
        return int(text.strip())
    except ValueError:
        raise KitError(f"{text.strip()!r} is not a whole number.") from None


def parse_players(values: tuple[str, ...] | list[str]) -> list[dict]:
    """--player NAME[:ROLE] options as the header's player list."""
    players = []
    for value in values:
        name, _, role = value.partition(":")
        player = {"name": name.strip()}
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

def table(headers: list[str], rows: list[list[object]]) -> str:
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

@contextmanager
def guided(path: str | Path) -> Iterator[None]:
    """Stop guided play cleanly on Ctrl-C or a closed terminal: all accepted is saved."""
    try:
        yield
    except (click.Abort, KeyboardInterrupt, EOFError):
        click.echo(f"\nStopped. Everything accepted so far is saved in {path}; "
                   f"`kit score play {path}` resumes from there.", err=True)
        raise click.exceptions.Exit(130) from None


def ask(prompt: str, convert: Callable[[str], T], *, hide: bool = False,
        default: str | None = None) -> T:
    """Ask until `convert` accepts the answer; its RuleViolation/KitError is shown, then ask again.

    default="" lets Enter alone answer "" (for "none" or "nobody") without showing an empty [].
    """
    while True:
        text = click.prompt(prompt, default=default, hide_input=hide,
                            show_default=bool(default) and not hide)
        try:
            return convert(text)
        except (RuleViolation, KitError) as error:
            click.echo(f"  {error}", err=True)


def ask_number(prompt: str, *, hide: bool = False, default: int | None = 0,
               check: Callable[[int], None] | None = None) -> int:
    """A whole number, checked at once by `check` (which raises RuleViolation to refuse)."""
    def convert(text: str) -> int:
        value = default if not text.strip() and default is not None else whole_number(text)
        if check is not None:
            check(value)
        return value
    # Enter alone means the default (0 for a vote): "" for a hidden prompt, so nothing shows.
    shown = None if default is None else ("" if hide else str(default))
    return ask(prompt, convert, hide=hide, default=shown)


def ask_choice(prompt: str, choices: list[str] | tuple[str, ...], *, default: str | None = None) -> str:
    """One of `choices` (a unique prefix is enough)."""
    def convert(text: str) -> str:
        text = text.strip()
        exact = [c for c in choices if c.lower() == text.lower()]
        found = exact or [c for c in choices if c.lower().startswith(text.lower())] if text else []
        if len(found) == 1:
            return found[0]
        raise KitError(f"Answer one of {', '.join(choices)}.")
    return ask(f"{prompt} ({'/'.join(choices)})", convert, default=default)


def ask_yes_no(prompt: str, default: bool = False) -> bool:
    return click.confirm(prompt, default=default)


def play_turns(state: dict, prompt: str, turn: Callable[[str, dict], dict],
               render: Callable[[dict], str], *,
               takes_turns: Callable[[dict, str], bool] = lambda state, name: True) -> None:
    """Guided play turn by turn: show the table, ask who starts (among the players who
    `takes_turns`), run `turn(name, state) -> state` and pass to the next in seating until
    the game is over, then show the table again."""
    if not state["over"]:
        click.echo(render(state))
        choices = [name for name in state["players"] if takes_turns(state, name)]
        current = ask_choice(prompt, choices, default=choices[0])
        while not state["over"]:
            state = turn(current, state)
            current = next_in_seating(state, current, takes_turns)
    click.echo(render(state))


def next_in_seating(state: dict, name: str,
                    takes_turns: Callable[[dict, str], bool] = lambda state, name: True) -> str:
    """The next player after `name` in seating order who `takes_turns` (`name` if nobody else)."""
    names = list(state["players"])
    for step in range(1, len(names) + 1):
        candidate = names[(names.index(name) + step) % len(names)]
        if takes_turns(state, candidate):
            return candidate
    return name


def apply_until_accepted(path: str | Path, build: Callable[[], dict]) -> sessions.Session:
    """Build an action by asking, append it and print what happened; on a refusal show the
    sentence and ask again (so `build` must ask anew each time it is called)."""
    while True:
        session = try_submit(path, build())
        if session is not None:
            return session
