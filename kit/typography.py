"""French typography and placeholders for every printed text of the four games.

Designers type ordinary spaces and straight apostrophes in the layout files; the kit
prints what French typesetting wants, the same way in every game:

    l'âme                ->  l’âme           the typographic apostrophe
    Vraiment ? non ; oui ! ->  U+202F before ? ; !   (narrow no-break space)
    « non »              ->  U+202F inside the guillemets
    Total : 100 %        ->  U+00A0 before : and %   (no-break space)
    3 cartes, n° 2       ->  U+00A0 between a number and the word it counts, after n°

so a line never starts with a lone punctuation mark and a number never ends a line apart
from its noun. Fonts without U+202F (Cinzel) get U+00A0 from the surfaces' fallbacks.

Layout texts may also name the rule engine's numbers as {placeholders}: kit.placeholders
fills them in, then typesets with `typeset`. This module imports nothing of the kit: the
catalogues (kit.i18n) typeset their French with it, and the errors are translated there.
"""
from __future__ import annotations

import functools
import re

NBSP = "\u00a0"     # no-break space
NNBSP = "\u202f"    # narrow no-break space
APOSTROPHE = "\u2019"


# Ordinals the French way in words, feminine (« la quatrième portion », « la deuxième
# pioche »): a digit with a plain « e » reads as a typo, and a superscript needs a glyph
# and a size of its own.
ORDINALS = {1: "première", 2: "deuxième", 3: "troisième", 4: "quatrième", 5: "cinquième",
            6: "sixième", 7: "septième", 8: "huitième", 9: "neuvième", 10: "dixième"}


ENGLISH_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
                    8: "eighth", 9: "ninth", 10: "tenth"}


def ordinal(n: int, lang: str = "fr") -> str:
    """« quatrième » for 4, in words up to ten; beyond, the abbreviation with its superscript
    letter. In English (lang="en", a text printed in kit.i18n.printed_language()): "fourth", "11th"."""
    if lang == "en":
        return ENGLISH_ORDINALS.get(n, f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}")
    return ORDINALS.get(n, f"{n}\u1d49")

# Any run of spaces a designer may have typed, no-break ones included: typesetting twice
# gives the same text, and a stray U+00A0 before « ? » is corrected too.
_SPACES = f"[ {NBSP}{NNBSP}]+"
_RULES = (
    (re.compile(_SPACES + r"([;!?])"), NNBSP + r"\1"),
    (re.compile(_SPACES + r"([:%])"), NBSP + r"\1"),
    (re.compile("«" + _SPACES), "«" + NNBSP),
    (re.compile(_SPACES + "»"), NNBSP + "»"),
    (re.compile(r"\bn°" + _SPACES), "n°" + NBSP),
    # A number (not the end of a decimal or of a word like « A4 ») and the word after it.
    (re.compile(r"(?<![\w.,])(\d+) (?=[^\W\d_])"), r"\1" + NBSP),
)


# A character without which no rule above can apply: most texts of a layout are set
# with one search instead of six substitutions.
_MAY_APPLY = re.compile(r"[;!?:%«»°\d]")


@functools.cache
def _english() -> tuple[tuple[re.Pattern[str], str], ...]:
    """English: no space before : ; ! ? (a translator's French habit, or a copied French
    text), curly quotes, the apostrophe. Compiled when English is first set: a French
    command never needs them (`kit score show` starts without compiling them)."""
    return (
        (re.compile(_SPACES + r"([:;!?])"), r"\1"),
        (re.compile(r'(^|[\s(\[{\u2014\u2013/-])"'), "\\1\u201c"),
        (re.compile('"'), "\u201d"),
        (re.compile(r"(^|[\s(\[{\u2014\u2013/-])'(?=\w)"), "\\1\u2018"),
        # a number and its unit or one-letter abbreviation stay on one line: 5 P, 63 mm, 120 gsm
        (re.compile(r"(?<![\w.,])(\d+) (?=(?:[A-Z]|mm|cm|gsm)\b)"), "\\1" + NBSP),
    )


def typeset_english(text: str) -> str:
    """text as English typography prints it: “curly quotes”, the typographic apostrophe,
    no space before : ; ! ?, a number kept with its unit (5\u00a0P, 63\u00a0mm)

    >>> typeset_english("it's done !") == "it\u2019s done!"
    True
    """
    for pattern, replacement in _english():
        text = pattern.sub(replacement, text)
    return text.replace("'", APOSTROPHE)


def typeset(text: str, lang: str = "fr") -> str:
    """text as French typography prints it (see the module's docstring); as English
    typography does with lang="en" (`typeset_english`).

    >>> typeset("L'aide : 3 cartes !") == "L’aide\u00a0: 3\u00a0cartes\u202f!"
    True
    """
    if lang == "en":
        return typeset_english(text)
    text = text.replace("'", APOSTROPHE)
    if not _MAY_APPLY.search(text):
        return text
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


# Code in a message, between straight quotes: the opening quote starts a word ('count', not
# the elision of l'âme), the closing one ends it ('d'Artagnan' is one quotation).
_CODE = re.compile(r"(?<!\w)'(?:[^'\n]|'(?=\w))*?'(?!\w)")


def typeset_message(text: str) -> str:
    """A French message of the command line or the pages, typeset outside the code it quotes:
    a field, a file or a value the user typed stays exactly as written.

    >>> typeset_message("champ 'count' : l'entrée 'd'or'") == "champ 'count'\u00a0: l’entrée 'd'or'"
    True
    """
    out, start = [], 0
    for quoted in _CODE.finditer(text):
        out += [typeset(text[start:quoted.start()]), quoted.group()]
        start = quoted.end()
    out.append(typeset(text[start:]))
    return "".join(out)
