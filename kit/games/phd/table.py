"""`kit score` for PHD: friendly commands, the `show` table and guided play, turn by turn.

The commands only build the action of SCOREKEEPER.md and hand it to `common.submit`, the
same path as `kit score act`; every rule lives in scorekeeper.rules.phd.

`kit score deck-empty` (kit/score/cli.py) serves PHD's timed variant through
`deck_empty_action` below.
"""
from __future__ import annotations

from pathlib import Path

import click

from kit.errors import KitError
from kit import table as common
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import phd as rules

# what people may type for a resource: the rules' names, the accented word, the initial
RESOURCE_WORDS = {"pression": "pression", "p": "pression",
                  "credit": "credit", "crédit": "credit", "c": "credit"}
STATUS_WORDS = {
    "en": {"playing": "playing", "burnout": "burnt out", "bingo": "bingo (won)", "doctor": "doctor (won)"},
    "fr": {"playing": "en jeu", "burnout": "burn-out", "bingo": "bingo (gagné)", "doctor": "docteur (gagné)"},
}
# A player still "playing" when the game ends may have won by how it ended (state["end"]).
WON_PLAYING = {
    "en": {"last player": "last in the game (won)", "timed": "best score (won)"},
    "fr": {"last player": "dernier en jeu (gagné)", "timed": "meilleur score (gagné)"},
}


def status_text(state: dict, name: str, lang: str = "en") -> str:
    """The status column: "playing" would hide that the last player in or the best score won."""
    status = state["players"][name]["status"]
    if status == "playing" and state["over"] and name in state["winners"]:
        return WON_PLAYING[lang].get(state.get("end"), STATUS_WORDS[lang][status])
    return STATUS_WORDS[lang][status]


# -- parsing what people type ------------------------------------------------------------

def resource(text: str) -> str:
    word = RESOURCE_WORDS.get(text.strip().lower())
    if word is None:
        raise KitError(f"{text!r} is not a resource; say pression or credit.")
    return word


def effect(values: tuple[str, ...] | list[str], option: str) -> dict | None:
    """`pression=+3,credit=-1` (or P=+3 C=-1) as {"pression": 3, "credit": -1}; None if empty."""
    pairs = common.parse_pairs(values, option, example="pression=+3,credit=-1",
                               convert=common.whole_number)
    result: dict = {}
    for key, value in pairs.items():
        name = resource(key)
        if name in result:
            raise KitError(f"{option} changes {rules.RESOURCE_NAMES[name]} twice; give it once.")
        result[name] = value
    return result or None


def numbers(text: str) -> list[int]:
    """`3, 1 2` -> [3, 1, 2]: the values of several cards on one line."""
    return [common.whole_number(part) for part in text.replace(",", " ").split()]


def _drop_empty(action: dict) -> dict:
    return {key: value for key, value in action.items() if value not in (None, [], {})}


# -- friendly commands -------------------------------------------------------------------

# Help texts that quote a rule's number are built from the rule constants, never retyped.
DIE_HELP = f"The die rolled ({rules.DIE_MIN}..{rules.DIE_MAX})."


@click.command(help=f"PHD: change PLAYER's Pression and/or Crédit (clamped to "
                    f"{rules.RESOURCE_MIN}..{rules.RESOURCE_MAX}).",
               epilog=common.examples("adjust these.jsonl Ana --pression +3", "adjust these.jsonl Ben --pression -2 --credit +1"))
@common.FILE
@common.PLAYER
@click.option("--pression", type=int, help="Signed change of Pression, e.g. +3 or -2.")
@click.option("--credit", type=int, help="Signed change of Crédit, e.g. +3 or -2.")
def adjust(file: Path, player: str, pression: int | None, credit: int | None) -> None:
    common.submit(file, _drop_empty({"action": "adjust", "player": player,
                                     "pression": pression, "credit": credit}))


@click.command(epilog=common.examples(
    "challenge these.jsonl Ana --resource credit --die 4 --difficulty 9 --modifier -2 "
    "--success pression=-1,credit=+3 --failure pression=+2"))
@common.FILE
@common.PLAYER
@click.option("--resource", "resource_", required=True, help="The resource tested: pression or credit.")
@click.option("--die", type=int, required=True, help=DIE_HELP)
@click.option("--difficulty", type=int, required=True, help="The card's difficulty.")
@click.option("--modifier", "modifiers", type=int, multiple=True,
              help="A post-it or argument modifier, signed; repeat for several.")
@click.option("--success", multiple=True, metavar="RES=N,...", help="Effect of a success: pression=+3,credit=+3.")
@click.option("--failure", multiple=True, metavar="RES=N,...", help="Effect of a failure: pression=+2.")
def challenge(file: Path, player: str, resource_: str, die: int, difficulty: int,
              modifiers: tuple[int, ...], success: tuple[str, ...], failure: tuple[str, ...]) -> None:
    """PHD: PLAYER's challenge: resource + die + modifiers against the difficulty."""
    common.submit(file, _drop_empty({
        "action": "challenge", "player": player, "resource": resource(resource_), "die": die,
        "difficulty": difficulty, "modifiers": list(modifiers),
        "success": effect(success, "--success"), "failure": effect(failure, "--failure")}))


def _chapter_command(name: str, doc: str) -> click.Command:
    @click.command(name=name, help=doc, epilog=common.examples(f"{name} these.jsonl Ana"))
    @common.FILE
    @common.PLAYER
    def command(file: Path, player: str) -> None:
        common.submit(file, {"action": name, "player": player})
    return command


submit = _chapter_command("submit", f"PHD: PLAYER submits a chapter (costs {rules.CHAPTER_COST['pression']} Pression "
                           f"and {rules.CHAPTER_COST['credit']} Crédit).")
approve = _chapter_command("approve", "PHD: PLAYER's submitted chapter is approved (a Superviseur card).")
revoke = _chapter_command("revoke", "PHD: one of PLAYER's approved chapters goes back to submitted.")

CARDS = [
    click.option("--argument", "arguments", type=int, multiple=True, required=True,
                 help="The value of one of the player's Argument cards; repeat for several."),
    click.option("--support", type=int, multiple=True, help="A supporting card's value; repeatable."),
    click.option("--opposition", type=int, multiple=True, help="An opposing card's value; repeatable."),
]


def _cards(function):
    for option in reversed(CARDS):
        function = option(function)
    return function


@click.command(help=f"PHD: PLAYER defends a submitted chapter; approved iff own + support - opposition "
                    f">= {rules.CONTROVERSY_NET_TO_WIN}.",
               epilog=common.examples("controversy these.jsonl Ana --argument 3 --argument 1 --support 2 --opposition 4"))
@common.FILE
@common.PLAYER
@_cards
def controversy(file: Path, player: str, arguments, support, opposition) -> None:
    common.submit(file, _drop_empty({"action": "controversy", "player": player,
                                     "arguments": list(arguments), "support": list(support),
                                     "opposition": list(opposition)}))


@click.command(help=f"PHD: PLAYER's thesis defence; a doctor iff die + own + support - opposition "
                    f">= {rules.DEFENCE_NET_TO_WIN}.",
               epilog=common.examples("defend these.jsonl Ana --die 2 --argument 3 --opposition 4"))
@common.FILE
@common.PLAYER
@click.option("--die", type=int, required=True, help=DIE_HELP)
@_cards
def defend(file: Path, player: str, die: int, arguments, support, opposition) -> None:
    common.submit(file, _drop_empty({"action": "defend", "player": player, "die": die,
                                     "arguments": list(arguments), "support": list(support),
                                     "opposition": list(opposition)}))


def deck_empty_action(hands: dict) -> dict:
    """`kit score deck-empty FILE` for a PHD session (timed): no hands to count."""
    if hands:
        raise KitError("PHD does not count cards in hand; drop --hand.")
    return {"action": "deck_empty"}


# -- show ----------------------------------------------------------------------------------

def render(state: dict, lang: str = "en") -> str:
    """The `show` table: standings first, the resources and chapters of each player."""
    fr = lang == "fr"
    chapters, timed = state["options"]["chapters"], state["options"]["timed"]
    title = (f"PHD : {chapters} chapitre(s) approuvé(s) pour soutenir" if fr
             else f"PHD: {chapters} approved chapter(s) to defend the thesis")
    if timed:
        title += " ; variante temps écoulé" if fr else "; timed variant"
    headers = (["rang", "joueur", "Pression", "Crédit", "soumis", "approuvés", "statut"] if fr
               else ["rank", "player", "Pression", "Crédit", "submitted", "approved", "status"])
    scores = state.get("scores")
    if scores:
        headers.append("score")
    rows = []
    for rank, name in rules.standings(state):
        p = state["players"][name]
        row = [rank, name, p["pression"], p["credit"], p["pending"], p["approved"],
               status_text(state, name, lang)]
        if scores:
            row.append(scores[name])
        rows.append(row)
    lines = [title, common.table(headers, rows)]
    if state["over"]:
        lines.append(common.game_over_line(state))
    elif state["winners"]:
        lines.append(("Déjà gagnant(s) : " if fr else "Already won: ") + common.join_names(state["winners"]))
    return "\n".join(lines)


def outcome(before: dict, after: dict, action: dict, lang: str = "en") -> list[str]:
    """What an accepted action changed: the test's verdict, resources, chapters, statuses."""
    lines = []
    test = after.get("last_test")
    if test and action.get("action") in ("challenge", "controversy", "defend"):
        verdict = "success" if test["success"] else "failure"
        lines.append(f"  {test['kind'].capitalize()}: total {test['total']}, needed {test['needed']}: {verdict}.")
    for name, now in after["players"].items():
        was = before["players"][name]
        changes = [f"{label} {was[key]} -> {now[key]}" for key, label in
                   (("pression", "Pression"), ("credit", "Crédit"), ("pending", "submitted"),
                    ("approved", "approved")) if was[key] != now[key]]
        if changes:
            lines.append(f"  {name}: " + ", ".join(changes))
        if was["status"] != now["status"]:
            lines.append(f"  {name} is now {STATUS_WORDS['en'][now['status']]}.")
    if after.get("scores") and not before.get("scores"):
        lines.append("  Scores: " + ", ".join(f"{n} {s}" for n, s in after["scores"].items()))
    return lines


# -- guided play ---------------------------------------------------------------------------

def _ask_numbers(prompt: str, *, required: bool = False) -> list[int]:
    if required:
        def convert(text: str) -> list[int]:
            if not numbers(text):
                raise KitError("Give at least one value.")
            return numbers(text)
        return common.ask(prompt, convert)
    return common.ask(prompt, numbers, default="")


def _ask_effect(prompt: str) -> dict | None:
    return common.ask(f"{prompt} (e.g. pression=+3,credit=-1; empty for none)",
                      lambda text: effect([text], "The effect") if text.strip() else None, default="")


def _ask_change(name: str) -> dict:
    """A C'est la vie style change of one player's resources."""
    pression = common.ask_number(f"{name}'s Pression change", default=0)
    credit = common.ask_number(f"{name}'s Crédit change", default=0)
    return _drop_empty({"action": "adjust", "player": name,
                        "pression": pression or None, "credit": credit or None})


def _adjust(path: Path, name: str, state: dict) -> dict:
    first = _ask_change(name)
    if len(first) == 2:                     # neither resource changes: nothing to save
        click.echo("  No change.")
        return state
    answers = iter([first])
    return common.apply_until_accepted(path, lambda: next(answers, None) or _ask_change(name)).state


def _ask_die(name: str) -> int:
    def check(value: int) -> None:
        if not rules.DIE_MIN <= value <= rules.DIE_MAX:
            raise RuleViolation(f"{name}'s die must be between {rules.DIE_MIN} and {rules.DIE_MAX}, not {value}.")
    return common.ask_number(f"{name}'s die ({rules.DIE_MIN}..{rules.DIE_MAX})", default=None, check=check)


def _challenge(path: Path, name: str) -> tuple[dict, bool]:
    def build() -> dict:
        return _drop_empty({
            "action": "challenge", "player": name,
            "resource": common.ask("Resource tested (pression/credit)", resource),
            "difficulty": common.ask_number("Difficulty", default=None),
            "modifiers": _ask_numbers("Modifiers (post-its, arguments; empty for none)"),
            "success": _ask_effect("Effect of a success"),
            "failure": _ask_effect("Effect of a failure"),
            "die": _ask_die(name),
        })
    state = common.apply_until_accepted(path, build).state
    return state, bool(state["last_test"] and state["last_test"]["success"])


def _ask_cards(name: str) -> dict:
    """The cards of a controversy or a defence: the player's own, then support and opposition."""
    return {"arguments": _ask_numbers(f"{name}'s Argument values", required=True),
            "support": _ask_numbers("Support values (empty for none)"),
            "opposition": _ask_numbers("Opposition values (empty for none)")}


def _controversy(path: Path, name: str) -> dict:
    return common.apply_until_accepted(path, lambda: _drop_empty({
        "action": "controversy", "player": name, **_ask_cards(name)})).state


def _defence(path: Path, name: str) -> dict:
    # the die first, as at the table: it is rolled before the cards are laid down
    return common.apply_until_accepted(path, lambda: _drop_empty({
        "action": "defend", "player": name, "die": _ask_die(name), **_ask_cards(name)})).state


def _superviseur(path: Path, name: str, state: dict) -> dict:
    p = state["players"][name]
    if p["pending"] == 0 and p["approved"] == 0:
        click.echo(f"  {name} has no chapter: the Superviseur card changes nothing.")
        return state
    what = common.ask_choice("What does the Superviseur card say?",
                             ["approve", "controversy", "revoke", "nothing"], default="nothing")
    if what == "nothing":
        return state
    if what == "controversy":
        return _controversy(path, name)
    saved = common.try_submit(path, {"action": what, "player": name})
    return saved.state if saved else _superviseur(path, name, state)


def _event(path: Path, name: str, state: dict, *, timed_end: bool) -> tuple[dict, bool]:
    """One event card (revealed in Vivre, or played from hand): the state, and a won challenge."""
    choices = ["vie", "cooperation", "challenge", "superviseur", "none"] + (["empty"] if timed_end else [])
    kind = common.ask_choice("Event card: C'est la vie, Coopération, Challenge, Superviseur, none"
                             + (" (or empty: the deck has run out)" if timed_end else ""), choices)
    if kind == "vie":
        return _adjust(path, name, state), False
    if kind == "cooperation":
        while not state["over"]:
            who = common.ask("Player whose resources change (empty when done)", _optional_player(state),
                             default="")
            if who is None:
                break
            state = _adjust(path, who, state)
        return state, False
    if kind == "challenge":
        return _challenge(path, name)
    if kind == "superviseur":
        return _superviseur(path, name, state), False
    if kind == "empty":
        saved = common.try_submit(path, {"action": "deck_empty"})
        return (saved.state if saved else state), False
    return state, False


def _optional_player(state: dict):
    def convert(text: str) -> str | None:
        text = text.strip()
        if not text:
            return None
        if text not in state["players"] or state["players"][text]["status"] != "playing":
            playing = [n for n, p in state["players"].items() if p["status"] == "playing"]
            raise KitError(f"{text} is not a player still playing; those are {common.join_names(playing)}.")
        return text
    return convert


def _summary(state: dict, name: str) -> str:
    p = state["players"][name]
    return (f"Pression {p['pression']}, Crédit {p['credit']}, chapters: {p['pending']} submitted, "
            f"{p['approved']} approved of {state['options']['chapters']}")


def _turn(path: Path, name: str, state: dict) -> dict:
    """RULES.md §1.3: an optional defence, Vivre (one event), then one or two Recherche phases;
    the state after the turn."""
    click.echo(f"\n== {name}'s turn: {_summary(state, name)}")
    if state["players"][name]["approved"] >= state["options"]["chapters"]:
        if common.ask_yes_no(f"{name} has the approved chapters needed: defend the thesis now?", default=True):
            state = _defence(path, name)
            if state["over"]:
                return state
    click.echo("Vivre: reveal an event card.")
    start = state["players"][name]["pression"]
    state, won = _event(path, name, state, timed_end=state["options"]["timed"])
    if state["over"] or state["players"][name]["status"] != "playing":
        return state
    if start > 0 and state["players"][name]["pression"] == 0:
        click.echo(f"{name}'s Pression fell to 0 this turn: no Recherche phase.")
        return state
    phases = rules.RECHERCHE_MAX_PER_TURN if won else 1
    for phase in range(1, phases + 1):
        label = f" ({phase} of {phases}, thanks to the won challenge)" if phases > 1 else ""
        choice = common.ask_choice(f"Recherche{label}: draw events, draw an argument, play a card or submit",
                                   ["draw", "argument", "card", "submit"])
        while choice == "submit":
            saved = common.try_submit(path, {"action": "submit", "player": name})
            if saved:
                state = saved.state
                break
            choice = common.ask_choice("Another Recherche action then",
                                       ["draw", "argument", "card", "submit"])
        if choice == "card":
            state, _ = _event(path, name, state, timed_end=False)
        if state["over"] or state["players"][name]["status"] != "playing":
            return state
    click.echo(f"End of {name}'s turn: keep at most {rules.HAND_LIMIT} cards in hand.")
    return state


def play(path: Path, session: sessions.Session) -> None:
    """Guided PHD, turn by turn in seating order; every accepted entry is saved at once."""
    common.play_turns(session.state, "Whose turn is it?",
                      lambda name, state: _turn(path, name, state), render,
                      takes_turns=lambda state, name: state["players"][name]["status"] == "playing")
