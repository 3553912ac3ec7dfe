"""Hoc Censeo's choices that belong to a player, not to the magistrate who resolves the vote.

When a vote resolves, the largest POUR voter on a mauve motion chooses the bonus, and each
player a calamity strikes chooses to lose gold or senators (RULES.md §4.6, §4.9). At the
table each answers on their own phone, before the magistrate resolves, without knowing
whether it will come to that: the question is the same for everyone, so it reveals
nothing. The server keeps the answers of the round in memory and fills them into the
magistrate's `resolve`; what the magistrate (or the host) gives explicitly wins.
"""
from __future__ import annotations

from scorekeeper.rules import hoc_censeo as hoc

QUESTIONS = {"bonus": hoc.MAUVE_CHOICES, "calamity": hoc.CALAMITY_CHOICES}


def asked(state: dict, name: str) -> list[str]:
    """The questions `name` may answer now: once their ballot is in, the bonus if they voted
    POUR, the calamity choice if a CONTRE win would bring one and they have gold to give."""
    ballot = (state.get("ballots") or {}).get(name)
    if state.get("over") or ballot is None:
        return []
    questions = []
    if ballot.get("pour"):
        questions.append("bonus")
    if (hoc.calamity_due(state, "contre") and state["players"][name]["gold"] > 0
            and name not in hoc.spared(state)):
        questions.append("calamity")
    return questions


def complete(state: dict, action: dict, answers: dict[str, dict]) -> dict:
    """The `resolve` action with the players' own answers filled in where it gives none."""
    if action.get("action") != "resolve" or set(state.get("ballots_cast", ())) != set(state["seating"]):
        return action
    ballots = state["ballots"]
    pour = {n: b["pour"] for n, b in ballots.items() if b.get("pour")}
    contre = {n: b["contre"] for n, b in ballots.items() if b.get("contre")}
    result = hoc.vote_result(pour, contre, action.get("tiebreak") if action.get("tiebreak") in hoc.SIDES else None)
    action = dict(action)
    order = action.get("order") or []
    if (result == "pour" and action.get("colour") == "mauve" and "bonus" not in action
            and isinstance(order, list) and all(isinstance(n, str) for n in order)):
        ranked = hoc.rank_voters(pour, state["seating"], order)
        bonus = answers.get(ranked[0], {}).get("bonus") if ranked else None
        if bonus:
            action["bonus"] = bonus
    if result == "contre" and hoc.calamity_due(state, "contre"):
        given = action.get("calamity") if isinstance(action.get("calamity"), dict) else {}
        # gold chosen earlier and spent since on senators: the rules' default applies instead
        chosen = {n: a["calamity"] for n, a in answers.items()
                  if a.get("calamity") and (a["calamity"] != "gold" or state["players"][n]["gold"] > 0)}
        if chosen:
            action["calamity"] = {**chosen, **given}
    return action
