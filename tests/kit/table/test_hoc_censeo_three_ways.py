"""Issue 22's "done when" for Hoc Censeo: one scripted game driven three ways — `kit score
play` in a pty, the phone endpoints, and the bots' machinery fed the script's choices — leaves
the same session file, and every line each wrote answered a decision the rules listed in
`pending` or `anytime` for the state it met.

The game: six rounds (the Luceres need 4 votes won), with a tie for POUR's top ordered by
the magistrate, seals and gold spent between votes, equal totals broken by the magistrate on
a mauve motion whose winner picks the bonus, and Rome's fourth grey portion bringing a
calamity in which each player chooses what to lose.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pexpect
import pytest
from score_cli import spawn_play
from starlette.testclient import TestClient

from kit.games.hoc_censeo import bots
from kit.serve.app import create_app
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules import hoc_censeo as hc
from scorekeeper.rules.flow import answering

REPO = Path(__file__).resolve().parents[3]
PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
           {"name": "Chloé", "role": "luceres"}]
OBJECTIVES = copy.deepcopy(hc.DEFAULT_OBJECTIVES)
for _tribe, _secondary in (("titienses", ("seals", 99)), ("ramnes", ("gold", 99)), ("luceres", ("wins", 4))):
    OBJECTIVES[_tribe]["secondary"] = {"kind": _secondary[0], "amount": _secondary[1]}

# Each round: the spendings made before its first ballot, the ballots (seating order), the
# motion's colour, and the magistrate's resolve as the rules need it (in the order play asks).
SCRIPT = [
    {"spend": [], "ballots": {"Alice": (10, 0), "Bob": (0, 5), "Chloé": (10, 0)}, "motion": "bleu",
     "resolve": {"colour": "bleu", "order": ["Chloé", "Alice"]}},
    {"spend": [{"action": "spend_seals", "player": "Chloé", "colour": "mauve"}],
     "ballots": {"Alice": (0, 0), "Bob": (0, 10), "Chloé": (0, 4)}, "motion": "jaune", "resolve": {}},
    {"spend": [{"action": "buy_senators", "player": "Bob", "gold": 1}],
     "ballots": {"Alice": (5, 0), "Bob": (0, 5), "Chloé": (0, 0)}, "motion": "mauve",
     "resolve": {"tiebreak": "pour", "colour": "mauve", "bonus": "jaune"}},
    {"spend": [], "ballots": {"Alice": (0, 0), "Bob": (0, 1), "Chloé": (0, 6)}, "motion": "vert", "resolve": {}},
    {"spend": [], "ballots": {"Alice": (0, 0), "Bob": (0, 0), "Chloé": (0, 6)}, "motion": "vert", "resolve": {}},
    {"spend": [], "ballots": {"Alice": (2, 0), "Bob": (0, 1), "Chloé": (0, 6)}, "motion": "bleu",
     "resolve": {"calamity": {"Alice": "senators", "Bob": "gold", "Chloé": "gold"}}},
]


def new_session(path: Path) -> Path:
    sessions.create(path, "hoc-censeo", copy.deepcopy(PLAYERS), {"objectives": OBJECTIVES})
    return path


def session_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def every_step_was_offered(path: Path) -> None:
    """Replay the file: each line answered a decision of `pending` or `anytime` of its state."""
    header, *actions = session_lines(path)
    state = hc.setup(header["players"], header["options"])
    for number, action in enumerate(actions, 2):
        offered = rules.pending("hoc-censeo", state) + rules.anytime("hoc-censeo", state)
        assert answering(offered, action) is not None, f"line {number}: {action} not among {offered}"
        state = hc.apply(state, action)
    assert state["over"]
    assert state["winners"] == ["Chloé"]


def expected_lines() -> list[dict]:
    """The actions the script stands for, as every face must write them."""
    actions = []
    for round_ in SCRIPT:
        actions += round_["spend"]
        actions += [{"action": "ballot", "player": name, "pour": pour, "contre": contre}
                    for name, (pour, contre) in round_["ballots"].items()]
        actions.append({"action": "resolve", **round_["resolve"]})
    return actions


# -- 1. the phones --------------------------------------------------------------------------

def drive_phones(path: Path) -> None:
    """Each player on their own seat's page; the magistrate resolves from theirs; the
    spendings from their owners' pages too."""
    with TestClient(create_app(path)) as client:
        seats = client.app.state.table.tokens["seats"]
        for round_ in SCRIPT:
            for action in round_["spend"]:
                reply = client.post(f"/api/seat/{seats[action['player']]}/act", json=action)
                assert reply.status_code == 200, reply.json()
            for name, (pour, contre) in round_["ballots"].items():
                reply = client.post(f"/api/seat/{seats[name]}/act",
                                    json={"action": "ballot", "player": name, "pour": pour, "contre": contre})
                assert reply.status_code == 200, reply.json()
            magistrate = client.get("/api/state").json()["magistrate"]
            reply = client.post(f"/api/seat/{seats[magistrate]}/act", json={"action": "resolve", **round_["resolve"]})
            assert reply.status_code == 200, reply.json()


# -- 2. the bots' machinery ------------------------------------------------------------------

class ScriptedBot:
    """A bot whose every choice is the script's, asked through the same machinery as the
    simulated bots (kit.games.hoc_censeo.bots.play_game)."""

    # asked between votes even when the rules offer its seat nothing, as a person at the
    # table is asked whether they spend (the simulator's greedy bots are not: bots.GreedyBot)
    passes_unoffered = False

    def __init__(self, name: str, rounds: list[dict]):
        self.name, self.rounds = name, rounds

    def _round(self, state: dict) -> dict:
        return self.rounds[state["round"]]

    def between_votes(self, state, me, colour, mine):
        spend = [a for a in self._round(state)["spend"] if a["player"] == me]
        done = self._round(state).setdefault("done", set())
        for index, action in enumerate(spend):
            if (me, index) not in done:
                done.add((me, index))
                return action
        return None

    def ballot(self, state, me, colour):
        return self._round(state)["ballots"][me]

    def tiebreak(self, state, me, colour):
        return self._round(state)["resolve"]["tiebreak"]

    def order(self, state, me, group):
        assert sorted(group) == sorted(self._round(state)["resolve"]["order"])
        return self._round(state)["resolve"]["order"]

    def bonus(self, state, me):
        return self._round(state)["resolve"]["bonus"]

    def calamity(self, state, me):
        return self._round(state)["resolve"]["calamity"][me]


def drive_bots(path: Path) -> None:
    rounds = copy.deepcopy(SCRIPT)
    players = {p["name"]: ScriptedBot(p["name"], rounds) for p in PLAYERS}

    def take(state: dict, action: dict) -> dict:
        offered = rules.pending("hoc-censeo", state) + rules.anytime("hoc-censeo", state)
        assert answering(offered, action) is not None, action
        return sessions.append(path, action).state

    state = sessions.load(path).state
    state, ties = bots.play_game(state, players, [r["motion"] for r in SCRIPT], take)
    assert state["over"]
    assert ties == 2


# -- 3. guided play in a terminal --------------------------------------------------------------

def drive_play(path: Path) -> None:
    """Answer whatever `kit score play` asks, from the script, reading only its prompts."""
    child = spawn_play(path)
    prompts = [
        r"(\w+), secret ballot: ",
        r"(\w+): spend seals on a portion\r\nColour \(",
        r"(\w+): buy senators with gold\r\nGold to spend",
        r"Tie-break \(equal totals\)",
        r"The motion's colour",
        r"The magistrate's order among equal voters – Who comes first\? \(",
        r"Mauve bonus \(largest FOR voter's choice\)",
        r"Calamity: what each player loses – (\w+) \(",
        r"(\w+), send FOR \d+, AGAINST \d+\?",
        pexpect.EOF,
    ]
    spent = []
    while True:
        index = child.expect(prompts)
        if index == len(prompts) - 1:
            break
        # a prompt shows once the answer before it is saved: the file says which round it is
        saved = session_lines(path)[1:]
        resolved = sum(1 for a in saved if a["action"] == "resolve")
        round_ = SCRIPT[resolved]
        found = child.match.group(1) if child.match.groups() else None
        to_spend = [a for a in round_["spend"] if (resolved, json.dumps(a)) not in spent]
        if index == 0:      # who spends first, then the ballots in seating order
            this_round = saved[max((i for i, a in enumerate(saved) if a["action"] == "resolve"), default=-1) + 1:]
            cast = {a["player"] for a in this_round if a["action"] == "ballot"}
            following = next(p["name"] for p in PLAYERS if p["name"] not in cast)
            if to_spend:    # only the player at the keyboard is offered their own seals and gold
                spender = to_spend[0]["player"]
                child.sendline(spender if spender != found else
                               {"spend_seals": "seals", "buy_senators": "gold"}[to_spend[0]["action"]])
            else:           # the player due takes the keyboard by typing their name
                child.sendline(following if found != following else " ".join(map(str, round_["ballots"][found])))
        elif index in (1, 2):
            action = to_spend[0]
            spent.append((resolved, json.dumps(action)))
            child.sendline(action["colour"] if index == 1 else str(action["gold"]))
        elif index == 3:
            child.sendline(round_["resolve"]["tiebreak"])
        elif index == 4:
            child.sendline(round_["resolve"]["colour"])
        elif index == 5:
            child.sendline(round_["resolve"]["order"][0])
        elif index == 6:
            child.sendline(round_["resolve"]["bonus"])
        elif index == 7:
            child.sendline(round_["resolve"]["calamity"][found])
        elif index == 8:   # the ballot read back: send it
            child.sendline("yes")
    child.close()
    assert child.exitstatus == 0, "".join(child.before or "")


# -- the three together ----------------------------------------------------------------------

@pytest.mark.parametrize("face", [drive_phones, drive_bots, drive_play], ids=["phones", "bots", "play"])
def test_each_face_writes_the_scripted_game_and_only_what_the_rules_offered(face, tmp_path: Path):
    path = new_session(tmp_path / "senate.jsonl")
    face(path)
    every_step_was_offered(path)
    assert session_lines(path)[1:] == expected_lines()


def test_the_three_faces_leave_the_same_session_file(tmp_path: Path):
    files = []
    for face in (drive_phones, drive_bots, drive_play):
        path = new_session(tmp_path / f"{face.__name__}.jsonl")
        face(path)
        files.append(path.read_text(encoding="utf-8"))
    assert files[0] == files[1] == files[2]
    assert re.search(r'"calamity": \{"Alice": "senators"', files[0])
