"""Every value a phone's form offers is shown in the game's words (issue 34, item 6: PHD's
buttons read « vie, challenge, cooperation, superviseur, none » and « draw-events »).

The forms come from what the rules wait for; the states are those of whole games the bots
play (each state the rule engine accepted), so every decision a game reaches is seen. A value
is in words when its faces' value_labels or words name
it; a player's name and a card of the deck are shown as they are printed.
"""
from __future__ import annotations

from random import Random

import pytest

from kit import faces, plan
from kit.build import default_layouts
from kit.simulate import module as bots_of
from scorekeeper import rules


def moves_played(game: str, monkeypatch: pytest.MonkeyPatch, games: int = 3) -> list[tuple[dict, dict, dict]]:
    """(the state, the action, the state after it) of every move the engine accepted in the
    bots' games of `game`."""
    engine = rules.module(game)
    seen: list[tuple[dict, dict, dict]] = []
    real = engine.apply

    def recording(state, action):
        after = real(state, action)
        seen.append((state, dict(action), after))
        return after

    monkeypatch.setattr(engine, "apply", recording)
    bots = bots_of(game)
    table = bots.load(default_layouts())
    for seed in range(games):
        bots.play(table, ["random"] * bots.PLAYERS, {}, Random(seed))
    assert len(seen) > 50, f"{game}: the bots' games went through {len(seen)} states of the engine"
    return seen


def states_played(game: str, monkeypatch: pytest.MonkeyPatch, games: int = 3) -> list[dict]:
    """Every state the engine made in the bots' games of `game`."""
    return [after for _state, _action, after in moves_played(game, monkeypatch, games)]


def offered_values(form: plan.Form) -> list[object]:
    values = []
    for spec in form.inputs:
        values += spec.options
        for _key, sub in spec.keys:
            values += sub.options
    return values


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_every_value_a_form_offers_is_in_the_games_words(game, monkeypatch):
    named = {**faces.of(game).value_labels, **faces.of(game).words}
    raw = set()
    for state in states_played(game, monkeypatch):
        view = rules.view(game, state)
        for form in plan.host_forms(game, view):
            raw |= {(form.action, value) for value in offered_values(form)
                    if isinstance(value, str) and value not in view["players"] and value not in view.get("cards", {})
                    and value not in named}
    assert not raw, f"{game}'s forms offer values as the rules spell them: {sorted(raw)}"
