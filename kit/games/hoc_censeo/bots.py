"""Hoc Censeo at a simulated table: three tribes, nine motions drawn from the hat.

The hat holds the ready-written motions of layouts/hoc-censeo/motions.yaml (each as many
times as its `copies`), and the tribes play the objectives of layouts/hoc-censeo/objectives.yaml,
so a designer who edits either sees what it does. Tribes are dealt at random each game:
seat 1 is the first magistrate, whatever their tribe. A motion's law is read aloud before
the vote, so the voters know its colour (its domain); only the hat's order is hidden.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, TypedDict, cast

from kit.i18n import N_
from kit.simulate import BotError, Choices, GameRecord, apply, bot_options, game_record, mcts, record_choice
from scorekeeper.rules import hoc_censeo as rules
from scorekeeper.rules import public_view
from scorekeeper.rules.flow import Decision, Line, answering, decider

GAME_ID = rules.GAME_ID
PLAYERS = rules.PLAYERS
ROLES = rules.TRIBES
ROLE_NAMES = rules.TRIBE_NAMES      # as the report prints them

BOTS = {
    "random": "uniform among the legal choices: any ballot within the senators left, any seal or gold "
              "spending, any tiebreak, order, bonus or calamity loss",
    "greedy": "votes POUR for colours its circle needs and CONTRE otherwise (CONTRE too while a gold "
              "objective is further along than its circle), with between one and three "
              "times its fair share of the senators left; keeps its seals when its objective is seals, "
              "else spends them whenever they colour; picks bonus and losses for its secondary; as "
              "magistrate, orders tied voters at random",
    "lookahead": "the greedy bot, but each ballot is chosen by determinised Monte Carlo: the hidden "
                 "information sampled from its own view, each candidate ballot played out to the end "
                 "(--option playouts=N per ballot, default 32; think_ms=T for a time budget instead)",
}

# What each bot leaves out of the game (the report prints them).
SIMPLIFICATIONS = {
    "random": [N_("It pursues no objective: its figures say what the rules do to aimless play, not "
                  "what tribes are worth.")],
    "greedy": [N_("It never bluffs, reads nobody's ballots and ignores what the others need."),
               N_("Its ballot size is a share of its senators left, drawn at random around twice its "
                  "fair share of the rounds left.")],
    "lookahead": [
        N_("Only ballots are looked ahead; tiebreaks, orders, bonuses, calamity losses and spending "
           "seals or gold are the greedy bot's."),
        N_("The others' tribes are dealt again at random among the tribes it does not hold; their "
           "senators left are guessed from the public vote totals (their purchases and calamity "
           "losses left out); the ballots already cast this round are drawn by the playout policy."),
        N_("Future motions are drawn from the whole hat, the motions already drawn not taken out."),
        N_("Playouts run on the bot's own compact model of a vote (the greedy policy with random "
           "ballot sizes and random ties), not through the rule engine: the moves it plays are "
           "still checked by the engine."),
    ],
}

FIGURES = {
    "calamities": "calamities per game",
    "senators_left": "senators left at the end (per player)",
    "magistrate_ties": "votes where the magistrate breaks a tie",
    "tie_needs_magistrate": "a tie needs the magistrate (totals or ranks)",
    "first_objective": "objective reached first (met when the game ends)",
    "contre_wins": "votes won by CONTRE per game",
}

# The rules' words a bot's choices are counted in (calamity losses), for the report's French.
_CHOICE_WORDS = (N_("gold"), N_("senators"))

# The secondary objective each bonus of a mauve law feeds.
_BONUS_FOR = {"seals": "bleu", "gold": "jaune", "wins": "vert"}


class Data(TypedDict):
    """What the simulated table hides (load): the motions in the hat, the tribes' objectives."""

    hat: tuple[str, ...]
    objectives: dict[str, Any]      # the session option `objectives`, as the rules take it


def load(layouts_root: Path) -> Data:
    """The hat and the objectives, from the kit's own layout files and checks."""
    from kit.games.hoc_censeo import layout  # the kit side, without reportlab

    hat = tuple(m.colour for m in layout.load_motions(layouts_root) for _ in range(m.copies))
    return {"hat": hat, "objectives": layout.rule_objectives(layouts_root)}


# --- bots -------------------------------------------------------------------------------------

def between_votes_options(decisions: list[Decision]) -> list[Line]:
    """Every action one player's decisions allowed at any time stand for (rules.anytime),
    one per choice: each colour their seals may colour, each amount of gold they may spend."""
    options: list[Line] = []
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
    # whether the bot passes, drawing nothing, when the rules offer its seat nothing between
    # votes: the game then asks it nothing (no view made for it); a random bot still draws
    passes_unoffered = False

    def __init__(self, rng: Random, choices: Choices):
        self.rng, self.choices = rng, choices

    def between_votes(self, state: rules.State, me: str, colour: str, mine: list[Decision]) -> Line | None:
        options = between_votes_options(mine)
        pick = self.rng.randrange(len(options) + 1)       # the last one: do nothing
        return options[pick] if pick < len(options) else None

    def ballot(self, state: rules.State, me: str, colour: str) -> tuple[int, int]:
        # (pour, contre) with pour + contre <= senators: (s+1)(s+2)/2 ballots, each as likely
        senators = state["players"][me]["senators"]
        k = self.rng.randrange((senators + 1) * (senators + 2) // 2)
        total = (math.isqrt(8 * k + 1) - 1) // 2
        pour = k - total * (total + 1) // 2
        return pour, total - pour

    def tiebreak(self, state: rules.State, me: str, colour: str) -> str:
        return self.rng.choice(rules.SIDES)

    def order(self, state: rules.State, me: str, group: list[str]) -> list[str]:
        return self.rng.sample(group, len(group))

    def bonus(self, state: rules.State, me: str) -> str:
        return self.rng.choice(rules.MAUVE_CHOICES)

    def calamity(self, state: rules.State, me: str) -> str:
        return self.rng.choice(rules.CALAMITY_CHOICES)


class GreedyBot(RandomBot):
    """BOTS["greedy"]; every choice it makes among several is counted for the report."""

    name = "greedy"
    passes_unoffered = True     # between_votes: nothing offered, no seals to keep, no gold to spend

    def _goal(self, state: rules.State, me: str) -> rules.Goal:
        return state["players"][me]["goal"]

    def between_votes(self, state: rules.State, me: str, colour: str, mine: list[Decision]) -> Line | None:
        options = between_votes_options(mine)
        seals = [a for a in options if a["action"] == "spend_seals"]
        player = state["players"][me]
        if seals and self._goal(state, me)["secondary"]["kind"] == "seals":
            # seals are its objective: spent only when those in hand finish the circle
            missing = sum(max(0, rules.needed(state, me, c)) for c in rules.COLOURS)
            keep = player["seals"] // rules.SEALS_PER_PORTION < missing
            # counted apart from the colour bought, so that a spending is counted as one
            record_choice(self.choices, N_("seals held for the objective"), (N_("keep the seals"), N_("spend")),
                          "keep the seals" if keep else "spend")
            if keep:
                seals = []
        if seals:
            # the colour of the law on the table will come by vote: spend on another one first
            seals.sort(key=lambda a: (a["colour"] == colour, -rules.needed(state, me, a["colour"])))
            record_choice(self.choices, N_("colour bought with seals"), [a["colour"] for a in seals], seals[0]["colour"])
            return seals[0]
        if player["gold"] and self._goal(state, me)["secondary"]["kind"] != "gold":
            wanted = player["senators"] < 10
            record_choice(self.choices, N_("buy senators with gold"), (N_("buy"), N_("keep")), "buy" if wanted else "keep")
            if wanted:
                return {"action": "buy_senators", "player": me, "gold": player["gold"]}
        return None

    def ballot(self, state: rules.State, me: str, colour: str) -> tuple[int, int]:
        player = state["players"][me]
        side = greedy_side(player["circle"], player["goal"], player["gold"], colour)
        amount = greedy_amount(player["senators"], rules.ROUNDS - state["round"], self.rng)
        record_choice(self.choices, N_("side of the ballot"), rules.SIDES, side)
        return (amount, 0) if side == "pour" else (0, amount)

    def tiebreak(self, state: rules.State, me: str, colour: str) -> str:
        pour, contre = state["ballots"][me]["pour"], state["ballots"][me]["contre"]
        side = "pour" if pour > contre or (pour == contre and rules.needed(state, me, colour) > 0) else "contre"
        record_choice(self.choices, N_("magistrate's tiebreak"), rules.SIDES, side)
        return side

    def order(self, state: rules.State, me: str, group: list[str]) -> list[str]:
        # a magistrate who always put themself first would make seat 1 (the first magistrate) win
        return self.rng.sample(group, len(group))

    def bonus(self, state: rules.State, me: str) -> str:
        choice = _BONUS_FOR[self._goal(state, me)["secondary"]["kind"]]
        record_choice(self.choices, N_("mauve bonus"), rules.MAUVE_CHOICES, choice)
        return choice

    def calamity(self, state: rules.State, me: str) -> str:
        choice = "senators" if self._goal(state, me)["secondary"]["kind"] == "gold" else "gold"
        record_choice(self.choices, N_("calamity loss"), rules.CALAMITY_CHOICES, choice)
        return choice


def greedy_side(circle: dict[str, int], goal: rules.Goal, gold: int, colour: str) -> str:
    """POUR when its circle needs the colour, CONTRE otherwise; with a gold objective (CONTRE
    pays gold), CONTRE too while the gold is further along than the circle."""
    if goal["circle"][colour] <= circle[colour]:
        return "contre"
    secondary = goal["secondary"]
    if secondary["kind"] == "gold" and gold / secondary["amount"] > sum(circle.values()) / rules.CIRCLE_PORTIONS:
        return "contre"
    return "pour"


def greedy_amount(senators: int, rounds_left: int, rng: Random) -> int:
    """Between one and three times a fair share of the senators left (uniformly drawn), so that
    two bots seldom write the same amount and every vote is not a tie."""
    return min(senators, math.ceil(2 * senators * rng.uniform(0.5, 1.5) / rounds_left))


class LookaheadBot(GreedyBot):
    """BOTS["lookahead"]: each ballot by determinised Monte Carlo over a one-level tree (UCB1
    among the candidate ballots, kit.simulate.mcts); each playout deals the hidden information again from the
    bot's own view (SIMPLIFICATIONS["lookahead"] says how) and plays the game to its end with
    the greedy policy on a compact model of the vote. A playout scores 1 / (number of winners)
    when the bot wins, else 0. Everything else is the greedy bot's."""

    name = "lookahead"

    def __init__(self, rng: Random, choices: Choices, table: Data, playouts: int, think_ms: float | None):
        super().__init__(rng, choices)
        self.table, self.playouts, self.think_ms = table, playouts, think_ms
        self.written = 0          # senators its own ballots wrote, to guess the others' from the totals

    def ballot(self, state: rules.State, me: str, colour: str) -> tuple[int, int]:
        player = state["players"][me]
        senators, rounds_left = player["senators"], rules.ROUNDS - state["round"]
        base = 2 * senators / rounds_left
        amounts = sorted({min(senators, math.ceil(base * f)) for f in (0.5, 1, 2)} | {senators} - {0})
        candidates = [(0, 0)] + [(a, 0) for a in amounts] + [(0, a) for a in amounts]
        seen_round = state["round"]

        def one_playout(pick: int) -> float:
            world = self._determinise(state, me)
            return playout(world, self._index, candidates[pick], colour, seen_round, self.table["hat"], self.rng)

        best, _ = mcts.search(len(candidates), one_playout, self.playouts, self.think_ms)
        pour, contre = candidates[best]
        self.written += pour + contre
        side = "pour" if pour else "contre" if contre else "none"
        record_choice(self.choices, N_("side of the ballot"), (*rules.SIDES, N_("none")), side)
        return pour, contre

    def _determinise(self, state: rules.State, me: str) -> list[Compact]:
        """One world consistent with `me`'s view: the compact model's players in seating order."""
        seating = state["seating"]
        self._index = seating.index(me)
        others = [t for t in ROLES if t != state["players"][me]["tribe"]]
        self.rng.shuffle(others)
        written = sum(v["pour"] + v["contre"] for v in state["votes"])
        guess = max(0, round(rules.START_SENATORS - (written - self.written) / (len(seating) - 1)))
        world = []
        for name in seating:
            seen = state["players"][name]
            goal = seen["goal"] if name == me else self.table["objectives"][others.pop()]
            world.append([seen["senators"] if name == me else guess, seen["gold"], seen["seals"],
                          dict(seen["circle"]), seen["wins"], goal["circle"],
                          goal["secondary"]["kind"], goal["secondary"]["amount"], state["chaos"]])
        return world


# The compact model's player: [senators, gold, seals, circle, wins, goal circle, secondary kind,
# secondary amount, chaos (the same in every player's list, read from the first)].
_SENATORS, _GOLD, _SEALS, _CIRCLE, _WINS, _GOAL, _KIND, _AMOUNT = range(8)
Compact = list[Any]     # one player of the compact model, its items of the kinds above


def playout(world: list[Compact], me: int, ballot: tuple[int, int], colour: str, round_: int,
            hat: tuple[str, ...], rng: Random) -> float:
    """The share of the win `me` gets when this round's vote takes `ballot` from it and the
    greedy policy everything else, to the end of the game, on the compact model."""
    chaos = world[0][8]
    first = True
    while round_ < rules.ROUNDS:
        if not first:
            colour = rng.choice(hat)
            _spend(world, colour)
        pour, contre = _cast(world, me if first else -1, ballot, colour, rules.ROUNDS - round_, rng)
        first = False
        total_pour, total_contre = sum(pour.values()), sum(contre.values())
        won_pour = total_pour > total_contre if total_pour != total_contre else rng.random() < 0.5
        amounts = pour if won_pour else contre
        ranked = sorted(amounts, key=lambda i: (-amounts[i], rng.random()))
        if won_pour:
            _pour_won(world, ranked, colour)
        else:
            chaos = _contre_won(world, ranked, chaos)
        if ranked:
            world[ranked[0]][_WINS] += 1
        round_ += 1
        winners = [i for i, p in enumerate(world)
                   if all(p[_CIRCLE][c] >= n for c, n in p[_GOAL].items())
                   or p[{"seals": _SEALS, "gold": _GOLD, "wins": _WINS}[p[_KIND]]] >= p[_AMOUNT]]
        if winners:
            return mcts.win_share(winners, me)
    return 0.0


def _cast(world: list[Compact], fixed: int, ballot: tuple[int, int], colour: str, rounds_left: int,
          rng: Random) -> tuple[dict[int, int], dict[int, int]]:
    """The round's ballots: `fixed` (the seat whose ballot is tried, this round only; -1 for
    none) casts `ballot`, every other seat the greedy policy's, a random share of its senators
    spread over the rounds left, POUR when it still needs the motion's colour."""
    pour, contre = {}, {}
    for i, p in enumerate(world):
        if i == fixed:
            amount_pour, amount_contre = ballot
        else:
            amount = min(p[_SENATORS], math.ceil(2 * p[_SENATORS] * rng.uniform(0.5, 1.5) / rounds_left))
            need = p[_GOAL][colour] > p[_CIRCLE][colour] and not (
                p[_KIND] == "gold" and p[_GOLD] / p[_AMOUNT] > sum(p[_CIRCLE].values()) / rules.CIRCLE_PORTIONS)
            amount_pour, amount_contre = (amount, 0) if need else (0, amount)
        p[_SENATORS] -= amount_pour + amount_contre
        if amount_pour:
            pour[i] = amount_pour
        if amount_contre:
            contre[i] = amount_contre
    return pour, contre


def _pour_won(world: list[Compact], ranked: list[int], colour: str) -> None:
    """POUR won: its first voters colour a portion their circle still takes, the largest gains
    the seals and the bonus (mauve: the one its kind of objective wants)."""
    for i in ranked[:rules.POUR_COLOURING_RANKS]:
        p = world[i]
        if p[_GOAL][colour] > p[_CIRCLE][colour]:
            p[_CIRCLE][colour] += 1
    if ranked:
        p = world[ranked[0]]
        p[_SEALS] += rules.POUR_SEALS
        bonus = colour if colour != "mauve" else _BONUS_FOR[p[_KIND]]
        if bonus == "bleu":
            p[_SEALS] += 1
        elif bonus == "jaune":
            p[_GOLD] += 1
        else:
            p[_SENATORS] += 5


def _contre_won(world: list[Compact], ranked: list[int], chaos: int) -> int:
    """CONTRE won: its first voters gain gold, Rome's chaos grows, and at a calamity each seat
    but the greenest pays a gold or, without one (or saving gold), senators. The chaos after."""
    for i, gold in zip(ranked, rules.CONTRE_GOLD):
        world[i][_GOLD] += gold
    if chaos < rules.ROME_PORTIONS:
        chaos += 1
        if chaos in rules.CALAMITY_AT:
            most = max(p[_CIRCLE]["vert"] for p in world)
            for p in world:
                if most and p[_CIRCLE]["vert"] == most:
                    continue
                if p[_GOLD] and p[_KIND] != "gold":
                    p[_GOLD] -= 1
                else:
                    p[_SENATORS] = max(0, p[_SENATORS] - rules.CALAMITY_LOSS["senators"])
    return chaos


def _spend(world: list[Compact], colour: str) -> None:
    """The greedy policy between votes on the compact model: seals on a needed colour (kept
    when they are the objective and cannot finish the circle), gold for senators when low."""
    for p in world:
        goal, circle = p[_GOAL], p[_CIRCLE]
        missing = [c for c in rules.COLOURS if goal[c] > circle[c]]
        while p[_SEALS] >= rules.SEALS_PER_PORTION and missing:
            if p[_KIND] == "seals" and p[_SEALS] // rules.SEALS_PER_PORTION < sum(goal[c] - circle[c] for c in missing):
                break
            missing.sort(key=lambda c: (c == colour, circle[c] - goal[c]))
            circle[missing[0]] += 1
            p[_SEALS] -= rules.SEALS_PER_PORTION
            missing = [c for c in rules.COLOURS if goal[c] > circle[c]]
        if p[_GOLD] and p[_KIND] != "gold" and p[_SENATORS] < 10:
            p[_SENATORS] += rules.SENATORS_PER_GOLD * p[_GOLD]
            p[_GOLD] = 0


BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}
PLAYOUTS = 32        # per ballot of the lookahead bot, unless --option playouts=N


# --- one game ---------------------------------------------------------------------------------
# The bots see what their seat may see (rules.public_view: their own senators, goal and
# ballot, nobody else's) and choose only among what the rules wait for (rules.pending) or
# allow at any time (rules.anytime); every action is checked against those decisions before
# the engine applies it, and one outside them is a BotError like a refusal.

def play(table: Data, bots: list[str], options: dict[str, Any], rng: Random) -> GameRecord:
    seats = [f"P{i}" for i in range(1, PLAYERS + 1)]
    tribes = rng.sample(ROLES, PLAYERS)
    options, budget = bot_options(options, PLAYOUTS)
    state = rules.setup([{"name": n, "role": t} for n, t in zip(seats, tribes)],
                        {"objectives": table["objectives"], **options})
    choices: dict[str, Choices] = {}
    players: dict[str, RandomBot] = {n: LookaheadBot(rng, choices.setdefault(b, {}), table, *budget) if b == "lookahead"
               else BOT_CLASSES[b](rng, choices.setdefault(b, {})) for n, b in zip(seats, bots)}
    hat = rng.sample(table["hat"], rules.ROUNDS)
    state, magistrate_ties = play_game(state, players, hat, partial(apply, rules))

    votes = state["votes"]
    how = []
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        how.append(_WON_BY[met["circle"], met["secondary"]])
    first = []
    for name in state["winners"]:
        met = state["players"][name]["objectives"]
        first += [_FIRST[state["players"][name]["tribe"], kind] for kind in ("circle", "secondary") if met[kind]]
    return game_record(state, seats, state["round"], choices, roles=tribes, rounds=state["round"], finished=True,
                       numbers={"calamities": sum(v["calamity"] for v in votes),
                                "senators_left": [state["players"][n]["senators"] for n in seats],
                                "magistrate_ties": magistrate_ties,
                                "contre_wins": sum(v["result"] == "contre" for v in votes)},
                       flags={"tie_needs_magistrate": magistrate_ties > 0},
                       tally={"first_objective": first or [N_("none")]},
                       how=how,
                       # each motion drawn, by its colour (the law read aloud), and what the vote made of it
                       items={N_("motions"): [[colour, None, N_("calamity") if vote["calamity"] else vote["result"]]
                                          for colour, vote in zip(hat, votes)]})


# An objective met, as the tally of the objectives reached names it: (tribe, kind) -> words.
_FIRST = {("titienses", "circle"): N_("Titienses' circle"), ("titienses", "secondary"): N_("Titienses' secondary"),
          ("ramnes", "circle"): N_("Ramnes' circle"), ("ramnes", "secondary"): N_("Ramnes' secondary"),
          ("luceres", "circle"): N_("Luceres' circle"), ("luceres", "secondary"): N_("Luceres' secondary")}

# How a winner won: (circle met, secondary met) -> the way.
_WON_BY = {(True, False): N_("circle"), (False, True): N_("secondary objective"),
           (True, True): N_("circle and secondary objective")}
WAYS_TO_WIN = tuple(dict.fromkeys(_WON_BY.values()))


def play_game(state: rules.State, players: dict[str, RandomBot], hat: list[str],
              take: Callable[[rules.State, Line], rules.State]) -> tuple[rules.State, int]:
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
                    if not mine and players[name].passes_unoffered:
                        break
                    action = players[name].between_votes(_seen(state, name), name, colour, mine)
                    if action is None:
                        break
                    state = take(state, checked(mine, action))
        decisions = rules.pending(state)
        if decisions[0]["action"] == "ballot":
            for decision in decisions:
                name = decider(decision)
                pour, contre = players[name].ballot(_seen(state, name), name, colour)
                state = take(state, checked([decision], {"action": "ballot", "player": name,
                                                         "pour": pour, "contre": contre}))
            continue
        (decision,) = decisions
        action, tied = resolve(state, decision, players, colour)
        magistrate_ties += tied
        state = take(state, checked(decisions, action))
    return state, magistrate_ties


def resolve(state: rules.State, decision: Decision, players: dict[str, RandomBot], colour: str) -> tuple[Line, bool]:
    """The magistrate's resolve, each field the rules still need asked of the bot whose
    choice it is: the tiebreak and the order the magistrate's, the bonus the largest POUR
    voter's, each calamity loss its player's; the colour is the motion's, read aloud."""
    magistrate = decider(decision)
    answers: dict[str, Any] = {}
    needs = decision["choices"]     # rules.resolve_choices(state) with no answer yet
    if "tiebreak" in needs:
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


def checked(decisions: list[Decision], action: Line) -> Line:
    """`action` when it answers one of `decisions`; a BotError otherwise."""
    if answering(decisions, action) is None:
        raise BotError(f"a bot chose {action}, which the rules did not offer: {decisions}")
    return action


def _seen(state: rules.State, name: str) -> rules.State:
    """`name`'s view of `state`, the secrets they may not see left out, in the state's shape
    (the rules keep each players' part of it once per state: scorekeeper.rules.public_view)."""
    return cast("rules.State", public_view(GAME_ID, state, name))
