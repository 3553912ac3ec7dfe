"""Promotion rules (RULES.md §3) against scorekeeper.rules.promotion directly."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused
from score_cli import OWN_SCENARIOS, applier, run_scenario, scenario_files, scenario_id

from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import promotion as promo

NAMES = ["Ana", "Ben", "Cléo"]


def new(names=NAMES, **options):
    return promo.setup([{"name": n} for n in names], options)


play = applier(promo)


@pytest.mark.parametrize("path", scenario_files("promotion"), ids=scenario_id)
def test_scenario(path):
    run_scenario(promo, path)


def test_the_scenarios_are_there():
    assert len(sorted((OWN_SCENARIOS / "promotion").glob("*.yaml"))) >= 3


# -- setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("count", sorted(promo.PLAYER_TABLE))
def test_the_player_count_table_sets_hand_and_target(count):
    state = new([f"P{i}" for i in range(count)])
    assert (state["hand_size"], state["target"]) == promo.PLAYER_TABLE[count]
    assert all(p["pi"] == promo.START_PI for p in state["players"].values())
    assert state["reshuffles"] == 0


def test_the_target_option_overrides_the_table():
    assert new(target=12)["target"] == 12
    assert new(target="5")["target"] == 5


TARGET = "The option 'target' must be a whole number of PI above the {START_PI} everyone starts with, not {value}."


@pytest.mark.parametrize(("names", "options", "rule", "named"), [
    (["Ana"], {}, "{title} is for {low} to {high} players, not {count}.", {"low": 2, "high": 8, "count": 1}),
    (NAMES, {"target": 1}, TARGET, {"START_PI": promo.START_PI, "value": "1"}),
    (NAMES, {"target": "lots"}, TARGET, {"value": "'lots'"}),
    (NAMES, {"hand": 3}, "{title} has no option {key}; its options are: {accepted}.",
     {"key": "'hand'", "accepted": "target"}),
    (["Ana", "Ana"], {}, "Two players are called {name}; each name must be unique.", {"name": "Ana"}),
])
def test_setup_refusals(names, options, rule, named):
    with refused(rule, **named):
        new(names, **options)


# -- PI ----------------------------------------------------------------------------------

def test_a_steal_reaching_the_target_wins_at_once():
    state = play(new(target=4), {"action": "gain", "player": "Ben", "amount": 2},
                 {"action": "gain", "player": "Ana", "amount": 1})
    state = play(state, {"action": "steal", "thief": "Ana", "victim": "Ben", "amount": 9})
    assert state["players"]["Ben"]["pi"] == 0
    assert state["players"]["Ana"]["pi"] == 5
    assert state["over"]
    assert state["winners"] == ["Ana"]
    assert state["end"] == "target"


NOT_A_PLAYER = "{named} is not a player here; the players are {players}."


@pytest.mark.parametrize(("action", "rule", "named"), [
    ({"action": "lose", "player": "Ana", "amount": -1}, "{what} must be at least {low}, not {value}.",
     {"what": "Ana's PI loss", "low": 1, "value": -1}),
    ({"action": "steal", "thief": "Ana", "victim": "Ana", "amount": 1}, "{thief} cannot steal from themselves.",
     {"thief": "Ana"}),
    ({"action": "steal", "thief": "Ana", "victim": "Zoé", "amount": 1}, NOT_A_PLAYER,
     {"named": "'Zoé' (the victim)", "players": NAMES}),
    ({"action": "gain", "player": "Ana", "amount": True}, "{what} must be a whole number, not {value}.",
     {"what": "Ana's PI gain", "value": "true"}),
    ({"action": "gain", "player": "Ana"}, "This entry lacks {what}, which the rules need here.",
     {"what": "Ana's PI gain"}),
    ({"action": "deck_empty", "hands": {"Zoé": 2}},
     "{what} names {name}, who is not a player here; the players are {players}.",
     {"what": "The cards in hand", "name": "'Zoé'", "players": NAMES}),
    ({"action": "deck_empty", "hands": {"Ana": -2}}, "{what} must be at least {low}, not {value}.",
     {"what": "Ana's cards in hand", "low": 0, "value": -2}),
])
def test_refusals_name_the_value(action, rule, named):
    with refused(rule, **named):
        play(new(), action)


# -- the office closing ------------------------------------------------------------------

def empty(state, times=promo.MAX_RESHUFFLES, **fields):
    for _ in range(times):
        state = play(state, {"action": "deck_empty", **fields})
    return state


def test_most_pi_wins_without_asking_for_hands():
    state = empty(play(new(), {"action": "gain", "player": "Cléo", "amount": 1}))
    state = play(state, {"action": "deck_empty"})
    assert state["over"]
    assert state["winners"] == ["Cléo"]
    assert state["end"] == "office closed"


def test_a_tie_needs_the_hands_of_the_tied_players_only():
    state = empty(play(new(), {"action": "gain", "player": "Ana", "amount": 2},
                       {"action": "gain", "player": "Cléo", "amount": 2}))
    with refused("{tied} are tied on {best} PI as the office closes: the most cards in hand break the tie, so give "
                 "the cards in hand of {missing}.", tied=["Ana", "Cléo"], best=3, missing=["Cléo"]):
        play(state, {"action": "deck_empty", "hands": {"Ana": 3}})
    shared = play(state, {"action": "deck_empty", "hands": {"Ana": 3, "Cléo": 3}})
    assert shared["winners"] == ["Ana", "Cléo"]
    single = play(state, {"action": "deck_empty", "hands": {"Ana": 1, "Cléo": 3, "Ben": 6}})
    assert single["winners"] == ["Cléo"]            # Ben's big hand does not count: fewer PI


def test_standings_put_the_winners_first_and_share_ranks():
    state = play(new(), {"action": "gain", "player": "Cléo", "amount": 3},
                 {"action": "lose", "player": "Ana", "amount": 1})
    assert promo.standings(state) == [(1, "Cléo"), (2, "Ben"), (3, "Ana")]
    state = play(new(), {"action": "gain", "player": "Ana", "amount": 1},
                 {"action": "gain", "player": "Cléo", "amount": 1})
    assert promo.standings(state) == [(1, "Ana"), (1, "Cléo"), (3, "Ben")]


# -- properties --------------------------------------------------------------------------

name = st.sampled_from(NAMES)
amount = st.integers(-1, 9)
actions = st.one_of(
    st.builds(lambda k, p, a: {"action": k, "player": p, "amount": a},
              st.sampled_from(["gain", "lose"]), name, amount),
    st.builds(lambda t, v, a: {"action": "steal", "thief": t, "victim": v, "amount": a}, name, name, amount),
    st.builds(lambda h: {"action": "deck_empty", **({"hands": h} if h else {})},
              st.none() | st.dictionaries(name, st.integers(0, 6))),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(actions, max_size=40), st.integers(2, 10))
def test_random_play_keeps_pi_non_negative_and_winners_at_the_target(sequence, target):
    stack = [new(target=target)]
    for action in sequence:
        before = copy.deepcopy(stack[-1])
        try:
            after = promo.apply(stack[-1], action)
        except RuleViolation as refusal:
            assert str(refusal).endswith(".")
            continue
        finally:
            assert stack[-1] == before
        assert all(p["pi"] >= 0 for p in after["players"].values())
        assert 0 <= after["reshuffles"] <= promo.MAX_RESHUFFLES
        total = sum(p["pi"] for p in after["players"].values())
        if action["action"] == "steal":
            assert total == sum(p["pi"] for p in before["players"].values())   # PI change hands
        if after["end"] == "target":
            assert all(after["players"][w]["pi"] >= target for w in after["winners"])
        if after["end"] == "office closed":
            best = max(p["pi"] for p in after["players"].values())
            assert all(after["players"][w]["pi"] == best for w in after["winners"])
        assert after["over"] == bool(after["winners"])
        stack.append(after)
    while len(stack) > 1:
        stack.pop()
    assert stack[0] == new(target=target)


@settings(max_examples=25, deadline=None)
@given(st.lists(actions, max_size=25))
def test_replaying_the_file_equals_the_live_state(tmp_path_factory, sequence):
    path = tmp_path_factory.mktemp("promo") / "game.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in NAMES], {})
    live = new()
    for action in sequence:
        try:
            live = promo.apply(live, action)
        except RuleViolation as refusal:
            before = path.read_bytes()
            with pytest.raises(RuleViolation) as again:
                sessions.append(path, action)
            assert str(again.value) == str(refusal)     # the same refusal, for the same reason
            assert path.read_bytes() == before
            continue
        sessions.append(path, action)
    assert sessions.load(path).state == live
