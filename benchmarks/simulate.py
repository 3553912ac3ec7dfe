"""Time `kit simulate` as a designer runs it: games per second on one core, per game, and
the same run on every core; or this checkout against another revision, in one run.

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

`--against REV` (issue 33: no game slower than before the cards were applied) measures this
checkout and REV (its files taken with `git archive`, nothing checked out) in one run, on a
shared machine: each side is a few long-lived processes (imports and the layouts' decks
read once in each, as a `kit simulate` run reads them; worker k of both sides with the same
hash seed), and the driver asks the sides in turn for short batches of the same games (game
i drawn from seed (1, i) on both sides), alternating which goes first and which worker
plays, the unchecked floor measured between them; medians of the CPU seconds per batch are
compared, and the load average is printed with them. A checkout against itself
(`--against HEAD` on a clean tree) shows what the measure can tell apart.

Run: python benchmarks/simulate.py [--games N] [GAME...]   (prints the numbers; never part of the test run)
     python benchmarks/simulate.py --lookahead               (the lookahead bots' cost only)
     python benchmarks/simulate.py --against c7c6ea3 [--rounds 15] [--seconds 0.3] [--processes 3] [GAME...]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from measure import kit

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"hoc-censeo": 10_000, "phd": 1_500, "amphitheatre": 3_000, "promotion": 3_000}   # games/s, one core
# games per lookahead measure: a PHD or Amphithéâtre game of lookahead bots costs seconds
LOOKAHEAD_GAMES = {"hoc-censeo": 60, "phd": 4, "amphitheatre": 4, "promotion": 6}
FLOOR_GAMES = 20_000
UNCHECKED_THEN = 10_000    # games/s of an unchecked Hoc Censeo where issue 26 set its goals


def game_ids() -> list[str]:
    """The games of the rules' registry (the one name both revisions of --against share)."""
    from scorekeeper.rules import GAME_IDS

    return list(GAME_IDS)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to time (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=10_000, metavar="N",
                        help="games per `kit simulate` run (default 10,000)")
    parser.add_argument("--lookahead", action="store_true", help="only the lookahead bots' cost per decision")
    parser.add_argument("--against", metavar="REV", help="a git revision to measure in the same run as this checkout")
    parser.add_argument("--rounds", type=int, default=15, help="with --against: batches per side and game")
    parser.add_argument("--seconds", type=float, default=0.3, help="with --against: CPU seconds a batch aims at")
    parser.add_argument("--processes", type=int, default=3, help="with --against: worker processes per side")
    args = parser.parse_args(argv)
    known = game_ids()
    unknown = [g for g in args.games if g not in known]
    if unknown:
        parser.error(f"no game called {unknown[0]}; the games are {', '.join(known)}")
    args.games = args.games or known
    if args.count < 2 or args.rounds < 1 or args.seconds <= 0 or args.processes < 1:
        parser.error("--games needs 2 or more, --rounds and --processes 1 or more, --seconds more than 0")
    return args


def rate(game: str, games: int, jobs: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, both above the floor; the floor's wall seconds)."""
    floor = kit("simulate", game, "--games", "1", "--jobs", "1", "--json")
    run = kit("simulate", game, "--games", str(games), "--jobs", str(jobs), "--json")
    json.loads(run.stdout)        # the command printed its figures
    wall = (games - 1) / max(run.seconds - floor.seconds, 1e-9)
    cpu = (games - 1) / max(run.cpu_seconds - floor.cpu_seconds, 1e-9)
    return wall, cpu, floor.seconds


def floor_run(games: int, seed: int) -> float:
    """CPU seconds of `games` games of Hoc Censeo played unchecked: whole games (nine votes,
    the spending between them) on the lookahead bot's compact model, the greedy policy at
    every seat, tribes and motions drawn as `kit simulate` draws them."""
    from random import Random

    from kit.games.hoc_censeo import bots as hoc
    from scorekeeper.rules import hoc_censeo as rules

    table = hoc.load(ROOT / "layouts")
    rng = Random(seed)
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
    return time.process_time() - start


def unchecked_floor(games: int = FLOOR_GAMES) -> float:
    """Games per CPU second of Hoc Censeo played unchecked (floor_run), best of three runs."""
    return max(games / floor_run(games, run) for run in range(3))


def main(args: argparse.Namespace) -> None:
    cores = os.cpu_count() or 1
    floor = unchecked_floor()
    print(f"{args.count} games per run; start-up = the same command with 1 game. CPU seconds (user + system, the "
          "workers included) say what a core sustains even when the machine is busy; wall seconds what you wait.")
    print(f"floor: Hoc Censeo unchecked (compact model, greedy) {floor:,.0f} games per CPU second in this run; "
          f"issue 26's goals were set where it ran about {UNCHECKED_THEN:,}")
    for game in args.games:
        wall, cpu, start = rate(game, args.count, 1)
        every, _, _ = rate(game, args.count, cores)
        line = (f"{game:13} {cpu:7.0f} games per CPU second ({cpu / floor:.3f} x the floor)   "
                f"{wall:7.0f}/s wall on 1 core   {every:7.0f}/s wall on {cores} cores   (start-up {start:.2f} s)")
        if game in GOALS:
            goal = GOALS[game] / UNCHECKED_THEN
            line += (f"   {cpu / GOALS[game]:.2f}x the {GOALS[game]:,} games/s goal, "
                     f"{cpu / floor / goal:.2f}x it as a ratio ({goal:.2f} x the floor)")
        print(line)
    lookahead(args.games)


def lookahead(games: list[str]) -> None:
    """Each game's lookahead bot at its default budget: CPU milliseconds per decision it
    looks ahead for (the playouts included), and games a CPU second with one at every seat."""
    for game in games:
        print(_lookahead_cost(game))


def _lookahead_cost(game: str) -> str:
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
    table = sim.load(ROOT / "layouts")
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


# --- this checkout against another revision, in one run ----------------------------------------

WARM_UP_INDEX = 1_000_000     # the warm-up's games: none of the games measured


class Games:
    """The games of one checkout played on request, in this process: what a worker of
    `--against` runs, with that checkout's code and layouts (only names both revisions have:
    kit.simulate.module, runner.play_games, runner.seat_bots, runner.summarise, bots.load).
    Each game's deck is read once, on its first request, as a `kit simulate` run reads it."""

    def __init__(self, code: Path):
        self.code, self.tables = code, {}

    def batch(self, game: str, start: int, count: int) -> float:
        """CPU seconds of games start..start+count-1 of seed 1, greedy bots at the game's
        usual table, and their figures summed up, as `kit simulate --jobs 1` plays them."""
        from kit.simulate import module, runner

        sim = module(game)
        if game not in self.tables:
            self.tables[game] = (sim.load(self.code / "layouts"), runner.seat_bots(game, ["greedy"], sim.PLAYERS))
        table, seats = self.tables[game]
        begin = time.process_time()
        records = runner.play_games(game, table, seats, {}, 1, False, (start, start + count))
        runner.summarise(game, records, seed=1, bots=seats, options={}, layouts="layouts/")
        return time.process_time() - begin

    def warm_up(self, game: str, seconds: float) -> float:
        """Games per CPU second over `seconds` of games none measured (imports, the deck, caches)."""
        played, spent = 0, 0.0
        while spent < seconds or played < 2:
            spent += self.batch(game, WARM_UP_INDEX + played, 1)
            played += 1
        return played / spent


def serve(code: Path) -> None:
    """A worker of --against: one JSON request a line on stdin, one JSON answer a line."""
    games = Games(code)
    for line in sys.stdin:
        ask = json.loads(line)
        if "seconds" in ask:
            answer = games.warm_up(ask["game"], ask["seconds"])
        else:
            answer = games.batch(ask["game"], ask["start"], ask["count"])
        print(json.dumps(answer), flush=True)


class Side:
    """One checkout's worker processes (its code on PYTHONPATH, this benchmark's script).
    Worker k of each side runs with the hash seed k + 1: a process's own speed differs by a
    few per cent with its hash seed and memory layout (one checkout against itself measured
    0.94 with one process a side), so batches go to the workers in turn, paired across sides."""

    def __init__(self, label: str, code: Path, processes: int):
        self.label = label
        self.workers = [subprocess.Popen([sys.executable, __file__, "--serve", str(code)],
                                         env={**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": str(k + 1)},
                                         cwd=code, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                        for k in range(processes)]

    def ask(self, worker: int, **request) -> float:
        process = self.workers[worker]
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        if not answer:
            sys.exit(f"the {self.label} worker stopped (its error above)")
        return float(json.loads(answer))

    def close(self) -> None:
        for process in self.workers:
            assert process.stdin is not None
            process.stdin.close()
            process.wait()


def checkout_of(rev: str, folder: Path) -> tuple[str, Path]:
    """REV's code and layouts written into folder (git archive: no worktree, no index)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--short", f"{rev}^{{commit}}"],
                            capture_output=True, text=True)
    if commit.returncode != 0:
        sys.exit(f"no revision {rev}: {commit.stderr.strip()}")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit.stdout.strip(),
                              "kit", "scorekeeper", "layouts"], capture_output=True, check=True)
    import io

    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return commit.stdout.strip(), folder


def spread(values: list[float]) -> str:
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return f"{quartiles[0]:,.0f}-{quartiles[2]:,.0f}"


def against(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="kit-bench-") as folder:
        commit, before = checkout_of(args.against, Path(folder))
        here = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                              capture_output=True, text=True).stdout.strip()
        sides = [Side(f"before ({commit})", before, args.processes),
                 Side(f"this checkout ({here})", ROOT, args.processes)]
        loads = [os.getloadavg()]
        print(f"greedy bots, the game's usual table; {args.rounds} batches per side and game, each the same games "
              f"on both sides, sides alternating (which goes first too), {args.processes} processes a side in "
              f"turn, the floor (Hoc Censeo unchecked) "
              f"between them; medians of games per CPU second. Load average at the start "
              f"{loads[0][0]:.1f} {loads[0][1]:.1f} {loads[0][2]:.1f} on {os.cpu_count()} cores.")
        try:
            for game in args.games:
                warm = [min(side.ask(k, game=game, seconds=args.seconds / 2) for k in range(args.processes))
                        for side in sides]
                count = max(1, round(args.seconds * min(warm)))
                floor_count = max(100, round(args.seconds * 200 / floor_run(200, 0)))
                rates: list[list[float]] = [[] for _ in sides]
                floors: list[float] = []
                for r in range(args.rounds):
                    order = list(range(len(sides))) if r % 2 == 0 else list(reversed(range(len(sides))))
                    for i in order:
                        rates[i].append(count / side_time(sides[i], r % args.processes, game, r * count, count))
                        if i == order[0]:
                            floors.append(floor_count / floor_run(floor_count, r))
                    loads.append(os.getloadavg())
                floor = statistics.median(floors)
                medians = [statistics.median(rs) for rs in rates]
                paired = statistics.median(b / a for a, b in zip(*rates))
                print(f"{game:13} floor {floor:,.0f}/s (quartiles {spread(floors)})")
                for side, rs, median in zip(sides, rates, medians):
                    print(f"{'':13} {side.label:32} {median:8,.0f} games per CPU second "
                          f"(quartiles {spread(rs)}), {median / floor:.4f} x the floor")
                print(f"{'':13} this checkout / before: {medians[1] / medians[0]:.3f} of the medians, "
                      f"{paired:.3f} the median of the {args.rounds} batches' ratios ({count} games a batch)")
        finally:
            for side in sides:
                side.close()
        ones = [load[0] for load in loads]
        print(f"load average (1 min) over the run: median {statistics.median(ones):.1f}, "
              f"{min(ones):.1f} to {max(ones):.1f}, on {os.cpu_count()} cores")


def side_time(side: Side, worker: int, game: str, start: int, count: int) -> float:
    return max(side.ask(worker, game=game, start=start, count=count), 1e-9)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(Path(sys.argv[2]))
    else:
        arguments = parse()
        if arguments.against:
            against(arguments)
        elif arguments.lookahead:
            lookahead(arguments.games)
        else:
            main(arguments)
