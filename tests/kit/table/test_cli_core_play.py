"""`kit score play` for Hoc Censeo, driven end to end with scripted input."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from score_cli import HOC_PLAYERS, Kit, lines
from scorekeeper.rules import hoc_censeo as hc


def test_a_refused_entry_is_asked_again_and_interruption_loses_nothing(kit: Kit, hoc: Path):
    script = "\n".join([
        "",                        # Next: vote (the default)
        "23", "", "", "200", "15", "5", "",   # Alice 23/0, Bob 0/200 refused -> 15, Chloé 5/0
        "bleu",                    # POUR wins: the colour
        "seals", "vert",           # Alice spends her 2 seals before round 2
        "vote", "5", "", "", "5", "", "",     # 5 to 5
        "contre",                  # the magistrate (Bob) breaks the tie
        "", "7",                   # round 3 starts... and the terminal closes
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 130, result.output
    out = result.output
    assert "Round 1 of 9. Magistrate: Alice." in out and "Alice, POUR" in out
    assert "Bob has 100 senators left and cannot vote 200." in out
    # hidden input is never echoed (the session's temporary path may contain any digits)
    assert "23" not in out.replace(str(hoc), "")
    assert "POUR 28, CONTRE 15." in out and "Alice colours a bleu portion" in out
    assert "Round 2 of 9. Magistrate: Bob." in out and "Alice spends 2 seals" in out
    assert "Equal totals. Bob, as magistrate, which side wins?" in out
    assert "CONTRE wins 5 to 5 on the magistrate's word." in out
    # the menu says what spending seals means, before the bare words of the prompt
    assert "seals: spend 2 to colour a portion" in out and "Next (vote/seals/undo/quit)" in out
    assert "Stopped" in out and "resumes" in out
    assert [a["action"] for a in lines(hoc)[1:]] == ["vote", "spend_seals", "vote"]
    assert lines(hoc)[1] == {"action": "vote", "pour": {"Alice": 23, "Chloé": 5}, "contre": {"Bob": 15},
                             "colour": "bleu"}

    # Resume where the file stands: round 3, magistrate Chloé; a tie at the top of POUR on a
    # mauve motion asks the magistrate's order, then the winner's bonus.
    script = "\n".join(["vote", "10", "", "10", "", "", "", "mauve", "Bob", "jaune", "quit"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Round 3 of 9. Magistrate: Chloé." in result.output
    assert "Alice and Bob each wrote 10 POUR." in result.output
    assert "Chloé, as magistrate, who ranks first among them" in result.output
    assert "Bob, your bonus for the mauve motion" in result.output
    state = kit.state(hoc)
    assert state["round"] == 3 and state["players"]["Bob"]["gold"] == 3 and state["players"]["Bob"]["seals"] == 1
    assert state["players"]["Alice"]["circle"]["mauve"] == 1 and state["players"]["Bob"]["circle"]["mauve"] == 1
    assert lines(hoc)[-1]["order"] == ["Bob", "Alice"]


def test_play_asks_each_calamity_choice_and_says_who_has_no_gold(kit: Kit, hoc: Path):
    for voter in ("Bob", "Chloé", "Alice"):
        kit("score", "vote", hoc, "--contre", f"{voter}=1")
    kit("score", "buy-senators", hoc, "Alice", "--gold", "2")
    script = "\n".join(["vote", "", "", "", "", "", "1", "gold", "senators", "quit"]) + "\n"
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
    result = kit("score", "play", path, input="\n".join(["vote", "4", "", "", "", "", "", "vert"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Game over: Alice wins." in result.output and "secondary objective (wins 1)" in result.output
    assert result.output.count("Game over") == 1, result.output   # said once, not by the vote and again
    again = kit("score", "play", path, input="")
    assert again.exit_code == 0 and "Game over: Alice wins." in again.output
    assert "hidden" not in kit("score", "show", path).output   # nothing is secret any more


def test_play_offers_undo_of_the_latest_action(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--contre", "Bob=10")
    result = kit("score", "play", hoc, input="undo\ny\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Line 2 undone." in result.output
    assert "Undo line 2 (Vote: CONTRE Bob 10)? [y/N]" in result.output
    assert kit.state(hoc)["round"] == 0
