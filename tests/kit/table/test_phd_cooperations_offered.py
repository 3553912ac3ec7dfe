"""Issue 46: PHD's guided play offers the Coopérations at their printed moment (a line names
each card open now and who may play it; any question of the step then takes that player's
name), a Coopération's title typed at the Vivre reveal is the card revealed (it goes to the
hand, never someone else's played), and who plays a card, or whom it names, is asked among
the rules' choices only."""
from __future__ import annotations

import json
from pathlib import Path

import pexpect
from score_cli import REPO, spawn_play

from kit.games.phd import layout as phd_layout
from kit.games.phd import table as phd_table
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
    child.expect_exact("Possible now: Play a Cooperation: Journal club (P1), Pause café solidaire (P1/P2); "
                       "to do it, type your name at the question below.")
    child.expect_exact("P2: Live (the event card turned over)?")
    child.sendline("journal club")          # P2 reveals a Journal club: it is P2's, to the hand
    child.expect_exact("Research (draw")
    leave(child)
    assert saved(path)[-1] == {"action": "turn", "player": "P2", "step": "cooperation", "card": "journal-club"}


def test_a_coopération_is_played_by_its_player_s_name_and_the_step_is_asked_after(tmp_path: Path):
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN, *P2_LOSES)
    child = spawn_play(path)
    child.expect_exact("Manip à quatre mains (P1)")
    child.expect_exact("Research (draw")
    child.sendline("P1")
    child.expect_exact("P1: Play a Cooperation? (Manip à quatre mains/Pause café solidaire)")
    child.sendline("manip")
    child.expect_exact("Research (draw")
    before = child.before
    leave(child)
    assert saved(path)[-1] == {"action": "cooperate", "player": "P1", "card": "manip-a-quatre-mains"}
    assert "Possible now" not in before      # said once a moment: not again


def test_who_plays_and_whom_it_names_are_the_rules_choices(tmp_path: Path):
    """A Coopération typed by its title at a question of the step is played by the one
    player the rules open its moment to, unasked (the old question offered the player
    whose own test it was first, whom the engine refuses); La patate chaude passes the
    Challenge to the one other player the rules offer, unasked too."""
    challenged = {"action": "turn", "player": "P2", "step": "challenge", "card": "colloque-international"}
    path = session(tmp_path / "phd.jsonl", *TO_P2S_TURN, challenged)
    child = spawn_play(path)
    child.expect_exact("Renvoi d’ascenseur (P1)")
    child.expect_exact("Die (")
    child.sendline("renvoi")            # only P1 may play it now
    child.expect_exact("Die (")
    asked = child.before
    leave(child)
    assert saved(path)[-1] == {"action": "cooperate", "player": "P1", "card": "renvoi-d-ascenseur"}
    assert "Who plays" not in asked
    path = session(tmp_path / "again.jsonl", *TO_P2S_TURN, challenged)
    child = spawn_play(path)
    child.expect_exact("Die (")
    child.sendline("la patate")         # P2's own, naming P1: the one other player
    child.expect_exact("Die (")
    asked = child.before
    leave(child)
    assert saved(path)[-1] == {"action": "cooperate", "player": "P2", "card": "la-patate-chaude", "other": "P1"}
    assert "other player" not in asked          # whom it names was not asked
    assert "P1: Challenge" in asked


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
    child.expect_exact("Research (draw")
    child.sendline("annuler")
    child.expect_exact("Undo line 7")
    child.sendline("oui")
    child.expect_exact("La patate chaude (P2)")
    child.expect_exact("P2: Challenge")
    child.expect_exact("Die (")
    leave(child)
