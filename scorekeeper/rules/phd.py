"""PHD (RULES.md §1): Pression and Crédit, chapters, controversies and the defence.

Decisions taken with the printed turn aid, which the engine's flow follows:
- a Superviseur card changes Pression and Crédit like C'est la vie (an `adjust`), then says
  what happens to a submitted chapter (`approve`, `controversy`, `revoke`, or nothing);
- the thesis defence (`defend`) starts right after the approval that completes the chapters
  needed (§1.8), in the same turn; a failed defence may be retried at the start of a later
  turn of that player. A player without an Argument card cannot defend (§1.8 needs one):
  the step "no-defence" records it, and the retry waits for a later turn;
- a turn is Vivre (one event) then one Recherche, or two after a Challenge won in Vivre;
  none when Pression fell to 0 during the turn, and no second one when the first brought it
  to 0; Pression already at 0 when the turn began did not fall (§1.3).

The turn as the engine's steps (`turn` lines, `{"action": "turn", "player", "step"}`):
- "start": the turn of the next player in seating order who still plays begins. A failed
  defence may be retried now (`defend`), before the Vivre card;
- the event card, in Vivre or played from the hand in Recherche, is a step the engine cannot
  guess: "vie" (C'est la vie: an `adjust` of the player), "challenge" (a `challenge`),
  "cooperation" (`adjust`s of any players, then "done"), "superviseur" (an `adjust`, then
  `approve`, `controversy`, `revoke` with an approved chapter, or "done" for nothing); in
  Vivre also "none" (no card). "done" closes a card whose effects are all entered (a C'est
  la vie or Superviseur card that changes nothing);
- the Recherche actions: "draw-events" (2 Événements), "draw-argument" (1 Argument), an
  event card kind (playing a card from the hand, as in Vivre), or `submit` itself;
- "no-defence": the defence that an approval started is not held (see above).
The state's `turn` says where the turn stands (`stage`, the card being resolved, the
Recherche phases had and allowed, whether Pression fell to 0), so `pending` reads it
without replaying anything. Once the log holds a `turn` line the flow is enforced; a
session typed entry by entry without them works as before. Anytime: a Coopération card
played at its printed moment (an `adjust` of any player still playing), and in the timed
variant the empty event deck (`deck_empty`, whoever is at the table). Files written before
these steps (steps "vivre", "vivre-cooperation", "vivre-superviseur", "recherche",
"recherche-1-of-2", "recherche-2-of-2") still load: such a turn is not enforced until the
next "start".
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from scorekeeper.errors import N_, Message, RuleViolation, plural
from scorekeeper.rules.checks import (
    check_fields,
    check_option_names,
    check_players,
    is_int,
    need_action,
    need_game_on,
    need_int,
    need_ints,
    need_player,
    ranked,
    shown,
)
from scorekeeper.rules.flow import (
    FROM_TABLE,
    Action,
    Decision,
    Event,
    Seat,
    answering,
    decision,
    per_state,
    said,
    whole,
)

GAME_ID = "phd"
TITLE = "PHD"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

Resource = Literal["pression", "credit"]
RESOURCES: tuple[Resource, ...] = ("pression", "credit")
RESOURCE_MIN, RESOURCE_MAX = 0, 20
RESOURCE_START = 4
BURNOUT_AT = RESOURCE_MAX      # Pression reaching this eliminates the player
BINGO_AT = RESOURCE_MAX        # Crédit reaching this makes the player leave as a winner
DIE_MIN, DIE_MAX = 1, 6
CHAPTER_COST: dict[Resource, int] = {"pression": 5, "credit": 5}
CHAPTER_OPTIONS = (1, 2, 3, 5)
DEFAULT_CHAPTERS = 3
CONTROVERSY_NET_TO_WIN = 1     # a tie or no argument never suffices
DEFENCE_NET_TO_WIN = 1
HAND_LIMIT = 9
RECHERCHE_MAX_PER_TURN = 2
MARKERS_PER_PLAYER = 5
# Cards drawn at setup and by a Recherche draw action (seed). The engine does not track
# hands; the kit prints these numbers on the aids.
# RULES.md §1: the decks the kit prints hold at least this many cards (the kit refuses a
# layout with fewer).
MIN_EVENT_CARDS = 48
MIN_ARGUMENT_CARDS = 24
START_HAND = {"events": 3, "arguments": 2}
RECHERCHE_DRAW = {"events": 2, "arguments": 1}
TIMED_POINTS: dict[Literal["approved", "pending", "credit"], int] = {"approved": 15, "pending": 10, "credit": 1}

TIMED_OPTION_DEFAULT = False

# The session actions of SCOREKEEPER.md, and the words the engine uses for them.
ACTIONS = ("adjust", "challenge", "submit", "approve", "controversy", "revoke", "defend", "deck_empty", "turn")
# What the table sets by hand for any player (SCOREKEEPER.md: "corrections"): the host's to enter.
CORRECTIONS = ("adjust",)
# The engine's steps of a turn (`turn` lines; see the docstring).
CARD_KINDS = ("vie", "challenge", "cooperation", "superviseur")
VIVRE_ONLY = ("none",)                       # no event card revealed
DRAWS = ("draw-events", "draw-argument")     # the Recherche draws
TURN_STEPS = ("start",) + CARD_KINDS + VIVRE_ONLY + DRAWS + ("done", "no-defence")
# Steps of files written before the engine owned the turn: accepted, never enforced.
LEGACY_STEPS = ("vivre", "vivre-cooperation", "vivre-superviseur", "recherche", "recherche-1-of-2",
                "recherche-2-of-2")
RESOURCE_NAMES = {"pression": "Pression", "credit": "Crédit"}


class Player(TypedDict):
    pression: int
    credit: int
    pending: int        # chapters submitted, waiting for approval
    approved: int
    status: str         # one of STATUSES


class Test(TypedDict):
    """The latest die-or-card test: a challenge, a controversy or a defence."""

    kind: str
    player: str
    total: int
    needed: int
    success: bool


class Turn(TypedDict):
    """Where the turn stands (see "The turn" below)."""

    player: str
    step: str
    stage: str
    card: str | None
    phase: str
    adjusted: bool
    recherches: int
    done: int
    fell: bool
    legacy: NotRequired[bool]


class Options(TypedDict):
    chapters: int       # approved chapters a thesis needs
    timed: bool         # the variant where the empty event deck ends the game


class State(TypedDict):
    game: str
    options: Options
    players: dict[str, Player]
    over: bool
    turn: Turn | None
    winners: list[str]
    end: str | None
    last_test: Test | None
    scores: NotRequired[dict[str, int]]     # a timed game's, once the event deck is empty

# ---------------------------------------------------------------------------------------
# The rule engine: setup, apply, describe (contract in scorekeeper/rules/__init__.py).
# ---------------------------------------------------------------------------------------

_TRUE = ("true", "yes", "on", "1", "oui", "vrai")      # as people write it, in either language
_FALSE = ("false", "no", "off", "0", "non", "faux")


def _chapters_option(value: Any) -> int:
    # `kit score new` decodes option values as JSON, but a hand-typed header may give the text "2".
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not is_int(value) or value not in CHAPTER_OPTIONS:
        allowed = ", ".join(str(n) for n in CHAPTER_OPTIONS)
        raise RuleViolation("The option 'chapters' must be one of {allowed}, not {value}.", allowed=allowed, value=shown(value))
    return value


def _timed_option(value: Any) -> bool:
    if isinstance(value, str) and value.strip().casefold() in _TRUE + _FALSE:
        return value.strip().casefold() in _TRUE
    if not isinstance(value, bool):
        raise RuleViolation("The option 'timed' must be true or false, not {value}.", value=shown(value))
    return value


def setup(players: list[Seat], options: dict[str, Any] | None = None) -> State:
    """Everyone starts at 4 Pression and 4 Crédit, no chapter, still playing."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    options = check_option_names(options, TITLE, ("chapters", "timed"))
    chapters = _chapters_option(options.get("chapters", DEFAULT_CHAPTERS))
    timed = _timed_option(options.get("timed", TIMED_OPTION_DEFAULT))
    return {
        "game": GAME_ID,
        "options": {"chapters": chapters, "timed": timed},
        "players": {name: {"pression": RESOURCE_START, "credit": RESOURCE_START,
                           "pending": 0, "approved": 0, "status": "playing"} for name in names},
        "over": False,
        "turn": None,   # where the turn stands, from the `turn` lines (see the docstring)
        "winners": [],
        # how the game ended: "doctor", "timed", "last player" (None while it goes on)
        "end": None,
        # the latest die-or-card test (challenge, controversy, defence), for `show` and `play`
        "last_test": None,
    }


def _acting(state: State, name: Any) -> Player:
    """The record of a player who may act: known and still `playing`."""
    name = need_player(state, name)
    player = state["players"][name]
    status = player["status"]
    if status != "playing":
        if status == "burnout":
            raise RuleViolation("{name} has burnt out and can no longer act.", name=name)
        if status == "bingo":
            raise RuleViolation("{name} has left the game with a bingo and can no longer act.", name=name)
        raise RuleViolation("{name} has already defended their thesis and can no longer act.", name=name)
    return player


def _effect(value: Any, name: str, outcome: str) -> dict[Resource, int]:
    """A {pression?, credit?} change, each a signed whole number; `outcome` is the action's
    field that holds it (success or failure), named as typed."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RuleViolation("The {outcome} of {name}'s challenge must give pression and/or credit changes, not {value}.",
                            name=name, outcome=outcome, value=shown(value))
    for key in value:
        if key not in RESOURCES:
            raise RuleViolation("The {outcome} of {name}'s challenge can change pression or credit, not {key}.",
                                name=name, outcome=outcome, key=shown(key))
    return {key: need_int(value[key], Message("The {resource} change in the {outcome} of {name}'s challenge",
                                              name=name, outcome=outcome, resource=RESOURCE_NAMES[key]))
            for key in RESOURCES if key in value}


def _change(player: Player, deltas: dict[Resource, int]) -> None:
    """Apply signed changes, clamp to 0..20, then burn-out before bingo (RULES.md §1.2)."""
    for resource, delta in deltas.items():
        player[resource] = max(RESOURCE_MIN, min(RESOURCE_MAX, player[resource] + delta))
    if player["pression"] >= BURNOUT_AT:
        player["status"] = "burnout"
    elif player["credit"] >= BINGO_AT:
        player["status"] = "bingo"


def timed_score(player: Player) -> int:
    """15 per approved chapter, 10 per submitted one, plus the Crédit (RULES.md §1.11)."""
    return sum(TIMED_POINTS[key] * player[key] for key in ("approved", "pending", "credit"))


def _settle(state: State) -> None:
    """Decide whether the game is over and who the winners are, in header order."""
    players = state["players"]
    playing = [name for name, p in players.items() if p["status"] == "playing"]
    if len(playing) == len(players) and state["end"] is None:
        # nobody has left and time is not up (most entries): no winner yet, the game goes on
        state["winners"] = []
        return
    winners = {name for name, p in players.items() if p["status"] in ("bingo", "doctor")}
    if any(p["status"] == "doctor" for p in players.values()):
        state["over"], state["end"] = True, "doctor"
    elif state["end"] == "timed":
        contenders = {name: state["scores"][name] for name in playing}
        if contenders:
            best = max(contenders.values())
            winners |= {name for name, score in contenders.items() if score == best}
    elif len(playing) <= 1:
        state["over"], state["end"] = True, "last player"
        winners |= set(playing)
    state["winners"] = [name for name in players if name in winners]


def standings(state: State) -> list[tuple[int, str]]:
    """(rank, name): the winners, then those still playing by chapters and Crédit (or by
    timed score), then the burnt-out; equal records share a rank."""
    scores = state.get("scores") or {}

    def key(name: str) -> tuple[int, ...]:
        p = state["players"][name]
        if name in state["winners"]:
            return (0,)
        group = 2 if p["status"] == "burnout" else 1
        if name in scores:
            return (group, -scores[name])
        return (group, -p["approved"], -p["pending"], -p["credit"])
    return ranked(state["players"], key)


def _net(action: Action, name: str) -> tuple[int, list[int], list[int], list[int]]:
    own = need_ints(action.get("arguments"), Message("{name}'s arguments", name=name), low=0, non_empty=True)
    support = need_ints(action.get("support"), Message("The support for {name}", name=name), low=0)
    opposition = need_ints(action.get("opposition"), Message("The opposition to {name}", name=name), low=0)
    return sum(own) + sum(support) - sum(opposition), own, support, opposition


def apply(state: State, action: Action) -> State:
    """The state after one action; refuses with RuleViolation, never mutates `state`."""
    kind = need_action(action, TITLE, ACTIONS)
    need_game_on(state, TITLE)
    if _enforced(state):
        _check_flow(state, action)
    if kind == "turn":
        return _turn_line(state, action)
    new = _apply_entry(state, action, kind)
    if state["turn"] is not None:
        new["turn"] = _advance(state, new, action)
    return new


def _apply_entry(state: State, action: Action, kind: str) -> State:
    """The effect of one entry on the resources, chapters and statuses, turn aside."""
    # An entry changes at most the record of the player it names (`_changing` copies that
    # one): the others stay shared with `state`, which is never changed.
    new = state.copy()
    new["players"] = dict(state["players"])
    name: Any = action.get("player")     # any JSON: _acting checks it in each step
    _ENTRIES[kind](new, action, name)
    _settle(new)
    return new


def _changing(new: State, name: Any) -> Player:
    """The record of the player an entry names, checked like `_acting`, and copied into `new`
    (the state the entry is making) so that the entry may change it."""
    player = new["players"][name] = _acting(new, name).copy()
    return player


def _deck_empty(new: State, action: Action, name: Any) -> None:
    """The event deck runs out in a timed game: the timed scores decide, the game ends."""
    check_fields(action, TITLE, ())
    if not new["options"]["timed"]:
        raise RuleViolation("The event deck running out ends only a timed game "
                            "(option timed=true); in this game reshuffle it and play on.")
    new["scores"] = {player: timed_score(p) for player, p in new["players"].items()}
    new["over"], new["end"] = True, "timed"


def _adjust(new: State, action: Action, name: Any) -> None:
    """A change of Pression and Crédit the table enters (a card's printed effect)."""
    check_fields(action, TITLE, ("player",), RESOURCES)
    player = _changing(new, name)
    deltas = {key: need_int(action[key], Message("{name}'s {resource} change", name=name, resource=RESOURCE_NAMES[key]))
              for key in RESOURCES if key in action}
    if not deltas:
        raise RuleViolation("Adjusting {name} needs a pression or a credit change.", name=name)
    _change(player, deltas)


def _challenge(new: State, action: Action, name: Any) -> None:
    """A Challenge card: resource + die + modifiers against the difficulty, then its
    success or its failure effect."""
    check_fields(action, TITLE, ("player", "resource", "die", "difficulty"),
                 ("modifiers", "success", "failure"))
    player = _changing(new, name)
    resource: Resource = action["resource"]
    if resource not in RESOURCES:
        raise RuleViolation("{name}'s challenge tests pression or credit, not {resource}.", name=name, resource=shown(resource))
    die = need_int(action["die"], Message("{name}'s die", name=name), DIE_MIN, DIE_MAX)
    difficulty = need_int(action["difficulty"], Message("The difficulty of {name}'s challenge", name=name), low=0)
    modifiers = need_ints(action.get("modifiers"), Message("The modifiers of {name}'s challenge", name=name))
    success_effect = _effect(action.get("success"), name, "success")
    failure_effect = _effect(action.get("failure"), name, "failure")
    total = player[resource] + die + sum(modifiers)
    won = total >= difficulty
    _change(player, success_effect if won else failure_effect)
    new["last_test"] = {"kind": "challenge", "player": name, "total": total,
                        "needed": difficulty, "success": won}


def _submit(new: State, action: Action, name: Any) -> None:
    """A chapter submitted, paid for in Pression and Crédit."""
    check_fields(action, TITLE, ("player",))
    player = _changing(new, name)
    if any(player[key] < cost for key, cost in CHAPTER_COST.items()):
        raise RuleViolation("{name} has {pression} Pression and {credit} Crédit; submitting a chapter needs at least {pression2} of each.", name=name, pression=player['pression'], credit=player['credit'], pression2=CHAPTER_COST['pression'])
    _change(player, {key: -cost for key, cost in CHAPTER_COST.items()})
    player["pending"] += 1


def _approve(new: State, action: Action, name: Any) -> None:
    """A submitted chapter approved outright (`approve`), or through a controversy won when
    the arguments' net reaches CONTROVERSY_NET_TO_WIN."""
    controversy = action["action"] == "controversy"
    check_fields(action, TITLE, ("player",) + (("arguments",) if controversy else ()),
                 ("support", "opposition") if controversy else ())
    player = _changing(new, name)
    if player["pending"] < 1:
        raise RuleViolation("{name} has no submitted chapter waiting for approval.", name=name)
    approved = True
    if controversy:
        net, *_ = _net(action, name)
        approved = net >= CONTROVERSY_NET_TO_WIN
        new["last_test"] = {"kind": "controversy", "player": name, "total": net,
                            "needed": CONTROVERSY_NET_TO_WIN, "success": approved}
    if approved:
        player["pending"] -= 1
        player["approved"] += 1


def _revoke(new: State, action: Action, name: Any) -> None:
    """An approved chapter sent back to submitted."""
    check_fields(action, TITLE, ("player",))
    player = _changing(new, name)
    if player["approved"] < 1:
        raise RuleViolation("{name} has no approved chapter to revoke.", name=name)
    player["approved"] -= 1
    player["pending"] += 1


def _defend(new: State, action: Action, name: Any) -> None:
    """The thesis defence: die + the arguments' net against DEFENCE_NET_TO_WIN."""
    check_fields(action, TITLE, ("player", "die", "arguments"), ("support", "opposition"))
    player = _changing(new, name)
    required = new["options"]["chapters"]
    if player["approved"] < required:
        raise RuleViolation(plural("{name} has {approved} approved chapter; the thesis defence needs {required}.",
                                   "{name} has {approved} approved chapters; the thesis defence needs {required}.",
                                   player['approved']), name=name, approved=player['approved'], required=required)
    die = need_int(action["die"], Message("{name}'s die", name=name), DIE_MIN, DIE_MAX)
    net, *_ = _net(action, name)
    total = die + net
    defended = total >= DEFENCE_NET_TO_WIN
    if defended:
        player["status"] = "doctor"
    new["last_test"] = {"kind": "defence", "player": name, "total": total,
                        "needed": DEFENCE_NET_TO_WIN, "success": defended}


# The step of each entry (every action but `turn`, which moves the turn alone); each is
# followed by _settle, which says whether the game is over and who won.
_ENTRIES: dict[str, Callable[[State, Action, Any], None]] = {
    "deck_empty": _deck_empty, "adjust": _adjust, "challenge": _challenge, "submit": _submit,
    "approve": _approve, "controversy": _approve, "revoke": _revoke, "defend": _defend}


# ---------------------------------------------------------------------------------------
# The turn: where it stands (state["turn"]), what comes next, what is said.
# ---------------------------------------------------------------------------------------
#
# state["turn"], once a `turn` line is in the log:
#   player, step       the latest `turn` line's;
#   stage              "start" (the defence may be retried, then the Vivre card), "vivre" (the
#                      card), "card" (a card's effects being entered), "recherche" (a Recherche
#                      action), "defence" (an approval completed the chapters), "end" (the next
#                      player's turn begins);
#   card, phase        the card being resolved and where it was played ("vivre"/"recherche");
#   adjusted           the Superviseur card's change is entered;
#   recherches, done   the Recherche phases this turn allows (1, or 2 after a Challenge won in
#                      Vivre) and those had;
#   fell               the player's Pression fell to 0 during this turn;
#   legacy             the turn follows a file written before these steps: not enforced.

SECRET_FIELDS: tuple[str, ...] = ()
SECRET_BY_PLAYER: tuple[str, ...] = ()


def current(state: State) -> Turn:
    """The turn (a caller past the first `turn` line)."""
    turn = state["turn"]
    assert turn is not None, "no turn has begun"
    return turn


def _playing(state: State, name: str) -> bool:
    return state["players"][name]["status"] == "playing"


def _next_player(state: State, name: str) -> str | None:
    """The next player after `name` in seating order who still plays."""
    names = list(state["players"])
    seat = names.index(name)
    for offset in range(1, len(names) + 1):
        candidate = names[(seat + offset) % len(names)]
        if _playing(state, candidate):
            return candidate
    return None


def _enforced(state: State) -> bool:
    turn = state["turn"]
    return turn is not None and not turn.get("legacy")


def _can_submit(player: Player) -> bool:
    return all(player[key] >= cost for key, cost in CHAPTER_COST.items())


def _has_thesis(state: State, name: str) -> bool:
    return state["players"][name]["approved"] >= state["options"]["chapters"]


def _adjust_decision(name: str) -> Decision:
    return decision("adjust", name, pression=FROM_TABLE, credit=FROM_TABLE)


def _anyone_adjusts(state: State) -> Decision:
    """A Coopération's change: whoever is at the table says whose resources change (`player`
    is then a field, not the decider)."""
    anyone = decision("adjust")
    anyone["choices"] = {"player": [n for n in state["players"] if _playing(state, n)],
                         "pression": FROM_TABLE, "credit": FROM_TABLE}
    return anyone


def _defend_decision(name: str) -> Decision:
    return decision("defend", name, die=whole(DIE_MIN, DIE_MAX), arguments=FROM_TABLE,
                    support=FROM_TABLE, opposition=FROM_TABLE)


def _step(name: str, *steps: str) -> Decision:
    return decision("turn", name, step=list(steps))


def _card_decisions(state: State, turn: Turn) -> list[Decision]:
    """What the card being resolved still waits for."""
    name, card, player = turn["player"], turn["card"], state["players"][turn["player"]]
    if card == "challenge":
        return [decision("challenge", name, resource=list(RESOURCES), die=whole(DIE_MIN, DIE_MAX),
                         difficulty=whole(0), modifiers=FROM_TABLE, success=FROM_TABLE, failure=FROM_TABLE)]
    if card == "vie":
        return [_adjust_decision(name), _step(name, "done")]
    if card == "cooperation":
        return [_anyone_adjusts(state), _step(name, "done")]
    decisions = [] if turn["adjusted"] else [_adjust_decision(name)]     # the Superviseur
    if player["pending"] >= 1:
        decisions += [decision("approve", name),
                      decision("controversy", name, arguments=FROM_TABLE, support=FROM_TABLE, opposition=FROM_TABLE)]
    if player["approved"] >= 1:
        decisions.append(decision("revoke", name))
    return decisions + [_step(name, "done")]


@per_state
def pending(state: State) -> list[Decision]:
    """The decisions the table waits for now, in the order it takes them (see the docstring)."""
    if state["over"]:
        return []
    turn = state["turn"]
    if turn is None:
        # whoever is at the table says who begins (`player` is then a field, not the decider)
        first = decision("turn", None)
        first["choices"] = {"player": [n for n in state["players"] if _playing(state, n)], "step": ["start"]}
        return [first]
    name, stage = turn["player"], turn["stage"]
    if stage == "end" or not _playing(state, name):
        following = _next_player(state, name)
        return [] if following is None else [_step(following, "start")]
    if stage in ("start", "vivre"):
        retry = [_defend_decision(name)] if stage == "start" and _has_thesis(state, name) else []
        return retry + [_step(name, *CARD_KINDS, *VIVRE_ONLY)]
    if stage == "defence":
        return [_defend_decision(name), _step(name, "no-defence")]
    if stage == "card":
        return _card_decisions(state, turn)
    # a Recherche: draw, play a card from the hand, or submit a chapter
    submit = [decision("submit", name)] if _can_submit(state["players"][name]) else []
    return [_step(name, *DRAWS, *CARD_KINDS)] + submit


@per_state
def anytime(state: State) -> list[Decision]:
    """A Coopération card played at its printed moment (any player still playing), and in the
    timed variant the empty event deck (whoever is at the table)."""
    if state["over"]:
        return []
    return [_anyone_adjusts(state)] + ([decision("deck_empty")] if state["options"]["timed"] else [])


# -- what the game waits for, in words ---------------------------------------------------------

CARD_WAITS = {
    "vie": N_("The game waits for the change of {name}'s C'est la vie card."),
    "challenge": N_("The game waits for {name}'s challenge."),
    "cooperation": N_("The game waits for the changes of {name}'s Coopération card, or its end (done)."),
    "superviseur": N_("The game waits for what {name}'s Superviseur card does (a change, then the chapter, or done)."),
}


def waiting(state: State) -> Message:
    """One sentence saying what the game waits for now."""
    turn = state["turn"]
    if state["over"]:
        return Message(N_("The game is over."))
    if turn is None:
        return Message(N_("The game waits for a player's turn to begin."))
    name, stage = turn["player"], turn["stage"]
    if stage == "end" or not _playing(state, name):
        return Message(N_("The game waits for the start of {name}'s turn."), name=_next_player(state, name))
    if stage == "start" and _has_thesis(state, name):
        return Message(N_("The game waits for {name}'s thesis defence or Vivre event card."), name=name)
    if stage in ("start", "vivre"):
        return Message(N_("The game waits for {name}'s Vivre event card."), name=name)
    if stage == "defence":
        return Message(N_("The game waits for {name}'s thesis defence."), name=name)
    if stage == "card" and turn["card"] is not None:
        return Message(CARD_WAITS[turn["card"]], name=name)
    if turn["recherches"] == 2:
        return Message(N_("The game waits for {name}'s Recherche ({n} of 2)."), name=name, n=turn["done"] + 1)
    return Message(N_("The game waits for {name}'s Recherche."), name=name)


def _is_recherche(state: State, action: Action) -> bool:
    """Whether `action` is a Recherche action of the turn's player."""
    turn = current(state)
    if action.get("player") != turn["player"]:
        return False
    if action.get("action") == "submit":
        return True
    return action.get("action") == "turn" and action.get("step") in DRAWS + CARD_KINDS and \
        turn["stage"] not in ("start", "vivre")


def _check_flow(state: State, action: Action) -> None:
    """Refuse an entry the turn does not allow now, saying what the game waits for."""
    if action.get("action") == "turn" and action.get("step") in LEGACY_STEPS:
        return
    name = action.get("player")
    if isinstance(name, str) and name in state["players"] and not _playing(state, name):
        try:
            _acting(state, name)
        except RuleViolation as refused:
            raise RuleViolation("{refusal} {waiting}", refusal=refused, waiting=waiting(state)) from None
    if answering(pending(state), action) is not None or answering(anytime(state), action) is not None:
        return
    waits = waiting(state)
    if action.get("action") != "turn":
        # the rule's own sentence first where the entry itself is wrong (a chapter not paid for)
        _apply_entry(state, action, action["action"])
    turn = current(state)
    if _is_recherche(state, action) and turn["stage"] in ("end", "card", "defence") or \
            _is_recherche(state, action) and not _playing(state, turn["player"]):
        if turn["fell"]:
            raise RuleViolation("{name}'s Pression fell to 0 during this turn: no more Recherche. {waiting}",
                                name=turn["player"], waiting=waits)
        if turn["done"] >= turn["recherches"]:
            raise RuleViolation(plural("{name} has had {n} Recherche phase this turn, all the turn allows. {waiting}",
                                       "{name} has had {n} Recherche phases this turn, all the turn allows. {waiting}",
                                       turn["done"]), name=turn["player"], n=turn["done"], waiting=waits)
    raise RuleViolation("{waiting}", waiting=waits)


# -- the turn's steps ---------------------------------------------------------------------------

def _turn_line(state: State, action: Action) -> State:
    check_fields(action, TITLE, ("player", "step"))
    name = need_player(state, action["player"])
    step = action["step"]
    if not _playing(state, name):
        raise RuleViolation("{name} no longer takes turns in this game.", name=name)
    if step not in _EVERY_STEP:
        raise RuleViolation("A turn's step is one of {steps}, not {step}.", steps=", ".join(TURN_STEPS),
                            step=shown(step))
    if step == "start":
        return {**state, "turn": {"player": name, "step": step, "stage": "start", "card": None, "phase": "vivre",
                                  "adjusted": False, "recherches": 1, "done": 0, "fell": False}}
    if step in LEGACY_STEPS:
        return {**state, "turn": _legacy(name, step)}
    if state["turn"] is None:
        # a step of a turn that never began: the first `turn` line says whose turn begins
        raise RuleViolation("{waiting}", waiting=waiting(state))
    turn: Turn = {**state["turn"], "player": name, "step": step}
    if step in DRAWS:
        turn["done"] += 1
        _after_recherche(turn)
    elif step in _CARD_STEPS:
        if turn["stage"] == "recherche":
            turn["phase"], turn["done"] = "recherche", turn["done"] + 1
        else:
            turn["phase"] = "vivre"
        turn["stage"], turn["card"], turn["adjusted"] = "card", step, False
        if step == "none":
            _go_on(turn)
    elif step == "done" or step == "no-defence":
        _go_on(turn)
    return {**state, "turn": turn}


_EVERY_STEP = TURN_STEPS + LEGACY_STEPS
_CARD_STEPS = CARD_KINDS + VIVRE_ONLY       # an event card revealed (or none, in Vivre)


def _legacy(name: str, step: str) -> Turn:
    """A step of the older guided play: where its turn stood, as near as it says."""
    base: Turn = {"player": name, "step": step, "stage": "vivre", "card": None, "phase": "vivre", "adjusted": False,
                  "recherches": 1, "done": 0, "fell": False, "legacy": True}
    if step == "vivre":
        return base
    if step in ("vivre-cooperation", "vivre-superviseur"):
        return {**base, "stage": "card", "card": step.split("-")[1], "adjusted": step == "vivre-superviseur"}
    return {**base, "stage": "recherche", "recherches": 1 if step == "recherche" else 2,
            "done": 1 if step == "recherche-2-of-2" else 0}


# The turn's moves below change `turn`, a copy that the action making the new state owns.

def _after_recherche(turn: Turn) -> None:
    """After a Recherche action: another one if the turn allows it, else the turn ends."""
    more = turn["done"] < turn["recherches"] and not turn["fell"]
    turn["stage"], turn["card"] = "recherche" if more else "end", None


def _go_on(turn: Turn) -> None:
    """Where the turn goes once its card (and the defence that card started) is done."""
    if turn["phase"] == "vivre":
        turn["stage"], turn["card"] = "end" if turn["fell"] else "recherche", None
    else:
        _after_recherche(turn)


def _advance(before: State, after: State, action: Action) -> Turn:
    """The turn after an entry (not a `turn` line) was applied."""
    turn = current(before).copy()
    name, kind = turn["player"], action["action"]
    if turn.get("legacy") or after["over"]:
        return turn
    if before["players"][name]["pression"] > RESOURCE_MIN and after["players"][name]["pression"] == RESOURCE_MIN:
        turn["fell"] = True
    if not _playing(after, name):
        turn["stage"], turn["card"] = "end", None
        return turn
    if action.get("player") != name:
        return turn
    stage, card = turn["stage"], turn["card"]
    if kind == "submit" and stage == "recherche":
        turn["done"] += 1
        _after_recherche(turn)
    elif kind == "defend":
        if stage == "defence":
            _go_on(turn)
        else:
            turn["stage"] = "vivre"
    elif stage == "card":       # an effect of the card being resolved
        if kind == "adjust" and card == "vie":
            _go_on(turn)
        elif kind == "adjust" and card == "superviseur" and not turn["adjusted"]:
            turn["adjusted"] = True
            player = after["players"][name]
            if player["pending"] == 0 and player["approved"] == 0:
                _go_on(turn)
        elif kind == "challenge" and card == "challenge":
            test = after["last_test"]
            if turn["phase"] == "vivre" and test is not None and test["success"]:
                turn["recherches"] = RECHERCHE_MAX_PER_TURN
            _go_on(turn)
        elif kind in ("approve", "controversy", "revoke") and card == "superviseur":
            completed = after["players"][name]["approved"] > before["players"][name]["approved"] and \
                _has_thesis(after, name)
            if completed:
                turn["stage"] = "defence"
            else:
                _go_on(turn)
    return turn


# -- what is said ----------------------------------------------------------------------------

TEST_VERDICTS = {
    ("challenge", True): N_("{name}'s challenge: total {total}, needed {needed}: success."),
    ("challenge", False): N_("{name}'s challenge: total {total}, needed {needed}: failure."),
    ("controversy", True): N_("{name}'s controversy: net {total}, needed {needed}: the chapter is approved."),
    ("controversy", False): N_("{name}'s controversy: net {total}, needed {needed}: the chapter stays submitted."),
    ("defence", True): N_("{name}'s thesis defence: total {total}, needed {needed}: defended."),
    ("defence", False): N_("{name}'s thesis defence: total {total}, needed {needed}: failed; it may be retried at the start of a later turn."),
}
STATUS_EVENTS = {
    "burnout": N_("{name} reaches {limit} Pression: burn-out, out of the game."),
    "bingo": N_("{name} reaches {limit} Crédit: bingo, out of the game as a winner."),
    "doctor": N_("{name} is a doctor."),
}


def outcome(before: State, after: State, action: Action) -> list[Event]:
    """What an accepted entry did: the test's verdict, each resource change, the chapters, the
    statuses, the turn's consequences and why the game ended. PHD holds no secret."""
    events: list[Event] = []
    kind = action.get("action")
    test = after.get("last_test")
    if kind in ("challenge", "controversy", "defend") and test:
        events.append(said(TEST_VERDICTS[(test["kind"], test["success"])], name=test["player"],
                           total=test["total"], needed=test["needed"]))
    needed = after["options"]["chapters"]
    for name, now in after["players"].items():
        was = before["players"][name]
        for key in RESOURCES:
            if was[key] != now[key]:
                events.append(said(N_("{name}: {resource} {was} -> {now}."), name=name,
                                   resource=RESOURCE_NAMES[key], was=was[key], now=now[key]))
        if now["approved"] > was["approved"]:
            events.append(said(plural("{name}'s chapter is approved: {approved} approved of {needed}.",
                                      "{name}'s chapter is approved: {approved} approved of {needed}.", now["approved"]),
                               name=name, approved=now["approved"], needed=needed))
        elif now["approved"] < was["approved"]:
            events.append(said(N_("{name}'s approved chapter is revoked: it is submitted again."), name=name))
        elif now["pending"] > was["pending"]:
            events.append(said(N_("{name} submits a chapter: {pending} waiting for approval."),
                               name=name, pending=now["pending"]))
        if was["status"] != now["status"]:
            events.append(said(STATUS_EVENTS[now["status"]], name=name, limit=RESOURCE_MAX))
    events += _turn_events(before, after)
    if after["over"] and not before["over"]:
        events.append(_end_event(after))
    return events


def _turn_events(before: State, after: State) -> list[Event]:
    turn = after["turn"]
    was: Mapping[str, Any] = before["turn"] or {}
    if not turn or turn.get("legacy") or after["over"]:
        return []
    name = turn["player"]
    events = []
    if turn["stage"] == "defence" and was.get("stage") != "defence":
        events.append(said(N_("{name} has every approved chapter needed: the thesis defence starts now."), name=name))
    if turn["recherches"] > was.get("recherches", 1) and was.get("player") == name:
        events.append(said(N_("{name} won the challenge in Vivre: two Recherche phases this turn."), name=name))
    if turn["fell"] and not was.get("fell") and was.get("player") == name and _playing(after, name):
        if turn["done"] == 0:
            events.append(said(N_("{name}'s Pression fell to 0 this turn: no Recherche phase."), name=name))
        elif turn["done"] < turn["recherches"]:
            events.append(said(N_("{name}'s Pression fell to 0 this turn: no second Recherche phase."), name=name))
    return events


def _end_event(state: State) -> Event:
    if state["end"] == "doctor":
        doctor = next(n for n, p in state["players"].items() if p["status"] == "doctor")
        return said(N_("The game ends: {name} has defended the thesis."), name=doctor)
    if state["end"] == "timed":
        scores = ", ".join(f"{name} {score}" for name, score in state["scores"].items())
        return said(N_("The event deck is empty: time is up. Scores: {scores}."), scores=scores)
    last = [n for n in state["players"] if _playing(state, n)]
    if last:
        return said(N_("The game ends: {name} is the last player still in the game."), name=last[0])
    return said(N_("The game ends: nobody is still in the game."))
