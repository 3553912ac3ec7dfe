"""Exports beyond the home printer: print-shop PNGs and Tabletop Simulator decks.

Every image is a rasterisation of what the pieces draw on the one surface interface:
each distinct face or back is drawn alone on a PDF page of exactly its pixel size
(kit.export.raster) and rasterised with pypdfium2, so an export shows what the PDF
kit prints, at the size a shop or Tabletop Simulator wants (kit.export.targets).

    targets.py    what each target wants: DPI, bleed, safe margin, products, limits
    faces.py      the distinct faces and backs of a component, with their file names
    raster.py     faces -> PDF pages -> deterministic PNG files
    tts.py        Tabletop Simulator: face sheets and saved-object JSON
    preflight.py  the checks every exported file must pass, each failure naming file and rule
    run.py        one folder per game and target, manifest.csv and README.txt, atomically

The `kit export` command itself is kit/cli/export.py.
"""
