"""Killing a writer at any moment never damages the lines already in a session file, and two
writers at once never interleave their lines."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper import session as sessions
from scorekeeper.rules.hoc_censeo import DEFAULT_OBJECTIVES

PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]

# Secondary objectives out of reach, so the endless votes below never end the game.
OPTIONS = {"objectives": {tribe: {**goal, "secondary": {"kind": "seals", "amount": 99}}
                          for tribe, goal in DEFAULT_OBJECTIVES.items()}}

# A writer that appends vote/undo pairs for ever (each pair is always valid, whatever another
# writer does in between: at most one vote per writer is in effect) and counts what it
# appended; SessionLocked means "try again". A writer that takes over from a killed one
# (resume) starts with an undo when that one's vote is still in effect; writers started
# together must not, or one could undo the other's vote and later find nothing to undo.
WRITER = r"""
import sys
from scorekeeper import session as sessions
path, limit, resume = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "resume"
done = 0
if resume and sessions.load(path).latest_in_effect() is not None:
    sessions.undo(path)
while limit < 0 or done < limit:
    for action in ({"action": "vote", "contre": {"Bob": 1}}, {"action": "undo"}):
        while True:
            try:
                sessions.append(path, action)
                break
            except sessions.SessionLocked:
                pass
        done += 1
print(done)
"""


def start_writer(path: Path, limit: int = -1, *, resume: bool = False) -> subprocess.Popen:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(limit),
                             "resume" if resume else "fresh"],
                            stdout=subprocess.PIPE, env=env, text=True)


def wait_for_lines(path: Path, count: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while path.read_bytes().count(b"\n") < count:
        assert time.monotonic() < deadline, "the writer did not get going"
        time.sleep(0.01)


def test_killing_a_writer_mid_append_never_damages_earlier_lines(tmp_path: Path):
    path = tmp_path / "game.jsonl"
    sessions.create(path, "hoc-censeo", PLAYERS, OPTIONS)
    rng = random.Random(7)
    for _ in range(5):
        before = path.read_bytes()
        writer = start_writer(path, resume=True)
        wait_for_lines(path, before.count(b"\n") + 2)
        time.sleep(rng.uniform(0, 0.05))
        writer.send_signal(signal.SIGKILL)
        writer.communicate()   # reaps it and closes its pipe
        after = path.read_bytes()
        assert after.startswith(before), "a line that was there changed"
        try:
            session = sessions.load(path)
        except sessions.TornLine as torn:      # at worst a torn tail, reported, then repaired
            sessions.repair(path)
            assert path.read_bytes() == after[:torn.offset]
            session = sessions.load(path)
        assert len(session.entries) == path.read_bytes().count(b"\n") - 1


def test_a_partial_write_at_the_end_is_reported_then_repaired_without_loss(tmp_path: Path):
    path = tmp_path / "game.jsonl"
    sessions.create(path, "hoc-censeo", PLAYERS, OPTIONS)
    sessions.append(path, {"action": "vote", "contre": {"Bob": 4}})
    whole = path.read_bytes()
    line = sessions.encode({"action": "vote", "contre": {"Chloé": 4}})
    for cut in range(1, len(line) - 1):         # every place a write could have stopped
        path.write_bytes(whole + line[:cut])
        with pytest.raises(sessions.TornLine) as torn:
            sessions.load(path)
        assert torn.value.line == 3
        sessions.repair(path)
        assert path.read_bytes() == whole


@pytest.mark.parametrize("writers", [2])
def test_two_writers_at_once_never_interleave(tmp_path: Path, writers: int):
    path = tmp_path / "game.jsonl"
    sessions.create(path, "hoc-censeo", PLAYERS, OPTIONS)
    procs = [start_writer(path, limit=40) for _ in range(writers)]
    counts = [int(p.communicate(timeout=60)[0]) for p in procs]
    session = sessions.load(path)
    assert len(session.entries) == sum(counts) == 40 * writers
    assert path.read_bytes().count(b"\n") == 1 + sum(counts)
    assert session.state["round"] == 0   # every vote was undone
