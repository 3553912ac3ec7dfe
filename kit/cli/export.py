"""`kit export`: parse the options, call kit.export.run, print what was written."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kit import i18n
from kit.cli.build import GAMES, bleed_option  # the one parser of a bleed in mm
from kit.cli.examples import GameExamples
from kit.i18n import N_, _, ngettext
from kit.paper import MAX_BLEED, PAPERS

TARGET_NAMES = ("png", "tgc", "mpc", "tts")   # kit.export.targets.TARGETS, without importing it


@click.command("export", cls=GameExamples, short_help="Export print-shop PNGs or Tabletop Simulator decks.",
               examples=(("export", N_("every game, PNG at 300 dpi with 3 mm bleed")),
                         "export --target tts --base-url https://example.org/kits/"))
@click.argument("games", nargs=-1, metavar="[GAME]...", type=GAMES)
@click.option("--target", type=click.Choice(TARGET_NAMES, case_sensitive=False), default="png", show_default=True,
              help="png: one image per face and back; tgc: The Game Crafter; mpc: MakePlayingCards; "
                   "tts: Tabletop Simulator decks, tiles and saved objects.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output") / "export",
              show_default=True, metavar="FOLDER", help="Write OUT/<game>/<target>/ (replaced whole).")
@click.option("--only", multiple=True, metavar="COMPONENT",
              help="Export only this component (repeatable; ids as shown by `kit list`).")
@click.option("--dpi", type=float, default=None, metavar="N",
              help="Resolution (png: 300; tts: 150, lowered so a sheet stays within 4096 px). "
                   "The shops' sizes are fixed at 300 dpi.")
@click.option("--bleed", default="3", callback=bleed_option, show_default=True, metavar="MM",
              help=f"png: art past the cut, 0 to {MAX_BLEED:g} mm (the shops and TTS set their own).")
@click.option("--base-url", default=None, metavar="URL",
              help="tts: the address where the images will be hosted (default: file URLs to OUT).")
@click.option("--paper", type=click.Choice(list(PAPERS), case_sensitive=False), default="a4", show_default=True,
              help="The paper full-page pieces (sheets, aids) are drawn for.")
@click.option("--layouts", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="FOLDER",
              help="A designer's copy of layouts/ to export from.  [default: the project's layouts/]")
@click.option("--strict", is_flag=True,
              help="Fail on preflight warnings too (text or symbols in the safe margin, art stopping at the trim).")
@click.option("--edition", type=click.Choice(i18n.LANGUAGES, case_sensitive=False), default=None,
              help="The language the kit prints (fr: the games' own; en: the English edition).  "
                   "[default: the language of these messages, as --lang chooses]")
@click.pass_context
def export(ctx: click.Context, games: tuple[str, ...], target: str, out: Path, only: tuple[str, ...],
           dpi: float | None, bleed: float, base_url: str | None, paper: str, layouts: Path | None, strict: bool,
           edition: str | None) -> None:
    """Export the GAMEs (all when none is named) for a print shop or Tabletop Simulator.

    Writes OUT/<game>/<target>/ with the images, manifest.csv (file, component, card
    id, copies, face or back, pixel size) and README.txt (how to upload); for tts also
    one saved-object JSON per component. Every file passes a preflight first (pixel
    size, DPI, bleed, safe margin, counts); a failure names the file and the rule.
    """
    from kit.export.run import ExportOptions, plan_total, prepare
    from kit.export.run import export as run_export

    target = target.lower()
    if ctx.get_parameter_source("bleed") is not click.core.ParameterSource.DEFAULT and target != "png":
        raise click.BadParameter(_("the {target} target sets its own bleed").format(target=target),
                                 param_hint="--bleed")
    if base_url is not None and target != "tts":
        raise click.BadParameter(_("only the tts target links its images"), param_hint="--base-url")
    options = ExportOptions(target=target, dpi=dpi, bleed=bleed, paper=paper.lower(),
                            only=tuple(only), base_url=base_url, strict=strict,
                            lang=edition or i18n.default_edition())
    kits = prepare(games, layouts=layouts, options=options)
    if sys.stderr.isatty():
        with click.progressbar(length=plan_total(kits, options), label=_("Exporting ({target})").format(target=target),
                               show_pos=True,
                               file=sys.stderr) as bar:
            results = run_export(out=out, options=options, kits=kits, progress=bar.update)
    else:
        results = run_export(out=out, options=options, kits=kits)
    for r in results:
        notes = []
        if r.refused:
            notes.append(ngettext("{n} component not exported", "{n} components not exported",
                                  len(r.refused)).format(n=len(r.refused)))
        if r.warnings:
            notes.append(ngettext("{n} preflight warning, see preflight.txt", "{n} preflight warnings, see preflight.txt",
                                  len(r.warnings)).format(n=len(r.warnings)))
        images = ngettext("{n} image", "{n} images", r.images).format(n=r.images)
        click.echo(_("{game}: {images} -> {folder}/").format(game=r.game, images=images, folder=r.folder)
                   + (f" ({'; '.join(notes)})" if notes else ""))
        for component, reason in r.refused:
            click.echo(f"  {component}: {reason}")
    total = sum(r.images for r in results)
    click.echo(_("{games}, {images} ({target}).").format(
        games=ngettext("{n} game", "{n} games", len(results)).format(n=len(results)),
        images=ngettext("{n} image", "{n} images", total).format(n=total), target=target))
