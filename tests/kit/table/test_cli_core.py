"""`kit score` core commands and the Hoc Censeo friendly commands, through click's runner."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from score_cli import HOC_PLAYERS, Kit, lines, refused, unchanged

# -- new --------------------------------------------------------------------------------

def test_new_creates_the_file_and_refuses_to_overwrite(kit: Kit, hoc: Path):
    with unchanged(hoc):
        refused(kit.new(hoc, "hoc-censeo", HOC_PLAYERS), "already exists")


def test_new_reads_option_values_as_json(kit: Kit, tmp_path: Path):
    path = tmp_path / "phd.jsonl"
    result = kit.new(path, "phd", ["A", "B"], ["chapters=5", "timed=true"])
    assert result.exit_code == 0, result.output
    assert lines(path)[0]["options"] == {"chapters": 5, "timed": True}


@pytest.mark.parametrize(("args", "words"), [
    (["hoc-censeo"], ["--player"]),
    (["hoc-censeo", "--player", "A:titienses", "--option", "nonsense"], ["KEY=VALUE", "nonsense"]),
    (["hoc-censeo", "--player", "A:titienses", "--player", "B:ramnes", "--player", "C:rome"], ["rome"]),
    (["hoc-censeo", "--player", "A:titienses", "--player", "A:ramnes", "--player", "C:luceres"], ["A", "twice"]),
    (["chess", "--player", "A"], ["chess"]),
])
def test_new_refuses_a_bad_setup_and_creates_nothing(kit: Kit, tmp_path: Path, args, words):
    path = tmp_path / "x.jsonl"
    result = kit("score", "new", path, *args)
    refused(result, *words)
    assert not path.exists()


def test_new_accepts_the_sessions_own_objectives(kit: Kit, tmp_path: Path):
    from scorekeeper.rules.hoc_censeo import DEFAULT_OBJECTIVES
    bad = json.loads(json.dumps(DEFAULT_OBJECTIVES))
    bad["ramnes"]["circle"]["bleu"] += 3
    path = tmp_path / "x.jsonl"
    refused(kit.new(path, "hoc-censeo", HOC_PLAYERS, ["objectives=" + json.dumps(bad)]), "ramnes", "11")
    result = kit.new(path, "hoc-censeo", HOC_PLAYERS, ["objectives=" + json.dumps(DEFAULT_OBJECTIVES)])
    assert result.exit_code == 0


# -- act, undo, log ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("{bad", ["not valid JSON", "column"]),
    ("[1]", ["JSON object"]),
    ('{"player": "Bob"}', ['"action"']),
    ('{"action": "vote", "contre": {"Bob": 101}}', ["Bob has 100 senators left and cannot vote 101."]),
])
def test_act_refuses_with_one_sentence_and_the_file_unchanged(kit: Kit, hoc: Path, text, words):
    with unchanged(hoc):
        refused(kit("score", "act", hoc, text), *words)


def test_act_prints_the_line_and_the_outcome(kit: Kit, hoc: Path):
    result = kit("score", "act", hoc, '{"action": "vote", "pour": {"Alice": 20, "Chloé": 5}, '
                                      '"contre": {"Bob": 15}, "colour": "bleu"}')
    assert result.exit_code == 0, result.output
    # the line shows the totals: what each player wrote is a secret at the table (RULES.md §4.14)
    assert result.output.startswith("2. Vote: FOR 25; AGAINST 15; colour blue.")
    assert "Alice 20" not in result.output
    assert "Bob 15" not in result.output
    assert "FOR wins 25 to 15" in result.output
    assert "Alice colours a blue portion" in result.output
    assert "magistrate Bob" in result.output


def test_undo_and_the_numbered_log_in_both_languages(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--contre", "Bob=10")
    kit("score", "buy-senators", hoc, "Bob", "--gold", "1")
    result = kit("score", "undo", hoc)
    assert result.exit_code == 0
    assert "Undid line 3" in result.output
    told = kit("score", "log", hoc).output.splitlines()
    assert told[2] == "  AGAINST wins 10 to 0."   # each entry followed by what it did
    log = [line for line in told if not line.startswith("  ")]
    assert log[0] == "1. New game: Hoc Censeo, Alice, Bob, Chloé."   # tribes are secret
    assert log[1] == "2. Vote: FOR 0; AGAINST 10."
    assert log[2] == "3. Bob spends 1 gold for 5 senators.  [undone by line 4]"
    # an undo line says what it cancelled, not only that something was
    assert log[3] == "4. Undo of line 3: Bob spends 1 gold for 5 senators."
    revealed = [line for line in kit("score", "log", hoc, "--reveal").output.splitlines() if line[0] != " "]
    assert revealed[0].startswith("1. New game: Hoc Censeo, Alice (titienses)")
    assert revealed[1] == "2. Vote: AGAINST Bob 10."
    assert kit("score", "log", hoc, "--as", "bob").output.splitlines()[1] == "2. Vote: FOR 0; AGAINST 10; Bob: AGAINST 10."
    assert kit("score", "log", hoc, "--as", "Alice").output.splitlines()[1] == "2. Vote: FOR 0; AGAINST 10."
    fr = kit("score", "log", hoc, "--lang", "fr").output
    assert "Bob dépense 1\u00a0pièce d’or pour 5\u00a0sénateurs.  [annulé par la ligne 4]" in fr
    assert "Nouvelle partie" in fr
    assert "4. Annulation de la ligne 3\u00a0: " in fr
    assert "Vote\u00a0: POUR 0\u202f; CONTRE 10." in fr
    kit("score", "undo", hoc)
    refused(kit("score", "undo", hoc), "nothing to undo")


# -- show -------------------------------------------------------------------------------

def test_show_hides_senators_and_objectives_unless_asked(kit: Kit, hoc: Path):
    # (the printed objectives, layouts/hoc-censeo, which kit score new records: Ramnes hold 5 gold)
    kit("score", "vote", hoc, "--contre", "Bob=13", "--contre", "Alice=1")
    table = kit("score", "show", hoc).output
    assert "87" not in table
    assert "hidden" in table
    assert "Ramnes" not in table
    assert "hold 5 gold" not in table
    mine = kit("score", "show", hoc, "--as", "Bob").output
    bob = next(line for line in mine.splitlines() if line.startswith("Bob"))
    alice = next(line for line in mine.splitlines() if line.startswith("Alice"))
    assert "87" in bob
    assert "hold 5 gold" in bob
    assert "Ramnes" in bob
    assert "hidden" in alice
    assert "99" not in alice
    assert "Titienses" not in alice
    revealed = kit("score", "show", hoc, "--reveal").output
    assert "87" in revealed
    assert "99" in revealed
    refused(kit("score", "show", hoc, "--as", "Zoé"), "Zoé")


def test_show_json_is_the_whole_state(kit: Kit, hoc: Path):
    state = kit.state(hoc)
    assert state["game"] == "hoc-censeo"
    assert state["over"] is False
    assert state["winners"] == []
    assert set(state["players"]["Alice"]) >= {"tribe", "senators", "gold", "seals", "circle", "wins", "objectives"}
    assert set(state) >= {"round", "magistrate", "chaos", "votes"}


def test_show_reports_a_hand_edited_bad_line_with_its_number(kit: Kit, hoc: Path):
    with open(hoc, "a", encoding="utf-8") as f:
        f.write('{"action": "vote", "contre": {"Bob": 10}}\n{"action": "vote", "contre": {"Bob": "ten"}}\n')
    refused(kit("score", "show", hoc), f"{hoc}:3:", "Bob")


def test_a_torn_tail_points_to_repair_which_cuts_it_after_asking(kit: Kit, hoc: Path):
    whole = hoc.read_bytes()
    hoc.write_bytes(whole + b'{"action": "vo')
    refused(kit("score", "show", hoc), f"{hoc}:2:", "kit score repair")
    refused(kit("score", "act", hoc, '{"action": "undo"}'), "kit score repair")
    result = kit("score", "repair", hoc, input="n\n")
    refused(result, "Nothing was changed")
    assert hoc.read_bytes() == whole + b'{"action": "vo'
    result = kit("score", "repair", hoc, input="y\n")
    assert result.exit_code == 0
    assert "Removed line 2" in result.output
    assert hoc.read_bytes() == whole
    refused(kit("score", "repair", hoc), "nothing to repair")


def test_a_missing_file_is_one_sentence(kit: Kit, tmp_path: Path):
    refused(kit("score", "show", tmp_path / "none.jsonl"), "no session file")


# -- friendly commands ------------------------------------------------------------------

def test_vote_builds_the_same_action_as_act(kit: Kit, hoc: Path, tmp_path: Path):
    result = kit("score", "vote", hoc, "--pour", "Alice=10", "--pour", "Bob=10", "--contre", "Chloé=3",
                 "--colour", "mauve", "--order", "Bob,Alice", "--bonus", "jaune")
    assert result.exit_code == 0, result.output
    assert lines(hoc)[-1] == {
        "action": "vote", "pour": {"Alice": 10, "Bob": 10}, "contre": {"Chloé": 3},
        "colour": "mauve", "order": ["Bob", "Alice"], "bonus": "jaune"}
    state = kit.state(hoc)
    assert state["players"]["Bob"]["gold"] == 1
    assert state["players"]["Alice"]["circle"]["mauve"] == 1


def test_friendly_commands_refuse_like_act(kit: Kit, hoc: Path):
    with unchanged(hoc):
        refused(kit("score", "vote", hoc, "--pour", "Alice=20", "--pour", "Bob=20"), "colour")
        refused(kit("score", "vote", hoc, "--pour", "Alice"), "--for", "NAME=VALUE")   # the reader's spelling
        # the form is said in the reader's language, like the metavars of --help
        refused(kit("score", "vote", hoc, "--pour", "Alice", "--lang", "fr"), "--pour attend NOM=VALEUR")
        refused(kit("score", "vote", hoc, "--pour", "Alice=lots"), "--for Alice=lots: That is not a whole number")
        refused(kit("score", "vote", hoc, "--pour", "Alice=1", "--pour", "Alice=2"), "Alice", "twice")
        refused(kit("score", "spend-seals", hoc, "Alice", "--colour", "bleu"), "Alice has 0 seals")
        refused(kit("score", "buy-senators", hoc, "Bob", "--gold", "2"), "Bob has no gold left")


def test_calamity_choices_from_the_command_line(kit: Kit, hoc: Path):
    for contre in ("Bob=1", "Chloé=1", "Alice=1"):
        assert kit("score", "vote", hoc, "--contre", contre).exit_code == 0
    result = kit("score", "vote", hoc, "--contre", "Chloé=1", "--calamity", "Bob=senators,Chloé=gold")
    assert result.exit_code == 0, result.output
    assert "Calamity!" in result.output, result.output
    state = kit.state(hoc)
    assert state["players"]["Bob"]["gold"] == 2
    assert state["players"]["Bob"]["senators"] == 94
    assert state["players"]["Chloé"]["gold"] == 3
    assert state["players"]["Alice"]["gold"] == 1


def test_spend_seals_and_buy_senators(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--pour", "Alice=5", "--colour", "bleu")
    result = kit("score", "spend-seals", hoc, "Alice", "--colour", "vert")
    assert result.exit_code == 0
    assert "Alice spends 2 seals" in result.output
    kit("score", "vote", hoc, "--contre", "Bob=5")
    assert kit("score", "buy-senators", hoc, "Bob", "--gold", "2").exit_code == 0
    state = kit.state(hoc)
    assert state["players"]["Alice"]["circle"]["vert"] == 1
    assert state["players"]["Bob"]["senators"] == 105


def test_new_reads_the_printed_objectives_file_of_the_layouts(kit: Kit, tmp_path: Path):
    layout = tmp_path / "objectives.yaml"
    layout.write_text(
        "tribes:\n"
        "  - {tribe: titienses, origin: a, circle: {bleu: 8}, secondary: {kind: gold, amount: 2}}\n"
        "  - {tribe: ramnes, origin: b, circle: {jaune: 8}, secondary: {kind: seals, amount: 3}}\n"
        "  - {tribe: luceres, origin: c, circle: {vert: 4, mauve: 4}, secondary: {kind: wins, amount: 2}}\n",
        encoding="utf-8")
    path = tmp_path / "s.jsonl"
    result = kit.new(path, "hoc-censeo", HOC_PLAYERS, [f"objectives=@{layout}"])
    assert result.exit_code == 0, result.output
    goal = kit.state(path)["players"]["Alice"]["goal"]
    assert goal == {"circle": {"bleu": 8, "mauve": 0, "jaune": 0, "vert": 0}, "secondary": {"kind": "gold", "amount": 2}}
    layout.write_text(layout.read_text(encoding="utf-8").replace("vert: 4", "vert: 5"), encoding="utf-8")
    refused(kit.new(tmp_path / "t.jsonl", "hoc-censeo", HOC_PLAYERS, [f"objectives=@{layout}"]),
            "luceres", "9")
    refused(kit.new(tmp_path / "u.jsonl", "hoc-censeo", HOC_PLAYERS, ["objectives=@missing.yaml"]),
            "missing.yaml")


def test_an_undo_with_other_fields_is_refused(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--contre", "Bob=10")
    with unchanged(hoc):
        refused(kit("score", "act", hoc, '{"action": "undo", "player": "Bob"}'), "no other field")


def test_every_score_command_and_option_is_documented_with_examples(kit: Kit):
    from kit.cli.score import score
    assert "Examples:" in kit("score", "--help").output
    context = click.Context(score)
    names = score.list_commands(context)
    assert {"new", "act", "vote", "adjust", "debate", "steal"} <= set(names)   # lazy ones included
    for name in names:
        command = score.get_command(context, name)
        text = kit("score", name, "--help").output
        assert "Examples:" in text, name
        assert f"kit score {name} " in text, name
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                assert param.help, f"{name} {param.opts[0]} has no help text"


def test_vote_says_which_given_answers_the_rules_did_not_need(kit: Kit, hoc: Path):
    result = kit("score", "vote", hoc, "--contre", "Bob=10", "--tiebreak", "pour", "--calamity", "Alice=senators")
    assert result.exit_code == 0, result.output
    assert "Not needed on this vote, so not used: the tie-break and the calamity choices." in result.output
    assert "Not needed" not in kit("score", "vote", hoc, "--contre", "Bob=3").output
