"""Session files whose header records a deck, as they were written before the engine counted
PHD's hands and named each Promotion window's answers by player, keep loading, showing,
logging and serving their pages, scored as the code that wrote them scored them, and games
under way go on.

tests/fixtures/deck-sessions/ holds what the code of commit 49826df wrote: two bots' games
(`kit score new`, then each entry appended), and two games stopped at a moment that code and
today's word differently: Promotion with an Avantage's window open, PHD with a Challenge just
revealed. Beside each, NAME.show.json is that code's `kit score show --json` of it.
"""
from __future__ import annotations

import json

import pytest
from score_cli import Kit, pages_answer
from written_before import FIXTURES, as_decided_now, copied

from scorekeeper import rules
from scorekeeper import session as sessions

FILES_DIR = FIXTURES / "deck-sessions"
FILES = sorted(path.stem for path in FILES_DIR.glob("*.jsonl"))
# What today's engine adds: PHD's count of cards in hand in a player's record, and who laid
# the cards of a Challenge (its optional `laid_by`) among the choices of its entry
COUNTED_NOW = {"hand"}
ASKED_NOW = {"laid_by"}


def test_the_fixtures_hold_both_games_with_cards_and_their_decks():
    headers = [json.loads((FILES_DIR / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[0]) for name in FILES]
    assert {header["game"] for header in headers} == {"phd", "promotion"}
    assert all("deck" in header for header in headers)


def as_asked_now(pending: list[dict]) -> list[dict]:
    """Today's `pending` without the optional fields that code did not ask."""
    return [{**d, "choices": {f: c for f, c in d["choices"].items() if f not in ASKED_NOW}} for d in pending]


@pytest.mark.parametrize("name", FILES)
def test_a_file_with_a_deck_scores_as_the_code_that_wrote_it(name, tmp_path):
    old = json.loads((FILES_DIR / f"{name}.show.json").read_text(encoding="utf-8"))
    session = sessions.load(copied(FILES_DIR, name, tmp_path))
    state = rules.whole_state(session.game, session.state)
    for key, value in old.items():
        if key in ("players", "anytime", "turn"):     # compared below
            continue
        if key == "pending":
            assert as_asked_now(state[key]) == as_decided_now(value)
        else:
            assert state[key] == value, key
    for player, record in old["players"].items():
        now = state["players"][player]
        assert {k: now[k] for k in record} == record, player
        assert set(now) - set(record) <= COUNTED_NOW, player
    for key, value in (old["turn"] or {}).items():
        assert state["turn"][key] == value, key


@pytest.mark.parametrize("name", FILES)
def test_a_file_with_a_deck_shows_logs_and_serves_its_pages(name, tmp_path):
    from starlette.testclient import TestClient

    from kit.serve.app import create_app

    path = copied(FILES_DIR, name, tmp_path)
    names = [p["name"] for p in sessions.load(path).players]
    kit = Kit()
    for lang in ("en", "fr"):
        for command in (("show",), ("log",), *(("show", "--as", n) for n in names)):
            shown = kit("score", *command, path, "--lang", lang)
            assert shown.exit_code == 0, (command, shown.output)
    with TestClient(create_app(path)) as client:
        pages_answer(client, path)


def test_a_promotion_window_left_open_then_applies_its_card_from_the_recorded_deck(tmp_path):
    path = copied(FILES_DIR, "promotion-window-open", tmp_path)
    session = sessions.load(path)
    author = session.state["window"]["author"]
    before = session.state["players"][author]["pi"]
    session = sessions.append(path, {"action": "turn", "player": author, "step": "resolve"})
    assert session.state["players"][author]["pi"] > before      # Entretien annuel's PI, from the header's deck


def test_a_phd_challenge_revealed_then_is_met_now(tmp_path):
    path = copied(FILES_DIR, "phd-challenge-revealed", tmp_path)
    session = sessions.load(path)
    challenger = session.state["turn"]["player"]
    session = sessions.append(path, {"action": "challenge", "player": challenger, "die": 6, "modifiers": []})
    assert session.state["last_test"]["player"] == challenger
