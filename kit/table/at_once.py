"""The decisions the rules offer one player at once (a move among three, an event card
revealed, a Coopération among those one may play): which one comes first, in the words of
their titles, as a phone's seat screen offers them (`ask_offered`). Where some ask a card
first, the question choosing among them takes that card's title too, which answers both
(`ask_among`); where one of two asks nothing, the other's questions take its words
(`ask_or_nothing`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, NamedTuple, cast

import click

from kit import faces, i18n
from kit.errors import KitError
from kit.faces import View
from kit.i18n import _
from kit.table import prompts
from kit.table.cards import CARDS_LISTED, all_cards, cards_help, session_card_titles, typed_card
from kit.table.parsing import answers, label, match_word
from kit.table.prompts import AnsweredElsewhere, also_answers, ask, ask_choice, enter_elsewhere, offering
from kit.table.questions import asks
from kit.table.showing import as_alternatives, said
from kit.table.walk import ask_plan, say_facts, title_of
from scorekeeper import rules
from scorekeeper.rules.flow import Decision, GameState, Line

if TYPE_CHECKING:
    from kit import plan


def ask_offered(offered: list[Decision], state: GameState, table_wide: list[Decision] | None = None
                ) -> tuple[Decision, Line]:
    """The decision answered among those the rules offer one player at once, and its action:
    which one first where there are several (`ask_which`, or `ask_among` with the
    `table_wide` decisions that ask nothing besides), then its plan."""
    if len(offered) == 1:
        return offered[0], ask_plan(offered[0], state)
    among = ask_among(offered, state, table_wide or [])
    if among is not None:
        return among
    or_nothing = ask_or_nothing(offered, state)
    if or_nothing is not None:
        return or_nothing
    chosen = ask_which(offered, state)
    return chosen, ask_plan(chosen, state, headed=True)


def ask_which(offered: list[Decision], state: GameState) -> Decision:
    """Which of the decisions offered at once comes first, asked in their titles' words (the
    game's action_labels, as a phone's seat screen offers them), each typed as its title or
    as the game's word for its action (`answers`)."""
    game = state["game"]
    words = faces.of(game)
    titles = [title_of(d, state) for d in offered]
    actions = [d["action"] for d in offered]
    keys = actions if len(set(actions)) == len(actions) else titles    # the same action twice: by title
    shown = {key: (label(key, game) if key in words.answers else title) for key, title in zip(keys, titles)}
    click.echo()
    say_facts(words, offered, state)
    who = offered[0]["player"]
    question = _("{player}: {what}?").format(player=who, what=as_alternatives(titles)) if who else \
        _("{what}?").format(what=as_alternatives(titles))
    return offered[keys.index(ask_choice(question, keys, shown=shown, also={key: (title,) for key, title in
                                                                           zip(keys, titles)}))]


class _Nothing(NamedTuple):
    """A decision that asks nothing, named by its words at another's first question."""

    decision: Decision


def ask_or_nothing(offered: list[Decision], state: GameState) -> tuple[Decision, Line] | None:
    """Where two decisions are offered at once, one asking questions and the other none
    (PHD: a controversy, or « the card has done all it does »), the questions of the one
    that asks, its first also taking the other's words (`_decision_word`), which answer it:
    one answer where a choice between them first would cost two. Enter alone leaving out a
    field the rules need (the Arguments of a controversy, whose resources a Coopération
    changes) is the other decision too, as the rules would refuse the first, and so is the
    first answered with nothing at all (C'est la vie changing nothing). None where both
    ask, or more are offered (a choice that reads as one: `ask_which`), or the one that
    asks nothing has no words of its own."""
    from kit import plan  # the question plan: imported where a question is asked
    asking = [d for d in offered if first_step(d, state) is not None]
    # asked unseen: no other decision's words at it; several others (a Superviseur's approve,
    # revoke, or done): which one is a question of its own, that reads as one
    if len(asking) != 1 or asking[0]["secret"] or len(offered) > 2:
        return None
    other = next(d for d in offered if d is not asking[0])
    word = _decision_word(other, state, offered)
    if word is None:
        return None
    key, words = word

    def nothing(text: str) -> object:
        return _Nothing(other) if match_word(text, [key], also={key: (words,)}) is not None else None

    needed = {name for name, spec in plan.declared_fields(state["game"], asking[0]["action"]).items()
              if spec is not None and spec.needed}

    @contextmanager
    def first_also(step: plan.Step) -> Iterator[None]:
        before = prompts._also     # what the step's other questions take (a Coopération at its moment) still taken

        def either(text: str) -> object:
            found = nothing(text)
            return found if found is not None or before is None else before(text)
        # « or Enter: the card has done all it does »: the words follow the question's, lower
        # case. A first question the rules do not need says nothing of them: Enter at each of
        # its questions is the other decision already (C'est la vie changing nothing).
        enter = step.key is None and step.spec.field in needed
        said = _("Enter: {words}").format(words=words[:1].lower() + words[1:])
        with also_answers(either, hidden=prompts._also_hidden), \
                offering([*prompts._offered_words, said] if enter else prompts._offered_words), \
                enter_elsewhere(lambda _text: _Nothing(other)) if enter else nullcontext():
            yield
    firsts = [first_also]

    def each_asked(step: plan.Step, ask_it: Callable[[], object]) -> object:
        if firsts:
            with firsts.pop()(step):
                value = ask_it()
        else:
            value = ask_it()
        if value in (None, [], {}) and step.key is None and step.spec.field in needed:
            raise AnsweredElsewhere(_Nothing(other))
        return value
    try:
        action = ask_plan(asking[0], state, each_asked=each_asked)
        if set(action) <= {"action", plan.actor_field(state["game"], action["action"])}:
            # every question left out (C'est la vie: no change at all): the card has done all it does
            return other, ask_plan(other, state, headed=True)
        return asking[0], action
    except AnsweredElsewhere as named:
        if not isinstance(named.value, _Nothing):
            raise
        chosen = named.value.decision
        return chosen, ask_plan(chosen, state, headed=True)



def first_step(decision: Decision, state: GameState) -> plan.Step | None:
    """The first question the plan asks of `decision` (None: it asks nothing)."""
    from kit import plan  # the question plan: imported where a question is asked
    _form, _answers, step = plan.walk(state["game"], state, decision, cast(View, state), decision["player"],
                                      lambda asked: plan.UNANSWERED if asks(asked) else list(asked.options))
    return step


def _first_cards(decision: Decision, state: GameState) -> list[str]:
    """The cards the first question of `decision` chooses among (none where it asks none)."""
    step = first_step(decision, state)
    if step is None or step.key is not None or step.spec.kind != "one" or not all_cards(step.options):
        return []
    return [str(o) for o in step.options]


def named_cards(decision: Decision, state: GameState) -> list[str]:
    """The cards `decision` may play: its first field choosing among cards of the deck,
    asked or settled by the rules (a Coopération one may play alone)."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], decision, cast(View, state), decision["player"])
    return next(([str(o) for o in spec.options] for spec in form.inputs if spec.kind == "one" and all_cards(spec.options)),
                [])


def ask_card_played(decision: Decision, state: GameState, card: str) -> Line:
    """The action of `decision` playing `card`, typed already: given as its first answer
    where its first question asks for it, its other questions asked."""
    return ask_plan(decision, state, headed=True, first=card if card in _first_cards(decision, state) else None)


def _decision_word(decision: Decision, state: GameState, offered: list[Decision]) -> tuple[str, str] | None:
    """What `decision` is typed as among `offered` (its key) and shown as: the game's word
    for the value the rules settled in it (an event card's type), else its action where no
    other offered is the same, else its title where that is its own; None where nothing
    tells it from another."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    form = plan.form_of(game, decision, cast(View, state), decision["player"])
    settled = [spec.options[0] for spec in form.inputs if spec.kind == "one" and len(spec.options) == 1]
    named = [(value, said(words_)) for value in settled if isinstance(value, str)
             and (words_ := plan.value_label(words, value)) is not None]
    if len(named) == 1:
        return named[0]
    title = title_of(decision, state)
    if [d["action"] for d in offered].count(decision["action"]) == 1:
        return decision["action"], title
    if [title_of(d, state) for d in offered].count(title) == 1:
        return title, title
    return None


def _left_out(decision: Decision, state: GameState) -> Line | None:
    """The action of `decision` picked by its words where every question it still asks is
    one the rules do not need (an event card written by hand names no card of the deck):
    what the rules settled in it, nothing more; None where it needs an answer."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    declared = plan.declared_fields(game, decision["action"])
    form, answers, step = plan.walk(game, state, decision, cast(View, state), decision["player"],
                                    lambda asked: plan.UNANSWERED)
    open_fields = [spec.field for spec in form.inputs if spec.field not in answers]
    if step is None or any(declared.get(name) is None or declared[name].needed for name in open_fields):
        return None
    action: Line = {"action": decision["action"]}
    if decision["player"] is not None and form.actor is not None:
        action[form.actor] = decision["player"]
    return {**action, **answers}


def ask_among(offered: list[Decision], state: GameState, table_wide: list[Decision] | None = None
              ) -> tuple[Decision, Line] | None:
    """Where some of the decisions offered one player at once ask a card first, the one
    question choosing among them, which takes that card's title too (the decision and its
    first answer in one), or a decision's words (its type of card, its action); a decision
    picked by its words asks its own questions after, or none where the rules need none of
    them (a card written by hand). None where none asks a card first."""
    carded: dict[str, Decision] = {}
    for decision in offered:
        for key in named_cards(decision, state):
            carded.setdefault(key, decision)
    if not carded:
        return None
    keyed: dict[str, Decision] = {}
    shown: dict[str, str] = {}
    every = [*offered, *(table_wide or [])]
    for decision in every:
        word = _decision_word(decision, state, every)
        if word is not None and word[0] not in keyed:
            keyed[word[0]], shown[word[0]] = decision, word[1]
    cards = list(carded)
    listed = [*shown.values(), *(session_card_titles(cards) if len(cards) <= CARDS_LISTED else ())]
    who = offered[0]["player"]

    def convert(text: str) -> tuple[str, str]:
        typed = i18n.folded(text)
        found = match_word(text, list(keyed), also={key: (words,) for key, words in shown.items()})
        exact = found is not None and (typed == i18n.folded(found) or typed == i18n.folded(shown[found]) or
                                       typed in {i18n.folded(w) for ws in answers().get(found, {}).values() for w in ws})
        if not exact:
            card = typed_card(text, cards)
            if card is not None:
                return "card", card
        if found is not None:
            return "word", found
        refused_action(text, state, who)
        raise KitError(_("Answer one of {choices}.").format(choices=" / ".join(listed)))
    click.echo()
    words = faces.of(state["game"])
    say_facts(words, offered, state)
    view = cast(GameState, rules.view(state["game"], state))    # the game's own titles read what the rules wait for
    titles = list(dict.fromkeys(title_of(d, view) for d in offered))
    question = _("{player}: {what}?").format(player=who, what=as_alternatives(titles)) if who else \
        _("{what}?").format(what=as_alternatives(titles))
    hint = "/".join(shown.values()) + ("/" + "/".join(session_card_titles(cards)) if len(cards) <= CARDS_LISTED
                                       else _(", or the card's title"))
    kind, key = ask(f"{question} ({hint.lstrip('/')})", convert, help=cards_help(cards))
    if kind == "card":
        return carded[key], ask_card_played(carded[key], state, key)
    chosen = keyed[key]
    left_out = _left_out(chosen, state) if _first_cards(chosen, state) else None
    return chosen, left_out if left_out is not None else ask_plan(chosen, state, headed=True)


def refused_action(text: str, state: GameState, player: str | None) -> None:
    """Where `text` names an action of the game that the question does not offer `player`
    (a chapter submitted without the Pression it costs), the rules' own refusal of it
    (RuleViolation), not a list of what is offered; nothing where it names none, needs more
    than who does it, or the rules would take it."""
    from kit import plan  # the question plan: imported where a question is asked
    game = state["game"]
    words = faces.of(game)
    actions = list(rules.of(game).fields.actions)
    found = match_word(text, actions, also={a: (said(words.action_labels[a]),) for a in actions
                                            if a in words.action_labels})
    actor = plan.actor_field(game, found) if found is not None else None
    if found is None or player is None or actor is None or \
            set(rules.of(game).fields.actions[found].needed) - {actor}:   # asks more than who: no refusal of its own
        return
    rules.of(game).apply(state, {"action": found, actor: player})
