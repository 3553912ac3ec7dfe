"""The players' answers given ahead (Hoc Censeo's bonus and calamity) survive a restart of the
table server (issue 24): kept beside the session, the owner's only, used by the resolve."""
from __future__ import annotations

import json
import re
import stat

import pytest
from serve_helpers import new_hoc
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions


def test_a_bonus_answered_before_a_restart_is_used_by_the_resolve_after_it(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    with TestClient(create_app(path)) as client:
        seats = client.app.state.table.tokens["seats"]
        for name, amounts in (("Alice", {"pour": 10}), ("Bob", {"pour": 20}), ("Chloé", {"contre": 5})):
            assert client.post(f"/api/seat/{seats[name]}/act", json={"action": "ballot", **amounts}).status_code == 200
        assert client.post(f"/api/seat/{seats['Bob']}/choose", json={"bonus": "vert"}).json() == {"ok": True}
    assert stat.S_IMODE(sessions.answers_path(path).stat().st_mode) == 0o600
    with TestClient(create_app(path)) as restarted:   # the server stopped and started again
        assert 'value="vert" selected' in restarted.get(f"/seat/{seats['Bob']}").text
        done = restarted.post(f"/api/seat/{seats['Alice']}/act", json={"action": "resolve", "colour": "mauve"})
        assert done.status_code == 200, done.text
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[-1]) == {
        "action": "resolve", "colour": "mauve", "bonus": "vert"}


def test_a_damaged_answers_file_is_said_in_one_sentence(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.answers_path(path).write_text("{not json", encoding="utf-8")
    with pytest.raises(sessions.SessionError, match=re.escape("remove it (the players answer again)")):
        create_app(path)
