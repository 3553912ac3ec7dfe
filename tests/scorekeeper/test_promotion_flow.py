"""Promotion's turn as the engine's steps (scorekeeper.rules.promotion): what it waits for,
what it refuses, the reaction windows, and what it says."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused, rule

from kit.build import default_layouts
from kit.games.promotion import layout
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import flow
from scorekeeper.rules import promotion as promo

NAMES = ["Ana", "Ben", "Cléo", "Dan"]
DECK = layout.deck(default_layouts())       # the deck `kit score new` records


def new(names=NAMES, **options):
    return promo.setup([{"name": n} for n in names], options, deck=DECK)


def turn(player, step, **fields):
    return {"action": "turn", "player": player, "step": step, **fields}


def play(state, *actions):
    for action in actions:
        state = promo.apply(state, action)
    return state


def said(before, action):
    return [event.public.render() for event in promo.outcome(before, promo.apply(before, action), action)]


def started(player="Ana", state=None):
    return play(state or new(), turn(player, "start"), turn(player, "draw"))


# -- the turn --------------------------------------------------------------------------------

def test_anyone_may_start_then_play_goes_to_the_right():
    state = new()
    assert promo.pending(state) == [{"player": None, "action": "turn", "secret": False,
                                     "choices": {"player": NAMES, "step": ["start"]}}]
    state = play(state, turn("Cléo", "start"), turn("Cléo", "draw"), turn("Cléo", "end"))
    assert promo.pending(state) == [flow.decision("turn", "Dan", step=["start"])]
    with refused("The game waits for {player}'s turn to begin.", player="Dan"):
        promo.apply(state, turn("Ana", "start"))
    with refused(HOLDS, player="Dan", n=4):
        promo.apply(play(state, turn("Dan", "start")), turn("Dan", "burnout"))
    state = play(state, {"action": "hand", "player": "Dan", "cards": 0}, turn("Dan", "start"), turn("Dan", "burnout"))
    assert promo.pending(state) == [flow.decision("turn", "Ana", step=["start"])]   # the last one's right


HOLDS = "{player} holds {n} card: a burnout is for a turn begun with an empty hand; draw instead."


def test_a_turn_draws_before_it_plays_and_ends_only_between_cards():
    state = play(new(), turn("Ana", "start"))
    with refused("The game waits for {player} to draw, or to say burnout.", player="Ana"):
        promo.apply(state, turn("Ana", "play", card="Flatterie"))
    with refused("The game waits for {player} to draw, or to say burnout.", player="Ana"):
        promo.apply(state, turn("Ana", "end"))
    state = play(state, turn("Ana", "draw"), turn("Ana", "play", card="Audit"))
    with refused("The game waits for answers to {card} ({answer}) or for {author} to apply it.",
                 card="Audit", answer=["Télétravail"], author="Ana"):
        promo.apply(state, turn("Ana", "end"))


def test_two_cards_a_turn_three_with_the_stagiaire_never_the_same_twice():
    state = play(started(), turn("Ana", "play", card="Heures sup"))
    with refused("{player} has already played {card} this turn: no two identical cards in one turn.",
                 player="Ana", card="Heures sup"):
        promo.apply(state, turn("Ana", "play", card="Heures sup"))
    state = play(state, turn("Ana", "play", card="Stagiaire"))        # held at once: a third card
    assert promo.pending(state)[0]["choices"]["step"] == ["play", "end"]
    state = play(state, turn("Ana", "play", card="Tournée de croissants"))
    assert promo.pending(state) == [flow.decision("turn", "Ana", step=["end"])]
    with refused("The game waits for {player} to end the turn: {n} card played, the most allowed.", player="Ana", n=3):
        promo.apply(state, turn("Ana", "play", card="Audit"))
    without = play(started(), turn("Ana", "play", card="Heures sup"), turn("Ana", "play", card="Chef de projet"))
    with refused("The game waits for {player} to end the turn: {n} card played, the most allowed.", player="Ana", n=2):
        promo.apply(without, turn("Ana", "play", card="Audit"))


def test_the_directeur_draws_two_and_a_new_poste_replaces_the_old():
    state = play(started(), turn("Ana", "play", card="Directeur"))
    assert said(state, turn("Ana", "play", card="Délégué syndical"))[:1] == [
        "Ana plays Délégué syndical: Poste in place of Directeur."]
    state = play(state, turn("Ana", "end"))
    for name in NAMES[1:]:
        state = play(state, turn(name, "start"), turn(name, "draw"), turn(name, "end"))
    assert said(play(state, turn("Ana", "start")), turn("Ana", "draw")) == ["Ana draws 2 cards."]


def test_trahisons_answer_and_are_never_played_in_the_turn():
    with refused("{card} is a card of type {kind}: {rule}", card="Serveur en panne", kind="Trahison",
                 rule=rule("a Trahison answers a colleague's card and is never played in one's own turn.")):
        promo.apply(started(), turn("Ana", "play", card="Serveur en panne"))
    with refused("{game} has no card called {card}; did you mean {title}?", card="'Photocopieuse'"):
        promo.apply(started(), turn("Ana", "play", card="Photocopieuse"))


# -- the attack window --------------------------------------------------------------------------

def test_an_attack_waits_for_its_target_who_cancels_only_with_the_right_card():
    state = play(started(), turn("Ana", "play", card="Accusation", target="Ben"))
    assert promo.pending(state) == [flow.decision("turn", "Ben", step=["react", "land"],
                                                  card=["serveur-en-panne", "c-est-pas-moi-c-est-lui"],
                                                  to=["Ana", "Cléo", "Dan"])]
    with refused("The game waits for {target} to answer {card} with a Trahison or to take it.",
                 target="Ben", card="Accusation"):
        promo.apply(state, turn("Ana", "end"))
    with refused("{answer} does not answer {card}; {answers} does, or {redirection}.",
                 answer="Arrêt maladie", card="Accusation", answers=["Serveur en panne"]):
        promo.apply(state, turn("Ben", "react", card="Arrêt maladie"))
    cancelled = play(state, turn("Ben", "react", card="Serveur en panne"))
    assert cancelled["window"] is None
    assert promo.pending(cancelled)[0]["player"] == "Ana"
    sabotage = play(started(), turn("Ana", "play", card="Sabotage", target="Ben"))
    with refused("{answer} does not answer {card}; {answers} does, or {redirection}.",
                 answer="Serveur en panne", card="Sabotage", answers=["Arrêt maladie"]):
        promo.apply(sabotage, turn("Ben", "react", card="Serveur en panne"))
    assert play(sabotage, turn("Ben", "react", card="Arrêt maladie"))["window"] is None


LANDS = "The game waits for {card} to land on {target}: redirected {n} time, it takes no other answer."


def test_after_three_redirections_the_attack_lands_with_no_other_answer():
    # the drift: a Serveur en panne or an Arrêt maladie still cancelled it
    state = play(started(), turn("Ana", "play", card="Accusation", target="Ben"),
                 turn("Ben", "react", card="C'est pas moi, c'est lui !", to="Cléo"),
                 turn("Cléo", "react", card="C'est pas moi, c'est lui !", to="Dan"))
    last = turn("Dan", "react", card="C'est pas moi, c'est lui !", to="Ben")
    assert said(state, last) == [
        "Dan answers with C’est pas moi, c’est lui\u202f!: Accusation now aims at Ben (3 redirections of 3).",
        "Accusation lands on Ben with no other answer."]
    state = play(state, last)
    assert promo.pending(state) == [flow.decision("turn", "Ben", step=["land"])]
    for answer in ("Serveur en panne", "C'est pas moi, c'est lui !"):
        with refused(LANDS, card="Accusation", target="Ben", n=3):
            promo.apply(state, turn("Ben", "react", card=answer, **({"to": "Ana"} if "moi" in answer else {})))
    sabotage = play(started(), turn("Ana", "play", card="Sabotage", target="Ben"),
                    *[turn(a, "react", card="C'est pas moi, c'est lui !", to=b)
                      for a, b in (("Ben", "Cléo"), ("Cléo", "Dan"), ("Dan", "Ben"))])
    with refused(LANDS, card="Sabotage", target="Ben", n=3):
        promo.apply(sabotage, turn("Ben", "react", card="Arrêt maladie"))
    landed = play(state, turn("Ben", "land"))
    assert landed["window"] is None
    assert landed["turn"] == {"player": "Ana", "step": "land"}


def test_croissants_keep_attacks_off_until_the_next_turn_and_the_placard_needs_a_poste():
    state = play(started(), turn("Ana", "play", card="Tournée de croissants"), turn("Ana", "play", card="Stagiaire"),
                 turn("Ana", "end"), turn("Ben", "start"), turn("Ben", "draw"))
    protected = rule("{shield} protects {target} until their next turn", shield="Tournée de croissants", target="Ana")
    with refused("{card} cannot aim at {target}: {why}.", card="Accusation", target="Ana", why=protected):
        promo.apply(state, turn("Ben", "play", card="Accusation", target="Ana"))
    assert "Mise au placard" not in promo.pending(state)[0]["choices"]["card"]      # Ana's Poste is out of reach
    state = play(state, turn("Ben", "play", card="Plagiat", target="Cléo"))
    with refused("{player} cannot send {card} to {to}: {why}.", player="Cléo", card="Plagiat", to="Ana",
                 why=protected):
        promo.apply(state, turn("Cléo", "react", card="C'est pas moi, c'est lui !", to="Ana"))
    state = play(state, turn("Cléo", "land"), turn("Ben", "end"), turn("Cléo", "start"), turn("Cléo", "draw"),
                 turn("Cléo", "end"), turn("Dan", "start"), turn("Dan", "draw"), turn("Dan", "end"))
    assert said(state, turn("Ana", "start"))[1].startswith("The Tournée de croissants of Ana goes to the discard")
    state = play(state, turn("Ana", "start"), turn("Ana", "draw"), turn("Ana", "end"), turn("Ben", "start"),
                 turn("Ben", "draw"), turn("Ben", "play", card="Mise au placard", target="Ana"))
    assert said(state, turn("Ana", "land")) == ["Ben plays Mise au placard against Ana: Ana's Poste Stagiaire to the "
                                                "discard."]
    assert play(state, turn("Ana", "land"))["players"]["Ana"]["poste"] is None


# -- the Annonce and Avantage windows -------------------------------------------------------------

def with_postes():
    state = new()
    for name, poste in zip(NAMES, ("Directeur", "Stagiaire", "Chef de projet", "Délégué syndical")):
        state = play(state, turn(name, "start"), turn(name, "draw"), turn(name, "play", card=poste),
                     turn(name, "end"))
    return state


def test_teletravail_against_nouvel_organigramme_keeps_the_poste():
    # the drift: the Télétravail was spent and the Poste went all the same
    state = play(with_postes(), turn("Ana", "start"), turn("Ana", "draw"),
                 turn("Ana", "play", card="Nouvel organigramme"))
    assert promo.pending(state) == [
        *(flow.decision("turn", name, step=["react", "pass"], card=["teletravail"]) for name in ("Ben", "Cléo", "Dan")),
        flow.decision("turn", "Ana", step=["resolve"])]
    with refused("The game waits for answers to {card} ({answer}) or for {author} to apply it.",
                 card="Nouvel organigramme", answer=["Télétravail"], author="Ana"):
        promo.apply(state, turn("Ana", "react", card="Télétravail"))
    state = play(state, turn("Cléo", "react", card="Télétravail"))
    with refused("{player} has already answered {card} with {answer}. {waiting}",
                 player="Cléo", card="Nouvel organigramme", answer=["Télétravail"]):
        promo.apply(state, turn("Cléo", "react", card="Télétravail"))
    assert said(state, turn("Ana", "resolve")) == [      # Cléo's answer was told as it came
        "Ana plays Nouvel organigramme: Ana, Ben and Dan +1 card and the Postes of Ana, Ben and Dan to the discard."]
    state = play(state, turn("Ana", "resolve"))
    assert {n: p["poste"] for n, p in state["players"].items()} == {
        "Ana": None, "Ben": None, "Cléo": "chef-de-projet", "Dan": None}


def test_merite_vole_is_offered_from_the_author_s_right():
    # the drift: it was always offered from the first seat
    state = play(new(), *[t for n in ("Ana", "Ben") for t in (turn(n, "start"), turn(n, "draw"), turn(n, "end"))],
                 turn("Cléo", "start"), turn("Cléo", "draw"), turn("Cléo", "play", card="Flatterie"))
    assert [(d["player"], d["choices"]) for d in promo.pending(state)[:3]] == [
        (name, {"step": ["react", "pass"], "card": ["merite-vole"]}) for name in ("Dan", "Ana", "Ben")]
    with refused("{answer} does not answer {card}; {expected} does.",
                 answer="Télétravail", card="Flatterie", expected=["Mérite volé"]):
        promo.apply(state, turn("Dan", "react", card="Télétravail"))
    assert said(state, turn("Ana", "react", card="Mérite volé")) == ["Ana plays Mérite volé: +1 PI."]
    stolen = play(state, turn("Ana", "react", card="Mérite volé"))
    assert stolen["window"] is None
    assert (stolen["players"]["Ana"]["pi"], stolen["players"]["Cléo"]["pi"]) == (2, 1)
    assert promo.pending(stolen)[0]["player"] == "Cléo"
    assert said(play(state, {"action": "gain", "player": "Dan", "amount": 1}), turn("Cléo", "resolve")) == [
        "Cléo plays Flatterie: +1 PI."]


def test_an_answer_from_one_s_hand_is_that_player_s_decision_never_the_table_s():
    # found on the phones: the window's answer was the table's (player null), so Ben's phone
    # offered « Who? Ben / Cléo » and could answer Mérite volé for Cléo, and Ana's phone,
    # the card's author, offered an answer to her own card
    state = play(new(["Ana", "Ben", "Cléo"]), turn("Ana", "start"), turn("Ana", "draw"),
                 turn("Ana", "play", card="Flatterie"))
    assert promo.pending(state) == [flow.decision("turn", "Ben", step=["react", "pass"], card=["merite-vole"]),
                                    flow.decision("turn", "Cléo", step=["react", "pass"], card=["merite-vole"]),
                                    flow.decision("turn", "Ana", step=["resolve"])]
    assert all(d["player"] is not None for d in promo.pending(state))
    with refused("The game waits for answers to {card} ({answer}) or for {author} to apply it.",
                 card="Flatterie", answer=["Mérite volé"], author="Ana"):
        promo.apply(state, turn("Ana", "react", card="Mérite volé"))
    # an Annonce: each colleague answers once, and the one who answered is no longer asked
    state = play(with_postes(), turn("Ana", "start"), turn("Ana", "draw"), turn("Ana", "play", card="Nouvel organigramme"),
                 turn("Ben", "react", card="Télétravail"))
    assert [d["player"] for d in promo.pending(state)] == ["Cléo", "Dan", "Ana"]
    # an Attaque: its target answers, by name
    attacked = play(started(), turn("Ana", "play", card="Accusation", target="Ben"))
    assert [d["player"] for d in promo.pending(attacked)] == ["Ben"]


def test_the_pi_are_entered_at_any_moment_and_the_target_ends_the_game_mid_window():
    state = play(started(), turn("Ana", "play", card="Accusation", target="Ben"), turn("Ben", "land"),
                 {"action": "steal", "thief": "Ana", "victim": "Ben", "amount": 2})
    assert state["players"]["Ana"]["pi"] == 2
    state = play(state, turn("Ana", "play", card="Entretien annuel"))
    action = {"action": "gain", "player": "Ana", "amount": 6}
    assert said(state, action) == ["Ana gains 6 PI and has 8.", "Ana reaches 8 PI and wins at once."]
    assert promo.pending(play(state, action)) == []
    assert promo.anytime(play(state, action)) == []


def test_the_office_closing_says_why():
    def closing(gains, hands=None):
        state = new(["Ana", "Ben"])
        for name, amount in gains:
            state = play(state, {"action": "gain", "player": name, "amount": amount})
        state = play(state, {"action": "deck_empty"}, {"action": "deck_empty"})
        return said(state, {"action": "deck_empty", **({"hands": hands} if hands else {})})
    assert closing([("Ben", 2)]) == ["The office closes: Ben wins with the most PI (3)."]
    assert closing([], {"Ana": 2, "Ben": 4}) == [
        "The office closes: Ana and Ben are tied on 1 PI; Ben wins with the most cards in hand (4)."]
    assert closing([], {"Ana": 1, "Ben": 1}) == [
        "The office closes: Ana and Ben share the win, tied on 1 PI and 1 card in hand."]
    assert said(new(), {"action": "deck_empty"}) == [
        "Shuffle the discard into a new deck: 1 more reshuffle before the office closes."]


# -- every decision the engine lists, it accepts --------------------------------------------------

def answer(state: dict, rng: random.Random) -> dict:
    """An action answering one of the pending decisions, chosen at random."""
    d = rng.choice(promo.pending(state))
    c = d["choices"]
    action = {"action": "turn", "player": d["player"] or rng.choice(c["player"]), "step": rng.choice(c["step"])}
    if action["step"] == "play":
        card = action["card"] = rng.choice(c["card"])
        if card in promo.index(state).attacks:
            action["target"] = rng.choice(promo.attack_targets(state, action["player"], card))
    elif action["step"] == "react":
        card = action["card"] = rng.choice(c["card"])
        if card in promo.index(state).redirects:
            action["to"] = rng.choice(c["to"])
    return action


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 8))
def test_every_pending_decision_is_accepted_and_no_state_changes(seed, count):
    rng = random.Random(seed)
    state = new([f"P{i}" for i in range(count)], target=50)
    for _ in range(200):
        action = answer(state, rng)
        assert flow.answering(promo.pending(state), action) is not None
        before = copy.deepcopy(state)
        after = promo.apply(state, action)
        assert state == before
        assert all(event.public.render() for event in promo.outcome(state, after, action))
        state = after


def test_a_file_of_the_older_guided_play_still_loads_and_play_resumes_in_its_turn():
    # it wrote only the turns' starts, with the PI between them
    state = play(new(), turn("Ana", "start"), {"action": "gain", "player": "Ana", "amount": 2},
                 turn("Ben", "start"), turn("Dan", "start"))
    assert state["players"]["Ana"]["pi"] == 3
    assert promo.pending(state) == [flow.decision("turn", "Dan", step=["draw"])]     # Dan holds cards
    state = play(state, turn("Dan", "draw"))
    with refused("The game waits for {player} to play a card or end the turn.", player="Dan"):
        promo.apply(state, turn("Ana", "start"))


def test_before_any_turn_the_game_waits_for_one_to_begin():
    with refused("The game waits for a player's turn to begin."):
        promo.apply(new(), turn("Ana", "draw"))


def test_a_colleague_lets_an_avantage_pass_and_is_asked_no_more():
    # issue 46, item 4: an optional Trahison showed one button and no way to let the card pass
    state = play(new(["Ana", "Ben", "Cléo"]), turn("Ana", "start"), turn("Ana", "draw"),
                 turn("Ana", "play", card="Flatterie"))
    assert said(state, turn("Ben", "pass")) == ["Ben lets Flatterie pass."]
    passed = play(state, turn("Ben", "pass"))
    assert promo.pending(passed) == [flow.decision("turn", "Cléo", step=["react", "pass"], card=["merite-vole"]),
                                     flow.decision("turn", "Ana", step=["resolve"])]
    assert passed["players"] == state["players"]   # nothing laid, nothing drawn
    with pytest.raises(RuleViolation):
        promo.apply(passed, turn("Ben", "pass"))   # asked no more
    with pytest.raises(RuleViolation):
        promo.apply(state, turn("Ben", "pass", card="Mérite volé"))   # letting it pass lays no card
