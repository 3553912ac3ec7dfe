"""`kit simulate`: bots play a batch of games through the rule engine; print the figures."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kit.errors import KitError
from kit.simulate import MODULES


def _bots(ctx, param, value: str) -> list[str]:
    names = [b.strip() for b in value.split(",") if b.strip()]
    if not names:
        raise click.BadParameter("name at least one bot, such as greedy or random,greedy")
    return names


@click.command("simulate")
@click.argument("chosen", metavar="GAME...", nargs=-1, required=True, type=click.Choice((*MODULES, "all")))
@click.option("--games", "count", type=click.IntRange(1), default=1000, show_default=True,
              help="How many complete games to play (of each game).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The same seed gives the same figures, on any number of cores.")
@click.option("--players", type=int, default=None, help="Players at the table.  [default: the game's usual count]")
@click.option("--bots", default="greedy", show_default=True, callback=_bots, metavar="BOT[,BOT...]",
              help="The bot of each seat in turn, repeated over the seats (e.g. random,greedy).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, as for `kit score new` (e.g. chapters=2, timed=true, target=10; "
                   "objectives=@FILE reads YAML).")
@click.option("--rules-from", "--layouts", "layouts", type=click.Path(file_okay=False, exists=True, path_type=Path),
              default=None, help="A designer's copy of layouts/ to draw decks, motions and objectives from.")
@click.option("--json", "as_json", is_flag=True,
              help="Print every figure as JSON, for scripts (a list when several games are played).")
@click.option("--report", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the figures, with histograms, to this PDF: one page per game.")
@click.option("--jobs", type=click.IntRange(1), default=None, help="Processes to play on.  [default: every core]")
def simulate(chosen: tuple[str, ...], count: int, seed: int, players: int | None, bots: list[str],
             options: tuple[str, ...], layouts: Path | None, as_json: bool, report: Path | None,
             jobs: int | None) -> None:
    """Play GAME many times with simple bots and report who wins, how long games last and
    what happens in them: what a change in the layouts does to the game. `all` plays the
    four games.

    \b
      kit simulate hoc-censeo --games 10000 --seed 1
      kit simulate phd --players 4 --bots random,greedy --option chapters=2
      kit simulate all --rules-from my-layouts/ --report simulated.pdf
    """
    from kit.build import default_layouts
    from kit.simulate import module, runner
    from kit.simulate import report as reports
    from kit.table import parse_value, read_option_file, split_pair

    games = list(MODULES) if "all" in chosen else list(dict.fromkeys(chosen))
    parsed: dict = {}
    for text in options:
        key, value = split_pair(text, "--option", "chapters=2", "KEY=VALUE")
        if key in parsed:
            raise KitError(f"--option gives {key} twice; give each option once.")
        parsed[key] = read_option_file(value[1:]) if value.startswith("@") else parse_value(value)
    root = layouts if layouts is not None else default_layouts()
    plans = []
    for game in games:           # every refusal before the first game is played
        sim = module(game)
        unknown = [b for b in bots if b not in sim.BOTS]
        if unknown:
            raise click.BadParameter(f"{unknown[0]!r} is not a bot of {game}; its bots are {', '.join(sim.BOTS)}",
                                     param_hint="--bots")
        seats = runner.seat_bots(game, bots, runner.player_count(game, players))
        table = sim.load(root)
        runner.check(game, table, seats, parsed)
        plans.append((game, seats, table))

    summaries = []
    for game, seats, table in plans:
        with click.progressbar(length=count, label=f"{game}: playing {count} games", file=sys.stderr) as bar:
            records = runner.play(game, games=count, seed=seed, bots=seats, options=parsed,
                                  table=table, jobs=jobs, progress=bar.update)
        summaries.append(runner.summarise(game, records, seed=seed, bots=seats, options=parsed, layouts=str(root)))
    if report is not None:
        reports.write_pdf(summaries, report)
    if as_json:
        click.echo(json.dumps(summaries[0] if len(summaries) == 1 else summaries, ensure_ascii=False, indent=1))
    else:
        click.echo("\n\n".join("\n".join(reports.lines(s)) for s in summaries))
        if report is not None:
            click.echo(f"Report: {report}")
