"""Time `kit simulate` as a designer runs it: games per second on one core, per game, and
the same run on every core.

The floor is the same command with one game (start-up, imports, reading the layouts); the
rate is what the extra games cost above it. The issue's bar: at least 2,000 full Hoc Censeo
games a second on one core.

Run: python benchmarks/simulate.py [GAMES]   (prints the numbers; never part of the test run)
"""
from __future__ import annotations

import json
import os
import sys

from measure import kit

from kit.simulate import MODULES

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
HOC_CENSEO_FLOOR = 2_000      # games a second on one core


def rate(game: str, games: int, jobs: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, both above the floor; the floor's wall seconds)."""
    floor = kit("simulate", game, "--games", "1", "--jobs", "1", "--json")
    run = kit("simulate", game, "--games", str(games), "--jobs", str(jobs), "--json")
    json.loads(run.stdout)        # the command printed its figures
    wall = (games - 1) / max(run.seconds - floor.seconds, 1e-9)
    cpu = (games - 1) / max(run.cpu_seconds - floor.cpu_seconds, 1e-9)
    return wall, cpu, floor.seconds


def main() -> None:
    cores = os.cpu_count() or 1
    print(f"{GAMES} games per run; floor = the same command with 1 game. CPU seconds (user + system, the "
          "workers included) say what a core sustains even when the machine is busy; wall seconds what you wait.")
    for game in MODULES:
        wall, cpu, floor = rate(game, GAMES, 1)
        every, _, _ = rate(game, GAMES, cores)
        line = (f"{game:13} {cpu:7.0f} games per CPU second   {wall:7.0f}/s wall on 1 core   "
                f"{every:7.0f}/s wall on {cores} cores   (floor {floor:.2f} s)")
        if game == "hoc-censeo":
            line += f"   {cpu / HOC_CENSEO_FLOOR:.2f}x the {HOC_CENSEO_FLOOR} games/s bar"
        print(line)


if __name__ == "__main__":
    main()
