"""Issue 33: the engine and the bots name cards by id only, so a designer who renames a card
in layouts/ breaks neither. Every string constant of their code (docstrings and comments
aside, which explain) is checked against every title the kit's decks print."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kit import deck

ROOT = Path(__file__).resolve().parents[1]
CODE = sorted([*(ROOT / "scorekeeper").rglob("*.py"), *(ROOT / "kit" / "games").glob("*/bots.py")])


def titles() -> set[str]:
    found = set()
    for game in ("phd", "promotion"):
        cards = deck.for_session(game, None)["cards"]
        found |= {card["title"] for card in cards.values()}
    return found


def strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_the_decks_have_titles_to_look_for():
    assert len(titles()) > 40


@pytest.mark.parametrize("path", CODE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_printed_title_in_the_engine_or_the_bots(path):
    printed = titles()
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for line, text in strings(path) if text in printed]
    assert not found, "\n".join(found)
