"""`kit score` for Amphithéâtre: friendly commands, the `show` table and guided play.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.amphitheatre.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import _
from scorekeeper import session as sessions
from scorekeeper.rules import amphitheatre as rules



def _names(values: tuple[str, ...]) -> list[str]:
    """Repeated or comma-separated names: `--a Ana,Cléo` or `--a Ana --a Cléo`."""
    names: list[str] = []
    for value in values:
        names += table.parse_names(value) or []
    return names


# -- friendly commands -------------------------------------------------------------------

@click.command(epilog=table.examples("handshake amphi.jsonl Ana Ben"))
@table.FILE
@click.argument("speaker")
@click.argument("target")
def handshake(file: Path, speaker: str, target: str) -> None:
    """Amphithéâtre: TARGET agrees with SPEAKER's hypothesis; both gain their row's gain."""
    table.submit(file, {"action": "handshake", "speaker": speaker, "target": target})


@click.command(epilog=table.examples("debate amphi.jsonl --a Ana,Cléo --b Ben",
                                      "debate amphi.jsonl --a Ana --b Ben,Dan --discounted Cléo"))
@table.FILE
@click.option("--a", "side_a", multiple=True, required=True, metavar="NAMES",
              help="Side A, comma-separated (the speaker's side).")
@click.option("--b", "side_b", multiple=True, required=True, metavar="NAMES",
              help="Side B, comma-separated.")
@click.option("--discounted", multiple=True, metavar="NAMES",
              help="Players who lost an accusation: they count for nobody and nothing touches them.")
def debate(file: Path, side_a: tuple[str, ...], side_b: tuple[str, ...], discounted: tuple[str, ...]) -> None:
    """Amphithéâtre: a debate; everyone on neither side abstains."""
    action = {"action": "debate", "side_a": _names(side_a), "side_b": _names(side_b)}
    if discounted:
        action["discounted"] = _names(discounted)
    table.submit(file, action)


@click.command(epilog=table.examples("accuse amphi.jsonl Cléo Ana --lying",
                                      "accuse amphi.jsonl Cléo Ana --truthful"))
@table.FILE
@click.argument("accuser")
@click.argument("accused")
@click.option("--truthful/--lying", default=None,
              help="Whether ACCUSED's hypothesis matched their card.")
def accuse(file: Path, accuser: str, accused: str, truthful: bool | None) -> None:
    """Amphithéâtre: ACCUSER accuses ACCUSED of bluffing; say --truthful or --lying."""
    if truthful is None:
        raise KitError(_("Say whether {accused}'s hypothesis matched their card: --truthful or --lying.").format(
            accused=accused))
    table.submit(file, {"action": "accuse", "accuser": accuser, "accused": accused, "truthful": truthful})


# -- what show, log and act print ---------------------------------------------------------

def _names_text(value) -> str:
    names = [str(v) for v in (value if isinstance(value, list) else [value])]
    return i18n.join(names) or _("nobody")


def describe(action: dict, reveal: bool | str = False, before: dict | None = None) -> str:
    """One line of the log in the active language."""
    kind = action.get("action")
    if kind == "handshake":
        return _("{speaker} and {target} shake hands.").format(speaker=action.get("speaker"), target=action.get("target"))
    if kind == "debate":
        line = _("Debate: {a} against {b}").format(a=_names_text(action.get("side_a")), b=_names_text(action.get("side_b")))
        if action.get("discounted"):
            line += " " + _("({names} discounted)").format(names=_names_text(action.get("discounted")))
        return line + "."
    if kind == "accuse":
        template = (_("{accuser} accuses {accused}, who told the truth.") if action.get("truthful")
                    else _("{accuser} accuses {accused}, who was bluffing."))
        return template.format(accuser=action.get("accuser"), accused=action.get("accused"))
    return table.describe_fields(action)


def render(state: dict, lang: str | None = None) -> str:
    """The `show` table: standings by seats, with each player's row and what it is worth."""
    title = _("Amphithéâtre: {capacity} seats (rows of {rows})").format(
        capacity=state["capacity"], rows="/".join(str(n) for n in rules.ROW_SEATS))
    headers = [_("rank"), _("player"), _("seats"), _("row"), _("doubt"), _("gain"), _("penalty"), _("to go")]
    rows = []
    for rank, name in rules.standings(state):
        p = state["players"][name]
        amounts = rules.TOKEN_TABLE[p["row"]]
        rows.append([rank, name, p["seats"], p["row"], p["doubt"], amounts["gain"], amounts["penalty"],
                     state["capacity"] - p["seats"]])
    lines = [title, table.text_table(headers, rows)]
    if state["over"]:
        lines.append(table.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str | None = None) -> list[str]:
    """Each player's seats and doubt that moved."""
    lines = []
    for name, now in after["players"].items():
        was = before["players"][name]
        changes = [_("{what} {was} -> {now}").format(what=label, was=was[key], now=now[key])
                   for key, label in (("seats", _("seats")), ("doubt", _("doubt"))) if was[key] != now[key]]
        if changes:
            lines.append(f"  {name}: " + ", ".join(changes))
    return lines


# -- guided play ---------------------------------------------------------------------------

def _accusations(path: Path, accusable: list[str], *, debate: bool) -> list[str]:
    """RULES.md §2.5: accusations against whoever stated a hypothesis; the losers are discounted."""
    discounted: list[str] = []
    guide = table.current_guide()
    names = list(guide.state["players"])
    while not guide.state["over"]:
        accuser = table.ask_player(_("Does anyone accuse? Accuser's name (empty: nobody)"), names, optional=True)
        if accuser is None:
            break
        targets = [n for n in accusable if n != accuser]
        if not targets:
            click.echo("  " + _("{name} stated the hypothesis and cannot accuse themselves.").format(name=accuser),
                       err=True)
            continue
        accused = targets[0] if len(targets) == 1 else table.ask_player(
            _("Whom does {accuser} accuse?").format(accuser=accuser), targets)
        truthful = table.ask_yes_no(_("Did {accused}'s hypothesis match their card?").format(accused=accused))
        saved = table.try_submit(path, {"action": "accuse", "accuser": accuser, "accused": accused,
                                          "truthful": truthful})
        if saved is None:
            continue
        loser = accuser if truthful else accused
        if loser not in discounted:
            discounted.append(loser)
            if debate:
                click.echo("  " + _("{name} lost the accusation and is discounted from this debate.").format(name=loser))
    return discounted


SIDE_WORDS = ("a", "b", "abstain")


def _debate(path: Path, speaker: str, target: str, discounted: list[str]) -> None:
    """Ask every other player's side (RULES.md §2.4); discounted players are not asked."""
    guide = table.current_guide()
    while True:
        side_a, side_b = [speaker], [target]
        for name in guide.state["players"]:
            if name in (speaker, target) or name in discounted:
                continue
            side = table.ask_choice(_("{name}'s side: a (with {speaker}), b (with {target}) or abstain").format(
                name=name, speaker=speaker, target=target), SIDE_WORDS, default="abstain")
            {"a": side_a, "b": side_b}.get(side, []).append(name)
        action = {"action": "debate", "side_a": side_a, "side_b": side_b}
        if discounted:
            action["discounted"] = list(discounted)
        if table.try_submit(path, action):
            return


def _turn(path: Path, speaker: str, state: dict) -> None:
    click.echo("\n== " + _("{name} speaks.").format(name=speaker))
    others = [n for n in state["players"] if n != speaker]
    move = table.ask_choice(_("{name}'s move: a hypothesis, a scientific revolution or a draw").format(name=speaker),
                             ["hypothesis", "revolution", "draw"], default="hypothesis")
    if move != "hypothesis":
        click.echo("  " + _("Nothing changes on the boards."))
        return
    target = table.ask_player(_("Whom does {name} challenge?").format(name=speaker), others)
    agrees = table.ask_choice(_("Does {target} agree (handshake) or state another value (debate)?").format(
        target=target), ["handshake", "debate"])
    accusable = [speaker] if agrees == "handshake" else [speaker, target]
    discounted = _accusations(path, accusable, debate=agrees == "debate")
    if table.current_guide().state["over"]:
        return
    if agrees == "handshake":
        table.try_submit(path, {"action": "handshake", "speaker": speaker, "target": target})
        return
    _debate(path, speaker, target, discounted)


def play(path: Path, session: sessions.Session) -> None:
    """Guided Amphithéâtre: the speaker token goes round in seating order, kept in the file."""
    table.play_turns(_("Who holds the speaker token?"), lambda speaker, state: _turn(path, speaker, state), render)
