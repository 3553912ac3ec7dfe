"""The `kit` entry point as a shell sees it."""
from __future__ import annotations

import subprocess
import sys

from scorekeeper import session as sessions


def test_output_piped_into_head_ends_quietly(tmp_path):
    # `kit score log FILE | head` closes the pipe early: no "Unexpected error" for that.
    path = tmp_path / "long.jsonl"
    sessions.create(path, "promotion", [{"name": "Ana"}, {"name": "Ben"}])
    with open(path, "ab") as f:
        f.write(b"".join(sessions.encode({"action": "lose", "player": "Ana", "amount": 1}) for _ in range(20_000)))
    pipeline = f"'{sys.executable}' -m kit score log '{path}' | head -n 1"
    result = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], capture_output=True, text=True)
    assert result.stdout.startswith("1. ")
    assert result.stderr == ""
    assert result.returncode == 0


def test_python_dash_m_kit_is_the_kit_command():
    result = subprocess.run([sys.executable, "-m", "kit", "--version"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.startswith("kit, version ")
