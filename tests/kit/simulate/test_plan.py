"""kit.simulate.plan: what `kit simulate` plays, each refusal made before a game is played."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kit.errors import KitError
from kit.simulate import plan as planning
from scorekeeper.errors import RuleViolation

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"


def test_one_way_of_each_game_is_no_comparison():
    planned = planning.plan(["phd", "promotion"], bots=["greedy"], players=None)
    assert not planned.compared
    assert [(v.game, v.label, v.layouts) for v in planned.variants] == [("phd", "", None), ("promotion", "", None)]
    assert planned.variants[1].seats == ["greedy"] * 4


def test_a_sweep_plays_each_value_with_the_same_seats_the_first_the_reference():
    planned = planning.plan(["phd"], bots=["random", "greedy"], players=3, options=("chapters=1,3,5", "timed=false"))
    assert planned.compared
    assert [v.label for v in planned.variants] == ["chapters=1", "chapters=3", "chapters=5"]
    assert [v.options for v in planned.variants] == [{"chapters": n, "timed": False} for n in (1, 3, 5)]
    assert {tuple(v.seats) for v in planned.variants} == {("random", "greedy", "random")}


def test_copies_compared_are_played_game_by_game(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for copy in (a, b):
        shutil.copytree(LAYOUTS, copy)
    planned = planning.plan(["promotion", "hoc-censeo"], bots=["greedy"], players=None, compare_with=(a, b))
    named = [f"{tmp_path.name}/a", f"{tmp_path.name}/b"]     # a folder outside this one: its last two names
    assert [(v.game, v.layouts) for v in planned.variants] == [
        ("promotion", named[0]), ("promotion", named[1]), ("hoc-censeo", named[0]), ("hoc-censeo", named[1])]
    assert [v.label for v in planned.variants] == named * 2


def test_two_copies_the_short_names_cannot_tell_apart_are_named_in_full(tmp_path):
    a, b = tmp_path / "a" / "layouts", tmp_path / "b" / "layouts"
    for copy in (a, b):
        shutil.copytree(LAYOUTS / "hoc-censeo", copy / "hoc-censeo")
    planned = planning.plan(["hoc-censeo"], bots=["greedy"], players=None, compare_with=(a, b))
    assert [v.label for v in planned.variants] == ["a/layouts", "b/layouts"]
    same = planning.plan(["hoc-censeo"], bots=["greedy"], players=None, compare_with=(a, a))
    assert [v.label for v in same.variants] == [str(a), str(a)]


@pytest.mark.parametrize(("kwargs", "refusal", "words"), [
    ({"bots": ["clever"]}, planning.UnknownBot, "'clever' is not a bot of promotion"),
    ({"options": ("target=1", "target=2")}, KitError, "twice"),
    ({"players": 9}, RuleViolation, "9"),
    ({"options": ("target=1",)}, RuleViolation, "target"),
])
def test_planning_makes_every_refusal_of_the_batch(kwargs, refusal, words):
    arguments = {"bots": ["greedy"], "players": None, **kwargs}
    with pytest.raises(refusal, match=words):
        planning.plan(["promotion", "hoc-censeo"], **arguments)
