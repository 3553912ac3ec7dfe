"""Hoc Censeo (RULES.md §4): secret votes in the senate of royal Rome."""
from __future__ import annotations

GAME_ID = "hoc-censeo"
TITLE = "Hoc Censeo"
PLAYERS = 3

TRIBES = ("titienses", "ramnes", "luceres")
TRIBE_NAMES = {"titienses": "Titienses", "ramnes": "Ramnes", "luceres": "Luceres"}
COLOURS = ("bleu", "mauve", "jaune", "vert")
DOMAINS = {
    "bleu": "hégémonie politique",
    "mauve": "hégémonie religieuse",
    "jaune": "puissance militaire",
    "vert": "ouverture sociale",
}
START_SENATORS = 100
START_GOLD = 0
START_SEALS = 0
ROUNDS = 9
MOTIONS_PER_PLAYER = 3
CIRCLE_PORTIONS = 8
ROME_PORTIONS = 8
CALAMITY_AT = (4, 8)           # chaos levels that bring a calamity
CALAMITY_LOSS = {"gold": 1, "senators": 5}
POUR_SEALS = 1                 # the largest POUR voter's seal
COLOUR_BONUS = {"bleu": {"seals": 1}, "jaune": {"gold": 1}, "vert": {"senators": 5}}  # mauve: voter's choice
MAUVE_CHOICES = ("bleu", "jaune", "vert")
POUR_COLOURING_RANKS = 3       # the three largest POUR voters colour one portion each
CONTRE_GOLD = (2, 1)           # largest and second largest CONTRE voters
SEALS_PER_PORTION = 2
SENATORS_PER_GOLD = 5

# Default secret objectives (RULES.md §4.10); layouts/hoc-censeo may override them.
DEFAULT_OBJECTIVES = {
    "titienses": {"circle": {"bleu": 3, "mauve": 2, "jaune": 2, "vert": 1},
                  "secondary": {"kind": "seals", "amount": 5}},
    "ramnes": {"circle": {"jaune": 3, "bleu": 2, "vert": 2, "mauve": 1},
               "secondary": {"kind": "gold", "amount": 4}},
    "luceres": {"circle": {"vert": 3, "mauve": 2, "bleu": 2, "jaune": 1},
                "secondary": {"kind": "wins", "amount": 3}},
}
