"""What the pages show of Promotion (kit/faces.py): its words, whose turn it is, the target
and the reshuffles, each player's PI against the target."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.faces import FIRST, Faces, by_turn_steps, field_of, turn_being_played
from kit.games.promotion import bots, table
from kit.i18n import N_, N_plural
from scorekeeper import rules

# What people may answer for each of the game's words, in either language (the first word of
# each language is the one shown; kit/table/parsing.py compares them without case or accents).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "land": {"fr": ("rien",), "en": ("nothing", "none")},   # the Attaque lands: nothing answers it
    "draw": {"fr": ("piocher",), "en": ("draw",)},
    "gain": {"fr": ("gagner", "gagne"), "en": ("gain",)},
    "lose": {"fr": ("perdre", "perd"), "en": ("lose",)},
    "steal": {"fr": ("voler", "vol"), "en": ("steal",)},
    "deck_empty": {"fr": ("pioche",), "en": ("deck",)},   # the table's entries allowed at any time, by action
    "hand": {"fr": ("main",), "en": ("hand",)},
    "end": {"fr": ("suivant",), "en": ("next",)},           # the turn ends: the next player's begins
}


# `kit` command lines for the game, as typed after `kit` (kit/faces.py: each command's --help shows its own).
EXAMPLES: tuple[str | tuple[str, str], ...] = (
    'score new bureau.jsonl promotion --player Ana --player Ben',
    'score new bureau.jsonl promotion --player Ana --player Ben --option target=10',
    'score steal bureau.jsonl Ben Ana 2',
    'score deck-empty bureau.jsonl --hand Ana=3 --hand Ben=2',
    ("build promotion --only cards", N_("just the cards of one game")),
    ("export promotion --target tgc", N_("The Game Crafter poker cards, 825 x 1125 px")),
)


# What Enter alone answers in guided play, the first the rules offer: the draw (a burnout is
# said), the Attaque landing, the turn's end, and each colleague letting a card pass (the
# table is asked once who answers it: kit/table/play.py).
DEFAULTS: dict[tuple[str, str], tuple[str, ...]] = {("turn", "step"): ("draw", "land", "end", "pass"),
                                                    ("turn", "player"): (FIRST,)}    # who begins: the first seated


# A turn's step offering two moves, by the moves it offers (a step settled to one move is
# titled by that move's words: kit/plan.title_of).
STEP_TITLES: dict[tuple[str, ...], str] = {
    ("draw", "burnout"): N_("Draw, or burnout"),
    ("play", "end"): N_("Play a card, or end the turn"),
    ("react", "land"): N_("Answer the Attaque, or take it"),
    ("react", "pass"): N_("Answer with a Trahison, or let it pass"),
}


# What its layout.py reads beyond its pieces, loaded only when one is asked for (a page or a
# phone never loads the printing code).

def deck(layouts_root: Path) -> dict[str, Any]:
    """The deck a session records (`kit score new`) and the bots play (layout.py's deck)."""
    from kit.games.promotion import layout

    return layout.deck(layouts_root)


def text_values(layouts_root: Path) -> dict[str, Any]:
    """What a text of the complete rules may name, the cards' numbers among them (layout.py's text_values)."""
    from kit.games.promotion import layout

    return layout.text_values(layouts_root)


def catalogue(layouts_root: Path) -> list[str]:
    """Every design as the complete rules list it (layout.py's catalogue)."""
    from kit.games.promotion import layout

    return layout.catalogue(layouts_root)


FACES = Faces(
    words={"pi": N_("PI"), "poste": N_("Poste"), "shielded": N_("Out of the Attaques' reach"),
           "hand": N_("Cards in hand")},
    title=by_turn_steps(STEP_TITLES.get),
    top=((N_("Turn"), turn_being_played("step", "end")), (N_("Target"), field_of("target")),
         (N_("Reshuffles"), field_of("reshuffles"))),
    tracks={"pi": lambda view: view.get("target")},
    awaited={"turn": N_plural("their turn", "their turns")},
    answers=ANSWERS, examples=EXAMPLES,
    # the words of the rules' decisions and the table's own steps, from its table.py
    rules=rules.of("promotion"),
    action_labels=table.ACTION_LABELS, field_labels=table.FIELD_LABELS, value_labels=table.VALUE_LABELS,
    narrow=table.narrow, defaults=DEFAULTS, describe_turn=table.describe_turn, decision_facts=table.decision_facts,
    deck_empty_action=table.deck_empty_action,
    # what the simulator's report says of its bots
    ways_to_win=bots.WAYS_TO_WIN, simplifications=bots.SIMPLIFICATIONS,
    deck=deck, text_values=text_values, catalogue=catalogue,
)
