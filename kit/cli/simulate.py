"""`kit simulate`: bots play a batch of games through the rule engine; print the figures."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kit import i18n
from kit.cli.choices import Games
from kit.errors import KitError
from kit.i18n import N_, _

CLUSTER_TIMEOUT = "20s"     # how long --cluster waits for the scheduler to answer


def _bots(ctx, param, value: str) -> list[str]:
    names = [i18n.folded(b) for b in value.split(",") if b.strip()]
    if not names:
        raise click.BadParameter(_("name at least one bot, such as greedy or random,greedy"))
    return names


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


@click.command("simulate")
@click.argument("chosen", metavar="GAME...", nargs=-1, required=True, type=Games("all"))
@click.option("--games", "count", type=click.IntRange(1), default=1000, show_default=True, metavar="N",
              help="How many complete games to play (of each game).")
@click.option("--seed", type=int, default=1, show_default=True, metavar="N",
              help="The same seed gives the same figures, on any number of cores.")
@click.option("--players", type=int, default=None, metavar="N",
              help="Players at the table.  [default: the game's usual count]")
@click.option("--bots", default="greedy", show_default=True, callback=_bots, metavar="BOT[,BOT...]",
              help="The bot of each seat in turn, repeated over the seats (e.g. random,greedy).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, as for `kit score new` (e.g. chapters=2, timed=true, target=10; "
                   "objectives=@FILE reads YAML).")
@click.option("--rules-from", "--layouts", "layouts", type=click.Path(file_okay=False, exists=True, path_type=Path),
              default=None, metavar="FOLDER", help="A designer's copy of layouts/ to draw decks, motions and objectives from.")
@click.option("--json", "as_json", is_flag=True,
              help="Print every figure as JSON, for scripts (a list when several games are played).")
@click.option("--report", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="Also write the figures, with histograms, to this PDF: one page per game.")
@click.option("--jobs", type=click.IntRange(1), default=None, metavar="N", help="Processes to play on.  [default: every core]")
@click.option("--compare", type=click.Path(file_okay=False, exists=True, path_type=Path), nargs=2, default=None,
              metavar="LAYOUTS_A LAYOUTS_B",
              help="Play the same games with two copies of layouts/ and print each figure side by side, "
                   "with B - A and its 95 % interval.")
@click.option("--rotate", is_flag=True,
              help="Turn the bots round the table by one seat each game, so that every seat plays every bot "
                   "(tribes are dealt at random each game); adds a seat x tribe table.")
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE.jsonl",
              help="Also write every game's record to this file, one line of JSON per game.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play on this Dask cluster (its scheduler's address, e.g. tcp://10.0.0.5:8786) instead of "
                   "local processes: the same seeds, the same figures. Needs pip install 'kit[cluster]'.")
def simulate(chosen: tuple[str, ...], count: int, seed: int, players: int | None, bots: list[str],
             options: tuple[str, ...], layouts: Path | None, as_json: bool, report: Path | None,
             jobs: int | None, compare: tuple[Path, Path] | None, rotate: bool, records: Path | None,
             cluster: str | None) -> None:
    """Play GAME many times with simple bots and report who wins, how long games last and
    what happens in them: what a change in the layouts does to the game. `all` plays every
    game.

    \b
      kit simulate hoc-censeo --games 10000 --seed 1
      kit simulate phd --players 4 --bots random,greedy --option chapters=2
      kit simulate all --rules-from my-layouts/ --report simulated.pdf
      kit simulate hoc-censeo --compare layouts/ my-layouts/ --rotate
      kit simulate phd --option chapters=2,3,5 --report chapters.pdf

    An option given several values (k=v1,v2,v3) is a sweep: each value is played, with the
    same seeds, and compared with the first one. Differences of rates take Newcombe's
    interval, differences of means Welch's.
    """
    from itertools import product

    from kit.build import default_layouts
    from kit.simulate import compare as comparing
    from kit.simulate import module, runner
    from kit.simulate import report as reports
    from kit.table import parse_value, read_option_file, split_pair
    from scorekeeper.rules import GAME_IDS

    games = list(GAME_IDS) if "all" in chosen else list(dict.fromkeys(chosen))
    if compare is not None and layouts is not None:
        raise click.UsageError("--compare names both copies of layouts/; leave out --rules-from.")
    parsed: dict = {}
    for text in options:
        key, value = split_pair(text, "--option", "chapters=2", N_("KEY=VALUE"))
        key = i18n.option_name(key)
        if key in parsed:
            raise KitError(_("--option gives {key} twice; give each option once.").format(key=key))
        if value.startswith("@"):
            parsed[key] = [read_option_file(value[1:])]
        else:      # k=v1,v2,v3: a sweep over the values
            parsed[key] = [parse_value(v.strip()) for v in value.split(",")]
    swept = {key for key, values in parsed.items() if len(values) > 1}
    roots = [(shown_layouts(root), root) for root in compare] if compare else \
        [(shown_layouts(layouts) if layouts is not None else None, layouts if layouts is not None else default_layouts())]
    if compare and roots[0][0] == roots[1][0]:       # two copies the short names cannot tell apart
        roots = [(str(root), root) for root in compare]
    # every variant: a copy of layouts/ and one value of each option, the first the reference
    variants = [(named, root, dict(zip(parsed, values)))
                for (named, root), values in product(roots, product(*parsed.values()))]
    comparing_variants = len(variants) > 1

    plans = []
    for game in games:           # every refusal before the first game is played
        sim = module(game)
        unknown = [b for b in bots if b not in sim.BOTS]
        if unknown:
            raise click.BadParameter(_("{bot} is not a bot of {game}; its bots are {bots}").format(
                bot=f"'{unknown[0]}'", game=game, bots=", ".join(sim.BOTS)), param_hint="--bots")
        seats = runner.seat_bots(game, bots, runner.player_count(game, players))
        for named, root, chosen_options in variants:
            table = sim.load(root)
            runner.check(game, table, seats, chosen_options)
            plans.append((game, seats, table, named, chosen_options))

    client = None
    if cluster is not None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise KitError(_("--cluster needs dask.distributed: pip install 'kit[cluster]'")) from None
        try:
            client = Client(cluster, timeout=CLUSTER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as error:
            raise KitError(_("No Dask scheduler answers at {address}: {reason}").format(
                address=cluster, reason=error)) from None
    out = records.open("w", encoding="utf-8") if records is not None else None
    summaries = []
    try:
        for game, seats, table, named, chosen_options in plans:
            label = comparing.variant_label(named if compare else None, chosen_options, swept)
            progress = i18n.ngettext("{game}: playing {n} game", "{game}: playing {n} games", count).format(
                game=f"{game}{' ' + label if label else ''}", n=count)
            with click.progressbar(length=count, label=progress, file=sys.stderr) as bar:
                played = runner.play(game, games=count, seed=seed, bots=seats, options=chosen_options, table=table,
                                     jobs=jobs, progress=bar.update, rotate=rotate, cluster=client)
            if out is not None:
                runner.write_records(out, game, played, label if comparing_variants else None)
            # The layouts as the user named them, never a path of this machine they did not type.
            summary = runner.summarise(game, played, seed=seed, bots=seats, options=chosen_options,
                                       layouts=named if named is not None else "layouts/", rotate=rotate)
            if comparing_variants:
                summary["variant"] = label
            summaries.append(summary)
    finally:
        if out is not None:
            out.close()
        if client is not None:
            client.close()

    if comparing_variants:
        per_game = [[s for s in summaries if s["game"] == game] for game in games]
        results = [{"game": group[0]["game"], "variants": group,
                    "comparisons": [{"a": group[0]["variant"], "b": other["variant"],
                                     "rows": comparing.rows(group[0], other)} for other in group[1:]]}
                   for group in per_game]
        if report is not None:
            reports.write_pdf(summaries, report, comparisons=results)
        if as_json:
            click.echo(json.dumps(results[0] if len(results) == 1 else results, ensure_ascii=False, indent=1))
        else:
            click.echo("\n\n".join("\n".join(reports.comparison_lines(result)) for result in results))
    else:
        if report is not None:
            reports.write_pdf(summaries, report)
        if as_json:
            click.echo(json.dumps(summaries[0] if len(summaries) == 1 else summaries, ensure_ascii=False, indent=1))
        else:
            click.echo("\n\n".join("\n".join(reports.lines(s)) for s in summaries))
    if report is not None and not as_json:
        click.echo(_("Report: {file}").format(file=report))
