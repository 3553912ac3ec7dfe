"""Issue 46: Amphithéâtre's guided play asks through the question plan (kit/plan.py), as the
phones do, and a debate takes only the answers a person alone can give: the speaker's move
(which one, whom, which card), the challenged player's answer, each other player's side, and
whether anyone accuses before the rules settle the debate. An accusation is offered at its
moment: through the question asked then, which takes the accuser's name too, or, where no
question is asked (the settlement), in one question Enter alone passes."""
from __future__ import annotations

import json
from pathlib import Path

from score_cli import lines, spawn_play

from scorekeeper import session as sessions

PLAYERS = ("Ana", "Ben", "Cléo", "Dan")

# What the table answers at each question of a debate, matched on the question's words (the
# older ones too, so the same walk measured the debate before and after issue 46): Ana states
# a hypothesis on the Cause card challenging Ben, Ben states another value, Cléo joins side A,
# Dan side B, and nobody accuses. SIDE: the joiner's side, the joiner named by the question
# (before) or by the heading above it (after, JOINER: said, not asked).
SIDE, JOINER = object(), object()
DEBATE_ANSWERS = [
    (r"\w+'s move: ", "hypothesis"),                                          # before
    (r"\w+: Hypothesis, scientific revolution or draw a card\? ", "hypothesis"),  # after
    (r"Whom does \w+ challenge\?", "Ben"),                                   # before
    (r"Challenged player \(", "Ben"),                                        # after
    (r"Category \(", "cause"),
    (r"Does anyone accuse\?", ""),
    (r"Does \w+ agree \(handshake\)", "debate"),                             # before
    (r"\w+: Agree \(handshake\) or state another answer \(debate\)\?", "debate"),   # after
    (r"(\w+)'s side: ", SIDE),                                               # before
    (r"\n(\w+): Take a side", JOINER),                                       # after
    (r"Side \(", SIDE),
]
SIDES = {"Cléo": "a", "Dan": "b"}


def new_session(path: Path) -> Path:
    sessions.create(path, "amphitheatre", [{"name": n} for n in PLAYERS], {})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    return path


def answers_in_a_debate(path: Path) -> int:
    """Play one debate in a terminal, from the speaker's move to the debate settled: the
    answers the table gives."""
    child = spawn_play(path)
    answers, joiner = 0, ""
    while True:
        index = child.expect([pattern for pattern, _answer in DEBATE_ANSWERS] + [r"\d+\. Debate: "])
        if index == len(DEBATE_ANSWERS):
            break
        answer = DEBATE_ANSWERS[index][1]
        if child.match.groups():
            joiner = child.match.group(1)
        if answer is JOINER:
            continue
        child.sendline(SIDES[joiner] if answer is SIDE else str(answer))
        answers += 1
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    return answers


def test_a_debate_takes_only_the_answers_a_person_alone_can_give(tmp_path: Path):
    """A debate of four players took 10 answers: besides the move's three, Ben's answer and
    the two sides, « Does anyone accuse? » before each of them and before the settlement.
    The accusation is now offered through the question asked at that moment, and in a
    question of its own only where none is asked (before the rules settle the debate): 7."""
    path = new_session(tmp_path / "debate.jsonl")
    assert answers_in_a_debate(path) == 7
    assert [line for line in lines(path) if line.get("action") == "debate"] == [
        {"action": "debate", "side_a": ["Ana", "Cléo"], "side_b": ["Ben", "Dan"]}]


def _answer(child, prompt: str, answer: str) -> str:
    """Answer the next prompt (which must be `prompt`); what the terminal showed before it."""
    child.expect_exact(prompt)
    shown = child.before
    child.sendline(answer)
    return shown


def test_an_accusation_is_offered_at_its_moment_and_enter_alone_passes_it(tmp_path: Path):
    path = new_session(tmp_path / "accused.jsonl")
    child = spawn_play(path)
    for prompt, typed in (("Ana: Hypothesis, scientific revolution or draw a card?", "hypothesis"),
                          ("Challenged player (", "Ben"), ("Category (", "cause")):
        _answer(child, prompt, typed)
    # Ana stated a value: anyone else may accuse her, at the question asked next
    shown = _answer(child, "Ben: Agree (handshake) or state another answer (debate)?", "debate")
    assert "Possible now: Accusation (Ben/Cléo/Dan); to do it, type your name at the question below." in shown
    # at Cléo's side, Dan accuses Ben, who stated the other value: no accusation question of its own
    shown = _answer(child, "Side (", "Dan")
    assert "Does anyone accuse?" not in shown
    assert "Side A: Ana. Side B: Ben." in shown         # what Cléo reads before choosing
    shown = _answer(child, "Accused (Ana/Ben)", "Ben")
    assert "Dan: Accusation" in shown
    _answer(child, "Does the accused's card match the hypothesis? (Yes: the card matches, the accusation fails/"
                   "No: the card differs, the accusation succeeds)", "no")
    _answer(child, "Side (", "a")                        # Cléo's side, asked again
    _answer(child, "Side (", "b")                        # Dan's
    # nobody is asked anything before the rules settle the debate: the accusation has its own question
    shown = _answer(child, "Does anyone accuse? Accuser's name (empty: nobody) (Ana/Ben/Cléo/Dan)", "")
    child.expect_exact("Ben: Hypothesis, scientific revolution or draw a card?")
    assert "Debate: Ana and Cléo against Ben and Dan (Ben discounted)." in child.before
    child.sendline("quit")
    child.expect("resumes")
    child.close()
    actions = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert [a["action"] for a in actions] == ["turn", "hypothesis", "counter", "accuse", "join", "join", "debate",
                                              "turn"]
    assert actions[3] == {"action": "accuse", "accuser": "Dan", "accused": "Ben", "truthful": False}
