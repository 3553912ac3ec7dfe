"""Hoc Censeo at a simulated table: three tribes, nine motions drawn from the hat.

The hat holds the ready-written motions of layouts/hoc-censeo/motions.yaml (each as many
times as its `copies`), and the tribes play the objectives of layouts/hoc-censeo/objectives.yaml,
so a designer who edits either sees what it does. Tribes are dealt at random each game:
seat 1 is the first magistrate, whatever their tribe. A motion's law is read aloud before
the vote, so the voters know its colour (its domain); only the hat's order is hidden.
"""
from __future__ import annotations

import math
from random import Random

from kit.simulate import apply, game_record, record_choice
from scorekeeper.rules import hoc_censeo as rules

GAME_ID = rules.GAME_ID
PLAYERS = rules.PLAYERS
ROLES = rules.TRIBES

BOTS = {
    "random": "uniform among the legal choices: any ballot within the senators left, any seal or gold "
              "spending, any tiebreak, order, bonus or calamity loss",
    "greedy": "votes POUR for colours its circle needs and CONTRE otherwise, with twice its fair share of "
              "the senators left; spends seals whenever they colour; picks bonus and losses for its secondary",
}

FIGURES = {
    "calamities": "calamities per game",
    "senators_left": "senators left at the end (per player)",
    "magistrate_ties": "votes where the magistrate breaks a tie",
    "tie_needs_magistrate": "a tie needs the magistrate (totals or ranks)",
    "first_objective": "objective reached first (met when the game ends)",
    "contre_wins": "votes won by CONTRE per game",
}

# The secondary objective each bonus of a mauve law feeds.
_BONUS_FOR = {"seals": "bleu", "gold": "jaune", "wins": "vert"}


def load(layouts_root) -> dict:
    """The hat and the objectives, from the kit's own layout files and checks."""
    from kit.games.hoc_censeo import layout   # the kit side, without reportlab

    hat = tuple(m.colour for m in layout.load_motions(layouts_root) for _ in range(m.copies))
    return {"hat": hat, "objectives": layout.rule_objectives(layouts_root)}


# --- bots -------------------------------------------------------------------------------------

def between_votes_options(state: dict, me: str) -> list[dict]:
    """Every action the rules allow `me` at any time (rules.anytime), one per choice: each
    colour their seals may colour, each amount of gold they may spend."""
    options = []
    for decision in rules.anytime(state):
        if decision["player"] != me:
            continue
        if decision["action"] == "spend_seals":
            options += [{"action": "spend_seals", "player": me, "colour": c} for c in decision["choices"]["colour"]]
        else:
            gold = decision["choices"]["gold"]
            options += [{"action": "buy_senators", "player": me, "gold": g} for g in range(gold["min"], gold["max"] + 1)]
    return options


class RandomBot:
    """Uniform among the legal choices at every decision."""

    name = "random"

    def __init__(self, rng: Random, choices: dict):
        self.rng, self.choices = rng, choices

    def between_votes(self, state: dict, me: str, colour: str) -> dict | None:
        options = between_votes_options(state, me)
        pick = self.rng.randrange(len(options) + 1)       # the last one: do nothing
        return options[pick] if pick < len(options) else None

    def ballot(self, state: dict, me: str, colour: str) -> tuple[int, int]:
        # (pour, contre) with pour + contre <= senators: (s+1)(s+2)/2 ballots, each as likely
        senators = state["players"][me]["senators"]
        k = self.rng.randrange((senators + 1) * (senators + 2) // 2)
        total = (math.isqrt(8 * k + 1) - 1) // 2
        pour = k - total * (total + 1) // 2
        return pour, total - pour

    def tiebreak(self, state: dict, me: str, ballots: dict, colour: str) -> str:
        return self.rng.choice(rules.SIDES)

    def order(self, state: dict, me: str, group: list[str]) -> list[str]:
        return self.rng.sample(group, len(group))

    def bonus(self, state: dict, me: str) -> str:
        return self.rng.choice(rules.MAUVE_CHOICES)

    def calamity(self, state: dict, me: str) -> str:
        return self.rng.choice(rules.CALAMITY_CHOICES)


class GreedyBot(RandomBot):
    """BOTS["greedy"]; every choice it makes among several is counted for the report."""

    name = "greedy"

    def _goal(self, state: dict, me: str) -> dict:
        return state["players"][me]["goal"]

    def between_votes(self, state: dict, me: str, colour: str) -> dict | None:
        options = between_votes_options(state, me)
        seals = [a for a in options if a["action"] == "spend_seals"]
        if seals:
            # the colour of the law on the table will come by vote: spend on another one first
            seals.sort(key=lambda a: (a["colour"] == colour, -rules.needed(state, me, a["colour"])))
            record_choice(self.choices, "colour bought with seals", [a["colour"] for a in seals], seals[0]["colour"])
            return seals[0]
        player = state["players"][me]
        if player["gold"] and self._goal(state, me)["secondary"]["kind"] != "gold":
            wanted = player["senators"] < 10
            record_choice(self.choices, "buy senators with gold", ("buy", "keep"), "buy" if wanted else "keep")
            if wanted:
                return {"action": "buy_senators", "player": me, "gold": player["gold"]}
        return None

    def ballot(self, state: dict, me: str, colour: str) -> tuple[int, int]:
        senators = state["players"][me]["senators"]
        rounds_left = rules.ROUNDS - state["round"]
        amount = min(senators, math.ceil(2 * senators / rounds_left))
        side = "pour" if rules.needed(state, me, colour) > 0 else "contre"
        record_choice(self.choices, "side of the ballot", rules.SIDES, side)
        return (amount, 0) if side == "pour" else (0, amount)

    def tiebreak(self, state: dict, me: str, ballots: dict, colour: str) -> str:
        pour, contre = ballots[me]
        side = "pour" if pour > contre or (pour == contre and rules.needed(state, me, colour) > 0) else "contre"
        record_choice(self.choices, "magistrate's tiebreak", rules.SIDES, side)
        return side

    def order(self, state: dict, me: str, group: list[str]) -> list[str]:
        return sorted(group, key=lambda n: n != me)     # the magistrate first, then seating

    def bonus(self, state: dict, me: str) -> str:
        choice = _BONUS_FOR[self._goal(state, me)["secondary"]["kind"]]
        record_choice(self.choices, "mauve bonus", rules.MAUVE_CHOICES, choice)
        return choice

    def calamity(self, state: dict, me: str) -> str:
        choice = "senators" if self._goal(state, me)["secondary"]["kind"] == "gold" else "gold"
        record_choice(self.choices, "calamity loss", rules.CALAMITY_CHOICES, choice)
        return choice


BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot}


# --- one game ---------------------------------------------------------------------------------

def play(table: dict, bots: list[str], options: dict, rng: Random) -> dict:
    seats = [f"P{i}" for i in range(1, PLAYERS + 1)]
    tribes = rng.sample(ROLES, PLAYERS)
    state = rules.setup([{"name": n, "role": t} for n, t in zip(seats, tribes)],
                        {"objectives": table["objectives"], **options})
    choices: dict = {}
    players = {n: BOT_CLASSES[b](rng, choices.setdefault(b, {})) for n, b in zip(seats, bots)}
    hat = rng.sample(table["hat"], rules.ROUNDS)
    magistrate_ties = 0

    while not state["over"]:
        colour = hat[state["round"]]
        magistrate = state["magistrate"]
        start = seats.index(magistrate)
        for name in seats[start:] + seats[:start]:
            # between votes: as many seal or gold spendings as the player wants
            while (action := players[name].between_votes(state, name, colour)) is not None:
                state = apply(rules, state, action)
        ballots = {n: players[n].ballot(state, n, colour) for n in seats}
        pour = {n: b[0] for n, b in ballots.items() if b[0]}
        contre = {n: b[1] for n, b in ballots.items() if b[1]}
        action = {"action": "vote", "pour": pour, "contre": contre}
        result = rules.vote_result(pour, contre, None)
        tied = result is None
        if tied:
            result = action["tiebreak"] = players[magistrate].tiebreak(state, magistrate, ballots, colour)
        if result == "pour":
            action["colour"] = colour
        amounts = pour if result == "pour" else contre
        groups = rules.tied_groups_needing_order(result, amounts, seats)
        order: list[str] = []
        for group in groups:
            order += players[magistrate].order(state, magistrate, group)
        if order:
            action["order"] = order
        magistrate_ties += tied or bool(groups)
        ranked = rules.rank_voters(amounts, seats, order)
        if result == "pour" and colour == "mauve" and ranked:
            action["bonus"] = players[ranked[0]].bonus(state, ranked[0])
        if rules.calamity_due(state, result):
            spared = rules.spared(state)
            gains = dict(zip(ranked, rules.CONTRE_GOLD))
            losses = {n: players[n].calamity(state, n) for n in seats
                      if n not in spared and state["players"][n]["gold"] + gains.get(n, 0) >= 1}
            if losses:
                action["calamity"] = losses
        state = apply(rules, state, action)

    votes = state["votes"]
    first = []
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        first += [f"{state['players'][name]['tribe']} {kind}" for kind in ("circle", "secondary") if met[kind]]
    return game_record(state, seats, state["round"], choices, roles=tribes, rounds=state["round"], finished=True,
                       numbers={"calamities": sum(v["calamity"] for v in votes),
                                "senators_left": [state["players"][n]["senators"] for n in seats],
                                "magistrate_ties": magistrate_ties,
                                "contre_wins": sum(v["result"] == "contre" for v in votes)},
                       flags={"tie_needs_magistrate": magistrate_ties > 0},
                       tally={"first_objective": first or ["none"]})
