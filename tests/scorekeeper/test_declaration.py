"""Each game is one typed, frozen declaration (scorekeeper/rules/declaration.py), which
refuses its author's slips when the rule module is imported, each in one sentence; and the
rules say who may enter what from it (`rules.may_enter`), apart from what they allow now."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorekeeper import rules
from scorekeeper.errors import Forbidden, RuleViolation, ScorekeeperError
from scorekeeper.rules.declaration import DeclarationError, GameRules
from scorekeeper.rules.fields import Name, Whole, Word, act, declare

FIELDS = declare("Toy", {
    "bid": act(player=Name(), amount=Whole(label="{player}'s bid", low=0)),
    "award": act(lot=Word(label="The lot", choices=("vase",))),
    "steal": act(thief=Name(label="the thief"), victim=Name(label="the victim")),
})


def nothing(*_args: Any) -> Any:
    return []


def toy(**changed: Any) -> GameRules:
    """A sound declaration of a toy game, with `changed` put in."""
    declared: dict[str, Any] = dict(
        id="toy", title="Toy", min_players=2, max_players=4, fields=FIELDS, setup=nothing, take=nothing,
        pending=nothing, anytime=nothing, outcome=nothing, actors={"award": None, "steal": "thief"})
    return GameRules(**{**declared, **changed})


def test_a_sound_declaration_has_its_defaults_in_one_place_and_is_frozen():
    rules_ = toy()
    assert rules_.actions == ("bid", "award", "steal")
    assert (rules_.actor("bid"), rules_.actor("award"), rules_.actor("steal")) == ("player", None, "thief")
    assert rules_.corrections == rules_.host_entries == rules_.secret_fields == rules_.secret_by_player == ()
    assert rules_.role_field is rules_.card_types is rules_.current_player is rules_.canonical is None
    assert rules_.players is None
    assert toy(min_players=3, max_players=3).players == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules_.title = "Other"       # type: ignore[misc]
    with pytest.raises(TypeError):
        rules_.actors["bid"] = None  # type: ignore[index]


@pytest.mark.parametrize(("changed", "words"), [
    ({"actors": {"sell": "player"}}, "an actor is declared for 'sell', an action without declared fields"),
    ({"actors": {"award": "player"}}, "the actor of 'award' is 'player', which is no field of 'award'"),
    ({"actors": {}}, "the actor of 'award' is 'player', which is no field of 'award'"),   # the default, unsaid
    ({"actors": {"award": None}}, "the actor of 'steal' is 'player', which is no field of 'steal'"),
    ({"corrections": ("gain",)}, "a correction is declared for 'gain', an action without declared fields"),
    ({"host_entries": ("vote",)}, "a host's entry is declared for 'vote', an action without declared fields"),
    ({"min_players": 5}, "its player counts 5 to 4 are out of order"),
    ({"min_players": 0}, "its player counts 0 to 4 are out of order"),
])
def test_a_slip_in_a_declaration_is_refused_when_it_is_made_in_one_sentence(changed, words):
    with pytest.raises(DeclarationError) as refused:
        toy(**changed)
    said = str(refused.value)
    assert said.startswith("Toy (toy): "), said
    assert words in said, said
    assert said.endswith(".")
    assert said.count(". ") == 0
    assert "\n" not in said


@pytest.mark.parametrize("game", rules.OWN_GAMES)
def test_every_game_is_one_declaration_whose_actors_name_its_fields(game):
    declared = rules.of(game)
    assert isinstance(declared, GameRules)
    assert declared is rules.module(game).RULES
    assert (declared.id, declared.title) == (game, rules.module(game).TITLE)
    for action in declared.actions:
        actor = declared.actor(action)
        assert actor is None or actor in declared.fields[action].fields, (game, action)
    assert set(declared.corrections) <= set(declared.actions)


HOC = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"}, {"name": "Chloé", "role": "luceres"}]


def test_who_may_enter_what_is_the_rules_and_forbidden_is_no_rule_violation():
    state = rules.setup("hoc-censeo", HOC, {})
    assert not issubclass(Forbidden, RuleViolation)
    assert issubclass(Forbidden, ScorekeeperError)
    enter = rules.may_enter
    assert enter("hoc-censeo", state, None, {"action": "vote", "pour": {"Alice": 3}}) is None    # the host: anything
    assert enter("hoc-censeo", state, "Alice", {"action": "ballot", "player": "Alice", "pour": 3}) is None
    with pytest.raises(Forbidden, match="This page is Alice's and cannot act for Bob."):
        enter("hoc-censeo", state, "Alice", {"action": "ballot", "player": "Bob", "pour": 3})
    with pytest.raises(Forbidden, match="host"):        # an open vote: the host's, though the rules take it
        enter("hoc-censeo", state, "Alice", {"action": "vote", "pour": {"Alice": 3}})
    # asked of nobody now (the resolve before the ballots): the rules refuse it in their own words
    assert enter("hoc-censeo", state, "Chloé", {"action": "resolve", "colour": "bleu"}) is None
    for name, pour in (("Alice", 1), ("Bob", 2), ("Chloé", 3)):
        state = rules.module("hoc-censeo").apply(state, {"action": "ballot", "player": name, "pour": pour})
    magistrate = state["magistrate"]
    other = next(n for n in state["players"] if n != magistrate)
    with pytest.raises(Forbidden, match=f"Only {magistrate} or the host can enter this now."):
        enter("hoc-censeo", state, other, {"action": "resolve", "colour": "bleu"})


def test_a_correction_and_another_players_numbers_are_the_hosts():
    state = rules.setup("promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")], {})
    with pytest.raises(Forbidden, match="host"):
        rules.may_enter("promotion", state, "Ana", {"action": "gain", "player": "Ana", "amount": 7})
    with pytest.raises(Forbidden, match="cannot enter Ben's numbers"):
        rules.may_enter("promotion", state, "Ana", {"action": "deck_empty", "hands": {"Ana": 9, "Ben": 0}})
    # who begins: each seat says « I begin » for itself, never for another
    assert rules.may_enter("promotion", state, "Ben", {"action": "turn", "player": "Ben", "step": "start"}) is None
    with pytest.raises(Forbidden, match="cannot act for Ben"):
        rules.may_enter("promotion", state, "Ana", {"action": "turn", "player": "Ben", "step": "start"})


# What a game's rules declare, by the names rule modules gave it before their declaration.
RULES_SIDE = {"GAME_ID", "TITLE", "PLAYERS", "MIN_PLAYERS", "MAX_PLAYERS", "FIELDS", "ACTOR_FIELDS", "CORRECTIONS",
              "SECRET_FIELDS", "SECRET_BY_PLAYER", "ROLE_FIELD", "CARD_TYPES", "setup", "apply", "pending",
              "anytime", "outcome", "current_player", "standings", "canonical"}


def test_code_serving_any_game_reads_the_declaration_never_a_modules_optional_attributes():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in ("kit", "scorekeeper", "tests/fixtures/enchere"):   # the fifth game's kit too
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                        and isinstance(node.args[1], ast.Constant) and node.args[1].value in RULES_SIDE):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.func.id} {node.args[1].value}")
                if (isinstance(node, ast.Assign) and folder != "scorekeeper"
                        and any(isinstance(t, ast.Name) and t.id == "ACTOR_FIELDS" for t in node.targets)):
                    found.append(f"{path.relative_to(root)}:{node.lineno} the kit's own ACTOR_FIELDS")
    assert not found, found


def test_a_game_module_without_its_declaration_is_refused_in_one_sentence(monkeypatch):
    import types

    bare = types.ModuleType("bare_game")
    monkeypatch.setattr(rules, "module", lambda game: bare)
    with pytest.raises(DeclarationError, match=r"^The rule module of phd declares no RULES = GameRules\(\.\.\.\)"):
        rules.of("phd")
