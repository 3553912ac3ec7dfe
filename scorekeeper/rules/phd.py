"""PHD (RULES.md §1): Pression and Crédit, chapters, controversies and the defence.

Decisions taken with the printed turn aid, which guided play (kit/games/phd/table.py)
follows and its tests pin:
- a Superviseur card changes Pression and Crédit like C'est la vie (an `adjust`), then says
  what happens to a submitted chapter (`approve`, `controversy`, `revoke`, or nothing);
- the thesis defence (`defend`) starts right after the approval that completes the chapters
  needed (§1.8), in the same turn; a failed defence may be retried at the start of a later
  turn of that player;
- a turn is Vivre (one event) then one Recherche, or two after a Challenge won in Vivre;
  none when Pression fell to 0 during the turn. Guided play records the step reached in
  `turn` lines (TURN_STEPS), which change no score, so it resumes at that step.
"""
from __future__ import annotations

from scorekeeper.errors import RuleViolation, plural
from scorekeeper.rules.checks import (
    apply_turn,
    fresh,
    shown,
    check_fields, check_option_names, check_players, is_int, need_action, need_game_on,
    need_int, need_ints, need_player, ranked,
)

GAME_ID = "phd"
TITLE = "PHD"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

RESOURCES = ("pression", "credit")
RESOURCE_MIN, RESOURCE_MAX = 0, 20
RESOURCE_START = 4
BURNOUT_AT = RESOURCE_MAX      # Pression reaching this eliminates the player
BINGO_AT = RESOURCE_MAX        # Crédit reaching this makes the player leave as a winner
DIE_MIN, DIE_MAX = 1, 6
CHAPTER_COST = {"pression": 5, "credit": 5}
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
TIMED_POINTS = {"approved": 15, "pending": 10, "credit": 1}

TIMED_OPTION_DEFAULT = False

# The session actions of SCOREKEEPER.md, and the words the engine uses for them.
ACTIONS = ("adjust", "challenge", "submit", "approve", "controversy", "revoke", "defend", "deck_empty", "turn")
# The steps of a turn guided play records (`turn` lines), so it resumes where it stopped.
TURN_STEPS = ("start", "vivre", "vivre-cooperation", "vivre-superviseur", "recherche", "recherche-1-of-2",
              "recherche-2-of-2")
STATUSES = ("playing", "burnout", "bingo", "doctor")
RESOURCE_NAMES = {"pression": "Pression", "credit": "Crédit"}

# ---------------------------------------------------------------------------------------
# The rule engine: setup, apply, describe (contract in scorekeeper/rules/__init__.py).
# ---------------------------------------------------------------------------------------

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _chapters_option(value) -> int:
    # `kit score new` decodes option values as JSON, but a hand-typed header may give the text "2".
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not is_int(value) or value not in CHAPTER_OPTIONS:
        allowed = ", ".join(str(n) for n in CHAPTER_OPTIONS)
        raise RuleViolation("The option chapters must be one of {allowed}, not {value}.", allowed=allowed, value=shown(value))
    return value


def _timed_option(value) -> bool:
    if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
        return value.strip().lower() in _TRUE
    if not isinstance(value, bool):
        raise RuleViolation("The option timed must be true or false, not {value}.", value=shown(value))
    return value


def setup(players: list[dict], options: dict | None = None) -> dict:
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
        "turn": None,   # whose turn and which step, as guided play recorded it (`turn` lines)
        "winners": [],
        # how the game ended: "doctor", "timed", "last player" (None while it goes on)
        "end": None,
        # the latest die-or-card test (challenge, controversy, defence), for `show` and `play`
        "last_test": None,
    }


def _acting(state: dict, name) -> dict:
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


def _effect(value, name: str, what: str) -> dict:
    """A {pression?, credit?} change, each a signed whole number."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RuleViolation("{name}'s {what} must give pression and/or credit changes, not {value}.", name=name, what=what, value=shown(value))
    for key in value:
        if key not in RESOURCES:
            raise RuleViolation("{name}'s {what} can change pression or credit, not {key}.", name=name, what=what, key=shown(key))
    return {key: need_int(value[key], f"{name}'s {what} change of {RESOURCE_NAMES[key]}")
            for key in RESOURCES if key in value}


def _change(player: dict, deltas: dict) -> None:
    """Apply signed changes, clamp to 0..20, then burn-out before bingo (RULES.md §1.2)."""
    for resource, delta in deltas.items():
        player[resource] = max(RESOURCE_MIN, min(RESOURCE_MAX, player[resource] + delta))
    if player["pression"] >= BURNOUT_AT:
        player["status"] = "burnout"
    elif player["credit"] >= BINGO_AT:
        player["status"] = "bingo"


def timed_score(player: dict) -> int:
    """15 per approved chapter, 10 per submitted one, plus the Crédit (RULES.md §1.11)."""
    return sum(TIMED_POINTS[key] * player[key] for key in ("approved", "pending", "credit"))


def _settle(state: dict) -> None:
    """Decide whether the game is over and who the winners are, in header order."""
    players = state["players"]
    playing = [name for name, p in players.items() if p["status"] == "playing"]
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


def standings(state: dict) -> list[tuple[int, str]]:
    """(rank, name): the winners, then those still playing by chapters and Crédit (or by
    timed score), then the burnt-out; equal records share a rank."""
    scores = state.get("scores") or {}

    def key(name):
        p = state["players"][name]
        if name in state["winners"]:
            return (0,)
        group = 2 if p["status"] == "burnout" else 1
        if name in scores:
            return (group, -scores[name])
        return (group, -p["approved"], -p["pending"], -p["credit"])
    return ranked(state["players"], key)


def _net(action: dict, name: str) -> tuple[int, list[int], list[int], list[int]]:
    own = need_ints(action.get("arguments"), f"{name}'s arguments", low=0, non_empty=True)
    support = need_ints(action.get("support"), f"The support for {name}", low=0)
    opposition = need_ints(action.get("opposition"), f"The opposition to {name}", low=0)
    return sum(own) + sum(support) - sum(opposition), own, support, opposition


def apply(state: dict, action: dict) -> dict:
    """The state after one action; refuses with RuleViolation, never mutates `state`."""
    kind = need_action(action, TITLE, ACTIONS)
    need_game_on(state, TITLE)
    if kind == "turn":
        return apply_turn(state, action, TITLE, TURN_STEPS, lambda state, name: state["players"][name]["status"] == "playing")
    new = fresh(state)
    players = new["players"]

    if kind == "deck_empty":
        check_fields(action, TITLE, ())
        if not new["options"]["timed"]:
            raise RuleViolation("The event deck running out ends only a timed game "
                                "(option timed=true); in this game reshuffle it and play on.")
        new["scores"] = {name: timed_score(p) for name, p in players.items()}
        new["over"], new["end"] = True, "timed"
        _settle(new)
        return new

    name = action.get("player")
    if kind == "adjust":
        check_fields(action, TITLE, ("player",), RESOURCES)
        player = _acting(new, name)
        deltas = {key: need_int(action[key], f"{name}'s {RESOURCE_NAMES[key]} change")
                  for key in RESOURCES if key in action}
        if not deltas:
            raise RuleViolation("Adjusting {name} needs a pression or a credit change.", name=name)
        _change(player, deltas)

    elif kind == "challenge":
        check_fields(action, TITLE, ("player", "resource", "die", "difficulty"),
                     ("modifiers", "success", "failure"))
        player = _acting(new, name)
        resource = action["resource"]
        if resource not in RESOURCES:
            raise RuleViolation("{name}'s challenge tests pression or credit, not {resource}.", name=name, resource=shown(resource))
        die = need_int(action["die"], f"{name}'s die", DIE_MIN, DIE_MAX)
        difficulty = need_int(action["difficulty"], f"The difficulty of {name}'s challenge", low=0)
        modifiers = need_ints(action.get("modifiers"), f"The modifiers of {name}'s challenge")
        success_effect = _effect(action.get("success"), name, "challenge success")
        failure_effect = _effect(action.get("failure"), name, "challenge failure")
        total = player[resource] + die + sum(modifiers)
        won = total >= difficulty
        _change(player, success_effect if won else failure_effect)
        new["last_test"] = {"kind": "challenge", "player": name, "total": total,
                            "needed": difficulty, "success": won}

    elif kind == "submit":
        check_fields(action, TITLE, ("player",))
        player = _acting(new, name)
        if any(player[key] < cost for key, cost in CHAPTER_COST.items()):
            raise RuleViolation("{name} has {pression} Pression and {credit} Crédit; submitting a chapter needs at least {pression2} of each.", name=name, pression=player['pression'], credit=player['credit'], pression2=CHAPTER_COST['pression'])
        _change(player, {key: -cost for key, cost in CHAPTER_COST.items()})
        player["pending"] += 1

    elif kind in ("approve", "controversy"):
        check_fields(action, TITLE, ("player",) + (("arguments",) if kind == "controversy" else ()),
                     ("support", "opposition") if kind == "controversy" else ())
        player = _acting(new, name)
        if player["pending"] < 1:
            raise RuleViolation("{name} has no submitted chapter waiting for approval.", name=name)
        approved = True
        if kind == "controversy":
            net, *_ = _net(action, name)
            approved = net >= CONTROVERSY_NET_TO_WIN
            new["last_test"] = {"kind": "controversy", "player": name, "total": net,
                                "needed": CONTROVERSY_NET_TO_WIN, "success": approved}
        if approved:
            player["pending"] -= 1
            player["approved"] += 1

    elif kind == "revoke":
        check_fields(action, TITLE, ("player",))
        player = _acting(new, name)
        if player["approved"] < 1:
            raise RuleViolation("{name} has no approved chapter to revoke.", name=name)
        player["approved"] -= 1
        player["pending"] += 1

    elif kind == "defend":
        check_fields(action, TITLE, ("player", "die", "arguments"), ("support", "opposition"))
        player = _acting(new, name)
        required = new["options"]["chapters"]
        if player["approved"] < required:
            raise RuleViolation(plural("{name} has {approved} approved chapter; the thesis defence needs {required}.",
                                       "{name} has {approved} approved chapters; the thesis defence needs {required}.",
                                       player['approved']), name=name, approved=player['approved'], required=required)
        die = need_int(action["die"], f"{name}'s die", DIE_MIN, DIE_MAX)
        net, *_ = _net(action, name)
        total = die + net
        defended = total >= DEFENCE_NET_TO_WIN
        if defended:
            player["status"] = "doctor"
        new["last_test"] = {"kind": "defence", "player": name, "total": total,
                            "needed": DEFENCE_NET_TO_WIN, "success": defended}

    _settle(new)
    return new
