"""Every conformance scenario, for every game, through the CLI: our own (tests/scenarios)
and, where it lies beside the clone, the shared set (../shared/scenarios; CI has it).

`new`, then `act` per step (with the refusals checked: exit 2, the listed texts in the
sentence, the file byte-for-byte unchanged), then `show --json` against the expectations.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from score_cli import OWN_SCENARIOS, Kit, lookup, refused, scenario_files, scenario_id
from yaml_files import yaml_file

from scorekeeper import rules


def _cases() -> list:
    return [pytest.param(path, id=scenario_id(path)) for path in scenario_files()]


def test_ballot_scenarios_are_present() -> None:
    """The secret ballots are part of the contract: their examples must run, not be skipped."""
    ballots = [path for path in OWN_SCENARIOS.glob("hoc-censeo/*.yaml") if "action: ballot" in path.read_text("utf-8")]
    assert ballots, f"no ballot scenario under {OWN_SCENARIOS}"


def test_scenarios_are_present() -> None:
    """Every game has scenarios of the project's own, so that a plain clone plays them: an
    empty run would prove nothing."""
    games = {p.parent.name for p in OWN_SCENARIOS.glob("*/*.yaml")}
    assert set(rules.GAME_IDS) <= games, f"scenarios missing under {OWN_SCENARIOS}: {set(rules.GAME_IDS) - games}"


def _texts(value: object) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _check_expect(kit: Kit, session: Path, expect: dict, where: str) -> None:
    state = kit.state(session)
    for dotted, wanted in expect.items():
        assert lookup(state, dotted) == wanted, f"{where}: {dotted} is {lookup(state, dotted)!r}, expected {wanted!r}"


@pytest.mark.parametrize("scenario", _cases())
def test_scenario(scenario: Path, kit: Kit, tmp_path: Path) -> None:
    play_scenario(scenario, kit, tmp_path)


def play_scenario(scenario: Path, kit: Kit, tmp_path: Path) -> None:
    """One scenario file through the CLI."""
    data = yaml_file(scenario)
    session = tmp_path / "session.jsonl"
    players = [player["name"] + (f":{player['role']}" if player.get("role") else "") for player in data["players"]]
    options = [f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in (data.get("options") or {}).items()]
    result = kit.new(session, data["game"], players, options)

    if "refused_new" in data:
        refused(result, *_texts(data["refused_new"]))
        assert not session.exists()
        return
    assert result.exit_code == 0, result.output

    for number, step in enumerate(data.get("steps") or [], 1):
        where = f"{scenario.name} step {number}"
        before = session.read_bytes()
        result = kit("score", "act", session, json.dumps(step["act"], ensure_ascii=False))
        if "refused" in step:
            assert result.exit_code == 2, f"{where}: accepted, expected a refusal: {result.output}"
            assert "Traceback" not in result.output
            for text in _texts(step["refused"]):
                assert text in result.output, f"{where}: {text!r} not in {result.output!r}"
            assert session.read_bytes() == before, f"{where}: a refused action changed the file"
        else:
            assert result.exit_code == 0, f"{where}: {result.output}"
        if step.get("expect"):
            _check_expect(kit, session, step["expect"], where)
    if data.get("expect"):
        _check_expect(kit, session, data["expect"], f"{scenario.name} end")
