"""A simulation run reads its deck once (issue 33): the bots' `load` checks the layouts' deck
(the layouts' own reading checks it too, for the layout errors: per run, a few ms), and every
game of the run plays that same deck object, which the engine does not check again
(scorekeeper.rules.deck.read keeps what it read of each deck object). A game that copied the
deck, or a setup that read it afresh, would check every card again at every game."""
from __future__ import annotations

import pytest

from kit.build import default_layouts
from kit.simulate import module, runner
from scorekeeper.rules import module as rule_module


@pytest.mark.parametrize("game", ["phd", "promotion"])
def test_the_deck_is_checked_once_per_run(game, monkeypatch):
    rules = rule_module(game)
    checked: list[str] = []
    plain = rules._check_card

    def counting(key, card):
        checked.append(key)
        plain(key, card)
    monkeypatch.setattr(rules, "_check_card", counting)
    sim = module(game)
    table = sim.load(default_layouts())
    loaded = len(checked)
    assert loaded >= len(table["deck"]["cards"])
    seats = runner.seat_bots(game, ["greedy"], sim.PLAYERS)
    records = runner.play_games(game, table, seats, {}, 1, False, (0, 3))
    assert len(records) == 3
    assert len(checked) == loaded
