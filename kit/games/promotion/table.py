"""`kit score` for Promotion: friendly commands, the `show` table, and the words guided play
asks the rules' decisions with.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule, the turn included, lives in
scorekeeper.rules.promotion: guided play (`kit.table.play_pending`) walks its `pending`
decisions through their question plan (kit/plan.py), in the words below. The `deck-empty` command is shared with PHD
and lives in kit/cli/score.py; this module builds Promotion's action for it
(`deck_empty_action`).
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from kit import table
from kit.errors import KitError
from kit.i18n import N_, _, ngettext
from scorekeeper.errors import Message
from scorekeeper.rules import promotion as rules
from scorekeeper.rules.flow import Decision, Line

# -- friendly commands -------------------------------------------------------------------

# "-2" typed as AMOUNT must reach the rules ("at least 1, not -2"), not read as an unknown option.
NUMBERS_MAY_BE_NEGATIVE = {"ignore_unknown_options": True}


def _pi_command(name: str, doc: str) -> click.Command:
    """`gain` and `lose` differ only in the action's name: one definition for both."""
    @click.command(name=name, help=doc, context_settings=NUMBERS_MAY_BE_NEGATIVE,
                   epilog=table.examples(f"{name} bureau.jsonl Ana 2"))
    @table.FILE
    @table.PLAYER
    @click.argument("amount", metavar="AMOUNT")
    def command(file: Path, player: str, amount: str) -> None:
        table.submit(file, {"action": name, "player": player, "amount": table.whole_number(amount)})
    return command


gain = _pi_command("gain", "Promotion: PLAYER gains AMOUNT PI; reaching the target wins at once.")
lose = _pi_command("lose", "Promotion: PLAYER loses AMOUNT PI (never below 0).")


@click.command(context_settings=NUMBERS_MAY_BE_NEGATIVE, epilog=table.examples(
    "steal bureau.jsonl Ben Ana 2", "steal bureau.jsonl --thief Ben --victim Ana 2"))
@table.FILE
@click.argument("words", nargs=-1, metavar="[THIEF VICTIM] AMOUNT")
@click.option("--thief", metavar="NAME", help="Who takes the PI (or give THIEF before VICTIM and AMOUNT).")
@click.option("--victim", metavar="NAME", help="Who loses them.")
def steal(file: Path, words: tuple[str, ...], thief: str | None, victim: str | None) -> None:
    """Promotion: THIEF takes AMOUNT PI from VICTIM (no more than VICTIM has).

    The two players come in order, as in handshake and accuse (`steal FILE Ben Ana 2`), or
    named (`steal FILE --thief Ben --victim Ana 2`).
    """
    if thief is None and victim is None and len(words) == 3:
        thief, victim = words[:2]
        words = words[2:]
    if thief is None or victim is None or len(words) != 1:
        raise KitError(_("Say who steals from whom and how many PI: `steal FILE THIEF VICTIM AMOUNT` "
                         "(e.g. `steal game.jsonl Ben Ana 2`) or `steal FILE --thief Ben --victim Ana 2`."))
    amount = table.whole_number(words[0])
    table.submit(file, {"action": "steal", "thief": thief, "victim": victim, "amount": amount})


def deck_empty_action(hands: dict[str, int]) -> Line:
    """`kit score deck-empty FILE [--hand NAME=N ...]` for a Promotion session."""
    return {"action": "deck_empty", **({"hands": hands} if hands else {})}


# -- what show, log and act print ---------------------------------------------------------

def describe(action: Line, reveal: bool | str = False, before: rules.State | None = None) -> str:
    """One line of the log; with the state `before` it, a steal says how many PI really moved.
    The PI typed by hand and a count of cards put right are the game's CORRECTIONS, which the
    log and the table's story tell as such (the cards move the PI themselves)."""
    kind = action.get("action")
    amount = action.get("amount")
    if kind == "gain":
        return _("{player} gains {amount} PI.").format(player=action.get("player"), amount=amount)
    if kind == "lose":
        return _("{player} loses {amount} PI.").format(player=action.get("player"), amount=amount)
    if kind == "hand":
        return table.describe_hand(action)
    if kind == "steal":
        thief, victim = action.get("thief"), action.get("victim")
        if before is not None and victim in before["players"] and isinstance(amount, int):
            moved = min(amount, before["players"][victim]["pi"])
            if moved < amount:
                return _("{thief} steals {moved} PI from {victim} ({amount} asked, {victim} had only "
                         "{moved}).").format(thief=thief, victim=victim, amount=amount, moved=moved)
        return _("{thief} steals {amount} PI from {victim}.").format(thief=thief, victim=victim,
                                                                                amount=amount)
    if kind == "deck_empty":
        hands = action.get("hands")
        if isinstance(hands, dict) and hands:
            return _("The deck is empty (cards in hand: {hands}).").format(
                hands=", ".join(f"{k} {v}" for k, v in hands.items()))
        return _("The deck is empty.")
    return table.describe_fields(action)


def describe_turn(action: Line, before: rules.State | None = None) -> str:
    """The log line of a `turn` line: the engine's step in the game's words, a card by its
    printed title (what it did is told by the rules' events)."""
    name, step = action.get("player"), action.get("step")
    card, target, to = action.get("card"), action.get("target"), action.get("to")
    if isinstance(card, str) and before is not None:
        card = title(before, card)
    if step == "play" and target is not None:
        return _("{player} plays {card} against {target}.").format(player=name, card=card, target=target)
    if step == "react" and to is not None:
        return _("{player} answers with {card}, towards {to}.").format(player=name, card=card, to=to)
    lines = {"start": _("{player}'s turn begins."), "draw": _("{player} draws."),
             "burnout": _("{player} says burnout."), "play": _("{player} plays {card}."),
             "react": _("{player} answers with {card}."), "land": _("{player} takes the attack."),
             "pass": _("{player} lets the card pass."),
             "resolve": _("{player}'s card applies."), "end": _("{player} ends the turn.")}
    return lines.get(step or "", _("{player}'s turn ({step}).")).format(player=name, card=card, step=step)


def decision_facts(state: rules.State, decision: Decision) -> list[Message]:
    """What a colleague reads before answering the card in the window, or its author before
    it applies: who played which card, and against whom (the window holds it); in a session
    whose header records no deck, that the table types the PI the cards move."""
    steps = (decision.get("choices") or {}).get("step") or ()
    window = state.get("window")
    if decision["action"] == "turn" and "play" in steps and state["by_hand"]:
        # said where a card may be played: without the deck, the engine moves no PI for it
        return [Message("This session's header records no deck: type the PI the cards move with gain, lose "
                        "and steal, at any question of the turn.")]
    if decision["action"] != "turn" or window is None or not {"react", "land", "resolve"} & set(steps):
        return []
    card = title(state, window["card"])
    if "target" in window:
        return [Message("{player} plays {card} against {target}.", player=window["author"], card=card,
                        target=window["target"])]
    return [Message("{player} plays {card}.", player=window["author"], card=card)]


def title(state: Mapping[str, Any], card: str) -> str:
    """The printed title of the card `card` names (the id as it is, without a deck)."""
    cards = state.get("cards") or {}
    return str(cards[card]["title"]) if card in cards else card


def render(state: rules.State, lang: str | None = None) -> str:
    """The `show` table: standings by PI, and how far each player is from the target."""
    left = rules.MAX_RESHUFFLES - state["reshuffles"]
    if state.get("end") == "office closed":
        deck = _("the office has closed")
    else:
        deck = ngettext("deck reshuffled {n} time, {left} more before the office closes",
                        "deck reshuffled {n} times, {left} more before the office closes",
                        state["reshuffles"]).format(n=state["reshuffles"], left=left)
    heading = _("Promotion: {target} PI to win, hands of {hand}; {deck}").format(
        target=state["target"], hand=state["hand_size"], deck=deck)
    headers = [_("rank"), _("player"), _("PI"), _("to go")]
    rows = [[rank, name, state["players"][name]["pi"], max(0, state["target"] - state["players"][name]["pi"])]
            for rank, name in rules.standings(state)]
    lines = [heading, table.text_table(headers, rows)]
    postes = [f"{name} {title(state, p['poste'])}" for name, p in state["players"].items() if p['poste'] is not None]
    if postes:
        lines.append(_("Postes: {postes}.").format(postes=", ".join(postes)))
    hands = table.hands_line(state)
    if hands:
        lines.append(hands)
    turn = state.get("turn")
    if turn and not state["over"]:
        played = [title(state, card) for card in state.get("played") or []]
        lines.append(_("{name}'s turn; played: {cards}.").format(name=turn["player"], cards=", ".join(played))
                     if played else _("{name}'s turn.").format(name=turn["player"]))
    if state["over"]:
        lines.append(table.game_over_line(state))
    return "\n".join(lines)


# -- guided play: the rules' decisions in the table's words ---------------------------------

ACTION_LABELS = {
    "turn": N_("Next step of the turn"),
    "gain": N_("Correction: PI gained"),
    "lose": N_("Correction: PI lost"),
    "steal": N_("Correction: PI taken from a colleague"),
    "deck_empty": N_("The deck ran out"),
    "hand": N_("Correction: cards in hand"),
}
FIELD_LABELS = {
    ("turn", "player"): N_("Whose turn is it?"),
    ("turn", "step"): N_("What happens?"),
    ("turn", "card"): N_("Which card?"),
    ("turn", "target"): N_("Against whom?"),
    ("turn", "to"): N_("Towards whom?"),
    ("gain", "player"): N_("Who gains PI?"),
    ("gain", "amount"): N_("How many PI?"),
    ("lose", "player"): N_("Who loses PI?"),
    ("lose", "amount"): N_("How many PI?"),
    ("steal", "thief"): N_("Who steals?"),
    ("steal", "victim"): N_("From whom?"),
    ("steal", "amount"): N_("How many PI?"),
    ("deck_empty", "hands"): N_("Cards in hand"),
    ("hand", "player"): N_("Whose hand?"),
    ("hand", "cards"): N_("How many cards does this hand hold?"),
}
# The words of the turn's steps where a form lists them (the cards keep their printed titles).
VALUE_LABELS = {
    "start": N_("Begin the turn"), "draw": N_("Draw"), "burnout": N_("Burnout: draw and end the turn"),
    "play": N_("Play a card"), "end": N_("End the turn"), "react": N_("Answer with a Trahison"),
    "land": N_("Take the attack"), "pass": N_("Let it pass"), "resolve": N_("Apply the card"),
}


def narrow(state: rules.State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What a step of the turn still needs once some of it is answered: the rules say."""
    return rules.step_choices(state, decision, answers)
