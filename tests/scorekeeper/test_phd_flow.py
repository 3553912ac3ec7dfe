"""PHD's turn as the engine's steps (RULES.md §1.3, §1.8): what comes next, what is refused
and why, what each entry is said to have done. Straight through scorekeeper.rules.phd."""
from __future__ import annotations

import pytest
from refusals import refused

from scorekeeper.errors import RuleViolation
from scorekeeper.rules import phd
from scorekeeper.rules.flow import answering


def new(names=("Ana", "Ben", "Cléo"), **options):
    return phd.setup([{"name": n} for n in names], options)


def play(state, *actions):
    """Each action must answer what the state waits for (or be allowed at any time)."""
    for action in actions:
        assert answering(phd.pending(state) + phd.anytime(state), action), (action, phd.pending(state))
        state = phd.apply(state, action)
    return state


def step(name, step):
    return {"action": "turn", "player": name, "step": step}


def refusal(state, action) -> str:
    with pytest.raises(RuleViolation) as refused:
        phd.apply(state, action)
    return str(refused.value)


def waits_for(state) -> set[tuple]:
    """(action, player, steps) of each pending decision."""
    return {(d["action"], d["player"], tuple(d["choices"].get("step", ()))) for d in phd.pending(state)}


def test_the_first_turn_is_anyone_s_then_seating_order_skips_who_left():
    state = new()
    (first,) = phd.pending(state)
    assert first["player"] is None
    assert first["choices"] == {"player": ["Ana", "Ben", "Cléo"], "step": ["start"]}
    state = play(state, step("Ana", "start"), step("Ana", "vie"),
                 {"action": "adjust", "player": "Ben", "pression": 16},       # a Coopération: Ben burns out
                 {"action": "adjust", "player": "Ana", "credit": 1}, step("Ana", "draw-events"))
    assert waits_for(state) == {("turn", "Cléo", ("start",))}
    with refused("{refusal} {waiting}", refusal="Ben has burnt out and can no longer act.",
                 waiting="The game waits for the start of Cléo's turn."):
        phd.apply(state, step("Ben", "start"))


def test_a_won_challenge_in_vivre_gives_two_recherches_never_three():
    state = play(new(), step("Ana", "start"), step("Ana", "challenge"),
                 {"action": "challenge", "player": "Ana", "resource": "credit", "die": 6, "difficulty": 5})
    assert state["turn"]["recherches"] == 2
    state = play(state, step("Ana", "draw-events"), step("Ana", "draw-argument"))
    assert waits_for(state) == {("turn", "Ben", ("start",))}
    text = refusal(state, step("Ana", "draw-events"))
    assert text == "Ana has had 2 Recherche phases this turn, all the turn allows. " \
                   "The game waits for the start of Ben's turn."


def test_submitting_at_five_pression_after_a_won_challenge_ends_the_recherches():
    """The drift of guided play: P fell to 0 in the first Recherche, the second was offered."""
    state = play(new(), {"action": "adjust", "player": "Ana", "pression": 1, "credit": 1},
                 step("Ana", "start"), step("Ana", "challenge"),
                 {"action": "challenge", "player": "Ana", "resource": "credit", "die": 6, "difficulty": 5},
                 {"action": "submit", "player": "Ana"})
    assert state["players"]["Ana"]["pression"] == 0
    assert state["turn"]["fell"]
    assert waits_for(state) == {("turn", "Ben", ("start",))}
    assert refusal(state, step("Ana", "draw-events")) == (
        "Ana's Pression fell to 0 during this turn: no more Recherche. The game waits for the start of Ben's turn.")


def test_pression_falling_to_zero_in_vivre_means_no_recherche():
    before = play(new(), step("Ana", "start"), step("Ana", "vie"))
    state = play(before, {"action": "adjust", "player": "Ana", "pression": -4})
    assert waits_for(state) == {("turn", "Ben", ("start",))}
    with refused("{name}'s Pression fell to 0 during this turn: no more Recherche. {waiting}", name="Ana",
                 waiting="The game waits for the start of Ben's turn."):
        phd.apply(state, step("Ana", "draw-argument"))
    events = [e.public.render() for e in phd.outcome(before, state, {"action": "adjust", "player": "Ana"})]
    assert "Ana's Pression fell to 0 this turn: no Recherche phase." in events


def test_pression_already_zero_at_the_start_did_not_fall():
    """The drift of the bots: they skipped Recherche whenever P was 0 after Vivre."""
    state = play(new(), {"action": "adjust", "player": "Ana", "pression": -4},
                 step("Ana", "start"), step("Ana", "vie"), {"action": "adjust", "player": "Ana", "credit": 2})
    assert state["players"]["Ana"]["pression"] == 0
    assert not state["turn"]["fell"]
    assert ("turn", "Ana", phd.DRAWS + phd.CARD_KINDS) in waits_for(state)
    play(state, step("Ana", "draw-events"))


def _ready_to_approve(chapters=1):
    """Ana with one submitted chapter, at a Superviseur card in Vivre, its change entered."""
    typed = new(chapters=chapters)     # typed entry by entry before any turn line: not enforced
    for action in ({"action": "adjust", "player": "Ana", "pression": 1, "credit": 1}, {"action": "submit", "player": "Ana"}):
        typed = phd.apply(typed, action)
    return play(typed, step("Ana", "start"), step("Ana", "superviseur"), {"action": "adjust", "player": "Ana", "credit": 1})


def test_the_defence_starts_right_after_the_completing_approval_and_stays_pending():
    """The drift of resuming guided play: the Superviseur question came again and `rien`
    skipped the defence. The defence is what the state waits for, whoever reads it."""
    state = _ready_to_approve()
    assert ("approve", "Ana", ()) in waits_for(state)
    assert ("revoke", "Ana", ()) not in waits_for(state)
    state = play(state, {"action": "approve", "player": "Ana"})
    assert waits_for(state) == {("defend", "Ana", ()), ("turn", "Ana", ("no-defence",))}
    assert refusal(state, step("Ana", "done")) == "The game waits for Ana's thesis defence."
    with refused("{name} has no submitted chapter waiting for approval.", name="Ana"):
        phd.apply(state, {"action": "approve", "player": "Ana"})
    events = [e.public.render() for e in phd.outcome(_ready_to_approve(), state, {"action": "approve", "player": "Ana"})]
    assert "Ana has every approved chapter needed: the thesis defence starts now." in events
    lost = play(state, {"action": "defend", "player": "Ana", "die": 1, "arguments": [1], "opposition": [5]})
    # the defence failed: the turn goes on to its Recherche
    assert ("turn", "Ana", phd.DRAWS + phd.CARD_KINDS) in waits_for(lost)
    won = play(state, {"action": "defend", "player": "Ana", "die": 3, "arguments": [1]})
    assert won["over"]
    assert phd.pending(won) == []
    assert phd.anytime(won) == []
    said = [e.public.render() for e in phd.outcome(state, won, {"action": "defend"})]
    assert said == ["Ana's thesis defence: total 4, needed 1: defended.", "Ana is a doctor.",
                    "The game ends: Ana has defended the thesis."]


def test_a_player_without_argument_declines_and_retries_at_the_start_of_a_later_turn():
    state = play(_ready_to_approve(), {"action": "approve", "player": "Ana"}, step("Ana", "no-defence"),
                 step("Ana", "draw-events"), step("Ben", "start"), step("Ben", "none"), step("Ben", "draw-events"),
                 step("Cléo", "start"), step("Cléo", "none"), step("Cléo", "draw-events"), step("Ana", "start"))
    assert ("defend", "Ana", ()) in waits_for(state)
    state = play(state, {"action": "defend", "player": "Ana", "die": 1, "arguments": [1], "opposition": [4]})
    # one retry per turn start: then the Vivre card
    assert waits_for(state) == {("turn", "Ana", phd.CARD_KINDS + phd.VIVRE_ONLY)}


def test_a_superviseur_revokes_only_an_approved_chapter_and_a_cooperation_ends_when_done():
    state = play(_ready_to_approve(chapters=3), {"action": "approve", "player": "Ana"}, step("Ana", "cooperation"))
    assert waits_for(state) == {("adjust", None, ()), ("turn", "Ana", ("done",))}
    assert phd.pending(state)[0]["choices"]["player"] == ["Ana", "Ben", "Cléo"]
    state = play(state, {"action": "adjust", "player": "Ben", "credit": 1}, {"action": "adjust", "player": "Cléo", "pression": 1},
                 step("Ana", "done"), step("Ben", "start"))
    state = play(state, step("Ben", "superviseur"))
    assert ("revoke", "Ben", ()) not in waits_for(state)
    assert ("approve", "Ben", ()) not in waits_for(state)
    state = play(state, {"action": "adjust", "player": "Ben", "pression": 1})
    # Ben has no chapter: the card is done with its change
    assert ("turn", "Ben", phd.DRAWS + phd.CARD_KINDS) in waits_for(state)


def test_an_action_of_a_burnt_out_player_says_what_the_game_waits_for():
    state = play(new(), step("Ana", "start"), step("Ana", "cooperation"), {"action": "adjust", "player": "Ben", "pression": 16})
    assert all(d["player"] != "Ben" and "Ben" not in d["choices"].get("player", ())
               for d in phd.pending(state) + phd.anytime(state))
    assert refusal(state, {"action": "adjust", "player": "Ben", "credit": 1}) == (
        "Ben has burnt out and can no longer act. The game waits for the changes of Ana's Coopération card, "
        "or its end (done).")


def test_the_timed_end_is_anyone_s_at_any_time():
    state = play(new(timed=True), step("Ana", "start"), step("Ana", "vie"))
    assert {"player": None, "action": "deck_empty", "choices": {}, "secret": False} in phd.anytime(state)
    assert not any(d["action"] == "deck_empty" for d in phd.anytime(new()))
    over = play(state, {"action": "deck_empty"})
    said = [e.public.render() for e in phd.outcome(state, over, {"action": "deck_empty"})]
    assert said == ["The event deck is empty: time is up. Scores: Ana 4, Ben 4, Cléo 4."]


def test_an_entry_out_of_turn_is_refused_once_the_log_holds_a_turn_line_and_accepted_before():
    typed = phd.apply(new(), {"action": "adjust", "player": "Ana", "pression": 2, "credit": 2})
    typed = phd.apply(typed, {"action": "submit", "player": "Ana"})
    assert phd.apply(typed, {"action": "approve", "player": "Ana"})["players"]["Ana"]["approved"] == 1
    started = play(typed, step("Ana", "start"))
    assert refusal(started, {"action": "approve", "player": "Ana"}) == "The game waits for Ana's Vivre event card."
    # a submit in Vivre that the player cannot pay says why it cannot be paid first
    with refused("{name} has {pression} Pression and {credit} Crédit; submitting a chapter needs at least "
                 "{pression2} of each.", name="Ben", pression=4, credit=4, pression2=5):
        phd.apply(started, {"action": "submit", "player": "Ben"})


def test_files_written_by_the_older_guided_play_still_load():
    state = new(names=("Ana", "Ben"))
    for action in (step("Ana", "start"), step("Ana", "vivre"), {"action": "adjust", "player": "Ana", "credit": 1},
                   step("Ana", "recherche"), step("Ben", "start"), step("Ben", "vivre"),
                   step("Ben", "recherche-1-of-2"), step("Ben", "recherche-2-of-2"), step("Ana", "start")):
        state = phd.apply(state, action)
    assert waits_for(state) == {("turn", "Ana", phd.CARD_KINDS + phd.VIVRE_ONLY)}


def test_each_resource_change_chapter_and_status_is_said():
    before = play(new(), step("Ana", "start"), step("Ana", "challenge"))
    after = play(before, {"action": "challenge", "player": "Ana", "resource": "pression", "die": 2,
                          "difficulty": 9, "failure": {"pression": 16, "credit": -1}})
    said = [e.public.render() for e in phd.outcome(before, after, {"action": "challenge"})]
    assert said == ["Ana's challenge: total 6, needed 9: failure.", "Ana: Pression 4 -> 20.", "Ana: Crédit 4 -> 3.",
                    "Ana reaches 20 Pression: burn-out, out of the game."]
    assert phd.pending(after) == [{"player": "Ben", "action": "turn", "choices": {"step": ["start"]}, "secret": False}]
    submitted = phd.apply(phd.apply(new(), {"action": "adjust", "player": "Ana", "pression": 1, "credit": 1}),
                          {"action": "submit", "player": "Ana"})
    assert "Ana submits a chapter: 1 waiting for approval." in [
        e.public.render() for e in phd.outcome(new(), submitted, {"action": "submit"})]


@pytest.mark.parametrize("first", ["draw-events", "vie", "none", "done", "no-defence"])
def test_a_step_before_any_turn_began_is_refused_saying_a_turn_must_begin(first):
    # it once made a turn with no Recherche count or phase, and the next line a KeyError
    assert refusal(new(), step("Ana", first)) == "The game waits for a player's turn to begin."
