"""One rule module per game, all with the same shape.

Each module `scorekeeper.rules.<game>` provides:

- constants: GAME_ID, TITLE, MIN_PLAYERS/MAX_PLAYERS (or PLAYERS) and every number the
  kit prints (tracks, counts, tables). The kit imports them; nobody retypes them.
- `setup(players: list[dict], options: dict) -> dict`: the state of a new game, from the
  session header's players ([{"name": ..., "role": ...}]) and options; raises
  RuleViolation on a bad setup (player count, roles, options).
- `FIELDS`: each action's fields, their kinds and bounds and which are needed, declared once
  (scorekeeper/rules/fields.py); the phone forms and guided play ask them by their kinds.
- `apply(state: dict, action: dict) -> dict`: the state after one action (the session
  line as a dict, with its "action" key). Never mutates `state`; raises RuleViolation
  with one sentence a player understands when the rules refuse the action. It starts with
  `FIELDS.check(state, action)`, so no rule reads a field of the wrong shape.

- the game's flow and views (shapes in scorekeeper/rules/flow.py):
  - `pending(state) -> list[dict]`: the decisions the table waits for now, in the order the
    table takes them (empty once the game is over);
  - `anytime(state) -> list[dict]`: what some player may do at any moment;
  - `outcome(before, after, action) -> list[flow.Event]`: what an accepted action did, in
    public wording and, where it holds a secret, private wording for its owner;
  - `apply` refuses an entry the rules forbid at this point of the turn, saying what the
    game waits for; what the rules allow at any time stays accepted. Where the log records
    `turn` lines (guided play, phones, bots write them as `pending` asks), the turn is
    enforced; a session typed entry by entry without them works as before.
- `CORRECTIONS` (optional): the actions the table makes by hand for any player (a PI
  gain, a Pression set): no player's own decision, so the host's to enter.
- `SECRET_FIELDS`: names of player fields only their owner may see;
  `SECRET_BY_PLAYER`: names of top-level fields keyed by player name (Hoc Censeo's
  `ballots`) of which a player sees only their own entry. Declared once: `view` below is
  the only place that hides them, for every screen, page, log and bot.
- `ROLE_FIELD` (for a game whose header gives roles): the player field a seat's role
  sets (Hoc Censeo's `tribe`); when it is among SECRET_FIELDS, the header's roles are as
  secret as the field, and `seats_view` hides them where `view` hides the field.

- a game played with printed cards (PHD, Promotion) declares `CARD_TYPES` and takes the
  session header's deck in `setup(players, options, deck=None)` (scorekeeper.rules.deck:
  the deck is read from the header alone), keeps its cards in the state as `cards` (id ->
  card: the faces show a card value by its title and text), and `canonical(state, action)`
  gives an entry as the file stores it (a card named by its title stored as its id).

Optional, used when present:

- `standings(state: dict) -> list[tuple[int, str]]`: (rank, name) best first, equal
  records sharing a rank; the game's `show` table orders its rows by it.

`undo` is not a rule action: `scorekeeper.session` handles it by going back to the state
before the cancelled action; rule modules never see it. States are plain JSON-compatible
dicts: what `kit score show --json` prints.
"""
from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, Protocol, cast

from scorekeeper.errors import RuleViolation

if TYPE_CHECKING:
    from scorekeeper.rules.fields import Declaration
    from scorekeeper.rules.flow import Action, Decision, Event, GameState, Seat


class Rules(Protocol):
    """The part of a rule module's shape that code serving any game calls (see above). Each
    module takes and gives its own `State`, which holds a GameState's fields."""

    GAME_ID: str
    TITLE: str
    FIELDS: Declaration

    def setup(self, players: list[Seat], options: dict[str, Any] | None = ...) -> GameState: ...

    def apply(self, state: Any, action: Action) -> GameState: ...

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
    """The rule module of a game id."""
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


def setup(game: str, players: list[Seat], options: dict[str, Any] | None,
          deck: dict[str, Any] | None = None) -> GameState:
    """The state of a new game from a session header's players, options and deck (None: a
    header without one, which plays as before the decks were recorded)."""
    rules = module(game)
    if deck is None:
        return rules.setup(players, options)
    if not hasattr(rules, "CARD_TYPES"):
        raise RuleViolation("{title} is played without cards: its session header holds no deck.", title=rules.TITLE)
    with_deck: Any = rules.setup
    return cast("GameState", with_deck(players, options, deck=deck))


def public_view(game: str, state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The state without the secrets `viewer` may not see (None: the public's view)."""
    rules = module(game)
    secret = getattr(rules, "SECRET_FIELDS", ())
    by_player = getattr(rules, "SECRET_BY_PLAYER", ())
    if not secret and not by_player:
        return {**state}
    players = _seen_players(state["players"], secret, viewer)
    view: dict[str, Any] = {**state, "players": players}
    for field in by_player:
        if field in state:
            entries = view[field]     # name -> value: the viewer's entry alone is seen
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
    rules = module(game)
    role_field = getattr(rules, "ROLE_FIELD", None)
    if viewer is True or role_field is None or role_field not in getattr(rules, "SECRET_FIELDS", ()):
        return [seat.copy() for seat in seats]
    return [seat.copy() if seat["name"] == viewer else {"name": seat["name"]} for seat in seats]


def pending(game: str, state: GameState) -> list[Decision]:
    """The decisions the table waits for now (all of them, secrets included)."""
    return module(game).pending(state)


def anytime(game: str, state: GameState) -> list[Decision]:
    """What some player may do at any moment (all of it, secrets included)."""
    return module(game).anytime(state)


def corrections(game: str) -> tuple[str, ...]:
    """The game's corrections: the actions the table makes by hand for any player."""
    found: tuple[str, ...] = getattr(module(game), "CORRECTIONS", ())
    return found


def current_player(game: str, state: GameState) -> str | None:
    """Whose turn it is (the game's `current_player`), or None: before the first turn, in a
    session typed without `turn` lines, in a game without turns."""
    found = getattr(module(game), "current_player", None)
    player: str | None = found(state) if found is not None else None
    return player


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
    if decision["action"] in corrections(game):
        return None
    current = current_player(game, state)
    if current is not None:
        return decision if current == viewer else None
    named = decision["choices"].get("player")
    if isinstance(named, list) and viewer in named:
        return {**decision, "choices": {**decision["choices"], "player": [viewer]}}
    return None


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
    """What an accepted action did, as flow.Event values."""
    return module(game).outcome(before, after, action)
