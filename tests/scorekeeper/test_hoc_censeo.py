"""The Hoc Censeo rule engine (RULES.md §4), tested as pure functions of (state, action)."""
from __future__ import annotations

import copy

import pytest
from refusals import refused
from score_cli import applier

from scorekeeper.rules import hoc_censeo as hc
from scorekeeper.rules import public_view

PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]


def new(options: dict | None = None) -> dict:
    """A game whose secondary objectives are out of reach unless `options` say otherwise,
    so a test about one rule is not cut short by someone winning."""
    if options is None:
        options = {"objectives": objectives(titienses=("seals", 99), ramnes=("gold", 99), luceres=("wins", 99))}
    return hc.setup(copy.deepcopy(PLAYERS), options)


def vote(state: dict, **fields) -> dict:
    return hc.apply(state, {"action": "vote", **fields})


play = applier(hc)


def objectives(**per_tribe) -> dict:
    """DEFAULT_OBJECTIVES with some secondary objectives replaced: tribe=(kind, amount)."""
    result = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    for tribe, (kind, amount) in per_tribe.items():
        result[tribe]["secondary"] = {"kind": kind, "amount": amount}
    return result


# -- setup ------------------------------------------------------------------------------

def test_setup_starts_every_tribe_equal_with_the_first_player_as_magistrate():
    state = new({})
    assert state["round"] == 0
    assert state["chaos"] == 0
    assert state["magistrate"] == "Alice"
    for record in state["players"].values():
        assert record["senators"] == hc.START_SENATORS
        assert record["gold"] == hc.START_GOLD
        assert record["seals"] == hc.START_SEALS
        assert record["wins"] == 0
        assert record["circle"] == {c: 0 for c in hc.COLOURS}
        assert record["objectives"] == {"circle": False, "secondary": False}
    assert state["players"]["Bob"]["goal"] == hc.DEFAULT_OBJECTIVES["ramnes"]


@pytest.mark.parametrize(("players", "options", "rule", "named"), [
    (PLAYERS[:2], {}, "Hoc Censeo is played by exactly {PLAYERS} players, not {count}.",
     {"PLAYERS": 3, "count": 2}),
    ([*PLAYERS[:2], {"name": "Chloé"}], {}, "{name} needs a tribe ({TRIBES}), e.g. --player {name}:{TRIBES2}.",
     {"name": "Chloé", "TRIBES": "titienses, ramnes, luceres"}),
    ([*PLAYERS[:2], {"name": "Chloé", "role": "sabines"}], {},
     "{name}'s tribe {tribe} is unknown; the tribes are {TRIBES}.", {"name": "Chloé", "tribe": "'sabines'"}),
    ([*PLAYERS[:2], {"name": "Chloé", "role": "ramnes"}], {},
     "The tribe {tribe} is taken by both {taken} and {name}; each of {TRIBES} plays exactly once.",
     {"tribe": "ramnes", "taken": "Bob", "name": "Chloé"}),
    (PLAYERS, {"rounds": 5}, "{title} has no option {key}; its options are: {accepted}.",
     {"key": "'rounds'", "accepted": "objectives"}),
])
def test_a_bad_setup_is_refused_with_what_is_wrong(players, options, rule, named):
    with refused(rule, **named):
        hc.setup(players, options)


def test_the_default_objectives_are_valid_and_eight_portions_each():
    checked = hc.validate_objectives(hc.DEFAULT_OBJECTIVES)
    for tribe in hc.TRIBES:
        assert sum(checked[tribe]["circle"].values()) == hc.CIRCLE_PORTIONS


@pytest.mark.parametrize(("change", "rule", "named"), [
    (lambda o: o["ramnes"]["circle"].update(jaune=3),
     "The {tribe} circle adds up to {total} portions; it must be exactly {CIRCLE_PORTIONS}.",
     {"tribe": "ramnes", "total": 9, "CIRCLE_PORTIONS": 8}),
    (lambda o: o["luceres"]["circle"].update(rouge=0),
     "The {tribe} circle names an unknown colour {colour}; the colours are {COLOURS}.",
     {"tribe": "luceres", "colour": "'rouge'"}),
    (lambda o: o["titienses"]["secondary"].update(kind="votes"),
     "The {tribe} secondary objective has an unknown kind {kind}; the kinds are {SECONDARY_KINDS}.",
     {"tribe": "titienses", "kind": "'votes'"}),
    (lambda o: o["titienses"]["secondary"].update(amount=0),
     "The {tribe} secondary objective needs an amount of at least 1, not {amount}.",
     {"tribe": "titienses", "amount": "0"}),
    (lambda o: o.pop("luceres"), "The objectives give nothing for the tribe {tribe}; each of {TRIBES} needs one.",
     {"tribe": "luceres"}),
    (lambda o: o.update(sabines=o["ramnes"]), "The objectives name an unknown tribe {unknown}; the tribes are {TRIBES}.",
     {"unknown": "'sabines'"}),
])
def test_bad_objectives_name_the_tribe_and_the_problem(change, rule, named):
    objectives = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    change(objectives)
    with refused(rule, **named):
        hc.validate_objectives(objectives)
    with refused(rule, **named):
        new({"objectives": objectives})


def test_a_session_can_carry_its_own_objectives():
    own = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    own["titienses"]["circle"] = {"bleu": 8}
    state = new({"objectives": own})
    assert state["players"]["Alice"]["goal"]["circle"] == {"bleu": 8, "mauve": 0, "jaune": 0, "vert": 0}


# -- votes ------------------------------------------------------------------------------

def test_the_sentence_names_the_player_the_senators_left_and_the_vote():
    state = vote(new(), contre={"Bob": 88}, pour={"Alice": 1}, tiebreak="contre")
    with refused("{player} has {left} senator left and cannot vote {total}.", player="Bob", left=12,
                 total=15) as refusal:
        vote(state, contre={"Bob": 15})
    assert str(refusal.value) == "Bob has 12 senators left and cannot vote 15."
    with refused("{player} has {left} senator left and cannot vote {total} ({pour} POUR and {contre} CONTRE).",
                 player="Bob", left=12, total=20, pour=10, contre=10):
        vote(state, pour={"Bob": 10, "Alice": 99}, contre={"Bob": 10})


@pytest.mark.parametrize(("amount", "said"), [(2.5, "2.5"), ("10", "'10'"), (True, "true"), (None, "null")])
def test_a_vote_is_a_whole_number_of_zero_or_more(amount, said):
    with refused("{what} must be a whole number, not {value}.", what="Alice's POUR vote", value=said) as refusal:
        vote(new(), pour={"Alice": amount}, colour="bleu")
    assert refusal.value.render(reveal=False) == "Alice's POUR vote must be a whole number."   # the amount is secret
    with refused("{what} must be at least {low}, not {value}.", what="Alice's POUR vote", low=0, value=-1):
        vote(new(), pour={"Alice": -1}, colour="bleu")


def test_every_senator_written_is_lost_whatever_the_outcome_and_both_sides_may_be_used():
    state = vote(new(), pour={"Alice": 10}, contre={"Alice": 30, "Bob": 1})
    assert state["players"]["Alice"]["senators"] == 60
    assert state["players"]["Bob"]["senators"] == 99
    assert state["votes"][0]["result"] == "contre"
    assert state["players"]["Alice"]["gold"] == 2
    assert state["players"]["Bob"]["gold"] == 1


def test_equal_totals_need_the_magistrate_even_at_zero():
    state = new()
    with refused("POUR and CONTRE are equal ({total_pour} each); {magistrate}, as magistrate, must break the tie "
                 "by choosing the side that wins, POUR or CONTRE.", total_pour=0, magistrate="Alice"):
        vote(state)
    after = vote(state, tiebreak="contre")
    assert after["votes"][0]["result"] == "contre"
    assert after["chaos"] == 1
    assert all(p["gold"] == 0 for p in after["players"].values())
    with refused("POUR wins {total_pour} to {total_contre}, so the motion's colour is needed ({COLOURS}).",
                 total_pour=0, total_contre=0):
        vote(state, tiebreak="pour")
    after = vote(state, tiebreak="pour", colour="jaune")
    assert after["votes"][0]["colour"] == "jaune"
    assert all(p["seals"] == 0 and p["wins"] == 0 for p in after["players"].values())


def test_the_magistrate_passes_to_the_next_player_each_round():
    state = new()
    seen = []
    for _ in range(4):
        seen.append(state["magistrate"])
        state = vote(state, contre={"Bob": 1})
    assert seen == ["Alice", "Bob", "Chloé", "Alice"]
    assert [v["magistrate"] for v in state["votes"]] == seen


def test_the_largest_pour_voter_gets_the_seal_and_bonus_the_next_two_colour():
    state = vote(new(), pour={"Alice": 5, "Bob": 30, "Chloé": 10}, colour="jaune")
    bob, chloe, alice = (state["players"][n] for n in ("Bob", "Chloé", "Alice"))
    assert bob["seals"] == 1
    assert bob["gold"] == 1
    assert bob["circle"]["jaune"] == 1
    assert bob["wins"] == 1
    assert chloe["circle"]["jaune"] == 1
    assert chloe["seals"] == 0
    assert chloe["gold"] == 0
    assert alice["circle"]["jaune"] == 1
    assert alice["seals"] == 0
    assert state["votes"][0]["ranked"] == ["Bob", "Chloé", "Alice"]


def test_vert_bonus_gives_senators_and_mauve_needs_the_voters_choice():
    state = vote(new(), pour={"Alice": 10}, colour="vert")
    assert state["players"]["Alice"]["senators"] == 95
    with refused("{ranked} is the largest POUR voter on a mauve motion and must choose the bonus ({MAUVE_CHOICES}).",
                 ranked="Chloé", MAUVE_CHOICES="blue, yellow, green"):
        vote(new(), pour={"Chloé": 10}, colour="mauve")
    state = vote(new(), pour={"Chloé": 10}, colour="mauve", bonus="bleu")
    assert state["players"]["Chloé"]["seals"] == 2
    assert state["players"]["Chloé"]["circle"]["mauve"] == 1
    with refused("{what} must be one of {choices}, not {value}.", what="The mauve bonus", value="'rouge'"):
        vote(new(), pour={"Chloé": 10}, colour="mauve", bonus="rouge")


def test_a_portion_the_circle_no_longer_needs_is_forfeited_but_the_gains_remain():
    state = new()   # Titienses need 1 vert
    state = vote(state, pour={"Alice": 10}, colour="vert")
    state = vote(state, pour={"Alice": 10, "Bob": 5}, colour="vert")
    alice = state["players"]["Alice"]
    assert alice["circle"]["vert"] == 1
    assert alice["seals"] == 2
    assert alice["senators"] == 90
    assert state["votes"][1]["forfeited"] == ["Alice"]
    assert state["players"]["Bob"]["circle"]["vert"] == 1


def test_only_players_who_wrote_more_than_zero_rank():
    state = vote(new(), pour={"Alice": 10, "Bob": 0}, contre={"Chloé": 3}, colour="bleu")
    assert state["players"]["Bob"]["circle"]["bleu"] == 0
    state = vote(new(), contre={"Bob": 10, "Chloé": 0}, pour={"Alice": 0})
    assert state["players"]["Chloé"]["gold"] == 0
    assert state["players"]["Bob"]["gold"] == 2


def test_a_tie_for_the_top_needs_the_magistrates_order_naming_the_tied():
    action = {"action": "vote", "pour": {"Bob": 10, "Chloé": 10}, "colour": "bleu"}
    needs_order = ("{side} wins, and {group} rank equal on it: the magistrate {magistrate} must give the order "
                   "they rank in, first to last.")
    with refused(needs_order, side="POUR", group=["Bob", "Chloé"], magistrate="Alice"):
        hc.apply(new(), action)
    state = hc.apply(new(), {**action, "order": ["Chloé", "Bob"]})
    assert state["players"]["Chloé"]["seals"] == 2
    assert state["players"]["Bob"]["seals"] == 0
    assert state["players"]["Chloé"]["wins"] == 1
    assert state["players"]["Bob"]["circle"]["bleu"] == 1
    # Only the tied players need be listed, and a partial order is refused.
    with refused(needs_order, side="POUR", group=["Bob", "Chloé"], magistrate="Alice"):
        hc.apply(new(), {**action, "order": ["Bob"]})


def test_a_tie_that_changes_nothing_needs_no_order():
    # POUR: ranks 2 and 3 both only colour.
    state = vote(new(), pour={"Alice": 20, "Bob": 5, "Chloé": 5}, colour="bleu")
    assert state["players"]["Bob"]["circle"]["bleu"] == 1
    assert state["players"]["Chloé"]["circle"]["bleu"] == 1


def test_contre_ties_matter_between_every_paid_rank():
    base = new()
    # second and third: 1 gold or nothing
    with refused("{side} wins, and {group} rank equal on it: the magistrate {magistrate} must give the order "
                 "they rank in, first to last.", side="CONTRE", group=["Bob", "Chloé"], magistrate="Alice"):
        vote(base, contre={"Alice": 9, "Bob": 4, "Chloé": 4})
    state = vote(base, contre={"Alice": 9, "Bob": 4, "Chloé": 4}, order=["Chloé", "Bob"])
    assert [state["players"][n]["gold"] for n in ("Alice", "Bob", "Chloé")] == [2, 0, 1]
    # all three tied: a full order
    state = vote(base, contre={"Alice": 4, "Bob": 4, "Chloé": 4}, order=["Bob", "Alice", "Chloé"])
    assert [state["players"][n]["gold"] for n in ("Alice", "Bob", "Chloé")] == [1, 2, 0]
    assert state["players"]["Bob"]["wins"] == 1


@pytest.mark.parametrize(("field", "value", "rule", "named"), [
    ("order", ["Alice", "Zoé"], "{named} is not a player here; the players are {players}.",
     {"named": "'Zoé' (the magistrate's order)"}),
    ("order", ["Alice", "Alice"], "{name} is named twice ({what}); each player is listed once.", {"name": "Alice", "what": "the magistrate's order"}),
    ("tiebreak", "maybe", "{what} must be one of {choices}, not {value}.",
     {"what": "The tie-break", "choices": "'pour', 'contre'", "value": "'maybe'"}),
    ("colour", "rouge", "{what} must be one of {choices}, not {value}.",
     {"what": "The motion's colour", "value": "'rouge'"}),
    ("calamity", {"Bob": "children"}, "{what} must be one of {choices}, not {value}.",
     {"what": "Bob's calamity choice", "choices": "'gold', 'senators'", "value": "'children'"}),
    ("calamity", {"Zoé": "gold"}, "{what} names {name}, who is not a player here; the players are {players}.",
     {"what": "The calamity choices", "name": "'Zoé'"}),
    ("votes", 3, "A {title} {name} entry takes no {key}; it takes {accepted}.",
     {"name": "`vote`", "key": "`votes`"}),
])
def test_malformed_vote_fields_are_refused(field, value, rule, named):
    with refused(rule, **named):
        vote(new(), contre={"Bob": 3}, **{field: value})


def test_a_vote_for_someone_who_is_not_playing_is_refused():
    with refused("{what} names {name}, who is not a player here; the players are {players}.",
                 what="The CONTRE votes", name="'Zoé'", players=["Alice", "Bob", "Chloé"]):
        vote(new(), contre={"Zoé": 3})


# -- chaos and calamities ---------------------------------------------------------------

def contre_rounds(state: dict, count: int, **extra) -> dict:
    for _ in range(count):
        state = vote(state, contre={"Bob": 1}, **extra)
    return state


def test_the_fourth_grey_portion_brings_a_calamity_default_gold_else_senators():
    state = contre_rounds(new(), 3)             # Bob: 6 gold, chaos 3
    state = vote(state, contre={"Chloé": 2})   # Chloé +2 gold then calamity
    assert state["chaos"] == 4
    assert state["votes"][-1]["calamity"] is True
    assert state["players"]["Bob"]["gold"] == 5
    assert state["players"]["Chloé"]["gold"] == 1
    assert state["players"]["Chloé"]["senators"] == 98
    assert state["players"]["Alice"]["senators"] == 95
    assert state["players"]["Alice"]["gold"] == 0
    assert state["votes"][-1]["losses"] == {"Alice": "senators", "Bob": "gold", "Chloé": "gold"}


def test_a_player_may_choose_senators_but_not_gold_they_do_not_have():
    state = contre_rounds(new(), 3)
    after = vote(state, contre={"Chloé": 2}, calamity={"Bob": "senators"})
    assert after["players"]["Bob"]["gold"] == 6
    assert after["players"]["Bob"]["senators"] == 92
    with refused("{name} has no gold to lose to the calamity and must lose senators instead.", name="Alice"):
        vote(state, contre={"Chloé": 2}, calamity={"Alice": "gold"})


def test_senators_lost_to_a_calamity_are_floored_at_zero():
    state = vote(new(), contre={"Alice": 98, "Bob": 1}, order=["Alice", "Bob"])
    state = vote(state, contre={"Bob": 1}, calamity={"Alice": "senators"})
    state = vote(state, contre={"Bob": 1}, calamity={"Alice": "senators"})
    state = vote(state, contre={"Bob": 1}, calamity={"Alice": "senators"})
    assert state["chaos"] == 4
    assert state["players"]["Alice"]["senators"] == 0


def test_the_most_green_are_spared_ties_all_spared_none_when_nobody_has_green():
    state = new()
    state = vote(state, pour={"Alice": 1}, colour="vert")                 # Alice 1 vert
    state = vote(state, pour={"Chloé": 5, "Bob": 1}, colour="vert")       # Chloé, Bob 1 vert each
    state = contre_rounds(state, 3)
    state = vote(state, contre={"Bob": 1})
    assert state["votes"][-1]["calamity"]
    assert state["votes"][-1]["spared"] == ["Alice", "Bob", "Chloé"]
    state2 = vote(new(), pour={"Chloé": 5}, colour="vert")
    state2 = contre_rounds(state2, 4)
    assert state2["votes"][-1]["spared"] == ["Chloé"]
    assert state2["votes"][-1]["losses"] == {"Alice": "senators", "Bob": "gold"}


def test_chaos_stops_at_eight_with_a_second_calamity_only_at_eight():
    own = objectives(ramnes=("gold", 99))
    state = contre_rounds(new({"objectives": own}), 9)
    assert state["chaos"] == 8
    assert state["round"] == 9
    assert state["over"] is True
    assert [v["calamity"] for v in state["votes"]] == [False, False, False, True, False, False, False, True, False]


# -- spending ---------------------------------------------------------------------------

def test_two_seals_colour_a_needed_portion():
    state = vote(new(), pour={"Alice": 1}, colour="bleu")
    state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "jaune"})
    assert state["players"]["Alice"]["seals"] == 0
    assert state["players"]["Alice"]["circle"]["jaune"] == 1
    with refused("{name} has {seals} seal and needs {SEALS_PER_PORTION} to colour a portion.",
                 name="Alice", seals=0, SEALS_PER_PORTION=2):
        hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "jaune"})


def test_seals_cannot_colour_a_colour_the_circle_does_not_need():
    state = vote(new(), pour={"Alice": 1}, colour="bleu")
    state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "vert"})
    state = vote(state, pour={"Alice": 1}, colour="bleu")
    state = vote(state, pour={"Alice": 1}, colour="bleu")
    with refused("{name}'s circle needs no more {colour} portions (it has {circle} of {circle2}).",
                 name="Alice", colour="green", circle=1, circle2=1):
        hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "vert"})


def test_gold_buys_five_senators_a_coin():
    state = vote(new(), contre={"Bob": 10})
    state = hc.apply(state, {"action": "buy_senators", "player": "Bob", "gold": 2})
    assert state["players"]["Bob"]["senators"] == 100
    assert state["players"]["Bob"]["gold"] == 0
    with refused("{name} has no gold left to buy senators with.", name="Bob"):
        hc.apply(state, {"action": "buy_senators", "player": "Bob", "gold": 1})
    state = hc.apply(vote(state, contre={"Bob": 1}), {"action": "buy_senators", "player": "Bob", "gold": 1})
    with refused("{name} has {gold} gold and cannot spend {gold2}.", name="Bob", gold=1, gold2=3):
        hc.apply(state, {"action": "buy_senators", "player": "Bob", "gold": 3})
    with refused("{what} must be at least {low}, not {value}.", what="The gold Bob spends", low=1, value=0):
        hc.apply(state, {"action": "buy_senators", "player": "Bob", "gold": 0})
    with refused("{named} is not a player here; the players are {players}.", named="'Zoé'"):
        hc.apply(state, {"action": "buy_senators", "player": "Zoé", "gold": 1})
    with refused("This entry lacks {what}, which the rules need here.", what="the player who acts"):
        hc.apply(state, {"action": "buy_senators", "gold": 1})   # no "not None" in the sentence


# -- the end ----------------------------------------------------------------------------

def test_nine_rounds_without_an_objective_end_with_no_winner_and_nothing_more():
    state = contre_rounds(new({"objectives": objectives(ramnes=("gold", 99), luceres=("wins", 99))}), 9)
    assert state["over"] is True
    assert state["winners"] == []
    assert state["round"] == hc.ROUNDS
    with refused("The game is over after {ROUNDS} rounds; no more actions are possible.", ROUNDS=hc.ROUNDS):
        vote(state, contre={"Bob": 1})
    with refused("The game is over after {ROUNDS} rounds; no more actions are possible.", ROUNDS=hc.ROUNDS):
        hc.apply(state, {"action": "buy_senators", "player": "Bob", "gold": 1})


def test_a_secondary_objective_met_at_a_vote_ends_the_game_and_all_who_meet_one_win():
    state = new({"objectives": objectives(titienses=("gold", 1), ramnes=("gold", 2))})
    state = vote(state, contre={"Bob": 10, "Alice": 5})
    assert state["over"] is True
    assert state["winners"] == ["Alice", "Bob"]
    assert state["players"]["Chloé"]["objectives"] == {"circle": False, "secondary": False}


def test_wins_count_for_the_luceres_objective():
    state = new({})
    needed = hc.DEFAULT_OBJECTIVES["luceres"]["secondary"]["amount"]
    for _ in range(needed - 1):
        state = vote(state, contre={"Chloé": 1})
    assert state["over"] is False
    state = vote(state, contre={"Chloé": 1})
    assert state["players"]["Chloé"]["wins"] == needed == 4
    assert state["winners"] == ["Chloé"]


def test_a_circle_completed_by_seals_counts_at_the_next_vote_only():
    own = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    own["titienses"]["circle"] = {"bleu": 2, "jaune": 6}
    own["titienses"]["secondary"] = {"kind": "seals", "amount": 50}
    state = new({"objectives": own})
    state = vote(state, pour={"Alice": 1}, colour="bleu")          # bleu 1, seals 2
    state = vote(state, pour={"Alice": 1}, colour="jaune")         # jaune 1, seals 3
    state = vote(state, pour={"Alice": 1}, colour="bleu")          # bleu 2, seals 5
    for _ in range(2):
        state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "jaune"})
    state = vote(state, pour={"Alice": 1}, colour="jaune")         # jaune 4, seals 2 (+1 gold)
    state = vote(state, pour={"Alice": 1}, colour="bleu")          # forfeited, seals 4
    state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "jaune"})
    state = hc.apply(state, {"action": "spend_seals", "player": "Alice", "colour": "jaune"})
    assert state["players"]["Alice"]["circle"] == {"bleu": 2, "mauve": 0, "jaune": 6, "vert": 0}
    assert state["players"]["Alice"]["objectives"]["circle"] is True
    assert state["over"] is False
    state = vote(state, contre={"Bob": 1})
    assert state["over"] is True
    assert state["winners"] == ["Alice"]


def test_apply_never_mutates_the_state_it_is_given():
    state = new()
    frozen = copy.deepcopy(state)
    vote(state, pour={"Alice": 10, "Bob": 10}, colour="bleu", order=["Bob", "Alice"])
    with refused("{player} has {left} senator left and cannot vote {total}.", player="Bob", total=500):
        vote(state, contre={"Bob": 500})
    assert state == frozen


def test_unknown_actions_and_fields_are_refused():
    with refused("{title} has no action {name}; its actions are: {actions}.", name="`dance`"):
        hc.apply(new(), {"action": "dance"})
    with refused("A {title} {name} entry takes no {key}; it takes {accepted}.", name="`vote`", key="`colur`",
                 accepted="`pour`, `contre`, `tiebreak`, `colour`, `order`, `bonus`, `calamity`"):
        vote(new(), colur="bleu")


def test_public_view_hides_senators_and_objectives_of_everyone_but_the_viewer():
    state = new()
    hidden = public_view("hoc-censeo", state, None)
    assert all("senators" not in p and "goal" not in p and "objectives" not in p and "tribe" not in p
               for p in hidden["players"].values())
    mine = public_view("hoc-censeo", state, "Bob")
    assert mine["players"]["Bob"]["senators"] == 100
    assert "senators" not in mine["players"]["Alice"]
    assert mine["players"]["Bob"]["tribe"] == "ramnes"
    assert "tribe" not in mine["players"]["Alice"]
    assert state["players"]["Alice"]["senators"] == 100
