"""A game's rules, declared once: one typed, frozen `GameRules` per rule module.

Each rule module `scorekeeper.rules.<game>` ends with

    RULES = GameRules(id=GAME_ID, title=TITLE, min_players=2, max_players=6, fields=FIELDS,
                      setup=setup, take=take, pending=pending, anytime=anytime, outcome=outcome,
                      actors={"steal": "thief", "deck_empty": None}, corrections=CORRECTIONS, ...)

and the registry (`scorekeeper.rules.of(game)`) gives that object: code serving any game reads
its attributes, every default written here once, never a module's optional attributes.

- `fields`: each action's fields, their kinds and bounds (scorekeeper/rules/fields.py); the
  game's actions are the actions declared there.
- `actors`: for each action, the field naming the player who acts; "player" unless said
  otherwise, None where no field names them (the magistrate's resolve, the auctioneer's
  award, what the table says as a whole). Who may enter what follows from it
  (`scorekeeper.rules.may_enter`).
- `corrections`: the actions the table makes by hand for any player (a PI gain): the host's
  to enter. `host_entries`: other actions only the host enters, though no correction (Hoc
  Censeo's open vote: a whole round typed at once).
- `secret_fields`: player fields only their owner may see; `secret_by_player`: top-level
  fields keyed by player name of which a player sees their own entry only; `role_field`:
  the player field a header's role sets (secret where it is among `secret_fields`).
- `card_types`: a game played with printed cards names its card types and takes the
  session header's deck in `setup(players, options, deck=None)`; None for a game without.
- the flow functions: `setup`, `take`, `pending`, `anytime`, `outcome` (every game), and
  `current_player`, `standings`, `canonical` where the game has them (None where not);
  `cards_to_lay(state, action, field)`: in a game whose entries lay cards in a list that
  also takes numbers written by hand (PHD's modifiers and arguments), the cards of the deck
  that list may name now, each with the number it counts: what a face offers to pick.

The declaration checks itself when it is made, so a game's slip fails at import, in one
sentence: an actor, a correction or a host's entry naming an action without declared fields,
an actor naming no field of its action, player counts out of order.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from scorekeeper.rules.fields import Declaration
from scorekeeper.rules.flow import Action, Decision, Event, GameState, Line
from scorekeeper.rules.frozen import Frozen

# The field naming who acts, where a game says nothing of an action.
DEFAULT_ACTOR = "player"


class DeclarationError(ValueError):
    """A game's declaration contradicts itself: the game's author's mistake, said in one
    English sentence when the rule module is imported (never a player's refusal)."""


class GameRules(Frozen):
    """Everything the rules of one game declare (see the module's docstring): a `Frozen`
    value, equal only to itself."""

    id: str
    title: str
    min_players: int
    max_players: int
    fields: Declaration
    setup: Callable[..., GameState]
    take: Callable[[Any, Action], GameState]
    pending: Callable[[Any], list[Decision]]
    anytime: Callable[[Any], list[Decision]]
    outcome: Callable[[Any, Any, Action], list[Event]]
    actors: Mapping[str, str | None] = MappingProxyType({})
    corrections: tuple[str, ...] = ()
    host_entries: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    secret_fields: tuple[str, ...] = ()
    secret_by_player: tuple[str, ...] = ()
    role_field: str | None = None
    card_types: tuple[str, ...] | None = None
    current_player: Callable[[Any], str | None] | None = None
    standings: Callable[[Any], list[tuple[int, str]]] | None = None
    canonical: Callable[[Any, Action], Action] | None = None
    cards_to_lay: Callable[[Any, str, str], dict[str, int]] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "actors", MappingProxyType(dict(self.actors)))
        problem = self._problem()
        if problem is not None:
            raise DeclarationError(f"{self.title} ({self.id}): {problem}")

    def _problem(self) -> str | None:
        """What contradicts itself in this declaration, in one sentence, or None."""
        declared = self.fields.actions
        if not 1 <= self.min_players <= self.max_players:
            return f"its player counts {self.min_players} to {self.max_players} are out of order."
        for what, names in (("an actor", tuple(self.actors)), ("a correction", self.corrections),
                            ("a host's entry", self.host_entries)):
            for name in names:
                if name not in declared:
                    return (f"{what} is declared for {name!r}, an action without declared fields; "
                            f"its actions are {', '.join(declared)}.")
        for name, act in declared.items():
            actor = self.actor(name)
            if actor is not None and actor not in act.fields:
                fields = ", ".join(act.fields) or "none"
                return (f"the actor of {name!r} is {actor!r}, which is no field of {name!r} (its fields: {fields}); "
                        "declare the field naming who acts, or None.")
        if self.role_field is not None and not self.role_field:
            return "its role field is empty: name the player field a seat's role sets, or None."
        return None

    def parse(self, state: Any, line: Any) -> Action:
        """`line`, a session line as sent (any JSON), as the Action the rules take (`take`):
        its fields checked against their declaration (`fields.parse`), then in the game's
        own spelling (`canonical`: a card named by its title is its id). RuleViolation, in
        one sentence, for a line the rules cannot read or a card the deck does not hold."""
        action = self.fields.parse(state, line)
        return action if self.canonical is None else self.canonical(state, action)

    def apply(self, state: Any, line: Line) -> GameState:
        """The state after `line`, a line no one parsed yet (`take` after `parse`): what a
        face checks an entry it made with. A parsed action goes to `take`, parsed once."""
        return self.take(state, self.parse(state, line))

    @property
    def actions(self) -> tuple[str, ...]:
        """The game's actions, in the order their fields are declared."""
        return self.fields.names

    @property
    def players(self) -> int | None:
        """The one player count of a game played by exactly that many, else None."""
        return self.min_players if self.min_players == self.max_players else None

    def actor(self, action: str) -> str | None:
        """The field naming the player who performs `action` (None: no field names them)."""
        return self.actors.get(action, DEFAULT_ACTOR)
