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

from kit.i18n import N_
from kit.simulate import BotError, apply, game_record, record_choice
from scorekeeper.rules import hoc_censeo as rules, public_view
from scorekeeper.rules.flow import answering

GAME_ID = rules.GAME_ID
PLAYERS = rules.PLAYERS
ROLES = rules.TRIBES
ROLE_NAMES = rules.TRIBE_NAMES      # as the report prints them

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

def between_votes_options(decisions: list[dict]) -> list[dict]:
    """Every action one player's decisions allowed at any time stand for (rules.anytime),
    one per choice: each colour their seals may colour, each amount of gold they may spend."""
    options = []
    for decision in decisions:
        me = decision["player"]
        if decision["action"] == "spend_seals":
            options += [{"action": "spend_seals", "player": me, "colour": c} for c in decision["choices"]["colour"]]
        elif decision["action"] == "buy_senators":
            gold = decision["choices"]["gold"]
            options += [{"action": "buy_senators", "player": me, "gold": g} for g in range(gold["min"], gold["max"] + 1)]
    return options


class RandomBot:
    """Uniform among the legal choices at every decision."""

    name = "random"

    def __init__(self, rng: Random, choices: dict):
        self.rng, self.choices = rng, choices

    def between_votes(self, state: dict, me: str, colour: str, mine: list[dict]) -> dict | None:
        options = between_votes_options(mine)
        pick = self.rng.randrange(len(options) + 1)       # the last one: do nothing
        return options[pick] if pick < len(options) else None

    def ballot(self, state: dict, me: str, colour: str) -> tuple[int, int]:
        # (pour, contre) with pour + contre <= senators: (s+1)(s+2)/2 ballots, each as likely
        senators = state["players"][me]["senators"]
        k = self.rng.randrange((senators + 1) * (senators + 2) // 2)
        total = (math.isqrt(8 * k + 1) - 1) // 2
        pour = k - total * (total + 1) // 2
        return pour, total - pour

    def tiebreak(self, state: dict, me: str, colour: str) -> str:
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

    def between_votes(self, state: dict, me: str, colour: str, mine: list[dict]) -> dict | None:
        options = between_votes_options(mine)
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

    def tiebreak(self, state: dict, me: str, colour: str) -> str:
        pour, contre = state["ballots"][me]["pour"], state["ballots"][me]["contre"]
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
# The bots see what their seat may see (rules.public_view: their own senators, goal and
# ballot, nobody else's) and choose only among what the rules wait for (rules.pending) or
# allow at any time (rules.anytime); every action is checked against those decisions before
# the engine applies it, and one outside them is a BotError like a refusal.

def play(table: dict, bots: list[str], options: dict, rng: Random) -> dict:
    seats = [f"P{i}" for i in range(1, PLAYERS + 1)]
    tribes = rng.sample(ROLES, PLAYERS)
    state = rules.setup([{"name": n, "role": t} for n, t in zip(seats, tribes)],
                        {"objectives": table["objectives"], **options})
    choices: dict = {}
    players = {n: BOT_CLASSES[b](rng, choices.setdefault(b, {})) for n, b in zip(seats, bots)}
    hat = rng.sample(table["hat"], rules.ROUNDS)
    state, magistrate_ties = play_game(state, players, hat, lambda state, action: apply(rules, state, action))

    votes = state["votes"]
    how = []
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        how.append(_WON_BY[met["circle"], met["secondary"]])
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
                       tally={"first_objective": first or ["none"]},
                       how=how,
                       # each motion drawn, by its colour (the law read aloud), and what the vote made of it
                       items={N_("motions"): [[colour, None, N_("calamity") if vote["calamity"] else vote["result"]]
                                          for colour, vote in zip(hat, votes)]})


# How a winner won: (circle met, secondary met) -> the way.
_WON_BY = {(True, False): N_("circle"), (False, True): N_("secondary objective"),
           (True, True): N_("circle and secondary objective")}
WAYS_TO_WIN = tuple(dict.fromkeys(_WON_BY.values()))


def play_game(state: dict, players: dict, hat: list[str], take) -> tuple[dict, int]:
    """The game to its end from `state`, each bot choosing for its seat; `take(state, action)`
    applies one checked action (the engine's apply, or a session file's append). The number of
    votes whose ties the magistrate settled, too."""
    magistrate_ties = 0
    while not state["over"]:
        colour = hat[state["round"]]
        if not state["ballots_cast"]:
            # between votes: from the magistrate round the table, as many spendings as each wants
            seats = state["seating"]
            start = seats.index(state["magistrate"])
            for name in seats[start:] + seats[:start]:
                while True:
                    mine = [d for d in rules.anytime(state) if d["player"] == name]
                    action = players[name].between_votes(_seen(state, name), name, colour, mine)
                    if action is None:
                        break
                    state = take(state, checked(mine, action))
        decisions = rules.pending(state)
        if decisions[0]["action"] == "ballot":
            for decision in decisions:
                name = decision["player"]
                pour, contre = players[name].ballot(_seen(state, name), name, colour)
                state = take(state, checked([decision], {"action": "ballot", "player": name,
                                                         "pour": pour, "contre": contre}))
            continue
        (decision,) = decisions
        action, tied = resolve(state, decision, players, colour)
        magistrate_ties += tied
        state = take(state, checked(decisions, action))
    return state, magistrate_ties


def resolve(state: dict, decision: dict, players: dict, colour: str) -> tuple[dict, bool]:
    """The magistrate's resolve, each field the rules still need asked of the bot whose
    choice it is: the tiebreak and the order the magistrate's, the bonus the largest POUR
    voter's, each calamity loss its player's; the colour is the motion's, read aloud."""
    magistrate = decision["player"]
    answers: dict = {}
    if "tiebreak" in decision["choices"]:
        answers["tiebreak"] = players[magistrate].tiebreak(_seen(state, magistrate), magistrate, colour)
    needs = rules.resolve_choices(state, answers)
    if "colour" in needs:
        answers["colour"] = colour
        needs = rules.resolve_choices(state, answers)
    if "order" in needs:
        answers["order"] = players[magistrate].order(_seen(state, magistrate), magistrate, needs["order"])
        needs = rules.resolve_choices(state, answers)
    if "bonus" in needs:
        first = rules.resolve_ranked(state, answers)[0]
        answers["bonus"] = players[first].bonus(_seen(state, first), first)
    if "calamity" in needs:
        answers["calamity"] = {n: players[n].calamity(_seen(state, n), n) for n in needs["calamity"]}
    return {"action": "resolve", **answers}, "tiebreak" in answers or "order" in answers


def checked(decisions: list[dict], action: dict) -> dict:
    """`action` when it answers one of `decisions`; a BotError otherwise."""
    if answering(decisions, action) is None:
        raise BotError(f"a bot chose {action}, which the rules did not offer: {decisions}")
    return action


_views: dict = {}


def _seen(state: dict, name: str) -> dict:
    """`name`'s view of `state`, made once per state (a round asks each seat several times)."""
    key = (id(state), name)
    cached = _views.get(key)
    if cached is None or cached[0] is not state:
        if len(_views) > 64:
            _views.clear()
        cached = _views[key] = (state, public_view(GAME_ID, state, name))
    return cached[1]
