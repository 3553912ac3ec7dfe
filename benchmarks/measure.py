"""Run one real `kit` command as a user would, and measure it: wall time and peak memory.

Both benchmarks use this, so their numbers mean the same thing.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mib: float      # the command's maximum resident set size
    stdout: str
    cpu_seconds: float = 0.0   # user + system time of the command: what it costs on a busy machine


def kit(*args: str, code: str | None = None) -> Run:
    """`python -m kit ARGS` in a new process; exits the benchmark with its stderr if it fails.
    `code`: a checkout of the project to run instead of the one installed (its root)."""
    return run([sys.executable, "-m", "kit", *args], code=code)


def run(command: list[str], *, code: str | None = None, env: dict[str, str] | None = None) -> Run:
    """`command` in a new process, measured as `kit` measures it; `env` in place of this one's."""
    env = dict(os.environ if env is None else env)
    if code is not None:
        env["PYTHONPATH"] = code
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        # wait4 reaps the child and returns its own resource usage (ru_maxrss, KiB on Linux),
        # which Popen.wait would throw away.
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode != 0:
            sys.exit(f"`{' '.join(command)}` failed ({process.returncode}): {err.read().decode().strip()}")
        scale = 1024 * 1024 if sys.platform == "darwin" else 1024   # macOS reports bytes
        return Run(elapsed, usage.ru_maxrss / scale, out.read().decode(), usage.ru_utime + usage.ru_stime)
