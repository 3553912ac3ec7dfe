"""Promotion at a simulated table: the deck of layouts/promotion/cards.yaml.

The deck is the one `kit score new` records (layout.deck: each design by its id, with what
it does in the rules' EFFECTS), read once per run; the engine applies every card (its PI,
the Postes, the draws and discards it counts), and decides the target, the reshuffles, the
office closing and its tie-breaks. The bots know no card by name: what a card is worth to
them is read from what it does.

The hands and the deck are the table's; the turn is the engine's (scorekeeper.rules.promotion):
every step a bot takes is one of the rules' `pending` or `anytime` decisions, checked with
flow.answering before it is applied (anything else is a BotError): whose turn, the draw or
the burnout, which card among those the rules list (the play limit, the no-two-identical
rule, the Poste held), the answers in the reaction windows (none once an attack has been
redirected MAX_REDIRECTIONS times), the Trahisons that take an Avantage's PI or dodge an
Annonce offered to the colleagues in the order the rules list them, from the author's right.
The cards the engine moves between hands (taken, discarded, passed) are moved here too, so
its counts stay the hands' sizes.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, TypedDict

from kit.i18n import N_
from kit.simulate import BotError, Choices, GameRecord, apply, bot_options, game_record, mcts, record_choice
from scorekeeper.rules import flow
from scorekeeper.rules import promotion as rules
from scorekeeper.rules.flow import Decision, Line

# How a step is taken: the engine's apply, or a session file's append (a test's).
Take = Callable[[rules.State, Line], rules.State]

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
        N_("It plays the card worth most now by what the card does, never an Annonce that only moves cards or "
           "Postes, and answers every attack it can."),
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


def worth(card: rules.Card) -> int:
    """How much the greedy bot values a card in hand (what it plays first, discards last),
    from what the card does: PI first, then attacks on PI, the Postes, the refills."""
    kind = card["type"]
    if kind == "Avantage":
        gain: int = 7 + card["gain"] if "gain" in card else 2 + card.get("draw", 0)
        return gain
    if kind == "Attaque":
        return 5 + card["steal"] if "steal" in card else 3
    if kind == "Poste":
        return 5 if "draw_per_turn" in card or "play_per_turn" in card else 4 if "bonus" in card else 3
    if kind == "Annonce":
        return 2 if "loss" in card else 1
    if "redirect" in card:
        return 6
    if "cancels" in card:
        cancelling: int = 5 + card["steals_cancelled"]
        return cancelling
    return 5 if "takes_gain" in card else 4


class Data(TypedDict):
    """What the simulated table plays with (load): the deck as a session header records it,
    its cards (an id per copy), and each card's worth to the greedy bot."""

    deck: dict[str, Any]
    cards: tuple[str, ...]
    worth: dict[str, int]


def load(layouts_root: Path) -> Data:
    """The deck as a session header records it, and its cards (ids, one per copy), with
    each card's worth to the greedy bot: read once per run."""
    from kit.games.promotion import layout  # the kit side, without reportlab

    deck = layout.deck(layouts_root)
    cards = deck["cards"]
    rules.read_deck(deck)
    values: dict[str, int] = {}
    for key, card in cards.items():
        cancelled = card.get("cancels", ())
        values[key] = worth({**card, "steals_cancelled": int(bool(cancelled) and all(
            "steal" in cards[attack] for attack in cancelled))})
    return {"deck": deck, "cards": tuple(key for key, card in cards.items() for _ in range(card["copies"])),
            "worth": values}


# --- bots ---------------------------------------------------------------------------------------

class RandomBot:
    """BOTS["random"]: uniform among the legal choices; it pursues nothing (SIMPLIFICATIONS["random"])."""

    name = "random"

    def __init__(self, rng: Random, choices: Choices):
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
    now by what it does (`worth`), never an Annonce that only moves cards or Postes, answers
    every attack it can, attacks the player with the most PI and counts nobody's cards."""

    name = "greedy"

    def burnout(self, table: Table, me: str) -> bool:
        return False      # a card now is better than three next turn

    def play(self, table: Table, me: str, playable: list[str]) -> str | None:
        held = table.poste(me)
        cards, values = table.cards, table.data["worth"]

        def worth(key: str) -> int:
            card = cards[key]
            if card["type"] == "Poste" and held is not None:
                return 0                                    # it would only replace the one held
            if "loss" in card:
                pi = table.pi()
                return 4 if pi[me] < card["threshold"] <= max(pi.values()) else 0
            if "protect" in card:
                return 9 if table.pi()[me] >= table.state["target"] - 2 else 0
            if card["type"] == "Annonce":
                return 0
            return values[key]
        best = max(playable, key=worth)
        chosen = best if worth(best) > 0 else None
        record_play(table, self.choices, playable, chosen)
        return chosen

    def target(self, table: Table, me: str, card: str, targets: list[str]) -> str:
        pi = table.pi()
        return max(targets, key=lambda n: (pi[n], len(table.hands[n])))

    def answer(self, table: Table, me: str, options: list[str]) -> str | None:
        return options[0]

    def give_up(self, table: Table, me: str) -> int:
        hand, values = table.hands[me], table.data["worth"]
        return min(range(len(hand)), key=lambda i: values[hand[i]])


def record_play(table: Table, choices: Choices, playable: list[str], chosen: str | None) -> None:
    """Count a choice among the cards it may play (by their printed titles) or stopping."""
    title = table.title
    record_choice(choices, N_("card played, among those it may play"),
                  [title(c) for c in sorted(set(playable))] + [STOP], title(chosen) if chosen else STOP)


STOP = N_("none: its turn's plays end")


class LookaheadBot(GreedyBot):
    """BOTS["lookahead"]: each card it plays (or none) by determinised Monte Carlo
    (kit.simulate.mcts): each playout deals again what it cannot see (the others' hands, the
    deck), plays the candidate, the rest of its turn and HORIZON more turns with greedy bots
    at every seat, and scores a share of the win, or its lead in PI when the game is still on
    (SIMPLIFICATIONS["lookahead"]). Every other choice is the greedy bot's."""

    name = "lookahead"

    def __init__(self, rng: Random, choices: Choices, playouts: int, think_ms: float | None):
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
        record_play(table, self.choices, playable, candidates[best])
        return candidates[best]


HORIZON = 8         # turns a lookahead playout plays after the bot's own
PLAYOUTS = 32       # per decision of the lookahead bot, unless --option playouts=N
BOT_CLASSES: dict[str, type[RandomBot]] = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


# --- the table ----------------------------------------------------------------------------------

class OfficeClosed(Exception):
    """The deck ran out a third time (or someone reached the target): the game is over."""


def _turn(player: str, step: str, **fields: Any) -> Line:
    return {"action": "turn", "player": player, "step": step, **fields}


class Table:
    """A simulated table: the hands and the deck (card ids), the bots, and the engine's state.

    `take(state, action) -> state` applies each step (default: the engine's apply; a test
    gives one that appends to a session file, so a scripted game leaves a session)."""

    def __init__(self, data: Data, bots: list[str], options: dict[str, Any], rng: Random, take: Take | None = None,
                 budget: tuple[int, float | None] = (PLAYOUTS, None)):
        self.rng, self.data = rng, data
        self.cards: dict[str, rules.Card] = data["deck"]["cards"]
        self.take: Take = take or partial(apply, rules)
        self.seats = [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], options, deck=data["deck"])
        self.choices: dict[str, Choices] = {}
        self.bots: dict[str, RandomBot] = {n: LookaheadBot(rng, self.choices.setdefault(b, {}), *budget) if b == "lookahead"
                     else BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.deck = list(data["cards"])
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: dict[str, list[str]] = {n: [] for n in self.seats}
        self.counts = {"attacks": 0, "answered": 0, "burnouts": 0}
        self.played: list[list[Any]] = []     # [title, seat index, None]: the report's per-card figures
        self.tiebreak_by_hand = False
        for name in self.seats:
            self.deal(name, self.state["hand_size"])

    def title(self, key: str) -> str:
        title: str = self.cards[key]["title"]
        return title

    @property
    def postes(self) -> dict[str, str | None]:
        """The Poste each player holds, as the engine keeps it."""
        return {n: self.poste(n) for n in self.state["players"]}

    def poste(self, name: str) -> str | None:
        """The id of the Poste `name` holds, as the engine keeps it."""
        return self.state["players"][name]["poste"]

    @property
    def shielded(self) -> set[str]:
        return {n for n, p in self.state["players"].items() if p["shielded"]}

    def pi(self) -> dict[str, int]:
        return {n: p["pi"] for n, p in self.state["players"].items()}

    def pending(self) -> Decision:
        """The first decision the rules wait for (the table takes them in that order)."""
        return rules.pending(self.state)[0]

    def act(self, action: Line) -> None:
        """Apply one step, which must answer what the rules wait for or allow at any time."""
        if (flow.answering(rules.pending(self.state), action) is None
                and flow.answering(rules.anytime(self.state), action, ("player", "thief")) is None):
            raise BotError(f"a simulated step the rules do not wait for: {action}")
        self.state = self.take(self.state, action)
        if self.state["over"]:
            raise OfficeClosed

    def deal(self, name: str, count: int) -> None:
        """`count` cards from the deck into `name`'s hand (the engine counted them already);
        the deck running out is the engine's `deck_empty`, which counts the hands itself."""
        for _ in range(count):
            if not self.deck:
                if len(rules.leaders(self.state)) > 1 and self.state["reshuffles"] >= rules.MAX_RESHUFFLES:
                    self.tiebreak_by_hand = True
                self.act({"action": "deck_empty"})
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
        """`name` may answer with one of the Trahisons the rules offer; the one played, if
        any, leaves the hand."""
        options = sorted({c for c in self.hands[name] if c in offered})
        if not options:
            return None
        chosen = self.bots[name].answer(self, name, options)
        if chosen is not None:
            self.lose_card(name, self.hands[name].index(chosen))
        return chosen

    def answer_in_turn(self) -> list[str]:
        """The colleagues who answer the Annonce or Avantage in the window, asked in the
        rules' order (from the author's right); one that takes its PI ends the asking."""
        answered = []
        for decision in [d for d in rules.pending(self.state) if d["choices"]["step"] == ["react", "pass"]]:
            name = flow.decider(decision)
            card = self.answer(name, decision["choices"]["card"])
            if card:
                self.act(_turn(name, "react", card=card))
                answered.append(name)
                if self.state["window"] is None:
                    break
        return answered

    # -- playing one card ---------------------------------------------------------------------
    def targets(self, me: str, card: str) -> list[str]:
        return rules.attack_targets(self.state, me, card)

    def playable(self, me: str, offered: list[str]) -> list[str]:
        out = []
        for card in self.hands[me]:
            if card in offered and card not in out:
                out.append(card)
        return out

    def gain(self, name: str, card: str) -> None:
        """An Avantage that brings PI: a colleague may take them, else its author resolves it;
        its discards are its author's either way."""
        self.answer_in_turn()
        if self.state["window"] is not None:
            self.act(_turn(name, "resolve"))
        for _ in range(min(self.cards[card].get("discard", 0), len(self.hands[name]))):
            self.lose_card(name, self.bots[name].give_up(self, name))
        self.deal(name, self.cards[card].get("draw", 0))

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
            if "redirect" not in self.cards[answered]:
                self.act(_turn(target, "react", card=answered))
                return
            to = self.bots[target].target(self, target, card, decision["choices"]["to"])
            self.act(_turn(target, "react", card=answered, to=to))
        target = rules.in_window(self.state)["target"]
        poste = self.poste(target)
        self.act(_turn(target, "land"))
        self.hit(author, self.cards[card], target, poste)

    def hit(self, author: str, card: rules.Card, target: str, poste: str | None) -> None:
        """The cards an Attaque moves, as the engine counted them (its PI are the engine's)."""
        if target != author:
            for _ in range(min(card.get("take", 0), len(self.hands[target]))):
                self.lose_card(target, self.rng.randrange(len(self.hands[target])), to=self.hands[author])
        for _ in range(min(card.get("wreck", 0), len(self.hands[target]))):
            self.lose_card(target, self.rng.randrange(len(self.hands[target])))
        if card.get("demote") and poste is not None:
            self.discard.append(poste)

    def announce(self, author: str, card: str) -> None:
        remote = self.answer_in_turn()
        postes = self.postes
        self.act(_turn(author, "resolve"))
        touched = [n for n in self.seats if n not in remote]
        does = self.cards[card]
        if does.get("pass"):
            given = {n: [self.hands[n].pop(self.bots[n].give_up(self, n))
                         for _ in range(min(does["pass"], len(self.hands[n])))] for n in touched}
            for name, cards in given.items():
                self.hands[rules.on_the_right(self.state, name)].extend(cards)
        if does.get("clear_postes"):
            for name in touched:
                held = postes[name]
                if held is not None:
                    self.discard.append(held)
        for name in touched:
            self.deal(name, does.get("draw", 0))

    def play_card(self, me: str, card: str) -> None:
        self.hands[me].remove(card)
        self.played.append([self.title(card), self.seats.index(me), None])
        action = _turn(me, "play", card=card)
        does = self.cards[card]
        kind = does["type"]
        if kind == "Attaque":
            action["target"] = self.bots[me].target(self, me, card, self.targets(me, card))
        old = self.poste(me)
        self.act(action)
        if kind == "Poste":
            if old is not None:
                self.discard.append(old)
            return
        self.discard.append(card)
        if kind == "Attaque":
            self.attack(me, card)
        elif kind == "Annonce":
            self.announce(me, card)
        elif "gain" in does:
            self.gain(me, card)
        else:
            for _ in range(min(does.get("discard", 0), len(self.hands[me]))):
                self.lose_card(me, self.bots[me].give_up(self, me))
            self.deal(me, does.get("draw", 0))

    def turn(self, me: str) -> None:
        bot = self.bots[me]
        self.act(_turn(me, "start"))
        if not self.hands[me] and bot.burnout(self, me):
            self.counts["burnouts"] += 1
            self.act(_turn(me, "burnout"))
            self.deal(me, rules.BURNOUT_DRAW)
            return
        drawn = rules.draws(self.state, me)
        self.act(_turn(me, "draw"))
        self.deal(me, drawn)
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
        world.take = partial(apply, rules)
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


def play(data: Data, bots: list[str], options: dict[str, Any], rng: Random) -> GameRecord:
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
