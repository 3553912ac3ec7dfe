"""One decision asked in the terminal: its question plan walked one question at a time
(`ask_plan`, kit.plan.walk as a phone asks it), each answer narrowing the next, and what
each question takes besides its own answers, read off the plan and the game's faces for
any game: the value Enter answers (the faces' `defaults`), a card typed by its printed
title, a card of a later field typed at the question before it (the field its value asks),
the rules' own refusal of a value they do not offer, numbers that share one bound typed in
one answer.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

import click

from kit import faces, i18n
from kit.errors import KitError
from kit.faces import View
from kit.i18n import _
from kit.table import guiding
from kit.table.cards import all_in_deck, ask_card, card_titles, deck_of, typed_deck_card
from kit.table.parsing import label, match_word, whole_number
from kit.table.prompts import ask, ask_number, ask_player
from kit.table.questions import ask_counts, ask_question, asks, counts_on_one_line
from kit.table.showing import as_alternatives, said
from scorekeeper import rules
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import Decision, GameState, Line

if TYPE_CHECKING:
    from kit import plan


def title_of(decision: Decision, state: GameState) -> str:
    """A decision's title in the reader's language, as a phone's screen heads it: the game's
    own for it now (its faces' `title`: « Who begins? »), else its plan's."""
    from kit import plan  # the question plan: imported where a question is asked
    words = faces.of(state["game"])
    # a title may read every step the rules offer (faces.by_turn_steps): a whole state lists none
    seen = cast(View, state) if "pending" in state else {**state, "pending": rules.pending(state["game"], state)}
    own = words.title(seen, decision["action"], decision["player"]) if words.title is not None else None
    return said(own if own is not None else
                plan.form_of(state["game"], decision, cast(View, state), decision["player"]).title)


def say_facts(words: faces.Faces, decisions: list[Decision], state: GameState) -> None:
    """What the decider reads before answering (the game's `decision_facts`: the sides so
    far), each once."""
    if words.decision_facts is None:
        return
    for fact in dict.fromkeys(said(f) for d in decisions for f in words.decision_facts(state, d)):
        click.echo("  " + fact)


def ask_plan(decision: Decision, state: GameState, *, headed: bool = False, current: str | None = None,
             first: object = None, each_asked: Callable[[plan.Step, Callable[[], object]], object] | None = None
             ) -> Line:
    """The action answering `decision`: its question plan walked one question at a time
    (kit.plan.walk, as a phone asks it), each answer narrowing what the next offers; a field
    the rules leave one value is not asked. Before the first question, whose decision it is,
    what the rules settled in it (whom an accusation names) and what its decider reads
    first, unless a question said it already (`headed`). Each question takes what
    `ask_plan_step` adds (Enter naming `current` where it names a player, for one). `first`:
    the answer of its first question, given already (a card typed where the decision was
    chosen: `ask_among`). `each_asked(step, ask)`: each question asked through it, which
    may take more than the question does (`ask_or_nothing`: the decisions offered beside it)."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    who = decision["player"]
    why = _refusal(decision, state)
    shared = words.budgets.get(decision["action"], ())
    typed: dict[str, object] = {}     # the numbers sharing one bound, typed in one answer
    ahead: dict[str, object] = {}
    given_first = [first] if first is not None else []
    counted: tuple[str, dict[str, int]] | None = None     # a group's counts typed on one line

    def given(step: plan.Step) -> object:
        if each_asked is None or not asks(step):
            return asked_step(step)
        return each_asked(step, lambda: asked_step(step))

    def asked_step(step: plan.Step) -> object:
        nonlocal headed, counted
        if given_first and asks(step):
            return given_first.pop()
        # a step asked again after a refusal was headed already: its refused question follows the rule's words
        if asks(step) and not headed and not (guiding._guide is not None and guiding._guide.kept):
            click.echo("\n" + _heading(decision, state))
            say_facts(words, [decision], state)
        headed = headed or asks(step)
        if step.key is None and step.spec.field in shared:
            if step.spec.field not in typed:
                typed.update(ask_shared_bound(decision, state, form_asked, step.done))
            return typed[step.spec.field]
        if counted is not None and step.key is not None and step.spec.field == counted[0]:
            return counted[1].get(step.key)
        if step.key is not None and not decision["secret"] and counts_on_one_line(step):
            counted = (step.spec.field, ask_counts(step))
            return counted[1].get(step.key)
        return ask_plan_step(step, decision, state, words=words, refusal=why, ahead=ahead, current=current)
    # A secret decision is asked on the shared screen as the others may see it: its fields,
    # not its bounds nor its choices (which could tell a tribe); the rules check the answer
    # against the whole state, and refuse it in words that keep the secret.
    asked, view, seat = ((cast(Decision, {**decision, "choices": {}}), rules.view(game, state), None)
                         if decision["secret"] else (decision, cast(View, state), who))
    form_asked = plan.form_of(game, asked, view, seat)
    form, answers, _step = plan.walk(game, state, asked, view, seat, given)
    fields: Line = {}
    if who is not None and form.actor is not None:   # None: no field names who acts (the auctioneer's award)
        fields[form.actor] = who
    for name, value in answers.items():
        kept = {key: v for key, v in value.items() if v is not None} if isinstance(value, dict) else value
        if kept is not None and kept != {} and kept != []:   # left out: Enter alone
            fields[name] = kept
    declared = list(plan.declared_fields(game, decision["action"]))   # the fields in their declared order
    return {"action": decision["action"],
            **dict(sorted(fields.items(), key=lambda field: declared.index(field[0]) if field[0] in declared
                          else len(declared)))}


def ask_shared_bound(decision: Decision, state: GameState, form: plan.Form, done: Mapping[str, Any]) -> dict[str, int]:
    """The numbers of a decision that share one bound (its faces' `budgets`: a ballot's POUR
    and CONTRE), in one answer: bare numbers in their order (« 12 3 »), or a number after
    its field's word (« c 5 »); Enter alone gives each 0. The rules check them together as
    typed; typed unseen in a secret decision, where a refusal never repeats them."""
    game = state["game"]
    fields = faces.of(game).budgets[decision["action"]]
    labels = {spec.field: said(spec.label) for spec in form.inputs if spec.field in fields}
    first, last = fields[0], fields[-1]
    word = label(last, game) if label(last, game) != last else labels[last].lower()   # the last one's word, typed
    examples = ["12", "12 3", f"{word[:1]} 5"]
    meanings = [f"{labels[first]} 12", i18n.join([f"{labels[first]} 12", f"{labels[fields[1]]} 3"]),
                f"{labels[last]} 5"]
    typed = ["12", "12 3", f"{word[:1]} 5 (" + _("or {words}").format(words=f"{word} 5") + ")"]
    names = " ".join(labels.values())
    in_order = functools.reduce(lambda first, then: _("{first} then {then}").format(first=first, then=then),
                                labels.values())
    wrong = _("Type {fields} as whole numbers, such as {examples}.").format(fields=in_order, examples=as_alternatives(examples))

    def convert(text: str) -> dict[str, int]:
        amounts = read_numbers(text, fields, labels, wrong)
        refused_as_typed(decision, state, {**done, **amounts}, fields, unnamed=True)
        return amounts
    help_text = " ".join([
        _("Type {fields}: {examples}; Enter alone gives 0 to each.").format(
            fields=in_order, examples="; ".join(_("{typed} is {meaning}").format(typed=answer, meaning=meaning)
                                              for answer, meaning in zip(typed, meanings))),
        *([_("Nothing typed is shown, and a refusal never repeats it.")] if decision["secret"] else [])])
    prompt = _("{name}, {what}: {fields} ({examples}; Enter: 0 each)").format(
        name=decision["player"], what=title_of(decision, state), fields=names, examples=", ".join(examples))
    return ask(prompt, convert, hide=decision["secret"], default="", help=help_text)


def read_numbers(text: str, fields: tuple[str, ...], labels: Mapping[str, str], wrong: str) -> dict[str, int]:
    """Whole numbers for `fields` from one answer: bare numbers fill them in order; a field's
    word (its label, or its game's words, a unique beginning enough) names the number after
    it. Empty: 0 each. A KitError (`wrong`) never repeats what was typed (it may be secret)."""
    amounts: dict[str, int] = {}
    bare: list[int] = []
    named: str | None = None
    for word in text.replace(",", " ").split():
        if word.lstrip("+-").isascii() and word.lstrip("+-").isdigit():
            value = whole_number(word)
            if named is None:
                bare.append(value)
            else:
                amounts[named], named = value, None
            continue
        found = match_word(word, fields, also={field: (labels[field],) for field in fields})
        if found is None or named is not None or found in amounts:
            raise KitError(wrong)
        named = found
    free = [field for field in fields if field not in amounts]
    if named is not None or len(bare) > len(free):
        raise KitError(wrong)
    amounts.update(zip(free, bare))
    return {field: amounts.get(field, 0) for field in fields}


def _heading(decision: Decision, state: GameState) -> str:
    """« Cléo: Accusation — Accused: Ana »: who decides, the decision's title, and the players
    the rules name in it without asking; nothing for a decision of whoever is at the table
    that names nobody, whose question says it all (« Who holds the speaker token? »)."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], decision, cast(View, state), decision["player"])
    named = [_("{label}: {value}").format(label=said(spec.label), value=spec.options[0]) for spec in form.inputs
             if spec.kind == "one" and len(spec.options) == 1 and isinstance(spec.options[0], str)
             and spec.options[0] in state["players"] and asked_whatever(decision, state, form, spec.field)]
    if decision["player"] is None and not named:
        return ""
    what = title_of(decision, state)
    heading = _("{player}: {what}").format(player=decision["player"], what=what) if decision["player"] else what
    return " — ".join([heading, *named])


def _refusal(decision: Decision, state: GameState) -> Callable[[plan.Step, str], None]:
    """Why the rules refuse a player typed where they may not be chosen now (oneself as the
    challenged player, or the accused), or a value of a secret decision, whose question
    offers every value the others may see: `refused_as_typed` for that step's field."""
    def why(step: plan.Step, value: str) -> None:
        refused_as_typed(decision, state, {**step.done, step.spec.field: value}, {step.spec.field})
    return why


def refused_as_typed(decision: Decision, state: GameState, given: Mapping[str, object], fields: Iterable[str], *,
                     unnamed: bool = False) -> None:
    """Raise the rules' refusal, in their own words, of `decision` sent with the values
    `given` (`rules_refusal`), when it is about one of `fields` (unnamed=True: or about no
    field at all, as a sum over several is)."""
    refused = rules_refusal(decision, state, given)
    if refused is not None and (refused.field in set(fields) or (unnamed and refused.field is None)):
        raise refused


def enter_means(words: faces.Faces, decision: Decision, step: plan.Step, current: str | None = None) -> object:
    """What Enter alone answers `step`: the first of its faces' `defaults` for the field that
    the step offers, else `current` (the player whose turn it is) where it is offered; None:
    the question needs an answer."""
    for value in words.defaults.get((decision["action"], step.spec.field), ()):
        if value == faces.FIRST and step.options:
            return step.options[0]
        if value in step.options:
            return value
    # the player whose turn it is, where no answer before names them (one takes from another)
    named = current is not None and any(current == v or isinstance(v, list) and current in v
                                        for v in step.done.values())
    return current if current is not None and current in step.options and not named else None


def asked_whatever(decision: Decision, state: GameState, form: plan.Form, field: str) -> bool:
    """Whether the rules ask `field` of `decision` whatever its other fields' values: a
    field only some values of another ask (the game's `narrow`) is named by none yet."""
    from kit import plan  # the question plan: imported where a question is asked
    return all(field in plan.narrowed(state["game"], state, decision, {spec.field: option})
               for spec in form.inputs if spec.kind == "one" and len(spec.options) > 1 and spec.field != field
               for option in spec.options)


def cards_ahead(decision: Decision, state: GameState, step: plan.Step) -> dict[object, tuple[str, list[str]]]:
    """For each value of `step`, the later field it asks whose values are cards of the deck,
    with those cards (the rules' narrowing: playing a card asks which): a card typed at
    `step` answers both."""
    from kit import plan  # the question plan: imported where a question is asked
    cards = deck_of(state)
    if not cards or step.key is not None:
        return {}
    ahead: dict[object, tuple[str, list[str]]] = {}
    for option in step.options:
        choices = plan.narrowed(state["game"], state, decision, {**step.done, step.spec.field: option})
        for name, choice in choices.items():
            if name != step.spec.field and name not in step.done and isinstance(choice, list) \
                    and all_in_deck(choice, cards):
                ahead[option] = (name, list(choice))
                break
    return ahead


def rules_refusal(decision: Decision, state: GameState, answers: Mapping[str, Any]) -> RuleViolation | None:
    """The rules' own refusal of `answers` to `decision` (a card they do not offer now, a
    player who may not be chosen, a ballot beyond the senators left): the decision sent
    with them, its other fields given each value the rules offer (a number its least),
    refused whichever those are; None where some way of sending it is accepted."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    action: Line = {"action": decision["action"],
                    # a number within the rules' bounds: the least they take
                    **{f: c["min"] for f, c in decision["choices"].items()
                       if isinstance(c, dict) and set(c) == {"min", "max"} and isinstance(c["min"], int)},
                    **answers}
    actor = plan.actor_field(game, decision["action"])
    if actor is not None and decision["player"] is not None:
        action[actor] = decision["player"]
    tries = [action]
    for name, choice in plan.narrowed(game, state, decision, dict(answers)).items():
        # a field the rules leave no value for this answer: each they offer the decision, for its reason
        offered = choice or decision["choices"].get(name)
        if name not in action and isinstance(offered, list) and offered:
            tries = [{**tried, name: value} for tried in tries for value in offered][:32]
    first: RuleViolation | None = None
    for tried in tries:
        try:
            rules.of(game).apply(state, tried)
        except RuleViolation as refused:
            first = first or refused
            continue
        return None
    return first


def ask_plan_step(step: plan.Step, decision: Decision, state: GameState, *, words: faces.Faces,
                  refusal: Callable[[plan.Step, str], None] | None, ahead: dict[str, object],
                  current: str | None = None) -> object:
    """One question of `decision`'s plan (`ask_question`), taking besides: Enter as its
    `enter_means`; a card by its printed title (listed by aide/help, not in the prompt: a
    dozen titles would not fit); at a question of values, the card of the field a value asks
    next (`cards_ahead`: kept in `ahead` for that field); a card the rules do not offer now
    refused in their words; a number the rules bound checked by them as the decision is sent
    (`Guide.refused` then asks that question alone again)."""
    spec = step.spec
    if step.key is None and spec.field in ahead:     # typed at the question before
        value = ahead.pop(spec.field)
        if value in step.options:
            return value
    if step.key is None and spec.kind == "number":
        return _ask_amount(step, decision, state)
    if step.key is not None or spec.kind != "one" or not asks(step):
        return ask_question(step, hide=decision["secret"], words=words, refusal=refusal)
    default = enter_means(words, decision, step, current)
    if all_in_deck(step.options, deck_of(state)):
        return _ask_card(step, decision, state)
    later = cards_ahead(decision, state, step)
    if default is None and not later:
        return ask_question(step, hide=decision["secret"], words=words, refusal=refusal)
    if all(isinstance(o, str) and o in state["players"] for o in step.options):
        reason = (lambda name: refusal(step, name)) if refusal is not None else None
        return ask_player(said(step.spec.label), [str(o) for o in step.options], default=None if default is None
                          else str(default), field=step.spec.field, reason=reason)
    value, more = _ask_value_or_card(step, decision, state, words=words, default=default, later=later)
    ahead.update(more)
    return value


def _ask_amount(step: plan.Step, decision: Decision, state: GameState) -> int | None:
    """A whole number the plan asks: its bounds are the rules', which refuse it in their
    words as the decision is sent (only this question is then asked again); a change the
    rules do not need (C'est la vie's Crédit) taking Enter, or 0, as no change (None). Enter
    is 0 only for an amount typed unseen (nothing shows what was typed); elsewhere it is no
    answer, where 0 would be a slip (a hand-written Challenge of difficulty 0)."""
    from kit import plan  # the question plan: imported where a question is asked
    spec = step.spec
    declared = plan.declared_fields(state["game"], decision["action"]).get(spec.field)
    if spec.low is None and declared is not None and not declared.needed and not decision["secret"]:
        return ask_number(said(spec.label), default=0, field=spec.field) or None
    unseen = decision["secret"]
    return ask_number(said(spec.label), hide=unseen, default=0 if spec.low == 0 and unseen else None, field=spec.field)


def _ask_card(step: plan.Step, decision: Decision, state: GameState) -> object:
    """A card of the deck among those `step` offers, by its printed title (`ask_card`); one
    the rules do not offer now refused in their words."""
    spec = step.spec
    return ask_card(said(spec.label), step.options, field=spec.field,
                    refused=lambda card: rules_refusal(decision, state, {**step.done, spec.field: card}))


def _ask_value_or_card(step: plan.Step, decision: Decision, state: GameState, *, words: faces.Faces,
                       default: object, later: dict[object, tuple[str, list[str]]]) -> tuple[object, dict[str, object]]:
    """One of the values `step` offers, in the game's words (Enter: `default`), or a card
    that a value asks next (`later`, cards_ahead), which answers both: the value and
    {that field: the card}."""
    from kit import plan  # the question plan: imported where a question is asked
    spec = step.spec
    values = {("yes" if c is True else "no" if c is False else str(c)): c for c in step.options}
    shown = {key: said(named) if (named := plan.value_label(words, value)) is not None else label(key, state["game"])
             for key, value in values.items()}
    apart = " / " if any("," in text for text in shown.values()) else ", "
    offered_cards = list(dict.fromkeys(card for _name, cards in later.values() for card in cards))

    def convert(text: str) -> tuple[object, dict[str, object]]:
        found = match_word(text, list(values), also={key: (said_,) for key, said_ in shown.items()})
        if found is not None:
            return values[found], {}
        if later:
            def why(card: str) -> RuleViolation | None:
                value, (name, _cards) = next(iter(later.items()))
                return rules_refusal(decision, state, {**step.done, spec.field: value, name: card})
            card = typed_deck_card(text, state, offered_cards, why)
            if card is not None:
                value, (name, _cards) = next((v, f) for v, f in later.items() if card in f[1])
                return value, {name: card}
        raise KitError(_("Answer one of {choices}.").format(choices=apart.join(
            [*shown.values(), *([_("a card by its title")] if later else [])])))
    question = f"{said(spec.label)} ({'/'.join(shown.values())})"
    if later:
        question = _("{question}, or a card by its title").format(question=question)
    help = _("Answers: {choices}.").format(choices=", ".join(card_titles(state, offered_cards))) if later else None
    return ask(question, convert, default=shown[str(default)] if default is not None and str(default) in shown
               else None, help=help, field=spec.field)
