"""Issue 46: PHD's decisions ask only what the cards leave open. Each card step names only
the cards of its type (a hand is a count: the type is all the table knows of it), and a draw
the table only records asks nothing: no card."""
from __future__ import annotations

from refusals import refused
from test_phd_cards import CARDS, new, play, started, turn

from kit.deck import for_session
from scorekeeper.rules import flow
from scorekeeper.rules import phd as rules


def turn_steps(state: rules.State) -> list[dict]:
    """The pending `turn` decisions."""
    return [d for d in rules.pending(state) if d["action"] == "turn"]


def of_type(kind: str) -> list[str]:
    return [key for key, card in CARDS.items() if card["type"] == kind]


def cards_by_step(decisions: list[dict]) -> dict[str, list[str]]:
    """The cards the card steps offer, by step (a step may be offered by several decisions)."""
    offered: dict[str, list[str]] = {}
    for d in decisions:
        step = d["choices"]["step"]
        assert len(step) == 1, step
        if "card" in d["choices"]:
            offered.setdefault(step[0], []).extend(d["choices"]["card"])
    return offered


def test_a_superviseur_asks_its_die_only_for_a_card_that_rolls_for_a_chapter_waiting():
    assert all("die" not in d["choices"] for d in turn_steps(started()))
    ready = new()
    ready["players"] = {**ready["players"], "Ana": {**ready["players"]["Ana"], "pending": 1}}   # a chapter waits
    state = started(ready)
    supervising = [d["choices"] for d in turn_steps(state) if d["choices"]["step"] == ["superviseur"]]
    assert supervising == [{"step": ["superviseur"], "card": ["train"]},
                           {"step": ["superviseur"], "card": ["lundi"], "die": {"min": 1, "max": 6}}]
    after = play(state, turn("Ana", step="superviseur", card="lundi", die=5))
    assert after["players"]["Ana"]["approved"] == 1


def test_vivre_offers_each_card_type_with_its_own_cards_and_no_card_for_none():
    offered = {tuple(d["choices"]["step"]): d["choices"].get("card") for d in turn_steps(started())}
    assert offered == {("vie",): of_type("vie"), ("challenge",): of_type("challenge"),
                       ("cooperation",): of_type("cooperation"), ("superviseur",): of_type("superviseur"),
                       ("none",): None}


def test_a_recherche_draw_asks_no_card_and_a_card_played_from_the_hand_only_its_type():
    state = play(started(), turn("Ana", step="vie", card="cite"))
    assert rules.current(state)["stage"] == "recherche"
    decisions = turn_steps(state)
    draws = [d for d in decisions if d["choices"]["step"][0] in rules.DRAWS]
    assert [d["choices"] for d in draws] == [{"step": ["draw-events"]}, {"step": ["draw-argument"]}]
    assert cards_by_step(decisions) == {kind: of_type(kind) for kind in rules.CARD_KINDS}
    # a Coopération that changes another player's resources asks whom, the others do not
    cooperations = [d["choices"] for d in decisions if d["choices"]["step"] == ["cooperation"]]
    assert cooperations == [{"step": ["cooperation"], "card": ["renvoi"]},
                            {"step": ["cooperation"], "card": ["epaule"], "other": ["Ben"]}]
    # the draw is answered as a decision of its own, and the card steps refuse another type's card
    assert flow.answering(decisions, turn("Ana", step="draw-events")) == draws[0]
    assert flow.answering(decisions, turn("Ana", step="challenge", card="cite")) is None
    with refused("{title} is a {type} card; this step takes a {wanted} card.", title="Cité par un inconnu",
                 wanted="Challenge"):
        play(state, turn("Ana", step="challenge", card="cite"))
    after = play(state, turn("Ana", step="draw-events"))
    assert after["players"]["Ana"]["hand"] == state["players"]["Ana"]["hand"] + rules.RECHERCHE_DRAW["events"]


def test_the_kits_deck_offers_a_reveal_its_cards_of_the_type_not_every_event_card():
    deck = for_session("phd", None)
    state = rules.setup([{"name": "Ana"}, {"name": "Ben"}], {}, deck=deck)
    state = rules.apply(state, turn("Ana", step="start"))
    cards = state["cards"]
    offered = cards_by_step(turn_steps(state))
    assert offered == {kind: [key for key, card in cards.items() if card["type"] == kind] for kind in rules.CARD_KINDS}
    assert len(offered["challenge"]) < len(cards)
    assert [d["choices"] for d in turn_steps(state) if d["choices"]["step"] == ["none"]] == [{"step": ["none"]}]


def test_without_a_deck_one_decision_offers_every_step_and_no_card():
    state = rules.setup([{"name": "Ana"}, {"name": "Ben"}], {})
    state = rules.apply(state, turn("Ana", step="start"))
    assert turn_steps(state) == [flow.decision("turn", "Ana", step=[*rules.CARD_KINDS, *rules.VIVRE_ONLY])]
    state = rules.apply(state, turn("Ana", step="none"))
    assert turn_steps(state) == [flow.decision("turn", "Ana", step=[*rules.DRAWS, *rules.CARD_KINDS])]


def test_the_start_of_a_turn_and_a_card_being_resolved_keep_their_one_decision():
    state = new()
    assert [d["choices"].get("step") for d in rules.pending(state)] == [["start"]]
    state = play(started(), turn("Ana", step="challenge", card="colloque"))
    assert [d["action"] for d in rules.pending(state)] == ["challenge"]
