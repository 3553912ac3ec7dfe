"""Time `kit build` against reportlab alone emitting the same pages, and SVG against PDF.

    python benchmarks/build.py [--runs N] [--paper a4|letter] [GAME...]

The floor: every call the build makes on its reportlab canvas (and on the text objects
the canvas hands out) is recorded, turned into a straight-line script of those calls,
and run on a fresh raw canvas, after registering the fonts, down to `getpdfdata()` and
writing the bytes (which must equal the build's own PDFs). The build/replay ratio says how much the kit adds
on top of what reportlab itself must do for those pages.

Each of the N samples is a fresh Python process (cold caches, as a user's build; modules
imported before the clock starts) that times one full PDF build in-process, records a second build's canvas calls and times
their replay; SVG builds get their own fresh processes. Times are CPU seconds of the
process (the machine is shared, wall time is noise); the medians are compared. Also
printed: each `python -m kit build` as a user runs it (wall and CPU), the peak memory
and the size of every file written. Not part of the tests.
"""
from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import kit

ROOT = Path(__file__).resolve().parent.parent


def human(size: int) -> str:
    for unit in ("B", "KiB", "MiB"):
        if size < 1024 or unit == "MiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024


# --- the recording canvas ---------------------------------------------------------------------
class _Ref:
    """A recorded object handed out by the canvas (a text object), by its number."""

    def __init__(self, number: int):
        self.number = number


class _Recorder:
    """Stands for a reportlab object: forwards every call and logs (target, name, args, kwargs)."""

    def __init__(self, real, log: list, number: int):
        self._real, self._log, self._number = real, log, number

    def __getattr__(self, name):
        attr = getattr(self._real, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            plain = tuple(a._real if isinstance(a, _Recorder) else a for a in args)
            logged = tuple(_Ref(a._number) if isinstance(a, _Recorder) else a for a in args)
            result = attr(*plain, **kwargs)
            entry = [self._number, name, logged, kwargs, None]
            self._log.append(entry)
            if result is not None and type(result).__module__.startswith("reportlab.pdfgen.textobject"):
                number = len(self._log)
                entry[4] = number
                return _Recorder(result, self._log, number)
            return result
        return call


def _script(log: list):
    """The log as a straight-line Python function replay(canvas, A, K): one direct method
    call per recorded call, arguments taken from A (and K for keywords) by index, each text
    object a local. Replaying through a dispatch loop instead (getattr, argument tuples
    rebuilt per call) cost ~30 ms on top of reportlab's own ~75: the floor would have held
    the harness, not just reportlab."""
    lines = ["def replay(o0, A, K):", "    data = None"]
    for i, (number, name, args, kw, made) in enumerate(log):
        if any(isinstance(a, _Ref) for a in args):
            spread = ", ".join(f"o{a.number}" if isinstance(a, _Ref) else f"A[{i}][{j}]" for j, a in enumerate(args))
        else:
            spread = f"*A[{i}]" if args else ""
        if kw:
            spread += (", " if spread else "") + f"**K[{i}]"
        target = f"o{made} = " if made is not None else "data = " if name == "getpdfdata" else ""
        lines.append(f"    {target}o{number}.{name}({spread})")
    lines.append("    return data")
    namespace: dict = {}
    exec(compile("\n".join(lines), "<replay>", "exec"), namespace)
    return namespace["replay"], [entry[2] for entry in log], [entry[3] for entry in log]


def _replay(canvas_args: tuple, canvas_kwargs: dict, script, target: Path) -> None:
    import io

    from reportlab.pdfgen import canvas as rl_canvas
    kwargs = dict(canvas_kwargs)
    kwargs.pop("filename", None)
    canvas = rl_canvas.Canvas(io.BytesIO(), *canvas_args[1:], **kwargs)
    replay, args, keywords = script
    target.write_bytes(replay(canvas, args, keywords))


def sample(games: list[str], paper: str, fmt: str, out: Path) -> dict:
    """One sample, in this (fresh) process: a timed build, then for PDF a recorded build and
    the timed replay of its canvas calls."""
    import kit.surface.pdf as pdf_backend
    from kit.build import BuildOptions, build, check_games
    from kit.games import layout_module
    # Modules are imported before the clock starts, the kit's as reportlab's: an import is
    # a cost of starting Python, which the replay does not pay either.
    for game in check_games(games):
        layout_module(game)
    if fmt == "svg":
        # The SVG backend reads metrics with reportlab's font parser and outlines with
        # fontTools, both imported on first use: imported here, as the PDF backend's are.
        import fontTools.ttLib  # noqa: F401
        import reportlab.pdfbase.ttfonts  # noqa: F401

        import kit.surface.svg  # noqa: F401
    options = BuildOptions(paper=paper, fmt=fmt)
    # Each clock starts on a collected heap. Otherwise whether a full (generation 2)
    # collection of everything the process holds, ~20 ms, falls inside the replay or not
    # depends on how many objects the build before it happened to allocate: a change to
    # the build would move the floor it is measured against.
    gc.collect()
    start = time.process_time()
    build(games, out=out / "timed", options=options)
    result = {"build": time.process_time() - start}
    if fmt != "pdf":
        return result
    documents: list[tuple[tuple, dict, list]] = []
    real_canvas = pdf_backend.rl_canvas.Canvas

    class RecordingCanvas:
        def __new__(cls, *args, **kwargs):
            log: list = []
            documents.append((args, kwargs, log))
            return _Recorder(real_canvas(*args, **kwargs), log, 0)
    pdf_backend.rl_canvas.Canvas = RecordingCanvas
    try:
        build(games, out=out / "recorded", options=options)
    finally:
        pdf_backend.rl_canvas.Canvas = real_canvas
    (out / "replayed").mkdir()
    scripts = [_script(log) for _, _, log in documents]
    # reportlab alone must read the TrueType files it embeds too: the floor registers the
    # fonts afresh (reportlab's TTFont and registerFont, as the backend calls them).
    fonts_used = sorted(pdf_backend._registered)
    pdf_backend._registered.clear()
    gc.collect()
    start = time.process_time()
    for name in fonts_used:
        pdf_backend._pdf_font(name)
    for i, ((args, kwargs, _), script) in enumerate(zip(documents, scripts)):
        _replay(args, kwargs, script, out / "replayed" / f"{i}.pdf")
    result["replay"] = time.process_time() - start
    result["calls"] = sum(len(log) for _, _, log in documents)
    # The floor is only a floor if the replay made the very files the build made.
    built = sorted(f.read_bytes() for f in (out / "recorded").glob("*.pdf"))
    if sorted(f.read_bytes() for f in (out / "replayed").glob("*.pdf")) != built:
        raise SystemExit("the replayed PDFs differ from the built ones: the recording missed a call")
    return result


def _sample_in_new_process(games: list[str], paper: str, fmt: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="kit-bench-") as folder:
        code = (f"import sys, json; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'benchmarks')!r}]; "
                f"from pathlib import Path; import build as bench; "
                f"print(json.dumps(bench.sample({games!r}, {paper!r}, {fmt!r}, Path({folder!r}))))")
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"a benchmark sample failed:\n{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to build (default: all)")
    parser.add_argument("--runs", type=int, default=5, help="samples per measure; medians are compared")
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    return parser.parse_args(argv)


def main(args: argparse.Namespace) -> None:
    pdf = [_sample_in_new_process(args.games, args.paper, "pdf") for _ in range(args.runs)]
    svg = [_sample_in_new_process(args.games, args.paper, "svg") for _ in range(args.runs)]
    build_s = statistics.median(s["build"] for s in pdf)
    replay_s = statistics.median(s["replay"] for s in pdf)
    svg_s = statistics.median(s["build"] for s in svg)
    print(f"PDF build {build_s:.3f} s CPU, replay of its {pdf[0]['calls']:,} canvas calls on a raw reportlab "
          f"canvas {replay_s:.3f} s: build/replay {build_s / replay_s:.2f} (median of {args.runs})")
    print(f"SVG build {svg_s:.3f} s CPU: SVG/PDF {svg_s / build_s:.2f} (median of {args.runs})")

    for fmt in ("pdf", "svg"):
        with tempfile.TemporaryDirectory(prefix="kit-bench-") as folder:
            out = Path(folder)
            run = kit("build", *args.games, "--format", fmt, "--paper", args.paper, "--out", str(out))
            manifests = sorted(out.glob("*.json"))
            pages = sum(json.loads(m.read_text(encoding="utf-8"))["pages"] for m in manifests)
            print(f"`kit build --format {fmt}`: {len(manifests)} games, {pages} pages, {run.seconds:.2f} s wall, "
                  f"{run.cpu_seconds:.2f} s CPU, peak memory {run.peak_mib:.0f} MiB")
            for manifest in manifests:
                game = manifest.stem
                files = [out / f"{game}.pdf"] if fmt == "pdf" else sorted((out / game).glob("*.svg"))
                total = sum(f.stat().st_size for f in files)
                detail = "" if fmt == "pdf" else f" in {len(files)} files"
                print(f"  {game:<14} {human(total):>10}{detail}")


if __name__ == "__main__":
    main(parse())
