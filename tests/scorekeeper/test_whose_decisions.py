"""Who decides (issue 32, item 3): what a player decides for themselves, a card from their
own hand or their own numbers, is a decision naming them, one per player who may take it;
the rules leave to whoever is at the table (player null) only what the table says as a
whole: who begins, a debate's outcome, the deck running out, and the corrections, which the
host enters. A phone enters the decisions naming its player and the table's, so a decision
of a player's left to the table let one phone answer for another (Promotion's Mérite volé,
PHD's Coopérations). Every decision of the bots' games of each game, by every state they met."""
from __future__ import annotations

from pathlib import Path

import pytest

from kit.simulate import module, runner
from scorekeeper import rules

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"
SEATS = {"amphitheatre": 4, "phd": 3, "promotion": 4, "hoc-censeo": 3}


def the_table_s(game: str) -> set[tuple[str, tuple[str, ...]]]:
    """What the rules may leave to whoever is at the table: (action, the steps it offers)."""
    return {("turn", ("start",)), ("debate", ()), ("deck_empty", ()),
            *((correction, ()) for correction in rules.corrections(game))}


@pytest.mark.parametrize("game", sorted(SEATS))
def test_only_what_the_table_says_as_a_whole_is_left_to_whoever_is_at_the_table(game):
    sim = module(game)
    data = sim.load(LAYOUTS)
    states = []

    def recording(rule_module, state, action):
        states.append(state)
        return applied(rule_module, state, action)

    applied = sim.apply
    patch = pytest.MonkeyPatch()
    patch.setattr(sim, "apply", recording)
    try:
        for seed in range(3):
            sim.play(data, ["random"] * SEATS[game], {}, runner.game_rng(seed, 0))
    finally:
        patch.undo()
    assert len(states) > 50
    left = {(d["action"], tuple(d["choices"].get("step", ())))
            for state in states for d in rules.pending(game, state) + rules.anytime(game, state)
            if d["player"] is None}
    assert left <= the_table_s(game)
