"""PHD (RULES.md §1): Pression and Crédit, chapters, controversies and the defence."""
from __future__ import annotations

GAME_ID = "phd"
TITLE = "PHD"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

RESOURCES = ("pression", "credit")
RESOURCE_MIN, RESOURCE_MAX = 0, 20
RESOURCE_START = 4
BURNOUT_AT = RESOURCE_MAX      # Pression reaching this eliminates the player
BINGO_AT = RESOURCE_MAX        # Crédit reaching this makes the player leave as a winner
DIE_MIN, DIE_MAX = 1, 6
CHAPTER_COST = {"pression": 5, "credit": 5}
CHAPTER_OPTIONS = (1, 2, 3, 5)
DEFAULT_CHAPTERS = 3
CONTROVERSY_NET_TO_WIN = 1     # a tie or no argument never suffices
DEFENCE_NET_TO_WIN = 1
HAND_LIMIT = 9
RECHERCHE_MAX_PER_TURN = 2
MARKERS_PER_PLAYER = 5
TIMED_POINTS = {"approved": 15, "pending": 10, "credit": 1}
