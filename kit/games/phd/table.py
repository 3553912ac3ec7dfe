"""`kit score` for PHD: friendly commands, the `show` table and guided play, turn by turn.

The commands only build the action of SCOREKEEPER.md and hand it to `table.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.phd.

`kit score deck-empty` (kit/score/cli.py) serves PHD's timed variant through
`deck_empty_action` below.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit import i18n, table
from kit.errors import KitError
from kit.i18n import _, ngettext
from scorekeeper import session as sessions
from scorekeeper.rules import phd as rules
from scorekeeper.rules.checks import signed

# -- parsing what people type ------------------------------------------------------------

def resource(text: str) -> str:
    """pression or credit, typed in either language or by its initial (kit.table.ANSWERS)."""
    word = table.match_word(text, rules.RESOURCES)
    if word is None:
        raise KitError(_("{text} is not a resource; say pression or credit.").format(text=repr(text)))
    return word


def effect(values: tuple[str, ...] | list[str], option: str) -> dict | None:
    """`pression=+3,credit=-1` (or P=+3 C=-1) as {"pression": 3, "credit": -1}; None if empty."""
    pairs = table.parse_pairs(values, option, example="pression=+3,credit=-1",
                               convert=table.whole_number)
    result: dict = {}
    for key, value in pairs.items():
        name = resource(key)
        if name in result:
            raise KitError(_("{option} changes {resource} twice; give it once.").format(
                option=option, resource=rules.RESOURCE_NAMES[name]))
        result[name] = value
    return result or None


def numbers(text: str) -> list[int]:
    """`3, 1 2` -> [3, 1, 2]: the values of several cards on one line."""
    return [table.whole_number(part) for part in text.replace(",", " ").split()]


def _drop_empty(action: dict) -> dict:
    return {key: value for key, value in action.items() if value not in (None, [], {})}


# -- friendly commands -------------------------------------------------------------------

# Help texts that quote a rule's number are built from the rule constants, never retyped.
DIE_HELP = f"The die rolled ({rules.DIE_MIN}..{rules.DIE_MAX})."


@click.command(help=f"PHD: change PLAYER's Pression and/or Crédit (clamped to "
                    f"{rules.RESOURCE_MIN}..{rules.RESOURCE_MAX}).",
               epilog=table.examples("adjust these.jsonl Ana --pression +3", "adjust these.jsonl Ben --pression -2 --credit +1"))
@table.FILE
@table.PLAYER
@click.option("--pression", type=table.NUMBER, help="Signed change of Pression, e.g. +3 or -2.")
@click.option("--credit", type=table.NUMBER, help="Signed change of Crédit, e.g. +3 or -2.")
def adjust(file: Path, player: str, pression: int | None, credit: int | None) -> None:
    table.submit(file, _drop_empty({"action": "adjust", "player": player,
                                     "pression": pression, "credit": credit}))


@click.command(epilog=table.examples(
    "challenge these.jsonl Ana --resource credit --die 4 --difficulty 9 --modifier -2 "
    "--success pression=-1,credit=+3 --failure pression=+2"))
@table.FILE
@table.PLAYER
@click.option("--resource", "resource_", required=True, help="The resource tested: pression or credit.")
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


def _cards(function):
    for option in reversed(CARDS):
        function = option(function)
    return function


@click.command(help=f"PHD: PLAYER defends a submitted chapter; approved iff own + support - opposition "
                    f">= {rules.CONTROVERSY_NET_TO_WIN}.",
               epilog=table.examples("controversy these.jsonl Ana --argument 3 --argument 1 --support 2 --opposition 4"))
@table.FILE
@table.PLAYER
@_cards
def controversy(file: Path, player: str, arguments, support, opposition) -> None:
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
def defend(file: Path, player: str, die: int, arguments, support, opposition) -> None:
    table.submit(file, _drop_empty({"action": "defend", "player": player, "die": die,
                                     "arguments": list(arguments), "support": list(support),
                                     "opposition": list(opposition)}))


def deck_empty_action(hands: dict) -> dict:
    """`kit score deck-empty FILE` for a PHD session (timed): no hands to count."""
    if hands:
        raise KitError(_("PHD does not count cards in hand; drop --hand."))
    return {"action": "deck_empty"}


# -- what show, log and act print ---------------------------------------------------------

def _effect_text(effect: dict | None) -> str:
    effect = effect if isinstance(effect, dict) else {}
    parts = [f"{rules.RESOURCE_NAMES[key]} {signed(effect[key])}" for key in rules.RESOURCES
             if isinstance(effect.get(key), int)]
    return ", ".join(parts) or _("nothing")


def _cards_text(values) -> str:
    values = values if isinstance(values, list) else ([] if values is None else [values])
    return "+".join(str(v) for v in values) or "0"


def describe(action: dict, reveal: bool | str = False, before: dict | None = None) -> str:
    """One line of the log in the active language."""
    kind, name = action.get("action"), action.get("player", "?")
    cards = {"arguments": _cards_text(action.get("arguments")), "support": _cards_text(action.get("support")),
             "opposition": _cards_text(action.get("opposition"))}
    if kind == "adjust":
        return _("{name}: {effect}.").format(name=name, effect=_effect_text(action))
    if kind == "challenge":
        modifiers = "".join(f" {signed(m)}" for m in (action.get("modifiers") or []) if isinstance(m, int))
        return _("{name} takes a challenge on {resource}: die {die}{modifiers} against {difficulty} "
                 "(success: {success}; failure: {failure}).").format(
            name=name, resource=rules.RESOURCE_NAMES.get(action.get("resource"), action.get("resource")),
            die=action.get("die"), modifiers=modifiers, difficulty=action.get("difficulty"),
            success=_effect_text(action.get("success")), failure=_effect_text(action.get("failure")))
    if kind == "submit":
        return _("{name} submits a chapter ({cost}).").format(name=name, cost=", ".join(
            f"-{cost} {rules.RESOURCE_NAMES[key]}" for key, cost in rules.CHAPTER_COST.items()))
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
    return table.describe_fields(action)


# -- show ----------------------------------------------------------------------------------

def status_text(state: dict, name: str) -> str:
    """The status column: a player still "playing" when the game ended says how it ended for them."""
    status = state["players"][name]["status"]
    if status == "playing" and state["over"]:
        if name in state["winners"]:
            return _("best score (won)") if state.get("end") == "timed" else _("last in the game (won)")
        return _("out of the race")
    return {"playing": _("playing"), "burnout": _("burnt out"), "bingo": _("bingo (won)"),
            "doctor": _("doctor (won)")}[status]


def render(state: dict, lang: str | None = None) -> str:
    """The `show` table: standings first, the resources and chapters of each player."""
    chapters, timed = state["options"]["chapters"], state["options"]["timed"]
    title = ngettext("PHD: {n} approved chapter to defend the thesis", "PHD: {n} approved chapters to defend the thesis",
                     chapters).format(n=chapters)
    if timed:
        title += _("; timed variant")
    headers = [_("rank"), _("player"), "Pression", "Crédit", _("submitted"), _("approved"), _("status")]
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
    elif state["winners"]:
        lines.append(_("Already won: {names}").format(names=i18n.join(state["winners"])))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str | None = None) -> list[str]:
    """What an accepted action changed: the test's verdict, resources, chapters, statuses."""
    lines = []
    test = after.get("last_test")
    if test and action.get("action") in ("challenge", "controversy", "defend"):
        kind = {"challenge": _("Challenge"), "controversy": _("Controversy"), "defence": _("Defence")}.get(
            test["kind"], test["kind"])
        verdict = _("success") if test["success"] else _("failure")
        lines.append("  " + _("{kind}: total {total}, needed {needed}: {verdict}.").format(
            kind=kind, total=test["total"], needed=test["needed"], verdict=verdict))
    for name, now in after["players"].items():
        was = before["players"][name]
        changes = [f"{label} {was[key]} -> {now[key]}" for key, label in
                   (("pression", "Pression"), ("credit", "Crédit"), ("pending", _("submitted")),
                    ("approved", _("approved"))) if was[key] != now[key]]
        if changes:
            lines.append(f"  {name}: " + ", ".join(changes))
        if was["status"] != now["status"]:
            lines.append("  " + _("{name} is now {status}.").format(name=name, status=status_text(after, name)))
    if after.get("scores") and not before.get("scores"):
        lines.append("  " + _("Scores: {scores}").format(scores=", ".join(f"{n} {s}" for n, s in after["scores"].items())))
    return lines


# -- guided play ---------------------------------------------------------------------------
#
# A turn (RULES.md §1.3) is recorded in the file step by step (`turn` lines): "start" (the
# optional defence), "vivre" (the event card; "vivre-cooperation" and "vivre-superviseur"
# once such a card is revealed, since its effects take several entries), then "recherche",
# or "recherche-1-of-2" and "recherche-2-of-2" after a won Challenge. Play resumes at the recorded step, so a card
# already revealed is asked about, never drawn again. Decisions on the printed aids kept here:
# the Superviseur card changes Pression and Crédit like C'est la vie before it says what
# happens to a chapter; the thesis defence starts as soon as the approval that completes the
# chapters is saved (§1.8), and a failed defence may be retried at the start of a later turn.

def _ask_numbers(prompt: str, *, required: bool = False) -> list[int]:
    if required:
        def convert(text: str) -> list[int]:
            if not numbers(text):
                raise KitError(_("Give at least one value."))
            return numbers(text)
        return table.ask(prompt, convert)
    return table.ask(prompt, numbers, default="")


def _ask_effect(prompt: str) -> dict | None:
    return table.ask(prompt + " " + _("(e.g. pression=+3,credit=-1; empty for none)"),
                      lambda text: effect([text], _("The effect")) if text.strip() else None, default="")


def _ask_change(name: str) -> dict:
    """A C'est la vie style change of one player's resources."""
    pression = table.ask_number(_("{name}'s Pression change").format(name=name), default=0)
    credit = table.ask_number(_("{name}'s Crédit change").format(name=name), default=0)
    return _drop_empty({"action": "adjust", "player": name, "pression": pression or None, "credit": credit or None})


def _adjust(path: Path, name: str) -> None:
    first = _ask_change(name)
    if len(first) == 2:                     # neither resource changes: nothing to save
        click.echo("  " + _("No change."))
        return
    answers = iter([first])
    table.apply_until_accepted(path, lambda: next(answers, None) or _ask_change(name))


def _ask_die(name: str) -> int:
    def check(value: int) -> None:
        if not rules.DIE_MIN <= value <= rules.DIE_MAX:
            raise KitError(_("A die shows {low} to {high}.").format(low=rules.DIE_MIN, high=rules.DIE_MAX))
    return table.ask_number(_("{name}'s die ({low}..{high})").format(name=name, low=rules.DIE_MIN, high=rules.DIE_MAX),
                             default=None, check=check)


def _challenge(path: Path, name: str) -> bool:
    def build() -> dict:
        return _drop_empty({
            "action": "challenge", "player": name,
            "resource": table.ask_choice(_("Resource tested"), ["pression", "credit"]),
            "difficulty": table.ask_number(_("Difficulty"), default=None),
            "modifiers": _ask_numbers(_("Modifiers (post-its, arguments; empty for none)")),
            "success": _ask_effect(_("Effect of a success")),
            "failure": _ask_effect(_("Effect of a failure")),
            "die": _ask_die(name),
        })
    state = table.apply_until_accepted(path, build).state
    return bool(state["last_test"] and state["last_test"]["success"])


def _ask_cards(name: str) -> dict:
    """The cards of a controversy or a defence: the player's own, then support and opposition."""
    return {"arguments": _ask_numbers(_("{name}'s Argument values").format(name=name), required=True),
            "support": _ask_numbers(_("Support values (empty for none)")),
            "opposition": _ask_numbers(_("Opposition values (empty for none)"))}


def _controversy(path: Path, name: str) -> None:
    table.apply_until_accepted(path, lambda: _drop_empty({"action": "controversy", "player": name, **_ask_cards(name)}))


def _defence(path: Path, name: str) -> None:
    # the die first, as at the table: it is rolled before the cards are laid down
    table.apply_until_accepted(path, lambda: _drop_empty({
        "action": "defend", "player": name, "die": _ask_die(name), **_ask_cards(name)}))


def _defence_if_complete(path: Path, name: str) -> None:
    """RULES.md §1.8: the defence starts as soon as the chapters needed are approved."""
    state = table.current_guide().state
    player = state["players"][name]
    if not state["over"] and player["status"] == "playing" and player["approved"] >= state["options"]["chapters"]:
        click.echo(_("{name} has every approved chapter needed: the thesis defence starts now.").format(name=name))
        _defence(path, name)


def _superviseur(path: Path, name: str, *, step: str | None = None) -> None:
    """The Superviseur card: a Pression/Crédit change like C'est la vie, then what it says
    about a chapter (approval, controversy, revocation or nothing). Revealed in Vivre
    (`step` "vivre"), the change once saved is bookmarked, so a resumed play asks the
    chapter question and never applies the change twice."""
    if step != "vivre-superviseur":
        _adjust(path, name)
        if step == "vivre" and _still_playing(name):
            table.record_turn(name, "vivre-superviseur")
    guide = table.current_guide()
    p = guide.state["players"][name]
    if guide.state["over"] or p["status"] != "playing":
        return
    if p["pending"] == 0 and p["approved"] == 0:
        click.echo("  " + _("{name} has no chapter: the card changes no chapter.").format(name=name))
        return
    while True:
        what = table.ask_choice(_("What does the Superviseur card say about the chapter?"),
                                 ["approve", "controversy", "revoke", "nothing"], default="nothing")
        if what == "nothing":
            return
        if what == "controversy":
            _controversy(path, name)
            break
        if table.try_submit(path, {"action": what, "player": name}):
            break
    _defence_if_complete(path, name)


def _cooperation(path: Path) -> None:
    """Coopération: any players' resources change, one after the other, until Enter alone."""
    guide = table.current_guide()
    while not guide.state["over"]:
        playing = [n for n, p in guide.state["players"].items() if p["status"] == "playing"]
        who = table.ask_player(_("Player whose resources change (empty when done)"), playing, optional=True)
        if who is None:
            break
        _adjust(path, who)


EVENTS = ["vie", "cooperation", "challenge", "superviseur", "none"]


def _event(path: Path, name: str, *, timed_end: bool, step: str | None = None) -> bool:
    """One event card (revealed in Vivre: `step` is the turn's step; or played from hand);
    True for a won challenge. A card whose effects take several entries (Coopération, the
    Superviseur) is bookmarked once revealed, so resuming goes on with it."""
    if step == "vivre-cooperation":
        _cooperation(path)
        return False
    if step == "vivre-superviseur":
        _superviseur(path, name, step=step)
        return False
    choices = EVENTS + (["empty"] if timed_end else [])
    help_text = _("vie: C'est la vie; cooperation: Coopération; challenge; superviseur; none: no event card"
                  ) + (_("; empty: the deck has run out (timed game)") if timed_end else "")
    kind = table.ask_choice(_("Event card"), choices, help=help_text)
    if kind == "vie":
        _adjust(path, name)
    elif kind == "cooperation":
        if step == "vivre":
            table.record_turn(name, "vivre-cooperation")
        _cooperation(path)
    elif kind == "challenge":
        return _challenge(path, name)
    elif kind == "superviseur":
        _superviseur(path, name, step=step)
    elif kind == "empty":
        table.try_submit(path, {"action": "deck_empty"})
    return False


def _summary(state: dict, name: str) -> str:
    p = state["players"][name]
    return _("Pression {pression}, Crédit {credit}, chapters: {pending} submitted, {approved} approved of "
             "{chapters}").format(pression=p["pression"], credit=p["credit"], pending=p["pending"],
                                  approved=p["approved"], chapters=state["options"]["chapters"])


RECHERCHE = ["draw", "argument", "card", "submit"]


def _recherche(path: Path, name: str, label: str) -> None:
    """One Recherche phase: draw events, draw an argument, play a card or submit a chapter."""
    help_text = _("draw: 2 event cards; argument: 1 Argument card; card: play an event card from your hand; "
                  "submit: a chapter (costs 5 Pression and 5 Crédit).")
    choice = table.ask_choice(_("Recherche{label}: draw events, draw an argument, play a card or submit").format(
        label=label), RECHERCHE, help=help_text)
    while choice == "submit":
        if table.try_submit(path, {"action": "submit", "player": name}):
            return
        choice = table.ask_choice(_("Another Recherche action then"), RECHERCHE, help=help_text)
    if choice == "card":
        _event(path, name, timed_end=False)


def _still_playing(name: str) -> bool:
    state = table.current_guide().state
    return not state["over"] and state["players"][name]["status"] == "playing"


def _turn(path: Path, name: str, state: dict) -> None:
    """One turn from the step the file records (see above)."""
    guide = table.current_guide()
    step = table.turn_step(guide.state, name)
    if step == "start":
        click.echo("\n== " + _("{name}'s turn: {summary}").format(name=name, summary=_summary(guide.state, name)))
        if guide.state["players"][name]["approved"] >= guide.state["options"]["chapters"]:
            if table.ask_yes_no(_("{name} has the approved chapters needed: defend the thesis now?").format(name=name),
                                 default=True):
                _defence(path, name)
                if not _still_playing(name):
                    return
        table.record_turn(name, "vivre")
        step = "vivre"
    if step in ("vivre", "vivre-cooperation", "vivre-superviseur"):
        if step == "vivre":
            click.echo("\n== " + _("{name}'s turn, Vivre: reveal an event card.").format(name=name))
        else:
            click.echo("\n== " + _("{name}'s turn, Vivre: the event card revealed goes on.").format(name=name))
        start = guide.state["players"][name]["pression"]
        won = _event(path, name, timed_end=guide.state["options"]["timed"], step=step)
        if not _still_playing(name):
            return
        if start > 0 and guide.state["players"][name]["pression"] == 0:
            click.echo(_("{name}'s Pression fell to 0 this turn: no Recherche phase.").format(name=name))
            return
        step = "recherche-1-of-2" if won else "recherche"
        table.record_turn(name, step)
    if step in ("recherche", "recherche-1-of-2"):
        _recherche(path, name, _(" (1 of 2, thanks to the won challenge)") if step != "recherche" else "")
        if not _still_playing(name):
            return
        if step == "recherche-1-of-2":
            step = "recherche-2-of-2"
            table.record_turn(name, step)
    if step == "recherche-2-of-2":
        _recherche(path, name, _(" (2 of 2, thanks to the won challenge)"))
        if not _still_playing(name):
            return
    click.echo(_("End of {name}'s turn: keep at most {limit} cards in hand.").format(name=name, limit=rules.HAND_LIMIT))


def play(path: Path, session: sessions.Session) -> None:
    """Guided PHD, turn by turn in seating order; every accepted entry is saved at once, and
    the turn's step with it, so play resumes exactly where it stopped."""
    table.play_turns(_("Whose turn is it?"), lambda name, state: _turn(path, name, state), render,
                      takes_turns=lambda state, name: state["players"][name]["status"] == "playing")
