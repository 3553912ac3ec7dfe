"""Promotion at a simulated table: the 100-card deck of layouts/promotion/cards.yaml.

The deck's designs and copies, and the numbers a design declares in `params` (the
Directeur's draw, the Stagiaire's plays), come from the layouts; the PI move through the
rule engine (gain, lose, steal, deck_empty), which decides the target, the reshuffles, the
office closing and its tie-breaks. What each design does is read from its printed effect
once, here, by its title: a design with a title the simulator does not know is refused
with its name, never played as something else.

The hands and the deck are the table's; the turn is the engine's (scorekeeper.rules.promotion):
every step a bot takes is one of the rules' `pending` or `anytime` decisions, checked with
flow.answering before it is applied (anything else is a BotError): whose turn, the draw or
the burnout, which card among those the rules list (the play limit, the no-two-identical
rule, the Poste held), the answers in the reaction windows (none once an attack has been
redirected MAX_REDIRECTIONS times), Mérite volé and Télétravail offered to the colleagues
in the order the rules list them, from the author's right.
"""
from __future__ import annotations

import copy
import unicodedata
from random import Random

from kit.errors import KitError
from kit.i18n import N_
from kit.simulate import BotError, apply, bot_options, game_record, mcts, record_choice
from scorekeeper.rules import flow
from scorekeeper.rules import promotion as rules
from scorekeeper.rules.flow import Decision

GAME_ID = rules.GAME_ID
PLAYERS = 4
ROLES = ()
TURN_CAP = 400      # turns; the deck closes the office long before in any real game

BOTS = {
    "random": "uniform among the legal choices: which card to play or to stop, targets, answers, discards",
    "greedy": "plays what brings it the most PI now (Avantages, then attacks on the leader), answers every "
              "attack it can, discards what is worth least",
    "lookahead": "the greedy bot, but each card it plays (or none) is chosen by determinised Monte Carlo: the "
                 "others' hands and the deck dealt again, each candidate played out to the end of its turn and 8 "
                 "more turns with greedy bots (--option playouts=N per decision, default 32; think_ms=T for a "
                 "time budget instead)",
}

# What each bot leaves out of the game (the report prints them).
SIMPLIFICATIONS = {
    "random": [N_("It pursues nothing: its figures say what the rules do to aimless play.")],
    "greedy": [
        N_("It plays the card worth most now by a fixed table, never Séminaire de cohésion nor Nouvel "
           "organigramme, and answers every attack it can."),
        N_("It attacks the player with the most PI, and counts nobody's cards."),
    ],
    "lookahead": [
        N_("Only the cards it plays are looked ahead; its targets, answers, discards and burnouts are the "
           "greedy bot's."),
        N_("The others' hands and the deck are dealt again at random; the discard and the Postes are known."),
        N_("A playout plays its turn out and 8 more turns with greedy bots; a game still on is scored by its "
           "lead in PI, not by who would win it."),
    ],
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
TITLES = {effect: title for title, effect in EFFECTS.items()}
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
    from kit.games.promotion import layout  # the kit side, without reportlab

    kit = layout.load(layouts_root)
    deck = []
    for design in kit.designs:
        effect = EFFECTS.get(_plain(design.title))
        if effect is None:
            raise KitError(f"The simulator knows no effect for the Promotion design « {design.title} »; "
                           f"it plays the designs {', '.join(EFFECTS)}.")
        deck += [effect] * design.copies
    return {"deck": tuple(deck)}


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    """BOTS["random"]: uniform among the legal choices; it pursues nothing (SIMPLIFICATIONS["random"])."""

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
    """BOTS["greedy"]. What it leaves out (SIMPLIFICATIONS["greedy"]): it plays the card worth most
    now by the fixed WORTH table, never Séminaire de cohésion nor Nouvel organigramme, answers
    every attack it can, attacks the player with the most PI and counts nobody's cards."""

    name = "greedy"

    def burnout(self, table: Table, me: str) -> bool:
        return False      # a card now is better than three next turn

    def play(self, table: Table, me: str, playable: list[str]) -> str | None:
        held = table.poste(me)

        def worth(card: str) -> int:
            if card in POSTES and held is not None:
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
        record_play(self.choices, playable, chosen)
        return chosen

    def target(self, table: Table, me: str, card: str, targets: list[str]) -> str:
        pi = table.pi()
        return max(targets, key=lambda n: (pi[n], len(table.hands[n])))

    def answer(self, table: Table, me: str, options: list[str]) -> str | None:
        return options[0]

    def give_up(self, table: Table, me: str) -> int:
        hand = table.hands[me]
        return min(range(len(hand)), key=lambda i: WORTH[hand[i]])


def record_play(choices: dict, playable: list[str], chosen: str | None) -> None:
    """Count a choice among the cards it may play (by their printed titles) or stopping."""
    record_choice(choices, N_("card played, among those it may play"),
                  [TITLES[c] for c in sorted(set(playable))] + [STOP], TITLES[chosen] if chosen else STOP)


STOP = N_("none: its turn's plays end")


class LookaheadBot(GreedyBot):
    """BOTS["lookahead"]: each card it plays (or none) by determinised Monte Carlo
    (kit.simulate.mcts): each playout deals again what it cannot see (the others' hands, the
    deck), plays the candidate, the rest of its turn and HORIZON more turns with greedy bots
    at every seat, and scores a share of the win, or its lead in PI when the game is still on
    (SIMPLIFICATIONS["lookahead"]). Every other choice is the greedy bot's."""

    name = "lookahead"

    def __init__(self, rng: Random, choices: dict, playouts: int, think_ms: float | None):
        super().__init__(rng, choices)
        self.playouts, self.think_ms = playouts, think_ms

    def play(self, table: Table, me: str, playable: list[str]) -> str | None:
        candidates: list[str | None] = [*dict.fromkeys(playable), None]

        def one_playout(pick: int) -> float:
            world = table.world(me, Random(self.rng.random()))
            try:
                world.plays(me, candidates[pick])
                run(world, HORIZON)
            except OfficeClosed:
                pass
            return world.standing(me)

        best, _ = mcts.search(len(candidates), one_playout, self.playouts, self.think_ms)
        record_play(self.choices, playable, candidates[best])
        return candidates[best]


HORIZON = 8         # turns a lookahead playout plays after the bot's own
PLAYOUTS = 32       # per decision of the lookahead bot, unless --option playouts=N
BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


# --- the table ----------------------------------------------------------------------------------

class OfficeClosed(Exception):
    """The deck ran out a third time (or someone reached the target): the game is over."""


def _turn(player: str, step: str, **fields) -> dict:
    return {"action": "turn", "player": player, "step": step, **fields}


class Table:
    """A simulated table: the hands and the deck, the bots, and the engine's state.

    `take(state, action) -> state` applies each step (default: the engine's apply; a test
    gives one that appends to a session file, so a scripted game leaves a session)."""

    def __init__(self, data: dict, bots: list[str], options: dict, rng: Random, take=None,
                 budget: tuple[int, float | None] = (PLAYOUTS, None)):
        self.rng, self.data = rng, data
        self.take = take or (lambda state, action: apply(rules, state, action))
        self.seats = [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], options)
        self.choices: dict = {}
        self.bots = {n: LookaheadBot(rng, self.choices.setdefault(b, {}), *budget) if b == "lookahead"
                     else BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.deck = list(data["deck"])
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: dict[str, list[str]] = {n: [] for n in self.seats}
        self.counts = {"attacks": 0, "answered": 0, "burnouts": 0}
        self.played: list[list] = []     # [card, seat index, None]: the report's per-card figures
        self.tiebreak_by_hand = False
        for name in self.seats:
            self.draw(name, self.state["hand_size"])

    @property
    def postes(self) -> dict[str, str | None]:
        """The Poste each player holds, as the engine keeps it."""
        return {n: self.poste(n) for n in self.state["players"]}

    def poste(self, name: str) -> str | None:
        """The Poste `name` holds (its effect), as the engine keeps it."""
        held = self.state["players"][name]["poste"]
        return held and EFFECTS[held]

    @property
    def shielded(self) -> set[str]:
        return {n for n, p in self.state["players"].items() if p["shielded"]}

    def pi(self) -> dict[str, int]:
        return {n: p["pi"] for n, p in self.state["players"].items()}

    def pending(self) -> Decision:
        """The first decision the rules wait for (the table takes them in that order)."""
        return rules.pending(self.state)[0]

    def act(self, action: dict) -> None:
        """Apply one step, which must answer what the rules wait for or allow at any time."""
        if (flow.answering(rules.pending(self.state), action) is None
                and flow.answering(rules.anytime(self.state), action, ("player", "thief")) is None):
            raise BotError(f"a simulated step the rules do not wait for: {action}")
        self.state = self.take(self.state, action)
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

    def answer(self, name: str, offered: list[str]) -> str | None:
        """`name` may answer with one of the Trahisons the rules offer (titles); the one
        played (its effect), if any, leaves the hand."""
        options = sorted({c for c in self.hands[name] if TITLES[c] in offered})
        if not options:
            return None
        chosen = self.bots[name].answer(self, name, options)
        if chosen is not None:
            self.lose_card(name, self.hands[name].index(chosen))
        return chosen

    def answer_in_turn(self, answer: str) -> list[str]:
        """The colleagues who answer the Annonce or Avantage in the window with `answer`,
        asked in the rules' order (from the author's right); a Mérite volé ends the asking."""
        decision = self.pending()
        answered = []
        for name in decision["choices"].get("player", []) if decision["player"] is None else []:
            if self.answer(name, [TITLES[answer]]):
                self.act(_turn(name, "react", card=TITLES[answer]))
                answered.append(name)
                if self.state["window"] is None:
                    break
        return answered

    # -- playing one card ---------------------------------------------------------------------
    def targets(self, me: str, card: str) -> list[str]:
        return rules.attack_targets(self.state, me, TITLES[card])

    def playable(self, me: str, offered: list[str]) -> list[str]:
        out = []
        for card in self.hands[me]:
            if TITLES[card] in offered and card not in out:
                out.append(card)
        return out

    def gain(self, name: str, card: str) -> None:
        amount = PI_GAIN[card] + (1 if self.poste(name) == "chef" else 0)
        thief = next(iter(self.answer_in_turn("merite")), None)
        if self.state["window"] is not None:
            self.act(_turn(name, "resolve"))
        self.act({"action": "gain", "player": thief or name, "amount": amount})

    def attack(self, author: str, card: str) -> None:
        self.counts["attacks"] += 1
        while True:
            decision = self.pending()
            target = flow.decider(decision)
            if "react" not in decision["choices"]["step"]:      # redirected to the limit: no other answer
                break
            answered = self.answer(target, decision["choices"]["card"])
            if answered is None:
                break
            self.counts["answered"] += 1
            if answered != "pas_moi":
                self.act(_turn(target, "react", card=TITLES[answered]))
                return
            to = self.bots[target].target(self, target, card, decision["choices"]["to"])
            self.act(_turn(target, "react", card=TITLES[answered], to=to))
        target = rules.in_window(self.state)["target"]
        poste = self.poste(target)
        self.act(_turn(target, "land"))
        self.hit(author, card, target, poste)

    def hit(self, author: str, card: str, target: str, poste: str | None) -> None:
        shield = 1 if poste == "delegue" else 0
        if card in ("accusation", "plagiat"):
            amount = (ACCUSATION_PI if card == "accusation" else PLAGIAT_PI) - shield
            if amount > 0 and target != author and self.state["players"][target]["pi"] > 0:
                self.act({"action": "steal", "thief": author, "victim": target, "amount": amount})
            if card == "plagiat" and self.hands[target] and target != author:
                self.lose_card(target, self.rng.randrange(len(self.hands[target])), to=self.hands[author])
        elif card == "sabotage":
            for _ in range(min(SABOTAGE_CARDS, len(self.hands[target]))):
                self.lose_card(target, self.rng.randrange(len(self.hands[target])))
        elif card == "placard" and poste is not None:
            self.discard.append(poste)

    def announce(self, author: str, card: str) -> None:
        remote = self.answer_in_turn("teletravail")
        postes = self.postes
        self.act(_turn(author, "resolve"))
        touched = [n for n in self.seats if n not in remote]
        if card == "audit":
            for name in touched:
                if self.state["players"][name]["pi"] >= AUDIT_FROM:
                    self.act({"action": "lose", "player": name, "amount": AUDIT_LOSS})
        elif card == "seminaire":
            passing = [n for n in touched if self.hands[n]]
            given = {n: self.hands[n].pop(self.bots[n].give_up(self, n)) for n in passing}
            for name, card_given in given.items():
                self.hands[rules.on_the_right(self.state, name)].append(card_given)
        else:   # organigramme: every Poste it touches goes, then each player it touches draws one
            for name in touched:
                held = postes[name]
                if held is not None:
                    self.discard.append(held)
            for name in touched:
                self.draw(name, 1)

    def play_card(self, me: str, card: str) -> None:
        self.hands[me].remove(card)
        self.played.append([TITLES[card], self.seats.index(me), None])
        action = _turn(me, "play", card=TITLES[card])
        if card in ATTACKS:
            action["target"] = self.bots[me].target(self, me, card, self.targets(me, card))
        old = self.poste(me)
        self.act(action)
        if card in POSTES:
            if old is not None:
                self.discard.append(old)
            return
        self.discard.append(card)
        if card in ATTACKS:
            self.attack(me, card)
        elif card in ANNONCES:
            self.announce(me, card)
        elif card in PI_GAIN:
            self.gain(me, card)
            if card == "entretien" and self.hands[me]:
                self.lose_card(me, self.bots[me].give_up(self, me))
        elif card == "heures_sup":
            self.draw(me, 2)

    def turn(self, me: str) -> None:
        bot = self.bots[me]
        self.act(_turn(me, "start"))
        if not self.hands[me] and bot.burnout(self, me):
            self.counts["burnouts"] += 1
            self.act(_turn(me, "burnout"))
            self.draw(me, rules.BURNOUT_DRAW)
            return
        self.act(_turn(me, "draw"))
        self.draw(me, rules.draws(self.state, me))
        self.plays(me)

    def plays(self, me: str, first: str | None | bool = False) -> None:
        """The cards `me` plays while the rules let them (the first one `first` when given: a
        lookahead playout's candidate, None to play nothing), then the end of the turn."""
        bot = self.bots[me]
        while "play" in (decision := self.pending())["choices"]["step"]:
            options = self.playable(me, decision["choices"]["card"])
            card = first if not isinstance(first, bool) else bot.play(self, me, options) if options else None
            first = False
            if card is None:
                break
            self.play_card(me, card)
        while len(self.hands[me]) > rules.END_OF_TURN_HAND_LIMIT:
            self.lose_card(me, bot.give_up(self, me))
        self.act(_turn(me, "end"))

    def world(self, me: str, rng: Random) -> Table:
        """A copy of the table as `me` may imagine it, greedy bots at every seat: the others'
        hands and the deck shuffled together and dealt again, as many cards to each as they
        hold (the discard and the Postes are face up). The engine's state is shared: apply
        never changes it."""
        world = copy.copy(self)
        world.rng, world.choices = rng, {}
        world.take = lambda state, action: apply(rules, state, action)
        world.bots = {n: GreedyBot(rng, {}) for n in self.seats}
        others = [n for n in self.seats if n != me]
        unseen = self.deck + [card for n in others for card in self.hands[n]]
        rng.shuffle(unseen)
        world.hands = {me: list(self.hands[me])}
        for n in others:
            world.hands[n] = unseen[:len(self.hands[n])]
            del unseen[:len(self.hands[n])]
        world.deck, world.discard = unseen, list(self.discard)
        world.counts, world.played = dict(self.counts), []
        return world

    def standing(self, me: str) -> float:
        """`me`'s share of the win when the game is over, else a score from 0 to 1: its lead in
        PI over the best other player, a whole target's lead counting as a sure win."""
        if self.state["over"]:
            return mcts.win_share(self.state["winners"], me)
        pi = self.pi()
        lead = pi[me] - max(v for n, v in pi.items() if n != me)
        return mcts.lead_share(lead, self.state["target"])

    def next_player(self) -> str:
        """Whose turn the rules wait for (the first seat when none has begun)."""
        decision = self.pending()
        return decision["player"] or decision["choices"]["player"][0]


def play(data: dict, bots: list[str], options: dict, rng: Random) -> dict:
    options, budget = bot_options(options, PLAYOUTS)
    table = Table(data, bots, options, rng, budget=budget)
    turns = run(table)
    state = table.state
    pi = {n: p["pi"] for n, p in state["players"].items()}
    losers = [pi[n] for n in table.seats if n not in state["winners"]]
    return game_record(state, table.seats, turns, table.choices,
                       numbers={"pi_end": [p["pi"] for p in state["players"].values()], **table.counts},
                       flags={"office_closes": state["end"] == "office closed",
                              "tiebreak_by_hand": table.tiebreak_by_hand},
                       how=[_WON_BY[state["end"] or ""]] * len(state["winners"]),
                       margin=pi[state["winners"][0]] - max(losers) if state["winners"] and losers else None,
                       items={N_("cards"): table.played})


def run(table: Table, cap: int = TURN_CAP) -> int:
    """Play turns until the office closes (or `cap` turns); the number of turns played."""
    turns = 0
    try:
        while turns < cap:
            table.turn(table.next_player())
            turns += 1
    except OfficeClosed:
        turns += 1
    return turns


# How a winner won, by how the game ended (the words of rules.promotion's `end`).
_WON_BY = {"target": N_("PI target reached"), "office closed": N_("most PI when the office closes")}
WAYS_TO_WIN = tuple(dict.fromkeys(_WON_BY.values()))
