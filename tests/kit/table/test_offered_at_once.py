"""Issue 46: where the rules offer one player several decisions at once, guided play's plain
questions (kit.table.next_entry, for any game without its own `ask`) first ask which one, in
the words of their titles (the faces' action_labels, as a phone's seat screen offers them),
then walk that decision's question plan. A game with its own `ask` answers the decision
`choose_decision` picks, as before."""
from __future__ import annotations

import dataclasses

from click.testing import CliRunner

from kit import faces, table
from scorekeeper import rules
from scorekeeper.rules import amphitheatre as amph

NAMES = ("Ana", "Ben", "Cléo")


def turn_begun(*actions: dict) -> dict:
    """Amphithéâtre with Ana's turn begun (and `actions` after it): the rules offer her a
    hypothesis, a scientific revolution or a draw at once."""
    state = amph.setup([{"name": n} for n in NAMES], {})
    for action in ({"action": "turn", "player": "Ana", "step": "start"}, *actions):
        state = amph.apply(state, action)
    return state


def played(state: dict, typed: str, words: faces.Faces | None = None) -> tuple[dict, dict, str]:
    """The decision guided play answered, its action and what the terminal showed."""
    with CliRunner().isolation(input=typed) as (out, err, _):
        answered, action = table.next_entry(words or faces.of("amphitheatre"), rules.pending("amphitheatre", state),
                                            state, [])
        return answered, action, out.getvalue().decode() + err.getvalue().decode()


def test_which_decision_comes_first_is_asked_in_their_titles_then_its_plan():
    answered, action, shown = played(turn_begun(), "draw a card\nanatomie\n")
    assert "Ana: Hypothesis, scientific revolution or draw a card? (hypothesis/revolution/draw)" in shown
    assert answered["action"] == "draw"
    assert action == {"action": "draw", "player": "Ana", "category": "anatomie"}
    assert "Category (Affliction/Anatomy/Cause)" in shown     # the English kit's deck, typed in French
    assert "Challenged player" not in shown        # the hypothesis's own question: not this decision's


def test_a_choice_that_leaves_nothing_open_sends_its_decision_at_once():
    """Ben's answer to Ana's hypothesis: the handshake names Ana and Ben, both settled."""
    state = turn_begun({"action": "hypothesis", "speaker": "Ana", "target": "Ben", "category": "cause"})
    answered, action, shown = played(state, "poignée de main\n")
    assert action == {"action": "handshake", "speaker": "Ana", "target": "Ben"}
    assert shown.count("?") == 1, shown          # the one question: which answer
    _answered, action, _shown = played(state, "debate\n")
    assert action == {"action": "counter", "player": "Ben"}


def test_any_game_without_its_own_words_for_them_is_offered_the_titles(monkeypatch):
    """The choice is the plain questions', not Amphithéâtre's: a game without words to type
    for its actions (`answers`) shows and takes their titles."""
    plain = dataclasses.replace(faces.of("amphitheatre"), answers={})
    monkeypatch.setattr(faces, "of", lambda game: plain)
    _answered, action, shown = played(turn_begun(), "scientific\ncause\n", plain)
    assert "(Hypothesis/Scientific revolution/Draw a card)" in shown
    assert action == {"action": "revolution", "player": "Ana", "category": "cause"}
