"""`kit list` and `kit build`: parse the options, call kit.build, print a short summary."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kit import i18n
from kit.cli.choices import Games
from kit.cli.examples import GameExamples
from kit.i18n import N_, _, ngettext
from kit.paper import MAX_BLEED, PAPERS, parse_mm, parse_offset
from kit.surface import FORMATS

if TYPE_CHECKING:
    from kit.model import Component, GameKit


def _game_ids() -> list[str]:
    from kit.build import game_ids
    return game_ids()


GAMES = Games(ids=_game_ids)


def bleed_option(ctx: click.Context, param: click.Parameter, value: str) -> float:
    """The click callback of every --bleed: millimetres within the kit's bounds."""
    try:
        mm = parse_mm(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    if not 0 <= mm <= MAX_BLEED:
        raise click.BadParameter(_("must be between 0 and {most} mm, not {mm}").format(most=f"{MAX_BLEED:g}",
                                                                                       mm=f"{mm:g}"))
    return mm


def offset_option(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    """The click callback of every --back-offset: X,Y in millimetres."""
    try:
        return parse_offset(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def _kind(kind: str, n: int) -> str:
    return {"card": ngettext("card", "cards", n), "board": ngettext("board", "boards", n),
            "sheet": ngettext("sheet", "sheets", n), "token": ngettext("token", "tokens", n),
            "aid": ngettext("player aid", "player aids", n)}[kind]


def _size(component: Component) -> str:
    if component.size == "page":
        return _("full page")
    w, h = component.size
    if component.round:
        return _("round {width}x{height} mm").format(width=f"{w:g}", height=f"{h:g}")
    return _("{width}x{height} mm").format(width=f"{w:g}", height=f"{h:g}")


def _players(kit: GameKit) -> str:
    """"2 à 6 joueurs" / "2 to 6 players", from the rules' seats."""
    from scorekeeper import rules
    low, high = kit.seats
    if not high and kit.id in rules.GAME_IDS:   # a game of a fixed number of players
        low = high = rules.of(kit.id).players or 0
    if not high:
        return kit.players     # a game the rules do not know (a test's fixture): as its layout prints it
    if low == high:
        return ngettext("{n} player", "{n} players", high).format(n=high)
    return ngettext("{low} to {high} player", "{low} to {high} players", high).format(low=low, high=high)


@click.command("list", short_help="List the games, their components and what else to bring.")
@click.argument("game", required=False, type=GAMES)
@click.option("--layouts", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="FOLDER",
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
        click.echo(_("{game}: {title} ({players})").format(game=game_id, title=kit.title, players=_players(kit)))
        width = max((len(c.id) for c in kit.components), default=0)
        for c in kit.components:
            what = [_kind(c.kind, c.count)]
            if c.kind == "card" and c.designs > 1:
                what.append(ngettext("{n} design", "{n} designs", c.designs).format(n=c.designs))
            if c.back_screens:
                what.append(_("a screen on the back hides a secret"))
            elif c.has_backs:
                what.append(_("with backs"))
            click.echo(f"  {c.id:<{width}}  {c.count:>4} x {_size(c)}  {', '.join(what)}  ({c.name})")
        if kit.bring:
            click.echo("  " + _("bring: {things}").format(things="; ".join(kit.bring)))


@click.command("build", cls=GameExamples, short_help="Build the printable files (PDF or SVG) of the games.",
               examples=(("build", N_("every game, A4, into output/")),
                         ("build --bleed 3", N_("for a print shop (3 mm bleed)")),
                         ("build --back-offset 1,-0.5", N_("backs shifted 1 mm right, 0.5 mm up"))))
@click.argument("games", nargs=-1, metavar="[GAME]...", type=GAMES)
@click.option("--paper", type=click.Choice(list(PAPERS), case_sensitive=False), default="a4", show_default=True,
              help="Paper size of the pages.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS), case_sensitive=False), default="pdf",
              show_default=True, help="pdf: OUT/<game>.pdf; svg: OUT/<game>/<component>-<n>.svg, one per page.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              metavar="FOLDER", help="Folder to write the files and the <game>.json manifests into (created if needed).")
@click.option("--layouts", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="FOLDER",
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
@click.option("--ink-saver", is_flag=True, help="Light backs and fronts: every fill of the back pages becomes a "
                   "pale tint of its colour and every line a lighter shade; on the fronts, every large area of "
                   "colour becomes a pale tint inside an outline of its colour and a large icon its outline (a "
                   "screen printed behind a secret keeps its ink).")
@click.option("--only", multiple=True, metavar="COMPONENT",
              help="Build only this component (repeatable; ids as shown by `kit list`).")
@click.option("--edition", type=click.Choice(i18n.LANGUAGES, case_sensitive=False), default=None,
              help="The language the kit prints (fr: the games' own; en: the English edition).  "
                   "[default: the language of these messages, as --lang chooses]")
def build_command(games: tuple[str, ...], paper: str, fmt: str, out: Path, layouts: Path | None, bleed: float,
                  backs: bool, back_offset: tuple[float, float], greyscale: bool, ink_saver: bool,
                  only: tuple[str, ...], edition: str | None) -> None:
    """Build the print-and-play files of the GAMEs (all games when none is named).

    Writes OUT/<game>.pdf (or OUT/<game>/<component>-<n>.svg) and the manifest
    OUT/<game>.json. Each PDF opens with a contents page: what to print single- or
    double-sided, what to cut and fold, what else to bring.
    """
    from kit.build import BuildOptions, build, check_games  # the print side loads only when used

    options = BuildOptions(paper=paper.lower(), fmt=fmt.lower(), bleed=bleed, backs=backs, back_offset=back_offset,
                           greyscale=greyscale, only=tuple(only), ink_saver=ink_saver,
                           lang=edition or i18n.default_edition())
    chosen = check_games(games)
    if sys.stdout.isatty():
        with click.progressbar(length=len(chosen), label=_("Building"), show_pos=True) as bar:
            built = build(chosen, out=out, layouts=layouts, options=options, progress=lambda game: bar.update(1))
    else:
        built = build(chosen, out=out, layouts=layouts, options=options)
    for b in built:
        pages = ngettext("{n} page", "{n} pages", b.pages).format(n=b.pages)
        if fmt == "pdf":
            shown = _("{pages} -> {file}, {manifest}").format(pages=pages, file=b.files[0], manifest=b.files[-1])
        else:
            svgs = ngettext("{n} SVG file", "{n} SVG files", len(b.files) - 1).format(n=len(b.files) - 1)
            shown = _("{pages} -> {folder}/ ({files}), {manifest}").format(
                pages=pages, folder=b.files[0].parent, files=svgs, manifest=b.files[-1])
        click.echo(f"{b.game}: {shown}")
    total = sum(b.pages for b in built)
    details = [{"a4": "A4", "letter": "Letter"}[options.paper]]
    if bleed:
        details.append(_("bleed {mm} mm").format(mm=f"{bleed:g}"))
    if not backs:
        details.append(_("no backs"))
    if greyscale:
        details.append(_("greyscale"))
    if ink_saver:
        details.append(_("ink saver"))
    click.echo(_("{games}, {pages} ({details}).").format(
        games=ngettext("{n} game", "{n} games", len(built)).format(n=len(built)),
        pages=ngettext("{n} page", "{n} pages", total).format(n=total), details=", ".join(details)))
