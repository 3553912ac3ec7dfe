"""Hoc Censeo at the table: `kit score vote / ballot / resolve / spend-seals / buy-senators`,
the table view, and the questions guided play asks for the rules' decisions.

Everything the rules decide comes from scorekeeper.rules.hoc_censeo; this module only asks,
builds actions and prints. What a shared screen shows keeps RULES.md §4.14: the totals and
who ranks where, never one player's amount, senators left, tribe or objectives (unless
`--reveal`, or `--as NAME` for that player's own).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import N_, _, ngettext
from scorekeeper.errors import Message, RuleViolation, plural
from scorekeeper.rules import hoc_censeo as rules
from scorekeeper.rules.flow import Decision, Line, Seat
from scorekeeper.rules.hoc_censeo import COLOURS, MAUVE_CHOICES, SIDES

# -- friendly commands ----------------------------------------------------------------------

def _amounts(values: tuple[str, ...], side: str) -> dict[str, Any]:
    return table.parse_pairs(values, table.spelled(side), example="Alice=20", convert=table.whole_number)


# The examples naming a side or a colour are msgids: the English catalogue types them --for,
# --against, blue... (kit.cli.translate_help), the words an English table reads.
@click.command(epilog=table.examples(
    N_("vote senate.jsonl --pour Alice=20 --pour Chloé=5 --contre Bob=15 --colour bleu"),
    N_("vote senate.jsonl --pour Alice=10,Bob=10 --colour mauve --order Bob,Alice --bonus jaune"),
    N_("vote senate.jsonl --pour Chloé=8 --contre Bob=8 --tiebreak contre --calamity Alice=senators")))
@table.FILE
@click.option("--pour", "--for", "pour", cls=table.Spelled, multiple=True, metavar="NAME=N",
              help="Senators a player writes in POUR (repeatable).")
@click.option("--contre", "--against", "contre", cls=table.Spelled, multiple=True, metavar="NAME=N",
              help="Senators a player writes in CONTRE (repeatable).")
@click.option("--colour", type=table.Word(COLOURS), help="The motion's colour, needed when POUR wins.")
@click.option("--tiebreak", type=table.Word(SIDES), help="The magistrate's word on equal totals.")
@click.option("--order", metavar="A,B", help="The magistrate's order among voters with equal amounts.")
@click.option("--bonus", type=table.Word(MAUVE_CHOICES), help="The bonus chosen on a mauve motion.")
@click.option("--calamity", multiple=True, metavar="NAME=gold|senators", help="A player's calamity choice.")
def vote(file: Path, pour: tuple[str, ...], contre: tuple[str, ...], colour: str | None, tiebreak: str | None,
         order: str | None, bonus: str | None, calamity: tuple[str, ...]) -> None:
    """Hoc Censeo: resolve a round's vote (for example --pour Alice=20 --contre Bob=15 --colour bleu)."""
    action: Line = {"action": "vote", "pour": _amounts(pour, "pour"), "contre": _amounts(contre, "contre")}
    for key, value in (("colour", colour), ("tiebreak", tiebreak), ("order", table.parse_names(order)),
                       ("bonus", bonus), ("calamity", _calamity_pairs(calamity))):
        if value:
            action[key] = value
    _submit_in_public(file, action)


def _submit_in_public(file: Path, action: Line) -> None:
    """Submit from the table's shared screen: a refusal says the rule broken, never a
    player's senators left (`kit score act` stays the machine's, naming every value)."""
    try:
        table.submit(file, action)
    except RuleViolation as refused:
        raise KitError(i18n.refusal(refused, reveal=False)) from None


@click.command(epilog=table.examples("ballot senate.jsonl Alice", N_("resolve senate.jsonl --colour bleu")))
@table.FILE
@table.PLAYER
def ballot(file: Path, player: str) -> None:
    """Hoc Censeo: PLAYER casts a secret ballot of this round, typed without showing it."""
    state = cast(rules.State, table.open_session(file).state)   # a Hoc Censeo command's session
    name = table.match_name(player, state["seating"])
    # asked as guided play asks it, with nobody else to take the keyboard and nothing to spend
    asked = cast(Decision, {"player": name, "action": "ballot", "choices": {}, "secret": True})
    _submit_in_public(file, table.ask_in_secret([asked], state, [])[1])


@click.command(epilog=table.examples(N_("resolve senate.jsonl --colour bleu"),
                                      N_("resolve senate.jsonl --tiebreak contre --calamity Alice=senators")))
@table.FILE
@click.option("--colour", type=table.Word(COLOURS), help="The motion's colour, needed when POUR wins.")
@click.option("--tiebreak", type=table.Word(SIDES), help="The magistrate's word on equal totals.")
@click.option("--order", metavar="A,B", help="The magistrate's order among voters with equal amounts.")
@click.option("--bonus", type=table.Word(MAUVE_CHOICES), help="The bonus chosen on a mauve motion.")
@click.option("--calamity", multiple=True, metavar="NAME=gold|senators", help="A player's calamity choice.")
def resolve(file: Path, colour: str | None, tiebreak: str | None, order: str | None, bonus: str | None,
            calamity: tuple[str, ...]) -> None:
    """Hoc Censeo: resolve the round's vote once every ballot is cast."""
    action: Line = {"action": "resolve"}
    for key, value in (("colour", colour), ("tiebreak", tiebreak), ("order", table.parse_names(order)),
                       ("bonus", bonus), ("calamity", _calamity_pairs(calamity))):
        if value:
            action[key] = value
    _submit_in_public(file, action)


def _calamity_pairs(values: tuple[str, ...]) -> dict[str, Any]:
    def choice(text: str) -> str:
        found = table.match_word(text, rules.CALAMITY_CHOICES)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=", ".join(map(_label, rules.CALAMITY_CHOICES))))
        return found
    return table.parse_pairs(values, "--calamity", example="Bob=senators", convert=choice)


@click.command("spend-seals", help=f"Hoc Censeo: PLAYER spends {rules.SEALS_PER_PORTION} seals to colour a "
                                   "portion the circle still needs.",
               epilog=table.examples(N_("spend-seals senate.jsonl Alice --colour vert")))
@table.FILE
@table.PLAYER
@click.option("--colour", type=table.Word(COLOURS), required=True, help="The portion's colour.")
def spend_seals(file: Path, player: str, colour: str) -> None:
    _submit_in_public(file, {"action": "spend_seals", "player": player, "colour": colour})


@click.command("buy-senators", help=f"Hoc Censeo: PLAYER spends gold for senators, "
                                    f"{rules.SENATORS_PER_GOLD} per coin.",
               epilog=table.examples("buy-senators senate.jsonl Bob --gold 2"))
@table.FILE
@table.PLAYER
@click.option("--gold", type=table.NUMBER, required=True,
              help=f"Gold coins to spend ({rules.SENATORS_PER_GOLD} senators each).")
def buy_senators(file: Path, player: str, gold: int) -> None:
    table.submit(file, {"action": "buy_senators", "player": player, "gold": gold})


def prepare_players(players: list[Seat]) -> list[Seat]:
    """Tribes as people type them (`Titienses`, `LUCERES`): the rules' spelling when the word
    names one tribe; anything else is left for the rules to refuse."""
    return [{**player, "role": table.match_word(player["role"], rules.TRIBES) or player["role"]}
            if isinstance(player.get("role"), str) else player for player in players]


def deal(players: list[Seat]) -> list[Seat]:
    """The tribes dealt at random (`new --deal`), one each, from the system's secure source:
    who holds which is the game's first secret, so it must not be guessable from a seed."""
    given = [p["name"] for p in players if p.get("role")]
    if given:
        raise KitError(_("--deal deals every tribe; name the players without one ({names} has one).").format(
            names=", ".join(given)))
    if len(players) != rules.PLAYERS:   # the rules' own refusal, in their words
        return players
    import secrets  # here, where tribes are dealt: it brings hashlib (2 ms of every other command's start)

    tribes = secrets.SystemRandom().sample(rules.TRIBES, len(players))
    return [{**player, "role": tribe} for player, tribe in zip(players, tribes)]


def prepare_options(options: dict[str, Any], layouts: Path | None = None) -> dict[str, Any]:
    """Accept the print side's objectives file as is (`objectives=@layouts/hoc-censeo/objectives.yaml`);
    without one, the objectives of `layouts` (a designer's copy), else of the kit's own layouts.

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
    if "objectives" not in options:
        # the printed sheets' objectives (layouts/hoc-censeo): the session records them, so it
        # plays what the table's sheets say even where a group changed the file, and replays
        # the same whatever a later version of the engine takes for its default
        from kit.build import default_layouts
        from kit.games.hoc_censeo.layout import rule_objectives

        options = {**options, "objectives": rule_objectives(layouts or default_layouts())}
    return options


# -- what show, log and act print -------------------------------------------------------

def describe(action: Line, reveal: bool | str = False, before: rules.State | None = None) -> str:
    """One line of the log in the active language: a vote shows its totals, each player's
    amounts only with reveal=True, or one player's own with reveal=NAME; a ballot never."""
    name = action.get("action")
    if name == "spend_seals":
        return _("{player} spends {n} seals to colour a {colour} portion.").format(
            player=action.get("player"), n=rules.SEALS_PER_PORTION, colour=_label(str(action.get("colour"))))
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
        parts = _vote_amounts(action, reveal) if name == "vote" else []
        parts += _resolve_answers(action)
        if name == "resolve":
            return _("Resolve the ballots: {details}.").format(details=_("; ").join(parts)) if parts \
                else _("Resolve the ballots.")
        return _("Vote: {details}.").format(details=_("; ").join(parts))
    return table.describe_fields(action)


def _vote_amounts(action: Line, reveal: bool | str) -> list[str]:
    """A vote typed whole: each side's amounts with reveal=True, else its total; with
    reveal=NAME, that player's own amounts besides."""
    parts: list[str] = []
    sides: dict[str, dict[str, Any]] = {side: action[side] if isinstance(action.get(side), dict) else {} for side in SIDES}
    for side, amounts in sides.items():
        if reveal is True:
            if amounts:
                parts.append(_side(side) + " " + ", ".join(f"{n} {v}" for n, v in amounts.items()))
        else:
            total = sum(v for v in amounts.values() if isinstance(v, int) and not isinstance(v, bool))
            parts.append(f"{_side(side)} {total}")
    own = [f"{_side(side)} {amounts[reveal]}" for side, amounts in sides.items()
           if isinstance(reveal, str) and amounts.get(reveal)]
    if own:
        parts.append(f"{reveal}: " + ", ".join(own))
    return parts


def _resolve_answers(action: Line) -> list[str]:
    """The magistrate's and the players' answers a vote or a resolve gives: the motion's
    colour, the tie-break, the mauve bonus (what it gives, not only its colour), the order of
    tied voters, the calamity choices."""
    parts: list[str] = []
    if action.get("colour") is not None:
        parts.append(_("colour {colour}").format(colour=_label(str(action["colour"]))))
    if action.get("tiebreak") is not None:
        parts.append(_("tiebreak {side}").format(side=_side(str(action["tiebreak"]))))
    if action.get("bonus") in rules.COLOUR_BONUS:   # what the bonus gives, not only its colour
        ((field, gain),) = rules.COLOUR_BONUS[action["bonus"]].items()
        parts.append(_("mauve bonus: {gain}").format(gain=_GAINS[field](gain)))
    if action.get("order"):
        parts.append(_("order {names}").format(names=", ".join(map(str, action["order"]))))
    if isinstance(action.get("calamity"), dict) and action["calamity"]:
        parts.append(_("calamity {choices}").format(choices=", ".join(
            f"{n} {_label(str(c))}" for n, c in action["calamity"].items())))
    return parts


_GAINS = {"seals": lambda n: ngettext("{n} more seal", "{n} more seals", n).format(n=n),
          "gold": lambda n: ngettext("{n} gold coin", "{n} gold coins", n).format(n=n),
          "senators": lambda n: ngettext("{n} senator", "{n} senators", n).format(n=n)}


def _side(side: str) -> str:
    """A side in capitals as the active language prints it (POUR, or FOR in English); a value
    that names no side, as it is."""
    return _(rules.SIDE_WORDS[side]) if side in rules.SIDE_WORDS else side.upper()


def _label(choice: str) -> str:
    """How one of the game's words is shown (kit/table/parsing.py `label`, reading this game's faces alone)."""
    return table.label(choice, rules.GAME_ID)


def _goal_text(goal: rules.Goal) -> str:
    words = i18n.active()
    return rules.secondary_goal(goal).render(words.gettext, words.ngettext, words.join)


def render(state: rules.State, lang: str | None = None) -> str:
    """The table view; fields removed by rules.public_view print as hidden."""
    hidden = _("hidden")
    if state["over"]:
        lines = [_("Hoc Censeo. Game over after round {r} of {n}.").format(r=state["round"], n=rules.ROUNDS)]
    else:
        lines = [_("Hoc Censeo. Round {r} of {n} played; magistrate of the next round: {m}; chaos {c}/{p} "
                   "(calamity at {at}).").format(r=state["round"], n=rules.ROUNDS, m=state["magistrate"],
                                                 c=state["chaos"], p=rules.ROME_PORTIONS,
                                                 at=" & ".join(map(str, rules.CALAMITY_AT)))]
    headers = [_("player"), _("tribe"), _("senators"), _("gold"), _("seals"), *map(_label, COLOURS),
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
    if not state["over"]:   # whose move it is (names only: a view without the ballots says it too)
        words = i18n.active()
        lines.append(rules.waiting_for(state).render(words.gettext, words.ngettext, words.join))
    if state["votes"]:
        lines.append("")
        rows = [[v["round"], v["magistrate"], v["pour"], v["contre"], _side(v["result"]),
                 _label(v["colour"]) if v["colour"] else "", _("yes") if v["calamity"] else ""]
                for v in state["votes"]]
        lines.append(table.text_table([_("round"), _("magistrate"), *map(_side, SIDES), _("result"), _("colour"),
                                   _("calamity")], rows))
    if state["over"]:
        lines.append("")
        lines.append(table.game_over_line(state))
    return "\n".join(lines)


# -- guided play: the rules' decisions, asked ------------------------------------------------
# `kit score play` walks the question plan (kit.table.play_pending): the ballots one player
# at a time, typed without showing, both sides in one answer (BUDGETS), each player able to
# spend their own seals and gold first (AT_OWN_QUESTIONS); then the magistrate's resolve with
# only what the ballots leave open (`narrow`), after the facts it decides on (`decision_facts`).

ACTION_LABELS = {
    "ballot": N_("secret ballot"),
    "resolve": N_("resolve the vote"),
    "spend_seals": N_("spend seals on a portion"),
    "buy_senators": N_("buy senators with gold"),
    "vote": N_("the whole vote at once"),
}
FIELD_LABELS = {
    ("ballot", "pour"): rules.SIDE_WORDS["pour"],
    ("ballot", "contre"): rules.SIDE_WORDS["contre"],
    ("resolve", "tiebreak"): N_("Tie-break (equal totals)"),
    ("resolve", "colour"): N_("The motion's colour"),
    ("resolve", "order"): N_("The magistrate's order among equal voters"),
    ("resolve", "bonus"): N_("Mauve bonus (largest POUR voter's choice)"),
    ("resolve", "calamity"): N_("Calamity: what each player loses"),
    ("spend_seals", "colour"): N_("Colour"),
    ("buy_senators", "gold"): N_("Gold to spend"),
}

# The magistrate's order is names first to last, not one name (the phone forms read it so).
FIELD_KINDS = {("resolve", "order"): "order"}

# A ballot's POUR and CONTRE share the senators left: the phone's quick amounts and steppers
# keep their sum within the bound the rules give each.
BUDGETS = {"ballot": ("pour", "contre")}

# Seals and gold are spent between votes: offered to their player at their own ballot, never
# in a question of their own (the vote would wait on it each round).
AT_OWN_QUESTIONS = ("spend_seals", "buy_senators")


def narrow(state: rules.State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What the resolve still needs once the magistrate gave `answers` (the rules' own
    narrowing: no colour once CONTRE wins on the tie-break); other decisions as they are."""
    if decision["action"] == "resolve":
        return rules.resolve_choices(state, answers)
    return decision["choices"]


def decision_facts(state: rules.State, decision: Decision) -> list[Message]:
    """What the magistrate reads before resolving: the totals they sum (RULES.md §4.14)."""
    totals = rules.ballot_totals(state) if decision["action"] == "resolve" else None
    if totals is None:
        return []
    facts = [Message("Totals: POUR {pour}, CONTRE {contre}.", pour=totals["pour"], contre=totals["contre"])]
    if totals["pour"] == totals["contre"]:
        facts.append(Message("Equal totals: as the one presiding, you decide which side wins."))
    choices = decision["choices"]
    if "bonus" in choices and "tiebreak" not in choices and "order" not in choices:
        # who the bonus falls to is settled by the ballots alone: the magistrate asks them
        first = rules.resolve_ranked(state, {})
        if first:
            facts.append(Message("If the motion is mauve, {name} chooses its bonus (the largest {side} vote).",
                                 name=first[0], side=rules.side_word("pour")))
    against = totals["contre"] > totals["pour"]
    return facts + tied_facts(state, choices.get("order") or []) + (calamity_facts(state, choices) if against else [])


def calamity_facts(state: rules.State, choices: dict[str, Any]) -> list[Message]:
    """Once CONTRE wins, a calamity it brings: which portion brings it, who is spared, and
    who loses senators for want of gold; the others choose (RULES.md §4.9)."""
    if not rules.calamity_due(state, "contre"):
        return []
    spared = rules.spared(state)
    facts = [Message("Rome's portion number {n} turns grey: calamity!", n=state["chaos"] + 1)]
    if spared:
        facts.append(Message(plural("{names} (most green portions) is spared.", "{names} (most green portions) are spared.",
                                    len(spared)), names=spared))
    choosing = choices.get("calamity") or {}
    without = [Message("{name} has no gold and loses {n} senators.", name=name, n=rules.CALAMITY_LOSS["senators"])
               for name in state["seating"] if name not in spared and name not in choosing]
    if choosing:
        gold = rules.CALAMITY_LOSS["gold"]
        without.append(Message(plural("The others lose {gold} gold coin or {senators} senators, as each chooses.",
                                      "The others lose {gold} gold coins or {senators} senators, as each chooses.",
                                      gold) if without else
                               plural("Each player it strikes loses {gold} gold coin or {senators} senators, as each "
                                      "chooses.", "Each player it strikes loses {gold} gold coins or {senators} "
                                      "senators, as each chooses.", gold),
                               gold=gold, senators=rules.CALAMITY_LOSS["senators"]))
    return facts + without


def tied_facts(state: rules.State, ordered: list[str]) -> list[Message]:
    """The equal ballots the magistrate orders (`ordered`: the names the resolve asks them
    to order), each group with its side: what the order decides between. Never their
    amount: a shared screen announces the totals and who ranks where, no one's ballot
    (RULES.md §4.14), and the order is the magistrate's to give without it."""
    facts = []
    for side in SIDES:
        amounts = {n: b[side] for n, b in state["ballots"].items() if b[side]}
        for group in rules.tied_groups_needing_order(side, amounts, state["seating"]):
            if set(group) <= set(ordered):
                facts.append(Message("Equal ballots on {side}: {names}; you order them.",
                                     side=rules.side_word(side), names=group))
    return facts


# -- each player's own answers on their phone, before the magistrate resolves ------------------
#
# When a vote resolves, the largest POUR voter on a mauve motion chooses the bonus, and each
# player a calamity strikes chooses to lose gold or senators (RULES.md §4.6, §4.9). At a table
# of phones each answers on their own page, once their ballot is in, without knowing whether
# it will come to that: the question is the same for everyone, so it reveals nothing. The
# table server (kit/serve) keeps the answers of the round in memory and fills them into the
# magistrate's resolve (`with_seat_answers`); what the magistrate (or the host) gives wins.

SEAT_QUESTIONS = {
    "bonus": (N_("If I am the largest POUR voter on a mauve motion, my bonus"), rules.MAUVE_CHOICES),
    "calamity": (N_("If the calamity strikes me, I lose"), rules.CALAMITY_CHOICES),
}
SEAT_QUESTIONS_HELP = N_("Answer now: the resolve uses your answer only if the vote needs it.")


def seat_questions(state: rules.State, name: str) -> list[str]:
    """The questions `name` may answer now: once their ballot is in, the bonus if they voted
    POUR, the calamity choice if a CONTRE win would bring one and they have gold to give."""
    ballot = (state.get("ballots") or {}).get(name)
    if state.get("over") or ballot is None:
        return []
    questions = []
    if ballot.get("pour"):
        questions.append("bonus")
    if (rules.calamity_due(state, "contre") and state["players"][name]["gold"] > 0
            and name not in rules.spared(state)):
        questions.append("calamity")
    return questions


def with_seat_answers(state: rules.State, action: Line, answers: dict[str, dict[str, Any]]) -> Line:
    """The `resolve` action with the players' own answers filled in where it gives none."""
    if action.get("action") != "resolve" or set(state.get("ballots_cast", ())) != set(state["seating"]):
        return action
    ballots = state["ballots"]
    pour = {n: b["pour"] for n, b in ballots.items() if b.get("pour")}
    contre = {n: b["contre"] for n, b in ballots.items() if b.get("contre")}
    result = rules.vote_result(pour, contre, action.get("tiebreak") if action.get("tiebreak") in rules.SIDES else None)
    action = dict(action)
    if result == "pour":
        _with_bonus_answer(state, action, answers, pour)
    if result == "contre" and rules.calamity_due(state, "contre"):
        _with_calamity_answers(state, action, answers)
    return action


def _with_bonus_answer(state: rules.State, action: Line, answers: dict[str, dict[str, Any]], pour: dict[str, int]) -> None:
    """A mauve motion voted POUR: the bonus its largest POUR voter chose ahead, when the
    action gives none and the magistrate's order (if any) ranks them."""
    order = action.get("order") or []
    if (action.get("colour") == "mauve" and "bonus" not in action
            and isinstance(order, list) and all(isinstance(n, str) for n in order)):
        ranked = rules.rank_voters(pour, state["seating"], order)
        bonus = answers.get(ranked[0], {}).get("bonus") if ranked else None
        if bonus:
            action["bonus"] = bonus


def _with_calamity_answers(state: rules.State, action: Line, answers: dict[str, dict[str, Any]]) -> None:
    """A calamity on a CONTRE vote: each player's choice made ahead, under the ones the
    action gives; gold chosen earlier and spent since on senators: the rules' default
    applies instead."""
    given = action["calamity"] if isinstance(action.get("calamity"), dict) else {}
    chosen = {n: a["calamity"] for n, a in answers.items()
              if a.get("calamity") and (a["calamity"] != "gold" or state["players"][n]["gold"] > 0)}
    if chosen:
        action["calamity"] = {**chosen, **given}
