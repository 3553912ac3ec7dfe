"""What the rules allow at any time (`anytime`: an accusation while a hypothesis stands, a
Coopération at its moment), offered through the step's questions: a line names what opened,
and every question of the step then takes the name of whoever does it, or the title of the
card they play (`with_offers`); where no question could take it, a question of its own that
Enter alone passes (`with_anytime`). And the entries of whoever is at the table (its
corrections, the deck running out) typed as the game's words for them at any question
(`with_table_words`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast

import click

from kit import faces, i18n
from kit.errors import KitError
from kit.faces import View
from kit.i18n import _
from kit.table.at_once import ask_card_played, ask_offered, first_step, named_cards
from kit.table.cards import session_card_titles, typed_card
from kit.table.parsing import label, match_word
from kit.table.prompts import AnsweredElsewhere, also_answers, also_helping, ask_player, play_memo
from kit.table.questions import asks
from kit.table.showing import as_alternatives, said
from kit.table.walk import ask_plan, title_of
from scorekeeper import rules
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import Decision, GameState, Line


def _table_wide(state: GameState, anytime: list[Decision]) -> list[Decision]:
    """What whoever is at the table may do at any time that asks nothing (the event deck
    run out, in a timed game): offered by its words where a question chooses among
    decisions (`ask_among`)."""
    return [d for d in anytime if d["player"] is None and first_step(d, state) is None]


# What the anytime decisions offered last were (play_memo): not offered again while they stay so.
ANYTIME_OFFERED = "table.anytime-offered"


def with_anytime(offered: list[Decision], state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """The decision answered among `offered` (the rules' decisions of one player at once) and
    its action, or, where someone takes what is allowed at any time in their place, that
    decision and its action. What is allowed at any time is offered through the step's
    questions, each taking the name of whoever does it besides its own answers, a line
    announcing what opened (`with_offers`); where no question could take it, when it changed
    since it was last offered, in a question of its own that Enter alone passes."""
    # a secret one, or one offered at its player's own questions only, is asked in secret
    # (ask_in_secret)
    at_own = faces.of(state["game"]).at_own_questions
    anytime = [d for d in anytime if not d["secret"] and d["action"] not in at_own]
    offers = anytime_offers(anytime)
    memo = play_memo()
    if not offers:
        memo.pop(ANYTIME_OFFERED, None)
        return ask_offered(offered, state)
    key = _offered_key(anytime)
    new = memo.get(ANYTIME_OFFERED) != key
    if not _carries(offered, state, list(offers)):
        if new and not _open_after(offered, state, key):
            who = ask_player(_anytime_question(state, anytime), list(offers), optional=True)
            memo[ANYTIME_OFFERED] = key
            if who is not None:
                return ask_offered(offers[who], state)
        return ask_offered(offered, state)
    memo[ANYTIME_OFFERED] = key
    return with_offers(state, anytime, lambda: ask_offered(offered, state, _table_wide(state, anytime)))


def _offered_key(anytime: list[Decision]) -> tuple[tuple[str | None, str, str], ...]:
    """What is offered at any time, as guided play compares it from one step to the next."""
    return tuple((d["player"], d["action"], repr(d["choices"])) for d in anytime)


def _open_after(offered: list[Decision], state: GameState, key: tuple[tuple[str | None, str, str], ...]) -> bool:
    """Whether the one decision `offered` asks nothing and leaves open all that is offered
    now (`key`): then the next question offers it (a turn's start, written unasked, before
    Vivre), and no question of its own costs an answer here."""
    if len(offered) > 1 or first_step(offered[0], state) is not None:
        return False
    game = state["game"]
    try:
        after = rules.of(game).apply(state, ask_plan(offered[0], state))
    except RuleViolation:
        return False
    at_own = faces.of(game).at_own_questions
    return set(key) <= set(_offered_key([d for d in rules.anytime(game, after)
                                         if not d["secret"] and d["action"] not in at_own]))


def _titled(state: GameState, decisions: list[Decision]) -> dict[str, list[str]]:
    """Each title of `decisions` (in the reader's language) and the players they are offered to."""
    titled: dict[str, list[str]] = {}
    for decision in decisions:
        titled.setdefault(title_of(decision, state), []).append(str(decision["player"]))
    return titled


def _anytime_question(state: GameState, anytime: list[Decision]) -> str:
    """The question offering what is allowed at any time where no other question takes it:
    the game's words for who does it (its label for the action's actor field), else its
    title's."""
    from kit import plan  # the question plan: imported where a question is asked
    actions = {d["action"] for d in anytime}
    if len(actions) == 1:
        action = actions.pop()
        asked = faces.of(state["game"]).field_labels.get((action, plan.actor_field(state["game"], action) or ""))
        if asked is not None:
            return _(asked)
    return _("{what} now? The name of whoever does it (empty: nobody)").format(what=as_alternatives(list(_titled(state, anytime))))


def _carries(offered: list[Decision], state: GameState, names: list[str]) -> bool:
    """Whether the first question `offered` asks may also take one of `names`: one is asked,
    on the shared screen, and it takes no player's name itself."""
    from kit import plan  # the question plan: imported where a question is asked
    if len(offered) > 1:       # the choice among them, in words
        return True
    decision = offered[0]
    _form, _answers, step = plan.walk(state["game"], state, decision, cast(View, state), decision["player"],
                                      lambda asked: plan.UNANSWERED if asks(asked) else list(asked.options))
    return step is not None and not decision["secret"] and not {str(o) for o in step.options} & set(names)


# What anyone may do at any time, said last (play_memo): (player, what) pairs said while they
# stay open, not said again.
ANYTIME_SAID = "table.anytime-said"


def anytime_offers(anytime: list[Decision]) -> dict[str, list[Decision]]:
    """What each player may do at any time now (a decision of whoever is at the table is
    not offered by a name)."""
    offers: dict[str, list[Decision]] = {}
    for decision in anytime:
        if decision["player"] is not None:
            offers.setdefault(decision["player"], []).append(decision)
    return offers


def _open_now(state: GameState, offers: dict[str, list[Decision]]) -> dict[tuple[str, str], tuple[str, str | None]]:
    """Each (player, what) open now, by its words: the decision's title, and the title of
    a card its first question offers (a Coopération at its moment)."""
    open_now: dict[tuple[str, str], tuple[str, str | None]] = {}
    for name, decisions in offers.items():
        for decision in decisions:
            title = title_of(decision, state)
            cards = named_cards(decision, state)
            if not cards:
                open_now[(name, title)] = (title, None)
            for key, card in zip(cards, session_card_titles(cards)):
                open_now[(name, key)] = (title, card)
    return open_now


def say_offers(state: GameState, offers: dict[str, list[Decision]]) -> None:
    """The line naming what anyone may do now, with who may, when something opened since
    it was last said (what stays open is not said again; nothing said when only something
    closed)."""
    open_now = _open_now(state, offers)
    memo = play_memo()
    said_: set[tuple[str, str]] = memo.get(ANYTIME_SAID, set()) & set(open_now)
    memo[ANYTIME_SAID] = said_ | set(open_now)
    if not set(open_now) - said_:
        return
    shown: dict[str, dict[str | None, list[str]]] = {}
    for (name, _key), (title, card) in open_now.items():
        shown.setdefault(title, {}).setdefault(card, []).append(name)
    parts = []
    for title, cards in shown.items():
        if None in cards:
            parts.append(f"{title} ({'/'.join(cards[None])})")
        named = sorted((card, names) for card, names in cards.items() if card is not None)
        if named:
            parts.append(_("{label}: {value}").format(label=title, value=", ".join(
                f"{card} ({'/'.join(names)})" for card, names in named)))
    what = "; ".join(parts)
    click.echo("  " + _("Possible now: {what}; to do it, type your name at the question below.").format(what=what))


def _anytime_answer(state: GameState, offers: dict[str, list[Decision]]) -> Callable[[str], object]:
    """What any question of the step takes besides its own answers: the name of a player
    who may do something now, or the title of a card one of them may play now."""
    cards = {key: name for name, decisions in offers.items() for d in decisions for key in named_cards(d, state)}

    def convert(text: str) -> tuple[str, str] | None:
        named = next((n for n in offers if i18n.folded(n) == i18n.folded(text)), None)
        if named is not None:
            return named, ""
        if not text.strip() or text.strip().lstrip("+-").isdigit() or not cards:
            return None
        try:
            key = typed_card(text, list(cards))
        except KitError:
            return None
        return ("", key) if key is not None else None
    return convert


def with_offers(state: GameState, anytime: list[Decision],
                asking: Callable[[], tuple[Decision, Line]]) -> tuple[Decision, Line]:
    """`asking()` (the step's questions), with what anyone may do at any time offered
    through them: a line naming what opened (`say_offers`), then every question of the step
    taking the name of whoever does it, or the title of a card they play; nobody doing it
    costs no answer. A name: what that player may do, asked (`ask_offered`); a card: who
    plays it where several may, then its decision's questions."""
    offers = anytime_offers(anytime)
    if not offers:
        play_memo().pop(ANYTIME_SAID, None)
        return asking()
    say_offers(state, offers)
    try:
        with also_answers(_anytime_answer(state, offers)):
            return asking()
    except AnsweredElsewhere as taken:
        name, card = cast(tuple[str, str], taken.value)
    if name:
        return ask_offered(offers[name], state)
    playing = [n for n, decisions in offers.items() if any(card in named_cards(d, state) for d in decisions)]
    who = playing[0] if len(playing) == 1 else ask_player(
        _("Who plays {title}?").format(title=session_card_titles([card])[0]), playing, field="player")
    chosen = next(d for d in offers[who] if card in named_cards(d, state))
    return chosen, ask_card_played(chosen, state, card)


class _TableEntry(NamedTuple):
    """An entry of whoever is at the table (a correction) typed at another question."""

    decision: Decision


def table_words(state: GameState, anytime: list[Decision]) -> dict[str, Decision]:
    """The decisions whoever is at the table may enter at any time (the table's corrections,
    the deck running out) that the game has words for (its faces' `answers`, by action)."""
    words = faces.of(state["game"]).answers
    return {d["action"]: d for d in anytime if d["player"] is None and d["action"] in words}


def with_table_words(state: GameState, anytime: list[Decision],
                     asking: Callable[[], tuple[Decision, Line]]) -> tuple[Decision, Line]:
    """`asking()`'s decision and action, or, where one of the table's words (`table_words`)
    is typed at a question that does not take it, that entry: its own plan asked then, Enter
    naming the player whose turn it is where it names a player."""
    worded = table_words(state, anytime)
    if not worded:
        return asking()
    game = state["game"]

    def entry(text: str) -> object:
        found = match_word(text, list(worded))
        return _TableEntry(worded[found]) if found is not None else None
    shown = ", ".join(f"{label(action, game)} ({said(title_of(d, state))})" for action, d in worded.items())
    with also_helping(_("Any question of the turn also takes: {words}.").format(words=shown)):
        try:
            with also_answers(entry):
                return asking()
        except AnsweredElsewhere as named:
            if not isinstance(named.value, _TableEntry):
                raise
            decision = named.value.decision
            # its first question says what it is: no heading
            return decision, ask_plan(decision, state, headed=True, current=rules.current_player(game, state))
