"""A value of the wrong shape in any field of any action the rules wait for is refused with a
sentence or accepted as valid, never a crash, and never stored to crash a later question.

Random games of the four games: at each step one decision the rules wait for (`pending`,
now and then `anytime`) is answered, most often with one field swapped for a list, a nested list, a dict,
a number or nothing; whatever `apply` accepts must leave a state that every question about
it (`pending`, `anytime`, `outcome`, each viewer's `view`) still answers."""
from __future__ import annotations

from random import Random

import pytest

from scorekeeper.errors import RuleViolation
from scorekeeper.rules import module, view

NAMES = ["Ana", "Ben", "Eve"]
ROLES = {"hoc-censeo": ["titienses", "ramnes", "luceres"]}


def seats(game: str) -> list[dict]:
    roles = ROLES.get(game)
    return [{"name": n, "role": roles[i]} if roles else {"name": n} for i, n in enumerate(NAMES)]


def answer(rules, decision: dict, rng: Random) -> dict:
    """A valid-looking answer: the decider in its actor field, a value for every choice
    (now and then several values of a list, as a debate's sides are given)."""
    action = {"action": decision["action"]}
    actor = rules.RULES.actor(decision["action"])
    if decision["player"] is not None and actor is not None:
        action[actor] = decision["player"]
    for field, choice in decision["choices"].items():
        if isinstance(choice, list) and choice:
            action[field] = rng.choice(choice) if rng.random() < 0.8 else rng.sample(choice, rng.randint(1, len(choice)))
        elif isinstance(choice, dict) and "min" in choice:
            action[field] = rng.randint(choice["min"], choice["max"] if choice["max"] is not None else choice["min"] + 5)
        elif choice is None:        # from the table: a die, a card's number
            action[field] = rng.randint(1, 6)
    return action


def misshapen(value) -> list:
    return [[value], [value, value], [[value]], {"x": value}, None, True, 3, -1, 2.5, "zz", [], [1], ["Ana", 2]]


@pytest.mark.parametrize("game", ["phd", "amphitheatre", "promotion", "hoc-censeo"])
def test_a_misshapen_field_is_refused_or_accepted_never_a_crash(game):
    rules = module(game)
    rng = Random(game)
    refused = accepted = 0
    for _ in range(60):
        state = rules.setup(seats(game), {})
        for _ in range(300):
            decisions = rules.pending(state)
            if not decisions or rng.random() < 0.15:     # mostly the turn: an anytime entry may end the game
                decisions = decisions + rules.anytime(state)
            if state["over"] or not decisions:
                break
            valid = answer(rules, rng.choice(decisions), rng)
            fields = [f for f in valid if f != "action"]
            tries = [valid]
            if fields and rng.random() < 0.7:
                field = rng.choice(fields)
                tries.insert(0, {**valid, field: rng.choice(misshapen(valid[field]))})
            for action in tries:
                try:
                    after = rules.apply(state, action)
                except RuleViolation:
                    refused += 1
                    continue
                rules.pending(after), rules.anytime(after), rules.outcome(state, after, action)
                for viewer in (None, *NAMES):
                    view(game, after, viewer)
                accepted += 1
                state = after
                break
    assert refused > 100       # the misshapen values were tried...
    assert accepted > 100      # ...and the games went on
