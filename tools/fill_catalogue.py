"""Merge translations given as a Python dict {msgid or (singular, plural): text or (forms)} into
a .po file (for a translator working in a script rather than a .po editor):

    python tools/fill_catalogue.py fr translations.py    # the file defines FR = {...}
"""
from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parents[1] / "kit" / "locale"


def fill(lang: str, translations: dict) -> int:
    po = LOCALE / lang / "LC_MESSAGES" / "kit.po"
    with po.open("rb") as handle:
        catalog = read_po(handle)
    filled = 0
    for message in catalog:
        if message.id and message.id in translations:
            text = translations[message.id]
            if isinstance(text, tuple):   # pad to the catalogue's number of plural forms
                text = tuple(text) + (text[-1],) * (catalog.num_plurals - len(text))
            message.string = text
            message.flags.discard("fuzzy")
            filled += 1
    with po.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True)
    return filled


if __name__ == "__main__":
    lang, source = sys.argv[1], sys.argv[2]
    values = runpy.run_path(source)
    print(fill(lang, values[lang.upper()]), "messages filled")
