"""Each field's input follows from its choice in the rules' decision (kit/serve/forms.py)."""
from __future__ import annotations

import importlib
import re

import pytest

from kit import plan
from kit.faces import Faces
from kit.i18n import speaking, translator
from kit.serve import pages
from scorekeeper.rules.flow import FROM_TABLE, decision, whole

WORDS = Faces(
    field_labels={("debate", "side_a"): "Side A"},
    field_kinds={("debate", "side_a"): "several", ("resolve", "order"): "order", ("defend", "arguments"): "numbers"})
VIEW = {"players": {"Ana": {}, "Ben": {}, "Cléo": {}}}


def inputs(action: str, **choices) -> dict[str, plan.Input]:
    return {field: plan.input_of(WORDS, action, field, choice, VIEW) for field, choice in choices.items()}


def test_each_kind_of_choice_gives_its_input():
    got = inputs("x", amount=whole(0, 37), die=FROM_TABLE, colour=["bleu", "vert"], truthful=[True, False],
                 calamity={"Ana": ["gold", "senators"], "Ben": ["gold", "senators"]},
                 success={"pression": FROM_TABLE, "credit": whole(-3, 3)})
    assert (got["amount"].kind, got["amount"].low, got["amount"].high) == ("number", 0, 37)
    assert (got["die"].kind, got["die"].low, got["die"].high) == ("number", None, None)
    assert (got["colour"].kind, got["colour"].options) == ("one", ("bleu", "vert"))
    assert got["truthful"].options == (True, False)
    calamity = dict(got["calamity"].keys)
    assert got["calamity"].kind == "group"
    assert calamity["Ana"].kind == "one"
    assert calamity["Ana"].verbatim
    success = dict(got["success"].keys)
    assert success["pression"].kind == "number"
    assert not success["pression"].verbatim
    assert (success["credit"].low, success["credit"].high) == (-3, 3)


def test_the_game_says_where_a_field_takes_several_values_names_in_order_or_numbers():
    assert inputs("debate", side_a=["Ana", "Ben"])["side_a"].kind == "several"
    assert inputs("resolve", order=["Ana", "Ben"])["order"].kind == "order"
    assert inputs("defend", arguments=FROM_TABLE)["arguments"].kind == "numbers"
    assert inputs("other", side_a=["Ana", "Ben"])["side_a"].kind == "one"   # declared for debate only


def page(lang: str = "en", seat: str | None = "Cléo", pending=(), anytime=(), game: str = "phd") -> pages.Page:
    state = {"players": VIEW["players"], "over": False, "pending": list(pending), "anytime": list(anytime)}
    return pages.Page(lang=lang, game=game, state=state, line=1, path="/", post="/api/x/act", seat=seat)


def test_inputs_are_drawn_with_their_kind_and_values_read_back_as_the_rules_take_them():
    form = plan.Form("x", "X", "Cléo", "player", tuple(inputs(
        "x", amount=whole(0, 37), truthful=[True, False], colour=["bleu"],
        calamity={"Ana": ["gold", "senators"]}).values()))
    html = pages.draw_form(page(game="hoc-censeo"), form, opened=True)   # its words for its colours
    assert re.search(r'<input type="number"[^>]* min="0" max="37" data-field="amount" data-kind="int"', html)
    assert 'data-field="truthful" data-kind="json"' in html
    assert '<option value="true">yes</option>' in html
    assert '<strong>blue</strong><input type="hidden" data-field="colour" data-kind="text" value="bleu">' in html
    assert 'data-field="calamity" data-key="Ana" data-kind="text"' in html
    assert 'data-field="player"' not in html                                 # a seat's own name: the server's


def test_the_host_enters_a_players_decision_with_that_players_name_and_without_their_secret_bounds():
    form = plan.form_of("phd", decision("adjust", "Ana", pression=FROM_TABLE), VIEW, None)
    html = pages.draw_form(page(seat=None), form)
    assert '<input type="hidden" data-field="player" data-kind="text" value="Ana">' in html
    assert "Ana: " in html


def test_the_page_says_whose_move_it_is():
    ana, ben = decision("ballot", "Ana", secret=True), decision("ballot", "Ben", secret=True)
    assert "Waiting for Ana and Ben" in pages.turn_line(page(pending=[ana, ben]))
    assert "En attente d’Ana et de Ben" in pages.turn_line(page("fr", pending=[ana, ben]))
    assert "À vous" in pages.turn_line(page("fr", seat="Ana", pending=[ana, ben]))
    assert pages.turn_line(page(pending=[decision("debate")])).count("Up to the table") == 1
    assert translator("fr").join_of(["Ève", "Hugo", "Zoé"]) == "d’Ève, d’Hugo et de Zoé"


def form_for(game: str, action: str, choices: dict, players=("Ana", "Ben", "Cléo")) -> dict[str, plan.Input]:
    view = {"players": {n: {} for n in players}, "pending": [], "anytime": []}
    made = plan.form_of(game, {"player": None, "action": action, "choices": choices, "secret": False}, view, None)
    return {spec.field: spec for spec in made.inputs}


def test_a_field_the_rules_leave_to_the_table_is_asked_as_its_declaration_says():
    """The phone asked one number for a Challenge's success and failure, and for Promotion's
    cards in hand at the closing, where the rules want one per resource or per player: a
    form that could never be accepted."""
    challenge = form_for("phd", "challenge", {"player": ["Ana"], "die": whole(1, 6), "modifiers": FROM_TABLE,
                                              "success": FROM_TABLE, "failure": FROM_TABLE})
    for outcome in ("success", "failure"):
        assert challenge[outcome].kind == "group"
        assert [key for key, _ in challenge[outcome].keys] == ["pression", "credit"]
        assert all(sub.kind == "number" for _, sub in challenge[outcome].keys)
    assert challenge["modifiers"].kind == "numbers"
    hands = form_for("promotion", "deck_empty", {"hands": FROM_TABLE})["hands"]
    assert hands.kind == "group"
    assert [(key, sub.kind, sub.low, sub.verbatim) for key, sub in hands.keys] == [
        ("Ana", "number", 0, True), ("Ben", "number", 0, True), ("Cléo", "number", 0, True)]
    assert form_for("hoc-censeo", "resolve", {"order": ["Ana", "Ben"]})["order"].kind == "order"


@pytest.fixture
def draws(monkeypatch):
    """PHD dealing 3 event cards and 2 Argument cards in Recherche: its words built again from it."""
    from kit.games.phd import faces as phd_faces
    from kit.games.phd import table as phd_table
    from scorekeeper.rules import phd

    monkeypatch.setitem(phd.RECHERCHE_DRAW, "events", 3)
    monkeypatch.setitem(phd.RECHERCHE_DRAW, "arguments", 2)
    reloaded = importlib.reload(phd_table)
    importlib.reload(phd_faces)   # its faces declare the words table.py builds
    yield reloaded
    monkeypatch.undo()
    importlib.reload(phd_table)
    importlib.reload(phd_faces)


def test_phds_draws_name_as_many_cards_as_the_rules_deal(draws):
    assert [page("en").value(step) for step in ("draw-events", "draw-argument")] == [
        "Draw 3 event cards", "Draw 2 Argument cards"]
    assert [page("fr").value(step) for step in ("draw-events", "draw-argument")] == [
        "Piocher 3\u00a0cartes Événement", "Piocher 2\u00a0cartes Argument"]   # French typography: the count held to its noun
    with speaking("fr"):
        assert draws.describe_turn({"action": "turn", "player": "Ana", "step": "draw-argument"}) == (
            "Ana pioche 2\u00a0cartes Argument (Recherche).")
