"""What the pages show of Hoc Censeo (kit/faces.py): its words and colours, the vote the
table page reveals, and what its own templates read (templates/board.html: the round, Rome's
circle, the ballots cast, each senator's circle, the votes so far; templates/mine.html: a
seat's senators, ballot and objectives)."""
from __future__ import annotations

import math
from typing import Any

from kit.faces import Faces, View
from kit.games.hoc_censeo import bots, table
from kit.i18n import N_, N_plural
from scorekeeper import rules
from scorekeeper.rules import hoc_censeo as hoc

# Colour is never the only cue: each colour has a letter drawn in its portions.
COLOURS = {"bleu": ("#2a6fdb", "B"), "mauve": ("#8e44ad", "M"), "jaune": ("#e0b000", "J"), "vert": ("#2e9e4f", "V")}
WORDS: dict[object, str] = {
    "bleu": N_("blue"), "mauve": N_("mauve"), "jaune": N_("yellow"), "vert": N_("green"),
    "pour": hoc.SIDE_WORDS["pour"], "contre": hoc.SIDE_WORDS["contre"], "gold": N_("gold"), "senators": N_("senators"),
    "titienses": N_("Titienses"), "ramnes": N_("Ramnes"), "luceres": N_("Luceres"),
    "seals": N_("seals"), "wins": N_("votes won"),
}


# What people may answer for each of the game's words, in either language (the first word of
# each language is the one shown; kit/table/parsing.py compares them without case or accents).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "pour": {"fr": ("pour",), "en": ("for",)},
    "contre": {"fr": ("contre",), "en": ("against",)},
    # the colours as each edition prints them (layouts/GLOSSARY.md), the French ones taken in English too
    "bleu": {"fr": ("bleu",), "en": ("blue", "bleu")},
    "mauve": {"fr": ("mauve",), "en": ("mauve", "purple")},
    "jaune": {"fr": ("jaune",), "en": ("yellow", "jaune")},
    "vert": {"fr": ("vert",), "en": ("green", "vert")},
    "gold": {"fr": ("or",), "en": ("gold",)},
    "senators": {"fr": ("sénateurs",), "en": ("senators",)},
    "seals": {"fr": ("sceaux",), "en": ("seals",)},
    # what a player typing their secret ballot may type instead, to do it first
    "spend_seals": {"fr": ("sceaux",), "en": ("seals",)},
    "buy_senators": {"fr": ("or",), "en": ("gold",)},
    "vote": {"fr": ("voter", "vote"), "en": ("vote",)},
    "ballot": {"fr": ("bulletin",), "en": ("ballot",)},
    "titienses": {"fr": ("Titienses",), "en": ("Titienses",)},
    "ramnes": {"fr": ("Ramnes",), "en": ("Ramnes",)},
    "luceres": {"fr": ("Luceres",), "en": ("Luceres",)},
    "none": {"fr": ("aucune", "rien"), "en": ("none",)},
}


def portions(circle: dict[str, Any], grey: int, total: int, calamity_at: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """A circle of `total` portions as the SVG draws them: the coloured ones first (each with
    its letter), then `grey` grey ones (Rome's chaos), the rest blank; a dot at each level of
    `calamity_at`."""
    fills: list[tuple[str, str]] = []
    for colour in hoc.COLOURS:
        fills += [COLOURS[colour]] * circle.get(colour, 0)
    fills += [("#777", "")] * grey
    fills += [("#fff", "")] * (total - len(fills))
    drawn = []
    for index, (fill, mark) in enumerate(fills[:total]):
        a0, a1 = 2 * math.pi * index / total - math.pi / 2, 2 * math.pi * (index + 1) / total - math.pi / 2
        mid = (a0 + a1) / 2
        drawn.append({
            "d": f"M50 50 L{50 + 46 * math.cos(a0):.1f} {50 + 46 * math.sin(a0):.1f} "
                 f"A46 46 0 0 1 {50 + 46 * math.cos(a1):.1f} {50 + 46 * math.sin(a1):.1f} Z",
            "fill": fill, "mark": mark,
            "x": f"{50 + 30 * math.cos(mid):.1f}", "y": f"{50 + 30 * math.sin(mid) + 5:.1f}",
            "calamity": (f"{50 + 38 * math.cos(a1 - 0.2):.1f}", f"{50 + 38 * math.sin(a1 - 0.2):.1f}")
            if index + 1 in calamity_at else None})
    return drawn


def context(view: View, seat: str | None, words: Any) -> dict[str, Any]:
    """What templates/board.html and mine.html read, from the view of `seat`."""
    over, done = view["over"], view["round"]
    round_text = (words.gettext(N_("All {n} rounds played.")).format(n=hoc.ROUNDS) if done >= hoc.ROUNDS else
                  words.gettext(N_("Game over after round {r} of {n}.")).format(r=done, n=hoc.ROUNDS) if over else
                  words.gettext(N_("Round {r} of {n}")).format(r=done + 1, n=hoc.ROUNDS))
    record = view["players"].get(seat) if seat is not None else None
    goal = record.get("goal") if record else None
    return {
        "colours": hoc.COLOURS, "rounds": hoc.ROUNDS, "round_text": round_text,
        "rome": portions({}, view["chaos"], hoc.ROME_PORTIONS, hoc.CALAMITY_AT), "rome_portions": hoc.ROME_PORTIONS,
        "calamity_at": " & ".join(map(str, hoc.CALAMITY_AT)),
        "circles": {name: portions(p["circle"], 0, hoc.CIRCLE_PORTIONS) for name, p in view["players"].items()},
        "secondary": hoc.secondary_goal(goal).render(words.gettext, words.ngettext, words.join) if goal else None,
    }


# `kit` command lines for the game, as typed after `kit` (kit/faces.py: each command's --help shows its own);
# one that names a side or a colour is a msgid, which the English catalogue types in English words.
EXAMPLES: tuple[str | tuple[str, str], ...] = (
    'score new senate.jsonl hoc-censeo --player Alice:titienses --player Bob:ramnes --player Chloé:luceres',
    'score new senate.jsonl hoc-censeo --player Alice --player Bob --player Chloé --deal',
    'score play senate.jsonl',
    N_('score vote senate.jsonl --pour Alice=20 --contre Bob=15 --colour bleu'),
    'score act senate.jsonl \'{"action": "vote", "pour": {"Alice": 20}, "contre": {"Bob": 15}, "colour": "bleu"}\'',
    'score show senate.jsonl --as Bob',
    'score log senate.jsonl --as Bob',
    "simulate hoc-censeo --games 10000 --seed 1",
    "simulate hoc-censeo --compare layouts/ my-layouts/ --rotate",
)


FACES = Faces(words=WORDS, colours=COLOURS, reveal=("vote", "resolve"), context=context, answers=ANSWERS,
              examples=EXAMPLES, awaited={
                  "ballot": N_plural("their secret ballot", "their secret ballots"),
                  "resolve": N_plural("the count of the vote", "the count of the vote"),
              },
              # the words of the rules' decisions and the table's own steps, from its table.py
              rules=rules.of("hoc-censeo"),
              action_labels=table.ACTION_LABELS, field_labels=table.FIELD_LABELS, field_kinds=table.FIELD_KINDS,
              budgets=table.BUDGETS, at_own_questions=table.AT_OWN_QUESTIONS, seat_questions=table.SEAT_QUESTIONS, seat_questions_help=table.SEAT_QUESTIONS_HELP,
              open_seat_questions=table.seat_questions, with_seat_answers=table.with_seat_answers, narrow=table.narrow,
              decision_facts=table.decision_facts, prepare_options=table.prepare_options,
              prepare_players=table.prepare_players, deal=table.deal,
              # what the simulator's report says of its bots
              ways_to_win=bots.WAYS_TO_WIN, simplifications=bots.SIMPLIFICATIONS, role_names=bots.ROLE_NAMES,
)
