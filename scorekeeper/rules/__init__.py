"""One rule module per game, each declaring its game once: `RULES`, a typed `GameRules`.

Each module `scorekeeper.rules.<game>` holds its numbers (the constants the kit prints:
tracks, counts, tables; the kit imports them, nobody retypes them), its flow functions, and
ends with `RULES = GameRules(...)` (scorekeeper/rules/declaration.py), which names them all
with every default in one place: id, title, player counts, options, each action's fields
(`FIELDS`, scorekeeper/rules/fields.py) and actor, corrections, secrets, card types. `of(game)`
gives that declaration; code serving any game reads its attributes. The flow functions:

- `setup(players: list[dict], options: dict) -> dict`: the state of a new game, from the
  session header's players ([{"name": ..., "role": ...}]) and options; raises
  RuleViolation on a bad setup (player count, roles, options). A game played with printed
  cards (`card_types`) takes the header's deck too: `setup(players, options, deck=None)`
  (scorekeeper.rules.deck), keeps its cards in the state as `cards`, and its `canonical(state,
  action)` gives an entry as the file stores it (a card named by its title stored as its id),
  which parsing applies once the fields are checked (`GameRules.parse`).
- `take(state: dict, action: fields.Action) -> dict`: the state after one action parsed
  once at the edge (`RULES.parse`: `FIELDS.parse`, then the game's own spelling of its
  cards), so no rule reads a field of the wrong shape and none checks a field's shape
  again; `scorekeeper/session.py` parses every line it reads or appends and hands it to
  `take`. `apply(state, line)` is `take` after the parse, for a line no one parsed yet (a
  bot's, a face's check). Never mutates `state` nor the action (a Mapping: mypy refuses a
  change); raises RuleViolation with one sentence a player understands when the rules
  refuse the action.
- the game's flow and views (shapes in scorekeeper/rules/flow.py):
  - `pending(state) -> list[dict]`: the decisions the table waits for now, in the order the
    table takes them (empty once the game is over);
  - `anytime(state) -> list[dict]`: what some player may do at any moment;
  - `outcome(before, after, action) -> list[flow.Event]`: what an accepted action did, in
    public wording and, where it holds a secret, private wording for its owner;
  - `current_player(state)` (where the game has turns): who enters what the table decides
    as a whole;
  - `apply` refuses an entry the rules forbid at this point of the turn, saying what the
    game waits for; what the rules allow at any time stays accepted. Where the log records
    `turn` lines (guided play, phones, bots write them as `pending` asks), the turn is
    enforced; a session typed entry by entry without them works as before.
- `standings(state) -> list[tuple[int, str]]` (optional): (rank, name) best first, equal
  records sharing a rank; the game's `show` table orders its rows by it.

Who sees what is declared once: `secret_fields` (player fields only their owner may see),
`secret_by_player` (top-level fields keyed by player name, Hoc Censeo's `ballots`, of which a
player sees their own entry only), `role_field` (the player field a seat's role sets; among
the secret fields, the header's roles are as secret as the field). `view` below is the only
place that hides them, for every screen, page, log and bot. Who may enter what is declared
once too: each action's actor, the corrections (the host's), and `may_enter` below.

`undo` is not a rule action: `scorekeeper.session` handles it by going back to the state
before the cancelled action; rule modules never see it. States are plain JSON-compatible
dicts: what `kit score show --json` prints.
"""
from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, Protocol, cast

from scorekeeper.errors import Forbidden, RuleViolation

if TYPE_CHECKING:
    from scorekeeper.rules.declaration import GameRules
    from scorekeeper.rules.fields import Declaration
    from scorekeeper.rules.flow import Action, Decision, Event, GameState, Line, Seat


class Rules(Protocol):
    """A rule module as code outside it may read it: its declaration (`RULES`, what code
    serving any game reads, through `of`) and the functions it names. Each module takes and
    gives its own `State`, which holds a GameState's fields."""

    GAME_ID: str
    TITLE: str
    FIELDS: Declaration
    RULES: GameRules

    def setup(self, players: list[Seat], options: dict[str, Any] | None = ...) -> GameState: ...

    def apply(self, state: Any, line: Line) -> GameState: ...

    def take(self, state: Any, action: Action) -> GameState: ...

    def pending(self, state: Any) -> list[Decision]: ...

    def anytime(self, state: Any) -> list[Decision]: ...

    def outcome(self, before: Any, after: Any, action: Action) -> list[Event]: ...


# The project's own games. A game installed beside the kit (its own distribution, or the
# tests' Enchère, whose folder holds its metadata) declares its rule module by an entry point
# of the group INSTALLED: `some-game = package.module`.
OWN_GAMES = {
    "phd": "scorekeeper.rules.phd",
    "amphitheatre": "scorekeeper.rules.amphitheatre",
    "promotion": "scorekeeper.rules.promotion",
    "hoc-censeo": "scorekeeper.rules.hoc_censeo",
}
INSTALLED = "scorekeeper.games"

_registry: tuple[tuple[str, ...], dict[str, str]] = ((), {})


def games() -> dict[str, str]:
    """The one registry: game id -> its rule module, the project's games first. Read again
    whenever sys.path changed, so a game's package put on the path brings its game."""
    global _registry
    key = tuple(sys.path)
    if _registry[0] != key or not _registry[1]:
        from importlib.metadata import entry_points  # 50 ms to import: only when a list is asked

        installed = {point.name: point.value for point in entry_points(group=INSTALLED)}
        _registry = (key, {**OWN_GAMES, **{g: m for g, m in installed.items() if g not in OWN_GAMES}})
    return _registry[1]


def is_game(game: object) -> bool:
    """Whether `game` is a game id of the registry (the project's own answered at once)."""
    return isinstance(game, str) and (game in OWN_GAMES or game in games())


def __getattr__(name: str) -> tuple[str, ...]:
    # GAME_IDS is read as the registry stands (a game's package may join the path later).
    if name == "GAME_IDS":
        return tuple(games())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_loaded: dict[str, Rules] = {}


def module(game: str) -> Rules:
    """The rule module of a game id (its numbers; code serving any game reads `of(game)`)."""
    # a hand-edited header's game may be any JSON value: a list is no game, not a crash
    name = (OWN_GAMES.get(game) or games().get(game)) if isinstance(game, str) else None
    loaded = _loaded.get(game) if isinstance(game, str) else None
    if loaded is not None and name == getattr(loaded, "__name__", None):
        return loaded
    if name is None:
        ids = ", ".join(games())
        raise RuleViolation("There is no game called {game}; the games are {GAME_IDS}.", game=repr(game), GAME_IDS=ids)
    loaded = _loaded[game] = cast(Rules, importlib.import_module(name))
    return loaded


def of(game: str) -> GameRules:
    """The rules' declaration of a game id (its module's `RULES`); RuleViolation for no game."""
    rules = module(game)
    try:
        return rules.RULES
    except AttributeError:     # a game's author's slip, said as the declaration says its own
        from scorekeeper.rules.declaration import DeclarationError

        raise DeclarationError(f"The rule module of {game} declares no RULES = GameRules(...) "
                               "(scorekeeper/rules/declaration.py).") from None


def setup(game: str, players: list[Seat], options: dict[str, Any] | None,
          deck: dict[str, Any] | None = None) -> GameState:
    """The state of a new game from a session header's players, options and deck (None: a
    header without one, which plays as before the decks were recorded)."""
    rules = of(game)
    if deck is None:
        return rules.setup(players, options)
    if rules.card_types is None:
        raise RuleViolation("{title} is played without cards: its session header holds no deck.", title=rules.title)
    return rules.setup(players, options, deck=deck)


def public_view(game: str, state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The state without the secrets `viewer` may not see (None: the public's view)."""
    rules = of(game)
    secret, by_player = rules.secret_fields, rules.secret_by_player
    if not secret and not by_player:
        return {**state}
    view: dict[str, Any] = {**state, "players": _seen_players(state["players"], secret, viewer)}
    for field in by_player:
        entries = view.get(field)
        if entries is not None:     # name -> value: the viewer's entry alone is seen
            view[field] = {viewer: entries[viewer]} if viewer in entries else {}
    return view


_PLAYERS_SEEN: dict[tuple[int, str | None], tuple[dict[str, Any], dict[str, Any]]] = {}
_RECORDS_SEEN: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}


def _seen_players(players: dict[str, Any], secret: tuple[str, ...], viewer: str | None) -> dict[str, Any]:
    """The players' records without the fields `viewer` may not see, made once per players
    dict and viewer: an action that changes no record (a ballot) keeps the same dict, so the
    views of the states before and after it share theirs (states are values: flow.per_state).
    A player's view is the public one (viewer None) with their own record put back."""
    known = _PLAYERS_SEEN.get((id(players), viewer))
    if known is not None and known[0] is players:
        return known[1]
    if viewer in players:
        seen = dict(_seen_players(players, secret, None))    # everyone's public records...
        seen[viewer] = players[viewer]                       # ...but the viewer's own, whole
    else:
        seen = {name: _seen_record(fields, secret) for name, fields in players.items()}
    if len(_PLAYERS_SEEN) >= 64:
        _PLAYERS_SEEN.clear()
    _PLAYERS_SEEN[(id(players), viewer)] = (players, seen)
    return seen


def _seen_record(record: dict[str, Any], secret: tuple[str, ...]) -> dict[str, Any]:
    """One player's record as everyone else sees it, made once per record: it is the same for
    every other viewer, and an action that changes one record (spending seals) leaves the
    others shared with the state before (copy on write), so their public parts serve again."""
    known = _RECORDS_SEEN.get(id(record))
    if known is not None and known[0] is record:
        return known[1]
    seen = record.copy()       # then the few secret fields out: cheaper than picking the others
    for field in secret:
        seen.pop(field, None)
    if len(_RECORDS_SEEN) >= 64:
        _RECORDS_SEEN.clear()
    _RECORDS_SEEN[id(record)] = (record, seen)
    return seen


def seats_view(game: str, seats: list[Seat], viewer: str | bool | None = None) -> list[Seat]:
    """The session header's seats as `viewer` may read them (None: the public; True: the
    reveal, everything): a role whose player field the rules keep secret (ROLE_FIELD among
    SECRET_FIELDS) is left out but on the viewer's own seat, as `view` leaves out the field."""
    rules = of(game)
    role_field = rules.role_field
    if viewer is True or role_field is None or role_field not in rules.secret_fields:
        return [seat.copy() for seat in seats]
    return [seat.copy() if seat["name"] == viewer else {"name": seat["name"]} for seat in seats]


def pending(game: str, state: GameState) -> list[Decision]:
    """The decisions the table waits for now (all of them, secrets included)."""
    return of(game).pending(state)


def anytime(game: str, state: GameState) -> list[Decision]:
    """What some player may do at any moment (all of it, secrets included)."""
    return of(game).anytime(state)


def corrections(game: str) -> tuple[str, ...]:
    """The game's corrections: the actions the table makes by hand for any player."""
    return of(game).corrections


def current_player(game: str, state: GameState) -> str | None:
    """Whose turn it is (the game's `current_player`), or None: before the first turn, in a
    session typed without `turn` lines, in a game without turns."""
    found = of(game).current_player
    return found(state) if found is not None else None


def as_entered_by(game: str, state: GameState, decision: Decision, viewer: str) -> Decision | None:
    """`decision` as the player `viewer` may enter it, or None when it is not theirs to
    enter (the host enters every decision as it stands; SCOREKEEPER.md, "Seats, devices and
    the host").

    A player enters their own decisions. What the table decides as a whole (no player:
    Promotion's deck running out, Amphithéâtre's debate result) is entered by the current
    player, never by another seat; before anyone's turn, the one whole-table decision that
    names a player (who begins) is entered by that very player (« I begin »), so no phone
    names someone else. Corrections are the host's: the table makes them by hand."""
    if decision["player"] is not None:
        return decision if decision["player"] == viewer else None
    rules = of(game)
    if decision["action"] in rules.corrections or decision["action"] in rules.host_entries:
        return None
    current = current_player(game, state)
    if current is not None:
        return decision if current == viewer else None
    named = decision["choices"].get("player")
    if isinstance(named, list) and viewer in named:
        return {**decision, "choices": {**decision["choices"], "player": [viewer]}}
    return None


def may_enter(game: str, state: GameState, viewer: str | None, action: Line) -> None:
    """Nothing when `viewer` (a player's name; None: the host) may enter `action` now, as the
    rules then judge it; Forbidden, in one sentence, when it is not theirs to enter.

    The host enters anything. A player enters what the rules give them (`as_entered_by`:
    their own decisions, the table's when it is their turn, « I begin » before anyone's),
    never for another player (the action's declared actor names someone else) nor another
    player's numbers (a mapping keyed by another player: the cards in hand at the closing).
    Corrections and the host's entries are the host's. An entry of their own that the rules
    do not ask now is the rules' to refuse in their words (a second ballot); so is one nobody
    is asked now (a resolve before the last ballot). What another player is asked now is
    theirs. Where the rules hold no turn (no current player: before anyone begins, a session
    typed without `turn` lines, which the rules take as typed), a seat enters only what the
    flow asks of it, the rest being the host's. `action` is a session line as sent, its actor filled in where the sender
    left it out; an entry the rules cannot read (no action name) is theirs to refuse."""
    from scorekeeper.rules.flow import seen_by

    name = action.get("action")
    if viewer is None or not isinstance(name, str) or name not in of(game).fields:
        return          # the host; or no action the rules know, which they refuse in their words
    rules = of(game)
    actor = rules.actor(name)
    named = action.get(actor) if actor is not None else None
    relevant = [d for d in seen_by([*pending(game, state), *anytime(game, state)], viewer) if d["action"] == name]
    mine = [entered for d in relevant if (entered := as_entered_by(game, state, d, viewer)) is not None]
    if name in rules.corrections and not mine:
        raise _correction(name)
    others = _others_numbers(state, viewer, action)
    if _answers(mine, action, viewer, actor, others):
        return
    if isinstance(named, str) and named != viewer:
        raise Forbidden("This page is {seat}'s and cannot act for {other}.", seat=viewer, other=named)
    if others:
        raise Forbidden("This page is {seat}'s and cannot enter {other}'s numbers; the host can.",
                        seat=viewer, other=others)
    if name in rules.corrections:
        raise _correction(name)
    _theirs_or_the_rules(game, state, viewer, name, relevant, offered=bool(mine), own=named == viewer)


def _correction(name: str) -> Forbidden:
    return Forbidden("A correction ({action}) is the host's to enter: ask the host.", action=name)


def _others_numbers(state: GameState, viewer: str, action: Line) -> list[str]:
    """The other players an action gives numbers for (a mapping keyed by their names: the
    cards in hand at the closing), which are never one seat's to enter."""
    players = state["players"]
    return sorted({key for value in action.values() if isinstance(value, dict) for key in value
                   if key != viewer and key in players})


def _answers(mine: list[Decision], action: Line, viewer: str, actor: str | None, others: list[str]) -> bool:
    """Whether `action` answers one of the decisions the rules let `viewer` enter (`mine`):
    their own, or the table's where it names nobody else (who acts only where the rules ask
    the table who: who begins) and no other player's numbers."""
    from scorekeeper.rules.flow import allows

    named = action.get(actor) if actor is not None else None
    for decision in mine:
        if not allows(decision, action, (actor,) if actor is not None else ()):
            continue
        if decision["player"] == viewer:
            return True
        if not others and (named in (viewer, None) or actor in decision["choices"]):
            return True
    return False


def _theirs_or_the_rules(game: str, state: GameState, viewer: str, name: str, relevant: list[Decision], *,
                         offered: bool, own: bool) -> None:
    """An entry naming no one else, which does not answer what `viewer` is offered as sent:
    the rules' to judge (nothing) where it is `viewer`'s to make, or asked of nobody now while
    the rules hold the turn; else Forbidden, naming whoever is asked it now."""
    rules = of(game)
    current = current_player(game, state)
    held = rules.current_player is None or current is not None     # the rules hold the turn
    if offered or (held and name not in rules.host_entries and (own or not relevant)):
        return          # theirs, but not as sent or not now; or nobody's now: the rules refuse it in their words
    waited = {d["player"] for d in relevant if d["player"] is not None}
    if current is not None and any(d["player"] is None for d in relevant):
        waited.add(current)
    if waited:
        raise Forbidden("Only {names} or the host can enter this now.", names=sorted(waited))
    raise Forbidden("Only the host can enter this ({action}) now; {seat}'s page answers what the game asks of {seat}.",
                    action=name, seat=viewer)


def whole_state(game: str, state: GameState) -> dict[str, Any]:
    """The machine's view (`show --json`): every field, with `pending` and `anytime`."""
    return {**state, "pending": pending(game, state), "anytime": anytime(game, state)}


def view(game: str, state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """What `viewer` may see (None: the public, and the host's shared screen): the public
    state, the viewer's own secrets, and `pending`/`anytime` without another player's
    secret. The one source of `show`, `log`, the pages and the bots' information."""
    from scorekeeper.rules.flow import seen_by

    seen = public_view(game, state, viewer)
    return {**seen, "pending": seen_by(pending(game, state), viewer),
            "anytime": [d for d in anytime(game, state) if not d["secret"] or d["player"] == viewer]}


def outcome(game: str, before: GameState, after: GameState, action: Action) -> list[Event]:
    """What an accepted action (a session's entry: parsed) did, as flow.Event values."""
    return of(game).outcome(before, after, action)
