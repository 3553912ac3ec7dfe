"""`python tests/helpers/pdf_objects.py PDF FOLDER`: what pdfplumber parses of each page of PDF
(its objects: chars, lines, rects, curves), pickled as FOLDER/<page number>.pickle.

kit_builds.KitPdfs runs it once per kit and run, in a process of its own: the workers that
need the kit wait for it and read the same pickles, none of them parsing the kit again.
"""
from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pdfplumber


def main(pdf_path: str, folder: str) -> None:
    out = Path(folder)
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            target = out / f"{page.page_number}.pickle"
            written = out / f".{target.name}.{os.getpid()}.tmp"
            written.write_bytes(pickle.dumps(page.objects, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(written, target)


if __name__ == "__main__":
    main(*sys.argv[1:])
