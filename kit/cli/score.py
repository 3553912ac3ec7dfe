"""`kit score ...`: the table scorekeeper's commands, thin over scorekeeper.session.

The core commands work for every game (new, act, undo, log, show, play, repair). Each game's
friendly commands live in kit/games/<game>/table.py, listed by the game's TABLE_COMMANDS and
loaded only when used (see kit/table/__init__.py for that contract).
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from kit import games, i18n, table
from kit.cli import LANG_HELP, LazyGroup, split_lang
from kit.cli.choices import Games
from kit.cli.examples import GameExamples
from kit.errors import KitError
from kit.i18n import N_, _, ngettext
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.fields import Line, typed
from scorekeeper.rules.flow import GameState

LANGS = click.Choice(i18n.LANGUAGES, case_sensitive=False)


def _game_commands() -> dict[str, str]:
    """Every game's friendly commands: name -> "kit.games.<game>.table.<function>"."""
    commands: dict[str, str] = {}
    for game in rules.GAME_IDS:
        for name, function in games.kit_module(game).TABLE_COMMANDS.items():
            if name in commands:
                raise RuntimeError(f"two games define `kit score {name}`")
            commands[name] = f"{games.kit_package(game)}.table.{function}"
    return commands


class ScoreGroup(GameExamples, LazyGroup):
    """The `score` group: every command takes --lang and speaks the active language
    (kit.cli.LazyGroup). The games' commands are read from the registry when asked for, so a
    game added to it has its commands."""

    @property
    def lazy_subcommands(self) -> dict[str, str]:
        return {**_game_commands(), **self.core_commands}

    @lazy_subcommands.setter
    def lazy_subcommands(self, commands: dict[str, str]) -> None:
        self.core_commands = commands

    def lazy_target(self, cmd_name: str) -> str | None:
        # the group's own commands (show, act, log...) are found without reading the games'
        # registry: its entry points cost `kit score show` a tenth of its start-up
        if cmd_name in self.core_commands:
            return self.core_commands[cmd_name]
        if cmd_name in self.commands:
            return None
        return _game_commands().get(cmd_name)


@click.group(cls=ScoreGroup, lazy_subcommands={"serve": "kit.serve.command.serve"}, epilog=table.examples(
    "play game.jsonl",
    "show game.jsonl --as Ben",
    "log game.jsonl --lang fr",
    "undo game.jsonl"))
@click.option("--lang", type=LANGS, help=LANG_HELP, expose_value=False)
def score() -> None:
    """Keep the score of a game at the table, in a session file that never loses an entry.

    Create a session with `new`, then either let `play` guide the table step by step, or
    type each event with the game's own commands (or `act` and the action's JSON). `show`,
    `log` and `undo` work for every game. A refusal exits with status 2 and one sentence;
    the file is then left exactly as it was. Each command's --help has examples.
    """


@score.command(cls=GameExamples)
@table.FILE
@click.argument("game", type=Games())
@click.option("--player", "players", multiple=True, metavar="NAME[:ROLE]",
              help="A player, in turn order; ROLE is their role, in a game whose players have one. "
                   "Repeat per player.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option (values read as JSON when they parse: true, 3; @FILE reads a "
                   "YAML or JSON file). Repeatable.")
@click.option("--deal", is_flag=True, help="Deal the secret roles at random: nobody at the "
                                            "table sees them; each player reads theirs on their phone or with "
                                            "`kit score show FILE --as NAME`.")
@click.option("--layouts", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              metavar="FOLDER", help="A designer's copy of layouts/ whose cards and other game data "
                                     "the session plays.  "
                                     "[default: the kit's own layouts/]")
@click.option("--edition", type=LANGS, default=None,
              help="The edition of the kit the table plays (fr: the games' own; en: the English edition): "
                   "the cards' titles and texts the table shows.  [default: the language of --lang]")
def new(file: Path, game: str, players: tuple[str, ...], options: tuple[str, ...], deal: bool,
        layouts: Path | None, edition: str | None) -> None:
    """Create the session FILE for a new GAME (never overwrites a file).

    For a game played with cards, the session records the deck the kit prints (from
    --layouts, or the kit's own): the table applies what each card says, and a later change
    to the layouts does not change a game under way. The deck is read in the edition of
    --edition, else of --lang (or the locale): guided play, the log and the phones name
    the cards by that edition's titles, and a card typed in either language is recognised.
    """
    if not players:
        raise KitError(_("Name the players with --player NAME[:ROLE], once per player."))
    parsed = {}
    for text in options:
        key, value = table.split_pair(text, "--option", _option_example(game), N_("KEY=VALUE"))
        key = i18n.option_name(key)
        if key in parsed:
            raise KitError(_("--option gives {key} twice; give each option once.").format(key=key))
        parsed[key] = table.read_option_file(value[1:]) if value.startswith("@") else table.parse_value(value)
    from kit import faces

    declared = faces.of(game)
    if declared.prepare_options is not None:
        parsed = declared.prepare_options(parsed, layouts)
    players_list = table.parse_players(players)
    if declared.prepare_players is not None:
        players_list = declared.prepare_players(players_list)
    if deal:
        if declared.deal is None:
            raise KitError(_("{game} has no secret roles to deal; leave out --deal.").format(game=game))
        players_list = declared.deal(players_list)
    from kit.deck import for_session  # the layouts are read only for a game with cards
    lang = (edition or i18n.default_edition()).lower()
    session = sessions.create(file, game, players_list, parsed, for_session(game, layouts, lang), lang)
    click.echo(_("Created {file}: {title} with {players}.").format(
        file=file, title=session.rules.title, players=_players_text(session, reveal=not deal)))
    if deal:
        click.echo(_("The roles are dealt and secret: each player reads theirs on their own phone "
                     "(`kit score serve`) or, alone at this terminal, with `kit score show {file} --as NAME`.").format(file=file))


def _option_example(game: str) -> str:
    """An option of `game` as its examples give one (kit/faces.py), for a refusal to show."""
    from kit import faces

    for line in faces.of(game).examples:
        words = (line if isinstance(line, str) else line[0]).split()
        if "--option" in words[:-1]:
            return words[words.index("--option") + 1]
    return "KEY=3"


def _players_text(session: sessions.Session, reveal: str | bool = False) -> str:
    """"Alice (titienses), Bob (ramnes)": the header's players as `new` and `log` print them;
    a role the rules keep secret only for whom it is revealed to (rules.seats_view)."""
    seen = rules.seats_view(session.game, session.players, reveal if reveal is not False else None)
    return ", ".join(p["name"] + (f" ({p['role']})" if p.get("role") else "") for p in seen)


class _DataArguments(GameExamples):
    """A command whose arguments are data, never options: `act FILE -1` hands "-1" to the
    action's own check instead of click's usage error. Only -h/--help stay options, and a
    `--` before the action is still understood. A missing or extra argument is one sentence.
    --lang, anywhere on the line, was read before parsing (kit.cli) and is set aside here."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        args = split_lang(args)[1]
        if not any(arg in ("-h", "--help") for arg in args):
            if len(args) == 3 and args[1] == "--":
                args = [args[0], args[2]]
            args = ["--", *args]
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise KitError(_("{problem} Write: kit score {command} FILE ACTION.").format(
                problem=error.format_message(), command=self.name)) from None


@score.command(cls=_DataArguments, epilog=table.examples("""act game.jsonl '{"action": "undo"}'"""))
@table.FILE
@click.argument("action", metavar="ACTION")
def act(file: Path, action: str) -> None:
    """Check one ACTION (a JSON object) against the rules and append it to FILE."""
    parsed = table.parse_json_action(action)
    try:
        table.submit(file, parsed, match_names=False)
    except RuleViolation as refused:
        # the screen may be the table's: a refused answer to a secret decision (a Hoc Censeo
        # ballot, the colours a circle takes) is said without the values it would give away
        session = table.open_session(file, history=False)
        offered = rules.pending(session.game, session.state) + rules.anytime(session.game, session.state)
        if any(d["secret"] and d["action"] == parsed.get("action") for d in offered):
            raise KitError(_with_key(i18n.refusal(refused, reveal=False), refused)) from None
        raise KitError(_with_key(i18n.refusal(refused), refused)) from None


def _with_key(sentence: str, refused: RuleViolation) -> str:
    """A refusal of JSON typed at `act`: the sentence names the field in the reader's words,
    and the JSON key it refused follows in code quotes, for the one who typed it."""
    if refused.field is None:
        return sentence
    key = typed(refused.field)
    if f"`{key}`" in sentence:
        return sentence
    return _("{refusal} (In the JSON: `{key}`.)").format(refusal=sentence, key=key)


@score.command(epilog=table.examples("undo game.jsonl"))
@table.FILE
def undo(file: Path) -> None:
    """Cancel the latest action still in effect (the undo is appended to the log)."""
    try:
        session, cancelled = table.undo(file)
    except sessions.NothingToUndo:   # the rules' sentence does not name the file
        raise KitError(_("There is nothing to undo in {file}: no action is in effect.").format(file=file)) from None
    for text in table.undo_lines(session):
        click.echo(text)


@score.command(cls=GameExamples, epilog=table.examples("log game.jsonl", "log game.jsonl --lang fr",
                                                       "log game.jsonl --as Ben", "log game.jsonl --reveal"))
@table.FILE
@click.option("--reveal", is_flag=True, help="Show every player's secret amounts too.")
@click.option("--as", "viewer", metavar="NAME", help="Show NAME's own secret amounts, not the others'.")
def log(file: Path, reveal: bool, viewer: str | None) -> None:
    """The numbered history of FILE (numbers are the file's line numbers) and what each entry
    did; what a player entered in secret shows only as the table saw it, unless asked to reveal."""
    session = table.open_session(file)
    shown: str | bool = True if reveal else (table.match_name(viewer, [p["name"] for p in session.players])
                                             if viewer is not None else False)
    click.echo("1. " + _("New game: {title}, {players}.").format(title=session.rules.title,
                                                                 players=_players_text(session, shown)))
    # An undo line names what it cancelled: the entry whose undone_by is that undo's line.
    cancelled = {entry.undone_by: entry for entry in session.entries if entry.undone_by}
    states = _states_around(session)
    corrections = rules.corrections(session.game)
    for entry in session.entries:
        before, after = states.get(entry.line, (None, None))
        text = table.describe(session.game, entry.action, shown, before)
        lines: list[str] = []
        if before is not None and after is not None:    # not an undo line, whose own line says what it did
            text, lines = table.event_lines(session.game, before, after, entry.action, text,
                                            viewer=shown if isinstance(shown, str) else None, reveal=shown is True)
        if entry.action.get("action") in corrections:      # typed by hand, as the table's story says too
            text = _("Correction: {entry}").format(entry=text)
        if entry.line in cancelled:
            target = cancelled[entry.line]
            text = _("Undo of line {line}: {action}").format(
                line=target.line, action=table.describe(session.game, target.action, shown,
                                                        states.get(target.line, (None, None))[0]))
        if entry.undone_by:
            text += "  " + _("[undone by line {line}]").format(line=entry.undone_by)
        click.echo(f"{entry.line}. {text}")
        for told in lines:
            click.echo(told)


def _states_around(session: sessions.Session) -> dict[int, tuple[GameState, GameState]]:
    """line -> the state each action met and the state it left (so the log can say what
    really happened)."""
    states = [rules.setup(session.game, session.players, session.options, session.deck)]
    around = {}
    for entry in session.entries:
        if entry.action.get("action") == sessions.UNDO:
            states.pop()
        else:
            states.append(session.rules.take(states[-1], entry.action))
            around[entry.line] = (states[-2], states[-1])
    return around


@score.command(epilog=table.examples(
    "show game.jsonl", "show game.jsonl --as Ben", "show game.jsonl --reveal --lang fr",
    "show game.jsonl --json", "show game.jsonl --json --as Ben", "show game.jsonl --json --public"))
@table.FILE
@click.option("--json", "as_json", is_flag=True,
              help="Print the state as JSON, with what comes next (pending, anytime): the whole state, "
                   "secrets included, unless --as or --public.")
@click.option("--reveal", is_flag=True, help="Show every player's secrets too.")
@click.option("--as", "viewer", metavar="NAME", help="Show what NAME may see: NAME's secrets, not the others'.")
@click.option("--public", is_flag=True, help="Show what everyone at the table may see.")
def show(file: Path, as_json: bool, reveal: bool, viewer: str | None, public: bool) -> None:
    """The current state of FILE as a table (secrets hidden until the game is over, unless asked)."""
    session = table.open_session(file, history=False)
    state = session.state
    if viewer is not None:
        viewer = table.match_name(viewer, list(state["players"]))
    if as_json:
        if viewer is not None or public:
            shown = rules.view(session.game, state, viewer)
        else:
            shown = rules.whole_state(session.game, state)
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
        return
    # once the game is over, nothing is secret
    seen = state if reveal or state["over"] else rules.public_view(session.game, state, viewer)
    click.echo(table.game_module(session.game).render(seen))


@score.command(epilog=table.examples("play game.jsonl"))
@table.FILE
def play(file: Path) -> None:
    """Guided play at the table: asks each step, hides typed secrets, saves every entry.

    Works for every game and resumes where FILE stands; Ctrl-C or Ctrl-D stops without
    losing anything accepted.
    """
    session = table.open_session(file)
    with table.guided(file, session):
        table.play_pending(file)


@score.command(epilog=table.examples("repair game.jsonl", "repair game.jsonl --yes"))
@table.FILE
@click.option("--yes", is_flag=True, help="Cut without asking.")
def repair(file: Path, yes: bool) -> None:
    """Cut a torn last line (an interrupted write) off FILE, after showing it."""
    torn = sessions.torn_tail(file)   # any other problem is reported as it stands
    if torn is None:
        raise KitError(_("{file} has no cut-short last line; there is nothing to repair.").format(file=file))
    if not torn.repairable:
        raise KitError(i18n.refusal(torn))     # in the words `show` uses
    click.echo(_("Line {line} is cut short: {text}").format(line=torn.line,
                                                           text=repr(torn.tail.decode("utf-8", "replace"))))
    if not yes and not table.ask_yes_no(_("Remove it? The lines before it are kept unchanged"), default=False):
        raise KitError(_("Nothing was changed in {file}.").format(file=file))
    line, removed = sessions.repair(file)
    click.echo(ngettext("Removed line {line} ({size} byte); {file} is whole again.",
                        "Removed line {line} ({size} bytes); {file} is whole again.", len(removed)).format(
        line=line, size=len(removed), file=file))


@score.command(name="deck-empty", cls=GameExamples)
@table.FILE
@click.option("--hand", "hands", multiple=True, metavar="NAME=N",
              help="Cards in a player's hand, where the game counts them as the deck runs out (to break a tie).")
def deck_empty(file: Path, hands: tuple[str, ...]) -> None:
    """The deck has run out, in a game whose deck can run out.

    \f
    Shared by the games whose deck can run out: each builds its own action through the
    `deck_empty_action(hands)` its faces declare (kit/games/<game>/faces.py).
    """
    def build(session: sessions.Session) -> Line:   # the game decides, from the file read once
        from kit import faces

        ending_action = faces.of(session.game).deck_empty_action
        if ending_action is None:
            ending = [game for game in rules.GAME_IDS if faces.of(game).deck_empty_action is not None]
            raise KitError(_("{game} has no deck that runs out; deck-empty is for {games}.").format(
                game=session.game, games=i18n.join(ending)))
        parsed = table.parse_pairs(hands, "--hand", example="Ana=3", convert=table.whole_number)
        return ending_action(parsed)
    table.submit(file, build)
