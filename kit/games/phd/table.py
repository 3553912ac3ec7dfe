"""`kit score` for PHD: friendly commands, the `show` table, and the words of guided play.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.phd, the turn too:
`kit score play` (kit.table.play_pending) asks what the rules' `pending` waits for through
the question plan (kit/plan.py), as the phones do, with the labels below.

`kit score deck-empty` (kit/score/cli.py) serves PHD's timed variant through
`deck_empty_action` below.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import N_, _, ngettext
from scorekeeper.errors import Message, plural
from scorekeeper.rules import deck as decks
from scorekeeper.rules import phd as rules
from scorekeeper.rules.checks import signed
from scorekeeper.rules.flow import Line


def _said(message: Message) -> str:
    """A rules' Message (a card type's words) in the active language."""
    return message.render(_, ngettext, i18n.join)


# -- parsing what people type ------------------------------------------------------------

def resource(text: str) -> str:
    """pression or credit, typed in either language or by its initial (kit.table.ANSWERS)."""
    word = table.match_word(text, rules.RESOURCES)
    if word is None:
        raise KitError(_("{text} is not a resource; say pression or credit.").format(text=repr(text)))
    return word


def effect(values: tuple[str, ...] | list[str], option: str) -> dict[str, int] | None:
    """`pression=+3,credit=-1` (or P=+3 C=-1) as {"pression": 3, "credit": -1}; None if empty."""
    pairs = table.parse_pairs(values, option, example="pression=+3,credit=-1",
                               convert=table.whole_number)
    result: dict[str, int] = {}
    for key, value in pairs.items():
        name = resource(key)
        if name in result:
            raise KitError(_("{option} changes {resource} twice; give it once.").format(
                option=option, resource=_(rules.RESOURCE_NAMES[name])))
        result[name] = value
    return result or None


def numbers(text: str) -> list[int]:
    """`3, 1 2` -> [3, 1, 2]: the values of several cards on one line."""
    return [table.whole_number(part) for part in text.replace(",", " ").split()]


def card(text: str, cards: dict[str, decks.Card], types: tuple[str, ...], what: str) -> str:
    """The id of the card `text` names (its title as people type it: any case, accents or
    not; "did you mean" otherwise), of one of `types`."""
    wanted = decks.slug(text)
    begun = [k for k, c in cards.items() if c["type"] in types and wanted
             and any(decks.slug(name).startswith(wanted) for name in decks.names(c))]   # in any edition
    key = begun[0] if len(begun) == 1 else decks.card_id(cards, text.strip(), rules.TITLE)
    if cards[key]["type"] not in types:
        raise KitError(_("{title} is a {type} card; {what} takes {types}.").format(
            title=cards[key]["title"], type=_said(rules.TYPE_WORDS[cards[key]["type"]]), what=what,
            types=_said(rules.either(types))))
    return key


def laid(text: str, cards: dict[str, decks.Card] | None, types: tuple[str, ...], what: str) -> list[int | str]:
    """The cards laid on a test, on one line (kit.table.read_laid): titles (ids) of one of
    `types` or numbers (a card written by hand)."""
    def named(typed: str) -> str:
        if not cards:
            raise KitError(_("This session plays no deck: give the cards' values as numbers."))
        return card(typed, cards, types, what)
    return table.read_laid(text, named)


def _drop_empty(action: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in action.items() if value not in (None, [], {})}


# -- friendly commands -------------------------------------------------------------------

# Help texts that quote a rule's number are built from the rule constants, never retyped.
DIE_HELP = f"The die rolled ({rules.DIE_MIN}..{rules.DIE_MAX})."


@click.command(help=f"PHD: change PLAYER's Pression and/or Crédit (clamped to "
                    f"{rules.RESOURCE_MIN}..{rules.RESOURCE_MAX}).",
               epilog=table.examples(N_("adjust these.jsonl Ana --pression +3"),
                                     N_("adjust these.jsonl Ben --pression -2 --credit +1")))
@table.FILE
@table.PLAYER
@click.option("--pression", "--pressure", "pression", cls=table.Spelled, type=table.NUMBER,
              help="Signed change of Pression, e.g. +3 or -2.")
@click.option("--credit", type=table.NUMBER, help="Signed change of Crédit, e.g. +3 or -2.")
def adjust(file: Path, player: str, pression: int | None, credit: int | None) -> None:
    table.submit(file, _drop_empty({"action": "adjust", "player": player,
                                     "pression": pression, "credit": credit}))


@click.command(epilog=table.examples(N_(
    "challenge these.jsonl Ana --resource credit --die 4 --difficulty 9 --modifier -2 "
    "--success pression=-1,credit=+3 --failure pression=+2")))
@table.FILE
@table.PLAYER
@click.option("--resource", "resource_", required=True, metavar="pression|credit", help="The resource tested: pression or credit.")
@click.option("--die", type=table.NUMBER, required=True, help=DIE_HELP)
@click.option("--difficulty", type=table.NUMBER, required=True, help="The card's difficulty.")
@click.option("--modifier", "modifiers", type=table.NUMBER, multiple=True,
              help="A post-it or argument modifier, signed; repeat for several.")
@click.option("--success", multiple=True, metavar="RES=N,...", help="Effect of a success: pression=+3,credit=+3.")
@click.option("--failure", multiple=True, metavar="RES=N,...", help="Effect of a failure: pression=+2.")
def challenge(file: Path, player: str, resource_: str, die: int, difficulty: int,
              modifiers: tuple[int, ...], success: tuple[str, ...], failure: tuple[str, ...]) -> None:
    """PHD: PLAYER's challenge: resource + die + modifiers against the difficulty."""
    table.submit(file, _drop_empty({
        "action": "challenge", "player": player, "resource": resource(resource_), "die": die,
        "difficulty": difficulty, "modifiers": list(modifiers),
        "success": effect(success, "--success"), "failure": effect(failure, "--failure")}))


def _chapter_command(name: str, doc: str) -> click.Command:
    @click.command(name=name, help=doc, epilog=table.examples(f"{name} these.jsonl Ana"))
    @table.FILE
    @table.PLAYER
    def command(file: Path, player: str) -> None:
        table.submit(file, {"action": name, "player": player})
    return command


submit = _chapter_command("submit", f"PHD: PLAYER submits a chapter (costs {rules.CHAPTER_COST['pression']} Pression "
                           f"and {rules.CHAPTER_COST['credit']} Crédit).")
approve = _chapter_command("approve", "PHD: PLAYER's submitted chapter is approved (a Superviseur card).")
revoke = _chapter_command("revoke", "PHD: one of PLAYER's approved chapters goes back to submitted.")

CARDS = [
    click.option("--argument", "arguments", type=table.NUMBER, multiple=True, required=True,
                 help="The value of one of the player's Argument cards; repeat for several."),
    click.option("--support", type=table.NUMBER, multiple=True, help="A supporting card's value; repeatable."),
    click.option("--opposition", type=table.NUMBER, multiple=True, help="An opposing card's value; repeatable."),
]


_Command = TypeVar("_Command", bound=Callable[..., Any])
_Answer = TypeVar("_Answer")


def _cards(function: _Command) -> _Command:
    for option in reversed(CARDS):
        function = option(function)
    return function


@click.command(help=f"PHD: PLAYER defends a submitted chapter; approved iff own + support - opposition "
                    f">= {rules.CONTROVERSY_NET_TO_WIN}.",
               epilog=table.examples("controversy these.jsonl Ana --argument 3 --argument 1 --support 2 --opposition 4"))
@table.FILE
@table.PLAYER
@_cards
def controversy(file: Path, player: str, arguments: tuple[int, ...], support: tuple[int, ...],
                opposition: tuple[int, ...]) -> None:
    table.submit(file, _drop_empty({"action": "controversy", "player": player,
                                     "arguments": list(arguments), "support": list(support),
                                     "opposition": list(opposition)}))


@click.command(help=f"PHD: PLAYER's thesis defence; a doctor iff die + own + support - opposition "
                    f">= {rules.DEFENCE_NET_TO_WIN}.",
               epilog=table.examples("defend these.jsonl Ana --die 2 --argument 3 --opposition 4"))
@table.FILE
@table.PLAYER
@click.option("--die", type=table.NUMBER, required=True, help=DIE_HELP)
@_cards
def defend(file: Path, player: str, die: int, arguments: tuple[int, ...], support: tuple[int, ...],
           opposition: tuple[int, ...]) -> None:
    table.submit(file, _drop_empty({"action": "defend", "player": player, "die": die,
                                     "arguments": list(arguments), "support": list(support),
                                     "opposition": list(opposition)}))


def deck_empty_action(hands: dict[str, int]) -> Line:
    """`kit score deck-empty FILE` for a PHD session (timed): its scores read no hand."""
    if hands:
        raise KitError(_("PHD's timed end reads no cards in hand; drop --hand."))
    return {"action": "deck_empty"}


# -- what show, log and act print ---------------------------------------------------------

def _effect_text(effect: dict[str, Any] | None) -> str:
    effect = effect if isinstance(effect, dict) else {}
    parts = [f"{_(rules.RESOURCE_NAMES[key])} {signed(effect[key])}" for key in rules.RESOURCES
             if isinstance(effect.get(key), int) and effect[key]]
    return ", ".join(parts) or _("nothing")


def _cards_text(values: object) -> str:
    values = values if isinstance(values, list) else ([] if values is None else [values])
    return "+".join(str(v) for v in values) or "0"


def describe(action: Line, reveal: bool | str = False, before: dict[str, Any] | None = None) -> str:
    """One line of the log in the active language."""
    kind, name = action.get("action"), action.get("player", "?")
    if kind == "adjust":
        return _("{name}: {effect}.").format(name=name, effect=_effect_text(action))
    deck: dict[str, decks.Card] = (before or {}).get("cards") or {}
    played = _describe_deck_play(action, kind, name, deck, before)
    if played is not None:
        return played
    return _describe_entry(action, kind, name)


def _describe_deck_play(action: Line, kind: object, name: object, deck: dict[str, decks.Card],
                        before: dict[str, Any] | None) -> str | None:
    """The line of an entry that plays cards of the session's deck, named by their titles: a
    Challenge card met, a Coopération, a controversy or defence argued with deck cards. None
    for any other entry (the older entries that wrote numbers instead of cards)."""
    if kind == "challenge" and "resource" not in action:
        return _describe_challenge_met(action, name, deck, before)
    if kind == "cooperate":
        chosen = deck.get(str(action.get("card")), {})
        other = action.get("other")
        return (_("{name} plays {title} for {other}.") if other else _("{name} plays {title}.")).format(
            name=name, title=chosen.get("title", action.get("card")), other=other)
    if kind in ("controversy", "defend") and deck:
        return _describe_argued(action, kind, name, deck)
    return None


def _describe_challenge_met(action: Line, name: object, deck: dict[str, decks.Card], before: dict[str, Any] | None) -> str:
    """A Challenge card met: its title (the entry's card, or the one the turn played), the
    die and the cards laid on it, each by its title."""
    played = str(action.get("card") or ((before or {}).get("turn") or {}).get("played"))
    laid_ = ", ".join(deck[m]["title"] if isinstance(m, str) and m in deck else str(m)
                      for m in action.get("modifiers") or [] if isinstance(m, (str, int)))
    return _("{name} meets the challenge {title}: die {die}, cards laid: {laid}.").format(
        name=name, title=deck[played]["title"] if played in deck else played, die=action.get("die"),
        laid=laid_ or _("none"))


def _describe_argued(action: Line, kind: object, name: object, deck: dict[str, decks.Card]) -> str:
    """A controversy or a thesis defence argued with deck cards: the arguments, the support
    and the opposition, each card by its title."""
    cards_text = {key: ", ".join(deck[v]["title"] if isinstance(v, str) and v in deck else str(v)
                                 for v in (action.get(key) or [])) or _("none")
                  for key in ("arguments", "support", "opposition")}
    if kind == "controversy":
        return _("{name} defends a chapter in a controversy: arguments {arguments}, support {support}, "
                 "opposition {opposition}.").format(name=name, **cards_text)
    return _("{name} defends the thesis: die {die}, arguments {arguments}, support {support}, "
             "opposition {opposition}.").format(name=name, die=action.get("die"), **cards_text)


def _describe_entry(action: Line, kind: object, name: object) -> str:
    """The line of an entry that plays no card of a deck: a challenge written with its
    numbers, a chapter submitted, approved or revoked, a defence written with the cards'
    values, the deck running out, a hand counted."""
    cards = {"arguments": _cards_text(action.get("arguments")), "support": _cards_text(action.get("support")),
             "opposition": _cards_text(action.get("opposition"))}
    if kind == "challenge":
        modifiers = "".join(f" {signed(m)}" for m in (action.get("modifiers") or []) if isinstance(m, int))
        return _("{name} takes a challenge on {resource}: die {die}{modifiers} against {difficulty} "
                 "(success: {success}; failure: {failure}).").format(
            name=name, resource=_(rules.RESOURCE_NAMES[action["resource"]]) if action.get("resource") in rules.RESOURCE_NAMES
            else action.get("resource"),
            die=action.get("die"), modifiers=modifiers, difficulty=action.get("difficulty"),
            success=_effect_text(action.get("success")), failure=_effect_text(action.get("failure")))
    if kind == "submit":
        return _("{name} submits a chapter ({cost}).").format(name=name, cost=", ".join(
            f"-{cost} {_(rules.RESOURCE_NAMES[key])}" for key, cost in rules.CHAPTER_COST.items()))
    if kind == "approve":
        return _("{name}'s chapter is approved.").format(name=name)
    if kind == "revoke":
        return _("{name}'s approved chapter is revoked.").format(name=name)
    if kind == "controversy":
        return _("{name} defends a chapter in a controversy: arguments {arguments}, support {support}, "
                 "opposition {opposition}.").format(name=name, **cards)
    if kind == "defend":
        return _("{name} defends the thesis: die {die}, arguments {arguments}, support {support}, "
                 "opposition {opposition}.").format(name=name, die=action.get("die"), **cards)
    if kind == "deck_empty":
        return _("The event deck is empty: time is up, the scores decide.")
    if kind == "hand":
        return table.describe_hand(action)
    return table.describe_fields(action)


def describe_turn(action: Line, before: dict[str, Any] | None = None) -> str:
    """The log line of a `turn` line: the engine's step in the game's words (the card's
    title and what it printed, when the line names a card of the session's deck)."""
    name, step = action.get("player"), action.get("step")
    if step == "start":
        return _("{player}'s turn begins.").format(player=name)
    cards = (before or {}).get("cards") or {}
    if action.get("card") in cards:
        line = _("{player}'s event card: {card}.").format(player=name, card=_describe_card(cards[action["card"]]))
        if "die" in action:
            line += " " + _("Die: {die}.").format(die=action["die"])
        return line
    if step in rules.CARD_KINDS:     # a card written by hand: its type, in the reader's words
        return _("{player}'s event card: {card}.").format(player=name, card=_said(rules.TYPE_WORDS[step]))
    n = rules.RECHERCHE_DRAW["events" if step == "draw-events" else "arguments"]
    lines = {"none": _("{player}: no event card."),
             "draw-events": ngettext("{player} draws {n} event card (Recherche).",
                                     "{player} draws {n} event cards (Recherche).", n),
             "draw-argument": ngettext("{player} draws {n} Argument card (Recherche).",
                                       "{player} draws {n} Argument cards (Recherche).", n),
             "done": _("{player}: the card has done all it does."),
             "no-defence": _("{player} holds no Argument card: the thesis defence waits for a later turn.")}
    if step in lines:
        return lines[step].format(player=name, n=n)
    # the steps of files written by the older guided play
    if isinstance(step, str) and step.startswith("vivre"):
        return _("{player}'s turn: Vivre.").format(player=name)
    if step == "recherche":
        return _("{player}'s turn: Recherche.").format(player=name)
    return _("{player}'s turn: Recherche {n} of 2.").format(player=name, n=str(step).split("-")[1])


# -- show ----------------------------------------------------------------------------------

def status_text(state: rules.State, name: str) -> str:
    """The status column: a player still "playing" when the game ended says how it ended for them."""
    status = state["players"][name]["status"]
    if status == "playing" and state["over"]:
        if name in state["winners"]:
            return _("best score (won)") if state.get("end") == "timed" else _("last in the game (won)")
        return _("out of the race")
    return {"playing": _("playing"), "burnout": _("burnt out"), "bingo": _("bingo (won)"),
            "doctor": _("doctor (won)")}[status]


def render(state: rules.State, lang: str | None = None) -> str:
    """The `show` table: standings first, the resources and chapters of each player."""
    chapters, timed = state["options"]["chapters"], state["options"]["timed"]
    title = ngettext("PHD: {n} approved chapter to defend the thesis", "PHD: {n} approved chapters to defend the thesis",
                     chapters).format(n=chapters)
    if timed:
        title += _("; timed variant")
    headers = [_("rank"), _("player"), *(_(rules.RESOURCE_NAMES[key]) for key in rules.RESOURCES), _("submitted"),
               _("approved"), _("status")]
    scores = state.get("scores")
    if scores:
        headers.append(_("score"))
    rows = []
    for rank, name in rules.standings(state):
        p = state["players"][name]
        row = [rank, name, p["pression"], p["credit"], p["pending"], p["approved"], status_text(state, name)]
        if scores:
            row.append(scores[name])
        rows.append(row)
    lines = [title, table.text_table(headers, rows)]
    if state["over"]:
        lines.append(table.game_over_line(state))
        return "\n".join(lines)
    hands = table.hands_line(state)
    if hands:
        lines.append(hands)
    if state["winners"]:
        lines.append(_("Already won: {names}").format(names=i18n.join(state["winners"])))
    if state.get("turn") is not None:   # a recorded turn: play resumed mid-card asks questions that name nobody
        words = i18n.active()
        lines.append(rules.waiting(state).render(words.gettext, words.ngettext, words.join))
    return "\n".join(lines)


# -- guided play: the words for what the rules wait for --------------------------------------

ACTION_LABELS = {
    "turn": N_("The turn goes on"),
    "adjust": N_("Change Pression and Crédit"),
    "challenge": N_("Challenge"),
    "submit": N_("Submit a chapter"),
    "approve": N_("The chapter is approved"),
    "controversy": N_("Controversy"),
    "revoke": N_("An approved chapter is revoked"),
    "defend": N_("Thesis defence"),
    "deck_empty": N_("The event deck is empty (timed game)"),
    "cooperate": N_("Play a Coopération"),
    "hand": N_("Correction: cards in hand"),
}
# The words of the turn's steps where a form lists them.
VALUE_LABELS: dict[str, str | Message] = {
    "start": N_("Begin the turn"), "vie": N_("C'est la vie card"), "challenge": N_("Challenge card"),
    "cooperation": N_("Coopération card"), "superviseur": N_("Superviseur card"), "none": N_("No event card"),
    # the draws as many as the rules deal (RECHERCHE_DRAW), said through the catalogue's plurals
    "draw-events": Message(plural("Draw {n} event card", "Draw {n} event cards", rules.RECHERCHE_DRAW["events"]),
                           n=rules.RECHERCHE_DRAW["events"]),
    "draw-argument": Message(plural("Draw {n} Argument card", "Draw {n} Argument cards",
                                    rules.RECHERCHE_DRAW["arguments"]), n=rules.RECHERCHE_DRAW["arguments"]),
    "done": N_("The card has done all it does"), "no-defence": N_("No thesis defence for now"),
}
FIELD_LABELS = {
    ("turn", "player"): N_("Whose turn is it?"),
    ("turn", "step"): N_("Step of the turn"),
    ("turn", "other"): N_("with another player"),
    ("adjust", "player"): N_("Player whose resources change"),
    ("adjust", "pression"): N_("Pression change"),
    ("adjust", "credit"): N_("Crédit change"),
    ("challenge", "resource"): N_("Resource tested"),
    ("challenge", "die"): N_("Die"),
    ("challenge", "difficulty"): N_("Difficulty"),
    ("challenge", "modifiers"): N_("Modifiers laid (post-its, arguments)"),
    ("challenge", "success"): N_("Effect of a success"),
    ("challenge", "failure"): N_("Effect of a failure"),
    ("controversy", "arguments"): N_("Arguments laid"),
    ("controversy", "support"): N_("Support laid"),
    ("controversy", "opposition"): N_("Opposition laid"),
    ("defend", "die"): N_("Die"),
    ("defend", "arguments"): N_("Arguments laid"),
    ("defend", "support"): N_("Support laid"),
    ("defend", "opposition"): N_("Opposition laid"),
    # how many of the cards laid each other player laid from their hand (the hands' counts)
    ("challenge", "laid_by"): N_("Of these cards, how many were laid by"),
    ("controversy", "laid_by"): N_("Of these cards, how many were laid by"),
    ("defend", "laid_by"): N_("Of these cards, how many were laid by"),
    ("hand", "player"): N_("Whose hand?"),
    ("hand", "cards"): N_("How many cards does this hand hold?"),
}


# What a result's `hand` does, in words (rules.HAND_CHANGES).
_HAND_WORDS = {
    "draw_events": lambda n: ngettext("draw {n} event card", "draw {n} event cards", n).format(n=n),
    "draw_arguments": lambda n: ngettext("draw {n} Argument card", "draw {n} Argument cards", n).format(n=n),
    "discard": lambda n: ngettext("discard {n} card", "discard {n} cards", n).format(n=n),
}


def _result_text(result: dict[str, Any] | None) -> str:
    """A Challenge's success or failure as its card prints it: what it changes, then the
    cards it draws or discards (its `hand`, which the engine counts in the hands), where the
    line said « Crédit +2 » of Réseautage au buffet's success and left its draw unsaid."""
    hand = (result or {}).get("hand") or {}
    drawn = [_HAND_WORDS[key](hand[key]) for key in _HAND_WORDS if hand.get(key)]
    if not drawn:
        return _effect_text(result)
    cards = ", ".join(drawn)
    if hand.get("who") == "everyone":
        cards = _("everyone: {cards}").format(cards=cards)
    changes = _effect_text({key: value for key, value in (result or {}).items() if key != "hand"})
    return cards if changes == _("nothing") else f"{changes}, {cards}"


def _describe_card(data: decks.Card) -> str:
    """What a card of the deck says, in a line: its title, type and printed numbers."""
    parts = [data["title"], _said(rules.TYPE_WORDS[data["type"]])]
    if data["type"] == "challenge":
        parts.append(_("{resource}, difficulty {difficulty}").format(
            resource=_(rules.RESOURCE_NAMES[data["resource"]]), difficulty=data["difficulty"]))
        parts.append(_("success: {effect}").format(effect=_result_text(data.get("success"))))
        parts.append(_("failure: {effect}").format(effect=_result_text(data.get("failure"))))
    elif data["type"] in ("vie", "superviseur"):
        parts.append(_effect_text(data))
    elif data["type"] == "cooperation" and data.get("when"):
        parts.append(data["when"])
    return " · ".join(parts)
