"""A build interrupted or killed midway: the previous PDF and manifest stay as they were,
together, and no temporary file outlives the next build."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from build_helpers import GAME, LAYOUTS, run

import kit.build


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def built(fixture_game, tmp_path):
    out = tmp_path / "out"
    assert run("build", GAME, "--out", str(out)).exit_code == 0
    return out


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_next_build_removes_what_a_killed_build_left(built):
    pid = dead_pid()
    leftovers = [built / f".{GAME}.pdf.{pid}.tmp", built / f".{GAME}.json.{pid}.tmp"]
    for leftover in leftovers:
        leftover.write_bytes(b"%PDF-1.4 cut short")
    (built / f".{GAME}.svg.{pid}.tmp").mkdir()
    (built / f".{GAME}.svg.{pid}.tmp" / "cards-1.svg").write_text("<svg", encoding="utf-8")
    assert run("build", GAME, "--out", str(built)).exit_code == 0
    assert sorted(p.name for p in built.iterdir()) == ["calibrage.pdf", f"{GAME}.json", f"{GAME}.pdf"]


def test_a_running_build_keeps_its_temporaries(built):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        theirs = built / f".{GAME}.pdf.{sleeper.pid}.tmp"
        theirs.write_bytes(b"being written")
        assert run("build", GAME, "--out", str(built)).exit_code == 0
        assert theirs.read_bytes() == b"being written"
    finally:
        sleeper.kill()
        sleeper.wait()


@pytest.mark.parametrize("stop", [KeyboardInterrupt, lambda: os.kill(os.getpid(), signal.SIGTERM)],
                         ids=["Ctrl-C", "SIGTERM"])
def test_stopped_while_drawing_the_previous_pair_stays_and_nothing_else(built, monkeypatch, stop):
    before = snapshot(built)
    real_save = kit.build.Staged.__init__

    def save_then_stop(self, *args, **kwargs):   # both temporaries are written: stop before any rename
        real_save(self, *args, **kwargs)
        assert [p.name for p in built.iterdir() if p.name.endswith(".tmp")], "temporaries should exist here"
        if isinstance(stop, type):
            raise stop()
        stop()

    monkeypatch.setattr(kit.build.Staged, "__init__", save_then_stop)
    with pytest.raises((KeyboardInterrupt, SystemExit)):
        kit.build.build([GAME], out=built, layouts=LAYOUTS)
    assert snapshot(built) == before


def test_a_failure_after_drawing_writes_neither_file(built, monkeypatch):
    before = snapshot(built)
    monkeypatch.setattr(kit.build, "replace_into_place", lambda source, destination: (_ for _ in ()).throw(
        OSError(28, "No space left on device")))
    result = run("build", GAME, "--out", str(built))
    assert result.exit_code == 2
    assert "No space left on device" in result.output
    assert snapshot(built) == before


def test_signals_wait_while_the_files_are_renamed():
    # Ctrl-C's usual handler first: a run started as a background job inherits SIGINT
    # ignored, and a held signal is then rightly ignored at the block's end too (the check
    # failed in such runs, never in a terminal).
    usual = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        reached = []
        # The block's two statements are the subject: the signal waits until the block ends.
        with pytest.raises(KeyboardInterrupt), kit.build._signals_held():  # noqa: PT012
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("after the kill")   # still running: the signal waits for the block's end
        assert reached == ["after the kill"]
    finally:
        signal.signal(signal.SIGINT, usual)


def test_an_export_killed_midway_leaves_nothing_the_next_run_keeps(tmp_path):
    from kit.build import prepare_out

    game_out = tmp_path / "export" / GAME
    game_out.mkdir(parents=True)
    pid = dead_pid()
    (game_out / f".png.{pid}.tmp").mkdir()
    (game_out / f".png.{pid}.tmp" / "cards-1.png").write_bytes(b"\x89PNG cut short")
    prepare_out(game_out)                          # what `kit export` does first for each game
    assert list(game_out.iterdir()) == []
