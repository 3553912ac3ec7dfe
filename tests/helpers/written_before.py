"""Session files written by earlier code (tests/fixtures/old-sessions, deck-sessions): a copy
in a test's own folder, and that code's `pending` as the engine words it now."""
from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def copied(folder: Path, name: str, into: Path) -> Path:
    """The fixture `name` of `folder` in a folder of the test's own (loading it writes a
    snapshot beside it)."""
    path = into / f"{name}.jsonl"
    shutil.copyfile(folder / f"{name}.jsonl", path)
    return path


def as_decided_now(pending: list[dict]) -> list[dict]:
    """Earlier code's `pending` as the engine words the same decisions now: an answer with a
    card from one's own hand (Promotion's window), which that code left to whoever is at the
    table with the names of those who may answer, is each of those players' own decision;
    and each may let the card pass (the step "pass", which that code did not offer)."""
    now = []
    for d in pending:
        if d["action"] == "turn" and d["choices"].get("step") == ["react"]:
            d = {**d, "choices": {**d["choices"], "step": ["react", "pass"]}}
        if d["player"] is None and d["choices"].get("step") == ["react", "pass"]:
            rest = {field: choice for field, choice in d["choices"].items() if field != "player"}
            now += [{**d, "player": name, "choices": rest} for name in d["choices"]["player"]]
        else:
            now.append(d)
    return now
