"""The README's promises: two commands for a fresh machine, the second one is what CI runs."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

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


def _report(tmp_path: Path, kit_run: int, engine_run: int) -> Path:
    """A slipcover JSON report: kit/ has `kit_run` of 100 lines run, scorekeeper/ `engine_run` of 100."""
    def entry(run: int) -> dict:
        return {"executed_lines": [], "missing_lines": [],
                "summary": {"covered_lines": run, "missing_lines": 100 - run, "percent_covered": float(run)}}
    path = tmp_path / "coverage.json"
    files = {"kit/cli.py": entry(kit_run), "scorekeeper/rules/phd.py": entry(engine_run)}
    run = kit_run + engine_run
    total = {"covered_lines": run, "missing_lines": 200 - run, "percent_covered": run / 2}
    path.write_text(json.dumps({"meta": {"branch_coverage": False}, "files": files, "summary": total}))
    return path


@pytest.mark.parametrize(("kit_run", "engine_run", "short"), [
    (90, 89, ["scorekeeper/"]),           # the whole report at 89.5 %: the rule engine alone is short
    (90, 90, []),
    (60, 100, ["kit/ and scorekeeper/"]),   # the rule engine whole, the project at 80 %
])
def test_the_coverage_floors_hold_the_project_to_85_and_the_rule_engine_to_90_percent(tmp_path, kit_run, engine_run,
                                                                                       short):
    report = _report(tmp_path, kit_run, engine_run)
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "coverage_floors.py"), str(report)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == (1 if short else 0), done.stdout + done.stderr
    assert f"kit/ and scorekeeper/: {(kit_run + engine_run) / 2:.1f} % of lines run (floor 85 %)" in done.stdout
    assert f"scorekeeper/: {engine_run:.1f} % of lines run (floor 90 %)" in done.stdout
    assert [line.split(":")[0] for line in done.stdout.splitlines() if line.endswith("under the floor")] == short
