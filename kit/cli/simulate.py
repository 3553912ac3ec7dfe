"""`kit simulate`: bots play a batch of games through the rule engine; print the figures (what is
played and how: kit.simulate.plan)."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kit import i18n
from kit.cli.choices import Games
from kit.cli.examples import GameExamples
from kit.i18n import _

if TYPE_CHECKING:
    from kit.simulate import Comparison, Summary


def _bots(ctx: click.Context, param: click.Parameter, value: str) -> list[str]:
    names = [i18n.folded(b) for b in value.split(",") if b.strip()]
    if not names:
        raise click.BadParameter(_("name at least one bot, such as greedy or random,greedy"))
    return names


@click.command("simulate", cls=GameExamples, examples=("simulate all --rules-from my-layouts/ --report simulated.pdf",))
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
              help="A game option, as for `kit score new` (a value read as JSON when it parses; @FILE reads YAML).")
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
                   "(secret roles are dealt at random each game); adds a seat x role table.")
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

    An option given several values (k=v1,v2,v3) is a sweep: each value is played, with the
    same seeds, and compared with the first one. Differences of rates take Newcombe's
    interval, differences of means Welch's.
    """
    from kit.simulate import plan as planning
    from kit.simulate import report as reports
    from scorekeeper.rules import GAME_IDS

    if compare is not None and layouts is not None:
        raise click.UsageError("--compare names both copies of layouts/; leave out --rules-from.")
    games = list(GAME_IDS) if "all" in chosen else list(dict.fromkeys(chosen))
    try:
        planned = planning.plan(games, bots=bots, players=players, options=options, layouts=layouts,
                                compare_with=compare)
    except planning.UnknownBot as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None

    @contextmanager
    def bar(variant: planning.Variant) -> Iterator[Callable[[int], None]]:
        label = f"{variant.game}{' ' + variant.label if variant.label else ''}"
        text = i18n.ngettext("{game}: playing {n} game", "{game}: playing {n} games", count).format(game=label, n=count)
        with click.progressbar(length=count, label=text, file=sys.stderr) as shown:
            yield shown.update

    summaries = planning.play(planned, games=count, seed=seed, jobs=jobs, rotate=rotate, records=records,
                              cluster=cluster, progress=bar)
    shown: list[Comparison] | list[Summary]
    if planned.compared:
        results = planning.comparisons(planned, summaries)
        shown, lines = results, [reports.comparison_lines(result) for result in results]
    else:
        results, shown, lines = None, summaries, [reports.lines(summary) for summary in summaries]
    if report is not None:
        reports.write_pdf(summaries, report, comparisons=results)
    if as_json:
        click.echo(json.dumps(shown[0] if len(shown) == 1 else shown, ensure_ascii=False, indent=1))
    else:
        click.echo("\n\n".join("\n".join(block) for block in lines))
    if report is not None and not as_json:
        click.echo(_("Report: {file}").format(file=report))
