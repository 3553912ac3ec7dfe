"""Issue 25's true reasons: in guided play, a player typed where the rules do not let them
answer now is told why (oneself as the victim or the challenged), never that they do not
play; a name that matches nobody still is. Seals and gold are offered only to whom they belong."""
from __future__ import annotations

from pathlib import Path

import click
import pytest

from kit import faces, i18n, table
from kit.errors import KitError
from scorekeeper import rules
from scorekeeper import session as sessions


@pytest.fixture(autouse=True)
def french():
    i18n.activate("fr")
    yield
    i18n.activate("en")


def typed(monkeypatch, *answers: str) -> None:
    """The answers the prompts get, in order (a refused one is followed by the next)."""
    given = iter(answers)
    monkeypatch.setattr(click, "prompt", lambda *args, **kwargs: next(given))


def game(tmp_path: Path, game_id: str, players: list[dict], options: dict | None = None) -> Path:
    path = tmp_path / f"{game_id}.jsonl"
    sessions.create(path, game_id, players, options or {})
    return path


def test_a_thief_typed_as_their_own_victim_hears_the_rule(tmp_path, monkeypatch, capsys):
    path = game(tmp_path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")], {"target": 5})
    typed(monkeypatch, "Ben", "ben", "Ana", "1")
    with table.guided(path) as guide:
        steal = next(d for d in rules.anytime("promotion", guide.state) if d["action"] == "steal")
        action = table.ask_plan(steal, guide.state, headed=True, current="Ben")
    assert action == {"action": "steal", "thief": "Ben", "victim": "Ana", "amount": 1}
    said = capsys.readouterr().err
    assert "Ben ne peut voler qu’une autre personne." in said
    assert "ne joue pas" not in said


def test_only_the_player_at_the_keyboard_is_offered_gold_and_only_with_gold(tmp_path, monkeypatch, capsys):
    """Before a ballot, seals and gold are offered to the one who decides it, never someone
    else's (issue 32): Chloé, without gold, votes at once; Ana is offered her own gold."""
    path = game(tmp_path, "hoc-censeo", [{"name": "Ana", "role": "titienses"}, {"name": "Ben", "role": "ramnes"},
                                         {"name": "Chloé", "role": "luceres"}])
    with table.guided(path) as guide:
        state = {**guide.state, "players": {name: dict(record) for name, record in guide.state["players"].items()}}
        state["players"]["Ana"]["gold"], state["players"]["Ben"]["gold"], state["players"]["Chloé"]["gold"] = 1, 2, 0
        anytime = [{"action": "buy_senators", "player": n, "choices": {"gold": {"min": 1, "max": gold}}, "secret": False}
                   for n, gold in (("Ana", 1), ("Ben", 2))]
        asked: list[str] = []
        given = iter(["7", "gold", "1"])

        def prompt(text: str, **kwargs) -> str:
            asked.append(text)
            return next(given)
        monkeypatch.setattr(click, "prompt", prompt)

        def ballot(name: str) -> dict:
            return {"action": "ballot", "player": name, "choices": {}, "secret": True}
        # Chloé's ballot offers nothing to spend: her answer is her ballot
        assert table.ask_in_secret([ballot("Chloé")], state, anytime)[1] == \
            {"action": "ballot", "player": "Chloé", "pour": 7, "contre": 0}
        assert asked[-1].endswith(")"), asked
        _decision, action = table.ask_in_secret([ballot("Ana")], state, anytime)
        assert asked[-2].endswith(" ou or"), asked   # Ana's own gold, in her ballot's answer
    assert action == {"action": "buy_senators", "player": "Ana", "gold": 1}
    said = capsys.readouterr().err
    assert "Ben" not in said
    assert "Chloé" not in said


def test_a_speaker_cannot_challenge_themselves(tmp_path, monkeypatch, capsys):
    path = game(tmp_path, "amphitheatre", [{"name": n} for n in ("Ana", "Ben", "Dan")])
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    with table.guided(path) as guide:
        typed(monkeypatch, "hypothèse", "Ana", "Dan", "cause")
        _answered, action = table.next_entry(faces.of("amphitheatre"), rules.pending("amphitheatre", guide.state),
                                             guide.state, [])
    assert action == {"action": "hypothesis", "speaker": "Ana", "target": "Dan", "category": "cause"}
    said = capsys.readouterr().err
    assert "Une hypothèse d’Ana doit interpeller une autre personne." in said
    assert "ne joue pas" not in said
    assert "did you mean" not in said


def test_a_name_that_matches_nobody_is_not_a_player():
    with pytest.raises(KitError) as refused:
        table.match_name("Zed", ["Ana", "Ben"], players=["Ana", "Ben", "Cléo"])
    assert str(refused.value) == "Zed ne joue pas dans cette partie\u202f; à la table\u00a0: Ana, Ben et Cléo."
    with pytest.raises(KitError) as refused:
        table.match_name("cleo", ["Ana", "Ben"], players=["Ana", "Ben", "Cléo"])
    assert str(refused.value) == "Ce choix n’est pas ouvert à Cléo pour l’instant\u202f; au choix\u00a0: Ana et Ben."
