"""Doors closed (issue 24): malformed bodies get a 4xx and one sentence, never a 500; the
session's private files are the owner's only; the Host header names this server; slow and
half-sent requests are let go; too many connections are turned away."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

from serve_helpers import ROUND_ONE, new_hoc

# JSON values of every kind, small: what a confused or hostile client may send.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=12), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)
NAMES = st.sampled_from(["vote", "ballot", "resolve", "undo", "buy_senators", "spend_seals", "calamity", "nonsense", ""])
FIELDS = st.sampled_from(["player", "pour", "contre", "colour", "tiebreak", "order", "bonus", "calamity", "gold", "x"])
VALUES = JSON | st.sampled_from(["Alice", "Bob", "Chloé", "bleu", "mauve", "jaune", "vert", 0, 1, 7, -1])
ACTIONS = st.one_of(
    st.fixed_dictionaries({"action": NAMES | JSON}, optional={}).flatmap(
        lambda head: st.dictionaries(FIELDS, VALUES, max_size=4).map(lambda rest: {**rest, **head})),
    JSON)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    path = new_hoc(tmp_path_factory.mktemp("fuzz") / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    with TestClient(create_app(path), raise_server_exceptions=False) as client:
        yield client


def assert_one_sentence(reply) -> None:
    assert 400 <= reply.status_code < 500 or reply.status_code == 200, (reply.status_code, reply.text[:300])
    answer = reply.json()
    if reply.status_code != 200:
        assert answer["ok"] is False and isinstance(answer["error"], str)
        assert answer["error"].strip() and "\n" not in answer["error"] and "Traceback" not in answer["error"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=ACTIONS, who=st.sampled_from(["Alice", "Bob", "Chloé", None]), where=st.sampled_from(["act", "choose"]))
def test_every_body_posted_to_an_act_endpoint_gets_an_answer_never_a_500(fuzzed, body, who, where):
    tokens = fuzzed.app.state.table.tokens
    if who is None:
        url = f"/api/host/{tokens['host']}/act"
    else:
        url = f"/api/seat/{tokens['seats'][who]}/{where}"
    reply = fuzzed.post(url, content=json.dumps(body), headers={"content-type": "application/json"})
    assert_one_sentence(reply)


@pytest.mark.parametrize("body", [{"action": ["undo"]}, {"action": {"name": "undo"}}, {"action": None}, {"action": 3}])
def test_an_action_named_by_something_else_than_a_string_is_refused_in_one_sentence(fuzzed, body):
    tokens = fuzzed.app.state.table.tokens
    for url in (f"/api/seat/{tokens['seats']['Bob']}/act", f"/api/host/{tokens['host']}/act"):
        reply = fuzzed.post(url, json=body)
        assert reply.status_code == 422
        assert_one_sentence(reply)


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"{", b"[" * 5000, b'{"action": "vote", "pour": 1e999999}', b"NaN", b""])
def test_bodies_that_are_not_json_get_400(fuzzed, raw):
    tokens = fuzzed.app.state.table.tokens
    reply = fuzzed.post(f"/api/seat/{tokens['seats']['Bob']}/act", content=raw, headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert_one_sentence(reply)
