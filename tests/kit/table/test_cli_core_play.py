"""`kit score play` for Hoc Censeo, driven end to end with scripted input: the rules' pending
decisions asked one by one (secret ballots from whoever is at the keyboard, then the
magistrate's resolve with only what it needs), seals and gold offered between them, refusals
that never repeat a secret, answers in either language, and the words every prompt takes."""
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
        "23",                      # Alice, first in the rules' order: 23 POUR, 0 CONTRE, in one answer
        "c 217", "c 16",           # Bob: 217 CONTRE refused -> 16
        "5",                       # Chloé
        "Bleu",                    # POUR wins: the colour, any case
        "seals", "vert",           # round 2: Alice spends her 2 seals first
        "5",                       # Alice 5 POUR
        "contre 5",                # Bob 5 CONTRE
        "",                        # Chloé: an empty ballot
        "contre",                  # the magistrate (Bob) breaks the tie
        "Bob",                     # round 3: Bob takes the keyboard, offered his own gold, then closes
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 130, result.output
    out = result.output.replace(str(hoc), "")   # the temporary path may contain any digits
    assert "Who is at the keyboard" not in out   # said in the ballot's own answer
    assert "Not Alice at the keyboard? Type your name: Bob and Chloé." in out
    assert "Alice, secret ballot: FOR AGAINST (12, 12 3, a 5; Enter: 0 each)" in out
    # the refusal names the rule, not the number typed nor the senators left
    assert "Bob cannot vote more senators than they have left." in out
    assert "217" not in out
    assert "23" not in out
    assert "100" not in out
    assert "FOR wins 28 to 16." in out
    assert "Alice colours a blue portion if their circle still takes one." in out
    assert "Next: round 2 of 9, magistrate Bob." in out
    assert "Alice colours a green portion with 2 seals." in out
    # every colour is offered: the ones a circle still takes would tell its tribe
    assert "Alice: spend seals on a portion\nColour (blue/mauve/yellow/green)" in out
    assert "Bob: resolve the vote\n  Totals: FOR 5, AGAINST 5.\n  Equal totals: as the one presiding, you decide which side wins." in out
    assert "Tie-break (equal totals) (for/against)" in out
    assert "AGAINST wins on the magistrate's word, 5 to 5." in out
    # the seals and gold step is asked of the player at the keyboard, with their own only
    assert "Alice, secret ballot: FOR AGAINST (12, 12 3, a 5; Enter: 0 each) or seals" in out
    assert "Bob, secret ballot: FOR AGAINST (12, 12 3, a 5; Enter: 0 each) or gold" in out
    assert "Chloé, secret ballot: FOR AGAINST (12, 12 3, a 5; Enter: 0 each) or" not in out
    assert "Next (" not in out
    assert "Stopped" in out
    assert "resumes" in out
    assert _actions(hoc) == ["ballot"] * 3 + ["resolve", "spend_seals"] + ["ballot"] * 3 + ["resolve"]
    assert lines(hoc)[1:5] == [{"action": "ballot", "player": "Alice", "pour": 23, "contre": 0},
                               {"action": "ballot", "player": "Bob", "pour": 0, "contre": 16},
                               {"action": "ballot", "player": "Chloé", "pour": 5, "contre": 0},
                               {"action": "resolve", "colour": "bleu"}]
    assert lines(hoc)[-1] == {"action": "resolve", "tiebreak": "contre"}   # only what the ballots needed

    # Resume where the file stands: round 3, magistrate Chloé; a tie at the top of POUR on a
    # mauve motion asks the magistrate's order (names in any case), then the winner's bonus.
    script = "\n".join(["10", "10", "", "mauve", "bob", "jaune", "quitter"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Round 2 of 9 played; magistrate of the next round: Chloé" in result.output
    # the magistrate reads the totals (announced, RULES.md §4.14) and which equal ballots
    # to order, never a ballot's amount
    assert "Chloé: resolve the vote\n  Totals: FOR 20, AGAINST 0.\n  Equal ballots on FOR: Alice and Bob; you order them." \
        in result.output
    assert "The magistrate's order among equal voters – Who comes first? (Alice/Bob)" in result.output
    assert "Mauve bonus (largest FOR voter's choice) (blue/yellow/green)" in result.output
    resolved = result.output.index("Resolve the ballots")
    assert "10" not in result.output[result.output.index("Chloé: resolve the vote"):resolved]
    state = kit.state(hoc)
    assert state["round"] == 3
    assert state["players"]["Bob"]["gold"] == 3
    assert state["players"]["Bob"]["seals"] == 1
    assert state["players"]["Alice"]["circle"]["mauve"] == 1
    assert state["players"]["Bob"]["circle"]["mauve"] == 1
    assert lines(hoc)[-1] == {"action": "resolve", "colour": "mauve", "order": ["Bob", "Alice"], "bonus": "jaune"}


def test_a_ballot_can_be_cast_again_by_undoing_it_before_the_resolve(kit: Kit, hoc: Path):
    script = "\n".join([
        "20",                      # Alice 20 POUR
        "", "",                    # Bob and Chloé press Enter: an empty ballot each
        "annuler", "oui",          # at the colour: Chloé's ballot is undone...
        "annuler", "oui",          # ...and at Chloé's ballot again, Bob's
        "c 9", "",                 # Bob 9 CONTRE, Chloé 0
        "vert", "quit",
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Undid line 4: Chloé casts a secret ballot." in result.output
    assert "Undid line 3: Bob casts a secret ballot." in result.output
    assert "casts a ballot: FOR" not in result.output   # an undo never says a ballot's amounts
    assert "FOR wins 20 to 9." in result.output
    votes = kit.state(hoc)["votes"]
    assert [(v["pour"], v["contre"], v["colour"]) for v in votes] == [(20, 9, "vert")]


def test_every_prompt_takes_back_help_undo_and_quit(kit: Kit, hoc: Path):
    script = "\n".join([
        "aide",                    # help at a hidden prompt: the rule, then the words
        "3",                       # Alice's ballot is saved
        "retour",                  # back at Bob's ballot: the step starts again from the file
        "annuler", "oui",          # undo Alice's ballot (its line says nothing of the amount)
        "quit",
    ]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Nothing typed is shown" in result.output
    assert "Any question also takes: undo (the last entry saved), back (start this step again), help, quit." in result.output
    assert "Back to the start of this step." in result.output
    assert "Undo line 2 (Alice casts a secret ballot)?" in result.output
    assert "Undid line 2: Alice casts a secret ballot." in result.output
    assert "Saved in" in result.output
    assert _actions(hoc) == ["ballot", "undo"]
    assert kit.state(hoc)["ballots_cast"] == []


def test_play_asks_each_calamity_choice_and_says_who_has_no_gold(kit: Kit, hoc: Path):
    for voter in ("Bob", "Chloé", "Alice"):
        kit("score", "vote", hoc, "--contre", f"{voter}=1")
    kit("score", "buy-senators", hoc, "Alice", "--gold", "2")
    alice = kit.state(hoc)["players"]["Alice"]["senators"]
    script = "\n".join(["", "", "c 1", "or", "sénateurs", "quit"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "calamity!" in result.output
    assert "Alice has no gold and loses 5 senators." in result.output
    assert "The others lose 1 gold coin or 5 senators, as each chooses." in result.output
    assert "Calamity: what each player loses – Bob (gold/senators)" in result.output
    assert lines(hoc)[-1]["calamity"] == {"Bob": "gold", "Chloé": "senators"}   # Alice's: the rules' own
    assert kit.state(hoc)["players"]["Alice"]["senators"] == alice - 5
    state = kit.state(hoc)
    assert state["players"]["Chloé"]["gold"] == 4
    assert state["players"]["Chloé"]["senators"] == 93
    assert state["players"]["Bob"]["gold"] == 1
    # how many senators each lost is theirs to know
    assert "Chloé loses senators to the calamity." in result.output


def test_play_announces_the_winners_and_a_finished_game_stays_finished(kit: Kit, tmp_path: Path):
    own = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
    own["titienses"]["secondary"] = {"kind": "wins", "amount": 1}
    path = tmp_path / "short.jsonl"
    kit.new(path, "hoc-censeo", HOC_PLAYERS, ["objectives=" + json.dumps(own)])
    result = kit("score", "play", path, input="\n".join(["4", "", "", "vert"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Alice meets an objective." in result.output
    assert "Game over: Alice wins." in result.output
    assert "be the largest voter of the winning side in 1 vote (met: secondary)" in result.output     # the last table: nothing is secret any more
    again = kit("score", "play", path, input="")
    assert again.exit_code == 0
    assert "Game over: Alice wins." in again.output
    shown = kit("score", "show", path).output
    assert "hidden" not in shown
    assert "magistrate of the next round" not in shown


def test_play_offers_undo_of_the_latest_action(kit: Kit, hoc: Path):
    kit("score", "vote", hoc, "--contre", "Bob=10")
    result = kit("score", "play", hoc, input="undo\ny\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Undid line 2:" in result.output
    assert "Undo line 2 (Vote: FOR 0; AGAINST 10)? (yes/no) [no]" in result.output
    assert kit.state(hoc)["round"] == 0


def test_undo_in_play_reaches_back_past_what_the_snapshot_keeps(kit: Kit, hoc: Path):
    """Each save after the first comes from the snapshot, which knows only the latest entries:
    `annuler` still finds the latest ballot, then the one before it."""
    script = "\n".join(["3", "4", "annuler", "oui", "annuler", "oui", "quit"]) + "\n"
    result = kit("score", "play", hoc, input=script)
    assert result.exit_code == 0, result.output
    assert "Undo line 3 (Bob casts a secret ballot)?" in result.output
    assert "Undo line 2 (Alice casts a secret ballot)?" in result.output
    assert kit.state(hoc)["ballots_cast"] == []
