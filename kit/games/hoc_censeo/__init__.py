"""Hoc Censeo (RULES.md §4): three tribes vote in secret in the senate of royal Rome.

layout.py reads layouts/hoc-censeo/ (colours, objectives, motions, texts); pieces.py draws
the tribe sheets, the motion cards and slips and the magistrate's aid; table.py keeps the
score at the table.
"""

# `kit score <command>` -> the click command of that name in table.py.
TABLE_COMMANDS = {
    "vote": "vote",
    "ballot": "ballot",
    "resolve": "resolve",
    "spend-seals": "spend_seals",
    "buy-senators": "buy_senators",
}
