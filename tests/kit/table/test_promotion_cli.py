"""Promotion through `kit score`: setup errors, friendly commands, show, and guided play."""
from __future__ import annotations

from functools import partial

import pytest
from score_cli import lines, refused, unchanged


@pytest.fixture
def game(new_session):
    """game(*options, players=...) -> a new Promotion session file."""
    return partial(new_session, "promotion", players=("Ana", "Ben"))


@pytest.mark.parametrize(("players", "options", "text"), [
    (["Ana"], [], "1"), ([f"P{i}" for i in range(9)], [], "9"),
    (["Ana", "Ben"], ["target=0"], "target"), (["Ana", "Ben"], ["hand=4"], "hand"),
])
def test_bad_setups_exit_2_and_create_nothing(kit, tmp_path, players, options, text):
    path = tmp_path / "bad.jsonl"
    refused(kit.new(path, "promotion", players, options), text)
    assert not path.exists()


def test_friendly_commands_and_the_office_closing(kit, game):
    path = game("target=10")
    assert kit.state(path)["target"] == 10
    assert kit("score", "gain", path, "Ana", "3").exit_code == 0
    result = kit("score", "steal", path, "--thief", "Ben", "--victim", "Ana", "9")
    assert result.exit_code == 0
    assert "Ben takes 4 IP from Ana: Ben has 5, Ana 0." in result.output
    assert kit("score", "lose", path, "Ben", "1").exit_code == 0
    assert kit("score", "gain", path, "Ana", "4").exit_code == 0
    assert kit("score", "deck-empty", path).exit_code == 0
    result = kit("score", "deck-empty", path)
    assert result.exit_code == 0
    assert "the next time it runs out, the office closes" in result.output
    # typed entry by entry, no turn recorded: the hands are given
    with unchanged(path):
        refused(kit("score", "deck-empty", path), "Ana and Ben are tied on 4 IP")
    result = kit("score", "deck-empty", path, "--hand", "Ana=3", "--hand", "Ben=3")
    assert result.exit_code == 0
    assert "Game over: Ana and Ben win." in result.output
    assert "The office closes: Ana and Ben share the win, tied on 4 IP and 3 cards in hand." in result.output
    assert "The deck is empty (cards in hand: Ana 3, Ben 3)" in result.output
    assert lines(path)[-1] == {"action": "deck_empty", "hands": {"Ana": 3, "Ben": 3}}
    assert lines(path)[2] == {"action": "steal", "thief": "Ben", "victim": "Ana", "amount": 9}
    assert "3. Correction: Ben steals 4 IP from Ana (9 asked, Ana had only 4)." in kit("score", "log", path).output


def test_refusals_exit_2(kit, game):
    path = game()
    for args, text in [(("gain", path, "Ana", "0"), "0"), (("lose", path, "Zoé", "1"), "Zoé"),
                       (("steal", path, "--thief", "Ana", "--victim", "Ana", "1"), "Ana")]:
        refused(kit("score", *args), text)


def test_show_ranks_by_pi_with_the_distance_to_the_target(kit, game):
    path = game(players=("Ana", "Ben", "Cléo", "Dan", "Eve"))
    kit("score", "gain", path, "Dan", "4")
    kit("score", "lose", path, "Ana", "1")
    rows = kit("score", "show", path).output.splitlines()
    assert rows[0].startswith("Promotion: 7 IP to win, hands of 4")
    assert [row.split() for row in rows[3:]] == [["1", "Dan", "5", "2"], ["2", "Ben", "1", "6"],
                                                 ["2", "Cléo", "1", "6"], ["2", "Eve", "1", "6"],
                                                 ["5", "Ana", "0", "7"]]


# -- guided play ---------------------------------------------------------------------------

SCRIPT = [
    "Ana",                       # whose turn (who holds cards: she draws, nothing asked)
    "gain", "", "0",             # refused: at least 1, and the amount alone is asked again
    "3",                         # Ana 4
    "steal", "Ben", "2",         # from Ana, the one colleague Ben may steal from: Ana 2, Ben 3
    "next",                      # Ana's turn ends; Ben's begins, and he draws
    "lose", "", "1",             # Ben 2: tied with Ana
    "deck", "deck",              # two reshuffles
    "deck",                      # the office closes on a tie: the hands as counted, 6 each, share it
]


def test_play_pi_changes_and_the_office_closing(kit, game):
    path = game()
    result = kit("score", "play", path, input="\n".join(SCRIPT) + "\n")
    assert result.exit_code == 0, result.output
    assert "Ana's IP gain must be at least 1, not 0." in result.output
    assert "'gain' is not a whole number" not in result.output
    assert result.output.count("Who gains IP?") == 1
    assert "Game over: Ana and Ben win." in result.output
    assert "share the win, tied on 2 IP and 6 cards in hand" in result.output
    assert [line["action"] for line in lines(path)[1:] if line["action"] != "turn"] == [
        "gain", "steal", "lose", "deck_empty", "deck_empty", "deck_empty"]
    assert [(line["player"], line["step"]) for line in lines(path)[1:] if line["action"] == "turn"] == [
        ("Ana", "start"), ("Ana", "draw"), ("Ana", "end"), ("Ben", "start"), ("Ben", "draw")]
    assert lines(path)[-1] == {"action": "deck_empty"}


def test_play_wins_at_the_target_and_survives_an_interruption(kit, game):
    path = game()
    result = kit("score", "play", path, input="\n".join(["Ben", "gain", "", "2"]) + "\n")
    assert result.exit_code == 130
    assert kit.state(path)["players"]["Ben"]["pi"] == 3
    result = kit("score", "play", path, input="\n".join(["gain", "", "5"]) + "\n")   # Ben's turn still
    assert result.exit_code == 0
    assert "Game over: Ben wins." in result.output
    assert "Ben reaches 8 IP and wins at once." in result.output


def test_play_walks_a_turn_with_an_attack_its_answers_and_a_poste(kit, game):
    path = game(players=("Ana", "Ben", "Cléo"))
    script = ["Ana", "Accus", "Ben",       # Ana draws, accuses Ben
              "c'est", "Cléo",             # Ben sends it to Cléo
              ]
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output            # stopped at Cléo's answer
    before = lines(path)
    result = kit("score", "play", path, input="\n".join([
        "Serveur",                         # Cléo cancels it: resumed at her answer, nothing applied twice
        "Accus", "Stagiaire",              # no two identical cards in one turn; a Poste instead
        "Flat",                            # a third card with the Stagiaire: a Flatterie
        "Cléo",                            # Cléo takes its merit (its PI) with Mérite volé; Ana has
                                           # played all she may: her turn ends without a question
        "next"]) + "\n")                  # Ben draws (he holds cards: no burnout) and ends
    assert result.exit_code == 130, result.output
    assert lines(path)[:len(before)] == before
    assert "Cléo: Answer the Attack, or take it\n  Ana plays Accusation against Cléo." in result.output
    assert "has already played Accusation this turn: no two identical cards in one turn." in result.output   # the rule, not only the titles
    assert [(line.get("step"), line.get("card")) for line in lines(path)[len(before):] if line["action"] == "turn"] == [
        ("react", "serveur-en-panne"), ("play", "stagiaire"), ("play", "flatterie"), ("react", "merite-vole"),
        ("end", None), ("start", None), ("draw", None), ("end", None), ("start", None),
        ("draw", None)]   # Cléo's turn begins
    assert all(line["action"] == "turn" for line in lines(path)[1:])      # cards only: no correction typed
    state = kit.state(path)
    assert state["players"]["Ana"]["poste"] == "stagiaire"
    assert state["players"]["Cléo"]["pi"] == 2
    assert state["pending"][0]["player"] == "Cléo"


def test_steal_takes_its_players_in_order_like_handshake_and_accuse(kit, game):
    path = game()
    result = kit("score", "steal", path, "Ben", "Ana", "3")
    assert result.exit_code == 0, result.output
    assert lines(path)[-1] == {"action": "steal", "thief": "Ben", "victim": "Ana", "amount": 3}
    assert "Ben steals 1 IP from Ana (3 asked, Ana had only 1)." in result.output
    with unchanged(path):
        refused(kit("score", "steal", path, "Ben", "2"), "steal FILE THIEF VICTIM AMOUNT")
        refused(kit("score", "steal", path, "--thief", "Ben", "Ana", "2"), "steal FILE THIEF VICTIM AMOUNT")


@pytest.mark.parametrize(("args", "text"), [
    (("gain", "Ana", "-2"), "at least 1, not -2"), (("lose", "Ana", "-2"), "at least 1, not -2"),
    (("steal", "Ben", "Ana", "-2"), "at least 1, not -2"),
])
def test_a_negative_amount_reaches_the_rules_not_the_option_parser(kit, game, args, text):
    path = game()
    with unchanged(path):
        refused(kit("score", args[0], path, *args[1:]), text)


def test_a_card_the_turn_cannot_play_is_refused_with_its_rule(kit, game):
    """Mise au placard while nobody holds a Poste, a Trahison in one's own turn: the refusal
    listed the titles playable, never why this one was not."""
    path = game()
    result = kit("score", "play", path, input="\n".join(["Ana", "", "Mise au placard", "Serveur en panne"]) + "\n")
    # the rules' own refusals of each, sent as the turn's play (never a reason the kit derives)
    assert "Mise au placard cannot aim at Ana: Mise au placard takes away a Position, and Ana holds none." \
           in result.output
    assert "Serveur en panne is a card of type Betrayal: a Betrayal answers a colleague's card and is never played " \
           "in one's own turn." in result.output
