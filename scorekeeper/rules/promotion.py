"""Promotion (RULES.md §3): office politics and Influence Points (PI)."""
from __future__ import annotations

GAME_ID = "promotion"
TITLE = "Promotion"
MIN_PLAYERS, MAX_PLAYERS = 2, 8

# players -> (cards in hand at the start, PI to win)
PLAYER_TABLE = {2: (5, 8), 3: (5, 8), 4: (4, 8), 5: (4, 7), 6: (4, 7), 7: (4, 6), 8: (4, 6)}
START_PI = 1
DECK_SIZE = 100
DECK_DESIGNS = 20
CARD_TYPES = ("Attaque", "Trahison", "Avantage", "Annonce", "Poste")
MAX_RESHUFFLES = 2             # the third time the deck runs out, the office closes
DRAW_PER_TURN = 1
PLAY_PER_TURN = 2
END_OF_TURN_HAND_LIMIT = 6
MAX_REDIRECTIONS = 3
BURNOUT_DRAW = 3
MIN_PI_TOKENS = 60
