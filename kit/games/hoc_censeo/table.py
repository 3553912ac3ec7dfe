"""Hoc Censeo at the table: `kit score vote / spend-seals / buy-senators`, the table view,
the outcome lines after a vote, and the guided `kit score play`.

Everything the rules decide comes from scorekeeper.rules.hoc_censeo; this module only asks,
builds actions and prints.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit.errors import KitError
from kit import table as common
from scorekeeper import session as sessions
from scorekeeper.rules import hoc_censeo as rules
from scorekeeper.rules.hoc_censeo import COLOURS, MAUVE_CHOICES, SIDES


# The table's words in French; in English a word is its key, so only the sentences are listed.
_WORDS = {
    "en": {"goal_seals": "hold {n} seals", "goal_gold": "hold {n} gold", "goal_wins": "win {n} votes",
           "ballots": "Ballots cast this round: {names}.",
           "head": "Round {r} of {n} played; magistrate of the next round: {m}; chaos {c}/{p} (calamity at {at})."},
    "fr": {"player": "joueur", "tribe": "tribu", "senators": "sénateurs", "gold": "or", "seals": "sceaux",
           "wins": "victoires", "objectives": "objectifs", "hidden": "caché", "round": "tour",
           "magistrate": "magistrat", "result": "résultat", "colour": "couleur", "calamity": "calamité",
           "yes": "oui", "circle": "cercle", "secondary": "secondaire",
           "goal_seals": "avoir {n} sceaux", "goal_gold": "avoir {n} or", "goal_wins": "gagner {n} votes",
           "met": "atteint", "ballots": "Bulletins déposés ce tour : {names}.",
           "head": "Tours joués : {r} sur {n} ; magistrat du tour suivant : {m} ; chaos {c}/{p} (calamité à {at})."},
}


# -- friendly commands ----------------------------------------------------------------------

def _amounts(values: tuple[str, ...], option: str) -> dict:
    return common.parse_pairs(values, option, example="Alice=20", convert=common.whole_number)


@click.command(epilog=common.examples(
    "vote senate.jsonl --pour Alice=20 --pour Chloé=5 --contre Bob=15 --colour bleu",
    "vote senate.jsonl --pour Alice=10,Bob=10 --colour mauve --order Bob,Alice --bonus jaune",
    "vote senate.jsonl --pour Chloé=8 --contre Bob=8 --tiebreak contre --calamity Alice=senators"))
@common.FILE
@click.option("--pour", multiple=True, metavar="NAME=N", help="Senators a player writes in POUR (repeatable).")
@click.option("--contre", multiple=True, metavar="NAME=N", help="Senators a player writes in CONTRE (repeatable).")
@click.option("--colour", type=click.Choice(COLOURS), help="The motion's colour, needed when POUR wins.")
@click.option("--tiebreak", type=click.Choice(SIDES), help="The magistrate's word on equal totals.")
@click.option("--order", metavar="A,B", help="The magistrate's order among voters with equal amounts.")
@click.option("--bonus", type=click.Choice(MAUVE_CHOICES), help="The bonus chosen on a mauve motion.")
@click.option("--calamity", multiple=True, metavar="NAME=gold|senators", help="A player's calamity choice.")
def vote(file: Path, pour, contre, colour, tiebreak, order, bonus, calamity) -> None:
    """Hoc Censeo: resolve a round's vote (for example --pour Alice=20 --contre Bob=15 --colour bleu)."""
    action: dict = {"action": "vote", "pour": _amounts(pour, "--pour"), "contre": _amounts(contre, "--contre")}
    for key, value in (("colour", colour), ("tiebreak", tiebreak), ("order", common.parse_names(order)),
                       ("bonus", bonus), ("calamity", common.parse_pairs(calamity, "--calamity",
                                                                         example="Bob=senators", convert=str))):
        if value:
            action[key] = value
    common.submit(file, action)


@click.command("spend-seals", help=f"Hoc Censeo: PLAYER spends {rules.SEALS_PER_PORTION} seals to colour a "
                                   "portion the circle still needs.",
               epilog=common.examples("spend-seals senate.jsonl Alice --colour vert"))
@common.FILE
@common.PLAYER
@click.option("--colour", type=click.Choice(COLOURS), required=True, help="The portion's colour.")
def spend_seals(file: Path, player: str, colour: str) -> None:
    common.submit(file, {"action": "spend_seals", "player": player, "colour": colour})


@click.command("buy-senators", help=f"Hoc Censeo: PLAYER spends gold for senators, "
                                    f"{rules.SENATORS_PER_GOLD} per coin.",
               epilog=common.examples("buy-senators senate.jsonl Bob --gold 2"))
@common.FILE
@common.PLAYER
@click.option("--gold", type=int, required=True,
              help=f"Gold coins to spend ({rules.SENATORS_PER_GOLD} senators each).")
def buy_senators(file: Path, player: str, gold: int) -> None:
    common.submit(file, {"action": "buy_senators", "player": player, "gold": gold})


def prepare_options(options: dict) -> dict:
    """Accept the print side's objectives file as is (`objectives=@layouts/hoc-censeo/objectives.yaml`).

    That file lists `tribes` with a printed `origin` line; the rules want tribe -> {circle,
    secondary}. Anything else is left for the rules to judge.
    """
    objectives = options.get("objectives")
    if isinstance(objectives, dict) and isinstance(objectives.get("tribes"), list):
        converted = {}
        for entry in objectives["tribes"]:
            if not isinstance(entry, dict) or "tribe" not in entry:
                raise KitError("Each entry of the objectives file's tribes needs a tribe, a circle and a secondary.")
            converted[entry["tribe"]] = {k: entry.get(k) for k in ("circle", "secondary")}
        options = {**options, "objectives": converted}
    return options


# -- what show and act print ---------------------------------------------------------------

def render(state: dict, lang: str = "en") -> str:
    """The table view; fields removed by rules.public_view print as hidden."""
    words = _WORDS[lang]

    def w(key: str) -> str:
        return words.get(key, key)

    lines = [f"{rules.TITLE}. " + w("head").format(
        r=state["round"], n=rules.ROUNDS, m=state["magistrate"], c=state["chaos"], p=rules.ROME_PORTIONS,
        at=" & ".join(map(str, rules.CALAMITY_AT)))]
    headers = [w("player"), w("tribe"), w("senators"), w("gold"), w("seals"), *COLOURS, w("wins"), w("objectives")]
    rows = []
    for name in state["seating"]:
        record = state["players"][name]
        goal = record.get("goal")
        circle = [f"{record['circle'][c]}/{goal['circle'][c]}" if goal else record["circle"][c] for c in COLOURS]
        if "objectives" in record and goal:
            secondary = goal["secondary"]
            met = [w("circle") if record["objectives"]["circle"] else "",
                   w("secondary") if record["objectives"]["secondary"] else ""]
            objectives = w("goal_" + secondary["kind"]).format(n=secondary["amount"]) + (
                f" ({w('met')}: {', '.join(m for m in met if m)})" if any(met) else "")
        else:
            objectives = w("hidden")
        rows.append([name, rules.TRIBE_NAMES[record["tribe"]], record.get("senators", w("hidden")),
                     record["gold"], record["seals"], *circle, record["wins"], objectives])
    lines.append(common.table(headers, rows))
    if state.get("ballots_cast"):   # who has voted is public; what they wrote is not
        lines.append(w("ballots").format(names=common.join_names(state["ballots_cast"])))
    if state["votes"]:
        lines.append("")
        rows = [[v["round"], v["magistrate"], v["pour"], v["contre"], v["result"].upper(), v["colour"] or "",
                 w("yes") if v["calamity"] else ""] for v in state["votes"]]
        lines.append(common.table([w("round"), w("magistrate"), "POUR", "CONTRE", w("result"), w("colour"),
                                   w("calamity")], rows))
    if state["over"]:
        lines.append("")
        lines.append(common.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str = "en") -> list[str]:
    """What a vote did, in sentences for the table (printed after `act`, `vote` and in play)."""
    if action.get("action") != "vote" or len(after["votes"]) == len(before["votes"]):
        return []
    vote = after["votes"][-1]
    tie = " on the magistrate's word" if vote["pour"] == vote["contre"] else ""
    lines = [f"{vote['result'].upper()} wins {max(vote['pour'], vote['contre'])} to "
             f"{min(vote['pour'], vote['contre'])}{tie}" + (f" on a {vote['colour']} motion." if vote["colour"] else ".")]
    ranked = vote["ranked"]
    if vote["result"] == "pour":
        for place, name in enumerate(ranked[:rules.POUR_COLOURING_RANKS]):
            did = (f"has no room for {vote['colour']}: the portion is forfeited" if name in vote.get("forfeited", [])
                   else f"colours a {vote['colour']} portion")
            if place == 0:
                gains = ", ".join(f"+{n} {k[:-1] if n == 1 and k.endswith('s') else k}"
                                  for k, n in rules.COLOUR_BONUS[vote["bonus"]].items())
                did += f", gains {rules.POUR_SEALS} seal and the {vote['bonus']} bonus ({gains})"
            lines.append(f"  {name} {did}.")
    else:
        for name, gold in zip(ranked, rules.CONTRE_GOLD):
            lines.append(f"  {name} gains {gold} gold.")
        if after["chaos"] > before["chaos"]:
            lines.append(f"  Rome's circle turns grey: chaos {after['chaos']}/{rules.ROME_PORTIONS}.")
    if not ranked:
        lines.append("  Nobody wrote senators on the winning side: nobody gains anything.")
    if vote["calamity"]:
        spared = vote.get("spared") or []
        lines.append("  Calamity! " + (f"{common.join_names(spared)} (most green portions) "
                                       f"{'is' if len(spared) == 1 else 'are'} spared. " if spared else "Nobody is spared. ")
                     + "; ".join(f"{n} loses {rules.CALAMITY_LOSS[c]} {c}" for n, c in vote.get("losses", {}).items())
                     + ".")
    # The rules ignore answers they did not need; say so, or the log's "tiebreak pour" on a
    # 10-to-0 vote reads as if it had counted.
    unused = [field for field, used in (("tiebreak", vote["pour"] == vote["contre"]),
                                        ("calamity", vote["calamity"]),
                                        ("bonus", vote["result"] == "pour" and vote["colour"] == "mauve"))
              if action.get(field) and not used]
    if unused:
        lines.append(f"  Not needed on this vote, so not used: {', '.join('--' + f for f in unused)}.")
    if not after["over"]:
        lines.append(f"Next: round {after['round'] + 1} of {rules.ROUNDS}, magistrate {after['magistrate']}.")
    return lines


# -- guided play ---------------------------------------------------------------------------

def play(path: Path, session: sessions.Session) -> None:
    """Round after round until the game ends; every accepted vote or spending is saved at once."""
    resumed = True   # a file already finished: nothing printed the end yet
    while True:
        state = session.state
        if state["over"]:
            _announce_end(state, already_said=not resumed)
            return
        resumed = False
        click.echo("")
        click.echo(f"Round {state['round'] + 1} of {rules.ROUNDS}. Magistrate: {state['magistrate']}. "
                   f"Chaos {state['chaos']}/{rules.ROME_PORTIONS}.")
        choice = _menu(session)
        if choice == "quit":
            click.echo(f"Saved in {path}; `kit score play {path}` resumes here.")
            return
        if choice == "undo":
            session = _undo(path, session)
        elif choice == "seals":
            session = _spend_seals(path, state)
        elif choice == "gold":
            session = _buy_senators(path, state)
        else:
            session = _vote(path, state) or session


def _menu(session: sessions.Session) -> str:
    state = session.state
    choices = ["vote"]
    if any(p["seals"] >= rules.SEALS_PER_PORTION and _needed_colours(state, n)
           for n, p in state["players"].items()):
        choices.append("seals")
    if any(p["gold"] >= 1 for p in state["players"].values()):
        choices.append("gold")
    if session.latest_in_effect() is not None:
        choices.append("undo")
    choices.append("quit")
    # Say what each word does: "seals" and "gold" alone do not tell a table they spend them.
    meaning = {"vote": "vote", "seals": f"seals: spend {rules.SEALS_PER_PORTION} to colour a portion",
               "gold": f"gold: buy {rules.SENATORS_PER_GOLD} senators a coin",
               "undo": "undo the last entry", "quit": "quit"}
    click.echo("  " + "; ".join(meaning[c] for c in choices) + ".")
    return common.ask_choice("Next", choices, default="vote")


def _needed_colours(state: dict, name: str) -> list[str]:
    return [c for c in COLOURS if rules.needed(state, name, c) > 0]


def _vote(path: Path, state: dict) -> sessions.Session | None:
    """The vote as typed; the new session, or None when the rules refused it."""
    seating = state["seating"]
    pour: dict = {}
    contre: dict = {}
    click.echo("Each player in turn types POUR and CONTRE (Enter alone: 0); nothing typed is shown.")
    for name in seating:
        p = common.ask_number(f"{name}, POUR", hide=True,
                              check=lambda v, n=name: rules.check_vote_entry(state, n, v, 0))
        c = common.ask_number(f"{name}, CONTRE", hide=True,
                              check=lambda v, n=name, p=p: rules.check_vote_entry(state, n, p, v))
        if p:
            pour[name] = p
        if c:
            contre[name] = c
    action: dict = {"action": "vote", "pour": pour, "contre": contre}
    total_pour, total_contre = sum(pour.values()), sum(contre.values())
    click.echo(f"POUR {total_pour}, CONTRE {total_contre}.")
    result = rules.vote_result(pour, contre, None)
    if result is None:
        result = common.ask_choice(f"Equal totals. {state['magistrate']}, as magistrate, which side wins?", SIDES)
        action["tiebreak"] = result
    if result == "pour":
        action["colour"] = common.ask_choice("POUR wins. The motion's colour", COLOURS)
    amounts = pour if result == "pour" else contre
    order: list[str] = []
    for group in rules.tied_groups_needing_order(result, amounts, seating):
        order += _ask_order(state["magistrate"], group, amounts[group[0]], result)
    if order:
        action["order"] = order
    ranked = rules.rank_voters(amounts, seating, order)
    if result == "pour" and action["colour"] == "mauve" and ranked:
        action["bonus"] = common.ask_choice(f"{ranked[0]}, your bonus for the mauve motion", MAUVE_CHOICES)
    if rules.calamity_due(state, result):
        action["calamity"] = _ask_calamity(state, ranked)
    session = common.try_submit(path, action, quiet=True,
                                refused_note="The vote was not saved; let us take it again.")
    # Not the first line (the action itself): it would show every player's hidden amounts.
    for line in common.outcome_lines(session, state, action)[1:] if session else []:
        click.echo(line)
    return session


def _ask_order(magistrate: str, group: list[str], amount: int, side: str) -> list[str]:
    """The magistrate ranks voters with equal amounts, one pick at a time."""
    click.echo(f"{common.join_names(group)} each wrote {amount} {side.upper()}.")
    left, order = list(group), []
    while len(left) > 1:
        pick = common.ask_choice(f"{magistrate}, as magistrate, who ranks first among them", left)
        order.append(pick)
        left.remove(pick)
    return order + left


def _ask_calamity(state: dict, ranked: list[str]) -> dict:
    """Each player's loss to the calamity; the gold won on this vote counts as held."""
    gained = dict(zip(ranked, rules.CONTRE_GOLD))
    spared = rules.spared(state)
    click.echo(f"Rome's {state['chaos'] + 1}th portion turns grey: calamity!"
               + (f" {common.join_names(spared)} (most green portions) "
                  f"{'is' if len(spared) == 1 else 'are'} spared." if spared else ""))
    choices = {}
    for name in state["seating"]:
        if name in spared:
            continue
        gold = state["players"][name]["gold"] + gained.get(name, 0)
        if gold < rules.CALAMITY_LOSS["gold"]:
            click.echo(f"{name} has no gold and loses {rules.CALAMITY_LOSS['senators']} senators.")
            choices[name] = "senators"
        else:
            choices[name] = common.ask_choice(
                f"{name}, lose {rules.CALAMITY_LOSS['gold']} gold or {rules.CALAMITY_LOSS['senators']} senators",
                rules.CALAMITY_CHOICES, default="gold")
    return choices


def _spend_seals(path: Path, state: dict) -> sessions.Session:
    able = [n for n in state["seating"]
            if state["players"][n]["seals"] >= rules.SEALS_PER_PORTION and _needed_colours(state, n)]
    name = able[0] if len(able) == 1 else common.ask_choice("Who spends seals", able)
    colour = common.ask_choice(f"{name}, colour a portion in", _needed_colours(state, name))
    return common.submit(path, {"action": "spend_seals", "player": name, "colour": colour})


def _buy_senators(path: Path, state: dict) -> sessions.Session:
    able = [n for n in state["seating"] if state["players"][n]["gold"] >= 1]
    name = able[0] if len(able) == 1 else common.ask_choice("Who spends gold", able)
    have = state["players"][name]["gold"]

    def check(gold: int) -> None:
        rules.apply(state, {"action": "buy_senators", "player": name, "gold": gold})

    gold = common.ask_number(f"{name}, gold to spend (you have {have}; {rules.SENATORS_PER_GOLD} senators each)",
                             default=have, check=check)
    return common.submit(path, {"action": "buy_senators", "player": name, "gold": gold})


def _undo(path: Path, session: sessions.Session) -> sessions.Session:
    """The session after the undo asked for (the same one when there is none or it is declined)."""
    latest = session.latest_in_effect()
    if latest is None:
        click.echo("There is nothing to undo.")
        return session
    if common.ask_yes_no(f"Undo line {latest.line} ({common.describe(session.game, latest.action).rstrip('.')})?"):
        session, _ = common.undo(path)
        click.echo(f"Line {latest.line} undone.")
    return session


def _announce_end(state: dict, *, already_said: bool = False) -> None:
    """Who won and why; the "Game over" line itself only when the vote's outcome did not print it."""
    if not already_said:
        click.echo(common.game_over_line(state))
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        secondary = state["players"][name]["goal"]["secondary"]
        what = ["completed the circle" if met["circle"] else "",
                f"met the secondary objective ({secondary['kind']} {secondary['amount']})" if met["secondary"] else ""]
        click.echo(f"  {name} {' and '.join(w for w in what if w)}.")
