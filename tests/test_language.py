"""One language at a time, everywhere, said right (issue 25): French by default, English when
asked, never half of each; values taken as people write them.

The checker is tests/helpers/language.py (`language_problems`). It reads here every message
of the catalogues rendered with sample values, every help page, the error paths of `kit
build`, `list`, `export`, `simulate` and `calibrate` (a malformed layout of each kind
included), a simulation's report and the export READMEs, in French and in English.

The table's own outputs (every shared scenario and the refusals that name values, through
`kit score` in both languages) are checked the same way by tests/scorekeeper/test_score_language.py.
"""
from __future__ import annotations

import contextlib
import shutil
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from language import language_problems
from score_cli import scenario_files, scenario_id
from yaml_files import yaml_file

from kit import i18n
from kit.cli import cli

REPO = Path(__file__).resolve().parents[1]
LAYOUTS = REPO / "layouts"
CATALOGUES = REPO / "kit" / "locale"
LANGS = ("fr", "en")



def run(lang: str, *args: str, layouts: Path | None = None):
    """`kit ARGS` in-process, in the language the locale names."""
    argv = [*args, *(["--layouts", str(layouts)] if layouts is not None else [])]
    env = {"LANG": "fr_FR.UTF-8" if lang == "fr" else "en_US.UTF-8", "LC_ALL": None, "LC_MESSAGES": None,
           "KIT_LANG": None}
    return CliRunner().invoke(cli, argv, env=env, catch_exceptions=False, prog_name="kit")


def assert_speaks(lang: str, texts, keep=()) -> None:
    problems = language_problems(texts, lang, keep)
    assert not problems, "\n".join(problems)


# --- the catalogues --------------------------------------------------------------------------
class _Sample(string.Formatter):
    """Fills any message: a name where a word goes, 3 where a number is formatted."""

    def get_value(self, key, args, kwargs):
        return 3 if key in ("n", "count", "total", "line", "column") else "Ana"

    def format_field(self, value, spec):
        if spec:
            try:
                return format(3, spec)
            except ValueError:
                return format("Ana", spec)
        return format(value)

    def convert_field(self, value, conversion):
        return repr(value) if conversion == "r" else super().convert_field(value, conversion)


def _rendered(lang: str) -> list[tuple[str, str]]:
    """(message id, the message as shown) for every message of the catalogue, each plural
    form at 1 and at 3."""
    translator = i18n.translator(lang)
    with (CATALOGUES / lang / "LC_MESSAGES" / "kit.po").open("rb") as handle:
        catalogue = read_po(handle)
    out = []
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, str):
            texts = [translator.gettext(message.id)]
            key = message.id
        else:
            texts = [translator.ngettext(*message.id[:2], n) for n in (1, 3)]
            key = message.id[0]
        for text in texts:
            text = text.replace("%(prog)s", "kit").replace("%(version)s", "1.0")
            # A message shown as it is keeps its braces: JSON such as '{"action": "undo"}'.
            with contextlib.suppress(ValueError, IndexError, KeyError):
                text = _Sample().format(text)
            out.append((key, text))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_message_speaks_one_language(lang):
    problems = [f"{key!r}: {problem}" for key, text in _rendered(lang) for problem in language_problems([text], lang)]
    assert not problems, "\n".join(problems)


# --- help pages ------------------------------------------------------------------------------
def _commands(command=cli, path=()):
    import click
    yield path
    if isinstance(command, click.Group):
        context = click.Context(command)
        for name in command.list_commands(context):
            yield from _commands(command.get_command(context, name), (*path, name))


# Every help page: `kit`, each command and subcommand, the games' own `kit score` commands included.
HELP_PAGES = list(_commands())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", HELP_PAGES, ids=lambda path: " ".join(path) or "kit")
def test_every_help_page_speaks_one_language(lang, path):
    result = run(lang, *path, "--help")
    assert result.exit_code == 0, result.output
    heading = {"fr": "Utilisation\u00a0: kit", "en": "Usage: kit"}[lang]
    assert result.output.startswith(heading)
    assert ("Options\u00a0:" if lang == "fr" else "Options:") in result.output
    assert_speaks(lang, [result.output])


# --- error paths -----------------------------------------------------------------------------
ERRORS = [
    ("build", "chess"), ("build", "--paper", "a3"), ("build", "--format", "png"), ("build", "--bleed", "20"),
    ("build", "--bleed", "thin"), ("build", "--back-offset", "1"), ("build", "phd", "--only", "dice"),
    ("build", "--colour"), ("build", "phd", "--layouts", "/nowhere/at/all"),
    ("list", "chess"), ("list", "phd", "promotion"),
    ("export", "chess"), ("export", "--target", "tgc", "--bleed", "2"), ("export", "--base-url", "https://x.org/"),
    ("export", "--target", "web"), ("export", "--dpi", "5"), ("export", "--target", "tgc", "--dpi", "600"),
    ("export", "--target", "tts", "--base-url", "ftp://x.org/"),
    ("simulate",), ("simulate", "chess"), ("simulate", "phd", "--bots", "smart"), ("simulate", "phd", "--bots", ","),
    ("simulate", "phd", "--players", "9"), ("simulate", "amphitheatre", "--players", "2"),
    ("simulate", "phd", "--option", "timed=peut-être"), ("simulate", "phd", "--option", "colour=bleu"),
    ("simulate", "phd", "--option", "chapters=2", "--option", "chapitres=3"), ("simulate", "phd", "--option", "timed"),
    ("simulate", "phd", "--games", "0"), ("calibrate", "--paper", "a5"), ("calibrate", "--back-offset", "x,y"),
    ("nonsense",), ("build", "--unknown-option"), ("simulate", "phd", "--games", "x"), ("export", "--dpi", "x"),
    ("score", "serve", "s.jsonl", "--port", "x"), ("score", "new", "s.jsonl", "chess"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", ERRORS, ids=" ".join)
def test_every_refusal_speaks_one_language(lang, args, tmp_path):
    result = run(lang, *args)
    assert result.exit_code == 2, result.output
    assert ("Erreur\u00a0:" if lang == "fr" else "Error:") in result.output
    assert_speaks(lang, [result.output])


# --- malformed layouts -----------------------------------------------------------------------
# (game, file, text to replace, its replacement, what the message must name): one mistake of
# each kind the schema and the games' own checks refuse.
MALFORMED = [
    ("phd", "events.yaml", "cards:", "cards: [", "events.yaml"),                          # not YAML
    ("phd", "events.yaml", "cards:", "cards:\n  - title: A\n\tx: 1\n", "events.yaml"),    # a tab
    ("phd", "events.yaml", "cards:", "carts:", "'carts'"),                                # unknown key
    ("phd", "aids.yaml", "\n", "\nextra: {a: 1, a: 2}\n", "aids.yaml"),                   # key twice
    ("promotion", "cards.yaml", "copies: 4", "copies: quatre", "'copies'"),               # not a number
    ("promotion", "cards.yaml", "copies: 4", "copies: 900", "'copies'"),                  # deck size
    ("promotion", "cards.yaml", "copies: 4", "copies: 4000", "'copies'"),                 # bounds
    ("promotion", "tokens.yaml", "value: 1", "value: 2", "'value'"),                      # game's own rule
    ("amphitheatre", "players.yaml", "colour:", "colour: chartreuse\n    x:", "players.yaml"),
    ("hoc-censeo", "motions.yaml", "    colour: bleu", "    colour: écarlate", "'colour'"),   # a choice
    ("hoc-censeo", "motions.yaml", "title: Loi du cens", "title: Loi du cens 😀", "U+1F600"),  # a glyph
    ("hoc-censeo", "motions.yaml", "title: Loi du cens", "title: [1, 2]", "'title'"),     # a list for a text
]


def _layout_words(folder: Path) -> set[str]:
    """The keys a game's layout files use: the designer's vocabulary, which messages quote
    as it is (an entry `values`, accepted keys `title, cards`)."""

    words: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            words.update(str(key) for key in node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in (LAYOUTS / folder.name).glob("*.yaml"):
        walk(yaml_file(path))
    return words


def _malformed(tmp_path: Path, game: str, file: str, old: str, new: str) -> Path:
    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / game, root / game)
    path = root / game / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("case", MALFORMED, ids=lambda case: f"{case[0]}-{case[1]}-{case[3][:12]}")
def test_a_malformed_layout_is_refused_in_each_language(case, tmp_path):
    game, file, old, new, named = case
    root = _malformed(tmp_path, game, file, old, new)
    said = {}
    for lang in LANGS:
        result = run(lang, "build", game, "--out", str(tmp_path / "out"), layouts=root)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output, result.output
        said[lang] = result.output.strip().splitlines()[-1]
        assert named in said[lang], said[lang]
        assert str(root) in said[lang], said[lang]
        assert_speaks(lang, [said[lang]], keep=_layout_words(root / game))
    assert said["fr"].startswith("Erreur\u00a0: ")
    assert said["en"].startswith("Error: ")


def test_a_csv_column_is_named_as_the_designer_wrote_it_with_straight_quotes(tmp_path):
    """The issue's own example: motions in a CSV table whose copies column is `count`."""
    import csv


    root = tmp_path / "layouts"
    shutil.copytree(LAYOUTS / "hoc-censeo", root / "hoc-censeo")
    motions = yaml_file(root / "hoc-censeo" / "motions.yaml")["motions"]
    (root / "hoc-censeo" / "motions.yaml").unlink()
    with (root / "hoc-censeo" / "motions.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["title", "colour", "text", "count"])
        for i, motion in enumerate(motions):
            writer.writerow([motion["title"], motion["colour"], motion["text"], "deux" if i == 1 else 1])
    french = run("fr", "build", "hoc-censeo", "--out", str(tmp_path / "out"), layouts=root).output.strip()
    english = run("en", "build", "hoc-censeo", "--out", str(tmp_path / "out"), layouts=root).output.strip()
    table = root / "hoc-censeo" / "motions.csv"
    title = motions[1]["title"]
    assert french == (f"Erreur\u00a0: {table}, entrée ligne 3 «\u202f{title}\u202f», champ 'count'\u00a0: "
                      "un nombre entier était attendu, pas 'deux'")
    assert english == f"Error: {table}, entry line 3 « {title} », field 'count': expected a whole number, got 'deux'"


# --- what the commands print -----------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_list_speaks_one_language(lang):
    from kit.build import default_layouts, load_kit

    result = run(lang, "list")
    assert result.exit_code == 0, result.output
    kits = [load_kit(game, default_layouts()) for game in ("phd", "amphitheatre", "promotion", "hoc-censeo")]
    # The games' own words (titles, component names, what to bring) are French in both languages.
    content = [text for k in kits for text in (k.title, k.players, *k.bring, *(c.name for c in k.components),
                                                 *(c.id for c in k.components))]
    assert_speaks(lang, [result.output], keep=content)
    assert ("de 2\u00a0à 6\u00a0personnes" if lang == "fr" else "2 to 6 players") in result.output


def _titles() -> set[str]:
    """Every card's title and name in the layouts: the report quotes them, French in both languages."""

    titles: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            titles.update(str(v) for k, v in node.items() if k in ("title", "name") and isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    from kit.typography import typeset

    for path in LAYOUTS.glob("*/*.yaml"):
        walk(yaml_file(path))
    return titles | {typeset(title) for title in titles}   # as printed: l’aéroport


@pytest.mark.parametrize("lang", LANGS)
def test_a_simulation_report_speaks_one_language(lang, tmp_path):
    report = tmp_path / "simulation.pdf"
    result = run(lang, "simulate", "all", "--games", "12", "--jobs", "1", "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "/" not in result.output.replace(str(report), ""), "no path of this machine but the one asked for"
    # The bots' decisions, their options and the tallies are worded through the catalogue too;
    # Hoc Censeo's vote sides (pour, contre) are the game's own words, like the cards' titles.
    assert_speaks(lang, [result.output], keep=[*_titles(), "pour", "contre"])
    from pypdf import PdfReader
    text = "\n".join(page.extract_text() for page in PdfReader(report).pages)
    assert str(REPO) not in text
    assert ("Qui gagne" if lang == "fr" else "Who wins") in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("target", ["png", "tgc", "mpc", "tts"])
def test_every_export_readme_speaks_one_language(lang, target):
    from kit.build import default_layouts, load_kit
    from kit.export.preflight import Problem
    from kit.export.readme import readme
    from kit.export.run import Exported, ExportOptions

    i18n.activate(lang)
    try:
        game_kit = load_kit("promotion", default_layouts())
        result = Exported("promotion", target, Path("out"), images=3, refused=[("aid", "too large")],
                          warnings=[Problem("cards/001-x-face.png", "safe area")])
        rows = [{"component": "cards", "width_px": 825, "height_px": 1125}]
        text = readme(game_kit, ExportOptions(target=target), result, rows)
        names = [c.name for c in game_kit.components] + [c.id for c in game_kit.components] + [
            game_kit.title, "too large", "safe area"]
        assert_speaks(lang, [text], keep=names)
    finally:
        i18n.activate("en")


@pytest.mark.parametrize("lang", LANGS)
def test_an_export_and_its_preflight_speak_one_language(lang, tmp_path):
    out = tmp_path / "export"
    result = run(lang, "export", "promotion", "--only", "pi-tokens", "--dpi", "30", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert_speaks(lang, [result.output])
    readme = (out / "promotion" / "png" / "README.txt").read_text(encoding="utf-8")
    assert ("Composants" if lang == "fr" else "Components") in readme
    assert_speaks(lang, [readme], keep=["Jetons PI", "Promotion"])


# --- the language chosen ---------------------------------------------------------------------
@pytest.mark.parametrize(("environ", "args", "lang"), [
    ({}, (), "fr"),
    ({"LANG": "en_US.UTF-8"}, (), "en"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, (), "en"),
    ({"LANG": "en_US.UTF-8", "KIT_LANG": "fr"}, (), "fr"),
    ({"LANG": "fr_FR.UTF-8", "KIT_LANG": "en"}, (), "en"),
    ({"LANG": "en_US.UTF-8", "KIT_LANG": "en"}, ("--lang", "fr"), "fr"),
    ({"KIT_LANG": "klingon", "LANG": "en_US.UTF-8"}, (), "en"),
])
def test_one_rule_chooses_the_language_of_every_command(environ, args, lang):
    env = {"LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "KIT_LANG": None, **environ}
    runner = CliRunner()
    for command in (("build", "chess"), ("list", "chess"), ("simulate", "chess"), ("export", "chess")):
        for where in ("before", "after"):   # --lang anywhere on the line
            argv = [*args, *command] if where == "before" else [*command, *args]
            output = runner.invoke(cli, argv, env=env, prog_name="kit").output
            assert ("Erreur\u00a0:" in output) == (lang == "fr"), output
            assert ("Error:" in output) == (lang == "en"), output


def test_lang_after_the_action_of_act_chooses_the_language_and_is_not_data(tmp_path):
    """`act` takes its arguments as data (a JSON action, "-1"), yet --lang anywhere on the line
    is the language, as for every command."""
    for where in ("before", "after"):
        args = ["--lang", "en"]
        line = [*args, str(tmp_path / "s.jsonl"), '{"action": "undo"}'] if where == "before" else \
            [str(tmp_path / "s.jsonl"), '{"action": "undo"}', *args]
        result = run("fr", "score", "act", *line)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("Error: There is no session file"), result.output


# --- values as people write them -------------------------------------------------------------
@pytest.mark.parametrize(("written", "game"), [
    ("PHD", "phd"), ("Phd", "phd"), ("amphithéâtre", "amphitheatre"), ("AMPHITHEATRE", "amphitheatre"),
    ("Hoc-Censeo", "hoc-censeo"), ("Hoc Censeo", "hoc-censeo"), ("hoc_censeo", "hoc-censeo"), ("Promotion", "promotion"),
])
def test_game_names_are_taken_as_people_write_them(written, game, tmp_path):
    listed = run("en", "list", written)
    assert listed.exit_code == 0, listed.output
    assert listed.output.startswith(f"{game}: "), listed.output
    simulated = run("en", "simulate", written, "--games", "2", "--jobs", "1", "--json")
    assert simulated.exit_code == 0, simulated.output
    assert f'"game": "{game}"' in simulated.output, simulated.output
    players = ["Ana:titienses", "Ben:ramnes", "Cléo:luceres"] if game == "hoc-censeo" else ["Ana", "Ben", "Cléo"]
    created = run("en", "score", "new", str(tmp_path / "s.jsonl"), written,
                  *(arg for player in players for arg in ("--player", player)))
    assert created.exit_code == 0, created.output
    assert f'"game": "{game}"' in (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()[0]


@pytest.mark.parametrize(("option", "timed"), [
    ("timed=oui", True), ("timed=Vrai", True), ("Timed=YES", True), ("chrono=true", True),
    ("timed=non", False), ("TIMED=Faux", False), ("chronométré=no", False),
])
def test_option_names_and_values_are_taken_in_either_language(option, timed, tmp_path):
    import json
    session = tmp_path / "s.jsonl"
    result = run("fr", "score", "new", str(session), "phd", "--player", "Ana", "--player", "Ben",
                 "--option", option, "--option", "Chapitres=2")
    assert result.exit_code == 0, result.output
    state = json.loads(run("en", "score", "show", str(session), "--json").output)
    assert state["options"] == {"timed": timed, "chapters": 2}
    simulated = run("fr", "simulate", "phd", "--games", "2", "--jobs", "1", "--json", "--option", option)
    assert simulated.exit_code == 0, simulated.output


@pytest.mark.parametrize(("written", "hex_"), [
    ("Bleu", "#0072B2"), ("VERT", "#009E73"), ("vermillon", "#D55E00"), ("Orange-Clair", None), ("Sky", "#56B4E9"),
    ("#e69f00", "#E69F00"),
])
def test_colours_are_taken_in_either_language_and_any_case(written, hex_):
    from kit.palette import TINTS, resolve
    assert resolve(written) == (hex_ or TINTS["orange-light"])


def test_a_layout_choice_is_taken_in_any_case(tmp_path):
    root = _malformed(tmp_path, "hoc-censeo", "motions.yaml", "    colour: bleu", "    colour: Bleu")
    result = run("fr", "build", "hoc-censeo", "--out", str(tmp_path / "out"), layouts=root)
    assert result.exit_code == 0, result.output


def test_the_readme_says_how_the_language_is_chosen_in_the_order_the_code_follows():
    """The README's "French or English" section names the rule of kit.i18n.choose_language:
    --lang, then KIT_LANG, then LC_ALL, LC_MESSAGES and LANG, and French otherwise."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("### French or English", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    order = [section.find(f"`{word}") for word in ("--lang", "KIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG`")]
    assert -1 not in order, order
    assert order == sorted(order), order
    assert "French unless you ask for English" in section
    for written in ("PHD", "amphithéâtre"):   # the spellings the tests above take
        assert f"`{written}`" in section
    assert i18n.choose_language(None, {}) == "fr"


# --- the phone pages -------------------------------------------------------------------------
def _phone_pages(lang: str, scenario: Path, tmp_path: Path) -> tuple[list[str], list[str]]:
    """The text a person reads on every page of `kit score serve` (the table, the room, each
    seat, the host) after every step a shared scenario plays, and the players' names."""
    from serve_helpers import page_text  # what a person reads: no markup, SVG or script
    from starlette.testclient import TestClient

    from kit.serve.app import create_app
    from scorekeeper import session as sessions
    from scorekeeper.errors import ScorekeeperError
    data = yaml_file(scenario)
    path = tmp_path / f"{scenario.stem}.jsonl"
    sessions.create(path, data["game"], data["players"], data.get("options") or {})
    texts = []
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        pages = ["/", "/join", f"/host/{tokens['host']}", *(f"/seat/{t}" for t in tokens["seats"].values())]
        for step in [None, *(data.get("steps") or [])]:
            if step is not None:
                try:
                    sessions.append(path, step["act"])
                except ScorekeeperError:
                    continue   # a refusal the scenario expects: the pages are as they were
            for page in pages:
                reply = client.get(page, params={"lang": lang})
                assert reply.status_code == 200, page
                texts.append(page_text(reply.text))
    return texts, [p["name"] for p in data["players"]]


PHONE_SCENARIOS = [path for path in scenario_files() if "refused_new" not in path.read_text(encoding="utf-8")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scenario", PHONE_SCENARIOS, ids=scenario_id)
def test_every_phone_page_speaks_one_language(lang, scenario, tmp_path):
    texts, names = _phone_pages(lang, scenario, tmp_path)
    assert_speaks(lang, texts, keep=names)


@pytest.mark.parametrize("lang", LANGS)
def test_no_terminal_line_names_a_card_or_a_step_by_its_id(lang, tmp_path):
    """Issue 46, item 4: the terminal's undo read « Cléo plays delegue-syndical ». A card is
    named by its printed title, a step by the game's words, in the log and in every undo."""
    import re

    from kit.deck import for_session
    from scorekeeper import rules
    from scorekeeper import session as sessions

    deck = for_session("promotion", None)
    assert deck is not None
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=deck)
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Cléo", "step": step})
    for card in ("chef-de-projet", "delegue-syndical"):
        sessions.append(path, {"action": "turn", "player": "Cléo", "step": "play", "card": card})
    said = [run(lang, "score", "undo", str(path)).output, run(lang, "score", "log", str(path)).output]
    # an English step id that is an English word (« draw », « end ») may be said as one
    ids = {*deck["cards"], *(s for s in rules.module("promotion").TURN_STEPS if lang == "fr" or "-" in s)}
    read = [i for i in sorted(ids) for text in said if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert not read, said
