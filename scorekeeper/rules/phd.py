"""PHD (RULES.md §1): Pression and Crédit, chapters, controversies and the defence.

Decisions taken with the printed turn aid, which the engine's flow follows:
- a Superviseur card changes Pression and Crédit like C'est la vie (an `adjust`), then says
  what happens to a submitted chapter (`approve`, `controversy`, `revoke`, or nothing);
- the thesis defence (`defend`) starts right after the approval that completes the chapters
  needed (§1.8), in the same turn; a failed defence may be retried at the start of a later
  turn of that player. A player without an Argument card cannot defend (§1.8 needs one):
  the step "no-defence" records it, and the retry waits for a later turn;
- a turn is Vivre (one event) then one Recherche, or two after a Challenge won in Vivre;
  none when Pression fell to 0 during the turn, and no second one when the first brought it
  to 0; Pression already at 0 when the turn began did not fall (§1.3).

The turn as the engine's steps (`turn` lines, `{"action": "turn", "player", "step"}`):
- "start": the turn of the next player in seating order who still plays begins. A failed
  defence may be retried now (`defend`), before the Vivre card;
- the event card, in Vivre or played from the hand in Recherche, is a step the engine cannot
  guess: "vie" (C'est la vie: an `adjust` of the player), "challenge" (a `challenge`),
  "cooperation" (`adjust`s of any players, then "done"), "superviseur" (an `adjust`, then
  `approve`, `controversy`, `revoke` with an approved chapter, or "done" for nothing); in
  Vivre also "none" (no card). "done" closes a card whose effects are all entered (a C'est
  la vie or Superviseur card that changes nothing);
- the Recherche actions: "draw-events" (2 Événements), "draw-argument" (1 Argument), an
  event card kind (playing a card from the hand, as in Vivre), or `submit` itself;
- "no-defence": the defence that an approval started is not held (see above).
The state's `turn` says where the turn stands (`stage`, the card being resolved, the
Recherche phases had and allowed, whether Pression fell to 0), so `pending` reads it
without replaying anything. Once the log holds a `turn` line the flow is enforced; a
session typed entry by entry without them works as before. Anytime: a Coopération card
played at its printed moment (`cooperate` by card; an `adjust` of any player still playing
for a card written by hand), in the timed variant the empty event deck (`deck_empty`,
whoever is at the table), and with a deck the host's count of a hand put right (`hand`:
the engine counts the cards in hand, see "cards in hand" below). Files written before
these steps (steps "vivre", "vivre-cooperation", "vivre-superviseur", "recherche",
"recherche-1-of-2", "recherche-2-of-2") still load: such a turn is not enforced until the
next "start".
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from scorekeeper.errors import N_, Message, RuleViolation, plural
from scorekeeper.rules import deck as decks
from scorekeeper.rules import hands as in_hand
from scorekeeper.rules.checks import (
    check_option_names,
    check_players,
    is_int,
    need_game_on,
    ranked,
    shown,
)
from scorekeeper.rules.declaration import GameRules
from scorekeeper.rules.fields import Card, Die, Name, PerKey, PerPlayer, Whole, Wholes, Word, act, declare
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

GAME_ID = "phd"
TITLE = "PHD"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

Resource = Literal["pression", "credit"]
RESOURCES: tuple[Resource, ...] = ("pression", "credit")
RESOURCE_MIN, RESOURCE_MAX = 0, 20
RESOURCE_START = 4
BURNOUT_AT = RESOURCE_MAX      # Pression reaching this eliminates the player
BINGO_AT = RESOURCE_MAX        # Crédit reaching this makes the player leave as a winner
DIE_MIN, DIE_MAX = 1, 6
CHAPTER_COST: dict[Resource, int] = {"pression": 5, "credit": 5}
CHAPTER_OPTIONS = (1, 2, 3, 5)
DEFAULT_CHAPTERS = 3
CONTROVERSY_NET_TO_WIN = 1     # a tie or no argument never suffices
DEFENCE_NET_TO_WIN = 1
HAND_LIMIT = 9
RECHERCHE_MAX_PER_TURN = 2
MARKERS_PER_PLAYER = 5
# Cards drawn at setup and by a Recherche draw action (seed); with a deck in the header the
# engine counts each hand from them (see "cards in hand" below).
# RULES.md §1: the decks the kit prints hold at least this many cards (the kit refuses a
# layout with fewer).
MIN_EVENT_CARDS = 48
MIN_ARGUMENT_CARDS = 24
START_HAND = {"events": 3, "arguments": 2}
DEALT = sum(START_HAND.values())
RECHERCHE_DRAW = {"events": 2, "arguments": 1}
TIMED_POINTS: dict[Literal["approved", "pending", "credit"], int] = {"approved": 15, "pending": 10, "credit": 1}

TIMED_OPTION_DEFAULT = False

# The session actions of SCOREKEEPER.md, and the words the engine uses for them.
ACTIONS = ("adjust", "challenge", "submit", "approve", "controversy", "revoke", "defend", "deck_empty", "turn",
           "cooperate", "hand")
# What the table sets by hand for any player (SCOREKEEPER.md: "corrections"): the host's to enter.
CORRECTIONS = ("adjust", in_hand.ACTION)
# The engine's steps of a turn (`turn` lines; see the docstring).
CARD_KINDS = ("vie", "challenge", "cooperation", "superviseur")
VIVRE_ONLY = ("none",)                       # no event card revealed
DRAWS = ("draw-events", "draw-argument")     # the Recherche draws
TURN_STEPS = ("start",) + CARD_KINDS + VIVRE_ONLY + DRAWS + ("done", "no-defence")
# Steps of files written before the engine owned the turn: accepted, never enforced.
LEGACY_STEPS = ("vivre", "vivre-cooperation", "vivre-superviseur", "recherche", "recherche-1-of-2",
                "recherche-2-of-2")
# The resources as the table reads them: the game's own French words are the message ids, so
# French reads them as the cards print them and the English catalogue gives the glossary's
# (Pressure, Credit); a sentence takes them as Message(RESOURCE_NAMES[key]) to be translated.
RESOURCE_NAMES = {"pression": N_("Pression"), "credit": N_("Crédit")}

# -- the deck (SCOREKEEPER.md "Cards at the table") ------------------------------------
# The cards the kit printed, as the session header records them (layouts/phd/events.yaml and
# arguments.yaml): each event card is of one of CARD_KINDS, each Argument of ARGUMENT. Their
# rule data, by type (signed changes of Pression and Crédit unless said):
#   vie:         pression, credit, postit {value, resource}
#   superviseur: pression, credit, postit, and chapter (one of OUTCOMES) or roll: a list of
#                {faces: [first, last], outcome} covering the die once
#   cooperation: moment {kind, at?} (one of MOMENTS: when it may be played), you and other
#                {pression?, credit?}, modifier (added to the test of its moment), and what
#                it does to the moment's test or hands:
#                draw_arguments (Argument cards drawn by its player and by the player its
#                moment concerns: whose turn begins...), passes_challenge (true: the
#                Challenge at hand goes to the player it names, `other`, who resolves it
#                with their own resources, off their turn; moment own-challenge),
#                cancels_failure (true: the failure of the Challenge just lost is undone,
#                with all it changed; moment other-challenge-lost)
#   challenge:   resource, difficulty, success and failure {pression?, credit?, hand?}, where
#                hand {draw_events?, draw_arguments?, discard?, who?} is what the result does
#                to the hands (HAND_CHANGES): cards drawn from each deck, cards discarded
#                (which ones the player chooses: the engine counts how many), by its player
#                (who: you, the default) or by every player still playing (who: everyone)
#   argument:    value (signed, never 0), controversy (true: counts only in a controversy
#                or a defence)
# and the texts printed with them (text, effect, when, and a success's or failure's text),
# which the faces show and the engine never reads.
ARGUMENT = "argument"
CARD_TYPES = CARD_KINDS + (ARGUMENT,)
OUTCOMES = ("approve", "controversy", "revoke", "none")
CARD_SPAN = RESOURCE_MAX - RESOURCE_MIN           # a change sweeps the whole track at most
# When a Coopération may be played, as its card says (its `when` prints it): who is
# concerned (`other` defaults to them), and the threshold `at` where the moment has one.
MOMENTS = ("any", "own-challenge", "other-challenge", "other-challenge-won", "other-challenge-lost", "submit",
           "test", "pression-at-least", "credit-at-most", "other-turn-start")
MOMENTS_WITH_AT = ("pression-at-least", "credit-at-most")
SIDES = ("support", "opposition")
_CARD_TEXTS = ("effect", "when")
# What a card's `hand` does to the hands it names: cards drawn from each deck, cards discarded.
HAND_CHANGES = ("draw_events", "draw_arguments", "discard")
HAND_WHO = ("you", "everyone")
# A Coopération's effect on the test of its moment, and that moment.
_MOMENT_EFFECTS = {"passes_challenge": "own-challenge", "cancels_failure": "other-challenge-lost"}


def _changes(label: str, item: str) -> PerKey:
    """A card's effect on the player's resources: a signed change of Pression and/or Crédit."""
    return PerKey(label=label, keys=RESOURCES, words=RESOURCE_NAMES, needed=False, of=Whole(label=item))


_WHO = Name()
_DIE = Die(label=N_("{player}'s die"), low=DIE_MIN, high=DIE_MAX)
_CARD = Card(label=N_("The card {player} plays"), needed=False)
# An Argument laid on a test: its printed value, or the card by its id or title.
_LAID = {
    "arguments": Wholes(label=N_("{player}'s arguments"), low=0, non_empty=True, cards=True),
    "support": Wholes(label=N_("The support for {player}"), low=0, needed=False, cards=True),
    # an opposing Argument is printed as a malus (-3): typed as printed or as the amount it
    # takes away (3), it opposes by its size
    "opposition": Wholes(label=N_("The opposition to {player}"), needed=False, cards=True),
}
# How many of the cards laid on a test each other player laid from their hand (the engine
# counts the hands: "cards in hand" below); the player tested laid the rest of their own.
_LAID_BY = PerPlayer(label=N_("The cards laid by the other players"), needed=False,
                     of=Whole(label=N_("The cards {key} laid"), low=0))
# Each action's fields (scorekeeper/rules/fields.py), checked before the rules read them.
FIELDS = declare(TITLE, {
    "adjust": act(player=_WHO, pression=Whole(label=N_("{player}'s Pression change"), needed=False),
                  credit=Whole(label=N_("{player}'s Crédit change"), needed=False)),
    # named by its card, a Challenge takes its resource, difficulty and effects from the deck
    "challenge": act(player=_WHO, die=_DIE, card=_CARD,
                     resource=Word(label=N_("The resource {player}'s challenge tests"), choices=RESOURCES,
                                   needed=False),
                     difficulty=Whole(label=N_("The difficulty of {player}'s challenge"), low=0, needed=False),
                     modifiers=Wholes(label=N_("The modifiers of {player}'s challenge"), needed=False, cards=True),
                     laid_by=_LAID_BY,
                     success=_changes(N_("The success of {player}'s challenge"),
                                      N_("The {key} change in the success of {player}'s challenge")),
                     failure=_changes(N_("The failure of {player}'s challenge"),
                                      N_("The {key} change in the failure of {player}'s challenge"))),
    "submit": act(player=_WHO),
    "approve": act(player=_WHO),
    "controversy": act(player=_WHO, **_LAID, laid_by=_LAID_BY),
    "revoke": act(player=_WHO),
    "defend": act(player=_WHO, die=_DIE, **_LAID, laid_by=_LAID_BY),
    "deck_empty": act(),
    # a turn line naming its event card: the card's step is its type (`canonical` fills it in)
    "turn": act(player=_WHO, step=Word(label=N_("The step of {player}'s turn"), choices=TURN_STEPS + LEGACY_STEPS,
                                       needed=False),
                card=_CARD, die=Die(label=N_("{player}'s die"), low=DIE_MIN, high=DIE_MAX, needed=False),
                other=Name(label=N_("the other player"), needed=False)),
    "cooperate": act(player=_WHO, card=Card(label=N_("The card {player} plays")),
                     other=Name(label=N_("the other player"), needed=False),
                     side=Word(label=N_("The side of the test the card's modifier goes to"), choices=SIDES,
                               needed=False)),
    "hand": in_hand.CORRECTION,
})
assert FIELDS.names == ACTIONS
# The rule data each type may have (see "the deck" below; NEEDED: what it must have).
RULE_DATA = {
    "vie": ("pression", "credit", "postit"),
    "superviseur": ("pression", "credit", "postit", "chapter", "roll"),
    "cooperation": ("moment", "you", "other", "modifier", "draw_arguments", "passes_challenge", "cancels_failure"),
    "challenge": ("resource", "difficulty", "success", "failure"),
    ARGUMENT: ("value", "controversy"),
}


class Player(TypedDict):
    pression: int
    credit: int
    pending: int        # chapters submitted, waiting for approval
    approved: int
    status: str         # one of STATUSES
    hand: NotRequired[int]  # cards in hand, as counted from what the engine applies (a deck only)


class Test(TypedDict):
    """The latest die-or-card test: a challenge, a controversy or a defence."""

    kind: str
    player: str
    total: int
    needed: int
    success: bool


class Laid(TypedDict):
    """A Coopération's modifier laid on the coming test, for its side."""

    value: int
    side: str


class Turn(TypedDict):
    """Where the turn stands (see "The turn" below)."""

    player: str
    step: str
    stage: str
    card: str | None
    phase: str
    adjusted: bool
    recherches: int
    done: int
    fell: bool
    legacy: NotRequired[bool]
    played: NotRequired[str | None]     # the id of the card being resolved, when named
    outcome: NotRequired[str | None]    # a Superviseur card's outcome still to enter (controversy)
    laid: NotRequired[list[Laid]]       # modifiers laid by Coopérations on the coming test
    resolver: NotRequired[str]          # who resolves the Challenge at hand, passed on by a Coopération


class Options(TypedDict):
    chapters: int       # approved chapters a thesis needs
    timed: bool         # the variant where the empty event deck ends the game


class State(TypedDict):
    game: str
    options: Options
    players: dict[str, Player]
    over: bool
    turn: Turn | None
    winners: list[str]
    end: str | None
    last_test: Test | None
    scores: NotRequired[dict[str, int]]     # a timed game's, once the event deck is empty
    cards: NotRequired[dict[str, decks.Card] | None]    # the header's deck (id -> card)
    recent: NotRequired[Recent | None]      # the latest entry a Coopération may answer


class Recent(TypedDict):
    """The latest entry but a Coopération: what a Coopération's moment answers."""

    action: str
    player: str | None
    success: NotRequired[bool]
    before: NotRequired[dict[str, Any]]     # a turn's start: the entry that ended the last turn
    # a Challenge lost: what its failure changed for its player, which a Coopération may undo
    # (`cancelled` once one did)
    failure: NotRequired[dict[str, Any]]
    cancelled: NotRequired[bool]

# ---------------------------------------------------------------------------------------
# The rule engine: setup, apply, describe (contract in scorekeeper/rules/__init__.py).
# ---------------------------------------------------------------------------------------

# -- the deck, read from the session header ----------------------------------------------
# One schema of a card's rule data: `card_record` reads and checks a card of the header's
# deck into a typed, frozen record (EventCard, ArgumentCard), and `Record.header()` writes it
# back as the header holds it. The engine keeps the header's own objects in its state (so a
# session replays byte for byte); the kit's faces, the header `kit score new` writes and the
# bots take the records (`deck_records`).

@dataclass(frozen=True)
class Changes:
    """Signed changes of Pression and Crédit (0: unchanged)."""

    pression: int = 0
    credit: int = 0

    def header(self) -> dict[str, int]:
        return {r: v for r, v in (("pression", self.pression), ("credit", self.credit)) if v}


@dataclass(frozen=True)
class PostIt:
    """A post-it's modifier: its value on the tests of its resource, and its printed quip."""

    value: int
    resource: Resource
    text: str = ""

    def header(self) -> dict[str, Any]:
        return {"value": self.value, "resource": self.resource, **({"text": self.text} if self.text else {})}


@dataclass(frozen=True)
class Roll:
    """One line of a Superviseur's die roll: the faces first..last give `outcome`."""

    first: int
    last: int
    outcome: str


@dataclass(frozen=True)
class Moment:
    """When a Coopération may be played (one of MOMENTS), and its threshold where it has one."""

    kind: str
    at: int | None = None


@dataclass(frozen=True)
class HandChange:
    """What a card does to the hands: cards drawn from each deck, cards discarded (the player
    chooses which), by its player (`who`: you) or by every player still playing (everyone)."""

    draw_events: int = 0
    draw_arguments: int = 0
    discard: int = 0
    who: str = "you"

    @property
    def net(self) -> int:
        """How many cards each hand it names gains (fewer when negative)."""
        return self.draw_events + self.draw_arguments - self.discard

    def numbers(self) -> dict[str, int]:
        """Its counts, by placeholder name, the zeros left out."""
        return {key: getattr(self, key) for key in HAND_CHANGES if getattr(self, key)}

    def header(self) -> dict[str, Any]:
        return {**self.numbers(), **({"who": self.who} if self.who != "you" else {})}


@dataclass(frozen=True)
class Result:
    """What a Challenge's success or failure changes, and the text printed with it."""

    changes: Changes
    text: str = ""
    hand: HandChange | None = None


@dataclass(frozen=True)
class EventCard:
    """An event card of the deck, as its type's rule data says (see "the deck" above)."""

    id: str
    type: str
    title: str
    copies: int
    text: str = ""
    effect: str = ""
    when: str = ""
    pression: int | None = None
    credit: int | None = None
    chapter: str | None = None
    modifier: int | None = None
    resource: Resource | None = None
    difficulty: int | None = None
    draw_arguments: int | None = None
    passes_challenge: bool = False
    cancels_failure: bool = False
    postit: PostIt | None = None
    roll: tuple[Roll, ...] = ()
    moment: Moment | None = None
    you: Changes | None = None
    other: Changes | None = None
    success: Result | None = None
    failure: Result | None = None

    def numbers(self) -> dict[str, int]:
        """The numbers its texts may print, by placeholder name (`at`: its moment's)."""
        found = {key: getattr(self, key) for key in ("pression", "credit", "modifier", "difficulty", "draw_arguments")}
        at = {"at": self.moment.at} if self.moment is not None and self.moment.at is not None else {}
        return {**{k: v for k, v in found.items() if v is not None}, **at}

    def header(self) -> decks.Card:
        """The card as the session header records it (what `card_record` reads)."""
        out: decks.Card = {"type": self.type, "title": self.title, "copies": self.copies, "text": self.text}
        out.update({key: getattr(self, key) for key in ("effect", "when") if getattr(self, key)})
        out.update({key: getattr(self, key) for key in ("pression", "credit", "chapter", "modifier", "resource",
                                                         "difficulty", "draw_arguments") if getattr(self, key) is not None})
        out.update({key: True for key in _MOMENT_EFFECTS if getattr(self, key)})
        if self.postit is not None:
            out["postit"] = self.postit.header()
        if self.roll:
            out["roll"] = [{"faces": [line.first, line.last], "outcome": line.outcome} for line in self.roll]
        if self.moment is not None:
            out["moment"] = {"kind": self.moment.kind, **({"at": self.moment.at} if self.moment.at is not None else {})}
        out.update({key: changes.header() for key, changes in (("you", self.you), ("other", self.other))
                    if changes is not None and changes.header()})
        for key, result in (("success", self.success), ("failure", self.failure)):
            if result is not None:
                out[key] = {**result.changes.header(), **({"hand": result.hand.header()} if result.hand else {}),
                            **({"text": result.text} if result.text else {})}
        return out


@dataclass(frozen=True)
class ArgumentCard:
    """An Argument card: its signed value, and whether it counts in a controversy or a defence only."""

    id: str
    title: str
    copies: int
    value: int
    controversy: bool = False
    text: str = ""
    type: str = ARGUMENT

    def header(self) -> decks.Card:
        return {"type": ARGUMENT, "title": self.title, "copies": self.copies, "text": self.text, "value": self.value,
                "controversy": self.controversy}


PhdCard = EventCard | ArgumentCard
# The rule data each type must have (among what RULE_DATA allows).
NEEDED = {"vie": ("postit",), "superviseur": ("postit",), "cooperation": ("moment",),
           "challenge": ("resource", "difficulty"), ARGUMENT: ("value",)}


def _card_number(key: str, field: str, value: Any, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise RuleViolation("The card {id}'s {key} must be a whole number from {low} to {high}, not {value}.",
                            field=field, key=field, id=key, low=low, high=high, value=shown(value))
    return int(value)


def _card_changes(key: str, field: str, value: Any) -> Changes:
    if not isinstance(value, dict) or any(k not in RESOURCES for k in value) or \
            not all(is_int(v) and -CARD_SPAN <= v <= CARD_SPAN for v in value.values()):
        raise RuleViolation("The card {id}'s {key} must give signed changes of pression and/or credit (at most "
                            "{span} each), not {value}.", field=field, key=field, id=key, span=CARD_SPAN, value=shown(value))
    return Changes(**value)


def _card_result(key: str, field: str, value: Any) -> Result:
    """A Challenge's success or failure: its changes, what it does to the hands, and its printed text."""
    if not isinstance(value, dict) or not isinstance(value.get("text", ""), str):
        return Result(_card_changes(key, field, value))     # refused, naming what it holds
    hand = _card_hand(key, f"{field}.hand", value["hand"]) if "hand" in value else None
    return Result(_card_changes(key, field, {k: v for k, v in value.items() if k not in ("text", "hand")}),
                  value.get("text", ""), hand)


def _card_hand(key: str, field: str, value: Any) -> HandChange:
    """What a card does to the hands: {draw_events?, draw_arguments?, discard?, who?}, at least
    one card moved."""
    if not isinstance(value, dict) or set(value) - {*HAND_CHANGES, "who"} or \
            not any(value.get(k) for k in HAND_CHANGES) or value.get("who", "you") not in HAND_WHO:
        raise RuleViolation("The card {id}'s {key} gives the cards drawn and discarded ({changes}, at least one), "
                            "and who: {who}, not {value}.", field=field, key=field, id=key,
                            changes=", ".join(HAND_CHANGES), who=" or ".join(HAND_WHO), value=shown(value))
    counts = {k: _card_number(key, f"{field}.{k}", value[k], 0, HAND_LIMIT) for k in HAND_CHANGES if k in value}
    return HandChange(**counts, who=str(value.get("who", "you")))


def _card_modifier(key: str, field: str, value: Any) -> int:
    """A Coopération's modifier or an Argument's value: signed, within the die, never 0."""
    number = _card_number(key, field, value, -DIE_MAX, DIE_MAX)
    if number == 0:
        raise RuleViolation("The card {id}'s {key} must not be 0: it would change nothing.", field=field, key=field,
                            id=key)
    return number


def _card_postit(key: str, field: str, value: Any) -> PostIt:
    if not isinstance(value, dict) or value.get("resource") not in RESOURCES:
        raise RuleViolation("The card {id}'s post-it needs a value and a resource (pression or credit), not "
                            "{value}.", field=field, id=key, value=shown(value))
    text = value.get("text", "")
    return PostIt(_card_number(key, "postit.value", value.get("value"), -DIE_MAX, DIE_MAX), value["resource"],
                  text if isinstance(text, str) else "")


def _card_chapter(key: str, field: str, value: Any) -> str:
    if value not in OUTCOMES:
        raise RuleViolation("The card {id}'s chapter is one of {outcomes}, not {value}.", field=field, id=key,
                            outcomes=", ".join(OUTCOMES), value=shown(value))
    return str(value)


def _card_resource(key: str, field: str, value: Any) -> Resource:
    if value not in RESOURCES:
        raise RuleViolation("The card {id} tests pression or credit, not {value}.", field=field, id=key,
                            value=shown(value))
    return "pression" if value == "pression" else "credit"


def _card_controversy(key: str, field: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation("The card {id}'s controversy is true or false, not {value}.", field=field, id=key,
                            value=shown(value))
    return value


def _card_flag(key: str, field: str, value: Any) -> bool:
    """What a Coopération does to its moment's test (_MOMENT_EFFECTS): true, or left out."""
    if value is not True:
        raise RuleViolation("The card {id}'s {key} is either true or left out, not {value}.", field=field, key=field,
                            id=key, value=shown(value))
    return True


def _card_text(key: str, field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise RuleViolation("The card {id}'s {key} must be text, not {value}.", field=field, key=field, id=key,
                            value=shown(value))
    return value


def _check_roll(key: str, field: str, roll: Any) -> tuple[Roll, ...]:
    """The ranges of a die roll cover each face DIE_MIN..DIE_MAX once, in order."""
    expected, lines = DIE_MIN, []
    for line in roll if isinstance(roll, list) else [{}]:
        faces = line.get("faces") if isinstance(line, dict) else None
        if not (isinstance(line, dict) and isinstance(faces, list) and len(faces) == 2
                and all(is_int(f) for f in faces) and faces[0] == expected and faces[1] >= faces[0]
                and line.get("outcome") in OUTCOMES):
            raise RuleViolation("The card {id}'s roll must list {{faces: [first, last], outcome}} covering the die "
                                "from {low} to {high} in order, once each, not {value}.", field="roll", id=key,
                                low=DIE_MIN, high=DIE_MAX, value=shown(roll))
        lines.append(Roll(faces[0], faces[1], line["outcome"]))
        expected = faces[1] + 1
    if expected != DIE_MAX + 1:
        raise RuleViolation("The card {id}'s roll stops at {last}; it must reach {high}.", field="roll", id=key,
                            last=expected - 1, high=DIE_MAX)
    return tuple(lines)


def _check_moment(key: str, field: str, moment: Any) -> Moment:
    kind = moment.get("kind") if isinstance(moment, dict) else None
    if kind not in MOMENTS or set(moment) - {"kind", "at"}:
        raise RuleViolation("The card {id}'s moment is {{kind, at?}} with a kind among {moments}, not {value}.",
                            field="moment", id=key, moments=", ".join(MOMENTS), value=shown(moment))
    if (kind in MOMENTS_WITH_AT) != ("at" in moment):
        raise RuleViolation("The card {id}'s moment {kind} needs a threshold at exactly when it is one of {kinds}.",
                            field="moment", id=key, kind=kind, kinds=", ".join(MOMENTS_WITH_AT))
    at = _card_number(key, "moment.at", moment["at"], RESOURCE_MIN, RESOURCE_MAX) if "at" in moment else None
    return Moment(str(kind), at)


def _bounded(low: int, high: int) -> Callable[[str, str, Any], int]:
    return lambda key, field, value: _card_number(key, field, value, low, high)


# How each field of the rule data is read and checked: card id, field, value -> its typed value.
_CARD_FIELDS: dict[str, Callable[[str, str, Any], Any]] = {
    "effect": _card_text, "when": _card_text,
    "pression": _bounded(-CARD_SPAN, CARD_SPAN), "credit": _bounded(-CARD_SPAN, CARD_SPAN),
    "you": _card_changes, "other": _card_changes, "success": _card_result, "failure": _card_result,
    "modifier": _card_modifier, "value": _card_modifier, "postit": _card_postit, "chapter": _card_chapter,
    "roll": _check_roll, "resource": _card_resource, "difficulty": _bounded(0, RESOURCE_MAX + DIE_MAX),
    "controversy": _card_controversy, "moment": _check_moment, "draw_arguments": _bounded(1, HAND_LIMIT),
    "passes_challenge": _card_flag, "cancels_failure": _card_flag,
}


def _card_fields(key: str, card: decks.Card) -> dict[str, Any]:
    """The card's rule data and printed texts, each checked and typed, in the card's order."""
    kind = card["type"]
    allowed = RULE_DATA[kind]
    out: dict[str, Any] = {}
    for field, value in card.items():
        if field in decks.SHARED_FIELDS:
            continue
        if field not in _CARD_TEXTS and field not in allowed:
            raise RuleViolation("The card {id} is of type {type}, which has no {key}; its rule data are {fields}.",
                                field=field, key=field, id=key, type=kind, fields=", ".join(allowed))
        out[field] = _CARD_FIELDS[field](key, field, value)
    return out


def _check_whole(key: str, kind: str, data: dict[str, Any]) -> None:
    """What the card's type needs, and what its fields need of each other."""
    for field in NEEDED[kind]:
        if field not in data:
            raise RuleViolation("The card {id} is of type {type} and needs its {key}.", field=field, key=field, id=key,
                                type=kind)
    for field, moment in _MOMENT_EFFECTS.items():
        if field in data and data["moment"].kind != moment:
            raise RuleViolation("The card {id}'s {key} acts on the moment {kind}, not on {value}.", field=field,
                                key=field, id=key, kind=moment, value=shown(data["moment"].kind))
    if kind == "superviseur" and ("chapter" in data) == ("roll" in data):
        raise RuleViolation("The Superviseur card {id} says what happens to a submitted chapter with either chapter "
                            "or roll, not both, not neither.", field="chapter", id=key)


def card_record(key: str, card: decks.Card) -> PhdCard:
    """One card of a header's deck (its type, title and copies already read by deck.read),
    as a typed record: RuleViolation naming the card and the field otherwise."""
    kind = card["type"]
    data = _card_fields(key, card)
    _check_whole(key, kind, data)
    text = card.get("text", "")
    if kind == ARGUMENT:
        return ArgumentCard(key, card["title"], card["copies"], data["value"], data.get("controversy", False), text)
    return EventCard(key, kind, card["title"], card["copies"], text=text, **data)


def _check_card(key: str, card: decks.Card) -> None:
    card_record(key, card)


def read_deck(header_deck: object) -> dict[str, decks.Card]:
    """The cards of a session header's deck, checked (RuleViolation naming the card and the
    field; the session reports it as FILE:1)."""
    return decks.read(header_deck, TITLE, CARD_TYPES, _check_card)


def deck_records(header_deck: object) -> dict[str, PhdCard]:
    """The cards of a header's deck as typed records, by id, in the deck's order (what the
    kit's faces, the header it writes and the bots read)."""
    return {key: card_record(key, card) for key, card in read_deck(header_deck).items()}


def _cards(state: State) -> dict[str, decks.Card]:
    """The deck, for an entry that names a card; refused in a session without one."""
    cards = state.get("cards")
    if not cards:
        raise RuleViolation("This session's header holds no deck: give the card's numbers instead of naming it.",
                            field="card")
    return cards


def _card(state: State, value: Any, *types: str, what: Message | None = None,
          field: str = "card") -> tuple[str, decks.Card]:
    """The card an entry names (its id, or its title as typed), of one of `types`; `field`
    is the entry's field naming it, which a refusal names."""
    cards = _cards(state)
    key = decks.card_id(cards, value, TITLE, field)
    card = cards[key]
    if card["type"] not in types:
        raise RuleViolation("{title} is a card of type {type}; {what} takes a card of type {types}.", field=field,
                            title=card["title"], type=TYPE_WORDS[card["type"]],
                            what=what or Message("this step"), types=either(types))
    return key, card


# Each card type as the players' edition names it (« C'est la vie » in French, the English
# edition's « That's Life »: layouts/GLOSSARY.md), never by its id.
TYPE_WORDS = {"vie": Message("That's Life"), "superviseur": Message("Supervisor"),
              "cooperation": Message("Cooperation"), "challenge": Message("Challenge"), ARGUMENT: Message("Argument")}


def either(types: Iterable[str]) -> Message:
    """Card types said one or another (« C'est la vie / Superviseur »), each in the reader's words."""
    kinds = list(types)
    words: dict[str, Any] = {f"type{i}": TYPE_WORDS[kind] for i, kind in enumerate(kinds)}
    template = " / ".join(f"{{{name}}}" for name in words)   # no words of its own: nothing to translate
    return Message(template, **words)


def canonical(state: State, action: Action) -> Action:
    """`action` as the session stores it: every card it names by its id (a title as typed is
    accepted), and a turn line that names its card also says its step. Asked of each line
    once its fields are parsed (RULES.parse): its card is a text, its lists are lists."""
    cards = state.get("cards")
    if not cards or action.keys().isdisjoint(_NAMING_CARDS):     # most lines: asked in one call
        return action
    named = action.get("card")
    titled = named is not None and (named not in cards or action["action"] == "turn" and "step" not in action)
    lists = [field for field in _CARD_LISTS if field in action
             and any(isinstance(item, str) and item not in cards for item in action[field])]
    if not titled and not lists:      # what the bots and the faces send: ids already
        return action
    out = dict(action)
    if titled:
        out = _card_by_id(cards, out, str(named))
    for field in lists:
        out[field] = [decks.card_id(cards, item, TITLE, field) if isinstance(item, str) else item
                      for item in out[field]]
    return out



def _card_by_id(cards: dict[str, decks.Card], out: dict[str, Any], named: str) -> dict[str, Any]:
    """The entry's card named by its id (a title as typed is accepted); a turn line that names
    its card without its step gets the step, as every face writes it."""
    key = decks.card_id(cards, named, TITLE)
    out["card"] = key
    if out.get("action") == "turn" and "step" not in out and cards[key]["type"] in CARD_KINDS:
        # written as every face writes it: the step before the card
        out = {"action": "turn", "player": out.get("player"), "step": cards[key]["type"],
               **{k: v for k, v in out.items() if k not in ("action", "player")}}
    return out

_CARD_LISTS = ("modifiers", "arguments", "support", "opposition")
_NAMING_CARDS = frozenset(("card", *_CARD_LISTS))     # the fields that may name a card
_EVENT_IDS: dict[int, tuple[object, list[str]]] = {}
_COOPERATION_IDS: dict[int, tuple[object, list[str]]] = {}
_KIND_IDS: dict[str, dict[int, tuple[object, list[str]]]] = {}     # each event card type's own


def _event_ids(cards: dict[str, decks.Card], kinds: tuple[str, ...] = CARD_KINDS,
               known_ids: dict[int, tuple[object, list[str]]] | None = None) -> list[str]:
    """The ids of the deck's event cards (of `kinds`, each with its own `known_ids`), worked
    out once per deck (a simulation gives every game the same one)."""
    memo = _EVENT_IDS if known_ids is None else known_ids
    known = memo.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    if len(memo) >= 16:
        memo.clear()
    ids = decks.of_type(cards, *kinds)
    memo[id(cards)] = (cards, ids)
    return ids


_TRUE = ("true", "yes", "on", "1", "oui", "vrai")      # as people write it, in either language
_FALSE = ("false", "no", "off", "0", "non", "faux")


def _chapters_option(value: Any) -> int:
    # `kit score new` decodes option values as JSON, but a hand-typed header may give the text "2".
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not is_int(value) or value not in CHAPTER_OPTIONS:
        allowed = ", ".join(str(n) for n in CHAPTER_OPTIONS)
        raise RuleViolation("The option 'chapters' must be one of {allowed}, not {value}.", allowed=allowed, value=shown(value))
    return value


def _timed_option(value: Any) -> bool:
    if isinstance(value, str) and value.strip().casefold() in _TRUE + _FALSE:
        return value.strip().casefold() in _TRUE
    if not isinstance(value, bool):
        raise RuleViolation("The option 'timed' must be true or false, not {value}.", value=shown(value))
    return value


def setup(players: list[Seat], options: dict[str, Any] | None = None, deck: object = None) -> State:
    """Everyone starts at 4 Pression and 4 Crédit, no chapter, still playing. `deck` is the
    session header's (read_deck); None for a header without one, whose entries give numbers."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    cards = None if deck is None else read_deck(deck)
    options = check_option_names(options, TITLE, ("chapters", "timed"))
    chapters = _chapters_option(options.get("chapters", DEFAULT_CHAPTERS))
    timed = _timed_option(options.get("timed", TIMED_OPTION_DEFAULT))
    state: State = {
        "game": GAME_ID,
        "options": {"chapters": chapters, "timed": timed},
        "players": {name: {"pression": RESOURCE_START, "credit": RESOURCE_START,
                           "pending": 0, "approved": 0, "status": "playing"} for name in names},
        "over": False,
        "turn": None,   # where the turn stands, from the `turn` lines (see the docstring)
        "winners": [],
        # how the game ended: "doctor", "timed", "last player" (None while it goes on)
        "end": None,
        # the latest die-or-card test (challenge, controversy, defence), for `show` and `play`
        "last_test": None,
    }
    if cards is not None:
        state["cards"] = cards
        for player in state["players"].values():
            player["hand"] = DEALT
    return state


def _acting(state: State, name: str, field: str | None = None) -> Player:
    """The record of a player who may act: still `playing` (a player of the session: the
    entry was parsed so); `field` is the entry's field naming them when they are not the one
    who acts (another player a card names)."""
    player = state["players"][name]
    status = player["status"]
    if status != "playing":
        if status == "burnout":
            raise RuleViolation("{name} has burnt out and can no longer act.", name=name, field=field)
        if status == "bingo":
            raise RuleViolation("{name} has left the game with a bingo and can no longer act.", name=name,
                                field=field)
        raise RuleViolation("{name} has already defended their thesis and can no longer act.", name=name,
                            field=field)
    return player


def _change(player: Player, deltas: dict[Resource, int]) -> None:
    """Apply signed changes, clamp to 0..20, then burn-out before bingo (RULES.md §1.2)."""
    for resource, delta in deltas.items():
        player[resource] = max(RESOURCE_MIN, min(RESOURCE_MAX, player[resource] + delta))
    if player["pression"] >= BURNOUT_AT:
        player["status"] = "burnout"
    elif player["credit"] >= BINGO_AT:
        player["status"] = "bingo"


def timed_score(player: Player) -> int:
    """15 per approved chapter, 10 per submitted one, plus the Crédit (RULES.md §1.11)."""
    return sum(TIMED_POINTS[key] * player[key] for key in ("approved", "pending", "credit"))


def _settle(state: State) -> None:
    """Decide whether the game is over and who the winners are, in header order."""
    players = state["players"]
    playing = [name for name, p in players.items() if p["status"] == "playing"]
    if len(playing) == len(players) and state["end"] is None:
        # nobody has left and time is not up (most entries): no winner yet, the game goes on
        state["winners"] = []
        return
    winners = {name for name, p in players.items() if p["status"] in ("bingo", "doctor")}
    if any(p["status"] == "doctor" for p in players.values()):
        state["over"], state["end"] = True, "doctor"
    elif state["end"] == "timed":
        contenders = {name: state["scores"][name] for name in playing}
        if contenders:
            best = max(contenders.values())
            winners |= {name for name, score in contenders.items() if score == best}
    elif len(playing) <= 1:
        state["over"], state["end"] = True, "last player"
        winners |= set(playing)
    state["winners"] = [name for name in players if name in winners]


def standings(state: State) -> list[tuple[int, str]]:
    """(rank, name): the winners, then those still playing by chapters and Crédit (or by
    timed score), then the burnt-out; equal records share a rank."""
    scores = state.get("scores") or {}

    def key(name: str) -> tuple[int, ...]:
        p = state["players"][name]
        if name in state["winners"]:
            return (0,)
        group = 2 if p["status"] == "burnout" else 1
        if name in scores:
            return (group, -scores[name])
        return (group, -p["approved"], -p["pending"], -p["credit"])
    return ranked(state["players"], key)


def _net(state: State, action: Action, name: str) -> tuple[int, list[int], list[int], list[int]]:
    """Own + support - opposition, with what Coopérations laid on the test; an Argument
    named by card counts its printed value (a malus in the opposition by its size)."""
    own = _values(state, action, "arguments", Message("{name}'s arguments", name=name))
    support = _values(state, action, "support", Message("The support for {name}", name=name))
    opposition = _values(state, action, "opposition", Message("The opposition to {name}", name=name),
                         against=True)
    net = sum(own) + sum(support) - sum(opposition) + _laid(state, "support") - _laid(state, "opposition")
    return net, own, support, opposition


def apply(state: State, line: Line) -> State:
    """The state after one line no one parsed yet (a bot's): `take` once it is parsed."""
    return take(state, RULES.parse(state, line))


def take(state: State, action: Action) -> State:
    """The state after one parsed action (its cards by their ids); refuses with
    RuleViolation, never mutates `state`."""
    named = None
    kind = action["action"]
    need_game_on(state, TITLE)
    if "cards" in state and kind == "turn" and "card" in action:
        named = _event_card(state, action)      # the card's own refusal before what the turn waits for
    if _enforced(state):
        _check_flow(state, action)
    if kind == "turn":
        new = _turn_line(state, action, named)
    else:
        new = _apply_entry(state, action, kind)
        if state["turn"] is not None:
            new["turn"] = _advance(state, new, action)
    if "cards" in state and kind not in ("cooperate", in_hand.ACTION):
        new["recent"] = _recent(state, new, action)
    return new


# The entries a Coopération's moment may answer (MOMENTS): any other one closes the moment.
_MOMENT_ENTRIES = ("challenge", "submit")


def _recent(before: State, new: State, action: Action) -> Recent | None:
    """What a Coopération's moment answers: the entry just accepted (a turn's start, a
    challenge, a chapter submitted, with what a lost Challenge changed), None for any other."""
    kind = action["action"]
    if kind not in _MOMENT_ENTRIES and action.get("step") != "start":
        return None
    recent: Recent = {"action": "start" if kind == "turn" else kind, "player": action.get("player")}
    test = new["last_test"]
    if kind == "challenge" and test is not None:
        recent["success"] = test["success"]
        if not test["success"]:
            tested, changed = before["players"][test["player"]], new["players"][test["player"]]
            recent["failure"] = {**{key: changed[key] - tested[key] for key in RESOURCES},
                                 "status": tested["status"]}
    elif recent["action"] == "start" and new.get("recent"):
        # the entry that ended the last turn (a chapter submitted) stays a moment until the
        # next turn's card: a Coopération may answer it as the new turn begins
        was = new.get("recent") or recent
        recent["before"] = {k: v for k, v in was.items() if k != "before"}
    return recent


def _apply_entry(state: State, action: Action, kind: str) -> State:
    """The effect of one entry on the resources, chapters and statuses, turn aside."""
    # An entry changes at most the record of the player it names (`_changing` copies that
    # one): the others stay shared with `state`, which is never changed.
    new = state.copy()
    new["players"] = dict(state["players"])
    name: Any = action.get("player")     # a player (parsed so); None where the entry names nobody
    _ENTRIES[kind](new, action, name)
    _settle(new)
    return new


def _changing(new: State, name: Any) -> Player:
    """The record of the player an entry names, checked like `_acting`, and copied into `new`
    (the state the entry is making) so that the entry may change it."""
    player = new["players"][name] = _acting(new, name).copy()
    return player


# -- cards in hand ---------------------------------------------------------------------------
# With a deck in the header, the engine counts each player's cards in hand (how many, never
# which: scorekeeper.rules.hands) from what it applies: DEALT at setup; a Recherche draw
# (RECHERCHE_DRAW); an event card played from the hand in Recherche, and a Coopération
# played at its moment, leave it; a Coopération revealed in Vivre joins it; the cards laid
# on a test leave their players' hands (the player tested's own, and `laid_by` for the
# others': support and opposition not in it are the other player's when only one other
# still plays); a Coopération's draw_arguments; a Challenge's result's `hand` (its draws and
# discards: result_hands); and the hand limit as the turn ends (at the
# next turn's start): the cards over HAND_LIMIT go one by one to the players with the
# lowest Crédit, in turn from the player's left (seating order), or to the discard when the
# player has the lowest Crédit themselves (decided: RULES.md §1.10 says "one by one" and
# leaves the order open). A count never goes below 0 (an older file may lay a card the
# count missed); the host puts one right with `hand`.

def _hand(new: State, name: str, change: int) -> None:
    """`name` holds `change` more cards (fewer when negative). `new["players"]` is the new
    state's own dict; the record is copied before it changes."""
    if not change or "hand" not in new["players"][name]:
        return
    player = new["players"][name] = new["players"][name].copy()
    player["hand"] = max(0, player.get("hand", 0) + change)


def _lay(new: State, action: Action, name: str, own: tuple[str, ...], others: tuple[str, ...] = ()) -> None:
    """The cards a test's entry lays leave their players' hands: `laid_by` gives how many
    each other player laid (of `others`, support and opposition, where the entry has them;
    else of `own`), and `name` laid the rest of `own`."""
    if "cards" not in new:
        return
    by: dict[str, int] = action.get("laid_by") or {}
    mine = sum(len(action.get(field) or ()) for field in own)
    theirs = sum(len(action.get(field) or ()) for field in others) if others else mine
    if name in by:
        raise RuleViolation("The cards laid by the other players name {name}, whose own cards are the rest.",
                            field="laid_by", name=name)
    if sum(by.values()) > theirs:
        raise RuleViolation(plural("Only {n} card laid here can come from the other players, not {given}.",
                                   "Only {n} cards laid here can come from the other players, not {given}.",
                                   theirs), field="laid_by", given=sum(by.values()), n=theirs)
    for other in by:
        _acting(new, other, "laid_by")
    if others:
        rest = theirs - sum(by.values())
        playing = [n for n in new["players"] if n != name and _playing(new, n)]
        if rest and len(playing) == 1:
            by = {**by, playing[0]: by.get(playing[0], 0) + rest}
    else:
        mine -= sum(by.values())
    _hand(new, name, -mine)
    for other, count in by.items():
        _hand(new, other, -count)


def hand_limit_receivers(state: State, name: str) -> list[str | None]:
    """Where each card over HAND_LIMIT goes as `name`'s turn ends, one by one: the player
    with the lowest Crédit receiving it (None: the discard). Empty within the limit."""
    player = state["players"][name]
    over = player.get("hand", 0) - HAND_LIMIT
    if over <= 0 or not _playing(state, name):
        return []
    names = list(state["players"])
    seat = names.index(name)
    others = [n for n in names[seat + 1:] + names[:seat] if _playing(state, n)]
    poorest = min((state["players"][n]["credit"] for n in others), default=None)
    if poorest is None or player["credit"] <= poorest:
        return [None] * over
    receivers = [n for n in others if state["players"][n]["credit"] == poorest]
    return [receivers[i % len(receivers)] for i in range(over)]


def _close_turn(state: State, new: State) -> None:
    """The turn that ends as the next one starts: the hand limit of its player."""
    if state["turn"] is None:
        return
    name = state["turn"]["player"]
    receivers = hand_limit_receivers(state, name)
    _hand(new, name, -len(receivers))
    for receiver in dict.fromkeys(receivers):
        if receiver is not None:
            _hand(new, receiver, receivers.count(receiver))


def _hand_entry(new: State, action: Action, name: Any) -> None:
    """The table puts a count of cards in hand right (a correction)."""
    if "cards" not in new:
        raise RuleViolation("This session's header holds no deck: the table does not count the cards in hand.",
                            field="hand")
    player = new["players"][name] = new["players"][name].copy()
    player["hand"] = action["cards"]


def _deck_empty(new: State, action: Action, name: Any) -> None:
    """The event deck runs out in a timed game: the timed scores decide, the game ends."""
    if not new["options"]["timed"]:
        raise RuleViolation("The event deck running out ends only a timed game "
                            "(option timed=true); in this game reshuffle it and play on.")
    new["scores"] = {player: timed_score(p) for player, p in new["players"].items()}
    new["over"], new["end"] = True, "timed"


def _adjust(new: State, action: Action, name: Any) -> None:
    """A change of Pression and Crédit the table enters (a card's printed effect)."""
    player = _changing(new, name)
    deltas: dict[Resource, int] = {key: action[key] for key in RESOURCES if action.get(key) is not None}
    if not deltas:
        raise RuleViolation("Adjusting {name} needs a pression or a credit change.", name=name)
    _change(player, deltas)


def _challenge(new: State, action: Action, name: Any) -> None:
    """A Challenge card: resource + die + modifiers against the difficulty, then its
    success or its failure effect. Named by card (the entry's, or the one the turn
    revealed), the card gives the resource, the difficulty and both effects."""
    key = action.get("card") or _played(new, "challenge")
    if key is None or "resource" in action:
        FIELDS.require(action, "resource", "difficulty")
        FIELDS.refuse_extra(action, "card", because=Message("A challenge whose numbers are typed names no card"))
        resource: Resource = action["resource"]
        difficulty: int = action["difficulty"]
        success_effect: dict[Resource, int] = action.get("success") or {}
        failure_effect: dict[Resource, int] = action.get("failure") or {}
        results: tuple[Any, Any] = (None, None)     # typed numbers: no card, no hand changed
    else:
        FIELDS.refuse_extra(action, "difficulty", "success", "failure",
                            because=Message("The Challenge card gives its difficulty and its effects"))
        key, card = _card(new, key, "challenge", what=Message("a challenge"))
        resource, difficulty = card["resource"], card["difficulty"]
        success_effect, failure_effect = _changes_of(card.get("success")), _changes_of(card.get("failure"))
        results = (card.get("success"), card.get("failure"))
    player = _changing(new, name)
    die: int = action["die"]
    modifiers = _values(new, action, "modifiers", Message("The modifiers of {name}'s challenge", name=name),
                        resource=resource)
    total = player[resource] + die + sum(modifiers) + _laid(new, "support") - _laid(new, "opposition")
    won = total >= difficulty
    _change(player, success_effect if won else failure_effect)
    new["last_test"] = {"kind": "challenge", "player": name, "total": total,
                        "needed": difficulty, "success": won}
    _lay(new, action, name, ("modifiers",))
    for holder, change in result_hands(new, name, results[0] if won else results[1]):
        _hand(new, holder, change)


def result_hands(state: State, name: str, result: Any) -> list[tuple[str, int]]:
    """What a Challenge's result (as the header holds it) does to the hands, its `hand`: each
    player it names (`name`, who resolved it, or everyone still playing) and the cards their
    hand gains (fewer when negative). The bots apply the same."""
    hand = (result or {}).get("hand")
    if not hand:
        return []
    net = sum(hand.get(k, 0) for k in ("draw_events", "draw_arguments")) - hand.get("discard", 0)
    names = [n for n in state["players"] if _playing(state, n)] if hand.get("who") == "everyone" else [name]
    return [(holder, net) for holder in names]


def _played(state: State, kind: str) -> str | None:
    """The id of the card of `kind` the turn revealed and is resolving, if it named one."""
    turn = state["turn"]
    if turn is None or turn["stage"] != "card" or turn["card"] != kind:
        return None
    return turn.get("played")


def _changes_of(data: Any) -> dict[Resource, int]:
    """A card's {pression?, credit?} changes (its printed text aside), the zeros left out."""
    data = data or {}
    return {key: data[key] for key in RESOURCES if data.get(key)}


def _laid(state: State, side: str) -> int:
    """What Coopérations laid on the test at hand for `side`."""
    turn = state["turn"]
    laid: list[Laid] = turn.get("laid", []) if turn is not None else []
    return sum(one["value"] for one in laid if one["side"] == side)


def _values(state: State, action: Action, field: str, what: Message, *, resource: Resource | None = None,
            against: bool = False) -> list[int]:
    """The values of the cards laid on a test: a number (a card written by hand), or a card of
    the deck by its id: an Argument, a post-it of the tested resource (`resource`: in a
    Challenge), a Coopération's modifier. `against`: the opposition, whose maluses count by
    their size (typed as printed, -3, or as what they take away, 3). A refusal names `field`,
    the entry's list that holds the card."""
    out = []
    for item in action.get(field) or ():
        if not isinstance(item, str):
            out.append(abs(item) if against else item)
            continue
        key, card = _card(state, item, ARGUMENT, *(("vie", "superviseur") if resource else ()),
                          what=what, field=field)
        number = _laid_value(card, resource, field)
        out.append(abs(number) if against else number)
    return out


def _laid_value(card: decks.Card, resource: Resource | None, field: str) -> int:
    """What a card laid on a test counts: an Argument its value (but one kept for the
    controversies, in a Challenge), a post-it its value in a Challenge on its resource."""
    if card["type"] == ARGUMENT:
        if resource is not None and card.get("controversy"):
            raise RuleViolation("{title} counts only in a controversy or a thesis defence, not in a challenge.",
                                field=field, title=card["title"])
        return int(card["value"])
    postit = card["postit"]
    if postit["resource"] != resource:
        raise RuleViolation("The post-it of {title} counts in a challenge on {its}, not on {resource}.",
                            field=field, title=card["title"], its=Message(RESOURCE_NAMES[postit["resource"]]),
                            resource=Message(RESOURCE_NAMES[resource]) if resource else "")
    return int(postit["value"])


def cards_to_lay(state: State, action: str, field: str) -> dict[str, int]:
    """The cards of the deck an entry of `action` may lay in its list `field` (a Challenge's
    modifiers, a controversy's or a defence's arguments, support and opposition), each with
    the number it counts there, as `_values` counts it: what a face offers to pick, where
    a number written by hand stays allowed too. Empty without a deck."""
    cards = state.get("cards") or {}
    if action not in ("challenge", "controversy", "defend") or field not in _CARD_LISTS:
        return {}
    resource: Resource | None = None
    if action == "challenge" and state.get("turn") is not None:
        played = _played(state, "challenge")
        resource = cards[played]["resource"] if played in cards else None
    offered = {}
    for key, card in cards.items():
        if card["type"] == ARGUMENT or resource is not None and card["type"] in ("vie", "superviseur"):
            try:
                offered[key] = _laid_value(card, resource, field)
            except RuleViolation:    # kept for the controversies, or a post-it of the other resource
                continue
    return offered


def _submit(new: State, action: Action, name: Any) -> None:
    """A chapter submitted, paid for in Pression and Crédit."""
    player = _changing(new, name)
    if any(player[key] < cost for key, cost in CHAPTER_COST.items()):
        raise RuleViolation("{name} has {pression} Pression and {credit} Crédit; submitting a chapter needs at least {pression2} of each.", name=name, pression=player['pression'], credit=player['credit'], pression2=CHAPTER_COST['pression'])
    _change(player, {key: -cost for key, cost in CHAPTER_COST.items()})
    player["pending"] += 1


def _approve(new: State, action: Action, name: Any) -> None:
    """A submitted chapter approved outright (`approve`), or through a controversy won when
    the arguments' net reaches CONTROVERSY_NET_TO_WIN."""
    controversy = action["action"] == "controversy"
    player = _changing(new, name)
    if player["pending"] < 1:
        raise RuleViolation("{name} has no submitted chapter waiting for approval.", name=name)
    approved = True
    if controversy:
        net, *_ = _net(new, action, name)
        approved = net >= CONTROVERSY_NET_TO_WIN
        new["last_test"] = {"kind": "controversy", "player": name, "total": net,
                            "needed": CONTROVERSY_NET_TO_WIN, "success": approved}
    if approved:
        player["pending"] -= 1
        player["approved"] += 1
    if controversy:
        _lay(new, action, name, ("arguments",), SIDES)


def _revoke(new: State, action: Action, name: Any) -> None:
    """An approved chapter sent back to submitted."""
    player = _changing(new, name)
    if player["approved"] < 1:
        raise RuleViolation("{name} has no approved chapter to revoke.", name=name)
    player["approved"] -= 1
    player["pending"] += 1


def _defend(new: State, action: Action, name: Any) -> None:
    """The thesis defence: die + the arguments' net against DEFENCE_NET_TO_WIN."""
    player = _changing(new, name)
    required = new["options"]["chapters"]
    if player["approved"] < required:
        raise RuleViolation(plural("{name} has {approved} approved chapter; the thesis defence needs {required}.",
                                   "{name} has {approved} approved chapters; the thesis defence needs {required}.",
                                   player['approved']), name=name, approved=player['approved'], required=required)
    net, *_ = _net(new, action, name)
    total = action["die"] + net
    defended = total >= DEFENCE_NET_TO_WIN
    if defended:
        player["status"] = "doctor"
    new["last_test"] = {"kind": "defence", "player": name, "total": total,
                        "needed": DEFENCE_NET_TO_WIN, "success": defended}
    _lay(new, action, name, ("arguments",), SIDES)


_A_COOPERATION = Message("a Coopération")


def _cooperate(new: State, action: Action, name: Any, *, from_hand: bool = False) -> None:
    """A Coopération card played by `player` at its printed moment: its `you` changes for
    them, its `other` changes for the player they name (`other`), its modifier on the test
    at hand (for `side`, support unless said), the Argument cards it draws, the Challenge
    it passes on (to `other`: the turn's `resolver`, set by _advance) or the failure it
    cancels. `from_hand`: played in the player's own Recherche, where its moment and what it
    does to the moment's test do not count (the turn line counts the card out of the hand)."""
    key, card = _card(new, action["card"], "cooperation", what=_A_COOPERATION)
    _acting(new, name)
    if not from_hand and _enforced(new) and not moment_open(new, card, name):
        raise RuleViolation("{title} is played {when}; that is not now.", field="card", title=card["title"],
                            when=card.get("when") or card["moment"]["kind"])
    other = action.get("other")
    _check_cooperation_other(new, card, other, name, from_hand)
    side = action.get("side", "support")
    if "side" in action and ("modifier" not in card or side not in SIDES):
        raise RuleViolation("{title} lays no modifier, so the entry names no side of the test.", field="side", title=card["title"])
    if "modifier" in card and not from_hand and not _test_at_hand(new):
        raise RuleViolation("{title} adds its modifier to a challenge, a controversy or a thesis defence: none is "
                            "at hand.", field="card", title=card["title"])
    yours = _changes_of(card.get("you"))
    if yours:
        _change(_changing(new, name), yours)
    if other is not None and _playing(new, other):
        theirs = _changes_of(card.get("other"))
        if theirs:
            _change(_changing(new, other), theirs)
    if not from_hand:
        _hand(new, name, -1)
    for drawing in _drawing(new, new, name, card, at_moment=not from_hand):
        _hand(new, drawing, card.get("draw_arguments", 0))
    if card.get("cancels_failure") and not from_hand:
        _cancel_failure(new)


def _check_cooperation_other(new: State, card: decks.Card, other: Any, name: Any, from_hand: bool) -> None:
    """The other player a Coopération names: one who is not its player, when the card passes
    the Challenge on (at its moment) or changes another player's resources; nobody when it
    does neither."""
    if card.get("passes_challenge") and not from_hand:
        if other is None or other == name:
            raise RuleViolation("{title} passes the Challenge to another player: the entry names that player.", field="other",
                                title=card["title"])
        _acting(new, other, "other")
    elif card.get("other"):
        if other is None:
            raise RuleViolation("{title} changes another player's resources: the entry names that player.", field="other",
                                title=card["title"])
        if other == name:
            raise RuleViolation("{title} changes another player's resources, not {name}'s own.", field="other",
                                title=card["title"], name=name)
        _acting(new, other, "other")
    elif other is not None:
        raise RuleViolation("{title} changes nobody else's resources: the entry names no other player.", field="other",
                            title=card["title"])

def _cancel_failure(new: State) -> None:
    """The failure of the Challenge just lost is undone: what it changed for its player
    goes back, their status too (a burn-out it caused), and the moment closes."""
    recent = new.get("recent")
    assert recent is not None, "played at other-challenge-lost"
    # the moment outlives the turn it ended until the next turn's card (`_recent`): the lost
    # Challenge is then kept under the next turn's start
    started = recent.get("action") == "start"
    lost = recent.get("before", {}) if started else recent
    assert "failure" in lost, "played once a Challenge was lost"
    failure, challenger = lost["failure"], str(lost["player"])
    player = new["players"][challenger] = new["players"][challenger].copy()
    for key in RESOURCES:
        player[key] = max(RESOURCE_MIN, min(RESOURCE_MAX, player[key] - failure[key]))
    player["status"] = failure["status"]
    cancelled = {**lost, "cancelled": True}
    new["recent"] = {**recent, "before": cancelled} if started else cast(Recent, cancelled)


def _test_at_hand(state: State) -> bool:
    """Whether a challenge, a controversy or a thesis defence waits for its entry."""
    turn = state["turn"]
    if not _enforced(state) or turn is None:
        return False
    stage, card = turn["stage"], turn["card"]
    return stage == "card" and (card == "challenge" or turn.get("outcome") == "controversy") or \
        stage == "defence" or stage == "start" and _has_thesis(state, turn["player"])


def moment_open(state: State, card: decks.Card, name: str) -> bool:
    """Whether `name` may play the Coopération `card` now (its moment; see MOMENTS)."""
    moment = card["moment"]
    kind = moment["kind"]
    turn = state["turn"]
    recent: Mapping[str, Any] = state.get("recent") or {}
    if kind == "any":
        return True
    if kind in ("pression-at-least", "credit-at-most"):
        return _resource_moment(state, kind, moment["at"])
    if kind == "test":
        return _test_at_hand(state) and not (turn is not None and turn["card"] == "challenge"
                                             and turn["stage"] == "card")
    last: Mapping[str, Any] = recent.get("before", {}) if recent.get("action") == "start" else recent
    if kind == "submit":
        return last.get("action") == "submit"
    if kind in ("own-challenge", "other-challenge"):
        return _challenge_moment(turn, kind, name)
    if kind in ("other-challenge-won", "other-challenge-lost"):
        return _challenge_ended_moment(last, kind, name)
    # other-turn-start
    return recent.get("action") == "start" and recent.get("player") != name


def _resource_moment(state: State, kind: str, at: Any) -> bool:
    """A moment set by a resource: some player still in the game has at least `at` Pression
    (pression-at-least), or at most `at` Crédit (credit-at-most)."""
    resource: Resource = "pression" if kind == "pression-at-least" else "credit"
    return any(_playing(state, n) and (p[resource] >= at if resource == "pression"
                                       else p[resource] <= at) for n, p in state["players"].items())


def _challenge_moment(turn: Turn | None, kind: str, name: str) -> bool:
    """A Challenge being resolved: `name`'s own (own-challenge) or another player's
    (other-challenge), by who resolves it."""
    if turn is None or turn["stage"] != "card" or turn["card"] != "challenge":
        return False
    return bool((challenger(turn) == name) == (kind == "own-challenge"))


def _challenge_ended_moment(last: Mapping[str, Any], kind: str, name: str) -> bool:
    """Another player's Challenge just won (other-challenge-won) or lost
    (other-challenge-lost), and not cancelled since."""
    return bool(last.get("action") == "challenge" and last.get("player") != name and
                last.get("success") == (kind == "other-challenge-won") and "cancelled" not in last)

def challenger(turn: Turn) -> str:
    """Who resolves the Challenge the turn is at: its player, or the one a Coopération
    passed it to."""
    return turn.get("resolver") or turn["player"]


def moment_for(state: State, card: decks.Card) -> str | None:
    """The player a Coopération's moment concerns now, where it names one (the challenger,
    the one who submitted, the one at the threshold): what `other` defaults to."""
    moment = card["moment"]
    recent: Mapping[str, Any] = state.get("recent") or {}
    if moment["kind"] in ("pression-at-least", "credit-at-most"):
        resource: Resource = "pression" if moment["kind"] == "pression-at-least" else "credit"
        for n, p in state["players"].items():
            if _playing(state, n) and (p[resource] >= moment["at"] if resource == "pression"
                                       else p[resource] <= moment["at"]):
                return n
        return None
    last: Mapping[str, Any] = recent.get("before", {}) if recent.get("action") == "start" and \
        moment["kind"] != "other-turn-start" else recent
    player = last.get("player")
    return player if isinstance(player, str) else None


# The step of each entry (every action but `turn`, which moves the turn alone); each is
# followed by _settle, which says whether the game is over and who won.
_ENTRIES: dict[str, Callable[[State, Action, Any], None]] = {
    "deck_empty": _deck_empty, "adjust": _adjust, "challenge": _challenge, "submit": _submit,
    "approve": _approve, "controversy": _approve, "revoke": _revoke, "defend": _defend, "cooperate": _cooperate,
    "hand": _hand_entry}


# ---------------------------------------------------------------------------------------
# The turn: where it stands (state["turn"]), what comes next, what is said.
# ---------------------------------------------------------------------------------------
#
# state["turn"], once a `turn` line is in the log:
#   player, step       the latest `turn` line's;
#   stage              "start" (the defence may be retried, then the Vivre card), "vivre" (the
#                      card), "card" (a card's effects being entered), "recherche" (a Recherche
#                      action), "defence" (an approval completed the chapters), "end" (the next
#                      player's turn begins);
#   card, phase        the card being resolved and where it was played ("vivre"/"recherche");
#   adjusted           the Superviseur card's change is entered;
#   recherches, done   the Recherche phases this turn allows (1, or 2 after a Challenge won in
#                      Vivre) and those had;
#   fell               the player's Pression fell to 0 during this turn;
#   legacy             the turn follows a file written before these steps: not enforced.

SECRET_FIELDS: tuple[str, ...] = ()
SECRET_BY_PLAYER: tuple[str, ...] = ()


def current(state: State) -> Turn:
    """The turn (a caller past the first `turn` line)."""
    turn = state["turn"]
    assert turn is not None, "no turn has begun"
    return turn


def _playing(state: State, name: str) -> bool:
    return state["players"][name]["status"] == "playing"


def _next_player(state: State, name: str) -> str | None:
    """The next player after `name` in seating order who still plays."""
    names = list(state["players"])
    seat = names.index(name)
    for offset in range(1, len(names) + 1):
        candidate = names[(seat + offset) % len(names)]
        if _playing(state, candidate):
            return candidate
    return None


def _enforced(state: State) -> bool:
    turn = state["turn"]
    return turn is not None and not turn.get("legacy")


def _can_submit(player: Player) -> bool:
    return all(player[key] >= cost for key, cost in CHAPTER_COST.items())


def _has_thesis(state: State, name: str) -> bool:
    return state["players"][name]["approved"] >= state["options"]["chapters"]


def _adjust_decision(name: str) -> Decision:
    return decision("adjust", name, pression=FROM_TABLE, credit=FROM_TABLE)


def _anyone_adjusts(state: State) -> Decision:
    """A Coopération's change: whoever is at the table says whose resources change (`player`
    is then a field, not the decider)."""
    anyone = decision("adjust")
    anyone["choices"] = {"player": [n for n in state["players"] if _playing(state, n)],
                         "pression": FROM_TABLE, "credit": FROM_TABLE}
    return anyone


def _defend_decision(state: State, name: str) -> Decision:
    return decision("defend", name, die=whole(DIE_MIN, DIE_MAX), arguments=FROM_TABLE,
                    support=FROM_TABLE, opposition=FROM_TABLE, **_laid_by(state, name))


def _laid_by(state: State, name: str) -> dict[str, Any]:
    """With the hands counted (a deck), the test's choice of how many cards each other
    player still playing laid."""
    if "cards" not in state:
        return {}
    return {"laid_by": {n: whole(0) for n in state["players"] if n != name and _playing(state, n)}}


def _step(name: str, *steps: str) -> Decision:
    return decision("turn", name, step=list(steps))


def _event_steps(state: State, name: str, *steps: str) -> list[Decision]:
    """The steps that may reveal or play an event card. With a deck, each card step is a
    decision of its own naming the cards of its type only (a Challenge step offers the
    Challenges: a hand is a count, so the type is all the table knows of it), and the steps
    that name no card (a draw the table only records, no event card) one decision each,
    which asks nothing more; without a deck, one decision offers every step."""
    cards = state.get("cards")
    if not cards:
        return [_step(name, *steps)]
    return [one for step in steps
            for one in (_card_steps(state, cards, name, step) if step in CARD_KINDS else [_step(name, step)])]


def _card_steps(state: State, cards: dict[str, decks.Card], name: str, kind: str) -> list[Decision]:
    """The step revealing (or playing from the hand) a card of type `kind`, with the cards
    it may name; where some of them ask more, those are a decision of their own offering it:
    a Superviseur whose roll table decides a chapter waiting (its die), a Coopération played
    from the hand that changes another player's resources (whom)."""
    ids = _event_ids(cards, (kind,), _KIND_IDS.setdefault(kind, {}))
    more: dict[str, Any] = {}
    if kind == "superviseur" and state["players"][name]["pending"] >= 1:
        more = {"die": whole(DIE_MIN, DIE_MAX)}
        asking = [key for key in ids if "roll" in cards[key]]
    elif kind == "cooperation" and current(state)["stage"] == "recherche":
        more = {"other": [n for n in state["players"] if n != name and _playing(state, n)]}
        asking = [key for key in ids if cards[key].get("other")]
    else:
        asking = []
    plain = [key for key in ids if key not in asking]
    return [decision("turn", name, step=[kind], card=chosen, **fields)
            for chosen, fields in ((plain, {}), (asking, more)) if chosen]


def _card_decisions(state: State, turn: Turn) -> list[Decision]:
    """What the card being resolved still waits for."""
    name, card, player = turn["player"], turn["card"], state["players"][turn["player"]]
    if card == "challenge" and turn.get("played"):
        return [decision("challenge", challenger(turn), die=whole(DIE_MIN, DIE_MAX), modifiers=FROM_TABLE,
                         **_laid_by(state, challenger(turn)))]
    if card == "challenge":     # written by hand: the card as it is read, the cards laid on it, the die rolled last
        return [decision("challenge", challenger(turn), resource=list(RESOURCES), difficulty=whole(0),
                         success=FROM_TABLE, failure=FROM_TABLE, modifiers=FROM_TABLE,
                         **_laid_by(state, challenger(turn)), die=whole(DIE_MIN, DIE_MAX))]
    if turn.get("outcome") == "controversy":      # the Superviseur card named opened one
        return [decision("controversy", name, arguments=FROM_TABLE, support=FROM_TABLE, opposition=FROM_TABLE,
                         **_laid_by(state, name)), _step(name, "done")]
    if card == "vie":
        return [_adjust_decision(name), _step(name, "done")]
    if card == "cooperation":
        return [_anyone_adjusts(state), _step(name, "done")]
    decisions = [] if turn["adjusted"] else [_adjust_decision(name)]     # the Superviseur
    if player["pending"] >= 1:
        decisions += [decision("approve", name),
                      decision("controversy", name, arguments=FROM_TABLE, support=FROM_TABLE, opposition=FROM_TABLE,
                               **_laid_by(state, name))]
    if player["approved"] >= 1:
        decisions.append(decision("revoke", name))
    return decisions + [_step(name, "done")]


def step_choices(state: State, decision: Decision, answers: dict[str, Any]) -> dict[str, Any]:
    """What a test still needs once some of it is answered (a face asks it question by
    question): whom the cards laid came from (`laid_by`) only where some of them may be
    another player's: a Challenge's cards laid (not once they are answered as none: an
    empty list), the support and opposition of a controversy or a defence when more than
    one other player still plays (with one, they are that player's: `_lay`). Other
    decisions as they are."""
    choices = decision["choices"]
    if "laid_by" not in choices:
        return choices
    others = ("modifiers",) if decision["action"] == "challenge" else SIDES
    # a list not answered yet may still lay cards: only one answered empty lays none
    laid = any(answers.get(field, True) for field in others if field in choices)
    if laid and (decision["action"] == "challenge" or len(choices["laid_by"]) > 1):
        return choices
    return {field: choice for field, choice in choices.items() if field != "laid_by"}


@per_state
def pending(state: State) -> list[Decision]:
    """The decisions the table waits for now, in the order it takes them (see the docstring)."""
    if state["over"]:
        return []
    turn = state["turn"]
    if turn is None:
        # whoever is at the table says who begins (`player` is then a field, not the decider)
        first = decision("turn", None)
        first["choices"] = {"player": [n for n in state["players"] if _playing(state, n)], "step": ["start"]}
        return [first]
    name, stage = turn["player"], turn["stage"]
    if stage == "end" or not _playing(state, name):
        following = _next_player(state, name)
        return [] if following is None else [_step(following, "start")]
    if stage in ("start", "vivre"):
        retry = [_defend_decision(state, name)] if stage == "start" and _has_thesis(state, name) else []
        return retry + _event_steps(state, name, *CARD_KINDS, *VIVRE_ONLY)
    if stage == "defence":
        return [_defend_decision(state, name), _step(name, "no-defence")]
    if stage == "card":
        return _card_decisions(state, turn)
    # a Recherche: draw, play a card from the hand, or submit a chapter
    submit = [decision("submit", name)] if _can_submit(state["players"][name]) else []
    return _event_steps(state, name, *DRAWS, *CARD_KINDS) + submit


def current_player(state: State) -> str | None:
    """Whose turn it is: who enters, besides the host, what the table decides as a whole."""
    return turn_player(state)


@per_state
def anytime(state: State) -> list[Decision]:
    """A Coopération card played at its printed moment (any player still playing), and in the
    timed variant the empty event deck (whoever is at the table)."""
    if state["over"]:
        return []
    counts = [in_hand.correction(list(state["players"]))] if "cards" in state else []
    return [_anyone_adjusts(state)] + _cooperations(state) + \
        ([decision("deck_empty")] if state["options"]["timed"] else []) + counts


def _cooperations(state: State) -> list[Decision]:
    """The Coopération cards each player may play now, at their printed moment: a card from
    that player's own hand, so each player's own decision (never the table's: a phone would
    play it for another). The cards that name another player (their `other` changes, or the
    Challenge passed on) are a decision of their own, which offers whom to name: a phone
    sends a field offered one value with any card of its decision, and a card that names
    nobody is refused an `other`."""
    cards = state.get("cards")
    if not cards or not _enforced(state):
        return []
    playing = [n for n in state["players"] if _playing(state, n)]
    ids = _event_ids(cards, ("cooperation",), _COOPERATION_IDS)
    decisions = []
    for name in playing:
        open_now = [key for key in ids if moment_open(state, cards[key], name)]
        naming = [key for key in open_now if cards[key].get("other") or cards[key].get("passes_challenge")]
        alone = [key for key in open_now if key not in naming]
        if alone:
            decisions.append(decision("cooperate", name, card=alone))
        if naming:
            decisions.append(decision("cooperate", name, card=naming, other=[n for n in playing if n != name]))
    return decisions


# -- what the game waits for, in words ---------------------------------------------------------

CARD_WAITS = {
    "vie": N_("The game waits for the change of {name}'s C'est la vie card."),
    "challenge": N_("The game waits for {name}'s challenge."),
    "cooperation": N_("The game waits for the changes of {name}'s Coopération card, or its end (done)."),
    "superviseur": N_("The game waits for what {name}'s Superviseur card does (a change, then the chapter, or done)."),
}


def waiting(state: State) -> Message:
    """One sentence saying what the game waits for now."""
    turn = state["turn"]
    if state["over"]:
        return Message(N_("The game is over."))
    if turn is None:
        return Message(N_("The game waits for a player's turn to begin."))
    name, stage = turn["player"], turn["stage"]
    if stage == "end" or not _playing(state, name):
        return Message(N_("The game waits for the start of {name}'s turn."), name=_next_player(state, name))
    if stage == "start" and _has_thesis(state, name):
        return Message(N_("The game waits for {name}'s thesis defence or Vivre event card."), name=name)
    if stage in ("start", "vivre"):
        return Message(N_("The game waits for {name}'s Vivre event card."), name=name)
    if stage == "defence":
        return Message(N_("The game waits for {name}'s thesis defence."), name=name)
    if stage == "card" and turn["card"] is not None:
        return Message(CARD_WAITS[turn["card"]], name=challenger(turn) if turn["card"] == "challenge" else name)
    if turn["recherches"] == 2:
        return Message(N_("The game waits for {name}'s Recherche ({n} of 2)."), name=name, n=turn["done"] + 1)
    return Message(N_("The game waits for {name}'s Recherche."), name=name)


def _is_recherche(state: State, action: Action) -> bool:
    """Whether `action` is a Recherche action of the turn's player."""
    turn = current(state)
    if action.get("player") != turn["player"]:
        return False
    if action.get("action") == "submit":
        return True
    return action.get("action") == "turn" and action.get("step") in DRAWS + CARD_KINDS and \
        turn["stage"] not in ("start", "vivre")


def _check_flow(state: State, action: Action) -> None:
    """Refuse an entry the turn does not allow now, saying what the game waits for."""
    if action.get("action") == "turn" and action.get("step") in LEGACY_STEPS:
        return
    name = action.get("player")
    if isinstance(name, str) and name in state["players"] and not _playing(state, name):
        try:
            _acting(state, name)
        except RuleViolation as refused:
            raise RuleViolation("{refusal} {waiting}", refusal=refused, waiting=waiting(state)) from None
    if answering(pending(state), action) is not None or answering(anytime(state), action) is not None:
        return
    waits = waiting(state)
    if action.get("action") != "turn":
        # the rule's own sentence first where the entry itself is wrong (a chapter not paid for)
        _apply_entry(state, action, action["action"])
    turn = current(state)
    if _is_recherche(state, action) and turn["stage"] in ("end", "card", "defence") or \
            _is_recherche(state, action) and not _playing(state, turn["player"]):
        if turn["fell"]:
            raise RuleViolation("{name}'s Pression fell to 0 during this turn: no more Recherche. {waiting}",
                                name=turn["player"], waiting=waits)
        if turn["done"] >= turn["recherches"]:
            raise RuleViolation(plural("{name} has had {n} Recherche phase this turn, all the turn allows. {waiting}",
                                       "{name} has had {n} Recherche phases this turn, all the turn allows. {waiting}",
                                       turn["done"]), name=turn["player"], n=turn["done"], waiting=waits)
    raise RuleViolation("{waiting}", waiting=waits)


# -- the turn's steps ---------------------------------------------------------------------------

# Said by refusals of the steps below, made once: most turn lines are asked them and pass.
_ONLY_EVENT_CARDS = Message("Only the line of an event card takes a die or another player")


def _turn_line(state: State, action: Action, named: tuple[str, decks.Card] | None = None) -> State:
    if "card" not in action:
        FIELDS.require(action, "step")
        FIELDS.refuse_extra(action, "die", "other", because=_ONLY_EVENT_CARDS)
    name, step = action["player"], action["step"]
    if "card" in action and named is None:
        named = _event_card(state, action)
    if not _playing(state, name):
        raise RuleViolation("{name} no longer takes turns in this game.", name=name)
    if step == "start":
        return _start_turn(state, name, step)
    if step in LEGACY_STEPS:
        return {**state, "turn": _legacy(name, step)}
    if state["turn"] is None:
        # a step of a turn that never began: the first `turn` line says whose turn begins
        raise RuleViolation("{waiting}", waiting=waiting(state))
    turn: Turn = {**state["turn"], "player": name, "step": step}
    if step in DRAWS:
        turn["done"] += 1
        _after_recherche(turn)
    elif step in _CARD_STEPS:
        _card_step(turn, step)
    elif step == "done" or step == "no-defence":
        _go_on(turn)
    new = _reveal(state, turn, *named, action) if named is not None else {**state, "turn": turn}
    change = _drawn(step, turn) if "cards" in state and step in _HAND_STEPS else 0
    if change:
        if named is None:
            new["players"] = dict(state["players"])
        _hand(new, name, change)
    return new


def _start_turn(state: State, name: str, step: str) -> State:
    """A turn begins for `name`, in Vivre; the turn before it closes, its player's hand
    brought to the hand limit when they hold more."""
    started: State = {**state, "turn": {"player": name, "step": step, "stage": "start", "card": None,
                                        "phase": "vivre", "adjusted": False, "recherches": 1, "done": 0,
                                        "fell": False}}
    if "cards" in state and state["turn"] is not None and \
            state["players"][state["turn"]["player"]].get("hand", 0) > HAND_LIMIT:
        started["players"] = dict(state["players"])
        _close_turn(state, started)
    return started


def _card_step(turn: Turn, step: str) -> None:
    """An event card revealed (or none, in Vivre): in Recherche it counts as one of the
    turn's Recherches; the card is then the one being resolved, and a card named earlier in
    the turn is done."""
    if turn["stage"] == "recherche":
        turn["phase"], turn["done"] = "recherche", turn["done"] + 1
    else:
        turn["phase"] = "vivre"
    turn["stage"], turn["card"], turn["adjusted"] = "card", step, False
    for key in ("played", "outcome", "laid"):     # a card named earlier in the turn is done
        turn.pop(key, None)  # type: ignore[misc]
    if step == "none":
        _go_on(turn)

_HAND_STEPS = frozenset(DRAWS + CARD_KINDS)      # the turn lines that change their player's hand


def _drawn(step: str, turn: Turn) -> int:
    """The cards a turn line brings into its player's hand (fewer when negative): a draw, an
    event card played from the hand in Recherche, a Coopération revealed in Vivre (kept)."""
    if step in DRAWS:
        return RECHERCHE_DRAW["events" if step == "draw-events" else "arguments"]
    if step in CARD_KINDS:
        return -1 if turn["phase"] == "recherche" else int(step == "cooperation")
    return 0


_AN_EVENT_CARD = Message("an event card")


def _event_card(state: State, action: Action) -> tuple[str, decks.Card]:
    """The event card a turn line names, of the type its step says."""
    key, card = _card(state, action["card"], *CARD_KINDS, what=_AN_EVENT_CARD)
    if action.get("step", card["type"]) not in TYPE_WORDS:   # a draw, « no event card »: said in words, never by its id
        raise RuleViolation("This step plays no event card: leave out {title}.", field="card", title=card["title"])
    if action.get("step", card["type"]) != card["type"]:
        raise RuleViolation("{title} is a {type} card; this step takes a {wanted} card.", field="card",
                            title=card["title"], type=TYPE_WORDS[card["type"]],
                            wanted=TYPE_WORDS.get(action["step"], shown(action["step"])))
    return key, card


def _reveal(before: State, turn: Turn, key: str, card: decks.Card, action: Action) -> State:
    """An event card named by its id, revealed in Vivre or played from the hand: what it
    says is applied (C'est la vie, Superviseur, a Coopération played in Recherche), or
    waits for what it leaves open (a Challenge's die, a controversy's Arguments). `turn`
    is the turn its line opened, this line's own to change."""
    turn["played"], turn["outcome"], turn["laid"] = key, None, []
    new = before.copy()
    new["players"] = dict(before["players"])
    new["turn"] = turn
    name, kind = turn["player"], card["type"]
    rolled = kind == "superviseur" and "roll" in card and new["players"][name]["pending"] >= 1
    if "die" in action and not rolled:
        raise RuleViolation("{title} rolls no die now: the entry gives none.", field="die", title=card["title"])
    if kind == "cooperation" and turn["phase"] == "recherche":
        # the card played as the Coopération it is: the turn line's own fields, parsed already
        _cooperate(new, {"action": "cooperate", "player": name, "card": key,
                         **({"other": action["other"]} if "other" in action else {})}, name, from_hand=True)
    elif "other" in action:
        raise RuleViolation("{title} changes nobody else's resources: the entry names no other player.", field="other",
                            title=card["title"])
    changes = _changes_of(card) if kind in ("vie", "superviseur") else None
    if changes:
        _change(_changing(new, name), changes)
    resolved = kind != "challenge"
    if kind == "superviseur" and _playing(new, name) and new["players"][name]["pending"] >= 1:
        resolved = _supervise_chapter(new, turn, card, action)
    _settle(new)
    if before["players"][name]["pression"] > RESOURCE_MIN and new["players"][name]["pression"] == RESOURCE_MIN:
        turn["fell"] = True
    if new["over"]:
        return new
    if not _playing(new, name):
        turn["stage"], turn["card"] = "end", None
    elif resolved:
        _go_on(turn)
    return new


def _supervise_chapter(new: State, turn: Turn, card: decks.Card, action: Action) -> bool:
    """A Superviseur revealed while its player has a chapter submitted decides that chapter:
    the card's printed outcome, or the line of its table the die falls on. Approved, it may
    complete the thesis and send the turn to its defence; revoked, an approved chapter goes
    back to submitted; a controversy waits for its Arguments. Whether the card is done."""
    name = turn["player"]
    outcome = card.get("chapter")
    if outcome is None:
        if "die" not in action:
            raise RuleViolation("{title} rolls the die for the chapter: give the die.", field="die",
                                title=card["title"])
        die = action["die"]
        outcome = next(line["outcome"] for line in card["roll"] if line["faces"][0] <= die <= line["faces"][1])
    player = new["players"][name]
    if outcome == "approve":
        player = _changing(new, name)
        player["pending"] -= 1
        player["approved"] += 1
        if _has_thesis(new, name):
            turn["stage"] = "defence"
            return False
    elif outcome == "revoke" and player["approved"] >= 1:
        player = _changing(new, name)
        player["approved"] -= 1
        player["pending"] += 1
    elif outcome == "controversy":
        turn["outcome"], turn["adjusted"] = "controversy", True
        return False
    return True

_CARD_STEPS = CARD_KINDS + VIVRE_ONLY       # an event card revealed (or none, in Vivre)


def _legacy(name: str, step: str) -> Turn:
    """A step of the older guided play: where its turn stood, as near as it says."""
    base: Turn = {"player": name, "step": step, "stage": "vivre", "card": None, "phase": "vivre", "adjusted": False,
                  "recherches": 1, "done": 0, "fell": False, "legacy": True}
    if step == "vivre":
        return base
    if step in ("vivre-cooperation", "vivre-superviseur"):
        return {**base, "stage": "card", "card": step.split("-")[1], "adjusted": step == "vivre-superviseur"}
    return {**base, "stage": "recherche", "recherches": 1 if step == "recherche" else 2,
            "done": 1 if step == "recherche-2-of-2" else 0}


# The turn's moves below change `turn`, a copy that the action making the new state owns.

def _after_recherche(turn: Turn) -> None:
    """After a Recherche action: another one if the turn allows it, else the turn ends."""
    more = turn["done"] < turn["recherches"] and not turn["fell"]
    turn["stage"], turn["card"] = "recherche" if more else "end", None


def _go_on(turn: Turn) -> None:
    """Where the turn goes once its card (and the defence that card started) is done."""
    if turn["phase"] == "vivre":
        turn["stage"], turn["card"] = "end" if turn["fell"] else "recherche", None
    else:
        _after_recherche(turn)


def _advance(before: State, after: State, action: Action) -> Turn:
    """The turn after an entry (not a `turn` line) was applied."""
    turn = current(before).copy()
    name, kind = turn["player"], action["action"]
    if turn.get("legacy") or after["over"]:
        return turn
    if before["players"][name]["pression"] > RESOURCE_MIN and after["players"][name]["pression"] == RESOURCE_MIN:
        turn["fell"] = True
    if not _playing(after, name):
        turn["stage"], turn["card"] = "end", None
        return turn
    if kind == "cooperate":
        _after_cooperation(turn, after, action)
        return turn
    if kind in ("challenge", "controversy", "defend"):
        turn.pop("laid", None)
    if kind == "challenge" and "resolver" in turn and action.get("player") == turn["resolver"]:
        # a Challenge passed on: resolved by another player, it brings the turn nothing more
        del turn["resolver"]
        _go_on(turn)
        return turn
    if action.get("player") != name:
        return turn
    if kind == "submit" and turn["stage"] == "recherche":
        turn["done"] += 1
        _after_recherche(turn)
    elif kind == "defend":
        if turn["stage"] == "defence":
            _go_on(turn)
        else:
            turn["stage"] = "vivre"
    elif turn["stage"] == "card":       # an effect of the card being resolved
        _after_card_effect(turn, before, after, kind)
    return turn


def _after_cooperation(turn: Turn, after: State, action: Action) -> None:
    """A Coopération played during the turn: the modifier it lays counts on the turn's next
    test, and one that passes the Challenge on makes its receiver the one who resolves it."""
    played = (after.get("cards") or {})[action["card"]]
    laid = played.get("modifier")
    if laid is not None:
        turn["laid"] = turn.get("laid", []) + [{"value": laid, "side": action.get("side", "support")}]
    if played.get("passes_challenge"):
        if action["other"] == turn["player"]:
            # passed back to the turn's player: their own Challenge again, with all it brings
            turn.pop("resolver", None)
        else:
            turn["resolver"] = action["other"]


def _after_card_effect(turn: Turn, before: State, after: State, kind: str) -> None:
    """The turn's player resolved an effect of the card they drew: a C'est la vie's
    adjustment, a Superviseur's (once, and then its approvals) or a Challenge met. A
    Challenge met in the Vivre phase grants the turn its full Recherches; a Superviseur
    approval that completes the thesis sends the turn to its defence."""
    name, card = turn["player"], turn["card"]
    if kind == "adjust" and card == "vie":
        _go_on(turn)
    elif kind == "adjust" and card == "superviseur" and not turn["adjusted"]:
        turn["adjusted"] = True
        player = after["players"][name]
        if player["pending"] == 0 and player["approved"] == 0:
            _go_on(turn)
    elif kind == "challenge" and card == "challenge":
        test = after["last_test"]
        if turn["phase"] == "vivre" and test is not None and test["success"]:
            turn["recherches"] = RECHERCHE_MAX_PER_TURN
        _go_on(turn)
    elif kind in ("approve", "controversy", "revoke") and card == "superviseur":
        completed = after["players"][name]["approved"] > before["players"][name]["approved"] and \
            _has_thesis(after, name)
        if completed:
            turn["stage"] = "defence"
        else:
            _go_on(turn)


# -- what is said ----------------------------------------------------------------------------

TEST_VERDICTS = {
    ("challenge", True): N_("{name}'s challenge: total {total}, needed {needed}: success."),
    ("challenge", False): N_("{name}'s challenge: total {total}, needed {needed}: failure."),
    ("controversy", True): N_("{name}'s controversy: net {total}, needed {needed}: the chapter is approved."),
    ("controversy", False): N_("{name}'s controversy: net {total}, needed {needed}: the chapter stays submitted."),
    ("defence", True): N_("{name}'s thesis defence: total {total}, needed {needed}: defended."),
    ("defence", False): N_("{name}'s thesis defence: total {total}, needed {needed}: failed; it may be retried at the start of a later turn."),
}
STATUS_EVENTS = {
    "burnout": N_("{name} reaches {limit} Pression: burn-out, out of the game."),
    "bingo": N_("{name} reaches {limit} Crédit: bingo, out of the game as a winner."),
    "doctor": N_("{name} is a doctor."),
}


def outcome(before: State, after: State, action: Action) -> list[Event]:
    """What an accepted entry did: the test's verdict, each resource change, the chapters, the
    statuses, the turn's consequences and why the game ended. PHD holds no secret."""
    events: list[Event] = []
    kind = action.get("action")
    test = after.get("last_test")
    told = _told_card(before, after, action)
    if told is not None:
        events.append(told)
    elif kind in ("challenge", "controversy", "defend") and test:
        events.append(said(TEST_VERDICTS[(test["kind"], test["success"])], name=test["player"],
                           total=test["total"], needed=test["needed"]))
    needed = after["options"]["chapters"]
    for name, now in after["players"].items():
        was = before["players"][name]
        for key in RESOURCES:
            if was[key] != now[key] and told is None:
                events.append(said(N_("{name}: {resource} {was} -> {now}."), name=name,
                                   resource=Message(RESOURCE_NAMES[key]), was=was[key], now=now[key]))
        if now["approved"] > was["approved"]:
            events.append(said(plural("{name}'s chapter is approved: {approved} approved of {needed}.",
                                      "{name}'s chapter is approved: {approved} approved of {needed}.", now["approved"]),
                               name=name, approved=now["approved"], needed=needed))
        elif now["approved"] < was["approved"]:
            events.append(said(N_("{name}'s approved chapter is revoked: it is submitted again."), name=name))
        elif now["pending"] > was["pending"]:
            events.append(said(N_("{name} submits a chapter: {pending} waiting for approval."),
                               name=name, pending=now["pending"]))
        if was["status"] != now["status"]:
            events.append(said(STATUS_EVENTS[now["status"]], name=name, limit=RESOURCE_MAX))
    events += _hand_events(before, after, action)
    events += _turn_events(before, after)
    if after["over"] and not before["over"]:
        events.append(_end_event(after))
    return events


def _hand_events(before: State, after: State, action: Action) -> list[Event]:
    """What an entry did to the hands beyond the draws and plays its line says (a
    Coopération's draws are in its card's line): the hand limit as a turn ends, a count put
    right; and what a Coopération did to the moment's Challenge."""
    kind = action["action"]
    if kind == in_hand.ACTION:
        return [in_hand.said_holding(action["player"], action["cards"])]
    events = []
    if kind == "turn" and action.get("step") == "start" and before["turn"] is not None and not before.get("cards") \
            and _playing(before, before["turn"]["player"]):
        # without the deck the table counts no hand: the players keep to the limit themselves
        events.append(said(N_("End of {name}'s turn: keep at most {limit} cards in hand."),
                           name=before["turn"]["player"], limit=HAND_LIMIT))
    elif kind == "turn" and action.get("step") == "start" and before["turn"] is not None and "cards" in before:
        name = before["turn"]["player"]
        receivers = hand_limit_receivers(before, name)
        for receiver in dict.fromkeys(receivers):
            n = receivers.count(receiver)
            if receiver is None:
                events.append(said(plural("{player}'s turn ends: {n} card over {limit} goes to the discard.",
                                          "{player}'s turn ends: {n} cards over {limit} go to the discard.", n),
                                   player=name, limit=HAND_LIMIT, n=n))
            else:
                events.append(said(plural("{player}'s turn ends: {n} card over {limit} goes to {receiver}, who has "
                                          "the least Crédit.",
                                          "{player}'s turn ends: {n} cards over {limit} go to {receiver}, who has "
                                          "the least Crédit.", n),
                                   player=name, limit=HAND_LIMIT, n=n, receiver=receiver))
    if kind != "cooperate":
        return events
    card, name = (before.get("cards") or {})[action["card"]], action["player"]
    if card.get("passes_challenge"):
        events.append(said(N_("{other} resolves {name}'s Challenge, with their own resources."),
                           other=action["other"], name=name))
    if card.get("cancels_failure"):
        recent: Mapping[str, Any] = before.get("recent") or {}
        events.append(said(N_("{player}'s failure is cancelled: what it changed goes back."),
                           player=recent.get("player")))
    return events


# The cards whose effect applies as their entry is accepted, told in one line with it.
_TOLD_AT_ONCE = ("vie", "superviseur", "cooperation")
CHALLENGE_VERDICTS = {True: N_("total {total}, needed {needed}: success"),
                      False: N_("total {total}, needed {needed}: failure")}


def _told_card(before: State, after: State, action: Action) -> Event | None:
    """The line of a card of the deck the entry plays and whose effect it applies (a C'est
    la vie, a Superviseur, a Coopération, a Challenge met): its title and the changes the
    engine applied to each player (its player's first), a Challenge's verdict and a
    Superviseur's die before them. None for any other entry."""
    kind, cards = action.get("action"), before.get("cards")
    if not cards or kind not in ("turn", "cooperate", "challenge"):
        return None
    key = _card_told(before, after, action, cards)
    if key is None:
        return None
    player = str(action["player"])
    changed = [name for name in before["players"]
               if any(before["players"][name][r] != after["players"][name][r] for r in RESOURCES)]
    effects = []
    test = after["last_test"]
    if kind == "challenge" and test is not None:
        effects.append(Message(CHALLENGE_VERDICTS[test["success"]], total=test["total"], needed=test["needed"]))
    elif "die" in action:
        effects.append(Message("die {die}", die=action["die"]))
    effects += decks.effects(player, [(name, decks.change(delta, Message(RESOURCE_NAMES[resource])))
                                      for name in [player, *(n for n in changed if n != player)]
                                      for resource in RESOURCES
                                      if (delta := after["players"][name][resource] - before["players"][name][resource])])
    effects += _told_hands(before, after, action, cards[key])
    return decks.card_line(player, cards[key]["title"], effects, entry=kind != "challenge")


def _told_hands(before: State, after: State, action: Action, card: decks.Card) -> list[Message]:
    """What the card the entry plays did to the hands: a Coopération's draws, a Challenge's
    result's `hand` (the other draws and plays are in the turn's lines)."""
    kind, player = action.get("action"), str(action["player"])
    drawn = card.get("draw_arguments", 0)
    if drawn:
        return decks.effects(player, [(name, decks.cards(drawn)) for name in _drawing(
            before, after, player, card, at_moment=kind == "cooperate")])
    test = after["last_test"]
    if kind != "challenge" or test is None:
        return []
    result = card.get("success" if test["success"] else "failure")
    return decks.effects(player, [(name, decks.cards(n)) for name, n in result_hands(before, player, result) if n])


def _card_told(before: State, after: State, action: Action, cards: dict[str, decks.Card]) -> str | None:
    """The id of the card whose effect the entry applies at once, told in its line: the card
    it names (a Challenge met: the one the turn played), when its effect applies now (a C'est
    la vie, a Superviseur, a Coopération played, not one revealed in Vivre). None otherwise."""
    kind = action.get("action")
    key = action.get("card") or (_played(before, "challenge") if kind == "challenge" else None)
    if not isinstance(key, str):
        return None
    key = decks.card_id(cards, key, TITLE)
    if kind != "challenge" and cards[key]["type"] not in _TOLD_AT_ONCE:
        return None
    turn = after["turn"]
    if kind == "turn" and cards[key]["type"] == "cooperation" and (turn is None or turn["phase"] != "recherche"):
        return None     # revealed in Vivre, it goes to the hand: it applies when played at its moment
    return key

def _drawing(before: State, after: State, player: str, card: decks.Card, *, at_moment: bool) -> list[str]:
    """Who draws the Argument cards of the Coopération `player` plays: they do, and at its
    moment the player the moment concerns (from the hand in Recherche, its player alone);
    those still playing once it is played (`after`)."""
    concerned = moment_for(before, card) if at_moment else None
    names = dict.fromkeys([player] + ([concerned] if concerned is not None else []))
    return [name for name in names if _playing(after, name)]


def _turn_events(before: State, after: State) -> list[Event]:
    turn = after["turn"]
    was: Mapping[str, Any] = before["turn"] or {}
    if not turn or turn.get("legacy") or after["over"]:
        return []
    name = turn["player"]
    events = []
    if turn["stage"] == "defence" and was.get("stage") != "defence":
        events.append(said(N_("{name} has every approved chapter needed: the thesis defence starts now."), name=name))
    if turn["recherches"] > was.get("recherches", 1) and was.get("player") == name:
        events.append(said(N_("{name} won the challenge in Vivre: two Recherche phases this turn."), name=name))
    if turn["fell"] and not was.get("fell") and was.get("player") == name and _playing(after, name):
        if turn["done"] == 0:
            events.append(said(N_("{name}'s Pression fell to 0 this turn: no Recherche phase."), name=name))
        elif turn["done"] < turn["recherches"]:
            events.append(said(N_("{name}'s Pression fell to 0 this turn: no second Recherche phase."), name=name))
    return events


def _end_event(state: State) -> Event:
    if state["end"] == "doctor":
        doctor = next(n for n, p in state["players"].items() if p["status"] == "doctor")
        return said(N_("The game ends: {name} has defended the thesis."), name=doctor)
    if state["end"] == "timed":
        scores = ", ".join(f"{name} {score}" for name, score in state["scores"].items())
        return said(N_("The event deck is empty: time is up. Scores: {scores}."), scores=scores)
    last = [n for n in state["players"] if _playing(state, n)]
    if last:
        return said(N_("The game ends: {name} is the last player still in the game."), name=last[0])
    return said(N_("The game ends: nobody is still in the game."))


# The game, declared once (scorekeeper/rules/declaration.py): what code serving any game reads.
RULES = GameRules(
    id=GAME_ID, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, options=("chapters", "timed"),
    fields=FIELDS, setup=setup, take=take, pending=pending, anytime=anytime, outcome=outcome,
    current_player=current_player, standings=standings, canonical=canonical, cards_to_lay=cards_to_lay,
    actors={"deck_empty": None},          # the event deck runs out for the whole table
    corrections=CORRECTIONS, secret_fields=SECRET_FIELDS, secret_by_player=SECRET_BY_PLAYER, card_types=CARD_TYPES)
