"""The shared faces name no game (ARCHITECTURE.md): what they show of one is its declaration
(kit/games/<game>/faces.py and templates/), so a fifth game touches nothing in kit/table/,
kit/cli/ or kit/serve/.

Read: every string and import of kit/table/*.py, kit/cli/*.py and kit/serve/*.py, and every
template of kit/serve/templates/ (its comments aside), for a game's id, its title, or a word
only one game has: those listed below, in English and in French, and those people answer in
one game alone (its faces' `answers`). A click command's docstring is its --help, so it is
read too; the other docstrings, like the comments, are the developers' notes and may give a
game as an example.
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
SERVE = KIT / "serve"
# The words only one game has (its pieces, its resources, its roles), in English and in French.
GAME_WORDS = (
    "hoc censeo", "amphithéâtre",
    "tribe", "tribu", "senator", "sénateur", "magistrate", "magistrat", "préside", "ballot", "bulletin",
    "calamity", "calamité", "rome", "titienses", "ramnes", "luceres", "pour", "contre", "seals", "sceau",
    "pression", "crédit", "credit", "chapter", "chapitre", "thesis", "thèse", "burnout", "bingo", "doctor",
    "pi", "poste", "attaque", "hypothesis", "hypothèse", "doubt", "doute", "debate", "débat", "capacity",
)
# Plain English words (and HTML's) that are also one game's answers: Promotion's "next" step,
# its "hand", a PHD chapter to "submit", an "empty" deck; a "card" or a "deck" any game with
# cards has, "nothing" to undo, the "end" of a game.
COMMON = {"next", "hand", "lose", "submit", "empty", "card", "deck", "nothing", "end"}


def game_words() -> re.Pattern[str]:
    """A game's id (as code spells it too), its title, or a word of one game alone."""
    said = Counter(word for game in rules.GAME_IDS for word in set(faces.of(game).answers))
    words = {*GAME_WORDS, *({word for word, games in said.items() if games == 1} - COMMON)}
    for game in rules.GAME_IDS:
        title = rules.module(game).TITLE
        words |= {game, game.replace("-", "_"), title, title.replace("â", "a")}
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                      + r")s?(?![\w-])", re.IGNORECASE)


WORD = game_words()


def is_command(node: ast.AST) -> bool:
    """A function click makes a command or a group of: its docstring is its help."""
    for decorator in getattr(node, "decorator_list", ()):
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")) in ("command", "group"):
            return True
    return False


def strings_and_imports(path: Path) -> list[tuple[int, str]]:
    """Each string constant (the developers' docstrings aside; a command's help up to its \\f)
    and each imported name of a module, by line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and not is_command(node)
                  and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value.partition("\f")[0]))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def template_text(path: Path) -> list[tuple[int, str]]:
    """A template's lines, its {# comments #} blanked (kept as lines, so numbers still match)."""
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m[0].count("\n"), path.read_text(encoding="utf-8"), flags=re.S)
    return list(enumerate(text.splitlines(), start=1))


SHARED = [*sorted((KIT / "table").glob("*.py")), *sorted((KIT / "cli").glob("*.py")), *sorted(SERVE.glob("*.py")),
          *sorted((SERVE / "templates").rglob("*.html"))]


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(KIT)))
def test_no_shared_face_names_a_game_or_a_word_of_one(path):
    read = strings_and_imports(path) if path.suffix == ".py" else template_text(path)
    named = [(line, text, WORD.search(text)[0]) for line, text in read if WORD.search(text)]
    assert not named, f"{path.name} names a game: " + "; ".join(f"line {n}: {w!r} in {t!r}" for n, t, w in named)


def test_the_check_finds_a_game_where_one_is_named(tmp_path):
    # what the sweep above would catch: an import of a game's rules, its word in a string, a
    # command's help or a template; not a developer's docstring
    module = tmp_path / "pages.py"
    module.write_text('"""Drawn for Hoc Censeo."""\nfrom scorekeeper.rules import hoc_censeo\nimport click\n\n\n'
                      '@click.command()\ndef count():\n    """Count the POUR."""\n\n\n'
                      'def note():\n    """As in PHD."""\n\n\nLABEL = "tribe"\nWORD = "titienses"\n', encoding="utf-8")
    assert sorted(text for _line, text in strings_and_imports(module) if WORD.search(text)) == [
        "Count the POUR.", "scorekeeper.rules.hoc_censeo", "titienses", "tribe"]
    template = tmp_path / "board.html"
    template.write_text("{# the senators' circles #}\n<p>{{ _('Senators left') }}</p>\n", encoding="utf-8")
    assert [line for line, text in template_text(template) if WORD.search(text)] == [2]
