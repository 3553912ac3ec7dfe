"""Amphithéâtre (RULES.md §2): physicians debating a death in an anatomy theatre."""
from __future__ import annotations

from scorekeeper.errors import RuleViolation
from scorekeeper.rules.checks import (
    apply_turn,
    fresh,
    shown,
    check_fields, check_option_names, check_players, need_action, need_bool,
    need_game_on, need_player, ranked,
)

GAME_ID = "amphitheatre"
TITLE = "Amphithéâtre"
MIN_PLAYERS, MAX_PLAYERS = 3, 8

CATEGORIES = ("affliction", "anatomie", "cause")
MIN_CARDS_PER_CATEGORY = 12
ROW_SEATS = (4, 5, 6)          # row 1 at the bottom, filled first
CAPACITY = sum(ROW_SEATS)      # 15 seats: filling them all wins
# The row of the last filled seat (row 1 when empty) sets the amounts.
TOKEN_TABLE = {1: {"gain": 3, "penalty": 1}, 2: {"gain": 2, "penalty": 2}, 3: {"gain": 1, "penalty": 3}}
MIN_SPECTATOR_TOKENS = 130

# The session actions of SCOREKEEPER.md.
ACTIONS = ("handshake", "debate", "accuse", "turn")
# The steps of a turn guided play records (`turn` lines), so it resumes where it stopped.
TURN_STEPS = ("start",)
SIDES = ("side_a", "side_b")


def row_of(seats: int) -> int:
    """The row of the last filled seat, row 1 when the auditorium is empty (RULES.md §2.6)."""
    filled = 0
    for row, size in enumerate(ROW_SEATS, start=1):
        filled += size
        if seats <= filled:
            return row
    return len(ROW_SEATS)


def gain_of(seats: int) -> int:
    return TOKEN_TABLE[row_of(seats)]["gain"]


def penalty_of(seats: int) -> int:
    return TOKEN_TABLE[row_of(seats)]["penalty"]


def setup(players: list[dict], options: dict | None = None) -> dict:
    """Empty auditoriums and doubt zones; Amphithéâtre has no options."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    check_option_names(options, TITLE, ())
    return {
        "game": GAME_ID,
        "options": {},
        "capacity": CAPACITY,
        "players": {name: {"seats": 0, "doubt": 0, "row": 1} for name in names},
        "over": False,
        "turn": None,   # whose turn and which step, as guided play recorded it (`turn` lines)
        "winners": [],
    }


def _seat(player: dict, tokens: int) -> None:
    """Add (or take away) auditorium tokens; those beyond the last seat are lost."""
    player["seats"] = max(0, min(CAPACITY, player["seats"] + tokens))


def _settle(state: dict) -> None:
    """Refresh the rows; whoever filled every seat wins, all of them at the same moment."""
    for player in state["players"].values():
        player["row"] = row_of(player["seats"])
    state["winners"] = [name for name, p in state["players"].items() if p["seats"] >= CAPACITY]
    state["over"] = bool(state["winners"])


def standings(state: dict) -> list[tuple[int, str]]:
    """(rank, name) by seats filled; equal seats share a rank."""
    return ranked(state["players"], lambda name: -state["players"][name]["seats"])


def _names(state: dict, value, what: str) -> list[str]:
    """A list of known, distinct player names."""
    if value is None:
        value = []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise RuleViolation("The debate's {what} must be a list of player names, not {value}.", what=what, value=shown(value))
    seen: list[str] = []
    for name in value:
        need_player(state, name, what)
        if name in seen:
            raise RuleViolation("{name} is named twice ({what}).", name=name, what=what)
        seen.append(name)
    return seen


def _debate(state: dict, action: dict) -> None:
    """RULES.md §2.4, with discounted players counting for nobody and left untouched."""
    side_a = _names(state, action["side_a"], "side A")
    side_b = _names(state, action["side_b"], "side B")
    discounted = set(_names(state, action.get("discounted"), "discounted"))
    if not side_a or not side_b:
        raise RuleViolation("A debate needs at least one player on each side.")
    both = [name for name in side_a if name in side_b]
    if both:
        raise RuleViolation("{both} cannot take both sides of the debate.", both=both)
    players = state["players"]
    counted_a = [n for n in side_a if n not in discounted]
    counted_b = [n for n in side_b if n not in discounted]
    abstainers = [n for n in players if n not in side_a and n not in side_b and n not in discounted]
    if len(counted_a) == len(counted_b):
        for name in counted_a + counted_b:
            players[name]["doubt"] += 1          # from the reserve
    else:
        majority = counted_a if len(counted_a) > len(counted_b) else counted_b
        for name in players:
            if name in discounted:
                continue
            player = players[name]
            if name in majority:
                # the row is read before the tokens arrive
                _seat(player, gain_of(player["seats"]) + player["doubt"])
            player["doubt"] = 0                  # banked by the majority, returned by the rest
    for name in abstainers:
        player = players[name]
        if player["seats"] > 0:
            player["seats"] -= 1
            player["doubt"] += 1


def _accuse(state: dict, action: dict) -> None:
    """RULES.md §2.5: a liar pays their row's penalty, a truthful player takes their row's gain."""
    accuser = need_player(state, action["accuser"], "the accuser")
    accused = need_player(state, action["accused"], "the accused")
    truthful = need_bool(action["truthful"], "Whether the accused told the truth (truthful)")
    if accuser == accused:
        raise RuleViolation("{accuser} cannot accuse themselves.", accuser=accuser)
    players = state["players"]
    if truthful:
        payer, payee = players[accuser], players[accused]
        amount = min(gain_of(players[accused]["seats"]), payer["seats"])
    else:
        payer, payee = players[accused], players[accuser]
        amount = min(penalty_of(players[accused]["seats"]), payer["seats"])
    payer["seats"] -= amount
    _seat(payee, amount)


def apply(state: dict, action: dict) -> dict:
    """The state after one action; refuses with RuleViolation, never mutates `state`."""
    kind = need_action(action, TITLE, ACTIONS)
    need_game_on(state, TITLE)
    if kind == "turn":
        return apply_turn(state, action, TITLE, TURN_STEPS)
    new = fresh(state)
    if kind == "handshake":
        check_fields(action, TITLE, ("speaker", "target"))
        speaker = need_player(new, action["speaker"], "the speaker")
        target = need_player(new, action["target"], "the target")
        if speaker == target:
            raise RuleViolation("{speaker} cannot shake hands with themselves.", speaker=speaker)
        for name in (speaker, target):
            player = new["players"][name]
            _seat(player, gain_of(player["seats"]))
    elif kind == "debate":
        check_fields(action, TITLE, SIDES, ("discounted",))
        _debate(new, action)
    else:
        check_fields(action, TITLE, ("accuser", "accused", "truthful"))
        _accuse(new, action)
    _settle(new)
    return new
