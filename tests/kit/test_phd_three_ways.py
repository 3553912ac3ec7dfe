"""Issue 22's done-when for PHD: one scripted game driven three ways, through `kit score play`
in a terminal, through the phone endpoints, and through the bots' machinery fed scripted
cards, dice and Recherche choices, leaves the same session file; and every entry each of
them wrote answered what the rules waited for (`pending`) or allowed (`anytime`) then.

The game (one chapter to defend): P1 lives a C'est la vie and submits a chapter, which brings
Pression to 0 (no more Recherche); P2 wins a Challenge in Vivre, so draws an Argument and then
plays a Coopération from the hand in a second Recherche; P1 meets a Superviseur that approves
the chapter, and the defence starts at once, opposed by P2's malus: P1 is a doctor.
"""
from __future__ import annotations

from pathlib import Path
from random import Random

import pexpect
import pytest
from score_cli import spawn_play
from starlette.testclient import TestClient

from kit.games.phd import bots
from kit.serve.app import create_app
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules.flow import answering

REPO = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "P1"}, {"name": "P2"}]
OPTIONS = {"chapters": 1}

GAME = [
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "vie"},
    {"action": "adjust", "player": "P1", "pression": 1, "credit": 1},
    {"action": "submit", "player": "P1"},
    {"action": "turn", "player": "P2", "step": "start"},
    {"action": "turn", "player": "P2", "step": "challenge"},
    {"action": "challenge", "player": "P2", "resource": "credit", "die": 3, "difficulty": 5,
     "success": {"credit": 2}, "failure": {"pression": 2}},
    {"action": "turn", "player": "P2", "step": "draw-argument"},
    {"action": "turn", "player": "P2", "step": "cooperation"},
    {"action": "adjust", "player": "P2", "credit": 1},
    {"action": "adjust", "player": "P1", "credit": 1},
    {"action": "turn", "player": "P2", "step": "done"},
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "superviseur"},
    {"action": "adjust", "player": "P1", "credit": 1},
    {"action": "approve", "player": "P1"},
    {"action": "defend", "player": "P1", "die": 1, "arguments": [2], "opposition": [1]},
]

# What the table types at each prompt of `kit score play` for GAME.
TERMINAL = [
    ("Whose turn is it?", ""),
    ("Event card", "vie"), ("P1's Pression change", "1"), ("P1's Crédit change", "1"),
    ("Recherche:", "submit"),
    ("Event card", "challenge"), ("Resource tested", "credit"), ("Difficulty", "5"), ("Modifiers", ""),
    ("Effect of a success", "credit=+2"), ("Effect of a failure", "pression=+2"), ("P2's die", "3"),
    ("Recherche (1 of 2", "argument"),
    ("Recherche (2 of 2", "card"), ("Event card", "cooperation"),
    ("Player whose resources change", "P2"), ("P2's Pression change", ""), ("P2's Crédit change", "1"),
    ("Player whose resources change", "P1"), ("P1's Pression change", ""), ("P1's Crédit change", "1"),
    ("Player whose resources change", ""),
    ("Event card", "superviseur"), ("P1's Pression change", ""), ("P1's Crédit change", "1"),
    ("What does the Superviseur card say", "approve"),
    ("P1's die", "1"), ("P1's Argument values", "2"), ("Support values", ""), ("Opposition values", "1"),
]


def new_session(path: Path) -> Path:
    sessions.create(path, "phd", PLAYERS, OPTIONS)
    return path


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def assert_every_entry_was_awaited(path: Path) -> None:
    session = sessions.load(path)
    state = rules.module("phd").setup(PLAYERS, OPTIONS)
    for entry in session.entries:
        awaited = rules.pending("phd", state) + rules.anytime("phd", state)
        assert answering(awaited, entry.action) is not None, (entry.line, entry.action, awaited)
        state = rules.module("phd").apply(state, entry.action)
    assert state == session.state
    assert state["players"]["P1"]["status"] == "doctor"


# -- the three ways ---------------------------------------------------------------------------

def by_terminal(path: Path) -> None:
    child = spawn_play(path)
    for prompt, answer in TERMINAL:
        child.expect_exact(prompt)
        child.sendline(answer)
    child.expect_exact("Game over: P1 wins.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def by_phones(path: Path) -> None:
    """Each entry from the page of the player it names, the others' (and the corrections) from
    the host's page; each one among what that page's own view says the game waits for."""
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        for action in GAME:
            seat = None if action["action"] in rules.corrections("phd") else action.get("player")
            view = client.get(f"/api/seat/{tokens['seats'][seat]}" if seat else "/api/state").json()
            assert answering(view["pending"] + view["anytime"], action) is not None, (action, view["pending"])
            url = f"/api/seat/{tokens['seats'][seat]}/act" if seat else f"/api/host/{tokens['host']}/act"
            reply = client.post(url, json=action)
            assert reply.status_code == 200, reply.json()


class Dice(Random):
    """The dice the table rolled, in order."""

    def __init__(self, rolls: list[int]):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


class ScriptedBot(bots.GreedyBot):
    """The greedy bot, its Recherche actions given in turn (each must be one it is offered)."""
    script: list[tuple] = []

    def recherche(self, table, me, options):
        choice = self.script.pop(0)
        assert choice in options, (choice, options)
        return choice


def card(kind: str, **fields) -> dict:
    plain = dict.fromkeys(bots._KEEP)
    plain.update({"type": kind, "pression": 0, "credit": 0, "you": {}, "other": {}, "success": {}, "failure": {}})
    return bots._weighed({**plain, **fields})


def by_bots(path: Path, monkeypatch) -> None:
    class Recording(bots.Table):
        def act(self, action: dict) -> dict:
            sessions.append(path, action)
            return super().act(action)

    monkeypatch.setitem(bots.BOT_CLASSES, "scripted", ScriptedBot)
    monkeypatch.setattr(ScriptedBot, "script", [("submit",), ("draw argument",), ("play a card", 0)])
    table = Recording(bots.load(REPO / "layouts"), ["scripted", "scripted"], OPTIONS, Dice([3, 1]))
    table.decks["events"] = [card("superviseur", credit=1, chapter="approve"),
                             card("challenge", resource="credit", difficulty=5, success={"credit": 2},
                                  failure={"pression": 2}),
                             card("vie", pression=1, credit=1)]          # the top card last
    table.decks["arguments"] = [{"value": -1, "controversy": False}]
    table.hands = {"P1": {"events": [], "arguments": [{"value": 2, "controversy": False}]},
                   "P2": {"events": [card("cooperation", you={"credit": 1}, other={"credit": 1})], "arguments": []}}
    bots.run(table)
    assert table.state["over"]
    assert not ScriptedBot.script


def test_one_game_three_ways_one_session_file(tmp_path, monkeypatch):
    expected = new_session(tmp_path / "expected.jsonl")
    for action in GAME:
        sessions.append(expected, action)
    files = {way: new_session(tmp_path / f"{way}.jsonl") for way in ("terminal", "phones", "bots")}
    by_terminal(files["terminal"])
    by_phones(files["phones"])
    by_bots(files["bots"], monkeypatch)
    for way, path in files.items():
        assert lines(path) == lines(expected), way
        assert_every_entry_was_awaited(path)


# The index in TERMINAL of the first prompt once GAME[:cut] is recorded.
PROMPT_AT = {3: 4, 7: 12, 12: 22, 16: 26}


@pytest.mark.parametrize("cut", sorted(PROMPT_AT))
def test_the_terminal_resumes_a_game_the_phones_began(tmp_path, cut):
    """Phones wrote the first entries; guided play goes on from there and never asks again
    what is recorded (the prompts it meets are exactly the rest of the script's)."""
    path = new_session(tmp_path / "table.jsonl")
    for action in GAME[:cut]:
        sessions.append(path, action)
    rest = TERMINAL[PROMPT_AT[cut]:]
    child = spawn_play(path)
    for prompt, answer in rest:
        child.expect_exact(prompt)
        child.sendline(answer)
    child.expect_exact("Game over: P1 wins.")
    child.expect(pexpect.EOF)
    assert [sessions.parse_json(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]] == GAME
