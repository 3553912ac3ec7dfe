"""Play a batch of games on every core, or on a Dask cluster, and sum them up.

Game i of a run with seed S draws all its chance (deals, dice, the hat, the bots' coin
flips) from its own generator, seeded with (S, i): the figures do not depend on how many
processes play nor on which one (or which machine) plays which game. Records come back in
game order and are summed in that order, so the JSON is the same to the last digit for the
same seed with --jobs 1, every core or --cluster.

A record (what a game module's `play` returns) is a small dict:
  roles     the role of each seat (Hoc Censeo's tribes), or None
  winners   the seat indices of the winners (several: a shared win; none: nobody won)
  finished  False when the game hit the simulator's turn cap before its rules ended it
  rounds, turns
  numbers   name -> a number, or a list of numbers (one per player), per game
  flags     name -> bool: the share of games where it happened
  tally     name -> a list of categories that happened (counted over the games)
  choices   bot -> decision -> option -> [times offered, times taken]
  how       one way per winner, in the game's words (its bots module's WAYS_TO_WIN)
  margin    the winners' lead over the best other player in the game's own score, or None
  items     group -> [[item, seat index or None, outcome or None], ...]: cards played, motions
  bots      the bot of each seat in that game (added here: --rotate turns them round)
`--records FILE.jsonl` writes each record as it is, with the game's id and index.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from random import Random
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO

from kit import faces
from kit.errors import KitError
from kit.i18n import _
from kit.simulate import Choices, GameRecord, Summary, TableData, Warning, module
from kit.simulate.stats import Rate, distribution, games_to_settle, rate
from scorekeeper.errors import RuleViolation, plural
from scorekeeper.rules import of as rules_of

if TYPE_CHECKING:
    from dask.distributed import Client

CHUNK = 200          # games per task: big enough to amortise the pickling, small for the bar

# play_games's arguments but the bounds: (game, table, bots, options, seed, rotate).
_Args = tuple[str, TableData, list[str], dict[str, Any], int, bool]

_worker: dict[str, _Args] = {}


def game_rng(seed: int, index: int) -> Random:
    """The chance of game `index` of a run: a function of (seed, index) only."""
    return Random(f"{seed}:{index}")


def seat_order(bots: list[str], index: int, rotate: bool) -> list[str]:
    """The bots of game `index`, seat by seat: as given, or turned by one seat each game when
    rotating (game i seats bot k at seat (k + i) mod players), so that over any multiple of
    the player count every seat has played every bot as often."""
    if not rotate:
        return bots
    shift = index % len(bots)
    return bots[-shift:] + bots[:-shift] if shift else bots


def play_games(game: str, table: TableData, bots: list[str], options: dict[str, Any], seed: int, rotate: bool,
               bounds: tuple[int, int]) -> list[GameRecord]:
    """The records of games bounds[0] to bounds[1] - 1: a pure function of its arguments,
    whichever process or machine runs it. Each record gets `bots`, the bot of each seat."""
    sim = module(game)
    records = []
    for i in range(*bounds):
        seated = seat_order(bots, i, rotate)
        record: GameRecord = sim.play(table, seated, options, game_rng(seed, i))
        record["bots"] = seated
        records.append(record)
    return records


def _init(game: str, table: TableData, bots: list[str], options: dict[str, Any], seed: int, rotate: bool) -> None:
    _worker.update(args=(game, table, bots, options, seed, rotate))


def _play_range(bounds: tuple[int, int]) -> list[GameRecord]:
    return play_games(*_worker["args"], bounds)


def seat_bots(game: str, bots: list[str], players: int) -> list[str]:
    """One bot per seat: the list given, repeated as needed (`greedy` alone seats greedy bots
    everywhere; `random,greedy` alternates them)."""
    return [bots[i % len(bots)] for i in range(players)]


def player_count(game: str, players: int | None) -> int:
    """The player count asked for, or the game's usual one; refused outside the rules' range."""
    rules = rules_of(game)
    low, high = rules.min_players, rules.max_players
    if players is None:
        count: int = module(game).PLAYERS   # every game's bots.py declares its usual player count
        return count
    if not low <= players <= high:
        if low == high:
            raise RuleViolation(plural("{title} is played by exactly {low} player, not {players}.",
                                       "{title} is played by exactly {low} players, not {players}.", low),
                                title=rules.title, low=low, players=players)
        raise RuleViolation(plural("{title} is played by {low} to {high} player, not {players}.",
                                   "{title} is played by {low} to {high} players, not {players}.", high),
                            title=rules.title, low=low, high=high, players=players)
    return players


def check(game: str, table: TableData, bots: list[str], options: dict[str, Any]) -> None:
    """Play game 0 here first: a setup the rules refuse (an unknown option, a bad value)
    raises its RuleViolation in this process, with its sentence, before any worker starts."""
    module(game).play(table, bots, options, game_rng(0, 0))


def play(game: str, *, games: int, seed: int, bots: list[str], options: dict[str, Any], table: TableData,
         jobs: int | None = None, progress: Callable[[int], None] | None = None, rotate: bool = False,
         cluster: str | Client | None = None) -> list[GameRecord]:
    """The records of `games` games, in game order: on this process (jobs=1), on local
    processes (the default), or on a Dask cluster (`cluster`: a scheduler's address, or a
    dask.distributed Client). Every way plays the same games with the same chance."""
    ranges = [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    args: _Args = (game, table, bots, options, seed, rotate)
    records: list[GameRecord] = []
    if cluster is not None:
        for bounds, chunk in zip(ranges, _on_cluster(cluster, args, ranges)):
            records += chunk
            if progress:
                progress(bounds[1] - bounds[0])
        return records
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(ranges)))
    if jobs == 1:
        for bounds in ranges:
            records += play_games(*args, bounds)
            if progress:
                progress(bounds[1] - bounds[0])
        return records
    import multiprocessing

    with multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(
            jobs, initializer=_init, initargs=args) as pool:
        for bounds, chunk in zip(ranges, pool.imap(_play_range, ranges)):
            records += chunk
            if progress:
                progress(bounds[1] - bounds[0])
    return records


def _on_cluster(cluster: str | Client, args: _Args, ranges: list[tuple[int, int]]) -> Iterator[list[GameRecord]]:
    """Each chunk's records, in game order, played by the cluster's workers (each worker
    needs the kit installed, and the same version as here: the records are its rules').
    The table (decks, motions) goes to the workers once."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise KitError(_("--cluster needs dask.distributed: pip install 'kit[cluster]'")) from None
    client = cluster if isinstance(cluster, Client) else Client(cluster)
    try:
        game, table, bots, options, seed, rotate = args
        [shared] = client.scatter([table], broadcast=True)
        futures = [client.submit(play_games, game, shared, bots, options, seed, rotate, bounds, pure=False)
                   for bounds in ranges]
        for future in futures:
            yield future.result()
            future.release()
    finally:
        if client is not cluster:
            client.close()


def write_records(out: TextIO, game: str, records: list[GameRecord], variant: str | None = None) -> None:
    """One line of JSON per game, in game order, to the open file `out` (`kit simulate
    --records FILE.jsonl`): the game's id, its variant when comparing, its index in the run
    (game i drew its chance from (seed, i)), and its record as the bots module made it."""
    head = {"game": game, **({"variant": variant} if variant is not None else {})}
    for index, record in enumerate(records):
        out.write(json.dumps({**head, "index": index, **record}, ensure_ascii=False, sort_keys=True) + "\n")


def summarise(game: str, records: list[GameRecord], *, seed: int, bots: list[str], options: dict[str, Any],
              layouts: str, rotate: bool = False) -> Summary:
    """The figures of a batch: what `kit simulate --json` prints and the report draws, made
    in named steps (who wins, by seat, bot and role; how; the game's own figures; the bots'
    choices), then the warnings they call for."""
    sim = module(game)
    n = len(records)
    declared = faces.of(game)
    wins = _wins(sim, records, bots, rotate, declared.ways_to_win)
    choices = _choices(records)
    summary: Summary = {
        "game": game,
        "games": n,
        "seed": seed,
        "players": len(bots),
        "bots": bots,
        "rotate": rotate,
        "heuristics": {bot: sim.BOTS[bot] for bot in dict.fromkeys(bots)},
        "simplifications": {bot: list(declared.simplifications.get(bot, ())) for bot in dict.fromkeys(bots)},
        "options": options,
        "layouts": layouts,
        "ways_to_win": list(declared.ways_to_win),
        "role_names": {role: declared.role_names.get(role, role) for role in wins["roles"]},
        "wins": wins,
        "length": {"rounds": distribution([r["rounds"] for r in records]),
                   "turns": distribution([r["turns"] for r in records])},
        "figures": _figures(sim, records),
        "items": _items(records, n),
        "choices": _choice_summary(choices),
    }
    summary["warnings"] = warnings(summary)
    return summary


def _wins(sim: ModuleType, records: list[GameRecord], bots: list[str], rotate: bool,
          ways_to_win: tuple[str, ...]) -> dict[str, Any]:
    """Who wins: each seat, each bot, each role (and seat x role), shared wins, nobody, games
    cut at the turn cap, how the winners won, the margins, and the games each rate needs."""
    n = len(records)
    players = len(bots)
    seat_wins = Counter(w for r in records for w in r["winners"])
    wins: dict[str, Any] = {
        "seats": [{"seat": i + 1, "bot": ROTATED if rotate else bots[i], **rate(seat_wins[i], n)}
                  for i in range(players)],
        "bots": _bot_wins(records, bots),
        "roles": {},
        "shared": rate(sum(len(r["winners"]) > 1 for r in records), n),
        "nobody": rate(sum(not r["winners"] for r in records), n),
        "unfinished": rate(sum(not r["finished"] for r in records), n),
    }
    if records and records[0]["roles"]:
        wins["roles"], wins["seat_roles"] = _role_wins(sim, records, players)
    wins["how"] = _ways(ways_to_win, records)
    margins = [margin for r in records if (margin := r.get("margin")) is not None]
    if margins:
        wins["margin"] = distribution(margins)
    # how many games each headline rate needs before its interval is ± 1 point wide
    wins["settle"] = {"half_width": 0.01,
                      "seats": [games_to_settle(s) for s in wins["seats"]],
                      "roles": {role: games_to_settle(r) for role, r in wins["roles"].items()},
                      "bots": {bot: games_to_settle(r) for bot, r in wins["bots"].items()}}
    return wins


def _bot_wins(records: list[GameRecord], bots: list[str]) -> dict[str, Rate]:
    """Each bot's share of the seats it played that won."""
    seated: Counter[str] = Counter()   # per bot: seats played, seats that won
    won: Counter[str] = Counter()
    for r in records:
        seated.update(r["bots"])
        won.update(r["bots"][i] for i in r["winners"])
    return {bot: rate(won[bot], seated[bot]) for bot in dict.fromkeys(bots)}


def _role_wins(sim: ModuleType, records: list[GameRecord], players: int) -> tuple[dict[str, Rate], list[dict[str, Rate]]]:
    """Each role's win rate, and the seat x role table: each seat's win rate with each role
    it was dealt."""
    played: Counter[str] = Counter()
    won_roles: Counter[str] = Counter()
    by_seat: list[tuple[Counter[str], Counter[str]]] = [(Counter(), Counter()) for _seat in range(players)]
    for r in records:
        dealt = r["roles"]
        assert dealt is not None, "a game with roles deals one to each seat of every game"
        played.update(dealt)
        won_roles.update(dealt[i] for i in r["winners"])
        for i, role in enumerate(dealt):
            by_seat[i][0][role] += 1
            by_seat[i][1][role] += i in r["winners"]
    roles = {role: rate(won_roles[role], played[role]) for role in sim.ROLES if played[role]}
    return roles, [{role: rate(w[role], p[role]) for role in sim.ROLES if p[role]} for p, w in by_seat]


def _ways(ways_to_win: tuple[str, ...], records: list[GameRecord]) -> dict[str, Rate]:
    """How the winners won: each way's share of the games, the most frequent first; a way
    never taken shows at 0 %."""
    ways = Counter(way for r in records for way in set(r.get("how", ())))
    ways.update(dict.fromkeys(ways_to_win, 0))
    return {way: rate(k, len(records)) for way, k in sorted(ways.items(), key=lambda kv: (-kv[1], kv[0]))}


def _figures(sim: ModuleType, records: list[GameRecord]) -> dict[str, dict[str, Any]]:
    """The game's own figures (its FIGURES), each by its kind in the records: a distribution
    of numbers, the rate of a flag, or a tally of categories."""
    n = len(records)
    figures: dict[str, dict[str, Any]] = {}
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
    return figures


def _choices(records: list[GameRecord]) -> dict[str, Choices]:
    """The bots' choices summed over the games: bot -> decision -> option -> [offered, taken]."""
    choices: dict[str, Choices] = {}
    for r in records:
        for bot, decisions in r["choices"].items():
            for decision, options_seen in decisions.items():
                into = choices.setdefault(bot, {}).setdefault(decision, {})
                for option, (offered, taken) in options_seen.items():
                    total = into.setdefault(option, [0, 0])
                    total[0] += offered
                    total[1] += taken
    return choices


def _choice_summary(choices: dict[str, Choices]) -> dict[str, Any]:
    """Each bot's choices as shares, and the greedy bot's options offered at least once and
    never, or every time, taken."""
    table = {bot: {decision: {option: {"offered": o, "taken": t, "share": round(t / o, 4) if o else 0.0}
                              for option, (o, t) in sorted(opts.items())}
                   for decision, opts in sorted(decisions.items())}
             for bot, decisions in sorted(choices.items())}
    greedy = choices.get("greedy", {})
    return {
        "table": table,
        "never": sorted(f"{d}: {o}" for d, opts in greedy.items() for o, (off, t) in opts.items() if off and t == 0),
        # (with two options, one never taken is the other always taken: said once)
        "always": sorted(f"{d}: {o}" for d, opts in greedy.items() for o, (off, t) in opts.items()
                         if off and t == off and len(opts) > 2),
    }


ROTATED = "rotated"     # a seat's bot when --rotate turns the bots round the table


def _items(records: list[GameRecord], n: int) -> dict[str, dict[str, Any]]:
    """Per card (per motion...): how often it comes up per game, in how many games, how
    often whoever played it won that game, and what came of it."""
    out: dict[str, dict[str, Any]] = {}
    for group in dict.fromkeys(g for r in records for g in r.get("items", {})):
        seen: Counter[str] = Counter()
        games: Counter[str] = Counter()
        by_seat: Counter[str] = Counter()
        won: Counter[str] = Counter()
        outcomes: dict[str, Counter[str]] = {}
        for r in records:
            entries = r.get("items", {}).get(group, ())
            games.update({item for item, _seat, _outcome in entries})
            for item, seat, outcome in entries:
                seen[item] += 1
                if seat is not None:
                    by_seat[item] += 1
                    won[item] += seat in r["winners"]
                if outcome is not None:
                    counted = outcomes.get(item)    # a Counter made once per item, not per entry
                    if counted is None:
                        counted = outcomes[item] = Counter()
                    counted[outcome] += 1
        out[group] = {item: {"per_game": round(seen[item] / n, 4), "games": rate(games[item], n),
                             **({"player_won": rate(won[item], by_seat[item])} if by_seat[item] else {}),
                             **({"outcomes": {o: rate(k, seen[item]) for o, k in sorted(outcomes[item].items())}}
                                if item in outcomes else {})}
                      for item in sorted(seen, key=lambda i: (-seen[i], i))}
    return out


FAIR_LOW, FAIR_HIGH = 0.5, 1.5     # a share outside these times its fair share is flagged


def warnings(summary: Summary) -> list[Warning]:
    """Figures a designer should not trust before looking twice: each a dict with its
    `kind` and what the report needs to say it (the words are the report's).

    certain       a rate at 0 % or 100 % (a seat, a role, a way to win, a game's figure)
    share         a seat, role or bot above FAIR_HIGH or under FAIR_LOW times its fair share
    same_end      every game ends the same way (one way to win, one category of a tally)
    never_taken   an option a bot was offered and never took: the bot's design, which says
                  nothing of the option's worth
    """
    out: list[Warning] = []
    wins = summary["wins"]
    names = summary.get("role_names") or {role: role for role in wins["roles"]}
    if not summary["games"]:
        return out

    def certain(what: str, label: str, r: dict[str, Any]) -> None:
        if r["of"] and r["rate"] in (0.0, 1.0):
            out.append({"kind": "certain", "what": what, "label": label, "rate": r["rate"],
                        **({"name": names[label]} if what == "role" else {})})

    for s in wins["seats"]:
        certain("seat", str(s["seat"]), s)
    for role, r in wins["roles"].items():
        certain("role", role, r)
    for figure in summary["figures"].values():
        if figure["kind"] == "rate":
            certain("figure", figure["label"], figure)
    out += _share_warnings(wins, names)
    out += _same_end_warnings(summary)
    out += _never_taken_warnings(summary)
    return out


def _share_warnings(wins: dict[str, Any], names: dict[str, str]) -> list[Warning]:
    """A seat, role or bot (when bots differ) above FAIR_HIGH or under FAIR_LOW times the
    mean of its group's rates: an edge, or a handicap, to look at."""
    out: list[Warning] = []
    groups = [("seat", {str(s["seat"]): s for s in wins["seats"]}), ("role", wins["roles"])]
    if len(wins["bots"]) > 1:
        groups.append(("bot", wins["bots"]))
    for what, rates in groups:
        if len(rates) < 2:
            continue
        fair = sum(r["rate"] for r in rates.values()) / len(rates)
        for label, r in rates.items():
            if fair and not FAIR_LOW * fair <= r["rate"] <= FAIR_HIGH * fair:
                out.append({"kind": "share", "what": what, "label": label, "rate": r["rate"],
                            "fair": round(fair, 4), "times": round(r["rate"] / fair, 2),
                            **({"name": names[label]} if what == "role" else {})})
    return out


def _same_end_warnings(summary: Summary) -> list[Warning]:
    """Every game ended the same way: one way to win of several, or one category of a tally."""
    out: list[Warning] = []
    taken = {way: r for way, r in summary["wins"].get("how", {}).items() if r["count"]}
    if len(taken) == 1 and len(summary.get("ways_to_win", ())) > 1:
        (way, r), = taken.items()
        if r["rate"] == 1.0:
            out.append({"kind": "same_end", "what": "how", "label": way})
    for figure in summary["figures"].values():
        if figure["kind"] == "tally" and len(figure["of"]) == 1 and next(iter(figure["of"].values()))["rate"] == 1.0:
            out.append({"kind": "same_end", "what": "figure", "label": figure["label"],
                        "value": next(iter(figure["of"]))})
    return out


def _never_taken_warnings(summary: Summary) -> list[Warning]:
    """An option a bot was offered and never took: it says the bot's design, nothing of the
    option's worth."""
    out: list[Warning] = []
    for bot, decisions in summary["choices"]["table"].items():
        for decision, opts in decisions.items():
            for option, c in opts.items():
                if c["offered"] and not c["taken"]:
                    out.append({"kind": "never_taken", "what": "choice", "bot": bot, "label": f"{decision}: {option}",
                                "decision": decision, "option": option, "offered": c["offered"]})
    return out


def _listed(value: float | list[float]) -> list[float]:
    return value if isinstance(value, list) else [value]
