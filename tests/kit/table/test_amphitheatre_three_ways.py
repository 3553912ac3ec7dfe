"""Issue 22's "done when" for Amphithéâtre: one scripted game driven three ways — `kit score
play` in a pty, the phone endpoints, and the bots' machinery fed the script's choices —
leaves the same session file, and every line each wrote answered a decision the rules listed
in `pending` or `anytime` for the state it met.

The game (Ana, Ben, Cléo, Dan): handshakes, a debate in which a player who joined is accused
while the sides are still being taken (RULES.md §2.5, the seed's example) and is discounted,
an accusation lost by the accuser, a scientific revolution, a draw, an abstention, a tie,
and Ana filling the 15th seat.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

import pexpect
import pytest
from score_cli import spawn_play
from starlette.testclient import TestClient

from kit.games.amphitheatre import bots
from kit.serve.app import create_app
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules import amphitheatre as amph
from scorekeeper.rules.flow import answering

REPO = Path(__file__).resolve().parents[3]
NAMES = ["Ana", "Ben", "Cléo", "Dan"]


def turn(name):
    return {"action": "turn", "player": name, "step": "start"}


def hypothesis(speaker, target, category):
    return {"action": "hypothesis", "speaker": speaker, "target": target, "category": category}


def handshake(speaker, target):
    return {"action": "handshake", "speaker": speaker, "target": target}


def accuse(accuser, accused, truthful):
    return {"action": "accuse", "accuser": accuser, "accused": accused, "truthful": truthful}


def counter(name):
    return {"action": "counter", "player": name}


def join(name, side):
    return {"action": "join", "player": name, "side": side}


def debate(a, b, discounted=()):
    action = {"action": "debate", "side_a": a, "side_b": b}
    if discounted:
        action["discounted"] = list(discounted)
    return action


SCRIPT = [
    turn("Ana"), hypothesis("Ana", "Ben", "cause"), accuse("Cléo", "Ana", False), handshake("Ana", "Ben"),
    turn("Ben"), hypothesis("Ben", "Cléo", "anatomie"), counter("Cléo"), join("Dan", "a"),
    accuse("Cléo", "Dan", False), join("Ana", "b"), debate(["Ben", "Dan"], ["Cléo", "Ana"], ["Dan"]),
    turn("Cléo"), {"action": "revolution", "player": "Cléo", "category": "affliction"},
    turn("Dan"), {"action": "draw", "player": "Dan", "category": "cause"},
    turn("Ana"), hypothesis("Ana", "Dan", "affliction"), handshake("Ana", "Dan"),
    turn("Ben"), hypothesis("Ben", "Ana", "cause"), counter("Ana"), join("Cléo", "abstain"), join("Dan", "b"),
    accuse("Ben", "Dan", True), debate(["Ben"], ["Ana", "Dan"], ["Ben"]),
    turn("Cléo"), hypothesis("Cléo", "Ana", "cause"), handshake("Cléo", "Ana"),
    turn("Dan"), hypothesis("Dan", "Ana", "anatomie"), handshake("Dan", "Ana"),
    turn("Ana"), hypothesis("Ana", "Ben", "cause"), handshake("Ana", "Ben"),
    turn("Ben"), hypothesis("Ben", "Ana", "affliction"), counter("Ana"), join("Cléo", "b"), join("Dan", "a"),
    debate(["Ben", "Dan"], ["Ana", "Cléo"]),
    turn("Cléo"), hypothesis("Cléo", "Ana", "cause"), handshake("Cléo", "Ana"),
    turn("Dan"), hypothesis("Dan", "Ana", "affliction"), handshake("Dan", "Ana"),
]


def new_session(path: Path) -> Path:
    sessions.create(path, "amphitheatre", [{"name": n} for n in NAMES], {})
    return path


def session_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def next_expected(path: Path) -> dict:
    return SCRIPT[len(session_lines(path)) - 1]


def every_step_was_offered(path: Path) -> dict:
    """Replay the file: each line answered a decision of `pending` or `anytime` of its state."""
    header, *actions = session_lines(path)
    state = amph.setup(header["players"], header["options"])
    for number, action in enumerate(actions, 2):
        offered = rules.pending("amphitheatre", state) + rules.anytime("amphitheatre", state)
        fields = (amph.ACTOR_FIELDS.get(action["action"], "player"),)
        assert answering(offered, action, fields) is not None, f"line {number}: {action} not among {offered}"
        state = amph.apply(state, action)
    return state


# -- 1. the phones --------------------------------------------------------------------------

# What a seat's page sends for its own player; the handshake and the debate (the table's
# settling of what was said) come from the host's page.
FROM_HOST = ("handshake", "debate")


def drive_phones(path: Path) -> None:
    with TestClient(create_app(path)) as client:
        seats, host = client.app.state.table.tokens["seats"], client.app.state.table.tokens["host"]
        for action in SCRIPT:
            if action["action"] in FROM_HOST:
                reply = client.post(f"/api/host/{host}/act", json=action)
            else:
                who = action[amph.ACTOR_FIELDS.get(action["action"], "player")]
                reply = client.post(f"/api/seat/{seats[who]}/act", json=action)
            assert reply.status_code == 200, (action, reply.json())


# -- 2. the bots' machinery ------------------------------------------------------------------

class ScriptedBot:
    """A bot whose every choice is the script's, asked through the machinery of the simulated
    bots (kit.games.amphitheatre.bots.Table): the script's next line says what to choose. The
    claims are "told" for a hypothesis agreed or the speaker's side, "other" for the
    counter-value's side; an accuser deals the accused the card the script says they hold."""

    def __init__(self, path: Path):
        self.path = path

    def turn(self, table, me):
        action = next_expected(self.path)
        if action["action"] == "hypothesis":
            return "hypothesis", action["category"], "told", action["target"]
        return action["action"], action["category"]

    def keep(self, table, me, category, drawn):
        return False

    def respond(self, table, me, category, value):
        return "told" if next_expected(self.path)["action"] == "handshake" else "other"

    def join(self, table, me, category, sides):
        return {"a": "side_a", "b": "side_b", "abstain": None}[next_expected(self.path)["side"]]

    def accuse(self, table, me, accused, category, value):
        action = next_expected(self.path)
        if action != {**action, "action": "accuse", "accuser": me, "accused": accused}:
            return False
        table.cards[accused][category] = value if action["truthful"] else "a card of another value"
        return True


def drive_bots(path: Path) -> None:
    table = bots.Table(bots.load(REPO / "layouts"), ["random"] * len(NAMES), Random(1), names=NAMES)
    table.bots = {name: ScriptedBot(path) for name in NAMES}
    table.state = sessions.load(path).state

    def take(state: dict, action: dict) -> dict:
        offered = rules.pending("amphitheatre", state) + rules.anytime("amphitheatre", state)
        assert answering(offered, action, (amph.ACTOR_FIELDS.get(action["action"], "player"),)) is not None
        return sessions.append(path, action).state

    bots.play_game(table, take)
    assert table.state["over"]
    assert table.counts == {"accusations": 3, "accusations_won": 2, "debates": 3, "handshakes": 7, "tied_debates": 1}


# -- 3. guided play in a terminal --------------------------------------------------------------

PROMPTS = [
    r"Who holds the speaker token\?",
    r"Does anyone accuse\?",                              # where no other question takes an accusation
    r"Accused \(",
    r"Does the accused's card match the hypothesis\?",
    r"\S+: Hypothesis, scientific revolution or draw a card\?",
    r"Challenged player \(",
    r"Category \(",
    r"\S+: Agree \(handshake\) or state another answer \(debate\)\?",
    r"Side \(",
]
# The questions that take an accuser's name besides their own answers (an accusation
# offered at their moment, kit.table.with_anytime).
ALSO_ACCUSER = (1, 7, 8)


def answer(index: int, action: dict) -> str:
    """What the table types at prompt `index` when the script's next line is `action`."""
    kind = action["action"]
    if index in ALSO_ACCUSER and kind == "accuse":
        return action["accuser"]
    if index == 0:
        return action["player"]
    if index == 1:
        return ""
    if index == 2:
        return action["accused"]
    if index == 3:
        return "yes" if action["truthful"] else "no"
    if index == 4:
        return kind
    if index == 5:
        return action["target"]
    if index == 6:
        return action["category"]
    if index == 7:
        return "handshake" if kind == "handshake" else "debate"
    return action["side"]


def drive_play(path: Path) -> None:
    """Answer whatever `kit score play` asks, from the script, reading only its prompts."""
    child = spawn_play(path)
    while True:
        index = child.expect(PROMPTS + [pexpect.EOF])
        if index == len(PROMPTS):
            break
        # a prompt shows once the answer before it is saved: the file says what comes next
        child.sendline(answer(index, next_expected(path)))
    child.close()
    assert child.exitstatus == 0, "".join(child.before or "")


# -- the three together ----------------------------------------------------------------------

def test_the_script_is_a_whole_game():
    path_state = amph.setup([{"name": n} for n in NAMES], {})
    for action in SCRIPT:
        path_state = amph.apply(path_state, action)
    assert path_state["winners"] == ["Ana"]
    assert [path_state["players"][n]["seats"] for n in NAMES] == [15, 3, 7, 11]


@pytest.mark.parametrize("face", [drive_phones, drive_bots, drive_play], ids=["phones", "bots", "play"])
def test_each_face_writes_the_scripted_game_and_only_what_the_rules_offered(face, tmp_path: Path):
    path = new_session(tmp_path / "amphi.jsonl")
    face(path)
    assert every_step_was_offered(path)["winners"] == ["Ana"]
    assert session_lines(path)[1:] == SCRIPT


def test_the_three_faces_leave_the_same_session_file(tmp_path: Path):
    files = []
    for face in (drive_phones, drive_bots, drive_play):
        path = new_session(tmp_path / f"{face.__name__}.jsonl")
        face(path)
        files.append(path.read_text(encoding="utf-8"))
    assert files[0] == files[1] == files[2]
    assert re.search(r'"discounted": \["Dan"\]', files[0])


# -- the accusation on a seat's page (issue 22: "L'accusation est-elle fondée ? -> oui") -------

def test_a_seat_page_asks_whether_the_accused_card_matches_and_oui_means_it_does(tmp_path: Path):
    """The issue's table: Ana (6 seats) accuses Ben (3) on her phone and answers « oui ». The
    page asks whether Ben's card matches the hypothesis, « oui » says the accusation fails,
    and so Ana pays Ben: 3 and 6, as the answer she read said."""
    import html

    path = new_session(tmp_path / "phone.jsonl")
    for action in (handshake("Ana", "Cléo"), handshake("Ana", "Ben"), turn("Ben"), hypothesis("Ben", "Cléo", "cause")):
        sessions.append(path, action)
    with TestClient(create_app(path)) as client:
        seats = client.app.state.table.tokens["seats"]
        page = html.unescape(client.get(f"/seat/{seats['Ana']}?lang=fr").text).replace("\u2019", "'")
        page = page.replace("\u202f", " ").replace("\xa0", " ")
        form = page[page.index('data-action="accuse"'):]
        form = form[:form.index("</form>")]
        assert "La carte de la personne accusée correspond-elle à l'hypothèse ?" in form
        options = re.findall(r'<option value="(true|false)"[^>]*>([^<]*)</option>', form)
        assert options == [("true", "Oui : la carte correspond, l'accusation échoue"),
                           ("false", "Non : la carte diffère, l'accusation réussit")]
        assert re.findall(r'<strong>(?:<bdi>)?([^<]*)(?:</bdi>)?</strong><input type="hidden" data-field="accused"', form) == [
            "Ben"]   # only who stated: no choice left, said and sent
        reply = client.post(f"/api/seat/{seats['Ana']}/act", json={"action": "accuse", "accused": "Ben", "truthful": True})
        assert reply.status_code == 200, reply.json()
    players = sessions.load(path).state["players"]
    assert (players["Ana"]["seats"], players["Ben"]["seats"]) == (3, 6)


def test_the_host_page_settles_the_debate_with_the_sides_as_joined_said_and_sent(tmp_path: Path):
    # the sides are the rules' (as joined): said, and sent as they stand, never boxes to untick
    path = new_session(tmp_path / "host.jsonl")
    for action in SCRIPT[:SCRIPT.index(debate(["Ben", "Dan"], ["Cléo", "Ana"], ["Dan"]))]:
        sessions.append(path, action)
    with TestClient(create_app(path)) as client:
        page = client.get(f"/host/{client.app.state.table.tokens['host']}").text
    form = page[page.index('data-action="debate"'):]
    form = form[:form.index("</form>")]
    assert 'type="checkbox"' not in form
    sent = re.findall(r'<input type="hidden" data-field="(\w+)" data-kind="item" value="([^"]*)">', form)
    assert sent == [("side_a", "Ben"), ("side_a", "Dan"), ("side_b", "Cléo"), ("side_b", "Ana"), ("discounted", "Dan")]
