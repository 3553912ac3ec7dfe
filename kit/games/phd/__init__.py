"""PHD (RULES.md §1): finish your thesis before burn-out.

layout.py reads layouts/phd/ (characters, events, arguments, aids); pieces.py draws the
character cards with their two clip tracks, the event and argument cards, the chapter
markers and the turn aids; table.py keeps the score at the table.
"""

# `kit score <command>` -> the click command of that name in table.py (deck-empty is shared
# with Promotion and lives in kit/cli/score.py).
TABLE_COMMANDS = {
    "adjust": "adjust",
    "challenge": "challenge",
    "submit": "submit",
    "approve": "approve",
    "revoke": "revoke",
    "controversy": "controversy",
    "defend": "defend",
}
