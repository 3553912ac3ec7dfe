"""Every answer the table server sends is read by the sweeps, in one language at a time.

serve_helpers.ROUTES says how each route of the app is reached; the first tests fail when
the app has a route it does not reach, or when a status the server's code sends is never
met. Then every scenario (tests/scenarios, and ../shared/scenarios where it lies beside the
clone) is served, and at its start, in its middle and at its end, in French and in English,
every answer each reader gets (the public and the host, each seat through its link and
through the room code) must speak the reader's language (tests/helpers/language.py): the
table, the room page, the names, the host's page, each seat's page and the pages its taps
lead to partway through a decision (serve_helpers.crawl samples them: from each page the
first and the last link, at most 8 pages a seat), and, in the middle of each game, every
refusal a route gives (the error pages of every status, the API's sentences) to the public
and to the first seat (another seat's differ by its name alone). The secrecy
sweep reads the same answers of twin sessions (tests/test_secrecy.py, `server_texts`).
"""
from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest
import yaml
from language import language_problems
from score_cli import scenario_files, scenario_id
from serve_helpers import HOC_PLAYERS, ROUTES, UNKNOWN, Visit, app_routes, every_answer, new_hoc, page_text
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions
from scorekeeper.errors import ScorekeeperError

SERVE = Path(__file__).resolve().parents[3] / "kit" / "serve"
LANGS = ("fr", "en")


def test_every_route_of_the_app_is_swept_and_each_entry_reaches_it(tmp_path):
    path = new_hoc(tmp_path / "senate.jsonl")
    with TestClient(create_app(path)) as client:
        declared = app_routes(client.app)
        assert declared - set(ROUTES) == set(), "routes the sweeps do not reach: add them to serve_helpers.ROUTES"
        assert set(ROUTES) - declared == set(), "ROUTES names routes the app no longer has"
        seat = HOC_PLAYERS[0]["name"]
        for reach in set(ROUTES.values()):
            said = {}
            for reader in (None, seat):
                visit = Visit(client, reader, "en")
                if reach.__name__ in ("_me", "_api_me"):   # /me is a joined device's
                    client.post(f"/join/{client.app.state.table.tokens['room']}", data={"seat": seat})
                reach(visit)
                said.update(visit.said)
                if reader is not None:   # the seat let go again, for the next entry
                    client.post(f"/host/{client.app.state.table.tokens['host']}/free", data={"seat": seat})
                client.cookies.clear()
            assert said, reach.__name__


def statuses(said: dict[str, str]) -> set[int]:
    return {int(text.split(" ", 1)[0]) for text in said.values() if re.match(r"\d{3} ", text)}


def test_every_status_the_server_sends_is_met_by_the_sweep(tmp_path):
    """The statuses of every `Answer` the server's code raises (and of its handlers), each in
    the answers the sweep reads."""
    raised = {int(n) for source in SERVE.glob("*.py") for n in re.findall(r"Answer\((\d{3})", source.read_text())}
    assert {400, 403, 404, 405, 408, 409, 413, 415, 422, 503} <= raised   # the search finds them
    path = new_hoc(tmp_path / "senate.jsonl")
    with TestClient(create_app(path)) as client:
        said = {**every_answer(client, None, "en"), **every_answer(client, "Alice", "en")}
    assert raised - statuses(said) == set()
    # a file that cannot be read is named, but not where it lies on the host's machine
    assert "senate.jsonl" in said["table: a torn line"]
    assert not [label for label, text in said.items() if str(tmp_path) in text]


# -- the language of every answer --------------------------------------------------------------

def read(text: str) -> str | None:
    """What a person reads of an answer: a page's text, an API refusal's sentence; None for
    what is not words (a state as JSON, a stylesheet, an event)."""
    status, _, rest = text.partition(" ")
    _, _, body = rest.partition(" ")
    if body.lstrip().lower().startswith("<!doctype"):
        return page_text(body)
    if status.isdigit() and body.startswith("{"):
        error = json.loads(body).get("error")
        return error if isinstance(error, str) else None
    if text.lstrip().lower().startswith("<!doctype"):   # a page drawn by a crawl: no status before it
        return page_text(text)
    return None


PHONE_SCENARIOS = [path for path in scenario_files() if "refused_new" not in path.read_text(encoding="utf-8")]


@pytest.mark.parametrize("scenario", PHONE_SCENARIOS, ids=scenario_id)
def test_every_answer_speaks_one_language_at_the_start_middle_and_end(scenario, tmp_path):
    data = yaml.safe_load(scenario.read_text(encoding="utf-8"))
    path = tmp_path / "game.jsonl"
    sessions.create(path, data["game"], data["players"], data.get("options") or {})
    names = [p["name"] for p in data["players"]]
    steps = [s["act"] for s in data.get("steps") or () if "act" in s]
    problems = []
    done = 0
    with TestClient(create_app(path)) as client:
        for point, upto in (("start", 0), ("middle", len(steps) // 2), ("end", len(steps))):
            for action in steps[done:upto]:
                with contextlib.suppress(ScorekeeperError):   # a refusal the scenario expects
                    sessions.append(path, action)
            done = upto
            for lang in LANGS:
                for reader in (None, *names):
                    # the refusals once a game, for the public and one seat: the others' differ by their name
                    said = every_answer(client, reader, lang, errors=point == "middle" and reader in (None, names[0]))
                    client.cookies.clear()
                    for label, text in said.items():
                        words = read(text)
                        if words is not None:
                            problems += [f"{point} {lang} {reader} {label}: {p}"
                                         for p in language_problems([words], lang, keep=[*names, UNKNOWN])]
    assert not problems, "\n".join(problems)


# -- no id where a person reads (issue 46, item 4) -------------------------------------------------

# Turns played with the session's deck, each stopped where a page offers cards and steps.
WITH_DECK = {
    "promotion": [{"action": "turn", "player": "Ana", "step": "start"},
                  {"action": "turn", "player": "Ana", "step": "draw"},
                  {"action": "turn", "player": "Ana", "step": "play", "card": "chef-de-projet"},   # a Poste held
                  {"action": "turn", "player": "Ana", "step": "play", "card": "accusation", "target": "Ben"}],
    "phd": [{"action": "turn", "player": "Ana", "step": "start"}],
}
# The steps that are the game's own printed words (« C'est la vie », a Challenge, a
# Superviseur), which a page may say as words.
PRINTED_STEPS = {"vie", "challenge", "superviseur"}


def ids_read(text: str, ids: set[str]) -> list[str]:
    """The ids of `ids` that `text` says as words (a hyphen is part of an id's word)."""
    return sorted(i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))


def visible(text: str) -> str | None:
    """What a person reads of an answer, but a control's value (sent, never shown)."""
    return read(re.sub(r'\svalue="[^"]*"', "", text))


@pytest.mark.parametrize("game", sorted(WITH_DECK))
def test_no_page_names_a_card_or_a_step_by_its_id(game, tmp_path):
    from kit.deck import for_session
    from scorekeeper import rules

    deck = for_session(game, None)
    assert deck is not None
    path = tmp_path / "game.jsonl"
    names = ["Ana", "Ben", "Cléo"]
    sessions.create(path, game, [{"name": n} for n in names], deck=deck)
    module = rules.module(game)
    steps = {*getattr(module, "TURN_STEPS", ()), *getattr(module, "LEGACY_STEPS", ())} - PRINTED_STEPS
    problems = []
    with TestClient(create_app(path)) as client:
        for upto in range(len(WITH_DECK[game]) + 1):
            if upto:
                sessions.append(path, WITH_DECK[game][upto - 1])
            for lang in LANGS:
                # an English step id that is an English word (« draw », « end ») may be said as one
                checked = {*deck["cards"], *(s for s in steps if lang == "fr" or "-" in s)}
                for reader in (None, *names):
                    said = every_answer(client, reader, lang, errors=False)
                    client.cookies.clear()
                    for label, text in said.items():
                        words = visible(text)
                        if words is not None and (found := ids_read(words, checked)):
                            problems.append(f"{upto} {lang} {reader} {label}: {found}")
    assert not problems, "\n".join(problems)
