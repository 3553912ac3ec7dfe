"""PHD counts the hands from every card that draws or discards (issue 46, item 5): a Challenge's
result says what it does to the hands as data (`hand`), the engine applies it when the
Challenge is met, in Vivre or from the hand, whoever resolves it. Réseautage au buffet draws
an Argument on a success, Serveur de calcul saturé discards a card on a failure (« Ana
counted 4 holding 5 »). A header deck without the field plays as before."""
from __future__ import annotations

import copy

import pytest
from refusals import refused
from test_phd_cards import play, turn

from kit.build import default_layouts
from kit.games.phd import layout as kit_layout
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import phd as rules

PROJECT = kit_layout.deck(default_layouts())
RESEAUTAGE, SERVEUR = "reseautage-au-buffet", "serveur-de-calcul-sature"
NAMES = ("Ana", "Ben", "Cléo")


def new(deck: dict = PROJECT, names: tuple[str, ...] = NAMES[:2]) -> rules.State:
    return rules.setup([{"name": n} for n in names], {}, deck=copy.deepcopy(deck))


def hands(state: rules.State) -> dict[str, int]:
    return {name: p["hand"] for name, p in state["players"].items()}


def met(card: str, die: int, state: rules.State | None = None) -> tuple[rules.State, rules.State, dict]:
    """Ana reveals `card` in Vivre and meets it with `die`: (before, after, the challenge entry)."""
    before = play(state or new(), turn("Ana", step="start"), turn("Ana", card=card))
    action = {"action": "challenge", "player": "Ana", "die": die}
    return before, rules.apply(before, action), action


def told(before: rules.State, after: rules.State, action: dict) -> list[str]:
    return [e.public.render() for e in rules.outcome(before, after, action)]


def test_the_project_deck_gives_both_cards_their_hand_change():
    assert PROJECT["cards"][RESEAUTAGE]["success"]["hand"] == {"draw_arguments": 1}
    assert PROJECT["cards"][SERVEUR]["failure"]["hand"] == {"discard": 1}
    record = rules.deck_records(PROJECT)[SERVEUR]
    assert isinstance(record, rules.EventCard)
    assert record.failure is not None
    assert record.failure.hand == rules.HandChange(discard=1)


def test_reseautage_won_draws_an_argument_and_lost_draws_nothing():
    # Crédit 4 + die 2 meets difficulty 6
    before, won, action = met(RESEAUTAGE, 2)
    assert (hands(before), hands(won)) == ({"Ana": 5, "Ben": 5}, {"Ana": 6, "Ben": 5})
    assert told(before, won, action)[0].endswith("+1 card.")
    before, lost, _ = met(RESEAUTAGE, 1)
    assert hands(lost) == {"Ana": 5, "Ben": 5}


def test_serveur_sature_lost_discards_a_card_and_won_keeps_the_hand():
    # Pression 4 + die 1 misses difficulty 9; + die 6 meets it
    before, lost, action = met(SERVEUR, 1)
    assert (hands(before), hands(lost)) == ({"Ana": 5, "Ben": 5}, {"Ana": 4, "Ben": 5})
    assert "−1 card" in told(before, lost, action)[0]
    _, won, _ = met(SERVEUR, 6)
    assert hands(won) == {"Ana": 5, "Ben": 5}


def test_a_challenge_played_from_the_hand_leaves_it_then_its_result_moves_the_count():
    state = play(new(), turn("Ana", step="start"), turn("Ana", step="none"))
    assert hands(state)["Ana"] == 5
    played = play(state, turn("Ana", card=RESEAUTAGE))
    assert hands(played)["Ana"] == 4
    assert hands(play(played, {"action": "challenge", "player": "Ana", "die": 6}))["Ana"] == 5


def test_the_player_who_resolves_a_passed_challenge_draws():
    deck = copy.deepcopy(PROJECT)
    state = play(new(deck), turn("Ana", step="start"), turn("Ana", card=RESEAUTAGE),
                 {"action": "cooperate", "player": "Ana", "card": "la-patate-chaude", "other": "Ben"})
    assert hands(state) == {"Ana": 4, "Ben": 5}     # La patate chaude left Ana's hand
    assert hands(play(state, {"action": "challenge", "player": "Ben", "die": 6})) == {"Ana": 4, "Ben": 6}


def test_a_result_for_everyone_moves_every_hand_still_playing():
    deck = copy.deepcopy(PROJECT)
    deck["cards"][RESEAUTAGE]["success"]["hand"] = {"draw_events": 2, "discard": 1, "who": "everyone"}
    before, won, action = met(RESEAUTAGE, 6, new(deck, NAMES))
    assert hands(won) == {"Ana": 6, "Ben": 6, "Cléo": 6}
    assert "Ana, Ben and Cléo +1 card" in told(before, won, action)[0]


def test_an_old_header_deck_without_the_field_plays_as_before():
    deck = copy.deepcopy(PROJECT)
    for result in (deck["cards"][RESEAUTAGE]["success"], deck["cards"][SERVEUR]["failure"]):
        del result["hand"]
    _, won, _ = met(RESEAUTAGE, 6, new(deck))
    _, lost, _ = met(SERVEUR, 1, new(deck))
    assert hands(won)["Ana"] == hands(lost)["Ana"] == 5
    # and a session without a deck counts nothing
    plain = rules.setup([{"name": "Ana"}, {"name": "Ben"}], {})
    assert all("hand" not in p for p in plain["players"].values())


def test_a_count_never_goes_below_zero():
    state = play(new(), {"action": "hand", "player": "Ana", "cards": 0})
    _, lost, _ = met(SERVEUR, 1, state)
    assert hands(lost)["Ana"] == 0


@pytest.mark.parametrize(("hand", "field"), [
    ({"discard": 0}, "failure.hand"),
    ({"discards": 1}, "failure.hand"),
    ({"discard": 1, "who": "other"}, "failure.hand"),
    ({"discard": rules.HAND_LIMIT + 1}, "failure.hand.discard"),
    ({"discard": "one"}, "failure.hand.discard"),
    ([1], "failure.hand"),
])
def test_a_hand_change_the_rules_refuse_names_its_field(hand, field):
    deck = copy.deepcopy(PROJECT)
    deck["cards"][SERVEUR]["failure"]["hand"] = hand
    with pytest.raises(RuleViolation) as caught:
        rules.read_deck(deck)
    assert caught.value.field == field
    assert SERVEUR in caught.value.render()


def test_the_records_write_the_field_back_as_the_header_holds_it():
    deck = copy.deepcopy(PROJECT)
    deck["cards"][RESEAUTAGE]["success"]["hand"] = {"draw_arguments": 1, "who": "everyone"}
    assert rules.deck_records(deck)[RESEAUTAGE].header() == deck["cards"][RESEAUTAGE]
    with refused("The card {id}'s {key} gives the cards drawn and discarded ({changes}, at least one), and who: "
                 "{who}, not {value}.", id=RESEAUTAGE, key="success.hand", changes="draw_events, draw_arguments, discard",
                 who="you or everyone", value="{}"):
        empty = copy.deepcopy(deck)
        empty["cards"][RESEAUTAGE]["success"]["hand"] = {}
        rules.read_deck(empty)
