"""The README's promises: two commands for a fresh machine, the second one is what CI runs."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    return [block.strip() for block in blocks[:2]]


def test_the_readme_opens_with_an_install_and_build_command_then_a_test_command():
    build, test = _readme_commands()
    # Both make (or reuse) a virtual environment and run from it: a system Python under PEP 668
    # (current Debian and Ubuntu) refuses `pip install` outside one.
    venv = "python3 -m venv .venv && "
    assert build == venv + ".venv/bin/pip install . && .venv/bin/kit build"
    assert test.startswith(venv + ".venv/bin/pip install '.[test]' && .venv/bin/python -m slipcover")
    assert " -m pytest && " in test


def test_ci_runs_the_readme_test_command_as_written():
    _, test = _readme_commands()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in ci_lines
