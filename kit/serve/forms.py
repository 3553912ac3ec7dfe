"""The pages' forms: the question plan (kit/plan.py) as a page shows it, one screen at a time.

A page shows the plan's forms its reader may answer (`plan.seat_forms`, `plan.host_forms`):
on a seat's page the decisions whose player is that seat, and those with no player
("whoever is at the table": any seat may answer them) but the corrections, the host's; on
the host's page every decision, each a whole form. A seat's screen shows the one decision
asked of it now (`seat_screen`), question by question where the plan asks it by buttons,
the answers so far carried in the page's address (`answered`). What is drawn of each input
kind is templates/forms.html's; static/serve.js reads it back into the action's JSON.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit import faces
from kit.faces import View
from kit.i18n import N_
from kit.plan import (
    LEFT,
    LEFT_ANSWER,
    UNANSWERED,
    Form,
    Step,
    actor_field,
    by_buttons,
    form_of,
    seat_decisions,
    value_text,
    walk,
    with_drops,
)
from scorekeeper.errors import Message
from scorekeeper.rules.flow import FROM_TABLE, Decision, GameState, Line

if TYPE_CHECKING:
    from scorekeeper.session import Session

UNDO = Form("undo", N_("Undo the latest entry"), None, "player", danger=True)


def waiting_for(view: View, viewer: str | None) -> tuple[list[Decision], list[str], bool]:
    """What the page says of the turn: the pending decisions that are `viewer`'s, the other
    players the game waits for (in the order it takes them), and whether it waits for
    whoever is at the table."""
    mine, others, table = [], [], False
    for decision in view.get("pending", ()):
        player = decision["player"]
        if player is None:
            table = True
        elif player == viewer:
            mine.append(decision)
        elif player not in others:
            others.append(player)
    return mine, others, table



# -- a seat's screen: one decision at a time ------------------------------------------------
#
# A seat's page shows the one decision the game asks of it now (its first pending decision,
# or, when the rules offer it several at once, Amphithéâtre's moves, a choice among them
# first). A decision whose every field is a choice among values is asked one field at a
# time, as buttons (`Step`): each tap carries the answers so far in the page's address
# (ANSWER_PREFIX), and the rules narrow what is still needed (the game's `narrow`, Hoc
# Censeo's resolve: no colour once CONTRE wins); the tap that completes it sends it. Any
# other decision is one form. The game's words say what the decider reads first
# (`decision_facts`: the magistrate's totals) and which fields a player answers on their own
# page (its faces' seat_questions: the resolve may leave them to that player).

ANSWER_PREFIX = "f."   # ?f.colour=bleu&f.order=Bob&f.order=Alice&f.calamity.Alice=gold
CHOSEN = "do"          # ?do=hypothesis+target+category: the decision chosen among several offered at once
LEFT_TO_PLAYER = LEFT_ANSWER   # asked value: leave the field to the player's own answer


@dataclass
class SeatScreen:
    """What a seat's page shows besides the view: its decision now and the steps taken."""

    offered: list[Form] = field(default_factory=list)   # decisions offered at once (a choice first)
    # an offered decision that asks nothing more (its place -> the hidden fields it sends): its
    # choice sends it, where a second page offered one button of the same words
    ready: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    main: Form | None = None          # the decision asked now, its choices narrowed by `answers`
    answers: dict[str, Any] = field(default_factory=dict)          # that decision's answers so far
    asked: list[tuple[str, str]] = field(default_factory=list)   # the address's answers, to extend
    started: bool = False             # the reader tapped an answer already (they may start again)
    step: Step | None = None          # the field asked now, when asked by buttons
    facts: list[Message] = field(default_factory=list)            # Messages the decider reads first
    ending: frozenset[str] = frozenset()   # actions that, sent as they stand, end the game
    undo: list[Message] = field(default_factory=list)             # Messages: what the seat's undo takes back
    undo_secret: bool = False   # those words hold the seat's own secret (its ballot): hidden with the secrets
    keys: list[str] = field(default_factory=list)   # each offered decision as the address names it (decision_keys)


def decision_keys(decisions: list[Decision]) -> list[str]:
    """Each decision offered at once, named as a page's address carries the one chosen: its
    action, what its choices fix and the fields it leaves open ("turn.vie+card"), numbered
    when two read alike. Not its place in the list: another player's move, redrawn into the
    page while the address stays, changes the list, and the place would then name another
    decision than the one tapped."""
    keys: list[str] = []
    for decision in decisions:
        fixed = [value_text(choice[0]) for _name, choice in sorted(decision["choices"].items())
                 if isinstance(choice, list) and len(choice) == 1]
        open_ = [name for name, choice in sorted(decision["choices"].items())
                 if not (isinstance(choice, list) and len(choice) == 1)]
        key = ".".join([decision["action"], *fixed]) + "".join("+" + name for name in open_)
        alike = sum(1 for earlier in keys if earlier.split("~")[0] == key)
        keys.append(key if not alike else f"{key}~{alike + 1}")
    return keys


def answered(game: str, state: GameState, decision: Decision, view: View, seat: str,
             asked: list[tuple[str, str]]) -> tuple[Form, dict[str, Any], Step | None]:
    """The decision's form narrowed by the answers the address gives, those answers (each
    checked against what the rules still offer; the rest ignored), and the step asked next
    (plan.walk, reading each question's answer from the address)."""
    given: dict[str, list[str]] = {}
    for name, typed in asked:
        given.setdefault(name, []).append(typed)

    def from_address(step: Step) -> object:
        if step.spec.kind == "order":   # the next name of an order: the address's next one
            texts = given.get(ANSWER_PREFIX + step.spec.field, [])
            count = len(step.done.get(step.spec.field, []))
            text = texts[count] if len(texts) > count else None
        else:
            texts = given.get(ANSWER_PREFIX + step.spec.field + ("" if step.key is None else "." + step.key), [])
            text = texts[0] if texts else None
        if text is None:
            return UNANSWERED
        if text == LEFT_TO_PLAYER and step.left_to_player:
            return LEFT
        return next((o for o in step.options if value_text(o) == text), UNANSWERED)

    return walk(game, state, decision, view, seat, from_address)


def asked_again(answers: dict[str, Any]) -> list[tuple[str, str]]:
    """The answers kept, as the address carries them (what a further tap extends)."""
    pairs = []
    for name, value in answers.items():
        if isinstance(value, list):
            pairs += [(ANSWER_PREFIX + name, value_text(v)) for v in value]
        elif isinstance(value, dict):
            pairs += [(f"{ANSWER_PREFIX}{name}.{key}", LEFT_TO_PLAYER if v is None else value_text(v))
                      for key, v in value.items()]
        else:
            pairs.append((ANSWER_PREFIX + name, LEFT_TO_PLAYER if value is None else value_text(value)))
    return pairs


def seat_screen(session: Session, seat: str, asked: list[tuple[str, str]]) -> SeatScreen:
    """The screen of `seat` now (`session`: the whole session, read by the server only;
    `asked`: the page address's query pairs)."""
    from scorekeeper import rules

    game, state = session.game, session.state
    screen = SeatScreen()
    if state.get("over"):
        return screen
    view = rules.view(game, state, seat)
    mine = [d for d, _anytime in seat_decisions(game, view, seat, anytime=False)]
    screen.offered = [form_of(game, d, view, seat) for d in mine]
    if len(mine) > 1:
        screen.ready = {place: sent for place, decision in enumerate(mine)
                        if (sent := asks_nothing(game, state, decision, view, seat)) is not None}
    screen.keys = decision_keys(mine)
    chosen = dict(asked).get(CHOSEN, "")
    picked = mine if len(mine) == 1 else [d for d, key in zip(mine, screen.keys) if key == chosen]
    if picked:
        decision = picked[0]
        screen.main = form_of(game, decision, view, seat)
        if by_buttons(screen.main):
            screen.main, screen.answers, screen.step = answered(game, state, decision, view, seat, asked)
        else:
            screen.main = with_drops(game, view, decision, screen.main)
        screen.asked = ([(CHOSEN, chosen)] if len(mine) > 1 else []) + asked_again(screen.answers)
        screen.started = any(pair in asked for pair in screen.asked)   # tapped, not filled by the rules
        facts = faces.of(game).decision_facts
        screen.facts = list(facts(state, decision)) if facts is not None else []
    screen.ending = ending_actions(session, seat, view)
    latest = session.latest_in_effect()
    if latest is not None and _actor(game, latest.action) == seat:
        screen.undo, screen.undo_secret = undo_words(session, seat)
    return screen


def host_screen(session: Session) -> SeatScreen:
    """What the host's page shows besides its forms: the words of what its undo takes back
    (the latest entry in effect, whoever's, as the table may read it)."""
    screen = SeatScreen()
    if session.latest_in_effect() is not None:
        screen.undo, screen.undo_secret = undo_words(session, None)
    return screen


def undo_words(session: Session, viewer: str | None) -> tuple[list[Message], bool]:
    """What the latest entry in effect did, worded for `viewer` (None: the table), as an undo
    names what it takes back; and whether those words hold the viewer's own secret."""
    from scorekeeper import rules
    from scorekeeper.errors import RuleViolation
    from scorekeeper.session import NeedHistory

    latest = session.latest_in_effect()
    try:
        before = session.check({"action": "undo"})
    except (NeedHistory, RuleViolation):   # a snapshot without that past: no words for it
        return [], False
    if latest is None or before is None:
        return [], False
    told = rules.outcome(session.game, before, session.state, latest.action)[:1]
    return ([event.for_viewer(viewer) for event in told],
            viewer is not None and any(event.private is not None and event.to == viewer for event in told))


def asks_nothing(game: str, state: GameState, decision: Decision, view: View, seat: str) -> list[dict[str, str]] | None:
    """The hidden fields a decision sends when the rules leave nothing to ask in it (no field,
    or one value in each), or None when something is asked."""
    form = form_of(game, decision, view, seat)
    if form.inputs and not by_buttons(form):
        return None
    form, answers, step = answered(game, state, decision, view, seat, []) if form.inputs else (form, {}, None)
    if step is not None:
        return None
    sent = []
    for name, value in answers.items():
        for item in (value if isinstance(value, list) else [value]):
            sent.append({"field": name, "kind": "item" if isinstance(value, list) else
                         "text" if isinstance(item, str) else "json", "value": value_text(item)})
    return sent


def _actor(game: str, action: Line) -> str | None:
    name = action.get("action")
    field_name = actor_field(game, name) if isinstance(name, str) else None
    named = action.get(field_name) if field_name is not None else None
    return named if isinstance(named, str) else None


def ending_actions(session: Session, seat: str, view: View) -> frozenset[str]:
    """The actions `seat` may send now that would end the game as they stand, with no field
    to fill (PHD's "the deck is empty"): the page asks before sending one."""
    from scorekeeper.errors import RuleViolation

    ending = set()
    for decision, _anytime in seat_decisions(session.game, view, seat):
        if any(c is not FROM_TABLE for c in decision["choices"].values()):
            continue
        action = {"action": decision["action"]}
        field = actor_field(session.game, decision["action"])
        if decision["player"] is not None and field is not None:
            action[field] = seat
        try:
            after = session.rules.apply(session.state, action)
        except RuleViolation:
            continue
        if after.get("over"):
            ending.add(decision["action"])
    return frozenset(ending)
