"""Hoc Censeo's flow, views and words (issue 22): what the table waits for (`pending`), what
is allowed at any time (`anytime`), what each accepted entry did (`outcome`), and refusals
whose public wording holds no player's amount, senators left, tribe or objective."""
from __future__ import annotations

import copy
import re

from refusals import refused

from kit import i18n
from kit.typography import NBSP, NNBSP
from scorekeeper import rules
from scorekeeper.rules import hoc_censeo as hc
from scorekeeper.rules.flow import answering

PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]
FR, EN = i18n.translator("fr"), i18n.translator("en")


def new(**secondary) -> dict:
    """A game whose secondary objectives are out of reach unless given (tribe=(kind, amount))."""
    objectives = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    for tribe, (kind, amount) in {"titienses": ("seals", 99), "ramnes": ("gold", 99), "luceres": ("wins", 99),
                                  **secondary}.items():
        objectives[tribe]["secondary"] = {"kind": kind, "amount": amount}
    return hc.setup(copy.deepcopy(PLAYERS), {"objectives": objectives})


def ballots(state: dict, **amounts) -> dict:
    """Each named player casts a ballot: name=(pour, contre)."""
    for name, (pour, contre) in amounts.items():
        state = hc.apply(state, {"action": "ballot", "player": name, "pour": pour, "contre": contre})
    return state


def resolve_choices(state: dict) -> dict:
    (decision,) = hc.pending(state)
    assert decision["action"] == "resolve"
    assert decision["player"] == state["magistrate"]
    return decision["choices"]


def words(events: list, viewer: str | None = None, translator=EN) -> list[str]:
    return [e.for_viewer(viewer).render(translator.gettext, translator.ngettext, translator.join) for e in events]


# -- pending ------------------------------------------------------------------------------

def test_each_player_who_has_not_voted_owes_a_secret_ballot_within_their_senators():
    state = hc.apply(new(), {"action": "vote", "contre": {"Bob": 30}})
    state = ballots(state, Chloé=(5, 0))
    assert hc.pending(state) == [
        {"player": "Alice", "action": "ballot", "secret": True,
         "choices": {"pour": {"min": 0, "max": 100}, "contre": {"min": 0, "max": 100}}},
        {"player": "Bob", "action": "ballot", "secret": True,
         "choices": {"pour": {"min": 0, "max": 70}, "contre": {"min": 0, "max": 70}}}]
    # another seat sees who is awaited, never the senators they have left
    seen = rules.view("hoc-censeo", state, "Alice")["pending"]
    assert seen[0]["choices"]["pour"]["max"] == 100
    assert seen[1] == {**seen[1], "choices": {}}
    assert all(d["choices"] == {} for d in rules.view("hoc-censeo", state)["pending"])


def test_the_resolve_asks_only_what_the_ballots_leave_open():
    # POUR wins outright, nobody tied: the colour, and the bonus in case it is mauve
    assert resolve_choices(ballots(new(), Alice=(20, 0), Bob=(0, 15), Chloé=(5, 0))) == {
        "colour": list(hc.COLOURS), "bonus": list(hc.MAUVE_CHOICES)}
    # CONTRE wins outright, far from a calamity: nothing to ask at all
    assert resolve_choices(ballots(new(), Alice=(0, 20), Bob=(0, 15), Chloé=(5, 0))) == {}
    # equal totals: the tiebreak, and what either side would need; the tie for CONTRE's
    # first place changes who gets 2 gold, so its names are asked (never the amounts)
    choices = resolve_choices(ballots(new(), Alice=(0, 10), Bob=(0, 10), Chloé=(20, 0)))
    assert choices == {"tiebreak": ["pour", "contre"], "colour": list(hc.COLOURS), "order": ["Alice", "Bob"],
                       "bonus": list(hc.MAUVE_CHOICES)}
    # nobody voted POUR: POUR may still win on the tiebreak, but nobody would take a bonus
    assert resolve_choices(ballots(new(), Alice=(0, 0), Bob=(0, 0), Chloé=(0, 0))) == {
        "tiebreak": ["pour", "contre"], "colour": list(hc.COLOURS)}
    # a tie between the second and third POUR voters changes nothing (each colours one portion)
    assert "order" not in resolve_choices(ballots(new(), Alice=(9, 0), Bob=(3, 0), Chloé=(3, 0)))
    # but between the second and third CONTRE voters it decides who gains 1 gold
    assert resolve_choices(ballots(new(), Alice=(0, 9), Bob=(0, 3), Chloé=(0, 3))) == {"order": ["Bob", "Chloé"]}


def test_the_answers_already_given_narrow_the_resolve():
    state = ballots(new(), Alice=(0, 10), Bob=(0, 10), Chloé=(20, 0))
    assert hc.resolve_choices(state, {"tiebreak": "pour"}) == {
        "tiebreak": ["pour", "contre"], "colour": list(hc.COLOURS), "bonus": list(hc.MAUVE_CHOICES)}
    assert hc.resolve_choices(state, {"tiebreak": "pour", "colour": "vert"}) == {
        "tiebreak": ["pour", "contre"], "colour": list(hc.COLOURS)}
    assert hc.resolve_choices(state, {"tiebreak": "contre"}) == {"tiebreak": ["pour", "contre"], "order": ["Alice", "Bob"]}


def test_a_calamity_names_who_must_choose_between_gold_and_senators():
    state = new()
    for voter in ("Alice", "Bob", "Chloé"):
        state = hc.apply(state, {"action": "vote", "contre": {voter: 1}})   # chaos 3; each holds 2 gold
    state = hc.apply(state, {"action": "buy_senators", "player": "Alice", "gold": 2})
    # Alice has no gold left but gains 2 as CONTRE's largest voter: all three may give gold
    state = ballots(state, Alice=(0, 4), Bob=(0, 0), Chloé=(0, 0))
    assert resolve_choices(state)["calamity"] == {n: ["gold", "senators"] for n in ("Alice", "Bob", "Chloé")}
    state = hc.apply(new(), {"action": "vote", "contre": {"Bob": 1}})
    for _ in range(2):
        state = hc.apply(state, {"action": "vote", "contre": {"Bob": 1}})
    # Alice and Chloé hold no gold and gain none: they lose senators without a choice
    assert resolve_choices(ballots(state, Alice=(0, 0), Bob=(0, 3), Chloé=(0, 0)))["calamity"] == {
        "Bob": ["gold", "senators"]}


def test_every_answer_to_pending_is_accepted_and_nothing_is_pending_once_over():
    state = ballots(new(), Alice=(0, 10), Bob=(0, 10), Chloé=(20, 0))
    action = {"action": "resolve", "tiebreak": "contre", "order": ["Bob", "Alice"]}
    assert answering(hc.pending(state), action) is not None
    after = hc.apply(state, action)
    assert after["players"]["Bob"]["gold"] == 2
    won = hc.apply(new(ramnes=("gold", 2)), {"action": "vote", "contre": {"Bob": 3}})
    assert won["over"]
    assert hc.pending(won) == []
    assert hc.anytime(won) == []


def test_the_vote_and_the_resolve_refused_out_of_turn_say_what_the_game_waits_for():
    state = ballots(new(), Alice=(20, 0))
    with refused("Ballots are being cast this round ({ballots_cast} so far), so a vote of every amount at once "
                 "cannot be entered: {waiting} Or undo those ballots first.",
                 ballots_cast=["Alice"], waiting="The game waits for the ballots of Bob and Chloé.") as caught:
        hc.apply(state, {"action": "vote", "pour": {"Bob": 5}, "colour": "bleu"})
    assert "Bulletins attendus\u00a0: Bob et Chloé." in FR.refusal(caught.value)
    state = ballots(state, Bob=(1, 0), Chloé=(1, 0))
    assert "vote" not in [d["action"] for d in hc.pending(state) + hc.anytime(state)]


# -- anytime ------------------------------------------------------------------------------

def test_seals_and_gold_are_spent_at_any_time_the_colours_open_only_to_their_owner():
    state = hc.apply(new(), {"action": "vote", "pour": {"Alice": 9}, "colour": "bleu"})   # Alice: 2 seals
    state = hc.apply(state, {"action": "vote", "contre": {"Bob": 9}})                     # Bob: 2 gold
    state = ballots(state, Chloé=(1, 1))
    assert hc.anytime(state) == [
        {"player": "Alice", "action": "spend_seals", "secret": True, "choices": {"colour": list(hc.COLOURS)}},
        {"player": "Bob", "action": "buy_senators", "secret": False, "choices": {"gold": {"min": 1, "max": 2}}}]
    state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "vert"})
    assert hc.anytime(state)[0]["player"] == "Bob"       # Alice's seals are spent
    state = hc.apply(hc.apply(ballots(state, Alice=(0, 0), Bob=(0, 0)), {"action": "resolve", "tiebreak": "contre"}),
                     {"action": "vote", "pour": {"Alice": 9}, "colour": "bleu"})
    # the colours Alice's circle still takes tell her tribe: only her view lists them
    assert hc.anytime(state)[0]["choices"]["colour"] == ["bleu", "mauve", "jaune"]   # vert: 1 of 1
    assert "spend_seals" not in [d["action"] for d in rules.view("hoc-censeo", state, "Bob")["anytime"]]
    assert rules.view("hoc-censeo", state, "Alice")["anytime"][0]["action"] == "spend_seals"


# -- refusals in public words -------------------------------------------------------------

ORDER_NEEDED = ("{side} wins, and {group} rank equal on it: the magistrate {magistrate} must give the order "
                "they rank in, first to last.")


def test_a_tie_between_voters_is_refused_without_the_amount_they_wrote():
    state = ballots(new(), Alice=(0, 10), Bob=(0, 10), Chloé=(5, 0))
    with refused(ORDER_NEEDED, side="CONTRE", group=["Alice", "Bob"], magistrate="Alice") as caught:
        hc.apply(state, {"action": "resolve"})
    error = caught.value
    for text in (str(error), FR.refusal(error), FR.refusal(error, reveal=False)):
        assert "Alice" in text
        assert "Bob" in text
        assert "10" not in text
    with refused(ORDER_NEEDED, side="CONTRE", group=["Alice", "Bob"]) as caught:
        hc.apply(new(), {"action": "vote", "contre": {"Alice": 10, "Bob": 10}})
    assert "10" not in str(caught.value)


def test_a_colour_the_circle_does_not_take_is_refused_without_the_tribe_on_a_shared_screen():
    state = hc.apply(new(), {"action": "vote", "pour": {"Alice": 9}, "colour": "bleu"})
    state = hc.apply(state, {"action": "vote", "pour": {"Alice": 9}, "colour": "vert"})   # vert 1 of 1
    with refused("{name}'s circle needs no more {colour} portions (it has {circle} of {circle2}).",   # her screen
                 name="Alice", colour="green", circle=1, circle2=1) as caught:
        hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "vert"})
    error = caught.value
    assert error.public == "{name}'s circle does not take that portion; the seals stay."
    for translator in (EN, FR):
        public = translator.refusal(error, reveal=False)
        # Circles are public (Alice has 1 vert): "takes no vert now" would say vert 1 of 1,
        # which only the Titienses' circle has. So no colour either.
        assert "Alice" in public
        assert "vert" not in public
        assert "green" not in public
        assert not re.search(r"\d", public)


def test_the_game_over_refusal_speaks_the_players_language():
    won = hc.apply(new(ramnes=("gold", 2)), {"action": "vote", "contre": {"Bob": 3}})
    with refused("The game is over ({winners} met an objective); no more actions are possible.",
                 winners=["Bob"]) as caught:
        hc.apply(won, {"action": "buy_senators", "player": "Bob", "gold": 1})
    error = caught.value
    assert str(error) == "The game is over (Bob met an objective); no more actions are possible."
    assert FR.refusal(error) == (f"La partie est finie (Bob a atteint un objectif){NNBSP}; "
                                 "plus aucune action n’est possible.")
    ended = new()
    for _ in range(hc.ROUNDS):
        ended = hc.apply(ended, {"action": "vote", "contre": {"Chloé": 0, "Alice": 1}})
    with refused("The game is over after {ROUNDS} rounds; no more actions are possible.", ROUNDS=hc.ROUNDS) as caught:
        hc.apply(ended, {"action": "vote"})
    assert FR.refusal(caught.value) == (f"La partie est finie après 9{NBSP}tours{NNBSP}; "
                                        "plus aucune action n’est possible.")


# -- outcome ------------------------------------------------------------------------------

def outcome(state: dict, action: dict) -> tuple[dict, list]:
    after = hc.apply(state, action)
    return after, hc.outcome(state, after, action)


def test_a_ballot_is_told_without_its_amount_except_to_its_owner():
    state, events = outcome(new(), {"action": "ballot", "player": "Alice", "pour": 12, "contre": 3})
    assert words(events) == ["Alice's ballot is in.", "The game waits for the ballots of Bob and Chloé."]
    assert words(events, "Alice")[0] == "Alice's ballot is in: FOR 12, AGAINST 3."
    assert words(events, "Bob")[0] == "Alice's ballot is in."
    state = ballots(state, Bob=(0, 0))
    _, events = outcome(state, {"action": "ballot", "player": "Chloé", "pour": 1})
    assert words(events)[-1] == "The game waits for the magistrate Alice to resolve the vote."


def test_who_colours_is_told_without_whose_circle_refuses_the_colour():
    state = hc.apply(new(), {"action": "vote", "pour": {"Alice": 9}, "colour": "vert"})   # Alice: vert 1 of 1
    state = ballots(state, Alice=(9, 0), Bob=(5, 0), Chloé=(0, 3))
    _, events = outcome(state, {"action": "resolve", "colour": "vert"})
    public = words(events)
    assert public[:3] == ["FOR wins 14 to 3.", "The motion is green.",
                          "Alice colours a green portion if their circle still takes one."]
    assert "Alice gains 1 seal and the green bonus: 5 senators." in public
    assert not any("forfeit" in line or "no more" in line for line in public)
    assert "Alice's circle takes no more green portions: this one is forfeited." in words(events, "Alice")
    assert "Bob colours a green portion." in words(events, "Bob")
    assert public[-1] == "Next: round 3 of 9, magistrate Chloé."


def test_contre_gains_chaos_and_a_calamity_told_without_senators_left():
    state = new()
    for voter in ("Alice", "Bob", "Chloé"):
        state = hc.apply(state, {"action": "vote", "contre": {voter: 1}})
    state = hc.apply(state, {"action": "vote", "pour": {"Chloé": 2}, "colour": "vert"})   # Chloé: most green
    state = ballots(state, Alice=(0, 2), Bob=(0, 99), Chloé=(0, 1))      # Bob: 0 senators left after
    _, events = outcome(state, {"action": "resolve", "calamity": {"Alice": "senators", "Bob": "senators"}})
    english = words(events)
    assert english[:4] == ["AGAINST wins 102 to 0.", "Bob gains 2 gold.", "Alice gains 1 gold.",
                           "Rome's circle turns grey: chaos 4 of 8."]
    assert "Calamity! Chloé (most green portions) is spared." in english
    assert "Alice loses senators to the calamity." in english
    assert "Bob loses senators to the calamity." in english
    assert "Alice loses 5 senators to the calamity." in words(events, "Alice")
    assert "Bob loses 0 senators to the calamity." in words(events, "Bob")


def test_the_end_is_told_without_the_objective_except_to_its_owner():
    state = new(ramnes=("gold", 2))
    _, events = outcome(state, {"action": "vote", "contre": {"Bob": 3}})
    assert words(events)[-1] == "Bob meets an objective."
    assert words(events, "Bob")[-1] == "Bob meets the secondary objective: hold 2 gold coins at once."
    state = new()
    for _ in range(hc.ROUNDS - 1):
        state = hc.apply(state, {"action": "vote", "contre": {"Alice": 1}})
    _, events = outcome(state, {"action": "vote", "contre": {"Alice": 1}})
    assert words(events)[-1] == "All 9 rounds are played and nobody met an objective: the game ends."


def test_gold_for_senators_tells_the_senators_held_only_to_their_owner():
    state = hc.apply(new(), {"action": "vote", "contre": {"Bob": 10}})
    _, events = outcome(state, {"action": "buy_senators", "player": "Bob", "gold": 2})
    assert words(events) == ["Bob spends 2 gold for 10 senators."]
    assert words(events, "Bob") == ["Bob spends 2 gold for 10 senators and now has 100 senators."]
