"""The rule engine of the four games: pure functions of (state, action) -> state.

`scorekeeper.rules.<game>` holds each game's numbers and rules; `scorekeeper.session`
is the only module that touches session files. Nothing here imports `kit`.
"""
