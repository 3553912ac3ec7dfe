"""Play a batch of games on every core and sum them up.

Game i of a run with seed S draws all its chance (deals, dice, the hat, the bots' coin
flips) from its own generator, seeded with (S, i): the figures do not depend on how many
processes play nor on which one plays which game. Records come back in game order and are
summed in that order, so the JSON is the same to the last digit for the same seed.

A record (what a game module's `play` returns) is a small dict:
  roles     the role of each seat (Hoc Censeo's tribes), or None
  winners   the seat indices of the winners (several: a shared win; none: nobody won)
  finished  False when the game hit the simulator's turn cap before its rules ended it
  rounds, turns
  numbers   name -> a number, or a list of numbers (one per player), per game
  flags     name -> bool: the share of games where it happened
  tally     name -> a list of categories that happened (counted over the games)
  choices   bot -> decision -> option -> [times offered, times taken]
"""
from __future__ import annotations

import os
from collections import Counter
from random import Random
from typing import Callable

from kit.simulate import module
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import module as rule_module
from kit.simulate.stats import distribution, rate

CHUNK = 200          # games per task: big enough to amortise the pickling, small for the bar

_worker: dict = {}


def game_rng(seed: int, index: int) -> Random:
    """The chance of game `index` of a run: a function of (seed, index) only."""
    return Random(f"{seed}:{index}")


def _init(game: str, table, bots: list[str], options: dict, seed: int) -> None:
    _worker.update(game=module(game), table=table, bots=bots, options=options, seed=seed)


def _play_range(bounds: tuple[int, int]) -> list[dict]:
    w = _worker
    return [w["game"].play(w["table"], w["bots"], w["options"], game_rng(w["seed"], i)) for i in range(*bounds)]


def seat_bots(game: str, bots: list[str], players: int) -> list[str]:
    """One bot per seat: the list given, repeated as needed (`greedy` alone seats greedy bots
    everywhere; `random,greedy` alternates them)."""
    return [bots[i % len(bots)] for i in range(players)]


def player_count(game: str, players: int | None) -> int:
    """The player count asked for, or the game's usual one; refused outside the rules' range."""
    rules = rule_module(game)
    low = getattr(rules, "MIN_PLAYERS", getattr(rules, "PLAYERS", None))
    high = getattr(rules, "MAX_PLAYERS", getattr(rules, "PLAYERS", None))
    if players is None:
        return module(game).PLAYERS
    if not low <= players <= high:
        between = f"exactly {low}" if low == high else f"{low} to {high}"
        raise RuleViolation(f"{rules.TITLE} is played by {between} players, not {players}.")
    return players


def check(game: str, table, bots: list[str], options: dict) -> None:
    """Play game 0 here first: a setup the rules refuse (an unknown option, a bad value)
    raises its RuleViolation in this process, with its sentence, before any worker starts."""
    module(game).play(table, bots, options, game_rng(0, 0))


def play(game: str, *, games: int, seed: int, bots: list[str], options: dict, table,
         jobs: int | None = None, progress: Callable[[int], None] | None = None) -> list[dict]:
    """The records of `games` games, in game order."""
    jobs = max(1, min(jobs or os.cpu_count() or 1, (games + CHUNK - 1) // CHUNK))
    ranges = [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    records: list[dict] = []
    if jobs == 1:
        _init(game, table, bots, options, seed)
        for bounds in ranges:
            records += _play_range(bounds)
            if progress:
                progress(bounds[1] - bounds[0])
        return records
    import multiprocessing

    with multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(
            jobs, initializer=_init, initargs=(game, table, bots, options, seed)) as pool:
        for bounds, chunk in zip(ranges, pool.imap(_play_range, ranges)):
            records += chunk
            if progress:
                progress(bounds[1] - bounds[0])
    return records


def summarise(game: str, records: list[dict], *, seed: int, bots: list[str], options: dict,
              layouts: str) -> dict:
    """The figures of a batch: what `kit simulate --json` prints and the report draws."""
    sim = module(game)
    n = len(records)
    players = len(bots)
    seat_wins = Counter(w for r in records for w in r["winners"])
    wins = {
        "seats": [{"seat": i + 1, "bot": bots[i], **rate(seat_wins[i], n)} for i in range(players)],
        "bots": {},
        "roles": {},
        "shared": rate(sum(len(r["winners"]) > 1 for r in records), n),
        "nobody": rate(sum(not r["winners"] for r in records), n),
        "unfinished": rate(sum(not r["finished"] for r in records), n),
    }
    for bot in dict.fromkeys(bots):
        seats = [i for i, b in enumerate(bots) if b == bot]
        wins["bots"][bot] = rate(sum(seat_wins[i] for i in seats), n * len(seats))
    if records and records[0]["roles"]:
        played, won = Counter(), Counter()
        for r in records:
            played.update(r["roles"])
            won.update(r["roles"][i] for i in r["winners"])
        wins["roles"] = {role: rate(won[role], played[role]) for role in sim.ROLES if played[role]}

    figures: dict = {}
    for name, label in sim.FIGURES.items():
        if records and name in records[0]["numbers"]:
            values = [v for r in records for v in _listed(r["numbers"][name])]
            figures[name] = {"label": label, "kind": "distribution", **distribution(values)}
        elif records and name in records[0]["flags"]:
            figures[name] = {"label": label, "kind": "rate", **rate(sum(r["flags"][name] for r in records), n)}
        elif records and name in records[0]["tally"]:
            counts = Counter(c for r in records for c in r["tally"][name])
            figures[name] = {"label": label, "kind": "tally",
                             "of": {c: rate(k, n) for c, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))}}

    choices: dict = {}
    for r in records:
        for bot, decisions in r["choices"].items():
            for decision, options_seen in decisions.items():
                into = choices.setdefault(bot, {}).setdefault(decision, {})
                for option, (offered, taken) in options_seen.items():
                    total = into.setdefault(option, [0, 0])
                    total[0] += offered
                    total[1] += taken
    choice_table = {bot: {decision: {option: {"offered": o, "taken": t, "share": round(t / o, 4) if o else 0.0}
                                     for option, (o, t) in sorted(opts.items())}
                          for decision, opts in sorted(decisions.items())}
                    for bot, decisions in sorted(choices.items())}
    greedy = choices.get("greedy", {})
    return {
        "game": game,
        "games": n,
        "seed": seed,
        "players": players,
        "bots": bots,
        "heuristics": {bot: sim.BOTS[bot] for bot in dict.fromkeys(bots)},
        "options": options,
        "layouts": layouts,
        "wins": wins,
        "length": {"rounds": distribution([r["rounds"] for r in records]),
                   "turns": distribution([r["turns"] for r in records])},
        "figures": figures,
        "choices": {
            "table": choice_table,
            # the greedy bot's options offered at least once and never, or every time, taken
            "never": sorted(f"{d}: {o}" for d, opts in greedy.items() for o, (off, t) in opts.items()
                            if off and t == 0),
            # (with two options, one never taken is the other always taken: said once)
            "always": sorted(f"{d}: {o}" for d, opts in greedy.items() for o, (off, t) in opts.items()
                             if off and t == off and len(opts) > 2),
        },
    }


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]
