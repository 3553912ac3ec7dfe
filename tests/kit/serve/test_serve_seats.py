"""Who may enter what on the phones (issue 32): a seat enters the decisions the rules give
its player and nothing for another player; corrections are the host's; a seat undoes only
its own last entry while nothing followed it, and a ballot is final once the count is seen.
Each finding as it was met at the table."""
from __future__ import annotations

from pathlib import Path

import pytest
from serve_helpers import ROUND_ONE, new_hoc, page_text
from starlette.testclient import TestClient

from kit.deck import for_session
from kit.serve.app import create_app
from scorekeeper import session as sessions

FOUR = [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")]


def served(path: Path):
    return TestClient(create_app(path), headers={"Accept-Language": "en"})


def seat(client: TestClient, name: str) -> str:
    return client.app.state.table.tokens["seats"][name]


def host(client: TestClient) -> str:
    return client.app.state.table.tokens["host"]


def refused(client: TestClient, name: str, action: dict, status: int = 403) -> str:
    """`name`'s phone sends `action`: refused with `status`, the file unchanged; the sentence."""
    path = client.app.state.table.path
    before = path.read_bytes()
    reply = client.post(f"/api/seat/{seat(client, name)}/act", json=action)
    assert reply.status_code == status, reply.text
    assert path.read_bytes() == before
    return reply.json()["error"]


@pytest.fixture
def flatterie(tmp_path: Path) -> Path:
    """As met on the phones: Ana played Flatterie, whose PI Ben or Cléo may take with Mérite volé."""
    path = tmp_path / "b.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")],
                    deck=for_session("promotion", None))
    for step in ({"step": "start"}, {"step": "draw"}, {"step": "play", "card": "Flatterie"}):
        sessions.append(path, {"action": "turn", "player": "Ana", **step})
    return path


@pytest.fixture
def phd(tmp_path: Path) -> Path:
    path = tmp_path / "phd.jsonl"
    sessions.create(path, "phd", FOUR)
    return path


@pytest.fixture
def promotion(tmp_path: Path) -> Path:
    path = tmp_path / "promo.jsonl"
    sessions.create(path, "promotion", FOUR)
    return path


def test_anas_phone_cannot_send_ben_to_20_pression(phd):
    with served(phd) as client:
        assert "host" in refused(client, "Ana", {"action": "adjust", "player": "Ben", "pression": 20})
        assert "host" in refused(client, "Ana", {"action": "adjust", "pression": 20})   # nor herself: a correction
        ana = client.get(f"/seat/{seat(client, 'Ana')}").text
        assert 'data-action="adjust"' not in ana            # no form for it on her phone
        assert 'data-action="adjust"' in client.get(f"/host/{host(client)}").text
        reply = client.post(f"/api/host/{host(client)}/act", json={"action": "adjust", "player": "Ben", "pression": 5})
        assert reply.status_code == 200, reply.text


def test_dans_phone_cannot_give_himself_7_pi_nor_take_ana_s(promotion):
    with served(promotion) as client:
        refused(client, "Dan", {"action": "gain", "player": "Dan", "amount": 7})
        refused(client, "Dan", {"action": "gain", "amount": 7})
        refused(client, "Dan", {"action": "steal", "thief": "Dan", "victim": "Ana", "amount": 1})
        refused(client, "Dan", {"action": "lose", "player": "Ana", "amount": 1})
        dan = client.get(f"/seat/{seat(client, 'Dan')}").text
        for correction in ("gain", "lose", "steal"):
            assert f'data-action="{correction}"' not in dan
        assert not sessions.load(promotion).state["over"]


def test_a_seat_enters_nothing_for_another_player(promotion):
    with served(promotion) as client:
        # the cards in hand at the closing are every player's numbers: the host's
        assert "Ben" in refused(client, "Ana", {"action": "deck_empty", "hands": {"Ana": 9, "Ben": 0}})
        # who begins: each phone says « I begin », none names another; then the turn is Ben's own
        assert "Ben" in refused(client, "Ana", {"action": "turn", "player": "Ben", "step": "start"})
        reply = client.post(f"/api/seat/{seat(client, 'Ben')}/act", json={"action": "turn", "player": "Ben", "step": "start"})
        assert reply.status_code == 200, reply.text
        refused(client, "Ana", {"action": "turn", "player": "Ben", "step": "draw"})
        refused(client, "Ana", {"action": "turn", "step": "draw"}, 422)   # her own, not asked of her now


def test_a_seat_undoes_its_own_last_entry_only_while_nothing_followed_it(promotion):
    with served(promotion) as client:
        ana = f"/api/seat/{seat(client, 'Ana')}/act"
        assert client.post(ana, json={"action": "turn", "step": "start"}).status_code == 200
        assert 'data-action="undo"' in client.get(f"/seat/{seat(client, 'Ana')}").text
        assert client.post(ana, json={"action": "undo"}).status_code == 200          # hers, the last line
        refused(client, "Ana", {"action": "undo"})                                  # nothing of hers left
        assert client.post(ana, json={"action": "turn", "step": "start"}).status_code == 200
        hosted = client.post(f"/api/host/{host(client)}/act", json={"action": "gain", "player": "Ben", "amount": 1})
        assert hosted.status_code == 200
        assert 'data-action="undo"' not in client.get(f"/seat/{seat(client, 'Ana')}").text
        refused(client, "Ana", {"action": "undo"})                                  # the host's gain followed it
        refused(client, "Ben", {"action": "undo"})                                  # the host's, not Ben's
        for _ in range(2):   # the host undoes anything: the gain, then Ana's turn
            assert client.post(f"/api/host/{host(client)}/act", json={"action": "undo"}).status_code == 200
        assert sessions.load(promotion).state["turn"] is None


def test_a_magistrate_voting_last_cannot_take_her_ballot_back_once_the_totals_are_shown(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, ROUND_ONE)   # round 2: Bob presides
    with served(path) as client:
        for name, ballot in (("Alice", {"pour": 15}), ("Chloé", {"contre": 30})):
            assert client.post(f"/api/seat/{seat(client, name)}/act", json={"action": "ballot", **ballot}).status_code == 200
        bob = f"/api/seat/{seat(client, 'Bob')}/act"
        assert client.post(bob, json={"action": "ballot", "pour": 0}).status_code == 200
        page = client.get(f"/seat/{seat(client, 'Bob')}").text
        assert "FOR 15, AGAINST 30" in page_text(page)     # the count he now reads
        assert 'data-action="undo"' not in page
        assert "final" in refused(client, "Bob", {"action": "undo"})
        # The host may; the table tells it, and that it came after the totals were shown.
        assert client.post(f"/api/host/{host(client)}/act", json={"action": "undo"}).status_code == 200
        told = " ".join(page_text(client.get("/").text).split())
        assert "Line 5 taken back after the totals were shown: Bob casts a secret ballot." in told, told
        french = " ".join(page_text(client.get("/?lang=fr").text).split())
        assert "Ligne 5 annulée après l’annonce des totaux" in french


def test_a_ballot_before_the_count_may_still_be_taken_back(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    with served(path) as client:
        alice = f"/api/seat/{seat(client, 'Alice')}/act"
        assert client.post(alice, json={"action": "ballot", "pour": 15}).status_code == 200
        assert client.post(alice, json={"action": "undo"}).status_code == 200
        assert "Line 3 taken back: Alice casts a secret ballot." in " ".join(page_text(client.get("/").text).split())


def test_a_seat_answers_a_card_from_its_own_hand_never_for_another(flatterie):
    # found on the phones: the answer was the table's, so Ben's phone asked « Who? Ben /
    # Cléo » and played Mérite volé for Cléo, and Ana's phone offered to answer her own card
    with served(flatterie) as client:
        said = refused(client, "Ben", {"action": "turn", "player": "Cléo", "step": "react", "card": "merite-vole"})
        assert said == "This page is Ben's and cannot act for Cléo."
        ana = page_text(client.get(f"/seat/{seat(client, 'Ana')}").text)
        assert "Your turn: Apply the card" in ana
        assert "Answer" not in ana
        assert "Next step of the turn" not in ana
        refused(client, "Ana", {"action": "turn", "player": "Ana", "step": "react", "card": "merite-vole"}, 422)
        ben = page_text(client.get(f"/seat/{seat(client, 'Ben')}").text)
        assert "Your turn: Answer with a Betrayal, or let it pass" in ben
        assert "Answer with a Betrayal, or let it pass — Mérite volé" in ben          # which card the tap plays
        assert "Who?" not in ben
        assert "Next step of the turn" not in ben
        # the host's page names the player, then the decision and its card: one colon, not two
        host = f"/host/{client.app.state.table.tokens['host']}"
        assert "Ben: Answer with a Betrayal, or let it pass — Mérite volé" in page_text(client.get(host).text)
        assert "Ben\u00a0: Répondre par une Trahison, ou laisser passer — Mérite volé" in page_text(
            client.get(host, params={"lang": "fr"}).text)
        reply = client.post(f"/api/seat/{seat(client, 'Ben')}/act",
                            json={"action": "turn", "step": "react", "card": "merite-vole"})
        assert reply.status_code == 200, reply.text
    assert sessions.load(flatterie).state["players"]["Ben"]["pi"] == 2


def test_a_seat_plays_a_cooperation_from_its_own_hand_never_for_another(tmp_path):
    # the same finding in PHD's anytime: a Coopération was the table's, with a « Who? »
    path = tmp_path / "phd.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben")], deck=for_session("phd", None))
    for line in ({"step": "start"}, {"card": "colloque-international"}):
        sessions.append(path, {"action": "turn", "player": "Ana", **line})
    with served(path) as client:
        said = refused(client, "Ben", {"action": "cooperate", "player": "Ana", "card": "la-patate-chaude",
                                       "other": "Ben"})
        assert said == "This page is Ben's and cannot act for Ana."
        ben = client.get(f"/seat/{seat(client, 'Ben')}").text
        box = ben.split('data-action="cooperate"')[1].split("</form>")[0]
        assert 'data-field="player"' not in box
        assert 'value="renvoi-d-ascenseur"' in box          # at Ana's challenge, Ben's to play
        assert 'value="la-patate-chaude"' not in box        # Ana's own challenge's card
        ana = client.get(f"/seat/{seat(client, 'Ana')}").text
        assert 'value="renvoi-d-ascenseur"' not in ana.split('data-action="cooperate"')[1].split("</form>")[0]
        reply = client.post(f"/api/seat/{seat(client, 'Ben')}/act",
                            json={"action": "cooperate", "card": "renvoi-d-ascenseur"})
        assert reply.status_code == 200, reply.text


def test_no_seat_is_offered_a_correction_the_turn_waits_for(phd):
    # a Coopération written by hand changes whomever it says: its adjusts are the host's, and
    # both phones offered a « Change Pression and Crédit » form the server then refused
    for line in ({"step": "start"}, {"step": "cooperation"}):
        sessions.append(phd, {"action": "turn", "player": "Ana", **line})
    with served(phd) as client:
        for name in ("Ana", "Ben"):
            assert 'data-action="adjust"' not in client.get(f"/seat/{seat(client, name)}").text
            assert "host" in refused(client, name, {"action": "adjust", "player": "Ben", "pression": 1})
        ana = page_text(client.get(f"/seat/{seat(client, 'Ana')}").text)
        assert "Your turn: The card has done all it does" in ana
        assert 'data-action="adjust"' in client.get(f"/host/{host(client)}").text


def test_an_accusation_is_its_accuser_s_own(tmp_path):
    # Amphithéâtre's accusation, offered against whoever stated or joined: each player's own
    # decision, so a phone accuses for its player alone
    path = tmp_path / "amphi.jsonl"
    sessions.create(path, "amphitheatre", FOUR)
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "hypothesis", "speaker": "Ana", "target": "Ben", "category": "cause"})
    with served(path) as client:
        said = refused(client, "Dan", {"action": "accuse", "accuser": "Cléo", "accused": "Ana", "truthful": False})
        assert said == "This page is Dan's and cannot act for Cléo."
        dan = client.get(f"/seat/{seat(client, 'Dan')}").text
        box = dan.split('data-action="accuse"')[1].split("</form>")[0]
        assert 'data-field="accuser"' not in box
        reply = client.post(f"/api/seat/{seat(client, 'Dan')}/act",
                            json={"action": "accuse", "accused": "Ana", "truthful": False})
        assert reply.status_code == 200, reply.text
    assert sessions.load(path).entries[-1].action["accuser"] == "Dan"
