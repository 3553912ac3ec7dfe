"""PHD counts the cards in hand and plays every Coopération it prints (issue 33): the deal, the
draws, the cards played and laid, the hand limit as a turn ends, the host's `hand`
correction; La patate chaude, Manip à quatre mains and Journal club at their moments."""
from __future__ import annotations

import copy

import pytest
from refusals import refused, rule
from test_phd_cards import CARDS, play, turn

from scorekeeper.rules import phd as rules
from scorekeeper.rules.flow import answering

DECK = {"cards": {
    **CARDS,
    "patate": {"type": "cooperation", "title": "La patate chaude", "copies": 1, "moment": {"kind": "own-challenge"},
               "passes_challenge": True, "you": {"pression": -1}},
    "manip": {"type": "cooperation", "title": "Manip à quatre mains", "copies": 1,
              "moment": {"kind": "other-challenge-lost"}, "cancels_failure": True, "you": {"credit": -1}},
    "journal": {"type": "cooperation", "title": "Journal club", "copies": 2, "moment": {"kind": "other-turn-start"},
                "draw_arguments": 1},
}}
NAMES = ("Ana", "Ben", "Cléo")


def new(*names: str, deck: dict | None = DECK) -> rules.State:
    return rules.setup([{"name": n} for n in names or NAMES[:2]], {}, deck=copy.deepcopy(deck) if deck else None)


def hands(state: rules.State) -> dict[str, int]:
    return {name: p["hand"] for name, p in state["players"].items()}


def offered(state: rules.State) -> list[str]:
    return next((d["choices"]["card"] for d in rules.anytime(state) if d["action"] == "cooperate"), [])


# -- the count -------------------------------------------------------------------------------

def test_the_deal_the_draws_and_the_cards_played_from_the_hand_are_counted():
    state = new()
    assert hands(state) == {"Ana": rules.DEALT, "Ben": rules.DEALT} == {"Ana": 5, "Ben": 5}
    state = play(state, turn("Ana", step="start"), turn("Ana", card="cite"), turn("Ana", step="draw-events"))
    assert hands(state)["Ana"] == 5 + rules.RECHERCHE_DRAW["events"]
    state = play(state, turn("Ben", step="start"), turn("Ben", card="renvoi"))     # a Coopération revealed: kept
    assert hands(state)["Ben"] == 6
    state = play(state, turn("Ben", step="draw-argument"), turn("Ana", step="start"), turn("Ana", step="none"),
                 turn("Ana", card="cafe"))        # played from the hand in Recherche
    assert hands(state) == {"Ana": 6, "Ben": 7}


def test_the_cards_laid_on_tests_leave_the_hands_of_whoever_laid_them():
    state = play(new(*NAMES), turn("Ana", step="start"), turn("Ana", card="colloque"))
    state = play(state, {"action": "challenge", "player": "Ana", "die": 3, "modifiers": ["donnees", "cite", 1],
                         "laid_by": {"Cléo": 1}})
    assert hands(state) == {"Ana": 3, "Ben": 5, "Cléo": 4}
    # a controversy: the defender's own Arguments, then support and opposition by whom laid them
    state = play(new(*NAMES), {"action": "adjust", "player": "Ana", "pression": 2, "credit": 2},
                 turn("Ana", step="start"), turn("Ana", step="none"), {"action": "submit", "player": "Ana"})
    state = play(state, turn("Ben", step="start"), turn("Ben", step="none"), turn("Ben", step="draw-events"),
                 turn("Cléo", step="start"), turn("Cléo", step="none"), turn("Cléo", step="draw-events"),
                 turn("Ana", step="start"), turn("Ana", card="lundi", die=2))
    lost = play(state, {"action": "controversy", "player": "Ana", "arguments": ["donnees"], "support": ["jury"],
                        "opposition": ["biais", -2], "laid_by": {"Ben": 2, "Cléo": 1}})
    assert hands(lost) == {"Ana": 4, "Ben": 5, "Cléo": 6}
    with refused("Only {n} card laid here can come from the other players, not {given}.", n=1, given=2):
        rules.apply(state, {"action": "controversy", "player": "Ana", "arguments": [2], "support": [1],
                            "laid_by": {"Ben": 2}})
    with refused("The cards laid by the other players name {name}, whose own cards are the rest.", name="Ana"):
        rules.apply(state, {"action": "controversy", "player": "Ana", "arguments": [2], "support": [1],
                            "laid_by": {"Ana": 1}})


def test_with_one_other_player_support_and_opposition_are_theirs():
    state = play(new(), {"action": "adjust", "player": "Ana", "pression": 2, "credit": 2}, turn("Ana", step="start"),
                 turn("Ana", step="none"), {"action": "submit", "player": "Ana"},
                 turn("Ben", step="start"), turn("Ben", step="none"), turn("Ben", step="draw-argument"),
                 turn("Ana", step="start"), turn("Ana", card="lundi", die=2))
    state = play(state, {"action": "controversy", "player": "Ana", "arguments": ["jury"], "opposition": ["biais"]})
    assert hands(state) == {"Ana": 4, "Ben": 5}


def test_over_the_hand_limit_the_cards_go_in_turn_to_the_poorest_or_to_the_discard():
    # Ana draws up to 11 cards; Ben and Cléo share the lowest Crédit: one card each, Ben first
    state = play(new(*NAMES), turn("Ana", step="start"), turn("Ana", card="cite"))   # Ana's Crédit 6
    state = play(state, turn("Ana", step="draw-events"), {"action": "hand", "player": "Ana", "cards": 11})
    assert rules.hand_limit_receivers(state, "Ana") == ["Ben", "Cléo"]
    after = play(state, turn("Ben", step="start"))
    assert hands(after) == {"Ana": rules.HAND_LIMIT, "Ben": 6, "Cléo": 6}
    said = [e.public.render(lambda m: m, lambda s, p, n: s if n == 1 else p, ", ".join)
            for e in rules.outcome(state, after, turn("Ben", step="start"))]
    assert "Ana's turn ends: 1 card over 9 goes to Ben, who has the least Crédit." in said
    # the poorest player keeps nothing over the limit: the cards go to the discard
    poor = play(new(*NAMES), turn("Ana", step="start"), turn("Ana", card="disque-dur"),
                turn("Ana", step="draw-events"), {"action": "hand", "player": "Ana", "cards": 12})
    assert rules.hand_limit_receivers(poor, "Ana") == [None, None, None]
    assert hands(play(poor, turn("Ben", step="start"))) == {"Ana": 9, "Ben": 5, "Cléo": 5}


def test_the_host_puts_a_count_right_and_a_session_without_a_deck_counts_nothing():
    state = play(new(), turn("Ana", step="start"))
    correction = {"action": "hand", "player": "Ben", "cards": 2}
    assert answering(rules.anytime(state), correction) is not None
    assert "hand" in rules.CORRECTIONS
    assert hands(play(state, correction))["Ben"] == 2
    plain = new(deck=None)
    assert set(plain["players"]["Ana"]) == {"pression", "credit", "pending", "approved", "status"}
    assert all(d["action"] != "hand" for d in rules.anytime(plain))
    with refused("This session's header holds no deck: the table does not count the cards in hand."):
        rules.apply(plain, correction)
    assert "laid_by" not in rules.pending(play(plain, turn("Ana", step="start"), turn("Ana", step="challenge")))[0][
        "choices"]


# -- the Coopérations that act on the moment's test or hands ----------------------------------

def test_la_patate_chaude_passes_the_challenge_to_another_player_who_resolves_it():
    state = play(new(), {"action": "adjust", "player": "Ben", "credit": 6}, turn("Ana", step="start"),
                 turn("Ana", card="colloque"))
    assert "patate" in offered(state)
    with refused("{title} passes the Challenge to another player: the entry names that player.", title="La patate chaude"):
        rules.apply(state, {"action": "cooperate", "player": "Ana", "card": "patate"})
    passed = play(state, {"action": "cooperate", "player": "Ana", "card": "patate", "other": "Ben"})
    assert passed["players"]["Ana"]["pression"] == 3
    (waits,) = rules.pending(passed)
    assert (waits["action"], waits["player"]) == ("challenge", "Ben")
    with refused("{waiting}", waiting=rule("The game waits for {name}'s challenge.", name="Ben")):
        rules.apply(passed, {"action": "challenge", "player": "Ana", "die": 6})
    # Ben: Crédit 10 + die 1 >= 9, won with his resources, for him; Ana's turn has its one Recherche
    won = play(passed, {"action": "challenge", "player": "Ben", "die": 1})
    assert won["last_test"]["player"] == "Ben"
    assert won["players"]["Ben"]["credit"] == 13
    assert won["players"]["Ana"]["credit"] == 4
    assert (won["turn"]["stage"], won["turn"]["recherches"]) == ("recherche", 1)
    assert hands(won) == {"Ana": 4, "Ben": 5}


def test_la_patate_chaude_passed_back_leaves_the_challenge_to_the_turns_player():
    deck = copy.deepcopy(DECK)
    deck["cards"]["patate"]["copies"] = 2
    state = play(new(deck=deck), turn("Ana", step="start"), turn("Ana", card="colloque"),
                 {"action": "cooperate", "player": "Ana", "card": "patate", "other": "Ben"})
    back = play(state, {"action": "cooperate", "player": "Ben", "card": "patate", "other": "Ana"})
    assert "resolver" not in back["turn"]
    (waits,) = rules.pending(back)
    assert (waits["action"], waits["player"]) == ("challenge", "Ana")
    # Ana's own Challenge won in Vivre: her second Recherche, as if never passed on (RULES.md 1.3)
    won = play(back, {"action": "challenge", "player": "Ana", "die": 6})
    assert (won["turn"]["stage"], won["turn"]["recherches"]) == ("recherche", 2)


def test_manip_a_quatre_mains_cancels_the_failure_just_lost():
    state = play(new(), turn("Ana", step="start"), turn("Ana", card="colloque"))
    assert "manip" not in offered(state)
    lost = play(state, {"action": "challenge", "player": "Ana", "die": 1})
    assert (lost["players"]["Ana"]["pression"], lost["players"]["Ana"]["credit"]) == (6, 3)
    assert "manip" in offered(lost)
    with refused("{title} is played {when}; that is not now.", title="Manip à quatre mains"):
        rules.apply(lost, {"action": "cooperate", "player": "Ana", "card": "manip"})
    saved = play(lost, {"action": "cooperate", "player": "Ben", "card": "manip"})
    assert (saved["players"]["Ana"]["pression"], saved["players"]["Ana"]["credit"]) == (4, 4)
    assert saved["players"]["Ben"]["credit"] == 3
    assert hands(saved) == {"Ana": 5, "Ben": 4}
    assert "manip" not in offered(saved)      # one failure, cancelled once


def test_manip_a_quatre_mains_cancels_a_failure_that_ended_the_turn_as_the_next_one_begins():
    """The moment of a Challenge lost last in a turn lasts into the next turn's start (the
    lost Challenge is kept under it): the card played then cancels it, where it crashed."""
    state = play(new(), turn("Ana", step="start"), turn("Ana", step="none"), turn("Ana", card="colloque"))
    lost = play(state, {"action": "challenge", "player": "Ana", "die": 1}, turn("Ben", step="start"))
    assert (lost["players"]["Ana"]["pression"], lost["players"]["Ana"]["credit"]) == (6, 3)
    saved = play(lost, {"action": "cooperate", "player": "Ben", "card": "manip"})
    assert (saved["players"]["Ana"]["pression"], saved["players"]["Ana"]["credit"]) == (4, 4)
    assert saved["recent"]["action"] == "start"     # still Ben's turn's start, its lost Challenge cancelled
    with refused("{title} is played {when}; that is not now.", title="Manip à quatre mains"):
        rules.apply(saved, {"action": "cooperate", "player": "Ben", "card": "manip"})


def test_journal_club_draws_an_argument_for_its_player_and_whose_turn_begins():
    state = play(new(), turn("Ana", step="start"), turn("Ana", step="none"), turn("Ana", step="draw-argument"))
    assert "journal" not in offered(state)
    begun = play(state, turn("Ben", step="start"))
    assert "journal" in offered(begun)
    with refused("{title} is played {when}; that is not now.", title="Journal club"):
        rules.apply(begun, {"action": "cooperate", "player": "Ben", "card": "journal"})
    played = {"action": "cooperate", "player": "Ana", "card": "journal"}
    club = play(begun, played)
    assert hands(club) == {"Ana": 6, "Ben": 6}
    assert [e.public.render() for e in rules.outcome(begun, club, played)] == [
        "Ana plays Journal club: Ana and Ben +1 card."]
    # from the hand in Recherche its moment does not count: its player alone draws
    vivre = play(begun, turn("Ben", step="none"))
    own = play(vivre, turn("Ben", card="journal"))
    assert hands(own) == {"Ana": 6, "Ben": 5}
    assert [e.public.render() for e in rules.outcome(vivre, own, turn("Ben", card="journal"))] == [
        "Ben plays Journal club: +1 card."]


@pytest.mark.parametrize(("card", "change", "field"), [
    ("patate", {"moment": {"kind": "any"}}, "passes_challenge"),
    ("manip", {"cancels_failure": 1}, "cancels_failure"),
    ("journal", {"draw_arguments": 0}, "draw_arguments"),
])
def test_a_cooperation_effect_out_of_its_moment_or_shape_is_refused_naming_the_field(card, change, field):
    deck = copy.deepcopy(DECK)
    deck["cards"][card].update(change)
    with pytest.raises(rules.RuleViolation) as error:
        rules.read_deck(deck)
    assert error.value.field == field
