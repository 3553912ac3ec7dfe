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

from random import Random

from kit.i18n import N_
from kit.simulate import BotError, apply, game_record, record_choice
from scorekeeper.rules import amphitheatre as rules
from scorekeeper.rules.flow import answering

GAME_ID = rules.GAME_ID
PLAYERS = 5
ROLES = ()
TURN_CAP = 600

BOTS = {
    "random": "uniform at each decision: the kind of turn, its category, value and target, agreeing, "
              "the side taken, accusing or not",
    "greedy": "states its own card to the player with the fewest seats, agrees to every hypothesis, joins "
              "the side of its card or else the larger side, accuses only a claim it knows to be false",
}

FIGURES = {
    "seats_end": "seats filled at the end (per player)",
    "accusations": "accusations per game",
    "accusations_won": "accusations won by the accuser per game",
    "debates": "debates per game",
    "handshakes": "handshakes per game",
    "tied_debates": "debates ending in a tie per game",
}

KINDS = ("hypothesis", "revolution", "draw")


def load(layouts_root) -> dict:
    from kit.games.amphitheatre import layout  # the kit side, without reportlab

    decks = layout.load(layouts_root)["decks"]
    return {"decks": {c: tuple(card["name"] for card in decks[c]["cards"] for _ in range(card["copies"]))
                      for c in rules.CATEGORIES}}


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    name = "random"

    def __init__(self, rng: Random, choices: dict):
        self.rng, self.choices = rng, choices

    def turn(self, table: Table, me: str) -> tuple:
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

    def join(self, table: Table, me: str, category: str, sides: dict) -> str | None:
        return self.rng.choice(["side_a", "side_b", None])

    def accuse(self, table: Table, me: str, accused: str, category: str, value: str) -> bool:
        """Whether `me` accuses `accused` of not holding `value` (asked once per statement)."""
        return self.rng.random() < 0.5


class GreedyBot(RandomBot):
    name = "greedy"

    def turn(self, table: Table, me: str) -> tuple:
        category = rules.CATEGORIES[table.turns % len(rules.CATEGORIES)]
        seats = {n: p["seats"] for n, p in table.state["players"].items() if n != me}
        target = min(seats, key=lambda n: (seats[n], self.rng.random()))   # a handshake helps the weakest least
        record_choice(self.choices, "kind of turn", KINDS, "hypothesis")
        return "hypothesis", category, table.cards[me][category], target

    def keep(self, table: Table, me: str, category: str, drawn: str) -> bool:
        return False

    def respond(self, table: Table, me: str, category: str, value: str) -> str:
        # a handshake seats tokens for both; a lie is caught only by who holds the card
        record_choice(self.choices, "answer to a hypothesis", ("agree", "debate"), "agree")
        return value

    def join(self, table: Table, me: str, category: str, sides: dict) -> str | None:
        own = table.cards[me][category]
        for side, (value, _) in sides.items():
            if value == own:
                choice = side
                break
        else:   # neither side is its card: back the larger side, the speaker's on a tie
            choice = max(sides, key=lambda s: (len(sides[s][1]), s == "side_a"))
        record_choice(self.choices, "side taken in a debate", ("own card", "larger side", "abstain"),
                      "own card" if sides[choice][0] == own else "larger side")
        return choice

    def accuse(self, table: Table, me: str, accused: str, category: str, value: str) -> bool:
        # certain only when every copy of that value is in its own hand
        return table.cards[me][category] == value and table.copies[category][value] == 1


BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot}


# --- the table ----------------------------------------------------------------------------------

class Table:
    """The cards at a simulated table (what the engine never sees) and the bots seated at it."""

    def __init__(self, data: dict, bots: list[str], rng: Random, names: list[str] | None = None):
        self.rng = rng
        self.seats = names or [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], {})
        self.choices: dict = {}
        self.bots = {n: BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.deal(data)

    def deal(self, data: dict) -> None:
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
        self.value = self.category = None     # the hypothesis under way
        self.asked: set = set()               # (accuser, accused) already weighed for it
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
        self.claims, self.asked, self.exposed = {}, set(), []

    # -- one decision at a time ---------------------------------------------------------------

    def accusation(self) -> dict | None:
        """An accusation some bot makes now, each statement weighed once by each other player in
        seating order from its stater (RULES.md §2.5: only whoever stated or joined)."""
        offers = {d["player"]: d for d in rules.anytime(self.state)}
        for accused in rules.accusable(self.state):
            start = self.seats.index(accused)
            for name in self.seats[start + 1:] + self.seats[:start]:
                if name not in offers or (name, accused) in self.asked:
                    continue
                self.asked.add((name, accused))
                if self.bots[name].accuse(self, name, accused, self.category, self.claims[accused]):
                    truthful = self.cards[accused][self.category] == self.claims[accused]
                    return checked([offers[name]], {"action": "accuse", "accuser": name, "accused": accused,
                                                     "truthful": truthful})
        return None

    def decide(self, decisions: list[dict]) -> dict:
        """The action answering what the rules wait for, chosen by the bot whose decision it is."""
        decision = decisions[0]
        kind, who = decision["action"], decision["player"]
        if kind == "turn":
            speaker = who or decision["choices"]["player"][0]     # the oldest player: seat 1
            return {"action": "turn", "player": speaker, "step": "start"}
        if kind in KINDS:
            choice = self.bots[who].turn(self, who)
            if choice[0] == "hypothesis":
                _, self.category, self.value, target = choice
                self.claims = {who: self.value}
                return {"action": "hypothesis", "speaker": who, "target": target, "category": self.category}
            return {"action": choice[0], "player": who, "category": choice[1]}
        hypothesis = self.state["hypothesis"]
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
        # the debate: the sides as joined, nobody's choice
        return {"action": "debate", **{field: value for field, value in decision["choices"].items() if value}}

    def step(self, take) -> None:
        """One entry: an accusation when a bot makes one, else the answer to what the rules
        wait for; `take(state, action)` applies it (the engine, or a session file)."""
        action = self.accusation()
        if action is None:
            decisions = rules.pending(self.state)
            action = checked(decisions, self.decide(decisions))
        kind = action["action"]
        if kind == "debate":
            self.counts["tied_debates"] += rules.debate_roles(self.state, action)["majority"] is None
        self.state = take(self.state, action)
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


def checked(decisions: list[dict], action: dict) -> dict:
    """`action` when it answers one of `decisions`; a BotError otherwise."""
    fields = (rules.ACTOR_FIELDS.get(action["action"], "player"),)
    if answering(decisions, action, fields) is None:
        raise BotError(f"a bot chose {action}, which the rules did not offer: {decisions}")
    return action


def play_game(table: Table, take, turn_cap: int = TURN_CAP) -> Table:
    """The game to its end (or the turn cap) from the table's state, one entry at a time."""
    while not table.state["over"] and not (table.turns >= turn_cap and rules.pending(table.state)[0]["action"] == "turn"):
        table.step(take)
    return table


WAYS_TO_WIN = (N_("every seat filled"),)


def play(data: dict, bots: list[str], options: dict, rng: Random) -> dict:
    table = Table(data, bots, rng)
    rules.setup([{"name": n} for n in table.seats], options)      # options are the rules' to refuse
    play_game(table, lambda state, action: apply(rules, state, action))
    state = table.state
    seated = {n: p["seats"] for n, p in state["players"].items()}
    losers = [seated[n] for n in table.seats if n not in state["winners"]]
    return game_record(state, table.seats, table.turns, table.choices,
                       numbers={"seats_end": [p["seats"] for p in state["players"].values()], **table.counts},
                       # one way to win: the amphitheatre's seats filled; the margin says by how much
                       how=[WAYS_TO_WIN[0]] * len(state["winners"]),
                       margin=rules.CAPACITY - max(losers) if state["winners"] and losers else None)
