"""Amphithéâtre through `kit score`: setup errors, friendly commands, show, and guided play."""
from __future__ import annotations

from functools import partial

import pytest

from score_cli import lines, refused, unchanged


@pytest.fixture
def game(new_session):
    """game(players=...) -> a new Amphithéâtre session file."""
    return partial(new_session, "amphitheatre", players=("Ana", "Ben", "Cléo"))


@pytest.mark.parametrize("players, options, text", [
    (["Ana", "Ben"], [], "2"), ([f"P{i}" for i in range(9)], [], "9"),
    (["Ana", "Ben", "Cléo"], ["rows=3"], "rows"),
])
def test_bad_setups_exit_2_and_create_nothing(kit, tmp_path, players, options, text):
    path = tmp_path / "bad.jsonl"
    refused(kit.new(path, "amphitheatre", players, options), text)
    assert not path.exists()


def test_friendly_commands_write_the_contract_actions(kit, game):
    path = game(players=("Ana", "Ben", "Cléo", "Dan"))
    assert kit("score", "handshake", path, "Ana", "Ben").exit_code == 0
    result = kit("score", "debate", path, "--a", "Ana,Cléo", "--b", "Ben", "--discounted", "Dan")
    assert result.exit_code == 0 and "Ana: seats 3 -> 6" in result.output
    assert kit("score", "debate", path, "--a", "Ana", "--a", "Dan", "--b", "Ben,Cléo").exit_code == 0
    assert kit("score", "accuse", path, "Cléo", "Ana", "--lying").exit_code == 0
    assert kit("score", "accuse", path, "Ben", "Cléo", "--truthful").exit_code == 0
    assert [line for line in lines(path)[1:] if line["action"] != "turn"] == [
        {"action": "handshake", "speaker": "Ana", "target": "Ben"},
        {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben"], "discounted": ["Dan"]},
        {"action": "debate", "side_a": ["Ana", "Dan"], "side_b": ["Ben", "Cléo"]},
        {"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": False},
        {"action": "accuse", "accuser": "Ben", "accused": "Cléo", "truthful": True},
    ]


def test_refusals_exit_2_and_leave_the_file_alone(kit, game):
    path = game()
    with unchanged(path):
        for args, text in [(("accuse", path, "Ana", "Ben"), "--truthful or --lying"),
                           (("debate", path, "--a", "Ana", "--b", "Ana"), "Ana"),
                           (("handshake", path, "Ana", "Zoé"), "Zoé")]:
            refused(kit("score", *args), text)


def test_show_ranks_by_seats_with_the_row_amounts(kit, game):
    path = game()
    kit("score", "handshake", path, "Ben", "Cléo")
    kit("score", "handshake", path, "Ben", "Cléo")
    kit("score", "accuse", path, "Ana", "Cléo", "--lying")
    rows = kit("score", "show", path).output.splitlines()
    assert "15 seats" in rows[0]
    assert rows[1].split() == ["rank", "player", "seats", "row", "doubt", "gain", "penalty", "to", "go"]
    assert [row.split() for row in rows[3:6]] == [["1", "Ben", "6", "2", "0", "2", "2", "9"],
                                                 ["2", "Cléo", "4", "1", "0", "3", "1", "11"],
                                                 ["3", "Ana", "2", "1", "0", "3", "1", "13"]]


# -- guided play ---------------------------------------------------------------------------

SCRIPT = [
    "",                   # the speaker token: Ana (the default)
    # Ana speaks
    "", "Ben", "handshake",          # a hypothesis to Ben, who agrees
    "Cléo", "no",                    # Cléo accuses Ana (the only one who stated a value): a bluff
    "",                              # no more accusations
    # Ben speaks
    "hypothesis", "Cléo", "debate",
    "Zed",                           # not a player: asked again
    "Ana", "Ben", "yes",             # Ana accuses Ben, who told the truth: Ana is discounted
    "",
    # nobody else to ask: Ben (a) against Cléo (b), Ana discounted -> a tie
    # Cléo speaks
    "hypothesis", "Ana", "debate", "",
    "a",                             # Ben sides with Cléo
    # Ana speaks: the input ends here, as if the terminal closed
]


def test_play_debates_and_accusations_then_resume(kit, game):
    path = game()
    result = kit("score", "play", path, input="\n".join(SCRIPT) + "\n")
    assert result.exit_code == 130, result.output
    assert "Zed is not a player here" in result.output
    assert "Ana lost the accusation and is discounted" in result.output
    assert [line for line in lines(path)[1:] if line["action"] != "turn"] == [
        {"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": False},
        {"action": "handshake", "speaker": "Ana", "target": "Ben"},
        {"action": "accuse", "accuser": "Ana", "accused": "Ben", "truthful": True},
        {"action": "debate", "side_a": ["Ben"], "side_b": ["Cléo"], "discounted": ["Ana"]},
        {"action": "debate", "side_a": ["Cléo", "Ben"], "side_b": ["Ana"]},
    ]
    players = kit.state(path)["players"]
    assert (players["Ana"]["seats"], players["Ben"]["seats"], players["Cléo"]["seats"]) == (0, 9, 4)
    assert (players["Ben"]["doubt"], players["Cléo"]["doubt"]) == (0, 0)


def test_play_announces_a_shared_win(kit, game):
    path = game()
    for _ in range(8):
        kit("score", "handshake", path, "Ana", "Ben")
    assert kit.state(path)["players"]["Ana"]["seats"] == 14
    result = kit("score", "play", path, input="\n".join(["Cléo", "", "Ana", "handshake", ""]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Game over: Ana wins." in result.output
    assert kit.state(path)["winners"] == ["Ana"]
    # a finished game just shows the final table
    result = kit("score", "play", path, input="")
    assert result.exit_code == 0 and "Game over: Ana wins." in result.output
