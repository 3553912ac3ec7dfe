"""What the pages show of Amphithéâtre (kit/faces.py): its words, whose turn it is, the
capacity, each player's seats against it."""
from __future__ import annotations

from kit.faces import Faces, field_of, turn_being_played, who_begins
from kit.games.amphitheatre import bots, table
from kit.i18n import N_, N_plural
from scorekeeper import rules

# What people may answer for each of the game's words, in either language (the first word of
# each language is the one shown; kit/table/parsing.py compares them without case or accents).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "draw": {"fr": ("piocher",), "en": ("draw",)},
    "hypothesis": {"fr": ("hypothèse",), "en": ("hypothesis",)},
    "revolution": {"fr": ("révolution",), "en": ("revolution",)},
    "handshake": {"fr": ("poignée de main", "accord"), "en": ("handshake",)},
    "counter": {"fr": ("débat", "autre valeur"), "en": ("debate", "counter")},   # the debate it opens
    "abstain": {"fr": ("abstention",), "en": ("abstain",)},
    "gain": {"fr": ("gagner", "gagne"), "en": ("gain",)},
    # the decks as each edition prints them (layouts/GLOSSARY.md)
    "affliction": {"fr": ("affliction",), "en": ("affliction",)},
    "anatomie": {"fr": ("anatomie",), "en": ("anatomy", "anatomie")},
    "cause": {"fr": ("cause",), "en": ("cause",)},
}


# `kit` command lines for the game, as typed after `kit` (kit/faces.py: each command's --help shows its own).
EXAMPLES: tuple[str | tuple[str, str], ...] = (
    'score new amphi.jsonl amphitheatre --player Ana --player Ben --player Cléo',
    'score new amphi.jsonl amphitheatre --player Ana --player Ben --player Cléo --player Dan',
    'score debate amphi.jsonl --a Ana,Cléo --b Ben',
)


FACES = Faces(
    words={"seats": N_("Seats"), "doubt": N_("Doubt"), "row": N_("Row")},
    title=who_begins,
    top=((N_("Turn"), turn_being_played("step", "done")), (N_("Capacity"), field_of("capacity"))),
    tracks={"seats": lambda view: view.get("capacity")},
    awaited={"turn": N_plural("their turn to speak", "their turns to speak"),
             "hypothesis": N_plural("their hypothesis", "their hypotheses"),
             "handshake": N_plural("their answer", "their answers"), "counter": N_plural("their answer", "their answers"),
             "join": N_plural("their side in the debate", "their sides in the debate")},
    answers=ANSWERS, examples=EXAMPLES,
    # the words of the rules' decisions and the table's own steps, from its table.py
    rules=rules.of("amphitheatre"),
    action_labels=table.ACTION_LABELS, field_labels=table.FIELD_LABELS, value_labels=table.VALUE_LABELS,
    field_kinds=table.FIELD_KINDS, decision_facts=table.decision_facts,
    # what the simulator's report says of its bots
    ways_to_win=bots.WAYS_TO_WIN, simplifications=bots.SIMPLIFICATIONS,
)
