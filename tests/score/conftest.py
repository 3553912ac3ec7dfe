"""Shared helpers for the scorekeeper tests: run `kit` in-process, read states, find scenarios."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.cli import cli

REPO = Path(__file__).resolve().parents[2]
# CI checks the shared folder out beside the clone: <parent>/shared/scenarios/<game>/*.yaml
SCENARIOS = REPO.parent / "shared" / "scenarios"

HOC_PLAYERS = ("Alice:titienses", "Bob:ramnes", "Chloé:luceres")


class Kit:
    """`kit ...` through click's CliRunner; each call returns the click Result."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    def state(self, path: Path) -> dict:
        result = self("score", "show", path, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


@pytest.fixture
def kit() -> Kit:
    return Kit()


@pytest.fixture
def hoc(kit: Kit, tmp_path: Path) -> Path:
    """A fresh Hoc Censeo session: Alice (titienses), Bob (ramnes), Chloé (luceres)."""
    path = tmp_path / "hoc.jsonl"
    args = ["score", "new", path, "hoc-censeo"]
    for player in HOC_PLAYERS:
        args += ["--player", player]
    result = kit(*args)
    assert result.exit_code == 0, result.output
    return path


def lookup(state: object, dotted: str) -> object:
    """The value at a dotted path such as `players.Alice.circle.bleu` or `votes.0.result`."""
    value = state
    for key in dotted.split("."):
        if isinstance(value, list):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            raise KeyError(f"{dotted}: no {key!r} in {json.dumps(value, ensure_ascii=False)[:200]}")
    return value
