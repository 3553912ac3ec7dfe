"""Issue 46: every turn from a phone. The bots play whole games of each game; every move
they make is one some seat's page offers, with the values the move gives among what its
form takes (a card among the cards offered, a number within its bounds...), and the server
lets that seat send it: a table of phones plays what the bots play, the host never typing
for anyone. A PHD test's cards are picked as cards (issue 46, item 2)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from test_value_words import moves_played

from kit import plan
from kit.serve.table import authorise
from scorekeeper import rules


def takes(spec: plan.Input, value: Any) -> bool:
    """Whether an input of a phone's form can give `value`."""
    if spec.kind == "one":
        return value in spec.options
    if spec.kind in ("several", "order"):
        return isinstance(value, list) and all(v in spec.options for v in value)
    if spec.kind == "all":
        return isinstance(value, list) and sorted(map(str, value)) == sorted(map(str, spec.options))
    if spec.kind == "cards":     # cards ticked, numbers typed besides
        return isinstance(value, list) and all(v in spec.options or isinstance(v, int) for v in value)
    if spec.kind == "numbers":
        return isinstance(value, list) and all(isinstance(v, int) for v in value)
    if spec.kind == "number":
        return isinstance(value, int) and (spec.low is None or value >= spec.low) \
            and (spec.high is None or value <= spec.high)
    if spec.kind == "group":
        keys = dict(spec.keys)
        return isinstance(value, dict) and all(k in keys and takes(keys[k], v) for k, v in value.items())
    return False


def why_no_phone(game: str, state: dict, action: dict) -> list[str]:
    """Why no seat's page could send `action` (empty: one could)."""
    reasons = []
    session = SimpleNamespace(game=game, state=state, rules=rules.module(game))
    for seat in state["players"]:
        view = rules.view(game, state, seat)
        for decision, anytime in plan.seat_decisions(game, view, seat):
            if decision["action"] != action["action"]:
                continue
            form = plan.form_of(game, decision, view, seat, anytime=anytime)
            if form.actor is not None and action.get(form.actor) not in (None, seat):
                continue
            inputs = {spec.field: spec for spec in form.inputs}
            wrong = [f"{field}={value!r} ({inputs[field].kind if field in inputs else 'not asked'})"
                     for field, value in action.items()
                     if field not in ("action", form.actor) and not (field in inputs and takes(inputs[field], value))]
            if wrong:
                reasons.append(f"{seat}: {', '.join(wrong)}")
                continue
            sent = {key: value for key, value in action.items() if key != form.actor or form.player is None}
            try:
                authorise(session, seat, sent)
            except Exception as refused:   # noqa: BLE001 (the reason is what the test reports)
                reasons.append(f"{seat}: refused by the server: {refused}")
                continue
            return []
    return reasons or ["no seat's page offers it"]


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_every_move_of_the_bots_can_be_sent_from_a_phone(game, monkeypatch):
    moves = [(state, action) for state, action, _after in moves_played(game, monkeypatch, games=2)
             if not state["over"]]
    stuck = [(action, reasons) for state, action in moves if (reasons := why_no_phone(game, state, action))]
    assert not stuck, f"{game}: {len(stuck)} of {len(moves)} moves no phone can send, e.g. {stuck[:3]}"

