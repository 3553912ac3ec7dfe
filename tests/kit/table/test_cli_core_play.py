"""`kit score play` for Hoc Censeo, driven end to end with scripted input: secret ballots
saved one by one, totals confirmed, refusals that never repeat a secret, answers in either
language, and the words every prompt takes."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from score_cli import HOC_PLAYERS, Kit, lines
from scorekeeper.rules import hoc_censeo as hc


def _actions(path: Path) -> list[str]:
    return [a["action"] for a in lines(path)[1:]]


def test_a_refused_entry_is_asked_again_and_interruption_loses_nothing(kit: Kit, hoc: Path):
    script = "\n".join([
        "23", "",                  # Alice: 23 POUR, Enter = 0 CONTRE
        "", "217", "16",           # Bob: 0 POUR, 217 CONTRE refused -> 16
        "5", "",                   # Chloé: 5 POUR
        "oui",                     # resolve with these totals (a French answer in English)
        "Bleu",                    # POUR wins: the colour, any case
        "seals", "vert",           # Alice spends her 2 seals before round 2
        "vote", "5", "", "", "5", "", "", "",     # 5 to 5, confirmed by Enter
        "contre",                  # the magistrate (Bob) breaks the tie
        "", "7",                   # round 3 starts... and the terminal closes mid-ballot
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 130, result.output
    out = result.output.replace(str(hoc), "")   # the temporary path may contain any digits
    assert "Round 1 of 9. Magistrate: Alice." in out and "Alice, POUR" in out
    # the refusal names the rule, not the number typed nor the senators left
    assert "Bob cannot vote more senators than they have left." in out
    assert "217" not in out and "23" not in out and "100" not in out
    assert "All ballots are in: POUR 28, CONTRE 16." in out and "Alice colours a bleu portion" in out
    assert "Round 2 of 9. Magistrate: Bob." in out and "Alice spends 2 seals" in out
    assert "Equal totals. Bob, as magistrate, which side wins?" in out
    assert "CONTRE wins on the magistrate's word, 5 to 5." in out
    assert "Next (vote/seals" in out
    assert "Stopped" in out and "resumes" in out
    assert _actions(hoc) == ["ballot"] * 3 + ["resolve", "spend_seals"] + ["ballot"] * 3 + ["resolve"]
    assert lines(hoc)[1:5] == [{"action": "ballot", "player": "Alice", "pour": 23, "contre": 0},
                               {"action": "ballot", "player": "Bob", "pour": 0, "contre": 16},
                               {"action": "ballot", "player": "Chloé", "pour": 5, "contre": 0},
                               {"action": "resolve", "colour": "bleu"}]

    # Resume where the file stands: round 3, magistrate Chloé; a tie at the top of POUR on a
    # mauve motion asks the magistrate's order (names in any case), then the winner's bonus.
    script = "\n".join(["vote", "10", "", "10", "", "", "", "yes", "mauve", "bob", "jaune", "quitter"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Round 3 of 9. Magistrate: Chloé." in result.output
    assert "Alice and Bob wrote the same amount for POUR." in result.output
    assert "Chloé, as magistrate, who ranks first among them" in result.output
    assert "Bob, your bonus for the mauve motion" in result.output
    state = kit.state(hoc)
    assert state["round"] == 3 and state["players"]["Bob"]["gold"] == 3 and state["players"]["Bob"]["seals"] == 1
    assert state["players"]["Alice"]["circle"]["mauve"] == 1 and state["players"]["Bob"]["circle"]["mauve"] == 1
    assert lines(hoc)[-1]["order"] == ["Bob", "Alice"]


def test_a_vote_is_confirmed_by_its_totals_and_a_ballot_can_be_cast_again(kit: Kit, hoc: Path):
    script = "\n".join([
        "20", "", "", "", "", "",  # Bob and Chloé press Enter: 0 each
        "no", "Bob",               # not these totals: Bob casts again (Chloé after him too)
        "", "9", "", "",           # Bob 9 CONTRE, Chloé 0
        "yes", "vert", "quit",
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "All ballots are in: POUR 20, CONTRE 0." in result.output
    assert "Bob and Chloé cast their ballots again." in result.output
    assert "All ballots are in: POUR 20, CONTRE 9." in result.output
    votes = kit.state(hoc)["votes"]
    assert [(v["pour"], v["contre"], v["colour"]) for v in votes] == [(20, 9, "vert")]


def test_every_prompt_takes_back_help_undo_and_quit(kit: Kit, hoc: Path):
    script = "\n".join([
        "aide",                    # help at a hidden prompt: the rule, then the words
        "3", "",                   # Alice's ballot is saved
        "retour",                  # back at Bob's POUR: the step starts again from the file
        "annuler", "oui",          # undo Alice's ballot (its line says nothing of the amount)
        "quit",
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Nothing typed is shown" in result.output and "annuler/undo" in result.output
    assert "Back to the start of this step." in result.output
    assert "Undo line 2 (Alice casts a secret ballot)?" in result.output 
    assert "Undid line 2: Alice casts a secret ballot." in result.output
    assert "Saved in" in result.output
    assert _actions(hoc) == ["ballot", "undo"] and kit.state(hoc)["ballots_cast"] == []


def test_play_asks_each_calamity_choice_and_says_who_has_no_gold(kit: Kit, hoc: Path):
    for voter in ("Bob", "Chloé", "Alice"):
        kit("score", "vote", hoc, "--contre", f"{voter}=1")
    kit("score", "buy-senators", hoc, "Alice", "--gold", "2")
    script = "\n".join(["vote", "", "", "", "", "", "1", "", "or", "sénateurs", "quit"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "calamity!" in result.output and "Alice has no gold and loses 5 senators." in result.output
    assert "Bob, lose 1 gold or 5 senators" in result.output
    assert lines(hoc)[-1]["calamity"] == {"Alice": "senators", "Bob": "gold", "Chloé": "senators"}
    state = kit.state(hoc)
    assert state["players"]["Chloé"]["gold"] == 4 and state["players"]["Chloé"]["senators"] == 93
    assert state["players"]["Bob"]["gold"] == 1


def test_play_announces_the_winners_and_a_finished_game_stays_finished(kit: Kit, tmp_path: Path):
    own = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    own["titienses"]["secondary"] = {"kind": "wins", "amount": 1}
    path = tmp_path / "short.jsonl"
    kit.new(path, "hoc-censeo", HOC_PLAYERS, ["objectives=" + json.dumps(own)])
    result = kit("score", "play", path, input="\n".join(["4", "", "", "", "", "", "", "vert"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Game over: Alice wins." in result.output and "secondary objective (win 1 vote)" in result.output
    assert result.output.count("Game over") == 1, result.output   # said once, not by the vote and again
    again = kit("score", "play", path, input="")
    assert again.exit_code == 0 and "Game over: Alice wins." in again.output
    shown = kit("score", "show", path).output
    assert "hidden" not in shown and "magistrate of the next round" not in shown   # nothing is secret any more


def test_play_offers_undo_of_the_latest_action(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--contre", "Bob=10")
    result = kit("score", "play", hoc, input="undo\ny\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Undid line 2:" in result.output
    assert "Undo line 2 (Vote: POUR 0; CONTRE 10)? (yes/no) [no]" in result.output
    assert kit.state(hoc)["round"] == 0


def test_undo_in_play_reaches_back_past_what_the_snapshot_keeps(kit: Kit, hoc: Path):
    """Each save after the first comes from the snapshot, which knows only the latest entries:
    `annuler` still finds the latest ballot, then the one before it."""
    script = "\n".join(["3", "", "4", "", "annuler", "oui", "annuler", "oui", "quit"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Undo line 3 (Bob casts a secret ballot)?" in result.output
    assert "Undo line 2 (Alice casts a secret ballot)?" in result.output
    assert kit.state(hoc)["ballots_cast"] == []
