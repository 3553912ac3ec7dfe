"""What the pages say of the turn as players saw it (issue 34, item 6): whose turn is being
played, who presides and what the table waits for, as the game goes and once it is over;
and a game's own words and board (its kit/games/<game>/faces.py) reaching its pages, the
toy fifth game's too."""
from __future__ import annotations

from pathlib import Path

import installed
import pytest
from serve_helpers import HOC_PLAYERS, PENDING, ROUND_ONE, new_hoc, page_text
from starlette.testclient import TestClient

import kit.serve
from kit.serve.app import create_app
from scorekeeper import session as sessions

PHD_PLAYERS = [{"name": n} for n in ("Ana", "Ben", "Cléo")]


def pages(path, *urls: str) -> list[str]:
    """The pages at `urls` ("table?lang=fr", "seat Alice", "host")."""
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        where = {"table": "/", "host": f"/host/{tokens['host']}",
                 **{f"seat {name}": f"/seat/{token}" for name, token in tokens["seats"].items()}}
        return [client.get(where[url.split("?")[0]] + "?" + url.partition("?")[2]).text for url in urls]


def texts(path, *urls: str) -> list[str]:
    """What a person reads on those pages, its spaces plain."""
    return [" ".join(page_text(html).replace("\xa0", " ").replace("\u202f", " ").split()) for html in pages(path, *urls)]


@pytest.fixture
def phd(tmp_path):
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", PHD_PLAYERS)
    for step in ("start", "none"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    return path


def test_the_board_names_the_turn_being_played_and_not_one_that_has_passed(phd):
    during, = pages(phd, "table?lang=fr")
    assert "<dt>À jouer</dt><dd><bdi>Ana</bdi></dd>" in during
    sessions.append(phd, {"action": "turn", "player": "Ana", "step": "draw-events"})   # her turn ends
    after, = pages(phd, "table?lang=fr")
    assert "En attente de Ben : son tour" in texts(phd, "table?lang=fr")[0]
    assert "À jouer" not in after


@pytest.mark.parametrize("game", ["phd", "amphitheatre", "promotion"])
def test_the_game_opens_on_who_begins(tmp_path, game):
    path = tmp_path / "game.jsonl"
    sessions.create(path, game, PHD_PLAYERS)
    table, ana, host = texts(path, "table?lang=fr", "seat Ana?lang=fr", "host?lang=fr")
    assert "À la table : Qui commence ?" in table
    assert "À la table : Qui commence ? Qui commence ?" in ana      # the turn line, then the decision's title
    assert "Qui commence ?" in host
    for text in (table, ana, host):
        assert "Le tour continue" not in text
        assert "Le jeton de parole passe" not in text


def test_the_table_says_what_it_waits_for_of_each_player(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    sessions.append(path, {"action": "ballot", "player": "Alice", **PENDING["Alice"]})
    table, alice, table_en = texts(path, "table?lang=fr", "seat Alice?lang=fr", "table?lang=en")
    assert "En attente de Bob et de Chloé : leurs bulletins secrets" in table
    assert "En attente de Bob et de Chloé : leurs bulletins secrets" in alice
    assert "Waiting for Bob and Chloé: their secret ballots" in table_en
    sessions.append(path, {"action": "ballot", "player": "Bob", **PENDING["Bob"]})
    one, = texts(path, "seat Alice?lang=fr")
    assert "En attente de Chloé : son bulletin secret" in one


def test_nobody_presides_once_the_game_is_over(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    on, = texts(path, "table?lang=fr")
    assert "Préside : Alice" in on
    for colour in ("bleu", "bleu", "mauve"):   # Alice's five seals end the game (tests/scenarios/hoc-censeo/objective-seals)
        sessions.append(path, {"action": "vote", "pour": {"Alice": 1}, "colour": colour,
                               **({"bonus": "jaune"} if colour == "mauve" else {})})
    assert sessions.load(path).state["over"]
    for text in texts(path, "table?lang=fr", "host?lang=fr", "seat Bob?lang=fr"):
        assert "Préside" not in text
        assert "Alice" in text


def test_the_fifth_game_has_its_board_and_its_phone_pages_from_its_declaration(monkeypatch, tmp_path):
    installed.install(monkeypatch, "enchere")   # as a game installed beside the kit: nothing of kit/ patched
    path = tmp_path / "vente.jsonl"
    sessions.create(path, "enchere", PHD_PLAYERS)
    sessions.append(path, {"action": "bid", "player": "Ana", "amount": 12})
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        table = client.get("/?lang=en").text
        ana = client.get(f"/seat/{tokens['seats']['Ana']}?lang=en").text
    # its faces.py: the top of its board, its words for its fields, its tracks
    assert "<dt>Auctioneer</dt><dd><bdi>Ana</bdi></dd>" in table
    assert "<dt>Lots for sale</dt><dd>vase, tableau, horloge</dd>" in table
    assert "<dt>Points</dt><dd>0" in table
    assert "Purse" not in table                                   # a secret of each player (its rules' SECRET_FIELDS)
    assert "Waiting for Ben and Cléo" in page_text(table)
    # a seat's own purse, among its secrets: hidden with the button the page offers
    assert 'id="hide"' in ana
    assert ('<tr><th scope="row">Purse</th><td class="me mine-secret">37<meter class="gauge" min="0" max="63"'
            in ana)
    # its own templates/mine.html, in the place of the base's: its purse and its bid, among its secrets
    mine = ana.split('id="mine"')[1].split("</section>")[0]
    assert '<div class="secret" id="secret">\n<p class="big">Purse: <strong>37</strong></p><p>My bid this round: 12</p></div>' in mine
    assert HOC_PLAYERS[0]["name"] not in ana


def test_a_games_own_board_brings_its_own_styles_and_the_base_stylesheet_names_none(tmp_path, phd):
    hoc = new_hoc(tmp_path / "senate.jsonl")
    with TestClient(create_app(hoc)) as client:
        assert '<link rel="stylesheet" href="/static/game.css">' in client.get("/").text
        sheet = client.get("/static/game.css")
        assert sheet.status_code == 200
        assert sheet.headers["content-type"].startswith("text/css")
        assert ".ballots .cast" in sheet.text   # Hoc Censeo's ballots cast, styled by its own kit/games/hoc_censeo/static/
    with TestClient(create_app(phd)) as client:
        assert "game.css" not in client.get("/").text
        assert client.get("/static/game.css").status_code == 404
    base = (Path(kit.serve.__file__).parent / "static" / "serve.css").read_text(encoding="utf-8")
    for selector in (".round", ".rome", ".circle", ".ballots", ".legend", ".history", ".goal"):
        assert selector not in base, selector


def test_a_phd_seat_is_told_the_moment_of_its_turn(tmp_path):
    """Vivre and Recherche by their names, where both read « Le tour continue »."""
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", PHD_PLAYERS)
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    vivre, vivre_en = texts(path, "seat Ana?lang=fr", "seat Ana?lang=en")
    assert "À vous : Vivre (la carte Événement retournée)" in vivre
    assert "Your turn: Live (the event card turned over)" in vivre_en
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "none"})
    recherche, = texts(path, "seat Ana?lang=fr")
    assert "Recherche (piocher, ou jouer une carte Événement de sa main)" in recherche
    for text in (vivre, recherche):
        assert "Le tour continue" not in text


def test_a_promotion_seat_is_told_what_its_step_offers(tmp_path):
    """A step offering two moves names them, where it read « Étape suivante du tour »."""
    from kit.deck import for_session

    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PHD_PLAYERS, deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    playing, playing_en = texts(path, "seat Ana?lang=fr", "seat Ana?lang=en")
    assert "À vous : Poser une carte, ou finir le tour" in playing
    assert "Your turn: Play a card, or end the turn" in playing_en
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "accusation", "target": "Ben"})
    (aimed,) = texts(path, "seat Ben?lang=fr")
    assert "À vous : Répondre à l’Attaque, ou la subir" in aimed
    assert "Étape suivante du tour" not in playing + aimed


def test_an_answer_in_anothers_turn_is_said_as_one_and_the_line_names_whose_turn_it_is(tmp_path):
    """Issue 46, item 4: while Ben answered Ana's Accusation the pages read « En attente de
    Ben : son tour », as though the turn were his."""
    from kit.deck import for_session

    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PHD_PLAYERS, deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "accusation", "target": "Ben"})
    table, cleo, ben, table_en = texts(path, "table?lang=fr", "seat Cléo?lang=fr", "seat Ben?lang=fr", "table?lang=en")
    for text in (table, cleo):
        assert "Ana joue — en attente de Ben : sa réponse" in text
        assert "son tour" not in text
    assert "À vous : Répondre à l’Attaque, ou la subir" in ben   # his answer: the decision's own words
    assert "Ana plays — waiting for Ben: their answer" in table_en
    sessions.append(path, {"action": "turn", "player": "Ben", "step": "land"})
    ana, table = texts(path, "seat Ana?lang=fr", "table?lang=fr")
    assert "À vous : Poser une carte, ou finir le tour" in ana   # her own turn: no one else's named
    assert "En attente d’Ana : son tour" in table


def test_the_victim_of_an_attaque_reads_who_played_which_card_before_answering(tmp_path):
    """Issue 46, item 4: the victim of an Accusation read « Répondre à l'Attaque, ou la
    subir », not who attacked with which card."""
    from kit.deck import for_session

    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PHD_PLAYERS, deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "accusation", "target": "Ben"})
    ben, ben_en = pages(path, "seat Ben?lang=fr", "seat Ben?lang=en")
    assert '<p class="fact"><bdi>Ana</bdi> joue Accusation contre <bdi>Ben</bdi>.</p>' in ben
    assert "<bdi>Ana</bdi> plays Accusation against <bdi>Ben</bdi>." in ben_en


def test_an_optional_trahison_may_be_let_pass(tmp_path):
    """Issue 46, item 4: a colleague who may answer Flatterie with Mérite volé saw one
    button, « Répondre par une Trahison », and no way to let the card pass."""
    from kit.deck import for_session

    path = tmp_path / "bureau.jsonl"
    sessions.create(path, "promotion", PHD_PLAYERS, deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "flatterie"})
    ben, = pages(path, "seat Ben?lang=fr")
    decision = ben[ben.index('<section class="decision"'):]
    assert "<h2>Répondre par une Trahison, ou laisser passer — Mérite volé</h2>" in decision
    assert '<p class="fact"><bdi>Ana</bdi> joue Flatterie.</p>' in decision
    assert 'value="react">Répondre par une Trahison</button>' in decision
    # the card settled for the answer is left out of « let it pass », which lays none
    assert 'data-drop="card" value="pass">Laisser passer</button>' in decision
    sessions.append(path, {"action": "turn", "player": "Ben", "step": "pass"})
    ben, table = texts(path, "seat Ben?lang=fr", "table?lang=fr")
    assert "Laisser passer" not in ben   # asked no more
    assert "Ben laisse passer Flatterie." in table
