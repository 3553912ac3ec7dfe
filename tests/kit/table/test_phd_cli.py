"""PHD through `kit score`: setup errors, friendly commands, show, and guided play."""
from __future__ import annotations

from functools import partial

import pytest
from score_cli import lines, refused, unchanged


@pytest.fixture
def game(new_session):
    """game(*options, players=...) -> a new PHD session file."""
    return partial(new_session, "phd", players=("Ana", "Ben", "Cléo"))


@pytest.mark.parametrize(("players", "options", "text"), [
    (["Ana"], [], "1"),
    (["A", "B", "C", "D", "E", "F", "G"], [], "7"),
    (["Ana", "Ben"], ["chapters=4"], "chapters"),
    (["Ana", "Ben"], ["timed=sometimes"], "sometimes"),
    (["Ana", "Ben"], ["speed=3"], "speed"),
    (["Ana", "Ana"], [], "Ana"),
])
def test_bad_setups_exit_2_with_one_sentence_and_no_file(kit, tmp_path, players, options, text):
    path = tmp_path / "bad.jsonl"
    result = kit.new(path, "phd", players, options)
    refused(result, text)
    assert len(result.output.strip().splitlines()) == 1
    assert not path.exists()


def test_friendly_commands_write_the_contract_actions(kit, game):
    path = game("chapters=1")
    assert kit("score", "adjust", path, "Ana", "--pression", "+3", "--credit", "-2").exit_code == 0
    result = kit("score", "challenge", path, "Ana", "--resource", "crédit", "--die", "4", "--difficulty", "7",
                 "--modifier", "-4", "--modifier", "+1", "--success", "pression=+3,credit=+3",
                 "--failure", "P=+2")
    assert result.exit_code == 0
    assert "failure" in result.output
    assert kit("score", "adjust", path, "Ana", "--credit", "10").exit_code == 0
    assert kit("score", "submit", path, "Ana").exit_code == 0
    assert kit("score", "controversy", path, "Ana", "--argument", "3", "--support", "1",
               "--opposition", "2").exit_code == 0
    assert kit("score", "revoke", path, "Ana").exit_code == 0
    assert kit("score", "approve", path, "Ana").exit_code == 0
    result = kit("score", "defend", path, "Ana", "--die", "3", "--argument", "2", "--opposition", "4")
    assert result.exit_code == 0
    assert "Game over: Ana wins." in result.output
    assert lines(path)[1:] == [
        {"action": "adjust", "player": "Ana", "pression": 3, "credit": -2},
        {"action": "challenge", "player": "Ana", "resource": "credit", "die": 4, "difficulty": 7,
         "modifiers": [-4, 1], "success": {"pression": 3, "credit": 3}, "failure": {"pression": 2}},
        {"action": "adjust", "player": "Ana", "credit": 10},
        {"action": "submit", "player": "Ana"},
        {"action": "controversy", "player": "Ana", "arguments": [3], "support": [1], "opposition": [2]},
        {"action": "revoke", "player": "Ana"},
        {"action": "approve", "player": "Ana"},
        {"action": "defend", "player": "Ana", "die": 3, "arguments": [2], "opposition": [4]},
    ]
    assert kit.state(path)["players"]["Ana"]["status"] == "doctor"


def test_a_refusal_exits_2_and_leaves_the_file_alone(kit, game):
    path = game()
    with unchanged(path):
        refused(kit("score", "submit", path, "Ben"), "Ben has 4 Pressure and 4 Credit")
        refused(kit("score", "challenge", path, "Ben", "--resource", "luck", "--die", "3", "--difficulty", "5"),
                "luck")


def test_deck_empty_is_one_command_for_each_game(kit, game, new_session):
    untimed = game()
    refused(kit("score", "deck-empty", untimed), "timed")
    timed = game("timed=true", players=("Ana", "Ben"))
    assert kit("score", "deck-empty", timed, "--hand", "Ana=2").exit_code == 2
    result = kit("score", "deck-empty", timed)
    assert result.exit_code == 0
    assert "Scores: Ana 4, Ben 4" in result.output
    assert kit.state(timed)["winners"] == ["Ana", "Ben"]
    amph = new_session("amphitheatre", players=("A", "B", "C"))
    refused(kit("score", "deck-empty", amph), "amphitheatre")


def test_show_is_a_table_in_standing_order(kit, game):
    path = game("timed=true")
    kit("score", "adjust", path, "Cléo", "--credit", "5")
    kit("score", "adjust", path, "Ben", "--pression", "20")
    result = kit("score", "show", path)
    rows = result.output.splitlines()
    assert "timed variant" in rows[0]
    assert rows[1].split() == ["rank", "player", "Pressure", "Credit", "submitted", "approved", "status"]
    assert [row.split()[:2] for row in rows[3:6]] == [["1", "Cléo"], ["2", "Ana"], ["3", "Ben"]]
    assert "burnt out" in rows[5]
    french = kit("score", "show", path, "--lang", "fr").output
    assert "burn-out" in french
    assert "rang" in french


# -- guided play ---------------------------------------------------------------------------

SCRIPT = [
    "",                      # whose turn: Ana (the default)
    "vie", "6", "6",         # Vivre: C'est la vie, Pression +6, Crédit +6
    "submit",                # Recherche
    # Ben's turn
    "challenge", "credit", "-7", "pression=+1", "", "", "9", "3",   # a die of 9 is asked again at once;
    "7",                     # difficulty -7, refused once all is typed: only the difficulty asked again
                             # 4 + 3 >= 7: won, two Recherche
    "draw", "submit",        # Ben's submit is refused (4 Crédit) ...
    "draw",                  # ... so he does something else
    # Ana's turn: a Superviseur card may change Pression and Crédit like C'est la vie (not
    # here); it approves her chapter: the one needed, so the defence starts at once (RULES.md §1.8)
    "superviseur", "approve", "4", "2", "", "1",
]


def _actions(path) -> list[str]:
    return [line["action"] for line in lines(path)[1:] if line["action"] != "turn"]


def test_play_a_game_turn_by_turn(kit, game):
    path = game("chapters=1", players=("Ana", "Ben"))
    result = kit("score", "play", path, input="\n".join(SCRIPT) + "\n")
    assert result.exit_code == 0, result.output
    assert "Answer one of 1, 2, 3, 4, 5, 6." in result.output
    assert "difficulty of Ben's challenge must be at least 0, not -7" in result.output
    assert "submitting a chapter needs at least 5" in result.output
    assert "Research (2 of 2" in result.output
    assert "Ana has every approved chapter needed: the thesis defence starts now." in result.output
    assert "Game over: Ana wins." in result.output
    assert _actions(path) == ["adjust", "submit", "challenge", "approve", "defend"]
    state = kit.state(path)
    assert state["players"]["Ana"]["status"] == "doctor"
    assert state["players"]["Ben"]["pression"] == 5


def test_play_stops_cleanly_and_resumes(kit, game):
    path = game(players=("Ana", "Ben"))
    result = kit("score", "play", path, input="\n".join(["", "vie", "2", "0"]) + "\n")
    assert result.exit_code == 130
    assert "saved" in result.output
    # the rules know Ana's Recherche comes next: no bookmark line is needed
    assert _actions(path) == ["adjust"]
    assert lines(path)[1:][-1]["action"] == "adjust"
    assert kit.state(path)["turn"]["stage"] == "recherche"
    # no question about whose turn it is: the file says Ana is at her Recherche
    result = kit("score", "play", path, input="\n".join(["draw", "vie", "0", "-1", "draw"]) + "\n")
    assert result.exit_code == 130
    assert "Whose turn" not in result.output
    assert result.output.index("Research") < result.output.index("Ben's turn")
    assert kit.state(path)["players"]["Ben"]["credit"] == 3


@pytest.mark.parametrize(("before", "stopped_at", "resumed_by"), [
    ([""], "Live (the event card", "Live (the event card"),                   # Vivre: the card drawn
    (["", "vie", "1", "0"], "Research", "Research (draw"),                    # the single Recherche
    (["", "challenge", "credit", "1", "", "", "", "1"], "Research (1 of 2", "Research (1 of 2"),
    (["", "challenge", "credit", "1", "", "", "", "1", "draw"], "Research (2 of 2", "Research (2 of 2"),
    # a card with several entries: its first effects saved, resuming goes on with the same card
    (["", "cooperation", "Ben", "1", "0"], "Player whose resources change", "Player whose resources change"),
])
def test_resuming_after_ctrl_c_continues_at_that_step(kit, game, before, stopped_at, resumed_by):
    """Ctrl-C (here: the input ending) at each step of a turn; play resumes at that very step,
    so a card already revealed is never drawn again."""
    path = game(players=("Ana", "Ben"))
    result = kit("score", "play", path, input="\n".join(before) + "\n")
    # the last line is the question the input ended at (stderr's "Stopped" comes before it)
    assert result.exit_code == 130
    assert "resumes from there." in result.output
    assert stopped_at in result.output.splitlines()[-1]
    saved = path.read_bytes()
    result = kit("score", "play", path, input="")
    assert resumed_by in result.output.splitlines()[-1]
    assert "Whose turn" not in result.output
    assert path.read_bytes() == saved   # resuming wrote nothing: no step repeated, no card redrawn


def test_play_cooperation_cards_and_turns_skip_the_eliminated(kit, game):
    path = game()
    script = ["", "cooperation", "Ben", "16", "0", "Zoé", "Cléo", "0", "2", "",   # Ben burns out
              "vie", "1", "0",                                                   # a card from hand
              "vie", "0", "-4", "draw"]                                          # Cléo plays next
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output
    assert "Zoé is not a player here" in result.output
    assert "Cléo's turn begins." in result.output
    assert "Ben's turn begins" not in result.output
    players = kit.state(path)["players"]
    assert players["Ben"]["status"] == "burnout"
    assert (players["Ana"]["pression"], players["Cléo"]["credit"]) == (5, 2)


@pytest.mark.parametrize(("fields", "text"), [
    ('"player": ["Ana"], "pression": 1', '["Ana"] is not a player'), ('"player": "Ana", "pression": true', "not true"),
    ('"player": "Ana", "credit": [1]', "not [1]"),
])
def test_a_refused_value_is_shown_as_it_was_typed_in_json(kit, game, fields, text):
    """Session lines are JSON: "not None" or "not True" would name a value nobody typed."""
    path = game()
    with unchanged(path):
        refused(kit("score", "act", path, '{"action": "adjust", ' + fields + "}"), text)


def test_show_says_why_a_player_still_playing_won(kit, game):
    path = game()
    kit("score", "adjust", path, "Ana", "--pression", "+20")      # burn-out
    kit("score", "adjust", path, "Ben", "--credit", "+20")        # bingo: Cléo is the last one in
    rows = kit("score", "show", path).output
    cleo = next(row for row in rows.splitlines() if "Cléo" in row)
    assert cleo.endswith("last in the game (won)")
    assert "Ben and Cléo win" in rows
    assert "dernière personne en jeu (victoire)" in kit("score", "show", path, "--lang", "fr").output
    timed = game("timed=true")
    kit("score", "adjust", timed, "Ana", "--credit", "+1")
    kit("score", "deck-empty", timed)
    ana = next(row for row in kit("score", "show", timed).output.splitlines() if "Ana" in row)
    assert "best score (won)" in ana


def test_play_says_what_empty_means_in_a_timed_game(kit, game):
    path = game("timed=true")
    result = kit("score", "play", path, input="\nempty\n")
    assert result.exit_code == 0, result.output
    assert "/No event card/The event deck is empty (timed game)" in result.output
    assert "best score (won)" in result.output
    assert "The event deck is empty" not in kit("score", "play", game(), input="\n").output


def test_a_superviseur_card_interrupted_after_its_change_is_not_applied_twice(kit, game):
    path = game(players=("Ana", "Ben"))
    kit("score", "adjust", path, "Ana", "--pression", "+2", "--credit", "+2")
    kit("score", "submit", path, "Ana")
    result = kit("score", "play", path, input="\n".join(["", "superviseur", "change", "1", "0"]) + "\n")
    assert result.exit_code == 130
    assert "Ana: The chapter is approved, controversy or the card has done all it does?" in result.output.splitlines()[-1]
    result = kit("score", "play", path, input="approve\n")
    assert "Live (the event card" not in result.output
    assert "Change Pressure and Credit" not in result.output
    state = kit.state(path)
    assert state["players"]["Ana"]["pression"] == 2
    assert state["players"]["Ana"]["approved"] == 1


def test_no_second_recherche_once_the_first_brought_pression_to_zero(kit, game):
    """Won a Challenge in Vivre, submitted at 5 Pression in the first Recherche: Pression fell
    to 0, so the second Recherche is not offered (RULES.md §1.3)."""
    path = game(players=("Ana", "Ben"))
    kit("score", "adjust", path, "Ana", "--pression", "+1", "--credit", "+1")
    script = ["", "challenge", "credit", "5", "", "", "", "6", "submit"]
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output
    assert "Research (1 of 2" in result.output
    assert "Research (2 of 2" not in result.output
    assert "Ana's Pressure fell to 0 this turn: no second Research phase." in result.output
    assert "Ben's turn begins." in result.output
    kit("score", "undo", path)          # Ben's turn had begun: back to the end of Ana's
    refused(kit("score", "act", path, '{"action": "turn", "player": "Ana", "step": "draw-events"}'),
            "Ana's Pressure fell to 0 during this turn: no more Research. The game waits for the start of Ben's turn.")


def test_a_defence_interrupted_at_its_die_resumes_at_the_die(kit, game):
    """Quit at the die prompt of the defence an approval started: on resume the die is asked
    again, not the Superviseur question, and `rien` is no answer to it."""
    path = game("chapters=1", players=("Ana", "Ben"))
    kit("score", "adjust", path, "Ana", "--pression", "+1", "--credit", "+1")
    kit("score", "submit", path, "Ana")
    result = kit("score", "play", path, input="\n".join(["", "superviseur", "", "", "approve"]) + "\n")
    assert result.exit_code == 130
    assert "\nAna: Thesis defence\n" in result.output     # the question plan's heading names Ana
    assert result.output.splitlines()[-1].startswith("Die (1/2/3/4/5/6) or Enter: no thesis defence for now:")
    saved = path.read_bytes()
    result = kit("score", "play", path, input="rien\n")
    assert "What does the Supervisor card say" not in result.output
    assert "Answer one of 1, 2, 3, 4, 5, 6." in result.output
    assert "\nAna: Thesis defence\n" in result.output
    assert result.output.splitlines()[-1].startswith("Die (1/2/3/4/5/6) or Enter: no thesis defence for now:")
    assert path.read_bytes() == saved
    result = kit("score", "play", path, input="\n".join(["5", "2", "", ""]) + "\n")
    assert result.exit_code == 0
    assert "Game over: Ana wins." in result.output
    assert _actions(path)[-2:] == ["approve", "defend"]


def test_a_player_without_argument_lets_the_defence_wait(kit, game):
    path = game("chapters=1", players=("Ana", "Ben"))
    kit("score", "adjust", path, "Ana", "--pression", "+1", "--credit", "+1")
    kit("score", "submit", path, "Ana")
    script = ["", "superviseur", "", "", "approve", "no", "draw",         # no Argument: no defence now, one answer
              "none", "draw",                                             # Ben
              "defend", "2", "1", "", ""]                                 # Ana retries at her next turn
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert "Ana holds no Argument card: the thesis defence waits for a later turn." in kit("score", "log", path).output
    assert "Ana: Thesis defence or live (the event card turned over)?" in result.output
    assert "Game over: Ana wins." in result.output


@pytest.mark.parametrize(("approved", "text"), [(0, "0 approuvé sur 2"), (1, "1 approuvé sur 2"),
                                                (2, "2 approuvés sur 2")])
def test_the_turn_summary_agrees_in_french_with_the_approved_count(approved, text):
    from kit import i18n
    from kit.games.phd import faces as phd_faces

    state = {"players": {"Ana": {"pression": 4, "credit": 4, "pending": 0, "approved": approved}},
             "options": {"chapters": 2}}
    words = i18n.translator("fr")
    assert text in phd_faces.standing(state, "Ana").render(words.gettext, words.ngettext).replace("\u00a0", " ")


def test_play_resumed_mid_turn_says_what_the_game_waits_for(kit, game):
    """Resumed at a Challenge's first question, the table is told whose Challenge it is: the
    question itself ("Resource tested") names nobody."""
    path = game(players=("Ana", "Ben"))
    result = kit("score", "play", path, input="\n".join(["", "challenge"]) + "\n")
    assert result.exit_code == 130
    result = kit("score", "play", path, input="quit\n")
    assert "The game waits for Ana's challenge." in result.output
    assert "waits for" not in kit("score", "show", game(players=("Ana", "Ben"))).output   # no turn recorded yet


def test_undo_at_a_turns_first_question_takes_back_the_previous_turns_last_entry(kit, game):
    """`annuler` at the first question of Ben's turn asked to undo « Ben's turn begins », which
    play wrote again at once: the same question, round and round, never reaching Ana's draw."""
    path = game(players=("Ana", "Ben"))
    script = ["", "vie", "0", "-4", "draw",     # Ana's turn; Ben's begins by itself
              "annuler", "oui"]                  # at Ben's first question
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output
    assert result.output.count("Undo line") == 1
    state = kit.state(path)
    assert state["turn"]["player"] == "Ana"
    assert state["turn"]["stage"] == "recherche"          # Ana's draw is what was taken back
    assert [line.get("action") for line in lines(path)][-2:] == ["undo", "undo"]


def test_a_number_refused_names_the_question_and_what_to_type(kit, game):
    """« Ce n'est pas un nombre entier. » named neither the field nor what to type."""
    path = game(players=("Ana", "Ben"))
    result = kit("score", "play", path, input="\n".join(["", "vie", "abc"]) + "\n")
    refusal = next(line for line in result.output.splitlines() if "That is not a whole number." in line)
    assert "Pressure" in refusal
    assert refusal.endswith(": type a whole number, such as 3 or -2.")
    assert "abc" not in refusal


def test_a_challenge_written_by_hand_takes_no_difficulty_by_enter(kit, game):
    """Enter at « Difficulty » wrote a difficulty of 0, a Challenge nobody can fail: the
    question now needs its number (a change of Pression or Crédit still takes Enter as none)."""
    path = game(players=("Ana", "Ben"))
    script = ["", "challenge", "credit", "", "7", "", "", "", "3"]
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output
    after_difficulty = result.output.split("Difficulty", 1)[1]
    assert after_difficulty.index("This question needs an answer") < after_difficulty.index("Die")
    assert lines(path)[-1] == {"action": "challenge", "player": "Ana", "resource": "credit", "difficulty": 7, "die": 3}
