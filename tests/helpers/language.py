"""The language checker: is a text all in the language it claims, and free of what only a
programmer would write?

`language_problems(texts, lang)` takes any texts (command output, a help page, a rendered
catalogue message, a README) and the language they are meant to be in ("fr" or "en"), and
returns one line per problem: an English word in French, a French word in English, a
gendered word for a player in French (« le magistrat », « chacun », « joueur »), a
`None`, `null`, `True` or `False`, a `{placeholder}` left unfilled, a Python repr. What is
not prose is set aside first: code in straight quotes ('count'), in backticks or in double
quotes, the designers' own texts in « guillemets », command lines, paths, options and the
names of products and programs. Pass `keep` for other texts a page quotes as they are (a
game's French component names in an English listing).

tests/test_language.py feeds it every catalogue message, every help page and the error paths
of the kit's commands; a test of other outputs (the score messages) calls it the same way.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

# Words of one language that never belong in a sentence of the other (each checked as a
# whole word, whatever its case). Words both languages share (« options », « page »,
# « argument », « on », « or ») are not listed.
ENGLISH = ("the", "is", "are", "not", "player", "players", "field", "fields", "expected", "entry", "entries", "got",
           "and", "of", "with", "without", "must", "cannot", "can", "line", "column", "unknown", "file", "files",
           "game", "games", "error", "show", "this", "that", "these", "exit", "missing", "invalid", "value",
           "values", "for", "which", "when", "has", "have", "was", "were", "should", "will", "would", "only", "every",
           "each", "from", "into", "than", "there", "their", "its", "it", "be", "to", "by", "at", "in", "wins",
           "seat", "shared", "nobody", "mean", "median", "length", "rounds", "turns", "folder", "write", "print",
           "build", "card", "cards", "back", "backs", "size", "deck", "bleed", "usage", "commands", "default",
           "try", "help", "did", "you", "one", "two", "none", "yes", "no",
           # metavars and click's own words on a help page (FILE, AMOUNT, [required])
           "name", "names", "amount", "number", "integer", "text", "target", "speaker", "thief", "victim",
           "accused", "address", "required")
FRENCH = ("le", "la", "les", "des", "du", "une", "est", "sont", "pas", "ne", "joueur", "joueurs", "joueuse",
          "personne", "personnes", "erreur", "champ", "entrée", "ligne", "colonne", "attendu", "attendue", "avec",
          "sans", "dans", "pour", "contre", "qui", "que", "ou", "et", "au", "aux", "mais", "fichier", "valeur", "jeu", "jeux",
          "partie", "parties", "carte", "cartes", "être", "doit", "peut", "il", "elle", "cette", "votre", "vous",
          "à", "où", "tour", "tours", "dossier", "aide", "utilisation", "commandes", "défaut", "inconnu",
          "inconnue", "manquant", "afficher", "quitter", "oui", "non", "nom", "noms", "montant", "cible",
          "obligatoire", "magistrat")
# Elisions and the English possessive, which no word boundary isolates.
ENGLISH_PATTERNS = (r"\w['’]s\b",)
FRENCH_PATTERNS = (r"\b[lLdDnNqQsScCjJ]u?['’]\w",)

# French that gives a player a gender the game does not know (issue 25: « la personne qui
# préside », « à Chloé de… », « chaque personne », never « le magistrat », « chacun », « il »).
FRENCH_GENDERED = (r"\bmagistrats?\b(?!·)", r"\bchacun\b", r"\bjoueurs?\b", r"\bjoueuses?\b",
                   r"\b(l|de l)['’]accusé\b", r"\borateurs?\b", r"\bvoleurs?\b", r"\b(?!manque|passe|reste|faut|agit)\w+-t-il\b", r"\bseul devant\b",
                   r"\bépargnés?\b", r"\b(un|le) gagnant\b", r"\bvotants?\b")

# What no reader should see, in either language.
NEVER = (
    (r"\b(None|null|True|False)\b", "a Python or JSON constant"),
    (r"(?<!\{)\{[A-Za-z_]\w*(![rsa])?(:[<>^=+\-#0-9.,_a-zA-Z%]*)?\}(?!\})", "an unfilled {placeholder}"),
    (r"<[\w.]+ object at 0x|\['|\{'\w+':|\\x[0-9a-f]{2}|\b[A-Z]\w*(Error|Exception)\b|Traceback",
     "a Python repr"),
)

# Names of products, programs and their menus, quoted as they are in either language.
# The games' own words (PHD's « C'est la vie » cards) are said in French in both languages;
# Hoc Censeo's POUR and CONTRE are FOR and AGAINST in English (issue 48), so not set aside.
PROPER_NAMES = ("The Game Crafter", "Tabletop Simulator", "MakePlayingCards", "Saved Objects", "My Games",
                "Cloud Manager", "Objects", "Saves", "US Letter", "Wilson", "C'est la vie",
                "C’est la vie")

_SET_ASIDE = (
    r"(?<!\w)'(?:[^'\n]|'(?=\w))*?'(?!\w)",     # 'code' in straight quotes (kit.typography's rule)
    r"`[^`]{0,200}`",                           # `code`, maybe wrapped over two lines
    r"\"[^\"\n]*\"",                            # "code"
    r"«[^»\n]*»",                               # « a designer's own text »
    r"^\s*(\$ )?kit( [^\s]+)+.*$",              # an example command line (with its comment)
    r"(Utilisation|Usage)\s?:\s*kit( [a-z][\w-]*)*",  # a usage line's commands (its metavars are read)
    r"^  [a-z][\w-]*(?=  )",                     # a command's name in a help page's list
    r"\S*[/\\=@<>\[\]{}|_]\S*",                 # paths, KEY=VALUE, <game>, [OPTIONS], {a|b}, snake_case
    r"(?<!\w)--?[\w-]+",                        # options
    r"\S*\w\.\w\S*",                           # file names, dotted names (board.seat)
)


def language_problems(texts: Iterable[str], lang: str, keep: Iterable[str] = ()) -> list[str]:
    """One line per problem found in texts meant to be in `lang` ("fr" or "en")."""
    keep = list(keep)   # read again for every text
    words = ENGLISH if lang == "fr" else FRENCH
    patterns = ENGLISH_PATTERNS if lang == "fr" else FRENCH_PATTERNS
    foreign = re.compile(r"(?<![\w’'-])(" + "|".join(map(re.escape, words)) + r")(?![\w’'-])", re.IGNORECASE)
    problems = []
    for text in texts:
        for pattern, what in NEVER:
            found = re.search(pattern, text)
            if found:
                problems.append(f"{what} {found.group()!r} in: {_short(text, found.start())}")
        prose = text
        for quoted in sorted({*keep, *PROPER_NAMES}, key=len, reverse=True):
            words = r"\s+".join(map(re.escape, quoted.split()))     # a name may be wrapped
            prose = re.sub(rf"(?<!\w){words}(?!\w)", " ", prose) if words else prose
        for pattern in _SET_ASIDE:
            prose = re.sub(pattern, " ", prose, flags=re.MULTILINE)
        if lang == "fr":
            for found in (m for p in FRENCH_GENDERED for m in re.finditer(p, prose, re.IGNORECASE)):
                problems.append(f"a gendered {found.group()!r} in: {_short(prose, found.start())}")
        for found in [*foreign.finditer(prose), *(m for p in patterns for m in re.finditer(p, prose))]:
            problems.append(f"{'English' if lang == 'fr' else 'French'} {found.group()!r} in: "
                            f"{_short(prose, found.start())}")
    return problems


def _short(text: str, at: int) -> str:
    start = max(0, at - 60)
    return ("…" if start else "") + " ".join(text[start:at + 60].split()) + ("…" if at + 60 < len(text) else "")
