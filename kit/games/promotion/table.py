"""`kit score` for Promotion: friendly commands, the `show` table, and the words guided play
asks the rules' decisions with.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule, the turn included, lives in
scorekeeper.rules.promotion: guided play (`kit.table.play_pending`) walks its `pending`
decisions and asks them through `ask` below. The `deck-empty` command is shared with PHD
and lives in kit/cli/score.py; this module builds Promotion's action for it
(`deck_empty_action`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from kit import i18n, table
from kit.deck import typed_card
from kit.errors import KitError
from kit.i18n import N_, _, ngettext
from scorekeeper.errors import Message
from scorekeeper.rules import promotion as rules
from scorekeeper.rules.flow import Decision, Line, decider

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


def closing_tie(state: rules.State) -> list[str]:
    """The players whose hands the next deck_empty needs: tied on most PI as the office closes."""
    if state["over"] or state["reshuffles"] < rules.MAX_RESHUFFLES:
        return []
    tied = rules.leaders(state)
    return tied if len(tied) > 1 else []


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
    it applies: who played which card, and against whom (the window holds it)."""
    steps = (decision.get("choices") or {}).get("step") or ()
    window = state.get("window")
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
    ("turn", "player"): N_("Who?"),
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


# The table's corrections and the deck running out (the rules' `anytime`), offered at every
# question of the turn.
PI_WORDS = ("gain", "lose", "steal", "hand", "deck")


def _pi_words(state: rules.State) -> tuple[str, ...]:
    """PI_WORDS as the session takes them: no count of cards to put right where the engine
    counts none (a header without a deck: the table keeps the hands)."""
    return tuple(word for word in PI_WORDS if word != "hand" or not state["by_hand"])


def _pi_help(state: rules.State) -> str:
    """What the PI words do in this session: corrections where the cards move the PI, the PI
    themselves where the table types them (a header without a deck)."""
    return _(BY_HAND_HELP if state["by_hand"] else PI_HELP)


def _step(player: str, step: str, **fields: Any) -> Line:
    return {"action": "turn", "player": player, "step": step, **fields}


def _pick(prompt: str, choices: list[str], *, state: rules.State, default: str | None = None,
          help: str | None = None, why_not: Callable[[str], str | None] | None = None,
          field: str | None = None) -> str:
    """A card (its title as people type it, a unique beginning is enough) or one of the
    table's words; the choices are listed by `aide`, not in the prompt (a dozen titles
    would not fit). `why_not(card)`: the rule that keeps a card of the deck out of the
    choices now, said instead of the list."""
    cards = state["cards"] or {}
    offered = [choice for choice in choices if choice in cards]

    def convert(text: str) -> str:
        if not text.strip() and default is not None:
            return default
        found = table.match_word(text, [c for c in choices if c not in cards])
        if found is None and why_not is not None:
            named = typed_card(text, cards, list(cards))
            reason = why_not(named) if named is not None and named not in offered else None
            if reason:
                raise KitError(reason)
        if found is None:
            found = typed_card(text, cards, offered)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=", ".join(_shown(state, choices))))
        return found
    listing = _("Answers: {choices}.").format(choices=", ".join(_shown(state, choices)))
    return table.ask(prompt, convert, default=table.label(default) if default else None,
                     help=f"{help} {listing}" if help else listing, field=field)


def _not_playable(state: rules.State, name: str, card: str) -> str | None:
    """The rule that keeps `card` (an id) from being played in `name`'s turn now, in words."""
    deck, shown = rules.index(state), title(state, card)
    if card not in deck.in_turn:
        return _("{card} is a Trahison: it answers a colleague's card and is never played in one's own turn.").format(
            card=shown)
    played = len(state["played"])
    if played >= rules.play_limit(state, name):
        return ngettext("{name} has played {n} card this turn, all the turn allows.",
                        "{name} has played {n} cards this turn, all the turn allows.", played).format(name=name, n=played)
    if card in state["played"]:
        return _("{player} has already played {card} this turn: no two identical cards in one turn.").format(
            player=name, card=shown)
    if card in deck.attacks and not rules.attack_targets(state, name, card):
        if card in deck.demoting and not any(p["poste"] for n, p in state["players"].items() if n != name):
            return _("{card} takes away a colleague's Poste: nobody else holds a Poste now.").format(card=shown)
        return _("{card} aims at a colleague, and a Tournée de croissants protects every one of them now.").format(
            card=shown)
    return None


def _shown(state: rules.State, choices: list[str]) -> list[str]:
    return [title(state, c) if c in (state["cards"] or {}) else table.label(c) for c in choices]


def _pi_entry(what: str, state: rules.State, current: str | None) -> Line:
    """A correction or the deck running out, as the rules' `anytime` allows it."""
    names = list(state["players"])
    if what == "deck":
        hands = {}
        tied = closing_tie(state) if not rules.counted(state) else []
        if tied:
            click.echo(_("{names} are tied on the most PI: their cards in hand decide.").format(names=i18n.join(tied)))
            hands = {name: table.ask_number(_("Cards in {name}'s hand").format(name=name), default=None,
                                            field="hands")
                     for name in tied}
        return deck_empty_action(hands)
    if what == "hand":
        name = table.ask_player(_("Whose hand?"), names, default=current, field="player")
        return {"action": "hand", "player": name,
                "cards": table.ask_number(_("How many cards does {name} hold?").format(name=name), default=None,
                                          field="cards")}
    if what == "steal":
        thief = table.ask_player(_("Who steals?"), names, default=current, field="thief")
        victim = table.ask_player(_("From whom does {thief} steal?").format(thief=thief),
                                  [n for n in names if n != thief],
                                  reason=lambda n: rules.apply(state, {"action": "steal", "thief": thief,
                                                                       "victim": n, "amount": 1}),
                                  field="victim")
        action: dict[str, Any] = {"action": "steal", "thief": thief, "victim": victim}
    else:
        prompt = _("Who gains PI?") if what == "gain" else _("Who loses PI?")
        action = {"action": what, "player": table.ask_player(prompt, names, default=current, field="player")}
    # Checked as typed, so a refused amount (0) asks the amount again, not the whole question.
    action["amount"] = table.ask_number(
        _("How many PI?"), default=None, check=lambda n: rules.apply(state, {**action, "amount": n}),
        field="amount")
    return action


PI_HELP = N_("The cards move the PI and count the hands themselves; corrections: gain, lose (a player's PI), "
             "steal (PI taken from another), hand (a count of cards put right); deck: the deck ran out.")
BY_HAND_HELP = N_("This session's header records no deck: type the PI the cards move with gain, lose (a player's "
                  "PI) and steal (PI taken from another); deck: the deck ran out.")


def ask(decision: Decision, state: rules.State, anytime: list[Decision]) -> Line:
    """The action answering `decision` (or a correction the table makes meanwhile, which the
    rules accept at any moment: the decision then comes again)."""
    choices, who = decision["choices"], decision["player"]
    steps = choices["step"]
    current = state["turn"]["player"] if state["turn"] else None
    if steps == ["start"]:
        if who is None:
            who = table.ask_player(_("Whose turn is it?"), choices["player"], default=choices["player"][0])
        click.echo("\n== " + _("{name}'s turn").format(name=who))
        return _step(who, "start")
    if steps == ["react", "pass"]:   # an Annonce or an Avantage: each colleague who may answer, asked at once
        return _ask_answers(state, choices)
    who = decider(decision)
    if steps == ["land"]:         # redirected to the limit: nothing left to ask
        return _step(who, "land")
    if steps == ["resolve"]:
        return _step(who, "resolve")
    if steps == ["draw"]:         # the engine counts a hand that holds cards: no burnout to ask about
        return _step(who, "draw")
    if "draw" in steps:
        n = rules.draws(state, who)
        prompt = ngettext("{name} draws {n} card, or says burnout if the turn began with no card in hand",
                          "{name} draws {n} cards, or says burnout if the turn began with no card in hand",
                          n).format(name=who, n=n)
        # no PI words here: « pioche » (the deck ran out) is one letter from « piocher »
        return _step(who, _pick(prompt, ["draw", "burnout"], state=state, default="draw"))
    if "react" in steps:                       # an Attaque aimed at `who`
        return _ask_attacked(state, who, choices, current)
    return _ask_play(state, who, choices)


def _ask_answers(state: rules.State, choices: dict[str, Any]) -> dict[str, Any]:
    """An Annonce or an Avantage in the window: who answers it, asked once for the whole
    table, and with which card when they hold more than one; nobody: it resolves."""
    window = rules.in_window(state)
    offered = {d["player"]: d["choices"]["card"] for d in rules.pending(state)
               if d["player"] is not None and d["choices"]["step"] == ["react", "pass"]}
    answer = " / ".join(title(state, card) for card in choices["card"])
    click.echo(_("{card}: does anyone answer with {answer}? (Enter: nobody)").format(
        card=title(state, window["card"]), answer=answer))
    reactor = table.ask_player(_("Who answers?"), list(offered), optional=True, field="player")
    if reactor is None:
        return _step(window["author"], "resolve")
    cards = offered[reactor]
    if len(cards) == 1:
        return _step(reactor, "react", card=cards[0])
    return _step(reactor, "react", card=_pick(_("{name} answers with which card?").format(name=reactor),
                                              cards, state=state, field="card"))


def _ask_attacked(state: rules.State, who: str, choices: dict[str, Any], current: str | None) -> Line:
    """An Attaque aimed at `who`: they answer it with a Trahison (one that redirects it asks
    towards whom), or let it land; the table may make a correction meanwhile."""
    window = rules.in_window(state)
    cards = choices["card"]
    prompt = _("{name}: answer {card} with a Trahison ({cards}), or nothing: it lands").format(
        name=who, card=title(state, window["card"]), cards=" / ".join(title(state, c) for c in cards))
    what = _pick(prompt, [*cards, "nothing", *_pi_words(state)], state=state, default="nothing",
                 help=_pi_help(state))
    if what == "nothing":
        return _step(who, "land")
    if what in PI_WORDS:
        return _pi_entry(what, state, current)
    if "to" in choices and what in rules.index(state).redirects:
        return _step(who, "react", card=what, to=table.ask_player(_("Towards whom?"), choices["to"], field="to"))
    return _step(who, "react", card=what)


def _ask_play(state: rules.State, who: str, choices: dict[str, Any]) -> Line:
    """The turn's player: a card (an Attaque asks against whom), or the end of the turn; the
    table may make a correction meanwhile."""
    cards = choices.get("card", [])
    prompt = (_("{name}: play a card (its title), or next: end of the turn").format(name=who) if cards else
              _("{name}: next: end of the turn (down to {limit} cards in hand)").format(
                  name=who, limit=rules.END_OF_TURN_HAND_LIMIT))
    what = _pick(prompt, [*cards, "next", *_pi_words(state)], state=state, default="next", help=_pi_help(state),
                 why_not=lambda card: _not_playable(state, who, card))
    if what == "next":
        return _step(who, "end")
    if what in PI_WORDS:
        return _pi_entry(what, state, who)
    if what in rules.index(state).attacks:
        return _step(who, "play", card=what,
                     target=table.ask_player(_("Against whom?"), rules.attack_targets(state, who, what),
                                             field="target"))
    return _step(who, "play", card=what)
