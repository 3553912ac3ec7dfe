"""What the Hoc Censeo commands print on the table's shared screen (issue 22, "secrets in
words"): never a player's amount, senators left or tribe, in either language."""
from __future__ import annotations

import re
from pathlib import Path

from score_cli import Kit, lines, refused, unchanged

FRENCH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8"}


def _ballots(kit: Kit, hoc: Path, **amounts: tuple[int, int]) -> None:
    for name, (pour, contre) in amounts.items():
        action = f'{{"action": "ballot", "player": "{name}", "pour": {pour}, "contre": {contre}}}'
        assert kit("score", "act", hoc, action).exit_code == 0


def test_resolve_asks_for_the_order_without_saying_what_the_tied_wrote(kit: Kit, hoc: Path):
    _ballots(kit, hoc, Alice=(0, 10), Bob=(0, 10), Chloé=(5, 0))
    for runner in (kit, Kit(env=FRENCH)):
        with unchanged(hoc):
            result = runner("score", "resolve", hoc)
        refused(result, "Alice", "Bob")
        assert "10" not in result.output
        assert "20" not in result.output
    assert kit("score", "resolve", hoc, "--order", "bob,alice").exit_code == 0
    assert lines(hoc)[-1] == {"action": "resolve", "order": ["Bob", "Alice"]}


def test_spend_seals_refused_without_the_circle_s_numbers(kit: Kit, hoc: Path):
    for colour in ("bleu", "vert"):   # Alice (titienses): 4 seals, vert 1 of 1
        assert kit("score", "vote", hoc, "--pour", "Alice=5", "--colour", colour).exit_code == 0
    for runner in (kit, Kit(env=FRENCH)):
        for args in (("spend-seals", hoc, "Alice", "--colour", "vert"),
                     ("act", hoc, '{"action": "spend_seals", "player": "Alice", "colour": "vert"}')):
            with unchanged(hoc):
                result = runner("score", *args)
            refused(result, "Alice")
            # the colour refused and Alice's public vert count together would name the tribe
            assert "vert" not in result.output, result.output
            assert "green" not in result.output, result.output
            assert not re.search(r"\d", result.output.replace("2", "")), result.output


def test_vote_ballot_and_act_refused_without_the_senators_left(kit: Kit, hoc: Path):
    assert kit("score", "vote", hoc, "--contre", "Bob=37").exit_code == 0
    with unchanged(hoc):
        result = kit("score", "vote", hoc, "--contre", "Bob=64")
    refused(result, "Bob", "more senators than they have left")
    assert "63" not in result.output
    assert "64" not in result.output
    # a ballot typed as JSON: the same public words
    with unchanged(hoc):
        result = kit("score", "act", hoc, '{"action": "ballot", "player": "Bob", "pour": 60, "contre": 4}')
    refused(result, "Bob cannot vote more senators than they have left.")
    assert "63" not in result.output
    # typed at a hidden prompt: a refusal there names the rule, and the ballot is asked again
    result = kit("score", "ballot", hoc, "bob", input="60 4\n60 3\n")
    assert result.exit_code == 0, result.output
    assert "Bob cannot vote more senators than they have left." in result.output
    for secret in ("63", "60", "64"):
        assert secret not in result.output
    assert lines(hoc)[-1] == {"action": "ballot", "player": "Bob", "pour": 60, "contre": 3}


def test_show_says_whose_move_it_is_without_any_amount(kit: Kit, hoc: Path):
    _ballots(kit, hoc, Bob=(0, 17))
    shown = kit("score", "show", hoc).output
    assert "The game waits for the ballots of Alice and Chloé." in shown
    assert "17" not in shown
    assert "Bulletins attendus\u00a0: Alice et Chloé." in Kit(env=FRENCH)("score", "show", hoc).output
    _ballots(kit, hoc, Alice=(3, 0), Chloé=(0, 0))
    assert "The game waits for the magistrate Alice to resolve the vote." in kit("score", "show", hoc).output
