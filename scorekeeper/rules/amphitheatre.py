"""Amphithéâtre (RULES.md §2): physicians debating a death in an anatomy theatre."""
from __future__ import annotations

GAME_ID = "amphitheatre"
TITLE = "Amphithéâtre"
MIN_PLAYERS, MAX_PLAYERS = 3, 8

CATEGORIES = ("affliction", "anatomie", "cause")
MIN_CARDS_PER_CATEGORY = 12
ROW_SEATS = (4, 5, 6)          # row 1 at the bottom, filled first
CAPACITY = sum(ROW_SEATS)      # 15 seats: filling them all wins
# The row of the last filled seat (row 1 when empty) sets the amounts.
TOKEN_TABLE = {1: {"gain": 3, "penalty": 1}, 2: {"gain": 2, "penalty": 2}, 3: {"gain": 1, "penalty": 3}}
MIN_SPECTATOR_TOKENS = 130
