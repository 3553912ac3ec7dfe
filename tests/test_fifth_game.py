"""A fifth game is its rule module, its kit folder and its layouts, and nothing else.

Enchère (tests/fixtures/enchere_rules.py, tests/fixtures/enchere/, tests/fixtures/layouts/
enchere/) is installed for these tests only (tests/helpers/installed.py: its folder, holding its
entry points, put on the path; no registry patched), then played through every face: `kit list`, `build`, `score new/act/
play/show/log/serve` and `simulate`. Its forms on the phones come from its decisions.
"""
from __future__ import annotations

import json
import re

import pytest
from build_helpers import LAYOUTS
from installed import install
from score_cli import Kit
from starlette.testclient import TestClient

import kit.cli.score  # noqa: F401  defined before the game is added: they must read the registry as they run
import kit.cli.simulate  # noqa: F401
from scorekeeper import session as sessions

GAME = "enchere"
PLAYERS = ("Ana", "Ben", "Cléo")


@pytest.fixture
def enchere(monkeypatch):
    install(monkeypatch, GAME)
    return Kit()


@pytest.fixture
def sale(enchere, tmp_path):
    path = tmp_path / "vente.jsonl"
    result = enchere.new(path, GAME, PLAYERS)
    assert result.exit_code == 0, result.output
    return path


def test_kit_list_and_build_find_the_fifth_game(enchere, tmp_path):
    listed = enchere("list", GAME, "--layouts", LAYOUTS)
    assert listed.exit_code == 0, listed.output
    assert "enchere: Enchère (2 à 4 joueurs)" in listed.output
    assert "lots" in listed.output
    built = enchere("build", GAME, "--layouts", LAYOUTS, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    pdf = tmp_path / "out" / "enchere.pdf"
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Le tableau" in text
    assert "7 points" in text


def test_score_commands_play_the_fifth_game_and_show_what_comes_next(enchere, sale):
    assert enchere("score", "bid", sale, "ana", "12").exit_code == 0          # its friendly command, a name as typed
    refused = enchere("score", "act", sale, json.dumps({"action": "bid", "player": "Ben", "amount": 50}))
    assert refused.exit_code == 2
    assert refused.output == "Error: Ben cannot bid that much.\n"     # the public sentence: the purse is a secret
    assert enchere("score", "act", sale, json.dumps({"action": "bid", "player": "Ben", "amount": 20})).exit_code == 0
    whole = enchere.state(sale)
    assert whole["pending"] == [{"player": "Cléo", "action": "bid", "choices": {"amount": {"min": 0, "max": 63}},
                                 "secret": True}]
    public = json.loads(enchere("score", "show", sale, "--json", "--public").stdout)
    assert public["pending"][0]["choices"] == {}
    assert "purse" not in public["players"]["Cléo"]
    assert public["bids"] == {}
    mine = json.loads(enchere("score", "show", sale, "--json", "--as", "Ana").stdout)
    assert mine["bids"] == {"Ana": 12}
    assert mine["players"]["Ana"]["purse"] == 37
    shown = enchere("score", "show", sale).output
    assert "Ana" in shown
    assert "37" not in shown
    assert "41" not in shown
    log = enchere("score", "log", sale).output
    assert "Ana bids in secret." in log
    assert "12" not in log


def test_guided_play_walks_the_fifth_games_decisions(enchere, sale):
    # Ana, Ben, Cléo bid (whoever is at the keyboard says who they are, the bid hidden), then
    # Ana, the auctioneer, draws the lot and rolls the die.
    typed = "Ana\n10\nBen\n5\n3\ntableau\n6\nquitter\n"
    result = enchere("score", "play", sale, input=typed)
    assert result.exit_code == 0, result.output
    state = enchere.state(sale)
    assert state["players"]["Ana"] == {"purse": 27, "points": 10}
    assert state["round"] == 1
    assert [json.loads(line)["action"] for line in sale.read_text(encoding="utf-8").splitlines()[1:]] == [
        "bid", "bid", "bid", "award"]


def test_the_phones_answer_the_fifth_games_decisions(enchere, sale):
    with TestClient(kit_app(sale)) as client:
        tokens = sessions.seat_tokens(sale)
        seat = {name: tokens["seats"][name] for name in PLAYERS}
        page = client.get(f"/seat/{seat['Ana']}?lang=en").text
        assert "Your turn: your bid" in page
        form = page.split('data-action="bid"')[1].split("</form>")[0]
        assert 'data-field="amount"' in form
        assert 'max="37"' in form
        assert 'data-field="player"' not in form
        for name, amount in (("Ana", 10), ("Ben", 5)):
            reply = client.post(f"/api/seat/{seat[name]}/act", json={"action": "bid", "amount": amount})
            assert reply.status_code == 200, reply.text
        assert client.post(f"/api/seat/{seat['Ben']}/act",
                           json={"action": "bid", "player": "Cléo", "amount": 1}).status_code == 403
        again = client.post(f"/api/seat/{seat['Ben']}/act?lang=en", json={"action": "bid", "amount": 1})
        assert again.status_code == 422
        assert "already bid" in again.json()["error"]
        waiting = client.get(f"/seat/{seat['Ana']}?lang=fr").text
        assert "En attente de <bdi>Cléo</bdi>" in waiting   # a name isolated wherever a page shows it
        assert 'data-action="bid"' not in waiting
        host = client.get(f"/host/{tokens['host']}?lang=en").text
        assert "<bdi>Cléo</bdi>: your bid" in host
        assert 'max="63"' not in host
        assert client.post(f"/api/seat/{seat['Cléo']}/act", json={"action": "bid", "amount": 3}).status_code == 200
        award = client.get(f"/seat/{seat['Ana']}?lang=en").text.split('data-action="award"')[1].split("</form>")[0]
        assert 'href="?f.lot=tableau">the painting' in award         # the lot first, a tap each
        die = client.get(f"/seat/{seat['Ana']}?lang=en&f.lot=tableau").text.split('data-action="award"')[1]
        assert re.findall(r'data-field="die" data-kind="json" value="(\d)"', die.split("</form>")[0]) == [
            "1", "2", "3", "4", "5", "6"]                                # then the die's faces
        assert client.post(f"/api/seat/{seat['Ben']}/act", json={"action": "award", "lot": "vase", "die": 2}
                           ).status_code == 403                                    # Ana's to enter
        reply = client.post(f"/api/seat/{seat['Ana']}/act", json={"action": "award", "lot": "tableau", "die": 6})
        assert reply.status_code == 200, reply.text
        sell = client.get(f"/seat/{seat['Ana']}?lang=en").text
        assert 'data-action="sell"' in sell
        assert 'max="10"' in sell
        assert 'data-action="sell"' not in client.get(f"/seat/{seat['Ben']}?lang=en").text   # no points to sell
    assert sessions.load(sale).state["players"]["Ana"] == {"purse": 27, "points": 10}


def kit_app(path):
    from kit.serve.app import create_app

    return create_app(path)


def test_simulate_plays_the_fifth_game(enchere):
    result = enchere("simulate", GAME, "--games", "30", "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["game"] == GAME
    assert figures["games"] == 30
    assert figures["length"]["rounds"]["min"] == figures["length"]["rounds"]["max"] == 3   # three lots, three rounds
    assert set(figures["figures"]) == {"points_end", "sold_back"}


def test_the_log_tells_what_each_entry_did_in_the_words_its_reader_may_read(enchere, sale):
    for name, amount in (("Ana", 10), ("Ben", 5), ("Cléo", 3)):
        enchere("score", "act", sale, json.dumps({"action": "bid", "player": name, "amount": amount}))
    enchere("score", "act", sale, json.dumps({"action": "award", "lot": "tableau", "die": 6}))
    public = enchere("score", "log", sale).output
    assert "  Ana has bid." in public
    assert "  Ana takes the tableau for 10 points and pays 10." in public
    assert "bids 5" not in public
    assert "bids 3" not in public
    ana = enchere("score", "log", sale, "--as", "Ana").output
    # Ana's own bid is said once: her log line names the amount, so the event does not repeat it
    assert "2. Ana bids 10.\n3." in ana
    assert "  Ben has bid." in ana
    assert "bids 5" not in ana
    everyone = enchere("score", "log", sale, "--reveal").output
    assert "3. Ben bids 5.\n4. Cléo bids 3.\n" in everyone


def test_a_dealt_trade_is_the_players_own_in_every_face(enchere, tmp_path):
    # The trade is Enchère's secret role: declared by its rules (ROLE_FIELD among SECRET_FIELDS),
    # under no name the shared faces know; dealt at random, so read back from the file.
    path = tmp_path / "vente.jsonl"
    created = enchere("score", "new", path, GAME, *(a for name in PLAYERS for a in ("--player", name)), "--deal")
    assert created.exit_code == 0, created.output
    trades = {p["name"]: p["role"] for p in json.loads(path.read_text(encoding="utf-8").splitlines()[0])["players"]}
    assert set(trades.values()) <= {"collection", "negoce"}

    def secret_free(text):
        return "collection" not in text and "negoce" not in text

    assert secret_free(created.output)
    for name, amount in (("Ana", 10), ("Ben", 5), ("Cléo", 3)):
        assert enchere("score", "act", path, json.dumps({"action": "bid", "player": name, "amount": amount})).exit_code == 0
    assert secret_free(enchere("score", "show", path).output)
    assert secret_free(enchere("score", "log", path).output)
    played = enchere("score", "play", path, input="tableau\n6\nquitter\n")
    assert played.exit_code == 0, played.output
    assert secret_free(played.output)
    assert enchere.state(path)["round"] == 1
    ana = enchere("score", "log", path, "--as", "Ana").output
    assert f"Ana ({trades['Ana']})" in ana
    assert "Ben (" not in ana
    assert trades["Ana"] in enchere("score", "show", path, "--as", "Ana").output
    assert f"Ben ({trades['Ben']})" in enchere("score", "log", path, "--reveal").output


def test_the_fifth_games_words_translate_from_its_own_catalogue(enchere, sale):
    """Issue 45, item 7: Enchère's words are in French on its pages and in its refusals, from
    the catalogue it carries (tests/fixtures/enchere/locale, built by `tools/catalogues.py
    --game`), never from the kit's, which holds none of them."""
    from pathlib import Path

    kit_messages = (Path(__file__).resolve().parents[1] / "kit" / "locale" / "kit.pot").read_text(encoding="utf-8")
    for msgid in ("Lots for sale", "Auctioneer", "{player} has already bid this round."):
        assert f'msgid "{msgid}"' not in kit_messages
    with TestClient(kit_app(sale)) as client:
        tokens = sessions.seat_tokens(sale)
        table = client.get("/?lang=fr").text
        assert "<dt>Commissaire-priseur</dt>" in table
        assert "<dt>Lots à vendre</dt>" in table
        ben = tokens["seats"]["Ben"]
        assert client.post(f"/api/seat/{ben}/act", json={"action": "bid", "amount": 1}).status_code == 200
        again = client.post(f"/api/seat/{ben}/act?lang=fr", json={"action": "bid", "amount": 1})
        assert again.status_code == 422
        assert again.json()["error"] == "Ben a déjà misé à cette manche."
        assert "<dt>Auctioneer</dt>" in client.get("/?lang=en").text     # English: its msgids as written
