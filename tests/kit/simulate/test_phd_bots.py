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


# Cards the tests reveal, added to the layouts' deck (the engine plays only the header's cards).
POSTIT = {"value": 1, "resource": "credit"}
EXTRA = {
    "test-credit": {"type": "vie", "title": "Test credit", "copies": 1, "pression": 0, "credit": 1, "postit": POSTIT},
    "test-calm": {"type": "vie", "title": "Test calm", "copies": 1, "pression": -4, "credit": 0, "postit": POSTIT},
    "test-approve": {"type": "superviseur", "title": "Test approve", "copies": 1, "pression": 0, "credit": 0,
                     "postit": POSTIT, "chapter": "approve"},
}


@pytest.fixture(scope="module")
def data():
    from kit.games.phd import layout

    deck = layout.deck(LAYOUTS)
    return bots.from_deck({"cards": {**deck["cards"], **EXTRA}})


def card(data, key: str) -> dict:
    """The copy of the deck's card `key` the table deals."""
    return next(c for c in data["events"] if c["id"] == key)


def table(data, options=None) -> bots.Table:
    t = bots.Table(data, ["greedy", "greedy"], options or {}, Random(7))
    t.hands = {n: {"events": [], "arguments": []} for n in t.seats}
    return t


def test_pression_already_zero_at_the_start_of_the_turn_still_gives_a_recherche(data):
    """The old bots skipped Recherche whenever Pression was 0 after Vivre (10.6 % of turns)."""
    t = table(data)
    t.state = rules.apply(t.state, {"action": "adjust", "player": "P1", "pression": -4})
    t.decks["events"].append(card(data, "test-credit"))
    t.turn("P1")
    assert t.state["players"]["P1"]["pression"] == 0
    assert t.state["turn"]["done"] == 1
    assert t.hands["P1"]["arguments"]


def test_pression_falling_to_zero_in_vivre_still_means_no_recherche(data):
    t = table(data)
    t.decks["events"].append(card(data, "test-calm"))
    t.turn("P1")
    assert t.state["turn"]["fell"]
    assert t.state["turn"]["done"] == 0
    assert not t.hands["P1"]["arguments"]


def test_the_defence_starts_right_after_the_completing_approval(data):
    """The old bots waited for the player's next turn."""
    t = table(data, {"chapters": 1})
    for action in ({"action": "adjust", "player": "P1", "pression": 1, "credit": 1}, {"action": "submit", "player": "P1"}):
        t.state = rules.apply(t.state, action)
    t.hands["P1"]["arguments"] = [a for a in data["arguments"] if a["value"] > 0 and not a["controversy"]][:1]
    t.decks["events"].append(card(data, "test-approve"))
    with pytest.raises(bots.GameOver):
        t.turn("P1")
    assert t.state["players"]["P1"]["status"] == "doctor"
    assert t.counts["defences_won"] == 1


def test_without_an_argument_the_defence_waits_and_the_turn_goes_on(data):
    t = table(data, {"chapters": 1})
    for action in ({"action": "adjust", "player": "P1", "pression": 1, "credit": 1}, {"action": "submit", "player": "P1"}):
        t.state = rules.apply(t.state, action)
    t.decks["events"].append(card(data, "test-approve"))
    t.turn("P1")
    assert t.state["turn"]["step"] in rules.DRAWS
    assert t.state["players"]["P1"]["approved"] == 1


def test_an_entry_the_rules_do_not_wait_for_is_a_bot_error(data):
    t = table(data)
    t.step("P1", "start")
    with pytest.raises(BotError, match="do not wait for"):
        t.step("P1", "draw-events")          # before the Vivre card


@pytest.mark.parametrize("seats", [["greedy", "random"], ["random", "greedy", "random", "greedy", "random"]])
def test_the_bots_hands_are_the_engines_counts_at_every_turn(data, seats):
    """What the engine counts (the deal, draws, cards played and laid, the hand limit's cards
    given away, the draws of a Coopération) is what the bots hold, at the start of each turn."""
    checked, over = [], []
    for seed in range(6):
        t = bots.Table(data, seats, {}, Random(seed))
        step = t.step

        def counted_step(name, which, t=t, step=step):
            if which == "start" and t.state["turn"] is not None:
                over.append(len(rules.hand_limit_receivers(t.state, t.state["turn"]["player"])))
            step(name, which)
            if which == "start":
                held = {n: len(t.hands[n]["events"]) + len(t.hands[n]["arguments"]) for n in t.seats if t.playing(n)}
                assert held == {n: t.state["players"][n]["hand"] for n in held}
                checked.append(held)
        t.step = counted_step
        bots.run(t)
    assert len(checked) > 100
    assert any(over)        # some turns ended over the hand limit: its cards were given away


@pytest.mark.parametrize(("key", "die", "change"), [("reseautage-au-buffet", 6, 1), ("reseautage-au-buffet", 1, 0),
                                                     ("serveur-de-calcul-sature", 1, -1),
                                                     ("serveur-de-calcul-sature", 6, 0)])
def test_a_challenge_that_draws_or_discards_moves_the_bots_hand_as_the_engine_counts(data, key, die, change):
    """Réseautage au buffet's success draws an Argument, Serveur de calcul saturé's failure
    discards a card (issue 46, item 5): the bot holds what the engine counts."""
    t = bots.Table(data, ["greedy", "greedy"], {}, Random(7))
    t.rng.randint = lambda low, high: die      # type: ignore[method-assign]
    t.bots["P1"].lay = lambda *args: []        # type: ignore[method-assign]
    t.step("P1", "start")
    before = len(t.hands["P1"]["events"]) + len(t.hands["P1"]["arguments"])
    t.resolve("P1", card(data, key), vivre=True)
    held = len(t.hands["P1"]["events"]) + len(t.hands["P1"]["arguments"])
    assert held == before + change == t.state["players"]["P1"]["hand"]
