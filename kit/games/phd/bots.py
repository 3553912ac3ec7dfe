"""PHD at a simulated table: the Événements and Arguments decks of layouts/phd/.

Every card's numbers come from the layouts (P/C changes, post-its, Superviseur outcomes and
rolls, Challenge difficulties and effects, argument values); Pression, Crédit, chapters and
the end of the game move only through the rule engine (adjust, challenge, submit, approve,
controversy, revoke, defend, deck_empty). The table keeps the decks and the hands.

The turn is the rules': every entry, the turn's steps included, answers a decision of
`rules.pending` or `rules.anytime` (`legal_apply` checks it, else BotError). So whether a
Recherche comes (none once Pression fell to 0 this turn, two after a Challenge won in Vivre)
and when the thesis defence starts (right after the approval that completes the chapters)
are the engine's answers, not the bots'.

Simplified on purpose, and said here: Coopération cards are played from the hand in
Recherche for their `you` and `other` changes, not as interruptions at their printed
moment; in a Challenge only the player tested lays modifiers (post-its of the tested
resource and ordinary Arguments); in controversies and defences the other players lay
their maluses as opposition, nobody lays support.
"""
from __future__ import annotations

import copy
from pathlib import Path
from random import Random
from typing import Any, TypedDict

from kit.i18n import N_
from kit.simulate import BotError, Choices, GameRecord, apply, bot_options, game_record, mcts, record_choice
from scorekeeper.rules import phd as rules
from scorekeeper.rules.flow import Line, answering

GAME_ID = rules.GAME_ID
PLAYERS = 4
ROLES = ()
TURN_CAP = 500

BOTS = {
    "random": "uniform at each decision: the Recherche action (each card of the hand counts as one), which "
              "cards to lay, whether to oppose",
    "greedy": "submits a chapter as soon as it can pay, else plays the card that best lowers its Pression and "
              "raises its Crédit, else draws; lays what a test needs; opposes the leader with its maluses",
    "lookahead": "the greedy bot, but each Recherche action is chosen by determinised Monte Carlo: the others' "
                 "hands and the decks dealt again, each candidate played out to the end of its turn and 8 more "
                 "turns with greedy bots (--option playouts=N per decision, default 32; think_ms=T for a time "
                 "budget instead)",
}

# What each bot leaves out of the game (the report prints them).
SIMPLIFICATIONS = {
    "random": [N_("It pursues nothing: its figures say what the rules do to aimless play.")],
    "greedy": [
        N_("It plays Coopération cards from its hand in Recherche, not as interruptions at their printed "
           "moment."),
        N_("In a Challenge only the player tested lays cards; in controversies and defences the others lay "
           "their maluses against the leader only, and nobody lays support."),
        N_("It looks one card ahead: a card's worth is its Crédit minus its Pression, an approval when a "
           "chapter waits."),
    ],
    "lookahead": [
        N_("Only the Recherche actions are looked ahead; Vivre, the cards laid in tests, opposing and giving "
           "cards away are the greedy bot's."),
        N_("The others' hands and the decks are dealt again at random; the discards are known."),
        N_("A playout plays its turn out and 8 more turns with greedy bots; a game still on is scored by its "
           "lead in the timed score (15 per approved chapter, 10 per submitted one, plus Crédit), not by who "
           "would win it."),
    ],
}

FIGURES = {
    "burnouts": "burn-outs per game",
    "bingos": "bingos per game",
    "defences_won": "thesis defences won per game",
    "defences_lost": "thesis defences lost per game",
    "controversies_won": "controversies won per game",
    "controversies_lost": "controversies lost per game",
    "end": "how the game ends",
}

RECHERCHE = (N_("draw events"), N_("draw argument"), N_("play a card"), N_("submit"))

# A card as the table holds it: an event card's header from the rules' records (with its id,
# and what the bots weigh of it: `changes`, `worth`), or an Argument's id, value and controversy.
Card = dict[str, Any]
# A Recherche action open to a player: ("draw events",), ("draw argument",), ("submit",), or
# ("play a card", the card's index in the player's events).
Option = tuple[str] | tuple[str, int]


class Data(TypedDict):
    """What the simulated table plays with (load): the deck as recorded, and its two piles."""

    deck: dict[str, Any]
    events: tuple[Card, ...]
    arguments: tuple[Card, ...]


def _changes(value: dict[str, Any] | None) -> dict[str, int]:
    return {k: v for k, v in (value or {}).items() if k in rules.RESOURCES and v}


def load(layouts_root: Path) -> Data:
    """The deck of layouts/phd (kit.games.phd.layout.deck), as `kit score new` records it."""
    from kit.games.phd import layout  # the kit side, without reportlab

    return from_deck(layout.deck(layouts_root))


def from_deck(deck: dict[str, Any]) -> Data:
    """The two decks as the table shuffles them, each copy a card of the deck with its id,
    from the rules' records of its cards (rules.deck_records); the engine reads the deck
    itself (every number) from the same object, once per run."""
    events: list[Card] = []
    arguments: list[Card] = []
    for key, card in rules.deck_records(deck).items():
        if isinstance(card, rules.ArgumentCard):
            arguments += [{"id": key, "value": card.value, "controversy": card.controversy}] * card.copies
        else:
            events += [_weighed({**card.header(), "id": key})] * card.copies
    return {"deck": deck, "events": tuple(events), "arguments": tuple(arguments)}


def _weighed(card: Card) -> Card:
    """The event card with what the table asks of it at each play and each Recherche, worked
    out once: what a C'est la vie or a Superviseur card changes for its player (`changes`),
    and what playing it on yourself is worth to the greedy bot (`worth`: Crédit up, Pression
    down; a Challenge promises nothing)."""
    card["changes"] = _changes(card) if card["type"] in ("vie", "superviseur") else {}
    mine = _changes(card.get("you")) if card["type"] == "cooperation" else card["changes"]
    card["worth"] = 0 if card["type"] == "challenge" else mine.get("credit", 0) - mine.get("pression", 0)
    return card


def card_worth(card: Card, player: rules.Player) -> int:
    """What playing an event card on yourself is worth to the greedy bot now: its worth, and a
    Superviseur's approval when a chapter waits."""
    worth: int = card["worth"]
    if card["type"] == "superviseur" and player["pending"] and card.get("chapter") == "approve":
        return worth + 6
    return worth


# --- bots -------------------------------------------------------------------------------------

class RandomBot:
    """BOTS["random"]: uniform at each decision; it pursues nothing (SIMPLIFICATIONS["random"])."""

    name = "random"

    def __init__(self, rng: Random, choices: Choices):
        self.rng, self.choices = rng, choices

    def recherche(self, table: Table, me: str, options: list[Option]) -> Option:
        return self.rng.choice(options)

    def lay(self, table: Table, me: str, candidates: list[int], needed: int | None) -> list[int]:
        """Which of `candidates` (values of cards `me` may lay for themselves) to lay."""
        return [i for i in range(len(candidates)) if self.rng.random() < 0.5]

    def oppose(self, table: Table, me: str, defender: str) -> bool:
        return self.rng.random() < 0.5

    def defend_now(self, table: Table, me: str) -> bool:
        return self.rng.random() < 0.5

    def give_away(self, table: Table, me: str) -> tuple[str, int]:
        hand = table.hands[me]
        pile = self.rng.choice([p for p in ("events", "arguments") if hand[p]])
        return pile, self.rng.randrange(len(hand[pile]))


class GreedyBot(RandomBot):
    """BOTS["greedy"]. What it leaves out (SIMPLIFICATIONS["greedy"]): Coopération cards played from the
    hand in Recherche, not as interruptions; in a Challenge only the player tested lays cards; the
    others oppose only the leader and nobody supports; a card is worth its Crédit minus its
    Pression, one card ahead."""

    name = "greedy"

    def recherche(self, table: Table, me: str, options: list[Option]) -> Option:
        player = table.state["players"][me]
        kinds = {o[0] for o in options}
        choice: Option
        if "submit" in kinds:
            choice = ("submit",)
        else:
            hand = table.hands[me]["events"]
            best, worth = None, 0
            for option in options:          # the first card of the best worth
                if len(option) == 2:        # ("play a card", its index)
                    weighed = card_worth(hand[option[1]], player)
                    if best is None or weighed > worth:
                        best, worth = option, weighed
            if best is not None and worth > 0:
                choice = best
            elif sum(a["value"] > 0 for a in table.hands[me]["arguments"]) < 2:
                choice = ("draw argument",)
            else:
                choice = ("draw events",)
        record_choice(self.choices, N_("Recherche action"), sorted(kinds), choice[0])
        return choice

    def lay(self, table: Table, me: str, candidates: list[int], needed: int | None) -> list[int]:
        order = sorted(range(len(candidates)), key=lambda i: -candidates[i])
        if needed is None:                 # a controversy or a defence: everything that helps
            return order
        chosen, total = [], 0
        for i in order:                    # a Challenge: the fewest cards that reach it, or none
            if total >= needed:
                break
            chosen.append(i)
            total += candidates[i]
        return chosen if total >= needed else []

    def oppose(self, table: Table, me: str, defender: str) -> bool:
        return defender == table.leader()

    def defend_now(self, table: Table, me: str) -> bool:
        return True

    def give_away(self, table: Table, me: str) -> tuple[str, int]:
        hand = table.hands[me]
        player = table.state["players"][me]
        if hand["arguments"]:
            worst = min(range(len(hand["arguments"])), key=lambda i: hand["arguments"][i]["value"])
            if hand["arguments"][worst]["value"] < 0 or not hand["events"]:
                return "arguments", worst
        return "events", min(range(len(hand["events"])), key=lambda i: card_worth(hand["events"][i], player))


class LookaheadBot(GreedyBot):
    """BOTS["lookahead"]: each Recherche action by determinised Monte Carlo (kit.simulate.mcts):
    each playout deals again what it cannot see (the others' hands, the decks), plays the
    candidate, the rest of its turn and HORIZON more turns with greedy bots at every seat, and
    scores a share of the win, or its standing when the game is still on
    (SIMPLIFICATIONS["lookahead"]). Every other choice is the greedy bot's."""

    name = "lookahead"

    def __init__(self, rng: Random, choices: Choices, playouts: int, think_ms: float | None):
        super().__init__(rng, choices)
        self.playouts, self.think_ms = playouts, think_ms

    def recherche(self, table: Table, me: str, options: list[Option]) -> Option:
        def one_playout(pick: int) -> float:
            world = table.world(me, Random(self.rng.random()))
            try:
                world.recherche(me, options[pick])
                world.end_turn(me)
                run(world, HORIZON)
            except GameOver:
                pass
            return world.standing(me)

        best, _ = mcts.search(len(options), one_playout, self.playouts, self.think_ms)
        record_choice(self.choices, N_("Recherche action"), sorted({o[0] for o in options}), options[best][0])
        return options[best]


HORIZON = 8             # turns a lookahead playout plays after the bot's own
STANDING_SCALE = 30     # timed-score points of lead that count as a sure win at the horizon
PLAYOUTS = 32           # per decision of the lookahead bot, unless --option playouts=N
BOT_CLASSES: dict[str, type[RandomBot]] = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


# --- the table ----------------------------------------------------------------------------------

class GameOver(Exception):
    """The rule engine says the game is over."""


def legal_apply(state: rules.State, action: Line) -> rules.State:
    """The state after `action`, which must answer what the rules wait for (`pending`) or
    allow at any time (`anytime`); anything else, or a refusal, is a bot's bug (BotError)."""
    if answering(rules.pending(state), action) is None and answering(rules.anytime(state), action) is None:
        raise BotError(f"a simulated action the rules do not wait for: {action}; "
                       f"they wait for {rules.pending(state)}")
    return apply(rules, state, action)


class Table:
    def __init__(self, data: Data, bots: list[str], options: dict[str, Any], rng: Random,
                 budget: tuple[int, float | None] = (PLAYOUTS, None)):
        self.rng = rng
        self.seats = [f"P{i}" for i in range(1, len(bots) + 1)]
        self.state = rules.setup([{"name": n} for n in self.seats], options, deck=data["deck"])
        self.choices: dict[str, Choices] = {}
        self.bots: dict[str, RandomBot] = {n: LookaheadBot(rng, self.choices.setdefault(b, {}), *budget) if b == "lookahead"
                     else BOT_CLASSES[b](rng, self.choices.setdefault(b, {})) for n, b in zip(self.seats, bots)}
        self.decks = {"events": list(data["events"]), "arguments": list(data["arguments"])}
        self.discards: dict[str, list[Card]] = {"events": [], "arguments": []}
        for deck in self.decks.values():
            rng.shuffle(deck)
        self.hands: dict[str, dict[str, list[Card]]] = {n: {"events": [], "arguments": []} for n in self.seats}
        self.counts = dict.fromkeys(("defences_won", "defences_lost", "controversies_won", "controversies_lost"), 0)
        self.played: list[list[Any]] = []     # [event card, seat index, None]: the report's per-card figures
        for name in self.seats:
            for pile, count in rules.START_HAND.items():
                self.draw(name, pile, count)

    # -- the engine ------------------------------------------------------------------------
    def act(self, action: Line) -> rules.State:
        self.state = legal_apply(self.state, action)
        if self.state["over"]:
            raise GameOver
        return self.state

    def last_test(self) -> rules.Test:
        """The challenge, controversy or defence just entered."""
        test = self.state["last_test"]
        assert test is not None, "asked right after a test"
        return test

    def step(self, name: str, step: str) -> None:
        self.act({"action": "turn", "player": name, "step": step})

    def waits_for(self, action: str, name: str) -> bool:
        """Whether the rules wait for `action` by `name` now."""
        return any(d["action"] == action and d["player"] == name for d in rules.pending(self.state))

    def recherche_waits(self, name: str) -> bool:
        return any(d["action"] == "turn" and d["player"] == name and "draw-events" in d["choices"]["step"]
                   for d in rules.pending(self.state))

    def playing(self, name: str) -> bool:
        return self.state["players"][name]["status"] == "playing"

    def leader(self) -> str:
        players = self.state["players"]
        return max((n for n in self.seats if self.playing(n)),
                   key=lambda n: (players[n]["approved"], players[n]["pending"], players[n]["credit"]))

    # -- cards -----------------------------------------------------------------------------
    def draw(self, name: str, pile: str, count: int = 1) -> None:
        for _ in range(count):
            card = self.next_card(pile)
            if card is not None:
                self.hands[name][pile].append(card)

    def next_card(self, pile: str) -> Card | None:
        if not self.decks[pile]:
            if pile == "events" and self.state["options"]["timed"]:
                self.act({"action": "deck_empty"})          # the timed game ends here
            self.decks[pile], self.discards[pile] = self.discards[pile], []
            self.rng.shuffle(self.decks[pile])
            if not self.decks[pile]:
                return None
        return self.decks[pile].pop()

    def take(self, name: str, pile: str, indices: list[int]) -> list[Card]:
        """Remove those cards from the hand (to the discard) and return them."""
        hand = self.hands[name][pile]
        cards = [hand[i] for i in indices]
        for i in sorted(indices, reverse=True):
            self.discards[pile].append(hand.pop(i))
        return cards

    # -- tests -----------------------------------------------------------------------------
    def arguments_for(self, name: str, controversy: bool) -> list[int]:
        """Indices of the positive Arguments `name` may lay for themselves."""
        return [i for i, a in enumerate(self.hands[name]["arguments"])
                if a["value"] > 0 and (controversy or not a["controversy"])]

    def opposition(self, defender: str) -> tuple[list[str], dict[str, int]]:
        """The maluses the others lay against `defender`, by card (each counts by its size),
        and how many each of them laid (the engine counts the hands: said where more than
        one other player still plays)."""
        laid, by = [], {}
        others = [name for name in self.seats if name != defender and self.playing(name)]
        for name in others:
            maluses = [i for i, a in enumerate(self.hands[name]["arguments"]) if a["value"] < 0]
            if maluses and self.bots[name].oppose(self, name, defender):
                laid += [a["id"] for a in self.take(name, "arguments", maluses)]
                by[name] = len(maluses)
        return laid, by if len(others) > 1 else {}

    def lay_against(self, action: Line, defender: str) -> None:
        """The others' opposition added to `defender`'s controversy or defence entry."""
        opposition, by = self.opposition(defender)
        if opposition:
            action["opposition"] = opposition
        if by:
            action["laid_by"] = by

    def own_arguments(self, name: str) -> list[str] | None:
        usable = self.arguments_for(name, controversy=True)
        values = [self.hands[name]["arguments"][i]["value"] for i in usable]
        chosen = self.bots[name].lay(self, name, values, None)
        if not chosen:
            return None
        return [a["id"] for a in self.take(name, "arguments", [usable[i] for i in chosen])]

    def controversy(self, name: str) -> None:
        own = self.own_arguments(name)
        if own is None:                       # no argument: a controversy is never won without
            self.counts["controversies_lost"] += 1
            self.step(name, "done")
            return
        action: Line = {"action": "controversy", "player": name, "arguments": own}
        self.lay_against(action, name)
        self.act(action)
        self.counts["controversies_won" if self.last_test()["success"] else "controversies_lost"] += 1

    def defence(self, name: str) -> None:
        """The thesis defence; without an Argument to lay, none (right after an approval the
        rules then wait for "no-defence")."""
        own = self.own_arguments(name)
        if own is None:
            if rules.current(self.state)["stage"] == "defence":
                self.step(name, "no-defence")
            return
        action: Line = {"action": "defend", "player": name, "die": self.rng.randint(rules.DIE_MIN, rules.DIE_MAX),
                  "arguments": own}
        self.lay_against(action, name)
        self.counts["defences_lost"] += 1        # taken back below if the thesis is defended
        try:
            self.act(action)
        except GameOver:
            self.counts["defences_lost"] -= 1
            self.counts["defences_won"] += 1
            raise

    def challenge(self, name: str, card: Card) -> bool:
        """The Challenge the turn revealed: the die, and the cards the player lays (post-its
        of the tested resource and ordinary Arguments), by id; the card gives the rest."""
        resource: rules.Resource = card["resource"]
        die = self.rng.randint(rules.DIE_MIN, rules.DIE_MAX)
        needed = card["difficulty"] - self.state["players"][name][resource] - die
        events = [i for i, c in enumerate(self.hands[name]["events"])
                  if c.get("postit") and c["postit"]["resource"] == resource and c["postit"]["value"] > 0]
        arguments = self.arguments_for(name, controversy=False)
        values = ([self.hands[name]["events"][i]["postit"]["value"] for i in events]
                  + [self.hands[name]["arguments"][i]["value"] for i in arguments])
        chosen = self.bots[name].lay(self, name, values, max(needed, 0)) if needed > 0 else []
        laid = [c["id"] for c in self.take(name, "events", [events[i] for i in chosen if i < len(events)])]
        laid += [a["id"] for a in self.take(name, "arguments", [arguments[i - len(events)] for i in chosen
                                                                 if i >= len(events)])]
        action: Line = {"action": "challenge", "player": name, "die": die}
        if laid:
            action["modifiers"] = laid
        before = self.state
        self.act(action)
        won = self.last_test()["success"]
        self.result_hands(before, name, card.get("success" if won else "failure"))
        return won

    def result_hands(self, before: rules.State, name: str, result: dict[str, Any] | None) -> None:
        """What the Challenge's result does to the hands (its `hand`, as the engine counts it:
        rules.result_hands): the cards drawn, and the ones discarded, each the bot's choice."""
        hand = (result or {}).get("hand") or {}
        for holder, _ in rules.result_hands(before, name, result):
            if not self.playing(holder):
                continue
            self.draw(holder, "events", hand.get("draw_events", 0))
            self.draw(holder, "arguments", hand.get("draw_arguments", 0))
            for _ in range(hand.get("discard", 0)):
                if self.hands[holder]["events"] or self.hands[holder]["arguments"]:
                    pile, index = self.bots[holder].give_away(self, holder)
                    self.discards[pile].append(self.hands[holder][pile].pop(index))

    # -- events ----------------------------------------------------------------------------
    def resolve(self, name: str, card: Card, vivre: bool = False) -> None:
        """Play an event card on `name` (revealed in Vivre or from the hand in Recherche): the
        turn line names it and the engine applies what it says; then what it leaves open (a
        Challenge's die, a controversy's Arguments) and the defence an approval started."""
        kind = card["type"]
        self.played.append([card["title"], self.seats.index(name), None])
        line: Line = {"action": "turn", "player": name, "step": kind, "card": card["id"]}
        if kind == "superviseur" and "roll" in card and self.state["players"][name]["pending"]:
            line["die"] = self.rng.randint(rules.DIE_MIN, rules.DIE_MAX)
        if kind == "cooperation" and not vivre and card.get("other"):
            line["other"] = self.rng.choice([n for n in self.seats if n != name and self.playing(n)])
        self.act(line)
        if kind == "cooperation" and not vivre:        # from the hand: its draws are its player's alone
            self.draw(name, "arguments", card.get("draw_arguments", 0))
        if not self.playing(name):
            return
        stage = rules.current(self.state)["stage"]
        if kind == "challenge" and stage == "card":
            self.challenge(name, card)
        elif stage == "card":          # a Superviseur's controversy
            self.controversy(name)
        if self.playing(name) and rules.current(self.state)["stage"] == "defence":
            self.defence(name)

    def recherche_options(self, name: str) -> list[Option]:
        """The Recherche actions open to `name` now (the rules offer a submit when the chapter
        can be paid for)."""
        options: list[Option] = [("draw events",), ("draw argument",)]
        options += [("play a card", i) for i in range(len(self.hands[name]["events"]))]
        if self.waits_for("submit", name):
            options.append(("submit",))
        return options

    def turn(self, name: str) -> None:
        bot = self.bots[name]
        self.step(name, "start")
        if self.waits_for("defend", name) and bot.defend_now(self, name):
            self.defence(name)
        # Vivre
        card = self.next_card("events")
        if card is None:
            self.step(name, "none")
        elif card["type"] == "cooperation":
            self.hands[name]["events"].append(card)     # shown, kept: it changes nothing now
            self.resolve(name, card, vivre=True)
        else:
            self.discards["events"].append(card)
            self.resolve(name, card, vivre=True)
        self.recherche(name)
        self.end_turn(name)

    def recherche(self, name: str, first: Option | None = None) -> None:
        """Recherche, as many as the rules offer (RULES.md §1.3), each action the bot's (the
        first one `first` when given: a lookahead playout's candidate)."""
        bot = self.bots[name]
        while self.playing(name) and self.recherche_waits(name):
            choice = first or bot.recherche(self, name, self.recherche_options(name))
            first = None
            if choice[0] == "draw events":
                self.step(name, "draw-events")
                self.draw(name, "events", rules.RECHERCHE_DRAW["events"])
            elif choice[0] == "draw argument":
                self.step(name, "draw-argument")
                self.draw(name, "arguments", rules.RECHERCHE_DRAW["arguments"])
            elif choice[0] == "submit":
                self.act({"action": "submit", "player": name})
            else:
                assert len(choice) == 2, "playing a card names its index in the hand"
                (played,) = self.take(name, "events", [choice[1]])
                self.resolve(name, played)

    def end_turn(self, name: str) -> None:
        if not self.playing(name):
            for pile in ("events", "arguments"):
                self.take(name, pile, list(range(len(self.hands[name][pile]))))
            return
        self.hand_limit(name)

    def world(self, me: str, rng: Random) -> Table:
        """A copy of the table as `me` may imagine it, greedy bots at every seat: the others'
        hands and the decks shuffled together and dealt again, as many cards to each hand and
        deck as it holds (the discards are face up). The engine's state is shared: apply never
        changes it."""
        world = copy.copy(self)
        world.rng, world.choices = rng, {}
        world.bots = {n: GreedyBot(rng, {}) for n in self.seats}
        world.hands = {n: {pile: list(cards) for pile, cards in hand.items()} for n, hand in self.hands.items()}
        world.decks = {}
        others = [n for n in self.seats if n != me]
        for pile in ("events", "arguments"):
            unseen = self.decks[pile] + [card for n in others for card in self.hands[n][pile]]
            rng.shuffle(unseen)
            for n in others:
                count = len(self.hands[n][pile])
                world.hands[n][pile] = unseen[:count]
                del unseen[:count]
            world.decks[pile] = unseen
        world.discards = {pile: list(cards) for pile, cards in self.discards.items()}
        world.counts, world.played = dict(self.counts), []
        return world

    def standing(self, me: str) -> float:
        """`me`'s share of the win when the game is over, else a score from 0 to 1: its lead
        over the best other player in the rules' timed score (15 per approved chapter, 10 per
        submitted one, plus Crédit), 0 when out of the game."""
        state = self.state
        if state["over"] or me in state["winners"]:
            return mcts.win_share(state["winners"], me)
        if not self.playing(me):
            return 0.0
        players = state["players"]
        best = max((rules.timed_score(players[n]) for n in self.seats if n != me and self.playing(n)), default=0)
        lead = rules.timed_score(players[me]) - best
        return mcts.lead_share(lead, STANDING_SCALE)

    def hand_limit(self, name: str) -> None:
        """Over the limit, cards go one by one to the poorest players, or to the discard: where
        the engine sends them as the next turn starts (it counts the hands), each card the
        bot's choice."""
        hand = self.hands[name]
        if self.state["players"][name]["hand"] <= rules.HAND_LIMIT:
            return          # most turns (the engine's count is what the bot holds)
        for receiver in rules.hand_limit_receivers(self.state, name):
            if not hand["events"] and not hand["arguments"]:
                break           # a deck that ran dry dealt fewer cards than the engine counts
            pile, index = self.bots[name].give_away(self, name)
            card = hand[pile].pop(index)
            if receiver is None:
                self.discards[pile].append(card)
            else:
                self.hands[receiver][pile].append(card)


def play(data: Data, bots: list[str], options: dict[str, Any], rng: Random) -> GameRecord:
    options, budget = bot_options(options, PLAYOUTS)
    table = Table(data, bots, options, rng, budget)
    turns = run(table)
    state = table.state
    statuses = [p["status"] for p in state["players"].values()]
    return game_record(state, table.seats, turns, table.choices,
                       numbers={"burnouts": statuses.count("burnout"), "bingos": statuses.count("bingo"),
                                **table.counts},
                       tally={"end": [state["end"] or N_("turn cap")]},
                       how=[_WON_BY.get(state["players"][n]["status"], _WON_BY[state["end"] or ""]) for n in state["winners"]],
                       items={N_("event cards"): table.played})


# How a game ends (the rules' `end`), as the report's tally says it.
_ENDS = (N_("doctor"), N_("last player"), N_("timed"))

# How a winner won, by their status (a bingo wins while play goes on), else by how the game ended.
_WON_BY = {"doctor": N_("thesis defended"), "bingo": N_("bingo"), "last player": N_("last player standing"),
           "timed": N_("best score when time is up")}
WAYS_TO_WIN = tuple(dict.fromkeys(_WON_BY.values()))


def run(table: Table, cap: int = TURN_CAP) -> int:
    """Play turns until the game ends (or `cap` turns); the number of turns played."""
    turns = 0
    try:
        while turns < cap:
            # whose turn begins is the rules' (the next player in seating who still plays)
            waiting = rules.pending(table.state)
            if len(waiting) != 1 or waiting[0]["choices"].get("step") != ["start"]:
                raise BotError(f"a turn ended while the rules still wait for {waiting}")
            turns += 1
            table.turn(waiting[0]["player"] or table.seats[0])
    except GameOver:
        pass
    return turns
