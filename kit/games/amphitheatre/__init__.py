"""Amphithéâtre (RULES.md §2): physicians debate a death in a full lecture hall.

layout.py reads layouts/amphitheatre/ (boards, the three decks, tokens, aids); pieces.py
draws the amphitheatre boards, the cards, the spectator and speaker tokens and the aids;
table.py keeps the score at the table.
"""

# `kit score <command>` -> the click command of that name in table.py.
TABLE_COMMANDS = {
    "handshake": "handshake",
    "debate": "debate",
    "accuse": "accuse",
}
