"""Each game's faces are one typed, frozen declaration (kit/faces.py `Faces`, its
kit/games/<game>/faces.py's FACES), checked against its rules' declaration when it is made:
shared code reads its attributes, never a game module's optional ones."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from kit import faces
from kit.faces import Faces
from scorekeeper import rules
from scorekeeper.rules.declaration import DeclarationError, GameRules
from scorekeeper.rules.fields import Name, Whole, Word, act, declare

ROOT = Path(__file__).resolve().parents[2]

TOY = GameRules(
    id="toy", title="Toy", min_players=2, max_players=4, actors={"award": None},
    fields=declare("Toy", {"bid": act(player=Name(), amount=Whole(low=0)),
                           "award": act(lot=Word(choices=("vase",)))}),
    setup=lambda *_: {}, take=lambda *_: {}, pending=lambda *_: [], anytime=lambda *_: [], outcome=lambda *_: [])


def test_sound_faces_have_their_defaults_in_one_place_and_are_frozen():
    plain = Faces(rules=TOY, action_labels={"bid": "your bid"}, field_labels={("bid", "amount"): "Coins bid"},
                  field_kinds={("award", "lot"): "several"}, budgets={"bid": ("amount",)})
    assert plain.action_labels["bid"] == "your bid"
    assert plain.value_labels == {}
    assert plain.seat_questions == {}
    assert plain.narrow is plain.deal is plain.deck_empty_action is plain.describe_turn is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        plain.action_labels = {}   # type: ignore[misc]
    with pytest.raises(TypeError):
        plain.action_labels["award"] = "the lot"   # type: ignore[index]


@pytest.mark.parametrize(("declared", "words"), [
    ({"action_labels": {"sell": "sell points"}}, "a label is declared for 'sell', an action its rules do not declare"),
    ({"budgets": {"sell": ("points",)}}, "a label is declared for 'sell', an action its rules do not declare"),
    ({"field_labels": {("sell", "points"): "Points"}},
     "a field label is declared for 'sell', an action its rules do not declare"),
    ({"field_labels": {("bid", "coins"): "Coins"}}, "a field label is declared for 'coins', which is no field of 'bid'"),
    ({"field_kinds": {("award", "die"): "numbers"}}, "a field label is declared for 'die', which is no field of 'award'"),
    ({"budgets": {"bid": ("amount", "pour")}}, "a field label is declared for 'pour', which is no field of 'bid'"),
])
def test_a_slip_in_a_games_faces_is_refused_when_they_are_made_in_one_sentence(declared, words):
    with pytest.raises(DeclarationError) as refused:
        Faces(rules=TOY, **declared)
    said = str(refused.value)
    assert said.startswith("The faces of Toy (toy): "), said
    assert words in said, said
    assert said.endswith(".")
    assert "\n" not in said


@pytest.mark.parametrize("game", rules.OWN_GAMES)
def test_every_game_declares_its_faces_for_its_own_rules(game):
    import importlib

    declared = faces.of(game)
    assert isinstance(declared, Faces)
    assert declared is importlib.import_module(f"kit.games.{game.replace('-', '_')}.faces").FACES
    assert declared.rules is rules.of(game)
    assert declared.action_labels, game


# What a game's kit folder declares, by the names its modules gave it before its faces did:
# shared code reads them off the game's Faces, never off its modules.
FACES_SIDE = {"ACTION_LABELS", "FIELD_LABELS", "VALUE_LABELS", "FIELD_KINDS", "SEAT_QUESTIONS",
              "SEAT_QUESTIONS_HELP", "BUDGETS", "narrow", "decision_facts", "seat_questions", "with_seat_answers",
              "ask", "describe_turn", "prepare_options", "prepare_players", "deal", "deck_empty_action",
              "WAYS_TO_WIN", "ROLE_NAMES", "SIMPLIFICATIONS", "deck", "text_values", "catalogue"}


def _shared_files() -> list[Path]:
    """The kit's code serving every game: all of kit/ but each game's own folder."""
    return [path for path in sorted((ROOT / "kit").rglob("*.py"))
            if path.relative_to(ROOT / "kit").parts[0] != "games" or path.parent == ROOT / "kit" / "games"]


def test_no_shared_kit_code_reads_a_faces_attribute_off_a_game_module():
    found = []
    for path in [*_shared_files(), *sorted((ROOT / "tests/fixtures/enchere").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant) and node.args[1].value in FACES_SIDE):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.func.id} {node.args[1].value}")
            if (isinstance(node, ast.Attribute) and node.attr in FACES_SIDE and node.attr.isupper()
                    and "enchere" not in path.parts):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert not found, found


def test_a_faces_module_with_a_slip_fails_when_it_is_imported(tmp_path, monkeypatch):
    import importlib

    (tmp_path / "slipped_faces.py").write_text(
        "import enchere_rules as rules\n\nfrom kit.faces import Faces\n\n"
        "FACES = Faces(rules=rules.RULES, field_labels={('bid', 'coins'): 'Coins bid'})\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DeclarationError, match=r"^The faces of .* \(enchere\): a field label is declared for 'coins', "
                                               r"which is no field of 'bid'\.$"):
        importlib.import_module("slipped_faces")
