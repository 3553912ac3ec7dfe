"""What the pages show of PHD (kit/faces.py): its words, whose turn it is, the two tracks."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.faces import FIRST, Faces, by_turn_steps, turn_being_played
from kit.games.phd import bots, table
from kit.i18n import N_, N_plural
from scorekeeper import rules
from scorekeeper.errors import Message, plural
from scorekeeper.rules import phd
from scorekeeper.rules.flow import Decision, decider

# What people may answer for each of the game's words, in either language (the first word of
# each language is the one shown; kit/table/parsing.py compares them without case or accents).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "pression": {"fr": ("pression", "p"), "en": ("pressure", "pression", "p")},   # Pressure in the English kit
    "credit": {"fr": ("crédit", "c"), "en": ("credit", "crédit", "c")},
    "nothing": {"fr": ("rien",), "en": ("nothing", "none")},
    "none": {"fr": ("aucune", "rien"), "en": ("none",)},
    "approve": {"fr": ("approuver",), "en": ("approve",)},
    "controversy": {"fr": ("controverse",), "en": ("controversy",)},
    "revoke": {"fr": ("retirer",), "en": ("revoke",)},
    "vie": {"fr": ("vie", "c'est la vie"), "en": ("life", "that's life", "vie", "c'est la vie")},
    "cooperation": {"fr": ("coopération",), "en": ("cooperation",)},
    "challenge": {"fr": ("challenge", "défi"), "en": ("challenge",)},   # PHD's Challenge cards
    "superviseur": {"fr": ("superviseur",), "en": ("supervisor", "superviseur")},
    "empty": {"fr": ("vide",), "en": ("empty",)},
    "draw": {"fr": ("piocher",), "en": ("draw",)},
    # the Recherche's draws, as the steps the rules offer name them
    "draw-events": {"fr": ("piocher", "événements"), "en": ("draw", "events")},
    "draw-argument": {"fr": ("argument",), "en": ("argument",)},
    "deck": {"fr": ("pioche",), "en": ("deck",)},
    "argument": {"fr": ("argument",), "en": ("argument",)},
    "card": {"fr": ("carte",), "en": ("card",)},
    "submit": {"fr": ("soumettre",), "en": ("submit",)},
    "deck_empty": {"fr": ("vide",), "en": ("empty",)},     # the timed game's end, among a step's choices
    "defend": {"fr": ("soutenir", "soutenance"), "en": ("defend", "defence")},
}


# `kit` command lines for the game, as typed after `kit` (kit/faces.py: each command's --help shows its own).
EXAMPLES: tuple[str | tuple[str, str], ...] = (
    'score new these.jsonl phd --player Ana --player Ben --option chapters=2',
    'score new these.jsonl phd --player Ana --player Ben --option chapters=5 --option timed=true',
    N_('score adjust these.jsonl Ana --pression +3 --credit -2'),   # a msgid: --pressure in English
    'score act these.jsonl \'{"action": "adjust", "player": "Ana", "pression": 3}\'',
    'score deck-empty these.jsonl',
    ("build phd --paper letter", N_("one game on US Letter")),
    "export phd --only event-cards --dpi 600",
    "simulate phd --players 4 --bots random,greedy --option chapters=2",
    "simulate phd --option chapters=2,3,5 --report chapters.pdf",
)


RECHERCHE = N_("Recherche (draw, or play an event card from the hand)")
# the two Recherches a Challenge won in Vivre brings, the first and the second
RECHERCHES = (N_("Recherche (1 of 2, thanks to the won challenge)"), N_("Recherche (2 of 2, thanks to the won challenge)"))


def moment(steps: tuple[str, ...]) -> str | None:
    """A turn's moment, known by a step it alone offers: Vivre « no event card », Recherche
    the draws."""
    if "none" in steps:
        return N_("Vivre (the event card turned over)")
    if "draw-events" in steps:
        return RECHERCHE
    return None


def turn_title(view: dict[str, Any], action: str, player: str | None) -> str | None:
    """A turn's step titled by its moment (`moment`), a Recherche saying which of the two
    a Challenge won in Vivre brings."""
    said = by_turn_steps(moment)(view, action, player)
    turn = view.get("turn")
    if said == RECHERCHE and isinstance(turn, dict) and turn.get("recherches", 1) > 1:
        return RECHERCHES[min(int(turn.get("done", 0)), 1)]
    return said


# What its layout.py reads beyond its pieces, loaded only when one is asked for (a page or a
# phone never loads the printing code).

def deck(layouts_root: Path) -> dict[str, Any]:
    """The deck a session records (`kit score new`) and the bots play (layout.py's deck)."""
    from kit.games.phd import layout

    return layout.deck(layouts_root)


def decision_facts(state: phd.State, decision: Decision) -> list[Message]:
    """What a player reads before answering: at a turn's first question (Vivre, or the
    thesis defended at once), where they stand; before a test, the Challenge revealed (its
    resource and difficulty, what the die and the cards laid must make), or what wins a
    controversy or the thesis defence (RULES.md §1.6-1.8)."""
    turn = state.get("turn")
    played = turn.get("played") if turn else None
    if turn and turn["stage"] in ("start", "vivre") and decision["player"] == turn["player"] \
            and decision["action"] in ("turn", "defend"):
        return [standing(state, turn["player"])]
    if decision["action"] == "challenge" and played is not None and played in (state.get("cards") or {}):
        card = (state["cards"] or {})[played]
        name = decider(decision)      # the player who meets the Challenge
        resource: phd.Resource = card["resource"]
        have = state["players"][name][resource]
        return [Message("{card}: {resource}, difficulty {difficulty}", card=card["title"],
                        resource=Message(phd.RESOURCE_NAMES[resource]), difficulty=card["difficulty"]),
                Message("With {have} {resource}, {name} needs {needed} or more from the die and the cards laid.",
                        have=have, resource=Message(phd.RESOURCE_NAMES[resource]), name=name, needed=card["difficulty"] - have)]
    if decision["action"] == "controversy":
        return [Message("The controversy is won when the arguments and their support outweigh the opposition "
                        "by {n} or more.", n=phd.CONTROVERSY_NET_TO_WIN)]
    if decision["action"] == "defend":
        return [Message("The thesis is defended when the die plus the arguments and their support, less the "
                        "opposition, make {n} or more.", n=phd.DEFENCE_NET_TO_WIN)]
    return []


def standing(state: phd.State, name: str) -> Message:
    """A player's resources and chapters, in a line."""
    player = state["players"][name]
    # one plural on the approved count: French writes « 1 approuvé », « 2 approuvés » (« soumis » never changes)
    return Message(plural("{name}: Pression {pression}, Credit {credit}; chapters: {pending} submitted, {approved} "
                          "approved of {chapters}.",
                          "{name}: Pression {pression}, Credit {credit}; chapters: {pending} submitted, {approved} "
                          "approved of {chapters}.", player["approved"]),
                   name=name, pression=player["pression"], credit=player["credit"], pending=player["pending"],
                   approved=player["approved"], chapters=state["options"]["chapters"])


FACES = Faces(
    words={"pression": N_("Pression"), "credit": N_("Credit"), "pending": N_("Pending"), "approved": N_("Approved"),
           "status": N_("Status"), "playing": N_("playing"), "burnout": N_("burn-out"), "bingo": N_("bingo"),
           "doctor": N_("doctor"), "hand": N_("Cards in hand")},
    title=turn_title,
    top=((N_("Turn"), turn_being_played("stage", "end")),),
    tracks={"pression": phd.RESOURCE_MAX, "credit": phd.RESOURCE_MAX},
    awaited={"turn": N_plural("their turn", "their turns"), "challenge": N_plural("their Challenge", "their Challenges"),
             "defend": N_plural("their thesis defence", "their thesis defences")},
    answers=ANSWERS, examples=EXAMPLES,
    # the words of the rules' decisions and the table's own steps, from its table.py
    rules=rules.of("phd"),
    action_labels=table.ACTION_LABELS, field_labels=table.FIELD_LABELS, value_labels=table.VALUE_LABELS,
    describe_turn=table.describe_turn, deck_empty_action=table.deck_empty_action,
    decision_facts=decision_facts, narrow=phd.step_choices,
    defaults={("turn", "player"): (FIRST,)},       # who begins: the first seated
    # what the simulator's report says of its bots
    ways_to_win=bots.WAYS_TO_WIN, simplifications=bots.SIMPLIFICATIONS,
    deck=deck,
)
