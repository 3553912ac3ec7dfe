"""Hoc Censeo (RULES.md §4): secret votes in the senate of royal Rome."""
from __future__ import annotations

import functools
from typing import Any, Literal, NotRequired, TypedDict

GAME_ID = "hoc-censeo"
TITLE = "Hoc Censeo"
PLAYERS = 3

TRIBES = ("titienses", "ramnes", "luceres")
TRIBE_NAMES = {"titienses": "Titienses", "ramnes": "Ramnes", "luceres": "Luceres"}
COLOURS = ("bleu", "mauve", "jaune", "vert")
START_SENATORS = 100
START_GOLD = 0
START_SEALS = 0
ROUNDS = 9
MOTIONS_PER_PLAYER = 3
CIRCLE_PORTIONS = 8
ROME_PORTIONS = 8
CALAMITY_AT = (4, 8)           # chaos levels that bring a calamity
CALAMITY_LOSS: dict[Literal["gold", "senators"], int] = {"gold": 1, "senators": 5}
POUR_SEALS = 1                 # the largest POUR voter's seal
COLOUR_BONUS: dict[str, dict[Literal["seals", "gold", "senators"], int]] = {"bleu": {"seals": 1}, "jaune": {"gold": 1}, "vert": {"senators": 5}}  # mauve: voter's choice
MAUVE_CHOICES = ("bleu", "jaune", "vert")
POUR_COLOURING_RANKS = 3       # the three largest POUR voters colour one portion each
CONTRE_GOLD = (2, 1)           # largest and second largest CONTRE voters
SEALS_PER_PORTION = 2
SENATORS_PER_GOLD = 5

# Default secret objectives (RULES.md §4.10): the kit's tuned table, the one the sheets print
# from layouts/hoc-censeo/objectives.yaml (a test holds the two equal), so a session made
# without the kit's layouts plays what the sheets say. A session's `objectives` option overrides.
DEFAULT_OBJECTIVES = {
    "titienses": {"circle": {"bleu": 4, "jaune": 2, "mauve": 1, "vert": 1},
                  "secondary": {"kind": "seals", "amount": 5}},
    "ramnes": {"circle": {"bleu": 3, "jaune": 2, "mauve": 2, "vert": 1},
               "secondary": {"kind": "gold", "amount": 5}},
    "luceres": {"circle": {"vert": 3, "mauve": 2, "bleu": 2, "jaune": 1},
                "secondary": {"kind": "wins", "amount": 4}},
}
SECONDARY_KINDS = ("seals", "gold", "wins")   # hold N seals / N gold at once; N votes won
SIDES: tuple[Literal["pour", "contre"], ...] = ("pour", "contre")
CALAMITY_CHOICES = tuple(CALAMITY_LOSS)      # ("gold", "senators")
# Player fields that only their owner may see at the table (RULES.md §4.14: the tribe too,
# since the objectives follow from it).
SECRET_FIELDS = ("tribe", "senators", "objectives", "goal")
# The player field a header's role sets: secret, so the header's roles are too.
ROLE_FIELD = "tribe"
# Top-level fields keyed by player name that only that player may see: the ballots of the
# round, cast one by one and kept secret until the vote is resolved (RULES.md §4.14).
SECRET_BY_PLAYER = ("ballots",)

# -- the engine ------------------------------------------------------------------------
# Everything below is pure: a state (a JSON-compatible dict, what `show --json` prints) and
# an action give a new state, or RuleViolation with one sentence a player understands.

from scorekeeper.errors import N_, Listed, Message, RuleViolation, plural  # noqa: E402  (constants above stay first to read)
from scorekeeper.rules.checks import (  # noqa: E402
    check_option_names,
    is_int,
    shown,
)
from scorekeeper.rules.declaration import GameRules  # noqa: E402
from scorekeeper.rules.fields import Name, Names, PerPlayer, Whole, Word, act, declare  # noqa: E402
from scorekeeper.rules.flow import Action, Decision, Event, Line, Seat, decision, per_state, said, whole  # noqa: E402


class Secondary(TypedDict):
    kind: Literal["seals", "gold", "wins"]    # hold N seals / N gold at once; N votes won
    amount: int


class Goal(TypedDict):
    """A tribe's secret objectives: portions of each colour, and the secondary one."""

    circle: dict[str, int]
    secondary: Secondary


class Met(TypedDict):
    circle: bool
    secondary: bool


class Player(TypedDict):
    tribe: str
    senators: int
    gold: int
    seals: int
    circle: dict[str, int]     # portions coloured, by colour
    wins: int                  # votes won as the winning side's largest voter
    objectives: Met
    goal: Goal


class Ballot(TypedDict):
    pour: int
    contre: int


class Vote(TypedDict):
    """One resolved vote, as `votes` keeps it."""

    round: int
    magistrate: str
    pour: int
    contre: int
    result: str
    colour: str | None
    calamity: bool
    ranked: list[str]
    forfeited: NotRequired[list[str]]       # a POUR win: the ranked whose circle took no portion
    bonus: NotRequired[str]                 # a POUR win: the colour of the first voter's bonus
    spared: NotRequired[list[str]]          # a calamity: who it spared
    losses: NotRequired[dict[str, Literal["gold", "senators"]]]   # a calamity: what each lost


class State(TypedDict):
    game: str
    over: bool
    winners: list[str]
    round: int                     # votes resolved
    magistrate: str
    chaos: int                     # Rome's grey portions
    votes: list[Vote]
    seating: list[str]
    ballots_cast: list[str]        # who has cast a ballot this round, in order
    ballots: dict[str, Ballot]     # secret: each player sees their own
    players: dict[str, Player]


def _side(side: str, label: str, item: str) -> PerPlayer:
    """A side's senators, voter by voter (absent: 0), a secret of each voter."""
    return PerPlayer(label=label, of=Whole(label=item, low=0), needed=False, secret=True)


# What the magistrate answers once the amounts are known (all optional: the rules say which
# this vote needs, each with its own sentence).
# In the order the magistrate settles them: which side wins, then what its winning brings.
_MAGISTRATE = {
    "tiebreak": Word(label=N_("The tie-break"), choices=SIDES, needed=False),
    "colour": Word(label=N_("The motion's colour"), choices=COLOURS, needed=False),
    "order": Names(label=N_("the magistrate's order"), needed=False, ordered=True),
    "bonus": Word(label=N_("The mauve bonus"), choices=MAUVE_CHOICES, needed=False),
    "calamity": PerPlayer(label=N_("The calamity choices"), needed=False,
                          of=Word(label=N_("{key}'s calamity choice"), choices=CALAMITY_CHOICES)),
}
# Each action's fields (scorekeeper/rules/fields.py), checked before the rules read them.
FIELDS = declare(TITLE, {
    "vote": act(pour=_side("pour", N_("The POUR votes"), N_("{key}'s POUR vote")),
                contre=_side("contre", N_("The CONTRE votes"), N_("{key}'s CONTRE vote")), **_MAGISTRATE),
    "ballot": act(player=Name(), pour=Whole(label=N_("{player}'s POUR vote"), low=0, needed=False, secret=True),
                  contre=Whole(label=N_("{player}'s CONTRE vote"), low=0, needed=False, secret=True)),
    "resolve": act(**_MAGISTRATE),
    "spend_seals": act(player=Name(), colour=Word(label=N_("The colour {player} colours"), choices=COLOURS)),
    "buy_senators": act(player=Name(), gold=Whole(label=N_("The gold {player} spends"), low=1)),
})


def validate_objectives(objectives: object) -> dict[str, Goal]:
    """Objectives for each tribe, checked; the normalised copy (every colour listed).

    The session header may carry them (options.objectives) and the kit checks
    layouts/hoc-censeo against the same rules: 8 portions in known colours, a known
    secondary kind with a positive amount.
    """
    if not isinstance(objectives, dict):
        raise RuleViolation("The objectives must give, for each tribe, a circle and a secondary objective.")
    unknown = [t for t in objectives if t not in TRIBES]
    if unknown:
        raise RuleViolation("The objectives name an unknown tribe {unknown}; the tribes are {TRIBES}.", unknown=repr(unknown[0]), TRIBES=', '.join(TRIBES))
    result: dict[str, Goal] = {}
    for tribe in TRIBES:
        if tribe not in objectives:
            raise RuleViolation("The objectives give nothing for the tribe {tribe}; each of {TRIBES} needs one.", tribe=tribe, TRIBES=', '.join(TRIBES))
        entry = objectives[tribe]
        if not isinstance(entry, dict) or set(entry) != {"circle", "secondary"}:
            raise RuleViolation("The {tribe} objective needs exactly a circle and a secondary objective.", tribe=tribe)
        circle = _checked_circle(tribe, entry["circle"])
        secondary = _checked_secondary(tribe, entry["secondary"])
        result[tribe] = {"circle": {c: circle.get(c, 0) for c in COLOURS},
                         "secondary": {"kind": secondary["kind"], "amount": secondary["amount"]}}
    return result

def _checked_circle(tribe: str, circle: Any) -> dict[str, int]:
    """A tribe's circle: known colours, each a whole number of portions, 8 in all."""
    if not isinstance(circle, dict):
        raise RuleViolation("The {tribe} circle must map colours to portions, such as {{bleu: 3, ...}}.", tribe=tribe, field='circle')
    for colour, count in circle.items():
        if colour not in COLOURS:
            raise RuleViolation("The {tribe} circle names an unknown colour {colour}; the colours are {COLOURS}.", tribe=tribe, colour=shown(colour), COLOURS=', '.join(COLOURS), field='circle')
        if not is_int(count) or count < 0:
            raise RuleViolation("The {tribe} circle has {count} {colour} portions; a count is a whole number of 0 or more.", tribe=tribe, count=shown(count), colour=colour, field='circle')
    total = sum(circle.values())
    if total != CIRCLE_PORTIONS:
        raise RuleViolation("The {tribe} circle adds up to {total} portions; it must be exactly {CIRCLE_PORTIONS}.", tribe=tribe, total=total, CIRCLE_PORTIONS=CIRCLE_PORTIONS, field='circle')
    return circle


def _checked_secondary(tribe: str, secondary: Any) -> dict[str, Any]:
    """A tribe's secondary objective: a known kind and an amount of at least 1."""
    if not isinstance(secondary, dict) or set(secondary) != {"kind", "amount"}:
        raise RuleViolation("The {tribe} secondary objective needs a kind and an amount.", tribe=tribe, field='secondary')
    if secondary["kind"] not in SECONDARY_KINDS:
        raise RuleViolation("The {tribe} secondary objective has an unknown kind {kind}; the kinds are {SECONDARY_KINDS}.", tribe=tribe, kind=repr(secondary['kind']), SECONDARY_KINDS=', '.join(map(repr, SECONDARY_KINDS)), field='secondary')
    if not is_int(secondary["amount"]) or secondary["amount"] < 1:
        raise RuleViolation("The {tribe} secondary objective needs an amount of at least 1, not {amount}.", tribe=tribe, amount=shown(secondary['amount']), field='secondary')
    return secondary


def setup(players: list[Seat], options: dict[str, Any] | None = None) -> State:
    """Three players, one per tribe; options may carry the session's own objectives."""
    if len(players) != PLAYERS:
        raise RuleViolation("Hoc Censeo is played by exactly {PLAYERS} players, not {count}.", PLAYERS=PLAYERS, count=len(players))
    options = check_option_names(options, TITLE, ("objectives",))
    objectives = validate_objectives(options.get("objectives", DEFAULT_OBJECTIVES))
    taken: dict[str, str] = {}
    for player in players:
        tribe = player.get("role")
        if tribe is None:
            raise RuleViolation("{name} needs a tribe ({TRIBES}), e.g. --player {name}:{TRIBES2}.", name=player['name'], TRIBES=', '.join(TRIBES), TRIBES2=TRIBES[0])
        if tribe not in TRIBES:
            raise RuleViolation("{name}'s tribe {tribe} is unknown; the tribes are {TRIBES}.", name=player['name'], tribe=repr(tribe), TRIBES=', '.join(TRIBES))
        if tribe in taken:
            raise RuleViolation("The tribe {tribe} is taken by both {taken} and {name}; each of {TRIBES} plays exactly once.", tribe=tribe, taken=taken[tribe], name=player['name'], TRIBES=', '.join(TRIBES))
        taken[tribe] = player["name"]
    seating = [p["name"] for p in players]
    state: State = {
        "game": GAME_ID, "over": False, "winners": [],
        "round": 0, "magistrate": seating[0], "chaos": 0, "votes": [], "seating": seating,
        "ballots_cast": [], "ballots": {},
        "players": {
            p["name"]: {
                "tribe": p["role"], "senators": START_SENATORS, "gold": START_GOLD, "seals": START_SEALS,
                "circle": {c: 0 for c in COLOURS}, "wins": 0,
                "objectives": {"circle": False, "secondary": False},
                "goal": objectives[p["role"]],
            } for p in players
        },
    }
    return state


def apply(state: State, line: Line) -> State:
    """The state after one line no one parsed yet (a bot's): `take` once it is parsed."""
    return take(state, FIELDS.parse(state, line))


def take(state: State, action: Action) -> State:
    """The state after one parsed action (never mutates `state`)."""
    handler = _ACTIONS[action["action"]]
    if state["over"]:
        raise _over(state)
    new = _fresh(state)
    handler(new, action)
    return new


# -- what comes next (SCOREKEEPER.md "What comes next, and who sees what") ----------------
#
# A round is the ballots of the three players, each secret and cast in any order, then the
# magistrate's resolve with only what these ballots leave open. Every step follows from the
# state (`ballots_cast`, `round`), so the game records no `turn` lines: the rules below refuse
# what comes out of turn whatever wrote the session (a resolve before the last ballot, a
# second ballot, a one-shot vote while ballots are pending). Seals and gold are spent at any
# time, and a one-shot `vote` (every amount at once) stays accepted while no ballot is pending.

def needed(state: State, player: str, colour: str) -> int:
    """How many more portions of `colour` the player's circle still needs."""
    record = state["players"][player]
    return record["goal"]["circle"][colour] - record["circle"][colour]


def current_player(state: State) -> str | None:
    """Who leads the round: the magistrate enters, besides the host, what the table
    decides as a whole."""
    return state["magistrate"]


@per_state
def pending(state: State) -> list[Decision]:
    """The ballots not yet cast this round (each secret: its range is its player's senators
    left), in seating order; once all are in, the magistrate's resolve."""
    if state["over"]:
        return []
    waiting = [n for n in state["seating"] if n not in state["ballots_cast"]]
    if waiting:
        players = state["players"]
        return [ballot_decision(name, players[name]["senators"]) for name in waiting]
    return [decision("resolve", state["magistrate"], **resolve_choices(state))]


@functools.lru_cache(maxsize=256)
def ballot_decision(name: str, left: int) -> Decision:
    """A player's ballot with `left` senators; the same decision (never changed once made)
    serves every state that waits for it, as the round's other ballots come in."""
    return decision("ballot", name, secret=True, pour=whole(0, left), contre=whole(0, left))


def resolve_choices(state: State, answers: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the magistrate's resolve still needs from the ballots cast, given the `answers`
    already made (a face asking field by field passes them): `tiebreak` on equal totals,
    `colour` when POUR may win, `order` naming the voters whose equal amounts change who gets
    what, `bonus` when the motion may be mauve and someone voted POUR, `calamity` naming each
    player who must choose between gold and senators. Only names, never an amount."""
    answers = answers or {}
    ballots = state["ballots"]
    pour = {n: b["pour"] for n, b in ballots.items() if b["pour"]}
    contre = {n: b["contre"] for n, b in ballots.items() if b["contre"]}
    choices: dict[str, Any] = {}
    if vote_result(pour, contre, None) is None:
        choices["tiebreak"] = list(SIDES)
    result = vote_result(pour, contre, answers.get("tiebreak") if answers.get("tiebreak") in SIDES else None)
    results = [result] if result else list(SIDES)
    if "pour" in results:
        choices["colour"] = list(COLOURS)
    tied = _tied_voters(state, results, pour, contre)
    if tied:
        choices["order"] = [n for n in state["seating"] if n in tied]
    if "pour" in results and pour and answers.get("colour", "mauve") == "mauve":
        choices["bonus"] = list(MAUVE_CHOICES)
    if "contre" in results and calamity_due(state, "contre"):
        choosing = _calamity_choosers(state, contre, _ranked_if_known(state, answers, result, "order" in choices))
        if choosing:
            choices["calamity"] = {n: list(CALAMITY_CHOICES) for n in choosing}
    return choices


def _ranked_if_known(state: State, answers: dict[str, Any], result: Any, ordering: bool) -> list[str] | None:
    """The CONTRE voters' ranking when it is known: CONTRE wins and no order is needed, or the
    magistrate gave it. None while it is not (then every CONTRE voter may have to choose)."""
    return resolve_ranked(state, answers) if result == "contre" and (not ordering or "order" in answers) else None


def _tied_voters(state: State, results: list[Any], pour: dict[str, int], contre: dict[str, int]) -> set[str]:
    """The voters whose equal amounts on a side that may win change who gets what: the
    magistrate orders them."""
    return {n for side in results
            for group in tied_groups_needing_order(side, pour if side == "pour" else contre, state["seating"])
            for n in group}


def _calamity_choosers(state: State, contre: dict[str, int], ranked: list[str] | None) -> list[str]:
    """The players a calamity would strike who may give gold: those who hold some, or gain
    some on this very vote (a paid CONTRE rank: `ranked` when known, else any the
    magistrate's order may give them)."""
    spared_now = spared(state)
    paid = len(CONTRE_GOLD)
    if ranked is not None:
        may_gain = set(ranked[:paid])
    else:
        may_gain = {n for n, amount in contre.items() if sum(1 for a in contre.values() if a > amount) < paid}
    return [n for n in state["seating"] if n not in spared_now
            and (state["players"][n]["gold"] >= CALAMITY_LOSS["gold"] or n in may_gain)]


def ballot_totals(state: State) -> dict[str, int] | None:
    """The POUR and CONTRE totals of the round's ballots once every one is cast (what the
    magistrate sums, RULES.md §4.14: the totals, never one player's amount), else None."""
    if set(state["ballots_cast"]) != set(state["seating"]):
        return None
    return {side: sum(b[side] for b in state["ballots"].values()) for side in SIDES}


def resolve_ranked(state: State, answers: dict[str, Any]) -> list[str]:
    """The winning side's voters, first to last, once the `answers` settle who wins and in
    which order equal voters come (the ballots' names only, never their amounts)."""
    ballots = state["ballots"]
    pour = {n: b["pour"] for n, b in ballots.items() if b["pour"]}
    contre = {n: b["contre"] for n, b in ballots.items() if b["contre"]}
    result = vote_result(pour, contre, answers.get("tiebreak") if answers.get("tiebreak") in SIDES else None)
    if result is None:
        return []
    order: list[str] = answers["order"] if isinstance(answers.get("order"), list) else []
    return rank_voters(pour if result == "pour" else contre, state["seating"], order)


@per_state
def anytime(state: State) -> list[Decision]:
    """What each player may do between votes (RULES.md §4.12): colour a portion their circle
    still needs with seals (secret: the colours listed give the tribe away), buy senators with
    the gold they hold. Empty once the game is over."""
    if state["over"]:
        return []
    decisions = []
    for name in state["seating"]:
        record = state["players"][name]
        if record["seals"] >= SEALS_PER_PORTION:
            colours = [c for c in COLOURS if needed(state, name, c) > 0]
            if colours:
                decisions.append(decision("spend_seals", name, secret=True, colour=colours))
        if record["gold"] >= 1:
            decisions.append(decision("buy_senators", name, gold=whole(1, record["gold"])))
    return decisions


def waiting_for(state: State) -> Message:
    """What the game waits for now, in one sentence (a refusal's second half)."""
    if state["over"]:
        return Message("The game is over.")
    waiting = [n for n in state["seating"] if n not in state["ballots_cast"]]
    if waiting:
        return Message(plural("The game waits for the ballot of {names}.", "The game waits for the ballots of {names}.",
                              len(waiting)), names=waiting)
    return Message("The game waits for the magistrate {magistrate} to resolve the vote.", magistrate=state["magistrate"])


def check_vote_entry(state: State, player: str, pour: Any = 0, contre: Any = 0) -> None:
    """Refuse one player's POUR/CONTRE entry at once (what guided play checks as typed, any
    JSON value)."""
    if player not in state["players"]:
        raise RuleViolation("{player} is not a player; the players are {players}.", player=player,
                            players=list(state['seating']), field="player")
    for side, amount in (("pour", pour), ("contre", contre)):
        if not is_int(amount) or amount < 0:
            raise RuleViolation("{player} cannot vote {amount} {side}; a vote is a whole number of 0 or more.",
                                public=N_("{player}'s vote must be a whole number of 0 or more."),
                                player=player, amount=shown(amount), side=side_word(side), field=side)
    check_senators_left(state, player, pour, contre)


def check_senators_left(state: State, player: str, pour: int, contre: int) -> None:
    """Refuse a vote of more senators than `player` has left (RULES.md §4.4)."""
    left = state["players"][player]["senators"]
    if pour + contre > left:
        # The senators left and the amounts typed are secrets: the public sentence names the rule.
        public = N_("{player} cannot vote more senators than they have left.")
        if pour and contre:
            raise RuleViolation(plural("{player} has {left} senator left and cannot vote {total} ({pour} POUR and {contre} CONTRE).",
                                       "{player} has {left} senators left and cannot vote {total} ({pour} POUR and {contre} CONTRE).",
                                       left), public=public, player=player, left=left, total=pour + contre, pour=pour, contre=contre)
        raise RuleViolation(plural("{player} has {left} senator left and cannot vote {total}.",
                                   "{player} has {left} senators left and cannot vote {total}.", left),
                            public=public, player=player, left=left, total=pour + contre)


def vote_result(pour: dict[str, int], contre: dict[str, int], tiebreak: str | None) -> str | None:
    """`pour`, `contre`, or None when the totals are equal and no tiebreak is given."""
    p, c = sum(pour.values()), sum(contre.values())
    if p != c:
        return "pour" if p > c else "contre"
    return tiebreak


def tied_groups_needing_order(side: str, amounts: dict[str, int], seating: list[str]) -> list[list[str]]:
    """Groups of voters with equal amounts whose order changes who gets what."""
    voters = [n for n in seating if amounts.get(n, 0) > 0]
    if len({amounts[n] for n in voters}) == len(voters):
        return []       # no two voters wrote the same amount (most votes): nobody to order
    ranked = sorted(voters, key=lambda n: -amounts[n])
    prizes = _PRIZES[side]
    groups, start = [], 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and amounts[ranked[end]] == amounts[ranked[start]]:
            end += 1
        if end - start > 1 and len({_prize(prizes, i) for i in range(start, end)}) > 1:
            groups.append(ranked[start:end])
        start = end
    return groups


def rank_voters(amounts: dict[str, int], seating: list[str], order: list[str]) -> list[str]:
    """The winning side's voters, most senators first; equal amounts in the magistrate's
    `order`, then in seating order."""
    voters = [n for n in seating if amounts.get(n, 0) > 0]
    if order:       # sorted() is stable: those the magistrate named first, in order, the others after
        voters.sort(key=lambda n: order.index(n) if n in order else len(order))
    return sorted(voters, key=lambda n: -amounts[n])


def calamity_due(state: State, result: str) -> bool:
    """Whether a CONTRE win now would grey the portion that brings a calamity."""
    return result == "contre" and state["chaos"] < ROME_PORTIONS and state["chaos"] + 1 in CALAMITY_AT


def spared(state: State) -> list[str]:
    """The players a calamity spares: the most green portions, if that most is above 0."""
    greens = {n: r["circle"]["vert"] for n, r in state["players"].items()}
    most = max(greens.values())
    return [n for n in state["seating"] if most > 0 and greens[n] == most]


# -- what is said ------------------------------------------------------------------------
# Every accepted entry told as events: a public wording that never holds a player's senators
# left, a ballot's amount, a tribe or an objective, and where one of those matters, a private
# wording for the player it belongs to.

def outcome(before: State, after: State, action: Action) -> list[Event]:
    """What `action` did, from the state it met (`before`) and the one it left (`after`)."""
    name = action.get("action")
    if name == "ballot":
        return _ballot_events(after, action)
    if name in ("vote", "resolve"):
        return _vote_events(before, after, action)
    if name == "spend_seals":
        return [_seals_event(before, after, action["player"], action["colour"])]
    if name == "buy_senators":
        player, gold = action["player"], action["gold"]
        return [Event(Message(plural("{name} spends {gold} gold for {senators} senators.",
                                     "{name} spends {gold} gold for {senators} senators.", gold),
                              name=player, gold=gold, senators=gold * SENATORS_PER_GOLD),
                      Message(plural("{name} spends {gold} gold for {senators} senators and now has {left} senators.",
                                     "{name} spends {gold} gold for {senators} senators and now has {left} senators.",
                                     gold),
                              name=player, gold=gold, senators=gold * SENATORS_PER_GOLD,
                              left=after["players"][player]["senators"]), player)]
    return []


def _ballot_events(after: State, action: Action) -> list[Event]:
    player = action["player"]
    pour, contre = action.get("pour", 0), action.get("contre", 0)
    events = [Event(Message("{name}'s ballot is in.", name=player),
                    Message("{name}'s ballot is in: POUR {pour}, CONTRE {contre}.", name=player, pour=pour, contre=contre),
                    player)]
    return events + [Event(waiting_for(after))]


def _vote_events(before: State, after: State, action: Action) -> list[Event]:
    vote = after["votes"][-1]
    side, ranked = side_word(vote["result"]), vote["ranked"]
    high, low = max(vote["pour"], vote["contre"]), min(vote["pour"], vote["contre"])
    if vote["pour"] == vote["contre"] == 0:
        events = [said("Nobody wrote any senators; on the magistrate's word {side} wins.", side=side)]
    elif vote["pour"] == vote["contre"]:
        events = [said("{side} wins on the magistrate's word, {high} to {low}.", side=side, high=high, low=low)]
    else:
        events = [said("{side} wins {high} to {low}.", side=side, high=high, low=low)]
    if vote["result"] == "pour":
        events += _pour_events(vote)
    else:
        events += _contre_events(before, after, vote)
    if not ranked:
        events.append(said("Nobody wrote senators on the winning side: nobody gains anything."))
    if vote["calamity"]:
        written = {n: b["pour"] + b["contre"] for n, b in before["ballots"].items()} if action["action"] == "resolve" \
            else {n: sum((action.get(side) or {}).get(n, 0) for side in SIDES) for n in before["seating"]}
        events += _calamity_events(before, after, vote, written)
    unused = [field for field, used in (("tiebreak", vote["pour"] == vote["contre"]),
                                        ("calamity", vote["calamity"]),
                                        ("bonus", vote["result"] == "pour" and vote["colour"] == "mauve"))
              if action.get(field) and not used]
    if unused:
        events.append(said("Not needed on this vote, so not used: {fields}.",
                           fields=[_UNUSED_WORDS[field] for field in unused]))
    events += _end_events(after)
    return events

def _pour_events(vote: Vote) -> list[Event]:
    """A motion voted POUR: its colour, the portions its first voters colour (each circle's
    owner reads whether theirs still takes one) and the largest voter's seal and bonus."""
    ranked = vote["ranked"]
    colour = vote["colour"]
    assert colour is not None, "a motion voted POUR has its colour"
    events = [said("The motion is {colour}.", colour=colour_word(colour))]
    for place, name in enumerate(ranked[:POUR_COLOURING_RANKS]):
        # whether a circle takes the portion follows from the tribe: only its owner reads which
        coloured = name not in vote.get("forfeited", [])
        events.append(Event(
            Message("{name} colours a {colour} portion if their circle still takes one.", name=name,
                    colour=colour_word(colour)),
            Message("{name} colours a {colour} portion.", name=name, colour=colour_word(colour)) if coloured else
            Message("{name}'s circle takes no more {colour} portions: this one is forfeited.", name=name,
                    colour=colour_word(colour)),
            name))
        if place == 0:
            (extra,) = COLOUR_BONUS[vote["bonus"]].values()
            events.append(said(_BONUS_WORDS[vote["bonus"]], name=name, seals=POUR_SEALS, extra=extra))
    return events


def _contre_events(before: State, after: State, vote: Vote) -> list[Event]:
    """A motion voted CONTRE: the gold its first voters gain, and Rome's chaos when it grew."""
    events = [said(plural("{name} gains {gold} gold.", "{name} gains {gold} gold.", gold), name=name, gold=gold)
              for name, gold in zip(vote["ranked"], CONTRE_GOLD)]
    if after["chaos"] > before["chaos"]:
        events.append(said("Rome's circle turns grey: chaos {chaos} of {portions}.",
                           chaos=after["chaos"], portions=ROME_PORTIONS))
    return events


# A vote's answers by what they are, not by their field names.
_UNUSED_WORDS = {"tiebreak": Message("the tie-break"), "calamity": Message("the calamity choices"),
                 "bonus": Message("the mauve bonus")}


# The largest POUR voter's gains, by the bonus their motion brought (RULES.md §4.6).
_BONUS_WORDS = {
    "bleu": N_("{name} gains {seals} seal and the bleu bonus: {extra} more seal."),
    "jaune": N_("{name} gains {seals} seal and the jaune bonus: {extra} gold."),
    "vert": N_("{name} gains {seals} seal and the vert bonus: {extra} senators."),
}


def _calamity_events(before: State, after: State, vote: Vote, written: dict[str, int]) -> list[Event]:
    spared_names = vote.get("spared") or []
    events = [said(plural("Calamity! {names} (most green portions) is spared.",
                          "Calamity! {names} (most green portions) are spared.", len(spared_names)), names=spared_names)
              if spared_names else said("Calamity! Nobody is spared.")]
    for name, choice in vote.get("losses", {}).items():
        if choice == "gold":
            events.append(said(plural("{name} loses {gold} gold to the calamity.", "{name} loses {gold} gold to the calamity.",
                                      CALAMITY_LOSS["gold"]), name=name, gold=CALAMITY_LOSS["gold"]))
        else:
            # senators left are secret, and the loss stops at 0: only its owner reads how many went
            lost = before["players"][name]["senators"] - written.get(name, 0) - after["players"][name]["senators"]
            events.append(Event(Message("{name} loses senators to the calamity.", name=name),
                                Message(plural("{name} loses {lost} senator to the calamity.",
                                               "{name} loses {lost} senators to the calamity.", lost),
                                        name=name, lost=lost), name))
    return events


# The colours as sentences say them; their French is the game's own word.
COLOUR_WORDS = {"bleu": N_("blue"), "mauve": N_("mauve"), "jaune": N_("yellow"), "vert": N_("green")}


def colour_word(colour: str) -> Message:
    """A colour as the reader's language says it in a sentence (the values sent stay the
    game's own words: 'vert' is typed and stored, 'green' is read in English)."""
    return Message(COLOUR_WORDS[colour])


def colour_words(colours: tuple[str, ...]) -> Listed:
    """Colours a refusal offers, in the reader's words, between commas (colour_word)."""
    return Listed(map(colour_word, colours))


# The two sides as the ballots print them, in capitals: POUR and CONTRE in French, FOR and
# AGAINST in English (the English catalogue's); the values sent stay 'pour' and 'contre'.
SIDE_WORDS = {"pour": N_("POUR"), "contre": N_("CONTRE")}


def side_word(side: str) -> Message:
    """A side as the reader's language prints it in a sentence (SIDE_WORDS)."""
    return Message(SIDE_WORDS[side])


def _seals_event(before: State, after: State, player: str, colour: str) -> Event:
    """The portion coloured with seals; a circle it completes is its owner's to read (the
    objective counts only when the next vote is resolved)."""
    public = Message("{name} colours a {colour} portion with {seals} seals.", name=player,
                     colour=colour_word(colour), seals=SEALS_PER_PORTION)
    if after["players"][player]["objectives"]["circle"] and not before["players"][player]["objectives"]["circle"]:
        return Event(public, Message("{name} colours a {colour} portion with {seals} seals: the circle is complete, "
                                     "and counts when the next vote is resolved.", name=player,
                                     colour=colour_word(colour), seals=SEALS_PER_PORTION), player)
    return Event(public)


def _end_events(after: State) -> list[Event]:
    if not after["over"]:
        return [said("Next: round {round} of {rounds}, magistrate {magistrate}.",
                     round=after["round"] + 1, rounds=ROUNDS, magistrate=after["magistrate"])]
    winners = after["winners"]
    if not winners:
        return [said("All {rounds} rounds are played and nobody met an objective: the game ends.", rounds=ROUNDS)]
    # who wins is the face's closing line; what each met stays its owner's
    events = []
    for name in winners:
        record = after["players"][name]
        met = record["objectives"]
        events.append(Event(Message("{name} meets an objective.", name=name),
                            Message(_MET[(met["circle"], met["secondary"])], name=name,
                                    goal=secondary_goal(record["goal"])), name))
    return events


_MET = {(True, False): N_("{name} completes the circle."),
        (False, True): N_("{name} meets the secondary objective: {goal}."),
        (True, True): N_("{name} completes the circle and meets the secondary objective: {goal}.")}


def secondary_goal(goal: Goal) -> Message:
    """A tribe's secondary objective in words, for the log, the table and the phones."""
    kind, n = goal["secondary"]["kind"], goal["secondary"]["amount"]
    return Message({"seals": plural("hold {n} seal at once", "hold {n} seals at once", n),
                    "gold": plural("hold {n} gold coin at once", "hold {n} gold coins at once", n),
                    "wins": plural("be the largest voter of the winning side in {n} vote",
                                   "be the largest voter of the winning side in {n} votes", n)}[kind], n=n)


# -- actions ----------------------------------------------------------------------------

def _vote(state: State, action: Action) -> None:
    # every field optional here: a missing one is refused below with its own sentence
    if state["round"] >= ROUNDS:
        raise RuleViolation("All {ROUNDS} rounds have been played; there is no vote left.", ROUNDS=ROUNDS)
    if state["ballots_cast"]:
        raise RuleViolation("Ballots are being cast this round ({ballots_cast} so far), so a vote of every amount at once cannot be entered: {waiting} Or undo those ballots first.",
                            ballots_cast=list(state['ballots_cast']), waiting=waiting_for(state))
    pour: dict[str, int] = action.get("pour") or {}
    contre: dict[str, int] = action.get("contre") or {}
    for name in state["seating"]:
        check_senators_left(state, name, pour.get(name, 0), contre.get(name, 0))
    _count(state, pour, contre, action)


def _count(state: State, pour: dict[str, int], contre: dict[str, int], action: Action) -> None:
    """The vote on these amounts (a `vote` typed whole, or the round's ballots), with the
    magistrate's answers in `action`: who wins, who ranks where, what each rank receives."""
    seating, players = state["seating"], state["players"]
    magistrate = state["magistrate"]
    tiebreak, colour, bonus = action.get("tiebreak"), action.get("colour"), action.get("bonus")
    order: list[str] = action.get("order") or []
    choices: dict[str, Literal["gold", "senators"]] = action.get("calamity") or {}

    total_pour, total_contre = sum(pour.values()), sum(contre.values())
    result = vote_result(pour, contre, tiebreak)
    if result is None:
        raise RuleViolation("POUR and CONTRE are equal ({total_pour} each); {magistrate}, as magistrate, must break "
                            "the tie by choosing the side that wins, POUR or CONTRE.", total_pour=total_pour,
                            magistrate=magistrate, field="tiebreak")
    if result == "pour" and colour is None:
        raise RuleViolation("POUR wins {total_pour} to {total_contre}, so the motion's colour is needed ({COLOURS}).", total_pour=total_pour, total_contre=total_contre, COLOURS=colour_words(COLOURS), field="colour")

    ranked = _ranked_voters(result, pour if result == "pour" else contre, seating, order, magistrate)
    if result == "pour" and colour == "mauve" and ranked and bonus is None:
        raise RuleViolation("{ranked} is the largest POUR voter on a mauve motion and must choose the bonus ({MAUVE_CHOICES}).", ranked=ranked[0], MAUVE_CHOICES=colour_words(MAUVE_CHOICES), field="bonus")

    players = state["players"] = {name: _copied(record) for name, record in players.items()}
    for name in seating:
        players[name]["senators"] -= pour.get(name, 0) + contre.get(name, 0)

    record: Vote = {"round": state["round"] + 1, "magistrate": magistrate, "pour": total_pour,
              "contre": total_contre, "result": result, "colour": colour if result == "pour" else None,
              "calamity": False, "ranked": ranked}
    if result == "pour":
        assert colour is not None, "a POUR win without a colour is refused above"
        _reward_pour(state, ranked, colour, bonus, record)
    else:
        _reward_contre(state, ranked, choices, record)
    if ranked:
        players[ranked[0]]["wins"] += 1

    _close_round(state, record)


def _ranked_voters(result: str, amounts: dict[str, int], seating: list[str], order: list[str],
                   magistrate: str) -> list[str]:
    """The winning side's voters, largest first; voters tied on it rank in the order the
    magistrate gives, which must name each of them."""
    for group in tied_groups_needing_order(result, amounts, seating):
        missing = [n for n in group if n not in order]
        if missing:
            # who tied is the magistrate's to know (they rank them); how much they wrote is not
            raise RuleViolation("{side} wins, and {group} rank equal on it: the magistrate {magistrate} must give "
                                "the order they rank in, first to last.", side=side_word(result), group=group, magistrate=magistrate,
                                field="order")
    return rank_voters(amounts, seating, order)


def _close_round(state: State, record: Vote) -> None:
    """The round is counted: the magistracy passes to the next seat, the vote is recorded, and
    the game ends once someone meets their objectives (they win) or after the last round
    (nobody does)."""
    seating, players = state["seating"], state["players"]
    state["round"] += 1
    state["magistrate"] = seating[state["round"] % len(seating)]
    state["votes"] = [*state["votes"], record]
    for each in players.values():
        _check_objectives(each)
    if any(r["objectives"]["circle"] or r["objectives"]["secondary"] for r in players.values()):
        state["over"] = True
        state["winners"] = [n for n in seating
                            if players[n]["objectives"]["circle"] or players[n]["objectives"]["secondary"]]
    elif state["round"] >= ROUNDS:
        state["over"] = True
        state["winners"] = []


def _ballot(state: State, action: Action) -> None:
    """One player's secret vote of the round, held until `resolve` (SCOREKEEPER.md, "Secret
    ballots"). The senators are counted out only when the vote resolves, exactly as `vote` does."""
    if state["round"] >= ROUNDS:
        raise RuleViolation("All {ROUNDS} rounds have been played; there is no vote left.", ROUNDS=ROUNDS)
    name = action["player"]
    if name in state["ballots_cast"]:
        raise RuleViolation("{name} has already cast a ballot this round; undo it to cast another.", name=name)
    pour, contre = action.get("pour", 0), action.get("contre", 0)
    check_senators_left(state, name, pour, contre)
    state["ballots_cast"] = state["ballots_cast"] + [name]
    state["ballots"] = {**state["ballots"], name: {"pour": pour, "contre": contre}}


def _resolve(state: State, action: Action) -> None:
    """The round's vote from the ballots cast, resolved exactly as `vote` with those amounts."""
    if state["round"] >= ROUNDS:
        raise RuleViolation("All {ROUNDS} rounds have been played; there is no vote left.", ROUNDS=ROUNDS)
    waiting = [n for n in state["seating"] if n not in state["ballots_cast"]]
    if waiting:
        raise RuleViolation(plural("The vote cannot be resolved yet: {waiting} has not cast a ballot.",
                                   "The vote cannot be resolved yet: {waiting} have not cast a ballot.", len(waiting)),
                            waiting=waiting)
    # each ballot was checked against its player's senators when it was cast (`_ballot`), and
    # nothing takes senators away before the vote is counted
    ballots = state["ballots"]
    pour = {n: ballots[n]["pour"] for n in state["seating"] if ballots[n]["pour"]}
    contre = {n: ballots[n]["contre"] for n in state["seating"] if ballots[n]["contre"]}
    state["ballots_cast"], state["ballots"] = [], {}
    _count(state, pour, contre, action)


def _reward_pour(state: State, ranked: list[str], colour: str, bonus: str | None, record: Vote) -> None:
    players = state["players"]
    record["forfeited"] = []
    for name in ranked[:POUR_COLOURING_RANKS]:
        if needed(state, name, colour) > 0:
            players[name]["circle"][colour] += 1
        else:
            record["forfeited"].append(name)
    if ranked:
        first = players[ranked[0]]
        first["seals"] += POUR_SEALS
        chosen = bonus if colour == "mauve" else colour
        assert chosen is not None, "a mauve motion's first voter without a bonus is refused in _count"
        record["bonus"] = chosen
        for field, gain in COLOUR_BONUS[chosen].items():
            first[field] += gain


def _reward_contre(state: State, ranked: list[str], choices: dict[str, Literal["gold", "senators"]],
                   record: Vote) -> None:
    players = state["players"]
    for name, gold in zip(ranked, CONTRE_GOLD):
        players[name]["gold"] += gold
    if state["chaos"] >= ROME_PORTIONS:
        return   # Rome's circle is all grey already: nothing more turns grey
    state["chaos"] += 1
    if state["chaos"] not in CALAMITY_AT:
        return
    record["calamity"] = True
    record["spared"] = spared(state)
    record["losses"] = {}
    for name in state["seating"]:
        if name in record["spared"]:
            continue
        player = players[name]
        choice = choices.get(name) or ("gold" if player["gold"] > 0 else "senators")
        if choice == "gold" and player["gold"] < CALAMITY_LOSS["gold"]:
            raise RuleViolation("{name} has no gold to lose to the calamity and must lose senators instead.", name=name,
                                field="calamity")
        player[choice] = max(0, player[choice] - CALAMITY_LOSS[choice])
        record["losses"][name] = choice


def _spend_seals(state: State, action: Action) -> None:
    name, colour = action["player"], action["colour"]
    player = state["players"][name]
    if player["seals"] < SEALS_PER_PORTION:
        raise RuleViolation(plural("{name} has {seals} seal and needs {SEALS_PER_PORTION} to colour a portion.", "{name} has {seals} seals and needs {SEALS_PER_PORTION} to colour a portion.", player['seals']), name=name, seals=player['seals'], SEALS_PER_PORTION=SEALS_PER_PORTION)
    if needed(state, name, colour) <= 0:
        # How many portions the circle wants is the tribe's secret, and the circle's colours are
        # on the table: naming the colour refused would tell its count is full, which with the
        # count in view names the tribe. The shared screen says neither.
        raise RuleViolation("{name}'s circle needs no more {colour} portions (it has {circle} of {circle2}).",
                            public=N_("{name}'s circle does not take that portion; the seals stay."),
                            name=name, colour=colour_word(colour), circle=player['circle'][colour],
                            circle2=player['goal']['circle'][colour], field="colour")
    player = _own(state, name)
    player["seals"] -= SEALS_PER_PORTION
    player["circle"][colour] += 1
    _check_objectives(player)


def _buy_senators(state: State, action: Action) -> None:
    name, gold = action["player"], action["gold"]
    player = state["players"][name]
    if not player["gold"]:
        raise RuleViolation("{name} has no gold left to buy senators with.", name=name)
    if gold > player["gold"]:
        raise RuleViolation(plural("{name} has {gold} gold and cannot spend {gold2}.",
                                   "{name} has {gold} gold and cannot spend {gold2}.", player["gold"]),
                            name=name, gold=player["gold"], gold2=gold, field="gold")
    player = _own(state, name)
    player["gold"] -= gold
    player["senators"] += SENATORS_PER_GOLD * gold
    _check_objectives(player)


_ACTIONS = {"vote": _vote, "ballot": _ballot, "resolve": _resolve,
            "spend_seals": _spend_seals, "buy_senators": _buy_senators}


def _check_objectives(record: Player) -> None:
    """Refresh a player's `objectives` (a function of their record alone); the game ends on
    them only after a vote."""
    goal = record["goal"]
    secondary = goal["secondary"]
    circle, wanted = record["circle"], goal["circle"]
    record["objectives"] = {
        "circle": all(circle[c] >= wanted[c] for c in COLOURS),
        "secondary": record[secondary["kind"]] >= secondary["amount"],
    }


# -- validation helpers -----------------------------------------------------------------

def _over(state: State) -> RuleViolation:
    if state["winners"]:
        return RuleViolation(plural("The game is over ({winners} met an objective); no more actions are possible.",
                                    "The game is over ({winners} met an objective); no more actions are possible.",
                                    len(state["winners"])), winners=list(state["winners"]))
    return RuleViolation("The game is over after {ROUNDS} rounds; no more actions are possible.", ROUNDS=ROUNDS)


def _prizes(side: str) -> list[tuple[object, ...]]:
    """What each rank of the winning side receives, to tell which ties matter."""
    if side == "pour":
        return [("colour", "seal", "bonus", "win")] + [("colour",)] * (POUR_COLOURING_RANKS - 1)
    return [("gold", CONTRE_GOLD[0], "win")] + [("gold", g) for g in CONTRE_GOLD[1:]]


_PRIZES: dict[str, list[tuple[object, ...]]] = {side: _prizes(side) for side in SIDES}   # the same at every vote


def _prize(prizes: list[tuple[object, ...]], index: int) -> tuple[object, ...]:
    return prizes[index] if index < len(prizes) else ()


def _copied(record: Player) -> Player:
    """A player's record that an action may change, the old one staying intact: its numbers
    and its circle (`objectives` is replaced whole, the goal never changes)."""
    return {**record, "circle": dict(record["circle"])}


def _own(state: State, name: str) -> Player:
    """`name`'s record in the new `state`, copied before the one action that changes only it
    (spending seals or gold); the other records stay shared with the state before."""
    record = _copied(state["players"][name])
    state["players"] = {**state["players"], name: record}
    return record


def _fresh(state: State) -> State:
    """A copy of `state` that the actions may change, the old state staying intact.

    Copy on write: each action replaces what it changes (a ballot the ballots, a vote every
    record and the list of votes, spending one record) and shares the rest with the state
    before: the goals, the seating, past vote records and, for a ballot, every player's
    record. Replaying a long session or simulating a game copies only what changed, and a
    view of the players made for one state serves the next while their records are the same.
    """
    return state.copy()


# The game, declared once (scorekeeper/rules/declaration.py): what code serving any game reads.
RULES = GameRules(
    id=GAME_ID, title=TITLE, min_players=PLAYERS, max_players=PLAYERS, options=("objectives",),
    fields=FIELDS, setup=setup, take=take, pending=pending, anytime=anytime, outcome=outcome,
    current_player=current_player,
    actors={"resolve": None, "vote": None},     # the magistrate's resolve, a vote typed at once: no field names who
    host_entries=("vote",),                     # an open vote, the whole round at once: the host's to type
    secret_fields=SECRET_FIELDS, secret_by_player=SECRET_BY_PLAYER, role_field=ROLE_FIELD)
