"""The table server's shared faces name no game: what they show of one is its declaration
(kit/games/<game>/faces.py and templates/), so a fifth game touches nothing in kit/serve/.

Read: every string and import of kit/serve/*.py (docstrings and comments aside: they may
give a game as an example) and every template of kit/serve/templates/ (its comments aside).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import kit.serve
from scorekeeper import rules

SERVE = Path(kit.serve.__file__).resolve().parent
# The games' ids as code spells them, and the words only one game has (its pieces, its
# resources, its roles), in English and in French.
GAME_WORDS = (
    *rules.OWN_GAMES, *(game.replace("-", "_") for game in rules.OWN_GAMES), "hoc censeo", "amphithéâtre",
    "tribe", "tribu", "senator", "sénateur", "magistrate", "magistrat", "préside", "ballot", "bulletin",
    "calamity", "calamité", "rome", "titienses", "ramnes", "luceres", "pour", "contre", "seals", "sceau",
    "pression", "crédit", "credit", "chapter", "chapitre", "thesis", "thèse", "burnout", "bingo", "doctor",
    "pi", "poste", "attaque", "hypothesis", "hypothèse", "doubt", "doute", "debate", "débat", "capacity",
)
WORD = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(GAME_WORDS, key=len, reverse=True))
                  + r")s?(?![\w-])", re.IGNORECASE)


def strings_and_imports(path: Path) -> list[tuple[int, str]]:
    """Each string constant (docstrings aside) and each imported name of a module, by line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def template_text(path: Path) -> list[tuple[int, str]]:
    """A template's lines, its {# comments #} blanked (kept as lines, so numbers still match)."""
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m[0].count("\n"), path.read_text(encoding="utf-8"), flags=re.S)
    return list(enumerate(text.splitlines(), start=1))


SHARED = sorted(SERVE.glob("*.py")) + sorted((SERVE / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(SERVE)))
def test_no_shared_face_names_a_game_or_a_word_of_one(path):
    read = strings_and_imports(path) if path.suffix == ".py" else template_text(path)
    named = [(line, text, WORD.search(text)[0]) for line, text in read if WORD.search(text)]
    assert not named, f"{path.name} names a game: " + "; ".join(f"line {n}: {w!r} in {t!r}" for n, t, w in named)


def test_the_check_finds_a_game_where_one_is_named(tmp_path):
    # what the sweep above would catch: an import of a game's rules, its word in a string or a template
    module = tmp_path / "pages.py"
    module.write_text('"""Drawn for Hoc Censeo."""\nfrom scorekeeper.rules import hoc_censeo\n'
                      'LABEL = "tribe"\n', encoding="utf-8")
    assert [text for _line, text in strings_and_imports(module) if WORD.search(text)] == [
        "scorekeeper.rules.hoc_censeo", "tribe"]
    template = tmp_path / "board.html"
    template.write_text("{# the senators' circles #}\n<p>{{ _('Senators left') }}</p>\n", encoding="utf-8")
    assert [line for line, text in template_text(template) if WORD.search(text)] == [2]

