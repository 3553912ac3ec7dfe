"""One registry of games (scorekeeper.rules), one folder per game on the kit side, a lazy CLI."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest

import kit.games
from kit.cli import cli
from scorekeeper import rules

KIT = Path(kit.__file__).resolve().parent
GAME_FILES = ["__init__.py", "bots.py", "faces.py", "layout.py", "pieces.py", "table.py"]


def test_every_rules_game_has_a_kit_folder_and_every_kit_folder_a_rules_game():
    folders = {p.name for p in (KIT / "games").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == {game.replace("-", "_") for game in rules.GAME_IDS}
    for game in rules.GAME_IDS:
        assert kit.games.kits()[game] == "kit.games." + game.replace("-", "_")


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_each_game_folder_has_the_same_files(game):
    folder = KIT / "games" / game.replace("-", "_")
    assert sorted(p.name for p in folder.glob("*.py")) == sorted(GAME_FILES)


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_each_rule_module_says_what_comes_next_and_what_was_done(game):
    # the faces walk these and nothing else (scorekeeper/rules/__init__.py); no default stands in
    module = rules.module(game)
    for name in ("setup", "apply", "pending", "anytime", "outcome"):
        assert callable(getattr(module, name, None)), f"{game} has no {name}"
    tribes = getattr(module, "TRIBES", None)   # Hoc Censeo's players each take one
    state = module.setup([{"name": n, **({"role": tribes[i]} if tribes else {})}
                          for i, n in enumerate(("Ana", "Ben", "Cléo"))], {})
    assert isinstance(module.pending(state), list)
    assert isinstance(module.anytime(state), list)


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_each_table_command_is_a_click_command_of_its_game(game):
    table = kit.games.table_module(game)
    for name, function in kit.games.kit_module(game).TABLE_COMMANDS.items():
        command = getattr(table, function)
        assert isinstance(command, click.Command)
        assert command.name == name


def test_kit_lists_every_command_it_can_load():
    context = click.Context(cli)
    for name in cli.list_commands(context):
        assert isinstance(cli.get_command(context, name), click.Command), name


def _imports(module_file: Path) -> set[str]:
    tree = ast.parse(module_file.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_module_of_the_cli_imports_the_cli_package_back():
    for path in (KIT / "cli").glob("*.py"):
        if path.name != "__init__.py":
            assert "kit.cli" not in _imports(path) or path.name == "score.py", path
    # score.py takes only the LazyGroup class from the package, which imports no subcommand.
    assert not any(name.startswith("kit.cli.") for name in _imports(KIT / "cli" / "__init__.py"))


def test_the_rule_engine_never_imports_the_kit():
    for path in (KIT.parent / "scorekeeper").rglob("*.py"):
        assert not any(name == "kit" or name.startswith("kit.") for name in _imports(path)), path


HEAVY = ("reportlab", "yaml", "fontTools")


@pytest.mark.parametrize("args", [["--version"], ["score", "show", "{file}"], ["score", "log", "{file}"]])
def test_the_score_commands_import_nothing_of_the_print_side(tmp_path, args):
    session = tmp_path / "s.jsonl"
    subprocess.run([sys.executable, "-m", "kit", "score", "new", str(session), "promotion",
                    "--player", "Ana", "--player", "Ben"], check=True, capture_output=True)
    argv = [a.format(file=session) for a in args]
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "kit", *argv],
                            capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert not imported & set(HEAVY), sorted(imported & set(HEAVY))
