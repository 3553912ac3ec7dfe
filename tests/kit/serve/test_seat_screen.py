"""A seat's screen shows one decision at a time (issue 24), drawn from the rules' pending
decisions: what /me renders for a ballot, the magistrate's resolve (the totals, then each
needed field as buttons, the order as names tapped in turn), several moves offered at once,
an undo and an entry that ends the game (each asked before it is sent), in both languages."""
from __future__ import annotations

import json
import re
from html import unescape as unescaped
from pathlib import Path
from urllib.parse import urlencode

import pytest
from serve_helpers import hold_seat, new_hoc, page_text
from starlette.testclient import TestClient

from kit.deck import for_session
from kit.serve.app import create_app
from scorekeeper import session as sessions

PYTHON_WORDS = re.compile(r"\b(None|null|True|False|undefined)\b")


def me(client: TestClient, name: str, lang: str, query: list[tuple[str, str]] = ()) -> str:
    """/me for `name`'s phone (its cookie), in `lang`, with the address's answers `query`."""
    hold_seat(client, name)
    answer = client.get("/me?" + urlencode([("lang", lang), *query]))
    assert answer.status_code == 200, answer.text
    return answer.text


def actions(html: str) -> str:
    """The part of a seat page with its decisions (not its own state, not the board), the
    names' isolation (<bdi>, and the <span> holding a button's words with one: tested in
    test_serve_edges.py) left out."""
    part = html.split('id="actions"')[1].split('id="mine"')[0]
    return re.sub(r"<span>(.*?)</span>", r"\1", part.replace("<bdi>", "").replace("</bdi>", ""))


def unescape(html: str) -> str:
    """The page's markup unescaped, French typography's narrow spaces as plain ones."""
    return unescaped(html).replace("\xa0", " ").replace("\u202f", " ")


def clean(html: str) -> None:
    text = page_text(html)
    assert not PYTHON_WORDS.search(text), PYTHON_WORDS.search(text)


@pytest.fixture
def hoc(tmp_path: Path):
    path = new_hoc(tmp_path / "senate.jsonl")
    with TestClient(create_app(path)) as client:
        yield path, client


def ballots(path: Path, **cast: dict) -> None:
    for name, amounts in cast.items():
        sessions.append(path, {"action": "ballot", "player": name, **amounts})


@pytest.mark.parametrize(("lang", "mine", "waiting"), [
    ("fr", "À vous : déposer un bulletin secret", "En attente d’Alice et de Chloé"),
    ("en", "Your turn: secret ballot", "Waiting for Alice and Chloé")])
def test_a_ballot_is_one_big_stepper_form_asked_before_it_is_sent(hoc, lang, mine, waiting):
    path, client = hoc
    html = actions(me(client, "Alice", lang))
    assert re.search(r'<p class="turn" role="status" data-mine>' + re.escape(mine), unescape(html))
    assert html.count('<section class="decision secret" data-form="ballot">') == 1
    assert html.count('class="stepper"') == 2                       # POUR and CONTRE
    assert 'data-budget="pour contre"' in html                      # they share the senators left
    assert re.search(r'data-field="pour" data-kind="int"[^>]* value="0"', html)
    assert html.count('data-set="all">') == 2
    assert '<span class="n">100</span>' in html                   # all: the senators left
    assert '<span class="n">50</span>' in html                    # half
    assert 'data-confirm="' in html                               # a question before sending
    assert 'data-empty="' in html                                 # and another for an empty ballot
    clean(html)
    ballots(path, Bob={"contre": 7})
    other = actions(me(client, "Bob", lang))
    assert waiting in unescape(other)
    assert "data-mine" not in other
    assert 'data-form="ballot"' not in other
    clean(other)


@pytest.mark.parametrize(("lang", "totals", "first", "next_name"), [
    ("fr", "Totaux : POUR 20, CONTRE 5.", "Qui passe en premier ?", "Qui passe ensuite ?"),
    ("en", "Totals: FOR 20, AGAINST 5.", "Who comes first?", "Who comes next?")])
def test_the_magistrate_reads_the_totals_then_taps_the_colour_and_the_order(hoc, lang, totals, first, next_name):
    path, client = hoc
    ballots(path, Alice={"pour": 10}, Bob={"pour": 10}, Chloé={"contre": 5})
    html = actions(me(client, "Alice", lang))     # Alice presides round 1
    text = unescape(html)
    assert text.index(totals) < text.index('class="button big"')     # the totals first
    colours = re.findall(r'<a class="button big" href="\?([^"]+)">', html)
    assert [unescape(c) for c in colours] == [urlencode([("f.colour", c)]) for c in ("bleu", "mauve", "jaune", "vert")]
    assert "f.order" not in html
    assert 'data-form="resolve"' not in actions(me(client, "Bob", lang))   # the magistrate's alone
    assert totals not in unescape(me(client, "Bob", lang))

    picking = actions(me(client, "Alice", lang, [("f.colour", "bleu")]))
    assert first in unescape(picking)
    assert '<input type="hidden" data-field="colour" data-kind="text" value="bleu">' in picking
    # either name completes the order (the other goes last): tapping it sends the resolve
    taps = [json.loads(unescaped(v)) for v in re.findall(
        r'<button type="submit" class="big" data-field="order" data-kind="json" value="([^"]+)">', picking)]
    assert taps == [["Alice", "Bob"], ["Bob", "Alice"]]
    clean(picking)

    mauve = actions(me(client, "Alice", lang, [("f.colour", "mauve"), ("f.order", "Bob")]))
    # mauve: the largest POUR voter's bonus, which Bob may have answered on his own phone
    assert '<input type="hidden" data-field="order" data-kind="item" value="Bob">' in mauve
    assert '<input type="hidden" data-field="order" data-kind="item" value="Alice">' in mauve
    assert 'value="">' in mauve                        # leave it to Bob's own answer
    assert 'data-field="bonus" data-kind="text" value="jaune"' in mauve
    assert next_name not in unescape(mauve)

    ignored = actions(me(client, "Alice", lang, [("f.colour", "rouge"), ("f.order", "Nobody")]))
    assert colours == re.findall(r'<a class="button big" href="\?([^"]+)">', ignored)
    sent = client.post("/api/me/act", json={"action": "resolve", "colour": "bleu", "order": taps[1]})
    assert sent.status_code == 200, sent.text
    assert sessions.load(path).state["players"]["Bob"]["seals"] == 2   # first in the order: seal + bleu bonus


def test_equal_totals_ask_the_side_first_and_what_follows_depends_on_it(hoc):
    path, client = hoc
    ballots(path, Alice={"pour": 8}, Bob={"contre": 8}, Chloé={})
    html = unescape(actions(me(client, "Alice", "fr")))
    assert "Égalité des totaux" in html
    assert "Totaux : POUR 8, CONTRE 8." in html
    # CONTRE on the tie-break settles everything: that tap sends; POUR still needs a colour
    assert '<button type="submit" class="big" data-field="tiebreak" data-kind="text" value="contre">' in html
    assert 'href="?f.tiebreak=pour"' in html
    colours = unescape(actions(me(client, "Alice", "en", [("f.tiebreak", "pour")])))
    assert '<input type="hidden" data-field="tiebreak" data-kind="text" value="pour">' in colours
    assert 'data-field="colour" data-kind="text" value="vert"' in colours
    assert "The motion's colour" in colours


def test_several_moves_offered_at_once_are_a_choice_first_then_one_decision(tmp_path):
    path = tmp_path / "theatre.jsonl"
    sessions.create(path, "amphitheatre", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")])
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    with TestClient(create_app(path)) as client:
        for lang, question, turn in (("fr", "Que faites-vous ?", "Hypothèse, Révolution scientifique ou Piocher"),
                                     ("en", "What do you do?", "Hypothesis, Scientific revolution or Draw")):
            html = actions(me(client, "Ana", lang))
            assert question in unescape(html)
            assert turn in unescape(html)
            # each named by its move and what it asks, not its place (another's move can change the list)
            assert re.findall(r'href="\?do=([^"]+)"', html) == ["hypothesis%2Bcategory%2Btarget",
                                                               "revolution%2Bcategory", "draw%2Bcategory"]
            clean(html)
            chosen = actions(me(client, "Ana", lang, [("do", "hypothesis+category+target")]))
            assert 'data-form="hypothesis"' in chosen
            assert "do=hypothesis%2Bcategory%2Btarget&amp;f.target=Ben" in chosen    # the answers so far, carried on
            clean(chosen)
    sessions.append(path, {"action": "undo"})
    with TestClient(create_app(path)) as client:   # the speaker token: each phone says « I begin », naming itself only
        turn = actions(me(client, "Ben", "en"))
        assert '<input type="hidden" data-field="step" data-kind="text" value="start">' in turn
        assert '<input type="hidden" data-field="player" data-kind="text" value="Ben">' in turn
        assert '<button type="submit" class="big">I begin</button>' in turn
        assert 'value="Dan"' not in turn


@pytest.mark.parametrize(("lang", "asked"), [
    ("fr", "Annuler « Bob a déposé son bulletin : POUR 0, CONTRE 29 » ?"),
    ("en", "Take back “Bob's ballot is in: FOR 0, AGAINST 29”?")])
def test_undo_names_the_entry_it_takes_back_and_asks_first(hoc, lang, asked):
    path, client = hoc
    ballots(path, Bob={"contre": 29})
    html = unescape(actions(me(client, "Bob", lang)))
    undo = html.split('data-action="undo"')[1].split("</form>")[0]
    assert f'data-confirm="{asked}"' in undo
    assert 'class="confirm" hidden' in undo
    assert 'data-action="undo"' not in actions(me(client, "Alice", lang))   # not Alice's entry to take back


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_entry_that_ends_the_game_is_asked_before_it_is_sent(tmp_path, lang):
    timed, untimed = tmp_path / "timed.jsonl", tmp_path / "untimed.jsonl"
    sessions.create(timed, "phd", [{"name": n} for n in ("Ana", "Ben")], {"timed": True})
    sessions.create(untimed, "phd", [{"name": n} for n in ("Ana", "Ben")])
    sessions.append(timed, {"action": "turn", "player": "Ana", "step": "start"})
    with TestClient(create_app(timed)) as client:
        html = unescape(actions(me(client, "Ana", lang)))
        deck = html.split('data-action="deck_empty"')[1].split("</form>")[0]
        assert {"fr": "Ceci termine la partie", "en": "This ends the game"}[lang] in deck
        assert 'data-action="adjust"' not in html   # a correction: the host's page has it
        clean(html)
        # the whole table's entry is the current player's (and the host's), not another seat's
        assert 'data-action="deck_empty"' not in actions(me(client, "Ben", lang))
    with TestClient(create_app(untimed)) as client:
        assert 'data-action="deck_empty"' not in actions(me(client, "Ana", lang))


def test_the_host_orders_names_by_picking_them_never_by_typing_them(hoc):
    path, client = hoc
    ballots(path, Alice={"pour": 10}, Bob={"pour": 10}, Chloé={"contre": 5})
    host = client.get(f"/host/{client.app.state.table.tokens['host']}?lang=fr").text
    order = host.split('data-field="order"')[0].rsplit("<fieldset", 1)[1] + host.split('data-field="order"', 1)[1]
    assert 'data-kind="names"' not in host
    assert 'type="text"' not in order.split("</fieldset>")[0]
    assert host.count('data-field="order" data-kind="item"') == 2       # a place for each of the two tied


def test_names_with_commas_and_accents_are_ordered_by_tapping_them(tmp_path):
    path = tmp_path / "senate.jsonl"
    names = ["Zoé, l’aînée", "Ève", "Hugo, dit « le Grand »"]
    sessions.create(path, "hoc-censeo", [{"name": n, "role": r} for n, r in zip(names, ["titienses", "ramnes", "luceres"])])
    ballots(path, **{names[0]: {"contre": 3}, names[1]: {"pour": 7}, names[2]: {"pour": 7}})
    with TestClient(create_app(path)) as client:
        picking = actions(me(client, names[0], "fr", [("f.colour", "vert")]))
        taps = [json.loads(unescaped(v)) for v in re.findall(
            r'<button type="submit" class="big" data-field="order" data-kind="json" value="([^"]+)">', picking)]
        assert taps == [[names[1], names[2]], [names[2], names[1]]]
        sent = client.post("/api/me/act", json={"action": "resolve", "colour": "vert", "order": taps[1]})
        assert sent.status_code == 200, sent.text
    players = sessions.load(path).state["players"]
    assert (players[names[2]]["seals"], players[names[1]]["seals"]) == (1, 0)   # Hugo first, as tapped


def test_a_promotion_turn_asks_only_what_the_step_and_the_card_need(tmp_path):
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")],
                    deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    with TestClient(create_app(path)) as client:
        html = actions(me(client, "Ana", "en"))
        assert 'href="?f.step=play"' in html                                           # a card to pick next
        assert 'data-field="step" data-kind="text" value="end">End the turn' in html   # ends it in one tap
        cards = actions(me(client, "Ana", "en", [("f.step", "play")]))
        assert 'data-field="card" data-kind="text" title="Toute personne' in cards     # an Annonce: no target
        assert 'value="audit">Audit<small class="card-text" aria-hidden="true">Toute personne' in cards  # its text
        assert 'href="?f.step=play&amp;f.card=sabotage" title="Tirez au hasard' in cards   # an Attaque: a target next
        aimed = actions(me(client, "Ana", "fr", [("f.step", "play"), ("f.card", "sabotage")]))
        assert re.findall(r'data-field="target" data-kind="text" value="([^"]+)"', aimed) == ["Ben", "Cléo", "Dan"]
        clean(aimed)
        assert "Quelle carte : Sabotage" in unescape(aimed)    # the answers so far, a question's mark dropped
        sent = client.post("/api/me/act", json={"action": "turn", "step": "play", "card": "audit"})
        assert sent.status_code == 200, sent.text
        # the Annonce: each colleague may answer it from their hand, and Ana may only apply
        # it; the step that applies the card says so, and its tap sends it (nothing more to ask)
        applying = unescape(actions(me(client, "Ana", "en")))
        assert '<button type="submit" class="big">Apply the card</button>' in applying
        assert "do=" not in applying
        assert 'value="react"' not in applying
        answering = unescape(actions(me(client, "Ben", "en")))
        assert "<h2>Answer with a Betrayal, or let it pass — Télétravail</h2>" in answering
        assert 'value="react">Answer with a Betrayal</button>' in answering    # the card the headline names
        assert 'data-drop="card" value="pass">Let it pass</button>' in answering   # answering is optional


def test_a_field_a_step_does_not_take_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")])
    with TestClient(create_app(path)) as client:
        hold_seat(client, "Ana")
        refused = client.post("/api/me/act?lang=fr", json={"action": "turn", "player": "Ana", "step": "start", "card": "Audit"})
        assert refused.status_code == 422   # was a KeyError in the refusal's own wording: a 500
        said = unescape(refused.json()["error"]).replace("\xa0", " ").replace("\u202f", " ")
        assert said == ("Seules les étapes où l’on joue une carte, ou où l’on y répond, nomment une carte ou une "
                        "personne : cette entrée doit donc laisser de côté la carte jouée par Ana.")


def test_the_magistrate_reads_which_equal_ballots_the_order_decides_between(hoc):
    """Issue 46, item 4: « Qui passe en premier ? » named the voters to order, not that they
    wrote equal ballots nor on which side. How many senators each stays unsaid: what is
    announced is the totals and who ranks where (RULES.md §4.14)."""
    path, client = hoc
    ballots(path, Alice={"pour": 10}, Bob={"pour": 10}, Chloé={"contre": 5})
    picking = unescape(actions(me(client, "Alice", "fr", [("f.colour", "bleu")])))   # Alice presides round 1
    said = "Bulletins égaux sur POUR : Alice et Bob ; à vous de les ordonner."
    assert said in picking
    assert picking.index(said) < picking.index("Qui passe en premier ?")
    english = unescape(actions(me(client, "Alice", "en", [("f.colour", "bleu")])))
    assert "Equal ballots on FOR: Alice and Bob; you order them." in english
    assert "Bulletins égaux" not in unescape(me(client, "Bob", "fr"))   # the magistrate's alone
