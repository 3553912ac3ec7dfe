"""Amphithéâtre through `kit score`: setup errors, friendly commands, show, and guided play."""
from __future__ import annotations

from functools import partial

import pytest
from score_cli import lines, refused, unchanged


@pytest.fixture
def game(new_session):
    """game(players=...) -> a new Amphithéâtre session file."""
    return partial(new_session, "amphitheatre", players=("Ana", "Ben", "Cléo"))


@pytest.mark.parametrize(("players", "options", "text"), [
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
    assert result.exit_code == 0
    assert "Ana gains 3 seats with the majority." in result.output
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
    assert rows[1].split() == ["rank", "player", "seats", "row", "doubt", "gain", "loss", "to", "go"]
    assert [row.split() for row in rows[3:6]] == [["1", "Ben", "6", "2", "0", "2", "2", "9"],
                                                 ["2", "Cléo", "4", "1", "0", "3", "1", "11"],
                                                 ["3", "Ana", "2", "1", "0", "3", "1", "13"]]


# -- guided play ---------------------------------------------------------------------------

SCRIPT = [
    "Ana",                           # the speaker token
    # Ana speaks
    "hypothesis", "Ben", "cause",    # a hypothesis on the Cause, challenging Ben
    "Cléo", "no",                    # at Ben's answer, Cléo accuses Ana (the only one who stated a value): a bluff
    "handshake",                     # Ben agrees; nobody is left to accuse
    # Ben speaks
    "hypothesis", "Cléo", "anatomie",
    "debate",                        # Cléo states another value; nobody accuses Ben yet
    "Ana",                           # at her side's question, Ana accuses
    "Zed",                           # not a player: asked again
    "Ben", "yes",                    # Ben, whose card matches: Ana is discounted, and not asked her side
    "",                              # nobody accuses before the debate settles
    # the debate settles itself: Ben (a) against Cléo (b), Ana discounted -> a tie
    # Cléo speaks
    "hypothesis", "Ana", "cause", "debate",
    "a",                             # Ben sides with Cléo
    "",                              # after Ben joined, nobody accuses
    # Ana speaks: the input ends here, as if the terminal closed
]


def test_play_debates_and_accusations_then_resume(kit, game):
    path = game()
    result = kit("score", "play", path, input="\n".join(SCRIPT) + "\n")
    assert result.exit_code == 130, result.output
    assert "Zed is not a player here" in result.output
    assert "Ana is discounted from this debate." in result.output
    assert [line for line in lines(path)[1:] if line["action"] != "turn"] == [
        {"action": "hypothesis", "speaker": "Ana", "target": "Ben", "category": "cause"},
        {"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": False},
        {"action": "handshake", "speaker": "Ana", "target": "Ben"},
        {"action": "hypothesis", "speaker": "Ben", "target": "Cléo", "category": "anatomie"},
        {"action": "counter", "player": "Cléo"},
        {"action": "accuse", "accuser": "Ana", "accused": "Ben", "truthful": True},
        {"action": "debate", "side_a": ["Ben"], "side_b": ["Cléo"], "discounted": ["Ana"]},
        {"action": "hypothesis", "speaker": "Cléo", "target": "Ana", "category": "cause"},
        {"action": "counter", "player": "Ana"},
        {"action": "join", "player": "Ben", "side": "a"},
        {"action": "debate", "side_a": ["Cléo", "Ben"], "side_b": ["Ana"]},
    ]
    assert [line["player"] for line in lines(path)[1:] if line["action"] == "turn"] == ["Ana", "Ben", "Cléo", "Ana"]
    players = kit.state(path)["players"]
    assert (players["Ana"]["seats"], players["Ben"]["seats"], players["Cléo"]["seats"]) == (0, 9, 4)
    assert (players["Ben"]["doubt"], players["Cléo"]["doubt"]) == (0, 0)
    # resuming asks Ana's move: the file says where the table was
    result = kit("score", "play", path, input="revolution\naffliction\n")
    assert "Ana: Hypothesis, scientific revolution or draw a card?" in result.output
    assert lines(path)[-2:] == [{"action": "revolution", "player": "Ana", "category": "affliction"},
                                {"action": "turn", "player": "Ben", "step": "start"}]


def test_play_offers_accusing_whoever_joined_while_sides_are_taken(kit, game):
    """RULES.md §2.5 and the seed's example: a player who joined a side may be accused
    before the others have joined (the old play asked only before sides were taken)."""
    path = game(players=("Ana", "Ben", "Cléo", "Dan"))
    script = ["Ana", "hypothesis", "Ben", "cause", "debate",
              "a",                   # Cléo joins Ana's side
              "Dan", "Cléo", "no",   # at his side's question, Dan accuses Cléo, who joined: her card differs
              "b",                   # Dan joins side B
              ""]                    # nobody accuses before the debate settles
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 130, result.output
    assert {"action": "accuse", "accuser": "Dan", "accused": "Cléo", "truthful": False} in lines(path)
    assert [line for line in lines(path) if line.get("action") == "debate"] == [
        {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben", "Dan"], "discounted": ["Cléo"]}]
    # show tells where the recorded turn stands
    assert kit("score", "show", path).output.splitlines()[-1] == \
        "The game waits for Ben's move: a hypothesis, a scientific revolution or a draw."


def test_show_tells_the_hypothesis_the_sides_and_whom_the_game_waits_for(kit, game):
    path = game(players=("Ana", "Ben", "Cléo", "Dan"))
    kit("score", "play", path, input="\n".join(["Ana", "hypothesis", "Ben", "cause", "debate", "a"]) + "\n")
    assert kit("score", "show", path).output.splitlines()[-3:] == [
        "Hypothesis of Ana on the Cause card, challenging Ben.",
        "Side A: Ana and Cléo. Side B: Ben.",
        "The game waits for Dan to join side A or side B, or abstain."]


def test_play_never_offers_accusing_the_player_who_only_agreed(kit, game):
    path = game()
    result = kit("score", "play", path, input="\n".join(["Ana", "hypothesis", "Ben", "cause", "Cléo", "yes",
                                                             "handshake"]) + "\n")
    # Cléo names the accused without being asked: Ana, who stated it, is the only one
    assert "Accused (" not in result.output
    assert "Cléo: Accusation — Accused: Ana" in result.output
    assert {"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": True} in lines(path)


def test_play_announces_a_shared_win(kit, game):
    path = game()
    for _ in range(8):
        kit("score", "handshake", path, "Ana", "Ben")
    assert kit.state(path)["players"]["Ana"]["seats"] == 14
    result = kit("score", "play", path, input="\n".join(["Cléo", "hypothesis", "Ana", "cause", "handshake"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Game over: Ana wins." in result.output
    assert kit.state(path)["winners"] == ["Ana"]
    # a finished game just shows the final table
    result = kit("score", "play", path, input="")
    assert result.exit_code == 0
    assert "Game over: Ana wins." in result.output


# -- the accusation's question (issue 22: "L'accusation est-elle fondée ? -> oui" was read both ways)

@pytest.mark.parametrize(("lang", "question", "yes", "no"), [
    ("fr", "La carte de la personne accusée correspond-elle à l'hypothèse ?",
     "Oui : la carte correspond, l'accusation échoue", "Non : la carte diffère, l'accusation réussit"),
    ("en", "Does the accused's card match the hypothesis?",
     "Yes: the card matches, the accusation fails", "No: the card differs, the accusation succeeds"),
])
def test_the_accusation_asks_about_the_card_and_each_answer_says_what_it_means(lang, question, yes, no):
    import html

    from kit import faces, i18n, plan
    from kit.games.amphitheatre import table as amphi_table
    from kit.serve import pages

    i18n.activate(lang)
    try:
        def said(msgid):   # the catalogue sets French apostrophes and spaces typographically
            return i18n._(msgid).replace("\u2019", "'").replace("\u202f", " ").replace("\xa0", " ")
        assert said(amphi_table.FIELD_LABELS[("accuse", "truthful")]) == question
        labels = amphi_table.VALUE_LABELS
        assert (said(labels[True]), said(labels[False])) == (yes, no)
        field = plan.input_of(faces.of("amphitheatre"), "accuse", "truthful", [True, False], {"players": {}})
        form = plan.Form("accuse", "accuse", "Ana", "accuser", (field,))
        page = pages.Page(lang=lang, game="amphitheatre", state={"players": {}}, line=1, path="/", post="/x", seat="Ana")
        drawn = said(html.unescape(pages.draw_form(page, form)))   # the phones ask it alike
        assert question in drawn
        assert f">{yes}</option>" in drawn
        assert f">{no}</option>" in drawn
    finally:
        i18n.activate("en")


def test_yes_the_card_matches_means_the_accused_takes_from_the_accuser(kit, game):
    """The issue's table: Ana (6 seats) accuses Ben (3) and answers « oui »: Ben's card
    matches the hypothesis, so Ana loses the accusation and pays Ben's row gain."""
    path = game()
    kit("score", "handshake", path, "Ana", "Cléo")
    kit("score", "handshake", path, "Ana", "Ben")
    assert [kit.state(path)["players"][n]["seats"] for n in ("Ana", "Ben")] == [6, 3]
    result = kit("score", "play", path, input="\n".join(["Ben", "hypothesis", "Cléo", "cause", "Ana", "oui"]) + "\n")
    assert "Ben's card matches the hypothesis: Ana loses the accusation." in result.output
    assert {"action": "accuse", "accuser": "Ana", "accused": "Ben", "truthful": True} in lines(path)
    players = kit.state(path)["players"]
    assert (players["Ana"]["seats"], players["Ben"]["seats"]) == (3, 6)


def test_resume_after_an_accusation_asks_what_comes_next_and_never_applies_it_twice(kit, game):
    """Issue 22: an accusation still in effect was entered and applied a second time on resume."""
    path = game()
    result = kit("score", "play", path, input="\n".join(["Ana", "hypothesis", "Ben", "cause", "Cléo", "no"]) + "\n")
    assert result.exit_code == 130
    assert [line["action"] for line in lines(path)[1:]] == ["turn", "hypothesis", "accuse"]
    # Ana, already accused about this hypothesis, cannot be again: nobody is offered an
    # accusation, and play asks Ben's answer straight away
    result = kit("score", "play", path, input="annuler\noui\n")
    assert "Accusation" not in result.output.split("Undid")[0]
    assert "Ben: Agree (handshake) or state another answer (debate)?" in result.output
    assert "Still recorded for this turn: 2. Ana's turn begins; 3. Ana states a hypothesis on the Cause card " \
           "and challenges Ben" in result.output
    # the undone accusation may be entered again, once
    result = kit("score", "play", path, input="\n".join(["Cléo", "no", "handshake"]) + "\n")
    accusations = [line for line in lines(path)[1:] if line["action"] == "accuse"]
    assert accusations == [{"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": False}] * 2
    players = kit.state(path)["players"]
    assert (players["Ana"]["seats"], players["Ben"]["seats"]) == (3, 3)
