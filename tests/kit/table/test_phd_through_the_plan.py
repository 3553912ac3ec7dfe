"""Issue 46: PHD's guided play walks the question plan (kit/plan.py) through kit/table/'s
generic rendering, where it had its own questions: a card typed by its printed title among
those the step offers, the Coopérations offered at their moment, and no more answers than
the own questions took (measured on scripted turns: 15 answers before, 15 after). A
controversy the card opened and the thesis defence an approval started are asked through the
plan too, their first question also taking the words of what asks nothing beside them
(« the card has done all it does », « no thesis defence for now »): one answer, where the own
questions took one (Enter at the Arguments) and two (the die, then Enter)."""
from __future__ import annotations

from pathlib import Path

import pytest
from score_cli import REPO, lines

from kit import plan
from kit.games.phd import layout
from scorekeeper import rules
from scorekeeper import session as sessions

# Ana meets a Challenge card with a card laid and takes her two Recherches; at Ben's turn Ana
# plays Journal club at its moment (by her name, then the card); Ben's Superviseur card's die
# opens a controversy (asked through the plan: its Arguments, support, opposition), then Ben's
# Recherche.
TURNS = ["",                                   # whose turn: Ana (the default)
         "colloque", "6", "donnees solides",   # the Challenge card by its title, the die, a card laid
         "",                                   # none of it laid by Ben
         "draw", "argument",                   # two Recherches, the Challenge won
         "Ana", "journal",                     # Ana plays Journal club at Ben's first question
         "co-encadrants", "2",                 # Ben's Superviseur card and its die: a controversy
         "citer le jury", "", "axe tronque",   # arguments, support, opposition
         "draw"]                               # Ben's Recherche
WRITTEN = [
    {"action": "turn", "player": "Ana", "step": "start"},
    {"action": "turn", "player": "Ana", "step": "challenge", "card": "colloque-international"},
    {"action": "challenge", "player": "Ana", "die": 6, "modifiers": ["donnees-solides"]},
    {"action": "turn", "player": "Ana", "step": "draw-events"},
    {"action": "turn", "player": "Ana", "step": "draw-argument"},
    {"action": "turn", "player": "Ben", "step": "start"},
    {"action": "cooperate", "player": "Ana", "card": "journal-club"},
    {"action": "turn", "player": "Ben", "step": "superviseur", "card": "co-encadrants-en-desaccord", "die": 2},
    {"action": "controversy", "player": "Ben", "arguments": ["citer-le-jury"], "opposition": ["axe-tronque"]},
    {"action": "turn", "player": "Ben", "step": "draw-events"},
    {"action": "turn", "player": "Ana", "step": "start"},
]


def _session(kit, tmp_path: Path) -> Path:
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben"]).exit_code == 0
    assert kit("score", "adjust", path, "Ben", "--pression", "+2", "--credit", "+2").exit_code == 0
    assert kit("score", "submit", path, "Ben").exit_code == 0
    return path


def test_scripted_turns_take_fifteen_answers_as_the_own_questions_did(kit, tmp_path: Path):
    path = _session(kit, tmp_path)
    result = kit("score", "play", path, input="\n".join(TURNS) + "\n")
    assert result.exit_code == 130, result.output          # the input ends at Ana's next Vivre
    assert len(TURNS) == 15
    assert lines(path)[3:] == WRITTEN
    assert result.output.splitlines()[-1].startswith("Ana: Live (the event card turned over)?")
    assert "Possible now: Play a Cooperation: Journal club (Ana), Pause café solidaire (Ana/Ben)" in result.output


def test_a_recherche_offers_only_what_the_rules_allow(kit, tmp_path: Path):
    """The own question offered « submit » to a player who could not pay for a chapter; the
    plan offers it only where the rules would take it, and says their reason when typed."""
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben"]).exit_code == 0
    result = kit("score", "play", path, input="\n".join(["", "aucune", "submit", "draw"]) + "\n")
    ana = next(line for line in result.output.splitlines() if line.startswith("Ana: Research"))
    assert "Submit a chapter" not in ana
    assert "Ana has 4 Pressure and 4 Credit; submitting a chapter needs at least 5 of each." in result.output
    assert kit("score", "adjust", path, "Ben", "--pression", "+2", "--credit", "+2").exit_code == 0
    result = kit("score", "play", path, input="\n".join(["aucune", "submit"]) + "\n")
    assert "or submit a chapter? (" in result.output
    assert lines(path)[-2:] == [{"action": "submit", "player": "Ben"}, {"action": "turn", "player": "Ana", "step": "start"}]


def test_the_cards_of_a_step_are_typed_by_their_titles_in_french(kit, tmp_path: Path):
    path = _session(kit, tmp_path)
    result = kit("score", "play", path, "--lang", "fr", input="\n".join(["", "date limite", "3", "p = 0,051"]) + "\n")
    said = result.output.replace("\u00a0", " ").replace("\u202f", " ")
    assert "Ana : Vivre (la carte Événement retournée) ?" in said
    assert "Dé (1/2/3/4/5/6) :" in said
    # an Argument printed with a comma in its title, read whole; Ben laid none of it (Enter)
    assert "Combien d’entre elles ont été posées par – Ben :" in said
    assert lines(path)[-1] == {"action": "turn", "player": "Ana", "step": "challenge", "card": "date-limite-a-minuit"}


def test_the_walk_asks_who_laid_the_cards_only_once_some_are_laid(tmp_path: Path):
    """A phone's walk (and guided play's) asked how many of the cards laid each other player
    laid when no card was laid at all; the rules now say it is asked only then."""
    path = tmp_path / "phd.jsonl"
    sessions.create(path, "phd", [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}], {}, layout.deck(REPO / "layouts"))
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "turn", "player": "Ana", "step": "challenge", "card": "colloque-international"}):
        sessions.append(path, action)
    state = sessions.load(path).state
    decision = next(d for d in rules.pending("phd", state) if d["action"] == "challenge")
    asked: list[str] = []

    def given(answers: dict) -> object:
        def answer(step: plan.Step) -> object:
            asked.append(step.spec.field)
            return answers.get(step.spec.field, plan.UNANSWERED)
        return answer
    _form, done, step = plan.walk("phd", state, decision, state, "Ana", given({"die": 4, "modifiers": []}))
    assert step is None
    assert "laid_by" not in asked
    asked.clear()
    _form, done, step = plan.walk("phd", state, decision, state, "Ana", given({"die": 4, "modifiers": ["donnees-solides"]}))
    assert step is not None
    assert step.spec.field == "laid_by"


def test_who_laid_the_cards_is_one_line_with_three_players(kit, tmp_path: Path):
    """The own question took « Ben=1 » on one line; the plan's group, a question per other
    player, would have taken one answer more each: the counts are one line again."""
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben", "Cléo"]).exit_code == 0
    result = kit("score", "play", path, input="\n".join(["", "date limite", "4", "solid data, 2", "ben=1"]) + "\n")
    assert "Of these cards, how many were laid by (Ben=1, one pair per name; empty: none)" in result.output
    assert "– Cléo" not in result.output
    assert lines(path)[-1] == {"action": "challenge", "player": "Ana", "die": 4, "modifiers": ["donnees-solides", 2],
                               "laid_by": {"Ben": 1}}


def test_a_player_s_name_is_never_the_beginning_of_a_card_s_title(kit, tmp_path: Path):
    """« Ana » begins « Analyse de sensibilité »: typed at the cards laid on Ana's Challenge,
    it is Ana playing a Coopération at its moment, not that Argument laid."""
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben"]).exit_code == 0
    result = kit("score", "play", path, input="\n".join(["", "colloque", "6", "Ana", "hot potato"]) + "\n")
    assert "Ana: Play a Cooperation — The other player: Ben" in result.output
    assert lines(path)[-1] == {"action": "cooperate", "player": "Ana", "card": "la-patate-chaude", "other": "Ben"}


@pytest.mark.parametrize("let_go", ["done", ""])
def test_a_controversy_the_card_opened_is_let_go_in_one_answer(kit, tmp_path: Path, let_go: str):
    """« done » typed at the controversy's first question is the card having done all it
    does, and so is Enter alone there (no Arguments: the rules would refuse the controversy),
    as it was at the own question: one answer, not a choice and then nothing."""
    path = _session(kit, tmp_path)
    turns = [*TURNS[:11], let_go, "draw"]
    result = kit("score", "play", path, input="\n".join(turns) + "\n")
    assert result.exit_code == 130, result.output
    assert "Arguments laid or Enter: the card has done all it does:" in result.output
    assert "Controversy or the card has done all it does?" not in result.output
    assert lines(path)[3:][-3:] == [{"action": "turn", "player": "Ben", "step": "done"},
                                    {"action": "turn", "player": "Ben", "step": "draw-events"},
                                    {"action": "turn", "player": "Ana", "step": "start"}]


def _defence(kit, tmp_path: Path) -> Path:
    """A session with the deck where Ana's approval has just started her thesis defence."""
    path = tmp_path / "phd.jsonl"
    assert kit.new(path, "phd", ["Ana", "Ben"], ["chapters=1"]).exit_code == 0
    assert kit("score", "adjust", path, "Ana", "--pression", "+1", "--credit", "+1").exit_code == 0
    assert kit("score", "submit", path, "Ana").exit_code == 0
    for step in ("start", "superviseur"):
        assert kit("score", "act", path, f'{{"action": "turn", "player": "Ana", "step": "{step}"}}').exit_code == 0
    assert kit("score", "approve", path, "Ana").exit_code == 0
    return path


@pytest.mark.parametrize("typed", [["no"], ["3", ""]])
def test_no_thesis_defence_for_now_is_one_answer(kit, tmp_path: Path, typed: list[str]):
    """Ana holds no Argument card: « no » at the defence's first question (the die) lets it
    wait, where the own questions asked the die and then the Arguments (two answers, which
    still do: Enter alone at the Arguments the rules need)."""
    path = _defence(kit, tmp_path)
    result = kit("score", "play", path, input="\n".join(typed) + "\n")
    assert result.exit_code == 130, result.output
    assert "\nAna: Thesis defence\n" in result.output
    assert lines(path)[-1] == {"action": "turn", "player": "Ana", "step": "no-defence"}
    assert result.output.splitlines()[-1].startswith("Ana: Research")


def test_a_thesis_defence_takes_four_answers_as_the_own_questions_did(kit, tmp_path: Path):
    path = _defence(kit, tmp_path)
    result = kit("score", "play", path, "--lang", "fr", input="\n".join(["5", "citer le jury", "", ""]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Dé (1/2/3/4/5/6) ou Entrée : pas de soutenance pour l’instant :" in result.output.replace("\u00a0", " ")
    assert lines(path)[-1] == {"action": "defend", "player": "Ana", "die": 5, "arguments": ["citer-le-jury"]}
