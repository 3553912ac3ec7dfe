"""Extract, merge and compile the gettext catalogues of kit/locale (run after changing messages).

    python tools/catalogues.py           # extract kit/locale/kit.pot, update fr and en .po, compile .mo
    python tools/catalogues.py --check   # exit 1 when a .po lacks a message or a translation
    python tools/catalogues.py --game FOLDER [SOURCE...]
                                         # a game's own catalogue, in FOLDER/locale (kit.i18n
                                         # GAME_DOMAIN): its words, from FOLDER's code and the
                                         # SOURCEs (its rule module), for a game the kit's
                                         # catalogues leave alone; FOLDER/locale/fr/LC_MESSAGES/
                                         # game.po is where its French goes

Message ids come from `_`, `ngettext`, `N_`, `P_` (texts printed in the kits), the first argument of the rules' events (`said`, `Message`) and of the refusals
(RuleViolation and its subclasses; the kit's own KitError messages go through `_`), both arguments of `plural` (scorekeeper.errors).
The .mo files are committed so an installed kit needs no build step; tests/test_i18n.py checks
that they match the .po.
"""
from __future__ import annotations

import re
import sys
import tempfile
from io import BytesIO
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "kit" / "locale"
POT = LOCALE / "kit.pot"
LANGUAGES = ("fr", "en")
KEYWORDS = ["_", "N_", "P_", "N_plural:1,2", "ngettext:1,2", "plural:1,2", "RuleViolation", "SessionError", "SessionLocked",
            "NothingToUndo", "KitError", "Forbidden", "said", "Message"]


def extract() -> None:
    args = ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "--no-location", "--sort-output",
            "--no-wrap", "--project", "paper-games-kit", "-o", str(POT)]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    CommandLineInterface().run(args + [str(ROOT)])
    add_help_texts()


# Click's own words on a help page and in a usage error (its msgids, in its global gettext
# domain, which kit.i18n.activate points at the kit's catalogues).
CLICK_WORDS = ["Usage:", "Options", "Commands", "required", "Show this message and exit.", "Show the version and exit.",
               "%(prog)s, version %(version)s", "default: {default}", "Aborted!", "Missing command.",
               "Error: {message}", "Try '{command} {option}' for help.", "Invalid value for {param_hint}: {message}",
               "Invalid value: {message}", "Missing argument", "Missing option", "Missing parameter",
               "Missing {param_type}", "Missing parameter: {param_name}", "No such option {name!r}.",
               "No such command {name!r}.", "{value!r} is not a valid {number_type}.",
               "{value} is not in the range {range}.", "Option {name!r} does not take a value.",
               "{name} {filename!r} does not exist.", "{name} {filename!r} is a file.",
               "{name} {filename!r} is a directory.", "file", "directory", "path", "Choose from:\n\t{choices}",
               ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
               ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
               ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
               ("{value!r} is not {choice}.", "{value!r} is not one of {choices}.")]


def add_help_texts() -> None:
    """The help pages' texts are docstrings, option helps and metavars, which Babel does not
    see: collect them from the whole `kit` command tree and add them to the template."""
    sys.path.insert(0, str(ROOT))
    import click

    from kit.cli import LANG_HELP, cli, help_texts

    texts = ["Examples:", LANG_HELP, *CLICK_WORDS]

    def walk(command: click.Command) -> None:
        texts.extend(help_texts(command))
        if isinstance(command, click.Group):
            context = click.Context(command)
            for name in command.list_commands(context):
                walk(command.get_command(context, name))

    walk(cli)
    # The simulations' own words (figure labels, bot heuristics) are data of each game's module.
    from kit.simulate import module
    from scorekeeper.rules import GAME_IDS
    for game in GAME_IDS:
        texts.extend([*module(game).FIGURES.values(), *module(game).BOTS.values()])
    with POT.open("rb") as handle:
        template = read_po(handle)
    for text in texts:
        if text and (text[0] if isinstance(text, tuple) else text) not in template:
            template.add(text)
    with POT.open("wb") as handle:
        write_po(handle, template, width=0, omit_header=False, sort_output=True, no_location=True)


def update() -> None:
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "kit.po"
        command = "update" if po.exists() else "init"
        CommandLineInterface().run(["pybabel", "-q", command, "-D", "kit", "-i", str(POT), "-d", str(LOCALE),
                                    "-l", lang, "--no-wrap"] + (["--ignore-obsolete"] if po.exists() else []))


def compiled(po: Path, only: list[str | tuple[str, str]] | None = None) -> bytes:
    """The .mo bytes of one .po (what `compile` writes and the test compares); with `only`,
    of those messages alone (click.mo: CLICK_WORDS)."""
    with po.open("rb") as handle:
        catalog = read_po(handle)
    if only is not None:
        kept = {text[0] if isinstance(text, tuple) else text for text in only}
        for message in list(catalog):
            if message.id and (message.id[0] if isinstance(message.id, tuple) else message.id) not in kept:
                del catalog[message.id]
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    """Each language's kit.mo, and its click.mo: click's words alone, which click reads
    through the standard library's gettext (kit.i18n.CLICK_DOMAIN), so that its first word
    does not decode the kit's whole catalogue."""
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "kit.po"
        po.with_suffix(".mo").write_bytes(compiled(po))
        po.with_name("click.mo").write_bytes(compiled(po, CLICK_WORDS))


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})", text))


def problems() -> list[str]:
    """What the French catalogue lacks for the code's messages as they are now (extracted
    afresh into a scratch template): a message missing, empty, fuzzy, or with a placeholder
    its message id does not have."""
    global POT
    kept = POT
    with tempfile.TemporaryDirectory() as scratch:
        POT = Path(scratch) / "kit.pot"
        try:
            extract()
            with POT.open("rb") as handle:
                wanted = [message for message in read_po(handle) if message.id]
        finally:
            POT = kept
    with (LOCALE / "fr" / "LC_MESSAGES" / "kit.po").open("rb") as handle:
        french = {message.id: message for message in read_po(handle) if message.id}
    found = []
    for message in wanted:
        translated = french.get(message.id)
        forms = ([translated.string] if isinstance(translated.string, str) else list(translated.string)) \
            if translated else []
        if not translated or not all(forms) or translated.fuzzy:
            found.append(f"untranslated: {message.id!r}")
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        found.extend(f"unknown placeholder in {form!r}" for form in forms
                     if _placeholders(form) - set().union(*map(_placeholders, ids)))
    return found


def game(folder: Path, sources: list[Path]) -> None:
    """A game's own catalogue: its messages extracted from `folder` and `sources` into
    folder/locale/game.pot, merged into its French .po, compiled."""
    locale = folder / "locale"
    locale.mkdir(exist_ok=True)
    pot = locale / "game.pot"
    args = ["pybabel", "-q", "extract", "--no-location", "--sort-output", "--no-wrap", "-o", str(pot)]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    CommandLineInterface().run(args + [str(folder), *map(str, sources)])
    po = locale / "fr" / "LC_MESSAGES" / "game.po"
    command = "update" if po.exists() else "init"
    CommandLineInterface().run(["pybabel", "-q", command, "-D", "game", "-i", str(pot), "-d", str(locale), "-l", "fr",
                                "--no-wrap"] + (["--ignore-obsolete"] if po.exists() else []))
    po.with_suffix(".mo").write_bytes(compiled(po))


if __name__ == "__main__":
    if "--game" in sys.argv:
        where = sys.argv.index("--game")
        game(Path(sys.argv[where + 1]), [Path(arg) for arg in sys.argv[where + 2:]])
        sys.exit(0)
    if "--check" in sys.argv:
        found = problems()
        print("\n".join(found) or "The French catalogue has every message.")
        sys.exit(1 if found else 0)
    extract()
    update()
    compile_all()
