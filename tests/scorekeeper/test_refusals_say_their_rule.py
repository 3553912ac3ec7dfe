"""Issue 32: every refusal says the rule it applies, in one sentence, in French and in
English; a field is named in the reader's words (its declared label), the JSON key only in
code quotes where JSON was typed (`kit score act`).

The refusals walked: every refused step of the conformance scenarios (ours and the shared
ones), the refusals met by answers made wrong one field at a time from states reached by
play (the fuzz of test_any_input.py), and for every action of every game each needed field
left out and an unknown one added.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from score_cli import scenario_files
from test_any_input import GAMES, line, reached, seats
from yaml_files import yaml_file

from kit import i18n
from scorekeeper import rules
from scorekeeper.errors import Inline, RuleViolation

# Words that refuse without saying why: a sentence made of them says no rule.
BARE = {"en": re.compile(r"\b(not allowed|invalid|refused|forbidden|not permitted|illegal|not valid|wrong)\b", re.I),
        "fr": re.compile(r"\b(interdite?s?|invalides?|refusée?s?|non autorisée?s?|non valides?|pas permise?s?)\b",
                         re.I)}
# The words of JSON and of the engine's field names, never in a sentence for the table.
FIELD_WORDS = {"en": re.compile(r"\bfields?\b"), "fr": re.compile(r"\bchamps?\b|\bfield\b|\btiebreak\b")}


def said(refusal: RuleViolation, lang: str, reveal: bool = True) -> str:
    """The sentence, its typographic spaces and apostrophes made plain for reading here."""
    return plain(i18n.translator(lang).refusal(refusal, reveal=reveal))


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ").replace("’", "'").replace("« ", "«").replace(" »", "»")


def prose(sentence: str) -> str:
    """The sentence without what it quotes as typed (`code`)."""
    return re.sub(r"`[^`]*`", "", sentence)


def check_says_a_rule(refusal: RuleViolation, where: str) -> None:
    for lang in ("en", "fr"):
        for reveal in (True, False):
            sentence = said(refusal, lang, reveal)
            assert sentence.rstrip().endswith((".", "?", "!")), (where, sentence)
            assert len(sentence.split()) >= 4, (where, sentence)
            assert not BARE[lang].search(prose(sentence)), (where, sentence)
            assert not FIELD_WORDS[lang].search(prose(sentence)), (where, sentence)
            if refusal.field:       # a key is said in code quotes, never as a quoted word
                assert f"'{refusal.field}'" not in sentence, (where, sentence)


def scenario_refusals() -> Iterator[tuple[str, RuleViolation]]:
    for path in scenario_files():
        scenario = yaml_file(path)
        rules_of = rules.module(scenario["game"])
        try:
            state = rules_of.setup(scenario["players"], scenario.get("options") or {})
        except RuleViolation as refusal:
            yield f"{path.name}: new", refusal
            continue
        for number, step in enumerate(scenario.get("steps") or [], 1):
            try:
                after = rules_of.apply(state, step["act"])
            except RuleViolation as refusal:
                yield f"{path.parent.name}/{path.name} step {number}", refusal
                continue
            state = after


def fuzz_refusals(game: str) -> Iterator[tuple[str, RuleViolation]]:
    rng = random.Random(32)
    rules_of = rules.module(game)
    for state in reached(game, 32, 80)[::4]:
        for _ in range(12):
            action = line(game, state, rng)
            try:
                rules_of.apply(state, action)
            except RuleViolation as refusal:
                yield f"{game}: {action!r}"[:300], refusal


def test_the_scenarios_refusals_say_their_rule():
    walked = list(scenario_refusals())
    assert len(walked) > 50
    for where, refusal in walked:
        check_says_a_rule(refusal, where)


@pytest.mark.parametrize("game", GAMES)
def test_the_fuzzed_answers_refusals_say_their_rule(game):
    walked = list(fuzz_refusals(game))
    assert len({r.message for _, r in walked}) > 3
    for where, refusal in walked:
        check_says_a_rule(refusal, where)


def declared_actions(game: str) -> Iterator[tuple[str, dict, dict]]:
    """(action name, its fields' kinds, a state) for every action a game declares."""
    state = rules.module(game).setup(seats(game), {})
    for name, act in rules.module(game).FIELDS.actions.items():
        yield name, dict(act.fields), state


def _filled(state: dict, kinds: dict) -> dict:
    """A value of each field's kind, enough for the check to reach the one left out."""
    return {key: list(state["players"])[0] if kind.choice(state) == list(state["players"]) else 1
            for key, kind in kinds.items()}


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_field_is_named_by_its_label_never_by_its_key(game):
    named = 0
    for name, kinds, state in declared_actions(game):
        for key, kind in kinds.items():
            if not kind.needed:
                continue
            before = list(kinds)[:list(kinds).index(key)]
            action = {"action": name, **{k: v for k, v in _filled(state, kinds).items() if k in before}}
            with pytest.raises(RuleViolation) as caught:
                rules.module(game).apply(state, action)
            refusal = caught.value
            if refusal.message != "This entry lacks {what}, which the rules need here.":
                continue        # an earlier field filled with the wrong kind: refused for that
            assert refusal.field == key
            named += 1
            what = refusal.params["what"]
            assert isinstance(what, Inline)
            for lang in ("en", "fr"):
                words = i18n.translator(lang)
                sentence = said(refusal, lang)
                assert plain(what.render(words.gettext, words.ngettext, words.join)) in sentence
                assert f"`{key}`" not in sentence
                assert f"'{key}'" not in sentence
                assert not FIELD_WORDS[lang].search(prose(sentence)), sentence
    assert named >= 3


def test_the_missing_field_reads_as_the_forms_ask_it():
    ana = rules.module("promotion").setup([{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}], {})
    with pytest.raises(RuleViolation) as caught:
        rules.module("promotion").apply(ana, {"action": "gain", "player": "Ana"})
    assert str(caught.value) == "This entry lacks Ana's PI gain, which the rules need here."
    assert said(caught.value, "fr").startswith("Il manque à cette entrée : ")
    amph = rules.module("amphitheatre").setup([{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}], {})
    with pytest.raises(RuleViolation) as caught:
        rules.module("amphitheatre").apply(amph, {"action": "accuse", "accuser": "Ana", "accused": "Ben"})
    assert str(caught.value) == ("This entry lacks whether the accused's card matches the hypothesis, which the "
                                 "rules need here.")


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_field_is_the_json_typed_in_code_quotes(game):
    for name, kinds, state in declared_actions(game):
        action = {"action": name, **_filled(state, kinds), "zzz": 1}
        with pytest.raises(RuleViolation) as caught:
            rules.module(game).apply(state, action)
        refusal = caught.value
        assert refusal.field == "zzz"
        for lang in ("en", "fr"):
            sentence = said(refusal, lang)
            assert "`zzz`" in sentence
            assert f"`{name}`" in sentence
            assert all(f"`{key}`" in sentence for key in kinds)
            assert not FIELD_WORDS[lang].search(prose(sentence)), sentence


def test_act_names_the_json_key_it_refused_after_the_sentence(kit, new_session, tmp_path: Path):
    path = new_session("amphitheatre", players=("Ana", "Ben", "Cléo"))
    result = kit("score", "act", path, '{"action": "accuse", "accuser": "Ana", "accused": "Ben", "truthful": "yes"}')
    assert result.exit_code == 2
    assert ("Whether the accused's card matches the hypothesis must be true or false, not 'yes'. "
            "(In the JSON: `truthful`.)") in result.output
    french = kit("score", "act", path, '{"action": "accuse", "accuser": "Ana", "accused": "Ben"}', "--lang", "fr")
    assert "Il manque à cette entrée : la réponse à «la carte" in plain(french.output)
    assert "(Dans le JSON : `truthful`.)" in plain(french.output)


# -- a refusal about one field names it (guided play asks that question again) ----------------

def _refused_field(rules_of, state: dict, *actions: dict) -> str | None:
    *before, refused_one = actions
    for action in before:
        state = rules_of.apply(state, action)
    with pytest.raises(RuleViolation) as caught:
        rules_of.apply(state, refused_one)
    return caught.value.field


def _turn(player: str, step: str, **fields) -> dict:
    return {"action": "turn", "player": player, "step": step, **fields}


def test_a_refusal_about_one_field_names_that_field():
    from kit.build import default_layouts
    from kit.games.phd import layout as phd_layout
    from kit.games.promotion import layout as promotion_layout
    from scorekeeper.rules import amphitheatre, hoc_censeo, phd, promotion

    office = promotion.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {},
                             deck=promotion_layout.deck(default_layouts()))
    ana = [_turn("Ana", "start"), _turn("Ana", "draw")]
    assert _refused_field(promotion, office, {"action": "steal", "thief": "Ana", "victim": "Ana", "amount": 1}) == "victim"
    assert _refused_field(promotion, office | {"reshuffles": 2}, {"action": "deck_empty"}) == "hands"
    assert _refused_field(promotion, office, _turn("Ana", "start"), _turn("Ana", "burnout")) == "step"
    assert _refused_field(promotion, office, *ana, _turn("Ana", "play", card="flatterie"),
                          _turn("Ana", "resolve"), _turn("Ana", "play", card="flatterie")) == "card"
    assert _refused_field(promotion, office, *ana, _turn("Ana", "play", card="accusation", target="Ana")) == "target"
    assert _refused_field(promotion, office, *ana, _turn("Ana", "play", card="serveur-en-panne")) == "card"

    senate = hoc_censeo.setup([{"name": n, "role": r} for n, r in (("Ana", "titienses"), ("Ben", "ramnes"),
                                                                  ("Cléo", "luceres"))], {})
    vote = {"action": "vote", "pour": {"Ana": 5}, "contre": {"Ben": 5}}
    assert _refused_field(hoc_censeo, senate, vote) == "tiebreak"
    assert _refused_field(hoc_censeo, senate, {**vote, "pour": {"Ana": 6}}) == "colour"
    assert _refused_field(hoc_censeo, senate, {"action": "vote", "pour": {"Ana": 5, "Ben": 5}, "colour": "bleu"}) \
        == "order"
    rich = senate | {"players": {**senate["players"], "Ana": {**senate["players"]["Ana"], "gold": 2}}}
    assert _refused_field(hoc_censeo, rich, {"action": "buy_senators", "player": "Ana", "gold": 3}) == "gold"

    theatre = amphitheatre.setup([{"name": n} for n in ("Ana", "Ben", "Cléo")], {})
    assert _refused_field(amphitheatre, theatre, {"action": "handshake", "speaker": "Ana", "target": "Ana"}) \
        == "target"
    assert _refused_field(amphitheatre, theatre, {"action": "accuse", "accuser": "Ana", "accused": "Ana",
                                                  "truthful": True}) == "accused"
    assert _refused_field(amphitheatre, theatre, {"action": "debate", "side_a": ["Ana"], "side_b": ["Ana"]}) \
        == "side_b"

    thesis = phd.setup([{"name": "Ana"}, {"name": "Ben"}], {}, deck=phd_layout.deck(default_layouts()))
    challenge = {"action": "challenge", "player": "Ana", "die": 3, "card": "colloque-international"}
    assert _refused_field(phd, thesis, {**challenge, "modifiers": ["citer-le-jury"]}) == "modifiers"
    assert _refused_field(phd, thesis, {**challenge, "modifiers": ["pas une carte"]}) == "modifiers"
    assert _refused_field(phd, thesis, {**challenge, "difficulty": 3}) == "difficulty"
    assert _refused_field(phd, thesis, {"action": "challenge", "player": "Ana", "die": 3, "resource": "credit",
                                        "difficulty": -1}) == "difficulty"
