"""Promotion (RULES.md §3): office politics and Influence Points (PI).

The cards are the session header's deck (`kit score new` records the layouts' designs:
scorekeeper.rules.deck), each by its id with what it does in the vocabulary of EFFECTS; the
engine names no card. Where the table records the turn (`turn` lines: guided play, the
phones and the bots write them as `pending` asks), the engine applies the cards:

- Seating is the header's order, and play goes to the right: the player after Ana in the
  header is the one on her right, the last player's right is the first. Nobody's turn has
  begun: any player may start (`turn` step "start").
- A turn: "start", then "draw" (DRAW_PER_TURN cards, or the Poste's `draw_per_turn`) or
  "burnout" (only with an empty hand: BURNOUT_DRAW cards and the turn ends), then up to
  PLAY_PER_TURN "play" steps (or the Poste's `play_per_turn`), each naming its `card`,
  never twice the same in one turn, then "end" (the hand goes down to END_OF_TURN_HAND_LIMIT).
- The engine counts each player's cards in hand (how many, never which): the deal, the
  draws, the cards played and answered, what the cards take and discard. The host puts a
  count right with `hand`; the office's closing tie-break reads the counts.
- The Poste each player holds is state (`poste`): a new one replaces the old. A card that
  `protect`s keeps Attaques off its player (`shielded`) until their next turn starts.
- Trahisons are played off-turn, in the reaction window a card opens (`window`):
  * an Attaque names its `target`; the target answers ("react": a Trahison whose `cancels`
    names it cancels it, one that may `redirect` sends it `to` another colleague) or takes
    it ("land": its `steal`, less the target's Poste `shield`, `take`, `wreck`, `demote`).
    Redirected MAX_REDIRECTIONS times, it lands with no other answer;
  * an Annonce: each colleague may answer with a Trahison that `dodge`s (the Annonce does
    not touch them); then its author "resolve"s it (`loss` for each holding `threshold` PI
    or more, `pass`, `clear_postes`, `draw`, for everyone it touches);
  * an Avantage that brings PI (`gain`, plus the author's Poste `bonus`): one colleague may
    take them with a Trahison that `takes_gain`. In either window each colleague who may
    answer is a decision of their own (the card is from their hand: the table never answers
    for them), listed from the author's right, the order the table asks them in; then its
    author "resolve"s it. Its `draw`,
    `discard` and `protect` are its author's either way; an Avantage without PI applies
    when played.
- `gain`, `lose`, `steal` and `hand` are the table's corrections, accepted at any moment,
  like `deck_empty`.

Once the log holds a `turn` line, a `turn` line the flow does not await is refused with a
sentence saying what the game waits for. A session without `turn` lines works as before, and
so does a file of the older guided play, whose only `turn` lines were the turns' starts: a
"start" is accepted for anyone until the log records another step. A header without a deck
(the files written before the decks were recorded) plays as those files were scored: its
turn lines name the cards by their printed titles (LEGACY_CARDS), the engine keeps the turn's
flow and the table types the PI (`gain`, `lose`, `steal`) and keeps the hands (`by_hand`).
Nothing in Promotion is secret: every view is the whole state.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple, NotRequired, TypedDict

from scorekeeper.errors import N_, Message, RuleViolation, plural
from scorekeeper.rules import deck as decks
from scorekeeper.rules import hands as in_hand
from scorekeeper.rules.checks import (
    Bookmark,
    check_option_names,
    check_players,
    fresh,
    is_int,
    need_game_on,
    own,
    ranked,
    recorded_turn,
    shown,
)
from scorekeeper.rules.declaration import GameRules
from scorekeeper.rules.fields import Card as CardField
from scorekeeper.rules.fields import Name, PerPlayer, Whole, Word, act, declare
from scorekeeper.rules.flow import (
    FROM_TABLE,
    Action,
    Decision,
    Event,
    Line,
    Seat,
    answering,
    decision,
    per_state,
    said,
    turn_player,
    whole,
)

GAME_ID = "promotion"
TITLE = "Promotion"
MIN_PLAYERS, MAX_PLAYERS = 2, 8

# players -> (cards in hand at the start, PI to win)
PLAYER_TABLE = {2: (5, 8), 3: (5, 8), 4: (4, 8), 5: (4, 7), 6: (4, 7), 7: (4, 6), 8: (4, 6)}
START_PI = 1
DECK_SIZE = 100
DECK_DESIGNS = 20
CARD_TYPES = ("Attaque", "Trahison", "Avantage", "Annonce", "Poste")
MAX_RESHUFFLES = 2             # the third time the deck runs out, the office closes
DRAW_PER_TURN = 1
PLAY_PER_TURN = 2
END_OF_TURN_HAND_LIMIT = 6
MAX_REDIRECTIONS = 3
BURNOUT_DRAW = 3
MIN_PI_TOKENS = 60

# What a card does, as the deck holds it (layouts/promotion/cards.yaml, copied into the session
# header by `kit score new`: scorekeeper.rules.deck): each effect the types that may hold it,
# and its kind: a whole number ("count", at least 1), "flag" (true), or "cards" (ids of the deck).
EFFECTS: dict[str, tuple[tuple[str, ...], str]] = {
    # Avantage: applied once its window closes, for its player
    "gain": (("Avantage",), "count"),          # PI gained (Mérite volé takes them)
    "draw": (("Avantage", "Annonce"), "count"),  # cards drawn (an Annonce: by everyone it touches)
    "discard": (("Avantage",), "count"),       # cards of its player's hand discarded afterwards
    "protect": (("Avantage",), "flag"),        # no Attaque aims at its player until their next turn
    # Attaque: applied when it lands on its target
    "steal": (("Attaque",), "count"),          # PI taken from the target (no more than it holds)
    "take": (("Attaque",), "count"),           # cards taken at random from the target's hand
    "wreck": (("Attaque",), "count"),          # cards of the target's hand discarded at random
    "demote": (("Attaque",), "flag"),          # the target's Poste goes; aims only at a Poste holder
    # Annonce: applied when its author resolves it, to everyone it touches
    "loss": (("Annonce",), "count"),           # PI lost by those holding `threshold` or more
    "threshold": (("Annonce",), "count"),
    "pass": (("Annonce",), "count"),           # cards each passes to the colleague on their right
    "clear_postes": (("Annonce",), "flag"),    # every Poste goes
    # Poste: in effect while it is held
    "draw_per_turn": (("Poste",), "count"),    # cards drawn at a turn's start, instead of DRAW_PER_TURN
    "play_per_turn": (("Poste",), "count"),    # cards played a turn, instead of PLAY_PER_TURN
    "shield": (("Poste",), "count"),           # PI an Attaque takes from its holder, fewer
    "bonus": (("Poste",), "count"),            # PI an Avantage brings its holder, more
    # Trahison: an answer in a card's window
    "cancels": (("Trahison",), "cards"),       # the Attaques it cancels
    "redirect": (("Trahison",), "flag"),       # sends an Attaque aimed at its player on
    "takes_gain": (("Trahison",), "flag"),     # takes the PI of an Avantage played by a colleague
    "dodge": (("Trahison",), "flag"),          # an Annonce does not touch its player
}
# Effects that go together, and a Trahison's one job.
_PAIRS = (("loss", "threshold"),)
_ANSWERS = ("cancels", "redirect", "takes_gain", "dodge")

Card = decks.Card


def _check_card(key: str, card: Card) -> None:
    """One card's effects, each of EFFECTS on a type it fits, and what they need of each other."""
    kind = card["type"]
    for field, value in card.items():
        if field not in decks.SHARED_FIELDS:
            _check_effect(key, kind, field, value)
    for first, second in _PAIRS:
        if (first in card) != (second in card):
            raise RuleViolation("The card {id} needs both {first} and {second}, or neither.",
                                field=second if first in card else first, id=key, first=repr(first),
                                second=repr(second))
    if kind == "Trahison" and sum(field in card for field in _ANSWERS) != 1:
        raise RuleViolation("The Trahison {id} answers with exactly one of {effects}.", field="type", id=key,
                            effects=", ".join(_ANSWERS))


def _check_effect(key: str, kind: str, field: str, value: object) -> None:
    """One effect of the card `key` of type `kind`: known, for its type, of its shape."""
    if field not in EFFECTS:
        raise RuleViolation("The card {id} has the effect {effect}, which Promotion does not know; its effects "
                            "are {effects}.", field=field, id=key, effect=repr(field), effects=", ".join(EFFECTS))
    types, shape = EFFECTS[field]
    if kind not in types:
        raise RuleViolation("The card {id} is of type {type}; the effect {effect} is for {types}.", field=field,
                            id=key, type=kind, effect=repr(field), types=", ".join(types))
    if shape == "count" and (not is_int(value) or value < 1):
        raise RuleViolation("The card {id}'s {effect} must be a whole number of at least 1, not {value}.",
                            field=field, id=key, effect=repr(field), value=shown(value))
    if shape == "flag" and value is not True:
        raise RuleViolation("The card {id}'s {effect} is either true or left out, not {value}.", field=field,
                            id=key, effect=repr(field), value=shown(value))
    if shape == "cards" and (not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value)):
        raise RuleViolation("The card {id}'s {effect} must list the ids of cards, not {value}.", field=field,
                            id=key, effect=repr(field), value=shown(value))


def read_deck(header_deck: object) -> dict[str, Card]:
    """The cards of a session header's deck, checked (RuleViolation naming the card and the
    field): every effect one of EFFECTS, on a card of a type it fits, and what a Trahison
    cancels an Attaque of the deck."""
    cards = decks.read(header_deck, TITLE, CARD_TYPES, _check_card)
    for key, card in cards.items():
        for target in card.get("cancels", ()):
            if cards.get(target, {}).get("type") != "Attaque":
                raise RuleViolation("The card {id} cancels {value}, which is no Attaque of the deck.", field="cancels",
                                    id=key, value=repr(target))
    return cards


class Deck(NamedTuple):
    """What the turn's flow asks of a deck, worked out once per deck (`index`)."""

    types: dict[str, str]                 # id -> type
    in_turn: tuple[str, ...]              # the cards a turn plays (all but the Trahisons)
    attacks: tuple[str, ...]
    demoting: tuple[str, ...]             # the Attaques that aim only at a Poste holder
    cancels: dict[str, tuple[str, ...]]   # Attaque -> the Trahisons that cancel it
    redirects: tuple[str, ...]
    takes_gain: tuple[str, ...]
    dodges: tuple[str, ...]
    contested: tuple[str, ...]            # the Avantages whose PI a colleague may take: a window opens


def _indexed(cards: dict[str, Card], contested: tuple[str, ...] | None = None) -> Deck:
    def having(effect: str) -> tuple[str, ...]:
        return tuple(key for key, card in cards.items() if effect in card)
    attacks = decks.of_type(cards, "Attaque")
    return Deck(
        types={key: card["type"] for key, card in cards.items()},
        in_turn=tuple(decks.of_type(cards, "Poste", "Attaque", "Avantage", "Annonce")),
        attacks=tuple(attacks), demoting=tuple(key for key in attacks if "demote" in cards[key]),
        cancels={attack: tuple(key for key, card in cards.items() if attack in card.get("cancels", ()))
                 for attack in attacks},
        redirects=having("redirect"), takes_gain=having("takes_gain"), dodges=having("dodge"),
        contested=having("gain") if contested is None else contested)


# The 20 designs as the table played them before the session header recorded a deck, in
# promotion-legacy-deck.json beside this module: the older files' turn lines name them by
# their printed titles, so they are keyed by those titles, and hold what the turn's flow
# needed of each (its type, what each Trahison answers, the Postes' draws and plays, the
# shield, the Poste taken away, the Postes cleared) and none of the numbers the table typed
# itself (the PI and the cards a card moves: those files hold them as `gain`, `lose` and
# `steal` lines); "contested" are the two that brought PI, whose window Mérite volé answered.
# Frozen data, not the layouts' deck: those files were scored by it, and a change to the
# layouts never reaches them.
def _legacy_deck() -> tuple[dict[str, Card], tuple[str, ...]]:
    data = json.loads(resources.files(__package__).joinpath("promotion-legacy-deck.json").read_text("utf-8"))
    cards: dict[str, Card] = {title: {"type": card["type"], "title": title, **card} for title, card in data["cards"].items()}
    return cards, tuple(data["contested"])


LEGACY_CARDS, _CONTESTED = _legacy_deck()
_LEGACY = _indexed(LEGACY_CARDS, contested=_CONTESTED)
_INDEXED: dict[int, tuple[dict[str, Card], Deck]] = {}


def index(state: State) -> Deck:
    """The state's deck as the flow asks it (LEGACY_CARDS' for a header without a deck)."""
    if state["by_hand"]:
        return _LEGACY
    cards = state["cards"]
    known = _INDEXED.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    made = _indexed(cards)
    if len(_INDEXED) >= 16:
        _INDEXED.clear()
    _INDEXED[id(cards)] = (cards, made)
    return made


def card_title(state: State, key: str) -> str:
    """The printed title of the card `key` (what people read)."""
    return decks.title(state["cards"], key)


def effect(state: State, key: str | None, name: str, default: int = 0) -> Any:
    """The card `key`'s effect `name` (EFFECTS), `default` when it has none."""
    if key is None:
        return default
    return state["cards"][key].get(name, default)


# The session actions of SCOREKEEPER.md, `turn`, and `hand` (the host's correction of the
# engine's count of a player's cards).
ACTIONS = ("gain", "lose", "steal", "deck_empty", "turn", "hand")
CORRECTIONS = ("gain", "lose", "steal", "hand")   # the table's own entries, told as corrections
# The steps of a turn (`turn` lines), as the module docstring tells them.
TURN_STEPS = ("start", "draw", "burnout", "play", "react", "land", "pass", "resolve", "end")
SECRET_FIELDS: tuple[str, ...] = ()      # nothing in Promotion is secret: a hand is counted, never read
SECRET_BY_PLAYER: tuple[str, ...] = ()

# Each action's fields (scorekeeper/rules/fields.py), checked before the rules read them.
FIELDS = declare(TITLE, {
    "gain": act(player=Name(), amount=Whole(label=N_("{player}'s PI gain"), low=1)),
    "lose": act(player=Name(), amount=Whole(label=N_("{player}'s PI loss"), low=1)),
    "steal": act(thief=Name(label=N_("the thief")), victim=Name(label=N_("the victim")),
                 amount=Whole(label=N_("The PI {thief} steals from {victim}"), low=1)),
    "deck_empty": act(hands=PerPlayer(label=N_("The cards in hand"), needed=False,
                                      of=Whole(label=N_("{key}'s cards in hand"), low=0))),
    "turn": act(player=Name(), step=Word(label=N_("The step of {player}'s turn"), choices=TURN_STEPS),
                card=CardField(label=N_("The card {player} plays"), needed=False),
                target=Name(label=N_("the target"), needed=False),
                to=Name(label=N_("the colleague the Attaque is sent to"), needed=False)),
    "hand": in_hand.CORRECTION,
})
assert FIELDS.names == ACTIONS


class Player(TypedDict):
    pi: int
    poste: str | None       # the id of the Poste card held
    shielded: str | None    # the card that `protect`s them: no Attaque until their next turn
    hand: int               # cards in hand, as the engine counts them from what it applies


class Window(TypedDict):
    """The card awaiting answers: an Attaque has its `target` and `redirections`, an Annonce
    the colleagues it does not touch (`remote`), an Avantage that brings PI neither."""

    card: str
    author: str
    target: NotRequired[str]
    redirections: NotRequired[int]
    remote: NotRequired[list[str]]
    passed: NotRequired[list[str]]   # the colleagues who let an Annonce or an Avantage pass


class State(TypedDict):
    game: str
    cards: dict[str, Card]
    by_hand: bool
    options: dict[str, Any]
    target: int
    hand_size: int
    reshuffles: int
    players: dict[str, Player]
    over: bool
    turn: Bookmark | None
    played: list[str]
    window: Window | None
    steps: bool
    winners: list[str]
    end: str | None


def _target_option(value: Any) -> int:
    # `kit score new` decodes option values as JSON, but a hand-typed header may give the text "10".
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not is_int(value) or value <= START_PI:
        raise RuleViolation("The option 'target' must be a whole number of PI above the {START_PI} everyone starts with, not {value}.", START_PI=START_PI, value=shown(value))
    return value


def setup(players: list[Seat], options: dict[str, Any] | None = None, deck: object = None) -> State:
    """Hand size and target from the player-count table; everyone starts with 1 PI and a
    dealt hand. `deck` is the session header's (read_deck); None for a header without one,
    which plays LEGACY_CARDS with its PI typed and its hands kept by the table."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    cards = LEGACY_CARDS if deck is None else read_deck(deck)
    options = check_option_names(options, TITLE, ("target",))
    hand_size, target = PLAYER_TABLE[len(names)]
    if "target" in options:
        target = _target_option(options["target"])
    return {
        "game": GAME_ID,
        "cards": cards,     # the header's deck (id -> card), LEGACY_CARDS without one
        # a header without a deck: the engine applies no card's numbers and counts no hand
        "by_hand": deck is None,
        "options": {"target": target} if "target" in options else {},
        "target": target,
        "hand_size": hand_size,
        "reshuffles": 0,
        "players": {name: {"pi": START_PI, "poste": None, "shielded": None, "hand": hand_size} for name in names},
        "over": False,
        # whose turn and its latest step, once the log records turns (`turn` lines)
        "turn": None,
        "played": [],       # the cards played this turn (ids), in order
        "window": None,     # the card awaiting answers: {"card", "author", "target", "redirections", "remote"}
        # whether the log records a turn's steps beyond its start: until then a `start` is
        # accepted for anyone, as in the files of the older guided play, which wrote only those
        "steps": False,
        "winners": [],
        # how the game ended: "target" or "office closed" (None while it goes on)
        "end": None,
    }


def canonical(state: State, line: Action) -> Action:
    """`line`, parsed, as the file stores it: a card named by its title stored as its id."""
    card = line.get("card")
    if card is None or isinstance(card, str) and card in state["cards"]:
        return line     # by its id already: what the bots and the faces send, every step
    return decks.canonical(state["cards"], line, TITLE)


def _check_target(state: State, name: str) -> None:
    """Reaching the target wins at once (RULES.md §3.5)."""
    if state["players"][name]["pi"] >= state["target"]:
        state["over"], state["end"], state["winners"] = True, "target", [name]


def standings(state: State) -> list[tuple[int, str]]:
    """(rank, name): the winners first, then by PI; equal PI share a rank."""
    return ranked(state["players"], lambda name: (name not in state["winners"],
                                                  -state["players"][name]["pi"]))


def leaders(state: State) -> list[str]:
    """The players with the most PI, in seating order: who wins if the office closes now,
    before cards in hand break a tie."""
    best = max(p["pi"] for p in state["players"].values())
    return [name for name, p in state["players"].items() if p["pi"] == best]


# Whether the engine's counts of the cards in hand hold: it applies the cards of a session
# with a deck whose log records the turns. A session typed entry by entry, or without a deck,
# gives its hands where they matter (deck_empty's `hands`). The hands' own function, asked at
# nearly every step: no call of its own around it.
counted = in_hand.counted


def closing_tie(state: State) -> list[str]:
    """The players whose cards in hand the next deck_empty needs: tied on most PI as the
    office closes, where the engine does not count their hands."""
    if state["over"] or state["reshuffles"] < MAX_RESHUFFLES or counted(state):
        return []
    tied = leaders(state)
    return tied if len(tied) > 1 else []


def may_lay(state: State, name: str) -> bool:
    """Whether `name` holds a card to lay, as far as the engine knows: a hand it does not
    count (the table keeps it) always may."""
    return not counted(state) or state["players"][name]["hand"] > 0


def _close_office(state: State, hands: dict[str, int]) -> None:
    """Most PI wins; a tie goes to most cards in hand (as counted, unless given); still
    tied, a shared win (RULES.md §3.6)."""
    tied = leaders(state)
    best = state["players"][tied[0]]["pi"]
    if len(tied) > 1:
        if counted(state):
            hands = {name: hands.get(name, state["players"][name]["hand"]) for name in tied}
        missing = [name for name in tied if name not in hands]
        if missing:
            raise RuleViolation("{tied} are tied on {best} PI as the office closes: the most cards in hand break "
                                "the tie, so give the cards in hand of {missing}.", tied=tied, best=best,
                                missing=missing, field="hands")
        most = max(hands[name] for name in tied)
        tied = [name for name in tied if hands[name] == most]
    state["over"], state["end"], state["winners"] = True, "office closed", tied


def closing_hands(before: State, action: Action) -> dict[str, int]:
    """The cards in hand the office's closing compared: as given, else as counted."""
    given = action.get("hands") or {}
    return {name: given.get(name, p["hand"]) for name, p in before["players"].items()}


# -- the turn ------------------------------------------------------------------------------

def on_the_right(state: State, name: str) -> str:
    """The player on `name`'s right: the next one in the header's order (the last
    player's right is the first)."""
    names = list(state["players"])
    return names[(names.index(name) + 1) % len(names)]


def from_the_right(state: State, name: str) -> list[str]:
    """The other players, starting on `name`'s right and going round the table."""
    names = list(state["players"])
    at = names.index(name)
    return [names[(at + step) % len(names)] for step in range(1, len(names))]


def draws(state: State, name: str) -> int:
    """The cards `name` draws at the start of a turn (RULES.md §3.2; the Poste held may say more)."""
    return int(effect(state, state["players"][name]["poste"], "draw_per_turn", DRAW_PER_TURN))


def play_limit(state: State, name: str) -> int:
    """The cards `name` may play this turn, Trahisons apart (RULES.md §3.2; the Poste held may say more)."""
    return int(effect(state, state["players"][name]["poste"], "play_per_turn", PLAY_PER_TURN))


def answers(state: State, card: str) -> tuple[str, ...]:
    """The Trahisons that cancel the Attaque `card` (a redirection answers any)."""
    return index(state).cancels.get(card, ())


def attack_targets(state: State, author: str, card: str) -> list[str]:
    """Whom `author` may aim `card` at: a colleague no shield protects, and for an Attaque
    that demotes one who holds a Poste."""
    demotes = card in index(state).demoting
    return [name for name, p in state["players"].items()
            if name != author and not p["shielded"] and (not demotes or p["poste"] is not None)]


def step_choices(state: State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What a step of the turn still needs once some of it is answered (a phone asks it field
    by field): a card only to play or answer one, a target only for an Attaque (those it may
    aim at), a colleague only to pass an attack on; a victim other than the thief; the cards
    in hand, as the deck runs out, only of the players tied as the office closes
    (`closing_tie`). Other decisions as they are."""
    choices = decision["choices"]
    if decision["action"] != "turn":
        return _correction_choices(state, decision, answers)
    step = answers.get("step")
    if step is None:
        return choices
    card = answers.get("card")
    if isinstance(card, str):
        card = decks.canonical(state["cards"], {"card": card}, TITLE)["card"] if card not in state["cards"] else card
    needed = {"player", "step"} | ({"card"} if step in ("play", "react") else set())
    narrowed = {field: choice for field, choice in choices.items() if field in needed}
    deck = index(state)
    if step == "play" and card in deck.attacks and "target" in choices:
        author = decision["player"] or answers.get("player")
        narrowed["target"] = [name for name in choices["target"]
                              if author is None or name in attack_targets(state, author, card)]
    if step == "react" and card in deck.redirects and "to" in choices:
        narrowed["to"] = choices["to"]
    return narrowed


def _correction_choices(state: State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What a decision outside the turn still needs (step_choices): the cards in hand, as the
    deck runs out, only of the players tied as the office closes; a victim other than the
    thief."""
    choices = decision["choices"]
    if decision["action"] == "deck_empty" and "hands" in choices:
        # the hands matter only to the office's closing on a tie the engine does not count
        tied = closing_tie(state)
        return {"hands": {name: whole(0) for name in tied}} if tied else {}
    if decision["action"] == "steal" and answers.get("thief") in choices.get("victim", ()):
        # nobody steals from themselves
        return {**choices, "victim": [name for name in choices["victim"] if name != answers["thief"]]}
    return choices


def redirect_targets(state: State) -> list[str]:
    """Where the target of the Attaque in the window may send it: any other colleague,
    its author included, that the attack may reach."""
    window = in_window(state)
    return attack_targets(state, window["target"], window["card"])


def playable(state: State, reachable: list[str]) -> list[str]:
    """The cards (ids) the player whose turn it is may play now, `reachable` the colleagues
    no shield protects: no Trahison (those answer), none already played this turn, no
    Attaque without a colleague to aim at."""
    # attack_targets for every card at once: pending is asked at every step, so it stays cheap
    deck = index(state)
    if not reachable:
        unplayable = [*state["played"], *deck.attacks]
    elif all(state["players"][name]["poste"] is None for name in reachable):
        unplayable = [*state["played"], *deck.demoting]
    else:
        unplayable = state["played"]
    return [card for card in deck.in_turn if card not in unplayable]


def in_window(state: State) -> Window:
    """The card awaiting answers (a caller in a reaction window)."""
    window = state["window"]
    assert window is not None, "no card awaits answers"
    return window


def _awaited(state: State) -> str | None:
    """The phase of the turn: None before any turn line, else one of "start" (whose turn
    begins), "draw", "play", "attack", "annonce", "avantage" (a window)."""
    turn = state["turn"]
    if turn is None:
        return None
    window = state["window"]
    if window is not None:
        if "target" in window:
            return "attack"
        return "avantage" if index(state).types.get(window["card"]) == "Avantage" else "annonce"
    if turn["step"] in ("end", "burnout"):
        return "start"
    if turn["step"] == "start":
        return "draw"
    return "play"


def _window_answers(state: State, phase: str) -> tuple[str, ...]:
    """The Trahisons that answer an Avantage's or an Annonce's window."""
    deck = index(state)
    return deck.takes_gain if phase == "avantage" else deck.dodges


def waiting(state: State) -> RuleViolation:
    """The refusal of a `turn` line the flow does not await, saying what the game waits for."""
    phase = _awaited(state)
    if phase is None:
        return RuleViolation("The game waits for a player's turn to begin.")
    turn = recorded_turn(state)
    if phase == "start":
        return RuleViolation("The game waits for {player}'s turn to begin.",
                             player=on_the_right(state, turn["player"]))
    if phase == "draw":
        return RuleViolation("The game waits for {player} to draw, or to say burnout.", player=turn["player"])
    if phase == "play":
        limit = play_limit(state, turn["player"])
        if len(state["played"]) >= limit:
            return RuleViolation(plural("The game waits for {player} to end the turn: {n} card played, the most allowed.",
                                        "The game waits for {player} to end the turn: {n} cards played, the most allowed.",
                                        limit), player=turn["player"], n=limit)
        return RuleViolation("The game waits for {player} to play a card or end the turn.", player=turn["player"])
    window = in_window(state)
    card = card_title(state, window["card"])
    if phase == "attack":
        if window["redirections"] >= MAX_REDIRECTIONS:
            return RuleViolation(plural("The game waits for {card} to land on {target}: redirected {n} time, it takes no other answer.",
                                        "The game waits for {card} to land on {target}: redirected {n} times, it takes no other answer.",
                                        window["redirections"]),
                                 card=card, target=window["target"], n=window["redirections"])
        return RuleViolation("The game waits for {target} to answer {card} with a Trahison or to take it.",
                             target=window["target"], card=card)
    return RuleViolation("The game waits for answers to {card} ({answer}) or for {author} to apply it.",
                         card=card, answer=[card_title(state, key) for key in _window_answers(state, phase)],
                         author=window["author"])


def _card(state: State, action: Action, kinds: tuple[str, ...]) -> str:
    """The id of the card `action` names (by id or title), of one of `kinds`."""
    cards = state["cards"]
    if action.get("card") is None:
        raise RuleViolation("Playing a card or answering one with a card needs that card's name.", field="card")
    card = decks.card_id(cards, action["card"], TITLE)
    kind = cards[card]["type"]
    if kind not in kinds:
        raise RuleViolation("{card} is a card of type {kind}: {rule}", field="card", card=card_title(state, card),
                            kind=_TYPE_WORDS[kind], rule=_PLAYED_WHEN[action["step"]])
    return card


# The card types in the reader's words (the English table says Betrayal for Trahison).
_TYPE_WORDS = {"Attaque": Message("Attaque"), "Trahison": Message("Trahison"), "Avantage": Message("Avantage"),
               "Annonce": Message("Annonce"), "Poste": Message("Poste")}
# What a step plays, said when a card of another type is named for it.
_PLAYED_WHEN = {"play": Message("a Trahison answers a colleague's card and is never played in one's own turn."),
                "react": Message("only a Trahison answers a colleague's card.")}


def _no_fields(action: Action, *fields: str, because: Message) -> None:
    FIELDS.refuse_extra(action, *fields, because=because)


# The fields only playing a card or answering one gives, in the order a refusal names them.
_CARD_FIELDS = ("card", "target", "to")
# The rules _no_fields says when refusing, made once: every step is asked one and nearly all pass.
_ONLY_REDIRECTIONS = Message("Only a redirection sends an Attaque on to a colleague")
_ONLY_CARDS_NAME = Message("Only playing a card or answering one names a card or a colleague")
_ONLY_ATTAQUES_AIM = Message("Only an Attaque aims at a colleague")
_ANSWERS_AIM_AT_NOBODY = Message("An answer to an Attaque aims at nobody: a redirection names the colleague it sends "
                                 "the Attaque to")
_WINDOW_ANSWERS_AIM_AT_NOBODY = Message("An answer to an Avantage or an Annonce aims at nobody")


def _cannot_aim(state: State, author: str, card: str, target: str) -> Message:
    """The rule that keeps `card` (an Attaque of `author`'s, or passed on by them) off
    `target` (attack_targets)."""
    if target == author:
        return Message("an Attaque aims at a colleague, never at the one who plays or passes it on")
    shield = state["players"][target]["shielded"]
    if shield:
        return Message("{shield} protects {target} until their next turn", shield=card_title(state, shield),
                       target=target)
    return Message("{card} takes away a Poste, and {target} holds none", card=card_title(state, card), target=target)


def _one_card_less(state: State, new: State, name: str) -> None:
    """`name` lays a card from their hand: one fewer in it, as counted (none to lay: the
    count is wrong, and the host corrects it with `hand`)."""
    if not counted(state):
        return
    if state["players"][name]["hand"] <= 0:
        raise RuleViolation("{player} holds no card, as the table counts them: correct the count (hand) if a card "
                            "was missed.", player=name)
    own(new, state, name)["hand"] -= 1


def _turn(state: State, action: Action) -> State:
    name, step = action["player"], action["step"]
    _refuse_unawaited_step(state, name, step)
    # copy on write: a step changes a few records at most (an Annonce every one it touches)
    new = state.copy()
    owner = name if step == "start" else recorded_turn(state)["player"]
    if step not in ("play", "react") and not action.keys().isdisjoint(_CARD_FIELDS):   # most name none: asked at once
        _no_fields(action, *_CARD_FIELDS, because=_ONLY_CARDS_NAME)
    _take_step(state, new, name, step, action)
    new["turn"] = {"player": owner, "step": step}
    if step != "start":
        new["steps"] = True
    return new


def _refuse_unawaited_step(state: State, name: str, step: str) -> None:
    """A step the game does not wait for is refused, who and which step first, so that the
    sentence says what the game waits for (the card, target or redirection then get their
    own sentence): a burnout while the hand still holds cards, an answer already given, any
    other step out of turn. The first start of a session that records no steps is a bookmark."""
    bookmark = step == "start" and not state.get("steps")
    held = state["players"][name]["hand"]
    if step == "burnout" and counted(state) and held > 0 and _awaited(state) == "draw":
        raise RuleViolation(plural("{player} holds {n} card: a burnout is for a turn begun with an empty hand; draw instead.",
                                   "{player} holds {n} cards: a burnout is for a turn begun with an empty hand; draw instead.",
                                   held), player=name, n=held, field="step")
    if answering(pending(state), {"action": "turn", "player": name, "step": step}) is None and not bookmark:
        window = state["window"]
        if step == "react" and window is not None and name in window.get("remote", ()):
            # The true reason: "the game waits for answers" alone reads as asking for this one.
            raise RuleViolation("{player} has already answered {card} with {answer}. {waiting}", player=name,
                                card=card_title(state, window["card"]),
                                answer=[card_title(state, key) for key in index(state).dodges], waiting=waiting(state))
        raise waiting(state)


def _take_step(state: State, new: State, name: str, step: str, action: Action) -> None:
    """What a step of the turn does: a turn's start drops its player's shield, a draw or a
    burnout fills the hand, a turn's end brings it to the limit, a card played or a Trahison
    reacting, an attack landing or a window resolved."""
    if step == "start":
        if state["players"][name]["shielded"]:
            own(new, state, name)["shielded"] = None       # a shield lasts until now
        new["played"] = []
    elif step == "draw" and counted(state):
        own(new, state, name)["hand"] += draws(state, name)
    elif step == "burnout" and counted(state):
        own(new, state, name)["hand"] += BURNOUT_DRAW
    elif step == "end" and counted(state):
        if state["players"][name]["hand"] > END_OF_TURN_HAND_LIMIT:
            own(new, state, name)["hand"] = END_OF_TURN_HAND_LIMIT
    elif step == "play":
        _play(state, new, name, action)
    elif step == "react":
        card = _card(state, action, ("Trahison",))
        new["window"] = _react(state, new, name, card, action)
        _one_card_less(state, new, name)
    elif step == "land":
        _land(state, new, in_window(state))
        new["window"] = None
    elif step == "pass":
        window = in_window(state)
        new["window"] = {**window, "passed": [*window.get("passed", []), name]}
    elif step == "resolve":
        _resolve_window(state, new)


def _resolve_window(state: State, new: State) -> None:
    """The open window resolves: an Avantage brings its card to its author, any other card
    is announced; the window closes."""
    window = in_window(state)
    if index(state).types[window["card"]] == "Avantage":
        _bring(state, new, window["card"], window["author"], window["author"])
    else:
        _announce(state, new, window)
    new["window"] = None


def _play(state: State, new: State, name: str, action: Action) -> None:
    card = _card(state, action, ("Poste", "Attaque", "Avantage", "Annonce"))
    if card in state["played"]:
        raise RuleViolation("{player} has already played {card} this turn: no two identical cards in one turn.",
                            player=name, card=card_title(state, card), field="card")
    kind = index(state).types[card]
    if kind == "Attaque":
        target = action.get("target")
        if target is None:
            raise RuleViolation("{card} needs a target: the colleague it aims at.", card=card_title(state, card),
                                field="target")
        if target not in attack_targets(state, name, card):
            raise RuleViolation("{card} cannot aim at {target}: {why}.", card=card_title(state, card), target=target,
                                why=_cannot_aim(state, name, card, target), field="target")
        _no_fields(action, "to", because=_ONLY_REDIRECTIONS)
    else:
        _no_fields(action, "target", "to", because=_ONLY_ATTAQUES_AIM)
    _one_card_less(state, new, name)
    new["played"] = state["played"] + [card]
    if kind == "Attaque":
        new["window"] = {"card": card, "author": name, "target": str(action["target"]), "redirections": 0}
    elif kind == "Poste":
        own(new, state, name)["poste"] = card
    elif kind == "Annonce":
        new["window"] = {"card": card, "author": name, "remote": []}
    elif card in index(state).contested:
        new["window"] = {"card": card, "author": name}
    else:
        _bring(state, new, card, name, None)


def _bring(state: State, new: State, card: str, author: str, gainer: str | None) -> None:
    """An Avantage applied: its PI (with the author's Poste bonus) to `gainer` (None: it
    brings none), then its draws, discards and shield for its author."""
    if gainer is not None:
        own(new, state, gainer)["pi"] += gain_of(state, card, author)
        _check_target(new, gainer)
    data = effect(state, card, "draw") - min(effect(state, card, "discard"), new["players"][author]["hand"])
    if data:
        own(new, state, author)["hand"] += data
    if effect(state, card, "protect", False):
        own(new, state, author)["shielded"] = card


def gain_of(state: State, card: str, author: str) -> int:
    """The PI the Avantage `card` brings when `author` plays it: its gain and the bonus of
    the Poste `author` holds (Mérite volé takes both)."""
    return int(effect(state, card, "gain")) + int(effect(state, state["players"][author]["poste"], "bonus"))


def _react(state: State, new: State, name: str, card: str, action: Action) -> Window | None:
    """The window after `name` answers it with the Trahison `card` (None: the window closes)."""
    window = in_window(state)
    deck = index(state)
    attacked = card_title(state, window["card"])
    if "target" in window:
        _no_fields(action, "target", because=_ANSWERS_AIM_AT_NOBODY)
        if card in deck.redirects:
            to = action.get("to")
            if to is None:
                raise RuleViolation("{card} needs the colleague it sends the Attaque to.", card=card_title(state, card),
                                    field="to")
            if to not in redirect_targets(state):
                raise RuleViolation("{player} cannot send {card} to {to}: {why}.", player=name, card=attacked, to=to,
                                    why=_cannot_aim(state, name, window["card"], to), field="to")
            return {**window, "target": to, "redirections": window["redirections"] + 1}
        _no_fields(action, "to", because=_ONLY_REDIRECTIONS)
        if card not in answers(state, window["card"]):
            raise RuleViolation("{answer} does not answer {card}; {answers} does, or {redirection}.",
                                answer=card_title(state, card), card=attacked,
                                answers=[card_title(state, key) for key in answers(state, window["card"])],
                                redirection=[card_title(state, key) for key in deck.redirects], field="card")
        return None
    _no_fields(action, "target", "to", because=_WINDOW_ANSWERS_AIM_AT_NOBODY)
    phase = "avantage" if deck.types[window["card"]] == "Avantage" else "annonce"
    expected = _window_answers(state, phase)
    if card not in expected:
        raise RuleViolation("{answer} does not answer {card}; {expected} does.", field="card",
                            answer=card_title(state, card),
                            card=attacked, expected=[card_title(state, key) for key in expected])
    if phase == "avantage":
        _bring(state, new, window["card"], window["author"], name)
        return None
    return {**window, "remote": window["remote"] + [name]}


def _land(state: State, new: State, window: Window) -> None:
    """The Attaque in the window hits its target: PI and cards taken, cards discarded, the
    Poste gone, as the card says."""
    card, author, target = window["card"], window["author"], window["target"]
    victim = state["players"][target]
    if target != author:        # a redirection back to its author hits nobody else
        taken = min(max(0, effect(state, card, "steal") - effect(state, victim["poste"], "shield")), victim["pi"])
        cards = min(effect(state, card, "take"), victim["hand"])
        if taken or cards:
            hit, thief = own(new, state, target), own(new, state, author)
            hit["pi"] -= taken
            thief["pi"] += taken
            hit["hand"] -= cards
            thief["hand"] += cards
            _check_target(new, author)
    wrecked = min(effect(state, card, "wreck"), new["players"][target]["hand"])
    if wrecked:
        own(new, state, target)["hand"] -= wrecked
    if effect(state, card, "demote", False):
        own(new, state, target)["poste"] = None


def touched(state: State, window: Window) -> list[str]:
    """The players an Annonce touches: all but those who answered it from home."""
    return [name for name in state["players"] if name not in window.get("remote", ())]


def _announce(state: State, new: State, window: Window) -> None:
    """The Annonce in the window applies to everyone it touches."""
    card = window["card"]
    them = touched(state, window)
    loss, threshold = effect(state, card, "loss"), effect(state, card, "threshold")
    passed = effect(state, card, "pass")
    given = {name: min(passed, state["players"][name]["hand"]) for name in them} if passed else {}
    for name in them:
        p = state["players"][name]
        changes: dict[str, Any] = {}
        if loss and p["pi"] >= threshold:
            changes["pi"] = p["pi"] - min(loss, p["pi"])
        if effect(state, card, "clear_postes", False) and p["poste"] is not None:
            changes["poste"] = None
        drawn = effect(state, card, "draw")
        if drawn or given.get(name):
            changes["hand"] = p["hand"] + drawn - given.get(name, 0)
        if changes:
            own(new, state, name).update(changes)
    for name, count in given.items():
        if count:
            own(new, state, on_the_right(state, name))["hand"] += count


# -- what comes next -----------------------------------------------------------------------

def _one_of(action: str, names: list[str], **choices: Any) -> Decision:
    """A decision any one of `names` may take (whoever is at the table says who)."""
    made = decision(action, None, **choices)
    made["choices"] = {"player": names, **made["choices"]}
    return made


@per_state
def pending(state: State) -> list[Decision]:
    """What the table waits for (module docstring): whose turn begins, their draw, their
    next card or the end of their turn, or the answers to the card in the window."""
    if state["over"]:
        return []
    phase = _awaited(state)
    if phase is None:
        return [_one_of("turn", list(state["players"]), step=["start"])]
    turn = recorded_turn(state)
    if phase == "start":
        return [decision("turn", on_the_right(state, turn["player"]), step=["start"])]
    if phase == "draw":
        name = turn["player"]
        if counted(state) and state["players"][name]["hand"] == 0:
            return [decision("turn", name, step=["draw", "burnout"])]
        return [decision("turn", name, step=["draw"] if counted(state) else ["draw", "burnout"])]
    if phase == "play":
        return [_play_decision(state, turn["player"])]
    window = in_window(state)
    if phase == "attack":
        return [_attack_decision(state, window)]
    author = window["author"]
    answering_players = [n for n in from_the_right(state, author)
                         if n not in window.get("remote", ()) and n not in window.get("passed", ())
                         and may_lay(state, n)]
    # an answer is a card from its player's own hand: each colleague's decision, never the
    # table's (a phone answering for another colleague, or the author answering their own card)
    cards = list(_window_answers(state, phase))
    # answering is optional: each may let the card pass, and is asked no more
    return [*(decision("turn", name, step=["react", "pass"], card=cards) for name in answering_players),
            decision("turn", author, step=["resolve"])]


def _play_decision(state: State, name: str) -> Decision:
    """The turn's player plays a card on a colleague no shield protects, while the turn's
    play limit and their hand allow it, or ends their turn."""
    reachable = [n for n, p in state["players"].items() if n != name and not p["shielded"]]
    cards = (playable(state, reachable) if len(state["played"]) < play_limit(state, name)
             and may_lay(state, name) else [])
    if not cards:
        return decision("turn", name, step=["end"])
    return decision("turn", name, step=["play", "end"], card=cards, target=reachable)


def _attack_decision(state: State, window: Window) -> Decision:
    """The target of an attack answers it (or redirects it, while redirections remain and
    someone can take it), or lets it land; past the redirections' limit, or with no card
    they may lay, it lands."""
    target = window["target"]
    if window["redirections"] >= MAX_REDIRECTIONS or not may_lay(state, target):
        return decision("turn", target, step=["land"])
    cards, to = list(answers(state, window["card"])), redirect_targets(state)
    if to:
        return decision("turn", target, step=["react", "land"], card=cards + list(index(state).redirects), to=to)
    return decision("turn", target, step=["react", "land"], card=cards)

def current_player(state: State) -> str | None:
    """Whose turn it is: who enters, besides the host, what the table decides as a whole."""
    return turn_player(state)


@per_state
def anytime(state: State) -> list[Decision]:
    """The deck running out, and the table's corrections: PI moved by hand, a count of
    cards in hand put right (where the engine counts them)."""
    if state["over"]:
        return []
    names = list(state["players"])
    return [decision("deck_empty", None, hands=FROM_TABLE),
            _one_of("gain", names, amount=whole(1)),
            _one_of("lose", names, amount=whole(1)),
            decision("steal", None, thief=names, victim=names, amount=whole(1)),
            *([] if state["by_hand"] else [in_hand.correction(names)])]


def apply(state: State, line: Line) -> State:
    """The state after one line no one parsed yet (a bot's): `take` once it is parsed."""
    return take(state, RULES.parse(state, line))


def take(state: State, action: Action) -> State:
    """The state after one parsed action (its card by its id); refuses with RuleViolation,
    never mutates `state`."""
    kind = action["action"]
    need_game_on(state, TITLE)
    if kind == "turn":
        return _turn(state, action)
    new = fresh(state)
    players = new["players"]
    if kind in ("gain", "lose"):
        name, amount = action["player"], action["amount"]
        if kind == "gain":
            players[name]["pi"] += amount
            _check_target(new, name)
        else:
            players[name]["pi"] = max(0, players[name]["pi"] - amount)
    elif kind == "steal":
        thief, victim, amount = action["thief"], action["victim"], action["amount"]
        if thief == victim:
            raise RuleViolation("{thief} cannot steal from themselves.", thief=thief, field="victim")
        taken = min(amount, players[victim]["pi"])
        players[victim]["pi"] -= taken
        players[thief]["pi"] += taken
        _check_target(new, thief)
    elif kind == "hand":
        if state["by_hand"]:
            raise RuleViolation("This session's header records no deck: the table keeps the hands itself, and the "
                                "engine holds no count of them to correct.")
        players[action["player"]]["hand"] = action["cards"]
    else:
        hands: dict[str, int] = action.get("hands") or {}
        if new["reshuffles"] < MAX_RESHUFFLES:
            new["reshuffles"] += 1
        else:
            _close_office(new, hands)
    return new


# -- what is said ---------------------------------------------------------------------------

def outcome(before: State, after: State, action: Action) -> list[Event]:
    """What an accepted entry did, for everyone (nothing in Promotion is secret)."""
    kind = action["action"]
    events = _turn_events(before, after, action) if kind == "turn" else _pi_events(before, after, action)
    if after["over"] and not before["over"]:
        events.append(_ending(before, after, action))
    return events


def _pi_events(before: State, after: State, action: Action) -> list[Event]:
    kind = action["action"]
    if kind == "deck_empty":
        if after["over"]:
            return []
        left = MAX_RESHUFFLES - after["reshuffles"]
        if left:
            return [said(plural("Shuffle the discard into a new deck: {left} more reshuffle before the office closes.",
                                "Shuffle the discard into a new deck: {left} more reshuffles before the office closes.",
                                left), left=left)]
        return [said("Shuffle the discard into a new deck: the next time it runs out, the office closes.")]
    if kind == "hand":
        return [in_hand.said_holding(action["player"], after["players"][action["player"]]["hand"])]
    if kind == "steal":
        thief, victim = action["thief"], action["victim"]
        moved = before["players"][victim]["pi"] - after["players"][victim]["pi"]
        if moved == 0:
            return [said("{victim} has no PI: {thief} takes nothing.", victim=victim, thief=thief)]
        return [said("{thief} takes {moved} PI from {victim}: {thief} has {has}, {victim} {left}.",
                     thief=thief, victim=victim, moved=moved, has=after["players"][thief]["pi"],
                     left=after["players"][victim]["pi"])]
    name = action["player"]
    was, now = before["players"][name]["pi"], after["players"][name]["pi"]
    if kind == "gain":
        return [said("{player} gains {amount} PI and has {now}.", player=name, amount=now - was, now=now)]
    if was == now:
        return [said("{player} has no PI left to lose: nothing changes.", player=name)]
    return [said("{player} loses {amount} PI and has {now}.", player=name, amount=was - now, now=now)]


def _ending(before: State, state: State, action: Action) -> Event:
    """Who won and why."""
    winners = state["winners"]
    if state["end"] == "target":
        return said("{player} reaches {target} PI and wins at once.", player=winners[0], target=state["target"])
    pi = state["players"][winners[0]]["pi"]
    tied = leaders(state)
    if len(tied) == 1:
        return said("The office closes: {player} wins with the most PI ({pi}).", player=winners[0], pi=pi)
    cards = (closing_hands(before, action) if counted(before) else action["hands"])[winners[0]]
    if len(winners) == 1:
        return said(plural("The office closes: {tied} are tied on {pi} PI; {player} wins with the most cards in hand ({cards}).",
                           "The office closes: {tied} are tied on {pi} PI; {player} wins with the most cards in hand ({cards}).",
                           cards), tied=tied, pi=pi, player=winners[0], cards=cards)
    return said(plural("The office closes: {players} share the win, tied on {pi} PI and {cards} card in hand.",
                       "The office closes: {players} share the win, tied on {pi} PI and {cards} cards in hand.", cards),
                players=winners, pi=pi, cards=cards)


def _applied(before: State, after: State, author: str, laid: str | None = None) -> list[Message]:
    """What a card just did, read from the engine's result (before and after it), for its
    line (scorekeeper.rules.deck.effects): each player's PI and cards in hand, its author's
    first, then the colleagues' in seating order; the Postes it sent to the discard; its
    shield; the cards it made pass. `laid`: who laid a card from their hand in this entry
    (that card is not what the card did)."""
    changes, gone, shielded = [], [], []
    for name in [author, *(n for n in before["players"] if n != author)]:
        was, now = before["players"][name], after["players"][name]
        if now["pi"] != was["pi"]:
            changes.append((name, decks.change(now["pi"] - was["pi"])))
        held = now["hand"] - was["hand"] + (name == laid)
        if held:
            changes.append((name, decks.cards(held)))
        if was["poste"] is not None and now["poste"] is None:     # a Poste replaced is told by its successor
            gone.append(name)
        if now["shielded"] and now["shielded"] != was["shielded"]:
            shielded.append(name)
    effects = decks.effects(author, changes)
    if len(gone) == 1:
        effects.append(Message("{player}'s Poste {poste} to the discard", player=gone[0],
                               poste=card_title(before, str(before["players"][gone[0]]["poste"]))))
    elif gone:
        effects.append(Message("the Postes of {players} to the discard", players=gone))
    effects += [Message("no Attaque on {player} until their next turn", player=name) for name in shielded]
    passed = effect(before, after["window"]["card"] if after["window"] else None, "pass")
    if passed:
        effects.append(Message(plural("{n} card passed to the right by each one it touches",
                                      "{n} cards passed to the right by each one it touches", passed), n=passed))
    return effects


def _turn_events(before: State, after: State, action: Action) -> list[Event]:
    name, step = action["player"], action["step"]
    if step == "start":
        events = [said("{player}'s turn begins.", player=name)]
        shield = before["players"][name]["shielded"]
        if shield:
            events.append(said("The {card} of {player} goes to the discard: attacks may aim at them again.",
                               card=card_title(before, shield), player=name))
        return events
    if step == "draw":
        n = draws(before, name)
        return [said(plural("{player} draws {n} card.", "{player} draws {n} cards.", n), player=name, n=n)]
    if step == "burnout":
        return [said(plural("{player} is in burnout: draws {n} card and the turn ends.",
                            "{player} is in burnout: draws {n} cards and the turn ends.", BURNOUT_DRAW),
                     player=name, n=BURNOUT_DRAW)]
    if step == "end":
        discarded = before["players"][name]["hand"] - after["players"][name]["hand"]
        if discarded > 0:
            return [said(plural("{player}'s turn ends: {n} card over {limit} goes to the discard.",
                                "{player}'s turn ends: {n} cards over {limit} go to the discard.", discarded),
                         player=name, n=discarded, limit=END_OF_TURN_HAND_LIMIT)]
        return [said("{player}'s turn ends.", player=name)]
    if step == "play":
        return _play_events(before, after, action)
    if step in ("react", "pass"):
        return _react_events(before, after, action)
    window = in_window(before)
    card = card_title(before, window["card"])
    if step == "land" and not before["by_hand"]:
        return [decks.card_line(window["author"], card, _applied(before, after, window["author"]),
                                target=window["target"])]
    # A session without a deck moves no PI and counts no hand (LEGACY_CARDS): the table types
    # what the card did, and only its flow is told here.
    gone = [n for n, p in before["players"].items() if p["poste"] is not None and after["players"][n]["poste"] is None]
    if step == "land":
        target = window["target"]
        events = [said("{card} lands on {target}.", card=card, target=target)]
        if gone:
            events.append(said("{target}'s Poste, {poste}, goes to the discard.", target=target,
                               poste=card_title(before, str(before["players"][target]["poste"]))))
        return events
    # resolve
    author = window["author"]
    if not before["by_hand"]:       # its dodgers were told as they answered
        return [decks.card_line(author, card, _applied(before, {**after, "window": window}, author))]
    if "remote" not in window:      # an Avantage nobody took the PI of
        return [said("Nobody takes the merit of {card}: its PI go to {author}.", card=card, author=author)]
    remote = window.get("remote", [])
    events = [said("{card} applies to everyone.", card=card) if not remote else
              said("{card} applies to everyone but {remote}.", card=card, remote=remote)]
    if gone:
        events.append(said("The Postes of {players} go to the discard.", players=gone))
    return events


def _play_events(before: State, after: State, action: Action) -> list[Event]:
    name = action["player"]
    card = decks.card_id(before["cards"], action["card"], TITLE)
    title = card_title(before, card)
    left = play_limit(after, name) - len(after["played"])
    kind = index(before).types[card]
    deck = index(before)
    if kind == "Attaque":
        events = [said("{player} plays {card} against {target}.", player=name, card=title, target=action["target"]),
                  said("{target} may answer it with a Trahison, or take it.", target=action["target"])]
    elif not before["by_hand"] and (kind == "Poste" or after["window"] is None):
        old = before["players"][name]["poste"]
        held = [] if kind != "Poste" else [Message("Poste held") if old is None else
                                           Message("Poste in place of {poste}", poste=card_title(before, old))]
        events = [decks.card_line(name, title, held + _applied(before, after, name, laid=name))]
    elif kind == "Poste":
        events = [said("{player} takes the Poste {card}.", player=name, card=title)]
        old = before["players"][name]["poste"]
        if old is not None:
            events.append(said("{player}'s former Poste, {poste}, goes to the discard.", player=name,
                               poste=card_title(before, old)))
    elif kind == "Annonce":
        events = [said("{player} plays {card}.", player=name, card=title),
                  said("Before it applies, each colleague may answer it with {answer}.",
                       answer=[card_title(before, key) for key in deck.dodges])]
    elif after["window"] is not None and before["by_hand"]:     # its PI typed once it applies
        events = [said("{player} plays {card}.", player=name, card=title),
                  said("Before its PI go to {player}, a colleague may take them with {answer}.", player=name,
                       answer=[card_title(before, key) for key in deck.takes_gain])]
    elif after["window"] is not None:
        events = [said("{player} plays {card}.", player=name, card=title),
                  said(plural("Before its {n} PI goes to {player}, a colleague may take it with {answer}.",
                              "Before its {n} PI go to {player}, a colleague may take them with {answer}.",
                              gain_of(before, card, name)),
                       player=name, n=gain_of(before, card, name),
                       answer=[card_title(before, key) for key in deck.takes_gain])]
    else:       # by hand, an Avantage that brings no PI: of its effects LEGACY_CARDS holds the shield
        events = [said("{player} plays {card}.", player=name, card=title)]
        if effect(before, card, "protect", False):
            events.append(said("No Attaque may aim at {player} until their next turn.", player=name))
    if left:
        events.append(said(plural("{player} may play {n} more card this turn.",
                                  "{player} may play {n} more cards this turn.", left), player=name, n=left))
    else:
        events.append(said("{player} has played every card allowed this turn.", player=name))
    return events


def _react_events(before: State, after: State, action: Action) -> list[Event]:
    """What an answer to the card in the window did, or that its colleague let it pass."""
    name, window = action["player"], in_window(before)
    if action["step"] == "pass":
        return [said("{player} lets {card} pass.", player=name, card=card_title(before, window["card"]))]
    answer = decks.card_id(before["cards"], action["card"], TITLE)
    shown_answer, card = card_title(before, answer), card_title(before, window["card"])
    deck = index(before)
    if answer in deck.redirects:
        done = in_window(after)["redirections"]
        events = [said(plural("{player} answers with {answer}: {card} now aims at {to} ({n} redirection of {most}).",
                              "{player} answers with {answer}: {card} now aims at {to} ({n} redirections of {most}).", done),
                       player=name, answer=shown_answer, card=card, to=action["to"], n=done, most=MAX_REDIRECTIONS)]
        if done >= MAX_REDIRECTIONS:
            events.append(said("{card} lands on {to} with no other answer.", card=card, to=action["to"]))
        return events
    if answer in deck.takes_gain and not before["by_hand"]:
        return [decks.card_line(name, shown_answer, _applied(before, after, name, laid=name))]
    if answer in deck.takes_gain:
        return [said("{player} answers with {answer}: the PI of {card} go to {player}, Poste bonus included.",
                     player=name, answer=shown_answer, card=card)]
    if answer in deck.dodges:
        return [said("{player} answers with {answer}: {card} does not touch them.", player=name, answer=shown_answer,
                     card=card)]
    return [said("{player} answers with {answer}: {card} is cancelled and goes to the discard.", player=name,
                 answer=shown_answer, card=card)]


# The game, declared once (scorekeeper/rules/declaration.py): what code serving any game reads.
RULES = GameRules(
    id=GAME_ID, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, options=("target",),
    fields=FIELDS, setup=setup, take=take, pending=pending, anytime=anytime, outcome=outcome,
    current_player=current_player, standings=standings, canonical=canonical,
    actors={"steal": "thief", "deck_empty": None},     # the deck runs out for the whole table
    corrections=CORRECTIONS, secret_fields=SECRET_FIELDS, secret_by_player=SECRET_BY_PLAYER, card_types=CARD_TYPES)
