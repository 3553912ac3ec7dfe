"""Every test reads English unless it asks for another language: the scorekeeper speaks the
locale's language (French by default), so the machine's LANG must not decide what a test sees."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

from kit import i18n

# In CI (.ci/run sets CI) the property and fuzz tests run the same examples every time: a
# landing is never decided by a draw. Locally they explore new examples on each run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    # A command run in French earlier in this process leaves French active: start each test
    # in the language the locale now names, as a new `kit` process would.
    i18n.activate(i18n.choose_language())
    # The kits built are the French edition, the games' own, unless a test asks for another
    # (--edition, or kit.build.BuildOptions(lang=...)): the tests' English is the interface's.
    monkeypatch.setattr(i18n, "default_edition", lambda: "fr")


# The rules page prints the build date (kit.rules_page.build_info): SOURCE_DATE_EPOCH when
# set, else the layout files' latest change, which a fresh checkout sets to its own time.
# Fixed for the whole run (module- and session-scoped fixtures and child processes too; a
# per-test monkeypatch left PDFs made by a module fixture without it), so golden logs and
# pictures do not depend on when the tree was cloned. reportlab reads it too.
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"   # 2026-01-01 UTC

# A session file is written as a table needs it (each line fsync'ed, the snapshot renamed into
# place): on a disk that costs milliseconds a write, and the suite writes thousands, so the
# tests waited on the disk as long as some of them computed. The tests' temporary folders
# (tmp_path, the kits built once per run) go to the machine's RAM disk when it has one and
# nobody chose another place: the same calls run, the disk no longer holds them up.
if not {"PYTEST_DEBUG_TEMPROOT", "TMPDIR"} & set(os.environ) and os.access("/dev/shm", os.W_OK | os.X_OK):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = "/dev/shm"


# The conftest.py files of the test folders share one module name, "conftest"; collected a
# second time as doctest modules (--doctest-modules) they clash when a run names only some
# folders. They hold fixtures, not examples: keep them out of the doctest collection.
collect_ignore_glob = ["*conftest.py"]
