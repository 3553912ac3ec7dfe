"""Cards in hand, as a game with printed cards counts them (PHD, Promotion).

The engine counts each player's cards in hand, how many and never which, from what it
applies: the deal, the draws, the cards played and laid, what the cards give, take and
discard (each game says which of its entries do). The table's `hand` entry puts a count
right by hand (a correction: a card drawn and not said, a count that went wrong), and
every face reads the count instead of asking it.

    >>> state = {"cards": {}, "turn": {"player": "Ana"}, "players": {"Ana": {"hand": 5}}}
    >>> counted(state)
    True
    >>> said_holding("Ana", 1).public.params
    {'player': 'Ana', 'n': 1}
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import N_, plural
from scorekeeper.rules.fields import Act, Name, Whole, act
from scorekeeper.rules.flow import Decision, Event, decision, said, whole

ACTION = "hand"
# The `hand` correction's fields (scorekeeper/rules/fields.py).
CORRECTION: Act = act(player=Name(), cards=Whole(label=N_("{player}'s cards in hand"), low=0))


def counted(state: Mapping[str, Any]) -> bool:
    """Whether the engine's counts of the cards in hand hold: it applies the cards of a
    session with a deck whose log records the turns. A session typed entry by entry, or
    without a deck (whose hands the table keeps: Promotion's `by_hand`), has no count to
    read (a face asks the hands where they matter)."""
    return state.get("cards") is not None and not state.get("by_hand") and state.get("turn") is not None


def correction(names: list[str]) -> Decision:
    """The table putting one player's count right (whoever is at the table says whose)."""
    made = decision(ACTION, None, cards=whole(0))
    made["choices"] = {"player": names, **made["choices"]}
    return made


def said_holding(name: str, cards: int) -> Event:
    """What a count put right says."""
    return said(plural("{player} holds {n} card.", "{player} holds {n} cards.", cards), player=name, n=cards)


def holdings(state: Mapping[str, Any]) -> dict[str, int]:
    """Each player's count, in seating order (the faces show them once `counted`)."""
    return {name: player["hand"] for name, player in state["players"].items() if "hand" in player}
