"""Every test reads English unless it asks for another language: the scorekeeper speaks the
locale's language (French by default), so the machine's LANG must not decide what a test sees."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


# The conftest.py files of the test folders share one module name, "conftest"; collected a
# second time as doctest modules (--doctest-modules) they clash when a run names only some
# folders. They hold fixtures, not examples: keep them out of the doctest collection.
collect_ignore_glob = ["*conftest.py"]
