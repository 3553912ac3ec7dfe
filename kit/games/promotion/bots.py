"""Promotion at a simulated table: the 100-card deck of layouts/promotion/cards.yaml.

The deck's designs and copies, and the numbers a design declares in `params` (the
Directeur's draw, the Stagiaire's plays), come from the layouts; the PI move through the
rule engine (gain, lose, steal, deck_empty), which decides the target, the reshuffles, the
office closing and its tie-breaks. What each design does is read from its printed effect
once, here, by its title: a design with a title the simulator does not know is refused
with its name, never played as something else.

Hands, the deck and the Postes are the table's (the engine keeps PI only); the rules of the
turn come from scorekeeper.rules.promotion: draw, play limit, the no-two-identical rule, the
end-of-turn limit, the redirection cap and the burnout.
"""
from __future__ import annotations

import unicodedata
from random import Random

from kit.errors import KitError
from kit.simulate import apply, game_record, record_choice
from scorekeeper.rules import promotion as rules

GAME_ID = rules.GAME_ID
PLAYERS = 4
ROLES = ()
TURN_CAP = 400      # turns; the deck closes the office long before in any real game

BOTS = {
    "random": "uniform among the legal choices: which card to play or to stop, targets, answers, discards",
    "greedy": "plays what brings it the most PI now (Avantages, then attacks on the leader), answers every "
              "attack it can, discards what is worth least",
}

FIGURES = {
    "pi_end": "PI at the end (per player)",
    "office_closes": "the office closes (deck out 3 times)",
    "tiebreak_by_hand": "PI tie decided by cards in hand",
    "attacks": "attacks played per game",
    "answered": "attacks answered by a Trahison per game",
    "burnouts": "burnouts per game",
}

# Printed title -> what the simulator does with it.
EFFECTS = {
    "Directeur": "directeur", "Stagiaire": "stagiaire", "Délégué syndical": "delegue", "Chef de projet": "chef",
    "Accusation": "accusation", "Sabotage": "sabotage", "Plagiat": "plagiat", "Mise au placard": "placard",
    "Serveur en panne": "serveur", "C'est pas moi, c'est lui !": "pas_moi", "Arrêt maladie": "maladie",
    "Mérite volé": "merite", "Télétravail": "teletravail",
    "Flatterie": "flatterie", "Entretien annuel": "entretien", "Heures sup": "heures_sup",
    "Tournée de croissants": "croissants",
    "Audit": "audit", "Séminaire de cohésion": "seminaire", "Nouvel organigramme": "organigramme",
}
POSTES = ("directeur", "stagiaire", "delegue", "chef")
ATTACKS = ("accusation", "sabotage", "plagiat", "placard")
TRAHISONS = ("serveur", "pas_moi", "maladie", "merite", "teletravail")
ANNONCES = ("audit", "seminaire", "organigramme")
PI_GAIN = {"flatterie": 1, "entretien": 2}
ACCUSATION_PI, PLAGIAT_PI, SABOTAGE_CARDS = 2, 1, 2
AUDIT_FROM, AUDIT_LOSS = 5, 2
# How much the greedy bot values a card in hand (what it plays first, discards last).
WORTH = {"entretien": 9, "flatterie": 8, "accusation": 7, "plagiat": 6, "directeur": 5, "stagiaire": 5,
         "heures_sup": 4, "chef": 4, "delegue": 3, "sabotage": 3, "placard": 3, "croissants": 2, "audit": 2,
         "organigramme": 1, "seminaire": 1, "serveur": 6, "pas_moi": 6, "maladie": 5, "merite": 5, "teletravail": 4}


def _plain(title: str) -> str:
    # the layout's typeset title (’, no-break spaces) back to what a designer types
    return " ".join(unicodedata.normalize("NFKC", title).replace("’", "'").split())


def load(layouts_root) -> dict:
    from kit.games.promotion import layout   # the kit side, without reportlab

    kit = layout.load(layouts_root)
    deck = []
    for design in kit.designs:
        effect = EFFECTS.get(_plain(design.title))
        if effect is None:
            raise KitError(f"The simulator knows no effect for the Promotion design « {design.title} »; "
                           f"it plays the designs {', '.join(EFFECTS)}.")
        deck += [effect] * design.copies
    return {"deck": tuple(deck), "directeur_draw": kit.values.get("directeur_draw", 2),
            "stagiaire_play": kit.values.get("stagiaire_play", 3)}


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    name = "random"

    def __init__(self, rng: Random, choices: dict):
        self.rng, self.choices = rng, choices

    def burnout(self, table: Table, me: str) -> bool:
        return self.rng.random() < 0.5

    def play(self, table: Table, me: str, playable: list[str]) -> str | None:
        pick = self.rng.randrange(len(playable) + 1)
        return playable[pick] if pick < len(playable) else None

    def target(self, table: Table, me: str, card: str, targets: list[str]) -> str:
        return self.rng.choice(targets)

    def answer(self, table: Table, me: str, options: list[str]) -> str | None:
        pick = self.rng.randrange(len(options) + 1)
        return options[pick] if pick < len(options) else None

    def give_up(self, table: Table, me: str) -> int:
        """The index of a card of the hand to discard or pass on."""
        return self.rng.randrange(len(table.hands[me]))


class GreedyBot(RandomBot):
    name = "greedy"

    def burnout(self, table: Table, me: str) -> bool:
        return False      # a card now is better than three next turn

    def play(self, table: Table, me: str, playable: list[str]) -> str | None:
        def worth(card: str) -> int:
            if card in POSTES and table.postes[me] is not None:
                return 0                                    # it would only replace the one held
            if card == "audit":
                pi = table.pi()
                return 4 if pi[me] < AUDIT_FROM <= max(pi.values()) else 0
            if card == "croissants":
                return 9 if table.pi()[me] >= table.state["target"] - 2 else 0
            if card in ("organigramme", "seminaire"):
                return 0
            return WORTH[card]
        best = max(playable, key=worth)
        chosen = best if worth(best) > 0 else None
        for card in sorted(set(playable)):
            record_choice(self.choices, f"play {card} when it can", ("play", "keep"),
                          "play" if card == chosen else "keep")
        return chosen

    def target(self, table: Table, me: str, card: str, targets: list[str]) -> str:
        pi = table.pi()
        return max(targets, key=lambda n: (pi[n], len(table.hands[n])))

    def answer(self, table: Table, me: str, options: list[str]) -> str | None:
        return options[0]

    def give_up(self, table: Table, me: str) -> int:
        hand = table.hands[me]
        return min(range(len(hand)), key=lambda i: WORTH[hand[i]])


BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot}


# --- the table ----------------------------------------------------------------------------------

class OfficeClosed(Exception):
    """The deck ran out a third time (or someone reached the target): the game is over."""


class Table:
    def __init__(self, data: dict, bots: list[str], options: dict, rng: Random):
        self.rng, self.data = rng, data
        self.seats = [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], options)
        self.choices: dict = {}
        self.bots = {n: BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.deck = list(data["deck"])
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: dict[str, list[str]] = {n: [] for n in self.seats}
        self.postes: dict[str, str | None] = dict.fromkeys(self.seats)
        self.shielded: set[str] = set()          # Tournée de croissants until their next turn
        self.counts = {"attacks": 0, "answered": 0, "burnouts": 0}
        self.tiebreak_by_hand = False
        for name in self.seats:
            self.draw(name, self.state["hand_size"])

    def pi(self) -> dict[str, int]:
        return {n: p["pi"] for n, p in self.state["players"].items()}

    def act(self, action: dict) -> None:
        self.state = apply(rules, self.state, action)
        if self.state["over"]:
            raise OfficeClosed

    def draw(self, name: str, count: int) -> None:
        for _ in range(count):
            if not self.deck:
                if len(rules.leaders(self.state)) > 1 and self.state["reshuffles"] >= rules.MAX_RESHUFFLES:
                    self.tiebreak_by_hand = True
                self.act({"action": "deck_empty", "hands": {n: len(h) for n, h in self.hands.items()}})
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                if not self.deck:
                    return
            self.hands[name].append(self.deck.pop())

    def lose_card(self, name: str, index: int, to: list[str] | None = None) -> str:
        card = self.hands[name].pop(index)
        (self.discard if to is None else to).append(card)
        return card

    def answer(self, name: str, usable: tuple[str, ...]) -> str | None:
        """`name` may answer with one of the Trahisons in `usable`; the one played, if any."""
        options = sorted({c for c in self.hands[name] if c in usable})
        if not options:
            return None
        chosen = self.bots[name].answer(self, name, options)
        if chosen is not None:
            self.lose_card(name, self.hands[name].index(chosen))
        return chosen

    # -- playing one card ---------------------------------------------------------------------
    def targets(self, me: str, card: str, exclude: str | None = None) -> list[str]:
        return [n for n in self.seats if n != exclude and n not in self.shielded
                and (card != "placard" or self.postes[n] is not None)]

    def playable(self, me: str, played: set[str]) -> list[str]:
        out = []
        for card in self.hands[me]:
            if card in TRAHISONS or card in played or card in out:
                continue
            if card in ATTACKS and not self.targets(me, card, exclude=me):
                continue
            out.append(card)
        return out

    def gain(self, name: str, amount: int, source: str) -> None:
        if self.postes[name] == "chef":
            amount += 1
        thief = next((n for n in self.seats if n != name and self.answer(n, ("merite",))), None)
        self.act({"action": "gain", "player": thief or name, "amount": amount})

    def attack(self, author: str, card: str) -> None:
        self.counts["attacks"] += 1
        target = self.bots[author].target(self, author, card, self.targets(author, card, exclude=author))
        redirections = 0
        while True:
            cancel = ("serveur",) if card == "accusation" else ("maladie",)
            answered = self.answer(target, cancel + (("pas_moi",) if redirections < rules.MAX_REDIRECTIONS else ()))
            if answered is None:
                break
            self.counts["answered"] += 1
            if answered != "pas_moi":
                return
            redirections += 1
            choices = self.targets(target, card, exclude=target)
            if not choices:
                break
            target = self.bots[target].target(self, target, card, choices)
        self.hit(author, card, target)

    def hit(self, author: str, card: str, target: str) -> None:
        shield = 1 if self.postes[target] == "delegue" else 0
        if card in ("accusation", "plagiat"):
            amount = (ACCUSATION_PI if card == "accusation" else PLAGIAT_PI) - shield
            if amount > 0 and target != author and self.state["players"][target]["pi"] > 0:
                self.act({"action": "steal", "thief": author, "victim": target, "amount": amount})
            if card == "plagiat" and self.hands[target] and target != author:
                self.lose_card(target, self.rng.randrange(len(self.hands[target])), to=self.hands[author])
        elif card == "sabotage":
            for _ in range(min(SABOTAGE_CARDS, len(self.hands[target]))):
                self.lose_card(target, self.rng.randrange(len(self.hands[target])))
        elif card == "placard" and self.postes[target] is not None:
            self.discard.append(self.postes[target])
            self.postes[target] = None

    def announce(self, author: str, card: str) -> None:
        touched = [n for n in self.seats if n == author or not self.answer(n, ("teletravail",))]
        if card == "audit":
            for name in touched:
                if self.state["players"][name]["pi"] >= AUDIT_FROM:
                    self.act({"action": "lose", "player": name, "amount": AUDIT_LOSS})
        elif card == "seminaire":
            passing = [n for n in touched if self.hands[n]]
            given = {n: self.hands[n].pop(self.bots[n].give_up(self, n)) for n in passing}
            for name, card_given in given.items():
                right = self.seats[(self.seats.index(name) + 1) % len(self.seats)]
                self.hands[right].append(card_given)
        else:   # organigramme: every Poste goes, then everyone draws one
            for name in self.seats:
                if self.postes[name] is not None:
                    self.discard.append(self.postes[name])
                    self.postes[name] = None
            for name in self.seats:
                self.draw(name, 1)

    def play_card(self, me: str, card: str) -> None:
        self.hands[me].remove(card)
        if card in POSTES:
            if self.postes[me] is not None:
                self.discard.append(self.postes[me])
            self.postes[me] = card
            return
        self.discard.append(card)
        if card in ATTACKS:
            self.attack(me, card)
        elif card in ANNONCES:
            self.announce(me, card)
        elif card in PI_GAIN:
            self.gain(me, PI_GAIN[card], card)
            if card == "entretien" and self.hands[me]:
                self.lose_card(me, self.bots[me].give_up(self, me))
        elif card == "heures_sup":
            self.draw(me, 2)
        elif card == "croissants":
            self.shielded.add(me)

    def turn(self, me: str) -> None:
        self.shielded.discard(me)
        bot = self.bots[me]
        draws = self.data["directeur_draw"] if self.postes[me] == "directeur" else rules.DRAW_PER_TURN
        if not self.hands[me] and bot.burnout(self, me):
            self.counts["burnouts"] += 1
            self.draw(me, rules.BURNOUT_DRAW)
            return
        self.draw(me, draws)
        played: set[str] = set()
        while len(played) < (self.data["stagiaire_play"] if self.postes[me] == "stagiaire" else rules.PLAY_PER_TURN):
            options = self.playable(me, played)
            card = bot.play(self, me, options) if options else None
            if card is None:
                break
            played.add(card)
            self.play_card(me, card)
        while len(self.hands[me]) > rules.END_OF_TURN_HAND_LIMIT:
            self.lose_card(me, bot.give_up(self, me))


def play(data: dict, bots: list[str], options: dict, rng: Random) -> dict:
    table = Table(data, bots, options, rng)
    turns = 0
    try:
        while turns < TURN_CAP:
            table.turn(table.seats[turns % len(table.seats)])
            turns += 1
    except OfficeClosed:
        turns += 1
    state = table.state
    return game_record(state, table.seats, turns, table.choices,
                       numbers={"pi_end": [p["pi"] for p in state["players"].values()], **table.counts},
                       flags={"office_closes": state["end"] == "office closed",
                              "tiebreak_by_hand": table.tiebreak_by_hand})
