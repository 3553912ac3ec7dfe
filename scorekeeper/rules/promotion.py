"""Promotion (RULES.md §3): office politics and Influence Points (PI)."""
from __future__ import annotations

from scorekeeper.errors import RuleViolation
from scorekeeper.rules.checks import (
    apply_turn,
    fresh,
    shown,
    check_fields, check_option_names, check_players, is_int, need_action,
    need_game_on, need_int, need_player, ranked,
)

GAME_ID = "promotion"
TITLE = "Promotion"
MIN_PLAYERS, MAX_PLAYERS = 2, 8

# players -> (cards in hand at the start, PI to win)
PLAYER_TABLE = {2: (5, 8), 3: (5, 8), 4: (4, 8), 5: (4, 7), 6: (4, 7), 7: (4, 6), 8: (4, 6)}
START_PI = 1
DECK_SIZE = 100
DECK_DESIGNS = 20
CARD_TYPES = ("Attaque", "Trahison", "Avantage", "Annonce", "Poste")
MAX_RESHUFFLES = 2             # the third time the deck runs out, the office closes
DRAW_PER_TURN = 1
PLAY_PER_TURN = 2
END_OF_TURN_HAND_LIMIT = 6
MAX_REDIRECTIONS = 3
BURNOUT_DRAW = 3
MIN_PI_TOKENS = 60

# The session actions of SCOREKEEPER.md.
ACTIONS = ("gain", "lose", "steal", "deck_empty", "turn")
# The steps of a turn guided play records (`turn` lines), so it resumes where it stopped.
TURN_STEPS = ("start",)


def _target_option(value) -> int:
    # `kit score new` decodes option values as JSON, but a hand-typed header may give the text "10".
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not is_int(value) or value <= START_PI:
        raise RuleViolation("The option target must be a whole number of PI above the {START_PI} everyone starts with, not {value}.", START_PI=START_PI, value=shown(value))
    return value


def setup(players: list[dict], options: dict | None = None) -> dict:
    """Hand size and target from the player-count table; everyone starts with 1 PI."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    options = check_option_names(options, TITLE, ("target",))
    hand_size, target = PLAYER_TABLE[len(names)]
    if "target" in options:
        target = _target_option(options["target"])
    return {
        "game": GAME_ID,
        "options": {"target": target} if "target" in options else {},
        "target": target,
        "hand_size": hand_size,
        "reshuffles": 0,
        "players": {name: {"pi": START_PI} for name in names},
        "over": False,
        "turn": None,   # whose turn and which step, as guided play recorded it (`turn` lines)
        "winners": [],
        # how the game ended: "target" or "office closed" (None while it goes on)
        "end": None,
    }


def _check_target(state: dict, name: str) -> None:
    """Reaching the target wins at once (RULES.md §3.5)."""
    if state["players"][name]["pi"] >= state["target"]:
        state["over"], state["end"], state["winners"] = True, "target", [name]


def standings(state: dict) -> list[tuple[int, str]]:
    """(rank, name): the winners first, then by PI; equal PI share a rank."""
    return ranked(state["players"], lambda name: (name not in state["winners"],
                                                  -state["players"][name]["pi"]))


def _hands(state: dict, value) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RuleViolation("hands must give each player's number of cards, not {value}.", value=shown(value))
    return {need_player(state, name, "in hands"): need_int(count, f"{name}'s cards in hand", low=0)
            for name, count in value.items()}


def leaders(state: dict) -> list[str]:
    """The players with the most PI, in seating order: who wins if the office closes now,
    before cards in hand break a tie."""
    best = max(p["pi"] for p in state["players"].values())
    return [name for name, p in state["players"].items() if p["pi"] == best]


def _close_office(state: dict, hands: dict[str, int]) -> None:
    """Most PI wins; a tie goes to most cards in hand; still tied, a shared win (RULES.md §3.6)."""
    tied = leaders(state)
    best = state["players"][tied[0]]["pi"]
    if len(tied) > 1:
        missing = [name for name in tied if name not in hands]
        if missing:
            raise RuleViolation("{tied} are tied on {best} PI as the office closes: give the cards in hand of {missing} (hands) to break the tie.", tied=tied, best=best, missing=missing)
        most = max(hands[name] for name in tied)
        tied = [name for name in tied if hands[name] == most]
    state["over"], state["end"], state["winners"] = True, "office closed", tied


def apply(state: dict, action: dict) -> dict:
    """The state after one action; refuses with RuleViolation, never mutates `state`."""
    kind = need_action(action, TITLE, ACTIONS)
    need_game_on(state, TITLE)
    if kind == "turn":
        return apply_turn(state, action, TITLE, TURN_STEPS)
    new = fresh(state)
    players = new["players"]
    if kind in ("gain", "lose"):
        check_fields(action, TITLE, ("player", "amount"))
        name = need_player(new, action["player"])
        noun = "gain" if kind == "gain" else "loss"
        amount = need_int(action["amount"], f"{name}'s PI {noun}", low=1)
        if kind == "gain":
            players[name]["pi"] += amount
            _check_target(new, name)
        else:
            players[name]["pi"] = max(0, players[name]["pi"] - amount)
    elif kind == "steal":
        check_fields(action, TITLE, ("thief", "victim", "amount"))
        thief = need_player(new, action["thief"], "the thief")
        victim = need_player(new, action["victim"], "the victim")
        if thief == victim:
            raise RuleViolation("{thief} cannot steal from themselves.", thief=thief)
        amount = need_int(action["amount"], f"The PI {thief} steals from {victim}", low=1)
        taken = min(amount, players[victim]["pi"])
        players[victim]["pi"] -= taken
        players[thief]["pi"] += taken
        _check_target(new, thief)
    else:
        check_fields(action, TITLE, (), ("hands",))
        hands = _hands(new, action.get("hands"))
        if new["reshuffles"] < MAX_RESHUFFLES:
            new["reshuffles"] += 1
        else:
            _close_office(new, hands)
    return new


