"""Issue 22's and issue 33's done-when for PHD: one scripted game, played with the kit's own
printed cards only (the session header's deck, no number typed but the dice), driven three
ways, through `kit score play` in a terminal, through the phone endpoints, and through the
bots' machinery fed those cards, dice and Recherche choices, leaves the same session file;
and every entry each of them wrote answered what the rules waited for (`pending`) or allowed
(`anytime`) then.

The game (one chapter to defend): P1 lives « Séminaire des doctorants » and submits a
chapter, which brings Pression to 0 (no more Recherche); P2 wins « Question piège » in Vivre,
so plays « Journal club » from the hand (it draws P2 an Argument) and then « Association des
doctorants » for P1 in a second Recherche; P1 meets « Relecture dans le train », which
approves the chapter, and the defence starts at once, « Données solides » opposed by P2's
« Axe tronqué »: P1 is a doctor. Nobody types a count of cards: the engine ends the game with
the hands the cards left (P1 4 of the 5 dealt, P2 3).

A second game, played through the terminal and the phones, plays Coopérations at their
printed moment, off their player's turn: P1's « Journal club » as P2's turn begins, then
« Manip à quatre mains », which cancels P2's failure at « Colloque international ».
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

from kit.games.phd import bots
from kit.games.phd import layout as phd_layout
from kit.serve.app import create_app
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules.flow import answering

REPO = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "P1"}, {"name": "P2"}]
OPTIONS = {"chapters": 1}
DECK = phd_layout.deck(REPO / "layouts")

GAME = [
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "vie", "card": "seminaire-des-doctorants"},
    {"action": "submit", "player": "P1"},
    {"action": "turn", "player": "P2", "step": "start"},
    {"action": "turn", "player": "P2", "step": "challenge", "card": "question-piege"},
    {"action": "challenge", "player": "P2", "die": 3},
    {"action": "turn", "player": "P2", "step": "cooperation", "card": "journal-club"},
    {"action": "turn", "player": "P2", "step": "cooperation", "card": "association-des-doctorants", "other": "P1"},
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "superviseur", "card": "relecture-dans-le-train"},
    {"action": "defend", "player": "P1", "die": 1, "arguments": ["donnees-solides"], "opposition": ["axe-tronque"]},
]

# What the table types at each prompt of `kit score play` for GAME: titles as people type
# them (no accents, a beginning), the dice, nothing else.
TERMINAL = [
    ("Whose turn is it?", ""),
    ("Live (the event card", "seminaire des doctorants"),
    ("Research (draw", "submit"),
    ("Live (the event card", "Question piège"), ("Die (", "3"), ("Modifiers laid (", ""),
    ("Research (1 of 2", "journal club"),
    ("Research (2 of 2", "association des doctorants"),    # for P1: the one other player, not asked
    ("Live (the event card", "relecture"),
    # the defence the approval started, asked through the question plan (its heading names P1)
    ("P1: Thesis defence", None), ("Die (1/2/3/4/5/6) or Enter: no thesis defence for now", "1"),
    ("Arguments laid", "DONNÉES SOLIDES"), ("Support laid", ""), ("Opposition laid", "axe tronqué"),
]


def new_session(path: Path) -> Path:
    sessions.create(path, "phd", PLAYERS, OPTIONS, DECK)
    return path


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def assert_every_entry_was_awaited(path: Path) -> None:
    session = sessions.load(path)
    state = rules.setup("phd", PLAYERS, OPTIONS, DECK)
    for entry in session.entries:
        awaited = rules.pending("phd", state) + rules.anytime("phd", state)
        assert answering(awaited, entry.action) is not None, (entry.line, entry.action, awaited)
        state = rules.module("phd").apply(state, entry.action)
    assert state == session.state
    assert state["players"]["P1"]["status"] == "doctor"
    assert {name: p["hand"] for name, p in state["players"].items()} == {"P1": 4, "P2": 3}


# -- the three ways ---------------------------------------------------------------------------

def by_terminal(path: Path) -> None:
    child = spawn_play(path)
    for prompt, answer in TERMINAL:
        child.expect_exact(prompt)
        if answer is not None:
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


def by_bots(path: Path, monkeypatch) -> None:
    class Recording(bots.Table):
        def act(self, action: dict) -> dict:
            sessions.append(path, action)
            return super().act(action)

    monkeypatch.setitem(bots.BOT_CLASSES, "scripted", ScriptedBot)
    monkeypatch.setattr(ScriptedBot, "script", [("submit",), ("play a card", 0), ("play a card", 0)])
    data = bots.from_deck(DECK)
    events = {card["id"]: card for card in data["events"]}
    arguments = {card["id"]: card for card in data["arguments"]}
    table = Recording(data, ["scripted", "scripted"], OPTIONS, Dice([3, 1]))
    table.decks["events"] = [events["relecture-dans-le-train"], events["question-piege"],
                             events["seminaire-des-doctorants"]]          # the top card last
    table.decks["arguments"] = [arguments["axe-tronque"]]
    table.hands = {"P1": {"events": [], "arguments": [arguments["donnees-solides"]]},
                   "P2": {"events": [events["journal-club"], events["association-des-doctorants"]], "arguments": []}}
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
PROMPT_AT = {2: 2, 5: 4, 7: 7, 9: 8}


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
        if answer is not None:
            child.sendline(answer)
    child.expect_exact("Game over: P1 wins.")
    child.expect(pexpect.EOF)
    assert [sessions.parse_json(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]] == GAME


# -- Coopérations at their moment, off their player's turn -------------------------------------

def drawn(page: str, action: dict) -> dict:
    """What the page's form for `action`'s decision sends when its player chooses `action`'s
    values: the value of each field it shows as hidden, the chosen one of each list."""
    sent = {"action": action["action"]}
    for form in page.split(f'data-action="{action["action"]}"')[1:]:
        form = form.split("</form>")[0]
        lists = dict(re.findall(r'<select data-field="([^"]+)"[^>]*>(.*?)</select>', form, re.S))
        fixed = dict(re.findall(r'<input type="hidden" data-field="([^"]+)" data-kind="text" value="([^"]*)">', form))
        if all(action.get(field) in re.findall(r'<option value="([^"]+)"', options) for field, options in lists.items()):
            return {**sent, **fixed, **{field: action[field] for field in lists}}
    raise AssertionError(f"no form of the page lets {action} be chosen")


AT_THEIR_MOMENT = [
    {"action": "turn", "player": "P1", "step": "start"},
    {"action": "turn", "player": "P1", "step": "vie", "card": "seminaire-des-doctorants"},
    {"action": "turn", "player": "P1", "step": "draw-events"},
    {"action": "turn", "player": "P2", "step": "start"},
    {"action": "cooperate", "player": "P1", "card": "journal-club"},
    {"action": "turn", "player": "P2", "step": "challenge", "card": "colloque-international"},
    {"action": "challenge", "player": "P2", "die": 1},
    {"action": "cooperate", "player": "P1", "card": "manip-a-quatre-mains"},
    {"action": "turn", "player": "P2", "step": "draw-argument"},
    {"action": "turn", "player": "P1", "step": "start"},
]
# At P2's Vivre prompt P1 types their name (the line before it offered P1's Journal club),
# then the card revealed; at P2's Recherche, P1 again, for Manip à quatre mains (the prompt
# then asks again for P2's own action). A title typed there would be P2's own card.
AT_THEIR_MOMENT_TERMINAL = [
    ("Whose turn is it?", ""),
    ("Live (the event card", "seminaire"),
    ("Research (draw", "draw"),
    ("Play a Cooperation: Journal club (P1), Pause café solidaire (P1/P2);", None),
    ("Live (the event card", "P1"), ("P1: Play a Cooperation? (Journal club/Pause café solidaire)", "journal club"),
    ("Live (the event card", "colloque international"), ("Die (", "1"), ("Modifiers laid (", ""),
    ("Manip à quatre mains (P1)", None),
    ("Research (draw", "p1"), ("P1: Play a Cooperation?", "manip a quatre mains"),
    ("Research (draw", "argument"),
    ("Live (the event card", "quit"),
]


def test_cooperations_at_their_moment_by_terminal_and_phones(tmp_path):
    """Journal club draws for P1 and for P2 whose turn begins; Manip à quatre mains takes back
    what P2's failure changed; every count of cards is the engine's."""
    expected = new_session(tmp_path / "expected.jsonl")
    for action in AT_THEIR_MOMENT:
        sessions.append(expected, action)
    terminal, phones = new_session(tmp_path / "terminal.jsonl"), new_session(tmp_path / "phones.jsonl")
    child = spawn_play(terminal)
    for prompt, answer in AT_THEIR_MOMENT_TERMINAL:
        child.expect_exact(prompt)
        if answer is not None:      # None: a line said, not a question
            child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    with TestClient(create_app(phones)) as client:
        tokens = client.app.state.table.tokens
        for action in AT_THEIR_MOMENT:
            seat = tokens["seats"][action["player"]]
            view = client.get(f"/api/seat/{seat}").json()
            assert answering(view["pending"] + view["anytime"], action) is not None, (action, view["anytime"])
            # a Coopération as the seat page's form sends it: its hidden fields too, where a field
            # offered one value (« other » in a 2-player game) went with every card
            sent = drawn(client.get(f"/seat/{seat}").text, action) if action["action"] == "cooperate" else action
            reply = client.post(f"/api/seat/{seat}/act", json=sent)
            assert reply.status_code == 200, reply.json()
    assert lines(terminal) == lines(expected)
    # the server writes the seat's player after the fields the page sent
    assert [json.loads(line) for line in lines(phones)] == [json.loads(line) for line in lines(expected)]
    state = sessions.load(expected).state
    assert {name: p["hand"] for name, p in state["players"].items()} == {"P1": 6, "P2": 7}
    assert (state["players"]["P2"]["pression"], state["players"]["P2"]["credit"]) == (4, 4)
    assert state["players"]["P1"]["credit"] == 4


def test_guided_play_passes_a_challenge_on_and_asks_whose_cards_were_laid(tmp_path):
    """La patate chaude typed at P1's die: P2 resolves the Challenge with P2's Crédit; the
    Argument laid is P1's (one answer says so), so it leaves P1's hand, not P2's."""
    path = new_session(tmp_path / "table.jsonl")
    child = spawn_play(path)
    for prompt, answer in [("Whose turn is it?", ""), ("Live (the event card", "colloque international"),
                           ("Die (", "la patate chaude"),    # P1 alone may play it, for P2 alone: neither asked
                           ("P2: Challenge", None),
                           ("Die (", "6"), ("Modifiers laid (", "données solides"),
                           ("Of these cards, how many were laid by – P1", "1"),
                           ("Research", "quit")]:
        child.expect_exact(prompt)
        if answer is not None:      # None: a line said, not a question
            child.sendline(answer)
    child.expect(pexpect.EOF)
    assert [sessions.parse_json(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]] == [
        {"action": "turn", "player": "P1", "step": "start"},
        {"action": "turn", "player": "P1", "step": "challenge", "card": "colloque-international"},
        {"action": "cooperate", "player": "P1", "card": "la-patate-chaude", "other": "P2"},
        {"action": "challenge", "player": "P2", "die": 6, "modifiers": ["donnees-solides"], "laid_by": {"P1": 1}},
    ]
    players = sessions.load(path).state["players"]
    assert (players["P1"]["pression"], players["P1"]["hand"]) == (3, 3)
    assert (players["P2"]["credit"], players["P2"]["hand"]) == (7, 5)


def test_guided_play_asks_who_laid_the_opposition_when_two_others_could(tmp_path):
    """Three players: the opposition to P1's controversy is P2's and P3's, said in one answer
    (a count above the cards laid is refused and asked again alone); each card leaves its
    player's hand."""
    path = tmp_path / "three.jsonl"
    sessions.create(path, "phd", [{"name": "P1"}, {"name": "P2"}, {"name": "P3"}], OPTIONS, DECK)
    before = [{"action": "adjust", "player": "P1", "pression": 2, "credit": 2},
              {"action": "turn", "player": "P1", "step": "start"}, {"action": "turn", "player": "P1", "step": "none"},
              {"action": "submit", "player": "P1"}]
    for name in ("P2", "P3"):
        before += [{"action": "turn", "player": name, "step": "start"},
                   {"action": "turn", "player": name, "step": "none"},
                   {"action": "turn", "player": name, "step": "draw-argument"}]
    for action in before + [{"action": "turn", "player": "P1", "step": "start"}]:
        sessions.append(path, action)
    child = spawn_play(path)
    # the question plan's words (kit/plan.py); a count above the cards laid is the rules' refusal,
    # after which only that question is asked again
    for prompt, answer in [("Live (the event card", "stylo rouge"),
                           ("Arguments laid or Enter: the card has done all it does:", "données solides"),
                           ("Support laid:", ""), ("Opposition laid:", "axe tronqué, -2"),
                           ("Of these cards, how many were laid by (P2=1, one pair per name", "P2=3"),
                           ("Only 2 cards laid here can come from the other players, not 3.", None),
                           ("Of these cards, how many were laid by", "p2=1, P3=1"),
                           ("Research", "quit")]:
        child.expect_exact(prompt)
        if answer is not None:
            child.sendline(answer)
    child.expect(pexpect.EOF)
    session = sessions.load(path)
    assert session.entries[-1].action == {"action": "controversy", "player": "P1", "arguments": ["donnees-solides"],
                                          "opposition": ["axe-tronque", -2], "laid_by": {"P2": 1, "P3": 1}}
    assert {name: p["hand"] for name, p in session.state["players"].items()} == {"P1": 4, "P2": 5, "P3": 5}


def test_show_and_the_table_page_give_the_counts_nobody_typed(tmp_path):
    from click.testing import CliRunner

    from kit.cli import cli

    path = new_session(tmp_path / "table.jsonl")
    for action in GAME[:8]:       # P2 has played Journal club (drawing one) and Association from the hand
        sessions.append(path, action)
    shown = CliRunner().invoke(cli, ["score", "show", str(path)], env={"LANG": "en_US.UTF-8"})
    assert "Cards in hand: P1 5, P2 4." in shown.output
    with TestClient(create_app(path)) as client:
        page = client.get("/?lang=en").text
    assert [page.count(f"<dt>Cards in hand</dt><dd>{n}</dd>") for n in (5, 4)] == [1, 1]
