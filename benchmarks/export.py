"""Time `kit export` for each target on the four games, as a user runs it; report images per second.

    python benchmarks/export.py [--runs N] [--target T ...] [GAME...]

Each run is a fresh `python -m kit export` subprocess writing into a temporary folder.
The floor is `kit list` on the same games, measured in the same run: start-up, imports and
reading every layout, which an export pays too. Images per second are counted above that
floor (and, in brackets, over the whole command), in wall-clock time and per CPU second
(user + system, all threads): on a shared machine the second is the steadier figure.
Not part of the tests.
"""
from __future__ import annotations

import argparse
import csv
import tempfile
from pathlib import Path

from measure import kit

TARGETS = ("png", "tgc", "mpc", "tts")


def images_written(out: Path, target: str) -> tuple[int, int, set[tuple[str, str]]]:
    """(image files, bytes, pixel sizes) of an export folder."""
    files = [p for p in out.glob(f"*/{target}/**/*.png") if p.parent.name != target]   # thumbnails aside
    sizes = set()
    for manifest in out.glob(f"*/{target}/manifest.csv"):
        with open(manifest, encoding="utf-8", newline="") as f:
            sizes |= {(row["width_px"], row["height_px"]) for row in csv.DictReader(f)}
    return len(files), sum(p.stat().st_size for p in files), sizes


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to export (default: all)")
    parser.add_argument("--runs", type=int, default=1, help="runs per target; the best time is shown")
    parser.add_argument("--target", action="append", choices=TARGETS, help="targets to time (default: all)")
    return parser.parse_args(argv)


def main(args: argparse.Namespace) -> None:
    floor = min((kit("list", *args.games[:1]) for _ in range(max(args.runs, 2))), key=lambda run: run.seconds)
    print(f"floor (kit list: start-up, imports, layouts): {floor.seconds:.2f} s, {floor.cpu_seconds:.2f} CPU s")
    for target in args.target or TARGETS:
        with tempfile.TemporaryDirectory(prefix="kit-bench-") as folder:
            out = Path(folder)
            runs = [kit("export", *args.games, "--target", target, "--out", str(out)) for _ in range(args.runs)]
            best = min(run.seconds for run in runs)
            cpu = min(run.cpu_seconds for run in runs)
            count, size, pixels = images_written(out, target)
            above = max(best - floor.seconds, 1e-9)
            cpu_above = max(cpu - floor.cpu_seconds, 1e-9)
            shown = ", ".join(f"{w}x{h}" for w, h in sorted(pixels, key=lambda p: (int(p[0]), int(p[1])))[:4])
            print(f"{target:4} {count:4} images, {size / 2**20:6.1f} MiB, best {best:6.2f} s of {args.runs}: "
                  f"{count / above:6.1f} images/s above the floor ({count / best:.1f} overall), "
                  f"{count / cpu_above:6.1f} per CPU second, "
                  f"peak memory {max(run.peak_mib for run in runs):.0f} MiB; sizes {shown}"
                  + (" ..." if len(pixels) > 4 else ""))


if __name__ == "__main__":
    main(parse())
