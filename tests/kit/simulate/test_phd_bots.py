"""PHD's bots follow the rules' turn: a Recherche whenever the rules offer one, the defence
right after the approval that completes the chapters, every entry one the rules wait for."""
from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from kit.games.phd import bots
from kit.simulate import BotError
from scorekeeper.rules import phd as rules

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"


@pytest.fixture(scope="module")
def data():
    return bots.load(LAYOUTS)


def card(kind: str, **fields) -> dict:
    plain = {key: None for key in bots._KEEP}
    plain.update({"type": kind, "pression": 0, "credit": 0, "you": {}, "other": {}, "success": {}, "failure": {}})
    plain.update(fields)
    return bots._weighed(plain)


def table(data, options=None) -> bots.Table:
    t = bots.Table(data, ["greedy", "greedy"], options or {}, Random(7))
    t.hands = {n: {"events": [], "arguments": []} for n in t.seats}
    return t


def test_pression_already_zero_at_the_start_of_the_turn_still_gives_a_recherche(data):
    """The old bots skipped Recherche whenever Pression was 0 after Vivre (10.6 % of turns)."""
    t = table(data)
    t.state = rules.apply(t.state, {"action": "adjust", "player": "P1", "pression": -4})
    t.decks["events"].append(card("vie", credit=1))
    t.turn("P1")
    assert t.state["players"]["P1"]["pression"] == 0
    assert t.state["turn"]["done"] == 1
    assert t.hands["P1"]["arguments"]


def test_pression_falling_to_zero_in_vivre_still_means_no_recherche(data):
    t = table(data)
    t.decks["events"].append(card("vie", pression=-4))
    t.turn("P1")
    assert t.state["turn"]["fell"]
    assert t.state["turn"]["done"] == 0
    assert not t.hands["P1"]["arguments"]


def test_the_defence_starts_right_after_the_completing_approval(data):
    """The old bots waited for the player's next turn."""
    t = table(data, {"chapters": 1})
    for action in ({"action": "adjust", "player": "P1", "pression": 1, "credit": 1}, {"action": "submit", "player": "P1"}):
        t.state = rules.apply(t.state, action)
    t.hands["P1"]["arguments"] = [{"value": 2, "controversy": False}]
    t.decks["events"].append(card("superviseur", chapter="approve"))
    with pytest.raises(bots.GameOver):
        t.turn("P1")
    assert t.state["players"]["P1"]["status"] == "doctor"
    assert t.counts["defences_won"] == 1


def test_without_an_argument_the_defence_waits_and_the_turn_goes_on(data):
    t = table(data, {"chapters": 1})
    for action in ({"action": "adjust", "player": "P1", "pression": 1, "credit": 1}, {"action": "submit", "player": "P1"}):
        t.state = rules.apply(t.state, action)
    t.decks["events"].append(card("superviseur", chapter="approve"))
    t.turn("P1")
    assert t.state["turn"]["step"] in rules.DRAWS
    assert t.state["players"]["P1"]["approved"] == 1


def test_an_entry_the_rules_do_not_wait_for_is_a_bot_error(data):
    t = table(data)
    t.step("P1", "start")
    with pytest.raises(BotError, match="do not wait for"):
        t.step("P1", "draw-events")          # before the Vivre card
