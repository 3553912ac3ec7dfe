"""Amphithéâtre rules (RULES.md §2) against scorekeeper.rules.amphitheatre directly."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused
from score_cli import OWN_SCENARIOS, applier, run_scenario, scenario_files, scenario_id

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


@pytest.mark.parametrize("path", scenario_files("amphitheatre"), ids=scenario_id)
def test_scenario(path):
    run_scenario(amph, path)


def test_the_scenarios_are_there():
    assert len(sorted((OWN_SCENARIOS / "amphitheatre").glob("*.yaml"))) >= 3


# -- setup and the board -----------------------------------------------------------------

@pytest.mark.parametrize(("names", "options", "rule", "named"), [
    (["Ana", "Ben"], {}, "{title} is for {low} to {high} players, not {count}.",
     {"title": "Amphithéâtre", "low": 3, "high": 8, "count": 2}),
    ([f"P{i}" for i in range(9)], {}, "{title} is for {low} to {high} players, not {count}.",
     {"title": "Amphithéâtre", "low": 3, "high": 8, "count": 9}),
    (["Ana", "Ben", "Ana"], {}, "Two players are called {name}; each name must be unique.", {"name": "Ana"}),
    (NAMES, {"rows": 3}, "{title} takes no option, so not {key}.", {"title": "Amphithéâtre", "key": "'rows'"}),
])
def test_setup_refusals(names, options, rule, named):
    with refused(rule, **named):
        new(names, options)


def test_rows_follow_the_last_filled_seat():
    assert [amph.row_of(n) for n in (0, 1, 4, 5, 9, 10, 15)] == [1, 1, 1, 2, 2, 3, 3]
    assert amph.CAPACITY == 15
    assert new()["capacity"] == 15


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


@pytest.mark.parametrize(("debate", "rule", "named"), [
    ({"side_a": [], "side_b": ["Ben"]}, "A debate needs at least one player on each side.", {}),
    ({"side_a": ["Ana", "Ana"], "side_b": ["Ben"]}, "{name} is named twice ({what}); each player is listed once.",
     {"name": "Ana", "what": "side A"}),
    ({"side_a": ["Ana"], "side_b": ["Zoé"]}, "{named} is not a player here; the players are {players}.",
     {"named": "'Zoé' (side B)", "players": NAMES}),
    ({"side_a": ["Ana"], "side_b": ["Ben"], "discounted": ["Zed"]},
     "{named} is not a player here; the players are {players}.", {"named": "'Zed' (the discounted players)"}),
    ({"side_a": ["Ana"]}, "This entry lacks {what}, which the rules need here.", {"what": "side B"}),
])
def test_malformed_debates_are_refused(debate, rule, named):
    with refused(rule, **named):
        play(new(), {"action": "debate", **debate})


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
    assert after["players"]["Ana"]["seats"] == 15
    assert after["winners"] == ["Ana", "Ben"]
    state = seats(new(), Ana=(13, 5), Ben=(2, 0), Cléo=(14, 0))
    after = play(state, {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben"]})
    assert after["players"]["Ana"]["seats"] == 15
    assert after["over"]
    assert after["winners"] == ["Ana", "Cléo"]
    with refused("This {title} game is over ({who} won); no more actions are accepted.", who=["Ana", "Cléo"]):
        play(after, {"action": "handshake", "speaker": "Ben", "target": "Dan"})


def test_handshake_and_accuse_refusals():
    with refused("{speaker} cannot shake hands with themselves.", speaker="Ana"):
        play(new(), {"action": "handshake", "speaker": "Ana", "target": "Ana"})
    with refused("{what} must be true or false, not {value}.",
                 what="Whether the accused's card matches the hypothesis", value="'yes'"):
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
        assert 0 <= p["seats"] <= amph.CAPACITY
        assert p["doubt"] >= 0
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
        except RuleViolation as refusal:
            with pytest.raises(RuleViolation) as again:
                sessions.append(path, action)
            assert str(again.value) == str(refusal)     # the same refusal, for the same reason
            continue
        before_append = live
        live = sessions.append(path, action).state
        assert live == live_next
        assert sessions.undo(path).state == before_append      # undo gives back the state before
        sessions.append(path, action)
    assert sessions.load(path).state == live


# -- the turn as the engine's steps (issue 22) ---------------------------------------------

def turn_of(state, name):
    return play(state, {"action": "turn", "player": name, "step": "start"})


def hypothesis(state, speaker, target, category="cause"):
    return play(state, {"action": "hypothesis", "speaker": speaker, "target": target, "category": category})


def decided(decisions):
    return [(d["action"], d["player"]) for d in decisions]


def accuse(accuser, accused, truthful):
    return {"action": "accuse", "accuser": accuser, "accused": accused, "truthful": truthful}


def in_debate(names=NAMES):
    """Ana challenges Ben, who states another value: the sides are being taken."""
    state = hypothesis(turn_of(new(names), "Ana"), "Ana", "Ben")
    return play(state, {"action": "counter", "player": "Ben"})


def test_a_session_without_turn_lines_waits_for_a_first_speaker_and_accepts_the_contract_actions():
    state = new()
    assert amph.pending(state) == [{"player": None, "action": "turn", "secret": False,
                                    "choices": {"player": NAMES, "step": ["start"]}}]
    assert amph.anytime(state) == []
    state = play(state, accuse("Ana", "Ben", False))        # unchecked against any turn
    state = play(state, {"action": "handshake", "speaker": "Ana", "target": "Ben"})
    assert state["turn"] is None
    with refused("The game waits for the first turn: say who holds the speaker token."):
        hypothesis(state, "Ana", "Ben")


def test_a_turn_walks_move_answer_sides_and_debate_in_seating_order():
    state = turn_of(new(), "Cléo")
    assert decided(amph.pending(state)) == [("hypothesis", "Cléo"), ("revolution", "Cléo"), ("draw", "Cléo")]
    state = hypothesis(state, "Cléo", "Ana")
    assert decided(amph.pending(state)) == [("handshake", "Ana"), ("counter", "Ana")]
    state = play(state, {"action": "counter", "player": "Ana"})
    joiners = []
    for side in ("a", "b", "abstain"):
        (join,) = amph.pending(state)
        joiners.append(join["player"])
        state = play(state, {"action": "join", "player": join["player"], "side": side})
    assert joiners == ["Dan", "Eve", "Ben"]        # clockwise from the speaker, the challenged skipped
    (debate,) = amph.pending(state)
    assert debate["choices"] == {"side_a": ["Cléo", "Dan"], "side_b": ["Ana", "Eve"]}
    state = play(state, {"action": "debate", "side_a": ["Cléo", "Dan"], "side_b": ["Ana", "Eve"]})
    assert amph.pending(state) == [{"player": "Dan", "action": "turn", "choices": {"step": ["start"]},
                                    "secret": False}]
    assert state["players"]["Cléo"]["doubt"] == 1     # a tie


@pytest.mark.parametrize("action", [
    {"action": "handshake", "speaker": "Ana", "target": "Cléo"},
    {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben"]},
    {"action": "turn", "player": "Ben", "step": "start"},
    {"action": "join", "player": "Cléo", "side": "a"},
    {"action": "hypothesis", "speaker": "Ana", "target": "Cléo", "category": "cause"},
    {"action": "counter", "player": "Cléo"},
])
def test_entries_out_of_turn_are_refused_saying_what_the_game_waits_for(action):
    state = hypothesis(turn_of(new(), "Ana"), "Ana", "Ben")
    with refused("The game waits for {target} to agree with {speaker}'s hypothesis or state another value.",
                 target="Ben", speaker="Ana"):
        play(state, action)


@pytest.mark.parametrize(("step", "action", "rule", "named"), [
    ("move", {"action": "hypothesis", "speaker": "Ana", "target": ["Ben"], "category": "cause"},
     "{named} is not a player here; the players are {players}.", {"players": NAMES}),
    ("move", {"action": "hypothesis", "speaker": {"x": "Ana"}, "target": "Ben", "category": "cause"},
     "{named} is not a player here; the players are {players}.", {"players": NAMES}),
    ("answer", {"action": "counter", "player": ["Ben"]},
     "{named} is not a player here; the players are {players}.", {"players": NAMES}),
    ("sides", {"action": "join", "player": ["Cléo"], "side": "a"},
     "{named} is not a player here; the players are {players}.", {"players": NAMES}),
    ("sides", {"action": "join", "player": "Cléo", "side": ["a"]},
     "{what} must be one of {choices}, not {value}.", {"what": "The side Cléo joins", "value": '["a"]'}),
])
def test_a_list_where_one_name_or_side_goes_is_refused_not_stored(step, action, rule, named):
    # a list drawn from the names a decision offers would match it: the engine once stored
    # ["Ben"] as the target, and the next `pending` crashed on it
    state = turn_of(new(), "Ana")
    if step != "move":
        state = hypothesis(state, "Ana", "Ben")
    if step == "sides":
        state = play(state, {"action": "counter", "player": "Ben"})
    with refused(rule, **named):
        play(state, action)


def test_the_debate_must_be_the_sides_joined_with_the_losers_discounted():
    state = in_debate(["Ana", "Ben", "Cléo"])
    state = play(state, {"action": "join", "player": "Cléo", "side": "b"})
    for wrong in ({"side_a": ["Ana", "Cléo"], "side_b": ["Ben"]},
                  {"side_a": ["Ana"], "side_b": ["Ben", "Cléo"], "discounted": ["Ana"]}):
        with refused("The debate's sides are those joined: {a} against {b}, discounted: {d}.",
                     a=["Ana"], b=["Ben", "Cléo"], d="-"):
            play(state, {"action": "debate", **wrong})
    state = play(state, accuse("Ana", "Cléo", True))          # Ana loses: discounted
    assert amph.pending(state)[0]["choices"]["discounted"] == ["Ana"]
    with refused("The debate's sides are those joined: {a} against {b}, discounted: {d}.",
                 a=["Ana"], b=["Ben", "Cléo"], d=["Ana"]):
        play(state, {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben", "Cléo"]})
    state = play(state, {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben", "Cléo"], "discounted": ["Ana"]})
    assert state["players"]["Ben"]["seats"] == 3


def test_whoever_joined_may_be_accused_while_sides_are_being_taken():
    """RULES.md §2.5, the seed's example: Jean joins a side and is accused."""
    state = play(in_debate(), {"action": "join", "player": "Cléo", "side": "a"})
    offers = {d["player"]: d["choices"]["accused"] for d in amph.anytime(state)}
    assert offers["Dan"] == ["Ana", "Ben", "Cléo"]
    assert offers["Cléo"] == ["Ana", "Ben"]
    state = play(state, accuse("Dan", "Cléo", False))
    assert state["hypothesis"]["losers"] == ["Cléo"]
    (join,) = amph.pending(state)
    assert join["player"] == "Dan"


def test_only_who_stated_or_joined_may_be_accused_each_once_never_the_handshake_partner():
    state = hypothesis(turn_of(new(), "Ana"), "Ana", "Ben")
    # Ben has not stated anything: agreeing in a handshake states nothing (RULES.md §2.5)
    assert all(d["choices"]["accused"] == ["Ana"] for d in amph.anytime(state))
    with refused("{accused} has neither stated nor joined a hypothesis under way, so cannot be accused now.",
                 accused="Ben"):
        play(state, accuse("Cléo", "Ben", False))
    with refused("{accuser} cannot accuse themselves.", accuser="Ana"):
        play(state, accuse("Ana", "Ana", False))
    with refused("{named} is not a player here; the players are {players}.", named="'Zed' (the accuser)"):
        play(state, accuse("Zed", "Ana", False))
    with refused("{what} must be true or false, not {value}.",
                 what="Whether the accused's card matches the hypothesis", value="'oui'"):
        play(state, accuse("Cléo", "Ana", "oui"))
    state = play(state, accuse("Cléo", "Ana", True))
    with refused("{accused} has already been accused about this hypothesis.", accused="Ana"):
        play(state, accuse("Dan", "Ana", False))
    state = play(state, {"action": "handshake", "speaker": "Ana", "target": "Ben"})
    assert amph.anytime(state) == []
    with refused("{accused} has neither stated nor joined a hypothesis under way, so cannot be accused now.",
                 accused="Ben"):
        play(state, accuse("Cléo", "Ben", False))
    # an abstainer joined no side
    state = play(in_debate(["Ana", "Ben", "Cléo"]), {"action": "join", "player": "Cléo", "side": "abstain"})
    assert {d["player"]: d["choices"]["accused"] for d in amph.anytime(state)}["Cléo"] == ["Ana", "Ben"]
    with refused("{accused} has neither stated nor joined a hypothesis under way, so cannot be accused now.",
                 accused="Cléo"):
        play(state, accuse("Ana", "Cléo", False))


def test_a_player_discounted_before_joining_is_not_asked_a_side():
    state = in_debate(["Ana", "Ben", "Cléo", "Dan"])
    state = play(state, accuse("Dan", "Ana", True))           # Dan loses before joining
    assert decided(amph.pending(state)) == [("join", "Cléo")]
    state = play(state, {"action": "join", "player": "Cléo", "side": "a"})
    assert amph.pending(state)[0]["choices"] == {"side_a": ["Ana", "Cléo"], "side_b": ["Ben"], "discounted": ["Dan"]}


def test_revolution_and_draw_end_the_turn_without_touching_the_boards():
    state = turn_of(new(), "Eve")
    after = play(state, {"action": "revolution", "player": "Eve", "category": "anatomie"})
    assert after["players"] == state["players"]
    assert decided(amph.pending(after)) == [("turn", "Ana")]
    with refused("{what} must be one of {choices}, not {value}.", what="The category", value="'tarot'",
                 choices="'affliction', 'anatomie', 'cause'"):
        play(state, {"action": "draw", "player": "Eve", "category": "tarot"})


def render(events):
    return [event.for_viewer(None).render() for event in events]


def test_the_debates_winner_count_comes_first():
    """« Le camp B l'emporte, 1 contre 2 » gave the winner's count second."""
    state = new(["Ana", "Ben", "Cléo"])
    action = {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben", "Cléo"]}
    assert render(amph.outcome(state, play(state, action), action))[0] == "Side B wins the debate, 2 against 1."


def test_outcome_says_who_gains_or_loses_what_and_why():
    state = seats(new(["Ana", "Ben", "Cléo", "Dan"]), Ana=(3, 2), Ben=(6, 1), Cléo=(14, 1), Dan=(2, 1))
    action = {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben"]}
    assert render(amph.outcome(state, play(state, action), action)) == [
        "Side A wins the debate, 2 against 1.",
        # the seats gained hold the doubt banked: one sentence, never a gain that reads as more
        "Ana gains 5 seats with the majority, 2 of them from the doubt zone.",
        "Ben, outside the majority, returns 1 doubt token to the reserve.",
        "Cléo gains 1 seat with the majority, its token from the doubt zone.",
        "Cléo loses 1 token beyond the last seat.",
        "Dan, outside the majority, returns 1 doubt token to the reserve.",
        "Dan abstained and moves a token from the auditorium to the doubt zone.",
        "Ana reaches row 2.", "Cléo fills all 15 seats."]
    action = {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben"], "discounted": ["Cléo"]}
    assert render(amph.outcome(state, play(state, action), action)) == [
        "The debate is a tie, 1 against 1.",
        "Ana puts a token from the reserve into the doubt zone (tie).",
        "Ben puts a token from the reserve into the doubt zone (tie).",
        "Cléo is discounted: the debate leaves their board as it was.",
        "Dan abstained and moves a token from the auditorium to the doubt zone."]
    action = {"action": "handshake", "speaker": "Ana", "target": "Dan"}
    assert render(amph.outcome(state, play(state, action), action)) == [
        "Ana gains 3 seats (handshake).", "Dan gains 3 seats (handshake).", "Ana reaches row 2.",
        "Dan reaches row 2."]
    action = accuse("Ana", "Ben", True)          # Ben's card matches: Ana pays Ben's row-2 gain
    assert render(amph.outcome(state, play(state, action), action)) == [
        "Ben's card matches the hypothesis: Ana loses the accusation.", "Ana gives 2 seats to Ben."]
    action = accuse("Dan", "Ben", False)         # Ben's card differs: Ben pays the row-2 penalty
    assert render(amph.outcome(state, play(state, action), action)) == [
        "Ben's card differs from the hypothesis: Dan wins the accusation.", "Ben gives 2 seats to Dan.",
        "Ben goes back to row 1."]
    action = accuse("Cléo", "Dan", False)
    assert render(amph.outcome(state, play(state, action), action)) == [
        "Dan's card differs from the hypothesis: Cléo wins the accusation.", "Dan gives 1 seat to Cléo.",
        "Cléo fills all 15 seats."]


def test_an_accusation_lost_in_a_debate_says_who_is_discounted():
    state = in_debate(["Ana", "Ben", "Cléo"])
    action = accuse("Cléo", "Ben", True)
    assert render(amph.outcome(state, play(state, action), action))[-1] == "Cléo is discounted from this debate."
