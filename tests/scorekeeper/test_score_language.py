"""Issue 25 for the table: what `kit score` says while a game is scored is all in the reader's
language. Every shared scenario (its accepted entries, its refusals, then `show` and `log`)
and the refusals whose values the rules name (a die, an amount, a player in a given part)
run in French and in English through the language checker (tests/helpers/language.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from language import language_problems
from score_cli import Kit, scenario_files, scenario_id
from yaml_files import yaml_file

LOCALES = {"fr": "fr_FR.UTF-8", "en": "en_US.UTF-8"}


def kit_in(lang: str) -> Kit:
    return Kit({"LC_ALL": None, "LC_MESSAGES": None, "KIT_LANG": None, "LANG": LOCALES[lang]})


def outputs(kit: Kit, path: Path, game: str, players: list[str], options: dict, acts: list[dict]) -> list[str]:
    """What `new`, each `act`, then `show` and `log` print."""
    said = [kit.new(path, game, players, [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in options.items()]).output]
    if path.exists():
        said += [kit("score", "act", path, json.dumps(act, ensure_ascii=False)).output for act in acts]
        said += [kit("score", "show", path).output, kit("score", "log", path).output]
    return said


def _scenarios() -> list:
    return [pytest.param(path, id=scenario_id(path)) for path in scenario_files()]


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("scenario", _scenarios())
def test_a_scenario_is_told_in_one_language(scenario: Path, lang: str, tmp_path: Path) -> None:
    data = yaml_file(scenario)
    players = [p["name"] + (f":{p['role']}" if p.get("role") else "") for p in data["players"]]
    acts = [step["act"] for step in data.get("steps") or []]
    said = outputs(kit_in(lang), tmp_path / "s.jsonl", data["game"], players, data.get("options") or {}, acts)
    problems = language_problems(said, lang, keep=[p["name"] for p in data["players"]])
    assert not problems, "\n".join(problems)


# The refusals whose `what` the rules build from the action (issue 25's half-English French).
REFUSALS = [
    ("phd", ["Ana", "Ben"], {}, [
        {"action": "challenge", "player": "Ana", "die": 9, "difficulty": 3, "resource": "pression"},
        {"action": "adjust", "player": "Ana", "pression": "x"},
    ]),
    ("promotion", ["Ana", "Ben", "Cléo"], {"target": 5}, [
        {"action": "steal", "thief": "Ben", "victim": "Ana", "amount": 0},
        {"action": "lose", "player": "Dan", "amount": 0},
        {"action": "lose", "player": "Ana", "amount": 0},
        {"action": "gain", "player": "Ana", "amount": 0},
        {"action": "steal", "thief": "Ben", "victim": "Zed", "amount": 1},
        {"action": "steal", "thief": "Ben", "victim": "Ben", "amount": 1},
        {"action": "gain", "player": "Ana", "amount": 5},
        {"action": "gain", "player": "Ben", "amount": 1},
    ]),
    ("hoc-censeo", ["Ana:titienses", "Ben:ramnes", "Chloé:luceres"], {}, [
        {"action": "buy_senators", "player": "Chloé", "gold": 1},
    ]),
]


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize(("game", "players", "options", "acts"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_values_in_one_language(game, players, options, acts, lang, tmp_path) -> None:
    said = outputs(kit_in(lang), tmp_path / "s.jsonl", game, players, options, acts)
    assert sum("rreur" in text or "Error" in text for text in said) >= len(acts) - 1, said
    problems = language_problems(said, lang, keep=[p.split(":")[0] for p in players])
    assert not problems, "\n".join(problems)


def test_french_refusals_read_as_french(tmp_path) -> None:
    said = "".join(outputs(kit_in("fr"), tmp_path / "s.jsonl", *REFUSALS[1][:3], REFUSALS[1][3]))
    for sentence in ("Le nombre de PI que Ben prend à Ana doit valoir au moins 1",
                     "La perte de PI d’Ana doit valoir au moins 1",
                     "'Zed' (personne volée) ne joue pas dans cette partie",
                     "Ben ne peut voler qu’une autre personne", "(Ana a gagné)"):
        assert sentence in said.replace("\u202f", " ").replace("\xa0", " "), said
