"""`kit list` and `kit build`: parse the options, call kit.build, print a short summary."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kit.paper import MAX_BLEED, PAPERS, parse_mm, parse_offset
from kit.surface import FORMATS


def bleed_option(ctx, param, value):
    """The click callback of every --bleed: millimetres within the kit's bounds."""
    try:
        mm = parse_mm(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    if not 0 <= mm <= MAX_BLEED:
        raise click.BadParameter(f"must be between 0 and {MAX_BLEED:g} mm, not {mm:g}")
    return mm


def offset_option(ctx, param, value):
    """The click callback of every --back-offset: X,Y in millimetres."""
    try:
        return parse_offset(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def _size(component) -> str:
    if component.size == "page":
        return "full page"
    w, h = component.size
    return f"{'round ' if component.round else ''}{w:g}x{h:g} mm"


@click.command("list", short_help="List the games, their components and what else to bring.")
@click.argument("game", required=False)
@click.option("--layouts", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Read the layouts from this folder instead of the project's layouts/.")
def list_command(game: str | None, layouts: Path | None) -> None:
    """List the games, or one GAME, with their components (id, count, size, kind) and
    what else to bring to the table."""
    from kit.build import check_games, default_layouts, load_kit  # the print side loads only when used

    games = check_games([game] if game else [])
    root = layouts if layouts is not None else default_layouts()
    for n, game_id in enumerate(games):
        kit = load_kit(game_id, root)
        if n:
            click.echo()
        click.echo(f"{game_id}: {kit.title} ({kit.players})")
        width = max((len(c.id) for c in kit.components), default=0)
        for c in kit.components:
            designs = f", {c.designs} designs" if c.kind == "card" and c.designs > 1 else ""
            backs = ""
            if c.back_screens:
                backs = ", a screen on the back hides a secret"
            elif c.has_backs:
                backs = ", with backs"
            click.echo(f"  {c.id:<{width}}  {c.count:>4} x {_size(c)}  {c.kind}{designs}{backs}  ({c.name})")
        if kit.bring:
            click.echo("  bring: " + "; ".join(kit.bring))


@click.command("build", short_help="Build the printable files (PDF or SVG) of the games.")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--paper", type=click.Choice(list(PAPERS), case_sensitive=False), default="a4", show_default=True,
              help="Paper size of the pages.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS), case_sensitive=False), default="pdf",
              show_default=True, help="pdf: OUT/<game>.pdf; svg: OUT/<game>/<component>-<n>.svg, one per page.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="Folder to write the files and the <game>.json manifests into (created if needed).")
@click.option("--layouts", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="A designer's copy of layouts/ to build from.  [default: the project's layouts/]")
@click.option("--bleed", default="0", callback=bleed_option, show_default=True, metavar="MM",
              help=f"Extend the art this many mm past the cut (3 for a print shop; 0 to {MAX_BLEED:g}); "
                   "sets the PDF TrimBox and BleedBox.")
@click.option("--backs/--no-backs", default=True, show_default=True,
              help="Print the pieces' backs on the page after their fronts; --no-backs leaves every back "
                   "page blank but for its label, so the file still prints as one two-sided job.")
@click.option("--back-offset", default="0,0", callback=offset_option, show_default=True, metavar="X,Y",
              help="Shift the back pages by X,Y mm (X to the right, Y down, as the back page is printed) "
                   "to correct a printer's duplex misalignment.")
@click.option("--greyscale", is_flag=True, help="Print everything in greys (for a black-and-white printer).")
@click.option("--ink-saver", is_flag=True, help="Light backs: every fill of the back pages becomes a pale tint "
                   "of its colour and every line a lighter shade; the fronts print as they are (a screen "
                   "printed behind a secret keeps its ink).")
@click.option("--only", multiple=True, metavar="COMPONENT",
              help="Build only this component (repeatable; ids as shown by `kit list`).")
def build_command(games: tuple[str, ...], paper: str, fmt: str, out: Path, layouts: Path | None, bleed: float,
                  backs: bool, back_offset: tuple[float, float], greyscale: bool, ink_saver: bool,
                  only: tuple[str, ...]) -> None:
    """Build the print-and-play files of the GAMEs (all games when none is named).

    Writes OUT/<game>.pdf (or OUT/<game>/<component>-<n>.svg) and the manifest
    OUT/<game>.json. Each PDF opens with a contents page: what to print single- or
    double-sided, what to cut and fold, what else to bring.

    \b
    Examples:
      kit build                          every game, A4, into output/
      kit build phd --paper letter       one game on US Letter
      kit build promotion --only cards   just the cards of one game
      kit build --bleed 3                for a print shop (3 mm bleed)
      kit build --back-offset 1,-0.5     backs shifted 1 mm right, 0.5 mm up
    """
    from kit.build import BuildOptions, build, check_games  # the print side loads only when used

    options = BuildOptions(paper=paper.lower(), fmt=fmt.lower(), bleed=bleed, backs=backs, back_offset=back_offset,
                           greyscale=greyscale, only=tuple(only), ink_saver=ink_saver)
    chosen = check_games(games)
    if sys.stdout.isatty():
        with click.progressbar(length=len(chosen), label="Building", show_pos=True) as bar:
            built = build(chosen, out=out, layouts=layouts, options=options, progress=lambda game: bar.update(1))
    else:
        built = build(chosen, out=out, layouts=layouts, options=options)
    for b in built:
        main = b.files[0] if fmt == "pdf" else out / b.game
        shown = main if fmt == "pdf" else f"{main}/ ({len(b.files) - 1} SVG files)"
        click.echo(f"{b.game}: {b.pages} pages -> {shown}, {out / (b.game + '.json')}")
    total = sum(b.pages for b in built)
    details = [{"a4": "A4", "letter": "Letter"}[options.paper]]
    if bleed:
        details.append(f"bleed {bleed:g} mm")
    if not backs:
        details.append("no backs")
    if greyscale:
        details.append("greyscale")
    if ink_saver:
        details.append("ink saver")
    click.echo(f"{len(built)} game{'s' if len(built) != 1 else ''}, {total} pages ({', '.join(details)}).")
