"""Promotion (RULES.md §3): backstabbing at the office until someone gets the promotion.

layout.py reads layouts/promotion/ (cards, tokens, aid); pieces.py draws the office cards,
the PI tokens and the player aid; table.py keeps the score at the table.
"""

# `kit score <command>` -> the click command of that name in table.py (deck-empty is shared
# with PHD and lives in kit/cli/score.py).
TABLE_COMMANDS = {
    "gain": "gain",
    "lose": "lose",
    "steal": "steal",
}
