"""Files the older guided play wrote (a `turn` line, then the turn's handshake, debate or
accusations, no hypothesis recorded) still load, resume and take today's turns."""
from __future__ import annotations

import json
from pathlib import Path

from refusals import refused

from scorekeeper import rules
from scorekeeper import session as sessions

PLAYERS = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}]
OLD_GUIDED_PLAY = [
    {"action": "turn", "player": "Ana", "step": "start"},
    {"action": "handshake", "speaker": "Ana", "target": "Ben"},
    {"action": "turn", "player": "Ben", "step": "start"},
    {"action": "accuse", "accuser": "Cléo", "accused": "Ben", "truthful": False},
    {"action": "debate", "side_a": ["Ben"], "side_b": ["Cléo", "Ana"]},
    {"action": "turn", "player": "Cléo", "step": "start"},
]


def old_file(path: Path) -> Path:
    lines = [sessions.make_header("amphitheatre", PLAYERS), *OLD_GUIDED_PLAY]
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_file_of_the_older_guided_play_loads_with_the_same_scores(tmp_path: Path):
    session = sessions.load(old_file(tmp_path / "theatre.jsonl"))
    untimed = rules.module("amphitheatre").setup(PLAYERS, {})
    for action in OLD_GUIDED_PLAY:
        if action["action"] != "turn":
            untimed = rules.module("amphitheatre").apply(untimed, action)
    assert {n: p["seats"] for n, p in session.state["players"].items()} == \
        {n: p["seats"] for n, p in untimed["players"].items()}


def test_it_resumes_with_todays_turn(tmp_path: Path):
    path = old_file(tmp_path / "theatre.jsonl")
    waited = rules.pending("amphitheatre", sessions.load(path).state)
    assert {d["action"] for d in waited} == {"hypothesis", "revolution", "draw"}
    assert {d["player"] for d in waited} == {"Cléo"}
    session = sessions.append(path, {"action": "hypothesis", "speaker": "Cléo", "target": "Ana", "category": "cause"})
    assert session.state["turn"]["step"] == "answer"
    # Today's turn is enforced again: Ana, only challenged so far, has stated nothing.
    with refused("{accused} has neither stated nor joined a hypothesis under way, so cannot be accused now.",
                 accused="Ana"):
        sessions.append(path, {"action": "accuse", "accuser": "Ben", "accused": "Ana", "truthful": True})
