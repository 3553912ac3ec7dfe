"""Time `kit simulate` as a designer runs it: games per second on one core, per game, and
the same run on every core.

The start-up is the same command with one game (imports, reading the layouts); the rate is
what the extra games cost above it, with the engine checking every bot action.
Issue 26's goals per core (greedy bots): Hoc Censeo 10,000 games/s, PHD 1,500, Amphithéâtre
and Promotion 3,000. Then the lookahead bot's cost per decision, in this process.

Machines differ 2-3x (and a busy one more), so each rate is also printed as a ratio to a
floor measured in the same run: Hoc Censeo played unchecked, on the Hoc Censeo lookahead
bot's compact model of a vote (kit/games/hoc_censeo/bots.py `playout`: the same rules, the
greedy policy at every seat, no engine, no views, no checks), in this process. Issue 26 set
its goals where an unchecked Hoc Censeo ran about 10,000 games/s, so the goals read as
ratios to that floor: Hoc Censeo 1.0, Amphithéâtre and Promotion 0.3, PHD 0.15.

Run: python benchmarks/simulate.py [GAMES]   (prints the numbers; never part of the test run)
     python benchmarks/simulate.py lookahead   (the lookahead bots' cost only)
"""
from __future__ import annotations

import json
import os
import sys
import time

from measure import kit

from kit.games import KITS as MODULES

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 10_000
GOALS = {"hoc-censeo": 10_000, "phd": 1_500, "amphitheatre": 3_000, "promotion": 3_000}   # games/s, one core
# games per lookahead measure: a PHD or Amphithéâtre game of lookahead bots costs seconds
LOOKAHEAD_GAMES = {"hoc-censeo": 60, "phd": 4, "amphitheatre": 4, "promotion": 6}
FLOOR_GAMES = 20_000
UNCHECKED_THEN = 10_000    # games/s of an unchecked Hoc Censeo where issue 26 set its goals


def rate(game: str, games: int, jobs: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, both above the floor; the floor's wall seconds)."""
    floor = kit("simulate", game, "--games", "1", "--jobs", "1", "--json")
    run = kit("simulate", game, "--games", str(games), "--jobs", str(jobs), "--json")
    json.loads(run.stdout)        # the command printed its figures
    wall = (games - 1) / max(run.seconds - floor.seconds, 1e-9)
    cpu = (games - 1) / max(run.cpu_seconds - floor.cpu_seconds, 1e-9)
    return wall, cpu, floor.seconds


def unchecked_floor(games: int = FLOOR_GAMES) -> float:
    """Games per CPU second of Hoc Censeo played unchecked: whole games (nine votes, the
    spending between them) on the lookahead bot's compact model, the greedy policy at every
    seat, tribes and motions drawn as `kit simulate` draws them. Best of three runs."""
    from pathlib import Path
    from random import Random

    from kit.games.hoc_censeo import bots as hoc
    from scorekeeper.rules import hoc_censeo as rules

    table = hoc.load(Path(__file__).resolve().parent.parent / "layouts")
    best = 0.0
    for run in range(3):
        rng = Random(run)
        start = time.process_time()
        for _ in range(games):
            world = []
            for tribe in rng.sample(hoc.ROLES, rules.PLAYERS):
                goal = table["objectives"][tribe]
                world.append([rules.START_SENATORS, rules.START_GOLD, rules.START_SEALS,
                              dict.fromkeys(rules.COLOURS, 0), 0, goal["circle"], goal["secondary"]["kind"],
                              goal["secondary"]["amount"], 0])
            colour = rng.choice(table["hat"])
            me = world[0]
            amount = hoc.greedy_amount(me[0], rules.ROUNDS, rng)
            side = hoc.greedy_side(me[3], {"circle": me[5], "secondary": {"kind": me[6], "amount": me[7]}},
                                   me[1], colour)
            hoc.playout(world, 0, (amount, 0) if side == "pour" else (0, amount), colour, 0, table["hat"], rng)
        best = max(best, games / (time.process_time() - start))
    return best


def main() -> None:
    cores = os.cpu_count() or 1
    floor = unchecked_floor()
    print(f"{GAMES} games per run; start-up = the same command with 1 game. CPU seconds (user + system, the "
          "workers included) say what a core sustains even when the machine is busy; wall seconds what you wait.")
    print(f"floor: Hoc Censeo unchecked (compact model, greedy) {floor:,.0f} games per CPU second in this run; "
          f"issue 26's goals were set where it ran about {UNCHECKED_THEN:,}")
    for game in MODULES:
        wall, cpu, start = rate(game, GAMES, 1)
        every, _, _ = rate(game, GAMES, cores)
        line = (f"{game:13} {cpu:7.0f} games per CPU second ({cpu / floor:.3f} x the floor)   "
                f"{wall:7.0f}/s wall on 1 core   {every:7.0f}/s wall on {cores} cores   (start-up {start:.2f} s)")
        if game in GOALS:
            goal = GOALS[game] / UNCHECKED_THEN
            line += (f"   {cpu / GOALS[game]:.2f}x the {GOALS[game]:,} games/s goal, "
                     f"{cpu / floor / goal:.2f}x it as a ratio ({goal:.2f} x the floor)")
        print(line)
    lookahead()


def lookahead() -> None:
    """Each game's lookahead bot at its default budget: CPU milliseconds per decision it
    looks ahead for (the playouts included), and games a CPU second with one at every seat."""
    for game in MODULES:
        print(_lookahead_cost(game))


def _lookahead_cost(game: str) -> str:
    from pathlib import Path

    from kit.simulate import mcts, module, runner

    sim = module(game)
    if "lookahead" not in sim.BOTS:
        return f"{game:13} no lookahead bot"
    spent = {"seconds": 0.0, "decisions": 0, "playouts": 0}
    plain = mcts.search

    def timed(*args):           # every game's lookahead bot decides through the one search
        start = time.process_time()
        best, total = plain(*args)
        spent["seconds"] += time.process_time() - start
        spent["decisions"] += 1
        spent["playouts"] += total
        return best, total

    mcts.search = timed
    table = sim.load(Path(__file__).resolve().parent.parent / "layouts")
    games = LOOKAHEAD_GAMES[game]
    start = time.process_time()
    try:
        for i in range(games):
            sim.play(table, ["lookahead"] * sim.PLAYERS, {}, runner.game_rng(1, i))
    finally:
        mcts.search = plain
    total = time.process_time() - start
    decisions = max(spent["decisions"], 1)
    return (f"{game:13} lookahead: {1000 * spent['seconds'] / decisions:.2f} ms CPU per decision "
            f"({spent['playouts'] / decisions:.0f} playouts, "
            f"{1e6 * spent['seconds'] / max(spent['playouts'], 1):.0f} µs each, "
            f"{spent['decisions'] / games:.0f} decisions a game); "
            f"{games / total:.2f} games per CPU second with {sim.PLAYERS} lookahead bots ({games} games)")


if __name__ == "__main__":
    lookahead() if sys.argv[1:] == ["lookahead"] else main()
