"""Amphithéâtre rules (RULES.md §2) against scorekeeper.rules.amphitheatre directly."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from score_cli import applier, run_scenario, scenario_files
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import amphitheatre as amph

NAMES = ["Ana", "Ben", "Cléo", "Dan", "Eve"]


def new(names=NAMES, options=None):
    return amph.setup([{"name": n} for n in names], options or {})


play = applier(amph)


def seats(state, **wanted):
    """Force seats and doubt for a test, as if earlier turns had led there."""
    state = copy.deepcopy(state)
    for name, (filled, doubt) in wanted.items():
        state["players"][name].update(seats=filled, doubt=doubt, row=amph.row_of(filled))
    return state


@pytest.mark.parametrize("path", scenario_files("amphitheatre"), ids=lambda p: p.stem)
def test_scenario(path):
    run_scenario(amph, path)


def test_the_scenarios_are_there():
    assert len(scenario_files("amphitheatre")) >= 3


# -- setup and the board -----------------------------------------------------------------

@pytest.mark.parametrize("names, options, text", [
    (["Ana", "Ben"], {}, "2"), ([f"P{i}" for i in range(9)], {}, "9"),
    (["Ana", "Ben", "Ana"], {}, "Ana"), (NAMES, {"rows": 3}, "rows"),
])
def test_setup_refusals(names, options, text):
    with pytest.raises(RuleViolation) as refused:
        new(names, options)
    assert text in str(refused.value)


def test_rows_follow_the_last_filled_seat():
    assert [amph.row_of(n) for n in (0, 1, 4, 5, 9, 10, 15)] == [1, 1, 1, 2, 2, 3, 3]
    assert amph.CAPACITY == 15 and new()["capacity"] == 15


# -- debates -----------------------------------------------------------------------------

def test_majority_gains_and_banks_its_doubt_the_rest_loses_theirs():
    state = seats(new(), Ana=(4, 2), Ben=(5, 3), Cléo=(9, 1), Dan=(2, 2), Eve=(0, 1))
    state = play(state, {"action": "debate", "side_a": ["Ana", "Ben"], "side_b": ["Cléo"]})
    p = state["players"]
    assert (p["Ana"]["seats"], p["Ana"]["doubt"]) == (4 + 3 + 2, 0)    # row 1 gain before arrival
    assert (p["Ben"]["seats"], p["Ben"]["doubt"]) == (5 + 2 + 3, 0)    # row 2 gain
    assert (p["Cléo"]["seats"], p["Cléo"]["doubt"]) == (9, 0)          # minority: doubt returned
    assert (p["Dan"]["seats"], p["Dan"]["doubt"]) == (1, 1)            # abstainer: returns, then moves one
    assert (p["Eve"]["seats"], p["Eve"]["doubt"]) == (0, 0)            # nothing to move


def test_a_tie_puts_a_reserve_token_in_each_debaters_doubt():
    state = seats(new(), Ana=(3, 1), Ben=(6, 0), Cléo=(2, 2))
    state = play(state, {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben"]})
    p = state["players"]
    assert [(p[n]["seats"], p[n]["doubt"]) for n in ("Ana", "Ben", "Cléo")] == [(3, 2), (6, 1), (1, 3)]


def test_discounted_players_count_for_nobody_and_stay_untouched():
    state = seats(new(), Ana=(3, 1), Ben=(6, 2), Cléo=(2, 2), Dan=(1, 1))
    # without Ben, side A is one against two: side B wins
    after = play(state, {"action": "debate", "side_a": ["Ana", "Ben"], "side_b": ["Cléo", "Dan"],
                         "discounted": ["Ben"]})
    p = after["players"]
    assert p["Ben"] == state["players"]["Ben"]
    assert (p["Ana"]["seats"], p["Ana"]["doubt"]) == (3, 0)
    assert (p["Cléo"]["seats"], p["Dan"]["seats"]) == (2 + 3 + 2, 1 + 3 + 1)
    # a discounted abstainer does not move a seat into doubt either
    after = play(state, {"action": "debate", "side_a": ["Ana"], "side_b": ["Cléo"], "discounted": ["Dan"]})
    assert after["players"]["Dan"] == state["players"]["Dan"]


@pytest.mark.parametrize("debate, text", [
    ({"side_a": [], "side_b": ["Ben"]}, "each side"),
    ({"side_a": ["Ana", "Ana"], "side_b": ["Ben"]}, "Ana"),
    ({"side_a": ["Ana"], "side_b": ["Zoé"]}, "Zoé"),
    ({"side_a": ["Ana"], "side_b": ["Ben"], "discounted": ["Zed"]}, "Zed"),
    ({"side_a": ["Ana"]}, "side_b"),
])
def test_malformed_debates_are_refused(debate, text):
    with pytest.raises(RuleViolation) as refused:
        play(new(), {"action": "debate", **debate})
    assert text in str(refused.value)


# -- accusations, overflow, winners ------------------------------------------------------

def test_a_liar_pays_their_rows_penalty_capped_by_what_they_have():
    state = seats(new(), Ana=(12, 0), Ben=(1, 0))
    after = play(state, {"action": "accuse", "accuser": "Ben", "accused": "Ana", "truthful": False})
    assert (after["players"]["Ana"]["seats"], after["players"]["Ben"]["seats"]) == (9, 4)
    poor = seats(new(), Ana=(2, 0))      # row 1 penalty is 1
    after = play(poor, {"action": "accuse", "accuser": "Ben", "accused": "Ana", "truthful": False})
    assert (after["players"]["Ana"]["seats"], after["players"]["Ben"]["seats"]) == (1, 1)


def test_tokens_beyond_the_last_seat_are_lost_and_simultaneous_fillers_share_the_win():
    state = seats(new(), Ana=(14, 0), Ben=(14, 0), Cléo=(13, 0))
    after = play(state, {"action": "handshake", "speaker": "Ana", "target": "Ben"})
    assert after["players"]["Ana"]["seats"] == 15 and after["winners"] == ["Ana", "Ben"]
    state = seats(new(), Ana=(13, 5), Ben=(2, 0), Cléo=(14, 0))
    after = play(state, {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben"]})
    assert after["players"]["Ana"]["seats"] == 15 and after["over"]
    assert after["winners"] == ["Ana", "Cléo"]
    with pytest.raises(RuleViolation, match="over"):
        play(after, {"action": "handshake", "speaker": "Ben", "target": "Dan"})


def test_handshake_and_accuse_refusals():
    with pytest.raises(RuleViolation, match="Ana"):
        play(new(), {"action": "handshake", "speaker": "Ana", "target": "Ana"})
    with pytest.raises(RuleViolation, match="truthful"):
        play(new(), {"action": "accuse", "accuser": "Ben", "accused": "Ana", "truthful": "yes"})


# -- properties --------------------------------------------------------------------------

name = st.sampled_from(NAMES)


@st.composite
def debates(draw):
    order = draw(st.permutations(NAMES))
    cut_a = draw(st.integers(1, 3))
    cut_b = draw(st.integers(cut_a + 1, 5))
    discounted = draw(st.lists(name, unique=True, max_size=2))
    return {"action": "debate", "side_a": list(order[:cut_a]), "side_b": list(order[cut_a:cut_b]),
            "discounted": discounted}


actions = st.one_of(
    st.builds(lambda a, b: {"action": "handshake", "speaker": a, "target": b}, name, name),
    debates(),
    st.builds(lambda a, b, t: {"action": "accuse", "accuser": a, "accused": b, "truthful": t},
              name, name, st.booleans()),
)


def check_invariants(state):
    for p in state["players"].values():
        assert 0 <= p["seats"] <= amph.CAPACITY and p["doubt"] >= 0
        assert p["row"] == amph.row_of(p["seats"])
    assert state["winners"] == [n for n, p in state["players"].items() if p["seats"] == amph.CAPACITY]
    assert state["over"] == bool(state["winners"])


# Boards part-filled as earlier turns would leave them: from an empty start, random play
# seldom comes near the 15th seat, where the cap and the shared wins are decided.
starts = st.dictionaries(name, st.tuples(st.integers(0, amph.CAPACITY - 1), st.integers(0, 6)))


@settings(max_examples=80, deadline=None)
@given(st.lists(actions, max_size=40), starts)
def test_random_play_keeps_the_invariants_and_accusations_conserve_tokens(sequence, start):
    start = seats(new(), **start)
    stack = [start]
    for action in sequence:
        before = copy.deepcopy(stack[-1])
        try:
            after = amph.apply(stack[-1], action)
        except RuleViolation as refused:
            assert str(refused).endswith(".")
            continue
        finally:
            assert stack[-1] == before                 # never mutates its input
        check_invariants(after)
        if action["action"] == "accuse":
            pair = (action["accuser"], action["accused"])
            total_before = sum(before["players"][n]["seats"] for n in pair)
            total_after = sum(after["players"][n]["seats"] for n in pair)
            # the tokens change hands; only those beyond the 15th seat leave the board
            assert total_after == total_before or max(after["players"][n]["seats"] for n in pair) == 15
            assert all(after["players"][n] == before["players"][n] for n in NAMES if n not in pair)
        stack.append(after)
    while len(stack) > 1:
        stack.pop()
    assert stack[0] == start


@settings(max_examples=25, deadline=None)
@given(st.lists(actions, max_size=25))
def test_replaying_the_file_equals_the_live_state(tmp_path_factory, sequence):
    path = tmp_path_factory.mktemp("amph") / "game.jsonl"
    sessions.create(path, "amphitheatre", [{"name": n} for n in NAMES], {})
    live = new()
    for action in sequence:
        try:
            live_next = amph.apply(live, action)
        except RuleViolation:
            with pytest.raises(RuleViolation):
                sessions.append(path, action)
            continue
        before_append = live
        live = sessions.append(path, action).state
        assert live == live_next
        assert sessions.undo(path).state == before_append      # undo gives back the state before
        sessions.append(path, action)
    assert sessions.load(path).state == live
