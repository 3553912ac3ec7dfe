"""Hoc Censeo's bots: the magistrate orders ties at random, greedy keeps its seals when they
are its objective, the lookahead bot plays only what the rules offer, the same for the same
seed, and the project's default objectives leave every seat and tribe near its fair share."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from kit.simulate import BotError, module, runner
from scorekeeper.rules import hoc_censeo as rules
from scorekeeper.rules import public_view

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"
SIM = module("hoc-censeo")
TABLE = SIM.load(LAYOUTS)
SEATS = [{"name": "A", "role": "titienses"}, {"name": "B", "role": "ramnes"}, {"name": "C", "role": "luceres"}]


def figures(bots: list[str], games: int, options: dict | None = None) -> dict:
    records = runner.play("hoc-censeo", games=games, seed=1, bots=bots, options=options or {}, table=TABLE,
                          jobs=1, rotate=True)
    return runner.summarise("hoc-censeo", records, seed=1, bots=bots, options=options or {}, layouts="layouts/",
                            rotate=True)


def test_a_greedy_bot_holding_seals_for_its_objective_is_counted_when_it_spends_them():
    # it spends them when they finish its circle; that spending was once counted only under
    # the colour bought, and the report warned that "spend" was never taken
    summary = figures(["greedy"] * 3, 300)
    held = summary["choices"]["table"]["greedy"]["seals held for the objective"]
    assert held["spend"]["taken"] > 0
    assert held["keep the seals"]["taken"] > held["spend"]["taken"]
    assert not [w for w in summary["warnings"] if w["kind"] == "never_taken" and "seals" in w["label"]]


def test_the_magistrate_orders_tied_voters_in_every_order():
    bot = SIM.GreedyBot(Random(3), {})
    orders = {tuple(bot.order({}, "A", ["A", "B", "C"])) for _ in range(200)}
    assert len(orders) == 6


@pytest.mark.parametrize(("tribe", "spends"), [("titienses", False), ("ramnes", True)])
def test_greedy_keeps_its_seals_when_seals_are_its_objective(tribe, spends):
    state = rules.setup(SEATS, {})
    me = next(s["name"] for s in SEATS if s["role"] == tribe)
    state["players"][me]["seals"] = 4          # two portions' worth, far from a full circle
    mine = [d for d in rules.anytime(state) if d["player"] == me]
    action = SIM.GreedyBot(Random(1), {}).between_votes(public_view("hoc-censeo", state, me), me, "bleu", mine)
    assert (action is not None and action["action"] == "spend_seals") is spends


def test_greedy_spends_the_seals_that_finish_its_circle():
    state = rules.setup(SEATS, {})
    player = state["players"]["A"]
    player["circle"] = {**player["goal"]["circle"], "bleu": player["goal"]["circle"]["bleu"] - 1}
    player["seals"] = 2
    mine = [d for d in rules.anytime(state) if d["player"] == "A"]
    action = SIM.GreedyBot(Random(1), {}).between_votes(public_view("hoc-censeo", state, "A"), "A", "mauve", mine)
    assert action == {"action": "spend_seals", "player": "A", "colour": "bleu"}


def test_greedy_ballots_vary():
    state = rules.setup(SEATS, {})
    bot = SIM.GreedyBot(Random(5), {})
    ballots = {bot.ballot(public_view("hoc-censeo", state, "A"), "A", "bleu") for _ in range(50)}
    assert len(ballots) > 5
    assert all(pour <= 100 and not contre for pour, contre in ballots)


def test_the_lookahead_bot_plays_legal_games_the_same_for_the_same_seed():
    first = [SIM.play(TABLE, ["lookahead", "greedy", "random"], {"playouts": 8}, runner.game_rng(9, i))
             for i in range(20)]
    again = [SIM.play(TABLE, ["lookahead", "greedy", "random"], {"playouts": 8}, runner.game_rng(9, i))
             for i in range(20)]
    assert first == again
    assert all(r["finished"] for r in first)


def test_the_lookahead_budget_is_a_positive_number():
    with pytest.raises(BotError) as caught:
        SIM.play(TABLE, ["lookahead"] * 3, {"playouts": 0}, runner.game_rng(1, 0))
    assert str(caught.value) == "--option playouts needs a positive number, not 0"
    record = SIM.play(TABLE, ["lookahead"] * 3, {"think_ms": 0.5}, runner.game_rng(1, 0))
    assert record["finished"]


def test_the_lookahead_bot_beats_random_play():
    wins = figures(["lookahead", "random", "random"], 90, {"playouts": 16})["wins"]["bots"]
    assert wins["lookahead"]["low"] > wins["random"]["high"]


def _within(rates: dict, low: float, high: float) -> dict:
    fair = sum(r["rate"] for r in rates.values()) / len(rates)
    return {name: round(r["rate"] / fair, 2) for name, r in rates.items() if not low <= r["rate"] / fair <= high}


# Issue 26 asks every tribe within 0.75-1.25 times its fair share under greedy and lookahead
# bots; the tuned defaults reach it at these game counts too (README, "The default objectives",
# gives the 20,000-game figures).
TRIBE_BOUNDS = (0.75, 1.25)


def simulated(bot: str, games: int) -> dict:
    """`kit simulate hoc-censeo --rotate --json` as a designer runs it, on every core: the
    suite's longest simulations, whose figures are the same on any number of processes."""
    repo = LAYOUTS.parent
    command = [sys.executable, "-m", "kit", "simulate", "hoc-censeo", "--games", str(games), "--seed", "1",
               "--rotate", "--bots", bot, "--rules-from", str(LAYOUTS), "--json"]
    done = subprocess.run(command, cwd=repo, env={**os.environ, "PYTHONPATH": str(repo)},
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(("bot", "games"), [("random", 3000), ("greedy", 3000), ("lookahead", 300)])
def test_the_default_objectives_leave_each_seat_and_tribe_near_its_fair_share(bot, games):
    # random play pursues no objective, so only its seats are held to their share
    wins = simulated(bot, games)["wins"]
    assert not _within({s["seat"]: s for s in wins["seats"]}, 0.85, 1.15)
    if bot != "random":
        assert not _within(wins["roles"], *TRIBE_BOUNDS)
