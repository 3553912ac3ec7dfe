"""Amphithéâtre at a simulated table: hidden opinions dealt from the layouts' three decks.

Each physician holds one card of each category (layouts/amphitheatre/<category>.yaml, each
card as many times as its `copies`). A statement (a hypothesis, an agreement, a side taken
in a debate) claims the stater's own card; an accusation is won by the accused exactly when
the claim matches their card. The tokens move only through the rule engine (handshake,
debate with its discounted players, accuse), which keeps the auditoriums and the winners.
"""
from __future__ import annotations

from random import Random

from kit.simulate import apply, game_record, record_choice
from scorekeeper.rules import amphitheatre as rules

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
    from kit.games.amphitheatre import layout   # the kit side, without reportlab

    decks = layout.load(layouts_root)["decks"]
    return {"decks": {c: tuple(card["name"] for card in decks[c]["cards"] for _ in range(card["copies"]))
                      for c in rules.CATEGORIES}}


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    name = "random"

    def __init__(self, rng: Random, choices: dict):
        self.rng, self.choices = rng, choices

    def turn(self, table: Table, me: str) -> tuple:
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
    def __init__(self, data: dict, bots: list[str], rng: Random):
        self.rng = rng
        self.seats = [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], {})
        self.choices: dict = {}
        self.bots = {n: BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.values = {c: sorted(set(deck)) for c, deck in data["decks"].items()}
        self.copies = {c: {v: deck.count(v) for v in self.values[c]} for c, deck in data["decks"].items()}
        self.piles = {c: list(deck) for c, deck in data["decks"].items()}
        for pile in self.piles.values():
            rng.shuffle(pile)
        self.discards: dict[str, list[str]] = {c: [] for c in rules.CATEGORIES}
        self.cards = {n: {c: self.piles[c].pop() for c in rules.CATEGORIES} for n in self.seats}
        self.turns = 0
        self.counts = dict.fromkeys(("accusations", "accusations_won", "debates", "handshakes", "tied_debates"), 0)

    def act(self, action: dict) -> None:
        self.state = apply(rules, self.state, action)

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

    def statement(self, stater: str, category: str, value: str, exposed: list[str]) -> str | None:
        """Someone may accuse `stater` of claiming `value`; the loser of the accusation, if any."""
        start = self.seats.index(stater)
        for name in self.seats[start + 1:] + self.seats[:start]:
            if self.state["over"]:
                return None
            if self.bots[name].accuse(self, name, stater, category, value):
                truthful = self.cards[stater][category] == value
                self.counts["accusations"] += 1
                self.counts["accusations_won"] += not truthful
                self.act({"action": "accuse", "accuser": name, "accused": stater, "truthful": truthful})
                if truthful:
                    exposed.append(stater)
                return stater if not truthful else name
        return None

    def turn(self, speaker: str) -> None:
        bot = self.bots[speaker]
        choice = bot.turn(self, speaker)
        if choice[0] == "revolution":
            category = choice[1]
            for name in self.seats:
                self.piles[category].append(self.cards[name][category])
            self.piles[category] += self.discards[category]
            self.discards[category] = []
            self.rng.shuffle(self.piles[category])
            for name in self.seats:
                self.cards[name][category] = self.piles[category].pop()
            return
        if choice[0] == "draw":
            category = choice[1]
            drawn = self.draw_card(category)
            if bot.keep(self, speaker, category, drawn):
                drawn, self.cards[speaker][category] = self.cards[speaker][category], drawn
            self.discards[category].append(drawn)
            return
        _, category, value, target = choice
        exposed: list[str] = []          # truthful accused players redraw after the turn
        losers = {self.statement(speaker, category, value, exposed)}
        answer = self.bots[target].respond(self, target, category, value)
        losers.add(self.statement(target, category, answer, exposed))
        if answer == value:
            if not self.state["over"]:
                self.counts["handshakes"] += 1
                self.act({"action": "handshake", "speaker": speaker, "target": target})
        else:
            sides = {"side_a": (value, [speaker]), "side_b": (answer, [target])}
            for name in self.seats:
                if name in (speaker, target) or self.state["over"]:
                    continue
                side = self.bots[name].join(self, name, category, sides)
                if side is not None:
                    sides[side][1].append(name)
                    losers.add(self.statement(name, category, sides[side][0], exposed))
            if not self.state["over"]:
                discounted = sorted(n for n in losers if n is not None)
                counted = [len([n for n in sides[s][1] if n not in discounted]) for s in sides]
                self.counts["debates"] += 1
                self.counts["tied_debates"] += counted[0] == counted[1]
                action = {"action": "debate", "side_a": sides["side_a"][1], "side_b": sides["side_b"][1]}
                if discounted:
                    action["discounted"] = discounted
                self.act(action)
        for name in exposed:
            self.redraw(name, category)


def play(data: dict, bots: list[str], options: dict, rng: Random) -> dict:
    table = Table(data, bots, rng)
    rules.setup([{"name": n} for n in table.seats], options)      # options are the rules' to refuse
    while not table.state["over"] and table.turns < TURN_CAP:
        table.turn(table.seats[table.turns % len(table.seats)])
        table.turns += 1
    state = table.state
    return game_record(state, table.seats, table.turns, table.choices,
                       numbers={"seats_end": [p["seats"] for p in state["players"].values()], **table.counts})
