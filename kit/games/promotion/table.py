"""`kit score` for Promotion: friendly commands, the `show` table and guided play.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.promotion. The
`deck-empty` command is shared with PHD and lives in kit/score/cli.py; this module
builds Promotion's action for it (`deck_empty_action`).
"""
from __future__ import annotations

from pathlib import Path

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import _, ngettext
from scorekeeper import session as sessions
from scorekeeper.rules import promotion as rules



# -- friendly commands -------------------------------------------------------------------

# "-2" typed as AMOUNT must reach the rules ("at least 1, not -2"), not read as an unknown option.
NUMBERS_MAY_BE_NEGATIVE = {"ignore_unknown_options": True}


def _pi_command(name: str, doc: str) -> click.Command:
    """`gain` and `lose` differ only in the action's name: one definition for both."""
    @click.command(name=name, help=doc, context_settings=NUMBERS_MAY_BE_NEGATIVE,
                   epilog=table.examples(f"{name} bureau.jsonl Ana 2"))
    @table.FILE
    @table.PLAYER
    @click.argument("amount")
    def command(file: Path, player: str, amount: str) -> None:
        table.submit(file, {"action": name, "player": player, "amount": table.whole_number(amount)})
    return command


gain = _pi_command("gain", "Promotion: PLAYER gains AMOUNT PI; reaching the target wins at once.")
lose = _pi_command("lose", "Promotion: PLAYER loses AMOUNT PI (never below 0).")


@click.command(context_settings=NUMBERS_MAY_BE_NEGATIVE, epilog=table.examples(
    "steal bureau.jsonl Ben Ana 2", "steal bureau.jsonl --thief Ben --victim Ana 2"))
@table.FILE
@click.argument("words", nargs=-1, metavar="[THIEF VICTIM] AMOUNT")
@click.option("--thief", help="Who takes the PI (or give THIEF before VICTIM and AMOUNT).")
@click.option("--victim", help="Who loses them.")
def steal(file: Path, words: tuple[str, ...], thief: str | None, victim: str | None) -> None:
    """Promotion: THIEF takes AMOUNT PI from VICTIM (no more than VICTIM has).

    The two players come in order like handshake's and accuse's (steal FILE Ben Ana 2), or
    named: steal FILE --thief Ben --victim Ana 2.
    """
    words = list(words)
    if thief is None and victim is None and len(words) == 3:
        thief, victim = words[:2]
        words = words[2:]
    if thief is None or victim is None or len(words) != 1:
        raise KitError(_("Say who steals from whom and how many PI: steal FILE THIEF VICTIM AMOUNT "
                         "(e.g. steal game.jsonl Ben Ana 2) or steal FILE --thief Ben --victim Ana 2."))
    amount = table.whole_number(words[0])
    table.submit(file, {"action": "steal", "thief": thief, "victim": victim, "amount": amount})


def closing_tie(state: dict) -> list[str]:
    """The players whose hands the next deck_empty needs: tied on most PI as the office closes."""
    if state["over"] or state["reshuffles"] < rules.MAX_RESHUFFLES:
        return []
    tied = rules.leaders(state)
    return tied if len(tied) > 1 else []


def deck_empty_action(hands: dict) -> dict:
    """`kit score deck-empty FILE [--hand NAME=N ...]` for a Promotion session."""
    return {"action": "deck_empty", **({"hands": hands} if hands else {})}


# -- what show, log and act print ---------------------------------------------------------

def describe(action: dict, reveal: bool | str = False, before: dict | None = None) -> str:
    """One line of the log; with the state `before` it, a steal says how many PI really moved."""
    kind = action.get("action")
    amount = action.get("amount")
    if kind == "gain":
        return _("{player} gains {amount} PI.").format(player=action.get("player"), amount=amount)
    if kind == "lose":
        return _("{player} loses {amount} PI.").format(player=action.get("player"), amount=amount)
    if kind == "steal":
        thief, victim = action.get("thief"), action.get("victim")
        if before is not None and victim in before["players"] and isinstance(amount, int):
            moved = min(amount, before["players"][victim]["pi"])
            if moved < amount:
                return _("{thief} steals {moved} PI from {victim} ({amount} asked, {victim} had only {moved}).").format(
                    thief=thief, victim=victim, amount=amount, moved=moved)
        return _("{thief} steals {amount} PI from {victim}.").format(thief=thief, victim=victim, amount=amount)
    if kind == "deck_empty":
        hands = action.get("hands")
        if isinstance(hands, dict) and hands:
            return _("The deck is empty (cards in hand: {hands}).").format(
                hands=", ".join(f"{k} {v}" for k, v in hands.items()))
        return _("The deck is empty.")
    return table.describe_fields(action)


def render(state: dict, lang: str | None = None) -> str:
    """The `show` table: standings by PI, and how far each player is from the target."""
    left = rules.MAX_RESHUFFLES - state["reshuffles"]
    if state.get("end") == "office closed":
        deck = _("the office has closed")
    else:
        deck = ngettext("deck reshuffled {n} time, {left} more before the office closes",
                        "deck reshuffled {n} times, {left} more before the office closes",
                        state["reshuffles"]).format(n=state["reshuffles"], left=left)
    title = _("Promotion: {target} PI to win, hands of {hand}; {deck}").format(
        target=state["target"], hand=state["hand_size"], deck=deck)
    headers = [_("rank"), _("player"), "PI", _("to go")]
    rows = [[rank, name, state["players"][name]["pi"], max(0, state["target"] - state["players"][name]["pi"])]
            for rank, name in rules.standings(state)]
    lines = [title, table.text_table(headers, rows)]
    if state["over"]:
        lines.append(table.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str | None = None) -> list[str]:
    """PI that moved, and what the deck running out means."""
    lines = ["  " + _("{name}: PI {was} -> {now}").format(name=name, was=before["players"][name]["pi"], now=p["pi"])
             for name, p in after["players"].items() if p["pi"] != before["players"][name]["pi"]]
    if action.get("action") == "lose" and before["players"][action["player"]]["pi"] == 0:
        lines.append("  " + _("{name} has no PI left to lose: nothing changes.").format(name=action["player"]))
    if action.get("action") == "steal" and before["players"][action["victim"]]["pi"] == 0:
        lines.append("  " + _("{victim} has no PI: {thief} takes nothing.").format(
            victim=action["victim"], thief=action["thief"]))
    if action.get("action") == "deck_empty" and not after["over"]:
        left = rules.MAX_RESHUFFLES - after["reshuffles"]
        if left:
            later = ngettext("{n} more reshuffle before the office closes",
                             "{n} more reshuffles before the office closes", left).format(n=left)
        else:
            later = _("the next time it runs out, the office closes")
        lines.append("  " + _("Shuffle the discard into a new deck ({later}).").format(later=later))
    if after.get("end") == "office closed" and not before["over"]:
        lines.append("  " + _("The office closes: most PI wins, then most cards in hand."))
    return lines


# -- guided play ---------------------------------------------------------------------------

def _deck_empty(path: Path, state: dict) -> None:
    hands = {}
    tied = closing_tie(state)
    if tied:
        click.echo(_("{names} are tied on the most PI: their cards in hand decide.").format(names=i18n.join(tied)))
        hands = {name: table.ask_number(_("Cards in {name}'s hand").format(name=name), default=None) for name in tied}
    table.try_submit(path, deck_empty_action(hands))


WHAT = ["gain", "lose", "steal", "deck", "next"]


def _entry(path: Path, current: str, state: dict) -> bool:
    """One thing that happened during `current`'s turn; True when the turn ended."""
    names = list(state["players"])
    help_text = _("gain, lose: a player's PI change; steal: PI taken from another; deck: the deck ran out; "
                  "next: end of the turn.")
    what = table.ask_choice(_("What happens"), WHAT, default="next", help=help_text)
    if what == "next":
        return True
    if what == "deck":
        _deck_empty(path, state)
        return False
    if what == "steal":
        thief = table.ask_player(_("Who steals?"), names, default=current)
        victim = table.ask_player(_("From whom does {thief} steal?").format(thief=thief),
                                   [n for n in names if n != thief])
        action = {"action": "steal", "thief": thief, "victim": victim}
    else:
        prompt = _("Who gains PI?") if what == "gain" else _("Who loses PI?")
        action = {"action": what, "player": table.ask_player(prompt, names, default=current)}
    # Checked as typed, so a refused amount (0, more than allowed) asks the amount again
    # instead of sending the table back to the "What happens" question.
    action["amount"] = table.ask_number(
        _("How many PI?"), default=None, check=lambda n: rules.apply(state, {**action, "amount": n}))
    table.try_submit(path, action)
    return False


def _turn(path: Path, current: str, state: dict) -> None:
    click.echo("\n== " + _("{name}'s turn: draw {draw}, play up to {play} cards, end with at most {limit} in hand.")
               .format(name=current, draw=rules.DRAW_PER_TURN, play=rules.PLAY_PER_TURN,
                       limit=rules.END_OF_TURN_HAND_LIMIT))
    guide = table.current_guide()
    while not guide.state["over"]:
        if _entry(path, current, guide.state):
            return


def play(path: Path, session: sessions.Session) -> None:
    """Guided Promotion: turn by turn, each PI change and the deck running out; whose turn it
    is is kept in the file, so play resumes with the right player."""
    # play passes to the next player on the right: the next name in seating order
    table.play_turns(_("Whose turn is it?"), lambda current, state: _turn(path, current, state), render)
