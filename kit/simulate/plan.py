"""What `kit simulate` plays, and how: the games, each played one way or several (variants),
every refusal made before the first game is played, then the batches on this machine's cores
or a Dask cluster, and the figures side by side when there are several variants.

A variant is one copy of layouts/ and one value of each option: `--compare A B` plays two
copies, and an option given several values (k=v1,v2,v3) is a sweep over them; the first
variant is the reference the others are compared with.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit import i18n
from kit.errors import KitError
from kit.i18n import N_, _
from kit.simulate import Comparison, Summary, TableData, compare, module, runner

if TYPE_CHECKING:
    from dask.distributed import Client

CLUSTER_TIMEOUT = "20s"     # how long --cluster waits for the scheduler to answer


class UnknownBot(KitError):
    """A bot the game has not: the command says it of its --bots."""


@dataclass(frozen=True)
class Variant:
    """One game played one way: its seats' bots, what the table hides as read from one copy of
    layouts/, the options; `layouts` is that copy as the figures name it (None: the kit's own),
    `label` how the figures tell this variant from the others ("" when played one way)."""

    game: str
    seats: list[str]
    table: TableData
    layouts: str | None
    options: dict[str, Any]
    label: str


@dataclass(frozen=True)
class Plan:
    games: list[str]
    variants: list[Variant]     # game by game, each game's reference first
    compared: bool              # several variants of each game: their figures side by side


def shown_layouts(root: Path) -> str:
    """A copy of layouts/ as the figures and the report name it: as typed when relative, else
    from the current folder, else by its last two folders. A report is shared: it names no
    folder of this machine (« /home/ana/jeux/layouts » reads « jeux/layouts »)."""
    if not root.is_absolute():
        return str(root)
    try:
        return str(root.relative_to(Path.cwd()))
    except ValueError:
        return str(Path(*root.parts[-2:]))


def option_values(texts: tuple[str, ...] | list[str]) -> dict[str, list[Any]]:
    """`--option KEY=VALUE` as key -> the values to play: one, several (k=v1,v2,v3: a sweep), or
    the YAML a file holds (k=@FILE)."""
    from kit.table import parse_value, read_option_file, split_pair

    parsed: dict[str, list[Any]] = {}
    for text in texts:
        key, value = split_pair(text, "--option", "chapters=2", N_("KEY=VALUE"))
        key = i18n.option_name(key)
        if key in parsed:
            raise KitError(_("--option gives {key} twice; give each option once.").format(key=key))
        if value.startswith("@"):
            parsed[key] = [read_option_file(value[1:])]
        else:
            parsed[key] = [parse_value(v.strip()) for v in value.split(",")]
    return parsed


def _layouts(layouts: Path | None, compare_with: tuple[Path, Path] | None) -> list[tuple[str | None, Path]]:
    """Each copy of layouts/ to play, with the name the figures give it."""
    from kit.build import default_layouts

    if compare_with is None:
        return [(shown_layouts(layouts), layouts) if layouts is not None else (None, default_layouts())]
    roots = [(shown_layouts(root), root) for root in compare_with]
    if roots[0][0] == roots[1][0]:       # two copies the short names cannot tell apart
        roots = [(str(root), root) for root in compare_with]
    return list(roots)


def plan(games: list[str], *, bots: list[str], players: int | None, options: tuple[str, ...] | list[str] = (),
         layouts: Path | None = None, compare_with: tuple[Path, Path] | None = None) -> Plan:
    """Every variant of every game, each checked by playing its first game here: a bot the game
    has not, a player count or an option the rules refuse, a layout the bots cannot play are
    refused before any game of the batch is played."""
    parsed = option_values(options)
    swept = {key for key, values in parsed.items() if len(values) > 1}
    ways = [(named, root, dict(zip(parsed, values)))
            for (named, root), values in product(_layouts(layouts, compare_with), product(*parsed.values()))]
    variants = []
    for game in games:
        sim = module(game)
        unknown = [b for b in bots if b not in sim.BOTS]
        if unknown:
            raise UnknownBot(_("{bot} is not a bot of {game}; its bots are {bots}").format(
                bot=f"'{unknown[0]}'", game=game, bots=", ".join(sim.BOTS)))
        seats = runner.seat_bots(game, bots, runner.player_count(game, players))
        for named, root, chosen in ways:
            table = sim.load(root)
            runner.check(game, table, seats, chosen)
            variants.append(Variant(game, seats, table, named, chosen,
                                    compare.variant_label(named if compare_with else None, chosen, swept)))
    return Plan(games, variants, compared=len(ways) > 1)


@contextmanager
def _cluster(address: str | None) -> Iterator[Client | None]:
    """A client of the Dask scheduler at address for the block (None: no cluster)."""
    if address is None:
        yield None
        return
    try:
        from dask.distributed import Client
    except ImportError:
        raise KitError(_("--cluster needs dask.distributed: pip install 'kit[cluster]'")) from None
    try:
        client = Client(address, timeout=CLUSTER_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise KitError(_("No Dask scheduler answers at {address}: {reason}").format(
            address=address, reason=error)) from None
    try:
        yield client
    finally:
        client.close()


Progress = Callable[[Variant], AbstractContextManager[Callable[[int], None]]]


def play(p: Plan, *, games: int, seed: int, jobs: int | None = None, rotate: bool = False,
         records: Path | None = None, cluster: str | None = None, progress: Progress | None = None) -> list[Summary]:
    """Play `games` games of each variant, with the same seeds for all; their figures
    (runner.summarise), variant by variant. `records` also gets every game's record (one line
    of JSON each); progress(variant), a context, gives what to call with each number of games
    played."""
    summaries = []
    with _cluster(cluster) as client, (records.open("w", encoding="utf-8") if records is not None
                                       else _nothing()) as out:
        for variant in p.variants:
            with progress(variant) if progress is not None else _nothing() as played_some:
                played = runner.play(variant.game, games=games, seed=seed, bots=variant.seats,
                                     options=variant.options, table=variant.table, jobs=jobs,
                                     progress=played_some, rotate=rotate, cluster=client)
            if out is not None:
                runner.write_records(out, variant.game, played, variant.label if p.compared else None)
            # The layouts as the user named them, never a path of this machine they did not type.
            summary = runner.summarise(variant.game, played, seed=seed, bots=variant.seats, options=variant.options,
                                       layouts=variant.layouts if variant.layouts is not None else "layouts/",
                                       rotate=rotate)
            if p.compared:
                summary["variant"] = variant.label
            summaries.append(summary)
    return summaries


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def comparisons(p: Plan, summaries: list[Summary]) -> list[Comparison]:
    """Per game, its variants' figures and each variant compared with the first (compare.rows)."""
    results: list[Comparison] = []
    for game in p.games:
        group = [s for s in summaries if s["game"] == game]
        results.append({"game": game, "variants": group,
                         "comparisons": [{"a": group[0]["variant"], "b": other["variant"],
                                          "rows": compare.rows(group[0], other)} for other in group[1:]]})
    return results
