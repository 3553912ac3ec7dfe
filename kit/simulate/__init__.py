"""Simulated tables: bots play complete games through scorekeeper.rules, and the statistics
tell a designer what a change in layouts/ does to a game.

Each game's bots live with the game, in `kit/games/<game>/bots.py`, the same shape for each:

- `GAME_ID`, `PLAYERS` (the default player count) and `BOTS`: bot name -> the one-line
  heuristic it follows; every game has at least "random" (uniform among the legal choices)
  and "greedy".
- `load(layouts_root) -> table`: what the paper game hides (decks, motions in the hat, card
  values), read from the kit's own layouts with the kit's own checks, as plain picklable
  data for the worker processes.
- `play(table, bots, options, rng) -> record`: one complete game. Every state change is an
  action the rule engine's `apply` accepted, the very function that checks sessions; a bot
  whose action the engine refuses is a bug (`BotError`), never silently skipped.
- `FIGURES`: name -> label of the game's own figures in the record (see `runner`).
- `ROLES`; what the report says of them is the game's faces' (kit/faces.py): `role_names`
  (role -> the name the report prints: Hoc Censeo's tribes), `ways_to_win` (the words of
  the record's `how`: a way never taken shows at 0 %; every game won one way is flagged only
  where there are several) and `simplifications` (bot name -> sentences, English msgids,
  what the bot leaves out of the game; the report prints them beside its figures), declared
  in its faces.py from the names its bots.py gives them.
- The record also says how each winner won, by how much, and which cards or motions came
  up (`game_record`'s how, margin, items): the game's facts come from its own module, never
  from its name in the runner.

`runner.simulate` plays a batch on every core and `runner.summarise` makes the figures.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any, NotRequired, TypedDict, TypeVar

from kit.games import kit_package
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import GameState, Line


class BotError(RuntimeError):
    """A bot chose an action the rule engine refused: a bug in the bot, not in the game."""


def module(game: str) -> ModuleType:
    """kit/games/<game>/bots.py, found from the games' registry (kit.games.kits()) at each call,
    so a fifth game's bots are found like its layout and its table (the tests add one)."""
    return importlib.import_module(kit_package(game) + ".bots")


State = TypeVar("State", bound=GameState)

# A bot's count of its decisions: decision -> option -> [times offered, times taken].
Choices = dict[str, dict[str, list[int]]]
# What a game's bots.load reads from the layouts (decks, motions, card values): its own
# shape, plain picklable data for the workers, handed back to its own play unread.
TableData = dict[str, Any]
# What `kit simulate --json` prints and the report reads (runner.summarise): JSON, by figure.
Summary = dict[str, Any]
# A figure a designer should look at twice (runner.warnings): its kind, and what the report says.
Warning = dict[str, Any]
# One figure of a variant beside the reference (compare.rows): what, name, kind, a, b,
# difference, low, high, method, settled.
Row = dict[str, Any]


class Compared(TypedDict):
    """A variant's figures beside the reference's (plan.comparisons)."""

    a: str          # the reference's label
    b: str          # the variant's
    rows: list[Row]


class Comparison(TypedDict):
    """One game's variants and each compared with the first (plan.comparisons)."""

    game: str
    variants: list[Summary]
    comparisons: list[Compared]


class GameRecord(TypedDict):
    """One game's record (game_record; its fields are described in kit.simulate.runner)."""

    roles: list[str] | None
    winners: list[int]
    how: list[str]
    margin: float | None
    items: dict[str, list[list[Any]]]   # [item, seat index or None, outcome or None]
    finished: bool
    rounds: int
    turns: int
    numbers: dict[str, Any]             # a number, or a list of numbers (one per player)
    flags: dict[str, bool]
    tally: dict[str, list[str]]
    choices: dict[str, Choices]         # by bot
    bots: NotRequired[list[str]]        # the runner's: the bot of each seat


def apply(rules: ModuleType, state: State, action: Line) -> State:
    """The engine's new state; a refusal names the action the bot tried. The rules parse
    the bot's line once, as they parse a session's (scorekeeper.rules.fields)."""
    try:
        new: State = rules.apply(state, action)   # a rule module's apply: (its State, a line) -> its State
        return new
    except RuleViolation as refusal:
        raise BotError(f"the rules refused a simulated action {action}: {refusal}") from None


def game_record(state: GameState, seats: list[str], turns: int, choices: dict[str, Choices], *,
                roles: list[str] | None = None, rounds: int | None = None, finished: bool | None = None,
                numbers: dict[str, Any] | None = None, flags: dict[str, bool] | None = None,
                tally: dict[str, list[str]] | None = None, how: list[str] | None = None,
                margin: float | None = None, items: dict[str, list[list[Any]]] | None = None) -> GameRecord:
    """One game's record as `runner.summarise` reads it: winners by seat index, whether the
    game ended by the rules (else the turn cap stopped it), its length, and the game's own
    figures. Rounds default to whole turns of the table.

    The game tells how it was won, in its own words (they are English msgids, translated
    where they are shown): `how` holds one way per winner, in the order of state["winners"]
    (PHD "thesis", "bingo", "last player"; Hoc Censeo "circle", "secondary objective"...);
    `margin` is the winners' lead over the best other player in the game's own score (None
    when the game has no such score); `items` is group -> [[item, seat index or None,
    outcome or None], ...]: each card played and by whom, each motion drawn and its result.
    """
    winners = [seats.index(name) for name in state["winners"]]
    if how is not None and len(how) != len(winners):
        raise ValueError(f"how a game was won needs one way per winner: {how} for {winners}")
    return {
        "roles": roles,
        "winners": winners,
        "how": how or [],
        "margin": margin,
        "items": items or {},
        "finished": state["over"] if finished is None else finished,
        "rounds": -(-turns // len(seats)) if rounds is None else rounds,
        "turns": turns,
        "numbers": numbers or {},
        "flags": flags or {},
        "tally": tally or {},
        "choices": choices,
    }


BOT_OPTIONS = ("playouts", "think_ms")     # --option keys for the lookahead bots, not the rules


def bot_options(options: dict[str, Any], playouts: int) -> tuple[dict[str, Any], tuple[int, float | None]]:
    """The game's options without the lookahead bots' budget, and that budget: (playouts per
    decision, thinking time in milliseconds or None). `--option playouts=N` (the default:
    reproducible with a seed) or `--option think_ms=T` (a time budget: faster machines think
    more, so the figures depend on the machine)."""
    rest = {k: v for k, v in options.items() if k not in BOT_OPTIONS}
    budget = options.get("playouts", playouts)
    think = options.get("think_ms")
    for key, value in (("playouts", budget), ("think_ms", think)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
            raise BotError(f"--option {key} needs a positive number, not {value!r}")
    return rest, (int(budget), None if think is None else float(think))


def record_choice(choices: Choices, decision: str, offered: Iterable[str], taken: str) -> None:
    """Count one decision of a bot: each option offered, and the one taken. An option a bot
    never takes is first the bot's design (its heuristic leaves it out), which the report
    says as such: it is no verdict on the option."""
    options = choices.setdefault(decision, {})
    for option in offered:          # every decision of every bot comes here: no list made per option
        counts = options.get(option)
        if counts is None:
            counts = options[option] = [0, 0]
        counts[0] += 1
    options[taken][1] += 1
