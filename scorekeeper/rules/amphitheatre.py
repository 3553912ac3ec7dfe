"""Amphithéâtre (RULES.md §2): physicians debating a death in an anatomy theatre.

The turn, as the engine's steps (once the log holds a `turn` line, it is enforced):

    turn (step "start")     the speaker token reaches the next player in seating order
    hypothesis | revolution | draw
                            the speaker's move; a hypothesis challenges one player
    handshake | counter     the challenged player agrees (both gain) or states another value
    join ...                each other player in seating order from the speaker takes side
                            "a" (the speaker's), "b" (the challenged player's) or abstains
    debate                  the sides joined, the losers of accusations discounted

`accuse` may come at any moment a hypothesis stands, against whoever stated it (the speaker;
the challenged player once they counter) or joined a side, never against the player who only
agreed in a handshake, nor oneself; each player at most once a hypothesis (their card is then
known to the table). A session typed entry by entry, without `turn` lines, keeps the three
contract actions as they were, unchecked against the turn.
"""
from __future__ import annotations

import functools
from typing import Any, Literal, TypedDict

from scorekeeper.errors import N_, RuleViolation, plural
from scorekeeper.rules.checks import (
    Bookmark,
    check_option_names,
    check_players,
    fresh,
    need_game_on,
    ranked,
    recorded_turn,
)
from scorekeeper.rules.declaration import GameRules
from scorekeeper.rules.fields import Flag, Name, Names, Word, act, declare
from scorekeeper.rules.flow import (
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
)

GAME_ID = "amphitheatre"
TITLE = "Amphithéâtre"
MIN_PLAYERS, MAX_PLAYERS = 3, 8

CATEGORIES = ("affliction", "anatomie", "cause")
MIN_CARDS_PER_CATEGORY = 12
ROW_SEATS = (4, 5, 6)          # row 1 at the bottom, filled first
CAPACITY = sum(ROW_SEATS)      # 15 seats: filling them all wins
# The row of the last filled seat (row 1 when empty) sets the amounts.
TOKEN_TABLE = {1: {"gain": 3, "penalty": 1}, 2: {"gain": 2, "penalty": 2}, 3: {"gain": 1, "penalty": 3}}
MIN_SPECTATOR_TOKENS = 130

# The session actions of SCOREKEEPER.md, and the steps of a turn the project adds.
ACTIONS = ("handshake", "debate", "accuse", "turn", "hypothesis", "revolution", "draw", "counter", "join")
# Actions that only make sense inside a recorded turn (they change no board).
STEP_ACTIONS = ("hypothesis", "revolution", "draw", "counter", "join")
# The steps a `turn` line may write; the others ("move", "answer", "debate", "done") follow
# from the actions themselves.
TURN_STEPS = ("start",)
SIDES = ("side_a", "side_b")
# What a player joining a debate may say: the speaker's side, the challenged player's, neither.
JOIN_SIDES = ("a", "b", "abstain")
# The field of each action naming who decides it (default "player").
ACTOR_FIELDS = {"hypothesis": "speaker", "handshake": "target", "accuse": "accuser"}
# Nothing in the state is secret: the cards stay on the table, not in the log.
SECRET_FIELDS: tuple[str, ...] = ()

_CATEGORY = Word(label=N_("The category"), choices=CATEGORIES)
_SIDE_FIELDS = {"side_a": Names(label=N_("side A")), "side_b": Names(label=N_("side B")),
                "discounted": Names(label=N_("the discounted players"), needed=False)}
# Each action's fields (scorekeeper/rules/fields.py), checked before the rules read them.
FIELDS = declare(TITLE, {
    "handshake": act(speaker=Name(label=N_("the speaker")), target=Name(label=N_("the target"))),
    "debate": act(**_SIDE_FIELDS),
    "accuse": act(accuser=Name(label=N_("the accuser")), accused=Name(label=N_("the accused")),
                  truthful=Flag(label=N_("Whether the accused's card matches the hypothesis"))),
    "turn": act(player=Name(), step=Word(label=N_("The step of {player}'s turn"), choices=("start",))),
    "hypothesis": act(speaker=Name(label=N_("the speaker")), target=Name(label=N_("the target")),
                      category=_CATEGORY),
    "revolution": act(player=Name(), category=_CATEGORY),
    "draw": act(player=Name(), category=_CATEGORY),
    "counter": act(player=Name()),
    "join": act(player=Name(), side=Word(label=N_("The side {player} joins"), choices=JOIN_SIDES)),
})
assert FIELDS.names == ACTIONS


class Player(TypedDict):
    seats: int      # auditorium tokens
    doubt: int      # doubt-zone tokens
    row: int        # the row of the last filled seat


class Hypothesis(TypedDict):
    """The hypothesis under way in a recorded turn (see the turn below)."""

    speaker: str
    target: str
    category: str
    countered: bool
    a: list[str]
    b: list[str]
    abstained: list[str]
    accused: list[str]
    losers: list[str]


class State(TypedDict):
    game: str
    options: dict[str, Any]
    capacity: int
    players: dict[str, Player]
    over: bool
    turn: Bookmark | None
    hypothesis: Hypothesis | None
    winners: list[str]


class Roles(TypedDict):
    """Who counts where in a debate (`debate_roles`)."""

    a: list[str]
    b: list[str]
    majority: list[str] | None
    discounted: list[str]
    abstainers: list[str]


@functools.cache     # asked of every player after each token moved; 0 to 15 seats, 16 answers
def row_of(seats: int) -> int:
    """The row of the last filled seat, row 1 when the auditorium is empty (RULES.md §2.6)."""
    filled = 0
    for row, size in enumerate(ROW_SEATS, start=1):
        filled += size
        if seats <= filled:
            return row
    return len(ROW_SEATS)


def gain_of(seats: int) -> int:
    return TOKEN_TABLE[row_of(seats)]["gain"]


def penalty_of(seats: int) -> int:
    return TOKEN_TABLE[row_of(seats)]["penalty"]


def setup(players: list[Seat], options: dict[str, Any] | None = None) -> State:
    """Empty auditoriums and doubt zones; Amphithéâtre has no options."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    check_option_names(options, TITLE, ())
    return {
        "game": GAME_ID,
        "options": {},
        "capacity": CAPACITY,
        "players": {name: {"seats": 0, "doubt": 0, "row": 1} for name in names},
        "over": False,
        "turn": None,   # whose turn and which step, once the log records them (`turn` lines)
        "hypothesis": None,   # the hypothesis under way in a recorded turn (see _hypothesis)
        "winners": [],
    }


def _seat(player: Player, tokens: int) -> None:
    """Add (or take away) auditorium tokens; those beyond the last seat are lost."""
    player["seats"] = max(0, min(CAPACITY, player["seats"] + tokens))


def _settle(state: State) -> None:
    """Refresh the rows; whoever filled every seat wins, all of them at the same moment."""
    for player in state["players"].values():
        player["row"] = row_of(player["seats"])
    state["winners"] = [name for name, p in state["players"].items() if p["seats"] >= CAPACITY]
    state["over"] = bool(state["winners"])


def standings(state: State) -> list[tuple[int, str]]:
    """(rank, name) by seats filled; equal seats share a rank."""
    return ranked(state["players"], lambda name: -state["players"][name]["seats"])


def debate_roles(state: State, action: Action) -> Roles:
    """Who counts where in a debate: the sides without the discounted players, the majority
    (None on a tie), the abstainers (on no side, not discounted) and the discounted."""
    # each side a list of distinct players' names: parsed so (fields.Names)
    side_a, side_b = action["side_a"], action["side_b"]
    discounted = action.get("discounted") or []
    if not side_a or not side_b:
        raise RuleViolation("A debate needs at least one player on each side.",
                            field="side_b" if side_a else "side_a")
    both = [name for name in side_a if name in side_b]
    if both:
        raise RuleViolation(plural("{both} cannot take both sides of the debate.", "{both} cannot take both sides of the debate.",
                                   len(both)), both=both, field="side_b")
    counted_a = [n for n in side_a if n not in discounted]
    counted_b = [n for n in side_b if n not in discounted]
    majority = None
    if len(counted_a) != len(counted_b):
        majority = counted_a if len(counted_a) > len(counted_b) else counted_b
    return {"a": counted_a, "b": counted_b, "majority": majority, "discounted": discounted,
            "abstainers": [n for n in state["players"] if n not in side_a + side_b + discounted]}


def _debate(state: State, action: Action) -> None:
    """RULES.md §2.4, with discounted players counting for nobody and left untouched."""
    roles = debate_roles(state, action)
    players = state["players"]
    if roles["majority"] is None:
        for name in roles["a"] + roles["b"]:
            players[name]["doubt"] += 1          # from the reserve
    else:
        for name in players:
            if name in roles["discounted"]:
                continue
            player = players[name]
            if name in roles["majority"]:
                # the row is read before the tokens arrive
                _seat(player, gain_of(player["seats"]) + player["doubt"])
            player["doubt"] = 0                  # banked by the majority, returned by the rest
    for name in roles["abstainers"]:
        player = players[name]
        if player["seats"] > 0:
            player["seats"] -= 1
            player["doubt"] += 1


def _accusation(state: State, action: Action) -> tuple[str, str, int]:
    """RULES.md §2.5 as (payer, payee, amount): a liar pays their row's penalty, a truthful
    player takes their row's gain, each capped by what the payer has."""
    accuser, accused, truthful = action["accuser"], action["accused"], action["truthful"]
    if accuser == accused:
        raise RuleViolation("{accuser} cannot accuse themselves.", accuser=accuser, field="accused")
    players = state["players"]
    if truthful:
        return accuser, accused, min(gain_of(players[accused]["seats"]), players[accuser]["seats"])
    return accused, accuser, min(penalty_of(players[accused]["seats"]), players[accused]["seats"])


def _accuse(state: State, action: Action) -> None:
    payer, payee, amount = _accusation(state, action)
    state["players"][payer]["seats"] -= amount
    _seat(state["players"][payee], amount)


# -- the turn ------------------------------------------------------------------------------
#
# state["turn"] = {"player": the speaker, "step": "start" | "answer" | "debate" | "done"}
#   "start": the `turn` line was written and the move is awaited ("move" is not a separate
#   step: the move answers "start"); "answer": a hypothesis awaits the challenged player;
#   "debate": sides are being taken, or all are and the debate awaits; "done": the move is
#   settled and the next `turn` line is awaited.
# state["hypothesis"] = {"speaker", "target", "category", "countered" (bool), "a", "b",
#   "abstained" (names in the order they joined), "accused" (names accused so far),
#   "losers" (who lost an accusation: discounted if it comes to a debate)}


def recorded(state: State) -> bool:
    """Whether the log records the turn (a `turn` line is in effect): then it is enforced,
    except in a turn the older guided play wrote (see `LEGACY`)."""
    turn = state.get("turn")
    return turn is not None and turn["step"] != LEGACY


# The older guided play wrote a `turn` line with step "start" and then the turn's
# handshake, debate or accusations, with no hypothesis recorded. Files it wrote must still
# load and resume: such an entry right after "start" marks that turn "legacy", entered as
# typed (unenforced) until the next turn begins. Today's turn never records these entries
# at that point, so nothing else is let through.
LEGACY = "legacy"
LEGACY_ACTIONS = ("handshake", "debate", "accuse")


def under_way(state: State) -> Hypothesis:
    """The hypothesis of the turn, which every step after the move has."""
    hypothesis = state["hypothesis"]
    assert hypothesis is not None, "no hypothesis is under way"
    return hypothesis


def next_speaker(state: State) -> str:
    """The next player clockwise (seating order) from the current speaker."""
    names = list(state["players"])
    return names[(names.index(recorded_turn(state)["player"]) + 1) % len(names)]


def accusable(state: State) -> list[str]:
    """Who may be accused now: whoever stated the hypothesis under way (the speaker; the
    challenged player once they countered) or joined a side of its debate, in seating order,
    not yet accused about it."""
    hypothesis = state.get("hypothesis")
    if hypothesis is None:
        return []
    stated = {hypothesis["speaker"], *hypothesis["a"], *hypothesis["b"]}
    if hypothesis["countered"]:
        stated.add(hypothesis["target"])
    return [n for n in state["players"] if n in stated and n not in hypothesis["accused"]]


def next_joiner(state: State) -> str | None:
    """Who takes a side next: the players after the speaker in seating order, without the
    challenged player, those who already chose and those already discounted."""
    hypothesis = under_way(state)
    names = list(state["players"])
    start = names.index(hypothesis["speaker"])
    done = {hypothesis["speaker"], hypothesis["target"], *hypothesis["a"], *hypothesis["b"],
            *hypothesis["abstained"], *hypothesis["losers"]}
    for name in names[start + 1:] + names[:start]:
        if name not in done:
            return name
    return None


def debate_action(state: State) -> Line:
    """The `debate` the sides joined make: the speaker first on side A, the challenged player
    first on side B, then the joiners in the order they joined; the losers discounted."""
    hypothesis = under_way(state)
    action: Line = {"action": "debate", "side_a": [hypothesis["speaker"], *hypothesis["a"]],
                      "side_b": [hypothesis["target"], *hypothesis["b"]]}
    if hypothesis["losers"]:
        action["discounted"] = list(hypothesis["losers"])
    return action


@per_state
def pending(state: State) -> list[Decision]:
    """What the table waits for now (module docstring: the turn)."""
    if state["over"]:
        return []
    turn = state.get("turn")
    if turn is None:
        first = decision("turn", None)      # whoever holds the speaker token: the table says
        first["choices"] = {"player": list(state["players"]), "step": ["start"]}
        return [first]
    speaker, step = turn["player"], turn["step"]
    if step in ("done", LEGACY):
        return [decision("turn", next_speaker(state), step=["start"])]
    if step == "start":
        others = [n for n in state["players"] if n != speaker]
        return [decision("hypothesis", speaker, target=others, category=list(CATEGORIES)),
                decision("revolution", speaker, category=list(CATEGORIES)),
                decision("draw", speaker, category=list(CATEGORIES))]
    hypothesis = under_way(state)
    if step == "answer":
        target = hypothesis["target"]
        return [decision("handshake", target, speaker=[speaker], target=[target]),
                decision("counter", target)]
    joiner = next_joiner(state)
    if joiner is not None:
        return [decision("join", joiner, side=list(JOIN_SIDES))]
    debate = debate_action(state)
    return [decision("debate", None, **{k: v for k, v in debate.items() if k != "action"})]


def current_player(state: State) -> str | None:
    """Whose turn it is: who enters, besides the host, what the table decides as a whole."""
    return turn_player(state)


@per_state
def anytime(state: State) -> list[Decision]:
    """Accusations, while a hypothesis stands: each player against whom they may accuse."""
    if state["over"]:
        return []
    targets = accusable(state)
    return [decision("accuse", name, accused=[t for t in targets if t != name], truthful=[True, False])
            for name in state["players"] if [t for t in targets if t != name]]


def waiting_for(state: State) -> RuleViolation:
    """The sentence saying what the game waits for (an entry out of turn is refused with it;
    `show` says it)."""
    turn = state.get("turn")
    if turn is None:
        return RuleViolation("The game waits for the first turn: say who holds the speaker token.")
    speaker, step = turn["player"], turn["step"]
    if step in ("done", LEGACY):
        return RuleViolation("The game waits for {player}'s turn to begin.", player=next_speaker(state))
    if step == "start":
        return RuleViolation("The game waits for {player}'s move: a hypothesis, a scientific revolution "
                             "or a draw.", player=speaker)
    hypothesis = under_way(state)
    if step == "answer":
        return RuleViolation("The game waits for {target} to agree with {speaker}'s hypothesis or state "
                             "another value.", target=hypothesis["target"], speaker=speaker)
    joiner = next_joiner(state)
    if joiner is not None:
        return RuleViolation("The game waits for {player} to join side A or side B, or abstain.", player=joiner)
    return RuleViolation("The game waits for the debate between {speaker} and {target} to be settled, "
                         "with the sides as joined.", speaker=speaker, target=hypothesis["target"])


def _check_turn(state: State, action: Action, kind: str) -> None:
    """Refuse an entry the recorded turn does not allow now, saying what the game waits for."""
    actor = (ACTOR_FIELDS.get(kind, "player"),)
    if kind == "accuse":
        accuser, accused = action["accuser"], action["accused"]
        if accuser == accused:
            raise RuleViolation("{accuser} cannot accuse themselves.", accuser=accuser, field="accused")
        if accused in accusable(state):
            return      # whether `truthful` is a yes or a no is the accusation's own check
        hypothesis = state.get("hypothesis")
        if hypothesis is not None and accused in hypothesis["accused"]:
            raise RuleViolation("{accused} has already been accused about this hypothesis.", accused=accused,
                                field="accused")
        raise RuleViolation("{accused} has neither stated nor joined a hypothesis under way, so "
                            "cannot be accused now.", accused=accused, field="accused")
    if kind == "hypothesis" and action["target"] == action["speaker"]:
        raise RuleViolation("{name} cannot challenge themselves.", name=action["speaker"], field="target")
    waited = pending(state)
    if kind == "debate" and waited[0]["action"] == "debate":
        expected = debate_action(state)
        for field in (*SIDES, "discounted"):
            if sorted(action.get(field) or []) != sorted(expected.get(field, [])):
                raise RuleViolation("The debate's sides are those joined: {a} against {b}, discounted: {d}.",
                                    a=expected["side_a"], b=expected["side_b"],
                                    d=expected.get("discounted") or "-")
    elif answering(waited, action, actor) is None:
        raise waiting_for(state)


def _step(state: State, kind: str, action: Action) -> None:
    """Move the recorded turn on after an accepted action (state is the fresh copy)."""
    turn = state.get("turn")
    if turn is None:
        return
    if kind in ("revolution", "draw", "handshake", "debate"):
        state["turn"], state["hypothesis"] = {**turn, "step": "done"}, None
    elif kind == "hypothesis":
        state["turn"] = {**turn, "step": "answer"}
        state["hypothesis"] = {"speaker": turn["player"], "target": action["target"],
                               "category": action["category"], "countered": False,
                               "a": [], "b": [], "abstained": [], "accused": [], "losers": []}
    elif kind == "counter":
        state["turn"] = {**turn, "step": "debate"}
        state["hypothesis"] = {**under_way(state), "countered": True}
    elif kind == "join":
        hypothesis = under_way(state).copy()
        where = JOINED[action["side"]]
        hypothesis[where] = [*hypothesis[where], action["player"]]
        state["hypothesis"] = hypothesis
    elif kind == "accuse":
        hypothesis = under_way(state)
        loser = action["accuser"] if action["truthful"] else action["accused"]
        losers = hypothesis["losers"] + ([loser] if loser not in hypothesis["losers"] else [])
        state["hypothesis"] = {**hypothesis, "accused": [*hypothesis["accused"], action["accused"]],
                               "losers": losers}


def apply(state: State, line: Line) -> State:
    """The state after one line no one parsed yet (a bot's): `take` once it is parsed."""
    return take(state, FIELDS.parse(state, line))


def take(state: State, action: Action) -> State:
    """The state after one parsed action; refuses with RuleViolation, never mutates `state`."""
    kind = action["action"]
    need_game_on(state, TITLE)
    if kind == "turn":
        if recorded(state):
            _check_turn(state, action, kind)
        return {**state, "turn": {"player": action["player"], "step": action["step"]}, "hypothesis": None}
    turn = state.get("turn")
    legacy = turn is not None and kind in LEGACY_ACTIONS and turn["step"] in ("start", LEGACY)
    if kind in STEP_ACTIONS or recorded(state) and not legacy:
        _check_turn(state, action, kind)
    # Only a handshake, a debate or an accusation moves tokens: the other steps of a turn
    # share the players' records (and so their rows and the winners) with the state before.
    scores = kind in SCORING
    new = fresh(state) if scores else state.copy()
    if kind == "handshake":
        speaker, target = action["speaker"], action["target"]
        if speaker == target:
            raise RuleViolation("{speaker} cannot shake hands with themselves.", speaker=speaker, field="target")
        for name in (speaker, target):
            player = new["players"][name]
            _seat(player, gain_of(player["seats"]))
    elif kind == "debate":
        _debate(new, action)
    elif kind == "accuse":
        _accuse(new, action)
    if legacy:
        new["turn"] = {**recorded_turn(state), "step": LEGACY}
    else:
        _step(new, kind, action)
    if scores:
        _settle(new)
    return new


SCORING = ("handshake", "debate", "accuse")     # the actions that move auditorium or doubt tokens


# Where each side a player joins is kept in the hypothesis.
JOINED: dict[str, Literal["a", "b", "abstained"]] = {"a": "a", "b": "b", "abstain": "abstained"}



# -- what is said --------------------------------------------------------------------------

def outcome(before: State, after: State, action: Action) -> list[Event]:
    """What an accepted entry did to the boards, and why; the rows reached; who filled
    every seat. Nothing in Amphithéâtre's log is secret: every event is public."""
    kind = action.get("action")
    events: list[Event] = []
    if kind == "handshake":
        for name in (action["speaker"], action["target"]):
            events.append(_gained(before, after, name, "handshake"))
    elif kind == "debate":
        events += _debate_events(before, after, action)
    elif kind == "accuse":
        events += _accusation_events(before, after, action)
    for name, now in after["players"].items():
        was = before["players"][name]
        if now["row"] > was["row"]:
            events.append(said(N_("{player} reaches row {row}."), player=name, row=now["row"]))
        elif now["row"] < was["row"]:
            events.append(said(N_("{player} goes back to row {row}."), player=name, row=now["row"]))
    for name in after["winners"]:
        if name not in before["winners"]:
            events.append(said(N_("{player} fills all {capacity} seats."), player=name, capacity=after["capacity"]))
    return events


def _gained(before: State, after: State, name: str, why: str) -> Event:
    n = after["players"][name]["seats"] - before["players"][name]["seats"]
    if why == "handshake":
        return said(plural("{player} gains {n} seat (handshake).", "{player} gains {n} seats (handshake).", n),
                    player=name, n=n)
    return said(plural("{player} gains {n} seat with the majority.", "{player} gains {n} seats with the majority.",
                       n), player=name, n=n)


def _debate_events(before: State, after: State, action: Action) -> list[Event]:
    roles = debate_roles(before, action)
    events = []
    a, b = len(roles["a"]), len(roles["b"])
    if roles["majority"] is None:
        events.append(said(N_("The debate is a tie, {a} against {b}."), a=a, b=b))
    else:
        winner = "A" if roles["majority"] is roles["a"] else "B"
        events.append(said(N_("Side {side} wins the debate, {won} against {lost}."), side=winner,
                           won=max(a, b), lost=min(a, b)))
    for name in before["players"]:
        was, now = before["players"][name], after["players"][name]
        if name in roles["discounted"]:
            events.append(said(N_("{player} is discounted: the debate leaves their board as it was."), player=name))
            continue
        if roles["majority"] is None:
            if name in roles["a"] + roles["b"]:
                events.append(said(N_("{player} puts a token from the reserve into the doubt zone (tie)."),
                                   player=name))
        elif name in roles["majority"]:
            gained = now["seats"] - was["seats"]
            if was["doubt"] and gained:
                # one sentence: the seats gained hold the banked doubt tokens, not a second gain
                events.append(said(plural("{player} gains {n} seat with the majority, its token from the doubt zone.",
                                          "{player} gains {n} seats with the majority, {doubt} of them from the doubt "
                                          "zone.", gained), player=name, n=gained, doubt=min(was["doubt"], gained)))
            else:
                events.append(_gained(before, after, name, "majority"))
            lost = gain_of(was["seats"]) + was["doubt"] - gained
            if lost:
                events.append(said(plural("{player} loses {n} token beyond the last seat.",
                                          "{player} loses {n} tokens beyond the last seat.", lost),
                                   player=name, n=lost))
        elif was["doubt"]:
            events.append(said(plural("{player}, outside the majority, returns {n} doubt token to the reserve.",
                                      "{player}, outside the majority, returns {n} doubt tokens to the reserve.",
                                      was["doubt"]), player=name, n=was["doubt"]))
        if name in roles["abstainers"]:
            if was["seats"]:
                events.append(said(N_("{player} abstained and moves a token from the auditorium to the doubt zone."),
                                   player=name))
            else:
                events.append(said(N_("{player} abstained, with no token in the auditorium to move."), player=name))
    return events


def _accusation_events(before: State, after: State, action: Action) -> list[Event]:
    payer, payee, amount = _accusation(before, action)
    accuser, accused = action["accuser"], action["accused"]
    if action["truthful"]:
        events = [said(N_("{accused}'s card matches the hypothesis: {accuser} loses the accusation."),
                       accused=accused, accuser=accuser)]
    else:
        events = [said(N_("{accused}'s card differs from the hypothesis: {accuser} wins the accusation."),
                       accused=accused, accuser=accuser)]
    moved = after["players"][payee]["seats"] - before["players"][payee]["seats"]
    if amount:
        events.append(said(plural("{payer} gives {n} seat to {payee}.", "{payer} gives {n} seats to {payee}.", amount),
                           payer=payer, payee=payee, n=amount))
    else:
        events.append(said(N_("{payer} has no seat to give."), payer=payer))
    if moved < amount:
        events.append(said(plural("{player} loses {n} token beyond the last seat.",
                                  "{player} loses {n} tokens beyond the last seat.", amount - moved),
                           player=payee, n=amount - moved))
    hypothesis = before.get("hypothesis")
    if hypothesis is not None and hypothesis["countered"]:
        loser = accuser if action["truthful"] else accused
        if loser not in hypothesis["losers"]:
            events.append(said(N_("{player} is discounted from this debate."), player=loser))
    return events


# The game, declared once (scorekeeper/rules/declaration.py): what code serving any game reads.
RULES = GameRules(
    id=GAME_ID, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    fields=FIELDS, setup=setup, take=take, pending=pending, anytime=anytime, outcome=outcome,
    current_player=current_player, standings=standings,
    actors={**ACTOR_FIELDS, "debate": None},     # a debate's result is the table's, naming nobody
    secret_fields=SECRET_FIELDS)
