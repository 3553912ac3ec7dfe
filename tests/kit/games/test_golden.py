"""One golden log of drawing calls per game: every component's first design, front and back.

The pieces are drawn on the recording surface (kit/surface/record.py), whose log lists every
call with its arguments rounded to 0.01 mm, so a change that moves, recolours or rewrites a
piece shows here as a readable diff, whatever the backend. A change made on purpose is
accepted by writing the logs again:

    KIT_UPDATE_GOLDEN=1 python -m pytest tests/kit/games/test_golden.py
"""
from __future__ import annotations

import difflib
import hashlib
import os
import re
from pathlib import Path

import pytest

from kit.build import default_layouts, load_kit
from kit.model import Frame
from kit.paper import printable_area
from kit.surface.record import RecordingSurface
from scorekeeper.rules import GAME_IDS

GOLDEN = Path(__file__).parent / "golden"
# A run of this many open polygons of one style is a texture (the screen behind the Hoc
# Censeo fold zone: thousands of random strokes). Its lines would bloat the log by hundreds
# of kilobytes and a diff of them says nothing, so the run is logged as one line: how many
# strokes and points, where, and a digest of the exact calls (any change still fails). No
# other piece draws more than 60 such polygons in a row.
TEXTURE_RUN = 200
_POLYGON = re.compile(r"^( *)polygon points=(\(.*\)) (stroke=.* closed=False)$")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def textures(log: str) -> str:
    """The log with every run of TEXTURE_RUN or more open polygons of one style summed up."""
    out: list[str] = []
    run: list[str] = []
    key = None

    def flush() -> None:
        if len(run) < TEXTURE_RUN:
            out.extend(run)
        else:
            indent, _, style = _POLYGON.match(run[0]).groups()
            numbers = [float(v) for line in run for v in _NUMBER.findall(_POLYGON.match(line).group(2))]
            xs, ys = numbers[0::2], numbers[1::2]
            digest = hashlib.sha256("\n".join(run).encode("utf-8")).hexdigest()[:16]
            out.append(f"{indent}texture {len(run)} x polygon {style}: {len(xs)} points in x {min(xs):g}..{max(xs):g}, "
                       f"y {min(ys):g}..{max(ys):g}, sha256 {digest}")
        run.clear()

    for line in log.splitlines():
        match = _POLYGON.match(line)
        this = (match.group(1), match.group(3)) if match else None
        if this is None or this != key:
            flush()
        key = this
        (run if match else out).append(line)
    flush()
    return "\n".join(out) + ("\n" if log.endswith("\n") else "")


def game_log(game: str) -> str:
    """The calls that draw the first design of every component of `game`, A4, no bleed."""
    kit = load_kit(game, default_layouts())
    parts = []
    for component in kit.components:
        if component.size == "page":
            _, _, w, h = printable_area("a4")
        else:
            w, h = component.size
        piece = component.pieces[0]
        faces = [("front", piece.front)]
        back = piece.back or component.back
        if back is not None:
            faces.append(("back", back))
        for face, draw in faces:
            surface = RecordingSurface()
            surface.begin_page(w, h)
            draw(surface, Frame(w, h))
            surface.end_page()
            parts.append(f"# {component.id} · {piece.label} · {face} · {w:g} x {h:g} mm\n{textures(surface.log())}")
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_pieces_draw_as_their_golden_log(game):
    path = GOLDEN / f"{game}.log"
    log = game_log(game)
    if os.environ.get("KIT_UPDATE_GOLDEN"):
        path.write_text(log, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if log != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), log.splitlines(True),
                                                 f"golden/{game}.log", "drawn now", n=1))[:60])
        pytest.fail(f"{game}'s pieces no longer draw as their golden log; if the change is meant, "
                    f"run KIT_UPDATE_GOLDEN=1 python -m pytest {os.path.relpath(__file__)}\n{diff}")
