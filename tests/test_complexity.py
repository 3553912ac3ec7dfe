"""No function of kit/ or scorekeeper/ above cyclomatic complexity 20 (radon's grade C at
worst), issue 45 item 5: a function that decides more than that is several rules of the game
in one body, and reads as none of them. The test names each one found; split it into
functions named for the rule or step each decides, with a docstring saying why.

Complexity as `radon cc` reports it: functions and methods, each closure counted apart.
"""
from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kit", "scorekeeper")
MOST = 20


def _complexities() -> dict[str, int]:
    """Every function and method of the packages, by path:name (Class.method for a method),
    with its complexity."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            for block in cc_visit(path.read_text(encoding="utf-8")):
                # a class: its methods are counted, not the class
                for function in getattr(block, "methods", None) or [block]:
                    found[f"{relative}:{function.fullname}"] = function.complexity
    return found


def test_no_function_above_complexity_20():
    found = _complexities()
    assert found, "radon found no function: the packages moved?"
    over = sorted(f"{name} ({n})" for name, n in found.items() if n > MOST)
    assert not over, f"above complexity {MOST}, split into the rules they decide: {', '.join(over)}"
