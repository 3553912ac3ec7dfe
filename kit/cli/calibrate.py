"""`kit calibrate`: the duplex sheet that measures a printer's back offset and scale."""
from __future__ import annotations

from pathlib import Path

import click

from kit.cli.build import offset_option
from kit.i18n import _, os_reason
from kit.paper import PAPERS


@click.command("calibrate", short_help="Write the calibration sheet: back offset and 100 % check.")
@click.option("--paper", type=click.Choice(list(PAPERS), case_sensitive=False), default="a4", show_default=True,
              help="Paper size of the sheet: the one the kits are printed on.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              metavar="FOLDER", help="Folder to write calibrage.pdf into (created if needed).")
@click.option("--back-offset", default="0,0", callback=offset_option, show_default=True, metavar="X,Y",
              help="Print the back shifted as `kit build --back-offset X,Y` would, to check a correction: "
                   "a right one reads 0 on both scales.")
def calibrate(paper: str, out: Path, back_offset: tuple[float, float]) -> None:
    """Write OUT/calibrage.pdf: one sheet to print double-sided (long edge, actual size).

    Against a lamp, the window of each scale whose front and back ticks make one line
    gives the back offset in mm, to 0.25 mm; build the kits with
    `kit build --back-offset X,Y` using those two readings. Its 100 mm ruler and 50 mm
    square tell whether the printer prints at 100 %.
    """
    from kit import i18n
    from kit.calibrate import calibration_file, draw_calibration
    from kit.errors import KitError
    from kit.surface import make_surface

    edition = i18n.default_edition()   # the sheet speaks the kits' language: calibrage-en.pdf in English
    file = calibration_file(edition)
    with i18n.printing(edition):
        surface = make_surface("pdf", greyscale=False, title=i18n.P_("Calibration sheet"))
        draw_calibration(surface, paper.lower(), back_offset)
    try:
        out.mkdir(parents=True, exist_ok=True)
        target = out / file
        temp = out / f".{file}.tmp"
        surface.save(temp)
        temp.replace(target)
    except OSError as error:
        raise KitError(_("cannot write {file} ({reason})").format(file=out / file, reason=os_reason(error))) from None
    click.echo(_("{file}: print it double-sided (long edge) at actual size, hold it against a lamp, then build "
                 "with --back-offset X,Y from its two scales.").format(file=target))
