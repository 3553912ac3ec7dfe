"""Amphithéâtre at a simulated table: hidden opinions dealt from the layouts' three decks.

Each physician holds one card of each category (layouts/amphitheatre/<category>.yaml, each
card as many times as its `copies`). A statement (a hypothesis, a counter-value, a side
taken in a debate) claims a value of the hypothesis's category; an accusation is won by the
accused exactly when the claim matches their card. The cards are the simulated table's (the
engine never sees them); the turn is the engine's: the bots choose only among what
`rules.pending` waits for and what `rules.anytime` allows (the accusations, against whoever
stated or joined), each action checked against those decisions before it is applied.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, TypedDict, TypeVar

from kit.i18n import N_
from kit.simulate import BotError, Choices, GameRecord, apply, bot_options, game_record, mcts, record_choice
from scorekeeper.rules import amphitheatre as rules
from scorekeeper.rules.flow import Decision, Line, answering, decider

GAME_ID = rules.GAME_ID
PLAYERS = 5
ROLES = ()
TURN_CAP = 600
HORIZON = 10        # turns a lookahead playout plays before it is scored by the seats filled
PLAYOUTS = 32       # per decision of the lookahead bot, unless --option playouts=N

BOTS = {
    "random": "uniform at each decision: the kind of turn, its category, value and target, agreeing, "
              "the side taken, accusing or not",
    "greedy": "states its own card to a player not behind it; agrees unless the handshake feeds a player "
              "ahead of it, else states its own card and debates; joins the side of its card, else the larger "
              "side while a lost accusation costs no more than abstaining; accuses only a claim it knows to be "
              "false",
    "lookahead": "the greedy bot, but its turn, its answer to a hypothesis and its side in a debate are chosen "
                 "by determinised Monte Carlo: the cards it cannot see dealt again, each candidate played out "
                 f"{HORIZON} turns with greedy bots (--option playouts=N per decision, default {PLAYOUTS}; "
                 "think_ms=T for a time budget instead)",
}

# What each bot leaves out of the game (the report prints them).
SIMPLIFICATIONS = {
    "random": [N_("It pursues nothing: its figures say what the rules do to aimless play.")],
    "greedy": [
        N_("It never draws a card nor calls a scientific revolution, and never lies as a speaker."),
        N_("It believes whoever stated a value first: with one copy of each card, it accuses every later "
           "claimant of that value outside its own side, so a player who joins a debate without holding "
           "either card is caught as soon as they have a seat to pay with."),
        N_("It guesses nothing from what the others said: only its own cards and the copies printed."),
    ],
    "lookahead": [
        N_("Only its turn, its answer to a hypothesis and its side in a debate are looked ahead; its "
           "accusations are the greedy bot's, and it never draws a card."),
        N_("The cards it cannot see are dealt again at random, what the others stated not taken into "
           "account."),
        N_("A playout plays 10 turns with greedy bots at every seat; a game still on is scored by its lead "
           "in seats over the best other player, not by who would win it."),
    ],
}

FIGURES = {
    "seats_end": "seats filled at the end (per player)",
    "accusations": "accusations per game",
    "accusations_won": "accusations won by the accuser per game",
    "debates": "debates per game",
    "handshakes": "handshakes per game",
    "tied_debates": "debates ending in a tie per game",
}

KINDS = (N_("hypothesis"), N_("revolution"), N_("draw"))

# A turn's move: ("hypothesis", category, value, target), ("revolution", category) or
# ("draw", category).
Move = tuple[str, ...]
# A debate's sides, "side_a" and "side_b": the value each claims and who is on it.
Sides = dict[str, tuple[str, list[str]]]
# How an entry is taken: the engine's apply, or a session file's.
Take = Callable[[rules.State, Line], rules.State]
T = TypeVar("T")


class Data(TypedDict):
    """What the simulated table hides: each category's deck, a card per copy (load)."""

    decks: dict[str, tuple[str, ...]]


def load(layouts_root: Path) -> Data:
    from kit.games.amphitheatre import layout  # the kit side, without reportlab

    decks = layout.load(layouts_root)["decks"]
    return {"decks": {c: tuple(card["name"] for card in decks[c]["cards"] for _ in range(card["copies"]))
                      for c in rules.CATEGORIES}}


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    """BOTS["random"]: uniform at each decision; it pursues nothing (SIMPLIFICATIONS["random"])."""

    name = "random"

    def __init__(self, rng: Random, choices: Choices):
        self.rng, self.choices = rng, choices

    def turn(self, table: Table, me: str) -> Move:
        """The move: ("hypothesis", category, value, target), ("revolution", category) or
        ("draw", category)."""
        kinds = [k for k in KINDS if k != "draw" or table.drawable()]
        kind = self.rng.choice(kinds)
        if kind == "hypothesis":
            category = self.rng.choice(rules.CATEGORIES)
            target = self.rng.choice([n for n in table.seats if n != me])
            return kind, category, self.rng.choice(table.values[category]), target
        if kind == "draw":
            return kind, self.rng.choice(table.drawable())
        return kind, self.rng.choice(rules.CATEGORIES)

    def keep(self, table: Table, me: str, category: str, drawn: str) -> bool:
        return self.rng.random() < 0.5

    def respond(self, table: Table, me: str, category: str, value: str) -> str:
        """The value `me` states when challenged: `value` to agree, another to open a debate."""
        if self.rng.random() < 0.5:
            return value
        return self.rng.choice([v for v in table.values[category] if v != value])

    def join(self, table: Table, me: str, category: str, sides: Sides) -> str | None:
        return self.rng.choice(["side_a", "side_b", None])

    def accuse(self, table: Table, me: str, accused: str, category: str, value: str) -> bool:
        """Whether `me` accuses `accused` of not holding `value` (asked once per statement)."""
        return self.rng.random() < 0.5


class GreedyBot(RandomBot):
    """BOTS["greedy"]: a physician who says what it believes and does not feed a rival.

    It names its own card as the hypothesis (nobody can catch a true claim) to the player
    likeliest to shake hands, one not behind it; challenged, it shakes hands only when the
    handshake feeds nobody ahead of it and hands nobody the win, and otherwise states its own
    card, which opens a debate. In a debate it takes the side of its card; holding neither
    card, it joins the larger side while a lost accusation costs no more than abstaining
    (row 1, or one seat or none), else abstains. It accuses a claim it knows to be false: a
    value it holds, or one whose copies are all claimed by who stated it first."""

    name = "greedy"

    def turn(self, table: Table, me: str) -> Move:
        category = rules.CATEGORIES[table.turns % len(rules.CATEGORIES)]
        seats = {n: p["seats"] for n, p in table.state["players"].items() if n != me}
        target = min(seats, key=lambda n: (seats[n], self.rng.random()))   # a handshake helps the weakest least
        record_choice(self.choices, N_("kind of turn"), KINDS, "hypothesis")
        return "hypothesis", category, table.cards[me][category], target

    def keep(self, table: Table, me: str, category: str, drawn: str) -> bool:
        return False

    def respond(self, table: Table, me: str, category: str, value: str) -> str:
        own = table.cards[me][category]
        players = table.state["players"]
        speaker = players[rules.under_way(table.state)["speaker"]]["seats"]
        mine = players[me]["seats"]
        wins_it = speaker + rules.gain_of(speaker) >= rules.CAPACITY > mine + rules.gain_of(mine)
        if own == value or (speaker <= mine and not wins_it):
            record_choice(self.choices, N_("answer to a hypothesis"), (N_("agree"), N_("debate")), "agree")
            return value
        record_choice(self.choices, N_("answer to a hypothesis"), (N_("agree"), N_("debate")), "debate")
        if own != value:
            return own
        return self.rng.choice([v for v in table.values[category] if v != value])

    def join(self, table: Table, me: str, category: str, sides: Sides) -> str | None:
        own = table.cards[me][category]
        for side, (value, _) in sides.items():
            if value == own:
                record_choice(self.choices, N_("side taken in a debate"), (N_("own card"), N_("other side"), N_("abstain")), "own card")
                return side
        offered = (N_("larger side"), N_("smaller side"), N_("abstain"))
        seats = table.state["players"][me]["seats"]
        if min(rules.penalty_of(seats), seats) <= min(1, seats):
            # a lost accusation costs no more than abstaining would: back the larger side
            record_choice(self.choices, N_("side taken in a debate"), offered, "larger side")
            return max(sides, key=lambda s: (len(sides[s][1]), s == "side_a"))
        record_choice(self.choices, N_("side taken in a debate"), offered, "abstain")
        return None

    def accuse(self, table: Table, me: str, accused: str, category: str, value: str) -> bool:
        players = table.state["players"]
        if not players[accused]["seats"] or accused in _side_of(table, me):
            return False          # a liar with no seat pays nothing; an ally's lie helps its side
        if table.cards[me][category] == value:
            certain = table.copies[category][value] == 1
        else:
            # it believes whoever stated the value first: the later claimants beyond its copies lie
            before = [n for n, v in table.claims.items() if v == value]
            certain = accused in before and before.index(accused) >= table.copies[category][value]
        record_choice(self.choices, N_("accuse a claim"), (N_("accuse"), N_("let it pass")), "accuse" if certain else "let it pass")
        return certain


def _side_of(table: Table, me: str) -> list[str]:
    """The players on `me`'s side of the debate under way (none outside a debate or a side)."""
    hypothesis = rules.under_way(table.state)
    for side in ([hypothesis["speaker"], *hypothesis["a"]], [hypothesis["target"], *hypothesis["b"]]):
        if me in side and hypothesis["countered"]:
            return side
    return []


class LookaheadBot(GreedyBot):
    """BOTS["lookahead"]: its turn, its answer to a hypothesis and the side it takes by
    determinised Monte Carlo (kit.simulate.mcts); each playout deals again the cards it cannot
    see, plays the candidate, then HORIZON turns with greedy bots at every seat, and scores a
    share of the win, or of the lead in seats when the game is still on (SIMPLIFICATIONS says
    what that leaves out). Accusations and keeping a drawn card are the greedy bot's."""

    name = "lookahead"

    def __init__(self, rng: Random, choices: Choices, playouts: int, think_ms: float | None):
        super().__init__(rng, choices)
        self.playouts, self.think_ms = playouts, think_ms

    def _search(self, table: Table, me: str, method: str, candidates: list[T]) -> T:
        def one_playout(pick: int) -> float:
            world = table.world(me, Random(self.rng.random()))
            world.bots[me] = Forced(world.rng, {}, method, candidates[pick])
            return world.playout(me, HORIZON)

        best, _ = mcts.search(len(candidates), one_playout, self.playouts, self.think_ms)
        return candidates[best]

    def turn(self, table: Table, me: str) -> Move:
        seats = {n: p["seats"] for n, p in table.state["players"].items() if n != me}
        ends = (min(seats, key=lambda n: (seats[n], n)), max(seats, key=lambda n: (seats[n], n)))
        candidates: list[Move] = [("hypothesis", c, table.cards[me][c], t)
                                   for c in rules.CATEGORIES for t in dict.fromkeys(ends)]
        candidates += [("revolution", c) for c in rules.CATEGORIES]
        choice = self._search(table, me, "turn", candidates)
        record_choice(self.choices, N_("kind of turn"), KINDS, choice[0])
        return choice

    def respond(self, table: Table, me: str, category: str, value: str) -> str:
        own = table.cards[me][category]
        other = own if own != value else self.rng.choice([v for v in table.values[category] if v != value])
        answer = self._search(table, me, "respond", [value, other])
        record_choice(self.choices, N_("answer to a hypothesis"), (N_("agree"), N_("debate")),
                      "agree" if answer == value else "debate")
        return answer

    def join(self, table: Table, me: str, category: str, sides: Sides) -> str | None:
        side = self._search(table, me, "join", ["side_a", "side_b", None])
        record_choice(self.choices, N_("side taken in a debate"), (N_("side A"), N_("side B"), N_("abstain")),
                      {"side_a": "side A", "side_b": "side B", None: "abstain"}[side])
        return side


class Forced(GreedyBot):
    """A playout's greedy bot that gives `answer` the first time `method` asks it."""

    def __init__(self, rng: Random, choices: Choices, method: str, answer: Any):
        super().__init__(rng, choices)
        self.method: str | None = method   # None once it has answered
        self.answer = answer               # what `method` returns: a Move, a value, a side or None

    def _forced(self, method: str) -> bool:
        if self.method == method:
            self.method = None
            return True
        return False

    def turn(self, table: Table, me: str) -> Move:
        return self.answer if self._forced("turn") else super().turn(table, me)

    def respond(self, table: Table, me: str, category: str, value: str) -> str:
        return self.answer if self._forced("respond") else super().respond(table, me, category, value)

    def join(self, table: Table, me: str, category: str, sides: Sides) -> str | None:
        return self.answer if self._forced("join") else super().join(table, me, category, sides)


BOT_CLASSES: dict[str, type[RandomBot]] = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


# --- the table ----------------------------------------------------------------------------------

class Table:
    """The cards at a simulated table (what the engine never sees) and the bots seated at it."""

    def __init__(self, data: Data, bots: list[str], rng: Random, names: list[str] | None = None,
                 budget: tuple[int, float | None] = (PLAYOUTS, None)):
        self.rng = rng
        self.seats = names or [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], {})
        self.choices: dict[str, Choices] = {}
        self.bots: dict[str, RandomBot] = {n: LookaheadBot(rng, self.choices.setdefault(b, {}), *budget) if b == "lookahead"
                     else BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.deal(data)

    def world(self, me: str, rng: Random) -> Table:
        """A copy of the table as `me` may imagine it, greedy bots at every seat: the cards it
        cannot see (the others', the piles, the discards) shuffled together and dealt again,
        as many to each place as it holds. The engine's state is shared: apply never changes it."""
        world = copy.copy(self)
        world.rng, world.choices = rng, {}
        world.bots = {n: GreedyBot(rng, {}) for n in self.seats}
        world.cards = {n: dict(cards) for n, cards in self.cards.items()}
        world.piles, world.discards = {}, {}
        others = [n for n in self.seats if n != me]
        for c in rules.CATEGORIES:
            unseen = self.piles[c] + self.discards[c] + [self.cards[n][c] for n in others]
            rng.shuffle(unseen)
            for n in others:
                world.cards[n][c] = unseen.pop()
            world.discards[c] = unseen[:len(self.discards[c])]
            world.piles[c] = unseen[len(self.discards[c]):]
        world.counts, world.claims = dict(self.counts), dict(self.claims)
        world.weighed, world.exposed = set(self.weighed), list(self.exposed)
        return world

    def playout(self, me: str, horizon: int) -> float:
        """`me`'s share of the win after this table plays on for `horizon` turns (or to its
        end); still on, its lead in seats over the best other player, from 0 (15 behind) to 1
        (15 ahead)."""
        end = self.turns + horizon
        play_game(self, partial(apply, rules), end)
        if self.state["over"]:
            return mcts.win_share(self.state["winners"], me)
        seats = {n: p["seats"] for n, p in self.state["players"].items()}
        lead = seats[me] - max(v for n, v in seats.items() if n != me)
        return mcts.lead_share(lead, rules.CAPACITY)

    def deal(self, data: Data) -> None:
        self.values = {c: sorted(set(deck)) for c, deck in data["decks"].items()}
        self.copies = {c: {v: deck.count(v) for v in self.values[c]} for c, deck in data["decks"].items()}
        self.piles = {c: list(deck) for c, deck in data["decks"].items()}
        for pile in self.piles.values():
            self.rng.shuffle(pile)
        self.discards: dict[str, list[str]] = {c: [] for c in rules.CATEGORIES}
        self.cards = {n: {c: self.piles[c].pop() for c in rules.CATEGORIES} for n in self.seats}
        self.turns = 0
        self.counts = dict.fromkeys(("accusations", "accusations_won", "debates", "handshakes", "tied_debates"), 0)
        self.claims: dict[str, str] = {}      # what each stater of the hypothesis under way claims
        self.value = self.category = ""       # the hypothesis under way (set by the speaker's move)
        self.weighed: set[str] = set()        # statements every other player has weighed
        self.exposed: list[str] = []          # accused whose card matched: they redraw after it

    def drawable(self) -> list[str]:
        return [c for c in rules.CATEGORIES if self.piles[c] or self.discards[c]]

    def draw_card(self, category: str) -> str:
        if not self.piles[category]:
            self.piles[category], self.discards[category] = self.discards[category], []
            self.rng.shuffle(self.piles[category])
        return self.piles[category].pop()

    def redraw(self, name: str, category: str) -> None:
        """`name` shuffles their card of `category` back and draws anew."""
        self.piles[category].append(self.cards[name][category])
        self.rng.shuffle(self.piles[category])
        self.cards[name][category] = self.draw_card(category)

    def revolution(self, category: str) -> None:
        for name in self.seats:
            self.piles[category].append(self.cards[name][category])
        self.piles[category] += self.discards[category]
        self.discards[category] = []
        self.rng.shuffle(self.piles[category])
        for name in self.seats:
            self.cards[name][category] = self.piles[category].pop()

    def draw(self, speaker: str, category: str) -> None:
        drawn = self.draw_card(category)
        if self.bots[speaker].keep(self, speaker, category, drawn):
            drawn, self.cards[speaker][category] = self.cards[speaker][category], drawn
        self.discards[category].append(drawn)

    def settled(self) -> None:
        """The hypothesis is settled: the accused whose card matched reshuffle it and draw anew."""
        for name in self.exposed:
            self.redraw(name, self.category)
        self.claims, self.weighed, self.exposed = {}, set(), []

    # -- one decision at a time ---------------------------------------------------------------

    def accusation(self) -> Line | None:
        """An accusation some bot makes now, each statement weighed once by each other player in
        seating order from its stater (RULES.md §2.5: only whoever stated or joined)."""
        for accused in rules.accusable(self.state):
            if accused in self.weighed:
                continue
            start = self.seats.index(accused)
            # each statement is weighed as soon as it is made and the scan stops at the first
            # accuser, so an accused still accusable here is weighed by nobody yet
            for name in self.seats[start + 1:] + self.seats[:start]:
                if self.bots[name].accuse(self, name, accused, self.category, self.claims[accused]):
                    truthful = self.cards[accused][self.category] == self.claims[accused]
                    return checked(rules.anytime(self.state), {"action": "accuse", "accuser": name,
                                                              "accused": accused, "truthful": truthful})
            self.weighed.add(accused)
        return None

    def decide(self, decisions: list[Decision]) -> Line:
        """The action answering what the rules wait for, chosen by the bot whose decision it is."""
        decision = decisions[0]
        kind = decision["action"]
        if kind == "turn":
            speaker = decision["player"] or decision["choices"]["player"][0]     # the oldest player: seat 1
            return {"action": "turn", "player": speaker, "step": "start"}
        if kind == "debate":    # the sides as joined, nobody's choice
            return {"action": "debate", **{field: value for field, value in decision["choices"].items() if value}}
        who = decider(decision)
        if kind in KINDS:
            choice = self.bots[who].turn(self, who)
            if choice[0] == "hypothesis":
                _, self.category, self.value, target = choice
                self.claims = {who: self.value}
                return {"action": "hypothesis", "speaker": who, "target": target, "category": self.category}
            return {"action": choice[0], "player": who, "category": choice[1]}
        hypothesis = rules.under_way(self.state)
        if kind in ("handshake", "counter"):
            answer = self.bots[who].respond(self, who, self.category, self.value)
            if answer == self.value:      # agreeing states nothing: nobody may accuse them
                return {"action": "handshake", "speaker": hypothesis["speaker"], "target": who}
            self.claims[who] = answer
            return {"action": "counter", "player": who}
        if kind == "join":
            sides = {"side_a": (self.value, [hypothesis["speaker"], *hypothesis["a"]]),
                     "side_b": (self.claims[hypothesis["target"]], [hypothesis["target"], *hypothesis["b"]])}
            side = self.bots[who].join(self, who, self.category, sides)
            if side is not None:
                self.claims[who] = sides[side][0]
            return {"action": "join", "player": who, "side": {"side_a": "a", "side_b": "b", None: "abstain"}[side]}
        raise BotError(f"no bot answers {kind}")

    def step(self, take: Take) -> None:
        """One entry: an accusation when a bot makes one, else the answer to what the rules
        wait for; `take(state, action)` applies it (the engine, or a session file)."""
        action = self.accusation()
        if action is None:
            decisions = rules.pending(self.state)
            action = checked(decisions, self.decide(decisions))
        kind, before = action["action"], self.state
        self.state = take(before, action)
        if kind == "debate":
            # the line the engine accepted (a bot's: no null field, as parsing leaves it)
            self.counts["tied_debates"] += rules.debate_roles(before, action)["majority"] is None
        if kind == "turn":
            self.turns += 1
        elif kind == "accuse":
            self.counts["accusations"] += 1
            self.counts["accusations_won"] += not action["truthful"]
            if action["truthful"]:
                self.exposed.append(action["accused"])
        elif kind == "revolution":
            self.revolution(action["category"])
        elif kind == "draw":
            self.draw(action["player"], action["category"])
        elif kind == "handshake":
            self.counts["handshakes"] += 1
            self.settled()
        elif kind == "debate":
            self.counts["debates"] += 1
            self.settled()


def checked(decisions: list[Decision], action: Line) -> Line:
    """`action` when it answers one of `decisions`; a BotError otherwise."""
    fields = (rules.ACTOR_FIELDS.get(action["action"], "player"),)
    if answering(decisions, action, fields) is None:
        raise BotError(f"a bot chose {action}, which the rules did not offer: {decisions}")
    return action


def play_game(table: Table, take: Take, turn_cap: int = TURN_CAP) -> Table:
    """The game to its end (or the turn cap) from the table's state, one entry at a time."""
    while not table.state["over"] and not (table.turns >= turn_cap and rules.pending(table.state)[0]["action"] == "turn"):
        table.step(take)
    return table


WAYS_TO_WIN = (N_("every seat filled"),)


def play(data: Data, bots: list[str], options: dict[str, Any], rng: Random) -> GameRecord:
    options, budget = bot_options(options, PLAYOUTS)
    table = Table(data, bots, rng, budget=budget)
    rules.setup([{"name": n} for n in table.seats], options)      # options are the rules' to refuse
    play_game(table, partial(apply, rules))
    state = table.state
    seated = {n: p["seats"] for n, p in state["players"].items()}
    losers = [seated[n] for n in table.seats if n not in state["winners"]]
    return game_record(state, table.seats, table.turns, table.choices,
                       numbers={"seats_end": [p["seats"] for p in state["players"].values()], **table.counts},
                       # one way to win: the amphitheatre's seats filled; the margin says by how much
                       how=[WAYS_TO_WIN[0]] * len(state["winners"]),
                       margin=rules.CAPACITY - max(losers) if state["winners"] and losers else None)
