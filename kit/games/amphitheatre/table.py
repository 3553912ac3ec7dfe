"""`kit score` for Amphithéâtre: friendly commands, the `show` table, and the game's words for
guided play and the phones.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule, the turn's flow included, lives in
scorekeeper.rules.amphitheatre. Guided play (kit.table.play_pending) and the phones ask its
`pending` decisions and offer its `anytime` accusations through the question plan
(kit/plan.py), in the words below: no question of the game's own.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import N_, _
from scorekeeper.errors import Message
from scorekeeper.rules import amphitheatre as rules
from scorekeeper.rules.flow import Decision, Line


def _names(values: tuple[str, ...]) -> list[str]:
    """Repeated or comma-separated names: `--a Ana,Cléo` or `--a Ana --a Cléo`."""
    names: list[str] = []
    for value in values:
        names += table.parse_names(value) or []
    return names


# -- friendly commands -------------------------------------------------------------------

@click.command(epilog=table.examples("handshake amphi.jsonl Ana Ben"))
@table.FILE
@click.argument("speaker", metavar="SPEAKER")
@click.argument("target", metavar="TARGET")
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
@click.argument("accuser", metavar="ACCUSER")
@click.argument("accused", metavar="ACCUSED")
@click.option("--truthful/--lying", default=None,
              help="Whether ACCUSED's hypothesis matched their card.")
def accuse(file: Path, accuser: str, accused: str, truthful: bool | None) -> None:
    """Amphithéâtre: ACCUSER accuses ACCUSED of bluffing; say --truthful or --lying."""
    if truthful is None:
        raise KitError(_("Say whether {accused}'s hypothesis matched their card: --truthful or --lying.").format(
            accused=accused))
    table.submit(file, {"action": "accuse", "accuser": accuser, "accused": accused, "truthful": truthful})


# -- what show, log and act print ---------------------------------------------------------

def _names_text(value: object) -> str:
    names = [str(v) for v in (value if isinstance(value, list) else [value])]
    return i18n.join(names) or _("nobody")


def describe(action: Line, reveal: bool | str = False, before: rules.State | None = None) -> str:
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
        template = (_("{accuser} accuses {accused}, whose card matches the hypothesis.") if action.get("truthful")
                    else _("{accuser} accuses {accused}, whose card differs from the hypothesis."))
        return template.format(accuser=action.get("accuser"), accused=action.get("accused"))
    category = _deck(action.get("category", ""))
    if kind == "hypothesis":
        return _("{speaker} states a hypothesis on the {category} card and challenges {target}.").format(
            speaker=action.get("speaker"), category=category, target=action.get("target"))
    if kind == "revolution":
        return _("{player} starts a scientific revolution: everyone draws a new {category} card.").format(
            player=action.get("player"), category=category)
    if kind == "draw":
        return _("{player} draws a {category} card and keeps one of the two.").format(
            player=action.get("player"), category=category)
    if kind == "counter":
        return _("{player} states another value: a debate opens.").format(player=action.get("player"))
    if kind == "join":
        joined = {"a": _("{player} joins side A."), "b": _("{player} joins side B."),
                  "abstain": _("{player} abstains.")}.get(action.get("side", ""))
        if joined:
            return joined.format(player=action.get("player"))
    return table.describe_fields(action)


def _deck(category: object) -> str:
    """A deck's name as the reader's edition prints it (VALUE_LABELS: « Anatomie », Anatomy in
    English); a value that names no deck, capitalised."""
    word = VALUE_LABELS.get(str(category))
    return _(word) if isinstance(word, str) else str(category).capitalize()


def render(state: rules.State, lang: str | None = None) -> str:
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
    elif state.get("turn") is not None:      # the turn the log records: where it stands
        hypothesis = state.get("hypothesis")
        if hypothesis is not None:
            lines.append(_("Hypothesis of {speaker} on the {category} card, challenging {target}.").format(
                speaker=hypothesis["speaker"], category=_deck(hypothesis["category"]),
                target=hypothesis["target"]))
            if hypothesis["countered"]:
                lines.append(_("Side A: {a}. Side B: {b}.").format(
                    a=_names_text([hypothesis["speaker"], *hypothesis["a"]]),
                    b=_names_text([hypothesis["target"], *hypothesis["b"]])))
        words = i18n.active()
        lines.append(rules.waiting_for(state).render(words.gettext, words.ngettext, words.join))
    return "\n".join(lines)


# -- the game's words for guided play and the phones ----------------------------------------

ACTION_LABELS = {
    "turn": N_("The speaker token moves on"),
    "hypothesis": N_("Hypothesis"),
    "revolution": N_("Scientific revolution"),
    "draw": N_("Draw a card"),
    "handshake": N_("Agree (handshake)"),
    "counter": N_("State another value (debate)"),
    "join": N_("Take a side"),
    "debate": N_("Settle the debate"),
    "accuse": N_("Accusation"),
}
FIELD_LABELS = {
    ("turn", "player"): N_("Who holds the speaker token?"),
    ("turn", "step"): N_("Step"),
    ("hypothesis", "target"): N_("Challenged player"),
    ("hypothesis", "category"): N_("Category"),
    ("revolution", "category"): N_("Category"),
    ("draw", "category"): N_("Category"),
    ("handshake", "speaker"): N_("Speaker"),
    ("handshake", "target"): N_("Challenged player"),
    ("join", "side"): N_("Side"),
    ("debate", "side_a"): N_("Side A"),
    ("debate", "side_b"): N_("Side B"),
    ("debate", "discounted"): N_("Not counted (an accusation lost)"),
    ("accuse", "accuser"): N_("Does anyone accuse? Accuser's name (empty: nobody)"),   # offered at any time
    ("accuse", "accused"): N_("Accused"),
    # "Is the accusation true?" was read both ways; the card is what the table can check
    ("accuse", "truthful"): N_("Does the accused's card match the hypothesis?"),
}
# Each value's words where a bare yes/no or letter could be misread (the phones' VALUE_LABELS).
VALUE_LABELS = {
    True: N_("Yes: the card matches, the accusation fails"),     # accuse's `truthful`
    False: N_("No: the card differs, the accusation succeeds"),
    "a": N_("Side A (the speaker's)"), "b": N_("Side B (the challenged player's)"), "abstain": N_("Abstain"),
    "start": N_("The turn begins"),
    # the decks' names, as each edition prints them (Anatomy in English)
    "affliction": N_("Affliction"), "anatomie": N_("Anatomie"), "cause": N_("Cause"),
}
# The debate's sides are the names listed, all of them: the rules took them as joined.
FIELD_KINDS = {("debate", "side_a"): "all", ("debate", "side_b"): "all", ("debate", "discounted"): "all"}


def decision_facts(state: rules.State, decision: Decision) -> list[Message]:
    """What a player reads before taking a side: who is on each side so far."""
    if decision["action"] != "join" or state.get("hypothesis") is None:
        return []
    hypothesis = rules.under_way(state)
    return [Message("Side A: {a}. Side B: {b}.", a=[hypothesis["speaker"], *hypothesis["a"]],
                    b=[hypothesis["target"], *hypothesis["b"]])]
