"""Promotion (RULES.md §3): office politics and Influence Points (PI).

The engine keeps the PI (`gain`, `lose`, `steal`), the reshuffles and the office closing
(`deck_empty`), exactly as typed entry by entry. Where the table records the turn (`turn`
lines: guided play, the phones and the bots write them as `pending` asks), the engine also
keeps the turn itself, with the cards by their printed titles (CARDS):

- Seating is the header's order, and play goes to the right: the player after Ana in the
  header is the one on her right, the last player's right is the first. Nobody's turn has
  begun: any player may start (`turn` step "start").
- A turn: "start", then "draw" (1 card; DIRECTEUR_DRAW with the Directeur) or "burnout"
  (a turn begun with an empty hand: BURNOUT_DRAW cards and the turn ends), then up to
  PLAY_PER_TURN "play" steps (STAGIAIRE_PLAY with the Stagiaire held), each naming its
  `card`, never twice the same title in one turn, then "end" (the hand goes down to
  END_OF_TURN_HAND_LIMIT: the table's own doing).
- The Poste each player holds is state (`poste`): a new one replaces the old, Mise au
  placard discards the target's, Nouvel organigramme everyone's. Tournée de croissants
  keeps Attaques off its player (`shielded`) until their next turn starts.
- Trahisons are played off-turn, in the reaction window a card opens (`window`):
  * an Attaque names its `target`; the target answers ("react": Serveur en panne cancels
    an Accusation, Arrêt maladie any other Attaque, C'est pas moi, c'est lui ! sends it
    `to` another colleague) or takes it ("land"). Redirected MAX_REDIRECTIONS times, it
    lands with no other answer: only "land" is awaited;
  * an Annonce: each colleague may answer with Télétravail (that Annonce does not touch
    them: Nouvel organigramme leaves them their Poste); then its author "resolve"s it;
  * an Avantage that brings PI (Flatterie, Entretien annuel): one colleague may take its
    PI with Mérite volé; the colleagues are listed from the author's right, the order the
    table asks them in; then its author "resolve"s it.
- What the cards do to hands and the deck (draws, discards, Sabotage, Séminaire) is the
  table's: the engine holds no hand. The PI a card moves are entered as `gain`, `lose` or
  `steal`, accepted at any moment, like `deck_empty`.

Once the log holds a `turn` line, a `turn` line the flow does not await is refused with a
sentence saying what the game waits for. A session without `turn` lines works as before, and
so does a file of the older guided play, whose only `turn` lines were the turns' starts: a
"start" is accepted for anyone until the log records another step.
Nothing in Promotion is secret: every view is the whole state.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from scorekeeper.errors import N_, RuleViolation, plural
from scorekeeper.rules import deck as decks
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
from scorekeeper.rules.fields import Name, PerPlayer, Whole, Word, act, declare
from scorekeeper.rules.flow import (
    FROM_TABLE,
    Action,
    Decision,
    Event,
    Seat,
    answering,
    decision,
    per_state,
    said,
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
DIRECTEUR_DRAW = 2             # the seed's Directeur draws 2 instead of DRAW_PER_TURN
STAGIAIRE_PLAY = 3             # the seed's Stagiaire plays 3 instead of PLAY_PER_TURN

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
    kind = card["type"]
    for field, value in card.items():
        if field in decks.CARD_FIELDS or field in decks.TEXT_FIELDS:
            continue
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
    for first, second in _PAIRS:
        if (first in card) != (second in card):
            raise RuleViolation("The card {id} needs both {first} and {second}, or neither.",
                                field=second if first in card else first, id=key, first=repr(first),
                                second=repr(second))
    if kind == "Trahison" and sum(field in card for field in _ANSWERS) != 1:
        raise RuleViolation("The Trahison {id} answers with exactly one of {effects}.", field="type", id=key,
                            effects=", ".join(_ANSWERS))


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


# The project's 20 designs by printed title (layouts/promotion/cards.yaml holds their texts
# and copies): what the turn's flow needs to know of each card is its type and, for the few
# named below, its part in the flow.
CARDS = {
    "Directeur": "Poste", "Stagiaire": "Poste", "Délégué syndical": "Poste", "Chef de projet": "Poste",
    "Accusation": "Attaque", "Sabotage": "Attaque", "Plagiat": "Attaque", "Mise au placard": "Attaque",
    "Serveur en panne": "Trahison", "C'est pas moi, c'est lui !": "Trahison", "Arrêt maladie": "Trahison",
    "Mérite volé": "Trahison", "Télétravail": "Trahison",
    "Flatterie": "Avantage", "Entretien annuel": "Avantage", "Heures sup": "Avantage",
    "Tournée de croissants": "Avantage",
    "Audit": "Annonce", "Séminaire de cohésion": "Annonce", "Nouvel organigramme": "Annonce",
}
DIRECTEUR, STAGIAIRE = "Directeur", "Stagiaire"
ACCUSATION, PLACARD = "Accusation", "Mise au placard"
SERVEUR, REDIRECTION, MALADIE = "Serveur en panne", "C'est pas moi, c'est lui !", "Arrêt maladie"
MERITE, TELETRAVAIL = "Mérite volé", "Télétravail"
PI_AVANTAGES = ("Flatterie", "Entretien annuel")   # the Avantages that bring PI: Mérite volé answers them
CROISSANTS, ORGANIGRAMME = "Tournée de croissants", "Nouvel organigramme"
IN_TURN = tuple(card for card, kind in CARDS.items() if kind != "Trahison")   # the cards a turn plays
ATTAQUES = tuple(card for card, kind in CARDS.items() if kind == "Attaque")

# The session actions of SCOREKEEPER.md, and `turn`.
ACTIONS = ("gain", "lose", "steal", "deck_empty", "turn")
# What the table sets by hand for any player (SCOREKEEPER.md: "corrections"): the host's to enter.
CORRECTIONS = ("gain", "lose", "steal")
# The steps of a turn (`turn` lines), as the module docstring tells them.
TURN_STEPS = ("start", "draw", "burnout", "play", "react", "land", "resolve", "end")
SECRET_FIELDS: tuple[str, ...] = ()      # nothing in Promotion is secret: the engine holds no hand
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
                card=Word(label=N_("The card {player} plays"), choices=tuple(CARDS), needed=False),
                target=Name(label=N_("the target"), needed=False),
                to=Name(label=N_("the colleague the Attaque is sent to"), needed=False)),
})
assert FIELDS.names == ACTIONS


class Player(TypedDict):
    pi: int
    poste: str | None       # the Poste card held (its title)
    shielded: bool          # a Tournée de croissants keeps Attaques off until their next turn


class Window(TypedDict):
    """The card awaiting answers: an Attaque has its `target` and `redirections`, an Annonce
    the colleagues who answered it from home (`remote`), a PI Avantage neither."""

    card: str
    author: str
    target: NotRequired[str]
    redirections: NotRequired[int]
    remote: NotRequired[list[str]]


class State(TypedDict):
    game: str
    cards: dict[str, Card] | None
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
    """Hand size and target from the player-count table; everyone starts with 1 PI. `deck`
    is the session header's (read_deck); None for a header without one."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    cards = None if deck is None else read_deck(deck)
    options = check_option_names(options, TITLE, ("target",))
    hand_size, target = PLAYER_TABLE[len(names)]
    if "target" in options:
        target = _target_option(options["target"])
    return {
        "game": GAME_ID,
        "cards": cards,     # the header's deck (id -> card), None without one
        "options": {"target": target} if "target" in options else {},
        "target": target,
        "hand_size": hand_size,
        "reshuffles": 0,
        "players": {name: {"pi": START_PI, "poste": None, "shielded": False} for name in names},
        "over": False,
        # whose turn and its latest step, once the log records turns (`turn` lines)
        "turn": None,
        "played": [],       # the cards played this turn (titles), in order
        "window": None,     # the card awaiting answers: {"card", "author", "target", "redirections", "remote"}
        # whether the log records a turn's steps beyond its start: until then a `start` is
        # accepted for anyone, as in the files of the older guided play, which wrote only those
        "steps": False,
        "winners": [],
        # how the game ended: "target" or "office closed" (None while it goes on)
        "end": None,
    }


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


def _close_office(state: State, hands: dict[str, int]) -> None:
    """Most PI wins; a tie goes to most cards in hand; still tied, a shared win (RULES.md §3.6)."""
    tied = leaders(state)
    best = state["players"][tied[0]]["pi"]
    if len(tied) > 1:
        missing = [name for name in tied if name not in hands]
        if missing:
            raise RuleViolation("{tied} are tied on {best} PI as the office closes: give the cards in hand of {missing} (hands) to break the tie.", tied=tied, best=best, missing=missing)
        most = max(hands[name] for name in tied)
        tied = [name for name in tied if hands[name] == most]
    state["over"], state["end"], state["winners"] = True, "office closed", tied


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
    """The cards `name` draws at the start of a turn (RULES.md §3.2)."""
    return DIRECTEUR_DRAW if state["players"][name]["poste"] == DIRECTEUR else DRAW_PER_TURN


def play_limit(state: State, name: str) -> int:
    """The cards `name` may play this turn, Trahisons apart (RULES.md §3.2)."""
    return STAGIAIRE_PLAY if state["players"][name]["poste"] == STAGIAIRE else PLAY_PER_TURN


def answers(card: str) -> tuple[str, ...]:
    """The Trahisons that cancel an Attaque (C'est pas moi, c'est lui ! redirects any)."""
    return (SERVEUR,) if card == ACCUSATION else (MALADIE,)


def attack_targets(state: State, author: str, card: str) -> list[str]:
    """Whom `author` may aim `card` at: a colleague no Tournée de croissants protects, and
    for Mise au placard one who holds a Poste."""
    return [name for name, p in state["players"].items()
            if name != author and not p["shielded"] and (card != PLACARD or p["poste"] is not None)]


def step_choices(state: State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What a step of the turn still needs once some of it is answered (a phone asks it field
    by field): a card only to play or answer one, a target only for an Attaque (those it may
    aim at), a colleague only to pass an attack on. Other decisions as they are."""
    choices = decision["choices"]
    step = answers.get("step")
    if decision["action"] != "turn" or step is None:
        return choices
    card = answers.get("card")
    needed = {"player", "step"} | ({"card"} if step in ("play", "react") else set())
    narrowed = {field: choice for field, choice in choices.items() if field in needed}
    if step == "play" and card in CARDS and CARDS[card] == "Attaque" and "target" in choices:
        author = decision["player"] or answers.get("player")
        narrowed["target"] = [name for name in choices["target"]
                              if author is None or name in attack_targets(state, author, card)]
    if step == "react" and card == REDIRECTION and "to" in choices:
        narrowed["to"] = choices["to"]
    return narrowed


def redirect_targets(state: State) -> list[str]:
    """Where the target of the Attaque in the window may send it: any other colleague,
    its author included, that the attack may reach."""
    window = in_window(state)
    return attack_targets(state, window["target"], window["card"])


def playable(state: State, reachable: list[str]) -> list[str]:
    """The titles the player whose turn it is may play now, `reachable` the colleagues no
    Tournée de croissants protects: no Trahison (those answer), none already played this
    turn, no Attaque without a colleague to aim at."""
    # attack_targets for every card at once: pending is asked at every step, so it stays cheap
    if not reachable:
        unplayable = [*state["played"], *ATTAQUES]
    elif all(state["players"][name]["poste"] is None for name in reachable):
        unplayable = [*state["played"], PLACARD]
    else:
        unplayable = state["played"]
    return [card for card in IN_TURN if card not in unplayable]


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
        return "attack" if "target" in window else ("avantage" if window["card"] in PI_AVANTAGES else "annonce")
    if turn["step"] in ("end", "burnout"):
        return "start"
    if turn["step"] == "start":
        return "draw"
    return "play"


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
    if phase == "attack":
        if window["redirections"] >= MAX_REDIRECTIONS:
            return RuleViolation(plural("The game waits for {card} to land on {target}: redirected {n} time, it takes no other answer.",
                                        "The game waits for {card} to land on {target}: redirected {n} times, it takes no other answer.",
                                        window["redirections"]),
                                 card=window["card"], target=window["target"], n=window["redirections"])
        return RuleViolation("The game waits for {target} to answer {card} with a Trahison or to take it.",
                             target=window["target"], card=window["card"])
    answer = MERITE if phase == "avantage" else TELETRAVAIL
    return RuleViolation("The game waits for answers to {card} ({answer}) or for {author} to apply it.",
                         card=window["card"], answer=answer, author=window["author"])


def _card(action: Action, kinds: tuple[str, ...]) -> str:
    card: str | None = action.get("card")
    if card is None:
        raise RuleViolation("The step {step} needs the card played.", step=action["step"])
    if CARDS[card] not in kinds:
        raise RuleViolation("{card} is a card of type {kind}, not one to {step}.", card=card, kind=CARDS[card],
                            step=action["step"])
    return card


def _no_fields(action: Action, *fields: str) -> None:
    for field in fields:
        if field in action:
            raise RuleViolation("The step {step} has no field {name}.", step=action["step"], name=repr(field))


def _turn(state: State, action: Action) -> State:
    name, step = action["player"], action["step"]
    # who and which step first, so that the sentence says what the game waits for; the
    # card, target or redirection then get their own sentence
    bookmark = step == "start" and not state.get("steps")
    if answering(pending(state), {"action": "turn", "player": name, "step": step}) is None and not bookmark:
        window = state["window"]
        if step == "react" and window is not None and name in window.get("remote", ()):
            # The true reason: "the game waits for answers" alone reads as asking for this one.
            raise RuleViolation("{player} has already answered {card} with {answer}. {waiting}", player=name,
                                card=window["card"], answer=TELETRAVAIL, waiting=waiting(state))
        raise waiting(state)
    # copy on write: a step changes one record at most (an Organigramme every Poste held)
    new = state.copy()
    owner = name if step == "start" else recorded_turn(state)["player"]
    if step not in ("play", "react"):
        _no_fields(action, "card", "target", "to")
    if step == "start":
        if state["players"][name]["shielded"]:
            own(new, state, name)["shielded"] = False      # a Tournée de croissants lasts until now
        new["played"] = []
    elif step == "play":
        card = _card(action, ("Poste", "Attaque", "Avantage", "Annonce"))
        if card in state["played"]:
            raise RuleViolation("{player} has already played {card} this turn: no two identical cards in one turn.",
                                player=name, card=card)
        new["played"] = state["played"] + [card]
        if CARDS[card] == "Attaque":
            target = action.get("target")
            if target is None:
                raise RuleViolation("{card} needs a target: the colleague it aims at.", card=card)
            if target not in attack_targets(state, name, card):
                raise RuleViolation("{card} cannot aim at {target}; it may aim at {targets}.", card=card,
                                    target=target, targets=attack_targets(state, name, card) or ["nobody"])
            _no_fields(action, "to")
            new["window"] = {"card": card, "author": name, "target": target, "redirections": 0}
        else:
            _no_fields(action, "target", "to")
            if CARDS[card] == "Poste":
                own(new, state, name)["poste"] = card
            elif CARDS[card] == "Annonce":
                new["window"] = {"card": card, "author": name, "remote": []}
            elif card in PI_AVANTAGES:
                new["window"] = {"card": card, "author": name}
            elif card == CROISSANTS:
                own(new, state, name)["shielded"] = True
    elif step == "react":
        new["window"] = _react(state, name, action)
    elif step == "land":
        window = in_window(state)
        if window["card"] == PLACARD:
            own(new, state, window["target"])["poste"] = None
        new["window"] = None
    elif step == "resolve":
        window = in_window(state)
        if window["card"] == ORGANIGRAMME:
            for player in state["players"]:
                if player not in window["remote"]:
                    own(new, state, player)["poste"] = None
        new["window"] = None
    new["turn"] = {"player": owner, "step": step}
    if step != "start":
        new["steps"] = True
    return new


def _react(state: State, name: str, action: Action) -> Window | None:
    """The window after `name` answers it with a Trahison (None: the window closes)."""
    window = in_window(state)
    card = _card(action, ("Trahison",))
    if "target" in window:
        _no_fields(action, "target")
        if card == REDIRECTION:
            to = action.get("to")
            if to is None:
                raise RuleViolation("{card} needs the colleague it sends the Attaque to.", card=REDIRECTION)
            if to not in redirect_targets(state):
                raise RuleViolation("{player} cannot send {card} to {to}; it may go to {targets}.", player=name,
                                    card=window["card"], to=to, targets=redirect_targets(state) or ["nobody"])
            return {**window, "target": to, "redirections": window["redirections"] + 1}
        _no_fields(action, "to")
        if card not in answers(window["card"]):
            raise RuleViolation("{answer} does not answer {card}; {answers} does, or {redirection}.",
                                answer=card, card=window["card"], answers=list(answers(window["card"])),
                                redirection=REDIRECTION)
        return None
    _no_fields(action, "target", "to")
    expected = MERITE if window["card"] in PI_AVANTAGES else TELETRAVAIL
    if card != expected:
        raise RuleViolation("{answer} does not answer {card}; {expected} does.", answer=card,
                            card=window["card"], expected=expected)
    if expected == MERITE:
        return None
    return {**window, "remote": window["remote"] + [name]}


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
        return [decision("turn", turn["player"], step=["draw", "burnout"])]
    if phase == "play":
        name = turn["player"]
        reachable = [n for n, p in state["players"].items() if n != name and not p["shielded"]]
        cards = playable(state, reachable) if len(state["played"]) < play_limit(state, name) else []
        if not cards:
            return [decision("turn", name, step=["end"])]
        return [decision("turn", name, step=["play", "end"], card=cards, target=reachable)]
    window = in_window(state)
    if phase == "attack":
        target = window["target"]
        if window["redirections"] >= MAX_REDIRECTIONS:
            return [decision("turn", target, step=["land"])]
        cards, to = list(answers(window["card"])), redirect_targets(state)
        if to:
            return [decision("turn", target, step=["react", "land"], card=cards + [REDIRECTION], to=to)]
        return [decision("turn", target, step=["react", "land"], card=cards)]
    author = window["author"]
    answering_players = [n for n in from_the_right(state, author) if n not in window.get("remote", ())]
    close = decision("turn", author, step=["resolve"])
    if not answering_players:
        return [close]
    card = MERITE if phase == "avantage" else TELETRAVAIL
    return [_one_of("turn", answering_players, step=["react"], card=[card]), close]


@per_state
def anytime(state: State) -> list[Decision]:
    """The PI the cards move and the deck running out: the table enters them whenever
    they happen."""
    if state["over"]:
        return []
    names = list(state["players"])
    return [_one_of("gain", names, amount=whole(1)),
            _one_of("lose", names, amount=whole(1)),
            decision("steal", None, thief=names, victim=names, amount=whole(1)),
            decision("deck_empty", None, hands=FROM_TABLE)]


def apply(state: State, action: Action) -> State:
    """The state after one action; refuses with RuleViolation, never mutates `state`."""
    kind = FIELDS.check(state, action)
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
            raise RuleViolation("{thief} cannot steal from themselves.", thief=thief)
        taken = min(amount, players[victim]["pi"])
        players[victim]["pi"] -= taken
        players[thief]["pi"] += taken
        _check_target(new, thief)
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
        events.append(_ending(after, action))
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
    if kind == "steal":
        thief, victim = action["thief"], action["victim"]
        moved = before["players"][victim]["pi"] - after["players"][victim]["pi"]
        if moved == 0:
            return [said("{victim} has no PI: {thief} takes nothing.", victim=victim, thief=thief)]
        return [said("{thief} takes {moved} PI from {victim}: {thief} has {has}, {victim} {left}.", thief=thief,
                     victim=victim, moved=moved, has=after["players"][thief]["pi"],
                     left=after["players"][victim]["pi"])]
    name = action["player"]
    was, now = before["players"][name]["pi"], after["players"][name]["pi"]
    if kind == "gain":
        return [said("{player} gains {amount} PI and has {now}.", player=name, amount=now - was, now=now)]
    if was == now:
        return [said("{player} has no PI left to lose: nothing changes.", player=name)]
    return [said("{player} loses {amount} PI and has {now}.", player=name, amount=was - now, now=now)]


def _ending(state: State, action: Action) -> Event:
    """Who won and why."""
    winners = state["winners"]
    if state["end"] == "target":
        return said("{player} reaches {target} PI and wins at once.", player=winners[0], target=state["target"])
    pi = state["players"][winners[0]]["pi"]
    tied = leaders(state)
    if len(tied) == 1:
        return said("The office closes: {player} wins with the most PI ({pi}).", player=winners[0], pi=pi)
    cards = action["hands"][winners[0]]
    if len(winners) == 1:
        return said(plural("The office closes: {tied} are tied on {pi} PI; {player} wins with the most cards in hand ({cards}).",
                           "The office closes: {tied} are tied on {pi} PI; {player} wins with the most cards in hand ({cards}).",
                           cards), tied=tied, pi=pi, player=winners[0], cards=cards)
    return said(plural("The office closes: {players} share the win, tied on {pi} PI and {cards} card in hand.",
                       "The office closes: {players} share the win, tied on {pi} PI and {cards} cards in hand.", cards),
                players=winners, pi=pi, cards=cards)


def _turn_events(before: State, after: State, action: Action) -> list[Event]:
    name, step = action["player"], action["step"]
    if step == "start":
        events = [said("{player}'s turn begins.", player=name)]
        if before["players"][name]["shielded"]:
            events.append(said("The Tournée de croissants of {player} goes to the discard: attacks may aim at them again.",
                               player=name))
        return events
    if step == "draw":
        n = draws(before, name)
        return [said(plural("{player} draws {n} card.", "{player} draws {n} cards.", n), player=name, n=n)]
    if step == "burnout":
        return [said(plural("{player} is in burnout: draws {n} card and the turn ends.",
                            "{player} is in burnout: draws {n} cards and the turn ends.", BURNOUT_DRAW),
                     player=name, n=BURNOUT_DRAW)]
    if step == "end":
        return [said(plural("{player}'s turn ends: down to {n} card in hand at most.",
                            "{player}'s turn ends: down to {n} cards in hand at most.", END_OF_TURN_HAND_LIMIT),
                     player=name, n=END_OF_TURN_HAND_LIMIT)]
    if step == "play":
        return _play_events(before, after, action)
    if step == "react":
        return _react_events(before, after, action)
    window = in_window(before)
    if step == "land":
        events = [said("{card} lands on {target}.", card=window["card"], target=name)]
        if window["card"] == PLACARD:
            events.append(said("{target}'s Poste, {poste}, goes to the discard.", target=name,
                               poste=before["players"][name]["poste"]))
        return events
    # resolve
    remote = window.get("remote", [])
    events = [said("{card} applies to everyone.", card=window["card"]) if not remote else
              said("{card} applies to everyone but {remote}.", card=window["card"], remote=remote)]
    if window["card"] == ORGANIGRAMME:
        gone = [n for n, p in before["players"].items() if p["poste"] is not None and after["players"][n]["poste"] is None]
        if gone:
            events.append(said("The Postes of {players} go to the discard.", players=gone))
        drawing = [n for n in after["players"] if n not in remote]
        events.append(said(plural("{players} draws 1 card.", "{players} each draw 1 card.", len(drawing)),
                           players=drawing))
    if window["card"] in PI_AVANTAGES:
        events = [said("Nobody takes the merit of {card}: its PI go to {author}.", card=window["card"],
                       author=window["author"])]
    return events


def _play_events(before: State, after: State, action: Action) -> list[Event]:
    name, card = action["player"], action["card"]
    left = play_limit(after, name) - len(after["played"])
    kind = CARDS[card]
    if kind == "Attaque":
        events = [said("{player} plays {card} against {target}.", player=name, card=card, target=action["target"])]
    elif kind == "Poste":
        events = [said("{player} takes the Poste {card}.", player=name, card=card)]
        old = before["players"][name]["poste"]
        if old is not None:
            events.append(said("{player}'s former Poste, {poste}, goes to the discard.", player=name, poste=old))
    else:
        events = [said("{player} plays {card}.", player=name, card=card)]
    if kind == "Attaque":
        events.append(said("{target} may answer it with a Trahison, or take it.", target=action["target"]))
    elif kind == "Annonce":
        events.append(said("Before it applies, each colleague may answer it with {answer}.", answer=TELETRAVAIL))
    elif card in PI_AVANTAGES:
        events.append(said("Before its PI go to {player}, a colleague may take them with {answer}.", player=name,
                           answer=MERITE))
    elif card == CROISSANTS:
        events.append(said("No Attaque may aim at {player} until their next turn.", player=name))
    if left:
        events.append(said(plural("{player} may play {n} more card this turn.",
                                  "{player} may play {n} more cards this turn.", left), player=name, n=left))
    else:
        events.append(said("{player} has played every card allowed this turn.", player=name))
    return events


def _react_events(before: State, after: State, action: Action) -> list[Event]:
    name, answer, window = action["player"], action["card"], in_window(before)
    card = window["card"]
    if answer == REDIRECTION:
        done = in_window(after)["redirections"]
        events = [said(plural("{player} answers with {answer}: {card} now aims at {to} ({n} redirection of {most}).",
                              "{player} answers with {answer}: {card} now aims at {to} ({n} redirections of {most}).", done),
                       player=name, answer=answer, card=card, to=action["to"], n=done, most=MAX_REDIRECTIONS)]
        if done >= MAX_REDIRECTIONS:
            events.append(said("{card} lands on {to} with no other answer.", card=card, to=action["to"]))
        return events
    if answer == MERITE:
        return [said("{player} answers with {answer}: the PI of {card} go to {player}, Poste bonus included.",
                     player=name, answer=answer, card=card)]
    if answer == TELETRAVAIL:
        return [said("{player} answers with {answer}: {card} does not touch them.", player=name, answer=answer,
                     card=card)]
    return [said("{player} answers with {answer}: {card} is cancelled and goes to the discard.", player=name,
                 answer=answer, card=card)]
