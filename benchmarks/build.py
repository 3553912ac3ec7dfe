"""Time `kit build` on every game, PDF then SVG, as a user runs it.

    python benchmarks/build.py [--runs N] [--paper a4|letter] [GAME...]

Each run is a fresh `python -m kit build` subprocess writing into a temporary folder,
so the times include start-up and font loading. Prints the seconds (best of N runs),
the peak memory, the pages per second and the size of every file written. Not part of the tests.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from measure import kit


def human(size: int) -> str:
    for unit in ("B", "KiB", "MiB"):
        if size < 1024 or unit == "MiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024


def one_build(fmt: str, paper: str, games: list[str], out: Path):
    return kit("build", *games, "--format", fmt, "--paper", paper, "--out", str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to build (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per format; the best time is shown")
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    args = parser.parse_args()

    for fmt in ("pdf", "svg"):
        with tempfile.TemporaryDirectory(prefix="kit-bench-") as folder:
            out = Path(folder)
            runs = [one_build(fmt, args.paper, args.games, out) for _ in range(args.runs)]
            times = [run.seconds for run in runs]
            manifests = sorted(out.glob("*.json"))
            pages = sum(json.loads(m.read_text(encoding="utf-8"))["pages"] for m in manifests)
            best = min(times)
            print(f"{fmt.upper()}: {len(manifests)} games, {pages} pages, best {best:.2f} s of {args.runs} "
                  f"(mean {sum(times) / len(times):.2f} s), {pages / best:.1f} pages/s, "
                  f"peak memory {max(run.peak_mib for run in runs):.0f} MiB")
            for manifest in manifests:
                game = manifest.stem
                files = [out / f"{game}.pdf"] if fmt == "pdf" else sorted((out / game).glob("*.svg"))
                total = sum(f.stat().st_size for f in files)
                detail = "" if fmt == "pdf" else f" in {len(files)} files"
                print(f"  {game:<14} {human(total):>10}{detail}")


if __name__ == "__main__":
    main()
