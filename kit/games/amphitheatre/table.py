"""`kit score` for Amphithéâtre: friendly commands, the `show` table and guided play.

The commands only build the action of SCOREKEEPER.md and hand it to `common.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.amphitheatre.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit.errors import KitError
from kit import table as common
from scorekeeper import session as sessions
from scorekeeper.rules import amphitheatre as rules



def _names(values: tuple[str, ...]) -> list[str]:
    """Repeated or comma-separated names: `--a Ana,Cléo` or `--a Ana --a Cléo`."""
    names: list[str] = []
    for value in values:
        names += common.parse_names(value) or []
    return names


# -- friendly commands -------------------------------------------------------------------

@click.command(epilog=common.examples("handshake amphi.jsonl Ana Ben"))
@common.FILE
@click.argument("speaker")
@click.argument("target")
def handshake(file: Path, speaker: str, target: str) -> None:
    """Amphithéâtre: TARGET agrees with SPEAKER's hypothesis; both gain their row's gain."""
    common.submit(file, {"action": "handshake", "speaker": speaker, "target": target})


@click.command(epilog=common.examples("debate amphi.jsonl --a Ana,Cléo --b Ben",
                                      "debate amphi.jsonl --a Ana --b Ben,Dan --discounted Cléo"))
@common.FILE
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
    common.submit(file, action)


@click.command(epilog=common.examples("accuse amphi.jsonl Cléo Ana --lying",
                                      "accuse amphi.jsonl Cléo Ana --truthful"))
@common.FILE
@click.argument("accuser")
@click.argument("accused")
@click.option("--truthful/--lying", default=None,
              help="Whether ACCUSED's hypothesis matched their card.")
def accuse(file: Path, accuser: str, accused: str, truthful: bool | None) -> None:
    """Amphithéâtre: ACCUSER accuses ACCUSED of bluffing; say --truthful or --lying."""
    if truthful is None:
        raise KitError(f"Say whether {accused}'s hypothesis matched their card: --truthful or --lying.")
    common.submit(file, {"action": "accuse", "accuser": accuser, "accused": accused, "truthful": truthful})


# -- show ----------------------------------------------------------------------------------

def render(state: dict, lang: str = "en") -> str:
    """The `show` table: standings by seats, with each player's row and what it is worth."""
    fr = lang == "fr"
    rows_text = "/".join(str(n) for n in rules.ROW_SEATS)
    title = (f"Amphithéâtre : {state['capacity']} places (rangées de {rows_text})" if fr
             else f"Amphithéâtre: {state['capacity']} seats (rows of {rows_text})")
    headers = (["rang", "joueur", "places", "rangée", "doute", "gain", "pénalité", "manque"] if fr
               else ["rank", "player", "seats", "row", "doubt", "gain", "penalty", "to go"])
    rows = []
    for rank, name in rules.standings(state):
        p = state["players"][name]
        amounts = rules.TOKEN_TABLE[p["row"]]
        rows.append([rank, name, p["seats"], p["row"], p["doubt"], amounts["gain"], amounts["penalty"],
                     state["capacity"] - p["seats"]])
    lines = [title, common.table(headers, rows)]
    if state["over"]:
        lines.append(common.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str = "en") -> list[str]:
    """Each player's seats and doubt that moved."""
    lines = []
    for name, now in after["players"].items():
        was = before["players"][name]
        changes = [f"{key} {was[key]} -> {now[key]}" for key in ("seats", "doubt") if was[key] != now[key]]
        if changes:
            lines.append(f"  {name}: " + ", ".join(changes))
    return lines


# -- guided play ---------------------------------------------------------------------------

def _optional_name(allowed: list[str]):
    def convert(text: str) -> str | None:
        text = text.strip()
        if not text:
            return None
        if text not in allowed:
            raise KitError(f"Answer one of {', '.join(allowed)}, or nothing.")
        return text
    return convert


def _accusations(path: Path, accusable: list[str], state: dict, *, debate: bool) -> tuple[dict, list[str]]:
    """RULES.md §2.5: accusations against whoever stated a hypothesis; the losers are discounted."""
    discounted: list[str] = []
    names = list(state["players"])
    while not state["over"]:
        accuser = common.ask("Does anyone accuse? Accuser's name (empty: nobody)", _optional_name(names),
                             default="")
        if accuser is None:
            break
        targets = [n for n in accusable if n != accuser]
        if not targets:
            click.echo(f"  {accuser} stated the hypothesis and cannot accuse themselves.", err=True)
            continue
        accused = targets[0] if len(targets) == 1 else common.ask_choice(f"Whom does {accuser} accuse?", targets)
        truthful = common.ask_choice(f"Did {accused}'s hypothesis match their card?", ["yes", "no"]) == "yes"
        saved = common.try_submit(path, {"action": "accuse", "accuser": accuser, "accused": accused,
                                          "truthful": truthful})
        if saved is None:
            continue
        state = saved.state
        loser = accuser if truthful else accused
        if loser not in discounted:
            discounted.append(loser)
            if debate:
                click.echo(f"  {loser} lost the accusation and is discounted from this debate.")
    return state, discounted


def _debate(path: Path, speaker: str, target: str, state: dict, discounted: list[str]) -> dict:
    """Ask every other player's side (RULES.md §2.4); discounted players are not asked."""
    while True:
        side_a, side_b = [speaker], [target]
        for name in state["players"]:
            if name in (speaker, target) or name in discounted:
                continue
            side = common.ask_choice(f"{name}'s side: a (with {speaker}), b (with {target}) or abstain",
                                     ["a", "b", "abstain"], default="abstain")
            {"a": side_a, "b": side_b}.get(side, []).append(name)
        action = {"action": "debate", "side_a": side_a, "side_b": side_b}
        if discounted:
            action["discounted"] = list(discounted)
        saved = common.try_submit(path, action)
        if saved:
            return saved.state


def _turn(path: Path, speaker: str, state: dict) -> dict:
    click.echo(f"\n== {speaker} speaks.")
    others = [n for n in state["players"] if n != speaker]
    move = common.ask_choice(f"{speaker}'s move: a hypothesis, a scientific revolution or a draw",
                             ["hypothesis", "revolution", "draw"], default="hypothesis")
    if move != "hypothesis":
        click.echo("  Nothing changes on the boards.")
        return state
    target = common.ask_choice(f"Whom does {speaker} challenge?", others)
    agrees = common.ask_choice(f"Does {target} agree (handshake) or state another value (debate)?",
                               ["handshake", "debate"])
    accusable = [speaker] if agrees == "handshake" else [speaker, target]
    state, discounted = _accusations(path, accusable, state, debate=agrees == "debate")
    if state["over"]:
        return state
    if agrees == "handshake":
        saved = common.try_submit(path, {"action": "handshake", "speaker": speaker, "target": target})
        return saved.state if saved else state
    return _debate(path, speaker, target, state, discounted)


def play(path: Path, session: sessions.Session) -> None:
    """Guided Amphithéâtre: the speaker token goes round in seating order."""
    common.play_turns(session.state, "Who holds the speaker token?",
                      lambda speaker, state: _turn(path, speaker, state), render)
