"""Guided play from what the rules wait for (`kit score play`, `play_pending`).

It walks the rules' `pending` decisions: it asks the decision's player (or whoever is at the
table) the questions of its plan (kit.plan.walk: each field the rules leave open, in the
game's own words: its faces' action_labels, field_labels, value_labels), appends the answer,
and asks what the rules wait for next. Where the rules offer one player several decisions at
once (a move among three), which one comes first, in the words of their titles, as a phone's
seat screen offers them. What the rules allow at any time (`anytime`: an accusation while a
hypothesis stands) is said when something of it opens, and every question of the step then
takes the name of whoever does it too (nobody doing it costs no answer); where no question
could take it (none is asked, or it is hidden, or names players itself), in one question of
its own that Enter alone passes, unless it stays open for the next question (a turn's start,
written unasked). No game has questions of its own: every game's terminal asks what its
phones ask. Play knows no game's phases: it resumes wherever the file stands because the
rules tell, from the file alone, what comes next.
"""
from __future__ import annotations

from pathlib import Path
from typing import cast

import click

from kit import faces, i18n
from kit.i18n import _
from kit.table import guiding, prompts
from kit.table.at_any_time import with_anytime, with_table_words
from kit.table.cards import all_in_deck, card_titles, deck_of
from kit.table.guiding import Restart
from kit.table.log import game_module
from kit.table.parsing import label, match_word
from kit.table.prompts import (
    AnsweredElsewhere,
    also_answers,
    ask_player,
    ask_yes_no,
    clear_screen,
    offering,
    play_memo,
    shared_screen,
)
from kit.table.showing import said
from kit.table.walk import ask_plan, say_facts, title_of
from kit.table.writing import try_submit
from scorekeeper import rules
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import Decision, GameState, Line


def play_pending(path: str | Path) -> None:
    """Guided play of any game, from the guide's session until the game is over."""
    guide = guiding._guide
    assert guide is not None, "play_pending runs within guided()"
    game = guide.session.game
    game_cli = game_module(game)
    click.echo(game_cli.render(rules.view(game, guide.state)))
    while True:
        try:
            guide.check()
            state = guide.state
            decisions = rules.pending(game, state)
            if state["over"] or not decisions:
                break
            guide.step_begins()
            answered, action = next_entry(faces.of(game), decisions, state, rules.anytime(game, state))
            refused = try_submit(path, action, reveal=not answered["secret"])
            if isinstance(refused, RuleViolation):
                guide.refused(refused)
            else:
                guide.forget()
        except Restart:
            guide.forget()
            continue
    state = guide.state
    click.echo(game_cli.render(state if state["over"] else rules.view(game, state)))


def next_entry(declared: faces.Faces, decisions: list[Decision], state: GameState,
               anytime: list[Decision]) -> tuple[Decision, Line]:
    """The decision guided play asks now, among the rules' `decisions`, and the action
    answering it: a secret one is asked of whoever is at the keyboard among those it awaits
    (`ask_in_secret`); otherwise the question plan is walked, for the first decision and the
    others the rules offer its player at once (a choice among them first), with what anyone
    may do at any time offered at the same moment (`with_anytime`)."""
    decision = decisions[0]
    if decision["secret"] and decision["player"] is not None:
        return ask_in_secret(decisions, state, anytime)
    optional = optional_answers(declared, decisions)
    if optional is not None:
        return with_table_words(state, anytime, lambda: ask_optional_answers(declared, decisions, *optional, state,
                                                                             anytime))
    # whoever is at the table answers a decision of the table's with those of the player
    # whose turn it is (a Coopération written by hand: whose resources change, or Enter
    # when the card has done all it does)
    at_table = (decision["player"], None if decision["player"] is not None else rules.current_player(state["game"], state))
    offered = [decision, *(d for d in decisions if d["player"] in at_table and d is not decision and not d["secret"])]
    return with_table_words(state, anytime, lambda: with_anytime(offered, state, anytime))


# what `writes_unasked` runs to know whether play asks anything at a step (kit/table/prompts.py)
prompts.play_step = next_entry


# Who answered last at the keyboard (play_memo), to be asked first again while the rules
# still await them: a player who spent seals before their ballot casts it next.
AT_KEYBOARD = "table.at-keyboard"


def ask_in_secret(decisions: list[Decision], state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """A secret decision awaited from one player or several (ballots cast one by one), and
    its action. Its player is asked while the others look away: the first the rules await,
    or whoever was at the keyboard last. Anyone else it awaits takes the keyboard by typing
    their name at the same hidden question, and the player at the keyboard may instead type
    the word of what they alone may do at any time (seals, gold), which is then asked:
    nobody answers a question of who is at the keyboard, and nobody sees what another may
    do. What was typed unseen is read back before it is sent, then leaves the screen."""
    first = decisions[0]
    awaited = {d["player"]: d for d in decisions
               if d["action"] == first["action"] and d["secret"] and d["player"] is not None}
    memo = play_memo()
    last = memo.get(AT_KEYBOARD)
    name: str = last if isinstance(last, str) and last in awaited else str(first["player"])
    game = state["game"]
    while True:
        decision, others = awaited[name], [n for n in awaited if n != name]
        own = {d["action"]: d for d in anytime if d["player"] == name}
        click.echo(_("{name}: {what} (the others look away).").format(name=name, what=title_of(decision, state)))
        if others:
            click.echo(_("Not {name} at the keyboard? Type your name: {names}.").format(
                name=name, names=i18n.join(others)))

        def elsewhere(text: str, others: list[str] = others, own: dict[str, Decision] = own) -> object:
            named = [n for n in others if i18n.folded(n) == i18n.folded(text)]
            if named:
                return named[0]
            word = match_word(text, list(own)) if own else None
            return own[word] if word is not None else None
        try:
            with also_answers(elsewhere, hidden=True), offering([label(a, game) for a in own]):
                action = ask_plan(decision, state, headed=True)
        except AnsweredElsewhere as taken:
            if isinstance(taken.value, str):       # another player is at the keyboard
                name = taken.value
                continue
            memo[AT_KEYBOARD] = name
            chosen = cast(Decision, taken.value)
            return chosen, ask_plan(chosen, state)
        memo.pop(AT_KEYBOARD, None)
        if read_back(decision, action, state):
            return decision, action


def read_back(decision: Decision, action: Line, state: GameState) -> bool:
    """Whether the numbers of a secret decision, typed unseen, are sent: on a shared screen
    its player reads them back and says yes (Enter) or no (asked again), and the screen is
    cleared whatever the answer, so the others never see them. Output that is not a
    terminal cannot be cleared: nothing is read back there."""
    from kit import plan  # the question plan: imported where a question is asked
    form = plan.form_of(state["game"], {**decision, "choices": {}}, rules.view(state["game"], state), None)
    typed = [f"{said(spec.label)} {action[spec.field]}" for spec in form.inputs
             if spec.kind == "number" and spec.field in action]
    if not typed or not shared_screen():
        return True
    try:
        return ask_yes_no(_("{name}, send {answers}?").format(name=decision["player"], answers=", ".join(typed)),
                          default=True)
    finally:   # whatever was answered (even quit or Ctrl-C), the read-back leaves the screen
        clear_screen()


def optional_answers(words: faces.Faces, decisions: list[Decision]) -> tuple[list[Decision], str, object] | None:
    """Where the rules wait for the same decision of several players, each free to let it
    pass (a value of one of its fields that the faces' `defaults` give Enter: a card in play
    the other players may answer), and for another decision once they all have: those players'
    decisions, that field and that value. None elsewhere."""
    first = decisions[0]
    if first["player"] is None or first["secret"]:
        return None
    together = [d for d in decisions if d["action"] == first["action"] and d["player"] is not None
                and not d["secret"] and d["choices"] == first["choices"]]
    if len(together) == len(decisions) or len({d["player"] for d in together}) != len(together):
        return None
    for name, choice in first["choices"].items():
        if not isinstance(choice, list) or len(choice) < 2:
            continue
        for value in words.defaults.get((first["action"], name), ()):
            if value in choice:
                return together, name, value
    return None


def ask_optional_answers(declared: faces.Faces, decisions: list[Decision], together: list[Decision], field: str,
                         passed: object, state: GameState, anytime: list[Decision]) -> tuple[Decision, Line]:
    """One question for every player free to answer (`optional_answers`): who does; Enter:
    nobody, and the rules' next decision besides theirs is asked (their letting it pass is
    not asked one by one). Whoever answers is then asked their decision without its value
    of letting it pass."""
    first = together[0]
    click.echo()
    cards = [card for _name, choice in first["choices"].items() if isinstance(choice, list)
             and all_in_deck(choice, deck_of(state)) for card in choice]
    what = said(title_of(first, state))
    click.echo(_("{what}: {cards}").format(what=what, cards=" / ".join(card_titles(state, cards))) if cards else what)
    say_facts(declared, [first], state)
    who = ask_player(_("Who answers? Enter: nobody"), [str(d["player"]) for d in together], optional=True,
                     field=plan_actor(state["game"], first["action"]))
    if who is None:
        return next_entry(declared, [d for d in decisions if d not in together], state, anytime)
    mine = next(d for d in together if d["player"] == who)
    answering = cast(Decision, {**mine, "choices": {**mine["choices"],
                                                   field: [v for v in mine["choices"][field] if v != passed]}})
    return answering, ask_plan(answering, state, headed=True)


def plan_actor(game: str, action: str) -> str | None:
    from kit import plan  # the question plan: imported where a question is asked
    return plan.actor_field(game, action)
