"""Issue 22's "done when" for Promotion: one scripted game driven three ways — `kit score
play` in a pty, the phone endpoints, and the bots' machinery fed the script's choices — leaves
the same session file, and every line each wrote answered a decision the rules listed in
`pending` or `anytime` for the state it met.

The game (target 5 PI), cards only (the engine applies their PI; nobody types one): P1 takes
the Stagiaire and plays three cards, a Flatterie whose merit P3 takes with Mérite volé, and an
Accusation P2 sends on to P3, who cancels it with Serveur en panne; P2's Audit does not touch
P1 (Télétravail), P2's Plagiat lands on P1; P3 wins with an Entretien annuel and a Flatterie
nobody answers. Guided play types each card's title without capitals or accents.
"""
from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pexpect
import pytest
from score_cli import spawn_play
from starlette.testclient import TestClient

from kit.games.promotion import bots
from kit.i18n import folded
from kit.serve.app import create_app
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules.flow import answering

REPO = Path(__file__).resolve().parents[3]
SEATS = ["P1", "P2", "P3"]
OPTIONS = {"target": 5}


def turn(player, step, **fields):
    return {"action": "turn", "player": player, "step": step, **fields}


# Cards only: every PI the game moves is a card's, applied by the engine; no correction typed.
GAME = [
    turn("P1", "start"), turn("P1", "draw"),
    turn("P1", "play", card="stagiaire"),
    turn("P1", "play", card="flatterie"), turn("P3", "react", card="merite-vole"),
    turn("P1", "play", card="accusation", target="P2"),
    turn("P2", "react", card="c-est-pas-moi-c-est-lui", to="P3"), turn("P3", "react", card="serveur-en-panne"),
    turn("P1", "end"),
    turn("P2", "start"), turn("P2", "draw"),
    turn("P2", "play", card="audit"), turn("P1", "react", card="teletravail"), turn("P2", "resolve"),
    turn("P2", "play", card="plagiat", target="P1"), turn("P1", "land"),
    turn("P2", "end"),
    turn("P3", "start"), turn("P3", "draw"),
    turn("P3", "play", card="entretien-annuel"), turn("P3", "resolve"),
    turn("P3", "play", card="flatterie"), turn("P3", "resolve"),
]
DATA = bots.load(REPO / "layouts")      # the deck `kit score new` records, as the bots read it
TITLES = {key: card["title"] for key, card in DATA["deck"]["cards"].items()}


def new_session(path: Path) -> Path:
    sessions.create(path, "promotion", [{"name": n} for n in SEATS], OPTIONS, DATA["deck"])
    return path


def session_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def offered(state: dict) -> list[dict]:
    return rules.pending("promotion", state) + rules.anytime("promotion", state)


def every_step_was_offered(path: Path) -> None:
    """Replay the file: each line answered a decision of `pending` or `anytime` of its state."""
    header, *actions = session_lines(path)
    state = rules.setup("promotion", header["players"], header["options"], header["deck"])
    for number, action in enumerate(actions, 2):
        assert answering(offered(state), action, ("player", "thief")) is not None, \
            f"line {number}: {action} not among {offered(state)}"
        state = rules.module("promotion").apply(state, action)
    assert state["over"]
    assert state["winners"] == ["P3"]
    assert {n: (p["pi"], p["poste"]) for n, p in state["players"].items()} == {
        "P1": (0, "stagiaire"), "P2": (2, None), "P3": (5, None)}
    assert all(action["action"] == "turn" for action in actions)      # no correction typed


# -- 1. the phones --------------------------------------------------------------------------

def drive_phones(path: Path) -> None:
    """Each line from its actor's own page (the host's for a correction: a gain, a steal)."""
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens
        for action in GAME:
            state = client.get("/api/state").json()
            assert answering(state["pending"] + state["anytime"], action, ("player", "thief")) is not None
            url = (f"/api/host/{tokens['host']}/act" if action["action"] in rules.corrections("promotion")
                   else f"/api/seat/{tokens['seats'][action['player']]}/act")
            reply = client.post(url, json=action)
            assert reply.status_code == 200, reply.json()


# -- 2. the bots' machinery ------------------------------------------------------------------

class Scripted:
    """A bot whose every choice is the script's, asked by the simulated table
    (kit.games.promotion.bots.Table) as any bot is."""

    def __init__(self, plays=(), aims=(), answers=()):
        self.plays, self.aims, self.answers = list(plays), list(aims), list(answers)

    def burnout(self, table, me):
        return False

    def play(self, table, me, playable):
        return self.plays.pop(0) if self.plays and self.plays[0] in playable else None

    def target(self, table, me, card, targets):
        assert self.aims[0] in targets
        return self.aims.pop(0)

    def answer(self, table, me, options):
        return next((a for a in self.answers if a in options), None)

    def give_up(self, table, me):
        return 0


def drive_bots(path: Path) -> None:
    def take(state: dict, action: dict) -> dict:
        assert answering(offered(state), action, ("player", "thief")) is not None, action
        return sessions.append(path, action).state

    table = bots.Table({**DATA, "cards": ("heures-sup",) * 40}, ["random"] * 3, OPTIONS, Random(0), take=take)
    table.hands = {"P1": ["stagiaire", "flatterie", "accusation", "teletravail", "heures-sup"],
                   "P2": ["audit", "plagiat", "c-est-pas-moi-c-est-lui", "heures-sup", "heures-sup"],
                   "P3": ["entretien-annuel", "merite-vole", "serveur-en-panne", "heures-sup", "flatterie"]}
    table.bots = {"P1": Scripted(plays=["stagiaire", "flatterie", "accusation"], aims=["P2"], answers=["teletravail"]),
                  "P2": Scripted(plays=["audit", "plagiat"], aims=["P3", "P1"], answers=["c-est-pas-moi-c-est-lui"]),
                  "P3": Scripted(plays=["entretien-annuel", "flatterie"], answers=["merite-vole", "serveur-en-panne"])}
    def three_turns() -> None:
        for _ in range(3):
            table.turn(table.next_player())

    with pytest.raises(bots.OfficeClosed):
        three_turns()


# -- 3. guided play in a terminal --------------------------------------------------------------

def drive_play(path: Path) -> None:
    """Answer whatever `kit score play` asks, from the script, reading only its prompts."""
    child = spawn_play(path, columns=300)
    prompts = [
        r"Whose turn is it\? \(",
        r"What happens\? \(Draw/[^\n]*\[Draw\]",
        r"What happens\? \(Play a card/End the turn\), or a card by its title \[End the turn\]",
        r"Who gains IP\? \(",
        r"Who steals\? \(",
        r"From whom\? \(",
        r"How many IP\? ",
        r"Against whom\? \(",
        r"Who answers\? Enter: nobody \(",
        r"What happens\? \(Answer with a Betrayal/Take the attack\)[^\n]*\[Take the attack\]",
        r"Towards whom\? \(",
        pexpect.EOF,
    ]
    words = {"gain": "gain", "lose": "lose", "steal": "steal"}
    while True:
        index = child.expect(prompts)
        if index == len(prompts) - 1:
            break
        # a prompt shows once the answer before it is saved: the file says which line comes next
        a = GAME[len(session_lines(path)) - 1]
        if index == 0:
            answer = a["player"]
        elif index == 1:
            answer = a["step"]
        elif index == 2:
            # a card by its title as people type it: no capitals, no accents
            answer = words.get(a["action"]) or ("next" if a["step"] == "end" else folded(TITLES[a["card"]]))
        elif index == 3:
            answer = a["player"]
        elif index == 4:
            answer = a["thief"]
        elif index == 5:
            answer = a["victim"]
        elif index == 6:
            answer = str(a["amount"])
        elif index == 7:
            answer = a["target"]
        elif index == 8:
            answer = a["player"] if a["step"] == "react" else ""
        elif index == 9:
            answer = folded(TITLES[a["card"]]) if a["step"] == "react" else "nothing"
        else:
            answer = a["to"]
        child.sendline(answer)
    child.close()
    assert child.exitstatus == 0, "".join(child.before or "")


# -- the three together ----------------------------------------------------------------------

@pytest.mark.parametrize("face", [drive_phones, drive_bots, drive_play], ids=["phones", "bots", "play"])
def test_each_face_writes_the_scripted_game_and_only_what_the_rules_offered(face, tmp_path: Path):
    path = new_session(tmp_path / "bureau.jsonl")
    face(path)
    every_step_was_offered(path)
    assert session_lines(path)[1:] == GAME


def test_the_three_faces_leave_the_same_session_file(tmp_path: Path):
    files = []
    for face in (drive_phones, drive_bots, drive_play):
        path = new_session(tmp_path / f"{face.__name__}.jsonl")
        face(path)
        files.append(path.read_text(encoding="utf-8"))
    assert files[0] == files[1] == files[2]
