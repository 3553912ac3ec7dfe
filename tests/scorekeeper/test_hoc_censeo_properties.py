"""Property tests: random Hoc Censeo action sequences, through real session files.

Whatever people type, accepted or refused: resources never go negative, chaos stays in
0..8, circles stay within their needs, at most 9 rounds; the file replays to the live state;
an undo gives back the state before; a refusal leaves the file identical; a file cut at any
byte is reported with the line that was cut.
"""
from __future__ import annotations

import os
import tempfile
from functools import reduce
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import hoc_censeo as hc

NAMES = ["Alice", "Bob", "Chloé"]
PLAYERS = [{"name": n, "role": t} for n, t in zip(NAMES, hc.TRIBES)]
# Long games: secondary objectives mostly out of reach, so sequences reach the later rules.
LONG = {"objectives": {t: {**g, "secondary": {**g["secondary"], "amount": g["secondary"]["amount"] + 4}}
                       for t, g in hc.DEFAULT_OBJECTIVES.items()}}

amounts = st.dictionaries(st.sampled_from(NAMES), st.one_of(st.integers(0, 30), st.integers(-3, 150)), max_size=3)
# Votes that carry every optional answer (ignored when the rules do not need it): mostly
# accepted, so sequences reach calamities and the end; and wild ones, mostly refused.
sane_votes = st.fixed_dictionaries(
    {"action": st.just("vote"),
     "pour": st.dictionaries(st.sampled_from(NAMES), st.integers(0, 20), max_size=3),
     "contre": st.dictionaries(st.sampled_from(NAMES), st.integers(0, 20), max_size=3),
     "colour": st.sampled_from(hc.COLOURS), "tiebreak": st.sampled_from(hc.SIDES),
     "order": st.permutations(NAMES), "bonus": st.sampled_from(hc.MAUVE_CHOICES)},
    optional={"calamity": st.dictionaries(st.sampled_from(NAMES), st.sampled_from(hc.CALAMITY_CHOICES))})
wild_votes = st.fixed_dictionaries(
    {"action": st.just("vote"), "pour": amounts, "contre": amounts},
    optional={"colour": st.sampled_from(hc.COLOURS), "tiebreak": st.sampled_from(hc.SIDES),
              "order": st.permutations(NAMES), "bonus": st.sampled_from(hc.MAUVE_CHOICES),
              "calamity": st.dictionaries(st.sampled_from(NAMES), st.sampled_from(hc.CALAMITY_CHOICES))})
spends = st.fixed_dictionaries({"action": st.just("spend_seals"), "player": st.sampled_from(NAMES),
                                "colour": st.sampled_from(hc.COLOURS)})
buys = st.fixed_dictionaries({"action": st.just("buy_senators"), "player": st.sampled_from(NAMES),
                              "gold": st.integers(0, 4)})
# ("all in", name): that player writes every senator left in CONTRE, built from the live
# state. Static amounts of 0..20 never empty a tribe of 100, so without these the floor of
# a calamity's senator loss at 0 went untested (and removing it passed).
all_in = st.tuples(st.just("all in"), st.sampled_from(NAMES))
action = st.one_of(sane_votes, sane_votes, sane_votes, wild_votes, spends, buys, all_in,
                   st.just({"action": "undo"}))
# Left to itself hypothesis draws lists of ~5 such actions: games stopped by round 4, so
# neither the second calamity nor the end after round 9 was ever reached.
actions = st.lists(action, min_size=15, max_size=45)


def all_in_vote(state: dict, name: str, calamity: dict) -> dict:
    return {"action": "vote", "pour": {}, "contre": {name: state["players"][name]["senators"]},
            "tiebreak": "contre", "order": NAMES, "calamity": calamity}


def check_invariants(state: dict) -> None:
    assert 0 <= state["chaos"] <= hc.ROME_PORTIONS
    assert 0 <= state["round"] <= hc.ROUNDS
    assert len(state["votes"]) == state["round"]
    assert state["magistrate"] == NAMES[state["round"] % 3]
    for record in state["players"].values():
        assert record["senators"] >= 0
        assert record["gold"] >= 0
        assert record["seals"] >= 0
        for colour in hc.COLOURS:
            assert 0 <= record["circle"][colour] <= record["goal"]["circle"][colour]
    assert set(state["winners"]) <= set(NAMES)
    if state["winners"] or state["round"] == hc.ROUNDS:
        assert state["over"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=actions, long_game=st.booleans(),
       calamity=st.dictionaries(st.sampled_from(NAMES), st.sampled_from(hc.CALAMITY_CHOICES)))
def test_random_sequences_keep_the_rules_and_the_file_consistent(sequence, long_game, calamity):
    # Durability is the kill tests' subject; skipping fsync here keeps this test fast.
    with tempfile.TemporaryDirectory() as folder, mock.patch.object(os, "fsync", return_value=None):
        path = Path(folder) / "game.jsonl"
        states = [sessions.create(path, "hoc-censeo", PLAYERS, LONG if long_game else {}).state]
        in_effect: list[dict] = []
        for action in sequence:
            if isinstance(action, tuple):
                action = all_in_vote(states[-1], action[1], calamity)
            before = path.read_bytes()
            try:
                session = sessions.append(path, action)
            except RuleViolation:
                assert path.read_bytes() == before
                continue
            if action["action"] == "undo":
                in_effect.pop()
                states.pop()
                assert session.state == states[-1]     # undo gives back the state before
            else:
                in_effect.append(action)
                states.append(session.state)
            check_invariants(session.state)
        replayed = reduce(hc.apply, in_effect, hc.setup(PLAYERS, LONG if long_game else {}))
        assert sessions.load(path).state == replayed == states[-1]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_file_cut_anywhere_is_reported_with_the_line_that_was_cut(data):
    with tempfile.TemporaryDirectory() as folder, mock.patch.object(os, "fsync", return_value=None):
        path = Path(folder) / "game.jsonl"
        sessions.create(path, "hoc-censeo", PLAYERS, LONG)
        for action in ({"action": "vote", "contre": {"Bob": 3}}, {"action": "buy_senators", "player": "Bob", "gold": 1},
                       {"action": "vote", "pour": {"Chloé": 3}, "colour": "vert"}, {"action": "undo"}):
            sessions.append(path, action)
        whole = path.read_bytes()
        cut = data.draw(st.integers(1, len(whole) - 1))
        path.write_bytes(whole[:cut])
        kept = whole[:cut]
        complete = kept.count(b"\n")          # whole lines before the cut
        tail = kept[kept.rfind(b"\n") + 1:]
        full_line = whole.split(b"\n")[complete]
        if not tail:
            assert len(sessions.load(path).entries) == complete - 1
        elif tail == full_line:                # cut just before a newline: the line is whole
            assert len(sessions.load(path).entries) == complete
        else:
            with pytest.raises(sessions.TornLine) as torn:
                sessions.load(path)
            assert torn.value.line == complete + 1
            assert torn.value.offset == len(kept) - len(tail)


# -- secret ballots (SCOREKEEPER.md, "Secret ballots, seat by seat") ----------------------

def _as_ballots(vote: dict) -> list[dict]:
    """The same vote cast seat by seat, in a shuffled-looking order, then resolved."""
    ballots = [{"action": "ballot", "player": name,
                **{side: vote[side][name] for side in hc.SIDES if name in (vote.get(side) or {})}}
               for name in reversed(NAMES)]
    resolve = {"action": "resolve", **{k: v for k, v in vote.items() if k not in ("action", "pour", "contre")}}
    return ballots + [resolve]


def _outcome(state: dict, actions: list[dict]) -> dict | str:
    """The state after every action, or the refusal's text when one is refused."""
    try:
        return reduce(hc.apply, actions, state)
    except RuleViolation:
        return "refused"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(votes=st.lists(sane_votes, min_size=1, max_size=12))
def test_ballots_then_resolve_equal_one_vote(votes: list[dict]) -> None:
    """Ballots then resolve leave exactly the state one `vote` with the same amounts leaves,
    and one is refused exactly when the other is."""
    by_vote = by_ballots = hc.setup(PLAYERS, LONG)
    for vote in votes:
        if by_vote["over"]:
            break
        after_vote = _outcome(by_vote, [vote])
        after_ballots = _outcome(by_ballots, _as_ballots(vote))
        if after_vote == "refused":
            # the ballots may be refused earlier (a ballot over the senators left) or at resolve
            assert after_ballots == "refused"
            continue
        assert after_ballots == after_vote
        by_vote = by_ballots = after_vote


def test_ballot_amounts_are_secret_and_undo_takes_one_back(tmp_path: Path) -> None:
    path = tmp_path / "senate.jsonl"
    sessions.create(path, "hoc-censeo", PLAYERS)
    sessions.append(path, {"action": "ballot", "player": "Alice", "pour": 20})
    session = sessions.append(path, {"action": "ballot", "player": "Bob", "contre": 7})
    from scorekeeper import rules
    public = rules.public_view("hoc-censeo", session.state)
    assert public["ballots_cast"] == ["Alice", "Bob"]
    assert public["ballots"] == {}
    assert rules.public_view("hoc-censeo", session.state, "Bob")["ballots"] == {"Bob": {"pour": 0, "contre": 7}}
    session = sessions.undo(path)
    assert session.state["ballots_cast"] == ["Alice"]
    assert "Bob" not in session.state["ballots"]
    session = sessions.append(path, {"action": "ballot", "player": "Bob", "contre": 9})
    session = sessions.append(path, {"action": "ballot", "player": "Chloé"})
    session = sessions.append(path, {"action": "resolve", "colour": "vert"})
    assert session.state["votes"][-1]["pour"] == 20
    assert session.state["votes"][-1]["contre"] == 9
    assert session.state["players"]["Bob"]["senators"] == 91
    assert sessions.load(path).state == session.state
