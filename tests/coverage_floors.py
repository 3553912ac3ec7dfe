"""The coverage floors of the README's test command, checked on slipcover's report.

`python -m slipcover --json --out coverage.json -m pytest` runs the suite and writes which
lines of kit/ and scorekeeper/ ([tool.slipcover] in pyproject.toml) the tests' processes ran;
`python tests/coverage_floors.py coverage.json` prints each file short of full coverage, then
the share of lines run in the whole project and in the rule engine, and exits 1 when one of
them is under its floor. slipcover checks only one floor, the whole report's; the rule
engine's own is the one the project cares most about.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import slipcover

# The share of lines each part's tests must run, in %: "" is the whole project (95.6 %
# measured), "scorekeeper/" the rule engine (96.2 %).
FLOORS = {"": 85.0, "scorekeeper/": 90.0}


def shares(report: dict) -> dict[str, float]:
    """Each floor's part and the share of its lines the report says ran, in %."""
    found = {}
    for part in FLOORS:
        files = [f["summary"] for name, f in report["files"].items() if name.startswith(part)]
        lines = sum(s["covered_lines"] + s["missing_lines"] for s in files)
        found[part] = 100 * sum(s["covered_lines"] for s in files) / lines if lines else 0.0
    return found


def main(argv: list[str]) -> int:
    report = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    slipcover.print_coverage(report, skip_covered=True)
    failed = 0
    for part, share in shares(report).items():
        short = share < FLOORS[part]
        failed |= short
        print(f"{part or 'kit/ and scorekeeper/'}: {share:.1f} % of lines run (floor {FLOORS[part]:.0f} %)"
              + (": under the floor" if short else ""))
    return int(failed)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
