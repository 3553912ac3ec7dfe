"""Hoc Censeo at the table: `kit score vote / ballot / resolve / spend-seals / buy-senators`,
the table view, the outcome lines after a vote, and the guided `kit score play`.

Everything the rules decide comes from scorekeeper.rules.hoc_censeo; this module only asks,
builds actions and prints. What a shared screen shows keeps RULES.md §4.14: the totals and
who ranks where, never one player's amount, senators left, tribe or objectives (unless
`--reveal`, or `--as NAME` for that player's own).
"""
from __future__ import annotations

from pathlib import Path

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import _, ngettext
from scorekeeper.rules import hoc_censeo as rules
from scorekeeper.rules.hoc_censeo import COLOURS, MAUVE_CHOICES, SIDES


# -- friendly commands ----------------------------------------------------------------------

def _amounts(values: tuple[str, ...], option: str) -> dict:
    return table.parse_pairs(values, option, example="Alice=20", convert=table.whole_number)


@click.command(epilog=table.examples(
    "vote senate.jsonl --pour Alice=20 --pour Chloé=5 --contre Bob=15 --colour bleu",
    "vote senate.jsonl --pour Alice=10,Bob=10 --colour mauve --order Bob,Alice --bonus jaune",
    "vote senate.jsonl --pour Chloé=8 --contre Bob=8 --tiebreak contre --calamity Alice=senators"))
@table.FILE
@click.option("--pour", multiple=True, metavar="NAME=N", help="Senators a player writes in POUR (repeatable).")
@click.option("--contre", multiple=True, metavar="NAME=N", help="Senators a player writes in CONTRE (repeatable).")
@click.option("--colour", type=table.Word(COLOURS), help="The motion's colour, needed when POUR wins.")
@click.option("--tiebreak", type=table.Word(SIDES), help="The magistrate's word on equal totals.")
@click.option("--order", metavar="A,B", help="The magistrate's order among voters with equal amounts.")
@click.option("--bonus", type=table.Word(MAUVE_CHOICES), help="The bonus chosen on a mauve motion.")
@click.option("--calamity", multiple=True, metavar="NAME=gold|senators", help="A player's calamity choice.")
def vote(file: Path, pour, contre, colour, tiebreak, order, bonus, calamity) -> None:
    """Hoc Censeo: resolve a round's vote (for example --pour Alice=20 --contre Bob=15 --colour bleu)."""
    action: dict = {"action": "vote", "pour": _amounts(pour, "--pour"), "contre": _amounts(contre, "--contre")}
    for key, value in (("colour", colour), ("tiebreak", tiebreak), ("order", table.parse_names(order)),
                       ("bonus", bonus), ("calamity", _calamity_pairs(calamity))):
        if value:
            action[key] = value
    table.submit(file, action)


@click.command(epilog=table.examples("ballot senate.jsonl Alice", "resolve senate.jsonl --colour bleu"))
@table.FILE
@table.PLAYER
def ballot(file: Path, player: str) -> None:
    """Hoc Censeo: PLAYER casts a secret ballot of this round, typed without showing it."""
    def build(session) -> dict:
        name = table.match_name(player, session.state["seating"])
        pour = table.ask_number(_("{name}, POUR").format(name=name), hide=True)
        contre = table.ask_number(_("{name}, CONTRE").format(name=name), hide=True)
        return {"action": "ballot", "player": name, "pour": pour, "contre": contre}
    table.submit(file, build(table.open_session(file)))


@click.command(epilog=table.examples("resolve senate.jsonl --colour bleu",
                                      "resolve senate.jsonl --tiebreak contre --calamity Alice=senators"))
@table.FILE
@click.option("--colour", type=table.Word(COLOURS), help="The motion's colour, needed when POUR wins.")
@click.option("--tiebreak", type=table.Word(SIDES), help="The magistrate's word on equal totals.")
@click.option("--order", metavar="A,B", help="The magistrate's order among voters with equal amounts.")
@click.option("--bonus", type=table.Word(MAUVE_CHOICES), help="The bonus chosen on a mauve motion.")
@click.option("--calamity", multiple=True, metavar="NAME=gold|senators", help="A player's calamity choice.")
def resolve(file: Path, colour, tiebreak, order, bonus, calamity) -> None:
    """Hoc Censeo: resolve the round's vote once every ballot is cast."""
    action: dict = {"action": "resolve"}
    for key, value in (("colour", colour), ("tiebreak", tiebreak), ("order", table.parse_names(order)),
                       ("bonus", bonus), ("calamity", _calamity_pairs(calamity))):
        if value:
            action[key] = value
    table.submit(file, action)


def _calamity_pairs(values: tuple[str, ...]) -> dict:
    def choice(text: str) -> str:
        found = table.match_word(text, rules.CALAMITY_CHOICES)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=", ".join(map(table.label, rules.CALAMITY_CHOICES))))
        return found
    return table.parse_pairs(values, "--calamity", example="Bob=senators", convert=choice)


@click.command("spend-seals", help=f"Hoc Censeo: PLAYER spends {rules.SEALS_PER_PORTION} seals to colour a "
                                   "portion the circle still needs.",
               epilog=table.examples("spend-seals senate.jsonl Alice --colour vert"))
@table.FILE
@table.PLAYER
@click.option("--colour", type=table.Word(COLOURS), required=True, help="The portion's colour.")
def spend_seals(file: Path, player: str, colour: str) -> None:
    table.submit(file, {"action": "spend_seals", "player": player, "colour": colour})


@click.command("buy-senators", help=f"Hoc Censeo: PLAYER spends gold for senators, "
                                    f"{rules.SENATORS_PER_GOLD} per coin.",
               epilog=table.examples("buy-senators senate.jsonl Bob --gold 2"))
@table.FILE
@table.PLAYER
@click.option("--gold", type=table.NUMBER, required=True,
              help=f"Gold coins to spend ({rules.SENATORS_PER_GOLD} senators each).")
def buy_senators(file: Path, player: str, gold: int) -> None:
    table.submit(file, {"action": "buy_senators", "player": player, "gold": gold})


def prepare_players(players: list[dict]) -> list[dict]:
    """Tribes as people type them (`Titienses`, `LUCERES`): the rules' spelling when the word
    names one tribe; anything else is left for the rules to refuse."""
    return [{**player, "role": table.match_word(player["role"], rules.TRIBES) or player["role"]}
            if isinstance(player.get("role"), str) else player for player in players]


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


# -- what show, log and act print -------------------------------------------------------

def describe(action: dict, reveal: bool | str = False, before: dict | None = None) -> str:
    """One line of the log in the active language: a vote shows its totals, each player's
    amounts only with reveal=True, or one player's own with reveal=NAME; a ballot never."""
    name = action.get("action")
    if name == "spend_seals":
        return _("{player} spends {n} seals to colour a {colour} portion.").format(
            player=action.get("player"), n=rules.SEALS_PER_PORTION, colour=table.label(str(action.get("colour"))))
    if name == "buy_senators":
        gold = action.get("gold")
        if not isinstance(gold, int) or isinstance(gold, bool):
            return _("{player} buys senators.").format(player=action.get("player"))
        return ngettext("{player} spends {gold} gold for {senators} senators.",
                        "{player} spends {gold} gold for {senators} senators.", gold).format(
            player=action.get("player"), gold=gold, senators=gold * rules.SENATORS_PER_GOLD)
    if name == "ballot":
        player = action.get("player")
        if reveal is True or (reveal and reveal == player):
            return _("{player} casts a ballot: POUR {pour}, CONTRE {contre}.").format(
                player=player, pour=action.get("pour", 0), contre=action.get("contre", 0))
        return _("{player} casts a secret ballot.").format(player=player)
    if name in ("vote", "resolve"):
        parts = []
        if name == "vote":
            sides = {side: action.get(side) if isinstance(action.get(side), dict) else {} for side in SIDES}
            for side, amounts in sides.items():
                if reveal is True:
                    if amounts:
                        parts.append(side.upper() + " " + ", ".join(f"{n} {v}" for n, v in amounts.items()))
                else:
                    total = sum(v for v in amounts.values() if isinstance(v, int) and not isinstance(v, bool))
                    parts.append(f"{side.upper()} {total}")
            own = [f"{side.upper()} {amounts[reveal]}" for side, amounts in sides.items()
                   if isinstance(reveal, str) and amounts.get(reveal)]
            if own:
                parts.append(f"{reveal}: " + ", ".join(own))
        if action.get("colour") is not None:
            parts.append(_("colour {colour}").format(colour=table.label(str(action["colour"]))))
        if action.get("tiebreak") is not None:
            parts.append(_("tiebreak {side}").format(side=str(action["tiebreak"]).upper()))
        if action.get("bonus") is not None:
            parts.append(_("bonus {colour}").format(colour=table.label(str(action["bonus"]))))
        if action.get("order"):
            parts.append(_("order {names}").format(names=", ".join(map(str, action["order"]))))
        if isinstance(action.get("calamity"), dict) and action["calamity"]:
            parts.append(_("calamity {choices}").format(choices=", ".join(
                f"{n} {table.label(str(c))}" for n, c in action["calamity"].items())))
        if name == "resolve":
            return _("Resolve the ballots: {details}.").format(details=_("; ").join(parts)) if parts \
                else _("Resolve the ballots.")
        return _("Vote: {details}.").format(details=_("; ").join(parts))
    return table.describe_fields(action)


def _goal_text(goal: dict) -> str:
    secondary = goal["secondary"]
    n = secondary["amount"]
    if secondary["kind"] == "seals":
        return ngettext("hold {n} seal", "hold {n} seals", n).format(n=n)
    if secondary["kind"] == "gold":
        return _("hold {n} gold").format(n=n)
    return ngettext("win {n} vote", "win {n} votes", n).format(n=n)


def render(state: dict, lang: str | None = None) -> str:
    """The table view; fields removed by rules.public_view print as hidden."""
    hidden = _("hidden")
    if state["over"]:
        lines = [_("Hoc Censeo. Game over after round {r} of {n}.").format(r=state["round"], n=rules.ROUNDS)]
    else:
        lines = [_("Hoc Censeo. Round {r} of {n} played; magistrate of the next round: {m}; chaos {c}/{p} "
                   "(calamity at {at}).").format(r=state["round"], n=rules.ROUNDS, m=state["magistrate"],
                                                 c=state["chaos"], p=rules.ROME_PORTIONS,
                                                 at=" & ".join(map(str, rules.CALAMITY_AT)))]
    headers = [_("player"), _("tribe"), _("senators"), _("gold"), _("seals"), *map(table.label, COLOURS),
               _("wins"), _("objectives")]
    rows = []
    for name in state["seating"]:
        record = state["players"][name]
        goal = record.get("goal")
        circle = [f"{record['circle'][c]}/{goal['circle'][c]}" if goal else record["circle"][c] for c in COLOURS]
        if "objectives" in record and goal:
            met = [_("circle") if record["objectives"]["circle"] else "",
                   _("secondary") if record["objectives"]["secondary"] else ""]
            objectives = _goal_text(goal) + (
                " (" + _("met: {what}").format(what=", ".join(m for m in met if m)) + ")" if any(met) else "")
        else:
            objectives = hidden
        tribe = rules.TRIBE_NAMES[record["tribe"]] if "tribe" in record else hidden
        rows.append([name, tribe, record.get("senators", hidden),
                     record["gold"], record["seals"], *circle, record["wins"], objectives])
    lines.append(table.text_table(headers, rows))
    if state.get("ballots_cast"):   # who has voted is public; what they wrote is not
        lines.append(_("Ballots cast this round: {names}.").format(names=i18n.join(state["ballots_cast"])))
    if state["votes"]:
        lines.append("")
        rows = [[v["round"], v["magistrate"], v["pour"], v["contre"], v["result"].upper(),
                 table.label(v["colour"]) if v["colour"] else "", _("yes") if v["calamity"] else ""]
                for v in state["votes"]]
        lines.append(table.text_table([_("round"), _("magistrate"), "POUR", "CONTRE", _("result"), _("colour"),
                                   _("calamity")], rows))
    if state["over"]:
        lines.append("")
        lines.append(table.game_over_line(state))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str | None = None) -> list[str]:
    """What a vote did, in sentences for the table: the totals and who ranks where, never an
    amount of one player (printed after `act`, `vote`, `resolve` and in play)."""
    if action.get("action") not in ("vote", "resolve") or len(after["votes"]) == len(before["votes"]):
        return []
    vote = after["votes"][-1]
    side = vote["result"].upper()
    high, low = max(vote["pour"], vote["contre"]), min(vote["pour"], vote["contre"])
    if vote["pour"] == vote["contre"] == 0:
        lines = [_("Nobody wrote any senators; on the magistrate's word {side} wins.").format(side=side)]
    elif vote["pour"] == vote["contre"]:
        lines = [_("{side} wins on the magistrate's word, {high} to {low}.").format(side=side, high=high, low=low)]
    else:
        lines = [_("{side} wins {high} to {low}.").format(side=side, high=high, low=low)]
    if vote["colour"]:
        lines[0] += " " + _("The motion is {colour}.").format(colour=table.label(vote["colour"]))
    ranked = vote["ranked"]
    if vote["result"] == "pour":
        for place, name in enumerate(ranked[:rules.POUR_COLOURING_RANKS]):
            if name in vote.get("forfeited", []):
                did = _("{name} has no room for {colour}: the portion is forfeited").format(
                    name=name, colour=table.label(vote["colour"]))
            else:
                did = _("{name} colours a {colour} portion").format(name=name, colour=table.label(vote["colour"]))
            if place == 0:
                did += _(", gains {seals} seal and the {bonus} bonus").format(
                    seals=rules.POUR_SEALS, bonus=table.label(vote["bonus"]))
            lines.append(f"  {did}.")
    else:
        for name, gold in zip(ranked, rules.CONTRE_GOLD):
            lines.append("  " + _("{name} gains {gold} gold.").format(name=name, gold=gold))
        if after["chaos"] > before["chaos"]:
            lines.append("  " + _("Rome's circle turns grey: chaos {chaos}/{portions}.").format(
                chaos=after["chaos"], portions=rules.ROME_PORTIONS))
    if not ranked:
        lines.append("  " + _("Nobody wrote senators on the winning side: nobody gains anything."))
    if vote["calamity"]:
        spared = vote.get("spared") or []
        text = _("Calamity!") + " "
        if spared:
            text += ngettext("{names} (most green portions) is spared.", "{names} (most green portions) are spared.",
                             len(spared)).format(names=i18n.join(spared)) + " "
        else:
            text += _("Nobody is spared.") + " "
        losses = []
        for name, choice in vote.get("losses", {}).items():
            losses.append(_("{name} loses 1 gold").format(name=name) if choice == "gold"
                          else _("{name} loses senators").format(name=name))   # how many is secret
        lines.append("  " + text + "; ".join(losses) + ".")
    unused = [field for field, used in (("tiebreak", vote["pour"] == vote["contre"]),
                                        ("calamity", vote["calamity"]),
                                        ("bonus", vote["result"] == "pour" and vote["colour"] == "mauve"))
              if action.get(field) and not used]
    if unused:
        lines.append("  " + _("Not needed on this vote, so not used: {fields}.").format(
            fields=", ".join("--" + f for f in unused)))
    if not after["over"]:
        lines.append(_("Next: round {round} of {rounds}, magistrate {magistrate}.").format(
            round=after["round"] + 1, rounds=rules.ROUNDS, magistrate=after["magistrate"]))
    return lines


# -- guided play ---------------------------------------------------------------------------

def play(path: Path, session) -> None:
    """Round after round until the game ends. Each player's vote is a secret ballot saved at
    once (nothing typed is shown, a refusal never repeats a number); once all are in, the
    totals are confirmed and the vote resolved. Every entry is saved as soon as accepted."""
    announced = []

    def step(guide: table.Guide) -> bool:
        state = guide.state
        if state["over"]:
            if not announced:
                _announce_end(state)
            return True
        click.echo("")
        click.echo(_("Round {round} of {rounds}. Magistrate: {magistrate}. Chaos {chaos}/{portions}.").format(
            round=state["round"] + 1, rounds=rules.ROUNDS, magistrate=state["magistrate"], chaos=state["chaos"],
            portions=rules.ROME_PORTIONS))
        if state["ballots_cast"]:
            click.echo(_("Ballots already cast this round: {names}.").format(names=i18n.join(state["ballots_cast"])))
        choice = _menu(state)
        if choice == "seals":
            _spend_seals(guide)
        elif choice == "gold":
            _buy_senators(guide)
        else:
            if _vote(guide) and guide.state["over"]:
                announced.append(True)
                _announce_end(guide.state, already_said=True)
                return True
        return False
    table.guided_loop(step)


def _menu(state: dict) -> str:
    choices = ["vote"]
    if any(p["seals"] >= rules.SEALS_PER_PORTION and _needed_colours(state, n) for n, p in state["players"].items()):
        choices.append("seals")
    if any(p["gold"] >= 1 for p in state["players"].values()):
        choices.append("gold")
    if len(choices) == 1:
        return "vote"
    help_text = _("vote: each player casts a secret ballot; seals: spend {seals} to colour a portion; "
                  "gold: buy {senators} senators a coin.").format(seals=rules.SEALS_PER_PORTION,
                                                                  senators=rules.SENATORS_PER_GOLD)
    click.echo("  " + help_text)
    return table.ask_choice(_("Next"), choices, default="vote", help=help_text)


def _needed_colours(state: dict, name: str) -> list[str]:
    return [c for c in COLOURS if rules.needed(state, name, c) > 0]


def _vote(guide: table.Guide) -> bool:
    """Ballots for whoever has not voted yet, then the totals confirmed and the vote
    resolved; True once resolved."""
    help_text = _("Type the number of senators; Enter alone is 0. Nothing typed is shown, and a refusal "
                  "never repeats it.")
    for name in guide.state["seating"]:
        if name in guide.state["ballots_cast"]:
            continue
        state = guide.state
        click.echo(_("{name}, your secret ballot (the others look away).").format(name=name))
        pour = table.ask_number(_("{name}, POUR").format(name=name), hide=True, help=help_text,
                                 check=lambda v, n=name, s=state: rules.check_vote_entry(s, n, v, 0))
        contre = table.ask_number(_("{name}, CONTRE").format(name=name), hide=True, help=help_text,
                                   check=lambda v, n=name, p=pour, s=state: rules.check_vote_entry(s, n, p, v))
        if table.try_submit(guide.path, {"action": "ballot", "player": name, "pour": pour, "contre": contre},
                             quiet=True, reveal=False) is None:
            raise table.Restart
        click.echo(_("{name}'s ballot is cast.").format(name=name))
    state = guide.state
    ballots = state["ballots"]
    pour = {n: b["pour"] for n, b in ballots.items() if b["pour"]}
    contre = {n: b["contre"] for n, b in ballots.items() if b["contre"]}
    click.echo(_("All ballots are in: POUR {pour}, CONTRE {contre}.").format(
        pour=sum(pour.values()), contre=sum(contre.values())))
    if not table.ask_yes_no(_("Resolve the vote with these totals?"), default=True):
        _cast_again(guide)
        raise table.Restart
    action: dict = {"action": "resolve"}
    result = rules.vote_result(pour, contre, None)
    if result is None:
        result = table.ask_choice(_("Equal totals. {magistrate}, as magistrate, which side wins?").format(
            magistrate=state["magistrate"]), SIDES)
        action["tiebreak"] = result
    if result == "pour":
        action["colour"] = table.ask_choice(_("POUR wins. The motion's colour"), COLOURS)
    amounts = pour if result == "pour" else contre
    order: list[str] = []
    for group in rules.tied_groups_needing_order(result, amounts, state["seating"]):
        order += _ask_order(state["magistrate"], group, result)
    if order:
        action["order"] = order
    ranked = rules.rank_voters(amounts, state["seating"], order)
    if result == "pour" and action["colour"] == "mauve" and ranked:
        action["bonus"] = table.ask_choice(_("{name}, your bonus for the mauve motion").format(name=ranked[0]),
                                            MAUVE_CHOICES)
    if rules.calamity_due(state, result):
        action["calamity"] = _ask_calamity(state, ranked)
    session = table.try_submit(guide.path, action, quiet=True, reveal=False,
                                refused_note=_("The vote was not resolved; let us take it again."))
    if session is None:
        return False
    for line in table.outcome_lines(session, state, action)[1:]:
        click.echo(line)
    return True


def _cast_again(guide: table.Guide) -> None:
    """Undo ballots back to the one a player wants to cast again (those after it go too)."""
    cast = guide.state["ballots_cast"]
    name = table.ask_player(_("Whose ballot is to be cast again?"), cast)
    again = cast[cast.index(name):]
    for _name in again:
        table.submit(guide.path, {"action": "undo"}, quiet=True)
    click.echo(ngettext("{names} casts a ballot again.", "{names} cast their ballots again.", len(again)).format(
        names=i18n.join(again)))


def _ask_order(magistrate: str, group: list[str], side: str) -> list[str]:
    """The magistrate ranks voters who wrote equal amounts (the amount stays secret)."""
    click.echo(_("{names} wrote the same amount for {side}.").format(names=i18n.join(group), side=side.upper()))
    left, order = list(group), []
    while len(left) > 1:
        pick = table.ask_player(_("{magistrate}, as magistrate, who ranks first among them").format(
            magistrate=magistrate), left)
        order.append(pick)
        left.remove(pick)
    return order + left


def _ask_calamity(state: dict, ranked: list[str]) -> dict:
    """Each player's loss to the calamity; the gold won on this vote counts as held."""
    gained = dict(zip(ranked, rules.CONTRE_GOLD))
    spared = rules.spared(state)
    text = _("Rome's portion number {n} turns grey: calamity!").format(n=state["chaos"] + 1)
    if spared:
        text += " " + ngettext("{names} (most green portions) is spared.", "{names} (most green portions) are spared.",
                               len(spared)).format(names=i18n.join(spared))
    click.echo(text)
    choices = {}
    for name in state["seating"]:
        if name in spared:
            continue
        gold = state["players"][name]["gold"] + gained.get(name, 0)
        if gold < rules.CALAMITY_LOSS["gold"]:
            click.echo(_("{name} has no gold and loses {n} senators.").format(name=name, n=rules.CALAMITY_LOSS["senators"]))
            choices[name] = "senators"
        else:
            choices[name] = table.ask_choice(_("{name}, lose {gold} gold or {senators} senators").format(
                name=name, gold=rules.CALAMITY_LOSS["gold"], senators=rules.CALAMITY_LOSS["senators"]),
                rules.CALAMITY_CHOICES, default="gold")
    return choices


def _spend_seals(guide: table.Guide) -> None:
    state = guide.state
    able = [n for n in state["seating"]
            if state["players"][n]["seals"] >= rules.SEALS_PER_PORTION and _needed_colours(state, n)]
    name = able[0] if len(able) == 1 else table.ask_player(_("Who spends seals"), able)
    colour = table.ask_choice(_("{name}, colour a portion in").format(name=name), _needed_colours(state, name))
    table.try_submit(guide.path, {"action": "spend_seals", "player": name, "colour": colour})


def _buy_senators(guide: table.Guide) -> None:
    state = guide.state
    able = [n for n in state["seating"] if state["players"][n]["gold"] >= 1]
    name = able[0] if len(able) == 1 else table.ask_player(_("Who spends gold"), able)
    have = state["players"][name]["gold"]

    def check(gold: int) -> None:
        rules.apply(state, {"action": "buy_senators", "player": name, "gold": gold})

    gold = table.ask_number(_("{name}, gold to spend (you have {have}; {senators} senators each)").format(
        name=name, have=have, senators=rules.SENATORS_PER_GOLD), default=have, check=check)
    # the senators bought are secret: the line printed says only the gold spent
    if table.try_submit(guide.path, {"action": "buy_senators", "player": name, "gold": gold}, quiet=True):
        click.echo(_("{name} spends {gold} gold on senators.").format(name=name, gold=gold))


def _announce_end(state: dict, *, already_said: bool = False) -> None:
    """Who won and why; the "Game over" line itself only when the vote's outcome did not print it."""
    if not already_said:
        click.echo(table.game_over_line(state))
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        what = [_("completed the circle") if met["circle"] else "",
                _("met the secondary objective ({goal})").format(goal=_goal_text(state["players"][name]["goal"]))
                if met["secondary"] else ""]
        click.echo("  " + _("{name} {what}.").format(name=name, what=_(" and ").join(w for w in what if w)))
