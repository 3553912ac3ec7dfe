"""Issue 46: PHD's guided play offers the Coopérations at their printed moment (a line names
each card open now and who may play it; any question of the step then takes that player's
name), a Coopération's title typed at the Vivre reveal is the card revealed (it goes to the
hand, never someone else's played), and who plays a card, or whom it names, is asked among
the rules' choices only."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pexpect
from score_cli import REPO, spawn_play

from kit import table
from kit.games.phd import layout as phd_layout
from kit.games.phd import table as phd_table
from scorekeeper import rules
from scorekeeper import session as sessions

DECK = phd_layout.deck(REPO / "layouts")
TO_P2S_TURN = [
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "vie", "card": "seminaire-des-doctorants"},
    {"action": "turn", "player": "P1", "step": "draw-events"},
    {"action": "turn", "player": "P2", "step": "start"},
]
P2_LOSES = [{"action": "turn", "player": "P2", "step": "challenge", "card": "colloque-international"},
            {"action": "challenge", "player": "P2", "die": 1}]


def leave(child: pexpect.spawn) -> None:
    """Quit guided play at the question it asks now, and wait for it to end."""
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def session(path: Path, *actions: dict) -> Path:
    sessions.create(path, "phd", [{"name": "P1"}, {"name": "P2"}], {"chapters": 1}, DECK)
    for action in actions:
        sessions.append(path, action)
    return path


def saved(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_a_coopération_revealed_in_vivre_is_kept_and_the_moment_is_offered(tmp_path: Path):
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN)
    child = spawn_play(path)
    # P2's turn begins: P1's Journal club is at its moment, said before P2's first question
    child.expect_exact("playable now: Journal club (P1), Pause café solidaire (P1/P2); "
                       "to play one, type your name at the question below.")
    child.expect_exact("Event card")
    child.sendline("journal club")          # P2 reveals a Journal club: it is P2's, to the hand
    child.expect_exact("draw events, draw an argument")
    leave(child)
    assert saved(path)[-1] == {"action": "turn", "player": "P2", "step": "cooperation", "card": "journal-club"}


def test_a_coopération_is_played_by_its_player_s_name_and_the_step_is_asked_after(tmp_path: Path):
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN, *P2_LOSES)
    child = spawn_play(path)
    child.expect_exact("playable now: Manip à quatre mains (P1)")
    child.expect_exact("draw events, draw an argument")
    child.sendline("P1")
    child.expect_exact("does P1 play? (Manip à quatre mains, Pause café solidaire)")
    child.sendline("manip")
    child.expect_exact("draw events, draw an argument")
    before = child.before
    leave(child)
    assert saved(path)[-1] == {"action": "cooperate", "player": "P1", "card": "manip-a-quatre-mains"}
    assert "playable now" not in before      # said once a moment: not again


def test_who_plays_and_whom_it_names_are_the_rules_choices(tmp_path: Path, monkeypatch):
    """After P2's failure only P1 may play Manip à quatre mains at its moment: P1 is not
    asked about (the old question offered P2 first, whom the engine refuses); Pause café
    solidaire played by P1 names P2, the one other the rules offer."""
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN, *P2_LOSES)
    asked: list[str] = []
    answers = iter(["P2"])

    def prompt(text: str, **kwargs) -> str:
        asked.append(text)
        return next(answers)
    monkeypatch.setattr(click, "prompt", prompt)
    with table.guided(path) as guide:
        state = guide.state
        anytime = rules.anytime("phd", state)
        assert phd_table._who_plays("manip-a-quatre-mains", state, anytime, default="P2") == "P1"
        assert asked == []
        action = phd_table._cooperate("pause-cafe-solidaire", state, anytime, "P1")
    assert action == {"action": "cooperate", "player": "P1", "card": "pause-cafe-solidaire", "other": "P2"}
    assert asked == ["The other player named by Pause café solidaire (P2)"]
    assert sessions.append(path, {"action": "cooperate", "player": "P1", "card": "manip-a-quatre-mains"})


def test_a_challenge_card_says_the_cards_its_result_draws_or_discards():
    """The engine counts a result's `hand` in the hands (Ana counted 4 holding 5): the line
    guided play reads out as the card is revealed says it too."""
    cards = DECK["cards"]
    assert "+2, draw 1 Argument card · failure: " in phd_table._describe_card(cards["reseautage-au-buffet"])
    assert phd_table._describe_card(cards["serveur-de-calcul-sature"]).endswith(" -1, discard 1 card")


def test_an_undo_back_to_a_challenge_offers_its_coopérations_again(tmp_path: Path):
    """Looking ahead for the steps play writes unasked runs the step before the undo: it
    must not count that step's Coopérations as said, or the table would never see them."""
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN, *P2_LOSES)
    child = spawn_play(path)
    child.expect_exact("draw events, draw an argument")
    child.sendline("annuler")
    child.expect_exact("Undo line 7")
    child.sendline("oui")
    child.expect_exact("playable now: La patate chaude (P2)")
    child.expect_exact("P2's die")
    leave(child)
