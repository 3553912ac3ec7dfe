"""Issue 32's « Words seen at the table », in French as the table read them, each one
mended. The others of the list have their tests beside the code they mended:
tests/kit/test_neutral_french.py (« La carte de Hélène », « s'accuser soi-même », « Qui
Gaston interpelle ? », « docteur (gagné) »), tests/kit/table/test_phd_cli.py (the number
refused, in English) and test_promotion_cli.py (the rule that keeps a card out of the turn),
tests/scorekeeper/test_refusals_say_their_rule.py (« champ », a bare refusal, in every
refusal walked)."""
from __future__ import annotations

import pytest
from score_cli import lines

from kit import i18n
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import amphitheatre as amph
from scorekeeper.rules import hoc_censeo as hc
from scorekeeper.rules import promotion as promo

FR = i18n.translator("fr")


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ").replace("’", "'")


def french(message) -> str:
    return plain(message.render(FR.gettext, FR.ngettext, FR.join))


def test_a_debates_winner_count_comes_first_in_french():
    """« Le camp B l'emporte, 1 contre 2 »."""
    state = amph.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {})
    action = {"action": "debate", "side_a": ["Ana"], "side_b": ["Ben", "Cléo"]}
    told = french(amph.outcome(state, amph.apply(state, action), action)[0].public)
    assert "2 contre 1" in told
    assert "1 contre 2" not in told


def test_a_majoritys_gain_holds_its_banked_doubt_in_one_french_sentence():
    """« Hélène gagne 4 sièges avec la majorité », then « fait monter 1 jeton de sa zone de
    doute », read as 5 where the 4 included it."""
    state = amph.setup([{"name": n} for n in ("Hélène", "Ben", "Cléo")], {})
    state = amph.apply(state, {"action": "accuse", "accuser": "Hélène", "accused": "Ben", "truthful": False})
    state["players"]["Hélène"] = {**state["players"]["Hélène"], "doubt": 1}
    action = {"action": "debate", "side_a": ["Hélène", "Cléo"], "side_b": ["Ben"]}
    told = [french(event.public) for event in amph.outcome(state, amph.apply(state, action), action)]
    hers = [sentence for sentence in told if sentence.startswith("Hélène")]
    assert len(hers) == 1, told
    assert "majorité" in hers[0]
    assert "doute" in hers[0]
    assert not any("fait monter" in sentence for sentence in told)


def test_the_accusations_options_are_said_in_french(kit, new_session):
    """« --truthful ou --lying »: the options named, and what each means in French."""
    path = new_session("amphitheatre", players=("Ana", "Ben", "Cléo"))
    said = plain(kit("score", "accuse", path, "Ana", "Ben", "--lang", "fr").output)
    assert "--truthful si elle correspondait, --lying sinon" in said
    assert "--truthful ou --lying" not in said


def test_the_closing_tie_asks_the_hands_in_french_words():
    """« champ hands »."""
    closing = promo.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {}) | {"reshuffles": 2}
    with pytest.raises(RuleViolation) as caught:
        promo.apply(closing, {"action": "deck_empty"})
    said = plain(FR.refusal(caught.value))
    assert "champ" not in said
    assert "hands" not in said
    assert "le plus de cartes en main départage" in said
    assert caught.value.field == "hands"


def test_the_magistrates_tie_break_is_asked_in_french_words():
    """« tiebreak 'pour' »."""
    state = hc.setup([{"name": n, "role": r} for n, r in (("Ana", "titienses"), ("Ben", "ramnes"),
                                                          ("Cléo", "luceres"))], {})
    with pytest.raises(RuleViolation) as caught:
        hc.apply(state, {"action": "vote", "pour": {"Ana": 5}, "contre": {"Ben": 5}})
    said = plain(FR.refusal(caught.value))
    assert "tiebreak" not in said
    assert "'pour'" not in said
    assert "POUR ou CONTRE" in said


def test_phds_opposition_typed_as_printed_is_taken_and_the_step_kept(kit, new_session):
    """« PHD's opposition typed as printed (-3) is refused and the whole step is lost »."""
    path = new_session("phd", "chapters=1", players=("Ana", "Ben"))
    script = ["", "vie", "6", "6", "submit",                          # Ana submits a chapter
              "challenge", "credit", "9", "", "", "", "3",             # Ben's challenge, lost
              "draw",
              "superviseur", "", "", "approve", "4", "2", "", "-3"]    # opposition as printed: -3
    result = kit("score", "play", path, input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    defence = next(line for line in lines(path) if line.get("action") == "defend")
    assert defence["opposition"] == [-3]
    assert "Game over: Ana wins." in result.output


def test_a_number_refused_in_french_names_its_question_and_what_to_type(kit, new_session):
    """« Ce n'est pas un nombre entier. » named neither the field nor what to type."""
    path = new_session("phd", players=("Ana", "Ben"))
    result = kit("score", "play", path, "--lang", "fr", input="\n".join(["", "vie", "abc"]) + "\n")
    refusal = next(plain(line) for line in result.output.splitlines() if "nombre entier" in line)
    assert "Pression" in refusal
    assert refusal.rstrip().endswith(": tapez un nombre entier, comme 3 ou -2.")
    assert "abc" not in refusal
