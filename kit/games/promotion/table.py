"""`kit score` for Promotion: friendly commands, the `show` table and guided play.

The commands only build the action of SCOREKEEPER.md and hand it to `common.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.promotion. The
`deck-empty` command is shared with PHD and lives in kit/score/cli.py; this module
builds Promotion's action for it (`deck_empty_action`).
"""
from __future__ import annotations

from pathlib import Path

import click

from kit.errors import KitError
from kit import table as common
from scorekeeper import session as sessions
from scorekeeper.rules import promotion as rules



# -- friendly commands -------------------------------------------------------------------

# "-2" typed as AMOUNT must reach the rules ("at least 1, not -2"), not read as an unknown option.
NUMBERS_MAY_BE_NEGATIVE = {"ignore_unknown_options": True}


def _pi_command(name: str, doc: str) -> click.Command:
    """`gain` and `lose` differ only in the action's name: one definition for both."""
    @click.command(name=name, help=doc, context_settings=NUMBERS_MAY_BE_NEGATIVE,
                   epilog=common.examples(f"{name} bureau.jsonl Ana 2"))
    @common.FILE
    @common.PLAYER
    @click.argument("amount", type=int)
    def command(file: Path, player: str, amount: int) -> None:
        common.submit(file, {"action": name, "player": player, "amount": amount})
    return command


gain = _pi_command("gain", "Promotion: PLAYER gains AMOUNT PI; reaching the target wins at once.")
lose = _pi_command("lose", "Promotion: PLAYER loses AMOUNT PI (never below 0).")


@click.command(context_settings=NUMBERS_MAY_BE_NEGATIVE, epilog=common.examples(
    "steal bureau.jsonl Ben Ana 2", "steal bureau.jsonl --thief Ben --victim Ana 2"))
@common.FILE
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
        raise KitError("Say who steals from whom and how many PI: steal FILE THIEF VICTIM AMOUNT "
                       "(e.g. steal game.jsonl Ben Ana 2) or steal FILE --thief Ben --victim Ana 2.")
    amount = common.whole_number(words[0])
    common.submit(file, {"action": "steal", "thief": thief, "victim": victim, "amount": amount})


def closing_tie(state: dict) -> list[str]:
    """The players whose hands the next deck_empty needs: tied on most PI as the office closes."""
    if state["over"] or state["reshuffles"] < rules.MAX_RESHUFFLES:
        return []
    tied = rules.leaders(state)
    return tied if len(tied) > 1 else []


def deck_empty_action(hands: dict) -> dict:
    """`kit score deck-empty FILE [--hand NAME=N ...]` for a Promotion session."""
    return {"action": "deck_empty", **({"hands": hands} if hands else {})}


# -- show ----------------------------------------------------------------------------------

def render(state: dict, lang: str = "en") -> str:
    """The `show` table: standings by PI, and how far each player is from the target."""
    fr = lang == "fr"
    left = rules.MAX_RESHUFFLES - state["reshuffles"]
    closed = state.get("end") == "office closed"
    if fr:
        deck = ("le bureau a fermé" if closed else
                f"pioche remélangée {state['reshuffles']} fois, encore {left} avant la fermeture")
        title = f"Promotion : {state['target']} PI pour gagner, {state['hand_size']} cartes en main ; {deck}"
        headers = ["rang", "joueur", "PI", "manque"]
    else:
        deck = ("the office has closed" if closed else
                f"deck reshuffled {state['reshuffles']} time(s), {left} more before the office closes")
        title = f"Promotion: {state['target']} PI to win, hands of {state['hand_size']}; {deck}"
        headers = ["rank", "player", "PI", "to go"]
    rows = [[rank, name, state["players"][name]["pi"], max(0, state["target"] - state["players"][name]["pi"])]
            for rank, name in rules.standings(state)]
    lines = [title, common.table(headers, rows)]
    if state["over"]:
        lines.append(common.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str = "en") -> list[str]:
    """PI that moved, and what the deck running out means."""
    lines = [f"  {name}: PI {before['players'][name]['pi']} -> {p['pi']}"
             for name, p in after["players"].items() if p["pi"] != before["players"][name]["pi"]]
    if action.get("action") == "steal":
        had = before["players"][action["victim"]]["pi"]
        if had < action["amount"]:   # the log says "steals 2", the table must say why less moved
            lines.append(f"  {action['victim']} had only {had} PI: {action['thief']} takes {had}.")
    if action.get("action") == "deck_empty" and not after["over"]:
        left = rules.MAX_RESHUFFLES - after["reshuffles"]
        later = (f"{left} more reshuffle(s) before the office closes" if left
                 else "the next time it runs out, the office closes")
        lines.append(f"  Shuffle the discard into a new deck ({later}).")
    if after.get("end") == "office closed" and not before["over"]:
        lines.append("  The office closes: most PI wins, then most cards in hand.")
    return lines


# -- guided play ---------------------------------------------------------------------------

def _deck_empty(path: Path, state: dict) -> dict:
    hands = {}
    tied = closing_tie(state)
    if tied:
        click.echo(f"{common.join_names(tied)} are tied on the most PI: their cards in hand decide.")
        hands = {name: common.ask_number(f"Cards in {name}'s hand", default=None) for name in tied}
    saved = common.try_submit(path, deck_empty_action(hands))
    return saved.state if saved else state


def _entry(path: Path, current: str, state: dict) -> tuple[dict, bool]:
    """One thing that happened during `current`'s turn; (state, whether the turn ended)."""
    names = list(state["players"])
    what = common.ask_choice("What happens (deck: the deck ran out; next: end of the turn)",
                             ["gain", "lose", "steal", "deck", "next"], default="next")
    if what == "next":
        return state, True
    if what == "deck":
        return _deck_empty(path, state), False
    if what == "steal":
        thief = common.ask_choice("Who steals?", names, default=current)
        victim = common.ask_choice(f"From whom does {thief} steal?", [n for n in names if n != thief])
        action = {"action": "steal", "thief": thief, "victim": victim}
    else:
        who = common.ask_choice(f"Who {'gains' if what == 'gain' else 'loses'} PI?", names, default=current)
        action = {"action": what, "player": who}
    # Checked as typed, so a refused amount (0, more than allowed) asks the amount again
    # instead of sending the table back to the "What happens" question.
    action["amount"] = common.ask_number(
        "How many PI?", default=None, check=lambda n: rules.apply(state, {**action, "amount": n}))
    saved = common.try_submit(path, action)
    return (saved.state if saved else state), False


def _turn(path: Path, current: str, state: dict) -> dict:
    click.echo(f"\n== {current}'s turn: draw {rules.DRAW_PER_TURN}, play up to "
               f"{rules.PLAY_PER_TURN} cards, end with at most {rules.END_OF_TURN_HAND_LIMIT} in hand.")
    turn_over = False
    while not (turn_over or state["over"]):
        state, turn_over = _entry(path, current, state)
    return state


def play(path: Path, session: sessions.Session) -> None:
    """Guided Promotion: turn by turn, each PI change and the deck running out."""
    # play passes to the next player on the right: the next name in seating order
    common.play_turns(session.state, "Whose turn is it?",
                      lambda current, state: _turn(path, current, state), render)
