"""The shared faces name no game (ARCHITECTURE.md: each game declares what its faces need in
kit/games/<game>/, and kit/table.py, kit/cli/ and kit/serve/ name no game), so that a fifth
game shows through them without touching them.

Checked: every string those modules hold (what they print, ask, refuse or send; a click
command's docstring, which is its --help) and every import, for a game's id, its title, or one
of its own words (those people answer in that game alone: its faces' `answers`). The other
docstrings, like the comments, are the developers' notes and may take a game as an example.
The pages' module and templates have their own check (kit/serve/pages.py, kit/serve/templates/).
"""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

import kit
from kit import faces
from scorekeeper import rules

KIT = Path(kit.__file__).resolve().parent
SHARED = sorted([KIT / "table.py", *(KIT / "cli").glob("*.py"),
                 *(p for p in (KIT / "serve").glob("*.py") if p.name != "pages.py")])
# Plain English words that are also one game's values (Promotion's "next" step, its "hand").
COMMON = {"next", "hand"}


def game_words() -> re.Pattern[str]:
    """A game's id (as written in a module's name too), its title, or one of its own words."""
    said = Counter(word for game in rules.GAME_IDS for word in set(faces.of(game).answers))
    words = {word for word, games in said.items() if games == 1} - COMMON
    for game in rules.GAME_IDS:
        title = rules.module(game).TITLE
        words |= {game, game.replace("-", "_"), title, title.replace("â", "a")}
    return re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w-])",
                      re.IGNORECASE)


def is_command(node: ast.AST) -> bool:
    """A function that click makes a command or group of (its docstring is its help)."""
    for decorator in getattr(node, "decorator_list", ()):
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")) in ("command", "group"):
            return True
    return False


def notes(tree: ast.Module) -> set[int]:
    """The developers' docstrings: a module's, a class's, a function's that is no command."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and not is_command(node):
                found.add(id(first.value))
    return found


def named_games(path: Path) -> list[str]:
    pattern = game_words()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = notes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            shown = node.value.partition("\f")[0]    # after \f: the developers' part of a command's docstring
            found += [f"line {node.lineno}: {m[0]!r} in {shown[:60]!r}" for m in pattern.finditer(shown)]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = ".".join(filter(None, [getattr(node, "module", None), alias.name]))
                found += [f"line {node.lineno}: imports {name}" for _m in pattern.finditer(name.replace(".", " "))]
    return found


def test_the_check_finds_a_game_where_one_is_named(tmp_path):
    named = tmp_path / "named.py"
    named.write_text('"""A note may say Hoc Censeo."""\nfrom scorekeeper.rules import phd\n'
                     'import click\n\n\n@click.command()\ndef vote():\n    """Count the POUR and CONTRE."""\n'
                     'WORD = "titienses"\n', encoding="utf-8")
    assert sorted(found.split(":")[0] for found in named_games(named)) == ["line 2", "line 8", "line 8", "line 9"]


@pytest.mark.parametrize("path", SHARED, ids=lambda path: str(path.relative_to(KIT)))
def test_a_shared_face_names_no_game(path):
    assert named_games(path) == []
